"""Custom gradients as better algorithms: the code notebook 08 measures.

Two ways a custom gradient buys speed or memory:

- **Recomputation** (:func:`deep_mlp_gradients`): ``tf.recompute_grad`` keeps
  only each block's input during the forward pass and recomputes the
  block's activations during the backward pass: less memory, some extra
  time.
- **Implicit differentiation** (:func:`implicit_fixed_point`): the fixed
  point ``z = tanh(z Wᵀ + x)`` is found by iterating. Backpropagating
  through every iteration (:func:`unrolled_fixed_point`) stores every
  iterate; the implicit function theorem gives the gradient at the fixed
  point from one adjoint equation instead, whatever the iteration count.

The fixed point's forward pass is any solver: plain iteration, or
:func:`anderson_fixed_point`, stopped at a tolerance; the backward pass is the
same adjoint equation either way.

The measurements themselves live in ``helpers/performance_benchmark.py``;
:func:`run_benchmark` runs that script and returns its figures.

>>> import tensorflow as tf
>>> x, W = contraction_problem(batch=2, size=3, seed=0)
>>> z = implicit_fixed_point(x, W, 50)
>>> residual = z - tf.tanh(tf.matmul(z, W, transpose_b=True) + x)
>>> float(tf.reduce_max(tf.abs(residual))) < 1e-12
True
"""

from __future__ import annotations

import importlib.util
import json
import os
import subprocess
import sys
from pathlib import Path

import numpy as np
import tensorflow as tf

__all__ = [
    "contraction_problem",
    "slow_contraction_problem",
    "unrolled_fixed_point",
    "implicit_fixed_point",
    "anderson_fixed_point",
    "fixed_point_residual",
    "fixed_point_gradients",
    "deep_mlp",
    "deep_mlp_gradients",
    "run_benchmark",
    "format_results",
    "BENCHMARK_SCRIPT",
]

BENCHMARK_SCRIPT = Path(__file__).resolve().parent / "performance_benchmark.py"
"""The benchmark notebook 08 calls; run it directly for the full-size figures."""

CONTRACTION = 0.5
"""Spectral norm of W in :func:`contraction_problem`: the map z -> tanh(z Wᵀ + x) halves distances."""


def contraction_problem(batch: int = 32, size: int = 64, seed: int = 0, dtype=tf.float64):
    """Inputs ``x`` (batch, size) and a matrix ``W`` (size, size) with spectral norm 0.5.

    Because ``tanh`` has slope at most 1, the map z -> tanh(z Wᵀ + x) is then
    a contraction: iterating it converges to one fixed point, halving the
    error (at least) every step.
    """
    _check_sizes(batch, size, seed)
    dtype = _float_dtype(dtype)
    rng = np.random.default_rng(seed)
    q = rng.standard_normal((size, size))
    w = CONTRACTION * q / np.linalg.norm(q, 2)
    x = rng.standard_normal((batch, size))
    return tf.constant(x, dtype=dtype), tf.constant(w, dtype=dtype)


SLOW_CONTRACTION = 0.99
"""The largest eigenvalue of W in :func:`slow_contraction_problem`: one direction shrinks by only 1 % a step."""


def slow_contraction_problem(batch: int = 32, size: int = 64, seed: int = 0, dtype=tf.float64):
    """Inputs ``x`` (batch, size) and a symmetric ``W`` on which plain iteration is slow and Anderson is not.

    W = U diag(λ) Uᵀ with a random orthogonal U, one eigenvalue λ = 0.99 and
    the others drawn uniformly from [−0.3, 0.3]; its spectral norm is 0.99,
    so z -> tanh(z Wᵀ + x) is still a contraction, but along one direction it
    shrinks errors by only about 1 % a step: plain iteration needs about a
    thousand steps to reach 1e-12. Everything else shrinks by 0.3 or better, a
    spectrum Anderson acceleration handles well: once it has cancelled the
    one slow direction, it converges about as fast as on the bulk.
    ``x`` is drawn with standard deviation 0.1, so that tanh stays mostly in
    its steep middle (a saturated tanh would shrink errors on its own).

    >>> x, W = slow_contraction_problem(batch=2, size=5)
    >>> round(float(tf.linalg.svd(W, compute_uv=False)[0]), 6), bool(tf.reduce_all(W == tf.transpose(W)))
    (0.99, True)
    """
    _check_sizes(batch, size, seed)
    dtype = _float_dtype(dtype)
    rng = np.random.default_rng(seed)
    u, _ = np.linalg.qr(rng.standard_normal((size, size)))
    eigenvalues = np.concatenate([[SLOW_CONTRACTION], rng.uniform(-0.3, 0.3, size - 1)])
    w = (u * eigenvalues) @ u.T
    w = (w + w.T) / 2                                   # exactly symmetric in floating point
    x = 0.1 * rng.standard_normal((batch, size))
    return tf.constant(x, dtype=dtype), tf.constant(w, dtype=dtype)


