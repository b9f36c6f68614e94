"""Exercise 06.numpy_erf: a wrong answer for each mistake it names, and answers written from the learner's side."""

import numpy as np
import scipy.special
import tensorflow as tf

from answer_kit import Answer, cg, numpy_erf

KEY = "06.numpy_erf"

MISTAKES = {
    'numpy_in_graph': numpy_erf(forward=lambda x: tf.constant(scipy.special.erf(x.numpy()))),
    'no_shape': numpy_erf(set_shape=False),
    'upstream_ignored': numpy_erf(grad=lambda x, u: 2 / np.sqrt(np.pi) * tf.exp(-x ** 2)),
    'none': lambda x: tf.stop_gradient(tf.math.erf(x)),
    'wrong_values': numpy_erf(grad=lambda x, u: u * 2 / np.sqrt(np.pi) * tf.exp(-tf.abs(x))),
    'no_numpy_function': cg(tf.math.erf, lambda x, u: u * 2 / np.sqrt(np.pi) * tf.exp(-x ** 2)),
    'wrong_dtype': numpy_erf(forward=lambda x: tf.ensure_shape(
            tf.numpy_function(lambda a: scipy.special.erf(a).astype(np.float64), [x], tf.float64), x.shape)),
    'fixed_shape': numpy_erf(forward=lambda x: tf.ensure_shape(
        tf.numpy_function(scipy.special.erf, [x], x.dtype), (5,))),
    'approximation': numpy_erf(grad=lambda x, u: u * 1.128 * tf.exp(-x ** 2)),
    'constant_factor': numpy_erf(grad=lambda x, u: u / np.sqrt(np.pi) * tf.exp(-x ** 2)),
    'normal_density': numpy_erf(
        grad=lambda x, u: u * tf.exp(-x ** 2 / 2) / np.sqrt(2 * np.pi)),
}

