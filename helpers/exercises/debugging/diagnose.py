"""Exercise 09.diagnose: run check_gradients on three custom gradients that run without an error, and name each bug."""

from .. import Exercise
from ..judges import choice_judge

DIAGNOSES = ("upstream_ignored", "transposed", "not_summed", "constant_factor", "wrong_sign", "wrong_shape")

EXERCISE = Exercise(
    key="09.diagnose",
    title="Run check_gradients on three custom gradients and name each one's bug",
    judge=choice_judge(
        ["constant_factor", "transposed", "not_summed"],
        DIAGNOSES,
        "three for three, each from the checker's report: mean_square's gradient is 6 times too large (the mean's "
        "1/6 is missing), project's gradient for the square W is transposed (a square W takes a transposed "
        "gradient without a complaint), and add_bias's gradient for b is not summed over the batch.",
        explanations=[
            "Run check_gradients(mean_square, x) and read the line under the table: by what does the gradient "
            "differ from the right one? (The forward takes a mean.)",
            "Run check_gradients(project, x, W): which input's row says wrong values, and what does the line under "
            "the table say about it? A square W takes a gradient of either layout without an error.",
            "Run check_gradients(add_bias, x, b): the table's result column says that b's gradient has the wrong "
            "shape; the line under the table says why, and that is the name asked for.",
        ]),
    answer_name="diagnoses",
    mistakes=("wrong_choice", "unknown_name", "wrong_length", "not_a_list"),
)
