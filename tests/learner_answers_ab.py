"""Learner answers, set ab: closures and scoping slips, Python built-ins on tensors, hard-coded shapes,
grad signatures with extra or missing parameters, feedback taken too literally, vectorise-everything style."""

from learner_answer_types import Answer

ANSWERS = [
    # ------------------------------------------------------------------ 05.sign_ste
    Answer("05.sign_ste", "relu-sign-mask", r'''
@tf.custom_gradient
def sign_ste(x):
    def grad(upstream):
        # relu(|x| - 1) is 0 on [-1, 1] (edges included) and positive outside;
        # its sign is then 0 inside and 1 outside, so 1 - sign(...) is the hard tanh's slope
        outside = tf.sign(tf.nn.relu(tf.abs(x) - 1))
        return upstream * (1 - outside)
    return tf.sign(x), grad
''', True),
    Answer("05.sign_ste", "chained-python-comparison", r'''
@tf.custom_gradient
def sign_ste(x):
    def grad(upstream):
        inside = -1.0 <= x <= 1.0          # reads like the maths: -1 <= x <= 1
        return upstream * tf.cast(inside, upstream.dtype)
    return tf.sign(x), grad
''', False, "`-1 <= x <= 1` is a chained Python comparison: it asks for the truth value of a tensor, which fails "
        "for a vector and inside tf.function; combine the two comparisons with tf.logical_and (or &).",
        ("chain|logical_and|&|truth|bool",)),
    Answer("05.sign_ste", "map-fn-with-python-if", r'''
@tf.custom_gradient
def sign_ste(x):
    def grad(upstream):
        def slope(t):
            if abs(t) <= 1:            # one entry at a time, so a Python if should be fine
                return tf.ones_like(t)
            return tf.zeros_like(t)
        return upstream * tf.map_fn(slope, x)
    return tf.sign(x), grad
''', False, "tf.map_fn maps over the first axis only (rows of a matrix), and the Python `if` on a tensor fails "
        "for a row and inside tf.function: choose entry by entry with tf.where or a cast mask.",
        ("if|where|mask",)),
    Answer("05.sign_ste", "upstream-multiplied-twice", r'''
@tf.custom_gradient
def sign_ste(x):
    def grad(upstream):
        # the feedback said: multiply by upstream. So: upstream times (upstream times the slope)
        slope = upstream * tf.cast(tf.abs(x) <= 1, x.dtype)
        return upstream * slope
    return tf.sign(x), grad
''', False, "Upstream is multiplied in twice: the gradient is upstream times the slope, once.",
        ("upstream",)),

    # ------------------------------------------------------------------ 05.clip_gradient
    Answer("05.clip_gradient", "sign-times-capped-magnitude", r'''
@tf.custom_gradient
def clip_gradient(x):
    def grad(upstream):
        # keep the direction of each entry, cap its size at 1 (also fine for inf)
        return tf.sign(upstream) * tf.minimum(tf.abs(upstream), 1)
    return tf.identity(x), grad
''', True),
    Answer("05.clip_gradient", "clip-by-norm", r'''
@tf.custom_gradient
def clip_gradient(x):
    def grad(upstream):
        return tf.clip_by_norm(upstream, 1.0)
    return tf.identity(x), grad
''', False, "tf.clip_by_norm rescales the whole tensor to norm 1; the exercise clips each entry to [-1, 1] "
        "separately (tf.clip_by_value).",
        ("norm",)),
    Answer("05.clip_gradient", "python-min-max", r'''
@tf.custom_gradient
def clip_gradient(x):
    def grad(upstream):
        return max(-1.0, min(1.0, upstream))
    return tf.identity(x), grad
''', False, "Python's built-in min and max compare the whole tensor with a number, which needs its truth value "
        "and fails for a matrix or inside tf.function: use tf.minimum/tf.maximum or tf.clip_by_value.",
        ("min|max|built-in",)),
    Answer("05.clip_gradient", "limit-as-default-argument", r'''
@tf.custom_gradient
def clip_gradient(x):
    def grad(upstream, limit=tf.constant(1.0)):
        return tf.clip_by_value(upstream, -limit, limit)
    return tf.identity(x), grad
''', False, "The default limit is a float32 constant, so clipping a float64 gradient fails with a dtype "
        "mismatch: use plain Python numbers or cast the limit to upstream's dtype.",
        ("float64|dtype|float32",)),

    # ------------------------------------------------------------------ 06.scale_by_variable
    Answer("06.scale_by_variable", "flattened-tensordot", r'''
w = tf.Variable(2.0)

@tf.custom_gradient
def scale(x):
    def grad(upstream, variables=None):
        dx = upstream * tf.square(w)
        flat_u, flat_x = tf.reshape(upstream, [-1]), tf.reshape(x, [-1])
        dw = 2 * w * tf.tensordot(flat_u, flat_x, axes=1)   # one number: sum over every entry
        return dx, [dw]
    return x * w ** 2, grad
''', True),
    Answer("06.scale_by_variable", "forward-rebinds-x", r'''
w = tf.Variable(2.0)

@tf.custom_gradient
def scale(x):
    def grad(upstream, variables=None):
        return upstream * w ** 2, [tf.reduce_sum(upstream * 2 * w * x)]
    x = x * w ** 2          # compute the output
    return x, grad
''', False, "The forward rebinds x to the output before grad runs, so grad's x is x·w², not the input: "
        "dL/dw comes out w² times too large. Give the output its own name.",
        ("rebind|rebound|reassign|overwr|output",)),
    Answer("06.scale_by_variable", "variable-grad-not-in-list", r'''
w = tf.Variable(2.0)

@tf.custom_gradient
def scale(x):
    def grad(upstream, variables=None):
        dx = upstream * w ** 2
        dw = tf.reduce_sum(upstream * x) * 2 * w
        return dx, dw
    return x * w ** 2, grad
''', False, "The variables' gradients must come back as a list, one per variable: return dx, [dw].",
        ("list",)),
    Answer("06.scale_by_variable", "einsum-ellipsis-to-scalar", r'''
w = tf.Variable(2.0)

@tf.custom_gradient
def scale(x):
    def grad(upstream, variables=None):
        dw = 2 * w * tf.einsum("...,...->", upstream, x)     # contract everything to one number
        return upstream * w ** 2, [dw]
    return x * w ** 2, grad
''', False, "tf.einsum does not sum over the dimensions covered by '...' when the output drops them: it raises "
        "for any non-scalar x. Sum explicitly (tf.reduce_sum(upstream * x)).",
        ("einsum|ellipsis|...",)),

    # ------------------------------------------------------------------ 06.numpy_erf
    Answer("06.numpy_erf", "lambda-astype-and-rsqrt", r'''
@tf.custom_gradient
def numpy_erf(x):
    y = tf.numpy_function(lambda a: scipy.special.erf(a).astype(a.dtype), [x], x.dtype)
    y.set_shape(x.shape)
    def grad(upstream):
        # d/dx of 2/sqrt(pi) * integral_0^x exp(-t^2) dt is the integrand at t = x
        two_over_root_pi = 2 * tf.math.rsqrt(tf.constant(np.pi, x.dtype))
        return upstream * two_over_root_pi * tf.exp(-x * x)
    return y, grad
''', True),
    Answer("06.numpy_erf", "set-shape-hard-coded", r'''
@tf.custom_gradient
def numpy_erf(x):
    y = tf.numpy_function(scipy.special.erf, [x], x.dtype)
    y.set_shape((3,))                      # my test vector had three entries
    def grad(upstream):
        return upstream * 2 / np.sqrt(np.pi) * tf.exp(-tf.square(x))
    return y, grad
''', False, "set_shape((3,)) hard-codes the example's shape: any other input shape fails. Use set_shape(x.shape).",
        ("shape",)),
    Answer("06.numpy_erf", "integrand-without-constant", r'''
@tf.custom_gradient
def numpy_erf(x):
    y = tf.numpy_function(scipy.special.erf, [x], x.dtype)
    y.set_shape(x.shape)
    def grad(upstream):
        # fundamental theorem of calculus: derivative of the integral is the integrand
        return upstream * tf.exp(-tf.square(x))
    return y, grad
''', False, "The derivative of the integral is the integrand, but erf has the factor 2/√π in front, which "
        "the gradient drops.",
        ("factor|constant|√π|sqrt|pi",)),
    Answer("06.numpy_erf", "tout-float32", r'''
@tf.custom_gradient
def numpy_erf(x):
    y = tf.numpy_function(scipy.special.erf, [x], tf.float32)
    y.set_shape(x.shape)
    def grad(upstream):
        return upstream * 2 / np.sqrt(np.pi) * tf.exp(-x ** 2)
    return y, grad
''', False, "tf.numpy_function is told the result is float32, so float64 input (SciPy returns float64) fails: "
        "pass x.dtype as the output type.",
        ("float64|dtype",)),

    # ------------------------------------------------------------------ 07.fused_second_derivative
    Answer("07.fused_second_derivative", "slope-op-defined-before-grad", r'''
@tf.custom_gradient
def tanh_op(x):
    y, slope = fused_tanh(x)

    @tf.custom_gradient
    def slope_of(x_again):
        # d/dx (1 - tanh²x) = -2 tanh x (1 - tanh²x), from the fused values
        curvature = -2.0 * y * slope
        return slope, lambda ddy: ddy * curvature

    def grad(dy):
        return dy * slope_of(x)
    return y, grad
''', True),
    Answer("07.fused_second_derivative", "naive-nesting-on-grad", r'''
@tf.custom_gradient
def tanh_op(x):
    y, slope = fused_tanh(x)
    @tf.custom_gradient
    def grad(dy):
        def grad_grad(ddy):
            return ddy * -2 * y * slope
        return dy * slope, grad_grad
    return y, grad
''', False, "Decorating grad makes grad_grad a gradient with respect to dy, not x: the second derivative is None "
        "or wrong. Make the first derivative a custom-gradient function of x and multiply by dy outside it.",
        ("dy|nest",)),
    Answer("07.fused_second_derivative", "second-derivative-sign-flipped", r'''
@tf.custom_gradient
def tanh_op(x):
    y, slope = fused_tanh(x)
    def grad(dy):
        @tf.custom_gradient
        def first_derivative(x):
            def second_derivative(ddy):
                return ddy * 2 * y * slope       # chain rule on tanh²
            return slope, second_derivative
        return dy * first_derivative(x)
    return y, grad
''', False, "The second derivative has the wrong sign: 1 - tanh²x decreases where tanh x > 0, so d/dx(1 - tanh²x) "
        "is minus what is returned.",
        ("sign|minus|negative",)),
    Answer("07.fused_second_derivative", "inner-op-called-on-dy", r'''
@tf.custom_gradient
def tanh_op(x):
    y, slope = fused_tanh(x)
    def grad(dy):
        @tf.custom_gradient
        def first_derivative(u):
            def second_derivative(ddy):
                return ddy * -2 * y * slope
            return u * slope, second_derivative
        return first_derivative(dy)           # multiply by dy inside the nested op
    return y, grad
''', False, "The nested custom-gradient function takes dy as its input, so its gradient goes to dy, not to x: "
        "the second derivative is None for L = y. Pass x to it and multiply by dy outside.",
        ("dy",)),

    # ------------------------------------------------------------------ 07.hvp
    Answer("07.hvp", "output-gradients-v", r'''
def hvp(f, x, v):
    with tf.GradientTape() as outer:
        outer.watch(x)
        with tf.GradientTape() as inner:
            inner.watch(x)
            y = f(x)
        g = inner.gradient(y, x)
    # seeding the second backward pass with v gives (dg/dx)^T v = H^T v = H v
    return outer.gradient(g, x, output_gradients=v)
''', True),
    Answer("07.hvp", "hessian-diagonal-times-v", r'''
def hvp(f, x, v):
    with tf.GradientTape() as outer:
        outer.watch(x)
        with tf.GradientTape() as inner:
            inner.watch(x)
            y = f(x)
        g = inner.gradient(y, x)
    second = outer.gradient(g, x)       # second derivatives
    return second * v
''', False, "outer.gradient(g, x) differentiates the sum of g's entries (the Hessian's row sums), and multiplying by "
        "v entry by entry is only right for a diagonal Hessian: differentiate g·v instead.",
        ("diagonal|row sum|sum of",)),
    Answer("07.hvp", "dot-product-after-the-tape", r'''
def hvp(f, x, v):
    with tf.GradientTape() as outer:
        outer.watch(x)
        with tf.GradientTape() as inner:
            inner.watch(x)
            y = f(x)
    g = inner.gradient(y, x)
    gv = tf.reduce_sum(g * v)
    return outer.gradient(gv, x)
''', False, "The first gradient and g·v are computed after the outer tape has stopped recording, so the outer tape "
        "has no path to x and returns None: compute them inside the outer tape's block.",
        ("tape|record|None",)),
    Answer("07.hvp", "tensordot-axes-zero", r'''
def hvp(f, x, v):
    with tf.GradientTape() as outer:
        outer.watch(x)
        with tf.GradientTape() as inner:
            inner.watch(x)
            y = f(x)
        g = inner.gradient(y, x)
        gv = tf.tensordot(g, v, axes=0)      # g · v
    return outer.gradient(gv, x)
''', False, "tf.tensordot with axes=0 is the outer product g vᵀ, not the dot product g·v (axes=1): its gradient "
        "is H times the sum of v's entries, not H v.",
        ("outer product|axes|dot",)),

    # ------------------------------------------------------------------ 08.implicit_scalar
    Answer("08.implicit_scalar", "reciprocal-and-flat-dot", r'''
@strict_custom_gradient
def fixed_point(x, w):
    z = iterate_fixed_point(x, w)
    def grad(upstream):
        # z = tanh(w z) + x  =>  dz = s (w dz + z dw) + dx,  s = 1 - tanh²(w z)
        s = 1 - tf.square(tf.tanh(w * z))
        through = upstream * tf.math.reciprocal(1 - w * s)     # upstream carried back through all iterations
        dw = tf.tensordot(tf.reshape(through * s, [-1]), tf.reshape(z, [-1]), axes=1)
        return through, dw
    return z, grad
''', True),
    Answer("08.implicit_scalar", "one-iteration-no-denominator", r'''
@strict_custom_gradient
def fixed_point(x, w):
    z = iterate_fixed_point(x, w)
    def grad(upstream):
        s = 1 - tf.tanh(w * z) ** 2
        dx = upstream                        # z = tanh(wz) + x: dz/dx = 1
        dw = tf.reduce_sum(upstream * s * z)
        return dx, dw
    return z, grad
''', False, "This differentiates one step with z held fixed; z itself depends on x and w, so after solving the "
        "differentiated equation both gradients are divided by 1 - w(1 - tanh²(wz)).",
        ("denominator|divide|solve|depends",)),
    Answer("08.implicit_scalar", "grad-takes-dz-and-dw", r'''
@strict_custom_gradient
def fixed_point(x, w):
    z = iterate_fixed_point(x, w)
    def grad(dz, dw):
        s = 1 - tf.tanh(w * z) ** 2
        scale = 1 / (1 - w * s)
        return dz * scale, tf.reduce_sum(dz * s * z * scale)
    return z, grad
''', False, "grad receives one upstream per output, and fixed_point has one output, z: grad takes a single "
        "argument (upstream), not one per input.",
        ("argument|parameter|one upstream",)),
    Answer("08.implicit_scalar", "summed-every-gradient", r'''
@strict_custom_gradient
def fixed_point(x, w):
    z = iterate_fixed_point(x, w)
    def grad(upstream):
        s = 1 - tf.tanh(w * z) ** 2
        scale = 1 / (1 - w * s)
        # the feedback said to sum over the batch: sum both gradients
        dx = tf.reduce_sum(upstream * scale)
        dw = tf.reduce_sum(upstream * s * z * scale)
        return dx, dw
    return z, grad
''', False, "Only the gradient of the single number w is summed; dL/dx must keep x's shape, one entry per entry of x.",
        ("shape",)),

    # ------------------------------------------------------------------ 08.block_size
    Answer("08.block_size", "min-over-divisors", r'''
divisors = [k for k in range(1, 37) if 36 % k == 0]
block_size = min(divisors, key=lambda k: 36 // k + k)     # block inputs + one block's activations
''', True),
    Answer("08.block_size", "late-binding-lambdas", r'''
divisors = [k for k in range(1, 37) if 36 % k == 0]
memory = [lambda: 36 // k + k for k in divisors]           # memory of each choice
costs = [m() for m in memory]
block_size = divisors[costs.index(min(costs))]
''', False, "Every lambda reads k when it is called, after the loop has finished, so all costs are those of k = 36 "
        "and the first divisor, 1, wins: with k = 1 all 36 block inputs are kept.",
        ("input|late|loop",)),
    Answer("08.block_size", "only-block-inputs", r'''
# fewer blocks = fewer stored inputs, so make one block of everything
block_size = 36
''', False, "With one block of 36 layers only one input is stored, but recomputing that block holds all 36 "
        "activations at once: count both terms.",
        ("activation|recomput",)),
    Answer("08.block_size", "precedence-slip-in-sqrt", r'''
block_size = int(36 ** 1/2)      # square root: the two terms 36/k and k balance at k = sqrt(36)
''', False, "36 ** 1/2 is (36 ** 1) / 2 = 18, not the square root (36 ** 0.5): k = 18 keeps 2 inputs but 18 "
        "activations.",
        ("18|precedence|activation",)),

    # ------------------------------------------------------------------ 09.spot_the_mistake
    Answer("09.spot_the_mistake", "split-string", r'''
answers = "keyword_call upstream_ignored float32_false_alarm wrong_shape none_gradient".split()
''', True),
    Answer("09.spot_the_mistake", "silent-print-as-variables", r'''
answers = ["variables_missing", "upstream_ignored", "float32_false_alarm", "wrong_shape", "none_gradient"]
''', False, "Snippet 1: the call smooth_step(x=h) passes its input by keyword, so eagerly the custom gradient is "
        "skipped (hence no tf.print); no variable is involved.",
        ("keyword|1|first",)),
    Answer("09.spot_the_mistake", "small-difference-as-false-alarm", r'''
answers = ["keyword_call", "float32_false_alarm", "float32_false_alarm", "wrong_shape", "none_gradient"]
''', False, "Snippet 2: 0.88 is cos(0.5), the local derivative alone; the upstream 2·sin(0.5) was dropped. That is "
        "not rounding noise.",
        ("upstream|2|second",)),
    Answer("09.spot_the_mistake", "only-four-names", r'''
answers = ["keyword_call", "upstream_ignored", "float32_false_alarm", "none_gradient"]
''', False, "Five snippets need five names; snippet 4 (the (4, 4) update) is missing, so the rest are shifted.",
        ("five|5|4|fourth",)),

    # ------------------------------------------------------------------ 09.fix_linear
    Answer("09.fix_linear", "einsum-everything", r'''
@tf.custom_gradient
def linear(x, W, b):
    def grad(U):
        dx = tf.einsum("bo,io->bi", U, W)       # U Wᵀ
        dW = tf.einsum("bi,bo->io", x, U)       # xᵀ U
        db = tf.einsum("bo->o", U)              # sum over the batch
        return dx, dW, db
    return x @ W + b, grad
''', True),
    Answer("09.fix_linear", "only-dW-fixed", r'''
@tf.custom_gradient
def linear(x, W, b):
    def grad(U):
        return U @ tf.transpose(W), tf.transpose(x) @ U, U
    return x @ W + b, grad
''', False, "dW is fixed, but the bias gradient is still U, of shape (batch, 2): b is added to every row, so sum "
        "U over the batch axis.",
        ("bias|for b|b's|db|of b",)),
    Answer("09.fix_linear", "bias-summed-over-everything", r'''
@tf.custom_gradient
def linear(x, W, b):
    def grad(U):
        return U @ tf.transpose(W), tf.transpose(x) @ U, tf.reduce_sum(U)
    return x @ W + b, grad
''', False, "The bias gradient is summed over every axis, giving one number; sum over the batch axis only "
        "(axis=0), so that it keeps b's shape.",
        ("axis|shape",)),
    Answer("09.fix_linear", "width-hard-coded", r'''
@tf.custom_gradient
def linear(x, W, b):
    def grad(U):
        db = tf.reshape(tf.reduce_sum(U, axis=0), (2,))
        dW = tf.reshape(tf.transpose(x) @ U, (3, 2))
        return U @ tf.transpose(W), dW, db
    return x @ W + b, grad
''', False, "The reshapes hard-code the example's sizes (3 inputs, 2 outputs), so another layer width fails; "
        "the gradients already have the right shapes without them.",
        ("hard-cod|width|size|reshape",)),
]
