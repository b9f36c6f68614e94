""":func:`check_gradients`, step by step: check the arguments, probe the function, compare each input's
gradient, diagnose what disagrees, then the optional checks (inside ``tf.function``, second order).
"""

from __future__ import annotations

import functools
from dataclasses import dataclass
from typing import Callable

import numpy as np
import tensorflow as tf

from ..boundary import LearnerCodeError, running
from .comparison import (_Comparison, _LOW_PRECISION_NUMERICAL, _TOLERANCES, _Verdict, _compare, _compare_full,
                         _confirm, _flat, _float64_differs, _is_kink, _is_random, _relative_error, _scaled_atol,
                         _smallest_step_undecided, _tolerances)
from .diagnosis import _diagnose_shape, _diagnose_values, _explain_outputs, _surrogate_words
from .inputs import (_check_arguments, _dense, _function_name, _input_names, _is_float, _is_setting,
                     _prepare_inputs, _refuse_a_large_full_mode, _size)
from .probing import _NotFloat64, _Probe, _Source, _draw, _gradient_k
from .report import GradientCheckError, GradientReport, InputResult, _Problem, _raised
from .second_order import (_disconnected_second_derivative, _fail_hidden_second_derivatives, _gradient_function,
                           _second_order_words)


def check_gradients(f: Callable, *inputs, mode: str = "fast", rtol: float | None = None,
                    atol: float | None = None, seed: int = 0, raise_on_failure: bool = True,
                    expect: str | Callable | None = None, order: int = 1, graph: bool = False) -> GradientReport:
    """Check ``f``'s gradient against finite differences; explain what is wrong.

    Parameters
    ----------
    f:
        A callable taking tensors positionally (typically decorated with
        ``tf.custom_gradient``) and returning a floating-point tensor, or a
        tuple of them (several outputs are checked together). Settings that
        are not inputs (a mode, a flag) are bound first:
        ``check_gradients(lambda x: f(x, mode="a"), x)``.
    *inputs:
        The point to check at: tensors, variables, NumPy arrays or numbers.
        Floating-point inputs must get a gradient of their own shape and
        dtype; integer inputs are not differentiable and must get ``None``.
        Variables that ``f`` reads are found and checked too.
    mode:
        ``"fast"`` (random directional tests, cheap at any size) or
        ``"full"`` (both Jacobians, kept on the report for plotting).
    rtol, atol:
        Tolerances; by default they depend on each input's dtype, so a correct
        float32 gradient does not raise a false alarm.
    seed:
        Seed of the random upstream gradients and directions.
    raise_on_failure:
        Raise :class:`GradientCheckError` (an ``AssertionError``) when a
        gradient is wrong; otherwise just return the report. A check the
        finite differences cannot decide (a function that only works in
        float32, at a large ``|x|``) is not a failure: the report says
        INCONCLUSIVE, with ``.inconclusive`` true and ``.ok`` false.
    expect:
        ``None``: the gradient must be ``f``'s derivative. ``"surrogate"``:
        the backward pass differs on purpose; the contract (count, shapes,
        dtypes, finite values) is checked and the report says what the
        backward pass does. A function ``g`` of the same inputs: the
        gradient must be ``g``'s derivative (``lambda x: x`` for a
        straight-through estimator, ``lambda x: tf.clip_by_value(x, -1, 1)``
        for a hard-tanh one).
    order:
        ``2`` checks the gradient of the gradient as well: the derivative of
        ``grad``'s result with respect to the inputs (notebook 07), and the
        first derivative it is built on.
    graph:
        Also run ``f`` and its gradient inside ``tf.function`` and report any
        difference from eager execution.

    Returns
    -------
    GradientReport
        ``.ok``; ``.inputs`` (one :class:`InputResult` per input and
        variable, with the relative error and the likely cause); ``str()``
        and an HTML view.

    Example
    -------
    >>> import tensorflow as tf
    >>> @tf.custom_gradient
    ... def scale_by_A(x, A):
    ...     y = tf.linalg.matvec(A, x)
    ...     def grad(upstream):
    ...         return tf.linalg.matvec(A, upstream, transpose_a=True), tf.tensordot(upstream, x, axes=0)
    ...     return y, grad
    >>> report = check_gradients(scale_by_A, tf.ones([3]), tf.reshape(tf.range(15.0), (5, 3)))
    >>> [r.result for r in report.inputs]
    ['ok', 'ok']
    """
    _check_arguments(f, inputs, mode, rtol, atol, seed, raise_on_failure, expect, order, graph)
    names = _input_names(f, len(inputs))
    xs = _prepare_inputs(inputs, names, mode)
    expect_name = None if expect is None else ("'surrogate'" if expect == "surrogate" else _function_name(expect))
    first_float = next((x.dtype for x in xs if _is_float(x)), tf.float32)
    report = GradientReport(_function_name(f), mode, *_TOLERANCES.get(first_float, _TOLERANCES[tf.float32]), int(seed), "—",
                            [_entry(n, x) for n, x in zip(names, xs)], order=order, expect=expect_name,
                            graph=bool(graph))
    try:
        target, probe = _probe(f, xs, names, seed, order, expect)
    except _Problem as p:
        if not any(_is_float(x) for x in xs):
            raise ValueError(_NO_FLOAT_INPUT) from None
        _record(report, p)
        return _finish(report, raise_on_failure)
    _settle_tolerances(report, probe, xs, mode, rtol, atol)
    _add_variables(report, probe)
    try:
        _check_all(probe, report, np.random.default_rng(seed), expect == "surrogate")
        if not report.ok and not probe.single:
            _explain_outputs(probe, report)
        if report.ok and graph:
            _check_in_graph(target, xs, probe, report, np.random.default_rng(seed))
    except _Problem as p:
        _record(report, p)
    except LearnerCodeError as e:
        _record(report, _raised("the forward pass", e))
    _name_a_keyword_partial(f, report)
    if order == 2:
        _second_order_checks(f, inputs, xs, names, report, mode, seed)
    return _finish(report, raise_on_failure)


