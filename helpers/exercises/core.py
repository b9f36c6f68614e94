"""The exercise machinery: feedback, the registry, solutions in their own files.

Authors read :class:`Exercise` (what an exercise is and how its feedback is put together);
learners use :func:`check` and :func:`reveal` from :mod:`helpers.exercises`.
"""

from __future__ import annotations

import difflib
import html
import os
import re
import sys
import zlib
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Callable

import numpy as np

from ..boundary import HelperSignal, LearnerCodeError

__all__ = ["Feedback", "Verdict", "Exercise", "Solution", "HiddenSolution", "WithheldSolution", "SolutionsHidden", "check",
           "reveal", "get", "keys", "register", "reject", "rng_for"]

HIDE_SOLUTIONS = "COURSE_HIDE_SOLUTIONS"
"""Environment variable: ``1`` hides solutions, so :func:`reveal` shows a notice instead (an assessed run)."""


@dataclass
class Feedback:
    """The verdict on one answer. ``bool(feedback)`` is ``passed``."""

    passed: bool
    message: str
    mistake: str | None = None
    """Key of the recognised mistake, e.g. ``"upstream_ignored"``; ``None`` when passed or unrecognised."""
    exercise: str = ""

    def __bool__(self) -> bool:
        return self.passed

    def __call__(self, *args, **kwargs):
        raise TypeError("`check` no longer names the checker: a line such as `check = check(...)` gave the name to "
                        "this feedback. Run `from helpers.exercises import check` (or the setup cell) again, and keep "
                        "feedback under another name: `feedback = check(...)`.")

    @property
    def status(self) -> str:
        if self.passed:
            return "Correct"
        return "Not attempted yet" if self.mistake == "not_attempted" else "Not yet"

    def __str__(self) -> str:
        mark = "✓" if self.passed else "✗"
        return f"{mark} [{self.exercise}] {self.status}: {self.message}"

    def __repr__(self) -> str:
        return str(self)

    def _repr_html_(self) -> str:
        color, bg = ("#1a7f37", "#dafbe1") if self.passed else ("#9a6700", "#fff8c5")
        return (f'<div style="border-left:4px solid {color};background:{bg};padding:6px 10px;'
                f'color:#1f2328"><b>{"✓" if self.passed else "✗"} {html.escape(self.status)}</b> '
                f"<small>[{html.escape(self.exercise)}]</small><br>{html.escape(self.message)}</div>")


class Verdict(HelperSignal):
    """Raised by a judge (or a helper it calls) to end judging early with ``feedback``."""

    def __init__(self, feedback: Feedback):
        super().__init__(feedback.message)
        self.feedback = feedback


def reject(message: str, mistake: str | None = None):
    """End judging with "Not yet" and ``message``."""
    raise Verdict(Feedback(False, message, mistake))


NOT_ATTEMPTED = "replace the placeholder with your answer, then run the cell again."
NONE_ANSWER = ("your answer is None, not a value. print(...), list.reverse(), list.sort() and list.append(...) "
               "return None (they act; they give no result), so does a function without a return statement, and "
               "tape.gradient gives None for a tensor the tape did not watch (tape.watch(x), or a tf.Variable).")
STILL_RAISES = ("your code still raises NotImplementedError. Replace that line with your own code, then run the cell "
                "again.")


OVERRIDE_MAP = ("your code replaces the gradient with tf.RegisterGradient and gradient_override_map, which work "
                "only where TensorFlow builds the gradient from a graph (tf.gradients, or a tape outside the "
                "tf.function that holds the op): a tape that records the op itself, eagerly or inside the same "
                "tf.function, ignores the override (notebook 07). Write the gradient with @tf.custom_gradient.")


def _low_precision_feedback(answer, feedback: Feedback) -> Feedback:
    from .judges import low_precision_feedback

    return low_precision_feedback(answer, feedback)


def _uses_override_map(answer) -> bool:
    from .judges import refers_to

    try:
        return callable(answer) and any(refers_to(answer, name) for name in ("gradient_override_map",
                                                                             "RegisterGradient"))
    except Exception:  # noqa: BLE001 - a look at the code only; an odd object is simply not an override
        return False


