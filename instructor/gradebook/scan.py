"""Read a submission's cells before anything runs: lines that reach for the grading machinery.

The guard (``guard.py``) catches tampering while the notebook runs; this scan reads every line the
student wrote (cells identical to the course's are skipped), so a patch that the guard would only
notice by its effect is still shown to the instructor with its cell and line. A line is reported
when it

- defines ``check`` or ``reveal`` itself;
- assigns to, deletes or ``setattr``-s an attribute or an item of the course's helpers, TensorFlow,
  NumPy, Keras, SciPy, ``sys`` or ``builtins`` (``helpers.exercises.core.get = ...``,
  ``np.allclose = ...``, ``sys.modules[...] = ...``);
- changes a ``COURSE_*`` setting in ``os.environ``;
- reads ``sys.modules`` (where the grading machinery's modules are);
- names a solution file, a process's memory or environment, the gradebook, or the grading
  machinery's insides (``_REGISTRY``, ``solution_source``, ``__code__``, ``__closure__``,
  ``__globals__``, ``cell_contents``, ``sys.addaudithook``, ``sys.settrace``, ``sys._getframe``,
  ``gc.get_objects``, ``ctypes``, ``os.kill``, ``os.write``, ``sys.audit``).

Honest answers to the course's exercises need none of these.
"""

from __future__ import annotations

import ast
from dataclasses import dataclass

WATCHED_MODULES = ("helpers", "tensorflow", "numpy", "keras", "scipy", "sys", "builtins", "instructor")
SUSPICIOUS_NAMES = {
    "_REGISTRY": "reads the exercises' registry", "solution_source": "reads a solution file",
    "__code__": "reads or replaces a function's code", "__closure__": "reads a function's closure",
    "__globals__": "reads a function's globals", "cell_contents": "reads or changes a closure cell",
    "addaudithook": "adds an audit hook", "settrace": "sets a trace function", "setprofile": "sets a profile function",
    "_getframe": "reads the frames of running code", "get_objects": "lists every object of the process",
    "get_referrers": "searches the process's objects", "get_referents": "searches the process's objects",
    "ctypes": "uses ctypes (raw memory)", "getppid": "looks for the process that runs the notebook",
}
SUSPICIOUS_CALLS = {("os", "kill"): "sends a signal to a process", ("os", "killpg"): "sends a signal to processes",
                    ("os", "write"): "writes to a raw file descriptor", ("sys", "audit"): "announces an audit event",
                    ("os", "putenv"): "changes an environment setting", ("os", "unsetenv"): "changes an environment setting"}
SUSPICIOUS_TEXT = {"_solution": "names a solution file", "solutions/": "names a solution file",
                   "/proc/": "reads the process's files (/proc)", "@@course-grader@@": "writes the verdict channel",
                   "COURSE_": "names a COURSE_* setting", "/grader": "names the gradebook's files"}


@dataclass(frozen=True)
class Finding:
    """A line that reaches for the grading machinery: the cell (0-based index), the line, what it does."""

    cell: int
    line: int
    code: str
    what: str

    def as_dict(self) -> dict:
        return {"cell": self.cell, "line": self.line, "code": self.code, "what": self.what, "source": "scan"}


def _python(source: str) -> ast.Module | None:
    """A cell's code as Python (IPython's magics and shell escapes turned into calls), or None if it does not parse."""
    from IPython.core.inputtransformer2 import TransformerManager

    try:
        return ast.parse(TransformerManager().transform_cell(source))
    except (SyntaxError, ValueError):
        return None


def _aliases(trees: list[ast.Module]) -> dict[str, str]:
    """Names bound to the watched modules (or to things imported from them), with the module they come from."""
    found = {"tf": "tensorflow", "np": "numpy", "helpers": "helpers", "keras": "keras", "sys": "sys",
             "builtins": "builtins", "check": "helpers", "reveal": "helpers"}
    for tree in trees:
        for node in ast.walk(tree):
            if isinstance(node, ast.Import):
                for alias in node.names:
                    if alias.name.split(".")[0] in WATCHED_MODULES:
                        found[(alias.asname or alias.name).split(".")[0]] = alias.name
            elif isinstance(node, ast.ImportFrom) and node.module and node.module.split(".")[0] in WATCHED_MODULES:
                for alias in node.names:
                    found[alias.asname or alias.name] = node.module
    return found


def _root(node: ast.AST) -> str | None:
    while isinstance(node, (ast.Attribute, ast.Subscript, ast.Call)):
        node = node.func if isinstance(node, ast.Call) else node.value
    return node.id if isinstance(node, ast.Name) else None


