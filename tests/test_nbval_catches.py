"""The notebook tests can fail: nbval rejects a wrong stored output and a stored error.

Runs nbval, configured as in the suite, in a subprocess on one corrupted copy
of 01_chain_rule: in one cell the stored dy/dx reads 1025 instead of 1024, in
another an error is stored although the cell does not raise. Exactly those two
cells must fail, and every other cell of the copy must pass (the untouched
notebook passes in the suite itself).
"""

import json
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
SOURCE = ROOT / "notebooks" / "01_chain_rule.ipynb"


def _write(path: Path, mutate=None) -> Path:
    nb = json.loads(SOURCE.read_text())
    if mutate:
        mutate(nb)
    path.write_text(json.dumps(nb))
    return path


def _wrong_number(nb) -> int:
    for index, cell in enumerate(nb["cells"]):
        for out in cell.get("outputs", []):
            text = "".join(out.get("text", []))
            if out.get("name") == "stdout" and "dy/dx = 1024.0" in text and "upstream" not in text:
                out["text"] = text.replace("1024.0", "1025.0")
                return index
    raise AssertionError("the output to corrupt was not found")


def _stored_error(nb, not_in: int) -> int:
    index, cell = next((i, c) for i, c in enumerate(nb["cells"]) if i != not_in
                       and c["cell_type"] == "code" and "GradientTape" in "".join(c["source"]))
    cell["outputs"].append({"output_type": "error", "ename": "ValueError", "evalue": "stale error",
                            "traceback": ["ValueError: stale error"]})
    return index


def test_nbval_fails_on_wrong_output_and_stored_error(tmp_path):
    corrupted = {}

    def corrupt(nb):
        corrupted["wrong number"] = _wrong_number(nb)
        corrupted["stored error"] = _stored_error(nb, not_in=corrupted["wrong number"])

    notebook = _write(tmp_path / "01_corrupted.ipynb", corrupt)
    result = subprocess.run(
        [sys.executable, "-m", "pytest", "-q", "-p", "no:cacheprovider", "-n", "0", "--rootdir", str(tmp_path),
         "--nbval", "--nbval-current-env", "--nbval-sanitize-with", str(ROOT / "tests" / "sanitize.cfg"),
         "-rf", str(notebook)],
        capture_output=True, text=True, cwd=tmp_path, timeout=600)
    report = result.stdout + result.stderr
    assert result.returncode == 1, report
    failed = sorted(line.split("::")[1].split(" - ")[0].strip() for line in report.splitlines()
                    if line.startswith("FAILED"))
    # nbval numbers code cells only: count the code cells before each corrupted one.
    cells = json.loads(notebook.read_text())["cells"]
    code_number = {i: sum(c["cell_type"] == "code" for c in cells[:i]) for i in corrupted.values()}
    assert failed == sorted(f"Cell {code_number[i]}" for i in corrupted.values()), report
    assert "1025.0" in report