def _probe(f: Callable, xs: list, names: list[str], seed: int, order: int, expect) -> tuple[Callable, _Probe]:
    """The function the comparison differentiates (f, or f's gradient for ``order=2``) and its probe."""
    target = f
    if order == 2:
        target = _gradient_function(f, xs, names, np.random.default_rng(seed + 1000))
    reference = expect if callable(expect) and order == 1 else None
    probe = _Probe(target, xs, names, reference)
    probe.second_order = order == 2
    return target, probe


def _record(report: GradientReport, problem: _Problem) -> None:
    report.problem, report.mistake, report.error = problem.message, problem.mistake, problem.error


def _settle_tolerances(report: GradientReport, probe: _Probe, xs: list, mode: str, rtol, atol) -> None:
    """The tolerances: the first float input's dtype's (or the variables' for integer ids), wider where the
    finite differences run in a low precision, or the user's."""
    float_dtype = next((x.dtype for x in xs if _is_float(x)), tf.float32)
    if not any(_is_float(x) for x in xs):
        if not probe.variables:
            raise ValueError(_NO_FLOAT_INPUT)
        float_dtype = probe.variables[0].dtype          # an embedding: integer ids in, a variable table read
    d_rtol, d_atol = _TOLERANCES.get(float_dtype, _TOLERANCES[tf.float32])
    report.numerical_dtype = probe.numerical_dtype
    if mode == "full":
        _refuse_a_large_full_mode(sum(y.shape.num_elements() or 0 for y in probe.outputs),
                                  sum(_size(x) for x in xs if tf.is_tensor(x)))
    if probe.numerical_dtype != "float64":
        d_rtol, d_atol = max(d_rtol, _LOW_PRECISION_NUMERICAL[0]), max(d_atol, _LOW_PRECISION_NUMERICAL[1])
    report.user_rtol, report.user_atol = rtol is not None, atol is not None
    report.inputs_dtype = float_dtype.name
    report.rtol = d_rtol if rtol is None else float(rtol)
    report.atol = d_atol if atol is None else float(atol)


