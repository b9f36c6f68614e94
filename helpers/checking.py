"""``check_gradients``: does a custom gradient agree with the function it belongs to?

A custom gradient's ``grad`` computes a vector-Jacobian product: given the
upstream gradient ``u`` (shaped like the output ``y``) it returns ``Jᵀu`` for
each input ``x`` (shaped like ``x``). The checker compares that with finite
differences of the forward function, in float64 where the function allows.

``mode="fast"`` (the default) never builds a Jacobian: for random ``u`` and
random directions ``v`` it compares ``⟨grad(u), v⟩`` with the central
difference ``⟨u, (f(x + hv) − f(x − hv)) / 2h⟩``. A wrong gradient almost
surely fails this test, and it costs a forward pass, two backward passes, one
float64 forward pass and four more per input, whatever the size of ``x``.

``mode="full"`` builds both Jacobians entry by entry (one backward pass per
output entry, two forward passes per input entry) and keeps them on the
report for plotting; use it on small inputs.

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
>>> report.ok, report.inputs[0].cause.split(":")[0]
(False, 'upstream ignored')
"""

from __future__ import annotations

import html
import inspect
from dataclasses import dataclass, field
from typing import Callable

import numpy as np
import tensorflow as tf

from ._format import html_table, text_table

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
_FULL_MODE_MAX_ENTRIES = 250_000


class GradientCheckError(AssertionError):
    """Raised by :func:`check_gradients` when a gradient is wrong; ``.report`` has the details."""

    def __init__(self, report: "GradientReport"):
        self.report = report
        super().__init__(str(report))


@dataclass
class InputResult:
    """The verdict for one input of the checked function."""

    name: str
    shape: tuple
    dtype: str
    differentiable: bool
    ok: bool = True
    result: str = "ok"
    error: float | None = None
    cause: str | None = None
    gradient_shape: tuple | None = None
    custom_jacobian: np.ndarray | None = field(default=None, repr=False)
    numerical_jacobian: np.ndarray | None = field(default=None, repr=False)

    mistake: str | None = None

    def fail(self, result: str, mistake: str, cause: str) -> None:
        self.ok = False
        self.result = result
        self.mistake = mistake
        self.cause = cause


@dataclass(repr=False)
class GradientReport:
    """What :func:`check_gradients` found: ``.ok``, one :class:`InputResult` per input."""

    function: str
    mode: str
    rtol: float
    atol: float
    seed: int
    numerical_dtype: str
    inputs: list[InputResult]
    problem: str | None = None
    mistake: str | None = None

    @property
    def ok(self) -> bool:
        return self.problem is None and all(r.ok for r in self.inputs)

    def __getitem__(self, key: int | str) -> InputResult:
        if isinstance(key, str):
            for r in self.inputs:
                if r.name == key:
                    return r
            raise KeyError(f"no input named {key!r}; the inputs are {[r.name for r in self.inputs]}")
        return self.inputs[key]

    def __bool__(self) -> bool:
        return self.ok

    def _rows(self) -> list[list[str]]:
        return [[r.name, str(r.shape), r.dtype, r.result, "" if r.error is None else f"{r.error:.1e}"]
                for r in self.inputs]

    _HEADERS = ["input", "shape", "dtype", "result", "rel. error"]

    def _headline(self) -> str:
        verdict = "all gradients agree" if self.ok else "GRADIENT PROBLEM"
        return (f"check_gradients({self.function}, mode={self.mode!r}): {verdict} "
                f"(numerical side in {self.numerical_dtype}, rtol={self.rtol:g}, atol={self.atol:g})")

    def _notes(self) -> list[str]:
        notes = [self.problem] if self.problem else []
        notes += [f"{r.name}: {r.cause}" for r in self.inputs if r.cause]
        return notes

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


# --------------------------------------------------------------------------- inputs
def _as_tensor(x, name: str) -> tf.Tensor:
    if isinstance(x, tf.Variable):
        return tf.convert_to_tensor(x)
    if tf.is_tensor(x):
        return x
    try:
        arr = np.asarray(x)
    except Exception:  # noqa: BLE001 - any failure means "not array-like"
        arr = None
    if arr is None or arr.dtype == object or arr.dtype.kind not in "biuf":
        raise TypeError(f"input {name!r} must be a tf.Tensor, tf.Variable or NumPy array of numbers, "
                        f"got {type(x).__name__}")
    return tf.constant(arr)


