"""Plausible learner answers, set m: learners who skipped ahead or came back, answers that lean on
earlier cells' variables, golfed and over-documented answers, state mutation, tf.experimental.numpy /
einsum / vectorized_map where a plain op would do, tired-learner math, list/tuple mix-ups, and
dtype-dependent answers. Written from the notebooks' prompts and stubs only."""
from learner_answer_types import Answer

ANSWERS = [
    # ------------------------------------------------------------------ 00.warmup
    Answer("00.warmup", "tape-float64-item", r'''
three = tf.constant(3.0, dtype=tf.float64)
with tf.GradientTape() as t:
    t.watch(three)
    sq = three * three
answer = t.gradient(sq, three).numpy().item()
''', True),
    Answer("00.warmup", "golfed-value", r'''
answer=3**2
''', False, "9 is the value of x² at 3, not its derivative.", ("derivative",)),
    Answer("00.warmup", "kept-exponent", r'''
answer = 2 * 3 ** 2   # bring the 2 down ... and keep the square
''', False, "Power rule: the exponent drops by one after it comes down in front.", ("exponent|power",)),
    Answer("00.warmup", "point-from-setup-cell", r'''
x_setup = 2.0            # the point the environment check used
answer = float(2 * x_setup)
''', False, "That is the derivative at x = 2; the question asks at x = 3.", ("x = 3|x=3|at 3|x = 2|x=2",)),
    Answer("00.warmup", "string", r'''
answer = "6"
''', False, "The answer must be a number, not a string.", ("number|string|str",)),

    # ------------------------------------------------------------------ 01.chain_derivative
    Answer("01.chain_derivative", "reduce-over-links", r'''
from functools import reduce
link_inputs = [3, 9, 81]                     # what the three calls see
answer = reduce(lambda acc, v: acc * (2 * v), link_inputs, 1)
''', True),
    Answer("01.chain_derivative", "summed-locals", r'''
answer = 2 * 3 + 2 * 9 + 2 * 81
''', False, "The chain rule multiplies the local derivatives; it does not add them.", ("product|multipl",)),
    Answer("01.chain_derivative", "value-not-derivative", r'''
answer = 3 ** 8
''', False, "3⁸ = 6561 is y itself, not dy/dx.", ("derivative",)),
    Answer("01.chain_derivative", "locals-at-outputs", r'''
# each link's local derivative 2v, evaluated at what the link produced
answer = (2 * 9) * (2 * 81) * (2 * 6561)
''', False, "Each local derivative is taken at the link's input (3, 9, 81), not its output.", ("input",)),
    Answer("01.chain_derivative", "copied-x2-result", r'''
answer = 1024.0   # 8x^7 from the traced example above
''', False, "1024 is the derivative at x = 2 from the example; the exercise asks at x = 3.", ("x = 3|x=3|at 3|x = 2|x=2",)),

    # ------------------------------------------------------------------ 01.upstreams
    Answer("01.upstreams", "chaintrace-came-back", r'''
trace3 = helpers.ChainTrace()
f3 = trace3.link("f", forward=lambda v: v ** 2, local=lambda v: 2 * v)
x3 = tf.constant(3.0, tf.float64)
with tf.GradientTape() as tape3:
    tape3.watch(x3)
    y3 = f3(f3(f3(x3)))
tape3.gradient(y3, x3)
upstreams = [float(r.upstream) for r in trace3.backward]
''', True),
    Answer("01.upstreams", "forward-order", r'''
upstreams = [2916, 162, 1]
''', False, "The backward pass visits the outermost call first: list them in backward order.", ("order|backward|outermost",)),
    Answer("01.upstreams", "downstreams", r'''
upstreams = [162, 2916, 17496]
''', False, "These are the downstreams each call sends on; the upstream is what it receives.", ("downstream|receive",)),
    Answer("01.upstreams", "locals", r'''
upstreams = [2 * 81, 2 * 9, 2 * 3]
''', False, "These are the local derivatives, not the upstreams the calls receive.", ("local",)),
    Answer("01.upstreams", "four-numbers", r'''
ups = [1]
for v in (81, 9, 3):
    ups.append(ups[-1] * 2 * v)
upstreams = ups          # includes dL/dx at the end
''', False, "Three calls, three upstreams: the final dy/dx is no call's upstream.", ("three|four|calls",)),

    # ------------------------------------------------------------------ 01.local_sin
    Answer("01.local_sin", "tape-skipped-ahead", r'''
def local_sin(x):
    with tf.GradientTape() as t:
        t.watch(x)
        s = tf.sin(x)
    return t.gradient(s, x)
''', True),
    Answer("01.local_sin", "forward-rule", r'''
def local_sin(x):
    return tf.sin(x)
''', False, "That is the forward rule sin x, not its derivative.", ("derivative|forward",)),
    Answer("01.local_sin", "minus-sign", r'''
def local_sin(x):
    return -tf.cos(x)
''', False, "Sign error: the derivative of sin has no minus sign.", ("sign|minus|negat",)),
    Answer("01.local_sin", "degrees", r'''
def local_sin(x):
    return tf.cos(x * np.pi / 180)   # x in degrees
''', False, "x is in radians: no degree conversion.", ("degree|radian",)),
    Answer("01.local_sin", "times-upstream", r'''
def local_sin(x):
    return upstream * tf.cos(x)      # downstream = local × upstream
''', False, "The local derivative alone is asked for; `upstream` is not defined here and belongs in grad.", ("upstream",)),

    # ------------------------------------------------------------------ 02.x_sin_x
    Answer("02.x_sin_x", "long-typed-asserts", r'''
@strict_custom_gradient
def x_sin_x(x: tf.Tensor):
    """f(x) = x · sin x, applied entry by entry.

    Product rule: f'(x) = sin x + x cos x, so dL/dx = upstream · (sin x + x cos x).
    """
    sin_x: tf.Tensor = tf.sin(x)
    cos_x: tf.Tensor = tf.cos(x)

    def grad(upstream: tf.Tensor) -> tf.Tensor:
        """Vector-Jacobian product for an elementwise function: upstream times the slope."""
        local: tf.Tensor = sin_x + x * cos_x
        downstream: tf.Tensor = upstream * local
        tf.debugging.assert_equal(tf.shape(downstream), tf.shape(x), message="gradient must be shaped like x")
        return downstream

    y: tf.Tensor = x * sin_x
    assert y.dtype == x.dtype, "forward keeps the dtype"
    return y, grad
''', True),
    Answer("02.x_sin_x", "no-product-rule", r'''
@strict_custom_gradient
def x_sin_x(x):
    def grad(upstream):
        return upstream * x * tf.cos(x)
    return x * tf.sin(x), grad
''', False, "Product rule: x·sin x also changes through the factor x, which gives a sin x term.", ("product",)),
    Answer("02.x_sin_x", "golfed-no-upstream", r'''
x_sin_x = strict_custom_gradient(lambda x: (x * tf.sin(x), lambda u: tf.sin(x) + x * tf.cos(x)))
''', False, "grad ignores upstream: multiply the derivative by it.", ("upstream",)),
    Answer("02.x_sin_x", "earlier-cell-x", r'''
x = tf.constant([1.0, 2.0, 3.0])          # from the cells above

@strict_custom_gradient
def x_sin_x(t):
    def grad(upstream):
        return upstream * (tf.sin(x) + x * tf.cos(x))
    return t * tf.sin(t), grad
''', False, "grad uses the x of an earlier cell instead of the function's own input.", ("input|argument|earlier|outside|global",)),
    Answer("02.x_sin_x", "sign-slip", r'''
@strict_custom_gradient
def x_sin_x(x):
    def grad(upstream):
        return upstream * (tf.sin(x) - x * tf.cos(x))
    return x * tf.sin(x), grad
''', False, "Sign error in the second term of the product rule.", ("sign|minus",)),

    # ------------------------------------------------------------------ 02.stable_log1pexp
    Answer("02.stable_log1pexp", "tnp-logaddexp", r'''
tnp = tf.experimental.numpy

@strict_custom_gradient
def stable_log1pexp(x):
    y = tnp.logaddexp(tf.zeros_like(x), x)        # log(e^0 + e^x), computed stably
    def grad(upstream):
        return upstream * tnp.exp(x - y)          # σ(x) = e^x / (1 + e^x) = e^(x - y)
    return y, grad
''', True),
    Answer("02.stable_log1pexp", "log1p-of-exp", r'''
@strict_custom_gradient
def stable_log1pexp(x):
    def grad(upstream):
        return upstream * tf.sigmoid(x)
    return tf.math.log1p(tf.exp(x)), grad
''', False, "The forward still computes e^x, which overflows to inf for large x.", ("overflow|inf",)),
    Answer("02.stable_log1pexp", "docs-gradient-stable-forward", r'''
@strict_custom_gradient
def stable_log1pexp(x):
    y = tf.maximum(x, 0.0) + tf.math.log1p(tf.exp(-tf.abs(x)))
    def grad(upstream):
        return upstream * (1 - 1 / (1 + tf.exp(x)))
    return y, grad
''', False, "The gradient 1 − 1/(1 + eˣ) loses its relative precision for negative x (it comes out 0).", ("precision|negative",)),
    Answer("02.stable_log1pexp", "float64-not-cast-back", r'''
@strict_custom_gradient
def stable_log1pexp(x):
    x64 = tf.cast(x, tf.float64)                  # float64 does not overflow at 89
    y = tf.math.log1p(tf.exp(x64))
    def grad(upstream):
        return tf.cast(upstream, tf.float64) * tf.sigmoid(x64)
    return y, grad
''', False, "Computing in float64 is fine, but cast the value and the gradient back to the input's dtype.", ("dtype|float64|float32",)),
    Answer("02.stable_log1pexp", "log-not-log1p", r'''
@strict_custom_gradient
def stable_log1pexp(x):
    y = tf.maximum(x, 0.0) + tf.math.log(1 + tf.exp(-tf.abs(x)))
    def grad(upstream):
        return upstream * tf.sigmoid(x)
    return y, grad
''', False, "log(1 + t) for tiny t rounds to 0: use log1p to keep the relative precision for negative x.", ("log1p|precision",)),

    # ------------------------------------------------------------------ 02.multiply
    Answer("02.multiply", "golfed-lambda", r'''
multiply = strict_custom_gradient(lambda x, y: (x * y, lambda u: (u * y, u * x)))
''', True),
    Answer("02.multiply", "swapped", r'''
@strict_custom_gradient
def multiply(x, y):
    def grad(upstream):
        return upstream * x, upstream * y
    return x * y, grad
''', False, "The gradients are swapped: dz/dx is y and dz/dy is x.", ("swap|order|other",)),
    Answer("02.multiply", "upstream-ignored", r'''
@strict_custom_gradient
def multiply(x, y):
    def grad(upstream):
        return y, x
    return x * y, grad
''', False, "grad ignores upstream.", ("upstream",)),
    Answer("02.multiply", "one-gradient", r'''
@strict_custom_gradient
def multiply(x, y):
    def grad(upstream):
        return upstream * (x + y)       # total derivative
    return x * y, grad
''', False, "Two inputs need two gradients, one per input.", ("two|each input|per input|number",)),
    Answer("02.multiply", "divided", r'''
@strict_custom_gradient
def multiply(x, y):
    def grad(upstream):
        return upstream / y, upstream / x
    return x * y, grad
''', False, "Divides by the other input where it should multiply.", ("divid",)),

    # ------------------------------------------------------------------ 03.matvec
    Answer("03.matvec", "einsum", r'''
def make_f(A):
    @strict_custom_gradient
    def f(x):
        def grad(upstream):
            return tf.linalg.einsum("ij,i->j", A, upstream)     # Aᵀ · upstream
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
''', False, "The VJP needs Aᵀ · upstream: transpose A.", ("transpose",)),
    Answer("03.matvec", "fixed-A_5x3", r'''
def make_f(A):
    @strict_custom_gradient
    def f(x):
        def grad(upstream):
            return tf.linalg.matvec(A_5x3, upstream, transpose_a=True)
        return tf.linalg.matvec(A, x), grad
    return f
''', False, "grad uses one fixed matrix, not the A the factory was given (the closure's A).", ("closure|factory|A_5x3|fixed",)),
    Answer("03.matvec", "column-sums", r'''
def make_f(A):
    @strict_custom_gradient
    def f(x):
        def grad(upstream):
            return tf.reduce_sum(A, axis=0)     # d(Ax)/dx summed over the outputs
        return tf.linalg.matvec(A, x), grad
    return f
''', False, "grad ignores upstream (it is Aᵀ·1 whatever the upstream).", ("upstream",)),
    Answer("03.matvec", "pinv", r'''
def make_f(A):
    @strict_custom_gradient
    def f(x):
        def grad(upstream):
            return tf.linalg.matvec(tf.linalg.pinv(A), upstream)   # undo A
        return tf.linalg.matvec(A, x), grad
    return f
''', False, "The VJP multiplies by the transpose of A, not its (pseudo-)inverse.", ("transpose|invers",)),

    # ------------------------------------------------------------------ 03.softmax_vjp
    Answer("03.softmax_vjp", "einsum-ellipsis", r'''
@strict_custom_gradient
def softmax(z):
    s = tf.nn.softmax(z)
    def grad(upstream):
        dot = tf.einsum("...i,...i->...", upstream, s)[..., tf.newaxis]   # one number per row
        return s * (upstream - dot)
    return s, grad
''', True),
    Answer("03.softmax_vjp", "sum-mixes-rows", r'''
@strict_custom_gradient
def softmax(z):
    s = tf.nn.softmax(z)
    def grad(upstream):
        return s * (upstream - tf.reduce_sum(upstream * s))
    return s, grad
''', False, "The sum must stay within each row (axis=-1, keepdims=True); summing everything mixes the rows of a batch.", ("row|axis|batch",)),
    Answer("03.softmax_vjp", "sign-flip", r'''
@strict_custom_gradient
def softmax(z):
    s = tf.nn.softmax(z)
    def grad(upstream):
        return s * (tf.reduce_sum(upstream * s, axis=-1, keepdims=True) - upstream)
    return s, grad
''', False, "Sign error: the gradient has the opposite sign.", ("sign",)),
    Answer("03.softmax_vjp", "naive-exp-forward", r'''
@strict_custom_gradient
def softmax(z):
    e = tf.exp(z)
    s = e / tf.reduce_sum(e, axis=-1, keepdims=True)
    def grad(upstream):
        return s * (upstream - tf.reduce_sum(upstream * s, axis=-1, keepdims=True))
    return s, grad
''', False, "The forward exponentiates the raw scores: e^z overflows for large scores (NaN); subtract the row max or use tf.nn.softmax.", ("overflow|nan|large|inf",)),
    Answer("03.softmax_vjp", "diag-only-no-one-minus", r'''
@strict_custom_gradient
def softmax(z):
    s = tf.nn.softmax(z)
    return s, lambda upstream: upstream * s
''', False, "Only the diagonal part diag(s) of J: the −s sᵀ part (every output depends on every input) is missing.", ("diagonal|sᵀ|outer|every",)),

    # ------------------------------------------------------------------ 03.phi_grad
    Answer("03.phi_grad", "chain-through-erf", r'''
@strict_custom_gradient
def phi_tf(x):
    def grad(upstream):
        u = x / np.sqrt(2.0)
        d_erf = 2 / np.sqrt(np.pi) * tf.exp(-u * u)       # erf'(u)
        return upstream * 0.5 * d_erf / np.sqrt(2.0)      # × du/dx = 1/√2, × ½
    return 0.5 * (1 + tf.math.erf(x / np.sqrt(2.0))), grad
''', True),
    Answer("03.phi_grad", "float64-constant", r'''
@strict_custom_gradient
def phi_tf(x):
    def grad(upstream):
        c = tf.constant(1 / np.sqrt(2 * np.pi), dtype=tf.float64)
        return upstream * c * tf.exp(-x ** 2 / 2)
    return 0.5 * (1 + tf.math.erf(x / np.sqrt(2.0))), grad
''', False, "The float64 constant breaks float32 inputs: build it in x's dtype.", ("dtype|float32|float64",)),
    Answer("03.phi_grad", "square-not-sqrt", r'''
@strict_custom_gradient
def phi_tf(x):
    def grad(upstream):
        return upstream * tf.exp(-x ** 2 / 2) / (2 * np.pi)
    return 0.5 * (1 + tf.math.erf(x / np.sqrt(2.0))), grad
''', False, "The normal density divides by √(2π), not 2π: the constant factor is wrong.", ("factor|constant|scale|sqrt|√",)),
    Answer("03.phi_grad", "erf-prime-no-chain", r'''
@strict_custom_gradient
def phi_tf(x):
    def grad(upstream):
        return upstream * 0.5 * 2 / np.sqrt(np.pi) * tf.exp(-x ** 2)
    return 0.5 * (1 + tf.math.erf(x / np.sqrt(2.0))), grad
''', False, "erf' is evaluated at x instead of x/√2, and the inner derivative 1/√2 is missing (chain rule).", ("chain|inner|√2|sqrt",)),
    Answer("03.phi_grad", "scipy-in-grad", r'''
@strict_custom_gradient
def phi_tf(x):
    def grad(upstream):
        return upstream * tf.constant(scipy.stats.norm.pdf(x.numpy()), dtype=x.dtype)
    return 0.5 * (1 + tf.math.erf(x / np.sqrt(2.0))), grad
''', False, ".numpy() inside grad fails in tf.function: use TensorFlow operations.", ("numpy|tf.function|symbolic",)),

    # ------------------------------------------------------------------ 04.quadratic_form
    Answer("04.quadratic_form", "long-typed-asserts", r'''
from typing import Callable, Tuple

@strict_custom_gradient
def quadratic_form(x: tf.Tensor, A: tf.Tensor) -> Tuple[tf.Tensor, Callable]:
    """q = xᵀ A x for a square, possibly non-symmetric A.

    dq = dxᵀ A x + xᵀ A dx + xᵀ dA x
       = ((A + Aᵀ) x)ᵀ dx + Σᵢⱼ xᵢ xⱼ dAᵢⱼ,
    so dL/dx = upstream · (A x + Aᵀ x) and dL/dA = upstream · x xᵀ.
    """
    assert len(x.shape) == 1 and len(A.shape) == 2, "x is a vector, A a matrix"
    Ax: tf.Tensor = tf.linalg.matvec(A, x)
    ATx: tf.Tensor = tf.linalg.matvec(A, x, transpose_a=True)

    def grad(upstream: tf.Tensor) -> Tuple[tf.Tensor, tf.Tensor]:
        dx: tf.Tensor = upstream * (Ax + ATx)
        dA: tf.Tensor = upstream * tf.tensordot(x, x, axes=0)      # outer product x xᵀ
        return dx, dA

    return tf.tensordot(x, Ax, axes=1), grad
''', True),
    Answer("04.quadratic_form", "assumed-symmetric", r'''
@strict_custom_gradient
def quadratic_form(x, A):
    def grad(upstream):
        return upstream * 2 * tf.linalg.matvec(A, x), upstream * tf.tensordot(x, x, axes=0)
    return tf.tensordot(x, tf.linalg.matvec(A, x), axes=1), grad
''', False, "2Ax holds only for a symmetric A; here A ≠ Aᵀ, so both Ax and Aᵀx appear.", ("symmetric|transpose",)),
    Answer("04.quadratic_form", "dA-without-upstream", r'''
@strict_custom_gradient
def quadratic_form(x, A):
    def grad(upstream):
        dx = upstream * (tf.linalg.matvec(A, x) + tf.linalg.matvec(A, x, transpose_a=True))
        dA = tf.tensordot(x, x, axes=0)
        return dx, dA
    return tf.tensordot(x, tf.linalg.matvec(A, x), axes=1), grad
''', False, "The gradient for A forgets to multiply by upstream.", ("upstream",)),
    Answer("04.quadratic_form", "only-Ax", r'''
@strict_custom_gradient
def quadratic_form(x, A):
    def grad(upstream):
        return upstream * tf.linalg.matvec(A, x), upstream * tf.tensordot(x, x, axes=0)
    return tf.tensordot(x, tf.linalg.matvec(A, x), axes=1), grad
''', False, "x appears twice in xᵀAx: dL/dx needs the Aᵀx term as well as Ax.", ("transpose|Aᵀ|both|twice",)),
    Answer("04.quadratic_form", "inner-not-outer", r'''
@strict_custom_gradient
def quadratic_form(x, A):
    def grad(upstream):
        dx = upstream * (tf.linalg.matvec(A, x) + tf.linalg.matvec(A, x, transpose_a=True))
        dA = upstream * tf.tensordot(x, x, axes=1)
        return dx, dA
    return tf.tensordot(x, tf.linalg.matvec(A, x), axes=1), grad
''', False, "dL/dA must be shaped like A: an outer product, not the inner product xᵀx.", ("outer|shape",)),

    # ------------------------------------------------------------------ 04.batched_matmul
    Answer("04.batched_matmul", "einsum", r'''
@strict_custom_gradient
def batched_matmul(A, B):
    def grad(U):
        dA = tf.einsum("bmn,kn->bmk", U, B)        # U Bᵀ per batch entry
        dB = tf.einsum("bmk,bmn->kn", A, U)        # Σ_batch Aᵀ U
        return dA, dB
    return tf.matmul(A, B), grad
''', True),
    Answer("04.batched_matmul", "vectorized-map-unsummed", r'''
@strict_custom_gradient
def batched_matmul(A, B):
    def grad(U):
        dA = tf.matmul(U, B, transpose_b=True)
        dB = tf.vectorized_map(lambda au: tf.matmul(au[0], au[1], transpose_a=True), (A, U))
        return dA, dB
    return tf.matmul(A, B), grad
''', False, "B is shared by the whole batch: sum its per-entry gradients over the batch axis.", ("sum|batch",)),
    Answer("04.batched_matmul", "mean-over-batch", r'''
@strict_custom_gradient
def batched_matmul(A, B):
    def grad(U):
        dA = tf.matmul(U, B, transpose_b=True)
        dB = tf.reduce_mean(tf.matmul(A, U, transpose_a=True), axis=0)
        return dA, dB
    return tf.matmul(A, B), grad
''', False, "The shared B's gradient is the sum over the batch, not the mean.", ("mean|sum",)),
    Answer("04.batched_matmul", "dA-pinv", r'''
@strict_custom_gradient
def batched_matmul(A, B):
    def grad(U):
        dA = tf.matmul(U, tf.linalg.pinv(B))
        dB = tf.reduce_sum(tf.matmul(A, U, transpose_a=True), axis=0)
        return dA, dB
    return tf.matmul(A, B), grad
''', False, "dL/dA is U Bᵀ: multiply by the transpose of B, not its inverse.", ("transpose|invers",)),
    Answer("04.batched_matmul", "cast-float32", r'''
@strict_custom_gradient
def batched_matmul(A, B):
    def grad(U):
        dA = tf.cast(tf.matmul(U, B, transpose_b=True), tf.float32)
        dB = tf.cast(tf.reduce_sum(tf.matmul(A, U, transpose_a=True), axis=0), tf.float32)
        return dA, dB
    return tf.matmul(A, B), grad
''', False, "The gradients are cast to float32: for float64 inputs they must stay float64.", ("dtype|float64",)),

    # ------------------------------------------------------------------ 04.bias_add
    Answer("04.bias_add", "golfed-reshape", r'''
bias_add = strict_custom_gradient(lambda x, b: (x + b, lambda u: (u, tf.reduce_sum(tf.reshape(u, (-1, b.shape[-1])), 0))))
''', True),
    Answer("04.bias_add", "axis0-only", r'''
@strict_custom_gradient
def bias_add(x, b):
    def grad(upstream):
        return upstream, tf.reduce_sum(upstream, axis=0)
    return x + b, grad
''', False, "Summing over axis 0 only is not enough for a three-axis x: sum over every axis but the last.", ("axis|axes|time",)),
    Answer("04.bias_add", "unsummed", r'''
@strict_custom_gradient
def bias_add(x, b):
    def grad(upstream):
        return upstream, upstream
    return x + b, grad
''', False, "b is broadcast: its gradient must be summed back to b's shape.", ("sum|shape",)),
    Answer("04.bias_add", "mean", r'''
@strict_custom_gradient
def bias_add(x, b):
    def grad(upstream):
        return upstream, tf.reduce_mean(upstream, axis=list(range(len(upstream.shape) - 1)))
    return x + b, grad
''', False, "Each use of b adds its contribution: sum, do not average.", ("mean|sum|average",)),
    Answer("04.bias_add", "off-by-one-axes", r'''
@strict_custom_gradient
def bias_add(x, b):
    def grad(upstream):
        return upstream, tf.reduce_sum(upstream, axis=list(range(1, len(upstream.shape))))
    return x + b, grad
''', False, "Sums over the wrong axes: keep the last axis (b's), sum all the others.", ("axis|axes|shape",)),

    # ------------------------------------------------------------------ 05.sign_ste
    Answer("05.sign_ste", "tape-on-clip", r'''
@tf.custom_gradient
def sign_ste(x):
    def grad(upstream):
        with tf.GradientTape() as t:          # let TensorFlow find the hard tanh's slope
            t.watch(x)
            hard_tanh = tf.clip_by_value(x, -1.0, 1.0)
        return t.gradient(hard_tanh, x, output_gradients=upstream)
    return tf.sign(x), grad
''', True),
    Answer("05.sign_ste", "strict-inequality", r'''
@tf.custom_gradient
def sign_ste(x):
    def grad(upstream):
        return upstream * tf.cast(tf.abs(x) < 1, x.dtype)
    return tf.sign(x), grad
''', False, "At |x| = 1 exactly take the inside value: <= 1, not < 1.", ("inside|boundary|= 1|exactly",)),
    Answer("05.sign_ste", "mask-float32", r'''
@tf.custom_gradient
def sign_ste(x):
    def grad(upstream):
        return upstream * tf.cast(tf.abs(x) <= 1, tf.float32)
    return tf.sign(x), grad
''', False, "The mask is cast to float32: use x.dtype so float64 inputs work.", ("dtype|float64",)),
    Answer("05.sign_ste", "smooth-tanh", r'''
@tf.custom_gradient
def sign_ste(x):
    def grad(upstream):
        return upstream * (1 - tf.tanh(x) ** 2)
    return tf.sign(x), grad
''', False, "That is the smooth tanh's slope; the exercise asks for the hard tanh clip(x, −1, 1).", ("hard",)),
    Answer("05.sign_ste", "tnp-no-upstream", r'''
tnp = tf.experimental.numpy

@tf.custom_gradient
def sign_ste(x):
    def grad(upstream):
        return tnp.where(tnp.abs(x) <= 1, tnp.ones_like(x), tnp.zeros_like(x))
    return tf.sign(x), grad
''', False, "The slope is right but grad forgets to multiply by upstream.", ("upstream",)),

    # ------------------------------------------------------------------ 05.clip_gradient
    Answer("05.clip_gradient", "golfed-lambda", r'''
clip_gradient = tf.custom_gradient(lambda x: (tf.identity(x), lambda u: tf.maximum(tf.minimum(u, 1), -1)))
''', True),
    Answer("05.clip_gradient", "clips-forward", r'''
@tf.custom_gradient
def clip_gradient(x):
    def grad(upstream):
        return upstream
    return tf.clip_by_value(x, -1.0, 1.0), grad
''', False, "Clips the forward value instead of the gradient: the forward must be the identity.", ("forward|identity",)),
    Answer("05.clip_gradient", "clip-by-norm", r'''
@tf.custom_gradient
def clip_gradient(x):
    def grad(upstream):
        return tf.clip_by_norm(upstream, 1.0)
    return tf.identity(x), grad
''', False, "clip_by_norm rescales the whole gradient; the exercise clips each entry separately.", ("entry|norm|elementwise",)),
    Answer("05.clip_gradient", "upper-only", r'''
@tf.custom_gradient
def clip_gradient(x):
    def grad(upstream):
        return tf.minimum(upstream, 1.0)
    return tf.identity(x), grad
''', False, "Only the upper bound is applied: entries below −1 must be clipped too.", ("-1|−1|lower|negative|below",)),
    Answer("05.clip_gradient", "float32-bounds", r'''
LOW, HIGH = tf.constant(-1.0), tf.constant(1.0)

@tf.custom_gradient
def clip_gradient(x):
    def grad(upstream):
        return tf.clip_by_value(upstream, LOW, HIGH)
    return tf.identity(x), grad
''', False, "The float32 bounds break float64 gradients: make the bounds in upstream's dtype (or use Python numbers).", ("dtype|float64",)),

    # ------------------------------------------------------------------ 06.scale_by_variable
    Answer("06.scale_by_variable", "reads-variables-arg", r'''
w = tf.Variable(2.0)

@tf.custom_gradient
def scale(x):
    def grad(upstream, variables=None):
        (v,) = variables                              # the one variable read: w
        dx = upstream * v ** 2
        dv = 2 * v * tf.reduce_sum(upstream * x)      # w is shared by every entry: sum
        return dx, [dv]
    return x * w ** 2, grad
''', True),
    Answer("06.scale_by_variable", "dw-unsummed", r'''
w = tf.Variable(2.0)

@tf.custom_gradient
def scale(x):
    def grad(upstream, variables=None):
        return upstream * w ** 2, [2 * w * upstream * x]
    return x * w ** 2, grad
''', False, "w is one number used by every entry: sum its gradient to a scalar.", ("sum|shape|scalar",)),
    Answer("06.scale_by_variable", "dw-missing-2", r'''
w = tf.Variable(2.0)

@tf.custom_gradient
def scale(x):
    def grad(upstream, variables=None):
        return upstream * w ** 2, [w * tf.reduce_sum(upstream * x)]
    return x * w ** 2, grad
''', False, "d(w²)/dw has a factor 2 that is missing.", ("factor|two|2",)),
    Answer("06.scale_by_variable", "no-contract", r'''
w = tf.Variable(2.0)

@tf.custom_gradient
def scale(x):
    def grad(upstream):
        return upstream * w ** 2
    return x * w ** 2, grad
''', False, "The function reads a variable: grad needs variables=None and must return (dx, [dw]).", ("variables",)),
    Answer("06.scale_by_variable", "steps-w-inside-grad", r'''
w = tf.Variable(2.0)

@tf.custom_gradient
def scale(x):
    def grad(upstream, variables=None):
        dw = 2 * w * tf.reduce_sum(upstream * x)
        w.assign_sub(0.01 * dw)                 # take the training step right here
        return upstream * w ** 2, [dw]
    return x * w ** 2, grad
''', False, "grad must not change w: it only returns gradients (and dx then uses the modified w).", ("assign|modif|mutat|chang",)),

    # ------------------------------------------------------------------ 06.numpy_erf
    Answer("06.numpy_erf", "py_function", r'''
@tf.custom_gradient
def numpy_erf(x):
    y = tf.py_function(lambda t: scipy.special.erf(t.numpy()), [x], Tout=x.dtype)
    y.set_shape(x.shape)
    def grad(upstream):
        return upstream * tf.cast(2 / np.sqrt(np.pi), x.dtype) * tf.exp(-tf.square(x))
    return y, grad
''', True),
    Answer("06.numpy_erf", "dot-numpy", r'''
@tf.custom_gradient
def numpy_erf(x):
    y = tf.constant(scipy.special.erf(x.numpy()), dtype=x.dtype)
    def grad(upstream):
        return upstream * 2 / np.sqrt(np.pi) * tf.exp(-x ** 2)
    return y, grad
''', False, ".numpy() fails inside tf.function: wrap SciPy in tf.numpy_function.", ("numpy|tf.function|symbolic",)),
    Answer("06.numpy_erf", "missing-constant", r'''
@tf.custom_gradient
def numpy_erf(x):
    y = tf.numpy_function(scipy.special.erf, [x], x.dtype)
    y.set_shape(x.shape)
    return y, lambda upstream: upstream * tf.exp(-x ** 2)
''', False, "The factor 2/√π of erf's derivative is missing.", ("factor|constant|π|pi",)),
    Answer("06.numpy_erf", "normal-density-exponent", r'''
@tf.custom_gradient
def numpy_erf(x):
    y = tf.numpy_function(scipy.special.erf, [x], x.dtype)
    y.set_shape(x.shape)
    return y, lambda upstream: upstream * 2 / np.sqrt(np.pi) * tf.exp(-x ** 2 / 2)
''', False, "erf'(x) has e^(−x²), not e^(−x²/2) (that is the normal density's exponent).", ("exp|e^",)),
    Answer("06.numpy_erf", "Tout-float32", r'''
@tf.custom_gradient
def numpy_erf(x):
    y = tf.numpy_function(scipy.special.erf, [x], tf.float32)
    y.set_shape(x.shape)
    return y, lambda upstream: upstream * 2 / np.sqrt(np.pi) * tf.exp(-x ** 2)
''', False, "Tout is hard-coded to float32: use x.dtype so float64 inputs work.", ("dtype|float64|float32",)),

    # ------------------------------------------------------------------ 07.fused_second_derivative
    Answer("07.fused_second_derivative", "long-typed", r'''
@tf.custom_gradient
def tanh_op(x: tf.Tensor):
    """tanh with fused value and slope; true second derivative.

    d/dx (1 - tanh² x) = -2 tanh x (1 - tanh² x) = -2 · y · slope.
    """
    y, slope = fused_tanh(x)

    def grad(dy: tf.Tensor) -> tf.Tensor:
        @tf.custom_gradient
        def first_derivative(x_inner: tf.Tensor):
            def second_derivative(ddy: tf.Tensor) -> tf.Tensor:
                return ddy * (-2.0) * y * slope
            return slope, second_derivative
        return dy * first_derivative(x)

    return y, grad
''', True),
    Answer("07.fused_second_derivative", "naive-nesting", r'''
@tf.custom_gradient
def tanh_op(x):
    y, slope = fused_tanh(x)
    @tf.custom_gradient
    def grad(dy):
        def grad_grad(ddy):
            return ddy * -2 * y * slope
        return dy * slope, grad_grad
    return y, grad
''', False, "Decorating grad makes grad_grad a gradient with respect to dy, not x: make the first derivative a custom-gradient function of x.", ("dy",)),
    Answer("07.fused_second_derivative", "second-sign", r'''
@tf.custom_gradient
def tanh_op(x):
    y, slope = fused_tanh(x)
    def grad(dy):
        @tf.custom_gradient
        def first_derivative(x):
            return slope, lambda ddy: ddy * 2 * y * slope
        return dy * first_derivative(x)
    return y, grad
''', False, "The second derivative has the wrong sign.", ("sign|minus",)),
    Answer("07.fused_second_derivative", "second-missing-chain", r'''
@tf.custom_gradient
def tanh_op(x):
    y, slope = fused_tanh(x)
    def grad(dy):
        @tf.custom_gradient
        def first_derivative(x):
            return slope, lambda ddy: ddy * -2 * y       # d(tanh²)/dx = 2 tanh
        return dy * first_derivative(x)
    return y, grad
''', False, "d(tanh² x)/dx needs the chain rule: the slope factor is missing.", ("chain|slope|factor",)),
    Answer("07.fused_second_derivative", "second-is-first", r'''
@tf.custom_gradient
def tanh_op(x):
    y, slope = fused_tanh(x)
    def grad(dy):
        @tf.custom_gradient
        def first_derivative(x):
            return slope, lambda ddy: ddy * slope
        return dy * first_derivative(x)
    return y, grad
''', False, "The inner gradient returns the first derivative again where the second belongs.", ("first|second",)),

    # ------------------------------------------------------------------ 07.hvp
    Answer("07.hvp", "output-gradients-golfed", r'''
def hvp(f, x, v):
    with tf.GradientTape() as outer:
        outer.watch(x)
        with tf.GradientTape() as inner:
            inner.watch(x)
            y = f(x)
        g = inner.gradient(y, x)
    return outer.gradient(g, x, output_gradients=v)     # (∂g/∂x)ᵀ v = H v
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
''', False, "Multiplying v entry by entry is only right for a diagonal Hessian: differentiate gᵀv (or pass v as the outer upstream).", ("diagonal",)),
    Answer("07.hvp", "inner-gradient-outside-outer", r'''
def hvp(f, x, v):
    with tf.GradientTape() as outer:
        outer.watch(x)
        with tf.GradientTape() as inner:
            inner.watch(x)
            y = f(x)
    g = inner.gradient(y, x)                 # outer tape no longer recording
    return outer.gradient(tf.reduce_sum(g * v), x)
''', False, "The first gradient is computed after the outer tape stopped recording, so the outer gradient is None.", ("none|outer|record",)),
    Answer("07.hvp", "scalar-gv", r'''
def hvp(f, x, v):
    with tf.GradientTape() as tape:
        tape.watch(x)
        y = f(x)
    return tf.reduce_sum(tape.gradient(y, x) * v)
''', False, "That is the directional derivative gᵀv, one number; Hv needs a second differentiation and has x's shape.", ("second|shape",)),
    Answer("07.hvp", "differentiates-wrt-v", r'''
def hvp(f, x, v):
    with tf.GradientTape() as outer:
        outer.watch(v)
        with tf.GradientTape() as inner:
            inner.watch(x)
            y = f(x)
        g = inner.gradient(y, x)
        gv = tf.reduce_sum(g * v)
    return outer.gradient(gv, v)
''', False, "The outer gradient is taken with respect to v, which just returns the first gradient g.", ("first|∇f|respect to v|with respect",)),

    # ------------------------------------------------------------------ 08.implicit_scalar
    Answer("08.implicit_scalar", "golfed-reciprocal", r'''
@strict_custom_gradient
def fixed_point(x, w):
    z = iterate_fixed_point(x, w)
    s = 1 - tf.tanh(w * z) ** 2
    r = tf.math.reciprocal(1 - w * s)
    return z, lambda g: (g * r, tf.reduce_sum(g * r * s * z))
''', True),
    Answer("08.implicit_scalar", "dw-unsummed", r'''
@strict_custom_gradient
def fixed_point(x, w):
    z = iterate_fixed_point(x, w)
    def grad(upstream):
        s = 1 - tf.tanh(w * z) ** 2
        scale = 1 / (1 - w * s)
        return upstream * scale, upstream * s * z * scale
    return z, grad
''', False, "w is one number used by every entry: sum its gradient over the entries.", ("sum|shape|scalar",)),
    Answer("08.implicit_scalar", "plus-in-denominator", r'''
@strict_custom_gradient
def fixed_point(x, w):
    z = iterate_fixed_point(x, w)
    def grad(upstream):
        s = 1 - tf.tanh(w * z) ** 2
        scale = 1 / (1 + w * s)
        return upstream * scale, tf.reduce_sum(upstream * s * z * scale)
    return z, grad
''', False, "Sign error in the denominator when solving for dz.", ("sign|denominator",)),
    Answer("08.implicit_scalar", "no-solve", r'''
@strict_custom_gradient
def fixed_point(x, w):
    z = iterate_fixed_point(x, w)
    def grad(upstream):
        s = 1 - tf.tanh(w * z) ** 2
        return upstream, tf.reduce_sum(upstream * s * z)     # dz = dx + s z dw
    return z, grad
''', False, "z appears on both sides: solve for dz, which divides by 1 − w·tanh'(wz) (the implicit step).", ("solve|denominator|implicit|both sides",)),
    Answer("08.implicit_scalar", "slope-not-squared", r'''
@strict_custom_gradient
def fixed_point(x, w):
    z = iterate_fixed_point(x, w)
    def grad(upstream):
        s = 1 - tf.tanh(w * z)                 # tanh' 
        scale = 1 / (1 - w * s)
        return upstream * scale, tf.reduce_sum(upstream * s * z * scale)
    return z, grad
''', False, "tanh's slope is 1 − tanh², the square is missing.", ("square|tanh²|slope",)),

    # ------------------------------------------------------------------ 08.block_size
    Answer("08.block_size", "min-over-divisors", r'''
block_size = min((k for k in range(1, 37) if 36 % k == 0), key=lambda k: 36 // k + k)
''', True),
    Answer("08.block_size", "one-block", r'''
block_size = 36
''', False, "One block of 36 holds all 36 activations while it is recomputed: no saving.", ("activation",)),
    Answer("08.block_size", "every-layer", r'''
block_size = 1
''', False, "Blocks of one layer keep all 36 block inputs.", ("input",)),
    Answer("08.block_size", "square-not-root", r'''
block_size = 36 ** 2
''', False, "k must divide 36 (and be at most 36).", ("divid|divisor",)),
    Answer("08.block_size", "memory-not-k", r'''
block_size = min(36 // k + k for k in (1, 2, 3, 4, 6, 9, 12, 18, 36))
''', False, "That is the least memory (in activations), not the block size that gives it.", ("memory",)),

    # ------------------------------------------------------------------ 09.spot_the_mistake
    Answer("09.spot_the_mistake", "split-string", r'''
answers = "keyword_call upstream_ignored float32_false_alarm wrong_shape none_gradient".split()
''', True),
    Answer("09.spot_the_mistake", "first-variables", r'''
answers = ["variables_missing", "upstream_ignored", "float32_false_alarm", "wrong_shape", "none_gradient"]
''', False, "Snippet 1: tf.print never printing means grad never ran; look at how the function is called.", ("1|first",)),
    Answer("09.spot_the_mistake", "fourth-none", r'''
answers = ["keyword_call", "upstream_ignored", "float32_false_alarm", "none_gradient", "none_gradient"]
''', False, "Snippet 4 has a gradient of the wrong shape (4,) for s of shape (4, 1), not a None.", ("4|fourth",)),
    Answer("09.spot_the_mistake", "four-names", r'''
answers = ["keyword_call", "upstream_ignored", "wrong_shape", "none_gradient"]
''', False, "Five snippets, five names.", ("five|5",)),
    Answer("09.spot_the_mistake", "no-quotes", r'''
answers = [keyword_call, upstream_ignored, float32_false_alarm, wrong_shape, none_gradient]
''', False, "The names must be strings, in quotes.", ("quote|string",)),

    # ------------------------------------------------------------------ 09.fix_linear
    Answer("09.fix_linear", "tensordot", r'''
@tf.custom_gradient
def linear(x, W, b):
    def grad(U):
        return (U @ tf.transpose(W),
                tf.tensordot(x, U, axes=[[0], [0]]),   # xᵀ U
                tf.reduce_sum(U, axis=0))              # b broadcast over the batch
    return x @ W + b, grad
''', True),
    Answer("09.fix_linear", "only-dW-fixed", r'''
@tf.custom_gradient
def linear(x, W, b):
    def grad(U):
        return U @ tf.transpose(W), tf.transpose(x) @ U, U
    return x @ W + b, grad
''', False, "The bias gradient must be summed over the batch to b's shape.", ("bias|sum",)),
    Answer("09.fix_linear", "only-db-fixed", r'''
@tf.custom_gradient
def linear(x, W, b):
    def grad(U):
        return U @ tf.transpose(W), tf.transpose(U) @ x, tf.reduce_sum(U, axis=0)
    return x @ W + b, grad
''', False, "dL/dW is xᵀU; Uᵀx is its transpose, shaped like Wᵀ.", ("transpose|shape",)),
    Answer("09.fix_linear", "mean-bias", r'''
@tf.custom_gradient
def linear(x, W, b):
    def grad(U):
        return U @ tf.transpose(W), tf.transpose(x) @ U, tf.reduce_mean(U, axis=0)
    return x @ W + b, grad
''', False, "The bias gradient sums over the batch; the mean divides it by the batch size.", ("mean|sum",)),
    Answer("09.fix_linear", "hardcoded-shapes", r'''
@tf.custom_gradient
def linear(x, W, b):
    def grad(U):
        dW = tf.reshape(tf.transpose(U) @ x, (3, 2))      # W is 3 × 2
        return U @ tf.transpose(W), dW, tf.reduce_sum(U, axis=0)
    return x @ W + b, grad
''', False, "Reshaping Uᵀx to (3, 2) is not a transpose (and fixes the sizes): use xᵀU, for any shapes.", ("transpose|shape",)),
]
