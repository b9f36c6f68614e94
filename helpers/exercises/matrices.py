"""Exercises of notebook 04_matrix_inputs."""

import numpy as np
import tensorflow as tf

from . import Exercise, register
from .judges import gradient_judge

_rng = np.random.default_rng(4)
_A = _rng.standard_normal((3, 3)).astype(np.float32)     # not symmetric
_A4 = _rng.standard_normal((4, 4)).astype(np.float32)

_xAx = lambda x, A: tf.tensordot(x, tf.linalg.matvec(A, x), axes=1)

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
    mistakes=("symmetric_formula", "one_term", "upstream_ignored", "count", "constant_factor", "order"),
    hints={"upstream_ignored": "q is a scalar, so upstream is a scalar: multiply both gradients by it.",
           "count": "return two gradients, one for x and one for A, in that order.",
           "wrong_shape": "each gradient has its input's shape: the one for x is a vector, the one for A a matrix. "
                          "Which product of x with itself gives a matrix?",
           "order": "return them as (gradient for x, gradient for A)."},
))


def _batched_points():
    return [(tf.constant(_rng.standard_normal((2, 3, 4)).astype(np.float32)),
             tf.constant(_rng.standard_normal((2, 4, 5)).astype(np.float32))),
            (tf.constant(_rng.standard_normal((3, 2, 3)).astype(np.float32)),
             tf.constant(_rng.standard_normal((3, 3, 2)).astype(np.float32)))]


register(Exercise(
    key="04.batched_matmul",
    title="The gradient of a batched matrix product Y = A @ B",
    judge=gradient_judge(
        _batched_points, tf.matmul,
        "dA = U Bᵀ and dB = Aᵀ U, batch by batch: transpose only the last two axes.",
        known_wrong=[
            ("summed_over_batch", lambda A, B, U: (tf.reduce_sum(tf.matmul(U, B, transpose_b=True), 0),
                                                   tf.reduce_sum(tf.matmul(A, U, transpose_a=True), 0)),
             "you summed over the batch: each batch entry has its own A and B, so keep the batch axis."),
        ],
        fallback="work out one batch entry first: which products of U with B and with A have A's and B's shapes?"),
    solution="""
        @strict_custom_gradient
        def batched_matmul(A, B):
            def grad(U):
                return tf.matmul(U, B, transpose_b=True), tf.matmul(A, U, transpose_a=True)
            return tf.matmul(A, B), grad
    """,
    answer_name="batched_matmul",
    mistakes=("summed_over_batch", "wrong_shape", "upstream_ignored", "order"),
    hints={"wrong_shape": "dA has A's shape (batch, m, k): which product of U (batch, m, n) and B (batch, k, n) "
                          "gives that?",
           "matmul_shapes": "dA has A's shape (batch, m, k): which product of U (batch, m, n) and B (batch, k, n) "
                            "gives that? tf.matmul's transpose_a and transpose_b transpose the last two axes only.",
           "transposed": "tf.matmul's transpose_a and transpose_b transpose the last two axes only.",
           "upstream_ignored": "both gradients are products with U.",
           "order": "return them as (gradient for A, gradient for B)."},
))


def _bias_points():
    return [(tf.constant(_rng.standard_normal((5, 3)).astype(np.float32)), tf.constant([0.5, -1.0, 2.0])),
            (tf.constant(_rng.standard_normal((2, 4)).astype(np.float32)), tf.constant([0.1, 0.2, -0.3, 1.0]))]


register(Exercise(
    key="04.bias_add",
    title="A bias added to every row: y = x + b with x (batch, n) and b (n,)",
    judge=gradient_judge(
        _bias_points, lambda x, b: x + b,
        "dx = upstream and db = upstream summed over the batch axis: b was broadcast to every row.",
        known_wrong=[
            ("mean_not_sum", lambda x, b, u: (u, tf.reduce_mean(u, axis=0)),
             "you averaged over the batch: every row's copy of b adds its own contribution to the loss, so the "
             "contributions are summed, not averaged."),
        ],
        fallback="b is used by every row of the batch: how do the rows' contributions to its gradient combine? "
                 "(The checker tries several batch sizes.)",
        messages={"not_summed": "the gradient for b has x's shape, not b's: b was broadcast to every row in the "
                                "forward pass, so each row contributes to its gradient, and the contributions must "
                                "be summed back into b's shape."}),
    solution="""
        @strict_custom_gradient
        def bias_add(x, b):
            def grad(upstream):
                return upstream, tf.reduce_sum(upstream, axis=0)   # b was used by every row
            return x + b, grad
    """,
    answer_name="bias_add",
    mistakes=("not_summed", "upstream_ignored", "wrong_shape", "mean_not_sum"),
    hints={"not_summed": "b was added to every row of x: its gradient collects one contribution per row.",
           "wrong_shape": "b has shape (n,): which axis of upstream (batch, n) do the rows run along?",
           "upstream_ignored": "the gradients are built from upstream itself, not from ones."},
))