def _is_placeholder(answer) -> bool:
    if answer is Ellipsis:
        return True
    return isinstance(answer, (list, tuple)) and len(answer) > 0 and all(a is Ellipsis for a in answer)


@dataclass
class Solution:
    """A solution's source code; ``.answer`` runs it and returns the answer it defines."""

    exercise: str
    code: str
    """What the learner sees: the solution file below its docstring and imports."""
    answer_name: str
    source: str = field(default="", repr=False)
    """The whole solution file, imports included, which ``.answer`` runs."""

    @property
    def answer(self) -> Any:
        scope: dict = {"__name__": f"solution {self.exercise}"}
        exec(compile(self.source or self.code, f"<solution {self.exercise}>", "exec"), scope)  # noqa: S102 - our own file
        return scope[self.answer_name]

    def __str__(self) -> str:
        return f"Solution to {self.exercise}:\n\n{self.code}"

    def __repr__(self) -> str:
        return str(self)

    def _repr_markdown_(self) -> str:
        return f"**Solution to `{self.exercise}`**\n\n```python\n{self.code}\n```"


@dataclass
class Exercise:
    """A question, the judge of its answers, and what its feedback adds: one module per exercise.

    An exercise lives in ``helpers/exercises/<notebook package>/<name>.py`` as a module-level
    ``EXERCISE = Exercise(...)``; its solution is the file ``<name>_solution.py`` beside it (a
    student edition of the course leaves that file out, and :func:`reveal` then says so). The
    package is found by :func:`keys`, with no list to edit.

    How the feedback on an answer is put together (:meth:`check`), first match wins:

    1. an answer still equal to the stub's placeholder (``...``) is "not attempted"; ``None`` is
       named as None;
    2. the ``judge`` runs. Its own verdicts come first: the ``known_wrong`` gradients and
       ``mistakes=`` numbers of a builder in :mod:`helpers.exercises.judges`, then the checker's
       diagnosis (:func:`helpers.check_gradients`), replaced by ``messages[mistake]`` where the
       exercise gives one, or by the builder's ``fallback`` where the checker names no mistake;
    3. whatever the learner's code raised becomes a sentence about their line
       (:func:`helpers.boundary.explain`);
    4. an answer that used ``gradient_override_map`` is told why a tape ignores it, and arithmetic
       in float16 or bfloat16 behind wrong values is named;
    5. the patterns in ``withhold`` are cut out (general advice that would hand over this exercise's
       answer), and ``hints[mistake]`` is appended as "Hint: ...".

    ``docs/authoring-reference.md`` lists every mistake key with its sentence and who produces it.
    """

    key: str
    title: str
    judge: Callable[[Any], Feedback]
    answer_name: str
    """The name the stub defines, which the notebook passes to ``check``."""
    mistakes: tuple[str, ...] = ()
    """Mistakes the tests cover (keys of :attr:`Feedback.mistake`): ``tests/answers/`` holds a wrong answer for each."""
    hints: dict = field(default_factory=dict)
    """Exercise-specific advice appended to the feedback for a mistake key (also keys of helpers.boundary)."""

    withhold: tuple[str, ...] = ()
    """Patterns (regular expressions) cut from the feedback: general advice that is this exercise's answer."""
    module: str = ""
    """The module that defines the exercise (set when it is loaded); its solution is ``<module>_solution.py``."""

    @property
    def notebook(self) -> str:
        """The notebook's number, e.g. ``"04"``."""
        return self.key.split(".", 1)[0]

    def check(self, answer: Any) -> Feedback:
        """Judge ``answer``; whatever the answer's code does, this returns feedback and never raises."""
        if _is_placeholder(answer):
            return self._feedback(False, NOT_ATTEMPTED, "not_attempted")
        if answer is None:                  # no stub holds None: the learner's code produced it
            return self._feedback(False, NONE_ANSWER, "none_answer")
        try:
            feedback = self.judge(answer)
        except Verdict as verdict:
            feedback = verdict.feedback
        except LearnerCodeError as error:
            feedback = self._from_error(error)
        except Exception as error:  # noqa: BLE001 - anything else still becomes a sentence, never a traceback
            feedback = self._from_error(LearnerCodeError("checking your answer", error))
        if not feedback.passed and feedback.mistake != "not_attempted" and _uses_override_map(answer):
            feedback = Feedback(False, OVERRIDE_MAP, "override_map")
        feedback = _low_precision_feedback(answer, feedback)
        for pattern in self.withhold if not feedback.passed else ():
            feedback.message = re.sub(pattern, "", feedback.message, flags=re.S)
        hint = self.hints.get(feedback.mistake) if not feedback.passed else None
        if hint and hint not in feedback.message:
            end = "" if feedback.message.rstrip().endswith((".", "?", "!", ".)", "?)", "!)")) else "."
            feedback.message = f"{feedback.message.rstrip()}{end} Hint: {hint}"
        feedback.exercise = self.key
        return feedback

    def _from_error(self, error: LearnerCodeError) -> Feedback:
        if error.mistake == "not_attempted":
            return self._feedback(False, STILL_RAISES, "not_attempted")
        return self._feedback(False, error.sentence(), error.mistake)

    def _feedback(self, passed: bool, message: str, mistake: str | None = None) -> Feedback:
        return Feedback(passed, message, mistake, self.key)

    def solution_source(self) -> str | None:
        """The text of the solution file, or ``None`` where this edition of the course leaves it out."""
        import importlib.util

        spec = importlib.util.find_spec(self.module) if self.module else None
        path = Path(spec.origin).with_name(Path(spec.origin).stem + "_solution.py") if spec and spec.origin else None
        return path.read_text(encoding="utf-8") if path is not None and path.is_file() else None

    def reveal(self) -> Solution | WithheldSolution:
        """The solution, or a notice where this edition of the course has none."""
        source = self.solution_source()
        if source is None:
            return WithheldSolution(self.key)
        return Solution(self.key, shown_part(source), self.answer_name, source)


