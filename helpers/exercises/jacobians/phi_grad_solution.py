"""Solution to 03.phi_grad: reveal() shows the code that follows the imports."""

import numpy as np
import tensorflow as tf

from helpers import strict_custom_gradient


@strict_custom_gradient
def phi_tf(x):
    cdf = 0.5 * (1 + tf.math.erf(x / np.sqrt(2.0)))
    def grad(upstream):
        pdf = tf.exp(-x * x / 2) / np.sqrt(2 * np.pi)
        return upstream * pdf
    return cdf, grad
