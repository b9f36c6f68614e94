"""Exercise 03.softmax_vjp: The VJP of softmax, without building the Jacobian."""

import numpy as np
import tensorflow as tf

from .. import Exercise, Feedback
from ...boundary import LearnerCodeError, call
from ..judges import builds_square_matrix, gradient_judge, one_tensor


def _softmax_points():
    return [(tf.constant([0.5, -1.0, 2.0, 0.0]),), (tf.constant([[1.5, 0.2, -0.7], [0.0, 2.0, -1.0]]),)]


_SOFTMAX_WRONG = [
    ("diagonal_only", lambda z, u: u * tf.nn.softmax(z) * (1 - tf.nn.softmax(z)),
     "you used only the diagonal of the Jacobian. Softmax couples every output to every input: each sᵢ "
     "changes when any zⱼ changes, so the off-diagonal entries matter too."),
    ("offdiagonal_only", lambda z, u: -tf.nn.softmax(z) * tf.reduce_sum(u * tf.nn.softmax(z), axis=-1, keepdims=True),
     "you used only the s sᵀ part of the Jacobian: the diag(s) part, which sends each upstream entry back scaled by "
     "its own output sᵢ, is missing."),
    ("diagonal_twice", lambda z, u: tf.nn.softmax(z) * (1 - tf.nn.softmax(z)) * u
     - tf.nn.softmax(z) * tf.reduce_sum(u * tf.nn.softmax(z), axis=-1, keepdims=True),
     "the diagonal is counted twice: s sᵀ already holds sᵢ² on its diagonal, so the first term comes from "
     "diag(s) alone, without the 1 − s."),
    ("missing_s", lambda z, u: u - tf.reduce_sum(u * tf.nn.softmax(z), axis=-1, keepdims=True),
     "close: compare your expression with Jᵀu for J = diag(s) − s sᵀ, entry by entry: a factor is missing."),
    ("unweighted_sum", lambda z, u: tf.nn.softmax(z) * (u - tf.reduce_sum(u, axis=-1, keepdims=True)),
     "close: the term you subtract must be weighted: each upstream entry multiplied by the softmax output "
     "that goes with it (it comes from the s sᵀ part of J)."),
    ("mean_not_sum", lambda z, u: tf.nn.softmax(z) * (u - tf.reduce_mean(u * tf.nn.softmax(z), axis=-1,
                                                                         keepdims=True)),
     "close, but the inner product ⟨u, s⟩ is a sum of the products uᵢ sᵢ, not their mean: the s sᵀ part of J "
     "adds up one term per output."),
    ("log_softmax", lambda z, u: u - tf.nn.softmax(z) * tf.reduce_sum(u, axis=-1, keepdims=True),
     "that is the VJP of log-softmax, log s, whose Jacobian is I − 1 sᵀ. Softmax's own Jacobian is "
     "diag(s) − s sᵀ: apply its transpose to upstream, entry by entry."),
    ("batch_sum", lambda z, u: tf.nn.softmax(z) * (u - tf.reduce_sum(u * tf.nn.softmax(z))),
     "right for one vector, but z may be a batch of rows, each its own softmax: your sum runs over the whole "
     "batch. Keep it within each row (over the last axis)."),
    ("column_sum", lambda z, u: tf.nn.softmax(z) * (u - tf.reduce_sum(u * tf.nn.softmax(z), axis=0, keepdims=True)),
     "right for one vector, but for a batch your sum runs down each column (axis 0), across the rows: it mixes "
     "different softmaxes. Each row is a softmax of its own, so the sum must stay within each row."),
]


_SOFTMAX_SUCCESS = "Jᵀu = s ⊙ (u − ⟨u, s⟩), row by row: the Jacobian diag(s) − s sᵀ applied in O(n), never formed."


_SOFTMAX_FALLBACK = ("write J = diag(s) − s sᵀ and apply its transpose to upstream, term by term (for each row of a "
                     "batch).")


