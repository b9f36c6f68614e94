"""Exercise 06.scipy_erfcx: Wrap scipy.special.erfcx, which TensorFlow lacks, so it differentiates inside tf.function.

erfcx(x) = e^{x²} erfc(x), whose derivative 2x·erfcx(x) − 2/√π the course never gives: the learner derives it
with the product rule from erf′ (notebook 03), and writes it so that it stays finite where e^{x²} overflows.
"""

import numpy as np
import scipy.special
import tensorflow as tf

from .. import Exercise, Feedback
from ...boundary import LearnerCodeError, running
from ..judges import function_from, one_tensor


_C = 2 / np.sqrt(np.pi)


# x = 10 and x = 30 are where e^{x²} overflows (float32 from x ≈ 9.4, float64 from x ≈ 26.6) and erfc(x) underflows.
# Both dtypes get the same points: a shape written out for them is caught on a matrix at the end.
_X64 = np.array([-1.5, -0.2, 0.0, 0.7, 2.0, 10.0, 30.0])


_U64 = np.array([1.0, -0.5, 2.0, 0.25, 3.0, -1.5, 0.75])


_POINTS = ((tf.float64, _X64, _U64), (tf.float32, _X64, _U64))


# Wrong derivatives (of x and y = erfcx(x)) that learners write, each with what to look at.
_KNOWN_WRONG = (
    ("product_rule", lambda x, y: 2 * x * y,
     "only one term of the product rule: you differentiated e^{x²} and kept erfc(x) as it is. erfc(x) depends on x "
     "too, and its derivative gives a second term."),
    ("product_rule", lambda x, y: -_C + 0 * x,
     "only one term of the product rule: you differentiated erfc(x) and kept e^{x²} as it is. e^{x²} depends on x "
     "too, and its derivative gives a second term."),
    ("product_rule", lambda x, y: -_C * np.exp(-x ** 2),
     "that is the derivative of erfc alone. erfcx(x) = e^{x²} erfc(x) is a product: the product rule gives two "
     "terms, one for each factor."),
    ("erf_derivative", lambda x, y: _C * np.exp(-x ** 2),
     "that is erf′ from notebook 03, the derivative of another function. Here erf enters only through erfc = 1 − "
     "erf, one factor of the product e^{x²} erfc(x): differentiate that product."),
    ("erfc_sign", lambda x, y: 2 * x * y + _C,
     "the second term has the wrong sign: erfc = 1 − erf, so its derivative is minus erf′."),
    ("uncancelled_exp", lambda x, y: 2 * x * y - _C * np.exp(-x ** 2),
     "the second term keeps e^{-x²}: it is e^{x²} times erfc′(x) = −(2/√π) e^{-x²}, and the two exponentials "
     "cancel."),
    ("chain_rule", lambda x, y: x * y - _C,
     "the first term misses a factor 2: differentiating e^{x²} brings down the derivative of x² (chain rule)."),
)


