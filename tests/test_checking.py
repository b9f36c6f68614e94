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


def _float32_only_sin(factor=1.0):
    """sin with a custom gradient (``factor`` times the right one) that only works in float32, as tf.constant-
    built code does: the finite differences are then taken in float32 too."""
    @tf.custom_gradient
    def sin32(x):
        one = tf.constant(1.0)                      # float32: fails for float64 x
        return tf.sin(x) * one, lambda u: u * tf.cos(x) * factor * one
    return sin32


@pytest.mark.parametrize("x", [1000.0, 1e5])
def test_float32_differences_that_cannot_decide_say_so_instead_of_a_false_alarm(x):
    """At x = 1000 a float32 step relative to x spans much of sin's period; by 1e5 float32 cannot step finer."""
    verdicts = []
    for seed in range(5):
        report = check_gradients(_float32_only_sin(), tf.constant(x), seed=seed)    # no GradientCheckError
        assert report.ok or report.inconclusive, report
        verdicts.append(report.inconclusive)
    assert any(verdicts)
    text = str(report)
    assert "INCONCLUSIVE" in text and "GRADIENT PROBLEM" not in text and report["x"].result == "inconclusive"
    assert "float32 cannot decide at this input" in text and "check it in float64" in text and "smaller |x|" in text


@pytest.mark.parametrize("factor", [1.1, -1.0])
@pytest.mark.parametrize("x", [[0.3, -1.2, 2.0], [7.0], [1000.0]])
def test_a_wrong_float32_only_gradient_is_still_caught(x, factor):
    for seed in range(4):
        report = check_gradients(_float32_only_sin(factor), tf.constant(x), seed=seed, raise_on_failure=False)
        assert not report.ok and not report.inconclusive, report
        assert report.numerical_dtype == "float32"


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
    (lambda: check_gradients(tf.sin, "x"), TypeError, "is text, not numbers"),
    (lambda: check_gradients(tf.sin, object()), TypeError, "must be a tf.Tensor"),
    (lambda: check_gradients(tf.sin, tf.constant([1.0, float("nan")])), ValueError, "inf or NaN"),
    (lambda: check_gradients(tf.sin, tf.ones(2), expect="smooth"), ValueError, "expect must be"),
    (lambda: check_gradients(tf.sin, tf.ones(2), order=3), ValueError, "order must be"),
    (lambda: check_gradients(lambda n: n * 2, tf.constant([1, 2])), ValueError, "none of the inputs is floating"),
    (lambda: check_gradients(lambda x: 2.0, tf.ones(2)), GradientCheckError, "returned a Python float, not a tensor"),
    (lambda: check_gradients(lambda x: tf.reshape(x, (3, 3)), tf.ones(2)), GradientCheckError,
     "the forward pass raised: a reshape"),
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
    with pytest.raises(GradientCheckError, match="grad raised: your code still raises NotImplementedError") as info:
        check_gradients(unfinished, tf.ones(2))
    # The learner's own error is kept on the report, and not chained: a notebook would print its TensorFlow
    # traceback above the sentence that explains it.
    assert isinstance(info.value.report.error, NotImplementedError)
    assert info.value.__cause__ is None and info.value.__suppress_context__


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


# -- The whole contract, and what a false alarm used to be made of (issue: check_gradients that real code can trust)
def cg(forward, grad):
    """A tf.custom_gradient function from a forward rule and grad(*inputs, *upstreams)."""
    @tf.custom_gradient
    def f(*xs):
        return forward(*xs), lambda *u: grad(*xs, *u)
    return f


WIDE = np.array([1e-3, 0.02, 0.7, 3.0, 150.0])


@pytest.mark.parametrize("dtype", [np.float32, np.float64])
@pytest.mark.parametrize("name,f,x", [
    ("sqrt over 1e-3…150", cg(tf.sqrt, lambda x, u: u * 0.5 / tf.sqrt(x)), WIDE),
    ("log over 1e-3…150", cg(tf.math.log, lambda x, u: u / x), WIDE),
    ("x² + 1e8", cg(lambda x: x ** 2 + 1e8, lambda x, u: 2 * u * x), np.array([0.5, -1.0, 2.0])),
    ("sin at 1e6", cg(tf.sin, lambda x, u: u * tf.cos(x)), np.array([1e6, 1e6 + 1.0])),
])
def test_no_false_alarm_from_one_step_for_all_entries(name, f, x, dtype):
    for seed in range(5):
        assert check_gradients(f, tf.constant(x.astype(dtype)), seed=seed).ok


