"""helpers.boundary on real errors: each common learner mistake, raised by TensorFlow itself, comes out as
its own mistake key and a sentence that names the fix, with the learner's line and no TensorFlow internals."""

import numpy as np
import pytest
import tensorflow as tf

from helpers.boundary import LearnerCodeError, call, explain, learner_line
from answer_kit import RAW_TENSORFLOW_TEXT

A = tf.constant(np.arange(15.0).reshape(5, 3))
u5 = tf.constant(np.ones(5))
x = tf.constant([1.0, 2.0, 3.0])
VARIABLE = tf.Variable(2.0)


def in_function(fn):
    return lambda: tf.function(fn, autograph=False)(x)


@tf.custom_gradient
def doubled(x):
    return 2 * x, lambda u: 2 * u


def second_derivative_of_a_compiled_custom_gradient():
    """@tf.function on a custom-gradient function whose grad nests another custom gradient (notebook 07)."""
    @tf.function
    @tf.custom_gradient
    def cube(x):
        slope = tf.stop_gradient(3 * x ** 2)

        def grad(dy):
            @tf.custom_gradient
            def first(x):
                return slope, lambda ddy: ddy * 6 * x
            return dy * first(x)
        return x ** 3, grad

    with tf.GradientTape() as outer:
        outer.watch(x)
        with tf.GradientTape() as inner:
            inner.watch(x)
            y = cube(x)
        g = inner.gradient(y, x)
    return outer.gradient(g, x)


def unwatched_hvp():
    with tf.GradientTape() as outer:
        with tf.GradientTape() as inner:
            y = tf.reduce_sum(x ** 3)
        g = inner.gradient(y, x)
    return outer.gradient(g, x)


def _assert_scalar(upstream):
    assert upstream.shape == (), "upstream should be one number"
    return upstream


def _until_converged(t):
    while True:                                 # a Python loop on a tensor condition
        t = tf.tanh(t)
        if tf.reduce_max(tf.abs(t)) < 1e-3:
            return t


CASES = {
    # name: (code that fails the way a learner's does, mistake key, words the sentence must contain)
    "matmul shapes": (lambda: tf.matmul(A, tf.reshape(u5, (5, 1))), "matmul_shapes", ("transpose_a=True",)),
    "matvec without transpose": (lambda: tf.linalg.matvec(A, u5), "matmul_shapes", ("matvec", "transpose_a=True")),
    "matrix @ vector": (lambda: tf.transpose(A) @ u5, "matmul_rank", ("tf.linalg.matvec",)),
    "tensordot meant as one inner product per row": (
        lambda: tf.tensordot(tf.ones((2, 3)), tf.ones((2, 3)), 1), "matmul_rank", ("per row", "reduce_sum")),
    "batched matmul with all axes transposed": (
        lambda: tf.matmul(tf.transpose(tf.ones((2, 3, 4))), tf.ones((2, 3, 5))), "matmul_shapes",
        ("matrix_transpose",)),
    "broadcast": (lambda: x + tf.ones(4), "broadcast_shapes", ("broadcast",)),
    "float32 with float64": (lambda: x + A[0], "dtype_mismatch", ("tf.cast",)),
    "NumPy on a symbolic tensor": (in_function(lambda t: np.sin(t)), "numpy_in_graph", ("tf.numpy_function",)),
    ".numpy() in tf.function": (in_function(lambda t: t.numpy()), "numpy_in_graph", (".numpy()",)),
    "Python if on a vector": (lambda: 1 if x > 0 else 0, "python_bool", ("tf.where",)),
    "typo in a tf name": (lambda: tf.cosine(x), "typo", ("tf.cos",)),
    "keyword call of a custom gradient in tf.function": (in_function(lambda t: doubled(x=t)), "keyword_call",
                                                         ("keyword", "positional")),
    "NumPy-style method": (lambda: x.sum(), "numpy_method", ("tf.reduce_sum",)),
    "einsum of the wrong rank": (lambda: tf.einsum("bn->n", tf.ones((2, 3, 4))), "einsum_rank", ("...",)),
    "einsum with A where Aᵀ belongs": (lambda: tf.einsum("ij,j->i", A, u5), "einsum_subscripts", ("transposed",)),
    "einsum that drops a batch axis": (lambda: tf.einsum("...i,...i->", tf.ones((2, 3)), tf.ones((2, 3))),
                                       "einsum_subscripts", ("batch", "...")),
    "numpy_function with a fixed output dtype": (
        lambda: tf.function(lambda t: tf.numpy_function(np.sin, [t], tf.float32))(tf.constant([1.0], tf.float64)),
        "wrong_dtype", ("float64", "float32")),
    "gradient of None": (unwatched_hvp, "none_gradient", ("watch",)),
    "a graph tensor used outside its tf.function": (second_derivative_of_a_compiled_custom_gradient,
                                                    "graph_tensor_escaped", ("undecorated", "tf.function")),
    "a learner's own assert": (lambda: _assert_scalar(x), "assertion", ("assert", "upstream", "shape")),
    "a while loop on a tensor condition in tf.function": (
        in_function(lambda t: _until_converged(t)), "python_bool", ("tf.while_loop",)),
    "NumPy inside a function compiled with XLA": (
        lambda: tf.function(lambda t: tf.numpy_function(np.sin, [t], tf.float32), jit_compile=True)(x),
        "jit_compile", ("jit_compile=True", "numpy_function")),
    ".numpy() of a variable in tf.function": (lambda: tf.function(lambda: VARIABLE.numpy())(), "numpy_in_graph",
                                               (".numpy()", "tf.function")),
    "stub left in": (lambda: (_ for _ in ()).throw(NotImplementedError("return dL/dx")), "not_attempted",
                     ("NotImplementedError",)),
}


@pytest.mark.parametrize("name", CASES)
def test_a_real_error_becomes_its_own_sentence(name):
    code, mistake, words = CASES[name]
    with pytest.raises(LearnerCodeError) as caught:
        call("running your code", code)
    error = caught.value
    assert error.mistake == mistake, error.sentence()
    for word in words:
        assert word in error.sentence(), (word, error.sentence())
    assert not RAW_TENSORFLOW_TEXT.search(error.sentence()), error.sentence()
    assert error.line.startswith("your line "), "the learner's own line is named"
    assert "/" not in error.line.split(":", 1)[0], "no file paths"


def test_what_cannot_be_translated_is_still_one_sentence_with_the_original_last():
    explanation = explain(ZeroDivisionError("division by zero"))
    assert explanation.mistake == "raised"
    assert explanation.message.endswith("ZeroDivisionError: division by zero")


def test_no_learner_frame_means_no_line():
    try:
        raise ValueError("from nowhere in particular")
    except ValueError as error:
        assert learner_line(error).startswith("your line")      # this test file counts as learner code
    assert learner_line(ValueError("never raised")) == ""


def test_a_variable_kept_between_calls_with_another_shape_is_named():
    kept = tf.Variable(tf.zeros(3))
    with pytest.raises(LearnerCodeError) as caught:
        call("running your grad", lambda: kept.assign_add(tf.ones(4)))
    assert caught.value.mistake == "variable_kept" and "between calls" in caught.value.sentence()
