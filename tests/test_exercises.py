"""Every exercise accepts its solution and names each mistake it claims to recognise.

WRONG_ANSWERS lists, per exercise, one wrong answer for every mistake key the
exercise declares; a test fails when an exercise declares a mistake nobody
tested, so the list grows with the course.
"""

import numpy as np
import pytest
import scipy.special
import tensorflow as tf

from helpers import exercises, strict_custom_gradient
from helpers.exercises import Feedback, check, reveal

def cg(forward, grad):
    """A tf.custom_gradient function from a forward rule and grad(*inputs, upstream)."""
    @tf.custom_gradient
    def f(*xs):
        return forward(*xs), lambda u: grad(*xs, u)
    return f


def cached(grad):
    """grad(*inputs, upstream) computed once per upstream shape and then reused: a learner's cache."""
    kept = {}

    def reuse(*args):
        key = tuple(args[-1].shape)
        if key not in kept:
            kept[key] = grad(*args)
        return kept[key]
    return reuse


sm = tf.nn.softmax
stable = lambda x: tf.maximum(x, 0.0) + tf.math.log1p(tf.exp(-tf.abs(x)))
naive = lambda x: tf.math.log(1 + tf.exp(x))
xAx = lambda x, A: tf.tensordot(x, tf.linalg.matvec(A, x), axes=1)
exercises.keys()   # registers every exercise
from helpers.exercises.jacobians import A_5x3 as A53  # noqa: E402
from helpers.exercises.higher_order import fused_tanh, softplus_sum  # noqa: E402
from helpers.exercises.speed import iterate_fixed_point  # noqa: E402


def scale_by(grad, takes_variables=True, trainable=True):
    """A y = x·w² function reading a fresh tf.Variable w, with grad(x, upstream, w)."""
    w = tf.Variable(2.0, trainable=trainable)

    @tf.custom_gradient
    def scale(x):
        def with_variables(u, variables=None):
            return grad(x, u, w)
        return x * w ** 2, (with_variables if takes_variables else lambda u: grad(x, u, w))
    return scale


def numpy_erf(forward=None, grad=None, set_shape=True):
    """An erf custom gradient through tf.numpy_function, with one part changed."""
    @tf.custom_gradient
    def f(x):
        if forward is not None:
            y = forward(x)
        else:
            y = tf.numpy_function(scipy.special.erf, [x], x.dtype)
            if set_shape:
                y.set_shape(x.shape)
        def g(u):
            return grad(x, u) if grad is not None else u * 2 / np.sqrt(np.pi) * tf.exp(-x ** 2)
        return y, g
    return f


def tanh_with_second(second):
    """The nested pattern for tanh with a given inner grad(y, slope, ddy)."""
    @tf.custom_gradient
    def tanh_op(x):
        y, slope = fused_tanh(x)
        def grad(dy):
            @tf.custom_gradient
            def first(x):
                return slope, lambda ddy: second(y, slope, ddy)
            return dy * first(x)
        return y, grad
    return tanh_op


def hvp_outside_outer_tape(x, v):
    with tf.GradientTape() as inner:
        inner.watch(x)
        y = softplus_sum(x)
    g = inner.gradient(y, x)
    with tf.GradientTape() as outer:
        outer.watch(x)
    return outer.gradient(g, x, output_gradients=v)


def hvp_of(f, x, v):
    with tf.GradientTape() as outer:
        outer.watch(x)
        with tf.GradientTape() as inner:
            inner.watch(x)
            y = f(x)
        g = inner.gradient(y, x)
    return outer.gradient(g, x, output_gradients=v)


def hvp_diagonal(f, x, v):
    """The diagonal of H times v, entry by entry: right only when H is diagonal."""
    with tf.GradientTape() as outer:
        outer.watch(x)
        with tf.GradientTape() as inner:
            inner.watch(x)
            y = f(x)
        g = inner.gradient(y, x)
    return outer.gradient(g, x) * v if f is softplus_sum else tf.linalg.diag_part(outer.jacobian(g, x)) * v


def tanh_dy_inside(x):
    """The nested pattern with dy used inside the inner function: right only while dy does not depend on x."""
    @tf.custom_gradient
    def tanh_op(x):
        y, slope = fused_tanh(x)
        def grad(dy):
            @tf.custom_gradient
            def first(x):
                return dy * slope, lambda ddy: ddy * dy * -2 * y * slope
            return first(x)
        return y, grad
    return tanh_op(x)


def hvp_finite_differences(f, x, v, eps=1e-3):
    def gradient(x):
        with tf.GradientTape() as tape:
            tape.watch(x)
            y = f(x)
        return tape.gradient(y, x)
    return (gradient(x + eps * v) - gradient(x - eps * v)) / (2 * eps)


def hvp_forward_over_reverse(f, x, v):
    with tf.autodiff.ForwardAccumulator(x, v) as accumulator:
        with tf.GradientTape() as tape:
            tape.watch(x)
            y = f(x)
        g = tape.gradient(y, x)
    return accumulator.jvp(g)


def implicit_grad(grad):
    """The fixed point of 08.implicit_scalar with grad(z, w, upstream, D), D = 1 − tanh²(w z)."""
    @tf.custom_gradient
    def fixed_point(x, w):
        z = iterate_fixed_point(x, w)
        return z, lambda u: grad(z, w, u, 1 - tf.tanh(w * z) ** 2)
    return fixed_point


@tf.custom_gradient
def fixed_point_slope_at_x(x, w):
    """08.implicit_scalar with tanh's slope taken at w x instead of w z."""
    z = iterate_fixed_point(x, w)

    def grad(u):
        D = 1 - tf.tanh(w * x) ** 2
        return u / (1 - w * D), tf.reduce_sum(u * D * z / (1 - w * D))
    return z, grad


lin = lambda x, W, b: x @ W + b

