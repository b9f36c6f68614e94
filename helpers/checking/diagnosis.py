"""Naming the mistake behind a gradient that disagrees: an ignored upstream, a sign, a constant factor, a transpose,
two entries swapped, a broadcast dimension not summed, agreement on part of the domain, a missing cross term
between outputs.
"""

from __future__ import annotations

import itertools

import numpy as np
import tensorflow as tf

from .comparison import _Comparison, _compare, _dot, _flat
from .probing import _EPS, _Probe, _draw, _gradient_k
from .report import GradientReport, _Problem


def _diagnose_values(probe: _Probe, k: int, gs, us, comparison: _Comparison, x_shape, rtol, atol,
                     against: str) -> tuple[str, str]:
    """Name the likely mistake behind gradients whose values are wrong (k: the source's gradient index)."""
    c, d = comparison.custom, comparison.numerical
    ones_d = np.array([np.sum(jv) for jv in comparison.jvps])       # ⟨1, J v_b⟩
    scale = max(1e-30, float(np.max(np.abs(d))), float(np.max(comparison.scale)))
    close = lambda p, q: np.all(np.abs(p - q) <= 10 * (atol + rtol * scale))
    flat_forward = float(np.max(np.abs(d))) <= atol and float(np.max(np.abs(c))) > 10 * atol

    if np.all(np.abs(c) <= atol) and not flat_forward:
        return "zeros", "grad returns zeros: the gradient should not be zero here"
    if flat_forward:
        return "surrogate", (f"{against} is flat here (finite differences see no change) but grad returns a "
                             "nonzero gradient: a straight-through or surrogate gradient. If that is on purpose, "
                             "say so: check_gradients(..., expect='surrogate'), or expect=<the smooth function "
                             "whose slope grad uses>")
    if len(gs) > 1 and np.allclose(gs[0], gs[1], rtol=1e-6, atol=1e-12) and not close(d[0], d[1]):
        if close(c[0], ones_d):
            return "upstream_ignored", ("upstream ignored: grad returns the local derivative Jᵀ·1 whatever "
                                        "upstream it is given. Multiply by upstream: return upstream * local "
                                        "(for vectors, Jᵀ · upstream)")
        return "upstream_ignored", ("upstream ignored: grad returns the same gradient whatever upstream it is "
                                    "given; use upstream")
    if not _linear_in_upstream(probe, k, us, gs):
        return "not_linear", ("grad is not linear in upstream: grad(u₁ + u₂) ≠ grad(u₁) + grad(u₂). The gradient of "
                              "a derivative always is: upstream must multiply the local derivative (or Jᵀ be "
                              "applied to it), not be added to it, squared or clipped. If the gradient is clipped or "
                              "normalised on purpose, check with expect='surrogate'")
    with np.errstate(divide="ignore", invalid="ignore"):
        ratio = c / d
    usable = np.isfinite(ratio) & (np.abs(d) > 1e-3 * scale)
    if usable.sum() >= 2 or (usable.sum() == 1 and c.size == 1):
        r = ratio[usable]
        spread = max(1e-3, 16 * _lowest_eps(probe))         # float16's gradients are rounded to about 1e-3
        if np.all(np.abs(r - r[0]) <= spread * max(1.0, abs(r[0]))):
            factor = float(np.mean(r))
            if abs(factor - 1) < 1e-2:
                return "near_tolerance", (f"the gradient is within {abs(factor - 1):.1e} of the numerical one, "
                                          f"just outside rtol={rtol:g}: if the function computes in float32 "
                                          "inside, pass rtol=1e-4 (or check it in float64); otherwise look for a "
                                          "small missing term")
            if abs(factor + 1) < spread:
                return "wrong_sign", ("wrong sign: the gradient is exactly minus the right one. Check the sign "
                                      "of the local derivative.")
            if factor < 0:
                return "reversal", (f"the gradient is exactly {factor:.4g} times {against}'s derivative: a "
                                    f"gradient reversal (λ = {-factor:.4g}), or a wrong sign and factor. If the "
                                    f"reversal is on purpose, say so: expect=lambda x: {factor:.4g} * x (or "
                                    "expect='surrogate')")
            hint = " (a missing or extra factor 2?)" if min(abs(factor - 2), abs(factor - 0.5)) < spread else ""
            return "constant_factor", (f"off by a constant factor: the gradient is {factor:.4g} times the right "
                                       f"one{hint}")
    rearranged = _rearranged(gs, comparison, close, x_shape)
    if rearranged:
        return rearranged
    partial = None if probe.second_order else _partial_agreement(probe, k, gs, us, x_shape, rtol, atol)
    if partial:
        return "partial", partial
    return "wrong_values", ("wrong values, with no simple pattern (not a sign, a factor, a transpose, two swapped "
                            "entries or an ignored upstream): re-derive the gradient, or compare it entry by entry "
                            "with mode='full'")