def _input_names(f: Callable, count: int) -> list[str]:
    try:
        params = [p for p in inspect.signature(f).parameters.values()
                  if p.kind in (p.POSITIONAL_ONLY, p.POSITIONAL_OR_KEYWORD)]
    except (TypeError, ValueError):
        params = []
    names = [p.name for p in params[:count]]
    return names + [f"input {i}" for i in range(len(names), count)]


def _function_name(f: Callable) -> str:
    return getattr(f, "__name__", None) or type(f).__name__


# --------------------------------------------------------------------------- the two sides
class _Probe:
    """Evaluates the custom VJP and the numerical JVP of ``f`` at ``xs``."""

    def __init__(self, f: Callable, xs: list[tf.Tensor], names: list[str]):
        self.f, self.xs, self.names = f, xs, names
        self.differentiable = [x.dtype.is_floating for x in xs]
        self.y, self._vjp = self._forward()
        self._numeric_inputs, self.numerical_dtype = self._numerical_setup()
        self._steps: dict[int, float] = {}

    # The custom side ----------------------------------------------------------
    def _call(self, fn, args):
        try:
            return fn(*args)
        except Exception as e:  # noqa: BLE001 - re-raised with context
            shapes = ", ".join(f"{n}: {tuple(x.shape)} {x.dtype.name}" for n, x in zip(self.names, args))
            raise ValueError(f"calling {_function_name(self.f)}({shapes}) failed before any gradient "
                             f"was checked: {type(e).__name__}: {e}") from e

    def _forward(self):
        raw = getattr(self.f, "__wrapped__", None)
        if raw is not None:
            # A tf.custom_gradient function: call the undecorated function to get
            # its grad and see exactly what grad returns, input by input.
            with tf.GradientTape() as variable_watch:
                out = self._call(raw, self.xs)
            if (isinstance(out, tuple) and len(out) == 2 and tf.is_tensor(out[0]) and callable(out[1])
                    and not variable_watch.watched_variables()):
                y, grad_fn = out

                def vjp(u):
                    g = grad_fn(u)
                    return list(g) if isinstance(g, (list, tuple)) else [g]

                return self._check_output(y), vjp
        # Any other function: let the tape run the backward pass.
        tape = tf.GradientTape(persistent=True)
        with tape:
            for x, d in zip(self.xs, self.differentiable):
                if d:
                    tape.watch(x)
            y = self._call(self.f, self.xs)
        y = self._check_output(y)
        sources = [x for x, d in zip(self.xs, self.differentiable) if d]

        def vjp(u):
            try:
                grads = iter(tape.gradient(y, sources, output_gradients=u))
            except ValueError as e:
                if "expected to return" in str(e):
                    raise _CountError(str(e)) from e
                raise
            return [next(grads) if d else None for d in self.differentiable]

        return y, vjp

    def _check_output(self, y):
        if not tf.is_tensor(y):
            raise TypeError(f"{_function_name(self.f)} must return one tensor, got {type(y).__name__}. "
                            "To check one output of several, wrap it: lambda *xs: f(*xs)[0]")
        if not y.dtype.is_floating:
            raise TypeError(f"{_function_name(self.f)} returned a {y.dtype.name} tensor; only floating-point "
                            "outputs have gradients")
        return y

    def vjp(self, u: np.ndarray) -> list:
        return self._vjp(tf.constant(u, dtype=self.y.dtype))

    # The numerical side -------------------------------------------------------
    def _numerical_setup(self):
        """Inputs for finite differences: float64 if ``f`` accepts it, else its own dtype."""
        xs64 = [tf.cast(x, tf.float64) if d else x for x, d in zip(self.xs, self.differentiable)]
        try:
            y64 = self.f(*xs64)
            if tf.is_tensor(y64) and y64.dtype == tf.float64 and y64.shape == self.y.shape:
                return xs64, "float64"
        except Exception:  # noqa: BLE001 - the function only works in its own dtype
            pass
        return list(self.xs), self.y.dtype.name

    def _eval(self, args) -> np.ndarray:
        return np.asarray(self.f(*args).numpy(), dtype=np.float64)

    def _step(self, i: int) -> float:
        """Finite-difference step for input ``i``, scaled to its largest entry (cached)."""
        if i not in self._steps:
            x = self.xs[i].numpy()
            scale = max(1.0, float(np.max(np.abs(x)))) if x.size else 1.0
            self._steps[i] = (5e-3 if self.numerical_dtype != "float64" else 6e-6) * scale
        return self._steps[i]

    def jvp(self, i: int, v: np.ndarray) -> np.ndarray:
        """(f(x + h v) − f(x − h v)) / 2h for input ``i``, as float64."""
        x = self._numeric_inputs[i]
        h = self._step(i)
        step = tf.constant(h * v, dtype=x.dtype)
        args_plus = list(self._numeric_inputs)
        args_minus = list(self._numeric_inputs)
        args_plus[i], args_minus[i] = x + step, x - step
        return (self._eval(args_plus) - self._eval(args_minus)) / (2 * h)


