"""Exercise 07.fused_second_derivative: A true second derivative when the first comes from a fused call (tanh)."""

import numpy as np
import tensorflow as tf

from . import fused_tanh
from .. import Exercise, Feedback
from ...boundary import running
from ..judges import function_from, one_tensor, refers_to


_POINTS = [(np.array([-1.5, 0.5, 2.0]), np.array([2.0, -1.0, 0.5])),
           (np.array([[0.3, -0.8], [1.1, -0.2]]), np.array([[-1.5, 0.7], [2.5, 1.0]]))]


def _derivatives(answer, x, u, in_function, squared=False):
    """y, the first derivative for upstream u, and the second (its gradient with upstream 1).

    With ``squared``, both are derivatives of the loss L = Σ u·y², whose upstream 2u·y depends on x.
    """
    def run(x):
        with tf.GradientTape() as outer:
            outer.watch(x)
            with tf.GradientTape() as inner:
                inner.watch(x)
                y = one_tensor(answer(x), "your function")
                target = u * y ** 2 if squared else y
            first = inner.gradient(target, x) if squared else inner.gradient(y, x, output_gradients=u)
        second = outer.gradient(first, x) if first is not None else None
        return y, first, second

    stage = "differentiating your function twice" + (" inside tf.function" if in_function else "")
    with running(stage):
        return tf.function(run, autograph=False)(x) if in_function else run(x)


def _follows_fused_slope(fn) -> bool | None:
    """Whether fn's first derivative follows the slope fused_tanh returns: checked by scaling that slope by 1.5
    while fn runs eagerly once. None when that cannot be tried (fn does not read fused_tanh from its module)."""
    import inspect

    if hasattr(fn, "python_function"):               # a tf.function keeps its traced graph: no new trace
        return None
    space = getattr(inspect.unwrap(fn), "__globals__", None)
    if not isinstance(space, dict) or not callable(space.get("fused_tanh")):
        return None
    original = space["fused_tanh"]

    def scaled_slope(x):
        y, slope = original(x)
        return y, 1.5 * slope

    x, u = (tf.constant(v) for v in _POINTS[0])
    space["fused_tanh"] = scaled_slope
    try:
        with running("calling your function"):
            with tf.GradientTape() as tape:
                tape.watch(x)
                y = one_tensor(fn(x), "your function")
            first = tape.gradient(y, x, output_gradients=u)
    except Exception:  # noqa: BLE001 - it ran before; if it cannot run this way, do not judge by it
        return None
    finally:
        space["fused_tanh"] = original
    if first is None:
        return None
    return bool(np.allclose(first.numpy(), 1.5 * u.numpy() * (1 - np.tanh(x.numpy()) ** 2)))


def _judge_second(answer) -> Feedback:
    """Judged with the course's fused_tanh: one the learner defined for themselves (a differentiable stand-in,
    written to see what it does) would make a first-order-only answer look right."""
    fn = function_from(answer, "your custom-gradient function")
    import inspect

    space = getattr(inspect.unwrap(fn), "__globals__", None)
    theirs = space.get("fused_tanh") if isinstance(space, dict) else None
    if theirs is None or theirs is fused_tanh:
        return _judge_second_with_course_slope(fn)
    space["fused_tanh"] = fused_tanh
    try:
        return _judge_second_with_course_slope(fn)
    finally:
        space["fused_tanh"] = theirs


