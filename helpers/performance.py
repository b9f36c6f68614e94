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
    _whole("batch", batch, 1, 100_000)
    _whole("size", size, 1, MAX_SIZE)
    _whole("seed", seed, 0, 2 ** 32 - 1)
    if batch * size > 10_000_000:
        raise ValueError(f"batch × size = {batch * size:,} entries is too large for this course's machines; keep it "
                         "under 10 million")
    try:
        dtype = tf.as_dtype(dtype)
    except TypeError:
        raise TypeError(f"dtype must be a TensorFlow float dtype such as tf.float64, got {dtype!r}") from None
    if not dtype.is_floating:
        raise TypeError(f"dtype must be a float dtype (tf.float32 or tf.float64), got {dtype.name}")
    rng = np.random.default_rng(seed)
    q = rng.standard_normal((size, size))
    w = CONTRACTION * q / np.linalg.norm(q, 2)
    x = rng.standard_normal((batch, size))
    return tf.constant(x, dtype=dtype), tf.constant(w, dtype=dtype)


MAX_SIZE = 4096
"""The largest fixed-point problem (size × size matrix) contraction_problem builds."""


def _whole(name: str, value, low: int, high: int) -> None:
    """A clear error unless ``value`` is an integer from ``low`` to ``high``."""
    kind = "a positive integer" if low == 1 else f"an integer ≥ {low}"
    if isinstance(value, (bool, np.bool_)) or not isinstance(value, (int, np.integer)):
        raise TypeError(f"{name} must be {kind} (a whole number), got {value!r}")
    if not low <= value <= high:
        raise ValueError(f"{name} must be {kind}, at most {high:,}; got {value:,}")


def _check_iterations(iterations):
    """``iterations`` as an int32 tensor, after checking it is a positive whole number."""
    if tf.is_tensor(iterations):
        if not iterations.dtype.is_integer or iterations.shape.rank != 0:
            raise TypeError(f"iterations must be one positive integer, got a {iterations.dtype.name} tensor of shape "
                            f"{tuple(iterations.shape)}")
        if tf.executing_eagerly() and int(iterations) < 1:
            raise ValueError(f"iterations must be a positive integer, got {int(iterations)}")
        return tf.cast(iterations, tf.int32)
    _whole("iterations", iterations, 1, 10_000_000)
    return tf.constant(int(iterations))


def _check_problem(x, W):
    """``(x, W)`` as tensors, after checking x is (batch, size) and W (size, size), float, of one dtype."""
    x, W = (tf.constant(v) if isinstance(v, np.ndarray) else v for v in (x, W))
    if not (tf.is_tensor(x) and tf.is_tensor(W)):
        raise TypeError("x and W must be tensors or NumPy arrays, e.g. from contraction_problem()")
    if not (x.dtype.is_floating and W.dtype.is_floating):
        raise TypeError(f"x and W must be float tensors, got {x.dtype.name} and {W.dtype.name}")
    if x.dtype != W.dtype:
        raise TypeError(f"x and W must have the same dtype, got {x.dtype.name} and {W.dtype.name}")
    if x.shape.rank != 2:
        raise ValueError(f"x must be 2-D, (batch, size), got shape {tuple(x.shape)}")
    if W.shape.rank != 2 or W.shape[0] != W.shape[1] or W.shape[1] != x.shape[1]:
        raise ValueError(f"W must be square with x's size: W of shape ({x.shape[1]}, {x.shape[1]}) for x of shape "
                         f"{tuple(x.shape)}, got W of shape {tuple(W.shape)}")
    return x, W


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
    x, W = _check_problem(x, W)
    if tf.executing_eagerly():
        norm = float(tf.linalg.svd(W, compute_uv=False)[0])
        if norm >= 1:
            raise ValueError(f"W has spectral norm {norm:.3g} ≥ 1, so z -> tanh(z Wᵀ + x) need not be a contraction: "
                             "the iteration may not converge, and the implicit gradient assumes a fixed point. Scale "
                             "W below 1 (contraction_problem gives 0.5).")
    iterations = _check_iterations(iterations)
    _whole("max_adjoint_steps", max_adjoint_steps, 1, 10_000_000)
    if isinstance(adjoint_tolerance, bool) or not isinstance(adjoint_tolerance, (int, float, np.floating)) or \
            not adjoint_tolerance > 0:
        raise ValueError(f"adjoint_tolerance must be a positive number such as 1e-12, got {adjoint_tolerance!r}")

    @tf.custom_gradient
    def fixed_point(x, W):
        # Eagerly, a tape watching x or W would record every iteration of the loop (a custom gradient does not stop
        # it): iterating on stop_gradient copies keeps the loop off every tape, so nothing but z is kept.
        z = _iterate(tf.stop_gradient(x), tf.stop_gradient(W), iterations)

        def grad(g):
            slope = 1 - z ** 2                                   # D, tanh's slope at the fixed point

            def step(i, zbar, change):                           # one step of z̄ <- g + (z̄ ⊙ D) W
                new = g + tf.matmul(zbar * slope, W)
                return i + 1, new, tf.reduce_max(tf.abs(new - zbar))

            _, zbar, change = tf.while_loop(
                lambda i, zbar, change: tf.logical_and(i < max_adjoint_steps, change > adjoint_tolerance),
                step, (tf.constant(0), g, tf.constant(np.inf, dtype=g.dtype)))
            if tf.executing_eagerly() and not float(change) <= adjoint_tolerance:
                raise RuntimeError(f"the adjoint equation did not converge in {max_adjoint_steps} steps (last change "
                                   f"{float(change):.2g}): the fixed-point map is not a contraction here. Is W's "
                                   "spectral norm below 1?")
            abar = zbar * slope                                  # gradient at a = z Wᵀ + x
            return abar, tf.matmul(abar, z, transpose_a=True)    # x̄ = ā,  W̄ = āᵀ z

        return z, grad

    return fixed_point(x, W)


