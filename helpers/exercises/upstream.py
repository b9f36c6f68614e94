"""Exercises of notebook 02_upstream_gradient."""

import numpy as np
import tensorflow as tf

from . import Exercise, Feedback, register
from .judges import gradient_judge

_x = lambda: (tf.constant([-2.0, -0.5, 0.3, 1.0, 2.5]),)

register(Exercise(
    key="02.x_sin_x",
    title="A custom gradient for x·sin(x)",
    judge=gradient_judge(
        _x, lambda x: x * tf.sin(x),
        "d(x·sin x)/dx = sin x + x·cos x, times upstream. Product rule and chain rule in one line.",
        hints={"upstream_ignored": "return upstream * (sin x + x cos x)."},
        known_wrong=[
            ("product_rule", lambda x, u: u * x * tf.cos(x),
             "you kept only x·cos(x): the product rule has two terms, sin(x) + x·cos(x)."),
            ("product_rule", lambda x, u: u * tf.cos(x),
             "cos(x) is the derivative of sin(x) alone; x·sin(x) needs the product rule: sin(x) + x·cos(x)."),
        ]),
    solution="""
        @strict_custom_gradient
        def x_sin_x(x):
            def grad(upstream):
                return upstream * (tf.sin(x) + x * tf.cos(x))
            return x * tf.sin(x), grad
    """,
    answer_name="x_sin_x",
    mistakes=("upstream_ignored", "product_rule", "wrong_sign"),
))


def _judge_log1pexp(answer) -> Feedback:
    if not callable(answer):
        return Feedback(False, f"expected a function, got {type(answer).__name__}", "not_callable")
    x = tf.constant([-100.0, -10.0, 0.0, 10.0, 88.0, 89.0, 100.0])
    with tf.GradientTape() as tape:
        tape.watch(x)
        y = answer(x)
    g = tape.gradient(y, x, output_gradients=tf.constant([1.0, 2.0, 1.0, 0.5, 1.0, 3.0, 1.0]))
    want_y = np.logaddexp(0.0, x.numpy().astype(np.float64))
    want_g = np.array([1.0, 2.0, 1.0, 0.5, 1.0, 3.0, 1.0]) / (1 + np.exp(-x.numpy().astype(np.float64)))
    if not np.all(np.isfinite(y.numpy())):
        return Feedback(False, f"the forward value is inf at x = {x.numpy()[~np.isfinite(y.numpy())].tolist()}: "
                               "log(1 + exp(x)) overflows in float32 from x = 89. Compute it another way, e.g. "
                               "max(x, 0) + log1p(exp(-|x|)).", "forward_overflow")
    if not np.allclose(y.numpy(), want_y, rtol=1e-5, atol=1e-6):
        return Feedback(False, "the forward value is not log(1 + exp(x)).", "wrong_forward")
    if g is None or not np.all(np.isfinite(g.numpy())):
        return Feedback(False, "the gradient is NaN or inf for large x: exp(x)/(1 + exp(x)) is inf/inf there. "
                               "Write it as 1 - 1/(1 + exp(x)) or sigmoid(x).", "nan_gradient")
    if np.allclose(g.numpy(), want_g / np.array([1.0, 2.0, 1.0, 0.5, 1.0, 3.0, 1.0]), rtol=1e-4, atol=1e-6):
        return Feedback(False, "grad ignores upstream: it returns sigmoid(x) whatever comes from above. "
                               "Return upstream * sigmoid(x).", "upstream_ignored")
    if not np.allclose(g.numpy(), want_g, rtol=1e-4, atol=1e-6):
        return Feedback(False, "the gradient is finite but not right: d/dx log(1 + exp(x)) = sigmoid(x).",
                        "wrong_values")
    return Feedback(True, "finite and right everywhere, from x = -100 to 100: forward and gradient are both "
                          "stable. (tf.math.softplus does exactly this.)")


register(Exercise(
    key="02.stable_log1pexp",
    title="log(1 + exp(x)) with a stable forward and a stable gradient",
    judge=_judge_log1pexp,
    solution="""
        @strict_custom_gradient
        def stable_log1pexp(x):
            # max(x, 0) + log(1 + exp(-|x|)) never overflows; sigmoid never divides inf by inf.
            y = tf.maximum(x, 0.0) + tf.math.log1p(tf.exp(-tf.abs(x)))
            def grad(upstream):
                return upstream * tf.sigmoid(x)
            return y, grad
    """,
    answer_name="stable_log1pexp",
    mistakes=("forward_overflow", "nan_gradient", "upstream_ignored", "wrong_values"),
))

register(Exercise(
    key="02.multiply",
    title="Two inputs: a custom gradient for z = x·y",
    judge=gradient_judge(
        lambda: (tf.constant([2.0, -1.0, 0.5]), tf.constant([3.0, 4.0, -2.0])), lambda x, y: x * y,
        "dz/dx = y and dz/dy = x, each times upstream, returned in the order of the inputs.",
        hints={"count": "return two gradients: upstream * y, upstream * x.",
               "upstream_ignored": "multiply both gradients by upstream."},
        known_wrong=[
            ("swapped", lambda x, y, u: (u * x, u * y),
             "your gradients are swapped: dz/dx = y (not x). Return them in the order of the inputs: "
             "(upstream * y, upstream * x)."),
        ]),
    solution="""
        @strict_custom_gradient
        def multiply(x, y):
            def grad(upstream):
                return upstream * y, upstream * x     # (dz/dx, dz/dy), in input order
            return x * y, grad
    """,
    answer_name="multiply",
    mistakes=("swapped", "count", "upstream_ignored"),
))
