"""Solution to 02.multiply: reveal() shows the code that follows the imports."""

import tensorflow as tf

from helpers import strict_custom_gradient


@strict_custom_gradient
def multiply(x, w):
    def grad(upstream):
        dx = upstream * w                    # ∂zᵢ/∂xᵢ = w, entry by entry
        dw = tf.reduce_sum(upstream * x)     # w is used by every entry: add up upstreamᵢ · xᵢ
        return dx, dw
    return x * w, grad

# For comparison, at x = [1, 2, 3] and w = 10 with upstream 1 (L = sum(z)):
# dL/dx = [10, 10, 10] and dL/dw = 1 + 2 + 3 = 6, as tape.gradient gives without a custom gradient.
