"""Real-world custom gradients, right, deliberately different and broken, for ``check_gradients``.

Every function here is written for this corpus, adapting a custom gradient
found in public code (TensorFlow, TensorFlow Probability, Keras, research
code); ``Case.source`` says where the idea comes from. Unlike
``gradient_corpus.py`` (synthetic, one mistake at a time), these are the
shapes custom gradients take in practice: wide input ranges, float32 compute
behind float64 inputs, the same tensor passed twice, broadcasting, variables,
several outputs, Python configuration arguments, kinks, second derivatives.

``CASES`` holds one :class:`Case` per (function, dtype, variant):

- ``kind="correct"``: the backward equals the forward's derivative; the
  checker must pass it (with the options in ``check_kwargs``).
- ``kind="surrogate"``: the backward differs from the derivative on purpose
  (straight-through estimators, gradient clipping, gradient reversal...).
  ``check_kwargs["expect"]`` says what it is meant to be: ``"surrogate"``, or a
  callable taking the same arguments as ``f`` whose derivative the backward
  is meant to equal (e.g. the identity for the straight-through round).
- ``kind="broken"``: a correct case with one mistake, named by ``mistake``.
- ``kind="kink"``: evaluated exactly at a point where the forward is not
  differentiable (relu or abs at 0); the checker should say so rather than
  call the gradient wrong.

``check_kwargs`` uses options the checker is gaining (``expect``, ``order``,
``graph``); today's checker rejects them. Never put ``mode`` or ``seed`` in it:
runners choose those.

Each ``f`` carries, for independent verification, ``f.plain``: the same
forward in plain TensorFlow, called as ``plain(*inputs, *variable_values)``,
and ``f.plain_variables``: the variables ``f`` reads (empty for most).
``python tests/realworld_gradients.py`` verifies every case without
``check_gradients``: correct and kink cases against autodiff of ``plain`` in
float64, surrogates against their ``expect``, broken cases for their mistake.
"""

from __future__ import annotations

import functools
import inspect
import sys
from dataclasses import dataclass, field
from typing import Callable

import keras
import numpy as np
import tensorflow as tf

F32, F64 = tf.float32, tf.float64
DTYPES = (F32, F64)

MISTAKES = ("upstream_ignored", "wrong_sign", "constant_factor", "transposed", "not_summed", "wrong_shape",
            "none", "wrong_dtype", "variable_gradient", "cross_term", "second_order_none",
            "second_order_wrong", "random_forward", "grad_raised", "not_finite", "count")
KINDS = ("correct", "surrogate", "broken", "kink")


@dataclass(frozen=True)
class Case:
    name: str            # unique, e.g. "sqrt_wide_range/float64"
    source: str          # where the idea comes from
    make: Callable[[], tuple[Callable, tuple]]   # returns (f, inputs) freshly
    kind: str            # "correct" | "surrogate" | "broken" | "kink"
    check_kwargs: dict = field(default_factory=dict)   # extra keyword arguments for check_gradients
    mistake: str | None = None   # for broken: one of MISTAKES


# --------------------------------------------------------------------------- small helpers
def _const(values, dtype) -> tf.Tensor:
    return tf.constant(np.asarray(values, dtype=np.float64), dtype=dtype)


def _normal(seed: int, shape, dtype, scale: float = 1.0) -> tf.Tensor:
    return _const(scale * np.random.default_rng(seed).standard_normal(shape), dtype)


def _uniform(seed: int, shape, dtype, low: float, high: float) -> tf.Tensor:
    return _const(np.random.default_rng(seed).uniform(low, high, shape), dtype)


def _away_from_zero(seed: int, shape, dtype, gap: float = 0.2) -> tf.Tensor:
    """Normal entries pushed at least ``gap`` away from 0 (kinks stay out of finite-difference reach)."""
    a = np.random.default_rng(seed).standard_normal(shape)
    return _const(np.sign(a) * (np.abs(a) + gap), dtype)


def _with_plain(f, plain: Callable, variables=(), float32_inside: bool = False):
    """Attach the plain-TF forward used for verification (works on functions, partials, Keras layers).

    Keras variables are stored as their backing ``tf.Variable`` (what the tape and
    ``tf.custom_gradient`` see). ``float32_inside`` marks functions that compute in
    float32 whatever their inputs' dtype (verified with float32 tolerances).
    """
    variables = tuple(v.value if isinstance(v, keras.Variable) else v for v in variables)
    object.__setattr__(f, "plain", plain)
    object.__setattr__(f, "plain_variables", variables)
    object.__setattr__(f, "float32_inside", float32_inside)
    return f


def _gelu_and_derivative(x):
    """tanh-approximate GELU and its derivative, in x's dtype."""
    c = np.sqrt(2.0 / np.pi)
    inner = c * (x + 0.044715 * x ** 3)
    t = tf.tanh(inner)
    value = 0.5 * x * (1.0 + t)
    derivative = 0.5 * (1.0 + t) + 0.5 * x * (1.0 - t * t) * c * (1.0 + 3 * 0.044715 * x * x)
    return value, derivative


def _plain_gelu(x):
    return 0.5 * x * (1.0 + tf.tanh(np.sqrt(2.0 / np.pi) * (x + 0.044715 * x ** 3)))


# =========================================================================== (a) wide input ranges
def sqrt_finite(dtype, mistake=None, wide=True):
    """sqrt with a finite gradient at 0; checked over [1e-3, 150] in one tensor."""
    @tf.custom_gradient
    def sqrt_with_finite_grads(x):
        def grad(upstream):
            big = tf.constant(np.sqrt(np.finfo(x.dtype.as_numpy_dtype).max), x.dtype)
            half = 1.0 if mistake == "constant_factor" else 0.5      # broken: d sqrt(x) taken as 1/sqrt(x)
            return upstream * tf.where(tf.equal(x, 0), big, half * tf.math.rsqrt(x))
        return tf.sqrt(x), grad

    x = np.geomspace(1e-3, 150.0, 12) if wide else np.linspace(0.5, 5.0, 6)
    return _with_plain(sqrt_with_finite_grads, tf.sqrt), (_const(x, dtype),)


def clamped_log(dtype):
    """log of a probability clamped at the smallest normal number; checked over [1e-3, 1]."""
    @tf.custom_gradient
    def clamped_log(p):
        tiny = tf.constant(np.finfo(p.dtype.as_numpy_dtype).tiny, p.dtype)
        safe = tf.maximum(p, tiny)

        def grad(upstream):
            return upstream * tf.where(p > tiny, 1.0 / safe, tf.zeros_like(p))
        return tf.math.log(safe), grad

    return _with_plain(clamped_log, tf.math.log), (_const(np.geomspace(1e-3, 1.0, 10), dtype),)


def log_sinh(dtype, mistake=None, points=(0.2, 0.25, 0.5, 1.0, 3.0, 10.0, 30.0, 60.0)):
    """log(sinh x), stable for large x, gradient coth(x); from 0.2 (steep) to 60 (linear)."""
    @tf.custom_gradient
    def log_sinh(x):
        def grad(upstream):
            if mistake == "wrong_sign":
                return -upstream / tf.tanh(x)
            if mistake == "not_finite":                    # cosh/sinh: inf/inf past x = 89 in float32
                return upstream * tf.cosh(x) / tf.sinh(x)
            return upstream / tf.tanh(x)
        log2 = tf.constant(np.log(2.0), x.dtype)
        return tf.where(x < 20, tf.math.log(tf.sinh(tf.minimum(x, 20))), x - log2), grad

    def plain(x):
        return x + tf.math.log1p(-tf.exp(-2 * x)) - np.log(2.0)

    return _with_plain(log_sinh, plain), (_const(points, dtype),)


def offset_square(dtype):
    """x**2 + 1e8: a tiny signal on a huge constant offset."""
    @tf.custom_gradient
    def offset_square(x):
        return x * x + 1e8, lambda upstream: upstream * 2 * x

    return _with_plain(offset_square, lambda x: x * x + 1e8), (_const(np.linspace(-3, 3, 7), dtype),)


def sinusoid_large(dtype):
    """sin at positions up to 1e6 (and small ones) in one tensor."""
    @tf.custom_gradient
    def sinusoid(x):
        return tf.sin(x), lambda upstream: upstream * tf.cos(x)

    x = [0.5, 3.0, 1e6, 1e6 + 0.5, 1e6 + 1.0, 1e6 + 2.5]
    return _with_plain(sinusoid, tf.sin), (_const(x, dtype),)


