"""Exercises of notebook 03_jacobians_and_vjps."""

import numpy as np
import tensorflow as tf

from . import Exercise, Feedback, Verdict, register, reject
from .judges import builds_square_matrix, function_from, gradient_judge, one_tensor
from ..boundary import LearnerCodeError, call

def _softmax_points():
    return [(tf.constant([0.5, -1.0, 2.0, 0.0]),), (tf.constant([[1.5, 0.2, -0.7], [0.0, 2.0, -1.0]]),)]


_SOFTMAX_WRONG = [
    ("diagonal_only", lambda z, u: u * tf.nn.softmax(z) * (1 - tf.nn.softmax(z)),
     "you used only the diagonal of the Jacobian. Softmax couples every output to every input: each sᵢ "
     "changes when any zⱼ changes, so the off-diagonal entries matter too."),
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
]
_SOFTMAX_SUCCESS = "Jᵀu = s ⊙ (u − ⟨u, s⟩), row by row: the Jacobian diag(s) − s sᵀ applied in O(n), never formed."
_SOFTMAX_FALLBACK = ("write J = diag(s) − s sᵀ and apply its transpose to upstream, term by term (for each row of a "
                     "batch).")
_softmax_vector, _softmax_batch = (
    gradient_judge(lambda k=k: [_softmax_points()[k]], lambda z: tf.nn.softmax(z), _SOFTMAX_SUCCESS,
                   known_wrong=_SOFTMAX_WRONG, fallback=_SOFTMAX_FALLBACK) for k in (0, 1))


def _judge_softmax(answer) -> Feedback:
    feedback = _softmax_vector(answer)
    if feedback.passed:
        z, u = tf.constant(np.linspace(-1.0, 1.0, 7)), tf.constant(np.linspace(0.5, -0.5, 7))

        def vjp(z, u):
            with tf.GradientTape() as tape:
                tape.watch(z)
                s = answer(z)
            return tape.gradient(s, z, output_gradients=u)

        if builds_square_matrix(vjp, (z, u), 7):
            return Feedback(False, "right values, but grad builds an n × n matrix (the Jacobian, or an outer "
                                   "product): for n outputs that costs n² memory. The VJP needs only vectors: find "
                                   "Jᵀu without forming J.", "forms_jacobian")
        feedback = _softmax_batch(answer)
        if not feedback.passed and feedback.mistake != "batch_sum":
            feedback.message = f"right for one vector, but not for a batch of rows: {feedback.message}"
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


register(Exercise(
    key="03.softmax_vjp",
    title="The VJP of softmax, without building the Jacobian",
    judge=_judge_softmax,
    solution="""
        @strict_custom_gradient
        def softmax(z):
            s = tf.nn.softmax(z)
            def grad(upstream):
                # Jᵀu = s ⊙ (u − ⟨u, s⟩), the inner product taken within each row (the last axis)
                return s * (upstream - tf.reduce_sum(upstream * s, axis=-1, keepdims=True))
            return s, grad
    """,
    answer_name="softmax",
    mistakes=("diagonal_only", "missing_s", "unweighted_sum", "mean_not_sum", "batch_sum", "forms_jacobian", "zeros",
              "wrong_sign", "overflow", "log_softmax"),
    hints={"broadcast_shapes": "tf.reduce_sum(..., axis=-1) drops the axis it sums over; with keepdims=True it keeps "
                               "it, so the one number per row lines up with that row of s.",
           "zeros": "Jᵀ·1 is zero for softmax (its outputs always sum to 1), but upstream is not all ones.",
           "upstream_ignored": "the result must change when upstream changes.",
           "matmul_rank": "for vectors, tf.reduce_sum(a * b, axis=-1, keepdims=True) is an inner product that also "
                          "works row by row on a batch."},
))

A_5x3 = tf.constant(np.arange(-7.0, 8.0).reshape(5, 3) / 4, dtype=tf.float32)
"""The fixed matrix of notebook 03's f(x) = A x."""

_OTHER_A = tf.constant(np.random.default_rng(3).standard_normal((4, 2)).astype(np.float32))