WRONG_ANSWERS = {
    "00.warmup": {"forward_value": 9, "factor": 3, "missing_x": 2, "wrong_sign": -6},
    "01.chain_derivative": {"wrong_sign": -17496, "upstream_ignored": 6, "outer_only": 162, "added": 186, "forward_value": 6561,
                            "factor": 4374, "same_local": 216, "exponents_added": 1458},
    "01.upstreams": {"reversed": [2916, 162, 1], "downstream": [162, 2916, 17496], "local": [162, 18, 6],
                     "upstream_ignored": [1, 1, 1]},
    "01.local_sin": {"wrong_sign": lambda x: -tf.cos(x), "forward_value": tf.sin,
                     "wrong_function": lambda x: -tf.sin(x),
                     "whole_chain": lambda x: 2 * tf.sin(x) * tf.cos(x)},
    "02.x_sin_x": {
        "upstream_ignored": cg(lambda x: x * tf.sin(x), lambda x, u: tf.sin(x) + x * tf.cos(x)),
        "product_rule": cg(lambda x: x * tf.sin(x), lambda x, u: u * x * tf.cos(x)),
        "wrong_sign": cg(lambda x: x * tf.sin(x), lambda x, u: -u * (tf.sin(x) + x * tf.cos(x)))},
    "02.stable_log1pexp": {
        "forward_overflow": cg(naive, lambda x, u: u * tf.sigmoid(x)),
        "nan_gradient": cg(stable, lambda x, u: u * tf.exp(x) / (1 + tf.exp(x))),
        "upstream_ignored": cg(stable, lambda x, u: tf.sigmoid(x)),
        "wrong_values": cg(stable, lambda x, u: 0.5 * u)},
    "02.multiply": {
        "swapped": cg(lambda x, y: x * y, lambda x, y, u: (u * x, u * y)),
        "count": cg(lambda x, y: x * y, lambda x, y, u: u * y),
        "upstream_ignored": cg(lambda x, y: x * y, lambda x, y, u: (y, x))},
    "03.softmax_vjp": {
        "diagonal_only": cg(sm, lambda z, u: u * sm(z) * (1 - sm(z))),
        "missing_s": cg(sm, lambda z, u: u - tf.reduce_sum(u * sm(z))),
        "zeros": cg(sm, lambda z, u: sm(z) * (1 - tf.reduce_sum(sm(z)))),
        "wrong_sign": cg(sm, lambda z, u: -sm(z) * (u - tf.reduce_sum(u * sm(z))))},
    "03.matvec": {
        "wrong_shape": lambda A: cg(lambda x: tf.linalg.matvec(A, x), lambda x, u: tf.tensordot(u, x, axes=0)),
        "upstream_ignored": lambda A: cg(lambda x: tf.linalg.matvec(A, x),
                                         lambda x, u: tf.linalg.matvec(A, tf.ones_like(u), transpose_a=True)),
        "constant_factor": lambda A: cg(lambda x: tf.linalg.matvec(A, x),
                                        lambda x, u: 2 * tf.linalg.matvec(A, u, transpose_a=True)),
        "hard_coded_A": lambda A: cg(lambda x: tf.linalg.matvec(A, x),
                                     lambda x, u: tf.linalg.matvec(A53, u, transpose_a=True)),
        "not_a_factory": cg(lambda x: tf.linalg.matvec(A53, x), lambda x, u: tf.linalg.matvec(A53, u, transpose_a=True))},
    "03.phi_grad": {
        "cdf_not_pdf": cg(lambda x: 0.5 * (1 + tf.math.erf(x / 2 ** 0.5)),
                          lambda x, u: u * 0.5 * (1 + tf.math.erf(x / 2 ** 0.5))),
        "upstream_ignored": cg(lambda x: 0.5 * (1 + tf.math.erf(x / 2 ** 0.5)),
                               lambda x, u: tf.exp(-x * x / 2) / (2 * 3.141592653589793) ** 0.5),
        "wrong_sign": cg(lambda x: 0.5 * (1 + tf.math.erf(x / 2 ** 0.5)),
                         lambda x, u: -u * tf.exp(-x * x / 2) / (2 * 3.141592653589793) ** 0.5)},
    "04.quadratic_form": {
        "symmetric_formula": cg(xAx, lambda x, A, u: (u * 2 * tf.linalg.matvec(A, x), u * tf.tensordot(x, x, 0))),
        "upstream_ignored": cg(xAx, lambda x, A, u: (tf.linalg.matvec(A + tf.transpose(A), x),
                                                     tf.tensordot(x, x, 0))),
        "count": cg(xAx, lambda x, A, u: u * tf.linalg.matvec(A + tf.transpose(A), x)),
        "constant_factor": cg(xAx, lambda x, A, u: (2 * u * tf.linalg.matvec(A + tf.transpose(A), x),
                                                    2 * u * tf.tensordot(x, x, 0)))},
    "04.batched_matmul": {
        "mean_not_sum": cg(tf.matmul, lambda A, B, U: (
            tf.matmul(U, B, transpose_b=True), tf.reduce_mean(tf.matmul(A, U, transpose_a=True), 0))),
        "one_entry": cg(tf.matmul, lambda A, B, U: (tf.matmul(U, B, transpose_b=True), tf.matmul(A[0], U[0], transpose_a=True))),
        "not_summed": cg(tf.matmul, lambda A, B, U: (
            tf.matmul(U, B, transpose_b=True), tf.matmul(A, U, transpose_a=True))),
        "upstream_ignored": cg(tf.matmul, lambda A, B, U: (
            tf.matmul(tf.ones_like(U), B, transpose_b=True),
            tf.reduce_sum(tf.matmul(A, tf.ones_like(U), transpose_a=True), 0)))},
    "04.bias_add": {
        "not_summed": cg(lambda x, b: x + b, lambda x, b, u: (u, u)),
        "upstream_ignored": cg(lambda x, b: x + b, lambda x, b, u: (tf.ones_like(x), tf.ones_like(b) * 4)),
        "wrong_shape": cg(lambda x, b: x + b, lambda x, b, u: (u, tf.reduce_sum(u, axis=1)))},
    "05.sign_ste": {
        "no_saturation": cg(tf.sign, lambda x, u: u),
        "mask_inverted": cg(tf.sign, lambda x, u: u * tf.cast(tf.abs(x) > 1, u.dtype)),
        "upstream_ignored": cg(tf.sign, lambda x, u: tf.cast(tf.abs(x) <= 1, u.dtype)),
        "surrogate_forward": cg(lambda x: tf.clip_by_value(x, -1, 1), lambda x, u: u),
        "wrong_shape": cg(tf.sign, lambda x, u: tf.reduce_sum(u, axis=0)),
        "none": lambda x: tf.stop_gradient(tf.sign(x)),
        "plain_sign": tf.sign,
        "not_in_function": cg(tf.sign, lambda x, u: u * tf.cast(tf.abs(x) <= 1, u.dtype) if tf.executing_eagerly()
                              else u)},
    "05.clip_gradient": {
        "clipped_x": cg(tf.identity, lambda x, u: tf.clip_by_value(x, -1, 1)),
        "clipped_forward": cg(lambda x: tf.clip_by_value(x, -1, 1), lambda x, u: u),
        "not_clipped": cg(tf.identity, lambda x, u: u),
        "upstream_ignored": cg(tf.identity, lambda x, u: tf.ones_like(u)),
        "wrong_values": cg(tf.identity, lambda x, u: tf.clip_by_value(u, -2, 2))},
    "06.scale_by_variable": {
        "variables_missing": scale_by(lambda x, u, w: u * w ** 2, takes_variables=False),
        "not_summed": scale_by(lambda x, u, w: (u * w ** 2, [u * x * 2 * w])),
        "swapped": scale_by(lambda x, u, w: (u * x * 2 * w, [tf.reduce_sum(u * w ** 2)])),
        "upstream_ignored": scale_by(lambda x, u, w: (w ** 2 * tf.ones_like(x), [tf.reduce_sum(x * 2 * w)])),
        "none": scale_by(lambda x, u, w: (u * w ** 2, [None])),
        "wrong_values": scale_by(lambda x, u, w: (u * w ** 2, [tf.reduce_sum(u * x * 2 * w) + 1]))},
    "06.numpy_erf": {
        "numpy_in_graph": numpy_erf(forward=lambda x: tf.constant(scipy.special.erf(x.numpy()))),
        "no_shape": numpy_erf(set_shape=False),
        "upstream_ignored": numpy_erf(grad=lambda x, u: 2 / np.sqrt(np.pi) * tf.exp(-x ** 2)),
        "none": lambda x: tf.stop_gradient(tf.math.erf(x)),
        "wrong_values": numpy_erf(grad=lambda x, u: u * 2 / np.sqrt(np.pi) * tf.exp(-tf.abs(x)))},
    "07.fused_second_derivative": {
        "second_none": cg(lambda x: fused_tanh(x)[0], lambda x, u: u * fused_tanh(x)[1]),
        "upstream_ignored": cg(lambda x: tf.tanh(x), lambda x, u: 1 - tf.tanh(x) ** 2),
        "not_differentiated": tanh_with_second(lambda y, slope, ddy: ddy * slope),
        "wrong_second": tanh_with_second(lambda y, slope, ddy: ddy * 3 * y),
        "wrong_sign": tanh_with_second(lambda y, slope, ddy: ddy * 2 * y * slope),
        "chain_rule": tanh_with_second(lambda y, slope, ddy: ddy * -2 * y)},
    "07.hvp": {
        "full_hessian": lambda f, x, v: tf.linalg.diag(tf.sigmoid(x) * (1 - tf.sigmoid(x))),
        "gradient_only": lambda f, x, v: tf.sigmoid(x),
        "v_ignored": lambda f, x, v: tf.sigmoid(x) * (1 - tf.sigmoid(x)),
        "none": lambda f, x, v: hvp_outside_outer_tape(x, v),
        "wrong_shape": lambda f, x, v: tf.reshape(hvp_of(f, x, v), (-1, 1)),
        "directional_only": lambda f, x, v: tf.reduce_sum(tf.sigmoid(x) * v),
        "diagonal_only": lambda f, x, v: hvp_diagonal(f, x, v),
        "only_softplus": lambda f, x, v: hvp_of(softplus_sum, x, v),
        "wrong_kind": lambda f, x, v: (hvp_of(f, x, v), v),
        "swapped": lambda f, x, v: hvp_of(f, v, x)},
    "08.implicit_scalar": {
        "last_step_only": implicit_grad(lambda z, w, u, D: (u, tf.reduce_sum(u * D * z))),
        "plus_sign": implicit_grad(lambda z, w, u, D: (u / (1 + w * D), tf.reduce_sum(u * D * z / (1 + w * D)))),
        "upstream_ignored": implicit_grad(lambda z, w, u, D: (1 / (1 - w * D) + 0 * u, tf.reduce_sum(D * z / (1 - w * D)))),
        "not_summed": implicit_grad(lambda z, w, u, D: (u / (1 - w * D), u * D * z / (1 - w * D)))},
    "08.block_size": {"wrong_sign": -6, "one_block": 36, "every_layer": 1, "minimum_value": 12, "half": 18},
    "09.spot_the_mistake": {
        "wrong_choice": ["keyword_call", "wrong_shape", "float32_false_alarm", "wrong_shape", "none_gradient"],
        "unknown_name": ["keyword", "upstream_ignored", "float32_false_alarm", "wrong_shape", "none_gradient"],
        "wrong_length": ["keyword_call", "upstream_ignored"],
        "not_a_list": "keyword_call"},
    "09.fix_linear": {
        "transposed": cg(lin, lambda x, W, b, u: (u @ tf.transpose(W), tf.transpose(u) @ x, tf.reduce_sum(u, 0))),
        "not_summed": cg(lin, lambda x, W, b, u: (u @ tf.transpose(W), tf.transpose(x) @ u, u)),
        "upstream_ignored": cg(lin, lambda x, W, b, u: (tf.ones_like(x), tf.ones_like(W), tf.ones_like(b))),
        "one_example": cg(lin, lambda x, W, b, u: (u @ tf.transpose(W), tf.transpose(x) @ u, u[0])),
        "reshaped": cg(lin, lambda x, W, b, u: (u @ tf.transpose(W), tf.reshape(tf.transpose(u) @ x, tf.shape(W)),
                                                tf.reduce_sum(u, 0)))},
}