def _check_sizes(batch, size, seed) -> None:
    _whole("batch", batch, 1, 100_000)
    _whole("size", size, 1, MAX_SIZE)
    _whole("seed", seed, 0, 2 ** 32 - 1)
    if batch * size > MAX_ENTRIES:
        raise ValueError(f"batch × size = {batch * size:,} entries is too large for a 2 GB Binder session (the "
                         f"solvers keep several copies); keep it under {MAX_ENTRIES:,}")


def _float_dtype(dtype):
    try:
        dtype = tf.as_dtype(dtype)
    except TypeError:
        raise TypeError(f"dtype must be a TensorFlow float dtype such as tf.float64, got {dtype!r}") from None
    if dtype not in (tf.float32, tf.float64):
        raise TypeError(f"dtype must be tf.float32 or tf.float64 (the solvers' linear algebra has no kernels for "
                        f"others), got {dtype.name}")
    return dtype


MAX_SIZE = 1024
"""The largest fixed-point problem (size × size matrix) contraction_problem builds."""
MAX_ENTRIES = 1_000_000
"""The most entries (batch × size) of x in a fixed-point problem."""
MAX_TAPED = 100_000_000
"""The most iterate entries (iterations × batch × size) fixed_point_gradients lets an unrolled gradient keep on its
tape: 800 MB in float64, about what the benchmark's full run needs (3000 iterations of 256 × 128)."""


def _whole(name: str, value, low: int, high: int) -> None:
    """A clear error unless ``value`` is an integer from ``low`` to ``high``."""
    kind = "a positive integer" if low == 1 else f"an integer ≥ {low}"
    if isinstance(value, (bool, np.bool_)) or not isinstance(value, (int, np.integer)):
        raise TypeError(f"{name} must be {kind} (a whole number), got {value!r}")
    if not low <= value <= high:
        raise ValueError(f"{name} must be {kind}, at most {high:,}; got {value:,}")


def _flag(name: str, value) -> None:
    """A clear error unless ``value`` is True or False (a string such as "no" would count as true)."""
    if not isinstance(value, (bool, np.bool_)):
        raise TypeError(f"{name} must be True or False, got {value!r}")


MAX_ITERATIONS = 20_000
"""The most forward iterations the fixed-point functions run (the notebook needs about a thousand)."""


def _check_iterations(iterations):
    """``iterations`` as an int32 tensor, after checking it is a positive whole number."""
    if tf.is_tensor(iterations):
        if not iterations.dtype.is_integer or iterations.shape.rank != 0:
            raise TypeError(f"iterations must be one positive integer, got a {iterations.dtype.name} tensor of shape "
                            f"{tuple(iterations.shape)}")
        if tf.executing_eagerly() and int(iterations) < 1:
            raise ValueError(f"iterations must be a positive integer, got {int(iterations)}")
        return tf.cast(iterations, tf.int32)
    _whole("iterations", iterations, 1, MAX_ITERATIONS)
    return tf.constant(int(iterations))


def _check_problem(x, W):
    """``(x, W)`` as tensors, after checking x is (batch, size) and W (size, size), float, of one dtype."""
    x, W = (tf.constant(v) if isinstance(v, np.ndarray) else v for v in (x, W))
    if not (tf.is_tensor(x) and tf.is_tensor(W)):
        raise TypeError("x and W must be tensors or NumPy arrays, e.g. from contraction_problem()")
    if not (x.dtype in (tf.float32, tf.float64) and W.dtype in (tf.float32, tf.float64)):
        raise TypeError(f"x and W must be float32 or float64 tensors, got {x.dtype.name} and {W.dtype.name}")
    if x.dtype != W.dtype:
        raise TypeError(f"x and W must have the same dtype, got {x.dtype.name} and {W.dtype.name}")
    if x.shape.rank != 2:
        raise ValueError(f"x must be 2-D, (batch, size), got shape {tuple(x.shape)}")
    if 0 in tuple(x.shape):
        raise ValueError(f"x must have at least one row and one column, got shape {tuple(x.shape)}")
    if x.shape.num_elements() is not None and x.shape.num_elements() > MAX_ENTRIES:
        raise ValueError(f"x has {x.shape.num_elements():,} entries, too many for a 2 GB Binder session (the solvers "
                         f"keep several copies); keep batch × size under {MAX_ENTRIES:,}")
    if W.shape.rank != 2 or W.shape[0] != W.shape[1] or W.shape[1] != x.shape[1]:
        raise ValueError(f"W must be square with x's size: W of shape ({x.shape[1]}, {x.shape[1]}) for x of shape "
                         f"{tuple(x.shape)}, got W of shape {tuple(W.shape)}")
    return x, W


