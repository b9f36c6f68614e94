"""Measure what two custom gradients buy: recomputation and implicit differentiation.

    make benchmark     (or: .venv/bin/python benchmarks/performance_benchmark.py [--quick] [--json])

It lives in the helpers package, so that notebook 08's ``run_benchmark``
finds it wherever the helpers are installed (a clone, Binder, a ``pip
install`` from the repository); ``benchmarks/performance_benchmark.py`` runs
it from a clone.

(a) A deep tanh MLP, gradient of every weight, with and without
    ``tf.recompute_grad`` on blocks of layers: time and peak memory.
(b) The fixed point z = tanh(z Wᵀ + x), gradient with respect to x and W,
    backpropagated through K iterations (unrolled) or from the adjoint
    equation after the same K iterations (implicit), for a growing K: time,
    peak memory, how far apart the two gradients are, and how far each z is
    from the fixed point.
(c) The implicit gradient with the fixed point found by Anderson acceleration
    to a tolerance instead (the backward pass is the same), against the
    unrolled gradient of (b): time, memory, residuals, gradient difference.
(d) A slowly contracting problem (``slow_contraction_problem``), where plain
    iteration needs about a thousand steps and Anderson a few tens: the
    unrolled gradient through as many plain steps as reach the tolerance,
    against the implicit gradient with Anderson in the forward pass and in
    the adjoint solve, both to the same residual: steps, time, memory,
    residuals, gradient difference, and each gradient's distance from the
    exact one (Newton's method and a direct linear solve, in NumPy).

Peak memory is what TensorFlow's CPU allocator reports for one gradient
computation (tensors only, not the Python process), which needs
``TF_CPU_ALLOCATOR_USE_BFC=true`` before TensorFlow starts; this script sets
it. Times are the fastest of a few runs after one warm-up run (other work on
the machine only ever slows a run down). Notebook 08 runs the ``--quick``
settings in its own kernel; the full settings take a few minutes and over
1 GB. Timings vary from run to run on a shared machine: read the ratios.
"""

from __future__ import annotations

import argparse
import json
import os
import sys
import time
from pathlib import Path

if __name__ == "__main__":          # run as a script: a fresh process, so these come before TensorFlow starts
    os.environ["TF_CPU_ALLOCATOR_USE_BFC"] = "true"     # allocator statistics on CPU
    os.environ.setdefault("TF_CPP_MIN_LOG_LEVEL", "3")
    os.environ.setdefault("TF_ENABLE_ONEDNN_OPTS", "0")
    sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

import numpy as np  # noqa: E402
import tensorflow as tf  # noqa: E402

from helpers.performance import (  # noqa: E402
    anderson_fixed_point, contraction_problem, deep_mlp, deep_mlp_gradients, fixed_point_gradients,
    fixed_point_residual, format_results, implicit_fixed_point, slow_contraction_problem, unrolled_fixed_point)

DEVICE = "CPU:0"
SETTINGS = {
    "quick": {"mlp": {"depth": 16, "width": 128, "batch": 512}, "layers_per_block": 4,
              "fixed_point": {"batch": 128, "size": 64}, "iterations": [10, 30, 100], "repeats": 3,
              "tolerance": 1e-12, "slow": {"batch": 32, "size": 64}, "slow_repeats": 1},
    "full": {"mlp": {"depth": 48, "width": 256, "batch": 4096}, "layers_per_block": 6,
             "fixed_point": {"batch": 256, "size": 128}, "iterations": [10, 30, 100, 300, 1000, 3000],
             "repeats": 5, "tolerance": 1e-12, "slow": {"batch": 256, "size": 128}, "slow_repeats": 5},
}


