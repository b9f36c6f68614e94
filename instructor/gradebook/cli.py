"""The gradebook's command line: grade a class, in parallel, resumable, shardable over machines.

    python -m instructor.gradebook SUBMISSIONS [--out DIR] [--jobs N] [--roster CSV] [--config TOML]
                                   [--notebooks 02,03] [--shard K/N] [--unsafe]
    python -m instructor.gradebook merge OUT1 OUT2 ... --out DIR

Each notebook is graded in a process of its own (``runner.py``) and its result written to
``DIR/results/<student>/<notebook>.json`` as soon as it finishes: a rerun skips what is done, so an
interrupted run resumes. ``--shard K/N`` grades the K-th of N parts of the class (students are
split by a hash of their id), for several machines or a batch scheduler's array job; ``merge``
collects the parts' results into one gradebook. The outputs are described in ``outputs.py``.

Grading refuses to run without a sandbox (bubblewrap, as root) unless ``--unsafe`` is given; then
it says loudly that the submissions run with the instructor's rights.
"""

from __future__ import annotations

import argparse
import hashlib
import json
import os
import subprocess
import sys
import tempfile
import time
from dataclasses import asdict
from pathlib import Path

from . import grading, outputs, sandbox, submissions
from .runner import Job, course_cells

ROOT = Path(__file__).resolve().parents[2]
DEFAULT_CONFIG = "gradebook.toml"


def load_config(path: Path | None) -> dict:
    """The gradebook's settings: ``[points]`` per exercise key (default 1), ``[limits]`` (see sandbox.Limits),
    ``notebooks`` (the numbers assigned; default every notebook with exercises)."""
    if path is None:
        path = Path(DEFAULT_CONFIG) if Path(DEFAULT_CONFIG).is_file() else None
    if path is None:
        return {}
    import tomllib

    try:
        config = tomllib.loads(path.read_text(encoding="utf-8"))
    except (OSError, ValueError) as error:
        raise submissions.SubmissionsError(f"the config {path} cannot be read: {error}") from None
    unknown = set(config.get("limits", {})) - set(sandbox.Limits.__dataclass_fields__)
    if unknown:
        raise submissions.SubmissionsError(f"[limits] in {path} has unknown settings {sorted(unknown)}: the settings "
                                           f"are {sorted(sandbox.Limits.__dataclass_fields__)}")
    return config


def exercises_by_notebook() -> dict[str, list[str]]:
    """{notebook number: its exercise keys, in the order the course's notebook asks them}."""
    import re

    import nbformat

    from helpers.exercises import keys

    out = {}
    for key in keys():
        out.setdefault(key.split(".")[0], []).append(key)
    for number, found in out.items():
        course = sorted((ROOT / "notebooks").glob(f"{number}_*.ipynb"))
        if course:
            text = "\n".join(c.source for c in nbformat.read(course[0], as_version=4).cells if c.cell_type == "code")
            order = list(dict.fromkeys(re.findall(r"""check\(\s*["'](\d\d\.\w+)["']""", text)))
            out[number] = [k for k in order if k in found] + [k for k in found if k not in order]
    return out


def course_notebooks(root: Path) -> dict[str, Path]:
    return {p.name[:2]: p for p in sorted((root / "notebooks").glob("[0-9][0-9]_*.ipynb"))}


def shard_of(student: str, shards: int) -> int:
    """The shard (0-based) a student belongs to: the same on every machine."""
    return int(hashlib.sha256(student.encode("utf-8")).hexdigest(), 16) % shards


def grade_class(paths: list[Path], out: Path, jobs: int = 1, roster: Path | None = None, config: Path | None = None,
                notebooks: list[str] | None = None, shard: tuple[int, int] = (1, 1), unsafe: bool = False,
                say=print) -> list[grading.Row]:
    """Grade every submission under ``paths`` into ``out``; the rows of the gradebook."""
    settings = load_config(config)
    by_notebook = exercises_by_notebook()
    assigned = notebooks or settings.get("notebooks") or sorted(by_notebook)
    course = _student_edition(out, say)
    found = submissions.find(paths, course_notebooks(ROOT), submissions.read_roster(roster) if roster else None)
    k, n = shard
    found.students = {s: v for s, v in found.students.items() if shard_of(s, n) == k - 1}
    todo = [s for s in found.submissions if s.student in found.students and s.number in assigned]
    limits = {**settings.get("limits", {})}
    _run_all(todo, course, out, jobs, limits, unsafe, say)
    return collect(out, found, assigned, by_notebook, settings.get("points", {}))


def _student_edition(out: Path, say) -> Path:
    """The course as graded: the student edition (no solution on disk for a submission to read)."""
    from instructor import release

    target = out / "course"
    if not (target / "student" / "helpers").is_dir():
        say("building the student edition to grade against ...")
        release.build(target, site=False)
    return target / "student"


def _result_path(out: Path, submission: submissions.Submission) -> Path:
    return out / "results" / outputs._safe(submission.student) / f"{Path(submission.name).stem}.json"