def _add_variables(report: GradientReport, probe: _Probe) -> None:
    """One result per tf.Variable the function reads, named after it (never twice the same name)."""
    taken = {r.name for r in report.inputs}
    for v in probe.variables:
        name = v.name.split(":")[0]
        name = name if name not in taken else f"{name} ({len(taken)})"
        taken.add(name)
        report.inputs.append(InputResult(name, tuple(v.shape), v.dtype.name, True, kind="variable"))


def _name_a_keyword_partial(f: Callable, report: GradientReport) -> None:
    """A wrong count from a functools.partial that binds a tensor by keyword: say that, not "count"."""
    bound = _bound_by_keyword(f)
    if report.mistake == "count" and bound:
        report.mistake = "keyword_call"
        report.problem = (f"the function checked is a functools.partial that passes {', '.join(bound)} by keyword, and "
                          "TensorFlow gives no gradient to a custom-gradient function's keyword arguments, so grad's "
                          f"gradient for {bound[0]} has nowhere to go. Pass it positionally, lambda x: f(x, "
                          f"{bound[0]}), or check it as an input too: check_gradients(f, x, {bound[0]}). "
                          f"({report.problem})")


def _second_order_checks(f: Callable, inputs: tuple, xs: list, names: list[str], report: GradientReport, mode: str,
                         seed: int) -> None:
    """After the comparison of f's gradient's gradient: None second derivatives, and a wrong first derivative."""
    disconnected = _disconnected_second_derivative(f, xs, names)
    if report.ok and not report.problem:
        _fail_hidden_second_derivatives(f, xs, names, disconnected, report)
    _second_order_words(report, disconnected)
    if not report.problem:
        _blame_the_first_derivative(f, inputs, report, mode, seed)


def _blame_the_first_derivative(f: Callable, inputs: tuple, report: GradientReport, mode: str, seed: int) -> None:
    """The second derivative is checked on top of the first: where the first is wrong, say so, pass or fail.

    (A wrong first derivative can leave the second-order sums nearly unchanged, a constant slope off, say.)"""
    first = check_gradients(f, *inputs, mode=mode, seed=seed, raise_on_failure=False)
    for entry in report.inputs:
        other = next((r for r in first.inputs if r.name == entry.name), None)
        if other is None or other.ok or entry.kind == "setting":
            continue
        cause = (f"the first derivative is already wrong (check_gradients(f, ...) without order=2 says: "
                 f"{other.cause or other.result}). Fix it first: the second derivative is the derivative of the "
                 "first")
        if entry.ok:
            entry.fail("wrong values", "first_order_wrong", cause)
        else:
            entry.mistake, entry.cause = "first_order_wrong", cause


_NO_FLOAT_INPUT = ("none of the inputs is floating point and the function reads no tf.Variable, so there is no "
                   "gradient to check; pass float inputs, e.g. tf.constant([1.0, 2.0])")


def _bound_by_keyword(f: Callable) -> list[str]:
    """The names a functools.partial binds to tensors or arrays by keyword (empty for anything else)."""
    if not isinstance(f, functools.partial):
        return []
    return [k for k, v in (f.keywords or {}).items()
            if tf.is_tensor(v) or isinstance(v, (np.ndarray, tf.Variable))]


def _entry(name: str, x) -> InputResult:
    if _is_setting(x):
        return InputResult(name, (), type(x).__name__, False, kind="setting", result="setting (not checked)")
    return InputResult(name, tuple(x.shape), x.dtype.name, x.dtype.is_floating)


def _finish(report: GradientReport, raise_on_failure: bool) -> GradientReport:
    if report.problem:
        for r in report.inputs:
            if r.ok and r.result == "ok" and r.error is None:
                r.result = "not checked"
    if raise_on_failure and not report.ok and not report.inconclusive:
        raise GradientCheckError(report) from None     # the learner's error is on report.error, in words
    return report


