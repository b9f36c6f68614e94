"""Solution to 05.clip_gradient: reveal() shows the code that follows the imports."""

import tensorflow as tf


@tf.custom_gradient
def clip_gradient(x):
    def grad(upstream):
        return tf.clip_by_value(upstream, -1.0, 1.0)
    return tf.identity(x), grad
