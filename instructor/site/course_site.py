"""What the course website adds to Sphinx and myst-nb.

- A launch bar under the title of every notebook page (on the landing page,
  for notebook 00): Binder (JupyterLab on that
  notebook), the course's JupyterHub through nbgitpuller, Colab and GitHub,
  all made by instructor/links.py from ``[tool.course]`` in pyproject.toml.
- Classes on outputs the reader should find: ``widget-fallback`` on the
  static picture or table a notebook stores next to each widget, and
  ``exercise-feedback`` on the stored output of every ``check(...)`` call.
- MathJax 3, copied from the django-static-mathjax wheel into ``_static/mathjax``,
  so that pages typeset their math with no network.
"""

from __future__ import annotations

import html
import json
import os
import shutil
from pathlib import Path

from docutils import nodes

from instructor import links as course_links

COURSE = course_links.load(Path(os.environ.get("COURSE_SITE_ROOT", Path(__file__).resolve().parents[2]))
                           / "pyproject.toml")
WIDGET_VIEW = "application/vnd.jupyter.widget-view+json"
# What MathJax's tex-chtml.js loads at run time: TeX extensions (autoload), fonts, menu, accessibility.
MATHJAX_PARTS = ("tex-chtml.js", "input", "output/chtml", "ui", "a11y", "sre", "adaptors")


def _mathjax_source() -> Path:
    try:
        import mathjax  # the django-static-mathjax wheel: MathJax's files, no Django needed
    except ImportError:
        raise RuntimeError("MathJax is not installed: run `make site` (or pip install -e \".[test]\"), "
                           "which installs the pinned django-static-mathjax package") from None
    es5 = Path(mathjax.__file__).parent / "static" / "mathjax" / "es5"
    if not (es5 / "tex-chtml.js").exists():
        raise RuntimeError(f"no tex-chtml.js in {es5}: reinstall django-static-mathjax")
    return es5


def copy_mathjax(app, exception) -> None:
    if exception is not None or app.builder.format != "html":
        return
    source, target = _mathjax_source(), Path(app.outdir) / "_static" / "mathjax"
    for part in MATHJAX_PARTS:
        src, dst = source / part, target / part
        if src.is_dir():
            shutil.copytree(src, dst, dirs_exist_ok=True)
        else:
            dst.parent.mkdir(parents=True, exist_ok=True)
            shutil.copy2(src, dst)


def _is_notebook(env, docname: str) -> bool:
    return env.doc2path(docname).suffix == ".ipynb"


def mark_outputs(app, doctree) -> None:
    """Class the outputs of widget cells and exercise checks, as the stored notebook says they are."""
    env = app.env
    if not _is_notebook(env, env.docname):
        return
    cells = json.loads(Path(env.doc2path(env.docname)).read_text(encoding="utf-8"))["cells"]
    for container in doctree.findall(nodes.container):
        if container.get("nb_element") != "cell_code":
            continue
        cell = cells[container["cell_index"]]
        outputs = cell.get("outputs", [])
        source = "".join(cell["source"])
        classes = []
        if any(WIDGET_VIEW in o.get("data", {}) or o.get("metadata", {}).get("course") == "widget" for o in outputs):
            classes.append("widget-fallback")
        if "check(" in source and any(str(_text(o)).lstrip().startswith(("✓", "✗")) for o in outputs):
            classes.append("exercise-feedback")
        for child in container.children:
            if child.get("nb_element") == "cell_code_output":
                child["classes"].extend(classes)


def _text(output) -> str:
    data = output.get("data", {}).get("text/plain", output.get("text", ""))
    return "".join(data) if isinstance(data, list) else data


def launch_bar(course, notebook: str, label: str = "Run this notebook:") -> str:
    links = "".join(
        f'<a class="course-launch-link" data-launch="{name.lower()}" href="{html.escape(url)}" '
        f'target="_blank" rel="noopener">{name}</a>'
        for name, url in course_links.launch_links(course, notebook).items())
    title = html.escape(label.rstrip(":"))
    return f'<nav class="course-launch" aria-label="{title}"><span>{html.escape(label)}</span>{links}</nav>'


def add_launch_bar(app, pagename, templatename, context, doctree) -> None:
    """Under the title of each notebook page (and of the landing page, for notebook 00)."""
    if doctree is None or pagename not in app.env.all_docs:
        return
    if _is_notebook(app.env, pagename):
        notebook = Path(app.env.doc2path(pagename)).name
        label = "Run this notebook:"
    elif pagename == app.config.root_doc:
        notebook, label = course_links.FIRST_NOTEBOOK, "Run the course:"
    else:
        return
    body = context["body"]
    end = body.find("</h1>")
    at = end + len("</h1>") if end >= 0 else 0
    context["body"] = body[:at] + launch_bar(COURSE, notebook, label) + body[at:]


def setup(app):
    app.connect("doctree-read", mark_outputs)
    app.connect("html-page-context", add_launch_bar)
    app.connect("build-finished", copy_mathjax)
    return {"parallel_read_safe": True, "parallel_write_safe": True}
