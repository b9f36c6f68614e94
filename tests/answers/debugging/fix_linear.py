"""Exercise 09.fix_linear: a wrong answer for each mistake it names, and answers written from the learner's side."""

import tensorflow as tf

from answer_kit import Answer, cg, lin

KEY = "09.fix_linear"

MISTAKES = {
    'transposed': cg(lin, lambda x, W, b, u: (u @ tf.transpose(W), tf.transpose(u) @ x, tf.reduce_sum(u, 0))),
    'not_summed': cg(lin, lambda x, W, b, u: (u @ tf.transpose(W), tf.transpose(x) @ u, u)),
    'upstream_ignored': cg(lin, lambda x, W, b, u: (tf.ones_like(x), tf.ones_like(W), tf.ones_like(b))),
    'one_example': cg(lin, lambda x, W, b, u: (u @ tf.transpose(W), tf.transpose(x) @ u, u[0])),
    'reshaped': cg(lin, lambda x, W, b, u: (u @ tf.transpose(W), tf.reshape(tf.transpose(u) @ x, tf.shape(W)),
                                                    tf.reduce_sum(u, 0))),
    'mean_not_sum': cg(lin, lambda x, W, b, u: (u @ tf.transpose(W), tf.transpose(x) @ u, tf.reduce_mean(u, 0))),
    'shadowed_input': cg(lin, lambda x, W, b, u: (u @ tf.transpose(W), tf.transpose(u @ tf.transpose(W)) @ u,
                                                      tf.reduce_sum(u, 0))),
    'no_custom_gradient': lin,
    'activation_slope': cg(lin, lambda x, W, b, u: (
        (u * tf.sigmoid(x @ W + b)) @ tf.transpose(W), tf.transpose(x) @ (u * tf.sigmoid(x @ W + b)),
        tf.reduce_sum(u * tf.sigmoid(x @ W + b), 0))),
}

