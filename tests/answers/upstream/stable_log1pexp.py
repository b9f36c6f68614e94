"""Exercise 02.stable_log1pexp: a wrong answer for each mistake it names, and answers written from the learner's side."""

import tensorflow as tf

from answer_kit import Answer, cg, naive, stable

KEY = "02.stable_log1pexp"

MISTAKES = {
    'forward_overflow': cg(naive, lambda x, u: u * tf.sigmoid(x)),
    'nan_gradient': cg(stable, lambda x, u: u * tf.exp(x) / (1 + tf.exp(x))),
    'upstream_ignored': cg(stable, lambda x, u: tf.sigmoid(x)),
    'wrong_values': cg(stable, lambda x, u: 0.5 * u),
    'rebound_input': cg(                      # x = y before grad reads x
        tf.math.softplus, lambda x, u: u * tf.sigmoid(tf.math.softplus(x))),
    'no_custom_gradient': stable,
    'wrong_sign': cg(stable, lambda x, u: u * tf.sigmoid(-x)),
    'uses_softplus': cg(tf.math.softplus, lambda x, u: u * tf.sigmoid(x)),
    'forward_cancellation': cg(lambda x: tf.maximum(x, 0.0) + tf.math.log(1 + tf.exp(-tf.abs(x))),
                                   lambda x, u: u * tf.sigmoid(x)),
    'cancellation': cg(stable, lambda x, u: u * (1 - 1 / (1 + tf.exp(x)))),
    'negative_side': cg(lambda x: tf.abs(x) + tf.math.log1p(tf.exp(-tf.abs(x))),
                                                              lambda x, u: u * tf.sigmoid(x)),
    'not_elementwise': cg(                     # one formula for every entry
        lambda x: tf.cond(tf.reduce_any(x > 0), lambda: x + tf.math.log1p(tf.exp(-x)), lambda: tf.math.log1p(tf.exp(x))),
        lambda x, u: u * tf.sigmoid(x)),
}

