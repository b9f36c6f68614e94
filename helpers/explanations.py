"""What an error from a learner's code means, in words: one table of rules, read in order.

Each :class:`Rule` has a mistake key, a test (usually a regular expression on the error's text),
and the sentence it says, which names the fix. :func:`helpers.boundary.explain` reads
:data:`RULES` top to bottom and uses the first rule whose test matches; an error no rule knows is
reported as "your code raised ..." with its first line.

Order matters only where two rules can match the same error, and then the more specific rule
comes first. The places where it matters:

- ``numpy_in_graph`` (``.numpy()`` inside ``tf.function``) before ``not_attempted``: both are
  ``NotImplementedError``;
- ``einsum_subscripts`` before the matrix-product rules: a bad einsum also reports
  "Matrix size-incompatible";
- ``matmul_shapes`` for ``tf.linalg.matvec`` and ``matmul_rank`` for ``tensordot`` (both read the
  learner's line) before the generic matrix-product ``matmul_shapes``;
- ``matmul_rank`` for a single number before the vector case, which matches "ndims must be >= 2" too;
- ``broadcast_shapes`` after the matrix-product rules: "Dimensions must be equal" is both;
- ``numpy_method`` (``t.T``, ``t.sum()``) before ``typo`` for any other missing tensor method;
- ``not_a_pair`` (a None from the custom-gradient function itself) before ``unpacked_none`` (a None
  from another function the learner called).

Each rule carries an ``example``: an error it translates, which ``tests/test_explanations.py`` feeds
to :func:`~helpers.boundary.explain` (the rule must be the one that answers), and from which
``docs/authoring-reference.md`` shows the rule's sentence. To add a rule: write it where its test
cannot be taken by an earlier, more general one, give it an example, and run those tests.
"""

from __future__ import annotations

import difflib
import functools
import re
from dataclasses import dataclass
from typing import Any, Callable

__all__ = ["Explanation", "Seen", "Rule", "RULES", "translate", "short", "first_line"]


@dataclass(frozen=True)
class Explanation:
    """What went wrong in a learner's code, as a mistake key and a sentence that says what to do."""

    mistake: str
    message: str


@dataclass(frozen=True)
class Seen:
    """What a rule looks at: the error, its text, its short form, and the learner's own line."""

    error: BaseException
    text: str
    original: str
    """``TypeName: first line of the message``, TensorFlow's node and device clutter removed."""
    line: str
    """``your line 4: ...`` for the learner's last frame, or ``""``."""

    @property
    def name(self) -> str:
        return type(self.error).__name__


@dataclass(frozen=True)
class Rule:
    """One kind of error: ``when(seen)`` returns something true (a regex match, say) when the rule applies,
    and ``say(seen, match)`` the sentence (or an :class:`Explanation` with a key of its own)."""

    key: str
    when: Callable[[Seen], Any]
    say: Callable[[Seen, Any], "str | Explanation"]
    example: BaseException
    example_line: str = ""
    """The learner's line the example comes with, for rules that read it."""


def translate(seen: Seen) -> Explanation | None:
    """The first rule's explanation for ``seen``, or None when no rule applies."""
    for rule in RULES:
        match = rule.when(seen)
        if match:
            said = rule.say(seen, match)
            return said if isinstance(said, Explanation) else Explanation(rule.key, said)
    return None


# --------------------------------------------------------------------------- building blocks of the tests
def text(pattern: str, flags: int = 0) -> Callable[[Seen], Any]:
    """A test that matches ``pattern`` anywhere in the error's text."""
    compiled = re.compile(pattern, flags)
    return lambda seen: compiled.search(seen.text)


def kind(*types: type) -> Callable[[Seen], bool]:
    return lambda seen: isinstance(seen.error, types)


def both(*tests: Callable[[Seen], Any]) -> Callable[[Seen], Any]:
    """All tests hold; the value of the last one (a regex match, say) is passed to ``say``."""
    def test(seen):
        value = True
        for t in tests:
            value = t(seen)
            if not value:
                return None
        return value
    return test


def either(*tests: Callable[[Seen], Any]) -> Callable[[Seen], Any]:
    return lambda seen: next((v for v in (t(seen) for t in tests) if v), None)


def line_has(word: str) -> Callable[[Seen], bool]:
    return lambda seen: word in seen.line.lower()


def _shape(text_: str) -> tuple:
    return tuple(int(n) for n in re.findall(r"-?\d+", text_))


