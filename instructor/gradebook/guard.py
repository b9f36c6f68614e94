"""The guard inside a graded kernel: it signs the verdicts of the genuine ``check`` and reports tampering.

:func:`install` runs in the kernel process before any of the student's code (``kernel.py``
calls it, then starts the kernel). It

1. makes a key of its own and sends it to the gradebook as the first line on the channel (a pipe
   the gradebook reads; the student's code runs only later, so it cannot have the key);
2. imports the course's helpers and records what the grading depends on: every function, class and
   module-level name of ``helpers``, the exercises' registry, Python's builtins and the top-level
   functions of NumPy, TensorFlow and Keras;
3. makes the process undumpable (no other process of the same user can read its memory);
4. installs an audit hook (PEP 578; a hook cannot be removed) that

   - signs each verdict ``helpers.exercises.check`` announces, after checking that the announcement
     comes from the genuine function and that nothing it depends on was changed since step 2;
   - reports, with the student's file and line, what grading code has no business meeting from a
     student's cell: a class or a function's code of the course, TensorFlow, NumPy or Keras
     replaced; frames, tracebacks or the garbage collector's object lists read; ctypes; a trace or
     profile function set; another audit hook; a ``COURSE_*`` setting changed; a solution file or
     the process's memory or environment opened; a signal sent to another process;
     a verdict announced by anything but ``check``.

The gradebook trusts a verdict only with the right signature, and marks a notebook "tampered" on
any report. What remains possible is said in the instructor guide: code that finds the signing
key inside this process without an audited operation, or changes what the verdicts depend on
between two checks and back, is not caught here (the static scan of the notebook's cells, in
``scan.py``, still reads every line).

This module runs inside the sandbox: it uses the standard library and ``helpers`` only.
"""

from __future__ import annotations

import hashlib
import hmac
import json
import os
import sys
import types

PREFIX = b"@@course-grader@@ "
"""Every line the guard writes starts with this; the gradebook ignores other output on the channel."""
VERDICT_EVENT = "helpers.exercises.verdict"
FINISH_EVENT = "instructor.gradebook.finish"

_WATCHED_PACKAGES = ("numpy", "tensorflow", "keras", "scipy", "IPython", "ipykernel", "builtins", "instructor")
_SOLUTION_WORDS = ("_solution.py", "/solutions/", "solution.py")
_PROC_SECRETS = ("/mem", "/environ", "/maps", "/fd/")


def sign(key: bytes, payload: bytes) -> str:
    return hmac.new(key, payload, hashlib.sha256).hexdigest()


def line(key: bytes, kind: str, record: dict) -> bytes:
    """One signed line: the prefix, the kind, the record as JSON, its signature."""
    payload = json.dumps({"kind": kind, **record}, ensure_ascii=True, sort_keys=True).encode("ascii")
    return PREFIX + payload + b" " + sign(key, payload).encode("ascii") + b"\n"


def read_line(raw: bytes, key: bytes) -> dict | None:
    """The record of a line the guard wrote with ``key``; None for a line without the prefix; a record of kind
    ``forged`` for a line with the prefix but not the signature (something else wrote it)."""
    if not raw.startswith(PREFIX):
        return None
    body = raw[len(PREFIX):].rstrip(b"\n")
    payload, _, signature = body.rpartition(b" ")
    if not payload or not hmac.compare_digest(sign(key, payload).encode("ascii"), signature.strip()):
        return {"kind": "forged", "text": raw[:200].decode("utf-8", "replace")}
    return json.loads(payload)


# --------------------------------------------------------------------------- what grading depends on
class _Snapshot:
    """Identities of everything grading reads: compared again before each verdict is signed."""

    def __init__(self):
        self.mappings: list[tuple[str, object, dict]] = []
        self.functions: list[tuple[str, types.FunctionType, tuple]] = []

    def add_mapping(self, label: str, live) -> None:
        self.mappings.append((label, live, dict(live)))

    def add_function(self, label: str, fn) -> None:
        if isinstance(fn, types.FunctionType):
            cells = tuple(id(c.cell_contents) if _filled(c) else None for c in (fn.__closure__ or ()))
            self.functions.append((label, fn, (fn.__code__, fn.__defaults__, id(fn.__kwdefaults__), cells)))

    def changed(self) -> list[str]:
        """What differs from the recorded identities (names that were added are not counted)."""
        found = []
        for label, live, copy in self.mappings:
            for name, value in copy.items():
                if name not in live:
                    found.append(f"{label}.{name} was deleted")
                elif live[name] is not value and not isinstance(value, types.ModuleType):
                    found.append(f"{label}.{name} was replaced")
        for label, fn, state in self.functions:
            cells = tuple(id(c.cell_contents) if _filled(c) else None for c in (fn.__closure__ or ()))
            if (fn.__code__, fn.__defaults__, id(fn.__kwdefaults__), cells) != state:
                found.append(f"{label} was changed (its code, defaults or closure)")
        return found