def _check_contraction(W) -> None:
    """Eagerly, a clear error unless W's spectral norm is below 1 (in a graph the solvers' own checks stay)."""
    if tf.executing_eagerly():
        norm = float(tf.linalg.svd(W, compute_uv=False)[0])
        if norm >= 1:
            raise ValueError(f"W has spectral norm {norm:.3g} ≥ 1, so z -> tanh(z Wᵀ + x) need not be a contraction: "
                             "the iteration may not converge, and the implicit gradient assumes a fixed point. Scale "
                             "W below 1 (contraction_problem gives 0.5).")


def _check_tolerance(name: str, tolerance, dtype) -> None:
    """A clear error unless ``tolerance`` is a positive number the dtype can resolve."""
    if isinstance(tolerance, bool) or not isinstance(tolerance, (int, float, np.floating)) or not tolerance > 0:
        raise ValueError(f"{name} must be a positive number such as 1e-12, got {tolerance!r}")
    floor = 100 * np.finfo(dtype.as_numpy_dtype).eps
    if tolerance < floor:
        raise ValueError(f"{name} {tolerance:g} is finer than {dtype.name} can resolve (about {floor:.0e} for values "
                         "near 1): use float64 inputs (contraction_problem's default) or a larger tolerance")


def fixed_point_residual(z, x, W) -> float:
    """How far ``z`` is from the fixed point: the largest entry of |z − tanh(z Wᵀ + x)|.

    >>> x, W = contraction_problem(batch=2, size=3)
    >>> fixed_point_residual(tf.zeros_like(x), x, W) == float(tf.reduce_max(tf.abs(tf.tanh(x))))
    True
    """
    x, W = _check_problem(x, W)
    if not tf.is_tensor(z) or tuple(z.shape) != tuple(x.shape):
        raise ValueError(f"z must be a tensor of x's shape {tuple(x.shape)}, got "
                         f"{tuple(z.shape) if tf.is_tensor(z) else type(z).__name__}")
    if z.dtype != x.dtype:
        raise TypeError(f"z must have x's dtype, {x.dtype.name}; got {z.dtype.name}")
    return float(tf.reduce_max(tf.abs(z - tf.tanh(tf.matmul(tf.cast(z, x.dtype), W, transpose_b=True) + x))))


def anderson_fixed_point(x, W, tolerance: float = 1e-12, max_steps: int = 100, memory: int = 5,
                         return_steps: bool = False):
    """The fixed point z = tanh(z Wᵀ + x) by Anderson acceleration, stopped once the residual is below ``tolerance``.

    Plain iteration takes the newest z' = f(z) and forgets the rest. Anderson
    keeps the last ``memory`` pairs (zᵢ, f(zᵢ)) of every row and takes the mix
    Σ αᵢ f(zᵢ) whose residuals Σ αᵢ (f(zᵢ) − zᵢ) cancel best (Σ αᵢ = 1): a small
    least-squares problem per row and step. It stops when
    max |z − f(z)| ≤ ``tolerance`` and raises if that takes more than
    ``max_steps`` steps. Nothing is recorded for gradients: it is a solver to
    hand to :func:`implicit_fixed_point`, whose backward pass needs only z.
    With ``return_steps=True`` it returns ``(z, steps)``.

    >>> x, W = contraction_problem(batch=4, size=8)
    >>> z, steps = anderson_fixed_point(x, W, return_steps=True)
    >>> fixed_point_residual(z, x, W) <= 1e-12, int(steps) < 30
    (True, True)
    """
    x, W = _check_problem(x, W)
    _check_contraction(W)
    _check_tolerance("tolerance", tolerance, x.dtype)
    _whole("max_steps", max_steps, 1, 1_000_000)
    _whole("memory", memory, 1, 50)
    _flag("return_steps", return_steps)
    z, steps, residual = _anderson_forward(tf.stop_gradient(x), tf.stop_gradient(W), tf.constant(tolerance, x.dtype),
                                           tf.constant(max_steps), memory)
    if tf.executing_eagerly():
        if not float(residual) <= tolerance:
            raise RuntimeError(f"Anderson acceleration did not reach the tolerance {tolerance:g} in {max_steps} steps "
                               f"(residual {float(residual):.2g}): raise max_steps or the tolerance, and check that W's "
                               "spectral norm is below 1")
    else:
        tf.debugging.assert_less_equal(residual, tf.cast(tolerance, residual.dtype),
                                       message="Anderson acceleration did not reach the tolerance in max_steps steps")
    return (z, steps) if return_steps else z


@tf.function(autograph=False)
def _anderson_forward(x, W, tolerance, max_steps, memory):
    """The forward fixed point by Anderson, as one graph: eagerly, a tf.while_loop would run op by op in Python."""
    return _anderson(lambda z: tf.tanh(tf.matmul(z, W, transpose_b=True) + x), tf.zeros_like(x), tolerance, max_steps,
                     memory)


