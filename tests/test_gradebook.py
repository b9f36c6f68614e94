"""The gradebook: a class graded in sandboxes, hostile students included, and what the instructor gets.

One class is graded once, for real (``graded`` below): an honest student who solved two exercises,
then ``mallory``, whose cells try every way of reaching the grading machinery, ``mike``, whose cells
harm their own run (exit, kill the kernel, fork without end, take all memory, loop, flood the output),
an honest student with a wrong answer, and a file that is not JSON. The other tests use results
made by hand, so they are fast.
"""

from __future__ import annotations

import csv
import hashlib
import json
import shutil
from pathlib import Path

import pytest

from gradebook_submissions import HARMFUL, NOTEBOOK, TAMPERING, write_class
from instructor.gradebook import cli, grading, outputs, sandbox, scan, submissions

ROOT = Path(__file__).resolve().parents[1]
KEYS = ["02.x_sin_x", "02.multiply", "02.stable_log1pexp"]      # as notebook 02 asks them


def _tree_hash(folder: Path) -> str:
    digest = hashlib.sha256()
    for path in sorted(p for p in folder.rglob("*") if p.is_file() and "__pycache__" not in p.parts):
        digest.update(path.relative_to(folder).as_posix().encode() + path.read_bytes())
    return digest.hexdigest()


def _sandbox_or_skip():
    try:
        sandbox.check_available()
    except sandbox.SandboxUnavailable as error:
        import os

        if os.environ.get("CI") == "true":
            raise
        pytest.skip(str(error))


@pytest.fixture(scope="module")
def graded(tmp_path_factory):
    """(output folder, {student: result}, the submissions folder, its hash before grading)."""
    _sandbox_or_skip()
    root = tmp_path_factory.mktemp("class")
    submissions_dir = root / "submissions"
    write_class(submissions_dir)
    before = _tree_hash(submissions_dir)
    config = root / "gradebook.toml"
    # 6 s a cell: the endless loop's limit; the slowest honest cell (a first check) takes under 1 s, since the guard
    # has imported TensorFlow before any cell runs.
    config.write_text('[limits]\ncell_seconds = 6\nnotebook_seconds = 240\nmemory_mb = 3000\n'
                      '[points]\n"02.multiply" = 2\n')
    out = root / "out"
    assert cli.main([str(submissions_dir), "--out", str(out), "--jobs", "2", "--notebooks", "02",
                     "--config", str(config)]) == 0
    results = {p.parent.name: json.loads(p.read_text()) for p in (out / "results").glob("*/*.json")}
    return out, results, submissions_dir, before


def _rows(out: Path, name: str = "gradebook.csv") -> list[dict]:
    with open(out / name, newline="", encoding="utf-8") as f:
        return list(csv.DictReader(f))


def _status(out: Path, student: str, key: str) -> dict:
    return next(r for r in _rows(out) if r["student"] == student and r["exercise"] == key)


def test_honest_students_around_hostile_ones_get_exactly_their_grades(graded):
    out, results, _, _ = graded
    assert _status(out, "ann", "02.x_sin_x")["status"] == "passed"
    assert _status(out, "ann", "02.multiply")["points"] == "2.0", "weights from the config"
    assert _status(out, "ann", "02.stable_log1pexp")["status"] == "not attempted"
    zoe = _status(out, "zoe", "02.x_sin_x")
    assert (zoe["status"], zoe["mistake"]) == ("wrong", "upstream_ignored")
    assert not results["ann"]["tamper"] and not results["zoe"]["tamper"], "no false alarm on honest work"


def test_every_attempt_on_the_grading_machinery_is_reported_with_its_cell(graded):
    out, results, _, _ = graded
    evidence = results["mallory"]["tamper"]
    sources = results["mallory"]["sources"]
    for what, (code, word) in TAMPERING.items():
        cell = sources.index(code)
        found = [e for e in evidence if (e.get("source") == "scan" and e.get("cell") == cell)
                 or (e.get("source") == "guard" and e.get("code") and e["code"] in code)]
        assert found, f"mallory {what} (cell {cell + 1}) and nothing reported it: {evidence}"
        assert any(word.lower() in (e["what"] + e.get("code", "")).lower() for e in found), (what, found)
    assert any(e["source"] == "guard" for e in evidence), "the guard also saw tampering while the notebook ran"
    for key in KEYS:
        row = _status(out, "mallory", key)
        assert row["status"] == "tampered" and row["points"] == "0.0" and "cell" in row["message"], row


def test_no_forged_verdict_counts(graded):
    out, results, _, _ = graded
    forged = [v for v in results["mallory"]["verdicts"] if v["passed"]]
    assert not forged, f"a pass came through for mallory: {forged}"
    assert all(r["status"] != "passed" for r in _rows(out) if r["student"] == "mallory")


