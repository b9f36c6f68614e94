"""Write docs/authoring-reference.md: every mistake key, the sentence it produces and who produces it.

    python tools/authoring_reference.py            (or: make reference)   write the file
    python tools/authoring_reference.py --check    exit 1 if the file is out of date

Everything in the reference is read from the code, so it cannot drift: the precedence of feedback
sources from :class:`helpers.exercises.Exercise`'s docstring, the rules of
:mod:`helpers.explanations` with the sentence each says for its own example, and the places in the
helpers and in every exercise module that name a mistake key together with a message (a
``Feedback``, a ``reject``, an ``entry.fail`` of the checker, a ``CustomGradientError``, a
``known_wrong`` or ``mistakes`` entry, ``messages=`` and ``hints=``). A message built at run time
shows its variable parts as ``{…}``.
"""

from __future__ import annotations

import ast
import os
import re
import sys
from dataclasses import dataclass
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
OUT = ROOT / "docs" / "authoring-reference.md"
os.environ.setdefault("TF_CPP_MIN_LOG_LEVEL", "3")
sys.path.insert(0, str(ROOT))


@dataclass(frozen=True)
class Said:
    """One place in the code that names a mistake key with a message."""

    key: str
    message: str
    where: str
    """``helpers/strict.py``, say, or the exercise's key."""
    how: str
    """What kind of place: "explanation rule", "check_gradients", "known wrong gradient", "hint"..."""


# --------------------------------------------------------------------------- reading messages from the code
def _read(node: ast.AST | None, names: dict | None = None) -> str | None:
    """A message as written: constant parts kept, the parts computed at run time as ``{…}``; a module-level
    name bound to a message (``names``) is read as that message."""
    if isinstance(node, ast.Name) and names and node.id in names and names[node.id] is not node:
        return _read(names[node.id], None)
    if isinstance(node, ast.Constant) and isinstance(node.value, str):
        return node.value
    if isinstance(node, ast.JoinedStr):
        return "".join(v.value if isinstance(v, ast.Constant) else "{…}" for v in node.values)
    if isinstance(node, ast.BinOp) and isinstance(node.op, ast.Add):
        left, right = _read(node.left, names), _read(node.right, names)
        return (left or "{…}") + (right or "{…}") if left or right else None
    if isinstance(node, ast.Name) and node.id.isupper() or isinstance(node, ast.Name) and node.id.startswith("_"):
        return "{" + node.id + "}"
    if isinstance(node, ast.Tuple) and node.elts:
        parts = [_read(e, names) for e in node.elts]
        return "".join(p for p in parts if p) or None
    return None


def _key(node: ast.AST | None) -> str | None:
    """A mistake key: a string that is a lower-case identifier (``upstream_ignored``, ``A_in_its_gradient``)."""
    value = node.value if isinstance(node, ast.Constant) else None
    if isinstance(value, str) and value.isidentifier() and any(c.islower() for c in value) and \
            ("_" in value or value.islower()):
        return value
    return None


def _name(func: ast.AST) -> str:
    return func.id if isinstance(func, ast.Name) else func.attr if isinstance(func, ast.Attribute) else ""


def _scan(tree: ast.AST, where: str, module_names: dict[str, ast.AST]) -> list[Said]:
    """Every (key, message) the module names: calls, known-wrong tuples, and messages/hints dicts."""
    found = []

    def add(key, message, how):
        said = Said(key, " ".join(message.split()), where, how) if key and message else None
        if said and " " in message.strip() and said not in found:       # a sentence, not another key
            found.append(said)

    def _text(node, _names=None):
        return _read(node, module_names)

    for node in ast.walk(tree):
        if isinstance(node, ast.Call):
            name, args = _name(node.func), node.args
            if name == "fail" and len(args) >= 3:
                add(_key(args[1]), _text(args[2]), "check_gradients, for one input")
            elif name == "_Problem" and len(args) >= 2:
                add(_key(args[0]), _text(args[1]), "check_gradients, for the whole function")
            elif name == "CustomGradientError" and len(args) >= 2:
                add(_key(args[1]), _text(args[0]), "strict_custom_gradient")
            elif name == "reject" and len(args) >= 2:
                add(_key(args[1]), _text(args[0]), "judge")
            elif name == "Feedback" and len(args) >= 3:
                add(_key(args[2]), _text(args[1]), "judge")
            for keyword in node.keywords:
                if keyword.arg in ("messages", "hints") and isinstance(keyword.value, ast.Dict):
                    for k, v in zip(keyword.value.keys, keyword.value.values):
                        message = _text(v) if v is not None else None
                        add(_key(k), message, "replaces the checker's sentence (messages=)"
                            if keyword.arg == "messages" else "hint appended (hints=)")
        elif isinstance(node, ast.Return) and isinstance(node.value, ast.Tuple) and len(node.value.elts) == 2:
            add(_key(node.value.elts[0]), _text(node.value.elts[1]), "check_gradients' diagnosis")
        elif isinstance(node, ast.Tuple) and len(node.elts) in (3, 4):
            first, second = node.elts[0], node.elts[1]
            message = _text(node.elts[-1])
            if _key(first) and not _key(second):
                add(_key(first), message, "known wrong answer (known_wrong)")
            elif _key(second):
                add(_key(second), message, "known wrong answer (mistakes)")
    return found