def test_float64_outside_float32_inside_is_not_a_false_alarm():
    inside32 = lambda x: tf.cast(tf.exp(tf.cast(x, tf.float32)) * tf.sin(tf.cast(x, tf.float32)), tf.float64)
    report = check_gradients(inside32, tf.constant(np.linspace(-2, 2, 9)))
    assert report.ok and "noisy" in report["x"].note


def test_the_same_tensor_passed_twice_gets_two_identities():
    x = tf.constant([1.0, 2.0, -3.0])
    assert check_gradients(cg(lambda a, b: a * b, lambda a, b, u: (u * b, u * a)), x, x).ok


def test_a_ratio_near_one_is_called_the_tolerance_edge_not_a_factor():
    f = cg(tf.sin, lambda x, u: 0.9998 * u * tf.cos(x))
    entry = check_gradients(f, tf.constant([0.3, 1.0, 2.0], tf.float64), raise_on_failure=False)[0]
    assert entry.mistake == "near_tolerance" and "times the right one" not in entry.cause


def test_a_kink_is_named_and_another_point_suggested():
    relu = cg(tf.nn.relu, lambda x, u: u * tf.cast(x > 0, x.dtype))
    entry = check_gradients(relu, tf.constant([0.0, 1.0, -2.0]), raise_on_failure=False)[0]
    assert entry.mistake == "not_differentiable" and "away from the kink" in entry.cause
    assert check_gradients(relu, tf.constant([0.5, 1.0, -2.0])).ok


def test_a_random_forward_is_named():
    report = check_gradients(lambda x: tf.nn.dropout(x, 0.5), tf.constant(np.linspace(-1, 1, 8)),
                             raise_on_failure=False)
    assert report["x"].mistake == "random_forward"


def _scale(variable_grad):
    w = tf.Variable(2.0, name="w")

    @tf.custom_gradient
    def scale(x):
        def grad(u, variables=None):
            return u * w, [variable_grad(x, u)]
        return w * x, grad
    return scale


def test_variable_gradients_are_checked_and_listed():
    x = tf.constant([1.0, -2.0, 0.5])
    report = check_gradients(_scale(lambda x, u: tf.reduce_sum(u * x)), x)
    assert [(r.name, r.kind) for r in report.inputs] == [("x", "input"), ("w", "variable")]
    assert "w (variable)" in str(report)
    wrong = check_gradients(_scale(lambda x, u: -tf.reduce_sum(u * x)), x, raise_on_failure=False)
    assert wrong["x"].ok and not wrong["w"].ok and wrong["w"].mistake == "wrong_sign"


def test_a_variable_read_without_the_contract_is_named():
    w = tf.Variable(2.0)
    f = cg(lambda x: w * x, lambda x, u: u * w)
    assert check_gradients(f, tf.constant([1.0, 2.0]), raise_on_failure=False).mistake == "variables_missing"


def test_the_dtype_of_each_gradient_is_checked_also_behind_strict():
    from helpers import strict_custom_gradient
    plain = cg(tf.sin, lambda x, u: tf.cast(u * tf.cos(x), tf.float64))
    assert check_gradients(plain, tf.constant([0.3, 1.0]), raise_on_failure=False)[0].mistake == "wrong_dtype"
    strict = strict_custom_gradient(lambda x: (tf.sin(x), lambda u: tf.cast(u * tf.cos(x), tf.float64)))
    assert check_gradients(strict, tf.constant([0.3, 1.0]), raise_on_failure=False).mistake == "wrong_dtype"


def _fused_cube(x):
    return tf.stop_gradient(x ** 3), tf.stop_gradient(3 * x ** 2)


def test_second_order_names_none_and_wrong_second_derivatives():
    @tf.custom_gradient
    def fused(x):
        y, slope = _fused_cube(x)
        return y, lambda dy: dy * slope

    def nested(second):
        @tf.custom_gradient
        def cube(x):
            y, slope = _fused_cube(x)
            def grad(dy):
                @tf.custom_gradient
                def first(x):
                    return slope, lambda ddy: ddy * second(x)
                return dy * first(x)
            return y, grad
        return cube

    x = tf.constant([1.0, 2.0, -0.5])
    assert check_gradients(fused, x).ok                                    # first order is fine
    assert check_gradients(fused, x, order=2, raise_on_failure=False)["x"].mistake == "second_order_none"
    assert check_gradients(nested(lambda x: 6 * x), x, order=2).ok
    wrong = check_gradients(nested(lambda x: 3 * x ** 2), x, order=2, raise_on_failure=False)
    assert wrong["x"].mistake == "second_order_wrong" and "second derivative" in str(wrong)


