"""Learner answers, set x: a confident code assistant's style.

Long cells with docstrings and type hints, input validation, defensive casting, small utilities,
gradient "stabilisation", silenced errors, ``tf.stop_gradient`` "for safety", ``jit_compile`` and
self-tests inside the cell. One right answer and three wrong ones per exercise.
"""

from learner_answer_types import Answer

ANSWERS = [
    # ------------------------------------------------------------------ 05.sign_ste
    Answer("05.sign_ste", "slope-of-clip-by-inner-tape", r'''
from typing import Callable, Tuple


@tf.custom_gradient
def sign_ste(x: tf.Tensor) -> Tuple[tf.Tensor, Callable[[tf.Tensor], tf.Tensor]]:
    """sign(x) forward; the hard tanh's slope times upstream backward.

    Rather than writing the mask by hand, let TensorFlow differentiate the hard tanh
    clip(x, -1, 1) itself: its registered gradient passes the upstream where -1 <= x <= 1
    (inclusive, so |x| = 1 gets the inside value) and gives 0 elsewhere.
    """
    def grad(upstream: tf.Tensor) -> tf.Tensor:
        with tf.GradientTape() as inner:
            inner.watch(x)
            hard_tanh = tf.clip_by_value(x, tf.constant(-1, x.dtype), tf.constant(1, x.dtype))
        return inner.gradient(hard_tanh, x, output_gradients=upstream)

    return tf.sign(x), grad


# --- quick self-test -------------------------------------------------------------
_x = tf.constant([-2.0, -1.0, -0.5, 0.0, 1.0, 3.0], tf.float64)
with tf.GradientTape() as _tape:
    _tape.watch(_x)
    _y = sign_ste(_x)
_g = _tape.gradient(_y, _x, output_gradients=2 * tf.ones_like(_x))
assert np.allclose(_g.numpy(), [0, 2, 2, 2, 2, 0]), _g
''', True),

    Answer("05.sign_ste", "strict-inequality-mask", r'''
from typing import Callable, Tuple


def _ensure_tensor(value) -> tf.Tensor:
    """Convert anything array-like to a tensor, keeping tensors as they are."""
    return value if isinstance(value, tf.Tensor) else tf.convert_to_tensor(value)


@tf.custom_gradient
def sign_ste(x: tf.Tensor) -> Tuple[tf.Tensor, Callable[[tf.Tensor], tf.Tensor]]:
    """Binarise forward; straight-through with the hard tanh's slope backward.

    The hard tanh clip(x, -1, 1) has slope 1 strictly inside (-1, 1) and 0 outside.
    """
    x = _ensure_tensor(x)

    def grad(upstream: tf.Tensor) -> tf.Tensor:
        inside = tf.cast(tf.abs(x) < 1.0, upstream.dtype)   # open interval (-1, 1)
        return upstream * inside

    return tf.sign(x), grad
''', False, "at |x| = 1 exactly the slope must take the inside value 1; a strict < gives 0 there",
        ("inside|boundary|edge|= 1|±1",)),

    Answer("05.sign_ste", "float32-casting", r'''
from typing import Callable, Tuple

_COMPUTE_DTYPE = tf.float32   # do all gradient math in one well-tested precision


@tf.custom_gradient
def sign_ste(x: tf.Tensor) -> Tuple[tf.Tensor, Callable[[tf.Tensor], tf.Tensor]]:
    """sign forward, hard-tanh slope backward (binarised-network STE).

    All gradient arithmetic is done in float32 for numerical consistency across devices.
    """
    def grad(upstream: tf.Tensor) -> tf.Tensor:
        x32 = tf.cast(x, _COMPUTE_DTYPE)
        u32 = tf.cast(upstream, _COMPUTE_DTYPE)
        mask = tf.cast(tf.abs(x32) <= 1.0, _COMPUTE_DTYPE)
        g = u32 * mask
        g = tf.where(tf.math.is_nan(g), tf.zeros_like(g), g)   # guard against NaN upstreams
        return g

    return tf.sign(x), grad
''', False, "the gradient comes back as float32 for a float64 input: cast it back to x.dtype",
        ("dtype|float64",)),

    Answer("05.sign_ste", "clips-upstream-instead", r'''
from typing import Callable, Tuple


@tf.custom_gradient
def sign_ste(x: tf.Tensor) -> Tuple[tf.Tensor, Callable[[tf.Tensor], tf.Tensor]]:
    """sign(x) with a hard-tanh straight-through estimator.

    The hard tanh bounds values to [-1, 1]; its straight-through version bounds the
    gradient the same way, which also prevents gradient explosions.
    """
    def grad(upstream: tf.Tensor) -> tf.Tensor:
        one = tf.constant(1, upstream.dtype)
        return tf.clip_by_value(upstream, -one, one)

    return tf.sign(x), grad


# sanity check: values in range pass through unchanged
_u = tf.constant([0.5, -0.25])
with tf.GradientTape() as _t:
    _t.watch(_u)
    _s = sign_ste(_u)
assert np.allclose(_t.gradient(_s, _u), [1.0, 1.0])
''', False, "the slope of clip(x, -1, 1) depends on x (0 where |x| > 1) and multiplies upstream; clipping upstream is another thing",
        ("outside|flat|slope|zero",)),

    # ------------------------------------------------------------------ 05.clip_gradient
    Answer("05.clip_gradient", "where-sign-clip", r'''
from typing import Callable, Tuple


@tf.custom_gradient
def clip_gradient(x: tf.Tensor) -> Tuple[tf.Tensor, Callable[[tf.Tensor], tf.Tensor]]:
    """Identity forward; backward clips each gradient entry to [-1, 1].

    An entry whose magnitude exceeds 1 is replaced by its sign (+1 or -1); every other entry
    passes unchanged. Everything is elementwise, so any shape and dtype works.
    """
    def grad(upstream: tf.Tensor) -> tf.Tensor:
        too_big = tf.abs(upstream) > tf.constant(1, upstream.dtype)
        return tf.where(too_big, tf.sign(upstream), upstream)

    return tf.identity(x), grad


# --- self-test, eager and compiled ------------------------------------------------
def _grad_of(x, u):
    with tf.GradientTape() as tape:
        tape.watch(x)
        y = clip_gradient(x)
    return tape.gradient(y, x, output_gradients=u)

_x = tf.constant([[1.0, 2.0], [3.0, 4.0]])
_u = tf.constant([[-3.0, 0.5], [1.0, 7.0]])
for _mode in (_grad_of, tf.function(_grad_of)):
    assert np.allclose(_mode(_x, _u), [[-1.0, 0.5], [1.0, 1.0]])
''', True),

    Answer("05.clip_gradient", "clip-by-norm", r'''
from typing import Callable, Tuple

MAX_NORM: float = 1.0


@tf.custom_gradient
def clip_gradient(x: tf.Tensor) -> Tuple[tf.Tensor, Callable[[tf.Tensor], tf.Tensor]]:
    """Identity forward; gradient clipped to at most 1 in the backward pass.

    Uses tf.clip_by_norm, the numerically robust way to clip that also preserves the
    gradient's direction (the standard choice in optimisers).
    """
    def grad(upstream: tf.Tensor) -> tf.Tensor:
        return tf.clip_by_norm(upstream, tf.cast(MAX_NORM, upstream.dtype))

    return tf.identity(x), grad
''', False, "clip_by_norm rescales the whole tensor by its norm; the exercise clips each entry to [-1, 1] separately",
        ("entry|elementwise|element|norm",)),

    Answer("05.clip_gradient", "float32-everything", r'''
from typing import Callable, Tuple


def _ensure_float32(t) -> tf.Tensor:
    """Defensive cast: the rest of the pipeline assumes float32."""
    return tf.cast(tf.convert_to_tensor(t), tf.float32)


@tf.custom_gradient
def clip_gradient(x: tf.Tensor) -> Tuple[tf.Tensor, Callable[[tf.Tensor], tf.Tensor]]:
    """Identity forward, per-entry gradient clipping to [-1, 1] backward."""
    def grad(upstream: tf.Tensor) -> tf.Tensor:
        g = _ensure_float32(upstream)
        g = tf.where(tf.math.is_finite(g), g, tf.zeros_like(g))   # drop inf / NaN
        return tf.clip_by_value(g, -1.0, 1.0)

    return tf.identity(x), grad
''', False, "for the float64 vector the gradient comes back float32; keep upstream's dtype",
        ("dtype|float64",)),

    Answer("05.clip_gradient", "python-if-on-max", r'''
from typing import Callable, Tuple


@tf.custom_gradient
def clip_gradient(x: tf.Tensor) -> Tuple[tf.Tensor, Callable[[tf.Tensor], tf.Tensor]]:
    """Identity forward; clip the gradient to [-1, 1], but only when it actually needs it.

    Skipping the clip op when no entry is out of range saves work in the common case.
    """
    def grad(upstream: tf.Tensor) -> tf.Tensor:
        if tf.reduce_max(tf.abs(upstream)) > 1.0:     # fast path: nothing to clip
            return tf.clip_by_value(upstream, -1.0, 1.0)
        return upstream

    return tf.identity(x), grad


_x = tf.constant([1.0, 2.0, 3.0])
with tf.GradientTape() as _tape:
    _tape.watch(_x)
    _y = 5.0 * clip_gradient(_x)
print("self-test:", _tape.gradient(_y, _x).numpy())   # [1. 1. 1.]
''', False, "a Python if on a tensor inside grad fails inside tf.function; clip with tf ops unconditionally",
        ("tf.function|graph|python if",)),

    # ------------------------------------------------------------------ 06.numpy_erf
    Answer("06.numpy_erf", "py-function-with-dtype", r'''
from typing import Callable, Tuple

_TWO_OVER_SQRT_PI: float = 2.0 / np.sqrt(np.pi)


def _scipy_erf(t: tf.Tensor) -> np.ndarray:
    """Runs eagerly inside tf.py_function, so .numpy() is allowed here."""
    a = t.numpy()
    return scipy.special.erf(a).astype(a.dtype)


@tf.custom_gradient
def numpy_erf(x: tf.Tensor) -> Tuple[tf.Tensor, Callable[[tf.Tensor], tf.Tensor]]:
    """erf(x) from SciPy, with d/dx erf(x) = 2/sqrt(pi) * exp(-x^2).

    The derivative follows from the fundamental theorem of calculus applied to
    erf(x) = 2/sqrt(pi) * integral_0^x exp(-t^2) dt.
    """
    y = tf.py_function(_scipy_erf, [x], Tout=x.dtype)
    y.set_shape(x.shape)

    def grad(upstream: tf.Tensor) -> tf.Tensor:
        return upstream * tf.constant(_TWO_OVER_SQRT_PI, x.dtype) * tf.exp(-tf.square(x))

    return y, grad


for _dt in (tf.float32, tf.float64):
    _x = tf.constant([-1.5, 0.0, 0.7], _dt)
    assert np.allclose(tf.function(numpy_erf)(_x), tf.math.erf(_x))
''', True),

    Answer("06.numpy_erf", "numpy-call-in-forward", r'''
from typing import Callable, Tuple

SQRT_PI = float(np.sqrt(np.pi))


@tf.custom_gradient
def numpy_erf(x: tf.Tensor) -> Tuple[tf.Tensor, Callable[[tf.Tensor], tf.Tensor]]:
    """SciPy's erf with an analytic gradient, 2/sqrt(pi) * exp(-x^2)."""
    x_np = np.asarray(x.numpy())                      # SciPy needs a NumPy array
    y = tf.constant(scipy.special.erf(x_np), dtype=x.dtype)

    def grad(upstream: tf.Tensor) -> tf.Tensor:
        return upstream * (2.0 / SQRT_PI) * tf.exp(-x * x)

    return y, grad


# self-test
_x = tf.constant([0.1, -0.3, 2.0])
np.testing.assert_allclose(numpy_erf(_x).numpy(), scipy.special.erf(_x.numpy()), rtol=1e-6)
''', False, "x.numpy() fails on a symbolic tensor inside tf.function: call SciPy through tf.numpy_function",
        ("tf.function|numpy_function|symbolic",)),

    Answer("06.numpy_erf", "hardcoded-float32-tout", r'''
from typing import Callable, Tuple


def _erf_float32(a: np.ndarray) -> np.ndarray:
    """SciPy erf, always returned in float32 (TensorFlow's default dtype)."""
    return scipy.special.erf(a).astype(np.float32)


@tf.custom_gradient
def numpy_erf(x: tf.Tensor) -> Tuple[tf.Tensor, Callable[[tf.Tensor], tf.Tensor]]:
    """erf via tf.numpy_function; gradient from the integral definition."""
    x = tf.cast(x, tf.float32)                       # normalise the input dtype
    y = tf.numpy_function(_erf_float32, [x], tf.float32)
    y.set_shape(x.shape)

    def grad(upstream: tf.Tensor) -> tf.Tensor:
        u = tf.cast(upstream, tf.float32)
        return u * (2.0 / np.sqrt(np.pi)) * tf.exp(-tf.square(x))

    return y, grad


print(tf.function(numpy_erf)(tf.constant([0.5, 1.0])))
''', False, "everything is forced to float32, so a float64 input gets a float32 value and gradient; use x.dtype",
        ("float64|dtype",)),

    Answer("06.numpy_erf", "jit-compiled-forward", r'''
from typing import Callable, Tuple

TWO_OVER_SQRT_PI = 2.0 / np.sqrt(np.pi)


@tf.function(jit_compile=True)   # XLA-fuse the forward for speed
def _erf_forward(x: tf.Tensor) -> tf.Tensor:
    y = tf.numpy_function(lambda a: scipy.special.erf(a).astype(a.dtype), [x], x.dtype)
    y.set_shape(x.shape)
    return y


@tf.custom_gradient
def numpy_erf(x: tf.Tensor) -> Tuple[tf.Tensor, Callable[[tf.Tensor], tf.Tensor]]:
    """SciPy erf forward (XLA-compiled wrapper) with the analytic gradient."""
    y = _erf_forward(x)

    def grad(upstream: tf.Tensor) -> tf.Tensor:
        return upstream * tf.cast(TWO_OVER_SQRT_PI, x.dtype) * tf.exp(-tf.square(x))

    return y, grad
''', False, "XLA (jit_compile=True) cannot compile tf.numpy_function, so every call fails; drop jit_compile",
        ("jit|xla|compile",)),

    # ------------------------------------------------------------------ 06.scale_by_variable
    Answer("06.scale_by_variable", "per-variable-comprehension", r'''
from typing import Callable, List, Optional, Sequence, Tuple

w = tf.Variable(2.0)


@tf.custom_gradient
def scale(x: tf.Tensor) -> Tuple[tf.Tensor, Callable]:
    """y = x * w**2 for the module-level variable w.

    dL/dx = upstream * w**2 (same shape as x); dL/dw = 2 w * sum(upstream * x), because the
    single number w multiplies every entry.
    """
    def grad(upstream: tf.Tensor,
             variables: Optional[Sequence[tf.Variable]] = None) -> Tuple[tf.Tensor, List[tf.Tensor]]:
        dx = upstream * tf.square(w)
        weighted = tf.tensordot(tf.reshape(upstream, [-1]), tf.reshape(x, [-1]), axes=1)
        return dx, [2.0 * v * weighted for v in (variables or [])]   # only w is read

    return x * w ** 2, grad


# self-test against autodiff
_x = tf.constant([[1.0, -2.0], [0.5, 3.0]])
_u = tf.constant([[2.0, 1.0], [-1.0, 0.5]])
with tf.GradientTape() as _t:
    _t.watch(_x)
    _y = scale(_x)
_dx, _dw = _t.gradient(_y, [_x, w], output_gradients=_u)
assert np.allclose(_dx, _u * 4.0) and np.isclose(_dw, 4.0 * np.sum(_u * _x))
''', True),

    Answer("06.scale_by_variable", "unsummed-variable-grad", r'''
from typing import Callable, List, Optional, Tuple

w = tf.Variable(2.0)


@tf.custom_gradient
def scale(x: tf.Tensor) -> Tuple[tf.Tensor, Callable]:
    """y = x * w^2 with a hand-written backward pass following the variables= contract."""
    def grad(upstream: tf.Tensor, variables: Optional[list] = None) -> Tuple[tf.Tensor, List[tf.Tensor]]:
        tf.debugging.assert_equal(tf.shape(upstream), tf.shape(x), message="upstream/x shape mismatch")
        dx = upstream * w ** 2
        dw = upstream * 2.0 * w * x          # elementwise partial derivative d(x w^2)/dw
        return dx, [dw]

    return x * w ** 2, grad
''', False, "w is one number used by every entry: its gradient must be summed to w's shape (a scalar)",
        ("sum|shape",)),

    Answer("06.scale_by_variable", "snapshot-of-w", r'''
from typing import Callable, Optional, Tuple

w = tf.Variable(2.0)

# Read the variable once and keep a constant copy: reading a tf.Variable inside grad
# can pick up a value that an optimizer changed in the meantime.
_W_VALUE = tf.constant(w.numpy())


@tf.custom_gradient
def scale(x: tf.Tensor) -> Tuple[tf.Tensor, Callable]:
    """x * w**2, gradient w.r.t. x and w (variables= contract)."""
    def grad(upstream: tf.Tensor, variables: Optional[list] = None):
        w_safe = tf.stop_gradient(_W_VALUE)
        dx = upstream * w_safe ** 2
        dw = 2.0 * w_safe * tf.reduce_sum(upstream * x)
        return dx, [dw]

    return x * w ** 2, grad
''', False, "grad uses w's value from when the cell ran (2), not its current value after w is assigned",
        ("value|current|assign",)),

    Answer("06.scale_by_variable", "asserts-vector-input", r'''
from typing import Callable, Optional, Tuple

w = tf.Variable(2.0)


@tf.custom_gradient
def scale(x: tf.Tensor) -> Tuple[tf.Tensor, Callable]:
    """Scale a feature vector by w^2.

    Args:
        x: 1-D float tensor of features.
    """
    assert x.shape.rank == 1, f"scale expects a vector, got shape {x.shape}"

    def grad(upstream: tf.Tensor, variables: Optional[list] = None):
        dx = upstream * w ** 2
        dw = 2.0 * w * tf.reduce_sum(upstream * x)
        return dx, [dw]

    return x * w ** 2, grad


_x = tf.constant([1.0, 2.0, 3.0])
with tf.GradientTape() as _t:
    _t.watch(_x)
    _y = scale(_x)
print([g.numpy() for g in _t.gradient(_y, [_x, w])])
''', False, "the assert refuses a matrix x; the function must work for any shape",
        ("matrix|shape|rank",)),

    # ------------------------------------------------------------------ 07.fused_second_derivative
    Answer("07.fused_second_derivative", "factory-for-first-derivative", r'''
from typing import Callable, Tuple


def _slope_with_curvature(y: tf.Tensor, slope: tf.Tensor) -> Callable[[tf.Tensor], tf.Tensor]:
    """Build f'(x) as an op of x whose own gradient is f''(x).

    With t = tanh x, f'(x) = 1 - t^2 and f''(x) = -2 t (1 - t^2) = -2 * y * slope,
    both from the fused kernel's outputs.
    """
    @tf.custom_gradient
    def first_derivative(x: tf.Tensor):
        def second_derivative(ddy: tf.Tensor) -> tf.Tensor:
            return ddy * (-2.0) * y * slope
        return slope, second_derivative
    return first_derivative


@tf.custom_gradient
def tanh_op(x: tf.Tensor) -> Tuple[tf.Tensor, Callable[[tf.Tensor], tf.Tensor]]:
    """tanh from the fused kernel, correct to second order."""
    y, slope = fused_tanh(x)
    first_derivative = _slope_with_curvature(y, slope)

    def grad(dy: tf.Tensor) -> tf.Tensor:
        return dy * first_derivative(x)

    return y, grad


# self-test at x = 0.8: second derivative of tanh
_x = tf.constant(0.8, tf.float64)
with tf.GradientTape() as _outer:
    _outer.watch(_x)
    with tf.GradientTape() as _inner:
        _inner.watch(_x)
        _y = tanh_op(_x)
    _first = _inner.gradient(_y, _x)
_second = _outer.gradient(_first, _x)
_t = np.tanh(0.8)
assert np.isclose(_first, 1 - _t ** 2) and np.isclose(_second, -2 * _t * (1 - _t ** 2))
''', True),

    Answer("07.fused_second_derivative", "decorated-grad", r'''
from typing import Callable, Tuple


@tf.custom_gradient
def tanh_op(x: tf.Tensor) -> Tuple[tf.Tensor, Callable[[tf.Tensor], tf.Tensor]]:
    """tanh with a custom first AND second derivative.

    grad is itself a custom-gradient function, so TensorFlow uses grad_grad for the
    second-order term: d/dx (1 - tanh^2 x) = -2 tanh x (1 - tanh^2 x).
    """
    y, slope = fused_tanh(x)

    @tf.custom_gradient
    def grad(dy: tf.Tensor):
        def grad_grad(ddy: tf.Tensor) -> tf.Tensor:
            return ddy * (-2.0 * y * slope)
        return dy * slope, grad_grad

    return y, grad
''', False, "decorating grad makes grad_grad a gradient with respect to dy, so the second derivative is None or wrong",
        ("second",)),

    Answer("07.fused_second_derivative", "sign-flipped-curvature", r'''
from typing import Callable, Tuple


@tf.custom_gradient
def tanh_op(x: tf.Tensor) -> Tuple[tf.Tensor, Callable[[tf.Tensor], tf.Tensor]]:
    """tanh via fused kernel; the nested custom gradient supplies the second derivative.

    d/dx (1 - tanh^2) = 2 tanh(x) * sech^2(x) = 2 * y * slope.
    """
    y, slope = fused_tanh(x)

    def grad(dy: tf.Tensor) -> tf.Tensor:
        @tf.custom_gradient
        def first_derivative(x: tf.Tensor):
            def second_derivative(ddy: tf.Tensor) -> tf.Tensor:
                return ddy * 2.0 * y * slope
            return slope, second_derivative
        return dy * first_derivative(x)

    return y, grad
''', False, "the second derivative of tanh is -2 tanh x (1 - tanh² x): the minus sign is missing",
        ("sign|minus|negative",)),

    Answer("07.fused_second_derivative", "stop-gradient-for-safety", r'''
from typing import Callable, Tuple


@tf.custom_gradient
def tanh_op(x: tf.Tensor) -> Tuple[tf.Tensor, Callable[[tf.Tensor], tf.Tensor]]:
    """tanh from the fused kernel with a nested custom gradient for curvature.

    The result of grad is wrapped in tf.stop_gradient so the backward pass cannot leak
    gradients back into the fused kernel's outputs.
    """
    y, slope = fused_tanh(x)

    def grad(dy: tf.Tensor) -> tf.Tensor:
        @tf.custom_gradient
        def first_derivative(x: tf.Tensor):
            def second_derivative(ddy: tf.Tensor) -> tf.Tensor:
                return ddy * -2.0 * y * slope
            return slope, second_derivative
        return tf.stop_gradient(dy * first_derivative(x))

    return y, grad
''', False, "tf.stop_gradient around grad's result hides it from the outer tape: the second derivative is None or missing",
        ("second",)),

    # ------------------------------------------------------------------ 07.hvp
    Answer("07.hvp", "output-gradients-as-v", r'''
def hvp(f, x: tf.Tensor, v: tf.Tensor) -> tf.Tensor:
    """Hessian-vector product by reverse over reverse, without forming H.

    The outer tape differentiates the gradient g(x) = grad f(x) with output_gradients=v,
    which is the vector-Jacobian product v^T (dg/dx) = (H^T v)^T = (H v)^T, H being symmetric.
    """
    x = tf.convert_to_tensor(x)
    v = tf.cast(tf.convert_to_tensor(v), x.dtype)
    with tf.GradientTape() as outer:
        outer.watch(x)
        with tf.GradientTape() as inner:
            inner.watch(x)
            value = f(x)
        g = inner.gradient(value, x)
    return outer.gradient(g, x, output_gradients=v)


# self-test on a non-diagonal Hessian: f = (sum x)^2 / 2 -> H = ones
_x = tf.constant([1.0, 2.0, -1.0], tf.float64)
_v = tf.constant([1.0, 0.5, 2.0], tf.float64)
assert np.allclose(hvp(lambda t: 0.5 * tf.reduce_sum(t) ** 2, _x, _v), np.full(3, 3.5))
''', True),

    Answer("07.hvp", "diagonal-times-v", r'''
def hvp(f, x: tf.Tensor, v: tf.Tensor) -> tf.Tensor:
    """Hessian-vector product, reverse over reverse.

    The outer tape differentiates the gradient vector g(x); multiplying the result by v
    entry by entry gives H v without ever materialising H (O(n) memory).
    """
    with tf.GradientTape() as outer:
        outer.watch(x)
        with tf.GradientTape() as inner:
            inner.watch(x)
            y = f(x)
        g = inner.gradient(y, x)
    curvature = outer.gradient(g, x)          # d g / d x
    return curvature * v


_x = tf.constant([1.0, 2.0, -1.0], tf.float64)
_v = tf.constant([1.0, 0.5, 2.0], tf.float64)
print("self-test on softplus_sum:", hvp(softplus_sum, _x, _v).numpy())
''', False, "outer.gradient(g, x) sums the Hessian's rows; times v it is only right for a diagonal Hessian: contract g with v first",
        ("diagonal",)),

    Answer("07.hvp", "unwatched-outer-zeros-fallback", r'''
def hvp(f, x: tf.Tensor, v: tf.Tensor) -> tf.Tensor:
    """Hessian-vector product H v by reverse over reverse.

    Returns zeros instead of None when f has no curvature with respect to x (e.g. a
    linear f), so callers always get a tensor of x's shape.
    """
    with tf.GradientTape() as outer:
        with tf.GradientTape() as inner:
            inner.watch(x)
            y = f(x)
        g = inner.gradient(y, x)
        g_dot_v = tf.reduce_sum(g * v)
    result = outer.gradient(g_dot_v, x)
    if result is None:                      # no second-order path: curvature is zero
        return tf.zeros_like(x)
    return result
''', False, "the outer tape never watches x, so it finds no path and the zeros fallback hides the None",
        ("watch|none|zero",)),

    Answer("07.hvp", "stop-gradient-on-g", r'''
from typing import Callable


def hvp(f: Callable[[tf.Tensor], tf.Tensor], x: tf.Tensor, v: tf.Tensor) -> tf.Tensor:
    """Hessian-vector product H v by reverse over reverse (Pearlmutter's trick).

    v is treated as a constant direction, and the first-order gradient is detached with
    tf.stop_gradient for safety so the outer tape does not accumulate stale graph state.
    """
    x = tf.convert_to_tensor(x)
    v = tf.cast(v, x.dtype)
    with tf.GradientTape() as outer:
        outer.watch(x)
        with tf.GradientTape() as inner:
            inner.watch(x)
            y = f(x)
        g = tf.stop_gradient(inner.gradient(y, x))
        directional = tf.tensordot(g, tf.stop_gradient(v), axes=1)
    return outer.gradient(directional, x)
''', False, "tf.stop_gradient on the first gradient cuts the path the outer tape needs: the result is None",
        ("stop_gradient|none",)),

    # ------------------------------------------------------------------ 08.implicit_scalar
    Answer("08.implicit_scalar", "slope-from-residual", r'''
from typing import Callable, Tuple


@strict_custom_gradient
def fixed_point(x: tf.Tensor, w: tf.Tensor) -> Tuple[tf.Tensor, Callable]:
    """z = tanh(w z) + x, differentiated implicitly.

    At the fixed point tanh(w z) = z - x, so the tanh slope is s = 1 - (z - x)^2.
    Differentiating: dz = s (w dz + z dw) + dx  =>  dz = (dx + s z dw) / (1 - w s).
    """
    z = iterate_fixed_point(x, w)

    def grad(upstream: tf.Tensor):
        s = 1.0 - tf.square(z - x)             # = 1 - tanh(w z)^2 at the fixed point
        adjoint = upstream / (1.0 - w * s)
        dx = adjoint
        dw = tf.reduce_sum(adjoint * s * z)
        return dx, dw

    return z, grad


# self-test against unrolled autodiff
_x = tf.constant([[0.3, -1.2], [2.0, 0.1]], tf.float64)
_w = tf.constant(0.6, tf.float64)
_u = tf.constant([[1.0, -0.5], [2.0, 0.25]], tf.float64)
with tf.GradientTape() as _t:
    _t.watch([_x, _w])
    _z = _x
    for _ in range(200):
        _z = tf.tanh(_w * _z) + _x
_want = _t.gradient(_z, [_x, _w], output_gradients=_u)
with tf.GradientTape() as _t:
    _t.watch([_x, _w])
    _z2 = fixed_point(_x, _w)
_got = _t.gradient(_z2, [_x, _w], output_gradients=_u)
assert all(np.allclose(a, b) for a, b in zip(_want, _got))
''', True),

    Answer("08.implicit_scalar", "unsummed-dw-self-test-raises", r'''
from typing import Callable, Tuple


@strict_custom_gradient
def fixed_point(x: tf.Tensor, w: tf.Tensor) -> Tuple[tf.Tensor, Callable]:
    """Implicit gradient of z = tanh(w z) + x (elementwise)."""
    z = iterate_fixed_point(x, w)

    def grad(upstream: tf.Tensor):
        s = 1.0 - tf.tanh(w * z) ** 2
        denom = 1.0 - w * s
        dx = upstream / denom
        dw = upstream * s * z / denom          # dz/dw, times upstream
        return dx, dw

    return z, grad


# self-test
_x = tf.constant([0.5, -1.0, 2.0])
_w = tf.constant(0.5)
with tf.GradientTape() as _t:
    _t.watch([_x, _w])
    _z = fixed_point(_x, _w)
print([g.numpy() for g in _t.gradient(_z, [_x, _w])])
''', False, "w is one number used by every entry: dL/dw must be summed to a scalar, w's shape",
        ("shape|sum",)),

    Answer("08.implicit_scalar", "upstream-dropped", r'''
from typing import Callable, Tuple


def _safe_div(a: tf.Tensor, b: tf.Tensor) -> tf.Tensor:
    """Division that returns 0 where the denominator vanishes."""
    return tf.math.divide_no_nan(a, b)


@strict_custom_gradient
def fixed_point(x: tf.Tensor, w: tf.Tensor) -> Tuple[tf.Tensor, Callable]:
    """z* = tanh(w z*) + x with implicit-function-theorem gradients.

    dz/dx = 1 / (1 - w s), dz/dw = s z / (1 - w s), s = 1 - tanh^2(w z).
    """
    z = iterate_fixed_point(x, w)

    def grad(upstream: tf.Tensor):
        s = 1.0 - tf.square(tf.tanh(w * z))
        denom = 1.0 - w * s
        dz_dx = _safe_div(tf.ones_like(z), denom)
        dz_dw = tf.reduce_sum(_safe_div(s * z, denom))
        return dz_dx, dz_dw

    return z, grad
''', False, "grad returns dz/dx and dz/dw without multiplying by the upstream dL/dz",
        ("upstream",)),

    Answer("08.implicit_scalar", "dw-missing-z", r'''
from typing import Callable, Tuple


@strict_custom_gradient
def fixed_point(x: tf.Tensor, w: tf.Tensor) -> Tuple[tf.Tensor, Callable]:
    """Implicit differentiation of the elementwise fixed point z = tanh(w z) + x.

    1. dz = s * d(w z) + dx, with s = 1 - tanh^2(w z)
    2. dz (1 - w s) = dx + s dw
    3. dL/dx = g / (1 - w s), dL/dw = sum(g s / (1 - w s))
    """
    z = iterate_fixed_point(x, w)

    def grad(upstream: tf.Tensor):
        s = 1.0 - tf.square(tf.tanh(w * z))
        scale = upstream / (1.0 - w * s + 1e-12)   # epsilon for stability
        dx = tf.where(tf.math.is_nan(scale), tf.zeros_like(scale), scale)
        dw = tf.reduce_sum(dx * s)
        return dx, dw

    return z, grad
''', False, "d(w z) = w dz + z dw: the factor z is missing from dL/dw (dL/dx is right)",
        ("dl/dw|∂l/∂w|for w|w's|of w",)),

    # ------------------------------------------------------------------ 08.block_size
    Answer("08.block_size", "argmin-over-divisors", r'''
from typing import List

DEPTH: int = 36


def _divisors(n: int) -> List[int]:
    """All k with n % k == 0."""
    return [k for k in range(1, n + 1) if n % k == 0]


def _peak_memory(k: int, depth: int = DEPTH) -> int:
    """Block inputs kept (depth / k) plus one block's activations while recomputing (k)."""
    return depth // k + k


block_size = min(_divisors(DEPTH), key=_peak_memory)
assert block_size == 6 and _peak_memory(block_size) == 12
''', True),

    Answer("08.block_size", "one-big-block", r'''
# Fewest checkpoints = least memory: with a single block only one input is stored.
DEPTH = 36
block_size = DEPTH
''', False, "one block of 36 keeps 1 input but all 36 activations while it is recomputed: 37, more than k = 6",
        ("activation",)),

    Answer("08.block_size", "every-layer-a-block", r'''
from typing import List

DEPTH = 36


def _candidates(depth: int) -> List[int]:
    return [k for k in range(1, depth + 1) if depth % k == 0]


# Smallest block = smallest recomputation footprint, so pick the minimum divisor.
block_size = min(_candidates(DEPTH))
assert DEPTH % block_size == 0
''', False, "blocks of 1 layer keep all 36 block inputs, no saving: count the inputs plus the recomputed activations",
        ("input",)),

    Answer("08.block_size", "function-not-number", r'''
import math


def block_size(depth: int = 36) -> int:
    """Block size minimising depth / k + k among the divisors of depth (about sqrt(depth))."""
    best = min((k for k in range(1, depth + 1) if depth % k == 0), key=lambda k: depth // k + k)
    assert abs(best - math.isqrt(depth)) <= 1
    return best
''', False, "block_size is defined as a function; the answer should be the number itself (call it, or assign 6)",
        ("function|callable|number|int",)),

    # ------------------------------------------------------------------ 09.fix_linear
    Answer("09.fix_linear", "transpose-flags", r'''
from typing import Callable, Tuple


@tf.custom_gradient
def linear(x: tf.Tensor, W: tf.Tensor, b: tf.Tensor) -> Tuple[tf.Tensor, Callable]:
    """Dense layer y = x W + b with a hand-written backward pass.

    dL/dx = U W^T (batch x in), dL/dW = x^T U (in x out), dL/db = sum of U over the batch.
    """
    def grad(U: tf.Tensor):
        dx = tf.linalg.matmul(U, W, transpose_b=True)
        dW = tf.linalg.matmul(x, U, transpose_a=True)
        db = tf.reduce_sum(U, axis=0)
        return dx, dW, db

    return tf.linalg.matmul(x, W) + b, grad


# shape self-test with another batch and width
_x, _W, _b = tf.ones((5, 3)), tf.ones((3, 4)), tf.zeros(4)
with tf.GradientTape() as _t:
    _t.watch([_x, _W, _b])
    _y = linear(_x, _W, _b)
assert [g.shape for g in _t.gradient(_y, [_x, _W, _b])] == [(5, 3), (3, 4), (4,)]
''', True),

    Answer("09.fix_linear", "db-not-summed", r'''
from typing import Callable, Tuple


@tf.custom_gradient
def linear(x: tf.Tensor, W: tf.Tensor, b: tf.Tensor) -> Tuple[tf.Tensor, Callable]:
    """y = x W + b. Fixed: the weight gradient must be x^T U (in x out), not U^T x."""
    def grad(U: tf.Tensor):
        dx = U @ tf.transpose(W)
        dW = tf.transpose(x) @ U
        db = U                                 # b enters every row with slope 1
        return dx, dW, db

    return x @ W + b, grad
''', False, "b is shared by every row of the batch: its gradient is U summed over the batch, shape (out,)",
        ("sum|batch",)),

    Answer("09.fix_linear", "dW-still-transposed", r'''
from typing import Callable, Tuple


@tf.custom_gradient
def linear(x: tf.Tensor, W: tf.Tensor, b: tf.Tensor) -> Tuple[tf.Tensor, Callable]:
    """Affine layer with a manual gradient.

    The bias gradient is reduced over the batch axis; everything else is standard.
    """
    def grad(U: tf.Tensor):
        dx = U @ tf.transpose(W)
        dW = tf.transpose(U) @ x
        db = tf.reduce_sum(U, axis=0)
        return dx, dW, db

    return x @ W + b, grad
''', False, "U^T x has shape (out, in), the transpose of W's: the weight gradient is x^T U",
        ("transpose|transposed|shape",)),

    Answer("09.fix_linear", "mean-for-bias", r'''
from typing import Callable, Tuple


@tf.custom_gradient
def linear(x: tf.Tensor, W: tf.Tensor, b: tf.Tensor) -> Tuple[tf.Tensor, Callable]:
    """y = x W + b with a manual, batch-size-independent backward pass."""
    def grad(U: tf.Tensor):
        dx = tf.matmul(U, W, transpose_b=True)
        dW = tf.matmul(x, U, transpose_a=True)
        db = tf.reduce_mean(U, axis=0)         # average so the bias step does not scale with batch size
        return dx, dW, db

    return x @ W + b, grad
''', False, "the bias gradient is the sum of U over the batch, not its mean",
        ("mean|sum",)),

    # ------------------------------------------------------------------ 09.spot_the_mistake
    Answer("09.spot_the_mistake", "dict-to-list", r'''
from typing import Dict, List

VALID = {"upstream_ignored", "wrong_shape", "keyword_call", "variables_missing",
         "none_gradient", "float32_false_alarm"}

_diagnosis: Dict[int, str] = {
    1: "keyword_call",          # smooth_step(x=h): custom gradient silently skipped, grad never runs
    2: "upstream_ignored",      # grad = cos(x), the 2 sin(x) upstream from the square is dropped
    3: "float32_false_alarm",   # 3e-4 in float32, 1e-10 in float64
    4: "wrong_shape",           # ds has shape (4,), s has (4, 1): broadcast to (4, 4)
    5: "none_gradient",         # argmax + integer cast: no path
}

answers: List[str] = [_diagnosis[i] for i in sorted(_diagnosis)]
assert len(answers) == 5 and set(answers) <= VALID
''', True),

    Answer("09.spot_the_mistake", "tf-print-means-none", r'''
answers = [
    "none_gradient",         # tf.print never prints: grad is never reached
    "upstream_ignored",      # cos(x) alone, missing 2 sin(x)
    "float32_false_alarm",   # float32 vs float64 check
    "wrong_shape",           # (4,) gradient for a (4, 1) input
    "none_gradient",         # argmax is not differentiable
]
assert len(answers) == 5
''', False, "snippet 1 calls smooth_step(x=h) by keyword: eagerly the custom gradient is skipped, so grad (and its tf.print) never runs",
        ("keyword",)),

    Answer("09.spot_the_mistake", "precision-for-item-2", r'''
answers = [
    "keyword_call",          # called as smooth_step(x=h)
    "float32_false_alarm",   # 0.88 vs 0.84 is a small numerical discrepancy
    "float32_false_alarm",   # 3e-4 in float32 only
    "wrong_shape",           # ds is (4,) for s of shape (4, 1)
    "none_gradient",         # integer argmax
]
''', False, "snippet 2's grad returns cos(x) and drops the upstream 2 sin(x) from the square",
        ("upstream",)),

    Answer("09.spot_the_mistake", "dict-instead-of-list", r'''
from typing import Dict

answers: Dict[int, str] = {
    1: "keyword_call",
    2: "upstream_ignored",
    3: "float32_false_alarm",
    4: "wrong_shape",
    5: "none_gradient",
}
assert all(isinstance(v, str) for v in answers.values())
''', False, "answers must be a list of five names in order, not a dict",
        ("list",)),
]
