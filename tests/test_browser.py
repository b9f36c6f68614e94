"""Open every notebook in JupyterLab in a real browser, as a learner would.

nbval proves the kernel side of a notebook (it runs every notebook and compares
its outputs, and conftest.py checks each kernel's peak memory); this test checks
what a learner sees. It starts ``jupyter lab`` on 127.0.0.1 (free port, random
token), drives Debian's Chromium with Playwright and opens every notebook in one
JupyterLab tab, one after the other, as a learner working through the course would.

- A notebook with widgets is run there, all cells: the test waits until every
  cell has run and the kernel is idle, then asserts that no cell shows an error
  (except cells marked to raise), that every widget rendered and every plot
  appears as an image. In 01_chain_rule it moves a slider and watches the
  explorer's table change. It prints the run time and the kernel's memory, and
  holds the kernel's peak and own memory to conftest's MAX_PEAK_MEMORY_MB and
  MAX_OWN_MEMORY_MB (conftest.py says how library pages are measured).
- A notebook without widgets is shown as stored, without running it again
  (nbval has just run it): no cell shows an error except cells marked to raise,
  every stored plot appears as an image, and the page has no JavaScript error.

It saves a screenshot per notebook in ``test-artifacts/screenshots/``. With
``UPDATE_README_SCREENSHOT=1`` it also refreshes the README's picture of the
explorer (``make screenshot``).

Chromium comes from Debian's ``chromium`` package (``make test`` installs it
where it can). Without it the test is skipped with a note, except under CI
(``CI=true``), where it must run.
"""

from __future__ import annotations

import json
import os
import secrets
import shutil
import subprocess
import sys
import time
import urllib.request
from pathlib import Path

import pytest

from browser_support import CHROMIUM, CHROMIUM_ARGS, free_port, require_chromium, wait_until_serving
from conftest import describe_memory, kernel_memory_mb, memory_problem

ROOT = Path(__file__).resolve().parents[1]
NOTEBOOKS = sorted((ROOT / "notebooks").glob("*.ipynb"))
ARTIFACTS = ROOT / "test-artifacts" / "screenshots"
RUN_TIMEOUT_S = 180
README_SCREENSHOT = ROOT / "docs" / "course-in-jupyterlab.png"

require_chromium("browser test")

playwright = pytest.importorskip("playwright.sync_api")
psutil = pytest.importorskip("psutil")


@pytest.fixture(scope="module")
def lab(tmp_path_factory):
    """A JupyterLab server on 127.0.0.1 with a random token; yields (base URL, token, process).

    It serves a copy of the notebooks, so that nothing the browser does (an
    autosave after running, say) can change the stored notebooks.
    """
    root = tmp_path_factory.mktemp("course")
    shutil.copytree(ROOT / "notebooks", root / "notebooks")
    port, token = free_port(), secrets.token_hex(16)
    cmd = [sys.executable, "-m", "jupyterlab", "--no-browser", "--ip=127.0.0.1", f"--port={port}",
           f"--IdentityProvider.token={token}", f"--ServerApp.root_dir={root}",
           "--LabApp.expose_app_in_browser=True", "--ServerApp.port_retries=0"]
    if hasattr(os, "geteuid") and os.geteuid() == 0:
        cmd.append("--allow-root")
    env = dict(os.environ, TF_CPP_MIN_LOG_LEVEL="3", TF_ENABLE_ONEDNN_OPTS="0")
    ARTIFACTS.mkdir(parents=True, exist_ok=True)
    log = open(ROOT / "test-artifacts" / "jupyterlab.log", "w")
    server = subprocess.Popen(cmd, stdout=log, stderr=subprocess.STDOUT, env=env, cwd=root)
    base = f"http://127.0.0.1:{port}"
    wait_until_serving(f"{base}/api/status?token={token}", server, 90,
                       f"JupyterLab did not start; see {ROOT / 'test-artifacts' / 'jupyterlab.log'}")
    try:
        with urllib.request.urlopen(f"{base}/lab?token={token}", timeout=10) as r:
            assert r.status == 200, "the server does not answer on /lab"
        yield base, token, server
    finally:
        server.terminate()
        try:
            server.wait(timeout=20)
        except subprocess.TimeoutExpired:
            server.kill()