def test_what_a_submission_could_see_and_change(graded):
    out, results, submissions_dir, before = graded
    assert _tree_hash(submissions_dir) == before, "the submissions were changed while grading"
    executed = json.loads((out / "results" / "mallory" / "02_upstream_gradient.ipynb").read_text())
    text = json.dumps(executed)
    seen = next(line for line in text.split("\\n") if "others:" in line)
    assert "ann" not in seen and "zoe" not in seen and "mike" not in seen and "submissions" not in seen, seen
    assert seen.count(".ipynb") <= 1 and "'/root/.pyenv'" not in seen.replace("/root/.pyenv/versions", ""), (
        f"the sandbox showed more than the notebook's own copy and the Python environment: {seen}")
    assert "withheld" in text and "FileNotFoundError" in text, "the solutions are not on the disk it sees"
    assert "guard modules found: 0" in text, "the guard's module is out of the submission's reach"
    assert "OSError" in text or "ReadOnly" in text or "Read-only" in text or "PermissionError" in text
    assert (out / "course" / "student" / "helpers" / "exercises" / "core.py").read_text().count("raise SystemExit") == 0


def test_a_run_that_harms_itself_is_contained_and_the_rest_graded(graded):
    out, results, _, _ = graded
    mike = results["mike"]
    sources = mike["sources"]
    for what, (code, ends) in HARMFUL.items():
        status = mike["cells"][sources.index(code)]["status"]
        assert status in ((ends,) if isinstance(ends, str) else ends), f"mike's cell that {what} ended {status}"
    row = _status(out, "mike", "02.x_sin_x")
    assert (row["status"], row["mistake"]) == ("wrong", "upstream_ignored"), "the answer after them is graded"
    assert "skipped" in mike["status"]
    executed = json.loads((out / "results" / "mike" / "02_upstream_gradient.ipynb").read_text())
    assert len(json.dumps(executed)) < 2_000_000, "megabytes of output are cut"


def test_a_file_that_is_not_a_notebook_is_a_row_not_a_crash(graded):
    out, _, _, _ = graded
    assert {r["status"] for r in _rows(out) if r["student"] == "broken"} == {"unreadable"}


def test_one_row_per_student_with_totals_and_lms_files(graded):
    out, _, _, _ = graded
    grades = {r["student"]: r for r in _rows(out, "grades.csv")}
    assert sorted(grades) == ["ann", "broken", "mallory", "mike", "zoe"]
    assert (grades["ann"]["total"], grades["ann"]["max"], grades["ann"]["percent"]) == ("3", "4", "75.0")
    assert "tampered" in grades["mallory"]["notes"]
    canvas = _rows(out, "canvas.csv")
    assert list(canvas[0])[:5] == ["Student", "ID", "SIS User ID", "SIS Login ID", "Section"]
    assert {r["SIS User ID"] for r in canvas} == set(grades)
    moodle = _rows(out, "moodle.csv")
    assert list(moodle[0])[:4] == ["ID number", "Email address", "First name", "Last name"]
    feedback = (out / "feedback" / "mallory.md").read_text()
    assert "tampered" in feedback and "cell" in feedback
    assert "| 02.x_sin_x |" in (out / "report.md").read_text() and (out / "report.png").stat().st_size > 1000


def test_a_rerun_resumes_and_merging_shards_gives_the_same_gradebook(graded, tmp_path):
    out, _, submissions_dir, _ = graded
    said = []
    rows = cli.grade_class([submissions_dir], out, jobs=1, notebooks=["02"], say=said.append)
    assert any("already graded" in line and "resuming" in line for line in said), said
    assert not any("completed" in line for line in said), "nothing was graded twice"
    shards = []
    for k in (1, 2):
        part = tmp_path / f"shard{k}"
        part.mkdir()
        found = submissions.find([submissions_dir], cli.course_notebooks(ROOT))
        found.students = {s: v for s, v in found.students.items() if cli.shard_of(s, 2) == k - 1}
        cli.save_found(part, found)
        shutil.copytree(out / "results", part / "results", dirs_exist_ok=True)
        shards.append(part)
    merged = cli.merge(shards, tmp_path / "merged", notebooks=["02"])
    key = lambda r: (r.student, r.notebook, r.exercise, r.status, r.points)
    assert sorted(map(key, merged)) == sorted(map(key, rows))


# --------------------------------------------------------------------------- no sandbox, no grading
def test_without_a_sandbox_grading_refuses_and_says_what_to_do(tmp_path, monkeypatch, capsys):
    monkeypatch.setattr(sandbox.shutil, "which", lambda tool: None)
    (tmp_path / "alice").mkdir()
    shutil.copy(ROOT / "notebooks" / NOTEBOOK, tmp_path / "alice" / NOTEBOOK)
    assert cli.main([str(tmp_path), "--out", str(tmp_path / "out")]) == 2
    said = capsys.readouterr().err
    assert "bwrap is not installed" in said and "apt-get install bubblewrap" in said and "--unsafe" in said
    assert not (tmp_path / "out" / "results").exists()


