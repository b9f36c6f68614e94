"""check_gradients catches every wrong custom gradient in the corpus and passes every right one."""

import numpy as np
import pytest
import tensorflow as tf

from gradient_corpus import CORRECT, WRONG
from helpers import GradientCheckError, check_gradients


def test_the_corpus_is_big_enough():
    assert len(WRONG) >= 25 and len(CORRECT) >= 10


@pytest.mark.parametrize("name,f,inputs,mistake", WRONG, ids=[w[0] for w in WRONG])
@pytest.mark.parametrize("seed", [0, 1, 2])
def test_wrong_gradient_is_caught_and_named_in_fast_mode(name, f, inputs, mistake, seed):
    report = check_gradients(f, *inputs(), seed=seed, raise_on_failure=False)
    assert not report.ok, report
    found = report.mistake or next(r.mistake for r in report.inputs if not r.ok)
    assert found == mistake, report


@pytest.mark.parametrize("name,f,inputs,mistake", WRONG, ids=[w[0] for w in WRONG])
def test_wrong_gradient_is_caught_in_full_mode(name, f, inputs, mistake):
    report = check_gradients(f, *inputs(), mode="full", raise_on_failure=False)
    assert not report.ok, report


@pytest.mark.parametrize("name,f,inputs", CORRECT, ids=[c[0] for c in CORRECT])
@pytest.mark.parametrize("seed", [0, 1, 2, 3, 4])
def test_correct_gradient_raises_no_false_alarm(name, f, inputs, seed):
    report = check_gradients(f, *inputs(), seed=seed)
    assert report.ok


@pytest.mark.parametrize("name,f,inputs", CORRECT, ids=[c[0] for c in CORRECT])
def test_correct_gradient_passes_full_mode_with_jacobians(name, f, inputs):
    xs = inputs()
    report = check_gradients(f, *xs, mode="full")
    for x, r in zip(xs, report.inputs):
        if r.differentiable and r.result == "ok":
            assert r.custom_jacobian.shape == r.numerical_jacobian.shape
            assert r.custom_jacobian.shape[1] == x.shape.num_elements()


def test_raises_an_assertion_error_that_carries_the_report():
    f, inputs = WRONG[0][1], WRONG[0][2]
    with pytest.raises(GradientCheckError) as info:
        check_gradients(f, *inputs())
    assert isinstance(info.value, AssertionError)
    assert "upstream ignored" in str(info.value) and not info.value.report.ok


def test_report_names_the_wrong_input_and_renders():
    x, A = tf.ones(3), tf.reshape(tf.range(15.0), (5, 3))
    from gradient_corpus import matvec
    report = check_gradients(matvec("A_transposed"), x, A, raise_on_failure=False)
    assert [r.ok for r in report.inputs] == [True, False]
    assert report["A"].result == "wrong shape" and report["x"].ok
    assert "A: grad returned shape (3, 5) for an input of shape (5, 3)" in str(report)
    assert "<table>" in report._repr_html_() and "GRADIENT PROBLEM" in report._repr_html_()


def test_inputs_may_be_numpy_arrays_and_variables():
    from gradient_corpus import matvec
    report = check_gradients(matvec(), np.ones(3, np.float32), tf.Variable(tf.ones((2, 3))))
    assert report.ok and [r.name for r in report.inputs] == ["x", "A"]


def test_float32_is_checked_against_float64_differences():
    from gradient_corpus import cube
    report = check_gradients(cube(), tf.constant([1.0, 2.0]))
    assert report.numerical_dtype == "float64" and report.rtol == 2e-3


def test_a_function_that_only_works_in_float32_still_gets_checked():
    @tf.custom_gradient
    def f32_only(x):
        w = tf.constant([1.0, 2.0, 3.0])           # float32: fails for float64 x
        return w * x, lambda u: u * w
    report = check_gradients(f32_only, tf.constant([1.0, 2.0, 3.0]))
    assert report.ok and report.numerical_dtype == "float32"


def test_tf_compute_gradient_misses_a_1_by_3_gradient_that_we_catch():
    from gradient_corpus import sine
    x = tf.constant([0.1, 0.2, 0.3])
    theoretical, numerical = tf.test.compute_gradient(sine("reshape"), [x])
    assert np.allclose(theoretical[0], numerical[0], atol=1e-2)       # TensorFlow: looks fine
    assert check_gradients(sine("reshape"), x, raise_on_failure=False).inputs[0].mistake == "reshape"


@pytest.mark.parametrize("call,error,match", [
    (lambda: check_gradients(3, tf.ones(2)), TypeError, "needs a function first"),
    (lambda: check_gradients(tf.sin), ValueError, "give the inputs"),
    (lambda: check_gradients(tf.sin, tf.ones(2), mode="slow"), ValueError, "'fast' or 'full'"),
    (lambda: check_gradients(tf.sin, "x"), TypeError, "must be a tf.Tensor"),
    (lambda: check_gradients(lambda n: n * 2, tf.constant([1, 2])), ValueError, "none of the inputs is floating"),
    (lambda: check_gradients(lambda x: (x, x), tf.ones(2)), TypeError, "must return one tensor"),
    (lambda: check_gradients(lambda x: tf.reshape(x, (3, 3)), tf.ones(2)), ValueError, "failed before any gradient"),
    (lambda: check_gradients(tf.sin, tf.ones(2000), mode="full"), ValueError, "use mode='fast'"),
])
def test_bad_calls_get_clear_errors(call, error, match):
    with pytest.raises(error, match=match):
        call()


def test_a_grad_that_raises_is_reported_with_its_cause():
    @tf.custom_gradient
    def unfinished(x):
        def grad(u):
            raise NotImplementedError("write the gradient")
        return x * 2, grad
    with pytest.raises(GradientCheckError, match="grad raised NotImplementedError") as info:
        check_gradients(unfinished, tf.ones(2))
    assert isinstance(info.value.__cause__, NotImplementedError)


def test_a_right_gradient_with_an_overflowing_forward_is_flagged():
    @tf.custom_gradient
    def log1pexp_docs(x):          # the API page's version: stable gradient, forward inf from x = 89
        e = tf.exp(x)
        return tf.math.log(1 + e), lambda upstream: upstream * (1 - 1 / (1 + e))

    report = check_gradients(log1pexp_docs, tf.constant([10.0, 89.0, 100.0]), raise_on_failure=False)
    assert all(r.ok for r in report.inputs)
    assert not report.ok and report.mistake == "forward_overflow"
    assert "softplus" in report.problem
    assert check_gradients(log1pexp_docs, tf.constant([10.0, 88.0]), raise_on_failure=False).ok


def test_a_forward_that_is_infinite_in_float64_too_asks_for_another_point():
    report = check_gradients(tf.math.log, tf.constant([0.0, 1.0]), raise_on_failure=False)
    assert report.mistake == "forward_not_finite"
