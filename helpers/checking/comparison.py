"""Comparing the two sides: ⟨grad(u), v⟩ against ⟨u, J v⟩ along random directions (or, with ``mode="full"``, the
two Jacobians entry by entry), the tolerances by dtype, and the ladder of steps that tells the method's error
from the gradient's.
"""

from __future__ import annotations

from dataclasses import dataclass

import numpy as np
import tensorflow as tf

from .probing import _EPS, _NotFloat64, _Probe, _Source, _gradient_k
from .report import GradientReport, InputResult


# Default tolerances, by the dtype the custom gradient is computed in. The
# numerical side is float64 whenever the function accepts float64 inputs;
# float32 gradients carry rounding errors of about 1e-6 relative, and
# formulas such as 1 - 1/(1 + e) lose more near their edges, hence 2e-3.
_TOLERANCES = {
    tf.float64: (1e-6, 1e-9),
    tf.float32: (2e-3, 1e-5),
    tf.float16: (5e-2, 1e-2),
    tf.bfloat16: (5e-2, 1e-2),
}


# When the function refuses float64, differences are taken in its own dtype.
_LOW_PRECISION_NUMERICAL = (1e-2, 1e-3)


# Steps tried (as multiples of the first) when a first comparison fails.
_LADDER = [4.0 ** k for k in range(6, -10, -1)]


def _dot(a, b) -> float:
    return float(np.dot(np.asarray(a, dtype=np.float64).reshape(-1), np.asarray(b, dtype=np.float64).reshape(-1)))


def _flat(us: list[np.ndarray]) -> np.ndarray:
    return np.concatenate([np.asarray(u, dtype=np.float64).reshape(-1) for u in us])


@dataclass
class _Comparison:
    """⟨grad(u_a), v_b⟩ (custom) against ⟨u_a, J v_b⟩ (numerical) for every pair, at one step."""

    custom: np.ndarray
    numerical: np.ndarray
    scale: np.ndarray
    jvps: list
    directions: list
    h: float
    unchanged: int = 0

    def excess(self, rtol: float, atol: float, allowance: np.ndarray | float = 0.0) -> np.ndarray:
        return np.abs(self.custom - self.numerical) - (atol + rtol * self.scale + allowance)


def _compare(source: _Source, gs: list[np.ndarray], us_flat: list[np.ndarray], directions, h) -> _Comparison | None:
    jvps, taken, unchanged = [], [], 0
    for d in directions:
        result = source.jvp(d, h)
        if result is None:
            return None
        jvps.append(result[0])
        taken.append(result[1])
        unchanged += result[2]
    custom = np.array([[_dot(g, v) for v in taken] for g in gs])
    numerical = np.array([[_dot(u, jv) for jv in jvps] for u in us_flat])
    # The scale a difference is judged against: the two sides, or (when the random sum cancels) a tenth of
    # the typical size of such a sum, so that cancellation neither hides a wrong gradient nor invents one.
    n = max(1, int(np.prod(source.shape)))
    spread = np.array([[_dot(np.abs(g), np.abs(v)) for v in taken] for g in gs]) / np.sqrt(n)
    scale = np.maximum(np.maximum(np.abs(custom), np.abs(numerical)), 0.1 * spread)
    return _Comparison(custom, numerical, scale, jvps, taken, h, unchanged)


@dataclass
class _Verdict:
    agrees: bool
    comparison: _Comparison
    noise: float = 0.0            # the finite differences' own error at the best step, relative
    settled: bool = True          # whether any step gives a stable estimate


