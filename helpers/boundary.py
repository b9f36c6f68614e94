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
import difflib
import functools
import linecache
import re
import traceback
from dataclasses import dataclass
from pathlib import Path
from typing import Callable, Iterator

__all__ = ["Explanation", "LearnerCodeError", "HelperSignal", "explain", "running", "call", "learner_line",
           "describe_return"]

_HELPERS_DIR = str(Path(__file__).resolve().parent)
_LIBRARY_PARTS = ("site-packages", "dist-packages", "/lib/python", "<frozen", "importlib", "__autograph_generated")


@dataclass(frozen=True)
class Explanation:
    """What went wrong in a learner's code, as a mistake key and a sentence that says what to do."""

    mistake: str
    message: str


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
def _first_line(text: str) -> str:
    """The useful part of an error message: TensorFlow's node and device prefixes and op suffixes removed."""
    text = str(text)
    inner = re.search(r"\n\s*(\w+(?:Error|Exception)): (.+)", text)    # tf.function's "in user code: ... Error: msg"
    if text.startswith("in user code:") and inner:
        text = inner.group(2)
    if text.startswith("Graph execution error:"):        # the message is the last line before the node marker
        body = re.sub(r"\s*\[\[\{\{node.*$", "", text, flags=re.S)
        lines = [ln.strip() for ln in body.splitlines()
                 if ln.strip() and not ln.strip().startswith(("File ", "Detected at node", "Graph execution error"))]
        text = lines[-1] if lines else text
    text = re.sub(r"\{\{function_node [^}]*\}\}\s*", "", text)
    text = re.sub(r"\s*\[Op:[^\]]*\].*$", "", text, flags=re.S)
    text = re.sub(r"\s*\[\[\{\{node [^\]]*\]\]", "", text)
    text = re.sub(r" at 0x[0-9a-fA-F]+", "", text)
    text = re.sub(r"/(?:[\w.-]+/)+", "", text)          # no machine-specific paths
    line = text.strip().splitlines()[0] if text.strip() else ""
    if len(line) > 200:
        cut = line.find(". ", 60)
        line = line[:cut + 1] if 0 < cut < 200 else line[:200] + "…"
    return line


def _original(error: BaseException) -> str:
    return f"{type(error).__name__}: {_first_line(str(error))}"


def _shape(text: str) -> tuple:
    return tuple(int(n) for n in re.findall(r"-?\d+", text))


def _matmul(a: tuple, b: tuple, original: str) -> Explanation:
    fits = []
    if len(a) == 2 and len(b) == 2:
        options = [("transpose the first (tf.matmul(a, b, transpose_a=True))", a[0], b[0], (a[1], b[1])),
                   ("transpose the second (tf.matmul(a, b, transpose_b=True))", a[1], b[1], (a[0], b[0])),
                   ("swap them (b @ a)", b[1], a[0], (b[0], a[1]))]
        fits = [f"{how} gives shape {result}" for how, p, q, result in options if p == q]
    joined = "; ".join(fits)
    advice = (joined[:1].upper() + joined[1:] + ". A gradient has its input's shape: pick the product whose "
              "shape is the input's.") if fits else "Check which operands a gradient's product needs."
    return Explanation("matmul_shapes",
                       f"a matrix product got operands of shapes {a} and {b}: the first one's last size "
                       f"({a[-1] if a else '?'}) must equal the second one's first size ({b[0] if b else '?'}). "
                       f"{advice} (TensorFlow: {original})")


_TF_SPACES = ("", "math.", "linalg.", "nn.", "random.")
_NUMPY_METHODS = {"sum": "tf.reduce_sum(t)", "mean": "tf.reduce_mean(t)", "max": "tf.reduce_max(t)",
                  "min": "tf.reduce_min(t)", "prod": "tf.reduce_prod(t)", "dot": "tf.tensordot(a, b, axes=1)",
                  "T": "tf.transpose(t)", "transpose": "tf.transpose(t)", "reshape": "tf.reshape(t, shape)",
                  "clip": "tf.clip_by_value(t, low, high)", "exp": "tf.exp(t)", "astype": "tf.cast(t, dtype)",
                  "abs": "tf.abs(t)", "sqrt": "tf.sqrt(t)", "copy": "tf.identity(t)", "flatten": "tf.reshape(t, [-1])",
                  "item": "float(t) (eagerly only) or keep the tensor", "tolist": "t.numpy().tolist() (eagerly only)"}


