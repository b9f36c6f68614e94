"""Solution to 01.fan_out: reveal() shows the code that follows the imports."""

# a = x² = 4. The use a³ sends 3a² = 48 back to a, the use 2a sends 2: they add, 50.
# The link a = x² has local derivative 2x = 4 at x = 2.
answer = (3 * 4 ** 2 + 2) * (2 * 2)   # 200 = 6x⁵ + 4x at x = 2
