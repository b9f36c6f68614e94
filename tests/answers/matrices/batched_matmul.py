"""Exercise 04.batched_matmul: a wrong answer for each mistake it names, and answers written from the learner's side."""

import tensorflow as tf

from answer_kit import Answer, cg

KEY = "04.batched_matmul"

MISTAKES = {
    'mean_not_sum': cg(tf.matmul, lambda A, B, U: (
                tf.matmul(U, B, transpose_b=True), tf.reduce_mean(tf.matmul(A, U, transpose_a=True), 0))),
    'one_entry': cg(tf.matmul, lambda A, B, U: (tf.matmul(U, B, transpose_b=True), tf.matmul(A[0], U[0], transpose_a=True))),
    'not_summed': cg(tf.matmul, lambda A, B, U: (
                tf.matmul(U, B, transpose_b=True), tf.matmul(A, U, transpose_a=True))),
    'upstream_ignored': cg(tf.matmul, lambda A, B, U: (
                tf.matmul(tf.ones_like(U), B, transpose_b=True),
                tf.reduce_sum(tf.matmul(A, tf.ones_like(U), transpose_a=True), 0))),
    'inverse': cg(tf.matmul, lambda A, B, U: (
        tf.matmul(U, tf.linalg.pinv(B)), tf.reduce_sum(tf.matmul(A, U, transpose_a=True), 0))),
    'order': cg(tf.matmul, lambda A, B, U: (
        tf.reduce_sum(tf.matmul(A, U, transpose_a=True), 0), tf.matmul(U, B, transpose_b=True))),
    'reshape_not_transpose': cg(tf.matmul, lambda A, B, U: (
        tf.matmul(U, B, transpose_b=True),
        tf.reduce_sum(tf.matmul(tf.reshape(A, (A.shape[0], A.shape[2], A.shape[1])), U), 0))),
}

