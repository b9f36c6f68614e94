"""Exercise 04.batched_matmul:

A batch of inputs times one shared weight matrix: Y = A @ B, A (batch, m, k), B (k, n).
"""

import numpy as np
import tensorflow as tf

from .. import Exercise, rng_for
from ..judges import gradient_judge


def _batched_points():
    rng = rng_for("04.batched_matmul")
    return [(tf.constant(rng.standard_normal((2, 3, 4)).astype(np.float32)),
             tf.constant(rng.standard_normal((4, 5)).astype(np.float32))),
            (tf.constant(rng.standard_normal((3, 2, 3)).astype(np.float32)),
             tf.constant(rng.standard_normal((3, 2)).astype(np.float32))),
            (tf.constant(rng.standard_normal((1, 2, 2))), tf.constant(rng.standard_normal((2, 3))))]


_RESHAPE = ("tf.reshape is not a transpose: it keeps the entries in their memory order and only regroups them into "
            "rows of another length, so entries land in the wrong places (the shape comes out right, the values do "
            "not). To transpose the last two axes, use tf.matmul's transpose_a / transpose_b, or "
            "tf.linalg.matrix_transpose.")


def _right(A, B, U):
    return tf.matmul(U, B, transpose_b=True), tf.reduce_sum(tf.matmul(A, U, transpose_a=True), 0)


def _reshaped_B(A, B, U):
    return tf.matmul(U, tf.reshape(B, (B.shape[1], B.shape[0])))


def _reshaped_A(A, B, U):
    return tf.reduce_sum(tf.matmul(tf.reshape(A, (A.shape[0], A.shape[2], A.shape[1])), U), 0)


_SHARED = ("B is one matrix shared by every batch entry: each entry contributes to its gradient, and the "
           "contributions must be summed back into B's shape (k, n).")


EXERCISE = Exercise(
    key="04.batched_matmul",
    title="A batch of inputs times one shared weight matrix: Y = A @ B, A (batch, m, k), B (k, n)",
    judge=gradient_judge(
        _batched_points, tf.matmul,
        "dA = U Bᵀ for every batch entry, and dB = Σ over the batch of Aᵀ U: a shared weight's gradient collects "
        "every entry's contribution.",
        known_wrong=[
            ("mean_not_sum", lambda A, B, U: (tf.matmul(U, B, transpose_b=True),
                                              tf.reduce_mean(tf.matmul(A, U, transpose_a=True), 0)),
             "you averaged B's gradient over the batch: every entry's contribution counts in full, so they are "
             "summed, not averaged."),
            ("one_entry", lambda A, B, U: (tf.matmul(U, B, transpose_b=True),
                                           tf.matmul(A[0], U[0], transpose_a=True)),
             "B's gradient uses the first batch entry only: B is used by every entry, and each contributes."),
            ("inverse", lambda A, B, U: (tf.matmul(U, tf.linalg.pinv(B)),
                                         tf.reduce_sum(tf.matmul(A, U, transpose_a=True), 0)),
             "the gradient for A multiplies U by B's (pseudo-)inverse, as if the backward pass undid the forward "
             "one. It does not: it asks how Y changes when one entry of A changes, and sends U back along those "
             "changes."),
            ("reshape_not_transpose", lambda A, B, U: (_reshaped_B(A, B, U), _right(A, B, U)[1]), _RESHAPE),
            ("reshape_not_transpose", lambda A, B, U: (_right(A, B, U)[0], _reshaped_A(A, B, U)), _RESHAPE),
            ("reshape_not_transpose", lambda A, B, U: (_reshaped_B(A, B, U), _reshaped_A(A, B, U)), _RESHAPE),
        ],
        fallback="work out one batch entry first (which products of U with B and with A have the shapes of A's "
                 "entry and of B?), then think about what B's sharing means.",
        messages={"not_summed": "the gradient for B has a batch axis, but " + _SHARED}),
    answer_name="batched_matmul",
    mistakes=("mean_not_sum", "one_entry", "not_summed", "upstream_ignored", "order", "inverse",
              "reshape_not_transpose"),
    hints={"wrong_shape": "dA has A's shape (batch, m, k) and dB has B's shape (k, n): " + _SHARED,
           "matmul_shapes": "dA has A's shape (batch, m, k), dB has B's shape (k, n). tf.matmul's transpose_a and "
                            "transpose_b transpose the last two axes only.",
           "transposed": "tf.matmul's transpose_a and transpose_b transpose the last two axes only.",
           "upstream_ignored": "both gradients are products with U.",
           "order": "return them as (gradient for A, gradient for B)."},
)
