"""Exercise 06.scipy_erfcx: a wrong answer for each mistake it names, and answers written from the learner's side.

The answers were written from the notebook's prompt and stub, before the judge: the learner knows erf′(x) =
2/√π e^{−x²} (notebook 03), the gammaln example (tf.numpy_function, set_shape, a grad of TensorFlow ops), and
that erfcx(x) = e^{x²} erfc(x) overflows when written that way.
"""

import numpy as np
import scipy.special
import tensorflow as tf

from answer_kit import Answer, scipy_erfcx

KEY = "06.scipy_erfcx"

_C = 2 / np.sqrt(np.pi)

MISTAKES = {
    'numpy_in_graph': scipy_erfcx(forward=lambda x: tf.constant(scipy.special.erfcx(x.numpy()))),
    'no_shape': scipy_erfcx(set_shape=False),
    'fixed_shape': scipy_erfcx(forward=lambda x: tf.ensure_shape(
        tf.numpy_function(scipy.special.erfcx, [x], x.dtype), (7,))),
    'wrong_dtype': scipy_erfcx(forward=lambda x: tf.ensure_shape(
        tf.numpy_function(lambda a: scipy.special.erfcx(a).astype(np.float64), [x], tf.float64), x.shape),
        grad=lambda x, y, u: u * (2 * x * tf.cast(y, x.dtype) - 2 / np.sqrt(np.pi))),
    'wrong_forward': scipy_erfcx(forward=lambda x: tf.ensure_shape(
        tf.numpy_function(scipy.special.erfc, [x], x.dtype), x.shape)),
    'none': lambda x: tf.stop_gradient(tf.ensure_shape(tf.numpy_function(scipy.special.erfcx, [x], x.dtype), x.shape)),
    'no_numpy_function': scipy_erfcx(forward=lambda x: tf.exp(x ** 2) * tf.math.erfc(x)),
    'upstream_ignored': scipy_erfcx(grad=lambda x, y, u: 2 * x * y - _C),
    'overflow': scipy_erfcx(grad=lambda x, y, u: u * (2 * x * tf.exp(x ** 2) * tf.math.erfc(x) - _C)),
    'product_rule': scipy_erfcx(grad=lambda x, y, u: u * 2 * x * y),
    'erfc_sign': scipy_erfcx(grad=lambda x, y, u: u * (2 * x * y + _C)),
    'erf_derivative': scipy_erfcx(grad=lambda x, y, u: u * _C * tf.exp(-x ** 2)),
    'uncancelled_exp': scipy_erfcx(grad=lambda x, y, u: u * (2 * x * y - _C * tf.exp(-x ** 2))),
    'chain_rule': scipy_erfcx(grad=lambda x, y, u: u * (x * y - _C)),
    'constant': scipy_erfcx(grad=lambda x, y, u: u * (2 * x * y - 2 / np.pi)),
    'approximation': scipy_erfcx(grad=lambda x, y, u: u * (2 * x * y - 1.128)),
    'wrong_values': scipy_erfcx(grad=lambda x, y, u: u * (x * x * y - 1)),
}

