"""Exercise 07.hvp: A Hessian-vector product hvp(f, x, v) for any scalar function f."""

import numpy as np
import tensorflow as tf

from . import softplus_sum
from .. import Exercise, Feedback
from ...boundary import LearnerCodeError, returns_nothing, running
from ..judges import builds_square_matrix, function_from, refers_to


_HX = np.array([-2.0, 0.0, 1.0, 3.0])


_HV = np.array([1.0, -2.0, 0.5, 4.0])


_M = tf.constant(np.array([[1.0, -0.5, 0.0, 2.0], [0.3, 1.0, -1.2, 0.0], [0.0, 0.8, 0.5, -1.0]]))


def coupled(x):
    """softplus_sum(M x): its Hessian Mᵀ diag(σ'(Mx)) M is not diagonal."""
    return softplus_sum(tf.linalg.matvec(_M, x))


def _hessian(f, x):
    """The whole Hessian of f at a 1-D x, one row per unit vector (n is small here; ``tape.jacobian``
    would trace a new vectorised function at every call)."""
    with tf.GradientTape(persistent=True) as second:
        second.watch(x)
        with tf.GradientTape() as first:
            first.watch(x)
            value = f(x)
        slope = first.gradient(value, x)
    n = int(x.shape[0])
    return np.stack([second.gradient(slope, x, output_gradients=tf.one_hot(i, n, dtype=x.dtype)).numpy()
                     for i in range(n)])


_FUNCTIONS = ((softplus_sum, "softplus_sum"), (coupled, "a function whose Hessian is not diagonal"))
"""The functions hvp is tried with, in order: a diagonal Hessian first, then one that is not diagonal."""


def _judge_hvp(answer) -> Feedback:
    """H·v judged for softplus_sum, then for ``coupled``, whose Hessian is not diagonal (an answer right only for a
    diagonal Hessian passes the first and is caught at the second). For each f, the steps in order:

    1. ``_v_given_to_the_first_differentiation``: only when calling hvp raised;
    2. ``_kind_of_result``: a value at all, one tensor, of x's dtype;
    3. ``_shape_of_result``: not the whole Hessian, not the one number g·v, x's shape;
    4. ``_known_wrong_values``: the values of known mistakes (the gradient alone, v ignored or used entry by entry,
       an outer product);
    5. ``_zeros_or_scaled``: zeros where H·v is not, H·v times a constant;
    6. ``_not_exact``: an approximation, x and v swapped, right only for softplus_sum, or wrong.

    Each step reads what the ones before it made sure of (the values are compared once the result is one tensor
    of x's shape), and the known mistakes come before the verdicts that name no cause. Once the values are right
    for both, how they were computed: ``_builds_a_matrix``, then ``_forward_over_reverse``, then ``_compiled``.
    """
    fn = function_from(answer, "a function hvp(f, x, v)")
    x, v = tf.constant(_HX), tf.constant(_HV)
    for f, name in _FUNCTIONS:
        feedback = _judge_hvp_for(fn, f, name, x, v)
        if feedback is not None:
            return feedback
    feedback = _builds_a_matrix(fn, x, v)
    if feedback is None:
        feedback = _forward_over_reverse(fn)
    if feedback is None:
        feedback = _compiled(fn, x, v)
    if feedback is not None:
        return feedback
    return Feedback(True, "H·v for any f by reverse over reverse: the gradient differentiated once more, weighted by "
                          "v, with no n × n matrix. Right for softplus_sum (diagonal H) and for a function whose "
                          "Hessian is not diagonal.")


def _compiled(fn, x, v) -> Feedback | None:
    """H·v inside tf.function, the same as eagerly. f goes in as a plain function that calls softplus_sum: a
    tf.function cannot take a custom-gradient function itself as an argument."""
    plain = lambda t: softplus_sum(t)  # noqa: E731
    with running("calling your hvp inside tf.function"):
        got = tf.function(lambda x, v: fn(plain, x, v))(x, v)
    want = _hessian(softplus_sum, x) @ v.numpy()
    if not (tf.is_tensor(got) and np.allclose(got.numpy(), want, rtol=1e-9, atol=1e-12)):
        return Feedback(False, "eagerly your hvp is right, but inside tf.function it gives "
                               f"{np.round(np.asarray(got), 6).tolist()}: build it from TensorFlow operations only "
                               "(two tapes), so that the same code runs compiled.", "graph_differs")
    return None


