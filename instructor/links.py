"""Every public link to the course, made from the one address in pyproject.toml.

The course's GitHub repository, branch, BinderHub and JupyterHub are written
once, in ``[tool.course]`` of ``pyproject.toml``. Everything that points at the
published course is generated here from them:

- the README's Binder badge and CITATION.cff's repository (``python -m instructor.links
  --write-readme`` rewrites those lines; ``--check`` fails when one disagrees);
- the website's launch buttons on each notebook page: Binder opening
  JupyterLab on that notebook, a JupyterHub through an nbgitpuller link, and
  Google Colab;
- the first lines of every notebook's setup cell, which install the course's
  ``helpers`` from the repository when a notebook is opened on its own (Colab,
  a JupyterHub without the course) and do nothing where the course is
  installed (``--write-notebooks`` rewrites them, ``--check`` fails when one
  disagrees).

Example::

    >>> course = Course("me", "custom-gradients-tf2", "main", "https://mybinder.org", "https://hub.example.edu")
    >>> binder_url(course, "01_chain_rule.ipynb")
    'https://mybinder.org/v2/gh/me/custom-gradients-tf2/main?urlpath=lab/tree/notebooks/01_chain_rule.ipynb'
    >>> colab_url(course, "01_chain_rule.ipynb")
    'https://colab.research.google.com/github/me/custom-gradients-tf2/blob/main/notebooks/01_chain_rule.ipynb'
"""

from __future__ import annotations

import argparse
import re
import sys
from dataclasses import dataclass
from pathlib import Path
from urllib.parse import quote, urlsplit

try:
    import tomllib  # Python 3.11+
except ImportError:  # Python 3.10: the TOML reader pip itself ships
    from pip._vendor import tomli as tomllib

ROOT = Path(__file__).resolve().parents[1]
PYPROJECT = ROOT / "pyproject.toml"
README = ROOT / "README.md"
CITATION = ROOT / "CITATION.cff"
CITATION_LINE = re.compile(r'^repository-code: .*$', re.MULTILINE)
NOTEBOOK_DIR = "notebooks"
FIRST_NOTEBOOK = "00_start_here.ipynb"
COLAB = "https://colab.research.google.com"
BADGE_IMAGE = "https://mybinder.org/badge_logo.svg"
BADGE_LINE = re.compile(r"^\[!\[Launch on Binder\]\(.*$", re.MULTILINE)

_NAME = re.compile(r"^[A-Za-z0-9][A-Za-z0-9-]{0,38}$")
_REPO = re.compile(r"^[A-Za-z0-9._-]{1,100}$")
_BRANCH = re.compile(r"^[A-Za-z0-9._/-]{1,200}$")


DEFAULT_TITLE = "Custom gradients in TensorFlow 2"
DEFAULT_AUTHOR = "the course authors"


@dataclass(frozen=True)
class Course:
    """Where the course is published (GitHub ``owner/name`` on ``branch``), the hubs that run it, and its name.

    ``jupyterhub = ""`` turns the JupyterHub button off; ``colab = False`` the Colab button.
    """

    owner: str
    name: str
    branch: str
    binderhub: str
    jupyterhub: str
    colab: bool = True
    title: str = DEFAULT_TITLE
    author: str = DEFAULT_AUTHOR

    @property
    def repository(self) -> str:
        return f"{self.owner}/{self.name}"

    @property
    def git_url(self) -> str:
        return f"https://github.com/{self.owner}/{self.name}"


def _url_setting(key: str, value, optional: bool = False) -> str:
    if optional and value == "":
        return ""                     # the button is turned off
    parts = urlsplit(value) if isinstance(value, str) else None
    if not parts or parts.scheme not in ("http", "https") or not parts.netloc or parts.query or parts.fragment:
        raise ValueError(f"[tool.course] {key} = {value!r} in pyproject.toml is not a web address: "
                         f'write it as "https://host" (with a path if the hub has one, no query)')
    return value.rstrip("/")