class _CountError(Exception):
    pass


# --------------------------------------------------------------------------- diagnosis
def _close(a, b, rtol, atol, scale) -> bool:
    return abs(a - b) <= atol + rtol * scale


def _dot(a, b) -> float:
    return float(np.sum(np.asarray(a, dtype=np.float64) * np.asarray(b, dtype=np.float64)))


def _diagnose_values(gs, us, vs, jvps, x_shape, rtol, atol) -> tuple[str, str]:
    """Name the likely mistake behind gradients whose values are wrong."""
    c = np.array([[_dot(g, v) for v in vs] for g in gs])            # ⟨grad(u_a), v_b⟩
    d = np.array([[_dot(u, jv) for jv in jvps] for u in us])         # ⟨u_a, J v_b⟩
    ones_d = np.array([np.sum(jv) for jv in jvps])                   # ⟨1, J v_b⟩
    scale = max(1e-30, float(np.max(np.abs(d))))
    tol = lambda p, q: np.all(np.abs(p - q) <= 10 * (atol + rtol * scale))

    if np.all(np.abs(c) <= atol) and np.any(np.abs(d) > 10 * atol):
        return "zeros", "grad returns zeros: the gradient should not be zero here"
    if np.allclose(gs[0], gs[1], rtol=1e-6, atol=1e-12) and not tol(d[0], d[1]):
        if tol(c[0], ones_d):
            return "upstream_ignored", ("upstream ignored: grad returns the local derivative Jᵀ·1 whatever "
                                        "upstream it is given. Multiply by upstream: return upstream * local "
                                        "(for vectors, Jᵀ · upstream)")
        return "upstream_ignored", ("upstream ignored: grad returns the same gradient whatever upstream it is "
                                    "given; use upstream")
    with np.errstate(divide="ignore", invalid="ignore"):
        ratio = c / d
    finite = np.isfinite(ratio) & (np.abs(d) > 1e-3 * scale)
    if finite.sum() >= 2:
        r = ratio[finite]
        if np.all(np.abs(r - r[0]) <= 1e-3 * max(1.0, abs(r[0]))):
            k = float(np.mean(r))
            if abs(k + 1) < 1e-3:
                return "wrong_sign", ("wrong sign: the gradient is exactly minus the right one. Check the sign "
                                      "of the local derivative")
            hint = " (a missing or extra factor 2?)" if min(abs(k - 2), abs(k - 0.5)) < 1e-3 else ""
            return "constant_factor", f"off by a constant factor: the gradient is {k:.4g} times the right one{hint}"
    if len(x_shape) == 2 and x_shape[0] == x_shape[1]:
        ct = np.array([[_dot(np.transpose(g), v) for v in vs] for g in gs])
        if tol(ct, d):
            return "transposed", "transposed: the gradient is right once transposed. A gradient has its input's layout"
    return "wrong_values", "wrong values, with no simple pattern (not a sign, factor, transpose or ignored upstream)"


