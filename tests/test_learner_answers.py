"""Exercise feedback, tried with answers written from the learner's side.

The answers (``learner_answers_*.py``) were written by someone who had not
read the judges: right answers written in unusual ways, and wrong ones as
learners really write them (typos, NumPy inside grad, a forgotten decorator,
the wrong kind of value, textbook mistakes). For each one:

- ``check`` returns feedback and never raises;
- a right answer passes, a wrong one does not;
- feedback on a wrong answer shows no raw TensorFlow error text, and names
  the concrete mistake: it contains the words the answer's author said any
  useful feedback must contain.

The counts are printed at the end of the test run (learner answers section).
"""

import pytest

from helpers.exercises import Feedback, check
from learner_answer_types import RAW_TENSORFLOW_TEXT, define, mentions

import learner_answers_a
import learner_answers_b
import learner_answers_c
import learner_answers_d
import learner_answers_e
import learner_answers_f
import learner_answers_g
import learner_answers_i
import learner_answers_j
import learner_answers_k
import learner_answers_l
import learner_answers_m
import learner_answers_n
import learner_answers_o
import learner_answers_p
import learner_answers_q
import learner_answers_r
import learner_answers_s
import learner_answers_t
import learner_answers_u
import learner_answers_v
import learner_answers_w
import learner_answers_x
import learner_answers_y
import learner_answers_z
import learner_answers_aa
import learner_answers_ab

try:
    import learner_answers_holdout
    HOLDOUT = list(learner_answers_holdout.ANSWERS)
except ImportError:  # the holdout set is optional
    HOLDOUT = []

ANSWERS = (list(learner_answers_a.ANSWERS) + list(learner_answers_b.ANSWERS) + list(learner_answers_c.ANSWERS)
           + list(learner_answers_d.ANSWERS) + list(learner_answers_e.ANSWERS) + list(learner_answers_f.ANSWERS)
           + list(learner_answers_g.ANSWERS) + list(learner_answers_i.ANSWERS)
           + list(learner_answers_j.ANSWERS) + list(learner_answers_k.ANSWERS)
           + list(learner_answers_l.ANSWERS) + list(learner_answers_m.ANSWERS)
           + list(learner_answers_n.ANSWERS) + list(learner_answers_o.ANSWERS)
           + list(learner_answers_p.ANSWERS) + list(learner_answers_q.ANSWERS)
           + list(learner_answers_r.ANSWERS) + list(learner_answers_s.ANSWERS)
           + list(learner_answers_t.ANSWERS) + list(learner_answers_u.ANSWERS)
           + list(learner_answers_v.ANSWERS) + list(learner_answers_w.ANSWERS)
           + list(learner_answers_x.ANSWERS) + list(learner_answers_y.ANSWERS)
           + list(learner_answers_z.ANSWERS) + list(learner_answers_aa.ANSWERS)
           + list(learner_answers_ab.ANSWERS) + HOLDOUT)

# Where the author's words would give the exercise's answer away, feedback names the concept instead
# (the course's rule: name the misconception and where to look, never the formula).
INSTEAD_OF_THE_ANSWER = {
    ("00.warmup", "forgot the factor 2 (answered x)"): ("factor",),
    ("00.warmup", "exponent only"): ("x = 3",),
    ("01.local_sin", "returns sin (forward value)"): ("forward",),
    ("04.quadratic_form", "inner product instead of outer"): ("shape",),
    ("09.spot_the_mistake", "snippet-1-as-none"): ("how smooth_step is called",),
    ("09.spot_the_mistake", "snippets-2-and-3-swapped"): ("from above",),
    ("09.spot_the_mistake", "tf-print-means-none"): ("how smooth_step is called",),
    ("09.spot_the_mistake", "precision-for-item-2"): ("from above",),
    ("09.spot_the_mistake", "silent-print-as-none"): ("how smooth_step is called",),
    ("09.spot_the_mistake", "argmax-cast-as-float32"): ("no gradient at all",),
    ("09.fix_linear", "only-dW-fixed"): ("batch axis",),
}


def _id(answer):
    return f"{answer.key}: {answer.label}"


def test_the_corpus_has_eight_answers_per_exercise():
    from helpers.exercises import keys
    counts = {k: sum(a.key == k for a in ANSWERS) for k in keys()}
    assert min(counts.values()) >= 8, counts
    assert {a.key for a in ANSWERS} <= set(keys())


@pytest.mark.parametrize("answer", ANSWERS, ids=_id)
def test_feedback_on_a_learner_answer(answer, request):
    def report(outcome):
        request.node.user_properties.append(("learner answer", outcome))

    try:
        value = define(answer)
    except Exception as e:  # noqa: BLE001 - the learner's own cell fails before check runs
        report("cell fails")
        pytest.skip(f"the learner's cell itself raises {type(e).__name__}; Python shows that error in the notebook")
    try:
        feedback = check(answer.key, value)
    except BaseException:
        report("crash")
        raise
    assert isinstance(feedback, Feedback)
    if answer.right:
        report("right, passed" if feedback.passed else "false reject")
        assert feedback.passed, f"a right answer was rejected: {feedback}"
        return
    if feedback.passed:
        report("false pass")
        pytest.fail(f"a wrong answer was accepted ({answer.mistake}): {feedback}")
    raw = RAW_TENSORFLOW_TEXT.search(feedback.message)
    words = INSTEAD_OF_THE_ANSWER.get((answer.key, answer.label), answer.must_mention)
    missing = mentions(f"{feedback.status}: {feedback.message}", words)   # what the learner reads
    report("raw TensorFlow text" if raw else "specific" if not missing else "generic")
    assert not raw, f"raw TensorFlow text in feedback: {feedback.message}"
    assert not missing, f"feedback does not name the mistake ({answer.mistake}); missing {missing}: {feedback.message}"