def _dotted(node: ast.AST) -> str:
    try:
        return ast.unparse(node)
    except Exception:  # noqa: BLE001 - a description only
        return "an attribute"


def _findings(tree: ast.Module, aliases: dict[str, str]) -> list[tuple[int, str]]:
    """(line, what) for every suspicious construct in one cell."""
    out = []
    for node in ast.walk(tree):
        line = getattr(node, "lineno", 0)
        if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef, ast.ClassDef)) and node.name in ("check", "reveal"):
            out.append((line, f"defines its own {node.name}"))
        targets = node.targets if isinstance(node, ast.Assign) else [node.target] if isinstance(
            node, (ast.AugAssign, ast.AnnAssign)) else node.targets if isinstance(node, ast.Delete) else []
        for target in targets:
            for part in ast.walk(target):
                if isinstance(part, ast.Name) and part.id in ("check", "reveal") and isinstance(part.ctx, ast.Store):
                    out.append((line, f"rebinds the name {part.id}"))
            if isinstance(target, (ast.Attribute, ast.Subscript)) and _root(target) in aliases:
                out.append((line, f"changes {_dotted(target)}, part of {aliases[_root(target)].split('.')[0]}"))
            if isinstance(target, ast.Subscript) and _dotted(target.value) == "os.environ" and _grading_setting(target.slice):
                out.append((line, f"changes the setting {_dotted(target.slice)}"))
        if isinstance(node, ast.Call):
            out += _call_findings(node, aliases, line)
        if isinstance(node, (ast.Name, ast.Attribute)):
            name = node.id if isinstance(node, ast.Name) else node.attr
            if name in SUSPICIOUS_NAMES:
                out.append((line, SUSPICIOUS_NAMES[name]))
            if (isinstance(node, ast.Attribute) and name == "modules" and aliases.get(_root(node)) == "sys") or (
                    isinstance(node, ast.Name) and aliases.get(name) == "sys.modules"):
                out.append((line, "reads sys.modules, where the grading machinery's modules are"))
            if isinstance(node, ast.Attribute) and name in ("__file__", "__path__") and _root(node) in aliases:
                out.append((line, f"locates the course's own files ({aliases[_root(node)].split('.')[0]})"))
        if isinstance(node, ast.alias) and node.name.split(".")[0] in ("ctypes", "instructor"):
            out.append((line, f"imports {node.name}"))
        if isinstance(node, ast.Constant) and isinstance(node.value, str):
            for text, what in SUSPICIOUS_TEXT.items():
                if text in node.value:
                    out.append((line, what))
    return out


def _grading_setting(key: ast.AST) -> bool:
    """An environment variable the grading reads (``COURSE_*``, ``JPY_*``), or one whose name is computed."""
    if isinstance(key, ast.Constant):
        return isinstance(key.value, str) and key.value.startswith(("COURSE_", "JPY_"))
    return True


def _call_findings(node: ast.Call, aliases: dict[str, str], line: int) -> list[tuple[int, str]]:
    out = []
    func = node.func
    if isinstance(func, ast.Name) and func.id in ("setattr", "delattr") and node.args and _root(node.args[0]) in aliases:
        out.append((line, f"{func.id} on {_dotted(node.args[0])}, part of {aliases[_root(node.args[0])].split('.')[0]}"))
    if isinstance(func, ast.Attribute) and isinstance(func.value, ast.Name):
        what = SUSPICIOUS_CALLS.get((func.value.id, func.attr))
        if what:
            out.append((line, what))
    if isinstance(func, ast.Attribute) and _dotted(func.value) == "os.environ" and func.attr in (
            "pop", "update", "clear", "setdefault", "__setitem__", "__delitem__"):
        out.append((line, f"changes the environment (os.environ.{func.attr})"))
    return out


def scan(cells: list[str], course_cells: set[str]) -> list[Finding]:
    """Every suspicious line of the cells the student wrote (cells equal to one of ``course_cells`` are skipped)."""
    trees = {i: _python(source) for i, source in enumerate(cells) if source.strip()}
    aliases = _aliases([t for t in trees.values() if t is not None])
    found = []
    for i, tree in trees.items():
        if tree is None or normalise(cells[i]) in course_cells:
            continue
        lines = cells[i].splitlines()
        seen = set()
        for number, what in sorted(_findings(tree, aliases)):
            if (number, what) in seen:
                continue
            seen.add((number, what))
            code = lines[number - 1].strip() if 0 < number <= len(lines) else ""
            found.append(Finding(i, number, code[:300], what))
    return found


def normalise(source: str) -> str:
    """A cell's source for comparison with the course's: trailing spaces and blank edges ignored."""
    return "\n".join(line.rstrip() for line in source.strip().splitlines())
