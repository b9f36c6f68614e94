"""Learner answers, set o: notebooks 05-09 (gradients by other methods inside grad, Python control
flow on tensors, dtype literals, debugging left in, axis slips, wrong containers, decorator order,
answers right only at special points)."""

from learner_answer_types import Answer

ANSWERS = [
    # ------------------------------------------------------------------ 05.sign_ste
    Answer("05.sign_ste", "where-abs-le-one", r'''
@tf.custom_gradient
def sign_ste(x):
    def grad(upstream):
        inside = tf.abs(x) <= 1
        return tf.where(inside, upstream, tf.zeros_like(upstream))
    return tf.sign(x), grad
''', True),
    Answer("05.sign_ste", "one-minus-sign-of-relu", r'''
@tf.custom_gradient
def sign_ste(x):
    def grad(upstream):
        # relu(|x| - 1) is 0 on [-1, 1] and positive outside, so 1 - sign(...) is the mask
        outside = tf.sign(tf.nn.relu(tf.abs(x) - 1))
        return upstream * (1 - outside)
    return tf.sign(x), grad
''', True),
    Answer("05.sign_ste", "python-if-on-tensor", r'''
@tf.custom_gradient
def sign_ste(x):
    def grad(upstream):
        if tf.abs(x) <= 1:
            return upstream
        else:
            return tf.zeros_like(upstream)
    return tf.sign(x), grad
''', False, "a Python `if` needs one boolean: on a vector (or inside tf.function) it fails; choose entry by entry with tf.where or a mask",
        ("python|tf.where|truth value|entry by entry|elementwise|mask",)),
    Answer("05.sign_ste", "strict-less-than", r'''
@tf.custom_gradient
def sign_ste(x):
    def grad(upstream):
        mask = tf.cast(tf.abs(x) < 1, upstream.dtype)
        return upstream * mask
    return tf.sign(x), grad
''', False, "at |x| = 1 exactly the prompt asks for the inside value (upstream), but `< 1` gives 0 there",
        ("inside|boundary|edge|= 1|±1|exactly",)),
    Answer("05.sign_ste", "mask-cast-to-int", r'''
@tf.custom_gradient
def sign_ste(x):
    def grad(upstream):
        mask = tf.cast(tf.abs(x) <= 1, tf.int32)   # 0 or 1
        return upstream * mask
    return tf.sign(x), grad
''', False, "the mask is int32 and upstream is float: multiplying them fails; cast the mask to upstream's dtype",
        ("int32|integer|dtype",)),
    Answer("05.sign_ste", "forgot-lower-bound", r'''
@tf.custom_gradient
def sign_ste(x):
    def grad(upstream):
        return upstream * tf.cast(x <= 1.0, x.dtype)
    return tf.sign(x), grad
''', False, "only the upper edge is tested: for x < -1 the hard tanh is flat too, so the gradient there must be 0",
        ("-1|negative|below",)),

    # ------------------------------------------------------------------ 05.clip_gradient
    Answer("05.clip_gradient", "min-of-max", r'''
@tf.custom_gradient
def clip_gradient(x):
    def grad(upstream):
        return tf.minimum(tf.maximum(upstream, -1.0), 1.0)
    return tf.identity(x), grad
''', True),
    Answer("05.clip_gradient", "divide-by-max-abs-one", r'''
@tf.custom_gradient
def clip_gradient(x):
    def grad(upstream):
        # |u| <= 1: divided by 1, unchanged; |u| > 1: u / |u| = sign(u)
        return upstream / tf.maximum(tf.abs(upstream), tf.ones_like(upstream))
    return tf.identity(x), grad
''', True),
    Answer("05.clip_gradient", "clip-by-norm", r'''
@tf.custom_gradient
def clip_gradient(x):
    def grad(upstream):
        return tf.clip_by_norm(upstream, 1.0)
    return tf.identity(x), grad
''', False, "tf.clip_by_norm rescales the whole tensor to norm 1; the exercise clips each entry to [-1, 1] on its own",
        ("entry|norm|element",)),
    Answer("05.clip_gradient", "python-max-min-builtins", r'''
@tf.custom_gradient
def clip_gradient(x):
    def grad(upstream):
        return max(-1.0, min(1.0, upstream))
    return tf.identity(x), grad
''', False, "Python's min/max compare whole tensors with one truth value; they fail on a matrix and in tf.function: use tf.clip_by_value",
        ("python|builtin|min|max|truth value",)),
    Answer("05.clip_gradient", "debug-print-numpy", r'''
@tf.custom_gradient
def clip_gradient(x):
    def grad(upstream):
        print("upstream before clipping:", upstream.numpy())
        return tf.clip_by_value(upstream, -1, 1)
    return tf.identity(x), grad
''', False, "the debugging print calls .numpy(), which a symbolic tensor inside tf.function does not have: remove it or use tf.print",
        ("numpy|print|tf.function|symbolic",)),
    Answer("05.clip_gradient", "decorated-twice", r'''
@tf.custom_gradient
@tf.custom_gradient
def clip_gradient(x):
    def grad(upstream):
        return tf.clip_by_value(upstream, -1.0, 1.0)
    return tf.identity(x), grad
''', False, "@tf.custom_gradient is applied twice: the outer one expects (y, grad) from a function that already returns only y",
        ("twice|decorat|custom_gradient",)),

    # ------------------------------------------------------------------ 06.scale_by_variable
    Answer("06.scale_by_variable", "tensordot-flattened", r'''
w = tf.Variable(2.0)

@tf.custom_gradient
def scale(x):
    def grad(upstream, variables=None):
        dx = upstream * w * w
        flat_u, flat_x = tf.reshape(upstream, [-1]), tf.reshape(x, [-1])
        dw = 2.0 * w * tf.tensordot(flat_u, flat_x, axes=1)
        return dx, [dw]
    return x * w ** 2, grad
''', True),
    Answer("06.scale_by_variable", "reads-variables-argument", r'''
w = tf.Variable(2.0)

@tf.custom_gradient
def scale(x):
    def grad(upstream, variables=None):
        (v,) = variables                     # the one variable TensorFlow saw: w
        return upstream * tf.square(v), [tf.reduce_sum(upstream * x * v * 2)]
    return x * w ** 2, grad
''', True),
    Answer("06.scale_by_variable", "dw-not-summed", r'''
w = tf.Variable(2.0)

@tf.custom_gradient
def scale(x):
    def grad(upstream, variables=None):
        return upstream * w ** 2, [2 * w * upstream * x]
    return x * w ** 2, grad
''', False, "w is one number used by every entry, so its gradient must be summed over the entries to a scalar",
        ("sum|scalar|shape",)),
    Answer("06.scale_by_variable", "returns-a-dict", r'''
w = tf.Variable(2.0)

@tf.custom_gradient
def scale(x):
    def grad(upstream, variables=None):
        return {"x": upstream * w ** 2, "w": 2 * w * tf.reduce_sum(upstream * x)}
    return x * w ** 2, grad
''', False, "grad must return a pair (input gradient, [one gradient per variable]), not a dict",
        ("pair|tuple|list|dict",)),
    Answer("06.scale_by_variable", "w-squared-right-only-at-2", r'''
w = tf.Variable(2.0)

@tf.custom_gradient
def scale(x):
    def grad(upstream, variables=None):
        dx = upstream * w ** 2
        dw = w ** 2 * tf.reduce_sum(upstream * x)   # d(w^2)/dw ... 4 at w = 2, checked
        return dx, [dw]
    return x * w ** 2, grad
''', False, "the derivative of w² is 2w, not w²: the two agree only at w = 2, the example's value",
        ("dw|dl/dw|for w|of w|variable",)),
    Answer("06.scale_by_variable", "inner-tape-without-watch", r'''
w = tf.Variable(2.0)

@tf.custom_gradient
def scale(x):
    def grad(upstream, variables=None):
        with tf.GradientTape() as tape:
            y = x * w ** 2
        dx, dw = tape.gradient(y, [x, w], output_gradients=upstream)
        return dx, [dw]
    return x * w ** 2, grad
''', False, "the inner tape never watches x (a constant), so its gradient for x is None; write dx = upstream * w**2 yourself",
        ("none|watch",)),

    # ------------------------------------------------------------------ 06.numpy_erf
    Answer("06.numpy_erf", "numpy-function-cast-constant", r'''
@tf.custom_gradient
def numpy_erf(x):
    y = tf.numpy_function(scipy.special.erf, [x], x.dtype)
    y.set_shape(x.shape)
    def grad(upstream):
        two_over_root_pi = tf.cast(2.0 / np.sqrt(np.pi), x.dtype)
        return upstream * two_over_root_pi * tf.exp(-tf.square(x))
    return y, grad
''', True),
    Answer("06.numpy_erf", "lambda-astype-python-float", r'''
@tf.custom_gradient
def numpy_erf(x):
    y = tf.numpy_function(lambda a: scipy.special.erf(a).astype(a.dtype), [x], x.dtype)
    y = tf.ensure_shape(y, x.shape)
    return y, lambda upstream: upstream * tf.exp(-x * x) * (2 / np.pi ** 0.5)
''', True),
    Answer("06.numpy_erf", "dot-numpy-in-forward", r'''
@tf.custom_gradient
def numpy_erf(x):
    y = tf.constant(scipy.special.erf(x.numpy()), dtype=x.dtype)
    def grad(upstream):
        return upstream * 2 / np.sqrt(np.pi) * tf.exp(-x ** 2)
    return y, grad
''', False, "x.numpy() works eagerly but not inside tf.function, where x is symbolic: call SciPy through tf.numpy_function",
        ("numpy_function|tf.function|symbolic",)),
    Answer("06.numpy_erf", "float64-constant-in-grad", r'''
@tf.custom_gradient
def numpy_erf(x):
    y = tf.numpy_function(scipy.special.erf, [x], x.dtype)
    y.set_shape(x.shape)
    def grad(upstream):
        c = tf.constant(2 / np.sqrt(np.pi), dtype=tf.float64)
        return upstream * c * tf.exp(-x ** 2)
    return y, grad
''', False, "the constant is float64, so float32 inputs fail in grad: make it in x's dtype (or use a Python float)",
        ("dtype|float32|float64",)),
    Answer("06.numpy_erf", "finite-difference-in-grad", r'''
@tf.custom_gradient
def numpy_erf(x):
    y = tf.numpy_function(scipy.special.erf, [x], x.dtype)
    y.set_shape(x.shape)
    def grad(upstream):
        h = 1e-2
        y_h = tf.numpy_function(scipy.special.erf, [x + h], x.dtype)
        return upstream * (y_h - y) / h          # slope from a forward difference
    return y, grad
''', False, "a one-sided finite difference with h = 0.01 is only an approximation of erf's derivative, off by about 1%: use the exact 2/√π·exp(−x²)",
        ("finite|approximat|exact",)),
    Answer("06.numpy_erf", "tf-erf-not-scipy", r'''
@tf.custom_gradient
def numpy_erf(x):
    y = tf.math.erf(x)
    def grad(upstream):
        return upstream * 2.0 / np.sqrt(np.pi) * tf.exp(-tf.square(x))
    return y, grad
''', False, "the forward must call SciPy's erf (through tf.numpy_function); this one uses tf.math.erf",
        ("scipy",)),

    # ------------------------------------------------------------------ 07.fused_second_derivative
    Answer("07.fused_second_derivative", "nested-first-derivative", r'''
@tf.custom_gradient
def tanh_op(x):
    y, slope = fused_tanh(x)
    def grad(dy):
        @tf.custom_gradient
        def first_derivative(x):
            return slope, lambda ddy: ddy * (-2.0) * y * slope
        return dy * first_derivative(x)
    return y, grad
''', True),
    Answer("07.fused_second_derivative", "module-level-slope-op", r'''
@tf.custom_gradient
def tanh_slope(x):
    t, s = fused_tanh(x)
    def second(ddy):
        return -2 * ddy * t * s          # d/dx (1 - tanh^2) = -2 tanh (1 - tanh^2)
    return s, second

@tf.custom_gradient
def tanh_op(x):
    y, _ = fused_tanh(x)
    return y, lambda dy: tanh_slope(x) * dy
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
''', False, "decorating grad makes grad_grad a gradient with respect to dy, not x: make the first derivative a custom-gradient function of x",
        ("dy|nest|decorat",)),
    Answer("07.fused_second_derivative", "second-derivative-sign-flipped", r'''
@tf.custom_gradient
def tanh_op(x):
    y, slope = fused_tanh(x)
    def grad(dy):
        @tf.custom_gradient
        def first_derivative(x):
            return slope, lambda ddy: ddy * 2 * y * slope
        return dy * first_derivative(x)
    return y, grad
''', False, "the second derivative has the wrong sign: d/dx(1 - tanh² x) is negative where tanh x > 0",
        ("sign|second",)),
    Answer("07.fused_second_derivative", "recomputes-with-tf-tanh", r'''
@tf.custom_gradient
def tanh_op(x):
    y, slope = fused_tanh(x)
    def grad(dy):
        return dy * (1 - tf.tanh(x) ** 2)     # the tape can differentiate this itself
    return y, grad
''', False, "recomputing the slope with tf.tanh lets the tape do the second derivative; use the slope fused_tanh returned and give it a custom gradient",
        ("fused|slope|tf.tanh",)),
    Answer("07.fused_second_derivative", "dy-inside-first-derivative", r'''
@tf.custom_gradient
def tanh_op(x):
    y, slope = fused_tanh(x)
    def grad(dy):
        @tf.custom_gradient
        def first_derivative(x):
            return dy * slope, lambda ddy: ddy * -2 * y * slope
        return first_derivative(x)
    return y, grad
''', False, "dy is multiplied inside first_derivative but left out of its gradient: the second derivative is right only when dy is 1",
        ("dy|upstream",)),

    # ------------------------------------------------------------------ 07.hvp
    Answer("07.hvp", "output-gradients-v", r'''
def hvp(f, x, v):
    with tf.GradientTape() as outer:
        outer.watch(x)
        with tf.GradientTape() as inner:
            inner.watch(x)
            y = f(x)
        g = inner.gradient(y, x)
    return outer.gradient(g, x, output_gradients=v)
''', True),
    Answer("07.hvp", "persistent-tape-dot-product", r'''
def hvp(f, x, v):
    x = tf.convert_to_tensor(x)
    with tf.GradientTape(persistent=True) as tape:
        tape.watch(x)
        y = f(x)
        g = tape.gradient(y, x)                  # recorded: the tape is still open
        g_dot_v = tf.tensordot(g, tf.stop_gradient(v), axes=1)
    result = tape.gradient(g_dot_v, x)
    del tape
    return result
''', True),
    Answer("07.hvp", "full-jacobian-then-matvec", r'''
def hvp(f, x, v):
    with tf.GradientTape() as outer:
        outer.watch(x)
        with tf.GradientTape() as inner:
            inner.watch(x)
            y = f(x)
        g = inner.gradient(y, x)
    H = outer.jacobian(g, x)          # n x n
    return tf.linalg.matvec(H, v)
''', False, "this builds the whole n×n Hessian with jacobian and then multiplies: the exercise asks for Hv without building H (differentiate g·v)",
        ("jacobian|build|full|n×n|matrix",)),
    Answer("07.hvp", "diagonal-times-v", r'''
def hvp(f, x, v):
    with tf.GradientTape() as outer:
        outer.watch(x)
        with tf.GradientTape() as inner:
            inner.watch(x)
            y = f(x)
        g = inner.gradient(y, x)
    return outer.gradient(g, x) * v
''', False, "gradient(g, x) is H·1 (row sums), and times v entry by entry is Hv only for a diagonal Hessian",
        ("diagonal",)),
    Answer("07.hvp", "gradient-outside-recording", r'''
def hvp(f, x, v):
    with tf.GradientTape(persistent=True) as tape:
        tape.watch(x)
        y = f(x)
    g = tape.gradient(y, x)
    return tape.gradient(g, x, output_gradients=v)
''', False, "the first gradient is computed after the tape stopped recording, so the second gradient finds no path (None)",
        ("record|inside|none",)),
    Answer("07.hvp", "returns-hv-and-gradient", r'''
def hvp(f, x, v):
    with tf.GradientTape() as outer:
        outer.watch(x)
        with tf.GradientTape() as inner:
            inner.watch(x)
            y = f(x)
        g = inner.gradient(y, x)
    Hv = outer.gradient(g, x, output_gradients=v)
    return Hv, g          # gradient too, handy for Newton steps
''', False, "hvp must return the one tensor Hv, not a tuple (Hv, g)",
        ("tuple|one tensor|single|two",)),

    # ------------------------------------------------------------------ 08.implicit_scalar
    Answer("08.implicit_scalar", "three-steps-direct", r'''
@strict_custom_gradient
def fixed_point(x, w):
    z = iterate_fixed_point(x, w)
    def grad(upstream):
        s = 1 - tf.tanh(w * z) ** 2
        denom = 1 - w * s
        dx = upstream / denom
        dw = tf.reduce_sum(upstream * s * z / denom)
        return dx, dw
    return z, grad
''', True),
    Answer("08.implicit_scalar", "tanh-from-z-minus-x", r'''
@strict_custom_gradient
def fixed_point(x, w):
    z = iterate_fixed_point(x, w)
    def grad(upstream):
        # at the fixed point tanh(w z) = z - x, so tanh' = 1 - (z - x)^2
        slope = 1 - tf.square(z - x)
        dx = upstream * tf.math.reciprocal(1 - w * slope)
        return dx, tf.reduce_sum(dx * slope * z)
    return z, grad
''', True),
    Answer("08.implicit_scalar", "dw-not-summed", r'''
@strict_custom_gradient
def fixed_point(x, w):
    z = iterate_fixed_point(x, w)
    def grad(upstream):
        s = 1 - tf.tanh(w * z) ** 2
        dx = upstream / (1 - w * s)
        dw = upstream * s * z / (1 - w * s)
        return dx, dw
    return z, grad
''', False, "w is one number: its gradient must be summed over all entries to a scalar, like w itself",
        ("sum|scalar|shape",)),
    Answer("08.implicit_scalar", "tape-on-one-step", r'''
@strict_custom_gradient
def fixed_point(x, w):
    z = iterate_fixed_point(x, w)
    def grad(upstream):
        with tf.GradientTape() as tape:
            tape.watch([x, w])
            step = tf.tanh(w * z) + x          # one step of the map, z held fixed
        dx, dw = tape.gradient(step, [x, w], output_gradients=upstream)
        return dx, dw
    return z, grad
''', False, "the tape differentiates one step with z held constant; z depends on x and w too, which gives the factor 1/(1 - w(1 - tanh²)) of the implicit gradient",
        ("depend|constant|implicit|denominator|factor",)),
    Answer("08.implicit_scalar", "x-instead-of-z-in-dw", r'''
@strict_custom_gradient
def fixed_point(x, w):
    z = iterate_fixed_point(x, w)
    def grad(upstream):
        s = 1 - tf.tanh(w * z) ** 2
        dx = upstream / (1 - w * s)
        dw = tf.reduce_sum(upstream * s * x / (1 - w * s))
        return dx, dw
    return z, grad
''', False, "dL/dw needs the fixed point z (from differentiating tanh(w z)), not x; they agree only at w = 0",
        ("dw|dl/dw|for w|of w",)),
    Answer("08.implicit_scalar", "strict-above-tf-function", r'''
@strict_custom_gradient
@tf.function
def fixed_point(x, w):
    z = iterate_fixed_point(x, w)
    def grad(upstream):
        s = 1 - tf.tanh(w * z) ** 2
        dx = upstream / (1 - w * s)
        return dx, tf.reduce_sum(dx * s * z)
    return z, grad
''', False, "a tf.function cannot return the Python function grad: put @tf.function outside, on a function that calls fixed_point",
        ("tf.function",)),

    # ------------------------------------------------------------------ 08.block_size
    Answer("08.block_size", "six", r'''
block_size = 6   # 36/6 + 6 = 12 tensors
''', True),
    Answer("08.block_size", "min-over-divisors", r'''
divisors = [k for k in range(1, 37) if 36 % k == 0]
block_size = min(divisors, key=lambda k: 36 // k + k)
''', True),
    Answer("08.block_size", "one-big-block", r'''
block_size = 36   # one block: fewest block inputs to keep
''', False, "one block of 36 keeps only 1 input but recomputes all 36 activations at once: 37 in total",
        ("activation|37",)),
    Answer("08.block_size", "one-layer-blocks", r'''
block_size = 1
''', False, "blocks of one layer keep all 36 block inputs: 36 + 1 = 37, no saving",
        ("input|37",)),
    Answer("08.block_size", "nine", r'''
block_size = 9   # 36 / 9 = 4 blocks
''', False, "k = 9 holds 4 block inputs + 9 activations = 13; balancing the two terms does better",
        ("13|balanc",)),
    Answer("08.block_size", "trailing-comma-tuple", r'''
block_size = 6,
''', False, "the trailing comma makes block_size the tuple (6,), not a number",
        ("tuple|comma",)),

    # ------------------------------------------------------------------ 09.fix_linear
    Answer("09.fix_linear", "matmul-transpose-flags", r'''
@tf.custom_gradient
def linear(x, W, b):
    def grad(U):
        dx = tf.matmul(U, W, transpose_b=True)
        dW = tf.matmul(x, U, transpose_a=True)
        db = tf.reduce_sum(U, axis=0)
        return dx, dW, db
    return x @ W + b, grad
''', True),
    Answer("09.fix_linear", "einsum", r'''
@tf.custom_gradient
def linear(x, W, b):
    def grad(U):
        return (tf.einsum("bj,ij->bi", U, W),
                tf.einsum("bi,bj->ij", x, U),
                tf.einsum("bj->j", U))
    return tf.einsum("bi,ij->bj", x, W) + b, grad
''', True),
    Answer("09.fix_linear", "fixed-only-dW", r'''
@tf.custom_gradient
def linear(x, W, b):
    def grad(U):
        return U @ tf.transpose(W), tf.transpose(x) @ U, U
    return x @ W + b, grad
''', False, "b's gradient still has the batch axis: b is added to every row, so sum U over the batch",
        ("bias|b's|sum|batch",)),
    Answer("09.fix_linear", "bias-sum-wrong-axis", r'''
@tf.custom_gradient
def linear(x, W, b):
    def grad(U):
        return U @ tf.transpose(W), tf.transpose(x) @ U, tf.reduce_sum(U, axis=1)
    return x @ W + b, grad
''', False, "the bias gradient sums over the wrong axis: sum over the batch (axis 0) to get b's shape",
        ("axis|batch",)),
    Answer("09.fix_linear", "bias-sum-keepdims", r'''
@tf.custom_gradient
def linear(x, W, b):
    def grad(U):
        db = tf.reduce_sum(U, axis=0, keepdims=True)
        return U @ tf.transpose(W), tf.transpose(x) @ U, db
    return x @ W + b, grad
''', False, "keepdims=True gives b's gradient shape (1, 2) for a b of shape (2,)",
        ("shape|keepdims",)),
    Answer("09.fix_linear", "fixed-only-db", r'''
@tf.custom_gradient
def linear(x, W, b):
    def grad(U):
        return U @ tf.transpose(W), tf.transpose(U) @ x, tf.reduce_sum(U, axis=0)
    return x @ W + b, grad
''', False, "W's gradient is transposed: Uᵀx has shape (2, 3) for a W of shape (3, 2); it is xᵀU",
        ("transpose|transposed|shape",)),

    # ------------------------------------------------------------------ 09.spot_the_mistake
    Answer("09.spot_the_mistake", "plain-list", r'''
answers = ["keyword_call", "upstream_ignored", "float32_false_alarm", "wrong_shape", "none_gradient"]
''', True),
    Answer("09.spot_the_mistake", "split-string", r'''
answers = """
keyword_call
upstream_ignored
float32_false_alarm
wrong_shape
none_gradient
""".split()
''', True),
    Answer("09.spot_the_mistake", "first-is-none-gradient", r'''
answers = ["none_gradient", "upstream_ignored", "float32_false_alarm", "wrong_shape", "none_gradient"]
''', False, "snippet 1 gets gradients, not None: the tf.print never runs because the keyword call skipped the custom gradient",
        ("1|first|smooth_step",)),
    Answer("09.spot_the_mistake", "second-is-float32", r'''
answers = ["keyword_call", "float32_false_alarm", "float32_false_alarm", "wrong_shape", "none_gradient"]
''', False, "snippet 2 is not rounding: 0.88 is cos(0.5), upstream 2 sin(0.5) was dropped",
        ("2|second|my_sin",)),
    Answer("09.spot_the_mistake", "dict-by-number", r'''
answers = {1: "keyword_call", 2: "upstream_ignored", 3: "float32_false_alarm",
           4: "wrong_shape", 5: "none_gradient"}
''', False, "answers should be a list of five strings in order, not a dict",
        ("list",)),
    Answer("09.spot_the_mistake", "typo-in-name", r'''
answers = ["keyword_call", "upstream_ignore", "float32_false_alarm", "wrong_shape", "none_gradient"]
''', False, "'upstream_ignore' is not one of the names to choose from (a letter is missing)",
        ("upstream_ignore",)),
]