def softplus_inverse(dtype):
    """log(exp(y) - 1) written as y + log(-expm1(-y)); gradient 1/(1 - exp(-y)); y in [1e-3, 50]."""
    @tf.custom_gradient
    def softplus_inverse(y):
        def grad(upstream):
            return upstream / -tf.math.expm1(-y)
        return y + tf.math.log(-tf.math.expm1(-y)), grad

    return (_with_plain(softplus_inverse, lambda y: tf.math.log(tf.math.expm1(y))),
            (_const(np.geomspace(1e-3, 50.0, 10), dtype),))


def logsumexp(dtype):
    """Row-wise log-sum-exp with the max shift; logits spread over [-100, 100]."""
    @tf.custom_gradient
    def logsumexp(logits):
        m = tf.reduce_max(logits, axis=-1, keepdims=True)
        value = tf.squeeze(m, -1) + tf.math.log(tf.reduce_sum(tf.exp(logits - m), axis=-1))

        def grad(upstream):
            return upstream[..., None] * tf.nn.softmax(logits, axis=-1)
        return value, grad

    return (_with_plain(logsumexp, lambda l: tf.reduce_logsumexp(l, axis=-1)),
            (_uniform(11, (3, 5), dtype, -100.0, 100.0),))


# =========================================================================== (b) float32 compute inside
def gelu_float32_compute(dtype, mistake=None):
    """GELU computed in float32 whatever the input dtype, cast back on the way out."""
    @tf.custom_gradient
    def gelu_f32(x):
        x32 = tf.cast(x, F32)
        value, derivative = _gelu_and_derivative(x32)

        def grad(upstream):
            if mistake == "wrong_dtype":
                if x.dtype == F32:     # derivative taken in float64 "for accuracy", never cast back
                    return tf.cast(upstream, F64) * tf.cast(derivative, F64)
                return tf.cast(upstream, F32) * derivative      # float64 input: float32 gradient
            return tf.cast(tf.cast(upstream, F32) * derivative, x.dtype)
        return tf.cast(value, x.dtype), grad

    return _with_plain(gelu_f32, _plain_gelu, float32_inside=True), (_normal(21, (8,), dtype, 2.0),)


@keras.ops.custom_gradient
def _mish_keras(x):
    t = keras.ops.tanh(keras.ops.softplus(x))

    def grad(*args, upstream=None):
        if upstream is None:
            (upstream,) = args
        s = keras.ops.sigmoid(x)
        return upstream * (t + x * s * (1.0 - t * t))
    return x * t, grad


class MishFloat32(keras.layers.Layer):
    """Mish activation layer with dtype policy float32: float64 inputs are computed in float32."""

    def __init__(self, **kwargs):
        super().__init__(dtype="float32", **kwargs)

    def call(self, x):
        return _mish_keras(x)


def keras_mish_layer(dtype):
    layer = MishFloat32()
    return (_with_plain(layer, lambda x: x * tf.tanh(tf.math.softplus(x))),
            (_normal(22, (2, 5), dtype, 2.0),))


# =========================================================================== (c) the same tensor twice
def rbf_kernel(dtype, mistake=None, lengthscale=0.7):
    """Exponentiated-quadratic kernel matrix k(x1, x2), checked as k(x, x)."""
    ell2 = lengthscale ** 2

    @tf.custom_gradient
    def exponentiated_quadratic(x1, x2):
        diff = x1[:, None, :] - x2[None, :, :]
        k = tf.exp(-tf.reduce_sum(diff * diff, axis=-1) / (2 * ell2))

        def grad(upstream):
            scale = 1.0 if mistake == "constant_factor" else ell2      # broken: forgot the 1/lengthscale²
            w = (upstream * k)[..., None] * diff / scale
            return -tf.reduce_sum(w, axis=1), tf.reduce_sum(w, axis=0)
        return k, grad

    def plain(x1, x2):
        d = x1[:, None, :] - x2[None, :, :]
        return tf.exp(-tf.reduce_sum(d * d, axis=-1) / (2 * ell2))

    x = _normal(31, (5, 2), dtype)
    return _with_plain(exponentiated_quadratic, plain), (x, x)


def _attention(mistake=None):
    @tf.custom_gradient
    def scaled_dot_product_attention(q, k, v):
        scale = 1.0 / np.sqrt(int(q.shape[-1]))
        p = tf.nn.softmax(tf.matmul(q, k, transpose_b=True) * scale, axis=-1)

        def grad(upstream):
            dv = tf.matmul(p, upstream, transpose_a=True)
            dp = tf.matmul(upstream, v, transpose_b=True)
            ds = p * (dp - tf.reduce_sum(dp * p, axis=-1, keepdims=True))
            dq = tf.matmul(ds, k) * scale
            dk = tf.matmul(ds, q, transpose_a=True) * scale
            if mistake == "none":
                dv = None                                   # "v is only multiplied, no gradient needed"
            elif mistake == "wrong_shape":
                dk = tf.matmul(ds, k) * scale               # the query's formula again: shape of q, not k
            elif mistake == "grad_raised":
                dk = tf.matmul(ds, q) * scale               # forgot transpose_a: (b,n,m) @ (b,n,d) fails
            return dq, dk, dv
        return tf.matmul(p, v), grad

    def plain(q, k, v):
        s = tf.matmul(q, k, transpose_b=True) / np.sqrt(int(q.shape[-1]))
        return tf.matmul(tf.nn.softmax(s, axis=-1), v)

    return _with_plain(scaled_dot_product_attention, plain)


def self_attention(dtype):
    """Attention called as f(x, x, v): queries and keys are the same tensor."""
    x = _normal(41, (2, 3, 4), dtype)
    return _attention(), (x, x, _normal(42, (2, 3, 4), dtype))


def cosine_self_similarity(dtype):
    """Row-wise cosine similarity called as cos(x, x): the true gradient is exactly zero."""
    @tf.custom_gradient
    def cosine_similarity(a, b):
        na = tf.norm(a, axis=-1, keepdims=True)
        nb = tf.norm(b, axis=-1, keepdims=True)
        c = tf.reduce_sum(a * b, axis=-1, keepdims=True) / (na * nb)

        def grad(upstream):
            u = upstream[:, None]
            return u * (b / (na * nb) - c * a / na ** 2), u * (a / (na * nb) - c * b / nb ** 2)
        return tf.squeeze(c, -1), grad

    def plain(a, b):
        return tf.reduce_sum(a * b, axis=-1) / (tf.norm(a, axis=-1) * tf.norm(b, axis=-1))

    x = _normal(43, (4, 3), dtype)
    return _with_plain(cosine_similarity, plain), (x, x)


# =========================================================================== (d) matrices and broadcasting
def attention(dtype, mistake=None):
    """Batched attention with distinct q (2,3,4), k (2,5,4), v (2,5,3)."""
    return _attention(mistake), (_normal(51, (2, 3, 4), dtype), _normal(52, (2, 5, 4), dtype),
                                 _normal(53, (2, 5, 3), dtype))


def layer_norm(dtype, mistake=None, eps=1e-3):
    """Layer normalisation over the last axis with gamma and beta broadcast over the batch."""
    @tf.custom_gradient
    def layer_norm(x, gamma, beta):
        xc = x - tf.reduce_mean(x, axis=-1, keepdims=True)
        inv = tf.math.rsqrt(tf.reduce_mean(xc * xc, axis=-1, keepdims=True) + eps)
        xhat = xc * inv

        def grad(upstream):
            dxhat = upstream * gamma
            dx = inv * (dxhat - tf.reduce_mean(dxhat, axis=-1, keepdims=True)
                        - xhat * tf.reduce_mean(dxhat * xhat, axis=-1, keepdims=True))
            dgamma = upstream * xhat if mistake == "not_summed" else tf.reduce_sum(upstream * xhat, axis=0)
            return dx, dgamma, tf.reduce_sum(upstream, axis=0)
        return xhat * gamma + beta, grad

    def plain(x, gamma, beta):
        mean, var = tf.nn.moments(x, axes=[-1], keepdims=True)
        return (x - mean) / tf.sqrt(var + eps) * gamma + beta

    return _with_plain(layer_norm, plain), (_normal(61, (4, 6), dtype), _normal(62, (6,), dtype),
                                            _normal(63, (6,), dtype))