def test_every_exercise_has_tests_for_each_mistake_it_claims():
    for key in exercises.keys():
        assert key in WRONG_ANSWERS, f"add wrong answers for {key}"
        assert set(WRONG_ANSWERS[key]) == set(exercises.get(key).mistakes), key


@pytest.mark.parametrize("key", exercises.keys())
def test_the_solution_passes(key):
    feedback = check(key, reveal(key).answer)
    assert feedback.passed, feedback
    assert str(feedback).startswith(f"✓ [{key}] Correct")


WRONG_ANSWERS["00.warmup"].update({"exponent_kept": 18, "approximate": 6.1})    # a finite difference
WRONG_ANSWERS["01.chain_derivative"].update({"exponent_kept": 8 * 3 ** 8, "two_links": 18 * 162, "worked_example": 1024,
                                             "xor": 8 * 3 ^ 7, "approximate": 17500})
WRONG_ANSWERS["01.upstreams"].update({"forward": [9, 81, 6561], "forward_mode": [1, 6, 108],
                                      "not_accumulated": [1, 162, 18],
                                      "worked_example": [1, 32, 256]})
WRONG_ANSWERS["01.local_sin"].update({"constant": lambda x: tf.cos(tf.constant(0.5, tf.float64)) + 0 * x,
                                      "numpy": lambda x: np.cos(x.numpy()),
                                      "approximate": lambda x: 1 - x ** 2 / 2,   # Taylor, right near 0 only
                                      "sign_lost": lambda x: tf.sqrt(1 - tf.sin(x) ** 2)})
