"""A gradebook for instructors: run a learner's notebooks and tabulate every exercise.

    python -m helpers.gradebook LEARNER_FOLDER [--out DIR] [--timeout SECONDS]
    python -m helpers.gradebook alice/02_upstream_gradient.ipynb alice/03_jacobians_and_vjps.ipynb --out grades/alice

The learner's notebooks are their copies of the course's ``notebooks/NN_*.ipynb`` with the
answers filled in; a file is matched to the course's notebook by its name (``02_...``, or a name
that contains ``02_upstream_gradient``). Each notebook runs top to bottom in a fresh kernel, one
after another, with the notebook's folder as working directory, at most ``--timeout`` seconds
(default 300) per notebook. Solutions are hidden in these kernels (``COURSE_HIDE_SOLUTIONS=1``
unless set otherwise), so a graded answer is the learner's own.

How results are collected: the gradebook names a fresh file in ``COURSE_GRADEBOOK_LOG`` for each
kernel, and every ``check(key, answer)`` appends its verdict there as one JSON line. Each verdict
is attributed to the cell that ran it. Calls from cells that are exactly as the course wrote them
(the untouched stub, and the examples in which the course itself shows feedback on a wrong
answer) are not the learner's answers; of the learner's own calls, the last one per exercise wins.

Written to ``--out`` (default ``./gradebook``):

- ``gradebook.csv``: one row per notebook and exercise, with the columns ``notebook``,
  ``exercise``, ``status`` (``passed``, ``not yet`` or ``not attempted``), ``mistake`` (the key of
  the mistake the feedback recognised, empty if none), ``message`` (the feedback) and
  ``notebook_status`` (``completed``, ``error: NameError in cell 12``, ``timeout after 300 s in
  cell 7``, or ``unreadable: ...``). Every exercise the course registers for a notebook has a
  row, so a deleted exercise cell gives ``not attempted``. Cells count from 1 at the top of the
  notebook, Markdown cells included.
- ``gradebook.md``: the same as readable tables (also printed).
- ``executed/``: each notebook as it ran, with its outputs, for a closer look.
"""

from __future__ import annotations

import argparse
import csv
import json
import logging
import os
import re
import subprocess
import sys
import tempfile
import time
from dataclasses import dataclass, field
from pathlib import Path

__all__ = ["Row", "NotebookRun", "grade_notebooks", "run_notebook", "grade", "main"]

COURSE_ROOT = Path(__file__).resolve().parent.parent
"""The course repository this package belongs to (its ``notebooks/`` holds the course's own notebooks)."""

PASSED, NOT_YET, NOT_ATTEMPTED = "passed", "not yet", "not attempted"
COMPLETED = "completed"
COLUMNS = ["notebook", "exercise", "status", "mistake", "message", "notebook_status"]
DEFAULT_TIMEOUT = 300.0

_NUMBERED = re.compile(r"^(\d\d)_")
_CHECK_CALL = re.compile(r"""check\(\s*["'](\d\d\.\w+)["']""")


class GradebookError(Exception):
    """Input the gradebook cannot use; the message says what to do."""


@dataclass
class Row:
    """One line of the gradebook: a notebook, one of its exercises, and the verdict."""

    notebook: str
    exercise: str
    status: str
    mistake: str
    message: str
    notebook_status: str

    def as_dict(self) -> dict:
        return {c: getattr(self, c) for c in COLUMNS}


@dataclass
class Call:
    """One ``check()`` verdict, from the log, with the (0-based) index of the cell that ran it."""

    exercise: str
    passed: bool
    mistake: str | None
    message: str
    cell: int


@dataclass
class NotebookRun:
    """What happened when one notebook ran: how it ended, and every ``check()`` it made."""

    path: Path
    number: str
    name: str = ""
    """How the gradebook names the notebook: its path relative to the folder all graded notebooks share."""
    status: str = COMPLETED
    """``completed``, ``error: ...``, ``timeout ...`` or ``unreadable: ...``."""
    stopped_at: int | None = None
    """0-based index of the cell where the run stopped (error or timeout), else ``None``."""
    detail: str = ""
    seconds: float = 0.0
    calls: list[Call] = field(default_factory=list)
    sources: list[str] = field(default_factory=list)
    """The notebook's cell sources (Markdown cells as empty strings), in order."""

    def __post_init__(self):
        self.name = self.name or self.path.name