def bilinear(dtype, mistake=None):
    """y_b = x1_bᵀ W x2_b with a square W (so a transposed dW keeps its shape)."""
    @tf.custom_gradient
    def bilinear(x1, w, x2):
        def grad(upstream):
            u = upstream[:, None]
            dw = tf.einsum("b,bi,bj->ij", upstream, x1, x2)
            if mistake == "transposed":
                dw = tf.transpose(dw)
            return u * tf.matmul(x2, w, transpose_b=True), dw, u * tf.matmul(x1, w)
        return tf.einsum("bi,ij,bj->b", x1, w, x2), grad

    return (_with_plain(bilinear, lambda x1, w, x2: tf.reduce_sum(tf.matmul(x1, w) * x2, axis=-1)),
            (_normal(71, (4, 3), dtype), _normal(72, (3, 3), dtype), _normal(73, (4, 3), dtype)))


def bias_add_nhwc(dtype, mistake=None):
    """Channel bias added to an NHWC tensor: the bias gradient sums over N, H and W."""
    @tf.custom_gradient
    def bias_add(value, bias):
        def grad(upstream):
            if mistake == "count":
                return upstream                              # forgot the bias
            return upstream, tf.reduce_sum(upstream, axis=[0, 1, 2])
        return tf.nn.bias_add(value, bias), grad

    return (_with_plain(bias_add, lambda value, bias: value + bias),
            (_normal(81, (2, 3, 3, 4), dtype), _normal(82, (4,), dtype)))


# =========================================================================== (e) variables
def dense_tanh(dtype, mistake=None):
    """tanh(x W + b) reading tf.Variables W and b; grad(upstream, variables=None)."""
    w = tf.Variable(_normal(91, (3, 2), dtype), name="kernel")
    b = tf.Variable(_normal(92, (2,), dtype), name="bias")

    @tf.custom_gradient
    def dense_tanh(x):
        y = tf.tanh(tf.matmul(x, w) + b)

        def grad(upstream, variables=None):
            dz = upstream * (1 - y * y)
            dw = tf.matmul(x, upstream if mistake == "variable_gradient" else dz, transpose_a=True)
            by_ref = {w.ref(): dw, b.ref(): tf.reduce_sum(dz, axis=0)}
            return tf.matmul(dz, w, transpose_b=True), [by_ref[v.ref()] for v in variables]
        return y, grad

    return (_with_plain(dense_tanh, lambda x, w_, b_: tf.tanh(tf.matmul(x, w_) + b_), (w, b)),
            (_normal(93, (4, 3), dtype),))


class PReLUHandWritten(keras.layers.Layer):
    """Parametric ReLU with a per-channel alpha weight and a hand-written backward pass."""

    def __init__(self, units, mistake=None, **kwargs):
        super().__init__(**kwargs)
        self.mistake = mistake
        self.alpha = self.add_weight(shape=(units,), name="alpha",
                                     initializer=keras.initializers.RandomUniform(0.1, 0.4, seed=5))

    def call(self, x):
        alpha, mistake = self.alpha, self.mistake

        @tf.custom_gradient
        def prelu(x):
            a = tf.convert_to_tensor(alpha)
            neg = tf.cast(x < 0, x.dtype)

            def grad(upstream, variables=None):
                dalpha = tf.reduce_sum(upstream * x * neg, axis=0)
                if mistake == "variable_gradient":
                    dalpha = -dalpha
                return upstream * (1 - neg + neg * a), [dalpha for _ in variables]
            return tf.where(x < 0, a * x, x), grad
        return prelu(x)


def keras_prelu(dtype, mistake=None):
    layer = PReLUHandWritten(5, mistake=mistake, dtype=dtype.name)
    return (_with_plain(layer, lambda x, a: tf.where(x < 0, a * x, x), (layer.alpha,)),
            (_away_from_zero(101, (4, 5), dtype),))


def clip_logits(dtype, mistake=None):
    """CLIP-style logits exp(logit_scale) · A Bᵀ with a learnable logit_scale variable."""
    logit_scale = tf.Variable(tf.constant(np.log(1 / 0.07), dtype), name="logit_scale")

    @tf.custom_gradient
    def contrastive_logits(image_emb, text_emb):
        s = tf.exp(logit_scale)
        sim = tf.matmul(image_emb, text_emb, transpose_b=True)

        def grad(upstream, variables=None):
            d_img = s * tf.matmul(upstream, text_emb)
            d_txt = s * tf.matmul(upstream, image_emb, transpose_a=True)
            d_scale = tf.reduce_sum(upstream * sim)          # gradient w.r.t. s ...
            if mistake != "variable_gradient":
                d_scale = d_scale * s                        # ... times ds/dlogit_scale = s
            return (d_img, d_txt), [d_scale]
        return s * sim, grad

    return (_with_plain(contrastive_logits, lambda a, b, ls: tf.exp(ls) * tf.matmul(a, b, transpose_b=True),
                        (logit_scale,)),
            (_normal(111, (3, 4), dtype, 0.5), _normal(112, (3, 4), dtype, 0.5)))


# =========================================================================== (f) several outputs
def sincos(dtype):
    @tf.custom_gradient
    def sincos(theta):
        s, c = tf.sin(theta), tf.cos(theta)

        def grad(d_sin, d_cos):
            return d_sin * c - d_cos * s
        return (s, c), grad

    return _with_plain(sincos, lambda t: (tf.sin(t), tf.cos(t))), (_normal(121, (6,), dtype, 2.0),)


def normalize(dtype, mistake=None):
    """Like tf.linalg.normalize along the last axis: returns (unit vectors, norms)."""
    @tf.custom_gradient
    def normalize(x):
        n = tf.norm(x, axis=-1, keepdims=True)
        xhat = x / n

        def grad(d_unit, d_norm):
            dx = (d_unit - xhat * tf.reduce_sum(d_unit * xhat, axis=-1, keepdims=True)) / n
            if mistake != "cross_term":
                dx = dx + d_norm * xhat                      # broken: the norm output's upstream is dropped
            return dx
        return (xhat, n), grad

    def plain(x):
        n = tf.norm(x, axis=-1, keepdims=True)
        return x / n, n

    return _with_plain(normalize, plain), (_normal(131, (3, 4), dtype),)


def moments(dtype):
    """(mean, variance) over the batch axis, like tf.nn.moments(x, axes=[0])."""
    @tf.custom_gradient
    def moments(x):
        count = int(x.shape[0])
        mean = tf.reduce_mean(x, axis=0)
        xc = x - mean

        def grad(d_mean, d_var):
            return (d_mean + 2.0 * d_var * xc) / count
        return (mean, tf.reduce_mean(xc * xc, axis=0)), grad

    return _with_plain(moments, lambda x: tuple(tf.nn.moments(x, axes=[0]))), (_normal(141, (5, 3), dtype),)


# =========================================================================== (g) Python configuration arguments
def huber(dtype):
    """Huber loss, called as huber(x, 1.0): delta is a Python float, its gradient None."""
    @tf.custom_gradient
    def huber(x, delta):
        ax = tf.abs(x)
        value = tf.where(ax <= delta, 0.5 * x * x, delta * (ax - 0.5 * delta))

        def grad(upstream):
            return upstream * tf.clip_by_value(x, -delta, delta), None
        return value, grad

    def plain(x, delta):
        ax = tf.abs(x)
        return tf.where(ax <= delta, 0.5 * x * x, delta * (ax - 0.5 * delta))

    return _with_plain(huber, plain), (_const([-3.0, -0.4, 0.2, 0.7, 2.5], dtype), 1.0)


def lp_norm(dtype):
    """Row-wise p-norm called as lp_norm(x, 3): p is a Python int."""
    @tf.custom_gradient
    def lp_norm(x, p):
        ax = tf.abs(x)
        norm = tf.reduce_sum(ax ** p, axis=-1) ** (1.0 / p)

        def grad(upstream):
            return upstream[..., None] * tf.sign(x) * (ax / norm[..., None]) ** (p - 1), None
        return norm, grad

    return (_with_plain(lp_norm, lambda x, p: tf.reduce_sum(tf.abs(x) ** p, axis=-1) ** (1.0 / p)),
            (_away_from_zero(151, (3, 4), dtype), 3))


def softplus_beta(dtype):
    """softplus(beta x) / beta configured by keyword: functools.partial(softplus_beta, beta=2.0)."""
    @tf.custom_gradient
    def softplus_beta(x, beta=1.0):
        def grad(upstream):
            return upstream * tf.sigmoid(beta * x)
        return tf.math.softplus(beta * x) / beta, grad

    f = functools.partial(softplus_beta, beta=2.0)
    return _with_plain(f, lambda x: tf.math.softplus(2.0 * x) / 2.0), (_normal(161, (6,), dtype, 2.0),)