def _run_all(todo: list[submissions.Submission], course: Path, out: Path, jobs: int, limits: dict, unsafe: bool,
             say) -> None:
    """Run each submission's notebook in a worker process, ``jobs`` at a time; skip those already graded."""
    pending = [s for s in todo if not _result_path(out, s).is_file()]
    if len(pending) < len(todo):
        say(f"{len(todo) - len(pending)} notebook(s) already graded in {out / 'results'}: resuming")
    free = list(range(max(1, jobs)))
    running: dict[int, tuple] = {}
    wall = sandbox.Limits(**limits).notebook_seconds + 180
    spool = Path(tempfile.mkdtemp(prefix="gradebook-jobs-"))
    while pending or running:
        while pending and free:
            submission, slot = pending.pop(0), free.pop(0)
            job = Job(str(submission.path.resolve()), submission.student, submission.number, submission.name,
                      str(course.resolve()), str(_result_path(out, submission).resolve()), sandbox.UID_BASE + slot,
                      limits, unsafe)
            spec = spool / f"{slot}-{time.monotonic_ns()}.json"
            spec.write_text(json.dumps(asdict(job)), encoding="utf-8")
            process = subprocess.Popen([sys.executable, "-m", "instructor.gradebook.runner", str(spec)], cwd=ROOT,
                                       stdout=subprocess.DEVNULL, stderr=subprocess.PIPE,
                                       env={**os.environ, "PYTHONPATH": str(ROOT)})
            running[slot] = (process, submission, time.monotonic(), job)
        time.sleep(0.2)
        for slot, (process, submission, started, job) in list(running.items()):
            late = time.monotonic() - started > wall
            if late:
                process.kill()
            if process.poll() is None:
                continue
            error = process.stderr.read().decode("utf-8", "replace").strip() if process.stderr else ""
            if not Path(job.result).is_file():
                _write_failure(job, "stopped after its time was up" if late else f"the grader failed: "
                               f"{(error.splitlines() or ['no message'])[-1][:300]}")
            result = json.loads(Path(job.result).read_text(encoding="utf-8"))
            say(f"{submission.student}/{Path(submission.name).name}: {result['status']} ({result.get('seconds', 0)} s)")
            del running[slot]
            free.append(slot)


def _write_failure(job: Job, why: str) -> None:
    Path(job.result).parent.mkdir(parents=True, exist_ok=True)
    Path(job.result).write_text(json.dumps({"student": job.student, "notebook": job.name, "number": job.number,
                                            "status": f"error: {why}", "detail": why, "cells": [], "sources": [],
                                            "verdicts": [], "tamper": [], "seconds": 0.0}), encoding="utf-8")


def collect(out: Path, found: submissions.Found, assigned: list[str], by_notebook: dict[str, list[str]],
            points: dict) -> list[grading.Row]:
    """The gradebook's rows from the results on disk: every student × every assigned exercise, skipped files too."""
    course = course_notebooks(ROOT)
    cells = {n: course_cells(ROOT, n) for n in assigned}
    weights = {k: float(points.get(k, points.get("default", 1))) for n in assigned for k in by_notebook.get(n, [])}
    rows = []
    for student in found.students:
        mine = {s.number: s for s in found.submissions if s.student == student}
        for number in assigned:
            keys = by_notebook.get(number, [])
            submission = mine.get(number)
            path = _result_path(out, submission) if submission else None
            if path is None or not path.is_file():
                rows += grading.missing(student, course[number].name if number in course else number, keys, weights)
                continue
            result = json.loads(path.read_text(encoding="utf-8"))
            rows += grading.grade(result, keys, cells[number], weights)
        rows += [grading.Row(student, skipped.path.name, "", grading.SKIPPED, message=skipped.reason,
                             notebook_status="skipped") for skipped in found.skipped if skipped.student == student]
    # Files that belong to no student still get a row (student ""), so that none goes unnoticed.
    rows += [grading.Row("", skipped.path.name, "", grading.SKIPPED, message=skipped.reason, notebook_status="skipped")
             for skipped in found.skipped if not skipped.student]
    exercises = [k for n in assigned for k in by_notebook.get(n, [])]
    titles = {n: _title(course[n]) for n in assigned if n in course}
    outputs.write_all(rows, found.students, exercises, titles, out)
    return rows


def _title(path: Path) -> str:
    import nbformat

    for cell in nbformat.read(path, as_version=4).cells:
        if cell.cell_type == "markdown" and cell.source.startswith("# "):
            return cell.source.splitlines()[0][2:].strip()
    return path.stem