def load(pyproject: Path = PYPROJECT) -> Course:
    """The course's address as ``[tool.course]`` in ``pyproject`` gives it; a clear error if it is malformed."""
    try:
        settings = tomllib.loads(Path(pyproject).read_text(encoding="utf-8"))["tool"]["course"]
    except KeyError:
        raise ValueError(f"{pyproject} has no [tool.course] table: add one with repository = \"OWNER/NAME\", "
                         "branch, binderhub and jupyterhub") from None
    missing = [k for k in ("repository", "branch", "binderhub", "jupyterhub") if k not in settings]
    if missing:
        raise ValueError(f"[tool.course] in {pyproject} lacks {', '.join(missing)}: every link is made from "
                         "repository, branch, binderhub and jupyterhub")
    repository = settings["repository"]
    owner, _, name = repository.partition("/") if isinstance(repository, str) else ("", "", "")
    if not (_NAME.match(owner) and _REPO.match(name) and name not in (".", "..")):
        raise ValueError(f"[tool.course] repository = {repository!r} is not a GitHub owner/name: write it as "
                         '"OWNER/NAME", e.g. "my-university/custom-gradients-tf2"')
    branch = settings["branch"]
    if not (isinstance(branch, str) and _BRANCH.match(branch) and ".." not in branch):
        raise ValueError(f"[tool.course] branch = {branch!r} is not a git branch name: write it as e.g. \"main\"")
    colab = settings.get("colab", True)
    if not isinstance(colab, bool):
        raise ValueError(f"[tool.course] colab = {colab!r}: write true (a Colab button on every page) or false")
    title, author = settings.get("title", DEFAULT_TITLE), settings.get("author", DEFAULT_AUTHOR)
    if not (isinstance(title, str) and title.strip() and isinstance(author, str) and author.strip()):
        raise ValueError("[tool.course] title and author must be text, e.g. title = \"Custom gradients\"")
    return Course(owner, name, branch, _url_setting("binderhub", settings["binderhub"]),
                  _url_setting("jupyterhub", settings["jupyterhub"], optional=True), colab, title.strip(),
                  author.strip())


def _notebook_path(notebook: str) -> str:
    """``notebooks/FILE.ipynb`` for a notebook's file name (or that path itself)."""
    file = notebook.removeprefix(f"{NOTEBOOK_DIR}/")
    if "/" in file or not file.endswith(".ipynb"):
        raise ValueError(f"{notebook!r} is not a notebook of the course: give its file name, e.g. "
                         f"{FIRST_NOTEBOOK!r}")
    return f"{NOTEBOOK_DIR}/{file}"


def binder_url(course: Course, notebook: str = FIRST_NOTEBOOK) -> str:
    """Binder, opening JupyterLab on ``notebook``."""
    return (f"{course.binderhub}/v2/gh/{course.owner}/{course.name}/{course.branch}"
            f"?urlpath=lab/tree/{_notebook_path(notebook)}")


def jupyterhub_url(course: Course, notebook: str = FIRST_NOTEBOOK) -> str:
    """An nbgitpuller link: the hub clones (or updates) the repository into ``NAME/`` and opens ``notebook``."""
    urlpath = f"lab/tree/{course.name}/{_notebook_path(notebook)}"
    return (f"{course.jupyterhub}/hub/user-redirect/git-pull?repo={quote(course.git_url, safe='')}"
            f"&urlpath={quote(urlpath, safe='')}&branch={quote(course.branch, safe='')}")


def colab_url(course: Course, notebook: str = FIRST_NOTEBOOK) -> str:
    """Google Colab, opening ``notebook`` from GitHub."""
    return f"{COLAB}/github/{course.owner}/{course.name}/blob/{course.branch}/{_notebook_path(notebook)}"


def github_url(course: Course, notebook: str = FIRST_NOTEBOOK) -> str:
    """The notebook's page on GitHub."""
    return f"{course.git_url}/blob/{course.branch}/{_notebook_path(notebook)}"


