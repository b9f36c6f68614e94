"""The gradebook (``python -m helpers.gradebook``), check()'s log and hidden solutions.

The notebooks graded here are built in a temporary folder: the course's notebook 02 as a learner
first sees it and with every solution pasted in, a short 02 with wrong answers and then a cell that
raises, and two 01s that need no TensorFlow: one that hangs and one whose exercise cells were
deleted. Each runs in its own kernel, as the gradebook runs a learner's notebooks, and the tests
read the CSV it writes.
"""

from __future__ import annotations

import contextlib
import io
import json
import shutil
import time
from pathlib import Path

import nbformat
import pytest

from helpers import gradebook
from helpers.exercises import HiddenSolution, Solution, SolutionsHidden, check, get, reveal
from helpers.gradebook import NOT_ATTEMPTED, NOT_YET, PASSED, Call, NotebookRun, Row, grade, main, read_csv

ROOT = Path(__file__).resolve().parents[1]
REAL = ROOT / "notebooks" / "02_upstream_gradient.ipynb"
KEYS = ["02.x_sin_x", "02.multiply", "02.stable_log1pexp"]      # as notebook 02 asks them


def real_notebook():
    return nbformat.read(REAL, as_version=4)


def setup_source() -> str:
    return next(c.source for c in real_notebook().cells if c.cell_type == "code" and "helpers.setup()" in c.source)


def notebook(*sources: str):
    nb = nbformat.v4.new_notebook()
    nb.cells = [nbformat.v4.new_markdown_cell("# A learner's notebook")]
    nb.cells += [nbformat.v4.new_code_cell(s) for s in sources]
    nb.metadata["kernelspec"] = {"display_name": "Python 3 (ipykernel)", "language": "python", "name": "python3"}
    return nb


def solution_cell(key: str) -> str:
    exercise = get(key)
    return f'{exercise.reveal().code}\n\ncheck("{key}", {exercise.answer_name})'


def with_solutions_pasted_in(nb):
    """The course's notebook with each exercise's stub cell replaced by the registry's solution."""
    for key in KEYS:
        stub = next(c for c in nb.cells if c.cell_type == "code" and f'check("{key}"' in c.source)
        stub.source = solution_cell(key)
    return nb


X_SIN_X_UNDECORATED = '''def x_sin_x(x):
    return x * tf.sin(x)

check("02.x_sin_x", x_sin_x)'''

X_SIN_X_UPSTREAM_IGNORED = '''@strict_custom_gradient
def x_sin_x(x):
    def grad(upstream):
        return tf.sin(x) + x * tf.cos(x)
    return x * tf.sin(x), grad

check("02.x_sin_x", x_sin_x)'''

MULTIPLY_SWAPPED = '''@strict_custom_gradient
def multiply(x, y):
    def grad(upstream):
        return upstream * x, upstream * y
    return x * y, grad

check("02.multiply", multiply)'''


def write(nb, path: Path) -> Path:
    path.parent.mkdir(parents=True, exist_ok=True)
    nbformat.write(nb, path)
    return path


def run_cli(*args) -> tuple[int, str, str]:
    out, err = io.StringIO(), io.StringIO()
    with contextlib.redirect_stdout(out), contextlib.redirect_stderr(err):
        code = main([str(a) for a in args])
    return code, out.getvalue(), err.getvalue()


@pytest.fixture(scope="module")
def graded(tmp_path_factory):
    """One gradebook over three learners' copies of notebook 02 (three kernels, one after another)."""
    base = tmp_path_factory.mktemp("learners")
    name = REAL.name
    (base / "fresh").mkdir()
    shutil.copy(REAL, base / "fresh" / name)                  # as a learner first sees it
    write(with_solutions_pasted_in(real_notebook()), base / "answered" / name)
    # Wrong answers (a first try at x_sin_x superseded by a second), a look at a solution (hidden
    # while grading), then a cell that raises (cell 7, counting the Markdown title), then the
    # exercise it keeps from running.
    write(notebook(setup_source(), X_SIN_X_UNDECORATED, X_SIN_X_UPSTREAM_IGNORED, MULTIPLY_SWAPPED,
                   'reveal("02.multiply")', "print(upstream_gradient)", solution_cell("02.stable_log1pexp")),
          base / "wrong" / name)
    out = base / "gradebook"
    start = time.perf_counter()
    code, stdout, stderr = run_cli(*(base / d for d in ("fresh", "answered", "wrong")), "--out", out,
                                   "--timeout", 120)
    print(f"gradebook of three notebooks: {time.perf_counter() - start:.1f} s")
    assert code == 0, stderr
    rows = read_csv(out / "gradebook.csv")
    return {"out": out, "stdout": stdout, "rows": rows,
            "by": {(r["notebook"].split("/")[0], r["exercise"]): r for r in rows}}


