"""From what happened in a notebook to a status and points for every exercise.

A status is one of:

- ``passed``: the course's own ``check`` judged the learner's answer right (a verdict signed by the
  guard, from a cell the learner wrote or changed);
- ``wrong``: it judged the answer wrong; the mistake it recognised is given;
- ``not attempted``: no answer yet (the stub as shipped, or the exercise's cell deleted);
- ``error``: the exercise's cell raised before ``check`` could judge, or stopped the kernel;
- ``timeout``: the exercise's cell ran past its time limit;
- ``tampered``: something in the notebook reached for the grading machinery (every exercise of that
  notebook: the instructor reads the evidence and decides);
- ``not submitted``: the student handed in no copy of the notebook;
- ``unreadable``: the file is not a notebook.

The learner's last own verdict for an exercise counts. A call of ``check`` in a cell exactly as the
course wrote it (the untouched stub, the course's own examples of feedback on a wrong answer) is
not the learner's answer.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field

from .scan import normalise

PASSED, WRONG, NOT_ATTEMPTED, ERROR, TIMEOUT, TAMPERED, NOT_SUBMITTED, UNREADABLE, SKIPPED = (
    "passed", "wrong", "not attempted", "error", "timeout", "tampered", "not submitted", "unreadable", "skipped")
STATUSES = (PASSED, WRONG, NOT_ATTEMPTED, ERROR, TIMEOUT, TAMPERED, NOT_SUBMITTED, UNREADABLE)
COLUMNS = ["student", "notebook", "exercise", "status", "mistake", "points", "max_points", "message",
           "notebook_status"]


@dataclass
class Row:
    """One exercise of one student (or a skipped file: no exercise)."""

    student: str
    notebook: str
    exercise: str
    status: str
    mistake: str = ""
    points: float = 0.0
    max_points: float = 0.0
    message: str = ""
    notebook_status: str = ""
    evidence: list = field(default_factory=list)

    def as_dict(self) -> dict:
        return {c: getattr(self, c) for c in COLUMNS}


def check_cells(key: str, sources: list[str]) -> list[int]:
    """The cells that call ``check`` on exercise ``key``."""
    pattern = re.compile(rf"""check\(\s*["']{re.escape(key)}["']""")
    return [i for i, s in enumerate(sources) if pattern.search(s)]


def grade(result: dict, exercises: list[str], course_cells: set[str], points: dict[str, float]) -> list[Row]:
    """One row per exercise of the notebook ``result`` describes."""
    base = dict(student=result["student"], notebook=result["notebook"], notebook_status=result["status"])
    if result["status"].startswith("unreadable"):
        return [Row(exercise=k, status=UNREADABLE, max_points=points[k], message=result["detail"], **base)
                for k in exercises]
    if result["tamper"]:
        message = "; ".join(evidence_line(e) for e in result["tamper"][:5])
        more = f" (and {len(result['tamper']) - 5} more)" if len(result["tamper"]) > 5 else ""
        return [Row(exercise=k, status=TAMPERED, max_points=points[k], message=message + more,
                    evidence=result["tamper"], **base) for k in exercises]
    sources = result["sources"]
    own = [v for v in result["verdicts"] if v.get("intact", True) and v.get("cell_index") is not None
           and normalise(sources[v["cell_index"]]) not in course_cells]
    rows = []
    for key in exercises:
        mine = [v for v in own if v["exercise"] == key]
        if mine:
            rows.append(_judged(mine[-1], key, points[key], base))
        else:
            rows.append(_unjudged(key, result, course_cells, points[key], base))
    return rows


def _judged(verdict: dict, key: str, weight: float, base: dict) -> Row:
    if verdict["passed"]:
        return Row(exercise=key, status=PASSED, points=weight, max_points=weight, message=verdict["message"], **base)
    status = NOT_ATTEMPTED if verdict.get("mistake") == "not_attempted" else WRONG
    return Row(exercise=key, status=status, mistake=verdict.get("mistake") or "", max_points=weight,
               message=verdict["message"], **base)


def _unjudged(key: str, result: dict, course_cells: set[str], weight: float, base: dict) -> Row:
    """No verdict from the learner's own cells: why (the cell raised, timed out, stopped the kernel, or is the stub)."""
    sources, cells = result["sources"], result["cells"]
    where = check_cells(key, sources)
    if not where:
        return Row(exercise=key, status=NOT_ATTEMPTED, max_points=weight,
                   message="the notebook has no cell that calls check on this exercise (deleted?)", **base)
    for i in reversed(where):
        cell = cells[i] if i < len(cells) else {"status": "not run"}
        if cell["status"] == "killed":
            return Row(exercise=key, status=ERROR, max_points=weight, message=f"cell {i + 1} stopped the kernel, "
                       "so the gradebook skipped it (a crash, os._exit, or past a limit)", **base)
        if cell["status"] == "timeout":
            return Row(exercise=key, status=TIMEOUT, max_points=weight,
                       message=f"cell {i + 1} was still running when its time was up", **base)
        if cell["status"] == "error":
            return Row(exercise=key, status=ERROR, max_points=weight,
                       message=f"cell {i + 1} raised {cell.get('error', 'an error')} before check ran", **base)
    if all(normalise(sources[i]) in course_cells for i in where):
        return Row(exercise=key, status=NOT_ATTEMPTED, max_points=weight,
                   message="unchanged from the course's notebook: no answer written", **base)
    return Row(exercise=key, status=NOT_ATTEMPTED, max_points=weight,
               message="the exercise's cell ran but check gave no verdict (is the call commented out?)", **base)


def evidence_line(evidence: dict) -> str:
    """One piece of evidence of tampering, as the instructor reads it: what, and where."""
    where = []
    if evidence.get("cell") is not None and evidence.get("source") == "scan":
        where.append(f"cell {evidence['cell'] + 1}")
    elif evidence.get("cell") is not None:
        run = "by" if evidence.get("after") else "in"
        where.append(f"{run} the cell run as [{evidence['cell']}]")
    if evidence.get("line"):
        where.append(f"line {evidence['line']}")
    code = f": {evidence['code']}" if evidence.get("code") else ""
    return f"{evidence['what']} ({', '.join(where) or 'found while grading'}{code})"


def missing(student: str, notebook: str, exercises: list[str], points: dict[str, float]) -> list[Row]:
    return [Row(student, notebook, k, NOT_SUBMITTED, max_points=points[k], message="no copy of this notebook was "
                "handed in", notebook_status="not submitted") for k in exercises]