def _anderson(f, z0, tolerance, max_steps, memory):
    """Anderson acceleration of z <- f(z) from z0, every row of the batch with its own weights.

    Returns (f(z), steps, residual max |f(z) − z| of the last z).
    """
    slots = tf.range(memory)
    tiny = np.finfo(z0.dtype.as_numpy_dtype).tiny
    rows = tf.shape(z0)[0]

    def step(k, z, fz, Z, G, residual):
        slot = [[k % memory]]                                            # the history slot this step overwrites
        Z = tf.tensor_scatter_nd_update(Z, slot, fz[None])               # Z: the last f(zᵢ), (memory, batch, size)
        G = tf.tensor_scatter_nd_update(G, slot, (fz - z)[None])         # G: their residuals f(zᵢ) − zᵢ
        used = tf.cast(slots <= k, z0.dtype)                             # slots filled so far
        gram = tf.einsum("ibn,jbn->bij", G, G) * (used[:, None] * used[None, :])     # one small Gram matrix per row
        scale = tf.maximum(tf.linalg.trace(gram) / tf.reduce_sum(used), tiny)
        # min ‖Σ αᵢ gᵢ‖ with Σ αᵢ = 1: α ∝ gram⁻¹ 1. Scaled to trace ≈ 1 with a small ridge, gram stays invertible;
        # an unused slot gets a 1 on the diagonal and a 0 on the right-hand side, so its α is 0.
        gram = gram / scale[:, None, None] + tf.linalg.diag(1e-10 * used + (1 - used))
        s = tf.linalg.solve(gram, tf.broadcast_to(used[:, None], [rows, memory, 1]))[..., 0]
        alpha = s / tf.reduce_sum(s, -1, keepdims=True)
        z = tf.einsum("bi,ibn->bn", alpha, Z)                            # each row's mix Σ αᵢ f(zᵢ)
        fz = f(z)
        return k + 1, z, fz, Z, G, tf.reduce_max(tf.abs(fz - z))

    fz0 = f(z0)
    if memory == 1:                                       # one weight, α = 1: plain iteration, without the bookkeeping
        def plain(k, fz, residual):
            z, fz = fz, f(fz)
            return k + 1, fz, tf.reduce_max(tf.abs(fz - z))

        steps, fz, residual = tf.while_loop(lambda k, fz, residual: tf.logical_and(k < max_steps, residual > tolerance),
                                            plain, (tf.constant(0), fz0, tf.reduce_max(tf.abs(fz0 - z0))))
        return fz, steps, residual
    history = tf.zeros(tf.concat([[memory], tf.shape(z0)], 0), z0.dtype)
    steps, z, fz, _, _, residual = tf.while_loop(
        lambda k, z, fz, Z, G, residual: tf.logical_and(k < max_steps, residual > tolerance), step,
        (tf.constant(0), z0, fz0, history, history, tf.reduce_max(tf.abs(fz0 - z0))))
    return fz, steps, residual


def _iterate(x, W, iterations):
    step = lambda z: tf.tanh(tf.matmul(z, W, transpose_b=True) + x)
    _, z = tf.while_loop(lambda i, z: i < iterations, lambda i, z: (i + 1, step(z)),
                         (tf.constant(0), tf.zeros_like(x)))
    return z


def unrolled_fixed_point(x, W, iterations):
    """``iterations`` steps of z <- tanh(z Wᵀ + x) from z = 0, differentiated step by step.

    The tape (or the graph's gradient) keeps every iterate for the backward
    pass: memory and backward time grow with ``iterations``.
    """
    x, W = _check_problem(x, W)
    return _iterate(x, W, _check_iterations(iterations))


