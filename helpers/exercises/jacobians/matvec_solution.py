"""Solution to 03.matvec: reveal() shows the code that follows the imports."""

import tensorflow as tf

from helpers import strict_custom_gradient


def make_f(A):
    @strict_custom_gradient
    def f(x):
        def grad(upstream):
            return tf.linalg.matvec(A, upstream, transpose_a=True)    # Aᵀ · upstream
        return tf.linalg.matvec(A, x), grad
    return f
