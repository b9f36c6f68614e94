"""Learner answers, set i (notebooks 00-04): written from the learner's side, by someone who did not read the
judges, 2 right and 5 wrong answers per exercise.

Themes: habits from PyTorch, JAX and NumPy (keras.ops, tf.experimental.numpy, .T, a tf.Variable used as a
parameter, stop_gradient used like .detach()); half-finished answers (... or pass left in grad); code copied
from a worked example without adapting it; sign and index errors; answers right only for the example's shapes
or values (a symmetric matrix, batch 1, a single vector); state kept between calls; lambdas, functools.partial
and classes with __call__; a typo or a wrong argument order that raises only when the function is called.
"""

from learner_answer_types import Answer

ANSWERS = [
    # ------------------------------------------------------------------ 00.warmup
    Answer("00.warmup", "polyder-of-coefficients", r'''
answer = float(np.polyval(np.polyder([1, 0, 0]), 3))   # d/dx of x**2 via numpy, evaluated at 3
''', True),
    Answer("00.warmup", "tape-then-python-float", r'''
x = tf.constant(3.0)
with tf.GradientTape() as tape:
    tape.watch(x)
    y = x ** 2
answer = tape.gradient(y, x).numpy().item()
''', True),
    Answer("00.warmup", "value-not-derivative", r'''
answer = 3 ** 2
''', False, "9 is the value of x² at 3, not its derivative", ("value",)),
    Answer("00.warmup", "placeholder-left", r'''
answer = ...   # your answer here
''', False, "the placeholder is still there: replace ... with a number", ("attempt",)),
    Answer("00.warmup", "sign-flipped", r'''
answer = -2 * 3
''', False, "the slope of x² at 3 is positive; check the sign", ("sign",)),
    Answer("00.warmup", "a-function-not-a-number", r'''
answer = lambda x: 2 * x     # the derivative of x**2
''', False, "that is the derivative as a function; evaluate it at x = 3 and give a number", ("number",)),
    Answer("00.warmup", "evaluated-at-example-x2", r'''
answer = 2 * 2   # 2x, like the x = 2 example above
''', False, "evaluated at x = 2 (the setup example), the exercise asks at x = 3", ("x = 3|x=3|at 3|x = 2|x=2|at 2",)),

    # ------------------------------------------------------------------ 01.chain_derivative
    Answer("01.chain_derivative", "functools-reduce-of-locals", r'''
import functools, operator
inputs = [3, 9, 81]                         # what the three calls see
answer = functools.reduce(operator.mul, [2 * v for v in inputs])
''', True),
    Answer("01.chain_derivative", "tape-with-python-float", r'''
x = tf.constant(3.0, dtype=tf.float64)
with tf.GradientTape() as tape:
    tape.watch(x)
    y = ((x ** 2) ** 2) ** 2
answer = float(tape.gradient(y, x))
''', True),
    Answer("01.chain_derivative", "summed-the-locals", r'''
answer = 2 * 81 + 2 * 9 + 2 * 3      # local derivatives of the three links
''', False, "the chain rule multiplies the local derivatives, it does not add them", ("multipl|product",)),
    Answer("01.chain_derivative", "outermost-local-only", r'''
answer = 2 * 81     # derivative of the last square
''', False, "only the outermost link's local derivative; the other links' factors (the upstream they pass) are missing", ("multipl|product|upstream|link",)),
    Answer("01.chain_derivative", "value-of-y", r'''
answer = 3 ** 8
''', False, "that is y = x⁸ at 3, the value, not dy/dx", ("value",)),
    Answer("01.chain_derivative", "copied-notebook-x2", r'''
answer = 32 * 8 * 4      # from the trace above
''', False, "1024 is the derivative at x = 2 from the worked example; redo it at x = 3", ("x = 3|x=3|at 3|x = 2|x=2|at 2",)),
    Answer("01.chain_derivative", "inputs-not-locals", r'''
answer = 3 * 9 * 81     # multiply what each link sees
''', False, "multiplied the links' inputs instead of their local derivatives 2v: a factor 2 per link is missing", ("local|factor|2v|2·v|2 * v|2x",)),

    # ------------------------------------------------------------------ 01.upstreams
    Answer("01.upstreams", "cumprod-of-locals", r'''
locals_backward = [2 * 81, 2 * 9]                  # outermost first
upstreams = [float(u) for u in np.cumprod([1] + locals_backward)]
''', True),
    Answer("01.upstreams", "loop-from-the-output", r'''
upstreams = []
up = 1.0
for seen in (81, 9, 3):          # the calls' inputs, outermost first
    upstreams.append(up)
    up = up * 2 * seen
''', True),
    Answer("01.upstreams", "reversed-order", r'''
upstreams = [2916, 162, 1]
''', False, "right numbers in the wrong order: the backward pass visits the outermost call first", ("order|reverse|outermost|first",)),
    Answer("01.upstreams", "downstreams-instead", r'''
upstreams = [162, 2916, 17496]     # what each call passes back
''', False, "these are the downstreams each call sends back, not the upstreams it receives", ("downstream",)),
    Answer("01.upstreams", "local-derivatives", r'''
upstreams = [2 * 81, 2 * 9, 2 * 3]
''', False, "these are the local derivatives of the links; upstream is the product of the locals after each link", ("local",)),
    Answer("01.upstreams", "copied-x2-trace", r'''
upstreams = [1, 32, 256]     # as in the trace table
''', False, "those are the upstreams of the x = 2 example; the exercise is at x = 3", ("x = 3|x=3|at 3|x = 2|x=2|at 2",)),
    Answer("01.upstreams", "forgot-the-first-call", r'''
upstreams = [162, 2916]
''', False, "only two numbers: the outermost call also receives an upstream (1, since L is y)", ("three|3 numbers|first|outermost|1",)),

    # ------------------------------------------------------------------ 01.local_sin
    Answer("01.local_sin", "shifted-sine-lambda", r'''
local_sin = lambda x: tf.sin(np.pi / 2 - x)     # sin(π/2 − x) = cos x
''', True),
    Answer("01.local_sin", "class-with-call-and-tape", r'''
class LocalSin:
    """Let TensorFlow differentiate sin for me."""
    def __call__(self, x):
        with tf.GradientTape() as tape:
            tape.watch(x)
            y = tf.sin(x)
        return tape.gradient(y, x)

local_sin = LocalSin()
''', True),
    Answer("01.local_sin", "minus-cos", r'''
def local_sin(x):
    return -tf.cos(x)
''', False, "d/dx sin x is +cos x; the minus sign belongs to the derivative of cos", ("sign|minus",)),
    Answer("01.local_sin", "forward-rule-again", r'''
def local_sin(x):
    return tf.sin(x)
''', False, "that is the forward rule sin x itself, not its derivative", ("forward|derivative",)),
    Answer("01.local_sin", "upstream-not-defined", r'''
def local_sin(x):
    return upstream * tf.cos(x)     # local times upstream
''', False, "local_sin only gets x: `upstream` is not defined there (NameError); the local derivative alone is asked", ("upstream|NameError|not defined",)),
    Answer("01.local_sin", "detached-input-tape", r'''
def local_sin(x):
    with tf.GradientTape() as tape:
        tape.watch(x)
        y = tf.sin(tf.stop_gradient(x))     # like x.detach(), so nothing else gets tracked
    return tape.gradient(y, x)
''', False, "stop_gradient cuts the path from x to sin(x), so the tape returns None instead of the derivative", ("stop_gradient|None|detach",)),
    Answer("01.local_sin", "returns-a-grad-function", r'''
def local_sin(x):
    def grad(upstream):
        return upstream * tf.cos(x)
    return grad
''', False, "returns a function (a grad), not the local derivative as a tensor", ("function|callable|tensor",)),

    # ------------------------------------------------------------------ 02.x_sin_x
    Answer("02.x_sin_x", "tf-experimental-numpy", r'''
tnp = tf.experimental.numpy          # NumPy habits, TensorFlow ops underneath

@strict_custom_gradient
def x_sin_x(x):
    def grad(upstream):
        return upstream * (tnp.sin(x) + tnp.multiply(x, tnp.cos(x)))
    return x * tf.sin(x), grad
''', True),
    Answer("02.x_sin_x", "global-call-counter-and-keras-ops", r'''
import keras
calls = {"forward": 0, "backward": 0}     # to see how often TensorFlow calls me

@strict_custom_gradient
def x_sin_x(x):
    calls["forward"] += 1
    def grad(upstream):
        calls["backward"] += 1
        local = keras.ops.sin(x) + x * keras.ops.cos(x)    # product rule
        return keras.ops.multiply(local, upstream)
    return x * tf.sin(x), grad
''', True),
    Answer("02.x_sin_x", "upstream-ignored", r'''
@strict_custom_gradient
def x_sin_x(x):
    def grad(upstream):
        return tf.sin(x) + x * tf.cos(x)
    return x * tf.sin(x), grad
''', False, "grad returns the local derivative alone; it must be multiplied by upstream", ("upstream",)),
    Answer("02.x_sin_x", "product-rule-half", r'''
@strict_custom_gradient
def x_sin_x(x):
    def grad(upstream):
        return upstream * x * tf.cos(x)     # d/dx of x sin x
    return x * tf.sin(x), grad
''', False, "only one term of the product rule: the derivative of the factor x (giving sin x) is missing", ("product rule|product|sin",)),
    Answer("02.x_sin_x", "jax-style-bwd-signature", r'''
@strict_custom_gradient
def x_sin_x(x):
    def grad(res, g):            # like jax.custom_vjp's bwd(residuals, cotangent)
        return (g * (tf.sin(res) + res * tf.cos(res)),)
    return x * tf.sin(x), grad
''', False, "grad is called with one argument, upstream; a JAX-style bwd(res, g) fails with a TypeError when TensorFlow calls it", ("argument|signature|upstream|TypeError",)),
    Answer("02.x_sin_x", "pass-left-in-grad", r'''
@strict_custom_gradient
def x_sin_x(x):
    local = tf.sin(x) + x * tf.cos(x)
    def grad(upstream):
        pass   # TODO: upstream * local
    return x * tf.sin(x), grad
''', False, "grad has no return statement (just `pass`), so it returns None", ("None|return|pass",)),
    Answer("02.x_sin_x", "typo-nameerror-in-grad", r'''
@strict_custom_gradient
def x_sin_x(x):
    def grad(upstream):
        return upstrem * (tf.sin(x) + x * tf.cos(x))
    return x * tf.sin(x), grad
''', False, "NameError inside grad: `upstrem` is a typo for `upstream`", ("upstrem|NameError|not defined",)),

    # ------------------------------------------------------------------ 02.stable_log1pexp
    Answer("02.stable_log1pexp", "relu-plus-log1p-sigmoid", r'''
@strict_custom_gradient
def stable_log1pexp(x):
    # log(1 + e^x) = max(x, 0) + log(1 + e^-|x|): e only ever gets a negative power
    y = tf.nn.relu(x) + tf.math.log1p(tf.exp(-tf.abs(x)))
    def grad(upstream):
        return upstream * tf.math.sigmoid(x)
    return y, grad
''', True),
    Answer("02.stable_log1pexp", "where-both-branches-safe", r'''
@strict_custom_gradient
def stable_log1pexp(x):
    e = tf.exp(-tf.abs(x))                   # in (0, 1], never overflows
    positive = x > 0
    y = tf.where(positive, x + tf.math.log1p(e), tf.math.log1p(e))
    slope = tf.where(positive, 1 / (1 + e), e / (1 + e))     # sigmoid(x), both ways round
    def grad(upstream):
        return slope * upstream
    return y, grad
''', True),
    Answer("02.stable_log1pexp", "docs-example-copied", r'''
@strict_custom_gradient
def stable_log1pexp(x):
    e = tf.exp(x)
    def grad(upstream):
        return upstream * (1 - 1 / (1 + e))
    return tf.math.log(1 + e), grad
''', False, "the documentation's version: the gradient is fine but the forward value overflows to inf for large x", ("overflow|inf",)),
    Answer("02.stable_log1pexp", "stable-forward-naive-grad", r'''
@strict_custom_gradient
def stable_log1pexp(x):
    y = tf.maximum(x, 0.0) + tf.math.log1p(tf.exp(-tf.abs(x)))
    def grad(upstream):
        return upstream * tf.exp(x) / (1 + tf.exp(x))
    return y, grad
''', False, "the forward is stable but the gradient computes e^x / (1 + e^x), which is inf/inf = NaN for large x", ("nan|overflow|inf",)),
    Answer("02.stable_log1pexp", "log-instead-of-log1p", r'''
@strict_custom_gradient
def stable_log1pexp(x):
    y = tf.maximum(x, 0.0) + tf.math.log(1 + tf.exp(-tf.abs(x)))
    def grad(upstream):
        return upstream * tf.math.sigmoid(x)
    return y, grad
''', False, "log(1 + t) rounds 1 + t to 1 for tiny t, so the value for negative x comes out 0: use log1p", ("log1p|precision|relative",)),
    Answer("02.stable_log1pexp", "python-if-on-a-vector", r'''
@strict_custom_gradient
def stable_log1pexp(x):
    if x > 0:
        y = x + tf.math.log1p(tf.exp(-x))
    else:
        y = tf.math.log1p(tf.exp(x))
    def grad(upstream):
        return upstream * tf.math.sigmoid(x)
    return y, grad
''', False, "a Python `if` on a vector x cannot choose per entry; use elementwise ops (tf.where, abs, maximum)", ("if|where|elementwise|entry",)),
    Answer("02.stable_log1pexp", "upstream-forgotten", r'''
@strict_custom_gradient
def stable_log1pexp(x):
    y = tf.maximum(x, 0.0) + tf.math.log1p(tf.exp(-tf.abs(x)))
    def grad(upstream):
        return tf.math.sigmoid(x)
    return y, grad
''', False, "grad returns sigmoid(x) without multiplying by upstream", ("upstream",)),

    # ------------------------------------------------------------------ 02.multiply
    Answer("02.multiply", "generator-over-the-other-input", r'''
@strict_custom_gradient
def multiply(x, y):
    def grad(upstream):
        # each input's gradient is upstream times the *other* input
        return tuple(upstream * other for other in (y, x))
    return x * y, grad
''', True),
    Answer("02.multiply", "functools-partial-grad", r'''
import functools

def _multiply_vjp(x, y, upstream):
    return tf.multiply(upstream, y), tf.multiply(x, upstream)

@strict_custom_gradient
def multiply(x, y):
    return tf.multiply(x, y), functools.partial(_multiply_vjp, x, y)
''', True),
    Answer("02.multiply", "gradients-swapped", r'''
@strict_custom_gradient
def multiply(x, y):
    def grad(upstream):
        return upstream * x, upstream * y
    return x * y, grad
''', False, "the two gradients are swapped: dL/dx is upstream times y, not times x", ("swap|other input|order",)),
    Answer("02.multiply", "upstream-ignored", r'''
@strict_custom_gradient
def multiply(x, y):
    def grad(upstream):
        return y, x
    return x * y, grad
''', False, "the partial derivatives are returned without multiplying by upstream", ("upstream",)),
    Answer("02.multiply", "one-gradient-for-two-inputs", r'''
@strict_custom_gradient
def multiply(x, y):
    def grad(upstream):
        return upstream * x * y
    return x * y, grad
''', False, "grad returns one tensor for two inputs; it must return one gradient per input", ("two|each input|per input|both|one gradient",)),
    Answer("02.multiply", "divide-example-not-adapted", r'''
@strict_custom_gradient
def multiply(x, y):
    def grad(upstream):
        return upstream / y, -upstream * x / y ** 2     # (dL/dx, dL/dy), in input order
    return x * y, grad
''', False, "grad is still the one of divide(x, y) from the notebook, not of x * y", ("divide|division|quotient|x / y|x/y",)),
    Answer("02.multiply", "summed-to-scalars", r'''
@strict_custom_gradient
def multiply(x, y):
    def grad(upstream):
        return tf.reduce_sum(upstream * y), tf.reduce_sum(upstream * x)
    return x * y, grad
''', False, "the gradients are summed to single numbers; each must keep its input's shape (elementwise product)", ("shape|sum|elementwise",)),

    # ------------------------------------------------------------------ 03.softmax_vjp
    Answer("03.softmax_vjp", "einsum-dot-per-row", r'''
@strict_custom_gradient
def softmax(z):
    s = tf.nn.softmax(z)
    def grad(upstream):
        # Jᵀu = s ⊙ u − s ⟨s, u⟩, the dot product taken row by row
        dot = tf.einsum("...i,...i->...", upstream, s)[..., tf.newaxis]
        return s * upstream - s * dot
    return s, grad
''', True),
    Answer("03.softmax_vjp", "lambda-grad-positional-axis", r'''
@strict_custom_gradient
def softmax(z):
    s = tf.nn.softmax(z)
    return s, lambda g: s * (g - tf.reduce_sum(g * s, -1, keepdims=True))
''', True),
    Answer("03.softmax_vjp", "sum-without-axis", r'''
@strict_custom_gradient
def softmax(z):
    s = tf.nn.softmax(z)
    def grad(upstream):
        return s * (upstream - tf.reduce_sum(upstream * s))
    return s, grad
''', False, "the sum runs over the whole batch and mixes the rows; sum over the last axis only (keepdims=True)", ("axis|row|batch",)),
    Answer("03.softmax_vjp", "axis-but-no-keepdims", r'''
@strict_custom_gradient
def softmax(z):
    s = tf.nn.softmax(z)
    def grad(upstream):
        return s * (upstream - tf.reduce_sum(upstream * s, axis=-1))
    return s, grad
''', False, "without keepdims=True the per-row sums do not line up with their rows for a batch", ("keepdims|broadcast|row|batch|shape",)),
    Answer("03.softmax_vjp", "diagonal-only", r'''
@strict_custom_gradient
def softmax(z):
    s = tf.nn.softmax(z)
    def grad(upstream):
        return upstream * s * (1.0 - s)     # ds_i/dz_i
    return s, grad
''', False, "only the diagonal of J: every output also depends on every other input (−s_i s_j off the diagonal)", ("diagonal",)),
    Answer("03.softmax_vjp", "sign-flipped", r'''
@strict_custom_gradient
def softmax(z):
    s = tf.nn.softmax(z)
    def grad(upstream):
        return s * (tf.reduce_sum(upstream * s, axis=-1, keepdims=True) - upstream)
    return s, grad
''', False, "the whole VJP has the wrong sign: it is s ⊙ (u − ⟨s, u⟩), not the other way round", ("sign|minus|negat",)),
    Answer("03.softmax_vjp", "own-exp-forward-overflows", r'''
@strict_custom_gradient
def softmax(z):
    e = tf.exp(z)                                      # like torch: exp / sum exp
    s = e / tf.reduce_sum(e, axis=-1, keepdims=True)
    def grad(upstream):
        return s * (upstream - tf.reduce_sum(upstream * s, axis=-1, keepdims=True))
    return s, grad
''', False, "exp of large scores overflows to inf, so the forward gives NaN; subtract each row's max first (or use tf.nn.softmax)", ("overflow|large|nan|max|inf",)),

    # ------------------------------------------------------------------ 03.matvec
    Answer("03.matvec", "tensordot-row-vector", r'''
def make_f(A):
    @strict_custom_gradient
    def f(x):
        def grad(upstream):
            return tf.tensordot(upstream, A, axes=1)     # uᵀA, the same numbers as Aᵀu
        return tf.linalg.matvec(A, x), grad
    return f
''', True),
    Answer("03.matvec", "broadcast-and-sum-columns", r'''
def make_f(A):
    @strict_custom_gradient
    def f(x):
        grad = lambda up: tf.reduce_sum(A * up[:, tf.newaxis], axis=0)   # Σ_i A_ij u_i
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
''', False, "multiplies by A instead of Aᵀ: the VJP needs the transposed Jacobian", ("transpose",)),
    Answer("03.matvec", "uses-the-notebook-matrix", r'''
def make_f(A):
    @strict_custom_gradient
    def f(x):
        def grad(upstream):
            return tf.linalg.matvec(A_5x3, upstream, transpose_a=True)
        return tf.linalg.matvec(A, x), grad
    return f
''', False, "grad uses the fixed matrix A_5x3 instead of the A the factory was given", ("closure|A_5x3|factory|given",)),
    Answer("03.matvec", "cached-transpose-from-first-call", r'''
_At = None     # transpose once, reuse it

def make_f(A):
    global _At
    if _At is None:
        _At = tf.transpose(A)
    @strict_custom_gradient
    def f(x):
        def grad(upstream):
            return tf.linalg.matvec(_At, upstream)
        return tf.linalg.matvec(A, x), grad
    return f
''', False, "the transposed matrix is cached from the first make_f call and reused for every later A", ("cache|global|first|closure",)),
    Answer("03.matvec", "typo-in-grad", r'''
def make_f(A):
    @strict_custom_gradient
    def f(x):
        def grad(upstream):
            return tf.linalg.matvec(A, upsteam, transpose_a=True)
        return tf.linalg.matvec(A, x), grad
    return f
''', False, "NameError inside grad: `upsteam` is a typo for `upstream`", ("upsteam|NameError|not defined",)),
    Answer("03.matvec", "column-sums-no-upstream", r'''
def make_f(A):
    @strict_custom_gradient
    def f(x):
        def grad(upstream):
            return tf.reduce_sum(A, axis=0)      # d(Ax)/dx summed over outputs
        return tf.linalg.matvec(A, x), grad
    return f
''', False, "upstream is ignored: this is Aᵀ times a vector of ones", ("upstream",)),

    # ------------------------------------------------------------------ 03.phi_grad
    Answer("03.phi_grad", "erf-chain-rule-spelled-out", r'''
@strict_custom_gradient
def phi_tf(x):
    def grad(upstream):
        z = x / np.sqrt(2.0)
        d_erf = 2 / np.sqrt(np.pi) * tf.exp(-z * z)     # erf'(z)
        return upstream * 0.5 * d_erf / np.sqrt(2.0)     # ½ · erf'(x/√2) · 1/√2
    return 0.5 * (1 + tf.math.erf(x / np.sqrt(2.0))), grad
''', True),
    Answer("03.phi_grad", "log-space-density", r'''
@strict_custom_gradient
def phi_tf(x):
    def grad(upstream):
        log_pdf = -0.5 * tf.square(x) - 0.5 * np.log(2 * np.pi)
        return tf.math.exp(log_pdf) * upstream
    return 0.5 * (1 + tf.math.erf(x / np.sqrt(2.0))), grad
''', True),
    Answer("03.phi_grad", "scipy-pdf-in-grad", r'''
@strict_custom_gradient
def phi_tf(x):
    def grad(upstream):
        return upstream * tf.constant(scipy.stats.norm.pdf(x), dtype=x.dtype)
    return 0.5 * (1 + tf.math.erf(x / np.sqrt(2.0))), grad
''', False, "SciPy needs values, which a symbolic tensor inside tf.function does not have; write φ with TensorFlow ops", ("tf.function|numpy|scipy|graph|symbolic",)),
    Answer("03.phi_grad", "forgot-inner-sqrt2", r'''
@strict_custom_gradient
def phi_tf(x):
    def grad(upstream):
        return upstream * 0.5 * 2 / np.sqrt(np.pi) * tf.exp(-x ** 2 / 2)
    return 0.5 * (1 + tf.math.erf(x / np.sqrt(2.0))), grad
''', False, "the chain rule's inner factor 1/√2 (from x/√2) is missing: the gradient is √2 times too large", ("chain|√2|sqrt|factor|inner",)),
    Answer("03.phi_grad", "exponent-missing-half", r'''
@strict_custom_gradient
def phi_tf(x):
    def grad(upstream):
        return upstream * tf.exp(-x ** 2) / np.sqrt(2 * np.pi)
    return 0.5 * (1 + tf.math.erf(x / np.sqrt(2.0))), grad
''', False, "the density is exp(−x²/2)/√(2π); exp(−x²) is erf's exponent without the x/√2 substitution", ("exponent|x²/2|chain|substitut|√2",)),
    Answer("03.phi_grad", "float32-constant", r'''
@strict_custom_gradient
def phi_tf(x):
    norm = tf.constant(1.0 / np.sqrt(2 * np.pi))          # 1/√(2π)
    def grad(upstream):
        return norm * tf.exp(-tf.square(x) / 2) * upstream
    return 0.5 * (1 + tf.math.erf(x / np.sqrt(2.0))), grad
''', False, "the constant is a float32 tensor, so grad fails for float64 inputs: make it in x's dtype (or a Python float)", ("dtype|float64|float32",)),
    Answer("03.phi_grad", "half-finished-ellipsis", r'''
@strict_custom_gradient
def phi_tf(x):
    def grad(upstream):
        pdf = tf.exp(-tf.square(x) / 2)     # still need the normalising constant
        return upstream * pdf * ...
    return 0.5 * (1 + tf.math.erf(x / np.sqrt(2.0))), grad
''', False, "grad still multiplies by the placeholder `...` (Ellipsis), which fails when grad runs", ("Ellipsis|...|unfinished|placeholder",)),

    # ------------------------------------------------------------------ 04.quadratic_form
    Answer("04.quadratic_form", "einsum-both", r'''
@strict_custom_gradient
def quadratic_form(x, A):
    def grad(upstream):
        dx = tf.einsum("ij,j->i", A + tf.transpose(A), x)    # (A + Aᵀ) x
        dA = tf.einsum("i,j->ij", x, x)                      # x xᵀ
        return upstream * dx, upstream * dA
    return tf.tensordot(x, tf.linalg.matvec(A, x), axes=1), grad
''', True),
    Answer("04.quadratic_form", "callable-class-decorated", r'''
class QuadraticForm:
    """q = xᵀ A x, written like a torch.autograd.Function with a backward."""
    def backward(self, x, A, g):
        Ax = tf.linalg.matvec(A, x)
        Atx = tf.linalg.matvec(A, x, transpose_a=True)
        return g * (Ax + Atx), g * tf.tensordot(x, x, axes=0)

    def __call__(self, x, A):
        return tf.tensordot(x, tf.linalg.matvec(A, x), axes=1), lambda g: self.backward(x, A, g)

quadratic_form = strict_custom_gradient(QuadraticForm())
''', True),
    Answer("04.quadratic_form", "assumed-symmetric", r'''
@strict_custom_gradient
def quadratic_form(x, A):
    def grad(upstream):
        return upstream * 2 * tf.linalg.matvec(A, x), upstream * tf.tensordot(x, x, axes=0)
    return tf.tensordot(x, tf.linalg.matvec(A, x), axes=1), grad
''', False, "2Ax holds only for a symmetric A; for a general A, x gets Ax + Aᵀx", ("symmetric|transpose",)),
    Answer("04.quadratic_form", "inner-product-for-A", r'''
@strict_custom_gradient
def quadratic_form(x, A):
    def grad(upstream):
        dx = tf.linalg.matvec(A, x) + tf.linalg.matvec(A, x, transpose_a=True)
        return upstream * dx, upstream * tf.tensordot(x, x, axes=1)     # xᵀx
    return tf.tensordot(x, tf.linalg.matvec(A, x), axes=1), grad
''', False, "dL/dA must be a matrix shaped like A: the outer product of x with itself, not the dot product xᵀx", ("outer|shape",)),
    Answer("04.quadratic_form", "only-dx-returned", r'''
@strict_custom_gradient
def quadratic_form(x, A):
    def grad(upstream):
        return upstream * (tf.linalg.matvec(A, x) + tf.linalg.matvec(A, x, transpose_a=True))
    return tf.tensordot(x, tf.linalg.matvec(A, x), axes=1), grad
''', False, "grad returns a gradient for x only; A is an input too and needs its own gradient", ("two|both|each input|per input|second|one gradient",)),
    Answer("04.quadratic_form", "matvec-arguments-swapped", r'''
@strict_custom_gradient
def quadratic_form(x, A):
    def grad(upstream):
        dx = tf.linalg.matvec(A, x) + tf.linalg.matvec(x, A)      # Ax + xᵀA
        return upstream * dx, upstream * tf.tensordot(x, x, axes=0)
    return tf.tensordot(x, tf.linalg.matvec(A, x), axes=1), grad
''', False, "tf.linalg.matvec(x, A) has its arguments the wrong way round (the matrix comes first); xᵀA is matvec(A, x, transpose_a=True)", ("matvec|argument|order|matrix",)),
    Answer("04.quadratic_form", "wraps-A-in-a-variable", r'''
@strict_custom_gradient
def quadratic_form(x, A):
    W = tf.Variable(A)        # like nn.Parameter, so A gets a gradient
    def grad(upstream):
        dx = tf.linalg.matvec(W, x) + tf.linalg.matvec(W, x, transpose_a=True)
        return upstream * dx, upstream * tf.tensordot(x, x, axes=0)
    return tf.tensordot(x, tf.linalg.matvec(W, x), axes=1), grad
''', False, "A is already an input: wrapping it in a tf.Variable inside the function breaks the custom gradient (it then reads a variable)", ("variable",)),

    # ------------------------------------------------------------------ 04.batched_matmul
    Answer("04.batched_matmul", "einsum-both", r'''
@strict_custom_gradient
def batched_matmul(A, B):
    def grad(U):
        dA = tf.einsum("bmn,kn->bmk", U, B)      # U Bᵀ for every batch entry
        dB = tf.einsum("bmk,bmn->kn", A, U)      # Aᵀ U, summed over the batch
        return dA, dB
    return tf.matmul(A, B), grad
''', True),
    Answer("04.batched_matmul", "flatten-batch-into-rows", r'''
@strict_custom_gradient
def batched_matmul(A, B):
    def grad(U):
        k, n = tf.shape(B)[0], tf.shape(B)[1]
        rows_A = tf.reshape(A, [-1, k])          # all batch entries stacked as rows
        rows_U = tf.reshape(U, [-1, n])
        return tf.matmul(U, B, transpose_b=True), tf.matmul(rows_A, rows_U, transpose_a=True)
    return tf.matmul(A, B), grad
''', True),
    Answer("04.batched_matmul", "dB-not-summed", r'''
@strict_custom_gradient
def batched_matmul(A, B):
    def grad(U):
        return tf.matmul(U, B, transpose_b=True), tf.matmul(A, U, transpose_a=True)
    return tf.matmul(A, B), grad
''', False, "B is shared by the whole batch: its gradient must be summed over the batch axis, back to B's shape", ("sum|batch|broadcast",)),
    Answer("04.batched_matmul", "first-batch-entry-only", r'''
@strict_custom_gradient
def batched_matmul(A, B):
    def grad(U):
        dB = tf.matmul(A[0], U[0], transpose_a=True)       # A is (1, m, k) in my test
        return tf.matmul(U, B, transpose_b=True), dB
    return tf.matmul(A, B), grad
''', False, "dB uses only the first batch entry; every entry contributes, so sum Aᵀ U over the batch", ("batch|sum|every|all",)),
    Answer("04.batched_matmul", "mean-over-batch", r'''
@strict_custom_gradient
def batched_matmul(A, B):
    def grad(U):
        dB = tf.reduce_mean(tf.matmul(A, U, transpose_a=True), axis=0)
        return tf.matmul(U, B, transpose_b=True), dB
    return tf.matmul(A, B), grad
''', False, "the contributions of the batch entries add up: sum them, do not average", ("sum|mean|average",)),
    Answer("04.batched_matmul", "torch-dot-T", r'''
@strict_custom_gradient
def batched_matmul(A, B):
    def grad(U):
        dA = U @ B.T
        dB = tf.reduce_sum(tf.transpose(A, [0, 2, 1]) @ U, axis=0)
        return dA, dB
    return tf.matmul(A, B), grad
''', False, "a TensorFlow tensor has no .T (AttributeError when grad runs): use tf.transpose or transpose_b=True", ("transpose|.T|attribute",)),
    Answer("04.batched_matmul", "returned-in-wrong-order", r'''
@strict_custom_gradient
def batched_matmul(A, B):
    def grad(U):
        dA = tf.matmul(U, B, transpose_b=True)
        dB = tf.reduce_sum(tf.matmul(A, U, transpose_a=True), axis=0)
        return dB, dA
    return tf.matmul(A, B), grad
''', False, "the gradients are returned as (dB, dA); they must come in the order of the inputs, (dA, dB)", ("order|swap",)),
]
