"""The student edition and its website, built once per test run for tests/test_site.py,
tests/test_links.py and tests/test_release.py.

``built_release()`` runs ``python -m instructor.release`` (as ``make release`` does: the student
edition, its wheel and its website, the site built by instructor/site/build.py as ``make site``
builds it) and returns the output folder; ``built_site()`` is its website, the one learners get.
Where the machine allows it (root, or unprivileged user namespaces) the build runs in a network
namespace of its own, with no network at all, so a build step that downloads something fails the
tests.
"""

from __future__ import annotations

import functools
import importlib.util
import os
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
from instructor import links as course_links  # noqa: E402,F401  (the tests import it from here)

NOTEBOOKS = sorted(p.name for p in (ROOT / "notebooks").glob("[0-9][0-9]_*.ipynb"))


def site_tools_missing() -> str | None:
    """Why the site cannot be built here, or None."""
    if sys.version_info < (3, 11):
        return f"the course website needs Python 3.11+ (Sphinx 9), this is {sys.version.split()[0]}"
    missing = [m for m in ("sphinx", "myst_nb", "sphinx_book_theme", "mathjax") if importlib.util.find_spec(m) is None]
    if missing:
        return f"site tools not installed ({', '.join(missing)}): run `make setup` or pip install -e \".[test]\""
    return None


def skip_without_site_tools() -> None:
    reason = site_tools_missing()
    if reason:
        if os.environ.get("CI") == "true":
            raise RuntimeError(f"CI=true and the course website cannot be built: {reason}")
        pytest.skip(reason)


def _offline_prefix() -> list[str]:
    """``unshare -n`` (a new network namespace: no network) where it works here, else nothing."""
    unshare = shutil.which("unshare")
    if unshare:
        for prefix in ([unshare, "--net"], [unshare, "--map-root-user", "--net"]):
            if subprocess.run([*prefix, "true"], capture_output=True).returncode == 0:
                return prefix
    return []


RELEASE = ROOT / "build" / "release"


def built_site() -> Path:
    """The student edition's website, built from the stored notebooks (nothing is re-executed)."""
    return built_release() / "site"


@functools.cache
def built_release() -> Path:
    """Build the student edition with its wheel and website (offline where possible); the output folder.

    Built once per test run: test files run in parallel worker processes (pytest-xdist), so the
    first to ask builds under a file lock and stamps the output with the run's id; the others wait
    for the lock and use that build instead of rebuilding under a running test's feet.
    """
    import fcntl

    skip_without_site_tools()
    run = os.environ.get("PYTEST_XDIST_TESTRUNUID")
    stamp = RELEASE / ".test-run"
    RELEASE.parent.mkdir(parents=True, exist_ok=True)
    with open(RELEASE.parent / ".release-build.lock", "w") as lock:
        fcntl.flock(lock, fcntl.LOCK_EX)
        if run and stamp.exists() and stamp.read_text() == run:
            return RELEASE
        prefix = _offline_prefix()
        result = subprocess.run([*prefix, sys.executable, "-m", "instructor.release", "--out", str(RELEASE)], cwd=ROOT,
                                capture_output=True, text=True, timeout=400,
                                env=dict(os.environ, PYTHONPATH=str(ROOT)))
        assert result.returncode == 0, f"make release failed:\n{result.stdout[-3000:]}\n{result.stderr[-3000:]}"
        if run:
            stamp.write_text(run)
    return RELEASE