def _filled(cell) -> bool:
    try:
        cell.cell_contents
    except ValueError:
        return False
    return True


def _record_helpers(snapshot: _Snapshot) -> None:
    import helpers.exercises as exercises

    exercises.keys()                                   # every exercise module is imported now
    for name, module in sorted(sys.modules.items()):
        if not (name == "helpers" or name.startswith("helpers.")) or module is None:
            continue
        snapshot.add_mapping(name, module.__dict__)
        for attribute, value in list(vars(module).items()):
            if getattr(value, "__module__", None) != name:
                continue
            if isinstance(value, type):
                snapshot.add_mapping(f"{name}.{attribute}", value.__dict__)
                for method_name, method in list(vars(value).items()):
                    snapshot.add_function(f"{name}.{attribute}.{method_name}", method)
            snapshot.add_function(f"{name}.{attribute}", value)
    registry = exercises.core._REGISTRY
    snapshot.add_mapping("the exercises' registry", registry)
    for key, exercise in registry.items():
        snapshot.add_mapping(f"exercise {key}", vars(exercise))
        snapshot.add_function(f"the judge of {key}", exercise.judge)


_KERNEL_BUILTINS = {"input", "exit", "quit", "help", "copyright", "credits", "license", "display", "get_ipython",
                    "breakpoint", "_", "__", "___"}
"""Builtins the kernel itself replaces or removes when it starts (after the guard): not compared."""


def _record_libraries(snapshot: _Snapshot) -> None:
    import builtins

    kept = {k: v for k, v in vars(builtins).items() if k not in _KERNEL_BUILTINS}
    snapshot.mappings.append(("builtins", builtins.__dict__, kept))
    for name in ("numpy", "tensorflow", "keras"):
        module = sys.modules.get(name)
        if module is not None:
            functions = {k: v for k, v in vars(module).items() if not isinstance(v, types.ModuleType)}
            snapshot.mappings.append((name, module.__dict__, functions))


# --------------------------------------------------------------------------- whose code is running
class _Places:
    """Which files are the course's, the libraries' and the grader's: every other file is the student's."""

    def __init__(self, course: str, grader: str):
        import sysconfig

        paths = {sysconfig.get_paths()[k] for k in ("stdlib", "platstdlib", "purelib", "platlib")}
        self.library = tuple(sorted({os.path.realpath(p) for p in paths} | {sys.prefix, sys.base_prefix}))
        self.stdlib = tuple(sorted({os.path.realpath(sysconfig.get_paths()[k]) for k in ("stdlib", "platstdlib")}))
        self.course = os.path.realpath(course)
        self.grader = os.path.realpath(grader)

    def students(self, filename: str) -> bool:
        if filename.startswith("<frozen") or not filename:
            return False
        if filename.startswith("<"):
            return True                       # "<string>": code the student's cell compiled and ran
        path = os.path.realpath(filename)
        return not path.startswith(self.library + (self.course, self.grader))

    def stdlib_file(self, filename: str) -> bool:
        return filename.startswith("<frozen") or os.path.realpath(filename).startswith(self.stdlib)


def _student_frame(frame, places: _Places, through_stdlib: bool = True):
    """The student's frame that caused what is happening now, or None.

    The innermost frame decides; with ``through_stdlib``, frames of the standard library (``inspect``,
    ``pathlib``, ``gc`` helpers) are looked through, since a student can reach anything through them.
    A frame of a library (TensorFlow, NumPy) or of the course means the library did it.
    """
    while frame is not None:
        filename = frame.f_code.co_filename
        if places.students(filename):
            return frame
        if not (through_stdlib and places.stdlib_file(filename)):
            return None
        frame = frame.f_back
    return None


def _anywhere(frame, places: _Places):
    """A student's frame anywhere on the stack (for a trace function, which acts on every frame)."""
    while frame is not None:
        if places.students(frame.f_code.co_filename):
            return frame
        frame = frame.f_back
    return None


def _where(frame) -> dict:
    import linecache

    filename, number = frame.f_code.co_filename, frame.f_lineno
    return {"file": filename, "line": number, "code": linecache.getline(filename, number).strip()[:300],
            "cell": _execution_count()}


def _cell_source(frame) -> str:
    """The code of the notebook cell that called (the outermost frame in a kernel's cell file), to find the cell."""
    import linecache

    cell = None
    while frame is not None:
        if _is_cell_file(frame.f_code.co_filename):
            cell = frame.f_code.co_filename
        frame = frame.f_back
    return "".join(linecache.getlines(cell))[:20000] if cell else ""


def _is_cell_file(filename: str) -> bool:
    """A notebook cell's code, as ipykernel stores it: ``<tmp>/ipykernel_<pid>/<hash>.py``."""
    return "/ipykernel_" in filename


