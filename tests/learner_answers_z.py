"""Learner answers, set z: dtype and scalar slips, shape slips, NumPy grads, mixed-up cells, fragile formulas."""

from learner_answer_types import Answer

ANSWERS = [
    # ------------------------------------------------------------------ 05.sign_ste
    Answer("05.sign_ste", "slope-of-clip-by-nested-tape", r'''
@tf.custom_gradient
def sign_ste(x):
    def grad(upstream):
        # let TensorFlow tell me the hard tanh's slope: differentiate clip(x, -1, 1) itself
        with tf.GradientTape() as t:
            t.watch(x)
            hard_tanh = tf.clip_by_value(x, -1.0, 1.0)
        slope = t.gradient(hard_tanh, x)      # 1 inside [-1, 1] (edges included), 0 outside
        return upstream * slope
    return tf.sign(x), grad
''', True),
    Answer("05.sign_ste", "strict-inequality-at-one", r'''
@tf.custom_gradient
def sign_ste(x):
    def grad(upstream):
        inside = tf.cast(tf.abs(x) < 1, upstream.dtype)
        return upstream * inside
    return tf.sign(x), grad
''', False, "At |x| = 1 exactly the slope must be taken from the inside (1), but `tf.abs(x) < 1` gives 0 there: use <=.",
        ("= 1|boundary|edge|inside|±1|<=",)),
    Answer("05.sign_ste", "mask-cast-to-float32", r'''
@tf.custom_gradient
def sign_ste(x):
    def grad(upstream):
        mask = tf.cast(tf.abs(x) <= 1.0, tf.float32)
        return upstream * mask
    return tf.sign(x), grad
''', False, "The mask is cast to float32 whatever the input's dtype, so a float64 input fails: cast to x.dtype.",
        ("float64|dtype",)),
    Answer("05.sign_ste", "sigmoid-slope-copied-from-notebook", r'''
@tf.custom_gradient
def sign_ste(x):
    def grad(upstream):
        s = tf.sigmoid(x)
        return upstream * s * (1 - s)
    return tf.sign(x), grad
''', False, "This is the sigmoid surrogate from earlier in the notebook; the exercise wants the hard tanh's slope (1 for |x| <= 1, else 0).",
        ("sigmoid",)),

    # ------------------------------------------------------------------ 05.clip_gradient
    Answer("05.clip_gradient", "where-sign-else-upstream", r'''
@tf.custom_gradient
def clip_gradient(x):
    def grad(upstream):
        too_big = tf.abs(upstream) > 1
        return tf.where(too_big, tf.sign(upstream), upstream)   # ±1 where it sticks out
    return tf.identity(x), grad
''', True),
    Answer("05.clip_gradient", "clip-by-norm", r'''
@tf.custom_gradient
def clip_gradient(x):
    def grad(upstream):
        return tf.clip_by_norm(upstream, 1.0)
    return tf.identity(x), grad
''', False, "tf.clip_by_norm rescales the whole tensor to norm 1; the exercise clips each entry to [-1, 1] (tf.clip_by_value).",
        ("norm",)),
    Answer("05.clip_gradient", "numpy-clip-in-grad", r'''
@tf.custom_gradient
def clip_gradient(x):
    def grad(upstream):
        return np.clip(upstream.numpy(), -1, 1)
    return tf.identity(x), grad
''', False, "upstream.numpy() and np.clip work eagerly only; inside tf.function upstream is symbolic. Use tf.clip_by_value.",
        ("numpy|tf.function",)),
    Answer("05.clip_gradient", "abs-difference-formula", r'''
@tf.custom_gradient
def clip_gradient(x):
    def grad(upstream):
        # clip(u, -1, 1) = (|u + 1| - |u - 1|) / 2, no branches needed
        return (tf.abs(upstream + 1) - tf.abs(upstream - 1)) / 2
    return tf.identity(x), grad
''', False, "The formula is right on paper but for huge upstreams u + 1 and u - 1 round to the same number, so the result is 0 instead of ±1.",
        ("huge|large|precision|round",)),

    # ------------------------------------------------------------------ 06.scale_by_variable
    Answer("06.scale_by_variable", "tensordot-flattened", r'''
w = tf.Variable(2.0)

@tf.custom_gradient
def scale(x):
    def grad(upstream, variables=None):
        dx = upstream * tf.square(w)
        # Σ upstream·x as a dot product of the flattened tensors, times d(w²)/dw = 2w
        dw = tf.tensordot(tf.reshape(upstream, [-1]), tf.reshape(x, [-1]), axes=1) * (w + w)
        return dx, [dw]
    return x * w ** 2, grad
''', True),
    Answer("06.scale_by_variable", "numpy-in-variable-grad", r'''
w = tf.Variable(2.0)

@tf.custom_gradient
def scale(x):
    def grad(upstream, variables=None):
        dx = upstream * w ** 2
        dw = 2 * w.numpy() * tf.reduce_sum(upstream * x).numpy()
        return dx, [dw]
    return x * w ** 2, grad
''', False, "The .numpy() calls work eagerly only; inside tf.function the tensors are symbolic. Keep dw in TensorFlow ops.",
        ("numpy|tf.function",)),
    Answer("06.scale_by_variable", "divide-by-w", r'''
w = tf.Variable(2.0)

@tf.custom_gradient
def scale(x):
    y = x * w ** 2
    def grad(upstream, variables=None):
        # d(x w²)/dw = 2 x w = 2 y / w, reuse the forward value
        return upstream * w ** 2, [2 * tf.reduce_sum(upstream * y) / w]
    return y, grad
''', False, "2y/w equals 2xw only for w != 0: at w = 0 it divides zero by zero and gives NaN. Use 2·w·Σ(upstream·x).",
        ("nan|divid|zero|w = 0",)),
    Answer("06.scale_by_variable", "keepdims-on-variable-grad", r'''
w = tf.Variable(2.0)

@tf.custom_gradient
def scale(x):
    def grad(upstream, variables=None):
        dx = upstream * w ** 2
        dw = 2.0 * w * tf.reduce_sum(upstream * x, keepdims=True)
        return dx, [dw]
    return x * w ** 2, grad
''', False, "keepdims=True leaves dw with shape (1,) or (1, 1), but w is a scalar: its gradient must have shape ().",
        ("shape|keepdims",)),

    # ------------------------------------------------------------------ 06.numpy_erf
    Answer("06.numpy_erf", "rsqrt-pi-in-dtype", r'''
@tf.custom_gradient
def numpy_erf(x):
    y = tf.numpy_function(lambda a: scipy.special.erf(a).astype(a.dtype), [x], x.dtype)
    y.set_shape(x.shape)
    def grad(upstream):
        # erf'(x) = 2/√π · e^{-x²}, with π as a tensor of x's dtype
        two_over_root_pi = 2 * tf.math.rsqrt(tf.constant(np.pi, dtype=x.dtype))
        return upstream * two_over_root_pi * tf.exp(-x * x)
    return y, grad
''', True),
    Answer("06.numpy_erf", "math-module-on-tensors", r'''
import math

@tf.custom_gradient
def numpy_erf(x):
    y = tf.numpy_function(scipy.special.erf, [x], x.dtype)
    y.set_shape(x.shape)
    def grad(upstream):
        return upstream * 2 / math.sqrt(math.pi) * math.exp(-x ** 2)
    return y, grad
''', False, "math.exp works on one Python number, not on a tensor (and not on a symbolic one inside tf.function): use tf.exp.",
        ("math",)),
    Answer("06.numpy_erf", "tf-constant-coefficient", r'''
@tf.custom_gradient
def numpy_erf(x):
    y = tf.numpy_function(scipy.special.erf, [x], x.dtype)
    y.set_shape(x.shape)
    def grad(upstream):
        coef = tf.constant(2.0) / tf.sqrt(tf.constant(np.pi))
        return upstream * coef * tf.exp(-tf.square(x))
    return y, grad
''', False, "tf.constant(2.0) and tf.constant(np.pi) are float32, which TensorFlow will not multiply with a float64 upstream: make the constant in x's dtype.",
        ("float64|dtype|float32",)),
    Answer("06.numpy_erf", "phi-grad-copied", r'''
@tf.custom_gradient
def numpy_erf(x):
    y = tf.numpy_function(scipy.special.erf, [x], x.dtype)
    y.set_shape(x.shape)
    def grad(upstream):
        return upstream * tf.exp(-x ** 2 / 2) / np.sqrt(2 * np.pi)
    return y, grad
''', False, "That is the standard normal density, the derivative of Φ from notebook 03; erf's derivative is a different function.",
        ("normal|Φ|phi|pdf|density|x²/2|x**2 / 2|x ** 2 / 2|x^2/2",)),

    # ------------------------------------------------------------------ 07.fused_second_derivative
    Answer("07.fused_second_derivative", "second-as-2y-times-y2-minus-1", r'''
@tf.custom_gradient
def tanh_op(x):
    y, slope = fused_tanh(x)
    def grad(dy):
        @tf.custom_gradient
        def first(x_again):
            # d/dx (1 - tanh²x) = -2 tanh x (1 - tanh²x) = 2y(y² - 1), from the fused values
            return slope, lambda ddy: ddy * 2 * y * (y * y - 1)
        return first(x) * dy
    return y, grad
''', True),
    Answer("07.fused_second_derivative", "second-ignores-ddy", r'''
@tf.custom_gradient
def tanh_op(x):
    y, slope = fused_tanh(x)
    def grad(dy):
        @tf.custom_gradient
        def first_derivative(x):
            def second_derivative(ddy):
                return -2 * y * slope
            return slope, second_derivative
        return dy * first_derivative(x)
    return y, grad
''', False, "second_derivative drops its upstream ddy: it must return ddy times -2·tanh·(1 - tanh²).",
        ("ddy|upstream",)),
    Answer("07.fused_second_derivative", "recomputed-with-cosh", r'''
@tf.custom_gradient
def tanh_op(x):
    y, _ = fused_tanh(x)
    def grad(dy):
        return dy / tf.cosh(x) ** 2          # 1 - tanh² = sech², let the tape do the rest
    return y, grad
''', False, "The slope is recomputed as 1/cosh² instead of using fused_tanh's, and cosh overflows for large |x| (NaN second derivative).",
        ("fused|slope|cosh",)),
    Answer("07.fused_second_derivative", "cube-example-half-edited", r'''
@tf.custom_gradient
def tanh_op(x):
    y, slope = fused_tanh(x)
    def grad(dy):
        @tf.custom_gradient
        def first_derivative(x):
            def second_derivative(ddy):
                return ddy * -2 * x * slope      # d(1 - tanh²)/dx
            return slope, second_derivative
        return dy * first_derivative(x)
    return y, grad
''', False, "The second derivative uses x where tanh(x) belongs (left over from the cube example): it is -2·tanh(x)·(1 - tanh²x).",
        ("tanh",)),

    # ------------------------------------------------------------------ 07.hvp
    Answer("07.hvp", "output-gradients-v", r'''
def hvp(f, x, v):
    with tf.GradientTape() as outer:
        outer.watch(x)
        with tf.GradientTape() as inner:
            inner.watch(x)
            y = f(x)
        g = inner.gradient(y, x)
    # seed the second backward pass with v: (dg/dx)^T v = H v
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
    return outer.gradient(g, x) * v
''', False, "outer.gradient(g, x) gives the row sums of H, and multiplying by v entry by entry is only right for a diagonal Hessian.",
        ("diagonal|diag",)),
    Answer("07.hvp", "cast-to-float32", r'''
def hvp(f, x, v):
    x = tf.cast(x, tf.float32)
    v = tf.cast(v, tf.float32)
    with tf.GradientTape() as outer:
        outer.watch(x)
        with tf.GradientTape() as inner:
            inner.watch(x)
            y = f(x)
        g = inner.gradient(y, x)
        gv = tf.reduce_sum(g * v)
    return outer.gradient(gv, x)
''', False, "Casting x and v to float32 throws away the float64 precision (and dtype) the checker works in: keep x's dtype.",
        ("float64|dtype|float32",)),
    Answer("07.hvp", "outer-not-watching", r'''
def hvp(f, x, v):
    with tf.GradientTape() as outer:
        with tf.GradientTape() as inner:
            inner.watch(x)
            y = f(x)
        g = inner.gradient(y, x)
        gv = tf.reduce_sum(g * v)
    return outer.gradient(gv, x)
''', False, "The outer tape never watches x (a constant), so it finds no path and returns None: add outer.watch(x).",
        ("watch|None",)),

    # ------------------------------------------------------------------ 08.implicit_scalar
    Answer("08.implicit_scalar", "tanh-from-z-minus-x", r'''
@strict_custom_gradient
def fixed_point(x, w):
    z = iterate_fixed_point(x, w)
    def grad(upstream):
        t = z - x                        # at the fixed point tanh(w z) = z - x
        s = 1 - t * t                    # tanh's slope there
        denom = 1 - w * s                # dz (1 - w s) = dx + s z dw
        dx = upstream / denom
        dw = tf.reduce_sum(dx * s * z)
        return dx, dw
    return z, grad
''', True),
    Answer("08.implicit_scalar", "dw-not-summed", r'''
@strict_custom_gradient
def fixed_point(x, w):
    z = iterate_fixed_point(x, w)
    def grad(upstream):
        s = 1 - tf.tanh(w * z) ** 2
        scale = 1 / (1 - w * s)
        return upstream * scale, upstream * s * z * scale
    return z, grad
''', False, "w is one number used by every entry, so its gradient is the sum over the entries, a scalar; this returns one per entry of x.",
        ("sum|shape|scalar",)),
    Answer("08.implicit_scalar", "sin-example-copied", r'''
@strict_custom_gradient
def fixed_point(x, w):
    z = iterate_fixed_point(x, w)
    def grad(upstream):
        scale = 1 / (1 - w * tf.cos(z))
        return upstream * scale, tf.reduce_sum(upstream * tf.sin(z) * scale)
    return z, grad
''', False, "These are the derivatives of the worked example z = w sin z + x; this fixed point has tanh(w z), whose slope is 1 - tanh².",
        ("tanh|cos",)),
    Answer("08.implicit_scalar", "one-step-no-denominator", r'''
@strict_custom_gradient
def fixed_point(x, w):
    z = iterate_fixed_point(x, w)
    def grad(upstream):
        s = 1 - tf.tanh(w * z) ** 2
        return upstream, tf.reduce_sum(upstream * s * z)
    return z, grad
''', False, "This differentiates one step and forgets that z on the right side depends on x and w too: solve for dz, dividing by 1 - w(1 - tanh²).",
        ("solve|denominator|depends|iteration|1 - w|1/(1",)),

    # ------------------------------------------------------------------ 08.block_size
    Answer("08.block_size", "search-over-divisors", r'''
memory = {k: 36 // k + k for k in range(1, 37) if 36 % k == 0}
block_size = min(memory, key=memory.get)
''', True),
    Answer("08.block_size", "gave-the-memory", r'''
block_size = 12   # 36/6 + 6
''', False, "12 is the least memory (in activations), not the block size that achieves it.",
        ("memory",)),
    Answer("08.block_size", "one-big-block", r'''
block_size = 36   # fewest block inputs to store
''', False, "With one block of 36 layers you store 1 input but recompute and hold all 36 activations at once: 37, no saving.",
        ("activations|recomput",)),
    Answer("08.block_size", "every-layer-a-block", r'''
block_size = 1    # smallest blocks = least to recompute
''', False, "Blocks of one layer mean storing all 36 block inputs: 37 again, the worst choice.",
        ("inputs|36",)),

    # ------------------------------------------------------------------ 09.spot_the_mistake
    Answer("09.spot_the_mistake", "split-a-string", r'''
answers = "keyword_call upstream_ignored float32_false_alarm wrong_shape none_gradient".split()
''', True),
    Answer("09.spot_the_mistake", "silent-print-as-none", r'''
answers = ["none_gradient", "upstream_ignored", "float32_false_alarm", "wrong_shape", "none_gradient"]
''', False, "In snippet 1 the tape does return gradients; tf.print stays silent because smooth_step(x=h) is a keyword call, which skips the custom gradient.",
        ("keyword",)),
    Answer("09.spot_the_mistake", "argmax-cast-as-float32", r'''
answers = ["keyword_call", "upstream_ignored", "float32_false_alarm", "wrong_shape", "float32_false_alarm"]
''', False, "Snippet 5 is not about float32 checks: argmax returns integers, which carry no gradient, so the tape gives None.",
        ("argmax|integer|int",)),
    Answer("09.spot_the_mistake", "only-four", r'''
answers = ["keyword_call", "upstream_ignored", "float32_false_alarm", "none_gradient"]
''', False, "There are five snippets and four names: snippet 4 (the (4, 4) update) is missing.",
        ("five|5",)),

    # ------------------------------------------------------------------ 09.fix_linear
    Answer("09.fix_linear", "einsum-everything", r'''
@tf.custom_gradient
def linear(x, W, b):
    def grad(U):
        dx = tf.einsum("bj,ij->bi", U, W)      # U Wᵀ
        dW = tf.einsum("bi,bj->ij", x, U)      # xᵀ U
        db = tf.einsum("bj->j", U)             # sum over the batch
        return dx, dW, db
    return x @ W + b, grad
''', True),
    Answer("09.fix_linear", "db-keepdims", r'''
@tf.custom_gradient
def linear(x, W, b):
    def grad(U):
        return U @ tf.transpose(W), tf.transpose(x) @ U, tf.reduce_sum(U, axis=0, keepdims=True)
    return x @ W + b, grad
''', False, "keepdims=True gives the bias gradient shape (1, units), but b has shape (units,).",
        ("shape|keepdims",)),
    Answer("09.fix_linear", "only-bias-fixed", r'''
@tf.custom_gradient
def linear(x, W, b):
    def grad(U):
        return U @ tf.transpose(W), tf.transpose(U) @ x, tf.reduce_sum(U, axis=0)
    return x @ W + b, grad
''', False, "The bias is fixed, but the W gradient is still Uᵀx, the transpose of xᵀU, with W's shape swapped.",
        ("transpose|shape",)),
    Answer("09.fix_linear", "softplus-layer-pasted", r'''
@tf.custom_gradient
def linear(x, W, b):
    Z = x @ W + b
    def grad(U):
        Zbar = U * tf.sigmoid(Z)
        return Zbar @ tf.transpose(W), tf.transpose(x) @ Zbar, tf.reduce_sum(Zbar, axis=0)
    return Z, grad
''', False, "This is the softplus layer's backward pass from notebook 06: the layer here has no activation, so there is no sigmoid factor.",
        ("sigmoid|softplus|activation",)),
]
