"""Solution to 02.x_sin_x: reveal() shows the code that follows the imports."""

import tensorflow as tf

from helpers import strict_custom_gradient


@strict_custom_gradient
def x_sin_x(x):
    def grad(upstream):
        return upstream * (tf.sin(x) + x * tf.cos(x))
    return x * tf.sin(x), grad
