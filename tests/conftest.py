"""Shared test setup: quiet TensorFlow, and the suite's wall time at the end."""

import os
import time

os.environ.setdefault("TF_CPP_MIN_LOG_LEVEL", "3")
os.environ.setdefault("TF_ENABLE_ONEDNN_OPTS", "0")

_START = time.perf_counter()
BROWSER_REPORT: list[str] = []
"""Lines the browser test adds (run time and kernel memory per notebook), printed at the end."""


def pytest_terminal_summary(terminalreporter):
    if BROWSER_REPORT:
        terminalreporter.section("notebooks in JupyterLab (browser test)")
        for line in BROWSER_REPORT:
            terminalreporter.write_line(line)
    terminalreporter.write_line(f"test suite wall time: {time.perf_counter() - _START:.1f} s")
