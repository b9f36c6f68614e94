"""Shared test setup: quiet TensorFlow, each notebook kernel's peak memory, and the reports printed at the end.

The suite runs on both cores with pytest-xdist (``-n 2 --dist loadfile`` in pyproject.toml): each
file's tests run in one worker process, which keeps what must be shared together (the cells of one
notebook share nbval's kernel, the browser test one JupyterLab server, the Binder tests one clean
virtual environment).

After the last cell of every notebook nbval runs, the kernel's peak resident memory (``VmHWM``) is
read and reported; above ``MAX_KERNEL_MEMORY_MB`` that cell fails, because ten notebooks must fit a
2 GB Binder session (``import tensorflow`` alone takes about 530 MB).

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
MAX_KERNEL_MEMORY_MB = 700
_LAST_CELLS: set[str] = set()


def peak_memory_mb(pid: int) -> float:
    """Peak resident memory (VmHWM) of process ``pid``, in MB (Linux); 0.0 where it cannot be read."""
    try:
        for line in Path(f"/proc/{pid}/status").read_text().splitlines():
            if line.startswith("VmHWM:"):
                return int(line.split()[1]) / 1024
    except OSError:
        pass
    return 0.0


def pytest_collection_modifyitems(items):
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
    memory = peak_memory_mb(process.pid)
    name = Path(str(item.fspath)).name
    report.user_properties.append(("kernel memory", f"{name}: kernel peak memory {memory:.0f} MB"))
    if memory > MAX_KERNEL_MEMORY_MB and report.passed:
        report.outcome = "failed"
        report.longrepr = (f"{name}: the kernel's peak memory was {memory:.0f} MB, above {MAX_KERNEL_MEMORY_MB} MB "
                           "(import tensorflow alone takes about 530 MB; ten notebooks must fit a 2 GB Binder session)")

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
        terminalreporter.section(f"notebook kernels under nbval (limit {MAX_KERNEL_MEMORY_MB} MB)")
        for line in sorted(_REPORTS["kernel memory"]):
            terminalreporter.write_line(line)
    if _REPORTS["browser"]:
        terminalreporter.section("notebooks in JupyterLab (browser test)")
        for line in sorted(_REPORTS["browser"]):
            terminalreporter.write_line(line)
    terminalreporter.write_line(f"test suite wall time: {time.perf_counter() - _START:.1f} s")
