"""How long the gradebook takes for a class: one run per number of parallel jobs, figures printed.

    python benchmarks/gradebook_benchmark.py [--students 12] [--notebooks 02,04] [--jobs 1,2]

Builds a class of ``--students`` students, each handing in the course's notebooks ``--notebooks``
with every exercise answered (two students in three with the solution, the others leaving the
stubs), grades it with ``instructor.gradebook`` in its sandboxes once per value of ``--jobs``, and
prints the wall time, the time per notebook, and what that means for a class of 60 handing in
every notebook. The first run also builds the student edition the gradebook grades against; that
is timed apart. Needs bubblewrap, as ``make test`` does.
"""

from __future__ import annotations

import argparse
import shutil
import sys
import tempfile
import time
from pathlib import Path

import nbformat

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from helpers.exercises import get, keys  # noqa: E402
from instructor.gradebook import cli  # noqa: E402


def answered(path: Path, solve: bool):
    """The course notebook at ``path`` with each exercise's stub replaced by its solution (if ``solve``)."""
    nb = nbformat.read(path, as_version=4)
    if not solve:
        return nb
    for cell in nb.cells:
        for key in keys():
            if cell.cell_type == "code" and f'check("{key}"' in cell.source and "NotImplementedError" in cell.source:
                exercise = get(key)
                cell.source = f'{exercise.reveal().code}\n\ncheck("{key}", {exercise.answer_name})'
    return nb


def write_class(folder: Path, students: int, numbers: list[str]) -> int:
    """``students`` folders of submissions; the number of notebooks written."""
    course = cli.course_notebooks(ROOT)
    for i in range(students):
        mine = folder / f"student{i:03d}"
        mine.mkdir(parents=True)
        for number in numbers:
            nbformat.write(answered(course[number], solve=i % 3 != 2), mine / course[number].name)
    return students * len(numbers)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--students", type=int, default=12)
    parser.add_argument("--notebooks", default="02,04", help="course notebooks handed in, e.g. 02,04")
    parser.add_argument("--jobs", default="1,2", help="numbers of parallel jobs to time, e.g. 1,2")
    args = parser.parse_args(argv)
    numbers = args.notebooks.split(",")
    with tempfile.TemporaryDirectory() as scratch:
        scratch = Path(scratch)
        count = write_class(scratch / "submissions", args.students, numbers)
        start = time.perf_counter()
        cli._student_edition(scratch / "edition", say=lambda line: None)
        edition_seconds = time.perf_counter() - start
        print(f"{args.students} students × notebooks {', '.join(numbers)} = {count} notebooks; "
              f"student edition built in {edition_seconds:.1f} s (once per output folder)")
        print(f"{'jobs':>4}  {'wall time':>10}  {'per notebook':>12}  {'60 students × 11 notebooks':>27}")
        for jobs in (int(j) for j in args.jobs.split(",")):
            out = scratch / f"out-{jobs}"
            shutil.copytree(scratch / "edition", out)                # the edition, not the grading, is reused
            start = time.perf_counter()
            rows = cli.grade_class([scratch / "submissions"], out, jobs=jobs, notebooks=numbers, say=lambda line: None)
            seconds = time.perf_counter() - start
            passed = sum(r.status == "passed" for r in rows)
            per = seconds / count
            print(f"{jobs:>4}  {seconds:>9.1f}s  {per:>11.1f}s  {per * 60 * 11 / 60:>22.0f} min"
                  f"   ({passed} exercises passed of {sum(bool(r.exercise) for r in rows)})")
    return 0


if __name__ == "__main__":
    sys.exit(main())
