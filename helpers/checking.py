"""``check_gradients``: does a custom gradient agree with the function it belongs to?

A custom gradient's ``grad`` computes a vector-Jacobian product: given the
upstream gradient ``u`` (shaped like the output ``y``) it returns ``Jᵀu`` for
each input ``x`` (shaped like ``x``). The checker compares that with finite
differences of the forward function, in float64 where the function allows.

``mode="fast"`` (the default) never builds a Jacobian: for a random ``u`` and
a random direction ``v`` it compares ``⟨grad(u), v⟩`` with the central
difference ``⟨u, (f(x + hv) − f(x − hv)) / 2h⟩``. A wrong gradient almost
surely fails this test, and it costs one backward pass and three forward
passes whatever the size of ``x``. An agreement close to the tolerance gets a
second look with another upstream and direction, so that a wrong gradient
whose random sum happens to nearly cancel is still caught. (An error confined
to a few entries of a large input, above all small entries, weighs little in
a random sum and can still pass; check such a function on a small input too.)
Steps are scaled entry by entry (an input
may hold 0.001 and 150), and a mismatch is confirmed with a ladder of step
sizes before it is reported: a difference that changes with the step is the
method's error, not the gradient's. Only then does the checker spend more
passes to name the mistake.

``mode="full"`` builds both Jacobians entry by entry (one backward pass per
output entry, two forward passes per input entry) and keeps them on the
report for plotting; use it on small inputs.

Besides the values it checks the rest of the contract: one gradient per
input, each with its input's shape and dtype, ``None`` for integer inputs,
gradients for the variables the function reads (``grad(upstream,
variables=...)``), several outputs at once, and optionally the second
derivative (``order=2``) and the same check inside ``tf.function``
(``graph=True``). A backward pass that differs from the forward's derivative
on purpose (a straight-through estimator, clipping, reversal) is recognised;
say so with ``expect="surrogate"``, or give ``expect=`` the smooth function
whose derivative the backward pass should follow.

>>> import tensorflow as tf
>>> @tf.custom_gradient
... def cube(x):
...     def grad(upstream):
...         return upstream * 3 * x ** 2
...     return x ** 3, grad
>>> check_gradients(cube, tf.constant([1.0, -2.0, 0.5])).ok
True
>>> @tf.custom_gradient
... def forgetful_cube(x):
...     def grad(upstream):
...         return 3 * x ** 2          # forgets to multiply by upstream
...     return x ** 3, grad
>>> report = check_gradients(forgetful_cube, tf.constant([1.0, -2.0, 0.5]), raise_on_failure=False)
>>> report.ok, report.inputs[0].mistake
(False, 'upstream_ignored')
"""

from __future__ import annotations

import functools
import html
import inspect
import numbers
from dataclasses import dataclass, field
from typing import Callable

import numpy as np
import tensorflow as tf

from ._format import html_table, text_table
from .boundary import HelperSignal, LearnerCodeError, describe_return, gradients_problem, running
from .strict import accepts_variables

__all__ = ["check_gradients", "GradientCheckError", "GradientReport", "InputResult"]

# Default tolerances, by the dtype the custom gradient is computed in. The
# numerical side is float64 whenever the function accepts float64 inputs;
# float32 gradients carry rounding errors of about 1e-6 relative, and
# formulas such as 1 - 1/(1 + e) lose more near their edges, hence 2e-3.
_TOLERANCES = {
    tf.float64: (1e-6, 1e-9),
    tf.float32: (2e-3, 1e-5),
    tf.float16: (5e-2, 1e-2),
    tf.bfloat16: (5e-2, 1e-2),
}
# When the function refuses float64, differences are taken in its own dtype.
_LOW_PRECISION_NUMERICAL = (1e-2, 1e-3)
# First finite-difference step, relative to each entry's size, by numerical dtype.
_FIRST_STEP = {"float64": 6e-6, "float32": 5e-3, "float16": 5e-2, "bfloat16": 5e-2}
# Steps tried (as multiples of the first) when a first comparison fails.
_LADDER = [4.0 ** k for k in range(6, -10, -1)]
_FULL_MODE_MAX_ENTRIES = 250_000
_MAX_INPUT_ENTRIES = 1_000_000
"""Inputs larger than this (all together) are refused: a wrong gradient's diagnosis at 4 million entries peaked at
2.2 GB, more than a Binder session has."""


class GradientCheckError(AssertionError):
    """Raised by :func:`check_gradients` when a gradient is wrong; ``.report`` has the details."""

    def __init__(self, report: "GradientReport"):
        self.report = report
        super().__init__(str(report))


@dataclass
class InputResult:
    """The verdict for one input (or one variable) of the checked function."""

    name: str
    shape: tuple
    dtype: str
    differentiable: bool
    kind: str = "input"
    """``"input"`` or ``"variable"`` (a ``tf.Variable`` the function reads)."""
    ok: bool = True
    result: str = "ok"
    error: float | None = None
    cause: str | None = None
    gradient_shape: tuple | None = None
    custom_jacobian: np.ndarray | None = field(default=None, repr=False)
    numerical_jacobian: np.ndarray | None = field(default=None, repr=False)
    full_mismatch: str | None = field(default=None, repr=False)
    """mode="full": where a Jacobian entry differs far beyond what the finite differences can explain."""
    mistake: str | None = None
    note: str | None = None
    """Something worth knowing that is not a failure (noisy differences, a surrogate recognised...)."""

    def fail(self, result: str, mistake: str, cause: str) -> None:
        self.ok = False
        self.result = result
        self.mistake = mistake
        self.cause = cause


@dataclass(repr=False)
class GradientReport:
    """What :func:`check_gradients` found: ``.ok``, one :class:`InputResult` per input and variable."""

    function: str
    mode: str
    rtol: float
    atol: float
    seed: int
    numerical_dtype: str
    inputs: list[InputResult]
    problem: str | None = None
    mistake: str | None = None
    order: int = 1
    expect: str | None = None
    graph: bool = False
    notes: list[str] = field(default_factory=list)
    error: BaseException | None = field(default=None, repr=False)
    """The exception the checked code raised, when it raised one (``problem`` explains it)."""
    error_in: str | None = field(default=None, repr=False)
    """Where ``error`` was raised: ``"forward"`` (the function itself) or ``"grad"``, when known."""
    user_rtol: bool = field(default=False, repr=False)
    user_atol: bool = field(default=False, repr=False)
    inputs_dtype: str = field(default="float32", repr=False)
    """The first float input's dtype, whose tolerances rtol and atol are (another input may have its own)."""

    @property
    def ok(self) -> bool:
        return self.problem is None and all(r.ok for r in self.inputs)

    @property
    def variables(self) -> list[InputResult]:
        """The results for the ``tf.Variable`` s the function reads."""
        return [r for r in self.inputs if r.kind == "variable"]

    def __getitem__(self, key: int | str) -> InputResult:
        if isinstance(key, str):
            for r in self.inputs:
                if r.name == key:
                    return r
            raise KeyError(f"no input named {key!r}; the inputs are {[r.name for r in self.inputs]}")
        if isinstance(key, bool) or not isinstance(key, (int, np.integer)):
            raise TypeError(f"index a report by input name or position, got {key!r}")
        if not -len(self.inputs) <= key < len(self.inputs):
            raise IndexError(f"the report has {len(self.inputs)} input(s); index {key} is out of range")
        return self.inputs[key]

    def __bool__(self) -> bool:
        return self.ok

    def _rows(self) -> list[list[str]]:
        return [[f"{r.name} (variable)" if r.kind == "variable" else r.name, str(r.shape), r.dtype, r.result,
                 "" if r.error is None else f"{r.error:.1e}"] for r in self.inputs]

    _HEADERS = ["input", "shape", "dtype", "result", "rel. error"]

    def _headline(self) -> str:
        verdict = "all gradients agree" if self.ok else "GRADIENT PROBLEM"
        options = [f"mode={self.mode!r}"]
        if self.order != 1:
            options.append(f"order={self.order}")
        if self.expect is not None:
            options.append(f"expect={self.expect}")
        if self.graph:
            options.append("graph=True")
        what = "second derivatives" if self.order == 2 else ""
        verdict = verdict if not what else verdict.replace("gradients", what)
        return (f"check_gradients({self.function}, {', '.join(options)}): {verdict} "
                f"(numerical side in {self.numerical_dtype}, rtol={self.rtol:g}, atol={self.atol:g})")

    def _notes(self) -> list[str]:
        notes = [self.problem] if self.problem else []
        notes += [f"{r.name}: {r.cause}" for r in self.inputs if r.cause]
        notes += [f"{r.name}: {r.note}" for r in self.inputs if r.note]
        return notes + self.notes

    def __str__(self) -> str:
        parts = [self._headline(), text_table(self._HEADERS, self._rows())]
        parts += ["- " + n for n in self._notes()]
        return "\n".join(parts)

    def __repr__(self) -> str:
        return str(self)

    def _repr_pretty_(self, p, cycle):
        p.text(str(self))

    def _repr_html_(self) -> str:
        color = "#1a7f37" if self.ok else "#cf222e"
        notes = "".join(f"<li>{html.escape(n)}</li>" for n in self._notes())
        return (f'<div><p style="color:{color};font-weight:bold">{html.escape(self._headline())}</p>'
                f"{html_table(self._HEADERS, self._rows())}"
                f"{'<ul>' + notes + '</ul>' if notes else ''}</div>")


class _Problem(HelperSignal):
    """A problem with the checked function as a whole (it raised, returned the wrong thing...)."""

    def __init__(self, mistake: str, message: str, error: BaseException | None = None):
        super().__init__(message)
        self.mistake, self.message, self.error = mistake, message, error


def _raised(stage: str, e: LearnerCodeError) -> _Problem:
    line = f" ({e.line})" if e.line else ""
    from .strict import CustomGradientError

    kept = isinstance(e.original, CustomGradientError) or e.mistake in (
        "count", "variables_missing", "not_a_pair", "not_attempted")
    mistake = e.mistake if kept else ("forward_raised" if stage == "the forward pass" else "grad_raised")
    return _Problem(mistake, f"{stage} raised: {e.explanation.message}{line}", e.original)


# --------------------------------------------------------------------------- inputs
def _float_dtype_of(inputs) -> tf.DType:
    for x in inputs:
        dtype = getattr(x, "dtype", None)
        try:
            dtype = tf.as_dtype(dtype) if dtype is not None else None
        except TypeError:
            dtype = None
        if dtype is not None and dtype.is_floating:
            return dtype
    return tf.float32


def _is_setting(x) -> bool:
    """A plain Python number passed next to tensors: a setting of the function, not an input to differentiate."""
    return isinstance(x, (bool, int, float)) and not isinstance(x, np.generic)


