"""The warm-up exercise of notebook 00_start_here."""

from . import Exercise, register
from .judges import number_judge

register(Exercise(
    key="00.warmup",
    title="d(x²)/dx at x = 3",
    judge=number_judge(
        6.0, "d(x²)/dx = 2x, which is 6 at x = 3. The feedback mechanism works: on to the chain rule.",
        mistakes=[
            (9.0, "forward_value", "9 = 3² is the value of x², not its derivative."),
            (3.0, "factor", "3 is x itself: the derivative of x² is 2x, so there is a factor 2 missing."),
            (2.0, "missing_x", "2 is the derivative's constant; it still depends on x: 2x at x = 3."),
        ]),
    solution="""
        answer = 2 * 3   # d(x²)/dx = 2x
    """,
    answer_name="answer",
    mistakes=("forward_value", "factor", "missing_x"),
))
