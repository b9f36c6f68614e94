"""Exercise 01.upstreams: The upstream each call receives, in the order the backward pass visits them."""

from . import _LINK_BY_LINK
from .. import Exercise
from ..judges import sequence_judge


EXERCISE = Exercise(
    key="01.upstreams",
    title="The upstream each call receives, in the order the backward pass visits them",
    judge=sequence_judge(
        [1.0, 162.0, 2916.0],
        "upstream 1 → 162 → 2916: each call's upstream is the downstream of the call after it, and the "
        "first upstream is dy/dy = 1.",
        mistakes=[
            ([2916.0, 162.0, 1.0], "reversed", "right numbers, wrong order: the backward pass starts at the "
                                               "output (the outermost call) and moves towards x."),
            ([162.0, 2916.0, 17496.0], "downstream", "those are the downstreams, what each call passes on. A call's "
                                                     "upstream is what it receives; what does the outermost call "
                                                     "receive?"),
            ([162.0, 18.0, 6.0], "local", "those are the local derivatives. Upstream is what arrives from the calls "
                                          "after this one."),
            ([6.0, 18.0, 162.0], "local", "those are the local derivatives, innermost first. Upstream is what "
                                          "arrives from the calls after this one."),
            ([1.0, 1.0, 1.0], "upstream_ignored", "upstream is 1 only for the outermost call: each call passes "
                                                  "something else back."),
            ([9.0, 81.0, 6561.0], "forward", "those are the forward values the calls return, not gradients."),
            ([1.0, 32.0, 256.0], "worked_example", "those are the worked example's upstreams at x = 2; this exercise "
                                                   "is at x = 3."),
            ([1.0, 162.0, 18.0], "not_accumulated", "the third number is the middle call's local derivative alone. "
                                                    "What arrives at a call is the upstream of the call after it "
                                                    "times that call's local derivative: nothing is dropped on the "
                                                    "way back."),
            ([1.0, 162.0, 162.0 * 18.0 * 162.0], "upstream_twice",
             "the third number multiplies by the upstream twice: what a call passes back is its local derivative "
             "times the upstream it received, once."),
            ([1.0, 6.0, 108.0], "forward_mode", "you accumulated from the input side. The backward pass starts at "
                                                "the output, so the first upstream belongs to the outermost call."),
        ],
        fallback=_LINK_BY_LINK),
    answer_name="upstreams",
    mistakes=("reversed", "downstream", "local", "upstream_ignored", "forward", "worked_example", "forward_mode",
              "not_accumulated", "upstream_twice"),
)
