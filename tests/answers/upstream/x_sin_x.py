"""Exercise 02.x_sin_x: a wrong answer for each mistake it names, and answers written from the learner's side."""

import tensorflow as tf

from answer_kit import Answer, cg

KEY = "02.x_sin_x"


def _autodiff(x, u):
    with tf.GradientTape() as tape:
        tape.watch(x)
        y = x * tf.sin(x)
    return tape.gradient(y, x, output_gradients=u)


MISTAKES = {
    'upstream_ignored': cg(lambda x: x * tf.sin(x), lambda x, u: tf.sin(x) + x * tf.cos(x)),
    'product_rule': cg(lambda x: x * tf.sin(x), lambda x, u: u * x * tf.cos(x)),
    'wrong_sign': cg(lambda x: x * tf.sin(x), lambda x, u: -u * (tf.sin(x) + x * tf.cos(x))),
    'forward_value': cg(lambda x: x * tf.sin(x), lambda x, u: u * x * tf.sin(x)),
    'no_custom_gradient': lambda x: x * tf.sin(x),
    'not_decorated': lambda x: (x * tf.sin(x), lambda u: u * (tf.sin(x) + x * tf.cos(x))),
    'approximation': cg(lambda x: x * tf.sin(x), lambda x, u: u * (      # h = 0.1
        (x + 0.1) * tf.sin(x + 0.1) - (x - 0.1) * tf.sin(x - 0.1)) / 0.2),
    'rebound_input': cg(lambda x: x * tf.sin(x),
                                                      lambda x, u: u * (tf.sin(x) + x * tf.sin(x) * tf.cos(x))),
    'autodiff_in_grad': cg(lambda x: x * tf.sin(x), lambda x, u: _autodiff(x, u)),
}