@functools.lru_cache(maxsize=1)
def _tf_names() -> list[str]:
    import tensorflow as tf

    names = []
    for space in _TF_SPACES:
        module = tf
        for part in filter(None, space.rstrip(".").split(".")):
            module = getattr(module, part, None)
        if module is not None:
            names += [space + n for n in dir(module) if not n.startswith("_")]
    return names


def _suggest(name: str, candidates: list[str]) -> list[str]:
    """Up to two TensorFlow names close to ``name``: the same name elsewhere, a near spelling, a prefix."""
    short = {c.rsplit(".", 1)[-1]: c for c in reversed(candidates)}
    found = difflib.get_close_matches(name, list(short), n=3, cutoff=0.75)
    exact = [c for c in candidates if c.rsplit(".", 1)[-1] == name]
    lowered = name.lower()
    prefix = sorted((s for s in short if len(s) >= 3 and (lowered.startswith(s) or s.startswith(lowered))),
                    key=lambda s: abs(len(s) - len(name)))
    out = []
    for c in exact + [short[f] for f in found] + [short[p] for p in prefix]:
        if c not in out:
            out.append(c)
    return out[:2]


def _missing_tf_attribute(name: str) -> Explanation:
    hits = _suggest(name, _tf_names())
    if name in ("pi", "e"):
        hint = f" Use np.{name} (a Python float) instead."
    elif hits:
        hint = " Did you mean " + " or ".join(f"tf.{h}" for h in hits) + "?"
    else:
        hint = " Look it up at tensorflow.org/api_docs, or write it from TensorFlow operations."
    return Explanation("typo", f"tf.{name} does not exist in TensorFlow.{hint}")


def _undefined_name(name: str) -> Explanation:
    import numpy as np

    hits = _suggest(name, _tf_names())
    if name in ("tf", "np", "scipy", "helpers"):
        hint = f" Run the notebook's setup cell first (it imports {name})."
    elif hits and hits[0].rsplit(".", 1)[-1] == name:
        hint = f" TensorFlow's functions live in the tf module: write tf.{hits[0]}."
    elif hits:
        hint = " Did you mean " + " or ".join(f"tf.{h}" for h in hits) + "?"
    elif hasattr(np, name):
        hint = f" NumPy has np.{name}, but gradients flow only through TensorFlow operations: use a tf function."
    else:
        hint = " Define it first (run the cell that defines it), or check its spelling."
    return Explanation("undefined_name", f"the name {name!r} is not defined.{hint}")