ANSWERS = [
    Answer('06.scipy_erfcx', 'numpy_function, set_shape, y reused in grad', r'''
@tf.custom_gradient
def erfcx(x):
    y = tf.numpy_function(scipy.special.erfcx, [x], x.dtype)
    y.set_shape(x.shape)
    def grad(upstream):
        # d/dx [e^{x²} erfc(x)] = 2x e^{x²} erfc(x) + e^{x²}(-2/√π e^{-x²}) = 2x erfcx(x) - 2/√π
        return upstream * (2 * x * y - 2 / np.sqrt(np.pi))
    return y, grad
''', True),
    Answer('06.scipy_erfcx', 'SciPy called again inside grad', r'''
def _scipy_erfcx(x):
    y = tf.numpy_function(scipy.special.erfcx, [x], x.dtype)
    y.set_shape(x.shape)
    return y

@tf.custom_gradient
def erfcx(x):
    y = _scipy_erfcx(x)
    def grad(upstream):
        slope = 2.0 * x * _scipy_erfcx(x) - 2.0 / np.sqrt(np.pi)
        return upstream * slope
    return y, grad
''', True),
    Answer('06.scipy_erfcx', 'derivative computed in NumPy too', r'''
def _value(a):
    return scipy.special.erfcx(a).astype(a.dtype)

def _slope(a):
    return (2 * a * scipy.special.erfcx(a) - 2 / np.sqrt(np.pi)).astype(a.dtype)

@tf.custom_gradient
def erfcx(x):
    y = tf.ensure_shape(tf.numpy_function(_value, [x], x.dtype), x.shape)
    def grad(upstream):
        s = tf.ensure_shape(tf.numpy_function(_slope, [x], x.dtype), x.shape)
        return upstream * s
    return y, grad
''', True),
    Answer('06.scipy_erfcx', 'py_function and a constant in x.dtype', r'''
@tf.custom_gradient
def erfcx(x):
    y = tf.py_function(lambda t: scipy.special.erfcx(t.numpy()), [x], Tout=x.dtype)
    y = tf.reshape(y, tf.shape(x))
    def grad(dy):
        two_over_root_pi = 2 * tf.math.rsqrt(tf.constant(np.pi, x.dtype))
        return dy * (2 * x * y - two_over_root_pi)
    return y, grad
''', True),
    Answer('06.scipy_erfcx', 'stateless numpy_function, tf.cast constant', r'''
@tf.custom_gradient
def erfcx(x):
    y = tf.numpy_function(lambda a: scipy.special.erfcx(a).astype(a.dtype), [x], x.dtype, stateful=False)
    y.set_shape(x.shape)
    c = tf.cast(2.0 / np.sqrt(np.pi), x.dtype)
    return y, lambda upstream: upstream * (2.0 * x * y - c)
''', True),
    Answer('06.scipy_erfcx', 'forward written with tf.exp and tf.math.erfc', r'''
@tf.custom_gradient
def erfcx(x):
    y = tf.exp(x ** 2) * tf.math.erfc(x)
    def grad(upstream):
        return upstream * (2 * x * y - 2 / np.sqrt(np.pi))
    return y, grad
''', False, "The forward must call SciPy through tf.numpy_function: written with tf.exp it is inf·0 = nan at x = 10, which is why SciPy's erfcx exists.",
           ('SciPy|scipy|numpy_function',)),
    Answer('06.scipy_erfcx', 'grad rebuilt from exp and erfc', r'''
@tf.custom_gradient
def erfcx(x):
    y = tf.numpy_function(scipy.special.erfcx, [x], x.dtype)
    y.set_shape(x.shape)
    def grad(upstream):
        # product rule on e^{x^2} * erfc(x)
        d = 2 * x * tf.exp(x ** 2) * tf.math.erfc(x) - 2 / np.sqrt(np.pi)
        return upstream * d
    return y, grad
''', False, "Right formula, but e^{x²}·erfc(x) in grad overflows (inf·0 = nan at x = 10): that product is erfcx itself, the value SciPy returned.",
           ('overflow|inf|nan|finite',)),
    Answer('06.scipy_erfcx', 'product rule: only the e^{x^2} term', r'''
@tf.custom_gradient
def erfcx(x):
    y = tf.numpy_function(scipy.special.erfcx, [x], x.dtype)
    y.set_shape(x.shape)
    def grad(upstream):
        return upstream * 2 * x * y          # d/dx e^{x^2} = 2x e^{x^2}
    return y, grad
''', False, "Only one term of the product rule: erfc(x) depends on x too, and its derivative gives the second term.",
           ('product rule|term|erfc',)),
    Answer('06.scipy_erfcx', 'erfc derivative with the wrong sign', r'''
@tf.custom_gradient
def erfcx(x):
    y = tf.numpy_function(scipy.special.erfcx, [x], x.dtype)
    y.set_shape(x.shape)
    def grad(upstream):
        return upstream * (2 * x * y + 2 / np.sqrt(np.pi))
    return y, grad
''', False, "erfc = 1 − erf, so erfc′ = −erf′: the second term has a minus sign.",
           ('sign|minus|erfc',)),
    Answer('06.scipy_erfcx', 'x instead of 2x', r'''
@tf.custom_gradient
def erfcx(x):
    y = tf.numpy_function(scipy.special.erfcx, [x], x.dtype)
    y.set_shape(x.shape)
    def grad(upstream):
        return upstream * (x * y - 2 / np.sqrt(np.pi))
    return y, grad
''', False, "The derivative of e^{x²} is 2x e^{x²} (chain rule): the factor 2 is missing.",
           ('chain|2x|factor|x²',)),
    Answer('06.scipy_erfcx', 'only the derivative of erfc', r'''
@tf.custom_gradient
def erfcx(x):
    y = tf.numpy_function(scipy.special.erfcx, [x], x.dtype)
    y.set_shape(x.shape)
    def grad(upstream):
        return upstream * (-2 / np.sqrt(np.pi)) * tf.exp(-x ** 2)    # erfc' = -erf'
    return y, grad
''', False, "That is erfc's derivative; erfcx = e^{x²} erfc(x) is a product, so the product rule gives two terms.",
           ('product|e^{x²}|exp(x²)|term|erfc',)),
    Answer('06.scipy_erfcx', "erf's derivative copied from notebook 03", r'''
@tf.custom_gradient
def erfcx(x):
    y = tf.numpy_function(scipy.special.erfcx, [x], x.dtype)
    y.set_shape(x.shape)
    def grad(upstream):
        return upstream * 2 / np.sqrt(np.pi) * tf.exp(-x ** 2)
    return y, grad
''', False, "That is erf′, the derivative of another function: differentiate e^{x²} erfc(x).",
           ('erf',)),
    Answer('06.scipy_erfcx', 'constant 2/pi', r'''
@tf.custom_gradient
def erfcx(x):
    y = tf.numpy_function(scipy.special.erfcx, [x], x.dtype)
    y.set_shape(x.shape)
    def grad(upstream):
        return upstream * (2 * x * y - 2 / np.pi)
    return y, grad
''', False, "The constant term is 2/√π, not 2/π.",
           ('constant|√π|sqrt',)),
    Answer('06.scipy_erfcx', 'set_shape forgotten', r'''
@tf.custom_gradient
def erfcx(x):
    y = tf.numpy_function(scipy.special.erfcx, [x], x.dtype)
    def grad(upstream):
        return upstream * (2 * x * y - 2 / np.sqrt(np.pi))
    return y, grad
''', False, "tf.numpy_function cannot know the result's shape: set it with y.set_shape(x.shape).",
           ('shape',)),
    Answer('06.scipy_erfcx', '.numpy() in the forward', r'''
@tf.custom_gradient
def erfcx(x):
    y = tf.constant(scipy.special.erfcx(x.numpy()), dtype=x.dtype)
    def grad(upstream):
        return upstream * (2 * x * y - 2 / np.sqrt(np.pi))
    return y, grad
''', False, "x.numpy() fails inside tf.function, where x is symbolic: call SciPy through tf.numpy_function.",
           ('tf.function|numpy_function|symbolic',)),
    Answer('06.scipy_erfcx', 'Tout hard-coded float32', r'''
@tf.custom_gradient
def erfcx(x):
    y = tf.numpy_function(scipy.special.erfcx, [x], tf.float32)
    y.set_shape(x.shape)
    def grad(upstream):
        return upstream * (2 * x * y - 2 / np.sqrt(np.pi))
    return y, grad
''', False, "The output dtype is fixed to float32, but SciPy returns float64 for float64 input: pass x.dtype.",
           ('dtype|float64',)),
    Answer('06.scipy_erfcx', 'upstream forgotten', r'''
@tf.custom_gradient
def erfcx(x):
    y = tf.numpy_function(scipy.special.erfcx, [x], x.dtype)
    y.set_shape(x.shape)
    def grad(upstream):
        return 2 * x * y - 2 / np.sqrt(np.pi)
    return y, grad
''', False, "grad returns the local derivative only: multiply it by upstream.",
           ('upstream',)),
    Answer('06.scipy_erfcx', 'SciPy on the tensor inside grad', r'''
@tf.custom_gradient
def erfcx(x):
    y = tf.numpy_function(scipy.special.erfcx, [x], x.dtype)
    y.set_shape(x.shape)
    def grad(upstream):
        return upstream * (2 * x * scipy.special.erfcx(x) - 2 / np.sqrt(np.pi))
    return y, grad
''', False, "SciPy needs values, which a symbolic tensor inside tf.function does not have: use y, or tf.numpy_function.",
           ('numpy_function|tf.function|symbolic|SciPy|NumPy',)),
    Answer('06.scipy_erfcx', 'central difference through SciPy', r'''
def _slope(a):
    h = 1e-3
    return ((scipy.special.erfcx(a + h) - scipy.special.erfcx(a - h)) / (2 * h)).astype(a.dtype)

@tf.custom_gradient
def erfcx(x):
    y = tf.numpy_function(scipy.special.erfcx, [x], x.dtype)
    y.set_shape(x.shape)
    def grad(upstream):
        s = tf.numpy_function(_slope, [x], x.dtype)
        s.set_shape(x.shape)
        return upstream * s
    return y, grad
''', False, "A finite difference is an approximation of the derivative, not the derivative: derive it with the product rule.",
           ('approximat|finite|difference',)),
    Answer('06.scipy_erfcx', 'no decorator, grad never used', r'''
def erfcx(x):
    y = tf.numpy_function(scipy.special.erfcx, [x], x.dtype)
    y.set_shape(x.shape)
    def grad(upstream):
        return upstream * (2 * x * y - 2 / np.sqrt(np.pi))
    return y, grad
''', False, "Without @tf.custom_gradient the function returns the pair (y, grad) and the tape never calls grad.",
           ('custom_gradient|pair|decorat',)),
]