WRONG_ANSWERS["02.multiply"]["forward_value"] = cg(lambda x, y: x * y, lambda x, y, u: (u * x * y, u * x * y))
WRONG_ANSWERS["02.multiply"]["upstream_only"] = cg(lambda x, y: x * y, lambda x, y, u: (u, u))
WRONG_ANSWERS["04.batched_matmul"]["inverse"] = cg(tf.matmul, lambda A, B, U: (
    tf.matmul(U, tf.linalg.pinv(B)), tf.reduce_sum(tf.matmul(A, U, transpose_a=True), 0)))
WRONG_ANSWERS["02.multiply"]["divided"] = cg(lambda x, y: x * y, lambda x, y, u: (u / y, u / x))
WRONG_ANSWERS["01.chain_derivative"]["at_outputs"] = (2 * 9) * (2 * 81) * (2 * 6561)
WRONG_ANSWERS["01.upstreams"]["upstream_twice"] = [1, 162, 162 * 18 * 162]
WRONG_ANSWERS["02.stable_log1pexp"]["rebound_input"] = cg(                      # x = y before grad reads x
    tf.math.softplus, lambda x, u: u * tf.sigmoid(tf.math.softplus(x)))


@tf.custom_gradient
def fixed_point_slope_not_squared(x, w):
    """08.implicit_scalar with tanh's slope written 1 − tanh(w z), the square missing."""
    z = iterate_fixed_point(x, w)

    def grad(u):
        D = 1 - tf.tanh(w * z)
        through = u / (1 - w * D)
        return through, tf.reduce_sum(through * D * z)
    return z, grad


WRONG_ANSWERS["08.implicit_scalar"]["slope_not_squared"] = fixed_point_slope_not_squared
WRONG_ANSWERS["02.stable_log1pexp"].update({
    "no_custom_gradient": stable,
    "wrong_sign": cg(stable, lambda x, u: u * tf.sigmoid(-x)),
    "uses_softplus": cg(tf.math.softplus, lambda x, u: u * tf.sigmoid(x)),
    "forward_cancellation": cg(lambda x: tf.maximum(x, 0.0) + tf.math.log(1 + tf.exp(-tf.abs(x))),
                               lambda x, u: u * tf.sigmoid(x))})
WRONG_ANSWERS["02.x_sin_x"].update({
    "forward_value": cg(lambda x: x * tf.sin(x), lambda x, u: u * x * tf.sin(x)),
    "no_custom_gradient": lambda x: x * tf.sin(x),
    "not_decorated": lambda x: (x * tf.sin(x), lambda u: u * (tf.sin(x) + x * tf.cos(x)))})
WRONG_ANSWERS["03.phi_grad"].update({
    "constant_factor": cg(lambda x: 0.5 * (1 + tf.math.erf(x / 2 ** 0.5)),
                          lambda x, u: 3 * u * tf.exp(-x * x / 2) / (2 * np.pi) ** 0.5),
    "inner_derivative": cg(lambda x: 0.5 * (1 + tf.math.erf(x / 2 ** 0.5)),
                           lambda x, u: u * tf.exp(-x * x) / np.pi ** 0.5),
    "missing_normalisation": cg(lambda x: 0.5 * (1 + tf.math.erf(x / 2 ** 0.5)), lambda x, u: u * tf.exp(-x * x / 2))})
WRONG_ANSWERS["03.softmax_vjp"].update({
    "batch_sum": cg(sm, lambda z, u: sm(z) * (u - tf.reduce_sum(u * sm(z)))),
    "forms_jacobian": cg(sm, lambda z, u: tf.linalg.matvec(tf.linalg.diag(sm(z)) - sm(z)[..., :, None] * sm(z)[..., None, :],
                                                            u, transpose_a=True)),
    "unweighted_sum": cg(sm, lambda z, u: sm(z) * (u - tf.reduce_sum(u, axis=-1, keepdims=True))),
    "mean_not_sum": cg(sm, lambda z, u: sm(z) * (u - tf.reduce_mean(u * sm(z), axis=-1, keepdims=True)))})
WRONG_ANSWERS["04.batched_matmul"]["order"] = cg(tf.matmul, lambda A, B, U: (
    tf.reduce_sum(tf.matmul(A, U, transpose_a=True), 0), tf.matmul(U, B, transpose_b=True)))
WRONG_ANSWERS["04.bias_add"]["mean_not_sum"] = cg(lambda x, b: x + b, lambda x, b, u: (u, tf.reduce_mean(u, axis=0)))
WRONG_ANSWERS["04.quadratic_form"].update({
    "one_term": cg(xAx, lambda x, A, u: (u * tf.linalg.matvec(A, x), u * tf.tensordot(x, x, 0))),
    "order": cg(xAx, lambda x, A, u: (u * tf.tensordot(x, x, 0), u * tf.linalg.matvec(A + tf.transpose(A), x)))})
WRONG_ANSWERS["05.clip_gradient"].update({
    "stale_upstream": cg(tf.identity, cached(lambda x, u: tf.clip_by_value(u, -1, 1))),
    "norm_clipped": cg(tf.identity, lambda x, u: tf.clip_by_norm(u, 1.0)),
    "sign_only": cg(tf.identity, lambda x, u: tf.sign(u)),
    "soft_clip": cg(tf.identity, lambda x, u: tf.tanh(u)),
    "wrong_bounds": cg(tf.identity, lambda x, u: tf.clip_by_value(u, 0, 1))})
WRONG_ANSWERS["05.sign_ste"].update({
    "stale_upstream": cg(tf.sign, cached(lambda x, u: u * tf.cast(tf.abs(x) <= 1, u.dtype))),
    "edges_excluded": cg(tf.sign, lambda x, u: u * tf.cast(tf.abs(x) < 1, u.dtype)),
    "smooth_surrogate": cg(tf.sign, lambda x, u: u * (1 - tf.tanh(x) ** 2))})