def _confirm(source: _Source, gs, us_flat, directions, first: _Comparison, rtol, atol) -> _Verdict:
    """Re-compare at a ladder of step sizes; report a mismatch only if no step explains it as method error.

    A step too large suffers truncation error, one too small rounding noise
    (more so when the function computes in lower precision inside than its
    dtype says). The pair of neighbouring steps whose residuals agree best
    estimates the finite differences' own error; the gradient agrees if its
    residual there is within the tolerance plus that error.
    """
    ladder = []
    for factor in _LADDER:
        h = source.first_step * factor
        if h < 30 * source.eps:
            continue
        c = first if factor == 1.0 else _compare(source, gs, us_flat, directions, h)
        if c is not None and np.all(np.isfinite(c.numerical)):
            ladder.append(c)
    if ladder:      # steps below the function's resolution leave outputs unchanged: drop them
        fewest = min(c.unchanged for c in ladder)
        ladder = [c for c in ladder if c.unchanged == fewest]
    if len(ladder) < 2:
        return _Verdict(False, first, settled=False)
    residual = [c.custom - c.numerical for c in ladder]
    width = 3 if len(ladder) >= 3 else 2           # three neighbouring steps that agree, where there are three
    spread = [max(np.max(np.abs(residual[k + j] - residual[k + j + 1])) for j in range(width - 1))
              for k in range(len(ladder) - width + 1)]
    best = int(np.argmin(spread))
    chosen = ladder[best + width - 1]          # the smallest step of the most consistent neighbours
    error_estimate = float(spread[best])
    scale = float(np.max(chosen.scale)) or 1.0
    settled = error_estimate <= 0.05 * scale
    agrees = settled and bool(np.all(chosen.excess(rtol, atol, 3 * error_estimate) <= 0))
    return _Verdict(agrees, chosen, noise=error_estimate / scale, settled=settled)


def _float64_differs(probe: _Probe) -> bool:
    """True when the function computes other values in float64 than in its own dtype, beyond rounding
    (a random draw seeded for one dtype, a lookup by dtype): float64 finite differences would judge another
    function."""
    if probe.reference is not probe.f or probe.numerical_dtype != "float64" or \
            any(y.dtype == tf.float64 for y in probe.outputs):
        return False                # (an expect= function is another function: its values differ anyway)
    try:
        wide = probe.evaluate()
    except _NotFloat64:
        return False
    own = probe.output_values()
    size = float(np.max(np.abs(own))) if own.size else 0.0
    return bool(np.any(np.abs(wide - own) > 1e-2 * size + 1e-6))


def _is_random(probe: _Probe, calls: int = 4) -> bool:
    """True when calls at the same point disagree. Several calls: a dropout mask on a few entries can
    repeat between two calls (rate 0.3 on 8 entries: 1 time in 75), not between four."""
    first = probe.evaluate()
    return any(not np.allclose(first, probe.evaluate(), rtol=1e-12, atol=0, equal_nan=True) for _ in range(calls - 1))


def _is_kink(source: _Source, us_flat: list[np.ndarray], directions, scale: float, mismatch: float) -> bool:
    """True when one-sided differences disagree, keep disagreeing as the step shrinks, and their gap is large
    enough to explain the mismatch (a kink met by a direction that weighs it little is still a kink)."""
    gaps = []
    for factor in (1.0, 1 / 16):
        h = source.first_step * factor * (4 if source.dtype == tf.float64 else 1)
        if h < 30 * source.eps:
            return False
        forward, backward, _ = source.one_sided(directions[0], h)
        gaps.append(abs(_dot(us_flat[0], forward) - _dot(us_flat[0], backward)))
    return gaps[1] > min(0.05 * scale, 0.5 * mismatch) and gaps[1] > 1e-3 * scale and gaps[1] > 0.5 * gaps[0]


