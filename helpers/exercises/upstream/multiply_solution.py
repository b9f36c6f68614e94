"""Solution to 02.multiply: reveal() shows the code that follows the imports."""

from helpers import strict_custom_gradient


@strict_custom_gradient
def multiply(x, y):
    def grad(upstream):
        return upstream * y, upstream * x     # (dz/dx, dz/dy), in input order
    return x * y, grad
