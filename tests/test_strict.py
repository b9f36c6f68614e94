"""strict_custom_gradient catches each contract breach and never raises on correct functions."""

import numpy as np
import pytest
import tensorflow as tf

from helpers import CustomGradientError, strict_custom_gradient


def gradients(f, *xs):
    xs = [tf.constant(x) if not isinstance(x, tf.Variable) else x for x in xs]
    with tf.GradientTape() as tape:
        tape.watch([x for x in xs if not isinstance(x, tf.Variable) and x.dtype.is_floating])
        y = f(*xs)
    return y, tape.gradient(y, xs)


# -- correct functions: no false alarms, in float32 and float64 ------------------------------
@pytest.mark.parametrize("dtype", [np.float32, np.float64])
def test_correct_elementwise_function(dtype):
    @strict_custom_gradient
    def log1pexp(x):
        e = tf.exp(x)
        return tf.math.log(1 + e), lambda upstream: upstream * (1 - 1 / (1 + e))
    y, (g,) = gradients(log1pexp, np.array([-1.0, 0.0, 2.0], dtype))
    assert g.dtype == dtype
    np.testing.assert_allclose(g.numpy(), 1 / (1 + np.exp(-np.array([-1.0, 0.0, 2.0]))), rtol=1e-6)


@pytest.mark.parametrize("dtype", [np.float32, np.float64])
def test_correct_two_inputs_matrix_function(dtype):
    @strict_custom_gradient
    def matvec(x, A):
        def grad(upstream):
            return tf.linalg.matvec(A, upstream, transpose_a=True), tf.tensordot(upstream, x, axes=0)
        return tf.linalg.matvec(A, x), grad
    A = np.arange(15, dtype=dtype).reshape(5, 3)
    _, (gx, gA) = gradients(matvec, np.ones(3, dtype), A)
    np.testing.assert_allclose(gx.numpy(), A.sum(axis=0))
    assert gA.shape == (5, 3)


def test_none_is_right_for_an_integer_input():
    @strict_custom_gradient
    def power(x, n):
        return x ** tf.cast(n, x.dtype), lambda u: (u * tf.cast(n, x.dtype) * x ** tf.cast(n - 1, x.dtype), None)
    _, (g, gn) = gradients(power, np.float32(2.0), np.int32(3))
    assert float(g) == 12.0 and gn is None


def test_works_inside_tf_function():
    @strict_custom_gradient
    def square(x):
        return x * x, lambda u: 2 * x * u

    @tf.function
    def grad_at(x):
        with tf.GradientTape() as tape:
            tape.watch(x)
            y = square(x)
        return tape.gradient(y, x)
    assert grad_at(tf.constant([3.0])).numpy().tolist() == [6.0]


def test_variables_contract_done_right():
    w = tf.Variable(2.0)

    @strict_custom_gradient
    def scale(x):
        def grad(upstream, variables=None):
            return upstream * w, [tf.reduce_sum(upstream * x)]
        return w * x, grad
    x = tf.constant([1.0, 3.0])
    with tf.GradientTape() as tape:
        tape.watch(x)
        y = scale(x)
    gx, gw = tape.gradient(y, [x, w])
    assert gx.numpy().tolist() == [2.0, 2.0] and float(gw) == 4.0


# -- each mistake it catches --------------------------------------------------------------
def test_catches_wrong_shape_that_tensorflow_accepts():
    @tf.custom_gradient
    def plain(x):
        return 2 * x, lambda u: tf.ones((2, 3))
    _, (g,) = gradients(plain, np.ones(3, np.float32))
    assert g.shape == (2, 3)               # TensorFlow: silently accepted

    @strict_custom_gradient
    def strict(x):
        return 2 * x, lambda u: tf.ones((2, 3))
    with pytest.raises(CustomGradientError, match=r"shape \(2, 3\) for input 'x' of shape \(3,\)"):
        gradients(strict, np.ones(3, np.float32))


def test_a_wrong_shape_inside_tf_function_raises_the_same_error():
    """AutoGraph would turn an exception it cannot rebuild into a StagingError; this one reaches the learner."""
    @strict_custom_gradient
    def strict(x):
        return 2 * x, lambda u: tf.ones((2, 3))

    @tf.function
    def gradient_of_strict(x):
        with tf.GradientTape() as tape:
            tape.watch(x)
            y = strict(x)
        return tape.gradient(y, x)
    with pytest.raises(CustomGradientError, match=r"shape \(2, 3\) for input 'x' of shape \(3,\)") as caught:
        gradient_of_strict(tf.ones(3))
    assert caught.value.mistake == "wrong_shape"


