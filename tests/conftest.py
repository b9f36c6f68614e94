"""Shared test setup: quiet TensorFlow, and the suite's wall time at the end."""

import os
import time

os.environ.setdefault("TF_CPP_MIN_LOG_LEVEL", "3")
os.environ.setdefault("TF_ENABLE_ONEDNN_OPTS", "0")

_START = time.perf_counter()


def pytest_terminal_summary(terminalreporter):
    terminalreporter.write_line(f"test suite wall time: {time.perf_counter() - _START:.1f} s")