def _judge_hvp_for(fn, f, name: str, x, v) -> Feedback | None:
    """Steps 1 to 6 of :func:`_judge_hvp` for one f: None when hvp gives its H·v."""
    try:
        with running(f"calling hvp(f, x, v) with f = {name}"):
            got = fn(f, x, v)
    except LearnerCodeError as e:
        feedback = _v_given_to_the_first_differentiation(fn, e)
        if feedback is not None:
            return feedback
        raise
    feedback = _kind_of_result(fn, got, x)
    if feedback is not None:
        return feedback
    got = np.asarray(got.numpy() if tf.is_tensor(got) else got, dtype=np.float64)
    H, gradient = _hessian(f, x), _gradient(f, x).numpy()
    feedback = _shape_of_result(got, H, gradient)
    if feedback is None:
        feedback = _known_wrong_values(got, H, gradient, name)
    if feedback is None:
        feedback = _zeros_or_scaled(got, H)
    if feedback is None:
        feedback = _not_exact(got, H, f, v, name)
    return feedback


def _v_given_to_the_first_differentiation(fn, error: LearnerCodeError) -> Feedback | None:
    """A shape clash from an hvp that uses output_gradients: v weighted the first differentiation, not the second."""
    shape_clash = error.mistake in ("broadcast_shapes", "matmul_shapes", "wrong_shape")
    if shape_clash and refers_to(fn, "output_gradients"):
        return Feedback(False, "your hvp gives v to the first differentiation, and a shape clash follows. "
                               "v has x's shape: it can weight the gradient g (shaped like x), not f(x), a "
                               "scalar whose upstream is 1. Give v to the second differentiation, the one "
                               f"of g. (In detail: {error.sentence()})", "v_to_first")
    return None


def _kind_of_result(fn, got, x) -> Feedback | None:
    """Something returned (a missing return statement is told from a None the tape gave), one tensor, x's dtype."""
    if got is None and returns_nothing(fn):
        return Feedback(False, "hvp returns nothing yet: its body has no return statement with a value. Return "
                               "H·v, one tensor shaped like x.", "returned_none")
    if got is None:
        return Feedback(False, "hvp returned None: the outer tape saw no path from what you differentiate to x. "
                               "Everything between x and the target of the outer gradient call (the inner "
                               "gradient g, and its product with v) must be computed inside the outer tape's "
                               "with-block, and x watched by both tapes.", "none")
    if isinstance(got, (tuple, list)):
        return Feedback(False, f"hvp returned {len(got)} values; return H·v alone, one tensor shaped like x.",
                        "wrong_kind")
    if tf.is_tensor(got) and got.dtype != x.dtype:
        return Feedback(False, f"hvp returned {got.dtype.name} for {x.dtype.name} input: keep x's dtype (no casts), "
                               "so nothing is lost to rounding.", "wrong_dtype")
    return None


def _shape_of_result(got: np.ndarray, H: np.ndarray, gradient: np.ndarray) -> Feedback | None:
    """Not the whole Hessian, not g·v (one number, a first derivative), and x's shape."""
    if got.shape == H.shape:
        return Feedback(False, "that is the whole Hessian (n × n). An HVP never builds it: return H·v, shaped "
                               "like x.", "full_hessian")
    if got.shape == () and np.isclose(float(got), float(gradient @ _HV)):
        return Feedback(False, "hvp returned one number, g·v: the derivative of f along v, a first derivative. "
                               "H·v is a second derivative, shaped like x: differentiate once more, with respect "
                               "to x.", "directional_only")
    if got.shape != _HX.shape:
        return Feedback(False, f"hvp returned shape {got.shape}; H·v has x's shape {_HX.shape}.", "wrong_shape")
    return None


def _known_wrong_values(got: np.ndarray, H: np.ndarray, gradient: np.ndarray, name: str) -> Feedback | None:
    """The values of known mistakes: the gradient itself, H·1 (v ignored), v used entry by entry (caught only for
    a Hessian that is not diagonal, where they differ from H·v), an outer product of g and v."""
    if np.allclose(got, gradient):
        return Feedback(False, "that is the gradient of f, not a Hessian-vector product: differentiate the "
                               "gradient once more, with a second tape, with respect to x (differentiating g·v "
                               "with respect to v gives g back).", "gradient_only")
    if np.allclose(got, H @ np.ones_like(_HV)):
        return Feedback(False, "you ignored v: that is H·1. The second differentiation must be weighted by v "
                               "(output_gradients=v).", "v_ignored")
    if np.allclose(got, np.diag(H) * _HV) and name != "softplus_sum":
        return Feedback(False, "right for softplus_sum, whose Hessian is diagonal, but not for a function whose "
                               "Hessian is not: your hvp multiplies v entry by entry (the diagonal of H) instead "
                               "of by the whole H. Differentiate the gradient with output_gradients=v.",
                        "diagonal_only")
    if np.allclose(got, (H @ np.ones_like(_HV)) * _HV) and name != "softplus_sum":
        return Feedback(False, "right for softplus_sum, whose Hessian is diagonal, but not for a function whose "
                               "Hessian is not: your hvp multiplies by v after the second differentiation, "
                               "which gives (H·1)·v entry by entry. Weight the second differentiation by v "
                               "instead (differentiate the sum of g·v).", "diagonal_only")
    if np.allclose(got, (H @ np.ones_like(_HV)) * np.sum(_HV)) and not np.allclose(got, H @ _HV):
        return Feedback(False, "your hvp gives (H·1) times the sum of v: g and v were combined as an outer product "
                               "(tf.tensordot with axes=0, or v[:, None] or a (n, 1) column against g's (n,), "
                               "which broadcasts to an n × n matrix) whose sum is Σg · Σv, not the dot product "
                               "Σ g·v. Keep v shaped like x and multiply entry by entry.",
                        "broadcast")
    return None