def _smallest_step_undecided(probe: _Probe, source: _Source, gs, us_flat, directions, rtol, atol) -> float | None:
    """The smallest step (in the units of ``source``'s largest entry) its low precision allows, when finite
    differences in that precision cannot settle a mismatch; None when they can, or when they are in float64.

    A step relative to |x| is large where the function changes fast compared with |x| (sin at x = 1000 in float32:
    steps of 5 and more span its period, and their slopes agree on nothing), and a low precision forbids the small
    ones. Two signs tell it: the two smallest steps allowed agree with grad (only coarser steps disagree), or they
    still disagree with each other beyond the tolerance and far beyond rounding (the slope is still moving).
    """
    if probe.numerical_dtype == "float64":
        return None
    steps = [source.first_step * f for f in _LADDER if source.first_step * f >= 30 * source.eps][-2:]
    pair = [_compare(source, gs, us_flat, directions, h) for h in steps]
    if len(pair) < 2 or any(c is None or not np.all(np.isfinite(c.numerical)) for c in pair):
        return None
    agree = all(np.all(c.excess(rtol, atol) <= 0) for c in pair)
    y = probe.output_values()
    rounding = 10 * _EPS.get(probe.numerical_dtype, _EPS["float32"]) * _dot(np.abs(us_flat[0]), np.abs(y)) / steps[1]
    r0, r1 = (c.custom - c.numerical for c in pair)        # each along the direction its step actually took
    # Rounding x ± step turns the direction taken by up to eps/step (relative), and a wrong grad's residual with it.
    slack = atol + rtol * pair[1].scale + source.eps / steps[1] * np.maximum(np.abs(r0), np.abs(r1))
    moving = np.abs(r0 - r1) > np.maximum(slack, rounding)
    return steps[1] * float(np.max(np.abs(source.base))) if agree or np.any(moving) else None


def _tolerances(report: GradientReport, probe: _Probe, entry: InputResult) -> tuple[float, float]:
    """``(rtol, atol)`` for one input: the report's, or, unless the user chose them, its own dtype's when it
    differs from the first float input's (a float16 gradient next to float64 inputs is judged as float16)."""
    try:
        dtype = tf.as_dtype(entry.dtype)
    except TypeError:
        return report.rtol, report.atol
    if dtype not in _TOLERANCES or dtype.name == report.inputs_dtype:
        return report.rtol, report.atol
    rtol, atol = _TOLERANCES[dtype]
    if probe.numerical_dtype != "float64":
        rtol, atol = max(rtol, _LOW_PRECISION_NUMERICAL[0]), max(atol, _LOW_PRECISION_NUMERICAL[1])
    rtol = report.rtol if report.user_rtol else rtol
    atol = report.atol if report.user_atol else atol
    if (rtol, atol) != (report.rtol, report.atol):
        note = f"{entry.name} ({dtype.name}) is judged with {dtype.name}'s tolerances, rtol={rtol:g}, atol={atol:g}"
        if note not in report.notes:
            report.notes.append(note)
    return rtol, atol


def _scaled_atol(probe: _Probe, source: _Source, u: np.ndarray, atol: float) -> float:
    """The absolute tolerance for sums ⟨g, v⟩ along directions scaled like ``source``'s entries.

    Below 1, it shrinks with the entries' size (``atol`` is meant for gradient entries; unscaled, a wrong
    gradient of tiny inputs would pass under it), but not below the rounding noise of the float64
    differences, ``eps · Σ|u|·|y| / h``: where the forward's change is below that, nothing finer can be told.
    """
    y = probe.output_values()
    if y.shape != u.shape or not probe.finite_outputs:
        return atol
    noise = 4 * _EPS["float64"] * float(np.dot(np.abs(u), np.abs(y))) / source.first_step
    return min(atol, max(atol * source.atol_unit, noise))


def _relative_error(c: _Comparison) -> float:
    return float(np.max(np.abs(c.custom - c.numerical) / np.maximum(c.scale, 1e-30)))


