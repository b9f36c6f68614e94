"""Solution to 07.hvp: reveal() shows the code that follows the imports."""

import tensorflow as tf


def hvp(f, x, v):
    with tf.GradientTape() as outer:
        outer.watch(x)
        with tf.GradientTape() as inner:
            inner.watch(x)
            y = f(x)
        g = inner.gradient(y, x)                     # the gradient, built from TensorFlow ops
    return outer.gradient(g, x, output_gradients=v)  # (∂g/∂x)ᵀ v = H v
