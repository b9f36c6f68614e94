"""Learner answers, set j (notebooks 04-09): written from the learner's side, by someone who did not read the
judges, 2 right and 5 wrong answers per exercise.

Themes: habits from PyTorch, JAX and NumPy (keras.ops, tf.experimental.numpy, .T, a tf.Variable used as a
parameter, stop_gradient used like .detach()); half-finished answers (... or pass left in grad); code copied
from a worked example without adapting it; sign and index errors; answers right only for the example's shapes
or values (a symmetric matrix, batch 1, a single vector); state kept between calls; lambdas, functools.partial
and classes with __call__; a typo or a wrong argument order that raises only when the function is called.
"""

from learner_answer_types import Answer

ANSWERS = [
    # ------------------------------------------------------------------ 04.bias_add
    Answer("04.bias_add", "reshape-to-rows-then-sum", r'''
@strict_custom_gradient
def bias_add(x, b):
    def grad(upstream):
        n = tf.shape(b)[0]
        rows = tf.reshape(upstream, [-1, n])          # every axis but the last folded into one
        return upstream, tf.reduce_sum(rows, axis=0)
    return x + b, grad
''', True),
    Answer("04.bias_add", "tnp-sum-over-leading-axes", r'''
import tensorflow.experimental.numpy as tnp

@strict_custom_gradient
def bias_add(x, b):
    def grad(upstream):
        lead = tuple(range(upstream.ndim - 1))        # numpy habit: all leading axes
        return tf.identity(upstream), tnp.sum(upstream, axis=lead)
    return x + b, grad
''', True),
    Answer("04.bias_add", "sum-over-axis-0-only", r'''
@strict_custom_gradient
def bias_add(x, b):
    def grad(upstream):
        return upstream, tf.reduce_sum(upstream, axis=0)     # sum over the batch
    return x + b, grad
''', False, "Summing over axis 0 only works for a 2-D x; for (batch, time, n) sum over every axis except the last.",
           ("axis|axes|shape",)),
    Answer("04.bias_add", "pass-left-in-grad", r'''
@strict_custom_gradient
def bias_add(x, b):
    def grad(upstream):
        # dL/dx is upstream, dL/db is upstream summed... TODO
        pass
    return x + b, grad
''', False, "grad still has `pass` in it, so it returns None instead of the two gradients (dL/dx, dL/db).",
           ("None|pass|nothing",)),
    Answer("04.bias_add", "mean-instead-of-sum", r'''
@strict_custom_gradient
def bias_add(x, b):
    def grad(upstream):
        axes = list(range(len(upstream.shape) - 1))
        return upstream, tf.reduce_mean(upstream, axis=axes)   # average over the batch
    return x + b, grad
''', False, "b is used once per row, so its gradient is the sum of upstream over the broadcast axes, not the mean.",
           ("sum|mean|average",)),
    Answer("04.bias_add", "gradients-swapped", r'''
@strict_custom_gradient
def bias_add(x, b):
    def grad(upstream):
        db = tf.reduce_sum(upstream, axis=list(range(len(upstream.shape) - 1)))
        dx = upstream
        return db, dx
    return x + b, grad
''', False, "The gradients come back in the order of the inputs: (dL/dx, dL/db), not (dL/db, dL/dx).",
           ("order|swapped|swap",)),
    Answer("04.bias_add", "typo-in-grad-nameerror", r'''
@strict_custom_gradient
def bias_add(x, b):
    def grad(upstream):
        batch_axes = list(range(len(upstream.shape) - 1))
        return upstream, tf.reduce_sum(upstream, axis=batch_axis)
    return x + b, grad
''', False, "`batch_axis` is not defined inside grad (the variable is called `batch_axes`): a NameError in the backward pass.",
           ("batch_axis|NameError|not defined",)),

    # ------------------------------------------------------------------ 05.sign_ste
    Answer("05.sign_ste", "tf-where-logical-and", r'''
@tf.custom_gradient
def sign_ste(x):
    def grad(upstream):
        inside = tf.logical_and(x >= -1, x <= 1)          # |x| = 1 counts as inside
        return tf.where(inside, upstream, tf.zeros_like(upstream))
    return tf.sign(x), grad
''', True),
    Answer("05.sign_ste", "detach-trick-no-decorator", r'''
def sign_ste(x):
    # PyTorch habit: hard + (sign - hard).detach(): value of sign, gradient of the hard tanh
    hard = tf.clip_by_value(x, -1.0, 1.0)
    return hard + tf.stop_gradient(tf.sign(x) - hard)
''', True),
    Answer("05.sign_ste", "strict-less-than-at-boundary", r'''
@tf.custom_gradient
def sign_ste(x):
    def grad(upstream):
        return upstream * tf.cast(tf.abs(x) < 1, upstream.dtype)
    return tf.sign(x), grad
''', False, "At |x| = 1 exactly the slope should take the inside value 1; `< 1` gives 0 there, use `<= 1`.",
           ("boundary|inside|edge|= 1|=1|<=",)),
    Answer("05.sign_ste", "python-if-in-grad", r'''
@tf.custom_gradient
def sign_ste(x):
    def grad(upstream):
        if tf.abs(x) <= 1:
            return upstream
        return tf.zeros_like(upstream)
    return tf.sign(x), grad
''', False, "A Python `if` on a tensor fails for vectors and inside tf.function; choose entry by entry with tf.where or a mask.",
           ("if|tf.where|mask",)),
    Answer("05.sign_ste", "mask-cast-to-float32", r'''
@tf.custom_gradient
def sign_ste(x):
    def grad(upstream):
        mask = tf.cast(tf.abs(x) <= 1.0, tf.float32)
        return upstream * mask
    return tf.sign(x), grad
''', False, "The mask is always float32, so float64 inputs fail; cast it to x.dtype.",
           ("float64|dtype",)),
    Answer("05.sign_ste", "sigmoid-slope-copied", r'''
@tf.custom_gradient
def sign_ste(x):
    def grad(upstream):
        s = tf.sigmoid(x)
        return upstream * s * (1 - s)
    return tf.sign(x), grad
''', False, "This is the notebook's sigmoid surrogate; the exercise asks for the hard tanh's slope (1 inside [-1, 1], 0 outside).",
           ("sigmoid|hard tanh|clip",)),
    Answer("05.sign_ste", "jax-style-grad-signature", r'''
@tf.custom_gradient
def sign_ste(x):
    def grad(primal, upstream):                 # like a JAX vjp rule: (residual, cotangent)
        return upstream * tf.cast(tf.abs(primal) <= 1, upstream.dtype)
    return tf.sign(x), grad
''', False, "TensorFlow calls grad(upstream) with one argument; a second parameter makes the call fail with a TypeError.",
           ("argument|TypeError|positional",)),

    # ------------------------------------------------------------------ 05.clip_gradient
    Answer("05.clip_gradient", "min-max-nesting", r'''
@tf.custom_gradient
def clip_gradient(x):
    def grad(upstream):
        return tf.minimum(tf.maximum(upstream, -1.0), 1.0)
    return tf.identity(x), grad
''', True),
    Answer("05.clip_gradient", "class-with-call", r'''
class GradientClipper:
    """Identity forward, gradient clipped entry by entry to [-limit, limit]."""

    def __init__(self, limit=1.0):
        self.limit = limit

    @tf.custom_gradient
    def __call__(self, x):
        def grad(upstream):
            too_big = tf.abs(upstream) > self.limit
            return tf.where(too_big, self.limit * tf.sign(upstream), upstream)
        return tf.identity(x), grad

clip_gradient = GradientClipper(1.0)
''', True),
    Answer("05.clip_gradient", "clip-by-norm", r'''
@tf.custom_gradient
def clip_gradient(x):
    def grad(upstream):
        return tf.clip_by_norm(upstream, 1.0)
    return tf.identity(x), grad
''', False, "clip_by_norm rescales the whole tensor to norm 1; the exercise clips each entry to [-1, 1] (tf.clip_by_value).",
           ("norm|entry|element",)),
    Answer("05.clip_gradient", "clips-x-not-upstream", r'''
@tf.custom_gradient
def clip_gradient(x):
    def grad(upstream):
        return tf.clip_by_value(x, -1.0, 1.0)
    return tf.identity(x), grad
''', False, "grad clips x, the input, instead of the upstream gradient it receives.",
           ("upstream",)),
    Answer("05.clip_gradient", "jax-defvjp-style", r'''
def clip_gradient_fwd(x):
    return tf.identity(x), None                  # (output, residuals), as in jax.custom_vjp

def clip_gradient_bwd(residuals, upstream):
    return (tf.clip_by_value(upstream, -1.0, 1.0),)

@tf.custom_gradient
def clip_gradient(x):
    return tf.identity(x)

clip_gradient.defvjp(clip_gradient_fwd, clip_gradient_bwd)
''', False, "TensorFlow has no defvjp: a @tf.custom_gradient function returns (output, grad) itself, with grad defined inside it.",
           ("defvjp|AttributeError",)),
    Answer("05.clip_gradient", "clip-bounds-swapped", r'''
@tf.custom_gradient
def clip_gradient(x):
    return tf.identity(x), lambda upstream: tf.clip_by_value(upstream, 1.0, -1.0)
''', False, "clip_by_value takes (t, min, max): with min=1 and max=-1 every entry comes out 1.",
           ("min|order|swapped|bounds",)),
    Answer("05.clip_gradient", "cached-gradient-between-calls", r'''
_clipped = {}

@tf.custom_gradient
def clip_gradient(x):
    def grad(upstream):
        key = tuple(upstream.shape)
        if key not in _clipped:                      # only clip once per shape, reuse after
            _clipped[key] = tf.clip_by_value(upstream, -1.0, 1.0)
        return _clipped[key]
    return tf.identity(x), grad
''', False, "The clipped gradient is cached from the first call and reused, so later upstreams (and dtypes) are ignored.",
           ("upstream|cache|previous",)),
    # ------------------------------------------------------------------ 06.scale_by_variable
    Answer("06.scale_by_variable", "unpack-variables-list", r'''
w = tf.Variable(2.0)

@tf.custom_gradient
def scale(x):
    def grad(upstream, variables=None):
        (v,) = variables                      # the one variable read: w
        dx = upstream * tf.square(v)
        dv = 2.0 * v * tf.reduce_sum(upstream * x)
        return dx, [dv]
    return x * w ** 2, grad
''', True),
    Answer("06.scale_by_variable", "tensordot-flattened", r'''
w = tf.Variable(2.0)

@tf.custom_gradient
def scale(x):
    def grad(upstream, variables=None):
        flat_u, flat_x = tf.reshape(upstream, [-1]), tf.reshape(x, [-1])
        w_now = tf.convert_to_tensor(w)
        return w_now * w_now * upstream, [tf.tensordot(flat_u, flat_x, axes=1) * (w_now + w_now)]
    return x * w ** 2, grad
''', True),
    Answer("06.scale_by_variable", "dw-not-summed", r'''
w = tf.Variable(2.0)

@tf.custom_gradient
def scale(x):
    def grad(upstream, variables=None):
        return upstream * w ** 2, [upstream * 2 * w * x]
    return x * w ** 2, grad
''', False, "w is one number used by every entry of x: its gradient must be summed to a scalar, like w.",
           ("sum|shape|scalar",)),
    Answer("06.scale_by_variable", "dx-forgot-the-square", r'''
w = tf.Variable(2.0)

@tf.custom_gradient
def scale(x):
    def grad(upstream, variables=None):
        dx = upstream * w                      # d(x·w²)/dx ... 
        dw = tf.reduce_sum(upstream * 2 * w * x)
        return dx, [dw]
    return x * w ** 2, grad
''', False, "dy/dx is w², not w: the input gradient is off by a factor w (right only when w = 1).",
           ("square|squared|factor",)),
    Answer("06.scale_by_variable", "only-input-gradient-returned", r'''
w = tf.Variable(2.0)

@tf.custom_gradient
def scale(x):
    def grad(upstream, variables=None):
        return upstream * w ** 2            # dL/dx; w is a variable so TF handles it?
    return x * w ** 2, grad
''', False, "With variables= grad must return a pair: the input gradient and a list with one gradient per variable ([dL/dw]).",
           ("variable",)),
    Answer("06.scale_by_variable", "global-call-counter-variable", r'''
w = tf.Variable(2.0)
n_calls = tf.Variable(0)                   # count calls, for debugging

@tf.custom_gradient
def scale(x):
    n_calls.assign_add(1)
    def grad(upstream, variables=None):
        return upstream * w ** 2, [tf.reduce_sum(2 * w * x * upstream)]
    return x * w ** 2, grad
''', False, "The call counter is a tf.Variable read in the forward, so it is in `variables` too and grad returns one gradient too few.",
           ("variable|counter|n_calls",)),
    Answer("06.scale_by_variable", "typo-variabels-nameerror", r'''
w = tf.Variable(2.0)

@tf.custom_gradient
def scale(x):
    def grad(upstream, variables=None):
        v = variabels[0]
        return upstream * v ** 2, [tf.reduce_sum(upstream * 2 * v * x)]
    return x * w ** 2, grad
''', False, "`variabels` is a typo for `variables`: grad raises a NameError when the gradient is computed.",
           ("variabels|NameError|not defined",)),

    # ------------------------------------------------------------------ 06.numpy_erf
    Answer("06.numpy_erf", "py-function-and-math-rsqrt", r'''
@tf.custom_gradient
def numpy_erf(x):
    y = tf.py_function(lambda t: scipy.special.erf(t.numpy()), [x], Tout=x.dtype)
    y = tf.ensure_shape(y, x.shape)
    def grad(upstream):
        two_over_root_pi = 2 * tf.math.rsqrt(tf.constant(np.pi, dtype=x.dtype))
        return upstream * two_over_root_pi * tf.exp(-tf.square(x))
    return y, grad
''', True),
    Answer("06.numpy_erf", "numpy-in-grad-too", r'''
def _erf(a):
    return scipy.special.erf(a).astype(a.dtype)

def _erf_slope(a):
    return (2 / np.sqrt(np.pi) * np.exp(-a * a)).astype(a.dtype)   # numpy would upcast float32

@tf.custom_gradient
def numpy_erf(x):
    y = tf.numpy_function(_erf, [x], x.dtype)
    y.set_shape(x.shape)
    def grad(upstream):
        slope = tf.numpy_function(_erf_slope, [x], x.dtype)
        slope.set_shape(x.shape)
        return upstream * slope
    return y, grad
''', True),
    Answer("06.numpy_erf", "dot-numpy-in-forward", r'''
@tf.custom_gradient
def numpy_erf(x):
    y = tf.constant(scipy.special.erf(x.numpy()), dtype=x.dtype)
    def grad(upstream):
        return upstream * 2 / np.sqrt(np.pi) * tf.exp(-x ** 2)
    return y, grad
''', False, "x.numpy() only works eagerly; inside tf.function x is symbolic. Call SciPy through tf.numpy_function.",
           ("numpy_function|symbolic|tf.function",)),
    Answer("06.numpy_erf", "forgot-2-over-sqrt-pi", r'''
@tf.custom_gradient
def numpy_erf(x):
    y = tf.numpy_function(scipy.special.erf, [x], x.dtype)
    y.set_shape(x.shape)
    def grad(upstream):
        return upstream * tf.exp(-x ** 2)        # derivative of the integral is the integrand
    return y, grad
''', False, "The integrand carries the constant 2/√π in front: the gradient is off by that factor.",
           ("factor|sqrt|√|pi|π|constant",)),
    Answer("06.numpy_erf", "exp-of-plus-x-squared", r'''
@tf.custom_gradient
def numpy_erf(x):
    y = tf.numpy_function(scipy.special.erf, [x], x.dtype)
    y.set_shape(x.shape)
    def grad(upstream):
        return upstream * 2 / np.sqrt(np.pi) * tf.exp(x ** 2)
    return y, grad
''', False, "The derivative of erf is (2/√π)·exp(−x²); the sign in the exponent is wrong.",
           ("sign|minus|negative",)),
    Answer("06.numpy_erf", "keras-ops-erf-not-scipy", r'''
@tf.custom_gradient
def numpy_erf(x):
    y = tf.keras.ops.erf(x)                    # backend-agnostic erf instead of scipy
    def grad(upstream):
        return upstream * 2 / np.sqrt(np.pi) * tf.exp(-tf.square(x))
    return y, grad
''', False, "The exercise asks for the forward to call scipy.special.erf (through tf.numpy_function), not a TensorFlow/Keras erf.",
           ("scipy",)),
    Answer("06.numpy_erf", "functools-partial", r'''
import functools

def _erf_with_scale(x, scale):
    y = tf.numpy_function(scipy.special.erf, [x], x.dtype)
    y.set_shape(x.shape)
    def grad(upstream):
        return upstream * scale * tf.exp(-x ** 2)
    return y, grad

numpy_erf = tf.custom_gradient(functools.partial(_erf_with_scale, scale=2 / np.sqrt(np.pi)))
''', False, "A custom gradient built on a functools.partial fails when called (a partial has no __name__); bind the constant in a closure or write it in grad.",
           ("partial|__name__|closure",)),
    # ------------------------------------------------------------------ 07.fused_second_derivative
    Answer("07.fused_second_derivative", "nested-first-derivative-lambda", r'''
@tf.custom_gradient
def tanh_op(x):
    y, slope = fused_tanh(x)
    def grad(dy):
        @tf.custom_gradient
        def first_derivative(x):
            # d/dx (1 - tanh²x) = -2 tanh x (1 - tanh²x), from the fused values
            return slope, lambda ddy: ddy * (-2.0) * y * slope
        return dy * first_derivative(x)
    return y, grad
''', True),
    Answer("07.fused_second_derivative", "module-level-slope-op", r'''
@tf.custom_gradient
def tanh_slope(x):
    t, s = fused_tanh(x)
    def slope_grad(ddy):
        return ddy * (-2 * t * (1 - t * t))      # derivative of 1 - t², with t' = 1 - t²
    return s, slope_grad

@tf.custom_gradient
def tanh_op(x):
    y, _ = fused_tanh(x)
    return y, lambda dy: tanh_slope(x) * dy
''', True),
    Answer("07.fused_second_derivative", "naive-nesting-decorated-grad", r'''
@tf.custom_gradient
def tanh_op(x):
    y, slope = fused_tanh(x)
    @tf.custom_gradient
    def grad(dy):
        def grad_grad(ddy):
            return ddy * (-2.0) * y * slope
        return dy * slope, grad_grad
    return y, grad
''', False, "Decorating grad makes grad_grad a gradient with respect to dy, not x: the second derivative comes out None or wrong. Make the slope a custom-gradient function of x.",
           ("dy|second",)),
    Answer("07.fused_second_derivative", "recomputed-with-tf-tanh", r'''
@tf.custom_gradient
def tanh_op(x):
    y, slope = fused_tanh(x)
    def grad(dy):
        return dy * (1 - tf.tanh(x) ** 2)     # let the tape see the slope
    return y, grad
''', False, "Recomputing the slope with tf.tanh lets the tape do the second derivative; the exercise wants the fused slope and your own second derivative.",
           ("fused|slope",)),
    Answer("07.fused_second_derivative", "second-derivative-sign-flipped", r'''
@tf.custom_gradient
def tanh_op(x):
    y, slope = fused_tanh(x)
    def grad(dy):
        @tf.custom_gradient
        def first_derivative(x):
            def second_derivative(ddy):
                return ddy * 2 * y * slope
            return slope, second_derivative
        return dy * first_derivative(x)
    return y, grad
''', False, "d/dx(1 − tanh²x) = −2 tanh x (1 − tanh²x): the second derivative has the wrong sign.",
           ("sign|second",)),
    Answer("07.fused_second_derivative", "second-is-the-first-copied", r'''
@tf.custom_gradient
def tanh_op(x):
    y, slope = fused_tanh(x)
    def grad(dy):
        @tf.custom_gradient
        def first_derivative(x):
            def second_derivative(ddy):
                return ddy * slope           # same pattern as grad
            return slope, second_derivative
        return dy * first_derivative(x)
    return y, grad
''', False, "second_derivative returns the first derivative (1 − tanh²) again; it should be its derivative, −2 tanh x (1 − tanh²x).",
           ("second",)),
    Answer("07.fused_second_derivative", "typo-in-second-derivative", r'''
@tf.custom_gradient
def tanh_op(x):
    y, slope = fused_tanh(x)
    def grad(dy):
        @tf.custom_gradient
        def first_derivative(x):
            def second_derivative(ddy):
                return -2.0 * ddy * y * slop
            return slope, second_derivative
        return dy * first_derivative(x)
    return y, grad
''', False, "`slop` is a typo for `slope`: the first derivative works, the second raises a NameError.",
           ("slop|NameError|not defined",)),

    # ------------------------------------------------------------------ 07.hvp
    Answer("07.hvp", "output-gradients-v", r'''
def hvp(f, x, v):
    with tf.GradientTape() as outer:
        outer.watch(x)
        with tf.GradientTape() as inner:
            inner.watch(x)
            y = f(x)
        g = inner.gradient(y, x)
    # gradient of g·v with v held fixed = Hᵀ v = H v
    return outer.gradient(g, x, output_gradients=v)
''', True),
    Answer("07.hvp", "jax-style-grad-helper", r'''
def _grad(f):
    """jax.grad look-alike: x -> ∇f(x), recorded on whatever tape is active."""
    def g(x):
        with tf.GradientTape() as tape:
            tape.watch(x)
            y = f(x)
        return tape.gradient(y, x)
    return g

def hvp(f, x, v):
    x = tf.convert_to_tensor(x)
    v = tf.stop_gradient(tf.convert_to_tensor(v, dtype=x.dtype))
    with tf.GradientTape() as tape:
        tape.watch(x)
        directional = tf.reduce_sum(_grad(f)(x) * v)
    return tape.gradient(directional, x)
''', True),
    Answer("07.hvp", "diagonal-times-v", r'''
def hvp(f, x, v):
    with tf.GradientTape() as outer:
        outer.watch(x)
        with tf.GradientTape() as inner:
            inner.watch(x)
            y = f(x)
        g = inner.gradient(y, x)
    second = outer.gradient(g, x)            # the second derivatives
    return second * v
''', False, "outer.gradient(g, x) is H·1 (row sums), and multiplying by v entry by entry is Hv only for a diagonal Hessian.",
           ("diagonal",)),
    Answer("07.hvp", "stop-gradient-on-g", r'''
def hvp(f, x, v):
    with tf.GradientTape() as outer:
        outer.watch(x)
        with tf.GradientTape() as inner:
            inner.watch(x)
            y = f(x)
        g = tf.stop_gradient(inner.gradient(y, x))      # detach before the dot product
        gv = tf.reduce_sum(g * v)
    return outer.gradient(gv, x)
''', False, "tf.stop_gradient on the first gradient cuts the path back to x, so the outer tape returns None.",
           ("stop_gradient|None",)),
    Answer("07.hvp", "inner-gradient-outside-outer-tape", r'''
def hvp(f, x, v):
    with tf.GradientTape() as outer:
        outer.watch(x)
        with tf.GradientTape() as inner:
            inner.watch(x)
            y = f(x)
    g = inner.gradient(y, x)                 # computed after the outer tape stopped
    return outer.gradient(tf.reduce_sum(g * v), x)
''', False, "The first gradient is computed after the outer tape stopped recording, so the outer tape sees no path and returns None.",
           ("outer|record|None",)),
    Answer("07.hvp", "jax-argument-order", r'''
def hvp(x, v, f):                            # jax-style: primals first, function last
    with tf.GradientTape() as outer:
        outer.watch(x)
        with tf.GradientTape() as inner:
            inner.watch(x)
            y = f(x)
        g = inner.gradient(y, x)
    return outer.gradient(g, x, output_gradients=v)
''', False, "hvp is called as hvp(f, x, v); with the arguments in another order it tries to call a tensor and fails.",
           ("order|argument|hvp(f, x, v)",)),
    Answer("07.hvp", "directional-derivative-only", r'''
def hvp(f, x, v):
    with tf.GradientTape() as tape:
        tape.watch(x)
        y = f(x)
    g = tape.gradient(y, x)
    return tf.reduce_sum(g * v)              # g·v
''', False, "g·v is a directional first derivative (one number); Hv needs a second differentiation of g·v with respect to x.",
           ("second|Hessian",)),
    # ------------------------------------------------------------------ 08.implicit_scalar
    Answer("08.implicit_scalar", "tanh-from-the-equation", r'''
@strict_custom_gradient
def fixed_point(x, w):
    z = iterate_fixed_point(x, w)
    def grad(upstream):
        t = z - x                                 # at the fixed point tanh(w z) = z - x
        slope = 1 - t * t
        scale = 1 / (1 - w * slope)
        return upstream * scale, tf.reduce_sum(upstream * slope * z * scale)
    return z, grad
''', True),
    Answer("08.implicit_scalar", "tensordot-and-divide", r'''
@strict_custom_gradient
def fixed_point(x, w):
    z = iterate_fixed_point(x, w)
    def grad(g):
        d = 1.0 - tf.tanh(w * z) ** 2             # tanh' at the fixed point
        dz_dx = 1.0 / (1.0 - w * d)               # dz = d (w dz + z dw) + dx, solved for dz
        dz_dw = d * z * dz_dx
        flat = lambda t: tf.reshape(t, [-1])
        return g * dz_dx, tf.tensordot(flat(g), flat(dz_dw), axes=1)
    return z, grad
''', True),
    Answer("08.implicit_scalar", "denominator-sign-flipped", r'''
@strict_custom_gradient
def fixed_point(x, w):
    z = iterate_fixed_point(x, w)
    def grad(upstream):
        s = 1 - tf.tanh(w * z) ** 2
        return upstream / (1 + w * s), tf.reduce_sum(upstream * s * z / (1 + w * s))
    return z, grad
''', False, "Solving dz = s(w dz + z dw) + dx for dz gives the denominator 1 − w·s, not 1 + w·s.",
           ("denominator|sign",)),
    Answer("08.implicit_scalar", "copied-sin-example", r'''
@strict_custom_gradient
def fixed_point(x, w):
    z = iterate_fixed_point(x, w)
    def grad(upstream):
        scale = 1 / (1 - w * tf.cos(z))
        return upstream * scale, tf.reduce_sum(upstream * tf.sin(z) * scale)
    return z, grad
''', False, "These are the formulas for the worked example z = w sin z + x; here the map is tanh(w z) + x, with slope w(1 − tanh²(wz)).",
           ("tanh|sin|cos",)),
    Answer("08.implicit_scalar", "dw-not-summed", r'''
@strict_custom_gradient
def fixed_point(x, w):
    z = iterate_fixed_point(x, w)
    def grad(upstream):
        s = 1 - tf.tanh(w * z) ** 2
        scale = 1 / (1 - w * s)
        return upstream * scale, upstream * s * z * scale
    return z, grad
''', False, "w is one number shared by every entry, so dL/dw must be summed over the entries to w's (scalar) shape.",
           ("sum|shape|scalar",)),
    Answer("08.implicit_scalar", "cached-forward-between-calls", r'''
_solution = {}

@strict_custom_gradient
def fixed_point(x, w):
    if "z" not in _solution:                      # the loop is expensive: solve once, reuse
        _solution["z"] = iterate_fixed_point(x, w)
    z = _solution["z"]
    def grad(upstream):
        s = 1 - tf.tanh(w * z) ** 2
        scale = 1 / (1 - w * s)
        return upstream * scale, tf.reduce_sum(upstream * s * z * scale)
    return z, grad
''', False, "The fixed point is cached from the first call, so later calls with another x or w return the old z (wrong forward and gradient).",
           ("forward|value|cache",)),
    Answer("08.implicit_scalar", "typo-denom-nameerror", r'''
@strict_custom_gradient
def fixed_point(x, w):
    z = iterate_fixed_point(x, w)
    def grad(upstream):
        s = 1 - tf.tanh(w * z) ** 2
        denom = 1 - w * s
        return upstream / denom, tf.reduce_sum(upstream * s * z / denon)
    return z, grad
''', False, "`denon` is a typo for `denom`: grad raises a NameError in the backward pass.",
           ("denon|NameError|not defined",)),

    # ------------------------------------------------------------------ 08.block_size
    Answer("08.block_size", "sqrt-of-36", r'''
block_size = int(np.sqrt(36))   # 36/k + k is smallest where 36/k = k
''', True),
    Answer("08.block_size", "search-the-divisors", r'''
divisors = [k for k in range(1, 37) if 36 % k == 0]
memory = {k: 36 // k + k for k in divisors}
block_size = min(memory, key=memory.get)
''', True),
    Answer("08.block_size", "ellipsis-left", r'''
block_size = ...   # your answer here
''', False, "block_size is still the placeholder `...`: put a number (a divisor of 36) there.",
           ("...|ellipsis|placeholder|number",)),
    Answer("08.block_size", "whole-network-one-block", r'''
block_size = 36     # one block = recompute everything once
''', False, "With one block of 36 the recomputation holds all 36 activations plus the input: 37, more than smaller blocks need.",
           ("37|activations",)),
    Answer("08.block_size", "one-layer-blocks", r'''
block_size = 1      # smallest blocks -> least memory
''', False, "Blocks of 1 keep 36 block inputs: 36 + 1 = 37, as much as no recomputation; the two terms 36/k and k must balance.",
           ("37|block inputs|inputs",)),
    Answer("08.block_size", "undefined-divisors-list", r'''
# memory for blocks of k: 36 // k block inputs + k activations
block_size = min(divisors, key=lambda k: 36 // k + k)
''', False, "`divisors` is never defined in this cell (it was meant to be the divisors of 36): the cell raises a NameError.",
           ("divisors|NameError|not defined",)),
    Answer("08.block_size", "string-answer", r'''
block_size = "6"
''', False, "The answer is a string; give the number 6 without quotes.",
           ("string|str|quotes|number",)),

    # ------------------------------------------------------------------ 09.spot_the_mistake
    Answer("09.spot_the_mistake", "split-a-string", r'''
answers = "keyword_call upstream_ignored float32_false_alarm wrong_shape none_gradient".split()
''', True),
    Answer("09.spot_the_mistake", "built-from-a-dict", r'''
diagnosis = {
    1: "keyword_call",          # smooth_step(x=h): custom gradient skipped, tf.print silent
    2: "upstream_ignored",      # cos(0.5) = 0.88: the 2 sin x factor from upstream is missing
    3: "float32_false_alarm",   # fine in float64
    4: "wrong_shape",           # ds has shape (4,), not (4, 1)
    5: "none_gradient",         # argmax + cast: no path
}
answers = [diagnosis[i] for i in sorted(diagnosis)]
''', True),
    Answer("09.spot_the_mistake", "placeholders-left", r'''
answers = ["keyword_call", "upstream_ignored", ..., "wrong_shape", "none_gradient"]
''', False, "The third entry is still the placeholder `...`: the float32 vs float64 difference is a float32_false_alarm.",
           ("3|third|float32",)),
    Answer("09.spot_the_mistake", "snippet-1-as-none", r'''
answers = ["none_gradient", "upstream_ignored", "float32_false_alarm", "wrong_shape", "none_gradient"]
''', False, "Snippet 1 gets gradients (not None); the silent tf.print means the custom gradient was skipped by the keyword call.",
           ("keyword",)),
    Answer("09.spot_the_mistake", "snippet-4-as-variables", r'''
answers = ["keyword_call", "upstream_ignored", "float32_false_alarm", "variables_missing", "none_gradient"]
''', False, "Snippet 4 has no variable: ds has shape (4,) instead of s's (4, 1), so the update broadcasts to (4, 4): a wrong shape.",
           ("shape",)),
    Answer("09.spot_the_mistake", "snippets-2-and-3-swapped", r'''
answers = ["keyword_call", "float32_false_alarm", "upstream_ignored", "wrong_shape", "none_gradient"]
''', False, "0.88 = cos(0.5) is the local derivative without upstream (upstream_ignored); the float32/float64 test is the false alarm.",
           ("upstream",)),
    Answer("09.spot_the_mistake", "only-four-names", r'''
answers = ["keyword_call", "upstream_ignored", "float32_false_alarm", "wrong_shape"]
''', False, "Five snippets, five names: the argmax one (snippet 5) is missing, a none_gradient.",
           ("five|5",)),

    # ------------------------------------------------------------------ 09.fix_linear
    Answer("09.fix_linear", "matmul-flags", r'''
@tf.custom_gradient
def linear(x, W, b):
    def grad(U):
        return (tf.matmul(U, W, transpose_b=True),
                tf.matmul(x, U, transpose_a=True),
                tf.reduce_sum(U, axis=0))
    return x @ W + b, grad
''', True),
    Answer("09.fix_linear", "keras-ops-everywhere", r'''
from keras import ops

@tf.custom_gradient
def linear(x, W, b):
    def grad(U):
        return ops.matmul(U, ops.transpose(W)), ops.matmul(ops.transpose(x), U), ops.sum(U, axis=0)
    return x @ W + b, grad
''', True),
    Answer("09.fix_linear", "only-bias-fixed", r'''
@tf.custom_gradient
def linear(x, W, b):
    def grad(U):
        return U @ tf.transpose(W), tf.transpose(U) @ x, tf.reduce_sum(U, axis=0)
    return x @ W + b, grad
''', False, "dL/dW = xᵀU (shape 3 × 2, like W); Uᵀx is its transpose.",
           ("transpose|transposed|shape",)),
    Answer("09.fix_linear", "only-weight-fixed", r'''
@tf.custom_gradient
def linear(x, W, b):
    def grad(U):
        return U @ tf.transpose(W), tf.transpose(x) @ U, U
    return x @ W + b, grad
''', False, "b is broadcast over the batch: its gradient is U summed over the batch axis, shape (2,), not U itself.",
           ("sum|shape|batch",)),
    Answer("09.fix_linear", "reshape-instead-of-transpose", r'''
@tf.custom_gradient
def linear(x, W, b):
    def grad(U):
        dW = tf.reshape(tf.transpose(U) @ x, tf.shape(W))     # make it fit W
        return U @ tf.transpose(W), dW, tf.reduce_sum(U, axis=0)
    return x @ W + b, grad
''', False, "Reshaping Uᵀx to W's shape scrambles the entries; dL/dW is xᵀU (a transpose, not a reshape).",
           ("transpose|reshape",)),
    Answer("09.fix_linear", "first-row-as-bias-grad", r'''
@tf.custom_gradient
def linear(x, W, b):
    def grad(U):
        return U @ tf.transpose(W), tf.transpose(x) @ U, U[0]   # shape (2,) like b
    return x @ W + b, grad
''', False, "U[0] has b's shape but is only the first example's gradient; sum U over the batch axis (right only for batch 1).",
           ("sum|batch",)),
    Answer("09.fix_linear", "bias-summed-wrong-axis", r'''
@tf.custom_gradient
def linear(x, W, b):
    def grad(U):
        return U @ tf.transpose(W), tf.transpose(x) @ U, tf.reduce_sum(U, axis=-1)
    return x @ W + b, grad
''', False, "Summing U over the last axis gives one number per example; b's gradient sums over the batch axis (axis 0).",
           ("axis|shape|batch",)),
]
