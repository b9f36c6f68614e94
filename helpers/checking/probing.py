"""The two sides: :class:`_Probe` runs the function once and gives its custom vector-Jacobian products;
:class:`_Source` perturbs one input (or variable) for central finite differences, step scaled entry by entry.
"""

from __future__ import annotations

from typing import Callable

import numpy as np
import tensorflow as tf

from ..boundary import HelperSignal, LearnerCodeError, describe_return, running
from ..strict import accepts_variables
from .inputs import (_copy, _dense, _function_name, _is_float, _is_pair, _outputs, _raw_pair_function,
                     _refuse_container, _shapes_text, _values)
from .report import _Problem, _raised


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


# First finite-difference step, relative to each entry's size, by numerical dtype.
_FIRST_STEP = {"float64": 6e-6, "float32": 5e-3, "float16": 5e-2, "bfloat16": 5e-2}


def _gradient_k(probe: _Probe, k: int, us) -> np.ndarray | None:
    gin, gvar = probe.vjp(us)
    g = (gin + gvar)[k] if k < len(gin) + len(gvar) else None
    return None if g is None else np.asarray(tf.convert_to_tensor(g).numpy(), dtype=np.float64)
