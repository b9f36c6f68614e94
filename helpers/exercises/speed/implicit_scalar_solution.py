"""Solution to 08.implicit_scalar: reveal() shows the code that follows the imports."""

import tensorflow as tf

from helpers import strict_custom_gradient
from helpers.exercises.speed import iterate_fixed_point


@strict_custom_gradient
def fixed_point(x, w):
    z = iterate_fixed_point(tf.stop_gradient(x), tf.stop_gradient(w))   # off every tape: only z is kept
    def grad(upstream):
        D = 1 - tf.tanh(w * z) ** 2                  # tanh's slope where the loop ended
        through_loop = upstream / (1 - w * D)        # dz = dx / (1 − w D) + …
        return through_loop, tf.reduce_sum(through_loop * D * z)
    return z, grad
