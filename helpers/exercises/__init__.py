"""Exercises with automatic, specific feedback, and solutions revealed on purpose.

Each exercise has a key such as ``"01.chain_derivative"``. In a notebook::

    from helpers.exercises import check, reveal
    check("01.chain_derivative", my_answer)   # feedback on your answer
    reveal("01.chain_derivative")             # the solution, when you want it

Feedback names the mistake it recognises (for example "upstream ignored"
or "transposed") and says what to look at, without giving the formula away;
a right answer is confirmed with what it means. An answer still raising
``NotImplementedError`` is met with a reminder, not an error.

Every call into the learner's code goes through :mod:`helpers.boundary`, so
whatever that code raises (a typo, NumPy on a symbolic tensor, a matrix
product of the wrong shapes) comes back as feedback naming the learner's own
line, never as a stack trace: :meth:`Exercise.check` does not raise.

Two environment variables serve an instructor who grades (see
:mod:`helpers.gradebook`): with ``COURSE_GRADEBOOK_LOG`` set to a file name,
every :func:`check` appends its verdict to that file as one JSON line; with
``COURSE_HIDE_SOLUTIONS=1`` (an assessed run), :func:`reveal` says that
solutions are hidden instead of showing one.
"""

from __future__ import annotations

import difflib
import html
import json
import os
import re
import textwrap
import warnings
from dataclasses import dataclass, field
from typing import Any, Callable

import numpy as np

from ..boundary import HelperSignal, LearnerCodeError

__all__ = ["Feedback", "Verdict", "Exercise", "Solution", "HiddenSolution", "SolutionsHidden", "check", "reveal", "get",
           "keys", "register"]

GRADEBOOK_LOG = "COURSE_GRADEBOOK_LOG"
"""Environment variable: a file to which every :func:`check` appends its verdict as one JSON line."""
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
    answer_name: str
    namespace: dict = field(default_factory=dict, repr=False)

    @property
    def answer(self) -> Any:
        scope = dict(self.namespace)
        exec(compile(self.code, f"<solution {self.exercise}>", "exec"), scope)  # noqa: S102 - our own code
        return scope[self.answer_name]

    def __str__(self) -> str:
        return f"Solution to {self.exercise}:\n\n{self.code}"

    def __repr__(self) -> str:
        return str(self)

    def _repr_markdown_(self) -> str:
        return f"**Solution to `{self.exercise}`**\n\n```python\n{self.code}\n```"


@dataclass
class Exercise:
    """A question, the function that judges answers, and the solution.

    ``judge(answer)`` returns a :class:`Feedback` (or raises :class:`Verdict`);
    :meth:`check` adds what every exercise shares: answers not written yet,
    errors from the learner's code turned into feedback, exercise hints.
    """

    key: str
    title: str
    judge: Callable[[Any], Feedback]
    solution: str
    answer_name: str
    mistakes: tuple[str, ...] = ()
    """Mistakes this exercise recognises (keys of :attr:`Feedback.mistake`)."""
    context: dict = field(default_factory=dict)
    """Names the solution uses besides tf, np and strict_custom_gradient (given functions)."""

    hints: dict = field(default_factory=dict)
    """Exercise-specific advice appended to the feedback for a mistake key (also keys of helpers.boundary)."""

    withhold: tuple[str, ...] = ()
    """Patterns (regular expressions) cut from the feedback: general advice that is this exercise's answer."""

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

    def reveal(self) -> Solution:
        import tensorflow as tf

        from .. import strict_custom_gradient

        namespace = {"tf": tf, "np": np, "strict_custom_gradient": strict_custom_gradient, **self.context}
        return Solution(self.key, textwrap.dedent(self.solution).strip(), self.answer_name, namespace)


_REGISTRY: dict[str, Exercise] = {}


def register(exercise: Exercise) -> Exercise:
    if exercise.key in _REGISTRY:
        raise ValueError(f"exercise {exercise.key!r} is registered twice")
    _REGISTRY[exercise.key] = exercise
    return exercise


_MODULES = ("start_here", "chain_rule", "upstream", "jacobians", "matrices", "surrogates", "variables",
            "higher_order", "speed", "debugging")
"""Modules that register exercises, one per notebook, in course order."""


def _load_all() -> None:
    import importlib

    for name in _MODULES:
        importlib.import_module(f"{__name__}.{name}")


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

    When the environment variable ``COURSE_GRADEBOOK_LOG`` names a file, the verdict is also
    appended to it as one JSON line (the gradebook reads these).
    """
    feedback = get(key).check(answer)
    _record(feedback)
    return feedback


def _record(feedback: Feedback) -> None:
    path = os.environ.get(GRADEBOOK_LOG)
    if not path:
        return
    line = json.dumps({"exercise": feedback.exercise, "passed": bool(feedback.passed), "mistake": feedback.mistake,
                       "message": str(feedback.message)}, ensure_ascii=False)
    try:
        with open(path, "a", encoding="utf-8") as log:
            log.write(line + "\n")
    except OSError as error:   # check() never raises; say why the gradebook will miss this verdict
        warnings.warn(f"this verdict could not be written to the gradebook's file {path} ({error}); the gradebook "
                      "will not see it", RuntimeWarning, stacklevel=3)


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


def reveal(key: str) -> Solution | HiddenSolution:
    """Show the solution to exercise ``key``. Try first: reading it is not the same as writing it.

    With ``COURSE_HIDE_SOLUTIONS=1`` in the environment (an assessed run) this returns a notice
    that solutions are hidden, with no code and no answer.
    """
    exercise = get(key)
    if solutions_hidden():
        return HiddenSolution(exercise.key)
    return exercise.reveal()