def test_csv_has_one_row_per_notebook_and_exercise(graded):
    rows = graded["rows"]
    assert list(rows[0]) == ["notebook", "exercise", "status", "mistake", "message", "notebook_status"]
    assert [(r["notebook"], r["exercise"]) for r in rows] == [
        (f"{d}/{REAL.name}", key) for d in ("fresh", "answered", "wrong") for key in KEYS]
    assert {r["status"] for r in rows} <= {PASSED, NOT_YET, NOT_ATTEMPTED}


def test_the_notebook_as_shipped_has_every_exercise_not_attempted(graded):
    # The course's own examples of feedback (check("02.stable_log1pexp", api_log1pexp)) are not answers.
    for key in KEYS:
        row = graded["by"]["fresh", key]
        assert (row["status"], row["mistake"], row["notebook_status"]) == (NOT_ATTEMPTED, "", "completed"), row
        assert row["message"] == "unchanged from the course's notebook: no answer written"


def test_every_solution_pasted_in_passes(graded):
    for key in KEYS:
        row = graded["by"]["answered", key]
        assert (row["status"], row["mistake"], row["notebook_status"]) == (PASSED, "", "completed"), row


def test_wrong_answers_are_not_yet_with_the_mistake_the_feedback_recognised(graded):
    by = graded["by"]
    assert (by["wrong", "02.x_sin_x"]["status"], by["wrong", "02.x_sin_x"]["mistake"]) == (NOT_YET, "upstream_ignored")
    assert "upstream" in by["wrong", "02.x_sin_x"]["message"]
    assert (by["wrong", "02.multiply"]["status"], by["wrong", "02.multiply"]["mistake"]) == (NOT_YET, "swapped")
    assert "swapped" in by["wrong", "02.multiply"]["message"]


def test_a_cell_that_raises_stops_the_notebook_and_later_exercises_are_not_reached(graded):
    by = graded["by"]
    assert {by["wrong", k]["notebook_status"] for k in KEYS} == {"error: NameError in cell 7"}
    assert by["wrong", "02.multiply"]["status"] == NOT_YET              # recorded before the error: kept
    after = by["wrong", "02.stable_log1pexp"]
    assert (after["status"], after["mistake"]) == (NOT_ATTEMPTED, "")
    assert after["message"] == ("not reached: the notebook stopped at cell 7 (NameError: name 'upstream_gradient' is "
                                "not defined)")


def test_gradebook_md_the_printed_table_and_the_executed_notebooks(graded):
    md = (graded["out"] / "gradebook.md").read_text()
    assert ("| wrong/02_upstream_gradient.ipynb | error: NameError in cell 7 | 0 of 3 passed, 2 not yet, "
            "1 not attempted |") in md
    assert "| 02.multiply | not yet | swapped |" in md
    summary = "answered/02_upstream_gradient.ipynb: completed; 3 of 3 passed, 0 not yet, 0 not attempted"
    assert summary in graded["stdout"]
    assert "✓ [02.multiply] Correct" in executed_output(graded["out"] / "executed" / "answered" / REAL.name)
    # Solutions are hidden in the gradebook's kernels.
    shown = executed_output(graded["out"] / "executed" / "wrong" / REAL.name)
    assert "Solutions are hidden for this run" in shown and "upstream * y" not in shown


def executed_output(path: Path) -> str:
    executed = nbformat.read(path, as_version=4)
    return "".join(str(o.get("data", {}).get("text/plain", "")) + str(o.get("text", ""))
                   for c in executed.cells if c.cell_type == "code" for o in c.outputs)


def test_a_notebook_that_hangs_or_crashes_is_stopped_and_deleted_exercise_cells_are_not_attempted(tmp_path):
    # No notebook here imports TensorFlow, so a 3-second limit is enough for the ones that finish.
    write(notebook("import time", "time.sleep(600)", 'check("01.local_sin", local_sin)'),
          tmp_path / "hangs" / "01_chain_rule.ipynb")
    write(notebook("x = 3", "print(x ** 2)"), tmp_path / "deleted" / "01_chain_rule.ipynb")
    write(notebook("import os", "os._exit(1)"), tmp_path / "crashes" / "01_chain_rule.ipynb")
    start = time.perf_counter()
    code, stdout, _ = run_cli(*(tmp_path / d for d in ("hangs", "deleted", "crashes")), "--out", tmp_path / "out",
                              "--timeout", 3)
    assert code == 0 and time.perf_counter() - start < 40
    rows = read_csv(tmp_path / "out" / "gradebook.csv")
    order = ["01.chain_derivative", "01.upstreams", "01.local_sin"]
    assert [(r["notebook"], r["exercise"]) for r in rows] == [
        (f"{d}/01_chain_rule.ipynb", key) for d in ("hangs", "deleted", "crashes") for key in order]
    for r in rows[:3]:
        assert (r["status"], r["notebook_status"]) == (NOT_ATTEMPTED, "timeout after 3 s in cell 3"), r
        assert r["message"].startswith("not reached: the notebook stopped at cell 3 (cell 3 was still running")
    for r in rows[3:6]:
        assert (r["status"], r["mistake"], r["notebook_status"]) == (NOT_ATTEMPTED, "", "completed"), r
        assert r["message"] == (f'no cell calls check("{r["exercise"]}", ...): the exercise\'s cell was deleted or '
                                "its check removed")
    for r in rows[6:]:
        assert (r["status"], r["notebook_status"]) == (NOT_ATTEMPTED, "error: the kernel died in cell 3"), r