# ----------------------------------------------------------------------------------------- finding notebooks
def course_notebooks(root: Path = COURSE_ROOT) -> dict[str, Path]:
    """The course's own notebooks by number, e.g. ``{"02": .../02_upstream_gradient.ipynb}``."""
    folder = root / "notebooks"
    found = {}
    for path in sorted(folder.glob("*.ipynb")) if folder.is_dir() else []:
        match = _NUMBERED.match(path.name)
        if match:
            found.setdefault(match.group(1), path)
    return found


def notebook_number(path: Path, course: dict[str, Path]) -> str | None:
    """The course notebook a learner's file is a copy of: ``02_anything.ipynb``, or a name containing its stem."""
    match = _NUMBERED.match(path.name)
    if match:
        return match.group(1)
    for number, original in course.items():
        if original.stem in path.stem:
            return number
    return None


def find_notebooks(paths: list[str], course: dict[str, Path]) -> tuple[list[tuple[Path, str]], list[str]]:
    """The notebooks to grade, each with its course number, and notes on files a folder held but that were skipped.

    Raises :class:`GradebookError` with a sentence saying what to do for a path that does not
    exist, a file that is not a notebook, or a folder with no course notebooks.
    """
    if not paths:
        raise GradebookError("name a folder of notebooks or the notebooks to grade, e.g. "
                             "`python -m helpers.gradebook learners/alice`")
    found, notes = [], []
    for given in paths:
        path = Path(given)
        if not path.exists():
            raise GradebookError(f"{given} does not exist: give the folder that holds the learner's notebooks "
                                 "(NN_name.ipynb) or the notebook files themselves")
        if path.is_dir():
            in_folder = []
            for candidate in sorted(path.glob("*.ipynb")):
                number = notebook_number(candidate, course)
                if number is None:
                    notes.append(f"skipped {candidate}: its name does not say which course notebook it is "
                                 "(name it like the course's, e.g. 02_upstream_gradient.ipynb)")
                else:
                    in_folder.append((candidate, number))
            if not in_folder:
                raise GradebookError(f"{given} holds no course notebooks (files named like "
                                     "02_upstream_gradient.ipynb): give the folder where the learner's notebooks "
                                     "are, or the notebook files")
            found.extend(in_folder)
        else:
            if path.suffix != ".ipynb":
                raise GradebookError(f"{given} is not a notebook (.ipynb file): give the learner's notebooks, "
                                     "e.g. 02_upstream_gradient.ipynb, or the folder that holds them")
            number = notebook_number(path, course)
            if number is None:
                raise GradebookError(f"{given}: the name does not say which course notebook this is; rename it like "
                                     "the course's notebook it copies, e.g. 02_upstream_gradient.ipynb")
            found.append((path, number))
    seen: set[Path] = set()
    unique = [(p, n) for p, n in found if not (p.resolve() in seen or seen.add(p.resolve()))]   # named twice: runs once
    return unique, notes


# ----------------------------------------------------------------------------------------- running one notebook
def _kernel_environment(log: Path) -> dict[str, str]:
    from .exercises import GRADEBOOK_LOG, HIDE_SOLUTIONS

    env = dict(os.environ)
    env[GRADEBOOK_LOG] = str(log)
    env.setdefault(HIDE_SOLUTIONS, "1")
    env.setdefault("TF_CPP_MIN_LOG_LEVEL", "3")
    env.setdefault("TF_ENABLE_ONEDNN_OPTS", "0")
    # The kernel imports these same helpers, so its exercises are the ones this gradebook lists.
    env["PYTHONPATH"] = os.pathsep.join(p for p in (str(COURSE_ROOT), env.get("PYTHONPATH", "")) if p)
    return env


class _LogReader:
    """Reads the ``check()`` log as it grows and files each verdict under the cell that was running."""

    def __init__(self, path: Path):
        self.path, self.offset, self.cell, self.calls = path, 0, -1, []

    def start_cell(self, cell_index: int) -> None:
        self.collect()
        self.cell = cell_index

    def collect(self) -> None:
        if not self.path.exists():
            return
        with open(self.path, "rb") as log:
            log.seek(self.offset)
            data = log.read()
        end = data.rfind(b"\n") + 1            # whole lines only; a half-written one waits for the next read
        self.offset += end
        for line in data[:end].decode("utf-8", "replace").splitlines():
            try:
                entry = json.loads(line)
                self.calls.append(Call(str(entry["exercise"]), bool(entry["passed"]), entry.get("mistake"),
                                       str(entry.get("message", "")), self.cell))
            except (ValueError, KeyError, TypeError):
                continue                         # not a verdict (the learner's code wrote to the file)


