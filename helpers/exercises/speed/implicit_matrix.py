"""Exercise 08.implicit_matrix: the implicit gradient of z* = tanh(z* Wᵀ + x), with x a batch and W a matrix."""

import tensorflow as tf

from .. import Exercise
from ..judges import gradient_judge
from ...performance import contraction_problem

_STEPS = 40     # forward and adjoint: the maps shrink errors at least by half a step, so 40 reach 1e-12


def _points():
    """Small problems with spectral norm ½ (float64, then float32), drawn from this exercise's own seeds."""
    return [contraction_problem(batch=3, size=4, seed=81),
            contraction_problem(batch=2, size=3, seed=82, dtype=tf.float32)]


def _solve(x, W):
    z = tf.zeros_like(x)
    for _ in range(_STEPS):
        z = tf.tanh(tf.matmul(z, W, transpose_b=True) + x)
    return z


def _adjoint(g, z, W, steps=_STEPS, transpose=False):
    """z̄ from z̄ = g + (z̄ ⊙ D) W (with Wᵀ in place of W when ``transpose``), ``steps`` steps from z̄ = g."""
    D, zbar = 1 - z ** 2, g
    for _ in range(steps):
        zbar = g + tf.matmul(zbar * D, W, transpose_b=transpose)
    return zbar, D


def _grads(zbar, D, z):
    return zbar * D, tf.matmul(zbar * D, z, transpose_a=True)


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


def _adjoint_steps(steps):
    def grads(x, W, g):
        z = _solve(x, W)
        return _grads(*_adjoint(g, z, W, steps=steps), z)
    return grads


_judge = gradient_judge(
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
        ("x_for_z", _dw_with_x,
         "the gradient for W pairs (z̄ ⊙ D) with x; W multiplies z* inside the tanh, so its gradient pairs it with "
         "z*."),
    ],
    fallback="work through the three steps of the matrix case: the adjoint z̄ from z̄ = g + (z̄ ⊙ D) W, then "
             "∂L/∂x and ∂L/∂W from step 3.",
    forward_message="the forward value is not the fixed point: keep the forward loop as given and write only grad.")


EXERCISE = Exercise(
    key="08.implicit_matrix",
    title="The implicit gradient of z* = tanh(z* Wᵀ + x) for a batch x and a matrix W",
    judge=_judge,
    answer_name="fixed_point_layer",
    mistakes=("no_adjoint", "one_adjoint_step", "few_adjoint_steps", "adjoint_transposed", "transposed", "slope_missing", "x_for_z",
              "upstream_ignored", "shape"),
    hints={"upstream_ignored": "the adjoint equation starts from g, the upstream: z̄ = g + (z̄ ⊙ D) W."},
)