def first_line(text_: str) -> str:
    """The useful part of an error message: TensorFlow's node and device prefixes and op suffixes removed."""
    text_ = str(text_)
    inner = re.search(r"\n\s*(\w+(?:Error|Exception)): (.+)", text_)    # tf.function's "in user code: ... Error: msg"
    if text_.startswith("in user code:") and inner:
        text_ = inner.group(2)
    if text_.startswith("Graph execution error:"):        # the message is the last line before the node marker
        body = re.sub(r"\s*\[\[\{\{node.*$", "", text_, flags=re.S)
        lines = [ln.strip() for ln in body.splitlines()
                 if ln.strip() and not ln.strip().startswith(("File ", "Detected at node", "Graph execution error"))]
        text_ = lines[-1] if lines else text_
    text_ = re.sub(r"\{\{function_node [^}]*\}\}\s*", "", text_)
    text_ = re.sub(r"\s*\[Op:[^\]]*\].*$", "", text_, flags=re.S)
    text_ = re.sub(r"\s*\[\[\{\{node [^\]]*\]\]", "", text_)
    text_ = re.sub(r" at 0x[0-9a-fA-F]+", "", text_)
    text_ = re.sub(r"/(?:[\w.-]+/)+", "", text_)          # no machine-specific paths
    line = text_.strip().splitlines()[0] if text_.strip() else ""
    if len(line) > 200:
        cut = line.find(". ", 60)
        line = line[:cut + 1] if 0 < cut < 200 else line[:200] + "…"
    return line


def short(error: BaseException) -> str:
    """``TypeName: first line`` of an error, as the rules quote it."""
    return f"{type(error).__name__}: {first_line(str(error))}"


# --------------------------------------------------------------------------- names: typos and missing modules
_TF_SPACES = ("", "math.", "linalg.", "nn.", "random.")
NUMPY_METHODS = {"sum": "tf.reduce_sum(t)", "mean": "tf.reduce_mean(t)", "max": "tf.reduce_max(t)",
                 "min": "tf.reduce_min(t)", "prod": "tf.reduce_prod(t)", "dot": "tf.tensordot(a, b, axes=1)",
                 "T": "tf.transpose(t)", "transpose": "tf.transpose(t)", "reshape": "tf.reshape(t, shape)",
                 "clip": "tf.clip_by_value(t, low, high)", "exp": "tf.exp(t)", "astype": "tf.cast(t, dtype)",
                 "abs": "tf.abs(t)", "sqrt": "tf.sqrt(t)", "copy": "tf.identity(t)", "flatten": "tf.reshape(t, [-1])",
                 "item": "float(t) (eagerly only) or keep the tensor", "tolist": "t.numpy().tolist() (eagerly only)"}


@functools.lru_cache(maxsize=1)
def tf_names() -> list[str]:
    """Every public name of tf, tf.math, tf.linalg, tf.nn and tf.random, as ``"math.cos"``."""
    import tensorflow as tf

    names = []
    for space in _TF_SPACES:
        module = tf
        for part in filter(None, space.rstrip(".").split(".")):
            module = getattr(module, part, None)
        if module is not None:
            names += [space + n for n in dir(module) if not n.startswith("_")]
    return names


def suggest(name: str, candidates: list[str]) -> list[str]:
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


def _missing_tf_attribute(seen: Seen, m) -> str:
    name = m.group(1)
    hits = suggest(name, tf_names())
    if name in ("pi", "e"):
        hint = f" Use np.{name} (a Python float) instead."
    elif hits:
        hint = " Did you mean " + " or ".join(f"tf.{h}" for h in hits) + "?"
    else:
        hint = " Look it up at tensorflow.org/api_docs, or write it from TensorFlow operations."
    return f"tf.{name} does not exist in TensorFlow.{hint}"


def _undefined_name(seen: Seen, m) -> str:
    import numpy as np

    name = m.group(1)
    hits = suggest(name, tf_names())
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
    return f"the name {name!r} is not defined.{hint}"


_TENSOR_ATTRIBUTE = r"'?(?:[\w.]*EagerTensor|[\w.]*SymbolicTensor|Tensor)'? object has no attribute '(\w+)'"


def _numpy_method(seen: Seen):
    m = re.search(_TENSOR_ATTRIBUTE, seen.text)
    return m if m and m.group(1) in NUMPY_METHODS else None


