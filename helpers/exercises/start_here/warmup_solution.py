"""Solution to 00.warmup: reveal() shows the code that follows the imports."""

answer = 2 * 3   # d(x²)/dx = 2x
