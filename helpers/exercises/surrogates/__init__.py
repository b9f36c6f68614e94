"""Exercises of notebook 05_surrogate_gradients.

One module per exercise; each ``<name>_solution.py`` beside it holds the solution."""

import numpy as np
import tensorflow as tf


_X = np.array([[-2.5, -1.3, -0.4, 0.0], [0.3, 0.9, 0.6, 1.7]], dtype=np.float32)


_U = np.array([[0.5, -2.0, 1.5, 3.0], [-0.7, 2.5, -1.2, 4.0]], dtype=np.float32)


_X2 = np.array([-1.0, 1.0, 0.99, -1.01, 5.0, -0.2], dtype=np.float64)        # the edges |x| = 1, and float64


_U2 = np.array([2.0, -0.5, 3.0, -3.0, 1.0, -4.0], dtype=np.float64)


def _points():
    return [(tf.constant(_X), tf.constant(_U)), (tf.constant(_X2), tf.constant(_U2))]