def test_graph_mode_reports_what_only_fails_inside_tf_function():
    @tf.custom_gradient
    def eager_only(x):
        return tf.sin(x), lambda u: u * tf.cos(x) * float(tf.reduce_max(x) * 0 + 1)
    x = tf.constant([0.5, 1.0])
    assert check_gradients(eager_only, x).ok
    report = check_gradients(eager_only, x, graph=True, raise_on_failure=False)
    assert report.mistake == "not_in_graph" and "tf.function" in report.problem
    assert "same values" in str(check_gradients(tf.sin, x, graph=True))


def test_python_numbers_are_settings_passed_as_they_are():
    huber = cg(lambda x, delta: tf.where(tf.abs(x) < delta, 0.5 * x * x, delta * (tf.abs(x) - 0.5 * delta)),
               lambda x, delta, u: (u * tf.clip_by_value(x, -delta, delta), None))
    report = check_gradients(huber, tf.constant([0.3, -2.0, 1.5]), 1.0)
    assert report.ok and report[1].result == "setting (not checked)"


def test_an_undecorated_pair_is_not_checked_as_autodiff():
    def forgot(x):
        return x ** 2, lambda u: 2 * u * x
    report = check_gradients(forgot, tf.constant([1.0, 2.0]), raise_on_failure=False)
    assert report.mistake == "not_decorated" and "@tf.custom_gradient" in report.problem


def test_several_outputs_are_checked_together_and_a_missing_cross_term_named():
    def two_outputs(cross):
        @tf.custom_gradient
        def f(x, y):
            def grad(u1, u2):
                return u1 * y + u2, u1 * x + (2 * u2 * y if cross else 0.0)
            return (x * y, x + y ** 2), grad
        return f
    x, y = tf.constant([1.0, 2.0]), tf.constant([0.5, -1.0])
    assert check_gradients(two_outputs(True), x, y).ok
    report = check_gradients(two_outputs(False), x, y, raise_on_failure=False)
    assert report["x"].ok and report["y"].mistake == "cross_term" and "output 1" in report["y"].cause


@pytest.mark.parametrize("name,grad,mistake", [
    ("straight-through sign", lambda x, u: u, "surrogate"),
    ("hard-tanh straight-through", lambda x, u: u * tf.cast(tf.abs(x) <= 1, u.dtype), "surrogate"),
])
def test_surrogates_of_a_flat_forward_are_recognised(name, grad, mistake):
    report = check_gradients(cg(tf.sign, grad), tf.constant([0.3, -1.7, 2.0, 0.6]), raise_on_failure=False)
    assert report[0].mistake == mistake and "expect='surrogate'" in report[0].cause
    assert check_gradients(cg(tf.sign, grad), tf.constant([0.3, -1.7, 2.0, 0.6]), expect="surrogate").ok


@pytest.mark.parametrize("name,grad,mistake,words", [
    ("clip by norm", lambda x, u: tf.clip_by_norm(u, 0.5), "not_linear", "not linear in upstream"),
    ("clip by value", lambda x, u: tf.clip_by_value(u, -0.1, 0.1), "not_linear", "clipped"),
    ("reversal", lambda x, u: -0.3 * u, "reversal", "λ = 0.3"),
])
def test_deliberate_backward_passes_are_named_and_can_be_declared(name, grad, mistake, words):
    f, x = cg(tf.identity, grad), tf.constant([0.3, -1.2, 2.0])
    entry = check_gradients(f, x, raise_on_failure=False)[0]
    assert entry.mistake == mistake and words in entry.cause
    declared = check_gradients(f, x, expect="surrogate")
    assert declared.ok and declared[0].note.startswith("surrogate:")


def test_expect_a_function_compares_with_its_derivative():
    hardtanh_ste = cg(tf.sign, lambda x, u: u * tf.cast(tf.abs(x) <= 1, u.dtype))
    x = tf.constant([0.3, -1.7, 2.0, 0.6])
    assert check_gradients(hardtanh_ste, x, expect=lambda x: tf.clip_by_value(x, -1, 1)).ok
    report = check_gradients(hardtanh_ste, x, expect=lambda x: x, raise_on_failure=False)
    assert not report.ok and "expect=<lambda>" in str(report)


