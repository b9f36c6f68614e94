"""Exercise 01.local_sin: a wrong answer for each mistake it names, and answers written from the learner's side."""

import numpy as np
import tensorflow as tf

from answer_kit import Answer, local_sin_with_upstream

KEY = "01.local_sin"

MISTAKES = {
    'wrong_sign': lambda x: -tf.cos(x),
    'forward_value': tf.sin,
    'wrong_function': lambda x: -tf.sin(x),
    'whole_chain': lambda x: 2 * tf.sin(x) * tf.cos(x),
    'constant': lambda x: tf.cos(tf.constant(0.5, tf.float64)) + 0 * x,
    'numpy': lambda x: np.cos(x.numpy()),
    'approximate': lambda x: 1 - x ** 2 / 2,
    'sign_lost': lambda x: tf.sqrt(1 - tf.sin(x) ** 2),
    'takes_upstream': local_sin_with_upstream,
    'pair_returned': lambda x: (tf.sin(x), lambda u: u * tf.cos(x)),
    'integer': lambda x: tf.cast(tf.cos(x), tf.int32),
    'degrees': lambda x: tf.cos(x * 180 / np.pi),
}

ANSWERS = [
    # ---- set a
    Answer('01.local_sin', 'def with tf.cos', r'''
def local_sin(x):
    return tf.cos(x)
''', True),
    Answer('01.local_sin', 'lambda with tf.math.cos', r'''
local_sin = lambda x: tf.math.cos(x)
''', True),
    Answer('01.local_sin', 'the op itself', r'''
local_sin = tf.cos
''', True),
    Answer('01.local_sin', 'phase-shifted sine', r'''
def local_sin(x):
    # cos x = sin(x + pi/2)
    return tf.sin(x + np.pi / 2)
''', True),
    Answer('01.local_sin', 'typo tf.cosine', r'''
def local_sin(x):
    return tf.cosine(x)
''', False, 'tf.cosine does not exist (AttributeError): the op is tf.cos or tf.math.cos',
           ('tf.cos',)),
    Answer('01.local_sin', 'cos without tf.', r'''
def local_sin(x):
    return cos(x)
''', False, 'NameError: cos is not defined; use tf.cos',
           ('tf.cos',)),
    # feedback names the concept, not the answer the author's words would give away
    Answer('01.local_sin', 'returns sin (forward value)', r'''
def local_sin(x):
    return tf.sin(x)
''', False, "returns sin x, the link's forward value; its local derivative is cos x",
           ('forward',)),
    Answer('01.local_sin', 'minus sin (derivative of cos)', r'''
def local_sin(x):
    return -tf.sin(x)
''', False, '-sin x is the derivative of cos, not of sin; d/dx sin x = cos x',
           ('cos',)),
    Answer('01.local_sin', 'wrong sign -cos', r'''
def local_sin(x):
    return -tf.cos(x)
''', False, 'sign error: d/dx sin x = +cos x',
           ('sign',)),
    Answer('01.local_sin', 'np.cos', r'''
def local_sin(x):
    return np.cos(x)
''', False, "NumPy's cos returns a NumPy array (and fails on symbolic tensors in tf.function); use TensorFlow ops",
           ('NumPy|TensorFlow op|tf.cos',)),
    Answer('01.local_sin', 'forgot return', r'''
def local_sin(x):
    tf.cos(x)
''', False, 'the function computes cos but returns None: add return',
           ('return|None',)),
    Answer('01.local_sin', 'cast to float32', r'''
def local_sin(x):
    return tf.cos(tf.cast(x, tf.float32))
''', False, 'casts the float64 input to float32, so the result has the wrong dtype and loses precision',
           ('float64|dtype|float32',)),
    Answer('01.local_sin', '.numpy() on the result', r'''
def local_sin(x):
    return tf.cos(x).numpy()
''', False, '.numpy() turns the result into a NumPy array and fails inside tf.function; return the tensor',
           ('numpy|tensor',)),
    Answer('01.local_sin', 'math.cos', r'''
import math

def local_sin(x):
    return math.cos(x)
''', False, 'math.cos works only on Python scalars (fails on vectors and in tf.function) and returns a float; use tf.cos',
           ('tf.cos|TensorFlow|math.cos',)),
    Answer('01.local_sin', 'hard-coded cos(0.5)', r'''
def local_sin(x):
    return tf.constant(0.8775825618903728, dtype=tf.float64)   # cos(0.5) from the trace above
''', False, 'a constant (cos 0.5) right only at x = 0.5; the derivative must depend on x',
           ('constant|depend|0.5',)),
    Answer('01.local_sin', 'custom-gradient sin instead of its derivative', r'''
@tf.custom_gradient
def local_sin(x):
    def grad(upstream):
        return upstream * tf.cos(x)
    return tf.sin(x), grad
''', False, 'wrote a whole sin link with a custom gradient; local_sin should return the local derivative cos x',
           ('cos|derivative',)),
    Answer('01.local_sin', 'a tensor instead of a function', r'''
x = tf.constant(0.5, dtype=tf.float64)
local_sin = tf.cos(x)
''', False, 'passed a value (cos of one x) instead of a function of x',
           ('function|callable',)),
    # ---- set aa
    Answer('01.local_sin', 'inner-tape', r'''
def local_sin(x):
    with tf.GradientTape() as tape:     # let TensorFlow differentiate sin itself
        tape.watch(x)
        y = tf.sin(x)
    return tape.gradient(y, x)
''', True),
    Answer('01.local_sin', 'minus-cos', r'''
def local_sin(x):
    return -tf.cos(x)
''', False, 'the derivative of sin is cos, not -cos: the sign is wrong',
           ('sign|minus|negative',)),
    Answer('01.local_sin', 'math-cos-builtin', r'''
import math
def local_sin(x):
    return math.cos(x)
''', False, "math.cos works on one Python number only; for a tensor use TensorFlow's own cosine",
           ('tensorflow|math.cos',)),
    Answer('01.local_sin', 'extra-upstream-parameter', r'''
def local_sin(x, upstream):
    return upstream * tf.cos(x)     # downstream = local × upstream
''', False, "local_sin takes only the link's input: the local derivative does not involve upstream (that multiplication happens later)",
           ('upstream|argument|parameter',)),
    # ---- set e
    Answer('01.local_sin', 'assign tf.math.cos directly', r'''
local_sin = tf.math.cos   # the derivative of sin is cos
''', True),
    Answer('01.local_sin', 'phase-shifted sine with unused default', r'''
def local_sin(x, upstream=1.0):
    return upstream * tf.sin(x + np.pi / 2)   # cos(x) = sin(x + π/2)
''', True),
    Answer('01.local_sin', 'minus cos', r'''
def local_sin(x):
    return -tf.cos(x)
''', False, 'Sign error: d/dx sin x = +cos x (it is cos whose derivative carries the minus).',
           ('sign|minus|negative',)),
    Answer('01.local_sin', 'Taylor approximation', r'''
def local_sin(x):
    return 1 - x ** 2 / 2   # cos x for small x
''', False, '1 − x²/2 only approximates cos x near 0; return tf.cos(x).',
           ('cos|approximat|taylor|near 0|small',)),
    Answer('01.local_sin', 'numpy cos', r'''
def local_sin(x):
    return np.cos(x)
''', False, 'np.cos returns a NumPy array, not a tensor, and cannot run in a graph: use tf.cos.',
           ('numpy|np.|tf.cos|tensorflow|array',)),
    Answer('01.local_sin', 'python math.cos', r'''
import math

def local_sin(x):
    return math.cos(x)
''', False, 'math.cos works on one Python number only: it fails on a tensor of several entries. Use tf.cos.',
           ('math|tf.cos|tensor|vector|entries',)),
    # ---- set f
    Answer('01.local_sin', 'tf_math_cos', r'''
def local_sin(x):
    return tf.math.cos(x)
''', True),
    Answer('01.local_sin', 'tape_inside', r'''
def local_sin(x):
    with tf.GradientTape() as tape:
        tape.watch(x)
        y = tf.sin(x)
    return tape.gradient(y, x)
''', True),
    Answer('01.local_sin', 'shifted_sine', r'''
def local_sin(x):
    return tf.sin(x + np.pi / 2)     # cos x = sin(x + π/2)
''', True),
    Answer('01.local_sin', 'upstream_none_default', r'''
def local_sin(x, upstream=None):
    return upstream * tf.cos(x)
''', False, 'A local derivative takes no upstream; with the default None the multiplication fails.',
           ('upstream|local',)),
    Answer('01.local_sin', 'wrote_custom_gradient_pair', r'''
def local_sin(x):
    def grad(upstream):
        return upstream * tf.cos(x)
    return tf.sin(x), grad
''', False, 'This returns a (value, grad) pair like a custom-gradient function; the exercise wants the local derivative cos x itself.',
           ('cos|local',)),
    Answer('01.local_sin', 'forward_difference', r'''
def local_sin(x):
    h = 0.01
    return (tf.sin(x + h) - tf.sin(x)) / h
''', False, 'A forward finite difference with h = 0.01 only approximates cos x (error about h/2·sin x).',
           ('finite|approx|exact|step|h =|cos',)),
    # ---- set g
    Answer('01.local_sin', 'shifted-sine', r'''
def local_sin(x):
    return tf.sin(x + np.pi / 2)     # cos x = sin(x + π/2)
''', True),
    Answer('01.local_sin', 'real-part-of-complex-exponential', r'''
def local_sin(x):
    # cos x is the real part of e^{ix}
    return tf.math.real(tf.exp(tf.complex(tf.zeros_like(x), x)))
''', True),
    Answer('01.local_sin', 'python-math-cos', r'''
import math

def local_sin(x):
    return math.cos(x)
''', False, 'math.cos works on one Python number: it fails on a vector tensor and returns a float, not a tensor',
           ('tf.cos|tf.math.cos|tensorflow|tensor',)),
    Answer('01.local_sin', 'cast-to-float32', r'''
def local_sin(x):
    return tf.cos(tf.cast(x, tf.float32))
''', False, 'computes in float32: a float32 result with about 7 digits for a float64 input',
           ('float32|float64|dtype|precision',)),
    Answer('01.local_sin', 'degrees', r'''
def local_sin(x):
    return tf.cos(x * 180 / np.pi)     # angle in degrees
''', False, 'converts radians to degrees: tf.cos takes radians, the derivative of sin x is cos x',
           ('radian|degree',)),
    Answer('01.local_sin', 'tf-print-no-return', r'''
def local_sin(x):
    d = tf.cos(x)
    tf.print("local derivative:", d)
''', False, 'prints cos x but returns nothing: the function returns None',
           ('None|return',)),
    # ---- set holdout
    Answer('01.local_sin', 'cos as shifted sin', r'''
def local_sin(x):
    return tf.sin(x + np.pi / 2)   # cos(x) = sin(x + pi/2)
''', True),
    Answer('01.local_sin', 'forward rule returned', r'''
def local_sin(x):
    return tf.sin(x)
''', False, 'That is the forward rule sin x; the local derivative is its derivative.',
           ('derivative|forward',)),
    Answer('01.local_sin', 'minus cos', r'''
def local_sin(x):
    return -tf.cos(x)
''', False, 'The sign is wrong: −cos is not the derivative of sin (−sin is the derivative of cos).',
           ('sign|minus|negative',)),
    Answer('01.local_sin', 'tf.math.cosine typo', r'''
def local_sin(x):
    return tf.math.cosine(x)
''', False, 'tf.math.cosine does not exist; TensorFlow calls it tf.cos (tf.math.cos).',
           ('tf.cos|tf.math.cos|attribute|does not exist|no function|not exist',)),
    Answer('01.local_sin', 'cast to float32', r'''
def local_sin(x):
    return tf.cos(tf.cast(x, tf.float32))
''', False, 'The input is float64; casting to float32 returns a derivative of the wrong dtype and precision.',
           ('dtype|float64|float32',)),
    Answer('01.local_sin', 'forgot return', r'''
def local_sin(x):
    derivative = tf.cos(x)
''', False, 'The function computes the derivative but does not return it, so it returns None.',
           ('return|None',)),
    # ---- set i
    Answer('01.local_sin', 'shifted-sine-lambda', r'''
local_sin = lambda x: tf.sin(np.pi / 2 - x)     # sin(π/2 − x) = cos x
''', True),
    Answer('01.local_sin', 'class-with-call-and-tape', r'''
class LocalSin:
    """Let TensorFlow differentiate sin for me."""
    def __call__(self, x):
        with tf.GradientTape() as tape:
            tape.watch(x)
            y = tf.sin(x)
        return tape.gradient(y, x)

local_sin = LocalSin()
''', True),
    Answer('01.local_sin', 'minus-cos', r'''
def local_sin(x):
    return -tf.cos(x)
''', False, 'd/dx sin x is +cos x; the minus sign belongs to the derivative of cos',
           ('sign|minus',)),
    Answer('01.local_sin', 'forward-rule-again', r'''
def local_sin(x):
    return tf.sin(x)
''', False, 'that is the forward rule sin x itself, not its derivative',
           ('forward|derivative',)),
    Answer('01.local_sin', 'upstream-not-defined', r'''
def local_sin(x):
    return upstream * tf.cos(x)     # local times upstream
''', False, 'local_sin only gets x: `upstream` is not defined there (NameError); the local derivative alone is asked',
           ('upstream|NameError|not defined',)),
    Answer('01.local_sin', 'detached-input-tape', r'''
def local_sin(x):
    with tf.GradientTape() as tape:
        tape.watch(x)
        y = tf.sin(tf.stop_gradient(x))     # like x.detach(), so nothing else gets tracked
    return tape.gradient(y, x)
''', False, 'stop_gradient cuts the path from x to sin(x), so the tape returns None instead of the derivative',
           ('stop_gradient|None|detach',)),
    Answer('01.local_sin', 'returns-a-grad-function', r'''
def local_sin(x):
    def grad(upstream):
        return upstream * tf.cos(x)
    return grad
''', False, 'returns a function (a grad), not the local derivative as a tensor',
           ('function|callable|tensor',)),
    # ---- set k
    Answer('01.local_sin', 'phase-shift', r'''
def local_sin(x):
    # cos is sin shifted left by a quarter turn
    return tf.sin(x + np.pi / 2)
''', True),
    Answer('01.local_sin', 'forward-rule', r'''
def local_sin(x):
    return tf.math.sin(x)
''', False, 'That returns sin x itself, the forward rule, not its local derivative.',
           ('itself|forward|value',)),
    Answer('01.local_sin', 'nested-tape-of-cos', r'''
def local_sin(x):
    x = tf.convert_to_tensor(x)
    with tf.GradientTape() as tape:
        tape.watch(x)
        y = tf.cos(x)          # let autodiff find it
    return tape.gradient(y, x)
''', False, "The tape differentiates cos, giving −sin; the link's forward rule is sin.",
           ('derivative of cos|sign|minus|−sin|-sin',)),
    Answer('01.local_sin', 'nested-tape-unwatched', r'''
def local_sin(x):
    with tf.GradientTape() as tape:
        y = tf.sin(x)
    return tape.gradient(y, x)
''', False, 'x is a constant tensor, so the tape does not watch it and returns None; call tape.watch(x).',
           ('None|watch',)),
    Answer('01.local_sin', 'cast-to-float32', r'''
def local_sin(x):
    x = tf.cast(x, tf.float32)   # float32 is the default anyway
    return tf.cos(x)
''', False, 'The input is float64 and the result must stay float64; casting to float32 loses precision.',
           ('float64|dtype|float32',)),
    Answer('01.local_sin', 'finite-difference', r'''
def local_sin(x):
    h = 1e-2
    return (tf.sin(x + h) - tf.sin(x)) / h    # definition of the derivative
''', False, 'A forward finite difference with h = 0.01 only approximates the derivative; give the exact formula.',
           ('finite difference|approximat',)),
    # ---- set m
    Answer('01.local_sin', 'tape-skipped-ahead', r'''
def local_sin(x):
    with tf.GradientTape() as t:
        t.watch(x)
        s = tf.sin(x)
    return t.gradient(s, x)
''', True),
    Answer('01.local_sin', 'forward-rule', r'''
def local_sin(x):
    return tf.sin(x)
''', False, 'That is the forward rule sin x, not its derivative.',
           ('derivative|forward',)),
    Answer('01.local_sin', 'minus-sign', r'''
def local_sin(x):
    return -tf.cos(x)
''', False, 'Sign error: the derivative of sin has no minus sign.',
           ('sign|minus|negat',)),
    Answer('01.local_sin', 'degrees', r'''
def local_sin(x):
    return tf.cos(x * np.pi / 180)   # x in degrees
''', False, 'x is in radians: no degree conversion.',
           ('degree|radian',)),
    Answer('01.local_sin', 'times-upstream', r'''
def local_sin(x):
    return upstream * tf.cos(x)      # downstream = local × upstream
''', False, 'The local derivative alone is asked for; `upstream` is not defined here and belongs in grad.',
           ('upstream',)),
    # ---- set n
    Answer('01.local_sin', 'shifted sine', r'''
def local_sin(x):
    return tf.sin(np.pi / 2 - x)       # sin(π/2 − x) = cos x
''', True),
    Answer('01.local_sin', 'half-angle with a debug print', r'''
def local_sin(x):
    print("local_sin got", x.dtype, x.shape)
    return 1 - 2 * tf.sin(x / 2) ** 2     # cos x = 1 − 2 sin²(x/2)
''', True),
    Answer('01.local_sin', 'forward value', r'''
def local_sin(x):
    return tf.sin(x)
''', False, "that is sin's forward rule, not its derivative",
           ('derivative|forward',)),
    Answer('01.local_sin', 'sqrt of 1 - sin^2', r'''
def local_sin(x):
    return tf.sqrt(1 - tf.sin(x) ** 2)
''', False, 'sqrt(1 − sin²x) = |cos x|: the sign is wrong where cos x < 0 (|x| > π/2)',
           ('sign|negative',)),
    Answer('01.local_sin', 'cast to int', r'''
def local_sin(x):
    return tf.cast(tf.cos(x), tf.int32)
''', False, "casting to int32 truncates the derivative to 0 or ±1; keep x's float dtype",
           ('int|dtype',)),
    Answer('01.local_sin', 'taylor near zero', r'''
def local_sin(x):
    return 1 - x ** 2 / 2        # the derivative, near 0
''', False, 'a Taylor approximation, right only near x = 0',
           ('approximat|taylor|near|only|zero',)),
    # ---- set p
    Answer('01.local_sin', 'tnp-cos', r'''
import tensorflow.experimental.numpy as tnp

def local_sin(x):
    return tnp.cos(x)
''', True),
    Answer('01.local_sin', 'returns-the-link', r'''
@tf.custom_gradient
def sin_link(x):
    def grad(upstream):
        return upstream * tf.cos(x)
    return tf.sin(x), grad

local_sin = sin_link
''', False, "this returns sin(x), the link's forward value; the local derivative is asked for",
           ('derivative',)),
    Answer('01.local_sin', 'returns-inner-function', r'''
def local_sin(x):
    def d_sin(v):
        return tf.cos(v)
    return d_sin
''', False, 'local_sin returns a function instead of a tensor; apply it to x',
           ('function|callable',)),
    Answer('01.local_sin', 'keras-ops-minus-sin', r'''
import keras

def local_sin(x):
    return -keras.ops.sin(x)
''', False, '-sin x is the derivative of cos, not of sin',
           ('derivative|cos',)),
    # ---- set s
    Answer('01.local_sin', 'tape-inside', r'''
def local_sin(x):
    x = tf.convert_to_tensor(x)
    with tf.GradientTape() as inner:
        inner.watch(x)
        s = tf.sin(x)
    return inner.gradient(s, x)
''', True),
    Answer('01.local_sin', 'sqrt-one-minus-y2', r'''
def local_sin(x):
    y = tf.sin(x)
    return tf.sqrt(1.0 - y ** 2)     # cos from sin: cos² + sin² = 1
''', False, 'sqrt(1 − sin²) is |cos x|: the sign is lost wherever the cosine is negative',
           ('sign|negative|abs',)),
    Answer('01.local_sin', 'forward-value', r'''
def local_sin(x):
    return tf.sin(x)      # the sin link
''', False, "this returns the link's forward value sin x, not its local derivative",
           ('derivative',)),
    Answer('01.local_sin', 'float16-cos', r'''
def local_sin(x):
    small = tf.cast(x, tf.float16)            # half precision is plenty for a slope
    return tf.cast(tf.cos(small), x.dtype)
''', False, 'computing in float16 keeps only ~3 digits: the float64 result is far off',
           ('float16|precision',)),
    # ---- set u
    Answer('01.local_sin', 'tf-module-callable', r'''
class LocalSin(tf.Module):
    """The sin link's local derivative, as a callable module."""
    def __call__(self, x):
        return tf.cos(x)

local_sin = LocalSin(name="local_sin")
''', True),
    Answer('01.local_sin', 'minus-sin', r'''
def local_sin(x):
    return -tf.sin(x)
''', False, '−sin x is the derivative of cos; the derivative of sin x is cos x.',
           ('cos',)),
    Answer('01.local_sin', 'cos-at-output', r'''
import functools

@functools.wraps(tf.sin)
def local_sin(x):
    y = tf.sin(x)             # the link's output
    return tf.cos(y)
''', False, "The local derivative is cos evaluated at the link's input x, not at its output sin x.",
           ('input|output|at x',)),
    Answer('01.local_sin', 'numpy-eager-only', r'''
def local_sin(x):
    return tf.constant(np.cos(x.numpy()), dtype=x.dtype)
''', False, 'Use TensorFlow operations (tf.cos); .numpy() works only eagerly and fails inside tf.function.',
           ('numpy|tf.function|tensorflow',)),
    # ---- set w
    Answer('01.local_sin', 'phase-shifted-sine', r'''
import math


def local_sin(x: tf.Tensor) -> tf.Tensor:
    """Local derivative of a sin link: d/dx sin(x) = cos(x) = sin(x + pi/2).

    Written as a phase shift of sin so the link's forward and local rules share one op.
    The shift is built in x's own dtype, so float64 inputs stay float64.
    """
    x = tf.convert_to_tensor(x)
    half_pi = tf.constant(math.pi / 2, dtype=x.dtype)
    return tf.sin(x + half_pi)


# --- self-test -------------------------------------------------------------
_x = tf.constant(np.linspace(-4, 4, 9), dtype=tf.float64)
assert local_sin(_x).dtype == tf.float64
np.testing.assert_allclose(local_sin(_x).numpy(), np.cos(_x.numpy()), atol=1e-12)
''', True),
    Answer('01.local_sin', 'cast-to-float32', r'''
def _ensure_tensor(x) -> tf.Tensor:
    """Convert anything array-like to a float32 tensor (the dtype TF models use by default)."""
    return tf.cast(tf.convert_to_tensor(x), tf.float32)


def local_sin(x) -> tf.Tensor:
    """d/dx sin(x) = cos(x), computed on a normalised float32 tensor."""
    x = _ensure_tensor(x)
    return tf.cos(x)


print(local_sin([0.0, 1.0]))
''', False, "casting to float32 returns float32 for a float64 input: keep x's dtype",
           ('float64|float32|dtype',)),
    Answer('01.local_sin', 'sqrt-identity', r'''
_EPS = 1e-12


def local_sin(x: tf.Tensor) -> tf.Tensor:
    """cos(x) via the Pythagorean identity cos = sqrt(1 - sin^2).

    An epsilon keeps the sqrt's argument strictly positive, so its own gradient stays finite.
    """
    s = tf.sin(x)
    return tf.sqrt(tf.maximum(1.0 - s * s, 0.0) + _EPS)


print(local_sin(tf.constant([0.0, 0.5], tf.float64)))
''', False, 'sqrt(1 − sin²x) is |cos x|: it has the wrong sign wherever cos x is negative',
           ('sign|negative',)),
    Answer('01.local_sin', 'assert-float32', r'''
def local_sin(x: tf.Tensor) -> tf.Tensor:
    """Derivative of sin: cos(x).

    Validates its input first: gradients in this course are float32, so anything else is
    rejected loudly instead of being silently promoted.
    """
    x = tf.convert_to_tensor(x)
    assert x.dtype == tf.float32, f"local_sin expects float32, got {x.dtype.name}"
    return tf.cos(x)


print(local_sin(tf.constant([0.0, 1.0])))
''', False, "the assertion rejects float64, which is what the link passes: accept x's dtype as it is",
           ('float64|float32|dtype|assert',)),
    # ---- set y
    Answer('01.local_sin', 'phase-shifted-sine', r'''
def local_sin(x):
    return tf.sin(x + np.pi / 2)     # cos x = sin(x + π/2)
''', True),
    Answer('01.local_sin', 'math-cos', r'''
import math

def local_sin(x):
    return math.cos(x)
''', False, 'math.cos works on one Python number only; a tensor needs a TensorFlow operation.',
           ('math|tensorflow',)),
    Answer('01.local_sin', 'cos-from-pythagoras', r'''
def local_sin(x):
    return tf.sqrt(1.0 - tf.sin(x) ** 2)    # cos² + sin² = 1
''', False, 'sqrt(1 − sin²x) is |cos x|: its sign is wrong wherever cos x is negative (π/2 < |x| < 3π/2).',
           ('sign|negative|absolute',)),
    Answer('01.local_sin', 'cast-to-float32', r'''
def local_sin(x):
    x = tf.cast(x, tf.float32)          # the course mostly uses float32
    return tf.cos(x)
''', False, 'The input is float64 and the derivative should be too; casting to float32 changes the dtype and loses precision.',
           ('float64|dtype|float32',)),
]