def _is_float(x) -> bool:
    return tf.is_tensor(x) and x.dtype.is_floating


def _as_tensor(x, name: str, float_dtype: tf.DType) -> tf.Tensor:
    if x is None:
        raise TypeError(f"input {name!r} is None; pass the value to check at, e.g. tf.constant([1.0, 2.0])")
    if isinstance(x, (tf.RaggedTensor, tf.SparseTensor)):
        raise TypeError(f"input {name!r} is a {type(x).__name__}; check_gradients needs dense tensors: "
                        "pass x.to_tensor() (ragged) or tf.sparse.to_dense(x) (sparse)")
    if isinstance(x, str) or (isinstance(x, (list, tuple)) and any(isinstance(v, str) for v in x)):
        raise TypeError(f"input {name!r} is text, not numbers. A setting such as a mode name is not an input: "
                        "bind it first, check_gradients(lambda x: f(x, 'mode'), x) or functools.partial")
    if isinstance(x, (np.ndarray, np.generic)) and np.asarray(x).dtype == np.longdouble \
            and np.longdouble != np.float64:
        raise TypeError(f"input {name!r} is np.longdouble, which TensorFlow has no dtype for: pass it as float64, "
                        "x.astype(np.float64)")
    if isinstance(x, np.generic):
        return tf.constant(np.asarray(x))          # a NumPy scalar keeps its dtype, like an array
    if isinstance(x, tf.Variable) or (not tf.is_tensor(x) and hasattr(x, "__tf_tensor__")):
        x = tf.convert_to_tensor(x)
    if not tf.is_tensor(x):
        try:
            arr = np.asarray(x)
        except Exception:  # noqa: BLE001 - any failure means "not array-like"
            arr = None
        if isinstance(x, (list, tuple)) and (arr is None or arr.dtype == object):
            raise TypeError(f"input {name!r} is a list whose rows have different lengths (or hold something other "
                            "than numbers): a tensor needs every row the same length, e.g. [[1.0, 2.0], [3.0, 4.0]]")
        if arr is None or arr.dtype == object or arr.dtype.kind not in "biufc":
            raise TypeError(f"input {name!r} must be a tf.Tensor, tf.Variable, NumPy array or number, "
                            f"got {type(x).__name__}")
        x = tf.constant(arr)
    if x.dtype.is_complex:
        raise TypeError(f"input {name!r} is complex ({x.dtype.name}); check_gradients checks real-valued "
                        "gradients: split it into real and imaginary parts")
    if x.dtype.is_floating and x.shape.num_elements() and tf.executing_eagerly() and \
            not np.all(np.isfinite(x.numpy())):
        raise ValueError(f"input {name!r} holds inf or NaN; check the gradient at a point where every entry "
                         "is finite")
    return x


def _copy(x: tf.Tensor, dtype=None) -> tf.Tensor:
    """A new tensor holding ``x``'s values (in ``dtype``, a NumPy dtype, if given): its own identity for the tape.

    Eagerly it is made from NumPy, cheaper than a TensorFlow op on a small input."""
    if not tf.executing_eagerly():
        return tf.identity(x) if dtype is None else tf.cast(x, tf.as_dtype(dtype))
    values = x.numpy()
    return tf.constant(values if dtype is None else np.asarray(values, dtype=dtype))


def _size(x) -> int:
    """The number of entries of tensor ``x``, from its static shape when known (no TensorFlow op)."""
    n = x.shape.num_elements()
    return int(n) if n is not None else int(tf.size(x))


def _values(out):
    """An expect= function's output as a tensor: NumPy arrays and numbers are converted, the rest kept."""
    if isinstance(out, (np.ndarray, np.generic, float, int)) and not isinstance(out, bool):
        return tf.constant(np.asarray(out))
    return out


def _shapes_text(outs) -> str:
    shapes = [tuple(o.shape) if hasattr(o, "shape") else type(o).__name__ for o in outs]
    return ", ".join(map(str, shapes)) if len(shapes) != 1 else f"shape {shapes[0]}"


def _input_names(f: Callable, count: int) -> list[str]:
    try:
        params = [p for p in inspect.signature(f).parameters.values()
                  if p.kind in (p.POSITIONAL_ONLY, p.POSITIONAL_OR_KEYWORD)]
    except (TypeError, ValueError):
        params = []
    names = [p.name for p in params[:count]]
    names += [f"input {i}" for i in range(len(names), count)]
    seen = {}
    for i, n in enumerate(names):           # two inputs never share a name in the report
        if n in seen:
            names[i] = f"{n} ({i})"
        seen[n] = i
    return names


def _function_name(f: Callable) -> str:
    return getattr(f, "__name__", None) or type(f).__name__


def _raw_pair_function(f: Callable):
    """The undecorated function behind a ``tf.custom_gradient`` (or strict) function, if there is one."""
    raw = getattr(f, "__wrapped__", None)
    return raw if callable(raw) else None


def _is_pair(out) -> bool:
    return isinstance(out, (tuple, list)) and len(out) == 2 and callable(out[1]) and not tf.is_tensor(out[1])


def _outputs(f_name: str, y) -> tuple[list[tf.Tensor], bool]:
    """The outputs as a list of tensors, and whether there was just one."""
    if isinstance(y, (tf.RaggedTensor, tf.SparseTensor)):
        raise _Problem("not_a_tensor", f"{f_name} returned a {type(y).__name__}; check_gradients needs a dense "
                                       "tensor (y.to_tensor() for a ragged one)")
    if describe_return(y) is None:
        outputs, single = [y], True
    elif isinstance(y, (tuple, list)) and y and all(describe_return(v) is None for v in y):
        outputs, single = list(y), False
    else:
        raise _Problem("not_a_tensor", f"{f_name} returned {describe_return(y)[1]}")
    for v in outputs:
        if not v.dtype.is_floating:
            raise _Problem("not_float", f"{f_name} returned a {v.dtype.name} tensor; only floating-point outputs "
                                        "have gradients (compute in float32 or float64)")
    return outputs, single


def _refuse_container(f_name: str, grads, count: int) -> None:
    """What grad returned cannot be its gradients (None for several inputs, a dict, a generator)."""
    problem = gradients_problem(grads, count)
    if problem is not None:
        raise _Problem(problem[0], f"{f_name}'s {problem[1]}")


# --------------------------------------------------------------------------- the two sides
class _Probe:
    """Runs the function once, gives its custom VJP, and evaluates it for finite differences."""

    def __init__(self, f: Callable, xs: list[tf.Tensor], names: list[str], reference: Callable | None):
        self.f, self.xs, self.names = f, xs, names
        self.f_name = _function_name(f)
        self.differentiable = [_is_float(x) for x in xs]
        self.custom = False
        self.second_order = False
        self.float64_differs = False
        self._forward()
        self.reference = reference or f
        self._numerical_setup()

    # The custom side ----------------------------------------------------------
    def _run(self, stage: str, fn, *args, **kwargs):
        try:
            with running(stage):
                return fn(*args, **kwargs)
        except LearnerCodeError as e:
            raise _raised(stage, e) from None

    def _forward(self):
        raw = _raw_pair_function(self.f)
        if raw is not None:
            try:
                with tf.GradientTape() as variable_watch, running("the forward pass"):
                    out = raw(*self.xs)
            except LearnerCodeError:
                out = None          # not a (y, grad) function after all: the plain call below says what fails
            if _is_pair(out):
                y, grad_fn = out
                self.outputs, self.single = _outputs(self.f_name, y)
                self.variables = list(variable_watch.watched_variables())
                self.custom = True
                self._grad_fn = grad_fn
                self._raw = raw
                return
        tape = tf.GradientTape(persistent=True)
        with tape:
            for x, d in zip(self.xs, self.differentiable):
                if d:
                    tape.watch(x)
            out = self._run("the forward pass", self.f, *self.xs)
        if _is_pair(out):
            raise _Problem("not_decorated",
                           f"{self.f_name} returns a pair (value, grad function) but is not decorated with "
                           "@tf.custom_gradient, so TensorFlow never calls its grad. Put @tf.custom_gradient (or "
                           "@strict_custom_gradient) on the line above `def`.")
        self.outputs, self.single = _outputs(self.f_name, out)
        self.variables = list(tape.watched_variables())
        self._tape = tape

    def output_values(self) -> np.ndarray:
        """All outputs of the forward pass, flattened into one float64 vector (computed once)."""
        if getattr(self, "_output_values", None) is None:
            self._output_values = np.concatenate([np.asarray(y.numpy(), dtype=np.float64).reshape(-1)
                                                  for y in self.outputs])
            self.finite_outputs = bool(np.all(np.isfinite(self._output_values)))
        return self._output_values

    def upstreams(self, rng) -> list[np.ndarray]:
        return [_draw(rng, tuple(y.shape)) for y in self.outputs]

    def vjp(self, us: list[np.ndarray]) -> tuple[list, list]:
        """``(input gradients, variable gradients)`` for upstreams ``us`` (one per output)."""
        us = [tf.constant(u, dtype=y.dtype) for u, y in zip(us, self.outputs)]
        if self.custom:
            if self.variables:
                if not accepts_variables(self._grad_fn):
                    raise _Problem("variables_missing",
                                   f"{self.f_name} reads tf.Variable(s) {[v.name for v in self.variables]}, so "
                                   "TensorFlow requires grad(upstream, variables=None) returning (input_grads, "
                                   "variable_grads), with one gradient per variable")
                out = self._run("grad", self._grad_fn, *us, variables=self.variables)
                if not (isinstance(out, (tuple, list)) and len(out) == 2):
                    raise _Problem("variables_form",
                                   f"{self.f_name} reads variables, so grad must return a pair (input_grads, "
                                   f"variable_grads), got {describe_return(out)[1] if describe_return(out) else 'one tensor'}")
                gin, gvar = out
                gvar = list(gvar) if isinstance(gvar, (list, tuple)) else [gvar]
            else:
                gin, gvar = self._run("grad", self._grad_fn, *us), []
            _refuse_container(self.f_name, gin, len(self.xs))
            gin = list(gin) if isinstance(gin, (list, tuple)) else [gin]
            return _dense(gin, self.xs), _dense(gvar, self.variables)
        sources = [x for x, d in zip(self.xs, self.differentiable) if d] + self.variables
        target = self.outputs[0] if self.single else self.outputs
        upstream = us[0] if self.single else us
        grads = iter(self._run("the backward pass", self._tape.gradient, target, sources,
                               output_gradients=upstream))
        gin = [next(grads) if d else None for d in self.differentiable]
        return _dense(gin), _dense(list(grads))

    # The numerical side -------------------------------------------------------
    def _call_reference(self, args):
        with running("the forward pass"):
            if self.reference is self.f and self.custom:
                out = self._raw(*args)[0]       # the same forward, without the custom-gradient wrapper's cost
            else:
                out = self.reference(*args)
        if self.reference is not self.f:     # expect= is only evaluated, never differentiated: NumPy will do
            out = [_values(o) for o in (out if isinstance(out, (list, tuple)) else [out])]
        return [out] if tf.is_tensor(out) else list(out)

    def _numerical_setup(self):
        """Finite differences are taken in float64 if the function accepts it, else in its own dtype.

        Whether it does is learned from the first evaluation (see :meth:`evaluate`), so that no forward
        pass is spent on finding out.
        """
        self.numeric_inputs = [_copy(x, np.float64) if d else x for x, d in zip(self.xs, self.differentiable)]
        self.numerical_dtype = "float64"
        self._tentative = True
        if self.reference is not self.f:
            self.evaluate()                 # a separate expect= function: learn its dtype and shapes now

    def _own_dtype(self):
        self.numeric_inputs, self.numerical_dtype = list(self.xs), self.outputs[0].dtype.name
        self._tentative = False
        try:
            outs = self._call_reference(self.numeric_inputs)
        except LearnerCodeError as e:
            raise _raised("the forward pass", e) from None
        if len(outs) != len(self.outputs) or any(o.shape != y.shape for o, y in zip(outs, self.outputs)):
            raise ValueError("expect= must be a function of the same inputs whose outputs have the same shapes "
                             f"as {self.f_name}'s: it gave {_shapes_text(outs)}, {self.f_name} gave "
                             f"{_shapes_text(self.outputs)}")

    def evaluate(self, args=None) -> np.ndarray:
        """All outputs of the reference function at ``args``, flattened into one float64 vector."""
        if self._tentative:
            try:
                outs = self._call_reference(self.numeric_inputs if args is None else args)
                fits = len(outs) == len(self.outputs) and all(
                    tf.is_tensor(o) and o.dtype == tf.float64 and o.shape == y.shape
                    for o, y in zip(outs, self.outputs))
            except LearnerCodeError:
                fits = False                # the function works only in its own dtype
            if not fits:
                self._own_dtype()
                raise _NotFloat64
            self._tentative = False
        else:
            outs = self._call_reference(self.numeric_inputs if args is None else args)
        return np.concatenate([np.asarray(o.numpy(), dtype=np.float64).reshape(-1) for o in outs])

    def sources(self) -> list["_Source"]:
        out = [_Source(self, i, None) for i, d in enumerate(self.differentiable) if d]
        return out + [_Source(self, None, v) for v in self.variables]