def test_catches_unreduced_broadcast_gradient():
    @strict_custom_gradient
    def add_bias(x, b):
        return x + b, lambda u: (u, u)
    with pytest.raises(CustomGradientError, match=r"shape \(4, 3\) for input 'b' of shape \(3,\)"):
        gradients(add_bias, np.ones((4, 3), np.float32), np.ones(3, np.float32))


def test_checks_the_shape_when_grad_runs_if_tracing_cannot_tell():
    """Inside a tf.function with unknown sizes both shapes are (None,) when traced; the check runs with the data."""
    @strict_custom_gradient
    def add_bias(x, b):
        return x + b, lambda u: (u, tf.reduce_sum(u, axis=1))     # sums the wrong axis: 4 entries for b's 3

    @tf.function(input_signature=[tf.TensorSpec([None, None]), tf.TensorSpec([None])])
    def bias_gradient(x, b):
        with tf.GradientTape() as tape:
            tape.watch(b)
            y = add_bias(x, b)
        return tape.gradient(y, b)

    np.testing.assert_allclose(bias_gradient(tf.ones((3, 3)), tf.zeros(3)).numpy(), [3, 3, 3])   # square: passes
    with pytest.raises(tf.errors.InvalidArgumentError,
                       match=r"add_bias: grad returned a gradient for input b whose shape differs.*"
                             r"Shape of the gradient:\] \[4\] \[shape of b:\] \[3\]"):
        bias_gradient(tf.ones((4, 3)), tf.zeros(3))


def test_catches_keyword_call_that_bypasses_the_custom_gradient():
    @strict_custom_gradient
    def f(x):
        return x * x, lambda u: u * 100.0
    with pytest.raises(CustomGradientError, match=r"keyword arguments \(x\).*silently skip"):
        f(x=tf.constant(1.0))


def test_catches_wrong_number_of_gradients():
    @strict_custom_gradient
    def mul(x, y):
        return x * y, lambda u: u * y
    with pytest.raises(CustomGradientError, match=r"returned 1 input gradient\(s\) for 2 input\(s\) \(x, y\)"):
        gradients(mul, np.float32(2.0), np.float32(3.0))


def test_catches_none_for_a_float_input():
    @strict_custom_gradient
    def mul(x, y):
        return x * y, lambda u: (u * y, None)
    with pytest.raises(CustomGradientError, match=r"None for input 'y', a float32 input"):
        gradients(mul, np.float32(2.0), np.float32(3.0))


def test_catches_a_gradient_for_an_integer_input():
    @strict_custom_gradient
    def power(x, n):
        return x ** tf.cast(n, x.dtype), lambda u: (u, tf.ones_like(n))
    with pytest.raises(CustomGradientError, match=r"'n' of dtype int32, which is not differentiable"):
        gradients(power, np.float32(2.0), np.int32(3))


def test_catches_wrong_dtype():
    @strict_custom_gradient
    def f(x):
        return x * 2, lambda u: tf.cast(u * 2, tf.float64)
    with pytest.raises(CustomGradientError, match="dtype float64 for input 'x' of dtype float32"):
        gradients(f, np.float32(1.0))


def test_catches_missing_variables_argument():
    w = tf.Variable(2.0)

    @strict_custom_gradient
    def scale(x):
        return w * x, lambda u: u * w
    with pytest.raises(CustomGradientError, match="reads tf.Variable.*must accept variables"):
        gradients(scale, np.float32(1.0))


def test_catches_wrong_number_of_variable_gradients():
    w = tf.Variable(2.0)

    @strict_custom_gradient
    def scale(x):
        def grad(upstream, variables=None):
            return upstream * w, []
        return w * x, grad
    with pytest.raises(CustomGradientError, match=r"0 variable gradient\(s\) for 1 variable"):
        gradients(scale, np.float32(1.0))


def test_catches_a_function_that_forgets_grad():
    @strict_custom_gradient
    def f(x):
        return x * 2
    with pytest.raises(CustomGradientError, match=r"must return a pair \(y, grad\)"):
        f(tf.constant(1.0))


def test_decorating_a_non_function_is_an_error():
    with pytest.raises(TypeError, match="decorates a function"):
        strict_custom_gradient(3)


def test_an_error_in_the_learners_own_code_comes_back_as_a_sentence():
    from helpers.boundary import LearnerCodeError

    @strict_custom_gradient
    def scaled(x, w):
        return w * x ** 2, lambda u: (u * 2 * w * x, u * x ** 2)

    with pytest.raises(LearnerCodeError) as caught:
        scaled(tf.constant(2.0), tf.constant(3))         # an int w: TensorFlow refuses int32 × float32
    assert caught.value.mistake == "dtype_mismatch"
    assert "calling scaled" in str(caught.value) and "int32" in str(caught.value)

    @strict_custom_gradient
    def typo(x):
        return x ** 2, lambda u: u * 2 * tf.cosine(x)

    x = tf.constant(1.0)
    with tf.GradientTape() as tape:
        tape.watch(x)
        y = typo(x)
    with pytest.raises(LearnerCodeError, match="tf.cos") as caught:
        tape.gradient(y, x)
    assert "typo's grad" in str(caught.value)


