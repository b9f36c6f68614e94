"""Learner answers, set t: misread prompts, output-based formulas, fragile numerics, Python state,
rebound inputs, row/column confusion, off-by-one, sum/mean, low-precision grads, None for a float input."""

from learner_answer_types import Answer

ANSWERS = [
    # ------------------------------------------------------------------ 05.sign_ste
    Answer("05.sign_ste", "slope-of-clip-from-inner-tape", r'''
@tf.custom_gradient
def sign_ste(x):
    def grad(upstream):
        # let TensorFlow tell me the hard tanh's slope: differentiate clip_by_value itself
        with tf.GradientTape() as inner:
            inner.watch(x)
            hard_tanh = tf.clip_by_value(x, -1.0, 1.0)
        return inner.gradient(hard_tanh, x, output_gradients=upstream)
    return tf.sign(x), grad
''', True),
    Answer("05.sign_ste", "mask-from-output-y", r'''
@tf.custom_gradient
def sign_ste(x):
    y = tf.sign(x)
    def grad(upstream):
        inside = tf.cast(tf.abs(y) <= 1, upstream.dtype)     # where the hard tanh is not flat
        return upstream * inside
    return y, grad
''', False, "The mask is built from y = sign(x), whose size is never above 1, so upstream passes everywhere; "
            "the hard tanh is flat where |x| > 1, so test x, not the output.",
       ("outside|beyond|> 1|greater than 1|larger than 1",)),
    Answer("05.sign_ste", "strict-inequality-at-one", r'''
@tf.custom_gradient
def sign_ste(x):
    def grad(upstream):
        return tf.where(tf.abs(x) < 1, upstream, tf.zeros_like(upstream))
    return tf.sign(x), grad
''', False, "At |x| = 1 exactly the prompt asks for the inside value (slope 1); `< 1` gives 0 there.",
       ("|x| = 1|boundary|edge|exactly|inside",)),
    Answer("05.sign_ste", "float16-mask-and-upstream", r'''
@tf.custom_gradient
def sign_ste(x):
    def grad(upstream):
        # half precision is plenty for a 0/1 mask
        u16 = tf.cast(upstream, tf.float16)
        mask16 = tf.cast(tf.abs(tf.cast(x, tf.float16)) <= 1, tf.float16)
        return tf.cast(u16 * mask16, upstream.dtype)
    return tf.sign(x), grad
''', False, "Casting upstream to float16 rounds it to about 3 significant digits (and overflows above 65504); "
            "keep the computation in the input's dtype.",
       ("float16|precision",)),

    # ------------------------------------------------------------------ 05.clip_gradient
    Answer("05.clip_gradient", "sign-times-min-abs", r'''
@tf.custom_gradient
def clip_gradient(x):
    def grad(upstream):
        # keep the direction of each entry, cap its size at 1
        return tf.sign(upstream) * tf.minimum(tf.abs(upstream), 1)
    return tf.identity(x), grad
''', True),
    Answer("05.clip_gradient", "clip-by-norm", r'''
@tf.custom_gradient
def clip_gradient(x):
    def grad(upstream):
        return tf.clip_by_norm(upstream, 1.0)
    return tf.identity(x), grad
''', False, "clip_by_norm rescales the whole gradient to norm 1; the exercise clips each entry to [-1, 1] on its own.",
       ("entry|element|each",)),
    Answer("05.clip_gradient", "clips-x-not-upstream", r'''
@tf.custom_gradient
def clip_gradient(x):
    def grad(upstream):
        return tf.clip_by_value(x, -1, 1)
    return tf.identity(x), grad
''', False, "grad clips the input x instead of the incoming gradient; clip upstream.",
       ("upstream",)),
    Answer("05.clip_gradient", "relu-cancellation", r'''
@tf.custom_gradient
def clip_gradient(x):
    def grad(upstream):
        # subtract the overshoot above 1 and below -1
        return upstream - tf.nn.relu(upstream - 1) + tf.nn.relu(-upstream - 1)
    return tf.identity(x), grad
''', False, "u - (u - 1) cancels catastrophically for large gradients (float32 u = 1e8 gives 0, not 1): exactly the "
            "exploding gradients clipping is for. Use tf.clip_by_value.",
       ("large|huge|cancel|round",)),

    # ------------------------------------------------------------------ 06.scale_by_variable
    Answer("06.scale_by_variable", "tensordot-flattened", r'''
w = tf.Variable(2.0)

@tf.custom_gradient
def scale(x):
    def grad(upstream, variables=None):
        dx = upstream * tf.square(w)
        # dL/dw = sum_i u_i * d(x_i w^2)/dw = 2 w <u, x>
        inner = tf.tensordot(tf.reshape(upstream, [-1]), tf.reshape(x, [-1]), axes=1)
        return dx, [2.0 * w * inner]
    return x * w ** 2, grad
''', True),
    Answer("06.scale_by_variable", "mean-over-entries", r'''
w = tf.Variable(2.0)

@tf.custom_gradient
def scale(x):
    def grad(upstream, variables=None):
        return upstream * w ** 2, [2 * w * tf.reduce_mean(upstream * x)]
    return x * w ** 2, grad
''', False, "w is used by every entry, so its gradient sums the contributions; the mean divides by the number of entries.",
       ("sum|mean",)),
    Answer("06.scale_by_variable", "dw-from-output-divided-by-w", r'''
w = tf.Variable(2.0)

@tf.custom_gradient
def scale(x):
    y = x * w ** 2
    def grad(upstream, variables=None):
        # y = x w^2  ->  dy/dw = 2 x w = 2 y / w
        return upstream * w ** 2, [tf.reduce_sum(upstream * 2 * y / w)]
    return y, grad
''', False, "Writing dy/dw as 2y/w divides by w: at w = 0 the variable's gradient is NaN instead of 0.",
       ("nan|divid|w = 0|w=0|zero",)),
    Answer("06.scale_by_variable", "x-rebound-before-grad", r'''
w = tf.Variable(2.0)

@tf.custom_gradient
def scale(x):
    x = x * w              # apply w once ...
    y = x * w              # ... and again: x w^2
    def grad(upstream, variables=None):
        return upstream * w ** 2, [tf.reduce_sum(upstream * 2 * w * x)]
    return y, grad
''', False, "x was rebound to x*w before grad uses it, so the variable's gradient comes out w times too large; "
            "keep the input unchanged.",
       ("variable|for w|of w|dw|dL/dw",)),

    # ------------------------------------------------------------------ 06.numpy_erf
    Answer("06.numpy_erf", "log-pi-in-exponent", r'''
@tf.custom_gradient
def numpy_erf(x):
    y = tf.numpy_function(lambda a: scipy.special.erf(a).astype(a.dtype), [x], x.dtype)
    y = tf.ensure_shape(y, x.shape)
    def grad(upstream):
        # d/dx erf = 2/sqrt(pi) exp(-x^2) = 2 exp(-x^2 - ln(pi)/2)
        half_log_pi = tf.constant(0.5 * np.log(np.pi), dtype=x.dtype)
        return upstream * 2 * tf.exp(-x * x - half_log_pi)
    return y, grad
''', True),
    Answer("06.numpy_erf", "tanh-like-derivative-from-y", r'''
@tf.custom_gradient
def numpy_erf(x):
    y = tf.numpy_function(scipy.special.erf, [x], x.dtype)
    y.set_shape(x.shape)
    def grad(upstream):
        return upstream * (1 - y ** 2)       # like tanh: s-shaped from -1 to 1
    return y, grad
''', False, "1 - y² is tanh's derivative, not erf's; differentiate the integral: the integrand at x, times 2/√π.",
       ("tanh|erf²|erf(x)²|erf(x)^2|integral|integrand",)),
    Answer("06.numpy_erf", "float32-hardcoded", r'''
@tf.custom_gradient
def numpy_erf(x):
    y = tf.numpy_function(scipy.special.erf, [x], tf.float32)
    y.set_shape(x.shape)
    def grad(upstream):
        return upstream * 2 / np.sqrt(np.pi) * tf.exp(-tf.square(x))
    return y, grad
''', False, "The output dtype is hard-coded to float32, so float64 input fails; pass x.dtype to tf.numpy_function.",
       ("float64|dtype",)),
    Answer("06.numpy_erf", "central-differences-in-grad", r'''
@tf.custom_gradient
def numpy_erf(x):
    y = tf.numpy_function(scipy.special.erf, [x], x.dtype)
    y.set_shape(x.shape)
    def grad(upstream):
        h = 1e-4
        def slope(a):
            return ((scipy.special.erf(a + h) - scipy.special.erf(a - h)) / (2 * h)).astype(a.dtype)
        s = tf.numpy_function(slope, [x], x.dtype)
        s.set_shape(x.shape)
        return upstream * s
    return y, grad
''', False, "A central difference in grad loses digits to cancellation (about 5e-3 relative in float32, ~1e-8 "
            "in float64): derive the exact derivative from the integral.",
       ("finite|numerical|difference|cancel|approximat",)),

    # ------------------------------------------------------------------ 07.fused_second_derivative
    Answer("07.fused_second_derivative", "cubic-form-of-curvature", r'''
@tf.custom_gradient
def tanh_op(x):
    y, slope = fused_tanh(x)

    @tf.custom_gradient
    def slope_op(x):
        def curvature(ddy):
            # d/dx (1 - tanh^2 x) = -2 tanh x (1 - tanh^2 x) = 2 y (y^2 - 1)
            return ddy * 2.0 * y * (y * y - 1.0)
        return slope, curvature

    def grad(dy):
        return tf.multiply(dy, slope_op(x))
    return y, grad
''', True),
    Answer("07.fused_second_derivative", "curvature-sign-flipped", r'''
@tf.custom_gradient
def tanh_op(x):
    y, slope = fused_tanh(x)
    def grad(dy):
        @tf.custom_gradient
        def first_derivative(x):
            return slope, lambda ddy: ddy * 2 * y * slope
        return dy * first_derivative(x)
    return y, grad
''', False, "The second derivative of tanh is -2 tanh x (1 - tanh² x): the sign is flipped.",
       ("sign|negative|minus",)),
    Answer("07.fused_second_derivative", "curvature-missing-slope", r'''
@tf.custom_gradient
def tanh_op(x):
    y, slope = fused_tanh(x)
    def grad(dy):
        @tf.custom_gradient
        def first_derivative(x):
            return slope, lambda ddy: ddy * -2 * y      # d(1 - y^2) = -2y
        return dy * first_derivative(x)
    return y, grad
''', False, "d(1 - y²)/dx needs the chain rule: -2y times dy/dx, and dy/dx is the slope; it is missing.",
       ("slope|chain",)),
    Answer("07.fused_second_derivative", "bfloat16-curvature", r'''
@tf.custom_gradient
def tanh_op(x):
    y, slope = fused_tanh(x)
    def grad(dy):
        @tf.custom_gradient
        def first_derivative(x):
            def second(ddy):
                y16, s16 = tf.cast(y, tf.bfloat16), tf.cast(slope, tf.bfloat16)   # cheap: it's only curvature
                return ddy * tf.cast(-2 * y16 * s16, ddy.dtype)
            return slope, second
        return dy * first_derivative(x)
    return y, grad
''', False, "The second derivative is computed in bfloat16, about 3 significant digits, so it is off by up to "
            "~1e-2 relative; compute it in the input's dtype.",
       ("bfloat16|precision",)),

    # ------------------------------------------------------------------ 07.hvp
    Answer("07.hvp", "output-gradients-seed", r'''
def hvp(f, x, v):
    with tf.GradientTape() as outer:
        outer.watch(x)
        with tf.GradientTape() as inner:
            inner.watch(x)
            value = f(x)
        g = inner.gradient(value, x)
    # seeding the outer backward pass with v gives (dg/dx)^T v = H v
    return outer.gradient(g, x, output_gradients=v)
''', True),
    Answer("07.hvp", "returns-hessian-matrix", r'''
def hvp(f, x, v):
    with tf.GradientTape() as outer:
        outer.watch(x)
        with tf.GradientTape() as inner:
            inner.watch(x)
            y = f(x)
        g = inner.gradient(y, x)
    return outer.jacobian(g, x)        # the Hessian
''', False, "This returns the n × n Hessian itself, never multiplied by v; the exercise asks for the vector H v.",
       ("matrix|shape|never|multipl",)),
    Answer("07.hvp", "differentiates-wrt-v", r'''
def hvp(f, x, v):
    with tf.GradientTape() as outer:
        outer.watch(v)
        with tf.GradientTape() as inner:
            inner.watch(x)
            y = f(x)
        g = inner.gradient(y, x)
        gv = tf.reduce_sum(g * v)
    return outer.gradient(gv, v)
''', False, "The outer tape differentiates g·v with respect to v, which just gives back the gradient g; "
            "differentiate with respect to x.",
       ("respect to v|w.r.t. v|first derivative|gradient of f|∇f|gradient itself|wrt v",)),
    Answer("07.hvp", "column-v-broadcast", r'''
def hvp(f, x, v):
    v_col = v[:, None]                 # v as a column vector
    with tf.GradientTape() as outer:
        outer.watch(x)
        with tf.GradientTape() as inner:
            inner.watch(x)
            y = f(x)
        g = inner.gradient(y, x)
        gv = tf.reduce_sum(g * v_col)
    return outer.gradient(gv, x)
''', False, "g (n,) times v[:, None] (n, 1) broadcasts to an n × n matrix, so the sum is sum(g)·sum(v), not g·v; "
            "keep v the shape of x.",
       ("broadcast|column|(n, 1)|shape",)),

    # ------------------------------------------------------------------ 08.implicit_scalar
    Answer("08.implicit_scalar", "reciprocal-and-reshape", r'''
@strict_custom_gradient
def fixed_point(x, w):
    z = iterate_fixed_point(x, w)
    def grad(upstream):
        t = tf.tanh(w * z)
        local = 1 - t * t                          # tanh' at w z
        # dz = local * (w dz + z dw) + dx  =>  dz = (dx + local z dw) / (1 - w local)
        carried = upstream * tf.math.reciprocal(1 - w * local)
        dw = tf.reshape(tf.reduce_sum(carried * local * z), tf.shape(w))
        return carried, dw
    return z, grad
''', True),
    Answer("08.implicit_scalar", "none-for-w", r'''
@strict_custom_gradient
def fixed_point(x, w):
    z = iterate_fixed_point(x, w)
    def grad(upstream):
        s = 1 - tf.tanh(w * z) ** 2
        # w is just the contraction factor, a setting: no gradient needed for it
        return upstream / (1 - w * s), None
    return z, grad
''', False, "w is a float input the loss depends on; returning None drops dL/dw = Σ g·s·z/(1 - w s).",
       ("none|missing",)),
    Answer("08.implicit_scalar", "x-in-place-of-z-for-w", r'''
@strict_custom_gradient
def fixed_point(x, w):
    z = iterate_fixed_point(x, w)
    def grad(upstream):
        s = 1 - tf.tanh(w * z) ** 2
        dx = upstream / (1 - w * s)
        dw = tf.reduce_sum(dx * s * x)
        return dx, dw
    return z, grad
''', False, "In d(tanh(w z))/dw the factor is z, the fixed point, not the input x; dL/dx is right.",
       ("z|fixed point",)),
    Answer("08.implicit_scalar", "cached-first-solve", r'''
_solved = {}

@strict_custom_gradient
def fixed_point(x, w):
    if "z" not in _solved:                     # the solve is slow: do it once
        _solved["z"] = iterate_fixed_point(x, w)
    z = _solved["z"]
    def grad(upstream):
        s = 1 - tf.tanh(w * z) ** 2
        dx = upstream / (1 - w * s)
        return dx, tf.reduce_sum(dx * s * z)
    return z, grad
''', False, "The fixed point is cached from the first call in a Python dict, so every later x and w get that first "
            "z back (and its shape); solve on every call.",
       ("cache|same|stale|first call|previous|every call",)),

    # ------------------------------------------------------------------ 08.block_size
    Answer("08.block_size", "search-the-divisors", r'''
layers = 36
divisors = [k for k in range(1, layers + 1) if layers % k == 0]
memory = {k: layers // k + k for k in divisors}
block_size = min(memory, key=memory.get)
''', True),
    Answer("08.block_size", "one-block", r'''
block_size = 36   # one block: only one recomputation, so the cheapest
''', False, "With one block of 36 layers the recomputed block holds all 36 activations plus its input: the most memory.",
       ("activations|inputs|memory",)),
    Answer("08.block_size", "one-layer-blocks", r'''
block_size = 1    # smallest blocks -> smallest thing to recompute
''', False, "Blocks of 1 layer keep all 36 block inputs, so the total is as large as with no blocks at all.",
       ("activations|inputs|memory",)),
    Answer("08.block_size", "minimum-memory-not-k", r'''
block_size = min(36 // k + k for k in (1, 2, 3, 4, 6, 9, 12, 18, 36))
''', False, "That is the smallest memory (in activations), not the block size k that achieves it.",
       ("memory|total|activations",)),

    # ------------------------------------------------------------------ 09.fix_linear
    Answer("09.fix_linear", "einsum-and-double-transpose", r'''
@tf.custom_gradient
def linear(x, W, b):
    def grad(U):
        dx = tf.matmul(U, W, transpose_b=True)
        dW = tf.transpose(tf.einsum("bj,bi->ji", U, x))      # (U^T x)^T = x^T U
        db = tf.einsum("bj->j", U)
        return dx, dW, db
    return x @ W + b, grad
''', True),
    Answer("09.fix_linear", "only-dW-fixed", r'''
@tf.custom_gradient
def linear(x, W, b):
    def grad(U):
        return U @ tf.transpose(W), tf.transpose(x) @ U, U
    return x @ W + b, grad
''', False, "The weight gradient is fixed, but b's gradient is still U, shape (batch, units): b is added to every "
            "row, so sum U over the batch.",
       ("bias|b's|for b|batch",)),
    Answer("09.fix_linear", "dW-and-dx-swapped", r'''
@tf.custom_gradient
def linear(x, W, b):
    def grad(U):
        dW = tf.transpose(x) @ U
        dx = U @ tf.transpose(W)
        db = tf.reduce_sum(U, axis=0)
        return dW, dx, db
    return x @ W + b, grad
''', False, "The gradients come back in the wrong order: grad must return them in the order of the inputs, (x, W, b).",
       ("order|swapped",)),
    Answer("09.fix_linear", "U-reshaped-to-width-2", r'''
@tf.custom_gradient
def linear(x, W, b):
    def grad(U):
        U = tf.reshape(U, (-1, 2))           # make sure U is batch x 2
        return U @ tf.transpose(W), tf.transpose(x) @ U, tf.reduce_sum(U, axis=0)
    return x @ W + b, grad
''', False, "U is reshaped to a hard-coded width of 2, which breaks any other layer width; use the shapes as they come.",
       ("width|shape|hard-coded|hardcoded|units",)),

    # ------------------------------------------------------------------ 09.spot_the_mistake
    Answer("09.spot_the_mistake", "split-string", r'''
answers = "keyword_call upstream_ignored float32_false_alarm wrong_shape none_gradient".split()
''', True),
    Answer("09.spot_the_mistake", "print-silent-means-none", r'''
answers = ["none_gradient", "upstream_ignored", "float32_false_alarm", "wrong_shape", "none_gradient"]
''', False, "Snippet 1 does return gradients; tf.print never prints because the keyword call skips grad altogether.",
       ("1|first",)),
    Answer("09.spot_the_mistake", "one-based-indexing", r'''
answers = [None] * 5
answers[1] = "keyword_call"
answers[2] = "upstream_ignored"
answers[3] = "float32_false_alarm"
answers[4] = "wrong_shape"
answers[5] = "none_gradient"
''', False, "Python lists count from 0: answers[5] is past the end of a 5-entry list (IndexError), and the names "
            "sit one place too late.",
       ("index|IndexError|range",)),
    Answer("09.spot_the_mistake", "scale-rows-as-variable", r'''
answers = ["keyword_call", "upstream_ignored", "float32_false_alarm", "variables_missing", "none_gradient"]
''', False, "Snippet 4: s is an input, not a variable read from outside; the (4, 4) result is a gradient of the wrong shape.",
       ("4|fourth",)),
]