def _draw(rng, shape) -> np.ndarray:
    """A random upstream or direction: entries uniform in [−1, 1]. Any continuous distribution makes a wrong
    gradient's error cancel with probability 0; this one is drawn three times faster than a normal one."""
    return rng.uniform(-1.0, 1.0, shape)


_EPS = {"float16": 2.0 ** -10, "bfloat16": 2.0 ** -7, "float32": 2.0 ** -23, "float64": 2.0 ** -52}
"""Machine epsilon per dtype (NumPy's finfo does not know bfloat16)."""


def _dense(grads: list, like: list | None = None) -> list:
    """``grads`` with sparse gradients (tf.IndexedSlices, from tf.gather or an embedding) made dense.

    A tf.IndexedSlices without dense_shape takes the shape of its tensor in ``like``."""
    out = []
    for k, g in enumerate(grads):
        if isinstance(g, tf.IndexedSlices):
            if g.dense_shape is None and like is not None and k < len(like) and like[k] is not None:
                rows = int(like[k].shape[0])
                g = tf.math.unsorted_segment_sum(g.values, g.indices, rows)
            else:
                g = tf.convert_to_tensor(g)
        out.append(g)
    return out


class _NotFloat64(HelperSignal):
    """The function refused float64: the finite differences start again in its own dtype."""


class _Source:
    """One thing a gradient is taken with respect to: an input or a variable; perturbs it for differences."""

    def __init__(self, probe: _Probe, index: int | None, variable: tf.Variable | None):
        self.probe, self.index, self.variable = probe, index, variable
        if variable is None:
            self.value = probe.numeric_inputs[index]
        else:
            self.value = tf.convert_to_tensor(variable)
        self.dtype = self.value.dtype
        self.base = np.asarray(self.value.numpy(), dtype=np.float64)
        self.shape = self.base.shape
        magnitude = np.abs(self.base)
        self.scale = np.where(magnitude > 1e-30, magnitude, 1.0)      # steps relative to each entry
        # Directions are scaled like the steps, so ⟨g, v⟩ shrinks with small inputs: so must the absolute tolerance
        # (it is meant for gradient entries), or a wrong gradient of tiny inputs would pass under it.
        flat = self.scale.reshape(-1)
        self.atol_unit = min(1.0, float(np.sqrt(np.dot(flat, flat) / flat.size))) if flat.size else 1.0
        self.first_step = _FIRST_STEP.get(self.dtype.name, 5e-3)
        self.eps = float(np.finfo(self.dtype.as_numpy_dtype).eps)

    def _at(self, values: np.ndarray) -> np.ndarray:
        point = tf.constant(values, dtype=self.dtype)
        if self.variable is None:
            args = list(self.probe.numeric_inputs)
            args[self.index] = point
            return self.probe.evaluate(args)
        self.variable.assign(point)
        try:
            return self.probe.evaluate()
        finally:
            self.variable.assign(self.value)

    def represented(self, values: np.ndarray) -> np.ndarray:
        """``values`` as the function sees them (rounded to the source's dtype), in float64."""
        if self.dtype == tf.float64:
            return np.asarray(values, dtype=np.float64)
        if self.dtype in (tf.float32, tf.float16):          # NumPy rounds to nearest, as TensorFlow does
            return np.asarray(values, dtype=np.float64).astype(self.dtype.as_numpy_dtype).astype(np.float64)
        return np.asarray(tf.constant(values, dtype=self.dtype).numpy(), dtype=np.float64)

    def jvp(self, direction: np.ndarray, h: float) -> tuple[np.ndarray, np.ndarray, int] | None:
        """``((f(x⁺) − f(x⁻)) / 2h, (x⁺ − x⁻) / 2h, unchanged)`` with ``x± = x ± h·scale·direction``.

        ``x±`` are taken as the function sees them (rounded to the source's
        dtype), and the second value is the direction actually taken, so the
        custom side is compared along exactly that direction. ``unchanged``
        counts the outputs that did not move at all: more of them at a smaller
        step means the step fell below the function's resolution. ``None``
        when the step is lost to rounding of the input itself.
        """
        step = h * self.scale * direction
        plus, minus = self.represented(self.base + step), self.represented(self.base - step)
        taken = (plus - minus) / (2 * h)
        wanted = self.scale * direction
        lost = self.dtype != tf.float64 or h < 1e-9           # relative steps of 1e-9 and up survive float64
        if lost and not np.allclose(taken, wanted, rtol=0.1, atol=0.1 * float(np.max(np.abs(wanted)) or 1)):
            return None
        f_plus, f_minus = self._at(plus), self._at(minus)
        with np.errstate(invalid="ignore", over="ignore"):      # inf − inf where a low precision overflows
            return (f_plus - f_minus) / (2 * h), taken, int(np.count_nonzero(f_plus == f_minus))

    def one_sided(self, direction: np.ndarray, h: float) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
        """``f(x⁺) − f(x), f(x) − f(x⁻)`` (divided by h) and the direction taken."""
        step = h * self.scale * direction
        plus, minus = self.represented(self.base + step), self.represented(self.base - step)
        center = self._at(self.base)
        return (self._at(plus) - center) / h, (center - self._at(minus)) / h, (plus - minus) / (2 * h)


# --------------------------------------------------------------------------- comparing
def _dot(a, b) -> float:
    return float(np.dot(np.asarray(a, dtype=np.float64).reshape(-1), np.asarray(b, dtype=np.float64).reshape(-1)))


def _flat(us: list[np.ndarray]) -> np.ndarray:
    return np.concatenate([np.asarray(u, dtype=np.float64).reshape(-1) for u in us])


@dataclass
class _Comparison:
    """⟨grad(u_a), v_b⟩ (custom) against ⟨u_a, J v_b⟩ (numerical) for every pair, at one step."""

    custom: np.ndarray
    numerical: np.ndarray
    scale: np.ndarray
    jvps: list
    directions: list
    h: float
    unchanged: int = 0

    def excess(self, rtol: float, atol: float, allowance: np.ndarray | float = 0.0) -> np.ndarray:
        return np.abs(self.custom - self.numerical) - (atol + rtol * self.scale + allowance)


def _compare(source: _Source, gs: list[np.ndarray], us_flat: list[np.ndarray], directions, h) -> _Comparison | None:
    jvps, taken, unchanged = [], [], 0
    for d in directions:
        result = source.jvp(d, h)
        if result is None:
            return None
        jvps.append(result[0])
        taken.append(result[1])
        unchanged += result[2]
    custom = np.array([[_dot(g, v) for v in taken] for g in gs])
    numerical = np.array([[_dot(u, jv) for jv in jvps] for u in us_flat])
    # The scale a difference is judged against: the two sides, or (when the random sum cancels) a tenth of
    # the typical size of such a sum, so that cancellation neither hides a wrong gradient nor invents one.
    n = max(1, int(np.prod(source.shape)))
    spread = np.array([[_dot(np.abs(g), np.abs(v)) for v in taken] for g in gs]) / np.sqrt(n)
    scale = np.maximum(np.maximum(np.abs(custom), np.abs(numerical)), 0.1 * spread)
    return _Comparison(custom, numerical, scale, jvps, taken, h, unchanged)


@dataclass
class _Verdict:
    agrees: bool
    comparison: _Comparison
    noise: float = 0.0            # the finite differences' own error at the best step, relative
    settled: bool = True          # whether any step gives a stable estimate


