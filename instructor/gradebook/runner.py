"""Run one submitted notebook in its sandbox and collect what the gradebook needs: a process of its own.

    python -m instructor.gradebook.runner JOB.json      (the gradebook starts one per notebook)

Every cell runs, in a fresh kernel inside the sandbox (``sandbox.py``): a cell that raises does not
stop the rest (a later exercise is graded on its own cells), a cell past its time limit is
interrupted, and a cell that kills its kernel (``os._exit``, a crash, the memory limit) is skipped
in a second run from the top, so the cells after it are graded too. The kernel's guard (``guard.py``)
sends the verdicts and any sign of tampering over a pipe, each line signed with a key the guard
sent first; the static scan (``scan.py``) reads every cell before it runs. The result, written as
JSON next to the executed notebook, is read by ``grading.py``.
"""

from __future__ import annotations

import json
import logging
import os
import shutil
import subprocess
import sys
import tempfile
import threading
import time
from dataclasses import asdict, dataclass, field
from pathlib import Path

from . import guard, sandbox
from .scan import normalise, scan

FINISH_CELL = f'import sys\nsys.audit("{guard.FINISH_EVENT}")   # added by the gradebook: a last look'
SKIPPED = "# (the gradebook skipped this cell: in an earlier run it stopped the kernel)"
MAX_CHANNEL_BYTES = 4 * 1024 * 1024
MAX_ATTEMPTS = 3


@dataclass
class Job:
    """One notebook to grade."""

    notebook: str
    """The submitted file."""
    student: str
    number: str
    name: str
    """How the gradebook names the notebook in its outputs (its path under the submissions' folder)."""
    course: str
    """The course as graded: a student edition (helpers without solutions)."""
    result: str
    """Where to write the result (JSON); the executed notebook goes beside it (.ipynb)."""
    uid: int = sandbox.UID_BASE
    limits: dict = field(default_factory=dict)
    unsafe: bool = False


def course_cells(course: Path, number: str) -> set[str]:
    """The code cells of the course's own notebook ``number``, normalised."""
    import nbformat

    found = sorted((course / "notebooks").glob(f"{number}_*.ipynb"))
    if not found:
        return set()
    return {normalise(c.source) for c in nbformat.read(found[0], as_version=4).cells if c.cell_type == "code"}


def run(job: Job) -> dict:
    """Grade-ready facts about one notebook: how each cell ended, the signed verdicts, the evidence of tampering."""
    import nbformat

    started = time.monotonic()
    result = {"student": job.student, "notebook": job.name, "number": job.number, "status": "completed",
              "detail": "", "cells": [], "sources": [], "verdicts": [], "tamper": [], "seconds": 0.0}
    try:
        nb = nbformat.read(job.notebook, as_version=4)
    except Exception as error:  # noqa: BLE001 - any unreadable file is a status, never a crash
        reason = (str(error).strip().splitlines() or [type(error).__name__])[0][:200]
        result.update(status=f"unreadable: {type(error).__name__}",
                      detail=f"{Path(job.notebook).name} could not be read as a notebook ({reason})")
        return result
    sources = [c.source if c.cell_type == "code" else "" for c in nb.cells]
    result["sources"] = sources
    result["tamper"] += [f.as_dict() for f in scan(sources, course_cells(Path(job.course), job.number))]
    limits = sandbox.Limits(**job.limits)
    skipped: set[int] = set()
    for attempt in range(MAX_ATTEMPTS):
        outcome = _attempt(job, nb, skipped, limits)
        result["tamper"] += outcome["tamper"]
        if outcome["fatal"] is None or attempt == MAX_ATTEMPTS - 1:
            break
        skipped.add(outcome["fatal"])
    result.update(cells=outcome["cells"], verdicts=outcome["verdicts"])
    for index in sorted(skipped):
        result["cells"][index]["status"] = "killed"
    if outcome["problem"]:
        result["status"], result["detail"] = outcome["problem"]
    elif any(c["status"] == "killed" for c in result["cells"]):
        result["status"] = "completed, with cells that stopped the kernel skipped"
    _save_executed(outcome["notebook"], Path(job.result).with_suffix(".ipynb"))
    result["seconds"] = round(time.monotonic() - started, 1)
    return result