def shown_part(source: str) -> str:
    """A solution file without its docstring, comments above the code and imports: what the learner writes."""
    import ast

    body = ast.parse(source).body
    first = next((node for node in body if not isinstance(node, (ast.Import, ast.ImportFrom))
                  and not (isinstance(node, ast.Expr) and isinstance(node.value, ast.Constant))), None)
    if first is None:
        return ""
    line = min([first.lineno] + [d.lineno for d in getattr(first, "decorator_list", [])])
    lines = source.splitlines()[line - 1:]
    return "\n".join(lines).strip()


def rng_for(key: str) -> np.random.Generator:
    """A random generator of an exercise's own, seeded by its key: its points never move with another's draws.

    >>> float(rng_for("04.bias_add").standard_normal()) == float(rng_for("04.bias_add").standard_normal())
    True
    """
    return np.random.default_rng(zlib.crc32(key.encode("utf-8")))


_REGISTRY: dict[str, Exercise] = {}


def register(exercise: Exercise) -> Exercise:
    if exercise.key in _REGISTRY:
        raise ValueError(f"exercise {exercise.key!r} is registered twice")
    _REGISTRY[exercise.key] = exercise
    return exercise


def _load_all() -> None:
    """Import every exercise module of the notebook packages (``helpers/exercises/*/``) once, in course order."""
    global _LOADED
    if _LOADED:
        return
    import importlib
    import pkgutil

    from . import __path__ as package_path

    for package in sorted((m.name for m in pkgutil.iter_modules(package_path) if m.ispkg)):
        notebook = importlib.import_module(f"{__package__}.{package}")
        for module in sorted(m.name for m in pkgutil.iter_modules(notebook.__path__)):
            if module.startswith("_") or module.endswith("_solution"):
                continue
            loaded = importlib.import_module(f"{notebook.__name__}.{module}")
            exercise = getattr(loaded, "EXERCISE", None)
            if not isinstance(exercise, Exercise):
                raise TypeError(f"{loaded.__name__} defines no EXERCISE = Exercise(...): every module of an exercise "
                                "package is one exercise (a helper shared by several goes in the package's __init__)")
            exercise.module = loaded.__name__
            register(exercise)
    _LOADED = True


_LOADED = False


def keys() -> list[str]:
    """All exercise keys, in course order."""
    _load_all()
    return sorted(_REGISTRY)


