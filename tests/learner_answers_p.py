"""Learner answers, set p: habits from other frameworks and old tutorials.

TensorFlow 1 idioms (sessions, placeholders, tf.gradients called eagerly), PyTorch's
autograd.Function shape (forward/backward static methods, a ctx, save_for_backward), JAX's
custom_vjp shape (fwd/bwd, residuals, a bwd returning a tuple), einsum-heavy answers,
tf.experimental.numpy and keras.ops in place of tf ops, answers copied from a docs page
that solve a neighbouring problem, and helpers that hand back the wrong object.
"""

from learner_answer_types import Answer

ANSWERS = [
    # ------------------------------------------------------------------ 00.warmup
    Answer("00.warmup", "tf1-session-placeholder", r'''
# the way my old TF1 course did it: a graph, a placeholder, a session
graph = tf.Graph()
with graph.as_default():
    x_ph = tf.compat.v1.placeholder(tf.float32, shape=())
    y_op = x_ph ** 2
    dy_dx_op = tf.compat.v1.gradients(y_op, x_ph)[0]
    with tf.compat.v1.Session(graph=graph) as sess:
        answer = float(sess.run(dy_dx_op, feed_dict={x_ph: 3.0}))
''', True),
    Answer("00.warmup", "tf-gradients-eagerly", r'''
x = tf.constant(3.0)
y = x ** 2
answer = tf.gradients(y, x)[0]     # TF1 style, no session needed any more?
''', False, "tf.gradients does not work eagerly in TF2; record with tf.GradientTape and call tape.gradient",
        ("GradientTape|eager",)),
    Answer("00.warmup", "jax-grad-returns-function", r'''
def grad(f):
    """like jax.grad: returns the derivative function"""
    def df(x):
        x = tf.convert_to_tensor(x, tf.float32)
        with tf.GradientTape() as tape:
            tape.watch(x)
            y = f(x)
        return tape.gradient(y, x)
    return df

answer = grad(lambda x: x ** 2)    # d/dx x^2
''', False, "the answer is the derivative function itself; evaluate it at x = 3 to get a number",
        ("function|callable",)),
    Answer("00.warmup", "tnp-value-not-derivative", r'''
import tensorflow.experimental.numpy as tnp
x = tnp.asarray(3.0)
answer = float(tnp.square(x))
''', False, "9 is the value of x² at 3, not its derivative", ("derivative",)),

    # ------------------------------------------------------------------ 01.chain_derivative
    Answer("01.chain_derivative", "torch-function-by-hand", r'''
class Square:                          # like torch.autograd.Function
    @staticmethod
    def forward(ctx, x):
        ctx["saved"] = x
        return x * x

    @staticmethod
    def backward(ctx, grad_output):
        x = ctx["saved"]
        return grad_output * 2 * x

ctxs = [{}, {}, {}]
v = 3.0
for ctx in ctxs:                       # forward: 3 -> 9 -> 81 -> 6561
    v = Square.forward(ctx, v)
g = 1.0
for ctx in reversed(ctxs):             # backward, outermost first
    g = Square.backward(ctx, g)
answer = g
''', True),
    Answer("01.chain_derivative", "torch-backward-no-grad-output", r'''
class Square:
    @staticmethod
    def forward(ctx, x):
        ctx["saved"] = x
        return x * x

    @staticmethod
    def backward(ctx, grad_output):
        return 2 * ctx["saved"]        # d(x^2)/dx

ctxs = [{}, {}, {}]
v = 3.0
for ctx in ctxs:
    v = Square.forward(ctx, v)
g = 1.0
for ctx in reversed(ctxs):
    g = Square.backward(ctx, g)
answer = g
''', False, "each backward must multiply its local derivative by the upstream it receives; this keeps only the innermost 2x = 6",
        ("upstream",)),
    Answer("01.chain_derivative", "einsum-sums-locals", r'''
locals_ = tf.constant([2 * 3.0, 2 * 9.0, 2 * 81.0])
answer = float(tf.einsum("i->", locals_))     # combine the three links
''', False, "the chain rule multiplies the local derivatives; adding them gives 186",
        ("multipl|product",)),
    Answer("01.chain_derivative", "tnp-value-of-x8", r'''
import tensorflow.experimental.numpy as tnp
x = tnp.asarray(3.0)
y = tnp.power(tnp.power(tnp.power(x, 2), 2), 2)
answer = float(y)
''', False, "6561 is y = x⁸ itself at 3; the question asks for dy/dx", ("derivative",)),

    # ------------------------------------------------------------------ 01.upstreams
    Answer("01.upstreams", "record-from-custom-gradient", r'''
seen = []

@tf.custom_gradient
def sq(x):
    def grad(upstream):
        seen.append(float(upstream))   # what this call receives
        return upstream * 2 * x
    return x * x, grad

x = tf.constant(3.0)
with tf.GradientTape() as tape:
    tape.watch(x)
    y = sq(sq(sq(x)))
tape.gradient(y, x)
upstreams = seen
''', True),
    Answer("01.upstreams", "downstreams-from-backward", r'''
# torch-style: grad_input of each backward call, outermost first
upstreams = [2 * 81 * 1, 2 * 9 * 162, 2 * 3 * 2916]
''', False, "these are what each call passes on (downstream); the upstream is what it receives, starting from 1",
        ("downstream|receive",)),
    Answer("01.upstreams", "forward-order", r'''
upstreams = [2916.0, 162.0, 1.0]       # x -> x1 -> x2 -> y
''', False, "right numbers in the wrong order: the backward pass visits the outermost call first",
        ("order|outermost|reverse",)),
    Answer("01.upstreams", "saved-locals", r'''
saved = [3.0, 9.0, 81.0]               # ctx.save_for_backward of each call
upstreams = [2 * v for v in reversed(saved)]
''', False, "these are the local derivatives 2x of each call, not the upstream it receives",
        ("local",)),

    # ------------------------------------------------------------------ 01.local_sin
    Answer("01.local_sin", "tnp-cos", r'''
import tensorflow.experimental.numpy as tnp

def local_sin(x):
    return tnp.cos(x)
''', True),
    Answer("01.local_sin", "returns-the-link", r'''
@tf.custom_gradient
def sin_link(x):
    def grad(upstream):
        return upstream * tf.cos(x)
    return tf.sin(x), grad

local_sin = sin_link
''', False, "this returns sin(x), the link's forward value; the local derivative is asked for",
        ("derivative",)),
    Answer("01.local_sin", "returns-inner-function", r'''
def local_sin(x):
    def d_sin(v):
        return tf.cos(v)
    return d_sin
''', False, "local_sin returns a function instead of a tensor; apply it to x", ("function|callable",)),
    Answer("01.local_sin", "keras-ops-minus-sin", r'''
import keras

def local_sin(x):
    return -keras.ops.sin(x)
''', False, "-sin x is the derivative of cos, not of sin", ("derivative|cos",)),

    # ------------------------------------------------------------------ 02.x_sin_x
    Answer("02.x_sin_x", "tape-inside-grad", r'''
@strict_custom_gradient
def x_sin_x(x):
    def grad(upstream):
        with tf.GradientTape() as t:        # let autodiff find the local derivative, seeded with upstream
            t.watch(x)
            f = x * tf.sin(x)
        return t.gradient(f, x, output_gradients=upstream)
    return x * tf.sin(x), grad
''', True),
    Answer("02.x_sin_x", "jax-grad-no-cotangent", r'''
@strict_custom_gradient
def x_sin_x(x):
    def grad(upstream):
        return tf.sin(x) + x * tf.cos(x)    # d/dx (x sin x)
    return x * tf.sin(x), grad
''', False, "grad returns only the local derivative; multiply it by upstream", ("upstream",)),
    Answer("02.x_sin_x", "no-product-rule", r'''
@strict_custom_gradient
def x_sin_x(x):
    def grad(upstream):
        return upstream * x * tf.cos(x)
    return x * tf.sin(x), grad
''', False, "the product rule gives two terms; the derivative of the factor x is missing",
        ("product|sin",)),
    Answer("02.x_sin_x", "torch-class-itself", r'''
class XSinX:                      # torch.autograd.Function habit
    @staticmethod
    def forward(ctx, x):
        ctx.save_for_backward(x)
        return x * tf.sin(x)

    @staticmethod
    def backward(ctx, grad_output):
        x, = ctx.saved_tensors
        return grad_output * (tf.sin(x) + x * tf.cos(x))

x_sin_x = XSinX
''', False, "x_sin_x is a PyTorch-style class, not a function decorated with @strict_custom_gradient returning (y, grad)",
        ("class|custom_gradient",)),

    # ------------------------------------------------------------------ 02.stable_log1pexp
    Answer("02.stable_log1pexp", "tnp-logaddexp", r'''
import tensorflow.experimental.numpy as tnp

@strict_custom_gradient
def stable_log1pexp(x):
    y = tnp.logaddexp(tnp.zeros_like(x), x)        # log(e^0 + e^x)
    e = tnp.exp(-tnp.abs(x))                       # never e to a positive power
    sig = tnp.where(x >= 0, 1 / (1 + e), e / (1 + e))
    def grad(upstream):
        return upstream * sig
    return y, grad
''', True),
    Answer("02.stable_log1pexp", "log1p-exp-forward", r'''
@strict_custom_gradient
def stable_log1pexp(x):
    y = tf.math.log1p(tf.exp(x))                   # log1p is the accurate one
    def grad(upstream):
        return upstream * tf.sigmoid(x)
    return y, grad
''', False, "the forward still computes e^x, which overflows to inf for large x",
        ("forward|overflow|inf",)),
    Answer("02.stable_log1pexp", "docs-gradient-stable-forward", r'''
@strict_custom_gradient
def stable_log1pexp(x):
    y = tf.maximum(x, 0.0) + tf.math.log1p(tf.exp(-tf.abs(x)))
    e = tf.exp(x)
    def grad(upstream):
        return upstream * (1 - 1 / (1 + e))        # the gradient from the tf.custom_gradient docs
    return y, grad
''', False, "the docs' gradient 1 - 1/(1 + e^x) loses its relative precision for negative x (it comes out 0)",
        ("negative|precision|cancel",)),
    Answer("02.stable_log1pexp", "jax-fwd-returns-residuals", r'''
def _fwd(x):
    y = tf.maximum(x, 0.0) + tf.math.log1p(tf.exp(-tf.abs(x)))
    return y, (x,)                                  # primal out, residuals

def _bwd(res, g):
    x, = res
    return (g * tf.sigmoid(x),)

@strict_custom_gradient
def stable_log1pexp(x):
    return _fwd(x)                                  # like jax.custom_vjp's fwd
''', False, "the second value returned must be the grad function, not the residuals tuple (this is JAX's fwd shape)",
        ("function|callable",)),

    # ------------------------------------------------------------------ 02.multiply
    Answer("02.multiply", "torch-function-wired", r'''
class Mul:                       # autograd.Function-like, ctx is a dict
    @staticmethod
    def forward(ctx, x, y):
        ctx["saved"] = (x, y)
        return x * y

    @staticmethod
    def backward(ctx, grad_output):
        x, y = ctx["saved"]
        return grad_output * y, grad_output * x

@strict_custom_gradient
def multiply(x, y):
    ctx = {}
    z = Mul.forward(ctx, x, y)
    return z, lambda upstream: Mul.backward(ctx, upstream)
''', True),
    Answer("02.multiply", "keras-ops-swapped", r'''
import keras

@strict_custom_gradient
def multiply(x, y):
    def grad(upstream):
        return keras.ops.multiply(upstream, x), keras.ops.multiply(upstream, y)
    return keras.ops.multiply(x, y), grad
''', False, "the two gradients are swapped: each input's gradient uses the other input",
        ("swap|other",)),
    Answer("02.multiply", "einsum-reduces-to-scalar", r'''
@strict_custom_gradient
def multiply(x, y):
    def grad(upstream):
        dx = tf.einsum("...i,...i->...", upstream, y)
        dy = tf.einsum("...i,...i->...", upstream, x)
        return dx, dy
    return x * y, grad
''', False, "the einsum index string sums over the last axis; each gradient must keep its input's shape (elementwise product)",
        ("shape",)),
    Answer("02.multiply", "tf-gradients-in-grad", r'''
@strict_custom_gradient
def multiply(x, y):
    z = x * y
    def grad(upstream):
        return tuple(tf.gradients(z, [x, y], grad_ys=upstream))
    return z, grad
''', False, "tf.gradients is TF1 graph-mode only and fails eagerly; write upstream times the partial derivatives",
        ("eager|tf.gradients|GradientTape",)),

    # ------------------------------------------------------------------ 03.softmax_vjp
    Answer("03.softmax_vjp", "einsum-ellipsis", r'''
@strict_custom_gradient
def softmax(z):
    s = tf.nn.softmax(z)
    def grad(upstream):
        dot = tf.einsum("...i,...i->...", upstream, s)      # one number per row
        return s * (upstream - dot[..., tf.newaxis])
    return s, grad
''', True),
    Answer("03.softmax_vjp", "einsum-no-batch", r'''
@strict_custom_gradient
def softmax(z):
    s = tf.nn.softmax(z)
    def grad(upstream):
        dot = tf.einsum("...i,...i->", upstream, s)
        return s * (upstream - dot)
    return s, grad
''', False, "the einsum drops the batch axis (it fails on a batch of rows); keep one dot product per row",
        ("batch|row",)),
    Answer("03.softmax_vjp", "cross-entropy-gradient", r'''
@strict_custom_gradient
def softmax(z):
    s = tf.nn.softmax(z)
    def grad(upstream):
        return s - upstream        # d(softmax cross-entropy)/dz = softmax - labels
    return s, grad
''', False, "s - labels is the gradient of softmax cross-entropy; upstream is not a label vector, grad must return Jᵀ·upstream",
        ("cross|upstream",)),
    Answer("03.softmax_vjp", "factory-not-called", r'''
def make_softmax(axis=-1):
    @strict_custom_gradient
    def softmax_fn(z):
        s = tf.nn.softmax(z, axis=axis)
        def grad(upstream):
            return s * (upstream - tf.reduce_sum(upstream * s, axis=axis, keepdims=True))
        return s, grad
    return softmax_fn

softmax = make_softmax
''', False, "softmax is the factory: calling it with z returns a function, not probabilities; use make_softmax()",
        ("factory|function|callable",)),

    # ------------------------------------------------------------------ 03.matvec
    Answer("03.matvec", "einsum-transposed", r'''
def make_f(A):
    @strict_custom_gradient
    def f(x):
        def grad(upstream):
            return tf.einsum("ij,i->j", A, upstream)      # sum over the outputs: Aᵀ·upstream
        return tf.linalg.matvec(A, x), grad
    return f
''', True),
    Answer("03.matvec", "einsum-not-transposed", r'''
def make_f(A):
    @strict_custom_gradient
    def f(x):
        def grad(upstream):
            return tf.einsum("ij,j->i", A, upstream)
        return tf.linalg.matvec(A, x), grad
    return f
''', False, "grad multiplies by A instead of its transpose", ("transpose",)),
    Answer("03.matvec", "passed-one-f", r'''
def make_f(A):
    @strict_custom_gradient
    def f(x):
        def grad(upstream):
            return tf.linalg.matvec(A, upstream, transpose_a=True)
        return tf.linalg.matvec(A, x), grad
    return f

make_f = make_f(A_5x3)
''', False, "make_f now names one f built for A_5x3, not the factory; check needs the factory itself",
        ("factory",)),
    Answer("03.matvec", "global-matrix", r'''
def make_f(A):
    @strict_custom_gradient
    def f(x):
        def grad(upstream):
            A0 = tf.cast(A_5x3, upstream.dtype)          # the matrix from the notebook
            return tf.linalg.matvec(A0, upstream, transpose_a=True)
        return tf.linalg.matvec(A, x), grad
    return f
''', False, "grad uses the global A_5x3 instead of the A the factory was given",
        ("closure|A_5x3|factory",)),

    # ------------------------------------------------------------------ 03.phi_grad
    Answer("03.phi_grad", "jax-fwd-bwd-residuals", r'''
def phi_fwd(x):
    y = 0.5 * (1 + tf.math.erf(x / np.sqrt(2.0)))
    return y, (x,)                                   # residuals for the backward

def phi_bwd(res, g):
    x, = res
    pdf = tf.exp(-tf.square(x) / 2) / tf.cast(np.sqrt(2 * np.pi), x.dtype)
    return (g * pdf,)                                # one cotangent per input, JAX-style

@strict_custom_gradient
def phi_tf(x):
    y, res = phi_fwd(x)
    return y, lambda g: phi_bwd(res, g)
''', True),
    Answer("03.phi_grad", "missing-inner-factor", r'''
@strict_custom_gradient
def phi_tf(x):
    def grad(upstream):
        d_erf = 2 / np.sqrt(np.pi) * tf.exp(-tf.square(x / np.sqrt(2.0)))
        return upstream * 0.5 * d_erf
    return 0.5 * (1 + tf.math.erf(x / np.sqrt(2.0))), grad
''', False, "the chain rule's inner factor 1/√2 from erf(x/√2) is missing: the gradient is √2 too large",
        ("chain|inner|sqrt|√2|factor",)),
    Answer("03.phi_grad", "float32-constant", r'''
inv_sqrt_2pi = tf.constant(1 / np.sqrt(2 * np.pi))   # 0.3989...

@strict_custom_gradient
def phi_tf(x):
    def grad(upstream):
        return upstream * inv_sqrt_2pi * tf.exp(-0.5 * x * x)
    return 0.5 * (1 + tf.math.erf(x / np.sqrt(2.0))), grad
''', False, "tf.constant makes a float32 constant, which cannot be multiplied with float64 inputs",
        ("float64|dtype|float32",)),
    Answer("03.phi_grad", "docs-clip-by-norm", r'''
@strict_custom_gradient
def phi_tf(x):
    def grad(upstream):
        return tf.clip_by_norm(upstream, 1.0)     # from the docs' clip_gradient_by_norm example
    return 0.5 * (1 + tf.math.erf(x / np.sqrt(2.0))), grad
''', False, "this clips upstream (the docs' clip_gradient_by_norm example); it never multiplies by Φ'(x), the normal density",
        ("derivative|density|pdf|Φ'",)),

    # ------------------------------------------------------------------ 04.quadratic_form
    Answer("04.quadratic_form", "einsum-both", r'''
@strict_custom_gradient
def quadratic_form(x, A):
    def grad(upstream):
        dx = tf.einsum("ij,j->i", A, x) + tf.einsum("ji,j->i", A, x)   # A x + Aᵀ x
        dA = tf.einsum("i,j->ij", x, x)                                # outer product
        return upstream * dx, upstream * dA
    return tf.tensordot(x, tf.linalg.matvec(A, x), axes=1), grad
''', True),
    Answer("04.quadratic_form", "assumes-symmetric", r'''
@strict_custom_gradient
def quadratic_form(x, A):
    def grad(upstream):
        dx = 2 * tf.einsum("ij,j->i", A, x)          # d(xᵀAx)/dx = 2Ax
        dA = tf.einsum("i,j->ij", x, x)
        return upstream * dx, upstream * dA
    return tf.tensordot(x, tf.linalg.matvec(A, x), axes=1), grad
''', False, "2Ax holds only for a symmetric A; here A ≠ Aᵀ, so dL/dx needs both A x and Aᵀ x",
        ("symmetric|transpose",)),
    Answer("04.quadratic_form", "tensordot-axes1-for-dA", r'''
@strict_custom_gradient
def quadratic_form(x, A):
    def grad(upstream):
        dx = tf.linalg.matvec(A, x) + tf.linalg.matvec(A, x, transpose_a=True)
        dA = tf.tensordot(x, x, axes=1)               # x xᵀ
        return upstream * dx, upstream * dA
    return tf.tensordot(x, tf.linalg.matvec(A, x), axes=1), grad
''', False, "tensordot with axes=1 is the dot product xᵀx, a number; dL/dA must have A's shape (the outer product needs axes=0)",
        ("shape|outer",)),
    Answer("04.quadratic_form", "keras-ops-upstream-only-dx", r'''
import keras

@strict_custom_gradient
def quadratic_form(x, A):
    def grad(upstream):
        dx = upstream * (keras.ops.matmul(A, x) + keras.ops.matmul(keras.ops.transpose(A), x))
        dA = keras.ops.outer(x, x)
        return dx, dA
    return tf.tensordot(x, tf.linalg.matvec(A, x), axes=1), grad
''', False, "the gradient for A is not multiplied by upstream", ("upstream",)),

    # ------------------------------------------------------------------ 04.batched_matmul
    Answer("04.batched_matmul", "flatten-batch", r'''
@strict_custom_gradient
def batched_matmul(A, B):
    def grad(U):
        dA = tf.matmul(U, B, transpose_b=True)
        k, n = tf.shape(B)[0], tf.shape(B)[1]
        A2 = tf.reshape(A, [-1, k])                 # (batch*m, k): every row of every batch entry
        U2 = tf.reshape(U, [-1, n])
        dB = tf.matmul(A2, U2, transpose_a=True)    # sums over batch and rows at once
        return dA, dB
    return tf.matmul(A, B), grad
''', True),
    Answer("04.batched_matmul", "einsum-keeps-batch", r'''
@strict_custom_gradient
def batched_matmul(A, B):
    def grad(U):
        dA = tf.einsum("bmn,kn->bmk", U, B)
        dB = tf.einsum("bmk,bmn->bkn", A, U)        # Aᵀ U
        return dA, dB
    return tf.matmul(A, B), grad
''', False, "B is shared by the whole batch: its gradient must be summed over the batch axis",
        ("sum|batch",)),
    Answer("04.batched_matmul", "einsum-mislabelled-B", r'''
@strict_custom_gradient
def batched_matmul(A, B):
    def grad(U):
        dA = tf.einsum("bmn,nk->bmk", U, B)          # U Bᵀ ?
        dB = tf.einsum("bmk,bmn->kn", A, U)
        return dA, dB
    return tf.matmul(A, B), grad
''', False, "the index string for dA reads B as (n, k), i.e. uses B instead of Bᵀ",
        ("transpose|index|subscript",)),
    Answer("04.batched_matmul", "tnp-mean-over-batch", r'''
import tensorflow.experimental.numpy as tnp

@strict_custom_gradient
def batched_matmul(A, B):
    def grad(U):
        dA = tnp.matmul(U, tnp.swapaxes(B, -1, -2))
        dB = tnp.mean(tnp.matmul(tnp.swapaxes(A, -1, -2), U), axis=0)
        return dA, dB
    return tf.matmul(A, B), grad
''', False, "the batch contributions to dL/dB must be summed, not averaged",
        ("sum|mean|average",)),

    # ------------------------------------------------------------------ 04.bias_add
    Answer("04.bias_add", "reshape-then-sum", r'''
@strict_custom_gradient
def bias_add(x, b):
    def grad(upstream):
        rows = tf.reshape(upstream, [-1, tf.shape(b)[0]])   # every leading axis folded into one
        return upstream, tf.einsum("rn->n", rows)
    return x + b, grad
''', True),
    Answer("04.bias_add", "einsum-ellipsis-reduce", r'''
@strict_custom_gradient
def bias_add(x, b):
    def grad(upstream):
        return upstream, tf.einsum("...n->n", upstream)     # sum out the leading axes
    return x + b, grad
''', False, "tf.einsum cannot sum over the ellipsis axes; reduce over every axis but the last (e.g. reduce_sum)",
        ("axes|axis|ellipsis",)),
    Answer("04.bias_add", "keras-sum-all", r'''
import keras

@strict_custom_gradient
def bias_add(x, b):
    def grad(upstream):
        return upstream, keras.ops.sum(upstream)
    return x + b, grad
''', False, "summing over all axes gives one number; db must keep b's shape (n,): sum over all axes but the last",
        ("shape|last",)),
    Answer("04.bias_add", "sum-axis0-only", r'''
@strict_custom_gradient
def bias_add(x, b):
    def grad(upstream):
        db = tf.compat.v1.reduce_sum(upstream, axis=0)     # sum over the batch
        return upstream, db
    return x + b, grad
''', False, "summing over axis 0 only is not enough for a three-axis x: sum over every axis but the last",
        ("axes|axis|time",)),
]