def _attempt(job: Job, nb, skipped: set[int], limits: sandbox.Limits) -> dict:
    """One run of the notebook from the top in a fresh sandboxed kernel, with ``skipped`` cells left out."""
    import nbformat

    runnable = nbformat.from_dict(json.loads(json.dumps(nb)))
    for i, cell in enumerate(runnable.cells):
        if cell.cell_type == "code":
            cell.outputs, cell.execution_count = [], None
            if i in skipped:
                cell.source = SKIPPED
    runnable.cells.append(nbformat.v4.new_code_cell(FINISH_CELL))
    runnable.metadata["kernelspec"] = {"display_name": "Python 3 (ipykernel)", "language": "python",
                                       "name": "python3"}
    workdir = Path(tempfile.mkdtemp(prefix="graded-"))
    try:
        shutil.copy(job.notebook, workdir / Path(job.notebook).name)
        os.chmod(workdir, 0o777)
        if not job.unsafe:
            for path in [workdir, *workdir.iterdir()]:
                os.chown(path, job.uid, job.uid)
        return _execute(job, runnable, workdir, limits)
    finally:
        shutil.rmtree(workdir, ignore_errors=True)


def _kernel_environment(job: Job, grader_home: str, course_home: str) -> dict[str, str]:
    venv_bin = str(Path(sys.executable).parent)
    return {"PATH": f"{venv_bin}:/usr/local/bin:/usr/bin:/bin", "HOME": "/tmp", "MPLCONFIGDIR": "/tmp/matplotlib",
            "KERAS_HOME": "/tmp/keras", "PYTHONDONTWRITEBYTECODE": "1", "LANG": "C.UTF-8",
            "PYTHONPATH": f"{course_home}:{grader_home}", "TF_CPP_MIN_LOG_LEVEL": "3", "TF_ENABLE_ONEDNN_OPTS": "0",
            "COURSE_GRADER_COURSE": f"{course_home}/helpers", "COURSE_GRADER_HOME": grader_home}


def _kernel_spec(job: Job, workdir: Path, limits: sandbox.Limits) -> tuple:
    """The kernel's spec (the sandboxed command, or the plain one with --unsafe) and the folder to delete after."""
    from jupyter_client.kernelspec import KernelSpec

    grader = Path(__file__).resolve().parents[2]              # the folder that holds the instructor package
    argv = [sys.executable, "-m", "instructor.gradebook.kernel", "-f", "{connection_file}"]
    if job.unsafe:
        env = _kernel_environment(job, str(grader), str(Path(job.course).resolve()))
        env["HOME"] = str(workdir)
        return KernelSpec(argv=argv, env={**os.environ, **env}, display_name="graded", language="python",
                          interrupt_mode="message"), None
    env = _kernel_environment(job, "/grader", "/course")
    shared = Path(tempfile.mkdtemp(prefix="grader-"))           # only the instructor package, not the checkout
    shutil.copytree(grader / "instructor", shared / "instructor", ignore=shutil.ignore_patterns("__pycache__"))
    os.chmod(shared, 0o755)
    argv = sandbox.command(argv, workdir=workdir, course=Path(job.course).resolve(), grader=shared, uid=job.uid,
                           limits=limits, env=env)
    return KernelSpec(argv=argv, env={}, display_name="graded", language="python", interrupt_mode="message"), shared


