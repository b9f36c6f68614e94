"""Exercise 02.multiply: a wrong answer for each mistake it names, and answers written from the learner's side.

The exercise: z = x · w, where w is one number (shape ()) that scales every entry of x. The
checker tries x and w both single numbers first, then a vector and a matrix x. The answers below
were written from the notebook's prompt and stub, before the judge.
"""

import tensorflow as tf

from answer_kit import Answer, cg

KEY = "02.multiply"

MISTAKES = {
    'swapped': cg(lambda x, w: x * w, lambda x, w, u: (u * x, tf.reduce_sum(u * w))),
    'divide_gradients': cg(lambda x, w: x * w, lambda x, w, u: (u / w, -u * x / w ** 2)),
    'forward_value': cg(lambda x, w: x * w, lambda x, w, u: (u * x * w, tf.reduce_sum(u * x * w))),
    'upstream_only': cg(lambda x, w: x * w, lambda x, w, u: (u * w, tf.reduce_sum(u))),
    'mean_not_sum': cg(lambda x, w: x * w, lambda x, w, u: (u * w, tf.reduce_mean(u * x))),
    'sum_of_products': cg(lambda x, w: x * w, lambda x, w, u: (u * w, tf.reduce_sum(u) * tf.reduce_sum(x))),
    'not_summed': cg(lambda x, w: x * w, lambda x, w, u: (u * w, u * x)),
    'wrong_shape': cg(lambda x, w: x * w, lambda x, w, u: (u * w, tf.reduce_sum(u * x) * tf.ones(2, u.dtype))),
    'reshape': cg(lambda x, w: x * w, lambda x, w, u: (u * w, tf.reduce_sum(u * x, keepdims=True))),
    'upstream_ignored': cg(lambda x, w: x * w, lambda x, w, u: (w * tf.ones_like(x), tf.reduce_sum(x))),
    'count': cg(lambda x, w: x * w, lambda x, w, u: u * w),
    'not_finite': cg(lambda x, w: x * w, lambda x, w, u: (u * (x * w) / x, tf.reduce_sum(u * (x * w) / w))),
    'constant_gradient': cg(lambda x, w: x * w, lambda x, w, u: (u * 3.0, tf.reduce_sum(u * 2.0))),
}

