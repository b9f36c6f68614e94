"""What the gradebook writes: the full table, one row per student, files for Canvas and Moodle, feedback, a report.

In the output folder:

- ``gradebook.csv``: every exercise of every student (columns ``student, notebook, exercise, status,
  mistake, points, max_points, message, notebook_status``), skipped files and missing notebooks included;
- ``grades.csv``: one row per student: a column of points per exercise, ``total``, ``max``,
  ``percent``, and ``notes`` (notebooks missing, files skipped, tampering);
- ``canvas.csv``: Canvas's gradebook import (Grades → Import): ``Student, ID, SIS User ID, SIS Login ID,
  Section``, then one column per notebook (its points; a new column becomes a new assignment), with
  the roster's fields;
- ``moodle.csv``: Moodle's grade import (Grades → Import → CSV file): ``ID number, Email address,
  First name, Last name``, then one column per notebook; map the identifier to "ID number" or
  "Email address" when importing;
- ``feedback/<student>.md``: each student's feedback, exercise by exercise, as the checker gave it;
- ``report.md`` and ``report.png``: the class report: per exercise, the pass rate and the most common
  mistakes with their counts, hardest first, to tell what to re-teach;
- ``gradebook.md``: a readable summary per student.
"""

from __future__ import annotations

import csv
from collections import Counter, defaultdict
from pathlib import Path

from .grading import COLUMNS, NOT_SUBMITTED, PASSED, SKIPPED, TAMPERED, Row
from .submissions import Student


def write_all(rows: list[Row], students: dict[str, Student], exercises: list[str], notebooks: dict[str, str],
              out: Path) -> None:
    """Every output, from the rows (``exercises`` in course order; ``notebooks``: {number: title})."""
    out.mkdir(parents=True, exist_ok=True)
    _write_csv(out / "gradebook.csv", COLUMNS, [r.as_dict() for r in rows])
    table = per_student(rows, students, exercises)
    _write_csv(out / "grades.csv", ["student", *exercises, "total", "max", "percent", "notes"], table)
    _write_lms(rows, students, notebooks, out)
    feedback = out / "feedback"
    feedback.mkdir(exist_ok=True)
    for student in students:
        (feedback / f"{_safe(student)}.md").write_text(student_feedback(student, rows), encoding="utf-8")
    report = class_report(rows, exercises)
    (out / "report.md").write_text(report, encoding="utf-8")
    report_plot(rows, exercises, out / "report.png")
    (out / "gradebook.md").write_text(summary(table, rows), encoding="utf-8")


def _write_csv(path: Path, fields: list[str], rows: list[dict]) -> None:
    with open(path, "w", newline="", encoding="utf-8") as f:
        writer = csv.DictWriter(f, fieldnames=fields)
        writer.writeheader()
        writer.writerows(rows)


def _safe(name: str) -> str:
    return "".join(c if c.isalnum() or c in "-_." else "_" for c in name) or "student"


def per_student(rows: list[Row], students: dict[str, Student], exercises: list[str]) -> list[dict]:
    """One dict per student: points per exercise, total, max, percent and notes."""
    by_student = defaultdict(list)
    for r in rows:
        by_student[r.student].append(r)
    out = []
    for student in students:
        mine = by_student.get(student, [])
        graded = {r.exercise: r for r in mine if r.exercise}
        total = sum(r.points for r in graded.values())
        most = sum(r.max_points for r in graded.values())
        notes = _notes(mine, students[student])
        out.append({"student": student, **{k: _points(graded.get(k)) for k in exercises}, "total": _number(total),
                    "max": _number(most), "percent": f"{100 * total / most:.1f}" if most else "", "notes": notes})
    return out


def _points(row: Row | None) -> str:
    return "" if row is None else _number(row.points)


def _number(value: float) -> str:
    return f"{value:g}"


def _notes(rows: list[Row], student: Student) -> str:
    notes = []
    missing = sorted({r.notebook for r in rows if r.status == NOT_SUBMITTED})
    if missing:
        notes.append("not submitted: " + ", ".join(missing))
    notes += [f"skipped {r.notebook}: {r.message}" for r in rows if r.status == SKIPPED]
    tampered = sorted({r.notebook for r in rows if r.status == TAMPERED})
    if tampered:
        notes.append("tampered: " + ", ".join(tampered))
    if not student.on_roster:
        notes.append("not on the roster")
    return "; ".join(notes)


