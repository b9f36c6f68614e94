"""Every notebook file is clean: run top to bottom, no stray errors, no noise, no leaks."""

import json
from pathlib import Path

import pytest

from notebook_hygiene import problems

ROOT = Path(__file__).resolve().parents[1]
NOTEBOOKS = sorted((ROOT / "notebooks").glob("*.ipynb"))


def test_there_are_notebooks():
    assert [p.name for p in NOTEBOOKS][:2] == ["00_start_here.ipynb", "01_chain_rule.ipynb"]


def test_no_untitled_or_stray_files():
    stray = [p.name for p in (ROOT / "notebooks").iterdir()
             if p.name.lower().startswith("untitled") or (p.is_file() and p.suffix not in {".ipynb"})]
    assert stray == []


@pytest.mark.parametrize("path", NOTEBOOKS, ids=lambda p: p.name)
def test_notebook_is_clean(path):
    assert problems(path) == []


@pytest.mark.parametrize("path", NOTEBOOKS, ids=lambda p: p.name)
def test_notebook_has_the_course_shape(path):
    nb = json.loads(path.read_text())
    cells = nb["cells"]
    titles = [c for c in cells if c["cell_type"] == "markdown" and "".join(c["source"]).startswith("# ")]
    assert len(titles) == 1, "one H1 title per notebook"
    setup_cells = [c for c in cells if c["cell_type"] == "code" and "helpers.setup()" in "".join(c["source"])]
    assert len(setup_cells) == 1, "one setup cell calling helpers.setup()"
    assert "## Summary" in "".join("".join(c["source"]) for c in cells if c["cell_type"] == "markdown")


# -- The checks can fail: corrupt a clean notebook and watch them catch it. ---------------
def _corrupt(tmp_path, mutate):
    nb = json.loads(NOTEBOOKS[1].read_text())
    mutate(nb)
    path = tmp_path / NOTEBOOKS[1].name
    path.write_text(json.dumps(nb))
    return problems(path)


def _code_cells(nb):
    return [c for c in nb["cells"] if c["cell_type"] == "code"]


def test_hygiene_catches_out_of_order_execution(tmp_path):
    def swap(nb):
        a, b = _code_cells(nb)[1:3]
        a["execution_count"], b["execution_count"] = b["execution_count"], a["execution_count"]
    assert any("not 1.." in p for p in _corrupt(tmp_path, swap))


def test_hygiene_catches_a_stored_error(tmp_path):
    def add_error(nb):
        _code_cells(nb)[1]["outputs"].append(
            {"output_type": "error", "ename": "ValueError", "evalue": "boom", "traceback": []})
    assert any("stores an error (ValueError)" in p for p in _corrupt(tmp_path, add_error))


def test_hygiene_allows_an_error_in_a_cell_marked_to_raise(tmp_path):
    def add_marked_error(nb):
        cell = _code_cells(nb)[1]
        cell["metadata"]["tags"] = ["raises-exception"]
        cell["outputs"].append({"output_type": "error", "ename": "ValueError", "evalue": "boom", "traceback": []})
    assert _corrupt(tmp_path, add_marked_error) == []


def test_hygiene_catches_log_noise_paths_and_addresses(tmp_path):
    def pollute(nb):
        cell = _code_cells(nb)[1]
        cell["outputs"] += [
            {"output_type": "stream", "name": "stderr",
             "text": "I0000 00:00:1 port.cc:153] oneDNN custom operations are on.\n"},
            {"output_type": "stream", "name": "stdout", "text": "saved to /home/alice/course/x.npy\n"},
            {"output_type": "stream", "name": "stdout", "text": "<function f at 0x7f4c610784a0>\n"},
        ]
    found = " ".join(_corrupt(tmp_path, pollute))
    assert "log noise" in found and "/home/alice" in found and "0x7f4c610784a0" in found


def test_hygiene_catches_a_wrong_kernel(tmp_path):
    def other_kernel(nb):
        nb["metadata"]["kernelspec"]["name"] = "conda-env-tf"
    assert any("kernelspec" in p for p in _corrupt(tmp_path, other_kernel))


def test_course_maps_link_every_notebook():
    readme = (ROOT / "README.md").read_text()
    start = json.loads((ROOT / "notebooks" / "00_start_here.ipynb").read_text())
    start_text = "".join("".join(c["source"]) for c in start["cells"])
    for path in NOTEBOOKS:
        assert f"(notebooks/{path.name})" in readme, f"README's course map lacks {path.name}"
        assert f"({path.name})" in start_text, f"00_start_here's course map lacks {path.name}"


def test_readme_has_the_two_commands_and_the_binder_badge():
    readme = (ROOT / "README.md").read_text()
    assert "make lab" in readme and "make test" in readme
    assert "mybinder.org/v2/gh/" in readme and "urlpath=lab/tree/notebooks/00_start_here.ipynb" in readme
    assert (ROOT / ".ci" / "run").read_text().strip().endswith("make test")


def test_hygiene_catches_a_trailing_semicolon(tmp_path):
    def semicolon(nb):
        _code_cells(nb)[1]["source"] = "print(1);"
    assert any("ends with ';'" in p for p in _corrupt(tmp_path, semicolon))


def test_hygiene_catches_execution_timestamps(tmp_path):
    def stamp(nb):
        _code_cells(nb)[1]["metadata"]["execution"] = {"iopub.status.busy": "2026-11-25T20:02:04.375628Z"}
    assert any("execution timestamps" in p for p in _corrupt(tmp_path, stamp))


def test_hygiene_catches_stored_widget_models(tmp_path):
    def live_view(nb):
        output = next(o for c in _code_cells(nb) for o in c["outputs"] if o.get("metadata", {}).get("course") == "widget")
        output["data"]["application/vnd.jupyter.widget-view+json"] = {"model_id": "0123456789abcdef0123456789abcdef",
                                                                     "version_major": 2, "version_minor": 0}
    assert any("stores widget models" in p for p in _corrupt(tmp_path, live_view))
