"""Exercise 04.quadratic_form: The gradient of q = xᵀ A x for a non-symmetric A, with respect to x and A."""

import numpy as np
import tensorflow as tf

from .. import Exercise, rng_for
from ..judges import gradient_judge


_rng = rng_for("04.quadratic_form")
_A = _rng.standard_normal((3, 3)).astype(np.float32)     # not symmetric


_A4 = _rng.standard_normal((4, 4)).astype(np.float32)


_xAx = lambda x, A: tf.tensordot(x, tf.linalg.matvec(A, x), axes=1)


_dq_dx = lambda x, A: tf.linalg.matvec(A, x) + tf.linalg.matvec(A, x, transpose_a=True)   # noqa: E731


_A_IN_ITS_GRADIENT = ("your gradient for x is right; the one for A contains A itself. But q is linear in A: Aᵢⱼ "
                      "appears once, multiplied by xᵢ and xⱼ only, so its partial derivative cannot depend on A.")


EXERCISE = Exercise(
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
    answer_name="quadratic_form",
    mistakes=("symmetric_formula", "one_term", "upstream_ignored", "count", "constant_factor", "order",
              "A_in_its_gradient"),
    hints={"upstream_ignored": "q is a scalar, so upstream is a scalar: multiply both gradients by it.",
           "count": "return two gradients, one for x and one for A, in that order.",
           "wrong_shape": "each gradient has its input's shape: the one for x is a vector, the one for A a matrix. "
                          "Which product of x with itself gives a matrix?",
           "order": "return them as (gradient for x, gradient for A)."},
    # A one-number gradient for A is read as a broadcast input summed too far; here nothing is broadcast (x·x with
    # axes=1 is a dot product, not the matrix it should be): the hint on wrong shapes asks the right question.
    withhold=(r" It is one number: summed over every axis, A's own too\. Each entry of A needs its own gradient: "
              r"keep A's axes, and sum only over axes A was copied along in the forward pass, if it was broadcast "
              r"against another input\.",),
)
