"""The student edition: the course without its solutions, ready to publish (``make release``).

    python -m instructor.release [--out build/release]

writes three things under ``--out``:

- ``student/``: the repository to publish at the address in ``[tool.course]`` (push its contents to
  that repository or branch; it must be public for Binder, Colab and a notebook's own install). It
  holds the notebooks, the ``helpers`` package without any ``*_solution.py``, the Binder and conda
  environments, a README and a Makefile for learners (``make lab``), the licences and the citation.
  Not included: the tests (their answers include right ones), the instructor's tools (this package:
  gradebook, release, site, links), the contributor's tools and docs.
- ``dist/``: the ``helpers`` wheel built from it (what ``pip install`` of the student edition gets);
- ``site/``: the course website built from it.

In the student edition ``reveal`` says that the instructor withholds the solutions; ``check`` works
as before, since the judges and their feedback are kept. Before it finishes, the release reads
every file it wrote (the wheel's files and the site's pages and search index too) for the code of
every solution, and refuses to finish if it finds one.
"""

from __future__ import annotations

import argparse
import html
import re
import shutil
import subprocess
import sys
import zipfile
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
KEPT = ["notebooks", "helpers", "binder", "jupyter", "environment.yml", "pyproject.toml", "LICENSE", "LICENSE-CONTENT",
        "CITATION.cff", "docs/course-in-jupyterlab.png", "docs/site-landing.png", "docs/site-notebook.png"]
README_SECTIONS = ("Before you start", "Course map", "The `helpers` package", "Licence")
RUN_THE_COURSE = """## Run the course

Click the Binder badge above: nothing to install. Or, on a machine with Python 3.10 or newer and `make`:

```bash
make lab     # set up .venv with the course's pinned environment, open the course in JupyterLab
```

The first run installs everything into `.venv/` (a few minutes: TensorFlow is large); later runs reuse
it. No `make`? `python3 -m venv .venv && .venv/bin/pip install -e .`, then
`.venv/bin/jupyter lab notebooks/00_start_here.ipynb`. Conda users: `conda env create -f environment.yml`.
Each exercise gives feedback when you run its `check(...)` cell; in this edition the solutions are
withheld by your instructor."""
MAKEFILE = """\
# make lab: set up .venv with the course's pinned environment and open the course in JupyterLab.
PYTHON ?= python3
VENV   := .venv
BIN    := $(VENV)/bin
STAMP  := $(VENV)/.installed
export TF_CPP_MIN_LOG_LEVEL := 3
export TF_ENABLE_ONEDNN_OPTS := 0
ROOT_FLAG := $(if $(filter 0,$(shell id -u)),--allow-root)

.PHONY: lab setup clean

setup: $(STAMP)

$(STAMP): pyproject.toml jupyter/overrides.json
\ttest -x $(BIN)/python || $(PYTHON) -m venv $(VENV)
\t$(BIN)/python -m pip install --quiet --upgrade pip
\t$(BIN)/python -m pip install --quiet -e .
\tmkdir -p $(VENV)/share/jupyter/lab/settings
\tcp jupyter/overrides.json $(VENV)/share/jupyter/lab/settings/overrides.json
\ttouch $(STAMP)

lab: $(STAMP)
\t$(BIN)/jupyter lab $(ROOT_FLAG) --ServerApp.root_dir=. notebooks/00_start_here.ipynb

clean:
\trm -rf $(VENV)
"""


class LeakError(RuntimeError):
    """A solution's code was found in the student edition."""


def build(out: Path, root: Path = ROOT, site: bool = True) -> dict[str, Path]:
    """Write the student edition, its wheel and (with ``site``) its website under ``out``; check them for leaks."""
    edition = out / "student"
    shutil.rmtree(edition, ignore_errors=True)
    edition.mkdir(parents=True)
    for name in KEPT:
        source = root / name
        if source.is_dir():
            shutil.copytree(source, edition / name, ignore=_not_for_students)
        elif source.is_file():
            (edition / name).parent.mkdir(parents=True, exist_ok=True)
            shutil.copy2(source, edition / name)
    (edition / "README.md").write_text(student_readme((root / "README.md").read_text(encoding="utf-8")),
                                       encoding="utf-8")
    (edition / "Makefile").write_text(MAKEFILE, encoding="utf-8")
    built = {"student": edition, "dist": _wheel(edition, out / "dist")}
    if site:
        from instructor.site import build as site_build

        site_build.build(output=out / "site", source=out / "site-src", fresh=True, root=edition)
        built["site"] = out / "site"
    leaks = find_leaks(list(built.values()), solution_lines(root))
    if leaks:
        raise LeakError("solution code in the student edition: " + "; ".join(leaks[:5]))
    return built


def _not_for_students(folder: str, names: list[str]) -> set[str]:
    return {n for n in names if n.endswith("_solution.py") or n in ("__pycache__", ".ipynb_checkpoints")}