def _diagnose_shape(g: np.ndarray, x_shape: tuple, vs, jvps, us, rtol, atol) -> tuple[str, str]:
    """Explain a gradient of the wrong shape and, where it can, what would fix it."""
    where = f"grad returned shape {tuple(g.shape)} for an input of shape {x_shape}"
    rule = "a gradient always has its input's shape"

    def matches(candidate):
        c = np.array([_dot(candidate, v) for v in vs])
        d = np.array([_dot(us[0], jv) for jv in jvps])
        scale = max(1e-30, float(np.max(np.abs(d))))
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
                    atol: float | None = None, seed: int = 0, raise_on_failure: bool = True) -> GradientReport:
    """Check ``f``'s gradient against finite differences; explain what is wrong.

    Parameters
    ----------
    f:
        A callable taking tensors positionally (typically decorated with
        ``tf.custom_gradient``) and returning one floating-point tensor.
    *inputs:
        The point to check at: ``tf.Tensor``, ``tf.Variable`` or NumPy arrays.
        Floating-point inputs must get a gradient of their own shape; integer
        inputs are not differentiable and must get ``None``.
    mode:
        ``"fast"`` (random directional tests, cheap at any size) or
        ``"full"`` (both Jacobians, kept on the report for plotting).
    rtol, atol:
        Tolerances; by default they depend on the inputs' dtype, so a correct
        float32 gradient does not raise a false alarm.
    seed:
        Seed of the random upstream gradients and directions.
    raise_on_failure:
        Raise :class:`GradientCheckError` (an ``AssertionError``) when a
        gradient is wrong; otherwise just return the report.

    Returns
    -------
    GradientReport
        ``.ok``; ``.inputs`` (one :class:`InputResult` per input, with the
        relative error and the likely cause); ``str()`` and an HTML view.

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
    names = _input_names(f, len(inputs))
    xs = [_as_tensor(x, n) for x, n in zip(inputs, names)]
    if not any(x.dtype.is_floating for x in xs):
        raise ValueError("none of the inputs is floating point, so there is no gradient to check; "
                         "pass float inputs, e.g. tf.constant([1.0, 2.0])")
    if mode == "full":
        probe_size = sum(int(tf.size(x)) for x in xs)
        if probe_size * max(1, probe_size) > _FULL_MODE_MAX_ENTRIES:
            raise ValueError(f"mode='full' builds Jacobians entry by entry, too slow for {probe_size} input "
                             "entries; use mode='fast' (the default) for inputs this large")

    probe = _Probe(f, xs, names)
    float_dtype = next(x.dtype for x in xs if x.dtype.is_floating)
    d_rtol, d_atol = _TOLERANCES.get(float_dtype, _TOLERANCES[tf.float32])
    if probe.numerical_dtype != "float64":
        d_rtol, d_atol = max(d_rtol, _LOW_PRECISION_NUMERICAL[0]), max(d_atol, _LOW_PRECISION_NUMERICAL[1])
    rtol = d_rtol if rtol is None else float(rtol)
    atol = d_atol if atol is None else float(atol)

    report = GradientReport(_function_name(f), mode, rtol, atol, int(seed), probe.numerical_dtype,
                            [InputResult(n, tuple(x.shape), x.dtype.name, x.dtype.is_floating)
                             for n, x in zip(names, xs)])
    rng = np.random.default_rng(seed)
    y_shape = tuple(probe.y.shape)
    us = [rng.standard_normal(y_shape), rng.standard_normal(y_shape)]
    try:
        grads = [probe.vjp(u) for u in us]
    except _CountError as e:
        report.problem = f"wrong number of gradients: {e}. Return one gradient per input, None for non-float ones"
        report.mistake = "count"
        return _finish(report, raise_on_failure)
    except Exception as e:  # noqa: BLE001 - the learner's grad failed: say so, keep the traceback
        report.problem = f"grad raised {type(e).__name__}: {e}"
        report.mistake = "grad_raised"
        if raise_on_failure:
            raise GradientCheckError(report) from e
        return report
    if len(grads[0]) != len(xs):
        report.problem = (f"wrong number of gradients: grad returned {len(grads[0])} for {len(xs)} input(s) "
                          f"({', '.join(names)}). Return one per input, in order; None for non-float inputs")
        report.mistake = "count"
        return _finish(report, raise_on_failure)

    for i, (x, entry) in enumerate(zip(xs, report.inputs)):
        g_pair = [gs[i] for gs in grads]
        _check_input(probe, i, x, entry, g_pair, us, rng, rtol, atol, mode)
    _check_forward_is_finite(probe, report)
    return _finish(report, raise_on_failure)


def _check_forward_is_finite(probe: _Probe, report: GradientReport) -> None:
    """A right gradient next to an inf or NaN forward value is still a broken function."""
    y = probe.y.numpy()
    bad = ~np.isfinite(y)
    if not bad.any():
        return
    where = np.argwhere(bad)[0].tolist()
    if probe.numerical_dtype == "float64" and np.isfinite(probe._eval(probe._numeric_inputs)[tuple(where)]):
        report.problem = (f"the forward value overflows: it is {y[tuple(where)]} at output index {where}, "
                          f"where the same function in float64 is finite. Compute the forward stably "
                          "(for log(1 + exp(x)) use tf.math.softplus), not only the gradient")
        report.mistake = "forward_overflow"
    else:
        report.problem = (f"the forward value is {y[tuple(where)]} at output index {where}: check the "
                          "gradient at a point where the function is finite")
        report.mistake = "forward_not_finite"


def _finish(report: GradientReport, raise_on_failure: bool) -> GradientReport:
    if raise_on_failure and not report.ok:
        raise GradientCheckError(report)
    return report


def _check_input(probe, i, x, entry: InputResult, g_pair, us, rng, rtol, atol, mode) -> None:
    x_shape = tuple(x.shape)
    if not entry.differentiable:
        if any(g is not None for g in g_pair):
            entry.fail("should be None", "not_none", f"{entry.name} is {x.dtype.name}, not differentiable: "
                                         "grad must return None for it")
        else:
            entry.result = "None (ok)"
        return

    vs = [rng.standard_normal(x_shape), rng.standard_normal(x_shape)]
    jvps = [probe.jvp(i, v) for v in vs]
    if any(g is None for g in g_pair):
        if all(np.allclose(jv, 0, atol=atol) for jv in jvps):
            entry.result = "None (ok: no effect)"
        else:
            entry.fail("None", "none", f"grad returned None for {entry.name}, but the output depends on it. "
                               "Return Jᵀ·upstream for every floating-point input")
        return
    gs = [np.asarray(tf.convert_to_tensor(g).numpy(), dtype=np.float64) for g in g_pair]
    entry.gradient_shape = tuple(gs[0].shape)
    if entry.gradient_shape != x_shape:
        entry.fail("wrong shape", *_diagnose_shape(gs[0], x_shape, vs, jvps, us, rtol, atol))
        return
    if not all(np.all(np.isfinite(g)) for g in gs):
        entry.fail("not finite", "not_finite", "grad returned inf or NaN; look for overflow (exp of a large number) or 0/0")
        return

    c = np.array([[_dot(g, v) for v in vs] for g in gs])
    d = np.array([[_dot(u, jv) for jv in jvps] for u in us])
    spread = np.array([[_dot(np.abs(g), np.abs(v)) for v in vs] for g in gs]) / np.sqrt(max(1, x.shape.num_elements()))
    scale = np.maximum(np.maximum(np.abs(c), np.abs(d)), spread)
    entry.error = float(np.max(np.abs(c - d) / np.maximum(scale, 1e-30)))
    values_ok = bool(np.all(np.abs(c - d) <= atol + rtol * scale))

    if mode == "full":
        values_ok = _compare_full(probe, i, x, entry, rtol, atol) and values_ok
    if not values_ok:
        entry.fail("wrong values", *_diagnose_values(gs, us, vs, jvps, x_shape, rtol, atol))


def _compare_full(probe, i, x, entry: InputResult, rtol, atol) -> bool:
    y_size = probe.y.shape.num_elements()
    x_size = x.shape.num_elements()
    custom = np.zeros((y_size, x_size))
    for k in range(y_size):
        e = np.zeros(y_size)
        e[k] = 1.0
        g = probe.vjp(e.reshape(tuple(probe.y.shape)))[i]
        custom[k] = 0.0 if g is None else np.asarray(tf.convert_to_tensor(g).numpy(), dtype=np.float64).reshape(-1)
    numerical = np.zeros((y_size, x_size))
    for j in range(x_size):
        e = np.zeros(x_size)
        e[j] = 1.0
        numerical[:, j] = probe.jvp(i, e.reshape(tuple(x.shape))).reshape(-1)
    entry.custom_jacobian, entry.numerical_jacobian = custom, numerical
    scale = max(1.0, float(np.max(np.abs(numerical))))
    diff = float(np.max(np.abs(custom - numerical))) if custom.size else 0.0
    entry.error = diff / scale
    return diff <= atol + rtol * scale
