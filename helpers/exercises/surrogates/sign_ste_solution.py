"""Solution to 05.sign_ste: reveal() shows the code that follows the imports."""

import tensorflow as tf


@tf.custom_gradient
def sign_ste(x):
    def grad(upstream):
        inside = tf.cast(tf.abs(x) <= 1, upstream.dtype)   # hard tanh's slope: 1 inside, 0 outside
        return upstream * inside
    return tf.sign(x), grad