def launch_links(course: Course, notebook: str) -> dict[str, str]:
    """{label: address} of the buttons on a notebook's web page, in the order they are shown."""
    links = {"Binder": binder_url(course, notebook), "JupyterHub": jupyterhub_url(course, notebook),
             "Colab": colab_url(course, notebook), "GitHub": github_url(course, notebook)}
    if not course.jupyterhub:
        del links["JupyterHub"]
    if not course.colab:
        del links["Colab"]
    return links


def badge_line(course: Course) -> str:
    """The README's Binder badge, opening the first notebook."""
    return f"[![Launch on Binder]({BADGE_IMAGE})]({binder_url(course)})"


def readme_badges(text: str) -> list[str]:
    """The Binder badge lines of a README's text."""
    return BADGE_LINE.findall(text)


def write_readme(course: Course, readme: Path = README) -> bool:
    """Rewrite the README's Binder badge line from ``course``; True if the file changed."""
    text = readme.read_text(encoding="utf-8")
    if len(readme_badges(text)) != 1:
        raise ValueError(f"{readme} should have exactly one line starting with '[![Launch on Binder](', "
                         f"found {len(readme_badges(text))}: put the badge back on a line of its own")
    new = BADGE_LINE.sub(lambda _: badge_line(course), text)
    if new != text:
        readme.write_text(new, encoding="utf-8")
    return new != text


def citation_line(course: Course) -> str:
    """CITATION.cff's ``repository-code`` line: the published (student edition's) repository."""
    return f'repository-code: "https://github.com/{course.repository}"'


def write_citation(course: Course, citation: Path = CITATION) -> bool:
    """Rewrite CITATION.cff's repository line from ``course``; True if the file changed."""
    text = citation.read_text(encoding="utf-8")
    if len(CITATION_LINE.findall(text)) != 1:
        raise ValueError(f"{citation} should have exactly one line starting with 'repository-code: '")
    new = CITATION_LINE.sub(lambda _: citation_line(course), text)
    if new != text:
        citation.write_text(new, encoding="utf-8")
    return new != text


SETUP_STANZA = re.compile(r"^try:\n    import helpers\nexcept ModuleNotFoundError.*?\n    import helpers[^\n]*\n",
                          re.MULTILINE | re.DOTALL)
"""The install lines of a setup cell, as :func:`setup_stanza` writes them (any address)."""


def setup_stanza(course: Course) -> str:
    """The lines that replace ``import helpers`` in a setup cell: install the helpers only when they are missing.

    ``--no-deps``: where the course is opened alone (Colab, a hub) TensorFlow and NumPy are already
    there, and the course's exact pins would replace them. A missing dependency (say ipywidgets) is
    raised as it is, so the learner sees which package to install. pip's own output is kept out of
    the notebook: when the install fails (no network, a private repository), one sentence says what
    happened and what to do, and the error stops Run All before the next cell.
    """
    return ("try:\n"
            "    import helpers\n"
            "except ModuleNotFoundError as missing:     # opened alone (Colab, a hub)?\n"
            "    if missing.name != \"helpers\":\n"
            "        raise                              # another package is missing: install it\n"
            "    import subprocess, sys\n"
            f'    source = "git+{course.git_url}@{course.branch}"\n'
            "    pip = [sys.executable, \"-m\", \"pip\", \"install\", \"--quiet\", \"--no-deps\", source]\n"
            "    if subprocess.run(pip, capture_output=True).returncode != 0:\n"
            "        raise ModuleNotFoundError(f\"The course's helpers could not be installed from {source} (no \"\n"
            "                                  \"internet here, or the repository is private): open the whole \"\n"
            "                                  \"course instead, on Binder or in a clone with `make lab`.\") from None\n"
            "    import helpers\n")


def _setup_cell(notebook: dict, path: Path) -> dict:
    cells = [c for c in notebook["cells"] if c["cell_type"] == "code"]
    if not cells:
        raise ValueError(f"{path} has no code cell: its first code cell should be the setup cell")
    return cells[0]


