"""One call that prepares a notebook: quiet logs, fixed seeds, rounded printing."""

from __future__ import annotations

import logging
import numbers
import platform
import random
import warnings
from dataclasses import dataclass

import numpy as np

SEED = 0
"""The course's one seed. Every notebook gets it through :func:`setup`."""

PRINT_PRECISION = 4
"""Digits after the decimal point when NumPy arrays and tensors are printed."""


@dataclass(frozen=True)
class EnvironmentInfo:
    """What :func:`setup` configured; its text form is the line a notebook shows."""

    python: str
    tensorflow: str
    numpy: str
    scipy: str
    matplotlib: str
    ipywidgets: str
    seed: int

    def __str__(self) -> str:
        return (
            f"Python {self.python} | TensorFlow {self.tensorflow} | NumPy {self.numpy} | "
            f"SciPy {self.scipy} | Matplotlib {self.matplotlib} | ipywidgets {self.ipywidgets} | "
            f"seed {self.seed}"
        )

    def _repr_pretty_(self, p, cycle):  # IPython shows the same line as print()
        p.text(str(self))


def _version(module_name: str) -> str:
    try:
        module = __import__(module_name)
    except ImportError:
        return "missing"
    return getattr(module, "__version__", "unknown")


def seed_everything(seed: int = SEED) -> None:
    """Seed Python's ``random``, NumPy's global generator and TensorFlow.

    >>> import tensorflow as tf
    >>> seed_everything(0); a = tf.random.uniform([2])
    >>> seed_everything(0); b = tf.random.uniform([2])
    >>> bool(tf.reduce_all(a == b))
    True
    """
    import tensorflow as tf

    random.seed(seed)
    np.random.seed(seed)
    tf.random.set_seed(seed)
    tf.keras.utils.set_random_seed(seed)


def setup(seed: int = SEED, precision: int = PRINT_PRECISION) -> EnvironmentInfo:
    """Prepare a notebook: call it once, in the setup cell.

    - TensorFlow's Python and C++ logs are quieted (errors still show);
    - ``random``, NumPy and TensorFlow are seeded with ``seed``;
    - NumPy arrays and tensors print with ``precision`` digits, without
      scientific notation for small numbers;
    - matplotlib figures get one size and resolution across the course.

    Returns the versions in use; the notebook displays them.

    >>> info = setup()
    >>> info.seed
    0
    >>> str(info).startswith("Python ")
    True
    """
    if not isinstance(seed, numbers.Integral) or isinstance(seed, bool):
        raise TypeError(f"setup(seed=...) takes a whole number, got {seed!r}")
    if not 0 <= seed < 2 ** 32:
        raise ValueError(f"setup(seed=...) takes a whole number between 0 and 2**32 - 1 (NumPy's range), got {seed}")
    if not isinstance(precision, numbers.Integral) or isinstance(precision, bool) or not 0 <= precision <= 16:
        raise ValueError(f"setup(precision=...) takes a whole number from 0 to 16, got {precision!r}")
    seed, precision = int(seed), int(precision)

    import tensorflow as tf

    tf.get_logger().setLevel(logging.ERROR)
    logging.getLogger("absl").setLevel(logging.ERROR)
    warnings.filterwarnings("ignore", category=DeprecationWarning)
    warnings.filterwarnings("ignore", category=FutureWarning)

    seed_everything(seed)
    np.set_printoptions(precision=precision, suppress=True)

    import matplotlib

    matplotlib.rcParams.update({"figure.figsize": (7.0, 3.2), "figure.dpi": 90, "axes.grid": True,
                                "grid.alpha": 0.3})

    return EnvironmentInfo(
        python=platform.python_version(),
        tensorflow=tf.__version__,
        numpy=np.__version__,
        scipy=_version("scipy"),
        matplotlib=matplotlib.__version__,
        ipywidgets=_version("ipywidgets"),
        seed=seed,
    )