def implicit_fixed_point(x, W, iterations=None, adjoint_tolerance: float | None = None, max_adjoint_steps: int = 1000,
                         solver=None, adjoint_memory: int = 1):
    """The fixed point z = tanh(z Wᵀ + x), with a gradient from the implicit function theorem.

    The forward pass is either ``iterations`` steps of z <- tanh(z Wᵀ + x)
    from z = 0, or, with ``solver=``, any function ``solver(x, W) -> z`` that
    finds the fixed point (such as :func:`anderson_fixed_point`). The
    backward pass is the same either way: at the fixed point z = tanh(a),
    a = z Wᵀ + x, write D = 1 - z² (tanh's slope). Differentiating the
    fixed-point equation gives the adjoint equation for z̄ (the upstream
    gradient g pulled back through every iteration at once)::

        z̄ = g + (z̄ ⊙ D) W        then   x̄ = z̄ ⊙ D,   W̄ = (z̄ ⊙ D)ᵀ z

    It is solved by iterating it from z̄ = g until a step changes z̄ by at most
    ``adjoint_tolerance`` (by default 1e-12 in float64, and in float32 the
    finest change it resolves, about 1e-5); the map is a contraction like the
    forward one. With
    ``adjoint_memory`` > 1 the same iteration is sped up by Anderson
    acceleration with that memory (as :func:`anderson_fixed_point` does for
    the forward pass): worth it when the map contracts slowly, as on
    :func:`slow_contraction_problem`. Nothing from the forward pass is kept
    for the backward pass but the final z, however z was found (a solver's own
    working memory, such as Anderson's stored iterates, is freed once it returns).

    >>> x, W = contraction_problem(batch=2, size=3)
    >>> z = implicit_fixed_point(x, W, solver=anderson_fixed_point)
    >>> fixed_point_residual(z, x, W) <= 1e-12
    True
    """
    x, W = _check_problem(x, W)
    _check_contraction(W)
    if (iterations is None) == (solver is None):
        raise TypeError("give implicit_fixed_point either iterations (that many steps of z <- tanh(z Wᵀ + x)) or "
                        "solver= (a function solver(x, W) -> z such as anderson_fixed_point), "
                        + ("not both" if solver is not None else "got neither: iterations must be a positive integer"))
    if solver is not None and not callable(solver):
        raise TypeError(f"solver must be a function solver(x, W) -> z such as anderson_fixed_point, got {solver!r}")
    if solver is None:
        iterations = _check_iterations(iterations)
        solve = lambda x, W: _iterate(x, W, iterations)
    else:
        solve = lambda x, W: _solved(solver, x, W)
    _whole("max_adjoint_steps", max_adjoint_steps, 1, 10_000_000)
    _whole("adjoint_memory", adjoint_memory, 1, 50)
    if adjoint_tolerance is None:
        adjoint_tolerance = max(1e-12, 100 * float(np.finfo(x.dtype.as_numpy_dtype).eps))
    else:
        _check_tolerance("adjoint_tolerance", adjoint_tolerance, x.dtype)

    @tf.custom_gradient
    def fixed_point(x, W):
        # Eagerly, a tape watching x or W would record every step of the solver (a custom gradient does not stop
        # it): solving on stop_gradient copies keeps the solver off every tape, so nothing but z is kept.
        z = solve(tf.stop_gradient(x), tf.stop_gradient(W))

        def grad(g):
            slope = 1 - z ** 2                                   # D, tanh's slope at the fixed point
            adjoint = lambda zbar: g + tf.matmul(zbar * slope, W)   # one step of z̄ <- g + (z̄ ⊙ D) W
            def step(i, zbar, change):
                new = adjoint(zbar)
                return i + 1, new, tf.reduce_max(tf.abs(new - zbar))

            if adjoint_memory == 1:                              # plain iteration from z̄ = g to adjoint_tolerance
                _, zbar, change = tf.while_loop(
                    lambda i, zbar, change: tf.logical_and(i < max_adjoint_steps, change > adjoint_tolerance),
                    step, (tf.constant(0), g, tf.constant(np.inf, dtype=g.dtype)))
            else:                                                # the same iteration, sped up by Anderson
                zbar, _, change = _anderson(adjoint, g, adjoint_tolerance, max_adjoint_steps, adjoint_memory)
            advice = ("the map contracts slowly here, or not at all. Pass adjoint_memory=5 (Anderson acceleration) "
                      "or a larger max_adjoint_steps; if W's spectral norm is not below 1, no number of steps will do.")
            if tf.executing_eagerly() and not float(change) <= adjoint_tolerance:
                raise RuntimeError(f"the adjoint equation did not converge in {max_adjoint_steps} steps (last change "
                                   f"{float(change):.2g}): {advice}")
            if not tf.executing_eagerly():                       # compiled: the same check, when the graph runs
                converged = tf.debugging.assert_less_equal(
                    change, tf.cast(adjoint_tolerance, change.dtype),
                    message=f"the adjoint equation did not converge in {max_adjoint_steps} steps: {advice}")
                with tf.control_dependencies([converged]):
                    zbar = tf.identity(zbar)
            abar = zbar * slope                                  # gradient at a = z Wᵀ + x
            return abar, tf.matmul(abar, z, transpose_a=True)    # x̄ = ā,  W̄ = āᵀ z

        return z, grad

    return fixed_point(x, W)