def student_readme(readme: str) -> str:
    """The README for learners: the title and introduction, then the sections they need, without the instructor's
    and contributors' ones."""
    title, rest = readme.split("\n## ", 1)
    sections = {block.split("\n", 1)[0].strip(): block for block in ("## " + rest).split("\n## ")}
    kept = [("## " + sections[name].removeprefix("## ")).rstrip() for name in README_SECTIONS if name in sections]
    return title.rstrip() + "\n\n" + "\n\n".join([RUN_THE_COURSE, *kept]) + "\n"


def _wheel(edition: Path, dist: Path) -> Path:
    shutil.rmtree(dist, ignore_errors=True)
    work = dist.parent / "wheel-build"
    shutil.rmtree(work, ignore_errors=True)
    shutil.copytree(edition, work, ignore=shutil.ignore_patterns("notebooks", "docs", "binder"))
    result = subprocess.run([sys.executable, "-m", "pip", "wheel", "--quiet", "--no-deps", "--no-build-isolation",
                             "-w", str(dist), str(work)], capture_output=True, text=True)
    shutil.rmtree(work, ignore_errors=True)
    if result.returncode != 0:
        raise RuntimeError(f"the helpers wheel did not build: {result.stderr[-1000:]}")
    return dist


# --------------------------------------------------------------------------- finding solutions
def solution_lines(root: Path = ROOT) -> dict[str, list[str]]:
    """{solution file: the lines of its code that no notebook shows}: what must not appear in the student edition.

    Lines a notebook already shows (the stub's ``def`` line, a decorator) are not a solution's; short lines
    (``return y, grad``) are too common to tell anything.
    """
    shown = "\n".join(_normalised(p.read_text(encoding="utf-8")) for p in (root / "notebooks").glob("*.ipynb"))
    found = {}
    for path in sorted((root / "helpers" / "exercises").glob("*/*_solution.py")):
        code = _code_lines(path.read_text(encoding="utf-8"))
        found[path.relative_to(root).as_posix()] = [line for line in code if len(line) >= 16 and line not in shown]
    return found


def _code_lines(source: str) -> list[str]:
    """The solution's code lines below its imports (what ``reveal`` shows), without comments, whitespace normalised."""
    from helpers.exercises.core import shown_part

    lines = (_normal(line.split("#", 1)[0]) for line in shown_part(source).splitlines())
    return [line for line in lines if line]


def _normal(text: str) -> str:
    return " ".join(text.split())


def _normalised(text: str) -> str:
    """Text as the leak search reads it: HTML entities and JSON escapes undone, whitespace normalised."""
    text = html.unescape(text).replace('\\"', '"').replace("\\n", "\n").replace("\\\\", "\\")
    return "\n".join(_normal(line) for line in text.splitlines())


def _texts(target: Path):
    """(name, text) of every file under ``target`` (a folder), a wheel's members included."""
    files = [target] if target.is_file() else sorted(p for p in target.rglob("*") if p.is_file())
    for path in files:
        if path.suffix == ".whl":
            with zipfile.ZipFile(path) as wheel:
                for member in wheel.namelist():
                    yield f"{path.name}/{member}", wheel.read(member).decode("utf-8", "replace")
        elif path.suffix not in (".png", ".svg", ".woff", ".woff2", ".ttf", ".ico", ".gz"):
            yield str(path), path.read_bytes().decode("utf-8", "replace")


def find_leaks(targets: list[Path], solutions: dict[str, list[str]]) -> list[str]:
    """Where a line of a solution appears in ``targets`` (folders or files), or a solution file itself."""
    leaks = []
    for target in targets:
        for name, text in _texts(target):
            if name.endswith("_solution.py") or re.search(r"_solution\.py\b", name):
                leaks.append(f"{name} is a solution file")
                continue
            normal = _normalised(text)
            for solution, lines in solutions.items():
                hit = next((line for line in lines if line in normal), None)
                if hit:
                    leaks.append(f"{name} holds a line of {solution}: {hit}")
    return leaks


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m instructor.release", description=__doc__.split("\n\n")[0])
    parser.add_argument("--out", type=Path, default=ROOT / "build" / "release", help="default: build/release")
    parser.add_argument("--no-site", action="store_true", help="skip the website")
    args = parser.parse_args(argv)
    try:
        built = build(args.out, site=not args.no_site)
    except LeakError as error:
        print(f"release: {error}", file=sys.stderr)
        return 1
    for what, path in built.items():
        print(f"{what:8} {path}")
    from instructor import links

    course = links.load()
    if course.owner == "OWNER":
        print(f"NOTE: [tool.course] repository is still the placeholder {course.repository}: set it to the student "
              "edition's public repository and run `make links` before publishing, or every launch button and "
              "install line points nowhere.", file=sys.stderr)
    print("No solution in any of them. Publish student/ at the address in [tool.course] (a public repository).")
    return 0


if __name__ == "__main__":
    sys.exit(main())