# =========================================================================== (h) kinks, away from and at them
def leaky_relu(dtype, at_kink=False):
    """leaky_relu(x, 0.2) with a positional Python float slope."""
    @tf.custom_gradient
    def leaky_relu(x, alpha):
        def grad(upstream):
            return upstream * tf.where(x > 0, tf.ones_like(x), alpha * tf.ones_like(x)), None
        return tf.where(x > 0, x, alpha * x), grad

    x = _const([-1.5, 0.0, 0.7, 2.0], dtype) if at_kink else _away_from_zero(171, (6,), dtype)
    return _with_plain(leaky_relu, lambda x, alpha: tf.nn.leaky_relu(x, alpha)), (x, 0.2)


def relu6(dtype, at_kink=False):
    """min(max(x, 0), 6) with gradient 1 strictly inside (0, 6), as in _Relu6Grad."""
    @tf.custom_gradient
    def relu6(x):
        def grad(upstream):
            return upstream * tf.cast((x > 0) & (x < 6), x.dtype)
        return tf.clip_by_value(x, 0.0, 6.0), grad

    x = ([-1.0, 0.0, 2.5, 6.0, 7.5] if at_kink else [-2.3, -0.6, 0.4, 1.7, 3.2, 5.1, 6.8, 8.0])
    return _with_plain(relu6, tf.nn.relu6), (_const(x, dtype),)


def relu(dtype):
    """relu at exactly 0 (one entry); the gradient there is TensorFlow's 0 convention."""
    @tf.custom_gradient
    def relu(x):
        return tf.maximum(x, 0.0), lambda upstream: upstream * tf.cast(x > 0, x.dtype)

    return _with_plain(relu, tf.nn.relu), (_const([-1.2, 0.0, 0.0, 0.9, 2.4], dtype),)


def abs_l1(dtype):
    """|x| (an L1 penalty) at exactly 0, with gradient sign(x)."""
    @tf.custom_gradient
    def abs_l1(x):
        return tf.abs(x), lambda upstream: upstream * tf.sign(x)

    return _with_plain(abs_l1, tf.abs), (_const([-0.8, 0.0, 0.3, 1.6], dtype),)


# =========================================================================== (i) second order
def silu(dtype, mistake=None):
    """x·sigmoid(x); grad recomputes sigmoid from x with TF ops, so its own gradient is right."""
    @tf.custom_gradient
    def silu(x):
        def grad(upstream):
            with tf.control_dependencies([upstream]):
                s = tf.sigmoid(x)
            local = s * (1.0 + x * (1.0 - s))
            if mistake == "wrong_dtype":    # derivative "in float64 for accuracy" (float32 for float64 x)
                other = F64 if x.dtype == F32 else F32
                return tf.cast(upstream, other) * tf.cast(local, other)
            return local if mistake == "upstream_ignored" else upstream * local
        return x * tf.sigmoid(x), grad

    return _with_plain(silu, lambda x: x * tf.sigmoid(x)), (_normal(181, (6,), dtype, 2.0),)


def softplus_fused(dtype, mistake=None):
    """The documented nested pattern: a first-order custom gradient with its own second-order rule."""
    @tf.custom_gradient
    def softplus_fused(x):
        s = tf.sigmoid(x)

        def first_order_gradient(dy):
            @tf.custom_gradient
            def first_order_custom(unused_x):
                def second_order_and_transpose(ddy):
                    if mistake == "second_order_wrong":
                        return ddy * s                       # forgot the (1 - s) of sigmoid'
                    return ddy * s * (1.0 - s)
                return s, second_order_and_transpose
            return dy * first_order_custom(x)
        return tf.math.softplus(x), first_order_gradient

    return _with_plain(softplus_fused, tf.math.softplus), (_normal(191, (6,), dtype, 2.0),)


def softplus_naive_nested(dtype):
    """The docs' counter-example: grad_fn itself a custom gradient of dy only.

    Measured in TF 2.21: eagerly, d²/dx² is right when the upstream is a constant
    (the tape never records grad_fn's op, its inputs being unwatched) and wrong
    once the upstream depends on x (e.g. L = Σ sin(f(x))): the σ'(x) term is lost.
    Under tf.function the second derivative is None.
    """
    @tf.custom_gradient
    def softplus_naive(x):
        @tf.custom_gradient
        def grad_fn(dy):
            gdy = dy * tf.sigmoid(x)

            def grad_grad_fn(ddy):           # the derivative of grad_fn w.r.t. dy, not d²y/dx²
                return ddy * tf.sigmoid(x)
            return gdy, grad_grad_fn
        return tf.math.softplus(x), grad_fn

    return _with_plain(softplus_naive, tf.math.softplus), (_normal(192, (6,), dtype, 2.0),)


def softplus_detached(dtype, how):
    """First-order right, but the derivative is cut off the tape: via NumPy or tf.stop_gradient."""
    @tf.custom_gradient
    def softplus_detached(x):
        def grad(upstream):
            if how == "numpy":
                s = tf.constant(1.0 / (1.0 + np.exp(-x.numpy())), x.dtype)
            else:
                s = tf.stop_gradient(tf.sigmoid(x))
            return upstream * s
        return tf.math.softplus(x), grad

    return _with_plain(softplus_detached, tf.math.softplus), (_normal(193, (6,), dtype, 2.0),)


def dropout_gelu(dtype, rate=0.3):
    """Fused dropout + GELU: the forward draws a fresh mask on every call."""
    @tf.custom_gradient
    def dropout_gelu(x):
        keep = tf.cast(tf.random.uniform(tf.shape(x), dtype=x.dtype) >= rate, x.dtype) / (1.0 - rate)
        value, derivative = _gelu_and_derivative(x)
        return value * keep, lambda upstream: upstream * keep * derivative

    return _with_plain(dropout_gelu, _plain_gelu), (_normal(201, (8,), dtype),)


# =========================================================================== surrogates
def ste_round(dtype, mistake=None):
    @tf.custom_gradient
    def round_ste(x):
        def grad(upstream):
            return tf.ones_like(x) if mistake == "upstream_ignored" else upstream
        return tf.round(x), grad

    x = _const(np.round(np.random.default_rng(211).uniform(-3, 3, 8) * 4) / 4 + 0.1, dtype)  # off the .5s
    return _with_plain(round_ste, tf.round), (x,)


def ste_sign(dtype):
    @tf.custom_gradient
    def binarize(x):
        return tf.sign(x), lambda upstream: upstream

    return _with_plain(binarize, tf.sign), (_away_from_zero(212, (8,), dtype, 0.1),)


def sign_hardtanh_ste(dtype):
    """sign forward, gradient passed only where |x| <= 1 (BinaryNet)."""
    @tf.custom_gradient
    def sign_ste(x):
        return tf.sign(x), lambda upstream: upstream * tf.cast(tf.abs(x) <= 1, x.dtype)

    x = _const([-2.2, -1.4, -0.7, -0.2, 0.3, 0.8, 1.3, 2.6], dtype)
    return _with_plain(sign_ste, tf.sign), (x,)


def hardtanh_identity_ste(dtype):
    """clip(x, -1, 1) forward, identity backward: right inside [-1, 1], not outside."""
    @tf.custom_gradient
    def hard_tanh(x):
        return tf.clip_by_value(x, -1.0, 1.0), lambda upstream: upstream

    x = _const([-2.2, -1.4, -0.7, -0.2, 0.3, 0.8, 1.3, 2.6], dtype)
    return _with_plain(hard_tanh, lambda x: tf.clip_by_value(x, -1.0, 1.0)), (x,)


def heaviside_sigmoid_surrogate(dtype):
    """Spike = step(x), backward k·σ(kx)(1 - σ(kx)); called as spike(x, 5.0)."""
    @tf.custom_gradient
    def spike(x, slope):
        def grad(upstream):
            s = tf.sigmoid(slope * x)
            return upstream * slope * s * (1.0 - s), None
        return tf.cast(x > 0, x.dtype), grad

    return (_with_plain(spike, lambda x, slope: tf.cast(x > 0, x.dtype)),
            (_away_from_zero(213, (8,), dtype, 0.05), 5.0))


def sign_tanh_surrogate(dtype):
    @tf.custom_gradient
    def sign_tanh(x):
        return tf.sign(x), lambda upstream: upstream * (1.0 - tf.tanh(x) ** 2)

    return _with_plain(sign_tanh, tf.sign), (_away_from_zero(214, (8,), dtype, 0.1),)


def clip_gradient_by_value(dtype, limit=0.1):
    @tf.custom_gradient
    def clip_gradient_by_value(x):
        return tf.identity(x), lambda upstream: tf.clip_by_value(upstream, -limit, limit)

    return _with_plain(clip_gradient_by_value, tf.identity), (_normal(215, (8,), dtype),)


