"""Exercises of notebook 06_variables_functions_keras."""

import numpy as np
import tensorflow as tf

from . import Exercise, Feedback, register
from .judges import reraise_if_not_attempted

_X = np.array([1.0, -2.0, 0.5], dtype=np.float32)
_U = np.array([0.5, 1.5, -2.0], dtype=np.float32)


def _judge_scale(answer) -> Feedback:
    """Gradients of y = w * x for x and for the variable w the answer reads."""
    if not callable(answer):
        return Feedback(False, f"expected your custom-gradient function, got {type(answer).__name__}", "not_callable")
    x, u = tf.constant(_X), tf.constant(_U)
    try:
        with tf.GradientTape() as tape:
            tape.watch(x)
            y = answer(x)
        variables = list(tape.watched_variables())
        if len(variables) != 1:
            return Feedback(False, f"your function should read exactly one tf.Variable (w); it read "
                                   f"{len(variables)}.", "no_variable")
        w = variables[0]
        dx, dw = tape.gradient(y, [x, w], output_gradients=u)
    except Exception as e:  # noqa: BLE001 - the learner's code failed; say how
        reraise_if_not_attempted(e)
        if "must accept keyword argument 'variables'" in str(e):
            return Feedback(False, "TensorFlow refused it: a function that reads a tf.Variable must give grad a "
                                   "`variables=None` parameter and return (input_grads, variable_grads).",
                            "variables_missing")
        if "variables" in str(e) and ("gradient" in str(e) or "grad" in str(e)):
            return Feedback(False, f"the variable gradients are not in the form TensorFlow expects: {e}. Return "
                                   "(dx, [dw]): a list with one gradient per variable in `variables`.",
                            "variable_grads_form")
        return Feedback(False, f"running your function failed: {type(e).__name__}: {e}", "crashes")
    wv = w.numpy()
    if not np.allclose(y.numpy(), wv * _X):
        return Feedback(False, "the forward value is not w * x; keep the forward as given.", "wrong_forward")
    want_dx, want_dw = u.numpy() * wv, float(np.sum(_U * _X))
    if dx is None or dw is None:
        which = "x" if dx is None else "w"
        return Feedback(False, f"the tape got None for {which}: return a gradient for it.", "none")
    if tuple(dw.shape) != tuple(w.shape):
        hint = " Sum over the entries of x: w was used by every one." if dw.shape == x.shape else ""
        return Feedback(False, f"the gradient for w has shape {tuple(dw.shape)}, but w has shape "
                               f"{tuple(w.shape)}.{hint}", "not_summed" if hint else "wrong_shape")
    if np.allclose(dx, _U * _X) and np.isclose(dw, np.sum(_U * wv)):
        return Feedback(False, "the two gradients are swapped: dL/dx = upstream · w, dL/dw = Σ upstream · x.",
                        "swapped")
    if np.allclose(dx, wv) or np.isclose(dw, np.sum(_X)):
        return Feedback(False, "your grad ignores upstream: multiply both gradients by it (and sum for w).",
                        "upstream_ignored")
    if not np.allclose(dx, want_dx, rtol=1e-5):
        return Feedback(False, f"dL/dx is {np.round(dx.numpy(), 4)}, expected upstream · w = "
                               f"{np.round(want_dx, 4)}.", "wrong_values")
    if not np.isclose(dw, want_dw, rtol=1e-5):
        return Feedback(False, f"dL/dw is {float(dw):.4g}, expected Σ upstream · x = {want_dw:.4g}.",
                        "wrong_values")
    return Feedback(True, "grad takes variables=, returns the input gradient and a list with one gradient per "
                          "variable, each shaped like what it is the gradient of.")


register(Exercise(
    key="06.scale_by_variable",
    title="y = w · x with a tf.Variable w: the variables= contract",
    judge=_judge_scale,
    solution="""
        w = tf.Variable(2.0)

        @tf.custom_gradient
        def scale(x):
            def grad(upstream, variables=None):
                dx = upstream * w
                dw = tf.reduce_sum(upstream * x)      # w was used by every entry of x
                return dx, [dw]                       # one gradient per variable in `variables`
            return w * x, grad
    """,
    answer_name="scale",
    mistakes=("variables_missing", "not_summed", "swapped", "upstream_ignored", "none", "wrong_values"),
))


_ERF_X = np.array([-1.5, -0.2, 0.0, 0.7, 2.0])
_ERF_U = np.array([1.0, -0.5, 2.0, 0.25, 3.0])


def _judge_numpy_erf(answer) -> Feedback:
    if not callable(answer):
        return Feedback(False, f"expected your custom-gradient function, got {type(answer).__name__}", "not_callable")
    x, u = tf.constant(_ERF_X), tf.constant(_ERF_U)
    shapes = []

    @tf.function
    def run(x):
        with tf.GradientTape() as tape:
            tape.watch(x)
            y = answer(x)
        shapes.append(y.shape)
        return y, tape.gradient(y, x, output_gradients=u)

    try:
        y, g = run(x)
    except Exception as e:  # noqa: BLE001 - the learner's code failed; say how
        reraise_if_not_attempted(e)
        if "numpy" in str(e) and "SymbolicTensor" in str(e):
            return Feedback(False, "it fails inside tf.function: a symbolic tensor has no .numpy(). Run the NumPy "
                                   "code through tf.numpy_function instead.", "numpy_in_graph")
        return Feedback(False, f"inside tf.function your function failed: {type(e).__name__}: {e}", "crashes")
    want = tf.math.erf(x).numpy()
    if not np.allclose(y.numpy(), want, atol=1e-12):
        return Feedback(False, "the forward value is not erf(x): keep scipy.special.erf as the forward.",
                        "wrong_forward")
    if shapes and shapes[0].rank is None:
        return Feedback(False, "the values are right, but inside tf.function the result has an unknown shape: "
                               "tf.numpy_function cannot know it. Call y.set_shape(x.shape).", "no_shape")
    if g is None:
        return Feedback(False, "the tape got None: wrap the function in @tf.custom_gradient and return a "
                               "gradient from grad.", "none")
    slope = 2 / np.sqrt(np.pi) * np.exp(-_ERF_X ** 2)
    if np.allclose(g.numpy(), slope):
        return Feedback(False, "your grad ignores upstream: multiply erf's slope by it.", "upstream_ignored")
    if not np.allclose(g.numpy(), _ERF_U * slope, rtol=1e-10):
        return Feedback(False, "the gradient is not upstream · 2/√π · exp(-x²), the derivative of erf.",
                        "wrong_values")
    return Feedback(True, "NumPy code inside a custom gradient that works eagerly and inside tf.function: "
                          "tf.numpy_function for the forward, set_shape for its shape, TensorFlow ops for grad.")


register(Exercise(
    key="06.numpy_erf",
    title="Wrap scipy.special.erf so it differentiates inside tf.function",
    judge=_judge_numpy_erf,
    solution="""
        import scipy.special

        @tf.custom_gradient
        def numpy_erf(x):
            y = tf.numpy_function(scipy.special.erf, [x], x.dtype)
            y.set_shape(x.shape)                               # numpy_function cannot know the shape
            def grad(upstream):
                return upstream * 2 / np.sqrt(np.pi) * tf.exp(-x ** 2)
            return y, grad
    """,
    answer_name="numpy_erf",
    mistakes=("numpy_in_graph", "no_shape", "upstream_ignored", "none", "wrong_values"),
))
