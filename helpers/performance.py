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

The measurements themselves live in ``benchmarks/performance_benchmark.py``;
:func:`run_benchmark` runs that script and returns its figures.

>>> import tensorflow as tf
>>> x, W = contraction_problem(batch=2, size=3, seed=0)
>>> z = implicit_fixed_point(x, W, 50)
>>> residual = z - tf.tanh(tf.matmul(z, W, transpose_b=True) + x)
>>> float(tf.reduce_max(tf.abs(residual))) < 1e-12
True
"""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import numpy as np
import tensorflow as tf

__all__ = [
    "contraction_problem",
    "unrolled_fixed_point",
    "implicit_fixed_point",
    "fixed_point_gradients",
    "deep_mlp",
    "deep_mlp_gradients",
    "run_benchmark",
    "format_results",
    "BENCHMARK_SCRIPT",
]

BENCHMARK_SCRIPT = Path(__file__).resolve().parents[1] / "benchmarks" / "performance_benchmark.py"
"""The benchmark notebook 08 calls; run it directly for the full-size figures."""

CONTRACTION = 0.5
"""Spectral norm of W in :func:`contraction_problem`: the map z -> tanh(z Wᵀ + x) halves distances."""


def contraction_problem(batch: int = 32, size: int = 64, seed: int = 0, dtype=tf.float64):
    """Inputs ``x`` (batch, size) and a matrix ``W`` (size, size) with spectral norm 0.5.

    Because ``tanh`` has slope at most 1, the map z -> tanh(z Wᵀ + x) is then
    a contraction: iterating it converges to one fixed point, halving the
    error (at least) every step.
    """
    rng = np.random.default_rng(seed)
    q = rng.standard_normal((size, size))
    w = CONTRACTION * q / np.linalg.norm(q, 2)
    x = rng.standard_normal((batch, size))
    return tf.constant(x, dtype=dtype), tf.constant(w, dtype=dtype)


def _check_iterations(iterations) -> None:
    if not tf.is_tensor(iterations) and (not isinstance(iterations, (int, np.integer)) or iterations < 1):
        raise ValueError(f"iterations must be a positive integer, got {iterations!r}")


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
    _check_iterations(iterations)
    return _iterate(x, W, tf.convert_to_tensor(iterations))


def implicit_fixed_point(x, W, iterations, adjoint_tolerance: float = 1e-12, max_adjoint_steps: int = 1000):
    """The same iteration, with a gradient from the implicit function theorem.

    At the fixed point z = tanh(a), a = z Wᵀ + x, write D = 1 - z² (tanh's
    slope). Differentiating the fixed-point equation gives the adjoint
    equation for z̄ (the upstream gradient g pulled back through every
    iteration at once)::

        z̄ = g + (z̄ ⊙ D) W        then   x̄ = z̄ ⊙ D,   W̄ = (z̄ ⊙ D)ᵀ z

    It is solved by iterating it to ``adjoint_tolerance``; the map is a
    contraction like the forward one. Nothing from the forward iterations
    is kept but the final z, so memory does not grow with ``iterations``.
    """
    _check_iterations(iterations)
    iterations = tf.convert_to_tensor(iterations)

    @tf.custom_gradient
    def fixed_point(x, W):
        z = _iterate(x, W, iterations)

        def grad(g):
            slope = 1 - z ** 2                                   # D, tanh's slope at the fixed point

            def step(i, zbar, change):                           # one step of z̄ <- g + (z̄ ⊙ D) W
                new = g + tf.matmul(zbar * slope, W)
                return i + 1, new, tf.reduce_max(tf.abs(new - zbar))

            _, zbar, _ = tf.while_loop(
                lambda i, zbar, change: tf.logical_and(i < max_adjoint_steps, change > adjoint_tolerance),
                step, (tf.constant(0), g, tf.constant(np.inf, dtype=g.dtype)))
            abar = zbar * slope                                  # gradient at a = z Wᵀ + x
            return abar, tf.matmul(abar, z, transpose_a=True)    # x̄ = ā,  W̄ = āᵀ z

        return z, grad

    return fixed_point(x, W)


def fixed_point_gradients(method, x, W, iterations):
    """Gradients of sum(sin(z)) with respect to ``x`` and ``W`` for one fixed-point ``method``."""
    with tf.GradientTape() as tape:
        tape.watch([x, W])
        loss = tf.reduce_sum(tf.sin(method(x, W, iterations)))
    return tape.gradient(loss, [x, W])


def deep_mlp(depth: int = 32, width: int = 256, batch: int = 4096, seed: int = 0):
    """Weights of a ``depth``-layer tanh MLP and a batch of inputs (float32)."""
    if depth < 1 or width < 1 or batch < 1:
        raise ValueError(f"depth, width and batch must be positive, got {depth}, {width}, {batch}")
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
    if layers_per_block < 1:
        raise ValueError(f"layers_per_block must be at least 1, got {layers_per_block}")

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
    """Run ``benchmarks/performance_benchmark.py`` in a fresh process and return its figures.

    A fresh process is needed because peak memory is read from TensorFlow's
    CPU allocator, which keeps statistics only when
    ``TF_CPU_ALLOCATOR_USE_BFC=true`` is set before TensorFlow starts.
    ``quick=True`` uses the small settings notebook 08 runs; ``quick=False``
    the full ones (about a minute).
    """
    if not BENCHMARK_SCRIPT.exists():
        raise FileNotFoundError(
            f"the benchmark script {BENCHMARK_SCRIPT.name} is not next to the helpers package: install the "
            "course with `pip install -e .` from the repository so benchmarks/ is found")
    args = [sys.executable, str(BENCHMARK_SCRIPT), "--json"] + (["--quick"] if quick else [])
    run = subprocess.run(args, capture_output=True, text=True, timeout=timeout)
    if run.returncode != 0:
        last = (run.stderr.strip().splitlines() or ["no error output"])[-1]
        raise RuntimeError(f"the benchmark script failed: {last}")
    return json.loads(run.stdout)


def format_results(results: dict) -> str:
    """The figures :func:`run_benchmark` returns, as two plain-text tables with the ratios."""
    mlp, fp = results["settings"]["mlp"], results["settings"]["fixed_point"]
    plain, recompute = results["recompute"]
    lines = [f"(a) {mlp['depth']}-layer tanh MLP, width {mlp['width']}, batch {mlp['batch']}"]
    lines += [f"    {row['method']:<15} {row['seconds'] * 1e3:8.1f} ms  {row['peak_mib']:8.1f} MiB"
              for row in results["recompute"]]
    lines.append(f"    recompute_grad: {plain['peak_mib'] / recompute['peak_mib']:.1f}× less memory, "
                 f"{recompute['seconds'] / plain['seconds']:.2f}× the time")
    lines.append(f"\n(b) fixed point z = tanh(z Wᵀ + x), batch {fp['batch']}, size {fp['size']}, float64")
    lines.append(f"    {'iterations':>10}  {'unrolled':>21}  {'implicit':>21}  {'speed-up':>8}  {'memory':>7}  "
                 f"{'max |difference|':>16}")
    rows = results["fixed_point"]
    for unrolled, implicit in zip(rows[0::2], rows[1::2]):
        lines.append(
            f"    {unrolled['iterations']:>10}  {unrolled['seconds'] * 1e3:8.1f} ms {unrolled['peak_mib']:7.2f} MiB"
            f"  {implicit['seconds'] * 1e3:8.1f} ms {implicit['peak_mib']:7.2f} MiB"
            f"  {unrolled['seconds'] / implicit['seconds']:7.1f}×"
            f"  {unrolled['peak_mib'] / implicit['peak_mib']:6.1f}×  {unrolled['max_difference']:16.1e}")
    return "\n".join(lines)
