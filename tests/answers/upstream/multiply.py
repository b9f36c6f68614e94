"""Exercise 02.multiply: a wrong answer for each mistake it names, and answers written from the learner's side.

The exercise: z = x · y, where y is one number (shape ()) that scales every entry of x. The
checker tries x and y both single numbers first, then a vector and a matrix x. The answers below
were written from the notebook's prompt and stub, before the judge.
"""

import tensorflow as tf

from answer_kit import Answer, cg

KEY = "02.multiply"

MISTAKES = {
    'swapped': cg(lambda x, y: x * y, lambda x, y, u: (u * x, tf.reduce_sum(u * y))),
    'divide_gradients': cg(lambda x, y: x * y, lambda x, y, u: (u / y, -u * x / y ** 2)),
    'forward_value': cg(lambda x, y: x * y, lambda x, y, u: (u * x * y, tf.reduce_sum(u * x * y))),
    'upstream_only': cg(lambda x, y: x * y, lambda x, y, u: (u * y, tf.reduce_sum(u))),
    'mean_not_sum': cg(lambda x, y: x * y, lambda x, y, u: (u * y, tf.reduce_mean(u * x))),
    'sum_of_products': cg(lambda x, y: x * y, lambda x, y, u: (u * y, tf.reduce_sum(u) * tf.reduce_sum(x))),
    'not_summed': cg(lambda x, y: x * y, lambda x, y, u: (u * y, u * x)),
    'wrong_shape': cg(lambda x, y: x * y, lambda x, y, u: (u * y, tf.reduce_sum(u * x) * tf.ones(2, u.dtype))),
    'reshape': cg(lambda x, y: x * y, lambda x, y, u: (u * y, tf.reduce_sum(u * x, keepdims=True))),
    'upstream_ignored': cg(lambda x, y: x * y, lambda x, y, u: (y * tf.ones_like(x), tf.reduce_sum(x))),
    'count': cg(lambda x, y: x * y, lambda x, y, u: u * y),
    'not_finite': cg(lambda x, y: x * y, lambda x, y, u: (u * (x * y) / x, tf.reduce_sum(u * (x * y) / y))),
    'constant_gradient': cg(lambda x, y: x * y, lambda x, y, u: (u * 3.0, tf.reduce_sum(u * 2.0))),
}