ANSWERS = [
    # ---- set aa
    Answer('04.batched_matmul', 'einsum-batch-letter', r'''
@strict_custom_gradient
def batched_matmul(A, B):
    def grad(U):
        dA = tf.einsum("bmn,kn->bmk", U, B)       # U Bᵀ per batch entry
        dB = tf.einsum("bmk,bmn->kn", A, U)       # Aᵀ U, b left out of the output: summed over the batch
        return dA, dB
    return tf.matmul(A, B), grad
''', True),
    Answer('04.batched_matmul', 'dB-not-summed', r'''
@strict_custom_gradient
def batched_matmul(A, B):
    def grad(U):
        return tf.matmul(U, B, transpose_b=True), tf.matmul(A, U, transpose_a=True)
    return tf.matmul(A, B), grad
''', False, 'B is shared by the whole batch, so its gradient is summed over the batch axis; this one keeps one gradient per batch entry',
           ('sum|batch',)),
    Answer('04.batched_matmul', 'vectorized-map-mean', r'''
@strict_custom_gradient
def batched_matmul(A, B):
    def grad(U):
        dA = tf.matmul(U, B, transpose_b=True)
        per_example = tf.vectorized_map(lambda au: tf.matmul(au[0], au[1], transpose_a=True), (A, U))
        return dA, tf.reduce_mean(per_example, axis=0)   # combine over the batch
    return tf.matmul(A, B), grad
''', False, "the batch entries' contributions to dB add up; the mean divides them by the batch size",
           ('sum|mean|average|batch size',)),
    Answer('04.batched_matmul', 'batch-of-two', r'''
@strict_custom_gradient
def batched_matmul(A, B):
    def grad(U):
        dA = tf.matmul(U, B, transpose_b=True)
        dB = tf.matmul(A[0], U[0], transpose_a=True) + tf.matmul(A[1], U[1], transpose_a=True)
        return dA, dB
    return tf.matmul(A, B), grad
''', False, 'dB adds the first two batch entries only; sum over the whole batch, whatever its size',
           ('batch',)),
    # ---- set c
    Answer('04.batched_matmul', 'matmul flags, reduce_sum over batch', r'''
@strict_custom_gradient
def batched_matmul(A, B):
    def grad(U):
        dA = tf.matmul(U, B, transpose_b=True)                              # (batch, m, n)(n, k)
        dB = tf.reduce_sum(tf.matmul(A, U, transpose_a=True), axis=0)       # sum of (k, n) over batch
        return dA, dB
    return tf.matmul(A, B), grad
''', True),
    Answer('04.batched_matmul', 'einsum for both', r'''
@strict_custom_gradient
def batched_matmul(A, B):
    def grad(U):
        dA = tf.einsum("bmn,kn->bmk", U, B)
        dB = tf.einsum("bmk,bmn->kn", A, U)      # the batch index b is summed away
        return dA, dB
    return tf.matmul(A, B), grad
''', True),
    Answer('04.batched_matmul', 'stack batch rows with reshape, tf.transpose of 2-D B', r'''
@strict_custom_gradient
def batched_matmul(A, B):
    def grad(U):
        # every row of every batch entry is one more row of one big matrix product
        A_rows = tf.reshape(A, [-1, tf.shape(A)[-1]])     # (batch*m, k)
        U_rows = tf.reshape(U, [-1, tf.shape(U)[-1]])     # (batch*m, n)
        dB = tf.transpose(A_rows) @ U_rows
        dA = U @ tf.transpose(B)
        return dA, dB
    return tf.matmul(A, B), grad
''', True),
    Answer('04.batched_matmul', 'tensordot over batch and row axes, float64 then cast back', r'''
@strict_custom_gradient
def batched_matmul(A, B):
    def grad(U):
        U64, A64, B64 = (tf.cast(t, tf.float64) for t in (U, A, B))      # accumulate in double precision
        dA = tf.tensordot(U64, B64, axes=[[2], [1]])
        dB = tf.tensordot(A64, U64, axes=[[0, 1], [0, 1]])
        return tf.cast(dA, A.dtype), tf.cast(dB, B.dtype)
    return tf.matmul(A, B), grad
''', True),
    Answer('04.batched_matmul', 'gradients returned as a list', r'''
@strict_custom_gradient
def batched_matmul(A, B):
    def grad(U):
        return [tf.linalg.matmul(U, tf.linalg.matrix_transpose(B)),
                tf.linalg.matmul(tf.reshape(A, [-1, tf.shape(A)[-1]]), tf.reshape(U, [-1, tf.shape(U)[-1]]), adjoint_a=True)]
    return tf.matmul(A, B), grad
''', True),
    Answer('04.batched_matmul', 'dB not summed over the batch', r'''
@strict_custom_gradient
def batched_matmul(A, B):
    def grad(U):
        dA = tf.matmul(U, B, transpose_b=True)
        dB = tf.matmul(A, U, transpose_a=True)
        return dA, dB
    return tf.matmul(A, B), grad
''', False, 'dB has shape (batch, k, n): B is shared by every batch entry, so sum the per-entry gradients Aᵀ U over the batch axis.',
           ('sum',)),
    Answer('04.batched_matmul', 'dB averaged over the batch', r'''
@strict_custom_gradient
def batched_matmul(A, B):
    def grad(U):
        dA = tf.matmul(U, B, transpose_b=True)
        dB = tf.reduce_mean(tf.matmul(A, U, transpose_a=True), axis=0)
        return dA, dB
    return tf.matmul(A, B), grad
''', False, "Each batch entry's use of B adds its own contribution: sum over the batch, do not average (the mean is the sum divided by the batch size).",
           ('sum|mean|averag',)),
    Answer('04.batched_matmul', 'dB as U-transpose times A (transposed)', r'''
@strict_custom_gradient
def batched_matmul(A, B):
    def grad(U):
        dA = tf.matmul(U, B, transpose_b=True)
        dB = tf.reduce_sum(tf.matmul(U, A, transpose_a=True), axis=0)
        return dA, dB
    return tf.matmul(A, B), grad
''', False, 'Uᵀ A is the transpose of dL/dB (shape (n, k)); B sits on the right of the product, so its gradient is Aᵀ U, shape (k, n).',
           ('transpos',)),
    Answer('04.batched_matmul', 'dA without transposing B', r'''
@strict_custom_gradient
def batched_matmul(A, B):
    def grad(U):
        dA = tf.matmul(U, B)
        dB = tf.reduce_sum(tf.matmul(A, U, transpose_a=True), axis=0)
        return dA, dB
    return tf.matmul(A, B), grad
''', False, 'dL/dA is U Bᵀ, not U B: U (…, m, n) can only be multiplied by Bᵀ (n, k); U B fails unless n = k, and is wrong then.',
           ('transpos',)),
    Answer('04.batched_matmul', 'tf.transpose on the 3-D A reverses all axes', r'''
@strict_custom_gradient
def batched_matmul(A, B):
    def grad(U):
        dA = tf.matmul(U, tf.transpose(B))
        dB = tf.reduce_sum(tf.matmul(tf.transpose(A), U), axis=0)
        return dA, dB
    return tf.matmul(A, B), grad
''', False, 'tf.transpose of a 3-D tensor reverses all three axes, (k, m, batch); transpose only the last two (transpose_a=True, or perm=[0, 2, 1]).',
           ('transpos|perm|axes',)),
    Answer('04.batched_matmul', 'gradients returned in swapped order', r'''
@strict_custom_gradient
def batched_matmul(A, B):
    def grad(U):
        dA = tf.matmul(U, B, transpose_b=True)
        dB = tf.reduce_sum(tf.matmul(A, U, transpose_a=True), axis=0)
        return dB, dA
    return tf.matmul(A, B), grad
''', False, 'Return the gradients in the order of the inputs: (dL/dA, dL/dB).',
           ('order|swap',)),
    Answer('04.batched_matmul', 'only the first batch entry used for dB', r'''
@strict_custom_gradient
def batched_matmul(A, B):
    def grad(U):
        dA = tf.matmul(U, B, transpose_b=True)
        dB = tf.matmul(A[0], U[0], transpose_a=True)     # shape (k, n) like B
        return dA, dB
    return tf.matmul(A, B), grad
''', False, 'B is used by every batch entry, not only the first: add Aᵀ U over all of them.',
           ('sum|batch|every|all',)),
    Answer('04.batched_matmul', 'upstream replaced by ones', r'''
@strict_custom_gradient
def batched_matmul(A, B):
    def grad(U):
        ones = tf.ones_like(U)                    # as in the notebook: L = sum of the outputs
        dA = tf.matmul(ones, B, transpose_b=True)
        dB = tf.reduce_sum(tf.matmul(A, ones, transpose_a=True), axis=0)
        return dA, dB
    return tf.matmul(A, B), grad
''', False, 'That is the gradient of sum(Y) only; use the upstream U that grad receives.',
           ('upstream',)),
    Answer('04.batched_matmul', 'NumPy inside grad', r'''
@strict_custom_gradient
def batched_matmul(A, B):
    def grad(U):
        U_np, A_np, B_np = U.numpy(), A.numpy(), B.numpy()
        dA = U_np @ B_np.T
        dB = np.einsum("bmk,bmn->kn", A_np, U_np)
        return dA, dB
    return tf.matmul(A, B), grad
''', False, 'grad returns NumPy arrays: compute the gradients with TensorFlow ops (tf.matmul, tf.einsum), which also work inside tf.function.',
           ('numpy|tensorflow op|tensor',)),
    Answer('04.batched_matmul', 'forgotten decorator', r'''
def batched_matmul(A, B):
    def grad(U):
        dA = tf.matmul(U, B, transpose_b=True)
        dB = tf.reduce_sum(tf.matmul(A, U, transpose_a=True), axis=0)
        return dA, dB
    return tf.matmul(A, B), grad
''', False, 'Without @strict_custom_gradient the function returns the pair (Y, grad) instead of Y and the gradient is never used: put the decorator back.'),
    Answer('04.batched_matmul', 'typo tf.transpse', r'''
@strict_custom_gradient
def batched_matmul(A, B):
    def grad(U):
        dA = U @ tf.transpse(B)
        dB = tf.reduce_sum(tf.matmul(A, U, transpose_a=True), axis=0)
        return dA, dB
    return tf.matmul(A, B), grad
''', False, 'tf.transpse does not exist: it is tf.transpose.'),
    Answer('04.batched_matmul', 'grad computes but returns nothing', r'''
@strict_custom_gradient
def batched_matmul(A, B):
    def grad(U):
        dA = tf.matmul(U, B, transpose_b=True)
        dB = tf.reduce_sum(tf.matmul(A, U, transpose_a=True), axis=0)
    return tf.matmul(A, B), grad
''', False, 'grad computes dA and dB but has no return statement, so it returns None: return dA, dB.',
           ('return|none',)),
    Answer('04.batched_matmul', 'upstream cast to float32', r'''
@strict_custom_gradient
def batched_matmul(A, B):
    def grad(U):
        U = tf.cast(U, tf.float32)
        dA = tf.matmul(U, tf.cast(B, tf.float32), transpose_b=True)
        dB = tf.reduce_sum(tf.matmul(tf.cast(A, tf.float32), U, transpose_a=True), axis=0)
        return dA, dB
    return tf.matmul(A, B), grad
''', False, "For float64 inputs the gradients come back as float32: a gradient must have its input's dtype, so do not force float32 (or cast back to A.dtype and B.dtype).",
           ('dtype|float',)),
    # ---- set e
    Answer('04.batched_matmul', 'two einsums', r'''
@strict_custom_gradient
def batched_matmul(A, B):
    def grad(U):
        return tf.einsum("bmn,kn->bmk", U, B), tf.einsum("bmk,bmn->kn", A, U)
    return tf.matmul(A, B), grad
''', True),
    Answer('04.batched_matmul', 'batch stacked into rows by reshape', r'''
@strict_custom_gradient
def batched_matmul(A, B):
    def grad(U):
        k, n = B.shape
        dA = tf.matmul(U, B, transpose_b=True)
        dB = tf.matmul(tf.reshape(A, (-1, k)), tf.reshape(U, (-1, n)), transpose_a=True)   # all rows at once
        return dA, dB
    return tf.matmul(A, B), grad
''', True),
    Answer('04.batched_matmul', 'dB kept per batch entry', r'''
@strict_custom_gradient
def batched_matmul(A, B):
    def grad(U):
        return tf.matmul(U, B, transpose_b=True), tf.matmul(A, U, transpose_a=True)
    return tf.matmul(A, B), grad
''', False, 'B is shared by every batch entry, so its gradient sums the per-entry Aᵀ U over the batch axis.',
           ('sum|batch',)),
    Answer('04.batched_matmul', 'dB averaged over the batch', r'''
@strict_custom_gradient
def batched_matmul(A, B):
    def grad(U):
        return tf.matmul(U, B, transpose_b=True), tf.reduce_mean(tf.matmul(A, U, transpose_a=True), axis=0)
    return tf.matmul(A, B), grad
''', False, 'The contributions of the batch entries add up: sum them, do not average (that divides by the batch size).',
           ('sum|mean',)),
    Answer('04.batched_matmul', 'tf.transpose on a 3-D tensor', r'''
@strict_custom_gradient
def batched_matmul(A, B):
    def grad(U):
        dA = U @ tf.transpose(B)
        dB = tf.reduce_sum(tf.transpose(A) @ U, axis=0)
        return dA, dB
    return tf.matmul(A, B), grad
''', False, 'tf.transpose reverses all three axes of A, batch included; transpose only the last two (transpose_a=True).',
           ('transpose|last two|matrix_transpose|transpose_a|perm|axes',)),
    Answer('04.batched_matmul', 'cast to float32 to be safe', r'''
@strict_custom_gradient
def batched_matmul(A, B):
    def grad(U):
        dA = tf.matmul(U, B, transpose_b=True)
        dB = tf.reduce_sum(tf.matmul(A, U, transpose_a=True), axis=0)
        return tf.cast(dA, tf.float32), tf.cast(dB, tf.float32)
    return tf.matmul(A, B), grad
''', False, "Each gradient must have its input's dtype: casting to float32 breaks float64 inputs.",
           ('dtype|float64|float32',)),
    # ---- set f
    Answer('04.batched_matmul', 'einsum_both', r'''
@strict_custom_gradient
def batched_matmul(A, B):
    def grad(U):
        dA = tf.einsum("bmn,kn->bmk", U, B)
        dB = tf.einsum("bmk,bmn->kn", A, U)
        return dA, dB
    return tf.matmul(A, B), grad
''', True),
    Answer('04.batched_matmul', 'reshape_batch_into_rows', r'''
@strict_custom_gradient
def batched_matmul(A, B):
    def grad(U):
        k, n = tf.shape(B)[0], tf.shape(B)[1]
        dB = tf.matmul(tf.reshape(A, [-1, k]), tf.reshape(U, [-1, n]), transpose_a=True)
        return tf.matmul(U, B, transpose_b=True), dB
    return tf.matmul(A, B), grad
''', True),
    Answer('04.batched_matmul', 'python_loop_over_batch', r'''
@strict_custom_gradient
def batched_matmul(A, B):
    def grad(U):
        dA = tf.matmul(U, tf.transpose(B))
        dB = tf.add_n([tf.matmul(tf.transpose(A[i]), U[i]) for i in range(A.shape[0])])
        return dA, dB
    return tf.matmul(A, B), grad
''', True),
    Answer('04.batched_matmul', 'mean_over_batch', r'''
@strict_custom_gradient
def batched_matmul(A, B):
    def grad(U):
        dA = tf.matmul(U, B, transpose_b=True)
        dB = tf.reduce_mean(tf.matmul(A, U, transpose_a=True), axis=0)
        return dA, dB
    return tf.matmul(A, B), grad
''', False, 'B is shared by every batch entry, so its gradient is the sum over the batch, not the mean.',
           ('sum|mean',)),
    Answer('04.batched_matmul', 'tf_transpose_3d_without_perm', r'''
@strict_custom_gradient
def batched_matmul(A, B):
    def grad(U):
        dA = tf.matmul(U, tf.transpose(B))
        dB = tf.reduce_sum(tf.matmul(tf.transpose(A), U), axis=0)
        return dA, dB
    return tf.matmul(A, B), grad
''', False, 'tf.transpose of a 3-axis tensor reverses all axes, batch included; transpose only the last two (transpose_a=True).',
           ('perm|last two|axes|transpose_a|batch axis',)),
    Answer('04.batched_matmul', 'dB_from_first_entry_only', r'''
@strict_custom_gradient
def batched_matmul(A, B):
    def grad(U):
        dA = tf.matmul(U, B, transpose_b=True)
        dB = tf.matmul(A[0], U[0], transpose_a=True)     # B is the same for every entry
        return dA, dB
    return tf.matmul(A, B), grad
''', False, 'B is shared, but every batch entry uses it: its gradient adds A[i]ᵀ U[i] over the whole batch, not just entry 0.',
           ('sum|every batch|all batch|each batch|whole batch|every entry',)),
    # ---- set g
    Answer('04.batched_matmul', 'flatten-batch-reshape', r'''
@strict_custom_gradient
def batched_matmul(A, B):
    def grad(U):
        k, n = B.shape
        dA = tf.matmul(U, B, transpose_b=True)
        dB = tf.matmul(tf.reshape(A, [-1, k]), tf.reshape(U, [-1, n]), transpose_a=True)
        return dA, dB
    return tf.matmul(A, B), grad
''', True),
    Answer('04.batched_matmul', 'tensordot-two-axes', r'''
@strict_custom_gradient
def batched_matmul(A, B):
    def grad(U):
        dA = tf.vectorized_map(lambda u: tf.matmul(u, B, transpose_b=True), U)
        dB = tf.tensordot(A, U, axes=[[0, 1], [0, 1]])
        return dA, dB
    return tf.matmul(A, B), grad
''', True),
    Answer('04.batched_matmul', 'python-loop-zeros-like', r'''
@strict_custom_gradient
def batched_matmul(A, B):
    def grad(U):
        dB = tf.zeros_like(B)
        for i in range(A.shape[0]):
            dB += tf.matmul(A[i], U[i], transpose_a=True)
        return tf.matmul(U, B, transpose_b=True), dB
    return tf.matmul(A, B), grad
''', True),
    Answer('04.batched_matmul', 'python-loop-tf-zeros-float32', r'''
@strict_custom_gradient
def batched_matmul(A, B):
    def grad(U):
        dB = tf.zeros(B.shape)
        for i in range(A.shape[0]):
            dB += tf.matmul(A[i], U[i], transpose_a=True)
        return tf.matmul(U, B, transpose_b=True), dB
    return tf.matmul(A, B), grad
''', False, 'tf.zeros makes float32 by default: with float64 inputs adding the float64 products to it fails',
           ('float64|dtype',)),
    Answer('04.batched_matmul', 'mean-over-batch', r'''
@strict_custom_gradient
def batched_matmul(A, B):
    def grad(U):
        dA = tf.matmul(U, B, transpose_b=True)
        dB = tf.reduce_mean(tf.matmul(A, U, transpose_a=True), axis=0)
        return dA, dB
    return tf.matmul(A, B), grad
''', False, 'B is used by every batch entry, so its gradient is the sum of their contributions, not the mean',
           ('sum|mean',)),
    Answer('04.batched_matmul', 'first-batch-entry-only', r'''
@strict_custom_gradient
def batched_matmul(A, B):
    def grad(U):
        dA = tf.matmul(U, B, transpose_b=True)
        dB = tf.matmul(A[0], U[0], transpose_a=True)     # B is shared, so one entry is enough
        return dA, dB
    return tf.matmul(A, B), grad
''', False, 'every batch entry uses B and contributes to its gradient: sum A[i]ᵀ U[i] over the batch, not only entry 0',
           ('sum|every|all|batch',)),
    Answer('04.batched_matmul', 'tf-transpose-of-3d', r'''
@strict_custom_gradient
def batched_matmul(A, B):
    def grad(U):
        dA = tf.matmul(U, tf.transpose(B))
        dB = tf.reduce_sum(tf.matmul(tf.transpose(A), U), axis=0)
        return dA, dB
    return tf.matmul(A, B), grad
''', False, 'tf.transpose of a 3-axis tensor reverses all its axes, not the last two: use transpose_a=True or perm=[0, 2, 1]',
           ('transpose|perm|last two|axes',)),
    # ---- set i
    Answer('04.batched_matmul', 'einsum-both', r'''
@strict_custom_gradient
def batched_matmul(A, B):
    def grad(U):
        dA = tf.einsum("bmn,kn->bmk", U, B)      # U Bᵀ for every batch entry
        dB = tf.einsum("bmk,bmn->kn", A, U)      # Aᵀ U, summed over the batch
        return dA, dB
    return tf.matmul(A, B), grad
''', True),
    Answer('04.batched_matmul', 'flatten-batch-into-rows', r'''
@strict_custom_gradient
def batched_matmul(A, B):
    def grad(U):
        k, n = tf.shape(B)[0], tf.shape(B)[1]
        rows_A = tf.reshape(A, [-1, k])          # all batch entries stacked as rows
        rows_U = tf.reshape(U, [-1, n])
        return tf.matmul(U, B, transpose_b=True), tf.matmul(rows_A, rows_U, transpose_a=True)
    return tf.matmul(A, B), grad
''', True),
    Answer('04.batched_matmul', 'dB-not-summed', r'''
@strict_custom_gradient
def batched_matmul(A, B):
    def grad(U):
        return tf.matmul(U, B, transpose_b=True), tf.matmul(A, U, transpose_a=True)
    return tf.matmul(A, B), grad
''', False, "B is shared by the whole batch: its gradient must be summed over the batch axis, back to B's shape",
           ('sum|batch|broadcast',)),
    Answer('04.batched_matmul', 'first-batch-entry-only', r'''
@strict_custom_gradient
def batched_matmul(A, B):
    def grad(U):
        dB = tf.matmul(A[0], U[0], transpose_a=True)       # A is (1, m, k) in my test
        return tf.matmul(U, B, transpose_b=True), dB
    return tf.matmul(A, B), grad
''', False, 'dB uses only the first batch entry; every entry contributes, so sum Aᵀ U over the batch',
           ('batch|sum|every|all',)),
    Answer('04.batched_matmul', 'mean-over-batch', r'''
@strict_custom_gradient
def batched_matmul(A, B):
    def grad(U):
        dB = tf.reduce_mean(tf.matmul(A, U, transpose_a=True), axis=0)
        return tf.matmul(U, B, transpose_b=True), dB
    return tf.matmul(A, B), grad
''', False, 'the contributions of the batch entries add up: sum them, do not average',
           ('sum|mean|average',)),
    Answer('04.batched_matmul', 'torch-dot-T', r'''
@strict_custom_gradient
def batched_matmul(A, B):
    def grad(U):
        dA = U @ B.T
        dB = tf.reduce_sum(tf.transpose(A, [0, 2, 1]) @ U, axis=0)
        return dA, dB
    return tf.matmul(A, B), grad
''', False, 'a TensorFlow tensor has no .T (AttributeError when grad runs): use tf.transpose or transpose_b=True',
           ('transpose|.T|attribute',)),
    Answer('04.batched_matmul', 'returned-in-wrong-order', r'''
@strict_custom_gradient
def batched_matmul(A, B):
    def grad(U):
        dA = tf.matmul(U, B, transpose_b=True)
        dB = tf.reduce_sum(tf.matmul(A, U, transpose_a=True), axis=0)
        return dB, dA
    return tf.matmul(A, B), grad
''', False, 'the gradients are returned as (dB, dA); they must come in the order of the inputs, (dA, dB)',
           ('order|swap',)),
    # ---- set k
    Answer('04.batched_matmul', 'flatten-batch', r'''
@strict_custom_gradient
def batched_matmul(A, B):
    def grad(U):
        dA = tf.matmul(U, B, transpose_b=True)          # B broadcasts over the batch
        k, n = tf.shape(B)[0], tf.shape(B)[1]
        A_rows = tf.reshape(A, [-1, k])                  # every row of every batch entry
        U_rows = tf.reshape(U, [-1, n])
        dB = tf.matmul(A_rows, U_rows, transpose_a=True)  # sums over batch and rows at once
        return dA, dB
    return tf.matmul(A, B), grad
''', True),
    Answer('04.batched_matmul', 'dB-not-summed', r'''
@strict_custom_gradient
def batched_matmul(A, B):
    def grad(U):
        return tf.matmul(U, B, transpose_b=True), tf.matmul(A, U, transpose_a=True)
    return tf.matmul(A, B), grad
''', False, "B is shared by the batch, so its gradient must be summed over the batch axis to have B's shape.",
           ('sum|batch',)),
    Answer('04.batched_matmul', 'dB-mean', r'''
@strict_custom_gradient
def batched_matmul(A, B):
    def grad(U):
        dA = tf.matmul(U, B, transpose_b=True)
        dB = tf.reduce_mean(tf.matmul(A, U, transpose_a=True), axis=0)
        return dA, dB
    return tf.matmul(A, B), grad
''', False, "B's gradient is the sum over the batch, not the mean.",
           ('sum|mean',)),
    Answer('04.batched_matmul', 'dA-missing-transpose', r'''
@strict_custom_gradient
def batched_matmul(A, B):
    def grad(U):
        dA = tf.matmul(U, B)                                          # U B
        dB = tf.reduce_sum(tf.matmul(A, U, transpose_a=True), axis=0)  # fixed: summed now
        return dA, dB
    return tf.matmul(A, B), grad
''', False, 'dB is summed now, but dA needs Bᵀ: U·Bᵀ (transpose_b=True).',
           ('transpose|transposed|Bᵀ',)),
    Answer('04.batched_matmul', 'sum-all-axes', r'''
@strict_custom_gradient
def batched_matmul(A, B):
    def grad(U):
        dA = tf.matmul(U, B, transpose_b=True)
        dB = tf.reduce_sum(tf.matmul(A, U, transpose_a=True))   # sum it back
        return dA, dB
    return tf.matmul(A, B), grad
''', False, "Sum only over the batch axis (axis=0); summing every axis leaves a scalar instead of B's shape.",
           ('axis|shape',)),
    Answer('04.batched_matmul', 'map-fn-float32', r'''
@strict_custom_gradient
def batched_matmul(A, B):
    def grad(U):
        dA = tf.map_fn(lambda u: tf.matmul(u, B, transpose_b=True), U,
                       fn_output_signature=tf.float32)
        per_example = tf.map_fn(lambda au: tf.matmul(au[0], au[1], transpose_a=True), (A, U),
                                fn_output_signature=tf.float32)
        return dA, tf.reduce_sum(per_example, axis=0)
    return tf.matmul(A, B), grad
''', False, "fn_output_signature=tf.float32 breaks float64 inputs; use the input's dtype.",
           ('float64|dtype|double',)),
    # ---- set m
    Answer('04.batched_matmul', 'einsum', r'''
@strict_custom_gradient
def batched_matmul(A, B):
    def grad(U):
        dA = tf.einsum("bmn,kn->bmk", U, B)        # U Bᵀ per batch entry
        dB = tf.einsum("bmk,bmn->kn", A, U)        # Σ_batch Aᵀ U
        return dA, dB
    return tf.matmul(A, B), grad
''', True),
    Answer('04.batched_matmul', 'vectorized-map-unsummed', r'''
@strict_custom_gradient
def batched_matmul(A, B):
    def grad(U):
        dA = tf.matmul(U, B, transpose_b=True)
        dB = tf.vectorized_map(lambda au: tf.matmul(au[0], au[1], transpose_a=True), (A, U))
        return dA, dB
    return tf.matmul(A, B), grad
''', False, 'B is shared by the whole batch: sum its per-entry gradients over the batch axis.',
           ('sum|batch',)),
    Answer('04.batched_matmul', 'mean-over-batch', r'''
@strict_custom_gradient
def batched_matmul(A, B):
    def grad(U):
        dA = tf.matmul(U, B, transpose_b=True)
        dB = tf.reduce_mean(tf.matmul(A, U, transpose_a=True), axis=0)
        return dA, dB
    return tf.matmul(A, B), grad
''', False, "The shared B's gradient is the sum over the batch, not the mean.",
           ('mean|sum',)),
    Answer('04.batched_matmul', 'dA-pinv', r'''
@strict_custom_gradient
def batched_matmul(A, B):
    def grad(U):
        dA = tf.matmul(U, tf.linalg.pinv(B))
        dB = tf.reduce_sum(tf.matmul(A, U, transpose_a=True), axis=0)
        return dA, dB
    return tf.matmul(A, B), grad
''', False, 'dL/dA is U Bᵀ: multiply by the transpose of B, not its inverse.',
           ('transpose|invers',)),
    Answer('04.batched_matmul', 'cast-float32', r'''
@strict_custom_gradient
def batched_matmul(A, B):
    def grad(U):
        dA = tf.cast(tf.matmul(U, B, transpose_b=True), tf.float32)
        dB = tf.cast(tf.reduce_sum(tf.matmul(A, U, transpose_a=True), axis=0), tf.float32)
        return dA, dB
    return tf.matmul(A, B), grad
''', False, 'The gradients are cast to float32: for float64 inputs they must stay float64.',
           ('dtype|float64',)),
    # ---- set n
    Answer('04.batched_matmul', 'einsum both', r'''
@strict_custom_gradient
def batched_matmul(A, B):
    def grad(U):
        dA = tf.einsum("bmn,kn->bmk", U, B)       # U Bᵀ per batch entry
        dB = tf.einsum("bmk,bmn->kn", A, U)       # Aᵀ U summed over the batch
        return dA, dB
    return tf.matmul(A, B), grad
''', True),
    Answer('04.batched_matmul', 'flatten the batch into rows', r'''
@strict_custom_gradient
def batched_matmul(A, B):
    def grad(U):
        k, n = tf.shape(B)[0], tf.shape(B)[1]
        A_rows = tf.reshape(A, [-1, k])           # (batch·m, k)
        U_rows = tf.reshape(U, [-1, n])           # (batch·m, n)
        dB = tf.matmul(A_rows, U_rows, transpose_a=True)
        dA = tf.matmul(U, B, transpose_b=True)
        return dA, dB
    return tf.matmul(A, B), grad
''', True),
    Answer('04.batched_matmul', 'dB not summed over the batch', r'''
@strict_custom_gradient
def batched_matmul(A, B):
    def grad(U):
        return tf.matmul(U, B, transpose_b=True), tf.matmul(A, U, transpose_a=True)
    return tf.matmul(A, B), grad
''', False, 'B is shared by the whole batch: sum the per-entry Aᵀ U over the batch axis',
           ('sum|batch',)),
    Answer('04.batched_matmul', 'summed over the wrong axis', r'''
@strict_custom_gradient
def batched_matmul(A, B):
    def grad(U):
        return tf.matmul(U, B, transpose_b=True), tf.reduce_sum(tf.matmul(A, U, transpose_a=True), axis=-1)
    return tf.matmul(A, B), grad
''', False, 'the sum is over the batch axis (axis 0), not the last',
           ('axis|batch',)),
    Answer('04.batched_matmul', 'cast to float32', r'''
@strict_custom_gradient
def batched_matmul(A, B):
    def grad(U):
        dA = tf.matmul(U, B, transpose_b=True)
        dB = tf.reduce_sum(tf.matmul(A, U, transpose_a=True), axis=0)
        return tf.cast(dA, tf.float32), tf.cast(dB, tf.float32)
    return tf.matmul(A, B), grad
''', False, "casting to float32 breaks float64 inputs: the gradients must keep the inputs' dtype",
           ('dtype|float64|float32',)),
    Answer('04.batched_matmul', 'dA without transpose', r'''
@strict_custom_gradient
def batched_matmul(A, B):
    def grad(U):
        dA = tf.matmul(U, B)
        dB = tf.reduce_sum(tf.matmul(A, U, transpose_a=True), axis=0)
        return dA, dB
    return tf.matmul(A, B), grad
''', False, 'dL/dA is U Bᵀ: B needs transposing',
           ('transpose|bᵀ|b.t|b^t',)),
    # ---- set p
    Answer('04.batched_matmul', 'flatten-batch', r'''
@strict_custom_gradient
def batched_matmul(A, B):
    def grad(U):
        dA = tf.matmul(U, B, transpose_b=True)
        k, n = tf.shape(B)[0], tf.shape(B)[1]
        A2 = tf.reshape(A, [-1, k])                 # (batch*m, k): every row of every batch entry
        U2 = tf.reshape(U, [-1, n])
        dB = tf.matmul(A2, U2, transpose_a=True)    # sums over batch and rows at once
        return dA, dB
    return tf.matmul(A, B), grad
''', True),
    Answer('04.batched_matmul', 'einsum-keeps-batch', r'''
@strict_custom_gradient
def batched_matmul(A, B):
    def grad(U):
        dA = tf.einsum("bmn,kn->bmk", U, B)
        dB = tf.einsum("bmk,bmn->bkn", A, U)        # Aᵀ U
        return dA, dB
    return tf.matmul(A, B), grad
''', False, 'B is shared by the whole batch: its gradient must be summed over the batch axis',
           ('sum|batch',)),
    Answer('04.batched_matmul', 'einsum-mislabelled-B', r'''
@strict_custom_gradient
def batched_matmul(A, B):
    def grad(U):
        dA = tf.einsum("bmn,nk->bmk", U, B)          # U Bᵀ ?
        dB = tf.einsum("bmk,bmn->kn", A, U)
        return dA, dB
    return tf.matmul(A, B), grad
''', False, 'the index string for dA reads B as (n, k), i.e. uses B instead of Bᵀ',
           ('transpose|index|subscript',)),
    Answer('04.batched_matmul', 'tnp-mean-over-batch', r'''
import tensorflow.experimental.numpy as tnp

@strict_custom_gradient
def batched_matmul(A, B):
    def grad(U):
        dA = tnp.matmul(U, tnp.swapaxes(B, -1, -2))
        dB = tnp.mean(tnp.matmul(tnp.swapaxes(A, -1, -2), U), axis=0)
        return dA, dB
    return tf.matmul(A, B), grad
''', False, 'the batch contributions to dL/dB must be summed, not averaged',
           ('sum|mean|average',)),
    # ---- set r
    Answer('04.batched_matmul', 'matmul-flags-sum-over-batch', r'''
@strict_custom_gradient
def batched_matmul(A, B):
    def grad(U):
        dA = tf.matmul(U, B, transpose_b=True)                           # B broadcasts over the batch
        dB = tf.reduce_sum(tf.matmul(A, U, transpose_a=True), axis=0)    # one Aᵀ U per batch entry, summed
        return dA, dB
    return tf.matmul(A, B), grad
''', True),
    Answer('04.batched_matmul', 'einsum', r'''
@strict_custom_gradient
def batched_matmul(A, B):
    def grad(U):
        return tf.einsum("bmn,kn->bmk", U, B), tf.einsum("bmk,bmn->kn", A, U)
    return tf.matmul(A, B), grad
''', True),
    Answer('04.batched_matmul', 'flatten-batch-tensordot', r'''
@strict_custom_gradient
def batched_matmul(A, B):
    def grad(U):
        k, n = tf.shape(B)[0], tf.shape(B)[1]
        dA = tf.tensordot(U, B, axes=[[2], [1]])                 # (batch, m, n)·(k, n)ᵀ -> (batch, m, k)
        A_rows = tf.reshape(A, [-1, k])                          # every row of every batch entry
        U_rows = tf.reshape(U, [-1, n])
        dB = tf.matmul(A_rows, U_rows, transpose_a=True)
        return dA, dB
    return tf.matmul(A, B), grad
''', True),
    Answer('04.batched_matmul', 'adjoint-float64-tf-function-helper', r'''
@tf.function
def matmul_vjp(A, B, U):
    A64, B64, U64 = (tf.cast(t, tf.float64) for t in (A, B, U))
    dA = tf.linalg.matmul(U64, B64, adjoint_b=True)
    dB = tf.math.reduce_sum(tf.linalg.matmul(A64, U64, adjoint_a=True), axis=0)
    return tf.cast(dA, A.dtype), tf.cast(dB, B.dtype)

@strict_custom_gradient
def batched_matmul(A, B):
    return tf.matmul(A, B), lambda U: matmul_vjp(A, B, U)
''', True),
    # ---- set s
    Answer('04.batched_matmul', 'einsum-and-flatten', r'''
@strict_custom_gradient
def batched_matmul(A, B):
    def grad(U):
        dA = tf.einsum("...mn,kn->...mk", U, B)                 # U Bᵀ per batch entry
        k, n = tf.shape(B)[0], tf.shape(B)[1]
        rows_A = tf.reshape(A, [-1, k])                          # all batch rows stacked
        rows_U = tf.reshape(U, [-1, n])
        dB = tf.matmul(rows_A, rows_U, transpose_a=True)         # sum over the batch of Aᵀ U
        return dA, dB
    return tf.matmul(A, B), grad
''', True),
    Answer('04.batched_matmul', 'dB-not-summed', r'''
@strict_custom_gradient
def batched_matmul(A, B):
    def grad(U):
        return tf.matmul(U, B, transpose_b=True), tf.matmul(A, U, transpose_a=True)
    return tf.matmul(A, B), grad
''', False, 'B is shared by the batch: its gradient must be summed over the batch axis to shape (k, n)',
           ('sum|batch',)),
    Answer('04.batched_matmul', 'dB-mean', r'''
@strict_custom_gradient
def batched_matmul(A, B):
    def grad(U):
        dA = tf.matmul(U, B, transpose_b=True)
        dB = tf.reduce_mean(tf.matmul(A, U, transpose_a=True), axis=0)
        return dA, dB
    return tf.matmul(A, B), grad
''', False, 'dB averages over the batch; the contributions add up (sum), so it is too small by the batch size',
           ('mean|sum|average',)),
    Answer('04.batched_matmul', 'bfloat16-matmuls', r'''
@strict_custom_gradient
def batched_matmul(A, B):
    def grad(U):
        lo = lambda t: tf.cast(t, tf.bfloat16)          # faster matmuls
        dA = tf.matmul(lo(U), lo(B), transpose_b=True)
        dB = tf.reduce_sum(tf.matmul(lo(A), lo(U), transpose_a=True), axis=0)
        return tf.cast(dA, A.dtype), tf.cast(dB, B.dtype)
    return tf.matmul(A, B), grad
''', False, 'bfloat16 keeps about 3 significant digits: the gradients are visibly inaccurate',
           ('bfloat16|precision',)),
    # ---- set u
    Answer('04.batched_matmul', 'foldl-over-batch', r'''
@strict_custom_gradient
def batched_matmul(A, B):
    def grad(U):
        dA = tf.matmul(U, B, transpose_b=True)                        # U Bᵀ, batch by batch
        dB = tf.foldl(lambda acc, pair: acc + tf.matmul(pair[0], pair[1], transpose_a=True),
                      (A, U), initializer=tf.zeros_like(B))           # Σ_batch Aᵀ U
        return dA, dB
    return tf.matmul(A, B), grad
''', True),
    Answer('04.batched_matmul', 'dB-not-summed', r'''
@strict_custom_gradient
def batched_matmul(A, B):
    def grad(U):
        return tf.matmul(U, B, transpose_b=True), tf.matmul(A, U, transpose_a=True)
    return tf.matmul(A, B), grad
''', False, 'B is shared by the whole batch: sum its per-example gradients Aᵀ U over the batch axis.',
           ('sum|batch',)),
    Answer('04.batched_matmul', 'dB-averaged', r'''
@strict_custom_gradient
def batched_matmul(A, B):
    def grad(U):
        per_example = tf.matmul(A, U, transpose_a=True)
        return tf.matmul(U, B, transpose_b=True), tf.reduce_mean(per_example, axis=0)
    return tf.matmul(A, B), grad
''', False, "Every batch entry's use of B adds to the loss: sum over the batch, do not average.",
           ('mean|average|sum',)),
    Answer('04.batched_matmul', 'dA-not-transposed', r'''
@strict_custom_gradient
def batched_matmul(A, B):
    def grad(U):
        dA = tf.matmul(U, B)                                   # forgot Bᵀ
        dB = tf.reduce_sum(tf.matmul(A, U, transpose_a=True), axis=0)
        return dA, dB
    return tf.matmul(A, B), grad
''', False, 'The gradient for A is U Bᵀ: B must be transposed (transpose_b=True).',
           ('transpose',)),
    # ---- set w
    Answer('04.batched_matmul', 'einsum-jit-helper', r'''
@tf.function(jit_compile=True)
def _matmul_vjp(A: tf.Tensor, B: tf.Tensor, U: tf.Tensor):
    """VJP of Y = A @ B with A: (batch, m, k), B: (k, n) shared, U: (batch, m, n).

    dA[b] = U[b] B^T ; dB = sum_b A[b]^T U[b] (B is used by every batch entry, so the
    contributions add up over the batch).
    """
    dA = tf.einsum("bmn,kn->bmk", U, B)
    dB = tf.einsum("bmk,bmn->kn", A, U)
    return dA, dB


@strict_custom_gradient
def batched_matmul(A: tf.Tensor, B: tf.Tensor):
    def grad(U: tf.Tensor):
        return _matmul_vjp(A, B, U)
    return tf.matmul(A, B), grad


# --- self-test against autodiff, float64 -----------------------------------------------
_A = tf.random.normal((3, 2, 4), dtype=tf.float64)
_B = tf.random.normal((4, 5), dtype=tf.float64)
_U = tf.random.normal((3, 2, 5), dtype=tf.float64)
with tf.GradientTape(persistent=True) as _t:
    _t.watch([_A, _B])
    _mine, _ref = batched_matmul(_A, _B), tf.matmul(_A, _B)
for _g1, _g2 in zip(_t.gradient(_mine, [_A, _B], output_gradients=_U),
                    _t.gradient(_ref, [_A, _B], output_gradients=_U)):
    np.testing.assert_allclose(_g1, _g2, rtol=1e-10, atol=1e-12)
''', True),
    Answer('04.batched_matmul', 'dB-per-example', r'''
@strict_custom_gradient
def batched_matmul(A: tf.Tensor, B: tf.Tensor):
    """Y = A @ B for a batch of A and a shared B.

    Per batch entry: dA = U B^T and dB = A^T U, both computed with batched matmuls
    (transpose flags act on the last two axes only).
    """
    def grad(U: tf.Tensor):
        dA = tf.matmul(U, B, transpose_b=True)
        dB = tf.matmul(A, U, transpose_a=True)          # (batch, k, n)
        return dA, dB
    return tf.matmul(A, B), grad
''', False, 'B is shared by the whole batch: its gradient must be summed over the batch axis to shape (k, n)',
           ('sum|batch',)),
    Answer('04.batched_matmul', 'dB-averaged', r'''
@strict_custom_gradient
def batched_matmul(A: tf.Tensor, B: tf.Tensor):
    """Y = A @ B, B shared across the batch.

    dB is averaged over the batch so its magnitude does not grow with the batch size
    (keeps the effective learning rate independent of batch size).
    """
    def grad(U: tf.Tensor):
        dA = tf.matmul(U, B, transpose_b=True)
        dB = tf.reduce_mean(tf.matmul(A, U, transpose_a=True), axis=0)
        return dA, dB
    return tf.matmul(A, B), grad
''', False, 'averaging over the batch divides dB by the batch size: the contributions must be summed',
           ('sum|mean|average',)),
    Answer('04.batched_matmul', 'float32-policy', r'''
_COMPUTE_DTYPE = tf.float32


def _ensure_tensor(t) -> tf.Tensor:
    """Cast to the compute dtype (mixed-precision style policy)."""
    return tf.cast(tf.convert_to_tensor(t), _COMPUTE_DTYPE)


@strict_custom_gradient
def batched_matmul(A: tf.Tensor, B: tf.Tensor):
    """Y = A B with gradients U B^T and sum_b A^T U, computed in float32."""
    def grad(U: tf.Tensor):
        U32, A32, B32 = _ensure_tensor(U), _ensure_tensor(A), _ensure_tensor(B)
        dA = tf.matmul(U32, B32, transpose_b=True)
        dB = tf.reduce_sum(tf.matmul(A32, U32, transpose_a=True), axis=0)
        return dA, dB
    return tf.matmul(A, B), grad
''', False, "the gradients are float32 for float64 inputs: keep each input's dtype",
           ('float64|float32|dtype',)),
    # ---- set y
    Answer('04.batched_matmul', 'flatten-the-batch-for-dB', r'''
@strict_custom_gradient
def batched_matmul(A, B):
    def grad(U):
        dA = tf.matmul(U, B, transpose_b=True)                 # B broadcasts over the batch
        k, n = tf.shape(B)[0], tf.shape(B)[1]
        rows_A = tf.reshape(A, [-1, k])                         # all batch rows stacked
        rows_U = tf.reshape(U, [-1, n])
        dB = tf.matmul(rows_A, rows_U, transpose_a=True)        # sums over batch and rows at once
        return dA, dB
    return tf.matmul(A, B), grad
''', True),
    Answer('04.batched_matmul', 'transpose-without-perm', r'''
@strict_custom_gradient
def batched_matmul(A, B):
    def grad(U):
        dA = tf.matmul(U, tf.transpose(B))
        dB = tf.reduce_sum(tf.matmul(tf.transpose(A), U), axis=0)
        return dA, dB
    return tf.matmul(A, B), grad
''', False, 'tf.transpose of the 3-axis A reverses all three axes, batch included; transpose only the last two (perm or transpose_a=True).',
           ('perm|transpose_a|last two|all axes|all three',)),
    Answer('04.batched_matmul', 'mean-over-batch', r'''
@strict_custom_gradient
def batched_matmul(A, B):
    def grad(U):
        dA = tf.matmul(U, B, transpose_b=True)
        dB = tf.reduce_mean(tf.matmul(A, U, transpose_a=True), axis=0)
        return dA, dB
    return tf.matmul(A, B), grad
''', False, 'B is used by every batch entry, so its gradient is the sum of their contributions, not their average.',
           ('sum|mean|average',)),
    Answer('04.batched_matmul', 'float32-accumulator', r'''
@strict_custom_gradient
def batched_matmul(A, B):
    def grad(U):
        dA = tf.matmul(U, B, transpose_b=True)
        dB = tf.zeros(B.shape)
        for i in range(A.shape[0]):
            dB += tf.matmul(A[i], U[i], transpose_a=True)
        return dA, dB
    return tf.matmul(A, B), grad
''', False, "tf.zeros(B.shape) is float32 whatever B is: with float64 inputs the accumulation fails; give it B's dtype.",
           ('float64|dtype|float32',)),
    # ---- reshapes where a transpose belongs, and other ways to write the products
    Answer('04.batched_matmul', 'A reshaped instead of transposed', r'''
@strict_custom_gradient
def batched_matmul(A, B):
    def grad(U):
        batch, m, k = A.shape
        A_t = tf.reshape(A, (batch, k, m))            # Aᵀ for every batch entry
        return tf.matmul(U, B, transpose_b=True), tf.reduce_sum(tf.matmul(A_t, U), axis=0)
    return tf.matmul(A, B), grad
''', False, 'tf.reshape regroups the entries in memory order; it is not a transpose: use transpose_a=True',
           ('reshape', 'transpose')),
    Answer('04.batched_matmul', 'B reshaped instead of transposed', r'''
@strict_custom_gradient
def batched_matmul(A, B):
    def grad(U):
        k, n = B.shape
        dA = tf.matmul(U, tf.reshape(B, (n, k)))
        dB = tf.reduce_sum(tf.matmul(A, U, transpose_a=True), axis=0)
        return dA, dB
    return tf.matmul(A, B), grad
''', False, 'reshaping B to (n, k) does not transpose it: the entries stay in row order',
           ('reshape', 'transpose')),
    Answer('04.batched_matmul', 'dB summed over the last axis, no keepdims', r'''
@strict_custom_gradient
def batched_matmul(A, B):
    def grad(U):
        dA = tf.matmul(U, B, transpose_b=True)
        dB = tf.reduce_sum(tf.matmul(A, U, transpose_a=True), axis=-1)
        return dA, dB
    return tf.matmul(A, B), grad
''', False, "axis=-1 sums over B's columns, leaving shape (batch, k): the batch axis is the one to sum",
           ('shape', 'batch|summed|sum')),
    Answer('04.batched_matmul', 'tensordot over batch and rows', r'''
@strict_custom_gradient
def batched_matmul(A, B):
    def grad(U):
        dA = tf.tensordot(U, B, axes=[[2], [1]])            # Σ_n U[b, m, n] B[k, n]
        dB = tf.tensordot(A, U, axes=[[0, 1], [0, 1]])      # Σ_b Σ_m A[b, m, k] U[b, m, n]
        return dA, dB
    return tf.matmul(A, B), grad
''', True),
    Answer('04.batched_matmul', 'tensordot with axes=1 on 3-D tensors', r'''
@strict_custom_gradient
def batched_matmul(A, B):
    def grad(U):
        dA = tf.tensordot(U, tf.transpose(B), axes=1)
        dB = tf.tensordot(tf.transpose(A), U, axes=1)
        return dA, dB
    return tf.matmul(A, B), grad
''', False, 'tf.transpose reverses all three axes of A, and tensordot then multiplies the batch axis into the result: dB has shape (4, 3, 3, 5)',
           ('shape', "B's shape|(k, n)|shared|summed")),
]