def test_unsafe_grading_says_so_loudly(tmp_path, monkeypatch, capsys):
    monkeypatch.setattr(cli, "grade_class", lambda *a, **k: [])
    (tmp_path / "alice").mkdir()
    shutil.copy(ROOT / "notebooks" / NOTEBOOK, tmp_path / "alice" / NOTEBOOK)
    assert cli.main([str(tmp_path), "--out", str(tmp_path / "out"), "--unsafe"]) == 0
    assert "WITHOUT a sandbox" in capsys.readouterr().err


# --------------------------------------------------------------------------- finding submissions
def test_students_come_from_folders_file_names_or_a_roster(tmp_path):
    course = cli.course_notebooks(ROOT)
    (tmp_path / "alice").mkdir()
    shutil.copy(ROOT / "notebooks" / NOTEBOOK, tmp_path / "alice" / NOTEBOOK)
    shutil.copy(ROOT / "notebooks" / NOTEBOOK, tmp_path / "bob-02_upstream_gradient.ipynb")
    shutil.copy(ROOT / "notebooks" / NOTEBOOK, tmp_path / "carl_4711_02_upstream_gradient.ipynb")
    (tmp_path / "dana").mkdir()
    (tmp_path / "dana" / "homework1.ipynb").write_text("{}")
    (tmp_path / "dana" / "notes.txt").write_text("hello")
    shutil.copy(ROOT / "notebooks" / NOTEBOOK, tmp_path / NOTEBOOK)
    roster = tmp_path.parent / "roster.csv"
    roster.write_text("student,name,email\nalice,Alice A,a@x.edu\neve,Eve E,e@x.edu\n")
    found = submissions.find([tmp_path], course, submissions.read_roster(roster))
    assert {(s.student, s.number) for s in found.submissions} == {("alice", "02"), ("bob", "02"), ("carl_4711", "02")}
    assert sorted(found.students) == ["alice", "bob", "carl_4711", "dana", "eve"]
    assert found.students["alice"].name == "Alice A" and not found.students["bob"].on_roster
    reasons = {s.path.name: s.reason for s in found.skipped}
    assert "does not say which course notebook" in reasons["homework1.ipynb"] and "not a notebook" in reasons["notes.txt"]
    assert [s.student for s in found.skipped if s.path.name == NOTEBOOK] == [""], "a file of no student is not lost"
    assert "belongs to no student" in reasons[NOTEBOOK]
    rows = grading.missing("eve", NOTEBOOK, KEYS, {k: 1.0 for k in KEYS})
    assert {r.status for r in rows} == {"not submitted"}


def test_one_students_folder_or_one_notebook_is_graded_as_that_student(tmp_path):
    course = cli.course_notebooks(ROOT)
    (tmp_path / "alice").mkdir()
    shutil.copy(ROOT / "notebooks" / NOTEBOOK, tmp_path / "alice" / NOTEBOOK)
    for given in (tmp_path / "alice", tmp_path / "alice" / NOTEBOOK):
        found = submissions.find([given], course)
        assert [(s.student, s.number) for s in found.submissions] == [("alice", "02")], given


@pytest.mark.parametrize("roster, says", [("name\nalice\n", "a column named 'student'"),
                                          (None, "cannot be read")])
def test_a_bad_roster_says_what_to_write(tmp_path, roster, says):
    path = tmp_path / "roster.csv"
    if roster is not None:
        path.write_text(roster)
    with pytest.raises(submissions.SubmissionsError, match=says):
        submissions.read_roster(path)


# --------------------------------------------------------------------------- statuses, from results by hand
def _result(**changes) -> dict:
    sources = ["", "import helpers", 'check("02.x_sin_x", mine)', 'check("02.multiply", ...)']
    base = {"student": "s", "notebook": "s/02.ipynb", "number": "02", "status": "completed", "detail": "",
            "sources": sources, "cells": [{"status": "markdown"}, {"status": "ok"}, {"status": "ok"}, {"status": "ok"}],
            "verdicts": [], "tamper": []}
    return {**base, **changes}


def _verdict(key, passed, mistake=None, cell=2):
    return {"exercise": key, "passed": passed, "mistake": mistake, "message": "m", "cell_index": cell, "intact": True}