def clip_gradient_by_norm(dtype):
    """The TF eager guide's example, called as clip_gradient_by_norm(x, 1.0)."""
    @tf.custom_gradient
    def clip_gradient_by_norm(x, norm):
        def grad_fn(dresult):
            return [tf.clip_by_norm(dresult, norm), None]
        return tf.identity(x), grad_fn

    return _with_plain(clip_gradient_by_norm, lambda x, norm: tf.identity(x)), (_normal(216, (10,), dtype), 1.0)


def gradient_reversal(dtype, lam=0.5, mistake=None):
    @tf.custom_gradient
    def grad_reverse(x):
        def custom_grad(dy):
            return -dy if mistake == "constant_factor" else -lam * dy    # broken: lambda forgotten
        return tf.identity(x), custom_grad

    return _with_plain(grad_reverse, tf.identity), (_normal(217, (6,), dtype),)


def gradient_reversal_arg(dtype):
    """Reversal with lambda as a second, Python float argument: gradient_reverse(x, 0.3)."""
    @tf.custom_gradient
    def gradient_reverse(x, lamda):
        def grad(dy):
            return lamda * -dy, None
        return tf.identity(x), grad

    return _with_plain(gradient_reverse, lambda x, lamda: tf.identity(x)), (_normal(218, (6,), dtype), 0.3)


def block_gradient(dtype):
    """Identity forward, zero backward: tf.stop_gradient written as a custom gradient."""
    @tf.custom_gradient
    def block_gradient(x):
        return tf.identity(x), lambda upstream: tf.zeros_like(upstream)

    return _with_plain(block_gradient, tf.identity), (_normal(219, (6,), dtype),)


def grad_scale(dtype, g=0.25):
    """LSQ's grad_scale: forward x, backward g·upstream."""
    @tf.custom_gradient
    def grad_scale(x):
        return tf.identity(x), lambda upstream: g * upstream

    return _with_plain(grad_scale, tf.identity), (_normal(220, (6,), dtype),)


def vq_straight_through(dtype):
    """Straight-through by stop_gradient, no custom_gradient: x + stop_gradient(round(x) - x)."""
    def quantize_st(x):
        return x + tf.stop_gradient(tf.round(x) - x)

    x = _const(np.round(np.random.default_rng(221).uniform(-3, 3, 8) * 4) / 4 + 0.1, dtype)
    return _with_plain(quantize_st, tf.round), (x,)


def gumbel_softmax_st(dtype, tau=0.5):
    """Straight-through Gumbel-softmax with the noise fixed when the case is made."""
    u = np.random.default_rng(222).uniform(1e-6, 1.0, (2, 4))
    gumbel = -np.log(-np.log(u))

    def gumbel_softmax_hard(logits):
        y_soft = tf.nn.softmax((logits + tf.cast(gumbel, logits.dtype)) / tau, axis=-1)
        y_hard = tf.one_hot(tf.argmax(y_soft, axis=-1), 4, dtype=logits.dtype)
        return y_hard - tf.stop_gradient(y_soft) + y_soft

    def plain(logits):
        return tf.one_hot(tf.argmax(logits + tf.cast(gumbel, logits.dtype), axis=-1), 4, dtype=logits.dtype)

    def expect(logits):
        return tf.nn.softmax((logits + tf.cast(gumbel, logits.dtype)) / tau, axis=-1)

    f = _with_plain(gumbel_softmax_hard, plain)
    object.__setattr__(f, "expect", expect)
    return f, (_normal(223, (2, 4), dtype),)


def _gumbel_expect(logits):
    """``expect`` for the Gumbel case: rebuilt from the same fixed noise as the case itself."""
    f, _ = gumbel_softmax_st(logits.dtype)
    return f.expect(logits)


def fake_quant(dtype, lo=-1.0, hi=1.0, levels=15):
    """Uniform fake quantisation with a pass-through gradient inside [lo, hi] (fake_quant_* style)."""
    step = (hi - lo) / levels

    @tf.custom_gradient
    def fake_quant(x):
        q = tf.round((tf.clip_by_value(x, lo, hi) - lo) / step) * step + lo
        return q, lambda upstream: upstream * tf.cast((x >= lo) & (x <= hi), x.dtype)

    def plain(x):
        return tf.round((tf.clip_by_value(x, lo, hi) - lo) / step) * step + lo

    x = _const([-1.7, -0.93, -0.41, -0.05, 0.12, 0.58, 0.87, 1.45], dtype)
    return _with_plain(fake_quant, plain), (x,)


# =========================================================================== the cases
_SRC = {
    "sqrt": "tensorflow/probability tensorflow_probability/python/math/psd_kernels/internal/util.py "
            "(sqrt_with_finite_grads)",
    "log": "textbook: log of a probability clamped at the smallest normal float (KL/ELBO losses)",
    "log_sinh": "public TF math helpers (log_sinh with grad upstream / tanh(x), next to log_cosh)",
    "offset": "textbook: a loss with a large constant offset, x**2 + 1e8",
    "sin": "Transformer sinusoidal position encodings at large positions (Vaswani et al. 2017)",
    "spinv": "tfp.math.softplus_inverse forward (x + log(-expm1(-x))); gradient 1/(1 - exp(-x)) by hand",
    "lse": "tf.math.reduce_logsumexp (max-shift trick); gradient softmax",
    "gelu": "keras/src/activations/activations.py gelu(approximate=True), computed in float32 as under "
            "a mixed-precision policy",
    "mish": "keras.ops.custom_gradient docstring (grad(*args, upstream=None)); Mish (Misra 2019), "
            "tfa.activations.mish; Keras layer with dtype='float32'",
    "rbf": "tensorflow_probability psd_kernels ExponentiatedQuadratic / GPflow SquaredExponential, "
           "gradient by hand, called as k(x, x)",
    "attn": "keras.layers.MultiHeadAttention core (softmax(QKᵀ/√d)V); backward as in FlashAttention "
            "(Dao et al. 2022)",
    "cos": "keras.losses.cosine_similarity; self-similarity in contrastive losses (SimCLR)",
    "ln": "keras.layers.LayerNormalization forward; backward as in Ba et al. 2016 / fused layer-norm kernels",
    "bilinear": "torch.nn.Bilinear / Luong 'general' attention score x1ᵀ W x2",
    "bias": "tensorflow/python/ops/nn_grad.py (_BiasAddGrad: sum over all but the channel axis)",
    "dense": "tensorflow/python/ops/custom_gradient.py docstring (grad_fn(*upstream, variables=None)); "
             "keras.layers.Dense(activation='tanh')",
    "prelu": "keras.layers.PReLU (He et al. 2015) with the alpha gradient written by hand in a Keras 3 layer",
    "clip": "CLIP (Radford et al. 2021) learnable logit_scale = log(1/0.07), as in open_clip",
    "sincos": "rotary position embeddings use sin and cos of the same angles (RoFormer, Su et al. 2021)",
    "normalize": "tensorflow/python/ops/nn_impl.py tf.linalg.normalize (returns unit tensor and norm)",
    "moments": "tensorflow/python/ops/nn_impl.py tf.nn.moments (mean, variance)",
    "huber": "keras.losses.Huber / tf.compat.v1.losses.huber_loss (delta argument)",
    "lp": "tf.norm(ord=p) / Lp pooling with an integer p",
    "spbeta": "torch.nn.Softplus(beta) ported to TF; keyword-configured tf.custom_gradient",
    "leaky": "tf.nn.leaky_relu(features, alpha)",
    "relu6": "tf.nn.relu6 (tensorflow/python/ops/nn_grad.py _Relu6Grad)",
    "relu": "tf.nn.relu (nn_grad.py _ReluGrad: gradient 0 at 0)",
    "abs": "L1 penalty |x| with gradient sign(x) (tf.abs's registered gradient)",
    "silu": "tensorflow/python/ops/nn_impl.py swish/silu (sigmoid recomputed in grad under "
            "control_dependencies)",
    "fused": "tensorflow/python/ops/custom_gradient.py docstring (op_with_fused_backprop)",
    "naive": "tensorflow/python/ops/custom_gradient.py docstring (nested grad_fn: 'Not the 2nd order "
             "gradient of op w.r.t. x')",
    "numpy": "common anti-pattern: the derivative computed with .numpy() inside grad",
    "stopgrad": "common anti-pattern: tf.stop_gradient around the derivative inside grad",
    "dropout": "fused dropout + GELU written with tf.custom_gradient (Megatron-style fused kernels)",
    "round": "carlomarxdk/BNN binary_neuron/utils.py (round with identity gradient); quantisation-aware "
             "training STE",
    "sign": "carlomarxdk/BNN binary_neuron/utils.py (binarize: sign with identity gradient)",
    "sign_ht": "BinaryNet (Courbariaux et al. 2016), larq ste_sign: gradient 1{|x| <= 1}",
    "hardtanh": "carlomarxdk/BNN binary_neuron/utils.py (hard_tanh with identity gradient)",
    "spike": "SuperSpike (Zenke & Ganguli 2018) / snnTorch surrogate.sigmoid: step forward, sigmoid' backward",
    "sign_tanh": "public quantisation helpers (sign0_ste_tanh: sign forward, 1 - tanh² backward)",
    "clipval": "in-graph gradient clipping: tf.clip_by_value on the upstream",
    "clipnorm": "tensorflow/docs site/en/guide/eager.md (clip_gradient_by_norm)",
    "grl": "m2dsupsdlclass/lectures-labs labs/10_unsupervised_generative_models/solutions/grl.py; "
           "DANN (Ganin & Lempitsky 2015)",
    "grl_arg": "takumi0shibata/Adversarial-AES custom_layers/gradient_reversal.py (gradient_reverse(x, lamda))",
    "block": "tf.stop_gradient written as a custom gradient (identity forward, zero backward)",
    "gscale": "LSQ (Esser et al. 2020) grad_scale: forward x, backward g·upstream",
    "vq": "VQ-VAE straight-through (van den Oord et al. 2017), Sonnet VectorQuantizer: "
          "x + stop_gradient(q - x)",
    "gumbel": "straight-through Gumbel-softmax (Jang et al. 2017): y_hard - stop_gradient(y_soft) + y_soft",
    "fakequant": "tf.quantization.fake_quant_with_min_max_args (gradient passes inside [min, max])",
}


