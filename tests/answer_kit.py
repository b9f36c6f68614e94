"""What the tests of exercise feedback share: the Answer record, a notebook-like namespace, and builders.

An exercise's tests live in ``tests/answers/<notebook package>/<exercise>.py``, beside nothing else,
found by ``tests/test_learner_answers.py`` and ``tests/test_exercises.py`` without registration:

- ``MISTAKES``: one wrong answer for every mistake key the exercise declares (``Exercise.mistakes``),
  as an object (a custom-gradient function built with :func:`cg`, a number...); the feedback on each
  must name that key;
- ``ANSWERS``: :class:`Answer` records, answers written from the learner's side by someone who had
  not read the judge (typos, NumPy inside ``grad``, a forgotten decorator, odd kinds of values,
  textbook mistakes), right and wrong, at least eight per exercise. A wrong one must get feedback
  that contains its ``must_mention`` words and no raw TensorFlow text; a right one must pass.
"""

from __future__ import annotations

import importlib.util
import re
from dataclasses import dataclass
from pathlib import Path

import numpy as np
import scipy.special  # noqa: F401
import tensorflow as tf

from helpers import exercises
from helpers.exercises.higher_order import fused_tanh, softplus_sum
from helpers.exercises.jacobians import A_5x3 as A53
from helpers.exercises.speed import iterate_fixed_point

ANSWERS_DIR = Path(__file__).resolve().parent / "answers"
RAW_TENSORFLOW_TEXT = re.compile(r"\{\{function_node|\[Op:|job:localhost|Traceback \(most recent|File \"/")


@dataclass(frozen=True)
class Answer:
    key: str
    label: str
    code: str
    right: bool
    mistake: str = ""
    """What a tutor would tell the learner, in one line."""
    must_mention: tuple = ()
    """Words any specific feedback must contain (case-insensitive); "a|b" accepts either."""
    names: str = ""
    """The mistake key the feedback must name, where the answer's author knew it (optional)."""


def answer_files() -> list[Path]:
    """Every exercise's answers file, in course order."""
    return sorted(p for p in ANSWERS_DIR.glob("*/*.py") if not p.name.startswith("_"))


def load(path: Path):
    """The answers module at ``path`` (its MISTAKES and ANSWERS)."""
    name = "answers_" + "_".join(path.relative_to(ANSWERS_DIR).with_suffix("").parts)
    spec = importlib.util.spec_from_file_location(name, path)
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def all_answers() -> list[Answer]:
    return [a for path in answer_files() for a in load(path).ANSWERS]


def all_mistakes() -> dict[str, dict]:
    """{exercise key: {mistake key: wrong answer}} from every answers file."""
    found = {}
    for path in answer_files():
        module = load(path)
        keys = {a.key for a in module.ANSWERS}
        key = getattr(module, "KEY", None) or (keys.pop() if len(keys) == 1 else None)
        found[key] = dict(getattr(module, "MISTAKES", {}))
    return found


def named_mistakes(answers: list[Answer]) -> dict:
    """{mistake key: the wrong answer's object} from the first answer that ``names`` each key: an answers file can
    take its MISTAKES from its learner answers."""
    found = {}
    for answer in answers:
        if answer.names and not answer.right and answer.names not in found:
            found[answer.names] = define(answer)
    return found


def notebook_namespace() -> dict:
    """What a notebook's setup cell (and the cells before an exercise) provide."""
    import scipy
    import scipy.stats  # noqa: F401

    import helpers
    from helpers import CustomGradientError, check_gradients, strict_custom_gradient

    return {"helpers": helpers, "tf": tf, "np": np, "scipy": scipy, "strict_custom_gradient": strict_custom_gradient,
            "check_gradients": check_gradients, "CustomGradientError": CustomGradientError, "A_5x3": A53,
            "fused_tanh": fused_tanh, "softplus_sum": softplus_sum, "iterate_fixed_point": iterate_fixed_point}


def define(answer: Answer):
    """Run the answer's cell; return what it defines under the stub's name (or the exception the cell raises)."""
    namespace = notebook_namespace()
    code = compile(answer.code, f"<learner cell {answer.key}: {answer.label}>", "exec")
    exec(code, namespace)  # noqa: S102 - the corpus is ours
    return namespace[exercises.get(answer.key).answer_name]


def mentions(message: str, words: tuple) -> list[str]:
    """The entries of ``words`` (each "a|b|c") that ``message`` does not contain."""
    low = message.lower()
    return [w for w in words if not any(alt.lower() in low for alt in w.split("|"))]


# --------------------------------------------------------------------------- builders of wrong answers
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

def scale_by(grad, takes_variables=True, trainable=True):
    """A y = x·w² function reading a fresh tf.Variable w, with grad(x, upstream, w)."""
    w = tf.Variable(2.0, trainable=trainable)

    @tf.custom_gradient
    def scale(x):
        def with_variables(u, variables=None):
            return grad(x, u, w)
        return x * w ** 2, (with_variables if takes_variables else lambda u: grad(x, u, w))
    return scale

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

@tf.custom_gradient
def fixed_point_slope_not_squared(x, w):
    """08.implicit_scalar with tanh's slope written 1 − tanh(w z), the square missing."""
    z = iterate_fixed_point(x, w)

    def grad(u):
        D = 1 - tf.tanh(w * z)
        through = u / (1 - w * D)
        return through, tf.reduce_sum(through * D * z)
    return z, grad

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

@tf.custom_gradient
def fixed_point_unrolled(x, w):
    """08.implicit_scalar with grad differentiating the solver itself: a tape around iterate_fixed_point."""
    z = iterate_fixed_point(x, w)

    def grad(u):
        with tf.GradientTape() as tape:
            tape.watch([x, w])
            z_again = iterate_fixed_point(x, w)
        return tape.gradient(z_again, [x, w], output_gradients=u)
    return z, grad

def scipy_erfcx(forward=None, grad=None, set_shape=True):
    """06.scipy_erfcx: SciPy's erfcx through tf.numpy_function with a custom gradient, with one part changed;
    ``grad(x, y, upstream)`` gets the forward's value y too (by default the right derivative, 2x·y − 2/√π)."""
    @tf.custom_gradient
    def erfcx(x):
        if forward is not None:
            y = forward(x)
        else:
            y = tf.numpy_function(scipy.special.erfcx, [x], x.dtype)
            if set_shape:
                y.set_shape(x.shape)
        rule = grad or (lambda x, y, u: u * (2 * x * y - 2 / np.sqrt(np.pi)))
        return y, lambda u: rule(x, y, u)
    return erfcx
