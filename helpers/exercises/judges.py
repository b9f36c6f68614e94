"""Building blocks for exercise judges: numbers, sequences, functions, custom gradients.

Each ``*_judge`` returns a function ``answer -> Feedback``. Known mistakes
are listed explicitly with the message a learner should read, so the
feedback names the misconception instead of saying only "wrong".
"""

from __future__ import annotations

from typing import Any, Callable, Sequence

import numpy as np

from . import Feedback


def _as_array(answer: Any, what: str) -> np.ndarray:
    if hasattr(answer, "numpy"):
        answer = answer.numpy()
    try:
        arr = np.asarray(answer, dtype=np.float64)
    except (TypeError, ValueError):
        raise _Unreadable(f"expected {what}, got {type(answer).__name__} {answer!r}") from None
    return arr


class _Unreadable(Exception):
    pass


def _close(a: np.ndarray, b: np.ndarray, rtol: float) -> bool:
    a, b = np.asarray(a, dtype=np.float64), np.asarray(b, dtype=np.float64)
    return a.shape == b.shape and bool(np.allclose(a, b, rtol=rtol, atol=rtol * 1e-3))


def number_judge(expected: float, success: str, mistakes: Sequence[tuple[float, str, str]] = (),
                 rtol: float = 1e-6) -> Callable[[Any], Feedback]:
    """Judge a single number. ``mistakes``: ``(wrong value, mistake key, message)``."""

    def judge(answer):
        try:
            value = _as_array(answer, "a number")
        except _Unreadable as e:
            return Feedback(False, str(e), "not_a_number")
        if value.size != 1:
            return Feedback(False, f"expected one number, got {value.size} values", "not_a_number")
        value = value.reshape(())
        if _close(value, expected, rtol):
            return Feedback(True, success)
        for wrong, key, message in mistakes:
            if _close(value, wrong, rtol):
                return Feedback(False, message, key)
        return Feedback(False, f"{float(value):g} is not it, and not a mistake this exercise knows. "
                               "Work through the chain one link at a time.")

    return judge


def sequence_judge(expected: Sequence[float], success: str,
                   mistakes: Sequence[tuple[Sequence[float], str, str]] = (),
                   rtol: float = 1e-6) -> Callable[[Any], Feedback]:
    """Judge a list of numbers in order. ``mistakes``: ``(wrong list, key, message)``."""
    expected = np.asarray(expected, dtype=np.float64)

    def judge(answer):
        try:
            values = _as_array(answer, "a list of numbers").reshape(-1)
        except _Unreadable as e:
            return Feedback(False, str(e), "not_a_number")
        if values.size != expected.size:
            return Feedback(False, f"expected {expected.size} numbers, one per call, got {values.size}",
                            "wrong_length")
        if _close(values, expected, rtol):
            return Feedback(True, success)
        for wrong, key, message in mistakes:
            if _close(values, np.asarray(wrong, dtype=np.float64), rtol):
                return Feedback(False, message, key)
        bad = int(np.argmax(~np.isclose(values, expected, rtol=rtol)))
        return Feedback(False, f"entry {bad} ({values[bad]:g}) is off; the ones before it are right.")

    return judge


def function_judge(reference: Callable, points: np.ndarray, success: str,
                   mistakes: Sequence[tuple[Callable, str, str]] = (), rtol: float = 1e-5,
                   what: str = "a function of x") -> Callable[[Any], Feedback]:
    """Judge a function by its values at ``points`` (passed as one float64 tensor)."""
    import tensorflow as tf

    xs = tf.constant(np.asarray(points, dtype=np.float64))
    want = np.asarray(reference(xs), dtype=np.float64)

    def judge(answer):
        if not callable(answer):
            return Feedback(False, f"expected {what} (def or lambda), got {type(answer).__name__}", "not_callable")
        try:
            got = _as_array(answer(xs), "numbers from your function")
        except (_Unreadable, TypeError, ValueError, tf.errors.InvalidArgumentError) as e:
            return Feedback(False, f"calling your function on a float64 tensor failed: {type(e).__name__}: {e}. "
                                   "Use TensorFlow operations such as tf.cos.", "crashes")
        if got.shape != want.shape:
            got = np.broadcast_to(got, want.shape) if got.size == 1 else got
        if _close(got, want, rtol):
            return Feedback(True, success)
        for wrong_fn, key, message in mistakes:
            if _close(got, np.asarray(wrong_fn(xs), dtype=np.float64), rtol):
                return Feedback(False, message, key)
        return Feedback(False, "your function gives other values than the derivative at "
                               f"x = {np.round(points, 3).tolist()}; differentiate the forward rule term by term.")

    return judge


