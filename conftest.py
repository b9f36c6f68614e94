"""Shared test setup: quiet TensorFlow, and the reports printed at the end.

The suite runs on both cores with pytest-xdist (``-n 2 --dist loadfile`` in pyproject.toml): each
file's tests run in one worker process, which keeps what must be shared together (the cells of one
notebook share nbval's kernel, the browser test one JupyterLab server, the Binder tests one clean
virtual environment).

Tests hand lines for the final report to the process that prints it through
``request.node.user_properties`` (``("learner answer", outcome)``, ``("browser", line)``),
which works with and without xdist.
"""

import os
import time
from collections import Counter

os.environ.setdefault("TF_CPP_MIN_LOG_LEVEL", "3")
os.environ.setdefault("TF_ENABLE_ONEDNN_OPTS", "0")

_START = time.perf_counter()
_REPORTS: dict[str, list] = {"learner answer": [], "browser": []}

def pytest_runtest_logreport(report):
    if report.when == "call":
        for name, value in report.user_properties:
            if name in _REPORTS:
                _REPORTS[name].append(value)


def pytest_terminal_summary(terminalreporter):
    learner = _REPORTS["learner answer"]
    if learner:
        outcomes = Counter(learner)
        wrong = sum(outcomes[k] for k in ("specific", "generic", "raw TensorFlow text", "false pass"))
        terminalreporter.section("exercise feedback on learner answers")
        terminalreporter.write_line(
            f"{len(learner)} answers ({wrong} wrong, {outcomes['right, passed'] + outcomes['false reject']} "
            f"right): crashes {outcomes['crash']}, false passes {outcomes['false pass']}, false rejects "
            f"{outcomes['false reject']}, raw TensorFlow text {outcomes['raw TensorFlow text']}, cells that fail "
            f"before check {outcomes['cell fails']}")
        if wrong:
            terminalreporter.write_line(f"feedback naming the concrete mistake: {outcomes['specific']} of {wrong} "
                                        f"wrong answers ({100 * outcomes['specific'] / wrong:.0f} %)")
    if _REPORTS["browser"]:
        terminalreporter.section("notebooks in JupyterLab (browser test)")
        for line in sorted(_REPORTS["browser"]):
            terminalreporter.write_line(line)
    terminalreporter.write_line(f"test suite wall time: {time.perf_counter() - _START:.1f} s")