ANSWERS = [
    # ---- right, written in several ways
    Answer('02.multiply', 'reduce_sum of upstream times x', r'''
@strict_custom_gradient
def multiply(x, w):
    def grad(upstream):
        return upstream * w, tf.reduce_sum(upstream * x)
    return x * w, grad
''', True),
    Answer('02.multiply', 'tf.custom_gradient, lambda returning a list', r'''
@tf.custom_gradient
def multiply(x, w):
    return x * w, lambda dz: [dz * w, tf.reduce_sum(dz * x)]
''', True),
    Answer('02.multiply', 'tensordot over every axis', r'''
@strict_custom_gradient
def multiply(x, w):
    def grad(upstream):
        dx = upstream * w
        dw = tf.tensordot(upstream, x, axes=len(x.shape))    # Σ upstream·x
        return dx, dw
    return x * w, grad
''', True),
    Answer('02.multiply', 'math.reduce_sum with a comment', r'''
@strict_custom_gradient
def multiply(x, w):
    def grad(upstream):
        # w is used once per entry of x: add up what every use sends back
        return tf.math.multiply(upstream, w), tf.math.reduce_sum(tf.math.multiply(upstream, x))
    return tf.math.multiply(x, w), grad
''', True),
    Answer('02.multiply', 'flatten then sum', r'''
@strict_custom_gradient
def multiply(x, w):
    def grad(upstream):
        contributions = tf.reshape(upstream * x, [-1])
        return upstream * w, tf.reduce_sum(contributions)
    return x * w, grad
''', True),
    Answer('02.multiply', 'ones_like for dx', r'''
@strict_custom_gradient
def multiply(x, w):
    def grad(upstream):
        dx = upstream * w * tf.ones_like(x)
        dw = tf.reduce_sum(x * upstream)
        return dx, dw
    return x * w, grad
''', True),
    # ---- the worked divide example, adapted but not summed
    Answer('02.multiply', 'template: partials y and x, no sum', r'''
@strict_custom_gradient
def multiply(x, w):
    def grad(upstream):
        return upstream * w, upstream * x     # (dL/dx, dL/dw), in input order
    return x * w, grad
''', False, "dL/dw must have w's shape (one number), but upstream * x has x's shape: w is used by every entry of x, and those contributions must be added up into one number",
           ('shape|one number|single number', 'every entry|each entry|each use|every use|used by|add|sum')),
    Answer('02.multiply', 'tf.custom_gradient, no sum', r'''
@tf.custom_gradient
def multiply(x, w):
    def grad(dz):
        return dz * w, dz * x
    return x * w, grad
''', False, "dL/dw comes back with x's shape: w is one number used by every entry of x, so the contributions must be added up",
           ('one number|single number|shape', 'every entry|each entry|each use|every use|used by|add|sum')),
    Answer('02.multiply', 'divide demo left in', r'''
@strict_custom_gradient
def multiply(x, w):
    def grad(upstream):
        return upstream / w, -upstream * x / w ** 2     # (dL/dx, dL/dy), in input order
    return x * w, grad
''', False, "these are divide's partial derivatives, 1/w and −x/w², not those of x·w",
           ('divide|division|quotient|x / y|x/w',)),
    Answer('02.multiply', 'swapped', r'''
@strict_custom_gradient
def multiply(x, w):
    def grad(upstream):
        return upstream * x, tf.reduce_sum(upstream * w)
    return x * w, grad
''', False, 'the two partial derivatives are swapped: ∂z/∂x is w and ∂z/∂w is x',
           ('swap|order|other',)),
    Answer('02.multiply', 'upstream forgotten', r'''
@strict_custom_gradient
def multiply(x, w):
    def grad(upstream):
        return w * tf.ones_like(x), tf.reduce_sum(x)
    return x * w, grad
''', False, 'upstream is not used: both gradients must be multiplied by it',
           ('upstream',)),
    Answer('02.multiply', 'mean instead of sum', r'''
@strict_custom_gradient
def multiply(x, w):
    def grad(upstream):
        return upstream * w, tf.reduce_mean(upstream * x)
    return x * w, grad
''', False, 'every use of w counts in full: the contributions add up, they are not averaged',
           ('mean|average|averag',)),
    Answer('02.multiply', 'sum over axis 0 only', r'''
@strict_custom_gradient
def multiply(x, w):
    def grad(upstream):
        return upstream * w, tf.reduce_sum(upstream * x, axis=0)
    return x * w, grad
''', False, 'summing over axis 0 leaves one number per column for a matrix x; w is one number: sum over every axis',
           ('axis|axes|every entry|all entries|matrix|shape',)),
    Answer('02.multiply', 'keepdims leaves a (1, 1) tensor', r'''
@strict_custom_gradient
def multiply(x, w):
    def grad(upstream):
        return upstream * w, tf.reduce_sum(upstream * x, keepdims=True)
    return x * w, grad
''', False, "keepdims=True keeps x's axes with size 1, so dL/dw has shape (1,) or (1, 1) instead of w's shape ()",
           ('shape|keepdims',)),
    Answer('02.multiply', 'product of sums', r'''
@strict_custom_gradient
def multiply(x, w):
    def grad(upstream):
        return upstream * w, tf.reduce_sum(upstream) * tf.reduce_sum(x)
    return x * w, grad
''', False, 'the sum of the products upstream·x is not the product of the two sums: each entry pairs its own upstream with its own x',
           ('each entry|entry by entry|pair|its own|product',)),
    Answer('02.multiply', 'NumPy sum in grad', r'''
@strict_custom_gradient
def multiply(x, w):
    def grad(upstream):
        return upstream * w, np.sum(upstream * x)
    return x * w, grad
''', False, 'np.sum returns a NumPy number, not a tensor; it also fails inside tf.function: use tf.reduce_sum',
           ('numpy|NumPy|tf.function|tensor',)),
    Answer('02.multiply', 'Python sum', r'''
@strict_custom_gradient
def multiply(x, w):
    def grad(upstream):
        return upstream * w, sum(upstream * x)
    return x * w, grad
''', False, "Python's sum adds along the first axis only: for a matrix x it leaves a vector, not one number",
           ('shape|axis|one number|single number|sum',)),
    Answer('02.multiply', 'one gradient for two inputs', r'''
@strict_custom_gradient
def multiply(x, w):
    def grad(upstream):
        return upstream * w * x
    return x * w, grad
''', False, 'two inputs need two gradients, returned as a pair in input order',
           ('two|each input|per input|one gradient',)),
    Answer('02.multiply', 'forward value as gradient', r'''
@strict_custom_gradient
def multiply(x, w):
    def grad(upstream):
        z = x * w
        return upstream * z, tf.reduce_sum(upstream * z)
    return x * w, grad
''', False, 'multiplies upstream by the forward value x·w instead of the partial derivatives',
           ('forward|derivative',)),
    Answer('02.multiply', 'decorator forgotten', r'''
def multiply(x, w):
    def grad(upstream):
        return upstream * w, tf.reduce_sum(upstream * x)
    return x * w, grad
''', False, 'without the decorator multiply returns the pair (z, grad) and has no custom gradient',
           ('decorator|custom_gradient|@',)),
    Answer('02.multiply', 'divides the output by an input', r'''
@strict_custom_gradient
def multiply(x, w):
    z = x * w
    def grad(upstream):
        return upstream * z / x, tf.reduce_sum(upstream * z / w)
    return z, grad
''', False, 'z / x equals w only where x is not 0: at x = 0 the gradient is NaN',
           ('NaN|zero|0',)),
    Answer('02.multiply', 'float32 constant', r'''
@strict_custom_gradient
def multiply(x, w):
    def grad(upstream):
        one = tf.constant(1.0)
        return one * upstream * w, tf.reduce_sum(one * upstream * x)
    return x * w, grad
''', False, 'tf.constant(1.0) is float32 and clashes with float64 inputs; keep the inputs dtype',
           ('float64|float32|dtype',)),
    Answer('02.multiply', 'numbers from an example', r'''
@strict_custom_gradient
def multiply(x, w):
    def grad(upstream):
        return upstream * 3.0, tf.reduce_sum(upstream * 2.0)
    return x * w, grad
''', False, 'constants copied from an example: the gradients must depend on the actual inputs',
           ('constant|depend|example|inputs change',)),
    Answer('02.multiply', 'sum of upstream only', r'''
@strict_custom_gradient
def multiply(x, w):
    def grad(upstream):
        return upstream * w, tf.reduce_sum(upstream)
    return x * w, grad
''', False, 'the sum adds up upstream alone; each use of w contributes upstream times its slope, the entry of x',
           ('x|slope|partial|derivative',)),
    Answer('02.multiply', 'tf.function on top', r'''
@tf.function
@strict_custom_gradient
def multiply(x, w):
    def grad(upstream):
        return upstream * w, tf.reduce_sum(upstream * x)
    return x * w, grad
''', True),
    # ---- mistakes of the earlier z = x·y exercise, carried over to the gain
    Answer('02.multiply', 'grad takes two upstreams', r'''
@strict_custom_gradient
def multiply(x, w):
    def grad(dx, dw):             # one incoming gradient per input
        return dx * w, tf.reduce_sum(dw * x)
    return x * w, grad
''', False, 'multiply has one output, so grad receives one upstream; it returns one gradient per input, but takes one argument',
           ('upstream|argument',)),
    Answer('02.multiply', 'upstream multiplied twice', r'''
@strict_custom_gradient
def multiply(x, w):
    def grad(upstream):
        dx = upstream * w
        dw = tf.reduce_sum(upstream * x)
        return upstream * dx, upstream * dw     # multiply by upstream, as the feedback said
    return x * w, grad
''', False, 'dx and dw already contain upstream; multiplying again makes the gradient quadratic in upstream (and dw takes x\'s shape)',
           ('twice|squar|quadratic|linear|once|again|shape',)),
    Answer('02.multiply', 'grad argument named w', r'''
@strict_custom_gradient
def multiply(x, w):
    def grad(w):                      # w: the gradient arriving for z
        return w * w, tf.reduce_sum(w * x)
    return x * w, grad
''', False, "grad's argument is named w and hides the input w: dL/dx comes out upstream² instead of upstream·w",
           ("dL/dx|for x|'x'|x:|x's|first|swap|shape",)),
    Answer('02.multiply', 'upstream called as a function', r'''
@strict_custom_gradient
def multiply(x, w):
    def grad(upstream):
        return upstream(w), tf.reduce_sum(upstream(x))
    return x * w, grad
''', False, 'upstream is a tensor (dL/dz) to multiply by, not a function to call',
           ('multipl|times|tensor|callable|not a function',)),
    Answer('02.multiply', 'returns tf.print', r'''
@strict_custom_gradient
def multiply(x, w):
    def grad(upstream):
        return tf.print("dx:", upstream * w, "dw:", tf.reduce_sum(upstream * x))
    return x * w, grad
''', False, 'returns what tf.print returns (None), not the two gradients',
           ('None|return',)),
]
