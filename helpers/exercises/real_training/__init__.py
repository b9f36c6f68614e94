"""Exercises of notebook 10_custom_gradients_in_real_training.

``10.loss_scaled_clip_norm``: a norm clip that stays right under Keras's dynamic loss scale, for float16
upstreams, with a scale that changes between calls. ``10.xla_i0e``: a ``tf.numpy_function`` custom gradient
rewritten with TensorFlow ops so that XLA (``jit_compile=True``) compiles it, forward and gradient.

One module per exercise; each ``<name>_solution.py`` beside it holds the solution."""