def _confirm(source: _Source, gs, us_flat, directions, first: _Comparison, rtol, atol) -> _Verdict:
    """Re-compare at a ladder of step sizes; report a mismatch only if no step explains it as method error.

    A step too large suffers truncation error, one too small rounding noise
    (more so when the function computes in lower precision inside than its
    dtype says). The pair of neighbouring steps whose residuals agree best
    estimates the finite differences' own error; the gradient agrees if its
    residual there is within the tolerance plus that error.
    """
    ladder = []
    for factor in _LADDER:
        h = source.first_step * factor
        if h < 30 * source.eps:
            continue
        c = first if factor == 1.0 else _compare(source, gs, us_flat, directions, h)
        if c is not None and np.all(np.isfinite(c.numerical)):
            ladder.append(c)
    if ladder:      # steps below the function's resolution leave outputs unchanged: drop them
        fewest = min(c.unchanged for c in ladder)
        ladder = [c for c in ladder if c.unchanged == fewest]
    if len(ladder) < 2:
        return _Verdict(False, first, settled=False)
    residual = [c.custom - c.numerical for c in ladder]
    width = 3 if len(ladder) >= 3 else 2           # three neighbouring steps that agree, where there are three
    spread = [max(np.max(np.abs(residual[k + j] - residual[k + j + 1])) for j in range(width - 1))
              for k in range(len(ladder) - width + 1)]
    best = int(np.argmin(spread))
    chosen = ladder[best + width - 1]          # the smallest step of the most consistent neighbours
    error_estimate = float(spread[best])
    scale = float(np.max(chosen.scale)) or 1.0
    settled = error_estimate <= 0.05 * scale
    agrees = settled and bool(np.all(chosen.excess(rtol, atol, 3 * error_estimate) <= 0))
    return _Verdict(agrees, chosen, noise=error_estimate / scale, settled=settled)


def _float64_differs(probe: _Probe) -> bool:
    """True when the function computes other values in float64 than in its own dtype, beyond rounding
    (a random draw seeded for one dtype, a lookup by dtype): float64 finite differences would judge another
    function."""
    if probe.reference is not probe.f or probe.numerical_dtype != "float64" or \
            any(y.dtype == tf.float64 for y in probe.outputs):
        return False                # (an expect= function is another function: its values differ anyway)
    try:
        wide = probe.evaluate()
    except _NotFloat64:
        return False
    own = probe.output_values()
    size = float(np.max(np.abs(own))) if own.size else 0.0
    return bool(np.any(np.abs(wide - own) > 1e-2 * size + 1e-6))


def _is_random(probe: _Probe, calls: int = 4) -> bool:
    """True when calls at the same point disagree. Several calls: a dropout mask on a few entries can
    repeat between two calls (rate 0.3 on 8 entries: 1 time in 75), not between four."""
    first = probe.evaluate()
    return any(not np.allclose(first, probe.evaluate(), rtol=1e-12, atol=0, equal_nan=True) for _ in range(calls - 1))


def _is_kink(source: _Source, us_flat: list[np.ndarray], directions, scale: float, mismatch: float) -> bool:
    """True when one-sided differences disagree, keep disagreeing as the step shrinks, and their gap is large
    enough to explain the mismatch (a kink met by a direction that weighs it little is still a kink)."""
    gaps = []
    for factor in (1.0, 1 / 16):
        h = source.first_step * factor * (4 if source.dtype == tf.float64 else 1)
        if h < 30 * source.eps:
            return False
        forward, backward, _ = source.one_sided(directions[0], h)
        gaps.append(abs(_dot(us_flat[0], forward) - _dot(us_flat[0], backward)))
    return gaps[1] > min(0.05 * scale, 0.5 * mismatch) and gaps[1] > 1e-3 * scale and gaps[1] > 0.5 * gaps[0]


# --------------------------------------------------------------------------- diagnosis
def _diagnose_values(probe: _Probe, k: int, gs, us, comparison: _Comparison, x_shape, rtol, atol,
                     against: str) -> tuple[str, str]:
    """Name the likely mistake behind gradients whose values are wrong (k: the source's gradient index)."""
    c, d = comparison.custom, comparison.numerical
    ones_d = np.array([np.sum(jv) for jv in comparison.jvps])       # ⟨1, J v_b⟩
    scale = max(1e-30, float(np.max(np.abs(d))), float(np.max(comparison.scale)))
    close = lambda p, q: np.all(np.abs(p - q) <= 10 * (atol + rtol * scale))
    flat_forward = float(np.max(np.abs(d))) <= atol and float(np.max(np.abs(c))) > 10 * atol

    if np.all(np.abs(c) <= atol) and not flat_forward:
        return "zeros", "grad returns zeros: the gradient should not be zero here"
    if flat_forward:
        return "surrogate", (f"{against} is flat here (finite differences see no change) but grad returns a "
                             "nonzero gradient: a straight-through or surrogate gradient. If that is on purpose, "
                             "say so: check_gradients(..., expect='surrogate'), or expect=<the smooth function "
                             "whose slope grad uses>")
    if len(gs) > 1 and np.allclose(gs[0], gs[1], rtol=1e-6, atol=1e-12) and not close(d[0], d[1]):
        if close(c[0], ones_d):
            return "upstream_ignored", ("upstream ignored: grad returns the local derivative Jᵀ·1 whatever "
                                        "upstream it is given. Multiply by upstream: return upstream * local "
                                        "(for vectors, Jᵀ · upstream)")
        return "upstream_ignored", ("upstream ignored: grad returns the same gradient whatever upstream it is "
                                    "given; use upstream")
    if not _linear_in_upstream(probe, k, us, gs):
        return "not_linear", ("grad is not linear in upstream: grad(u₁ + u₂) ≠ grad(u₁) + grad(u₂). The gradient of "
                              "a derivative always is: upstream must multiply the local derivative (or Jᵀ be "
                              "applied to it), not be added to it, squared or clipped. If the gradient is clipped or "
                              "normalised on purpose, check with expect='surrogate'")
    with np.errstate(divide="ignore", invalid="ignore"):
        ratio = c / d
    usable = np.isfinite(ratio) & (np.abs(d) > 1e-3 * scale)
    if usable.sum() >= 2 or (usable.sum() == 1 and c.size == 1):
        r = ratio[usable]
        spread = max(1e-3, 16 * _lowest_eps(probe))         # float16's gradients are rounded to about 1e-3
        if np.all(np.abs(r - r[0]) <= spread * max(1.0, abs(r[0]))):
            factor = float(np.mean(r))
            if abs(factor - 1) < 1e-2:
                return "near_tolerance", (f"the gradient is within {abs(factor - 1):.1e} of the numerical one, "
                                          f"just outside rtol={rtol:g}: if the function computes in float32 "
                                          "inside, pass rtol=1e-4 (or check it in float64); otherwise look for a "
                                          "small missing term")
            if abs(factor + 1) < spread:
                return "wrong_sign", ("wrong sign: the gradient is exactly minus the right one. Check the sign "
                                      "of the local derivative")
            if factor < 0:
                return "reversal", (f"the gradient is exactly {factor:.4g} times {against}'s derivative: a "
                                    f"gradient reversal (λ = {-factor:.4g}), or a wrong sign and factor. If the "
                                    f"reversal is on purpose, say so: expect=lambda x: {factor:.4g} * x (or "
                                    "expect='surrogate')")
            hint = " (a missing or extra factor 2?)" if min(abs(factor - 2), abs(factor - 0.5)) < spread else ""
            return "constant_factor", (f"off by a constant factor: the gradient is {factor:.4g} times the right "
                                       f"one{hint}")
    if len(x_shape) == 2 and x_shape[0] == x_shape[1]:
        ct = np.array([[_dot(np.transpose(g), v) for v in comparison.directions] for g in gs])
        if close(ct, d):
            return "transposed", "transposed: the gradient is right once transposed. A gradient has its input's layout"
    partial = None if probe.second_order else _partial_agreement(probe, k, gs, us, x_shape, rtol, atol)
    if partial:
        return "partial", partial
    return "wrong_values", ("wrong values, with no simple pattern (not a sign, a factor, a transpose or an ignored "
                            "upstream): re-derive the gradient, or compare it entry by entry with mode='full'")


def _linear_in_upstream(probe: _Probe, k: int, us: list[list[np.ndarray]], gs: list[np.ndarray]) -> bool:
    """grad(u₁ + u₂) == grad(u₁) + grad(u₂) and grad(3u₁) == 3 grad(u₁), for the k-th gradient."""
    if len(us) < 2 or len(gs) < 2:
        return True
    try:
        summed = _gradient_k(probe, k, [a + b for a, b in zip(us[0], us[1])])
        tripled = _gradient_k(probe, k, [3 * a for a in us[0]])
    except _Problem:
        return True
    if summed is None or tripled is None or summed.shape != gs[0].shape or tripled.shape != gs[0].shape:
        return True
    size = max(1e-30, float(np.max(np.abs(gs[0]))), float(np.max(np.abs(gs[1]))))
    # Rounding in the lowest precision involved (float16 upstreams round u₁ + u₂ and 3u₁ themselves).
    rtol = max(1e-4, 16 * _lowest_eps(probe))
    return bool(np.allclose(summed, gs[0] + gs[1], rtol=rtol, atol=rtol * size / 10)
                and np.allclose(tripled, 3 * gs[0], rtol=rtol, atol=rtol * size / 10))


def _lowest_eps(probe: _Probe) -> float:
    """The machine epsilon of the lowest precision among the inputs and outputs (grad computes in those)."""
    return max([_EPS.get(t.dtype.name, 2.0 ** -23) for t in list(probe.xs) + list(probe.outputs)
                if tf.is_tensor(t) and t.dtype.is_floating] or [2.0 ** -23])


def _gradient_k(probe: _Probe, k: int, us) -> np.ndarray | None:
    gin, gvar = probe.vjp(us)
    g = (gin + gvar)[k] if k < len(gin) + len(gvar) else None
    return None if g is None else np.asarray(tf.convert_to_tensor(g).numpy(), dtype=np.float64)


def _partial_agreement(probe: _Probe, k: int, gs, us, x_shape, rtol, atol) -> str | None:
    """For an elementwise function of one input: where does grad agree with the derivative, where not?"""
    if len(probe.outputs) != 1 or tuple(probe.outputs[0].shape) != tuple(x_shape) or probe.variables:
        return None
    sources = probe.sources()
    if len(sources) != 1:
        return None
    source = sources[0]
    result = source.jvp(np.ones(x_shape), source.first_step)
    if result is None:
        return None
    jv, taken, _ = result
    slope = jv.reshape(x_shape) / np.where(taken == 0, 1, taken)          # f'(x) entry by entry
    # Only for an elementwise function is that the slope: along another direction each entry must move by its
    # own slope times that entry of the direction (layer norm, softmax, a sum over a row are not elementwise).
    other = np.linspace(0.5, 1.5, int(np.prod(x_shape))).reshape(x_shape)
    second = source.jvp(other, source.first_step)
    if second is None:
        return None
    jv2, taken2, _ = second
    expected = slope * taken2.reshape(x_shape)
    if not np.allclose(jv2.reshape(x_shape), expected, rtol=1e-3, atol=1e-3 * float(np.max(np.abs(expected)) or 1)):
        return None
    u = np.asarray(us[0][0], dtype=np.float64)
    want = u * slope
    tol = 10 * (atol + rtol * np.maximum(np.abs(want), np.abs(gs[0])))
    agree = np.abs(gs[0] - want) <= tol
    if agree.all() or not agree.any():
        return None
    xs = source.base
    show = lambda mask: ", ".join(f"{v:.3g}" for v in xs[mask].reshape(-1)[:4])
    return (f"grad agrees with the derivative at some entries (x = {show(agree)}) and not at others "
            f"(x = {show(~agree)}): a surrogate used on part of the domain (such as a straight-through estimator "
            "clipped to [-1, 1]) or a formula that is right only in one region. If it is on purpose, check with "
            "expect='surrogate' or expect=<the function whose slope grad follows>")


