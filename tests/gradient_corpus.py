"""A corpus of custom gradients, right and wrong, for testing ``check_gradients``.

``WRONG``: (name, function, inputs factory, mistake the checker should name).
``CORRECT``: (name, function, inputs factory). Inputs are made by factories
so every test gets fresh tensors.
"""

from __future__ import annotations

import numpy as np
import tensorflow as tf

RNG = np.random.default_rng(1234)


def _v(*shape, dtype=np.float32):
    return lambda: (tf.constant(RNG.standard_normal(shape).astype(dtype)),)


def _vs(*shapes, dtype=np.float32):
    return lambda: tuple(tf.constant(RNG.standard_normal(s).astype(dtype)) for s in shapes)


def elementwise(forward, derivative, mistake=None, name="f"):
    """An elementwise custom gradient; ``mistake`` corrupts its grad on purpose."""

    @tf.custom_gradient
    def f(x):
        def grad(u):
            d = derivative(x)
            return {
                None: lambda: u * d,
                "upstream_ignored": lambda: d,
                "wrong_sign": lambda: -u * d,
                "factor2": lambda: 2 * u * d,
                "factor_half": lambda: 0.5 * u * d,
                "none": lambda: None,
                "reshape": lambda: tf.reshape(u * d, (1, -1)),
                "wrong_shape": lambda: tf.ones((2,) + tuple(x.shape), x.dtype),
                "zeros": lambda: tf.zeros_like(x),
            }[mistake]()
        return forward(x), grad

    f.__name__ = name
    return f


cube = lambda m=None: elementwise(lambda x: x ** 3, lambda x: 3 * x ** 2, m, "cube")
sine = lambda m=None: elementwise(tf.sin, tf.cos, m, "sine")


def stable_log1pexp():
    @tf.custom_gradient
    def log1pexp(x):
        def grad(u):
            return u * tf.sigmoid(x)
        return tf.math.softplus(x), grad
    return log1pexp


def naive_grad_log1pexp():
    """The gradient e / (1 + e): inf / inf = NaN for large x."""
    @tf.custom_gradient
    def log1pexp(x):
        e = tf.exp(x)
        def grad(u):
            return u * e / (1 + e)
        return tf.math.softplus(x), grad
    return log1pexp


def linear_poly(mistake=None):
    """y = w[1] x + w[0], inputs (x, w): the tf.custom_gradient docstring's example, w an input here."""
    @tf.custom_gradient
    def f(x, w):
        def grad(u):
            columns = [x ** 0, x ** 1] if mistake is None else [x ** 1, x ** 0]   # "swapped": the docstring's
            return w[1] * u, tf.reduce_sum(u * tf.stack(columns), axis=-1)
        return w[1] * x + w[0], grad
    return f


def matvec(mistake=None):
    """y = A x, inputs (x, A)."""
    @tf.custom_gradient
    def f(x, A):
        def grad(u):
            gx = tf.linalg.matvec(A, u, transpose_a=True)
            gA = tf.tensordot(u, x, axes=0)
            if mistake == "A_transposed":
                gA = tf.transpose(gA)
            if mistake == "x_upstream_ignored":
                gx = tf.linalg.matvec(A, tf.ones_like(u), transpose_a=True)
            if mistake == "x_uses_A_not_AT":
                gx = tf.linalg.matvec(A, u)
            if mistake == "one_gradient":
                return gx
            return gx, gA
        return tf.linalg.matvec(A, x), grad
    return f


def matmul_square(mistake=None):
    """Y = X @ W for square matrices, inputs (X, W)."""
    @tf.custom_gradient
    def f(X, W):
        def grad(U):
            gX = U @ tf.transpose(W)
            gW = tf.transpose(X) @ U
            if mistake == "W_transposed":
                gW = tf.transpose(gW)
            return gX, gW
        return X @ W, grad
    return f


def bias_add(mistake=None):
    """y = x + b with x (batch, n), b (n,)."""
    @tf.custom_gradient
    def f(x, b):
        def grad(u):
            return u, (u if mistake == "not_summed" else tf.reduce_sum(u, axis=0))
        return x + b, grad
    return f


def row_scale(mistake=None):
    """y = x * s with x (batch, n), s (1, n)."""
    @tf.custom_gradient
    def f(x, s):
        def grad(u):
            gs = u * x if mistake == "not_summed" else tf.reduce_sum(u * x, axis=0, keepdims=True)
            return u * s, gs
        return x * s, grad
    return f


def mul(mistake=None):
    @tf.custom_gradient
    def f(x, y):
        def grad(u):
            if mistake == "swapped":
                return u * x, u * y
            return u * y, u * x
        return x * y, grad
    return f


def softmax(mistake=None):
    @tf.custom_gradient
    def f(z):
        s = tf.nn.softmax(z)
        def grad(u):
            if mistake == "diagonal_only":
                return u * s * (1 - s)
            g = s * (u - tf.reduce_sum(u * s, axis=-1, keepdims=True))
            return -g if mistake == "wrong_sign" else g
        return s, grad
    return f