def _write_lms(rows: list[Row], students: dict[str, Student], notebooks: dict[str, str], out: Path) -> None:
    scores = defaultdict(lambda: defaultdict(float))
    for r in rows:
        if r.exercise:
            scores[r.student][r.exercise.split(".")[0]] += r.points
    columns = [f"Notebook {n}: {title}" for n, title in notebooks.items()]
    canvas = [{"Student": s.name or s.student, "ID": s.id, "SIS User ID": s.sis_user_id or s.student,
               "SIS Login ID": s.sis_login_id, "Section": s.section,
               **{c: _number(scores[s.student][n]) for c, n in zip(columns, notebooks)}} for s in students.values()]
    _write_csv(out / "canvas.csv", ["Student", "ID", "SIS User ID", "SIS Login ID", "Section", *columns], canvas)
    moodle = []
    for s in students.values():
        first, _, last = (s.name or s.student).partition(" ")
        moodle.append({"ID number": s.id or s.student, "Email address": s.email, "First name": first,
                       "Last name": last, **{c: _number(scores[s.student][n]) for c, n in zip(columns, notebooks)}})
    _write_csv(out / "moodle.csv", ["ID number", "Email address", "First name", "Last name", *columns], moodle)


def student_feedback(student: str, rows: list[Row]) -> str:
    mine = [r for r in rows if r.student == student]
    total, most = sum(r.points for r in mine), sum(r.max_points for r in mine)
    lines = [f"# Feedback for {student}", "", f"Points: {_number(total)} of {_number(most)}.", ""]
    notebook = None
    for r in mine:
        if r.notebook != notebook:
            notebook = r.notebook
            lines += ["", f"## {notebook}", "", f"How it ran: {r.notebook_status}.", ""]
        label = f"**{r.exercise}**: " if r.exercise else ""
        mistake = f" ({r.mistake})" if r.mistake else ""
        lines.append(f"- {label}{r.status}{mistake}, {_number(r.points)}/{_number(r.max_points)}. {r.message}")
    return "\n".join(lines).rstrip() + "\n"


def class_report(rows: list[Row], exercises: list[str]) -> str:
    """Per exercise: how many passed, and the commonest mistakes among the rest, hardest exercise first."""
    stats = _exercise_stats(rows, exercises)
    lines = ["# Class report", "", f"{len({r.student for r in rows if r.student})} students, {len(exercises)} exercises. "
             "Hardest first: a low pass rate and one dominant mistake say what to teach again.", "",
             "| exercise | passed | attempted | pass rate | commonest mistakes |", "|---|---|---|---|---|"]
    for key, s in sorted(stats.items(), key=lambda item: (item[1]["rate"], item[0])):
        top = ", ".join(f"{m} ({n})" for m, n in s["mistakes"].most_common(3)) or "—"
        lines.append(f"| {key} | {s['passed']} | {s['attempted']} | {100 * s['rate']:.0f} % | {top} |")
    statuses = Counter(r.status for r in rows if r.exercise)
    lines += ["", "Statuses over all exercises: " + ", ".join(f"{k} {v}" for k, v in statuses.most_common()) + "."]
    lines += [f"- Skipped {r.notebook}, which belongs to no student: {r.message}" for r in rows if not r.student]
    return "\n".join(lines) + "\n"


def _exercise_stats(rows: list[Row], exercises: list[str]) -> dict[str, dict]:
    stats = {}
    for key in exercises:
        mine = [r for r in rows if r.exercise == key]
        attempted = [r for r in mine if r.status not in ("not attempted", NOT_SUBMITTED)]
        passed = sum(r.status == PASSED for r in mine)
        mistakes = Counter(r.mistake or r.status for r in attempted if r.status != PASSED)
        stats[key] = {"passed": passed, "attempted": len(attempted), "mistakes": mistakes,
                      "rate": passed / len(mine) if mine else 0.0}
    return stats


def report_plot(rows: list[Row], exercises: list[str], path: Path) -> None:
    """A bar per exercise: the share that passed, and the share of each of its two commonest mistakes."""
    import matplotlib

    matplotlib.use("Agg")
    import matplotlib.pyplot as plt

    stats = _exercise_stats(rows, exercises)
    order = sorted(stats, key=lambda k: (stats[k]["rate"], k))
    fig, ax = plt.subplots(figsize=(8, 0.35 * len(order) + 1.2))
    students = max(1, len({r.student for r in rows}))
    for y, key in enumerate(order):
        s = stats[key]
        ax.barh(y, s["rate"], color="#2da44e")
        left = s["rate"]
        for n, (mistake, count) in enumerate(s["mistakes"].most_common(2)):
            ax.barh(y, count / students, left=left, color=("#cf222e", "#fb8f44")[n])
            ax.text(left + count / students + 0.01, y, f"{mistake} ({count})", va="center", fontsize=7)
            left += count / students
    ax.set_yticks(range(len(order)), order, fontsize=8)
    ax.set_xlim(0, 1.6)
    ax.set_xlabel("share of students: passed (green), the two commonest mistakes (red, orange)")
    ax.set_title("What the class got right, and what to teach again")
    fig.tight_layout()
    fig.savefig(path, dpi=90, metadata={"Software": None})
    plt.close(fig)


def summary(table: list[dict], rows: list[Row]) -> str:
    lines = ["# Gradebook", "", "| student | total | max | percent | notes |", "|---|---|---|---|---|"]
    lines += [f"| {t['student']} | {t['total']} | {t['max']} | {t['percent']} | {t['notes']} |" for t in table]
    return "\n".join(lines) + "\n"
