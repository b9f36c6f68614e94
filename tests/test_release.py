"""The student edition (``make release``): the course without a line of any solution, and still a course.

The edition is built once per run (tests/site_build.py, shared with the website's tests, which check
the pages learners get: this edition's site). Here: no solution file and no solution line anywhere in
it (the helpers' source, the wheel, the site's pages and its search index); the search for them finds
a planted one, however it is escaped; ``reveal`` there says the solutions are withheld while ``check``
judges as before; and it holds what a learner needs and nothing of the instructor's.
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
import zipfile
from pathlib import Path

import pytest

from instructor import release
from site_build import ROOT, built_release

SOLUTIONS = release.solution_lines(ROOT)


@pytest.fixture(scope="module")
def edition() -> Path:
    return built_release()


def test_every_exercise_has_a_solution_the_search_looks_for():
    from helpers.exercises import keys

    assert len(SOLUTIONS) == len(keys()), "one solution file per exercise"
    searched = [name for name, lines in SOLUTIONS.items() if lines]
    assert len(searched) >= len(SOLUTIONS) * 3 // 4, (
        "most solutions have a line no notebook shows (the others are all taught lines, used again later)")


def test_no_solution_file_or_line_is_in_the_student_edition_its_wheel_or_its_site(edition):
    files = [p for p in edition.rglob("*") if p.is_file()]
    assert not [p for p in files if p.name.endswith("_solution.py")]
    wheels = list((edition / "dist").glob("*.whl"))
    assert len(wheels) == 1
    names = zipfile.ZipFile(wheels[0]).namelist()
    assert any(n.startswith("helpers/exercises/upstream/") for n in names), "the judges are in the wheel"
    assert not [n for n in names if n.endswith("_solution.py")]
    assert (edition / "site" / "searchindex.js").is_file(), "the search index is among what is searched"
    assert release.find_leaks([edition / "student", edition / "dist", edition / "site"], SOLUTIONS) == []


@pytest.mark.parametrize("dress", ["plain", "html", "json", "reindented"])
def test_the_search_finds_a_planted_solution_however_it_is_written(tmp_path, dress):
    name, lines = next(iter(SOLUTIONS.items()))
    line = max(lines, key=len)
    text = {"plain": line, "html": line.replace("<", "&lt;").replace(">", "&gt;").replace('"', "&quot;"),
            "json": json.dumps({"source": ["    " + line + "\n"]}), "reindented": "\t\t" + line.replace(" ", "  ")}[dress]
    (tmp_path / "page.html").write_text(f"<p>before</p>{text}<p>after</p>")
    found = release.find_leaks([tmp_path], SOLUTIONS)
    assert found and name in found[0], found
    archive = tmp_path / "helpers.whl"
    with zipfile.ZipFile(archive, "w") as wheel:
        wheel.writestr("helpers/exercises/upstream/x_sin_x_solution.py", "")
    assert any("solution file" in leak for leak in release.find_leaks([archive], SOLUTIONS))


def test_in_the_student_edition_reveal_withholds_and_check_still_judges(edition):
    right = (ROOT / "helpers" / "exercises" / "upstream" / "multiply_solution.py").read_text()  # instructor's
    script = (f"from helpers.exercises import check, reveal\nprint(reveal('02.multiply'))\n"
              f"exec({right!r})\nprint('PASSED' if check('02.multiply', multiply).passed "
              "else 'NOT PASSED')\nprint('PASSED' if check('02.multiply', lambda x, y: x * y).passed else 'WRONG')")
    env = {k: v for k, v in os.environ.items() if k != "COURSE_HIDE_SOLUTIONS"}
    out = subprocess.run([sys.executable, "-c", script], cwd=edition / "student", capture_output=True, text=True,
                         env=dict(env, PYTHONPATH=str(edition / "student")), timeout=300)
    assert out.returncode == 0, out.stderr[-2000:]
    said = out.stdout
    assert "withheld by your instructor" in said and "upstream * y" not in said
    assert said.splitlines()[-2:] == ["PASSED", "WRONG"], said


def test_the_student_edition_is_a_course_to_run_and_no_instructor_kit(edition):
    student = edition / "student"
    for name in ("notebooks/00_start_here.ipynb", "helpers/__init__.py", "binder/requirements.txt", "LICENSE",
                 "LICENSE-CONTENT", "CITATION.cff", "pyproject.toml", "Makefile"):
        assert (student / name).is_file(), name
    for absent in ("tests", "instructor", "tools", "benchmarks", "docs/instructor-guide.md", "CONTRIBUTING.md"):
        assert not (student / absent).exists(), absent
    readme = (student / "README.md").read_text()
    headings = [line for line in readme.splitlines() if line.startswith("## ")]
    assert headings == ["## Run the course", *[f"## {s}" for s in release.README_SECTIONS]]
    assert "make lab" in readme and "withheld" in readme
    for instructor_only in ("make test", "gradebook", "make release"):
        assert instructor_only not in readme, instructor_only
    assert "lab:" in (student / "Makefile").read_text()
    notebooks = sorted(p.name for p in (student / "notebooks").glob("*.ipynb"))
    assert notebooks == sorted(p.name for p in (ROOT / "notebooks").glob("*.ipynb"))
