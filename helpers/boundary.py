"""The one place where a learner's code runs, and where its errors become sentences.

Everything the helpers call that a learner wrote (an exercise answer, the
function given to ``check_gradients`` or a plot, a ``grad`` that TensorFlow
calls during the backward pass) runs inside :func:`running`. Whatever it
raises comes out as a :class:`LearnerCodeError`: the original exception, the
learner's own line (not the helpers' or TensorFlow's), and an
:class:`Explanation` that translates what it can, such as

- a matrix product of incompatible shapes, with the transposes that would fit;
- elementwise shapes that do not broadcast;
- float32 mixed with float64;
- NumPy or ``.numpy()`` on a symbolic tensor inside ``tf.function``;
- a Python ``if``, ``and``, ``min`` or ``max`` on a tensor;
- a name or a TensorFlow function that does not exist (``tf.cosine``);
- a ``@tf.custom_gradient`` function that does not return ``(y, grad)``.

What it cannot translate it still reports as the learner's error, in one
sentence, with the original message last.

>>> explain(ValueError("The truth value of an array with more than one element is ambiguous.")).mistake
'python_bool'
>>> print(explain(AttributeError("module 'tensorflow' has no attribute 'cosine'")).message)
tf.cosine does not exist in TensorFlow. Did you mean tf.cos?
"""

from __future__ import annotations

import contextlib
import linecache
import traceback
from pathlib import Path
from typing import Callable, Iterator

from .explanations import Explanation, Seen, short, translate

__all__ = ["Explanation", "ExplainedError", "LearnerCodeError", "HelperSignal", "explain", "running", "call",
           "learner_line", "describe_return"]

_HELPERS_DIR = str(Path(__file__).resolve().parent)
_LIBRARY_PARTS = ("site-packages", "dist-packages", "/lib/python", "<frozen", "importlib", "__autograph_generated")


class ExplainedError(ValueError):
    """An error the helpers raise with a sentence for the learner and a mistake key: :func:`explain` keeps both.

    (``helpers.strict.CustomGradientError`` is one.)
    """

    def __init__(self, message: str, mistake: str = "contract"):
        super().__init__(message)
        self.mistake = mistake


class LearnerCodeError(ValueError):
    """A learner's code raised; ``.original`` is what it raised, ``.explanation`` says it in words.

    A ``ValueError``: the value at fault is the learner's function.
    """

    ag_pass_through = True
    """Inside tf.function, AutoGraph re-raises this error as itself instead of wrapping it in a StagingError."""

    def __init__(self, stage: str, original: BaseException):
        self.stage = stage
        self.original = original
        self.explanation = explain(original)
        self.line = learner_line(original)
        super().__init__(self.sentence())

    @property
    def mistake(self) -> str:
        return self.explanation.mistake

    def sentence(self) -> str:
        """``<stage> failed: <explanation> (<your line>)``; the stage is left out when empty."""
        where = f" ({self.line})" if self.line else ""
        lead = f"{self.stage} failed: " if self.stage else ""
        return f"{lead}{self.explanation.message}{where}"


class HelperSignal(Exception):
    """Raised by the helpers themselves inside a :func:`running` block: it passes through unchanged."""


@contextlib.contextmanager
def running(stage: str) -> Iterator[None]:
    """Run learner code; anything it raises comes out as :class:`LearnerCodeError`.

    ``stage`` says what was being done, e.g. ``"calling your function"``.
    Keyboard interrupts pass through untouched; a ``sys.exit()`` in learner
    code is reported like any other error (in a notebook it would only end
    the cell, and ``check`` never raises).

    >>> with running("calling your function"):
    ...     1 / 0
    Traceback (most recent call last):
    ...
    helpers.boundary.LearnerCodeError: calling your function failed: your code raised ZeroDivisionError: division by zero...
    """
    try:
        yield
    except (KeyboardInterrupt, LearnerCodeError, HelperSignal):
        raise
    except BaseException as error:  # noqa: BLE001 - the boundary catches everything learner code raises
        raise LearnerCodeError(stage, error) from error


def call(stage: str, fn: Callable, *args, **kwargs):
    """``fn(*args, **kwargs)`` inside :func:`running`."""
    with running(stage):
        return fn(*args, **kwargs)


