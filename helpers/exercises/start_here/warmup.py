"""Exercise 00.warmup: d(x²)/dx at x = 3."""

from .. import Exercise
from ..judges import number_judge


EXERCISE = Exercise(
    key="00.warmup",
    title="d(x²)/dx at x = 3",
    judge=number_judge(
        6.0, "d(x²)/dx = 2x, which is 6 at x = 3. The feedback mechanism works: on to the chain rule.",
        mistakes=[
            (9.0, "forward_value", "9 is the value of x² at x = 3, not its derivative."),
            (3.0, "factor", "3 is x itself: the power rule brings the exponent down as a factor. Which factor is "
                            "missing?"),
            (2.0, "missing_x", "2 is the derivative's constant; the derivative still depends on x: evaluate it at "
                               "x = 3. (2 is also the second derivative, the slope of the slope: the question asks "
                               "for the first.)"),
            (18.0, "exponent_kept", "the power rule lowers the exponent by one: the derivative of x² is a multiple "
                                    "of x¹, not of x². (Or, if your 18 is the derivative evaluated at x² = 9: "
                                    "evaluate it at x = 3 itself.)"),
            (7.0, "difference_quotient", "7 is (4² − 3²)/1, the slope of the chord from 3 to 4: a difference "
                                         "quotient with a step of 1. The derivative is its limit as the step "
                                         "shrinks to 0."),
            (5.0, "difference_quotient", "5 is (3² − 2²)/1, the slope of the chord from 2 to 3: a difference "
                                         "quotient with a step of 1. The derivative is its limit as the step "
                                         "shrinks to 0."),
            (6.5, "difference_quotient", "6.5 is (3.5² − 3²)/0.5, the slope of a chord: a difference quotient with a "
                                         "step of 0.5. The derivative is its limit as the step shrinks to 0."),
            (5.5, "difference_quotient", "5.5 is (3² − 2.5²)/0.5, the slope of a chord: a difference quotient with a "
                                         "step of 0.5. The derivative is its limit as the step shrinks to 0."),
            (27.0, "other_function", "27 is the derivative of x³ at 3 (3·3², as in the environment check above), or "
                                     "x³ itself: the question is about x²."),
        ],
        fallback="Use the power rule: bring the exponent down and lower it by one, then put in x = 3."),
    answer_name="answer",
    mistakes=("forward_value", "wrong_sign", "factor", "missing_x", "exponent_kept", "other_function", "approximate",
              "difference_quotient"),
)
