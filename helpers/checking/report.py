"""What the checker reports: the verdict per input (:class:`InputResult`) and for the whole function
(:class:`GradientReport`), as text and HTML, and the error raised when a gradient is wrong.
"""

from __future__ import annotations

import html
from dataclasses import dataclass, field

import numpy as np

from .._format import html_table, text_table
from ..boundary import HelperSignal, LearnerCodeError


class GradientCheckError(AssertionError):
    """Raised by :func:`check_gradients` when a gradient is wrong (not when the check is inconclusive);
    ``.report`` has the details."""

    def __init__(self, report: "GradientReport"):
        self.report = report
        super().__init__(str(report))


@dataclass
class InputResult:
    """The verdict for one input (or one variable) of the checked function."""

    name: str
    shape: tuple
    dtype: str
    differentiable: bool
    kind: str = "input"
    """``"input"`` or ``"variable"`` (a ``tf.Variable`` the function reads)."""
    ok: bool = True
    result: str = "ok"
    error: float | None = None
    cause: str | None = None
    gradient_shape: tuple | None = None
    custom_jacobian: np.ndarray | None = field(default=None, repr=False)
    numerical_jacobian: np.ndarray | None = field(default=None, repr=False)
    full_mismatch: str | None = field(default=None, repr=False)
    """mode="full": where a Jacobian entry differs far beyond what the finite differences can explain."""
    mistake: str | None = None
    note: str | None = None
    """Something worth knowing that is not a failure (noisy differences, a surrogate recognised...)."""

    def fail(self, result: str, mistake: str, cause: str) -> None:
        self.ok = False
        self.result = result
        self.mistake = mistake
        self.cause = cause


@dataclass(repr=False)
class GradientReport:
    """What :func:`check_gradients` found: ``.ok`` (or ``.inconclusive``), one :class:`InputResult` per input and
    variable."""

    function: str
    mode: str
    rtol: float
    atol: float
    seed: int
    numerical_dtype: str
    inputs: list[InputResult]
    problem: str | None = None
    mistake: str | None = None
    order: int = 1
    expect: str | None = None
    graph: bool = False
    notes: list[str] = field(default_factory=list)
    error: BaseException | None = field(default=None, repr=False)
    """The exception the checked code raised, when it raised one (``problem`` explains it)."""
    error_in: str | None = field(default=None, repr=False)
    """Where ``error`` was raised: ``"forward"`` (the function itself) or ``"grad"``, when known."""
    user_rtol: bool = field(default=False, repr=False)
    user_atol: bool = field(default=False, repr=False)
    inputs_dtype: str = field(default="float32", repr=False)
    """The first float input's dtype, whose tolerances rtol and atol are (another input may have its own)."""

    @property
    def ok(self) -> bool:
        return self.problem is None and all(r.ok for r in self.inputs)

    @property
    def inconclusive(self) -> bool:
        """True when nothing was found wrong but some gradient could not be judged (its cause says why)."""
        undecided = [r.mistake == "inconclusive" for r in self.inputs if not r.ok]
        return self.problem is None and bool(undecided) and all(undecided)

    @property
    def variables(self) -> list[InputResult]:
        """The results for the ``tf.Variable`` s the function reads."""
        return [r for r in self.inputs if r.kind == "variable"]

    def __getitem__(self, key: int | str) -> InputResult:
        if isinstance(key, str):
            for r in self.inputs:
                if r.name == key:
                    return r
            raise KeyError(f"no input named {key!r}; the inputs are {[r.name for r in self.inputs]}")
        if isinstance(key, bool) or not isinstance(key, (int, np.integer)):
            raise TypeError(f"index a report by input name or position, got {key!r}")
        if not -len(self.inputs) <= key < len(self.inputs):
            raise IndexError(f"the report has {len(self.inputs)} input(s); index {key} is out of range")
        return self.inputs[key]

    def __bool__(self) -> bool:
        return self.ok

    def _rows(self) -> list[list[str]]:
        return [[f"{r.name} (variable)" if r.kind == "variable" else r.name, str(r.shape), r.dtype, r.result,
                 "" if r.error is None else f"{r.error:.1e}"] for r in self.inputs]

    _HEADERS = ["input", "shape", "dtype", "result", "rel. error"]

    def _headline(self) -> str:
        verdict = "all gradients agree" if self.ok else (
            "INCONCLUSIVE (the finite differences cannot decide)" if self.inconclusive else "GRADIENT PROBLEM")
        options = [f"mode={self.mode!r}"]
        if self.order != 1:
            options.append(f"order={self.order}")
        if self.expect is not None:
            options.append(f"expect={self.expect}")
        if self.graph:
            options.append("graph=True")
        what = "second derivatives" if self.order == 2 else ""
        verdict = verdict if not what else verdict.replace("gradients", what)
        return (f"check_gradients({self.function}, {', '.join(options)}): {verdict} "
                f"(numerical side in {self.numerical_dtype}, rtol={self.rtol:g}, atol={self.atol:g})")

    def _notes(self) -> list[str]:
        notes = [self.problem] if self.problem else []
        notes += [f"{r.name}: {r.cause}" for r in self.inputs if r.cause]
        notes += [f"{r.name}: {r.note}" for r in self.inputs if r.note]
        return notes + self.notes

    def __str__(self) -> str:
        parts = [self._headline(), text_table(self._HEADERS, self._rows())]
        parts += ["- " + n for n in self._notes()]
        return "\n".join(parts)

    def __repr__(self) -> str:
        return str(self)

    def _repr_pretty_(self, p, cycle):
        p.text(str(self))

    def _repr_html_(self) -> str:
        color = "#1a7f37" if self.ok else ("#9a6700" if self.inconclusive else "#cf222e")
        notes = "".join(f"<li>{html.escape(n)}</li>" for n in self._notes())
        return (f'<div><p style="color:{color};font-weight:bold">{html.escape(self._headline())}</p>'
                f"{html_table(self._HEADERS, self._rows())}"
                f"{'<ul>' + notes + '</ul>' if notes else ''}</div>")


class _Problem(HelperSignal):
    """A problem with the checked function as a whole (it raised, returned the wrong thing...)."""

    def __init__(self, mistake: str, message: str, error: BaseException | None = None):
        super().__init__(message)
        self.mistake, self.message, self.error = mistake, message, error


def _raised(stage: str, e: LearnerCodeError) -> _Problem:
    line = f" ({e.line})" if e.line else ""
    from ..strict import CustomGradientError

    kept = isinstance(e.original, CustomGradientError) or e.mistake in (
        "count", "variables_missing", "not_a_pair", "not_attempted")
    mistake = e.mistake if kept else ("forward_raised" if stage == "the forward pass" else "grad_raised")
    return _Problem(mistake, f"{stage} raised: {e.explanation.message}{line}", e.original)