ANSWERS = [
    # ---- set ab
    Answer('06.numpy_erf', 'lambda-astype-and-rsqrt', r'''
@tf.custom_gradient
def numpy_erf(x):
    y = tf.numpy_function(lambda a: scipy.special.erf(a).astype(a.dtype), [x], x.dtype)
    y.set_shape(x.shape)
    def grad(upstream):
        # d/dx of 2/sqrt(pi) * integral_0^x exp(-t^2) dt is the integrand at t = x
        two_over_root_pi = 2 * tf.math.rsqrt(tf.constant(np.pi, x.dtype))
        return upstream * two_over_root_pi * tf.exp(-x * x)
    return y, grad
''', True),
    Answer('06.numpy_erf', 'set-shape-hard-coded', r'''
@tf.custom_gradient
def numpy_erf(x):
    y = tf.numpy_function(scipy.special.erf, [x], x.dtype)
    y.set_shape((3,))                      # my test vector had three entries
    def grad(upstream):
        return upstream * 2 / np.sqrt(np.pi) * tf.exp(-tf.square(x))
    return y, grad
''', False, "set_shape((3,)) hard-codes the example's shape: any other input shape fails. Use set_shape(x.shape).",
           ('shape',)),
    Answer('06.numpy_erf', 'integrand-without-constant', r'''
@tf.custom_gradient
def numpy_erf(x):
    y = tf.numpy_function(scipy.special.erf, [x], x.dtype)
    y.set_shape(x.shape)
    def grad(upstream):
        # fundamental theorem of calculus: derivative of the integral is the integrand
        return upstream * tf.exp(-tf.square(x))
    return y, grad
''', False, 'The derivative of the integral is the integrand, but erf has the factor 2/√π in front, which the gradient drops.',
           ('factor|constant|√π|sqrt|pi',)),
    Answer('06.numpy_erf', 'tout-float32', r'''
@tf.custom_gradient
def numpy_erf(x):
    y = tf.numpy_function(scipy.special.erf, [x], tf.float32)
    y.set_shape(x.shape)
    def grad(upstream):
        return upstream * 2 / np.sqrt(np.pi) * tf.exp(-x ** 2)
    return y, grad
''', False, 'tf.numpy_function is told the result is float32, so float64 input (SciPy returns float64) fails: pass x.dtype as the output type.',
           ('float64|dtype',)),
    # ---- set b
    Answer('06.numpy_erf', 'numpy_function + set_shape', r'''
@tf.custom_gradient
def numpy_erf(x):
    y = tf.numpy_function(scipy.special.erf, [x], x.dtype)
    y.set_shape(x.shape)
    def grad(upstream):
        return upstream * 2 / np.sqrt(np.pi) * tf.exp(-x ** 2)
    return y, grad
''', True),
    Answer('06.numpy_erf', 'py_function + ensure_shape', r'''
def _erf_numpy(t):
    return scipy.special.erf(t.numpy())

@tf.custom_gradient
def numpy_erf(x):
    y = tf.py_function(_erf_numpy, [x], Tout=x.dtype)
    y = tf.ensure_shape(y, x.shape)
    def grad(upstream):
        two_over_sqrt_pi = tf.constant(2.0 / np.sqrt(np.pi), dtype=x.dtype)
        return upstream * two_over_sqrt_pi * tf.exp(-tf.square(x))
    return y, grad
''', True),
    Answer('06.numpy_erf', 'numpy_function lambda + reshape', r'''
@tf.custom_gradient
def numpy_erf(x):
    y = tf.numpy_function(lambda a: scipy.special.erf(a).astype(a.dtype), [x], Tout=x.dtype)
    y = tf.reshape(y, tf.shape(x))
    def grad(dy):
        return dy * 2.0 / tf.sqrt(tf.constant(np.pi, x.dtype)) * tf.exp(-x * x)
    return y, grad
''', True),
    Answer('06.numpy_erf', 'scipy.special.erf directly on the tensor', r'''
@tf.custom_gradient
def numpy_erf(x):
    y = tf.convert_to_tensor(scipy.special.erf(x), dtype=x.dtype)
    def grad(upstream):
        return upstream * 2 / np.sqrt(np.pi) * tf.exp(-x ** 2)
    return y, grad
''', False, 'calling SciPy on a tensor needs its value: fails inside tf.function; wrap it in tf.numpy_function',
           ('numpy_function|tf.function',)),
    Answer('06.numpy_erf', 'set_shape forgotten', r'''
@tf.custom_gradient
def numpy_erf(x):
    y = tf.numpy_function(scipy.special.erf, [x], x.dtype)
    def grad(upstream):
        return upstream * 2 / np.sqrt(np.pi) * tf.exp(-x ** 2)
    return y, grad
''', False, "tf.numpy_function cannot know the result's shape: call y.set_shape(x.shape)",
           ('shape',)),
    Answer('06.numpy_erf', '2/pi without the square root', r'''
@tf.custom_gradient
def numpy_erf(x):
    y = tf.numpy_function(scipy.special.erf, [x], x.dtype)
    y.set_shape(x.shape)
    def grad(upstream):
        return upstream * 2 / np.pi * tf.exp(-x ** 2)
    return y, grad
''', False, 'the constant is 2/sqrt(pi), not 2/pi',
           ('sqrt|derivative',)),
    Answer('06.numpy_erf', 'exp(+x^2)', r'''
@tf.custom_gradient
def numpy_erf(x):
    y = tf.numpy_function(scipy.special.erf, [x], x.dtype)
    y.set_shape(x.shape)
    def grad(upstream):
        return upstream * 2 / np.sqrt(np.pi) * tf.exp(x ** 2)
    return y, grad
''', False, 'the derivative is 2/sqrt(pi) * exp(-x^2): the minus sign is missing',
           ('sign|minus|exp|derivative',)),
    Answer('06.numpy_erf', 'grad ignores upstream', r'''
@tf.custom_gradient
def numpy_erf(x):
    y = tf.numpy_function(scipy.special.erf, [x], x.dtype)
    y.set_shape(x.shape)
    def grad(upstream):
        return 2 / np.sqrt(np.pi) * tf.exp(-x ** 2)
    return y, grad
''', False, 'grad returns the local derivative only: multiply by upstream',
           ('upstream',)),
    Answer('06.numpy_erf', 'Tout hard-coded float32', r'''
@tf.custom_gradient
def numpy_erf(x):
    y = tf.numpy_function(scipy.special.erf, [x], tf.float32)
    y.set_shape(x.shape)
    def grad(upstream):
        return upstream * 2 / np.sqrt(np.pi) * tf.exp(-x ** 2)
    return y, grad
''', False, 'Tout fixed to float32: a float64 input gives a dtype error; use x.dtype',
           ('dtype|float64',)),
    Answer('06.numpy_erf', 'Tout forgotten', r'''
@tf.custom_gradient
def numpy_erf(x):
    y = tf.numpy_function(scipy.special.erf, [x])
    y.set_shape(x.shape)
    def grad(upstream):
        return upstream * 2 / np.sqrt(np.pi) * tf.exp(-x ** 2)
    return y, grad
''', False, 'tf.numpy_function needs the output dtype (Tout) as third argument',
           ('Tout|dtype',)),
    Answer('06.numpy_erf', 'tf.numpy_funtion typo', r'''
@tf.custom_gradient
def numpy_erf(x):
    y = tf.numpy_funtion(scipy.special.erf, [x], x.dtype)
    y.set_shape(x.shape)
    def grad(upstream):
        return upstream * 2 / np.sqrt(np.pi) * tf.exp(-x ** 2)
    return y, grad
''', False, 'tf.numpy_funtion is misspelt (AttributeError): tf.numpy_function',
           ('numpy_funtion|AttributeError',)),
    Answer('06.numpy_erf', 'np.exp in grad', r'''
@tf.custom_gradient
def numpy_erf(x):
    y = tf.numpy_function(scipy.special.erf, [x], x.dtype)
    y.set_shape(x.shape)
    def grad(upstream):
        return upstream * 2 / np.sqrt(np.pi) * np.exp(-x ** 2)
    return y, grad
''', False, 'np.exp on a tensor needs its value: fails inside tf.function; use tf.exp',
           ('NumPy|np.exp|tf.function',)),
    Answer('06.numpy_erf', 'plain tf.math.erf, no SciPy', r'''
def numpy_erf(x):
    return tf.math.erf(x)
''', False, 'the exercise is to wrap scipy.special.erf with tf.numpy_function and a custom gradient',
           ('numpy_function|scipy|custom',)),
    Answer('06.numpy_erf', 'tf.constant of a NumPy float64 factor', r'''
@tf.custom_gradient
def numpy_erf(x):
    y = tf.numpy_function(scipy.special.erf, [x], x.dtype)
    y.set_shape(x.shape)
    def grad(upstream):
        factor = tf.constant(2 / np.sqrt(np.pi))
        return upstream * factor * tf.exp(-tf.square(x))
    return y, grad
''', False, 'tf.constant of a NumPy float64 is float64: multiplying a float32 upstream by it fails; match x.dtype',
           ('float64|dtype',)),
    # ---- set d
    Answer('06.numpy_erf', 'numpy_function, set_shape, tf grad', r'''
@tf.custom_gradient
def numpy_erf(x):
    y = tf.numpy_function(scipy.special.erf, [x], x.dtype)
    y.set_shape(x.shape)
    def grad(upstream):
        return upstream * 2 / np.sqrt(np.pi) * tf.exp(-x ** 2)
    return y, grad
''', True),
    Answer('06.numpy_erf', 'ensure_shape and a cast constant', r'''
@tf.custom_gradient
def numpy_erf(x):
    y = tf.ensure_shape(tf.numpy_function(scipy.special.erf, [x], x.dtype), x.shape)
    def grad(upstream):
        two_over_sqrt_pi = tf.cast(2.0 / np.sqrt(np.pi), x.dtype)
        return upstream * two_over_sqrt_pi * tf.exp(-tf.square(x))
    return y, grad
''', True),
    Answer('06.numpy_erf', 'grad also through numpy_function', r'''
def _erf_slope(t):
    return (2 / np.sqrt(np.pi) * np.exp(-t ** 2)).astype(t.dtype)

@tf.custom_gradient
def numpy_erf(x):
    y = tf.numpy_function(scipy.special.erf, [x], x.dtype)
    y.set_shape(x.shape)
    def grad(upstream):
        slope = tf.numpy_function(_erf_slope, [x], x.dtype)
        slope.set_shape(x.shape)
        return upstream * slope
    return y, grad
''', True),
    Answer('06.numpy_erf', 'tf.py_function calling scipy', r'''
@tf.custom_gradient
def numpy_erf(x):
    y = tf.py_function(lambda t: scipy.special.erf(t.numpy()), [x], x.dtype)
    y.set_shape(x.shape)
    def grad(upstream):
        return upstream * (2 / np.sqrt(np.pi)) * tf.exp(-x * x)
    return y, grad
''', True),
    Answer('06.numpy_erf', 'scipy called on the tensor directly', r'''
@tf.custom_gradient
def numpy_erf(x):
    y = tf.convert_to_tensor(scipy.special.erf(x), dtype=x.dtype)
    def grad(upstream):
        return upstream * 2 / np.sqrt(np.pi) * tf.exp(-x ** 2)
    return y, grad
''', False, 'SciPy on the tensor needs its values, which a symbolic tensor inside tf.function does not have: wrap the call in tf.numpy_function.',
           ('numpy_function|tf.function|symbolic|graph',)),
    Answer('06.numpy_erf', 'tf.math.erf instead of scipy', r'''
@tf.custom_gradient
def numpy_erf(x):
    y = tf.math.erf(x)
    def grad(upstream):
        return upstream * 2 / np.sqrt(np.pi) * tf.exp(-x ** 2)
    return y, grad
''', False, "The exercise is to wrap SciPy's erf: the forward must call scipy.special.erf through tf.numpy_function, not tf.math.erf.",
           ('scipy',)),
    Answer('06.numpy_erf', 'set_shape forgotten', r'''
@tf.custom_gradient
def numpy_erf(x):
    y = tf.numpy_function(scipy.special.erf, [x], x.dtype)
    def grad(upstream):
        return upstream * 2 / np.sqrt(np.pi) * tf.exp(-x ** 2)
    return y, grad
''', False, "tf.numpy_function cannot know the result's shape: inside tf.function y has an unknown shape until you call y.set_shape(x.shape).",
           ('shape',)),
    Answer('06.numpy_erf', '2/sqrt(pi) forgotten', r'''
@tf.custom_gradient
def numpy_erf(x):
    y = tf.numpy_function(scipy.special.erf, [x], x.dtype)
    y.set_shape(x.shape)
    def grad(upstream):
        return upstream * tf.exp(-x ** 2)
    return y, grad
''', False, "erf'(x) = 2/√π · e^(−x²): the constant factor 2/√π ≈ 1.128 is missing.",
           ('2/√π|√π|sqrt|pi|π|constant|factor|1.128',)),
    Answer('06.numpy_erf', 'normal density e^(-x²/2) as the slope', r'''
@tf.custom_gradient
def numpy_erf(x):
    y = tf.numpy_function(scipy.special.erf, [x], x.dtype)
    y.set_shape(x.shape)
    def grad(upstream):
        return upstream * 2 / np.sqrt(np.pi) * tf.exp(-x ** 2 / 2)
    return y, grad
''', False, "The integrand is e^(−t²), so erf'(x) = 2/√π · e^(−x²), not e^(−x²/2) (that is the normal density's exponent).",
           ("gradient|grad|derivative|erf'|slope",)),
    Answer('06.numpy_erf', 'upstream forgotten', r'''
@tf.custom_gradient
def numpy_erf(x):
    y = tf.numpy_function(scipy.special.erf, [x], x.dtype)
    y.set_shape(x.shape)
    def grad(upstream):
        return 2 / np.sqrt(np.pi) * tf.exp(-x ** 2)
    return y, grad
''', False, "grad returns erf'(x) alone: multiply it by upstream.",
           ('upstream',)),
    Answer('06.numpy_erf', 'Tout hard-coded to float32', r'''
@tf.custom_gradient
def numpy_erf(x):
    y = tf.numpy_function(scipy.special.erf, [x], tf.float32)
    y.set_shape(x.shape)
    def grad(upstream):
        return upstream * 2 / np.sqrt(np.pi) * tf.exp(-x ** 2)
    return y, grad
''', False, 'Tout is fixed to float32, so a float64 input fails (SciPy returns float64): pass x.dtype.',
           ('dtype|float64|float32|Tout',)),
    Answer('06.numpy_erf', 'np.exp inside grad', r'''
@tf.custom_gradient
def numpy_erf(x):
    y = tf.numpy_function(scipy.special.erf, [x], x.dtype)
    y.set_shape(x.shape)
    def grad(upstream):
        return upstream * 2 / np.sqrt(np.pi) * np.exp(-x ** 2)
    return y, grad
''', False, 'np.exp needs concrete values; inside tf.function grad works on symbolic tensors: use tf.exp.',
           ('tf.function|symbolic|numpy|NumPy|np.exp|tf.exp|graph',)),
    Answer('06.numpy_erf', 'numpy slope without casting back (float64 for float32)', r'''
@tf.custom_gradient
def numpy_erf(x):
    y = tf.numpy_function(scipy.special.erf, [x], x.dtype)
    y.set_shape(x.shape)
    def grad(upstream):
        slope = tf.numpy_function(lambda t: 2 / np.sqrt(np.pi) * np.exp(-t ** 2), [x], x.dtype)
        return upstream * slope
    return y, grad
''', False, 'np.float64 times a float32 array is float64 in NumPy 2, but Tout says float32: the backward pass fails for float32 input; cast with .astype(t.dtype).',
           ('dtype|float64|float32',)),
    Answer('06.numpy_erf', 'decorator forgotten', r'''
def numpy_erf(x):
    y = tf.numpy_function(scipy.special.erf, [x], x.dtype)
    y.set_shape(x.shape)
    def grad(upstream):
        return upstream * 2 / np.sqrt(np.pi) * tf.exp(-x ** 2)
    return y, grad
''', False, 'Without @tf.custom_gradient the function returns the pair (y, grad), and TensorFlow has no gradient through tf.numpy_function.',
           ('decorat|custom_gradient|tuple|pair',)),
    # ---- set e
    Answer('06.numpy_erf', 'numpy_function with set_shape', r'''
@tf.custom_gradient
def numpy_erf(x):
    y = tf.numpy_function(scipy.special.erf, [x], x.dtype)
    y.set_shape(x.shape)
    def grad(upstream):
        return upstream * 2 / np.sqrt(np.pi) * tf.exp(-tf.square(x))
    return y, grad
''', True),
    Answer('06.numpy_erf', 'py_function with ensure_shape', r'''
@tf.custom_gradient
def numpy_erf(x):
    y = tf.py_function(lambda t: scipy.special.erf(t.numpy()), [x], Tout=x.dtype)
    y = tf.ensure_shape(y, x.shape)
    def grad(upstream):
        return upstream * (2 / np.pi ** 0.5) * tf.math.exp(-x ** 2)
    return y, grad
''', True),
    Answer('06.numpy_erf', '.numpy() in the forward', r'''
@tf.custom_gradient
def numpy_erf(x):
    y = tf.constant(scipy.special.erf(x.numpy()), dtype=x.dtype)
    def grad(upstream):
        return upstream * 2 / np.sqrt(np.pi) * tf.exp(-x ** 2)
    return y, grad
''', False, 'x.numpy() fails inside tf.function, where x is symbolic: call SciPy through tf.numpy_function.',
           ('tf.function|numpy_function|symbolic|graph|py_function',)),
    Answer('06.numpy_erf', 'tf.math.erf forward, no SciPy', r'''
@tf.custom_gradient
def numpy_erf(x):
    y = tf.math.erf(x)
    def grad(upstream):
        return upstream * 2 / np.sqrt(np.pi) * tf.exp(-x ** 2)
    return y, grad
''', False, 'The exercise is to wrap scipy.special.erf; this forward never calls SciPy.',
           ('scipy|numpy_function',)),
    Answer('06.numpy_erf', 'Gaussian exponent -x²/2', r'''
@tf.custom_gradient
def numpy_erf(x):
    y = tf.numpy_function(scipy.special.erf, [x], x.dtype)
    y.set_shape(x.shape)
    def grad(upstream):
        return upstream * 2 / np.sqrt(np.pi) * tf.exp(-x ** 2 / 2)
    return y, grad
''', False, "The integrand is e^{−t²}, so erf'(x) = (2/√π)e^{−x²}: no /2 in the exponent (that is the normal density).",
           ('exponent|x²|x^2|x**2|e^{-x|e^(-x|1/2|half',)),
    Answer('06.numpy_erf', 'Tout fixed to float32', r'''
@tf.custom_gradient
def numpy_erf(x):
    y = tf.numpy_function(scipy.special.erf, [x], tf.float32)
    y.set_shape(x.shape)
    def grad(upstream):
        return upstream * 2 / np.sqrt(np.pi) * tf.exp(-x ** 2)
    return y, grad
''', False, 'Tout is fixed to float32, so float64 input fails inside tf.function (SciPy returns float64): use x.dtype.',
           ('dtype|float64|float32|tout',)),
    # ---- set f
    Answer('06.numpy_erf', 'py_function_forward', r'''
@tf.custom_gradient
def numpy_erf(x):
    y = tf.py_function(lambda t: scipy.special.erf(t.numpy()), [x], x.dtype)
    y.set_shape(x.shape)
    def grad(upstream):
        return upstream * 2 / np.sqrt(np.pi) * tf.exp(-tf.square(x))
    return y, grad
''', True),
    Answer('06.numpy_erf', 'numpy_in_both_passes', r'''
def erf_prime(t):
    return (2 / np.sqrt(np.pi) * np.exp(-t ** 2)).astype(t.dtype)

@tf.custom_gradient
def numpy_erf(x):
    y = tf.numpy_function(scipy.special.erf, [x], x.dtype)
    y.set_shape(x.shape)
    def grad(upstream):
        slope = tf.numpy_function(erf_prime, [x], x.dtype)
        slope.set_shape(x.shape)
        return upstream * slope
    return y, grad
''', True),
    Answer('06.numpy_erf', 'tf_erf_forward_not_scipy', r'''
@tf.custom_gradient
def numpy_erf(x):
    def grad(upstream):
        return upstream * 2 / np.sqrt(np.pi) * tf.exp(-x ** 2)
    return tf.math.erf(x), grad
''', False, "The forward calls tf.math.erf; the exercise asks to wrap SciPy's erf (through tf.numpy_function).",
           ('scipy|numpy_function',)),
    Answer('06.numpy_erf', 'phi_density_from_notebook_03', r'''
@tf.custom_gradient
def numpy_erf(x):
    y = tf.numpy_function(scipy.special.erf, [x], x.dtype)
    y.set_shape(x.shape)
    def grad(upstream):
        return upstream * tf.exp(-x ** 2 / 2) / np.sqrt(2 * np.pi)      # φ(x)
    return y, grad
''', False, "That is Φ's derivative, the normal density; erf'(x) = 2/√π · e^(−x²).",
           ('2/√π|2 / √π|2/sqrt|2 / sqrt|e^(-x²)|e^(−x²)|exp(-x²)|exp(−x²)|-x²|−x²|x**2|normal density',)),
    Answer('06.numpy_erf', 'tout_fixed_float64', r'''
@tf.custom_gradient
def numpy_erf(x):
    y = tf.numpy_function(scipy.special.erf, [x], tf.float64)
    y.set_shape(x.shape)
    def grad(upstream):
        return upstream * 2 / np.sqrt(np.pi) * tf.exp(-x ** 2)
    return y, grad
''', False, 'Tout is fixed to float64: float32 input fails inside tf.function; use x.dtype.',
           ('dtype|float32|float64',)),
    Answer('06.numpy_erf', 'variables_kwarg_returns_empty_list', r'''
@tf.custom_gradient
def numpy_erf(x):
    y = tf.numpy_function(scipy.special.erf, [x], x.dtype)
    y.set_shape(x.shape)
    def grad(upstream, variables=None):
        dx = upstream * 2 / np.sqrt(np.pi) * tf.exp(-x ** 2)
        return dx, []                 # no variables
    return y, grad
''', True),
    # ---- set g
    Answer('06.numpy_erf', 'numpy-function-set-shape', r'''
@tf.custom_gradient
def numpy_erf(x):
    y = tf.numpy_function(scipy.special.erf, [x], x.dtype)
    y.set_shape(x.shape)
    def grad(upstream):
        return upstream * 2 / np.sqrt(np.pi) * tf.exp(-tf.square(x))
    return y, grad
''', True),
    Answer('06.numpy_erf', 'py-function', r'''
@tf.custom_gradient
def numpy_erf(x):
    y = tf.py_function(lambda t: scipy.special.erf(t.numpy()), [x], Tout=x.dtype)
    y.set_shape(x.shape)
    def grad(upstream):
        return upstream * (2 / np.sqrt(np.pi)) * tf.exp(-x * x)
    return y, grad
''', True),
    Answer('06.numpy_erf', 'tout-fixed-float32', r'''
@tf.custom_gradient
def numpy_erf(x):
    y = tf.numpy_function(scipy.special.erf, [x], tf.float32)
    y.set_shape(x.shape)
    def grad(upstream):
        return upstream * 2 / np.sqrt(np.pi) * tf.exp(-x ** 2)
    return y, grad
''', False, 'Tout is fixed to float32: for a float64 input the value comes back float32 (eagerly) or numpy_function fails (compiled); use x.dtype',
           ('float64|dtype|Tout',)),
    Answer('06.numpy_erf', 'numpy-slope-float64-scalar', r'''
@tf.custom_gradient
def numpy_erf(x):
    y = tf.numpy_function(scipy.special.erf, [x], x.dtype)
    y.set_shape(x.shape)
    def grad(upstream):
        slope = tf.numpy_function(lambda v: 2 / np.sqrt(np.pi) * np.exp(-v ** 2), [x], x.dtype)
        return upstream * slope
    return y, grad
''', False, '2 / np.sqrt(np.pi) is a NumPy float64 scalar, so the slope comes back float64 for a float32 input: upstream * slope (or numpy_function, compiled) fails',
           ('float32|float64|dtype',)),
    Answer('06.numpy_erf', 'gaussian-exponent-halved', r'''
@tf.custom_gradient
def numpy_erf(x):
    y = tf.numpy_function(scipy.special.erf, [x], x.dtype)
    y.set_shape(x.shape)
    def grad(upstream):
        return upstream * 2 / np.sqrt(np.pi) * tf.exp(-x ** 2 / 2)
    return y, grad
''', False, "erf'(x) = 2/√π · e^{-x²}: the exponent is -x², not -x²/2 (that is the normal density's)",
           ('x²|x**2|x^2|exponent|e^{-x',)),
    # ---- set holdout
    Answer('06.numpy_erf', 'py_function and ensure_shape', r'''
@tf.custom_gradient
def numpy_erf(x):
    y = tf.py_function(lambda t: scipy.special.erf(t.numpy()), [x], Tout=x.dtype)
    y = tf.ensure_shape(y, x.shape)
    def grad(upstream):
        return upstream * (2.0 / np.sqrt(np.pi)) * tf.exp(-tf.square(x))
    return y, grad
''', True),
    Answer('06.numpy_erf', 'np.exp in grad', r'''
@tf.custom_gradient
def numpy_erf(x):
    y = tf.numpy_function(scipy.special.erf, [x], x.dtype)
    y.set_shape(x.shape)
    def grad(upstream):
        return upstream * 2 / np.sqrt(np.pi) * np.exp(-x ** 2)
    return y, grad
''', False, 'The forward is wrapped, but grad calls np.exp on a symbolic tensor, which fails in tf.function.',
           ('NumPy|np.exp|tf.function|symbolic|grad',)),
    Answer('06.numpy_erf', 'exp without minus', r'''
@tf.custom_gradient
def numpy_erf(x):
    y = tf.numpy_function(scipy.special.erf, [x], x.dtype)
    y.set_shape(x.shape)
    def grad(upstream):
        return upstream * 2 / np.sqrt(np.pi) * tf.exp(x ** 2)
    return y, grad
''', False, 'The derivative of erf is (2/√π)·e^(−x²): the minus sign in the exponent is missing.',
           ('sign|minus|negative|exponent',)),
    Answer('06.numpy_erf', 'missing 2/sqrt(pi)', r'''
@tf.custom_gradient
def numpy_erf(x):
    y = tf.numpy_function(scipy.special.erf, [x], x.dtype)
    y.set_shape(x.shape)
    def grad(upstream):
        return upstream * tf.exp(-x * x)
    return y, grad
''', False, "The constant factor 2/√π of erf's derivative is missing.",
           ('constant|factor|√π|sqrt|2/√π|pi',)),
    Answer('06.numpy_erf', 'x not wrapped in a list', r'''
@tf.custom_gradient
def numpy_erf(x):
    y = tf.numpy_function(scipy.special.erf, x, x.dtype)
    y.set_shape(x.shape)
    def grad(upstream):
        return upstream * 2 / np.sqrt(np.pi) * tf.exp(-x ** 2)
    return y, grad
''', False, 'tf.numpy_function takes a list of inputs: pass [x], not x.',
           ('list|[x]|inp',)),
    Answer('06.numpy_erf', 'erfc typo', r'''
@tf.custom_gradient
def numpy_erf(x):
    y = tf.numpy_function(scipy.special.erfc, [x], x.dtype)
    y.set_shape(x.shape)
    def grad(upstream):
        return upstream * 2 / np.sqrt(np.pi) * tf.exp(-x ** 2)
    return y, grad
''', False, 'scipy.special.erfc is the complementary function 1 − erf; the forward value is wrong.',
           ('erfc|forward|value|complement',)),
    # ---- set j
    Answer('06.numpy_erf', 'py-function-and-math-rsqrt', r'''
@tf.custom_gradient
def numpy_erf(x):
    y = tf.py_function(lambda t: scipy.special.erf(t.numpy()), [x], Tout=x.dtype)
    y = tf.ensure_shape(y, x.shape)
    def grad(upstream):
        two_over_root_pi = 2 * tf.math.rsqrt(tf.constant(np.pi, dtype=x.dtype))
        return upstream * two_over_root_pi * tf.exp(-tf.square(x))
    return y, grad
''', True),
    Answer('06.numpy_erf', 'numpy-in-grad-too', r'''
def _erf(a):
    return scipy.special.erf(a).astype(a.dtype)

def _erf_slope(a):
    return (2 / np.sqrt(np.pi) * np.exp(-a * a)).astype(a.dtype)   # numpy would upcast float32

@tf.custom_gradient
def numpy_erf(x):
    y = tf.numpy_function(_erf, [x], x.dtype)
    y.set_shape(x.shape)
    def grad(upstream):
        slope = tf.numpy_function(_erf_slope, [x], x.dtype)
        slope.set_shape(x.shape)
        return upstream * slope
    return y, grad
''', True),
    Answer('06.numpy_erf', 'dot-numpy-in-forward', r'''
@tf.custom_gradient
def numpy_erf(x):
    y = tf.constant(scipy.special.erf(x.numpy()), dtype=x.dtype)
    def grad(upstream):
        return upstream * 2 / np.sqrt(np.pi) * tf.exp(-x ** 2)
    return y, grad
''', False, 'x.numpy() only works eagerly; inside tf.function x is symbolic. Call SciPy through tf.numpy_function.',
           ('numpy_function|symbolic|tf.function',)),
    Answer('06.numpy_erf', 'forgot-2-over-sqrt-pi', r'''
@tf.custom_gradient
def numpy_erf(x):
    y = tf.numpy_function(scipy.special.erf, [x], x.dtype)
    y.set_shape(x.shape)
    def grad(upstream):
        return upstream * tf.exp(-x ** 2)        # derivative of the integral is the integrand
    return y, grad
''', False, 'The integrand carries the constant 2/√π in front: the gradient is off by that factor.',
           ('factor|sqrt|√|pi|π|constant',)),
    Answer('06.numpy_erf', 'exp-of-plus-x-squared', r'''
@tf.custom_gradient
def numpy_erf(x):
    y = tf.numpy_function(scipy.special.erf, [x], x.dtype)
    y.set_shape(x.shape)
    def grad(upstream):
        return upstream * 2 / np.sqrt(np.pi) * tf.exp(x ** 2)
    return y, grad
''', False, 'The derivative of erf is (2/√π)·exp(−x²); the sign in the exponent is wrong.',
           ('sign|minus|negative',)),
    Answer('06.numpy_erf', 'keras-ops-erf-not-scipy', r'''
@tf.custom_gradient
def numpy_erf(x):
    y = tf.keras.ops.erf(x)                    # backend-agnostic erf instead of scipy
    def grad(upstream):
        return upstream * 2 / np.sqrt(np.pi) * tf.exp(-tf.square(x))
    return y, grad
''', False, 'The exercise asks for the forward to call scipy.special.erf (through tf.numpy_function), not a TensorFlow/Keras erf.',
           ('scipy',)),
    Answer('06.numpy_erf', 'functools-partial', r'''
import functools

def _erf_with_scale(x, scale):
    y = tf.numpy_function(scipy.special.erf, [x], x.dtype)
    y.set_shape(x.shape)
    def grad(upstream):
        return upstream * scale * tf.exp(-x ** 2)
    return y, grad

numpy_erf = tf.custom_gradient(functools.partial(_erf_with_scale, scale=2 / np.sqrt(np.pi)))
''', False, 'A custom gradient built on a functools.partial fails when called (a partial has no __name__); bind the constant in a closure or write it in grad.',
           ('partial|__name__|closure',)),
    # ---- set l
    Answer('06.numpy_erf', 'numpy-function-ensure-shape-rsqrt', r'''
def _erf_np(a):
    return scipy.special.erf(a).astype(a.dtype, copy=False)

@tf.custom_gradient
def numpy_erf(x):
    y = tf.ensure_shape(tf.numpy_function(_erf_np, [x], x.dtype), x.shape)
    def grad(upstream):
        two_over_sqrt_pi = 2.0 * tf.math.rsqrt(tf.constant(np.pi, x.dtype))
        return upstream * two_over_sqrt_pi * tf.exp(-x * x)
    return y, grad
''', True),
    Answer('06.numpy_erf', 'dot-numpy-in-forward', r'''
@tf.custom_gradient
def numpy_erf(x):
    y = tf.constant(scipy.special.erf(x.numpy()), dtype=x.dtype)
    def grad(upstream):
        return upstream * 2 / np.sqrt(np.pi) * tf.exp(-x ** 2)
    return y, grad
''', False, 'x.numpy() fails inside tf.function, where x is symbolic: call SciPy through tf.numpy_function.',
           ('numpy_function|tf.function|symbolic|graph',)),
    Answer('06.numpy_erf', 'second-attempt-factor-still-missing', r'''
@tf.custom_gradient
def numpy_erf(x):
    y = tf.numpy_function(scipy.special.erf, [x], x.dtype)   # fixed: works in tf.function now
    y.set_shape(x.shape)
    def grad(upstream):
        return upstream * tf.exp(-tf.square(x))               # derivative of the integrand
    return y, grad
''', False, 'The gradient misses the constant factor in front of the integral (2/√π).',
           ('factor|constant|π|pi|sqrt',)),
    Answer('06.numpy_erf', 'upstream-dropped', r'''
@tf.custom_gradient
def numpy_erf(x):
    y = tf.numpy_function(scipy.special.erf, [x], x.dtype)
    y.set_shape(x.shape)
    def grad(upstream):
        c = tf.cast(2.0 / np.sqrt(np.pi), x.dtype)
        return c * tf.exp(-x ** 2)
    return y, grad
''', False, 'grad returns the local derivative of erf without multiplying by upstream.',
           ('upstream',)),
    Answer('06.numpy_erf', 'tout-hardcoded-float32', r'''
@tf.custom_gradient
def numpy_erf(x):
    y = tf.numpy_function(scipy.special.erf, [x], tf.float32)
    y.set_shape(x.shape)
    def grad(upstream):
        return upstream * 2 / np.sqrt(np.pi) * tf.exp(-x ** 2)
    return y, grad
''', False, "numpy_function's output dtype is fixed to float32, so float64 input fails; use x.dtype.",
           ('dtype|float64|float32',)),
    Answer('06.numpy_erf', 'chatbot-tf-math-erf', r'''
# no need for numpy: TensorFlow has erf built in
@tf.custom_gradient
def numpy_erf(x):
    y = tf.math.erf(x)
    def grad(upstream):
        return upstream * 2 / np.sqrt(np.pi) * tf.exp(-x ** 2)
    return y, grad
''', False, "The forward pass must call SciPy's erf (through tf.numpy_function), not tf.math.erf.",
           ('scipy',)),
    # ---- set m
    Answer('06.numpy_erf', 'py_function', r'''
@tf.custom_gradient
def numpy_erf(x):
    y = tf.py_function(lambda t: scipy.special.erf(t.numpy()), [x], Tout=x.dtype)
    y.set_shape(x.shape)
    def grad(upstream):
        return upstream * tf.cast(2 / np.sqrt(np.pi), x.dtype) * tf.exp(-tf.square(x))
    return y, grad
''', True),
    Answer('06.numpy_erf', 'dot-numpy', r'''
@tf.custom_gradient
def numpy_erf(x):
    y = tf.constant(scipy.special.erf(x.numpy()), dtype=x.dtype)
    def grad(upstream):
        return upstream * 2 / np.sqrt(np.pi) * tf.exp(-x ** 2)
    return y, grad
''', False, '.numpy() fails inside tf.function: wrap SciPy in tf.numpy_function.',
           ('numpy|tf.function|symbolic',)),
    Answer('06.numpy_erf', 'missing-constant', r'''
@tf.custom_gradient
def numpy_erf(x):
    y = tf.numpy_function(scipy.special.erf, [x], x.dtype)
    y.set_shape(x.shape)
    return y, lambda upstream: upstream * tf.exp(-x ** 2)
''', False, "The factor 2/√π of erf's derivative is missing.",
           ('factor|constant|π|pi',)),
    Answer('06.numpy_erf', 'normal-density-exponent', r'''
@tf.custom_gradient
def numpy_erf(x):
    y = tf.numpy_function(scipy.special.erf, [x], x.dtype)
    y.set_shape(x.shape)
    return y, lambda upstream: upstream * 2 / np.sqrt(np.pi) * tf.exp(-x ** 2 / 2)
''', False, "erf'(x) has e^(−x²), not e^(−x²/2) (that is the normal density's exponent).",
           ('exp|e^',)),
    Answer('06.numpy_erf', 'Tout-float32', r'''
@tf.custom_gradient
def numpy_erf(x):
    y = tf.numpy_function(scipy.special.erf, [x], tf.float32)
    y.set_shape(x.shape)
    return y, lambda upstream: upstream * 2 / np.sqrt(np.pi) * tf.exp(-x ** 2)
''', False, 'Tout is hard-coded to float32: use x.dtype so float64 inputs work.',
           ('dtype|float64|float32',)),
    # ---- set o
    Answer('06.numpy_erf', 'numpy-function-cast-constant', r'''
@tf.custom_gradient
def numpy_erf(x):
    y = tf.numpy_function(scipy.special.erf, [x], x.dtype)
    y.set_shape(x.shape)
    def grad(upstream):
        two_over_root_pi = tf.cast(2.0 / np.sqrt(np.pi), x.dtype)
        return upstream * two_over_root_pi * tf.exp(-tf.square(x))
    return y, grad
''', True),
    Answer('06.numpy_erf', 'lambda-astype-python-float', r'''
@tf.custom_gradient
def numpy_erf(x):
    y = tf.numpy_function(lambda a: scipy.special.erf(a).astype(a.dtype), [x], x.dtype)
    y = tf.ensure_shape(y, x.shape)
    return y, lambda upstream: upstream * tf.exp(-x * x) * (2 / np.pi ** 0.5)
''', True),
    Answer('06.numpy_erf', 'dot-numpy-in-forward', r'''
@tf.custom_gradient
def numpy_erf(x):
    y = tf.constant(scipy.special.erf(x.numpy()), dtype=x.dtype)
    def grad(upstream):
        return upstream * 2 / np.sqrt(np.pi) * tf.exp(-x ** 2)
    return y, grad
''', False, 'x.numpy() works eagerly but not inside tf.function, where x is symbolic: call SciPy through tf.numpy_function',
           ('numpy_function|tf.function|symbolic',)),
    Answer('06.numpy_erf', 'float64-constant-in-grad', r'''
@tf.custom_gradient
def numpy_erf(x):
    y = tf.numpy_function(scipy.special.erf, [x], x.dtype)
    y.set_shape(x.shape)
    def grad(upstream):
        c = tf.constant(2 / np.sqrt(np.pi), dtype=tf.float64)
        return upstream * c * tf.exp(-x ** 2)
    return y, grad
''', False, "the constant is float64, so float32 inputs fail in grad: make it in x's dtype (or use a Python float)",
           ('dtype|float32|float64',)),
    Answer('06.numpy_erf', 'finite-difference-in-grad', r'''
@tf.custom_gradient
def numpy_erf(x):
    y = tf.numpy_function(scipy.special.erf, [x], x.dtype)
    y.set_shape(x.shape)
    def grad(upstream):
        h = 1e-2
        y_h = tf.numpy_function(scipy.special.erf, [x + h], x.dtype)
        return upstream * (y_h - y) / h          # slope from a forward difference
    return y, grad
''', False, "a one-sided finite difference with h = 0.01 is only an approximation of erf's derivative, off by about 1%: use the exact 2/√π·exp(−x²)",
           ('finite|approximat|exact',)),
    Answer('06.numpy_erf', 'tf-erf-not-scipy', r'''
@tf.custom_gradient
def numpy_erf(x):
    y = tf.math.erf(x)
    def grad(upstream):
        return upstream * 2.0 / np.sqrt(np.pi) * tf.exp(-tf.square(x))
    return y, grad
''', False, "the forward must call SciPy's erf (through tf.numpy_function); this one uses tf.math.erf",
           ('scipy',)),
    # ---- set q
    Answer('06.numpy_erf', 'py-function-and-constant-cast', r'''
TWO_OVER_ROOT_PI = 2.0 / np.sqrt(np.pi)

@tf.custom_gradient
def numpy_erf(x):
    # py_function gets eager tensors even inside tf.function; SciPy turns them into arrays
    y = tf.py_function(lambda t: scipy.special.erf(t.numpy()), [x], Tout=x.dtype)
    y.set_shape(x.shape)
    def grad(upstream):
        # d/dx erf(x) = 2/sqrt(pi) * exp(-x^2)  (the integrand at the upper limit)
        return upstream * tf.cast(TWO_OVER_ROOT_PI, x.dtype) * tf.exp(-tf.square(x))
    return y, grad
''', True),
    Answer('06.numpy_erf', 'missing-factor-two', r'''
@tf.custom_gradient
def numpy_erf(x):
    y = tf.numpy_function(scipy.special.erf, [x], x.dtype)
    y.set_shape(x.shape)
    def grad(upstream):
        return upstream * tf.exp(-x * x) / np.sqrt(np.pi)
    return y, grad
''', False, 'the derivative of erf is 2/sqrt(pi) exp(-x^2): the factor 2 in front of the integral is missing, so the gradient is half the right one',
           ('factor|half|twice',)),
    Answer('06.numpy_erf', 'scipy-on-symbolic-tensor', r'''
@tf.custom_gradient
def numpy_erf(x):
    y = tf.convert_to_tensor(scipy.special.erf(x), dtype=x.dtype)   # fine when I run it
    def grad(upstream):
        return upstream * 2 / np.sqrt(np.pi) * tf.exp(-x ** 2)
    return y, grad
''', False, "SciPy cannot evaluate a symbolic tensor: inside tf.function the forward fails; call SciPy through tf.numpy_function and set the result's shape",
           ('tf.function|numpy_function|py_function|symbolic|graph',)),
    Answer('06.numpy_erf', 'keras-ops-erf-no-scipy', r'''
from tensorflow import keras

@tf.custom_gradient
def numpy_erf(x):
    y = keras.ops.erf(x)          # same values as scipy.special.erf, and it traces
    def grad(upstream):
        return upstream * keras.ops.exp(-keras.ops.square(x)) * (2.0 / np.sqrt(np.pi))
    return y, grad
''', False, 'the exercise wraps SciPy: the forward must call scipy.special.erf (through tf.numpy_function), not keras.ops.erf',
           ('scipy',)),
    # ---- set t
    Answer('06.numpy_erf', 'log-pi-in-exponent', r'''
@tf.custom_gradient
def numpy_erf(x):
    y = tf.numpy_function(lambda a: scipy.special.erf(a).astype(a.dtype), [x], x.dtype)
    y = tf.ensure_shape(y, x.shape)
    def grad(upstream):
        # d/dx erf = 2/sqrt(pi) exp(-x^2) = 2 exp(-x^2 - ln(pi)/2)
        half_log_pi = tf.constant(0.5 * np.log(np.pi), dtype=x.dtype)
        return upstream * 2 * tf.exp(-x * x - half_log_pi)
    return y, grad
''', True),
    Answer('06.numpy_erf', 'tanh-like-derivative-from-y', r'''
@tf.custom_gradient
def numpy_erf(x):
    y = tf.numpy_function(scipy.special.erf, [x], x.dtype)
    y.set_shape(x.shape)
    def grad(upstream):
        return upstream * (1 - y ** 2)       # like tanh: s-shaped from -1 to 1
    return y, grad
''', False, "1 - y² is tanh's derivative, not erf's; differentiate the integral: the integrand at x, times 2/√π.",
           ('tanh|erf²|erf(x)²|erf(x)^2|integral|integrand',)),
    Answer('06.numpy_erf', 'float32-hardcoded', r'''
@tf.custom_gradient
def numpy_erf(x):
    y = tf.numpy_function(scipy.special.erf, [x], tf.float32)
    y.set_shape(x.shape)
    def grad(upstream):
        return upstream * 2 / np.sqrt(np.pi) * tf.exp(-tf.square(x))
    return y, grad
''', False, 'The output dtype is hard-coded to float32, so float64 input fails; pass x.dtype to tf.numpy_function.',
           ('float64|dtype',)),
    Answer('06.numpy_erf', 'central-differences-in-grad', r'''
@tf.custom_gradient
def numpy_erf(x):
    y = tf.numpy_function(scipy.special.erf, [x], x.dtype)
    y.set_shape(x.shape)
    def grad(upstream):
        h = 1e-4
        def slope(a):
            return ((scipy.special.erf(a + h) - scipy.special.erf(a - h)) / (2 * h)).astype(a.dtype)
        s = tf.numpy_function(slope, [x], x.dtype)
        s.set_shape(x.shape)
        return upstream * s
    return y, grad
''', False, 'A central difference in grad loses digits to cancellation (about 5e-3 relative in float32, ~1e-8 in float64): derive the exact derivative from the integral.',
           ('finite|numerical|difference|cancel|approximat',)),
    # ---- set v
    Answer('06.numpy_erf', 'numpy-function-ensure-shape', r'''
import math

_TWO_OVER_SQRT_PI = 2.0 / math.sqrt(math.pi)


def _scipy_erf(a):
    return scipy.special.erf(a).astype(a.dtype, copy=False)


@tf.custom_gradient
def numpy_erf(x):
    y = tf.numpy_function(_scipy_erf, [x], Tout=x.dtype, stateful=False)
    y = tf.ensure_shape(y, x.shape)
    def grad(upstream):
        # fundamental theorem of calculus: d/dx erf(x) = 2/sqrt(pi) * exp(-x^2)
        return upstream * tf.constant(_TWO_OVER_SQRT_PI, x.dtype) * tf.exp(-tf.square(x))
    return y, grad
''', True),
    Answer('06.numpy_erf', 'keras-layer-autocast', r'''
class Erf(tf.keras.layers.Layer):
    """erf from SciPy, as a layer."""

    def call(self, x):
        @tf.custom_gradient
        def erf(x):
            y = tf.numpy_function(scipy.special.erf, [x], x.dtype)
            y.set_shape(x.shape)
            return y, lambda upstream: upstream * 2 / np.sqrt(np.pi) * tf.exp(-x * x)
        return erf(x)


numpy_erf = Erf()
''', False, 'A Keras layer casts its input to its own dtype (float32), so a float64 input loses precision and comes back float32.',
           ('float64|dtype|float32',)),
    Answer('06.numpy_erf', 'integrand-without-constant', r'''
@tf.custom_gradient
def numpy_erf(x):
    y = tf.numpy_function(lambda a: scipy.special.erf(a).astype(a.dtype), [x], x.dtype)
    y.set_shape(x.shape)
    def grad(upstream):
        return upstream * tf.exp(-x ** 2)          # derivative of an integral = its integrand
    return y, grad
''', False, 'The derivative keeps the constant in front of the integral: it is 2/√π · exp(-x²), not exp(-x²).',
           ('factor|constant|√π|sqrt|π',)),
    Answer('06.numpy_erf', 'numpy-call-eager-only', r'''
@tf.custom_gradient
def numpy_erf(x):
    y = tf.convert_to_tensor(scipy.special.erf(x.numpy()), dtype=x.dtype)
    def grad(upstream):
        return upstream * (2 / np.sqrt(np.pi)) * tf.exp(-tf.square(x))
    return y, grad
''', False, 'x.numpy() fails inside tf.function, where x is symbolic: call SciPy through tf.numpy_function.',
           ('tf.function|numpy_function|symbolic|graph|compiled',)),
    # ---- set x
    Answer('06.numpy_erf', 'py-function-with-dtype', r'''
from typing import Callable, Tuple

_TWO_OVER_SQRT_PI: float = 2.0 / np.sqrt(np.pi)


def _scipy_erf(t: tf.Tensor) -> np.ndarray:
    """Runs eagerly inside tf.py_function, so .numpy() is allowed here."""
    a = t.numpy()
    return scipy.special.erf(a).astype(a.dtype)


@tf.custom_gradient
def numpy_erf(x: tf.Tensor) -> Tuple[tf.Tensor, Callable[[tf.Tensor], tf.Tensor]]:
    """erf(x) from SciPy, with d/dx erf(x) = 2/sqrt(pi) * exp(-x^2).

    The derivative follows from the fundamental theorem of calculus applied to
    erf(x) = 2/sqrt(pi) * integral_0^x exp(-t^2) dt.
    """
    y = tf.py_function(_scipy_erf, [x], Tout=x.dtype)
    y.set_shape(x.shape)

    def grad(upstream: tf.Tensor) -> tf.Tensor:
        return upstream * tf.constant(_TWO_OVER_SQRT_PI, x.dtype) * tf.exp(-tf.square(x))

    return y, grad


for _dt in (tf.float32, tf.float64):
    _x = tf.constant([-1.5, 0.0, 0.7], _dt)
    assert np.allclose(tf.function(numpy_erf)(_x), tf.math.erf(_x))
''', True),
    Answer('06.numpy_erf', 'numpy-call-in-forward', r'''
from typing import Callable, Tuple

SQRT_PI = float(np.sqrt(np.pi))


@tf.custom_gradient
def numpy_erf(x: tf.Tensor) -> Tuple[tf.Tensor, Callable[[tf.Tensor], tf.Tensor]]:
    """SciPy's erf with an analytic gradient, 2/sqrt(pi) * exp(-x^2)."""
    x_np = np.asarray(x.numpy())                      # SciPy needs a NumPy array
    y = tf.constant(scipy.special.erf(x_np), dtype=x.dtype)

    def grad(upstream: tf.Tensor) -> tf.Tensor:
        return upstream * (2.0 / SQRT_PI) * tf.exp(-x * x)

    return y, grad


# self-test
_x = tf.constant([0.1, -0.3, 2.0])
np.testing.assert_allclose(numpy_erf(_x).numpy(), scipy.special.erf(_x.numpy()), rtol=1e-6)
''', False, 'x.numpy() fails on a symbolic tensor inside tf.function: call SciPy through tf.numpy_function',
           ('tf.function|numpy_function|symbolic',)),
    Answer('06.numpy_erf', 'hardcoded-float32-tout', r'''
from typing import Callable, Tuple


def _erf_float32(a: np.ndarray) -> np.ndarray:
    """SciPy erf, always returned in float32 (TensorFlow's default dtype)."""
    return scipy.special.erf(a).astype(np.float32)


@tf.custom_gradient
def numpy_erf(x: tf.Tensor) -> Tuple[tf.Tensor, Callable[[tf.Tensor], tf.Tensor]]:
    """erf via tf.numpy_function; gradient from the integral definition."""
    x = tf.cast(x, tf.float32)                       # normalise the input dtype
    y = tf.numpy_function(_erf_float32, [x], tf.float32)
    y.set_shape(x.shape)

    def grad(upstream: tf.Tensor) -> tf.Tensor:
        u = tf.cast(upstream, tf.float32)
        return u * (2.0 / np.sqrt(np.pi)) * tf.exp(-tf.square(x))

    return y, grad


print(tf.function(numpy_erf)(tf.constant([0.5, 1.0])))
''', False, 'everything is forced to float32, so a float64 input gets a float32 value and gradient; use x.dtype',
           ('float64|dtype',)),
    Answer('06.numpy_erf', 'jit-compiled-forward', r'''
from typing import Callable, Tuple

TWO_OVER_SQRT_PI = 2.0 / np.sqrt(np.pi)


@tf.function(jit_compile=True)   # XLA-fuse the forward for speed
def _erf_forward(x: tf.Tensor) -> tf.Tensor:
    y = tf.numpy_function(lambda a: scipy.special.erf(a).astype(a.dtype), [x], x.dtype)
    y.set_shape(x.shape)
    return y


@tf.custom_gradient
def numpy_erf(x: tf.Tensor) -> Tuple[tf.Tensor, Callable[[tf.Tensor], tf.Tensor]]:
    """SciPy erf forward (XLA-compiled wrapper) with the analytic gradient."""
    y = _erf_forward(x)

    def grad(upstream: tf.Tensor) -> tf.Tensor:
        return upstream * tf.cast(TWO_OVER_SQRT_PI, x.dtype) * tf.exp(-tf.square(x))

    return y, grad
''', False, 'XLA (jit_compile=True) cannot compile tf.numpy_function, so every call fails; drop jit_compile',
           ('jit|xla|compile',)),
    # ---- set z
    Answer('06.numpy_erf', 'rsqrt-pi-in-dtype', r'''
@tf.custom_gradient
def numpy_erf(x):
    y = tf.numpy_function(lambda a: scipy.special.erf(a).astype(a.dtype), [x], x.dtype)
    y.set_shape(x.shape)
    def grad(upstream):
        # erf'(x) = 2/√π · e^{-x²}, with π as a tensor of x's dtype
        two_over_root_pi = 2 * tf.math.rsqrt(tf.constant(np.pi, dtype=x.dtype))
        return upstream * two_over_root_pi * tf.exp(-x * x)
    return y, grad
''', True),
    Answer('06.numpy_erf', 'math-module-on-tensors', r'''
import math

@tf.custom_gradient
def numpy_erf(x):
    y = tf.numpy_function(scipy.special.erf, [x], x.dtype)
    y.set_shape(x.shape)
    def grad(upstream):
        return upstream * 2 / math.sqrt(math.pi) * math.exp(-x ** 2)
    return y, grad
''', False, 'math.exp works on one Python number, not on a tensor (and not on a symbolic one inside tf.function): use tf.exp.',
           ('math',)),
    Answer('06.numpy_erf', 'tf-constant-coefficient', r'''
@tf.custom_gradient
def numpy_erf(x):
    y = tf.numpy_function(scipy.special.erf, [x], x.dtype)
    y.set_shape(x.shape)
    def grad(upstream):
        coef = tf.constant(2.0) / tf.sqrt(tf.constant(np.pi))
        return upstream * coef * tf.exp(-tf.square(x))
    return y, grad
''', False, "tf.constant(2.0) and tf.constant(np.pi) are float32, which TensorFlow will not multiply with a float64 upstream: make the constant in x's dtype.",
           ('float64|dtype|float32',)),
    Answer('06.numpy_erf', 'phi-grad-copied', r'''
@tf.custom_gradient
def numpy_erf(x):
    y = tf.numpy_function(scipy.special.erf, [x], x.dtype)
    y.set_shape(x.shape)
    def grad(upstream):
        return upstream * tf.exp(-x ** 2 / 2) / np.sqrt(2 * np.pi)
    return y, grad
''', False, "That is the standard normal density, the derivative of Φ from notebook 03; erf's derivative is a different function.",
           ('normal|Φ|phi|pdf|density|x²/2|x**2 / 2|x ** 2 / 2|x^2/2',)),
]
