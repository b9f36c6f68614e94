"""Exercise 01.chain_derivative: dy/dx of f(f(f(x))) at x = 3, with f(x) = x²."""

from . import _LINK_BY_LINK
from .. import Exercise
from ..judges import number_judge


EXERCISE = Exercise(
    key="01.chain_derivative",
    title="dy/dx of f(f(f(x))) at x = 3, with f(x) = x²",
    judge=number_judge(
        17496.0,
        "dy/dx = 6 · 18 · 162 = 17496 = 8 · 3⁷, the product of the three local derivatives.",
        mistakes=[
            (6.0, "upstream_ignored", "that is the innermost link's local derivative alone: it leaves out what the "
                                      "two outer links contribute, the upstream arriving from them."),
            (162.0, "outer_only", "that is the outermost link's local derivative alone: the inner links have local "
                                  "derivatives too, and the chain rule is the product of every one of them."),
            (18.0, "upstream_ignored", "that is the middle link's local derivative alone (2 · 9): the chain rule "
                                       "multiplies the local derivatives of all three links."),
            (18.0 * 162.0, "two_links", "that combines the two outer links only: the innermost link (the call that "
                                        "sees x = 3) has a local derivative too."),
            (186.0, "added", "you added the local derivatives. The chain rule multiplies them: dy/dx is their product."),
            (6561.0, "forward_value", "6561 = 3⁸ is y itself, the forward value, not its derivative."),
            (8 * 3.0 ** 8, "exponent_kept", "the power rule lowers the exponent: y = x⁸ has a derivative with x to a "
                                            "lower power."),
            (4374.0, "factor", "that misses a constant factor: y = x⁸, so how many factors of 2 does dy/dx have?"),
            (216.0, "same_local", "216 = 6³ uses the local derivative 2 · 3 for every link, but each call sees its "
                                  "own input (3, 9 and 81), and its local derivative is 2 times that input."),
            (162.0 ** 3, "same_local", "(2 · 81)³ uses the last link's input, 81, for every local derivative (a "
                                       "lambda made in a loop reads the loop variable when it is called, after the "
                                       "loop has ended). Each call sees its own input (3, 9 and 81)."),
            (1458.0, "exponents_added", "1458 = 6 · 3⁵ is the derivative of x⁶: applying x² three times multiplies "
                                        "the exponents (2 · 2 · 2), it does not add them."),
            ((2 * 9.0) * (2 * 81.0) * (2 * 6561.0), "at_outputs",
             "each local derivative is taken at what its call returns (9, 81, 6561); a local derivative belongs at "
             "the call's input, the value it sees."),
            (1024.0, "worked_example", "1024 is the worked example's answer at x = 2; this exercise is at x = 3."),
            (31.0, "xor", "31 is what Python computes for 8 * 3 ^ 7: in Python ^ is bitwise xor, not a power. Powers "
                          "are written with **."),
        ],
        fallback=_LINK_BY_LINK),
    answer_name="answer",
    mistakes=("wrong_sign", "upstream_ignored", "outer_only", "two_links", "added", "forward_value", "exponent_kept",
              "factor", "same_local", "exponents_added", "worked_example", "xor", "approximate", "at_outputs"),
)