@pytest.mark.parametrize("change, status", [
    (dict(verdicts=[_verdict("02.x_sin_x", True)]), "passed"),
    (dict(verdicts=[_verdict("02.x_sin_x", False, "upstream_ignored")]), "wrong"),
    (dict(verdicts=[_verdict("02.x_sin_x", False, "not_attempted")]), "not attempted"),
    (dict(cells=[{"status": "markdown"}, {"status": "ok"}, {"status": "error", "error": "NameError: x"},
                 {"status": "ok"}]), "error"),
    (dict(cells=[{"status": "markdown"}, {"status": "ok"}, {"status": "timeout"}, {"status": "ok"}]), "timeout"),
    (dict(cells=[{"status": "markdown"}, {"status": "ok"}, {"status": "killed"}, {"status": "ok"}]), "error"),
    (dict(tamper=[{"what": "patches check", "cell": 1, "line": 1, "code": "check = 1", "source": "scan"}]),
     "tampered"),
    (dict(verdicts=[dict(_verdict("02.x_sin_x", True), intact=False)]), "not attempted"),
    (dict(status="unreadable: NotJSONError", detail="not JSON"), "unreadable"),
])
def test_each_status_from_what_happened(change, status):
    row = grading.grade(_result(**change), ["02.x_sin_x"], set(), {"02.x_sin_x": 1.0})[0]
    assert row.status == status and row.points == (1.0 if status == "passed" else 0.0)


def test_a_verdict_from_a_cell_as_the_course_wrote_it_is_not_the_learners():
    result = _result(verdicts=[_verdict("02.x_sin_x", True)])
    row = grading.grade(result, ["02.x_sin_x"], {'check("02.x_sin_x", mine)'}, {"02.x_sin_x": 1.0})[0]
    assert row.status == "not attempted" and "unchanged" in row.message


def test_the_class_report_of_sixty_students_names_the_top_mistakes(tmp_path):
    """Sixty simulated students: a row each with totals, and a report ordered by what to re-teach."""
    import random

    rng = random.Random(0)
    keys = ["02.x_sin_x", "02.multiply", "03.softmax_vjp"]
    students = {f"s{i:02d}": submissions.Student(f"s{i:02d}", name=f"Student {i}") for i in range(60)}
    rows = []
    for s in students:
        for key in keys:
            roll = rng.random()
            if key == "03.softmax_vjp" and roll < 0.6:
                rows.append(grading.Row(s, "03.ipynb", key, "wrong", "diagonal_only", max_points=1))
            elif roll < 0.1:
                rows.append(grading.Row(s, "02.ipynb", key, "wrong", "upstream_ignored", max_points=1))
            else:
                rows.append(grading.Row(s, "02.ipynb", key, "passed", points=1, max_points=1))
    rows.append(grading.Row("", "02.ipynb", "", grading.SKIPPED, message="it belongs to no student"))
    outputs.write_all(rows, students, keys, {"02": "The upstream gradient", "03": "Jacobians"}, tmp_path)
    grades = _rows(tmp_path, "grades.csv")
    assert len(grades) == 60 and all(r["max"] == "3" for r in grades)
    report = (tmp_path / "report.md").read_text()
    assert report.count("60 students") == 1 and "Skipped 02.ipynb, which belongs to no student" in report
    table = [line for line in report.splitlines() if line.startswith("| 0")]
    assert table[0].startswith("| 03.softmax_vjp") and "diagonal_only (" in table[0], "hardest first, its mistake named"
    canvas = _rows(tmp_path, "canvas.csv")
    assert [c for c in canvas[0] if c.startswith("Notebook")] == ["Notebook 02: The upstream gradient",
                                                                   "Notebook 03: Jacobians"]


# --------------------------------------------------------------------------- the static scan
@pytest.mark.parametrize("code, word", [(code, word) for code, word in TAMPERING.values()] + [
    ("import helpers\nhelpers.exercises.core.get = lambda k: None", "helpers"),
    ("import os\nos.environ['COURSE_HIDE_SOLUTIONS'] = '0'", "COURSE_HIDE_SOLUTIONS"),
    ("setattr(np, 'isclose', lambda *a: True)", "setattr"),
    ("import sys\nsys.modules['helpers.exercises'] = None", "sys.modules"),
    ("import gc\nthings = gc.get_objects()", "object"),
])
def test_the_scan_names_a_tampering_line(code, word):
    found = scan.scan(["import helpers\nimport numpy as np", code], set())
    assert found and any(word.lower() in (f.what + f.code).lower() for f in found), found
    assert all(f.cell == 1 for f in found)


def test_the_scan_is_quiet_on_the_course_and_on_every_solution():
    import nbformat

    from helpers.exercises import get, keys

    for path in sorted((ROOT / "notebooks").glob("*.ipynb")):
        cells = [c.source for c in nbformat.read(path, as_version=4).cells if c.cell_type == "code"]
        assert scan.scan(cells, set()) == [], path.name
    for key in keys():
        assert scan.scan([get(key).reveal().code], set()) == [], key
