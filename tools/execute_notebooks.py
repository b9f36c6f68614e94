"""Re-execute notebooks top to bottom in a fresh kernel and store their outputs.

    python tools/execute_notebooks.py notebooks/04_matrix_inputs.ipynb     (one notebook)
    python tools/execute_notebooks.py notebooks/*.ipynb                    (all: make notebooks)

Stored outputs are what nbval compares against, so they must come from a
clean run like this one, never from hand edits. Cells tagged
``raises-exception`` may end in an error; any other error stops the run.

The file is written so that a re-run changes only what really changed:
no per-cell execution timestamps (``metadata.execution``), no Python patch
version, and widget model ids made from the notebook's name and the order
in which its widgets were created instead of random ones
(:func:`stable_notebook`). A notebook re-run with no change to its code
gives the same file.
"""

from __future__ import annotations

import json
import os
import re
import sys
import time
import uuid
from pathlib import Path

os.environ.setdefault("TF_CPP_MIN_LOG_LEVEL", "3")
os.environ.setdefault("TF_ENABLE_ONEDNN_OPTS", "0")

import nbformat  # noqa: E402
from nbclient import NotebookClient  # noqa: E402

_WIDGET_VIEW = "application/vnd.jupyter.widget-view+json"
_WIDGET_STATE = "application/vnd.jupyter.widget-state+json"
_MODEL_ID = re.compile(r"\b[0-9a-f]{32}\b")


def _widget_ids(nb) -> list[str]:
    """The widget model ids of ``nb`` in an order that does not depend on the ids themselves.

    First the models shown in outputs, cell by cell; then, breadth first, the models each one
    refers to (its layout, style, children), in the order of the attribute names; last any model
    nothing refers to, ordered by its state with the ids left out.
    """
    state = nb.metadata.get("widgets", {}).get(_WIDGET_STATE, {}).get("state", {})
    ids: list[str] = []
    for cell in nb.cells:
        for output in cell.get("outputs", []):
            view = output.get("data", {}).get(_WIDGET_VIEW)
            if view and view.get("model_id") not in ids:
                ids.append(view["model_id"])
    queue = list(ids)
    while queue:
        model = state.get(queue.pop(0), {}).get("state", {})
        for _, value in sorted(model.items()):
            for ref in _MODEL_ID.findall(json.dumps(value)):
                if ref in state and ref not in ids:
                    ids.append(ref)
                    queue.append(ref)
    rest = sorted((m for m in state if m not in ids), key=lambda m: _MODEL_ID.sub("", json.dumps(state[m], sort_keys=True)))
    return ids + rest


def stable_notebook(nb, name: str):
    """``nb`` without execution timestamps, Python's patch version or random widget ids (returns a new notebook).

    Each widget model id becomes ``uuid5(name, position)``: the same notebook run again gets the same ids.
    """
    for cell in nb.cells:
        cell.get("metadata", {}).pop("execution", None)
    nb.metadata.get("language_info", {}).pop("version", None)
    mapping = {old: uuid.uuid5(uuid.NAMESPACE_URL, f"{name}/widget/{i}").hex for i, old in enumerate(_widget_ids(nb))}
    if not mapping:
        return nb
    text = _MODEL_ID.sub(lambda m: mapping.get(m.group(0), m.group(0)), json.dumps(nb))
    return nbformat.from_dict(json.loads(text))


def execute(path: Path) -> float:
    """Run the notebook at ``path`` in a fresh kernel, store its outputs, and return the seconds it took."""
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