def _numerical_column(source: _Source, custom_column: np.ndarray, column: int, noise: np.ndarray, y_size: int,
                      rtol: float, atol: float) -> np.ndarray:
    """The numerical Jacobian's column for one input entry: the first step, then a ladder of steps until one
    agrees with ``custom_column``; if none does, the estimate where neighbouring steps agree best, with
    ``noise[:, column]`` widened to their disagreement (the differences' own error there)."""
    x_size = int(np.prod(source.shape))
    e = np.zeros(x_size)
    e[column] = 1.0
    best, ladder = None, []
    for factor in [1.0] + [f for f in _LADDER if f != 1.0]:    # the first step, then a ladder where it disagrees
        result = source.jvp(e.reshape(source.shape), source.first_step * factor)
        if result is None:
            continue
        jv, taken, unchanged = result
        estimate = jv / taken.reshape(-1)[column]
        if unchanged < y_size:                  # a step below the function's resolution moves no output
            ladder.append((factor, estimate))
        if best is None:
            best = estimate
        if np.all(np.abs(custom_column - estimate)
                  <= atol + noise[:, column] + rtol * (np.abs(estimate) + np.max(np.abs(estimate)))):
            return estimate
    # No step agreed. Of neighbouring steps, the pair whose estimates agree best gives the differences' own error
    # here (truncation above, rounding below; more rounding when the function computes in a lower precision inside
    # than its dtype says): the estimate there, allowed that error.
    ladder.sort(key=lambda item: -item[0])
    pairs = [(float(np.max(np.abs(a - b))), a) for (_, a), (_, b) in zip(ladder, ladder[1:])]
    if pairs:
        error, best = min(pairs, key=lambda pair: pair[0])
        noise[:, column] = np.maximum(noise[:, column], error)
    return best if best is not None else np.full(y_size, np.nan)


def _compare_full(probe: _Probe, source: _Source, entry: InputResult, k: int, rtol, atol) -> bool:
    """Both Jacobians entry by entry; kept on the entry for plotting."""
    sizes = [y.shape.num_elements() for y in probe.outputs]
    y_size = sum(sizes)
    x_size = int(np.prod(source.shape))
    custom = np.zeros((y_size, x_size))
    offsets = np.cumsum([0] + sizes)
    for row in range(y_size):
        e = np.zeros(y_size)
        e[row] = 1.0
        us = [e[offsets[j]:offsets[j + 1]].reshape(tuple(y.shape)) for j, y in enumerate(probe.outputs)]
        g = _gradient_k(probe, k, us)
        custom[row] = 0.0 if g is None or g.size != x_size else g.reshape(-1)
    numerical = np.zeros((y_size, x_size))
    # What a central difference cannot resolve: each output's rounding, eps·|y_i|, over the step in input entry j.
    y = np.abs(probe.output_values())
    y = np.where(np.isfinite(y), y, 0.0)
    eps = _EPS.get(probe.numerical_dtype, 2.0 ** -23)
    steps = (source.first_step * source.scale).reshape(-1)
    noise = 4 * eps * y[:, None] / np.where(steps > 0, steps, 1.0)[None, :]          # (outputs, input entries)
    for column in range(x_size):
        numerical[:, column] = _numerical_column(source, custom[:, column], column, noise, y_size, rtol, atol)
    entry.custom_jacobian, entry.numerical_jacobian = custom, numerical
    if not custom.size:
        entry.error = 0.0
        return True
    # Each column (one input entry) against its own size: an input may span 1e-8 to 1e3, and its derivatives too.
    with np.errstate(invalid="ignore"):
        scale = np.maximum(1.0, np.fmax(np.nanmax(np.abs(numerical), axis=0, initial=0.0),
                                        np.nanmax(np.abs(custom), axis=0, initial=0.0)))
        difference = np.abs(custom - numerical)
        entry.error = float(np.nanmax(difference / scale[None, :]))
        beyond = difference - noise
    allowed = atol + rtol * scale[None, :]
    if np.any(beyond > 10 * allowed):          # far beyond what the differences can explain: say where
        relative = np.nan_to_num(difference / scale[None, :], nan=0.0)
        row, column = np.unravel_index(int(np.argmax(relative)), relative.shape)
        entry.full_mismatch = (f"the Jacobians differ entry by entry: for output entry {row} and input entry {column}, "
                               f"grad gives {custom[row, column]:.6g} and the finite differences "
                               f"{numerical[row, column]:.6g}. The random sums agreed, because they weigh each entry "
                               "by its size: a mistake where the input is small")
    return not np.any(beyond > allowed)
