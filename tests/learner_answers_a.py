"""Plausible learner answers for exercises 00-04, written without reading the judges.

Each ``code`` string is executed in a fresh namespace holding what a notebook's
setup cell provides (``helpers``, ``tf``, ``np``, ``scipy`` with ``scipy.special``
and ``scipy.stats``, ``strict_custom_gradient``, ``check_gradients``,
``CustomGradientError``, ``A_5x3``) and defines the stub's variable.

Conventions:
- ``right=True``: mathematically correct and in the form the exercise asks for.
- Some wrong answers are numerically right in eager mode but break the contract
  (NumPy/SciPy on tensors, so they fail inside ``tf.function``; no custom gradient
  at all; forming the full Jacobian). Their ``mistake`` says so.
- Some wrong answers are right only for some inputs (batched vs 1-D, symmetric
  matrices, float32 vs float64, a particular batch size, x == y). Their
  ``mistake`` names the inputs on which they fail.
- Where a learner passes the RESULT of a function instead of the function, or
  ``make_f(A_5x3)`` instead of ``make_f``, the code rebinds the stub's name to
  what the learner would have passed to ``check``.
"""

from learner_answer_types import Answer


ANSWERS = [
    # ------------------------------------------------------------------ 00.warmup
    Answer(
        key="00.warmup",
        label="int 6",
        code='''
answer = 6
''',
        right=True,
    ),
    Answer(
        key="00.warmup",
        label="float from 2*x",
        code='''
answer = 2 * 3.0
''',
        right=True,
    ),
    Answer(
        key="00.warmup",
        label="gradient tape tensor",
        code='''
x = tf.constant(3.0)
with tf.GradientTape() as tape:
    tape.watch(x)
    y = x ** 2
answer = tape.gradient(y, x)
''',
        right=True,
    ),
    Answer(
        key="00.warmup",
        label="numpy float32",
        code='''
answer = np.float32(6)
''',
        right=True,
    ),
    Answer(
        key="00.warmup",
        label="value 9 instead of derivative",
        code='''
answer = 9
''',
        right=False,
        mistake="9 is x² at 3, the value of the function, not its derivative 2x",
        must_mention=("value|x²|x^2|x**2",),
    ),
    Answer(
        key="00.warmup",
        label="tape: passed y instead of the gradient",
        code='''
x = tf.constant(3.0)
with tf.GradientTape() as tape:
    tape.watch(x)
    y = x ** 2
answer = y
''',
        right=False,
        mistake="passed y = x² (9.0), the forward value, instead of tape.gradient(y, x)",
        must_mention=("value|x²|x^2|x**2",),
    ),
    Answer(
        key="00.warmup",
        label="string '6'",
        code='''
answer = "6"
''',
        right=False,
        mistake="a string, not a number: drop the quotes",
        must_mention=("string|number",),
    ),
    Answer(
        key="00.warmup",
        label="stub left unchanged (Ellipsis)",
        code='''
answer = ...   # your answer here
''',
        right=False,
        mistake="the ... placeholder was not replaced by a number",
        must_mention=("...|Ellipsis|replace",),
    ),
    Answer(
        key="00.warmup",
        label="forgot the factor 2 (answered x)",
        code='''
answer = 3
''',
        right=False,
        mistake="the derivative of x² is 2x, not x: the factor 2 is missing",
        must_mention=("2x|2·x|2 * x|2*x",),
    ),
    Answer(
        key="00.warmup",
        label="exponent only",
        code='''
answer = 2
''',
        right=False,
        mistake="2 is the exponent/coefficient; the derivative 2x still has to be evaluated at x = 3",
        must_mention=("2x|2·x|2 * x|2*x",),
    ),
    Answer(
        key="00.warmup",
        label="power rule misapplied 2*x**2",
        code='''
answer = 2 * 3 ** 2
''',
        right=False,
        mistake="power rule lowers the exponent: d/dx x² = 2x¹, not 2x²",
        must_mention=("2x|2·x|2 * x|2*x|exponent",),
    ),
    Answer(
        key="00.warmup",
        label="function instead of number",
        code='''
answer = lambda x: 2 * x
''',
        right=False,
        mistake="gave the derivative as a function; the exercise asks for its value at x = 3",
        must_mention=("number|evaluate|call|at x = 3|at 3",),
    ),
    Answer(
        key="00.warmup",
        label="list [6]",
        code='''
answer = [6]
''',
        right=False,
        mistake="a list holding the number, not the number itself",
        must_mention=("list|number",),
    ),
    Answer(
        key="00.warmup",
        label="trailing comma makes a tuple",
        code='''
answer = 6,   # your answer here
''',
        right=False,
        mistake="the trailing comma turns 6 into the tuple (6,)",
        must_mention=("tuple|comma",),
    ),

    # ------------------------------------------------------------------ 01.chain_derivative
    Answer(
        key="01.chain_derivative",
        label="int 17496",
        code='''
answer = 17496
''',
        right=True,
    ),
    Answer(
        key="01.chain_derivative",
        label="power rule 8*3**7",
        code='''
answer = 8 * 3 ** 7
''',
        right=True,
    ),
    Answer(
        key="01.chain_derivative",
        label="link-by-link product of floats",
        code='''
# links see 3, 9 and 81; local derivatives 2·81, 2·9, 2·3
answer = (2.0 * 81) * (2.0 * 9) * (2.0 * 3)
''',
        right=True,
    ),
    Answer(
        key="01.chain_derivative",
        label="0-d tensor from GradientTape",
        code='''
x = tf.constant(3.0)
with tf.GradientTape() as tape:
    tape.watch(x)
    y = ((x ** 2) ** 2) ** 2
answer = tape.gradient(y, x)
''',
        right=True,
    ),
    Answer(
        key="01.chain_derivative",
        label="numpy int64",
        code='''
answer = np.int64(17496)
''',
        right=True,
    ),
    Answer(
        key="01.chain_derivative",
        label="innermost link only",
        code='''
answer = 2 * 3
''',
        right=False,
        mistake="only the innermost link's local derivative; multiply all three links",
        must_mention=("link|chain",),
    ),
    Answer(
        key="01.chain_derivative",
        label="outermost link only",
        code='''
answer = 2 * 81
''',
        right=False,
        mistake="only the outermost link's local derivative (2·81); multiply by the other two links",
        must_mention=("link|chain",),
    ),
    Answer(
        key="01.chain_derivative",
        label="two links, innermost forgotten",
        code='''
answer = (2 * 81) * (2 * 9)
''',
        right=False,
        mistake="stopped one link early: the innermost local derivative 2·3 is missing",
        must_mention=("link|chain|innermost|2·3|2 * 3",),
    ),
    Answer(
        key="01.chain_derivative",
        label="value y = 3**8",
        code='''
answer = 3 ** 8
''',
        right=False,
        mistake="6561 is y = x⁸ itself, not dy/dx",
        must_mention=("value|x⁸|x^8|x**8",),
    ),
    Answer(
        key="01.chain_derivative",
        label="sum of local derivatives",
        code='''
answer = 2 * 3 + 2 * 9 + 2 * 81
''',
        right=False,
        mistake="the chain rule multiplies the local derivatives; they were added",
        must_mention=("multiply|product",),
    ),
    Answer(
        key="01.chain_derivative",
        label="off-by-one exponent 8*3**8",
        code='''
answer = 8 * 3 ** 8
''',
        right=False,
        mistake="d/dx x⁸ = 8x⁷; the exponent was not lowered",
        must_mention=("x⁷|x^7|x**7|3⁷|3^7|3**7|exponent|power",),
    ),
    Answer(
        key="01.chain_derivative",
        label="string '17496'",
        code='''
answer = "17496"
''',
        right=False,
        mistake="right digits, but a string: give the number",
        must_mention=("string|number",),
    ),
    Answer(
        key="01.chain_derivative",
        label="list of the three local derivatives",
        code='''
answer = [2 * 3, 2 * 9, 2 * 81]
''',
        right=False,
        mistake="listed the local derivatives instead of multiplying them into one number",
        must_mention=("multiply|product|number|list",),
    ),
    Answer(
        key="01.chain_derivative",
        label="copied the x = 2 example (1024)",
        code='''
answer = 1024
''',
        right=False,
        mistake="1024 is the notebook's worked example at x = 2; the exercise is at x = 3",
        must_mention=("x = 2|x=2|at 2|1024|x = 3|x=3",),
    ),

    # ------------------------------------------------------------------ 01.upstreams
    Answer(
        key="01.upstreams",
        label="int list",
        code='''
upstreams = [1, 162, 2916]
''',
        right=True,
    ),
    Answer(
        key="01.upstreams",
        label="computed floats",
        code='''
u1 = 1.0
u2 = u1 * 2 * 81     # outermost link saw 81
u3 = u2 * 2 * 9      # middle link saw 9
upstreams = [u1, u2, u3]
''',
        right=True,
    ),
    Answer(
        key="01.upstreams",
        label="numpy array",
        code='''
upstreams = np.array([1.0, 162.0, 2916.0])
''',
        right=True,
    ),
    Answer(
        key="01.upstreams",
        label="read off a ChainTrace",
        code='''
trace = helpers.ChainTrace()
f = trace.link("f", forward=lambda v: v ** 2, local=lambda v: 2 * v)
x = tf.constant(3.0)
with tf.GradientTape() as tape:
    tape.watch(x)
    y = f(f(f(x)))
tape.gradient(y, x)
upstreams = [float(r.upstream) for r in trace.backward]
''',
        right=True,
    ),
    Answer(
        key="01.upstreams",
        label="reversed order (innermost first)",
        code='''
upstreams = [2916, 162, 1]
''',
        right=False,
        mistake="right numbers in the wrong order: the backward pass visits the outermost call first",
        must_mention=("order|reverse|outermost",),
    ),
    Answer(
        key="01.upstreams",
        label="downstreams instead of upstreams",
        code='''
upstreams = [162, 2916, 17496]
''',
        right=False,
        mistake="these are the downstreams (what each call passes on), shifted by one from the upstreams",
        must_mention=("downstream",),
    ),
    Answer(
        key="01.upstreams",
        label="local derivatives instead",
        code='''
upstreams = [2 * 81, 2 * 9, 2 * 3]
''',
        right=False,
        mistake="these are the local derivatives, not the upstreams (products of the later links' locals)",
        must_mention=("local",),
    ),
    Answer(
        key="01.upstreams",
        label="forgot the first upstream 1",
        code='''
upstreams = [162, 2916]
''',
        right=False,
        mistake="only two numbers: the outermost call also receives an upstream, dy/dy = 1",
        must_mention=("three|3 numbers|outermost|dy/dy",),
    ),
    Answer(
        key="01.upstreams",
        label="forward values",
        code='''
upstreams = [9, 81, 6561]
''',
        right=False,
        mistake="these are the forward outputs of the three calls, not the upstream gradients",
        must_mention=("forward|value",),
    ),
    Answer(
        key="01.upstreams",
        label="copied the x = 2 trace",
        code='''
upstreams = [1, 32, 256]
''',
        right=False,
        mistake="upstreams of the notebook's worked example at x = 2; redo them for x = 3",
        must_mention=("x = 2|x=2|at 2|x = 3|x=3",),
    ),
    Answer(
        key="01.upstreams",
        label="forward-mode accumulation from the innermost call",
        code='''
# started at the input: 1, then 2*3, then 2*3 * 2*9
upstreams = [1, 6, 108]
''',
        right=False,
        mistake="accumulated from the input side (forward mode); backward starts at the outermost call with 1 and multiplies by 2·81 first",
        must_mention=("outermost|backward|order",),
    ),
    Answer(
        key="01.upstreams",
        label="stub left unchanged [...]",
        code='''
upstreams = [...]   # three numbers
''',
        right=False,
        mistake="the [...] placeholder was not replaced",
        must_mention=("...|Ellipsis|replace|number",),
    ),
    Answer(
        key="01.upstreams",
        label="one string",
        code='''
upstreams = "1, 162, 2916"
''',
        right=False,
        mistake="one string instead of a list of three numbers",
        must_mention=("string|list",),
    ),

    # ------------------------------------------------------------------ 01.local_sin
    Answer(
        key="01.local_sin",
        label="def with tf.cos",
        code='''
def local_sin(x):
    return tf.cos(x)
''',
        right=True,
    ),
    Answer(
        key="01.local_sin",
        label="lambda with tf.math.cos",
        code='''
local_sin = lambda x: tf.math.cos(x)
''',
        right=True,
    ),
    Answer(
        key="01.local_sin",
        label="the op itself",
        code='''
local_sin = tf.cos
''',
        right=True,
    ),
    Answer(
        key="01.local_sin",
        label="phase-shifted sine",
        code='''
def local_sin(x):
    # cos x = sin(x + pi/2)
    return tf.sin(x + np.pi / 2)
''',
        right=True,
    ),
    Answer(
        key="01.local_sin",
        label="typo tf.cosine",
        code='''
def local_sin(x):
    return tf.cosine(x)
''',
        right=False,
        mistake="tf.cosine does not exist (AttributeError): the op is tf.cos or tf.math.cos",
        must_mention=("tf.cos",),
    ),
    Answer(
        key="01.local_sin",
        label="cos without tf.",
        code='''
def local_sin(x):
    return cos(x)
''',
        right=False,
        mistake="NameError: cos is not defined; use tf.cos",
        must_mention=("tf.cos",),
    ),
    Answer(
        key="01.local_sin",
        label="returns sin (forward value)",
        code='''
def local_sin(x):
    return tf.sin(x)
''',
        right=False,
        mistake="returns sin x, the link's forward value; its local derivative is cos x",
        must_mention=("cos",),
    ),
    Answer(
        key="01.local_sin",
        label="minus sin (derivative of cos)",
        code='''
def local_sin(x):
    return -tf.sin(x)
''',
        right=False,
        mistake="-sin x is the derivative of cos, not of sin; d/dx sin x = cos x",
        must_mention=("cos",),
    ),
    Answer(
        key="01.local_sin",
        label="wrong sign -cos",
        code='''
def local_sin(x):
    return -tf.cos(x)
''',
        right=False,
        mistake="sign error: d/dx sin x = +cos x",
        must_mention=("sign",),
    ),
    Answer(
        key="01.local_sin",
        label="np.cos",
        code='''
def local_sin(x):
    return np.cos(x)
''',
        right=False,
        mistake="NumPy's cos returns a NumPy array (and fails on symbolic tensors in tf.function); use TensorFlow ops",
        must_mention=("NumPy|TensorFlow op|tf.cos",),
    ),
    Answer(
        key="01.local_sin",
        label="forgot return",
        code='''
def local_sin(x):
    tf.cos(x)
''',
        right=False,
        mistake="the function computes cos but returns None: add return",
        must_mention=("return|None",),
    ),
    Answer(
        key="01.local_sin",
        label="cast to float32",
        code='''
def local_sin(x):
    return tf.cos(tf.cast(x, tf.float32))
''',
        right=False,
        mistake="casts the float64 input to float32, so the result has the wrong dtype and loses precision",
        must_mention=("float64|dtype|float32",),
    ),
    Answer(
        key="01.local_sin",
        label=".numpy() on the result",
        code='''
def local_sin(x):
    return tf.cos(x).numpy()
''',
        right=False,
        mistake=".numpy() turns the result into a NumPy array and fails inside tf.function; return the tensor",
        must_mention=("numpy|tensor",),
    ),
    Answer(
        key="01.local_sin",
        label="math.cos",
        code='''
import math

def local_sin(x):
    return math.cos(x)
''',
        right=False,
        mistake="math.cos works only on Python scalars (fails on vectors and in tf.function) and returns a float; use tf.cos",
        must_mention=("tf.cos|TensorFlow|math.cos",),
    ),
    Answer(
        key="01.local_sin",
        label="hard-coded cos(0.5)",
        code='''
def local_sin(x):
    return tf.constant(0.8775825618903728, dtype=tf.float64)   # cos(0.5) from the trace above
''',
        right=False,
        mistake="a constant (cos 0.5) right only at x = 0.5; the derivative must depend on x",
        must_mention=("constant|depend|0.5",),
    ),
    Answer(
        key="01.local_sin",
        label="custom-gradient sin instead of its derivative",
        code='''
@tf.custom_gradient
def local_sin(x):
    def grad(upstream):
        return upstream * tf.cos(x)
    return tf.sin(x), grad
''',
        right=False,
        mistake="wrote a whole sin link with a custom gradient; local_sin should return the local derivative cos x",
        must_mention=("cos|derivative",),
    ),
    Answer(
        key="01.local_sin",
        label="a tensor instead of a function",
        code='''
x = tf.constant(0.5, dtype=tf.float64)
local_sin = tf.cos(x)
''',
        right=False,
        mistake="passed a value (cos of one x) instead of a function of x",
        must_mention=("function|callable",),
    ),

    # ------------------------------------------------------------------ 02.x_sin_x
    Answer(
        key="02.x_sin_x",
        label="strict, tf.sin + x tf.cos",
        code='''
@strict_custom_gradient
def x_sin_x(x):
    def grad(upstream):
        return upstream * (tf.sin(x) + x * tf.cos(x))
    return x * tf.sin(x), grad
''',
        right=True,
    ),
    Answer(
        key="02.x_sin_x",
        label="tf.custom_gradient, tf.math ops computed before grad",
        code='''
@tf.custom_gradient
def x_sin_x(x):
    s = tf.math.sin(x)
    c = tf.math.cos(x)
    def grad(upstream):
        return upstream * (s + x * c)
    return x * s, grad
''',
        right=True,
    ),
    Answer(
        key="02.x_sin_x",
        label="lambda grad, terms distributed",
        code='''
@strict_custom_gradient
def x_sin_x(x):
    return x * tf.sin(x), lambda dy: dy * tf.sin(x) + dy * x * tf.cos(x)
''',
        right=True,
    ),
    Answer(
        key="02.x_sin_x",
        label="numpy sin inside grad",
        code='''
@strict_custom_gradient
def x_sin_x(x):
    def grad(upstream):
        return upstream * (np.sin(x) + x * np.cos(x))
    return x * tf.sin(x), grad
''',
        right=False,
        mistake="NumPy functions inside grad instead of TensorFlow ops (breaks inside tf.function)",
        must_mention=("NumPy",),
    ),
    Answer(
        key="02.x_sin_x",
        label="forgot upstream",
        code='''
@strict_custom_gradient
def x_sin_x(x):
    def grad(upstream):
        return tf.sin(x) + x * tf.cos(x)
    return x * tf.sin(x), grad
''',
        right=False,
        mistake="returns the local derivative only; multiply it by upstream",
        must_mention=("upstream",),
    ),
    Answer(
        key="02.x_sin_x",
        label="product rule: sin term missing",
        code='''
@strict_custom_gradient
def x_sin_x(x):
    def grad(upstream):
        return upstream * x * tf.cos(x)
    return x * tf.sin(x), grad
''',
        right=False,
        mistake="product rule: the derivative of the factor x gives a sin x term that is missing",
        must_mention=("product rule|sin",),
    ),
    Answer(
        key="02.x_sin_x",
        label="product rule: x cos term missing",
        code='''
@strict_custom_gradient
def x_sin_x(x):
    def grad(upstream):
        return upstream * tf.sin(x)
    return x * tf.sin(x), grad
''',
        right=False,
        mistake="treated x as a constant factor: the x·cos x term of the product rule is missing",
        must_mention=("product rule|cos",),
    ),
    Answer(
        key="02.x_sin_x",
        label="forgot the x in x cos x",
        code='''
@strict_custom_gradient
def x_sin_x(x):
    def grad(upstream):
        return upstream * (tf.sin(x) + tf.cos(x))
    return x * tf.sin(x), grad
''',
        right=False,
        mistake="second term should be x·cos x, not cos x (right only at x = 1)",
        must_mention=("x·cos|x * cos|x cos|x*cos|product rule",),
    ),
    Answer(
        key="02.x_sin_x",
        label="minus instead of plus",
        code='''
@strict_custom_gradient
def x_sin_x(x):
    def grad(upstream):
        return upstream * (tf.sin(x) - x * tf.cos(x))
    return x * tf.sin(x), grad
''',
        right=False,
        mistake="sign error: d/dx (x sin x) = sin x + x cos x",
        must_mention=("sign|minus",),
    ),
    Answer(
        key="02.x_sin_x",
        label="typo tf.cosine",
        code='''
@strict_custom_gradient
def x_sin_x(x):
    def grad(upstream):
        return upstream * (tf.sin(x) + x * tf.cosine(x))
    return x * tf.sin(x), grad
''',
        right=False,
        mistake="tf.cosine does not exist (AttributeError when grad runs); use tf.cos",
        must_mention=("tf.cos",),
    ),
    Answer(
        key="02.x_sin_x",
        label="cos without tf.",
        code='''
@strict_custom_gradient
def x_sin_x(x):
    def grad(upstream):
        return upstream * (tf.sin(x) + x * cos(x))
    return x * tf.sin(x), grad
''',
        right=False,
        mistake="NameError: cos is not defined; use tf.cos",
        must_mention=("tf.cos",),
    ),
    Answer(
        key="02.x_sin_x",
        label="two product-rule terms returned separately",
        code='''
@strict_custom_gradient
def x_sin_x(x):
    def grad(upstream):
        return upstream * tf.sin(x), upstream * x * tf.cos(x)
    return x * tf.sin(x), grad
''',
        right=False,
        mistake="returns the two product-rule terms as two gradients; x is one input, so add them",
        must_mention=("add|sum|single|1 input",),
    ),
    Answer(
        key="02.x_sin_x",
        label="forward value times upstream",
        code='''
@strict_custom_gradient
def x_sin_x(x):
    def grad(upstream):
        return upstream * x * tf.sin(x)
    return x * tf.sin(x), grad
''',
        right=False,
        mistake="grad multiplies upstream by the forward value x sin x instead of its derivative",
        must_mention=("derivative|forward",),
    ),
    Answer(
        key="02.x_sin_x",
        label="upstream added, not multiplied",
        code='''
@strict_custom_gradient
def x_sin_x(x):
    def grad(upstream):
        return upstream + tf.sin(x) + x * tf.cos(x)
    return x * tf.sin(x), grad
''',
        right=False,
        mistake="upstream must multiply the local derivative, not be added to it",
        must_mention=("multiply|times",),
    ),
    Answer(
        key="02.x_sin_x",
        label="decorator forgotten",
        code='''
def x_sin_x(x):
    def grad(upstream):
        return upstream * (tf.sin(x) + x * tf.cos(x))
    return x * tf.sin(x), grad
''',
        right=False,
        mistake="without @strict_custom_gradient the function just returns the pair (y, grad)",
        must_mention=("decorator|custom_gradient|@",),
    ),
    Answer(
        key="02.x_sin_x",
        label="plain autodiff, no custom gradient",
        code='''
def x_sin_x(x):
    return x * tf.sin(x)
''',
        right=False,
        mistake="no custom gradient at all: TensorFlow's autodiff does the work the exercise asks you to write",
        must_mention=("custom_gradient|custom gradient|decorator|grad",),
    ),
    Answer(
        key="02.x_sin_x",
        label="passed the result x_sin_x(x)",
        code='''
@strict_custom_gradient
def x_sin_x(x):
    def grad(upstream):
        return upstream * (tf.sin(x) + x * tf.cos(x))
    return x * tf.sin(x), grad

x_sin_x = x_sin_x(tf.constant(2.0))    # i.e. check("02.x_sin_x", x_sin_x(x))
''',
        right=False,
        mistake="passed the tensor x_sin_x(2.0) instead of the function x_sin_x",
        must_mention=("function|callable",),
    ),

    # ------------------------------------------------------------------ 02.stable_log1pexp
    Answer(
        key="02.stable_log1pexp",
        label="hint forward, sigmoid grad",
        code='''
@strict_custom_gradient
def stable_log1pexp(x):
    y = tf.maximum(x, 0.0) + tf.math.log1p(tf.exp(-tf.abs(x)))
    def grad(upstream):
        return upstream * tf.sigmoid(x)
    return y, grad
''',
        right=True,
    ),
    Answer(
        key="02.stable_log1pexp",
        label="softplus forward, tf.math.sigmoid grad",
        code='''
@tf.custom_gradient
def stable_log1pexp(x):
    def grad(upstream):
        return upstream * tf.math.sigmoid(x)
    return tf.math.softplus(x), grad
''',
        # Written when the prompt allowed it; the prompt now asks for the stable formula without softplus.
        right=False,
        mistake="Right values, but the exercise asks for the stable formula written without tf.math.softplus.",
        must_mention=("softplus",),
    ),
    Answer(
        key="02.stable_log1pexp",
        label="tf.where branches on the sign",
        code='''
@strict_custom_gradient
def stable_log1pexp(x):
    e = tf.exp(-tf.abs(x))                 # in (0, 1]: never overflows
    y = tf.maximum(x, 0) + tf.math.log1p(e)
    def grad(upstream):
        # sigmoid(x) = 1/(1+e^-x) for x >= 0, e^x/(1+e^x) for x < 0
        return upstream * tf.where(x >= 0, 1 / (1 + e), e / (1 + e))
    return y, grad
''',
        right=True,
    ),
    Answer(
        key="02.stable_log1pexp",
        label="hint taken literally: log(1 + e) not log1p",
        code='''
@strict_custom_gradient
def stable_log1pexp(x):
    y = tf.maximum(x, 0.0) + tf.math.log(1.0 + tf.exp(-tf.abs(x)))
    def grad(upstream):
        return upstream * tf.nn.sigmoid(x)
    return y, grad
''',
        # For x < about -17 the forward rounds log(1 + tiny) to 0 in float32 (true value ~e^x < 4e-8):
        # absolute error < 1e-7, relative error 100 %. The prompt asks for relative precision of both.
        right=False,
        mistake="log(1 + t) rounds 1 + t to 1 for tiny t: the forward is 0 at x = -30; log1p keeps it.",
        must_mention=("precision|log1p|round",),
    ),
    Answer(
        key="02.stable_log1pexp",
        label="stable forward, API grad 1 - 1/(1+e^x)",
        code='''
@strict_custom_gradient
def stable_log1pexp(x):
    y = tf.maximum(x, 0.0) + tf.math.log1p(tf.exp(-tf.abs(x)))
    def grad(upstream):
        return upstream * (1 - 1 / (1 + tf.exp(x)))    # the documentation's stable gradient
    return y, grad
''',
        # Written as right (borderline) when the exercise asked for float32 accuracy only; the exercise now
        # also asks the gradient to keep its relative precision for negative x, which this form loses.
        right=False,
        mistake="for x < about -17 the gradient rounds to 0 in float32 (relative error 100 %): cancellation",
        must_mention=("precision|cancel|almost equal|rounding",),
    ),
    Answer(
        key="02.stable_log1pexp",
        label="copied the documentation's version",
        code='''
@strict_custom_gradient
def stable_log1pexp(x):
    e = tf.exp(x)
    def grad(upstream):
        return upstream * (1 - 1 / (1 + e))
    return tf.math.log(1 + e), grad
''',
        right=False,
        mistake="forward log(1 + e^x) still overflows to inf from x = 89 on: use the hint's max(x,0) + log(1+e^-|x|)",
        must_mention=("overflow|inf",),
    ),
    Answer(
        key="02.stable_log1pexp",
        label="log1p(exp(x)) still overflows",
        code='''
@strict_custom_gradient
def stable_log1pexp(x):
    def grad(upstream):
        return upstream * tf.sigmoid(x)
    return tf.math.log1p(tf.exp(x)), grad
''',
        right=False,
        mistake="log1p does not help: exp(x) itself overflows to inf from x = 89, so the forward is inf",
        must_mention=("overflow|inf",),
    ),
    Answer(
        key="02.stable_log1pexp",
        label="Python max on a tensor",
        code='''
@strict_custom_gradient
def stable_log1pexp(x):
    y = max(x, 0) + tf.math.log1p(tf.exp(-tf.abs(x)))
    def grad(upstream):
        return upstream * tf.sigmoid(x)
    return y, grad
''',
        right=False,
        mistake="Python max compares tensors as booleans: works for one eager scalar, fails for vectors and in tf.function; use tf.maximum",
        must_mention=("tf.maximum",),
    ),
    Answer(
        key="02.stable_log1pexp",
        label="Python if on the sign",
        code='''
@strict_custom_gradient
def stable_log1pexp(x):
    if x > 0:
        y = x + tf.math.log1p(tf.exp(-x))
    else:
        y = tf.math.log1p(tf.exp(x))
    def grad(upstream):
        return upstream * tf.sigmoid(x)
    return y, grad
''',
        right=False,
        mistake="a Python if on a tensor fails for vectors (ambiguous truth value) and in tf.function; use tf.maximum/tf.abs or tf.where",
        must_mention=("tf.where|tf.maximum",),
    ),
    Answer(
        key="02.stable_log1pexp",
        label="stable forward, naive grad e^x/(1+e^x)",
        code='''
@strict_custom_gradient
def stable_log1pexp(x):
    y = tf.maximum(x, 0.0) + tf.math.log1p(tf.exp(-tf.abs(x)))
    def grad(upstream):
        return upstream * tf.exp(x) / (1 + tf.exp(x))
    return y, grad
''',
        right=False,
        mistake="gradient e^x/(1+e^x) is inf/inf = NaN from x = 89 on; use sigmoid(x) or a form that cannot overflow",
        must_mention=("NaN|overflow|inf",),
    ),
    Answer(
        key="02.stable_log1pexp",
        label="forgot upstream",
        code='''
@strict_custom_gradient
def stable_log1pexp(x):
    y = tf.maximum(x, 0.0) + tf.math.log1p(tf.exp(-tf.abs(x)))
    def grad(upstream):
        return tf.sigmoid(x)
    return y, grad
''',
        right=False,
        mistake="returns the local derivative sigmoid(x) without multiplying by upstream",
        must_mention=("upstream",),
    ),
    Answer(
        key="02.stable_log1pexp",
        label="forgot the abs in the hint",
        code='''
@strict_custom_gradient
def stable_log1pexp(x):
    y = tf.maximum(x, 0.0) + tf.math.log1p(tf.exp(-x))
    def grad(upstream):
        return upstream * tf.sigmoid(x)
    return y, grad
''',
        right=False,
        mistake="exp(-x) without the absolute value overflows for x <= -89, and the formula is wrong for x < 0",
        must_mention=("abs|inf|overflow|negative",),
    ),
    Answer(
        key="02.stable_log1pexp",
        label="grad sigmoid(-|x|) from differentiating only the log term",
        code='''
@strict_custom_gradient
def stable_log1pexp(x):
    e = tf.exp(-tf.abs(x))
    y = tf.maximum(x, 0.0) + tf.math.log1p(e)
    def grad(upstream):
        return upstream * e / (1 + e)
    return y, grad
''',
        right=False,
        mistake="e^-|x|/(1+e^-|x|) is sigmoid(-|x|): right for x < 0, but for x > 0 the max term's derivative (1) and the sign of d|x|/dx are missing",
        must_mention=("positive|x > 0|sigmoid|max",),
    ),
    Answer(
        key="02.stable_log1pexp",
        label="sigmoid(-x): sign flipped",
        code='''
@strict_custom_gradient
def stable_log1pexp(x):
    y = tf.math.softplus(x)
    def grad(upstream):
        return upstream * tf.sigmoid(-x)
    return y, grad
''',
        right=False,
        mistake="d/dx log(1+e^x) = sigmoid(x), not sigmoid(-x)",
        must_mention=("sign|sigmoid(x)|σ(x)",),
    ),
    Answer(
        key="02.stable_log1pexp",
        label="grad returns the forward value",
        code='''
@strict_custom_gradient
def stable_log1pexp(x):
    y = tf.maximum(x, 0.0) + tf.math.log1p(tf.exp(-tf.abs(x)))
    def grad(upstream):
        return upstream * y
    return y, grad
''',
        right=False,
        mistake="grad multiplies upstream by y itself instead of the derivative sigmoid(x)",
        must_mention=("derivative|sigmoid",),
    ),
    Answer(
        key="02.stable_log1pexp",
        label="plain tf.math.softplus, no custom gradient",
        code='''
def stable_log1pexp(x):
    return tf.math.softplus(x)
''',
        right=False,
        mistake="no custom gradient: the exercise asks you to write the stable forward and its gradient",
        must_mention=("custom_gradient|custom gradient|decorator|grad",),
    ),
    Answer(
        key="02.stable_log1pexp",
        label="NumPy forward",
        code='''
@strict_custom_gradient
def stable_log1pexp(x):
    y = np.maximum(x, 0) + np.log1p(np.exp(-np.abs(x)))
    def grad(upstream):
        return upstream * tf.sigmoid(x)
    return y, grad
''',
        right=False,
        mistake="NumPy in the forward pass: works eagerly by accident but fails inside tf.function; use tf ops",
        must_mention=("NumPy",),
    ),
    Answer(
        key="02.stable_log1pexp",
        label="float64 zero in tf.maximum",
        code='''
@strict_custom_gradient
def stable_log1pexp(x):
    zero = tf.constant(0.0, dtype=tf.float64)
    y = tf.maximum(x, zero) + tf.math.log1p(tf.exp(-tf.abs(x)))
    def grad(upstream):
        return upstream * tf.sigmoid(x)
    return y, grad
''',
        right=False,
        mistake="a float64 constant mixed with float32 x: TensorFlow refuses to mix dtypes; use 0.0 or tf.zeros_like(x)",
        must_mention=("float64|dtype",),
    ),

    # ------------------------------------------------------------------ 02.multiply
    Answer(
        key="02.multiply",
        label="strict, tuple",
        code='''
@strict_custom_gradient
def multiply(x, y):
    def grad(upstream):
        return upstream * y, upstream * x
    return x * y, grad
''',
        right=True,
    ),
    Answer(
        key="02.multiply",
        label="tf.custom_gradient, lambda returning a list",
        code='''
@tf.custom_gradient
def multiply(x, y):
    return x * y, lambda dz: [dz * y, dz * x]
''',
        right=True,
    ),
    Answer(
        key="02.multiply",
        label="tf.multiply everywhere",
        code='''
@strict_custom_gradient
def multiply(x, y):
    z = tf.multiply(x, y)
    def grad(upstream):
        dx = tf.multiply(upstream, y)
        dy = tf.multiply(upstream, x)
        return dx, dy
    return z, grad
''',
        right=True,
    ),
    Answer(
        key="02.multiply",
        label="gradients swapped",
        code='''
@strict_custom_gradient
def multiply(x, y):
    def grad(upstream):
        return upstream * x, upstream * y
    return x * y, grad
''',
        right=False,
        mistake="dz/dx = y and dz/dy = x: the two gradients are swapped (right only when x == y)",
        must_mention=("swap|order",),
    ),
    Answer(
        key="02.multiply",
        label="forgot upstream",
        code='''
@strict_custom_gradient
def multiply(x, y):
    def grad(upstream):
        return y, x
    return x * y, grad
''',
        right=False,
        mistake="local derivatives returned without multiplying by upstream",
        must_mention=("upstream",),
    ),
    Answer(
        key="02.multiply",
        label="one tensor upstream*x*y",
        code='''
@strict_custom_gradient
def multiply(x, y):
    def grad(upstream):
        return upstream * x * y
    return x * y, grad
''',
        right=False,
        mistake="one tensor for two inputs: return one gradient per input, (upstream*y, upstream*x)",
        must_mention=("two|2 input|each input|one per input",),
    ),
    Answer(
        key="02.multiply",
        label="upstream times a tuple",
        code='''
@strict_custom_gradient
def multiply(x, y):
    def grad(upstream):
        return upstream * (y, x)
    return x * y, grad
''',
        right=False,
        mistake="upstream * (y, x) stacks the tuple into one tensor; multiply each entry separately and return a tuple",
        must_mention=("tuple|two|2 input|each input|one per input",),
    ),
    Answer(
        key="02.multiply",
        label="only dL/dx",
        code='''
@strict_custom_gradient
def multiply(x, y):
    def grad(upstream):
        return upstream * y
    return x * y, grad
''',
        right=False,
        mistake="only the gradient for x; y needs one too",
        must_mention=("two|2 input|each input|one per input|dL/dy",),
    ),
    Answer(
        key="02.multiply",
        label="forward value as gradient",
        code='''
@strict_custom_gradient
def multiply(x, y):
    def grad(upstream):
        return upstream * x * y, upstream * x * y
    return x * y, grad
''',
        right=False,
        mistake="uses the product x·y itself instead of the partial derivatives y and x",
        must_mention=("derivative|forward",),
    ),
    Answer(
        key="02.multiply",
        label="decorator forgotten",
        code='''
def multiply(x, y):
    def grad(upstream):
        return upstream * y, upstream * x
    return x * y, grad
''',
        right=False,
        mistake="without the decorator multiply returns the pair (z, grad) and has no custom gradient",
        must_mention=("decorator|custom_gradient|@",),
    ),
    Answer(
        key="02.multiply",
        label="forgot to return grad",
        code='''
@strict_custom_gradient
def multiply(x, y):
    def grad(upstream):
        return upstream * y, upstream * x
    return x * y
''',
        right=False,
        mistake="the decorated function must return the pair (z, grad); it returns only z",
        must_mention=("pair|(y, grad)|(z, grad)|return grad|two things",),
    ),
    Answer(
        key="02.multiply",
        label="float64 constant times upstream",
        code='''
@strict_custom_gradient
def multiply(x, y):
    def grad(upstream):
        one = tf.constant(1.0, dtype=tf.float64)
        return one * upstream * y, one * upstream * x
    return x * y, grad
''',
        right=False,
        mistake="mixing a float64 constant with float32 tensors raises; keep the input's dtype",
        must_mention=("float64|dtype",),
    ),

    # ------------------------------------------------------------------ 03.softmax_vjp
    Answer(
        key="03.softmax_vjp",
        label="s * (u - <u,s>) keepdims",
        code='''
@strict_custom_gradient
def softmax(z):
    s = tf.nn.softmax(z)
    def grad(upstream):
        return s * (upstream - tf.reduce_sum(upstream * s, axis=-1, keepdims=True))
    return s, grad
''',
        right=True,
    ),
    Answer(
        key="03.softmax_vjp",
        label="tf.custom_gradient, su - s*sum(su)",
        code='''
@tf.custom_gradient
def softmax(z):
    s = tf.nn.softmax(z)
    def grad(upstream):
        su = s * upstream
        return su - s * tf.reduce_sum(su, -1, keepdims=True)
    return s, grad
''',
        right=True,
    ),
    Answer(
        key="03.softmax_vjp",
        label="einsum dot with newaxis",
        code='''
@strict_custom_gradient
def softmax(z):
    s = tf.nn.softmax(z, axis=-1)
    def grad(upstream):
        dot = tf.einsum("...i,...i->...", upstream, s)
        return upstream * s - s * dot[..., tf.newaxis]
    return s, grad
''',
        right=True,
    ),
    Answer(
        key="03.softmax_vjp",
        label="diagonal only",
        code='''
@strict_custom_gradient
def softmax(z):
    s = tf.nn.softmax(z)
    def grad(upstream):
        return upstream * s * (1 - s)
    return s, grad
''',
        right=False,
        mistake="uses only the diagonal s(1-s) of J; the off-diagonal -s_i s_j terms are missing",
        must_mention=("diagonal|off-diagonal",),
    ),
    Answer(
        key="03.softmax_vjp",
        label="zeros: the gradient of sum(softmax) is 0",
        code='''
@strict_custom_gradient
def softmax(z):
    s = tf.nn.softmax(z)
    def grad(upstream):
        # softmax sums to 1, so its derivative is zero
        return tf.zeros_like(z)
    return s, grad
''',
        right=False,
        mistake="zero is J^T·1 (the outputs always sum to 1), but for any other upstream the VJP is not zero",
        must_mention=("upstream",),
    ),
    Answer(
        key="03.softmax_vjp",
        label="forms the full Jacobian",
        code='''
@strict_custom_gradient
def softmax(z):
    s = tf.nn.softmax(z)
    def grad(upstream):
        J = tf.linalg.diag(s) - tf.tensordot(s, s, axes=0)
        return tf.linalg.matvec(J, upstream, transpose_a=True)
    return s, grad
''',
        right=False,
        mistake="builds the n×n Jacobian (O(n²) memory, and fails for batched z) although the exercise asks for the VJP without forming J",
        must_mention=("Jacobian|O(n²)|O(n^2)|without forming|form J|forming J",),
    ),
    Answer(
        key="03.softmax_vjp",
        label="forgot the leading factor s",
        code='''
@strict_custom_gradient
def softmax(z):
    s = tf.nn.softmax(z)
    def grad(upstream):
        return upstream - tf.reduce_sum(upstream * s, axis=-1, keepdims=True)
    return s, grad
''',
        right=False,
        mistake="J^T u = s ⊙ (u - <u, s>): the elementwise factor s is missing",
        must_mention=("multiply|s ⊙|s *|times s|factor",),
    ),
    Answer(
        key="03.softmax_vjp",
        label="unweighted sum of upstream",
        code='''
@strict_custom_gradient
def softmax(z):
    s = tf.nn.softmax(z)
    def grad(upstream):
        return s * (upstream - tf.reduce_sum(upstream, axis=-1, keepdims=True))
    return s, grad
''',
        right=False,
        mistake="the subtracted term is the s-weighted sum <u, s>, not the plain sum of u",
        must_mention=("weighted|⟨u, s⟩|<u, s>|upstream * s|s * upstream|dot|inner",),
    ),
    Answer(
        key="03.softmax_vjp",
        label="sign flipped",
        code='''
@strict_custom_gradient
def softmax(z):
    s = tf.nn.softmax(z)
    def grad(upstream):
        return s * (tf.reduce_sum(upstream * s, axis=-1, keepdims=True) - upstream)
    return s, grad
''',
        right=False,
        mistake="sign error: s ⊙ (u - <u, s>), not s ⊙ (<u, s> - u)",
        must_mention=("sign",),
    ),
    Answer(
        key="03.softmax_vjp",
        label="tf.matmul on vectors",
        code='''
@strict_custom_gradient
def softmax(z):
    s = tf.nn.softmax(z)
    def grad(upstream):
        return s * (upstream - tf.matmul(upstream, s))
    return s, grad
''',
        right=False,
        mistake="tf.matmul needs matrices (rank >= 2) and raises on 1-D tensors; use tf.reduce_sum(upstream * s, axis=-1, keepdims=True)",
        must_mention=("matmul|rank|shape",),
    ),
    Answer(
        key="03.softmax_vjp",
        label="np.dot inside grad",
        code='''
@strict_custom_gradient
def softmax(z):
    s = tf.nn.softmax(z)
    def grad(upstream):
        return s * (upstream - np.dot(upstream, s))
    return s, grad
''',
        right=False,
        mistake="NumPy inside grad: works eagerly for 1-D z only, fails in tf.function (and is wrong for batches)",
        must_mention=("NumPy",),
    ),
    Answer(
        key="03.softmax_vjp",
        label="reduce_sum without axis (sums across the batch)",
        code='''
@strict_custom_gradient
def softmax(z):
    s = tf.nn.softmax(z)
    def grad(upstream):
        return s * (upstream - tf.reduce_sum(upstream * s))
    return s, grad
''',
        right=False,
        mistake="right for one vector, but for a batch of rows the sum must be per row (axis=-1, keepdims=True), not over everything",
        must_mention=("axis|batch|row",),
    ),
    Answer(
        key="03.softmax_vjp",
        label="decorator forgotten",
        code='''
def softmax(z):
    s = tf.nn.softmax(z)
    def grad(upstream):
        return s * (upstream - tf.reduce_sum(upstream * s, axis=-1, keepdims=True))
    return s, grad
''',
        right=False,
        mistake="without @strict_custom_gradient softmax returns the pair (s, grad)",
        must_mention=("decorator|custom_gradient|@",),
    ),

    # ------------------------------------------------------------------ 03.matvec
    Answer(
        key="03.matvec",
        label="matvec transpose_a",
        code='''
def make_f(A):
    @strict_custom_gradient
    def f(x):
        def grad(upstream):
            return tf.linalg.matvec(A, upstream, transpose_a=True)
        return tf.linalg.matvec(A, x), grad
    return f
''',
        right=True,
    ),
    Answer(
        key="03.matvec",
        label="tf.transpose, tf.custom_gradient",
        code='''
def make_f(A):
    @tf.custom_gradient
    def f(x):
        def grad(upstream):
            return tf.linalg.matvec(tf.transpose(A), upstream)
        return tf.linalg.matvec(A, x), grad
    return f
''',
        right=True,
    ),
    Answer(
        key="03.matvec",
        label="tensordot upstream with A",
        code='''
def make_f(A):
    @strict_custom_gradient
    def f(x):
        def grad(upstream):
            return tf.tensordot(upstream, A, axes=1)     # (upstream^T A)^T = A^T upstream
        return tf.linalg.matvec(A, x), grad
    return f
''',
        right=True,
    ),
    Answer(
        key="03.matvec",
        label="adjoint_a in a lambda",
        code='''
def make_f(A):
    @strict_custom_gradient
    def f(x):
        return tf.linalg.matvec(A, x), lambda u: tf.linalg.matvec(A, u, adjoint_a=True)
    return f
''',
        right=True,
    ),
    Answer(
        key="03.matvec",
        label="hard-coded A_5x3 in grad",
        code='''
def make_f(A):
    @strict_custom_gradient
    def f(x):
        def grad(upstream):
            return tf.linalg.matvec(A_5x3, upstream, transpose_a=True)
        return tf.linalg.matvec(A, x), grad
    return f
''',
        right=False,
        mistake="grad uses the global A_5x3 instead of the A given to make_f: right only for that one matrix",
        must_mention=("A_5x3|closure|hard-coded|hard coded",),
    ),
    Answer(
        key="03.matvec",
        label="hard-coded A_5x3 everywhere",
        code='''
def make_f(A):
    @strict_custom_gradient
    def f(x):
        def grad(upstream):
            return tf.linalg.matvec(A_5x3, upstream, transpose_a=True)
        return tf.linalg.matvec(A_5x3, x), grad
    return f
''',
        right=False,
        mistake="ignores make_f's argument: both forward and grad use A_5x3",
        must_mention=("A_5x3|closure|hard-coded|hard coded",),
    ),
    Answer(
        key="03.matvec",
        label="passed make_f(A_5x3) instead of make_f",
        code='''
def _make_f(A):
    @strict_custom_gradient
    def f(x):
        def grad(upstream):
            return tf.linalg.matvec(A, upstream, transpose_a=True)
        return tf.linalg.matvec(A, x), grad
    return f

make_f = _make_f(A_5x3)     # i.e. check("03.matvec", make_f(A_5x3))
''',
        right=False,
        mistake="passed the function f built for A_5x3 instead of the factory make_f",
        must_mention=("make_f|factory",),
    ),
    Answer(
        key="03.matvec",
        label="forgot transpose_a",
        code='''
def make_f(A):
    @strict_custom_gradient
    def f(x):
        def grad(upstream):
            return tf.linalg.matvec(A, upstream)
        return tf.linalg.matvec(A, x), grad
    return f
''',
        right=False,
        mistake="A·upstream has incompatible shapes (A is 5×3, upstream has 5 entries): the VJP is Aᵀ·upstream",
        must_mention=("transpose|Aᵀ|A^T",),
    ),
    Answer(
        key="03.matvec",
        label="typo tf.transpose_a",
        code='''
def make_f(A):
    @strict_custom_gradient
    def f(x):
        def grad(upstream):
            return tf.linalg.matvec(tf.transpose_a(A), upstream)
        return tf.linalg.matvec(A, x), grad
    return f
''',
        right=False,
        mistake="tf.transpose_a does not exist (AttributeError): use tf.transpose(A) or matvec(..., transpose_a=True)",
        must_mention=("tf.transpose|transpose_a=True",),
    ),
    Answer(
        key="03.matvec",
        label="x instead of upstream",
        code='''
def make_f(A):
    @strict_custom_gradient
    def f(x):
        def grad(upstream):
            return tf.linalg.matvec(A, x, transpose_a=True)
        return tf.linalg.matvec(A, x), grad
    return f
''',
        right=False,
        mistake="multiplies Aᵀ by x (wrong length, raises) instead of by upstream",
        must_mention=("upstream",),
    ),
    Answer(
        key="03.matvec",
        label="ignores upstream: column sums",
        code='''
def make_f(A):
    @strict_custom_gradient
    def f(x):
        def grad(upstream):
            return tf.reduce_sum(A, axis=0)        # d(sum Ax)/dx
        return tf.linalg.matvec(A, x), grad
    return f
''',
        right=False,
        mistake="column sums of A are Aᵀ·1, the gradient of sum(Ax); for a general upstream it must be Aᵀ·upstream",
        must_mention=("upstream",),
    ),
    Answer(
        key="03.matvec",
        label="returns J = A itself",
        code='''
def make_f(A):
    @strict_custom_gradient
    def f(x):
        def grad(upstream):
            return A
        return tf.linalg.matvec(A, x), grad
    return f
''',
        right=False,
        mistake="returns the Jacobian A (5×3) instead of the vector Jᵀ·upstream (shape of x)",
        must_mention=("Jᵀ|J^T|transpose|upstream",),
    ),
    Answer(
        key="03.matvec",
        label=".numpy() matrix product",
        code='''
def make_f(A):
    @strict_custom_gradient
    def f(x):
        def grad(upstream):
            return A.numpy().T @ upstream.numpy()
        return tf.linalg.matvec(A, x), grad
    return f
''',
        right=False,
        mistake=".numpy() and NumPy's @ inside grad: works eagerly, fails inside tf.function; use tf.linalg.matvec",
        must_mention=("NumPy",),
    ),
    Answer(
        key="03.matvec",
        label="factory forgets to return f",
        code='''
def make_f(A):
    @strict_custom_gradient
    def f(x):
        def grad(upstream):
            return tf.linalg.matvec(A, upstream, transpose_a=True)
        return tf.linalg.matvec(A, x), grad
''',
        right=False,
        mistake="make_f defines f but does not return it, so make_f(A) is None",
        must_mention=("return f|returns None|None",),
    ),
    Answer(
        key="03.matvec",
        label="decorator forgotten on f",
        code='''
def make_f(A):
    def f(x):
        def grad(upstream):
            return tf.linalg.matvec(A, upstream, transpose_a=True)
        return tf.linalg.matvec(A, x), grad
    return f
''',
        right=False,
        mistake="f is not decorated, so f(x) returns the pair (Ax, grad)",
        must_mention=("decorator|custom_gradient|@",),
    ),

    # ------------------------------------------------------------------ 03.phi_grad
    Answer(
        key="03.phi_grad",
        label="exp(-x^2/2)/sqrt(2 pi)",
        code='''
@strict_custom_gradient
def phi_tf(x):
    def grad(upstream):
        return upstream * tf.exp(-0.5 * x ** 2) / np.sqrt(2 * np.pi)
    return 0.5 * (1 + tf.math.erf(x / np.sqrt(2.0))), grad
''',
        right=True,
    ),
    Answer(
        key="03.phi_grad",
        label="tf.custom_gradient, pdf precomputed",
        code='''
@tf.custom_gradient
def phi_tf(x):
    pdf = tf.math.exp(-tf.square(x) / 2.0) * (1.0 / np.sqrt(2.0 * np.pi))
    def grad(upstream):
        return upstream * pdf
    return 0.5 * (1 + tf.math.erf(x / np.sqrt(2.0))), grad
''',
        right=True,
    ),
    Answer(
        key="03.phi_grad",
        label="chain rule through erf spelled out",
        code='''
@strict_custom_gradient
def phi_tf(x):
    def grad(upstream):
        t = x / np.sqrt(2.0)
        d_erf = 2 / np.sqrt(np.pi) * tf.exp(-t ** 2)      # erf'(t)
        return upstream * 0.5 * d_erf / np.sqrt(2.0)        # times dt/dx
    return 0.5 * (1 + tf.math.erf(x / np.sqrt(2.0))), grad
''',
        right=True,
    ),
    Answer(
        key="03.phi_grad",
        label="dtype-safe cast constant",
        code='''
@strict_custom_gradient
def phi_tf(x):
    def grad(upstream):
        c = tf.cast(1 / np.sqrt(2 * np.pi), x.dtype)
        return upstream * c * tf.exp(-x * x / 2)
    return 0.5 * (1 + tf.math.erf(x / np.sqrt(2.0))), grad
''',
        right=True,
    ),
    Answer(
        key="03.phi_grad",
        label="missing 1/sqrt(2 pi)",
        code='''
@strict_custom_gradient
def phi_tf(x):
    def grad(upstream):
        return upstream * tf.exp(-x ** 2 / 2)
    return 0.5 * (1 + tf.math.erf(x / np.sqrt(2.0))), grad
''',
        right=False,
        mistake="the normal density has the constant factor 1/√(2π)",
        must_mention=("2π|2*pi|2 * pi|2pi|normaliz|constant|factor",),
    ),
    Answer(
        key="03.phi_grad",
        label="missing the chain-rule factor 1/sqrt(2)",
        code='''
@strict_custom_gradient
def phi_tf(x):
    def grad(upstream):
        # d/dx 0.5 * erf(x/sqrt2) = 0.5 * 2/sqrt(pi) * exp(-x^2/2)
        return upstream * tf.exp(-x ** 2 / 2) / np.sqrt(np.pi)
    return 0.5 * (1 + tf.math.erf(x / np.sqrt(2.0))), grad
''',
        right=False,
        mistake="forgot the inner derivative d(x/√2)/dx = 1/√2: off by a constant factor √2",
        must_mention=("√2|sqrt(2)|chain rule|factor|constant",),
    ),
    Answer(
        key="03.phi_grad",
        label="erf' evaluated at x instead of x/sqrt2",
        code='''
@strict_custom_gradient
def phi_tf(x):
    def grad(upstream):
        return upstream * 0.5 * 2 / np.sqrt(np.pi) * tf.exp(-x ** 2)
    return 0.5 * (1 + tf.math.erf(x / np.sqrt(2.0))), grad
''',
        right=False,
        mistake="used erf'(x) instead of erf'(x/√2)·(1/√2): the exponent must be -x²/2",
        must_mention=("chain rule|x/√2|x / sqrt(2)|x²/2|x^2/2",),
    ),
    Answer(
        key="03.phi_grad",
        label="forgot upstream",
        code='''
@strict_custom_gradient
def phi_tf(x):
    def grad(upstream):
        return tf.exp(-0.5 * x ** 2) / np.sqrt(2 * np.pi)
    return 0.5 * (1 + tf.math.erf(x / np.sqrt(2.0))), grad
''',
        right=False,
        mistake="returns φ(x) without multiplying by upstream",
        must_mention=("upstream",),
    ),
    Answer(
        key="03.phi_grad",
        label="returns Phi (forward) times upstream",
        code='''
@strict_custom_gradient
def phi_tf(x):
    y = 0.5 * (1 + tf.math.erf(x / np.sqrt(2.0)))
    def grad(upstream):
        return upstream * y
    return y, grad
''',
        right=False,
        mistake="multiplies upstream by Φ(x), the forward value, instead of its derivative φ(x)",
        must_mention=("derivative|density|pdf|φ",),
    ),
    Answer(
        key="03.phi_grad",
        label="differentiated the density instead",
        code='''
@strict_custom_gradient
def phi_tf(x):
    def grad(upstream):
        return upstream * (-x) * tf.exp(-x ** 2 / 2) / np.sqrt(2 * np.pi)
    return 0.5 * (1 + tf.math.erf(x / np.sqrt(2.0))), grad
''',
        right=False,
        mistake="-x φ(x) is the derivative of the density φ; Φ' is φ itself",
        must_mention=("density|pdf|φ|Φ'",),
    ),
    Answer(
        key="03.phi_grad",
        label="sign of the exponent",
        code='''
@strict_custom_gradient
def phi_tf(x):
    def grad(upstream):
        return upstream * tf.exp(x ** 2 / 2) / np.sqrt(2 * np.pi)
    return 0.5 * (1 + tf.math.erf(x / np.sqrt(2.0))), grad
''',
        right=False,
        mistake="exponent sign: the density is exp(-x²/2), not exp(+x²/2)",
        must_mention=("sign|minus|-x²|-x^2|exp(-",),
    ),
    Answer(
        key="03.phi_grad",
        label="scipy pdf inside grad",
        code='''
@strict_custom_gradient
def phi_tf(x):
    def grad(upstream):
        return upstream * scipy.stats.norm.pdf(x)
    return 0.5 * (1 + tf.math.erf(x / np.sqrt(2.0))), grad
''',
        right=False,
        mistake="SciPy on a tensor: works eagerly, fails in tf.function; the exercise asks for TensorFlow operations",
        must_mention=("SciPy|NumPy|TensorFlow op",),
    ),
    Answer(
        key="03.phi_grad",
        label="np.exp inside grad",
        code='''
@strict_custom_gradient
def phi_tf(x):
    def grad(upstream):
        return upstream * np.exp(-x ** 2 / 2) / np.sqrt(2 * np.pi)
    return 0.5 * (1 + tf.math.erf(x / np.sqrt(2.0))), grad
''',
        right=False,
        mistake="np.exp on a tensor: works eagerly, fails in tf.function; use tf.exp",
        must_mention=("NumPy|tf.exp",),
    ),
    Answer(
        key="03.phi_grad",
        label="tf.pi does not exist",
        code='''
@strict_custom_gradient
def phi_tf(x):
    def grad(upstream):
        return upstream * tf.exp(-x ** 2 / 2) / tf.sqrt(2 * tf.pi)
    return 0.5 * (1 + tf.math.erf(x / np.sqrt(2.0))), grad
''',
        right=False,
        mistake="tf.pi does not exist (AttributeError); use np.pi or math.pi",
        must_mention=("np.pi|math.pi|tf.pi",),
    ),
    Answer(
        key="03.phi_grad",
        label="float32 tf.sqrt constant (fails for float64 x)",
        code='''
@strict_custom_gradient
def phi_tf(x):
    def grad(upstream):
        return upstream * tf.exp(-x ** 2 / 2) / tf.sqrt(2 * np.pi)
    return 0.5 * (1 + tf.math.erf(x / np.sqrt(2.0))), grad
''',
        right=False,
        mistake="tf.sqrt(2*np.pi) is a float32 tensor: right for float32 x, raises for float64 x (dtype mismatch); use np.sqrt or cast to x.dtype",
        must_mention=("dtype|float64|float32",),
    ),
    Answer(
        key="03.phi_grad",
        label="decorator forgotten",
        code='''
def phi_tf(x):
    def grad(upstream):
        return upstream * tf.exp(-0.5 * x ** 2) / np.sqrt(2 * np.pi)
    return 0.5 * (1 + tf.math.erf(x / np.sqrt(2.0))), grad
''',
        right=False,
        mistake="without @strict_custom_gradient phi_tf returns the pair (y, grad)",
        must_mention=("decorator|custom_gradient|@",),
    ),

    # ------------------------------------------------------------------ 04.quadratic_form
    Answer(
        key="04.quadratic_form",
        label="Ax + A^T x, tensordot outer",
        code='''
@strict_custom_gradient
def quadratic_form(x, A):
    def grad(upstream):
        dx = upstream * (tf.linalg.matvec(A, x) + tf.linalg.matvec(A, x, transpose_a=True))
        dA = upstream * tf.tensordot(x, x, axes=0)
        return dx, dA
    return tf.tensordot(x, tf.linalg.matvec(A, x), axes=1), grad
''',
        right=True,
    ),
    Answer(
        key="04.quadratic_form",
        label="(A + A^T) x, einsum outer",
        code='''
@strict_custom_gradient
def quadratic_form(x, A):
    def grad(upstream):
        dx = upstream * tf.linalg.matvec(A + tf.transpose(A), x)
        dA = upstream * tf.einsum("i,j->ij", x, x)
        return dx, dA
    return tf.tensordot(x, tf.linalg.matvec(A, x), axes=1), grad
''',
        right=True,
    ),
    Answer(
        key="04.quadratic_form",
        label="tf.custom_gradient, broadcasting outer, list",
        code='''
@tf.custom_gradient
def quadratic_form(x, A):
    Ax = tf.linalg.matvec(A, x)
    xA = tf.linalg.matvec(tf.transpose(A), x)     # (x^T A)^T
    def grad(upstream):
        return [upstream * (Ax + xA), upstream * x[:, None] * x[None, :]]
    return tf.tensordot(x, Ax, axes=1), grad
''',
        right=True,
    ),
    Answer(
        key="04.quadratic_form",
        label="symmetric formula 2Ax",
        code='''
@strict_custom_gradient
def quadratic_form(x, A):
    def grad(upstream):
        return upstream * 2 * tf.linalg.matvec(A, x), upstream * tf.tensordot(x, x, axes=0)
    return tf.tensordot(x, tf.linalg.matvec(A, x), axes=1), grad
''',
        right=False,
        mistake="2Ax holds only for symmetric A; in general dq/dx = (A + Aᵀ)x",
        must_mention=("symmetric|Aᵀ|A^T|transpose",),
    ),
    Answer(
        key="04.quadratic_form",
        label="2 A^T x",
        code='''
@strict_custom_gradient
def quadratic_form(x, A):
    def grad(upstream):
        return upstream * 2 * tf.linalg.matvec(A, x, transpose_a=True), upstream * tf.tensordot(x, x, axes=0)
    return tf.tensordot(x, tf.linalg.matvec(A, x), axes=1), grad
''',
        right=False,
        mistake="2Aᵀx is as wrong as 2Ax for non-symmetric A: dq/dx = (A + Aᵀ)x",
        must_mention=("symmetric|A + Aᵀ|A + A^T|both",),
    ),
    Answer(
        key="04.quadratic_form",
        label="only Ax (one product-rule term)",
        code='''
@strict_custom_gradient
def quadratic_form(x, A):
    def grad(upstream):
        return upstream * tf.linalg.matvec(A, x), upstream * tf.tensordot(x, x, axes=0)
    return tf.tensordot(x, tf.linalg.matvec(A, x), axes=1), grad
''',
        right=False,
        mistake="x appears twice in xᵀAx; only the term from the second x (Ax) is there, Aᵀx from the first is missing",
        must_mention=("Aᵀ|A^T|transpose|product rule|both",),
    ),
    Answer(
        key="04.quadratic_form",
        label="forgot upstream on dA",
        code='''
@strict_custom_gradient
def quadratic_form(x, A):
    def grad(upstream):
        dx = upstream * tf.linalg.matvec(A + tf.transpose(A), x)
        dA = tf.tensordot(x, x, axes=0)
        return dx, dA
    return tf.tensordot(x, tf.linalg.matvec(A, x), axes=1), grad
''',
        right=False,
        mistake="dL/dA is upstream · x xᵀ; the upstream factor is missing there",
        must_mention=("upstream",),
    ),
    Answer(
        key="04.quadratic_form",
        label="inner product instead of outer",
        code='''
@strict_custom_gradient
def quadratic_form(x, A):
    def grad(upstream):
        dx = upstream * tf.linalg.matvec(A + tf.transpose(A), x)
        dA = upstream * tf.tensordot(x, x, axes=1)
        return dx, dA
    return tf.tensordot(x, tf.linalg.matvec(A, x), axes=1), grad
''',
        right=False,
        mistake="tensordot(x, x, axes=1) is the scalar xᵀx; dL/dA is the outer product x xᵀ (axes=0), shaped like A",
        must_mention=("outer",),
    ),
    Answer(
        key="04.quadratic_form",
        label="only dL/dx returned",
        code='''
@strict_custom_gradient
def quadratic_form(x, A):
    def grad(upstream):
        return upstream * tf.linalg.matvec(A + tf.transpose(A), x)
    return tf.tensordot(x, tf.linalg.matvec(A, x), axes=1), grad
''',
        right=False,
        mistake="two inputs need two gradients: dL/dA = upstream · x xᵀ is missing",
        must_mention=("two|2 input|each input|one per input|dL/dA",),
    ),
    Answer(
        key="04.quadratic_form",
        label="gradients in the wrong order",
        code='''
@strict_custom_gradient
def quadratic_form(x, A):
    def grad(upstream):
        dx = upstream * tf.linalg.matvec(A + tf.transpose(A), x)
        dA = upstream * tf.tensordot(x, x, axes=0)
        return dA, dx
    return tf.tensordot(x, tf.linalg.matvec(A, x), axes=1), grad
''',
        right=False,
        mistake="gradients must come in the order of the inputs (x, A); they are swapped",
        must_mention=("order|swap",),
    ),
    Answer(
        key="04.quadratic_form",
        label="A @ x with a vector",
        code='''
@strict_custom_gradient
def quadratic_form(x, A):
    def grad(upstream):
        dx = upstream * (A @ x + tf.transpose(A) @ x)
        dA = upstream * tf.tensordot(x, x, axes=0)
        return dx, dA
    return tf.tensordot(x, tf.linalg.matvec(A, x), axes=1), grad
''',
        right=False,
        mistake="@ (tf.matmul) needs matrices: with a 1-D x it raises; use tf.linalg.matvec",
        must_mention=("matvec|rank|shape|1-D|vector",),
    ),
    Answer(
        key="04.quadratic_form",
        label="np.outer for dA",
        code='''
@strict_custom_gradient
def quadratic_form(x, A):
    def grad(upstream):
        dx = upstream * tf.linalg.matvec(A + tf.transpose(A), x)
        dA = upstream * np.outer(x, x)
        return dx, dA
    return tf.tensordot(x, tf.linalg.matvec(A, x), axes=1), grad
''',
        right=False,
        mistake="np.outer on tensors works eagerly but fails inside tf.function; use tf.tensordot(x, x, axes=0)",
        must_mention=("NumPy",),
    ),
    Answer(
        key="04.quadratic_form",
        label="plain autodiff, no custom gradient",
        code='''
def quadratic_form(x, A):
    return tf.tensordot(x, tf.linalg.matvec(A, x), axes=1)
''',
        right=False,
        mistake="no custom gradient: autodiff computes both gradients; the exercise asks you to write them",
        must_mention=("custom_gradient|custom gradient|decorator|grad",),
    ),

    # ------------------------------------------------------------------ 04.batched_matmul

    # ------------------------------------------------------------------ 04.bias_add
    Answer(
        key="04.bias_add",
        label="upstream, reduce_sum axis 0",
        code='''
@strict_custom_gradient
def bias_add(x, b):
    def grad(upstream):
        return upstream, tf.reduce_sum(upstream, axis=0)
    return x + b, grad
''',
        # Right for the earlier prompt (x of shape (batch, n) only); the prompt now also has x (batch, time, n).
        right=False,
        mistake="Sums over the batch axis only: with x of shape (batch, time, n), b's gradient needs every leading axis summed.",
        must_mention=("axis|axes|shape",),
    ),
    Answer(
        key="04.bias_add",
        label="tf.custom_gradient lambda, identity",
        code='''
@tf.custom_gradient
def bias_add(x, b):
    return x + b, lambda dy: (tf.identity(dy), tf.reduce_sum(dy, 0))
''',
        # Right for the earlier prompt (x of shape (batch, n) only); the prompt now also has x (batch, time, n).
        right=False,
        mistake="Sums over the batch axis only: with x of shape (batch, time, n), b's gradient needs every leading axis summed.",
        must_mention=("axis|axes|shape",),
    ),
    Answer(
        key="04.bias_add",
        label="sum over all leading axes",
        code='''
@strict_custom_gradient
def bias_add(x, b):
    def grad(upstream):
        dx = tf.ones_like(x) * upstream
        db = tf.reduce_sum(upstream, axis=tf.range(tf.rank(upstream) - 1))
        return dx, db
    return tf.nn.bias_add(x, b), grad
''',
        right=True,
    ),
    Answer(
        key="04.bias_add",
        label="einsum bn->n",
        code='''
@strict_custom_gradient
def bias_add(x, b):
    def grad(upstream):
        return upstream, tf.einsum("bn->n", upstream)
    return x + b, grad
''',
        # Right for the earlier prompt (x of shape (batch, n) only); the prompt now also has x (batch, time, n).
        right=False,
        mistake="Sums over the batch axis only: with x of shape (batch, time, n), b's gradient needs every leading axis summed.",
        must_mention=("axis|axes|shape",),
    ),
    Answer(
        key="04.bias_add",
        label="not summed",
        code='''
@strict_custom_gradient
def bias_add(x, b):
    def grad(upstream):
        return upstream, upstream
    return x + b, grad
''',
        right=False,
        mistake="b is broadcast over the batch, so its gradient is the sum of upstream over axis 0",
        must_mention=("sum",),
    ),
    Answer(
        key="04.bias_add",
        label="reduce_mean",
        code='''
@strict_custom_gradient
def bias_add(x, b):
    def grad(upstream):
        return upstream, tf.reduce_mean(upstream, axis=0)
    return x + b, grad
''',
        right=False,
        mistake="every copy of b contributes fully: sum over the batch, do not average (off by the batch size)",
        must_mention=("sum",),
    ),
    Answer(
        key="04.bias_add",
        label="summed over axis 1",
        code='''
@strict_custom_gradient
def bias_add(x, b):
    def grad(upstream):
        return upstream, tf.reduce_sum(upstream, axis=1)
    return x + b, grad
''',
        right=False,
        mistake="summed over the features (axis 1) instead of the batch (axis 0)",
        must_mention=("axis|batch",),
    ),
    Answer(
        key="04.bias_add",
        label="reduce_sum without axis",
        code='''
@strict_custom_gradient
def bias_add(x, b):
    def grad(upstream):
        return upstream, tf.reduce_sum(upstream)
    return x + b, grad
''',
        right=False,
        mistake="summing everything gives a scalar; sum only over the batch axis so db has b's shape",
        must_mention=("axis|shape",),
    ),
    Answer(
        key="04.bias_add",
        label="keepdims=True",
        code='''
@strict_custom_gradient
def bias_add(x, b):
    def grad(upstream):
        return upstream, tf.reduce_sum(upstream, axis=0, keepdims=True)
    return x + b, grad
''',
        right=False,
        mistake="keepdims=True leaves shape (1, n); b has shape (n,)",
        must_mention=("keepdims|shape",),
    ),
    Answer(
        key="04.bias_add",
        label="ignores upstream: counts the batch",
        code='''
@strict_custom_gradient
def bias_add(x, b):
    def grad(upstream):
        n = tf.cast(tf.shape(x)[0], x.dtype)
        return tf.ones_like(x), n * tf.ones_like(b)
    return x + b, grad
''',
        right=False,
        mistake="ones and the batch size are the gradient of sum(x + b) only; multiply by (and sum) the upstream",
        must_mention=("upstream",),
    ),
    Answer(
        key="04.bias_add",
        label="upstream.sum() NumPy style",
        code='''
@strict_custom_gradient
def bias_add(x, b):
    def grad(upstream):
        return upstream, upstream.sum(axis=0)
    return x + b, grad
''',
        right=False,
        mistake="tensors have no .sum() method (AttributeError); use tf.reduce_sum(upstream, axis=0)",
        must_mention=("tf.reduce_sum|reduce_sum",),
    ),
    Answer(
        key="04.bias_add",
        label="np.sum",
        code='''
@strict_custom_gradient
def bias_add(x, b):
    def grad(upstream):
        return upstream, np.sum(upstream, axis=0)
    return x + b, grad
''',
        right=False,
        mistake="np.sum on a tensor works eagerly but fails inside tf.function; use tf.reduce_sum",
        must_mention=("NumPy|tf.reduce_sum",),
    ),
    Answer(
        key="04.bias_add",
        label="only db returned",
        code='''
@strict_custom_gradient
def bias_add(x, b):
    def grad(upstream):
        return tf.reduce_sum(upstream, axis=0)
    return x + b, grad
''',
        right=False,
        mistake="two inputs need two gradients: dL/dx = upstream is missing",
        must_mention=("two|2 input|each input|one per input|dL/dx",),
    ),
    Answer(
        key="04.bias_add",
        label="both gradients summed",
        code='''
@strict_custom_gradient
def bias_add(x, b):
    def grad(upstream):
        db = tf.reduce_sum(upstream, axis=0)
        return db, db
    return x + b, grad
''',
        right=False,
        mistake="x is not broadcast: its gradient is upstream itself, shaped (batch, n)",
        must_mention=("shape",),
    ),
    Answer(
        key="04.bias_add",
        label="hard-coded batch of 4",
        code='''
@strict_custom_gradient
def bias_add(x, b):
    def grad(upstream):
        db = upstream[0] + upstream[1] + upstream[2] + upstream[3]
        return upstream, db
    return x + b, grad
''',
        right=False,
        mistake="adds exactly four rows (the notebook's batch size): wrong for any other batch; use tf.reduce_sum(upstream, axis=0)",
        must_mention=("batch|reduce_sum",),
    ),
]