def notebook_stanzas(directory: Path = ROOT / NOTEBOOK_DIR) -> dict[str, list[str]]:
    """{notebook file: the install stanzas its setup cell has} (exactly one is expected)."""
    import json

    found = {}
    for path in sorted(Path(directory).glob("*.ipynb")):
        source = "".join(_setup_cell(json.loads(path.read_text(encoding="utf-8")), path)["source"])
        found[path.name] = SETUP_STANZA.findall(source + "\n")
    return found


def write_notebooks(course: Course, directory: Path = ROOT / NOTEBOOK_DIR) -> list[str]:
    """Put :func:`setup_stanza` in every notebook's setup cell (in place of ``import helpers``); changed files."""
    import nbformat

    changed = []
    for path in sorted(Path(directory).glob("*.ipynb")):
        notebook = nbformat.read(path, as_version=4)
        cell = _setup_cell(notebook, path)
        source = cell.source + "\n"
        if SETUP_STANZA.search(source):
            new = SETUP_STANZA.sub(lambda _: setup_stanza(course), source, count=1)
        elif re.search(r"^import helpers\n", source, re.MULTILINE):
            new = re.sub(r"^import helpers\n", lambda _: setup_stanza(course), source, count=1, flags=re.MULTILINE)
        else:
            raise ValueError(f"{path.name}: its setup cell has no line 'import helpers' to put the install lines in")
        new = new[:-1]
        if new != cell.source:
            cell.source = new
            nbformat.write(notebook, path)
            changed.append(path.name)
    return changed


def main(argv=None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    group = parser.add_mutually_exclusive_group()
    group.add_argument("--write-readme", action="store_true",
                       help="rewrite the README's Binder badge line and CITATION.cff's repository")
    group.add_argument("--write-notebooks", action="store_true",
                       help="rewrite the install lines of every notebook's setup cell")
    group.add_argument("--check", action="store_true",
                       help="exit 1 if the README's badge or a notebook's install lines disagree")
    args = parser.parse_args(argv)
    try:
        course = load()
        if args.write_readme:
            changed = write_readme(course)
            print(f"README.md: Binder badge {'rewritten' if changed else 'already up to date'} "
                  f"for {course.repository}@{course.branch}")
            changed = write_citation(course)
            print(f"CITATION.cff: repository {'rewritten' if changed else 'already up to date'}")
        elif args.write_notebooks:
            changed = write_notebooks(course)
            print(f"notebooks: install lines {'rewritten in ' + ', '.join(changed) if changed else 'already up to date'}"
                  f" for {course.repository}@{course.branch}")
        elif args.check:
            found = readme_badges(README.read_text(encoding="utf-8"))
            if found != [badge_line(course)]:
                print(f"README.md's Binder badge disagrees with [tool.course] in pyproject.toml "
                      f"({course.repository}@{course.branch}): run `make links`", file=sys.stderr)
                return 1
            if CITATION_LINE.findall(CITATION.read_text(encoding="utf-8")) != [citation_line(course)]:
                print(f"CITATION.cff's repository disagrees with [tool.course] in pyproject.toml ({course.repository}): "
                      "run `make links`", file=sys.stderr)
                return 1
            wrong = [name for name, stanzas in notebook_stanzas().items() if stanzas != [setup_stanza(course)]]
            if wrong:
                print(f"the install lines of {', '.join(wrong)} disagree with [tool.course] in pyproject.toml "
                      f"({course.repository}@{course.branch}): run `make links`", file=sys.stderr)
                return 1
            print("README.md's Binder badge, CITATION.cff and the notebooks' install lines agree with pyproject.toml")
        else:
            print(f"repository {course.git_url} (branch {course.branch})")
            for label, url in launch_links(course, FIRST_NOTEBOOK).items():
                print(f"{label:10} {url}")
    except ValueError as error:
        print(f"error: {error}", file=sys.stderr)
        return 2
    return 0


if __name__ == "__main__":
    sys.exit(main())
