"""Solution to 02.multiply: reveal() shows the code that follows the imports."""

import tensorflow as tf

from helpers import strict_custom_gradient


@strict_custom_gradient
def multiply(x, y):
    def grad(upstream):
        dx = upstream * y                    # ∂zᵢ/∂xᵢ = y, entry by entry
        dy = tf.reduce_sum(upstream * x)     # y is used by every entry: add up upstreamᵢ · xᵢ
        return dx, dy
    return x * y, grad

# For comparison, at x = [1, 2, 3] and y = 10 with upstream 1 (L = sum(z)):
# dL/dx = [10, 10, 10] and dL/dy = 1 + 2 + 3 = 6, as tape.gradient gives without a custom gradient.