def test_a_partial_agreement_is_described_where_it_holds():
    half_right = cg(tf.sin, lambda x, u: tf.where(x > 0, u * tf.cos(x), u))
    entry = check_gradients(half_right, tf.constant([0.3, -1.7, 2.0, -0.6], tf.float64), raise_on_failure=False)[0]
    assert entry.mistake == "partial" and "x = 0.3, 2" in entry.cause


@pytest.mark.parametrize("seed", [69, 81])
def test_a_random_forward_is_named_even_when_two_masks_repeat(seed):
    """At these seeds two calls of the dropout below draw the same mask; further calls do not."""
    import realworld_gradients

    tf.random.set_seed(seed)
    dropout_gelu, args = realworld_gradients.dropout_gelu(tf.float32)
    report = check_gradients(dropout_gelu, *args, mode="full", raise_on_failure=False)
    assert [entry.mistake for entry in report.inputs] == ["random_forward"], str(report)


@pytest.mark.parametrize("container, word", [(lambda gs: dict(enumerate(gs)), "a dict"),
                                             (lambda gs: (g for g in gs), "a generator")])
def test_gradients_in_a_dict_or_generator_are_named(container, word):
    @tf.custom_gradient
    def multiply(x, y):
        def grad(upstream):
            return container([upstream * y, upstream * x])
        return x * y, grad

    report = check_gradients(multiply, tf.constant([1.0, 2.0]), tf.constant([3.0, 4.0]), raise_on_failure=False)
    assert not report.ok and report.mistake == "container" and f"grad returned {word}" in report.problem


def test_a_tensor_bound_by_keyword_in_a_partial_is_named():
    import functools

    @tf.custom_gradient
    def f(x, p):
        return x ** 2 * p, lambda u: (u * 2 * x * p, u * x ** 2)

    report = check_gradients(functools.partial(f, p=tf.constant(3.0)), tf.constant([1.0, 2.0]),
                             raise_on_failure=False)
    assert report.mistake == "keyword_call" and "lambda x: f(x, p)" in report.problem, report
    assert check_gradients(lambda x: f(x, tf.constant(3.0)), tf.constant([1.0, 2.0])).ok


def test_no_gradient_is_judged_where_the_forward_is_nan():
    @tf.custom_gradient
    def log(x):
        return tf.math.log(x), lambda u: u / x

    report = check_gradients(log, tf.constant([1.0, 0.5, -1.0]), raise_on_failure=False)
    assert report.mistake == "forward_not_finite", report
    assert report["x"].result == "not checked" and report["x"].cause is None, report


def test_a_function_that_draws_other_numbers_in_float64_is_checked_in_its_own_dtype():
    report = check_gradients(lambda x: tf.nn.experimental.stateless_dropout(x, 0.5, seed=[1, 2]),
                             tf.constant(np.linspace(-1.0, 1.0, 8), tf.float32))
    assert report.numerical_dtype == "float32" and any("in float64" in n for n in report.notes), report


def test_a_linear_function_needs_no_second_derivative_from_the_tape():
    @tf.custom_gradient
    def triple(x):
        return 3.0 * x, lambda u: 3.0 * u          # the first derivative is constant: None is its derivative

    assert check_gradients(triple, tf.constant([1.0, -2.0, 0.5]), order=2).ok


@pytest.mark.parametrize("seed", range(10))
def test_a_hidden_second_derivative_is_caught_on_a_small_input_at_every_seed(seed):
    @tf.custom_gradient
    def fused(x):
        y, slope = _fused_cube(x)
        return y, lambda dy: dy * slope

    report = check_gradients(fused, tf.constant([1.0, 2.0, -0.5]), order=2, seed=seed, raise_on_failure=False)
    assert report["x"].mistake == "second_order_none", report


@pytest.mark.parametrize("seed", range(5))
def test_order_two_near_a_kink_is_no_false_alarm(seed):
    @tf.custom_gradient
    def relu(x):
        return tf.nn.relu(x), lambda u: u * tf.cast(x > 0, x.dtype)      # second derivative 0: the tape's None

    x = tf.constant([0.7, -1.3, 4e-4, 2.0, -0.6], tf.float64)              # 4e-4 from the kink, not on it
    assert check_gradients(relu, x, order=2, seed=seed).ok


