"""Exercise 01.chain_derivative: a wrong answer for each mistake it names, and answers written from the learner's side."""

from answer_kit import Answer

KEY = "01.chain_derivative"

MISTAKES = {
    'wrong_sign': -17496,
    'upstream_ignored': 6,
    'outer_only': 162,
    'added': 186,
    'forward_value': 6561,
    'factor': 4374,
    'same_local': 216,
    'exponents_added': 1458,
    'exponent_kept': 8 * 3 ** 8,
    'two_links': 18 * 162,
    'worked_example': 1024,
    'xor': 8 * 3 ^ 7,
    'approximate': 17500,
    'at_outputs': (2 * 9) * (2 * 81) * (2 * 6561),
}

ANSWERS = [
    # ---- set a
    Answer('01.chain_derivative', 'int 17496', r'''
answer = 17496
''', True),
    Answer('01.chain_derivative', 'power rule 8*3**7', r'''
answer = 8 * 3 ** 7
''', True),
    Answer('01.chain_derivative', 'link-by-link product of floats', r'''
# links see 3, 9 and 81; local derivatives 2·81, 2·9, 2·3
answer = (2.0 * 81) * (2.0 * 9) * (2.0 * 3)
''', True),
    Answer('01.chain_derivative', '0-d tensor from GradientTape', r'''
x = tf.constant(3.0)
with tf.GradientTape() as tape:
    tape.watch(x)
    y = ((x ** 2) ** 2) ** 2
answer = tape.gradient(y, x)
''', True),
    Answer('01.chain_derivative', 'numpy int64', r'''
answer = np.int64(17496)
''', True),
    Answer('01.chain_derivative', 'innermost link only', r'''
answer = 2 * 3
''', False, "only the innermost link's local derivative; multiply all three links",
           ('link|chain',)),
    Answer('01.chain_derivative', 'outermost link only', r'''
answer = 2 * 81
''', False, "only the outermost link's local derivative (2·81); multiply by the other two links",
           ('link|chain',)),
    Answer('01.chain_derivative', 'two links, innermost forgotten', r'''
answer = (2 * 81) * (2 * 9)
''', False, 'stopped one link early: the innermost local derivative 2·3 is missing',
           ('link|chain|innermost|2·3|2 * 3',)),
    Answer('01.chain_derivative', 'value y = 3**8', r'''
answer = 3 ** 8
''', False, '6561 is y = x⁸ itself, not dy/dx',
           ('value|x⁸|x^8|x**8',)),
    Answer('01.chain_derivative', 'sum of local derivatives', r'''
answer = 2 * 3 + 2 * 9 + 2 * 81
''', False, 'the chain rule multiplies the local derivatives; they were added',
           ('multiply|product',)),
    Answer('01.chain_derivative', 'off-by-one exponent 8*3**8', r'''
answer = 8 * 3 ** 8
''', False, 'd/dx x⁸ = 8x⁷; the exponent was not lowered',
           ('x⁷|x^7|x**7|3⁷|3^7|3**7|exponent|power',)),
    Answer('01.chain_derivative', "string '17496'", r'''
answer = "17496"
''', False, 'right digits, but a string: give the number',
           ('string|number',)),
    Answer('01.chain_derivative', 'list of the three local derivatives', r'''
answer = [2 * 3, 2 * 9, 2 * 81]
''', False, 'listed the local derivatives instead of multiplying them into one number',
           ('multiply|product|number|list',)),
    Answer('01.chain_derivative', 'copied the x = 2 example (1024)', r'''
answer = 1024
''', False, "1024 is the notebook's worked example at x = 2; the exercise is at x = 3",
           ('x = 2|x=2|at 2|1024|x = 3|x=3',)),
    # ---- set aa
    Answer('01.chain_derivative', 'math-prod-of-locals', r'''
import math
inputs = (3, 9, 81)                             # what each call of f sees
answer = math.prod(2 * v for v in inputs)       # local derivatives 6, 18, 162 multiplied
''', True),
    Answer('01.chain_derivative', 'builtin-sum-of-locals', r'''
answer = sum(2 * v for v in [3, 9, 81])   # add up the three local derivatives
''', False, 'the chain rule multiplies the local derivatives of the links; adding them gives 186',
           ('multipl|product',)),
    Answer('01.chain_derivative', 'range-two-links', r'''
v, d = 3.0, 1.0
for _ in range(2):        # the two squarings after x
    d *= 2 * v
    v = v ** 2
answer = d
''', False, 'the loop runs over two links only; y = f(f(f(x))) has three, so one local derivative (162) is missing',
           ('link|factor|local',)),
    Answer('01.chain_derivative', 'late-binding-lambdas', r'''
import math
locals_ = [lambda: 2 * v for v in (3, 9, 81)]   # one local derivative per link
answer = math.prod(f() for f in locals_)
''', False, "every lambda reads v after the loop ended, so all three factors are 2·81; each link's local derivative uses its own input (3, 9, 81)",
           ('input|81',)),
    # ---- set e
    Answer('01.chain_derivative', 'product of locals, outer link first', r'''
answer = (2 * 81) * (2 * 9) * (2 * 3)   # locals 162 · 18 · 6, outermost link first
''', True),
    Answer('01.chain_derivative', 'float64 tape turned into float', r'''
x = tf.constant(3.0, dtype=tf.float64)
with tf.GradientTape() as tape:
    tape.watch(x)
    y = ((x ** 2) ** 2) ** 2
answer = float(tape.gradient(y, x))
''', True),
    Answer('01.chain_derivative', 'locals added instead of multiplied', r'''
answer = 2 * 81 + 2 * 9 + 2 * 3   # the three local derivatives
''', False, 'The chain rule multiplies the local derivatives (162·18·6); adding them gives 186.',
           ('product|multiply|multiplied|times|×',)),
    Answer('01.chain_derivative', 'every local evaluated at x = 3', r'''
answer = (2 * 3) ** 3   # three links, each with local derivative 2x
''', False, "Each link's local derivative is taken at that link's own input (3, 9, 81), not at x = 3 every time.",
           ("own input|each link|its input|link's input|sees|81",)),
    Answer('01.chain_derivative', 'exponents added: x^6', r'''
answer = 6 * 3 ** 5   # three squares: x^(2+2+2) = x^6
''', False, 'Squaring three times multiplies the exponents: y = x⁸, not x⁶, so dy/dx = 8x⁷.',
           ('x^8|x⁸|x**8|8x^7|8x⁷|exponent',)),
    # ---- set f
    Answer('01.chain_derivative', 'product_of_locals_spelled_out', r'''
answer = (2 * 81) * (2 * 9) * (2 * 3)
''', True),
    Answer('01.chain_derivative', 'tape_demo_at_three', r'''
x = tf.constant(3.0)
with tf.GradientTape() as tape:
    tape.watch(x)
    y = ((x ** 2) ** 2) ** 2
answer = float(tape.gradient(y, x))
''', True),
    Answer('01.chain_derivative', 'string_17496', r'''
answer = "17496"
''', False, 'The answer must be a number, not a string.',
           ('number|numeric|string|str|text',)),
    Answer('01.chain_derivative', 'rounded_17500', r'''
answer = 17500   # roughly 8 * 3**7
''', False, 'Rounded: the exact value is 8·3⁷ = 17496.',
           ('round|exact|close|precis|digit|17496',)),
    Answer('01.chain_derivative', 'demo_point_x2_kept', r'''
x = tf.constant(2.0)
with tf.GradientTape() as tape:
    tape.watch(x)
    y = ((x ** 2) ** 2) ** 2
answer = tape.gradient(y, x).numpy()
''', False, "The demo's point x = 2 was kept (1024); the exercise asks for x = 3.",
           ('x = 3|x=3|at 3|x = 2|x=2|at 2|1024|point',)),
    Answer('01.chain_derivative', 'sum_of_locals', r'''
answer = 2 * 3 + 2 * 9 + 2 * 81
''', False, 'The local derivatives are added (186); the chain rule multiplies them.',
           ('product|multipl|times',)),
    # ---- set g
    Answer('01.chain_derivative', 'locals-multiplied-outermost-first', r'''
answer = (2 * 81) * (2 * 9) * (2 * 3)    # local derivatives of the links that see 81, 9, 3
''', True),
    Answer('01.chain_derivative', 'chaintrace-float64-tensor', r'''
trace = helpers.ChainTrace()
f = trace.link("f", forward=lambda v: v ** 2, local=lambda v: 2 * v)
x = tf.constant(3.0, dtype=tf.float64)
with tf.GradientTape() as tape:
    tape.watch(x)
    y = f(f(f(x)))
answer = tape.gradient(y, x)
''', True),
    Answer('01.chain_derivative', 'float16-tape', r'''
x = tf.constant(3.0, dtype=tf.float16)     # half precision is plenty for small numbers
with tf.GradientTape() as tape:
    tape.watch(x)
    y = ((x ** 2) ** 2) ** 2
answer = tape.gradient(y, x)
''', False, 'float16 cannot hold 17496 (its spacing there is 16): the tape returns a rounded 17504',
           ('float16|precision|round|half',)),
    Answer('01.chain_derivative', 'caret-for-power', r'''
answer = 8 * 3 ^ 7      # d/dx x^8 = 8 x^7
''', False, '^ is bitwise XOR in Python, not a power: 8 * 3 ^ 7 is 31; the derivative is 8·3**7 = 17496',
           ('power|**|xor|product|local',)),
    Answer('01.chain_derivative', 'product-of-link-inputs', r'''
answer = 3 * 9 * 81     # the chain rule multiplies what each link sees
''', False, "multiplies the links' inputs, not their local derivatives 2v: each factor 2 is missing (2187 = 17496 / 8)",
           ('local|2x|2·x|2v|2 v|factor|derivative',)),
    # ---- set holdout
    Answer('01.chain_derivative', 'tape in float64, converted to float', r'''
x = tf.constant(3.0, dtype=tf.float64)
with tf.GradientTape() as tape:
    tape.watch(x)
    y = ((x ** 2) ** 2) ** 2
answer = float(tape.gradient(y, x))
''', True),
    Answer('01.chain_derivative', 'copied 1024 from x = 2', r'''
answer = 1024   # same as in the text
''', False, '1024 is the derivative at x = 2 from the worked example; this exercise is at x = 3.',
           ('x = 2|example|x = 3',)),
    Answer('01.chain_derivative', 'value x^8 instead of derivative', r'''
answer = 3 ** 8
''', False, '6561 is y = x⁸ itself at 3; the question asks for dy/dx.',
           ('derivative|value',)),
    Answer('01.chain_derivative', 'local derivatives added', r'''
answer = 2 * 3 + 2 * 9 + 2 * 81   # the three links
''', False, 'The chain rule multiplies the local derivatives of the links; it does not add them.',
           ('multiply|product',)),
    Answer('01.chain_derivative', 'caret as power', r'''
answer = 8 * 3 ^ 7
''', False, 'In Python ^ is bitwise XOR, not a power: write 3 ** 7.',
           ('**|xor|power',)),
    Answer('01.chain_derivative', 'innermost link only', r'''
answer = 2 * 3   # dx1/dx at x = 3
''', False, "Only the innermost link's local derivative: the other links' factors (the upstream it receives) are missing.",
           ('upstream|product|link|chain',)),
    # ---- set i
    Answer('01.chain_derivative', 'functools-reduce-of-locals', r'''
import functools, operator
inputs = [3, 9, 81]                         # what the three calls see
answer = functools.reduce(operator.mul, [2 * v for v in inputs])
''', True),
    Answer('01.chain_derivative', 'tape-with-python-float', r'''
x = tf.constant(3.0, dtype=tf.float64)
with tf.GradientTape() as tape:
    tape.watch(x)
    y = ((x ** 2) ** 2) ** 2
answer = float(tape.gradient(y, x))
''', True),
    Answer('01.chain_derivative', 'summed-the-locals', r'''
answer = 2 * 81 + 2 * 9 + 2 * 3      # local derivatives of the three links
''', False, 'the chain rule multiplies the local derivatives, it does not add them',
           ('multipl|product',)),
    Answer('01.chain_derivative', 'outermost-local-only', r'''
answer = 2 * 81     # derivative of the last square
''', False, "only the outermost link's local derivative; the other links' factors (the upstream they pass) are missing",
           ('multipl|product|upstream|link',)),
    Answer('01.chain_derivative', 'value-of-y', r'''
answer = 3 ** 8
''', False, 'that is y = x⁸ at 3, the value, not dy/dx',
           ('value',)),
    Answer('01.chain_derivative', 'copied-notebook-x2', r'''
answer = 32 * 8 * 4      # from the trace above
''', False, '1024 is the derivative at x = 2 from the worked example; redo it at x = 3',
           ('x = 3|x=3|at 3|x = 2|x=2|at 2',)),
    Answer('01.chain_derivative', 'inputs-not-locals', r'''
answer = 3 * 9 * 81     # multiply what each link sees
''', False, "multiplied the links' inputs instead of their local derivatives 2v: a factor 2 per link is missing",
           ('local|factor|2v|2·v|2 * v|2x',)),
    # ---- set k
    Answer('01.chain_derivative', 'loop-over-links', r'''
v = 3.0
answer = 1.0
for link in range(3):          # backward or forward, the product is the same
    answer = answer * (2 * v)  # local derivative of this link at its input
    v = v ** 2                 # the next link's input
''', True),
    Answer('01.chain_derivative', 'outermost-local-only', r'''
# the last call sees 81, d(x^2)/dx = 2x
answer = 2 * 81
''', False, "162 is only the outermost link's local derivative; multiply the local derivatives of all three links.",
           ('multiply|product|all three',)),
    Answer('01.chain_derivative', 'summed-locals', r'''
locals_ = [2 * 3, 2 * 9, 2 * 81]
answer = sum(locals_)   # add up each link's contribution
''', False, 'The chain rule multiplies the local derivatives, it does not add them.',
           ('multiply|product',)),
    Answer('01.chain_derivative', 'value-of-y', r'''
x = 3
answer = ((x ** 2) ** 2) ** 2
''', False, '6561 is y = x⁸ itself, the forward value, not dy/dx.',
           ('value|forward',)),
    Answer('01.chain_derivative', 'upstreams-pasted', r'''
answer = [1, 162, 2916]
''', False, 'That is the list of upstreams (the next exercise); here the answer is one number, dy/dx.',
           ('one number|single|list|upstreams',)),
    Answer('01.chain_derivative', 'stopped-one-link-early', r'''
# backward: 1 -> 2*81 = 162 -> 162 * 2*9
up = 1
up = up * 2 * 81
up = up * 2 * 9
answer = up
''', False, '2916 is what reaches the innermost call; multiply by its local derivative 2·3 too.',
           ('innermost|local|first',)),
    # ---- set m
    Answer('01.chain_derivative', 'reduce-over-links', r'''
from functools import reduce
link_inputs = [3, 9, 81]                     # what the three calls see
answer = reduce(lambda acc, v: acc * (2 * v), link_inputs, 1)
''', True),
    Answer('01.chain_derivative', 'summed-locals', r'''
answer = 2 * 3 + 2 * 9 + 2 * 81
''', False, 'The chain rule multiplies the local derivatives; it does not add them.',
           ('product|multipl',)),
    Answer('01.chain_derivative', 'value-not-derivative', r'''
answer = 3 ** 8
''', False, '3⁸ = 6561 is y itself, not dy/dx.',
           ('derivative',)),
    Answer('01.chain_derivative', 'locals-at-outputs', r'''
# each link's local derivative 2v, evaluated at what the link produced
answer = (2 * 9) * (2 * 81) * (2 * 6561)
''', False, "Each local derivative is taken at the link's input (3, 9, 81), not its output.",
           ('input',)),
    Answer('01.chain_derivative', 'copied-x2-result', r'''
answer = 1024.0   # 8x^7 from the traced example above
''', False, '1024 is the derivative at x = 2 from the example; the exercise asks at x = 3.',
           ('x = 3|x=3|at 3|x = 2|x=2',)),
    # ---- set n
    Answer('01.chain_derivative', 'product of three locals', r'''
local_outer, local_middle, local_inner = 2 * 81, 2 * 9, 2 * 3
answer = local_outer * local_middle * local_inner
''', True),
    Answer('01.chain_derivative', 'tape in float64', r'''
x = tf.constant(3.0, dtype=tf.float64)
with tf.GradientTape() as tape:
    tape.watch(x)
    y = ((x ** 2) ** 2) ** 2
answer = float(tape.gradient(y, x))
''', True),
    Answer('01.chain_derivative', 'value of x^8', r'''
answer = 3 ** 8
''', False, '6561 is y = x⁸ itself, not dy/dx',
           ('derivative|value',)),
    Answer('01.chain_derivative', 'sum of locals', r'''
answer = 2 * 81 + 2 * 9 + 2 * 3
''', False, 'the chain rule multiplies the local derivatives, it does not add them',
           ('multiply|product',)),
    Answer('01.chain_derivative', 'innermost link only', r'''
answer = 2 * 3     # d(x²)/dx at x = 3
''', False, "6 is only the innermost link's local derivative; the other two links are missing",
           ('link|upstream',)),
    Answer('01.chain_derivative', 'integer tape gives None', r'''
x = tf.constant(3)
with tf.GradientTape() as tape:
    tape.watch(x)
    y = ((x ** 2) ** 2) ** 2
answer = tape.gradient(y, x)
''', False, 'an integer tensor is not differentiable: the tape returned None; use 3.0',
           ('none|integer|int|float',)),
    # ---- set p
    Answer('01.chain_derivative', 'torch-function-by-hand', r'''
class Square:                          # like torch.autograd.Function
    @staticmethod
    def forward(ctx, x):
        ctx["saved"] = x
        return x * x

    @staticmethod
    def backward(ctx, grad_output):
        x = ctx["saved"]
        return grad_output * 2 * x

ctxs = [{}, {}, {}]
v = 3.0
for ctx in ctxs:                       # forward: 3 -> 9 -> 81 -> 6561
    v = Square.forward(ctx, v)
g = 1.0
for ctx in reversed(ctxs):             # backward, outermost first
    g = Square.backward(ctx, g)
answer = g
''', True),
    Answer('01.chain_derivative', 'torch-backward-no-grad-output', r'''
class Square:
    @staticmethod
    def forward(ctx, x):
        ctx["saved"] = x
        return x * x

    @staticmethod
    def backward(ctx, grad_output):
        return 2 * ctx["saved"]        # d(x^2)/dx

ctxs = [{}, {}, {}]
v = 3.0
for ctx in ctxs:
    v = Square.forward(ctx, v)
g = 1.0
for ctx in reversed(ctxs):
    g = Square.backward(ctx, g)
answer = g
''', False, 'each backward must multiply its local derivative by the upstream it receives; this keeps only the innermost 2x = 6',
           ('upstream',)),
    Answer('01.chain_derivative', 'einsum-sums-locals', r'''
locals_ = tf.constant([2 * 3.0, 2 * 9.0, 2 * 81.0])
answer = float(tf.einsum("i->", locals_))     # combine the three links
''', False, 'the chain rule multiplies the local derivatives; adding them gives 186',
           ('multipl|product',)),
    Answer('01.chain_derivative', 'tnp-value-of-x8', r'''
import tensorflow.experimental.numpy as tnp
x = tnp.asarray(3.0)
y = tnp.power(tnp.power(tnp.power(x, 2), 2), 2)
answer = float(y)
''', False, '6561 is y = x⁸ itself at 3; the question asks for dy/dx',
           ('derivative',)),
    # ---- set s
    Answer('01.chain_derivative', 'prod-of-locals', r'''
link_inputs = (3, 9, 81)
answer = int(np.prod([2 * v for v in link_inputs]))
''', True),
    Answer('01.chain_derivative', 'value-of-y', r'''
x = 3
x1 = x ** 2
x2 = x1 ** 2
answer = x2 ** 2
''', False, '6561 is y = x⁸ itself, the forward value, not dy/dx',
           ('derivative|value',)),
    Answer('01.chain_derivative', 'locals-at-outputs', r'''
# local derivative of each link is 2 * (its value)
answer = (2 * 9) * (2 * 81) * (2 * 6561)
''', False, "each local derivative 2v must use the link's input (3, 9, 81), not its output (9, 81, 6561)",
           ('input|output',)),
    Answer('01.chain_derivative', 'sum-of-locals', r'''
answer = 2 * 3 + 2 * 9 + 2 * 81
''', False, 'the chain rule multiplies the local derivatives; adding them gives 186',
           ('multiply|product',)),
    # ---- set u
    Answer('01.chain_derivative', 'recursive-local-derivatives', r'''
def chain_derivative(links, x):
    """d/dx of f applied `links` times, f(v) = v²: local derivative at x times the rest at x²."""
    if links == 0:
        return 1
    return 2 * x * chain_derivative(links - 1, x * x)

answer = chain_derivative(3, 3)
''', True),
    Answer('01.chain_derivative', 'locals-at-outputs', r'''
import functools, operator
outputs = [9, 81, 6561]                   # what the three links produce
answer = functools.reduce(operator.mul, [2 * v for v in outputs])
''', False, "Each local derivative 2v is evaluated at the link's input (3, 9, 81), not at its output.",
           ('input',)),
    Answer('01.chain_derivative', 'only-two-links', r'''
links_seen = [9, 81]          # the two squarings after the first
answer = 1
for v in links_seen:
    answer *= 2 * v
''', False, 'There are three links (inputs 3, 9, 81); the factor 2·3 of the first link is missing.',
           ('link|factor',)),
    Answer('01.chain_derivative', 'sum-of-locals', r'''
answer = sum(2 * v for v in (3, 9, 81))
''', False, 'The chain rule multiplies the local derivatives; adding them is not the derivative.',
           ('product|multipl',)),
    # ---- set w
    Answer('01.chain_derivative', 'fold-local-derivatives-float64', r'''
from functools import reduce
from typing import List


def forward_inputs(x0: float, n_links: int = 3) -> List[float]:
    """Inputs seen by each link of f(f(f(x))) with f(v) = v**2, innermost first."""
    seen, v = [], float(x0)
    for _ in range(n_links):
        seen.append(v)
        v = v * v
    return seen


def chain_derivative(x0: float) -> float:
    """Product of the local derivatives 2v over all links (chain rule)."""
    locals_ = [2.0 * v for v in forward_inputs(x0)]
    return reduce(lambda acc, d: acc * d, locals_, 1.0)


answer = int(round(chain_derivative(3.0)))

# --- self-test against autodiff -------------------------------------------
_x = tf.constant(3.0, dtype=tf.float64)
with tf.GradientTape() as _tape:
    _tape.watch(_x)
    _y = ((_x ** 2) ** 2) ** 2
assert answer == int(_tape.gradient(_y, _x).numpy()), answer
print("dy/dx at 3:", answer)
''', True),
    Answer('01.chain_derivative', 'sum-of-locals', r'''
from typing import List


def local_derivatives(x0: float) -> List[float]:
    """Local derivative 2v of each link for the inputs 3, 9, 81."""
    inputs = [x0, x0 ** 2, x0 ** 4]
    return [2.0 * v for v in inputs]


def total_derivative(x0: float) -> float:
    """Aggregate the per-link contributions of the chain.

    Each link contributes its local sensitivity; the total sensitivity is their accumulation.
    """
    return float(sum(local_derivatives(x0)))


answer = total_derivative(3.0)
print("locals:", local_derivatives(3.0), "->", answer)
''', False, 'the chain rule multiplies the local derivatives; adding them gives 186',
           ('product|multipl',)),
    Answer('01.chain_derivative', 'upstream-dropped', r'''
def _local(v: tf.Tensor) -> tf.Tensor:
    """d(v^2)/dv."""
    return 2.0 * v


@tf.custom_gradient
def link(v: tf.Tensor):
    """One link of the chain, with a hand-written gradient (upstream stopped for safety)."""
    def grad(upstream: tf.Tensor) -> tf.Tensor:
        upstream = tf.stop_gradient(upstream)           # don't backprop through the upstream
        return _local(v)                                # local derivative of this link
    return v ** 2, grad


x = tf.constant(3.0, dtype=tf.float64)
with tf.GradientTape() as tape:
    tape.watch(x)
    y = link(link(link(x)))
answer = float(tape.gradient(y, x).numpy())
print("dy/dx:", answer)
''', False, "grad drops upstream, so only the innermost link's local derivative 2·3 = 6 reaches x",
           ('upstream',)),
    Answer('01.chain_derivative', 'forward-value', r'''
from typing import Tuple


def run_chain(x0: float, n_links: int = 3) -> Tuple[float, float]:
    """Evaluate the chain f(f(f(x))) link by link, returning (result, x0).

    The result is accumulated in float64 so no precision is lost for large powers.
    """
    v = tf.constant(x0, dtype=tf.float64)
    for _ in range(n_links):
        v = tf.square(v)
    return float(v.numpy()), x0


answer, _x0 = run_chain(3.0)
assert answer == 3.0 ** 8
print("result at x = 3:", answer)
''', False, '6561 is the value y = 3⁸, not its derivative',
           ('value',)),
    # ---- set y
    Answer('01.chain_derivative', 'reduce-over-link-inputs', r'''
from functools import reduce
answer = reduce(lambda acc, v: acc * 2 * v, (3, 9, 81), 1)   # local 2v at each link input, multiplied
''', True),
    Answer('01.chain_derivative', 'summed-the-locals', r'''
locals_ = [2 * 3, 2 * 9, 2 * 81]
answer = sum(locals_)
''', False, 'The chain rule multiplies the local derivatives (6·18·162); adding them gives 186.',
           ('product|multipl',)),
    Answer('01.chain_derivative', 'outermost-link-only', r'''
answer = 2 * 81   # the last square sees 81
''', False, "162 is only the outermost link's local derivative; the two inner links' locals must multiply it too.",
           ('product|multipl|chain',)),
    Answer('01.chain_derivative', 'outputs-instead-of-inputs', r'''
x1 = 3 ** 2
x2 = x1 ** 2
y = x2 ** 2
answer = (2 * x1) * (2 * x2) * (2 * y)    # 2 times each value along the chain
''', False, "Each local derivative 2v uses the link's input (3, 9, 81), not its output (9, 81, 6561).",
           ('input',)),
]
