"""Re-execute notebooks top to bottom in a fresh kernel and store their outputs.

    python tools/execute_notebooks.py notebooks/*.ipynb      (or: make notebooks)

Stored outputs are what nbval compares against, so they must come from a
clean run like this one, never from hand edits. Cells tagged
``raises-exception`` may end in an error; any other error stops the run.
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


def execute(path: Path) -> float:
    nb = nbformat.read(path, as_version=4)
    for cell in nb.cells:
        if cell.cell_type == "code":
            cell.outputs = []
            cell.execution_count = None
    nb.metadata["kernelspec"] = {"display_name": "Python 3 (ipykernel)", "language": "python", "name": "python3"}
    start = time.perf_counter()
    NotebookClient(nb, timeout=300, kernel_name="python3",
                   resources={"metadata": {"path": str(path.parent)}}).execute()
    elapsed = time.perf_counter() - start
    # The Python patch version differs between machines; keep the file stable.
    nb.metadata.get("language_info", {}).pop("version", None)
    nbformat.write(nb, path)
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