def _diagnose_shape(g: np.ndarray, x_shape: tuple, comparison: _Comparison, u_flat, rtol, atol) -> tuple[str, str]:
    """Explain a gradient of the wrong shape and, where it can, what would fix it."""
    where = f"grad returned shape {tuple(g.shape)} for an input of shape {x_shape}"
    rule = "a gradient always has its input's shape"
    d = np.array([_dot(u_flat, jv) for jv in comparison.jvps])
    scale = max(1e-30, float(np.max(np.abs(d))))

    def matches(candidate):
        c = np.array([_dot(candidate, v) for v in comparison.directions])
        return np.all(np.abs(c - d) <= 10 * (atol + rtol * scale))

    if len(x_shape) == 2 and tuple(g.shape) == x_shape[::-1] and matches(g.T):
        return "transposed", f"{where}: it is transposed; {rule}. Swap the operands' order or transpose it"
    try:
        broadcast = np.broadcast_shapes(x_shape, g.shape) == tuple(g.shape)
    except ValueError:
        broadcast = False
    if broadcast and g.size != int(np.prod(x_shape)):
        lead = g.ndim - len(x_shape)
        axes = tuple(range(lead)) + tuple(lead + i for i, n in enumerate(x_shape) if n == 1 and g.shape[lead + i] != 1)
        reduced = np.sum(g, axis=axes).reshape(x_shape) if axes else g
        if matches(reduced):
            reshape = "" if np.sum(g, axis=axes).shape == x_shape else f" (then reshape to {x_shape})"
            return "not_summed", (f"{where}: broadcast dimension(s) not summed. The input was broadcast in the "
                                  f"forward pass, so sum its gradient over axes {axes}: "
                                  f"tf.reduce_sum(g, axis={axes}){reshape}")
    if g.size == int(np.prod(x_shape)) and matches(g.reshape(x_shape)):
        return "reshape", f"{where}: the values are right but the shape is not; {rule}: tf.reshape(g, tf.shape(x))"
    return "wrong_shape", f"{where}; {rule}. TensorFlow accepts this silently and passes it on"


# --------------------------------------------------------------------------- the checker
def check_gradients(f: Callable, *inputs, mode: str = "fast", rtol: float | None = None,
                    atol: float | None = None, seed: int = 0, raise_on_failure: bool = True,
                    expect: str | Callable | None = None, order: int = 1, graph: bool = False) -> GradientReport:
    """Check ``f``'s gradient against finite differences; explain what is wrong.

    Parameters
    ----------
    f:
        A callable taking tensors positionally (typically decorated with
        ``tf.custom_gradient``) and returning a floating-point tensor, or a
        tuple of them (several outputs are checked together). Settings that
        are not inputs (a mode, a flag) are bound first:
        ``check_gradients(lambda x: f(x, mode="a"), x)``.
    *inputs:
        The point to check at: tensors, variables, NumPy arrays or numbers.
        Floating-point inputs must get a gradient of their own shape and
        dtype; integer inputs are not differentiable and must get ``None``.
        Variables that ``f`` reads are found and checked too.
    mode:
        ``"fast"`` (random directional tests, cheap at any size) or
        ``"full"`` (both Jacobians, kept on the report for plotting).
    rtol, atol:
        Tolerances; by default they depend on each input's dtype, so a correct
        float32 gradient does not raise a false alarm.
    seed:
        Seed of the random upstream gradients and directions.
    raise_on_failure:
        Raise :class:`GradientCheckError` (an ``AssertionError``) when a
        gradient is wrong; otherwise just return the report.
    expect:
        ``None``: the gradient must be ``f``'s derivative. ``"surrogate"``:
        the backward pass differs on purpose; the contract (count, shapes,
        dtypes, finite values) is checked and the report says what the
        backward pass does. A function ``g`` of the same inputs: the
        gradient must be ``g``'s derivative (``lambda x: x`` for a
        straight-through estimator, ``lambda x: tf.clip_by_value(x, -1, 1)``
        for a hard-tanh one).
    order:
        ``2`` checks the gradient of the gradient as well: the derivative of
        ``grad``'s result with respect to the inputs (notebook 07), and the
        first derivative it is built on.
    graph:
        Also run ``f`` and its gradient inside ``tf.function`` and report any
        difference from eager execution.

    Returns
    -------
    GradientReport
        ``.ok``; ``.inputs`` (one :class:`InputResult` per input and
        variable, with the relative error and the likely cause); ``str()``
        and an HTML view.

    Example
    -------
    >>> import tensorflow as tf
    >>> @tf.custom_gradient
    ... def scale_by_A(x, A):
    ...     y = tf.linalg.matvec(A, x)
    ...     def grad(upstream):
    ...         return tf.linalg.matvec(A, upstream, transpose_a=True), tf.tensordot(upstream, x, axes=0)
    ...     return y, grad
    >>> report = check_gradients(scale_by_A, tf.ones([3]), tf.reshape(tf.range(15.0), (5, 3)))
    >>> [r.result for r in report.inputs]
    ['ok', 'ok']
    """
    if not callable(f):
        raise TypeError(f"check_gradients(f, *inputs) needs a function first, got {type(f).__name__}")
    if mode not in ("fast", "full"):
        raise ValueError(f"mode must be 'fast' or 'full', got {mode!r}")
    if not inputs:
        raise ValueError("give the inputs to check at: check_gradients(f, x) or check_gradients(f, x, A)")
    if not isinstance(seed, (int, np.integer)) or isinstance(seed, bool):
        raise TypeError(f"seed must be a whole number, got {seed!r}")
    if seed < 0:
        raise ValueError(f"seed must be a whole number ≥ 0, got {seed}")
    for name, value in (("raise_on_failure", raise_on_failure), ("graph", graph)):
        if not isinstance(value, (bool, np.bool_)):
            raise TypeError(f"{name} must be True or False, got {value!r}")
    if order not in (1, 2) or isinstance(order, bool):
        raise ValueError(f"order must be 1 (the gradient) or 2 (also the gradient of the gradient), got {order!r}")
    if not (expect is None or expect == "surrogate" or callable(expect)):
        raise ValueError(f"expect must be None, 'surrogate' or a function whose derivative grad should equal, "
                         f"got {expect!r}")
    for name, value in (("rtol", rtol), ("atol", atol)):
        if value is not None and (isinstance(value, bool) or not isinstance(value, numbers.Real)
                                  or not np.isfinite(value) or value < 0):
            raise ValueError(f"{name} must be a finite number ≥ 0, got {value!r}")
    names = _input_names(f, len(inputs))
    float_dtype = _float_dtype_of(inputs)
    # Each tensor gets an identity of its own (f(x, x) has two inputs, and f may also read the tensor passed as a
    # constant, which the tape must not differentiate). Python numbers next to tensors are
    # settings, passed to f as they are; numbers alone, as in check_gradients(f, 2.0), are the point itself.
    alone = all(_is_setting(x) for x in inputs)
    xs = []
    for x, n in zip(inputs, names):
        if _is_setting(x) and not alone:
            xs.append(x)
        elif _is_setting(x):
            xs.append(tf.constant(x))
        else:
            xs.append(_copy(_as_tensor(x, n, float_dtype)))
    for x, n in zip(xs, names):
        if tf.is_tensor(x) and x.dtype.is_floating and x.shape.num_elements() == 0:
            raise ValueError(f"input {n!r} is empty (shape {tuple(x.shape)}): there is nothing to check; give it "
                             "at least one entry")
    probe_size = sum(_size(x) for x in xs if tf.is_tensor(x))
    if probe_size > _MAX_INPUT_ENTRIES:
        raise ValueError(f"the inputs hold {probe_size:,} entries; check_gradients takes up to "
                         f"{_MAX_INPUT_ENTRIES:,} (its finite differences keep float64 copies of them, and a wrong "
                         "gradient's diagnosis needs several: more could exhaust a notebook's memory). Check the "
                         "function on a smaller input of the same kind: a gradient right there is right at any size.")
    if mode == "full":
        if probe_size * max(1, probe_size) > _FULL_MODE_MAX_ENTRIES:
            raise ValueError(f"mode='full' builds Jacobians entry by entry, too slow for {probe_size} input "
                             "entries; use mode='fast' (the default) for inputs this large")

    float_dtype = next((x.dtype for x in xs if _is_float(x)), tf.float32)
    d_rtol, d_atol = _TOLERANCES.get(float_dtype, _TOLERANCES[tf.float32])
    expect_name = None if expect is None else ("'surrogate'" if expect == "surrogate" else _function_name(expect))
    report = GradientReport(_function_name(f), mode, d_rtol, d_atol, int(seed), "—",
                            [_entry(n, x) for n, x in zip(names, xs)], order=order, expect=expect_name,
                            graph=bool(graph))
    target = f
    try:
        if order == 2:
            target = _gradient_function(f, xs, names, np.random.default_rng(seed + 1000))
        reference = expect if callable(expect) and order == 1 else None
        probe = _Probe(target, xs, names, reference)
        probe.second_order = order == 2
    except _Problem as p:
        if not any(_is_float(x) for x in xs):
            raise ValueError(_NO_FLOAT_INPUT) from None
        report.problem, report.mistake, report.error = p.message, p.mistake, p.error
        return _finish(report, raise_on_failure)
    if not any(_is_float(x) for x in xs):
        if not probe.variables:
            raise ValueError(_NO_FLOAT_INPUT)
        float_dtype = probe.variables[0].dtype          # an embedding: integer ids in, a variable table read
        d_rtol, d_atol = _TOLERANCES.get(float_dtype, _TOLERANCES[tf.float32])
    report.numerical_dtype = probe.numerical_dtype
    output_size = sum(y.shape.num_elements() or 0 for y in probe.outputs)
    input_size = sum(_size(x) for x in xs if tf.is_tensor(x))
    if mode == "full" and output_size * max(1, input_size) > _FULL_MODE_MAX_ENTRIES:
        raise ValueError(f"mode='full' builds Jacobians of {output_size} outputs × {input_size} input entries, too "
                         "large; use mode='fast' (the default) for functions this large")
    if probe.numerical_dtype != "float64":
        d_rtol, d_atol = max(d_rtol, _LOW_PRECISION_NUMERICAL[0]), max(d_atol, _LOW_PRECISION_NUMERICAL[1])
    report.user_rtol, report.user_atol = rtol is not None, atol is not None
    report.inputs_dtype = float_dtype.name
    report.rtol = d_rtol if rtol is None else float(rtol)
    report.atol = d_atol if atol is None else float(atol)
    taken = {r.name for r in report.inputs}
    for v in probe.variables:
        name = v.name.split(":")[0]
        name = name if name not in taken else f"{name} ({len(taken)})"
        taken.add(name)
        report.inputs.append(InputResult(name, tuple(v.shape), v.dtype.name, True, kind="variable"))
    try:
        _check_all(probe, report, np.random.default_rng(seed), expect == "surrogate")
        if not report.ok and not probe.single:
            _explain_outputs(probe, report)
        if report.ok and graph:
            _check_in_graph(target, xs, probe, report, np.random.default_rng(seed))
    except _Problem as p:
        report.problem, report.mistake, report.error = p.message, p.mistake, p.error
    except LearnerCodeError as e:
        p = _raised("the forward pass", e)
        report.problem, report.mistake, report.error = p.message, p.mistake, p.error
    bound = _bound_by_keyword(f)
    if report.mistake == "count" and bound:
        report.mistake = "keyword_call"
        report.problem = (f"the function checked is a functools.partial that passes {', '.join(bound)} by keyword, and "
                          "TensorFlow gives no gradient to a custom-gradient function's keyword arguments, so grad's "
                          f"gradient for {bound[0]} has nowhere to go. Pass it positionally, lambda x: f(x, "
                          f"{bound[0]}), or check it as an input too: check_gradients(f, x, {bound[0]}). "
                          f"({report.problem})")
    if order == 2:
        disconnected = _disconnected_second_derivative(f, xs, names)
        if report.ok and not report.problem:
            _fail_hidden_second_derivatives(f, xs, names, disconnected, report)
        _second_order_words(report, disconnected)
        if not report.problem:
            _blame_the_first_derivative(f, inputs, report, mode, seed)
    return _finish(report, raise_on_failure)


