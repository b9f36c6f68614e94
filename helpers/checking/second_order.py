"""``order=2``: the gradient of the gradient, built so that a tape can differentiate it again, and the None
second derivatives a random comparison could miss.
"""

from __future__ import annotations

from typing import Callable

import numpy as np
import tensorflow as tf

from ..boundary import LearnerCodeError, running
from .inputs import _function_name, _is_float, _outputs
from .probing import _EPS
from .report import GradientReport, _Problem, _raised


def _gradient_function(f: Callable, xs: list, names: list[str], rng) -> Callable:
    """G(x) = ∂L/∂x for L = Σ u·y + ½ Σ w·y², built so that a tape can differentiate it again.

    The quadratic term makes the upstream that reaches f's grad depend on x,
    as it does inside any real loss: some wrong second derivatives (the naive
    nesting of the API documentation) are right only for a constant upstream.
    """
    floats = [i for i, x in enumerate(xs) if _is_float(x)]
    try:
        with running("the forward pass"):
            out = f(*xs)
    except LearnerCodeError as e:
        raise _raised("the forward pass", e) from None
    outputs, _ = _outputs(_function_name(f), out)
    linear = [rng.standard_normal(tuple(y.shape)) for y in outputs]
    quadratic = [0.5 * rng.standard_normal(tuple(y.shape)) for y in outputs]

    def first_derivative(*args):
        with tf.GradientTape() as tape:
            for i in floats:
                tape.watch(args[i])
            out = f(*args)
            outs = [out] if tf.is_tensor(out) else list(out)
            loss = tf.add_n([tf.reduce_sum(tf.constant(u, o.dtype) * o + 0.5 * tf.constant(w, o.dtype) * o * o)
                             for u, w, o in zip(linear, quadratic, outs)])
        grads = tape.gradient(loss, [args[i] for i in floats])
        return [tf.zeros_like(args[i]) if g is None else g for i, g in zip(floats, grads)], grads

    try:
        with running("the backward pass"):
            _, grads = first_derivative(*xs)
    except LearnerCodeError as e:
        raise _raised("the backward pass", e) from None
    missing = [names[i] for i, g in zip(floats, grads) if g is None]
    if missing:
        raise _Problem("none", f"the first derivative is None for {', '.join(missing)}: there is no gradient to "
                               "differentiate again (check it with order=1 first)")

    def gradient_of_f(*args):
        grads = first_derivative(*args)[0]
        return grads[0] if len(grads) == 1 else tuple(grads)

    gradient_of_f.__name__ = f"gradient of {_function_name(f)}"
    return gradient_of_f


def _disconnected_second_derivative(f: Callable, xs: list, names: list[str]) -> set[str]:
    """Inputs whose second derivative is None with a constant upstream: grad's result does not depend on them."""
    floats = [i for i, x in enumerate(xs) if _is_float(x)]
    try:
        with running("the backward pass"):
            with tf.GradientTape(persistent=True) as outer:
                for i in floats:
                    outer.watch(xs[i])
                with tf.GradientTape() as inner:
                    for i in floats:
                        inner.watch(xs[i])
                    out = f(*xs)
                outs = [out] if tf.is_tensor(out) else list(out)
                firsts = inner.gradient(outs, [xs[i] for i in floats])
            return {names[i] for i, g in zip(floats, firsts)
                    if g is not None and outer.gradient(g, xs[i]) is None}
    except LearnerCodeError:
        return set()


def _fail_hidden_second_derivatives(f: Callable, xs: list, names: list[str], disconnected: set[str],
                                    report: GradientReport) -> None:
    """Fail the inputs whose second derivative the tape calls None although the first derivative changes.

    The random comparison can miss such a gradient by chance on a small input (its terms can nearly cancel);
    this looks at each entry of the first derivative's change, which cannot cancel. A first derivative that
    does not change (a linear function) is fine with None.
    """
    for i, (x, name) in enumerate(zip(xs, names)):
        if name not in disconnected or not _is_float(x):
            continue
        wide = x.dtype != tf.float64
        try:
            args = [tf.cast(a, tf.float64) if _is_float(a) and wide else a for a in xs]

            def first(point):
                values = list(args)
                values[i] = point
                with tf.GradientTape() as tape:
                    tape.watch(point)
                    out = f(*values)
                    outs = [out] if tf.is_tensor(out) else list(out)
                    total = tf.add_n([tf.reduce_sum(o) for o in outs])
                return np.asarray(tape.gradient(total, point).numpy(), dtype=np.float64)

            base = np.asarray(args[i].numpy(), dtype=np.float64)
            slopes = []
            with running("the backward pass"):
                center = first(tf.constant(base, dtype=args[i].dtype))
                for h in (1e-3 * np.maximum(np.abs(base), 1.0), 1.25e-4 * np.maximum(np.abs(base), 1.0)):
                    plus = first(tf.constant(base + h, dtype=args[i].dtype))
                    minus = first(tf.constant(base - h, dtype=args[i].dtype))
                    noise = 4 * _EPS.get(args[i].dtype.name, 2.0 ** -23) * float(np.max(np.abs(center))) / h
                    slopes.append((np.abs(plus - minus) / (2 * h), noise))
        except (LearnerCodeError, AttributeError, TypeError, ValueError):
            continue
        # The second derivative entry by entry (no sum that could cancel), against float rounding at each step;
        # only where two steps agree on it (a step that straddles a kink sees a jump, not a derivative).
        (wide, noise_wide), (narrow, noise_narrow) = slopes
        real = (wide > 10 * (report.atol + noise_wide)) & (narrow > 10 * (report.atol + noise_narrow)) & \
            (np.abs(wide - narrow) <= 0.2 * np.maximum(wide, narrow))
        if np.any(real):
            entry = report[name]
            entry.fail("wrong values", "none", "the tape's second derivative is None, yet the first derivative "
                                               "changes with the input")


def _second_order_words(report: GradientReport, disconnected: set[str]) -> None:
    """Say in second-derivative terms what a check of the gradient function found."""
    for entry in report.inputs:
        if entry.mistake == "none" or (entry.name in disconnected and not entry.ok):
            entry.mistake = "second_order_none"
            entry.cause = (f"the second derivative for {entry.name} is None (or misses terms): the first "
                           "derivative is built from values the tape cannot see into (a fused call, NumPy, "
                           "tf.stop_gradient). Make the first derivative itself a @tf.custom_gradient function of "
                           "the input whose grad gives the second derivative (notebook 07). Decorating grad itself "
                           "does not help")
        elif not entry.ok and entry.mistake not in (None, "second_order_none"):
            entry.cause = f"the second derivative is wrong: {entry.cause}"
            entry.mistake = "second_order_wrong"
    if report.mistake == "none":
        report.mistake = "second_order_none"
