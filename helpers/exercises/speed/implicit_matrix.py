"""Exercise 08.implicit_matrix: the implicit gradient of z* = tanh(z* Wᵀ + x), with x a batch and W a matrix."""

import numpy as np
import tensorflow as tf

from .. import Exercise, Feedback
from ...boundary import running
from ..judges import gradient_judge
from ...performance import contraction_problem, unrolled_fixed_point

_STEPS = 40     # forward and adjoint: the maps shrink errors at least by half a step, so 40 reach 1e-12


def _points():
    """Small problems with spectral norm ½ (float64, then float32), drawn from this exercise's own seeds."""
    return [contraction_problem(batch=3, size=4, seed=81),
            contraction_problem(batch=2, size=3, seed=82, dtype=tf.float32)]


def _solve(x, W):
    return unrolled_fixed_point(x, W, _STEPS)


def _adjoint(g, z, W, steps=_STEPS, transpose=False, slope=None):
    """z̄ from z̄ = g + (z̄ ⊙ D) W (with Wᵀ in place of W when ``transpose``), ``steps`` steps from z̄ = g; D is
    ``slope(z)``, 1 − z² unless given."""
    D, zbar = (1 - z ** 2) if slope is None else slope(z), g
    for _ in range(steps):
        zbar = g + tf.matmul(zbar * D, W, transpose_b=transpose)
    return zbar, D


def _grads(zbar, D, z):
    through = zbar * D
    return through, tf.einsum("bi,bj->ij", through, z)


def _without_the_adjoint(x, W, g):
    z = _solve(x, W)
    return _grads(g, 1 - z ** 2, z)


def _adjoint_with_w_transposed(x, W, g):
    z = _solve(x, W)
    return _grads(*_adjoint(g, z, W, transpose=True), z)


def _dw_transposed(x, W, g):
    z = _solve(x, W)
    zbar, D = _adjoint(g, z, W)
    return zbar * D, tf.matmul(z, zbar * D, transpose_a=True)


def _dx_without_slope(x, W, g):
    z = _solve(x, W)
    zbar, D = _adjoint(g, z, W)
    return zbar, tf.matmul(zbar * D, z, transpose_a=True)


def _dw_with_x(x, W, g):
    z = _solve(x, W)
    zbar, D = _adjoint(g, z, W)
    return zbar * D, tf.matmul(zbar * D, x, transpose_a=True)


def _with_slope(slope):
    def grads(x, W, g):
        z = _solve(x, W)
        return _grads(*_adjoint(g, z, W, slope=slope), z)
    return grads


def _dw_with_g(x, W, g):
    z = _solve(x, W)
    zbar, D = _adjoint(g, z, W)
    return zbar * D, tf.matmul(g * D, z, transpose_a=True)


def _adjoint_steps(steps):
    def grads(x, W, g):
        z = _solve(x, W)
        return _grads(*_adjoint(g, z, W, steps=steps), z)
    return grads