def describe_return(value) -> tuple[str, str] | None:
    """``None`` when a learner's function returned one tensor; otherwise ``(mistake, what it returned instead)``.

    The phrase completes "your function returned ...", and says what to do.

    >>> describe_return((1, lambda u: u))[0]
    'not_decorated'
    """
    import numpy as np
    import tensorflow as tf

    if tf.is_tensor(value):
        return None
    if value is None:
        return "returned_none", "None instead of a tensor: is a `return` missing?"
    if isinstance(value, (tuple, list)) and len(value) == 2 and callable(value[1]) and not tf.is_tensor(value[1]):
        return "not_decorated", ("a pair (value, grad function): a function that returns (y, grad) needs "
                                 "@tf.custom_gradient (or @strict_custom_gradient) on the line above `def`, so that "
                                 "TensorFlow calls grad")
    if isinstance(value, (tuple, list)):
        return "wrong_kind", f"a {type(value).__name__} of {len(value)} values instead of one tensor"
    if isinstance(value, (np.ndarray, np.generic)):
        return "numpy", ("a NumPy array, not a tensor: the tape sees only TensorFlow operations, so NumPy results "
                         "carry no gradient and fail inside tf.function. Use tf functions (tf.sin, not np.sin)")
    if isinstance(value, (int, float)) and not isinstance(value, bool):
        return "wrong_kind", f"a Python {type(value).__name__}, not a tensor: compute it with TensorFlow operations"
    if callable(value):
        name = getattr(value, "__name__", None) or getattr(getattr(value, "__wrapped__", None), "__name__", None)
        return "returned_function", (f"a function{f' ({name})' if name else ''}, not a tensor: is this a factory, a "
                                     "function that makes the function? Pass the function it returns, "
                                     "factory(settings), not the factory itself")
    if isinstance(value, dict):
        return "wrong_kind", ("a dict, not a tensor: return the output tensor itself (several outputs as a tuple, "
                              "in a fixed order)")
    return "wrong_kind", f"a {type(value).__name__}, not a tensor"


def gradients_problem(grads, count: int, kind: str = "input", names: str = "") -> tuple[str, str] | None:
    """``(mistake, sentence)`` when what grad returned cannot be its gradients, for ``count`` inputs or variables.

    None for several of them means grad returns nothing yet; a dict or a generator is flattened by TensorFlow
    into the wrong count or order. Shared by strict_custom_gradient and check_gradients.
    """
    import inspect

    listing = f" ({names})" if names else ""
    if grads is None and count > 1:
        return "returned_none", (f"grad returned None, nothing at all, for {count} {kind}s{listing}: is its return "
                                 f"statement missing? Return one gradient per {kind}, in order.")
    if isinstance(grads, dict) or inspect.isgenerator(grads):
        what = "a dict" if isinstance(grads, dict) else "a generator (a yield, or a comprehension in round brackets)"
        return "container", (f"grad returned {what}; TensorFlow takes the gradients as a tuple (or list), one per "
                             f"{kind}, in the order of the {kind}s{listing}: return g_1, g_2, ... (None for an input "
                             "that is not a float).")
    return None


def returns_nothing(fn) -> bool:
    """Whether ``fn``'s body has no ``return`` with a value, so that every call gives None (a stub half done).

    Read from the bytecode: every return returns the constant None. False where that cannot be read.
    """
    import dis
    import inspect

    try:
        code = inspect.unwrap(fn).__code__
        instructions = list(dis.get_instructions(code))
    except (AttributeError, TypeError, ValueError):
        return False
    if code.co_flags & (inspect.CO_GENERATOR | inspect.CO_COROUTINE | inspect.CO_ASYNC_GENERATOR):
        return False
    for i, ins in enumerate(instructions):
        if ins.opname == "RETURN_CONST" and ins.argval is not None:
            return False
        if ins.opname == "RETURN_VALUE":
            before = instructions[i - 1] if i else None
            if not (before is not None and before.opname == "LOAD_CONST" and before.argval is None):
                return False
    return True


# --------------------------------------------------------------------------- the learner's line
def _is_learner_file(filename: str) -> bool:
    if filename.startswith(_HELPERS_DIR):
        return False
    return not any(part in filename for part in _LIBRARY_PARTS)


def learner_line(error: BaseException) -> str:
    """``"your line 4: return np.clip(upstream, -1, 1)"`` for the last frame of learner code, or ``""``.

    Only the line number and the code are kept (never a file path), so the
    text is the same on every machine.
    """
    frames = [f for f in traceback.extract_tb(error.__traceback__) if _is_learner_file(f.filename)]
    if not frames:
        return ""
    frame = frames[-1]
    code = (frame.line or linecache.getline(frame.filename, frame.lineno)).strip()
    if not code:
        return ""
    return f"your line {frame.lineno}: {code}"


# --------------------------------------------------------------------------- translation
def explain(error: BaseException, line: str | None = None) -> Explanation:
    """Translate one exception from learner code into a mistake key and a sentence.

    An :class:`ExplainedError` (raised by the helpers with a sentence for the learner already) says
    itself; anything else goes through the rules of :mod:`helpers.explanations`, and what no rule
    knows is reported as the learner's error with its first line. ``line`` stands in for the
    learner's line where the error has no traceback (a rule's example).
    """
    if isinstance(error, ExplainedError):
        return Explanation(error.mistake, str(error))
    text = str(error)
    seen = Seen(error, text, short(error), learner_line(error) if line is None else line)
    return translate(seen) or Explanation("raised", f"your code raised {seen.original}")