def _check_all(probe: _Probe, report: GradientReport, rng, surrogate: bool) -> None:
    us = probe.upstreams(rng)
    gin, gvar = probe.vjp(us)
    if len(gin) != len(probe.xs):
        names = ", ".join(probe.names)
        if not probe.variables and len(gin) == len(probe.xs) + 1 and isinstance(gin[-1], (list, tuple)):
            raise _Problem("count", f"grad returned the gradient(s) and then a list ({len(gin[-1])} entries): the "
                                    "pair (input gradients, [variable gradients]) is only for a function that reads "
                                    "tf.Variables, and this one reads none. Return one gradient per input "
                                    f"({names}), nothing else")
        raise _Problem("count", f"wrong number of gradients: grad returned {len(gin)} for {len(probe.xs)} input(s) "
                                f"({names}). Return one per input, in order; None for non-float inputs")
    if len(gvar) != len(probe.variables):
        raise _Problem("variables_form", f"grad returned {len(gvar)} variable gradient(s) for "
                                         f"{len(probe.variables)} variable(s): one per variable, in order")
    grads = gin + gvar
    _check_order(probe, gin)
    _check_forward_is_finite(probe, report)
    if report.problem:
        return                  # no finite difference can judge a gradient where the value is inf or NaN
    try:
        _check_each(probe, report, grads, us, rng, surrogate)
    except _NotFloat64:
        report.numerical_dtype = probe.numerical_dtype
        if probe.float64_differs:
            report.notes.append(f"in float64 the function computes other values than in {probe.numerical_dtype} "
                                "(a random draw or a choice that depends on the dtype?), so the finite "
                                f"differences are taken in {probe.numerical_dtype}")
        for entry in report.inputs:
            entry.ok, entry.result, entry.mistake, entry.cause, entry.note, entry.error = (
                True, "ok" if entry.kind != "setting" else entry.result, None, None, None, None)
        _check_each(probe, report, grads, us, rng, surrogate)


def _check_order(probe: _Probe, gin: list) -> None:
    """Gradients whose shapes fit the inputs only in another order are in the wrong order."""
    shapes = [tuple(x.shape) if tf.is_tensor(x) else None for x in probe.xs]
    got = [tuple(np.shape(g)) if g is not None else None for g in gin]
    if len(set(s for s in shapes if s is not None)) < 2 or got == shapes:
        return
    if sorted(map(str, got)) == sorted(map(str, shapes)):
        names = ", ".join(probe.names)
        raise _Problem("order", f"grad returned the gradients in another order than the inputs ({names}): their "
                                "shapes fit the inputs only when reordered. Return them in the order of the inputs")


def _check_each(probe: _Probe, report: GradientReport, grads: list, us, rng, surrogate: bool) -> None:
    if probe.numerical_dtype != "float64":
        report.rtol = max(report.rtol, _LOW_PRECISION_NUMERICAL[0]) if not report.user_rtol else report.rtol
        report.atol = max(report.atol, _LOW_PRECISION_NUMERICAL[1]) if not report.user_atol else report.atol
    sources = iter(probe.sources())
    for i, entry in enumerate(report.inputs):
        g = grads[i]
        if entry.kind == "setting":
            continue            # a Python number: whatever grad returns for it, TensorFlow ignores
        if not entry.differentiable:
            if g is not None:
                entry.fail("should be None", "not_none", f"{entry.name} is {entry.dtype}, not differentiable: "
                                                         "grad must return None for it")
            else:
                entry.result = "None (ok)"
            continue
        _check_source(probe, next(sources), entry, i, g, us, rng, report, surrogate)


def _as_array(g) -> np.ndarray:
    return np.asarray(g.numpy() if tf.is_tensor(g) else g, dtype=np.float64)


@dataclass
class _Sample:
    """The gradient for one source at one upstream, and the directions it is compared along."""

    g: np.ndarray
    us: list
    us_flat: list
    directions: list


