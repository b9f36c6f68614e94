"""Exercises of notebook 01_chain_rule.

One module per exercise; each ``<name>_solution.py`` beside it holds the solution."""


# y = f(f(f(x))) with f(x) = x², at x = 3: the calls see 3, 9 and 81.
# Backward, outermost first: upstream 1 → 162 → 2916, locals 162, 18, 6,
# downstream 162 → 2916 → 17496 = 8 · 3⁷.
_LINK_BY_LINK = ("Work link by link: which value does each call of f see, what is its local derivative there, and "
                 "how does the chain rule combine them?")