@pytest.fixture(scope="module")
def browser():
    with playwright.sync_playwright() as p:
        b = p.chromium.launch(executable_path=CHROMIUM, headless=True, args=CHROMIUM_ARGS)
        yield b
        b.close()


@pytest.fixture(scope="module")
def workspace(lab, browser):
    """One JupyterLab tab for the whole module, as a learner keeps one open: yields (page, page errors).

    JupyterLab loads once, with the file browser on the notebooks folder; each test opens its notebook
    in it and closes it again (its kernel shut down).
    """
    base, token, _ = lab
    page = browser.new_page(viewport={"width": 1280, "height": 900})
    errors: list[str] = []
    page.on("pageerror", lambda e: errors.append(str(e)))
    page.goto(f"{base}/lab/tree/notebooks?token={token}&reset", timeout=60_000)
    page.wait_for_selector("#jupyterlab-splash", state="detached", timeout=60_000)
    # The splash can go before the app object exists (after `reset` reloads the page, say): wait for it too.
    page.wait_for_function("() => window.jupyterapp !== undefined", timeout=60_000)
    page.evaluate("async () => { await window.jupyterapp.restored; }")
    yield page, errors
    page.close()


# JavaScript run in the page: open a notebook alone in the main area (the launcher closed), wait until
# it is shown; its widget's id.
OPEN_JS = """async (path) => {
  const app = window.jupyterapp;
  const w = await app.commands.execute('docmanager:open', {path});
  await w.context.ready;
  for (const other of Array.from(app.shell.widgets('main'))) if (other !== w) other.close();
  app.shell.activateById(w.id);
  await w.revealed;
  return w.id;
}"""

# Shut the notebook's kernel down and close it without asking to save (the server serves a copy).
# The kernel first answers what JupyterLab asks of a new kernel (its info, a subshell): a kernel shut down
# before that leaves JupyterLab a cancelled request, reported as a page error during the next notebook.
CLOSE_JS = """async () => {
  const w = window.jupyterapp.shell.currentWidget;
  if (!w) return;
  try {
    await w.sessionContext.ready;
    const kernel = w.sessionContext.session && w.sessionContext.session.kernel;
    if (kernel) {
      await kernel.info;
      for (let i = 0; i < 100 && kernel.status !== 'idle'; i++) await new Promise(r => setTimeout(r, 100));
      await new Promise(r => setTimeout(r, 300));
    }
    await w.sessionContext.shutdown();
  } finally { w.dispose(); }
}"""

# JavaScript run in the page: the state of the notebook that has focus.
STATE_JS = """() => {
  const w = window.jupyterapp.shell.currentWidget;
  if (!w || !w.content || !w.sessionContext) return null;
  const kernel = w.sessionContext.session && w.sessionContext.session.kernel;
  const cells = [];
  const model = w.content.model;
  for (let i = 0; i < model.cells.length; i++) {
    const c = model.cells.get(i);
    if (c.type !== 'code' || c.sharedModel.getSource().trim() === '') continue;
    const outputs = c.outputs.toJSON();
    cells.push({
      index: i,
      count: c.executionCount,
      source: c.sharedModel.getSource(),
      tags: c.getMetadata('tags') || [],
      errors: outputs.filter(o => o.output_type === 'error').map(o => o.ename + ': ' + o.evalue),
      widgets: outputs.filter(o => o.data && o.data['application/vnd.jupyter.widget-view+json']).length,
      images: outputs.filter(o => o.data && o.data['image/png']
                                   && !o.data['application/vnd.jupyter.widget-view+json']).length,
    });
  }
  const busyPrompts = Array.from(document.querySelectorAll('.jp-InputPrompt'))
      .filter(p => p.textContent.includes('[*]')).length;
  return {kernel: kernel ? kernel.status : null, kernelId: kernel ? kernel.id : null, cells, busyPrompts};
}"""