def _execute(job: Job, nb, workdir: Path, limits: sandbox.Limits) -> dict:
    """Run ``nb`` with nbclient against the sandboxed kernel; read the guard's channel while it runs."""
    from jupyter_client import AsyncKernelManager
    from nbclient.exceptions import CellTimeoutError, DeadKernelError

    spec, shared = _kernel_spec(job, workdir, limits)

    class _Manager(AsyncKernelManager):          # asynchronous, as nbclient's own: a dead kernel cannot block it
        def write_connection_file(self, **kwargs):
            super().write_connection_file(**kwargs)
            os.chmod(self.connection_file, 0o644)

    manager = _Manager(transport="ipc", ip=str(workdir / "kernel"), connection_file=str(workdir / "connection.json"))
    manager._kernel_spec = spec
    channel = _Channel()
    client = _Client(nb, km=manager, timeout=limits.cell_seconds, allow_errors=True, interrupt_on_timeout=True,
                     shutdown_kernel="immediate", startup_timeout=120, kernel_name="python3",
                     output_kb=limits.output_kb,
                     resources={"metadata": {"path": str(workdir)}}, log=_quiet_log())
    watch = _Watch(manager, client, limits)
    fatal, problem = None, None
    try:
        watch.start()
        # cleanup_kc: nbclient stops a kernel it did not start only when asked; otherwise the kernel (and the
        # channel's write end it holds) would live on until this process exits.
        client.execute(cleanup_kc=True, stdout=channel.write_end, stderr=subprocess.DEVNULL)
    except (DeadKernelError, CellTimeoutError) as error:
        fatal = client.current
        why = watch.reason or ("its time limit" if isinstance(error, CellTimeoutError) else "a crash or os._exit")
        problem = (f"the kernel stopped in cell {fatal + 1}", f"cell {fatal + 1} stopped the kernel ({why})")
    except Exception as error:  # noqa: BLE001 - any failure is a status: grade the rest of the class
        reason = (str(error).strip().splitlines() or [type(error).__name__])[0][:200]
        if client.began:    # a cell garbled the kernel's messages (bytes written to its sockets): skip it, as a crash
            fatal = client.current
            problem = (f"the kernel stopped in cell {fatal + 1}",
                       f"cell {fatal + 1} broke the connection to its kernel ({type(error).__name__}: {reason})")
        else:
            problem = (f"error: {type(error).__name__} starting the kernel", reason)
    finally:
        watch.stop()
        channel.close()
        if shared is not None:
            shutil.rmtree(shared, ignore_errors=True)
    verdicts, tamper = channel.records()
    nb.cells.pop()                                                     # the finish cell
    return {"cells": _cell_statuses(nb, client), "verdicts": _attributed(verdicts, nb), "tamper": tamper,
            "fatal": fatal, "problem": problem, "notebook": nb}


class _Channel:
    """The read end of the guard's pipe: lines collected in a thread, the first one the key."""

    def __init__(self):
        read_end, self.write_end = os.pipe()
        self._lines: list[bytes] = []
        self._size = 0
        self._thread = threading.Thread(target=self._read, args=(read_end,), daemon=True)
        self._thread.start()

    def _read(self, fd: int) -> None:
        with os.fdopen(fd, "rb") as pipe:
            for raw in pipe:
                self._size += len(raw)
                if self._size <= MAX_CHANNEL_BYTES and raw.startswith(guard.PREFIX):
                    self._lines.append(raw)            # beyond the cap, the pipe is drained but not kept

    def close(self) -> None:
        os.close(self.write_end)
        self._thread.join(10)

    def records(self) -> tuple[list[dict], list[dict]]:
        """(verdicts, evidence of tampering): every signed line after the key; a line that is not signed with
        it, or a second key, is evidence itself."""
        if not self._lines or not self._lines[0].startswith(guard.PREFIX + b"key "):
            return [], []
        key = bytes.fromhex(self._lines[0][len(guard.PREFIX) + 4:].strip().decode("ascii"))
        verdicts, tamper, finished = [], [], False
        for raw in self._lines[1:]:
            record = guard.read_line(raw, key)
            if record is None:
                continue
            kind = record.pop("kind")
            if kind == "verdict":
                verdicts.append(record)
            elif kind == "finish":
                finished = True
            else:
                what = ("something other than the guard wrote on the verdict channel" if kind == "forged"
                        else record.get("what", kind))
                tamper.append({**record, "what": what, "source": "guard"})
        if self._size > MAX_CHANNEL_BYTES:
            tamper.append({"what": "flooded the verdict channel", "source": "guard"})
        if not finished and verdicts:
            verdicts = [dict(v, unfinished=True) for v in verdicts]
        return verdicts, tamper


class _Watch:
    """Kills the sandbox when the notebook's wall time is up or its processes pass the memory limit."""

    def __init__(self, manager, client, limits: sandbox.Limits):
        self.manager, self.client, self.limits = manager, client, limits
        self.reason = ""
        self._stop = threading.Event()
        self._thread = threading.Thread(target=self._run, daemon=True)

    def start(self) -> None:
        self._started = time.monotonic()
        self._thread.start()

    def stop(self) -> None:
        self._stop.set()
        self._thread.join(5)

    def _run(self) -> None:
        import psutil

        while not self._stop.wait(0.5):
            process = getattr(getattr(self.manager, "provisioner", None), "process", None)
            if process is None:
                continue
            try:
                tree = [psutil.Process(process.pid)] + psutil.Process(process.pid).children(recursive=True)
                rss = sum(p.memory_info().rss for p in tree) / 2 ** 20
            except psutil.Error:
                continue
            if rss > self.limits.memory_mb:
                self.reason = f"more than {self.limits.memory_mb} MB of memory"
            elif time.monotonic() - self._started > self.limits.notebook_seconds:
                self.reason = f"the notebook's {self.limits.notebook_seconds:g} s were up"
            if self.reason:
                for p in reversed(tree):
                    try:
                        p.kill()
                    except psutil.Error:
                        pass
                return


