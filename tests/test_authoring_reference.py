"""docs/authoring-reference.md is generated from the code and kept up to date (make reference)."""

import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT / "tools"))

import authoring_reference  # noqa: E402


@pytest.fixture(scope="module")
def text():
    return authoring_reference.reference()


def test_the_reference_is_up_to_date(text):
    stored = (ROOT / "docs" / "authoring-reference.md").read_text(encoding="utf-8")
    assert stored == text, "docs/authoring-reference.md is out of date: run `make reference`"


def test_the_reference_names_every_exercise_and_every_rule(text):
    from helpers.exercises import keys
    from helpers.explanations import RULES

    assert all(f"### `{key}`" in text for key in keys())
    rows = [line for line in text.splitlines() if line.startswith("| `")]
    assert all(any(row.rstrip().endswith(f"| rule {i} |") for row in rows) for i in range(len(RULES)))
    for key in ("upstream_ignored", "wrong_shape", "transposed", "not_summed", "keyword_call", "variables_missing"):
        assert f"| `{key}` |" in text, f"{key} should be listed with its sentence"


def test_the_check_fails_when_the_file_differs(text, monkeypatch, tmp_path):
    monkeypatch.setattr(authoring_reference, "reference", lambda: text)
    monkeypatch.setattr(authoring_reference, "OUT", tmp_path / "reference.md")
    assert authoring_reference.main(["--check"]) == 1
    (tmp_path / "reference.md").write_text(text, encoding="utf-8")
    assert authoring_reference.main(["--check"]) == 0


def test_make_reference_is_the_command_the_error_names():
    makefile = (ROOT / "Makefile").read_text()
    assert "\nreference:" in makefile and "tools/authoring_reference.py" in makefile
