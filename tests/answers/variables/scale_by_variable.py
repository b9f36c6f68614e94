"""Exercise 06.scale_by_variable: a wrong answer for each mistake it names, and answers written from the learner's side."""

import tensorflow as tf

from answer_kit import Answer, cg, scale_by

KEY = "06.scale_by_variable"

MISTAKES = {
    'variables_missing': scale_by(lambda x, u, w: u * w ** 2, takes_variables=False),
    'not_summed': scale_by(lambda x, u, w: (u * w ** 2, [u * x * 2 * w])),
    'swapped': scale_by(lambda x, u, w: (u * x * 2 * w, [tf.reduce_sum(u * w ** 2)])),
    'upstream_ignored': scale_by(lambda x, u, w: (w ** 2 * tf.ones_like(x), [tf.reduce_sum(x * 2 * w)])),
    'none': scale_by(lambda x, u, w: (u * w ** 2, [None])),
    'wrong_values': scale_by(lambda x, u, w: (u * w ** 2, [tf.reduce_sum(u * x * 2 * w) + 1])),
    'x_factor': scale_by(lambda x, u, w: (u * w, [tf.reduce_sum(u * x * 2 * w)])),
    'variable_changed': scale_by(lambda x, u, w: (u * w ** 2, [tf.reduce_sum(u * x * 2 * w)]) if w.assign_sub(0.01)
                                     is not None else None),
    'not_trainable': scale_by(lambda x, u, w: (u * w ** 2, [tf.reduce_sum(u * x * 2 * w)]), trainable=False),
    'hard_coded': scale_by(lambda x, u, w: (u * 4.0, [tf.reduce_sum(u * x * 2 * w)])),
    'mean_not_sum': scale_by(lambda x, u, w: (u * w ** 2, [tf.reduce_mean(u * x * 2 * w)])),
    'no_variable': cg(lambda x: 2.0 * x, lambda x, u: u * 2.0),
    'constant_factor': scale_by(
        lambda x, u, w: (u * w ** 2, [tf.reduce_sum(u * x * w)])),
    'rebound_input': scale_by(                   # x = x * w**2 in the forward
        lambda x, u, w: (u * w ** 2, [tf.reduce_sum(u * x * w ** 2) * 2 * w])),
    'chain_rule': scale_by(lambda x, u, w: (u * w ** 2, [tf.reduce_sum(u * x)])),
}