def gradient_judge(make_inputs: Callable[[], tuple], reference_forward: Callable, success: str,
                   hints: dict[str, str] | None = None,
                   known_wrong: Sequence[tuple[str, Callable, str]] = ()) -> Callable[[Any], Feedback]:
    """Judge a learner's custom-gradient function with :func:`helpers.check_gradients`.

    The forward value must match ``reference_forward``; the gradient must
    pass the check. The checker's diagnosis (upstream ignored, transposed,
    wrong shape, missing reduction, sign, constant factor, None, count)
    becomes the feedback, followed by an exercise-specific hint from
    ``hints`` where one is given for that mistake. ``known_wrong`` lists
    ``(key, wrong_grads(*inputs, upstream), message)`` for mistakes specific to
    the exercise (a forgotten product-rule term, say): when the answer's
    gradients equal ``wrong_grads``, that message is the feedback.
    """
    import tensorflow as tf

    from ..checking import check_gradients

    hints = hints or {}

    def judge(answer):
        if not callable(answer):
            return Feedback(False, f"expected your custom-gradient function, got {type(answer).__name__}",
                            "not_callable")
        inputs = make_inputs()
        try:
            got = answer(*inputs)
        except NotImplementedError:
            raise
        except Exception as e:  # noqa: BLE001 - the learner's forward failed; say how
            return Feedback(False, f"calling your function failed: {type(e).__name__}: {e}", "crashes")
        want = reference_forward(*inputs)
        if not tf.is_tensor(got) or tuple(got.shape) != tuple(want.shape) or not np.allclose(
                got.numpy(), want.numpy(), rtol=1e-5, atol=1e-6):
            return Feedback(False, "the forward value is not right: change only grad, keep the forward pass "
                                   "as given.", "wrong_forward")
        try:
            report = check_gradients(answer, *inputs, raise_on_failure=False)
        except Exception as e:  # noqa: BLE001
            reraise_if_not_attempted(e)
            return Feedback(False, f"checking your gradient failed: {type(e).__name__}: {e}", "crashes")
        if report.mistake == "grad_raised" and "NotImplementedError" in (report.problem or ""):
            raise NotImplementedError
        if report.ok:
            return Feedback(True, success)
        specific = _match_known_wrong(answer, inputs, known_wrong)
        if specific is not None:
            return specific
        if report.problem:
            return Feedback(False, report.problem + _hint(hints, report.mistake), report.mistake)
        bad = next(r for r in report.inputs if not r.ok)
        return Feedback(False, f"gradient for {bad.name}: {bad.cause}" + _hint(hints, bad.mistake), bad.mistake)

    return judge


def _match_known_wrong(answer, inputs, known_wrong) -> Feedback | None:
    """Feedback for the first exercise-specific mistake the answer's gradients match."""
    import tensorflow as tf

    if not known_wrong:
        return None
    sources = [x for x in inputs if x.dtype.is_floating]
    with tf.GradientTape() as tape:
        tape.watch(sources)
        y = answer(*inputs)
    upstream = tf.constant(np.random.default_rng(7).standard_normal(y.shape), dtype=y.dtype)
    try:
        got = tape.gradient(y, sources, output_gradients=upstream)
    except Exception:  # noqa: BLE001 - a broken grad is reported by the checker instead
        return None
    for key, wrong, message in known_wrong:
        want = wrong(*inputs, upstream)
        want = want if isinstance(want, (list, tuple)) else (want,)
        if all(g is not None and w is not None and tuple(g.shape) == tuple(w.shape)
               and np.allclose(g.numpy(), w.numpy(), rtol=1e-4, atol=1e-6) for g, w in zip(got, want)):
            return Feedback(False, message, key)
    return None


def _hint(hints: dict[str, str], mistake: str | None) -> str:
    return f" Hint: {hints[mistake]}" if mistake in hints else ""


def reraise_if_not_attempted(e: BaseException) -> None:
    """Re-raise ``NotImplementedError`` when ``e`` comes from an answer's stub, however TensorFlow wrapped it.

    :meth:`Exercise.check` turns that into "Not attempted yet"; judges call
    this first in every ``except`` that would otherwise report a crash.
    """
    if _caused_by(e, NotImplementedError) or "NotImplementedError" in repr(e):
        raise NotImplementedError from e


def _caused_by(e: BaseException, kind: type) -> bool:
    while e is not None:
        if isinstance(e, kind):
            return True
        e = e.__cause__
    return False


def _forward_and_gradient(answer, x, upstream, in_function: bool = False):
    """``(y, dL/dx)`` of ``answer`` at ``x`` for ``upstream``; eagerly or inside ``tf.function``."""
    import tensorflow as tf

    def run(x):
        with tf.GradientTape() as tape:
            tape.watch(x)
            y = answer(x)
        if not tf.is_tensor(y):
            raise TypeError(f"your function returned {type(y).__name__}, not a tensor")
        return y, tape.gradient(y, x, output_gradients=upstream)

    return tf.function(run)(x) if in_function else run(x)