_judge_values = gradient_judge(
    _points,
    _solve,
    "z̄ = g + (z̄ ⊙ D) W, iterated to convergence, then ∂L/∂x = z̄ ⊙ D and ∂L/∂W = (z̄ ⊙ D)ᵀ z*: the gradient of the "
    "whole loop from z* alone, without a single iterate on the tape.",
    known_wrong=[
        ("no_adjoint", _without_the_adjoint,
         "your gradients use g where z̄ belongs: that is the gradient of the last step alone, with z held fixed. z "
         "depends on itself through the loop: solve the adjoint equation z̄ = g + (z̄ ⊙ D) W first."),
        ("one_adjoint_step", _adjoint_steps(1),
         "that is one step of the adjoint iteration: repeat z̄ ← g + (z̄ ⊙ D) W until it stops changing (the map "
         "shrinks the error at least by half a step)."),
        *[("few_adjoint_steps", _adjoint_steps(steps),
           "your adjoint iteration stops before it has converged, so the gradient is close but not exact: the map "
           "shrinks the error at least by half a step, so run as many steps as the forward loop (or until z̄ stops "
           "changing).") for steps in (2, 3, 5, 10, 20)],
        ("adjoint_transposed", _adjoint_with_w_transposed,
         "the adjoint step multiplies by Wᵀ where the equation has W: for a batch in rows, z̄ = g + (z̄ ⊙ D) W, "
         "because the forward multiplied by Wᵀ (z Wᵀ)."),
        ("transposed", _dw_transposed,
         "the gradient for W is transposed: it must have W's layout, row i for output entry i, so (z̄ ⊙ D)ᵀ z*, "
         "not z*ᵀ (z̄ ⊙ D)."),
        ("slope_missing", _dx_without_slope,
         "the gradient for x misses tanh's slope D: x enters inside the tanh, so dL/dx = z̄ ⊙ D."),
        ("slope_not_squared", _with_slope(lambda z: 1 - z),
         "D is not tanh's slope: tanh' = 1 − tanh², and at the fixed point tanh(z* Wᵀ + x) is z* itself, so "
         "D = 1 − z*² (squared)."),
        ("slope_of_z", _with_slope(lambda z: 1 - tf.tanh(z) ** 2),
         "D takes tanh's slope at z*, but the tanh was applied to z* Wᵀ + x, and its value there is z* itself: "
         "D = 1 − z*², not 1 − tanh(z*)²."),
        ("dw_with_g", _dw_with_g,
         "the gradient for W uses g where z̄ belongs: like ∂L/∂x, it collects the upstream carried back through "
         "every iteration, (z̄ ⊙ D)ᵀ z*."),
        ("x_for_z", _dw_with_x,
         "the gradient for W pairs (z̄ ⊙ D) with x; W multiplies z* inside the tanh, so its gradient pairs it with "
         "z*."),
    ],
    fallback="work through the three steps of the matrix case: the adjoint z̄ from z̄ = g + (z̄ ⊙ D) W, then "
             "∂L/∂x and ∂L/∂W from step 3.",
    forward_message="the forward value is not the fixed point: keep the forward loop as given and write only grad.")


def _grads_at(fn, x, W, **kwargs):
    with tf.GradientTape() as tape:
        tape.watch([x, W])
        z = fn(x, W, **kwargs)
    return tape.gradient(z, [x, W], output_gradients=tf.ones_like(z))


def _differentiates_the_loop(fn) -> bool:
    """Whether fn's gradient, with the forward stopped after 3 iterations, is the gradient of those 3 steps (a tape
    around the loop) rather than the fixed-point formula at the z they reach (which any implicit answer gives)."""
    x, W = _points()[0]
    try:
        with running(""):
            got = _grads_at(fn, x, W, iterations=3)
    except Exception:  # noqa: BLE001 - no iterations argument, or it fails this way: do not judge by it
        return False

    unrolled = _grads_at(unrolled_fixed_point, x, W, iterations=3)
    z = unrolled_fixed_point(x, W, 3)
    implicit = _grads(*_adjoint(tf.ones_like(z), z, W), z)
    same = lambda a, b: all(g is not None and np.allclose(g, h, rtol=1e-6, atol=1e-9) for g, h in zip(a, b))
    return same(got, unrolled) and not same(got, implicit)


def _judge(answer) -> Feedback:
    feedback = _judge_values(answer)
    if feedback.passed and _differentiates_the_loop(answer):
        return Feedback(False, "your grad differentiates the forward loop (a tape around its iterations): stopped after "
                               "3 iterations, your gradient is the gradient of those 3 steps, where the implicit one "
                               "applies the fixed-point formula to the z they reach. That is unrolled "
                               "backpropagation, with every iterate kept for the backward pass. Use z* alone: solve "
                               "the adjoint equation z̄ = g + (z̄ ⊙ D) W.", "unrolled")
    return feedback


EXERCISE = Exercise(
    key="08.implicit_matrix",
    title="The implicit gradient of z* = tanh(z* Wᵀ + x) for a batch x and a matrix W",
    judge=_judge,
    answer_name="fixed_point_layer",
    mistakes=("no_adjoint", "one_adjoint_step", "few_adjoint_steps", "adjoint_transposed", "transposed",
              "slope_missing", "x_for_z", "slope_not_squared", "slope_of_z", "dw_with_g", "unrolled",
              "upstream_ignored", "order"),
    hints={"upstream_ignored": "the adjoint equation starts from g, the upstream: z̄ = g + (z̄ ⊙ D) W."},
)