def _judge_second_with_course_slope(fn) -> Feedback:
    """The judging itself, with the course's fused_tanh in place (:func:`_judge_second`). The steps in order:

    1. ``_derivatives_at``, at each point, eagerly then inside tf.function, for L = y:
       ``_first_derivative`` (the forward value, then the first derivative), ``_second_derivative_is_none``,
       ``_wrong_second_derivative``;
    2. ``_dy_inside``: the same derivatives inside the loss L = Σ u·y², whose upstream depends on x;
    3. ``_calls_fused_tanh``: the slope comes from fused_tanh (with tf.tanh the tape does everything itself);
    4. ``_uses_the_fused_slope``: the first derivative follows the slope fused_tanh returns.

    The second derivative is judged once the first is right (it is the first's derivative), and L = y before
    L = Σ u·y²: an answer right for L = y that fails there is told it misplaced dy. How the values were computed
    is judged once they are right.
    """
    for xv, uv in _POINTS:
        for in_function in (False, True):
            feedback = _derivatives_at(fn, xv, uv, in_function)
            if feedback is not None:
                return feedback
    feedback = _dy_inside(fn)
    if feedback is None:
        feedback = _calls_fused_tanh(fn)
    if feedback is None:
        feedback = _uses_the_fused_slope(fn)
    if feedback is not None:
        return feedback
    return Feedback(True, "first derivative 1 − tanh²(x), second derivative −2 tanh(x)(1 − tanh²(x)), eagerly and "
                          "inside tf.function, whatever the upstream, also inside the loss Σ u·y².")


def _derivatives_at(fn, xv: np.ndarray, uv: np.ndarray, in_function: bool) -> Feedback | None:
    """Step 1 of :func:`_judge_second_with_course_slope` at one point: None when y and both derivatives are right."""
    t = np.tanh(xv)
    slope, curvature = 1 - t ** 2, -2 * t * (1 - t ** 2)
    mode = "inside tf.function" if in_function else "eagerly"
    y, first, second = _derivatives(fn, tf.constant(xv), tf.constant(uv), in_function)
    feedback = _first_derivative(y, first, t, uv, slope)
    if feedback is None:
        feedback = _second_derivative_is_none(second, mode)
    if feedback is None:
        feedback = _wrong_second_derivative(second.numpy(), t, uv, slope, curvature, mode)
    return feedback


def _first_derivative(y, first, t: np.ndarray, uv: np.ndarray, slope: np.ndarray) -> Feedback | None:
    """The forward value is tanh(x), and the first derivative upstream times fused_tanh's slope."""
    if not np.allclose(y.numpy(), t):
        return Feedback(False, "the forward value is not tanh(x): return the first value of fused_tanh(x).",
                        "wrong_forward")
    if first is None:
        return Feedback(False, "the first derivative is None: grad must return a gradient.", "none")
    if np.allclose(first.numpy(), slope):
        return Feedback(False, "your first derivative ignores upstream (dy): multiply by it.",
                        "upstream_ignored")
    if not np.allclose(first.numpy(), uv * slope):
        return Feedback(False, "the first derivative is not upstream times fused_tanh's slope.",
                        "wrong_first")
    return None


def _second_derivative_is_none(second, mode: str) -> Feedback | None:
    """None for the second derivative: the tape cannot see into fused_tanh's slope."""
    if second is None:
        return Feedback(False, f"{mode} the second derivative is None: the first derivative is built from "
                               "fused_tanh's slope, which the tape cannot see into. Make the first "
                               "derivative itself a @tf.custom_gradient function of x whose own grad gives "
                               "its derivative (decorating grad does not help: its input is dy, not x), "
                               "and call it positionally: eagerly, a call with keyword arguments skips its "
                               "custom gradient (inside tf.function it raises).",
                        "second_none")
    return None


