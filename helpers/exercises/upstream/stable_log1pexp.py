"""Exercise 02.stable_log1pexp: log(1 + exp(x)) with a stable forward and a stable gradient."""

import numpy as np
import tensorflow as tf

from .. import Exercise, Feedback, reject
from ...boundary import running
from ..judges import function_from, one_tensor, refers_to, require_custom_gradient


# Points from -100 to 100, with 2 and 6 where log(1 + e^x) ≈ x is still a poor approximation.
_LOG1PEXP_X = np.array([-100.0, -30.0, -20.0, -10.0, 0.0, 2.0, 6.0, 10.0, 88.0, 89.0, 100.0], dtype=np.float32)


_LOG1PEXP_U = np.array([1.0, 1.5, 0.5, 2.0, 1.0, 0.8, 1.2, 0.5, 1.0, 3.0, 1.0], dtype=np.float32)


# The right values, in float64: log(1 + e^x) and upstream times its derivative, the logistic function.
_WANT_Y = np.logaddexp(0.0, _LOG1PEXP_X.astype(np.float64))


_WANT_G = _LOG1PEXP_U / (1 + np.exp(-_LOG1PEXP_X.astype(np.float64)))


def _not_entry_by_entry(fn, yv) -> list[float]:
    """The points where ``fn`` of the whole vector differs from ``fn`` of that entry alone (empty if none)."""
    alone = []
    for v in _LOG1PEXP_X:
        try:
            with running("calling your function"):
                alone.append(float(one_tensor(fn(tf.constant([v])), "your function").numpy().reshape(-1)[0]))
        except Exception:  # noqa: BLE001 - it fails on one entry: the other checks say why
            return []
    alone = np.array(alone)
    differ = ~np.isclose(yv, alone, rtol=1e-5, atol=1e-6, equal_nan=True)
    return _LOG1PEXP_X[differ].tolist()


def _judge_log1pexp(answer) -> Feedback:
    """log(1 + e^x) and its gradient at x from -100 to 100, in float32. The steps in order:

    1. ``require_custom_gradient``, then ``_forward_and_gradient`` (eagerly);
    2. ``_reject_another_dtype_or_shape`` of the forward;
    3. ``_one_formula_for_every_entry``: wrong values from a formula chosen for the whole vector at once;
    4. ``_forward_overflows``, ``_wrong_forward``, ``_forward_loses_precision``: the forward's values;
    5. ``_reject_no_gradient_tensor``: a gradient at all, and a tensor;
    6. ``_gradient_not_finite``, ``_known_wrong_gradient``, ``_gradient_loses_precision``, ``_wrong_gradient``:
       the gradient's values;
    7. ``_differs_in_function``: the forward again, inside tf.function;
    8. ``_calls_softplus``: right values, written without TensorFlow's softplus.

    The forward is judged before the gradient; within each, the failures that name their cause come first: a
    formula chosen for the whole vector before the overflow it may cause, an overflow before the comparison it
    would fail, the known wrong gradients before precision, and wrong values, which name no cause, last.
    """
    fn = function_from(answer, "your custom-gradient function")
    x, u = tf.constant(_LOG1PEXP_X), tf.constant(_LOG1PEXP_U)
    require_custom_gradient(fn, (x,))
    y, g = _forward_and_gradient(fn, x, u)
    _reject_another_dtype_or_shape(y, x)
    yv = y.numpy()
    feedback = _one_formula_for_every_entry(fn, yv)
    if feedback is None:
        feedback = _forward_overflows(yv)
    if feedback is None:
        feedback = _wrong_forward(yv)
    if feedback is None:
        feedback = _forward_loses_precision(yv)
    if feedback is not None:
        return feedback
    _reject_no_gradient_tensor(g)
    gv = g.numpy()
    feedback = _gradient_not_finite(gv)
    if feedback is None:
        feedback = _known_wrong_gradient(gv)
    if feedback is None:
        feedback = _gradient_loses_precision(gv)
    if feedback is None:
        feedback = _wrong_gradient(gv)
    if feedback is None:
        feedback = _differs_in_function(fn, x, yv)
    if feedback is None:
        feedback = _calls_softplus(fn)
    if feedback is not None:
        return feedback
    return Feedback(True, "finite and right everywhere from x = -100 to 100, and both keep their relative precision "
                          "for negative x down to about -87 (below that, e^x is smaller than float32's smallest normal "
                          "number and TensorFlow flushes it to 0, whatever the formula). tf.math.softplus computes the "
                          "same.")


