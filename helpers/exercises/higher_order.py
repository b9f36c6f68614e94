"""Exercises of notebook 07_higher_order_and_registry."""

import numpy as np
import tensorflow as tf

from . import Exercise, Feedback, register
from .judges import reraise_if_not_attempted

_X = np.array([-1.5, 0.5, 2.0])
_U = np.array([2.0, -1.0, 0.5])


def fused_quartic(x):
    """x⁴ and its derivative 4x³ from one fused call that TensorFlow cannot differentiate."""
    return tf.stop_gradient(x ** 4), tf.stop_gradient(4 * x ** 3)


def _derivatives(answer, in_function):
    x, u = tf.constant(_X), tf.constant(_U)

    def run(x):
        with tf.GradientTape() as outer:
            outer.watch(x)
            with tf.GradientTape() as inner:
                inner.watch(x)
                y = answer(x)
            first = inner.gradient(y, x, output_gradients=u)
        second = outer.gradient(first, x) if first is not None else None
        return y, first, second

    return tf.function(run)(x) if in_function else run(x)


def _judge_second(answer) -> Feedback:
    if not callable(answer):
        return Feedback(False, f"expected your custom-gradient function, got {type(answer).__name__}", "not_callable")
    results = {}
    for mode in ("eagerly", "inside tf.function"):
        try:
            results[mode] = _derivatives(answer, mode != "eagerly")
        except Exception as e:  # noqa: BLE001 - the learner's code failed; say how
            reraise_if_not_attempted(e)
            return Feedback(False, f"{mode}, differentiating twice failed: {type(e).__name__}: "
                                   f"{str(e).splitlines()[0]}", "crashes")
    for mode, (y, first, second) in results.items():
        if not np.allclose(y.numpy(), _X ** 4):
            return Feedback(False, "the forward value is not x⁴: return the first value of fused_quartic(x).",
                            "wrong_forward")
        if first is None:
            return Feedback(False, "the first derivative is None: grad must return a gradient.", "none")
        if np.allclose(first.numpy(), 4 * _X ** 3):
            return Feedback(False, "your first derivative ignores upstream: multiply by dy.", "upstream_ignored")
        if not np.allclose(first.numpy(), _U * 4 * _X ** 3):
            return Feedback(False, "the first derivative is not upstream · 4x³.", "wrong_first")
        if second is None:
            return Feedback(False, f"{mode} the second derivative is None: the first derivative is built from "
                                   "fused_quartic's output, which the tape cannot see into. Make that derivative "
                                   "itself a @tf.custom_gradient function of x whose grad gives 12x².",
                            "second_none")
        if not np.allclose(second.numpy(), _U * 12 * _X ** 2):
            if np.allclose(second.numpy(), _U * 4 * _X ** 3):
                return Feedback(False, "the second derivative equals the first: the inner grad must return "
                                       "ddy · 12x², the derivative of 4x³.", "not_differentiated")
            return Feedback(False, f"{mode} the second derivative is not 12x² (times upstream).", "wrong_second")
    return Feedback(True, "first derivative 4x³ from the fused call, second derivative 12x² from the inner custom "
                          "gradient: right eagerly and inside tf.function.")


register(Exercise(
    key="07.fused_second_derivative",
    title="A true second derivative when the first comes from a fused call",
    judge=_judge_second,
    solution="""
        @tf.custom_gradient
        def quartic(x):
            y, slope = fused_quartic(x)            # x⁴ and 4x³, not differentiable
            def grad(dy):
                @tf.custom_gradient
                def first_derivative(x):
                    def second(ddy):
                        return ddy * 12 * x ** 2   # d(4x³)/dx
                    return slope, second
                return dy * first_derivative(x)
            return y, grad
    """,
    answer_name="quartic",
    context={"fused_quartic": fused_quartic},
    mistakes=("second_none", "upstream_ignored", "not_differentiated", "wrong_second"),
))

_HX = np.array([-2.0, 0.0, 1.0, 3.0])
_HV = np.array([1.0, -2.0, 0.5, 4.0])


@tf.custom_gradient
def softplus_sum(x):
    """sum(log(1 + exp(x))) with a custom gradient σ(x) made of TensorFlow ops."""
    def grad(upstream):
        return upstream * tf.sigmoid(x)
    return tf.reduce_sum(tf.math.softplus(x)), grad


def _judge_hvp(answer) -> Feedback:
    if not callable(answer):
        return Feedback(False, f"expected a function hvp(x, v), got {type(answer).__name__}", "not_callable")
    x, v = tf.constant(_HX), tf.constant(_HV)
    try:
        got = answer(x, v)
    except Exception as e:  # noqa: BLE001 - the learner's code failed; say how
        reraise_if_not_attempted(e)
        return Feedback(False, f"calling hvp(x, v) failed: {type(e).__name__}: {e}", "crashes")
    if got is None:
        return Feedback(False, "hvp returned None: the outer tape saw no path from the gradient to x. "
                               "Compute the gradient inside the outer tape's with-block.", "none")
    got = np.asarray(got.numpy() if hasattr(got, "numpy") else got, dtype=np.float64)
    s = 1 / (1 + np.exp(-_HX))
    h = s * (1 - s)
    if got.shape == (4, 4):
        return Feedback(False, "that is the whole Hessian (n × n). An HVP never builds it: return H·v, "
                               "shape (n,).", "full_hessian")
    if got.shape != _HX.shape:
        return Feedback(False, f"hvp returned shape {got.shape}; H·v has x's shape {_HX.shape}.", "wrong_shape")
    if np.allclose(got, s):
        return Feedback(False, "that is the gradient σ(x), not a Hessian-vector product: differentiate the "
                               "gradient once more, with v as output_gradients.", "gradient_only")
    if np.allclose(got, h):
        return Feedback(False, "you ignored v: that is H·1. Pass output_gradients=v to the outer gradient.",
                        "v_ignored")
    if np.allclose(got, h * _HV):
        return Feedback(True, "H·v = σ'(x) ⊙ v here (the Hessian is diagonal): two tapes, no n × n matrix.")
    return Feedback(False, "those values are not H·v = σ(x)(1 - σ(x)) ⊙ v.", "wrong_values")


register(Exercise(
    key="07.hvp",
    title="A Hessian-vector product through a custom gradient",
    judge=_judge_hvp,
    solution="""
        def hvp(x, v):
            with tf.GradientTape() as outer:
                outer.watch(x)
                with tf.GradientTape() as inner:
                    inner.watch(x)
                    y = softplus_sum(x)
                g = inner.gradient(y, x)                     # σ(x), built from TensorFlow ops
            return outer.gradient(g, x, output_gradients=v)  # (∂g/∂x)ᵀ v = H v
    """,
    answer_name="hvp",
    context={"softplus_sum": softplus_sum},
    mistakes=("full_hessian", "gradient_only", "v_ignored", "none", "wrong_shape"),
))
