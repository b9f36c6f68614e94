"""Every exercise accepts its solution and names each mistake it claims to recognise.

WRONG_ANSWERS lists, per exercise, one wrong answer for every mistake key the
exercise declares; a test fails when an exercise declares a mistake nobody
tested, so the list grows with the course.
"""

import pytest
import tensorflow as tf

from helpers import exercises
from helpers.exercises import Feedback, check, reveal

WRONG_ANSWERS = {
    "00.warmup": {"forward_value": 9, "factor": 3, "missing_x": 2},
    "01.chain_derivative": {"upstream_ignored": 6, "outer_only": 162, "added": 186, "forward_value": 6561,
                            "factor": 4374},
    "01.upstreams": {"reversed": [2916, 162, 1], "downstream": [162, 2916, 17496], "local": [162, 18, 6],
                     "upstream_ignored": [1, 1, 1]},
    "01.local_sin": {"wrong_sign": lambda x: -tf.cos(x), "forward_value": tf.sin,
                     "wrong_function": lambda x: -tf.sin(x),
                     "whole_chain": lambda x: 2 * tf.sin(x) * tf.cos(x)},
}


def test_every_exercise_has_tests_for_each_mistake_it_claims():
    for key in exercises.keys():
        assert key in WRONG_ANSWERS, f"add wrong answers for {key}"
        assert set(WRONG_ANSWERS[key]) == set(exercises.get(key).mistakes), key


@pytest.mark.parametrize("key", exercises.keys())
def test_the_solution_passes(key):
    feedback = check(key, reveal(key).answer)
    assert feedback.passed, feedback
    assert str(feedback).startswith(f"✓ [{key}] Correct")


@pytest.mark.parametrize("key,mistake", [(k, m) for k, ms in WRONG_ANSWERS.items() for m in ms])
def test_each_recognised_mistake_gets_its_own_feedback(key, mistake):
    feedback = check(key, WRONG_ANSWERS[key][mistake])
    assert not feedback.passed
    assert feedback.mistake == mistake, feedback
    assert "Not yet" in str(feedback)


@pytest.mark.parametrize("key", exercises.keys())
def test_stubs_are_met_with_a_reminder(key):
    def stub(*args):
        raise NotImplementedError
    for placeholder in (..., None, [...], stub):
        feedback = check(key, placeholder)
        if feedback.mistake != "not_attempted":
            # Number exercises cannot take a function: they say so instead.
            assert placeholder is stub and not feedback.passed
        else:
            assert "Not attempted yet" in str(feedback)


def test_unknown_wrong_answer_gets_general_feedback():
    feedback = check("01.chain_derivative", 12)
    assert not feedback.passed and feedback.mistake is None and "one link at a time" in feedback.message


def test_feedback_renders_as_html_and_text():
    feedback = check("00.warmup", 6)
    assert isinstance(feedback, Feedback) and bool(feedback)
    assert "✓ Correct" in feedback._repr_html_()


def test_unknown_key_lists_the_existing_ones():
    with pytest.raises(KeyError, match="01.chain_derivative"):
        check("01.nonexistent", 1)


def test_solutions_render_as_code():
    solution = reveal("01.local_sin")
    assert solution._repr_markdown_().startswith("**Solution to `01.local_sin`**")
    assert "tf.cos" in str(solution)