# ---------------------------------------------------------------- d-: a second learner corpus, written blind
def _e(forward, grad_body, before=""):
    return (before + "@tf.custom_gradient\ndef erfcx(x):\n" + forward + "    def grad(upstream):\n" + grad_body +
            "    return y, grad\n")


_NPF = "    y = tf.numpy_function(scipy.special.erfcx, [x], x.dtype)\n    y.set_shape(x.shape)\n"
_RIGHT = "        return upstream * (2 * x * y - 2 / np.sqrt(np.pi))\n"

ANSWERS += [
    Answer(KEY, "d-slope-in-scipy-float64", _e(_NPF,
        "        slope = tf.numpy_function(lambda t: 2 * t * scipy.special.erfcx(t) - 2 / np.sqrt(np.pi), [x], x.dtype)\n"
        "        slope.set_shape(x.shape)\n"
        "        return upstream * slope\n"), False,
           mistake="the slope's NumPy code returns float64 for float32 input (2/np.sqrt(np.pi) is a float64 scalar)",
           must_mention=("float64|astype|dtype",)),
    Answer(KEY, "d-right-py-function", _e(
        "    y = tf.py_function(lambda t: scipy.special.erfcx(t.numpy()), [x], x.dtype)\n"
        "    y = tf.ensure_shape(y, x.shape)\n", _RIGHT), True),
    Answer(KEY, "d-right-typed-constant", _e(_NPF,
        "        c = tf.constant(2 / np.sqrt(np.pi), dtype=x.dtype)\n"
        "        return upstream * (2 * x * y - c)\n"), True),
    Answer(KEY, "d-right-factored", _e(_NPF,
        "        return 2 * upstream * (x * y - 1 / np.sqrt(np.pi))\n"), True),
    Answer(KEY, "d-grad-from-formula", _e(_NPF,
        "        return upstream * (2 * x * tf.exp(x ** 2) * tf.math.erfc(x) - 2 / np.sqrt(np.pi))\n"), False,
           mistake="the derivative recomputes e^{x²}·erfc(x): inf·0 = nan for large x; use y (erfcx) instead",
           must_mention=("overflow|nan|inf|finite",)),
    Answer(KEY, "d-erfc-derivative-only", _e(_NPF,
        "        return upstream * (-2 / np.sqrt(np.pi) * tf.exp(-x ** 2))\n"), False,
           mistake="differentiates only erfc(x) (and not even scaled): the product rule's e^{x²} term is missing",
           must_mention=("product rule|2x|2·x|e^{x²}|exp",)),
    Answer(KEY, "d-tout-float64", _e(
        "    y = tf.numpy_function(scipy.special.erfcx, [tf.cast(x, tf.float64)], tf.float64)\n"
        "    y.set_shape(x.shape)\n", _RIGHT), False,
           mistake="the forward always returns float64: float32 input gets a float64 output (and grad mixes dtypes)",
           must_mention=("dtype|float32|float64",)),
    Answer(KEY, "d-no-grad-returned", _e(_NPF, _RIGHT).replace("    return y, grad\n", "    return y\n"), False,
           mistake="returns only y: a custom-gradient function must return (y, grad)",
           must_mention=("grad",)),
    Answer(KEY, "d-constant-1-over-sqrt-pi", _e(_NPF,
        "        return upstream * (2 * x * y - 1 / np.sqrt(np.pi))\n"), False,
           mistake="the constant is 2/√π (from erf'), not 1/√π",
           must_mention=("2/√π|2 / √π|constant|factor|erf'",)),
    Answer(KEY, "d-float32-constant", _e(_NPF,
        "        return upstream * (2 * x * y - tf.constant(2 / np.sqrt(np.pi)))\n"), False,
           mistake="a float32 tf.constant meets float64 input",
           must_mention=("float64|dtype",)),
    Answer(KEY, "d-right-astype-wrapper", _e(
        "    y = tf.numpy_function(lambda t: scipy.special.erfcx(t).astype(t.dtype), [x], x.dtype)\n"
        "    y.set_shape(x.shape)\n",
        "        return upstream * (2 * x * y - tf.cast(2 / np.sqrt(np.pi), x.dtype))\n"), True),
    Answer(KEY, "d-kept-exp-on-constant", _e(_NPF,
        "        return upstream * (2 * x * y - 2 / np.sqrt(np.pi) * tf.exp(-x ** 2))\n"), False,
           mistake="e^{x²}·erf'(x) = 2/√π: the e^{-x²} cancels and must not stay on the constant term",
           must_mention=("cancel|e^{-x²}|exp(-x²)|e^(-x²)",)),
    Answer(KEY, "d-numpy-in-grad", _e(_NPF,
        "        y_np = scipy.special.erfcx(x.numpy())\n"
        "        return upstream * (2 * x * y_np - 2 / np.sqrt(np.pi))\n"), False,
           mistake=".numpy() inside grad: fails inside tf.function",
           must_mention=("numpy|tf.function",)),
    Answer(KEY, "d-slope-from-erfc-times-exp", _e(_NPF,
        "        erf_slope = 2 / np.sqrt(np.pi) * tf.exp(-x ** 2)\n"
        "        return upstream * (2 * x * y - tf.exp(x ** 2) * erf_slope)\n"), False,
           mistake="e^{x²}·e^{-x²} computed as a product: inf·0 = nan for large x; simplify to 2/√π",
           must_mention=("overflow|nan|inf|finite",)),
]