def explain(error: BaseException) -> Explanation:
    """Translate one exception from learner code into a mistake key and a sentence."""
    from .strict import CustomGradientError

    if isinstance(error, CustomGradientError):
        return Explanation(getattr(error, "mistake", "contract"), str(error))
    text = str(error)
    original = _original(error)
    name = type(error).__name__

    if "Cannot convert a symbolic" in text and "numpy" in text.lower():
        return Explanation("numpy_in_graph",
                           "a NumPy function received a symbolic tensor: inside tf.function (and when TensorFlow "
                           "builds a graph) tensors have no values yet, so NumPy cannot run on them. Use TensorFlow "
                           "operations (tf.clip_by_value, tf.where, tf.sin ...), or tf.numpy_function for code that "
                           f"must stay in NumPy. ({original})")
    if isinstance(error, SystemExit):
        return Explanation("raised", f"your code called sys.exit({'' if error.code is None else repr(error.code)}) "
                                     "(or raised SystemExit), which ends the cell instead of returning a value: "
                                     "remove it, and return the result.")
    if isinstance(error, AssertionError):
        said = f" ({_first_line(text)})" if text.strip() else ""
        return Explanation("assertion", f"an assert in your code failed{said}: it does not hold for an input the "
                                        "checker tries (the exercise says which shapes and dtypes; upstream always "
                                        "has the output's shape, which is not always one number). Remove the assert, "
                                        "or write code that works for every such input.")
    if isinstance(error, NotImplementedError) and "only available when eager execution is enabled" in text:
        return Explanation("numpy_in_graph",
                           ".numpy() works only eagerly: inside tf.function a tensor (or a variable's value) is "
                           "symbolic and has no value yet. Compute with TensorFlow operations (use the variable "
                           f"itself, w, not w.numpy()), or wrap NumPy code in tf.numpy_function. ({original})")
    if isinstance(error, NotImplementedError):
        said = f" ({_first_line(text)})" if text.strip() else ""
        return Explanation("not_attempted", f"your code still raises NotImplementedError{said}: replace that line "
                                            "with your own code")
    if "object has no attribute 'numpy'" in text:
        return Explanation("numpy_in_graph",
                           ".numpy() works only eagerly: inside tf.function a tensor is symbolic and has no value "
                           "yet. Compute with TensorFlow operations, or wrap NumPy code in tf.numpy_function. "
                           f"({original})")
    m = re.search(r"module 'tensorflow(?:\.[\w.]+)?' has no attribute '(\w+)'", text)
    if m:
        return _missing_tf_attribute(m.group(1))
    m = re.search(r"module 'numpy' has no attribute '(\w+)'", text)
    if m:
        return Explanation("typo", f"np.{m.group(1)} does not exist in NumPy; inside a gradient use TensorFlow "
                                   f"operations anyway (tf.…). ({original})")
    m = re.search(r"name '(\w+)' is not defined", text)
    if isinstance(error, NameError) and m:
        return _undefined_name(m.group(1))
    m = re.search(r"'?(?:[\w.]*EagerTensor|[\w.]*SymbolicTensor|Tensor)'? object has no attribute '(\w+)'", text)
    if m and m.group(1) in _NUMPY_METHODS:
        return Explanation("numpy_method", f"tensors have no NumPy-style method .{m.group(1)}(): write "
                                           f"{_NUMPY_METHODS[m.group(1)]} instead. ({original})")
    if m:
        hits = _suggest(m.group(1), _tf_names())
        fix = f" Write tf.{hits[0]}(x) instead." if hits else ""
        return Explanation("typo", f"a tensor has no method .{m.group(1)}(): TensorFlow's operations are functions "
                                   f"of the tf module.{fix} ({original})")
    m = re.search(r"'(tuple|list)' object has no attribute '(\w+)'", text)
    if m:
        return Explanation("wrong_kind", f"a Python {m.group(1)} was used where a tensor was expected (it has no "
                                         f".{m.group(2)}): did a function return several values, or a list instead "
                                         f"of a tensor? ({original})")
    if "object is not callable" in text and "Tensor" in text:
        return Explanation("called_a_tensor", "a tensor was called like a function: pass the function itself, "
                                              "f, not its result f(x). (" + original + ")")
    if "to be differentiated, but received None" in text:
        return Explanation("none_gradient",
                           "tape.gradient was asked to differentiate None: an earlier gradient came back None, "
                           "because that tape saw no path to the source. A tf.constant must be watched "
                           "(tape.watch(x)) by every tape that differentiates with respect to it, and the computation "
                           "must run inside the tape's with-block.")
    if "is out of scope and cannot be used here" in text:
        return Explanation("graph_tensor_escaped",
                           "a tensor made inside one tf.function graph was used outside it. A @tf.function put on a "
                           "custom-gradient function itself makes its grad (and any custom gradient nested in it) "
                           "capture tensors of that graph: leave the custom-gradient function undecorated and call "
                           f"it inside a tf.function instead. ({original})")
    if "supports keywords arguments only when eager execution" in text:
        return Explanation("keyword_call",
                           "a custom-gradient function was called with keyword arguments (f(x=...)). Inside "
                           "tf.function TensorFlow refuses that, and eagerly a call with every input as a keyword "
                           f"skips your grad. Call it with positional arguments: f(x). ({original})")
    if "grad_fn must accept keyword argument 'variables'" in text:
        return Explanation("variables_missing",
                           "the function reads a tf.Variable, so TensorFlow requires its grad to accept "
                           "`variables=None` and return (input_gradients, variable_gradients): one gradient per "
                           "variable in `variables`.")
    if "Must return gradient for each variable" in text:
        return Explanation("variables_form", "with variables, grad must return a pair in this order: the input "
                                             "gradient(s) first, then a list with one gradient per variable in "
                                             "`variables`.")
    m = re.search(r"expected to return (\d+) gradients, but returned (\d+)", text)
    if m:
        want, got = m.groups()
        return Explanation("count", f"grad returned {got} gradient(s) for {want} input(s): return one per input, "
                                    "in the order of the inputs (None for an input that is not a float).")
    m = re.search(r"Cannot update variable with shape \[([\d,]*)\] using a Tensor with shape \[([\d,]*)\]", text)
    if m:
        return Explanation("variable_kept", f"a tf.Variable of shape {_shape(m.group(1))} was given a value of shape "
                                            f"{_shape(m.group(2))}: a variable made for one call's shapes cannot hold "
                                            "another call's. Something is kept (or accumulated) between calls; "
                                            f"compute each gradient from this call's values alone. ({original})")
    if "cannot unpack non-iterable NoneType object" in text:
        ours = not learner_line(error) or "custom_gradient" in "".join(
            f.filename for f in traceback.extract_tb(error.__traceback__)[-1:])
        if ours:
            return Explanation("not_a_pair", "a @tf.custom_gradient function must return a pair, the forward value y "
                                             "and the function grad (return y, grad), and yours returned None: is its "
                                             f"return statement missing? ({original})")
        return Explanation("unpacked_none", "the line unpacks None into several names: the function it calls "
                                            f"returned nothing (is a return missing there?). ({original})")
    if "unsupported callable" in text or "too many values to unpack (expected 2)" in text or \
            "not enough values to unpack (expected 2" in text:
        return Explanation("not_a_pair", "a @tf.custom_gradient function must return a pair: the forward value y "
                                         "and the function grad (return y, grad). " f"({original})")
    if "einsum" in learner_line(error).lower() or "Einsum" in text:
        m = re.search(r"Expected dimension (\d+) at axis (\d+) of the input shaped \[([\d,]*)\] but got dimension "
                      r"(\d+)", text)
        if m:
            return Explanation("einsum_subscripts",
                               f"tf.einsum's subscripts give one letter to axes of different lengths ({m.group(1)} and "
                               f"{m.group(4)}): an operand's letters must follow its own shape, axis by axis. A "
                               "transposed matrix swaps its two letters (\"ij\" for A, \"ji\" for Aᵀ); a gradient "
                               f"has its input's shape. (TensorFlow: {original})")
        if "broadcasting dimension" in text or "ellipsis" in text:
            return Explanation("einsum_subscripts",
                               "tf.einsum's subscripts name fewer axes than a tensor has: here a tensor has an extra "
                               "(batch) axis the subscripts leave out. Name every axis, or write ... for the leading "
                               "ones in the inputs and the output alike (\"...i,...i->...\"), so that each row of "
                               f"the batch keeps its own result. (TensorFlow: {original})")
        if re.search(r"subscripts|labels", text, re.IGNORECASE) and not re.search(r"Expected input \d+ to have rank",
                                                                                  text):
            return Explanation("einsum_subscripts",
                               "tf.einsum's subscripts do not fit the tensors: each operand needs one letter per "
                               "axis, in the order of its shape, and the output may use only letters of the inputs. "
                               f"(TensorFlow: {original})")
    m = re.search(r"Matrix size-incompatible: In\[0\]: \[([\d,]*)\], In\[1\]: \[([\d,]*)\]", text)
    if m and "matvec" in learner_line(error) and _shape(m.group(2))[-1:] == (1,):
        a, v = _shape(m.group(1)), _shape(m.group(2))[:-1]
        return Explanation("matmul_shapes",
                           f"tf.linalg.matvec(M, v) got a matrix of shape {a} and a vector of shape {v}: the vector "
                           f"needs the matrix's last size ({a[-1]}). For Mᵀ v, write tf.linalg.matvec(M, v, "
                           f"transpose_a=True). A gradient has its input's shape. (TensorFlow: {original})")
    if m and "tensordot" in learner_line(error) and len(_shape(m.group(1))) == 2:
        a, b = _shape(m.group(1)), _shape(m.group(2))
        return Explanation("matmul_rank",
                           f"tf.tensordot(a, b, 1) contracts a's last axis with b's first, so for matrices it is a "
                           f"matrix product, here of shapes {a} and {b}: an inner product of two vectors only when "
                           "both are 1-D. For one inner product per row of a batch, multiply entry by entry and "
                           f"sum each row (tf.reduce_sum over the last axis). (TensorFlow: {original})")
    if m:
        return _matmul(_shape(m.group(1)), _shape(m.group(2)), original)
    m = re.search(r"must have compatible batch dimensions: \[([\d,]*)\] vs\. \[([\d,]*)\]", text)
    if m:
        a, b = _shape(m.group(1)), _shape(m.group(2))
        return Explanation("matmul_shapes",
                           f"a batched matrix product got shapes {a} and {b}, whose leading (batch) axes do not "
                           "match. tf.transpose(t) reverses all axes of a 3-D tensor; to transpose only the last two "
                           "use tf.linalg.matrix_transpose(t), or tf.matmul's transpose_a / transpose_b. "
                           f"(TensorFlow: {original})")
    if re.search(r"In\[\d\] (?:and In\[\d\] )?ndims must be >= 2|must be at least rank 2|must have rank >= 2", text):
        return Explanation("matmul_rank",
                           "@ and tf.matmul multiply matrices (two or more axes), and one operand here is a vector "
                           "(one axis). For a matrix times a vector use tf.linalg.matvec(M, v), with "
                           f"transpose_a=True for Mᵀ v. (TensorFlow: {original})")
    m = re.search(r"Dimensions must be equal, but are (\d+) and (\d+) for '\{\{node \w+\}\} = (?:Batch)?MatMul"
                  r".*?input shapes: \[([\d,]*)\], \[([\d,]*)\]", text, flags=re.S)
    if m:
        return _matmul(_shape(m.group(3)), _shape(m.group(4)), original)
    m = (re.search(r"Incompatible shapes: \[([\d,]*)\] vs. \[([\d,]*)\]", text)
         or re.search(r"Dimensions must be equal, but are \d+ and \d+ for '\{\{node \w+\}\} = \w+\[.*?input "
                      r"shapes: \[([\d,]*)\], \[([\d,]*)\]", text, flags=re.S))
    if m:
        a, b = _shape(m.group(1)), _shape(m.group(2))
        return Explanation("broadcast_shapes",
                           f"an elementwise operation got shapes {a} and {b}, which do not broadcast (sizes must be "
                           "equal or 1, aligned from the right). Check which tensor should appear there: a "
                           "gradient needs upstream (shaped like the output) combined with values shaped like the "
                           f"input, reduced with tf.reduce_sum over the extra axes. ({original})")
    m = (re.search(r"expected to be a (\w+) tensor but is a (\w+) tensor", text)
         or re.search(r"has type (\w+) that does not match type (\w+)", text)
         or re.search(r"must have the same dtype, got tf\.(\w+) != tf\.(\w+)", text))
    if m:
        kinds = {"float": "float32", "double": "float64", "half": "float16", "int32": "int32"}
        a, b = kinds.get(m.group(1), m.group(1)), kinds.get(m.group(2), m.group(2))
        return Explanation("dtype_mismatch",
                           f"an operation mixed {a} and {b} tensors; TensorFlow never converts between them by "
                           "itself. Make them the same dtype, e.g. tf.cast(value, x.dtype), or create constants "
                           f"with the input's dtype. ({original})")
    if "Cannot convert" in text and "EagerTensor of dtype int" in text:
        return Explanation("dtype_mismatch", "a float was combined with an integer tensor; integers carry no "
                                             "gradient. Use float inputs (tf.constant([1.0, 2.0])) or tf.cast. "
                                             f"({original})")
    if "truth value of an array with more than one element is ambiguous" in text or \
            name == "OperatorNotAllowedInGraphError" or "as a Python `bool`" in text or \
            ("must be a scalar" in text and "switch_pred" in text):
        return Explanation("python_bool",
                           "a Python if, and/or, min or max was applied to a tensor. These need one True or False, "
                           "which a tensor of several entries (or a symbolic tensor inside tf.function) does not "
                           "have. Use tf.where(condition, a, b), tf.minimum, tf.maximum or tf.clip_by_value, "
                           "which work entry by entry; for a loop that runs until a tensor condition holds, a fixed "
                           f"number of steps, or tf.while_loop. ({original})")
    if "only length-1 arrays can be converted" in text or "only 0-dimensional arrays can be converted" in text or \
            (re.search(r"must be (?:a )?(?:string or a )?real number", text) and "Tensor" in text):
        return Explanation("python_math", "a Python function for single numbers (math.cos, float(), int()) received a "
                                          "tensor of several entries, or a symbolic tensor inside tf.function: use "
                                          "TensorFlow's functions (tf.cos, tf.exp, tf.cast ...), which work entry by "
                                          f"entry and in graphs. ({original})")
    m = re.search(r"In\[0\] and In\[1\] (?:ndims must be == 2|has different ndims)", text)
    if m:
        return Explanation("matmul_rank", "a matrix product (@, tf.matmul) needs two matrices, but one operand is a "
                                          "vector: for a matrix times a vector use tf.linalg.matvec, and for two "
                                          f"vectors tf.tensordot. ({original})")
    m = re.search(r"value returned by pyfunc_\d+ is (\w+), but expects (\w+)", text)
    if m:
        names = {"double": "float64", "float": "float32", "half": "float16"}
        got, want = names.get(m.group(1), m.group(1)), names.get(m.group(2), m.group(2))
        return Explanation("wrong_dtype", f"the NumPy code inside tf.numpy_function returned {got}, but the call "
                                          f"declared {want}. Declare the input's dtype (x.dtype) and make the NumPy "
                                          f"result match it, e.g. .astype(a.dtype). ({original})")
    m = re.search(r"Expected input (\d+) to have rank (\d+) but got: (\d+)", text)
    if m:
        return Explanation("einsum_rank", f"an einsum's subscripts name {m.group(2)} axes for operand {m.group(1)}, "
                                          f"but that tensor has {m.group(3)}. Write '...' for leading axes of any "
                                          f"number (e.g. '...n->n'), or check which tensor has which shape. "
                                          f"({original})")
    if "non-rectangular Python sequence" in text:
        return Explanation("wrong_kind", "a list of rows of different lengths cannot become a tensor: every row must "
                                         "have the same length.")
    if "Attempt to convert a value" in text and "function" in text:
        return Explanation("wrong_kind", "a function was used where a tensor was expected: call it, or, in a "
                                         "@tf.custom_gradient function, return (y, grad) with y a tensor and grad "
                                         "the function.")
    m = re.search(r"Detected unsupported operations when trying to compile .*?: (\w+) \(No registered", text,
                  flags=re.S)
    if m:
        what = (" (the op of tf.numpy_function and tf.py_function: Python code cannot be compiled)"
                if m.group(1) in ("PyFunc", "PyFuncStateless", "EagerPyFunc") else "")
        return Explanation("jit_compile",
                           f"jit_compile=True asks XLA to compile the whole function, and XLA cannot compile the op "
                           f"{m.group(1)}{what}. Remove jit_compile=True, or keep that op out of the compiled "
                           "function.")
    if "Input to reshape is a tensor with" in text:
        return Explanation("reshape", f"a reshape asked for a different number of entries than the tensor has. "
                                      f"({original})")
    m = re.search(r"missing (\d+) required positional argument", text) or re.search(
        r"takes (\d+) positional arguments? but (\d+) (?:were|was) given", text)
    if m:
        return Explanation("arguments", f"a function was called with another number of arguments than it takes. "
                                        f"({original})")
    return Explanation("raised", f"your code raised {original}")
