"""Sphinx configuration of the course website (built by instructor/site/build.py, `make site`).

The pages are the stored, executed notebooks, rendered by myst-nb without
running them again: what the site shows is what nbval checks. Everything the
pages load is served from the site itself (MathJax included), so it works
with no network.
"""

import sys
from pathlib import Path

SITE = Path(__file__).resolve().parent
sys.path[:0] = [str(SITE), str(SITE.parents[1])]

from instructor import links as course_links  # noqa: E402  (instructor/links.py: the one address)

import os  # noqa: E402

# The course being built: this repository, or a student edition (make release).
_course = course_links.load(Path(os.environ.get("COURSE_SITE_ROOT", SITE.parents[2])) / "pyproject.toml")

project = _course.title
author = _course.author
copyright = _course.author  # noqa: A001 - Sphinx's name for it

extensions = ["myst_nb", "course_site"]
templates_path = []
exclude_patterns = ["_build", "**.ipynb_checkpoints"]
root_doc = "index"

# Notebooks as stored: never executed here.
nb_execution_mode = "off"
# A widget's live view needs JavaScript from a CDN: show the static fallback the notebook
# stores next to it (an image or a table) instead, and load no widget JavaScript.
nb_mime_priority_overrides = [("html", "application/vnd.jupyter.widget-view+json", None)]
nb_ipywidgets_js = {}
nb_merge_streams = True
myst_enable_extensions = ["dollarmath", "amsmath"]
# JupyterLab also reads $$...$$ inside a paragraph (notebook 08 writes one in a list item).
myst_dmath_double_inline = True
myst_heading_anchors = 3

# MathJax 3 from the django-static-mathjax wheel, copied into _static/mathjax by course_site.
mathjax_path = "mathjax/tex-chtml.js"

html_theme = "sphinx_book_theme"
html_title = project
html_favicon = "_static/favicon.svg"
html_static_path = ["_static"]
html_css_files = ["course.css"]
html_show_sourcelink = False
html_copy_source = False
# Light pages: the notebooks' outputs (feedback boxes, plots) are drawn for a light background.
html_context = {"default_mode": "light"}
html_theme_options = {
    "repository_url": _course.git_url,
    "repository_branch": _course.branch,
    "use_repository_button": True,
    "use_download_button": False,
    "use_fullscreen_button": False,
    "show_toc_level": 1,
    "home_page_in_toc": True,
    "navigation_with_keys": False,
    "search_bar_text": "Search the course…",
}