def fixed_point_gradients(method, x, W, iterations):
    """Gradients of sum(sin(z)) with respect to ``x`` and ``W`` for one fixed-point ``method``."""
    if not callable(method):
        raise TypeError(f"method must be a function such as implicit_fixed_point, got {method!r}")
    x, W = _check_problem(x, W)
    with tf.GradientTape() as tape:
        tape.watch([x, W])
        z = method(x, W, iterations)
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
    if width * (width * depth + batch) > 50_000_000:
        raise ValueError(f"depth {depth}, width {width} and batch {batch} need more memory than a Binder session has; "
                         "keep width × (width × depth + batch) under 50 million")
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
    if not isinstance(weights, (list, tuple)):
        raise TypeError(f"weights must be a list of tf.Variable (as deep_mlp returns), got {type(weights).__name__}")
    if not all(isinstance(w, tf.Variable) for w in weights):
        raise TypeError("weights must be tf.Variable objects (as deep_mlp returns): the tape watches variables, so "
                        "plain tensors would get no gradient")
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
    mlp, fp = results["settings"]["mlp"], results["settings"]["fixed_point"]
    plain, recompute = results["recompute"]
    lines = [f"(a) {mlp['depth']}-layer tanh MLP, width {mlp['width']}, batch {mlp['batch']}"]
    lines += [f"    {row['method']:<15} {row['seconds'] * 1e3:8.1f} ms  {row['peak_mib']:8.1f} MiB"
              for row in results["recompute"]]
    lines.append(f"    recompute_grad: {_ratio(plain['peak_mib'], recompute['peak_mib'])}× less memory, "
                 f"{_ratio(recompute['seconds'], plain['seconds'], 2)}× the time")
    lines.append(f"\n(b) fixed point z = tanh(z Wᵀ + x), batch {fp['batch']}, size {fp['size']}, float64, under "
                 "tf.function; the two ratios are unrolled ÷ implicit")
    lines.append(f"    {'iterations':>10}  {'unrolled':>21}  {'implicit':>21}  {'time ratio':>10}  {'memory ratio':>12}  "
                 f"{'max |difference|':>16}")
    rows = results["fixed_point"]
    for unrolled, implicit in zip(rows[0::2], rows[1::2]):
        lines.append(
            f"    {unrolled['iterations']:>10}  {unrolled['seconds'] * 1e3:8.1f} ms {unrolled['peak_mib']:7.2f} MiB"
            f"  {implicit['seconds'] * 1e3:8.1f} ms {implicit['peak_mib']:7.2f} MiB"
            f"  {_ratio(unrolled['seconds'], implicit['seconds']):>9}×"
            f"  {_ratio(unrolled['peak_mib'], implicit['peak_mib']):>11}×  {unrolled['max_difference']:16.1e}")
    return "\n".join(lines)
