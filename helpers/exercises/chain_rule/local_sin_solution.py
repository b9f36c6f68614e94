"""Solution to 01.local_sin: reveal() shows the code that follows the imports."""

import tensorflow as tf


local_sin = lambda x: tf.cos(x)   # d/dx sin(x) = cos(x)