ANSWERS = [
    # ---- set a
    Answer('02.stable_log1pexp', 'hint forward, sigmoid grad', r'''
@strict_custom_gradient
def stable_log1pexp(x):
    y = tf.maximum(x, 0.0) + tf.math.log1p(tf.exp(-tf.abs(x)))
    def grad(upstream):
        return upstream * tf.sigmoid(x)
    return y, grad
''', True),
    Answer('02.stable_log1pexp', 'softplus forward, tf.math.sigmoid grad', r'''
@tf.custom_gradient
def stable_log1pexp(x):
    def grad(upstream):
        return upstream * tf.math.sigmoid(x)
    return tf.math.softplus(x), grad
''', False, 'Right values, but the exercise asks for the stable formula written without tf.math.softplus.',
           ('softplus',)),
    Answer('02.stable_log1pexp', 'tf.where branches on the sign', r'''
@strict_custom_gradient
def stable_log1pexp(x):
    e = tf.exp(-tf.abs(x))                 # in (0, 1]: never overflows
    y = tf.maximum(x, 0) + tf.math.log1p(e)
    def grad(upstream):
        # sigmoid(x) = 1/(1+e^-x) for x >= 0, e^x/(1+e^x) for x < 0
        return upstream * tf.where(x >= 0, 1 / (1 + e), e / (1 + e))
    return y, grad
''', True),
    Answer('02.stable_log1pexp', 'hint taken literally: log(1 + e) not log1p', r'''
@strict_custom_gradient
def stable_log1pexp(x):
    y = tf.maximum(x, 0.0) + tf.math.log(1.0 + tf.exp(-tf.abs(x)))
    def grad(upstream):
        return upstream * tf.nn.sigmoid(x)
    return y, grad
''', False, 'log(1 + t) rounds 1 + t to 1 for tiny t: the forward is 0 at x = -30; log1p keeps it.',
           ('precision|log1p|round',)),
    Answer('02.stable_log1pexp', 'stable forward, API grad 1 - 1/(1+e^x)', r'''
@strict_custom_gradient
def stable_log1pexp(x):
    y = tf.maximum(x, 0.0) + tf.math.log1p(tf.exp(-tf.abs(x)))
    def grad(upstream):
        return upstream * (1 - 1 / (1 + tf.exp(x)))    # the documentation's stable gradient
    return y, grad
''', False, 'for x < about -17 the gradient rounds to 0 in float32 (relative error 100 %): cancellation',
           ('precision|cancel|almost equal|rounding',)),
    Answer('02.stable_log1pexp', "copied the documentation's version", r'''
@strict_custom_gradient
def stable_log1pexp(x):
    e = tf.exp(x)
    def grad(upstream):
        return upstream * (1 - 1 / (1 + e))
    return tf.math.log(1 + e), grad
''', False, "forward log(1 + e^x) still overflows to inf from x = 89 on: use the hint's max(x,0) + log(1+e^-|x|)",
           ('overflow|inf',)),
    Answer('02.stable_log1pexp', 'log1p(exp(x)) still overflows', r'''
@strict_custom_gradient
def stable_log1pexp(x):
    def grad(upstream):
        return upstream * tf.sigmoid(x)
    return tf.math.log1p(tf.exp(x)), grad
''', False, 'log1p does not help: exp(x) itself overflows to inf from x = 89, so the forward is inf',
           ('overflow|inf',)),
    Answer('02.stable_log1pexp', 'Python max on a tensor', r'''
@strict_custom_gradient
def stable_log1pexp(x):
    y = max(x, 0) + tf.math.log1p(tf.exp(-tf.abs(x)))
    def grad(upstream):
        return upstream * tf.sigmoid(x)
    return y, grad
''', False, 'Python max compares tensors as booleans: works for one eager scalar, fails for vectors and in tf.function; use tf.maximum',
           ('tf.maximum',)),
    Answer('02.stable_log1pexp', 'Python if on the sign', r'''
@strict_custom_gradient
def stable_log1pexp(x):
    if x > 0:
        y = x + tf.math.log1p(tf.exp(-x))
    else:
        y = tf.math.log1p(tf.exp(x))
    def grad(upstream):
        return upstream * tf.sigmoid(x)
    return y, grad
''', False, 'a Python if on a tensor fails for vectors (ambiguous truth value) and in tf.function; use tf.maximum/tf.abs or tf.where',
           ('tf.where|tf.maximum',)),
    Answer('02.stable_log1pexp', 'stable forward, naive grad e^x/(1+e^x)', r'''
@strict_custom_gradient
def stable_log1pexp(x):
    y = tf.maximum(x, 0.0) + tf.math.log1p(tf.exp(-tf.abs(x)))
    def grad(upstream):
        return upstream * tf.exp(x) / (1 + tf.exp(x))
    return y, grad
''', False, 'gradient e^x/(1+e^x) is inf/inf = NaN from x = 89 on; use sigmoid(x) or a form that cannot overflow',
           ('NaN|overflow|inf',)),
    Answer('02.stable_log1pexp', 'forgot upstream', r'''
@strict_custom_gradient
def stable_log1pexp(x):
    y = tf.maximum(x, 0.0) + tf.math.log1p(tf.exp(-tf.abs(x)))
    def grad(upstream):
        return tf.sigmoid(x)
    return y, grad
''', False, 'returns the local derivative sigmoid(x) without multiplying by upstream',
           ('upstream',)),
    Answer('02.stable_log1pexp', 'forgot the abs in the hint', r'''
@strict_custom_gradient
def stable_log1pexp(x):
    y = tf.maximum(x, 0.0) + tf.math.log1p(tf.exp(-x))
    def grad(upstream):
        return upstream * tf.sigmoid(x)
    return y, grad
''', False, 'exp(-x) without the absolute value overflows for x <= -89, and the formula is wrong for x < 0',
           ('abs|inf|overflow|negative',)),
    Answer('02.stable_log1pexp', 'grad sigmoid(-|x|) from differentiating only the log term', r'''
@strict_custom_gradient
def stable_log1pexp(x):
    e = tf.exp(-tf.abs(x))
    y = tf.maximum(x, 0.0) + tf.math.log1p(e)
    def grad(upstream):
        return upstream * e / (1 + e)
    return y, grad
''', False, "e^-|x|/(1+e^-|x|) is sigmoid(-|x|): right for x < 0, but for x > 0 the max term's derivative (1) and the sign of d|x|/dx are missing",
           ('positive|x > 0|sigmoid|max',)),
    Answer('02.stable_log1pexp', 'sigmoid(-x): sign flipped', r'''
@strict_custom_gradient
def stable_log1pexp(x):
    y = tf.math.softplus(x)
    def grad(upstream):
        return upstream * tf.sigmoid(-x)
    return y, grad
''', False, 'd/dx log(1+e^x) = sigmoid(x), not sigmoid(-x)',
           ('sign|sigmoid(x)|σ(x)',)),
    Answer('02.stable_log1pexp', 'grad returns the forward value', r'''
@strict_custom_gradient
def stable_log1pexp(x):
    y = tf.maximum(x, 0.0) + tf.math.log1p(tf.exp(-tf.abs(x)))
    def grad(upstream):
        return upstream * y
    return y, grad
''', False, 'grad multiplies upstream by y itself instead of the derivative sigmoid(x)',
           ('derivative|sigmoid',)),
    Answer('02.stable_log1pexp', 'plain tf.math.softplus, no custom gradient', r'''
def stable_log1pexp(x):
    return tf.math.softplus(x)
''', False, 'no custom gradient: the exercise asks you to write the stable forward and its gradient',
           ('custom_gradient|custom gradient|decorator|grad',)),
    Answer('02.stable_log1pexp', 'NumPy forward', r'''
@strict_custom_gradient
def stable_log1pexp(x):
    y = np.maximum(x, 0) + np.log1p(np.exp(-np.abs(x)))
    def grad(upstream):
        return upstream * tf.sigmoid(x)
    return y, grad
''', False, 'NumPy in the forward pass: works eagerly by accident but fails inside tf.function; use tf ops',
           ('NumPy',)),
    Answer('02.stable_log1pexp', 'float64 zero in tf.maximum', r'''
@strict_custom_gradient
def stable_log1pexp(x):
    zero = tf.constant(0.0, dtype=tf.float64)
    y = tf.maximum(x, zero) + tf.math.log1p(tf.exp(-tf.abs(x)))
    def grad(upstream):
        return upstream * tf.sigmoid(x)
    return y, grad
''', False, 'a float64 constant mixed with float32 x: TensorFlow refuses to mix dtypes; use 0.0 or tf.zeros_like(x)',
           ('float64|dtype',)),
    # ---- set aa
    Answer('02.stable_log1pexp', 'relu-plus-log1p-where', r'''
@strict_custom_gradient
def stable_log1pexp(x):
    e = tf.exp(-tf.abs(x))                       # never e to a positive power
    y = tf.nn.relu(x) + tf.math.log1p(e)
    def grad(upstream):
        numerator = tf.where(x >= 0, tf.ones_like(e), e)   # 1/(1+e^-x) or e^x/(1+e^x)
        return upstream * numerator / (1 + e)
    return y, grad
''', True),
    Answer('02.stable_log1pexp', 'python-max-abs', r'''
@strict_custom_gradient
def stable_log1pexp(x):
    y = max(x, 0.0) + tf.math.log1p(tf.exp(-abs(x)))
    def grad(upstream):
        return upstream / (1 + tf.exp(-x))
    return y, grad
''', False, "Python's max needs a single True/False and fails on a vector of x values; the forward needs an elementwise maximum",
           ('max',)),
    Answer('02.stable_log1pexp', 'api-gradient-negative-x', r'''
@strict_custom_gradient
def stable_log1pexp(x):
    y = tf.maximum(x, 0.0) + tf.math.log1p(tf.exp(-tf.abs(x)))
    def grad(upstream):
        return upstream * (1 - 1 / (1 + tf.exp(x)))
    return y, grad
''', False, 'the forward is stable, but 1 - 1/(1 + e^x) cancels to 0 for negative x: the gradient loses its relative precision there',
           ('negative|precision|relative|cancel',)),
    Answer('02.stable_log1pexp', 'x-rebound-to-output', r'''
@strict_custom_gradient
def stable_log1pexp(x):
    x = tf.maximum(x, 0.0) + tf.math.log1p(tf.exp(-tf.abs(x)))   # x now holds the result
    def grad(upstream):
        return upstream * tf.math.sigmoid(x)
    return x, grad
''', False, 'x was overwritten by the forward value before grad reads it, so the slope is taken at the output, not at the input',
           ('input|output',)),
    # ---- set d
    Answer('02.stable_log1pexp', 'max plus log1p of exp(-|x|), sigmoid grad', r'''
@strict_custom_gradient
def stable_log1pexp(x):
    y = tf.maximum(x, 0.0) + tf.math.log1p(tf.exp(-tf.abs(x)))
    def grad(upstream):
        return upstream * tf.sigmoid(x)
    return y, grad
''', True),
    Answer('02.stable_log1pexp', 'relu plus log1p, grad with only negative powers', r'''
@strict_custom_gradient
def stable_log1pexp(x):
    e = tf.exp(-tf.abs(x))                 # e^(-|x|) is at most 1: never overflows
    y = tf.nn.relu(x) + tf.math.log1p(e)
    def grad(upstream):
        # sigma(x) = 1/(1 + e^-x) for x >= 0 and e^x/(1 + e^x) for x < 0
        return upstream * tf.where(x >= 0, 1 / (1 + e), e / (1 + e))
    return y, grad
''', True),
    Answer('02.stable_log1pexp', 'exp(-relu(-x)) over 1 + exp(-|x|)', r'''
@strict_custom_gradient
def stable_log1pexp(x):
    abs_x = tf.abs(x)
    y = (x + abs_x) / 2 + tf.math.log1p(tf.exp(-abs_x))     # (x + |x|)/2 = max(x, 0)
    def grad(upstream):
        return upstream * tf.exp(-tf.nn.relu(-x)) / (1 + tf.exp(-abs_x))
    return y, grad
''', True),
    Answer('02.stable_log1pexp', 'stable forward, grad 1/(1+exp(-x))', r'''
@strict_custom_gradient
def stable_log1pexp(x):
    y = tf.maximum(x, 0.0) + tf.math.log1p(tf.exp(-tf.abs(x)))
    def grad(upstream):
        return upstream / (1 + tf.exp(-x))   # exp(-x) can be inf for x < -88, but 1/inf = 0 is fine
    return y, grad
''', True),
    Answer('02.stable_log1pexp', 'log1p(exp(x)) forward overflows', r'''
@strict_custom_gradient
def stable_log1pexp(x):
    y = tf.math.log1p(tf.exp(x))
    def grad(upstream):
        return upstream * tf.sigmoid(x)
    return y, grad
''', False, 'The forward pass still computes e^x, which overflows to inf from x ≈ 88.7; only the gradient is stable.',
           ('forward|value|y ', 'inf|overflow|finite')),
    Answer('02.stable_log1pexp', 'log instead of log1p for the small term', r'''
@strict_custom_gradient
def stable_log1pexp(x):
    y = tf.maximum(x, 0.0) + tf.math.log(1 + tf.exp(-tf.abs(x)))
    def grad(upstream):
        return upstream * tf.sigmoid(x)
    return y, grad
''', False, 'log(1 + t) rounds 1 + t to 1 for tiny t, so the value for very negative x comes out 0 instead of about e^x: use tf.math.log1p.',
           ('log1p|precision|relative|tiny|small|negative',)),
    Answer('02.stable_log1pexp', 'grad 1 - 1/(1+e^x) cancels for negative x', r'''
@strict_custom_gradient
def stable_log1pexp(x):
    y = tf.maximum(x, 0.0) + tf.math.log1p(tf.exp(-tf.abs(x)))
    def grad(upstream):
        return upstream * (1 - 1 / (1 + tf.exp(x)))
    return y, grad
''', False, '1 − 1/(1 + e^x) cancels: for x below about −17 it is exactly 0 instead of about e^x, so the gradient loses its relative precision for negative x.',
           ('gradient|grad|derivative', 'precision|relative|negative|cancel|tiny|small|0')),
    Answer('02.stable_log1pexp', 'grad e^x/(1+e^x) is NaN for large x', r'''
@strict_custom_gradient
def stable_log1pexp(x):
    y = tf.maximum(x, 0.0) + tf.math.log1p(tf.exp(-tf.abs(x)))
    def grad(upstream):
        e = tf.exp(x)
        return upstream * e / (1 + e)
    return y, grad
''', False, 'e^x/(1 + e^x) is inf/inf = NaN from x ≈ 88.7: the forward is stable but the gradient is not.',
           ('nan|overflow|inf|finite',)),
    Answer('02.stable_log1pexp', 'upstream forgotten', r'''
@strict_custom_gradient
def stable_log1pexp(x):
    y = tf.maximum(x, 0.0) + tf.math.log1p(tf.exp(-tf.abs(x)))
    def grad(upstream):
        return tf.sigmoid(x)
    return y, grad
''', False, 'grad returns only the local derivative σ(x): multiply it by upstream.',
           ('upstream',)),
    Answer('02.stable_log1pexp', 'calls tf.math.softplus', r'''
@strict_custom_gradient
def stable_log1pexp(x):
    y = tf.math.softplus(x)
    def grad(upstream):
        return upstream * tf.sigmoid(x)
    return y, grad
''', False, 'The exercise asks for the stable formula written by hand, without tf.math.softplus.',
           ('softplus',)),
    Answer('02.stable_log1pexp', 'grad sigmoid(-x): wrong sign', r'''
@strict_custom_gradient
def stable_log1pexp(x):
    y = tf.maximum(x, 0.0) + tf.math.log1p(tf.exp(-tf.abs(x)))
    def grad(upstream):
        return upstream * tf.sigmoid(-x)
    return y, grad
''', False, 'The derivative of log(1 + e^x) is σ(x) = e^x/(1 + e^x), not σ(−x) = 1/(1 + e^x).',
           ('gradient|grad|derivative',)),
    Answer('02.stable_log1pexp', 'threshold at 5: relu approximation', r'''
@strict_custom_gradient
def stable_log1pexp(x):
    big = x > 5.0                                         # log(1 + e^x) ≈ x for large x
    y = tf.where(big, x, tf.math.log1p(tf.exp(tf.minimum(x, 5.0))))
    def grad(upstream):
        return upstream * tf.where(big, tf.ones_like(x), tf.sigmoid(x))
    return y, grad
''', False, 'log(1 + e^x) ≈ x is only an approximation for x > 5 (off by e^-5 ≈ 0.007): the forward value and the gradient are wrong there; the exact rewrite is max(x, 0) + log1p(e^-|x|).',
           ('forward|value|gradient|derivative',)),
    Answer('02.stable_log1pexp', 'python if on the tensor', r'''
@strict_custom_gradient
def stable_log1pexp(x):
    if x > 0:
        y = x + tf.math.log1p(tf.exp(-x))
    else:
        y = tf.math.log1p(tf.exp(x))
    def grad(upstream):
        return upstream * tf.sigmoid(x)
    return y, grad
''', False, 'A Python `if` on a tensor fails for vectors (and inside tf.function): choose per entry with tf.where, or use max(x, 0) and |x|.'),
    Answer('02.stable_log1pexp', 'decorator forgotten', r'''
def stable_log1pexp(x):
    y = tf.maximum(x, 0.0) + tf.math.log1p(tf.exp(-tf.abs(x)))
    def grad(upstream):
        return upstream * tf.sigmoid(x)
    return y, grad
''', False, 'Without @strict_custom_gradient the function returns the pair (y, grad) instead of a tensor.',
           ('decorat|custom_gradient|tuple|pair',)),
    Answer('02.stable_log1pexp', 'gradient cast to float64', r'''
@strict_custom_gradient
def stable_log1pexp(x):
    y = tf.maximum(x, 0.0) + tf.math.log1p(tf.exp(-tf.abs(x)))
    def grad(upstream):
        x64 = tf.cast(x, tf.float64)                      # more precision for the gradient
        return tf.cast(upstream, tf.float64) * tf.sigmoid(x64)
    return y, grad
''', False, 'The gradient comes back in float64 for a float32 input: cast it back to x.dtype.',
           ('dtype|float64|float32',)),
    # ---- set e
    Answer('02.stable_log1pexp', 'relu plus log1p, where-branch gradient', r'''
@strict_custom_gradient
def stable_log1pexp(x):
    e = tf.exp(-tf.abs(x))                     # never overflows
    y = tf.nn.relu(x) + tf.math.log1p(e)
    def grad(upstream):
        return upstream * tf.where(x >= 0, 1 / (1 + e), e / (1 + e))
    return y, grad
''', True),
    Answer('02.stable_log1pexp', 'keras.ops sigmoid in a lambda', r'''
from keras import ops

@strict_custom_gradient
def stable_log1pexp(x):
    y = tf.maximum(x, 0.0) + tf.math.log1p(tf.exp(-tf.abs(x)))
    return y, lambda upstream: upstream * ops.sigmoid(x)
''', True),
    Answer('02.stable_log1pexp', 'docs gradient: cancellation for negative x', r'''
@strict_custom_gradient
def stable_log1pexp(x):
    y = tf.maximum(x, 0.0) + tf.math.log1p(tf.exp(-tf.abs(x)))
    def grad(upstream):
        return upstream * (1 - 1 / (1 + tf.exp(x)))   # as in the documentation
    return y, grad
''', False, '1 − 1/(1 + eˣ) cancels to 0 for negative x (below about −17): the gradient loses its relative precision; use eˣ/(1 + eˣ) there.',
           ('negative|precision|cancel|relative|tiny|small',)),
    Answer('02.stable_log1pexp', 'log instead of log1p', r'''
@strict_custom_gradient
def stable_log1pexp(x):
    y = tf.maximum(x, 0.0) + tf.math.log(1 + tf.exp(-tf.abs(x)))
    return y, lambda upstream: upstream * tf.sigmoid(x)
''', False, 'log(1 + t) rounds 1 + t to 1 for tiny t, so the value is 0 for x below about −17: use tf.math.log1p.',
           ('log1p|precision|tiny|relative|negative',)),
    Answer('02.stable_log1pexp', 'keras softplus forward', r'''
from keras import ops

@strict_custom_gradient
def stable_log1pexp(x):
    return ops.softplus(x), lambda upstream: upstream * ops.sigmoid(x)
''', False, 'keras.ops.softplus is softplus under another name: the exercise asks you to write the stable formula yourself.',
           ('softplus',)),
    Answer('02.stable_log1pexp', 'sigmoid of -|x|: right only for negative x', r'''
@strict_custom_gradient
def stable_log1pexp(x):
    e = tf.exp(-tf.abs(x))
    y = tf.maximum(x, 0.0) + tf.math.log1p(e)
    return y, lambda upstream: upstream * e / (1 + e)
''', False, 'e^{−|x|}/(1 + e^{−|x|}) is σ(x) only for x ≤ 0; for positive x the derivative is 1/(1 + e^{−x}), close to 1.',
           ('positive|x > 0|x>0|x ≥ 0|large|abs|sign',)),
    # ---- set f
    Answer('02.stable_log1pexp', 'where_both_branches', r'''
@strict_custom_gradient
def stable_log1pexp(x):
    y = tf.where(x > 0, x + tf.math.log1p(tf.exp(-x)), tf.math.log1p(tf.exp(x)))
    def grad(upstream):
        s = tf.where(x >= 0, 1 / (1 + tf.exp(-x)), tf.exp(x) / (1 + tf.exp(x)))
        return upstream * s
    return y, grad
''', True),
    Answer('02.stable_log1pexp', 'relu_plus_log1p_int_literals', r'''
@strict_custom_gradient
def stable_log1pexp(x):
    y = tf.maximum(x, 0) + tf.math.log1p(tf.exp(-tf.abs(x)))
    def grad(upstream):
        return upstream * tf.sigmoid(x)
    return y, grad
''', True),
    Answer('02.stable_log1pexp', 'half_abs_form_float_literals', r'''
@strict_custom_gradient
def stable_log1pexp(x):
    e = tf.exp(-tf.abs(x))                      # never overflows
    y = 0.5 * (x + tf.abs(x)) + tf.math.log1p(e)
    def grad(upstream):
        p = 1.0 / (1.0 + e)                     # σ(|x|)
        return upstream * tf.where(x >= 0.0, p, e * p)
    return y, grad
''', True),
    Answer('02.stable_log1pexp', 'log_instead_of_log1p', r'''
@strict_custom_gradient
def stable_log1pexp(x):
    y = tf.maximum(x, 0.0) + tf.math.log(1 + tf.exp(-tf.abs(x)))
    def grad(upstream):
        return upstream * tf.sigmoid(x)
    return y, grad
''', False, 'log(1 + e^{-|x|}) rounds 1 + tiny to 1, so the value is 0 for very negative x; use tf.math.log1p.',
           ('log1p|precision|relative|negative|tiny',)),
    Answer('02.stable_log1pexp', 'docs_gradient_with_stable_forward', r'''
@strict_custom_gradient
def stable_log1pexp(x):
    y = tf.maximum(x, 0.0) + tf.math.log1p(tf.exp(-tf.abs(x)))
    e = tf.exp(x)
    def grad(upstream):
        return upstream * (1 - 1 / (1 + e))     # the documentation's gradient
    return y, grad
''', False, '1 − 1/(1 + eˣ) cancels to 0 for negative x (e.g. −40), losing the tiny gradient eˣ; use the sigmoid.',
           ('negative|precision|relative|tiny|cancel|sigmoid|σ',)),
    Answer('02.stable_log1pexp', 'abs_instead_of_max', r'''
@strict_custom_gradient
def stable_log1pexp(x):
    y = tf.abs(x) + tf.math.log1p(tf.exp(-tf.abs(x)))
    def grad(upstream):
        return upstream * tf.sigmoid(x)
    return y, grad
''', False, '|x| + log1p(e^{-|x|}) is log(1 + eˣ) only for x ≥ 0; for negative x it needs max(x, 0), not |x|.',
           ('max|negative|relu|abs',)),
    Answer('02.stable_log1pexp', 'clip_input_before_exp', r'''
@strict_custom_gradient
def stable_log1pexp(x):
    x_safe = tf.clip_by_value(x, -80.0, 80.0)      # keep exp from overflowing
    y = tf.math.log1p(tf.exp(x_safe))
    def grad(upstream):
        return upstream * tf.sigmoid(x)
    return y, grad
''', False, 'Clipping x before exp makes the forward value wrong outside [−80, 80] (80 instead of 100 at x = 100).',
           ('forward|clip|large|100',)),
    # ---- set g
    Answer('02.stable_log1pexp', 'tf-where-two-branches', r'''
@strict_custom_gradient
def stable_log1pexp(x):
    big = x > 0
    y = tf.where(big, x + tf.math.log1p(tf.exp(-x)), tf.math.log1p(tf.exp(x)))
    def grad(upstream):
        slope = tf.where(big, 1 / (1 + tf.exp(-x)), tf.exp(x) / (1 + tf.exp(x)))
        return upstream * slope
    return y, grad
''', True),
    Answer('02.stable_log1pexp', 'relu-plus-log1p-sigmoid', r'''
@strict_custom_gradient
def stable_log1pexp(x):
    y = tf.nn.relu(x) + tf.math.log1p(tf.exp(-tf.abs(x)))
    def grad(upstream):
        return upstream * tf.nn.sigmoid(x)
    return y, grad
''', True),
    Answer('02.stable_log1pexp', 'reduce-logsumexp', r'''
@strict_custom_gradient
def stable_log1pexp(x):
    # log(1 + e^x) = log(e^0 + e^x): TensorFlow's stable log-sum-exp
    y = tf.math.reduce_logsumexp(tf.stack([tf.zeros_like(x), x]), axis=0)
    def grad(upstream):
        return upstream * tf.math.sigmoid(x)
    return y, grad
''', False, 'log-sum-exp takes log(1 + e^x) with log, not log1p: for negative x the value rounds to 0 and loses all relative precision',
           ('log1p|negative|precision|relative|tiny|small',)),
    Answer('02.stable_log1pexp', 'naive-in-float64', r'''
@strict_custom_gradient
def stable_log1pexp(x):
    x64 = tf.cast(x, tf.float64)             # float64 does not overflow at 100
    e = tf.exp(x64)
    y = tf.cast(tf.math.log(1 + e), x.dtype)
    def grad(upstream):
        return upstream * tf.cast(e / (1 + e), x.dtype)
    return y, grad
''', False, 'float64 fixes the overflow, but log(1 + e^x) without log1p is 0 for x below about -37: the forward loses its relative precision',
           ('log1p|negative|precision|relative|tiny|small',)),
    Answer('02.stable_log1pexp', 'tf-nn-softplus', r'''
@strict_custom_gradient
def stable_log1pexp(x):
    y = tf.nn.softplus(x)          # tf.nn, not tf.math
    def grad(upstream):
        return upstream * tf.sigmoid(x)
    return y, grad
''', False, 'tf.nn.softplus is tf.math.softplus under another name: the exercise asks for the stable formula written by hand',
           ('softplus',)),
    # ---- set holdout
    Answer('02.stable_log1pexp', 'softplus with exp of -softplus(-x)', r'''
@strict_custom_gradient
def stable_log1pexp(x):
    y = tf.math.softplus(x)
    def grad(upstream):
        # sigma(x) = 1 / (1 + e^-x) = exp(-log(1 + e^-x))
        return upstream * tf.exp(-tf.math.softplus(-x))
    return y, grad
''', False, 'Right values, but the exercise asks for the stable formula without tf.math.softplus.',
           ('softplus',)),
    Answer('02.stable_log1pexp', 'naive forward, sigmoid grad', r'''
@strict_custom_gradient
def stable_log1pexp(x):
    y = tf.math.log(1 + tf.exp(x))
    def grad(upstream):
        return upstream * tf.sigmoid(x)
    return y, grad
''', False, 'The gradient is stable, but the forward log(1 + eˣ) still overflows to inf above about 88.',
           ('forward|overflow|inf',)),
    Answer('02.stable_log1pexp', 'stable forward, exp ratio grad', r'''
@strict_custom_gradient
def stable_log1pexp(x):
    y = tf.maximum(x, 0.0) + tf.math.log1p(tf.exp(-tf.abs(x)))
    def grad(upstream):
        e = tf.exp(x)
        return upstream * e / (1 + e)
    return y, grad
''', False, 'eˣ/(1 + eˣ) is inf/inf = NaN for large x; write the slope without eˣ overflowing (the sigmoid).',
           ('NaN|overflow|inf|gradient',)),
    Answer('02.stable_log1pexp', 'hint without abs', r'''
@strict_custom_gradient
def stable_log1pexp(x):
    y = tf.maximum(x, 0.0) + tf.math.log(1.0 + tf.exp(-x))
    def grad(upstream):
        return upstream * tf.sigmoid(x)
    return y, grad
''', False, 'The hint uses e^(−|x|): without the absolute value e^(−x) overflows for very negative x.',
           ('abs|absolute|negative|overflow|inf',)),
    Answer('02.stable_log1pexp', 'sigmoid of minus x', r'''
@strict_custom_gradient
def stable_log1pexp(x):
    y = tf.maximum(x, 0.0) + tf.math.log1p(tf.exp(-tf.abs(x)))
    def grad(upstream):
        return upstream * tf.nn.sigmoid(-x)
    return y, grad
''', False, 'The slope of log(1 + eˣ) is σ(x), not σ(−x): the sign inside is flipped.',
           ('sign|sigmoid|σ',)),
    Answer('02.stable_log1pexp', 'python if on x', r'''
@strict_custom_gradient
def stable_log1pexp(x):
    if x > 0:
        y = x + tf.math.log(1 + tf.exp(-x))
    else:
        y = tf.math.log(1 + tf.exp(x))
    def grad(upstream):
        return upstream * tf.sigmoid(x)
    return y, grad
''', False, 'A Python if needs one boolean: it fails for a vector and inside tf.function; use tf.maximum/tf.abs or tf.where.',
           ('if|tf.where|Python|boolean|truth',)),
    # ---- set i
    Answer('02.stable_log1pexp', 'relu-plus-log1p-sigmoid', r'''
@strict_custom_gradient
def stable_log1pexp(x):
    # log(1 + e^x) = max(x, 0) + log(1 + e^-|x|): e only ever gets a negative power
    y = tf.nn.relu(x) + tf.math.log1p(tf.exp(-tf.abs(x)))
    def grad(upstream):
        return upstream * tf.math.sigmoid(x)
    return y, grad
''', True),
    Answer('02.stable_log1pexp', 'where-both-branches-safe', r'''
@strict_custom_gradient
def stable_log1pexp(x):
    e = tf.exp(-tf.abs(x))                   # in (0, 1], never overflows
    positive = x > 0
    y = tf.where(positive, x + tf.math.log1p(e), tf.math.log1p(e))
    slope = tf.where(positive, 1 / (1 + e), e / (1 + e))     # sigmoid(x), both ways round
    def grad(upstream):
        return slope * upstream
    return y, grad
''', True),
    Answer('02.stable_log1pexp', 'docs-example-copied', r'''
@strict_custom_gradient
def stable_log1pexp(x):
    e = tf.exp(x)
    def grad(upstream):
        return upstream * (1 - 1 / (1 + e))
    return tf.math.log(1 + e), grad
''', False, "the documentation's version: the gradient is fine but the forward value overflows to inf for large x",
           ('overflow|inf',)),
    Answer('02.stable_log1pexp', 'stable-forward-naive-grad', r'''
@strict_custom_gradient
def stable_log1pexp(x):
    y = tf.maximum(x, 0.0) + tf.math.log1p(tf.exp(-tf.abs(x)))
    def grad(upstream):
        return upstream * tf.exp(x) / (1 + tf.exp(x))
    return y, grad
''', False, 'the forward is stable but the gradient computes e^x / (1 + e^x), which is inf/inf = NaN for large x',
           ('nan|overflow|inf',)),
    Answer('02.stable_log1pexp', 'log-instead-of-log1p', r'''
@strict_custom_gradient
def stable_log1pexp(x):
    y = tf.maximum(x, 0.0) + tf.math.log(1 + tf.exp(-tf.abs(x)))
    def grad(upstream):
        return upstream * tf.math.sigmoid(x)
    return y, grad
''', False, 'log(1 + t) rounds 1 + t to 1 for tiny t, so the value for negative x comes out 0: use log1p',
           ('log1p|precision|relative',)),
    Answer('02.stable_log1pexp', 'python-if-on-a-vector', r'''
@strict_custom_gradient
def stable_log1pexp(x):
    if x > 0:
        y = x + tf.math.log1p(tf.exp(-x))
    else:
        y = tf.math.log1p(tf.exp(x))
    def grad(upstream):
        return upstream * tf.math.sigmoid(x)
    return y, grad
''', False, 'a Python `if` on a vector x cannot choose per entry; use elementwise ops (tf.where, abs, maximum)',
           ('if|where|elementwise|entry',)),
    Answer('02.stable_log1pexp', 'upstream-forgotten', r'''
@strict_custom_gradient
def stable_log1pexp(x):
    y = tf.maximum(x, 0.0) + tf.math.log1p(tf.exp(-tf.abs(x)))
    def grad(upstream):
        return tf.math.sigmoid(x)
    return y, grad
''', False, 'grad returns sigmoid(x) without multiplying by upstream',
           ('upstream',)),
    # ---- set k
    Answer('02.stable_log1pexp', 'exp-of-x-minus-y', r'''
@strict_custom_gradient
def stable_log1pexp(x):
    y = tf.maximum(x, 0.0) + tf.math.log1p(tf.exp(-tf.abs(x)))
    def grad(upstream):
        # dy/dx = e^x / (1 + e^x) = exp(x - log(1 + e^x)) = exp(x - y), and x - y <= 0 always
        return upstream * tf.exp(x - y)
    return y, grad
''', True),
    Answer('02.stable_log1pexp', 'fixed-forward-only', r'''
@strict_custom_gradient
def stable_log1pexp(x):
    y = tf.maximum(x, 0.0) + tf.math.log1p(tf.exp(-tf.abs(x)))   # stable now
    e = tf.exp(x)
    def grad(upstream):
        return upstream * (1 - 1 / (1 + e))                      # from the docs
    return y, grad
''', False, 'The forward value is stable now, but 1 − 1/(1 + eˣ) subtracts nearly equal numbers for negative x and loses all precision.',
           ('precision|cancel|subtract|relative|accura',)),
    Answer('02.stable_log1pexp', 'fixed-grad-only', r'''
@strict_custom_gradient
def stable_log1pexp(x):
    def grad(upstream):
        return upstream * tf.math.sigmoid(x)
    return tf.math.log(1 + tf.exp(x)), grad
''', False, 'The gradient is stable, but the forward value log(1 + eˣ) still overflows to inf for large x.',
           ('forward|inf|overflow',)),
    Answer('02.stable_log1pexp', 'python-if', r'''
@strict_custom_gradient
def stable_log1pexp(x):
    if x > 0:
        y = x + tf.math.log1p(tf.exp(-x))
    else:
        y = tf.math.log1p(tf.exp(x))
    def grad(upstream):
        return upstream / (1 + tf.exp(-x))
    return y, grad
''', False, 'A Python if cannot branch entry by entry on a vector; use elementwise operations (tf.where, tf.maximum, tf.abs).',
           ('if|elementwise|entry by entry|tf.where',)),
    Answer('02.stable_log1pexp', 'no-upstream', r'''
@strict_custom_gradient
def stable_log1pexp(x):
    pos = tf.maximum(x, 0.0)
    y = pos + tf.math.log1p(tf.exp(-tf.abs(x)))
    def grad(upstream):
        return tf.exp(x - pos) / (tf.exp(-pos) + tf.exp(x - pos))   # sigmoid, stable
    return y, grad
''', False, 'Both formulas are stable, but grad ignores upstream; multiply by it.',
           ('upstream',)),
    Answer('02.stable_log1pexp', 'float64-zero', r'''
ZERO = tf.constant(0.0, dtype=tf.float64)   # extra precision

@strict_custom_gradient
def stable_log1pexp(x):
    y = tf.maximum(x, ZERO) + tf.math.log1p(tf.exp(-tf.abs(x)))
    def grad(upstream):
        return upstream * tf.math.sigmoid(x)
    return y, grad
''', False, "The float64 constant cannot be combined with float32 x; use the input's dtype (a plain 0.0).",
           ('float64|dtype|double',)),
    # ---- set m
    Answer('02.stable_log1pexp', 'tnp-logaddexp', r'''
tnp = tf.experimental.numpy

@strict_custom_gradient
def stable_log1pexp(x):
    y = tnp.logaddexp(tf.zeros_like(x), x)        # log(e^0 + e^x), computed stably
    def grad(upstream):
        return upstream * tnp.exp(x - y)          # σ(x) = e^x / (1 + e^x) = e^(x - y)
    return y, grad
''', True),
    Answer('02.stable_log1pexp', 'log1p-of-exp', r'''
@strict_custom_gradient
def stable_log1pexp(x):
    def grad(upstream):
        return upstream * tf.sigmoid(x)
    return tf.math.log1p(tf.exp(x)), grad
''', False, 'The forward still computes e^x, which overflows to inf for large x.',
           ('overflow|inf',)),
    Answer('02.stable_log1pexp', 'docs-gradient-stable-forward', r'''
@strict_custom_gradient
def stable_log1pexp(x):
    y = tf.maximum(x, 0.0) + tf.math.log1p(tf.exp(-tf.abs(x)))
    def grad(upstream):
        return upstream * (1 - 1 / (1 + tf.exp(x)))
    return y, grad
''', False, 'The gradient 1 − 1/(1 + eˣ) loses its relative precision for negative x (it comes out 0).',
           ('precision|negative',)),
    Answer('02.stable_log1pexp', 'float64-not-cast-back', r'''
@strict_custom_gradient
def stable_log1pexp(x):
    x64 = tf.cast(x, tf.float64)                  # float64 does not overflow at 89
    y = tf.math.log1p(tf.exp(x64))
    def grad(upstream):
        return tf.cast(upstream, tf.float64) * tf.sigmoid(x64)
    return y, grad
''', False, "Computing in float64 is fine, but cast the value and the gradient back to the input's dtype.",
           ('dtype|float64|float32',)),
    Answer('02.stable_log1pexp', 'log-not-log1p', r'''
@strict_custom_gradient
def stable_log1pexp(x):
    y = tf.maximum(x, 0.0) + tf.math.log(1 + tf.exp(-tf.abs(x)))
    def grad(upstream):
        return upstream * tf.sigmoid(x)
    return y, grad
''', False, 'log(1 + t) for tiny t rounds to 0: use log1p to keep the relative precision for negative x.',
           ('log1p|precision',)),
    # ---- set n
    Answer('02.stable_log1pexp', 'where on exp(-|x|)', r'''
@strict_custom_gradient
def stable_log1pexp(x):
    e = tf.exp(-tf.abs(x))                          # never overflows
    y = tf.maximum(x, 0.0) + tf.math.log1p(e)
    def grad(upstream):
        sig = tf.where(x >= 0, 1 / (1 + e), e / (1 + e))
        return upstream * sig
    return y, grad
''', True),
    Answer('02.stable_log1pexp', 'exp(x - y)', r'''
@strict_custom_gradient
def stable_log1pexp(x):
    y = tf.nn.relu(x) + tf.math.log1p(tf.exp(-tf.abs(x)))
    def grad(upstream):
        # dy/dx = e^x / (1 + e^x) = e^(x - log(1 + e^x)) = e^(x - y)
        return upstream * tf.exp(x - y)
    return y, grad
''', True),
    Answer('02.stable_log1pexp', 'python if on a vector', r'''
@strict_custom_gradient
def stable_log1pexp(x):
    if x > 0:
        y = x + tf.math.log1p(tf.exp(-x))
    else:
        y = tf.math.log1p(tf.exp(x))
    def grad(upstream):
        return upstream * tf.sigmoid(x)
    return y, grad
''', False, 'a Python if cannot decide for each entry of a vector: use tf.where or tf.maximum',
           ('if|elementwise|entry|where',)),
    Answer('02.stable_log1pexp', 'docs gradient, stable forward', r'''
@strict_custom_gradient
def stable_log1pexp(x):
    y = tf.maximum(x, 0.0) + tf.math.log1p(tf.exp(-tf.abs(x)))
    def grad(upstream):
        return upstream * (1 - 1 / (1 + tf.exp(x)))
    return y, grad
''', False, '1 − 1/(1 + eˣ) cancels to 0 for very negative x: the gradient loses its relative precision',
           ('negative|precision|relative',)),
    Answer('02.stable_log1pexp', 'log instead of log1p', r'''
@strict_custom_gradient
def stable_log1pexp(x):
    e = tf.exp(-tf.abs(x))
    y = tf.maximum(x, 0.0) + tf.math.log(1 + e)
    def grad(upstream):
        return upstream * tf.where(x >= 0, 1 / (1 + e), e / (1 + e))
    return y, grad
''', False, 'log(1 + e) rounds 1 + e to 1 for very negative x: the forward value comes out 0',
           ('negative|precision|relative|log1p',)),
    Answer('02.stable_log1pexp', 'float64 zero', r'''
@strict_custom_gradient
def stable_log1pexp(x):
    zero = tf.constant(0.0, dtype=tf.float64)
    y = tf.maximum(x, zero) + tf.math.log1p(tf.exp(-tf.abs(x)))
    def grad(upstream):
        return upstream * tf.sigmoid(x)
    return y, grad
''', False, "a float64 constant meets a float32 x in tf.maximum: keep constants in x's dtype",
           ('dtype|float64|float32',)),
    # ---- set p
    Answer('02.stable_log1pexp', 'tnp-logaddexp', r'''
import tensorflow.experimental.numpy as tnp

@strict_custom_gradient
def stable_log1pexp(x):
    y = tnp.logaddexp(tnp.zeros_like(x), x)        # log(e^0 + e^x)
    e = tnp.exp(-tnp.abs(x))                       # never e to a positive power
    sig = tnp.where(x >= 0, 1 / (1 + e), e / (1 + e))
    def grad(upstream):
        return upstream * sig
    return y, grad
''', True),
    Answer('02.stable_log1pexp', 'log1p-exp-forward', r'''
@strict_custom_gradient
def stable_log1pexp(x):
    y = tf.math.log1p(tf.exp(x))                   # log1p is the accurate one
    def grad(upstream):
        return upstream * tf.sigmoid(x)
    return y, grad
''', False, 'the forward still computes e^x, which overflows to inf for large x',
           ('forward|overflow|inf',)),
    Answer('02.stable_log1pexp', 'docs-gradient-stable-forward', r'''
@strict_custom_gradient
def stable_log1pexp(x):
    y = tf.maximum(x, 0.0) + tf.math.log1p(tf.exp(-tf.abs(x)))
    e = tf.exp(x)
    def grad(upstream):
        return upstream * (1 - 1 / (1 + e))        # the gradient from the tf.custom_gradient docs
    return y, grad
''', False, "the docs' gradient 1 - 1/(1 + e^x) loses its relative precision for negative x (it comes out 0)",
           ('negative|precision|cancel',)),
    Answer('02.stable_log1pexp', 'jax-fwd-returns-residuals', r'''
def _fwd(x):
    y = tf.maximum(x, 0.0) + tf.math.log1p(tf.exp(-tf.abs(x)))
    return y, (x,)                                  # primal out, residuals

def _bwd(res, g):
    x, = res
    return (g * tf.sigmoid(x),)

@strict_custom_gradient
def stable_log1pexp(x):
    return _fwd(x)                                  # like jax.custom_vjp's fwd
''', False, "the second value returned must be the grad function, not the residuals tuple (this is JAX's fwd shape)",
           ('function|callable',)),
    # ---- set s
    Answer('02.stable_log1pexp', 'grad-from-output', r'''
@strict_custom_gradient
def stable_log1pexp(x):
    y = tf.maximum(x, 0.0) + tf.math.log1p(tf.exp(-tf.abs(x)))
    def grad(upstream):
        # sigmoid(x) = e^x / (1 + e^x) = exp(x - log(1 + e^x)) = exp(x - y)
        return upstream * tf.exp(x - y)
    return y, grad
''', True),
    Answer('02.stable_log1pexp', 'one-minus-form', r'''
@strict_custom_gradient
def stable_log1pexp(x):
    y = tf.maximum(x, 0.0) + tf.math.log1p(tf.exp(-tf.abs(x)))
    def grad(upstream):
        return upstream * (1 - 1 / (1 + tf.exp(x)))
    return y, grad
''', False, '1 − 1/(1 + eˣ) cancels catastrophically for negative x: the gradient comes out 0 instead of ≈ eˣ',
           ('negative|precision|cancel|relative',)),
    Answer('02.stable_log1pexp', 'exp-over-1-plus-exp', r'''
@strict_custom_gradient
def stable_log1pexp(x):
    y = tf.maximum(x, 0.0) + tf.math.log1p(tf.exp(-tf.abs(x)))
    def grad(upstream):
        e = tf.exp(x)
        return upstream * e / (1 + e)
    return y, grad
''', False, 'eˣ overflows above x ≈ 88.7, so the gradient is inf/inf = NaN there',
           ('nan|overflow|inf',)),
    Answer('02.stable_log1pexp', 'abs-instead-of-max', r'''
@strict_custom_gradient
def stable_log1pexp(x):
    y = tf.abs(x) + tf.math.log1p(tf.exp(-tf.abs(x)))
    def grad(upstream):
        return upstream * tf.sigmoid(x)
    return y, grad
''', False, 'the forward value is wrong for negative x: |x| + log1p(e^-|x|) is log(1 + e^|x|), not log(1 + e^x)',
           ('forward|value|negative',)),
    # ---- set u
    Answer('02.stable_log1pexp', 'tf-function-around-strict', r'''
def _stable_sigmoid(x):
    e = tf.exp(-tf.abs(x))                      # never overflows
    return tf.where(x >= 0, 1 / (1 + e), e / (1 + e))

@tf.function
@strict_custom_gradient
def stable_log1pexp(x):
    y = tf.maximum(x, 0.0) + tf.math.log1p(tf.exp(-tf.abs(x)))
    def grad(upstream):
        return upstream * _stable_sigmoid(x)
    return y, grad
''', True),
    Answer('02.stable_log1pexp', 'api-gradient-stable-forward', r'''
@strict_custom_gradient
def stable_log1pexp(x):
    y = tf.maximum(x, 0.0) + tf.math.log1p(tf.exp(-tf.abs(x)))
    def grad(upstream):
        return upstream * (1 - 1 / (1 + tf.exp(x)))
    return y, grad
''', False, 'The forward is stable, but 1 − 1/(1 + eˣ) cancels to 0 for negative x: the gradient loses its relative precision there.',
           ('negative|precision|cancel',)),
    Answer('02.stable_log1pexp', 'exp-ratio-gradient', r'''
@strict_custom_gradient
def stable_log1pexp(x):
    y = tf.maximum(x, 0.0) + tf.math.log1p(tf.exp(-tf.abs(x)))
    def grad(upstream):
        e = tf.exp(x)
        return upstream * e / (1 + e)
    return y, grad
''', False, 'eˣ overflows for large x, so eˣ/(1 + eˣ) is inf/inf = NaN there; raise e only to negative powers.',
           ('overflow|nan|large|inf',)),
    Answer('02.stable_log1pexp', 'log-not-log1p', r'''
class StableLog1pExp(tf.Module):
    def __call__(self, x):
        return self._f(x)

    @staticmethod
    @strict_custom_gradient
    def _f(x):
        e = tf.exp(-tf.abs(x))
        y = tf.maximum(x, 0.0) + tf.math.log(1 + e)
        def grad(upstream):
            return upstream * tf.where(x >= 0, 1 / (1 + e), e / (1 + e))
        return y, grad

stable_log1pexp = StableLog1pExp()
''', False, 'The gradient is fine, but log(1 + e) with a tiny e rounds to 0: eagerly the forward value loses its precision for negative x (inside tf.function Grappler happens to rewrite it to log1p).',
           ('precision|negative|tiny|small|log1p',)),
    # ---- set w
    Answer('02.stable_log1pexp', 'exp-of-x-minus-y', r'''
@strict_custom_gradient
def stable_log1pexp(x: tf.Tensor):
    """softplus(x) = max(x, 0) + log1p(exp(-|x|)), with e only raised to non-positive powers.

    Gradient: sigmoid(x) = e^x / (1 + e^x) = exp(x - softplus(x)). Since softplus(x) >= max(x, 0),
    the exponent x - y is <= 0, so it never overflows, and for very negative x it is x - (tiny),
    which keeps the relative precision of e^x.
    """
    y = tf.maximum(x, tf.zeros_like(x)) + tf.math.log1p(tf.exp(-tf.abs(x)))

    def grad(upstream: tf.Tensor) -> tf.Tensor:
        return upstream * tf.exp(x - y)

    return y, grad


# --- self-test (float32, upstream != 1) ---------------------------------------
_x = tf.constant([-87.0, -30.0, -1.0, 0.0, 2.0, 88.0, 89.0, 100.0])
with tf.GradientTape() as _t:
    _t.watch(_x)
    _y = stable_log1pexp(_x)
_g = _t.gradient(_y, _x, output_gradients=2.0 * tf.ones_like(_x))
_x64 = _x.numpy().astype(np.float64)
np.testing.assert_allclose(_y.numpy(), np.logaddexp(0.0, _x64), rtol=1e-6)
np.testing.assert_allclose(_g.numpy(), 2.0 * scipy.special.expit(_x64), rtol=1e-5)
''', True),
    Answer('02.stable_log1pexp', 'eps-inside-log', r'''
_EPS = 1e-7


@strict_custom_gradient
def stable_log1pexp(x: tf.Tensor):
    """log(1 + e^x) without overflow.

    Forward: max(x, 0) + log(1 + e^{-|x|} + eps); the epsilon guards the log against 0.
    Backward: the logistic sigmoid, in its two overflow-free branches.
    """
    eps = tf.cast(_EPS, x.dtype)
    y = tf.maximum(x, 0.0) + tf.math.log(1.0 + tf.exp(-tf.abs(x)) + eps)

    def grad(upstream: tf.Tensor) -> tf.Tensor:
        e = tf.exp(-tf.abs(x))
        sig = tf.where(x >= 0, 1.0 / (1.0 + e), e / (1.0 + e))
        return upstream * sig

    return y, grad
''', False, 'the epsilon inside the log adds about 1e-7 to every value, swamping the tiny values for negative x (use log1p, no epsilon)',
           ('precision|relative|negative|epsilon',)),
    Answer('02.stable_log1pexp', 'nan-to-zero-gradient', r'''
def _sanitize(g: tf.Tensor) -> tf.Tensor:
    """Replace NaNs produced by inf/inf by zeros so they cannot poison the optimizer."""
    return tf.where(tf.math.is_nan(g), tf.zeros_like(g), g)


@strict_custom_gradient
def stable_log1pexp(x: tf.Tensor):
    """Stable softplus forward; sigmoid backward with division guarded by divide_no_nan."""
    y = tf.maximum(x, 0.0) + tf.math.log1p(tf.exp(-tf.abs(x)))

    def grad(upstream: tf.Tensor) -> tf.Tensor:
        e = tf.exp(x)
        sig = tf.math.divide_no_nan(e, 1.0 + e)
        return upstream * _sanitize(sig)

    return y, grad
''', False, 'for large x e^x overflows, inf/inf is NaN, and zeroing it gives gradient 0 where it should be 1',
           ('large|overflow|inf|positive|100',)),
    Answer('02.stable_log1pexp', 'clipped-sigmoid', r'''
_EPS = 1e-7


@strict_custom_gradient
def stable_log1pexp(x: tf.Tensor):
    """softplus with a saturating-safe gradient.

    The sigmoid is clipped into [eps, 1 - eps] so the gradient can never vanish completely or
    exceed one (avoids dead units and explosions).
    """
    y = tf.maximum(x, 0.0) + tf.math.log1p(tf.exp(-tf.abs(x)))

    def grad(upstream: tf.Tensor) -> tf.Tensor:
        sig = tf.math.sigmoid(x)
        sig = tf.clip_by_value(sig, _EPS, 1.0 - _EPS)
        return upstream * sig

    return y, grad
''', False, 'clipping the sigmoid at 1e-7 makes the gradient wrong for negative x, where it is tiny',
           ('clip|negative|small|tiny',)),
    # ---- set y
    Answer('02.stable_log1pexp', 'where-on-both-halves', r'''
@strict_custom_gradient
def stable_log1pexp(x):
    t = tf.exp(-tf.abs(x))                                   # always in (0, 1]
    y = tf.where(x > 0, x, tf.zeros_like(x)) + tf.math.log1p(t)
    def grad(upstream):
        slope = tf.where(x > 0, 1 / (1 + t), t / (1 + t))    # sigmoid(x), e only to negative powers
        return upstream * slope
    return y, grad
''', True),
    Answer('02.stable_log1pexp', 'log1p-of-exp', r'''
@strict_custom_gradient
def stable_log1pexp(x):
    y = tf.math.log1p(tf.exp(x))
    def grad(upstream):
        return upstream * tf.sigmoid(x)
    return y, grad
''', False, 'The gradient is fine but the forward still computes e^x, which overflows to inf above about 88.7.',
           ('overflow|inf',)),
    Answer('02.stable_log1pexp', 'log-instead-of-log1p', r'''
@strict_custom_gradient
def stable_log1pexp(x):
    t = tf.exp(-tf.abs(x))
    y = tf.maximum(x, 0.0) + tf.math.log(1 + t)
    def grad(upstream):
        return upstream * tf.where(x >= 0, 1 / (1 + t), t / (1 + t))
    return y, grad
''', False, 'log(1 + t) rounds 1 + t to 1 for tiny t, so for negative x the forward value comes out 0 and loses its relative precision.',
           ('precision|log1p|negative',)),
    Answer('02.stable_log1pexp', 'python-if-on-any', r'''
@strict_custom_gradient
def stable_log1pexp(x):
    if tf.reduce_any(x > 0):
        y = x + tf.math.log1p(tf.exp(-x))
    else:
        y = tf.math.log1p(tf.exp(x))
    def grad(upstream):
        return upstream * tf.sigmoid(x)
    return y, grad
''', False, 'A Python if picks one formula for the whole vector (and fails inside tf.function); choose entry by entry.',
           ('if|entry|elementwise|tf.where',)),
]
