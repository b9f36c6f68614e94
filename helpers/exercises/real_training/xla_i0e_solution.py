"""Solution to 10.xla_i0e: reveal() shows the code that follows the imports."""

import tensorflow as tf


@tf.custom_gradient
def i0e_xla(x):
    y = tf.math.special.bessel_i0e(x)
    def grad(upstream):
        slope = tf.math.special.bessel_i1e(x) - tf.sign(x) * y
        return upstream * slope
    return y, grad
