"""Exercise 03.phi_grad: a wrong answer for each mistake it names, and answers written from the learner's side."""

import numpy as np
import tensorflow as tf

from answer_kit import Answer, cg

KEY = "03.phi_grad"

MISTAKES = {
    'extra_factor_x': cg(lambda x: 0.5 * (1 + tf.math.erf(x / 2 ** 0.5)),
                         lambda x, u: u * x * tf.exp(-x ** 2 / 2) / np.sqrt(2 * np.pi)),
    'density_derivative': cg(lambda x: 0.5 * (1 + tf.math.erf(x / 2 ** 0.5)),
                             lambda x, u: -u * x * tf.exp(-x ** 2 / 2) / np.sqrt(2 * np.pi)),
    'cdf_not_pdf': cg(lambda x: 0.5 * (1 + tf.math.erf(x / 2 ** 0.5)),
                              lambda x, u: u * 0.5 * (1 + tf.math.erf(x / 2 ** 0.5))),
    'upstream_ignored': cg(lambda x: 0.5 * (1 + tf.math.erf(x / 2 ** 0.5)),
                                   lambda x, u: tf.exp(-x * x / 2) / (2 * 3.141592653589793) ** 0.5),
    'wrong_sign': cg(lambda x: 0.5 * (1 + tf.math.erf(x / 2 ** 0.5)),
                             lambda x, u: -u * tf.exp(-x * x / 2) / (2 * 3.141592653589793) ** 0.5),
    'constant_factor': cg(lambda x: 0.5 * (1 + tf.math.erf(x / 2 ** 0.5)),
                              lambda x, u: 3 * u * tf.exp(-x * x / 2) / (2 * np.pi) ** 0.5),
    'inner_derivative': cg(lambda x: 0.5 * (1 + tf.math.erf(x / 2 ** 0.5)),
                               lambda x, u: u * tf.exp(-x * x) / np.pi ** 0.5),
    'missing_normalisation': cg(lambda x: 0.5 * (1 + tf.math.erf(x / 2 ** 0.5)), lambda x, u: u * tf.exp(-x * x / 2)),
}

