"""Exercise 01.upstreams: a wrong answer for each mistake it names, and answers written from the learner's side."""

from answer_kit import Answer

KEY = "01.upstreams"

MISTAKES = {
    'reversed': [2916, 162, 1],
    'downstream': [162, 2916, 17496],
    'local': [162, 18, 6],
    'upstream_ignored': [1, 1, 1],
    'forward': [9, 81, 6561],
    'forward_mode': [1, 6, 108],
    'not_accumulated': [1, 162, 18],
    'worked_example': [1, 32, 256],
    'upstream_twice': [1, 162, 162 * 18 * 162],
}

ANSWERS = [
    # ---- set a
    Answer('01.upstreams', 'int list', r'''
upstreams = [1, 162, 2916]
''', True),
    Answer('01.upstreams', 'computed floats', r'''
u1 = 1.0
u2 = u1 * 2 * 81     # outermost link saw 81
u3 = u2 * 2 * 9      # middle link saw 9
upstreams = [u1, u2, u3]
''', True),
    Answer('01.upstreams', 'numpy array', r'''
upstreams = np.array([1.0, 162.0, 2916.0])
''', True),
    Answer('01.upstreams', 'read off a ChainTrace', r'''
trace = helpers.ChainTrace()
f = trace.link("f", forward=lambda v: v ** 2, local=lambda v: 2 * v)
x = tf.constant(3.0)
with tf.GradientTape() as tape:
    tape.watch(x)
    y = f(f(f(x)))
tape.gradient(y, x)
upstreams = [float(r.upstream) for r in trace.backward]
''', True),
    Answer('01.upstreams', 'reversed order (innermost first)', r'''
upstreams = [2916, 162, 1]
''', False, 'right numbers in the wrong order: the backward pass visits the outermost call first',
           ('order|reverse|outermost',)),
    Answer('01.upstreams', 'downstreams instead of upstreams', r'''
upstreams = [162, 2916, 17496]
''', False, 'these are the downstreams (what each call passes on), shifted by one from the upstreams',
           ('downstream',)),
    Answer('01.upstreams', 'local derivatives instead', r'''
upstreams = [2 * 81, 2 * 9, 2 * 3]
''', False, "these are the local derivatives, not the upstreams (products of the later links' locals)",
           ('local',)),
    Answer('01.upstreams', 'forgot the first upstream 1', r'''
upstreams = [162, 2916]
''', False, 'only two numbers: the outermost call also receives an upstream, dy/dy = 1',
           ('three|3 numbers|outermost|dy/dy',)),
    Answer('01.upstreams', 'forward values', r'''
upstreams = [9, 81, 6561]
''', False, 'these are the forward outputs of the three calls, not the upstream gradients',
           ('forward|value',)),
    Answer('01.upstreams', 'copied the x = 2 trace', r'''
upstreams = [1, 32, 256]
''', False, "upstreams of the notebook's worked example at x = 2; redo them for x = 3",
           ('x = 2|x=2|at 2|x = 3|x=3',)),
    Answer('01.upstreams', 'forward-mode accumulation from the innermost call', r'''
# started at the input: 1, then 2*3, then 2*3 * 2*9
upstreams = [1, 6, 108]
''', False, 'accumulated from the input side (forward mode); backward starts at the outermost call with 1 and multiplies by 2·81 first',
           ('outermost|backward|order',)),
    Answer('01.upstreams', 'stub left unchanged [...]', r'''
upstreams = [...]   # three numbers
''', False, 'the [...] placeholder was not replaced',
           ('...|Ellipsis|replace|number',)),
    Answer('01.upstreams', 'one string', r'''
upstreams = "1, 162, 2916"
''', False, 'one string instead of a list of three numbers',
           ('string|list',)),
    # ---- set aa
    Answer('01.upstreams', 'loop-over-reversed-inputs', r'''
inputs = [3.0]
for _ in range(2):
    inputs.append(inputs[-1] ** 2)       # 3, 9, 81: what each call sees
upstreams, up = [], 1.0                   # the outermost call starts with dL/dy = 1
for v in reversed(inputs):
    upstreams.append(up)
    up = up * 2 * v                       # its downstream is the next call's upstream
''', True),
    Answer('01.upstreams', 'downstreams-instead', r'''
upstreams = []
up = 1.0
for v in [81, 9, 3]:
    up = up * 2 * v
    upstreams.append(up)
''', False, 'these are the downstreams each call passes on; the upstream a call receives is the value before its own local derivative is multiplied in (the first is 1)',
           ('downstream',)),
    Answer('01.upstreams', 'forward-order', r'''
upstreams = [2916, 162, 1]   # first call, second call, third call
''', False, 'right numbers, wrong order: the backward pass visits the outermost call first, so its upstream 1 comes first',
           ('order|reverse|outermost|backward',)),
    Answer('01.upstreams', 'multiply-upstream-twice', r'''
upstreams, up = [], 1.0
for v in [81, 9, 3]:
    upstreams.append(up)
    up = up * (2 * v) * up      # local times upstream ... times upstream again, to be sure
''', False, 'the downstream is local × upstream once; multiplying by upstream a second time squares it (the third entry)',
           ('twice|squar|once|again',)),
    # ---- set e
    Answer('01.upstreams', 'tuple of floats', r'''
upstreams = (1.0, 162.0, 162.0 * 18.0)
''', True),
    Answer('01.upstreams', 'computed with a backward loop', r'''
xs = [3.0, 9.0, 81.0]            # what the three calls see
up = 1.0
upstreams = []
for v in reversed(xs):           # backward: the outermost call first
    upstreams.append(up)
    up = up * 2 * v              # downstream becomes the next upstream
''', True),
    Answer('01.upstreams', 'downstreams instead of upstreams', r'''
upstreams = [162, 2916, 17496]
''', False, 'These are what each call passes on (downstream); each call receives the previous one: 1, 162, 2916.',
           ('downstream|receive',)),
    Answer('01.upstreams', 'forward order', r'''
upstreams = [2916, 162, 1]   # innermost call first
''', False, 'Right numbers in the wrong order: the backward pass visits the outermost call first.',
           ('order|reverse|outermost|backward',)),
    Answer('01.upstreams', 'local derivatives listed', r'''
upstreams = [162, 18, 6]   # each link's slope, outermost first
''', False, 'These are the local derivatives; upstream is the product of all the locals after that call.',
           ('local',)),
    # ---- set f
    Answer('01.upstreams', 'plain_list', r'''
upstreams = [1, 162, 2916]
''', True),
    Answer('01.upstreams', 'chaintrace_demo_at_three', r'''
trace = helpers.ChainTrace()
f = trace.link("f", forward=lambda v: v ** 2, local=lambda v: 2 * v)
x = tf.constant(3.0)
with tf.GradientTape() as tape:
    tape.watch(x)
    y = f(f(f(x)))
tape.gradient(y, x)
upstreams = [float(r.upstream) for r in trace.backward]
''', True),
    Answer('01.upstreams', 'local_derivatives_instead', r'''
upstreams = [2 * 81, 2 * 9, 2 * 3]
''', False, 'These are the local derivatives 2·81, 2·9, 2·3; upstream is the product of the locals after each call.',
           ('local|product|multipl|downstream',)),
    Answer('01.upstreams', 'chaintrace_demo_x2_kept', r'''
trace = helpers.ChainTrace()
f = trace.link("f", forward=lambda v: v ** 2, local=lambda v: 2 * v)
x = tf.constant(2.0)
with tf.GradientTape() as tape:
    tape.watch(x)
    y = f(f(f(x)))
dy_dx = tape.gradient(y, x)
upstreams = [float(r.upstream) for r in trace.backward]
''', False, "The demo's x = 2 was kept ([1, 32, 256]); the exercise uses x = 3.",
           ('x = 3|x=3|x = 2|x=2|point|256',)),
    Answer('01.upstreams', 'set_of_upstreams', r'''
upstreams = {1, 162, 2916}
''', False, 'A set has no order; the exercise asks for the upstreams in backward order, as a list.',
           ('order|list|set',)),
    Answer('01.upstreams', 'reversed_iterator', r'''
upstreams = reversed([2916, 162, 1])   # written innermost first, then reversed
''', False, 'reversed() gives a one-shot iterator, not a list of three numbers; write the list in backward order.',
           ('list|iterator|reversed',)),
    # ---- set g
    Answer('01.upstreams', 'products-written-out', r'''
upstreams = [1, 2 * 81, 2 * 81 * 2 * 9]
''', True),
    Answer('01.upstreams', 'as-a-tensor', r'''
upstreams = tf.constant([1.0, 162.0, 2916.0])
''', True),
    Answer('01.upstreams', 'read-from-chaintrace', r'''
trace = helpers.ChainTrace()
f = trace.link("f", forward=lambda v: v ** 2, local=lambda v: 2 * v)
x = tf.constant(3.0)
with tf.GradientTape() as tape:
    tape.watch(x)
    y = f(f(f(x)))
tape.gradient(y, x)
upstreams = [r.upstream for r in trace.backward]
''', True),
    Answer('01.upstreams', 'list-reverse-returns-none', r'''
forward_order = [2916, 162, 1]          # upstreams of the calls that see 3, 9, 81
upstreams = forward_order.reverse()     # the backward pass visits them in reverse
''', False, 'list.reverse() reverses in place and returns None, so upstreams is None',
           ('None|list',)),
    Answer('01.upstreams', 'four-including-dydx', r'''
upstreams = [1, 162, 2916, 17496]
''', False, "17496 is dy/dx, the last link's downstream, not an upstream any call receives: three calls, three upstreams",
           ('three|3 |downstream|dy/dx|17496',)),
    Answer('01.upstreams', 'local-derivatives', r'''
upstreams = [2 * 81, 2 * 9, 2 * 3]
''', False, 'these are the local derivatives of the three links; each upstream is the product of the locals after it',
           ('local|product|downstream',)),
    # ---- set holdout
    Answer('01.upstreams', 'cumulative product of locals', r'''
locals_backward = [2 * 81, 2 * 9, 2 * 3]
upstreams = [1] + list(np.cumprod(locals_backward)[:2])
''', True),
    Answer('01.upstreams', 'forward order', r'''
upstreams = [2916, 162, 1]
''', False, 'The backward pass visits the outermost call first, so its upstream comes first.',
           ('order|reverse|outermost|backward',)),
    Answer('01.upstreams', 'downstreams listed', r'''
upstreams = [162, 2916, 17496]
''', False, 'These are what each call passes downstream; the upstream is what it receives.',
           ('downstream',)),
    Answer('01.upstreams', 'local derivatives listed', r'''
upstreams = [2 * 81, 2 * 9, 2 * 3]
''', False, 'These are the local derivatives; upstream is the product of everything after the call.',
           ('local',)),
    Answer('01.upstreams', 'numbers of x = 2 example', r'''
upstreams = [1, 32, 256]
''', False, 'These are the upstreams of the worked example at x = 2; the exercise is at x = 3.',
           ('x = 2|example|x = 3',)),
    Answer('01.upstreams', 'four entries with final gradient', r'''
upstreams = [1, 162, 2916, 17496]
''', False, "There are three calls, so three upstreams; 17496 is dL/dx, nobody's upstream.",
           ('three|3 numbers|three numbers|count|length|4',)),
    # ---- set i
    Answer('01.upstreams', 'cumprod-of-locals', r'''
locals_backward = [2 * 81, 2 * 9]                  # outermost first
upstreams = [float(u) for u in np.cumprod([1] + locals_backward)]
''', True),
    Answer('01.upstreams', 'loop-from-the-output', r'''
upstreams = []
up = 1.0
for seen in (81, 9, 3):          # the calls' inputs, outermost first
    upstreams.append(up)
    up = up * 2 * seen
''', True),
    Answer('01.upstreams', 'reversed-order', r'''
upstreams = [2916, 162, 1]
''', False, 'right numbers in the wrong order: the backward pass visits the outermost call first',
           ('order|reverse|outermost|first',)),
    Answer('01.upstreams', 'downstreams-instead', r'''
upstreams = [162, 2916, 17496]     # what each call passes back
''', False, 'these are the downstreams each call sends back, not the upstreams it receives',
           ('downstream',)),
    Answer('01.upstreams', 'local-derivatives', r'''
upstreams = [2 * 81, 2 * 9, 2 * 3]
''', False, 'these are the local derivatives of the links; upstream is the product of the locals after each link',
           ('local',)),
    Answer('01.upstreams', 'copied-x2-trace', r'''
upstreams = [1, 32, 256]     # as in the trace table
''', False, 'those are the upstreams of the x = 2 example; the exercise is at x = 3',
           ('x = 3|x=3|at 3|x = 2|x=2|at 2',)),
    Answer('01.upstreams', 'forgot-the-first-call', r'''
upstreams = [162, 2916]
''', False, 'only two numbers: the outermost call also receives an upstream (1, since L is y)',
           ('three|3 numbers|first|outermost|1',)),
    # ---- set k
    Answer('01.upstreams', 'recording-custom-gradient', r'''
class Recorder:
    """A square link that writes down every upstream it receives."""
    def __init__(self):
        self.seen = []

    def make_link(self):
        @tf.custom_gradient
        def link(v):
            def grad(upstream):
                self.seen.append(float(upstream))
                return upstream * 2 * v
            return v ** 2, grad
        return link

rec = Recorder()
f = rec.make_link()
x = tf.constant(3.0, dtype=tf.float64)
with tf.GradientTape() as tape:
    tape.watch(x)
    y = f(f(f(x)))
tape.gradient(y, x)
upstreams = rec.seen      # in the order backward visited them
''', True),
    Answer('01.upstreams', 'forward-order', r'''
upstreams = [2916, 162, 1]   # first call, second call, third call
''', False, 'Those are in forward order; list them as the backward pass visits them, outermost call first.',
           ('order|reverse|outermost',)),
    Answer('01.upstreams', 'downstreams-instead', r'''
ups = []
running = 1
for v in (81, 9, 3):       # backward order: outermost first
    running = running * 2 * v
    ups.append(running)
upstreams = ups
''', False, 'Those are the downstreams each call passes on; its upstream is what it receives, starting with 1.',
           ('downstream',)),
    Answer('01.upstreams', 'local-derivatives', r'''
upstreams = [2 * 81, 2 * 9, 2 * 3]   # each link's derivative, outermost first
''', False, 'Those are the local derivatives; upstream is the product of everything after the call, starting at 1.',
           ('local',)),
    Answer('01.upstreams', 'four-with-final', r'''
# second try: start at 1 and keep multiplying, include the final dy/dx as well
upstreams = [1, 162, 2916, 17496]
''', False, 'There are three calls, so three upstreams; 17496 is dy/dx, which no call receives.',
           ('three|four',)),
    Answer('01.upstreams', 'local-not-multiplied', r'''
upstreams = [1, 2 * 81, 2 * 9]   # each call gets the derivative from the one after it
''', False, 'Each upstream is the previous upstream times the local derivative: the third is 162·18, not 18.',
           ('multiply|times|product',)),
    # ---- set m
    Answer('01.upstreams', 'chaintrace-came-back', r'''
trace3 = helpers.ChainTrace()
f3 = trace3.link("f", forward=lambda v: v ** 2, local=lambda v: 2 * v)
x3 = tf.constant(3.0, tf.float64)
with tf.GradientTape() as tape3:
    tape3.watch(x3)
    y3 = f3(f3(f3(x3)))
tape3.gradient(y3, x3)
upstreams = [float(r.upstream) for r in trace3.backward]
''', True),
    Answer('01.upstreams', 'forward-order', r'''
upstreams = [2916, 162, 1]
''', False, 'The backward pass visits the outermost call first: list them in backward order.',
           ('order|backward|outermost',)),
    Answer('01.upstreams', 'downstreams', r'''
upstreams = [162, 2916, 17496]
''', False, 'These are the downstreams each call sends on; the upstream is what it receives.',
           ('downstream|receive',)),
    Answer('01.upstreams', 'locals', r'''
upstreams = [2 * 81, 2 * 9, 2 * 3]
''', False, 'These are the local derivatives, not the upstreams the calls receive.',
           ('local',)),
    Answer('01.upstreams', 'four-numbers', r'''
ups = [1]
for v in (81, 9, 3):
    ups.append(ups[-1] * 2 * v)
upstreams = ups          # includes dL/dx at the end
''', False, "Three calls, three upstreams: the final dy/dx is no call's upstream.",
           ('three|four|calls',)),
    # ---- set n
    Answer('01.upstreams', 'cumulative products', r'''
locals_backward = [2 * 81.0, 2 * 9.0]       # the outer two links' local derivatives
upstreams = [1.0]
for local in locals_backward:
    upstreams.append(upstreams[-1] * local)
''', True),
    Answer('01.upstreams', 'read from a ChainTrace', r'''
trace = helpers.ChainTrace()
f = trace.link("f", forward=lambda v: v ** 2, local=lambda v: 2 * v)
x = tf.constant(3.0, dtype=tf.float64)
with tf.GradientTape() as tape:
    tape.watch(x)
    y = f(f(f(x)))
tape.gradient(y, x)
upstreams = [float(r.upstream) for r in trace.backward]
''', True),
    Answer('01.upstreams', 'forward order', r'''
upstreams = [2916.0, 162.0, 1.0]
''', False, 'right numbers in the wrong order: the backward pass starts at the outermost call',
           ('order|reverse|backward',)),
    Answer('01.upstreams', 'downstreams instead', r'''
upstreams = [2 * 81, 2 * 81 * 2 * 9, 2 * 81 * 2 * 9 * 2 * 3]
''', False, 'these are the downstreams each call passes on, one step too far',
           ('downstream',)),
    Answer('01.upstreams', 'local derivatives', r'''
upstreams = [2 * 81, 2 * 9, 2 * 3]
''', False, 'these are the local derivatives of the three links, not what each receives',
           ('local',)),
    Answer('01.upstreams', 'dict by link name', r'''
upstreams = {"outer": 1.0, "middle": 162.0, "inner": 2916.0}
''', False, 'a dict, not a list of three numbers',
           ('list',)),
    # ---- set p
    Answer('01.upstreams', 'record-from-custom-gradient', r'''
seen = []

@tf.custom_gradient
def sq(x):
    def grad(upstream):
        seen.append(float(upstream))   # what this call receives
        return upstream * 2 * x
    return x * x, grad

x = tf.constant(3.0)
with tf.GradientTape() as tape:
    tape.watch(x)
    y = sq(sq(sq(x)))
tape.gradient(y, x)
upstreams = seen
''', True),
    Answer('01.upstreams', 'downstreams-from-backward', r'''
# torch-style: grad_input of each backward call, outermost first
upstreams = [2 * 81 * 1, 2 * 9 * 162, 2 * 3 * 2916]
''', False, 'these are what each call passes on (downstream); the upstream is what it receives, starting from 1',
           ('downstream|receive',)),
    Answer('01.upstreams', 'forward-order', r'''
upstreams = [2916.0, 162.0, 1.0]       # x -> x1 -> x2 -> y
''', False, 'right numbers in the wrong order: the backward pass visits the outermost call first',
           ('order|outermost|reverse',)),
    Answer('01.upstreams', 'saved-locals', r'''
saved = [3.0, 9.0, 81.0]               # ctx.save_for_backward of each call
upstreams = [2 * v for v in reversed(saved)]
''', False, 'these are the local derivatives 2x of each call, not the upstream it receives',
           ('local',)),
    # ---- set s
    Answer('01.upstreams', 'loop-accumulate', r'''
upstreams = []
up = 1.0
for v in (81, 9, 3):        # inputs of the calls, outermost first
    upstreams.append(up)
    up = up * 2 * v         # downstream becomes the next call's upstream
''', True),
    Answer('01.upstreams', 'forward-order', r'''
upstreams = [2916, 162, 1]
''', False, 'right numbers in the wrong order: the backward pass visits the outermost call first',
           ('order|backward|reverse',)),
    Answer('01.upstreams', 'downstreams', r'''
upstreams = [2 * 81, 2 * 81 * 2 * 9, 2 * 81 * 2 * 9 * 2 * 3]
''', False, 'these are the downstreams each call passes on; its upstream is what it receives',
           ('downstream',)),
    Answer('01.upstreams', 'local-derivatives', r'''
upstreams = [2 * 81, 2 * 9, 2 * 3]   # d(output)/d(input) of each call
''', False, "these are each call's local derivatives; upstream is dL/d(output), the product of the later locals",
           ('local',)),
    # ---- set u
    Answer('01.upstreams', 'tf-scan-over-locals', r'''
inputs = tf.constant([3.0, 9.0, 81.0])           # what the three calls receive, forward order
local = 2 * tf.reverse(inputs, axis=[0])          # backward order: 162, 18, 6
running = tf.scan(lambda acc, l: acc * l, local[:-1], initializer=tf.constant(1.0))
upstreams = [1.0] + running.numpy().tolist()
''', True),
    Answer('01.upstreams', 'downstreams-instead', r'''
upstreams = []
up = 1
for v in (81, 9, 3):          # backward order
    up = up * 2 * v           # local × upstream
    upstreams.append(up)
''', False, 'These are the downstreams each call passes on; the upstream a call receives is the value before its own local factor (the outermost receives 1).',
           ('downstream',)),
    Answer('01.upstreams', 'forward-order', r'''
upstreams = [2916, 162, 1]
''', False, 'Right numbers in the wrong order: the backward pass visits the outermost call first, which receives 1.',
           ('order|reverse|backward|outermost',)),
    Answer('01.upstreams', 'local-derivatives', r'''
upstreams = [2 * v for v in (81, 9, 3)]   # each link's slope, outermost first
''', False, "These are the local derivatives; upstream is the derivative of the final result with respect to the call's output.",
           ('local',)),
    # ---- set w
    Answer('01.upstreams', 'reverse-accumulate', r'''
from typing import List


def backward_upstreams(x0: float, n_links: int = 3) -> List[float]:
    """Upstream received by each call of f(v) = v**2, outermost call first.

    The outermost call receives dL/dy = 1; each call passes local * upstream to the one before,
    where it becomes that call's upstream.
    """
    inputs = []
    v = float(x0)
    for _ in range(n_links):
        inputs.append(v)
        v = v * v
    upstreams, up = [], 1.0
    for v_in in reversed(inputs):          # backward order
        upstreams.append(up)
        up = 2.0 * v_in * up               # downstream becomes the next upstream
    return upstreams


upstreams = backward_upstreams(3.0)
assert upstreams[0] == 1.0
assert len(upstreams) == 3
print(upstreams)
''', True),
    Answer('01.upstreams', 'local-derivatives', r'''
from typing import List


def per_link_upstream(x0: float) -> List[float]:
    """Gradient signal at each link, outermost first.

    Each link's signal is d(link output)/d(link input) = 2v, evaluated at the value it saw.
    """
    seen = [x0, x0 ** 2, x0 ** 4]          # inputs of the 3 calls, innermost first
    return [float(2 * v) for v in reversed(seen)]


upstreams = per_link_upstream(3.0)
print("upstreams (outermost first):", upstreams)
''', False, 'these are the local derivatives 2v of each call, not the upstream each call receives',
           ('local',)),
    Answer('01.upstreams', 'downstreams', r'''
from typing import List

trace = helpers.ChainTrace()
f = trace.link("f", forward=lambda v: v ** 2, local=lambda v: 2 * v)

x = tf.constant(3.0, dtype=tf.float64)
with tf.GradientTape() as tape:
    tape.watch(x)
    y = f(f(f(x)))
_ = tape.gradient(y, x)

# The gradient flowing out of each call, in backward order.
upstreams: List[float] = [float(r.downstream) for r in trace.backward]
assert all(u > 0 for u in upstreams)
print(upstreams)
''', False, 'these are what each call passes on (downstream); its upstream is what it receives, starting at 1',
           ('downstream',)),
    Answer('01.upstreams', 'forward-order', r'''
from typing import List


def upstream_schedule(x0: float) -> List[float]:
    """Upstream of each call of the chain, listed call by call.

    Calls are numbered in execution order (innermost first), which is the natural order
    for a program trace.
    """
    inputs = [x0, x0 ** 2, x0 ** 4]
    ups, up = {}, 1.0
    for i in reversed(range(3)):
        ups[i] = up
        up *= 2 * inputs[i]
    return [float(ups[i]) for i in range(3)]      # execution order


upstreams = upstream_schedule(3.0)
print(upstreams)
''', False, 'right numbers, wrong order: the backward pass visits the outermost call first',
           ('order|reverse|backward',)),
    # ---- set y
    Answer('01.upstreams', 'read-off-a-chaintrace', r'''
trace = helpers.ChainTrace()
sq = trace.link("f", forward=lambda v: v ** 2, local=lambda v: 2 * v)
x = tf.constant(3.0)
with tf.GradientTape() as tape:
    tape.watch(x)
    y = sq(sq(sq(x)))
tape.gradient(y, x)
upstreams = [float(r.upstream) for r in trace.backward]
''', True),
    Answer('01.upstreams', 'listed-downstreams', r'''
upstreams = [2 * 81, 2 * 81 * 2 * 9, 2 * 81 * 2 * 9 * 2 * 3]
''', False, "These are what each call passes down (downstream); each call receives the previous call's downstream, starting from 1.",
           ('downstream',)),
    Answer('01.upstreams', 'forward-order', r'''
upstreams = [2916, 162, 1]
''', False, 'Right numbers in the wrong order: the backward pass visits the outermost call first, which receives 1.',
           ('order|outermost|reverse|backward',)),
    Answer('01.upstreams', 'local-derivatives', r'''
upstreams = [2 * 81, 2 * 9, 2 * 3]   # what each call works with on the way back
''', False, "These are the links' local derivatives; upstream is the product of the locals of the calls after it.",
           ('local',)),
]