def _say_tensor_method(seen: Seen, m) -> str:
    hits = suggest(m.group(1), tf_names())
    fix = f" Write tf.{hits[0]}(x) instead." if hits else ""
    return (f"a tensor has no method .{m.group(1)}(): TensorFlow's operations are functions of the tf module.{fix} "
            f"({seen.original})")


# --------------------------------------------------------------------------- shapes of products
def _matmul(a: tuple, b: tuple, original: str) -> str:
    fits = []
    if len(a) == 2 and len(b) == 2:
        options = [("transpose the first (tf.matmul(a, b, transpose_a=True))", a[0], b[0], (a[1], b[1])),
                   ("transpose the second (tf.matmul(a, b, transpose_b=True))", a[1], b[1], (a[0], b[0])),
                   ("swap them (b @ a)", b[1], a[0], (b[0], a[1]))]
        fits = [f"{how} gives shape {result}" for how, p, q, result in options if p == q]
    joined = "; ".join(fits)
    advice = (joined[:1].upper() + joined[1:] + ". A gradient has its input's shape: pick the product whose "
              "shape is the input's.") if fits else "Check which operands a gradient's product needs."
    return (f"a matrix product got operands of shapes {a} and {b}: the first one's last size "
            f"({a[-1] if a else '?'}) must equal the second one's first size ({b[0] if b else '?'}). "
            f"{advice} (TensorFlow: {original})")


_MATMUL_SIZES = r"Matrix size-incompatible: In\[0\]: \[([\d,]*)\], In\[1\]: \[([\d,]*)\]"


def _matvec_sizes(seen: Seen):
    m = re.search(_MATMUL_SIZES, seen.text)
    return m if m and "matvec" in seen.line and _shape(m.group(2))[-1:] == (1,) else None


def _tensordot_sizes(seen: Seen):
    m = re.search(_MATMUL_SIZES, seen.text)
    return m if m and "tensordot" in seen.line and len(_shape(m.group(1))) == 2 else None


def _say_matvec(seen: Seen, m) -> str:
    a, v = _shape(m.group(1)), _shape(m.group(2))[:-1]
    return (f"tf.linalg.matvec(M, v) got a matrix of shape {a} and a vector of shape {v}: the vector needs the "
            f"matrix's last size ({a[-1]}). For Mᵀ v, write tf.linalg.matvec(M, v, transpose_a=True). A gradient "
            f"has its input's shape. (TensorFlow: {seen.original})")


def _say_tensordot(seen: Seen, m) -> str:
    a, b = _shape(m.group(1)), _shape(m.group(2))
    return (f"tf.tensordot(a, b, 1) contracts a's last axis with b's first, so for matrices it is a matrix product, "
            f"here of shapes {a} and {b}: an inner product of two vectors only when both are 1-D. For one inner "
            "product per row of a batch, multiply entry by entry and sum each row (tf.reduce_sum over the last "
            f"axis). (TensorFlow: {seen.original})")


def _say_dtypes(seen: Seen, m) -> str:
    kinds = {"float": "float32", "double": "float64", "half": "float16", "int32": "int32"}
    a, b = kinds.get(m.group(1), m.group(1)), kinds.get(m.group(2), m.group(2))
    return (f"an operation mixed {a} and {b} tensors; TensorFlow never converts between them by itself. Make them "
            f"the same dtype, e.g. tf.cast(value, x.dtype), or create constants with the input's dtype. "
            f"({seen.original})")


def _say_broadcast(seen: Seen, m) -> str:
    a, b = _shape(m.group(1)), _shape(m.group(2))
    return (f"an elementwise operation got shapes {a} and {b}, which do not broadcast (sizes must be equal or 1, "
            "aligned from the right). Check which tensor should appear there: a gradient needs upstream (shaped "
            "like the output) combined with values shaped like the input, reduced with tf.reduce_sum over the "
            f"extra axes. ({seen.original})")


def _none_from_custom_gradient(seen: Seen) -> bool:
    """The None that failed to unpack came from a @tf.custom_gradient function (no learner line, or TF's frame last)."""
    import traceback

    last = "".join(f.filename for f in traceback.extract_tb(seen.error.__traceback__)[-1:])
    return not seen.line or "custom_gradient" in last


_BAD_AXIS = re.compile(r"Invalid reduction dimension \(?(-?\d+) for input with (\d+) dimension|axis (-?\d+) is out "
                       r"of bounds for array of dimension (\d+)")