def _solved(solver, x, W):
    """``solver(x, W)``, after checking it returned a tensor of x's shape and dtype that is (eagerly) a fixed point."""
    z = solver(x, W)
    if not tf.is_tensor(z) or z.dtype != x.dtype or tuple(z.shape) != tuple(x.shape):
        got = f"a {z.dtype.name} tensor of shape {tuple(z.shape)}" if tf.is_tensor(z) else type(z).__name__
        raise TypeError(f"solver must return z, a {x.dtype.name} tensor of x's shape {tuple(x.shape)}; got {got}")
    if tf.executing_eagerly():
        residual = fixed_point_residual(z, x, W)
        if not residual <= max(1e-6, 1000 * np.finfo(x.dtype.as_numpy_dtype).eps):
            raise ValueError(f"solver returned a z with residual max|z − tanh(z Wᵀ + x)| = {residual:.2g}: not a "
                             "fixed point, and the implicit gradient is the gradient at the fixed point. Solve to a "
                             "tighter tolerance.")
    return z


def fixed_point_gradients(method, x, W, iterations=None):
    """Gradients of sum(sin(z)) with respect to ``x`` and ``W`` for one fixed-point ``method``.

    ``method(x, W, iterations)`` returns z; without ``iterations``, ``method(x, W)``.
    """
    if not callable(method):
        raise TypeError(f"method must be a function such as implicit_fixed_point, got {method!r}")
    x, W = _check_problem(x, W)
    if iterations is None and method is unrolled_fixed_point:
        raise TypeError("unrolled_fixed_point runs a given number of iterations: pass it as "
                        "fixed_point_gradients(unrolled_fixed_point, x, W, iterations)")
    if method is unrolled_fixed_point and tf.executing_eagerly() and iterations is not None:
        steps = int(_check_iterations(iterations))
        kept = steps * x.shape.num_elements()
        if kept > MAX_TAPED:
            raise ValueError(f"{steps:,} iterations of a {tuple(x.shape)} problem would "
                             f"keep {kept:,} numbers on the tape, more than this course's machines have memory for "
                             f"(the limit is {MAX_TAPED:,}): use fewer iterations, a smaller problem, or "
                             "implicit_fixed_point, which keeps none")
    with tf.GradientTape() as tape:
        tape.watch([x, W])
        z = method(x, W) if iterations is None else method(x, W, iterations)
        if not tf.is_tensor(z):
            raise TypeError(f"method must return one tensor z, got {type(z).__name__}")
        loss = tf.reduce_sum(tf.sin(z))
    grads = tape.gradient(loss, [x, W])
    if any(g is None for g in grads):
        raise ValueError("the gradient is None: method's result is not connected to x and W by TensorFlow "
                         "operations (NumPy inside, or a constant?)")
    return grads


def deep_mlp(depth: int = 32, width: int = 256, batch: int = 4096, seed: int = 0):
    """Weights of a ``depth``-layer tanh MLP and a batch of inputs (float32)."""
    _whole("depth", depth, 1, 1000)
    _whole("width", width, 1, 8192)
    _whole("batch", batch, 1, 1_000_000)
    _whole("seed", seed, 0, 2 ** 32 - 1)
    if width * (width * depth + batch) > 50_000_000 or depth * width * batch > 60_000_000:
        raise ValueError(f"depth {depth}, width {width} and batch {batch} need more memory than a Binder session has "
                         "(the weights, and one activation per layer for the gradient): keep width × (width × depth "
                         "+ batch) under 50 million and depth × width × batch under 60 million")
    rng = np.random.default_rng(seed)
    weights = [tf.Variable((rng.standard_normal((width, width)) / np.sqrt(width)).astype(np.float32),
                           name=f"W{i}") for i in range(depth)]
    x = tf.constant(rng.standard_normal((batch, width)).astype(np.float32))
    return weights, x


def deep_mlp_gradients(weights, x, recompute: bool, layers_per_block: int = 4):
    """Gradients of sum(h²) for the MLP h = tanh(... tanh(x W₀) ... W_L), by block.

    With ``recompute=True`` every block of ``layers_per_block`` layers is
    wrapped in ``tf.recompute_grad``: only block inputs are kept for the
    backward pass, and each block's activations are recomputed there.
    """
    _whole("layers_per_block", layers_per_block, 1, 100_000)
    _flag("recompute", recompute)
    if not isinstance(weights, (list, tuple)):
        raise TypeError(f"weights must be a list of tf.Variable (as deep_mlp returns), got {type(weights).__name__}")
    if not all(isinstance(w, tf.Variable) for w in weights):
        raise TypeError("weights must be tf.Variable objects (as deep_mlp returns): the tape watches variables, so "
                        "plain tensors would get no gradient")
    if isinstance(x, (list, np.ndarray)):
        x = tf.constant(np.asarray(x, dtype=np.float32))
    if not tf.is_tensor(x) or x.shape.rank != 2:
        raise TypeError(f"x must be a 2-D float tensor (batch, width), as deep_mlp returns, got {x!r:.60}")
    if weights and x.dtype != weights[0].dtype:
        raise TypeError(f"x is {x.dtype.name} but the weights are {weights[0].dtype.name}: give x the weights' "
                        "dtype (deep_mlp makes both float32), e.g. tf.cast(x, tf.float32)")
    odd = [i for i, w in enumerate(weights) if w.dtype != x.dtype]
    if odd:
        raise TypeError(f"weight {odd[0]} is {weights[odd[0]].dtype.name}, but x and the other weights are "
                        f"{x.dtype.name}: every weight must have one dtype (deep_mlp makes them float32)")
    width = x.shape[-1]
    for i, w in enumerate(weights):
        if tuple(w.shape) != (width, width):
            raise ValueError(f"weight {i} has shape {tuple(w.shape)}, but x has {width} features: every weight must "
                             f"have shape ({width}, {width})")

    def block(start):
        def run(h):
            for W in weights[start:start + layers_per_block]:
                h = tf.tanh(h @ W)
            return h
        return tf.recompute_grad(run) if recompute else run

    blocks = [block(start) for start in range(0, len(weights), layers_per_block)]
    with tf.GradientTape() as tape:
        h = x
        for run in blocks:
            h = run(h)
        loss = tf.reduce_sum(h ** 2)
    return tape.gradient(loss, weights)


