"""Learner answers, set l (notebooks 04-09): written from the learner's side, without reading the judges,
1 right and 5 wrong answers per exercise.

Themes: second attempts (one mistake fixed after feedback, the other not, or over-corrected); code that looks
copied from documentation, StackOverflow or a chatbot (wrong axis, reduce_mean, tf.nn/tf.math variants, TF1
idioms such as tf.gradients); autodiff inside grad (a nested GradientTape); per-element code (tf.map_fn,
tf.vectorized_map, Python loops); answers meant for another exercise; answers that print a lot or return extra
values for debugging; dtype slips (float32/float64 constants, float16 casts); verbose answers with helpers.
"""

from learner_answer_types import Answer

ANSWERS = [
    # ------------------------------------------------------------------ 04.bias_add
    Answer("04.bias_add", "helper-class-flatten-leading-axes", r'''
class BiasGrad:
    """Collapse every leading axis into one, then add up the rows."""

    def __init__(self, b):
        self.n = tf.size(b)

    def __call__(self, upstream):
        flat = tf.reshape(upstream, tf.stack([-1, self.n]))
        return tf.identity(upstream), tf.math.reduce_sum(flat, axis=0)


@strict_custom_gradient
def bias_add(x, b):
    return x + b, BiasGrad(b)
''', True),
    Answer("04.bias_add", "python-loop-over-rows", r'''
@strict_custom_gradient
def bias_add(x, b):
    def grad(upstream):
        db = tf.zeros_like(b)
        for i in range(upstream.shape[0]):      # add each example's upstream row
            db = db + upstream[i]
        return upstream, db
    return x + b, grad
''', False, "The loop adds up the batch axis only; for a (batch, time, n) x, db keeps the time axis: sum over "
           "every axis except the last.", ("axis|axes|shape",)),
    Answer("04.bias_add", "over-corrected-sum-everything", r'''
@strict_custom_gradient
def bias_add(x, b):
    def grad(upstream):
        # second try: the checker said db had the wrong shape, so sum it all
        return upstream, tf.reduce_sum(upstream)
    return x + b, grad
''', False, "Summing over every axis gives one number; db must keep the last axis, shape (n,) like b.",
           ("shape|last axis|scalar",)),
    Answer("04.bias_add", "nested-tape-without-upstream", r'''
@strict_custom_gradient
def bias_add(x, b):
    def grad(upstream):
        with tf.GradientTape() as tape:          # let TensorFlow find d(x + b)/db
            tape.watch(b)
            y = x + b
        db = tape.gradient(y, b)                 # sums the ones over the batch for me
        return upstream, db
    return x + b, grad
''', False, "The inner tape differentiates sum(x + b), so db counts the rows and ignores upstream; pass "
           "output_gradients=upstream or sum upstream itself.", ("upstream",)),
    Answer("04.bias_add", "chatbot-keras-backend-mean", r'''
# "the gradient of a bias is the batch-average of the incoming gradient"
@strict_custom_gradient
def bias_add(x, b):
    def grad(upstream):
        lead = list(range(len(upstream.shape) - 1))
        db = tf.math.reduce_mean(upstream, axis=lead)
        tf.print("db:", db, "upstream shape:", tf.shape(upstream))
        return upstream, db
    return x + b, grad
''', False, "b is added to every row, so each row's upstream adds up: sum over the leading axes, do not average.",
           ("sum|mean|average",)),
    Answer("04.bias_add", "float16-cast-to-save-memory", r'''
@strict_custom_gradient
def bias_add(x, b):
    def grad(upstream):
        lead = list(range(len(upstream.shape) - 1))
        half = tf.cast(upstream, tf.float16)                  # half precision for the reduction
        return upstream, tf.reduce_sum(half, axis=lead)
    return x + b, grad
''', False, "db comes back as float16 while b is float32/float64: return each gradient in its input's dtype.",
           ("dtype|float16",)),

    # ------------------------------------------------------------------ 05.sign_ste
    Answer("05.sign_ste", "inner-tape-on-clip-by-value", r'''
@tf.custom_gradient
def sign_ste(x):
    def grad(upstream):
        # the hard tanh's slope, as TensorFlow's own clip_by_value gradient (1 at |x| = 1, inside)
        with tf.GradientTape() as tape:
            tape.watch(x)
            hard_tanh = tf.clip_by_value(x, -1, 1)
        return tape.gradient(hard_tanh, x, output_gradients=upstream)
    return tf.sign(x), grad
''', True),
    Answer("05.sign_ste", "strict-inequality-at-boundary", r'''
@tf.custom_gradient
def sign_ste(x):
    def grad(upstream):
        # second try: multiplied by upstream now
        inside = tf.abs(x) < 1.0
        return upstream * tf.cast(inside, upstream.dtype)
    return tf.sign(x), grad
''', False, "At |x| = 1 exactly the slope must take the inside value 1; `< 1` gives 0 there, use `<= 1`.",
           ("= 1|inside|boundary|edge|exactly",)),
    Answer("05.sign_ste", "mask-without-upstream", r'''
@tf.custom_gradient
def sign_ste(x):
    def grad(upstream):
        return tf.where(tf.abs(x) <= 1, tf.ones_like(x), tf.zeros_like(x))
    return tf.sign(x), grad
''', False, "grad returns the hard tanh's slope alone; multiply it by upstream.", ("upstream",)),
    Answer("05.sign_ste", "smooth-tanh-slope-from-chatbot", r'''
@tf.custom_gradient
def sign_ste(x):
    def grad(upstream):
        # derivative of tanh, the usual surrogate for sign
        return upstream * (1.0 - tf.math.tanh(x) ** 2)
    return tf.sign(x), grad
''', False, "That is the smooth tanh's slope; the exercise asks for the hard tanh clip(x, -1, 1), whose slope "
           "is 1 inside [-1, 1] and 0 outside.", ("hard|clip",)),
    Answer("05.sign_ste", "float32-mask", r'''
@tf.custom_gradient
def sign_ste(x):
    def grad(upstream):
        mask = tf.cast(tf.abs(x) <= 1.0, tf.float32)
        return upstream * mask
    return tf.sign(x), grad
''', False, "The mask is always float32, so a float64 input fails; cast it to x.dtype.",
           ("dtype|float64|float32",)),
    Answer("05.sign_ste", "clip-gradient-pasted-here", r'''
@tf.custom_gradient
def sign_ste(x):
    def grad(upstream):
        return tf.clip_by_value(upstream, -1.0, 1.0)
    return tf.sign(x), grad
''', False, "This clips upstream (the next exercise); here upstream is multiplied by the hard tanh's slope at x, "
           "which is 0 where |x| > 1.", ("slope|zero|outside|mask",)),

    # ------------------------------------------------------------------ 05.clip_gradient
    Answer("05.clip_gradient", "where-sign-for-large-entries", r'''
@tf.custom_gradient
def clip_gradient(x):
    def grad(upstream):
        too_big = tf.abs(upstream) > 1
        return tf.where(too_big, tf.sign(upstream), upstream)
    return tf.identity(x), grad
''', True),
    Answer("05.clip_gradient", "stackoverflow-clip-by-norm", r'''
@tf.custom_gradient
def clip_gradient(x):
    def grad(upstream):
        return tf.clip_by_norm(upstream, 1.0)      # standard gradient clipping
    return tf.identity(x), grad
''', False, "clip_by_norm rescales the whole tensor to norm 1; the exercise clips each entry to [-1, 1].",
           ("entry|element|norm",)),
    Answer("05.clip_gradient", "clipped-x-instead-of-upstream", r'''
@tf.custom_gradient
def clip_gradient(x):
    def grad(upstream):
        return tf.clip_by_value(x, -1.0, 1.0)
    return tf.identity(x), grad
''', False, "grad clips the input x, not the gradient: clip upstream.", ("upstream",)),
    Answer("05.clip_gradient", "upstream-twice-second-attempt", r'''
@tf.custom_gradient
def clip_gradient(x):
    def grad(upstream):
        # feedback said I forgot upstream, so multiply by it
        return upstream * tf.clip_by_value(upstream, -1.0, 1.0)
    return tf.identity(x), grad
''', False, "The clipped upstream is already the gradient; multiplying by upstream again uses it twice.",
           ("upstream",)),
    Answer("05.clip_gradient", "float32-constant-bounds", r'''
LOW, HIGH = tf.constant(-1.0), tf.constant(1.0)

@tf.custom_gradient
def clip_gradient(x):
    def grad(upstream):
        return tf.clip_by_value(upstream, LOW, HIGH)
    return tf.identity(x), grad
''', False, "The bounds are float32 tensors, so a float64 upstream fails; use Python numbers or cast them.",
           ("dtype|float64|float32",)),
    Answer("05.clip_gradient", "returns-both-for-debugging", r'''
@tf.custom_gradient
def clip_gradient(x):
    def grad(upstream):
        clipped = tf.clip_by_value(upstream, -1.0, 1.0)
        tf.print("upstream", upstream, "clipped", clipped)
        return clipped, upstream          # keep the raw one too, to compare
    return tf.identity(x), grad
''', False, "clip_gradient has one input, so grad must return exactly one gradient, not a pair.",
           ("one|input|number",)),
    # ------------------------------------------------------------------ 06.scale_by_variable
    Answer("06.scale_by_variable", "unpacks-variables-and-tensordot", r'''
w = tf.Variable(2.0)

@tf.custom_gradient
def scale(x):
    def grad(upstream, variables=None):
        (v,) = variables                      # the only variable read: w
        dx = upstream * tf.square(v)
        flat_u, flat_x = tf.reshape(upstream, [-1]), tf.reshape(x, [-1])
        dv = 2.0 * v * tf.tensordot(flat_u, flat_x, axes=1)
        return dx, [dv]
    return x * w ** 2, grad
''', True),
    Answer("06.scale_by_variable", "dw-not-summed", r'''
w = tf.Variable(2.0)

@tf.custom_gradient
def scale(x):
    def grad(upstream, variables=None):
        return upstream * w ** 2, [upstream * 2 * w * x]
    return x * w ** 2, grad
''', False, "w is one number used by every entry of x, so its gradient is summed over all entries; here it has "
           "x's shape.", ("sum|shape|scalar",)),
    Answer("06.scale_by_variable", "variables-kwarg-but-no-list", r'''
w = tf.Variable(2.0)

@tf.custom_gradient
def scale(x):
    def grad(upstream, variables=None):      # second try: added variables=None as the error said
        return upstream * w ** 2
    return x * w ** 2, grad
''', False, "grad accepts variables= but still returns only dL/dx; it must return (dL/dx, [dL/dw]).",
           ("variable",)),
    Answer("06.scale_by_variable", "dw-missing-chain-factor", r'''
w = tf.Variable(2.0)

@tf.custom_gradient
def scale(x):
    def grad(upstream, variables=None):
        dx = upstream * w ** 2
        dw = tf.reduce_sum(upstream * x)
        print("dx", dx, "dw", dw)
        return dx, [dw]
    return x * w ** 2, grad
''', False, "dL/dw is missing the derivative of w² (2w): the gradient for the variable is off by that factor.",
           ("variable|dw|for w|of w|w's|dl/dw",)),
    Answer("06.scale_by_variable", "tf1-tf-gradients-in-grad", r'''
w = tf.Variable(2.0)

@tf.custom_gradient
def scale(x):
    y = x * w ** 2
    def grad(upstream, variables=None):
        # TF1 style: let tf.gradients build d(y)/d(x, w) with grad_ys
        dx, dw = tf.gradients(x * w ** 2, [x, w], grad_ys=upstream)
        return dx, [dw]
    return y, grad
''', False, "tf.gradients only works in graph mode; eagerly it raises. Write the two gradients from the formula "
           "(or use a GradientTape).", ("tf.gradients|eager|graph|tape",)),
    Answer("06.scale_by_variable", "nested-tape-drops-upstream-for-w", r'''
w = tf.Variable(2.0)

@tf.custom_gradient
def scale(x):
    def grad(upstream, variables=None):
        with tf.GradientTape() as tape:          # autodiff for the variable part
            y_again = x * w ** 2
        dw = tape.gradient(y_again, w)
        return upstream * w ** 2, [dw]
    return x * w ** 2, grad
''', False, "The inner tape differentiates sum(x·w²), not the loss: dw ignores upstream (pass output_gradients=upstream).",
           ("upstream",)),

    # ------------------------------------------------------------------ 06.numpy_erf
    Answer("06.numpy_erf", "numpy-function-ensure-shape-rsqrt", r'''
def _erf_np(a):
    return scipy.special.erf(a).astype(a.dtype, copy=False)

@tf.custom_gradient
def numpy_erf(x):
    y = tf.ensure_shape(tf.numpy_function(_erf_np, [x], x.dtype), x.shape)
    def grad(upstream):
        two_over_sqrt_pi = 2.0 * tf.math.rsqrt(tf.constant(np.pi, x.dtype))
        return upstream * two_over_sqrt_pi * tf.exp(-x * x)
    return y, grad
''', True),
    Answer("06.numpy_erf", "dot-numpy-in-forward", r'''
@tf.custom_gradient
def numpy_erf(x):
    y = tf.constant(scipy.special.erf(x.numpy()), dtype=x.dtype)
    def grad(upstream):
        return upstream * 2 / np.sqrt(np.pi) * tf.exp(-x ** 2)
    return y, grad
''', False, "x.numpy() fails inside tf.function, where x is symbolic: call SciPy through tf.numpy_function.",
           ("numpy_function|tf.function|symbolic|graph",)),
    Answer("06.numpy_erf", "second-attempt-factor-still-missing", r'''
@tf.custom_gradient
def numpy_erf(x):
    y = tf.numpy_function(scipy.special.erf, [x], x.dtype)   # fixed: works in tf.function now
    y.set_shape(x.shape)
    def grad(upstream):
        return upstream * tf.exp(-tf.square(x))               # derivative of the integrand
    return y, grad
''', False, "The gradient misses the constant factor in front of the integral (2/√π).",
           ("factor|constant|π|pi|sqrt",)),
    Answer("06.numpy_erf", "upstream-dropped", r'''
@tf.custom_gradient
def numpy_erf(x):
    y = tf.numpy_function(scipy.special.erf, [x], x.dtype)
    y.set_shape(x.shape)
    def grad(upstream):
        c = tf.cast(2.0 / np.sqrt(np.pi), x.dtype)
        return c * tf.exp(-x ** 2)
    return y, grad
''', False, "grad returns the local derivative of erf without multiplying by upstream.", ("upstream",)),
    Answer("06.numpy_erf", "tout-hardcoded-float32", r'''
@tf.custom_gradient
def numpy_erf(x):
    y = tf.numpy_function(scipy.special.erf, [x], tf.float32)
    y.set_shape(x.shape)
    def grad(upstream):
        return upstream * 2 / np.sqrt(np.pi) * tf.exp(-x ** 2)
    return y, grad
''', False, "numpy_function's output dtype is fixed to float32, so float64 input fails; use x.dtype.",
           ("dtype|float64|float32",)),
    Answer("06.numpy_erf", "chatbot-tf-math-erf", r'''
# no need for numpy: TensorFlow has erf built in
@tf.custom_gradient
def numpy_erf(x):
    y = tf.math.erf(x)
    def grad(upstream):
        return upstream * 2 / np.sqrt(np.pi) * tf.exp(-x ** 2)
    return y, grad
''', False, "The forward pass must call SciPy's erf (through tf.numpy_function), not tf.math.erf.",
           ("scipy",)),
    # ------------------------------------------------------------------ 07.fused_second_derivative
    Answer("07.fused_second_derivative", "helper-factory-for-slope-op", r'''
def slope_as_op(y, slope):
    """An op of x whose value is the fused slope and whose own gradient is d(1 - tanh²)/dx."""
    @tf.custom_gradient
    def slope_of(x):
        def curvature(ddy):
            return ddy * (-2.0) * y * slope        # d/dx (1 - tanh² x) = -2 tanh x (1 - tanh² x)
        return tf.identity(slope), curvature
    return slope_of


@tf.custom_gradient
def tanh_op(x):
    y, slope = fused_tanh(x)
    def grad(dy):
        return slope_as_op(y, slope)(x) * dy
    return y, grad
''', True),
    Answer("07.fused_second_derivative", "decorated-grad-naive-nesting", r'''
@tf.custom_gradient
def tanh_op(x):
    y, slope = fused_tanh(x)
    @tf.custom_gradient
    def grad(dy):
        def grad_grad(ddy):
            return ddy * -2.0 * y * slope
        return dy * slope, grad_grad
    return y, grad
''', False, "Decorating grad gives a gradient with respect to dy, not x: make the first derivative a "
           "custom-gradient function of x and multiply by dy outside it.", ("dy|nest|function of x",)),
    Answer("07.fused_second_derivative", "second-derivative-sign-flipped", r'''
@tf.custom_gradient
def tanh_op(x):
    y, slope = fused_tanh(x)
    def grad(dy):
        @tf.custom_gradient
        def first_derivative(x):
            def second_derivative(ddy):
                return ddy * 2 * y * slope          # d(tanh²)/dx = 2 tanh · (1 - tanh²)
            return slope, second_derivative
        return dy * first_derivative(x)
    return y, grad
''', False, "That is the derivative of tanh², but the slope is 1 - tanh²: the second derivative has the "
           "opposite sign.", ("sign|negative|minus|opposite",)),
    Answer("07.fused_second_derivative", "recomputes-slope-with-tf-tanh", r'''
@tf.custom_gradient
def tanh_op(x):
    y, _ = fused_tanh(x)
    def grad(dy):
        t = tf.tanh(x)                 # recompute so the outer tape can see it
        return dy * (1 - t ** 2)
    return y, grad
''', False, "The slope must be the one fused_tanh returns; recomputing it with tf.tanh lets the tape do the "
           "second derivative, which is not the exercise.", ("fused",)),
    Answer("07.fused_second_derivative", "ddy-ignored-in-second-derivative", r'''
@tf.custom_gradient
def tanh_op(x):
    y, slope = fused_tanh(x)
    def grad(dy):
        @tf.custom_gradient
        def first_derivative(x):
            second = -2.0 * y * slope
            tf.print("second derivative:", second)
            return slope, lambda ddy: second
        return dy * first_derivative(x)
    return y, grad
''', False, "The inner gradient returns the second derivative without multiplying by its upstream ddy.",
           ("ddy|upstream",)),
    Answer("07.fused_second_derivative", "chain-factor-missing", r'''
@tf.custom_gradient
def tanh_op(x):
    y, slope = fused_tanh(x)
    def grad(dy):
        @tf.custom_gradient
        def first_derivative(x):
            def second_derivative(ddy):
                return ddy * -2.0 * y           # d/dx (1 - tanh²) = -2 tanh
            return slope, second_derivative
        return dy * first_derivative(x)
    return y, grad
''', False, "d/dx tanh² x needs the chain rule: -2 tanh x times tanh's own slope (1 - tanh² x); that factor "
           "is missing.", ("chain|factor",)),

    # ------------------------------------------------------------------ 07.hvp
    Answer("07.hvp", "output-gradients-as-v", r'''
def hvp(f, x, v):
    x = tf.convert_to_tensor(x)
    v = tf.convert_to_tensor(v, dtype=x.dtype)
    with tf.GradientTape() as outer:
        outer.watch(x)
        with tf.GradientTape() as inner:
            inner.watch(x)
            value = f(x)
        g = inner.gradient(value, x)
    # vector-Jacobian product of the gradient with v: Hᵀ v, which is H v as H is symmetric
    return outer.gradient(g, x, output_gradients=v)
''', True),
    Answer("07.hvp", "diagonal-times-v", r'''
def hvp(f, x, v):
    with tf.GradientTape() as outer:
        outer.watch(x)
        with tf.GradientTape() as inner:
            inner.watch(x)
            y = f(x)
        g = inner.gradient(y, x)
    second = outer.gradient(g, x)       # the second derivatives
    return second * v
''', False, "outer.gradient(g, x) is H times a vector of ones; multiplying it by v entry by entry is right "
           "only for a diagonal Hessian. Differentiate g·v instead.", ("diagonal",)),
    Answer("07.hvp", "only-one-tape", r'''
def hvp(f, x, v):
    with tf.GradientTape() as tape:
        tape.watch(x)
        y = f(x)
    g = tape.gradient(y, x)
    return g * v                          # gradient in the direction v
''', False, "This is the gradient times v, a first derivative; H v needs a second differentiation of g·v.",
           ("second|hessian|again|twice",)),
    Answer("07.hvp", "inner-gradient-outside-outer-tape", r'''
def hvp(f, x, v):
    with tf.GradientTape() as outer:
        outer.watch(x)
        with tf.GradientTape() as inner:
            inner.watch(x)
            y = f(x)
    g = inner.gradient(y, x)                            # computed after the outer tape stopped
    return outer.gradient(tf.reduce_sum(g * v), x)
''', False, "inner.gradient runs after the outer tape has stopped recording, so the outer tape sees no path "
           "and returns None: compute g (and g·v) inside the outer tape's block.", ("none|record|inside|outer",)),
    Answer("07.hvp", "reduce-mean-of-gv", r'''
def hvp(f, x, v):
    with tf.GradientTape() as outer:
        outer.watch(x)
        with tf.GradientTape() as inner:
            inner.watch(x)
            y = f(x)
        g = inner.gradient(y, x)
        gv = tf.reduce_mean(g * v)        # directional derivative
    return outer.gradient(gv, x)
''', False, "gᵀv is a sum, not a mean: the mean divides H v by the number of entries.",
           ("sum|mean|factor",)),
    Answer("07.hvp", "returns-gradient-too-for-debugging", r'''
def hvp(f, x, v):
    with tf.GradientTape(persistent=True) as tape:
        tape.watch(x)
        with tf.GradientTape() as inner:
            inner.watch(x)
            y = f(x)
        g = inner.gradient(y, x)
        gv = tf.reduce_sum(g * v)
    Hv = tape.gradient(gv, x)
    tf.print("f =", y, "grad =", g, "Hv =", Hv)
    return Hv, g                          # the gradient as well, handy for checking
''', False, "hvp must return H v alone (shaped like x), not a tuple with the gradient.",
           ("tuple|pair|two|shape|single",)),
    # ------------------------------------------------------------------ 08.implicit_scalar
    Answer("08.implicit_scalar", "tanh-read-back-from-z-minus-x", r'''
@strict_custom_gradient
def fixed_point(x, w):
    z = iterate_fixed_point(x, w)
    def grad(upstream):
        t = z - x                              # at the fixed point tanh(w z) = z - x
        slope = 1 - t * t                      # tanh' at w z
        carried = upstream / (1 - w * slope)   # 1 + ws + (ws)² + ...: every iteration at once
        dw = tf.reshape(tf.reduce_sum(carried * slope * z), tf.shape(w))
        return carried, dw
    return z, grad
''', True),
    Answer("08.implicit_scalar", "dw-not-reduced", r'''
@strict_custom_gradient
def fixed_point(x, w):
    z = iterate_fixed_point(x, w)
    def grad(upstream):
        s = 1 - tf.tanh(w * z) ** 2
        dx = upstream / (1 - w * s)
        dw = upstream * s * z / (1 - w * s)
        return dx, dw
    return z, grad
''', False, "w is one number used by every entry, so dL/dw must be summed over the entries of x (a scalar).",
           ("sum|shape|scalar",)),
    Answer("08.implicit_scalar", "dw-missing-z-second-attempt", r'''
@strict_custom_gradient
def fixed_point(x, w):
    z = iterate_fixed_point(x, w)
    def grad(upstream):
        s = 1 - tf.tanh(w * z) ** 2
        denom = 1 - w * s
        # summed now, as the checker asked
        return upstream / denom, tf.reduce_sum(upstream * s / denom)
    return z, grad
''', False, "dL/dw is missing the factor z: the derivative of tanh(w z) with respect to w is tanh'(w z)·z.",
           ("dl/dw|dw|for w|of w|w's|factor",)),
    Answer("08.implicit_scalar", "denominator-plus", r'''
@strict_custom_gradient
def fixed_point(x, w):
    z = iterate_fixed_point(x, w)
    def grad(upstream):
        s = 1.0 - tf.square(tf.tanh(w * z))
        k = 1.0 / (1.0 + w * s)
        return upstream * k, tf.reduce_sum(upstream * s * z * k)
    return z, grad
''', False, "Solving dz = w s dz + ... gives dz (1 - w s) = ...: the denominator has a minus, not a plus.",
           ("sign|denominator|minus",)),
    Answer("08.implicit_scalar", "explicit-derivative-only", r'''
@strict_custom_gradient
def fixed_point(x, w):
    z = iterate_fixed_point(x, w)
    def grad(upstream):
        # z = tanh(w z) + x, so dz/dx = 1 and dz/dw = tanh'(w z) z
        s = 1 - tf.tanh(w * z) ** 2
        tf.print("s =", s, "upstream =", upstream)
        return upstream, tf.reduce_sum(upstream * s * z)
    return z, grad
''', False, "z appears on both sides of the equation: differentiating it gives dz on the right too, so both "
           "gradients need the division by 1 - w·tanh'(w z).", ("both sides|implicit|depend|denominator|divid",)),
    Answer("08.implicit_scalar", "notebook-sin-example-pasted", r'''
@strict_custom_gradient
def fixed_point(x, w):
    z = iterate_fixed_point(x, w)
    def grad(upstream):
        scale = 1 / (1 - w * tf.cos(z))
        return upstream * scale, tf.reduce_sum(upstream * tf.sin(z) * scale)
    return z, grad
''', False, "These are the notebook's formulas for z = w sin z + x; this fixed point is z = tanh(w z) + x, "
           "so use tanh's slope at w z.", ("tanh",)),

    # ------------------------------------------------------------------ 08.block_size
    Answer("08.block_size", "min-over-divisors", r'''
layers = 36
divisors = [k for k in range(1, layers + 1) if layers % k == 0]
memory = {k: layers // k + k for k in divisors}        # block inputs + one block's activations
block_size = min(memory, key=memory.get)
''', True),
    Answer("08.block_size", "one-big-block", r'''
block_size = 36    # fewest blocks means fewest stored inputs
''', False, "With one block of 36 the recomputation holds all 36 activations: memory is 36/k + k, count both.",
           ("activation|36/k|both",)),
    Answer("08.block_size", "returned-the-memory", r'''
memory = [36 // k + k for k in (1, 2, 3, 4, 6, 9, 12, 18, 36)]
block_size = min(memory)
print(memory, block_size)
''', False, "12 is the smallest memory, not the block size that gives it: the answer is the k.",
           ("memory|block size|k",)),
    Answer("08.block_size", "activations-counted-twice", r'''
# forward and backward both keep the block's activations
cost = lambda k: 36 / k + 2 * k
block_size = min((k for k in range(1, 37) if 36 % k == 0), key=cost)
''', False, "Only one block's k activations are held at a time, once: memory is 36/k + k, not 36/k + 2k.",
           ("activation|once|twice|memory",)),
    Answer("08.block_size", "string-answer", r'''
block_size = "6"
''', False, "The answer must be the number 6, not the string '6'.", ("string|str|number|int|quote",)),
    Answer("08.block_size", "tuple-k-and-memory", r'''
block_size = (6, 12)    # k and the memory it needs, for reference
''', False, "Give one number, the block size k, not a tuple with its memory.",
           ("tuple|one number|single|int|number",)),

    # ------------------------------------------------------------------ 09.spot_the_mistake
    Answer("09.spot_the_mistake", "split-a-string", r'''
answers = """
keyword_call
upstream_ignored
float32_false_alarm
wrong_shape
none_gradient
""".split()
''', True),
    Answer("09.spot_the_mistake", "first-one-upstream", r'''
answers = ["upstream_ignored", "upstream_ignored", "float32_false_alarm", "wrong_shape", "none_gradient"]
''', False, "Snippet 1 calls smooth_step(x=h): a keyword call skips the custom gradient, so its tf.print never runs.",
           ("keyword|first|snippet 1|1st|#1|answers[0]",)),
    Answer("09.spot_the_mistake", "names-without-quotes", r'''
answers = [keyword_call, upstream_ignored, float32_false_alarm, wrong_shape, none_gradient]
''', False, "The names must be strings in quotes; bare names raise a NameError.", ("quote|string|str|nameerror",)),
    Answer("09.spot_the_mistake", "only-four", r'''
answers = ["keyword_call", "upstream_ignored", "float32_false_alarm", "none_gradient"]
''', False, "There are five snippets; snippet 4's answer is missing.", ("five|5|four|4|missing",)),
    Answer("09.spot_the_mistake", "plural-typo", r'''
answers = ["keyword_call", "upstream_ignored", "float32_false_alarms", "wrong_shape", "none_gradient"]
''', False, "'float32_false_alarms' is not one of the names (no final s).",
           ("float32_false_alarms|spell|not one of|unknown|third|snippet 3",)),
    Answer("09.spot_the_mistake", "one-comma-separated-string", r'''
answers = "keyword_call, upstream_ignored, float32_false_alarm, wrong_shape, none_gradient"
''', False, "answers must be a list of five strings, not one string with commas.", ("list|string|str",)),

    # ------------------------------------------------------------------ 09.fix_linear
    Answer("09.fix_linear", "einsum-everything", r'''
@tf.custom_gradient
def linear(x, W, b):
    def grad(U):
        dx = tf.einsum("bj,ij->bi", U, W)
        dW = tf.einsum("bi,bj->ij", x, U)
        db = tf.einsum("bj->j", U)
        return dx, dW, db
    return x @ W + b, grad
''', True),
    Answer("09.fix_linear", "fixed-dW-only", r'''
@tf.custom_gradient
def linear(x, W, b):
    def grad(U):
        return U @ tf.transpose(W), tf.transpose(x) @ U, U     # fixed dW
    return x @ W + b, grad
''', False, "dW is fixed, but b is added to every row: its gradient is U summed over the batch axis, shape (units,).",
           ("sum|batch|shape",)),
    Answer("09.fix_linear", "fixed-db-only", r'''
@tf.custom_gradient
def linear(x, W, b):
    def grad(U):
        return U @ tf.transpose(W), tf.transpose(U) @ x, tf.reduce_sum(U, axis=0)
    return x @ W + b, grad
''', False, "db is fixed, but dW is still Uᵀx, the transpose of the right gradient (shape units × in instead of W's).",
           ("transpose|shape",)),
    Answer("09.fix_linear", "db-wrong-axis", r'''
@tf.custom_gradient
def linear(x, W, b):
    def grad(U):
        dW = tf.matmul(x, U, transpose_a=True)
        db = tf.reduce_sum(U, axis=1)          # sum over the units
        return tf.matmul(U, W, transpose_b=True), dW, db
    return x @ W + b, grad
''', False, "db sums over the wrong axis: sum U over the batch axis (axis 0), keeping one entry per unit.",
           ("axis|batch|shape",)),
    Answer("09.fix_linear", "db-mean-from-chatbot", r'''
@tf.custom_gradient
def linear(x, W, b):
    def grad(U):
        dx = tf.matmul(U, W, transpose_b=True)
        dW = tf.matmul(x, U, transpose_a=True)
        db = tf.reduce_mean(U, axis=0)         # bias gradient = average over the batch
        return dx, dW, db
    return x @ W + b, grad
''', False, "b's gradient is U summed over the batch, not averaged.", ("sum|mean|average",)),
    Answer("09.fix_linear", "vectorized-map-per-example", r'''
@tf.custom_gradient
def linear(x, W, b):
    def grad(U):
        def one_example(args):
            xi, ui = args
            return tf.tensordot(xi, ui, axes=0), ui          # this example's dW and db
        dW_each, db_each = tf.vectorized_map(one_example, (x, U))
        return U @ tf.transpose(W), dW_each, db_each
    return x @ W + b, grad
''', False, "The per-example gradients of W and b must be summed over the batch; here they keep a batch axis.",
           ("sum|batch|shape",)),
]