def _client_class():
    from nbclient import NotebookClient

    class Client(NotebookClient):
        """nbclient's client, keeping at most ``output_kb`` of output per cell, and the cell running now."""

        def __init__(self, nb, output_kb: int = 512, **kwargs):
            super().__init__(nb, on_cell_execute=self._started, **kwargs)
            self.output_kb, self.current, self.began, self.timed_out = output_kb, 0, False, set()
            self._sizes: dict[int, int] = {}

        def _started(self, cell=None, cell_index=0, **_):
            self.current, self.began = cell_index, True

        def output(self, outs, msg, display_id, cell_index):
            size = self._sizes.get(cell_index, 0) + len(json.dumps(msg.get("content", {})))
            self._sizes[cell_index] = size
            limit = self.output_kb * 1024
            if size > limit:
                if size - len(json.dumps(msg.get("content", {}))) <= limit:
                    from nbformat.v4 import new_output

                    outs.append(new_output("stream", name="stderr",
                                           text=f"[the gradebook cut this cell's output at {self.output_kb} kB]\n"))
                return None
            return super().output(outs, msg, display_id, cell_index)

        async def _async_handle_timeout(self, timeout, cell=None):
            self.timed_out.add(self.current)
            return await super()._async_handle_timeout(timeout, cell)

    return Client


def _Client(nb, **kwargs):
    return _client_class()(nb, **kwargs)


def _quiet_log():
    log = logging.getLogger("instructor.gradebook.nbclient")
    log.addHandler(logging.NullHandler())
    log.propagate = False
    return log


def _cell_statuses(nb, client) -> list[dict]:
    out = []
    for i, cell in enumerate(nb.cells):
        status = {"status": "ok", "count": cell.get("execution_count")}
        if cell.cell_type != "code":
            status["status"] = "markdown"
        elif i in client.timed_out:
            status["status"] = "timeout"
        else:
            error = next((o for o in cell.get("outputs", []) if o.get("output_type") == "error"), None)
            if error is not None:
                value = (str(error.get("evalue", "")).splitlines() or [""])[0][:200]
                status.update(status="error", error=f"{error.get('ename', 'Error')}: {value}".rstrip(": "))
            elif cell.get("execution_count") is None and cell.source.strip():
                status["status"] = "not run"
        out.append(status)
    return out


def _attributed(verdicts: list[dict], nb) -> list[dict]:
    """Each verdict with the index of the cell that ran it: the cell whose code the guard sent (the one nearest its
    execution count if several are the same), else the cell of that execution count."""
    by_count = {c.get("execution_count"): i for i, c in enumerate(nb.cells) if c.cell_type == "code"}
    out = []
    for v in verdicts:
        source = normalise(v.pop("source", "") or "")
        same = [i for i, c in enumerate(nb.cells) if c.cell_type == "code" and source and normalise(c.source) == source]
        count = v.get("cell")
        index = min(same, key=lambda i: abs((nb.cells[i].get("execution_count") or 0) - (count or 0))) if same \
            else by_count.get(count)
        out.append(dict(v, cell_index=index))
    return out


def _save_executed(nb, path: Path) -> None:
    import nbformat

    path.parent.mkdir(parents=True, exist_ok=True)
    nb.metadata.get("language_info", {}).pop("version", None)
    nbformat.write(nb, path)


def main(argv: list[str] | None = None) -> int:
    argv = sys.argv[1:] if argv is None else argv
    job = Job(**json.loads(Path(argv[0]).read_text(encoding="utf-8")))
    result = run(job)
    target = Path(job.result)
    target.parent.mkdir(parents=True, exist_ok=True)
    partial = target.with_suffix(".partial")
    partial.write_text(json.dumps(result, ensure_ascii=False, indent=1), encoding="utf-8")
    partial.replace(target)                      # written whole or not at all: a rerun knows what is done
    return 0


if __name__ == "__main__":
    sys.exit(main())


__all__ = ["Job", "run", "main", "asdict"]