def run_benchmark(quick: bool = True, timeout: float = 600) -> dict:
    """Run ``helpers/performance_benchmark.py`` and return its figures.

    Peak memory is read from TensorFlow's CPU allocator, which keeps
    statistics only when ``TF_CPU_ALLOCATOR_USE_BFC=true`` was set before
    TensorFlow started (notebook 08 sets it in its setup cell). If this
    process keeps them, the benchmark runs right here; otherwise in a fresh
    process, which costs a second TensorFlow start. ``quick=True`` uses the
    small settings notebook 08 runs; ``quick=False`` the full ones (a few
    minutes, over 1 GB at the peak), always in a separate process, so that
    their memory is returned when it ends and running out of it cannot take
    the notebook's kernel down.
    """
    if not BENCHMARK_SCRIPT.exists():
        raise FileNotFoundError(
            f"the benchmark script {BENCHMARK_SCRIPT.name} is missing from the helpers package: reinstall the "
            "course (`pip install -e .` in a clone of the repository)")
    if not isinstance(quick, (bool, np.bool_)):
        raise TypeError(f"quick must be True (the notebook's small settings) or False (the full ones), got {quick!r}")
    if isinstance(timeout, bool) or not isinstance(timeout, (int, float)) or not 0 < timeout < 1e6:
        raise ValueError(f"timeout must be a positive, finite number of seconds (below a million), got {timeout!r}")
    if quick and _keeps_memory_statistics():
        spec = importlib.util.spec_from_file_location("performance_benchmark", BENCHMARK_SCRIPT)
        script = importlib.util.module_from_spec(spec)
        spec.loader.exec_module(script)
        return json.loads(json.dumps(script.run(bool(quick))))       # the same plain figures as from the script
    args = [sys.executable, str(BENCHMARK_SCRIPT), "--json"] + (["--quick"] if quick else [])
    try:
        run = subprocess.run(args, capture_output=True, text=True, timeout=timeout)
    except subprocess.TimeoutExpired:
        raise RuntimeError(f"the benchmark did not finish within timeout={timeout:g} s: give it more time (the quick "
                           "settings take about a minute on two cores, the full ones several)") from None
    if run.returncode != 0:
        last = (run.stderr.strip().splitlines() or ["no error output"])[-1]
        raise RuntimeError(f"the benchmark script failed: {last}")
    return json.loads(run.stdout)


def _keeps_memory_statistics() -> bool:
    """Whether TensorFlow's CPU allocator in this process counts every allocation (TF_CPU_ALLOCATOR_USE_BFC was set).

    Without BFC, ``get_memory_info`` raises, or (with oneDNN on) answers but counts only large
    allocations: the environment variable is the reliable sign.
    """
    if os.environ.get("TF_CPU_ALLOCATOR_USE_BFC", "").lower() not in ("1", "true"):
        return False
    try:
        tf.config.experimental.get_memory_info("CPU:0")
    except ValueError:
        return False
    return True


def _ratio(a: float, b: float, digits: int = 1) -> str:
    return f"{a / b:.{digits}f}" if b else "—"


def format_results(results: dict) -> str:
    """The figures :func:`run_benchmark` returns, as two plain-text tables with the ratios."""
    if not isinstance(results, dict):
        raise TypeError(f"format_results takes the dict run_benchmark() returns, got {type(results).__name__}")
    missing = [k for k in ("settings", "recompute", "fixed_point") if k not in results]
    if missing:
        raise ValueError(f"these results lack {missing}: pass what run_benchmark() returns")
    if len(results["recompute"]) != 2:
        raise ValueError("results['recompute'] must hold two runs (without and with recompute_grad), as "
                         "run_benchmark() returns")
    try:
        return _format_results(results)
    except (KeyError, TypeError, IndexError) as e:
        raise ValueError(f"these results are incomplete or changed ({type(e).__name__}: {e}): pass the dict "
                         "run_benchmark() returns, unchanged") from None


