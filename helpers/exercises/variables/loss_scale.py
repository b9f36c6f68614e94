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
        "what decides is whether grad(s·u) = s·grad(u) for s > 0. The two that multiply upstream by something "
        "independent of it are linear, and relu(upstream) is not linear but scales all the same: those three "
        "survive. The clip, the normalisation and the threshold act on the scaled upstream and come out wrong "
        "after the division, without an error.",
        explanations=[
            "The first grad multiplies upstream by 2x" + _LINEAR,
            "The second clips upstream at 1: which upstream does it see, and what is left of it after the division?",
            "The third multiplies upstream by a mask made from x" + _LINEAR,
            "The fourth divides upstream by its own norm: the scale cancels inside grad, and the optimizer then "
            "divides by 32768 once more.",
            "The fifth compares upstream with 1e-3: the scaled upstream passes that threshold where the true one "
            "would not, so it keeps entries it should drop.",
            "The sixth, relu(upstream), is not linear in upstream, yet relu(s·u) = s·relu(u) for every s > 0: the "
            "factor 32768 passes through it, and the optimizer's division takes it out again.",
        ]),
    answer_name="verdicts",
    mistakes=("wrong_choice", "unknown_name", "wrong_length", "not_a_list"),
)