WRONG_ANSWERS["06.numpy_erf"].update({
    "no_numpy_function": cg(tf.math.erf, lambda x, u: u * 2 / np.sqrt(np.pi) * tf.exp(-x ** 2)),
    "wrong_dtype": numpy_erf(forward=lambda x: tf.ensure_shape(
        tf.numpy_function(lambda a: scipy.special.erf(a).astype(np.float64), [x], tf.float64), x.shape))})
WRONG_ANSWERS["06.scale_by_variable"].update({
    "x_factor": scale_by(lambda x, u, w: (u * w, [tf.reduce_sum(u * x * 2 * w)])),
    "variable_changed": scale_by(lambda x, u, w: (u * w ** 2, [tf.reduce_sum(u * x * 2 * w)]) if w.assign_sub(0.01)
                                 is not None else None),
    "not_trainable": scale_by(lambda x, u, w: (u * w ** 2, [tf.reduce_sum(u * x * 2 * w)]), trainable=False),
    "hard_coded": scale_by(lambda x, u, w: (u * 4.0, [tf.reduce_sum(u * x * 2 * w)])),
    "mean_not_sum": scale_by(lambda x, u, w: (u * w ** 2, [tf.reduce_mean(u * x * 2 * w)])),
    "no_variable": cg(lambda x: 2.0 * x, lambda x, u: u * 2.0)})
WRONG_ANSWERS["07.fused_second_derivative"]["wrong_first"] = cg(lambda x: fused_tanh(x)[0],
                                                                lambda x, u: 2 * u * fused_tanh(x)[1])
WRONG_ANSWERS["07.fused_second_derivative"].update({
    "dy_inside": tanh_dy_inside,
    "constant_factor": tanh_with_second(lambda y, slope, ddy: ddy * -y * slope),
    "not_fused": cg(tf.tanh, lambda x, u: u * (1 - tf.tanh(x) ** 2))})
WRONG_ANSWERS["07.hvp"].update({
    "approximate": hvp_finite_differences,
    "forward_over_reverse": hvp_forward_over_reverse,
    "wrong_dtype": lambda f, x, v: tf.cast(hvp_of(f, x, v), tf.float32),
    "scaled": lambda f, x, v: hvp_of(f, x, v) / 3.0})
WRONG_ANSWERS["08.implicit_scalar"]["mean_not_sum"] = implicit_grad(
    lambda z, w, u, D: (u / (1 - w * D), tf.reduce_mean(u * D * z / (1 - w * D))))
WRONG_ANSWERS["06.scale_by_variable"]["constant_factor"] = scale_by(
    lambda x, u, w: (u * w ** 2, [tf.reduce_sum(u * x * w)]))
WRONG_ANSWERS["05.sign_ste"]["whole_tensor"] = cg(
    tf.sign, lambda x, u: u if bool(tf.reduce_all(tf.abs(x) <= 1)) else tf.zeros_like(u))
WRONG_ANSWERS["08.block_size"].update({"near": 4, "approximate": 6.2})
WRONG_ANSWERS["08.implicit_scalar"].update({
    "hard_coded_w": implicit_grad(lambda z, w, u, D: (u / (1 - 0.6 * D), tf.reduce_sum(u * D * z / (1 - 0.6 * D)))),
    "truncated": implicit_grad(lambda z, w, u, D: (u * (1 + w * D), tf.reduce_sum(u * D * z * (1 + w * D)))),
    "slope_of_z": implicit_grad(lambda z, w, u, D: (u / (1 - w * (1 - z ** 2)),
                                                    tf.reduce_sum(u * (1 - z ** 2) * z / (1 - w * (1 - z ** 2))))),
    "slope_at_x": fixed_point_slope_at_x})
WRONG_ANSWERS["06.scale_by_variable"]["rebound_input"] = scale_by(                   # x = x * w**2 in the forward
    lambda x, u, w: (u * w ** 2, [tf.reduce_sum(u * x * w ** 2) * 2 * w]))
WRONG_ANSWERS["06.numpy_erf"]["fixed_shape"] = numpy_erf(forward=lambda x: tf.ensure_shape(
    tf.numpy_function(scipy.special.erf, [x], x.dtype), (5,)))
WRONG_ANSWERS["06.scale_by_variable"]["chain_rule"] = scale_by(lambda x, u, w: (u * w ** 2, [tf.reduce_sum(u * x)]))
WRONG_ANSWERS["02.stable_log1pexp"]["cancellation"] = cg(stable, lambda x, u: u * (1 - 1 / (1 + tf.exp(x))))
WRONG_ANSWERS["09.fix_linear"].update({
    "mean_not_sum": cg(lin, lambda x, W, b, u: (u @ tf.transpose(W), tf.transpose(x) @ u, tf.reduce_mean(u, 0))),
    "shadowed_input": cg(lin, lambda x, W, b, u: (u @ tf.transpose(W), tf.transpose(u @ tf.transpose(W)) @ u,
                                                  tf.reduce_sum(u, 0))),
    "no_custom_gradient": lin})



def local_sin_with_upstream(x, upstream=None):
    return upstream * tf.cos(x)


def hvp_v_given_to_the_first_gradient(f, x, v):
    with tf.GradientTape() as outer:
        outer.watch(x)
        with tf.GradientTape() as inner:
            inner.watch(x)
            y = f(x)
        g = inner.gradient(y, x, output_gradients=v)
    return outer.gradient(g, x)


def make_f_reading_a_global_matrix(matrix):
    return cg(lambda x: tf.linalg.matvec(matrix, x), lambda x, u: tf.linalg.matvec(A_GLOBAL, u, transpose_a=True))


A_GLOBAL = tf.constant(np.random.default_rng(7).standard_normal((5, 3)).astype(np.float32))
raw_softmax = lambda z: tf.exp(z) / tf.reduce_sum(tf.exp(z), axis=-1, keepdims=True)   # noqa: E731
WRONG_ANSWERS["00.warmup"]["other_function"] = 27
WRONG_ANSWERS["01.local_sin"].update({"takes_upstream": local_sin_with_upstream,
                                      "pair_returned": lambda x: (tf.sin(x), lambda u: u * tf.cos(x))})
WRONG_ANSWERS["01.local_sin"]["approximate"] = lambda x: 1 - x ** 2 / 2                 # kept: near 0 only
WRONG_ANSWERS["02.stable_log1pexp"]["negative_side"] = cg(lambda x: tf.abs(x) + tf.math.log1p(tf.exp(-tf.abs(x))),
                                                          lambda x, u: u * tf.sigmoid(x))
