"""Exercise 06.numpy_erf: Wrap scipy.special.erf so it differentiates inside tf.function."""

import numpy as np
import tensorflow as tf

from .. import Exercise, Feedback
from ...boundary import LearnerCodeError, running
from ..judges import function_from, one_tensor


_ERF_X = np.array([-1.5, -0.2, 0.0, 0.7, 2.0])


_ERF_U = np.array([1.0, -0.5, 2.0, 0.25, 3.0])


def _judge_numpy_erf(answer) -> Feedback:
    fn = function_from(answer, "your custom-gradient function")
    for dtype in (tf.float64, tf.float32):
        x, u = tf.constant(_ERF_X, dtype), tf.constant(_ERF_U, dtype)
        shapes = []

        def run(x):
            with tf.GradientTape() as tape:
                tape.watch(x)
                y = one_tensor(fn(x), "your function")
            shapes.append(y.shape)
            return y, tape.gradient(y, x, output_gradients=u)

        compiled = tf.function(run, autograph=False)
        with running(f"running your function inside tf.function on {dtype.name} input"):
            y, g = compiled(x)
        want = tf.math.erf(x).numpy()
        if y.dtype != dtype:
            return Feedback(False, f"for {dtype.name} input your function returns {y.dtype.name}: give "
                                   "tf.numpy_function the input's dtype (x.dtype) as its output type.", "wrong_dtype")
        if not np.allclose(y.numpy(), want, rtol=1e-6 if dtype == tf.float32 else 1e-12):
            return Feedback(False, "the forward value is not erf(x): keep scipy.special.erf as the forward.",
                            "wrong_forward")
        if shapes and shapes[0].rank is None:
            return Feedback(False, "the values are right, but inside tf.function the result has an unknown shape: "
                                   "tf.numpy_function cannot know it. Tell TensorFlow the shape with set_shape.",
                            "no_shape")
        if shapes and not shapes[0].is_compatible_with(x.shape):
            return Feedback(False, f"inside tf.function your result's shape is set to {tuple(shapes[0])}, but x has "
                                   f"shape {tuple(x.shape)}: is a shape written out, as in set_shape((3,))? Take it "
                                   "from x: set_shape(x.shape).", "fixed_shape")
        if g is None:
            return Feedback(False, "the tape got None: wrap the function in @tf.custom_gradient and return a "
                                   "gradient from grad.", "none")
        slope = 2 / np.sqrt(np.pi) * np.exp(-_ERF_X ** 2)
        if np.allclose(g.numpy(), slope, rtol=1e-5):
            return Feedback(False, "your grad ignores upstream: multiply erf's slope by it.", "upstream_ignored")
        density = np.exp(-_ERF_X ** 2 / 2) / np.sqrt(2 * np.pi)
        if np.allclose(g.numpy(), _ERF_U * density, rtol=1e-5):
            return Feedback(False, "that is the normal density φ(x) of notebook 03, the derivative of Φ; erf is "
                                   "another function (Φ(x) = ½(1 + erf(x/√2))): differentiate erf's own "
                                   "definition, an integral up to x, instead.",
                            "normal_density")
        off = float(np.max(np.abs(g.numpy() - _ERF_U * slope)) / np.max(np.abs(_ERF_U * slope)))
        if 1e-4 < off < 5e-2:
            return Feedback(False, f"the gradient is close to upstream times erf's derivative but not equal to it (off "
                                   f"by up to {off:.1e} of its largest entry): an approximation (a finite difference "
                                   "inside grad, a constant rounded to a few digits) is not the derivative. Write it "
                                   "exactly: the derivative of an integral with respect to its upper limit is the "
                                   "integrand at that limit.", "approximation")
        ratio = g.numpy() / (_ERF_U * slope)
        if np.all(np.isfinite(ratio)) and np.allclose(ratio, ratio[0], rtol=1e-4) and abs(ratio[0] - 1) > 1e-3:
            return Feedback(False, f"your gradient is {ratio[0]:.4g} times upstream times erf's derivative, at every "
                                   "x: a constant factor is off. Compare the constant in front of erf's integral "
                                   "with yours.", "constant_factor")
        if not np.allclose(g.numpy(), _ERF_U * slope, rtol=1e-5 if dtype == tf.float32 else 1e-10):
            return Feedback(False, "the gradient is not upstream times erf's derivative. The derivative of an "
                                   "integral with respect to its upper limit is the integrand at that limit: compare "
                                   "the constant, the sign and the exponent with that.", "wrong_values")
        ops = {op.type for op in compiled.get_concrete_function(x).graph.get_operations()}
        if not ops & {"PyFunc", "PyFuncStateless", "EagerPyFunc"}:   # stateful=False gives the second
            return Feedback(False, "right values, but the forward does not run SciPy: the exercise is to wrap "
                                   "scipy.special.erf with tf.numpy_function (TensorFlow's own tf.math.erf is what you "
                                   "would use in real code).", "no_numpy_function")
    matrix = tf.constant(np.reshape(_ERF_X[:4], (2, 2)), tf.float32)       # another shape than the vector's
    try:
        with running("running your function inside tf.function on a 2 × 2 float32 input"):
            y = tf.function(lambda x: one_tensor(fn(x), "your function"), autograph=False)(matrix)
        shape_ok = tuple(y.shape) == (2, 2) and np.allclose(y.numpy(), tf.math.erf(matrix).numpy(), rtol=1e-6)
        problem = "it returns other values or another shape"
    except LearnerCodeError as e:
        shape_ok, problem = False, e.sentence()
    if not shape_ok:
        return Feedback(False, f"right for the checker's vector, but not for a 2 × 2 matrix x: {problem}. Is a shape "
                               "written out, as in set_shape((5,))? Take it from x: set_shape(x.shape).",
                        "fixed_shape")
    return Feedback(True, "NumPy code inside a custom gradient that works inside tf.function, in float32 and float64: "
                          "tf.numpy_function for the forward, set_shape for its shape, TensorFlow ops for grad.")


EXERCISE = Exercise(
    key="06.numpy_erf",
    title="Wrap scipy.special.erf so it differentiates inside tf.function",
    judge=_judge_numpy_erf,
    answer_name="numpy_erf",
    mistakes=("numpy_in_graph", "no_shape", "upstream_ignored", "none", "wrong_values", "wrong_dtype",
              "no_numpy_function", "normal_density", "approximation", "constant_factor", "fixed_shape"),
    hints={"numpy_in_graph": "look at how the gammaln example runs SciPy inside tf.function; grad uses TensorFlow "
                             "operations.",
           "dtype_mismatch": "give tf.numpy_function x.dtype as the output type, and write constants as Python "
                             "numbers (np.sqrt(np.pi) is one), which take the input's dtype.",
           "typo": "the wrapper is tf.numpy_function(func, [inputs], output_dtype)."},
)
