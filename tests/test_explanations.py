"""Each rule of helpers.explanations, on its own: its example error is answered by that rule and no earlier one.

The rules are read in order and the first that matches answers, so a rule whose example an earlier
rule takes is dead: these tests name it. (tests/test_boundary.py raises the real errors through
TensorFlow and checks the whole path, learner's line included.)
"""

import pytest

from answer_kit import RAW_TENSORFLOW_TEXT
from helpers.boundary import explain
from helpers.explanations import RULES, Seen, first_line, short


def _seen(rule):
    return Seen(rule.example, str(rule.example), short(rule.example), rule.example_line)


@pytest.mark.parametrize("index", range(len(RULES)), ids=[f"{i:02d}-{r.key}" for i, r in enumerate(RULES)])
def test_a_rule_answers_its_own_example(index):
    rule = RULES[index]
    seen = _seen(rule)
    first = next(i for i, r in enumerate(RULES) if r.when(seen))
    assert first == index, f"rule {index} ({rule.key}) is shadowed by rule {first} ({RULES[first].key}): move it up"
    explanation = explain(rule.example, line=rule.example_line)
    assert explanation.mistake == rule.key
    assert len(explanation.message) > 40 and not RAW_TENSORFLOW_TEXT.search(explanation.message)
    assert "/" not in first_line("in /home/alice/x.py: " + str(rule.example)).split(":")[0]


def test_an_error_no_rule_knows_is_still_the_learners_in_one_sentence():
    explanation = explain(KeyError("weights"))
    assert explanation.mistake == "raised" and explanation.message == "your code raised KeyError: 'weights'"


def test_the_keys_are_few_and_named_in_snake_case():
    keys = {r.key for r in RULES}
    assert all(k.replace("_", "").isalpha() and k.islower() for k in keys)
    assert len(keys) < len(RULES), "several rules may share a key: the key names the mistake, the rule its form"