# ----------------------------------------------------------------------------------------- grading rules, no kernel
def run_of(sources, calls, status="completed", stopped_at=None, detail=""):
    return NotebookRun(Path("02_upstream_gradient.ipynb"), "02", status=status, stopped_at=stopped_at, detail=detail,
                       calls=[Call(*c) for c in calls], sources=list(sources))


def test_the_learners_last_own_call_wins_and_course_cells_do_not_count():
    course = {"check(\"02.x_sin_x\", x_sin_x)", "check(\"02.multiply\", api)"}
    sources = ["setup", "mine 1", 'check("02.x_sin_x", x_sin_x)', "mine 2", 'check("02.multiply", api)']
    calls = [("02.x_sin_x", False, "upstream_ignored", "first try", 1),
             ("02.x_sin_x", True, None, "right", 3),
             ("02.x_sin_x", False, "not_attempted", "stub", 2),          # an unchanged course cell run later
             ("02.multiply", False, "swapped", "the course's example", 4)]
    rows = {r.exercise: r for r in grade(run_of(sources, calls), ["02.x_sin_x", "02.multiply"], course)}
    assert (rows["02.x_sin_x"].status, rows["02.x_sin_x"].message) == (PASSED, "right")
    assert (rows["02.multiply"].status, rows["02.multiply"].mistake) == (NOT_ATTEMPTED, "")
    # Without the course's notebook to compare with, every call counts.
    rows = {r.exercise: r for r in grade(run_of(sources, calls), ["02.x_sin_x", "02.multiply"], None)}
    assert (rows["02.x_sin_x"].status, rows["02.multiply"].status) == (NOT_ATTEMPTED, NOT_YET)


def test_an_edited_cell_that_still_raises_not_implemented_is_not_attempted():
    calls = [("02.x_sin_x", False, "not_attempted", "your code still raises NotImplementedError", 1)]
    [row] = grade(run_of(["setup", "edited"], calls), ["02.x_sin_x"], set())
    assert (row.status, row.mistake, row.message) == (NOT_ATTEMPTED, "", "your code still raises NotImplementedError")


def test_a_check_that_never_ran_is_told_apart_from_a_deleted_cell():
    sources = ["setup", '# check("02.x_sin_x", x_sin_x)']
    rows = {r.exercise: r for r in grade(run_of(sources, []), ["02.x_sin_x", "02.multiply"], set())}
    assert "never ran" in rows["02.x_sin_x"].message
    assert "deleted" in rows["02.multiply"].message


def test_after_an_error_verdicts_already_recorded_stay_and_later_exercises_are_not_reached():
    sources = ["setup", 'check("02.x_sin_x", x_sin_x)', "1 / 0", 'check("02.multiply", multiply)']
    run = run_of(sources, [("02.x_sin_x", False, "wrong_sign", "sign", 1)], status="error: ZeroDivisionError in cell 3",
                 stopped_at=2, detail="ZeroDivisionError: division by zero")
    rows = {r.exercise: r for r in grade(run, KEYS, set())}
    assert (rows["02.x_sin_x"].status, rows["02.x_sin_x"].mistake) == (NOT_YET, "wrong_sign")
    for key in ("02.multiply", "02.stable_log1pexp"):
        assert rows[key].status == NOT_ATTEMPTED
        assert rows[key].message == "not reached: the notebook stopped at cell 3 (ZeroDivisionError: division by zero)"
    assert {r.notebook_status for r in rows.values()} == {"error: ZeroDivisionError in cell 3"}


def test_markdown_escapes_pipes_and_newlines():
    md = gradebook.markdown([Row("a.ipynb", "02.x", NOT_YET, "m", "one | two\nthree", "completed")])
    assert "| 02.x | not yet | m | one \\| two three |" in md


