"""Exercise 03.matvec: grad of f(x) = A x for a matrix A held in a closure (make_f(A) returns f)."""

import numpy as np
import tensorflow as tf

from . import A_5x3
from .. import Exercise, Feedback, Verdict, reject, rng_for
from ...boundary import LearnerCodeError, call
from ..judges import function_from, gradient_judge, one_tensor


_OTHER_A = tf.constant(rng_for("03.matvec").standard_normal((4, 2)).astype(np.float32))


def _judge_matvec(answer) -> Feedback:
    make_f = function_from(answer, "the function make_f")
    f = call("calling make_f(A_5x3)", make_f, A_5x3)
    if f is None:
        reject("make_f(A) returned None: a function without a return statement returns None. Define f inside "
               "make_f, then end make_f with `return f` (the function itself, not a call of it).", "not_a_factory")
    if tf.is_tensor(f) or not callable(f):
        reject("make_f(A) must return a function f; it returned "
               f"{'a tensor' if tf.is_tensor(f) else type(f).__name__}. Did you pass make_f(A_5x3) (one f) instead "
               "of the factory make_f itself? The checker calls make_f with several matrices.", "not_a_factory")
    feedback = _matvec_gradient(A_5x3)(f)
    if not feedback.passed:
        if feedback.mistake in (None, "wrong_values") and _ignores_the_matrix(make_f):
            return Feedback(False, "your gradient stays the same when make_f is given another matrix: grad uses a "
                                   "matrix from outside make_f (a global A from an earlier cell?), not the one make_f "
                                   "was given. Use make_f's own argument in grad, as in the forward pass.",
                            "ignores_matrix")
        return feedback
    for A in (_OTHER_A,):
        try:            # right for A_5x3: what goes wrong now comes from a matrix fixed inside make_f
            f = call("calling make_f(A)", make_f, A)
            feedback = _matvec_gradient(A)(f)
        except LearnerCodeError as e:
            feedback = Feedback(False, e.sentence(), e.mistake)
        except Verdict as v:
            feedback = v.feedback
        if not feedback.passed:
            return Feedback(False, f"right for the first matrix the checker tried (5×3), but not for a "
                                   f"{A.shape[0]}×{A.shape[1]} one: does grad use the A given to make_f (the closure), "
                                   f"or a fixed matrix? ({feedback.message})", "hard_coded_A")
    return Feedback(True, "Jᵀ·upstream = Aᵀ·upstream: a gradient shaped like x from an upstream shaped like y, for "
                          "any A the closure holds.")


def _ignores_the_matrix(make_f) -> bool:
    """Whether the gradient of make_f(A) stays the same for make_f(2·A): grad reads a matrix of its own."""
    x, u = tf.constant([0.5, -1.0, 2.0]), tf.constant([1.0, -0.5, 0.25, 2.0, -1.5])
    gradients = []
    for A in (A_5x3, 2 * A_5x3):
        try:
            f = call("calling make_f(A)", make_f, A)
            with tf.GradientTape() as tape:
                tape.watch(x)
                y = one_tensor(call("calling your function", f, x), "your function")
            gradients.append(call("running your grad", tape.gradient, y, x, output_gradients=u))
        except (LearnerCodeError, Verdict):
            return False
    return all(tf.is_tensor(g) for g in gradients) and bool(np.allclose(gradients[0].numpy(), gradients[1].numpy()))


def _matvec_gradient(A):
    """The gradient judge for one matrix A (its own x, of A's column count)."""
    return gradient_judge(
        lambda: [(tf.constant(np.linspace(-1, 1, A.shape[1]).astype(np.float32) + 0.3),)],
        lambda x: tf.linalg.matvec(A, x), "right for this A",
        fallback="which product of A and upstream has x's shape?")


_MATVEC_HINT = ("J = A has one row per output and one column per input: which product, of A or of its transpose "
                "with upstream, has one entry per input?")


EXERCISE = Exercise(
    key="03.matvec",
    title="grad of f(x) = A x for a matrix A held in a closure (make_f(A) returns f)",
    judge=_judge_matvec,
    answer_name="make_f",
    mistakes=("wrong_shape", "upstream_ignored", "constant_factor", "hard_coded_A", "not_a_factory", "ignores_matrix"),
    hints={"wrong_shape": _MATVEC_HINT,
           "matmul_shapes": _MATVEC_HINT,
           "upstream_ignored": "the gradient must change with upstream."},
    # The general advice on a matrix product's shapes names the transpose flag, which is this exercise's answer.
    withhold=(r"For Mᵀ v, write tf\.linalg\.matvec\(M, v, transpose_a=True\)\. ",
              r"Transpose the first \(tf\.matmul\(a, b, transpose_a=True\)\).*?pick the product whose shape is "
              r"the input's\. ",
              r", with transpose_a=True for Mᵀ v"),
)