def run_notebook(path: Path, number: str, timeout: float = DEFAULT_TIMEOUT, executed_dir: Path | None = None,
                 name: str = "") -> NotebookRun:
    """Run the notebook at ``path`` top to bottom in a fresh kernel and collect its ``check()`` verdicts.

    ``executed_dir`` receives the notebook as it ran (as ``name``, default the file's name).
    """
    import nbformat
    from nbclient import NotebookClient
    from nbclient.exceptions import CellExecutionError, CellTimeoutError, DeadKernelError

    run = NotebookRun(path, number, name)
    try:
        nb = nbformat.read(path, as_version=4)
    except Exception as error:  # noqa: BLE001 - any unreadable file becomes a status, not a traceback
        reason = (str(error).strip().splitlines() or [type(error).__name__])[0][:200]
        run.status = f"unreadable: {type(error).__name__}"
        run.detail = f"{path.name} could not be read as a notebook ({reason})"
        return run
    run.sources = [cell.source if cell.cell_type == "code" else "" for cell in nb.cells]
    for cell in nb.cells:
        if cell.cell_type == "code":
            cell.outputs, cell.execution_count = [], None
    nb.metadata["kernelspec"] = {"display_name": "Python 3 (ipykernel)", "language": "python", "name": "python3"}

    with tempfile.TemporaryDirectory(prefix="gradebook-") as scratch:
        log_path = Path(scratch) / "checks.jsonl"
        reader = _LogReader(log_path)
        deadline = [time.monotonic() + timeout]

        def start_clock(**_):
            deadline[0] = time.monotonic() + timeout     # the kernel is up: the notebook's time starts now

        def remaining(cell):
            return max(0.05, deadline[0] - time.monotonic())

        quiet = logging.getLogger("helpers.gradebook.nbclient")
        quiet.addHandler(logging.NullHandler())
        quiet.propagate = False
        client = NotebookClient(
            nb, kernel_name="python3", timeout=timeout, timeout_func=remaining, startup_timeout=120,
            shutdown_kernel="immediate", resources={"metadata": {"path": str(path.parent.resolve())}},
            on_notebook_start=start_clock,
            on_cell_execute=lambda cell, cell_index, **_: reader.start_cell(cell_index), log=quiet)
        start = time.monotonic()
        try:
            client.execute(env=_kernel_environment(log_path), stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
        except CellTimeoutError:
            run.stopped_at = reader.cell
            run.status = f"timeout after {timeout:g} s in cell {reader.cell + 1}"
            run.detail = f"cell {reader.cell + 1} was still running when the notebook's {timeout:g} s were up"
        except DeadKernelError:
            run.stopped_at = reader.cell
            run.status = f"error: the kernel died in cell {reader.cell + 1}"
            run.detail = f"the kernel died while running cell {reader.cell + 1} (a crash, or memory ran out)"
        except CellExecutionError as error:
            run.stopped_at = reader.cell
            run.status = f"error: {error.ename} in cell {reader.cell + 1}"
            run.detail = f"{error.ename}: {str(error.evalue).splitlines()[0] if error.evalue else ''}".rstrip(": ")
        except Exception as error:  # noqa: BLE001 - e.g. no Python kernel installed: say so, keep grading the rest
            run.stopped_at = max(reader.cell, 0)
            where = f"in cell {reader.cell + 1}" if reader.cell >= 0 else "before the first cell (starting the kernel)"
            run.status = f"error: {type(error).__name__} {where}"
            run.detail = (str(error).strip().splitlines() or [type(error).__name__])[0][:200]
        run.seconds = time.monotonic() - start
        reader.collect()
        run.calls = reader.calls
    if executed_dir is not None:
        executed_dir.mkdir(parents=True, exist_ok=True)
        nb.metadata.get("language_info", {}).pop("version", None)
        target = executed_dir / run.name
        target.parent.mkdir(parents=True, exist_ok=True)
        nbformat.write(nb, target)
    return run


# ----------------------------------------------------------------------------------------- grading
def _normalise(source: str) -> str:
    return "\n".join(line.rstrip() for line in source.strip().splitlines())


def course_cells(number: str, course: dict[str, Path]) -> set[str] | None:
    """The code cells of the course's own notebook ``number`` (normalised), or ``None`` if it is not here."""
    import nbformat

    if number not in course:
        return None
    nb = nbformat.read(course[number], as_version=4)
    return {_normalise(c.source) for c in nb.cells if c.cell_type == "code"}


def exercises_of(number: str, course: dict[str, Path]) -> list[str]:
    """Every exercise the course registers for notebook ``number``, in the order the notebook asks them."""
    from .exercises import keys

    import nbformat

    registered = [k for k in keys() if k.split(".")[0] == number]
    order: list[str] = []
    if number in course:
        text = "\n".join(c.source for c in nbformat.read(course[number], as_version=4).cells if c.cell_type == "code")
        order = [k for k in dict.fromkeys(_CHECK_CALL.findall(text)) if k in registered]
    return order + [k for k in registered if k not in order]


def grade(run: NotebookRun, exercises: list[str], originals: set[str] | None) -> list[Row]:
    """One row per exercise: the learner's last own ``check()`` verdict, or why there is none."""
    rows = []
    stopped = run.stopped_at is not None or run.status.startswith("unreadable")
    for key in exercises:
        calls = [c for c in run.calls if c.exercise == key]
        own = [c for c in calls if originals is None or _normalise(run.sources[c.cell]) not in originals]
        mentions = [i for i, source in enumerate(run.sources) if f'"{key}"' in source or f"'{key}'" in source]
        if own:
            last = own[-1]
            if last.passed:
                status, mistake = PASSED, ""
            elif last.mistake == "not_attempted":
                status, mistake = NOT_ATTEMPTED, ""
            else:
                status, mistake = NOT_YET, last.mistake or ""
            message = last.message
        elif calls:
            status, mistake = NOT_ATTEMPTED, ""
            message = "unchanged from the course's notebook: no answer written"
        elif run.status.startswith("unreadable"):
            status, mistake, message = NOT_ATTEMPTED, "", f"not run: {run.detail}"
        elif stopped and (not mentions or max(mentions) >= run.stopped_at):
            status, mistake = NOT_ATTEMPTED, ""
            message = f"not reached: the notebook stopped at cell {run.stopped_at + 1} ({run.detail})"
        elif not mentions:
            status, mistake = NOT_ATTEMPTED, ""
            message = f'no cell calls check("{key}", ...): the exercise\'s cell was deleted or its check removed'
        else:
            status, mistake = NOT_ATTEMPTED, ""
            message = f'check("{key}", ...) never ran (is it commented out?)'
        rows.append(Row(run.name, key, status, mistake, message, run.status))
    return rows


def grade_notebooks(paths: list[str], out: Path, timeout: float = DEFAULT_TIMEOUT, progress: bool = True) -> list[Row]:
    """Run and grade the notebooks (files or folders), write ``gradebook.csv`` and ``gradebook.md`` to ``out``.

    ``progress`` prints a line per notebook as it runs, and notes on files a folder held that are skipped.
    """
    def say(*args, **kwargs):
        if progress:
            print(*args, **kwargs, flush=True)

    if not (timeout > 0):
        raise GradebookError(f"--timeout must be a positive number of seconds, got {timeout}")
    course = course_notebooks()
    notebooks, notes = find_notebooks(paths, course)
    for note in notes:
        say(note)
    if not course:
        say(f"note: the course's own notebooks are not in {COURSE_ROOT / 'notebooks'}, so the course's examples of "
             "feedback count as answers too")
    shared = Path(os.path.commonpath([p.resolve().parent for p, _ in notebooks]))
    rows, runs = [], []
    for path, number in notebooks:
        say(f"running {path} ...", end=" ")
        name = path.resolve().relative_to(shared).as_posix()
        run = run_notebook(path, number, timeout, out / "executed", name)
        say(f"{run.seconds:.1f} s, {run.status}")
        runs.append(run)
        rows.extend(grade(run, exercises_of(number, course), course_cells(number, course)))
    out.mkdir(parents=True, exist_ok=True)
    write_csv(rows, out / "gradebook.csv")
    (out / "gradebook.md").write_text(markdown(rows, runs), encoding="utf-8")
    return rows


# ----------------------------------------------------------------------------------------- output
def write_csv(rows: list[Row], path: Path) -> None:
    with open(path, "w", newline="", encoding="utf-8") as f:
        writer = csv.DictWriter(f, fieldnames=COLUMNS)
        writer.writeheader()
        writer.writerows(r.as_dict() for r in rows)


def read_csv(path: Path) -> list[dict]:
    """The rows of a ``gradebook.csv`` as dictionaries."""
    with open(path, newline="", encoding="utf-8") as f:
        return list(csv.DictReader(f))


def _counts(rows: list[Row]) -> str:
    n = {s: sum(r.status == s for r in rows) for s in (PASSED, NOT_YET, NOT_ATTEMPTED)}
    return f"{n[PASSED]} of {len(rows)} passed, {n[NOT_YET]} not yet, {n[NOT_ATTEMPTED]} not attempted"


def _by_notebook(rows: list[Row]) -> dict[str, list[Row]]:
    groups: dict[str, list[Row]] = {}
    for r in rows:
        groups.setdefault(r.notebook, []).append(r)
    return groups


def _cell(text: str) -> str:
    return " ".join(text.split()).replace("|", "\\|")


def markdown(rows: list[Row], runs: list[NotebookRun] = ()) -> str:
    """The gradebook as Markdown: a summary per notebook, then every exercise with its full feedback."""
    details = {run.name: run for run in runs}
    lines = ["# Gradebook", "", "| notebook | run | exercises |", "|---|---|---|"]
    groups = _by_notebook(rows)
    for name, group in groups.items():
        lines.append(f"| {_cell(name)} | {_cell(group[0].notebook_status)} | {_counts(group)} |")
    for name, group in groups.items():
        run = details.get(name)
        lines += ["", f"## {name}", "", f"Run: {group[0].notebook_status}"
                  + (f" ({run.detail})" if run is not None and run.detail else "")
                  + (f", {run.seconds:.1f} s" if run is not None and run.seconds else "") + ".", "",
                  "| exercise | status | mistake | feedback |", "|---|---|---|---|"]
        lines += [f"| {r.exercise} | {r.status} | {r.mistake} | {_cell(r.message)} |" for r in group]
    return "\n".join(lines) + "\n"


def table(rows: list[Row], width: int = 60) -> str:
    """The gradebook as plain text for the terminal; feedback shortened to ``width`` characters."""
    out = []
    for name, group in _by_notebook(rows).items():
        out.append(f"{name}: {group[0].notebook_status}; {_counts(group)}")
        w = max(len(r.exercise) for r in group)
        m = max([len(r.mistake) for r in group] + [len("mistake")])
        out.append(f"  {'exercise':<{w}}  {'status':<13}  {'mistake':<{m}}  feedback")
        for r in group:
            message = " ".join(r.message.split())
            message = message if len(message) <= width else message[:width - 1] + "…"
            out.append(f"  {r.exercise:<{w}}  {r.status:<13}  {r.mistake:<{m}}  {message}")
        out.append("")
    return "\n".join(out)


# ----------------------------------------------------------------------------------------- command line
def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(
        prog="python -m helpers.gradebook",
        description="Run a learner's course notebooks, each in a fresh kernel, and write a gradebook "
                    "(gradebook.csv, gradebook.md) of every exercise.")
    parser.add_argument("notebooks", nargs="*", help="a folder of the learner's notebooks, or notebook files")
    parser.add_argument("--out", default="gradebook", help="folder for gradebook.csv, gradebook.md and the executed "
                                                           "notebooks (default: ./gradebook)")
    parser.add_argument("--timeout", type=float, default=DEFAULT_TIMEOUT,
                        help=f"seconds each notebook may run (default {DEFAULT_TIMEOUT:g})")
    args = parser.parse_args(argv)
    out = Path(args.out)
    try:
        if out.exists() and not out.is_dir():
            raise GradebookError(f"--out {out} is a file: give a folder for the gradebook")
        rows = grade_notebooks(args.notebooks, out, args.timeout)
    except GradebookError as error:
        print(f"gradebook: {error}", file=sys.stderr)
        return 2
    print()
    print(table(rows))
    count = f"{len(rows)} row{'s' if len(rows) != 1 else ''}"
    print(f"wrote {out / 'gradebook.csv'} and {out / 'gradebook.md'} ({count}); executed notebooks in "
          f"{out / 'executed'}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