def _blame_the_first_derivative(f: Callable, inputs: tuple, report: GradientReport, mode: str, seed: int) -> None:
    """The second derivative is checked on top of the first: where the first is wrong, say so, pass or fail.

    (A wrong first derivative can leave the second-order sums nearly unchanged, a constant slope off, say.)"""
    first = check_gradients(f, *inputs, mode=mode, seed=seed, raise_on_failure=False)
    for entry in report.inputs:
        other = next((r for r in first.inputs if r.name == entry.name), None)
        if other is None or other.ok or entry.kind == "setting":
            continue
        cause = (f"the first derivative is already wrong (check_gradients(f, ...) without order=2 says: "
                 f"{other.cause or other.result}). Fix it first: the second derivative is the derivative of the "
                 "first")
        if entry.ok:
            entry.fail("wrong values", "first_order_wrong", cause)
        else:
            entry.mistake, entry.cause = "first_order_wrong", cause


_NO_FLOAT_INPUT = ("none of the inputs is floating point and the function reads no tf.Variable, so there is no "
                   "gradient to check; pass float inputs, e.g. tf.constant([1.0, 2.0])")


def _bound_by_keyword(f: Callable) -> list[str]:
    """The names a functools.partial binds to tensors or arrays by keyword (empty for anything else)."""
    if not isinstance(f, functools.partial):
        return []
    return [k for k, v in (f.keywords or {}).items()
            if tf.is_tensor(v) or isinstance(v, (np.ndarray, tf.Variable))]


def _entry(name: str, x) -> InputResult:
    if _is_setting(x):
        return InputResult(name, (), type(x).__name__, False, kind="setting", result="setting (not checked)")
    return InputResult(name, tuple(x.shape), x.dtype.name, x.dtype.is_floating)


def _finish(report: GradientReport, raise_on_failure: bool) -> GradientReport:
    if report.problem:
        for r in report.inputs:
            if r.ok and r.result == "ok" and r.error is None:
                r.result = "not checked"
    if raise_on_failure and not report.ok:
        raise GradientCheckError(report) from None     # the learner's error is on report.error, in words
    return report


def _check_all(probe: _Probe, report: GradientReport, rng, surrogate: bool) -> None:
    us = probe.upstreams(rng)
    gin, gvar = probe.vjp(us)
    if len(gin) != len(probe.xs):
        names = ", ".join(probe.names)
        if not probe.variables and len(gin) == len(probe.xs) + 1 and isinstance(gin[-1], (list, tuple)):
            raise _Problem("count", f"grad returned the gradient(s) and then a list ({len(gin[-1])} entries): the "
                                    "pair (input gradients, [variable gradients]) is only for a function that reads "
                                    "tf.Variables, and this one reads none. Return one gradient per input "
                                    f"({names}), nothing else")
        raise _Problem("count", f"wrong number of gradients: grad returned {len(gin)} for {len(probe.xs)} input(s) "
                                f"({names}). Return one per input, in order; None for non-float inputs")
    if len(gvar) != len(probe.variables):
        raise _Problem("variables_form", f"grad returned {len(gvar)} variable gradient(s) for "
                                         f"{len(probe.variables)} variable(s): one per variable, in order")
    grads = gin + gvar
    _check_order(probe, gin)
    _check_forward_is_finite(probe, report)
    if report.problem:
        return                  # no finite difference can judge a gradient where the value is inf or NaN
    try:
        _check_each(probe, report, grads, us, rng, surrogate)
    except _NotFloat64:
        report.numerical_dtype = probe.numerical_dtype
        if probe.float64_differs:
            report.notes.append(f"in float64 the function computes other values than in {probe.numerical_dtype} "
                                "(a random draw or a choice that depends on the dtype?), so the finite "
                                f"differences are taken in {probe.numerical_dtype}")
        for entry in report.inputs:
            entry.ok, entry.result, entry.mistake, entry.cause, entry.note, entry.error = (
                True, "ok" if entry.kind != "setting" else entry.result, None, None, None, None)
        _check_each(probe, report, grads, us, rng, surrogate)


def _check_order(probe: _Probe, gin: list) -> None:
    """Gradients whose shapes fit the inputs only in another order are in the wrong order."""
    shapes = [tuple(x.shape) if tf.is_tensor(x) else None for x in probe.xs]
    got = [tuple(np.shape(g)) if g is not None else None for g in gin]
    if len(set(s for s in shapes if s is not None)) < 2 or got == shapes:
        return
    if sorted(map(str, got)) == sorted(map(str, shapes)):
        names = ", ".join(probe.names)
        raise _Problem("order", f"grad returned the gradients in another order than the inputs ({names}): their "
                                "shapes fit the inputs only when reordered. Return them in the order of the inputs")


def _check_each(probe: _Probe, report: GradientReport, grads: list, us, rng, surrogate: bool) -> None:
    if probe.numerical_dtype != "float64":
        report.rtol = max(report.rtol, _LOW_PRECISION_NUMERICAL[0]) if not report.user_rtol else report.rtol
        report.atol = max(report.atol, _LOW_PRECISION_NUMERICAL[1]) if not report.user_atol else report.atol
    sources = iter(probe.sources())
    for i, entry in enumerate(report.inputs):
        g = grads[i]
        if entry.kind == "setting":
            continue            # a Python number: whatever grad returns for it, TensorFlow ignores
        if not entry.differentiable:
            if g is not None:
                entry.fail("should be None", "not_none", f"{entry.name} is {entry.dtype}, not differentiable: "
                                                         "grad must return None for it")
            else:
                entry.result = "None (ok)"
            continue
        _check_source(probe, next(sources), entry, i, g, us, rng, report, surrogate)


def _as_array(g) -> np.ndarray:
    return np.asarray(g.numpy() if tf.is_tensor(g) else g, dtype=np.float64)


