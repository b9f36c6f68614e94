"""Every exercise accepts its solution and names each mistake it claims to recognise.

Each exercise's answers file (``tests/answers/<notebook package>/<exercise>.py``) holds, in
``MISTAKES``, one wrong answer for every mistake key the exercise declares; a test fails when an
exercise declares a mistake nobody tested, so the tests grow with the course.
"""

import numpy as np
import pytest
import scipy.special
import tensorflow as tf

from helpers import exercises, strict_custom_gradient
from helpers.exercises import Feedback, check, reveal

from answer_kit import all_mistakes, cg, fused_tanh, iterate_fixed_point

WRONG_ANSWERS = all_mistakes()


def test_every_exercise_has_tests_for_each_mistake_it_claims():
    for key in exercises.keys():
        assert key in WRONG_ANSWERS, f"add wrong answers for {key}"
        assert set(WRONG_ANSWERS[key]) == set(exercises.get(key).mistakes), key


@pytest.mark.parametrize("key", exercises.keys())
def test_the_solution_passes(key):
    feedback = check(key, reveal(key).answer)
    assert feedback.passed, feedback
    assert str(feedback).startswith(f"✓ [{key}] Correct")


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


def test_a_numpy_function_declared_stateless_is_accepted():
    """tf.numpy_function(..., stateful=False) builds a PyFuncStateless op: it still runs SciPy."""
    @tf.custom_gradient
    def erfcx(x):
        y = tf.numpy_function(lambda a: scipy.special.erfcx(a).astype(a.dtype), [x], x.dtype, stateful=False)
        y = tf.ensure_shape(y, x.shape)
        return y, lambda upstream: upstream * (2 * x * y - tf.cast(2 / np.sqrt(np.pi), x.dtype))
    feedback = check("06.scipy_erfcx", erfcx)
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
    def erfcx(x):
        pass

    feedback = check("06.scipy_erfcx", erfcx)
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