WRONG_ANSWERS["02.stable_log1pexp"]["not_elementwise"] = cg(                     # one formula for every entry
    lambda x: tf.cond(tf.reduce_any(x > 0), lambda: x + tf.math.log1p(tf.exp(-x)), lambda: tf.math.log1p(tf.exp(x))),
    lambda x, u: u * tf.sigmoid(x))
WRONG_ANSWERS["04.bias_add"]["product_gradients"] = cg(lambda x, b: x + b, lambda x, b, u: (  # pasted from multiply
    u * b, tf.reduce_sum(u * x, axis=list(range(len(u.shape) - 1)))))
WRONG_ANSWERS["02.multiply"]["divide_gradients"] = cg(lambda x, y: x * y, lambda x, y, u: (u / y, -u * x / y ** 2))
WRONG_ANSWERS["03.softmax_vjp"]["overflow"] = cg(sm, lambda z, u: raw_softmax(z) * (
    u - tf.reduce_sum(u * raw_softmax(z), axis=-1, keepdims=True)))
WRONG_ANSWERS["03.matvec"]["ignores_matrix"] = make_f_reading_a_global_matrix
WRONG_ANSWERS["04.quadratic_form"]["A_in_its_gradient"] = cg(xAx, lambda x, A, u: (
    u * tf.linalg.matvec(A + tf.transpose(A), x), u * tf.tensordot(x, tf.linalg.matvec(A, x), 0)))
WRONG_ANSWERS["05.sign_ste"]["mask_on_upstream"] = cg(tf.sign, lambda x, u: u * tf.cast(tf.abs(u) <= 1, u.dtype))
WRONG_ANSWERS["02.x_sin_x"]["approximation"] = cg(lambda x: x * tf.sin(x), lambda x, u: u * (      # h = 0.1
    (x + 0.1) * tf.sin(x + 0.1) - (x - 0.1) * tf.sin(x - 0.1)) / 0.2)
WRONG_ANSWERS["06.numpy_erf"]["approximation"] = numpy_erf(grad=lambda x, u: u * 1.128 * tf.exp(-x ** 2))
WRONG_ANSWERS["01.local_sin"]["integer"] = lambda x: tf.cast(tf.cos(x), tf.int32)
WRONG_ANSWERS["08.implicit_scalar"]["product_of_sums"] = implicit_grad(
    lambda z, w, u, D: (u / (1 - w * D), tf.reduce_sum(u * D / (1 - w * D)) * tf.reduce_sum(z)))
WRONG_ANSWERS["08.implicit_scalar"]["z_factor_missing"] = implicit_grad(
    lambda z, w, u, D: (u / (1 - w * D), tf.reduce_sum(u * D / (1 - w * D))))
WRONG_ANSWERS["09.fix_linear"]["activation_slope"] = cg(lin, lambda x, W, b, u: (
    (u * tf.sigmoid(x @ W + b)) @ tf.transpose(W), tf.transpose(x) @ (u * tf.sigmoid(x @ W + b)),
    tf.reduce_sum(u * tf.sigmoid(x @ W + b), 0)))
WRONG_ANSWERS["06.numpy_erf"]["constant_factor"] = numpy_erf(grad=lambda x, u: u / np.sqrt(np.pi) * tf.exp(-x ** 2))
WRONG_ANSWERS["02.x_sin_x"]["rebound_input"] = cg(lambda x: x * tf.sin(x),
                                                  lambda x, u: u * (tf.sin(x) + x * tf.sin(x) * tf.cos(x)))
WRONG_ANSWERS["05.sign_ste"]["one_edge"] = cg(tf.sign, lambda x, u: u * tf.cast(x <= 1, u.dtype))
WRONG_ANSWERS["06.numpy_erf"]["normal_density"] = numpy_erf(
    grad=lambda x, u: u * tf.exp(-x ** 2 / 2) / np.sqrt(2 * np.pi))
WRONG_ANSWERS["07.hvp"]["v_to_first"] = hvp_v_given_to_the_first_gradient
WRONG_ANSWERS["00.warmup"]["difference_quotient"] = ((3 + 1) ** 2 - 3 ** 2) / 1
WRONG_ANSWERS["01.local_sin"]["degrees"] = lambda x: tf.cos(x * 180 / np.pi)
WRONG_ANSWERS["03.softmax_vjp"]["log_softmax"] = cg(sm, lambda z, u: u - tf.nn.softmax(z) * tf.reduce_sum(
    u, axis=-1, keepdims=True))


@pytest.mark.parametrize("key", ["00.warmup", "01.upstreams", "02.x_sin_x"])
def test_none_is_an_attempt_and_the_feedback_says_where_none_comes_from(key):
    """No stub holds None: a None answer came from print(...), list.reverse() or an unwatched tape."""
    feedback = check(key, None)
    assert (feedback.passed, feedback.mistake) == (False, "none_answer")
    assert all(word in feedback.message for word in ("print", "list.reverse()", "watch"))


def test_a_gradient_override_map_is_named_as_what_a_tape_ignores():
    try:
        @tf.RegisterGradient("ClipToOneInTheTests")
        def _clip(op, upstream):
            return tf.clip_by_value(upstream, -1.0, 1.0)
    except KeyError:
        pass                                        # registered by an earlier run in this process

    def clip_gradient(x):
        with tf.compat.v1.get_default_graph().gradient_override_map({"Identity": "ClipToOneInTheTests"}):
            return tf.identity(x)

    feedback = check("05.clip_gradient", clip_gradient)
    assert (feedback.passed, feedback.mistake) == (False, "override_map")
    assert "ignores the override" in feedback.message and "@tf.custom_gradient" in feedback.message


def test_finite_difference_local_derivative_is_called_an_approximation():
    feedback = check("01.local_sin", lambda x: (tf.sin(x + 0.01) - tf.sin(x)) / 0.01)
    assert feedback.mistake == "approximate" and "finite difference" in feedback.message


def test_a_first_derivative_that_ignores_the_fused_slope_is_told_so():
    """Right values, and fused_tanh is called, but the slope is recomputed with tf.tanh: the tape sees it."""
    import helpers.exercises.higher_order as module

    @tf.custom_gradient
    def tanh_op(x):
        y, slope = fused_tanh(x)
        return y, lambda dy: dy * (1 - tf.tanh(x) ** 2)
    feedback = check("07.fused_second_derivative", tanh_op)
    assert feedback.mistake == "not_fused" and "changed that slope" in feedback.message
    assert module.fused_tanh is fused_tanh and globals()["fused_tanh"] is fused_tanh     # restored after the check


