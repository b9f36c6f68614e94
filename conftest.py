"""Shared test setup: quiet TensorFlow, each notebook kernel's peak memory, and the reports printed at the end.

The suite runs on both cores with pytest-xdist (``-n 2 --dist loadfile`` in pyproject.toml): each
file's tests run in one worker process, which keeps what must be shared together (the cells of one
notebook share nbval's kernel, the browser test one JupyterLab server, the Binder tests one clean
virtual environment).

After the last cell of every notebook nbval runs, the kernel's memory is read and reported: its peak
resident memory (``VmHWM``) and, of that, its own memory, without the pages of shared libraries mapped
from disk. Both are held to a limit (``MAX_PEAK_MEMORY_MB`` and ``MAX_OWN_MEMORY_MB``; above either,
that cell fails), and the browser test holds its live kernels to the same two.

The peak counts TensorFlow's library pages (the 790 MB ``libtensorflow_cc.so``), and how many of them
a process maps depends on how they sit in the page cache: ``import tensorflow`` alone peaked at 652 MB
in an environment just installed, with the library pages still cached as pip wrote them, and at 553 MB
in the same environment once those pages had been dropped and read back from disk, as they are in any
later session (and on Binder, where the image is built elsewhere). Its own memory was 218 MB both
times. So before the first test, :func:`settle_libraries` drops the environment's shared libraries
from the page cache: every run measures the kernels as a learner's later sessions see them, and a
fresh clone is measured like a settled machine.

Tests hand lines for the final report to the process that prints it through
``request.node.user_properties`` (``("learner answer", outcome)``, ``("browser", line)``),
which works with and without xdist.
"""

import os
import sysconfig
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
MAX_PEAK_MEMORY_MB = 700
"""A kernel's peak resident memory, library pages included (``import tensorflow`` alone: about 555 MB)."""
_LAST_CELLS: set[str] = set()


def settle_libraries() -> int:
    """Write out and drop from the page cache the shared libraries of this Python environment.

    Pages that are not mapped by a running process are dropped; the next process that loads a library
    reads its pages back from disk. Returns the number of libraries handled (0 where unsupported).
    """
    if not hasattr(os, "posix_fadvise"):
        return 0
    count = 0
    for root in sorted({sysconfig.get_paths()["purelib"], sysconfig.get_paths()["platlib"]}):
        for folder, _, files in os.walk(root):
            for name in files:
                if not (name.endswith(".so") or ".so." in name):
                    continue
                try:
                    fd = os.open(os.path.join(folder, name), os.O_RDONLY)
                except OSError:
                    continue
                try:
                    os.fsync(fd)            # only clean pages can be dropped
                    os.posix_fadvise(fd, 0, 0, os.POSIX_FADV_DONTNEED)
                    count += 1
                except OSError:
                    pass
                finally:
                    os.close(fd)
    return count


def pytest_configure(config):
    if not hasattr(config, "workerinput"):      # once, in the process that starts the workers
        settle_libraries()


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


def memory_problem(peak: float, own: float) -> str | None:
    """Why a kernel's memory is too much for a 2 GB Binder session, or None."""
    if own > MAX_OWN_MEMORY_MB:
        return (f"the kernel's own peak memory was {own:.0f} MB, above {MAX_OWN_MEMORY_MB} MB (import tensorflow "
                "alone takes about 220 MB; the course must fit a 2 GB Binder session)")
    if peak > MAX_PEAK_MEMORY_MB:
        return (f"the kernel's peak memory was {peak:.0f} MB, above {MAX_PEAK_MEMORY_MB} MB (import tensorflow "
                "alone takes about 555 MB; the course must fit a 2 GB Binder session)")
    return None


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
    problem = memory_problem(peak, own)
    if problem and report.passed:
        report.outcome = "failed"
        report.longrepr = f"{name}: {problem}"


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
        terminalreporter.section(f"notebook kernels under nbval (limits: {MAX_PEAK_MEMORY_MB} MB peak, "
                                 f"{MAX_OWN_MEMORY_MB} MB of their own)")
        for line in sorted(_REPORTS["kernel memory"]):
            terminalreporter.write_line(line)
    if _REPORTS["browser"]:
        terminalreporter.section("notebooks in JupyterLab (browser test)")
        for line in sorted(_REPORTS["browser"]):
            terminalreporter.write_line(line)
    terminalreporter.write_line(f"test suite wall time: {time.perf_counter() - _START:.1f} s")
