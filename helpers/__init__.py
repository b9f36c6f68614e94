"""Helpers for the course *Custom gradients in TensorFlow 2*.

One setup call, a tracer for chains of custom gradients, pictures, a
gradient checker, a strict ``tf.custom_gradient``, and exercises with
feedback. Notebooks import what they need in their setup cell::

    import helpers
    helpers.setup()
"""

from . import _quiet  # noqa: F401  (must run before TensorFlow is imported)
from .checking import GradientCheckError, GradientReport, check_gradients
from .environment import SEED, setup
from .plotting import plot_function_and_gradient, plot_jacobian, plot_vjp, show, value_and_gradient
from .strict import CustomGradientError, strict_custom_gradient
from .tracing import ChainTrace, square_chain
from . import exercises, widgets  # noqa: E402  (submodules: helpers.exercises.check, helpers.widgets...)

__all__ = [
    "SEED",
    "setup",
    "ChainTrace",
    "square_chain",
    "plot_function_and_gradient",
    "plot_jacobian",
    "plot_vjp",
    "show",
    "value_and_gradient",
    "check_gradients",
    "GradientCheckError",
    "GradientReport",
    "strict_custom_gradient",
    "CustomGradientError",
]