def quadratic_form(mistake=None):
    """q = xᵀ A x for a non-symmetric A; inputs (x, A)."""
    @tf.custom_gradient
    def f(x, A):
        def grad(u):
            gx = u * (tf.linalg.matvec(A, x) + tf.linalg.matvec(A, x, transpose_a=True))
            if mistake == "two_A_x":
                gx = u * 2 * tf.linalg.matvec(A, x)
            gA = u * tf.tensordot(x, x, axes=0)
            return gx, gA
        return tf.tensordot(x, tf.linalg.matvec(A, x), axes=1), grad
    return f


def batched_matmul(mistake=None):
    """Y = A @ B over a batch: A (b, m, k), B (b, k, n)."""
    @tf.custom_gradient
    def f(A, B):
        def grad(U):
            gA = tf.matmul(U, B, transpose_b=True)
            gB = tf.matmul(A, U, transpose_a=True)
            if mistake == "A_transposed":
                gA = tf.transpose(gA, (0, 2, 1))
            return gA, gB
        return tf.matmul(A, B), grad
    return f


def power(mistake=None):
    """y = x ** n with an integer n: n's gradient must be None."""
    @tf.custom_gradient
    def f(x, n):
        k = tf.cast(n, x.dtype)
        def grad(u):
            return u * k * x ** (k - 1), (tf.ones_like(n) if mistake == "int_gradient" else None)
        return x ** k, grad
    return f


def norm(mistake=None):
    @tf.custom_gradient
    def f(x):
        r = tf.norm(x)
        def grad(u):
            return x / r if mistake == "upstream_ignored" else u * x / r
        return r, grad
    return f


def total(mistake=None):
    """y = sum(x); grad must broadcast the scalar upstream back to x's shape."""
    @tf.custom_gradient
    def f(x):
        def grad(u):
            return u if mistake == "scalar" else u * tf.ones_like(x)
        return tf.reduce_sum(x), grad
    return f


def ignores_second(x, y):
    """y does not affect the output: None is a fine gradient for it."""
    @tf.custom_gradient
    def f(x, y):
        return 2 * x, lambda u: (2 * u, None)
    return f(x, y)


_square_inputs = _vs((3, 3), (3, 3))
_power_inputs = lambda: (tf.constant([1.5, -0.5, 2.0]), tf.constant(3))

def _tiny(scale, dtype, n=5):
    """Inputs of size ``scale``: the tolerances must shrink with them."""
    return lambda: (tf.constant((scale * RNG.uniform(-1, 1, n)).astype(dtype)),)


def _moderate(dtype, n=4):
    """Entries of size 0.5 to 2: float16's absolute tolerance (1e-2) is well below their gradients."""
    return lambda: (tf.constant((RNG.uniform(0.5, 2.0, n) * RNG.choice([-1.0, 1.0], n)).astype(dtype)),)


def seeded_noise(mistake=None):
    """x times noise drawn with a fixed seed in x's dtype: float64 draws other numbers than float32."""
    @tf.custom_gradient
    def seeded_noise(x):
        noise = tf.random.stateless_normal(tf.shape(x), seed=[3, 4], dtype=x.dtype)
        return x * noise, lambda u: (2 if mistake else 1) * u * noise
    return seeded_noise


def embedding(mistake=None):
    """Rows of a table looked up by integer ids; the gradient for the table is sparse (tf.IndexedSlices)."""
    @tf.custom_gradient
    def embedding(ids, table):
        def grad(u):
            rows = -u if mistake else u
            return None, tf.IndexedSlices(rows, ids, tf.shape(table, out_type=tf.int64))
        return tf.gather(table, ids), grad
    return embedding


def _lookup():
    return tf.constant([0, 2, 2, 4]), tf.constant(RNG.standard_normal((5, 3)).astype(np.float32))


