"""Exercise 10.xla_i0e: A tf.numpy_function custom gradient rewritten for XLA."""

import numpy as np
import scipy.special
import tensorflow as tf

from .. import Exercise, Feedback, reject
from ...boundary import running
from ..judges import _kind, function_from, one_tensor, uses_custom_gradient


_X32 = np.array([-3.0, -0.5, 0.7, 2.0, 10.0], dtype=np.float32)


_U32 = np.array([0.5, -1.5, 2.0, 1.0, -0.7], dtype=np.float32)


_X64 = np.array([[0.3, -1.7], [4.0, -8.5]], dtype=np.float64)


_U64 = np.array([[1.2, 0.4], [-2.0, 0.9]], dtype=np.float64)


def _i0e_slope(x):
    return scipy.special.i1e(x) - np.sign(x) * scipy.special.i0e(x)


_I0E_FORWARD_MISTAKES = [
    ("unscaled", scipy.special.i0,
     "your forward gives I0(x), the Bessel function without its scaling: SciPy's i0e is the exponentially scaled "
     "one, e^(-|x|) I0(x), and its TensorFlow counterpart carries the same e in its name."),
    ("wrong_function", scipy.special.i1e,
     "your forward gives i1e, the order-1 function; the forward of i0e_numpy is the order-0 one, i0e."),
]


_I0E_GRAD_MISTAKES = [
    ("upstream_ignored", lambda x, u: _i0e_slope(x),
     "your grad ignores upstream: it returns the slope alone. i0e_numpy's grad multiplies the slope by upstream."),
    ("sign_term_missing", lambda x, u: u * scipy.special.i1e(x),
     "your slope is only the first of the two terms of i0e_slope: the second one (with np.sign and i0e) is "
     "missing."),
    ("sign_dropped", lambda x, u: u * (scipy.special.i1e(x) - scipy.special.i0e(x)),
     "your slope is right for positive x only: i0e_slope's second term multiplies i0e by np.sign(x), which is −1 "
     "for negative x."),
    ("abs_not_sign", lambda x, u: u * (scipy.special.i1e(x) - np.abs(x) * scipy.special.i0e(x)),
     "your second term multiplies by |x|; i0e_slope multiplies by np.sign(x), which is only ±1."),
    ("sign_flipped", lambda x, u: u * (scipy.special.i1e(x) + np.sign(x) * scipy.special.i0e(x)),
     "the second term of your slope has the wrong sign: compare it with i0e_slope."),
    ("unscaled_slope", lambda x, u: u * scipy.special.i1(x),
     "your slope uses I1, the unscaled Bessel function: i0e_slope uses the exponentially scaled ones (i1e and "
     "i0e), whose TensorFlow names end in e as well."),
    ("swapped_orders", lambda x, u: u * (scipy.special.i0e(x) - np.sign(x) * scipy.special.i1e(x)),
     "your slope swaps the two functions: i0e_slope takes i1e first and subtracts np.sign(x) times i0e."),
]


def _i0e_values(fn, x, u, stage):
    with running(stage):
        with tf.GradientTape() as tape:
            tape.watch(x)
            y = fn(x)
        y = one_tensor(y, "your function")
        return y, tape.gradient(y, x, output_gradients=u)


def _judge_i0e_forward(fn, x):
    with running("calling your function"):
        y = fn(x)
    y = one_tensor(y, "your function")
    if y.dtype != x.dtype:
        reject(f"your function returns {y.dtype.name} for a {x.dtype.name} input: keep the input's dtype.",
               "dtype_mismatch")
    if tuple(y.shape) != tuple(x.shape):
        reject(f"your function returns shape {tuple(y.shape)} for an input of shape {tuple(x.shape)}: i0e works "
               "entry by entry.", "wrong_shape")
    got, xs = y.numpy().astype(np.float64), x.numpy().astype(np.float64)
    if np.allclose(got, scipy.special.i0e(xs), rtol=1e-5, atol=1e-7):
        return
    for key, wrong, message in _I0E_FORWARD_MISTAKES:
        if np.allclose(got, wrong(xs), rtol=1e-4, atol=1e-6):
            reject(message, key)
    reject(f"your forward differs from scipy.special.i0e at x = {np.round(xs, 3).tolist()}: the forward pass must "
           "give i0e_numpy's values.", "wrong_forward")


