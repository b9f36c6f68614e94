"""Solution to 09.fix_linear: reveal() shows the code that follows the imports."""

import tensorflow as tf

from helpers import strict_custom_gradient


@strict_custom_gradient
def linear(x, W, b):
    def grad(U):
        return U @ tf.transpose(W), tf.transpose(x) @ U, tf.reduce_sum(U, axis=0)
    return x @ W + b, grad