WRONG = [
    ("cube ignores upstream", cube("upstream_ignored"), _v(5), "upstream_ignored"),
    ("cube wrong sign", cube("wrong_sign"), _v(5), "wrong_sign"),
    ("cube times 2", cube("factor2"), _v(5), "constant_factor"),
    ("cube times 1/2", cube("factor_half"), _v(4, 2), "constant_factor"),
    ("cube returns None", cube("none"), _v(3), "none"),
    ("sine shape (1, n)", sine("reshape"), _v(3), "reshape"),
    ("sine shape (2, n)", sine("wrong_shape"), _v(3), "wrong_shape"),
    ("sine returns zeros", sine("zeros"), _v(6), "zeros"),
    ("cube ignores upstream float64", cube("upstream_ignored"), _v(5, dtype=np.float64), "upstream_ignored"),
    ("sine wrong sign float64", sine("wrong_sign"), _v(2, 3, dtype=np.float64), "wrong_sign"),
    ("log1pexp gradient NaN at x = 100", naive_grad_log1pexp(), lambda: (tf.constant([0.0, 100.0]),),
     "not_finite"),
    ("matvec dA transposed", matvec("A_transposed"), _vs((3,), (5, 3)), "transposed"),
    ("matvec dA transposed float64", matvec("A_transposed"), _vs((3,), (5, 3), dtype=np.float64), "transposed"),
    ("matvec dx ignores upstream", matvec("x_upstream_ignored"), _vs((3,), (5, 3)), "upstream_ignored"),
    ("matvec dx uses A, not Aᵀ", matvec("x_uses_A_not_AT"), _vs((3,), (3, 3)), "wrong_values"),
    ("matvec one gradient for two inputs", matvec("one_gradient"), _vs((3,), (5, 3)), "count"),
    ("matmul dW transposed", matmul_square("W_transposed"), _square_inputs, "transposed"),
    ("bias-add db not summed", bias_add("not_summed"), _vs((4, 3), (3,)), "not_summed"),
    ("row scale ds not summed", row_scale("not_summed"), _vs((4, 3), (1, 3)), "not_summed"),
    ("mul gradients swapped", mul("swapped"), _vs((4,), (4,)), "wrong_values"),
    ("linear poly dw entries swapped", linear_poly("swapped"), _vs((3,), (2,)), "swapped"),
    ("softmax diagonal only", softmax("diagonal_only"), _v(5), "wrong_values"),
    ("softmax wrong sign", softmax("wrong_sign"), _v(2, 4), "wrong_sign"),
    ("xᵀAx with 2Ax for non-symmetric A", quadratic_form("two_A_x"), _vs((3,), (3, 3)), "wrong_values"),
    ("batched matmul dA transposed", batched_matmul("A_transposed"), _vs((2, 3, 3), (2, 3, 4)), "wrong_values"),
    ("gradient for an integer exponent", power("int_gradient"), _power_inputs, "not_none"),
    ("norm ignores upstream", norm("upstream_ignored"), _v(4), "upstream_ignored"),
    ("sum returns the scalar upstream", total("scalar"), _v(4), "wrong_shape"),
    ("composite of a wrong custom gradient", lambda x: 2 * cube("upstream_ignored")(x), _v(4), "upstream_ignored"),
    ("sine wrong sign at inputs of 1e-6", sine("wrong_sign"), _tiny(1e-6, np.float32), "wrong_sign"),
    ("sine times 2 at inputs of 1e-10, float64", sine("factor2"), _tiny(1e-10, np.float64), "constant_factor"),
    ("cube times 1/2 in float16", cube("factor_half"), _moderate(np.float16), "constant_factor"),
    ("sine wrong sign in float16", sine("wrong_sign"), _moderate(np.float16), "wrong_sign"),
    ("seeded noise times 2", seeded_noise("factor2"), _v(6), "constant_factor"),
    ("embedding rows with the wrong sign", embedding("wrong_sign"), _lookup, "wrong_sign"),
]

CORRECT = [
    ("linear poly", linear_poly(), _vs((3,), (2,))),
    ("cube", cube(), _v(5)),
    ("cube float64", cube(), _v(3, 2, dtype=np.float64)),
    ("sine", sine(), _v(7)),
    ("stable log1pexp at large x", stable_log1pexp(), lambda: (tf.constant([-30.0, 0.0, 20.0, 100.0]),)),
    ("matvec", matvec(), _vs((3,), (5, 3))),
    ("matmul square", matmul_square(), _square_inputs),
    ("bias-add", bias_add(), _vs((4, 3), (3,))),
    ("row scale", row_scale(), _vs((4, 3), (1, 3))),
    ("mul", mul(), _vs((4,), (4,))),
    ("softmax", softmax(), _v(5)),
    ("softmax float64 batch", softmax(), _v(3, 4, dtype=np.float64)),
    ("xᵀAx", quadratic_form(), _vs((3,), (3, 3))),
    ("batched matmul", batched_matmul(), _vs((2, 3, 3), (2, 3, 4))),
    ("power with integer exponent", power(), _power_inputs),
    ("norm", norm(), _v(4)),
    ("sum", total(), _v(4)),
    ("plain TensorFlow, no custom gradient", lambda x: tf.sin(x) * tf.exp(x), _v(6)),
    ("an input that does not matter", ignores_second, _vs((3,), (3,))),
    ("cosine at inputs of 1e-6", elementwise(tf.cos, lambda x: -tf.sin(x)), _tiny(1e-6, np.float32, 100)),
    ("cosine at inputs of 1e-6, float64", elementwise(tf.cos, lambda x: -tf.sin(x)), _tiny(1e-6, np.float64, 100)),
    ("cube at inputs of 1e-10, float64", cube(), _tiny(1e-10, np.float64)),
    ("noise drawn with a fixed seed in the input's dtype", seeded_noise(), _v(6)),
    ("stateless dropout with a fixed seed", lambda x: tf.nn.experimental.stateless_dropout(x, 0.5, seed=[1, 2]),
     _v(8)),
    ("embedding lookup, sparse gradient", embedding(), _lookup),
    ("tf.gather, TensorFlow's own sparse gradient", lambda ids, table: tf.gather(table, ids), _lookup),
]