def _check_source(probe: _Probe, source: _Source, entry: InputResult, index: int, g, us, rng,
                  report: GradientReport, surrogate: bool) -> None:
    """Check the gradient ``g`` for one input or variable (``index``: its place in grad's results).

    The contract first (a tensor of the input's dtype and shape, finite), then one comparison along a random
    direction; a close call gets a second look, a mismatch a ladder of steps, and only a confirmed mismatch
    is diagnosed.
    """
    rtol, atol = _tolerances(report, probe, entry)
    directions, us_flat = [_draw(rng, source.shape)], [_flat(us)]
    if probe.numerical_dtype == "float64" and not report.user_atol:
        atol = _scaled_atol(probe, source, us_flat[0], atol)
    g0 = _gradient_to_compare(source, entry, g, us_flat, directions, rtol, atol)
    if g0 is None:
        return
    first = _compare(source, [g0], us_flat, directions, source.first_step)
    if first is None:
        entry.note = "the step is lost to rounding at this point; not checked"
        return
    entry.error = _relative_error(first)
    agrees, first, sample = _second_look(probe, source, entry, index, _Sample(g0, us, us_flat, directions), first,
                                         rtol, atol, rng)
    full_ok = report.mode != "full" or _compare_full(probe, source, entry, index, rtol, report.atol)  # atol as is
    verdict = _Verdict(True, first) if agrees and full_ok else _confirm(source, [sample.g], sample.us_flat,
                                                                        sample.directions, first, rtol, atol)
    if not _settled_agreement(entry, verdict, agrees, full_ok, report, rtol, surrogate):
        _explain_mismatch(probe, source, entry, index, sample, verdict, rng, report, rtol, atol, surrogate)


def _gradient_to_compare(source: _Source, entry: InputResult, g, us_flat, directions, rtol, atol) -> np.ndarray | None:
    """``g`` as an array to compare; None once the entry is judged without a comparison (an empty input, a
    None gradient, not a tensor, the wrong dtype or shape, not finite)."""
    x_shape = source.shape
    if int(np.prod(x_shape)) == 0:
        entry.result = "empty (nothing to check)"
        return None
    if g is None:
        first = _compare(source, [np.zeros(x_shape)], us_flat, directions, source.first_step)
        if first is not None and np.all(np.abs(first.numerical) <= atol + rtol * np.abs(first.numerical)):
            entry.result = "None (ok: no effect)"
        else:
            entry.fail("None", "none", f"grad returned None for {entry.name}, but the output depends on it. "
                                       "Return Jᵀ·upstream for every floating-point input")
        return None
    if not tf.is_tensor(g):
        kind = "NumPy array" if isinstance(g, np.ndarray) else type(g).__name__
        entry.fail("not a tensor", "numpy_gradient",
                   f"grad returned a {kind} for {entry.name}, not a tensor: it works eagerly, but fails inside "
                   "tf.function and cannot be differentiated again. Compute it with TensorFlow operations "
                   "(tf.clip_by_value, tf.where ... instead of np.clip, np.where)")
        return None
    if g.dtype.name != entry.dtype:
        entry.fail("wrong dtype", "wrong_dtype", f"grad returned dtype {g.dtype.name} for {entry.name} of dtype "
                                                 f"{entry.dtype}: cast it, tf.cast(g, {entry.name}.dtype)")
        return None
    g0 = _as_array(g)
    entry.gradient_shape = tuple(g0.shape)
    if entry.gradient_shape != x_shape:
        first = _compare(source, [np.zeros(x_shape)], us_flat, directions, source.first_step)
        comparison = first or _Comparison(np.zeros((1, 1)), np.zeros((1, 1)), np.ones((1, 1)), [], [], 0.0)
        entry.fail("wrong shape", *_diagnose_shape(g0, x_shape, comparison, us_flat[0], rtol, atol, entry.name))
        return None
    if not np.all(np.isfinite(g0)):
        entry.fail("not finite", "not_finite", "grad returned inf or NaN; look for overflow (exp of a large "
                                               "number), 0/0 or 0·∞")
        return None
    return g0


def _second_look(probe: _Probe, source: _Source, entry: InputResult, index: int, sample: _Sample, first, rtol,
                 atol, rng) -> tuple[bool, _Comparison, _Sample]:
    """Whether the first comparison agrees; a close call is decided by a second upstream and direction.

    A wrong gradient can pass one random sum whose terms nearly cancel (more likely on a small input), a right
    one is rarely this far off.
    """
    agrees = bool(np.all(first.excess(rtol, atol) <= 0))
    if not (agrees and np.any(first.excess(0.1 * rtol, 0.1 * atol) > 0)):
        return agrees, first, sample
    us_again = probe.upstreams(rng)
    g_again = _gradient_k(probe, index, us_again)
    d_again, again = [_draw(rng, source.shape)], None
    if g_again is not None and g_again.shape == source.shape and np.all(np.isfinite(g_again)):
        again = _compare(source, [g_again], [_flat(us_again)], d_again, source.first_step)
    if again is not None and not np.all(again.excess(rtol, atol) <= 0):
        entry.error = _relative_error(again)
        return False, again, _Sample(g_again, us_again, [_flat(us_again)], d_again)
    return agrees, first, sample


