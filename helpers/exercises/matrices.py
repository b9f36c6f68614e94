"""Exercises of notebook 04_matrix_inputs."""

import numpy as np
import tensorflow as tf

from . import Exercise, register
from .judges import gradient_judge

_rng = np.random.default_rng(4)
_A = _rng.standard_normal((3, 3)).astype(np.float32)     # not symmetric
_A4 = _rng.standard_normal((4, 4)).astype(np.float32)

_xAx = lambda x, A: tf.tensordot(x, tf.linalg.matvec(A, x), axes=1)

_dq_dx = lambda x, A: tf.linalg.matvec(A, x) + tf.linalg.matvec(A, x, transpose_a=True)   # noqa: E731
_A_IN_ITS_GRADIENT = ("your gradient for x is right; the one for A contains A itself. But q is linear in A: Aᵢⱼ "
                      "appears once, multiplied by xᵢ and xⱼ only, so its partial derivative cannot depend on A.")

register(Exercise(
    key="04.quadratic_form",
    title="The gradient of q = xᵀ A x for a non-symmetric A, with respect to x and A",
    judge=gradient_judge(
        lambda: [(tf.constant([1.0, -0.5, 2.0]), tf.constant(_A)),
                 (tf.constant([0.3, 1.2, -0.8, 0.5]), tf.constant(_A4))],
        _xAx,
        "dq/dx = (A + Aᵀ) x and dq/dA = x xᵀ, each times the scalar upstream.",
        known_wrong=[
            ("symmetric_formula", lambda x, A, u: (u * 2 * tf.linalg.matvec(A, x), u * tf.tensordot(x, x, axes=0)),
             "your gradient for x is the textbook formula for a symmetric A. This A is not symmetric: x appears "
             "twice in xᵀ A x, once on each side of A, and each appearance contributes its own term."),
            ("symmetric_formula", lambda x, A, u: (u * 2 * tf.linalg.matvec(A, x, transpose_a=True),
                                                   u * tf.tensordot(x, x, axes=0)),
             "your gradient for x is right only for a symmetric A: x appears twice in xᵀ A x, once on each side of "
             "A, and each appearance contributes its own term."),
            ("one_term", lambda x, A, u: (u * tf.linalg.matvec(A, x), u * tf.tensordot(x, x, axes=0)),
             "your gradient for x keeps one of two terms: x appears twice in xᵀ A x, once on each side of A, so the "
             "product rule gives a term for each appearance."),
            ("one_term", lambda x, A, u: (u * tf.linalg.matvec(A, x, transpose_a=True), u * tf.tensordot(x, x, axes=0)),
             "your gradient for x keeps one of two terms: x appears twice in xᵀ A x, once on each side of A, so the "
             "product rule gives a term for each appearance."),
            ("A_in_its_gradient", lambda x, A, u: (u * _dq_dx(x, A), u * tf.tensordot(x, tf.linalg.matvec(A, x), 0)),
             _A_IN_ITS_GRADIENT),
            ("A_in_its_gradient", lambda x, A, u: (u * _dq_dx(x, A), u * tf.tensordot(tf.linalg.matvec(A, x), x, 0)),
             _A_IN_ITS_GRADIENT),
        ],
        fallback="write q = Σᵢⱼ xᵢ Aᵢⱼ xⱼ and differentiate with respect to one xₖ and to one Aᵢⱼ."),
    solution="""
        @strict_custom_gradient
        def quadratic_form(x, A):
            def grad(upstream):
                dx = tf.linalg.matvec(A, x) + tf.linalg.matvec(A, x, transpose_a=True)   # (A + Aᵀ) x
                dA = tf.tensordot(x, x, axes=0)                                          # x xᵀ
                return upstream * dx, upstream * dA
            return tf.tensordot(x, tf.linalg.matvec(A, x), axes=1), grad
    """,
    answer_name="quadratic_form",
    mistakes=("symmetric_formula", "one_term", "upstream_ignored", "count", "constant_factor", "order",
              "A_in_its_gradient"),
    hints={"upstream_ignored": "q is a scalar, so upstream is a scalar: multiply both gradients by it.",
           "count": "return two gradients, one for x and one for A, in that order.",
           "wrong_shape": "each gradient has its input's shape: the one for x is a vector, the one for A a matrix. "
                          "Which product of x with itself gives a matrix?",
           "order": "return them as (gradient for x, gradient for A)."},
))