def _forward_and_gradient(fn, x, u):
    """``(y, dL/dx)`` for upstream ``u``, eagerly."""
    with running("calling your function"):
        with tf.GradientTape() as tape:
            tape.watch(x)
            y = one_tensor(fn(x), "your function")
        g = tape.gradient(y, x, output_gradients=u)
    return y, g


def _reject_another_dtype_or_shape(y, x) -> None:
    if y.dtype != tf.float32 or tuple(y.shape) != x.shape:
        reject(f"for a float32 input of shape {tuple(x.shape)} your function returns {y.dtype.name} of shape "
               f"{tuple(y.shape)}: keep x's dtype and shape.", "wrong_forward")


def _one_formula_for_every_entry(fn, yv: np.ndarray) -> Feedback | None:
    """Wrong values that differ from the function's values at each entry alone: one formula was picked for the
    whole vector (a Python if on tf.reduce_any, say)."""
    if not np.allclose(yv, _WANT_Y, rtol=1e-5, atol=1e-6):
        mixed = _not_entry_by_entry(fn, yv)
        if mixed:
            return Feedback(False, f"at x = {mixed} your function gives other values when it gets the whole vector "
                                   "than when it gets that entry alone: it picks one formula for every entry at once "
                                   "(a Python if on tf.reduce_any(...) or tf.reduce_all(...), say). The right formula "
                                   "depends on each entry's sign: choose it entry by entry, elementwise.",
                            "not_elementwise")
    return None


def _forward_overflows(yv: np.ndarray) -> Feedback | None:
    if not np.all(np.isfinite(yv)):
        bad = _LOG1PEXP_X[~np.isfinite(yv)].tolist()
        return Feedback(False, f"the forward value is inf or NaN at x = {bad}: e^x overflows float32 above "
                               "x ≈ 88.72, so any formula that computes e^x itself (or e^-x for negative x) "
                               "does. Rewrite it so that only e to a negative power is ever computed.",
                        "forward_overflow")
    return None


def _wrong_forward(yv: np.ndarray) -> Feedback | None:
    """Finite values that are not log(1 + e^x): wrong only for negative x, or wrong."""
    if not np.allclose(yv, _WANT_Y, rtol=1e-5, atol=1e-6):
        wrong = ~np.isclose(yv, _WANT_Y, rtol=1e-5, atol=1e-6)
        bad = _LOG1PEXP_X[wrong].tolist()
        if np.all(_LOG1PEXP_X[wrong] < 0):
            return Feedback(False, f"the forward value is right for x ≥ 0 but not for negative x (at x = {bad}), "
                                   "where log(1 + e^x) falls to 0 as x goes to −∞: a term that treats a negative x "
                                   "like a positive one (such as |x|) makes it grow instead.",
                            "negative_side")
        return Feedback(False, f"the forward value is finite but not log(1 + e^x) at x = {bad}.", "wrong_forward")
    return None


def _forward_loses_precision(yv: np.ndarray) -> Feedback | None:
    """Right to float32's absolute precision, but not to its relative precision where the value is tiny."""
    lost = (~np.isclose(yv, _WANT_Y, rtol=1e-3, atol=1e-30)) & (_LOG1PEXP_X > -80)
    if lost.any():
        i = int(np.argmax(lost))
        return Feedback(False, f"the forward value is finite, but for negative x it loses its precision: at "
                               f"x = {_LOG1PEXP_X[i]:g} it is {yv[i]:.3g} where the true value is {_WANT_Y[i]:.3g}. "
                               "Adding a tiny number to 1 rounds it away before the logarithm sees it.",
                        "forward_cancellation")
    return None


def _reject_no_gradient_tensor(g) -> None:
    if g is None:
        reject("the tape got None for x: grad must return a gradient.", "none")
    if not tf.is_tensor(g):
        reject("grad returned a NumPy array: use TensorFlow operations.", "numpy")


def _gradient_not_finite(gv: np.ndarray) -> Feedback | None:
    if not np.all(np.isfinite(gv)):
        bad = _LOG1PEXP_X[~np.isfinite(gv)].tolist()
        return Feedback(False, f"the gradient is NaN or inf at x = {bad}: somewhere in grad an overflowing e^x "
                               "meets a 0 or another inf (0·∞ or ∞/∞). Write the derivative so that no e^x is "
                               "computed for large x.", "nan_gradient")
    return None


