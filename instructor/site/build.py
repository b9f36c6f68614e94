"""Build the course website from the stored, executed notebooks (``make site``).

The site is made with Sphinx, myst-nb and the Sphinx Book Theme (pinned in
pyproject.toml) and needs no network, at build time or when read:

1. stage the sources in ``build/site-src/``: the landing page, made from the
   title in ``[tool.course]`` and the README's introduction, prerequisites and
   course map; the notebooks as stored (they are not run again, so the site
   shows the outputs nbval checks), each with its setup cell folded away. The
   instructor guide is not part of the site: the site is for learners (the
   guide stays in the instructor's repository);
2. run Sphinx with ``site/conf.py`` into ``build/site/`` (warnings are
   errors: a broken link or a notebook that does not render fails the build).

Open ``build/site/index.html`` in a browser, or serve the folder with
``python -m http.server -d build/site``.
"""

from __future__ import annotations

import argparse
import hashlib
import os
import re
import shutil
import subprocess
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
SITE_CONF = ROOT / "instructor" / "site"
SOURCE = ROOT / "build" / "site-src"
OUTPUT = ROOT / "build" / "site"
NOTEBOOK_LINK = re.compile(r"\]\(notebooks/(\d\d_[a-z0-9_]+)\.ipynb\)")


def _section(readme: str, heading: str) -> str:
    """The text of the README's ``## heading`` section, without the heading."""
    match = re.search(rf"^## {re.escape(heading)}\n(.*?)(?=^## |\Z)", readme, re.MULTILINE | re.DOTALL)
    if not match:
        raise ValueError(f"README.md has no '## {heading}' section: the site's landing page is made from it")
    return match.group(1).strip()


def landing_page(readme: str, notebooks: list[str], course_title: str) -> str:
    """The site's index.md: the course's title, the README's introduction, prerequisites and course map, and the
    table of contents."""
    title = re.search(r"^# (.+)$", readme, re.MULTILINE)
    if not title:
        raise ValueError("README.md has no '# title' line")
    intro = readme[title.end():].split("\n## ", 1)[0]
    # The introduction without the badge and the screenshot (they belong to GitHub's page).
    intro = "\n\n".join(p.strip() for p in intro.split("\n\n")
                        if p.strip() and not p.lstrip().startswith(("[![", "![", "*Notebook")))
    course_map = _section(readme, "Course map")
    linked = NOTEBOOK_LINK.findall(course_map)
    missing = sorted(set(notebooks) - set(linked))
    if missing:
        raise ValueError(f"README.md's course map does not link {', '.join(missing)}: add a row per notebook")
    prerequisites = _section(readme, "Before you start")
    toc = "\n".join(f"notebooks/{name}" for name in notebooks)
    return (f"# {course_title}\n\n{intro}\n\n## Before you start\n\n{prerequisites}\n\n## Course map\n\n"
            f"{course_map}\n\n```{{toctree}}\n:hidden:\n:caption: Notebooks\n\n{toc}\n```\n")


def _write_if_changed(path: Path, text: str) -> None:
    if not path.exists() or path.read_text(encoding="utf-8") != text:
        path.write_text(text, encoding="utf-8")


def stage(root: Path = ROOT, source: Path = SOURCE) -> list[str]:
    """Write the site's sources into ``source``; returns the notebook names in course order."""
    notebooks = sorted(p.stem for p in (root / "notebooks").glob("[0-9][0-9]_*.ipynb"))
    if not notebooks:
        raise ValueError(f"no notebooks in {root / 'notebooks'}")
    (source / "notebooks").mkdir(parents=True, exist_ok=True)
    for stale in (source / "notebooks").glob("*.ipynb"):
        if stale.stem not in notebooks:
            stale.unlink()
    for name in notebooks:
        _write_if_changed(source / "notebooks" / f"{name}.ipynb",
                          folded_setup((root / "notebooks" / f"{name}.ipynb").read_text(encoding="utf-8")))
    (source / "instructor-guide.md").unlink(missing_ok=True)
    from instructor import links

    title = links.load(root / "pyproject.toml").title
    _write_if_changed(source / "index.md", landing_page((root / "README.md").read_text(encoding="utf-8"), notebooks,
                                                        title))
    return notebooks


def folded_setup(notebook_text: str) -> str:
    """The notebook with its setup cell (the first code cell) tagged ``hide-input``: folded away on the page."""
    import json

    nb = json.loads(notebook_text)
    cell = next((c for c in nb["cells"] if c["cell_type"] == "code"), None)
    if cell is not None:
        tags = cell.setdefault("metadata", {}).setdefault("tags", [])
        if "hide-input" not in tags:
            tags.append("hide-input")
    return json.dumps(nb, ensure_ascii=False, indent=1)


def build(output: Path = OUTPUT, source: Path = SOURCE, fresh: bool = False, root: Path = ROOT) -> float:
    """Stage the course at ``root`` (this repository, or a student edition) and build its site into ``output``;
    returns the seconds it took."""
    if sys.version_info < (3, 11):
        raise SystemExit("the course website needs Python 3.11 or newer (its Sphinx version does); "
                         f"this is {sys.version.split()[0]}")
    try:
        import myst_nb  # noqa: F401
        import sphinx_book_theme  # noqa: F401
    except ImportError as error:
        raise SystemExit(f"{error.name} is missing: run `make site`, which installs the pinned site tools "
                         "(or pip install -e \".[test]\")") from None
    start = time.perf_counter()
    stage(root=root, source=source)
    doctrees = output.parent / f"{output.name}-doctrees"
    stamp = output / ".site-fingerprint"
    fingerprint = _fingerprint(root)
    if fresh or not stamp.exists() or stamp.read_text() != fingerprint:
        # Sphinx rebuilds a page when its source changes; a change to the site's own code, theme
        # files or [tool.course] changes every page, so start again from nothing.
        shutil.rmtree(output, ignore_errors=True)
        shutil.rmtree(doctrees, ignore_errors=True)
    cmd = [sys.executable, "-m", "sphinx", "-b", "html", "-c", str(SITE_CONF), "-W", "--keep-going", "-q",
           "-d", str(doctrees), str(source), str(output)]
    result = subprocess.run(cmd, cwd=ROOT, env={**os.environ, "COURSE_SITE_ROOT": str(root)})
    if result.returncode != 0:
        stamp.unlink(missing_ok=True)
        raise SystemExit(f"the site did not build (Sphinx exit {result.returncode}): see the warnings above")
    stamp.write_text(fingerprint)
    return time.perf_counter() - start


def _fingerprint(root: Path = ROOT) -> str:
    """A hash of what shapes every page besides its source: the site's code, the links, [tool.course]."""
    from instructor import links as course_links

    digest = hashlib.sha256(repr(course_links.load(root / "pyproject.toml")).encode())
    files = [*SITE_CONF.rglob("*"), ROOT / "instructor" / "links.py"]
    for path in sorted(p for p in files if p.is_file() and "__pycache__" not in p.parts):
        digest.update(path.relative_to(ROOT).as_posix().encode() + b"\0" + path.read_bytes())
    return digest.hexdigest()


def main(argv=None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--fresh", action="store_true", help="remove the previous build first")
    args = parser.parse_args(argv)
    seconds = build(fresh=args.fresh)
    print(f"course website built in {seconds:.1f} s: {OUTPUT.relative_to(ROOT) / 'index.html'}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