def measure(fn, repeats: int, keep: list | None = None) -> dict:
    """Fastest seconds and peak tensor memory (MiB) of ``fn()``, after one warm-up call (its result goes to ``keep``)."""
    warm_up = fn()
    if keep is not None:
        keep.append(warm_up)
    seconds, peaks = [], []
    for _ in range(repeats):
        tf.config.experimental.reset_memory_stats(DEVICE)
        before = tf.config.experimental.get_memory_info(DEVICE)["current"]
        start = time.perf_counter()
        out = fn()
        for t in tf.nest.flatten(out):
            t.numpy()
        seconds.append(time.perf_counter() - start)
        peaks.append(tf.config.experimental.get_memory_info(DEVICE)["peak"] - before)
    return {"seconds": min(seconds), "peak_mib": max(peaks) / 2 ** 20}


def recompute_figures(settings: dict) -> list[dict]:
    weights, x = deep_mlp(**settings["mlp"])
    rows = []
    for recompute in (False, True):
        figures = measure(lambda: deep_mlp_gradients(weights, x, recompute, settings["layers_per_block"]),
                          settings["repeats"])
        rows.append({"method": "recompute_grad" if recompute else "plain", **figures})
    return rows


def _largest_difference(a, b) -> float:
    return max(float(tf.reduce_max(tf.abs(u - v))) for u, v in zip(a, b))


def fixed_point_figures(settings: dict) -> tuple[list[dict], dict]:
    """Rows of (b), one unrolled and one implicit per iteration count, and the figures of (c)."""
    x, W = contraction_problem(**settings["fixed_point"])
    tolerance = settings["tolerance"]
    anderson = lambda x, W: anderson_fixed_point(x, W, tolerance)                  # noqa: E731
    solved = tf.function(autograph=False, func=lambda: fixed_point_gradients(
        lambda x, W: implicit_fixed_point(x, W, solver=anderson), x, W))
    reference = []                                         # gradients with the fixed point from Anderson
    fast = measure(solved, settings["repeats"], keep=reference)
    z, steps = anderson_fixed_point(x, W, tolerance, return_steps=True)
    _, plain_steps = anderson_fixed_point(x, W, tolerance, memory=1, return_steps=True)   # memory 1: plain iteration
    fast = {"method": "implicit + Anderson", "tolerance": tolerance, "steps": int(steps),
            "plain_steps": int(plain_steps), "residual": fixed_point_residual(z, x, W), **fast}
    residuals = {k: fixed_point_residual(unrolled_fixed_point(x, W, k), x, W) for k in settings["iterations"]}
    grads = {}
    rows = []
    for name, method in (("unrolled", unrolled_fixed_point), ("implicit", implicit_fixed_point)):
        # One traced function per method: the iteration count is a tensor argument, so it is traced once.
        gradients = tf.function(lambda k, method=method: fixed_point_gradients(method, x, W, k), autograph=False)
        for iterations in settings["iterations"]:
            k, kept = tf.constant(iterations), []
            rows.append({"method": name, "iterations": iterations, "residual": residuals[iterations],
                         **measure(lambda: gradients(k), settings["repeats"], keep=kept)})
            grads[name, iterations] = kept[0]
            rows[-1]["anderson_difference"] = _largest_difference(kept[0], reference[0])
    by_method = {name: [r for r in rows if r["method"] == name] for name in ("unrolled", "implicit")}
    ordered = []
    for u, i in zip(by_method["unrolled"], by_method["implicit"]):
        difference = _largest_difference(grads["unrolled", u["iterations"]], grads["implicit", i["iterations"]])
        ordered += [{**u, "max_difference": difference}, {**i, "max_difference": difference}]
    return ordered, fast