def _judge_matvec(answer) -> Feedback:
    make_f = function_from(answer, "the function make_f")
    f = call("calling make_f(A_5x3)", make_f, A_5x3)
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

register(Exercise(
    key="03.matvec",
    title="grad of f(x) = A x for a matrix A held in a closure (make_f(A) returns f)",
    judge=_judge_matvec,
    solution="""
        def make_f(A):
            @strict_custom_gradient
            def f(x):
                def grad(upstream):
                    return tf.linalg.matvec(A, upstream, transpose_a=True)    # Aᵀ · upstream
                return tf.linalg.matvec(A, x), grad
            return f
    """,
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
))


def _phi(x):
    return 0.5 * (1 + tf.math.erf(x / np.sqrt(2.0)))


def _pdf(x):
    return tf.exp(-x * x / 2) / np.sqrt(2 * np.pi)


register(Exercise(
    key="03.phi_grad",
    title="The gradient of Φ, the standard normal CDF",
    judge=gradient_judge(
        lambda: [(tf.constant([-1.0, 0.0, 0.5, 2.0]),), (tf.constant([[1.2, -2.5], [0.1, 3.0]], tf.float64),)],
        _phi,
        "Φ'(x) = φ(x), the normal density, so grad returns upstream · φ(x): a diagonal Jacobian.",
        known_wrong=[
            ("cdf_not_pdf", lambda x, u: u * _phi(x),
             "you multiplied by Φ(x), the function itself, not by its derivative."),
            ("inner_derivative", lambda x, u: u * 0.5 * 2 / np.sqrt(np.pi) * tf.exp(-x * x),
             "you evaluated erf's derivative at x, but Φ uses erf(x/√2): by the chain rule, erf' is taken at the "
             "inner value x/√2 and multiplied by the inner function's derivative."),
            ("inner_derivative", lambda x, u: u * 2 / np.sqrt(np.pi) * tf.exp(-x * x),
             "that is erf's derivative at x, but Φ is ½(1 + erf(x/√2)): by the chain rule erf' is taken at the inner "
             "value x/√2, times the inner function's derivative, times the factor ½ in front."),
            ("inner_derivative", lambda x, u: u * 0.5 * 2 / np.sqrt(np.pi) * tf.exp(-x * x) / np.sqrt(2.0),
             "close: you multiplied by the inner function's derivative, but took erf' at x instead of at the inner "
             "value x/√2: look at the exponent."),
            ("inner_derivative", lambda x, u: u * 0.5 * 2 / np.sqrt(np.pi) * tf.exp(-x * x / 2),
             "close: by the chain rule, erf(x/√2) also needs the derivative of the inner function x/√2 as a factor."),
            ("wrong_sign", lambda x, u: u * tf.exp(x * x / 2) / np.sqrt(2 * np.pi),
             "check the sign in the exponent: a density falls off away from 0."),
            ("missing_normalisation", lambda x, u: u * tf.exp(-x * x / 2),
             "close: the shape of your derivative is right, but a constant factor is missing. Differentiate "
             "½(1 + erf(x/√2)) with the chain rule, using the derivative of erf the prompt gives."),
        ],
        fallback="Φ is a cumulative distribution function: its derivative is the matching density."),
    solution="""
        @strict_custom_gradient
        def phi_tf(x):
            cdf = 0.5 * (1 + tf.math.erf(x / np.sqrt(2.0)))
            def grad(upstream):
                pdf = tf.exp(-x * x / 2) / np.sqrt(2 * np.pi)
                return upstream * pdf
            return cdf, grad
    """,
    answer_name="phi_tf",
    mistakes=("cdf_not_pdf", "inner_derivative", "missing_normalisation", "upstream_ignored", "wrong_sign",
              "constant_factor"),
    hints={"upstream_ignored": "multiply the density by upstream.",
           "constant_factor": "check the constant in front of the density: ½ · d/dx erf(x/√2).",
           "dtype_mismatch": "np.sqrt(2 * np.pi) is a NumPy scalar, which TensorFlow treats like a Python number: "
                             "it takes x's dtype. tf.sqrt(2 * np.pi) is a float32 tensor, which clashes with a "
                             "float64 x (the checker tries both)."},
))
