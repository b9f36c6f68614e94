"""Solution to 02.stable_log1pexp: reveal() shows the code that follows the imports."""

import tensorflow as tf

from helpers import strict_custom_gradient


@strict_custom_gradient
def stable_log1pexp(x):
    # max(x, 0) + log(1 + exp(-|x|)) never overflows; sigmoid never divides inf by inf.
    y = tf.maximum(x, 0.0) + tf.math.log1p(tf.exp(-tf.abs(x)))
    def grad(upstream):
        return upstream * tf.sigmoid(x)
    return y, grad