def _p(fn, *args, **kwargs):
    return functools.partial(fn, *args, **kwargs)


def _both(base: str, src: str, fn, kind: str = "correct", check_kwargs=None, **kwargs) -> list[Case]:
    return [Case(f"{base}/{d.name}", _SRC[src], _p(fn, d, **kwargs), kind, dict(check_kwargs or {}))
            for d in DTYPES]


def _broken(base: str, dtype, src: str, fn, mistake: str, check_kwargs=None, **kwargs) -> Case:
    if "mistake" in inspect.signature(fn).parameters:
        kwargs["mistake"] = mistake
    return Case(f"{base}:{mistake}/{dtype.name}", _SRC[src], _p(fn, dtype, **kwargs), "broken",
                dict(check_kwargs or {}), mistake)


def _surrogate(base: str, dtype, src: str, fn, expect, **kwargs) -> Case:
    return Case(f"{base}/{dtype.name}", _SRC[src], _p(fn, dtype, **kwargs), "surrogate", {"expect": expect})


_identity = lambda x: x                                          # noqa: E731
_unit_clip = lambda x: tf.clip_by_value(x, -1.0, 1.0)           # noqa: E731

CORRECT = [
    # (a) wide input ranges in one tensor
    *_both("sqrt_wide_range", "sqrt", sqrt_finite),
    *_both("log_small_range", "log", clamped_log),
    *_both("log_sinh_from_0.2", "log_sinh", log_sinh),
    *_both("square_plus_1e8", "offset", offset_square),
    *_both("sin_at_1e6", "sin", sinusoid_large),
    *_both("softplus_inverse_wide_range", "spinv", softplus_inverse),
    *_both("logsumexp_logits_pm100", "lse", logsumexp),
    # (b) float64 in, float32 compute inside
    *_both("gelu_float32_compute", "gelu", gelu_float32_compute),
    *_both("keras_mish_layer_float32_policy", "mish", keras_mish_layer),
    # (c) the same tensor twice
    *_both("rbf_kernel_k(x,x)", "rbf", rbf_kernel),
    *_both("self_attention_f(q,q,v)", "attn", self_attention),
    *_both("cosine_similarity_cos(x,x)", "cos", cosine_self_similarity),
    # (d) matrices and broadcasting
    Case("attention/float32", _SRC["attn"], _p(attention, F32), "correct", {"graph": True}),
    Case("attention/float64", _SRC["attn"], _p(attention, F64), "correct"),
    Case("layer_norm/float32", _SRC["ln"], _p(layer_norm, F32), "correct"),
    Case("layer_norm/float64", _SRC["ln"], _p(layer_norm, F64), "correct", {"graph": True}),
    *_both("bilinear", "bilinear", bilinear),
    *_both("bias_add_nhwc", "bias", bias_add_nhwc),
    # (e) tf.Variables read inside f
    *_both("dense_tanh_variables", "dense", dense_tanh),
    *_both("keras_prelu_layer_variable", "prelu", keras_prelu),
    *_both("clip_logit_scale_variable", "clip", clip_logits),
    # (f) several outputs
    *_both("sincos_two_outputs", "sincos", sincos),
    *_both("normalize_two_outputs", "normalize", normalize),
    *_both("moments_two_outputs", "moments", moments),
    # (g) Python configuration arguments
    *_both("huber(x,1.0)", "huber", huber),
    *_both("lp_norm(x,3)", "lp", lp_norm),
    *_both("softplus_beta_keyword", "spbeta", softplus_beta),
    # (h) kinks, evaluated away from them
    *_both("leaky_relu(x,0.2)_away_from_0", "leaky", leaky_relu),
    *_both("relu6_away_from_0_and_6", "relu6", relu6),
    # (i) second order
    *_both("silu_second_order", "silu", silu, check_kwargs={"order": 2}),
    *_both("softplus_fused_nested_second_order", "fused", softplus_fused, check_kwargs={"order": 2}),
    *_both("logsumexp_second_order", "lse", logsumexp, check_kwargs={"order": 2}),
]

KINK = [
    *_both("relu_at_0", "relu", relu, kind="kink"),
    *_both("abs_at_0", "abs", abs_l1, kind="kink"),
    *_both("relu6_at_0_and_6", "relu6", relu6, kind="kink", at_kink=True),
    Case("leaky_relu(x,0.2)_at_0/float32", _SRC["leaky"], _p(leaky_relu, F32, at_kink=True), "kink"),
]

SURROGATE = [
    _surrogate("ste_round", F32, "round", ste_round, _identity),
    _surrogate("ste_round", F64, "round", ste_round, _identity),
    _surrogate("ste_sign", F32, "sign", ste_sign, _identity),
    _surrogate("sign_hardtanh_ste", F32, "sign_ht", sign_hardtanh_ste, _unit_clip),
    _surrogate("sign_hardtanh_ste", F64, "sign_ht", sign_hardtanh_ste, _unit_clip),
    _surrogate("hardtanh_identity_ste", F32, "hardtanh", hardtanh_identity_ste, _identity),
    _surrogate("heaviside_sigmoid_surrogate(x,5.0)", F32, "spike", heaviside_sigmoid_surrogate,
               lambda x, slope: tf.sigmoid(slope * x)),
    _surrogate("sign_tanh_surrogate", F32, "sign_tanh", sign_tanh_surrogate, tf.tanh),
    _surrogate("clip_gradient_by_value", F32, "clipval", clip_gradient_by_value, "surrogate"),
    _surrogate("clip_gradient_by_norm(x,1.0)", F32, "clipnorm", clip_gradient_by_norm, "surrogate"),
    _surrogate("gradient_reversal_lambda_0.5", F32, "grl", gradient_reversal, lambda x: -0.5 * x),
    _surrogate("gradient_reversal_lambda_0.5", F64, "grl", gradient_reversal, lambda x: -0.5 * x),
    _surrogate("gradient_reversal(x,0.3)", F32, "grl_arg", gradient_reversal_arg, lambda x, lam: -lam * x),
    _surrogate("block_gradient_identity", F32, "block", block_gradient, lambda x: tf.zeros_like(x)),
    _surrogate("grad_scale_0.25", F32, "gscale", grad_scale, lambda x: 0.25 * x),
    _surrogate("vq_straight_through_stop_gradient", F32, "vq", vq_straight_through, _identity),
    _surrogate("gumbel_softmax_straight_through", F32, "gumbel", gumbel_softmax_st, _gumbel_expect),
    _surrogate("fake_quant_ste", F32, "fakequant", fake_quant, _unit_clip),
]

