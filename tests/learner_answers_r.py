"""Right answers, written from the learner's side: each one correct, each one written differently."""

from learner_answer_types import Answer

ANSWERS = [
    # ------------------------------------------------------------------ 02.x_sin_x
    Answer("02.x_sin_x", "tape-on-forward-ops", r'''
@strict_custom_gradient
def x_sin_x(x):
    def forward(v):
        return v * tf.sin(v)
    def grad(upstream):
        with tf.GradientTape() as inner:
            inner.watch(x)
            y_again = forward(x)
        return inner.gradient(y_again, x, output_gradients=upstream)
    return forward(x), grad
''', True),
    Answer("02.x_sin_x", "float64-inside-cast-back", r'''
@strict_custom_gradient
def x_sin_x(x):
    def grad(upstream):
        x64 = tf.cast(x, tf.float64)
        up64 = tf.cast(upstream, tf.float64)
        dx64 = up64 * (tf.math.sin(x64) + x64 * tf.math.cos(x64))
        return tf.cast(dx64, x.dtype)
    return x * tf.sin(x), grad
''', True),
    Answer("02.x_sin_x", "tf-function-helper-lambda-plain-decorator", r'''
@tf.function
def derivative_of_x_sin_x(v):
    return tf.math.add(tf.math.sin(v), tf.math.multiply(v, tf.math.cos(v)))

@tf.custom_gradient
def x_sin_x(x):
    return x * tf.sin(x), lambda dy: tf.math.multiply(dy, derivative_of_x_sin_x(x))
''', True),
    Answer("02.x_sin_x", "keras-ops-product-rule-split", r'''
import keras

@strict_custom_gradient
def x_sin_x(x):
    sin_x = keras.ops.sin(x)
    cos_x = keras.ops.cos(x)
    def grad(upstream):
        # product rule, one term per factor: (x)' sin x + x (sin x)'
        return upstream * sin_x + upstream * x * cos_x
    return x * sin_x, grad
''', True),

    # ------------------------------------------------------------------ 02.multiply
    Answer("02.multiply", "lambda-plain-decorator", r'''
@tf.custom_gradient
def multiply(x, y):
    return x * y, lambda upstream: (upstream * y, upstream * x)
''', True),
    Answer("02.multiply", "tape-on-forward-ops-list", r'''
@strict_custom_gradient
def multiply(x, y):
    def grad(upstream):
        with tf.GradientTape() as inner:
            inner.watch([x, y])
            z = tf.math.multiply(x, y)
        return inner.gradient(z, [x, y], output_gradients=upstream)
    return tf.math.multiply(x, y), grad
''', True),
    Answer("02.multiply", "tnp-float64-cast-back", r'''
import tensorflow.experimental.numpy as tnp

@strict_custom_gradient
def multiply(x, y):
    def grad(upstream):
        u = tf.cast(upstream, tf.float64)
        dx = tnp.multiply(u, tf.cast(y, tf.float64))
        dy = tnp.multiply(u, tf.cast(x, tf.float64))
        return tf.cast(dx, x.dtype), tf.cast(dy, y.dtype)
    return tnp.multiply(x, y), grad
''', True),
    Answer("02.multiply", "broadcast-safe-unbroadcast-helper", r'''
def sum_to_shape(g, like):
    """Sum g over the axes along which `like` was broadcast (nothing to do for equal shapes)."""
    axes_g, _ = tf.raw_ops.BroadcastGradientArgs(s0=tf.shape(like), s1=tf.shape(g))
    return tf.reshape(tf.reduce_sum(g, axis=axes_g), tf.shape(like))

@strict_custom_gradient
def multiply(x, y):
    def grad(upstream):
        return sum_to_shape(y * upstream, x), sum_to_shape(upstream * x, y)
    return x * y, grad
''', True),

    # ------------------------------------------------------------------ 03.softmax_vjp
    Answer("03.softmax_vjp", "through-log-softmax", r'''
@strict_custom_gradient
def softmax(z):
    log_s = tf.nn.log_softmax(z, axis=-1)
    s = tf.exp(log_s)
    def grad(upstream):
        # softmax = exp(log_softmax): first exp's VJP (times s), then log_softmax's VJP v - s·sum(v)
        v = upstream * s
        return v - s * tf.reduce_sum(v, axis=-1, keepdims=True)
    return s, grad
''', True),
    Answer("03.softmax_vjp", "einsum-dot-per-row", r'''
@strict_custom_gradient
def softmax(z):
    s = tf.nn.softmax(z)
    def grad(upstream):
        dot = tf.einsum("...i,...i->...", upstream, s)          # one number per row: <upstream, s>
        return s * (upstream - tf.expand_dims(dot, -1))
    return s, grad
''', True),
    Answer("03.softmax_vjp", "float64-inside-cast-back", r'''
@strict_custom_gradient
def softmax(z):
    s = tf.nn.softmax(z)
    def grad(upstream):
        s64 = tf.nn.softmax(tf.cast(z, tf.float64), axis=-1)
        u64 = tf.cast(upstream, tf.float64)
        g64 = s64 * u64 - s64 * tf.reduce_sum(s64 * u64, axis=-1, keepdims=True)
        return tf.cast(g64, z.dtype)
    return s, grad
''', True),
    Answer("03.softmax_vjp", "own-stable-forward-tf-function-helper", r'''
@tf.function
def softmax_vjp(s, upstream):
    weighted = tf.math.multiply(s, upstream)
    return weighted - s * tf.math.reduce_sum(weighted, axis=-1, keepdims=True)

@tf.custom_gradient
def softmax(z):
    s = tf.exp(z - tf.reduce_logsumexp(z, axis=-1, keepdims=True))
    return s, lambda upstream: softmax_vjp(s, upstream)
''', True),

    # ------------------------------------------------------------------ 03.matvec
    Answer("03.matvec", "einsum-batch-safe", r'''
def make_f(A):
    @strict_custom_gradient
    def f(x):
        def grad(upstream):
            return tf.einsum("ij,...i->...j", A, upstream)       # Aᵀ · upstream
        return tf.linalg.matvec(A, x), grad
    return f
''', True),
    Answer("03.matvec", "tensordot-row-times-matrix", r'''
def make_f(A):
    @strict_custom_gradient
    def f(x):
        def grad(upstream):
            return tf.tensordot(upstream, A, axes=1)             # upstreamᵀ A = (Aᵀ upstream)ᵀ
        return tf.linalg.matvec(A, x), grad
    return f
''', True),
    Answer("03.matvec", "matmul-adjoint-a-column", r'''
def make_f(A):
    A = tf.convert_to_tensor(A)
    @strict_custom_gradient
    def f(x):
        A_x = tf.cast(A, x.dtype)
        def grad(upstream):
            column = tf.expand_dims(upstream, -1)
            return tf.squeeze(tf.matmul(A_x, column, adjoint_a=True), -1)
        return tf.squeeze(tf.matmul(A_x, tf.expand_dims(x, -1)), -1), grad
    return f
''', True),
    Answer("03.matvec", "lambda-transpose-matvec-plain-decorator", r'''
def make_f(A):
    At = tf.transpose(A)
    @tf.custom_gradient
    def f(x):
        return tf.linalg.matvec(A, x), lambda upstream: tf.linalg.matvec(At, upstream)
    return f
''', True),

    # ------------------------------------------------------------------ 03.phi_grad
    Answer("03.phi_grad", "erf-derivative-chain-rule", r'''
@strict_custom_gradient
def phi_tf(x):
    def grad(upstream):
        u = x / np.sqrt(2.0)
        d_erf = 2 / np.sqrt(np.pi) * tf.exp(-u * u)              # erf'(u)
        return upstream * 0.5 * d_erf / np.sqrt(2.0)             # ½ · erf'(x/√2) · 1/√2
    return 0.5 * (1 + tf.math.erf(x / np.sqrt(2.0))), grad
''', True),
    Answer("03.phi_grad", "float64-constant-cast", r'''
INV_SQRT_2PI = 1.0 / np.sqrt(2.0 * np.pi)      # computed in float64

@strict_custom_gradient
def phi_tf(x):
    def grad(upstream):
        c = tf.cast(INV_SQRT_2PI, x.dtype)
        return upstream * c * tf.exp(-0.5 * tf.square(x))
    return 0.5 * (1 + tf.math.erf(x / np.sqrt(2.0))), grad
''', True),
    Answer("03.phi_grad", "tape-on-forward-ops", r'''
def phi_forward(x):
    return 0.5 * (1 + tf.math.erf(x / np.sqrt(2.0)))

@strict_custom_gradient
def phi_tf(x):
    def grad(upstream):
        with tf.GradientTape() as inner:
            inner.watch(x)
            y = phi_forward(x)
        return inner.gradient(y, x, output_gradients=upstream)
    return phi_forward(x), grad
''', True),
    Answer("03.phi_grad", "log-space-density-float64-tf-function", r'''
@tf.function
def normal_pdf(x):
    x64 = tf.cast(x, tf.float64)
    log_density = -0.5 * x64 * x64 - 0.5 * np.log(2.0 * np.pi)
    return tf.cast(tf.exp(log_density), x.dtype)

@tf.custom_gradient
def phi_tf(x):
    return 0.5 * (1 + tf.math.erf(x / np.sqrt(2.0))), lambda upstream: upstream * normal_pdf(x)
''', True),

    # ------------------------------------------------------------------ 04.bias_add
    Answer("04.bias_add", "reduce-over-dynamic-leading-axes", r'''
@strict_custom_gradient
def bias_add(x, b):
    def grad(upstream):
        leading_axes = tf.range(tf.rank(upstream) - 1)
        return tf.identity(upstream), tf.reduce_sum(upstream, axis=leading_axes)
    return x + b, grad
''', True),
    Answer("04.bias_add", "reshape-then-sum-rows", r'''
@strict_custom_gradient
def bias_add(x, b):
    def grad(upstream):
        rows = tf.reshape(upstream, [-1, tf.shape(b)[0]])
        return upstream, tf.reduce_sum(rows, axis=0)
    return tf.nn.bias_add(x, b), grad
''', True),
    Answer("04.bias_add", "einsum-spelled-out-per-rank", r'''
@strict_custom_gradient
def bias_add(x, b):
    batch_letters = "abcdefgh"[:len(x.shape) - 1]          # "a" for (batch, n), "ab" for (batch, time, n)
    def grad(upstream):
        return upstream * tf.ones_like(x), tf.einsum(batch_letters + "z->z", upstream)
    return x + b, grad
''', True),
    Answer("04.bias_add", "keras-ops-python-axes-float64", r'''
import keras

@strict_custom_gradient
def bias_add(x, b):
    batch_axes = tuple(range(len(x.shape) - 1))
    def grad(upstream):
        db = keras.ops.sum(tf.cast(upstream, tf.float64), axis=batch_axes)
        return upstream, tf.cast(db, b.dtype)
    return x + b, grad
''', True),

    # ------------------------------------------------------------------ 04.quadratic_form
    Answer("04.quadratic_form", "matvec-transpose-a-tensordot-outer", r'''
@strict_custom_gradient
def quadratic_form(x, A):
    def grad(upstream):
        dx = upstream * (tf.linalg.matvec(A, x) + tf.linalg.matvec(A, x, transpose_a=True))
        dA = upstream * tf.tensordot(x, x, axes=0)
        return dx, dA
    return tf.tensordot(x, tf.linalg.matvec(A, x), axes=1), grad
''', True),
    Answer("04.quadratic_form", "einsum-symmetric-part", r'''
@strict_custom_gradient
def quadratic_form(x, A):
    def grad(upstream):
        dx = upstream * tf.einsum("ij,j->i", A + tf.transpose(A), x)
        dA = upstream * tf.einsum("i,j->ij", x, x)
        return dx, dA
    return tf.tensordot(x, tf.linalg.matvec(A, x), axes=1), grad
''', True),
    Answer("04.quadratic_form", "column-vectors-matmul-adjoint", r'''
@strict_custom_gradient
def quadratic_form(x, A):
    def grad(upstream):
        col = x[:, tf.newaxis]                                   # x as a column
        dx = tf.matmul(A, col) + tf.matmul(A, col, adjoint_a=True)
        dA = tf.matmul(col, col, transpose_b=True)
        return upstream * tf.squeeze(dx, axis=1), upstream * dA
    return tf.tensordot(x, tf.linalg.matvec(A, x), axes=1), grad
''', True),
    Answer("04.quadratic_form", "tape-on-forward-ops", r'''
def q_of(x, A):
    return tf.tensordot(x, tf.linalg.matvec(A, x), axes=1)

@strict_custom_gradient
def quadratic_form(x, A):
    def grad(upstream):
        with tf.GradientTape() as inner:
            inner.watch([x, A])
            q = q_of(x, A)
        dx, dA = inner.gradient(q, [x, A], output_gradients=upstream)
        return dx, dA
    return q_of(x, A), grad
''', True),

    # ------------------------------------------------------------------ 04.batched_matmul
    Answer("04.batched_matmul", "matmul-flags-sum-over-batch", r'''
@strict_custom_gradient
def batched_matmul(A, B):
    def grad(U):
        dA = tf.matmul(U, B, transpose_b=True)                           # B broadcasts over the batch
        dB = tf.reduce_sum(tf.matmul(A, U, transpose_a=True), axis=0)    # one Aᵀ U per batch entry, summed
        return dA, dB
    return tf.matmul(A, B), grad
''', True),
    Answer("04.batched_matmul", "einsum", r'''
@strict_custom_gradient
def batched_matmul(A, B):
    def grad(U):
        return tf.einsum("bmn,kn->bmk", U, B), tf.einsum("bmk,bmn->kn", A, U)
    return tf.matmul(A, B), grad
''', True),
    Answer("04.batched_matmul", "flatten-batch-tensordot", r'''
@strict_custom_gradient
def batched_matmul(A, B):
    def grad(U):
        k, n = tf.shape(B)[0], tf.shape(B)[1]
        dA = tf.tensordot(U, B, axes=[[2], [1]])                 # (batch, m, n)·(k, n)ᵀ -> (batch, m, k)
        A_rows = tf.reshape(A, [-1, k])                          # every row of every batch entry
        U_rows = tf.reshape(U, [-1, n])
        dB = tf.matmul(A_rows, U_rows, transpose_a=True)
        return dA, dB
    return tf.matmul(A, B), grad
''', True),
    Answer("04.batched_matmul", "adjoint-float64-tf-function-helper", r'''
@tf.function
def matmul_vjp(A, B, U):
    A64, B64, U64 = (tf.cast(t, tf.float64) for t in (A, B, U))
    dA = tf.linalg.matmul(U64, B64, adjoint_b=True)
    dB = tf.math.reduce_sum(tf.linalg.matmul(A64, U64, adjoint_a=True), axis=0)
    return tf.cast(dA, A.dtype), tf.cast(dB, B.dtype)

@strict_custom_gradient
def batched_matmul(A, B):
    return tf.matmul(A, B), lambda U: matmul_vjp(A, B, U)
''', True),

    # ------------------------------------------------------------------ 08.implicit_scalar
    Answer("08.implicit_scalar", "three-steps-direct", r'''
@strict_custom_gradient
def fixed_point(x, w):
    z = iterate_fixed_point(x, w)
    def grad(upstream):
        slope = 1 - tf.tanh(w * z) ** 2                  # tanh'(wz)
        denominator = 1 - w * slope                      # from dz = slope·(w dz + z dw) + dx
        dx = upstream / denominator
        dw = tf.reduce_sum(upstream * slope * z / denominator)
        return dx, dw
    return z, grad
''', True),
    Answer("08.implicit_scalar", "sech-squared-adjoint-reshaped", r'''
@strict_custom_gradient
def fixed_point(x, w):
    z = iterate_fixed_point(x, w)
    def grad(upstream):
        sech2 = tf.math.reciprocal(tf.square(tf.cosh(w * z)))
        adjoint = upstream / (1 - w * sech2)             # z̄ = g + w·sech²·z̄, solved in closed form
        dw = tf.reshape(tf.reduce_sum(adjoint * sech2 * z), tf.shape(w))
        return adjoint, dw
    return z, grad
''', True),
    Answer("08.implicit_scalar", "tape-on-one-step-of-the-map", r'''
@strict_custom_gradient
def fixed_point(x, w):
    z = iterate_fixed_point(x, w)
    def grad(upstream):
        z_star = tf.stop_gradient(z)
        x_t, w_t = tf.convert_to_tensor(x), tf.convert_to_tensor(w)
        with tf.GradientTape(persistent=True) as inner:
            inner.watch([z_star, x_t, w_t])
            step = tf.tanh(w_t * z_star) + x_t           # one application of the map F(z, x, w)
        dF_dz = inner.gradient(step, z_star)             # elementwise map: the Jacobian's diagonal
        adjoint = upstream / (1 - dF_dz)
        dx = inner.gradient(step, x_t, output_gradients=adjoint)
        dw = inner.gradient(step, w_t, output_gradients=adjoint)
        del inner
        return dx, dw
    return z, grad
''', True),
    Answer("08.implicit_scalar", "float64-inside-tf-function-helper", r'''
@tf.function
def implicit_vjp(z, w, upstream):
    z64, w64, g64 = (tf.cast(t, tf.float64) for t in (z, w, upstream))
    slope = 1 - tf.square(tf.tanh(w64 * z64))
    scale = g64 / (1 - w64 * slope)
    return tf.cast(scale, z.dtype), tf.cast(tf.reduce_sum(scale * slope * z64), w.dtype)

@strict_custom_gradient
def fixed_point(x, w):
    z = iterate_fixed_point(x, w)
    return z, lambda upstream: implicit_vjp(z, tf.convert_to_tensor(w), upstream)
''', True),

    # ------------------------------------------------------------------ 09.fix_linear
    Answer("09.fix_linear", "minimal-fix-transpose-the-product", r'''
@tf.custom_gradient
def linear(x, W, b):
    def grad(U):
        return U @ tf.transpose(W), tf.transpose(tf.transpose(U) @ x), tf.reduce_sum(U, axis=0)
    return x @ W + b, grad
''', True),
    Answer("09.fix_linear", "matmul-flags-strict", r'''
@strict_custom_gradient
def linear(x, W, b):
    def grad(U):
        dx = tf.matmul(U, W, transpose_b=True)
        dW = tf.matmul(x, U, transpose_a=True)
        db = tf.reduce_sum(U, axis=0)
        return dx, dW, db
    return tf.matmul(x, W) + b, grad
''', True),
    Answer("09.fix_linear", "einsum-tensordot-ones", r'''
@tf.custom_gradient
def linear(x, W, b):
    def grad(U):
        dx = tf.einsum("bo,io->bi", U, W)
        dW = tf.tensordot(x, U, axes=[[0], [0]])
        db = tf.linalg.matvec(U, tf.ones_like(U[:, 0]), transpose_a=True)   # column sums
        return dx, dW, db
    return x @ W + b, grad
''', True),
    Answer("09.fix_linear", "keras-ops", r'''
import keras

@tf.custom_gradient
def linear(x, W, b):
    def grad(U):
        dx = keras.ops.matmul(U, keras.ops.transpose(W))
        dW = keras.ops.matmul(keras.ops.transpose(x), U)
        db = keras.ops.sum(U, axis=0)
        return dx, dW, db
    return keras.ops.matmul(x, W) + b, grad
''', True),
]
