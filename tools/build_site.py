"""Build the course website from the stored, executed notebooks (``make site``).

The site is made with Sphinx, myst-nb and the Sphinx Book Theme (pinned in
pyproject.toml) and needs no network, at build time or when read:

1. stage the sources in ``build/site-src/``: the landing page, made from the
   README's introduction and course map; the notebooks as stored (they are
   not run again, so the site shows the outputs nbval checks); the
   instructor guide from ``docs/instructor-guide.md``;
2. run Sphinx with ``site/conf.py`` into ``build/site/`` (warnings are
   errors: a broken link or a notebook that does not render fails the build).

Open ``build/site/index.html`` in a browser, or serve the folder with
``python -m http.server -d build/site``.
"""

from __future__ import annotations

import argparse
import hashlib
import re
import shutil
import subprocess
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
SITE_CONF = ROOT / "site"
SOURCE = ROOT / "build" / "site-src"
OUTPUT = ROOT / "build" / "site"
GUIDE = ROOT / "docs" / "instructor-guide.md"
NOTEBOOK_LINK = re.compile(r"\]\(notebooks/(\d\d_[a-z0-9_]+)\.ipynb\)")


def _section(readme: str, heading: str) -> str:
    """The text of the README's ``## heading`` section, without the heading."""
    match = re.search(rf"^## {re.escape(heading)}\n(.*?)(?=^## |\Z)", readme, re.MULTILINE | re.DOTALL)
    if not match:
        raise ValueError(f"README.md has no '## {heading}' section: the site's landing page is made from it")
    return match.group(1).strip()


def landing_page(readme: str, notebooks: list[str]) -> str:
    """The site's index.md: the README's title and introduction, its course map, and the table of contents."""
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
    toc = "\n".join(f"notebooks/{name}" for name in notebooks)
    return (f"# {title.group(1)}\n\n{intro}\n\n## Course map\n\n{course_map}\n\n"
            "The [instructor guide](instructor-guide.md) explains how to publish and run the course.\n\n"
            f"```{{toctree}}\n:hidden:\n:caption: Notebooks\n\n{toc}\n```\n\n"
            "```{toctree}\n:hidden:\n:caption: For instructors\n\ninstructor-guide\n```\n")


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
        src, dst = root / "notebooks" / f"{name}.ipynb", source / "notebooks" / f"{name}.ipynb"
        if not dst.exists() or dst.read_bytes() != src.read_bytes():
            shutil.copy2(src, dst)
    _write_if_changed(source / "index.md", landing_page((root / "README.md").read_text(encoding="utf-8"), notebooks))
    _write_if_changed(source / "instructor-guide.md", (root / "docs" / "instructor-guide.md").read_text(encoding="utf-8"))
    return notebooks


def build(output: Path = OUTPUT, source: Path = SOURCE, fresh: bool = False) -> float:
    """Stage and build the site into ``output``; returns the seconds it took."""
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
    stage(source=source)
    doctrees = output.parent / "site-doctrees"
    stamp = output / ".site-fingerprint"
    fingerprint = _fingerprint()
    if fresh or not stamp.exists() or stamp.read_text() != fingerprint:
        # Sphinx rebuilds a page when its source changes; a change to the site's own code, theme
        # files or [tool.course] changes every page, so start again from nothing.
        shutil.rmtree(output, ignore_errors=True)
        shutil.rmtree(doctrees, ignore_errors=True)
    cmd = [sys.executable, "-m", "sphinx", "-b", "html", "-c", str(SITE_CONF), "-W", "--keep-going", "-q",
           "-d", str(doctrees), str(source), str(output)]
    result = subprocess.run(cmd, cwd=ROOT)
    if result.returncode != 0:
        stamp.unlink(missing_ok=True)
        raise SystemExit(f"the site did not build (Sphinx exit {result.returncode}): see the warnings above")
    stamp.write_text(fingerprint)
    return time.perf_counter() - start


def _fingerprint() -> str:
    """A hash of what shapes every page besides its source: site/, the build tools, [tool.course]."""
    sys.path.insert(0, str(ROOT / "tools"))
    import course_links

    digest = hashlib.sha256(repr(course_links.load()).encode())
    files = [*SITE_CONF.rglob("*"), ROOT / "tools" / "course_links.py", ROOT / "tools" / "build_site.py"]
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