BROKEN = [
    _broken("silu", F32, "silu", silu, "upstream_ignored"),
    _broken("ste_round", F32, "round", ste_round, "upstream_ignored", {"expect": _identity}),
    _broken("log_sinh", F64, "log_sinh", log_sinh, "wrong_sign", points=(0.2, 0.5, 1.0, 2.0, 5.0)),
    _broken("sqrt", F32, "sqrt", sqrt_finite, "constant_factor", wide=False),
    _broken("rbf_kernel_k(x,x)", F64, "rbf", rbf_kernel, "constant_factor"),
    _broken("gradient_reversal_lambda_0.5", F32, "grl", gradient_reversal, "constant_factor",
            {"expect": lambda x: -0.5 * x}),
    _broken("bilinear_dW", F32, "bilinear", bilinear, "transposed"),
    _broken("layer_norm_dgamma", F32, "ln", layer_norm, "not_summed"),
    _broken("attention_dk", F32, "attn", attention, "wrong_shape"),
    _broken("attention_dv", F64, "attn", attention, "none"),
    _broken("silu_float64_gradient", F32, "silu", silu, "wrong_dtype"),
    _broken("gelu_float32_compute", F64, "gelu", gelu_float32_compute, "wrong_dtype"),
    _broken("dense_tanh_dW", F32, "dense", dense_tanh, "variable_gradient"),
    _broken("keras_prelu_dalpha", F64, "prelu", keras_prelu, "variable_gradient"),
    _broken("clip_logit_scale", F32, "clip", clip_logits, "variable_gradient"),
    _broken("normalize_two_outputs", F32, "normalize", normalize, "cross_term"),
    _broken("softplus_numpy_grad", F32, "numpy", softplus_detached, "second_order_none", {"order": 2},
            how="numpy"),
    _broken("softplus_stop_gradient_grad", F64, "stopgrad", softplus_detached, "second_order_none",
            {"order": 2}, how="stop_gradient"),
    Case("softplus_naive_nested:second_order_wrong/float32", _SRC["naive"], _p(softplus_naive_nested, F32),
         "broken", {"order": 2}, "second_order_wrong"),
    _broken("softplus_fused_nested", F64, "fused", softplus_fused, "second_order_wrong", {"order": 2}),
    Case("dropout_gelu:random_forward/float32", _SRC["dropout"], _p(dropout_gelu, F32), "broken", {},
         "random_forward"),
    _broken("attention_dk_matmul", F32, "attn", attention, "grad_raised"),
    _broken("softplus_numpy_grad_in_tf.function", F32, "numpy", softplus_detached, "grad_raised",
            {"graph": True}, how="numpy"),
    _broken("log_sinh_cosh_over_sinh_at_100", F32, "log_sinh", log_sinh, "not_finite",
            points=(0.5, 2.0, 100.0)),
    _broken("bias_add_nhwc_no_bias_gradient", F32, "bias", bias_add_nhwc, "count"),
]

CASES: list[Case] = CORRECT + KINK + SURROGATE + BROKEN


def by_name(name: str) -> Case:
    for c in CASES:
        if c.name == name:
            return c
    raise KeyError(name)


# =========================================================================== independent verification
def _is_float_tensor(a) -> bool:
    return (tf.is_tensor(a) or isinstance(a, tf.Variable)) and a.dtype.is_floating


def _as_list(y) -> list:
    return list(y) if isinstance(y, (tuple, list)) else [y]


def _separate(args, dtype=None) -> list:
    """Fresh tensors per position (so f(x, x) gets partial derivatives), optionally cast."""
    out = []
    for a in args:
        if _is_float_tensor(a):
            a = tf.convert_to_tensor(a)
            out.append(tf.identity(tf.cast(a, dtype) if dtype is not None else a))
        else:
            out.append(a)
    return out


def _vjp(fn, args, variables, us, cast_variables=False):
    """(outputs, grads) of Σ⟨u, y⟩ for the float args and the variables, by GradientTape."""
    dtype = F64 if cast_variables else None
    args = _separate(args, dtype)
    idx = [i for i, a in enumerate(args) if _is_float_tensor(a)]
    if cast_variables:
        variables = [tf.cast(tf.convert_to_tensor(v), F64) for v in variables]
    with tf.GradientTape() as tape:
        for i in idx:
            tape.watch(args[i])
        for v in variables:
            tape.watch(v)
        ys = _as_list(fn(*args, *variables) if cast_variables else fn(*args))
    grads = tape.gradient(ys, [args[i] for i in idx] + list(variables),
                          output_gradients=[tf.cast(u, y.dtype) for u, y in zip(us, ys)])
    return ys, grads


def _custom_vjp(f, args, us):
    return _vjp(f, args, list(f.plain_variables), us)


def _reference_vjp(f, fn, args, us):
    """VJP of the plain-TF (or expect) forward, all in float64; None gradients read as zeros."""
    ys, grads = _vjp(fn, args, list(f.plain_variables) if fn is f.plain else [], us, cast_variables=True)
    sources = [a for a in args if _is_float_tensor(a)] + list(f.plain_variables if fn is f.plain else [])
    return ys, [tf.zeros(s.shape, F64) if g is None else g for g, s in zip(grads, sources)]


def _upstreams(f, args, seed=0):
    rng = np.random.default_rng(seed)
    ys = _as_list(f(*args))
    return [rng.standard_normal(tuple(y.shape)) for y in ys]


def _low_precision(f, args) -> bool:
    ys = _as_list(f(*args))
    return f.float32_inside or any(a.dtype == F32 for a in args if _is_float_tensor(a)) or any(y.dtype == F32 for y in ys)


def _close(g, t, low: bool) -> bool:
    g = np.asarray(g, np.float64)
    t = np.asarray(t, np.float64)
    if g.shape != t.shape or not np.all(np.isfinite(g)):
        return False
    rtol, atol = (2e-4, 2e-5) if low else (1e-9, 1e-11)
    return bool(np.all(np.abs(g - t) <= rtol * np.abs(t) + atol * max(1.0, float(np.max(np.abs(t), initial=0)))))


def _second_order(fn, args, cast=False, nonlinear=True, seed=7):
    """Hessian-vector products (one per float arg) of L = Σ w·sin(y) (or Σ w·y): d/dx ⟨∇L, v⟩."""
    rng = np.random.default_rng(seed)
    args = _separate(args, F64 if cast else None)
    idx = [i for i, a in enumerate(args) if _is_float_tensor(a)]
    xs = [args[i] for i in idx]
    vs = [tf.constant(rng.standard_normal(tuple(x.shape)), x.dtype) for x in xs]
    with tf.GradientTape() as outer:
        outer.watch(xs)
        with tf.GradientTape() as inner:
            inner.watch(xs)
            ys = _as_list(fn(*args))
            loss = 0
            for y in ys:
                w = tf.constant(rng.standard_normal(tuple(y.shape)), y.dtype)
                loss += tf.reduce_sum(w * (tf.sin(y) if nonlinear else y))
        gs = inner.gradient(loss, xs)
        if any(g is None for g in gs):
            return None
        s = tf.add_n([tf.reduce_sum(g * v) for g, v in zip(gs, vs)])
    return outer.gradient(s, xs)


def _raises(call) -> BaseException | None:
    try:
        call()
    except Exception as e:  # noqa: BLE001 - any exception is the answer
        return e
    return None


def _graph_vjp(f, args, us):
    """The custom VJP computed inside tf.function (Python scalars stay Python constants)."""
    positions = [i for i, a in enumerate(args) if _is_float_tensor(a)]

    @tf.function
    def run(*tensors):
        full = list(args)
        for i, t in zip(positions, tensors):
            full[i] = t
        return _vjp(f, full, list(f.plain_variables), us)[1]

    return run(*[args[i] for i in positions])


def _first_order_problem(f, args, reference, low, seed=0) -> str | None:
    us = _upstreams(f, args, seed)
    _, g = _custom_vjp(f, args, us)
    _, t = _reference_vjp(f, reference, args, us)
    for k, (gi, ti) in enumerate(zip(g, t)):
        if gi is None:
            if np.any(np.abs(ti.numpy()) > 0):
                return f"gradient {k} is None"
            continue
        if not _close(gi, ti, low):
            err = np.max(np.abs(np.asarray(gi, np.float64) - ti.numpy())) if gi.shape == ti.shape else "shape"
            return f"gradient {k} differs from the reference (max abs diff {err})"
    return None