def _wait_until_run(page, timeout_s=RUN_TIMEOUT_S):
    """All code cells numbered, no [*] prompt, kernel idle: twice in a row."""
    deadline, settled, state = time.time() + timeout_s, 0, None
    while time.time() < deadline:
        state = page.evaluate(STATE_JS)
        done = (state and state["kernel"] == "idle" and state["busyPrompts"] == 0
                and all(c["count"] is not None for c in state["cells"]))
        settled = settled + 1 if done else 0
        if settled >= 2:
            return state
        page.wait_for_timeout(500)
    raise AssertionError(f"notebook did not finish running in {timeout_s} s; last state: {state}")


def _kernel_memory_mb(server: subprocess.Popen, kernel_id: str) -> tuple[float, float]:
    """(peak, own) memory of the kernel process with this id, in MB (conftest.kernel_memory_mb)."""
    for child in psutil.Process(server.pid).children(recursive=True):
        try:
            if any(kernel_id in part for part in child.cmdline()):
                return kernel_memory_mb(child.pid)
        except psutil.NoSuchProcess:
            continue
    raise AssertionError(f"kernel {kernel_id} not found among the server's processes")


def _stored_outputs(notebook: Path) -> tuple[int, int]:
    """(widgets, PNG plots) in the notebook file as stored: what the run must reproduce.

    A notebook stores no widget itself, only its static fallback, marked ``{"course": "widget"}`` in
    the output's metadata (tools/execute_notebooks.py); a widget's own picture is not a plot of its
    own: JupyterLab shows the widget instead.
    """
    outputs = [o for c in json.loads(notebook.read_text())["cells"] for o in c.get("outputs", [])]
    is_widget = lambda o: (o.get("metadata", {}).get("course") == "widget"
                           or "application/vnd.jupyter.widget-view+json" in o.get("data", {}))
    widgets = sum(is_widget(o) for o in outputs)
    images = sum("image/png" in o.get("data", {}) and not is_widget(o) for o in outputs)
    return widgets, images


def _marked_to_raise(cell) -> bool:
    return "raises-exception" in cell["tags"] or "NBVAL_RAISES_EXCEPTION" in cell["source"]


def _move_chain_slider(page):
    """Type a new number of links into the explorer's slider readout, like a user would."""
    explorer = page.locator(".chain-explorer").first
    explorer.scroll_into_view_if_needed()
    before = explorer.locator(".widget-html-content").inner_text()
    assert "dy/dx = 8·x^7 = 1024" in before
    readout = explorer.locator(".widget-slider").nth(1).locator(".widget-readout")
    readout.click()
    page.keyboard.press("Control+A")
    page.keyboard.type("5")
    page.keyboard.press("Enter")
    page.wait_for_function(
        "() => document.querySelector('.chain-explorer .widget-html-content').innerText.includes('32·x^31')",
        timeout=20_000)
    after = explorer.locator(".widget-html-content").inner_text()
    assert after != before and after.count("backward") == 5
    return after


