"""No function of the course's code is too long to follow in one sitting.

A function whose body (its docstring left out) runs over ``MAX_LINES`` lines is split into named
steps (see how a judge is written in CONTRIBUTING.md). A function that is long for a reason, such as
a table with one entry per rule, says so in its docstring: the words "Long because" followed by the
reason.
"""

from __future__ import annotations

import ast
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
FOLDERS = ("helpers", "instructor", "tools")
MAX_LINES = 60
EXCUSE = "Long because"


def _body_lines(function: ast.FunctionDef | ast.AsyncFunctionDef) -> int:
    """Lines from the first statement after the docstring to the end of the last statement."""
    body = function.body
    if ast.get_docstring(function, clean=False) is not None:
        body = body[1:]
    if not body:
        return 0
    return body[-1].end_lineno - body[0].lineno + 1


def _excused(function: ast.FunctionDef | ast.AsyncFunctionDef) -> bool:
    """The docstring says why the function is long: "Long because" and at least a word of reason after it."""
    docstring = ast.get_docstring(function) or ""
    _, found, reason = docstring.partition(EXCUSE)
    return bool(found) and any(c.isalpha() for c in reason)


def long_functions(source: str, filename: str = "<source>") -> list[str]:
    """``file:line name (n lines)`` for every function (nested ones and methods too) longer than allowed."""
    found = []
    for node in ast.walk(ast.parse(source, filename)):
        if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef)):
            lines = _body_lines(node)
            if lines > MAX_LINES and not _excused(node):
                found.append(f"{filename}:{node.lineno} {node.name} ({lines} lines)")
    return found


def _python_files() -> list[Path]:
    return sorted(p for folder in FOLDERS for p in (ROOT / folder).rglob("*.py")
                  if not any(part.startswith(".") or part == "__pycache__" for part in p.relative_to(ROOT).parts))


def test_no_function_is_longer_than_the_limit():
    files = _python_files()
    assert any(p.name == "judges.py" for p in files), "the walk found none of the course's code"
    offenders = [o for p in files
                 for o in long_functions(p.read_text(encoding="utf-8"), p.relative_to(ROOT).as_posix())]
    assert not offenders, (
        f"{len(offenders)} function(s) have a body of more than {MAX_LINES} lines (docstring left out); split each "
        f"into named steps, or say in its docstring \"{EXCUSE} ...\" and why:\n" + "\n".join(offenders))


def _function(body_lines: int, docstring: str | None = None) -> str:
    doc = f'    """{docstring}"""\n' if docstring is not None else ""
    return "def f(x):\n" + doc + "".join(f"    x = x + {i}\n" for i in range(body_lines))


def test_the_limit_counts_the_body_without_its_docstring():
    assert long_functions(_function(MAX_LINES, "A docstring\n\n    on several lines.")) == []
    assert long_functions(_function(MAX_LINES + 1), "m.py") == [f"m.py:1 f ({MAX_LINES + 1} lines)"]


def test_a_nested_function_and_a_method_are_counted_too():
    nested = "def outer():\n" + "\n".join("    " + line for line in _function(MAX_LINES + 1).splitlines())
    method = "class C:\n" + "\n".join("    " + line for line in _function(MAX_LINES + 1).splitlines())
    assert [o.split()[1] for o in long_functions(nested)] == ["outer", "f"]
    assert [o.split()[1] for o in long_functions(method)] == ["f"]


def test_a_long_function_is_excused_only_with_a_reason():
    assert long_functions(_function(MAX_LINES + 1, "The table.\n\n    Long because it is the table itself.")) == []
    assert len(long_functions(_function(MAX_LINES + 1, "Long because"))) == 1
    assert len(long_functions(_function(MAX_LINES + 1, "Long, and no reason given."))) == 1
