"""Plausible learner answers, set e: all 23 exercises, written from the learner's side (prompts, stubs and
earlier cells only), without reading the judges, the other sets or their tests.

Emphasis: right answers written unusually (keras.ops, tf.experimental.numpy, nested tapes, tf.function
on top, lambdas, equivalent algebra, extra default arguments, a print left in) and wrong answers from
first-week misunderstandings and sloppy code. Each was checked against TensorFlow autodiff or float64
references (never the judge): right ones match, wrong ones compute or fail as their ``mistake`` says.
"""

from learner_answer_types import Answer

ANSWERS = [
    # ------------------------------------------------------------------ 00.warmup (d/dx x^2 at 3 = 6)
    Answer("00.warmup", "tape gradient left as a tensor", """\
x = tf.constant(3.0)
with tf.GradientTape() as tape:
    tape.watch(x)
    y = x ** 2
answer = tape.gradient(y, x)   # let TensorFlow do it
""", True),
    Answer("00.warmup", "numpy float32 six", """\
answer = np.float32(2 * 3)   # 2x at x = 3
""", True),
    Answer("00.warmup", "power rule keeps the square", """\
answer = 2 * 3 ** 2   # bring the 2 down in front
""", False, "The power rule lowers the exponent: d/dx x² = 2x, so 2·3 = 6, not 2·3² = 18.",
           ("2x|2·x|2 x|2*x|exponent|power",)),
    Answer("00.warmup", "forward difference with h = 0.1", """\
h = 0.1
answer = ((3 + h) ** 2 - 3 ** 2) / h   # slope of a small step
""", False, "A forward difference with h = 0.1 is only an estimate (6.1); the exact derivative is 2x = 6.",
           ("exact|estimate|approximat|finite|step|2x",)),
    Answer("00.warmup", "number typed as a string", """\
answer = "6"
""", False, "That is a string, not a number: drop the quotes.",
           ("string|quote|number|str",)),

    # ------------------------------------------------------------------ 01.chain_derivative (17496)
    Answer("01.chain_derivative", "product of locals, outer link first", """\
answer = (2 * 81) * (2 * 9) * (2 * 3)   # locals 162 · 18 · 6, outermost link first
""", True),
    Answer("01.chain_derivative", "float64 tape turned into float", """\
x = tf.constant(3.0, dtype=tf.float64)
with tf.GradientTape() as tape:
    tape.watch(x)
    y = ((x ** 2) ** 2) ** 2
answer = float(tape.gradient(y, x))
""", True),
    Answer("01.chain_derivative", "locals added instead of multiplied", """\
answer = 2 * 81 + 2 * 9 + 2 * 3   # the three local derivatives
""", False, "The chain rule multiplies the local derivatives (162·18·6); adding them gives 186.",
           ("product|multiply|multiplied|times|×",)),
    Answer("01.chain_derivative", "every local evaluated at x = 3", """\
answer = (2 * 3) ** 3   # three links, each with local derivative 2x
""", False, "Each link's local derivative is taken at that link's own input (3, 9, 81), not at x = 3 every time.",
           ("own input|each link|its input|link's input|sees|81",)),
    Answer("01.chain_derivative", "exponents added: x^6", """\
answer = 6 * 3 ** 5   # three squares: x^(2+2+2) = x^6
""", False, "Squaring three times multiplies the exponents: y = x⁸, not x⁶, so dy/dx = 8x⁷.",
           ("x^8|x⁸|x**8|8x^7|8x⁷|exponent",)),
    # ------------------------------------------------------------------ 01.upstreams ([1, 162, 2916])
    Answer("01.upstreams", "tuple of floats", """\
upstreams = (1.0, 162.0, 162.0 * 18.0)
""", True),
    Answer("01.upstreams", "computed with a backward loop", """\
xs = [3.0, 9.0, 81.0]            # what the three calls see
up = 1.0
upstreams = []
for v in reversed(xs):           # backward: the outermost call first
    upstreams.append(up)
    up = up * 2 * v              # downstream becomes the next upstream
""", True),
    Answer("01.upstreams", "downstreams instead of upstreams", """\
upstreams = [162, 2916, 17496]
""", False, "These are what each call passes on (downstream); each call receives the previous one: 1, 162, 2916.",
           ("downstream|receive",)),
    Answer("01.upstreams", "forward order", """\
upstreams = [2916, 162, 1]   # innermost call first
""", False, "Right numbers in the wrong order: the backward pass visits the outermost call first.",
           ("order|reverse|outermost|backward",)),
    Answer("01.upstreams", "local derivatives listed", """\
upstreams = [162, 18, 6]   # each link's slope, outermost first
""", False, "These are the local derivatives; upstream is the product of all the locals after that call.",
           ("local",)),
    # ------------------------------------------------------------------ 01.local_sin (cos x)
    Answer("01.local_sin", "assign tf.math.cos directly", """\
local_sin = tf.math.cos   # the derivative of sin is cos
""", True),
    Answer("01.local_sin", "phase-shifted sine with unused default", """\
def local_sin(x, upstream=1.0):
    return upstream * tf.sin(x + np.pi / 2)   # cos(x) = sin(x + π/2)
""", True),
    Answer("01.local_sin", "minus cos", """\
def local_sin(x):
    return -tf.cos(x)
""", False, "Sign error: d/dx sin x = +cos x (it is cos whose derivative carries the minus).",
           ("sign|minus|negative",)),
    Answer("01.local_sin", "Taylor approximation", """\
def local_sin(x):
    return 1 - x ** 2 / 2   # cos x for small x
""", False, "1 − x²/2 only approximates cos x near 0; return tf.cos(x).",
           ("cos|approximat|taylor|near 0|small",)),
    Answer("01.local_sin", "numpy cos", """\
def local_sin(x):
    return np.cos(x)
""", False, "np.cos returns a NumPy array, not a tensor, and cannot run in a graph: use tf.cos.",
           ("numpy|np.|tf.cos|tensorflow|array",)),
    Answer("01.local_sin", "python math.cos", """\
import math

def local_sin(x):
    return math.cos(x)
""", False, "math.cos works on one Python number only: it fails on a tensor of several entries. Use tf.cos.",
           ("math|tf.cos|tensor|vector|entries",)),

    # ------------------------------------------------------------------ 02.x_sin_x
    Answer("02.x_sin_x", "nested tape finds the local derivative", """\
@strict_custom_gradient
def x_sin_x(x):
    def grad(upstream):
        with tf.GradientTape() as inner:      # let autodiff find the local derivative
            inner.watch(x)
            y = x * tf.sin(x)
        return upstream * inner.gradient(y, x)
    return x * tf.sin(x), grad
""", True),
    Answer("02.x_sin_x", "tf.experimental.numpy with a print left in", """\
import tensorflow.experimental.numpy as tnp

@strict_custom_gradient
def x_sin_x(x):
    def grad(upstream):
        print("upstream:", upstream)
        return upstream * (tnp.sin(x) + x * tnp.cos(x))
    return x * tf.sin(x), grad
""", True),
    Answer("02.x_sin_x", "product rule: factor x dropped", """\
@strict_custom_gradient
def x_sin_x(x):
    def grad(upstream):
        return upstream * (tf.sin(x) + tf.cos(x))
    return x * tf.sin(x), grad
""", False, "The second product-rule term is x·cos x, not cos x: the factor x is missing.",
           ("x cos|x·cos|x * cos|x*cos|factor|product",)),
    Answer("02.x_sin_x", "upstream multiplied in twice", """\
@strict_custom_gradient
def x_sin_x(x):
    def grad(upstream):
        local = upstream * (tf.sin(x) + x * tf.cos(x))
        return local * upstream          # and times upstream for the chain rule
    return x * tf.sin(x), grad
""", False, "Upstream is multiplied in twice (upstream²): multiply the local derivative by upstream once.",
           ("upstream",)),
    Answer("02.x_sin_x", "extra None: two gradients for one input", """\
@strict_custom_gradient
def x_sin_x(x):
    def grad(upstream):
        return upstream * (tf.sin(x) + x * tf.cos(x)), None
    return x * tf.sin(x), grad
""", False, "x_sin_x has one input, so grad returns one gradient, not a pair.",
           ("one|number|count|1 input|single",)),

    # ------------------------------------------------------------------ 02.stable_log1pexp
    Answer("02.stable_log1pexp", "relu plus log1p, where-branch gradient", """\
@strict_custom_gradient
def stable_log1pexp(x):
    e = tf.exp(-tf.abs(x))                     # never overflows
    y = tf.nn.relu(x) + tf.math.log1p(e)
    def grad(upstream):
        return upstream * tf.where(x >= 0, 1 / (1 + e), e / (1 + e))
    return y, grad
""", True),
    Answer("02.stable_log1pexp", "keras.ops sigmoid in a lambda", """\
from keras import ops

@strict_custom_gradient
def stable_log1pexp(x):
    y = tf.maximum(x, 0.0) + tf.math.log1p(tf.exp(-tf.abs(x)))
    return y, lambda upstream: upstream * ops.sigmoid(x)
""", True),
    Answer("02.stable_log1pexp", "docs gradient: cancellation for negative x", """\
@strict_custom_gradient
def stable_log1pexp(x):
    y = tf.maximum(x, 0.0) + tf.math.log1p(tf.exp(-tf.abs(x)))
    def grad(upstream):
        return upstream * (1 - 1 / (1 + tf.exp(x)))   # as in the documentation
    return y, grad
""", False, "1 − 1/(1 + eˣ) cancels to 0 for negative x (below about −17): the gradient loses its relative precision; use eˣ/(1 + eˣ) there.",
           ("negative|precision|cancel|relative|tiny|small",)),
    Answer("02.stable_log1pexp", "log instead of log1p", """\
@strict_custom_gradient
def stable_log1pexp(x):
    y = tf.maximum(x, 0.0) + tf.math.log(1 + tf.exp(-tf.abs(x)))
    return y, lambda upstream: upstream * tf.sigmoid(x)
""", False, "log(1 + t) rounds 1 + t to 1 for tiny t, so the value is 0 for x below about −17: use tf.math.log1p.",
           ("log1p|precision|tiny|relative|negative",)),
    Answer("02.stable_log1pexp", "keras softplus forward", """\
from keras import ops

@strict_custom_gradient
def stable_log1pexp(x):
    return ops.softplus(x), lambda upstream: upstream * ops.sigmoid(x)
""", False, "keras.ops.softplus is softplus under another name: the exercise asks you to write the stable formula yourself.",
           ("softplus",)),
    Answer("02.stable_log1pexp", "sigmoid of -|x|: right only for negative x", """\
@strict_custom_gradient
def stable_log1pexp(x):
    e = tf.exp(-tf.abs(x))
    y = tf.maximum(x, 0.0) + tf.math.log1p(e)
    return y, lambda upstream: upstream * e / (1 + e)
""", False, "e^{−|x|}/(1 + e^{−|x|}) is σ(x) only for x ≤ 0; for positive x the derivative is 1/(1 + e^{−x}), close to 1.",
           ("positive|x > 0|x>0|x ≥ 0|large|abs|sign",)),

    # ------------------------------------------------------------------ 02.multiply
    Answer("02.multiply", "list of tf.math.multiply", """\
@strict_custom_gradient
def multiply(x, y):
    def grad(upstream):
        return [tf.math.multiply(upstream, y), tf.multiply(x, upstream)]
    return x * y, grad
""", True),
    Answer("02.multiply", "generator over the other factor", """\
@strict_custom_gradient
def multiply(x, y):
    def grad(upstream):
        return tuple(upstream * other for other in (y, x))   # each input gets the other factor
    return x * y, grad
""", True),
    Answer("02.multiply", "one gradient for both inputs", """\
@strict_custom_gradient
def multiply(x, y):
    def grad(upstream):
        return upstream * (x + y)
    return x * y, grad
""", False, "Two inputs need two gradients, one per input: (upstream·y, upstream·x).",
           ("two|per input|each input|one gradient|2 input",)),
    Answer("02.multiply", "gradients reduced to scalars", """\
@strict_custom_gradient
def multiply(x, y):
    def grad(upstream):
        return tf.reduce_sum(upstream * y), tf.reduce_sum(upstream * x)
    return x * y, grad
""", False, "Each gradient has its input's shape; summing it to one number is right only for scalar inputs.",
           ("shape|sum",)),
    Answer("02.multiply", "transposed factors", """\
@strict_custom_gradient
def multiply(x, y):
    def grad(upstream):
        return upstream * tf.transpose(y), upstream * tf.transpose(x)
    return x * y, grad
""", False, "x * y is elementwise, so no transpose: upstream * y entry by entry (the transpose only happens not to matter for vectors).",
           ("transpose|elementwise|entry by entry|entrywise|element-wise",)),

    # ------------------------------------------------------------------ 03.matvec
    Answer("03.matvec", "tensordot: upstream as a row vector", """\
def make_f(A):
    @strict_custom_gradient
    def f(x):
        def grad(upstream):
            return tf.tensordot(upstream, A, axes=1)   # uᵀA, the same numbers as Aᵀu
        return tf.linalg.matvec(A, x), grad
    return f
""", True),
    Answer("03.matvec", "broadcast and sum over rows", """\
def make_f(A):
    @strict_custom_gradient
    def f(x):
        def grad(upstream):
            return tf.reduce_sum(A * upstream[:, None], axis=0)   # Σ_i u_i A_ij
        return tf.linalg.matvec(A, x), grad
    return f
""", True),
    Answer("03.matvec", "A times upstream, no transpose", """\
def make_f(A):
    @strict_custom_gradient
    def f(x):
        def grad(upstream):
            return tf.linalg.matvec(A, upstream)
        return tf.linalg.matvec(A, x), grad
    return f
""", False, "The VJP is Aᵀ·upstream: transpose A (transpose_a=True).",
           ("transpose|Aᵀ|A^T|adjoint",)),
    Answer("03.matvec", "@ with a 1-D upstream", """\
def make_f(A):
    @strict_custom_gradient
    def f(x):
        def grad(upstream):
            return upstream @ A          # row vector times matrix
        return tf.linalg.matvec(A, x), grad
    return f
""", False, "@ (tf.matmul) needs two matrices; upstream is a vector. Use tf.linalg.matvec(A, upstream, transpose_a=True).",
           ("matvec|rank|1-d|vector|matrix|2-d|matmul|ndim",)),
    Answer("03.matvec", "summed over the wrong axis", """\
def make_f(A):
    @strict_custom_gradient
    def f(x):
        def grad(upstream):
            return tf.reduce_sum(A * upstream[:, None], axis=1)
        return tf.linalg.matvec(A, x), grad
    return f
""", False, "Summing over axis 1 gives one number per output; x's gradient sums over the outputs (axis 0): Aᵀu.",
           ("axis|transpose|shape|column",)),
    Answer("03.matvec", "also returns a gradient for A", """\
def make_f(A):
    @strict_custom_gradient
    def f(x):
        def grad(upstream):
            return tf.linalg.matvec(A, upstream, transpose_a=True), tf.tensordot(upstream, x, axes=0)
        return tf.linalg.matvec(A, x), grad
    return f
""", False, "A lives in the closure; f has one input, x, so grad returns one gradient.",
           ("one|closure|not an input|single|count|number",)),
    # ------------------------------------------------------------------ 03.softmax_vjp
    Answer("03.softmax_vjp", "keras.ops sum with keepdims", """\
from keras import ops

@strict_custom_gradient
def softmax(z):
    s = tf.nn.softmax(z)
    def grad(upstream):
        dot = ops.sum(upstream * s, axis=-1, keepdims=True)
        return s * (upstream - dot)
    return s, grad
""", True),
    Answer("03.softmax_vjp", "einsum dot with newaxis", """\
@strict_custom_gradient
def softmax(z):
    s = tf.nn.softmax(z)
    def grad(upstream):
        dot = tf.einsum("...i,...i->...", upstream, s)[..., tf.newaxis]   # one number per row
        return s * upstream - s * dot
    return s, grad
""", True),
    Answer("03.softmax_vjp", "sum over axis 0", """\
@strict_custom_gradient
def softmax(z):
    s = tf.nn.softmax(z)
    def grad(upstream):
        return s * (upstream - tf.reduce_sum(upstream * s, axis=0, keepdims=True))
    return s, grad
""", False, "axis=0 sums over the batch for a matrix: the dot product must be per row, over the last axis.",
           ("axis|row|last|batch",)),
    Answer("03.softmax_vjp", "row sums without keepdims", """\
@strict_custom_gradient
def softmax(z):
    s = tf.nn.softmax(z)
    def grad(upstream):
        return s * (upstream - tf.reduce_sum(upstream * s, axis=-1))
    return s, grad
""", False, "Without keepdims the row sums (shape (batch,)) line up with columns, not rows: keepdims=True.",
           ("keepdims|broadcast|row|axis|batch",)),
    Answer("03.softmax_vjp", "forms the Jacobian anyway", """\
@strict_custom_gradient
def softmax(z):
    s = tf.nn.softmax(z)
    def grad(upstream):
        J = tf.linalg.diag(s) - s[..., :, None] * s[..., None, :]   # diag(s) - s sᵀ
        return tf.linalg.matvec(J, upstream, transpose_a=True)
    return s, grad
""", False, "Right numbers, but it builds the n×n Jacobian, which the exercise asks to avoid: s ⊙ (u − ⟨u, s⟩).",
           ("form|build|jacobian|n²|n^2|n×n|matrix",)),
    Answer("03.softmax_vjp", "mean instead of sum", """\
@strict_custom_gradient
def softmax(z):
    s = tf.nn.softmax(z)
    def grad(upstream):
        return s * (upstream - tf.reduce_mean(upstream * s, axis=-1, keepdims=True))
    return s, grad
""", False, "The subtracted term is the dot product Σ u_k s_k, a sum, not a mean.",
           ("sum|mean",)),
    # ------------------------------------------------------------------ 03.phi_grad
    Answer("03.phi_grad", "normal density with numpy float64 constant", """\
@strict_custom_gradient
def phi_tf(x):
    def grad(upstream):
        return upstream * tf.exp(-0.5 * x ** 2) / np.sqrt(2 * np.pi)
    return 0.5 * (1 + tf.math.erf(x / np.sqrt(2.0))), grad
""", True),
    Answer("03.phi_grad", "erf' and the chain rule spelled out", """\
@strict_custom_gradient
def phi_tf(x):
    def grad(upstream):
        z = x / np.sqrt(2.0)
        derf = 2 / np.sqrt(np.pi) * tf.math.exp(-tf.math.square(z))   # erf'(z)
        return upstream * 0.5 * derf / np.sqrt(2.0)                    # dz/dx = 1/√2
    return 0.5 * (1 + tf.math.erf(x / np.sqrt(2.0))), grad
""", True),
    Answer("03.phi_grad", "scipy pdf through .numpy()", """\
@strict_custom_gradient
def phi_tf(x):
    def grad(upstream):
        return upstream * scipy.stats.norm.pdf(x.numpy())
    return 0.5 * (1 + tf.math.erf(x / np.sqrt(2.0))), grad
""", False, "x.numpy() fails inside tf.function (symbolic tensors have no values): write φ with TensorFlow ops.",
           ("tf.function|numpy|symbolic|graph|scipy",)),
    Answer("03.phi_grad", "inner 1/√2 forgotten", """\
@strict_custom_gradient
def phi_tf(x):
    def grad(upstream):
        return upstream * 0.5 * 2 / np.sqrt(np.pi) * tf.exp(-x ** 2 / 2)   # ½ erf'(x/√2)
    return 0.5 * (1 + tf.math.erf(x / np.sqrt(2.0))), grad
""", False, "The chain rule through x/√2 contributes a factor 1/√2: the result is √2 too large.",
           ("chain|√2|sqrt(2)|sqrt 2|inner|1/√2|factor",)),
    Answer("03.phi_grad", "tf.constant of a numpy float64", """\
@strict_custom_gradient
def phi_tf(x):
    def grad(upstream):
        return upstream * tf.constant(1 / np.sqrt(2 * np.pi)) * tf.exp(-x ** 2 / 2)
    return 0.5 * (1 + tf.math.erf(x / np.sqrt(2.0))), grad
""", False, "tf.constant of a NumPy float64 is a float64 tensor, which cannot multiply float32 inputs: use a Python number or cast to x.dtype.",
           ("dtype|float32|float64|cast",)),
    Answer("03.phi_grad", "raise left above the return", """\
@strict_custom_gradient
def phi_tf(x):
    def grad(upstream):
        raise NotImplementedError("return upstream times Φ'(x)")
        return upstream * tf.exp(-x ** 2 / 2) / np.sqrt(2 * np.pi)
    return 0.5 * (1 + tf.math.erf(x / np.sqrt(2.0))), grad
""", False, "The stub's raise line still runs first, so the return below it is never reached: delete it.",
           ("NotImplementedError|raise|not attempted|stub|not implemented",)),

    # ------------------------------------------------------------------ 04.quadratic_form
    Answer("04.quadratic_form", "einsum outer product with a print", """\
@strict_custom_gradient
def quadratic_form(x, A):
    def grad(upstream):
        print("upstream is", upstream)
        dx = tf.linalg.matvec(A + tf.transpose(A), x)     # (A + Aᵀ) x
        dA = tf.einsum("i,j->ij", x, x)                   # x xᵀ
        return upstream * dx, upstream * dA
    return tf.tensordot(x, tf.linalg.matvec(A, x), axes=1), grad
""", True),
    Answer("04.quadratic_form", "Ax plus Aᵀx, broadcast outer", """\
@strict_custom_gradient
def quadratic_form(x, A):
    def grad(upstream):
        Ax = tf.linalg.matvec(A, x)
        ATx = tf.linalg.matvec(A, x, transpose_a=True)
        return upstream * (Ax + ATx), upstream * x[:, None] * x[None, :]
    return tf.tensordot(x, tf.linalg.matvec(A, x), axes=1), grad
""", True),
    Answer("04.quadratic_form", "2Ax: assumes symmetric A", """\
@strict_custom_gradient
def quadratic_form(x, A):
    def grad(upstream):
        return 2 * upstream * tf.linalg.matvec(A, x), upstream * tf.tensordot(x, x, axes=0)
    return tf.tensordot(x, tf.linalg.matvec(A, x), axes=1), grad
""", False, "2Ax holds only for symmetric A; in general ∂q/∂x = (A + Aᵀ)x.",
           ("symmetric|transpose|Aᵀ|A^T|A + A",)),
    Answer("04.quadratic_form", "inner product for dA", """\
@strict_custom_gradient
def quadratic_form(x, A):
    def grad(upstream):
        dx = tf.linalg.matvec(A + tf.transpose(A), x)
        return upstream * dx, upstream * tf.tensordot(x, x, axes=1)
    return tf.tensordot(x, tf.linalg.matvec(A, x), axes=1), grad
""", False, "∂q/∂A is the outer product x xᵀ (shape of A), not the inner product xᵀx (one number).",
           ("outer|shape",)),
    Answer("04.quadratic_form", "only the Ax term", """\
@strict_custom_gradient
def quadratic_form(x, A):
    def grad(upstream):
        return upstream * tf.linalg.matvec(A, x), upstream * tf.tensordot(x, x, axes=0)
    return tf.tensordot(x, tf.linalg.matvec(A, x), axes=1), grad
""", False, "x appears twice in xᵀAx, so ∂q/∂x has two terms: Ax + Aᵀx.",
           ("both|transpose|Aᵀ|A^T|twice|two|A + A",)),
    Answer("04.quadratic_form", "gradients in the wrong order", """\
@strict_custom_gradient
def quadratic_form(x, A):
    def grad(upstream):
        dA = upstream * tf.tensordot(x, x, axes=0)
        dx = upstream * tf.linalg.matvec(A + tf.transpose(A), x)
        return dA, dx
    return tf.tensordot(x, tf.linalg.matvec(A, x), axes=1), grad
""", False, "Gradients come back in the order of the inputs: (dL/dx, dL/dA).",
           ("order|swap|shape",)),

    # ------------------------------------------------------------------ 04.batched_matmul
    Answer("04.batched_matmul", "two einsums", """\
@strict_custom_gradient
def batched_matmul(A, B):
    def grad(U):
        return tf.einsum("bmn,kn->bmk", U, B), tf.einsum("bmk,bmn->kn", A, U)
    return tf.matmul(A, B), grad
""", True),
    Answer("04.batched_matmul", "batch stacked into rows by reshape", """\
@strict_custom_gradient
def batched_matmul(A, B):
    def grad(U):
        k, n = B.shape
        dA = tf.matmul(U, B, transpose_b=True)
        dB = tf.matmul(tf.reshape(A, (-1, k)), tf.reshape(U, (-1, n)), transpose_a=True)   # all rows at once
        return dA, dB
    return tf.matmul(A, B), grad
""", True),
    Answer("04.batched_matmul", "dB kept per batch entry", """\
@strict_custom_gradient
def batched_matmul(A, B):
    def grad(U):
        return tf.matmul(U, B, transpose_b=True), tf.matmul(A, U, transpose_a=True)
    return tf.matmul(A, B), grad
""", False, "B is shared by every batch entry, so its gradient sums the per-entry Aᵀ U over the batch axis.",
           ("sum|batch",)),
    Answer("04.batched_matmul", "dB averaged over the batch", """\
@strict_custom_gradient
def batched_matmul(A, B):
    def grad(U):
        return tf.matmul(U, B, transpose_b=True), tf.reduce_mean(tf.matmul(A, U, transpose_a=True), axis=0)
    return tf.matmul(A, B), grad
""", False, "The contributions of the batch entries add up: sum them, do not average (that divides by the batch size).",
           ("sum|mean",)),
    Answer("04.batched_matmul", "tf.transpose on a 3-D tensor", """\
@strict_custom_gradient
def batched_matmul(A, B):
    def grad(U):
        dA = U @ tf.transpose(B)
        dB = tf.reduce_sum(tf.transpose(A) @ U, axis=0)
        return dA, dB
    return tf.matmul(A, B), grad
""", False, "tf.transpose reverses all three axes of A, batch included; transpose only the last two (transpose_a=True).",
           ("transpose|last two|matrix_transpose|transpose_a|perm|axes",)),
    Answer("04.batched_matmul", "cast to float32 to be safe", """\
@strict_custom_gradient
def batched_matmul(A, B):
    def grad(U):
        dA = tf.matmul(U, B, transpose_b=True)
        dB = tf.reduce_sum(tf.matmul(A, U, transpose_a=True), axis=0)
        return tf.cast(dA, tf.float32), tf.cast(dB, tf.float32)
    return tf.matmul(A, B), grad
""", False, "Each gradient must have its input's dtype: casting to float32 breaks float64 inputs.",
           ("dtype|float64|float32",)),

    # ------------------------------------------------------------------ 04.bias_add
    Answer("04.bias_add", "tf.experimental.numpy sum over leading axes", """\
import tensorflow.experimental.numpy as tnp

@strict_custom_gradient
def bias_add(x, b):
    def grad(upstream):
        leading = tuple(range(len(upstream.shape) - 1))     # every axis but the last
        return upstream, tnp.sum(upstream, axis=leading)
    return x + b, grad
""", True),
    Answer("04.bias_add", "reshape to rows then sum", """\
@strict_custom_gradient
def bias_add(x, b):
    def grad(upstream):
        rows = tf.reshape(upstream, (-1, tf.shape(b)[0]))
        return tf.identity(upstream), tf.reduce_sum(rows, axis=0)
    return x + b, grad
""", True),
    Answer("04.bias_add", "sum over axis 0 only", """\
@strict_custom_gradient
def bias_add(x, b):
    def grad(upstream):
        return upstream, tf.reduce_sum(upstream, axis=0)
    return x + b, grad
""", False, "axis=0 is enough for (batch, n) but not for (batch, time, n): sum over every axis except the last.",
           ("axis|axes|time|three|3-d|leading|every|all but",)),
    Answer("04.bias_add", "sum over the last axis", """\
@strict_custom_gradient
def bias_add(x, b):
    def grad(upstream):
        return upstream, tf.reduce_sum(upstream, axis=-1)
    return x + b, grad
""", False, "b runs along the last axis; its gradient sums over the other (batch) axes, keeping the last.",
           ("axis|last|batch",)),
    Answer("04.bias_add", "bias gradient not summed", """\
@strict_custom_gradient
def bias_add(x, b):
    def grad(upstream):
        return upstream, upstream
    return x + b, grad
""", False, "b is broadcast to every row, so its gradient sums upstream over the broadcast axes to b's shape.",
           ("sum|shape",)),
    Answer("04.bias_add", "everything summed to a scalar", """\
@strict_custom_gradient
def bias_add(x, b):
    def grad(upstream):
        return upstream, tf.reduce_sum(upstream)
    return x + b, grad
""", False, "Summing everything gives one number; db has one entry per entry of b: sum over the batch axes only.",
           ("shape|axis|scalar|each entry|one number",)),

    # ------------------------------------------------------------------ 05.sign_ste
    Answer("05.sign_ste", "autodiff of clip_by_value inside grad", """\
@tf.custom_gradient
def sign_ste(x):
    def grad(upstream):
        with tf.GradientTape() as tape:          # the hard tanh's own slope
            tape.watch(x)
            hard_tanh = tf.clip_by_value(x, -1, 1)
        return tape.gradient(hard_tanh, x, output_gradients=upstream)
    return tf.sign(x), grad
""", True),
    Answer("05.sign_ste", "tf.function on top, logical_and mask", """\
@tf.function
@tf.custom_gradient
def sign_ste(x):
    def grad(upstream):
        inside = tf.logical_and(x >= -1, x <= 1)
        return upstream * tf.cast(inside, upstream.dtype)
    return tf.sign(x), grad
""", True),
    Answer("05.sign_ste", "strict inequality at the edge", """\
@tf.custom_gradient
def sign_ste(x):
    def grad(upstream):
        return tf.where(tf.abs(x) < 1, upstream, tf.zeros_like(upstream))
    return tf.sign(x), grad
""", False, "The prompt says |x| ≤ 1: with < the gradient is 0 at |x| = 1 exactly.",
           ("|x| = 1|boundary|<=|≤|equal|exactly|edge",)),
    Answer("05.sign_ste", "mask cast to float32", """\
@tf.custom_gradient
def sign_ste(x):
    def grad(upstream):
        return upstream * tf.cast(tf.abs(x) <= 1, tf.float32)
    return tf.sign(x), grad
""", False, "The mask is cast to float32, so float64 inputs fail: cast to x.dtype.",
           ("dtype|float64|float32|cast",)),
    Answer("05.sign_ste", "python if on the tensor", """\
@tf.custom_gradient
def sign_ste(x):
    def grad(upstream):
        if tf.abs(x) <= 1:
            return upstream
        return tf.zeros_like(upstream)
    return tf.sign(x), grad
""", False, "A Python if needs one boolean: it fails on vectors and inside tf.function. Use tf.where or a mask.",
           ("if|tf.where|where|elementwise|bool|mask",)),
    Answer("05.sign_ste", "mask on the size of upstream", """\
@tf.custom_gradient
def sign_ste(x):
    def grad(upstream):
        return tf.where(tf.abs(upstream) <= 1, upstream, tf.zeros_like(upstream))
    return tf.sign(x), grad
""", False, "The condition is on the input x (|x| ≤ 1), not on the size of upstream.",
           ("input|of x|on x||x|",)),

    # ------------------------------------------------------------------ 05.clip_gradient
    Answer("05.clip_gradient", "divide by max(|u|, 1)", """\
@tf.custom_gradient
def clip_gradient(x):
    def grad(upstream):
        return upstream / tf.maximum(tf.abs(upstream), 1.0)   # unchanged inside, ±1 outside
    return tf.identity(x), grad
""", True),
    Answer("05.clip_gradient", "tf.function on top, min of max", """\
@tf.function
@tf.custom_gradient
def clip_gradient(x):
    def grad(upstream):
        return tf.minimum(tf.maximum(upstream, -1), 1)
    return tf.identity(x), grad
""", True),
    Answer("05.clip_gradient", "clip_by_norm", """\
@tf.custom_gradient
def clip_gradient(x):
    def grad(upstream):
        return tf.clip_by_norm(upstream, 1.0)
    return tf.identity(x), grad
""", False, "clip_by_norm rescales the whole tensor to norm 1; the exercise clips each entry to [−1, 1].",
           ("entry|element|norm|each",)),
    Answer("05.clip_gradient", "clips x instead of upstream", """\
@tf.custom_gradient
def clip_gradient(x):
    def grad(upstream):
        return tf.clip_by_value(x, -1.0, 1.0)
    return tf.identity(x), grad
""", False, "It is upstream that gets clipped; clipping x ignores upstream altogether.",
           ("upstream",)),
    Answer("05.clip_gradient", "tanh as a soft clip", """\
@tf.custom_gradient
def clip_gradient(x):
    def grad(upstream):
        return tf.tanh(upstream)     # squashes into (-1, 1)
    return tf.identity(x), grad
""", False, "tanh also shrinks gradients already inside [−1, 1]; clipping leaves them unchanged.",
           ("tanh|unchanged|inside|exact|clip_by_value",)),
    Answer("05.clip_gradient", "np.clip inside grad", """\
@tf.custom_gradient
def clip_gradient(x):
    def grad(upstream):
        return np.clip(upstream, -1, 1)
    return tf.identity(x), grad
""", False, "np.clip turns the gradient into a NumPy array (the tape hands back an array) and cannot run in a graph: use tf.clip_by_value.",
           ("numpy|np.clip|array|tf.clip_by_value|tensor",)),

    # ------------------------------------------------------------------ 06.scale_by_variable
    Answer("06.scale_by_variable", "unpacks variables and uses it", """\
w = tf.Variable(2.0)

@tf.custom_gradient
def scale(x):
    def grad(upstream, variables=None):
        (v,) = variables                      # the one variable read: w
        return upstream * tf.square(v), [2.0 * v * tf.reduce_sum(upstream * x)]
    return x * w ** 2, grad
""", True),
    Answer("06.scale_by_variable", "tf.math names, w * w", """\
w = tf.Variable(2.0)

@tf.custom_gradient
def scale(x):
    def grad(upstream, variables=None):
        dw = tf.math.reduce_sum(tf.math.multiply(upstream, x)) * 2 * w
        return upstream * w * w, [dw]
    return x * w ** 2, grad
""", True),
    Answer("06.scale_by_variable", "dw not summed", """\
w = tf.Variable(2.0)

@tf.custom_gradient
def scale(x):
    def grad(upstream, variables=None):
        return upstream * w ** 2, [2 * w * upstream * x]
    return x * w ** 2, grad
""", False, "w is one number used by every entry: its gradient sums 2w·upstream·x over all entries.",
           ("sum|shape|scalar|one number",)),
    Answer("06.scale_by_variable", "variable gradients as a tuple", """\
w = tf.Variable(2.0)

@tf.custom_gradient
def scale(x):
    def grad(upstream, variables=None):
        dw = 2 * w * tf.reduce_sum(upstream * x)
        return upstream * w ** 2, (dw,)
    return x * w ** 2, grad
""", False, "The variable gradients must be a list, [dw]; TensorFlow fails on a tuple.",
           ("list",)),
    Answer("06.scale_by_variable", "dx uses 2w instead of w²", """\
w = tf.Variable(2.0)

@tf.custom_gradient
def scale(x):
    def grad(upstream, variables=None):
        return upstream * 2 * w, [2 * w * tf.reduce_sum(upstream * x)]
    return x * w ** 2, grad
""", False, "∂y/∂x is w², not 2w (the derivative in w): the two are mixed up, which goes unnoticed at w = 2, where 2w = w².",
           ("w²|w^2|w**2|square",)),
    Answer("06.scale_by_variable", "x shadowed inside grad", """\
w = tf.Variable(2.0)

@tf.custom_gradient
def scale(x):
    def grad(upstream, variables=None):
        x = upstream * w ** 2                       # dL/dx
        return x, [2 * w * tf.reduce_sum(upstream * x)]
    return x * w ** 2, grad
""", False, "Reusing the name x for dL/dx inside grad makes dL/dw use upstream·w² instead of the input x.",
           ("dL/dw|∂L/∂w|variable|gradient for w|dw|input x",)),

    # ------------------------------------------------------------------ 06.numpy_erf
    Answer("06.numpy_erf", "numpy_function with set_shape", """\
@tf.custom_gradient
def numpy_erf(x):
    y = tf.numpy_function(scipy.special.erf, [x], x.dtype)
    y.set_shape(x.shape)
    def grad(upstream):
        return upstream * 2 / np.sqrt(np.pi) * tf.exp(-tf.square(x))
    return y, grad
""", True),
    Answer("06.numpy_erf", "py_function with ensure_shape", """\
@tf.custom_gradient
def numpy_erf(x):
    y = tf.py_function(lambda t: scipy.special.erf(t.numpy()), [x], Tout=x.dtype)
    y = tf.ensure_shape(y, x.shape)
    def grad(upstream):
        return upstream * (2 / np.pi ** 0.5) * tf.math.exp(-x ** 2)
    return y, grad
""", True),
    Answer("06.numpy_erf", ".numpy() in the forward", """\
@tf.custom_gradient
def numpy_erf(x):
    y = tf.constant(scipy.special.erf(x.numpy()), dtype=x.dtype)
    def grad(upstream):
        return upstream * 2 / np.sqrt(np.pi) * tf.exp(-x ** 2)
    return y, grad
""", False, "x.numpy() fails inside tf.function, where x is symbolic: call SciPy through tf.numpy_function.",
           ("tf.function|numpy_function|symbolic|graph|py_function",)),
    Answer("06.numpy_erf", "tf.math.erf forward, no SciPy", """\
@tf.custom_gradient
def numpy_erf(x):
    y = tf.math.erf(x)
    def grad(upstream):
        return upstream * 2 / np.sqrt(np.pi) * tf.exp(-x ** 2)
    return y, grad
""", False, "The exercise is to wrap scipy.special.erf; this forward never calls SciPy.",
           ("scipy|numpy_function",)),
    Answer("06.numpy_erf", "Gaussian exponent -x²/2", """\
@tf.custom_gradient
def numpy_erf(x):
    y = tf.numpy_function(scipy.special.erf, [x], x.dtype)
    y.set_shape(x.shape)
    def grad(upstream):
        return upstream * 2 / np.sqrt(np.pi) * tf.exp(-x ** 2 / 2)
    return y, grad
""", False, "The integrand is e^{−t²}, so erf'(x) = (2/√π)e^{−x²}: no /2 in the exponent (that is the normal density).",
           ("exponent|x²|x^2|x**2|e^{-x|e^(-x|1/2|half",)),
    Answer("06.numpy_erf", "Tout fixed to float32", """\
@tf.custom_gradient
def numpy_erf(x):
    y = tf.numpy_function(scipy.special.erf, [x], tf.float32)
    y.set_shape(x.shape)
    def grad(upstream):
        return upstream * 2 / np.sqrt(np.pi) * tf.exp(-x ** 2)
    return y, grad
""", False, "Tout is fixed to float32, so float64 input fails inside tf.function (SciPy returns float64): use x.dtype.",
           ("dtype|float64|float32|tout",)),

    # ------------------------------------------------------------------ 07.fused_second_derivative
    Answer("07.fused_second_derivative", "nested custom gradient with -2 y slope", """\
@tf.custom_gradient
def tanh_op(x):
    y, slope = fused_tanh(x)
    def grad(dy):
        @tf.custom_gradient
        def first_derivative(x):
            def second_derivative(ddy):
                return ddy * -2.0 * y * slope        # d(1 - tanh²)/dx = -2 tanh (1 - tanh²)
            return slope, second_derivative
        return dy * first_derivative(x)
    return y, grad
""", True),
    Answer("07.fused_second_derivative", "slope recomputed with tf.tanh", """\
@tf.custom_gradient
def tanh_op(x):
    y, slope = fused_tanh(x)
    def grad(dy):
        return dy * (1 - tf.tanh(x) ** 2)     # TF ops on x: the outer tape can differentiate this
    return y, grad
""", False, "Recomputes the slope with tf.tanh, which the tape can see: the prompt asks for fused_tanh's slope "
           "(relabelled wrong by the course authors when the prompt was made explicit).", ("fused",)),
    Answer("07.fused_second_derivative", "1 - y² from the fused output", """\
@tf.custom_gradient
def tanh_op(x):
    y, slope = fused_tanh(x)
    def grad(dy):
        return dy * (1 - y ** 2)     # tanh' = 1 - tanh², written with TF ops
    return y, grad
""", False, "y comes from the fused call the tape cannot see into, so 1 − y² is a constant to the outer tape: the second derivative is None or wrong.",
           ("second|none|tape|see|constant|fused",)),
    Answer("07.fused_second_derivative", "second derivative sign flipped", """\
@tf.custom_gradient
def tanh_op(x):
    y, slope = fused_tanh(x)
    def grad(dy):
        @tf.custom_gradient
        def first_derivative(x):
            def second_derivative(ddy):
                return ddy * 2.0 * y * slope
            return slope, second_derivative
        return dy * first_derivative(x)
    return y, grad
""", False, "d(1 − tanh²)/dx = −2 tanh·(1 − tanh²): the minus sign is missing.",
           ("sign|minus|-2|−2|negative",)),
    Answer("07.fused_second_derivative", "chain factor (1 - tanh²) missing", """\
@tf.custom_gradient
def tanh_op(x):
    y, slope = fused_tanh(x)
    def grad(dy):
        @tf.custom_gradient
        def first_derivative(x):
            def second_derivative(ddy):
                return ddy * -2.0 * y              # d(-tanh²)/dx
            return slope, second_derivative
        return dy * first_derivative(x)
    return y, grad
""", False, "d(tanh²)/dx = 2 tanh·tanh', by the chain rule: the factor 1 − tanh² is missing.",
           ("chain|1 - tanh|1 − tanh|slope|sech|factor",)),
    Answer("07.fused_second_derivative", "ddy ignored in the second derivative", """\
@tf.custom_gradient
def tanh_op(x):
    y, slope = fused_tanh(x)
    def grad(dy):
        @tf.custom_gradient
        def first_derivative(x):
            return slope, lambda ddy: -2.0 * y * slope
        return dy * first_derivative(x)
    return y, grad
""", False, "The inner gradient also receives an upstream (ddy) and must multiply by it.",
           ("ddy|upstream",)),

    # ------------------------------------------------------------------ 07.hvp
    Answer("07.hvp", "tf.function on top of hvp", """\
@tf.function
def hvp(f, x, v, unconnected="zero"):
    with tf.GradientTape() as outer:
        outer.watch(x)
        with tf.GradientTape() as inner:
            inner.watch(x)
            y = f(x)
        g = inner.gradient(y, x)
    return outer.gradient(g, x, output_gradients=v)
""", False, "@tf.function on hvp breaks when f is itself a custom-gradient function passed in as an argument (TensorFlow unwraps it and softplus_sum returns its grad function): drop the decorator or close over f.",
           ("tf.function|decorat|custom-gradient function|argument",)),
    Answer("07.hvp", "dot with v inside the outer tape, unused damping option", """\
def hvp(f, x, v, damping=0.0):
    with tf.GradientTape() as outer:
        outer.watch(x)
        with tf.GradientTape() as inner:
            inner.watch(x)
            y = f(x)
        g = inner.gradient(y, x)
        g_dot_v = tf.reduce_sum(g * tf.stop_gradient(v))   # gᵀv, v held fixed
    return outer.gradient(g_dot_v, x) + damping * v
""", True),
    Answer("07.hvp", "one persistent tape, gradient recorded inside", """\
def hvp(f, x, v):
    with tf.GradientTape(persistent=True) as tape:
        tape.watch(x)
        y = f(x)
        g = tape.gradient(y, x)          # recorded, since the tape is still open
        gv = tf.reduce_sum(g * v)        # gᵀv, v held fixed
    return tape.gradient(gv, x)
""", True),
    Answer("07.hvp", "row sums times v: right only for diagonal H", """\
def hvp(f, x, v):
    with tf.GradientTape() as outer:
        outer.watch(x)
        with tf.GradientTape() as inner:
            inner.watch(x)
            y = f(x)
        g = inner.gradient(y, x)
    return outer.gradient(g, x) * v
""", False, "outer.gradient(g, x) is H·1 (row sums); times v entry by entry is Hv only for a diagonal H. Pass v as output_gradients.",
           ("diagonal|output_gradients|whole|row sum|dot|gᵀv",)),
    Answer("07.hvp", "builds the Hessian with jacobian", """\
def hvp(f, x, v):
    with tf.GradientTape() as outer:
        outer.watch(x)
        with tf.GradientTape() as inner:
            inner.watch(x)
            y = f(x)
        g = inner.gradient(y, x)
    H = outer.jacobian(g, x)
    return tf.linalg.matvec(H, v)
""", False, "Right numbers, but it builds the n×n Hessian, which the exercise asks to avoid: pass v as output_gradients.",
           ("build|hessian|jacobian|n²|n^2|without",)),
    Answer("07.hvp", "dot product taken after the outer tape closed", """\
def hvp(f, x, v):
    with tf.GradientTape() as outer:
        outer.watch(x)
        with tf.GradientTape() as inner:
            inner.watch(x)
            y = f(x)
    g = inner.gradient(y, x)
    return outer.gradient(tf.reduce_sum(g * v), x)
""", False, "The first gradient is computed after the outer tape stopped recording, so the outer tape sees no path: None.",
           ("none|outer|record|inside|tape",)),

    # ------------------------------------------------------------------ 08.implicit_scalar
    Answer("08.implicit_scalar", "tanh(wz) recovered as z - x", """\
@helpers.strict_custom_gradient
def fixed_point(x, w):
    z = iterate_fixed_point(x, w)
    def grad(upstream):
        t = z - x                          # = tanh(w z) at the fixed point
        slope = 1 - t ** 2
        scale = 1 / (1 - w * slope)
        return upstream * scale, tf.reduce_sum(upstream * slope * z * scale)
    return z, grad
""", True),
    Answer("08.implicit_scalar", "tf.math names with a nested helper", """\
@helpers.strict_custom_gradient
def fixed_point(x, w):
    z = iterate_fixed_point(x, w)
    def derivatives():
        s = 1.0 - tf.math.square(tf.math.tanh(w * z))      # tanh'(w z)
        return 1.0 / (1.0 - w * s), s * z / (1.0 - w * s)  # dz/dx, dz/dw
    def grad(upstream):
        dz_dx, dz_dw = derivatives()
        return upstream * dz_dx, tf.math.reduce_sum(upstream * dz_dw)
    return z, grad
""", True),
    Answer("08.implicit_scalar", "dw not summed", """\
@helpers.strict_custom_gradient
def fixed_point(x, w):
    z = iterate_fixed_point(x, w)
    def grad(upstream):
        s = 1 - tf.tanh(w * z) ** 2
        return upstream / (1 - w * s), upstream * s * z / (1 - w * s)
    return z, grad
""", False, "w is one number used by every entry: dL/dw sums over all entries.",
           ("sum|shape|scalar|one number",)),
    Answer("08.implicit_scalar", "no implicit denominator", """\
@helpers.strict_custom_gradient
def fixed_point(x, w):
    z = iterate_fixed_point(x, w)
    def grad(upstream):
        s = 1 - tf.tanh(w * z) ** 2
        return upstream, tf.reduce_sum(upstream * s * z)
    return z, grad
""", False, "z appears on both sides of the equation: solving for dz divides by 1 − w·tanh'(wz).",
           ("1 - w|1 − w|denominator|implicit|solve|divide|both sides",)),
    Answer("08.implicit_scalar", "dw missing the factor z", """\
@helpers.strict_custom_gradient
def fixed_point(x, w):
    z = iterate_fixed_point(x, w)
    def grad(upstream):
        s = 1 - tf.tanh(w * z) ** 2
        return upstream / (1 - w * s), tf.reduce_sum(upstream * s / (1 - w * s))
    return z, grad
""", False, "∂ tanh(wz)/∂w = s·z: the factor z from the chain rule is missing in dL/dw.",
           ("factor|chain|times z|z ·|z·|· z|∂(wz)/∂w",)),
    Answer("08.implicit_scalar", "slope taken at x instead of z", """\
@helpers.strict_custom_gradient
def fixed_point(x, w):
    z = iterate_fixed_point(x, w)
    def grad(upstream):
        s = 1 - tf.tanh(w * x) ** 2
        return upstream / (1 - w * s), tf.reduce_sum(upstream * s * x / (1 - w * s))
    return z, grad
""", False, "The derivatives are evaluated at the fixed point z, not at the input x.",
           ("fixed point|at z|z, not x|z⋆|z*",)),

    # ------------------------------------------------------------------ 08.block_size (6)
    Answer("08.block_size", "int of the square root", """\
block_size = int(np.sqrt(36))   # 36/k + k is smallest where 36/k = k
""", True),
    Answer("08.block_size", "minimised over the divisors", """\
divisors = [k for k in range(1, 37) if 36 % k == 0]
block_size = min(divisors, key=lambda k: 36 // k + k)   # block inputs + one block's activations
""", True),
    Answer("08.block_size", "six as a float", """\
block_size = 6.0
""", True),
    Answer("08.block_size", "one big block", """\
block_size = 36   # fewest blocks, fewest inputs to keep
""", False, "One block of 36 keeps 1 input but recomputes 36 activations at once: 37 in all; the total 36/k + k is smallest at k = 6.",
           ("36/k|36 / k|block input|activation|37",)),
    Answer("08.block_size", "every layer its own block", """\
block_size = 1   # recompute as little as possible
""", False, "Blocks of 1 keep all 36 block inputs (36 + 1 = 37): that is no saving; balance 36/k against k.",
           ("36/k|36 / k|block input|activation|37",)),
    Answer("08.block_size", "near miss: 9", """\
block_size = 9
""", False, "k = 9 holds 4 + 9 = 13; k = 6 holds 6 + 6 = 12.",
           ("36/k|36 / k|13|12|block input|activation",)),
    # ------------------------------------------------------------------ 09.spot_the_mistake
    Answer("09.spot_the_mistake", "tuple of names", """\
answers = ("keyword_call", "upstream_ignored", "float32_false_alarm", "wrong_shape", "none_gradient")
""", True),
    Answer("09.spot_the_mistake", "list with a comment per line", """\
answers = [
    "keyword_call",         # 1: smooth_step(x=h) skips grad, so tf.print never runs
    "upstream_ignored",     # 2: cos(x) without upstream
    "float32_false_alarm",  # 3: only float32 disagrees
    "wrong_shape",          # 4: ds has shape (4,), s is (4, 1)
    "none_gradient",        # 5: argmax has no gradient
]
""", True),
    Answer("09.spot_the_mistake", "my_sin taken for float32 noise", """\
answers = ["keyword_call", "float32_false_alarm", "float32_false_alarm", "wrong_shape", "none_gradient"]
""", False, "Snippet 2 is off by 5 %, far beyond rounding: grad drops the upstream 2 sin x (upstream_ignored).",
           ("my_sin|second|2nd|snippet 2|upstream",)),
    Answer("09.spot_the_mistake", "typo in a name", """\
answers = ["keyword_call", "upstream_ignore", "float32_false_alarm", "wrong_shape", "none_gradient"]
""", False, "'upstream_ignore' is not one of the names: 'upstream_ignored'.",
           ("upstream_ignore|spelling|typo|not one of|unknown|choose from|valid",)),
    Answer("09.spot_the_mistake", "silent tf.print read as no gradient", """\
answers = ["none_gradient", "upstream_ignored", "float32_false_alarm", "wrong_shape", "none_gradient"]
""", False, "Snippet 1 gets gradients; grad never runs because smooth_step(x=h) is a keyword call.",
           ("keyword|smooth_step|first|snippet 1",)),
    Answer("09.spot_the_mistake", "only four names", """\
answers = ["keyword_call", "upstream_ignored", "wrong_shape", "none_gradient"]
""", False, "Five snippets need five names, in order (snippet 3, float32_false_alarm, is missing).",
           ("five|5",)),

    # ------------------------------------------------------------------ 09.fix_linear
    Answer("09.fix_linear", "dW as the transpose of Uᵀx", """\
@tf.custom_gradient
def linear(x, W, b):
    def grad(U):
        return U @ tf.transpose(W), tf.transpose(tf.transpose(U) @ x), tf.reduce_sum(U, 0)
    return x @ W + b, grad
""", True),
    Answer("09.fix_linear", "matmul flags and einsum", """\
@tf.custom_gradient
def linear(x, W, b):
    def grad(U):
        dx = tf.matmul(U, W, transpose_b=True)
        dW = tf.einsum("bi,bj->ij", x, U)
        db = tf.math.reduce_sum(U, axis=0)
        return dx, dW, db
    return x @ W + b, grad
""", True),
    Answer("09.fix_linear", "only the bias fixed", """\
@tf.custom_gradient
def linear(x, W, b):
    def grad(U):
        return U @ tf.transpose(W), tf.transpose(U) @ x, tf.reduce_sum(U, axis=0)
    return x @ W + b, grad
""", False, "dW is still Uᵀx, shape (2, 3): W's gradient is xᵀU, shape (3, 2).",
           ("transpose|xᵀ|x^T|shape",)),
    Answer("09.fix_linear", "only dW fixed", """\
@tf.custom_gradient
def linear(x, W, b):
    def grad(U):
        return U @ tf.transpose(W), tf.transpose(x) @ U, U
    return x @ W + b, grad
""", False, "b is added to every row: its gradient sums U over the batch axis.",
           ("sum|batch|bias|shape",)),
    Answer("09.fix_linear", "bias summed with keepdims", """\
@tf.custom_gradient
def linear(x, W, b):
    def grad(U):
        return U @ tf.transpose(W), tf.transpose(x) @ U, tf.reduce_sum(U, axis=0, keepdims=True)
    return x @ W + b, grad
""", False, "keepdims=True leaves shape (1, 2); b has shape (2,).",
           ("shape|keepdims",)),
    Answer("09.fix_linear", "x reused as the name of dL/dx", """\
@tf.custom_gradient
def linear(x, W, b):
    def grad(U):
        x = U @ tf.transpose(W)                 # dL/dx
        return x, tf.transpose(x) @ U, tf.reduce_sum(U, axis=0)
    return x @ W + b, grad
""", False, "Naming dL/dx 'x' inside grad makes dW use the gradient instead of the input x.",
           ("dW|dL/dW|∂L/∂W|weight|kernel|input x",)),
]
