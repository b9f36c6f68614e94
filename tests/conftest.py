"""Shared test setup: quiet TensorFlow, and the suite's wall time at the end."""

import os
import time

os.environ.setdefault("TF_CPP_MIN_LOG_LEVEL", "3")
os.environ.setdefault("TF_ENABLE_ONEDNN_OPTS", "0")

_START = time.perf_counter()
BROWSER_REPORT: list[str] = []
"""Lines the browser test adds (run time and kernel memory per notebook), printed at the end."""
LEARNER_REPORT: list = []
"""(answer, outcome) for every learner answer test_learner_answers.py tried, counted at the end."""


def pytest_terminal_summary(terminalreporter):
    if LEARNER_REPORT:
        from collections import Counter

        outcomes = Counter(outcome for _, outcome in LEARNER_REPORT)
        wrong = sum(outcomes[k] for k in ("specific", "generic", "raw TensorFlow text", "false pass"))
        terminalreporter.section("exercise feedback on learner answers")
        terminalreporter.write_line(
            f"{len(LEARNER_REPORT)} answers ({wrong} wrong, {outcomes['right, passed'] + outcomes['false reject']} "
            f"right): crashes {outcomes['crash']}, false passes {outcomes['false pass']}, false rejects "
            f"{outcomes['false reject']}, raw TensorFlow text {outcomes['raw TensorFlow text']}, cells that fail "
            f"before check {outcomes['cell fails']}")
        if wrong:
            terminalreporter.write_line(f"feedback naming the concrete mistake: {outcomes['specific']} of {wrong} "
                                        f"wrong answers ({100 * outcomes['specific'] / wrong:.0f} %)")
    if BROWSER_REPORT:
        terminalreporter.section("notebooks in JupyterLab (browser test)")
        for line in BROWSER_REPORT:
            terminalreporter.write_line(line)
    terminalreporter.write_line(f"test suite wall time: {time.perf_counter() - _START:.1f} s")