def _check_source(probe: _Probe, source: _Source, entry: InputResult, index: int, g, us, rng,
                  report: GradientReport, surrogate: bool) -> None:
    """Check the gradient ``g`` for one input or variable (``index``: its place in grad's results)."""
    rtol, atol = _tolerances(report, probe, entry)
    x_shape = source.shape
    directions = [_draw(rng, x_shape)]
    us_flat = [_flat(us)]
    if probe.numerical_dtype == "float64" and not report.user_atol:
        atol = _scaled_atol(probe, source, us_flat[0], atol)
    if int(np.prod(x_shape)) == 0:
        entry.result = "empty (nothing to check)"
        return
    if g is None:
        first = _compare(source, [np.zeros(x_shape)], us_flat, directions, source.first_step)
        if first is not None and np.all(np.abs(first.numerical) <= atol + rtol * np.abs(first.numerical)):
            entry.result = "None (ok: no effect)"
        else:
            entry.fail("None", "none", f"grad returned None for {entry.name}, but the output depends on it. "
                                       "Return Jᵀ·upstream for every floating-point input")
        return
    if not tf.is_tensor(g):
        kind = "NumPy array" if isinstance(g, np.ndarray) else type(g).__name__
        entry.fail("not a tensor", "numpy_gradient",
                   f"grad returned a {kind} for {entry.name}, not a tensor: it works eagerly, but fails inside "
                   "tf.function and cannot be differentiated again. Compute it with TensorFlow operations "
                   "(tf.clip_by_value, tf.where ... instead of np.clip, np.where)")
        return
    if g.dtype.name != entry.dtype:
        entry.fail("wrong dtype", "wrong_dtype", f"grad returned dtype {g.dtype.name} for {entry.name} of dtype "
                                                 f"{entry.dtype}: cast it, tf.cast(g, {entry.name}.dtype)")
        return
    g0 = _as_array(g)
    entry.gradient_shape = tuple(g0.shape)
    if entry.gradient_shape != x_shape:
        first = _compare(source, [np.zeros(x_shape)], us_flat, directions, source.first_step)
        comparison = first or _Comparison(np.zeros((1, 1)), np.zeros((1, 1)), np.ones((1, 1)), [], [], 0.0)
        entry.fail("wrong shape", *_diagnose_shape(g0, x_shape, comparison, us_flat[0], rtol, atol))
        return
    if not np.all(np.isfinite(g0)):
        entry.fail("not finite", "not_finite", "grad returned inf or NaN; look for overflow (exp of a large "
                                               "number), 0/0 or 0·∞")
        return
    first = _compare(source, [g0], us_flat, directions, source.first_step)
    if first is None:
        entry.note = "the step is lost to rounding at this point; not checked"
        return
    entry.error = _relative_error(first)
    agrees = bool(np.all(first.excess(rtol, atol) <= 0))
    if agrees and np.any(first.excess(0.1 * rtol, 0.1 * atol) > 0):
        # A close call: a wrong gradient can pass one random sum whose terms nearly cancel (more likely on a small
        # input), a right one is rarely this far off. A second upstream and direction decide.
        us_again = probe.upstreams(rng)
        g_again = _gradient_k(probe, index, us_again)
        d_again, again = [_draw(rng, x_shape)], None
        if g_again is not None and g_again.shape == x_shape and np.all(np.isfinite(g_again)):
            again = _compare(source, [g_again], [_flat(us_again)], d_again, source.first_step)
        if again is not None and not np.all(again.excess(rtol, atol) <= 0):
            g0, us, us_flat, directions = g_again, us_again, [_flat(us_again)], d_again
            first, agrees, entry.error = again, False, _relative_error(again)
    full_ok = report.mode != "full" or _compare_full(probe, source, entry, index, rtol, report.atol)  # atol as is
    verdict = _Verdict(True, first) if agrees and full_ok else _confirm(source, [g0], us_flat, directions, first,
                                                                        rtol, atol)
    if verdict.agrees and not full_ok and entry.full_mismatch:
        # The random sums agree, yet one Jacobian entry is off by ten times what its differences allow: a mistake in
        # an entry the sums weigh little. (Closer calls are left to the sums, which judge the noise better.)
        entry.fail("wrong values", "wrong_values", entry.full_mismatch)
        return
    if verdict.agrees:
        entry.error = _relative_error(verdict.comparison) if not agrees else entry.error
        if surrogate:
            entry.note = "this gradient equals f's own derivative here: no surrogate needed"
        elif verdict.noise > 10 * rtol:
            entry.note = (f"the finite differences are noisy here (about {verdict.noise:.0e} relative, more than "
                          f"{report.numerical_dtype} rounding alone: large values in the output, or lower precision "
                          "inside the function); the gradient agrees within that noise")
        return
    scale = float(np.max(verdict.comparison.scale)) or 1.0
    if _is_random(probe):
        entry.fail("random forward", "random_forward",
                   "the forward pass is not deterministic: calls at the same point give different values "
                   "(dropout, random noise?). Fix the randomness (a fixed seed or mask) to check the gradient")
        return
    if _float64_differs(probe):
        probe.float64_differs = True
        probe._own_dtype()
        raise _NotFloat64          # start again, with the finite differences in the function's own dtype
    mismatch = float(np.max(np.abs(verdict.comparison.custom - verdict.comparison.numerical)))
    if _is_kink(source, us_flat, directions, scale, mismatch):
        entry.fail("not differentiable here", "not_differentiable",
                   "the function has a kink at this point (the slope jumps: one-sided differences disagree), so no "
                   "finite difference can judge the gradient here. Check at a point away from the kink (for relu, "
                   "abs or max, avoid exact zeros and ties)")
        return
    # A real mismatch (or a surrogate to describe): a second upstream and direction tell patterns apart.
    us2 = probe.upstreams(rng)
    g1 = _gradient_k(probe, index, us2)
    if g1 is None or g1.shape != x_shape:
        g1 = g0
    directions2 = directions + [_draw(rng, x_shape)]
    comparison = (_compare(source, [g0, g1], [us_flat[0], _flat(us2)], directions2, verdict.comparison.h)
                  or verdict.comparison)
    against = report.expect if report.expect not in (None, "'surrogate'") else "f"
    mistake, cause = _diagnose_values(probe, index, [g0, g1], [us, us2], comparison, x_shape, rtol, atol, against)
    entry.error = _relative_error(comparison)
    if surrogate:
        entry.result = "surrogate (ok)"
        entry.note = _surrogate_words(mistake, cause)
        return
    entry.fail("wrong values", mistake, cause)


def _tolerances(report: GradientReport, probe: _Probe, entry: InputResult) -> tuple[float, float]:
    """``(rtol, atol)`` for one input: the report's, or, unless the user chose them, its own dtype's when it
    differs from the first float input's (a float16 gradient next to float64 inputs is judged as float16)."""
    try:
        dtype = tf.as_dtype(entry.dtype)
    except TypeError:
        return report.rtol, report.atol
    if dtype not in _TOLERANCES or dtype.name == report.inputs_dtype:
        return report.rtol, report.atol
    rtol, atol = _TOLERANCES[dtype]
    if probe.numerical_dtype != "float64":
        rtol, atol = max(rtol, _LOW_PRECISION_NUMERICAL[0]), max(atol, _LOW_PRECISION_NUMERICAL[1])
    rtol = report.rtol if report.user_rtol else rtol
    atol = report.atol if report.user_atol else atol
    if (rtol, atol) != (report.rtol, report.atol):
        note = f"{entry.name} ({dtype.name}) is judged with {dtype.name}'s tolerances, rtol={rtol:g}, atol={atol:g}"
        if note not in report.notes:
            report.notes.append(note)
    return rtol, atol


def _scaled_atol(probe: _Probe, source: _Source, u: np.ndarray, atol: float) -> float:
    """The absolute tolerance for sums ⟨g, v⟩ along directions scaled like ``source``'s entries.

    Below 1, it shrinks with the entries' size (``atol`` is meant for gradient entries; unscaled, a wrong
    gradient of tiny inputs would pass under it), but not below the rounding noise of the float64
    differences, ``eps · Σ|u|·|y| / h``: where the forward's change is below that, nothing finer can be told.
    """
    y = probe.output_values()
    if y.shape != u.shape or not probe.finite_outputs:
        return atol
    noise = 4 * _EPS["float64"] * float(np.dot(np.abs(u), np.abs(y))) / source.first_step
    return min(atol, max(atol * source.atol_unit, noise))


def _relative_error(c: _Comparison) -> float:
    return float(np.max(np.abs(c.custom - c.numerical) / np.maximum(c.scale, 1e-30)))


def _surrogate_words(mistake: str, cause: str) -> str:
    """What a deliberate backward pass does, from the diagnosis it would get as a mistake."""
    words = {
        "surrogate": "f is flat here but grad passes a gradient: a straight-through or surrogate gradient",
        "not_linear": "grad is not linear in upstream: it clips or normalises the gradient",
        "reversal": cause.split(": a gradient reversal")[0] + ": a gradient reversal",
        "wrong_sign": "grad is exactly minus f's derivative: a gradient reversal with λ = 1",
        "partial": cause.split(": a surrogate")[0],
        "constant_factor": cause.replace("off by a constant factor: ", ""),
        "upstream_ignored": "grad ignores upstream, which no surrogate does on purpose: multiply by upstream",
        "zeros": "grad returns zeros: that stops learning rather than replacing the derivative",
    }
    return "surrogate: " + words.get(mistake, "grad differs from f's derivative here, in no simple pattern")


def _check_forward_is_finite(probe: _Probe, report: GradientReport) -> None:
    """A right gradient next to an inf or NaN forward value is still a broken function."""
    y = probe.output_values()
    if probe.finite_outputs:
        return
    bad = ~np.isfinite(y)
    where = int(np.argwhere(bad)[0][0])
    try:
        in_float64 = probe.evaluate() if probe.numerical_dtype == "float64" else None
    except _NotFloat64:
        in_float64 = None
    if in_float64 is not None and np.isfinite(in_float64[where]):
        report.problem = (f"the forward value overflows: it is {y[where]} at output entry {where}, where the same "
                          "function in float64 is finite. Compute the forward stably (for log(1 + exp(x)) use "
                          "tf.math.softplus), not only the gradient")
        report.mistake = "forward_overflow"
    else:
        report.problem = (f"the forward value is {y[where]} at output entry {where}: check the gradient at a "
                          "point where the function is finite")
        report.mistake = "forward_not_finite"


def _compare_full(probe: _Probe, source: _Source, entry: InputResult, k: int, rtol, atol) -> bool:
    """Both Jacobians entry by entry; kept on the entry for plotting."""
    sizes = [y.shape.num_elements() for y in probe.outputs]
    y_size = sum(sizes)
    x_size = int(np.prod(source.shape))
    custom = np.zeros((y_size, x_size))
    offsets = np.cumsum([0] + sizes)
    for row in range(y_size):
        e = np.zeros(y_size)
        e[row] = 1.0
        us = [e[offsets[j]:offsets[j + 1]].reshape(tuple(y.shape)) for j, y in enumerate(probe.outputs)]
        g = _gradient_k(probe, k, us)
        custom[row] = 0.0 if g is None or g.size != x_size else g.reshape(-1)
    numerical = np.zeros((y_size, x_size))
    # What a central difference cannot resolve: each output's rounding, eps·|y_i|, over the step in input entry j.
    y = np.abs(probe.output_values())
    y = np.where(np.isfinite(y), y, 0.0)
    eps = _EPS.get(probe.numerical_dtype, 2.0 ** -23)
    steps = (source.first_step * source.scale).reshape(-1)
    noise = 4 * eps * y[:, None] / np.where(steps > 0, steps, 1.0)[None, :]          # (outputs, input entries)
    for column in range(x_size):
        e = np.zeros(x_size)
        e[column] = 1.0
        best, ladder = None, []
        for factor in [1.0] + [f for f in _LADDER if f != 1.0]:    # the first step, then a ladder where it disagrees
            result = source.jvp(e.reshape(source.shape), source.first_step * factor)
            if result is None:
                continue
            jv, taken, unchanged = result
            estimate = jv / taken.reshape(-1)[column]
            if unchanged < y_size:                  # a step below the function's resolution moves no output
                ladder.append((factor, estimate))
            if best is None:
                best = estimate
            if np.all(np.abs(custom[:, column] - estimate)
                      <= atol + noise[:, column] + rtol * (np.abs(estimate) + np.max(np.abs(estimate)))):
                best = estimate
                break
        else:
            # No step agreed. Of neighbouring steps, the pair whose estimates agree best gives the differences'
            # own error here (truncation above, rounding below; more rounding when the function computes in a
            # lower precision inside than its dtype says): the estimate there, allowed that error.
            ladder.sort(key=lambda item: -item[0])
            pairs = [(float(np.max(np.abs(a - b))), a) for (_, a), (_, b) in zip(ladder, ladder[1:])]
            if pairs:
                error, best = min(pairs, key=lambda pair: pair[0])
                noise[:, column] = np.maximum(noise[:, column], error)
        numerical[:, column] = best if best is not None else np.nan
    entry.custom_jacobian, entry.numerical_jacobian = custom, numerical
    if not custom.size:
        entry.error = 0.0
        return True
    # Each column (one input entry) against its own size: an input may span 1e-8 to 1e3, and its derivatives too.
    with np.errstate(invalid="ignore"):
        scale = np.maximum(1.0, np.fmax(np.nanmax(np.abs(numerical), axis=0, initial=0.0),
                                        np.nanmax(np.abs(custom), axis=0, initial=0.0)))
        difference = np.abs(custom - numerical)
        entry.error = float(np.nanmax(difference / scale[None, :]))
        beyond = difference - noise
    allowed = atol + rtol * scale[None, :]
    if np.any(beyond > 10 * allowed):          # far beyond what the differences can explain: say where
        relative = np.nan_to_num(difference / scale[None, :], nan=0.0)
        row, column = np.unravel_index(int(np.argmax(relative)), relative.shape)
        entry.full_mismatch = (f"the Jacobians differ entry by entry: for output entry {row} and input entry {column}, "
                               f"grad gives {custom[row, column]:.6g} and the finite differences "
                               f"{numerical[row, column]:.6g}. The random sums agreed, because they weigh each entry "
                               "by its size: a mistake where the input is small")
    return not np.any(beyond > allowed)


