"""The sandbox each graded notebook runs in: bubblewrap, with limits set by prlimit and an unprivileged user.

`bubblewrap <https://github.com/containers/bubblewrap>`_ (Debian's ``bubblewrap``, the sandbox
Flatpak uses) gives the kernel its own view of the file system and its own process and network
namespaces; ``prlimit`` and ``setpriv`` (util-linux) give it limits and a user of its own.
Inside the sandbox the kernel sees:

- the operating system and the Python environment, read-only;
- the course as graded (the student edition: helpers without solutions), read-only, at ``/course``;
- the gradebook's own guard, read-only, at ``/grader``;
- a fresh copy of the one notebook it grades, in a folder of its own (its working directory, the
  only place it may write besides a private ``/tmp``);

and nothing else: no other submission, not the instructor's checkout, no network (only its own
loopback), no other process (its own PID namespace). It runs as a user id of its own (one per
parallel job), so the process limit counts its processes only; its address space, file size and
CPU time are limited too. A job's wall time is limited by the gradebook, per cell and per notebook.
"""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
from dataclasses import dataclass
from pathlib import Path

UID_BASE = 61000
"""Job k runs as user id UID_BASE + k (no account needed): the process limit counts per user id."""


class SandboxUnavailable(RuntimeError):
    """bubblewrap is missing or cannot make a sandbox here; the message says what to do."""


@dataclass(frozen=True)
class Limits:
    """What one graded notebook may use."""

    cell_seconds: float = 60.0
    notebook_seconds: float = 600.0
    memory_mb: int = 4096
    """Address space of each process (TensorFlow alone reserves about 1.6 GB of it)."""
    processes: int = 256
    """Processes and threads of the sandbox's user (a TensorFlow kernel runs about 20)."""
    file_mb: int = 200
    output_kb: int = 512
    """Output a cell may store in the executed notebook; more is cut."""


def _parents(path: str) -> list[str]:
    """bubblewrap arguments that create ``path``'s parents as traversable folders (0755)."""
    out, current = [], ""
    for part in Path(path).parent.parts[1:]:
        current += "/" + part
        if current != "/tmp":                  # the sandbox's own /tmp (1777) is there already
            out += ["--perms", "0755", "--dir", current]
    return out


def command(argv: list[str], *, workdir: Path, course: Path, grader: Path, uid: int, limits: Limits,
            env: dict[str, str]) -> list[str]:
    """The command that runs ``argv`` in the sandbox (``argv[0]`` a program inside it, e.g. the venv's python)."""
    binds = ["--ro-bind", "/usr", "/usr", "--ro-bind", "/etc", "/etc"]
    for link in ("bin", "lib", "lib64", "sbin"):
        if os.path.islink(f"/{link}"):
            binds += ["--symlink", os.readlink(f"/{link}"), f"/{link}"]
        elif os.path.isdir(f"/{link}"):
            binds += ["--ro-bind", f"/{link}", f"/{link}"]
    pythons = sorted({os.path.realpath(sys.base_prefix), os.path.realpath(sys.prefix)})
    for prefix in pythons:
        if not prefix.startswith("/usr/"):
            binds += _parents(prefix) + ["--ro-bind", prefix, prefix]
    if sys.prefix != os.path.realpath(sys.prefix):
        binds += _parents(sys.prefix) + ["--symlink", os.path.realpath(sys.prefix), sys.prefix]
    setenv = [arg for key, value in sorted(env.items()) for arg in ("--setenv", key, value)]
    return ["bwrap", "--unshare-ipc", "--unshare-pid", "--unshare-net", "--unshare-uts", "--unshare-cgroup-try",
            "--die-with-parent", "--new-session", "--clearenv", *setenv,
            # the private /tmp first: a Python environment or a workdir under /tmp is bound on top of it
            "--perms", "1777", "--tmpfs", "/tmp", *binds, "--dev", "/dev", "--proc", "/proc",
            "--ro-bind", str(course), "/course", "--ro-bind", str(grader), "/grader",
            *_parents(str(workdir)), "--bind", str(workdir), str(workdir), "--chdir", str(workdir),
            "prlimit", f"--as={limits.memory_mb * 1024 * 1024}", f"--nproc={limits.processes}",
            f"--fsize={limits.file_mb * 1024 * 1024}", f"--cpu={int(limits.notebook_seconds * 2)}", "--",
            "setpriv", f"--reuid={uid}", f"--regid={uid}", "--clear-groups", "--inh-caps=-all", "--",
            *argv]


def check_available() -> None:
    """Raise :class:`SandboxUnavailable` unless bubblewrap can make a sandbox here, with the reason and the fix."""
    for tool, package in (("bwrap", "bubblewrap"), ("prlimit", "util-linux"), ("setpriv", "util-linux")):
        if shutil.which(tool) is None:
            raise SandboxUnavailable(f"{tool} is not installed, so submissions cannot be graded in a sandbox: install "
                                     f"it (Debian, Ubuntu: sudo apt-get install {package}), or pass --unsafe to run "
                                     "them with your own rights, which a submission could abuse")
    if os.geteuid() != 0:
        raise SandboxUnavailable("the gradebook's sandbox runs each notebook as a user of its own, which needs root "
                                 "(sudo make gradebook ...), or pass --unsafe to run submissions with your own rights")
    probe = subprocess.run(["bwrap", "--unshare-pid", "--unshare-net", "--ro-bind", "/", "/", "--dev", "/dev",
                            "--proc", "/proc", "true"], capture_output=True, text=True)
    if probe.returncode != 0:
        raise SandboxUnavailable(f"bubblewrap cannot make a sandbox on this machine ({probe.stderr.strip()[:200]}): "
                                 "grade on a machine where it can, or pass --unsafe to run submissions with your own "
                                 "rights")
