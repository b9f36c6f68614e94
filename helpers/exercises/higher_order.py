"""Exercises of notebook 07_higher_order_and_registry."""

import numpy as np
import tensorflow as tf

from . import Exercise, Feedback, register
from .judges import builds_square_matrix, function_from, one_tensor
from ..boundary import running

_X = np.array([-1.5, 0.5, 2.0])
_U = np.array([2.0, -1.0, 0.5])


def fused_quartic(x):
    """x⁴ and its derivative 4x³ from one fused call that TensorFlow cannot differentiate."""
    return tf.stop_gradient(x ** 4), tf.stop_gradient(4 * x ** 3)


_POINTS = [(np.array([-1.5, 0.5, 2.0]), np.array([2.0, -1.0, 0.5])),
           (np.array([[0.3, -0.8], [1.1, -2.2]]), np.array([[-1.5, 0.7], [2.5, 1.0]]))]


def _derivatives(answer, x, u, in_function):
    """y, the first derivative for upstream u, and the second (its gradient with upstream 1)."""
    def run(x):
        with tf.GradientTape() as outer:
            outer.watch(x)
            with tf.GradientTape() as inner:
                inner.watch(x)
                y = one_tensor(answer(x), "your function")
            first = inner.gradient(y, x, output_gradients=u)
        second = outer.gradient(first, x) if first is not None else None
        return y, first, second

    stage = "differentiating your function twice" + (" inside tf.function" if in_function else "")
    with running(stage):
        return tf.function(run, autograph=False)(x) if in_function else run(x)


def _judge_second(answer) -> Feedback:
    fn = function_from(answer, "your custom-gradient function")
    for xv, uv in _POINTS:
        x, u = tf.constant(xv), tf.constant(uv)
        for in_function in (False, True):
            mode = "inside tf.function" if in_function else "eagerly"
            y, first, second = _derivatives(fn, x, u, in_function)
            if not np.allclose(y.numpy(), xv ** 4):
                return Feedback(False, "the forward value is not x⁴: return the first value of fused_quartic(x).",
                                "wrong_forward")
            if first is None:
                return Feedback(False, "the first derivative is None: grad must return a gradient.", "none")
            if np.allclose(first.numpy(), 4 * xv ** 3):
                return Feedback(False, "your first derivative ignores upstream (dy): multiply by it.",
                                "upstream_ignored")
            if not np.allclose(first.numpy(), uv * 4 * xv ** 3):
                return Feedback(False, "the first derivative is not upstream times fused_quartic's slope.",
                                "wrong_first")
            if second is None:
                return Feedback(False, f"{mode} the second derivative is None: the first derivative is built from "
                                       "fused_quartic's output, which the tape cannot see into, and decorating grad "
                                       "itself does not change that. Make the first derivative itself a "
                                       "@tf.custom_gradient function of x whose own grad gives its derivative.",
                                "second_none")
            want = uv * 12 * xv ** 2
            if not np.allclose(second.numpy(), want):
                if np.allclose(second.numpy(), uv * 4 * xv ** 3):
                    return Feedback(False, "the second derivative equals the first: the inner grad must return the "
                                           "derivative of the slope 4x³, not the slope again.", "not_differentiated")
                if np.allclose(second.numpy(), 12 * xv ** 2):
                    return Feedback(False, "the second derivative ignores an upstream: the inner grad must multiply "
                                           "by its own upstream (ddy), and the outer grad by dy.", "upstream_ignored")
                return Feedback(False, f"{mode} the second derivative is not right: differentiate the slope 4x³ once "
                                       "more in the inner grad.", "wrong_second")
    return Feedback(True, "first derivative 4x³ from the fused call, second derivative 12x² from the inner custom "
                          "gradient: right eagerly and inside tf.function, whatever the upstream.")


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
    mistakes=("second_none", "upstream_ignored", "not_differentiated", "wrong_second", "wrong_first"),
    hints={"numpy_in_graph": "keep grad in TensorFlow operations: the slope fused_quartic returns is already a "
                             "tensor."},
))

_HX = np.array([-2.0, 0.0, 1.0, 3.0])
_HV = np.array([1.0, -2.0, 0.5, 4.0])


@tf.custom_gradient
def softplus_sum(x):
    """sum(log(1 + exp(x))) with a custom gradient σ(x) made of TensorFlow ops."""
    def grad(upstream):
        return upstream * tf.sigmoid(x)
    return tf.reduce_sum(tf.math.softplus(x)), grad


_M = tf.constant(np.array([[1.0, -0.5, 0.0, 2.0], [0.3, 1.0, -1.2, 0.0], [0.0, 0.8, 0.5, -1.0]]))


def coupled(x):
    """softplus_sum(M x): its Hessian Mᵀ diag(σ'(Mx)) M is not diagonal."""
    return softplus_sum(tf.linalg.matvec(_M, x))