ANSWERS = [
    # ---- set a
    Answer('03.phi_grad', 'exp(-x^2/2)/sqrt(2 pi)', r'''
@strict_custom_gradient
def phi_tf(x):
    def grad(upstream):
        return upstream * tf.exp(-0.5 * x ** 2) / np.sqrt(2 * np.pi)
    return 0.5 * (1 + tf.math.erf(x / np.sqrt(2.0))), grad
''', True),
    Answer('03.phi_grad', 'tf.custom_gradient, pdf precomputed', r'''
@tf.custom_gradient
def phi_tf(x):
    pdf = tf.math.exp(-tf.square(x) / 2.0) * (1.0 / np.sqrt(2.0 * np.pi))
    def grad(upstream):
        return upstream * pdf
    return 0.5 * (1 + tf.math.erf(x / np.sqrt(2.0))), grad
''', True),
    Answer('03.phi_grad', 'chain rule through erf spelled out', r'''
@strict_custom_gradient
def phi_tf(x):
    def grad(upstream):
        t = x / np.sqrt(2.0)
        d_erf = 2 / np.sqrt(np.pi) * tf.exp(-t ** 2)      # erf'(t)
        return upstream * 0.5 * d_erf / np.sqrt(2.0)        # times dt/dx
    return 0.5 * (1 + tf.math.erf(x / np.sqrt(2.0))), grad
''', True),
    Answer('03.phi_grad', 'dtype-safe cast constant', r'''
@strict_custom_gradient
def phi_tf(x):
    def grad(upstream):
        c = tf.cast(1 / np.sqrt(2 * np.pi), x.dtype)
        return upstream * c * tf.exp(-x * x / 2)
    return 0.5 * (1 + tf.math.erf(x / np.sqrt(2.0))), grad
''', True),
    Answer('03.phi_grad', 'missing 1/sqrt(2 pi)', r'''
@strict_custom_gradient
def phi_tf(x):
    def grad(upstream):
        return upstream * tf.exp(-x ** 2 / 2)
    return 0.5 * (1 + tf.math.erf(x / np.sqrt(2.0))), grad
''', False, 'the normal density has the constant factor 1/√(2π)',
           ('2π|2*pi|2 * pi|2pi|normaliz|constant|factor',)),
    Answer('03.phi_grad', 'missing the chain-rule factor 1/sqrt(2)', r'''
@strict_custom_gradient
def phi_tf(x):
    def grad(upstream):
        # d/dx 0.5 * erf(x/sqrt2) = 0.5 * 2/sqrt(pi) * exp(-x^2/2)
        return upstream * tf.exp(-x ** 2 / 2) / np.sqrt(np.pi)
    return 0.5 * (1 + tf.math.erf(x / np.sqrt(2.0))), grad
''', False, 'forgot the inner derivative d(x/√2)/dx = 1/√2: off by a constant factor √2',
           ('√2|sqrt(2)|chain rule|factor|constant',)),
    Answer('03.phi_grad', "erf' evaluated at x instead of x/sqrt2", r'''
@strict_custom_gradient
def phi_tf(x):
    def grad(upstream):
        return upstream * 0.5 * 2 / np.sqrt(np.pi) * tf.exp(-x ** 2)
    return 0.5 * (1 + tf.math.erf(x / np.sqrt(2.0))), grad
''', False, "used erf'(x) instead of erf'(x/√2)·(1/√2): the exponent must be -x²/2",
           ('chain rule|x/√2|x / sqrt(2)|x²/2|x^2/2',)),
    Answer('03.phi_grad', 'forgot upstream', r'''
@strict_custom_gradient
def phi_tf(x):
    def grad(upstream):
        return tf.exp(-0.5 * x ** 2) / np.sqrt(2 * np.pi)
    return 0.5 * (1 + tf.math.erf(x / np.sqrt(2.0))), grad
''', False, 'returns φ(x) without multiplying by upstream',
           ('upstream',)),
    Answer('03.phi_grad', 'returns Phi (forward) times upstream', r'''
@strict_custom_gradient
def phi_tf(x):
    y = 0.5 * (1 + tf.math.erf(x / np.sqrt(2.0)))
    def grad(upstream):
        return upstream * y
    return y, grad
''', False, 'multiplies upstream by Φ(x), the forward value, instead of its derivative φ(x)',
           ('derivative|density|pdf|φ',)),
    Answer('03.phi_grad', 'differentiated the density instead', r'''
@strict_custom_gradient
def phi_tf(x):
    def grad(upstream):
        return upstream * (-x) * tf.exp(-x ** 2 / 2) / np.sqrt(2 * np.pi)
    return 0.5 * (1 + tf.math.erf(x / np.sqrt(2.0))), grad
''', False, "-x φ(x) is the derivative of the density φ; Φ' is φ itself",
           ("density|pdf|φ|Φ'",)),
    Answer('03.phi_grad', 'sign of the exponent', r'''
@strict_custom_gradient
def phi_tf(x):
    def grad(upstream):
        return upstream * tf.exp(x ** 2 / 2) / np.sqrt(2 * np.pi)
    return 0.5 * (1 + tf.math.erf(x / np.sqrt(2.0))), grad
''', False, 'exponent sign: the density is exp(-x²/2), not exp(+x²/2)',
           ('sign|minus|-x²|-x^2|exp(-',)),
    Answer('03.phi_grad', 'scipy pdf inside grad', r'''
@strict_custom_gradient
def phi_tf(x):
    def grad(upstream):
        return upstream * scipy.stats.norm.pdf(x)
    return 0.5 * (1 + tf.math.erf(x / np.sqrt(2.0))), grad
''', False, 'SciPy on a tensor: works eagerly, fails in tf.function; the exercise asks for TensorFlow operations',
           ('SciPy|NumPy|TensorFlow op',)),
    Answer('03.phi_grad', 'np.exp inside grad', r'''
@strict_custom_gradient
def phi_tf(x):
    def grad(upstream):
        return upstream * np.exp(-x ** 2 / 2) / np.sqrt(2 * np.pi)
    return 0.5 * (1 + tf.math.erf(x / np.sqrt(2.0))), grad
''', False, 'np.exp on a tensor: works eagerly, fails in tf.function; use tf.exp',
           ('NumPy|tf.exp',)),
    Answer('03.phi_grad', 'tf.pi does not exist', r'''
@strict_custom_gradient
def phi_tf(x):
    def grad(upstream):
        return upstream * tf.exp(-x ** 2 / 2) / tf.sqrt(2 * tf.pi)
    return 0.5 * (1 + tf.math.erf(x / np.sqrt(2.0))), grad
''', False, 'tf.pi does not exist (AttributeError); use np.pi or math.pi',
           ('np.pi|math.pi|tf.pi',)),
    Answer('03.phi_grad', 'float32 tf.sqrt constant (fails for float64 x)', r'''
@strict_custom_gradient
def phi_tf(x):
    def grad(upstream):
        return upstream * tf.exp(-x ** 2 / 2) / tf.sqrt(2 * np.pi)
    return 0.5 * (1 + tf.math.erf(x / np.sqrt(2.0))), grad
''', False, 'tf.sqrt(2*np.pi) is a float32 tensor: right for float32 x, raises for float64 x (dtype mismatch); use np.sqrt or cast to x.dtype',
           ('dtype|float64|float32',)),
    Answer('03.phi_grad', 'decorator forgotten', r'''
def phi_tf(x):
    def grad(upstream):
        return upstream * tf.exp(-0.5 * x ** 2) / np.sqrt(2 * np.pi)
    return 0.5 * (1 + tf.math.erf(x / np.sqrt(2.0))), grad
''', False, 'without @strict_custom_gradient phi_tf returns the pair (y, grad)',
           ('decorator|custom_gradient|@',)),
    # ---- set aa
    Answer('03.phi_grad', 'erf-chain-rule-literal', r'''
@strict_custom_gradient
def phi_tf(x):
    def grad(upstream):
        z = x / np.sqrt(2.0)
        d_erf = 2 / np.sqrt(np.pi) * tf.exp(-z * z)     # erf'(z)
        return upstream * 0.5 * d_erf / np.sqrt(2.0)     # times dz/dx = 1/√2
    return 0.5 * (1 + tf.math.erf(x / np.sqrt(2.0))), grad
''', True),
    Answer('03.phi_grad', 'missing-inner-factor', r'''
@strict_custom_gradient
def phi_tf(x):
    def grad(upstream):
        z = x / np.sqrt(2.0)
        return upstream * 0.5 * 2 / np.sqrt(np.pi) * tf.exp(-z * z)
    return 0.5 * (1 + tf.math.erf(x / np.sqrt(2.0))), grad
''', False, 'erf is taken of x/√2, so the chain rule adds a factor 1/√2; the gradient is √2 too large',
           ('chain|√2|sqrt|inner|factor',)),
    Answer('03.phi_grad', 'scipy-pdf-in-grad', r'''
@strict_custom_gradient
def phi_tf(x):
    def grad(upstream):
        return upstream * scipy.stats.norm.pdf(x)
    return 0.5 * (1 + tf.math.erf(x / np.sqrt(2.0))), grad
''', False, 'scipy.stats.norm.pdf turns the tensor into a NumPy array: it fails inside tf.function (and changes the dtype); write the density with TensorFlow ops',
           ('scipy|numpy|tf.function|graph',)),
    Answer('03.phi_grad', 'float32-constant', r'''
@strict_custom_gradient
def phi_tf(x):
    inv_sqrt_2pi = tf.constant(1 / np.sqrt(2 * np.pi))
    def grad(upstream):
        return upstream * inv_sqrt_2pi * tf.exp(-x ** 2 / 2)
    return 0.5 * (1 + tf.math.erf(x / np.sqrt(2.0))), grad
''', False, 'tf.constant makes a float32 tensor, which cannot be multiplied with float64 inputs; use a Python number or cast to x.dtype',
           ('dtype|float64|float32',)),
    # ---- set e
    Answer('03.phi_grad', 'normal density with numpy float64 constant', r'''
@strict_custom_gradient
def phi_tf(x):
    def grad(upstream):
        return upstream * tf.exp(-0.5 * x ** 2) / np.sqrt(2 * np.pi)
    return 0.5 * (1 + tf.math.erf(x / np.sqrt(2.0))), grad
''', True),
    Answer('03.phi_grad', "erf' and the chain rule spelled out", r'''
@strict_custom_gradient
def phi_tf(x):
    def grad(upstream):
        z = x / np.sqrt(2.0)
        derf = 2 / np.sqrt(np.pi) * tf.math.exp(-tf.math.square(z))   # erf'(z)
        return upstream * 0.5 * derf / np.sqrt(2.0)                    # dz/dx = 1/√2
    return 0.5 * (1 + tf.math.erf(x / np.sqrt(2.0))), grad
''', True),
    Answer('03.phi_grad', 'scipy pdf through .numpy()', r'''
@strict_custom_gradient
def phi_tf(x):
    def grad(upstream):
        return upstream * scipy.stats.norm.pdf(x.numpy())
    return 0.5 * (1 + tf.math.erf(x / np.sqrt(2.0))), grad
''', False, 'x.numpy() fails inside tf.function (symbolic tensors have no values): write φ with TensorFlow ops.',
           ('tf.function|numpy|symbolic|graph|scipy',)),
    Answer('03.phi_grad', 'inner 1/√2 forgotten', r'''
@strict_custom_gradient
def phi_tf(x):
    def grad(upstream):
        return upstream * 0.5 * 2 / np.sqrt(np.pi) * tf.exp(-x ** 2 / 2)   # ½ erf'(x/√2)
    return 0.5 * (1 + tf.math.erf(x / np.sqrt(2.0))), grad
''', False, 'The chain rule through x/√2 contributes a factor 1/√2: the result is √2 too large.',
           ('chain|√2|sqrt(2)|sqrt 2|inner|1/√2|factor',)),
    Answer('03.phi_grad', 'tf.constant of a numpy float64', r'''
@strict_custom_gradient
def phi_tf(x):
    def grad(upstream):
        return upstream * tf.constant(1 / np.sqrt(2 * np.pi)) * tf.exp(-x ** 2 / 2)
    return 0.5 * (1 + tf.math.erf(x / np.sqrt(2.0))), grad
''', False, 'tf.constant of a NumPy float64 is a float64 tensor, which cannot multiply float32 inputs: use a Python number or cast to x.dtype.',
           ('dtype|float32|float64|cast',)),
    Answer('03.phi_grad', 'raise left above the return', r'''
@strict_custom_gradient
def phi_tf(x):
    def grad(upstream):
        raise NotImplementedError("return upstream times Φ'(x)")
        return upstream * tf.exp(-x ** 2 / 2) / np.sqrt(2 * np.pi)
    return 0.5 * (1 + tf.math.erf(x / np.sqrt(2.0))), grad
''', False, "The stub's raise line still runs first, so the return below it is never reached: delete it.",
           ('NotImplementedError|raise|not attempted|stub|not implemented',)),
    # ---- set f
    Answer('03.phi_grad', 'erf_chain_rule_form', r'''
@strict_custom_gradient
def phi_tf(x):
    def grad(upstream):
        z = x / np.sqrt(2.0)
        d_erf = 2 / np.sqrt(np.pi) * tf.exp(-z ** 2)     # erf'(z)
        return upstream * 0.5 * d_erf / np.sqrt(2.0)      # chain rule: dz/dx = 1/√2
    return 0.5 * (1 + tf.math.erf(x / np.sqrt(2.0))), grad
''', True),
    Answer('03.phi_grad', 'float64_constant_cast', r'''
INV_SQRT_2PI = tf.constant(0.3989422804014327, dtype=tf.float64)

@strict_custom_gradient
def phi_tf(x):
    def grad(upstream):
        return upstream * tf.cast(INV_SQRT_2PI, x.dtype) * tf.exp(-0.5 * tf.square(x))
    return 0.5 * (1 + tf.math.erf(x / np.sqrt(2.0))), grad
''', True),
    Answer('03.phi_grad', 'float64_constant_uncast', r'''
INV_SQRT_2PI = tf.constant(1 / np.sqrt(2 * np.pi), dtype=tf.float64)

@strict_custom_gradient
def phi_tf(x):
    def grad(upstream):
        return upstream * INV_SQRT_2PI * tf.exp(-x ** 2 / 2)
    return 0.5 * (1 + tf.math.erf(x / np.sqrt(2.0))), grad
''', False, 'The float64 constant cannot multiply a float32 tensor: cast it to x.dtype.',
           ('dtype|float32|float64|cast',)),
    Answer('03.phi_grad', 'keras_ops_float32_constant', r'''
ops = tf.keras.ops

@strict_custom_gradient
def phi_tf(x):
    def grad(upstream):
        return upstream * ops.exp(-ops.square(x) / 2) / ops.sqrt(2 * np.pi)
    return 0.5 * (1 + tf.math.erf(x / np.sqrt(2.0))), grad
''', False, 'ops.sqrt(2π) makes a float32 tensor, so float64 input fails with a dtype mismatch.',
           ('dtype|float32|float64|cast',)),
    Answer('03.phi_grad', 'erf_prime_at_x_not_x_over_root2', r'''
@strict_custom_gradient
def phi_tf(x):
    def grad(upstream):
        return upstream * 0.5 * (2 / np.sqrt(np.pi)) * tf.exp(-x ** 2) / np.sqrt(2.0)
    return 0.5 * (1 + tf.math.erf(x / np.sqrt(2.0))), grad
''', False, "erf' is evaluated at x instead of x/√2: the exponent must be −x²/2, not −x².",
           ('x/√2|x / √2|x/sqrt|x / sqrt|x²/2|x^2/2|x**2 / 2|exponent|argument|chain',)),
    Answer('03.phi_grad', 'returns_y_only', r'''
@strict_custom_gradient
def phi_tf(x):
    return 0.5 * (1 + tf.math.erf(x / np.sqrt(2.0)))     # TensorFlow can differentiate erf by itself
''', False, 'Only the value is returned; a custom-gradient function returns the pair (y, grad).',
           ('pair|(y, grad)|y, grad|two things|both',)),
    # ---- set g
    Answer('03.phi_grad', 'numpy-function-pdf', r'''
@strict_custom_gradient
def phi_tf(x):
    def grad(upstream):
        pdf = tf.numpy_function(lambda v: scipy.stats.norm.pdf(v).astype(v.dtype), [x], x.dtype)
        pdf.set_shape(x.shape)
        return upstream * pdf
    return 0.5 * (1 + tf.math.erf(x / np.sqrt(2.0))), grad
''', True),
    Answer('03.phi_grad', 'hard-coded-constant', r'''
@strict_custom_gradient
def phi_tf(x):
    def grad(upstream):
        return upstream * 0.3989422804014327 * tf.exp(-0.5 * x * x)     # 1/sqrt(2π) ≈ 0.3989
    return 0.5 * (1 + tf.math.erf(x / np.sqrt(2.0))), grad
''', True),
    Answer('03.phi_grad', 'float64-constant-tensor', r'''
@strict_custom_gradient
def phi_tf(x):
    def grad(upstream):
        norm = tf.constant(np.sqrt(2 * np.pi))
        return upstream * tf.exp(-x ** 2 / 2) / norm
    return 0.5 * (1 + tf.math.erf(x / np.sqrt(2.0))), grad
''', False, 'tf.constant of a NumPy float64 is a float64 tensor: dividing a float32 tensor by it fails',
           ('float32|float64|dtype',)),
    Answer('03.phi_grad', 'int-constant-two', r'''
@strict_custom_gradient
def phi_tf(x):
    def grad(upstream):
        two = tf.constant(2)
        return upstream * tf.exp(-x ** two / two) / np.sqrt(2 * np.pi)
    return 0.5 * (1 + tf.math.erf(x / np.sqrt(2.0))), grad
''', False, 'tf.constant(2) is an int32 tensor: TensorFlow does not mix it with float tensors',
           ('int|dtype|float',)),
    Answer('03.phi_grad', 'python-math-exp', r'''
import math

@strict_custom_gradient
def phi_tf(x):
    def grad(upstream):
        return upstream * math.exp(-x ** 2 / 2) / math.sqrt(2 * math.pi)
    return 0.5 * (1 + tf.math.erf(x / np.sqrt(2.0))), grad
''', False, 'math.exp takes one Python number: it fails on a vector tensor and inside tf.function; use tf.exp',
           ('tf.exp|tf.math.exp|tensorflow|tensor',)),
    Answer('03.phi_grad', 'chain-factor-missing', r'''
@strict_custom_gradient
def phi_tf(x):
    def grad(upstream):
        # Φ = ½(1 + erf(x/√2)) and erf'(z) = 2/√π e^{-z²}
        return upstream * 0.5 * 2 / np.sqrt(np.pi) * tf.exp(-(x / np.sqrt(2.0)) ** 2)
    return 0.5 * (1 + tf.math.erf(x / np.sqrt(2.0))), grad
''', False, "the chain rule's inner factor 1/√2 (the derivative of x/√2) is missing: the gradient is √2 times too large",
           ('√2|sqrt|1.41|chain|inner|factor',)),
    # ---- set holdout
    Answer('03.phi_grad', 'chain rule through erf', r'''
@strict_custom_gradient
def phi_tf(x):
    def grad(upstream):
        inner = x / np.sqrt(2.0)
        d_erf = 2.0 / np.sqrt(np.pi) * tf.exp(-inner * inner)
        return upstream * 0.5 * d_erf / np.sqrt(2.0)
    return 0.5 * (1 + tf.math.erf(x / np.sqrt(2.0))), grad
''', True),
    Answer('03.phi_grad', "erf' at x, hint taken literally", r'''
@strict_custom_gradient
def phi_tf(x):
    def grad(upstream):
        return upstream * 2 / np.sqrt(np.pi) * tf.exp(-x ** 2)
    return 0.5 * (1 + tf.math.erf(x / np.sqrt(2.0))), grad
''', False, "erf is evaluated at x/√2 and multiplied by ½: the chain rule's inner factors are missing.",
           ('chain|√2|sqrt|inner|½|0.5|half',)),
    Answer('03.phi_grad', 'CDF returned as its derivative', r'''
@strict_custom_gradient
def phi_tf(x):
    def grad(upstream):
        return upstream * 0.5 * (1 + tf.math.erf(x / np.sqrt(2.0)))
    return 0.5 * (1 + tf.math.erf(x / np.sqrt(2.0))), grad
''', False, 'That is Φ itself; its derivative is the normal density φ.',
           ('derivative|density|pdf|φ',)),
    Answer('03.phi_grad', 'scipy pdf in grad', r'''
@strict_custom_gradient
def phi_tf(x):
    def grad(upstream):
        return upstream * scipy.stats.norm.pdf(x)
    return 0.5 * (1 + tf.math.erf(x / np.sqrt(2.0))), grad
''', False, 'SciPy needs concrete values and returns float64 NumPy arrays; write the density with TensorFlow ops.',
           ('SciPy|NumPy|tf.function|TensorFlow op|dtype|float64',)),
    Answer('03.phi_grad', 'exponent sign flipped', r'''
@strict_custom_gradient
def phi_tf(x):
    def grad(upstream):
        return upstream * tf.exp(x ** 2 / 2) / np.sqrt(2 * np.pi)
    return 0.5 * (1 + tf.math.erf(x / np.sqrt(2.0))), grad
''', False, 'The exponent of the normal density is negative: e^(−x²/2).',
           ('sign|minus|negative|exponent',)),
    Answer('03.phi_grad', 'missing normalising constant', r'''
@strict_custom_gradient
def phi_tf(x):
    def grad(upstream):
        return upstream * tf.exp(-0.5 * x * x)
    return 0.5 * (1 + tf.math.erf(x / np.sqrt(2.0))), grad
''', False, 'The constant factor 1/√(2π) of the density is missing.',
           ('constant|factor|√|sqrt|2π|normalis|normaliz',)),
    # ---- set i
    Answer('03.phi_grad', 'erf-chain-rule-spelled-out', r'''
@strict_custom_gradient
def phi_tf(x):
    def grad(upstream):
        z = x / np.sqrt(2.0)
        d_erf = 2 / np.sqrt(np.pi) * tf.exp(-z * z)     # erf'(z)
        return upstream * 0.5 * d_erf / np.sqrt(2.0)     # ½ · erf'(x/√2) · 1/√2
    return 0.5 * (1 + tf.math.erf(x / np.sqrt(2.0))), grad
''', True),
    Answer('03.phi_grad', 'log-space-density', r'''
@strict_custom_gradient
def phi_tf(x):
    def grad(upstream):
        log_pdf = -0.5 * tf.square(x) - 0.5 * np.log(2 * np.pi)
        return tf.math.exp(log_pdf) * upstream
    return 0.5 * (1 + tf.math.erf(x / np.sqrt(2.0))), grad
''', True),
    Answer('03.phi_grad', 'scipy-pdf-in-grad', r'''
@strict_custom_gradient
def phi_tf(x):
    def grad(upstream):
        return upstream * tf.constant(scipy.stats.norm.pdf(x), dtype=x.dtype)
    return 0.5 * (1 + tf.math.erf(x / np.sqrt(2.0))), grad
''', False, 'SciPy needs values, which a symbolic tensor inside tf.function does not have; write φ with TensorFlow ops',
           ('tf.function|numpy|scipy|graph|symbolic',)),
    Answer('03.phi_grad', 'forgot-inner-sqrt2', r'''
@strict_custom_gradient
def phi_tf(x):
    def grad(upstream):
        return upstream * 0.5 * 2 / np.sqrt(np.pi) * tf.exp(-x ** 2 / 2)
    return 0.5 * (1 + tf.math.erf(x / np.sqrt(2.0))), grad
''', False, "the chain rule's inner factor 1/√2 (from x/√2) is missing: the gradient is √2 times too large",
           ('chain|√2|sqrt|factor|inner',)),
    Answer('03.phi_grad', 'exponent-missing-half', r'''
@strict_custom_gradient
def phi_tf(x):
    def grad(upstream):
        return upstream * tf.exp(-x ** 2) / np.sqrt(2 * np.pi)
    return 0.5 * (1 + tf.math.erf(x / np.sqrt(2.0))), grad
''', False, "the density is exp(−x²/2)/√(2π); exp(−x²) is erf's exponent without the x/√2 substitution",
           ('exponent|x²/2|chain|substitut|√2',)),
    Answer('03.phi_grad', 'float32-constant', r'''
@strict_custom_gradient
def phi_tf(x):
    norm = tf.constant(1.0 / np.sqrt(2 * np.pi))          # 1/√(2π)
    def grad(upstream):
        return norm * tf.exp(-tf.square(x) / 2) * upstream
    return 0.5 * (1 + tf.math.erf(x / np.sqrt(2.0))), grad
''', False, "the constant is a float32 tensor, so grad fails for float64 inputs: make it in x's dtype (or a Python float)",
           ('dtype|float64|float32',)),
    Answer('03.phi_grad', 'half-finished-ellipsis', r'''
@strict_custom_gradient
def phi_tf(x):
    def grad(upstream):
        pdf = tf.exp(-tf.square(x) / 2)     # still need the normalising constant
        return upstream * pdf * ...
    return 0.5 * (1 + tf.math.erf(x / np.sqrt(2.0))), grad
''', False, 'grad still multiplies by the placeholder `...` (Ellipsis), which fails when grad runs',
           ('Ellipsis|...|unfinished|placeholder',)),
    # ---- set k
    Answer('03.phi_grad', 'erf-chain-rule', r'''
@strict_custom_gradient
def phi_tf(x):
    def grad(upstream):
        z = x / np.sqrt(2.0)
        d_erf = 2 / np.sqrt(np.pi) * tf.exp(-z * z)       # erf'(z)
        return upstream * 0.5 * d_erf / np.sqrt(2.0)     # times dz/dx = 1/sqrt(2)
    return 0.5 * (1 + tf.math.erf(x / np.sqrt(2.0))), grad
''', True),
    Answer('03.phi_grad', 'missing-inner-factor', r'''
@strict_custom_gradient
def phi_tf(x):
    def grad(upstream):
        z = x / np.sqrt(2.0)
        return upstream * 0.5 * 2 / np.sqrt(np.pi) * tf.exp(-z ** 2)
    return 0.5 * (1 + tf.math.erf(x / np.sqrt(2.0))), grad
''', False, "The chain rule's inner factor d(x/√2)/dx = 1/√2 is missing.",
           ('chain|√2|sqrt|inner',)),
    Answer('03.phi_grad', 'float64-constant', r'''
SQRT_2PI = tf.constant(np.sqrt(2 * np.pi), dtype=tf.float64)

@strict_custom_gradient
def phi_tf(x):
    def grad(upstream):
        return upstream * tf.exp(-x ** 2 / 2) / SQRT_2PI
    return 0.5 * (1 + tf.math.erf(x / np.sqrt(2.0))), grad
''', False, "The float64 constant breaks float32 inputs; build constants in x's dtype (or use Python floats).",
           ('dtype|float64|float32|double',)),
    Answer('03.phi_grad', 'scipy-pdf-numpy', r'''
@strict_custom_gradient
def phi_tf(x):
    def grad(upstream):
        pdf = scipy.stats.norm.pdf(x.numpy())         # like phi above
        return upstream * tf.constant(pdf, dtype=x.dtype)
    return 0.5 * (1 + tf.math.erf(x / np.sqrt(2.0))), grad
''', False, 'x.numpy() does not work inside tf.function; write the density with TensorFlow operations.',
           ('tf.function|numpy|graph',)),
    Answer('03.phi_grad', 'no-upstream', r'''
@strict_custom_gradient
def phi_tf(x):
    def grad(upstream):
        density = tf.exp(-0.5 * tf.square(x)) / np.sqrt(2 * np.pi)
        tf.print("density:", density)
        return density
    return 0.5 * (1 + tf.math.erf(x / np.sqrt(2.0))), grad
''', False, 'The density is right but grad ignores upstream; return upstream times it.',
           ('upstream',)),
    Answer('03.phi_grad', 'numpy-function-scipy', r'''
# tf.numpy_function runs inside tf.function too (StackOverflow)
@strict_custom_gradient
def phi_tf(x):
    def grad(upstream):
        pdf = tf.numpy_function(scipy.stats.norm.pdf, [x], Tout=x.dtype)
        return upstream * pdf
    return 0.5 * (1 + tf.math.erf(x / np.sqrt(2.0))), grad
''', False, 'scipy returns float64 whatever it is given, so Tout=x.dtype is wrong for float32 inputs; cast the result (or write the density with TensorFlow operations).',
           ('float32|float64|dtype|double',)),
    # ---- set m
    Answer('03.phi_grad', 'chain-through-erf', r'''
@strict_custom_gradient
def phi_tf(x):
    def grad(upstream):
        u = x / np.sqrt(2.0)
        d_erf = 2 / np.sqrt(np.pi) * tf.exp(-u * u)       # erf'(u)
        return upstream * 0.5 * d_erf / np.sqrt(2.0)      # × du/dx = 1/√2, × ½
    return 0.5 * (1 + tf.math.erf(x / np.sqrt(2.0))), grad
''', True),
    Answer('03.phi_grad', 'float64-constant', r'''
@strict_custom_gradient
def phi_tf(x):
    def grad(upstream):
        c = tf.constant(1 / np.sqrt(2 * np.pi), dtype=tf.float64)
        return upstream * c * tf.exp(-x ** 2 / 2)
    return 0.5 * (1 + tf.math.erf(x / np.sqrt(2.0))), grad
''', False, "The float64 constant breaks float32 inputs: build it in x's dtype.",
           ('dtype|float32|float64',)),
    Answer('03.phi_grad', 'square-not-sqrt', r'''
@strict_custom_gradient
def phi_tf(x):
    def grad(upstream):
        return upstream * tf.exp(-x ** 2 / 2) / (2 * np.pi)
    return 0.5 * (1 + tf.math.erf(x / np.sqrt(2.0))), grad
''', False, 'The normal density divides by √(2π), not 2π: the constant factor is wrong.',
           ('factor|constant|scale|sqrt|√',)),
    Answer('03.phi_grad', 'erf-prime-no-chain', r'''
@strict_custom_gradient
def phi_tf(x):
    def grad(upstream):
        return upstream * 0.5 * 2 / np.sqrt(np.pi) * tf.exp(-x ** 2)
    return 0.5 * (1 + tf.math.erf(x / np.sqrt(2.0))), grad
''', False, "erf' is evaluated at x instead of x/√2, and the inner derivative 1/√2 is missing (chain rule).",
           ('chain|inner|√2|sqrt',)),
    Answer('03.phi_grad', 'scipy-in-grad', r'''
@strict_custom_gradient
def phi_tf(x):
    def grad(upstream):
        return upstream * tf.constant(scipy.stats.norm.pdf(x.numpy()), dtype=x.dtype)
    return 0.5 * (1 + tf.math.erf(x / np.sqrt(2.0))), grad
''', False, '.numpy() inside grad fails in tf.function: use TensorFlow operations.',
           ('numpy|tf.function|symbolic',)),
    # ---- set n
    Answer('03.phi_grad', 'density with dtype-matched constant', r'''
@strict_custom_gradient
def phi_tf(x):
    def grad(upstream):
        two_pi = tf.constant(2 * np.pi, dtype=x.dtype)
        return upstream * tf.exp(-tf.square(x) / 2) / tf.sqrt(two_pi)
    return 0.5 * (1 + tf.math.erf(x / np.sqrt(2.0))), grad
''', True),
    Answer('03.phi_grad', 'scipy pdf through tf.numpy_function', r'''
@strict_custom_gradient
def phi_tf(x):
    def grad(upstream):
        # Φ' is the normal density; numpy_function runs SciPy inside tf.function too
        pdf = tf.numpy_function(lambda v: scipy.stats.norm.pdf(v).astype(v.dtype), [x], x.dtype)
        return upstream * pdf
    return 0.5 * (1 + tf.math.erf(x / np.sqrt(2.0))), grad
''', True),
    Answer('03.phi_grad', 'float64 constant', r'''
@strict_custom_gradient
def phi_tf(x):
    c = tf.constant(1 / np.sqrt(2 * np.pi), dtype=tf.float64)
    def grad(upstream):
        return upstream * c * tf.exp(-x ** 2 / 2)
    return 0.5 * (1 + tf.math.erf(x / np.sqrt(2.0))), grad
''', False, 'a float64 constant fails with float32 inputs: make it in x.dtype',
           ('dtype|float64|float32',)),
    Answer('03.phi_grad', 'inner derivative missing', r'''
@strict_custom_gradient
def phi_tf(x):
    def grad(upstream):
        return upstream * 0.5 * 2 / np.sqrt(np.pi) * tf.exp(-x ** 2 / 2)
    return 0.5 * (1 + tf.math.erf(x / np.sqrt(2.0))), grad
''', False, "the chain rule's factor 1/√2 from erf(x/√2) is missing: off by √2 everywhere",
           ('chain|√2|sqrt|factor',)),
    Answer('03.phi_grad', 'exp(-x^2): right at 0 only', r'''
@strict_custom_gradient
def phi_tf(x):
    def grad(upstream):
        return upstream * tf.exp(-x ** 2) / np.sqrt(2 * np.pi)
    return 0.5 * (1 + tf.math.erf(x / np.sqrt(2.0))), grad
''', False, 'e^(−x²) instead of e^(−x²/2): right at x = 0 only',
           ('exponent|x²|x^2|x**2|/2|half',)),
    Answer('03.phi_grad', 'assert scalar upstream', r'''
@strict_custom_gradient
def phi_tf(x):
    def grad(upstream):
        assert upstream.shape == (), "expected a scalar upstream"
        return upstream * tf.exp(-x ** 2 / 2) / np.sqrt(2 * np.pi)
    return 0.5 * (1 + tf.math.erf(x / np.sqrt(2.0))), grad
''', False, "a leftover assert fails: upstream has x's shape, not a scalar",
           ('assert|shape|scalar',)),
    # ---- set p
    Answer('03.phi_grad', 'jax-fwd-bwd-residuals', r'''
def phi_fwd(x):
    y = 0.5 * (1 + tf.math.erf(x / np.sqrt(2.0)))
    return y, (x,)                                   # residuals for the backward

def phi_bwd(res, g):
    x, = res
    pdf = tf.exp(-tf.square(x) / 2) / tf.cast(np.sqrt(2 * np.pi), x.dtype)
    return (g * pdf,)                                # one cotangent per input, JAX-style

@strict_custom_gradient
def phi_tf(x):
    y, res = phi_fwd(x)
    return y, lambda g: phi_bwd(res, g)
''', True),
    Answer('03.phi_grad', 'missing-inner-factor', r'''
@strict_custom_gradient
def phi_tf(x):
    def grad(upstream):
        d_erf = 2 / np.sqrt(np.pi) * tf.exp(-tf.square(x / np.sqrt(2.0)))
        return upstream * 0.5 * d_erf
    return 0.5 * (1 + tf.math.erf(x / np.sqrt(2.0))), grad
''', False, "the chain rule's inner factor 1/√2 from erf(x/√2) is missing: the gradient is √2 too large",
           ('chain|inner|sqrt|√2|factor',)),
    Answer('03.phi_grad', 'float32-constant', r'''
inv_sqrt_2pi = tf.constant(1 / np.sqrt(2 * np.pi))   # 0.3989...

@strict_custom_gradient
def phi_tf(x):
    def grad(upstream):
        return upstream * inv_sqrt_2pi * tf.exp(-0.5 * x * x)
    return 0.5 * (1 + tf.math.erf(x / np.sqrt(2.0))), grad
''', False, 'tf.constant makes a float32 constant, which cannot be multiplied with float64 inputs',
           ('float64|dtype|float32',)),
    Answer('03.phi_grad', 'docs-clip-by-norm', r'''
@strict_custom_gradient
def phi_tf(x):
    def grad(upstream):
        return tf.clip_by_norm(upstream, 1.0)     # from the docs' clip_gradient_by_norm example
    return 0.5 * (1 + tf.math.erf(x / np.sqrt(2.0))), grad
''', False, "this clips upstream (the docs' clip_gradient_by_norm example); it never multiplies by Φ'(x), the normal density",
           ("derivative|density|pdf|Φ'",)),
    # ---- set r
    Answer('03.phi_grad', 'erf-derivative-chain-rule', r'''
@strict_custom_gradient
def phi_tf(x):
    def grad(upstream):
        u = x / np.sqrt(2.0)
        d_erf = 2 / np.sqrt(np.pi) * tf.exp(-u * u)              # erf'(u)
        return upstream * 0.5 * d_erf / np.sqrt(2.0)             # ½ · erf'(x/√2) · 1/√2
    return 0.5 * (1 + tf.math.erf(x / np.sqrt(2.0))), grad
''', True),
    Answer('03.phi_grad', 'float64-constant-cast', r'''
INV_SQRT_2PI = 1.0 / np.sqrt(2.0 * np.pi)      # computed in float64

@strict_custom_gradient
def phi_tf(x):
    def grad(upstream):
        c = tf.cast(INV_SQRT_2PI, x.dtype)
        return upstream * c * tf.exp(-0.5 * tf.square(x))
    return 0.5 * (1 + tf.math.erf(x / np.sqrt(2.0))), grad
''', True),
    Answer('03.phi_grad', 'tape-on-forward-ops', r'''
def phi_forward(x):
    return 0.5 * (1 + tf.math.erf(x / np.sqrt(2.0)))

@strict_custom_gradient
def phi_tf(x):
    def grad(upstream):
        with tf.GradientTape() as inner:
            inner.watch(x)
            y = phi_forward(x)
        return inner.gradient(y, x, output_gradients=upstream)
    return phi_forward(x), grad
''', True),
    Answer('03.phi_grad', 'log-space-density-float64-tf-function', r'''
@tf.function
def normal_pdf(x):
    x64 = tf.cast(x, tf.float64)
    log_density = -0.5 * x64 * x64 - 0.5 * np.log(2.0 * np.pi)
    return tf.cast(tf.exp(log_density), x.dtype)

@tf.custom_gradient
def phi_tf(x):
    return 0.5 * (1 + tf.math.erf(x / np.sqrt(2.0))), lambda upstream: upstream * normal_pdf(x)
''', True),
    # ---- set s
    Answer('03.phi_grad', 'exp-of-log-density', r'''
@strict_custom_gradient
def phi_tf(x):
    def grad(upstream):
        log_density = -0.5 * x * x - 0.5 * np.log(2 * np.pi)
        return upstream * tf.exp(log_density)
    return 0.5 * (1 + tf.math.erf(x / np.sqrt(2.0))), grad
''', True),
    Answer('03.phi_grad', 'missing-inner-factor', r'''
@strict_custom_gradient
def phi_tf(x):
    def grad(upstream):
        z = x / np.sqrt(2.0)
        return upstream * 0.5 * 2 / np.sqrt(np.pi) * tf.exp(-z ** 2)
    return 0.5 * (1 + tf.math.erf(x / np.sqrt(2.0))), grad
''', False, 'chain rule: the inner x/√2 contributes a factor 1/√2 that is missing',
           ('chain|factor|√2|sqrt',)),
    Answer('03.phi_grad', 'sigmoid-style', r'''
@strict_custom_gradient
def phi_tf(x):
    y = 0.5 * (1 + tf.math.erf(x / np.sqrt(2.0)))
    def grad(upstream):
        return upstream * y * (1 - y)      # like the sigmoid: derivative from the output
    return y, grad
''', False, "y(1 − y) is the sigmoid's derivative; Φ' is the normal density",
           ('sigmoid|density|pdf|φ',)),
    Answer('03.phi_grad', 'float16-density', r'''
@strict_custom_gradient
def phi_tf(x):
    def grad(upstream):
        h = tf.cast(x, tf.float16)
        density = tf.exp(-h * h / 2) / np.float16(np.sqrt(2 * np.pi))
        return upstream * tf.cast(density, upstream.dtype)
    return 0.5 * (1 + tf.math.erf(x / np.sqrt(2.0))), grad
''', False, 'the density computed in float16 loses precision (and underflows in the tails)',
           ('float16|precision',)),
    # ---- set u
    Answer('03.phi_grad', 'wraps-around-strict', r'''
import functools

def _phi(x):
    def grad(upstream):
        # Φ'(x) = ½ · erf'(x/√2) · 1/√2 = ½ · (2/√π) e^{-x²/2} / √2
        return upstream * 0.5 * (2.0 / np.sqrt(np.pi)) * tf.exp(-tf.square(x / np.sqrt(2.0))) / np.sqrt(2.0)
    return 0.5 * (1 + tf.math.erf(x / np.sqrt(2.0))), grad

_phi_checked = strict_custom_gradient(_phi)

@functools.wraps(_phi)
def phi_tf(x):
    return _phi_checked(x)
''', True),
    Answer('03.phi_grad', 'missing-inner-derivative', r'''
@strict_custom_gradient
def phi_tf(x):
    def grad(upstream):
        return upstream * 0.5 * 2 / np.sqrt(np.pi) * tf.exp(-(x / np.sqrt(2.0)) ** 2)
    return 0.5 * (1 + tf.math.erf(x / np.sqrt(2.0))), grad
''', False, "The chain rule's inner derivative of x/√2, a factor 1/√2, is missing.",
           ('inner|chain|√2|sqrt',)),
    Answer('03.phi_grad', 'float32-constant', r'''
INV_SQRT_2PI = tf.constant(0.3989422804014327)     # 1/√(2π)

@strict_custom_gradient
def phi_tf(x):
    def grad(upstream):
        return upstream * INV_SQRT_2PI * tf.exp(-0.5 * x * x)
    return 0.5 * (1 + tf.math.erf(x / np.sqrt(2.0))), grad
''', False, 'tf.constant makes a float32 tensor, which cannot be multiplied with float64 inputs: use a Python float or cast to x.dtype.',
           ('dtype|float64|float32',)),
    Answer('03.phi_grad', 'scipy-pdf-eager-only', r'''
@strict_custom_gradient
def phi_tf(x):
    def grad(upstream):
        return upstream * tf.constant(scipy.stats.norm.pdf(x.numpy()), dtype=x.dtype)
    return 0.5 * (1 + tf.math.erf(x / np.sqrt(2.0))), grad
''', False, 'x.numpy() exists only eagerly; inside tf.function grad fails. Write φ with TensorFlow operations.',
           ('numpy|tf.function|graph|symbolic',)),
    # ---- set w
    Answer('03.phi_grad', 'log-density', r'''
import math


@strict_custom_gradient
def phi_tf(x: tf.Tensor):
    """Standard normal CDF with its density as custom gradient.

    phi(x) = exp(-x^2 / 2 - log(sqrt(2 pi))), written in log space; the constant is created in
    x's dtype so float32 and float64 both work, eagerly and in tf.function.
    """
    log_norm = tf.constant(0.5 * math.log(2.0 * math.pi), dtype=x.dtype)

    def grad(upstream: tf.Tensor) -> tf.Tensor:
        return upstream * tf.exp(-0.5 * tf.square(x) - log_norm)

    return 0.5 * (1 + tf.math.erf(x / np.sqrt(2.0))), grad


# --- self-test: density vs SciPy, float64 and float32 --------------------------------
for _dt in (tf.float64, tf.float32):
    _x = tf.constant([-3.0, -0.5, 0.0, 1.0, 2.5], dtype=_dt)
    with tf.GradientTape() as _t:
        _t.watch(_x)
        _y = phi_tf(_x)
    _g = _t.gradient(_y, _x, output_gradients=tf.constant(3.0, _dt) * tf.ones_like(_x))
    assert _g.dtype == _dt
    np.testing.assert_allclose(_g.numpy(), 3.0 * scipy.stats.norm.pdf(_x.numpy()), rtol=1e-5)
''', True),
    Answer('03.phi_grad', 'missing-inner-factor', r'''
import math

_TWO_OVER_SQRT_PI = 2.0 / math.sqrt(math.pi)


@strict_custom_gradient
def phi_tf(x: tf.Tensor):
    """Phi(x) = 0.5 (1 + erf(x / sqrt 2)).

    Backward: 0.5 * erf'(x / sqrt 2) with erf'(z) = 2/sqrt(pi) exp(-z^2). The upstream is
    detached with stop_gradient for safety.
    """
    def grad(upstream: tf.Tensor) -> tf.Tensor:
        z = x / np.sqrt(2.0)
        d_erf = tf.cast(_TWO_OVER_SQRT_PI, x.dtype) * tf.exp(-tf.square(z))
        return tf.stop_gradient(upstream) * 0.5 * d_erf

    return 0.5 * (1 + tf.math.erf(x / np.sqrt(2.0))), grad
''', False, "the chain rule's inner factor 1/√2 (from x/√2) is missing: the gradient is √2 times too large",
           ('√2|sqrt|chain|inner',)),
    Answer('03.phi_grad', 'float32-constants', r'''
_INV_SQRT_2PI = tf.constant(1.0 / np.sqrt(2.0 * np.pi), dtype=tf.float32)


@strict_custom_gradient
def phi_tf(x: tf.Tensor):
    """Normal CDF; gradient upstream * pdf(x) with a precomputed float32 constant (fast)."""
    def grad(upstream: tf.Tensor) -> tf.Tensor:
        return upstream * _INV_SQRT_2PI * tf.exp(-0.5 * x * x)
    return 0.5 * (1 + tf.math.erf(x / np.sqrt(2.0))), grad
''', False, "the float32 constant cannot multiply a float64 input: create it in x's dtype",
           ('float64|float32|dtype',)),
    Answer('03.phi_grad', 'scipy-with-fallback', r'''
@strict_custom_gradient
def phi_tf(x: tf.Tensor):
    """Normal CDF; the density for the backward pass comes from SciPy (exact reference values).

    If the tensor has no concrete values (graph mode), the upstream is passed through unchanged
    rather than crashing the backward pass.
    """
    def grad(upstream: tf.Tensor) -> tf.Tensor:
        try:
            pdf = scipy.stats.norm.pdf(x.numpy())
            return upstream * tf.constant(pdf, dtype=x.dtype)
        except Exception:            # noqa: BLE001 - never break training
            return upstream
    return 0.5 * (1 + tf.math.erf(x / np.sqrt(2.0))), grad
''', False, 'x.numpy() fails inside tf.function, and the except then returns upstream unchanged: use TensorFlow ops',
           ('tf.function|graph|numpy',)),
    # ---- set y
    Answer('03.phi_grad', 'chain-rule-through-erf', r'''
@strict_custom_gradient
def phi_tf(x):
    def grad(upstream):
        z = x / np.sqrt(2.0)
        derf = 2 / np.sqrt(np.pi) * tf.exp(-z * z)       # erf'(z)
        return upstream * 0.5 * derf / np.sqrt(2.0)       # times dz/dx = 1/√2
    return 0.5 * (1 + tf.math.erf(x / np.sqrt(2.0))), grad
''', True),
    Answer('03.phi_grad', 'tf-constant-two', r'''
@strict_custom_gradient
def phi_tf(x):
    def grad(upstream):
        return upstream * tf.exp(-x ** 2 / tf.constant(2.0)) / np.sqrt(2 * np.pi)
    return 0.5 * (1 + tf.math.erf(x / np.sqrt(2.0))), grad
''', False, 'tf.constant(2.0) is float32: with a float64 x the division fails; use a plain 2.0.',
           ('float64|dtype|float32',)),
    Answer('03.phi_grad', 'debug-print-numpy', r'''
@strict_custom_gradient
def phi_tf(x):
    def grad(upstream):
        print("upstream:", upstream.numpy())       # checking what comes in
        return upstream * tf.exp(-0.5 * x ** 2) / np.sqrt(2 * np.pi)
    return 0.5 * (1 + tf.math.erf(x / np.sqrt(2.0))), grad
''', False, 'The leftover print calls upstream.numpy(), which fails inside tf.function; drop it or use tf.print.',
           ('numpy|print',)),
    Answer('03.phi_grad', 'math-exp', r'''
import math

@strict_custom_gradient
def phi_tf(x):
    def grad(upstream):
        return upstream * math.exp(-x ** 2 / 2) / math.sqrt(2 * math.pi)
    return 0.5 * (1 + tf.math.erf(x / np.sqrt(2.0))), grad
''', False, "math.exp takes one Python number; on a tensor use TensorFlow's exponential.",
           ('math|tensorflow',)),
    # ---- the feedback on a dtype clash says where the other dtype comes from, and no more
    Answer('03.phi_grad', 'SciPy pdf wrapped in tf.constant, as in the phi example', r'''
@strict_custom_gradient
def phi_tf(x):
    def grad(upstream):
        return upstream * tf.constant(scipy.stats.norm.pdf(x.numpy()))
    return 0.5 * (1 + tf.math.erf(x / np.sqrt(2.0))), grad
''', False, 'SciPy returns float64 for a float32 x, and .numpy() fails inside tf.function: write the density with TensorFlow operations',
           ('float64|dtype', 'tf.function|eagerly')),
    Answer('03.phi_grad', 'erf derivative alone, as the prompt gives it', r'''
@strict_custom_gradient
def phi_tf(x):
    def grad(upstream):
        return upstream * 2 / np.sqrt(np.pi) * tf.exp(-(x / np.sqrt(2.0)) ** 2)
    return 0.5 * (1 + tf.math.erf(x / np.sqrt(2.0))), grad
''', False, "erf' at x/√2 is only one factor: the ½ in front and the inner derivative 1/√2 are missing",
           ('factor', 'chain rule|½|inner')),
    Answer('03.phi_grad', 'float32 cast of the density', r'''
@strict_custom_gradient
def phi_tf(x):
    def grad(upstream):
        density = tf.cast(tf.exp(-x ** 2 / 2), tf.float32) / np.sqrt(2 * np.pi)
        return upstream * density
    return 0.5 * (1 + tf.math.erf(x / np.sqrt(2.0))), grad
''', False, 'the cast to float32 clashes with a float64 x: keep the input dtype',
           ('float32|float64|dtype',)),
]