ANSWERS = [
    # ---- set ab
    Answer('06.scale_by_variable', 'flattened-tensordot', r'''
w = tf.Variable(2.0)

@tf.custom_gradient
def scale(x):
    def grad(upstream, variables=None):
        dx = upstream * tf.square(w)
        flat_u, flat_x = tf.reshape(upstream, [-1]), tf.reshape(x, [-1])
        dw = 2 * w * tf.tensordot(flat_u, flat_x, axes=1)   # one number: sum over every entry
        return dx, [dw]
    return x * w ** 2, grad
''', True),
    Answer('06.scale_by_variable', 'forward-rebinds-x', r'''
w = tf.Variable(2.0)

@tf.custom_gradient
def scale(x):
    def grad(upstream, variables=None):
        return upstream * w ** 2, [tf.reduce_sum(upstream * 2 * w * x)]
    x = x * w ** 2          # compute the output
    return x, grad
''', False, "The forward rebinds x to the output before grad runs, so grad's x is x·w², not the input: dL/dw comes out w² times too large. Give the output its own name.",
           ('rebind|rebound|reassign|overwr|output',)),
    Answer('06.scale_by_variable', 'variable-grad-not-in-list', r'''
w = tf.Variable(2.0)

@tf.custom_gradient
def scale(x):
    def grad(upstream, variables=None):
        dx = upstream * w ** 2
        dw = tf.reduce_sum(upstream * x) * 2 * w
        return dx, dw
    return x * w ** 2, grad
''', False, "The variables' gradients must come back as a list, one per variable: return dx, [dw].",
           ('list',)),
    Answer('06.scale_by_variable', 'einsum-ellipsis-to-scalar', r'''
w = tf.Variable(2.0)

@tf.custom_gradient
def scale(x):
    def grad(upstream, variables=None):
        dw = 2 * w * tf.einsum("...,...->", upstream, x)     # contract everything to one number
        return upstream * w ** 2, [dw]
    return x * w ** 2, grad
''', False, "tf.einsum does not sum over the dimensions covered by '...' when the output drops them: it raises for any non-scalar x. Sum explicitly (tf.reduce_sum(upstream * x)).",
           ('einsum|ellipsis|...',)),
    # ---- set c
    Answer('06.scale_by_variable', 'contract followed, dw summed', r'''
w = tf.Variable(2.0)

@tf.custom_gradient
def scale(x):
    def grad(upstream, variables=None):
        dx = upstream * w ** 2
        dw = tf.reduce_sum(upstream * x * 2.0 * w)
        return dx, [dw]
    return x * w ** 2, grad
''', True),
    Answer('06.scale_by_variable', 'gradients matched to variables by ref', r'''
w = tf.Variable(2.0)

@tf.custom_gradient
def scale(x):
    def grad(upstream, variables=None):
        by_variable = {w.ref(): 2 * w * tf.reduce_sum(upstream * x)}
        return upstream * tf.square(w), [by_variable[v.ref()] for v in variables]
    return x * tf.square(w), grad
''', True),
    Answer('06.scale_by_variable', 'input gradient also wrapped in a list', r'''
w = tf.Variable(2.0)

@tf.custom_gradient
def scale(x):
    w_squared = w * w
    def grad(upstream, variables=None):
        return [upstream * w_squared], [tf.reduce_sum(2.0 * w * x * upstream)]
    return x * w_squared, grad
''', True),
    Answer('06.scale_by_variable', 'dw not summed', r'''
w = tf.Variable(2.0)

@tf.custom_gradient
def scale(x):
    def grad(upstream, variables=None):
        dx = upstream * w ** 2
        dw = upstream * x * 2.0 * w
        return dx, [dw]
    return x * w ** 2, grad
''', False, 'w is one number used by every entry of x: its gradient is the sum Σ upstream·x·2w, a scalar, not one value per entry.',
           ('sum',)),
    Answer('06.scale_by_variable', 'dw summed over axis 0 only', r'''
w = tf.Variable(2.0)

@tf.custom_gradient
def scale(x):
    def grad(upstream, variables=None):
        dx = upstream * w ** 2
        dw = tf.reduce_sum(upstream * x * 2.0 * w, axis=0)
        return dx, [dw]
    return x * w ** 2, grad
''', False, 'Summing over axis 0 leaves one value per column for a matrix x; w is a scalar, so sum over all entries (tf.reduce_sum with no axis).',
           ('sum|axis|axes|all|shape|scalar',)),
    Answer('06.scale_by_variable', 'factor 2 forgotten in dw', r'''
w = tf.Variable(2.0)

@tf.custom_gradient
def scale(x):
    def grad(upstream, variables=None):
        dx = upstream * w ** 2
        dw = tf.reduce_sum(upstream * x * w)
        return dx, [dw]
    return x * w ** 2, grad
''', False, 'd(w²)/dw = 2w, not w: dw is missing the factor 2.',
           ('2w|2 w|2·w|2*w|2 * w|factor|twice',)),
    Answer('06.scale_by_variable', 'dx uses w instead of w squared', r'''
w = tf.Variable(2.0)

@tf.custom_gradient
def scale(x):
    def grad(upstream, variables=None):
        dx = upstream * w
        dw = tf.reduce_sum(upstream * x * 2.0 * w)
        return dx, [dw]
    return x * w ** 2, grad
''', False, 'y = x·w², so dy/dx = w², not w.',
           ('w²|w**2|w ** 2|square|w^2',)),
    Answer('06.scale_by_variable', 'hard-coded w = 2', r'''
w = tf.Variable(2.0)

@tf.custom_gradient
def scale(x):
    def grad(upstream, variables=None):
        dx = upstream * 4.0                     # w² = 4
        dw = tf.reduce_sum(upstream * x) * 4.0  # 2w = 4
        return dx, [dw]
    return x * w ** 2, grad
''', False, "The numbers 4.0 are w² and 2w at w = 2 only; read w in grad so the gradient follows the variable's current value.",
           ('hard|other value|value of w|values of w|current|depend',)),
    Answer('06.scale_by_variable', 'w squared cached with .numpy() when the cell runs', r'''
w = tf.Variable(2.0)
w_squared = w.numpy() ** 2
two_w = 2 * w.numpy()

@tf.custom_gradient
def scale(x):
    def grad(upstream, variables=None):
        return upstream * w_squared, [tf.reduce_sum(upstream * x) * two_w]
    return x * w ** 2, grad
''', False, 'w_squared and two_w are frozen at w = 2 when the cell runs; when w changes the forward follows it but grad does not: compute them from w inside grad.',
           ('hard|other value|value of w|values of w|current|depend|numpy|frozen|stale',)),
    Answer('06.scale_by_variable', 'variable gradient not in a list', r'''
w = tf.Variable(2.0)

@tf.custom_gradient
def scale(x):
    def grad(upstream, variables=None):
        dx = upstream * w ** 2
        dw = tf.reduce_sum(upstream * x * 2.0 * w)
        return dx, dw
    return x * w ** 2, grad
''', False, 'The variable gradients must be a list with one entry per variable: return dx, [dw].',
           ('list',)),
    Answer('06.scale_by_variable', 'grad without variables=', r'''
w = tf.Variable(2.0)

@tf.custom_gradient
def scale(x):
    def grad(upstream):
        dx = upstream * w ** 2
        dw = tf.reduce_sum(upstream * x * 2.0 * w)
        return dx, [dw]
    return x * w ** 2, grad
''', False, 'The forward reads the tf.Variable w, so grad must accept variables=None (TensorFlow raises a TypeError on the first call).',
           ('variables',)),
    Answer('06.scale_by_variable', 'only the input gradient returned', r'''
w = tf.Variable(2.0)

@tf.custom_gradient
def scale(x):
    def grad(upstream, variables=None):
        return upstream * w ** 2
    return x * w ** 2, grad
''', False, 'With variables, grad returns a pair: (dL/dx, [dL/dw]); the gradient for w is missing.',
           ('variable|pair|list',)),
    Answer('06.scale_by_variable', 'variable gradient returned first', r'''
w = tf.Variable(2.0)

@tf.custom_gradient
def scale(x):
    def grad(upstream, variables=None):
        dx = upstream * w ** 2
        dw = tf.reduce_sum(upstream * x * 2.0 * w)
        return [dw], dx
    return x * w ** 2, grad
''', False, 'The order is (input gradients, [variable gradients]): return dx, [dw].',
           ('order|first|swap',)),
    Answer('06.scale_by_variable', 'mean instead of sum for dw', r'''
w = tf.Variable(2.0)

@tf.custom_gradient
def scale(x):
    def grad(upstream, variables=None):
        dx = upstream * w ** 2
        dw = tf.reduce_mean(upstream * x * 2.0 * w)
        return dx, [dw]
    return x * w ** 2, grad
''', False, 'Every entry of x contributes through w: add the contributions (reduce_sum), do not average them.',
           ('sum|mean|averag',)),
    Answer('06.scale_by_variable', 'upstream forgotten in dw', r'''
w = tf.Variable(2.0)

@tf.custom_gradient
def scale(x):
    def grad(upstream, variables=None):
        dx = upstream * w ** 2
        dw = tf.reduce_sum(2.0 * w * x)
        return dx, [dw]
    return x * w ** 2, grad
''', False, 'dw must be weighted by the upstream: Σ upstream · x · 2w (chain rule).',
           ('upstream',)),
    Answer('06.scale_by_variable', 'dw reshaped to shape (1,)', r'''
w = tf.Variable(2.0)

@tf.custom_gradient
def scale(x):
    def grad(upstream, variables=None):
        dx = upstream * w ** 2
        dw = tf.reshape(tf.reduce_sum(upstream * x * 2.0 * w), [1])
        return dx, [dw]
    return x * w ** 2, grad
''', False, 'w is a scalar (shape ()), so its gradient must be a scalar too, not shape (1,).',
           ('shape|scalar',)),
    Answer('06.scale_by_variable', 'typo tf.reduce_summ', r'''
w = tf.Variable(2.0)

@tf.custom_gradient
def scale(x):
    def grad(upstream, variables=None):
        dx = upstream * w ** 2
        dw = tf.reduce_summ(upstream * x * 2.0 * w)
        return dx, [dw]
    return x * w ** 2, grad
''', False, 'tf.reduce_summ does not exist: it is tf.reduce_sum.'),
    # ---- set e
    Answer('06.scale_by_variable', 'unpacks variables and uses it', r'''
w = tf.Variable(2.0)

@tf.custom_gradient
def scale(x):
    def grad(upstream, variables=None):
        (v,) = variables                      # the one variable read: w
        return upstream * tf.square(v), [2.0 * v * tf.reduce_sum(upstream * x)]
    return x * w ** 2, grad
''', True),
    Answer('06.scale_by_variable', 'tf.math names, w * w', r'''
w = tf.Variable(2.0)

@tf.custom_gradient
def scale(x):
    def grad(upstream, variables=None):
        dw = tf.math.reduce_sum(tf.math.multiply(upstream, x)) * 2 * w
        return upstream * w * w, [dw]
    return x * w ** 2, grad
''', True),
    Answer('06.scale_by_variable', 'dw not summed', r'''
w = tf.Variable(2.0)

@tf.custom_gradient
def scale(x):
    def grad(upstream, variables=None):
        return upstream * w ** 2, [2 * w * upstream * x]
    return x * w ** 2, grad
''', False, 'w is one number used by every entry: its gradient sums 2w·upstream·x over all entries.',
           ('sum|shape|scalar|one number',)),
    Answer('06.scale_by_variable', 'variable gradients as a tuple', r'''
w = tf.Variable(2.0)

@tf.custom_gradient
def scale(x):
    def grad(upstream, variables=None):
        dw = 2 * w * tf.reduce_sum(upstream * x)
        return upstream * w ** 2, (dw,)
    return x * w ** 2, grad
''', False, 'The variable gradients must be a list, [dw]; TensorFlow fails on a tuple.',
           ('list',)),
    Answer('06.scale_by_variable', 'dx uses 2w instead of w²', r'''
w = tf.Variable(2.0)

@tf.custom_gradient
def scale(x):
    def grad(upstream, variables=None):
        return upstream * 2 * w, [2 * w * tf.reduce_sum(upstream * x)]
    return x * w ** 2, grad
''', False, '∂y/∂x is w², not 2w (the derivative in w): the two are mixed up, which goes unnoticed at w = 2, where 2w = w².',
           ('w²|w^2|w**2|square',)),
    Answer('06.scale_by_variable', 'x shadowed inside grad', r'''
w = tf.Variable(2.0)

@tf.custom_gradient
def scale(x):
    def grad(upstream, variables=None):
        x = upstream * w ** 2                       # dL/dx
        return x, [2 * w * tf.reduce_sum(upstream * x)]
    return x * w ** 2, grad
''', False, 'Reusing the name x for dL/dx inside grad makes dL/dw use upstream·w² instead of the input x.',
           ('dL/dw|∂L/∂w|variable|gradient for w|dw|input x',)),
    # ---- set f
    Answer('06.scale_by_variable', 'uses_variables_argument', r'''
w = tf.Variable(2.0)

@tf.custom_gradient
def scale(x):
    def grad(upstream, variables=None):
        (v,) = variables
        dx = upstream * v ** 2
        dv = tf.reduce_sum(upstream * x * 2 * v)
        return dx, [dv]
    return x * w ** 2, grad
''', True),
    Answer('06.scale_by_variable', 'kwargs_and_upstream_default', r'''
w = tf.Variable(2.0)

@tf.custom_gradient
def scale(x, **kwargs):
    def grad(upstream=None, **kwargs):
        return upstream * w * w, [2 * w * tf.reduce_sum(x * upstream)]
    return x * w ** 2, grad
''', True),
    Answer('06.scale_by_variable', 'keyword_only_variables', r'''
w = tf.Variable(2.0)

@tf.custom_gradient
def scale(x):
    def grad(upstream, *, variables):
        return upstream * tf.square(w), [2.0 * w * tf.reduce_sum(tf.multiply(upstream, x))]
    return x * tf.square(w), grad
''', True),
    Answer('06.scale_by_variable', 'w_squared_cached', r'''
w = tf.Variable(2.0)
w2 = w ** 2          # compute once, it is a constant

@tf.custom_gradient
def scale(x):
    def grad(upstream, variables=None):
        return upstream * w2, [tf.reduce_sum(upstream * x * 2 * w)]
    return x * w2, grad
''', False, 'w² was computed once, outside: the forward no longer reads w, so TensorFlow passes no variables (the extra [dw] is one gradient too many) and a new value of w is ignored.',
           ('read|stale|current|cache|new value|changes',)),
    Answer('06.scale_by_variable', 'variable_created_inside', r'''
@tf.custom_gradient
def scale(x):
    w = tf.Variable(2.0)
    def grad(upstream, variables=None):
        return upstream * w ** 2, [tf.reduce_sum(upstream * x * 2 * w)]
    return x * w ** 2, grad
''', False, 'A new tf.Variable(2.0) is created on every call, so the global w (and any value given to it) is never used; tf.function refuses it outright.',
           ('global|outside|new variable|creat|every call|each call',)),
    Answer('06.scale_by_variable', 'w_as_second_input', r'''
w = tf.Variable(2.0)

@tf.custom_gradient
def scale(x, w):
    def grad(upstream):
        return upstream * w ** 2, tf.reduce_sum(upstream * x * 2 * w)
    return x * w ** 2, grad
''', False, 'w was made a second input, so scale(x) cannot be called; keep one input and follow the variables= contract.',
           ('variables|contract|one input|argument',)),
    # ---- set g
    Answer('06.scale_by_variable', 'unpack-variables-argument', r'''
w = tf.Variable(2.0)

@tf.custom_gradient
def scale(x):
    def grad(upstream, variables=None):
        (v,) = variables                       # the one variable the forward read: w
        dx = upstream * v ** 2
        dv = 2 * v * tf.reduce_sum(upstream * x)
        return dx, [dv]
    return x * w ** 2, grad
''', True),
    Answer('06.scale_by_variable', 'tf-function-outside', r'''
w = tf.Variable(2.0)

@tf.function
@tf.custom_gradient
def scale(x):
    def grad(upstream, variables=None):
        return upstream * w ** 2, [tf.reduce_sum(upstream * x) * 2 * w]
    return x * w ** 2, grad
''', True),
    Answer('06.scale_by_variable', 'tf-function-inside', r'''
w = tf.Variable(2.0)

@tf.custom_gradient
@tf.function
def scale(x):
    def grad(upstream, variables=None):
        return upstream * w ** 2, [tf.reduce_sum(upstream * x) * 2 * w]
    return x * w ** 2, grad
''', False, '@tf.function under @tf.custom_gradient must return (y, grad) from a graph, and a Python function cannot be a graph output: swap the decorators',
           ('tf.function|order|decorat',)),
    Answer('06.scale_by_variable', 'integer-variable', r'''
w = tf.Variable(2)          # w is two

@tf.custom_gradient
def scale(x):
    def grad(upstream, variables=None):
        return upstream * w ** 2, [tf.reduce_sum(upstream * x) * 2 * w]
    return x * w ** 2, grad
''', False, 'tf.Variable(2) is an int32 variable: it cannot multiply a float x and gets no gradient; write tf.Variable(2.0)',
           ('int|float|dtype',)),
    Answer('06.scale_by_variable', 'mean-for-w', r'''
w = tf.Variable(2.0)

@tf.custom_gradient
def scale(x):
    def grad(upstream, variables=None):
        return upstream * w ** 2, [tf.reduce_mean(2 * w * x * upstream)]
    return x * w ** 2, grad
''', False, 'w is used by every entry of x, so its gradient is the sum of the contributions, not their mean',
           ('sum|mean',)),
    Answer('06.scale_by_variable', 'pair-swapped', r'''
w = tf.Variable(2.0)

@tf.custom_gradient
def scale(x):
    def grad(upstream, variables=None):
        dx = upstream * w ** 2
        dw = tf.reduce_sum(2 * w * x * upstream)
        return [dw], dx
    return x * w ** 2, grad
''', False, 'the pair is (input gradients, [variable gradients]); here the two are swapped',
           ('order|swap|pair|first|variables',)),
    # ---- set j
    Answer('06.scale_by_variable', 'unpack-variables-list', r'''
w = tf.Variable(2.0)

@tf.custom_gradient
def scale(x):
    def grad(upstream, variables=None):
        (v,) = variables                      # the one variable read: w
        dx = upstream * tf.square(v)
        dv = 2.0 * v * tf.reduce_sum(upstream * x)
        return dx, [dv]
    return x * w ** 2, grad
''', True),
    Answer('06.scale_by_variable', 'tensordot-flattened', r'''
w = tf.Variable(2.0)

@tf.custom_gradient
def scale(x):
    def grad(upstream, variables=None):
        flat_u, flat_x = tf.reshape(upstream, [-1]), tf.reshape(x, [-1])
        w_now = tf.convert_to_tensor(w)
        return w_now * w_now * upstream, [tf.tensordot(flat_u, flat_x, axes=1) * (w_now + w_now)]
    return x * w ** 2, grad
''', True),
    Answer('06.scale_by_variable', 'dw-not-summed', r'''
w = tf.Variable(2.0)

@tf.custom_gradient
def scale(x):
    def grad(upstream, variables=None):
        return upstream * w ** 2, [upstream * 2 * w * x]
    return x * w ** 2, grad
''', False, 'w is one number used by every entry of x: its gradient must be summed to a scalar, like w.',
           ('sum|shape|scalar',)),
    Answer('06.scale_by_variable', 'dx-forgot-the-square', r'''
w = tf.Variable(2.0)

@tf.custom_gradient
def scale(x):
    def grad(upstream, variables=None):
        dx = upstream * w                      # d(x·w²)/dx ... 
        dw = tf.reduce_sum(upstream * 2 * w * x)
        return dx, [dw]
    return x * w ** 2, grad
''', False, 'dy/dx is w², not w: the input gradient is off by a factor w (right only when w = 1).',
           ('square|squared|factor',)),
    Answer('06.scale_by_variable', 'only-input-gradient-returned', r'''
w = tf.Variable(2.0)

@tf.custom_gradient
def scale(x):
    def grad(upstream, variables=None):
        return upstream * w ** 2            # dL/dx; w is a variable so TF handles it?
    return x * w ** 2, grad
''', False, 'With variables= grad must return a pair: the input gradient and a list with one gradient per variable ([dL/dw]).',
           ('variable',)),
    Answer('06.scale_by_variable', 'global-call-counter-variable', r'''
w = tf.Variable(2.0)
n_calls = tf.Variable(0)                   # count calls, for debugging

@tf.custom_gradient
def scale(x):
    n_calls.assign_add(1)
    def grad(upstream, variables=None):
        return upstream * w ** 2, [tf.reduce_sum(2 * w * x * upstream)]
    return x * w ** 2, grad
''', False, 'The call counter is a tf.Variable read in the forward, so it is in `variables` too and grad returns one gradient too few.',
           ('variable|counter|n_calls',)),
    Answer('06.scale_by_variable', 'typo-variabels-nameerror', r'''
w = tf.Variable(2.0)

@tf.custom_gradient
def scale(x):
    def grad(upstream, variables=None):
        v = variabels[0]
        return upstream * v ** 2, [tf.reduce_sum(upstream * 2 * v * x)]
    return x * w ** 2, grad
''', False, '`variabels` is a typo for `variables`: grad raises a NameError when the gradient is computed.',
           ('variabels|NameError|not defined',)),
    # ---- set l
    Answer('06.scale_by_variable', 'unpacks-variables-and-tensordot', r'''
w = tf.Variable(2.0)

@tf.custom_gradient
def scale(x):
    def grad(upstream, variables=None):
        (v,) = variables                      # the only variable read: w
        dx = upstream * tf.square(v)
        flat_u, flat_x = tf.reshape(upstream, [-1]), tf.reshape(x, [-1])
        dv = 2.0 * v * tf.tensordot(flat_u, flat_x, axes=1)
        return dx, [dv]
    return x * w ** 2, grad
''', True),
    Answer('06.scale_by_variable', 'dw-not-summed', r'''
w = tf.Variable(2.0)

@tf.custom_gradient
def scale(x):
    def grad(upstream, variables=None):
        return upstream * w ** 2, [upstream * 2 * w * x]
    return x * w ** 2, grad
''', False, "w is one number used by every entry of x, so its gradient is summed over all entries; here it has x's shape.",
           ('sum|shape|scalar',)),
    Answer('06.scale_by_variable', 'variables-kwarg-but-no-list', r'''
w = tf.Variable(2.0)

@tf.custom_gradient
def scale(x):
    def grad(upstream, variables=None):      # second try: added variables=None as the error said
        return upstream * w ** 2
    return x * w ** 2, grad
''', False, 'grad accepts variables= but still returns only dL/dx; it must return (dL/dx, [dL/dw]).',
           ('variable',)),
    Answer('06.scale_by_variable', 'dw-missing-chain-factor', r'''
w = tf.Variable(2.0)

@tf.custom_gradient
def scale(x):
    def grad(upstream, variables=None):
        dx = upstream * w ** 2
        dw = tf.reduce_sum(upstream * x)
        print("dx", dx, "dw", dw)
        return dx, [dw]
    return x * w ** 2, grad
''', False, 'dL/dw is missing the derivative of w² (2w): the gradient for the variable is off by that factor.',
           ("variable|dw|for w|of w|w's|dl/dw",)),
    Answer('06.scale_by_variable', 'tf1-tf-gradients-in-grad', r'''
w = tf.Variable(2.0)

@tf.custom_gradient
def scale(x):
    y = x * w ** 2
    def grad(upstream, variables=None):
        # TF1 style: let tf.gradients build d(y)/d(x, w) with grad_ys
        dx, dw = tf.gradients(x * w ** 2, [x, w], grad_ys=upstream)
        return dx, [dw]
    return y, grad
''', False, 'tf.gradients only works in graph mode; eagerly it raises. Write the two gradients from the formula (or use a GradientTape).',
           ('tf.gradients|eager|graph|tape',)),
    Answer('06.scale_by_variable', 'nested-tape-drops-upstream-for-w', r'''
w = tf.Variable(2.0)

@tf.custom_gradient
def scale(x):
    def grad(upstream, variables=None):
        with tf.GradientTape() as tape:          # autodiff for the variable part
            y_again = x * w ** 2
        dw = tape.gradient(y_again, w)
        return upstream * w ** 2, [dw]
    return x * w ** 2, grad
''', False, 'The inner tape differentiates sum(x·w²), not the loss: dw ignores upstream (pass output_gradients=upstream).',
           ('upstream',)),
    # ---- set m
    Answer('06.scale_by_variable', 'reads-variables-arg', r'''
w = tf.Variable(2.0)

@tf.custom_gradient
def scale(x):
    def grad(upstream, variables=None):
        (v,) = variables                              # the one variable read: w
        dx = upstream * v ** 2
        dv = 2 * v * tf.reduce_sum(upstream * x)      # w is shared by every entry: sum
        return dx, [dv]
    return x * w ** 2, grad
''', True),
    Answer('06.scale_by_variable', 'dw-unsummed', r'''
w = tf.Variable(2.0)

@tf.custom_gradient
def scale(x):
    def grad(upstream, variables=None):
        return upstream * w ** 2, [2 * w * upstream * x]
    return x * w ** 2, grad
''', False, 'w is one number used by every entry: sum its gradient to a scalar.',
           ('sum|shape|scalar',)),
    Answer('06.scale_by_variable', 'dw-missing-2', r'''
w = tf.Variable(2.0)

@tf.custom_gradient
def scale(x):
    def grad(upstream, variables=None):
        return upstream * w ** 2, [w * tf.reduce_sum(upstream * x)]
    return x * w ** 2, grad
''', False, 'd(w²)/dw has a factor 2 that is missing.',
           ('factor|two|2',)),
    Answer('06.scale_by_variable', 'no-contract', r'''
w = tf.Variable(2.0)

@tf.custom_gradient
def scale(x):
    def grad(upstream):
        return upstream * w ** 2
    return x * w ** 2, grad
''', False, 'The function reads a variable: grad needs variables=None and must return (dx, [dw]).',
           ('variables',)),
    Answer('06.scale_by_variable', 'steps-w-inside-grad', r'''
w = tf.Variable(2.0)

@tf.custom_gradient
def scale(x):
    def grad(upstream, variables=None):
        dw = 2 * w * tf.reduce_sum(upstream * x)
        w.assign_sub(0.01 * dw)                 # take the training step right here
        return upstream * w ** 2, [dw]
    return x * w ** 2, grad
''', False, 'grad must not change w: it only returns gradients (and dx then uses the modified w).',
           ('assign|modif|mutat|chang',)),
    # ---- set o
    Answer('06.scale_by_variable', 'tensordot-flattened', r'''
w = tf.Variable(2.0)

@tf.custom_gradient
def scale(x):
    def grad(upstream, variables=None):
        dx = upstream * w * w
        flat_u, flat_x = tf.reshape(upstream, [-1]), tf.reshape(x, [-1])
        dw = 2.0 * w * tf.tensordot(flat_u, flat_x, axes=1)
        return dx, [dw]
    return x * w ** 2, grad
''', True),
    Answer('06.scale_by_variable', 'reads-variables-argument', r'''
w = tf.Variable(2.0)

@tf.custom_gradient
def scale(x):
    def grad(upstream, variables=None):
        (v,) = variables                     # the one variable TensorFlow saw: w
        return upstream * tf.square(v), [tf.reduce_sum(upstream * x * v * 2)]
    return x * w ** 2, grad
''', True),
    Answer('06.scale_by_variable', 'dw-not-summed', r'''
w = tf.Variable(2.0)

@tf.custom_gradient
def scale(x):
    def grad(upstream, variables=None):
        return upstream * w ** 2, [2 * w * upstream * x]
    return x * w ** 2, grad
''', False, 'w is one number used by every entry, so its gradient must be summed over the entries to a scalar',
           ('sum|scalar|shape',)),
    Answer('06.scale_by_variable', 'returns-a-dict', r'''
w = tf.Variable(2.0)

@tf.custom_gradient
def scale(x):
    def grad(upstream, variables=None):
        return {"x": upstream * w ** 2, "w": 2 * w * tf.reduce_sum(upstream * x)}
    return x * w ** 2, grad
''', False, 'grad must return a pair (input gradient, [one gradient per variable]), not a dict',
           ('pair|tuple|list|dict',)),
    Answer('06.scale_by_variable', 'w-squared-right-only-at-2', r'''
w = tf.Variable(2.0)

@tf.custom_gradient
def scale(x):
    def grad(upstream, variables=None):
        dx = upstream * w ** 2
        dw = w ** 2 * tf.reduce_sum(upstream * x)   # d(w^2)/dw ... 4 at w = 2, checked
        return dx, [dw]
    return x * w ** 2, grad
''', False, "the derivative of w² is 2w, not w²: the two agree only at w = 2, the example's value",
           ('dw|dl/dw|for w|of w|variable',)),
    Answer('06.scale_by_variable', 'inner-tape-without-watch', r'''
w = tf.Variable(2.0)

@tf.custom_gradient
def scale(x):
    def grad(upstream, variables=None):
        with tf.GradientTape() as tape:
            y = x * w ** 2
        dx, dw = tape.gradient(y, [x, w], output_gradients=upstream)
        return dx, [dw]
    return x * w ** 2, grad
''', False, 'the inner tape never watches x (a constant), so its gradient for x is None; write dx = upstream * w**2 yourself',
           ('none|watch',)),
    # ---- set q
    Answer('06.scale_by_variable', 'tensordot-unpack-variables', r'''
w = tf.Variable(2.0)

@tf.custom_gradient
def scale(x):
    def grad(upstream, variables=None):
        (v,) = variables                      # the one variable the forward read: w
        flat_u, flat_x = tf.reshape(upstream, [-1]), tf.reshape(x, [-1])
        dv = 2.0 * v * tf.tensordot(flat_u, flat_x, axes=1)
        return upstream * tf.square(v), [dv]
    return x * w ** 2, grad
''', True),
    Answer('06.scale_by_variable', 'torch-function-no-variables-kwarg', r'''
import types
w = tf.Variable(2.0)

class ScaleFunction:              # the torch.autograd.Function shape
    @staticmethod
    def forward(ctx, x):
        ctx.save_for_backward(x)
        return x * w ** 2

    @staticmethod
    def backward(ctx, grad_output):
        (x,) = ctx.saved_tensors
        return grad_output * w ** 2, tf.reduce_sum(grad_output * x) * 2 * w

class _Ctx(types.SimpleNamespace):
    def save_for_backward(self, *tensors):
        self.saved_tensors = tensors

@tf.custom_gradient
def scale(x):
    ctx = _Ctx()
    y = ScaleFunction.forward(ctx, x)
    return y, lambda grad_output: ScaleFunction.backward(ctx, grad_output)
''', False, 'scale reads the tf.Variable w, so grad must accept variables=None and return (dx, [dw]); returning the pair from a grad without that keyword raises a TypeError',
           ('variables',)),
    Answer('06.scale_by_variable', 'tf-gradients-inside-grad', r'''
w = tf.Variable(2.0)

@tf.custom_gradient
def scale(x):
    def grad(upstream, variables=None):
        # old tutorial: let tf.gradients work out both parts for me
        y = x * w ** 2
        dx, dw = tf.gradients(y, [x, w], grad_ys=upstream)
        return dx, [dw]
    return x * w ** 2, grad
''', False, 'tf.gradients works only while building a graph: called eagerly (the way the tape runs grad outside tf.function) it raises; write the formulas dx = upstream*w^2, dw = sum(upstream*x)*2w',
           ('eager|tf.gradients',)),
    Answer('06.scale_by_variable', 'einsum-wrong-output-index', r'''
w = tf.Variable(2.0)

@tf.custom_gradient
def scale(x):
    def grad(upstream, variables=None):
        u = tf.reshape(upstream, [-1, 1])
        xs = tf.reshape(x, [-1, 1])
        dw = 2 * w * tf.einsum("ij,ij->j", u, xs)      # contract over the entries
        return upstream * w ** 2, [dw]
    return x * w ** 2, grad
''', False, 'w\'s gradient must be a scalar like w: "ij,ij->j" keeps an axis of length 1, so dw has shape (1,); sum over every index ("ij,ij->")',
           ('shape|scalar',)),
    # ---- set t
    Answer('06.scale_by_variable', 'tensordot-flattened', r'''
w = tf.Variable(2.0)

@tf.custom_gradient
def scale(x):
    def grad(upstream, variables=None):
        dx = upstream * tf.square(w)
        # dL/dw = sum_i u_i * d(x_i w^2)/dw = 2 w <u, x>
        inner = tf.tensordot(tf.reshape(upstream, [-1]), tf.reshape(x, [-1]), axes=1)
        return dx, [2.0 * w * inner]
    return x * w ** 2, grad
''', True),
    Answer('06.scale_by_variable', 'mean-over-entries', r'''
w = tf.Variable(2.0)

@tf.custom_gradient
def scale(x):
    def grad(upstream, variables=None):
        return upstream * w ** 2, [2 * w * tf.reduce_mean(upstream * x)]
    return x * w ** 2, grad
''', False, 'w is used by every entry, so its gradient sums the contributions; the mean divides by the number of entries.',
           ('sum|mean',)),
    Answer('06.scale_by_variable', 'dw-from-output-divided-by-w', r'''
w = tf.Variable(2.0)

@tf.custom_gradient
def scale(x):
    y = x * w ** 2
    def grad(upstream, variables=None):
        # y = x w^2  ->  dy/dw = 2 x w = 2 y / w
        return upstream * w ** 2, [tf.reduce_sum(upstream * 2 * y / w)]
    return y, grad
''', False, "Writing dy/dw as 2y/w divides by w: at w = 0 the variable's gradient is NaN instead of 0.",
           ('nan|divid|w = 0|w=0|zero',)),
    Answer('06.scale_by_variable', 'x-rebound-before-grad', r'''
w = tf.Variable(2.0)

@tf.custom_gradient
def scale(x):
    x = x * w              # apply w once ...
    y = x * w              # ... and again: x w^2
    def grad(upstream, variables=None):
        return upstream * w ** 2, [tf.reduce_sum(upstream * 2 * w * x)]
    return y, grad
''', False, "x was rebound to x*w before grad uses it, so the variable's gradient comes out w times too large; keep the input unchanged.",
           ('variable|for w|of w|dw|dL/dw',)),
    # ---- set v
    Answer('06.scale_by_variable', 'module-call-variables', r'''
class Scale(tf.Module):
    def __init__(self):
        super().__init__()
        self.w = tf.Variable(2.0, name="w")

    @tf.custom_gradient
    def __call__(self, x):
        w_squared = self.w * self.w
        def grad(upstream, variables=None):
            dx = upstream * w_squared
            dws = [2.0 * v * tf.reduce_sum(upstream * x) for v in variables]   # only w
            return dx, dws
        return x * w_squared, grad


scaler = Scale()
scale = scaler.__call__
''', True),
    Answer('06.scale_by_variable', 'dw-missing-two', r'''
w = tf.Variable(2.0)

@tf.custom_gradient
def scale(x):
    def grad(upstream, variables=None):
        dx = upstream * w ** 2
        dw = tf.reduce_sum(upstream * x) * w
        return dx, [dw]
    return x * w ** 2, grad
''', False, 'd(w²)/dw is 2w: the gradient for w misses the factor 2.',
           ('factor|2w|2 w|2·w|2 * w|twice|2',)),
    Answer('06.scale_by_variable', 'variable-numpy-eager-only', r'''
w = tf.Variable(2.0)

@tf.custom_gradient
def scale(x):
    def grad(upstream, variables=None):
        w_now = float(w.numpy())
        return upstream * w_now ** 2, [2 * w_now * tf.reduce_sum(upstream * x)]
    return x * w ** 2, grad
''', False, 'w.numpy() only works eagerly; inside tf.function read the variable with TensorFlow ops.',
           ('tf.function|numpy|graph|compiled|symbolic',)),
    Answer('06.scale_by_variable', 'input-signature-vector', r'''
w = tf.Variable(2.0)

@tf.function(input_signature=[tf.TensorSpec([None], tf.float32)])
@tf.custom_gradient
def scale(x):
    def grad(upstream, variables=None):
        return upstream * w ** 2, [2 * w * tf.reduce_sum(upstream * x)]
    return x * w ** 2, grad
''', False, 'The input_signature only accepts vectors, so a matrix x is refused: drop it or use shape=None.',
           ('signature|shape|matrix|rank',)),
    # ---- set x
    Answer('06.scale_by_variable', 'per-variable-comprehension', r'''
from typing import Callable, List, Optional, Sequence, Tuple

w = tf.Variable(2.0)


@tf.custom_gradient
def scale(x: tf.Tensor) -> Tuple[tf.Tensor, Callable]:
    """y = x * w**2 for the module-level variable w.

    dL/dx = upstream * w**2 (same shape as x); dL/dw = 2 w * sum(upstream * x), because the
    single number w multiplies every entry.
    """
    def grad(upstream: tf.Tensor,
             variables: Optional[Sequence[tf.Variable]] = None) -> Tuple[tf.Tensor, List[tf.Tensor]]:
        dx = upstream * tf.square(w)
        weighted = tf.tensordot(tf.reshape(upstream, [-1]), tf.reshape(x, [-1]), axes=1)
        return dx, [2.0 * v * weighted for v in (variables or [])]   # only w is read

    return x * w ** 2, grad


# self-test against autodiff
_x = tf.constant([[1.0, -2.0], [0.5, 3.0]])
_u = tf.constant([[2.0, 1.0], [-1.0, 0.5]])
with tf.GradientTape() as _t:
    _t.watch(_x)
    _y = scale(_x)
_dx, _dw = _t.gradient(_y, [_x, w], output_gradients=_u)
assert np.allclose(_dx, _u * 4.0) and np.isclose(_dw, 4.0 * np.sum(_u * _x))
''', True),
    Answer('06.scale_by_variable', 'unsummed-variable-grad', r'''
from typing import Callable, List, Optional, Tuple

w = tf.Variable(2.0)


@tf.custom_gradient
def scale(x: tf.Tensor) -> Tuple[tf.Tensor, Callable]:
    """y = x * w^2 with a hand-written backward pass following the variables= contract."""
    def grad(upstream: tf.Tensor, variables: Optional[list] = None) -> Tuple[tf.Tensor, List[tf.Tensor]]:
        tf.debugging.assert_equal(tf.shape(upstream), tf.shape(x), message="upstream/x shape mismatch")
        dx = upstream * w ** 2
        dw = upstream * 2.0 * w * x          # elementwise partial derivative d(x w^2)/dw
        return dx, [dw]

    return x * w ** 2, grad
''', False, "w is one number used by every entry: its gradient must be summed to w's shape (a scalar)",
           ('sum|shape',)),
    Answer('06.scale_by_variable', 'snapshot-of-w', r'''
from typing import Callable, Optional, Tuple

w = tf.Variable(2.0)

# Read the variable once and keep a constant copy: reading a tf.Variable inside grad
# can pick up a value that an optimizer changed in the meantime.
_W_VALUE = tf.constant(w.numpy())


@tf.custom_gradient
def scale(x: tf.Tensor) -> Tuple[tf.Tensor, Callable]:
    """x * w**2, gradient w.r.t. x and w (variables= contract)."""
    def grad(upstream: tf.Tensor, variables: Optional[list] = None):
        w_safe = tf.stop_gradient(_W_VALUE)
        dx = upstream * w_safe ** 2
        dw = 2.0 * w_safe * tf.reduce_sum(upstream * x)
        return dx, [dw]

    return x * w ** 2, grad
''', False, "grad uses w's value from when the cell ran (2), not its current value after w is assigned",
           ('value|current|assign',)),
    Answer('06.scale_by_variable', 'asserts-vector-input', r'''
from typing import Callable, Optional, Tuple

w = tf.Variable(2.0)


@tf.custom_gradient
def scale(x: tf.Tensor) -> Tuple[tf.Tensor, Callable]:
    """Scale a feature vector by w^2.

    Args:
        x: 1-D float tensor of features.
    """
    assert x.shape.rank == 1, f"scale expects a vector, got shape {x.shape}"

    def grad(upstream: tf.Tensor, variables: Optional[list] = None):
        dx = upstream * w ** 2
        dw = 2.0 * w * tf.reduce_sum(upstream * x)
        return dx, [dw]

    return x * w ** 2, grad


_x = tf.constant([1.0, 2.0, 3.0])
with tf.GradientTape() as _t:
    _t.watch(_x)
    _y = scale(_x)
print([g.numpy() for g in _t.gradient(_y, [_x, w])])
''', False, 'the assert refuses a matrix x; the function must work for any shape',
           ('matrix|shape|rank',)),
    # ---- set z
    Answer('06.scale_by_variable', 'tensordot-flattened', r'''
w = tf.Variable(2.0)

@tf.custom_gradient
def scale(x):
    def grad(upstream, variables=None):
        dx = upstream * tf.square(w)
        # Σ upstream·x as a dot product of the flattened tensors, times d(w²)/dw = 2w
        dw = tf.tensordot(tf.reshape(upstream, [-1]), tf.reshape(x, [-1]), axes=1) * (w + w)
        return dx, [dw]
    return x * w ** 2, grad
''', True),
    Answer('06.scale_by_variable', 'numpy-in-variable-grad', r'''
w = tf.Variable(2.0)

@tf.custom_gradient
def scale(x):
    def grad(upstream, variables=None):
        dx = upstream * w ** 2
        dw = 2 * w.numpy() * tf.reduce_sum(upstream * x).numpy()
        return dx, [dw]
    return x * w ** 2, grad
''', False, 'The .numpy() calls work eagerly only; inside tf.function the tensors are symbolic. Keep dw in TensorFlow ops.',
           ('numpy|tf.function',)),
    Answer('06.scale_by_variable', 'divide-by-w', r'''
w = tf.Variable(2.0)

@tf.custom_gradient
def scale(x):
    y = x * w ** 2
    def grad(upstream, variables=None):
        # d(x w²)/dw = 2 x w = 2 y / w, reuse the forward value
        return upstream * w ** 2, [2 * tf.reduce_sum(upstream * y) / w]
    return y, grad
''', False, '2y/w equals 2xw only for w != 0: at w = 0 it divides zero by zero and gives NaN. Use 2·w·Σ(upstream·x).',
           ('nan|divid|zero|w = 0',)),
    Answer('06.scale_by_variable', 'keepdims-on-variable-grad', r'''
w = tf.Variable(2.0)

@tf.custom_gradient
def scale(x):
    def grad(upstream, variables=None):
        dx = upstream * w ** 2
        dw = 2.0 * w * tf.reduce_sum(upstream * x, keepdims=True)
        return dx, [dw]
    return x * w ** 2, grad
''', False, 'keepdims=True leaves dw with shape (1,) or (1, 1), but w is a scalar: its gradient must have shape ().',
           ('shape|keepdims',)),
]