@pytest.mark.parametrize("notebook", NOTEBOOKS, ids=lambda p: p.name)
def test_notebook_runs_in_jupyterlab(lab, workspace, notebook, request):
    _, _, server = lab
    page, console_errors = workspace
    console_errors.clear()
    try:
        panel = page.locator("#" + page.evaluate(OPEN_JS, f"notebooks/{notebook.name}"))
        panel.locator(".jp-Notebook .jp-Cell").first.wait_for(timeout=60_000)
        stored_widgets, stored_images = _stored_outputs(notebook)
        live = stored_widgets > 0               # widgets need a live kernel; the rest is shown as stored
        if live:                                # its kernel must be up before it is asked to run
            page.wait_for_function("() => { const w = window.jupyterapp.shell.currentWidget;"
                                   " return w && w.sessionContext && w.sessionContext.session"
                                   " && w.sessionContext.session.kernel"
                                   " && w.sessionContext.session.kernel.status === 'idle'; }", timeout=90_000)
            start = time.perf_counter()
            page.evaluate("() => window.jupyterapp.commands.execute('notebook:run-all-cells')")
            page.wait_for_timeout(300)
            state = _wait_until_run(page)
            elapsed = time.perf_counter() - start
        else:
            state = page.evaluate(STATE_JS)

        errors = [(c["index"], e) for c in state["cells"] if not _marked_to_raise(c) for e in c["errors"]]
        assert errors == [], f"cells show errors: {errors}"

        expected_widgets = sum(c["widgets"] for c in state["cells"])
        expected_images = sum(c["images"] for c in state["cells"])
        assert (expected_widgets, expected_images) == (stored_widgets, stored_images), (
            "the run made a different number of widgets and plots than the stored notebook has")
        try:
            page.wait_for_function(
                f"() => document.querySelectorAll('.jp-NotebookPanel .jp-OutputArea-output .jupyter-widgets').length"
                f" >= {expected_widgets}",
                timeout=30_000)
        except playwright.TimeoutError:
            shown = panel.locator(".jp-OutputArea-output .jupyter-widgets").count()
            raise AssertionError(f"{expected_widgets} widget(s) made, {shown} rendered: is the ipywidgets "
                                 "JupyterLab extension (jupyterlab_widgets) installed and enabled?") from None
        body = panel.inner_text()
        assert "Loading widget..." not in body and "Error displaying widget" not in body

        if not live:                             # cells far down render once scrolled to, as for a reader
            for cell in (c for c in state["cells"] if c["images"]):
                page.evaluate(f"() => window.jupyterapp.shell.currentWidget.content.scrollToItem({cell['index']})")
                shown = panel.locator(".jp-Notebook .jp-Cell").nth(cell["index"]).locator(".jp-RenderedImage img, .jp-RenderedHTMLCommon img")
                shown.first.wait_for(timeout=20_000)
                assert shown.count() == cell["images"], f"cell {cell['index']}: {shown.count()} of {cell['images']} plots shown"
                for k in range(shown.count()):
                    page.wait_for_function("img => img.complete && img.naturalWidth > 0",
                                           arg=shown.nth(k).element_handle(), timeout=20_000)
        images = panel.locator(".jp-RenderedImage img, .jp-RenderedHTMLCommon img")
        assert images.count() == expected_images, f"{images.count()} images shown, {expected_images} plots made"
        for k in range(images.count()):
            images.nth(k).scroll_into_view_if_needed()
            assert images.nth(k).evaluate("img => img.complete && img.naturalWidth > 0"), f"plot {k} is blank"
        pictures = panel.locator(".jp-OutputArea-output .jupyter-widgets img")
        for k in range(pictures.count()):
            pictures.nth(k).scroll_into_view_if_needed()
            page.wait_for_function("img => img.complete && img.naturalWidth > 0", arg=pictures.nth(k).element_handle(),
                                   timeout=20_000)

        if notebook.name == "01_chain_rule.ipynb":
            _move_chain_slider(page)
            if os.environ.get("UPDATE_README_SCREENSHOT"):
                README_SCREENSHOT.parent.mkdir(exist_ok=True)
                page.screenshot(path=str(README_SCREENSHOT))

        if live:
            peak, own = _kernel_memory_mb(server, state["kernelId"])
            memory = describe_memory(notebook.name, peak, own).split(": ", 1)[1]
            request.node.user_properties.append(("browser", f"{notebook.name}: ran in {elapsed:.1f} s, {memory}, "
                                                            f"{expected_widgets} widget(s), {expected_images} plot(s)"))
            problem = memory_problem(peak, own)
            assert problem is None, f"{notebook.name}: {problem}"
        else:
            request.node.user_properties.append(("browser", f"{notebook.name}: shown as stored (nbval ran it), "
                                                            f"{expected_images} plot(s)"))
        assert console_errors == [], f"JavaScript errors in the page: {console_errors}"

        page.evaluate("() => window.jupyterapp.shell.currentWidget.content.activeCellIndex = 0")
        page.evaluate("() => window.jupyterapp.shell.currentWidget.content.scrollToItem(0)")
        page.wait_for_timeout(300)
        page.screenshot(path=str(ARTIFACTS / f"{notebook.stem}.png"))
    finally:
        try:
            page.evaluate(CLOSE_JS)
        except Exception:  # noqa: BLE001 - best effort: the server stops at the end anyway
            pass
