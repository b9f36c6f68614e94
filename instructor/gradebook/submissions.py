"""Who submitted what: students, their notebooks, and the files the gradebook cannot use, with the reason.

A submissions folder may hold

- a folder per student (``submissions/alice/02_upstream_gradient.ipynb``): the folder's name is the
  student;
- files named by student (``submissions/alice-02_upstream_gradient.ipynb``, or an LMS download such as
  ``alice_1234_02_upstream_gradient.ipynb``): what comes before the course notebook's name is the
  student;
- or one student's notebooks (``python -m instructor.gradebook alice/``): the folder is the student.

A notebook is recognised by the course notebook it copies: its name starts with ``NN_`` or contains
the course notebook's name. A roster (a CSV with a ``student`` column, and optionally ``name``,
``email``, ``id``, ``sis_user_id``, ``sis_login_id``, ``section``) names every student, so those who
submitted nothing get rows too.
"""

from __future__ import annotations

import csv
import re
from dataclasses import dataclass, field
from pathlib import Path

_NUMBERED = re.compile(r"^(\d\d)_")


class SubmissionsError(Exception):
    """Input the gradebook cannot use; the message says what to do."""


@dataclass(frozen=True)
class Submission:
    student: str
    number: str
    path: Path
    name: str
    """The notebook as the outputs name it: its path relative to the submissions' folder."""


@dataclass(frozen=True)
class Skipped:
    student: str
    path: Path
    reason: str


@dataclass
class Student:
    """A student as the roster gives them (or as found, with only an id)."""

    student: str
    name: str = ""
    email: str = ""
    id: str = ""
    sis_user_id: str = ""
    sis_login_id: str = ""
    section: str = ""
    on_roster: bool = True


@dataclass
class Found:
    students: dict[str, Student] = field(default_factory=dict)
    submissions: list[Submission] = field(default_factory=list)
    skipped: list[Skipped] = field(default_factory=list)
    roster: bool = False
    """Whether a roster named the students (then a student found but not on it is noted)."""


def course_numbers(course_notebooks: dict[str, Path]) -> dict[str, str]:
    """{course notebook stem: its number}, e.g. {"02_upstream_gradient": "02"}."""
    return {path.stem: number for number, path in course_notebooks.items()}


def _match(filename: str, stems: dict[str, str]) -> tuple[str, str] | None:
    """(number, what comes before the course notebook's name) for a file named after a course notebook."""
    stem = Path(filename).stem
    for course_stem, number in sorted(stems.items(), key=lambda item: -len(item[0])):
        at = stem.find(course_stem)
        if at >= 0:
            return number, stem[:at].strip(" _-.")
    match = _NUMBERED.match(stem)
    if match and match.group(1) in stems.values():
        return match.group(1), ""
    return None


def read_roster(path: Path) -> dict[str, Student]:
    """The students of a roster CSV, by their ``student`` id (the name of their folder or file prefix)."""
    try:
        with open(path, newline="", encoding="utf-8-sig") as f:
            rows = list(csv.DictReader(f))
    except OSError as error:
        raise SubmissionsError(f"the roster {path} cannot be read ({error.strerror}): give a CSV file") from None
    if not rows or "student" not in rows[0]:
        raise SubmissionsError(f"the roster {path} needs a column named 'student' (the name of each student's folder, "
                               "or the prefix of their files); name, email, id, sis_user_id, sis_login_id and "
                               "section are optional")
    fields = set(Student.__dataclass_fields__) - {"on_roster"}
    return {row["student"].strip(): Student(**{k: (row.get(k) or "").strip() for k in fields})
            for row in rows if (row.get("student") or "").strip()}


def find(paths: list[Path], course_notebooks: dict[str, Path], roster: dict[str, Student] | None = None) -> Found:
    """The students, their notebooks and the skipped files under ``paths`` (folders or notebook files)."""
    if not paths:
        raise SubmissionsError("name the folder of submissions, e.g. `python -m instructor.gradebook submissions/`")
    stems = course_numbers(course_notebooks)
    found = Found(students=dict(roster or {}), roster=roster is not None)
    for given in paths:
        if not given.exists():
            raise SubmissionsError(f"{given} does not exist: give the folder that holds the submissions (a folder "
                                   "per student, or files named like alice-02_upstream_gradient.ipynb)")
        if given.is_file():
            _add_file(found, given, given.parent, stems, given.parent.name)
        elif _one_students_folder(given, stems):
            _add_folder(found, given, given.parent, stems, given.name)
        else:
            for entry in sorted(given.iterdir()):
                if entry.is_dir() and not entry.name.startswith("."):
                    _add_folder(found, entry, given, stems, entry.name)
                elif entry.is_file() and not entry.name.startswith("."):
                    _add_file(found, entry, given, stems, None)
    if not found.submissions and not found.skipped and not found.students:
        raise SubmissionsError(f"{', '.join(map(str, paths))} holds no notebooks: give the folder of submissions")
    return found


def _one_students_folder(folder: Path, stems: dict[str, str]) -> bool:
    """A folder of course notebooks under their own names and no sub-folders: one student's, not a class's."""
    entries = [p for p in folder.iterdir() if not p.name.startswith(".")]
    matches = [_match(p.name, stems) for p in entries if p.suffix == ".ipynb"]
    return (any(m and not m[1] for m in matches) and not any(m and m[1] for m in matches)
            and not any(p.is_dir() for p in entries))


def _add_folder(found: Found, folder: Path, base: Path, stems: dict[str, str], student: str) -> None:
    files = sorted(p for p in folder.rglob("*") if p.is_file() and not any(part.startswith(".") for part in p.parts))
    if not files:
        found.skipped.append(Skipped(student, folder, "the folder is empty"))
    for path in files:
        _add_file(found, path, base, stems, student)
    _student(found, student)


def _add_file(found: Found, path: Path, base: Path, stems: dict[str, str], student: str | None) -> None:
    matched = _match(path.name, stems) if path.suffix == ".ipynb" else None
    owner = student if student is not None else (matched[1] if matched and matched[1] else "")
    if not owner:          # a file beside the students' folders that names no student (a roster, a README)
        found.skipped.append(Skipped("", path, "it belongs to no student (name a student's file like "
                                               "alice-02_upstream_gradient.ipynb, or put it in the student's folder)"))
        return
    if path.suffix != ".ipynb":
        found.skipped.append(Skipped(owner, path, "not a notebook (.ipynb)"))
    elif matched is None:
        found.skipped.append(Skipped(owner, path, "its name does not say which course notebook it is (name it like "
                                                   "the course's, e.g. 02_upstream_gradient.ipynb)"))
    else:
        name = path.relative_to(base).as_posix() if path.is_relative_to(base) else path.name
        earlier = [s for s in found.submissions if s.student == owner and s.number == matched[0]]
        if earlier:
            found.skipped.append(Skipped(owner, path, f"a second copy of notebook {matched[0]}: "
                                                      f"{earlier[0].name} is graded"))
        else:
            found.submissions.append(Submission(owner, matched[0], path, name))
    _student(found, owner)


def _student(found: Found, student: str) -> None:
    if student not in found.students:
        found.students[student] = Student(student, on_roster=not found.roster)
