"""Solutions: revealed on purpose, hidden as a courtesy during an assessed session, withheld in a student edition.

And every verdict ``check`` gives is announced as an audit event, which the gradebook's guard reads.
"""

import sys

import pytest

from helpers.exercises import (HiddenSolution, Solution, SolutionsHidden, WithheldSolution, check, core, get,
                               reveal)


def test_reveal_shows_the_solution_when_solutions_are_not_hidden(monkeypatch):
    monkeypatch.delenv("COURSE_HIDE_SOLUTIONS", raising=False)
    solution = reveal("02.multiply")
    assert isinstance(solution, Solution) and "upstream * y" in str(solution)
    assert "import" not in solution.code, "reveal shows what the learner writes, not the file's imports"
    assert check("02.multiply", solution.answer).passed
    monkeypatch.setenv("COURSE_HIDE_SOLUTIONS", "0")
    assert isinstance(reveal("02.multiply"), Solution)


@pytest.mark.parametrize("value", ["1", "true", "yes"])
def test_reveal_says_solutions_are_hidden_in_an_assessed_run(monkeypatch, value):
    monkeypatch.setenv("COURSE_HIDE_SOLUTIONS", value)
    hidden = reveal("02.multiply")
    assert isinstance(hidden, HiddenSolution)
    for text in (str(hidden), repr(hidden), hidden._repr_markdown_()):
        assert "hidden for this run" in text and "02.multiply" in text and "upstream" not in text
    assert not hasattr(hidden, "code")
    with pytest.raises(SolutionsHidden, match="hidden for this run"):
        hidden.answer
    with pytest.raises(KeyError, match="02.multiply"):       # a typo is still named, hidden or not
        reveal("02.multiplyy")


def test_an_edition_without_the_solution_file_says_the_instructor_withholds_it(monkeypatch):
    monkeypatch.delenv("COURSE_HIDE_SOLUTIONS", raising=False)
    monkeypatch.setattr(core.Exercise, "solution_source", lambda self: None)
    withheld = reveal("02.x_sin_x")
    assert isinstance(withheld, WithheldSolution)
    assert "withheld by your instructor" in str(withheld) and "check() still gives feedback" in str(withheld)
    with pytest.raises(SolutionsHidden, match="withheld"):
        withheld.answer
    assert "withheld" in withheld._repr_markdown_()


def test_every_verdict_is_announced_as_an_audit_event():
    heard = []
    listening = [True]

    def hook(event, args):
        if listening[0] and event == core.VERDICT_EVENT:
            heard.append(args)

    sys.addaudithook(hook)                 # (hooks cannot be removed: this one goes quiet at the end)
    try:
        feedback = check("00.warmup", 9)
    finally:
        listening[0] = False
    assert heard == [("00.warmup", False, "forward_value", feedback.message)]
    assert get("00.warmup").check(6).passed and len(heard) == 1, "Exercise.check alone announces nothing"
