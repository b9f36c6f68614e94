"""Exercise 06.loss_scale: which of six grads come out right under a loss scale, and which silently wrong."""

from .. import Exercise
from ..judges import choice_judge

_LINEAR = (", which does not depend on upstream: it is linear in upstream, so the factor 32768 passes through and the "
           "optimizer's division takes it out again.")


EXERCISE = Exercise(
    key="06.loss_scale",
    title="Which of six grads come out right under a loss scale of 32768",
    judge=choice_judge(
        ["survives", "wrong", "survives", "wrong", "wrong", "survives"],
        ("survives", "wrong"),
        "the three that multiply upstream by something independent of it survive; the clip, the normalisation "
        "and the threshold act on the scaled upstream and come out wrong after the division, without an error.",
        explanations=[
            "The first grad multiplies upstream by 2x" + _LINEAR,
            "The second clips upstream at 1: which upstream does it see, and what is left of it after the division?",
            "The third multiplies upstream by a mask made from x" + _LINEAR,
            "The fourth divides upstream by its own norm: the scale cancels inside grad, and the optimizer then "
            "divides by 32768 once more.",
            "The fifth compares upstream with 1e-3: the scaled upstream passes that threshold where the true one "
            "would not, so it keeps entries it should drop.",
            "The sixth multiplies upstream by 3 tanh(x)" + _LINEAR,
        ]),
    answer_name="verdicts",
    mistakes=("wrong_choice", "unknown_name", "wrong_length", "not_a_list"),
)