def _format_results(results: dict) -> str:
    mlp, fp = results["settings"]["mlp"], results["settings"]["fixed_point"]
    plain, recompute = results["recompute"]
    lines = [f"(a) {mlp['depth']}-layer tanh MLP, width {mlp['width']}, batch {mlp['batch']}"]
    lines += [f"    {row['method']:<15} {row['seconds'] * 1e3:8.1f} ms  {row['peak_mib']:8.1f} MiB"
              for row in results["recompute"]]
    share = recompute["peak_mib"] / plain["peak_mib"] if plain["peak_mib"] else float("nan")
    lines.append(f"    recompute_grad: {_ratio(recompute['peak_mib'], plain['peak_mib'], 2)}× the memory "
                 f"({100 * (1 - share):.0f} % less), {_ratio(recompute['seconds'], plain['seconds'], 2)}× the time")
    lines.append(f"\n(b) fixed point z = tanh(z Wᵀ + x), batch {fp['batch']}, size {fp['size']}, float64, under "
                 "tf.function; K forward iterations from z = 0; the two ratios are unrolled ÷ implicit")
    lines.append(f"    {'K':>5}  {'residual':>8}  {'unrolled':>21}  {'implicit':>21}  {'time ratio':>10}  "
                 f"{'memory ratio':>12}  {'max |difference|':>16}")
    rows = results["fixed_point"]
    for unrolled, implicit in zip(rows[0::2], rows[1::2]):
        residual = f"{unrolled['residual']:8.1e}" if "residual" in unrolled else f"{'—':>8}"
        lines.append(
            f"    {unrolled['iterations']:>5}  {residual}  {unrolled['seconds'] * 1e3:8.1f} ms {unrolled['peak_mib']:7.2f} MiB"
            f"  {implicit['seconds'] * 1e3:8.1f} ms {implicit['peak_mib']:7.2f} MiB"
            f"  {_ratio(unrolled['seconds'], implicit['seconds']):>9}×"
            f"  {_ratio(unrolled['peak_mib'], implicit['peak_mib']):>11}×  {unrolled['max_difference']:16.1e}")
    fast = results.get("anderson")
    if fast:
        lines.append(f"\n(c) the implicit gradient with z from Anderson acceleration, stopped at residual ≤ {fast['tolerance']:g} "
                     f"({fast['steps']} steps; plain iteration needs {fast['plain_steps']}), the same adjoint")
        lines.append(f"    implicit + Anderson  {fast['seconds'] * 1e3:8.1f} ms {fast['peak_mib']:7.2f} MiB   residual "
                     f"{fast['residual']:.1e}")
        lines.append(f"    {'K':>5}  {'unrolled ÷ Anderson: time':>25}  {'memory':>6}  {'max |difference|':>16}")
        for unrolled in rows[0::2]:
            if "anderson_difference" in unrolled:
                lines.append(f"    {unrolled['iterations']:>5}  {_ratio(unrolled['seconds'], fast['seconds']):>24}×"
                             f"  {_ratio(unrolled['peak_mib'], fast['peak_mib']):>5}×  "
                             f"{unrolled['anderson_difference']:16.1e}")
    slow = results.get("slow")
    if slow:
        u, i = slow["unrolled"], slow["implicit"]
        lines.append(f"\n(d) a slowly contracting problem (slow_contraction_problem), batch {slow['batch']}, size "
                     f"{slow['size']}: both to residual ≤ {slow['tolerance']:g}")
        lines.append(f"    plain iteration needs {slow['plain_steps']} steps, Anderson {slow['anderson_steps']}")
        lines.append(f"    unrolled through {u['iterations']:>5} steps  {u['seconds'] * 1e3:8.1f} ms {u['peak_mib']:7.2f} MiB"
                     f"   residual {u['residual']:.1e}")
        lines.append(f"    implicit + Anderson (forward and adjoint)  {i['seconds'] * 1e3:8.1f} ms {i['peak_mib']:7.2f} MiB"
                     f"   residual {i['residual']:.1e}")
        lines.append(f"    unrolled ÷ implicit: {_ratio(u['seconds'], i['seconds'])}× the time, "
                     f"{_ratio(u['peak_mib'], i['peak_mib'])}× the memory; gradients differ by at most "
                     f"{slow['max_difference']:.1e} ({slow['relative_difference']:.1e} of the largest entry)")
        if "error" in u:
            lines.append(f"    largest distance from the exact gradient (Newton and a direct linear solve): unrolled "
                         f"{u['error']:.1e}, implicit {i['error']:.1e}")
    return "\n".join(lines)