def _rearranged(gs, comparison: _Comparison, close, x_shape) -> tuple[str, str] | None:
    """("transposed" or "swapped", the sentence) when the right values are in the wrong places, else None."""
    if len(x_shape) == 2 and x_shape[0] == x_shape[1]:
        ct = np.array([[_dot(np.transpose(g), v) for v in comparison.directions] for g in gs])
        if close(ct, comparison.numerical):
            return "transposed", "transposed: the gradient is right once transposed. A gradient has its input's layout"
    swapped = _swapped_entries(gs, comparison, close, x_shape)
    if swapped:
        i, j = swapped
        return "swapped", (f"two entries swapped: entry {i} holds entry {j}'s gradient and entry {j} holds entry "
                           f"{i}'s. Check which input each entry of grad's result belongs to (the order in a "
                           "tf.stack or a concatenation)")
    return None


_MAX_SWAP_ENTRIES = 32
"""Inputs up to this size are tried for two swapped entries (every pair: 496 at most)."""


def _swapped_entries(gs, comparison: _Comparison, close, x_shape) -> tuple | None:
    """The two entries (indices into the input, as NumPy would print them) whose gradients are swapped, if swapping
    them makes every directional derivative agree with the numerical one; None otherwise."""
    size = int(np.prod(x_shape)) if len(x_shape) else 1
    if not 2 <= size <= _MAX_SWAP_ENTRIES:
        return None
    flats = [np.asarray(g, dtype=np.float64).reshape(-1) for g in gs]
    if any(f.size != size for f in flats):
        return None
    name = (lambda i: i) if len(x_shape) == 1 else (lambda i: tuple(int(n) for n in np.unravel_index(i, x_shape)))
    for i, j in itertools.combinations(range(size), 2):
        swapped = []
        for flat in flats:
            flat = flat.copy()
            flat[[i, j]] = flat[[j, i]]
            swapped.append([_dot(flat, v) for v in comparison.directions])
        if close(np.array(swapped), comparison.numerical):
            return name(i), name(j)
    return None


def _linear_in_upstream(probe: _Probe, k: int, us: list[list[np.ndarray]], gs: list[np.ndarray]) -> bool:
    """grad(u₁ + u₂) == grad(u₁) + grad(u₂) and grad(3u₁) == 3 grad(u₁), for the k-th gradient."""
    if len(us) < 2 or len(gs) < 2:
        return True
    try:
        summed = _gradient_k(probe, k, [a + b for a, b in zip(us[0], us[1])])
        tripled = _gradient_k(probe, k, [3 * a for a in us[0]])
    except _Problem:
        return True
    if summed is None or tripled is None or summed.shape != gs[0].shape or tripled.shape != gs[0].shape:
        return True
    size = max(1e-30, float(np.max(np.abs(gs[0]))), float(np.max(np.abs(gs[1]))))
    # Rounding in the lowest precision involved (float16 upstreams round u₁ + u₂ and 3u₁ themselves).
    rtol = max(1e-4, 16 * _lowest_eps(probe))
    return bool(np.allclose(summed, gs[0] + gs[1], rtol=rtol, atol=rtol * size / 10)
                and np.allclose(tripled, 3 * gs[0], rtol=rtol, atol=rtol * size / 10))


def _lowest_eps(probe: _Probe) -> float:
    """The machine epsilon of the lowest precision among the inputs and outputs (grad computes in those)."""
    return max([_EPS.get(t.dtype.name, 2.0 ** -23) for t in list(probe.xs) + list(probe.outputs)
                if tf.is_tensor(t) and t.dtype.is_floating] or [2.0 ** -23])


def _partial_agreement(probe: _Probe, k: int, gs, us, x_shape, rtol, atol) -> str | None:
    """For an elementwise function of one input: where does grad agree with the derivative, where not?"""
    if len(probe.outputs) != 1 or tuple(probe.outputs[0].shape) != tuple(x_shape) or probe.variables:
        return None
    sources = probe.sources()
    if len(sources) != 1:
        return None
    source = sources[0]
    result = source.jvp(np.ones(x_shape), source.first_step)
    if result is None:
        return None
    jv, taken, _ = result
    slope = jv.reshape(x_shape) / np.where(taken == 0, 1, taken)          # f'(x) entry by entry
    # Only for an elementwise function is that the slope: along another direction each entry must move by its
    # own slope times that entry of the direction (layer norm, softmax, a sum over a row are not elementwise).
    other = np.linspace(0.5, 1.5, int(np.prod(x_shape))).reshape(x_shape)
    second = source.jvp(other, source.first_step)
    if second is None:
        return None
    jv2, taken2, _ = second
    expected = slope * taken2.reshape(x_shape)
    if not np.allclose(jv2.reshape(x_shape), expected, rtol=1e-3, atol=1e-3 * float(np.max(np.abs(expected)) or 1)):
        return None
    u = np.asarray(us[0][0], dtype=np.float64)
    want = u * slope
    tol = 10 * (atol + rtol * np.maximum(np.abs(want), np.abs(gs[0])))
    agree = np.abs(gs[0] - want) <= tol
    if agree.all() or not agree.any():
        return None
    xs = source.base
    show = lambda mask: ", ".join(f"{v:.3g}" for v in xs[mask].reshape(-1)[:4])
    return (f"grad agrees with the derivative at some entries (x = {show(agree)}) and not at others "
            f"(x = {show(~agree)}): a surrogate used on part of the domain (such as a straight-through estimator "
            "clipped to [-1, 1]) or a formula that is right only in one region. If it is on purpose, check with "
            "expect='surrogate' or expect=<the function whose slope grad follows>")


