"""Solution to 04.quadratic_form: reveal() shows the code that follows the imports."""

import tensorflow as tf

from helpers import strict_custom_gradient


@strict_custom_gradient
def quadratic_form(x, A):
    def grad(upstream):
        dx = tf.linalg.matvec(A, x) + tf.linalg.matvec(A, x, transpose_a=True)   # (A + Aᵀ) x
        dA = tf.tensordot(x, x, axes=0)                                          # x xᵀ
        return upstream * dx, upstream * dA
    return tf.tensordot(x, tf.linalg.matvec(A, x), axes=1), grad
