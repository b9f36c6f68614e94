"""Exercise 04.bias_add:

A bias added along the last axis: y = x + b with x (batch, n) or (batch, time, n) and b (n,).
"""

import numpy as np
import tensorflow as tf

from .. import Exercise, rng_for
from ..judges import gradient_judge


_PRODUCT_WORDS = ("these look like the gradients of a product x·b: each input's gradient multiplied by the other "
                  "input. y = x + b is a sum: what is the local derivative of a sum with respect to each of its "
                  "terms?")


def _bias_points():
    rng = rng_for("04.bias_add")
    return [(tf.constant(rng.standard_normal((5, 3)).astype(np.float32)), tf.constant([0.5, -1.0, 2.0])),
            (tf.constant(rng.standard_normal((2, 4)).astype(np.float32)), tf.constant([0.1, 0.2, -0.3, 1.0])),
            (tf.constant(rng.standard_normal((2, 3, 4)).astype(np.float32)), tf.constant([0.3, -0.2, 0.0, 1.5]))]


EXERCISE = Exercise(
    key="04.bias_add",
    title="A bias added along the last axis: y = x + b with x (batch, n) or (batch, time, n) and b (n,)",
    judge=gradient_judge(
        _bias_points, lambda x, b: x + b,
        "dx = upstream and db = upstream summed over every axis but the last: b was broadcast along all of them.",
        known_wrong=[
            ("mean_not_sum", lambda x, b, u: (u, tf.reduce_mean(tf.reshape(u, (-1, u.shape[-1])), axis=0)),
             "you averaged over the batch: every row's copy of b adds its own contribution to the loss, so the "
             "contributions are summed, not averaged."),
            ("product_gradients", lambda x, b, u: (u * b, tf.reduce_sum(u * x, axis=list(range(len(u.shape) - 1)))),
             _PRODUCT_WORDS),
            ("product_gradients", lambda x, b, u: (u * b, tf.reduce_sum(u, axis=list(range(len(u.shape) - 1)))),
             _PRODUCT_WORDS),
        ],
        fallback="b is used by every row of the batch: how do the rows' contributions to its gradient combine? "
                 "(The checker tries several batch sizes.)",
        messages={"not_summed": "the gradient for b does not have b's shape: b was broadcast along x's leading "
                                "axes in the forward pass, so every position contributes to its gradient, and the "
                                "contributions must be summed back into b's shape."}),
    answer_name="bias_add",
    mistakes=("not_summed", "upstream_ignored", "wrong_shape", "mean_not_sum", "product_gradients"),
    hints={"not_summed": "b was added at every position along x's leading axes ((batch,), or (batch, time) at the "
                         "checker's third point): its gradient collects one contribution per position.",
           "wrong_shape": "b has shape (n,), and upstream has x's shape: (batch, n), or (batch, time, n) at the "
                          "checker's third point. Along which axes was b copied?",
           "upstream_ignored": "the gradients are built from upstream itself, not from ones."},
)
