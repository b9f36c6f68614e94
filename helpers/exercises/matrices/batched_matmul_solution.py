"""Solution to 04.batched_matmul: reveal() shows the code that follows the imports."""

import tensorflow as tf

from helpers import strict_custom_gradient


@strict_custom_gradient
def batched_matmul(A, B):
    def grad(U):
        dA = tf.matmul(U, B, transpose_b=True)                             # (batch, m, k), entry by entry
        dB = tf.reduce_sum(tf.matmul(A, U, transpose_a=True), axis=0)      # B is shared: sum the entries
        return dA, dB
    return tf.matmul(A, B), grad