def _say_bad_axis(seen: Seen, _) -> str:
    found = _BAD_AXIS.search(seen.text)
    axis, rank = int(found.group(1) or found.group(3)), int(found.group(2) or found.group(4))
    axes = "only axis 0" if rank == 1 else f"axes 0 to {rank - 1}"
    return (f"an operation over axis {axis} of a tensor with {rank} axis{'es' if rank != 1 else ''}, which has "
            f"{axes}. axis=-1 names the last axis whatever the number of axes, so the same code works for one "
            f"vector and for a batch of rows. ({seen.original})")


def _said(message: str, tensorflow: bool = False) -> Callable[[Seen, Any], str]:
    """A sentence that ends with the original error in parentheses (``(TensorFlow: ...)`` for TensorFlow's)."""
    lead = "TensorFlow: " if tensorflow else ""
    return lambda seen, m: f"{message} ({lead}{seen.original})"


def _exit(seen: Seen, m) -> str:
    code = seen.error.code
    return (f"your code called sys.exit({'' if code is None else repr(code)}) (or raised SystemExit), which ends the "
            "cell instead of returning a value: remove it, and return the result.")


def _quoted(seen: Seen) -> str:
    return f" ({first_line(seen.text)})" if seen.text.strip() else ""


def _say_pyfunc_dtype(seen: Seen, m) -> str:
    names = {"double": "float64", "float": "float32", "half": "float16"}
    got, want = names.get(m.group(1), m.group(1)), names.get(m.group(2), m.group(2))
    return (f"the NumPy code inside tf.numpy_function returned {got}, but the call declared {want}. Declare the "
            f"input's dtype (x.dtype) and make the NumPy result match it, e.g. .astype(a.dtype). ({seen.original})")


def _say_jit(seen: Seen, m) -> str:
    what = (" (the op of tf.numpy_function and tf.py_function: Python code cannot be compiled)"
            if m.group(1) in ("PyFunc", "PyFuncStateless", "EagerPyFunc") else "")
    return (f"jit_compile=True asks XLA to compile the whole function, and XLA cannot compile the op "
            f"{m.group(1)}{what}. Remove jit_compile=True, or keep that op out of the compiled function.")


def _say_einsum_sizes(seen: Seen, m) -> str:
    return (f"tf.einsum's subscripts give one letter to axes of different lengths ({m.group(1)} and {m.group(4)}): "
            "an operand's letters must follow its own shape, axis by axis. A transposed matrix swaps its two letters "
            f"(\"ij\" for A, \"ji\" for Aᵀ); a gradient has its input's shape. (TensorFlow: {seen.original})")


_EINSUM = either(line_has("einsum"), text(r"Einsum"))
_NUMPY_IN_GRAPH = ("a NumPy function received a symbolic tensor: inside tf.function (and when TensorFlow builds a "
                   "graph) tensors have no values yet, so NumPy cannot run on them. Use TensorFlow operations "
                   "(tf.clip_by_value, tf.where, tf.sin ...), or tf.numpy_function for code that must stay in NumPy.")
_PYTHON_BOOL = ("a Python if, and/or, min or max was applied to a tensor. These need one True or False, which a tensor "
                "of several entries (or a symbolic tensor inside tf.function) does not have. Use tf.where(condition, "
                "a, b), tf.minimum, tf.maximum or tf.clip_by_value, which work entry by entry; for a loop that runs "
                "until a tensor condition holds, a fixed number of steps, or tf.while_loop.")


