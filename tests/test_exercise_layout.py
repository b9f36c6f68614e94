"""Each exercise is whole: its module, its solution file, its answers file, and its place in the notebooks.

An exercise is written in one module (``helpers/exercises/<package>/<name>.py``), its solution in
``<name>_solution.py`` beside it and its tests in ``tests/answers/<package>/<name>.py``. These tests
fail when one of the parts is missing, and when the notebook side is forgotten: every registered
exercise must be asked in its notebook (a cell that calls ``check``), have a ``# reveal`` cell after
it that stays commented out, and a row in notebook 00's list of every exercise.
"""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest

from answer_kit import ANSWERS_DIR, all_mistakes, load
from helpers import exercises

ROOT = Path(__file__).resolve().parents[1]
KEYS = exercises.keys()


def _parts(key):
    exercise = exercises.get(key)
    package, name = exercise.module.split(".")[-2:]
    folder = ROOT / "helpers" / "exercises" / package
    return exercise, folder / f"{name}.py", folder / f"{name}_solution.py", ANSWERS_DIR / package / f"{name}.py"


def _notebook(number: str) -> list[dict]:
    (path,) = (ROOT / "notebooks").glob(f"{number}_*.ipynb")
    return json.loads(path.read_text(encoding="utf-8"))["cells"]


def _source(cell) -> str:
    return "".join(cell["source"])


@pytest.mark.parametrize("key", KEYS)
def test_an_exercise_has_its_module_solution_and_answers(key):
    exercise, module, solution, answers = _parts(key)
    assert module.is_file() and solution.is_file(), f"{key}: write {module.name} and {solution.name}"
    assert answers.is_file(), f"{key}: its tests go in {answers.relative_to(ROOT)}"
    assert exercise.key in module.read_text(encoding="utf-8")
    loaded = load(answers)
    assert loaded.KEY == key and all(a.key == key for a in loaded.ANSWERS), f"{answers.name} holds another exercise"
    assert len(loaded.ANSWERS) >= 8, f"{key}: at least eight answers from the learner's side"
    assert set(loaded.MISTAKES) == set(exercise.mistakes), (
        f"{key}: MISTAKES in {answers.name} must hold one wrong answer for each mistake the exercise declares")


def test_every_answers_file_belongs_to_an_exercise():
    mistakes = all_mistakes()
    assert set(mistakes) <= set(KEYS), f"answers for exercises that do not exist: {set(mistakes) - set(KEYS)}"
    solutions = {p.name.removesuffix("_solution.py") for p in (ROOT / "helpers" / "exercises").glob("*/*_solution.py")}
    modules = {exercises.get(k).module.rsplit(".", 1)[1] for k in KEYS}
    assert solutions == modules, f"solution files without an exercise: {solutions - modules}"


@pytest.mark.parametrize("key", KEYS)
def test_every_exercise_is_asked_revealed_on_purpose_and_listed(key):
    cells = _notebook(key.split(".")[0])
    checks = [i for i, c in enumerate(cells) if c["cell_type"] == "code" and re.search(
        rf"""check\(\s*["']{re.escape(key)}["']""", _source(c))]
    assert checks, f"{key}: its notebook has no cell that calls check({key!r}, ...)"
    reveals = [i for i, c in enumerate(cells) if c["cell_type"] == "code" and f'reveal("{key}")' in _source(c)]
    assert reveals and reveals[0] > checks[0], f"{key}: a cell `# reveal(\"{key}\")` belongs after the exercise"
    for i in reveals:
        for line in _source(cells[i]).splitlines():
            if f'reveal("{key}")' in line:
                assert line.lstrip().startswith("#"), f"{key}: the reveal cell must stay commented out"
    listing = "".join(_source(c) for c in _notebook("00") if c["cell_type"] == "markdown")
    assert f"`{key}`" in listing, f"{key}: add a row to notebook 00's list of every exercise"


def test_notebook_00_lists_no_exercise_that_does_not_exist():
    listing = "".join(_source(c) for c in _notebook("00") if c["cell_type"] == "markdown")
    listed = set(re.findall(r"`(\d\d\.\w+)`", listing))
    assert listed <= set(KEYS), f"notebook 00 lists {listed - set(KEYS)}"


def test_every_count_of_exercises_in_the_docs_is_right():
    for path in [ROOT / "README.md", *sorted((ROOT / "docs").glob("*.md")), ROOT / "CONTRIBUTING.md"]:
        if path.is_file():
            for count in re.findall(r"\b(\d+) exercises\b", path.read_text(encoding="utf-8")):
                assert int(count) == len(KEYS), f"{path.name} says {count} exercises; the course has {len(KEYS)}"