ANSWERS = [
    # ---- right, written in several ways
    Answer('02.multiply', 'reduce_sum of upstream times x', r'''
@strict_custom_gradient
def multiply(x, y):
    def grad(upstream):
        return upstream * y, tf.reduce_sum(upstream * x)
    return x * y, grad
''', True),
    Answer('02.multiply', 'tf.custom_gradient, lambda returning a list', r'''
@tf.custom_gradient
def multiply(x, y):
    return x * y, lambda dz: [dz * y, tf.reduce_sum(dz * x)]
''', True),
    Answer('02.multiply', 'tensordot over every axis', r'''
@strict_custom_gradient
def multiply(x, y):
    def grad(upstream):
        dx = upstream * y
        dy = tf.tensordot(upstream, x, axes=len(x.shape))    # Σ upstream·x
        return dx, dy
    return x * y, grad
''', True),
    Answer('02.multiply', 'math.reduce_sum with a comment', r'''
@strict_custom_gradient
def multiply(x, y):
    def grad(upstream):
        # y is used once per entry of x: add up what every use sends back
        return tf.math.multiply(upstream, y), tf.math.reduce_sum(tf.math.multiply(upstream, x))
    return tf.math.multiply(x, y), grad
''', True),
    Answer('02.multiply', 'flatten then sum', r'''
@strict_custom_gradient
def multiply(x, y):
    def grad(upstream):
        contributions = tf.reshape(upstream * x, [-1])
        return upstream * y, tf.reduce_sum(contributions)
    return x * y, grad
''', True),
    Answer('02.multiply', 'ones_like for dx', r'''
@strict_custom_gradient
def multiply(x, y):
    def grad(upstream):
        dx = upstream * y * tf.ones_like(x)
        dy = tf.reduce_sum(x * upstream)
        return dx, dy
    return x * y, grad
''', True),
    # ---- the worked divide example, adapted but not summed
    Answer('02.multiply', 'template: partials y and x, no sum', r'''
@strict_custom_gradient
def multiply(x, y):
    def grad(upstream):
        return upstream * y, upstream * x     # (dL/dx, dL/dy), in input order
    return x * y, grad
''', False, "dL/dy must have y's shape (one number), but upstream * x has x's shape: y is used by every entry of x, and those contributions must be added up into one number",
           ('shape|one number|single number', 'every entry|each entry|each use|every use|used by|add|sum')),
    Answer('02.multiply', 'tf.custom_gradient, no sum', r'''
@tf.custom_gradient
def multiply(x, y):
    def grad(dz):
        return dz * y, dz * x
    return x * y, grad
''', False, "dL/dy comes back with x's shape: y is one number used by every entry of x, so the contributions must be added up",
           ('one number|single number|shape', 'every entry|each entry|each use|every use|used by|add|sum')),
    Answer('02.multiply', 'divide demo left in', r'''
@strict_custom_gradient
def multiply(x, y):
    def grad(upstream):
        return upstream / y, -upstream * x / y ** 2     # (dL/dx, dL/dy), in input order
    return x * y, grad
''', False, "these are divide's partial derivatives, 1/y and −x/y², not those of x·y",
           ('divide|division|quotient|x / y|x/y',)),
    Answer('02.multiply', 'swapped', r'''
@strict_custom_gradient
def multiply(x, y):
    def grad(upstream):
        return upstream * x, tf.reduce_sum(upstream * y)
    return x * y, grad
''', False, 'the two partial derivatives are swapped: ∂z/∂x is y and ∂z/∂y is x',
           ('swap|order|other',)),
    Answer('02.multiply', 'upstream forgotten', r'''
@strict_custom_gradient
def multiply(x, y):
    def grad(upstream):
        return y * tf.ones_like(x), tf.reduce_sum(x)
    return x * y, grad
''', False, 'upstream is not used: both gradients must be multiplied by it',
           ('upstream',)),
    Answer('02.multiply', 'mean instead of sum', r'''
@strict_custom_gradient
def multiply(x, y):
    def grad(upstream):
        return upstream * y, tf.reduce_mean(upstream * x)
    return x * y, grad
''', False, 'every use of y counts in full: the contributions add up, they are not averaged',
           ('mean|average|averag',)),
    Answer('02.multiply', 'sum over axis 0 only', r'''
@strict_custom_gradient
def multiply(x, y):
    def grad(upstream):
        return upstream * y, tf.reduce_sum(upstream * x, axis=0)
    return x * y, grad
''', False, 'summing over axis 0 leaves one number per column for a matrix x; y is one number: sum over every axis',
           ('axis|axes|every entry|all entries|matrix|shape',)),
    Answer('02.multiply', 'keepdims leaves a (1, 1) tensor', r'''
@strict_custom_gradient
def multiply(x, y):
    def grad(upstream):
        return upstream * y, tf.reduce_sum(upstream * x, keepdims=True)
    return x * y, grad
''', False, "keepdims=True keeps x's axes with size 1, so dL/dy has shape (1,) or (1, 1) instead of y's shape ()",
           ('shape|keepdims',)),
    Answer('02.multiply', 'product of sums', r'''
@strict_custom_gradient
def multiply(x, y):
    def grad(upstream):
        return upstream * y, tf.reduce_sum(upstream) * tf.reduce_sum(x)
    return x * y, grad
''', False, 'the sum of the products upstream·x is not the product of the two sums: each entry pairs its own upstream with its own x',
           ('each entry|entry by entry|pair|its own|product',)),
    Answer('02.multiply', 'NumPy sum in grad', r'''
@strict_custom_gradient
def multiply(x, y):
    def grad(upstream):
        return upstream * y, np.sum(upstream * x)
    return x * y, grad
''', False, 'np.sum returns a NumPy number, not a tensor; it also fails inside tf.function: use tf.reduce_sum',
           ('numpy|NumPy|tf.function|tensor',)),
    Answer('02.multiply', 'Python sum', r'''
@strict_custom_gradient
def multiply(x, y):
    def grad(upstream):
        return upstream * y, sum(upstream * x)
    return x * y, grad
''', False, "Python's sum adds along the first axis only: for a matrix x it leaves a vector, not one number",
           ('shape|axis|one number|single number|sum',)),
    Answer('02.multiply', 'one gradient for two inputs', r'''
@strict_custom_gradient
def multiply(x, y):
    def grad(upstream):
        return upstream * y * x
    return x * y, grad
''', False, 'two inputs need two gradients, returned as a pair in input order',
           ('two|each input|per input|one gradient',)),
    Answer('02.multiply', 'forward value as gradient', r'''
@strict_custom_gradient
def multiply(x, y):
    def grad(upstream):
        z = x * y
        return upstream * z, tf.reduce_sum(upstream * z)
    return x * y, grad
''', False, 'multiplies upstream by the forward value x·y instead of the partial derivatives',
           ('forward|derivative',)),
    Answer('02.multiply', 'decorator forgotten', r'''
def multiply(x, y):
    def grad(upstream):
        return upstream * y, tf.reduce_sum(upstream * x)
    return x * y, grad
''', False, 'without the decorator multiply returns the pair (z, grad) and has no custom gradient',
           ('decorator|custom_gradient|@',)),
    Answer('02.multiply', 'divides the output by an input', r'''
@strict_custom_gradient
def multiply(x, y):
    z = x * y
    def grad(upstream):
        return upstream * z / x, tf.reduce_sum(upstream * z / y)
    return z, grad
''', False, 'z / x equals y only where x is not 0: at x = 0 the gradient is NaN',
           ('NaN|zero|0',)),
    Answer('02.multiply', 'float32 constant', r'''
@strict_custom_gradient
def multiply(x, y):
    def grad(upstream):
        one = tf.constant(1.0)
        return one * upstream * y, tf.reduce_sum(one * upstream * x)
    return x * y, grad
''', False, 'tf.constant(1.0) is float32 and clashes with float64 inputs; keep the inputs dtype',
           ('float64|float32|dtype',)),
    Answer('02.multiply', 'numbers from an example', r'''
@strict_custom_gradient
def multiply(x, y):
    def grad(upstream):
        return upstream * 3.0, tf.reduce_sum(upstream * 2.0)
    return x * y, grad
''', False, 'constants copied from an example: the gradients must depend on the actual inputs',
           ('constant|depend|example|inputs change',)),
    Answer('02.multiply', 'sum of upstream only', r'''
@strict_custom_gradient
def multiply(x, y):
    def grad(upstream):
        return upstream * y, tf.reduce_sum(upstream)
    return x * y, grad
''', False, 'the sum adds up upstream alone; each use of y contributes upstream times its slope, the entry of x',
           ('x|slope|partial|derivative',)),
    Answer('02.multiply', 'tf.function on top', r'''
@tf.function
@strict_custom_gradient
def multiply(x, y):
    def grad(upstream):
        return upstream * y, tf.reduce_sum(upstream * x)
    return x * y, grad
''', True),
    # ---- mistakes of the earlier z = x·y exercise, carried over to the gain
    Answer('02.multiply', 'grad takes two upstreams', r'''
@strict_custom_gradient
def multiply(x, y):
    def grad(dx, dy):             # one incoming gradient per input
        return dx * y, tf.reduce_sum(dy * x)
    return x * y, grad
''', False, 'multiply has one output, so grad receives one upstream; it returns one gradient per input, but takes one argument',
           ('upstream|argument',)),
    Answer('02.multiply', 'upstream multiplied twice', r'''
@strict_custom_gradient
def multiply(x, y):
    def grad(upstream):
        dx = upstream * y
        dy = tf.reduce_sum(upstream * x)
        return upstream * dx, upstream * dy     # multiply by upstream, as the feedback said
    return x * y, grad
''', False, 'dx and dy already contain upstream; multiplying again makes the gradient quadratic in upstream (and dy takes x\'s shape)',
           ('twice|squar|quadratic|linear|once|again|shape',)),
    Answer('02.multiply', 'grad argument named y', r'''
@strict_custom_gradient
def multiply(x, y):
    def grad(y):                      # y: the gradient arriving for z
        return y * y, tf.reduce_sum(y * x)
    return x * y, grad
''', False, "grad's argument is named y and hides the input y: dL/dx comes out upstream² instead of upstream·y",
           ("dL/dx|for x|'x'|x:|x's|first|swap|shape",)),
    Answer('02.multiply', 'upstream called as a function', r'''
@strict_custom_gradient
def multiply(x, y):
    def grad(upstream):
        return upstream(y), tf.reduce_sum(upstream(x))
    return x * y, grad
''', False, 'upstream is a tensor (dL/dz) to multiply by, not a function to call',
           ('multipl|times|tensor|callable|not a function',)),
    Answer('02.multiply', 'returns tf.print', r'''
@strict_custom_gradient
def multiply(x, y):
    def grad(upstream):
        return tf.print("dx:", upstream * y, "dy:", tf.reduce_sum(upstream * x))
    return x * y, grad
''', False, 'returns what tf.print returns (None), not the two gradients',
           ('None|return',)),
]


