"""Learner answers, set v: answers whose structure differs from the stub's.

Modules, Keras layers, methods, functools, tf.function with signatures, loops built
with tf.map_fn / tf.vectorized_map / tf.while_loop, gradients returned as variables,
loops that do not converge, and calculus slips particular to each exercise.
"""

from learner_answer_types import Answer

ANSWERS = [
    # ------------------------------------------------------------------ 05.sign_ste
    Answer("05.sign_ste", "module-method-where", r'''
class SignSTE(tf.Module):
    """Binarise forward; backward passes upstream where the hard tanh has slope 1."""

    @tf.custom_gradient
    def forward(self, x):
        def grad(upstream):
            inside = tf.abs(x) <= 1              # |x| = 1 counts as inside
            return tf.where(inside, upstream, tf.zeros_like(upstream))
        return tf.sign(x), grad


sign_ste = SignSTE().forward
''', True),

    Answer("05.sign_ste", "vectorized-map-strict-boundary", r'''
@tf.custom_gradient
def sign_ste(x):
    def grad(upstream):
        flat_x = tf.reshape(x, [-1])
        # slope of clip(x, -1, 1): 1 strictly between -1 and 1, 0 outside
        slope = tf.vectorized_map(
            lambda t: tf.where(tf.abs(t) < 1, tf.ones_like(t), tf.zeros_like(t)), flat_x)
        return upstream * tf.reshape(slope, tf.shape(x))
    return tf.sign(x), grad
''', False, "At |x| = 1 exactly the slope must be the inside value 1: use <= instead of <.",
        ("|x| = 1|x = 1|x = -1|±1|boundary|edge|inside|<=",)),

    Answer("05.sign_ste", "functools-wraps-numpy-mask", r'''
import functools


def hard_tanh_backward(forward):
    """Decorator: keep `forward`, use the hard tanh's slope in the backward pass."""
    @functools.wraps(forward)
    def wrapped(x):
        @tf.custom_gradient
        def inner(x):
            def grad(upstream):
                slope = (np.abs(x.numpy()) <= 1).astype(x.dtype.as_numpy_dtype)
                return upstream * slope
            return forward(x), grad
        return inner(x)
    return wrapped


@hard_tanh_backward
def sign_ste(x):
    return tf.sign(x)
''', False, "x.numpy() only exists eagerly; inside tf.function x is symbolic, so build the mask with TensorFlow ops.",
        ("tf.function|numpy|symbolic|graph|compiled",)),

    Answer("05.sign_ste", "tf-function-float32-mask", r'''
@tf.function
@tf.custom_gradient
def sign_ste(x):
    def grad(upstream):
        mask = tf.cast(tf.logical_and(x >= -1.0, x <= 1.0), tf.float32)
        return upstream * mask
    return tf.sign(x), grad
''', False, "The mask is cast to float32, so a float64 input fails: cast to x.dtype.",
        ("float64|dtype",)),

    # ------------------------------------------------------------------ 05.clip_gradient
    Answer("05.clip_gradient", "map-fn-over-entries", r'''
@tf.custom_gradient
def clip_gradient(x):
    def grad(upstream):
        entries = tf.reshape(upstream, [-1])
        clipped = tf.map_fn(lambda u: tf.minimum(tf.maximum(u, -1), 1), entries)
        return tf.reshape(clipped, tf.shape(upstream))
    return tf.identity(x), grad
''', True),

    Answer("05.clip_gradient", "input-signature-float32", r'''
@tf.custom_gradient
def _clip(x):
    return tf.identity(x), lambda upstream: tf.clip_by_value(upstream, -1.0, 1.0)


# compile once, for any shape
clip_gradient = tf.function(_clip, input_signature=[tf.TensorSpec(shape=None, dtype=tf.float32)])
''', False, "The input_signature fixes the dtype to float32, so a float64 input is refused.",
        ("float64|dtype|signature",)),

    Answer("05.clip_gradient", "module-clip-by-norm", r'''
class GradientClipper(tf.Module):
    def __init__(self, limit=1.0, name=None):
        super().__init__(name=name)
        self.limit = limit

    @tf.custom_gradient
    def __call__(self, x):
        return tf.identity(x), lambda upstream: tf.clip_by_norm(upstream, self.limit)


clip_gradient = GradientClipper()
''', False, "clip_by_norm rescales the whole upstream to norm 1; clip each entry to [-1, 1] instead.",
        ("entry|element|norm",)),

    Answer("05.clip_gradient", "variable-as-gradient", r'''
@tf.custom_gradient
def clip_gradient(x):
    def grad(upstream):
        g = tf.Variable(upstream, trainable=False)     # a buffer to clip in place
        g.assign(tf.clip_by_value(g, -1.0, 1.0))
        return g
    return tf.identity(x), grad
''', False, "grad creates a tf.Variable each time it runs: that works eagerly but fails inside tf.function; return a tensor.",
        ("tf.function|variable",)),

    # ------------------------------------------------------------------ 06.numpy_erf
    Answer("06.numpy_erf", "numpy-function-ensure-shape", r'''
import math

_TWO_OVER_SQRT_PI = 2.0 / math.sqrt(math.pi)


def _scipy_erf(a):
    return scipy.special.erf(a).astype(a.dtype, copy=False)


@tf.custom_gradient
def numpy_erf(x):
    y = tf.numpy_function(_scipy_erf, [x], Tout=x.dtype, stateful=False)
    y = tf.ensure_shape(y, x.shape)
    def grad(upstream):
        # fundamental theorem of calculus: d/dx erf(x) = 2/sqrt(pi) * exp(-x^2)
        return upstream * tf.constant(_TWO_OVER_SQRT_PI, x.dtype) * tf.exp(-tf.square(x))
    return y, grad
''', True),

    Answer("06.numpy_erf", "keras-layer-autocast", r'''
class Erf(tf.keras.layers.Layer):
    """erf from SciPy, as a layer."""

    def call(self, x):
        @tf.custom_gradient
        def erf(x):
            y = tf.numpy_function(scipy.special.erf, [x], x.dtype)
            y.set_shape(x.shape)
            return y, lambda upstream: upstream * 2 / np.sqrt(np.pi) * tf.exp(-x * x)
        return erf(x)


numpy_erf = Erf()
''', False, "A Keras layer casts its input to its own dtype (float32), so a float64 input loses precision and comes back float32.",
        ("float64|dtype|float32",)),

    Answer("06.numpy_erf", "integrand-without-constant", r'''
@tf.custom_gradient
def numpy_erf(x):
    y = tf.numpy_function(lambda a: scipy.special.erf(a).astype(a.dtype), [x], x.dtype)
    y.set_shape(x.shape)
    def grad(upstream):
        return upstream * tf.exp(-x ** 2)          # derivative of an integral = its integrand
    return y, grad
''', False, "The derivative keeps the constant in front of the integral: it is 2/√π · exp(-x²), not exp(-x²).",
        ("factor|constant|√π|sqrt|π",)),

    Answer("06.numpy_erf", "numpy-call-eager-only", r'''
@tf.custom_gradient
def numpy_erf(x):
    y = tf.convert_to_tensor(scipy.special.erf(x.numpy()), dtype=x.dtype)
    def grad(upstream):
        return upstream * (2 / np.sqrt(np.pi)) * tf.exp(-tf.square(x))
    return y, grad
''', False, "x.numpy() fails inside tf.function, where x is symbolic: call SciPy through tf.numpy_function.",
        ("tf.function|numpy_function|symbolic|graph|compiled",)),

    # ------------------------------------------------------------------ 06.scale_by_variable
    Answer("06.scale_by_variable", "module-call-variables", r'''
class Scale(tf.Module):
    def __init__(self):
        super().__init__()
        self.w = tf.Variable(2.0, name="w")

    @tf.custom_gradient
    def __call__(self, x):
        w_squared = self.w * self.w
        def grad(upstream, variables=None):
            dx = upstream * w_squared
            dws = [2.0 * v * tf.reduce_sum(upstream * x) for v in variables]   # only w
            return dx, dws
        return x * w_squared, grad


scaler = Scale()
scale = scaler.__call__
''', True),

    Answer("06.scale_by_variable", "dw-missing-two", r'''
w = tf.Variable(2.0)

@tf.custom_gradient
def scale(x):
    def grad(upstream, variables=None):
        dx = upstream * w ** 2
        dw = tf.reduce_sum(upstream * x) * w
        return dx, [dw]
    return x * w ** 2, grad
''', False, "d(w²)/dw is 2w: the gradient for w misses the factor 2.",
        ("factor|2w|2 w|2·w|2 * w|twice|2",)),

    Answer("06.scale_by_variable", "variable-numpy-eager-only", r'''
w = tf.Variable(2.0)

@tf.custom_gradient
def scale(x):
    def grad(upstream, variables=None):
        w_now = float(w.numpy())
        return upstream * w_now ** 2, [2 * w_now * tf.reduce_sum(upstream * x)]
    return x * w ** 2, grad
''', False, "w.numpy() only works eagerly; inside tf.function read the variable with TensorFlow ops.",
        ("tf.function|numpy|graph|compiled|symbolic",)),

    Answer("06.scale_by_variable", "input-signature-vector", r'''
w = tf.Variable(2.0)

@tf.function(input_signature=[tf.TensorSpec([None], tf.float32)])
@tf.custom_gradient
def scale(x):
    def grad(upstream, variables=None):
        return upstream * w ** 2, [2 * w * tf.reduce_sum(upstream * x)]
    return x * w ** 2, grad
''', False, "The input_signature only accepts vectors, so a matrix x is refused: drop it or use shape=None.",
        ("signature|shape|matrix|rank",)),

    # ------------------------------------------------------------------ 07.fused_second_derivative
    Answer("07.fused_second_derivative", "module-level-slope-op", r'''
@tf.custom_gradient
def _tanh_slope(x):
    """1 - tanh²x from the fused kernel, with its own derivative."""
    t, s = fused_tanh(x)
    def second(ddy):
        return ddy * (-2.0) * t * s        # d/dx (1 - tanh²x) = -2 tanh x (1 - tanh²x)
    return s, second


@tf.custom_gradient
def tanh_op(x):
    y, _ = fused_tanh(x)
    return y, lambda dy: dy * _tanh_slope(x)
''', True),

    Answer("07.fused_second_derivative", "module-missing-two", r'''
class TanhOp(tf.Module):
    @tf.custom_gradient
    def __call__(self, x):
        y, slope = fused_tanh(x)
        def grad(dy):
            @tf.custom_gradient
            def first_derivative(x):
                return slope, lambda ddy: ddy * -y * slope     # d(1 - tanh²x)/dx
            return dy * first_derivative(x)
        return y, grad


tanh_op = TanhOp()
''', False, "d/dx(1 - tanh²x) = -2 tanh x (1 - tanh²x): the second derivative misses the factor 2 of the chain rule.",
        ("second",)),

    Answer("07.fused_second_derivative", "partial-at-wrong-point", r'''
import functools


def _slope_derivative(ddy, at):
    t = tf.tanh(at)
    return ddy * -2 * t * (1 - t ** 2)


@tf.custom_gradient
def tanh_op(x):
    y, slope = fused_tanh(x)
    def grad(dy):
        @tf.custom_gradient
        def first(x):
            return slope, functools.partial(_slope_derivative, at=y)
        return dy * first(x)
    return y, grad
''', False, "The second derivative is evaluated at tanh(x) instead of x: tanh is applied twice.",
        ("second",)),

    Answer("07.fused_second_derivative", "numpy-second-eager-only", r'''
@tf.custom_gradient
def tanh_op(x):
    y, slope = fused_tanh(x)
    def grad(dy):
        @tf.custom_gradient
        def first_derivative(x):
            def second_derivative(ddy):
                t = np.tanh(x.numpy())
                return ddy * (-2 * t * (1 - t ** 2)).astype(x.dtype.as_numpy_dtype)
            return slope, second_derivative
        return dy * first_derivative(x)
    return y, grad
''', False, "x.numpy() in the second derivative only works eagerly; inside tf.function use TensorFlow ops (y and slope).",
        ("tf.function|numpy|symbolic|graph|compiled",)),

    # ------------------------------------------------------------------ 07.hvp
    Answer("07.hvp", "persistent-tape-output-gradients", r'''
def hvp(f, x, v):
    # one persistent tape that also records its own first gradient
    with tf.GradientTape(persistent=True) as tape:
        tape.watch(x)
        y = f(x)
        g = tape.gradient(y, x)
    Hv = tape.gradient(g, x, output_gradients=v)     # (dg/dx)^T v = H v
    del tape
    return Hv
''', True),

    Answer("07.hvp", "diagonal-times-v", r'''
def hvp(f, x, v):
    with tf.GradientTape() as outer:
        outer.watch(x)
        with tf.GradientTape() as inner:
            inner.watch(x)
            y = f(x)
        g = inner.gradient(y, x)
    second = outer.gradient(g, x)      # second derivatives, one per entry
    return second * v
''', False, "outer.gradient(g, x) differentiates the sum of g (H times ones); times v is only right for a diagonal Hessian.",
        ("diagonal",)),

    Answer("07.hvp", "gradient-outside-outer-tape", r'''
def hvp(f, x, v):
    with tf.GradientTape() as inner:
        inner.watch(x)
        y = f(x)
    g = inner.gradient(y, x)
    with tf.GradientTape() as outer:
        outer.watch(x)
        gv = tf.tensordot(g, v, axes=1)
    return outer.gradient(gv, x)
''', False, "The first gradient is computed before the outer tape starts, so the outer tape sees no path to x and returns None.",
        ("none|outer",)),

    Answer("07.hvp", "reduce-mean", r'''
def hvp(f, x, v):
    with tf.GradientTape() as outer:
        outer.watch(x)
        with tf.GradientTape() as inner:
            inner.watch(x)
            y = f(x)
        g = inner.gradient(y, x)
        gv = tf.reduce_mean(g * v)
    return outer.gradient(gv, x)
''', False, "reduce_mean divides g·v by the number of entries, so the result is H v / n: use reduce_sum.",
        ("mean|factor|scaled|divid",)),

    # ------------------------------------------------------------------ 08.implicit_scalar
    Answer("08.implicit_scalar", "reciprocal-and-tensordot", r'''
@strict_custom_gradient
def fixed_point(x, w):
    z = iterate_fixed_point(x, w)
    def grad(upstream):
        # differentiate z = tanh(w z) + x:  dz = s (w dz + z dw) + dx,  with s = tanh'(w z)
        s = 1 - tf.tanh(w * z) ** 2
        dz_dx = tf.math.reciprocal(1 - w * s)
        dz_dw = s * z * dz_dx
        dL_dw = tf.tensordot(tf.reshape(upstream, [-1]), tf.reshape(dz_dw, [-1]), axes=1)
        return upstream * dz_dx, dL_dw
    return z, grad
''', True),

    Answer("08.implicit_scalar", "dw-missing-tanh-slope", r'''
@strict_custom_gradient
def fixed_point(x, w):
    z = iterate_fixed_point(x, w)
    def grad(upstream):
        s = 1 - tf.tanh(w * z) ** 2
        denom = 1 - w * s
        dx = upstream / denom
        dw = tf.reduce_sum(upstream * z / denom)     # dz/dw = z / (1 - w s)
        return dx, dw
    return z, grad
''', False, "In dz/dw the tanh slope 1 - tanh²(wz) multiplies z too: dz/dw = s z / (1 - w s).",
        ("tanh|slope|inner|dw|for w",)),

    Answer("08.implicit_scalar", "slope-at-x-map-fn", r'''
@strict_custom_gradient
def fixed_point(x, w):
    z = iterate_fixed_point(x, w)
    def grad(upstream):
        flat_x = tf.reshape(x, [-1])
        s = tf.reshape(tf.map_fn(lambda xi: 1 - tf.tanh(w * xi) ** 2, flat_x), tf.shape(x))
        scale = 1 / (1 - w * s)
        return upstream * scale, tf.reduce_sum(upstream * s * z * scale)
    return z, grad
''', False, "The tanh slope is taken at w·x instead of at the fixed point w·z.",
        ("fixed point|point|z",)),

    Answer("08.implicit_scalar", "adjoint-unreachable-tolerance", r'''
MAX_ITERATIONS = 20_000

@strict_custom_gradient
def fixed_point(x, w):
    z = iterate_fixed_point(x, w)
    def grad(upstream):
        s = 1 - tf.tanh(w * z) ** 2

        @tf.function
        def solve_adjoint(upstream, s, w):
            # adjoint equation a = upstream + w s a, iterated until its residual is tiny
            def not_done(i, a, residual):
                return tf.logical_and(residual > 1e-20, i < MAX_ITERATIONS)
            def step(i, a, residual):
                a = upstream + w * s * a
                return i + 1, a, tf.reduce_max(tf.abs(a * (1 - w * s) - upstream))
            start = (tf.constant(0), upstream, tf.constant(np.inf, upstream.dtype))
            _, a, residual = tf.while_loop(not_done, step, start)
            tf.debugging.assert_less_equal(residual, tf.constant(1e-20, upstream.dtype),
                                           message="adjoint iteration did not converge")
            return a

        a = solve_adjoint(upstream, s, w)
        return a, tf.reduce_sum(a * s * z)
    return z, grad
''', False, "A residual of 1e-20 is below float rounding, so the adjoint loop never meets it and runs to its cap, then fails: use a reachable tolerance or the closed form 1/(1 - w s).",
        ("tolerance|converge|precision|rounding|float|iteration|loop",)),

    # ------------------------------------------------------------------ 08.block_size
    Answer("08.block_size", "min-over-divisors", r'''
LAYERS = 36
divisors = [k for k in range(1, LAYERS + 1) if LAYERS % k == 0]
block_size = min(divisors, key=lambda k: LAYERS // k + k)   # block inputs + one block's activations
''', True),

    Answer("08.block_size", "activations-counted-twice", r'''
def peak_memory(k, layers=36):
    # block inputs, plus the recomputed block's activations (the forward copy and the recomputed copy)
    return layers // k + 2 * k

block_size = min(filter(lambda k: 36 % k == 0, range(1, 37)), key=peak_memory)
''', False, "Only one copy of the recomputed block's activations is held: the memory is 36/k + k, not 36/k + 2k.",
        ("memory",)),

    Answer("08.block_size", "one-layer-blocks", r'''
block_size = 1     # recompute one layer at a time: the fewest activations held at once
''', False, "With k = 1 the backward pass still holds all 36 block inputs (37 in all); larger blocks hold fewer inputs.",
        ("memory|block inputs|inputs",)),

    Answer("08.block_size", "one-block", r'''
block_size = 36    # a single block: only the network's input is kept
''', False, "One block of 36 layers recomputes all 36 activations at once, which is as much memory as no recomputation.",
        ("memory|activations",)),

    # ------------------------------------------------------------------ 09.fix_linear
    Answer("09.fix_linear", "einsum-and-transpose-flags", r'''
@tf.custom_gradient
def linear(x, W, b):
    def grad(U):
        dx = tf.matmul(U, W, transpose_b=True)
        dW = tf.einsum("bi,bj->ij", x, U)
        db = tf.einsum("bj->j", U)
        return dx, dW, db
    return x @ W + b, grad
''', True),

    Answer("09.fix_linear", "einsum-W-still-transposed", r'''
@tf.custom_gradient
def linear(x, W, b):
    def grad(U):
        dx = U @ tf.transpose(W)
        dW = tf.einsum("bi,bj->ji", x, U)
        db = tf.reduce_sum(U, axis=0)
        return dx, dW, db
    return x @ W + b, grad
''', False, "The gradient for W is transposed: it must be xᵀU with W's shape (3 × 2).",
        ("transpose|shape",)),

    Answer("09.fix_linear", "bias-mean", r'''
@tf.custom_gradient
def linear(x, W, b):
    def grad(U):
        return U @ tf.transpose(W), tf.transpose(x) @ U, tf.reduce_mean(U, axis=0)
    return x @ W + b, grad
''', False, "b is added to every row, so its gradient is the sum of U over the batch, not the mean.",
        ("sum|mean|batch",)),

    Answer("09.fix_linear", "bias-loop-hardcoded-width", r'''
@tf.custom_gradient
def linear(x, W, b):
    def grad(U):
        db = tf.stack([tf.reduce_sum(U[:, j]) for j in range(2)])   # one entry per output
        return U @ tf.transpose(W), tf.transpose(x) @ U, db
    return x @ W + b, grad
''', False, "The loop over range(2) hard-codes the layer width: for another width b's gradient has the wrong shape.",
        ("shape|width|size",)),

    # ------------------------------------------------------------------ 09.spot_the_mistake
    Answer("09.spot_the_mistake", "dict-values-in-order", r'''
diagnosis = {
    "smooth_step(x=h): tf.print silent": "keyword_call",
    "my_sin: grad drops upstream": "upstream_ignored",
    "float32 test 3e-4, float64 1e-10": "float32_false_alarm",
    "scale_rows: ds has shape (4,) for s (4, 1)": "wrong_shape",
    "argmax then cast: no path": "none_gradient",
}
answers = list(diagnosis.values())
''', True),

    Answer("09.spot_the_mistake", "first-variables-missing", r'''
answers = ["variables_missing", "upstream_ignored", "float32_false_alarm", "wrong_shape", "none_gradient"]
''', False, "In 1 the custom gradient is never called because smooth_step is called with a keyword argument.",
        ("smooth_step|first|1",)),

    Answer("09.spot_the_mistake", "names-without-quotes", r'''
answers = [keyword_call, upstream_ignored, float32_false_alarm, wrong_shape, none_gradient]
''', False, "The names must be strings, in quotes: without them Python looks for variables of those names.",
        ("quote|string|NameError",)),

    Answer("09.spot_the_mistake", "dict-by-number", r'''
answers = {1: "keyword_call", 2: "upstream_ignored", 3: "float32_false_alarm",
           4: "wrong_shape", 5: "none_gradient"}
''', False, "answers must be a list of five strings in order, not a dict.",
        ("list",)),
]
