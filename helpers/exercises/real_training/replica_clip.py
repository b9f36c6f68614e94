"""Exercise 10.replica_clip: predict what the plain clip of upstream does on four replicas (B = 16)."""

from .. import Exercise
from ..judges import sequence_judge

# L = (1/B) Σ h²/2, so upstream at h is h / B. The plain clip holds upstream to [-0.3, 0.3]: in per-example units
# (times B) it acts at 0.3 · B. With B = 16: 4.8, so h = 3, 4 pass and h = 5, 6 are cut to 4.8.
_UPSTREAM = ("Start from upstream at h, which is h / B (the loss divides by the global batch size), clip it to "
             "[-0.3, 0.3], then multiply by B for per-example units.")

EXERCISE = Exercise(
    key="10.replica_clip",
    title="The plain clip of upstream on four replicas (B = 16): examples h = 3, 4, 5, 6",
    judge=sequence_judge(
        [3.0, 4.0, 4.8, 4.8],
        "upstream is h / 16, clipped at 0.3, which is 0.3 · 16 = 4.8 per example: h = 3 and 4 pass, 5 and 6 are "
        "cut to 4.8. On two replicas the same clip cut every one of them to 2.4: the threshold moved with B.",
        mistakes=[
            ([2.4] * 4, "batch_of_the_example", "2.4 = 0.3 · 8 is the threshold on two replicas (B = 8), as printed "
                                                "above. With four replicas of four examples each, the global batch B "
                                                "is 16."),
            ([1.2] * 4, "replica_batch", "1.2 = 0.3 · 4 puts one replica's four examples in place of B. Each replica "
                                         "divides its loss by the global batch size, every replica's examples "
                                         "together."),
            ([0.3] * 4, "per_example_units", "0.3 is the limit on upstream itself. Upstream is h / B, not h: in "
                                             "per-example units (times B) the clip acts at 0.3 · B."),
            ([2.0] * 4, "fixed_clip", "2 is the fixed clip (upstream × B clipped at 2). This exercise asks about the "
                                      "plain clip_upstream(0.3), whose threshold moves with B."),
            ([3.0, 4.0, 5.0, 6.0], "no_clip", "some of these are clipped: in per-example units the plain clip acts at "
                                              "0.3 · B. Work out that number for B = 16."),
            ([3 / 16, 4 / 16, 0.3, 0.3], "not_times_b", "those are the clipped upstreams themselves. The question "
                                                        "asks for per-example units: multiply each by B = 16."),
            ([3 / 16, 4 / 16, 5 / 16, 6 / 16], "not_times_b", "those are the upstreams h / 16 before the clip, in "
                                                              "upstream's units: clip each to [-0.3, 0.3], then "
                                                              "multiply by B = 16."),
            ([3.0, 4.0, 5.0, 4.8], "threshold_slip", "the third is off: at h = 5, upstream is 5 / 16 = 0.3125, "
                                                     "above 0.3, so the clip cuts it too."),
            ([1.0, 2.0, 3.0, 4.0], "wrong_examples", "those are the examples h = 1 to 4. The question asks about h = "
                                                     "3, 4, 5 and 6."),
        ],
        fallback=_UPSTREAM),
    answer_name="answer",
    mistakes=("batch_of_the_example", "replica_batch", "per_example_units", "fixed_clip", "no_clip", "not_times_b",
              "threshold_slip", "wrong_examples"),
)
