"""Checks on notebook files themselves, before any cell runs.

Stored outputs are the test oracle, so a notebook must have been executed
top to bottom in a fresh kernel (execution counts 1..n), keep no errors
except in cells marked to raise, and hold nothing machine-specific. It must
also carry nothing that changes on every run (execution timestamps, widget
models with random ids), so that a notebook's diff shows only what changed:
``tools/execute_notebooks.py`` writes it that way (a widget's static fallback stays, its live view
and model state do not).
"""

from __future__ import annotations

import json
import re
from pathlib import Path

TF_LOG_NOISE = re.compile(r"cpu_feature_guard|oneDNN custom operations|absl::InitializeLog|[IWE]0000 ")
MACHINE_SPECIFIC = re.compile(r"((?<![\w:/.~-])/(?:[\w.-]+/){2,}[\w.-]*|0x[0-9a-fA-F]{8,})")
NAME = re.compile(r"^\d\d_[a-z0-9_]+\.ipynb$")


def marked_to_raise(cell: dict) -> bool:
    source = "".join(cell.get("source", ""))
    return "NBVAL_RAISES_EXCEPTION" in source or "raises-exception" in cell.get("metadata", {}).get("tags", [])


def _output_text(output: dict) -> str:
    text = output.get("text", "")
    data = output.get("data", {}).get("text/plain", "")
    join = lambda t: "".join(t) if isinstance(t, list) else t
    return join(text) + join(data) + "".join(output.get("traceback", []))


def problems(path: Path) -> list[str]:
    """Everything wrong with one notebook file, as readable sentences (empty when clean)."""
    name = path.name
    found = []
    if not NAME.match(name):
        found.append(f"{name}: notebooks are named NN_snake_case.ipynb")
    try:
        nb = json.loads(path.read_text(encoding="utf-8"))
    except ValueError as e:
        return found + [f"{name}: not valid JSON ({e})"]
    kernel = nb.get("metadata", {}).get("kernelspec", {}).get("name")
    if kernel != "python3":
        found.append(f"{name}: kernelspec is {kernel!r}, want 'python3'")
    counts = []
    stamped = [i for i, cell in enumerate(nb.get("cells", [])) if "execution" in cell.get("metadata", {})]
    if stamped:
        found.append(f"{name}: cells {stamped[:5]} store execution timestamps (metadata.execution), which change "
                     "on every run: re-execute it with tools/execute_notebooks.py, which leaves them out")
    views = [i for i, cell in enumerate(nb.get("cells", [])) for o in cell.get("outputs", [])
             if "application/vnd.jupyter.widget-view+json" in o.get("data", {})]
    if views or "widgets" in nb.get("metadata", {}):
        found.append(f"{name}: it stores widget models (cells {views[:5]}), whose random ids change on every run: "
                     "re-execute it with tools/execute_notebooks.py, which keeps each widget's static fallback only")
    for i, cell in enumerate(nb.get("cells", [])):
        if cell.get("cell_type") != "code" or not "".join(cell.get("source", "")).strip():
            continue
        counts.append(cell.get("execution_count"))
        source = "".join(cell.get("source", "")).rstrip()
        if source.endswith(";") and not source.splitlines()[-1].lstrip().startswith("#"):
            found.append(f"{name}: cell {i} ends with ';'. IPython hides the result only for cells in its "
                         "history, which nbval's are not, so the output differs under nbval: assign the "
                         "result instead (fig = ...)")
        for output in cell.get("outputs", []):
            text = _output_text(output)
            if output.get("output_type") == "error" and not marked_to_raise(cell):
                found.append(f"{name}: cell {i} stores an error ({output.get('ename')}) but is not marked "
                             "to raise")
            if TF_LOG_NOISE.search(text):
                found.append(f"{name}: cell {i} stores TensorFlow log noise")
            leak = MACHINE_SPECIFIC.search(text)
            if leak:
                found.append(f"{name}: cell {i} output holds a machine-specific string {leak.group(0)!r}")
    if counts != list(range(1, len(counts) + 1)):
        found.append(f"{name}: execution counts {counts} are not 1..{len(counts)}: re-run it top to bottom "
                     "in a fresh kernel (make notebooks)")
    return found
