"""Solution to 01.fan_out: reveal() shows the code that follows the imports."""

a = 2 ** 2                                  # a = x² = 4 at x = 2
from_a = 3 * a ** 2 + 2                     # the uses a³ and 2a send back 48 and 2: they add, 50
answer = from_a * (2 * 2)                   # times the link a = x², local 2x = 4: 200 = 6x⁵ + 4x at x = 2
