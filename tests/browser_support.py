"""What the two browser tests share: Debian's Chromium, a free port, waiting for a local server.

tests/test_browser.py drives JupyterLab and tests/test_site.py the course website, both with
Playwright and the Chromium of Debian's ``chromium`` package (``make test`` installs it where it
can). Without it they are skipped with a note, except under CI (``CI=true``), where they must run.
"""

from __future__ import annotations

import os
import shutil
import socket
import subprocess
import time
import urllib.request
from pathlib import Path

import pytest

CHROMIUM = os.environ.get("CHROMIUM", "/usr/bin/chromium")
CHROMIUM_ARGS = ["--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run", "--disable-sync",
                 "--disable-background-networking", "--disable-component-update"]
"""Headless Chromium in a container, with nothing that phones home."""


def require_chromium(test: str) -> None:
    """Skip the calling test module without Chromium (fail under CI), saying how to get it."""
    if Path(CHROMIUM).exists() and shutil.which(CHROMIUM):
        return
    message = (f"no Chromium at {CHROMIUM}: install Debian/Ubuntu's 'chromium' package "
               f"(sudo apt-get install chromium) or set CHROMIUM=/path/to/chromium to run the {test}")
    if os.environ.get("CI") == "true":
        raise RuntimeError(f"CI=true and the {test} cannot run: {message}")
    pytest.skip(message, allow_module_level=True)


def free_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return sock.getsockname()[1]


def wait_until_serving(url: str, server: subprocess.Popen, seconds: float, failure: str) -> None:
    """Poll ``url`` until it answers 200; kill ``server`` and fail with ``failure`` if it dies or times out."""
    deadline = time.time() + seconds
    while True:
        try:
            with urllib.request.urlopen(url, timeout=2) as r:
                if r.status == 200:
                    return
        except OSError:
            pass
        if server.poll() is not None or time.time() > deadline:
            server.kill()
            pytest.fail(failure)
        time.sleep(0.2)
