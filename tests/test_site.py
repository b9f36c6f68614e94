"""Open every page of the course website in a real browser, as a reader would.

The site is built once from the stored notebooks (``make site``, with no
network where the machine allows it) and served from 127.0.0.1. Chromium,
driven by Playwright, in which no host but 127.0.0.1 resolves, opens every
page and checks: no console error, no failed request and none that leaves
the site (it is self-contained); the math is typeset by the site's own
MathJax, with no raw ``$...$`` left; every plot is an image that loaded;
every widget shows its stored static fallback; every exercise check shows its
stored feedback; previous/next follow the course order; the launch buttons
open that page's notebook; every internal link answers 200 and its anchor
exists. With ``UPDATE_SITE_SCREENSHOTS=1`` (``make site-screenshots``) it
refreshes docs/site-landing.png and docs/site-notebook.png.

Chromium is found as in tests/test_browser.py (Debian's package, or
``CHROMIUM=``); without it the test is skipped with a note, except under CI.
"""

from __future__ import annotations

import json
import os
import re
import subprocess
import sys
import urllib.error
import urllib.request
from urllib.parse import urldefrag

import pytest

from browser_support import CHROMIUM, CHROMIUM_ARGS, free_port, require_chromium, wait_until_serving
from site_build import NOTEBOOKS, ROOT, built_site, course_links, skip_without_site_tools

ARTIFACTS = ROOT / "test-artifacts" / "site"
SCREENSHOTS = {"index.html": ROOT / "docs" / "site-landing.png",
               "notebooks/01_chain_rule.html": ROOT / "docs" / "site-notebook.png"}
WIDGET_VIEW = "application/vnd.jupyter.widget-view+json"

require_chromium("site test")

playwright = pytest.importorskip("playwright.sync_api")

PAGES = ["index.html", *(f"notebooks/{nb.removesuffix('.ipynb')}.html" for nb in NOTEBOOKS)]
COURSE = course_links.load()


def _stored(notebook: str) -> dict:
    """What the stored notebook says its page must show."""
    cells = json.loads((ROOT / "notebooks" / notebook).read_text(encoding="utf-8"))["cells"]
    outputs = [(c, o) for c in cells if c["cell_type"] == "code" for o in c.get("outputs", [])]
    data = lambda o: o.get("data", {})
    text = lambda o: "".join(data(o).get("text/plain", ""))
    feedback = []
    for cell, o in outputs:
        if "check(" in "".join(cell["source"]) and text(o).lstrip().startswith(("✓", "✗")):
            key = re.search(r"\[([0-9]{2}\.[A-Za-z0-9_]+)\]", text(o))
            feedback.append(key.group(1))
    return {
        "widgets": [("image" if "image/png" in data(o) and "<table" not in "".join(data(o).get("text/html", "")) else "text")
                    for _, o in outputs if o.get("metadata", {}).get("course") == "widget"],
        # myst-nb shows text/html before image/png: a PNG is a picture unless HTML without one stands beside it
        # (a figure shown with helpers.show is both: an <img> with alt text in HTML, and the PNG)
        "images": sum("image/png" in data(o) and "<img" in "".join(data(o).get("text/html", "<img"))
                      for _, o in outputs),
        "feedback": feedback,
        "math": any("$" in "".join(c["source"]) for c in cells if c["cell_type"] == "markdown"),
    }


