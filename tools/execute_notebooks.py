"""Re-execute notebooks top to bottom in a fresh kernel and store their outputs.

    python tools/execute_notebooks.py notebooks/04_matrix_inputs.ipynb     (one notebook)
    python tools/execute_notebooks.py notebooks/*.ipynb                    (all: make notebooks)

Stored outputs are what nbval compares against, so they must come from a
clean run like this one, never from hand edits. Cells tagged
``raises-exception`` may end in an error; any other error stops the run.

The file is written so that a re-run changes only what really changed:
no per-cell execution timestamps (``metadata.execution``), no Python patch
version, no widget models with their random ids (the widgets' static
fallbacks stay), and consecutive output to one stream stored as one output
(:func:`stable_notebook`). A notebook re-run with no change to its code
gives the same file.
"""

from __future__ import annotations

import os
import sys
import time
from pathlib import Path

os.environ.setdefault("TF_CPP_MIN_LOG_LEVEL", "3")
os.environ.setdefault("TF_ENABLE_ONEDNN_OPTS", "0")

import nbformat  # noqa: E402
from nbclient import NotebookClient  # noqa: E402

_WIDGET_VIEW = "application/vnd.jupyter.widget-view+json"


def stable_notebook(nb, name: str = ""):
    """``nb`` without execution timestamps, Python's patch version or widget models (changed in place, returned).

    A widget's live view needs a kernel; what a notebook opened without one shows, in JupyterLab, on
    GitHub or on the course's website, is the static fallback each of the course's widgets stores
    next to its view (a table or a picture). So the view and the notebook's widget state, whose
    random model ids change on every run, are not stored: the fallback stays, marked
    ``{"course": "widget"}`` in the output's metadata.
    """
    for cell in nb.cells:
        cell.get("metadata", {}).pop("execution", None)
        for output in cell.get("outputs", []):
            if output.get("data", {}).pop(_WIDGET_VIEW, None) is not None:
                output.setdefault("metadata", {})["course"] = "widget"
    nb.metadata.get("language_info", {}).pop("version", None)
    nb.metadata.pop("widgets", None)
    return nb


def execute(path: Path) -> float:
    """Run the notebook at ``path`` in a fresh kernel, store its outputs, and return the seconds it took."""
    nb = nbformat.read(path, as_version=4)
    for cell in nb.cells:
        if cell.cell_type == "code":
            cell.outputs = []
            cell.execution_count = None
    nb.metadata["kernelspec"] = {"display_name": "Python 3 (ipykernel)", "language": "python", "name": "python3"}
    start = time.perf_counter()
    NotebookClient(nb, timeout=300, kernel_name="python3", coalesce_streams=True,
                   resources={"metadata": {"path": str(path.parent)}}).execute()
    elapsed = time.perf_counter() - start
    nbformat.write(stable_notebook(nb, path.stem), path)
    return elapsed


def main(paths: list[str]) -> int:
    if not paths:
        print(__doc__)
        return 2
    for p in paths:
        print(f"{p}: {execute(Path(p)):.1f} s", flush=True)
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