def _hessian(f, x):
    with tf.GradientTape() as outer:
        outer.watch(x)
        with tf.GradientTape() as inner:
            inner.watch(x)
            y = f(x)
        g = inner.gradient(y, x)
    return outer.jacobian(g, x).numpy()


def _judge_hvp(answer) -> Feedback:
    fn = function_from(answer, "a function hvp(f, x, v)")
    x, v = tf.constant(_HX), tf.constant(_HV)
    for f, name in ((softplus_sum, "softplus_sum"), (coupled, "a function whose Hessian is not diagonal")):
        with running(f"calling hvp(f, x, v) with f = {name}"):
            got = fn(f, x, v)
        if got is None:
            return Feedback(False, "hvp returned None: the outer tape saw no path from the gradient to x. Compute the "
                                   "gradient inside the outer tape's with-block, and watch x in both tapes.", "none")
        if isinstance(got, (tuple, list)):
            return Feedback(False, f"hvp returned {len(got)} values; return H·v alone, one tensor shaped like x.",
                            "wrong_kind")
        got = np.asarray(got.numpy() if tf.is_tensor(got) else got, dtype=np.float64)
        H = _hessian(f, x)
        if got.shape == H.shape:
            return Feedback(False, "that is the whole Hessian (n × n). An HVP never builds it: return H·v, shaped "
                                   "like x.", "full_hessian")
        if got.shape != _HX.shape:
            return Feedback(False, f"hvp returned shape {got.shape}; H·v has x's shape {_HX.shape}.", "wrong_shape")
        gradient = _gradient(f, x).numpy()
        if np.allclose(got, gradient):
            return Feedback(False, "that is the gradient of f, not a Hessian-vector product: differentiate the "
                                   "gradient once more, with a second tape.", "gradient_only")
        if np.allclose(got, H @ np.ones_like(_HV)):
            return Feedback(False, "you ignored v: that is H·1. The second differentiation must be weighted by v "
                                   "(output_gradients=v).", "v_ignored")
        if np.allclose(got, np.diag(H) * _HV) and name != "softplus_sum":
            return Feedback(False, "right for softplus_sum, whose Hessian is diagonal, but not for a function whose "
                                   "Hessian is not: your hvp multiplies v entry by entry (the diagonal of H) instead "
                                   "of by the whole H. Differentiate the gradient with output_gradients=v.",
                            "diagonal_only")
        if not np.allclose(got, H @ _HV):
            swapped = _hessian(f, v) @ _HX
            if np.allclose(got, swapped):
                return Feedback(False, "x and v are swapped: hvp(f, x, v) takes f, then the point x, then the vector "
                                       "v. Check the order of the parameters.", "swapped")
            if name != "softplus_sum":
                return Feedback(False, "right for softplus_sum, but not for another function: hvp must use the f it "
                                       "is given, for any f (the checker tries one whose Hessian is not diagonal).",
                                "only_softplus")
            return Feedback(False, "those values are not the Hessian-vector product H·v: differentiate the gradient "
                                   "of f a second time (a second tape around the first), weighted by v.",
                            "wrong_values")
    if builds_square_matrix(lambda x, v: fn(coupled, x, v), (x, v), len(_HX)):
        return Feedback(False, "right values, but your hvp builds an n × n matrix (the Hessian, or a Jacobian): that "
                               "costs n² memory, which is what a Hessian-vector product avoids. Differentiate the "
                               "gradient once more with v as output_gradients, so only vectors appear.", "full_hessian")
    return Feedback(True, "H·v for any f, with two tapes and no n × n matrix: right for softplus_sum (diagonal H) and "
                          "for a function whose Hessian is not diagonal.")


def _gradient(f, x):
    with tf.GradientTape() as tape:
        tape.watch(x)
        y = f(x)
    return tape.gradient(y, x)


register(Exercise(
    key="07.hvp",
    title="A Hessian-vector product hvp(f, x, v) for any scalar function f",
    judge=_judge_hvp,
    solution="""
        def hvp(f, x, v):
            with tf.GradientTape() as outer:
                outer.watch(x)
                with tf.GradientTape() as inner:
                    inner.watch(x)
                    y = f(x)
                g = inner.gradient(y, x)                     # the gradient, built from TensorFlow ops
            return outer.gradient(g, x, output_gradients=v)  # (∂g/∂x)ᵀ v = H v
    """,
    answer_name="hvp",
    context={"softplus_sum": softplus_sum},
    mistakes=("full_hessian", "gradient_only", "v_ignored", "none", "wrong_shape", "diagonal_only", "only_softplus",
              "wrong_kind", "swapped"),
    hints={"arguments": "hvp takes three arguments, (f, x, v), and uses the f it is given."},
))