def test_a_learners_file_is_matched_to_the_course_notebook_by_its_name():
    course = gradebook.course_notebooks()
    assert gradebook.notebook_number(Path("02_my_copy.ipynb"), course) == "02"
    assert gradebook.notebook_number(Path("alice-02_upstream_gradient.ipynb"), course) == "02"
    assert gradebook.notebook_number(Path("notes.ipynb"), course) is None
    assert gradebook.exercises_of("02", course) == KEYS


# ----------------------------------------------------------------------------------------- clear errors
@pytest.mark.parametrize("case, words", [
    ("missing", ["does not exist", "folder"]),
    ("empty folder", ["holds no course notebooks", "give the folder"]),
    ("text file", ["is not a notebook", ".ipynb"]),
    ("unnamed notebook", ["does not say which course notebook", "rename it"]),
    ("nothing", ["name a folder"]),
    ("bad timeout", ["--timeout must be a positive number"]),
])
def test_bad_input_gets_a_sentence_not_a_traceback(tmp_path, case, words):
    (tmp_path / "empty").mkdir()
    (tmp_path / "answers.txt").write_text("x = 1\n")
    write(notebook("x = 1"), tmp_path / "notes.ipynb")
    args = {"missing": [tmp_path / "nowhere"], "empty folder": [tmp_path / "empty"],
            "text file": [tmp_path / "answers.txt"], "unnamed notebook": [tmp_path / "notes.ipynb"], "nothing": [],
            "bad timeout": [tmp_path / "notes.ipynb", "--timeout", "0"]}[case]
    code, stdout, stderr = run_cli(*args, "--out", tmp_path / "out")
    assert code == 2
    assert stderr.startswith("gradebook: ") and "Traceback" not in stderr + stdout
    for word in words:
        assert word in stderr
    assert not (tmp_path / "out").exists()


def test_a_folder_skips_files_that_are_not_course_notebooks_and_says_so(tmp_path):
    write(notebook("x = 1"), tmp_path / "notes.ipynb")
    with pytest.raises(gradebook.GradebookError, match="holds no course notebooks"):
        gradebook.find_notebooks([str(tmp_path)], gradebook.course_notebooks())
    shutil.copy(REAL, tmp_path / REAL.name)
    found, notes = gradebook.find_notebooks([str(tmp_path)], gradebook.course_notebooks())
    assert found == [(tmp_path / REAL.name, "02")] and "skipped" in notes[0] and "notes.ipynb" in notes[0]
    found, _ = gradebook.find_notebooks([str(tmp_path), str(tmp_path / REAL.name)], gradebook.course_notebooks())
    assert found == [(tmp_path / REAL.name, "02")]                 # named twice, graded once


def test_an_unreadable_notebook_is_a_status_not_a_crash(tmp_path):
    (tmp_path / "02_upstream_gradient.ipynb").write_text("{ not json")
    code, stdout, _ = run_cli(tmp_path, "--out", tmp_path / "out")
    rows = read_csv(tmp_path / "out" / "gradebook.csv")
    assert code == 0 and [r["status"] for r in rows] == [NOT_ATTEMPTED] * 3
    assert rows[0]["notebook_status"].startswith("unreadable") and "could not be read" in rows[0]["message"]


# ----------------------------------------------------------------------------------------- check()'s log
def test_check_appends_one_json_line_per_call_when_the_log_is_set(tmp_path, monkeypatch):
    log = tmp_path / "checks.jsonl"
    monkeypatch.delenv("COURSE_GRADEBOOK_LOG", raising=False)
    check("00.warmup", 6)
    assert not log.exists()
    monkeypatch.setenv("COURSE_GRADEBOOK_LOG", str(log))
    check("00.warmup", 9)
    check("00.warmup", ...)
    check("00.warmup", 6)
    entries = [json.loads(line) for line in log.read_text().splitlines()]
    assert [(e["exercise"], e["passed"], e["mistake"]) for e in entries] == [
        ("00.warmup", False, "forward_value"), ("00.warmup", False, "not_attempted"), ("00.warmup", True, None)]
    assert all(e["message"] for e in entries)


def test_check_still_returns_feedback_when_the_log_cannot_be_written(tmp_path, monkeypatch):
    monkeypatch.setenv("COURSE_GRADEBOOK_LOG", str(tmp_path / "no such folder" / "checks.jsonl"))
    with pytest.warns(RuntimeWarning, match="gradebook will not see it"):
        feedback = check("00.warmup", 6)
    assert feedback.passed


# ----------------------------------------------------------------------------------------- hidden solutions
def test_reveal_shows_the_solution_when_solutions_are_not_hidden(monkeypatch):
    monkeypatch.delenv("COURSE_HIDE_SOLUTIONS", raising=False)
    solution = reveal("02.multiply")
    assert isinstance(solution, Solution) and "upstream * y" in str(solution)
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
