"""Exercises of notebook 04_matrix_inputs."""

import numpy as np
import tensorflow as tf

from . import Exercise, register
from .judges import gradient_judge

_rng = np.random.default_rng(4)
_A = _rng.standard_normal((3, 3)).astype(np.float32)     # not symmetric

register(Exercise(
    key="04.quadratic_form",
    title="The gradient of q = xᵀ A x for a non-symmetric A, with respect to x and A",
    judge=gradient_judge(
        lambda: (tf.constant([1.0, -0.5, 2.0]), tf.constant(_A)),
        lambda x, A: tf.tensordot(x, tf.linalg.matvec(A, x), axes=1),
        "dq/dx = (A + Aᵀ) x and dq/dA = x xᵀ, each times the scalar upstream.",
        hints={"upstream_ignored": "q is a scalar, so upstream is a scalar: multiply both gradients by it.",
               "count": "return two gradients, (dq/dx, dq/dA)."},
        known_wrong=[
            ("symmetric_formula", lambda x, A, u: (u * 2 * tf.linalg.matvec(A, x), u * tf.tensordot(x, x, axes=0)),
             "2 A x is right only for a symmetric A. For any A, dq/dx = (A + Aᵀ) x."),
        ]),
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
    mistakes=("symmetric_formula", "upstream_ignored", "count", "constant_factor"),
))

register(Exercise(
    key="04.batched_matmul",
    title="The gradient of a batched matrix product Y = A @ B",
    judge=gradient_judge(
        lambda: (tf.constant(_rng.standard_normal((2, 3, 4)).astype(np.float32)),
                 tf.constant(_rng.standard_normal((2, 4, 2)).astype(np.float32))),
        tf.matmul,
        "dA = U Bᵀ and dB = Aᵀ U, batch by batch: transpose only the last two axes.",
        hints={"wrong_shape": "dA has A's shape (batch, 3, 4): U (batch, 3, 2) times Bᵀ (batch, 2, 4).",
               "upstream_ignored": "use U: dA = tf.matmul(U, B, transpose_b=True)."},
        known_wrong=[
            ("summed_over_batch", lambda A, B, U: (tf.reduce_sum(tf.matmul(U, B, transpose_b=True), 0),
                                                   tf.reduce_sum(tf.matmul(A, U, transpose_a=True), 0)),
             "you summed over the batch: each batch entry has its own A and B, so keep the batch axis."),
        ]),
    solution="""
        @strict_custom_gradient
        def batched_matmul(A, B):
            def grad(U):
                return tf.matmul(U, B, transpose_b=True), tf.matmul(A, U, transpose_a=True)
            return tf.matmul(A, B), grad
    """,
    answer_name="batched_matmul",
    mistakes=("summed_over_batch", "wrong_shape", "upstream_ignored"),
))

register(Exercise(
    key="04.bias_add",
    title="A bias added to every row: y = x + b with x (batch, n) and b (n,)",
    judge=gradient_judge(
        lambda: (tf.constant(_rng.standard_normal((4, 3)).astype(np.float32)),
                 tf.constant([0.5, -1.0, 2.0])),
        lambda x, b: x + b,
        "dx = upstream and db = upstream summed over the batch axis: b was broadcast to every row.",
        hints={"not_summed": "db = tf.reduce_sum(upstream, axis=0).",
               "upstream_ignored": "the gradients are upstream itself (and its sum for b), not ones."}),
    solution="""
        @strict_custom_gradient
        def bias_add(x, b):
            def grad(upstream):
                return upstream, tf.reduce_sum(upstream, axis=0)   # b was used by every row
            return x + b, grad
    """,
    answer_name="bias_add",
    mistakes=("not_summed", "upstream_ignored", "wrong_shape"),
))
