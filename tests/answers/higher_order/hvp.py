"""Exercise 07.hvp: a wrong answer for each mistake it names, and answers written from the learner's side."""

import tensorflow as tf

from answer_kit import Answer, hvp_diagonal, hvp_finite_differences, hvp_forward_over_reverse, hvp_of, hvp_outside_outer_tape, hvp_v_given_to_the_first_gradient, softplus_sum

KEY = "07.hvp"

MISTAKES = {
    'full_hessian': lambda f, x, v: tf.linalg.diag(tf.sigmoid(x) * (1 - tf.sigmoid(x))),
    'gradient_only': lambda f, x, v: tf.sigmoid(x),
    'v_ignored': lambda f, x, v: tf.sigmoid(x) * (1 - tf.sigmoid(x)),
    'none': lambda f, x, v: hvp_outside_outer_tape(x, v),
    'wrong_shape': lambda f, x, v: tf.reshape(hvp_of(f, x, v), (-1, 1)),
    'directional_only': lambda f, x, v: tf.reduce_sum(tf.sigmoid(x) * v),
    'diagonal_only': lambda f, x, v: hvp_diagonal(f, x, v),
    'only_softplus': lambda f, x, v: hvp_of(softplus_sum, x, v),
    'wrong_kind': lambda f, x, v: (hvp_of(f, x, v), v),
    'swapped': lambda f, x, v: hvp_of(f, v, x),
    'approximate': hvp_finite_differences,
    'forward_over_reverse': hvp_forward_over_reverse,
    'wrong_dtype': lambda f, x, v: tf.cast(hvp_of(f, x, v), tf.float32),
    'scaled': lambda f, x, v: hvp_of(f, x, v) / 3.0,
    'v_to_first': hvp_v_given_to_the_first_gradient,
}