ANSWERS = [
    # ---- set ab
    Answer('09.fix_linear', 'einsum-everything', r'''
@tf.custom_gradient
def linear(x, W, b):
    def grad(U):
        dx = tf.einsum("bo,io->bi", U, W)       # U Wᵀ
        dW = tf.einsum("bi,bo->io", x, U)       # xᵀ U
        db = tf.einsum("bo->o", U)              # sum over the batch
        return dx, dW, db
    return x @ W + b, grad
''', True),
    # feedback names the concept, not the answer the author's words would give away
    Answer('09.fix_linear', 'only-dW-fixed', r'''
@tf.custom_gradient
def linear(x, W, b):
    def grad(U):
        return U @ tf.transpose(W), tf.transpose(x) @ U, U
    return x @ W + b, grad
''', False, 'dW is fixed, but the bias gradient is still U, of shape (batch, 2): b is added to every row, so sum U over the batch axis.',
           ('batch axis',)),
    Answer('09.fix_linear', 'bias-summed-over-everything', r'''
@tf.custom_gradient
def linear(x, W, b):
    def grad(U):
        return U @ tf.transpose(W), tf.transpose(x) @ U, tf.reduce_sum(U)
    return x @ W + b, grad
''', False, "The bias gradient is summed over every axis, giving one number; sum over the batch axis only (axis=0), so that it keeps b's shape.",
           ('axis|shape',)),
    Answer('09.fix_linear', 'width-hard-coded', r'''
@tf.custom_gradient
def linear(x, W, b):
    def grad(U):
        db = tf.reshape(tf.reduce_sum(U, axis=0), (2,))
        dW = tf.reshape(tf.transpose(x) @ U, (3, 2))
        return U @ tf.transpose(W), dW, db
    return x @ W + b, grad
''', False, "The reshapes hard-code the example's sizes (3 inputs, 2 outputs), so another layer width fails; the gradients already have the right shapes without them.",
           ('hard-cod|width|size|reshape',)),
    # ---- set b
    Answer('09.fix_linear', 'transpose x, sum U over batch', r'''
@tf.custom_gradient
def linear(x, W, b):
    def grad(U):
        return U @ tf.transpose(W), tf.transpose(x) @ U, tf.reduce_sum(U, axis=0)
    return x @ W + b, grad
''', True),
    Answer('09.fix_linear', 'matmul transpose flags', r'''
@tf.custom_gradient
def linear(x, W, b):
    def grad(U):
        dx = tf.matmul(U, W, transpose_b=True)
        dW = tf.matmul(x, U, transpose_a=True)
        db = tf.reduce_sum(U, 0)
        return dx, dW, db
    return tf.matmul(x, W) + b, grad
''', True),
    Answer('09.fix_linear', 'einsum', r'''
@tf.custom_gradient
def linear(x, W, b):
    def grad(U):
        return (tf.einsum("bj,ij->bi", U, W),
                tf.einsum("bi,bj->ij", x, U),
                tf.einsum("bj->j", U))
    return x @ W + b, grad
''', True),
    Answer('09.fix_linear', 'transpose of U^T x', r'''
@tf.custom_gradient
def linear(x, W, b):
    def grad(U):
        return U @ tf.transpose(W), tf.transpose(tf.transpose(U) @ x), tf.reduce_sum(U, axis=0)
    return x @ W + b, grad
''', True),
    Answer('09.fix_linear', 'only dW fixed', r'''
@tf.custom_gradient
def linear(x, W, b):
    def grad(U):
        return U @ tf.transpose(W), tf.transpose(x) @ U, U
    return x @ W + b, grad
''', False, 'db still has the batch axis: sum U over the batch (axis 0)',
           ('sum|batch|axis',)),
    Answer('09.fix_linear', 'only db fixed', r'''
@tf.custom_gradient
def linear(x, W, b):
    def grad(U):
        return U @ tf.transpose(W), tf.transpose(U) @ x, tf.reduce_sum(U, axis=0)
    return x @ W + b, grad
''', False, 'dW = U^T x has shape (2, 3); it is x^T U, shape (3, 2)',
           ('transpose|shape',)),
    Answer('09.fix_linear', 'db summed over axis 1', r'''
@tf.custom_gradient
def linear(x, W, b):
    def grad(U):
        return U @ tf.transpose(W), tf.transpose(x) @ U, tf.reduce_sum(U, axis=1)
    return x @ W + b, grad
''', False, 'sum over the batch axis 0, not axis 1',
           ('axis|batch',)),
    Answer('09.fix_linear', 'db summed to a scalar', r'''
@tf.custom_gradient
def linear(x, W, b):
    def grad(U):
        return U @ tf.transpose(W), tf.transpose(x) @ U, tf.reduce_sum(U)
    return x @ W + b, grad
''', False, "summing over everything gives a scalar; db has b's shape (2,): sum over axis 0",
           ('axis|shape',)),
    Answer('09.fix_linear', 'db as batch mean', r'''
@tf.custom_gradient
def linear(x, W, b):
    def grad(U):
        return U @ tf.transpose(W), tf.transpose(x) @ U, tf.reduce_mean(U, axis=0)
    return x @ W + b, grad
''', False, 'b is added to every row: its gradient is the sum over the batch, not the mean',
           ('sum',)),
    Answer('09.fix_linear', 'transpose of W dropped', r'''
@tf.custom_gradient
def linear(x, W, b):
    def grad(U):
        return U @ W, tf.transpose(x) @ U, tf.reduce_sum(U, axis=0)
    return x @ W + b, grad
''', False, 'U (batch x 2) @ W (3 x 2) has incompatible shapes: dx = U W^T',
           ('transpose|shape',)),
    Answer('09.fix_linear', 'db = ones, upstream ignored', r'''
@tf.custom_gradient
def linear(x, W, b):
    def grad(U):
        return U @ tf.transpose(W), tf.transpose(x) @ U, tf.ones_like(b)
    return x @ W + b, grad
''', False, 'db must use the upstream U: sum U over the batch',
           ('upstream|sum',)),
    Answer('09.fix_linear', 'gradient for b dropped', r'''
@tf.custom_gradient
def linear(x, W, b):
    def grad(U):
        return U @ tf.transpose(W), tf.transpose(x) @ U
    return x @ W + b, grad
''', False, 'three inputs need three gradients: the one for b is missing',
           ('three|count|number of gradients|bias',)),
    Answer('09.fix_linear', 'custom gradient removed', r'''
def linear(x, W, b):
    return x @ W + b
''', False, 'removing the custom gradient is not fixing it: the exercise is to repair grad',
           ('custom_gradient|custom gradient|decorator',)),
    # ---- set e
    Answer('09.fix_linear', 'dW as the transpose of Uᵀx', r'''
@tf.custom_gradient
def linear(x, W, b):
    def grad(U):
        return U @ tf.transpose(W), tf.transpose(tf.transpose(U) @ x), tf.reduce_sum(U, 0)
    return x @ W + b, grad
''', True),
    Answer('09.fix_linear', 'matmul flags and einsum', r'''
@tf.custom_gradient
def linear(x, W, b):
    def grad(U):
        dx = tf.matmul(U, W, transpose_b=True)
        dW = tf.einsum("bi,bj->ij", x, U)
        db = tf.math.reduce_sum(U, axis=0)
        return dx, dW, db
    return x @ W + b, grad
''', True),
    Answer('09.fix_linear', 'only the bias fixed', r'''
@tf.custom_gradient
def linear(x, W, b):
    def grad(U):
        return U @ tf.transpose(W), tf.transpose(U) @ x, tf.reduce_sum(U, axis=0)
    return x @ W + b, grad
''', False, "dW is still Uᵀx, shape (2, 3): W's gradient is xᵀU, shape (3, 2).",
           ('transpose|xᵀ|x^T|shape',)),
    Answer('09.fix_linear', 'only dW fixed', r'''
@tf.custom_gradient
def linear(x, W, b):
    def grad(U):
        return U @ tf.transpose(W), tf.transpose(x) @ U, U
    return x @ W + b, grad
''', False, 'b is added to every row: its gradient sums U over the batch axis.',
           ('sum|batch|bias|shape',)),
    Answer('09.fix_linear', 'bias summed with keepdims', r'''
@tf.custom_gradient
def linear(x, W, b):
    def grad(U):
        return U @ tf.transpose(W), tf.transpose(x) @ U, tf.reduce_sum(U, axis=0, keepdims=True)
    return x @ W + b, grad
''', False, 'keepdims=True leaves shape (1, 2); b has shape (2,).',
           ('shape|keepdims',)),
    Answer('09.fix_linear', 'x reused as the name of dL/dx', r'''
@tf.custom_gradient
def linear(x, W, b):
    def grad(U):
        x = U @ tf.transpose(W)                 # dL/dx
        return x, tf.transpose(x) @ U, tf.reduce_sum(U, axis=0)
    return x @ W + b, grad
''', False, "Naming dL/dx 'x' inside grad makes dW use the gradient instead of the input x.",
           ('dW|dL/dW|∂L/∂W|weight|kernel|input x',)),
    # ---- set f
    Answer('09.fix_linear', 'transpose_of_transposed', r'''
@tf.custom_gradient
def linear(x, W, b):
    def grad(U):
        return U @ tf.transpose(W), tf.transpose(tf.transpose(U) @ x), tf.reduce_sum(U, axis=0)
    return x @ W + b, grad
''', True),
    Answer('09.fix_linear', 'einsum_tf_function', r'''
@tf.function
@tf.custom_gradient
def linear(x, W, b):
    def grad(U):
        dx = tf.matmul(U, W, transpose_b=True)
        dW = tf.einsum("bi,bj->ij", x, U)
        db = tf.einsum("bj->j", U)
        return dx, dW, db
    return x @ W + b, grad
''', True),
    Answer('09.fix_linear', 'bias_mean', r'''
@tf.custom_gradient
def linear(x, W, b):
    def grad(U):
        return U @ tf.transpose(W), tf.transpose(x) @ U, tf.reduce_mean(U, axis=0)
    return x @ W + b, grad
''', False, 'b is added to every row, so its gradient is the sum over the batch, not the mean.',
           ('sum|mean',)),
    Answer('09.fix_linear', 'bias_ones_no_upstream', r'''
@tf.custom_gradient
def linear(x, W, b):
    def grad(U):
        return U @ tf.transpose(W), tf.transpose(x) @ U, tf.reduce_sum(tf.ones_like(U), axis=0)
    return x @ W + b, grad
''', False, 'db sums ones, the local derivative, without the upstream U: it should be Σ_batch U.',
           ('upstream',)),
    Answer('09.fix_linear', 'dW_fixed_by_swapping_operands', r'''
@tf.custom_gradient
def linear(x, W, b):
    def grad(U):
        return U @ tf.transpose(W), tf.transpose(U @ tf.transpose(x)), tf.reduce_sum(U, axis=0)
    return x @ W + b, grad
''', False, 'U @ xᵀ pairs the wrong axes (batch×batch), so dW fails; ∂L/∂W = xᵀ U.',
           ('xᵀ U|xᵀU|x^T U|transpose(x) @ U|shape|transpose',)),
    # ---- set g
    Answer('09.fix_linear', 'transpose-flags', r'''
@tf.custom_gradient
def linear(x, W, b):
    def grad(U):
        return tf.matmul(U, W, transpose_b=True), tf.matmul(x, U, transpose_a=True), tf.reduce_sum(U, axis=0)
    return x @ W + b, grad
''', True),
    Answer('09.fix_linear', 'tensordot-and-einsum', r'''
@tf.custom_gradient
def linear(x, W, b):
    def grad(U):
        dx = tf.einsum("bj,ij->bi", U, W)
        dW = tf.tensordot(x, U, axes=[[0], [0]])
        db = tf.einsum("bj->j", U)
        return dx, dW, db
    return x @ W + b, grad
''', True),
    Answer('09.fix_linear', 'dW-fixed-by-double-transpose-only', r'''
@tf.custom_gradient
def linear(x, W, b):
    def grad(U):
        return U @ tf.transpose(W), tf.transpose(tf.transpose(U) @ x), U
    return x @ W + b, grad
''', False, 'dW is fixed ((Uᵀx)ᵀ = xᵀU), but db is still U: b is added to every row, so sum U over the batch axis',
           ('sum|batch|axis|db|bias',)),
    Answer('09.fix_linear', 'db-keepdims', r'''
@tf.custom_gradient
def linear(x, W, b):
    def grad(U):
        return U @ tf.transpose(W), tf.transpose(x) @ U, tf.reduce_sum(U, axis=0, keepdims=True)
    return x @ W + b, grad
''', False, 'keepdims=True gives db shape (1, n) for b of shape (n,)',
           ('shape|keepdims',)),
    Answer('09.fix_linear', 'no-custom-gradient', r'''
def linear(x, W, b):
    return x @ W + b        # TensorFlow's own gradient has no bugs to fix
''', False, 'drops the custom gradient instead of fixing grad: the exercise is to repair the two bugs in grad',
           ('custom|grad',)),
    # ---- set holdout
    Answer('09.fix_linear', 'transpose flags and einsum', r'''
@tf.custom_gradient
def linear(x, W, b):
    def grad(U):
        return (tf.matmul(U, W, transpose_b=True),
                tf.matmul(x, U, transpose_a=True),
                tf.einsum("bj->j", U))
    return x @ W + b, grad
''', True),
    Answer('09.fix_linear', 'only the bias fixed', r'''
@tf.custom_gradient
def linear(x, W, b):
    def grad(U):
        return U @ tf.transpose(W), tf.transpose(U) @ x, tf.reduce_sum(U, axis=0)
    return x @ W + b, grad
''', False, 'The gradient for W is Uᵀx, shaped (2, 3); W is (3, 2) and needs xᵀU.',
           ('W|transpose|shape',)),
    Answer('09.fix_linear', 'only W fixed', r'''
@tf.custom_gradient
def linear(x, W, b):
    def grad(U):
        return U @ tf.transpose(W), tf.transpose(x) @ U, U
    return x @ W + b, grad
''', False, 'b is broadcast over the batch, so its gradient sums U over the batch axis.',
           ('b|bias|sum|batch|broadcast',)),
    Answer('09.fix_linear', 'x.T numpy style', r'''
@tf.custom_gradient
def linear(x, W, b):
    def grad(U):
        return U @ tf.transpose(W), x.T @ U, tf.reduce_sum(U, axis=0)
    return x @ W + b, grad
''', False, 'Tensors have no .T attribute; use tf.transpose(x) or transpose_a=True.',
           ('transpose|.T|attribute',)),
    Answer('09.fix_linear', 'bias gradient with keepdims', r'''
@tf.custom_gradient
def linear(x, W, b):
    def grad(U):
        return U @ tf.transpose(W), tf.transpose(x) @ U, tf.reduce_sum(U, axis=0, keepdims=True)
    return x @ W + b, grad
''', False, "keepdims=True leaves b's gradient with shape (1, 2), but b has shape (2,).",
           ('shape|keepdims',)),
    Answer('09.fix_linear', 'bias summed over features', r'''
@tf.custom_gradient
def linear(x, W, b):
    def grad(U):
        return U @ tf.transpose(W), tf.transpose(x) @ U, tf.reduce_sum(U, axis=1)
    return x @ W + b, grad
''', False, "b's gradient sums over the batch axis (axis 0), not over the outputs.",
           ('axis|batch',)),
    # ---- set j
    Answer('09.fix_linear', 'matmul-flags', r'''
@tf.custom_gradient
def linear(x, W, b):
    def grad(U):
        return (tf.matmul(U, W, transpose_b=True),
                tf.matmul(x, U, transpose_a=True),
                tf.reduce_sum(U, axis=0))
    return x @ W + b, grad
''', True),
    Answer('09.fix_linear', 'keras-ops-everywhere', r'''
from keras import ops

@tf.custom_gradient
def linear(x, W, b):
    def grad(U):
        return ops.matmul(U, ops.transpose(W)), ops.matmul(ops.transpose(x), U), ops.sum(U, axis=0)
    return x @ W + b, grad
''', True),
    Answer('09.fix_linear', 'only-bias-fixed', r'''
@tf.custom_gradient
def linear(x, W, b):
    def grad(U):
        return U @ tf.transpose(W), tf.transpose(U) @ x, tf.reduce_sum(U, axis=0)
    return x @ W + b, grad
''', False, 'dL/dW = xᵀU (shape 3 × 2, like W); Uᵀx is its transpose.',
           ('transpose|transposed|shape',)),
    Answer('09.fix_linear', 'only-weight-fixed', r'''
@tf.custom_gradient
def linear(x, W, b):
    def grad(U):
        return U @ tf.transpose(W), tf.transpose(x) @ U, U
    return x @ W + b, grad
''', False, 'b is broadcast over the batch: its gradient is U summed over the batch axis, shape (2,), not U itself.',
           ('sum|shape|batch',)),
    Answer('09.fix_linear', 'reshape-instead-of-transpose', r'''
@tf.custom_gradient
def linear(x, W, b):
    def grad(U):
        dW = tf.reshape(tf.transpose(U) @ x, tf.shape(W))     # make it fit W
        return U @ tf.transpose(W), dW, tf.reduce_sum(U, axis=0)
    return x @ W + b, grad
''', False, "Reshaping Uᵀx to W's shape scrambles the entries; dL/dW is xᵀU (a transpose, not a reshape).",
           ('transpose|reshape',)),
    Answer('09.fix_linear', 'first-row-as-bias-grad', r'''
@tf.custom_gradient
def linear(x, W, b):
    def grad(U):
        return U @ tf.transpose(W), tf.transpose(x) @ U, U[0]   # shape (2,) like b
    return x @ W + b, grad
''', False, "U[0] has b's shape but is only the first example's gradient; sum U over the batch axis (right only for batch 1).",
           ('sum|batch',)),
    Answer('09.fix_linear', 'bias-summed-wrong-axis', r'''
@tf.custom_gradient
def linear(x, W, b):
    def grad(U):
        return U @ tf.transpose(W), tf.transpose(x) @ U, tf.reduce_sum(U, axis=-1)
    return x @ W + b, grad
''', False, "Summing U over the last axis gives one number per example; b's gradient sums over the batch axis (axis 0).",
           ('axis|shape|batch',)),
    # ---- set l
    Answer('09.fix_linear', 'einsum-everything', r'''
@tf.custom_gradient
def linear(x, W, b):
    def grad(U):
        dx = tf.einsum("bj,ij->bi", U, W)
        dW = tf.einsum("bi,bj->ij", x, U)
        db = tf.einsum("bj->j", U)
        return dx, dW, db
    return x @ W + b, grad
''', True),
    Answer('09.fix_linear', 'fixed-dW-only', r'''
@tf.custom_gradient
def linear(x, W, b):
    def grad(U):
        return U @ tf.transpose(W), tf.transpose(x) @ U, U     # fixed dW
    return x @ W + b, grad
''', False, 'dW is fixed, but b is added to every row: its gradient is U summed over the batch axis, shape (units,).',
           ('sum|batch|shape',)),
    Answer('09.fix_linear', 'fixed-db-only', r'''
@tf.custom_gradient
def linear(x, W, b):
    def grad(U):
        return U @ tf.transpose(W), tf.transpose(U) @ x, tf.reduce_sum(U, axis=0)
    return x @ W + b, grad
''', False, "db is fixed, but dW is still Uᵀx, the transpose of the right gradient (shape units × in instead of W's).",
           ('transpose|shape',)),
    Answer('09.fix_linear', 'db-wrong-axis', r'''
@tf.custom_gradient
def linear(x, W, b):
    def grad(U):
        dW = tf.matmul(x, U, transpose_a=True)
        db = tf.reduce_sum(U, axis=1)          # sum over the units
        return tf.matmul(U, W, transpose_b=True), dW, db
    return x @ W + b, grad
''', False, 'db sums over the wrong axis: sum U over the batch axis (axis 0), keeping one entry per unit.',
           ('axis|batch|shape',)),
    Answer('09.fix_linear', 'db-mean-from-chatbot', r'''
@tf.custom_gradient
def linear(x, W, b):
    def grad(U):
        dx = tf.matmul(U, W, transpose_b=True)
        dW = tf.matmul(x, U, transpose_a=True)
        db = tf.reduce_mean(U, axis=0)         # bias gradient = average over the batch
        return dx, dW, db
    return x @ W + b, grad
''', False, "b's gradient is U summed over the batch, not averaged.",
           ('sum|mean|average',)),
    Answer('09.fix_linear', 'vectorized-map-per-example', r'''
@tf.custom_gradient
def linear(x, W, b):
    def grad(U):
        def one_example(args):
            xi, ui = args
            return tf.tensordot(xi, ui, axes=0), ui          # this example's dW and db
        dW_each, db_each = tf.vectorized_map(one_example, (x, U))
        return U @ tf.transpose(W), dW_each, db_each
    return x @ W + b, grad
''', False, 'The per-example gradients of W and b must be summed over the batch; here they keep a batch axis.',
           ('sum|batch|shape',)),
    # ---- set m
    Answer('09.fix_linear', 'tensordot', r'''
@tf.custom_gradient
def linear(x, W, b):
    def grad(U):
        return (U @ tf.transpose(W),
                tf.tensordot(x, U, axes=[[0], [0]]),   # xᵀ U
                tf.reduce_sum(U, axis=0))              # b broadcast over the batch
    return x @ W + b, grad
''', True),
    # feedback names the concept, not the answer the author's words would give away
    Answer('09.fix_linear', 'only-dW-fixed', r'''
@tf.custom_gradient
def linear(x, W, b):
    def grad(U):
        return U @ tf.transpose(W), tf.transpose(x) @ U, U
    return x @ W + b, grad
''', False, "The bias gradient must be summed over the batch to b's shape.",
           ('batch axis',)),
    Answer('09.fix_linear', 'only-db-fixed', r'''
@tf.custom_gradient
def linear(x, W, b):
    def grad(U):
        return U @ tf.transpose(W), tf.transpose(U) @ x, tf.reduce_sum(U, axis=0)
    return x @ W + b, grad
''', False, 'dL/dW is xᵀU; Uᵀx is its transpose, shaped like Wᵀ.',
           ('transpose|shape',)),
    Answer('09.fix_linear', 'mean-bias', r'''
@tf.custom_gradient
def linear(x, W, b):
    def grad(U):
        return U @ tf.transpose(W), tf.transpose(x) @ U, tf.reduce_mean(U, axis=0)
    return x @ W + b, grad
''', False, 'The bias gradient sums over the batch; the mean divides it by the batch size.',
           ('mean|sum',)),
    Answer('09.fix_linear', 'hardcoded-shapes', r'''
@tf.custom_gradient
def linear(x, W, b):
    def grad(U):
        dW = tf.reshape(tf.transpose(U) @ x, (3, 2))      # W is 3 × 2
        return U @ tf.transpose(W), dW, tf.reduce_sum(U, axis=0)
    return x @ W + b, grad
''', False, 'Reshaping Uᵀx to (3, 2) is not a transpose (and fixes the sizes): use xᵀU, for any shapes.',
           ('transpose|shape',)),
    # ---- set o
    Answer('09.fix_linear', 'matmul-transpose-flags', r'''
@tf.custom_gradient
def linear(x, W, b):
    def grad(U):
        dx = tf.matmul(U, W, transpose_b=True)
        dW = tf.matmul(x, U, transpose_a=True)
        db = tf.reduce_sum(U, axis=0)
        return dx, dW, db
    return x @ W + b, grad
''', True),
    Answer('09.fix_linear', 'einsum', r'''
@tf.custom_gradient
def linear(x, W, b):
    def grad(U):
        return (tf.einsum("bj,ij->bi", U, W),
                tf.einsum("bi,bj->ij", x, U),
                tf.einsum("bj->j", U))
    return tf.einsum("bi,ij->bj", x, W) + b, grad
''', True),
    Answer('09.fix_linear', 'fixed-only-dW', r'''
@tf.custom_gradient
def linear(x, W, b):
    def grad(U):
        return U @ tf.transpose(W), tf.transpose(x) @ U, U
    return x @ W + b, grad
''', False, "b's gradient still has the batch axis: b is added to every row, so sum U over the batch",
           ("bias|b's|sum|batch",)),
    Answer('09.fix_linear', 'bias-sum-wrong-axis', r'''
@tf.custom_gradient
def linear(x, W, b):
    def grad(U):
        return U @ tf.transpose(W), tf.transpose(x) @ U, tf.reduce_sum(U, axis=1)
    return x @ W + b, grad
''', False, "the bias gradient sums over the wrong axis: sum over the batch (axis 0) to get b's shape",
           ('axis|batch',)),
    Answer('09.fix_linear', 'bias-sum-keepdims', r'''
@tf.custom_gradient
def linear(x, W, b):
    def grad(U):
        db = tf.reduce_sum(U, axis=0, keepdims=True)
        return U @ tf.transpose(W), tf.transpose(x) @ U, db
    return x @ W + b, grad
''', False, "keepdims=True gives b's gradient shape (1, 2) for a b of shape (2,)",
           ('shape|keepdims',)),
    Answer('09.fix_linear', 'fixed-only-db', r'''
@tf.custom_gradient
def linear(x, W, b):
    def grad(U):
        return U @ tf.transpose(W), tf.transpose(U) @ x, tf.reduce_sum(U, axis=0)
    return x @ W + b, grad
''', False, "W's gradient is transposed: Uᵀx has shape (2, 3) for a W of shape (3, 2); it is xᵀU",
           ('transpose|transposed|shape',)),
    # ---- set q
    Answer('09.fix_linear', 'einsum-all-three', r'''
@tf.custom_gradient
def linear(x, W, b):
    def grad(U):
        dx = tf.einsum("bj,ij->bi", U, W)
        dW = tf.einsum("bi,bj->ij", x, U)
        db = tf.einsum("bj->j", U)
        return dx, dW, db
    return x @ W + b, grad
''', True),
    Answer('09.fix_linear', 'pytorch-weight-layout', r'''
@tf.custom_gradient
def linear(x, W, b):
    def grad(U):
        # nn.Linear: grad_weight = grad_output^T @ input
        return U @ tf.transpose(W), tf.transpose(U) @ x, tf.reduce_sum(U, axis=0)
    return x @ W + b, grad
''', False, "W is (in, out) here, not PyTorch's (out, in): U^T x is the transposed gradient, shape (2, 3) for a (3, 2) W; use x^T U",
           ('transpose|transposed|shape',)),
    Answer('09.fix_linear', 'einsum-bias-wrong-axis', r'''
@tf.custom_gradient
def linear(x, W, b):
    def grad(U):
        dx = tf.einsum("bj,ij->bi", U, W)
        dW = tf.einsum("bi,bj->ij", x, U)
        db = tf.einsum("bj->b", U)
        return dx, dW, db
    return x @ W + b, grad
''', False, 'b\'s gradient sums U over the batch, keeping the output axis: "bj->j", not "bj->b"',
           ('batch|axis',)),
    Answer('09.fix_linear', 'copied-dense-softplus', r'''
@tf.custom_gradient
def linear(x, W, b):
    Z = x @ W + b
    def grad(U):
        Zbar = U * tf.sigmoid(Z)
        return Zbar @ tf.transpose(W), tf.transpose(x) @ Zbar, tf.reduce_sum(Zbar, axis=0)
    return Z, grad
''', False, "the layer has no activation: multiplying U by sigmoid(Z) is softplus' slope, from the dense_softplus example; use U itself",
           ('sigmoid|softplus|activation',)),
    # ---- set r
    Answer('09.fix_linear', 'minimal-fix-transpose-the-product', r'''
@tf.custom_gradient
def linear(x, W, b):
    def grad(U):
        return U @ tf.transpose(W), tf.transpose(tf.transpose(U) @ x), tf.reduce_sum(U, axis=0)
    return x @ W + b, grad
''', True),
    Answer('09.fix_linear', 'matmul-flags-strict', r'''
@strict_custom_gradient
def linear(x, W, b):
    def grad(U):
        dx = tf.matmul(U, W, transpose_b=True)
        dW = tf.matmul(x, U, transpose_a=True)
        db = tf.reduce_sum(U, axis=0)
        return dx, dW, db
    return tf.matmul(x, W) + b, grad
''', True),
    Answer('09.fix_linear', 'einsum-tensordot-ones', r'''
@tf.custom_gradient
def linear(x, W, b):
    def grad(U):
        dx = tf.einsum("bo,io->bi", U, W)
        dW = tf.tensordot(x, U, axes=[[0], [0]])
        db = tf.linalg.matvec(U, tf.ones_like(U[:, 0]), transpose_a=True)   # column sums
        return dx, dW, db
    return x @ W + b, grad
''', True),
    Answer('09.fix_linear', 'keras-ops', r'''
import keras

@tf.custom_gradient
def linear(x, W, b):
    def grad(U):
        dx = keras.ops.matmul(U, keras.ops.transpose(W))
        dW = keras.ops.matmul(keras.ops.transpose(x), U)
        db = keras.ops.sum(U, axis=0)
        return dx, dW, db
    return keras.ops.matmul(x, W) + b, grad
''', True),
    # ---- set t
    Answer('09.fix_linear', 'einsum-and-double-transpose', r'''
@tf.custom_gradient
def linear(x, W, b):
    def grad(U):
        dx = tf.matmul(U, W, transpose_b=True)
        dW = tf.transpose(tf.einsum("bj,bi->ji", U, x))      # (U^T x)^T = x^T U
        db = tf.einsum("bj->j", U)
        return dx, dW, db
    return x @ W + b, grad
''', True),
    # feedback names the concept, not the answer the author's words would give away
    Answer('09.fix_linear', 'only-dW-fixed', r'''
@tf.custom_gradient
def linear(x, W, b):
    def grad(U):
        return U @ tf.transpose(W), tf.transpose(x) @ U, U
    return x @ W + b, grad
''', False, "The weight gradient is fixed, but b's gradient is still U, shape (batch, units): b is added to every row, so sum U over the batch.",
           ('batch axis',)),
    Answer('09.fix_linear', 'dW-and-dx-swapped', r'''
@tf.custom_gradient
def linear(x, W, b):
    def grad(U):
        dW = tf.transpose(x) @ U
        dx = U @ tf.transpose(W)
        db = tf.reduce_sum(U, axis=0)
        return dW, dx, db
    return x @ W + b, grad
''', False, 'The gradients come back in the wrong order: grad must return them in the order of the inputs, (x, W, b).',
           ('order|swapped',)),
    Answer('09.fix_linear', 'U-reshaped-to-width-2', r'''
@tf.custom_gradient
def linear(x, W, b):
    def grad(U):
        U = tf.reshape(U, (-1, 2))           # make sure U is batch x 2
        return U @ tf.transpose(W), tf.transpose(x) @ U, tf.reduce_sum(U, axis=0)
    return x @ W + b, grad
''', False, 'U is reshaped to a hard-coded width of 2, which breaks any other layer width; use the shapes as they come.',
           ('width|shape|hard-coded|hardcoded|units',)),
    # ---- set v
    Answer('09.fix_linear', 'einsum-and-transpose-flags', r'''
@tf.custom_gradient
def linear(x, W, b):
    def grad(U):
        dx = tf.matmul(U, W, transpose_b=True)
        dW = tf.einsum("bi,bj->ij", x, U)
        db = tf.einsum("bj->j", U)
        return dx, dW, db
    return x @ W + b, grad
''', True),
    Answer('09.fix_linear', 'einsum-W-still-transposed', r'''
@tf.custom_gradient
def linear(x, W, b):
    def grad(U):
        dx = U @ tf.transpose(W)
        dW = tf.einsum("bi,bj->ji", x, U)
        db = tf.reduce_sum(U, axis=0)
        return dx, dW, db
    return x @ W + b, grad
''', False, "The gradient for W is transposed: it must be xᵀU with W's shape (3 × 2).",
           ('transpose|shape',)),
    Answer('09.fix_linear', 'bias-mean', r'''
@tf.custom_gradient
def linear(x, W, b):
    def grad(U):
        return U @ tf.transpose(W), tf.transpose(x) @ U, tf.reduce_mean(U, axis=0)
    return x @ W + b, grad
''', False, 'b is added to every row, so its gradient is the sum of U over the batch, not the mean.',
           ('sum|mean|batch',)),
    Answer('09.fix_linear', 'bias-loop-hardcoded-width', r'''
@tf.custom_gradient
def linear(x, W, b):
    def grad(U):
        db = tf.stack([tf.reduce_sum(U[:, j]) for j in range(2)])   # one entry per output
        return U @ tf.transpose(W), tf.transpose(x) @ U, db
    return x @ W + b, grad
''', False, "The loop over range(2) hard-codes the layer width: for another width b's gradient has the wrong shape.",
           ('shape|width|size',)),
    # ---- set x
    Answer('09.fix_linear', 'transpose-flags', r'''
from typing import Callable, Tuple


@tf.custom_gradient
def linear(x: tf.Tensor, W: tf.Tensor, b: tf.Tensor) -> Tuple[tf.Tensor, Callable]:
    """Dense layer y = x W + b with a hand-written backward pass.

    dL/dx = U W^T (batch x in), dL/dW = x^T U (in x out), dL/db = sum of U over the batch.
    """
    def grad(U: tf.Tensor):
        dx = tf.linalg.matmul(U, W, transpose_b=True)
        dW = tf.linalg.matmul(x, U, transpose_a=True)
        db = tf.reduce_sum(U, axis=0)
        return dx, dW, db

    return tf.linalg.matmul(x, W) + b, grad


# shape self-test with another batch and width
_x, _W, _b = tf.ones((5, 3)), tf.ones((3, 4)), tf.zeros(4)
with tf.GradientTape() as _t:
    _t.watch([_x, _W, _b])
    _y = linear(_x, _W, _b)
assert [g.shape for g in _t.gradient(_y, [_x, _W, _b])] == [(5, 3), (3, 4), (4,)]
''', True),
    Answer('09.fix_linear', 'db-not-summed', r'''
from typing import Callable, Tuple


@tf.custom_gradient
def linear(x: tf.Tensor, W: tf.Tensor, b: tf.Tensor) -> Tuple[tf.Tensor, Callable]:
    """y = x W + b. Fixed: the weight gradient must be x^T U (in x out), not U^T x."""
    def grad(U: tf.Tensor):
        dx = U @ tf.transpose(W)
        dW = tf.transpose(x) @ U
        db = U                                 # b enters every row with slope 1
        return dx, dW, db

    return x @ W + b, grad
''', False, 'b is shared by every row of the batch: its gradient is U summed over the batch, shape (out,)',
           ('sum|batch',)),
    Answer('09.fix_linear', 'dW-still-transposed', r'''
from typing import Callable, Tuple


@tf.custom_gradient
def linear(x: tf.Tensor, W: tf.Tensor, b: tf.Tensor) -> Tuple[tf.Tensor, Callable]:
    """Affine layer with a manual gradient.

    The bias gradient is reduced over the batch axis; everything else is standard.
    """
    def grad(U: tf.Tensor):
        dx = U @ tf.transpose(W)
        dW = tf.transpose(U) @ x
        db = tf.reduce_sum(U, axis=0)
        return dx, dW, db

    return x @ W + b, grad
''', False, "U^T x has shape (out, in), the transpose of W's: the weight gradient is x^T U",
           ('transpose|transposed|shape',)),
    Answer('09.fix_linear', 'mean-for-bias', r'''
from typing import Callable, Tuple


@tf.custom_gradient
def linear(x: tf.Tensor, W: tf.Tensor, b: tf.Tensor) -> Tuple[tf.Tensor, Callable]:
    """y = x W + b with a manual, batch-size-independent backward pass."""
    def grad(U: tf.Tensor):
        dx = tf.matmul(U, W, transpose_b=True)
        dW = tf.matmul(x, U, transpose_a=True)
        db = tf.reduce_mean(U, axis=0)         # average so the bias step does not scale with batch size
        return dx, dW, db

    return x @ W + b, grad
''', False, 'the bias gradient is the sum of U over the batch, not its mean',
           ('mean|sum',)),
    # ---- set z
    Answer('09.fix_linear', 'einsum-everything', r'''
@tf.custom_gradient
def linear(x, W, b):
    def grad(U):
        dx = tf.einsum("bj,ij->bi", U, W)      # U Wᵀ
        dW = tf.einsum("bi,bj->ij", x, U)      # xᵀ U
        db = tf.einsum("bj->j", U)             # sum over the batch
        return dx, dW, db
    return x @ W + b, grad
''', True),
    Answer('09.fix_linear', 'db-keepdims', r'''
@tf.custom_gradient
def linear(x, W, b):
    def grad(U):
        return U @ tf.transpose(W), tf.transpose(x) @ U, tf.reduce_sum(U, axis=0, keepdims=True)
    return x @ W + b, grad
''', False, 'keepdims=True gives the bias gradient shape (1, units), but b has shape (units,).',
           ('shape|keepdims',)),
    Answer('09.fix_linear', 'only-bias-fixed', r'''
@tf.custom_gradient
def linear(x, W, b):
    def grad(U):
        return U @ tf.transpose(W), tf.transpose(U) @ x, tf.reduce_sum(U, axis=0)
    return x @ W + b, grad
''', False, "The bias is fixed, but the W gradient is still Uᵀx, the transpose of xᵀU, with W's shape swapped.",
           ('transpose|shape',)),
    Answer('09.fix_linear', 'softplus-layer-pasted', r'''
@tf.custom_gradient
def linear(x, W, b):
    Z = x @ W + b
    def grad(U):
        Zbar = U * tf.sigmoid(Z)
        return Zbar @ tf.transpose(W), tf.transpose(x) @ Zbar, tf.reduce_sum(Zbar, axis=0)
    return Z, grad
''', False, "This is the softplus layer's backward pass from notebook 06: the layer here has no activation, so there is no sigmoid factor.",
           ('sigmoid|softplus|activation',)),
]
