"""Silence TensorFlow's C++ start-up logs.

Imported first by the package, before anything imports TensorFlow: the
variables are read once, when TensorFlow's shared library loads. With
TensorFlow 2.21 both are needed; ``TF_CPP_MIN_LOG_LEVEL`` alone still lets
the oneDNN and absl lines through to stderr, where nbval would see them.
"""

import os

os.environ.setdefault("TF_CPP_MIN_LOG_LEVEL", "3")
os.environ.setdefault("TF_ENABLE_ONEDNN_OPTS", "0")
