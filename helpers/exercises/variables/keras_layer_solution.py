"""Solution to 06.keras_layer: reveal() shows the code that follows the imports."""

import tensorflow as tf


@tf.custom_gradient
def scaled_tanh(x, a):
    y = tf.tanh(a * x)

    def grad(upstream):
        through = upstream * (1 - y ** 2)               # upstream times tanh's slope
        return through * a, tf.reduce_sum(through * x)  # a is one number used by every entry: sum
    return y, grad


class ScaledTanh(tf.keras.layers.Layer):
    """y = tanh(a x), with one trainable number a (starting at 1)."""

    def build(self, input_shape):
        self.a = self.add_weight(shape=(), initializer="ones", name="a")

    def call(self, x):
        return scaled_tanh(x, tf.convert_to_tensor(self.a))   # a tensor read from the weight, not the weight