# ---------------------------------------------------------------- d-: a second learner corpus, written blind
def _b(body):
    return ("@strict_custom_gradient\ndef batched_matmul(A, B):\n    def grad(U):\n" + body +
            "    return tf.matmul(A, B), grad\n")


ANSWERS += [
    Answer(KEY, "d-right-einsum", _b(
        "        return tf.einsum('bmn,kn->bmk', U, B), tf.einsum('bmk,bmn->kn', A, U)\n"), True),
    Answer(KEY, "d-right-stack-rows", _b(
        "        k, n = tf.shape(A)[-1], tf.shape(U)[-1]\n"
        "        rows_A = tf.reshape(A, [-1, k])      # every batch entry's rows, one under another\n"
        "        rows_U = tf.reshape(U, [-1, n])\n"
        "        return U @ tf.transpose(B), tf.matmul(rows_A, rows_U, transpose_a=True)\n"), True),
    Answer(KEY, "d-right-perm-transpose", _b(
        "        At = tf.transpose(A, perm=[0, 2, 1])\n"
        "        return U @ tf.transpose(B), tf.reduce_sum(At @ U, axis=0)\n"), True),
    Answer(KEY, "d-right-tensordot", _b(
        "        return tf.matmul(U, B, transpose_b=True), tf.tensordot(A, U, axes=[[0, 1], [0, 1]])\n"), True),
    Answer(KEY, "d-right-matrix-transpose", _b(
        "        dB = tf.reduce_sum(tf.linalg.matrix_transpose(A) @ U, axis=0)\n"
        "        return U @ tf.linalg.matrix_transpose(B), dB\n"), True),
    Answer(KEY, "d-plain-transpose-3d", _b(
        "        return tf.matmul(U, tf.transpose(B)), tf.reduce_sum(tf.matmul(tf.transpose(A), U), axis=0)\n"),
           False,
           mistake="tf.transpose of a 3-axis A reverses all axes (batch included), not just the last two",
           must_mention=("transpos|perm|last two",)),
    Answer(KEY, "d-reshape-as-transpose", _b(
        "        Bt = tf.reshape(B, [B.shape[1], B.shape[0]])\n"
        "        At = tf.reshape(A, [A.shape[0], A.shape[2], A.shape[1]])\n"
        "        return tf.matmul(U, Bt), tf.reduce_sum(tf.matmul(At, U), axis=0)\n"), False,
           mistake="reshape instead of transpose: the entries are reordered, not transposed",
           must_mention=("transpos|reshape",)),
    Answer(KEY, "d-dB-transposed", _b(
        "        return tf.matmul(U, B, transpose_b=True), tf.reduce_sum(tf.matmul(U, A, transpose_a=True), axis=0)\n"),
           False,
           mistake="dL/dB computed as Σ Uᵀ A, the transpose of Σ Aᵀ U",
           must_mention=("transpos",)),
    Answer(KEY, "d-dA-no-transpose", _b(
        "        return tf.matmul(U, B), tf.reduce_sum(tf.matmul(A, U, transpose_a=True), axis=0)\n"), False,
           mistake="dL/dA multiplies U by B instead of Bᵀ",
           must_mention=("transpos|Bᵀ|B^T",)),
    Answer(KEY, "d-dB-forgets-upstream", _b(
        "        dA = tf.matmul(U, B, transpose_b=True)\n"
        "        dB = tf.reduce_sum(tf.matmul(A, tf.ones_like(U), transpose_a=True), axis=0)\n"
        "        return dA, dB\n"), False,
           mistake="dL/dB uses ones instead of upstream U",
           must_mention=("upstream",)),
    Answer(KEY, "d-only-dA", _b(
        "        return tf.matmul(U, B, transpose_b=True)\n"), False,
           mistake="one gradient for a function of two inputs: dL/dB missing",
           must_mention=("two|2 gradients|each input|per input|one gradient per",)),
    Answer(KEY, "d-dA-summed-too", _b(
        "        dA = tf.reduce_sum(tf.matmul(U, B, transpose_b=True), axis=0)\n"
        "        dB = tf.reduce_sum(tf.matmul(A, U, transpose_a=True), axis=0)\n"
        "        return dA, dB\n"), False,
           mistake="dL/dA summed over the batch too: A has a batch axis, its gradient keeps it",
           must_mention=("shape|batch",)),
    Answer(KEY, "d-dB-none", _b(
        "        return tf.matmul(U, B, transpose_b=True), None   # B is a weight, Keras handles it?\n"), False,
           mistake="None for B, a float input that needs a gradient",
           must_mention=("None",)),
]