def _judge_i0e_gradient(g, x, u, where=""):
    if g is None:
        reject("the tape got None" + where + ": grad returned None, or the function is not decorated with "
               "@tf.custom_gradient.", "none")
    if not tf.is_tensor(g):
        reject(f"grad returned {_kind(g)}{where}, not a tensor: XLA compiles TensorFlow operations, never NumPy "
               "values.", "numpy")
    if tuple(g.shape) != tuple(x.shape) or g.dtype != x.dtype:
        reject(f"the gradient has shape {tuple(g.shape)} and dtype {g.dtype.name}{where} for an input of shape "
               f"{tuple(x.shape)} and dtype {x.dtype.name}: a gradient has its input's shape and dtype.",
               "wrong_shape" if tuple(g.shape) != tuple(x.shape) else "dtype_mismatch")
    got, xs, us = (t.numpy().astype(np.float64) for t in (g, x, u))
    if np.allclose(got, us * _i0e_slope(xs), rtol=1e-4, atol=1e-7):
        return
    for key, wrong, message in _I0E_GRAD_MISTAKES:
        if np.allclose(got, wrong(xs, us), rtol=1e-4, atol=1e-6):
            reject(message, key)
    off = ~np.isclose(got, us * _i0e_slope(xs), rtol=1e-4, atol=1e-7)
    reject(f"your gradient{where} differs from i0e_numpy's, upstream times i0e_slope(x), at x = "
           f"{np.round(xs[off], 3).tolist()}" + (f" (and agrees at x = {np.round(xs[~off], 3).tolist()})"
                                                  if (~off).any() else "") + ".", "wrong_values")


def _judge_i0e(answer) -> Feedback:
    fn = function_from(answer, "your custom-gradient function")
    x32, u32 = tf.constant(_X32), tf.constant(_U32)
    _judge_i0e_forward(fn, x32)
    if uses_custom_gradient(fn, (x32,)) is False:
        reject("your function has no custom gradient: TensorFlow differentiated your forward by itself. That gives "
               "the right gradient here, but the exercise is about a grad of your own that XLA compiles (most "
               "custom gradients have no TensorFlow twin to fall back on): keep @tf.custom_gradient and return "
               "(y, grad).", "no_custom_gradient")
    _, g = _i0e_values(fn, x32, u32, "computing your gradient")
    _judge_i0e_gradient(g, x32, u32)
    with running("compiling your function with jit_compile=True"):
        y = tf.function(lambda x: fn(x), jit_compile=True)(x32)
    with running("compiling your grad with jit_compile=True"):
        compiled = tf.function(lambda x, u: _i0e_values(fn, x, u, "running your grad under XLA"), jit_compile=True)
        y, g = compiled(x32, u32)
    _judge_i0e_gradient(g, x32, u32, " under XLA")
    x64, u64 = tf.constant(_X64), tf.constant(_U64)
    _judge_i0e_forward(fn, x64)
    with running("compiling your grad with jit_compile=True, for a float64 matrix"):
        y, g = compiled(x64, u64)
    _judge_i0e_gradient(g, x64, u64, " for a float64 matrix under XLA")
    return Feedback(True, "forward and grad are TensorFlow operations that XLA compiles, in float32 and "
                          "float64, with the same values as the NumPy version: this layer now trains under "
                          "jit_compile=True, and under Keras's jit_compile='auto' on a GPU.")


EXERCISE = Exercise(
    key="10.xla_i0e",
    title="A tf.numpy_function custom gradient rewritten for XLA",
    judge=_judge_i0e,
    answer_name="i0e_xla",
    mistakes=("unscaled", "wrong_function", "no_custom_gradient", "upstream_ignored", "sign_term_missing",
              "sign_dropped", "abs_not_sign", "sign_flipped", "unscaled_slope", "swapped_orders", "jit_compile", "numpy_in_graph"),
    hints={"jit_compile": "XLA compiles only operations it has a kernel for: tf.numpy_function, tf.py_function "
                          "and tf.print have none. TensorFlow has its own version of each SciPy function used "
                          "here: look in tf.math.special.",
           "numpy_in_graph": "XLA compiles TensorFlow operations, never NumPy, forward and grad alike: NumPy "
                             "calls (np.*, .numpy()) must become TensorFlow operations too."},
    withhold=(r",? or (?:wrap NumPy code in )?tf\.numpy_function(?: for code that must stay in NumPy)?",
              r" Remove jit_compile=True, or keep that op out of the compiled function\."),
)
