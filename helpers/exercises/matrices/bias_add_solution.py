"""Solution to 04.bias_add: reveal() shows the code that follows the imports."""

import tensorflow as tf

from helpers import strict_custom_gradient


@strict_custom_gradient
def bias_add(x, b):
    def grad(upstream):
        leading = list(range(len(upstream.shape) - 1))        # every axis but the last
        return upstream, tf.reduce_sum(upstream, axis=leading)   # b was used at every position
    return x + b, grad
