"""Learner answers, set aa: scoping and closure slips, Python built-ins on tensors,
hard-coded shapes, grad signatures, feedback taken literally, vectorised style."""

from learner_answer_types import Answer

ANSWERS = [
    # ------------------------------------------------------------------ 00.warmup
    Answer("00.warmup", "builtin-sum-of-two-x", r'''
# d/dx x² = 2x = x + x, at x = 3
answer = sum([3, 3])
''', True),
    Answer("00.warmup", "max-picks-the-value", r'''
# not sure if it's 2*x or x**2 ... take the bigger one to be safe
answer = max(2 * 3, 3 ** 2)
''', False, "max() picked 9 = x², the value of the function at 3; the derivative 2x at 3 is a different number",
        ("derivative",)),
    Answer("00.warmup", "function-not-number", r'''
answer = lambda x: 2 * x    # the derivative of x**2
''', False, "the exercise wants the number the derivative takes at x = 3, not the derivative as a function",
        ("number",)),
    Answer("00.warmup", "int-constant-tape-none", r'''
x = tf.constant(3)          # an integer tensor
with tf.GradientTape() as tape:
    tape.watch(x)
    y = x ** 2
answer = tape.gradient(y, x)   # the tape does not differentiate integers: this is None
''', False, "an integer tensor gets no gradient, so the tape returned None; use a float (3.0) or just give the number",
        ("none|integer|float",)),

    # ------------------------------------------------------------------ 01.chain_derivative
    Answer("01.chain_derivative", "math-prod-of-locals", r'''
import math
inputs = (3, 9, 81)                             # what each call of f sees
answer = math.prod(2 * v for v in inputs)       # local derivatives 6, 18, 162 multiplied
''', True),
    Answer("01.chain_derivative", "builtin-sum-of-locals", r'''
answer = sum(2 * v for v in [3, 9, 81])   # add up the three local derivatives
''', False, "the chain rule multiplies the local derivatives of the links; adding them gives 186",
        ("multipl|product",)),
    Answer("01.chain_derivative", "range-two-links", r'''
v, d = 3.0, 1.0
for _ in range(2):        # the two squarings after x
    d *= 2 * v
    v = v ** 2
answer = d
''', False, "the loop runs over two links only; y = f(f(f(x))) has three, so one local derivative (162) is missing",
        ("link|factor|local",)),
    Answer("01.chain_derivative", "late-binding-lambdas", r'''
import math
locals_ = [lambda: 2 * v for v in (3, 9, 81)]   # one local derivative per link
answer = math.prod(f() for f in locals_)
''', False, "every lambda reads v after the loop ended, so all three factors are 2·81; each link's local derivative uses its own input (3, 9, 81)",
        ("input|81",)),

    # ------------------------------------------------------------------ 01.upstreams
    Answer("01.upstreams", "loop-over-reversed-inputs", r'''
inputs = [3.0]
for _ in range(2):
    inputs.append(inputs[-1] ** 2)       # 3, 9, 81: what each call sees
upstreams, up = [], 1.0                   # the outermost call starts with dL/dy = 1
for v in reversed(inputs):
    upstreams.append(up)
    up = up * 2 * v                       # its downstream is the next call's upstream
''', True),
    Answer("01.upstreams", "downstreams-instead", r'''
upstreams = []
up = 1.0
for v in [81, 9, 3]:
    up = up * 2 * v
    upstreams.append(up)
''', False, "these are the downstreams each call passes on; the upstream a call receives is the value before its own local derivative is multiplied in (the first is 1)",
        ("downstream",)),
    Answer("01.upstreams", "forward-order", r'''
upstreams = [2916, 162, 1]   # first call, second call, third call
''', False, "right numbers, wrong order: the backward pass visits the outermost call first, so its upstream 1 comes first",
        ("order|reverse|outermost|backward",)),
    Answer("01.upstreams", "multiply-upstream-twice", r'''
upstreams, up = [], 1.0
for v in [81, 9, 3]:
    upstreams.append(up)
    up = up * (2 * v) * up      # local times upstream ... times upstream again, to be sure
''', False, "the downstream is local × upstream once; multiplying by upstream a second time squares it (the third entry)",
        ("twice|squar|once|again",)),

    # ------------------------------------------------------------------ 01.local_sin
    Answer("01.local_sin", "inner-tape", r'''
def local_sin(x):
    with tf.GradientTape() as tape:     # let TensorFlow differentiate sin itself
        tape.watch(x)
        y = tf.sin(x)
    return tape.gradient(y, x)
''', True),
    Answer("01.local_sin", "minus-cos", r'''
def local_sin(x):
    return -tf.cos(x)
''', False, "the derivative of sin is cos, not -cos: the sign is wrong",
        ("sign|minus|negative",)),
    Answer("01.local_sin", "math-cos-builtin", r'''
import math
def local_sin(x):
    return math.cos(x)
''', False, "math.cos works on one Python number only; for a tensor use TensorFlow's own cosine",
        ("tensorflow|math.cos",)),
    Answer("01.local_sin", "extra-upstream-parameter", r'''
def local_sin(x, upstream):
    return upstream * tf.cos(x)     # downstream = local × upstream
''', False, "local_sin takes only the link's input: the local derivative does not involve upstream (that multiplication happens later)",
        ("upstream|argument|parameter",)),

    # ------------------------------------------------------------------ 02.x_sin_x
    Answer("02.x_sin_x", "einsum-ellipsis", r'''
@strict_custom_gradient
def x_sin_x(x):
    def grad(upstream):
        local = tf.sin(x) + x * tf.cos(x)            # product rule
        return tf.einsum("...,...->...", upstream, local)
    return x * tf.sin(x), grad
''', True),
    Answer("02.x_sin_x", "missing-product-rule-term", r'''
@strict_custom_gradient
def x_sin_x(x):
    def grad(upstream):
        return upstream * x * tf.cos(x)
    return x * tf.sin(x), grad
''', False, "x·sin x is a product: its derivative is sin x + x cos x, the sin x term is missing",
        ("product",)),
    Answer("02.x_sin_x", "reshape-to-3", r'''
@strict_custom_gradient
def x_sin_x(x):
    def grad(upstream):
        g = upstream * (tf.sin(x) + x * tf.cos(x))
        return tf.reshape(g, (3,))       # same shape as x
    return x * tf.sin(x), grad
''', False, "the reshape to (3,) only fits the 3-entry example; return the gradient in x's own shape (no reshape needed)",
        ("shape",)),
    Answer("02.x_sin_x", "builtin-sum", r'''
@strict_custom_gradient
def x_sin_x(x):
    def grad(upstream):
        return sum(upstream * (tf.sin(x) + x * tf.cos(x)))
    return x * tf.sin(x), grad
''', False, "Python's sum adds the entries along the first axis; the gradient must keep x's shape, entry by entry",
        ("shape|sum",)),

    # ------------------------------------------------------------------ 02.stable_log1pexp
    Answer("02.stable_log1pexp", "relu-plus-log1p-where", r'''
@strict_custom_gradient
def stable_log1pexp(x):
    e = tf.exp(-tf.abs(x))                       # never e to a positive power
    y = tf.nn.relu(x) + tf.math.log1p(e)
    def grad(upstream):
        numerator = tf.where(x >= 0, tf.ones_like(e), e)   # 1/(1+e^-x) or e^x/(1+e^x)
        return upstream * numerator / (1 + e)
    return y, grad
''', True),
    Answer("02.stable_log1pexp", "python-max-abs", r'''
@strict_custom_gradient
def stable_log1pexp(x):
    y = max(x, 0.0) + tf.math.log1p(tf.exp(-abs(x)))
    def grad(upstream):
        return upstream / (1 + tf.exp(-x))
    return y, grad
''', False, "Python's max needs a single True/False and fails on a vector of x values; the forward needs an elementwise maximum",
        ("max",)),
    Answer("02.stable_log1pexp", "api-gradient-negative-x", r'''
@strict_custom_gradient
def stable_log1pexp(x):
    y = tf.maximum(x, 0.0) + tf.math.log1p(tf.exp(-tf.abs(x)))
    def grad(upstream):
        return upstream * (1 - 1 / (1 + tf.exp(x)))
    return y, grad
''', False, "the forward is stable, but 1 - 1/(1 + e^x) cancels to 0 for negative x: the gradient loses its relative precision there",
        ("negative|precision|relative|cancel",)),
    Answer("02.stable_log1pexp", "x-rebound-to-output", r'''
@strict_custom_gradient
def stable_log1pexp(x):
    x = tf.maximum(x, 0.0) + tf.math.log1p(tf.exp(-tf.abs(x)))   # x now holds the result
    def grad(upstream):
        return upstream * tf.math.sigmoid(x)
    return x, grad
''', False, "x was overwritten by the forward value before grad reads it, so the slope is taken at the output, not at the input",
        ("input|output",)),

    # ------------------------------------------------------------------ 02.multiply
    Answer("02.multiply", "generator-over-reversed", r'''
@strict_custom_gradient
def multiply(x, y):
    def grad(upstream):
        # each input's gradient is upstream times the other input
        return tuple(upstream * other for other in reversed((x, y)))
    return x * y, grad
''', True),
    Answer("02.multiply", "swapped", r'''
@strict_custom_gradient
def multiply(x, y):
    def grad(upstream):
        return upstream * x, upstream * y
    return x * y, grad
''', False, "dz/dx is y and dz/dy is x: the two gradients are swapped",
        ("swap|other|order",)),
    Answer("02.multiply", "grad-two-upstreams", r'''
@strict_custom_gradient
def multiply(x, y):
    def grad(dx, dy):             # one incoming gradient per input
        return dx * y, dy * x
    return x * y, grad
''', False, "multiply has one output, so grad receives one upstream; it returns one gradient per input, but takes one argument",
        ("upstream|argument",)),
    Answer("02.multiply", "upstream-twice", r'''
@strict_custom_gradient
def multiply(x, y):
    def grad(upstream):
        dx = upstream * y
        dy = upstream * x
        return upstream * dx, upstream * dy     # multiply by upstream, as the feedback said
    return x * y, grad
''', False, "dx and dy already contain upstream; multiplying again makes the gradient quadratic in upstream",
        ("twice|squar|quadratic|linear|once|again",)),

    # ------------------------------------------------------------------ 03.softmax_vjp
    Answer("03.softmax_vjp", "einsum-ellipsis-dot", r'''
@strict_custom_gradient
def softmax(z):
    s = tf.nn.softmax(z)
    def grad(upstream):
        dot = tf.einsum("...i,...i->...", upstream, s)     # ⟨upstream, s⟩ per row
        return s * (upstream - dot[..., tf.newaxis])
    return s, grad
''', True),
    Answer("03.softmax_vjp", "reduce-sum-every-axis", r'''
@strict_custom_gradient
def softmax(z):
    s = tf.nn.softmax(z)
    def grad(upstream):
        return s * (upstream - tf.reduce_sum(upstream * s))
    return s, grad
''', False, "the sum runs over every entry, mixing the rows of a batch; sum each row separately (last axis, keeping it)",
        ("row|axis|batch",)),
    Answer("03.softmax_vjp", "loop-over-first-axis", r'''
@strict_custom_gradient
def softmax(z):
    s = tf.nn.softmax(z)
    def grad(upstream):
        rows = []
        for i in range(s.shape[0]):       # one row of the batch at a time
            rows.append(s[i] * (upstream[i] - tf.reduce_sum(upstream[i] * s[i])))
        return tf.stack(rows)
    return s, grad
''', False, "for a single vector the loop goes over entries, not rows, so each entry only sees itself: that is the diagonal of J alone",
        ("vector|diagonal",)),
    Answer("03.softmax_vjp", "recompute-with-exp", r'''
@strict_custom_gradient
def softmax(z):
    def grad(upstream):
        e = tf.exp(z)
        p = e / tf.reduce_sum(e, axis=-1, keepdims=True)
        return p * (upstream - tf.reduce_sum(upstream * p, axis=-1, keepdims=True))
    return tf.nn.softmax(z), grad
''', False, "grad recomputes softmax with a raw exp, which overflows for large scores (NaN); reuse the stable s from the forward",
        ("overflow|large|nan|inf",)),

    # ------------------------------------------------------------------ 03.matvec
    Answer("03.matvec", "einsum-closure", r'''
def make_f(A):
    @strict_custom_gradient
    def f(x):
        def grad(upstream):
            return tf.einsum("ij,i->j", A, upstream)     # Aᵀ · upstream, without transposing
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
''', False, "grad must multiply by Aᵀ, not A: upstream has the output's length, and Aᵀ maps it back to x's",
        ("transpose|transposed|aᵀ",)),
    Answer("03.matvec", "global-A_5x3", r'''
def make_f(A):
    @strict_custom_gradient
    def f(x):
        def grad(upstream):
            return tf.linalg.matvec(A_5x3, upstream, transpose_a=True)
        return tf.linalg.matvec(A, x), grad
    return f
''', False, "grad uses the notebook's A_5x3 instead of the A the factory was given; use the closure's A",
        ("closure|a_5x3|factory",)),
    Answer("03.matvec", "column-sums-no-upstream", r'''
def make_f(A):
    @strict_custom_gradient
    def f(x):
        def grad(upstream):
            return tf.reduce_sum(A, axis=0)      # dy/dx_j summed over the outputs
        return tf.linalg.matvec(A, x), grad
    return f
''', False, "the column sums of A are Aᵀ times all ones: upstream is ignored, it must weight each row",
        ("upstream",)),

    # ------------------------------------------------------------------ 03.phi_grad
    Answer("03.phi_grad", "erf-chain-rule-literal", r'''
@strict_custom_gradient
def phi_tf(x):
    def grad(upstream):
        z = x / np.sqrt(2.0)
        d_erf = 2 / np.sqrt(np.pi) * tf.exp(-z * z)     # erf'(z)
        return upstream * 0.5 * d_erf / np.sqrt(2.0)     # times dz/dx = 1/√2
    return 0.5 * (1 + tf.math.erf(x / np.sqrt(2.0))), grad
''', True),
    Answer("03.phi_grad", "missing-inner-factor", r'''
@strict_custom_gradient
def phi_tf(x):
    def grad(upstream):
        z = x / np.sqrt(2.0)
        return upstream * 0.5 * 2 / np.sqrt(np.pi) * tf.exp(-z * z)
    return 0.5 * (1 + tf.math.erf(x / np.sqrt(2.0))), grad
''', False, "erf is taken of x/√2, so the chain rule adds a factor 1/√2; the gradient is √2 too large",
        ("chain|√2|sqrt|inner|factor",)),
    Answer("03.phi_grad", "scipy-pdf-in-grad", r'''
@strict_custom_gradient
def phi_tf(x):
    def grad(upstream):
        return upstream * scipy.stats.norm.pdf(x)
    return 0.5 * (1 + tf.math.erf(x / np.sqrt(2.0))), grad
''', False, "scipy.stats.norm.pdf turns the tensor into a NumPy array: it fails inside tf.function (and changes the dtype); write the density with TensorFlow ops",
        ("scipy|numpy|tf.function|graph",)),
    Answer("03.phi_grad", "float32-constant", r'''
@strict_custom_gradient
def phi_tf(x):
    inv_sqrt_2pi = tf.constant(1 / np.sqrt(2 * np.pi))
    def grad(upstream):
        return upstream * inv_sqrt_2pi * tf.exp(-x ** 2 / 2)
    return 0.5 * (1 + tf.math.erf(x / np.sqrt(2.0))), grad
''', False, "tf.constant makes a float32 tensor, which cannot be multiplied with float64 inputs; use a Python number or cast to x.dtype",
        ("dtype|float64|float32",)),

    # ------------------------------------------------------------------ 04.bias_add
    Answer("04.bias_add", "flatten-rows-then-sum", r'''
@strict_custom_gradient
def bias_add(x, b):
    def grad(upstream):
        # b was added to every row, whatever the leading axes: flatten them into one
        rows = tf.reshape(upstream, [-1, tf.shape(upstream)[-1]])
        return tf.identity(upstream), tf.reduce_sum(rows, axis=0)
    return x + b, grad
''', True),
    Answer("04.bias_add", "sum-axis-0-only", r'''
@strict_custom_gradient
def bias_add(x, b):
    def grad(upstream):
        return upstream, tf.reduce_sum(upstream, axis=0)     # sum over the batch axis
    return x + b, grad
''', False, "summing over axis 0 alone leaves the time axis of a (batch, time, n) input; sum over every axis except the last",
        ("axis|axes|time",)),
    Answer("04.bias_add", "sum-every-axis", r'''
@strict_custom_gradient
def bias_add(x, b):
    def grad(upstream):
        return upstream, tf.reduce_sum(upstream)   # "sum over the batch", so sum it all up
    return x + b, grad
''', False, "summing every axis gives one number, but db must have b's shape (n,): keep the last axis",
        ("shape|axis|last",)),
    Answer("04.bias_add", "batch-of-two", r'''
@strict_custom_gradient
def bias_add(x, b):
    def grad(upstream):
        return upstream, upstream[0] + upstream[1]    # add the two rows of the batch
    return x + b, grad
''', False, "the batch has 2 rows only in the example; add up every row (every leading axis), whatever the batch size",
        ("batch|row",)),

    # ------------------------------------------------------------------ 04.quadratic_form
    Answer("04.quadratic_form", "einsum-both", r'''
@strict_custom_gradient
def quadratic_form(x, A):
    def grad(upstream):
        dx = upstream * tf.einsum("ij,j->i", A + tf.transpose(A), x)   # x meets A from both sides
        dA = upstream * tf.einsum("i,j->ij", x, x)
        return dx, dA
    return tf.tensordot(x, tf.linalg.matvec(A, x), axes=1), grad
''', True),
    Answer("04.quadratic_form", "assumes-symmetric", r'''
@strict_custom_gradient
def quadratic_form(x, A):
    def grad(upstream):
        return upstream * 2 * tf.linalg.matvec(A, x), upstream * tf.tensordot(x, x, axes=0)
    return tf.tensordot(x, tf.linalg.matvec(A, x), axes=1), grad
''', False, "2Ax is the gradient only for a symmetric A; in general x's gradient is (A + Aᵀ)x",
        ("symmetric|transpose",)),
    Answer("04.quadratic_form", "grad-upstream-x", r'''
@strict_custom_gradient
def quadratic_form(x, A):
    def grad(upstream, x):
        return upstream * (tf.linalg.matvec(A, x) + tf.linalg.matvec(A, x, transpose_a=True)), \
               upstream * tf.tensordot(x, x, axes=0)
    return tf.tensordot(x, tf.linalg.matvec(A, x), axes=1), grad
''', False, "grad receives only upstream; x comes from the enclosing function, so it must not be a parameter of grad",
        ("argument|parameter|upstream",)),
    Answer("04.quadratic_form", "dA-forgets-upstream", r'''
@strict_custom_gradient
def quadratic_form(x, A):
    def grad(upstream):
        dx = upstream * (tf.linalg.matvec(A, x) + tf.linalg.matvec(A, x, transpose_a=True))
        dA = tf.tensordot(x, x, axes=0)
        return dx, dA
    return tf.tensordot(x, tf.linalg.matvec(A, x), axes=1), grad
''', False, "the gradient for A forgets to multiply by upstream (x's gradient has it)",
        ("upstream",)),

    # ------------------------------------------------------------------ 04.batched_matmul
    Answer("04.batched_matmul", "einsum-batch-letter", r'''
@strict_custom_gradient
def batched_matmul(A, B):
    def grad(U):
        dA = tf.einsum("bmn,kn->bmk", U, B)       # U Bᵀ per batch entry
        dB = tf.einsum("bmk,bmn->kn", A, U)       # Aᵀ U, b left out of the output: summed over the batch
        return dA, dB
    return tf.matmul(A, B), grad
''', True),
    Answer("04.batched_matmul", "dB-not-summed", r'''
@strict_custom_gradient
def batched_matmul(A, B):
    def grad(U):
        return tf.matmul(U, B, transpose_b=True), tf.matmul(A, U, transpose_a=True)
    return tf.matmul(A, B), grad
''', False, "B is shared by the whole batch, so its gradient is summed over the batch axis; this one keeps one gradient per batch entry",
        ("sum|batch",)),
    Answer("04.batched_matmul", "vectorized-map-mean", r'''
@strict_custom_gradient
def batched_matmul(A, B):
    def grad(U):
        dA = tf.matmul(U, B, transpose_b=True)
        per_example = tf.vectorized_map(lambda au: tf.matmul(au[0], au[1], transpose_a=True), (A, U))
        return dA, tf.reduce_mean(per_example, axis=0)   # combine over the batch
    return tf.matmul(A, B), grad
''', False, "the batch entries' contributions to dB add up; the mean divides them by the batch size",
        ("sum|mean|average|batch size",)),
    Answer("04.batched_matmul", "batch-of-two", r'''
@strict_custom_gradient
def batched_matmul(A, B):
    def grad(U):
        dA = tf.matmul(U, B, transpose_b=True)
        dB = tf.matmul(A[0], U[0], transpose_a=True) + tf.matmul(A[1], U[1], transpose_a=True)
        return dA, dB
    return tf.matmul(A, B), grad
''', False, "dB adds the first two batch entries only; sum over the whole batch, whatever its size",
        ("batch",)),
]
