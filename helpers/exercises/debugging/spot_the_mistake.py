"""Exercise 09.spot_the_mistake: Name the mistake in each of five snippets."""

from . import SYMPTOMS
from .. import Exercise
from ..judges import choice_judge


EXERCISE = Exercise(
    key="09.spot_the_mistake",
    title="Name the mistake in each of five snippets",
    judge=choice_judge(
        ["keyword_call", "upstream_ignored", "float32_false_alarm", "wrong_shape", "none_gradient"],
        SYMPTOMS,
        "five for five: you can now name a broken gradient from its symptom.",
        explanations=[
            "grad never ran, yet the tape returned a gradient: look at how smooth_step is called, and what "
            "TensorFlow does with such a call.",
            "grad returns the same value whatever arrives from above: what happened to the square in the loss?",
            "The gradient is correct; look at the dtype the finite differences were taken in.",
            "Compare the gradient's shape with s's: TensorFlow passes it on unchecked, and broadcasting does the "
            "rest.",
            "Which operation on the path from logits to y has no gradient at all?",
        ]),
    answer_name="answers",
    mistakes=("wrong_choice", "unknown_name", "wrong_length", "not_a_list"),
)
