"""Exercise 00.warmup: a wrong answer for each mistake it names, and answers written from the learner's side."""

from answer_kit import Answer

KEY = "00.warmup"

MISTAKES = {
    'forward_value': 9,
    'factor': 3,
    'missing_x': 2,
    'wrong_sign': -6,
    'exponent_kept': 18,
    'approximate': 6.1,
    'other_function': 27,
    'difference_quotient': ((3 + 1) ** 2 - 3 ** 2) / 1,
}

ANSWERS = [
    # ---- set a
    Answer('00.warmup', 'int 6', r'''
answer = 6
''', True),
    Answer('00.warmup', 'float from 2*x', r'''
answer = 2 * 3.0
''', True),
    Answer('00.warmup', 'gradient tape tensor', r'''
x = tf.constant(3.0)
with tf.GradientTape() as tape:
    tape.watch(x)
    y = x ** 2
answer = tape.gradient(y, x)
''', True),
    Answer('00.warmup', 'numpy float32', r'''
answer = np.float32(6)
''', True),
    Answer('00.warmup', 'value 9 instead of derivative', r'''
answer = 9
''', False, '9 is x² at 3, the value of the function, not its derivative 2x',
           ('value|x²|x^2|x**2',)),
    Answer('00.warmup', 'tape: passed y instead of the gradient', r'''
x = tf.constant(3.0)
with tf.GradientTape() as tape:
    tape.watch(x)
    y = x ** 2
answer = y
''', False, 'passed y = x² (9.0), the forward value, instead of tape.gradient(y, x)',
           ('value|x²|x^2|x**2',)),
    Answer('00.warmup', "string '6'", r'''
answer = "6"
''', False, 'a string, not a number: drop the quotes',
           ('string|number',)),
    Answer('00.warmup', 'stub left unchanged (Ellipsis)', r'''
answer = ...   # your answer here
''', False, 'the ... placeholder was not replaced by a number',
           ('...|Ellipsis|replace',)),
    # feedback names the concept, not the answer the author's words would give away
    Answer('00.warmup', 'forgot the factor 2 (answered x)', r'''
answer = 3
''', False, 'the derivative of x² is 2x, not x: the factor 2 is missing',
           ('factor',)),
    # feedback names the concept, not the answer the author's words would give away
    Answer('00.warmup', 'exponent only', r'''
answer = 2
''', False, '2 is the exponent/coefficient; the derivative 2x still has to be evaluated at x = 3',
           ('x = 3',)),
    Answer('00.warmup', 'power rule misapplied 2*x**2', r'''
answer = 2 * 3 ** 2
''', False, 'power rule lowers the exponent: d/dx x² = 2x¹, not 2x²',
           ('2x|2·x|2 * x|2*x|exponent',)),
    Answer('00.warmup', 'function instead of number', r'''
answer = lambda x: 2 * x
''', False, 'gave the derivative as a function; the exercise asks for its value at x = 3',
           ('number|evaluate|call|at x = 3|at 3',)),
    Answer('00.warmup', 'list [6]', r'''
answer = [6]
''', False, 'a list holding the number, not the number itself',
           ('list|number',)),
    Answer('00.warmup', 'trailing comma makes a tuple', r'''
answer = 6,   # your answer here
''', False, 'the trailing comma turns 6 into the tuple (6,)',
           ('tuple|comma',)),
    # ---- set aa
    Answer('00.warmup', 'builtin-sum-of-two-x', r'''
# d/dx x² = 2x = x + x, at x = 3
answer = sum([3, 3])
''', True),
    Answer('00.warmup', 'max-picks-the-value', r'''
# not sure if it's 2*x or x**2 ... take the bigger one to be safe
answer = max(2 * 3, 3 ** 2)
''', False, 'max() picked 9 = x², the value of the function at 3; the derivative 2x at 3 is a different number',
           ('derivative',)),
    Answer('00.warmup', 'function-not-number', r'''
answer = lambda x: 2 * x    # the derivative of x**2
''', False, 'the exercise wants the number the derivative takes at x = 3, not the derivative as a function',
           ('number',)),
    Answer('00.warmup', 'int-constant-tape-none', r'''
x = tf.constant(3)          # an integer tensor
with tf.GradientTape() as tape:
    tape.watch(x)
    y = x ** 2
answer = tape.gradient(y, x)   # the tape does not differentiate integers: this is None
''', False, 'an integer tensor gets no gradient, so the tape returned None; use a float (3.0) or just give the number',
           ('none|integer|float',)),
    # ---- set e
    Answer('00.warmup', 'tape gradient left as a tensor', r'''
x = tf.constant(3.0)
with tf.GradientTape() as tape:
    tape.watch(x)
    y = x ** 2
answer = tape.gradient(y, x)   # let TensorFlow do it
''', True),
    Answer('00.warmup', 'numpy float32 six', r'''
answer = np.float32(2 * 3)   # 2x at x = 3
''', True),
    Answer('00.warmup', 'power rule keeps the square', r'''
answer = 2 * 3 ** 2   # bring the 2 down in front
''', False, 'The power rule lowers the exponent: d/dx x² = 2x, so 2·3 = 6, not 2·3² = 18.',
           ('2x|2·x|2 x|2*x|exponent|power',)),
    Answer('00.warmup', 'forward difference with h = 0.1', r'''
h = 0.1
answer = ((3 + h) ** 2 - 3 ** 2) / h   # slope of a small step
''', False, 'A forward difference with h = 0.1 is only an estimate (6.1); the exact derivative is 2x = 6.',
           ('exact|estimate|approximat|finite|step|2x',)),
    Answer('00.warmup', 'number typed as a string', r'''
answer = "6"
''', False, 'That is a string, not a number: drop the quotes.',
           ('string|quote|number|str',)),
    # ---- set f
    Answer('00.warmup', 'tape_copied_from_env_check', r'''
x = tf.constant(3.0)
with tf.GradientTape() as tape:
    tape.watch(x)
    y = x ** 2
answer = tape.gradient(y, x)   # a tensor holding 6.0
''', True),
    Answer('00.warmup', 'int_product', r'''
answer = 2 * 3   # d/dx x^2 = 2x, at x = 3
''', True),
    Answer('00.warmup', 'env_check_cube_left_in', r'''
x = tf.constant(3.0)
with tf.GradientTape() as tape:
    tape.watch(x)
    y = x ** 3          # copied from the environment check
answer = tape.gradient(y, x)
''', False, 'That is the derivative of x³ (27); the question is about x², whose derivative 2x is 6 at 3.',
           ('x²|x^2|x**2|x ** 2|2x|2·x|2 * x|square',)),
    Answer('00.warmup', 'string_six', r'''
answer = "6"
''', False, 'The answer must be a number, not the text "6".',
           ('number|numeric|string|str|text',)),
    Answer('00.warmup', 'derivative_as_function', r'''
answer = lambda x: 2 * x
''', False, 'That is the derivative as a function; evaluate it at x = 3 to get a number.',
           ('x = 3|x=3|at 3|evaluat|number',)),
    Answer('00.warmup', 'one_element_list', r'''
answer = [6]
''', False, 'One number is asked for, not a list holding it.',
           ('number|list|single|scalar',)),
    # ---- set g
    Answer('00.warmup', 'tape-gradient-tensor', r'''
x = tf.constant(3.0)
with tf.GradientTape() as tape:
    tape.watch(x)
    y = x ** 2
answer = tape.gradient(y, x)      # let TensorFlow do it
''', True),
    Answer('00.warmup', 'complex-step', r'''
h = 1e-20
answer = ((3 + 1j * h) ** 2).imag / h     # complex-step derivative: exact, no cancellation
''', True),
    Answer('00.warmup', 'finite-difference-step-1', r'''
answer = ((3 + 1) ** 2 - 3 ** 2) / 1      # rise over run
''', False, 'a difference quotient with step 1 is not the derivative: it gives 7, the slope 2x at 3 is 6',
           ('derivative|2x|2·x|2 x|slope|limit',)),
    Answer('00.warmup', 'tape-without-watch', r'''
x = tf.constant(3.0)
with tf.GradientTape() as tape:
    y = x ** 2
answer = tape.gradient(y, x)
''', False, 'the tape did not watch the constant x, so tape.gradient returned None',
           ('None|watch',)),
    Answer('00.warmup', 'print-returns-none', r'''
answer = print(2 * 3)   # shows 6
''', False, 'print shows 6 but returns None: answer is None, not a number',
           ('None|number',)),
    # ---- set holdout
    Answer('00.warmup', 'gradient from a tape', r'''
x = tf.Variable(3.0)
with tf.GradientTape() as tape:
    y = x * x
answer = tape.gradient(y, x)   # let TensorFlow do it
''', True),
    Answer('00.warmup', 'value of x squared as tensor', r'''
x = tf.constant(3.0)
answer = x ** 2
''', False, 'That is the value of x² at 3, not its derivative.',
           ('derivative|value',)),
    Answer('00.warmup', 'd/dx x^2 = x', r'''
answer = 3   # derivative of x^2 is x?
''', False, 'The power rule brings the exponent down: the derivative of x² is 2x, not x.',
           ('2x|2·x|2 x|2 * x|power rule|exponent|factor',)),
    # feedback names the concept, not the answer the author's words would give away
    Answer('00.warmup', 'exponent only', r'''
answer = 2
''', False, '2 is the exponent brought down; the derivative 2x still has to be evaluated at x = 3.',
           ('x = 3',)),
    Answer('00.warmup', 'formula as string', r'''
answer = "2x"
''', False, 'The exercise wants a number, the derivative evaluated at x = 3, not a formula.',
           ('number',)),
    Answer('00.warmup', 'derivative as a lambda', r'''
answer = lambda x: 2 * x
''', False, 'A function was given where a number is expected: evaluate 2x at x = 3.',
           ('number|function|evaluate',)),
    # ---- set i
    Answer('00.warmup', 'polyder-of-coefficients', r'''
answer = float(np.polyval(np.polyder([1, 0, 0]), 3))   # d/dx of x**2 via numpy, evaluated at 3
''', True),
    Answer('00.warmup', 'tape-then-python-float', r'''
x = tf.constant(3.0)
with tf.GradientTape() as tape:
    tape.watch(x)
    y = x ** 2
answer = tape.gradient(y, x).numpy().item()
''', True),
    Answer('00.warmup', 'value-not-derivative', r'''
answer = 3 ** 2
''', False, '9 is the value of x² at 3, not its derivative',
           ('value',)),
    Answer('00.warmup', 'placeholder-left', r'''
answer = ...   # your answer here
''', False, 'the placeholder is still there: replace ... with a number',
           ('attempt',)),
    Answer('00.warmup', 'sign-flipped', r'''
answer = -2 * 3
''', False, 'the slope of x² at 3 is positive; check the sign',
           ('sign',)),
    Answer('00.warmup', 'a-function-not-a-number', r'''
answer = lambda x: 2 * x     # the derivative of x**2
''', False, 'that is the derivative as a function; evaluate it at x = 3 and give a number',
           ('number',)),
    Answer('00.warmup', 'evaluated-at-example-x2', r'''
answer = 2 * 2   # 2x, like the x = 2 example above
''', False, 'evaluated at x = 2 (the setup example), the exercise asks at x = 3',
           ('x = 3|x=3|at 3|x = 2|x=2|at 2',)),
    # ---- set k
    Answer('00.warmup', 'tape-then-float', r'''
x = tf.Variable(3.0)                 # a Variable is watched automatically
with tf.GradientTape() as tape:
    y = x * x
answer = float(tape.gradient(y, x))  # let TensorFlow do it, then make it a plain number
''', True),
    Answer('00.warmup', 'tape-constant-not-watched', r'''
x = tf.constant(3.0)
with tf.GradientTape() as tape:
    y = x ** 2
answer = tape.gradient(y, x)     # I think this gives 6?
''', False, 'A constant is not watched, so tape.gradient returns None: call tape.watch(x) (or just give the number 6).',
           ('None|watch',)),
    Answer('00.warmup', 'tf1-gradients-eager', r'''
# from a StackOverflow answer
x = tf.constant(3.0)
y = x ** 2
answer = tf.compat.v1.gradients(y, x)[0]
''', False, 'tf.gradients is TensorFlow 1 graph code and fails when running eagerly; use tf.GradientTape, or just give 2·3 = 6.',
           ('GradientTape|eager',)),
    Answer('00.warmup', 'value-and-derivative-tuple', r'''
value = 3 ** 2
derivative = 2 * 3
answer = (derivative, value)    # both, so I can see them
''', False, "The answer is one number, the derivative; don't pass a tuple with the value as well.",
           ('one number|single|tuple|two',)),
    Answer('00.warmup', 'copied-cube-example', r'''
x = tf.constant(3.0)
with tf.GradientTape() as tape:
    tape.watch(x)
    y = x ** 3          # same as the cell above
answer = tape.gradient(y, x).numpy()
''', False, 'That differentiates x³ (copied from the environment check), not x².',
           ('x³|x^3|x**3|cube',)),
    Answer('00.warmup', 'derivative-as-function', r'''
def derivative(x):
    return 2 * x
answer = derivative     # the derivative of x^2 is 2x
''', False, "The exercise wants the derivative's value at x = 3, a number, not the function 2x.",
           ('number|function|callable',)),
    # ---- set m
    Answer('00.warmup', 'tape-float64-item', r'''
three = tf.constant(3.0, dtype=tf.float64)
with tf.GradientTape() as t:
    t.watch(three)
    sq = three * three
answer = t.gradient(sq, three).numpy().item()
''', True),
    Answer('00.warmup', 'golfed-value', r'''
answer=3**2
''', False, '9 is the value of x² at 3, not its derivative.',
           ('derivative',)),
    Answer('00.warmup', 'kept-exponent', r'''
answer = 2 * 3 ** 2   # bring the 2 down ... and keep the square
''', False, 'Power rule: the exponent drops by one after it comes down in front.',
           ('exponent|power',)),
    Answer('00.warmup', 'point-from-setup-cell', r'''
x_setup = 2.0            # the point the environment check used
answer = float(2 * x_setup)
''', False, 'That is the derivative at x = 2; the question asks at x = 3.',
           ('x = 3|x=3|at 3|x = 2|x=2',)),
    Answer('00.warmup', 'string', r'''
answer = "6"
''', False, 'The answer must be a number, not a string.',
           ('number|string|str',)),
    # ---- set n
    Answer('00.warmup', 'polyder of x squared', r'''
answer = float(np.polyder(np.poly1d([1, 0, 0]))(3))   # d/dx of x² is 2x, evaluated at 3
''', True),
    Answer('00.warmup', 'integer product', r'''
x = 3
answer = 2 * x
''', True),
    Answer('00.warmup', 'value not derivative', r'''
x = 3
answer = x ** 2
''', False, '9 is the value of x² at 3, not its derivative 2x',
           ('derivative',)),
    Answer('00.warmup', 'print instead of value', r'''
answer = print(2 * 3)    # 6
''', False, 'print returns None: the cell printed 6 but answer is None',
           ('none',)),
    Answer('00.warmup', 'number as a string', r'''
answer = "6"
''', False, 'the answer is the text "6", not the number 6',
           ('number|str|text',)),
    Answer('00.warmup', 'dict of point and slope', r'''
answer = {"x": 3, "dy/dx": 6}
''', False, 'answer should be just the number, not a dict',
           ('number|dict',)),
    # ---- set p
    Answer('00.warmup', 'tf1-session-placeholder', r'''
# the way my old TF1 course did it: a graph, a placeholder, a session
graph = tf.Graph()
with graph.as_default():
    x_ph = tf.compat.v1.placeholder(tf.float32, shape=())
    y_op = x_ph ** 2
    dy_dx_op = tf.compat.v1.gradients(y_op, x_ph)[0]
    with tf.compat.v1.Session(graph=graph) as sess:
        answer = float(sess.run(dy_dx_op, feed_dict={x_ph: 3.0}))
''', True),
    Answer('00.warmup', 'tf-gradients-eagerly', r'''
x = tf.constant(3.0)
y = x ** 2
answer = tf.gradients(y, x)[0]     # TF1 style, no session needed any more?
''', False, 'tf.gradients does not work eagerly in TF2; record with tf.GradientTape and call tape.gradient',
           ('GradientTape|eager',)),
    Answer('00.warmup', 'jax-grad-returns-function', r'''
def grad(f):
    """like jax.grad: returns the derivative function"""
    def df(x):
        x = tf.convert_to_tensor(x, tf.float32)
        with tf.GradientTape() as tape:
            tape.watch(x)
            y = f(x)
        return tape.gradient(y, x)
    return df

answer = grad(lambda x: x ** 2)    # d/dx x^2
''', False, 'the answer is the derivative function itself; evaluate it at x = 3 to get a number',
           ('function|callable',)),
    Answer('00.warmup', 'tnp-value-not-derivative', r'''
import tensorflow.experimental.numpy as tnp
x = tnp.asarray(3.0)
answer = float(tnp.square(x))
''', False, '9 is the value of x² at 3, not its derivative',
           ('derivative',)),
    # ---- set s
    Answer('00.warmup', 'tape-to-float', r'''
x = tf.constant(3.0)
with tf.GradientTape() as tape:
    tape.watch(x)
    y = x * x
answer = float(tape.gradient(y, x))
''', True),
    Answer('00.warmup', 'value-not-derivative', r'''
x = 3
answer = x ** 2      # d/dx of x^2 at 3
''', False, '9 is the value of x² at 3, not its derivative',
           ('derivative',)),
    Answer('00.warmup', 'second-derivative', r'''
# derivative of x^2 ... the derivative is 2, so
answer = 2
''', False, '2 is the second derivative (the slope of 2x), not the first derivative at x = 3',
           ('second',)),
    Answer('00.warmup', 'formula-string', r'''
answer = "2*x"   # derivative of x**2
''', False, 'the exercise wants a number (the derivative evaluated at x = 3), not a formula as text',
           ('number|numeric',)),
    # ---- set u
    Answer('00.warmup', 'tape-on-variable', r'''
x = tf.Variable(3.0)
with tf.GradientTape() as tape:      # variables are watched automatically
    y = x * x
answer = tape.gradient(y, x).numpy()
''', True),
    Answer('00.warmup', 'derivative-at-x-squared', r'''
x = 3
answer = 2 * x ** 2      # 2x, with x² plugged in
''', False, 'The derivative 2x must be evaluated at x = 3 itself, not at x² = 9: the answer is 2·3.',
           ('2x|2·x|2 x|2*x|x = 3|x=3',)),
    Answer('00.warmup', 'a-function-not-a-number', r'''
answer = lambda x: 2 * x      # the derivative of x²
''', False, 'The cell asks for a number (the derivative at x = 3), not the derivative as a function.',
           ('number',)),
    Answer('00.warmup', 'shrink-h-until-converged', r'''
f = lambda v: v * v
x, h = np.float32(3.0), np.float32(1.0)
estimate, previous = np.float32(np.nan), np.float32(np.inf)
with np.errstate(all="ignore"):
    for step in range(10**6):          # shrink h until the estimate stops changing
        estimate = (f(x + h) - f(x)) / h
        if abs(estimate - previous) < 1e-12 * abs(estimate):
            break
        previous, h = estimate, h / np.float32(10)
answer = float(estimate)
''', False, 'The step h shrank until x + h rounded to x and then to 0: the estimate became 0/0, NaN (and the loop never converged).',
           ('nan|not a number',)),
    # ---- set w
    Answer('00.warmup', 'tape-float-cast', r'''
from typing import Callable


def _derivative_at(f: Callable[[tf.Tensor], tf.Tensor], x0: float) -> float:
    """Evaluate df/dx at x0 with a GradientTape, in float64 for exactness.

    Returns a plain Python float so downstream code does not depend on TensorFlow types.
    """
    x = tf.constant(x0, dtype=tf.float64)
    with tf.GradientTape() as tape:
        tape.watch(x)
        y = f(x)
    g = tape.gradient(y, x)
    assert g is not None, "no gradient recorded"
    return float(g.numpy())


answer: float = _derivative_at(lambda t: t ** 2, 3.0)

# --- self-test -------------------------------------------------------------
assert abs(answer - 6.0) < 1e-12, answer
print(f"d/dx x^2 at 3 = {answer}")
''', True),
    Answer('00.warmup', 'returns-forward-value', r'''
def _evaluate(x0: float) -> float:
    """Compute the quantity of interest for f(x) = x**2 at x0.

    The tape output is unpacked defensively: if the gradient is unavailable we fall back to
    the function value so the cell never crashes.
    """
    x = tf.constant(x0, dtype=tf.float32)
    with tf.GradientTape() as tape:
        tape.watch(x)
        y = x ** 2
    result = y  # primary result of the forward pass
    return float(result.numpy())


answer = _evaluate(3.0)
print("answer:", answer)
''', False, '9 is the value of x² at 3, not its derivative',
           ('value',)),
    Answer('00.warmup', 'int-constant-tape', r'''
def compute_derivative(x0: int = 3) -> float:
    """d/dx x**2 at an integer point, using autodiff.

    Uses an integer constant since the evaluation point is an integer (exact arithmetic).
    """
    x = tf.constant(x0)                      # int32: exact
    with tf.GradientTape() as tape:
        tape.watch(x)
        y = x * x
    grad = tape.gradient(y, x)
    return float(grad)


answer = compute_derivative()
''', False, 'the tape cannot differentiate an integer tensor: its gradient is None, so float() fails',
           ('integer|int32|none',)),
    Answer('00.warmup', 'reused-env-check-cube', r'''
def derivative_at(x0: float = 3.0) -> float:
    """Derivative of the course's example function at x0, via GradientTape (float64)."""
    x = tf.constant(x0, dtype=tf.float64)
    with tf.GradientTape() as tape:
        tape.watch(x)            # constants are not watched unless asked
        y = x ** 3
    g = tape.gradient(y, x)
    g = tf.where(tf.math.is_nan(g), tf.zeros_like(g), g)   # guard against NaN
    return float(g.numpy())


answer = derivative_at(3.0)
assert answer > 0
print("dy/dx =", answer)
''', False, '27 is the derivative of x³ at 3, not of x²',
           ('x³|x^3|x**3|cube',)),
    # ---- set y
    Answer('00.warmup', 'tape-then-float', r'''
x3 = tf.constant(3.0)
with tf.GradientTape() as tape:
    tape.watch(x3)
    y3 = x3 ** 2
answer = float(tape.gradient(y3, x3))   # let TensorFlow do it, keep a plain number
''', True),
    Answer('00.warmup', 'value-as-tensor', r'''
answer = tf.constant(3.0) ** 2
''', False, 'That is the value of x² at 3 (9), not its derivative 2x at 3.',
           ('derivative',)),
    Answer('00.warmup', 'kept-the-square', r'''
answer = 2 * 3 ** 2     # d/dx x^2 = 2 x^2 ?
''', False, '18 is 2·x²: the power rule lowers the exponent by one, the derivative is 2x.',
           ('2x|2·x|2 x|2*x|2 * x|exponent|power rule',)),
    Answer('00.warmup', 'float32-finite-difference', r'''
h = np.float32(1e-6)          # small step = accurate, right?
x0 = np.float32(3.0)
answer = float(((x0 + h) ** 2 - x0 ** 2) / h)
''', False, 'A float32 finite difference with a step of 1e-6 is mostly rounding noise (5.72); give the exact derivative 2x at 3.',
           ('float32|rounding|precision|exact|finite difference',)),
]