@pytest.mark.parametrize("key,mistake", [(k, m) for k, ms in WRONG_ANSWERS.items() for m in ms])
def test_each_recognised_mistake_gets_its_own_feedback(key, mistake):
    feedback = check(key, WRONG_ANSWERS[key][mistake])
    assert not feedback.passed
    assert feedback.mistake == mistake, feedback
    assert "Not yet" in str(feedback)


@pytest.mark.parametrize("key", exercises.keys())
def test_stubs_are_met_with_a_reminder(key):
    def stub(*args):
        raise NotImplementedError
    for placeholder in (..., [...], stub):        # None is an answer: see test_none_is_an_attempt...
        feedback = check(key, placeholder)
        if feedback.mistake != "not_attempted":
            # Number exercises cannot take a function: they say so instead.
            assert placeholder is stub and not feedback.passed
        else:
            assert "Not attempted yet" in str(feedback)


def test_unknown_wrong_answer_gets_feedback_about_that_exercise():
    feedback = check("01.chain_derivative", 12)
    assert not feedback.passed and feedback.mistake is None and "link by link" in feedback.message
    feedback = check("08.block_size", 3)
    assert feedback.mistake is None and "divides 36" in feedback.message


def test_check_never_raises_whatever_the_answer_does():
    def typo(x):
        return tf.cosine(x)
    for key, answer in [("02.x_sin_x", typo), ("01.local_sin", typo), ("07.hvp", lambda f, x, v: 1 / 0),
                        ("09.fix_linear", object()), ("00.warmup", "six"), ("01.upstreams", {1: 2})]:
        feedback = check(key, answer)
        assert not feedback.passed and feedback.message


def test_feedback_renders_as_html_and_text():
    feedback = check("00.warmup", 6)
    assert isinstance(feedback, Feedback) and bool(feedback)
    assert "✓ Correct" in feedback._repr_html_()


def test_unknown_key_lists_the_existing_ones():
    with pytest.raises(KeyError, match="01.chain_derivative"):
        check("01.nonexistent", 1)


@pytest.mark.parametrize("typed, meant", [("02.multipy", "02.multiply"), (" 02.multiply ", "02.multiply"),
                                          ("02.Multiply", "02.multiply"), ("multiply", "02.multiply"),
                                          ("2.multiply", "02.multiply"), ("07-hvp", "07.hvp"),
                                          ("03.softmax", "03.softmax_vjp"), ("05.clip", "05.clip_gradient")])
def test_a_mistyped_key_is_answered_with_the_key_it_means(typed, meant):
    with pytest.raises(KeyError, match=f"did you mean '{meant}'"):
        check(typed, 1)
    with pytest.raises(KeyError, match=f"did you mean '{meant}'"):
        reveal(typed)


@pytest.mark.parametrize("typed", ["01.nonexistent", "02.", "", "x_sin"])
def test_a_key_that_could_mean_several_guesses_none(typed):
    with pytest.raises(KeyError) as raised:
        check(typed, 1)
    assert "did you mean" not in str(raised.value) and "exercises here" in str(raised.value)


def test_solutions_render_as_code():
    solution = reveal("01.local_sin")
    assert solution._repr_markdown_().startswith("**Solution to `01.local_sin`**")
    assert "tf.cos" in str(solution)


def test_bias_summed_over_the_first_axis_only_is_caught_at_the_three_axis_point():
    first_axis_only = cg(lambda x, b: x + b, lambda x, b, u: (u, tf.reduce_sum(u, axis=0)))
    feedback = check("04.bias_add", first_axis_only)
    assert not feedback.passed and feedback.mistake == "not_summed", feedback
    assert "(batch, time)" in str(feedback) and "point 3 of 3" in str(feedback)


def test_numpy_erf_declared_stateless_is_accepted():
    """tf.numpy_function(..., stateful=False) builds a PyFuncStateless op: it still runs SciPy."""
    @tf.custom_gradient
    def numpy_erf(x):
        y = tf.numpy_function(lambda a: scipy.special.erf(a).astype(a.dtype), [x], x.dtype, stateful=False)
        y = tf.ensure_shape(y, x.shape)
        return y, lambda upstream: upstream * tf.exp(-x * x) * tf.cast(2 / np.sqrt(np.pi), x.dtype)
    feedback = check("06.numpy_erf", numpy_erf)
    assert feedback.passed, feedback.message


def test_a_rounded_constant_is_told_to_compute_it_exactly():
    """The checker's own advice for a near miss (pass a looser rtol) is not something a learner can do."""
    @tf.custom_gradient
    def phi(x):
        y = tf.numpy_function(lambda a: scipy.special.ndtr(a).astype(a.dtype), [x], x.dtype)
        y = tf.ensure_shape(y, x.shape)
        return y, lambda upstream: upstream * 0.3989 * tf.exp(-x ** 2 / 2)     # 1/√(2π), rounded
    feedback = check("03.phi_grad", phi)
    assert not feedback.passed
    assert "rounded" in feedback.message and "rtol" not in feedback.message, feedback.message


def test_a_gradient_with_an_empty_variable_list_is_told_no_variable_is_read():
    x_sin_x = cg(lambda x: x * tf.sin(x), lambda x, u: (u * (tf.sin(x) + x * tf.cos(x)), []))
    feedback = check("02.x_sin_x", x_sin_x)
    assert not feedback.passed
    assert "reads none" in feedback.message, feedback.message


def test_a_class_is_named_as_a_class_not_called():
    class XSinX:                        # PyTorch's autograd.Function shape
        @staticmethod
        def forward(ctx, x):
            return x * tf.sin(x)

        @staticmethod
        def backward(ctx, upstream):
            return upstream

    feedback = check("02.x_sin_x", XSinX)
    assert feedback.mistake == "class_given" and "XSinX" in feedback.message and "autograd.Function" in feedback.message


def test_a_factory_passed_for_its_function_is_named():
    def make_clip(limit=1.0):
        @tf.custom_gradient
        def clip(x):
            return tf.identity(x), lambda u: tf.clip_by_value(u, -limit, limit)
        return clip

    feedback = check("05.clip_gradient", make_clip)
    assert not feedback.passed and "factory" in feedback.message and "clip" in feedback.message


def test_enum_members_for_spot_the_mistake_are_named():
    import enum

    Mistake = enum.Enum("Mistake", {name.upper(): name for name in ("keyword_call", "upstream_ignored")})
    feedback = check("09.spot_the_mistake", [Mistake.KEYWORD_CALL] * 5)
    assert feedback.mistake == "enum_member" and "'keyword_call'" in feedback.message


