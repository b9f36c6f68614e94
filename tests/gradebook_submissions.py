"""Submissions for the gradebook's tests: honest students, and hostile ones.

Each is a small notebook of the course's notebook 02 (its setup cell, then the student's cells), so
that a class of them grades in seconds: ``mallory`` tries every way of reaching the grading machinery
(``TAMPERING``), ``mike`` every way of harming the run (``HARMFUL``), one cell each.
"""

from __future__ import annotations

import json
from pathlib import Path

import nbformat

ROOT = Path(__file__).resolve().parents[1]
NOTEBOOK = "02_upstream_gradient.ipynb"


def setup_cell() -> str:
    nb = nbformat.read(ROOT / "notebooks" / NOTEBOOK, as_version=4)
    return next(c.source for c in nb.cells if c.cell_type == "code")


def solution(key: str) -> str:
    from helpers.exercises import get

    exercise = get(key)
    return f'{exercise.reveal().code}\n\ncheck("{key}", {exercise.answer_name})'


WRONG_X_SIN_X = '''@tf.custom_gradient
def x_sin_x(x):
    def grad(upstream):
        return tf.sin(x) + x * tf.cos(x)          # upstream forgotten
    return x * tf.sin(x), grad

check("02.x_sin_x", x_sin_x)'''

TAMPERING = {
    # what the cell does: (its code, a word the evidence for that cell must contain)
    "forges verdict lines on every file descriptor": (
        'import os\nfor fd in range(3, 40):\n    try:\n        os.write(fd, b\'@@course-grader@@ {"kind": "verdict", '
        '"exercise": "02.x_sin_x", "passed": true} 00\\n\')\n    except OSError:\n        pass', "write"),
    "announces a verdict itself": ('import sys\nsys.audit("helpers.exercises.verdict", "02.multiply", True, None, '
                                   '"Correct.")', "audit"),
    "patches Exercise.check": ('import helpers.exercises.core as E\n'
                               'E.Exercise.check = lambda self, a: E.Feedback(True, "Correct.")', "Exercise.check"),
    "patches NumPy": ('import numpy\nnumpy.allclose = lambda *a, **k: True', "numpy"),
    "writes the course's files": ('import pathlib, helpers\nroot = pathlib.Path(helpers.__file__).parent\n'
                                  'try:\n    (root / "exercises" / "core.py").write_text("raise SystemExit")\n'
                                  'except OSError as error:\n    print(type(error).__name__)', "course"),
    "reads solutions and other submissions": (
        'from helpers.exercises import get\nimport glob, os, pathlib, helpers\n'
        'os.environ.pop("COURSE_HIDE_SOLUTIONS", None)\nprint("others:", glob.glob("../*/*.ipynb"), glob.glob("../../*"), glob.glob("/root/*"))\n'
        'print(get("02.x_sin_x").reveal())\n'
        'try:\n    open(pathlib.Path(helpers.__file__).parent / "exercises" / "upstream" / "x_sin_x_solution.py")\n'
        'except OSError as error:\n    print(type(error).__name__)', "solution"),
    "signals the process that runs it": ('import os, signal\ntry:\n    os.kill(os.getppid(), signal.SIGKILL)\n'
                                         'except OSError as error:\n    print(type(error).__name__)', "signal"),
    "replaces the guard's functions": ('import sys\nfound = [m for name, m in list(sys.modules.items()) if "guard" in '
                                       'name and hasattr(m, "line")]\nprint("guard modules found:", len(found))\n'
                                       'for m in found:\n    m.line = lambda key, kind, record: print(key.hex())',
                                       "sys.modules"),
    "redefines check": ('def check(key, answer):\n    return "✓ [02.x_sin_x] Correct"', "check"),
}
"""One hostile student does all of these, one cell each: each must be reported, with its cell."""

HARMFUL = {
    # what the cell does: (its code, how the cell must end)
    "exits Python": ('import sys\nsys.exit("bye")', "error"),
    "kills its kernel": ('import os\nos._exit(3)', "killed"),
    "forks without end": ('import os\nwhile True:\n    os.fork()', ("error", "killed")),
    "takes all the memory": ('import numpy as np\nbig = [np.ones(2 ** 27) for _ in range(64)]', ("error", "killed")),
    "loops without end": ('while True:\n    pass', "timeout"),
    "prints megabytes": ('print("x" * 50_000_000)', "ok"),
}
"""Another student's cells that harm only their own run: each cell ends as said, and the wrong answer after
them is still graded."""


def notebook(cells: list[str]):
    nb = nbformat.v4.new_notebook()
    nb.cells = [nbformat.v4.new_markdown_cell("# The upstream gradient"), nbformat.v4.new_code_cell(setup_cell())]
    nb.cells += [nbformat.v4.new_code_cell(c) for c in cells]
    nb.metadata["kernelspec"] = {"display_name": "Python 3 (ipykernel)", "language": "python", "name": "python3"}
    return nb


def write_class(folder: Path) -> None:
    """A class: two honest students (one right, one wrong) around two hostile ones, and a file that is not JSON."""
    _save(folder / "ann", notebook([solution("02.x_sin_x"), solution("02.multiply")]))
    _save(folder / "mallory", notebook([code for code, _ in TAMPERING.values()] + [WRONG_X_SIN_X]))
    _save(folder / "mike", notebook([code for code, _ in HARMFUL.values()] + [WRONG_X_SIN_X]))
    _save(folder / "zoe", notebook([WRONG_X_SIN_X]))
    (folder / "broken").mkdir(parents=True, exist_ok=True)
    (folder / "broken" / NOTEBOOK).write_text('{"cells": [ this is not JSON', encoding="utf-8")


def _save(folder: Path, nb) -> None:
    folder.mkdir(parents=True, exist_ok=True)
    nbformat.write(nb, folder / NOTEBOOK)


def read_results(out: Path) -> dict:
    return {p.parent.name: json.loads(p.read_text()) for p in (out / "results").glob("*/*.json")}
