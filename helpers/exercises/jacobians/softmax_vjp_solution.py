"""Solution to 03.softmax_vjp: reveal() shows the code that follows the imports."""

import tensorflow as tf

from helpers import strict_custom_gradient


@strict_custom_gradient
def softmax(z):
    s = tf.nn.softmax(z)
    def grad(upstream):
        # Jᵀu = s ⊙ (u − ⟨u, s⟩), the inner product taken within each row (the last axis)
        return s * (upstream - tf.reduce_sum(upstream * s, axis=-1, keepdims=True))
    return s, grad