def _module_strings(tree: ast.AST) -> dict[str, ast.AST]:
    """Module-level names bound to a message (``_SHARED = "..."``), so a message given by name is found."""
    out = {}
    for node in getattr(tree, "body", []):
        if isinstance(node, ast.Assign) and len(node.targets) == 1 and isinstance(node.targets[0], ast.Name):
            out[node.targets[0].id] = node.value
    return out


def _scan_file(path: Path, where: str) -> list[Said]:
    tree = ast.parse(path.read_text(encoding="utf-8"))
    return _scan(tree, where, _module_strings(tree))


# --------------------------------------------------------------------------- the document
def _precedence() -> str:
    from helpers.exercises import Exercise

    doc = Exercise.__doc__
    start = doc.index("How the feedback on an answer is put together")
    end = doc.index("``docs/authoring-reference.md``")
    lines = [line[4:] if line.startswith("    ") else line for line in doc[start:end].strip().splitlines()]
    text = "\n".join(lines).replace("first match wins:\n", "first match wins:\n\n")
    text = re.sub(r":(?:meth|func|mod|class):`~?([^`]+)`", r"`\1`", text)
    return text.replace("``", "`")


def _row(key: str, message: str, who: str) -> str:
    cell = lambda t: " ".join(t.split()).replace("|", "\\|")
    return f"| `{key}` | {cell(message)} | {cell(who)} |"


def _rules_section() -> list[str]:
    from helpers.boundary import explain
    from helpers.explanations import RULES

    lines = ["## Errors from a learner's code (`helpers/explanations.py`)", "",
             "Whatever a learner's code raises becomes the sentence of the first rule that matches, in this order "
             "(the module's docstring says where the order matters). The sentence shown is the rule's answer to "
             "its own example error.", "", "| key | sentence (for the rule's example) | rule |", "|---|---|---|"]
    for i, rule in enumerate(RULES):
        lines.append(_row(rule.key, explain(rule.example, line=rule.example_line).message, f"rule {i}"))
    return lines + [""]


def _helpers_section() -> list[str]:
    sources = [("helpers/exercises/core.py", "every exercise"), ("helpers/exercises/judges.py", "the judge builders"),
               ("helpers/strict.py", "strict_custom_gradient")]
    sources += [(p.relative_to(ROOT).as_posix(), "check_gradients")
                for p in sorted((ROOT / "helpers" / "checking").glob("*.py"))]
    said = [s for path, _ in sources for s in _scan_file(ROOT / path, path)]
    from helpers.exercises import core

    said += [Said("not_attempted", core.NOT_ATTEMPTED, "helpers/exercises/core.py", "every exercise"),
             Said("not_attempted", core.STILL_RAISES, "helpers/exercises/core.py", "every exercise"),
             Said("none_answer", core.NONE_ANSWER, "helpers/exercises/core.py", "every exercise"),
             Said("override_map", core.OVERRIDE_MAP, "helpers/exercises/core.py", "every exercise")]
    lines = ["## Keys the helpers produce for every exercise", "",
             "An exercise's feedback uses these sentences unless the exercise replaces them (`messages=`, "
             "`fallback`) or cuts part of them (`withhold`).", "",
             "| key | sentence | produced by |", "|---|---|---|"]
    seen = set()
    for s in sorted(said, key=lambda s: (s.key, s.where, s.message)):
        if (s.key, s.message) not in seen:
            seen.add((s.key, s.message))
            lines.append(_row(s.key, s.message, f"{s.how} ({s.where})"))
    return lines + [""]


def _exercises_section() -> list[str]:
    from helpers.exercises import get, keys

    lines = ["## Each exercise's own keys", "",
             "What each exercise adds: its known wrong answers and their messages, the checker's sentences it "
             "replaces, and its hints. `mistakes` lists the keys its tests cover (`MISTAKES` in its answers file).",
             ""]
    for key in keys():
        exercise = get(key)
        path = ROOT / Path(*exercise.module.split("."))
        path = path.with_suffix(".py")
        lines += [f"### `{key}`: {exercise.title}", "",
                  f"`{path.relative_to(ROOT).as_posix()}`; mistakes: {', '.join(f'`{m}`' for m in exercise.mistakes)}",
                  ""]
        said = _scan_file(path, key)
        if said:
            lines += ["| key | sentence | where |", "|---|---|---|"]
            lines += [_row(s.key, s.message, s.how) for s in said]
        lines.append("")
    return lines


def reference() -> str:
    lines = ["# Authoring reference: mistake keys and feedback", "",
             "Generated by `tools/authoring_reference.py` (`make reference`) from the code; do not edit it by hand: "
             "`tests/test_authoring_reference.py` fails when it is out of date.", "",
             "## Which feedback wins", "", _precedence(), ""]
    lines += _rules_section() + _helpers_section() + _exercises_section()
    return "\n".join(lines).rstrip() + "\n"


def main(argv: list[str]) -> int:
    text = reference()
    if argv[:1] == ["--check"]:
        if not OUT.is_file() or OUT.read_text(encoding="utf-8") != text:
            print(f"{OUT.name} is out of date: run `make reference`", file=sys.stderr)
            return 1
        return 0
    OUT.write_text(text, encoding="utf-8")
    print(f"wrote {OUT}")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
