"""Exercise feedback, tried with answers written from the learner's side.

The answers (``tests/answers/<notebook package>/<exercise>.py``, one file per
exercise, found without registration) were written by someone who had not
read the judges: right answers written in unusual ways, and wrong ones as
learners really write them (typos, NumPy inside grad, a forgotten decorator,
the wrong kind of value, textbook mistakes). For each one:

- ``check`` returns feedback and never raises;
- a right answer passes, a wrong one does not;
- feedback on a wrong answer shows no raw TensorFlow error text, and names
  the concrete mistake: it contains the words the answer's author said any
  useful feedback must contain.

The counts are printed at the end of the test run (learner answers section).
Answers written independently often share their code exactly (about a quarter of
the corpus does, comments and layout aside): such code is run and judged once,
and each answer's own expectations are then held against that one feedback.
"""

import ast

import pytest

from answer_kit import RAW_TENSORFLOW_TEXT, all_answers, define, mentions
from helpers.exercises import Feedback, check

ANSWERS = all_answers()


def _id(answer):
    return f"{answer.key}: {answer.label}"


def test_the_corpus_has_eight_answers_per_exercise():
    from helpers.exercises import keys
    counts = {k: sum(a.key == k for a in ANSWERS) for k in keys()}
    assert min(counts.values()) >= 8, counts
    assert {a.key for a in ANSWERS} <= set(keys())


_JUDGED: dict = {}


def _judged(answer) -> tuple[str, object]:
    """("cell fails" and the cell's exception, "crash" and check's exception, or "judged" and the feedback) for
    the answer's code, worked out once per exercise and code (compared as Python's syntax tree)."""
    try:
        code = ast.dump(ast.parse(answer.code))
    except SyntaxError:
        code = answer.code
    if (answer.key, code) not in _JUDGED:
        try:
            value = define(answer)
        except Exception as e:  # noqa: BLE001 - the learner's own cell fails before check runs
            _JUDGED[answer.key, code] = ("cell fails", e)
        else:
            try:
                _JUDGED[answer.key, code] = ("judged", check(answer.key, value))
            except Exception as e:  # noqa: BLE001 - reported and raised for every answer with this code
                _JUDGED[answer.key, code] = ("crash", e)
    return _JUDGED[answer.key, code]


@pytest.mark.parametrize("answer", ANSWERS, ids=_id)
def test_feedback_on_a_learner_answer(answer, request):
    def report(outcome):
        request.node.user_properties.append(("learner answer", outcome))

    how, feedback = _judged(answer)
    if how == "cell fails":
        report("cell fails")
        pytest.skip(f"the learner's cell itself raises {type(feedback).__name__}; Python shows that error in the "
                    "notebook")
    if how == "crash":
        report("crash")
        raise feedback
    assert isinstance(feedback, Feedback)
    if answer.right:
        report("right, passed" if feedback.passed else "false reject")
        assert feedback.passed, f"a right answer was rejected: {feedback}"
        return
    if feedback.passed:
        report("false pass")
        pytest.fail(f"a wrong answer was accepted ({answer.mistake}): {feedback}")
    raw = RAW_TENSORFLOW_TEXT.search(feedback.message)
    missing = mentions(f"{feedback.status}: {feedback.message}", answer.must_mention)   # what the learner reads
    report("raw TensorFlow text" if raw else "specific" if not missing else "generic")
    assert not raw, f"raw TensorFlow text in feedback: {feedback.message}"
    assert not missing, f"feedback does not name the mistake ({answer.mistake}); missing {missing}: {feedback.message}"
    assert not answer.names or feedback.mistake == answer.names, (
        f"the feedback names {feedback.mistake!r}, the answer's author expected {answer.names!r}: {feedback.message}")