@pytest.mark.parametrize("seed", range(5))
def test_order_two_names_a_wrong_first_derivative(seed):
    @tf.custom_gradient
    def leaky(x):
        return tf.where(x > 0, x, 0.1 * x), lambda u: u * tf.where(x > 0, 1.0, 0.2)   # slope 0.2, not 0.1

    report = check_gradients(leaky, tf.constant([0.7, -1.3, 0.4, 2.0, -0.6]), order=2, seed=seed,
                             raise_on_failure=False)
    assert report["x"].mistake == "first_order_wrong", report


def test_each_input_is_judged_with_its_own_dtype_tolerances():
    def scale(x, s):
        return x * tf.cast(s, x.dtype)

    @tf.custom_gradient
    def scale_wrong_x(x, s):
        return x * tf.cast(s, x.dtype), lambda u: (1.03 * u * tf.cast(s, x.dtype),
                                                   tf.cast(tf.reduce_sum(u * x), s.dtype))

    x, s = tf.constant(np.linspace(-1.0, 1.0, 6)), tf.constant(1.7, tf.float16)
    assert check_gradients(scale, x, s).ok                                    # float16's rounding is no mistake
    report = check_gradients(scale_wrong_x, x, s, raise_on_failure=False)
    assert not report["x"].ok and report["s"].ok, report                      # 3 % is one for float64


def test_full_mode_catches_a_mistake_where_the_input_is_small():
    @tf.custom_gradient
    def f(x):
        wrong = tf.constant([1, 1, 1.5, 1, 1, 1, 1], x.dtype)
        return tf.sin(x) + x ** 2, lambda u: u * (tf.cos(x) + 2 * x) * wrong

    x = tf.constant([1e-8, -3e-6, 2e-4, 0.03, -1.5, 40.0, 2e3], tf.float64)
    report = check_gradients(f, x, mode="full", raise_on_failure=False)
    assert not report.ok and "input entry 2" in report["x"].cause, report


def test_sparse_gradients_without_a_dense_shape_and_inside_tf_function():
    table, ids = tf.constant(np.arange(18.0).reshape(6, 3), tf.float32), tf.constant([1, 4, 1, 0])

    @tf.custom_gradient
    def embed(table, ids):
        return tf.gather(table, ids), lambda u: (tf.IndexedSlices(u, ids), None)

    @tf.custom_gradient
    def embed_shaped(table, ids):
        return tf.gather(table, ids), lambda u: (tf.IndexedSlices(u, ids, tf.shape(table)), None)

    assert check_gradients(embed, table, ids).ok
    assert check_gradients(embed_shaped, table, ids, graph=True).ok
    report = check_gradients(embed, table, ids, graph=True, raise_on_failure=False)   # TensorFlow needs the shape
    assert report.mistake == "not_in_graph" and "dense_shape" in report.problem, report


def test_integer_ids_and_a_variable_table_are_checked():
    table = tf.Variable(np.arange(18.0).reshape(6, 3), dtype=tf.float32, name="table")

    @tf.custom_gradient
    def embed(ids):
        def grad(u, variables=None):
            return None, [tf.IndexedSlices(-u, ids, tf.shape(table, out_type=tf.int64))]
        return tf.gather(table, ids), grad

    report = check_gradients(embed, tf.constant([1, 4, 1, 0]), raise_on_failure=False)
    assert report["table"].mistake == "wrong_sign", report


def test_a_wrong_gradient_against_expect_gets_no_float64_note():
    @tf.custom_gradient
    def twice(x):
        return tf.round(x), lambda u: 2 * u

    report = check_gradients(twice, tf.constant(np.linspace(-2.0, 2.0, 9), tf.float32), expect=lambda x: x,
                             raise_on_failure=False)
    assert report["x"].mistake == "constant_factor" and not any("float64" in n for n in report.notes), report


def test_a_kink_met_by_a_direction_that_weighs_it_little_is_still_a_kink():
    @tf.custom_gradient
    def leaky(x):
        return tf.where(x > 0, x, 0.2 * x), lambda u: u * tf.where(x > 0, 1.0, 0.2)

    x = tf.constant([-1.5, 0.0, 0.7, 2.0])                  # 0.0: on the kink
    for seed in range(20):
        report = check_gradients(leaky, x, seed=seed, raise_on_failure=False)
        assert report.ok or report["x"].mistake == "not_differentiable", (seed, report)