def _rules() -> list[Rule]:
    """The table, in the order :func:`translate` reads it (see the module's docstring for why the order matters).

    Long because it is the table itself: one entry per rule, each with its example, and nothing else.
    """
    return [
        Rule("numpy_in_graph", both(text(r"Cannot convert a symbolic"), lambda s: "numpy" in s.text.lower()),
             _said(_NUMPY_IN_GRAPH),
             NotImplementedError("Cannot convert a symbolic tf.Tensor (x:0) to a numpy array.")),
        Rule("raised", kind(SystemExit), _exit, SystemExit(1)),
        Rule("assertion", kind(AssertionError),
             lambda s, m: (f"an assert in your code failed{_quoted(s)}: it does not hold for an input the checker "
                           "tries (the exercise says which shapes and dtypes; upstream always has the output's shape, "
                           "which is not always one number). Remove the assert, or write code that works for every "
                           "such input."),
             AssertionError("upstream should be one number")),
        Rule("numpy_in_graph", both(kind(NotImplementedError), text(r"only available when eager execution is enabled")),
             _said(".numpy() works only eagerly: inside tf.function a tensor (or a variable's value) is symbolic and "
                   "has no value yet. Compute with TensorFlow operations (use the variable itself, w, not w.numpy()), "
                   "or wrap NumPy code in tf.numpy_function."),
             NotImplementedError("numpy() is only available when eager execution is enabled.")),
        Rule("not_attempted", kind(NotImplementedError),
             lambda s, m: f"your code still raises NotImplementedError{_quoted(s)}: replace that line with your own "
                          "code",
             NotImplementedError()),
        Rule("numpy_in_graph", text(r"object has no attribute 'numpy'"),
             _said(".numpy() works only eagerly: inside tf.function a tensor is symbolic and has no value yet. "
                   "Compute with TensorFlow operations, or wrap NumPy code in tf.numpy_function."),
             AttributeError("'SymbolicTensor' object has no attribute 'numpy'")),
        Rule("typo", text(r"module 'tensorflow(?:\.[\w.]+)?' has no attribute '(\w+)'"), _missing_tf_attribute,
             AttributeError("module 'tensorflow' has no attribute 'cosine'")),
        Rule("typo", text(r"module 'numpy' has no attribute '(\w+)'"),
             lambda s, m: (f"np.{m.group(1)} does not exist in NumPy; inside a gradient use TensorFlow operations "
                           f"anyway (tf.…). ({s.original})"),
             AttributeError("module 'numpy' has no attribute 'sine'")),
        Rule("undefined_name", both(kind(NameError), text(r"name '(\w+)' is not defined")), _undefined_name,
             NameError("name 'upstraem' is not defined")),
        Rule("numpy_method", _numpy_method,
             lambda s, m: (f"tensors have no NumPy-style method .{m.group(1)}(): write {NUMPY_METHODS[m.group(1)]} "
                           f"instead. ({s.original})"),
             AttributeError("'tensorflow.python.framework.ops.EagerTensor' object has no attribute 'T'")),
        Rule("typo", text(_TENSOR_ATTRIBUTE), _say_tensor_method,
             AttributeError("'tensorflow.python.framework.ops.EagerTensor' object has no attribute 'cosine'")),
        Rule("wrong_kind", text(r"'(tuple|list)' object has no attribute '(\w+)'"),
             lambda s, m: (f"a Python {m.group(1)} was used where a tensor was expected (it has no .{m.group(2)}): did "
                           "a function return several values, or a list instead of a tensor? "
                           f"({s.original})"),
             AttributeError("'tuple' object has no attribute 'shape'")),
        Rule("called_a_tensor", both(text(r"object is not callable"), text(r"Tensor")),
             _said("a tensor was called like a function: pass the function itself, f, not its result f(x)."),
             TypeError("'tensorflow.python.framework.ops.EagerTensor' object is not callable")),
        Rule("none_gradient", text(r"to be differentiated, but received None"),
             lambda s, m: ("tape.gradient was asked to differentiate None: an earlier gradient came back None, "
                           "because that tape saw no path to the source. A tf.constant must be watched "
                           "(tape.watch(x)) by every tape that differentiates with respect to it, and the computation "
                           "must run inside the tape's with-block."),
             ValueError("Argument `target` to be differentiated, but received None.")),
        Rule("graph_tensor_escaped", text(r"is out of scope and cannot be used here"),
             _said("a tensor made inside one tf.function graph was used outside it. A @tf.function put on a "
                   "custom-gradient function itself makes its grad (and any custom gradient nested in it) capture "
                   "tensors of that graph: leave the custom-gradient function undecorated and call it inside a "
                   "tf.function instead."),
             TypeError("<tf.Tensor 'x:0' shape=(3,) dtype=float32> is out of scope and cannot be used here.")),
        Rule("keyword_call", text(r"supports keywords arguments only when eager execution"),
             _said("a custom-gradient function was called with keyword arguments (f(x=...)). Inside tf.function "
                   "TensorFlow refuses that, and eagerly a call with every input as a keyword skips your grad. Call "
                   "it with positional arguments: f(x)."),
             ValueError("The custom_gradient decorator currently supports keywords arguments only when eager "
                        "execution is enabled.")),
        Rule("variables_missing", text(r"grad_fn must accept keyword argument 'variables'"),
             lambda s, m: ("the function reads a tf.Variable, so TensorFlow requires its grad to accept "
                           "`variables=None` and return (input_gradients, variable_gradients): one gradient per "
                           "variable in `variables`."),
             TypeError("@tf.custom_gradient grad_fn must accept keyword argument 'variables', since function uses "
                       "variables: [<tf.Variable 'w:0'>]")),
        Rule("variables_form", text(r"Must return gradient for each variable"),
             lambda s, m: ("with variables, grad must return a pair in this order: the input gradient(s) first, then "
                           "a list with one gradient per variable in `variables`."),
             ValueError("Must return gradient for each variable from @custom_gradient grad_fn.")),
        Rule("count", text(r"expected to return (\d+) gradients, but returned (\d+)"),
             lambda s, m: (f"grad returned {m.group(2)} gradient(s) for {m.group(1)} input(s): return one per input, "
                           "in the order of the inputs (None for an input that is not a float)."),
             ValueError("custom_gradient function expected to return 1 gradients, but returned 2 instead.")),
        Rule("variable_kept", text(r"Cannot update variable with shape \[([\d,]*)\] using a Tensor with shape "
                                   r"\[([\d,]*)\]"),
             lambda s, m: (f"a tf.Variable of shape {_shape(m.group(1))} was given a value of shape "
                           f"{_shape(m.group(2))}: a variable made for one call's shapes cannot hold another call's. "
                           "Something is kept (or accumulated) between calls; compute each gradient from this call's "
                           f"values alone. ({s.original})"),
             ValueError("Cannot update variable with shape [3] using a Tensor with shape [2], shapes must be equal.")),
        Rule("not_a_pair", both(text(r"cannot unpack non-iterable NoneType object"), _none_from_custom_gradient),
             _said("a @tf.custom_gradient function must return a pair, the forward value y and the function grad "
                   "(return y, grad), and yours returned None: is its return statement missing?"),
             TypeError("cannot unpack non-iterable NoneType object")),
        Rule("unpacked_none", text(r"cannot unpack non-iterable NoneType object"),
             _said("the line unpacks None into several names: the function it calls returned nothing (is a return "
                   "missing there?)."),
             TypeError("cannot unpack non-iterable NoneType object"), "your line 3: y, slope = fused(x)"),
        Rule("not_a_pair", text(r"unsupported callable|too many values to unpack \(expected 2\)|not enough values to "
                                r"unpack \(expected 2"),
             _said("a @tf.custom_gradient function must return a pair: the forward value y and the function grad "
                   "(return y, grad)."),
             ValueError("too many values to unpack (expected 2)")),
        Rule("einsum_subscripts", both(_EINSUM, text(r"Expected dimension (\d+) at axis (\d+) of the input shaped "
                                                     r"\[([\d,]*)\] but got dimension (\d+)")),
             _say_einsum_sizes,
             ValueError("Expected dimension 3 at axis 0 of the input shaped [5,3] but got dimension 5 [Op:Einsum]")),
        Rule("einsum_subscripts", both(_EINSUM, text(r"broadcasting dimension|ellipsis")),
             _said("tf.einsum's subscripts name fewer axes than a tensor has: here a tensor has an extra (batch) axis "
                   "the subscripts leave out. Name every axis, or write ... for the leading ones in the inputs and the "
                   "output alike (\"...i,...i->...\"), so that each row of the batch keeps its own result.", tensorflow=True),
             ValueError("Input 0 to Einsum has more dimensions than subscripts and no ellipsis [Op:Einsum] "
                        "broadcasting dimension"), "your line 3: tf.einsum('i,i->', s, u)"),
        Rule("einsum_subscripts", both(_EINSUM, lambda s: not re.search(r"Expected input \d+ to have rank", s.text),
                                       text(r"subscripts|labels", re.IGNORECASE)),
             _said("tf.einsum's subscripts do not fit the tensors: each operand needs one letter per axis, in the "
                   "order of its shape, and the output may use only letters of the inputs.", tensorflow=True),
             ValueError("Einsum: output subscripts contain a label that appears in no input [Op:Einsum]")),
        Rule("bad_axis", lambda seen: _BAD_AXIS.search(seen.text) is not None, _say_bad_axis,
             ValueError("Invalid reduction dimension (1 for input with 1 dimension(s) [Op:Sum]")),
        Rule("matmul_shapes", _matvec_sizes, _say_matvec,
             ValueError("Matrix size-incompatible: In[0]: [5,3], In[1]: [5,1] [Op:MatMul]"),
             "your line 4: return tf.linalg.matvec(A, upstream)"),
        Rule("matmul_rank", _tensordot_sizes, _say_tensordot,
             ValueError("Matrix size-incompatible: In[0]: [2,3], In[1]: [2,3] [Op:MatMul]"),
             "your line 4: return tf.tensordot(u, s, 1)"),
        Rule("matmul_shapes", text(_MATMUL_SIZES),
             lambda s, m: _matmul(_shape(m.group(1)), _shape(m.group(2)), s.original),
             ValueError("Matrix size-incompatible: In[0]: [5,3], In[1]: [5,1] [Op:MatMul]")),
        Rule("matmul_shapes", text(r"must have compatible batch dimensions: \[([\d,]*)\] vs\. \[([\d,]*)\]"),
             lambda s, m: (f"a batched matrix product got shapes {_shape(m.group(1))} and {_shape(m.group(2))}, whose "
                           "leading (batch) axes do not match. tf.transpose(t) reverses all axes of a 3-D tensor; to "
                           "transpose only the last two use tf.linalg.matrix_transpose(t), or tf.matmul's transpose_a "
                           f"/ transpose_b. (TensorFlow: {s.original})"),
             ValueError("In[0] and In[1] must have compatible batch dimensions: [4,3,2] vs. [2,3,5] [Op:BatchMatMulV2]")),
        Rule("matmul_rank", text(r"In\[\d\] (?:and In\[\d\] )?ndims must be >= 2|must be at least rank 2|must have "
                                 r"rank >= 2"),
             _said("@ and tf.matmul multiply matrices (two or more axes), and one operand here is a vector (one "
                   "axis). For a matrix times a vector use tf.linalg.matvec(M, v), with transpose_a=True for Mᵀ v.",
                   tensorflow=True),
             ValueError("In[1] ndims must be >= 2: 1 [Op:MatMul]")),
        Rule("matmul_shapes", text(r"Dimensions must be equal, but are (\d+) and (\d+) for '\{\{node \w+\}\} = "
                                   r"(?:Batch)?MatMul.*?input shapes: \[([\d,]*)\], \[([\d,]*)\]", re.S),
             lambda s, m: _matmul(_shape(m.group(3)), _shape(m.group(4)), s.original),
             ValueError("Dimensions must be equal, but are 3 and 5 for '{{node MatMul}} = MatMul[T=DT_FLOAT, "
                        "transpose_a=false, transpose_b=false](a, b)' with input shapes: [5,3], [5,1].")),
        Rule("broadcast_shapes", either(
            text(r"Incompatible shapes: \[([\d,]*)\] vs. \[([\d,]*)\]"),
            text(r"Dimensions must be equal, but are \d+ and \d+ for '\{\{node \w+\}\} = \w+\[.*?input shapes: "
                 r"\[([\d,]*)\], \[([\d,]*)\]", re.S)),
             _say_broadcast, ValueError("Incompatible shapes: [3] vs. [4] [Op:AddV2]")),
        Rule("dtype_mismatch", either(text(r"expected to be a (\w+) tensor but is a (\w+) tensor"),
                                      text(r"has type (\w+) that does not match type (\w+)"),
                                      text(r"must have the same dtype, got tf\.(\w+) != tf\.(\w+)")),
             _say_dtypes,
             ValueError("cannot compute AddV2 as input #1(zero-based) was expected to be a float tensor but is a "
                        "double tensor [Op:AddV2]")),
        Rule("dtype_mismatch", both(text(r"Cannot convert"), text(r"EagerTensor of dtype int")),
             _said("a float was combined with an integer tensor; integers carry no gradient. Use float inputs "
                   "(tf.constant([1.0, 2.0])) or tf.cast."),
             TypeError("Cannot convert 0.5 to EagerTensor of dtype int32")),
        Rule("python_iteration", text(r"Iterating over a symbolic `?tf\.Tensor`? is not allowed"),
             _said("Python iterated over a symbolic tensor inside tf.function, which needs the tensor's values: a for "
                   "loop over it, Python's max, min, sum or sorted on it (they iterate too), or a tensor unpacked "
                   "into several names (a, b = t). Use TensorFlow's operations instead (tf.reduce_max, "
                   "tf.reduce_min, tf.reduce_sum, tf.sort), which work entry by entry and in graphs. If it is the "
                   "return of a @tf.custom_gradient function, that must return the pair (y, grad), not y alone."),
             TypeError("Iterating over a symbolic `tf.Tensor` is not allowed. You can attempt the following "
                       "resolutions to the problem: ...")),
        Rule("python_bool", either(text(r"truth value of an array with more than one element is ambiguous"),
                                   lambda s: s.name == "OperatorNotAllowedInGraphError",
                                   text(r"as a Python `bool`"), both(text(r"must be a scalar"), text(r"switch_pred"))),
             _said(_PYTHON_BOOL),
             ValueError("The truth value of an array with more than one element is ambiguous. Use a.any() or a.all()")),
        Rule("python_math", either(text(r"only length-1 arrays can be converted|only 0-dimensional arrays can be "
                                        r"converted"),
                                   both(text(r"must be (?:a )?(?:string or a )?real number"), text(r"Tensor"))),
             _said("a Python function for single numbers (math.cos, float(), int()) received a tensor of several "
                   "entries, or a symbolic tensor inside tf.function: use TensorFlow's functions (tf.cos, tf.exp, "
                   "tf.cast ...), which work entry by entry and in graphs."),
             TypeError("only length-1 arrays can be converted to Python scalars")),
        Rule("matmul_rank", text(r"In\[0\] and In\[1\] has different ndims: (?:\[\] vs\.|\[[\d,]*\] vs\. \[\])"),
             _said("a matrix product (@, tf.matmul) got a single number as one operand: multiply by a number with "
                   "*, as in upstream * M."),
             ValueError("In[0] and In[1] has different ndims: [] vs. [2,2] [Op:MatMul]")),
        Rule("matmul_rank", text(r"In\[0\] and In\[1\] (?:ndims must be == 2|has different ndims)"),
             _said("a matrix product (@, tf.matmul) needs two matrices, but one operand is a vector: for a matrix "
                   "times a vector use tf.linalg.matvec, and for two vectors tf.tensordot."),
             ValueError("In[0] and In[1] has different ndims: [5,3] vs. [5] [Op:MatMul]")),
        Rule("wrong_dtype", text(r"value returned by pyfunc_\d+ is (\w+), but expects (\w+)"), _say_pyfunc_dtype,
             ValueError("InvalidArgumentError: 0-th value returned by pyfunc_0 is double, but expects float")),
        Rule("einsum_rank", text(r"Expected input (\d+) to have rank (\d+) but got: (\d+)"),
             lambda s, m: (f"an einsum's subscripts name {m.group(2)} axes for operand {m.group(1)}, but that tensor "
                           f"has {m.group(3)}. Write '...' for leading axes of any number (e.g. '...n->n'), or check "
                           f"which tensor has which shape. ({s.original})"),
             ValueError("Expected input 0 to have rank 1 but got: 2")),
        Rule("wrong_kind", text(r"non-rectangular Python sequence"),
             lambda s, m: "a list of rows of different lengths cannot become a tensor: every row must have the same "
                          "length.",
             ValueError("Can't convert non-rectangular Python sequence to Tensor.")),
        Rule("wrong_kind", both(text(r"Attempt to convert a value"), text(r"function")),
             lambda s, m: ("a function was used where a tensor was expected: call it, or, in a @tf.custom_gradient "
                           "function, return (y, grad) with y a tensor and grad the function."),
             ValueError("Attempt to convert a value (<function f.<locals>.grad>) with an unsupported type "
                        "(<class 'function'>) to a Tensor.")),
        Rule("jit_compile", text(r"Detected unsupported operations when trying to compile .*?: (\w+) \(No registered",
                                 re.S),
             _say_jit,
             ValueError("Detected unsupported operations when trying to compile graph __inference_f_12[] on "
                        "XLA_CPU_JIT: PyFunc (No registered 'PyFunc' OpKernel for XLA_CPU_JIT devices)")),
        Rule("reshape", text(r"Input to reshape is a tensor with"),
             _said("a reshape asked for a different number of entries than the tensor has."),
             ValueError("Input to reshape is a tensor with 2 values, but the requested shape has 15 [Op:Reshape]")),
        Rule("arguments", either(text(r"missing (\d+) required positional argument"),
                                 text(r"takes (\d+) positional arguments? but (\d+) (?:were|was) given")),
             _said("a function was called with another number of arguments than it takes."),
             TypeError("grad() missing 1 required positional argument: 'upstream'")),
    ]


RULES: list[Rule] = _rules()
"""Every rule, in the order :func:`translate` tries them."""