def get(key: str) -> Exercise:
    """The exercise named ``key``; a clear error lists the keys that exist."""
    _load_all()
    if not isinstance(key, str):
        raise TypeError(f"an exercise key is a string such as '01.chain_derivative', got {key!r}; the keys are "
                        "listed in notebook 00")
    if key not in _REGISTRY:
        meant = _meant(key)
        if meant is not None:
            raise KeyError(f"no exercise {key!r}: did you mean {meant!r}? Keys are written exactly, "
                           f"notebook number first: check({meant!r}, ...)")
        prefix = key.split(".")[0]
        near = [k for k in sorted(_REGISTRY) if k.startswith(prefix)] or sorted(_REGISTRY)
        raise KeyError(f"no exercise {key!r}; exercises here: {', '.join(near)}")
    return _REGISTRY[key]


def _meant(key: str) -> str | None:
    """The one key a mistyped ``key`` most likely means (spaces, capitals, no number, a typo), or None."""
    norm = re.sub(r"^(\d+)[\s_\-:/]+", r"\1.", key.strip().lower()).replace(" ", "_").replace("-", "_")
    if norm in _REGISTRY:
        return norm
    for found in ([k for k in _REGISTRY if k.split(".", 1)[1] == norm.split(".")[-1]],
                  [k for k in _REGISTRY if len(norm) > 3 and k.startswith(norm)]):
        if len(found) == 1:
            return found[0]
    close = difflib.get_close_matches(norm, list(_REGISTRY), n=2, cutoff=0.85)
    return close[0] if len(close) == 1 else None


def check(key: str, answer: Any) -> Feedback:
    """Judge ``answer`` to exercise ``key`` and return feedback (shown by the notebook).

    Every verdict is also announced as the audit event ``helpers.exercises.verdict`` (arguments:
    key, passed, mistake, message), which costs nothing unless something listens: the gradebook
    does, in the process it grades (see ``instructor/gradebook``).
    """
    feedback = get(key).check(answer)
    sys.audit(VERDICT_EVENT, feedback.exercise, bool(feedback.passed), feedback.mistake, str(feedback.message))
    return feedback


VERDICT_EVENT = "helpers.exercises.verdict"
"""The audit event :func:`check` raises with each verdict."""


class SolutionsHidden(RuntimeError):
    """Raised when a hidden solution's answer is asked for (``COURSE_HIDE_SOLUTIONS=1``)."""


@dataclass
class HiddenSolution:
    """What :func:`reveal` returns while solutions are hidden: a notice, and no code."""

    exercise: str

    @property
    def message(self) -> str:
        return (f"Solutions are hidden for this run ({HIDE_SOLUTIONS} is set): reveal({self.exercise!r}) shows no "
                "solution. Your own answer is what counts; check() still gives feedback on it.")

    @property
    def answer(self) -> Any:
        raise SolutionsHidden(f"{self.message} There is no solution to use as an answer here.")

    def __str__(self) -> str:
        return self.message

    def __repr__(self) -> str:
        return self.message

    def _repr_markdown_(self) -> str:
        return f"**Solutions are hidden for this run.** {self.message}"


def solutions_hidden() -> bool:
    """Whether ``COURSE_HIDE_SOLUTIONS`` asks to hide solutions (``1``, ``true``, ``yes`` or ``on``)."""
    return os.environ.get(HIDE_SOLUTIONS, "").strip().lower() in {"1", "true", "yes", "on"}


def reveal(key: str) -> Solution | HiddenSolution | WithheldSolution:
    """Show the solution to exercise ``key``. Try first: reading it is not the same as writing it.

    With ``COURSE_HIDE_SOLUTIONS=1`` in the environment (an assessed run) this returns a notice
    that solutions are hidden, with no code and no answer.
    """
    exercise = get(key)
    if solutions_hidden():
        return HiddenSolution(exercise.key)
    return exercise.reveal()


@dataclass
class WithheldSolution:
    """What :func:`reveal` returns in an edition of the course without solutions (a student edition)."""

    exercise: str

    @property
    def message(self) -> str:
        return (f"The solution to {self.exercise} is withheld by your instructor in this edition of the course: "
                "your own answer is what counts, and check() still gives feedback on it.")

    @property
    def answer(self) -> Any:
        raise SolutionsHidden(self.message)

    def __str__(self) -> str:
        return self.message

    def __repr__(self) -> str:
        return self.message

    def _repr_markdown_(self) -> str:
        return f"**Solution withheld.** {self.message}"