_softmax_vector, _softmax_batch = (
    gradient_judge(lambda k=k: [_softmax_points()[k]], lambda z: tf.nn.softmax(z), _SOFTMAX_SUCCESS,
                   known_wrong=_SOFTMAX_WRONG, fallback=_SOFTMAX_FALLBACK) for k in (0, 1))


_FORMS_JACOBIAN = ("grad builds an n × n matrix (the Jacobian, or an outer product): for n outputs that costs n² "
                   "memory. The VJP needs only vectors: find Jᵀu without forming J.")


def _judge_softmax(answer) -> Feedback:
    """One vector, then a batch of rows, then no n × n matrix built, then large scores (in that order: a Jacobian
    built for one vector usually fails on a batch first, and that is the more useful thing to hear)."""
    feedback = _softmax_vector(answer)
    if feedback.passed:
        try:
            feedback = _softmax_batch(answer)
        except LearnerCodeError:
            if not _forms_jacobian(answer):
                raise
            return Feedback(False, _FORMS_JACOBIAN + " Built for one vector, it also breaks on a batch of rows (an "
                                   "outer product such as tf.tensordot(s, s, axes=0) is s sᵀ only for one vector).",
                            "forms_jacobian")
        if not feedback.passed and feedback.mistake not in ("batch_sum", "column_sum"):
            feedback.message = f"right for one vector, but not for a batch of rows: {feedback.message}"
    if feedback.passed and _forms_jacobian(answer):
        return Feedback(False, "right values, but " + _FORMS_JACOBIAN, "forms_jacobian")
    if feedback.passed:
        z, u = tf.constant([[90.0, 0.0, -5.0]]), tf.constant([[1.0, -2.0, 0.5]])
        with tf.GradientTape() as tape:
            tape.watch(z)
            s = one_tensor(call("calling your function", answer, z), "your function")
        g = call("running your grad", tape.gradient, s, z, output_gradients=u)
        if g is not None and not np.all(np.isfinite(g.numpy())):
            return Feedback(False, "right for moderate scores, but at z = [90, 0, −5] your gradient is NaN or inf: "
                                   "e^z overflows float32 from z ≈ 88.7. The forward pass already has the softmax "
                                   "output, computed stably: reuse it in grad instead of exponentiating z again.",
                            "overflow")
    return feedback


def _forms_jacobian(answer) -> bool:
    z, u = tf.constant(np.linspace(-1.0, 1.0, 7)), tf.constant(np.linspace(0.5, -0.5, 7))

    def vjp(z, u):
        with tf.GradientTape() as tape:
            tape.watch(z)
            s = answer(z)
        return tape.gradient(s, z, output_gradients=u)

    return builds_square_matrix(vjp, (z, u), 7)


EXERCISE = Exercise(
    key="03.softmax_vjp",
    title="The VJP of softmax, without building the Jacobian",
    judge=_judge_softmax,
    answer_name="softmax",
    mistakes=("diagonal_only", "offdiagonal_only", "diagonal_twice", "missing_s", "unweighted_sum", "mean_not_sum", "batch_sum", "forms_jacobian", "zeros",
              "wrong_sign", "overflow", "log_softmax", "column_sum"),
    hints={"broadcast_shapes": "tf.reduce_sum(..., axis=-1) drops the axis it sums over; with keepdims=True it keeps "
                               "it, so the one number per row lines up with that row of s.",
           "zeros": "Jᵀ·1 is zero for softmax (its outputs always sum to 1), but upstream is not all ones.",
           "upstream_ignored": "the result must change when upstream changes.",
           "matmul_rank": "for vectors, tf.reduce_sum(a * b, axis=-1, keepdims=True) is an inner product that also "
                          "works row by row on a batch.",
           "matmul_shapes": "tf.tensordot(a, b, axes=1) and @ are an inner product only for two vectors: on a batch "
                            "of rows they multiply matrices, which mixes the rows. For one inner product per row, "
                            "multiply entry by entry and sum within each row."},
    # The general advice on a matrix product's shapes (transpose one operand) does not apply: no matrix product is
    # wanted here.
    withhold=(r" Transpose the first \(tf\.matmul\(a, b, transpose_a=True\)\).*?pick the product whose shape is "
              r"the input's\.",),
)
