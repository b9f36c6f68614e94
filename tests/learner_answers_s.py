"""Learner answers, set s: misread prompts, output-based formulas, fragile numerics, Python state,
rebound inputs, row/column confusion, sum/mean mix-ups, half precision, None for a float input."""

from learner_answer_types import Answer

ANSWERS = [
    # ------------------------------------------------------------------ 00.warmup
    Answer("00.warmup", "tape-to-float", r'''
x = tf.constant(3.0)
with tf.GradientTape() as tape:
    tape.watch(x)
    y = x * x
answer = float(tape.gradient(y, x))
''', True),
    Answer("00.warmup", "value-not-derivative", r'''
x = 3
answer = x ** 2      # d/dx of x^2 at 3
''', False, "9 is the value of x² at 3, not its derivative", ("derivative",)),
    Answer("00.warmup", "second-derivative", r'''
# derivative of x^2 ... the derivative is 2, so
answer = 2
''', False, "2 is the second derivative (the slope of 2x), not the first derivative at x = 3", ("second",)),
    Answer("00.warmup", "formula-string", r'''
answer = "2*x"   # derivative of x**2
''', False, "the exercise wants a number (the derivative evaluated at x = 3), not a formula as text", ("number|numeric",)),

    # ------------------------------------------------------------------ 01.chain_derivative
    Answer("01.chain_derivative", "prod-of-locals", r'''
link_inputs = (3, 9, 81)
answer = int(np.prod([2 * v for v in link_inputs]))
''', True),
    Answer("01.chain_derivative", "value-of-y", r'''
x = 3
x1 = x ** 2
x2 = x1 ** 2
answer = x2 ** 2
''', False, "6561 is y = x⁸ itself, the forward value, not dy/dx", ("derivative|value",)),
    Answer("01.chain_derivative", "locals-at-outputs", r'''
# local derivative of each link is 2 * (its value)
answer = (2 * 9) * (2 * 81) * (2 * 6561)
''', False, "each local derivative 2v must use the link's input (3, 9, 81), not its output (9, 81, 6561)",
        ("input|output",)),
    Answer("01.chain_derivative", "sum-of-locals", r'''
answer = 2 * 3 + 2 * 9 + 2 * 81
''', False, "the chain rule multiplies the local derivatives; adding them gives 186", ("multiply|product",)),

    # ------------------------------------------------------------------ 01.upstreams
    Answer("01.upstreams", "loop-accumulate", r'''
upstreams = []
up = 1.0
for v in (81, 9, 3):        # inputs of the calls, outermost first
    upstreams.append(up)
    up = up * 2 * v         # downstream becomes the next call's upstream
''', True),
    Answer("01.upstreams", "forward-order", r'''
upstreams = [2916, 162, 1]
''', False, "right numbers in the wrong order: the backward pass visits the outermost call first",
        ("order|backward|reverse",)),
    Answer("01.upstreams", "downstreams", r'''
upstreams = [2 * 81, 2 * 81 * 2 * 9, 2 * 81 * 2 * 9 * 2 * 3]
''', False, "these are the downstreams each call passes on; its upstream is what it receives",
        ("downstream",)),
    Answer("01.upstreams", "local-derivatives", r'''
upstreams = [2 * 81, 2 * 9, 2 * 3]   # d(output)/d(input) of each call
''', False, "these are each call's local derivatives; upstream is dL/d(output), the product of the later locals",
        ("local",)),

    # ------------------------------------------------------------------ 01.local_sin
    Answer("01.local_sin", "tape-inside", r'''
def local_sin(x):
    x = tf.convert_to_tensor(x)
    with tf.GradientTape() as inner:
        inner.watch(x)
        s = tf.sin(x)
    return inner.gradient(s, x)
''', True),
    Answer("01.local_sin", "sqrt-one-minus-y2", r'''
def local_sin(x):
    y = tf.sin(x)
    return tf.sqrt(1.0 - y ** 2)     # cos from sin: cos² + sin² = 1
''', False, "sqrt(1 − sin²) is |cos x|: the sign is lost wherever the cosine is negative",
        ("sign|negative|abs",)),
    Answer("01.local_sin", "forward-value", r'''
def local_sin(x):
    return tf.sin(x)      # the sin link
''', False, "this returns the link's forward value sin x, not its local derivative",
        ("derivative",)),
    Answer("01.local_sin", "float16-cos", r'''
def local_sin(x):
    small = tf.cast(x, tf.float16)            # half precision is plenty for a slope
    return tf.cast(tf.cos(small), x.dtype)
''', False, "computing in float16 keeps only ~3 digits: the float64 result is far off", ("float16|precision",)),

    # ------------------------------------------------------------------ 02.x_sin_x
    Answer("02.x_sin_x", "phase-shift-form", r'''
@strict_custom_gradient
def x_sin_x(x):
    def grad(upstream):
        # sin x + x cos x  ==  sqrt(1 + x²) · sin(x + atan x)
        return upstream * tf.sqrt(1 + x * x) * tf.sin(x + tf.atan(x))
    return x * tf.sin(x), grad
''', True),
    Answer("02.x_sin_x", "y-over-x", r'''
@strict_custom_gradient
def x_sin_x(x):
    y = x * tf.sin(x)
    def grad(upstream):
        return upstream * (y / x + x * tf.cos(x))     # sin x = y / x
    return y, grad
''', False, "y / x is NaN at x = 0 (0/0); write sin x directly", ("zero|0|nan",)),
    Answer("02.x_sin_x", "no-product-rule", r'''
@strict_custom_gradient
def x_sin_x(x):
    def grad(upstream):
        return upstream * x * tf.cos(x)
    return x * tf.sin(x), grad
''', False, "product rule: the derivative of x·sin x has two terms, the sin x term is missing",
        ("product|sin x|term",)),
    Answer("02.x_sin_x", "x-reused-for-output", r'''
@strict_custom_gradient
def x_sin_x(x):
    def grad(upstream):
        return upstream * (s + x * c)      # product rule
    s, c = tf.sin(x), tf.cos(x)
    x = x * s                              # the output
    return x, grad
''', False, "x is reassigned to the output before grad runs, so grad's closure sees x·sin x instead of x",
        ("overwr|rebind|rebound|reassign|redefin|closure|changed",)),

    # ------------------------------------------------------------------ 02.stable_log1pexp
    Answer("02.stable_log1pexp", "grad-from-output", r'''
@strict_custom_gradient
def stable_log1pexp(x):
    y = tf.maximum(x, 0.0) + tf.math.log1p(tf.exp(-tf.abs(x)))
    def grad(upstream):
        # sigmoid(x) = e^x / (1 + e^x) = exp(x - log(1 + e^x)) = exp(x - y)
        return upstream * tf.exp(x - y)
    return y, grad
''', True),
    Answer("02.stable_log1pexp", "one-minus-form", r'''
@strict_custom_gradient
def stable_log1pexp(x):
    y = tf.maximum(x, 0.0) + tf.math.log1p(tf.exp(-tf.abs(x)))
    def grad(upstream):
        return upstream * (1 - 1 / (1 + tf.exp(x)))
    return y, grad
''', False, "1 − 1/(1 + eˣ) cancels catastrophically for negative x: the gradient comes out 0 instead of ≈ eˣ",
        ("negative|precision|cancel|relative",)),
    Answer("02.stable_log1pexp", "exp-over-1-plus-exp", r'''
@strict_custom_gradient
def stable_log1pexp(x):
    y = tf.maximum(x, 0.0) + tf.math.log1p(tf.exp(-tf.abs(x)))
    def grad(upstream):
        e = tf.exp(x)
        return upstream * e / (1 + e)
    return y, grad
''', False, "eˣ overflows above x ≈ 88.7, so the gradient is inf/inf = NaN there",
        ("nan|overflow|inf",)),
    Answer("02.stable_log1pexp", "abs-instead-of-max", r'''
@strict_custom_gradient
def stable_log1pexp(x):
    y = tf.abs(x) + tf.math.log1p(tf.exp(-tf.abs(x)))
    def grad(upstream):
        return upstream * tf.sigmoid(x)
    return y, grad
''', False, "the forward value is wrong for negative x: |x| + log1p(e^-|x|) is log(1 + e^|x|), not log(1 + e^x)",
        ("forward|value|negative",)),

    # ------------------------------------------------------------------ 02.multiply
    Answer("02.multiply", "tuple-generator", r'''
@strict_custom_gradient
def multiply(x, y):
    def grad(upstream):
        # dz/dx is the *other* factor, and so is dz/dy
        return tuple(upstream * other for other in (y, x))
    return x * y, grad
''', True),
    Answer("02.multiply", "swapped", r'''
@strict_custom_gradient
def multiply(x, y):
    def grad(upstream):
        return upstream * x, upstream * y
    return x * y, grad
''', False, "the gradients are swapped: dz/dx is y and dz/dy is x", ("swap|other|wrong input",)),
    Answer("02.multiply", "z-over-input", r'''
@strict_custom_gradient
def multiply(x, y):
    z = x * y
    def grad(upstream):
        return upstream * z / x, upstream * z / y
    return z, grad
''', False, "z / x and z / y divide by zero wherever an input entry is 0 (NaN)", ("zero|0|nan|divi",)),
    Answer("02.multiply", "cached-first-inputs", r'''
_saved = {}

@strict_custom_gradient
def multiply(x, y):
    if "x" not in _saved:                 # keep the inputs for the backward pass
        _saved["x"], _saved["y"] = x, y
    def grad(upstream):
        return upstream * _saved["y"], upstream * _saved["x"]
    return x * y, grad
''', False, "grad uses inputs cached from the first call (Python state), not the current x and y",
        ("earlier|previous|first|cache|stale|state|another call",)),

    # ------------------------------------------------------------------ 03.softmax_vjp
    Answer("03.softmax_vjp", "einsum-dot", r'''
@strict_custom_gradient
def softmax(z):
    s = tf.nn.softmax(z)
    def grad(upstream):
        dot = tf.einsum("...i,...i->...", upstream, s)[..., tf.newaxis]   # <upstream, s> per row
        return s * (upstream - dot)
    return s, grad
''', True),
    Answer("03.softmax_vjp", "returns-jacobian", r'''
@strict_custom_gradient
def softmax(z):
    s = tf.nn.softmax(z)
    def grad(upstream):
        return tf.linalg.diag(s) - s[..., :, tf.newaxis] * s[..., tf.newaxis, :]   # diag(s) - s sᵀ
    return s, grad
''', False, "grad must return Jᵀ·upstream shaped like z, not the Jacobian itself",
        ("jacobian|shape",)),
    Answer("03.softmax_vjp", "axis0-sum", r'''
@strict_custom_gradient
def softmax(z):
    s = tf.nn.softmax(z)
    def grad(upstream):
        return s * (upstream - tf.reduce_sum(upstream * s, axis=0, keepdims=True))
    return s, grad
''', False, "axis=0 sums down the columns of a batch (across rows); the sum must run within each row (last axis)",
        ("row|axis|batch|last",)),
    Answer("03.softmax_vjp", "recomputed-exp", r'''
@strict_custom_gradient
def softmax(z):
    s = tf.nn.softmax(z)
    def grad(upstream):
        e = tf.exp(z)
        p = e / tf.reduce_sum(e, axis=-1, keepdims=True)
        return p * (upstream - tf.reduce_sum(upstream * p, axis=-1, keepdims=True))
    return s, grad
''', False, "recomputing softmax as exp(z)/sum overflows for large scores (inf/inf = NaN); use s",
        ("overflow|large|nan|inf",)),

    # ------------------------------------------------------------------ 03.matvec
    Answer("03.matvec", "row-times-A", r'''
def make_f(A):
    @strict_custom_gradient
    def f(x):
        def grad(upstream):
            row = tf.reshape(upstream, [1, -1])          # upstream as a row vector, times J = A
            return tf.reshape(tf.matmul(row, A), [-1])
        return tf.linalg.matvec(A, x), grad
    return f
''', True),
    Answer("03.matvec", "no-transpose", r'''
def make_f(A):
    @strict_custom_gradient
    def f(x):
        def grad(upstream):
            return tf.linalg.matvec(A, upstream)
        return tf.linalg.matvec(A, x), grad
    return f
''', False, "the VJP multiplies by Aᵀ, not A", ("transpose|aᵀ",)),
    Answer("03.matvec", "returns-jacobian-T", r'''
def make_f(A):
    @strict_custom_gradient
    def f(x):
        def grad(upstream):
            return tf.transpose(A)      # Jᵀ, and J = A
        return tf.linalg.matvec(A, x), grad
    return f
''', False, "grad returned Jᵀ itself; it must return Jᵀ times upstream, shaped like x", ("upstream",)),
    Answer("03.matvec", "column-vector", r'''
def make_f(A):
    @strict_custom_gradient
    def f(x):
        def grad(upstream):
            u = tf.reshape(upstream, [-1, 1])              # column vector
            return tf.matmul(A, u, transpose_a=True)       # Aᵀ u
        return tf.linalg.matvec(A, x), grad
    return f
''', False, "Aᵀu as an (n, 1) column: the gradient must have x's shape (n,)", ("shape",)),

    # ------------------------------------------------------------------ 03.phi_grad
    Answer("03.phi_grad", "exp-of-log-density", r'''
@strict_custom_gradient
def phi_tf(x):
    def grad(upstream):
        log_density = -0.5 * x * x - 0.5 * np.log(2 * np.pi)
        return upstream * tf.exp(log_density)
    return 0.5 * (1 + tf.math.erf(x / np.sqrt(2.0))), grad
''', True),
    Answer("03.phi_grad", "missing-inner-factor", r'''
@strict_custom_gradient
def phi_tf(x):
    def grad(upstream):
        z = x / np.sqrt(2.0)
        return upstream * 0.5 * 2 / np.sqrt(np.pi) * tf.exp(-z ** 2)
    return 0.5 * (1 + tf.math.erf(x / np.sqrt(2.0))), grad
''', False, "chain rule: the inner x/√2 contributes a factor 1/√2 that is missing", ("chain|factor|√2|sqrt",)),
    Answer("03.phi_grad", "sigmoid-style", r'''
@strict_custom_gradient
def phi_tf(x):
    y = 0.5 * (1 + tf.math.erf(x / np.sqrt(2.0)))
    def grad(upstream):
        return upstream * y * (1 - y)      # like the sigmoid: derivative from the output
    return y, grad
''', False, "y(1 − y) is the sigmoid's derivative; Φ' is the normal density", ("sigmoid|density|pdf|φ",)),
    Answer("03.phi_grad", "float16-density", r'''
@strict_custom_gradient
def phi_tf(x):
    def grad(upstream):
        h = tf.cast(x, tf.float16)
        density = tf.exp(-h * h / 2) / np.float16(np.sqrt(2 * np.pi))
        return upstream * tf.cast(density, upstream.dtype)
    return 0.5 * (1 + tf.math.erf(x / np.sqrt(2.0))), grad
''', False, "the density computed in float16 loses precision (and underflows in the tails)",
        ("float16|precision",)),

    # ------------------------------------------------------------------ 04.quadratic_form
    Answer("04.quadratic_form", "two-matvecs-einsum", r'''
@strict_custom_gradient
def quadratic_form(x, A):
    def grad(upstream):
        dx = upstream * (tf.linalg.matvec(A, x) + tf.linalg.matvec(A, x, transpose_a=True))
        dA = upstream * tf.einsum("i,j->ij", x, x)
        return dx, dA
    return tf.tensordot(x, tf.linalg.matvec(A, x), axes=1), grad
''', True),
    Answer("04.quadratic_form", "assumed-symmetric", r'''
@strict_custom_gradient
def quadratic_form(x, A):
    def grad(upstream):
        return 2 * upstream * tf.linalg.matvec(A, x), upstream * tf.tensordot(x, x, axes=0)
    return tf.tensordot(x, tf.linalg.matvec(A, x), axes=1), grad
''', False, "2Ax holds only for a symmetric A; in general dx is (A + Aᵀ)x",
        ("symmetric|transpose|aᵀ",)),
    Answer("04.quadratic_form", "none-for-A", r'''
@strict_custom_gradient
def quadratic_form(x, A):
    def grad(upstream):
        dx = upstream * tf.linalg.matvec(A + tf.transpose(A), x)
        return dx, None          # A is just the coefficients, no gradient needed
    return tf.tensordot(x, tf.linalg.matvec(A, x), axes=1), grad
''', False, "A is a float input and needs its gradient too; None is only for non-differentiable inputs",
        ("none",)),
    Answer("04.quadratic_form", "column-x", r'''
@strict_custom_gradient
def quadratic_form(x, A):
    def grad(upstream):
        xc = tf.reshape(x, [-1, 1])                          # x as a column vector
        dx = upstream * tf.matmul(A + tf.transpose(A), xc)
        dA = upstream * tf.matmul(xc, xc, transpose_b=True)  # x xᵀ
        return dx, dA
    return tf.tensordot(x, tf.linalg.matvec(A, x), axes=1), grad
''', False, "dx comes back as an (n, 1) column; it must have x's shape (n,)", ("shape|column",)),

    # ------------------------------------------------------------------ 04.batched_matmul
    Answer("04.batched_matmul", "einsum-and-flatten", r'''
@strict_custom_gradient
def batched_matmul(A, B):
    def grad(U):
        dA = tf.einsum("...mn,kn->...mk", U, B)                 # U Bᵀ per batch entry
        k, n = tf.shape(B)[0], tf.shape(B)[1]
        rows_A = tf.reshape(A, [-1, k])                          # all batch rows stacked
        rows_U = tf.reshape(U, [-1, n])
        dB = tf.matmul(rows_A, rows_U, transpose_a=True)         # sum over the batch of Aᵀ U
        return dA, dB
    return tf.matmul(A, B), grad
''', True),
    Answer("04.batched_matmul", "dB-not-summed", r'''
@strict_custom_gradient
def batched_matmul(A, B):
    def grad(U):
        return tf.matmul(U, B, transpose_b=True), tf.matmul(A, U, transpose_a=True)
    return tf.matmul(A, B), grad
''', False, "B is shared by the batch: its gradient must be summed over the batch axis to shape (k, n)",
        ("sum|batch",)),
    Answer("04.batched_matmul", "dB-mean", r'''
@strict_custom_gradient
def batched_matmul(A, B):
    def grad(U):
        dA = tf.matmul(U, B, transpose_b=True)
        dB = tf.reduce_mean(tf.matmul(A, U, transpose_a=True), axis=0)
        return dA, dB
    return tf.matmul(A, B), grad
''', False, "dB averages over the batch; the contributions add up (sum), so it is too small by the batch size",
        ("mean|sum|average",)),
    Answer("04.batched_matmul", "bfloat16-matmuls", r'''
@strict_custom_gradient
def batched_matmul(A, B):
    def grad(U):
        lo = lambda t: tf.cast(t, tf.bfloat16)          # faster matmuls
        dA = tf.matmul(lo(U), lo(B), transpose_b=True)
        dB = tf.reduce_sum(tf.matmul(lo(A), lo(U), transpose_a=True), axis=0)
        return tf.cast(dA, A.dtype), tf.cast(dB, B.dtype)
    return tf.matmul(A, B), grad
''', False, "bfloat16 keeps about 3 significant digits: the gradients are visibly inaccurate",
        ("bfloat16|precision",)),

    # ------------------------------------------------------------------ 04.bias_add
    Answer("04.bias_add", "reshape-rows", r'''
@strict_custom_gradient
def bias_add(x, b):
    def grad(upstream):
        every_row = tf.reshape(upstream, [-1, tf.shape(b)[0]])   # one row per position b was added at
        return tf.identity(upstream), tf.reduce_sum(every_row, axis=0)
    return x + b, grad
''', True),
    Answer("04.bias_add", "axis0-only", r'''
@strict_custom_gradient
def bias_add(x, b):
    def grad(upstream):
        return upstream, tf.reduce_sum(upstream, axis=0)
    return x + b, grad
''', False, "with a (batch, time, n) x, summing axis 0 only leaves the time axis: sum every axis but the last",
        ("axis|axes|time",)),
    Answer("04.bias_add", "mean-over-batch", r'''
@strict_custom_gradient
def bias_add(x, b):
    def grad(upstream):
        lead = list(range(len(upstream.shape) - 1))
        return upstream, tf.reduce_mean(upstream, axis=lead)
    return x + b, grad
''', False, "b is used once per row, so its gradient is the sum of the rows' upstreams, not their mean",
        ("mean|sum|average",)),
    Answer("04.bias_add", "reshaped-input", r'''
@strict_custom_gradient
def bias_add(x, b):
    x = tf.reshape(x, [-1, b.shape[0]])        # flatten batch and time into rows
    def grad(upstream):
        return upstream, tf.reduce_sum(upstream, axis=0)
    return x + b, grad
''', False, "reshaping x before the addition changes the output's shape for a 3-axis x (and dx's shape)",
        ("shape|reshape",)),
]