# ---------------------------------------------------------------- d-: a second learner corpus, written blind
def _p(body, before=""):
    return (before + "@strict_custom_gradient\ndef phi_tf(x):\n    def grad(upstream):\n" + body +
            "    return 0.5 * (1 + tf.math.erf(x / np.sqrt(2.0))), grad\n")


ANSWERS += [
    Answer(KEY, "d-right-density", _p(
        "        return upstream * tf.exp(-x ** 2 / 2) / np.sqrt(2 * np.pi)\n"), True),
    Answer(KEY, "d-right-chain-rule-spelled-out", _p(
        "        t = x / np.sqrt(2.0)\n"
        "        derf = 2 / np.sqrt(np.pi) * tf.exp(-t ** 2)     # erf'(t)\n"
        "        return upstream * 0.5 * derf / np.sqrt(2.0)       # times dt/dx = 1/√2\n"), True),
    Answer(KEY, "d-right-math-module-cast", _p(
        "        c = tf.cast(1 / math.sqrt(2 * math.pi), x.dtype)\n"
        "        return upstream * c * tf.math.exp(-0.5 * tf.square(x))\n", before="import math\n\n"), False,
           mistake="tf.cast of a Python number makes a float32 tensor first: float64 gets a float32-rounded constant",
           must_mention=("float32",)),
    Answer(KEY, "d-right-typed-constant", _p(
        "        norm = tf.constant(1 / np.sqrt(2 * np.pi), dtype=x.dtype)\n"
        "        return upstream * norm * tf.exp(-x * x / 2)\n"), True),
    Answer(KEY, "d-forgot-one-half", _p(
        "        return upstream * 2 / np.sqrt(np.pi) * tf.exp(-x ** 2 / 2) / np.sqrt(2.0)\n"), False,
           mistake="the ½ in front of erf is dropped: twice the derivative",
           must_mention=("factor|½|0.5|twice|2",)),
    Answer(KEY, "d-forgot-upstream", _p(
        "        return tf.exp(-x ** 2 / 2) / np.sqrt(2 * np.pi)\n"), False,
           mistake="upstream ignored: returns φ(x) alone",
           must_mention=("upstream",)),
    Answer(KEY, "d-float32-pi", _p(
        "        pi = tf.constant(np.pi, dtype=tf.float32)\n"
        "        return upstream * tf.exp(-x ** 2 / 2) / tf.sqrt(2 * pi)\n"), False,
           mistake="a float32 constant for π meets float64 x",
           must_mention=("float64|dtype",)),
    Answer(KEY, "d-summed-gradient", _p(
        "        return tf.reduce_sum(upstream * tf.exp(-x ** 2 / 2) / np.sqrt(2 * np.pi))\n"), False,
           mistake="sums the gradient into one number: an elementwise function's VJP keeps x's shape",
           must_mention=("shape",)),
    Answer(KEY, "d-right-rsqrt", _p(
        "        two_pi = tf.constant(2 * np.pi, dtype=x.dtype)\n"
        "        return upstream * tf.math.exp(-tf.math.square(x) / 2) * tf.math.rsqrt(two_pi)\n"), True),
    Answer(KEY, "d-extra-factor-x", _p(
        "        return upstream * x * tf.exp(-x ** 2 / 2) / np.sqrt(2 * np.pi)\n"), False,
           mistake="an extra factor x (the derivative of x²/2 does not belong in Φ')",
           must_mention=("factor x|extra|times x|x ·|x*|x *",)),
    Answer(KEY, "d-density-derivative", _p(
        "        return upstream * -x * tf.exp(-x ** 2 / 2) / np.sqrt(2 * np.pi)\n"), False,
           mistake="returns φ'(x) = −x φ(x), the derivative of the density, instead of Φ'(x) = φ(x)",
           must_mention=("one derivative too many|second derivative|derivative of the density|φ'|−x|-x",)),
    Answer(KEY, "d-computed-in-float32", _p(
        "        xf = tf.cast(x, tf.float32)\n"
        "        return tf.cast(upstream, tf.float32) * tf.exp(-xf ** 2 / 2) / np.sqrt(2 * np.pi)\n"), False,
           mistake="computes the gradient in float32 whatever x's dtype: float64 input gets a float32 gradient",
           must_mention=("dtype|float64",)),
    Answer(KEY, "d-tuple-with-none", _p(
        "        return upstream * tf.exp(-x ** 2 / 2) / np.sqrt(2 * np.pi), None\n"), False,
           mistake="returns two values for one input",
           must_mention=("one gradient|1 gradient|returned 2|two|tuple",)),
]