def _execution_count() -> int | None:
    try:
        from IPython import get_ipython

        shell = get_ipython()
        return int(shell.execution_count) if shell is not None else None
    except Exception:  # noqa: BLE001 - outside a kernel (a test) there is no count
        return None


def _owner(obj) -> str:
    module = getattr(obj, "__module__", None) or ""
    if isinstance(obj, types.ModuleType):
        module = obj.__name__
    return module if isinstance(module, str) else ""


def _watched(obj) -> bool:
    owner = _owner(obj)
    return owner.split(".")[0] in _WATCHED_PACKAGES + ("helpers",)


# --------------------------------------------------------------------------- the audit hook
def _suspicion(event: str, args: tuple, frame, places: _Places) -> tuple[str, object] | None:
    """(what the student's code did, the frame) when ``event`` is one grading must not meet, else None."""
    if event in ("object.__setattr__", "object.__delattr__"):
        obj, name = args[0], args[1]
        if (isinstance(obj, type) or name == "__code__") and _watched(obj):
            who = _student_frame(frame, places, through_stdlib=True)
            if who is not None:
                verb = "replaced" if event == "object.__setattr__" else "deleted"
                return f"{verb} {name} of {_owner(obj)}.{getattr(obj, '__qualname__', type(obj).__name__)}", who
        return None
    if event == "object.__getattr__" and args[1] in ("tb_frame", "gi_frame", "cr_frame", "ag_frame", "f_back"):
        who = _student_frame(frame, places, through_stdlib=False)
        return (f"read the frame of running code ({args[1]})", who) if who is not None else None
    if event in ("sys.settrace", "sys.setprofile", "threading.settrace", "threading.setprofile"):
        who = _anywhere(frame, places)
        return (f"set a trace or profile function ({event})", who) if who is not None else None
    if event == "sys.addaudithook":
        who = _anywhere(frame, places)
        return ("added an audit hook of its own", who) if who is not None else None
    if event in ("gc.get_objects", "gc.get_referrers", "gc.get_referents") or event.startswith("ctypes."):
        who = _student_frame(frame, places)
        return (f"looked into the running program ({event})", who) if who is not None else None
    if event in ("os.putenv", "os.unsetenv"):
        name = args[0].decode() if isinstance(args[0], bytes) else str(args[0])
        who = _student_frame(frame, places)
        if name.startswith(("COURSE_", "JPY_")) and who is not None:
            return f"changed the setting {name}", who
        return None
    if event in ("os.kill", "os.killpg", "signal.pthread_kill"):
        who = _student_frame(frame, places)
        return (f"sent a signal to process {args[0]}", who) if who is not None else None
    if event == "open":
        path = args[0].decode("utf-8", "replace") if isinstance(args[0], bytes) else str(args[0])
        mode, flags = (args + (None, None))[1:3]
        writes = (isinstance(mode, str) and any(c in mode for c in "wax+")) or (
            isinstance(flags, int) and flags & (os.O_WRONLY | os.O_RDWR | os.O_APPEND | os.O_CREAT))
        real = os.path.realpath(path) if path and not path.isdigit() else ""
        secret = any(w in path for w in _SOLUTION_WORDS) or (path.startswith("/proc/") and any(
            w in path for w in _PROC_SECRETS)) or real.startswith(places.grader)
        course = writes and real.startswith(os.path.dirname(places.course))
        if (secret or course) and not _importing(frame):
            who = _student_frame(frame, places)
            what = f"tried to write the course's file {path}" if course else f"opened {path}"
            return (what, who) if who is not None else None
    return None


def _importing(frame) -> bool:
    while frame is not None:
        if frame.f_code.co_filename.startswith("<frozen importlib"):
            return True
        frame = frame.f_back
    return False


def install(channel: int, course: str, grader: str) -> None:
    """Set the guard up in this process, before any student code runs. ``channel`` is a file descriptor the
    gradebook reads; ``course`` the folder of the course's helpers, ``grader`` the gradebook's own folder.

    The steps of the module's docstring, in its order:

    1. ``_send_key``: the first line on the channel, which the gradebook takes as the key;
    2. ``_record_what_grading_reads``: before the hook, which compares against this record before each verdict;
    3. ``_undumpable``;
    4. the audit hook of a ``_Guard``, added last: it needs the key, the whole record and helpers' genuine
       ``check`` (imported in step 2), and a hook cannot be removed once added;
    5. ``_out_of_reach``: this module leaves ``sys.modules``.
    """
    key = _send_key(channel)
    snapshot = _record_what_grading_reads()
    _undumpable()
    import helpers.exercises.core as core

    guard = _Guard(channel, key, snapshot, _Places(course, grader), genuine=core.check.__code__)
    sys.addaudithook(guard.hook)
    _out_of_reach()