def _wrong_second_derivative(got: np.ndarray, t: np.ndarray, uv: np.ndarray, slope: np.ndarray,
                             curvature: np.ndarray, mode: str) -> Feedback | None:
    """A second derivative that is not upstream times the curvature: the known mistakes, then wrong values."""
    if np.allclose(got, uv * curvature):
        return None
    if np.allclose(got, uv * slope):
        return Feedback(False, "the second derivative equals the first: the inner grad must return the "
                               "derivative of the slope 1 − tanh²(x), not the slope again.",
                        "not_differentiated")
    if np.allclose(got, curvature):
        return Feedback(False, "the second derivative ignores an upstream: the inner grad must multiply by "
                               "its own upstream (ddy), and the outer grad by dy.", "upstream_ignored")
    if np.allclose(got, -uv * curvature):
        return Feedback(False, "the second derivative has the wrong sign: check the sign when you "
                               "differentiate 1 − tanh²(x).", "wrong_sign")
    ratio = got / (uv * curvature)
    if np.all(np.isfinite(ratio)) and np.allclose(ratio, ratio.flat[0]) and abs(ratio.flat[0]) > 1e-3:
        return Feedback(False, f"your second derivative is {ratio.flat[0]:.3g} times the right one at every "
                               "point: a constant factor is off. Differentiate 1 − tanh²(x) again, step by "
                               "step: the square brings down a factor too.", "constant_factor")
    if np.allclose(got, uv * -2 * t):
        return Feedback(False, "close: differentiating tanh²(x) needs the chain rule, and the derivative of "
                               "the inner tanh(x) is a factor you left out.", "chain_rule")
    return Feedback(False, f"{mode} the second derivative is not right: differentiate the slope 1 − tanh²(x) "
                           "once more in the inner grad (the chain rule applies to tanh²).", "wrong_second")


def _dy_inside(fn) -> Feedback | None:
    """Both derivatives inside the loss L = Σ u·y², whose upstream 2u·y depends on x: a dy used inside the inner
    custom-gradient function is a constant to the tape, and the second derivative misses that dependence."""
    for xv, uv in _POINTS:
        t = np.tanh(xv)
        slope, curvature = 1 - t ** 2, -2 * t * (1 - t ** 2)
        for in_function in (False, True):
            _, first, second = _derivatives(fn, tf.constant(xv), tf.constant(uv), in_function, squared=True)
            want_first, want_second = 2 * uv * t * slope, 2 * uv * (slope ** 2 + t * curvature)
            if first is None or second is None or not np.allclose(first.numpy(), want_first) or \
                    not np.allclose(second.numpy(), want_second):
                return Feedback(False, "right for L = y, but not inside a loss that is not linear in y (the checker "
                                       "tries L = Σ u·y²): there the upstream dy depends on x, and your second "
                                       "derivative misses that dependence. Use dy only outside the inner "
                                       "custom-gradient function (multiply its result by dy), so the tape sees it.",
                                "dy_inside")
    return None


def _calls_fused_tanh(fn) -> Feedback | None:
    """The answer calls fused_tanh: with tf.tanh, the tape differentiates everything by itself."""
    if not refers_to(fn, "fused_tanh"):
        return Feedback(False, "your derivatives are right, but tanh_op never calls fused_tanh: with tf.tanh the tape "
                               "can differentiate everything itself, which is not the situation of this exercise. "
                               "Take the value and the slope from y, slope = fused_tanh(x), and give the second "
                               "derivative yourself.", "not_fused")
    return None


def _uses_the_fused_slope(fn) -> Feedback | None:
    """The first derivative follows the slope fused_tanh returns, rather than one computed again from x."""
    if _follows_fused_slope(fn) is False:
        return Feedback(False, "your derivatives are right, but your first derivative does not come from the slope "
                               "fused_tanh returns (the checker changed that slope, and yours stayed the same): you "
                               "computed it again from x with TensorFlow operations, which the tape can differentiate "
                               "by itself. This exercise is about a slope the tape cannot see: use the slope from "
                               "y, slope = fused_tanh(x), and give its derivative yourself.", "not_fused")
    return None


EXERCISE = Exercise(
    key="07.fused_second_derivative",
    title="A true second derivative when the first comes from a fused call (tanh)",
    judge=_judge_second,
    answer_name="tanh_op",
    mistakes=("second_none", "upstream_ignored", "not_differentiated", "wrong_second", "wrong_first", "wrong_sign",
              "chain_rule", "dy_inside", "not_fused", "constant_factor"),
    hints={"numpy_in_graph": "keep grad in TensorFlow operations: the values fused_tanh returns are already "
                             "tensors."},
)