def _settled_agreement(entry: InputResult, verdict: _Verdict, agrees: bool, full_ok: bool, report: GradientReport,
                       rtol: float, surrogate: bool) -> bool:
    """True once the entry is judged as agreeing (with a note where worth one), or as wrong in one Jacobian entry."""
    if verdict.agrees and not full_ok and entry.full_mismatch:
        # The random sums agree, yet one Jacobian entry is off by ten times what its differences allow: a mistake in
        # an entry the sums weigh little. (Closer calls are left to the sums, which judge the noise better.)
        entry.fail("wrong values", "wrong_values", entry.full_mismatch)
        return True
    if not verdict.agrees:
        return False
    entry.error = _relative_error(verdict.comparison) if not agrees else entry.error
    if surrogate:
        entry.note = "this gradient equals f's own derivative here: no surrogate needed"
    elif verdict.noise > 10 * rtol:
        entry.note = (f"the finite differences are noisy here (about {verdict.noise:.0e} relative, more than "
                      f"{report.numerical_dtype} rounding alone: large values in the output, or lower precision "
                      "inside the function); the gradient agrees within that noise")
    return True


def _explain_mismatch(probe: _Probe, source: _Source, entry: InputResult, index: int, sample: _Sample,
                      verdict: _Verdict, rng, report: GradientReport, rtol, atol, surrogate: bool) -> None:
    """A confirmed mismatch: a random forward, a dtype-dependent function, low-precision differences that cannot
    decide, or a kink first; then, with a second upstream and direction, the pattern that names the mistake (or the
    surrogate's description)."""
    scale = float(np.max(verdict.comparison.scale)) or 1.0
    if _is_random(probe):
        entry.fail("random forward", "random_forward",
                   "the forward pass is not deterministic: calls at the same point give different values "
                   "(dropout, random noise?). Fix the randomness (a fixed seed or mask) to check the gradient")
        return
    if _float64_differs(probe):
        probe.float64_differs = True
        probe._own_dtype()
        raise _NotFloat64          # start again, with the finite differences in the function's own dtype
    if _undecided(probe, source, entry, sample, rtol, atol):
        return
    mismatch = float(np.max(np.abs(verdict.comparison.custom - verdict.comparison.numerical)))
    if _is_kink(source, sample.us_flat, sample.directions, scale, mismatch):
        entry.fail("not differentiable here", "not_differentiable",
                   "the function has a kink at this point (the slope jumps: one-sided differences disagree), so no "
                   "finite difference can judge the gradient here. Check at a point away from the kink (for relu, "
                   "abs or max, avoid exact zeros and ties)")
        return
    us2 = probe.upstreams(rng)
    g1 = _gradient_k(probe, index, us2)
    if g1 is None or g1.shape != source.shape:
        g1 = sample.g
    directions2 = sample.directions + [_draw(rng, source.shape)]
    comparison = (_compare(source, [sample.g, g1], [sample.us_flat[0], _flat(us2)], directions2, verdict.comparison.h)
                  or verdict.comparison)
    against = report.expect if report.expect not in (None, "'surrogate'") else "f"
    mistake, cause = _diagnose_values(probe, index, [sample.g, g1], [sample.us, us2], comparison, source.shape, rtol,
                                      atol, against)
    entry.error = _relative_error(comparison)
    if report.mode == "full":       # the Jacobians are on the report already
        cause = cause.replace("compare it entry by entry with mode='full'",
                              "compare the report's custom_jacobian with its numerical_jacobian, column by column")
    if surrogate:
        entry.result = "surrogate (ok)"
        entry.note = _surrogate_words(mistake, cause)
        return
    entry.fail("wrong values", mistake, cause)