def _out_of_reach() -> None:
    """Take this module out of ``sys.modules`` and its package: setting a module's attribute raises no audit
    event, so a student's cell that found this module there could replace a function the hook calls (``line``,
    which is handed the key). The hook keeps the module's functions through its own globals; a fresh
    ``import`` of the module makes another module, which the hook never calls."""
    sys.modules.pop(__name__, None)
    package = sys.modules.get(__name__.rpartition(".")[0])
    if package is not None:
        package.__dict__.pop(__name__.rpartition(".")[2], None)


def _send_key(channel: int) -> bytes:
    """A new key, sent to the gradebook as the first line on the channel."""
    key = os.urandom(32)
    os.write(channel, PREFIX + b"key " + key.hex().encode("ascii") + b"\n")
    return key


def _record_what_grading_reads() -> _Snapshot:
    snapshot = _Snapshot()
    _record_helpers(snapshot)
    _record_libraries(snapshot)
    return snapshot


_AUDITED = ("object.", "sys.", "gc.", "ctypes.", "os.", "signal.", "threading.", "open", "helpers.", "instructor.",
            "exec")
"""The beginnings of the events the hook acts on; it returns at once for any other."""


class _Guard:
    """The audit hook and what it keeps: the signing key, the record of what grading reads, what it reported."""

    def __init__(self, channel: int, key: bytes, snapshot: _Snapshot, places: _Places, genuine: types.CodeType):
        self.channel, self.key, self.snapshot, self.places, self.genuine = channel, key, snapshot, places, genuine
        self.busy = False               # True while the hook runs: the events its own work raises are let pass
        self.reported: set = set()      # what was reported already: each is reported once
        self.last_cell = None           # the execution count of the cell that ran last

    def hook(self, event: str, args: tuple) -> None:
        """The audit hook: a cell starting, a verdict, the end of the notebook, or something a student's cell did."""
        if self.busy or not event.startswith(_AUDITED):
            return
        self.busy = True
        try:
            if event == "exec":
                self._cell_started(args[0])
                return
            frame = sys._getframe(1)
            if event == VERDICT_EVENT:
                self._verdict(args, frame)
            elif event == FINISH_EVENT:
                self._finish()
            else:
                found = _suspicion(event, args, frame, self.places)
                if found is not None:
                    self._report(*found)
        finally:
            self.busy = False

    def _send(self, kind: str, record: dict) -> None:
        os.write(self.channel, line(self.key, kind, record))

    def _report(self, what: str, frame) -> None:
        """Report what a student's frame did, once for each place."""
        where = _where(frame)
        mark = (what, where["file"], where["line"])
        if mark not in self.reported:
            self.reported.add(mark)
            self._send("tamper", {"what": what, **where})

    def _report_changes(self, changed: list[str], cell, after: bool) -> None:
        """Report each change to what grading reads, once; ``after``: found after the cell that made it had run."""
        for what in changed:
            if what not in self.reported:
                self.reported.add(what)
                record = {"what": what, "file": "", "line": 0, "code": "", "cell": cell}
                self._send("tamper", {**record, "after": True} if after else record)

    def _cell_started(self, code) -> None:
        """A cell's code is about to run: what changed during the cells before it is reported now, with their count."""
        if not _is_cell_file(getattr(code, "co_filename", "")):
            return
        self._report_changes(self.snapshot.changed(), self.last_cell, after=True)
        self.last_cell = _execution_count()

    def _verdict(self, args: tuple, frame) -> None:
        """Sign a verdict announced by the genuine check (failed if anything grading reads was changed)."""
        if frame is None or frame.f_code is not self.genuine:
            who = _student_frame(frame, self.places) or frame
            self._report("announced a verdict without helpers' check", who)
            return
        changed = self.snapshot.changed()
        self._report_changes(changed, _execution_count(), after=False)
        exercise, passed, mistake, message = (args + (None, None, None, None))[:4]
        self._send("verdict", {"exercise": str(exercise), "passed": bool(passed) and not changed,
                               "mistake": None if mistake is None else str(mistake), "message": str(message)[:4000],
                               "cell": _execution_count(), "intact": not changed, "source": _cell_source(frame)})

    def _finish(self) -> None:
        """The notebook has run: report what changed since the last cell started, then say whether all is intact."""
        changed = self.snapshot.changed()
        self._report_changes(changed, self.last_cell, after=True)
        self._send("finish", {"cell": _execution_count(), "intact": not changed})


def _undumpable() -> None:
    """PR_SET_DUMPABLE 0: no process of the same user may read this one's memory (/proc/<pid>/mem, ptrace)."""
    try:
        import ctypes

        ctypes.CDLL(None).prctl(4, 0, 0, 0, 0)
    except (OSError, AttributeError):
        pass