ANSWERS = [
    # ---- set ab
    Answer('07.hvp', 'output-gradients-v', r'''
def hvp(f, x, v):
    with tf.GradientTape() as outer:
        outer.watch(x)
        with tf.GradientTape() as inner:
            inner.watch(x)
            y = f(x)
        g = inner.gradient(y, x)
    # seeding the second backward pass with v gives (dg/dx)^T v = H^T v = H v
    return outer.gradient(g, x, output_gradients=v)
''', True),
    Answer('07.hvp', 'hessian-diagonal-times-v', r'''
def hvp(f, x, v):
    with tf.GradientTape() as outer:
        outer.watch(x)
        with tf.GradientTape() as inner:
            inner.watch(x)
            y = f(x)
        g = inner.gradient(y, x)
    second = outer.gradient(g, x)       # second derivatives
    return second * v
''', False, "outer.gradient(g, x) differentiates the sum of g's entries (the Hessian's row sums), and multiplying by v entry by entry is only right for a diagonal Hessian: differentiate g·v instead.",
           ('diagonal|row sum|sum of',)),
    Answer('07.hvp', 'dot-product-after-the-tape', r'''
def hvp(f, x, v):
    with tf.GradientTape() as outer:
        outer.watch(x)
        with tf.GradientTape() as inner:
            inner.watch(x)
            y = f(x)
    g = inner.gradient(y, x)
    gv = tf.reduce_sum(g * v)
    return outer.gradient(gv, x)
''', False, "The first gradient and g·v are computed after the outer tape has stopped recording, so the outer tape has no path to x and returns None: compute them inside the outer tape's block.",
           ('tape|record|None',)),
    Answer('07.hvp', 'tensordot-axes-zero', r'''
def hvp(f, x, v):
    with tf.GradientTape() as outer:
        outer.watch(x)
        with tf.GradientTape() as inner:
            inner.watch(x)
            y = f(x)
        g = inner.gradient(y, x)
        gv = tf.tensordot(g, v, axes=0)      # g · v
    return outer.gradient(gv, x)
''', False, "tf.tensordot with axes=0 is the outer product g vᵀ, not the dot product g·v (axes=1): its gradient is H times the sum of v's entries, not H v.",
           ('outer product|axes|dot',)),
    # ---- set b
    Answer('07.hvp', 'reverse over reverse, output_gradients', r'''
def hvp(f, x, v):
    with tf.GradientTape() as outer:
        outer.watch(x)
        with tf.GradientTape() as inner:
            inner.watch(x)
            y = f(x)
        g = inner.gradient(y, x)
    return outer.gradient(g, x, output_gradients=v)
''', True),
    Answer('07.hvp', 'forward over reverse, ForwardAccumulator', r'''
def hvp(f, x, v):
    with tf.autodiff.ForwardAccumulator(primals=x, tangents=v) as acc:
        with tf.GradientTape() as tape:
            tape.watch(x)
            y = f(x)
        g = tape.gradient(y, x)
    return acc.jvp(g)
''', False, 'Correct values, but by forward over reverse; the exercise asks for reverse over reverse.',
           ('reverse over reverse',)),
    Answer('07.hvp', 'gradient of g . v', r'''
def hvp(f, x, v):
    x = tf.convert_to_tensor(x)
    with tf.GradientTape() as t2:
        t2.watch(x)
        with tf.GradientTape() as t1:
            t1.watch(x)
            fx = f(x)
        grad_f = t1.gradient(fx, x)
        directional = tf.reduce_sum(grad_f * tf.stop_gradient(v))
    return t2.gradient(directional, x)
''', True),
    Answer('07.hvp', 'gradient of the gradient times v', r'''
def hvp(f, x, v):
    with tf.GradientTape() as outer:
        outer.watch(x)
        with tf.GradientTape() as inner:
            inner.watch(x)
            y = f(x)
        g = inner.gradient(y, x)
    return outer.gradient(g, x) * v
''', False, 'd(sum g)/dx * v is H·v only when H is diagonal; pass v as output_gradients',
           ('diagonal',)),
    Answer('07.hvp', 'sigmoid slope formula', r'''
def hvp(f, x, v):
    s = tf.sigmoid(x)
    return s * (1 - s) * v
''', False, "sigma'(x)·v is the answer for softplus_sum only (diagonal Hessian); differentiate f",
           ('diagonal|any function|softplus',)),
    Answer('07.hvp', 'softplus_sum instead of f', r'''
def hvp(f, x, v):
    with tf.GradientTape() as outer:
        outer.watch(x)
        with tf.GradientTape() as inner:
            inner.watch(x)
            y = softplus_sum(x)
        g = inner.gradient(y, x)
    return outer.gradient(g, x, output_gradients=v)
''', False, 'calls softplus_sum instead of the f it was given',
           ('argument|softplus_sum|ignores f',)),
    Answer('07.hvp', 'old signature hvp(x, v)', r'''
def hvp(x, v):
    with tf.GradientTape() as outer:
        outer.watch(x)
        with tf.GradientTape() as inner:
            inner.watch(x)
            y = softplus_sum(x)
        g = inner.gradient(y, x)
    return outer.gradient(g, x, output_gradients=v)
''', False, 'the function must take (f, x, v) and use f',
           ('argument|signature|positional',)),
    Answer('07.hvp', 'gradient only, one tape', r'''
def hvp(f, x, v):
    with tf.GradientTape() as tape:
        tape.watch(x)
        y = f(x)
    return tape.gradient(y, x, output_gradients=v)
''', False, 'one tape gives the (scaled) gradient, not the Hessian-vector product: differentiate twice',
           ('second|Hessian|two tapes',)),
    Answer('07.hvp', 'outer tape does not watch x', r'''
def hvp(f, x, v):
    with tf.GradientTape() as outer:
        with tf.GradientTape() as inner:
            inner.watch(x)
            y = f(x)
        g = inner.gradient(y, x)
    return outer.gradient(g, x, output_gradients=v)
''', False, 'x is a constant: the outer tape must watch it too, else the result is None',
           ('watch',)),
    Answer('07.hvp', 'inner gradient taken outside outer tape', r'''
def hvp(f, x, v):
    with tf.GradientTape() as outer:
        outer.watch(x)
        with tf.GradientTape() as inner:
            inner.watch(x)
            y = f(x)
    g = inner.gradient(y, x)
    return outer.gradient(g, x, output_gradients=v)
''', False, 'the first gradient must be computed while the outer tape records, else None',
           ('None|outer|record',)),
    Answer('07.hvp', 'full Hessian via jacobian', r'''
def hvp(f, x, v):
    with tf.GradientTape() as outer:
        outer.watch(x)
        with tf.GradientTape() as inner:
            inner.watch(x)
            y = f(x)
        g = inner.gradient(y, x)
    H = outer.jacobian(g, x)
    return tf.linalg.matvec(H, v)
''', False, 'builds the whole Hessian with jacobian; the point is H·v without forming H',
           ('Hessian|jacobian',)),
    Answer('07.hvp', 'ForwardAccumulator primals and tangents swapped', r'''
def hvp(f, x, v):
    with tf.autodiff.ForwardAccumulator(v, x) as acc:
        with tf.GradientTape() as tape:
            tape.watch(x)
            y = f(x)
        g = tape.gradient(y, x)
    return acc.jvp(g)
''', False, 'ForwardAccumulator(primals=x, tangents=v): with the two swapped the result is None',
           ('ForwardAccumulator|tangent|primal|None',)),
    Answer('07.hvp', 'tf.hessians (graph-only API)', r'''
def hvp(f, x, v):
    H = tf.hessians(f(x), x)[0]
    return tf.linalg.matvec(H, v)
''', False, 'tf.hessians works only in TF1 graphs (raises eagerly) and builds H anyway; use two GradientTapes',
           ('eager|GradientTape|tf.hessians',)),
    Answer('07.hvp', 'returns (gradient, Hv) pair', r'''
def hvp(f, x, v):
    with tf.GradientTape() as outer:
        outer.watch(x)
        with tf.GradientTape() as inner:
            inner.watch(x)
            y = f(x)
        g = inner.gradient(y, x)
    Hv = outer.gradient(g, x, output_gradients=v)
    return g, Hv
''', False, 'return only H·v, one tensor, not a (gradient, H·v) tuple',
           ('tuple|one tensor',)),
    # ---- set d
    Answer('07.hvp', 'two tapes, output_gradients=v', r'''
def hvp(f, x, v):
    with tf.GradientTape() as outer:
        outer.watch(x)
        with tf.GradientTape() as inner:
            inner.watch(x)
            y = f(x)
        g = inner.gradient(y, x)
    return outer.gradient(g, x, output_gradients=v)
''', True),
    Answer('07.hvp', 'gradient of g·v', r'''
def hvp(f, x, v):
    with tf.GradientTape() as outer:
        outer.watch(x)
        with tf.GradientTape() as inner:
            inner.watch(x)
            y = f(x)
        g = inner.gradient(y, x)
        gv = tf.reduce_sum(g * tf.stop_gradient(v))      # d(g·v)/dx = Hᵀv = Hv
    return outer.gradient(gv, x)
''', True),
    Answer('07.hvp', 'one persistent tape', r'''
def hvp(f, x, v):
    with tf.GradientTape(persistent=True) as tape:
        tape.watch(x)
        y = f(x)
        g = tape.gradient(y, x)                          # recorded: the tape is still open
    hv = tape.gradient(g, x, output_gradients=v)
    del tape
    return hv
''', True),
    Answer('07.hvp', 'forward over reverse (ForwardAccumulator)', r'''
def hvp(f, x, v):
    with tf.autodiff.ForwardAccumulator(x, v) as accumulator:
        with tf.GradientTape() as tape:
            tape.watch(x)
            y = f(x)
        g = tape.gradient(y, x)
    return accumulator.jvp(g)
''', False, 'Right numbers, but that is forward over reverse, the method shown above; the exercise asks for reverse over reverse (two GradientTapes).',
           ('reverse|ForwardAccumulator|forward',)),
    Answer('07.hvp', 'full Hessian with jacobian, then matvec', r'''
def hvp(f, x, v):
    with tf.GradientTape() as outer:
        outer.watch(x)
        with tf.GradientTape() as inner:
            inner.watch(x)
            y = f(x)
        g = inner.gradient(y, x)
    H = outer.jacobian(g, x)
    return tf.linalg.matvec(H, v)
''', False, 'This builds the whole n×n Hessian, which the exercise forbids: pass v as output_gradients instead.',
           ('jacobian|build|Hessian|n×n|matrix|H ',)),
    Answer('07.hvp', 'diagonal trick: gradient of sum(g) times v', r'''
def hvp(f, x, v):
    with tf.GradientTape() as outer:
        outer.watch(x)
        with tf.GradientTape() as inner:
            inner.watch(x)
            y = f(x)
        g = inner.gradient(y, x)
    return outer.gradient(g, x) * v
''', False, 'outer.gradient(g, x) is H·1 (the row sums of H); times v entry by entry it equals Hv only when H is diagonal.',
           ('diagonal',)),
    Answer('07.hvp', 'v never used: H times ones', r'''
def hvp(f, x, v):
    with tf.GradientTape() as outer:
        outer.watch(x)
        with tf.GradientTape() as inner:
            inner.watch(x)
            y = f(x)
        g = inner.gradient(y, x)
    return outer.gradient(g, x)
''', False, 'Without output_gradients=v the outer tape computes H·1, not H·v: v is never used.',
           ('v|output_gradients|direction',)),
    Answer('07.hvp', 'first gradient taken after the outer tape closed', r'''
def hvp(f, x, v):
    with tf.GradientTape() as outer:
        outer.watch(x)
        with tf.GradientTape() as inner:
            inner.watch(x)
            y = f(x)
    g = inner.gradient(y, x)                             # outer no longer records
    return outer.gradient(g, x, output_gradients=v)
''', False, 'The first gradient is computed after the outer tape has stopped recording, so the outer tape finds no path from g to x and returns None.',
           ('None|record|outer|inside|no path',)),
    Answer('07.hvp', 'outer.watch forgotten', r'''
def hvp(f, x, v):
    with tf.GradientTape() as outer:
        with tf.GradientTape() as inner:
            inner.watch(x)
            y = f(x)
        g = inner.gradient(y, x)
    return outer.gradient(g, x, output_gradients=v)
''', False, 'x is a tensor, not a variable: the outer tape must watch it too, or it returns None.',
           ('watch|None',)),
    Answer('07.hvp', 'finite differences of the gradient', r'''
def hvp(f, x, v):
    def gradient(at):
        with tf.GradientTape() as tape:
            tape.watch(at)
            y = f(at)
        return tape.gradient(y, at)
    h = 1e-5
    return (gradient(x + h * v) - gradient(x - h * v)) / (2 * h)
''', False, 'A finite-difference approximation of Hv, not the exact product by reverse over reverse.',
           ('finite|approximat|exact|reverse|tape',)),
    Answer('07.hvp', 'gradient times v (first order only)', r'''
def hvp(f, x, v):
    with tf.GradientTape() as tape:
        tape.watch(x)
        y = f(x)
    return tape.gradient(y, x) * v
''', False, 'That is the gradient times v: a first derivative; Hv needs the gradient differentiated once more.',
           ('second|Hessian|first|gradient',)),
    Answer('07.hvp', 'mean of g·v instead of the sum', r'''
def hvp(f, x, v):
    with tf.GradientTape() as outer:
        outer.watch(x)
        with tf.GradientTape() as inner:
            inner.watch(x)
            y = f(x)
        g = inner.gradient(y, x)
        gv = tf.reduce_mean(g * v)
    return outer.gradient(gv, x)
''', False, 'reduce_mean divides by the number of entries: Hv comes out n times too small; use reduce_sum.',
           ('mean|factor|scale|sum|times|small',)),
    Answer('07.hvp', 'returns a list from gradient([x])', r'''
def hvp(f, x, v):
    with tf.GradientTape() as outer:
        outer.watch(x)
        with tf.GradientTape() as inner:
            inner.watch(x)
            y = f(x)
        g = inner.gradient(y, x)
    return outer.gradient(g, [x], output_gradients=v)
''', False, 'Asking for the gradient with respect to [x] returns a list of one tensor; return the tensor.',
           ('list|tensor|shape',)),
    # ---- set e
    Answer('07.hvp', 'tf.function on top of hvp', r'''
@tf.function
def hvp(f, x, v, unconnected="zero"):
    with tf.GradientTape() as outer:
        outer.watch(x)
        with tf.GradientTape() as inner:
            inner.watch(x)
            y = f(x)
        g = inner.gradient(y, x)
    return outer.gradient(g, x, output_gradients=v)
''', False, '@tf.function on hvp breaks when f is itself a custom-gradient function passed in as an argument (TensorFlow unwraps it and softplus_sum returns its grad function): drop the decorator or close over f.',
           ('tf.function|decorat|custom-gradient function|argument',)),
    Answer('07.hvp', 'dot with v inside the outer tape, unused damping option', r'''
def hvp(f, x, v, damping=0.0):
    with tf.GradientTape() as outer:
        outer.watch(x)
        with tf.GradientTape() as inner:
            inner.watch(x)
            y = f(x)
        g = inner.gradient(y, x)
        g_dot_v = tf.reduce_sum(g * tf.stop_gradient(v))   # gᵀv, v held fixed
    return outer.gradient(g_dot_v, x) + damping * v
''', True),
    Answer('07.hvp', 'one persistent tape, gradient recorded inside', r'''
def hvp(f, x, v):
    with tf.GradientTape(persistent=True) as tape:
        tape.watch(x)
        y = f(x)
        g = tape.gradient(y, x)          # recorded, since the tape is still open
        gv = tf.reduce_sum(g * v)        # gᵀv, v held fixed
    return tape.gradient(gv, x)
''', True),
    Answer('07.hvp', 'row sums times v: right only for diagonal H', r'''
def hvp(f, x, v):
    with tf.GradientTape() as outer:
        outer.watch(x)
        with tf.GradientTape() as inner:
            inner.watch(x)
            y = f(x)
        g = inner.gradient(y, x)
    return outer.gradient(g, x) * v
''', False, 'outer.gradient(g, x) is H·1 (row sums); times v entry by entry is Hv only for a diagonal H. Pass v as output_gradients.',
           ('diagonal|output_gradients|whole|row sum|dot|gᵀv',)),
    Answer('07.hvp', 'builds the Hessian with jacobian', r'''
def hvp(f, x, v):
    with tf.GradientTape() as outer:
        outer.watch(x)
        with tf.GradientTape() as inner:
            inner.watch(x)
            y = f(x)
        g = inner.gradient(y, x)
    H = outer.jacobian(g, x)
    return tf.linalg.matvec(H, v)
''', False, 'Right numbers, but it builds the n×n Hessian, which the exercise asks to avoid: pass v as output_gradients.',
           ('build|hessian|jacobian|n²|n^2|without',)),
    Answer('07.hvp', 'dot product taken after the outer tape closed', r'''
def hvp(f, x, v):
    with tf.GradientTape() as outer:
        outer.watch(x)
        with tf.GradientTape() as inner:
            inner.watch(x)
            y = f(x)
    g = inner.gradient(y, x)
    return outer.gradient(tf.reduce_sum(g * v), x)
''', False, 'The first gradient is computed after the outer tape stopped recording, so the outer tape sees no path: None.',
           ('none|outer|record|inside|tape',)),
    # ---- set f
    Answer('07.hvp', 'persistent_single_tape', r'''
def hvp(f, x, v):
    with tf.GradientTape(persistent=True) as tape:
        tape.watch(x)
        y = f(x)
        g = tape.gradient(y, x)
    return tape.gradient(g, x, output_gradients=v)
''', True),
    Answer('07.hvp', 'dot_inside_outer_tape', r'''
def hvp(f, x, v):
    with tf.GradientTape() as outer:
        outer.watch(x)
        with tf.GradientTape() as inner:
            inner.watch(x)
            y = f(x)
        g = inner.gradient(y, x)
        gv = tf.reduce_sum(g * tf.stop_gradient(v))
    return outer.gradient(gv, x)
''', True),
    Answer('07.hvp', 'dot_after_outer_tape_closed', r'''
def hvp(f, x, v):
    with tf.GradientTape() as outer:
        outer.watch(x)
        with tf.GradientTape() as inner:
            inner.watch(x)
            y = f(x)
        g = inner.gradient(y, x)
    gv = tf.reduce_sum(g * v)          # outside the outer tape: not recorded
    return outer.gradient(gv, x)
''', False, 'gᵀv is computed after the outer tape closed, so the tape never recorded it and the result is None.',
           ('record|inside|tape|context|None|with block',)),
    Answer('07.hvp', 'forward_over_reverse_copied', r'''
def hvp(f, x, v):
    with tf.autodiff.ForwardAccumulator(x, v) as accumulator:
        with tf.GradientTape() as tape:
            tape.watch(x)
            y = f(x)
        g = tape.gradient(y, x)
    return accumulator.jvp(g)
''', False, "This is the notebook's forward-over-reverse; the exercise asks for reverse over reverse (two tapes).",
           ('reverse|two tapes|GradientTape|outer',)),
    Answer('07.hvp', 'diagonal_times_v', r'''
def hvp(f, x, v):
    with tf.GradientTape() as outer:
        outer.watch(x)
        with tf.GradientTape() as inner:
            inner.watch(x)
            y = f(x)
        g = inner.gradient(y, x)
    return outer.gradient(g, x) * v
''', False, 'outer.gradient(g, x) is H·1 (row sums of H), and times v entry by entry is only right for a diagonal H; pass v as output_gradients.',
           ('diagonal|output_gradients|H v|Hv|row',)),
    Answer('07.hvp', 'v_given_to_inner_tape', r'''
def hvp(f, x, v):
    with tf.GradientTape() as outer:
        outer.watch(x)
        with tf.GradientTape() as inner:
            inner.watch(x)
            y = f(x)
        g = inner.gradient(y, x, output_gradients=v)
    return outer.gradient(g, x)
''', False, 'v belongs to the second (outer) gradient: the inner upstream of the scalar f is 1.',
           ('outer|second|output_gradients',)),
    # ---- set g
    Answer('07.hvp', 'output-gradients-v', r'''
def hvp(f, x, v):
    with tf.GradientTape() as outer:
        outer.watch(x)
        with tf.GradientTape() as inner:
            inner.watch(x)
            y = f(x)
        g = inner.gradient(y, x)
    return outer.gradient(g, x, output_gradients=v)
''', True),
    Answer('07.hvp', 'one-persistent-tape', r'''
def hvp(f, x, v):
    with tf.GradientTape(persistent=True) as tape:
        tape.watch(x)
        y = f(x)
        g = tape.gradient(y, x)           # inside the with: the tape records this too
        gv = tf.reduce_sum(g * v)
    return tape.gradient(gv, x)
''', True),
    Answer('07.hvp', 'inner-gradient-outside-outer', r'''
def hvp(f, x, v):
    with tf.GradientTape() as outer:
        outer.watch(x)
        with tf.GradientTape() as inner:
            inner.watch(x)
            y = f(x)
    g = inner.gradient(y, x)
    return outer.gradient(tf.reduce_sum(g * v), x)
''', False, 'the gradient g is computed after the outer tape stopped recording, so the outer tape finds no path: None',
           ('None|outer|record|inside',)),
    Answer('07.hvp', 'tf-hessians', r'''
def hvp(f, x, v):
    H = tf.hessians(f(x), x)[0]
    return tf.linalg.matvec(H, v)
''', False, 'tf.hessians builds the whole Hessian and works only in graph mode (it raises eagerly); use two GradientTapes',
           ('tape|GradientTape|eager|Hessian|graph',)),
    Answer('07.hvp', 'jacobian-builds-hessian', r'''
def hvp(f, x, v):
    with tf.GradientTape() as outer:
        outer.watch(x)
        with tf.GradientTape() as inner:
            inner.watch(x)
            y = f(x)
        g = inner.gradient(y, x)
    H = outer.jacobian(g, x)
    return tf.linalg.matvec(H, v)
''', False, 'right numbers, but outer.jacobian builds the n × n Hessian, which the exercise asks to avoid',
           ('Hessian|jacobian|build|n²|matrix',)),
    Answer('07.hvp', 'forward-over-forward', r'''
def hvp(f, x, v):
    with tf.autodiff.ForwardAccumulator(x, v) as outer:
        with tf.autodiff.ForwardAccumulator(x, v) as inner:
            y = f(x)
        dy = inner.jvp(y)
    return outer.jvp(dy)
''', False, 'two forward passes along v give the number vᵀHv, not the vector Hv',
           ('scalar|shape|number|vᵀ|v^T|v·',)),
    # ---- set holdout
    Answer('07.hvp', 'one persistent tape', r'''
def hvp(f, x, v):
    with tf.GradientTape(persistent=True) as tape:
        tape.watch(x)
        y = f(x)
        g = tape.gradient(y, x)     # recorded, because we are still inside
    result = tape.gradient(g, x, output_gradients=v)
    del tape
    return result
''', True),
    Answer('07.hvp', 'diagonal times v', r'''
def hvp(f, x, v):
    with tf.GradientTape() as outer:
        outer.watch(x)
        with tf.GradientTape() as inner:
            inner.watch(x)
            y = f(x)
        g = inner.gradient(y, x)
    return outer.gradient(g, x) * v
''', False, 'Multiplying by v after the fact is right only for a diagonal Hessian; pass v as output_gradients.',
           ('diagonal|output_gradients',)),
    Answer('07.hvp', 'tapes not nested', r'''
def hvp(f, x, v):
    with tf.GradientTape() as inner:
        inner.watch(x)
        y = f(x)
    g = inner.gradient(y, x)
    with tf.GradientTape() as outer:
        outer.watch(x)
    return outer.gradient(g, x, output_gradients=v)
''', False, 'The outer tape must be recording while the inner gradient is computed; otherwise it returns None.',
           ('nest|inside|outer|None|record',)),
    Answer('07.hvp', 'gradient times v', r'''
def hvp(f, x, v):
    with tf.GradientTape() as tape:
        tape.watch(x)
        y = f(x)
    return tape.gradient(y, x, output_gradients=v)
''', False, 'One tape gives the gradient (scaled by v); the Hessian-vector product needs a second derivative.',
           ('second|Hessian|two tapes|twice',)),
    Answer('07.hvp', 'parameters swapped', r'''
def hvp(f, v, x):
    with tf.GradientTape() as outer:
        outer.watch(x)
        with tf.GradientTape() as inner:
            inner.watch(x)
            y = f(x)
        g = inner.gradient(y, x)
    return outer.gradient(g, x, output_gradients=v)
''', False, 'The signature is hvp(f, x, v): with x and v swapped the Hessian is taken at v and applied to x.',
           ('order|argument|swap|signature',)),
    Answer('07.hvp', 'summed to a number', r'''
def hvp(f, x, v):
    with tf.GradientTape() as outer:
        outer.watch(x)
        with tf.GradientTape() as inner:
            inner.watch(x)
            y = f(x)
        g = inner.gradient(y, x)
    return tf.reduce_sum(outer.gradient(g, x, output_gradients=v))
''', False, 'Hv is a vector shaped like x; summing it to one number is wrong.',
           ('shape|sum|vector',)),
    # ---- set j
    Answer('07.hvp', 'output-gradients-v', r'''
def hvp(f, x, v):
    with tf.GradientTape() as outer:
        outer.watch(x)
        with tf.GradientTape() as inner:
            inner.watch(x)
            y = f(x)
        g = inner.gradient(y, x)
    # gradient of g·v with v held fixed = Hᵀ v = H v
    return outer.gradient(g, x, output_gradients=v)
''', True),
    Answer('07.hvp', 'jax-style-grad-helper', r'''
def _grad(f):
    """jax.grad look-alike: x -> ∇f(x), recorded on whatever tape is active."""
    def g(x):
        with tf.GradientTape() as tape:
            tape.watch(x)
            y = f(x)
        return tape.gradient(y, x)
    return g

def hvp(f, x, v):
    x = tf.convert_to_tensor(x)
    v = tf.stop_gradient(tf.convert_to_tensor(v, dtype=x.dtype))
    with tf.GradientTape() as tape:
        tape.watch(x)
        directional = tf.reduce_sum(_grad(f)(x) * v)
    return tape.gradient(directional, x)
''', True),
    Answer('07.hvp', 'diagonal-times-v', r'''
def hvp(f, x, v):
    with tf.GradientTape() as outer:
        outer.watch(x)
        with tf.GradientTape() as inner:
            inner.watch(x)
            y = f(x)
        g = inner.gradient(y, x)
    second = outer.gradient(g, x)            # the second derivatives
    return second * v
''', False, 'outer.gradient(g, x) is H·1 (row sums), and multiplying by v entry by entry is Hv only for a diagonal Hessian.',
           ('diagonal',)),
    Answer('07.hvp', 'stop-gradient-on-g', r'''
def hvp(f, x, v):
    with tf.GradientTape() as outer:
        outer.watch(x)
        with tf.GradientTape() as inner:
            inner.watch(x)
            y = f(x)
        g = tf.stop_gradient(inner.gradient(y, x))      # detach before the dot product
        gv = tf.reduce_sum(g * v)
    return outer.gradient(gv, x)
''', False, 'tf.stop_gradient on the first gradient cuts the path back to x, so the outer tape returns None.',
           ('stop_gradient|None',)),
    Answer('07.hvp', 'inner-gradient-outside-outer-tape', r'''
def hvp(f, x, v):
    with tf.GradientTape() as outer:
        outer.watch(x)
        with tf.GradientTape() as inner:
            inner.watch(x)
            y = f(x)
    g = inner.gradient(y, x)                 # computed after the outer tape stopped
    return outer.gradient(tf.reduce_sum(g * v), x)
''', False, 'The first gradient is computed after the outer tape stopped recording, so the outer tape sees no path and returns None.',
           ('outer|record|None',)),
    Answer('07.hvp', 'jax-argument-order', r'''
def hvp(x, v, f):                            # jax-style: primals first, function last
    with tf.GradientTape() as outer:
        outer.watch(x)
        with tf.GradientTape() as inner:
            inner.watch(x)
            y = f(x)
        g = inner.gradient(y, x)
    return outer.gradient(g, x, output_gradients=v)
''', False, 'hvp is called as hvp(f, x, v); with the arguments in another order it tries to call a tensor and fails.',
           ('order|argument|hvp(f, x, v)',)),
    Answer('07.hvp', 'directional-derivative-only', r'''
def hvp(f, x, v):
    with tf.GradientTape() as tape:
        tape.watch(x)
        y = f(x)
    g = tape.gradient(y, x)
    return tf.reduce_sum(g * v)              # g·v
''', False, 'g·v is a directional first derivative (one number); Hv needs a second differentiation of g·v with respect to x.',
           ('second|Hessian',)),
    # ---- set l
    Answer('07.hvp', 'output-gradients-as-v', r'''
def hvp(f, x, v):
    x = tf.convert_to_tensor(x)
    v = tf.convert_to_tensor(v, dtype=x.dtype)
    with tf.GradientTape() as outer:
        outer.watch(x)
        with tf.GradientTape() as inner:
            inner.watch(x)
            value = f(x)
        g = inner.gradient(value, x)
    # vector-Jacobian product of the gradient with v: Hᵀ v, which is H v as H is symmetric
    return outer.gradient(g, x, output_gradients=v)
''', True),
    Answer('07.hvp', 'diagonal-times-v', r'''
def hvp(f, x, v):
    with tf.GradientTape() as outer:
        outer.watch(x)
        with tf.GradientTape() as inner:
            inner.watch(x)
            y = f(x)
        g = inner.gradient(y, x)
    second = outer.gradient(g, x)       # the second derivatives
    return second * v
''', False, 'outer.gradient(g, x) is H times a vector of ones; multiplying it by v entry by entry is right only for a diagonal Hessian. Differentiate g·v instead.',
           ('diagonal',)),
    Answer('07.hvp', 'only-one-tape', r'''
def hvp(f, x, v):
    with tf.GradientTape() as tape:
        tape.watch(x)
        y = f(x)
    g = tape.gradient(y, x)
    return g * v                          # gradient in the direction v
''', False, 'This is the gradient times v, a first derivative; H v needs a second differentiation of g·v.',
           ('second|hessian|again|twice',)),
    Answer('07.hvp', 'inner-gradient-outside-outer-tape', r'''
def hvp(f, x, v):
    with tf.GradientTape() as outer:
        outer.watch(x)
        with tf.GradientTape() as inner:
            inner.watch(x)
            y = f(x)
    g = inner.gradient(y, x)                            # computed after the outer tape stopped
    return outer.gradient(tf.reduce_sum(g * v), x)
''', False, "inner.gradient runs after the outer tape has stopped recording, so the outer tape sees no path and returns None: compute g (and g·v) inside the outer tape's block.",
           ('none|record|inside|outer',)),
    Answer('07.hvp', 'reduce-mean-of-gv', r'''
def hvp(f, x, v):
    with tf.GradientTape() as outer:
        outer.watch(x)
        with tf.GradientTape() as inner:
            inner.watch(x)
            y = f(x)
        g = inner.gradient(y, x)
        gv = tf.reduce_mean(g * v)        # directional derivative
    return outer.gradient(gv, x)
''', False, 'gᵀv is a sum, not a mean: the mean divides H v by the number of entries.',
           ('sum|mean|factor',)),
    Answer('07.hvp', 'returns-gradient-too-for-debugging', r'''
def hvp(f, x, v):
    with tf.GradientTape(persistent=True) as tape:
        tape.watch(x)
        with tf.GradientTape() as inner:
            inner.watch(x)
            y = f(x)
        g = inner.gradient(y, x)
        gv = tf.reduce_sum(g * v)
    Hv = tape.gradient(gv, x)
    tf.print("f =", y, "grad =", g, "Hv =", Hv)
    return Hv, g                          # the gradient as well, handy for checking
''', False, 'hvp must return H v alone (shaped like x), not a tuple with the gradient.',
           ('tuple|pair|two|shape|single',)),
    # ---- set m
    Answer('07.hvp', 'output-gradients-golfed', r'''
def hvp(f, x, v):
    with tf.GradientTape() as outer:
        outer.watch(x)
        with tf.GradientTape() as inner:
            inner.watch(x)
            y = f(x)
        g = inner.gradient(y, x)
    return outer.gradient(g, x, output_gradients=v)     # (∂g/∂x)ᵀ v = H v
''', True),
    Answer('07.hvp', 'diagonal-times-v', r'''
def hvp(f, x, v):
    with tf.GradientTape() as outer:
        outer.watch(x)
        with tf.GradientTape() as inner:
            inner.watch(x)
            y = f(x)
        g = inner.gradient(y, x)
    return outer.gradient(g, x) * v
''', False, 'Multiplying v entry by entry is only right for a diagonal Hessian: differentiate gᵀv (or pass v as the outer upstream).',
           ('diagonal',)),
    Answer('07.hvp', 'inner-gradient-outside-outer', r'''
def hvp(f, x, v):
    with tf.GradientTape() as outer:
        outer.watch(x)
        with tf.GradientTape() as inner:
            inner.watch(x)
            y = f(x)
    g = inner.gradient(y, x)                 # outer tape no longer recording
    return outer.gradient(tf.reduce_sum(g * v), x)
''', False, 'The first gradient is computed after the outer tape stopped recording, so the outer gradient is None.',
           ('none|outer|record',)),
    Answer('07.hvp', 'scalar-gv', r'''
def hvp(f, x, v):
    with tf.GradientTape() as tape:
        tape.watch(x)
        y = f(x)
    return tf.reduce_sum(tape.gradient(y, x) * v)
''', False, "That is the directional derivative gᵀv, one number; Hv needs a second differentiation and has x's shape.",
           ('second|shape',)),
    Answer('07.hvp', 'differentiates-wrt-v', r'''
def hvp(f, x, v):
    with tf.GradientTape() as outer:
        outer.watch(v)
        with tf.GradientTape() as inner:
            inner.watch(x)
            y = f(x)
        g = inner.gradient(y, x)
        gv = tf.reduce_sum(g * v)
    return outer.gradient(gv, v)
''', False, 'The outer gradient is taken with respect to v, which just returns the first gradient g.',
           ('first|∇f|respect to v|with respect',)),
    # ---- set o
    Answer('07.hvp', 'output-gradients-v', r'''
def hvp(f, x, v):
    with tf.GradientTape() as outer:
        outer.watch(x)
        with tf.GradientTape() as inner:
            inner.watch(x)
            y = f(x)
        g = inner.gradient(y, x)
    return outer.gradient(g, x, output_gradients=v)
''', True),
    Answer('07.hvp', 'persistent-tape-dot-product', r'''
def hvp(f, x, v):
    x = tf.convert_to_tensor(x)
    with tf.GradientTape(persistent=True) as tape:
        tape.watch(x)
        y = f(x)
        g = tape.gradient(y, x)                  # recorded: the tape is still open
        g_dot_v = tf.tensordot(g, tf.stop_gradient(v), axes=1)
    result = tape.gradient(g_dot_v, x)
    del tape
    return result
''', True),
    Answer('07.hvp', 'full-jacobian-then-matvec', r'''
def hvp(f, x, v):
    with tf.GradientTape() as outer:
        outer.watch(x)
        with tf.GradientTape() as inner:
            inner.watch(x)
            y = f(x)
        g = inner.gradient(y, x)
    H = outer.jacobian(g, x)          # n x n
    return tf.linalg.matvec(H, v)
''', False, 'this builds the whole n×n Hessian with jacobian and then multiplies: the exercise asks for Hv without building H (differentiate g·v)',
           ('jacobian|build|full|n×n|matrix',)),
    Answer('07.hvp', 'diagonal-times-v', r'''
def hvp(f, x, v):
    with tf.GradientTape() as outer:
        outer.watch(x)
        with tf.GradientTape() as inner:
            inner.watch(x)
            y = f(x)
        g = inner.gradient(y, x)
    return outer.gradient(g, x) * v
''', False, 'gradient(g, x) is H·1 (row sums), and times v entry by entry is Hv only for a diagonal Hessian',
           ('diagonal',)),
    Answer('07.hvp', 'gradient-outside-recording', r'''
def hvp(f, x, v):
    with tf.GradientTape(persistent=True) as tape:
        tape.watch(x)
        y = f(x)
    g = tape.gradient(y, x)
    return tape.gradient(g, x, output_gradients=v)
''', False, 'the first gradient is computed after the tape stopped recording, so the second gradient finds no path (None)',
           ('record|inside|none',)),
    Answer('07.hvp', 'returns-hv-and-gradient', r'''
def hvp(f, x, v):
    with tf.GradientTape() as outer:
        outer.watch(x)
        with tf.GradientTape() as inner:
            inner.watch(x)
            y = f(x)
        g = inner.gradient(y, x)
    Hv = outer.gradient(g, x, output_gradients=v)
    return Hv, g          # gradient too, handy for Newton steps
''', False, 'hvp must return the one tensor Hv, not a tuple (Hv, g)',
           ('tuple|one tensor|single|two',)),
    # ---- set q
    Answer('07.hvp', 'output-gradients-v', r'''
def hvp(f, x, v):
    x = tf.convert_to_tensor(x)
    with tf.GradientTape() as outer:
        outer.watch(x)
        with tf.GradientTape() as inner:
            inner.watch(x)
            y = f(x)
        g = inner.gradient(y, x)
    # seed the second backward pass with v: gives (dg/dx)^T v = H v (H is symmetric)
    return outer.gradient(g, x, output_gradients=tf.cast(v, g.dtype))
''', True),
    Answer('07.hvp', 'einsum-diagonal-of-jacobian', r'''
def hvp(f, x, v):
    with tf.GradientTape() as outer:
        outer.watch(x)
        with tf.GradientTape() as inner:
            inner.watch(x)
            y = f(x)
        g = inner.gradient(y, x)
    H = outer.jacobian(g, x)
    return tf.einsum("ii,i->i", H, v)
''', False, '"ii,i->i" multiplies v entry by entry with the diagonal of H only; Hv sums over the whole row (and reverse over reverse should not build H at all)',
           ('diagonal',)),
    Answer('07.hvp', 'one-persistent-tape-like-create-graph', r'''
def hvp(f, x, v):
    # like torch.autograd.grad(..., create_graph=True): one tape, kept alive
    with tf.GradientTape(persistent=True) as tape:
        tape.watch(x)
        y = f(x)
    g = tape.gradient(y, x)
    return tape.gradient(g, x, output_gradients=v)
''', False, 'the first gradient is computed after the tape stopped recording, so the second call finds no path and returns None; compute g inside an outer tape (two nested tapes)',
           ('record|outer|nest',)),
    Answer('07.hvp', 'tf1-tf-gradients-grad-ys', r'''
def hvp(f, x, v):
    # TensorFlow 1 recipe: gradient of the gradient with grad_ys = v
    g = tf.gradients(f(x), x)[0]
    return tf.gradients(g, x, grad_ys=v)[0]
''', False, 'tf.gradients is not supported eagerly (it raises RuntimeError outside a graph): use two nested GradientTapes',
           ('eager|GradientTape',)),
    # ---- set t
    Answer('07.hvp', 'output-gradients-seed', r'''
def hvp(f, x, v):
    with tf.GradientTape() as outer:
        outer.watch(x)
        with tf.GradientTape() as inner:
            inner.watch(x)
            value = f(x)
        g = inner.gradient(value, x)
    # seeding the outer backward pass with v gives (dg/dx)^T v = H v
    return outer.gradient(g, x, output_gradients=v)
''', True),
    Answer('07.hvp', 'returns-hessian-matrix', r'''
def hvp(f, x, v):
    with tf.GradientTape() as outer:
        outer.watch(x)
        with tf.GradientTape() as inner:
            inner.watch(x)
            y = f(x)
        g = inner.gradient(y, x)
    return outer.jacobian(g, x)        # the Hessian
''', False, 'This returns the n × n Hessian itself, never multiplied by v; the exercise asks for the vector H v.',
           ('matrix|shape|never|multipl',)),
    Answer('07.hvp', 'differentiates-wrt-v', r'''
def hvp(f, x, v):
    with tf.GradientTape() as outer:
        outer.watch(v)
        with tf.GradientTape() as inner:
            inner.watch(x)
            y = f(x)
        g = inner.gradient(y, x)
        gv = tf.reduce_sum(g * v)
    return outer.gradient(gv, v)
''', False, 'The outer tape differentiates g·v with respect to v, which just gives back the gradient g; differentiate with respect to x.',
           ('respect to v|w.r.t. v|first derivative|gradient of f|∇f|gradient itself|wrt v',)),
    Answer('07.hvp', 'column-v-broadcast', r'''
def hvp(f, x, v):
    v_col = v[:, None]                 # v as a column vector
    with tf.GradientTape() as outer:
        outer.watch(x)
        with tf.GradientTape() as inner:
            inner.watch(x)
            y = f(x)
        g = inner.gradient(y, x)
        gv = tf.reduce_sum(g * v_col)
    return outer.gradient(gv, x)
''', False, 'g (n,) times v[:, None] (n, 1) broadcasts to an n × n matrix, so the sum is sum(g)·sum(v), not g·v; keep v the shape of x.',
           ('broadcast|column|(n, 1)|shape',)),
    # ---- set v
    Answer('07.hvp', 'persistent-tape-output-gradients', r'''
def hvp(f, x, v):
    # one persistent tape that also records its own first gradient
    with tf.GradientTape(persistent=True) as tape:
        tape.watch(x)
        y = f(x)
        g = tape.gradient(y, x)
    Hv = tape.gradient(g, x, output_gradients=v)     # (dg/dx)^T v = H v
    del tape
    return Hv
''', True),
    Answer('07.hvp', 'diagonal-times-v', r'''
def hvp(f, x, v):
    with tf.GradientTape() as outer:
        outer.watch(x)
        with tf.GradientTape() as inner:
            inner.watch(x)
            y = f(x)
        g = inner.gradient(y, x)
    second = outer.gradient(g, x)      # second derivatives, one per entry
    return second * v
''', False, 'outer.gradient(g, x) differentiates the sum of g (H times ones); times v is only right for a diagonal Hessian.',
           ('diagonal',)),
    Answer('07.hvp', 'gradient-outside-outer-tape', r'''
def hvp(f, x, v):
    with tf.GradientTape() as inner:
        inner.watch(x)
        y = f(x)
    g = inner.gradient(y, x)
    with tf.GradientTape() as outer:
        outer.watch(x)
        gv = tf.tensordot(g, v, axes=1)
    return outer.gradient(gv, x)
''', False, 'The first gradient is computed before the outer tape starts, so the outer tape sees no path to x and returns None.',
           ('none|outer',)),
    Answer('07.hvp', 'reduce-mean', r'''
def hvp(f, x, v):
    with tf.GradientTape() as outer:
        outer.watch(x)
        with tf.GradientTape() as inner:
            inner.watch(x)
            y = f(x)
        g = inner.gradient(y, x)
        gv = tf.reduce_mean(g * v)
    return outer.gradient(gv, x)
''', False, 'reduce_mean divides g·v by the number of entries, so the result is H v / n: use reduce_sum.',
           ('mean|factor|scaled|divid',)),
    # ---- set x
    Answer('07.hvp', 'output-gradients-as-v', r'''
def hvp(f, x: tf.Tensor, v: tf.Tensor) -> tf.Tensor:
    """Hessian-vector product by reverse over reverse, without forming H.

    The outer tape differentiates the gradient g(x) = grad f(x) with output_gradients=v,
    which is the vector-Jacobian product v^T (dg/dx) = (H^T v)^T = (H v)^T, H being symmetric.
    """
    x = tf.convert_to_tensor(x)
    v = tf.cast(tf.convert_to_tensor(v), x.dtype)
    with tf.GradientTape() as outer:
        outer.watch(x)
        with tf.GradientTape() as inner:
            inner.watch(x)
            value = f(x)
        g = inner.gradient(value, x)
    return outer.gradient(g, x, output_gradients=v)


# self-test on a non-diagonal Hessian: f = (sum x)^2 / 2 -> H = ones
_x = tf.constant([1.0, 2.0, -1.0], tf.float64)
_v = tf.constant([1.0, 0.5, 2.0], tf.float64)
assert np.allclose(hvp(lambda t: 0.5 * tf.reduce_sum(t) ** 2, _x, _v), np.full(3, 3.5))
''', True),
    Answer('07.hvp', 'diagonal-times-v', r'''
def hvp(f, x: tf.Tensor, v: tf.Tensor) -> tf.Tensor:
    """Hessian-vector product, reverse over reverse.

    The outer tape differentiates the gradient vector g(x); multiplying the result by v
    entry by entry gives H v without ever materialising H (O(n) memory).
    """
    with tf.GradientTape() as outer:
        outer.watch(x)
        with tf.GradientTape() as inner:
            inner.watch(x)
            y = f(x)
        g = inner.gradient(y, x)
    curvature = outer.gradient(g, x)          # d g / d x
    return curvature * v


_x = tf.constant([1.0, 2.0, -1.0], tf.float64)
_v = tf.constant([1.0, 0.5, 2.0], tf.float64)
print("self-test on softplus_sum:", hvp(softplus_sum, _x, _v).numpy())
''', False, "outer.gradient(g, x) sums the Hessian's rows; times v it is only right for a diagonal Hessian: contract g with v first",
           ('diagonal',)),
    Answer('07.hvp', 'unwatched-outer-zeros-fallback', r'''
def hvp(f, x: tf.Tensor, v: tf.Tensor) -> tf.Tensor:
    """Hessian-vector product H v by reverse over reverse.

    Returns zeros instead of None when f has no curvature with respect to x (e.g. a
    linear f), so callers always get a tensor of x's shape.
    """
    with tf.GradientTape() as outer:
        with tf.GradientTape() as inner:
            inner.watch(x)
            y = f(x)
        g = inner.gradient(y, x)
        g_dot_v = tf.reduce_sum(g * v)
    result = outer.gradient(g_dot_v, x)
    if result is None:                      # no second-order path: curvature is zero
        return tf.zeros_like(x)
    return result
''', False, 'the outer tape never watches x, so it finds no path and the zeros fallback hides the None',
           ('watch|none|zero',)),
    Answer('07.hvp', 'stop-gradient-on-g', r'''
from typing import Callable


def hvp(f: Callable[[tf.Tensor], tf.Tensor], x: tf.Tensor, v: tf.Tensor) -> tf.Tensor:
    """Hessian-vector product H v by reverse over reverse (Pearlmutter's trick).

    v is treated as a constant direction, and the first-order gradient is detached with
    tf.stop_gradient for safety so the outer tape does not accumulate stale graph state.
    """
    x = tf.convert_to_tensor(x)
    v = tf.cast(v, x.dtype)
    with tf.GradientTape() as outer:
        outer.watch(x)
        with tf.GradientTape() as inner:
            inner.watch(x)
            y = f(x)
        g = tf.stop_gradient(inner.gradient(y, x))
        directional = tf.tensordot(g, tf.stop_gradient(v), axes=1)
    return outer.gradient(directional, x)
''', False, 'tf.stop_gradient on the first gradient cuts the path the outer tape needs: the result is None',
           ('stop_gradient|none',)),
    # ---- set z
    Answer('07.hvp', 'output-gradients-v', r'''
def hvp(f, x, v):
    with tf.GradientTape() as outer:
        outer.watch(x)
        with tf.GradientTape() as inner:
            inner.watch(x)
            y = f(x)
        g = inner.gradient(y, x)
    # seed the second backward pass with v: (dg/dx)^T v = H v
    return outer.gradient(g, x, output_gradients=v)
''', True),
    Answer('07.hvp', 'diagonal-times-v', r'''
def hvp(f, x, v):
    with tf.GradientTape() as outer:
        outer.watch(x)
        with tf.GradientTape() as inner:
            inner.watch(x)
            y = f(x)
        g = inner.gradient(y, x)
    return outer.gradient(g, x) * v
''', False, 'outer.gradient(g, x) gives the row sums of H, and multiplying by v entry by entry is only right for a diagonal Hessian.',
           ('diagonal|diag',)),
    Answer('07.hvp', 'cast-to-float32', r'''
def hvp(f, x, v):
    x = tf.cast(x, tf.float32)
    v = tf.cast(v, tf.float32)
    with tf.GradientTape() as outer:
        outer.watch(x)
        with tf.GradientTape() as inner:
            inner.watch(x)
            y = f(x)
        g = inner.gradient(y, x)
        gv = tf.reduce_sum(g * v)
    return outer.gradient(gv, x)
''', False, "Casting x and v to float32 throws away the float64 precision (and dtype) the checker works in: keep x's dtype.",
           ('float64|dtype|float32',)),
    Answer('07.hvp', 'outer-not-watching', r'''
def hvp(f, x, v):
    with tf.GradientTape() as outer:
        with tf.GradientTape() as inner:
            inner.watch(x)
            y = f(x)
        g = inner.gradient(y, x)
        gv = tf.reduce_sum(g * v)
    return outer.gradient(gv, x)
''', False, 'The outer tape never watches x (a constant), so it finds no path and returns None: add outer.watch(x).',
           ('watch|None',)),
    # ---- from a cold read: right eagerly, NumPy in the way inside tf.function
    Answer('07.hvp', 'numpy-round-trip', r'''
def hvp(f, x, v):
    with tf.GradientTape() as outer:
        outer.watch(x)
        with tf.GradientTape() as inner:
            inner.watch(x)
            y = f(x)
        g = inner.gradient(y, x)
    return tf.constant(outer.gradient(g, x, output_gradients=v).numpy())
''', False, "Right eagerly, but .numpy() has no value inside tf.function: return the tensor itself.",
           ('tf.function|numpy',)),
]
