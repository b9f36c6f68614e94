"""The notebook tests can fail: nbval rejects a wrong stored output and a stored error.

Runs nbval, configured as in the suite, in a subprocess on two corrupted copies
of 01_chain_rule: one whose stored dy/dx reads 1025 instead of 1024, one with
an error stored in a cell that does not raise. Both must fail, each on the
corrupted cell; the untouched copy must pass.
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


def _wrong_number(nb):
    for cell in nb["cells"]:
        for out in cell.get("outputs", []):
            text = "".join(out.get("text", []))
            if out.get("name") == "stdout" and "dy/dx = 1024.0" in text and "upstream" not in text:
                out["text"] = text.replace("1024.0", "1025.0")
                return
    raise AssertionError("the output to corrupt was not found")


def _stored_error(nb):
    cell = next(c for c in nb["cells"] if c["cell_type"] == "code" and "GradientTape" in "".join(c["source"]))
    cell["outputs"].append({"output_type": "error", "ename": "ValueError", "evalue": "stale error",
                            "traceback": ["ValueError: stale error"]})


def test_nbval_fails_on_wrong_output_and_stored_error(tmp_path):
    wrong = _write(tmp_path / "01_wrong_output.ipynb", _wrong_number)
    error = _write(tmp_path / "01_stored_error.ipynb", _stored_error)
    clean = _write(tmp_path / "01_clean.ipynb")
    result = subprocess.run(
        [sys.executable, "-m", "pytest", "-q", "-p", "no:cacheprovider", "--rootdir", str(tmp_path),
         "--nbval", "--nbval-current-env", "--nbval-sanitize-with", str(ROOT / "tests" / "sanitize.cfg"),
         "-rf", str(wrong), str(error), str(clean)],
        capture_output=True, text=True, cwd=tmp_path, timeout=600)
    report = result.stdout + result.stderr
    assert result.returncode == 1, report
    failed = [line for line in report.splitlines() if line.startswith("FAILED")]
    assert any("01_wrong_output.ipynb" in line for line in failed), report
    assert any("01_stored_error.ipynb" in line for line in failed), report
    assert not any("01_clean.ipynb" in line for line in failed), report
    assert "1025.0" in report
