"""Learner answers, set u: answers whose structure differs from the stub's (modules, Keras layers,
decorated methods, functools, nested decorators, tf.function), gradients built with map_fn / scan /
foldl / Python loops, loops that iterate to a tolerance, and calculus slips particular to each exercise."""

from learner_answer_types import Answer

ANSWERS = [
    # ------------------------------------------------------------------ 00.warmup
    Answer("00.warmup", "tape-on-variable", r'''
x = tf.Variable(3.0)
with tf.GradientTape() as tape:      # variables are watched automatically
    y = x * x
answer = tape.gradient(y, x).numpy()
''', True),
    Answer("00.warmup", "derivative-at-x-squared", r'''
x = 3
answer = 2 * x ** 2      # 2x, with x² plugged in
''', False, "The derivative 2x must be evaluated at x = 3 itself, not at x² = 9: the answer is 2·3.",
        ("2x|2·x|2 x|2*x|x = 3|x=3",)),
    Answer("00.warmup", "a-function-not-a-number", r'''
answer = lambda x: 2 * x      # the derivative of x²
''', False, "The cell asks for a number (the derivative at x = 3), not the derivative as a function.",
        ("number",)),
    Answer("00.warmup", "shrink-h-until-converged", r'''
f = lambda v: v * v
x, h = np.float32(3.0), np.float32(1.0)
estimate, previous = np.float32(np.nan), np.float32(np.inf)
with np.errstate(all="ignore"):
    for step in range(10**6):          # shrink h until the estimate stops changing
        estimate = (f(x + h) - f(x)) / h
        if abs(estimate - previous) < 1e-12 * abs(estimate):
            break
        previous, h = estimate, h / np.float32(10)
answer = float(estimate)
''', False, "The step h shrank until x + h rounded to x and then to 0: the estimate became 0/0, NaN (and the loop never converged).",
        ("nan|not a number",)),
    # ------------------------------------------------------------------ 01.chain_derivative
    Answer("01.chain_derivative", "recursive-local-derivatives", r'''
def chain_derivative(links, x):
    """d/dx of f applied `links` times, f(v) = v²: local derivative at x times the rest at x²."""
    if links == 0:
        return 1
    return 2 * x * chain_derivative(links - 1, x * x)

answer = chain_derivative(3, 3)
''', True),
    Answer("01.chain_derivative", "locals-at-outputs", r'''
import functools, operator
outputs = [9, 81, 6561]                   # what the three links produce
answer = functools.reduce(operator.mul, [2 * v for v in outputs])
''', False, "Each local derivative 2v is evaluated at the link's input (3, 9, 81), not at its output.",
        ("input",)),
    Answer("01.chain_derivative", "only-two-links", r'''
links_seen = [9, 81]          # the two squarings after the first
answer = 1
for v in links_seen:
    answer *= 2 * v
''', False, "There are three links (inputs 3, 9, 81); the factor 2·3 of the first link is missing.",
        ("link|factor",)),
    Answer("01.chain_derivative", "sum-of-locals", r'''
answer = sum(2 * v for v in (3, 9, 81))
''', False, "The chain rule multiplies the local derivatives; adding them is not the derivative.",
        ("product|multipl",)),
    # ------------------------------------------------------------------ 01.upstreams
    Answer("01.upstreams", "tf-scan-over-locals", r'''
inputs = tf.constant([3.0, 9.0, 81.0])           # what the three calls receive, forward order
local = 2 * tf.reverse(inputs, axis=[0])          # backward order: 162, 18, 6
running = tf.scan(lambda acc, l: acc * l, local[:-1], initializer=tf.constant(1.0))
upstreams = [1.0] + running.numpy().tolist()
''', True),
    Answer("01.upstreams", "downstreams-instead", r'''
upstreams = []
up = 1
for v in (81, 9, 3):          # backward order
    up = up * 2 * v           # local × upstream
    upstreams.append(up)
''', False, "These are the downstreams each call passes on; the upstream a call receives is the value before its own local factor (the outermost receives 1).",
        ("downstream",)),
    Answer("01.upstreams", "forward-order", r'''
upstreams = [2916, 162, 1]
''', False, "Right numbers in the wrong order: the backward pass visits the outermost call first, which receives 1.",
        ("order|reverse|backward|outermost",)),
    Answer("01.upstreams", "local-derivatives", r'''
upstreams = [2 * v for v in (81, 9, 3)]   # each link's slope, outermost first
''', False, "These are the local derivatives; upstream is the derivative of the final result with respect to the call's output.",
        ("local",)),
    # ------------------------------------------------------------------ 01.local_sin
    Answer("01.local_sin", "tf-module-callable", r'''
class LocalSin(tf.Module):
    """The sin link's local derivative, as a callable module."""
    def __call__(self, x):
        return tf.cos(x)

local_sin = LocalSin(name="local_sin")
''', True),
    Answer("01.local_sin", "minus-sin", r'''
def local_sin(x):
    return -tf.sin(x)
''', False, "−sin x is the derivative of cos; the derivative of sin x is cos x.",
        ("cos",)),
    Answer("01.local_sin", "cos-at-output", r'''
import functools

@functools.wraps(tf.sin)
def local_sin(x):
    y = tf.sin(x)             # the link's output
    return tf.cos(y)
''', False, "The local derivative is cos evaluated at the link's input x, not at its output sin x.",
        ("input|output|at x",)),
    Answer("01.local_sin", "numpy-eager-only", r'''
def local_sin(x):
    return tf.constant(np.cos(x.numpy()), dtype=x.dtype)
''', False, "Use TensorFlow operations (tf.cos); .numpy() works only eagerly and fails inside tf.function.",
        ("numpy|tf.function|tensorflow",)),
    # ------------------------------------------------------------------ 02.x_sin_x
    Answer("02.x_sin_x", "custom-gradient-on-method", r'''
class XSinX:
    @tf.custom_gradient
    def __call__(self, x):
        def grad(upstream):
            return upstream * (tf.sin(x) + x * tf.cos(x))
        return x * tf.sin(x), grad

x_sin_x = XSinX().__call__
''', True),
    Answer("02.x_sin_x", "product-rule-half", r'''
@strict_custom_gradient
def x_sin_x(x):
    def grad(upstream):
        return upstream * x * tf.cos(x)
    return x * tf.sin(x), grad
''', False, "Product rule: d(x sin x) = sin x + x cos x; the sin x term is missing.",
        ("sin|product",)),
    Answer("02.x_sin_x", "keras-layer-no-upstream", r'''
class XSinXLayer(tf.keras.layers.Layer):
    def call(self, x):
        @tf.custom_gradient
        def f(x):
            def grad(upstream):
                return tf.sin(x) + x * tf.cos(x)      # d/dx (x sin x)
            return x * tf.sin(x), grad
        return f(x)

x_sin_x = XSinXLayer(autocast=False)
''', False, "grad returns the local derivative only: multiply it by upstream.",
        ("upstream",)),
    Answer("02.x_sin_x", "x-reassigned-before-grad", r'''
@strict_custom_gradient
def x_sin_x(x):
    x = x * tf.sin(x)              # the result
    def grad(upstream):
        return upstream * (tf.sin(x) + x * tf.cos(x))
    return x, grad
''', False, "x was overwritten with the output, so grad evaluates the derivative at x sin x instead of at the input x.",
        ("input|overwr|reassign|output",)),
    # ------------------------------------------------------------------ 02.stable_log1pexp
    Answer("02.stable_log1pexp", "tf-function-around-strict", r'''
def _stable_sigmoid(x):
    e = tf.exp(-tf.abs(x))                      # never overflows
    return tf.where(x >= 0, 1 / (1 + e), e / (1 + e))

@tf.function
@strict_custom_gradient
def stable_log1pexp(x):
    y = tf.maximum(x, 0.0) + tf.math.log1p(tf.exp(-tf.abs(x)))
    def grad(upstream):
        return upstream * _stable_sigmoid(x)
    return y, grad
''', True),
    Answer("02.stable_log1pexp", "api-gradient-stable-forward", r'''
@strict_custom_gradient
def stable_log1pexp(x):
    y = tf.maximum(x, 0.0) + tf.math.log1p(tf.exp(-tf.abs(x)))
    def grad(upstream):
        return upstream * (1 - 1 / (1 + tf.exp(x)))
    return y, grad
''', False, "The forward is stable, but 1 − 1/(1 + eˣ) cancels to 0 for negative x: the gradient loses its relative precision there.",
        ("negative|precision|cancel",)),
    Answer("02.stable_log1pexp", "exp-ratio-gradient", r'''
@strict_custom_gradient
def stable_log1pexp(x):
    y = tf.maximum(x, 0.0) + tf.math.log1p(tf.exp(-tf.abs(x)))
    def grad(upstream):
        e = tf.exp(x)
        return upstream * e / (1 + e)
    return y, grad
''', False, "eˣ overflows for large x, so eˣ/(1 + eˣ) is inf/inf = NaN there; raise e only to negative powers.",
        ("overflow|nan|large|inf",)),
    Answer("02.stable_log1pexp", "log-not-log1p", r'''
class StableLog1pExp(tf.Module):
    def __call__(self, x):
        return self._f(x)

    @staticmethod
    @strict_custom_gradient
    def _f(x):
        e = tf.exp(-tf.abs(x))
        y = tf.maximum(x, 0.0) + tf.math.log(1 + e)
        def grad(upstream):
            return upstream * tf.where(x >= 0, 1 / (1 + e), e / (1 + e))
        return y, grad

stable_log1pexp = StableLog1pExp()
''', False, "The gradient is fine, but log(1 + e) with a tiny e rounds to 0: eagerly the forward value loses its precision for negative x (inside tf.function Grappler happens to rewrite it to log1p).",
        ("precision|negative|tiny|small|log1p",)),
    # ------------------------------------------------------------------ 02.multiply
    Answer("02.multiply", "custom-gradient-on-module-method", r'''
class Multiply(tf.Module):
    @tf.custom_gradient
    def product(self, x, y):
        def grad(upstream):
            return upstream * y, upstream * x
        return x * y, grad

multiply = Multiply().product
''', True),
    Answer("02.multiply", "swapped-gradients", r'''
@strict_custom_gradient
def multiply(x, y):
    def grad(upstream):
        return upstream * x, upstream * y
    return x * y, grad
''', False, "Each input's gradient is upstream times the other input: dL/dx uses y and dL/dy uses x.",
        ("other|swap",)),
    Answer("02.multiply", "upstream-only-in-one", r'''
import functools

def _multiply(x, y):
    def grad(upstream):
        return upstream * y, x
    return x * y, grad

multiply = functools.wraps(_multiply)(strict_custom_gradient(_multiply))
''', False, "The gradient for y forgets upstream: it must be upstream · x, like the one for x.",
        ("upstream",)),
    Answer("02.multiply", "matmul-gradient", r'''
@strict_custom_gradient
def multiply(x, y):
    def grad(upstream):
        return (tf.matmul(upstream, y, transpose_b=True),
                tf.matmul(x, upstream, transpose_a=True))
    return x * y, grad
''', False, "x * y is an elementwise product, not a matrix product: its gradients are elementwise too, not matmuls.",
        ("elementwise|element-wise|entry|matmul|matrix product",)),
    # ------------------------------------------------------------------ 03.matvec
    Answer("03.matvec", "module-factory-python-loop", r'''
class make_f(tf.Module):
    """make_f(A) is the function x -> A x, with its gradient built row by row."""
    def __init__(self, A):
        super().__init__()
        self.A = A

        @strict_custom_gradient
        def f(x):
            def grad(upstream):
                rows = [upstream[i] * A[i] for i in range(A.shape[0])]   # Σᵢ upᵢ · (row i of A)
                return tf.add_n(rows)
            return tf.linalg.matvec(A, x), grad
        self._f = f

    def __call__(self, x):
        return self._f(x)
''', True),
    Answer("03.matvec", "no-transpose", r'''
def make_f(A):
    @strict_custom_gradient
    def f(x):
        def grad(upstream):
            return tf.linalg.matvec(A, upstream)
        return tf.linalg.matvec(A, x), grad
    return f
''', False, "grad must multiply upstream by Aᵀ, not A (transpose_a=True).",
        ("transpose",)),
    Answer("03.matvec", "grad-uses-global-matrix", r'''
def make_f(A):
    @strict_custom_gradient
    def f(x):
        def grad(upstream):
            return tf.linalg.matvec(A_5x3, upstream, transpose_a=True)
        return tf.linalg.matvec(A, x), grad
    return f
''', False, "grad uses the notebook's A_5x3 instead of the A the factory was given (the closure's A).",
        ("closure|factory|given",)),
    Answer("03.matvec", "loop-forgets-upstream", r'''
def make_f(A):
    @strict_custom_gradient
    def f(x):
        def grad(upstream):
            return tf.add_n([A[i] for i in range(A.shape[0])])   # Σᵢ row i of A = Jᵀ·1
        return tf.linalg.matvec(A, x), grad
    return f
''', False, "The rows of A must be weighted by upstream: this is Aᵀ times a vector of ones, upstream is ignored.",
        ("upstream",)),
    # ------------------------------------------------------------------ 03.softmax_vjp
    Answer("03.softmax_vjp", "einsum-ellipsis", r'''
@strict_custom_gradient
def softmax(z):
    s = tf.nn.softmax(z)
    def grad(upstream):
        weighted = tf.einsum("...i,...i->...", upstream, s)     # ⟨u, s⟩ per row
        return s * (upstream - weighted[..., tf.newaxis])
    return s, grad
''', True),
    Answer("03.softmax_vjp", "sum-over-whole-batch", r'''
@strict_custom_gradient
def softmax(z):
    s = tf.nn.softmax(z)
    def grad(upstream):
        return s * (upstream - tf.reduce_sum(upstream * s))
    return s, grad
''', False, "tf.reduce_sum without axis=-1 mixes the rows of a batch: the sum ⟨u, s⟩ must be taken per row.",
        ("row|axis",)),
    Answer("03.softmax_vjp", "naive-exp-forward", r'''
@strict_custom_gradient
def softmax(z):
    e = tf.exp(z)
    s = e / tf.reduce_sum(e, axis=-1, keepdims=True)
    def grad(upstream):
        return s * (upstream - tf.reduce_sum(upstream * s, axis=-1, keepdims=True))
    return s, grad
''', False, "The VJP is right but the forward overflows for large scores (inf/inf = NaN): subtract each row's max, or use tf.nn.softmax.",
        ("overflow|large|nan|max",)),
    Answer("03.softmax_vjp", "no-keepdims", r'''
@strict_custom_gradient
def softmax(z):
    s = tf.nn.softmax(z)
    def grad(upstream):
        return s * (upstream - tf.reduce_sum(upstream * s, axis=-1))
    return s, grad
''', False, "Without keepdims=True the per-row sums do not line up with their rows in a batch (they broadcast along the wrong axis).",
        ("keepdims|row|axis|batch",)),
    # ------------------------------------------------------------------ 03.phi_grad
    Answer("03.phi_grad", "wraps-around-strict", r'''
import functools

def _phi(x):
    def grad(upstream):
        # Φ'(x) = ½ · erf'(x/√2) · 1/√2 = ½ · (2/√π) e^{-x²/2} / √2
        return upstream * 0.5 * (2.0 / np.sqrt(np.pi)) * tf.exp(-tf.square(x / np.sqrt(2.0))) / np.sqrt(2.0)
    return 0.5 * (1 + tf.math.erf(x / np.sqrt(2.0))), grad

_phi_checked = strict_custom_gradient(_phi)

@functools.wraps(_phi)
def phi_tf(x):
    return _phi_checked(x)
''', True),
    Answer("03.phi_grad", "missing-inner-derivative", r'''
@strict_custom_gradient
def phi_tf(x):
    def grad(upstream):
        return upstream * 0.5 * 2 / np.sqrt(np.pi) * tf.exp(-(x / np.sqrt(2.0)) ** 2)
    return 0.5 * (1 + tf.math.erf(x / np.sqrt(2.0))), grad
''', False, "The chain rule's inner derivative of x/√2, a factor 1/√2, is missing.",
        ("inner|chain|√2|sqrt",)),
    Answer("03.phi_grad", "float32-constant", r'''
INV_SQRT_2PI = tf.constant(0.3989422804014327)     # 1/√(2π)

@strict_custom_gradient
def phi_tf(x):
    def grad(upstream):
        return upstream * INV_SQRT_2PI * tf.exp(-0.5 * x * x)
    return 0.5 * (1 + tf.math.erf(x / np.sqrt(2.0))), grad
''', False, "tf.constant makes a float32 tensor, which cannot be multiplied with float64 inputs: use a Python float or cast to x.dtype.",
        ("dtype|float64|float32",)),
    Answer("03.phi_grad", "scipy-pdf-eager-only", r'''
@strict_custom_gradient
def phi_tf(x):
    def grad(upstream):
        return upstream * tf.constant(scipy.stats.norm.pdf(x.numpy()), dtype=x.dtype)
    return 0.5 * (1 + tf.math.erf(x / np.sqrt(2.0))), grad
''', False, "x.numpy() exists only eagerly; inside tf.function grad fails. Write φ with TensorFlow operations.",
        ("numpy|tf.function|graph|symbolic",)),
    # ------------------------------------------------------------------ 04.quadratic_form
    Answer("04.quadratic_form", "vectorized-map-rows", r'''
@strict_custom_gradient
def quadratic_form(x, A):
    def grad(upstream):
        dx = upstream * (tf.linalg.matvec(A, x) + tf.linalg.matvec(A, x, transpose_a=True))
        dA = tf.vectorized_map(lambda xi: upstream * xi * x, x)     # row i: u · xᵢ · xᵀ
        return dx, dA
    return tf.tensordot(x, tf.linalg.matvec(A, x), axes=1), grad
''', True),
    Answer("04.quadratic_form", "assumes-symmetric", r'''
@strict_custom_gradient
def quadratic_form(x, A):
    def grad(upstream):
        return 2 * upstream * tf.linalg.matvec(A, x), upstream * tf.tensordot(x, x, axes=0)
    return tf.tensordot(x, tf.linalg.matvec(A, x), axes=1), grad
''', False, "2Ax holds only for a symmetric A; in general dq/dx = (A + Aᵀ)x.",
        ("symmetric|transpose",)),
    Answer("04.quadratic_form", "dA-counted-twice", r'''
@strict_custom_gradient
def quadratic_form(x, A):
    def grad(upstream):
        dx = upstream * (tf.linalg.matvec(A, x) + tf.linalg.matvec(A, x, transpose_a=True))
        dA = tf.map_fn(lambda xi: 2 * upstream * xi * x, x)      # x appears twice in xᵀAx ...
        return dx, dA
    return tf.tensordot(x, tf.linalg.matvec(A, x), axes=1), grad
''', False, "Each Aᵢⱼ appears once in q, with slope xᵢxⱼ: dL/dA = upstream · x xᵀ, without the factor 2.",
        ("twice|factor|double",)),
    Answer("04.quadratic_form", "upstream-missing-in-dA", r'''
@strict_custom_gradient
def quadratic_form(x, A):
    def grad(upstream):
        dx = upstream * tf.linalg.matvec(A + tf.transpose(A), x)
        dA = tf.tensordot(x, x, axes=0)
        return dx, dA
    return tf.tensordot(x, tf.linalg.matvec(A, x), axes=1), grad
''', False, "The gradient for A forgets upstream: it must be upstream · x xᵀ.",
        ("upstream",)),
    # ------------------------------------------------------------------ 04.batched_matmul
    Answer("04.batched_matmul", "foldl-over-batch", r'''
@strict_custom_gradient
def batched_matmul(A, B):
    def grad(U):
        dA = tf.matmul(U, B, transpose_b=True)                        # U Bᵀ, batch by batch
        dB = tf.foldl(lambda acc, pair: acc + tf.matmul(pair[0], pair[1], transpose_a=True),
                      (A, U), initializer=tf.zeros_like(B))           # Σ_batch Aᵀ U
        return dA, dB
    return tf.matmul(A, B), grad
''', True),
    Answer("04.batched_matmul", "dB-not-summed", r'''
@strict_custom_gradient
def batched_matmul(A, B):
    def grad(U):
        return tf.matmul(U, B, transpose_b=True), tf.matmul(A, U, transpose_a=True)
    return tf.matmul(A, B), grad
''', False, "B is shared by the whole batch: sum its per-example gradients Aᵀ U over the batch axis.",
        ("sum|batch",)),
    Answer("04.batched_matmul", "dB-averaged", r'''
@strict_custom_gradient
def batched_matmul(A, B):
    def grad(U):
        per_example = tf.matmul(A, U, transpose_a=True)
        return tf.matmul(U, B, transpose_b=True), tf.reduce_mean(per_example, axis=0)
    return tf.matmul(A, B), grad
''', False, "Every batch entry's use of B adds to the loss: sum over the batch, do not average.",
        ("mean|average|sum",)),
    Answer("04.batched_matmul", "dA-not-transposed", r'''
@strict_custom_gradient
def batched_matmul(A, B):
    def grad(U):
        dA = tf.matmul(U, B)                                   # forgot Bᵀ
        dB = tf.reduce_sum(tf.matmul(A, U, transpose_a=True), axis=0)
        return dA, dB
    return tf.matmul(A, B), grad
''', False, "The gradient for A is U Bᵀ: B must be transposed (transpose_b=True).",
        ("transpose",)),
    # ------------------------------------------------------------------ 04.bias_add
    Answer("04.bias_add", "reshape-then-sum", r'''
@strict_custom_gradient
def bias_add(x, b):
    def grad(upstream):
        n = tf.shape(b)[0]
        db = tf.reduce_sum(tf.reshape(upstream, [-1, n]), axis=0)   # every axis but the last
        return tf.identity(upstream), db
    return x + b, grad
''', True),
    Answer("04.bias_add", "sum-axis-0-only", r'''
@strict_custom_gradient
def bias_add(x, b):
    def grad(upstream):
        return upstream, tf.reduce_sum(upstream, axis=0)
    return x + b, grad
''', False, "For a three-axis x, summing over axis 0 leaves the time axis: sum over every axis but the last.",
        ("axis|axes|time",)),
    Answer("04.bias_add", "mean-over-batch", r'''
@strict_custom_gradient
def bias_add(x, b):
    def grad(upstream):
        axes = list(range(len(upstream.shape) - 1))
        return upstream, tf.reduce_mean(upstream, axis=axes)
    return x + b, grad
''', False, "b is added to every row, so its gradient sums the contributions of all rows: reduce_sum, not reduce_mean.",
        ("mean|average|sum",)),
    Answer("04.bias_add", "variable-accumulator", r'''
class BiasAdd(tf.Module):
    def __init__(self):
        super().__init__()
        self.db = None                      # running gradient for b, kept in a variable

    def __call__(self, x, b):
        if self.db is None:
            self.db = tf.Variable(tf.zeros_like(b))
        module = self

        @strict_custom_gradient
        def f(x, b):
            def grad(upstream):
                axes = list(range(len(upstream.shape) - 1))
                module.db.assign_add(tf.reduce_sum(upstream, axis=axes))
                return upstream, tf.convert_to_tensor(module.db)
            return x + b, grad
        return f(x, b)

bias_add = BiasAdd()
''', False, "The variable accumulates across backward passes: from the second call on, b's gradient includes earlier calls' upstreams.",
        ("accumul|previous|call|earlier",)),
]