def _explain_outputs(probe: _Probe, report: GradientReport) -> None:
    """For several outputs: name the output whose contribution to an input's gradient is wrong or missing."""
    rng = np.random.default_rng(report.seed + 7)
    sources = probe.sources()
    for i, (entry, source) in enumerate(zip([r for r in report.inputs if r.differentiable], sources)):
        if entry.ok or entry.mistake not in ("wrong_values", "zeros", "partial", "constant_factor"):
            continue
        index = report.inputs.index(entry)
        bad = []
        for j, y in enumerate(probe.outputs):
            us = [_draw(rng, tuple(o.shape)) if m == j else np.zeros(tuple(o.shape))
                  for m, o in enumerate(probe.outputs)]
            g = _gradient_k(probe, index, us)
            if g is None or g.shape != source.shape:
                continue
            c = _compare(source, [g], [_flat(us)], [_draw(rng, source.shape)], source.first_step)
            if c is not None and np.any(c.excess(report.rtol, report.atol) > 0):
                bad.append(j)
        if bad and len(bad) < len(probe.outputs):
            which = ", ".join(f"output {j}" for j in bad)
            entry.fail("wrong values", "cross_term",
                       f"the gradient for {entry.name} is right through some outputs but not through {which}: "
                       f"{entry.name} affects {which} too, and grad must add that contribution (a missing cross "
                       "term)")


def _check_in_graph(f: Callable, xs: list[tf.Tensor], probe: _Probe, report: GradientReport, rng) -> None:
    """Run f and its gradient eagerly and inside tf.function, with the same upstream; compare."""
    us = [tf.constant(u, dtype=y.dtype) for u, y in zip(probe.upstreams(rng), probe.outputs)]
    floats = [i for i, x in enumerate(xs) if _is_float(x)]

    phase = ["forward"]

    def run(*args):
        phase[0] = "forward"
        with tf.GradientTape() as tape:
            for i in floats:
                tape.watch(args[i])
            out = f(*args)
        outs = [out] if tf.is_tensor(out) else list(out)
        phase[0] = "grad"
        grads = tape.gradient(outs, [args[i] for i in floats] + probe.variables, output_gradients=us)
        return outs, _dense(grads)

    try:
        with running("inside tf.function"):
            eager = run(*xs)
            graph = tf.function(run)(*xs)
    except LearnerCodeError as e:
        line = f" ({e.line})" if e.line else ""
        where = "its forward pass" if phase[0] == "forward" else "its grad"
        report.problem = f"it works eagerly but {where} fails inside tf.function: {e.explanation.message}{line}"
        report.mistake, report.error, report.error_in = "not_in_graph", e.original, phase[0]
        return
    names = [probe.names[i] for i in floats] + [v.name.split(":")[0] for v in probe.variables]
    for label, a, b in [("the forward value", o1, o2) for o1, o2 in zip(eager[0], graph[0])] + \
            [(f"the gradient for {n}", g1, g2) for n, g1, g2 in zip(names, eager[1], graph[1])]:
        if (a is None) != (b is None):
            report.problem = f"{label} is None in one mode and not in the other (eager and tf.function differ)"
            report.mistake = "graph_differs"
            return
        if a is not None and not np.allclose(_as_array(a), _as_array(b), rtol=report.rtol, atol=report.atol,
                                             equal_nan=True):
            report.problem = (f"inside tf.function, {label} differs from eager execution: Python control flow "
                              "or NumPy code in f or grad runs only once, when tf.function traces it, and its "
                              "result is frozen into the graph. Use TensorFlow operations (tf.where, tf.cond)")
            report.mistake = "graph_differs"
            return
    report.notes.append("eager and tf.function give the same values and gradients")


# --------------------------------------------------------------------------- second order
def _gradient_function(f: Callable, xs: list, names: list[str], rng) -> Callable:
    """G(x) = ∂L/∂x for L = Σ u·y + ½ Σ w·y², built so that a tape can differentiate it again.

    The quadratic term makes the upstream that reaches f's grad depend on x,
    as it does inside any real loss: some wrong second derivatives (the naive
    nesting of the API documentation) are right only for a constant upstream.
    """
    floats = [i for i, x in enumerate(xs) if _is_float(x)]
    try:
        with running("the forward pass"):
            out = f(*xs)
    except LearnerCodeError as e:
        raise _raised("the forward pass", e) from None
    outputs, _ = _outputs(_function_name(f), out)
    linear = [rng.standard_normal(tuple(y.shape)) for y in outputs]
    quadratic = [0.5 * rng.standard_normal(tuple(y.shape)) for y in outputs]

    def first_derivative(*args):
        with tf.GradientTape() as tape:
            for i in floats:
                tape.watch(args[i])
            out = f(*args)
            outs = [out] if tf.is_tensor(out) else list(out)
            loss = tf.add_n([tf.reduce_sum(tf.constant(u, o.dtype) * o + 0.5 * tf.constant(w, o.dtype) * o * o)
                             for u, w, o in zip(linear, quadratic, outs)])
        grads = tape.gradient(loss, [args[i] for i in floats])
        return [tf.zeros_like(args[i]) if g is None else g for i, g in zip(floats, grads)], grads

    try:
        with running("the backward pass"):
            _, grads = first_derivative(*xs)
    except LearnerCodeError as e:
        raise _raised("the backward pass", e) from None
    missing = [names[i] for i, g in zip(floats, grads) if g is None]
    if missing:
        raise _Problem("none", f"the first derivative is None for {', '.join(missing)}: there is no gradient to "
                               "differentiate again (check it with order=1 first)")

    def gradient_of_f(*args):
        grads = first_derivative(*args)[0]
        return grads[0] if len(grads) == 1 else tuple(grads)

    gradient_of_f.__name__ = f"gradient of {_function_name(f)}"
    return gradient_of_f


def _disconnected_second_derivative(f: Callable, xs: list, names: list[str]) -> set[str]:
    """Inputs whose second derivative is None with a constant upstream: grad's result does not depend on them."""
    floats = [i for i, x in enumerate(xs) if _is_float(x)]
    try:
        with running("the backward pass"):
            with tf.GradientTape(persistent=True) as outer:
                for i in floats:
                    outer.watch(xs[i])
                with tf.GradientTape() as inner:
                    for i in floats:
                        inner.watch(xs[i])
                    out = f(*xs)
                outs = [out] if tf.is_tensor(out) else list(out)
                firsts = inner.gradient(outs, [xs[i] for i in floats])
            return {names[i] for i, g in zip(floats, firsts)
                    if g is not None and outer.gradient(g, xs[i]) is None}
    except LearnerCodeError:
        return set()


def _fail_hidden_second_derivatives(f: Callable, xs: list, names: list[str], disconnected: set[str],
                                    report: GradientReport) -> None:
    """Fail the inputs whose second derivative the tape calls None although the first derivative changes.

    The random comparison can miss such a gradient by chance on a small input (its terms can nearly cancel);
    this looks at each entry of the first derivative's change, which cannot cancel. A first derivative that
    does not change (a linear function) is fine with None.
    """
    for i, (x, name) in enumerate(zip(xs, names)):
        if name not in disconnected or not _is_float(x):
            continue
        wide = x.dtype != tf.float64
        try:
            args = [tf.cast(a, tf.float64) if _is_float(a) and wide else a for a in xs]

            def first(point):
                values = list(args)
                values[i] = point
                with tf.GradientTape() as tape:
                    tape.watch(point)
                    out = f(*values)
                    outs = [out] if tf.is_tensor(out) else list(out)
                    total = tf.add_n([tf.reduce_sum(o) for o in outs])
                return np.asarray(tape.gradient(total, point).numpy(), dtype=np.float64)

            base = np.asarray(args[i].numpy(), dtype=np.float64)
            slopes = []
            with running("the backward pass"):
                center = first(tf.constant(base, dtype=args[i].dtype))
                for h in (1e-3 * np.maximum(np.abs(base), 1.0), 1.25e-4 * np.maximum(np.abs(base), 1.0)):
                    plus = first(tf.constant(base + h, dtype=args[i].dtype))
                    minus = first(tf.constant(base - h, dtype=args[i].dtype))
                    noise = 4 * _EPS.get(args[i].dtype.name, 2.0 ** -23) * float(np.max(np.abs(center))) / h
                    slopes.append((np.abs(plus - minus) / (2 * h), noise))
        except (LearnerCodeError, AttributeError, TypeError, ValueError):
            continue
        # The second derivative entry by entry (no sum that could cancel), against float rounding at each step;
        # only where two steps agree on it (a step that straddles a kink sees a jump, not a derivative).
        (wide, noise_wide), (narrow, noise_narrow) = slopes
        real = (wide > 10 * (report.atol + noise_wide)) & (narrow > 10 * (report.atol + noise_narrow)) & \
            (np.abs(wide - narrow) <= 0.2 * np.maximum(wide, narrow))
        if np.any(real):
            entry = report[name]
            entry.fail("wrong values", "none", "the tape's second derivative is None, yet the first derivative "
                                               "changes with the input")


def _second_order_words(report: GradientReport, disconnected: set[str]) -> None:
    """Say in second-derivative terms what a check of the gradient function found."""
    for entry in report.inputs:
        if entry.mistake == "none" or (entry.name in disconnected and not entry.ok):
            entry.mistake = "second_order_none"
            entry.cause = (f"the second derivative for {entry.name} is None (or misses terms): the first "
                           "derivative is built from values the tape cannot see into (a fused call, NumPy, "
                           "tf.stop_gradient). Make the first derivative itself a @tf.custom_gradient function of "
                           "the input whose grad gives the second derivative (notebook 07). Decorating grad itself "
                           "does not help")
        elif not entry.ok and entry.mistake not in (None, "second_order_none"):
            entry.cause = f"the second derivative is wrong: {entry.cause}"
            entry.mistake = "second_order_wrong"
    if report.mistake == "none":
        report.mistake = "second_order_none"