def _diagnose_shape(g: np.ndarray, x_shape: tuple, comparison: _Comparison, u_flat, rtol, atol,
                    name: str = "x") -> tuple[str, str]:
    """Explain a gradient of the wrong shape (for the input called ``name``) and, where it can, what would fix it."""
    where = f"grad returned shape {tuple(g.shape)} for an input of shape {x_shape}"
    rule = "a gradient always has its input's shape"
    d = np.array([_dot(u_flat, jv) for jv in comparison.jvps])
    scale = max(1e-30, float(np.max(np.abs(d))))

    def matches(candidate):
        c = np.array([_dot(candidate, v) for v in comparison.directions])
        return np.all(np.abs(c - d) <= 10 * (atol + rtol * scale))

    if len(x_shape) == 2 and tuple(g.shape) == x_shape[::-1] and matches(g.T):
        return "transposed", f"{where}: it is transposed; {rule}. Swap the operands' order or transpose it"
    try:
        broadcast = np.broadcast_shapes(x_shape, g.shape) == tuple(g.shape)
    except ValueError:
        broadcast = False
    if broadcast and g.size != int(np.prod(x_shape)):
        lead = g.ndim - len(x_shape)
        axes = tuple(range(lead)) + tuple(lead + i for i, n in enumerate(x_shape) if n == 1 and g.shape[lead + i] != 1)
        reduced = np.sum(g, axis=axes).reshape(x_shape) if axes else g
        if matches(reduced):
            reshape = "" if np.sum(g, axis=axes).shape == x_shape else f" (then reshape to {x_shape})"
            return "not_summed", (f"{where}: broadcast dimension(s) not summed. The input was broadcast in the "
                                  f"forward pass, so sum its gradient over axes {axes}: "
                                  f"tf.reduce_sum(g, axis={axes}){reshape}")
    if g.size == int(np.prod(x_shape)) and matches(g.reshape(x_shape)):
        return "reshape", (f"{where}: the values are right but the shape is not; {rule}: "
                           f"tf.reshape(g, tf.shape({name if name.isidentifier() else 'x'}))")
    return "wrong_shape", f"{where}; {rule}. TensorFlow accepts this silently and passes it on"


def _surrogate_words(mistake: str, cause: str) -> str:
    """What a deliberate backward pass does, from the diagnosis it would get as a mistake."""
    words = {
        "surrogate": "f is flat here but grad passes a gradient: a straight-through or surrogate gradient",
        "not_linear": "grad is not linear in upstream: it clips or normalises the gradient",
        "reversal": cause.split(": a gradient reversal")[0] + ": a gradient reversal",
        "wrong_sign": "grad is exactly minus f's derivative: a gradient reversal with λ = 1",
        "partial": cause.split(": a surrogate")[0],
        "constant_factor": cause.replace("off by a constant factor: ", ""),
        "upstream_ignored": "grad ignores upstream, which no surrogate does on purpose: multiply by upstream",
        "zeros": "grad returns zeros: that stops learning rather than replacing the derivative",
    }
    return "surrogate: " + words.get(mistake, "grad differs from f's derivative here, in no simple pattern")


def _explain_outputs(probe: _Probe, report: GradientReport) -> None:
    """For several outputs: name the output whose contribution to an input's gradient is wrong or missing."""
    rng = np.random.default_rng(report.seed + 7)
    sources = probe.sources()
    for i, (entry, source) in enumerate(zip([r for r in report.inputs if r.differentiable], sources)):
        if entry.ok or entry.mistake not in ("wrong_values", "zeros", "partial", "constant_factor"):
            continue
        index = report.inputs.index(entry)
        bad = []
        for j, y in enumerate(probe.outputs):
            us = [_draw(rng, tuple(o.shape)) if m == j else np.zeros(tuple(o.shape))
                  for m, o in enumerate(probe.outputs)]
            g = _gradient_k(probe, index, us)
            if g is None or g.shape != source.shape:
                continue
            c = _compare(source, [g], [_flat(us)], [_draw(rng, source.shape)], source.first_step)
            if c is not None and np.any(c.excess(report.rtol, report.atol) > 0):
                bad.append(j)
        if bad and len(bad) < len(probe.outputs):
            which = ", ".join(f"output {j}" for j in bad)
            entry.fail("wrong values", "cross_term",
                       f"the gradient for {entry.name} is right through some outputs but not through {which}: "
                       f"{entry.name} affects {which} too, and grad must add that contribution (a missing cross "
                       "term)")
