"""Solution to 10.loss_scaled_clip_norm: reveal() shows the code that follows the imports."""

import tensorflow as tf


def clip_norm_under_loss_scale(loss_scale):
    @tf.custom_gradient
    def clip_norm(x):
        def grad(upstream):
            scale = tf.cast(loss_scale, tf.float32)           # read at every call: it changes
            true = tf.cast(upstream, tf.float32) / scale      # float32: no overflow, no underflow
            return tf.cast(tf.clip_by_norm(true, 1.0) * scale, upstream.dtype)
        return tf.identity(x), grad
    return clip_norm
