"""Solution to 06.numpy_erf: reveal() shows the code that follows the imports."""

import numpy as np
import scipy.special
import tensorflow as tf


@tf.custom_gradient
def numpy_erf(x):
    y = tf.numpy_function(scipy.special.erf, [x], x.dtype)
    y.set_shape(x.shape)                               # numpy_function cannot know the shape
    def grad(upstream):
        return upstream * 2 / np.sqrt(np.pi) * tf.exp(-x ** 2)
    return y, grad
