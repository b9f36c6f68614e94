"""Measure what two custom gradients buy: recomputation and implicit differentiation.

    make benchmark     (or: .venv/bin/python benchmarks/performance_benchmark.py [--quick] [--json])

(a) A deep tanh MLP, gradient of every weight, with and without
    ``tf.recompute_grad`` on blocks of layers: time and peak memory.
(b) The fixed point z = tanh(z Wᵀ + x), gradient with respect to x and W,
    backpropagated through every iteration (unrolled) or from the adjoint
    equation (implicit), for a growing number of iterations: time, peak
    memory, and how far apart the two gradients are.

Peak memory is what TensorFlow's CPU allocator reports for one gradient
computation (tensors only, not the Python process), which needs
``TF_CPU_ALLOCATOR_USE_BFC=true`` before TensorFlow starts; this script sets
it. Times are medians of a few runs after one warm-up run. Notebook 08
calls this script with ``--quick --json``; the full settings take about a
minute. Timings vary from run to run on a shared machine: read the ratios.
"""

from __future__ import annotations

import argparse
import json
import os
import statistics
import sys
import time
from pathlib import Path

os.environ["TF_CPU_ALLOCATOR_USE_BFC"] = "true"   # before TensorFlow starts: allocator statistics on CPU
os.environ.setdefault("TF_CPP_MIN_LOG_LEVEL", "3")
os.environ.setdefault("TF_ENABLE_ONEDNN_OPTS", "0")
sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

import tensorflow as tf  # noqa: E402

from helpers.performance import (  # noqa: E402
    contraction_problem, deep_mlp, deep_mlp_gradients, fixed_point_gradients, format_results,
    implicit_fixed_point, unrolled_fixed_point)

DEVICE = "CPU:0"
SETTINGS = {
    "quick": {"mlp": {"depth": 24, "width": 256, "batch": 2048}, "layers_per_block": 4,
              "fixed_point": {"batch": 128, "size": 64}, "iterations": [10, 30, 100, 300], "repeats": 5},
    "full": {"mlp": {"depth": 48, "width": 256, "batch": 4096}, "layers_per_block": 6,
             "fixed_point": {"batch": 256, "size": 128}, "iterations": [10, 30, 100, 300, 1000, 3000],
             "repeats": 5},
}


def measure(fn, repeats: int) -> dict:
    """Median seconds and peak tensor memory (MiB) of ``fn()``, after one warm-up call."""
    fn()
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
    return {"seconds": statistics.median(seconds), "peak_mib": max(peaks) / 2 ** 20}


def recompute_figures(settings: dict) -> list[dict]:
    weights, x = deep_mlp(**settings["mlp"])
    rows = []
    for recompute in (False, True):
        figures = measure(lambda: deep_mlp_gradients(weights, x, recompute, settings["layers_per_block"]),
                          settings["repeats"])
        rows.append({"method": "recompute_grad" if recompute else "plain", **figures})
    return rows


def fixed_point_figures(settings: dict) -> list[dict]:
    x, W = contraction_problem(**settings["fixed_point"])
    rows = []
    for iterations in settings["iterations"]:
        grads = {}
        for name, method in (("unrolled", unrolled_fixed_point), ("implicit", implicit_fixed_point)):
            fn = tf.function(lambda method=method: fixed_point_gradients(method, x, W, iterations))
            grads[name] = fn()
            rows.append({"method": name, "iterations": iterations, **measure(fn, settings["repeats"])})
        difference = max(float(tf.reduce_max(tf.abs(a - b))) for a, b in zip(grads["unrolled"], grads["implicit"]))
        for row in rows[-2:]:
            row["max_difference"] = difference
    return rows


def run(quick: bool) -> dict:
    try:
        tf.config.experimental.get_memory_info(DEVICE)
    except ValueError:
        raise SystemExit("TensorFlow keeps no CPU memory statistics: start this script in a fresh process "
                         "(TF_CPU_ALLOCATOR_USE_BFC=true must be set before TensorFlow is imported)") from None
    settings = SETTINGS["quick" if quick else "full"]
    return {"settings": settings, "tensorflow": tf.__version__,
            "recompute": recompute_figures(settings), "fixed_point": fixed_point_figures(settings)}


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