def merge(parts: list[Path], out: Path, roster: Path | None = None, config: Path | None = None,
          notebooks: list[str] | None = None) -> list[grading.Row]:
    """One gradebook from the results of several shards' output folders."""
    import shutil

    settings = load_config(config)
    by_notebook = exercises_by_notebook()
    assigned = notebooks or settings.get("notebooks") or sorted(by_notebook)
    found = submissions.Found(students=dict(submissions.read_roster(roster)) if roster else {})
    for part in parts:
        state = part / "submissions.json"
        if not state.is_file():
            raise submissions.SubmissionsError(f"{part} holds no gradebook run (no submissions.json): give the --out "
                                               "folders of the shards")
        saved = json.loads(state.read_text(encoding="utf-8"))
        for s in saved["students"]:
            found.students.setdefault(s["student"], submissions.Student(**s))
        found.submissions += [submissions.Submission(s["student"], s["number"], Path(s["path"]), s["name"])
                              for s in saved["submissions"]]
        found.skipped += [submissions.Skipped(s["student"], Path(s["path"]), s["reason"]) for s in saved["skipped"]]
        if (part / "results").is_dir():
            shutil.copytree(part / "results", out / "results", dirs_exist_ok=True)
    return collect(out, found, assigned, by_notebook, settings.get("points", {}))


def save_found(out: Path, found: submissions.Found) -> None:
    """What this run found, for ``merge``."""
    out.mkdir(parents=True, exist_ok=True)
    (out / "submissions.json").write_text(json.dumps({
        "students": [asdict(s) for s in found.students.values()],
        "submissions": [{"student": s.student, "number": s.number, "path": str(s.path), "name": s.name}
                        for s in found.submissions],
        "skipped": [{"student": s.student, "path": str(s.path), "reason": s.reason} for s in found.skipped],
    }, indent=1), encoding="utf-8")


def main(argv: list[str] | None = None) -> int:
    argv = sys.argv[1:] if argv is None else argv
    if argv[:1] == ["merge"]:
        return _main_merge(argv[1:])
    parser = argparse.ArgumentParser(prog="python -m instructor.gradebook", description=__doc__.split("\n\n")[0])
    parser.add_argument("submissions", nargs="+", type=Path, help="the folder of submissions (or notebooks)")
    parser.add_argument("--out", type=Path, default=Path("gradebook"), help="output folder (default ./gradebook)")
    parser.add_argument("--jobs", type=int, default=1, help="notebooks graded at once (one per core)")
    parser.add_argument("--roster", type=Path, help="CSV with a 'student' column: every student gets rows")
    parser.add_argument("--config", type=Path, help=f"TOML with [points] and [limits] (default ./{DEFAULT_CONFIG})")
    parser.add_argument("--notebooks", help="the notebooks assigned, e.g. 02,03 (default: all with exercises)")
    parser.add_argument("--shard", default="1/1", help="grade part K of N of the class, e.g. 2/4 (then merge)")
    parser.add_argument("--unsafe", action="store_true",
                        help="run submissions without a sandbox, with your own rights (only for code you trust)")
    args = parser.parse_args(argv)
    try:
        shard = _shard(args.shard)
        if args.unsafe:
            print("WARNING: --unsafe: the submissions run WITHOUT a sandbox, with your rights. A submission can read "
                  "and change your files, other submissions and the grades. Use it only for code you trust.",
                  file=sys.stderr)
        else:
            sandbox.check_available()
        notebooks = args.notebooks.split(",") if args.notebooks else None
        found = submissions.find(args.submissions, course_notebooks(ROOT),
                                 submissions.read_roster(args.roster) if args.roster else None)
        save_found(args.out, found)
        rows = grade_class(args.submissions, args.out, args.jobs, args.roster, args.config, notebooks, shard,
                           args.unsafe)
    except (submissions.SubmissionsError, sandbox.SandboxUnavailable) as error:
        print(f"gradebook: {error}", file=sys.stderr)
        return 2
    students = len({r.student for r in rows if r.student})
    for skipped in found.skipped:
        print(f"skipped {skipped.path}: {skipped.reason}", file=sys.stderr)
    print(f"\n{students} student(s) graded: {args.out / 'grades.csv'} (one row each), {args.out / 'gradebook.csv'}, "
          f"{args.out / 'report.md'}, feedback in {args.out / 'feedback'}")
    return 0


def _shard(text: str) -> tuple[int, int]:
    try:
        k, n = (int(part) for part in text.split("/"))
    except ValueError:
        raise submissions.SubmissionsError(f"--shard {text!r}: write K/N, e.g. 2/4 for the second of four parts") \
            from None
    if not 1 <= k <= n:
        raise submissions.SubmissionsError(f"--shard {text!r}: K must be between 1 and N")
    return k, n


def _main_merge(argv: list[str]) -> int:
    parser = argparse.ArgumentParser(prog="python -m instructor.gradebook merge",
                                     description="one gradebook from several shards' output folders")
    parser.add_argument("parts", nargs="+", type=Path)
    parser.add_argument("--out", type=Path, required=True)
    parser.add_argument("--roster", type=Path)
    parser.add_argument("--config", type=Path)
    parser.add_argument("--notebooks")
    args = parser.parse_args(argv)
    try:
        rows = merge(args.parts, args.out, args.roster, args.config,
                     args.notebooks.split(",") if args.notebooks else None)
    except submissions.SubmissionsError as error:
        print(f"gradebook: {error}", file=sys.stderr)
        return 2
    print(f"merged {len(args.parts)} part(s): {len({r.student for r in rows})} students in {args.out / 'grades.csv'}")
    return 0
