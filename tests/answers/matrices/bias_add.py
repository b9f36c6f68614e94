"""Exercise 04.bias_add: a wrong answer for each mistake it names, and answers written from the learner's side."""

import tensorflow as tf

from answer_kit import Answer, cg

KEY = "04.bias_add"

MISTAKES = {
    'not_summed': cg(lambda x, b: x + b, lambda x, b, u: (u, u)),
    'upstream_ignored': cg(lambda x, b: x + b, lambda x, b, u: (tf.ones_like(x), tf.ones_like(b) * 4)),
    'wrong_shape': cg(lambda x, b: x + b, lambda x, b, u: (u, tf.reduce_sum(u, axis=1))),
    'mean_not_sum': cg(lambda x, b: x + b, lambda x, b, u: (u, tf.reduce_mean(u, axis=0))),
    'product_gradients': cg(lambda x, b: x + b, lambda x, b, u: (  # pasted from multiply
        u * b, tf.reduce_sum(u * x, axis=list(range(len(u.shape) - 1))))),
}

ANSWERS = [
    # ---- set a
    Answer('04.bias_add', 'upstream, reduce_sum axis 0', r'''
@strict_custom_gradient
def bias_add(x, b):
    def grad(upstream):
        return upstream, tf.reduce_sum(upstream, axis=0)
    return x + b, grad
''', False, "Sums over the batch axis only: with x of shape (batch, time, n), b's gradient needs every leading axis summed.",
           ('axis|axes|shape',)),
    Answer('04.bias_add', 'tf.custom_gradient lambda, identity', r'''
@tf.custom_gradient
def bias_add(x, b):
    return x + b, lambda dy: (tf.identity(dy), tf.reduce_sum(dy, 0))
''', False, "Sums over the batch axis only: with x of shape (batch, time, n), b's gradient needs every leading axis summed.",
           ('axis|axes|shape',)),
    Answer('04.bias_add', 'sum over all leading axes', r'''
@strict_custom_gradient
def bias_add(x, b):
    def grad(upstream):
        dx = tf.ones_like(x) * upstream
        db = tf.reduce_sum(upstream, axis=tf.range(tf.rank(upstream) - 1))
        return dx, db
    return tf.nn.bias_add(x, b), grad
''', True),
    Answer('04.bias_add', 'einsum bn->n', r'''
@strict_custom_gradient
def bias_add(x, b):
    def grad(upstream):
        return upstream, tf.einsum("bn->n", upstream)
    return x + b, grad
''', False, "Sums over the batch axis only: with x of shape (batch, time, n), b's gradient needs every leading axis summed.",
           ('axis|axes|shape',)),
    Answer('04.bias_add', 'not summed', r'''
@strict_custom_gradient
def bias_add(x, b):
    def grad(upstream):
        return upstream, upstream
    return x + b, grad
''', False, 'b is broadcast over the batch, so its gradient is the sum of upstream over axis 0',
           ('sum',)),
    Answer('04.bias_add', 'reduce_mean', r'''
@strict_custom_gradient
def bias_add(x, b):
    def grad(upstream):
        return upstream, tf.reduce_mean(upstream, axis=0)
    return x + b, grad
''', False, 'every copy of b contributes fully: sum over the batch, do not average (off by the batch size)',
           ('sum',)),
    Answer('04.bias_add', 'summed over axis 1', r'''
@strict_custom_gradient
def bias_add(x, b):
    def grad(upstream):
        return upstream, tf.reduce_sum(upstream, axis=1)
    return x + b, grad
''', False, 'summed over the features (axis 1) instead of the batch (axis 0)',
           ('axis|batch',)),
    Answer('04.bias_add', 'reduce_sum without axis', r'''
@strict_custom_gradient
def bias_add(x, b):
    def grad(upstream):
        return upstream, tf.reduce_sum(upstream)
    return x + b, grad
''', False, "summing everything gives a scalar; sum only over the batch axis so db has b's shape",
           ('axis|shape',)),
    Answer('04.bias_add', 'keepdims=True', r'''
@strict_custom_gradient
def bias_add(x, b):
    def grad(upstream):
        return upstream, tf.reduce_sum(upstream, axis=0, keepdims=True)
    return x + b, grad
''', False, 'keepdims=True leaves shape (1, n); b has shape (n,)',
           ('keepdims|shape',)),
    Answer('04.bias_add', 'ignores upstream: counts the batch', r'''
@strict_custom_gradient
def bias_add(x, b):
    def grad(upstream):
        n = tf.cast(tf.shape(x)[0], x.dtype)
        return tf.ones_like(x), n * tf.ones_like(b)
    return x + b, grad
''', False, 'ones and the batch size are the gradient of sum(x + b) only; multiply by (and sum) the upstream',
           ('upstream',)),
    Answer('04.bias_add', 'upstream.sum() NumPy style', r'''
@strict_custom_gradient
def bias_add(x, b):
    def grad(upstream):
        return upstream, upstream.sum(axis=0)
    return x + b, grad
''', False, 'tensors have no .sum() method (AttributeError); use tf.reduce_sum(upstream, axis=0)',
           ('tf.reduce_sum|reduce_sum',)),
    Answer('04.bias_add', 'np.sum', r'''
@strict_custom_gradient
def bias_add(x, b):
    def grad(upstream):
        return upstream, np.sum(upstream, axis=0)
    return x + b, grad
''', False, 'np.sum on a tensor works eagerly but fails inside tf.function; use tf.reduce_sum',
           ('NumPy|tf.reduce_sum',)),
    Answer('04.bias_add', 'only db returned', r'''
@strict_custom_gradient
def bias_add(x, b):
    def grad(upstream):
        return tf.reduce_sum(upstream, axis=0)
    return x + b, grad
''', False, 'two inputs need two gradients: dL/dx = upstream is missing',
           ('two|2 input|each input|one per input|dL/dx',)),
    Answer('04.bias_add', 'both gradients summed', r'''
@strict_custom_gradient
def bias_add(x, b):
    def grad(upstream):
        db = tf.reduce_sum(upstream, axis=0)
        return db, db
    return x + b, grad
''', False, 'x is not broadcast: its gradient is upstream itself, shaped (batch, n)',
           ('shape',)),
    Answer('04.bias_add', 'hard-coded batch of 4', r'''
@strict_custom_gradient
def bias_add(x, b):
    def grad(upstream):
        db = upstream[0] + upstream[1] + upstream[2] + upstream[3]
        return upstream, db
    return x + b, grad
''', False, "adds exactly four rows (the notebook's batch size): wrong for any other batch; use tf.reduce_sum(upstream, axis=0)",
           ('batch|reduce_sum',)),
    # ---- set aa
    Answer('04.bias_add', 'flatten-rows-then-sum', r'''
@strict_custom_gradient
def bias_add(x, b):
    def grad(upstream):
        # b was added to every row, whatever the leading axes: flatten them into one
        rows = tf.reshape(upstream, [-1, tf.shape(upstream)[-1]])
        return tf.identity(upstream), tf.reduce_sum(rows, axis=0)
    return x + b, grad
''', True),
    Answer('04.bias_add', 'sum-axis-0-only', r'''
@strict_custom_gradient
def bias_add(x, b):
    def grad(upstream):
        return upstream, tf.reduce_sum(upstream, axis=0)     # sum over the batch axis
    return x + b, grad
''', False, 'summing over axis 0 alone leaves the time axis of a (batch, time, n) input; sum over every axis except the last',
           ('axis|axes|time',)),
    Answer('04.bias_add', 'sum-every-axis', r'''
@strict_custom_gradient
def bias_add(x, b):
    def grad(upstream):
        return upstream, tf.reduce_sum(upstream)   # "sum over the batch", so sum it all up
    return x + b, grad
''', False, "summing every axis gives one number, but db must have b's shape (n,): keep the last axis",
           ('shape|axis|last',)),
    Answer('04.bias_add', 'batch-of-two', r'''
@strict_custom_gradient
def bias_add(x, b):
    def grad(upstream):
        return upstream, upstream[0] + upstream[1]    # add the two rows of the batch
    return x + b, grad
''', False, 'the batch has 2 rows only in the example; add up every row (every leading axis), whatever the batch size',
           ('batch|row',)),
    # ---- set d
    Answer('04.bias_add', 'sum over every axis but the last (tf.range)', r'''
@strict_custom_gradient
def bias_add(x, b):
    def grad(upstream):
        return upstream, tf.reduce_sum(upstream, axis=tf.range(tf.rank(upstream) - 1))
    return x + b, grad
''', True),
    Answer('04.bias_add', 'reshape to rows of n, then sum axis 0', r'''
@strict_custom_gradient
def bias_add(x, b):
    def grad(upstream):
        rows = tf.reshape(upstream, (-1, tf.shape(b)[0]))
        return tf.identity(upstream), tf.reduce_sum(rows, axis=0)
    return x + b, grad
''', True),
    Answer('04.bias_add', 'python list of leading axes', r'''
@strict_custom_gradient
def bias_add(x, b):
    def grad(upstream):
        leading = list(range(len(upstream.shape) - 1))
        return upstream, tf.reduce_sum(upstream, axis=leading)
    return x + b, grad
''', True),
    Answer('04.bias_add', 'if on the static rank', r'''
@strict_custom_gradient
def bias_add(x, b):
    def grad(upstream):
        if x.shape.rank == 3:                                    # a batch of sequences
            db = tf.reduce_sum(upstream, axis=[0, 1])
        else:
            db = tf.reduce_sum(upstream, axis=0)
        return upstream, db
    return x + b, grad
''', True),
    Answer('04.bias_add', 'sum over axis 0 only', r'''
@strict_custom_gradient
def bias_add(x, b):
    def grad(upstream):
        return upstream, tf.reduce_sum(upstream, axis=0)
    return x + b, grad
''', False, 'Summing over the batch axis alone is right for (batch, n) but leaves the time axis for a (batch, time, n) x: sum over every axis except the last.',
           ('axis|axes|time|three|3', 'shape|sum')),
    Answer('04.bias_add', 'sum over axes 0 and 1 always', r'''
@strict_custom_gradient
def bias_add(x, b):
    def grad(upstream):
        return upstream, tf.reduce_sum(upstream, axis=[0, 1])
    return x + b, grad
''', False, 'axis=[0, 1] fits only the three-axis x; for a (batch, n) x it sums everything into one number: sum over all axes but the last.',
           ('axis|axes|shape|scalar',)),
    Answer('04.bias_add', 'no sum for b', r'''
@strict_custom_gradient
def bias_add(x, b):
    def grad(upstream):
        return upstream, upstream
    return x + b, grad
''', False, 'b is broadcast over the batch, so its gradient must be summed back to shape (n,).',
           ('shape', 'sum|broadcast')),
    Answer('04.bias_add', 'mean instead of sum', r'''
@strict_custom_gradient
def bias_add(x, b):
    def grad(upstream):
        return upstream, tf.reduce_mean(upstream, axis=tf.range(tf.rank(upstream) - 1))
    return x + b, grad
''', False, 'Every copy of b contributes in full: sum the upstream over the broadcast axes, do not average it.',
           ('sum|mean|average|batch size|factor',)),
    Answer('04.bias_add', 'sum over the last axis', r'''
@strict_custom_gradient
def bias_add(x, b):
    def grad(upstream):
        return upstream, tf.reduce_sum(upstream, axis=-1)
    return x + b, grad
''', False, 'Sums over the wrong axis: b lives on the last axis, so sum over all the others.',
           ('axis|axes|shape',)),
    Answer('04.bias_add', 'gradients in the wrong order', r'''
@strict_custom_gradient
def bias_add(x, b):
    def grad(upstream):
        db = tf.reduce_sum(upstream, axis=tf.range(tf.rank(upstream) - 1))
        return db, upstream
    return x + b, grad
''', False, 'Gradients go in the order of the inputs: (dL/dx, dL/db).',
           ('order|shape|swap',)),
    Answer('04.bias_add', 'only the gradient for b', r'''
@strict_custom_gradient
def bias_add(x, b):
    def grad(upstream):
        return tf.reduce_sum(upstream, axis=tf.range(tf.rank(upstream) - 1))
    return x + b, grad
''', False, 'bias_add has two inputs, so grad returns two gradients, one for x and one for b.',
           ('two|2|number|count|one per input|both|how many',)),
    Answer('04.bias_add', 'ones for x: upstream forgotten', r'''
@strict_custom_gradient
def bias_add(x, b):
    def grad(upstream):
        return tf.ones_like(x), tf.reduce_sum(upstream, axis=tf.range(tf.rank(upstream) - 1))
    return x + b, grad
''', False, 'dy/dx is 1, but dL/dx is upstream times it: return upstream for x.',
           ('upstream',)),
    Answer('04.bias_add', 'einsum with ellipsis', r'''
@strict_custom_gradient
def bias_add(x, b):
    def grad(upstream):
        return upstream, tf.einsum("...n->n", upstream)
    return x + b, grad
''', False, "TensorFlow's einsum refuses to sum away the '...' axes ('...n->n' raises an error); use tf.reduce_sum over the leading axes."),
    # ---- set e
    Answer('04.bias_add', 'tf.experimental.numpy sum over leading axes', r'''
import tensorflow.experimental.numpy as tnp

@strict_custom_gradient
def bias_add(x, b):
    def grad(upstream):
        leading = tuple(range(len(upstream.shape) - 1))     # every axis but the last
        return upstream, tnp.sum(upstream, axis=leading)
    return x + b, grad
''', True),
    Answer('04.bias_add', 'reshape to rows then sum', r'''
@strict_custom_gradient
def bias_add(x, b):
    def grad(upstream):
        rows = tf.reshape(upstream, (-1, tf.shape(b)[0]))
        return tf.identity(upstream), tf.reduce_sum(rows, axis=0)
    return x + b, grad
''', True),
    Answer('04.bias_add', 'sum over axis 0 only', r'''
@strict_custom_gradient
def bias_add(x, b):
    def grad(upstream):
        return upstream, tf.reduce_sum(upstream, axis=0)
    return x + b, grad
''', False, 'axis=0 is enough for (batch, n) but not for (batch, time, n): sum over every axis except the last.',
           ('axis|axes|time|three|3-d|leading|every|all but',)),
    Answer('04.bias_add', 'sum over the last axis', r'''
@strict_custom_gradient
def bias_add(x, b):
    def grad(upstream):
        return upstream, tf.reduce_sum(upstream, axis=-1)
    return x + b, grad
''', False, 'b runs along the last axis; its gradient sums over the other (batch) axes, keeping the last.',
           ('axis|last|batch',)),
    Answer('04.bias_add', 'bias gradient not summed', r'''
@strict_custom_gradient
def bias_add(x, b):
    def grad(upstream):
        return upstream, upstream
    return x + b, grad
''', False, "b is broadcast to every row, so its gradient sums upstream over the broadcast axes to b's shape.",
           ('sum|shape',)),
    Answer('04.bias_add', 'everything summed to a scalar', r'''
@strict_custom_gradient
def bias_add(x, b):
    def grad(upstream):
        return upstream, tf.reduce_sum(upstream)
    return x + b, grad
''', False, 'Summing everything gives one number; db has one entry per entry of b: sum over the batch axes only.',
           ('shape|axis|scalar|each entry|one number',)),
    # ---- set f
    Answer('04.bias_add', 'reshape_to_rows', r'''
@strict_custom_gradient
def bias_add(x, b):
    def grad(upstream):
        db = tf.reduce_sum(tf.reshape(upstream, [-1, tf.shape(b)[0]]), axis=0)
        return upstream, db
    return x + b, grad
''', True),
    Answer('04.bias_add', 'dynamic_rank_axes', r'''
@strict_custom_gradient
def bias_add(x, b):
    def grad(upstream):
        batch_axes = tf.range(tf.rank(upstream) - 1)     # every axis but the last
        return tf.identity(upstream), tf.reduce_sum(upstream, axis=batch_axes)
    return x + b, grad
''', True),
    Answer('04.bias_add', 'keepdims_left_on', r'''
@strict_custom_gradient
def bias_add(x, b):
    def grad(upstream):
        axes = list(range(len(upstream.shape) - 1))
        return upstream, tf.reduce_sum(upstream, axis=axes, keepdims=True)
    return x + b, grad
''', False, "keepdims=True leaves size-1 axes: db has shape (1, n) or (1, 1, n) instead of b's (n,).",
           ('keepdims|shape|(n,)',)),
    Answer('04.bias_add', 'axes_0_1_fixed', r'''
@strict_custom_gradient
def bias_add(x, b):
    def grad(upstream):
        return upstream, tf.reduce_sum(upstream, axis=[0, 1])
    return x + b, grad
''', False, 'axis=[0, 1] fits only a three-axis x; for (batch, n) it sums the bias axis too. Sum over all axes but the last.',
           ('axis|axes|last|shape',)),
    Answer('04.bias_add', 'mean_over_batch', r'''
@strict_custom_gradient
def bias_add(x, b):
    def grad(upstream):
        axes = list(range(len(upstream.shape) - 1))
        return upstream, tf.reduce_mean(upstream, axis=axes)
    return x + b, grad
''', False, 'b is used by every row, so its gradient sums the contributions; the mean divides by the batch size.',
           ('sum|mean',)),
    # ---- set g
    Answer('04.bias_add', 'reduce-over-tf-range-axes', r'''
@strict_custom_gradient
def bias_add(x, b):
    def grad(upstream):
        batch_axes = tf.range(tf.rank(upstream) - 1)
        return upstream, tf.reduce_sum(upstream, axis=batch_axes)
    return x + b, grad
''', True),
    Answer('04.bias_add', 'tensordot-with-ones', r'''
@strict_custom_gradient
def bias_add(x, b):
    def grad(upstream):
        ones = tf.ones_like(upstream[..., 0])                  # one 1 per copy of b
        return upstream, tf.tensordot(ones, upstream, axes=len(upstream.shape) - 1)
    return x + b, grad
''', True),
    Answer('04.bias_add', 'assert-then-reshape', r'''
@strict_custom_gradient
def bias_add(x, b):
    def grad(upstream):
        assert upstream.shape == x.shape, "upstream should look like y"
        db = tf.reduce_sum(tf.reshape(upstream, [-1, b.shape[0]]), axis=0)
        return upstream, db
    return x + b, grad
''', True),
    Answer('04.bias_add', 'mean-over-batch', r'''
@strict_custom_gradient
def bias_add(x, b):
    def grad(upstream):
        return upstream, tf.reduce_mean(upstream, axis=list(range(len(x.shape) - 1)))
    return x + b, grad
''', False, "b is added to every row, so its gradient sums the rows' upstreams; the mean divides by their number",
           ('sum|mean',)),
    Answer('04.bias_add', 'keepdims-true', r'''
@strict_custom_gradient
def bias_add(x, b):
    def grad(upstream):
        return upstream, tf.reduce_sum(upstream, axis=0, keepdims=True)
    return x + b, grad
''', False, 'keepdims=True leaves a (1, n) gradient for b of shape (n,)',
           ('shape|keepdims',)),
    Answer('04.bias_add', 'python-loop-over-batch', r'''
@strict_custom_gradient
def bias_add(x, b):
    def grad(upstream):
        db = upstream[0]
        for i in range(1, x.shape[0]):
            db += upstream[i]
        return upstream, db
    return x + b, grad
''', False, 'sums over the first axis only: for a (batch, time, n) input the time axis is left, so db has the wrong shape',
           ('axis|axes|time|shape',)),
    # ---- set holdout
    Answer('04.bias_add', 'reshape then column sums', r'''
@strict_custom_gradient
def bias_add(x, b):
    def grad(upstream):
        rows = tf.reshape(upstream, [-1, b.shape[-1]])   # every row used the same b
        return tf.identity(upstream), tf.reduce_sum(rows, axis=0)
    return x + b, grad
''', True),
    Answer('04.bias_add', 'upstream for both', r'''
@strict_custom_gradient
def bias_add(x, b):
    def grad(upstream):
        return upstream, upstream
    return x + b, grad
''', False, 'b is broadcast over the batch, so its gradient sums upstream over that axis to shape (n,).',
           ('sum|broadcast|shape',)),
    Answer('04.bias_add', 'sum over wrong axis', r'''
@strict_custom_gradient
def bias_add(x, b):
    def grad(upstream):
        return upstream, tf.reduce_sum(upstream, axis=1)
    return x + b, grad
''', False, 'The sum must run over the batch axis (axis 0), not over the features.',
           ('axis|batch',)),
    Answer('04.bias_add', 'mean instead of sum', r'''
@strict_custom_gradient
def bias_add(x, b):
    def grad(upstream):
        return upstream, tf.reduce_mean(upstream, axis=0)
    return x + b, grad
''', False, "Each row's use of b adds its contribution: sum over the batch, do not average.",
           ('sum|mean|average',)),
    Answer('04.bias_add', 'keepdims leaves (1, n)', r'''
@strict_custom_gradient
def bias_add(x, b):
    def grad(upstream):
        return upstream, tf.reduce_sum(upstream, axis=0, keepdims=True)
    return x + b, grad
''', False, 'With keepdims=True the gradient has shape (1, n), but b has shape (n,).',
           ('shape|keepdims',)),
    Answer('04.bias_add', 'numpy-style .sum', r'''
@strict_custom_gradient
def bias_add(x, b):
    def grad(upstream):
        return upstream, upstream.sum(axis=0)
    return x + b, grad
''', False, 'Tensors have no .sum() method; use tf.reduce_sum(upstream, axis=0).',
           ('reduce_sum|sum|attribute',)),
    # ---- set j
    Answer('04.bias_add', 'reshape-to-rows-then-sum', r'''
@strict_custom_gradient
def bias_add(x, b):
    def grad(upstream):
        n = tf.shape(b)[0]
        rows = tf.reshape(upstream, [-1, n])          # every axis but the last folded into one
        return upstream, tf.reduce_sum(rows, axis=0)
    return x + b, grad
''', True),
    Answer('04.bias_add', 'tnp-sum-over-leading-axes', r'''
import tensorflow.experimental.numpy as tnp

@strict_custom_gradient
def bias_add(x, b):
    def grad(upstream):
        lead = tuple(range(upstream.ndim - 1))        # numpy habit: all leading axes
        return tf.identity(upstream), tnp.sum(upstream, axis=lead)
    return x + b, grad
''', True),
    Answer('04.bias_add', 'sum-over-axis-0-only', r'''
@strict_custom_gradient
def bias_add(x, b):
    def grad(upstream):
        return upstream, tf.reduce_sum(upstream, axis=0)     # sum over the batch
    return x + b, grad
''', False, 'Summing over axis 0 only works for a 2-D x; for (batch, time, n) sum over every axis except the last.',
           ('axis|axes|shape',)),
    Answer('04.bias_add', 'pass-left-in-grad', r'''
@strict_custom_gradient
def bias_add(x, b):
    def grad(upstream):
        # dL/dx is upstream, dL/db is upstream summed... TODO
        pass
    return x + b, grad
''', False, 'grad still has `pass` in it, so it returns None instead of the two gradients (dL/dx, dL/db).',
           ('None|pass|nothing',)),
    Answer('04.bias_add', 'mean-instead-of-sum', r'''
@strict_custom_gradient
def bias_add(x, b):
    def grad(upstream):
        axes = list(range(len(upstream.shape) - 1))
        return upstream, tf.reduce_mean(upstream, axis=axes)   # average over the batch
    return x + b, grad
''', False, 'b is used once per row, so its gradient is the sum of upstream over the broadcast axes, not the mean.',
           ('sum|mean|average',)),
    Answer('04.bias_add', 'gradients-swapped', r'''
@strict_custom_gradient
def bias_add(x, b):
    def grad(upstream):
        db = tf.reduce_sum(upstream, axis=list(range(len(upstream.shape) - 1)))
        dx = upstream
        return db, dx
    return x + b, grad
''', False, 'The gradients come back in the order of the inputs: (dL/dx, dL/db), not (dL/db, dL/dx).',
           ('order|swapped|swap',)),
    Answer('04.bias_add', 'typo-in-grad-nameerror', r'''
@strict_custom_gradient
def bias_add(x, b):
    def grad(upstream):
        batch_axes = list(range(len(upstream.shape) - 1))
        return upstream, tf.reduce_sum(upstream, axis=batch_axis)
    return x + b, grad
''', False, '`batch_axis` is not defined inside grad (the variable is called `batch_axes`): a NameError in the backward pass.',
           ('batch_axis|NameError|not defined',)),
    # ---- set l
    Answer('04.bias_add', 'helper-class-flatten-leading-axes', r'''
class BiasGrad:
    """Collapse every leading axis into one, then add up the rows."""

    def __init__(self, b):
        self.n = tf.size(b)

    def __call__(self, upstream):
        flat = tf.reshape(upstream, tf.stack([-1, self.n]))
        return tf.identity(upstream), tf.math.reduce_sum(flat, axis=0)


@strict_custom_gradient
def bias_add(x, b):
    return x + b, BiasGrad(b)
''', True),
    Answer('04.bias_add', 'python-loop-over-rows', r'''
@strict_custom_gradient
def bias_add(x, b):
    def grad(upstream):
        db = tf.zeros_like(b)
        for i in range(upstream.shape[0]):      # add each example's upstream row
            db = db + upstream[i]
        return upstream, db
    return x + b, grad
''', False, 'The loop adds up the batch axis only; for a (batch, time, n) x, db keeps the time axis: sum over every axis except the last.',
           ('axis|axes|shape',)),
    Answer('04.bias_add', 'over-corrected-sum-everything', r'''
@strict_custom_gradient
def bias_add(x, b):
    def grad(upstream):
        # second try: the checker said db had the wrong shape, so sum it all
        return upstream, tf.reduce_sum(upstream)
    return x + b, grad
''', False, 'Summing over every axis gives one number; db must keep the last axis, shape (n,) like b.',
           ('shape|last axis|scalar',)),
    Answer('04.bias_add', 'nested-tape-without-upstream', r'''
@strict_custom_gradient
def bias_add(x, b):
    def grad(upstream):
        with tf.GradientTape() as tape:          # let TensorFlow find d(x + b)/db
            tape.watch(b)
            y = x + b
        db = tape.gradient(y, b)                 # sums the ones over the batch for me
        return upstream, db
    return x + b, grad
''', False, 'The inner tape differentiates sum(x + b), so db counts the rows and ignores upstream; pass output_gradients=upstream or sum upstream itself.',
           ('upstream',)),
    Answer('04.bias_add', 'chatbot-keras-backend-mean', r'''
# "the gradient of a bias is the batch-average of the incoming gradient"
@strict_custom_gradient
def bias_add(x, b):
    def grad(upstream):
        lead = list(range(len(upstream.shape) - 1))
        db = tf.math.reduce_mean(upstream, axis=lead)
        tf.print("db:", db, "upstream shape:", tf.shape(upstream))
        return upstream, db
    return x + b, grad
''', False, "b is added to every row, so each row's upstream adds up: sum over the leading axes, do not average.",
           ('sum|mean|average',)),
    Answer('04.bias_add', 'float16-cast-to-save-memory', r'''
@strict_custom_gradient
def bias_add(x, b):
    def grad(upstream):
        lead = list(range(len(upstream.shape) - 1))
        half = tf.cast(upstream, tf.float16)                  # half precision for the reduction
        return upstream, tf.reduce_sum(half, axis=lead)
    return x + b, grad
''', False, "db comes back as float16 while b is float32/float64: return each gradient in its input's dtype.",
           ('dtype|float16',)),
    # ---- set m
    Answer('04.bias_add', 'golfed-reshape', r'''
bias_add = strict_custom_gradient(lambda x, b: (x + b, lambda u: (u, tf.reduce_sum(tf.reshape(u, (-1, b.shape[-1])), 0))))
''', True),
    Answer('04.bias_add', 'axis0-only', r'''
@strict_custom_gradient
def bias_add(x, b):
    def grad(upstream):
        return upstream, tf.reduce_sum(upstream, axis=0)
    return x + b, grad
''', False, 'Summing over axis 0 only is not enough for a three-axis x: sum over every axis but the last.',
           ('axis|axes|time',)),
    Answer('04.bias_add', 'unsummed', r'''
@strict_custom_gradient
def bias_add(x, b):
    def grad(upstream):
        return upstream, upstream
    return x + b, grad
''', False, "b is broadcast: its gradient must be summed back to b's shape.",
           ('sum|shape',)),
    Answer('04.bias_add', 'mean', r'''
@strict_custom_gradient
def bias_add(x, b):
    def grad(upstream):
        return upstream, tf.reduce_mean(upstream, axis=list(range(len(upstream.shape) - 1)))
    return x + b, grad
''', False, 'Each use of b adds its contribution: sum, do not average.',
           ('mean|sum|average',)),
    Answer('04.bias_add', 'off-by-one-axes', r'''
@strict_custom_gradient
def bias_add(x, b):
    def grad(upstream):
        return upstream, tf.reduce_sum(upstream, axis=list(range(1, len(upstream.shape))))
    return x + b, grad
''', False, "Sums over the wrong axes: keep the last axis (b's), sum all the others.",
           ('axis|axes|shape',)),
    # ---- set n
    Answer('04.bias_add', 'reshape to rows then sum', r'''
@strict_custom_gradient
def bias_add(x, b):
    def grad(upstream):
        rows = tf.reshape(upstream, [-1, tf.shape(b)[0]])
        return tf.identity(upstream), tf.reduce_sum(rows, axis=0)
    return x + b, grad
''', True),
    Answer('04.bias_add', 'sum over a range of axes', r'''
@strict_custom_gradient
def bias_add(x, b):
    def grad(upstream):
        leading = tf.range(tf.rank(upstream) - 1)        # every axis but the last
        return upstream, tf.reduce_sum(upstream, axis=leading)
    return x + b, grad
''', True),
    Answer('04.bias_add', 'summed over the last axis', r'''
@strict_custom_gradient
def bias_add(x, b):
    def grad(upstream):
        return upstream, tf.reduce_sum(upstream, axis=-1)
    return x + b, grad
''', False, 'summing over the last axis gives one number per row; db sums over the batch axes',
           ('axis|axes',)),
    Answer('04.bias_add', 'keepdims left on', r'''
@strict_custom_gradient
def bias_add(x, b):
    def grad(upstream):
        return upstream, tf.reduce_sum(upstream, axis=0, keepdims=True)
    return x + b, grad
''', False, 'keepdims=True leaves shape (1, n) but b has shape (n,)',
           ('keepdims|shape',)),
    Answer('04.bias_add', 'raise for an impossible rank', r'''
@strict_custom_gradient
def bias_add(x, b):
    def grad(upstream):
        if len(upstream.shape) != 2:
            raise ValueError("impossible: upstream should be (batch, n)")
        return upstream, tf.reduce_sum(upstream, axis=0)
    return x + b, grad
''', False, 'a (batch, time, n) x is allowed: sum db over every axis but the last instead of refusing it',
           ('axis|axes|time|three|3|rank',)),
    Answer('04.bias_add', 'python loop over the first axis', r'''
@strict_custom_gradient
def bias_add(x, b):
    def grad(upstream):
        db = tf.zeros_like(upstream[0])
        for i in range(upstream.shape[0]):
            db = db + upstream[i]
        return upstream, db
    return x + b, grad
''', False, 'the loop sums over the first axis only; a (batch, time, n) x needs the time axis summed too',
           ('axis|axes|time|three|3',)),
    # ---- set p
    Answer('04.bias_add', 'reshape-then-sum', r'''
@strict_custom_gradient
def bias_add(x, b):
    def grad(upstream):
        rows = tf.reshape(upstream, [-1, tf.shape(b)[0]])   # every leading axis folded into one
        return upstream, tf.einsum("rn->n", rows)
    return x + b, grad
''', True),
    Answer('04.bias_add', 'einsum-ellipsis-reduce', r'''
@strict_custom_gradient
def bias_add(x, b):
    def grad(upstream):
        return upstream, tf.einsum("...n->n", upstream)     # sum out the leading axes
    return x + b, grad
''', False, 'tf.einsum cannot sum over the ellipsis axes; reduce over every axis but the last (e.g. reduce_sum)',
           ('axes|axis|ellipsis',)),
    Answer('04.bias_add', 'keras-sum-all', r'''
import keras

@strict_custom_gradient
def bias_add(x, b):
    def grad(upstream):
        return upstream, keras.ops.sum(upstream)
    return x + b, grad
''', False, "summing over all axes gives one number; db must keep b's shape (n,): sum over all axes but the last",
           ('shape|last',)),
    Answer('04.bias_add', 'sum-axis0-only', r'''
@strict_custom_gradient
def bias_add(x, b):
    def grad(upstream):
        db = tf.compat.v1.reduce_sum(upstream, axis=0)     # sum over the batch
        return upstream, db
    return x + b, grad
''', False, 'summing over axis 0 only is not enough for a three-axis x: sum over every axis but the last',
           ('axes|axis|time',)),
    # ---- set r
    Answer('04.bias_add', 'reduce-over-dynamic-leading-axes', r'''
@strict_custom_gradient
def bias_add(x, b):
    def grad(upstream):
        leading_axes = tf.range(tf.rank(upstream) - 1)
        return tf.identity(upstream), tf.reduce_sum(upstream, axis=leading_axes)
    return x + b, grad
''', True),
    Answer('04.bias_add', 'reshape-then-sum-rows', r'''
@strict_custom_gradient
def bias_add(x, b):
    def grad(upstream):
        rows = tf.reshape(upstream, [-1, tf.shape(b)[0]])
        return upstream, tf.reduce_sum(rows, axis=0)
    return tf.nn.bias_add(x, b), grad
''', True),
    Answer('04.bias_add', 'einsum-spelled-out-per-rank', r'''
@strict_custom_gradient
def bias_add(x, b):
    batch_letters = "abcdefgh"[:len(x.shape) - 1]          # "a" for (batch, n), "ab" for (batch, time, n)
    def grad(upstream):
        return upstream * tf.ones_like(x), tf.einsum(batch_letters + "z->z", upstream)
    return x + b, grad
''', True),
    Answer('04.bias_add', 'keras-ops-python-axes-float64', r'''
import keras

@strict_custom_gradient
def bias_add(x, b):
    batch_axes = tuple(range(len(x.shape) - 1))
    def grad(upstream):
        db = keras.ops.sum(tf.cast(upstream, tf.float64), axis=batch_axes)
        return upstream, tf.cast(db, b.dtype)
    return x + b, grad
''', True),
    # ---- set s
    Answer('04.bias_add', 'reshape-rows', r'''
@strict_custom_gradient
def bias_add(x, b):
    def grad(upstream):
        every_row = tf.reshape(upstream, [-1, tf.shape(b)[0]])   # one row per position b was added at
        return tf.identity(upstream), tf.reduce_sum(every_row, axis=0)
    return x + b, grad
''', True),
    Answer('04.bias_add', 'axis0-only', r'''
@strict_custom_gradient
def bias_add(x, b):
    def grad(upstream):
        return upstream, tf.reduce_sum(upstream, axis=0)
    return x + b, grad
''', False, 'with a (batch, time, n) x, summing axis 0 only leaves the time axis: sum every axis but the last',
           ('axis|axes|time',)),
    Answer('04.bias_add', 'mean-over-batch', r'''
@strict_custom_gradient
def bias_add(x, b):
    def grad(upstream):
        lead = list(range(len(upstream.shape) - 1))
        return upstream, tf.reduce_mean(upstream, axis=lead)
    return x + b, grad
''', False, "b is used once per row, so its gradient is the sum of the rows' upstreams, not their mean",
           ('mean|sum|average',)),
    Answer('04.bias_add', 'reshaped-input', r'''
@strict_custom_gradient
def bias_add(x, b):
    x = tf.reshape(x, [-1, b.shape[0]])        # flatten batch and time into rows
    def grad(upstream):
        return upstream, tf.reduce_sum(upstream, axis=0)
    return x + b, grad
''', False, "reshaping x before the addition changes the output's shape for a 3-axis x (and dx's shape)",
           ('shape|reshape',)),
    # ---- set u
    Answer('04.bias_add', 'reshape-then-sum', r'''
@strict_custom_gradient
def bias_add(x, b):
    def grad(upstream):
        n = tf.shape(b)[0]
        db = tf.reduce_sum(tf.reshape(upstream, [-1, n]), axis=0)   # every axis but the last
        return tf.identity(upstream), db
    return x + b, grad
''', True),
    Answer('04.bias_add', 'sum-axis-0-only', r'''
@strict_custom_gradient
def bias_add(x, b):
    def grad(upstream):
        return upstream, tf.reduce_sum(upstream, axis=0)
    return x + b, grad
''', False, 'For a three-axis x, summing over axis 0 leaves the time axis: sum over every axis but the last.',
           ('axis|axes|time',)),
    Answer('04.bias_add', 'mean-over-batch', r'''
@strict_custom_gradient
def bias_add(x, b):
    def grad(upstream):
        axes = list(range(len(upstream.shape) - 1))
        return upstream, tf.reduce_mean(upstream, axis=axes)
    return x + b, grad
''', False, 'b is added to every row, so its gradient sums the contributions of all rows: reduce_sum, not reduce_mean.',
           ('mean|average|sum',)),
    Answer('04.bias_add', 'variable-accumulator', r'''
class BiasAdd(tf.Module):
    def __init__(self):
        super().__init__()
        self.db = None                      # running gradient for b, kept in a variable

    def __call__(self, x, b):
        if self.db is None:
            self.db = tf.Variable(tf.zeros_like(b))
        module = self

        @strict_custom_gradient
        def f(x, b):
            def grad(upstream):
                axes = list(range(len(upstream.shape) - 1))
                module.db.assign_add(tf.reduce_sum(upstream, axis=axes))
                return upstream, tf.convert_to_tensor(module.db)
            return x + b, grad
        return f(x, b)

bias_add = BiasAdd()
''', False, "The variable accumulates across backward passes: from the second call on, b's gradient includes earlier calls' upstreams.",
           ('accumul|previous|call|earlier',)),
    # ---- set w
    Answer('04.bias_add', 'flatten-leading-axes', r'''
@strict_custom_gradient
def bias_add(x: tf.Tensor, b: tf.Tensor):
    """y = x + b, b of shape (n,) broadcast over all leading axes of x.

    dL/dx = upstream. dL/db: b is reused at every leading position, so flatten all leading
    axes into one and sum over it (works for (batch, n) and (batch, time, n) alike).
    """
    def grad(upstream: tf.Tensor):
        n = tf.shape(b)[0]
        flat = tf.reshape(upstream, tf.stack([-1, n]))
        return tf.identity(upstream), tf.reduce_sum(flat, axis=0)
    return x + b, grad


# --- self-test on a 3-axis input ------------------------------------------------------
_x = tf.random.normal((2, 3, 4), dtype=tf.float64)
_b = tf.random.normal((4,), dtype=tf.float64)
_u = tf.random.normal((2, 3, 4), dtype=tf.float64)
with tf.GradientTape(persistent=True) as _t:
    _t.watch([_x, _b])
    _mine, _ref = bias_add(_x, _b), _x + _b
for _g1, _g2 in zip(_t.gradient(_mine, [_x, _b], output_gradients=_u),
                    _t.gradient(_ref, [_x, _b], output_gradients=_u)):
    np.testing.assert_allclose(_g1, _g2, rtol=1e-12)
''', True),
    Answer('04.bias_add', 'assert-rank-2', r'''
@strict_custom_gradient
def bias_add(x: tf.Tensor, b: tf.Tensor):
    """Dense-layer bias: x is (batch, n), b is (n,).

    Shapes are validated up front; the bias gradient sums the upstream over the batch axis.
    """
    tf.debugging.assert_rank(x, 2, message="bias_add expects x of shape (batch, n)")
    tf.debugging.assert_rank(b, 1)

    def grad(upstream: tf.Tensor):
        return upstream, tf.reduce_sum(upstream, axis=0)
    return x + b, grad
''', False, 'the rank-2 assertion (and the sum over axis 0 alone) fails for a (batch, time, n) input: sum over every leading axis',
           ('axis|axes|rank|three|3',)),
    Answer('04.bias_add', 'mean-over-batch', r'''
@strict_custom_gradient
def bias_add(x: tf.Tensor, b: tf.Tensor):
    """y = x + b with b broadcast along the last axis.

    db averages the upstream over all leading axes, so the bias update is independent of the
    batch (and sequence) length.
    """
    def grad(upstream: tf.Tensor):
        lead_axes = tf.range(tf.rank(upstream) - 1)
        return upstream, tf.reduce_mean(upstream, axis=lead_axes)
    return x + b, grad
''', False, 'averaging divides db by the number of rows: the bias gradient is the sum over the leading axes',
           ('sum|mean|average',)),
    Answer('04.bias_add', 'clipped-bias-grad', r'''
_CLIP = 1.0


@strict_custom_gradient
def bias_add(x: tf.Tensor, b: tf.Tensor):
    """y = x + b. Bias gradients accumulate over the whole batch and can get large, so the
    summed gradient is clipped to [-1, 1] to avoid explosions."""
    def grad(upstream: tf.Tensor):
        lead_axes = tf.range(tf.rank(upstream) - 1)
        db = tf.reduce_sum(upstream, axis=lead_axes)
        return upstream, tf.clip_by_value(db, -_CLIP, _CLIP)
    return x + b, grad
''', False, 'clipping db to [-1, 1] changes the gradient whenever the sum is larger than 1',
           ('clip|clipped',)),
    # ---- set y
    Answer('04.bias_add', 'reshape-then-sum', r'''
@strict_custom_gradient
def bias_add(x, b):
    def grad(upstream):
        per_row = tf.reshape(upstream, [-1, tf.shape(b)[0]])   # every leading axis folded into rows
        return tf.identity(upstream), tf.reduce_sum(per_row, axis=0)
    return x + b, grad
''', True),
    Answer('04.bias_add', 'axis-zero-only', r'''
@strict_custom_gradient
def bias_add(x, b):
    def grad(upstream):
        return upstream, tf.reduce_sum(upstream, axis=0)
    return x + b, grad
''', False, 'Summing over axis 0 only is right for (batch, n), but a (batch, time, n) x leaves db with shape (time, n): sum over every axis but the last.',
           ('axis|axes|time|three',)),
    Answer('04.bias_add', 'keepdims-row', r'''
@strict_custom_gradient
def bias_add(x, b):
    def grad(upstream):
        axes = list(range(len(upstream.shape) - 1))
        return upstream, tf.reduce_sum(upstream, axis=axes, keepdims=True)
    return x + b, grad
''', False, "keepdims=True gives db a shape like (1, n) or (1, 1, n); it must have b's shape (n,).",
           ('shape|keepdims',)),
    Answer('04.bias_add', 'multiply-grad-pasted', r'''
@strict_custom_gradient
def bias_add(x, b):
    def grad(upstream):
        axes = list(range(len(upstream.shape) - 1))
        return upstream * b, tf.reduce_sum(upstream * x, axis=axes)
    return x + b, grad
''', False, "These are a product's gradients (x·b); for a sum the local derivative is 1, so x gets upstream and b its sum.",
           ('multipl|product',)),
]