def _zeros_or_scaled(got: np.ndarray, H: np.ndarray) -> Feedback | None:
    """Zeros where H·v is not zero (a None replaced by zeros), or H·v times a constant factor."""
    if np.allclose(got, 0) and not np.allclose(H @ _HV, 0):
        return Feedback(False, "hvp returns zeros: did the outer gradient come back as None (the outer tape saw "
                               "no path to x: watch x in it, and compute g and g·v inside its block) and "
                               "something replace that None with zeros? Let a None show instead of hiding it.",
                        "zeros")
    target = H @ _HV
    scale = float(got.ravel() @ target.ravel() / (target.ravel() @ target.ravel()))
    if not np.isclose(scale, 1.0, rtol=1e-3) and np.allclose(got, scale * target, rtol=1e-6, atol=1e-9):
        return Feedback(False, f"your values are H·v times a constant factor ({scale:.4g}): a reduce_mean where "
                               "a sum is meant, or an extra scale somewhere. H·v is the gradient of the sum of "
                               "g·v, with no other factor.", "scaled")
    return None


def _not_exact(got: np.ndarray, H: np.ndarray, f, v, name: str) -> Feedback | None:
    """Values other than H·v (to float64's precision): close to it, H(v)·x (x and v swapped), right only for
    softplus_sum, or simply wrong. None when they are H·v."""
    if np.allclose(got, H @ _HV, rtol=1e-10, atol=1e-12):
        return None
    if np.allclose(got, H @ _HV, rtol=1e-2, atol=1e-6):
        error = np.max(np.abs(got - H @ _HV)) / np.max(np.abs(H @ _HV))
        return Feedback(False, f"close, but not exact (relative error {error:.0e}, in float64): an "
                               "approximation such as finite differences of the gradient? Tapes give H·v "
                               "exactly: differentiate the gradient of f once more.", "approximate")
    swapped = _hessian(f, v) @ _HX
    if np.allclose(got, swapped):
        return Feedback(False, "x and v are swapped: hvp(f, x, v) takes f, then the point x, then the vector "
                               "v. Check the order of the parameters.", "swapped")
    if name != "softplus_sum":
        return Feedback(False, "right for softplus_sum, but not for another function: hvp must use the f it "
                               "is given, for any f (the checker tries one whose Hessian is not diagonal).",
                        "only_softplus")
    return Feedback(False, "those values are not the Hessian-vector product H·v: differentiate the gradient "
                           "of f a second time (a second tape around the first), weighted by v.",
                    "wrong_values")


def _builds_a_matrix(fn, x, v) -> Feedback | None:
    """Right values from an n × n matrix (the Hessian, or a Jacobian): what a Hessian-vector product avoids."""
    if builds_square_matrix(lambda x, v: fn(coupled, x, v), (x, v), len(_HX)):
        return Feedback(False, "right values, but your hvp builds an n × n matrix (the Hessian, or a Jacobian): that "
                               "costs n² memory, which is what a Hessian-vector product avoids. Differentiate the "
                               "gradient once more with v as output_gradients, so only vectors appear.", "full_hessian")
    return None


def _forward_over_reverse(fn) -> Feedback | None:
    """Right values by forward over reverse (a ForwardAccumulator), which inside tf.function ignores custom
    gradients: the exercise asks for reverse over reverse."""
    if refers_to(fn, "ForwardAccumulator"):
        return Feedback(False, "right values here, by forward over reverse, the method shown above; inside "
                               "tf.function it ignores custom gradients (zeros through cube_nested). This exercise "
                               "asks for reverse over reverse, which works in both modes: differentiate the gradient "
                               "again with a GradientTape, and no ForwardAccumulator.",
                        "forward_over_reverse")
    return None


def _gradient(f, x):
    with tf.GradientTape() as tape:
        tape.watch(x)
        y = f(x)
    return tape.gradient(y, x)


EXERCISE = Exercise(
    key="07.hvp",
    title="A Hessian-vector product hvp(f, x, v) for any scalar function f",
    judge=_judge_hvp,
    answer_name="hvp",
    mistakes=("directional_only", "full_hessian", "gradient_only", "v_ignored", "none", "wrong_shape", "diagonal_only",
              "only_softplus", "wrong_kind", "swapped", "approximate", "forward_over_reverse", "wrong_dtype", "scaled", "v_to_first"),
    hints={"arguments": "hvp takes three arguments, (f, x, v), and uses the f it is given."},
)
