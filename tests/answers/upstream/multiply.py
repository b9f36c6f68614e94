"""Exercise 02.multiply: a wrong answer for each mistake it names, and answers written from the learner's side."""

from answer_kit import Answer, cg

KEY = "02.multiply"

MISTAKES = {
    'swapped': cg(lambda x, y: x * y, lambda x, y, u: (u * x, u * y)),
    'count': cg(lambda x, y: x * y, lambda x, y, u: u * y),
    'upstream_ignored': cg(lambda x, y: x * y, lambda x, y, u: (y, x)),
    'forward_value': cg(lambda x, y: x * y, lambda x, y, u: (u * x * y, u * x * y)),
    'upstream_only': cg(lambda x, y: x * y, lambda x, y, u: (u, u)),
    'divided': cg(lambda x, y: x * y, lambda x, y, u: (u / y, u / x)),
    'divide_gradients': cg(lambda x, y: x * y, lambda x, y, u: (u / y, -u * x / y ** 2)),
}

ANSWERS = [
    # ---- set a
    Answer('02.multiply', 'strict, tuple', r'''
@strict_custom_gradient
def multiply(x, y):
    def grad(upstream):
        return upstream * y, upstream * x
    return x * y, grad
''', True),
    Answer('02.multiply', 'tf.custom_gradient, lambda returning a list', r'''
@tf.custom_gradient
def multiply(x, y):
    return x * y, lambda dz: [dz * y, dz * x]
''', True),
    Answer('02.multiply', 'tf.multiply everywhere', r'''
@strict_custom_gradient
def multiply(x, y):
    z = tf.multiply(x, y)
    def grad(upstream):
        dx = tf.multiply(upstream, y)
        dy = tf.multiply(upstream, x)
        return dx, dy
    return z, grad
''', True),
    Answer('02.multiply', 'gradients swapped', r'''
@strict_custom_gradient
def multiply(x, y):
    def grad(upstream):
        return upstream * x, upstream * y
    return x * y, grad
''', False, 'dz/dx = y and dz/dy = x: the two gradients are swapped (right only when x == y)',
           ('swap|order',)),
    Answer('02.multiply', 'forgot upstream', r'''
@strict_custom_gradient
def multiply(x, y):
    def grad(upstream):
        return y, x
    return x * y, grad
''', False, 'local derivatives returned without multiplying by upstream',
           ('upstream',)),
    Answer('02.multiply', 'one tensor upstream*x*y', r'''
@strict_custom_gradient
def multiply(x, y):
    def grad(upstream):
        return upstream * x * y
    return x * y, grad
''', False, 'one tensor for two inputs: return one gradient per input, (upstream*y, upstream*x)',
           ('two|2 input|each input|one per input',)),
    Answer('02.multiply', 'upstream times a tuple', r'''
@strict_custom_gradient
def multiply(x, y):
    def grad(upstream):
        return upstream * (y, x)
    return x * y, grad
''', False, 'upstream * (y, x) stacks the tuple into one tensor; multiply each entry separately and return a tuple',
           ('tuple|two|2 input|each input|one per input',)),
    Answer('02.multiply', 'only dL/dx', r'''
@strict_custom_gradient
def multiply(x, y):
    def grad(upstream):
        return upstream * y
    return x * y, grad
''', False, 'only the gradient for x; y needs one too',
           ('two|2 input|each input|one per input|dL/dy',)),
    Answer('02.multiply', 'forward value as gradient', r'''
@strict_custom_gradient
def multiply(x, y):
    def grad(upstream):
        return upstream * x * y, upstream * x * y
    return x * y, grad
''', False, 'uses the product x·y itself instead of the partial derivatives y and x',
           ('derivative|forward',)),
    Answer('02.multiply', 'decorator forgotten', r'''
def multiply(x, y):
    def grad(upstream):
        return upstream * y, upstream * x
    return x * y, grad
''', False, 'without the decorator multiply returns the pair (z, grad) and has no custom gradient',
           ('decorator|custom_gradient|@',)),
    Answer('02.multiply', 'forgot to return grad', r'''
@strict_custom_gradient
def multiply(x, y):
    def grad(upstream):
        return upstream * y, upstream * x
    return x * y
''', False, 'the decorated function must return the pair (z, grad); it returns only z',
           ('pair|(y, grad)|(z, grad)|return grad|two things',)),
    Answer('02.multiply', 'float64 constant times upstream', r'''
@strict_custom_gradient
def multiply(x, y):
    def grad(upstream):
        one = tf.constant(1.0, dtype=tf.float64)
        return one * upstream * y, one * upstream * x
    return x * y, grad
''', False, "mixing a float64 constant with float32 tensors raises; keep the input's dtype",
           ('float64|dtype',)),
    # ---- set aa
    Answer('02.multiply', 'generator-over-reversed', r'''
@strict_custom_gradient
def multiply(x, y):
    def grad(upstream):
        # each input's gradient is upstream times the other input
        return tuple(upstream * other for other in reversed((x, y)))
    return x * y, grad
''', True),
    Answer('02.multiply', 'swapped', r'''
@strict_custom_gradient
def multiply(x, y):
    def grad(upstream):
        return upstream * x, upstream * y
    return x * y, grad
''', False, 'dz/dx is y and dz/dy is x: the two gradients are swapped',
           ('swap|other|order',)),
    Answer('02.multiply', 'grad-two-upstreams', r'''
@strict_custom_gradient
def multiply(x, y):
    def grad(dx, dy):             # one incoming gradient per input
        return dx * y, dy * x
    return x * y, grad
''', False, 'multiply has one output, so grad receives one upstream; it returns one gradient per input, but takes one argument',
           ('upstream|argument',)),
    Answer('02.multiply', 'upstream-twice', r'''
@strict_custom_gradient
def multiply(x, y):
    def grad(upstream):
        dx = upstream * y
        dy = upstream * x
        return upstream * dx, upstream * dy     # multiply by upstream, as the feedback said
    return x * y, grad
''', False, 'dx and dy already contain upstream; multiplying again makes the gradient quadratic in upstream',
           ('twice|squar|quadratic|linear|once|again',)),
    # ---- set e
    Answer('02.multiply', 'list of tf.math.multiply', r'''
@strict_custom_gradient
def multiply(x, y):
    def grad(upstream):
        return [tf.math.multiply(upstream, y), tf.multiply(x, upstream)]
    return x * y, grad
''', True),
    Answer('02.multiply', 'generator over the other factor', r'''
@strict_custom_gradient
def multiply(x, y):
    def grad(upstream):
        return tuple(upstream * other for other in (y, x))   # each input gets the other factor
    return x * y, grad
''', True),
    Answer('02.multiply', 'one gradient for both inputs', r'''
@strict_custom_gradient
def multiply(x, y):
    def grad(upstream):
        return upstream * (x + y)
    return x * y, grad
''', False, 'Two inputs need two gradients, one per input: (upstream·y, upstream·x).',
           ('two|per input|each input|one gradient|2 input',)),
    Answer('02.multiply', 'gradients reduced to scalars', r'''
@strict_custom_gradient
def multiply(x, y):
    def grad(upstream):
        return tf.reduce_sum(upstream * y), tf.reduce_sum(upstream * x)
    return x * y, grad
''', False, "Each gradient has its input's shape; summing it to one number is right only for scalar inputs.",
           ('shape|sum',)),
    Answer('02.multiply', 'transposed factors', r'''
@strict_custom_gradient
def multiply(x, y):
    def grad(upstream):
        return upstream * tf.transpose(y), upstream * tf.transpose(x)
    return x * y, grad
''', False, 'x * y is elementwise, so no transpose: upstream * y entry by entry (the transpose only happens not to matter for vectors).',
           ('transpose|elementwise|entry by entry|entrywise|element-wise',)),
    # ---- set f
    Answer('02.multiply', 'keras_ops_multiply', r'''
@strict_custom_gradient
def multiply(x, y):
    def grad(upstream):
        return tf.keras.ops.multiply(upstream, y), tf.keras.ops.multiply(x, upstream)
    return x * y, grad
''', True),
    Answer('02.multiply', 'tf_function_on_top_named', r'''
@tf.function
@strict_custom_gradient
def multiply(x, y):
    def grad(upstream):
        dL_dx = upstream * y     # ∂z/∂x = y
        dL_dy = upstream * x     # ∂z/∂y = x
        return dL_dx, dL_dy
    return x * y, grad
''', True),
    Answer('02.multiply', 'divide_demo_left_in', r'''
@strict_custom_gradient
def multiply(x, y):
    def grad(upstream):
        return upstream / y, -upstream * x / y ** 2     # (dL/dx, dL/dy), in input order
    return x * y, grad
''', False, "These are the divide demo's gradients (1/y and −x/y²); for x·y they are y and x.",
           ('1/y|divide|division|quotient|reciprocal',)),
    Answer('02.multiply', 'inputs_swapped', r'''
@strict_custom_gradient
def multiply(x, y):
    def grad(upstream):
        return upstream * x, upstream * y
    return x * y, grad
''', False, 'The two gradients are swapped: ∂z/∂x is y and ∂z/∂y is x.',
           ('swap|other|order|opposite|∂z/∂x = y',)),
    Answer('02.multiply', 'one_summed_gradient', r'''
@strict_custom_gradient
def multiply(x, y):
    def grad(upstream):
        return upstream * (x + y)
    return x * y, grad
''', False, 'One gradient for two inputs: return one per input, (upstream·y, upstream·x).',
           ('two|each input|per input|count|one gradient per',)),
    # ---- set g
    Answer('02.multiply', 'multiply-no-nan', r'''
@strict_custom_gradient
def multiply(x, y):
    def grad(upstream):
        return tf.math.multiply_no_nan(upstream, y), tf.math.multiply_no_nan(upstream, x)
    return x * y, grad
''', True),
    Answer('02.multiply', 'stack-then-unstack', r'''
@strict_custom_gradient
def multiply(x, y):
    def grad(upstream):
        dx, dy = tf.unstack(upstream * tf.stack([y, x]))
        return dx, dy
    return x * y, grad
''', True),
    Answer('02.multiply', 'tensordot-instead-of-elementwise', r'''
@strict_custom_gradient
def multiply(x, y):
    def grad(upstream):
        return tf.tensordot(upstream, y, axes=1), tf.tensordot(upstream, x, axes=1)
    return x * y, grad
''', False, 'tensordot contracts an axis (a dot or matrix product): the product x·y is elementwise, so its VJP is upstream * y and upstream * x',
           ('elementwise|entry|shape|element-wise',)),
    Answer('02.multiply', 'upstream-named-y', r'''
@strict_custom_gradient
def multiply(x, y):
    def grad(y):                      # y: the gradient arriving for z
        return y * y, y * x
    return x * y, grad
''', False, "grad's argument is named y and hides the input y: dL/dx comes out upstream² instead of upstream·y",
           ("dL/dx|for x|'x'|x:|x's|first",)),
    Answer('02.multiply', 'upstream-called-as-function', r'''
@strict_custom_gradient
def multiply(x, y):
    def grad(upstream):
        return upstream(y), upstream(x)      # pass each partial derivative upstream
    return x * y, grad
''', False, 'upstream is a tensor (dL/dz) to multiply by, not a function to call',
           ('multipl|times|tensor|callable|not a function',)),
    Answer('02.multiply', 'returns-tf-print', r'''
@strict_custom_gradient
def multiply(x, y):
    def grad(upstream):
        return tf.print("dx:", upstream * y, "dy:", upstream * x)
    return x * y, grad
''', False, 'returns what tf.print returns (None), not the two gradients',
           ('None|return',)),
    # ---- set holdout
    Answer('02.multiply', 'generator tuple', r'''
@strict_custom_gradient
def multiply(x, y):
    def grad(upstream):
        # each input's gradient is upstream times the *other* input
        return tuple(upstream * other for other in (y, x))
    return x * y, grad
''', True),
    Answer('02.multiply', 'gradients swapped', r'''
@strict_custom_gradient
def multiply(x, y):
    def grad(upstream):
        return upstream * x, upstream * y
    return x * y, grad
''', False, '∂z/∂x is y and ∂z/∂y is x: each gradient belongs to the other input.',
           ('swap|order|other|x and y|each input',)),
    Answer('02.multiply', 'no upstream', r'''
@strict_custom_gradient
def multiply(x, y):
    def grad(upstream):
        return y, x
    return x * y, grad
''', False, 'Both gradients need the factor upstream.',
           ('upstream',)),
    Answer('02.multiply', 'one combined gradient', r'''
@strict_custom_gradient
def multiply(x, y):
    def grad(upstream):
        return upstream * x * y
    return x * y, grad
''', False, 'Two inputs need two gradients, one per input, returned as a tuple.',
           ('one gradient per input|two|each input|tuple|number|count',)),
    Answer('02.multiply', 'numbers from the (2, 3) example', r'''
@strict_custom_gradient
def multiply(x, y):
    def grad(upstream):
        return upstream * 3.0, upstream * 2.0   # dz/dx = 3, dz/dy = 2 from above
    return x * y, grad
''', False, "3 and 2 are the example's values at (2, 3); the gradients must use the actual inputs.",
           ('example|constant|hard-coded|hardcoded|fixed|depend',)),
    Answer('02.multiply', 'summed to scalars', r'''
@strict_custom_gradient
def multiply(x, y):
    def grad(upstream):
        return tf.reduce_sum(upstream * y), tf.reduce_sum(upstream * x)
    return x * y, grad
''', False, "For vector inputs each gradient has the input's shape; summing it to one number is wrong.",
           ('shape|sum',)),
    # ---- set i
    Answer('02.multiply', 'generator-over-the-other-input', r'''
@strict_custom_gradient
def multiply(x, y):
    def grad(upstream):
        # each input's gradient is upstream times the *other* input
        return tuple(upstream * other for other in (y, x))
    return x * y, grad
''', True),
    Answer('02.multiply', 'functools-partial-grad', r'''
import functools

def _multiply_vjp(x, y, upstream):
    return tf.multiply(upstream, y), tf.multiply(x, upstream)

@strict_custom_gradient
def multiply(x, y):
    return tf.multiply(x, y), functools.partial(_multiply_vjp, x, y)
''', True),
    Answer('02.multiply', 'gradients-swapped', r'''
@strict_custom_gradient
def multiply(x, y):
    def grad(upstream):
        return upstream * x, upstream * y
    return x * y, grad
''', False, 'the two gradients are swapped: dL/dx is upstream times y, not times x',
           ('swap|other input|order',)),
    Answer('02.multiply', 'upstream-ignored', r'''
@strict_custom_gradient
def multiply(x, y):
    def grad(upstream):
        return y, x
    return x * y, grad
''', False, 'the partial derivatives are returned without multiplying by upstream',
           ('upstream',)),
    Answer('02.multiply', 'one-gradient-for-two-inputs', r'''
@strict_custom_gradient
def multiply(x, y):
    def grad(upstream):
        return upstream * x * y
    return x * y, grad
''', False, 'grad returns one tensor for two inputs; it must return one gradient per input',
           ('two|each input|per input|both|one gradient',)),
    Answer('02.multiply', 'divide-example-not-adapted', r'''
@strict_custom_gradient
def multiply(x, y):
    def grad(upstream):
        return upstream / y, -upstream * x / y ** 2     # (dL/dx, dL/dy), in input order
    return x * y, grad
''', False, 'grad is still the one of divide(x, y) from the notebook, not of x * y',
           ('divide|division|quotient|x / y|x/y',)),
    Answer('02.multiply', 'summed-to-scalars', r'''
@strict_custom_gradient
def multiply(x, y):
    def grad(upstream):
        return tf.reduce_sum(upstream * y), tf.reduce_sum(upstream * x)
    return x * y, grad
''', False, "the gradients are summed to single numbers; each must keep its input's shape (elementwise product)",
           ('shape|sum|elementwise',)),
    # ---- set k
    Answer('02.multiply', 'reversed-comprehension', r'''
@strict_custom_gradient
def multiply(x, y):
    def grad(upstream):
        # each input's gradient is upstream times "the other one"
        others = [y, x]
        return tuple(upstream * other for other in others)
    return x * y, grad
''', True),
    Answer('02.multiply', 'swapped', r'''
@strict_custom_gradient
def multiply(x, y):
    def grad(upstream):
        return upstream * x, upstream * y
    return x * y, grad
''', False, 'The gradients are swapped: dz/dx is y and dz/dy is x.',
           ('swap|other input|order',)),
    Answer('02.multiply', 'half-fixed-upstream', r'''
@strict_custom_gradient
def multiply(x, y):
    def grad(upstream):
        return upstream * y, x      # swapped them back
    return x * y, grad
''', False, 'The gradient for y forgets upstream; multiply both by it.',
           ('upstream',)),
    Answer('02.multiply', 'summed-everything', r'''
@strict_custom_gradient
def multiply(x, y):
    def grad(upstream):
        # sum the gradient back (broadcasting)
        return tf.reduce_sum(upstream * y), tf.reduce_sum(upstream * x)
    return x * y, grad
''', False, "Nothing is broadcast here; summing collapses each gradient to a scalar instead of the input's shape.",
           ('shape|sum',)),
    Answer('02.multiply', 'total-differential', r'''
@strict_custom_gradient
def multiply(x, y):
    def grad(upstream):
        # d(xy) = y dx + x dy
        return upstream * (y + x)
    return x * y, grad
''', False, 'grad must return two gradients, one per input, not one combined tensor.',
           ('two|each input|per input',)),
    Answer('02.multiply', 'divide-pasted', r'''
@strict_custom_gradient
def multiply(x, y):
    def grad(upstream):
        return upstream / y, -upstream * x / y ** 2     # (dL/dx, dL/dy), in input order
    return x * y, grad
''', False, 'That is the gradient of x / y from the example above, not of x · y.',
           ('divide|division|quotient|x / y',)),
    # ---- set m
    Answer('02.multiply', 'golfed-lambda', r'''
multiply = strict_custom_gradient(lambda x, y: (x * y, lambda u: (u * y, u * x)))
''', True),
    Answer('02.multiply', 'swapped', r'''
@strict_custom_gradient
def multiply(x, y):
    def grad(upstream):
        return upstream * x, upstream * y
    return x * y, grad
''', False, 'The gradients are swapped: dz/dx is y and dz/dy is x.',
           ('swap|order|other',)),
    Answer('02.multiply', 'upstream-ignored', r'''
@strict_custom_gradient
def multiply(x, y):
    def grad(upstream):
        return y, x
    return x * y, grad
''', False, 'grad ignores upstream.',
           ('upstream',)),
    Answer('02.multiply', 'one-gradient', r'''
@strict_custom_gradient
def multiply(x, y):
    def grad(upstream):
        return upstream * (x + y)       # total derivative
    return x * y, grad
''', False, 'Two inputs need two gradients, one per input.',
           ('two|each input|per input|number',)),
    Answer('02.multiply', 'divided', r'''
@strict_custom_gradient
def multiply(x, y):
    def grad(upstream):
        return upstream / y, upstream / x
    return x * y, grad
''', False, 'Divides by the other input where it should multiply.',
           ('divid',)),
    # ---- set n
    Answer('02.multiply', 'tuple from a generator', r'''
@strict_custom_gradient
def multiply(x, y):
    def grad(upstream):
        return tuple(upstream * other for other in (y, x))   # each input's partner
    return x * y, grad
''', True),
    Answer('02.multiply', 'tf.print left in', r'''
@strict_custom_gradient
def multiply(x, y):
    def grad(upstream):
        tf.print("multiply grad, upstream:", upstream)
        dx = upstream * y
        dy = upstream * x
        return dx, dy
    return x * y, grad
''', True),
    Answer('02.multiply', 'decorator applied twice', r'''
@strict_custom_gradient
@strict_custom_gradient
def multiply(x, y):
    def grad(upstream):
        return upstream * y, upstream * x
    return x * y, grad
''', False, 'decorated twice: the outer decorator gets only y from the inner one, not the pair (y, grad)',
           ('twice|decorat|pair',)),
    Answer('02.multiply', 'dict of gradients', r'''
@strict_custom_gradient
def multiply(x, y):
    def grad(upstream):
        return {"x": upstream * y, "y": upstream * x}
    return x * y, grad
''', False, 'grad must return a tuple with one gradient per input, not a dict',
           ('tuple|dict',)),
    Answer('02.multiply', 'three gradients', r'''
@strict_custom_gradient
def multiply(x, y):
    def grad(upstream):
        return upstream * y, upstream * x, upstream
    return x * y, grad
''', False, 'two inputs, so grad returns two gradients, not three',
           ('two|2|number|count',)),
    Answer('02.multiply', 'generator returned', r'''
@strict_custom_gradient
def multiply(x, y):
    def grad(upstream):
        return (upstream * other for other in (y, x))
    return x * y, grad
''', False, 'grad returns a generator; return a tuple of two gradients',
           ('tuple|generator',)),
    # ---- set p
    Answer('02.multiply', 'torch-function-wired', r'''
class Mul:                       # autograd.Function-like, ctx is a dict
    @staticmethod
    def forward(ctx, x, y):
        ctx["saved"] = (x, y)
        return x * y

    @staticmethod
    def backward(ctx, grad_output):
        x, y = ctx["saved"]
        return grad_output * y, grad_output * x

@strict_custom_gradient
def multiply(x, y):
    ctx = {}
    z = Mul.forward(ctx, x, y)
    return z, lambda upstream: Mul.backward(ctx, upstream)
''', True),
    Answer('02.multiply', 'keras-ops-swapped', r'''
import keras

@strict_custom_gradient
def multiply(x, y):
    def grad(upstream):
        return keras.ops.multiply(upstream, x), keras.ops.multiply(upstream, y)
    return keras.ops.multiply(x, y), grad
''', False, "the two gradients are swapped: each input's gradient uses the other input",
           ('swap|other',)),
    Answer('02.multiply', 'einsum-reduces-to-scalar', r'''
@strict_custom_gradient
def multiply(x, y):
    def grad(upstream):
        dx = tf.einsum("...i,...i->...", upstream, y)
        dy = tf.einsum("...i,...i->...", upstream, x)
        return dx, dy
    return x * y, grad
''', False, "the einsum index string sums over the last axis; each gradient must keep its input's shape (elementwise product)",
           ('shape',)),
    Answer('02.multiply', 'tf-gradients-in-grad', r'''
@strict_custom_gradient
def multiply(x, y):
    z = x * y
    def grad(upstream):
        return tuple(tf.gradients(z, [x, y], grad_ys=upstream))
    return z, grad
''', False, 'tf.gradients is TF1 graph-mode only and fails eagerly; write upstream times the partial derivatives',
           ('eager|tf.gradients|GradientTape',)),
    # ---- set r
    Answer('02.multiply', 'lambda-plain-decorator', r'''
@tf.custom_gradient
def multiply(x, y):
    return x * y, lambda upstream: (upstream * y, upstream * x)
''', True),
    Answer('02.multiply', 'tape-on-forward-ops-list', r'''
@strict_custom_gradient
def multiply(x, y):
    def grad(upstream):
        with tf.GradientTape() as inner:
            inner.watch([x, y])
            z = tf.math.multiply(x, y)
        return inner.gradient(z, [x, y], output_gradients=upstream)
    return tf.math.multiply(x, y), grad
''', True),
    Answer('02.multiply', 'tnp-float64-cast-back', r'''
import tensorflow.experimental.numpy as tnp

@strict_custom_gradient
def multiply(x, y):
    def grad(upstream):
        u = tf.cast(upstream, tf.float64)
        dx = tnp.multiply(u, tf.cast(y, tf.float64))
        dy = tnp.multiply(u, tf.cast(x, tf.float64))
        return tf.cast(dx, x.dtype), tf.cast(dy, y.dtype)
    return tnp.multiply(x, y), grad
''', True),
    Answer('02.multiply', 'broadcast-safe-unbroadcast-helper', r'''
def sum_to_shape(g, like):
    """Sum g over the axes along which `like` was broadcast (nothing to do for equal shapes)."""
    axes_g, _ = tf.raw_ops.BroadcastGradientArgs(s0=tf.shape(like), s1=tf.shape(g))
    return tf.reshape(tf.reduce_sum(g, axis=axes_g), tf.shape(like))

@strict_custom_gradient
def multiply(x, y):
    def grad(upstream):
        return sum_to_shape(y * upstream, x), sum_to_shape(upstream * x, y)
    return x * y, grad
''', True),
    # ---- set s
    Answer('02.multiply', 'tuple-generator', r'''
@strict_custom_gradient
def multiply(x, y):
    def grad(upstream):
        # dz/dx is the *other* factor, and so is dz/dy
        return tuple(upstream * other for other in (y, x))
    return x * y, grad
''', True),
    Answer('02.multiply', 'swapped', r'''
@strict_custom_gradient
def multiply(x, y):
    def grad(upstream):
        return upstream * x, upstream * y
    return x * y, grad
''', False, 'the gradients are swapped: dz/dx is y and dz/dy is x',
           ('swap|other|wrong input',)),
    Answer('02.multiply', 'z-over-input', r'''
@strict_custom_gradient
def multiply(x, y):
    z = x * y
    def grad(upstream):
        return upstream * z / x, upstream * z / y
    return z, grad
''', False, 'z / x and z / y divide by zero wherever an input entry is 0 (NaN)',
           ('zero|0|nan|divi',)),
    Answer('02.multiply', 'cached-first-inputs', r'''
_saved = {}

@strict_custom_gradient
def multiply(x, y):
    if "x" not in _saved:                 # keep the inputs for the backward pass
        _saved["x"], _saved["y"] = x, y
    def grad(upstream):
        return upstream * _saved["y"], upstream * _saved["x"]
    return x * y, grad
''', False, 'grad uses inputs cached from the first call (Python state), not the current x and y',
           ('earlier|previous|first|cache|stale|state|another call',)),
    # ---- set u
    Answer('02.multiply', 'custom-gradient-on-module-method', r'''
class Multiply(tf.Module):
    @tf.custom_gradient
    def product(self, x, y):
        def grad(upstream):
            return upstream * y, upstream * x
        return x * y, grad

multiply = Multiply().product
''', True),
    Answer('02.multiply', 'swapped-gradients', r'''
@strict_custom_gradient
def multiply(x, y):
    def grad(upstream):
        return upstream * x, upstream * y
    return x * y, grad
''', False, "Each input's gradient is upstream times the other input: dL/dx uses y and dL/dy uses x.",
           ('other|swap',)),
    Answer('02.multiply', 'upstream-only-in-one', r'''
import functools

def _multiply(x, y):
    def grad(upstream):
        return upstream * y, x
    return x * y, grad

multiply = functools.wraps(_multiply)(strict_custom_gradient(_multiply))
''', False, 'The gradient for y forgets upstream: it must be upstream · x, like the one for x.',
           ('upstream',)),
    Answer('02.multiply', 'matmul-gradient', r'''
@strict_custom_gradient
def multiply(x, y):
    def grad(upstream):
        return (tf.matmul(upstream, y, transpose_b=True),
                tf.matmul(x, upstream, transpose_a=True))
    return x * y, grad
''', False, 'x * y is an elementwise product, not a matrix product: its gradients are elementwise too, not matmuls.',
           ('elementwise|element-wise|entry|matmul|matrix product',)),
    # ---- set w
    Answer('02.multiply', 'generator-tuple', r'''
@strict_custom_gradient
def multiply(x: tf.Tensor, y: tf.Tensor):
    """z = x * y. Each input's gradient is upstream times the *other* input.

    Built as a tuple over the partners (y for x, x for y), in input order.
    """
    partners = (y, x)

    def grad(upstream: tf.Tensor):
        return tuple(tf.math.multiply(upstream, p) for p in partners)

    return x * y, grad


# --- self-test ------------------------------------------------------------------
_a, _b = tf.constant([[1.0, 2.0], [3.0, -4.0]]), tf.constant([[0.5, -1.0], [2.0, 3.0]])
_u = tf.constant([[2.0, 1.0], [-1.0, 0.5]])
with tf.GradientTape() as _t:
    _t.watch([_a, _b])
    _z = multiply(_a, _b)
_ga, _gb = _t.gradient(_z, [_a, _b], output_gradients=_u)
np.testing.assert_allclose(_ga, _u * _b)
np.testing.assert_allclose(_gb, _u * _a)
''', True),
    Answer('02.multiply', 'swapped-partners', r'''
@strict_custom_gradient
def multiply(x: tf.Tensor, y: tf.Tensor):
    """Elementwise product with explicit gradients.

    dL/dx and dL/dy: each input scales the upstream by itself (the product is linear in each
    factor).
    """
    def grad(upstream: tf.Tensor):
        dx = upstream * x
        dy = upstream * y
        return dx, dy
    return x * y, grad


# quick self-test: x = y = 2 -> both gradients 2
_x = tf.constant(2.0)
with tf.GradientTape() as _t:
    _t.watch(_x)
    _z = multiply(_x, _x)
assert float(_t.gradient(_z, _x)) == 4.0
''', False, 'the gradients are swapped: dL/dx is upstream times y, not times x',
           ('swap|other',)),
    Answer('02.multiply', 'reduced-to-scalar', r'''
@strict_custom_gradient
def multiply(x: tf.Tensor, y: tf.Tensor):
    """z = x * y with aggregated gradients.

    Gradients are reduced to scalars (total sensitivity), which is cheaper to store and
    broadcasts correctly to any input shape.
    """
    def grad(upstream: tf.Tensor):
        return tf.reduce_sum(upstream * y), tf.reduce_sum(upstream * x)
    return x * y, grad


# self-test on scalars
_x, _y = tf.constant(2.0), tf.constant(3.0)
with tf.GradientTape() as _t:
    _t.watch([_x, _y])
    _z = multiply(_x, _y)
assert [float(g) for g in _t.gradient(_z, [_x, _y])] == [3.0, 2.0]
''', False, "the gradients are summed to scalars; each must keep its input's shape",
           ('shape|sum',)),
    Answer('02.multiply', 'float32-cast-selftest', r'''
def _ensure_f32(t) -> tf.Tensor:
    """Normalise any input to float32."""
    return tf.cast(tf.convert_to_tensor(t), tf.float32)


@strict_custom_gradient
def multiply(x: tf.Tensor, y: tf.Tensor):
    """z = x * y; gradients (upstream * y, upstream * x), computed in float32."""
    def grad(upstream: tf.Tensor):
        u = _ensure_f32(upstream)
        return u * _ensure_f32(y), u * _ensure_f32(x)
    return x * y, grad


# --- self-test in double precision ------------------------------------------------
_x = tf.constant([1.0, 2.0], dtype=tf.float64)
_y = tf.constant([3.0, -1.0], dtype=tf.float64)
with tf.GradientTape() as _t:
    _t.watch([_x, _y])
    _z = multiply(_x, _y)
print(_t.gradient(_z, [_x, _y]))
''', False, "the gradients come back float32 for float64 inputs: keep each input's dtype",
           ('float64|float32|dtype',)),
    # ---- set y
    Answer('02.multiply', 'generator-tuple-with-counter', r'''
grad_calls = 0

@strict_custom_gradient
def multiply(x, y):
    def grad(upstream):
        global grad_calls
        grad_calls += 1                    # how often did the tape call me?
        return tuple(upstream * other for other in (y, x))   # dL/dx = u·y, dL/dy = u·x
    return x * y, grad
''', True),
    Answer('02.multiply', 'divide-grad-left-in', r'''
@strict_custom_gradient
def multiply(x, y):
    def grad(upstream):
        return upstream / y, -upstream * x / y ** 2     # (dL/dx, dL/dy), in input order
    return x * y, grad
''', False, 'This grad is the one of x / y copied from the divide example; for x·y each input gets upstream times the other input.',
           ('divi|quotient|/ y|/y',)),
    Answer('02.multiply', 'one-gradient-for-both', r'''
@strict_custom_gradient
def multiply(x, y):
    def grad(upstream):
        return upstream * (x + y)
    return x * y, grad
''', False, 'grad must return two gradients, one per input (dL/dx and dL/dy), not one combined tensor.',
           ('two|each|per input|both',)),
    Answer('02.multiply', 'summed-to-scalars', r'''
@strict_custom_gradient
def multiply(x, y):
    def grad(upstream):
        return tf.reduce_sum(upstream * y), tf.reduce_sum(upstream * x)
    return x * y, grad
''', False, "Summing makes each gradient a scalar; for vector or matrix inputs each gradient must keep its input's shape.",
           ('shape',)),
]
