"""Shared test setup: quiet TensorFlow, each notebook kernel's peak memory, and the reports printed at the end.

The suite runs on both cores with pytest-xdist (``-n 2 --dist loadfile`` in pyproject.toml): each
file's tests run in one worker process, which keeps what must be shared together (the cells of one
notebook share nbval's kernel, the browser test one JupyterLab server, the Binder tests one clean
virtual environment).

After the last cell of every notebook nbval runs, the kernel's memory is read and reported: its peak
resident memory (``VmHWM``) and, of that, its own memory, without the pages of shared libraries mapped
from disk. Only its own memory is held to a limit (``MAX_OWN_MEMORY_MB``; above it that cell fails):
the library pages (TensorFlow's 790 MB ``libtensorflow_cc.so``) are shared by every kernel and can be
dropped by the OS at any time, and how many of them count as resident depends on the page cache, not
on the notebook. ``import tensorflow`` alone measured 217 MB of its own every time, but 652 MB of peak
resident memory in an environment just installed (the library's pages still in memory from being
written) and 540–564 MB in the same environment once those pages had been dropped and read back.

Tests hand lines for the final report to the process that prints it through
``request.node.user_properties`` (``("learner answer", outcome)``, ``("browser", line)``),
which works with and without xdist.
"""

import os
import time
from collections import Counter
from pathlib import Path

import pytest

os.environ.setdefault("TF_CPP_MIN_LOG_LEVEL", "3")
os.environ.setdefault("TF_ENABLE_ONEDNN_OPTS", "0")

_START = time.perf_counter()
_REPORTS: dict[str, list] = {"learner answer": [], "browser": [], "kernel memory": []}
MAX_OWN_MEMORY_MB = 400
"""A kernel's own peak memory (``import tensorflow`` alone: about 220 MB), for a 2 GB Binder session."""
_LAST_CELLS: set[str] = set()


def kernel_memory_mb(pid: int) -> tuple[float, float]:
    """(peak resident memory, peak own memory) of process ``pid`` in MB (Linux; zeros where unreadable).

    Own memory is the peak resident memory minus the file-backed pages resident now (shared libraries
    mapped from disk, which only grow while a kernel runs): anonymous memory at its peak, near enough.
    """
    try:
        fields = dict(line.split(":", 1) for line in Path(f"/proc/{pid}/status").read_text().splitlines()
                      if ":" in line)
        peak, files = (int(fields[k].split()[0]) / 1024 for k in ("VmHWM", "RssFile"))
    except (OSError, KeyError, ValueError):
        return 0.0, 0.0
    return peak, peak - files


def describe_memory(name: str, peak: float, own: float) -> str:
    return f"{name}: kernel peak memory {peak:.0f} MB, of which its own {own:.0f} MB (the rest: libraries mapped from disk)"


LONGEST_FIRST = ("tests/test_browser.py", "tests/test_binder.py", "tests/test_checking_realworld.py",
                 "tests/test_gradebook.py", "tests/test_learner_answers.py", "tests/test_helper_inputs.py")
"""The files that take longest, started first: xdist hands whole files to the two workers in collection
order, so a long file left for the end would keep one worker busy while the other idles."""


def pytest_collection_modifyitems(items):
    def rank(item):
        path = item.nodeid.split("::")[0]
        return LONGEST_FIRST.index(path) if path in LONGEST_FIRST else len(LONGEST_FIRST)

    items.sort(key=rank)            # stable: each file's own order, and the other files', stay as collected
    last = {}
    for item in items:
        if item.nodeid.split("::")[0].endswith(".ipynb"):
            last[item.nodeid.split("::")[0]] = item.nodeid
    _LAST_CELLS.update(last.values())


@pytest.hookimpl(hookwrapper=True)
def pytest_runtest_makereport(item, call):
    outcome = yield
    report = outcome.get_result()
    if call.when != "call" or item.nodeid not in _LAST_CELLS:
        return
    kernel = getattr(item.parent, "kernel", None)
    process = getattr(getattr(getattr(kernel, "km", None), "provisioner", None), "process", None)
    if process is None:
        return
    peak, own = kernel_memory_mb(process.pid)
    name = Path(str(item.fspath)).name
    report.user_properties.append(("kernel memory", describe_memory(name, peak, own)))
    if own > MAX_OWN_MEMORY_MB and report.passed:
        report.outcome = "failed"
        report.longrepr = (f"{name}: the kernel's own peak memory was {own:.0f} MB, above {MAX_OWN_MEMORY_MB} MB "
                           "(import tensorflow alone takes about 220 MB; the course must fit a 2 GB Binder session)")


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
    if _REPORTS["kernel memory"]:
        terminalreporter.section(f"notebook kernels under nbval (limit: {MAX_OWN_MEMORY_MB} MB of their own)")
        for line in sorted(_REPORTS["kernel memory"]):
            terminalreporter.write_line(line)
    if _REPORTS["browser"]:
        terminalreporter.section("notebooks in JupyterLab (browser test)")
        for line in sorted(_REPORTS["browser"]):
            terminalreporter.write_line(line)
    terminalreporter.write_line(f"test suite wall time: {time.perf_counter() - _START:.1f} s")