def test_a_contract_error_of_a_nested_function_passes_unchanged():
    @strict_custom_gradient
    def inner(x):
        return x * 2, lambda u: u * 2

    @strict_custom_gradient
    def outer(x):
        return inner(x=x), lambda u: u * 2            # a keyword call, refused by inner's own check

    with pytest.raises(CustomGradientError, match="keyword"):
        outer(tf.constant([1.0, 2.0]))


@pytest.mark.parametrize("container, word", [(lambda gs: dict(enumerate(gs)), "a dict"),
                                             (lambda gs: (g for g in gs), "a generator")])
def test_gradients_in_a_dict_or_generator_are_named(container, word):
    @strict_custom_gradient
    def multiply(x, y):
        def grad(upstream):
            return container([upstream * y, upstream * x])
        return x * y, grad

    with pytest.raises(CustomGradientError, match=f"grad returned {word}.*tuple"):
        gradients(multiply, np.float32(2.0), np.float32(3.0))


def test_a_gradient_summed_down_to_one_number_is_told_to_keep_the_inputs_axes():
    @strict_custom_gradient
    def bias_add(x, b):
        return x + b, lambda u: (u, tf.reduce_sum(u))

    with pytest.raises(CustomGradientError, match="one number.*keep b's"):
        gradients(bias_add, np.ones((5, 3), np.float32), np.ones(3, np.float32))


def test_a_method_is_decorated_like_tf_custom_gradient_does_it():
    class Scale(tf.Module):
        def __init__(self):
            self.w = tf.Variable([1.0, 2.0])

        @strict_custom_gradient
        def __call__(self, x):
            def grad(upstream, variables=None):
                return upstream * self.w, [upstream * x]
            return x * self.w, grad

    layer, x = Scale(), tf.constant([3.0, 4.0])
    with tf.GradientTape() as tape:
        tape.watch(x)
        y = layer(x)
    dx, dw = tape.gradient(y, [x, layer.w])
    np.testing.assert_allclose(dx.numpy(), [1.0, 2.0])
    np.testing.assert_allclose(dw.numpy(), [3.0, 4.0])


def test_none_is_the_gradient_of_a_python_number_setting():
    @strict_custom_gradient
    def scale(x, s):
        return x * s, lambda upstream: (upstream * s, None)

    x = tf.constant([1.0, 2.0])
    with tf.GradientTape() as tape:
        tape.watch(x)
        y = scale(x, 3.0)
    np.testing.assert_allclose(tape.gradient(y, x).numpy(), [3.0, 3.0])
    with pytest.raises(CustomGradientError, match="grad returned None for input 's'"):
        with tf.GradientTape() as tape:
            tape.watch(x)
            y = scale(x, tf.constant(3.0))          # a tensor is an input: it needs its gradient
        tape.gradient(y, x)


def test_whatever_grad_returns_for_a_python_number_is_dropped():
    @strict_custom_gradient
    def scaled_square(x, w):
        return w * x ** 2, lambda u: (u * 2 * w * x, tf.reduce_sum(u * x ** 2))    # float64 for a float32 w

    x = tf.constant([0.3, 1.1, -0.4], tf.float64)
    with tf.GradientTape() as tape:
        tape.watch(x)
        y = scaled_square(x, 3.0)
    np.testing.assert_allclose(tape.gradient(y, x).numpy(), 6 * x.numpy())


def test_a_function_decorated_twice_is_told_to_keep_one_decorator():
    @tf.custom_gradient
    def twice(x):
        return x * 2, lambda u: u * 2
    with pytest.raises(TypeError, match="already decorated with @tf.custom_gradient: use one decorator"):
        strict_custom_gradient(twice)


def test_the_other_double_decorations_are_named_too():
    def cube(x):
        return x ** 3, lambda u: u * 3 * x ** 2

    with pytest.raises(TypeError, match="cube is decorated with both @tf.custom_gradient and @strict_custom_gradient"):
        tf.custom_gradient(strict_custom_gradient(cube))(tf.constant([1.0, 2.0]))
    with pytest.raises(TypeError, match="already decorated with @strict_custom_gradient: decorate it once"):
        strict_custom_gradient(strict_custom_gradient(cube))