def _batched_points():
    return [(tf.constant(_rng.standard_normal((2, 3, 4)).astype(np.float32)),
             tf.constant(_rng.standard_normal((4, 5)).astype(np.float32))),
            (tf.constant(_rng.standard_normal((3, 2, 3)).astype(np.float32)),
             tf.constant(_rng.standard_normal((3, 2)).astype(np.float32))),
            (tf.constant(_rng.standard_normal((1, 2, 2))), tf.constant(_rng.standard_normal((2, 3))))]


_SHARED = ("B is one matrix shared by every batch entry: each entry contributes to its gradient, and the "
           "contributions must be summed back into B's shape (k, n).")

register(Exercise(
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
        ],
        fallback="work out one batch entry first (which products of U with B and with A have the shapes of A's "
                 "entry and of B?), then think about what B's sharing means.",
        messages={"not_summed": "the gradient for B has a batch axis, but " + _SHARED}),
    solution="""
        @strict_custom_gradient
        def batched_matmul(A, B):
            def grad(U):
                dA = tf.matmul(U, B, transpose_b=True)                             # (batch, m, k), entry by entry
                dB = tf.reduce_sum(tf.matmul(A, U, transpose_a=True), axis=0)      # B is shared: sum the entries
                return dA, dB
            return tf.matmul(A, B), grad
    """,
    answer_name="batched_matmul",
    mistakes=("mean_not_sum", "one_entry", "not_summed", "upstream_ignored", "order", "inverse"),
    hints={"wrong_shape": "dA has A's shape (batch, m, k) and dB has B's shape (k, n): " + _SHARED,
           "matmul_shapes": "dA has A's shape (batch, m, k), dB has B's shape (k, n). tf.matmul's transpose_a and "
                            "transpose_b transpose the last two axes only.",
           "transposed": "tf.matmul's transpose_a and transpose_b transpose the last two axes only.",
           "upstream_ignored": "both gradients are products with U.",
           "order": "return them as (gradient for A, gradient for B)."},
))


_PRODUCT_WORDS = ("these look like the gradients of a product x·b: each input's gradient multiplied by the other "
                  "input. y = x + b is a sum: what is the local derivative of a sum with respect to each of its "
                  "terms?")


def _bias_points():
    return [(tf.constant(_rng.standard_normal((5, 3)).astype(np.float32)), tf.constant([0.5, -1.0, 2.0])),
            (tf.constant(_rng.standard_normal((2, 4)).astype(np.float32)), tf.constant([0.1, 0.2, -0.3, 1.0])),
            (tf.constant(_rng.standard_normal((2, 3, 4)).astype(np.float32)), tf.constant([0.3, -0.2, 0.0, 1.5]))]


register(Exercise(
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
    solution="""
        @strict_custom_gradient
        def bias_add(x, b):
            def grad(upstream):
                leading = list(range(len(upstream.shape) - 1))        # every axis but the last
                return upstream, tf.reduce_sum(upstream, axis=leading)   # b was used at every position
            return x + b, grad
    """,
    answer_name="bias_add",
    mistakes=("not_summed", "upstream_ignored", "wrong_shape", "mean_not_sum", "product_gradients"),
    hints={"not_summed": "b was added at every position along x's leading axes ((batch,), or (batch, time) at the "
                         "checker's third point): its gradient collects one contribution per position.",
           "wrong_shape": "b has shape (n,), and upstream has x's shape: (batch, n), or (batch, time, n) at the "
                          "checker's third point. Along which axes was b copied?",
           "upstream_ignored": "the gradients are built from upstream itself, not from ones."},
))