def _exact(x: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
    y = scipy.special.erfcx(x)
    return y, 2 * x * y - _C


def _close(got: np.ndarray, want: np.ndarray, rtol: float) -> bool:
    """Within ``rtol`` of the largest entry of ``want``: the derivative's entries span 1e-4 to 60."""
    return got.shape == want.shape and bool(np.all(np.abs(got - want) <= rtol * np.max(np.abs(want))))


def _judge_erfcx(answer) -> Feedback:
    """erfcx and its gradient inside tf.function, for float64 input, then float32. At each, the steps in order:

    1. ``_run_in_function``: the answer runs inside tf.function (its errors, NumPy in a graph say, end here);
    2. ``_forward_dtype``: the input's dtype;
    3. ``_forward_values``: finite (e^{x²} computed on its own overflows at the largest x), then erfcx's;
    4. ``_static_shape``: inside tf.function, a shape is set, and it is x's;
    5. ``_gradient_kind``: a gradient at all, and finite (the same overflow, in grad);
    6. ``_known_wrong_gradient``: upstream ignored, then the known wrong derivatives (``_KNOWN_WRONG``);
    7. ``_forward_runs_scipy``: right values are right only when the forward runs SciPy through tf.numpy_function;
    8. ``_wrong_gradient``: only the constant term off, an approximation, or wrong values.

    An overflow is told before the comparison it would fail (which could only say the values are wrong), and the
    known mistakes before step 8, which names no cause. Then, once: ``_shape_for_a_matrix``, the same function
    for a 2 × 2 matrix (a shape written out for the checker's vectors fails there).
    """
    fn = function_from(answer, "your custom-gradient function")
    for dtype, xs, us in _POINTS:
        feedback = _judge_erfcx_at(fn, dtype, xs, us)
        if feedback is not None:
            return feedback
    feedback = _shape_for_a_matrix(fn)
    if feedback is not None:
        return feedback
    return Feedback(True, "d/dx e^{x²} erfc(x) = 2x·erfcx(x) − 2/√π, written with erfcx itself so it stays finite "
                          "where e^{x²} overflows; SciPy in the forward through tf.numpy_function, with its shape "
                          "set, inside tf.function, in float32 and float64.")


def _judge_erfcx_at(fn, dtype, xs: np.ndarray, us: np.ndarray) -> Feedback | None:
    """Steps 1 to 8 of :func:`_judge_erfcx` for one dtype: None when forward and gradient are right."""
    x, u = tf.constant(xs, dtype), tf.constant(us, dtype)
    y, g, shape, compiled = _run_in_function(fn, x, u)
    value, slope = _exact(xs)
    rtol = 1e-5 if dtype == tf.float32 else 1e-11
    feedback = _forward_dtype(y, dtype)
    if feedback is not None:
        return feedback
    runs_scipy = _runs_python(compiled, x)
    feedback = _forward_values(y.numpy(), xs, value, rtol, dtype, runs_scipy)
    if feedback is None:
        feedback = _static_shape(shape, x)
    if feedback is None:
        feedback = _gradient_kind(g, xs, slope, dtype)
    if feedback is not None:
        return feedback
    gv = g.numpy().astype(np.float64)
    feedback = _known_wrong_gradient(gv, xs, us, value, slope)
    if feedback is not None:
        return feedback
    if _close(gv, us * slope, rtol):
        return _forward_runs_scipy(runs_scipy)
    return _wrong_gradient(gv, xs, us, value, slope)


def _run_in_function(fn, x, u):
    """``(y, dL/dx, y's static shape in the graph, the tf.function)`` for upstream ``u``, inside tf.function."""
    shapes = []

    def run(x):
        with tf.GradientTape() as tape:
            tape.watch(x)
            y = one_tensor(fn(x), "your function")
        shapes.append(y.shape)
        return y, tape.gradient(y, x, output_gradients=u)

    compiled = tf.function(run, autograph=False)
    with running(f"running your function inside tf.function on {x.dtype.name} input"):
        y, g = compiled(x)
    return y, g, shapes[0] if shapes else None, compiled


def _runs_python(compiled, x) -> bool:
    """Whether the traced graph runs Python code (tf.numpy_function or tf.py_function), as SciPy must be run."""
    ops = {op.type for op in compiled.get_concrete_function(x).graph.get_operations()}
    return bool(ops & {"PyFunc", "PyFuncStateless", "EagerPyFunc"})   # stateful=False gives the second


def _forward_dtype(y, dtype) -> Feedback | None:
    """The forward's dtype is the input's: tf.numpy_function is told it."""
    if y.dtype != dtype:
        return Feedback(False, f"for {dtype.name} input your function returns {y.dtype.name}: give "
                               "tf.numpy_function the input's dtype (x.dtype) as its output type.", "wrong_dtype")
    return None


def _forward_values(yv: np.ndarray, xs: np.ndarray, value: np.ndarray, rtol: float, dtype,
                    runs_scipy: bool) -> Feedback | None:
    """Finite where e^{x²} overflows (SciPy's erfcx is, a product computed by hand is not), then erfcx's values."""
    if not np.all(np.isfinite(yv)):
        at = xs[~np.isfinite(yv)][0]
        return Feedback(False, f"your forward value is {yv[~np.isfinite(yv)][0]} at x = {at:g} ({dtype.name}), "
                               f"where erfcx(x) is about {scipy.special.erfcx(at):.3g}: e^{{x²}} overflows there "
                               "and erfc(x) underflows to 0. That is why the exercise wraps SciPy's erfcx, which "
                               "computes the product directly: call scipy.special.erfcx through tf.numpy_function.",
                        "no_numpy_function" if not runs_scipy else "wrong_forward")
    if not np.allclose(yv, value, rtol=rtol, atol=0):
        return Feedback(False, "the forward value is not erfcx(x): keep scipy.special.erfcx as the forward.",
                        "wrong_forward")
    return None


def _static_shape(shape, x) -> Feedback | None:
    """Inside tf.function, the result's shape (which tf.numpy_function cannot know) is set, and set to x's."""
    if shape is not None and shape.rank is None:
        return Feedback(False, "the values are right, but inside tf.function the result has an unknown shape: "
                               "tf.numpy_function cannot know it. Tell TensorFlow the shape with set_shape.",
                        "no_shape")
    if shape is not None and not shape.is_compatible_with(x.shape):
        return Feedback(False, f"inside tf.function your result's shape is set to {tuple(shape)}, but x has "
                               f"shape {tuple(x.shape)}: is a shape written out, as in set_shape((3,))? Take it "
                               "from x: set_shape(x.shape).", "fixed_shape")
    return None


def _gradient_kind(g, xs: np.ndarray, slope: np.ndarray, dtype) -> Feedback | None:
    """A gradient at all, and finite where e^{x²} overflows and erfc(x) underflows."""
    if g is None:
        return Feedback(False, "the tape got None: wrap the function in @tf.custom_gradient and return a "
                               "gradient from grad.", "none")
    gv = g.numpy().astype(np.float64)
    if not np.all(np.isfinite(gv)):
        bad = ~np.isfinite(gv)
        return Feedback(False, f"at x = {xs[bad][0]:g} ({dtype.name}) your gradient is {gv[bad][0]}, where the "
                               f"derivative is about {slope[bad][0]:.2g}: grad computes e^{{x²}} or erfc(x) on "
                               "their own, and they overflow and underflow there. Their product is erfcx(x) "
                               "itself: write the derivative with it.", "overflow")
    return None


def _known_wrong_gradient(gv: np.ndarray, xs: np.ndarray, us: np.ndarray, value: np.ndarray,
                          slope: np.ndarray) -> Feedback | None:
    """Upstream ignored, then the derivatives of ``_KNOWN_WRONG`` (a term of the product rule missing, a sign...)."""
    if _close(gv, slope, 1e-4) and not _close(gv, us * slope, 1e-4):
        return Feedback(False, "your grad ignores upstream: multiply erfcx's derivative by it.", "upstream_ignored")
    for key, rule, message in _KNOWN_WRONG:
        if _close(gv, us * rule(xs, value), 1e-4):
            return Feedback(False, message, key)
    return None


def _forward_runs_scipy(runs_scipy: bool) -> Feedback | None:
    """Right values count only from a forward that runs SciPy (through tf.numpy_function)."""
    if not runs_scipy:
        return Feedback(False, "right values, but the forward does not run SciPy: the exercise is to wrap "
                               "scipy.special.erfcx with tf.numpy_function.", "no_numpy_function")
    return None


def _wrong_gradient(gv: np.ndarray, xs: np.ndarray, us: np.ndarray, value: np.ndarray,
                    slope: np.ndarray) -> Feedback:
    """A gradient that is not right: only its constant term off (rounded, or another constant), close to the
    right one (an approximation), or simply wrong."""
    live = us != 0
    constant = 2 * xs[live] * value[live] - gv[live] / us[live]       # the constant term, if only it is off
    if np.allclose(constant, constant[0], rtol=1e-4, atol=1e-6 * np.max(np.abs(value))):
        if abs(constant[0] - _C) <= 5e-2 * _C:
            return Feedback(False, f"your constant term is {constant[0]:.6g}, close to the right one but not "
                                   "equal to it: a constant rounded to a few digits is an approximation. Compute "
                                   "it exactly, with np.sqrt and np.pi.", "approximation")
        return Feedback(False, f"the first term is right, but your constant term is {constant[0]:.4g}: compare "
                               "it with the constant in erf′ (notebook 03), which erfc′ = −erf′ brings in.",
                        "constant")
    off = float(np.max(np.abs(gv - us * slope)) / np.max(np.abs(us * slope)))
    if off < 5e-2:
        return Feedback(False, f"your gradient is close to upstream times erfcx's derivative but not equal to it "
                               f"(off by up to {off:.1e} of its largest entry): an approximation (a finite "
                               "difference inside grad, a constant rounded to a few digits) is not the "
                               "derivative. Derive it exactly, with the product rule.", "approximation")
    return Feedback(False, "the gradient is not upstream times erfcx's derivative. Write erfcx(x) as the product "
                           "e^{x²} · erfc(x), differentiate each factor (erfc = 1 − erf), and check the sign and "
                           "the constant of each term.", "wrong_values")


def _shape_for_a_matrix(fn) -> Feedback | None:
    """The same function for a 2 × 2 float32 matrix: another shape than the checker's vectors."""
    matrix = tf.constant(np.reshape(_X64[:4], (2, 2)), tf.float32)       # another shape than the vector's
    try:
        with running("running your function inside tf.function on a 2 × 2 float32 input"):
            y = tf.function(lambda x: one_tensor(fn(x), "your function"), autograph=False)(matrix)
        shape_ok = tuple(y.shape) == (2, 2) and np.allclose(y.numpy(), scipy.special.erfcx(matrix.numpy()), rtol=1e-6)
        problem = "it returns other values or another shape"
    except LearnerCodeError as e:
        shape_ok, problem = False, e.sentence()
    if not shape_ok:
        return Feedback(False, f"right for the checker's vector, but not for a 2 × 2 matrix x: {problem}. Is a shape "
                               "written out, as in set_shape((7,))? Take it from x: set_shape(x.shape).",
                        "fixed_shape")
    return None


EXERCISE = Exercise(
    key="06.scipy_erfcx",
    title="Wrap scipy.special.erfcx, which TensorFlow lacks, so it differentiates inside tf.function",
    judge=_judge_erfcx,
    answer_name="erfcx",
    mistakes=("uncancelled_exp", "numpy_in_graph", "no_shape", "fixed_shape", "wrong_dtype", "wrong_forward", "none", "no_numpy_function",
              "upstream_ignored", "overflow", "product_rule", "erfc_sign", "erf_derivative", "chain_rule", "constant",
              "approximation", "wrong_values"),
    hints={"numpy_in_graph": "look at how the gammaln example runs SciPy inside tf.function; grad uses TensorFlow "
                             "operations (and y, the forward's value, is a tensor it may use).",
           "dtype_mismatch": "give tf.numpy_function x.dtype as the output type, and write constants as Python "
                             "numbers (np.sqrt(np.pi) is one), which take the input's dtype.",
           "typo": "the wrapper is tf.numpy_function(func, [inputs], output_dtype)."},
)