def verify(case: Case) -> str | None:
    """None if the case is what it claims to be, else what is wrong with it."""
    f, args = case.make()
    low = _low_precision(f, args)
    opts = case.check_kwargs
    if case.kind in ("correct", "kink"):
        problem = _first_order_problem(f, args, f.plain, low)
        if problem:
            return problem
        if case.kind == "kink" and not _has_kink(f, args):
            return "no entry sits on a kink"
        if opts.get("order") == 2:
            for nonlinear in (False, True):
                h = _second_order(f, args, nonlinear=nonlinear)
                r = _second_order(f.plain, args, cast=True, nonlinear=nonlinear)
                if h is None or any(a is None for a in h) or not all(_close(a, b, low) for a, b in zip(h, r)):
                    return f"second order differs (nonlinear upstream={nonlinear})"
        if opts.get("graph"):
            us = _upstreams(f, args)
            gg, ge = _graph_vjp(f, args, us), _custom_vjp(f, args, us)[1]
            if not all(_close(a, b, low) for a, b in zip(gg, ge)):
                return "tf.function gradient differs from the eager one"
        return None
    if case.kind == "surrogate":
        return _verify_surrogate(f, args, opts["expect"], low)
    return _verify_broken(case, f, args, low)


def _has_kink(f, args, delta=1e-6) -> bool:
    """Some entry where the plain forward's left and right difference quotients differ."""
    a64 = _separate(args, F64)
    idx = [i for i, a in enumerate(a64) if _is_float_tensor(a)]
    base = [y.numpy() for y in _as_list(f.plain(*a64))]
    for i in idx:
        x = a64[i].numpy()
        for j in range(x.size):
            e = np.zeros(x.size)
            e[j] = delta
            e = e.reshape(x.shape)
            plus, minus = list(a64), list(a64)
            plus[i], minus[i] = tf.constant(x + e), tf.constant(x - e)
            right = [(y.numpy() - b) / delta for y, b in zip(_as_list(f.plain(*plus)), base)]
            left = [(b - y.numpy()) / delta for y, b in zip(_as_list(f.plain(*minus)), base)]
            if any(np.max(np.abs(r - l)) > 1e-3 for r, l in zip(right, left)):
                return True
    return False


def _verify_surrogate(f, args, expect, low) -> str | None:
    us = _upstreams(f, args)
    _, g = _custom_vjp(f, args, us)
    _, true = _reference_vjp(f, f.plain, args, us)
    if all(gi is not None and _close(gi, ti, low) for gi, ti in zip(g, true)):
        return "the backward equals the true derivative: not a surrogate"
    if callable(expect):
        _, e = _reference_vjp(f, expect, args, us)
        for gi, ei in zip(g, e):
            if gi is None or not _close(gi, ei, low):
                return "the backward is not the derivative of expect"
    return None


def _verify_broken(case: Case, f, args, low) -> str | None:
    m = case.mistake
    opts = case.check_kwargs
    us = _upstreams(f, args)
    reference = opts["expect"] if callable(opts.get("expect")) else f.plain

    if m == "random_forward":
        a, b = _as_list(f(*args)), _as_list(f(*args))
        return None if any(not np.array_equal(x.numpy(), y.numpy()) for x, y in zip(a, b)) else "forward repeats"
    if m in ("grad_raised", "count"):
        if opts.get("graph"):
            if _raises(lambda: _custom_vjp(f, args, us)):
                return "grad raises eagerly too"
            e = _raises(lambda: _graph_vjp(f, args, us))
        else:
            e = _raises(lambda: _custom_vjp(f, args, us))
        if e is None:
            return "the gradient does not raise"
        if m == "count" and "expected to return" not in str(e):
            return f"raised, but not for the count: {e}"
        return None
    if m in ("second_order_none", "second_order_wrong"):
        problem = _first_order_problem(f, args, reference, low)
        if problem:
            return f"first order should be right: {problem}"
        seen = []
        for nonlinear in (False, True):
            h = _second_order(f, args, nonlinear=nonlinear)
            r = _second_order(f.plain, args, cast=True, nonlinear=nonlinear)
            if h is None or any(a is None for a in h):
                seen.append("none")
            elif not all(_close(a, b, low) for a, b in zip(h, r)):
                seen.append("wrong")
            else:
                seen.append("right")
        want = "none" if m == "second_order_none" else "wrong"
        return None if want in seen else f"second order is {seen} (const / nonlinear upstream)"

    _, g = _custom_vjp(f, args, us)
    _, t = _reference_vjp(f, reference, args, us)
    float_args = [a for a in args if _is_float_tensor(a)]
    n_in = len(float_args)
    if m == "wrong_dtype":
        bad = [k for k, (gi, a) in enumerate(zip(g, float_args)) if gi is not None and gi.dtype != a.dtype]
        if not bad:
            return "gradient dtypes match their inputs"
        return None if all(_close(g[k], t[k], True) for k in bad) else "values wrong as well as the dtype"
    if m == "none":
        return None if any(gi is None and np.any(ti.numpy() != 0) for gi, ti in zip(g, t)) else "no None gradient"
    if m in ("not_summed", "wrong_shape"):
        bad = [k for k, (gi, ti) in enumerate(zip(g, t)) if gi is not None and tuple(gi.shape) != tuple(ti.shape)]
        if not bad:
            return "all gradient shapes are right"
        if m == "not_summed":
            k = bad[0]
            gk, want = g[k], tuple(t[k].shape)
            lead = len(gk.shape) - len(want)
            axes = list(range(lead)) + [lead + i for i, n in enumerate(want) if n == 1 and gk.shape[lead + i] != 1]
            summed = tf.reshape(tf.reduce_sum(gk, axis=axes), want)
            return None if _close(summed, t[k], low) else "summing the broadcast axis does not fix it"
        return None
    if m == "not_finite":
        return None if any(gi is not None and not np.all(np.isfinite(gi.numpy())) for gi in g) else "all finite"
    if m == "variable_gradient":
        inputs_ok = all(_close(gi, ti, low) for gi, ti in zip(g[:n_in], t[:n_in]))
        vars_ok = all(_close(gi, ti, low) for gi, ti in zip(g[n_in:], t[n_in:]))
        return None if inputs_ok and not vars_ok else f"inputs right: {inputs_ok}, variables right: {vars_ok}"
    if m == "cross_term":
        first_only = [us[0]] + [np.zeros_like(u) for u in us[1:]]
        g1 = _custom_vjp(f, args, first_only)[1]
        t1 = _reference_vjp(f, reference, args, first_only)[1]
        if not all(_close(a, b, low) for a, b in zip(g1, t1)):
            return "wrong even with the first output alone"
        return None if not all(_close(a, b, low) for a, b in zip(g, t)) else "right with both outputs"
    # value mistakes: the gradients have the right shapes and wrong values
    if any(gi is None or tuple(gi.shape) != tuple(ti.shape) for gi, ti in zip(g, t)):
        return "a gradient is None or misshapen"
    if all(_close(gi, ti, low) for gi, ti in zip(g, t)):
        return "the gradient is right"
    gn = [np.asarray(gi, np.float64) for gi in g]
    tn = [ti.numpy() for ti in t]
    if m == "upstream_ignored":
        g2 = _custom_vjp(f, args, [2.0 * u + 1.0 for u in us])[1]
        return None if all(np.allclose(a, np.asarray(b, np.float64)) for a, b in zip(gn, g2)) else \
            "the gradient changes with upstream"
    if m == "wrong_sign":
        return None if all(_close(-a, b, low) for a, b in zip(gn, tn)) else "not minus the right gradient"
    if m == "constant_factor":
        ratios = np.concatenate([(a / b)[np.abs(b) > 1e-6].ravel() for a, b in zip(gn, tn)])
        return None if np.allclose(ratios, ratios[0], rtol=1e-3) and abs(ratios[0] - 1) > 1e-2 else \
            "not a constant factor"
    if m == "transposed":
        return None if any(a.ndim == 2 and not _close(a, b, low) and _close(a.T, b, low) for a, b in zip(gn, tn)) \
            else "no gradient is the transpose of the right one"
    return f"no verification written for mistake {m!r}"


def main() -> int:
    failures = 0
    for case in CASES:
        assert case.kind in KINDS and (case.kind != "broken" or case.mistake in MISTAKES), case.name
        assert "mode" not in case.check_kwargs and "seed" not in case.check_kwargs, case.name
        try:
            problem = verify(case)
        except Exception as e:  # noqa: BLE001 - report and go on
            problem = f"verification raised {type(e).__name__}: {str(e).splitlines()[0][:150]}"
        failures += problem is not None
        print(f"{'ok  ' if problem is None else 'FAIL'} {case.kind:9s} {case.name:60s} {problem or ''}")
    names = [c.name for c in CASES]
    assert len(names) == len(set(names)), "case names must be unique"
    counts = {k: sum(c.kind == k for c in CASES) for k in KINDS}
    print(f"\n{len(CASES)} cases {counts}; {failures} failed verification")
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