def _undecided(probe: _Probe, source: _Source, entry: InputResult, sample: _Sample, rtol, atol) -> bool:
    """True once a mismatch is judged inconclusive: finite differences in a low precision cannot settle it here.

    Not a failure of the gradient (no GradientCheckError), not a pass either: ``report.inconclusive``."""
    step = _smallest_step_undecided(probe, source, [sample.g], sample.us_flat, sample.directions, rtol, atol)
    if step is None:
        return False
    dtype, name, largest = probe.numerical_dtype, entry.name, float(np.max(np.abs(source.base)))
    entry.fail("inconclusive", "inconclusive",
               f"{dtype} cannot decide at this input: with |{name}| up to {largest:.6g}, {dtype} allows "
               f"finite-difference steps no smaller than about {step:.2g}, and steps of different sizes give "
               f"different slopes here. This is no verdict on the gradient: check it in float64 (if the function "
               f"accepts float64 inputs) or at a smaller |{name}|")
    entry.error = None              # an error measured against differences that cannot judge would mislead
    return True


def _check_forward_is_finite(probe: _Probe, report: GradientReport) -> None:
    """A right gradient next to an inf or NaN forward value is still a broken function."""
    y = probe.output_values()
    if probe.finite_outputs:
        return
    bad = ~np.isfinite(y)
    where = int(np.argwhere(bad)[0][0])
    try:
        in_float64 = probe.evaluate() if probe.numerical_dtype == "float64" else None
    except _NotFloat64:
        in_float64 = None
    if in_float64 is not None and np.isfinite(in_float64[where]):
        report.problem = (f"the forward value overflows: it is {y[where]} at output entry {where}, where the same "
                          "function in float64 is finite. Compute the forward stably (for log(1 + exp(x)) use "
                          "tf.math.softplus), not only the gradient")
        report.mistake = "forward_overflow"
    else:
        report.problem = (f"the forward value is {y[where]} at output entry {where}: check the gradient at a "
                          "point where the function is finite")
        report.mistake = "forward_not_finite"


def _check_in_graph(f: Callable, xs: list[tf.Tensor], probe: _Probe, report: GradientReport, rng) -> None:
    """Run f and its gradient eagerly and inside tf.function, with the same upstream; compare."""
    us = [tf.constant(u, dtype=y.dtype) for u, y in zip(probe.upstreams(rng), probe.outputs)]
    floats = [i for i, x in enumerate(xs) if _is_float(x)]

    phase = ["forward"]

    def run(*args):
        phase[0] = "forward"
        with tf.GradientTape() as tape:
            for i in floats:
                tape.watch(args[i])
            out = f(*args)
        outs = [out] if tf.is_tensor(out) else list(out)
        phase[0] = "grad"
        grads = tape.gradient(outs, [args[i] for i in floats] + probe.variables, output_gradients=us)
        return outs, _dense(grads)

    try:
        with running("inside tf.function"):
            eager = run(*xs)
            graph = tf.function(run)(*xs)
    except LearnerCodeError as e:
        line = f" ({e.line})" if e.line else ""
        where = "its forward pass" if phase[0] == "forward" else "its grad"
        report.problem = f"it works eagerly but {where} fails inside tf.function: {e.explanation.message}{line}"
        report.mistake, report.error, report.error_in = "not_in_graph", e.original, phase[0]
        return
    names = [probe.names[i] for i in floats] + [v.name.split(":")[0] for v in probe.variables]
    for label, a, b in [("the forward value", o1, o2) for o1, o2 in zip(eager[0], graph[0])] + \
            [(f"the gradient for {n}", g1, g2) for n, g1, g2 in zip(names, eager[1], graph[1])]:
        if (a is None) != (b is None):
            report.problem = f"{label} is None in one mode and not in the other (eager and tf.function differ)"
            report.mistake = "graph_differs"
            return
        if a is not None and not np.allclose(_as_array(a), _as_array(b), rtol=report.rtol, atol=report.atol,
                                             equal_nan=True):
            report.problem = (f"inside tf.function, {label} differs from eager execution: Python control flow "
                              "or NumPy code in f or grad runs only once, when tf.function traces it, and its "
                              "result is frozen into the graph. Use TensorFlow operations (tf.where, tf.cond)")
            report.mistake = "graph_differs"
            return
    report.notes.append("eager and tf.function give the same values and gradients")