def _known_wrong_gradient(gv: np.ndarray) -> Feedback | None:
    """Upstream ignored, the slope of log(1 + e^-x), the slope taken at the output."""
    if np.allclose(gv, _WANT_G / _LOG1PEXP_U, rtol=1e-4, atol=1e-6):
        return Feedback(False, "grad ignores upstream: it returns the local derivative whatever comes from above. "
                               "Multiply it by upstream.", "upstream_ignored")
    if np.allclose(gv, _LOG1PEXP_U / (1 + np.exp(_LOG1PEXP_X.astype(np.float64))), rtol=1e-4, atol=1e-6):
        return Feedback(False, "that gradient is the mirror image of the right one (it is the derivative of "
                               "log(1 + e^-x)): check the sign inside.", "wrong_sign")
    if np.allclose(gv, _LOG1PEXP_U / (1 + np.exp(-_WANT_Y)), rtol=1e-4, atol=1e-6):
        return Feedback(False, "grad takes the slope at the forward's output, log(1 + e^x), not at the input x: was "
                               "x rebound to the output before grad reads it? grad needs the input.", "rebound_input")
    return None


def _gradient_loses_precision(gv: np.ndarray) -> Feedback | None:
    """Right to float32's absolute precision, but not to its relative precision where the gradient is tiny."""
    if np.isclose(gv, _WANT_G, rtol=1e-4, atol=1e-6).all():
        lost = (~np.isclose(gv, _WANT_G, rtol=1e-3, atol=1e-30)) & (_LOG1PEXP_X > -80)
        if lost.any():
            at = float(_LOG1PEXP_X[lost][0])
            i = int(np.argmax(_LOG1PEXP_X == at))
            slope = _WANT_G[i] / _LOG1PEXP_U[i]
            return Feedback(False, f"the gradient is finite, but for negative x it loses its precision: at x = {at:g}, "
                                   f"where the checker's upstream is {_LOG1PEXP_U[i]:g}, it is {gv[i]:.3g} where it "
                                   f"should be upstream · d/dx log(1 + e^x) = {_LOG1PEXP_U[i]:g} × {slope:.3g} = "
                                   f"{_WANT_G[i]:.3g}. Subtracting two "
                                   "numbers that are almost equal (such as 1 − 1/(1 + e^x) for large negative x) "
                                   "leaves only rounding error. Find a form of the derivative that never does.",
                            "cancellation")
    return None


def _wrong_gradient(gv: np.ndarray) -> Feedback | None:
    """Finite gradient values that are not right, none of the known mistakes."""
    wrong = ~np.isclose(gv, _WANT_G, rtol=1e-4, atol=1e-6)
    if wrong.any():
        where = (" It is right for x ≤ 0 and wrong for x > 0: in the stable form, which terms change with x when x "
                 "is positive?" if np.all(_LOG1PEXP_X[wrong] > 0) else " What is the derivative of log(1 + e^x)?")
        return Feedback(False, f"the gradient is finite but not right at x = {_LOG1PEXP_X[wrong].tolist()}.{where}",
                        "wrong_values")
    return None


def _differs_in_function(fn, x, yv: np.ndarray) -> Feedback | None:
    with running("running your function inside tf.function"):
        y_graph = tf.function(lambda x: one_tensor(fn(x), "your function"), autograph=False)(x)
    if not np.allclose(y_graph.numpy(), yv, rtol=1e-4, atol=1e-6):
        return Feedback(False, "inside tf.function your function gives other values than eagerly.", "not_in_function")
    return None


def _calls_softplus(fn) -> Feedback | None:
    if refers_to(fn, "softplus"):
        return Feedback(False, "right values, but your function calls softplus, which is what to use in real code. "
                               "This exercise asks you to write the stable formula yourself, without "
                               "tf.math.softplus or tf.nn.softplus.", "uses_softplus")
    return None


EXERCISE = Exercise(
    key="02.stable_log1pexp",
    title="log(1 + exp(x)) with a stable forward and a stable gradient",
    judge=_judge_log1pexp,
    answer_name="stable_log1pexp",
    mistakes=("forward_overflow", "nan_gradient", "upstream_ignored", "wrong_values", "wrong_sign", "cancellation",
              "no_custom_gradient", "forward_cancellation", "uses_softplus", "negative_side", "not_elementwise",
              "rebound_input"),
    hints={"python_bool": "tf.maximum(x, 0.0) and tf.abs(x) work entry by entry.",
           "dtype_mismatch": "write constants as Python numbers (0.0), which take x's dtype."},
)