# ---------------------------------------------------------------- d-: a second learner corpus, written blind
def _m(body):
    return ("@strict_custom_gradient\ndef multiply(x, y):\n    def grad(upstream):\n" + body +
            "    return x * y, grad\n")


ANSWERS += [
    Answer(KEY, "d-right-named-steps", _m(
        "        dx = y * upstream              # each entry of x is scaled by y\n"
        "        dy = tf.reduce_sum(x * upstream)   # y is used once per entry of x: add up\n"
        "        return dx, dy\n"), True),
    Answer(KEY, "d-right-tensordot-flat", _m(
        "        flat_u = tf.reshape(upstream, [-1])\n"
        "        flat_x = tf.reshape(x, [-1])\n"
        "        return upstream * y, tf.tensordot(flat_u, flat_x, axes=1)\n"), True),
    Answer(KEY, "d-right-list-and-multiply", _m(
        "        return [tf.multiply(upstream, y), tf.math.reduce_sum(tf.multiply(upstream, x))]\n"), True),
    Answer(KEY, "d-right-all-axes", _m(
        "        axes = list(range(len(x.shape)))\n"
        "        return upstream * y, tf.reduce_sum(upstream * x, axis=axes)\n"), True),
    Answer(KEY, "d-numpy-sum", _m(
        "        return upstream * y, np.sum(upstream.numpy() * x.numpy())\n"), False,
           mistake="dL/dy is a NumPy number: strict_custom_gradient wants TensorFlow tensors (and .numpy() fails in tf.function)",
           must_mention=("NumPy|TensorFlow operation",)),
    Answer(KEY, "d-dy-forgets-upstream", _m("        return upstream * y, tf.reduce_sum(x)\n"), False,
           mistake="dL/dy forgets upstream: it must be the sum of upstream times x",
           must_mention=("ignor|forg|missing|whatever upstream|without upstream",)),
    Answer(KEY, "d-sign-on-y", _m("        return upstream * y, -tf.reduce_sum(upstream * x)\n"), False,
           mistake="a minus sign on dL/dy (copied from divide's -x/y²)",
           must_mention=("sign",)),
    Answer(KEY, "d-only-one-gradient", _m("        return upstream * y\n"), False,
           mistake="only one gradient returned for a function of two inputs",
           must_mention=("two|2 gradients|each input|per input|one gradient per",)),
    Answer(KEY, "d-float32-constant", _m(
        "        one = tf.constant(1.0)\n"
        "        return upstream * y * one, tf.reduce_sum(upstream * x) * one\n"), False,
           mistake="a float32 tf.constant meets float64 inputs",
           must_mention=("float64|dtype",)),
    Answer(KEY, "d-dx-summed", _m(
        "        return tf.reduce_sum(upstream) * y, tf.reduce_sum(upstream * x)\n"), False,
           mistake="dL/dx summed into one number: it must have x's shape, upstream * y entry by entry",
           must_mention=("shape",)),
    Answer(KEY, "d-dy-none-half-done", _m(
        "        dx = upstream * y\n        # TODO dy\n        return dx, None\n"), False,
           mistake="None returned for y, which is a float input and needs a gradient",
           must_mention=("None",)),
    Answer(KEY, "d-dx-forgets-y", _m("        return upstream, tf.reduce_sum(upstream * x)\n"), False,
           mistake="dL/dx is upstream alone: the local derivative y is missing",
           must_mention=("times y|* y|by y|factor y|missing y|local derivative|dz/dx|∂z/∂x",)),
    Answer(KEY, "d-right-flattened-sum", _m(
        "        return upstream * y, tf.reduce_sum(tf.reshape(upstream * x, [-1]))\n"), True),
]