def test_a_learners_own_fused_tanh_does_not_change_the_verdict():
    """A differentiable fused_tanh of the learner's own (written to see what it does) would let a first-order-only
    answer pass; the judge uses the course's, and leaves the learner's in place."""
    space = {"tf": tf}
    exec("def fused_tanh(x):\n    t = tf.tanh(x)\n    return t, 1 - t ** 2\n"
         "@tf.custom_gradient\n"
         "def tanh_op(x):\n    y, slope = fused_tanh(x)\n    return y, lambda dy: dy * slope\n", space)
    theirs = space["fused_tanh"]
    feedback = check("07.fused_second_derivative", space["tanh_op"])
    assert not feedback.passed and feedback.mistake == "second_none", feedback
    assert space["fused_tanh"] is theirs


def test_feedback_called_like_check_says_how_to_get_check_back():
    shadowed = check("00.warmup", 6)            # check = check("00.warmup", 6)
    with pytest.raises(TypeError, match="from helpers.exercises import check"):
        shadowed("01.chain_derivative", 17496)


@pytest.mark.parametrize("key, body", [("02.multiply", "pass"), ("04.quadratic_form", "...")])
def test_a_two_input_grad_left_empty_is_told_it_returns_nothing(key, body):
    names = {"02.multiply": ("multiply", "x * y"), "04.quadratic_form": ("quadratic_form", "tf.tensordot(x, "
                                                                          "tf.linalg.matvec(A, x), 1)")}
    name, forward = names[key]
    space = {"tf": tf, "strict_custom_gradient": strict_custom_gradient}
    args = "x, y" if key == "02.multiply" else "x, A"
    exec(f"@strict_custom_gradient\ndef {name}({args}):\n    def grad(upstream):\n        {body}\n"
         f"    return {forward}, grad\n", space)
    feedback = check(key, space[name])
    assert not feedback.passed and "return statement missing" in feedback.message, feedback


def test_an_empty_hvp_is_told_it_returns_nothing():
    def hvp(f, x, v):
        pass

    feedback = check("07.hvp", hvp)
    assert feedback.mistake == "returned_none" and "return" in feedback.message


def test_an_empty_custom_gradient_function_is_told_to_return_a_pair():
    @tf.custom_gradient
    def numpy_erf(x):
        pass

    feedback = check("06.numpy_erf", numpy_erf)
    assert not feedback.passed and "return y, grad" in feedback.message and "missing" in feedback.message, feedback


def test_float16_arithmetic_behind_wrong_values_is_named():
    feedback = check("01.local_sin", lambda x: tf.cast(tf.cos(tf.cast(x, tf.float16)), x.dtype))
    assert feedback.mistake == "low_precision" and "float16" in feedback.message, feedback


def test_a_forward_kept_from_an_earlier_call_is_named():
    solved = {}

    @strict_custom_gradient
    def fixed_point(x, w):
        if "z" not in solved:
            solved["z"] = iterate_fixed_point(x, w)
        z = solved["z"]

        def grad(upstream):
            s = 1 - tf.tanh(w * z) ** 2
            dx = upstream / (1 - w * s)
            return dx, tf.reduce_sum(dx * s * z)
        return z, grad

    feedback = check("08.implicit_scalar", fixed_point)
    assert feedback.mistake == "stale_forward" and "earlier call" in feedback.message, feedback


def test_a_clip_that_cancels_huge_upstreams_is_caught():
    @tf.custom_gradient
    def clip_gradient(x):
        return tf.identity(x), lambda u: u - tf.nn.relu(u - 1) + tf.nn.relu(-u - 1)

    feedback = check("05.clip_gradient", clip_gradient)
    assert feedback.mistake == "huge_upstream" and "cancellation" in feedback.message, feedback


@pytest.mark.parametrize("key, answer", [
    ("02.x_sin_x", cg(lambda x: x * tf.sin(x), lambda x, u: u * (x * tf.sin(x) / x + x * tf.cos(x)))),
    ("02.multiply", cg(lambda x, y: x * y, lambda x, y, u: (u * (x * y) / x, u * (x * y) / y)))])
def test_a_gradient_that_divides_by_an_input_is_caught_at_zero(key, answer):
    feedback = check(key, answer)
    assert not feedback.passed and "NaN" in feedback.message, feedback


def test_a_local_derivative_that_works_only_eagerly_is_told_so():
    feedback = check("01.local_sin", lambda x: tf.constant(np.cos(x.numpy()), dtype=x.dtype))
    assert not feedback.passed and "tf.function" in feedback.message, feedback


def test_a_class_that_makes_the_function_is_a_factory_not_a_pytorch_class():
    class make_f(tf.Module):                    # make_f(A) is f; calling the class is calling a factory
        def __init__(self, A):
            super().__init__()

            @strict_custom_gradient
            def f(x):
                return tf.linalg.matvec(A, x), lambda u: tf.linalg.matvec(A, u, transpose_a=True)
            self._f = f

        def __call__(self, x):
            return self._f(x)

    assert check("03.matvec", make_f).passed


def test_an_hvp_that_hides_a_none_behind_zeros_is_told_so():
    def hvp(f, x, v):
        with tf.GradientTape() as outer:                 # x not watched: the outer gradient is None
            with tf.GradientTape() as inner:
                inner.watch(x)
                y = f(x)
            g = inner.gradient(y, x)
            gv = tf.reduce_sum(g * v)
        h = outer.gradient(gv, x)
        return tf.zeros_like(x) if h is None else h

    feedback = check("07.hvp", hvp)
    assert feedback.mistake == "zeros" and "None" in feedback.message, feedback


def test_a_clipped_exercise_gradient_is_not_called_an_approximation():
    feedback = check("02.x_sin_x", cg(lambda x: x * tf.sin(x), lambda x, u: tf.clip_by_value(
        u * (tf.sin(x) + x * tf.cos(x)), -1.0, 1.0)))
    assert not feedback.passed and "clip" in feedback.message and "approximation" not in feedback.message, feedback


def test_a_float32_gradient_for_a_float64_input_is_caught():
    feedback = check("02.x_sin_x", cg(lambda x: x * tf.sin(x), lambda x, u: tf.cast(
        u * (tf.sin(x) + x * tf.cos(x)), tf.float32)))
    assert not feedback.passed and "float32" in feedback.message, feedback
