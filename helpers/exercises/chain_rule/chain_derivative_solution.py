"""Solution to 01.chain_derivative: reveal() shows the code that follows the imports."""

# The calls see x = 3, 9, 81; their local derivatives are 2·3, 2·9, 2·81.
answer = (2 * 3) * (2 * 9) * (2 * 81)   # 17496 = 8 · 3**7
