"""Solution to 06.scale_by_variable: reveal() shows the code that follows the imports."""

import tensorflow as tf


w = tf.Variable(2.0)

@tf.custom_gradient
def scale(x):
    def grad(upstream, variables=None):
        dx = upstream * w ** 2
        dw = tf.reduce_sum(upstream * x * 2 * w)   # w was used by every entry of x
        return dx, [dw]                            # one gradient per variable in `variables`
    return x * w ** 2, grad
