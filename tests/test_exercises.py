"""Every exercise accepts its solution and names each mistake it claims to recognise.

WRONG_ANSWERS lists, per exercise, one wrong answer for every mistake key the
exercise declares; a test fails when an exercise declares a mistake nobody
tested, so the list grows with the course.
"""

import pytest
import tensorflow as tf

from helpers import exercises
from helpers.exercises import Feedback, check, reveal

def cg(forward, grad):
    """A tf.custom_gradient function from a forward rule and grad(*inputs, upstream)."""
    @tf.custom_gradient
    def f(*xs):
        return forward(*xs), lambda u: grad(*xs, u)
    return f


sm = tf.nn.softmax
stable = lambda x: tf.math.softplus(x)
naive = lambda x: tf.math.log(1 + tf.exp(x))
xAx = lambda x, A: tf.tensordot(x, tf.linalg.matvec(A, x), axes=1)
exercises.keys()   # registers every exercise
from helpers.exercises.jacobians import A_5x3 as A53  # noqa: E402

WRONG_ANSWERS = {
    "00.warmup": {"forward_value": 9, "factor": 3, "missing_x": 2},
    "01.chain_derivative": {"upstream_ignored": 6, "outer_only": 162, "added": 186, "forward_value": 6561,
                            "factor": 4374},
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
        "wrong_shape": cg(lambda x: tf.linalg.matvec(A53, x), lambda x, u: tf.tensordot(u, x, axes=0)),
        "upstream_ignored": cg(lambda x: tf.linalg.matvec(A53, x),
                               lambda x, u: tf.linalg.matvec(A53, tf.ones(5), transpose_a=True)),
        "constant_factor": cg(lambda x: tf.linalg.matvec(A53, x),
                              lambda x, u: 2 * tf.linalg.matvec(A53, u, transpose_a=True))},
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
        "summed_over_batch": cg(tf.matmul, lambda A, B, U: (
            tf.reduce_sum(tf.matmul(U, B, transpose_b=True), 0), tf.reduce_sum(tf.matmul(A, U, transpose_a=True), 0))),
        "wrong_shape": cg(tf.matmul, lambda A, B, U: (
            tf.transpose(tf.matmul(U, B, transpose_b=True), (0, 2, 1)), tf.matmul(A, U, transpose_a=True))),
        "upstream_ignored": cg(tf.matmul, lambda A, B, U: (
            tf.matmul(tf.ones_like(U), B, transpose_b=True), tf.matmul(A, tf.ones_like(U), transpose_a=True)))},
    "04.bias_add": {
        "not_summed": cg(lambda x, b: x + b, lambda x, b, u: (u, u)),
        "upstream_ignored": cg(lambda x, b: x + b, lambda x, b, u: (tf.ones_like(x), tf.ones_like(b) * 4)),
        "wrong_shape": cg(lambda x, b: x + b, lambda x, b, u: (u, tf.reduce_sum(u, axis=1)))},
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
    for placeholder in (..., None, [...], stub):
        feedback = check(key, placeholder)
        if feedback.mistake != "not_attempted":
            # Number exercises cannot take a function: they say so instead.
            assert placeholder is stub and not feedback.passed
        else:
            assert "Not attempted yet" in str(feedback)


def test_unknown_wrong_answer_gets_general_feedback():
    feedback = check("01.chain_derivative", 12)
    assert not feedback.passed and feedback.mistake is None and "one link at a time" in feedback.message


def test_feedback_renders_as_html_and_text():
    feedback = check("00.warmup", 6)
    assert isinstance(feedback, Feedback) and bool(feedback)
    assert "✓ Correct" in feedback._repr_html_()


def test_unknown_key_lists_the_existing_ones():
    with pytest.raises(KeyError, match="01.chain_derivative"):
        check("01.nonexistent", 1)


def test_solutions_render_as_code():
    solution = reveal("01.local_sin")
    assert solution._repr_markdown_().startswith("**Solution to `01.local_sin`**")
    assert "tf.cos" in str(solution)