def exact_gradients(x, W, loss_gradient=np.cos) -> tuple[np.ndarray, np.ndarray]:
    """The gradients of sum(sin(z)) at the fixed point, by direct linear algebra, row by row (NumPy, float64).

    Newton's method polishes the fixed point to rounding error; then the adjoint
    equation (I - Wᵀ D) z̄ = g is solved directly rather than iterated. Neither
    the unrolled nor the implicit gradient is involved, so it tells how far
    each of them is from the exact gradient.
    """
    x, W = np.asarray(x, dtype=np.float64), np.asarray(W, dtype=np.float64)
    z = np.asarray(anderson_fixed_point(tf.constant(x), tf.constant(W), 1e-12, max_steps=1000), dtype=np.float64)
    eye = np.eye(W.shape[0])
    dx, dW = np.zeros_like(x), np.zeros_like(W)
    for row in range(x.shape[0]):
        zr = z[row]
        for _ in range(3):                                  # Newton on z - tanh(W z + x) = 0
            t = np.tanh(W @ zr + x[row])
            zr = zr - np.linalg.solve(eye - (1 - t ** 2)[:, None] * W, zr - t)
        slope = 1 - zr ** 2
        zbar = np.linalg.solve((eye - slope[:, None] * W).T, loss_gradient(zr))
        dx[row] = zbar * slope
        dW += np.outer(zbar * slope, zr)
    return dx, dW


def slow_figures(settings: dict) -> dict:
    """The figures of (d): unrolled and implicit + Anderson, both to the tolerance, on the slow problem."""
    x, W = slow_contraction_problem(**settings["slow"])
    tolerance, repeats = settings["tolerance"], settings["slow_repeats"]
    z, steps = anderson_fixed_point(x, W, tolerance, return_steps=True)
    # Memory 1 is plain iteration: after `plain_steps` steps it returns f(z), the iterate unrolled_fixed_point
    # reaches in plain_steps + 1 steps (the same numbers to rounding), so its residual is the unrolled one's.
    plain_z, plain_steps = anderson_fixed_point(x, W, tolerance, max_steps=100_000, memory=1, return_steps=True)
    iterations = int(plain_steps) + 1
    anderson = lambda x, W: anderson_fixed_point(x, W, tolerance)                  # noqa: E731
    implicit = tf.function(autograph=False, func=lambda: fixed_point_gradients(
        lambda x, W: implicit_fixed_point(x, W, solver=anderson, adjoint_memory=5, max_adjoint_steps=100_000), x, W))
    unrolled = tf.function(autograph=False, func=lambda: fixed_point_gradients(unrolled_fixed_point, x, W, iterations))
    kept_implicit, kept_unrolled = [], []
    fast = measure(implicit, repeats, keep=kept_implicit)
    slow = measure(unrolled, repeats, keep=kept_unrolled)
    difference = _largest_difference(kept_unrolled[0], kept_implicit[0])
    largest = max(float(tf.reduce_max(tf.abs(g))) for g in kept_unrolled[0])
    exact = exact_gradients(x, W)
    error = lambda grads: max(float(np.max(np.abs(g.numpy() - e))) for g, e in zip(grads, exact))  # noqa: E731
    return {**settings["slow"], "tolerance": tolerance, "anderson_steps": int(steps), "plain_steps": int(plain_steps),
            "unrolled": {"iterations": iterations, "residual": fixed_point_residual(plain_z, x, W),
                         "error": error(kept_unrolled[0]), **slow},
            "implicit": {"residual": fixed_point_residual(z, x, W), "error": error(kept_implicit[0]), **fast},
            "max_difference": difference, "relative_difference": difference / largest}


def run(quick: bool) -> dict:
    try:
        tf.config.experimental.get_memory_info(DEVICE)
    except ValueError:
        raise SystemExit("TensorFlow keeps no CPU memory statistics: start this script in a fresh process "
                         "(TF_CPU_ALLOCATOR_USE_BFC=true must be set before TensorFlow is imported)") from None
    settings = SETTINGS["quick" if quick else "full"]
    fixed_point, anderson = fixed_point_figures(settings)
    return {"settings": settings, "tensorflow": tf.__version__,
            "recompute": recompute_figures(settings), "fixed_point": fixed_point, "anderson": anderson,
            "slow": slow_figures(settings)}


def main(argv=None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--quick", action="store_true", help="the small settings notebook 08 uses")
    parser.add_argument("--json", action="store_true", help="print the figures as JSON instead of tables")
    args = parser.parse_args(argv)
    results = run(args.quick)
    if args.json:
        print(json.dumps(results))
    else:
        print(format_results(results))


if __name__ == "__main__":
    main()