@pytest.fixture(scope="module")
def site():
    """(base URL, output folder): the built site served by ``python -m http.server`` on 127.0.0.1."""
    skip_without_site_tools()
    output = built_site()
    port = free_port()
    server = subprocess.Popen([sys.executable, "-m", "http.server", str(port), "--bind", "127.0.0.1",
                               "--directory", str(output)], stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    base = f"http://127.0.0.1:{port}/"
    wait_until_serving(base + "index.html", server, 20, f"python -m http.server did not serve {output} on port {port}")
    try:
        yield base, output
    finally:
        server.terminate()
        server.wait(timeout=10)


@pytest.fixture(scope="module")
def browser():
    """Chromium in which no host but 127.0.0.1 resolves: a page that reaches out fails its request."""
    with playwright.sync_playwright() as p:
        b = p.chromium.launch(executable_path=CHROMIUM, headless=True,
                              args=[*CHROMIUM_ARGS, "--host-resolver-rules=MAP * ~NOTFOUND, EXCLUDE 127.0.0.1"])
        yield b
        b.close()


@pytest.fixture(scope="module")
def page(browser):
    """One tab for all pages, as a reader going through the course."""
    context = browser.new_context(viewport={"width": 1280, "height": 900})
    yield context.new_page()
    context.close()


@pytest.fixture(scope="module")
def internal_links():
    """Every same-site URL any page refers to: {url: [pages that refer to it]}, filled by test_page."""
    return {}


# In the page: what MathJax did, what the reader sees of plots, widgets, feedback and links.
PAGE_JS = """async () => {
  const main = document.querySelector('main') || document.body;
  let typeset = null;
  if (window.MathJax && MathJax.startup && MathJax.startup.promise) {
    await MathJax.startup.promise;
    typeset = true;
  }
  const visible = e => { const r = e.getBoundingClientRect(); return r.width > 0 && r.height > 0
                         && getComputedStyle(e).visibility !== 'hidden'; };
  // Text outside code and outside typeset math: where a raw $...$ would show.
  const clone = main.cloneNode(true);
  clone.querySelectorAll('pre, code, .highlight, .cell_output, mjx-container, script, style')
       .forEach(e => e.remove());
  const images = Array.from(main.querySelectorAll('.cell_output img'));
  return {
    typeset,
    mathjaxScript: Array.from(document.scripts).map(s => s.src).filter(s => /mathjax/i.test(s)),
    mathNodes: main.querySelectorAll('.math').length,
    untypeset: Array.from(main.querySelectorAll('.math')).filter(e => !e.querySelector('mjx-container')).length,
    mjx: main.querySelectorAll('mjx-container').length,
    text: clone.innerText,
    images: images.map(i => ({src: i.getAttribute('src'), w: i.naturalWidth, shown: visible(i), complete: i.complete})),
    widgets: Array.from(main.querySelectorAll('.widget-fallback')).map(e => ({
      shown: visible(e), text: e.innerText.trim(),
      images: Array.from(e.querySelectorAll('img')).map(i => i.naturalWidth)})),
    feedback: Array.from(main.querySelectorAll('.exercise-feedback')).map(e => ({shown: visible(e), text: e.innerText})),
    prev: (document.querySelector('.prev-next-area a.left-prev') || {}).href || null,
    next: (document.querySelector('.prev-next-area a.right-next') || {}).href || null,
    foldedSetup: !!main.querySelector('.cell.tag_hide-input details, .cell.tag_hide-input .toggle-details'),
    launch: Object.fromEntries(Array.from(document.querySelectorAll('.course-launch a'))
                               .map(a => [a.dataset.launch, a.getAttribute('href')])),
    urls: Array.from(document.querySelectorAll('a[href], link[href], script[src], img[src]'))
               .map(e => e.href || e.src),
  };
}"""


@pytest.mark.parametrize("page_path", PAGES)
def test_page(site, page, internal_links, page_path):
    base, output = site
    problems = []
    listeners = {
        "console": lambda m: m.type == "error" and problems.append(f"console error: {m.text}"),
        "pageerror": lambda e: problems.append(f"page error: {e}"),
        # ERR_ABORTED: a request cut short by moving on to the next page (the favicon, say), not a failure.
        "requestfailed": lambda r: r.failure == "net::ERR_ABORTED" or problems.append(
            f"request failed: {r.url} ({r.failure})"),
        "request": lambda r: (r.url.startswith(base) or r.url.startswith("data:")
                              or problems.append(f"request outside the site: {r.url}")),
        "response": lambda r: r.status >= 400 and problems.append(f"HTTP {r.status}: {r.url}"),
    }
    for event, listener in listeners.items():
        page.on(event, listener)
    try:
        page.goto(base + page_path, wait_until="load")
        state = page.evaluate(PAGE_JS)
        if os.environ.get("UPDATE_SITE_SCREENSHOTS") == "1" and page_path in SCREENSHOTS:
            page.screenshot(path=str(SCREENSHOTS[page_path]))
    finally:
        for event, listener in listeners.items():
            page.remove_listener(event, listener)
    if problems:
        ARTIFACTS.mkdir(parents=True, exist_ok=True)
        page.screenshot(path=str(ARTIFACTS / (page_path.replace("/", "_").removesuffix(".html") + ".png")))

    assert not problems, f"{page_path}:\n" + "\n".join(problems)
    for url in state["urls"]:
        if url.startswith(base):
            internal_links.setdefault(url, []).append(page_path)

    # Raw TeX delimiters left in the reader's text mean math that was not typeset.
    raw = re.findall(r"\$[^$\n]{1,80}\$|\\\(|\\\[", state["text"])
    assert not raw, f"{page_path}: raw TeX in the page's text: {raw[:5]}"

    if not page_path.startswith("notebooks/"):
        return
    notebook = page_path.removeprefix("notebooks/").replace(".html", ".ipynb")
    stored = _stored(notebook)

    # Math: typeset by the site's own MathJax.
    if stored["math"]:
        assert state["mathjaxScript"] and all(s.startswith(base + "_static/mathjax/") for s in state["mathjaxScript"]), \
            f"{page_path}: MathJax is not loaded from the site: {state['mathjaxScript']}"
        assert state["typeset"] and state["mathNodes"] > 0 and state["mjx"] >= state["mathNodes"], \
            f"{page_path}: math not typeset ({state['mjx']} MathJax outputs for {state['mathNodes']} formulas)"
        assert state["untypeset"] == 0, f"{page_path}: {state['untypeset']} formulas left untypeset"

    # Plots: every stored picture is on the page and loaded.
    images = state["images"]
    assert len(images) == stored["images"], \
        f"{page_path}: {len(images)} images in outputs, the notebook stores {stored['images']}"
    bad = [i for i in images if not (i["complete"] and i["w"] > 0 and i["shown"])]
    assert not bad, f"{page_path}: images not shown: {bad}"

    # Widgets: the static fallback stored next to each one, visible.
    widgets = state["widgets"]
    assert len(widgets) == len(stored["widgets"]), \
        f"{page_path}: {len(widgets)} widget fallbacks shown, the notebook stores {len(stored['widgets'])} widgets"
    for shown, kind in zip(widgets, stored["widgets"]):
        assert shown["shown"] and (shown["text"] or shown["images"]), \
            f"{page_path}: a widget's fallback is not visible: {shown}"
        if kind == "image":
            assert shown["images"] and all(w > 0 for w in shown["images"]), \
                f"{page_path}: a widget's fallback picture did not load: {shown}"

    # Exercises: the stored feedback of every check(...) call.
    feedback = state["feedback"]
    assert [re.search(r"\[(\d\d\.\w+)\]", f["text"]).group(1) for f in feedback] == stored["feedback"], \
        f"{page_path}: feedback shown {[f['text'][:60] for f in feedback]}, stored for {stored['feedback']}"
    assert all(f["shown"] for f in feedback), f"{page_path}: feedback not visible"

    # Previous and next follow the course order (00 goes back to the landing page; the last has no next).
    order = PAGES
    i = order.index(page_path)
    assert state["prev"] == base + order[i - 1], f"{page_path}: previous is {state['prev']}"
    assert state["next"] == (base + order[i + 1] if i + 1 < len(order) else None), f"{page_path}: next is {state['next']}"

    # The setup cell is folded away: the page opens on the notebook's title and overview.
    assert state["foldedSetup"], f"{page_path}: the setup cell is not folded"

    # Launch buttons: this page's notebook, from the one address in pyproject.toml.
    expected = {label.lower(): url for label, url in course_links.launch_links(COURSE, notebook).items()}
    assert state["launch"] == expected, f"{page_path}: launch links {state['launch']}, expected {expected}"


def test_landing_page_maps_the_course(site, page):
    base, _ = site
    page.goto(base + "index.html")
    links = page.evaluate("() => Array.from(document.querySelectorAll('main table a')).map(a => a.getAttribute('href'))")
    launch = page.evaluate("() => Array.from(document.querySelectorAll('.course-launch a')).map(a => a.getAttribute('href'))")
    assert links == [f"notebooks/{nb.removesuffix('.ipynb')}.html" for nb in NOTEBOOKS], \
        f"the landing page's course map links {links}"
    assert launch == list(course_links.launch_links(COURSE, course_links.FIRST_NOTEBOOK).values())


def test_internal_links_resolve(site, internal_links):
    """Every same-site URL the pages refer to answers 200, and its #anchor exists on the target page."""
    base, output = site
    if len(internal_links) < 50:
        pytest.skip("run with the page tests (they collect the links)")
    broken, pages = [], {}
    for url, referrers in sorted(internal_links.items()):
        target, anchor = urldefrag(url)
        if target not in pages:
            try:
                with urllib.request.urlopen(target, timeout=10) as r:
                    pages[target] = (r.status, r.read() if target.endswith(".html") or target.endswith("/") else b"")
            except urllib.error.HTTPError as error:
                pages[target] = (error.code, b"")
        status, body = pages[target]
        if status != 200:
            broken.append(f"{url} (HTTP {status}, from {referrers[0]})")
        elif anchor and f'id="{anchor}"'.encode() not in body:
            broken.append(f"{url} (no #{anchor} on the page, from {referrers[0]})")
    assert not broken, "broken internal links:\n" + "\n".join(broken)
