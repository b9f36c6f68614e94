"""Learner answers, set q: habits from TensorFlow 1, PyTorch, JAX, einsum, tf.experimental.numpy / keras.ops,
code copied from a neighbouring docs example, and helpers that hand back the wrong object.

Written from the learner's side, from the notebooks' prompts and stubs only (the judges were not read).
"""

from learner_answer_types import Answer

ANSWERS = [
    # ------------------------------------------------------------------ 05.sign_ste
    Answer("05.sign_ste", "tnp-where-inclusive", r'''
tnp = tf.experimental.numpy

@tf.custom_gradient
def sign_ste(x):
    def grad(upstream):
        # hard tanh clip(x, -1, 1): slope 1 on [-1, 1] (edges included), 0 outside
        return tnp.where(tnp.abs(x) <= 1, upstream, tnp.zeros_like(upstream))
    return tf.sign(x), grad
''', True),

    Answer("05.sign_ste", "torch-autograd-function-class", r'''
# what I would write in PyTorch: an autograd.Function with forward/backward and a ctx
class SignSTE:
    @staticmethod
    def forward(ctx, x):
        ctx.save_for_backward(x)
        return tf.sign(x)

    @staticmethod
    def backward(ctx, grad_output):
        (x,) = ctx.saved_tensors
        return grad_output * tf.cast(tf.abs(x) <= 1, grad_output.dtype)

    def __init__(self, x):
        self.saved_tensors = ()
        self.out = SignSTE.forward(self, x)

    def save_for_backward(self, *tensors):
        self.saved_tensors = tensors

sign_ste = SignSTE
''', False, "sign_ste is a class: calling it builds a SignSTE object, not a tensor, and TensorFlow never calls its "
            "backward; write the function with @tf.custom_gradient and return (tf.sign(x), grad)",
           ("SignSTE|class|instance",)),

    Answer("05.sign_ste", "keras-ops-strict-inequality", r'''
from tensorflow import keras

@tf.custom_gradient
def sign_ste(x):
    def grad(upstream):
        inside = keras.ops.cast(keras.ops.less(keras.ops.abs(x), 1.0), upstream.dtype)
        return keras.ops.multiply(upstream, inside)
    return tf.sign(x), grad
''', False, "at |x| = 1 exactly the gradient must take the inside value (slope 1), but |x| < 1 gives 0 there: "
            "use <= 1",
           ("= 1|±1|boundary|edge|endpoint|inside",)),

    Answer("05.sign_ste", "tf1-register-gradient-override-map", r'''
from tensorflow.python.framework import ops

def _sign_hard_tanh_grad(op, grad):
    x = op.inputs[0]
    return grad * tf.cast(tf.abs(x) <= 1.0, grad.dtype)

if "SignHardTanh" not in ops._gradient_registry.list():
    tf.RegisterGradient("SignHardTanh")(_sign_hard_tanh_grad)

def sign_ste(x):
    g = tf.compat.v1.get_default_graph()
    with g.gradient_override_map({"Sign": "SignHardTanh"}):
        return tf.sign(x)
''', False, "a tape recording tf.sign ignores gradient_override_map, so the gradient is tf.sign's own, zero "
            "everywhere; write the surrogate with @tf.custom_gradient",
           ("zero|override",)),

    # ------------------------------------------------------------------ 05.clip_gradient
    Answer("05.clip_gradient", "jax-style-fwd-bwd-tuple", r'''
# JAX habit: a fwd that returns residuals, a bwd that returns one cotangent per input (a tuple)
def clip_gradient_fwd(x):
    return tf.identity(x), None          # no residuals needed

def clip_gradient_bwd(residuals, g):
    return (tf.minimum(tf.maximum(g, -1.0), 1.0),)

@tf.custom_gradient
def clip_gradient(x):
    y, residuals = clip_gradient_fwd(x)
    return y, lambda g: clip_gradient_bwd(residuals, g)
''', True),

    Answer("05.clip_gradient", "docs-clip-by-norm", r'''
# from the tf.custom_gradient docs example (clip_gradient_by_norm)
@tf.custom_gradient
def clip_gradient(x):
    y = tf.identity(x)
    def grad_fn(dresult):
        return [tf.clip_by_norm(dresult, 1.0)]
    return y, grad_fn
''', False, "tf.clip_by_norm rescales the whole gradient so that its norm is at most 1; the exercise clips each "
            "entry to [-1, 1] on its own (tf.clip_by_value)",
           ("norm|entry by entry|each entry|elementwise|element-wise|element by element|rescale",)),

    Answer("05.clip_gradient", "jax-nondiff-argnums-signature", r'''
# translated from the JAX docs' clip_gradient(lo, hi, x) with nondiff_argnums=(0, 1)
@tf.custom_gradient
def clip_gradient(lo, hi, x):
    def grad(g):
        return None, None, tf.clip_by_value(g, lo, hi)
    return tf.identity(x), grad
''', False, "clip_gradient must take the one tensor x (the bounds are fixed at -1 and 1); with (lo, hi, x) a call "
            "clip_gradient(x) fails for missing arguments",
           ("argument|signature|one input|positional|lo, hi",)),

    Answer("05.clip_gradient", "returns-the-factory", r'''
def make_clip_gradient(limit=1.0):
    @tf.custom_gradient
    def clip(x):
        def grad(upstream):
            return tf.clip_by_value(upstream, -limit, limit)
        return tf.identity(x), grad
    return clip

clip_gradient = make_clip_gradient
''', False, "clip_gradient is the factory: clip_gradient(x) returns a function instead of a tensor; assign "
            "clip_gradient = make_clip_gradient(1.0)",
           ("factory|returned a function|returns a function|callable|make_clip_gradient",)),

    # ------------------------------------------------------------------ 06.numpy_erf
    Answer("06.numpy_erf", "py-function-and-constant-cast", r'''
TWO_OVER_ROOT_PI = 2.0 / np.sqrt(np.pi)

@tf.custom_gradient
def numpy_erf(x):
    # py_function gets eager tensors even inside tf.function; SciPy turns them into arrays
    y = tf.py_function(lambda t: scipy.special.erf(t.numpy()), [x], Tout=x.dtype)
    y.set_shape(x.shape)
    def grad(upstream):
        # d/dx erf(x) = 2/sqrt(pi) * exp(-x^2)  (the integrand at the upper limit)
        return upstream * tf.cast(TWO_OVER_ROOT_PI, x.dtype) * tf.exp(-tf.square(x))
    return y, grad
''', True),

    Answer("06.numpy_erf", "missing-factor-two", r'''
@tf.custom_gradient
def numpy_erf(x):
    y = tf.numpy_function(scipy.special.erf, [x], x.dtype)
    y.set_shape(x.shape)
    def grad(upstream):
        return upstream * tf.exp(-x * x) / np.sqrt(np.pi)
    return y, grad
''', False, "the derivative of erf is 2/sqrt(pi) exp(-x^2): the factor 2 in front of the integral is missing, "
            "so the gradient is half the right one",
           ("factor|half|twice",)),

    Answer("06.numpy_erf", "scipy-on-symbolic-tensor", r'''
@tf.custom_gradient
def numpy_erf(x):
    y = tf.convert_to_tensor(scipy.special.erf(x), dtype=x.dtype)   # fine when I run it
    def grad(upstream):
        return upstream * 2 / np.sqrt(np.pi) * tf.exp(-x ** 2)
    return y, grad
''', False, "SciPy cannot evaluate a symbolic tensor: inside tf.function the forward fails; call SciPy through "
            "tf.numpy_function and set the result's shape",
           ("tf.function|numpy_function|py_function|symbolic|graph",)),

    Answer("06.numpy_erf", "keras-ops-erf-no-scipy", r'''
from tensorflow import keras

@tf.custom_gradient
def numpy_erf(x):
    y = keras.ops.erf(x)          # same values as scipy.special.erf, and it traces
    def grad(upstream):
        return upstream * keras.ops.exp(-keras.ops.square(x)) * (2.0 / np.sqrt(np.pi))
    return y, grad
''', False, "the exercise wraps SciPy: the forward must call scipy.special.erf (through tf.numpy_function), "
            "not keras.ops.erf",
           ("scipy",)),

    # ------------------------------------------------------------------ 06.scale_by_variable
    Answer("06.scale_by_variable", "tensordot-unpack-variables", r'''
w = tf.Variable(2.0)

@tf.custom_gradient
def scale(x):
    def grad(upstream, variables=None):
        (v,) = variables                      # the one variable the forward read: w
        flat_u, flat_x = tf.reshape(upstream, [-1]), tf.reshape(x, [-1])
        dv = 2.0 * v * tf.tensordot(flat_u, flat_x, axes=1)
        return upstream * tf.square(v), [dv]
    return x * w ** 2, grad
''', True),

    Answer("06.scale_by_variable", "torch-function-no-variables-kwarg", r'''
import types
w = tf.Variable(2.0)

class ScaleFunction:              # the torch.autograd.Function shape
    @staticmethod
    def forward(ctx, x):
        ctx.save_for_backward(x)
        return x * w ** 2

    @staticmethod
    def backward(ctx, grad_output):
        (x,) = ctx.saved_tensors
        return grad_output * w ** 2, tf.reduce_sum(grad_output * x) * 2 * w

class _Ctx(types.SimpleNamespace):
    def save_for_backward(self, *tensors):
        self.saved_tensors = tensors

@tf.custom_gradient
def scale(x):
    ctx = _Ctx()
    y = ScaleFunction.forward(ctx, x)
    return y, lambda grad_output: ScaleFunction.backward(ctx, grad_output)
''', False, "scale reads the tf.Variable w, so grad must accept variables=None and return (dx, [dw]); "
            "returning the pair from a grad without that keyword raises a TypeError",
           ("variables",)),

    Answer("06.scale_by_variable", "tf-gradients-inside-grad", r'''
w = tf.Variable(2.0)

@tf.custom_gradient
def scale(x):
    def grad(upstream, variables=None):
        # old tutorial: let tf.gradients work out both parts for me
        y = x * w ** 2
        dx, dw = tf.gradients(y, [x, w], grad_ys=upstream)
        return dx, [dw]
    return x * w ** 2, grad
''', False, "tf.gradients works only while building a graph: called eagerly (the way the tape runs grad outside "
            "tf.function) it raises; write the formulas dx = upstream*w^2, dw = sum(upstream*x)*2w",
           ("eager|tf.gradients",)),

    Answer("06.scale_by_variable", "einsum-wrong-output-index", r'''
w = tf.Variable(2.0)

@tf.custom_gradient
def scale(x):
    def grad(upstream, variables=None):
        u = tf.reshape(upstream, [-1, 1])
        xs = tf.reshape(x, [-1, 1])
        dw = 2 * w * tf.einsum("ij,ij->j", u, xs)      # contract over the entries
        return upstream * w ** 2, [dw]
    return x * w ** 2, grad
''', False, "w's gradient must be a scalar like w: \"ij,ij->j\" keeps an axis of length 1, so dw has shape (1,); "
            "sum over every index (\"ij,ij->\")",
           ("shape|scalar",)),

    # ------------------------------------------------------------------ 07.fused_second_derivative
    Answer("07.fused_second_derivative", "jax-style-residuals", r'''
# fwd keeps residuals (y, slope); bwd returns dy times a first derivative that is itself a custom gradient of x
def tanh_fwd(x):
    y, slope = fused_tanh(x)
    return y, (x, y, slope)

def tanh_bwd(residuals, dy):
    x, y, slope = residuals

    @tf.custom_gradient
    def first_derivative(x):
        def second_derivative(ddy):
            # d/dx (1 - tanh^2 x) = -2 tanh x (1 - tanh^2 x)
            return ddy * (-2.0) * y * slope
        return slope, second_derivative

    return (dy * first_derivative(x),)

@tf.custom_gradient
def tanh_op(x):
    y, residuals = tanh_fwd(x)
    return y, lambda dy: tanh_bwd(residuals, dy)
''', True),

    Answer("07.fused_second_derivative", "naive-nesting-on-grad", r'''
@tf.custom_gradient
def tanh_op(x):
    y, slope = fused_tanh(x)

    @tf.custom_gradient
    def grad(dy):
        def grad_grad(ddy):
            return ddy * -2.0 * y * slope
        return dy * slope, grad_grad
    return y, grad
''', False, "decorating grad makes grad_grad a gradient with respect to dy, not x: the second derivative is None "
            "or wrong; make the first derivative a custom-gradient function of x and multiply by dy outside it",
           ("nest|decorat|grad_grad|respect to dy",)),

    Answer("07.fused_second_derivative", "einsum-sign-error", r'''
@tf.custom_gradient
def tanh_op(x):
    y, slope = fused_tanh(x)
    def grad(dy):
        @tf.custom_gradient
        def first(x):
            def second(ddy):
                return ddy * tf.einsum("...,...->...", 2.0 * y, slope)
            return slope, second
        return dy * first(x)
    return y, grad
''', False, "the second derivative has the wrong sign: 1 - tanh^2 decreases where tanh increases, so "
            "d/dx(1 - tanh^2 x) = -2 tanh x (1 - tanh^2 x)",
           ("sign|minus|negative",)),

    Answer("07.fused_second_derivative", "dropped-chain-rule-factor", r'''
@tf.custom_gradient
def tanh_op(x):
    y, slope = fused_tanh(x)
    def grad(dy):
        @tf.custom_gradient
        def first_derivative(x):
            return slope, lambda ddy: ddy * -2.0 * y          # d(1 - t^2)/dt = -2t
        return dy * first_derivative(x)
    return y, grad
''', False, "d/dx(1 - tanh^2 x) needs the chain rule: -2 tanh x times tanh's own slope (1 - tanh^2 x); the "
            "factor slope is missing",
           ("chain|factor",)),

    # ------------------------------------------------------------------ 07.hvp
    Answer("07.hvp", "output-gradients-v", r'''
def hvp(f, x, v):
    x = tf.convert_to_tensor(x)
    with tf.GradientTape() as outer:
        outer.watch(x)
        with tf.GradientTape() as inner:
            inner.watch(x)
            y = f(x)
        g = inner.gradient(y, x)
    # seed the second backward pass with v: gives (dg/dx)^T v = H v (H is symmetric)
    return outer.gradient(g, x, output_gradients=tf.cast(v, g.dtype))
''', True),

    Answer("07.hvp", "einsum-diagonal-of-jacobian", r'''
def hvp(f, x, v):
    with tf.GradientTape() as outer:
        outer.watch(x)
        with tf.GradientTape() as inner:
            inner.watch(x)
            y = f(x)
        g = inner.gradient(y, x)
    H = outer.jacobian(g, x)
    return tf.einsum("ii,i->i", H, v)
''', False, "\"ii,i->i\" multiplies v entry by entry with the diagonal of H only; Hv sums over the whole row "
            "(and reverse over reverse should not build H at all)",
           ("diagonal",)),

    Answer("07.hvp", "one-persistent-tape-like-create-graph", r'''
def hvp(f, x, v):
    # like torch.autograd.grad(..., create_graph=True): one tape, kept alive
    with tf.GradientTape(persistent=True) as tape:
        tape.watch(x)
        y = f(x)
    g = tape.gradient(y, x)
    return tape.gradient(g, x, output_gradients=v)
''', False, "the first gradient is computed after the tape stopped recording, so the second call finds no path "
            "and returns None; compute g inside an outer tape (two nested tapes)",
           ("record|outer|nest",)),

    Answer("07.hvp", "tf1-tf-gradients-grad-ys", r'''
def hvp(f, x, v):
    # TensorFlow 1 recipe: gradient of the gradient with grad_ys = v
    g = tf.gradients(f(x), x)[0]
    return tf.gradients(g, x, grad_ys=v)[0]
''', False, "tf.gradients is not supported eagerly (it raises RuntimeError outside a graph): use two nested "
            "GradientTapes",
           ("eager|GradientTape",)),

    # ------------------------------------------------------------------ 08.implicit_scalar
    Answer("08.implicit_scalar", "jax-style-fwd-bwd-residuals", r'''
def fixed_point_fwd(x, w):
    z = iterate_fixed_point(x, w)
    return z, (z, w)

def fixed_point_bwd(residuals, g):
    z, w = residuals
    s = 1.0 - tf.square(tf.tanh(w * z))          # tanh' at w z
    # dz = s (w dz + z dw) + dx  ->  dz (1 - w s) = dx + s z dw
    adjoint = g / (1.0 - w * s)
    return adjoint, tf.reduce_sum(adjoint * s * z)

@strict_custom_gradient
def fixed_point(x, w):
    z, residuals = fixed_point_fwd(x, w)
    def grad(upstream):
        return fixed_point_bwd(residuals, upstream)
    return z, grad
''', True),

    Answer("08.implicit_scalar", "einsum-i-j-sums-product", r'''
@strict_custom_gradient
def fixed_point(x, w):
    z = iterate_fixed_point(x, w)
    def grad(upstream):
        s = 1 - tf.tanh(w * z) ** 2
        dx = upstream / (1 - w * s)
        dw = tf.einsum("i,j->", dx * s, z)
        return dx, dw
    return z, grad
''', False, "the einsum \"i,j->\" multiplies the sum of (dx*s) by the sum of z; dL/dw sums the products entry by "
            "entry (\"i,i->\", or tf.reduce_sum(dx * s * z))",
           ("einsum|i,i|sums",)),

    Answer("08.implicit_scalar", "copied-sin-example", r'''
@strict_custom_gradient
def fixed_point(x, w):
    z = iterate_fixed_point(x, w)
    def grad(upstream):
        # the notebook's three steps, as worked out above
        scale = 1 / (1 - w * tf.cos(z))
        return upstream * scale, tf.reduce_sum(upstream * tf.sin(z) * scale)
    return z, grad
''', False, "these are the formulas of the notebook's example z = w sin z + x; differentiate z = tanh(wz) + x: "
            "tanh's slope 1 - tanh^2(wz) and the inner factors w and z",
           ("tanh|sin|cos",)),

    Answer("08.implicit_scalar", "one-step-no-denominator", r'''
@strict_custom_gradient
def fixed_point(x, w):
    z = iterate_fixed_point(x, w)
    def grad(upstream):
        # differentiate the last step z = tanh(w z) + x, holding z on the right fixed
        s = 1 - tf.tanh(w * z) ** 2
        return upstream, tf.reduce_sum(upstream * s * z)
    return z, grad
''', False, "z on the right-hand side depends on x and w too: solve dz (1 - w s) = dx + s z dw, so both "
            "gradients are divided by 1 - w(1 - tanh^2(wz))",
           ("1 - w|denominator|divide|solve|depends",)),

    # ------------------------------------------------------------------ 08.block_size
    Answer("08.block_size", "int-square-root", r'''
# memory 36/k + k is smallest where 36/k = k, and sqrt(36) = 6 divides 36
block_size = int(36 ** 0.5)
''', True),

    Answer("08.block_size", "min-memory-not-k", r'''
divisors = [k for k in range(1, 37) if 36 % k == 0]
block_size = min(36 // k + k for k in divisors)
''', False, "12 is the smallest memory (block inputs plus activations), not the block size k that reaches it",
           ("memory",)),

    Answer("08.block_size", "tnp-argmin-index", r'''
tnp = tf.experimental.numpy
divisors = tnp.array([1, 2, 3, 4, 6, 9, 12, 18, 36])
block_size = tnp.argmin(36 // divisors + divisors)
''', False, "argmin returns the position of the smallest memory in the list of divisors, not the divisor k "
            "itself",
           ("index|position|argmin",)),

    Answer("08.block_size", "the-cost-function", r'''
def block_size(k, layers=36):
    """Activations held by the backward pass with blocks of k layers."""
    return layers // k + k

best = min((k for k in range(1, 37) if 36 % k == 0), key=block_size)
''', False, "block_size is the cost function, not a number: the answer is the best k (here stored in best)",
           ("number|integer|function|callable",)),

    # ------------------------------------------------------------------ 09.fix_linear
    Answer("09.fix_linear", "einsum-all-three", r'''
@tf.custom_gradient
def linear(x, W, b):
    def grad(U):
        dx = tf.einsum("bj,ij->bi", U, W)
        dW = tf.einsum("bi,bj->ij", x, U)
        db = tf.einsum("bj->j", U)
        return dx, dW, db
    return x @ W + b, grad
''', True),

    Answer("09.fix_linear", "pytorch-weight-layout", r'''
@tf.custom_gradient
def linear(x, W, b):
    def grad(U):
        # nn.Linear: grad_weight = grad_output^T @ input
        return U @ tf.transpose(W), tf.transpose(U) @ x, tf.reduce_sum(U, axis=0)
    return x @ W + b, grad
''', False, "W is (in, out) here, not PyTorch's (out, in): U^T x is the transposed gradient, shape (2, 3) for a "
            "(3, 2) W; use x^T U",
           ("transpose|transposed|shape",)),

    Answer("09.fix_linear", "einsum-bias-wrong-axis", r'''
@tf.custom_gradient
def linear(x, W, b):
    def grad(U):
        dx = tf.einsum("bj,ij->bi", U, W)
        dW = tf.einsum("bi,bj->ij", x, U)
        db = tf.einsum("bj->b", U)
        return dx, dW, db
    return x @ W + b, grad
''', False, "b's gradient sums U over the batch, keeping the output axis: \"bj->j\", not \"bj->b\"",
           ("batch|axis",)),

    Answer("09.fix_linear", "copied-dense-softplus", r'''
@tf.custom_gradient
def linear(x, W, b):
    Z = x @ W + b
    def grad(U):
        Zbar = U * tf.sigmoid(Z)
        return Zbar @ tf.transpose(W), tf.transpose(x) @ Zbar, tf.reduce_sum(Zbar, axis=0)
    return Z, grad
''', False, "the layer has no activation: multiplying U by sigmoid(Z) is softplus' slope, from the dense_softplus "
            "example; use U itself",
           ("sigmoid|softplus|activation",)),

    # ------------------------------------------------------------------ 09.spot_the_mistake
    Answer("09.spot_the_mistake", "split-string", r'''
answers = "keyword_call upstream_ignored float32_false_alarm wrong_shape none_gradient".split()
''', True),

    Answer("09.spot_the_mistake", "first-is-variables", r'''
answers = ["variables_missing", "upstream_ignored", "float32_false_alarm", "wrong_shape", "none_gradient"]
''', False, "in snippet 1 the call smooth_step(x=h) passes the input by keyword, so eagerly the custom gradient "
            "is skipped: keyword_call",
           ("smooth_step|snippet 1|item 1|answer 1|entry 1|number 1|#1|first|[0]|1st",)),

    Answer("09.spot_the_mistake", "enum-members", r'''
import enum

class Mistake(enum.Enum):
    UPSTREAM_IGNORED = "upstream_ignored"
    WRONG_SHAPE = "wrong_shape"
    KEYWORD_CALL = "keyword_call"
    VARIABLES_MISSING = "variables_missing"
    NONE_GRADIENT = "none_gradient"
    FLOAT32_FALSE_ALARM = "float32_false_alarm"

answers = [Mistake.KEYWORD_CALL, Mistake.UPSTREAM_IGNORED, Mistake.FLOAT32_FALSE_ALARM,
           Mistake.WRONG_SHAPE, Mistake.NONE_GRADIENT]
''', False, "the answers must be strings; these are Enum members (use Mistake.KEYWORD_CALL.value, or the names "
            "in quotes)",
           ("string|quote|enum",)),

    Answer("09.spot_the_mistake", "argmax-cast-as-float32", r'''
answers = ["keyword_call", "upstream_ignored", "float32_false_alarm", "wrong_shape", "float32_false_alarm"]
''', False, "snippet 5 goes through argmax, an integer result with no gradient: the tape has no path and "
            "returns None (none_gradient); float32 has nothing to do with it",
           ("argmax|snippet 5|item 5|answer 5|entry 5|number 5|#5|fifth|[4]|5th",)),
]