def surrogate_judge(make_inputs: Callable[[], tuple], forward: Callable, backward: Callable, success: str,
                    known_wrong: Sequence[tuple[str, Callable | None, Callable, str]] = ()
                    ) -> Callable[[Any], Feedback]:
    """Judge a one-input custom gradient whose backward differs from the forward on purpose.

    ``make_inputs()`` returns ``(x, upstream)``. The answer's forward must
    equal ``forward(x)`` and its gradient ``backward(x, upstream)``, both
    eagerly and inside ``tf.function``; a gradient checker cannot judge
    these, since the gradient is not the forward's derivative by design.
    ``known_wrong`` lists ``(key, wrong_forward or None, wrong_backward, message)``:
    an answer matching one gets that message.
    """
    import tensorflow as tf

    def matches(got, want_fn, x, u):
        want = want_fn(x, u) if want_fn is not None else None
        return want is not None and got is not None and tuple(got.shape) == tuple(want.shape) and \
            np.allclose(got.numpy(), np.asarray(want), rtol=1e-5, atol=1e-6)

    def judge(answer):
        if not callable(answer):
            return Feedback(False, f"expected your custom-gradient function, got {type(answer).__name__}",
                            "not_callable")
        x, u = make_inputs()
        try:
            y, g = _forward_and_gradient(answer, x, u)
        except NotImplementedError:
            raise
        except Exception as e:  # noqa: BLE001 - the learner's code failed; say how
            reraise_if_not_attempted(e)
            return Feedback(False, f"running your function failed: {type(e).__name__}: {e}", "crashes")
        if not matches(y, lambda x, u: forward(x), x, u):
            for key, wrong_forward, _, message in known_wrong:
                if wrong_forward is not None and matches(y, lambda x, u: wrong_forward(x), x, u):
                    return Feedback(False, message, key)
            return Feedback(False, "the forward value is not right: the forward pass stays exactly as it is; "
                                   "only the backward pass changes.", "wrong_forward")
        if g is None:
            return Feedback(False, "the tape got None: grad returned None, or the forward is not wrapped in "
                                   "@tf.custom_gradient.", "none")
        if tuple(g.shape) != tuple(x.shape):
            return Feedback(False, f"the gradient has shape {tuple(g.shape)} for an input of shape "
                                   f"{tuple(x.shape)}: return one value per entry of x.", "wrong_shape")
        if not matches(g, backward, x, u):
            for key, wrong_forward, wrong_backward, message in known_wrong:
                if wrong_forward is None and matches(g, wrong_backward, x, u):
                    return Feedback(False, message, key)
            want = np.asarray(backward(x, u))
            bad = int(np.argmax(~np.isclose(g.numpy(), want, rtol=1e-5, atol=1e-6).reshape(-1)))
            return Feedback(False, f"at x = {x.numpy().reshape(-1)[bad]:g} with upstream "
                                   f"{u.numpy().reshape(-1)[bad]:g} your gradient is {g.numpy().reshape(-1)[bad]:g}, "
                                   f"expected {want.reshape(-1)[bad]:g}.", "wrong_values")
        try:
            y_graph, g_graph = _forward_and_gradient(answer, x, u, in_function=True)
        except Exception as e:  # noqa: BLE001
            return Feedback(False, f"it works eagerly but fails inside tf.function: {type(e).__name__}: "
                                   f"{str(e).splitlines()[0]} Use TensorFlow operations (tf.where, tf.abs), "
                                   "not Python if on tensors.", "not_in_function")
        if not (matches(y_graph, lambda x, u: forward(x), x, u) and matches(g_graph, backward, x, u)):
            return Feedback(False, "inside tf.function your function gives other values than eagerly.",
                            "not_in_function")
        return Feedback(True, success)

    return judge


def choice_judge(expected: Sequence[str], options: Sequence[str], success: str,
                 explanations: Sequence[str]) -> Callable[[Any], Feedback]:
    """Judge a list of names chosen from ``options``, one per item, in order.

    A wrong entry gets that item's explanation (``explanations[i]``), so the
    feedback teaches why, not only that.
    """
    expected = list(expected)

    def judge(answer):
        if isinstance(answer, str) or not isinstance(answer, (list, tuple)):
            return Feedback(False, f"answer with a list of {len(expected)} names, one per snippet, "
                                   f"such as {list(options[:2])}.", "not_a_list")
        if len(answer) != len(expected):
            return Feedback(False, f"expected {len(expected)} names, one per snippet, got {len(answer)}",
                            "wrong_length")
        unknown = [a for a in answer if a not in options]
        if unknown:
            return Feedback(False, f"{unknown[0]!r} is not one of the names to choose from: {', '.join(options)}",
                            "unknown_name")
        wrong = [i for i, (a, e) in enumerate(zip(answer, expected)) if a != e]
        if not wrong:
            return Feedback(True, success)
        i = wrong[0]
        return Feedback(False, f"snippet {i + 1} is not {answer[i]!r}. {explanations[i]} "
                               f"({len(expected) - len(wrong)} of {len(expected)} right.)", "wrong_choice")

    return judge