ANSWERS = [
    # ---- set a
    Answer('02.x_sin_x', 'strict, tf.sin + x tf.cos', r'''
@strict_custom_gradient
def x_sin_x(x):
    def grad(upstream):
        return upstream * (tf.sin(x) + x * tf.cos(x))
    return x * tf.sin(x), grad
''', True),
    Answer('02.x_sin_x', 'tf.custom_gradient, tf.math ops computed before grad', r'''
@tf.custom_gradient
def x_sin_x(x):
    s = tf.math.sin(x)
    c = tf.math.cos(x)
    def grad(upstream):
        return upstream * (s + x * c)
    return x * s, grad
''', True),
    Answer('02.x_sin_x', 'lambda grad, terms distributed', r'''
@strict_custom_gradient
def x_sin_x(x):
    return x * tf.sin(x), lambda dy: dy * tf.sin(x) + dy * x * tf.cos(x)
''', True),
    Answer('02.x_sin_x', 'numpy sin inside grad', r'''
@strict_custom_gradient
def x_sin_x(x):
    def grad(upstream):
        return upstream * (np.sin(x) + x * np.cos(x))
    return x * tf.sin(x), grad
''', False, 'NumPy functions inside grad instead of TensorFlow ops (breaks inside tf.function)',
           ('NumPy',)),
    Answer('02.x_sin_x', 'forgot upstream', r'''
@strict_custom_gradient
def x_sin_x(x):
    def grad(upstream):
        return tf.sin(x) + x * tf.cos(x)
    return x * tf.sin(x), grad
''', False, 'returns the local derivative only; multiply it by upstream',
           ('upstream',)),
    Answer('02.x_sin_x', 'product rule: sin term missing', r'''
@strict_custom_gradient
def x_sin_x(x):
    def grad(upstream):
        return upstream * x * tf.cos(x)
    return x * tf.sin(x), grad
''', False, 'product rule: the derivative of the factor x gives a sin x term that is missing',
           ('product rule|sin',)),
    Answer('02.x_sin_x', 'product rule: x cos term missing', r'''
@strict_custom_gradient
def x_sin_x(x):
    def grad(upstream):
        return upstream * tf.sin(x)
    return x * tf.sin(x), grad
''', False, 'treated x as a constant factor: the x·cos x term of the product rule is missing',
           ('product rule|cos',)),
    Answer('02.x_sin_x', 'forgot the x in x cos x', r'''
@strict_custom_gradient
def x_sin_x(x):
    def grad(upstream):
        return upstream * (tf.sin(x) + tf.cos(x))
    return x * tf.sin(x), grad
''', False, 'second term should be x·cos x, not cos x (right only at x = 1)',
           ('x·cos|x * cos|x cos|x*cos|product rule',)),
    Answer('02.x_sin_x', 'minus instead of plus', r'''
@strict_custom_gradient
def x_sin_x(x):
    def grad(upstream):
        return upstream * (tf.sin(x) - x * tf.cos(x))
    return x * tf.sin(x), grad
''', False, 'sign error: d/dx (x sin x) = sin x + x cos x',
           ('sign|minus',)),
    Answer('02.x_sin_x', 'typo tf.cosine', r'''
@strict_custom_gradient
def x_sin_x(x):
    def grad(upstream):
        return upstream * (tf.sin(x) + x * tf.cosine(x))
    return x * tf.sin(x), grad
''', False, 'tf.cosine does not exist (AttributeError when grad runs); use tf.cos',
           ('tf.cos',)),
    Answer('02.x_sin_x', 'cos without tf.', r'''
@strict_custom_gradient
def x_sin_x(x):
    def grad(upstream):
        return upstream * (tf.sin(x) + x * cos(x))
    return x * tf.sin(x), grad
''', False, 'NameError: cos is not defined; use tf.cos',
           ('tf.cos',)),
    Answer('02.x_sin_x', 'two product-rule terms returned separately', r'''
@strict_custom_gradient
def x_sin_x(x):
    def grad(upstream):
        return upstream * tf.sin(x), upstream * x * tf.cos(x)
    return x * tf.sin(x), grad
''', False, 'returns the two product-rule terms as two gradients; x is one input, so add them',
           ('add|sum|single|1 input',)),
    Answer('02.x_sin_x', 'forward value times upstream', r'''
@strict_custom_gradient
def x_sin_x(x):
    def grad(upstream):
        return upstream * x * tf.sin(x)
    return x * tf.sin(x), grad
''', False, 'grad multiplies upstream by the forward value x sin x instead of its derivative',
           ('derivative|forward',)),
    Answer('02.x_sin_x', 'upstream added, not multiplied', r'''
@strict_custom_gradient
def x_sin_x(x):
    def grad(upstream):
        return upstream + tf.sin(x) + x * tf.cos(x)
    return x * tf.sin(x), grad
''', False, 'upstream must multiply the local derivative, not be added to it',
           ('multiply|times',)),
    Answer('02.x_sin_x', 'decorator forgotten', r'''
def x_sin_x(x):
    def grad(upstream):
        return upstream * (tf.sin(x) + x * tf.cos(x))
    return x * tf.sin(x), grad
''', False, 'without @strict_custom_gradient the function just returns the pair (y, grad)',
           ('decorator|custom_gradient|@',)),
    Answer('02.x_sin_x', 'plain autodiff, no custom gradient', r'''
def x_sin_x(x):
    return x * tf.sin(x)
''', False, "no custom gradient at all: TensorFlow's autodiff does the work the exercise asks you to write",
           ('custom_gradient|custom gradient|decorator|grad',)),
    Answer('02.x_sin_x', 'passed the result x_sin_x(x)', r'''
@strict_custom_gradient
def x_sin_x(x):
    def grad(upstream):
        return upstream * (tf.sin(x) + x * tf.cos(x))
    return x * tf.sin(x), grad

x_sin_x = x_sin_x(tf.constant(2.0))    # i.e. check("02.x_sin_x", x_sin_x(x))
''', False, 'passed the tensor x_sin_x(2.0) instead of the function x_sin_x',
           ('function|callable',)),
    # ---- set aa
    Answer('02.x_sin_x', 'einsum-ellipsis', r'''
@strict_custom_gradient
def x_sin_x(x):
    def grad(upstream):
        local = tf.sin(x) + x * tf.cos(x)            # product rule
        return tf.einsum("...,...->...", upstream, local)
    return x * tf.sin(x), grad
''', True),
    Answer('02.x_sin_x', 'missing-product-rule-term', r'''
@strict_custom_gradient
def x_sin_x(x):
    def grad(upstream):
        return upstream * x * tf.cos(x)
    return x * tf.sin(x), grad
''', False, 'x·sin x is a product: its derivative is sin x + x cos x, the sin x term is missing',
           ('product',)),
    Answer('02.x_sin_x', 'reshape-to-3', r'''
@strict_custom_gradient
def x_sin_x(x):
    def grad(upstream):
        g = upstream * (tf.sin(x) + x * tf.cos(x))
        return tf.reshape(g, (3,))       # same shape as x
    return x * tf.sin(x), grad
''', False, "the reshape to (3,) only fits the 3-entry example; return the gradient in x's own shape (no reshape needed)",
           ('shape',)),
    Answer('02.x_sin_x', 'builtin-sum', r'''
@strict_custom_gradient
def x_sin_x(x):
    def grad(upstream):
        return sum(upstream * (tf.sin(x) + x * tf.cos(x)))
    return x * tf.sin(x), grad
''', False, "Python's sum adds the entries along the first axis; the gradient must keep x's shape, entry by entry",
           ('shape|sum',)),
    # ---- set e
    Answer('02.x_sin_x', 'nested tape finds the local derivative', r'''
@strict_custom_gradient
def x_sin_x(x):
    def grad(upstream):
        with tf.GradientTape() as inner:      # let autodiff find the local derivative
            inner.watch(x)
            y = x * tf.sin(x)
        return upstream * inner.gradient(y, x)
    return x * tf.sin(x), grad
''', False, 'an inner GradientTape lets TensorFlow find the derivative: the exercise asks you to write it (product rule)',
           ('write|product rule|yourself|autodiff',)),
    Answer('02.x_sin_x', 'tf.experimental.numpy with a print left in', r'''
import tensorflow.experimental.numpy as tnp

@strict_custom_gradient
def x_sin_x(x):
    def grad(upstream):
        print("upstream:", upstream)
        return upstream * (tnp.sin(x) + x * tnp.cos(x))
    return x * tf.sin(x), grad
''', True),
    Answer('02.x_sin_x', 'product rule: factor x dropped', r'''
@strict_custom_gradient
def x_sin_x(x):
    def grad(upstream):
        return upstream * (tf.sin(x) + tf.cos(x))
    return x * tf.sin(x), grad
''', False, 'The second product-rule term is x·cos x, not cos x: the factor x is missing.',
           ('x cos|x·cos|x * cos|x*cos|factor|product',)),
    Answer('02.x_sin_x', 'upstream multiplied in twice', r'''
@strict_custom_gradient
def x_sin_x(x):
    def grad(upstream):
        local = upstream * (tf.sin(x) + x * tf.cos(x))
        return local * upstream          # and times upstream for the chain rule
    return x * tf.sin(x), grad
''', False, 'Upstream is multiplied in twice (upstream²): multiply the local derivative by upstream once.',
           ('upstream',)),
    Answer('02.x_sin_x', 'extra None: two gradients for one input', r'''
@strict_custom_gradient
def x_sin_x(x):
    def grad(upstream):
        return upstream * (tf.sin(x) + x * tf.cos(x)), None
    return x * tf.sin(x), grad
''', False, 'x_sin_x has one input, so grad returns one gradient, not a pair.',
           ('one|number|count|1 input|single',)),
    # ---- set f
    Answer('02.x_sin_x', 'keras_ops', r'''
@strict_custom_gradient
def x_sin_x(x):
    def grad(upstream):
        return upstream * (tf.keras.ops.sin(x) + x * tf.keras.ops.cos(x))
    return x * tf.sin(x), grad
''', True),
    Answer('02.x_sin_x', 'tnp_with_tf_function_on_top', r'''
tnp = tf.experimental.numpy

@tf.function
@strict_custom_gradient
def x_sin_x(x):
    def grad(upstream):
        return upstream * (tnp.sin(x) + tnp.multiply(x, tnp.cos(x)))
    return x * tf.sin(x), grad
''', True),
    Answer('02.x_sin_x', 'tape_inside_grad', r'''
@strict_custom_gradient
def x_sin_x(x):
    def grad(upstream):
        with tf.GradientTape() as tape:
            tape.watch(x)
            y = x * tf.sin(x)
        return upstream * tape.gradient(y, x)
    return x * tf.sin(x), grad
''', False, 'an inner GradientTape lets TensorFlow find the derivative: the exercise asks you to write it (product rule)',
           ('write|product rule|yourself|autodiff',)),
    Answer('02.x_sin_x', 'returns_grad_then_y', r'''
@strict_custom_gradient
def x_sin_x(x):
    def grad(upstream):
        return upstream * (tf.sin(x) + x * tf.cos(x))
    return grad, x * tf.sin(x)
''', False, 'The pair is in the wrong order: return (y, grad), the value first.',
           ('order|first|swap|(y, grad)|y, grad',)),
    Answer('02.x_sin_x', 'tf_gradients_inside_grad', r'''
@strict_custom_gradient
def x_sin_x(x):
    def grad(upstream):
        return upstream * tf.gradients(x * tf.sin(x), x)[0]
    return x * tf.sin(x), grad
''', False, 'tf.gradients does not work eagerly; write the derivative sin x + x cos x yourself.',
           ('eager|tf.gradients|GradientTape|sin x + x cos x|product rule',)),
    Answer('02.x_sin_x', 'calls_grad_itself', r'''
@strict_custom_gradient
def x_sin_x(x):
    def grad(upstream):
        return upstream * (tf.sin(x) + x * tf.cos(x))
    return x * tf.sin(x), grad(1.0)
''', False, 'grad was called here and its result returned; return the function grad itself, TensorFlow calls it.',
           ('function|callable|call',)),
    Answer('02.x_sin_x', 'grad_defined_outside', r'''
def grad(upstream):
    return upstream * (tf.sin(x) + x * tf.cos(x))

@strict_custom_gradient
def x_sin_x(x):
    return x * tf.sin(x), grad
''', False, 'grad is defined outside x_sin_x, so it cannot see x; define it inside, as a closure.',
           ('inside|nested|closure|defined|scope',)),
    Answer('02.x_sin_x', 'cube_demo_left_in', r'''
@strict_custom_gradient
def x_sin_x(x):
    def grad(upstream):
        return upstream * 3 * x ** 2    # dL/dx = upstream · dy/dx
    return x * tf.sin(x), grad
''', False, "The cube demo's derivative 3x² was kept; the derivative of x sin x is sin x + x cos x.",
           ('sin|cos|product rule',)),
    Answer('02.x_sin_x', 'star_upstream', r'''
@strict_custom_gradient
def x_sin_x(x):
    def grad(*upstream):
        return upstream * (tf.sin(x) + x * tf.cos(x))
    return x * tf.sin(x), grad
''', False, 'With *upstream, upstream is a tuple; multiplying it adds an axis, so the gradient has the wrong shape.',
           ('shape|tuple|*upstream|axis',)),
    Answer('02.x_sin_x', 'tape_on_itself_recursion', r'''
@strict_custom_gradient
def x_sin_x(x):
    def grad(upstream):
        with tf.GradientTape() as tape:
            tape.watch(x)
            y = x_sin_x(x)          # let TensorFlow differentiate it
        return upstream * tape.gradient(y, x)
    return x * tf.sin(x), grad
''', False, 'grad differentiates x_sin_x itself, which calls grad again without end; write sin x + x cos x.',
           ('recurs|itself|depth|loop|sin x + x cos x',)),
    # ---- set g
    Answer('02.x_sin_x', 'einsum-elementwise', r'''
@strict_custom_gradient
def x_sin_x(x):
    def grad(upstream):
        local = tf.sin(x) + x * tf.cos(x)
        return tf.einsum("...,...->...", upstream, local)
    return x * tf.sin(x), grad
''', True),
    Answer('02.x_sin_x', 'python-loop-over-rows', r'''
@strict_custom_gradient
def x_sin_x(x):
    def grad(upstream):
        rows = []
        for i in range(x.shape[0]):          # one row (or entry) at a time
            rows.append(upstream[i] * (tf.sin(x[i]) + x[i] * tf.cos(x[i])))
        return tf.stack(rows)
    return x * tf.sin(x), grad
''', True),
    Answer('02.x_sin_x', 'assert-scalar-upstream', r'''
@strict_custom_gradient
def x_sin_x(x):
    def grad(upstream):
        assert upstream.shape == (), "upstream should be one number"
        return upstream * (tf.sin(x) + x * tf.cos(x))
    return x * tf.sin(x), grad
''', False, 'upstream has the shape of y (a vector or matrix here), not one number: the assert fails',
           ('shape|vector|matrix',)),
    Answer('02.x_sin_x', 'grad-is-a-tensor', r'''
@strict_custom_gradient
def x_sin_x(x):
    grad = tf.sin(x) + x * tf.cos(x)       # the derivative of x sin x
    return x * tf.sin(x), grad
''', False, 'grad must be a function of upstream that returns upstream times the derivative, not the derivative tensor',
           ('function|callable|upstream',)),
    Answer('02.x_sin_x', 'grad-in-float64', r'''
@strict_custom_gradient
def x_sin_x(x):
    def grad(upstream):
        x64 = tf.cast(x, tf.float64)            # more precision for the derivative
        return tf.cast(upstream, tf.float64) * (tf.sin(x64) + x64 * tf.cos(x64))
    return x * tf.sin(x), grad
''', False, "returns a float64 gradient for a float32 input: a gradient has its input's dtype",
           ('dtype|float32|float64',)),
    # ---- set holdout
    Answer('02.x_sin_x', 'inner tape in grad', r'''
@strict_custom_gradient
def x_sin_x(x):
    def grad(upstream):
        with tf.GradientTape() as inner:
            inner.watch(x)
            again = x * tf.sin(x)
        return inner.gradient(again, x, output_gradients=upstream)
    return x * tf.sin(x), grad
''', False, 'an inner GradientTape lets TensorFlow find the derivative: the exercise asks you to write it (product rule)',
           ('write|product rule|yourself|autodiff',)),
    Answer('02.x_sin_x', 'local derivative only', r'''
@strict_custom_gradient
def x_sin_x(x):
    def grad(upstream):
        return tf.sin(x) + x * tf.cos(x)
    return x * tf.sin(x), grad
''', False, 'grad returns the local derivative but never multiplies it by upstream.',
           ('upstream',)),
    Answer('02.x_sin_x', 'product rule half', r'''
@strict_custom_gradient
def x_sin_x(x):
    def grad(upstream):
        return upstream * x * tf.cos(x)
    return x * tf.sin(x), grad
''', False, 'Product rule: the derivative of x sin x has two terms; the sin x term is missing.',
           ('product rule|product|term|sin',)),
    Answer('02.x_sin_x', 'numpy sin and cos', r'''
@strict_custom_gradient
def x_sin_x(x):
    def grad(upstream):
        return upstream * (np.sin(x) + x * np.cos(x))
    return x * tf.sin(x), grad
''', False, 'np.sin/np.cos need concrete values: they fail inside tf.function; use tf.sin and tf.cos.',
           ('NumPy|np.|tf.function|symbolic|graph',)),
    Answer('02.x_sin_x', 'upstream on first term only', r'''
@strict_custom_gradient
def x_sin_x(x):
    def grad(upstream):
        return upstream * tf.sin(x) + x * tf.cos(x)
    return x * tf.sin(x), grad
''', False, 'Missing parentheses: upstream multiplies only sin x, not the whole derivative.',
           ('upstream|parenthes',)),
    Answer('02.x_sin_x', 'extra None gradient', r'''
@strict_custom_gradient
def x_sin_x(x):
    def grad(upstream):
        return upstream * (tf.sin(x) + x * tf.cos(x)), None
    return x * tf.sin(x), grad
''', False, 'x_sin_x has one input, so grad returns one gradient, not a pair.',
           ('one gradient|number|count|one input|1 gradient|expected 1',)),
    # ---- set i
    Answer('02.x_sin_x', 'tf-experimental-numpy', r'''
tnp = tf.experimental.numpy          # NumPy habits, TensorFlow ops underneath

@strict_custom_gradient
def x_sin_x(x):
    def grad(upstream):
        return upstream * (tnp.sin(x) + tnp.multiply(x, tnp.cos(x)))
    return x * tf.sin(x), grad
''', True),
    Answer('02.x_sin_x', 'global-call-counter-and-keras-ops', r'''
import keras
calls = {"forward": 0, "backward": 0}     # to see how often TensorFlow calls me

@strict_custom_gradient
def x_sin_x(x):
    calls["forward"] += 1
    def grad(upstream):
        calls["backward"] += 1
        local = keras.ops.sin(x) + x * keras.ops.cos(x)    # product rule
        return keras.ops.multiply(local, upstream)
    return x * tf.sin(x), grad
''', True),
    Answer('02.x_sin_x', 'upstream-ignored', r'''
@strict_custom_gradient
def x_sin_x(x):
    def grad(upstream):
        return tf.sin(x) + x * tf.cos(x)
    return x * tf.sin(x), grad
''', False, 'grad returns the local derivative alone; it must be multiplied by upstream',
           ('upstream',)),
    Answer('02.x_sin_x', 'product-rule-half', r'''
@strict_custom_gradient
def x_sin_x(x):
    def grad(upstream):
        return upstream * x * tf.cos(x)     # d/dx of x sin x
    return x * tf.sin(x), grad
''', False, 'only one term of the product rule: the derivative of the factor x (giving sin x) is missing',
           ('product rule|product|sin',)),
    Answer('02.x_sin_x', 'jax-style-bwd-signature', r'''
@strict_custom_gradient
def x_sin_x(x):
    def grad(res, g):            # like jax.custom_vjp's bwd(residuals, cotangent)
        return (g * (tf.sin(res) + res * tf.cos(res)),)
    return x * tf.sin(x), grad
''', False, 'grad is called with one argument, upstream; a JAX-style bwd(res, g) fails with a TypeError when TensorFlow calls it',
           ('argument|signature|upstream|TypeError',)),
    Answer('02.x_sin_x', 'pass-left-in-grad', r'''
@strict_custom_gradient
def x_sin_x(x):
    local = tf.sin(x) + x * tf.cos(x)
    def grad(upstream):
        pass   # TODO: upstream * local
    return x * tf.sin(x), grad
''', False, 'grad has no return statement (just `pass`), so it returns None',
           ('None|return|pass',)),
    Answer('02.x_sin_x', 'typo-nameerror-in-grad', r'''
@strict_custom_gradient
def x_sin_x(x):
    def grad(upstream):
        return upstrem * (tf.sin(x) + x * tf.cos(x))
    return x * tf.sin(x), grad
''', False, 'NameError inside grad: `upstrem` is a typo for `upstream`',
           ('upstrem|NameError|not defined',)),
    # ---- set k
    Answer('02.x_sin_x', 'nested-tape-times-upstream', r'''
@strict_custom_gradient
def x_sin_x(x):
    def grad(upstream):
        with tf.GradientTape() as inner:      # local derivative by autodiff
            inner.watch(x)
            f = x * tf.sin(x)
        local = inner.gradient(f, x)
        return local * upstream
    return x * tf.sin(x), grad
''', False, 'an inner GradientTape lets TensorFlow find the derivative: the exercise asks you to write it (product rule)',
           ('write|product rule|yourself|autodiff',)),
    Answer('02.x_sin_x', 'product-rule-half', r'''
@strict_custom_gradient
def x_sin_x(x):
    def grad(upstream):
        return upstream * x * tf.cos(x)     # now with upstream
    return x * tf.sin(x), grad
''', False, 'Upstream is there now, but the product rule has two terms: the derivative of the factor x is missing.',
           ('product',)),
    Answer('02.x_sin_x', 'upstream-twice', r'''
@strict_custom_gradient
def x_sin_x(x):
    def grad(upstream):
        local = upstream * (tf.sin(x) + x * tf.cos(x))
        return upstream * local             # don't forget upstream!
    return x * tf.sin(x), grad
''', False, 'Upstream is multiplied in twice; multiply the local derivative by upstream once.',
           ('upstream',)),
    Answer('02.x_sin_x', 'no-upstream', r'''
@strict_custom_gradient
def x_sin_x(x):
    def grad(dy):
        return tf.sin(x) + x * tf.cos(x)    # d/dx (x sin x)
    return x * tf.sin(x), grad
''', False, 'The local derivative is right but grad ignores upstream (dy); return it times upstream.',
           ('upstream',)),
    Answer('02.x_sin_x', 'nested-tape-unwatched', r'''
@strict_custom_gradient
def x_sin_x(x):
    def grad(upstream):
        with tf.GradientTape() as t:
            y = x * tf.sin(x)
        return upstream * t.gradient(y, x)
    return x * tf.sin(x), grad
''', False, 'The inner tape never watches x, so t.gradient returns None; watch x or write the derivative out.',
           ('None|watch',)),
    Answer('02.x_sin_x', 'float16-cast', r'''
@strict_custom_gradient
def x_sin_x(x):
    def grad(upstream):
        local = tf.sin(x) + x * tf.cos(x)
        return tf.cast(upstream * local, tf.float16)    # save memory
    return x * tf.sin(x), grad
''', False, "The gradient must have x's dtype; casting it to float16 breaks that.",
           ('dtype|float16',)),
    # ---- set m
    Answer('02.x_sin_x', 'long-typed-asserts', r'''
@strict_custom_gradient
def x_sin_x(x: tf.Tensor):
    """f(x) = x · sin x, applied entry by entry.

    Product rule: f'(x) = sin x + x cos x, so dL/dx = upstream · (sin x + x cos x).
    """
    sin_x: tf.Tensor = tf.sin(x)
    cos_x: tf.Tensor = tf.cos(x)

    def grad(upstream: tf.Tensor) -> tf.Tensor:
        """Vector-Jacobian product for an elementwise function: upstream times the slope."""
        local: tf.Tensor = sin_x + x * cos_x
        downstream: tf.Tensor = upstream * local
        tf.debugging.assert_equal(tf.shape(downstream), tf.shape(x), message="gradient must be shaped like x")
        return downstream

    y: tf.Tensor = x * sin_x
    assert y.dtype == x.dtype, "forward keeps the dtype"
    return y, grad
''', True),
    Answer('02.x_sin_x', 'no-product-rule', r'''
@strict_custom_gradient
def x_sin_x(x):
    def grad(upstream):
        return upstream * x * tf.cos(x)
    return x * tf.sin(x), grad
''', False, 'Product rule: x·sin x also changes through the factor x, which gives a sin x term.',
           ('product',)),
    Answer('02.x_sin_x', 'golfed-no-upstream', r'''
x_sin_x = strict_custom_gradient(lambda x: (x * tf.sin(x), lambda u: tf.sin(x) + x * tf.cos(x)))
''', False, 'grad ignores upstream: multiply the derivative by it.',
           ('upstream',)),
    Answer('02.x_sin_x', 'earlier-cell-x', r'''
x = tf.constant([1.0, 2.0, 3.0])          # from the cells above

@strict_custom_gradient
def x_sin_x(t):
    def grad(upstream):
        return upstream * (tf.sin(x) + x * tf.cos(x))
    return t * tf.sin(t), grad
''', False, "grad uses the x of an earlier cell instead of the function's own input.",
           ('input|argument|earlier|outside|global',)),
    Answer('02.x_sin_x', 'sign-slip', r'''
@strict_custom_gradient
def x_sin_x(x):
    def grad(upstream):
        return upstream * (tf.sin(x) - x * tf.cos(x))
    return x * tf.sin(x), grad
''', False, 'Sign error in the second term of the product rule.',
           ('sign|minus',)),
    # ---- set n
    Answer('02.x_sin_x', 'tf.function above the decorator', r'''
@tf.function
@strict_custom_gradient
def x_sin_x(x):
    def grad(upstream):
        local = tf.add(tf.sin(x), tf.multiply(x, tf.cos(x)))    # product rule
        return tf.multiply(local, upstream)
    return x * tf.sin(x), grad
''', True),
    Answer('02.x_sin_x', 'tape inside grad', r'''
@strict_custom_gradient
def x_sin_x(x):
    def grad(upstream):
        with tf.GradientTape() as inner:
            inner.watch(x)
            y = x * tf.sin(x)
        return inner.gradient(y, x, output_gradients=upstream)
    return x * tf.sin(x), grad
''', False, 'an inner GradientTape lets TensorFlow find the derivative: the exercise asks you to write it (product rule)',
           ('write|product rule|yourself|autodiff',)),
    Answer('02.x_sin_x', 'no product rule', r'''
@strict_custom_gradient
def x_sin_x(x):
    def grad(upstream):
        return upstream * x * tf.cos(x)
    return x * tf.sin(x), grad
''', False, 'product rule: the term sin x (from differentiating x) is missing',
           ('product',)),
    Answer('02.x_sin_x', 'finite differences inside grad', r'''
@strict_custom_gradient
def x_sin_x(x):
    def grad(upstream):
        h = 0.1
        slope = ((x + h) * tf.sin(x + h) - (x - h) * tf.sin(x - h)) / (2 * h)
        return upstream * slope
    return x * tf.sin(x), grad
''', False, 'a finite-difference estimate with h = 0.1 is only approximately the derivative',
           ('approximat|finite|close',)),
    Answer('02.x_sin_x', 'decorator on grad', r'''
def x_sin_x(x):
    @strict_custom_gradient
    def grad(upstream):
        return upstream * (tf.sin(x) + x * tf.cos(x))
    return x * tf.sin(x), grad
''', False, 'the decorator belongs on x_sin_x, not on grad: x_sin_x now returns a plain (y, grad) tuple',
           ('decorat|custom_gradient',)),
    Answer('02.x_sin_x', 'float64 constant', r'''
@strict_custom_gradient
def x_sin_x(x):
    one = tf.constant(1.0, dtype=tf.float64)
    def grad(upstream):
        return upstream * (one * tf.sin(x) + x * tf.cos(x))
    return x * tf.sin(x), grad
''', False, 'a float64 constant cannot meet a float32 x: build constants in x.dtype',
           ('dtype|float64|float32',)),
    # ---- set p
    Answer('02.x_sin_x', 'tape-inside-grad', r'''
@strict_custom_gradient
def x_sin_x(x):
    def grad(upstream):
        with tf.GradientTape() as t:        # let autodiff find the local derivative, seeded with upstream
            t.watch(x)
            f = x * tf.sin(x)
        return t.gradient(f, x, output_gradients=upstream)
    return x * tf.sin(x), grad
''', False, 'an inner GradientTape lets TensorFlow find the derivative: the exercise asks you to write it (product rule)',
           ('write|product rule|yourself|autodiff',)),
    Answer('02.x_sin_x', 'jax-grad-no-cotangent', r'''
@strict_custom_gradient
def x_sin_x(x):
    def grad(upstream):
        return tf.sin(x) + x * tf.cos(x)    # d/dx (x sin x)
    return x * tf.sin(x), grad
''', False, 'grad returns only the local derivative; multiply it by upstream',
           ('upstream',)),
    Answer('02.x_sin_x', 'no-product-rule', r'''
@strict_custom_gradient
def x_sin_x(x):
    def grad(upstream):
        return upstream * x * tf.cos(x)
    return x * tf.sin(x), grad
''', False, 'the product rule gives two terms; the derivative of the factor x is missing',
           ('product|sin',)),
    Answer('02.x_sin_x', 'torch-class-itself', r'''
class XSinX:                      # torch.autograd.Function habit
    @staticmethod
    def forward(ctx, x):
        ctx.save_for_backward(x)
        return x * tf.sin(x)

    @staticmethod
    def backward(ctx, grad_output):
        x, = ctx.saved_tensors
        return grad_output * (tf.sin(x) + x * tf.cos(x))

x_sin_x = XSinX
''', False, 'x_sin_x is a PyTorch-style class, not a function decorated with @strict_custom_gradient returning (y, grad)',
           ('class|custom_gradient',)),
    # ---- set r
    Answer('02.x_sin_x', 'tape-on-forward-ops', r'''
@strict_custom_gradient
def x_sin_x(x):
    def forward(v):
        return v * tf.sin(v)
    def grad(upstream):
        with tf.GradientTape() as inner:
            inner.watch(x)
            y_again = forward(x)
        return inner.gradient(y_again, x, output_gradients=upstream)
    return forward(x), grad
''', False, 'an inner GradientTape lets TensorFlow find the derivative: the exercise asks you to write it (product rule)',
           ('write|product rule|yourself|autodiff',)),
    Answer('02.x_sin_x', 'float64-inside-cast-back', r'''
@strict_custom_gradient
def x_sin_x(x):
    def grad(upstream):
        x64 = tf.cast(x, tf.float64)
        up64 = tf.cast(upstream, tf.float64)
        dx64 = up64 * (tf.math.sin(x64) + x64 * tf.math.cos(x64))
        return tf.cast(dx64, x.dtype)
    return x * tf.sin(x), grad
''', True),
    Answer('02.x_sin_x', 'tf-function-helper-lambda-plain-decorator', r'''
@tf.function
def derivative_of_x_sin_x(v):
    return tf.math.add(tf.math.sin(v), tf.math.multiply(v, tf.math.cos(v)))

@tf.custom_gradient
def x_sin_x(x):
    return x * tf.sin(x), lambda dy: tf.math.multiply(dy, derivative_of_x_sin_x(x))
''', True),
    Answer('02.x_sin_x', 'keras-ops-product-rule-split', r'''
import keras

@strict_custom_gradient
def x_sin_x(x):
    sin_x = keras.ops.sin(x)
    cos_x = keras.ops.cos(x)
    def grad(upstream):
        # product rule, one term per factor: (x)' sin x + x (sin x)'
        return upstream * sin_x + upstream * x * cos_x
    return x * sin_x, grad
''', True),
    # ---- set s
    Answer('02.x_sin_x', 'phase-shift-form', r'''
@strict_custom_gradient
def x_sin_x(x):
    def grad(upstream):
        # sin x + x cos x  ==  sqrt(1 + x²) · sin(x + atan x)
        return upstream * tf.sqrt(1 + x * x) * tf.sin(x + tf.atan(x))
    return x * tf.sin(x), grad
''', True),
    Answer('02.x_sin_x', 'y-over-x', r'''
@strict_custom_gradient
def x_sin_x(x):
    y = x * tf.sin(x)
    def grad(upstream):
        return upstream * (y / x + x * tf.cos(x))     # sin x = y / x
    return y, grad
''', False, 'y / x is NaN at x = 0 (0/0); write sin x directly',
           ('zero|0|nan',)),
    Answer('02.x_sin_x', 'no-product-rule', r'''
@strict_custom_gradient
def x_sin_x(x):
    def grad(upstream):
        return upstream * x * tf.cos(x)
    return x * tf.sin(x), grad
''', False, 'product rule: the derivative of x·sin x has two terms, the sin x term is missing',
           ('product|sin x|term',)),
    Answer('02.x_sin_x', 'x-reused-for-output', r'''
@strict_custom_gradient
def x_sin_x(x):
    def grad(upstream):
        return upstream * (s + x * c)      # product rule
    s, c = tf.sin(x), tf.cos(x)
    x = x * s                              # the output
    return x, grad
''', False, "x is reassigned to the output before grad runs, so grad's closure sees x·sin x instead of x",
           ('overwr|rebind|rebound|reassign|redefin|closure|changed',)),
    # ---- set u
    Answer('02.x_sin_x', 'custom-gradient-on-method', r'''
class XSinX:
    @tf.custom_gradient
    def __call__(self, x):
        def grad(upstream):
            return upstream * (tf.sin(x) + x * tf.cos(x))
        return x * tf.sin(x), grad

x_sin_x = XSinX().__call__
''', True),
    Answer('02.x_sin_x', 'product-rule-half', r'''
@strict_custom_gradient
def x_sin_x(x):
    def grad(upstream):
        return upstream * x * tf.cos(x)
    return x * tf.sin(x), grad
''', False, 'Product rule: d(x sin x) = sin x + x cos x; the sin x term is missing.',
           ('sin|product',)),
    Answer('02.x_sin_x', 'keras-layer-no-upstream', r'''
class XSinXLayer(tf.keras.layers.Layer):
    def call(self, x):
        @tf.custom_gradient
        def f(x):
            def grad(upstream):
                return tf.sin(x) + x * tf.cos(x)      # d/dx (x sin x)
            return x * tf.sin(x), grad
        return f(x)

x_sin_x = XSinXLayer(autocast=False)
''', False, 'grad returns the local derivative only: multiply it by upstream.',
           ('upstream',)),
    Answer('02.x_sin_x', 'x-reassigned-before-grad', r'''
@strict_custom_gradient
def x_sin_x(x):
    x = x * tf.sin(x)              # the result
    def grad(upstream):
        return upstream * (tf.sin(x) + x * tf.cos(x))
    return x, grad
''', False, 'x was overwritten with the output, so grad evaluates the derivative at x sin x instead of at the input x.',
           ('input|overwr|reassign|output',)),
    # ---- set w
    Answer('02.x_sin_x', 'add-n-product-rule', r'''
@strict_custom_gradient
def x_sin_x(x: tf.Tensor):
    """y = x * sin(x), with dL/dx = upstream * (sin x + x cos x) by the product rule.

    The two product-rule terms are combined with tf.add_n; everything stays in x's dtype.
    """
    sin_x, cos_x = tf.sin(x), tf.cos(x)

    def grad(upstream: tf.Tensor) -> tf.Tensor:
        terms = [upstream * sin_x, upstream * x * cos_x]     # d(x)·sin x  +  x·d(sin x)
        return tf.add_n(terms)

    return x * sin_x, grad


# --- self-test: compare with autodiff on a matrix, upstream != 1 ----------------
_x = tf.constant([[0.3, -1.2], [2.0, 4.5]], dtype=tf.float64)
_u = tf.constant([[1.5, -2.0], [0.5, 3.0]], dtype=tf.float64)
with tf.GradientTape(persistent=True) as _t:
    _t.watch(_x)
    _mine, _ref = x_sin_x(_x), _x * tf.sin(_x)
np.testing.assert_allclose(_t.gradient(_mine, _x, output_gradients=_u),
                           _t.gradient(_ref, _x, output_gradients=_u), rtol=1e-12)
''', True),
    Answer('02.x_sin_x', 'clipped-gradient', r'''
_CLIP = 1.0


@strict_custom_gradient
def x_sin_x(x: tf.Tensor):
    """x * sin(x) with a product-rule gradient, clipped to avoid gradient explosions.

    |sin x + x cos x| grows linearly with |x|; clipping keeps training stable.
    """
    def grad(upstream: tf.Tensor) -> tf.Tensor:
        g = upstream * (tf.sin(x) + x * tf.cos(x))
        return tf.clip_by_value(g, -_CLIP, _CLIP)
    return x * tf.sin(x), grad
''', False, 'clipping changes the gradient wherever |upstream·(sin x + x cos x)| > 1',
           ('clip|clipped',)),
    Answer('02.x_sin_x', 'float32-grad', r'''
def _f32(t) -> tf.Tensor:
    """Defensive cast: gradients are always computed in float32."""
    return tf.cast(t, tf.float32)


@strict_custom_gradient
def x_sin_x(x: tf.Tensor):
    """y = x sin x; grad = upstream * (sin x + x cos x), computed in float32 for consistency."""
    def grad(upstream: tf.Tensor) -> tf.Tensor:
        xf = _f32(x)
        return _f32(upstream) * (tf.sin(xf) + xf * tf.cos(xf))
    return x * tf.sin(x), grad
''', False, "grad returns float32 for a float64 x: the gradient must have the input's dtype",
           ('float64|float32|dtype',)),
    Answer('02.x_sin_x', 'normalised-upstream', r'''
_EPS = 1e-8


def _safe_div(a: tf.Tensor, b: tf.Tensor, eps: float = _EPS) -> tf.Tensor:
    """a / (b + eps): never divides by zero."""
    return a / (b + tf.cast(eps, b.dtype))


@strict_custom_gradient
def x_sin_x(x: tf.Tensor):
    """x * sin(x) with a custom gradient.

    The upstream is normalised to unit norm first, which keeps the backward pass well scaled
    whatever comes after this function.
    """
    def grad(upstream: tf.Tensor) -> tf.Tensor:
        unit_upstream = _safe_div(upstream, tf.norm(upstream))
        return unit_upstream * (tf.sin(x) + x * tf.cos(x))
    return x * tf.sin(x), grad
''', False, 'normalising upstream rescales the gradient: grad must multiply by upstream as it is',
           ('upstream',)),
    # ---- set y
    Answer('02.x_sin_x', 'add_n-of-two-terms', r'''
@strict_custom_gradient
def x_sin_x(x):
    def grad(upstream):
        return tf.add_n([upstream * tf.sin(x), upstream * x * tf.cos(x)])
    return x * tf.sin(x), grad
''', True),
    Answer('02.x_sin_x', 'copied-local-sin', r'''
@strict_custom_gradient
def x_sin_x(x):
    def grad(upstream):
        return upstream * tf.cos(x)       # local derivative of the sin link
    return x * tf.sin(x), grad
''', False, 'cos x is the derivative of sin x alone; x·sin x needs the product rule, sin x + x cos x.',
           ('product',)),
    Answer('02.x_sin_x', 'ones-like-float32', r'''
@strict_custom_gradient
def x_sin_x(x):
    def grad(upstream):
        dx_dx = tf.ones_like(x, dtype=tf.float32)          # d(x)/dx = 1
        return upstream * (dx_dx * tf.sin(x) + x * tf.cos(x))
    return x * tf.sin(x), grad
''', False, 'tf.ones_like(..., dtype=tf.float32) fixes the dtype: with a float64 x the multiplication fails.',
           ('float64|dtype|float32',)),
    Answer('02.x_sin_x', 'flattened-gradient', r'''
@strict_custom_gradient
def x_sin_x(x):
    def grad(upstream):
        g = upstream * (tf.sin(x) + x * tf.cos(x))
        return tf.reshape(g, [-1])
    return x * tf.sin(x), grad
''', False, 'tf.reshape(g, [-1]) flattens the gradient: right for a vector, wrong shape for a matrix x.',
           ('shape',)),
]
