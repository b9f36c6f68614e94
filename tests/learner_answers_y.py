"""Learner answers, set y: dtype and scalar slips, shapes right for some inputs only, NumPy and Python
values where tensors belong, debugging leftovers, half-copied cells, numerically fragile formulas.

Written from the learner's side, from each notebook's prompt and stub only (the judges were not read).
"""

from learner_answer_types import Answer

ANSWERS = [
    # ------------------------------------------------------------------ 00.warmup
    Answer("00.warmup", "tape-then-float", r'''
x3 = tf.constant(3.0)
with tf.GradientTape() as tape:
    tape.watch(x3)
    y3 = x3 ** 2
answer = float(tape.gradient(y3, x3))   # let TensorFlow do it, keep a plain number
''', True),
    Answer("00.warmup", "value-as-tensor", r'''
answer = tf.constant(3.0) ** 2
''', False, "That is the value of x² at 3 (9), not its derivative 2x at 3.", ("derivative",)),
    Answer("00.warmup", "kept-the-square", r'''
answer = 2 * 3 ** 2     # d/dx x^2 = 2 x^2 ?
''', False, "18 is 2·x²: the power rule lowers the exponent by one, the derivative is 2x.",
           ("2x|2·x|2 x|2*x|2 * x|exponent|power rule",)),
    Answer("00.warmup", "float32-finite-difference", r'''
h = np.float32(1e-6)          # small step = accurate, right?
x0 = np.float32(3.0)
answer = float(((x0 + h) ** 2 - x0 ** 2) / h)
''', False, "A float32 finite difference with a step of 1e-6 is mostly rounding noise (5.72); give the exact derivative 2x at 3.",
           ("float32|rounding|precision|exact|finite difference",)),

    # ------------------------------------------------------------------ 01.chain_derivative
    Answer("01.chain_derivative", "reduce-over-link-inputs", r'''
from functools import reduce
answer = reduce(lambda acc, v: acc * 2 * v, (3, 9, 81), 1)   # local 2v at each link input, multiplied
''', True),
    Answer("01.chain_derivative", "summed-the-locals", r'''
locals_ = [2 * 3, 2 * 9, 2 * 81]
answer = sum(locals_)
''', False, "The chain rule multiplies the local derivatives (6·18·162); adding them gives 186.",
           ("product|multipl",)),
    Answer("01.chain_derivative", "outermost-link-only", r'''
answer = 2 * 81   # the last square sees 81
''', False, "162 is only the outermost link's local derivative; the two inner links' locals must multiply it too.",
           ("product|multipl|chain",)),
    Answer("01.chain_derivative", "outputs-instead-of-inputs", r'''
x1 = 3 ** 2
x2 = x1 ** 2
y = x2 ** 2
answer = (2 * x1) * (2 * x2) * (2 * y)    # 2 times each value along the chain
''', False, "Each local derivative 2v uses the link's input (3, 9, 81), not its output (9, 81, 6561).",
           ("input",)),

    # ------------------------------------------------------------------ 01.upstreams
    Answer("01.upstreams", "read-off-a-chaintrace", r'''
trace = helpers.ChainTrace()
sq = trace.link("f", forward=lambda v: v ** 2, local=lambda v: 2 * v)
x = tf.constant(3.0)
with tf.GradientTape() as tape:
    tape.watch(x)
    y = sq(sq(sq(x)))
tape.gradient(y, x)
upstreams = [float(r.upstream) for r in trace.backward]
''', True),
    Answer("01.upstreams", "listed-downstreams", r'''
upstreams = [2 * 81, 2 * 81 * 2 * 9, 2 * 81 * 2 * 9 * 2 * 3]
''', False, "These are what each call passes down (downstream); each call receives the previous call's downstream, starting from 1.",
           ("downstream",)),
    Answer("01.upstreams", "forward-order", r'''
upstreams = [2916, 162, 1]
''', False, "Right numbers in the wrong order: the backward pass visits the outermost call first, which receives 1.",
           ("order|outermost|reverse|backward",)),
    Answer("01.upstreams", "local-derivatives", r'''
upstreams = [2 * 81, 2 * 9, 2 * 3]   # what each call works with on the way back
''', False, "These are the links' local derivatives; upstream is the product of the locals of the calls after it.",
           ("local",)),

    # ------------------------------------------------------------------ 01.local_sin
    Answer("01.local_sin", "phase-shifted-sine", r'''
def local_sin(x):
    return tf.sin(x + np.pi / 2)     # cos x = sin(x + π/2)
''', True),
    Answer("01.local_sin", "math-cos", r'''
import math

def local_sin(x):
    return math.cos(x)
''', False, "math.cos works on one Python number only; a tensor needs a TensorFlow operation.",
           ("math|tensorflow",)),
    Answer("01.local_sin", "cos-from-pythagoras", r'''
def local_sin(x):
    return tf.sqrt(1.0 - tf.sin(x) ** 2)    # cos² + sin² = 1
''', False, "sqrt(1 − sin²x) is |cos x|: its sign is wrong wherever cos x is negative (π/2 < |x| < 3π/2).",
           ("sign|negative|absolute",)),
    Answer("01.local_sin", "cast-to-float32", r'''
def local_sin(x):
    x = tf.cast(x, tf.float32)          # the course mostly uses float32
    return tf.cos(x)
''', False, "The input is float64 and the derivative should be too; casting to float32 changes the dtype and loses precision.",
           ("float64|dtype|float32",)),

    # ------------------------------------------------------------------ 02.x_sin_x
    Answer("02.x_sin_x", "add_n-of-two-terms", r'''
@strict_custom_gradient
def x_sin_x(x):
    def grad(upstream):
        return tf.add_n([upstream * tf.sin(x), upstream * x * tf.cos(x)])
    return x * tf.sin(x), grad
''', True),
    Answer("02.x_sin_x", "copied-local-sin", r'''
@strict_custom_gradient
def x_sin_x(x):
    def grad(upstream):
        return upstream * tf.cos(x)       # local derivative of the sin link
    return x * tf.sin(x), grad
''', False, "cos x is the derivative of sin x alone; x·sin x needs the product rule, sin x + x cos x.",
           ("product",)),
    Answer("02.x_sin_x", "ones-like-float32", r'''
@strict_custom_gradient
def x_sin_x(x):
    def grad(upstream):
        dx_dx = tf.ones_like(x, dtype=tf.float32)          # d(x)/dx = 1
        return upstream * (dx_dx * tf.sin(x) + x * tf.cos(x))
    return x * tf.sin(x), grad
''', False, "tf.ones_like(..., dtype=tf.float32) fixes the dtype: with a float64 x the multiplication fails.",
           ("float64|dtype|float32",)),
    Answer("02.x_sin_x", "flattened-gradient", r'''
@strict_custom_gradient
def x_sin_x(x):
    def grad(upstream):
        g = upstream * (tf.sin(x) + x * tf.cos(x))
        return tf.reshape(g, [-1])
    return x * tf.sin(x), grad
''', False, "tf.reshape(g, [-1]) flattens the gradient: right for a vector, wrong shape for a matrix x.",
           ("shape",)),

    # ------------------------------------------------------------------ 02.stable_log1pexp
    Answer("02.stable_log1pexp", "where-on-both-halves", r'''
@strict_custom_gradient
def stable_log1pexp(x):
    t = tf.exp(-tf.abs(x))                                   # always in (0, 1]
    y = tf.where(x > 0, x, tf.zeros_like(x)) + tf.math.log1p(t)
    def grad(upstream):
        slope = tf.where(x > 0, 1 / (1 + t), t / (1 + t))    # sigmoid(x), e only to negative powers
        return upstream * slope
    return y, grad
''', True),
    Answer("02.stable_log1pexp", "log1p-of-exp", r'''
@strict_custom_gradient
def stable_log1pexp(x):
    y = tf.math.log1p(tf.exp(x))
    def grad(upstream):
        return upstream * tf.sigmoid(x)
    return y, grad
''', False, "The gradient is fine but the forward still computes e^x, which overflows to inf above about 88.7.",
           ("overflow|inf",)),
    Answer("02.stable_log1pexp", "log-instead-of-log1p", r'''
@strict_custom_gradient
def stable_log1pexp(x):
    t = tf.exp(-tf.abs(x))
    y = tf.maximum(x, 0.0) + tf.math.log(1 + t)
    def grad(upstream):
        return upstream * tf.where(x >= 0, 1 / (1 + t), t / (1 + t))
    return y, grad
''', False, "log(1 + t) rounds 1 + t to 1 for tiny t, so for negative x the forward value comes out 0 and loses its relative precision.",
           ("precision|log1p|negative",)),
    Answer("02.stable_log1pexp", "python-if-on-any", r'''
@strict_custom_gradient
def stable_log1pexp(x):
    if tf.reduce_any(x > 0):
        y = x + tf.math.log1p(tf.exp(-x))
    else:
        y = tf.math.log1p(tf.exp(x))
    def grad(upstream):
        return upstream * tf.sigmoid(x)
    return y, grad
''', False, "A Python if picks one formula for the whole vector (and fails inside tf.function); choose entry by entry.",
           ("if|entry|elementwise|tf.where",)),

    # ------------------------------------------------------------------ 02.multiply
    Answer("02.multiply", "generator-tuple-with-counter", r'''
grad_calls = 0

@strict_custom_gradient
def multiply(x, y):
    def grad(upstream):
        global grad_calls
        grad_calls += 1                    # how often did the tape call me?
        return tuple(upstream * other for other in (y, x))   # dL/dx = u·y, dL/dy = u·x
    return x * y, grad
''', True),
    Answer("02.multiply", "divide-grad-left-in", r'''
@strict_custom_gradient
def multiply(x, y):
    def grad(upstream):
        return upstream / y, -upstream * x / y ** 2     # (dL/dx, dL/dy), in input order
    return x * y, grad
''', False, "This grad is the one of x / y copied from the divide example; for x·y each input gets upstream times the other input.",
           ("divi|quotient|/ y|/y",)),
    Answer("02.multiply", "one-gradient-for-both", r'''
@strict_custom_gradient
def multiply(x, y):
    def grad(upstream):
        return upstream * (x + y)
    return x * y, grad
''', False, "grad must return two gradients, one per input (dL/dx and dL/dy), not one combined tensor.",
           ("two|each|per input|both",)),
    Answer("02.multiply", "summed-to-scalars", r'''
@strict_custom_gradient
def multiply(x, y):
    def grad(upstream):
        return tf.reduce_sum(upstream * y), tf.reduce_sum(upstream * x)
    return x * y, grad
''', False, "Summing makes each gradient a scalar; for vector or matrix inputs each gradient must keep its input's shape.",
           ("shape",)),

    # ------------------------------------------------------------------ 03.matvec
    Answer("03.matvec", "adjoint-flag", r'''
def make_f(A):
    @strict_custom_gradient
    def f(x):
        def grad(upstream):
            return tf.linalg.matvec(A, upstream, adjoint_a=True)   # real A: adjoint = transpose
        return tf.linalg.matvec(A, x), grad
    return f
''', True),
    Answer("03.matvec", "notebook-global-matrix", r'''
def make_f(A):
    @strict_custom_gradient
    def f(x):
        def grad(upstream):
            return tf.linalg.matvec(A_5x3, upstream, transpose_a=True)
        return tf.linalg.matvec(A, x), grad
    return f
''', False, "grad uses the fixed A_5x3 instead of the A that make_f was given (the closure's matrix).",
           ("closure|A_5x3|make_f|factory",)),
    Answer("03.matvec", "numpy-inside-grad", r'''
def make_f(A):
    @strict_custom_gradient
    def f(x):
        def grad(upstream):
            At = np.transpose(np.asarray(A))
            return tf.constant(At @ upstream.numpy())
        return tf.linalg.matvec(A, x), grad
    return f
''', False, "upstream.numpy() has no value inside tf.function; build grad from TensorFlow operations.",
           ("numpy|tf.function|graph",)),
    Answer("03.matvec", "column-vector-left-over", r'''
def make_f(A):
    @strict_custom_gradient
    def f(x):
        def grad(upstream):
            u = tf.expand_dims(upstream, -1)              # make it a column for matmul
            return tf.matmul(A, u, transpose_a=True)
        return tf.linalg.matvec(A, x), grad
    return f
''', False, "The values are Aᵀ·upstream but the result keeps the extra column axis: shape (m, 1) instead of x's (m,).",
           ("shape",)),

    # ------------------------------------------------------------------ 03.softmax_vjp
    Answer("03.softmax_vjp", "einsum-row-dots", r'''
@strict_custom_gradient
def softmax(z):
    s = tf.nn.softmax(z)
    def grad(upstream):
        dot = tf.einsum("...i,...i->...", upstream, s)     # one number per row
        return s * (upstream - tf.expand_dims(dot, -1))
    return s, grad
''', True),
    Answer("03.softmax_vjp", "forgot-keepdims", r'''
@strict_custom_gradient
def softmax(z):
    s = tf.nn.softmax(z)
    def grad(upstream):
        return s * (upstream - tf.reduce_sum(upstream * s, axis=-1))
    return s, grad
''', False, "Without keepdims=True each row's sum loses its axis and no longer lines up with its row in a batch.",
           ("keepdims|batch|row",)),
    Answer("03.softmax_vjp", "hand-written-exp", r'''
@strict_custom_gradient
def softmax(z):
    e = tf.exp(z)
    s = e / tf.reduce_sum(e, axis=-1, keepdims=True)
    def grad(upstream):
        return s * (upstream - tf.reduce_sum(upstream * s, axis=-1, keepdims=True))
    return s, grad
''', False, "The VJP is right but e^z overflows for large scores (inf/inf = NaN); subtract each row's max first.",
           ("overflow|max|large|nan",)),
    Answer("03.softmax_vjp", "built-the-jacobian", r'''
@strict_custom_gradient
def softmax(z):
    s = tf.nn.softmax(z)
    def grad(upstream):
        J = tf.linalg.diag(s) - s[:, None] * s[None, :]      # diag(s) - s sᵀ
        return tf.linalg.matvec(J, upstream, transpose_a=True)
    return s, grad
''', False, "s[:, None] * s[None, :] is an outer product only for one vector; for a batch of rows it mixes the rows (and the exercise asks not to form J).",
           ("batch|row|jacobian",)),

    # ------------------------------------------------------------------ 03.phi_grad
    Answer("03.phi_grad", "chain-rule-through-erf", r'''
@strict_custom_gradient
def phi_tf(x):
    def grad(upstream):
        z = x / np.sqrt(2.0)
        derf = 2 / np.sqrt(np.pi) * tf.exp(-z * z)       # erf'(z)
        return upstream * 0.5 * derf / np.sqrt(2.0)       # times dz/dx = 1/√2
    return 0.5 * (1 + tf.math.erf(x / np.sqrt(2.0))), grad
''', True),
    Answer("03.phi_grad", "tf-constant-two", r'''
@strict_custom_gradient
def phi_tf(x):
    def grad(upstream):
        return upstream * tf.exp(-x ** 2 / tf.constant(2.0)) / np.sqrt(2 * np.pi)
    return 0.5 * (1 + tf.math.erf(x / np.sqrt(2.0))), grad
''', False, "tf.constant(2.0) is float32: with a float64 x the division fails; use a plain 2.0.",
           ("float64|dtype|float32",)),
    Answer("03.phi_grad", "debug-print-numpy", r'''
@strict_custom_gradient
def phi_tf(x):
    def grad(upstream):
        print("upstream:", upstream.numpy())       # checking what comes in
        return upstream * tf.exp(-0.5 * x ** 2) / np.sqrt(2 * np.pi)
    return 0.5 * (1 + tf.math.erf(x / np.sqrt(2.0))), grad
''', False, "The leftover print calls upstream.numpy(), which fails inside tf.function; drop it or use tf.print.",
           ("numpy|print",)),
    Answer("03.phi_grad", "math-exp", r'''
import math

@strict_custom_gradient
def phi_tf(x):
    def grad(upstream):
        return upstream * math.exp(-x ** 2 / 2) / math.sqrt(2 * math.pi)
    return 0.5 * (1 + tf.math.erf(x / np.sqrt(2.0))), grad
''', False, "math.exp takes one Python number; on a tensor use TensorFlow's exponential.",
           ("math|tensorflow",)),

    # ------------------------------------------------------------------ 04.quadratic_form
    Answer("04.quadratic_form", "both-sides-and-einsum", r'''
@strict_custom_gradient
def quadratic_form(x, A):
    def grad(upstream):
        Ax = tf.linalg.matvec(A, x)
        xA = tf.linalg.matvec(A, x, transpose_a=True)      # Aᵀx: x also sits on the left of A
        return upstream * (Ax + xA), upstream * tf.einsum("i,j->ij", x, x)
    return tf.tensordot(x, tf.linalg.matvec(A, x), axes=1), grad
''', True),
    Answer("04.quadratic_form", "numpy-outer", r'''
@strict_custom_gradient
def quadratic_form(x, A):
    def grad(upstream):
        dx = upstream * (tf.linalg.matvec(A, x) + tf.linalg.matvec(A, x, transpose_a=True))
        dA = upstream.numpy() * np.outer(x.numpy(), x.numpy())
        return dx, dA
    return tf.tensordot(x, tf.linalg.matvec(A, x), axes=1), grad
''', False, "dA is a NumPy array: return a tensor built with TensorFlow operations (tf.tensordot(..., axes=0) for an outer product).",
           ("numpy|ndarray",)),
    Answer("04.quadratic_form", "copied-linear-grad", r'''
@strict_custom_gradient
def quadratic_form(x, A):
    def grad(upstream):
        v = upstream * x
        return tf.linalg.matvec(A, v, transpose_a=True), tf.tensordot(v, x, axes=0)
    return tf.tensordot(x, tf.linalg.matvec(A, x), axes=1), grad
''', False, "dL/dA is right, but dL/dx has only the Aᵀx term: x appears twice in xᵀAx, so Ax contributes too.",
           ("twice|both|Ax|A x|A·x",)),
    Answer("04.quadratic_form", "keepdims-column", r'''
@strict_custom_gradient
def quadratic_form(x, A):
    def grad(upstream):
        S = A + tf.transpose(A)
        dx = upstream * tf.reduce_sum(S * x, axis=1, keepdims=True)
        return dx, upstream * tf.tensordot(x, x, axes=0)
    return tf.tensordot(x, tf.linalg.matvec(A, x), axes=1), grad
''', False, "keepdims=True leaves dL/dx as an (n, 1) column; it must have x's shape (n,).",
           ("shape|keepdims",)),

    # ------------------------------------------------------------------ 04.batched_matmul
    Answer("04.batched_matmul", "flatten-the-batch-for-dB", r'''
@strict_custom_gradient
def batched_matmul(A, B):
    def grad(U):
        dA = tf.matmul(U, B, transpose_b=True)                 # B broadcasts over the batch
        k, n = tf.shape(B)[0], tf.shape(B)[1]
        rows_A = tf.reshape(A, [-1, k])                         # all batch rows stacked
        rows_U = tf.reshape(U, [-1, n])
        dB = tf.matmul(rows_A, rows_U, transpose_a=True)        # sums over batch and rows at once
        return dA, dB
    return tf.matmul(A, B), grad
''', True),
    Answer("04.batched_matmul", "transpose-without-perm", r'''
@strict_custom_gradient
def batched_matmul(A, B):
    def grad(U):
        dA = tf.matmul(U, tf.transpose(B))
        dB = tf.reduce_sum(tf.matmul(tf.transpose(A), U), axis=0)
        return dA, dB
    return tf.matmul(A, B), grad
''', False, "tf.transpose of the 3-axis A reverses all three axes, batch included; transpose only the last two (perm or transpose_a=True).",
           ("perm|transpose_a|last two|all axes|all three",)),
    Answer("04.batched_matmul", "mean-over-batch", r'''
@strict_custom_gradient
def batched_matmul(A, B):
    def grad(U):
        dA = tf.matmul(U, B, transpose_b=True)
        dB = tf.reduce_mean(tf.matmul(A, U, transpose_a=True), axis=0)
        return dA, dB
    return tf.matmul(A, B), grad
''', False, "B is used by every batch entry, so its gradient is the sum of their contributions, not their average.",
           ("sum|mean|average",)),
    Answer("04.batched_matmul", "float32-accumulator", r'''
@strict_custom_gradient
def batched_matmul(A, B):
    def grad(U):
        dA = tf.matmul(U, B, transpose_b=True)
        dB = tf.zeros(B.shape)
        for i in range(A.shape[0]):
            dB += tf.matmul(A[i], U[i], transpose_a=True)
        return dA, dB
    return tf.matmul(A, B), grad
''', False, "tf.zeros(B.shape) is float32 whatever B is: with float64 inputs the accumulation fails; give it B's dtype.",
           ("float64|dtype|float32",)),

    # ------------------------------------------------------------------ 04.bias_add
    Answer("04.bias_add", "reshape-then-sum", r'''
@strict_custom_gradient
def bias_add(x, b):
    def grad(upstream):
        per_row = tf.reshape(upstream, [-1, tf.shape(b)[0]])   # every leading axis folded into rows
        return tf.identity(upstream), tf.reduce_sum(per_row, axis=0)
    return x + b, grad
''', True),
    Answer("04.bias_add", "axis-zero-only", r'''
@strict_custom_gradient
def bias_add(x, b):
    def grad(upstream):
        return upstream, tf.reduce_sum(upstream, axis=0)
    return x + b, grad
''', False, "Summing over axis 0 only is right for (batch, n), but a (batch, time, n) x leaves db with shape (time, n): sum over every axis but the last.",
           ("axis|axes|time|three",)),
    Answer("04.bias_add", "keepdims-row", r'''
@strict_custom_gradient
def bias_add(x, b):
    def grad(upstream):
        axes = list(range(len(upstream.shape) - 1))
        return upstream, tf.reduce_sum(upstream, axis=axes, keepdims=True)
    return x + b, grad
''', False, "keepdims=True gives db a shape like (1, n) or (1, 1, n); it must have b's shape (n,).",
           ("shape|keepdims",)),
    Answer("04.bias_add", "multiply-grad-pasted", r'''
@strict_custom_gradient
def bias_add(x, b):
    def grad(upstream):
        axes = list(range(len(upstream.shape) - 1))
        return upstream * b, tf.reduce_sum(upstream * x, axis=axes)
    return x + b, grad
''', False, "These are a product's gradients (x·b); for a sum the local derivative is 1, so x gets upstream and b its sum.",
           ("multipl|product",)),
]
