"""Exercises of notebook 03_jacobians_and_vjps.

One module per exercise; each ``<name>_solution.py`` beside it holds the solution."""

import numpy as np
import tensorflow as tf


A_5x3 = tf.constant(np.arange(-7.0, 8.0).reshape(5, 3) / 4, dtype=tf.float32)
