"""Time helpers.check_gradients(mode="fast") against tf.test.compute_gradient.

    make benchmark        (or: .venv/bin/python benchmarks/check_gradients_benchmark.py)

For each function and input size n it measures, in one run:
- one plain forward and backward pass of the function (the unit of cost);
- one forward pass in float64: fast mode evaluates the function twice in float64 (the finite
  differences of a float32 function are taken in float64, so rounding raises no false alarm), so
  where float64 is much slower than float32 (softplus) that alone is a large part of the check;
- check_gradients(f, x) in fast mode;
- tf.test.compute_gradient(f, [x]), which builds full Jacobians (about 3n
  function evaluations), skipped where it would take minutes.
and prints the ratios. Targets at n = 10⁴: fast mode at least 1000× faster
than compute_gradient, and at most 5× one forward and backward pass (a mismatch
is confirmed with more step sizes, which costs more only where a check fails).
Timings vary from run to run on a shared machine; the ratios are what to read.
"""

from __future__ import annotations

import argparse
import os
import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))
os.environ.setdefault("TF_CPP_MIN_LOG_LEVEL", "3")
os.environ.setdefault("TF_ENABLE_ONEDNN_OPTS", "0")

import numpy as np  # noqa: E402
import tensorflow as tf  # noqa: E402

from helpers import check_gradients  # noqa: E402


@tf.custom_gradient
def log1pexp(x):
    """Elementwise, diagonal Jacobian: softplus with a stable custom gradient."""
    def grad(upstream):
        return upstream * tf.sigmoid(x)
    return tf.math.softplus(x), grad


@tf.custom_gradient
def softmax(z):
    """A full (non-diagonal) Jacobian, applied as a VJP without ever forming it."""
    s = tf.nn.softmax(z)
    def grad(upstream):
        return s * (upstream - tf.reduce_sum(upstream * s, axis=-1, keepdims=True))
    return s, grad


FUNCTIONS = {"log1pexp": log1pexp, "softmax": softmax}


def best_of(fn, repeats: int) -> float:
    """Median wall time of ``repeats`` calls, after one warm-up call."""
    fn()
    times = []
    for _ in range(repeats):
        start = time.perf_counter()
        fn()
        times.append(time.perf_counter() - start)
    return statistics.median(times)


def forward_backward(f, x):
    with tf.GradientTape() as tape:
        tape.watch(x)
        y = f(x)
    return tape.gradient(y, x, output_gradients=tf.ones_like(y))


def main(argv=None) -> int:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--sizes", type=int, nargs="+", default=[100, 1_000, 10_000, 100_000])
    parser.add_argument("--compute-gradient-max", type=int, default=10_000,
                        help="largest n at which tf.test.compute_gradient is run (default 10000)")
    parser.add_argument("--repeats", type=int, default=20)
    args = parser.parse_args(argv)

    rng = np.random.default_rng(0)
    print(f"TensorFlow {tf.__version__}, {os.cpu_count()} CPU(s); median of {args.repeats} runs "
          "(compute_gradient: one run)\n")
    header = (f"{'function':<10} {'n':>7} {'fwd+bwd':>10} {'f64 fwd':>9} {'fast check':>11} {'compute_gradient':>17} "
              f"{'check/fwd+bwd':>14} {'compute_gradient/check':>23}")
    print(header)
    print("-" * len(header))
    results = {}
    for name, f in FUNCTIONS.items():
        for n in args.sizes:
            x = tf.constant(rng.standard_normal(n).astype(np.float32))
            t_fb = best_of(lambda: forward_backward(f, x), args.repeats)
            x64 = tf.cast(x, tf.float64)
            t_f64 = best_of(lambda: f(x64).numpy(), args.repeats)
            t_check = best_of(lambda: check_gradients(f, x), max(3, args.repeats // 4))
            if n <= args.compute_gradient_max:
                start = time.perf_counter()
                tf.test.compute_gradient(f, [x])
                t_cg = time.perf_counter() - start
                cg_text, speedup = f"{t_cg:>16.3f}s", f"{t_cg / t_check:>22.0f}×"
            else:
                t_cg, cg_text, speedup = None, f"{'not run':>17}", f"{'(would take minutes)':>23}"
            results[(name, n)] = (t_fb, t_check, t_cg, t_f64)
            print(f"{name:<10} {n:>7} {t_fb * 1e3:>8.2f}ms {t_f64 * 1e3:>7.2f}ms {t_check * 1e3:>9.2f}ms {cg_text} "
                  f"{t_check / t_fb:>13.1f}× {speedup}")
    print()
    target_n = 10_000
    if all((name, target_n) in results for name in FUNCTIONS):
        for name in FUNCTIONS:
            t_fb, t_check, t_cg, t_f64 = results[(name, target_n)]
            fast_enough = t_cg is not None and t_cg / t_check >= 1000
            cheap_enough = t_check / t_fb <= 5
            print(f"{name} at n = 10⁴: ≥1000× faster than compute_gradient: {fast_enough}; "
                  f"≤5× one forward and backward pass: {cheap_enough} (its two float64 forwards take "
                  f"{2 * t_f64 / t_fb:.1f}× of it, the rest {(t_check - 2 * t_f64) / t_fb:.1f}×)")
    return 0


if __name__ == "__main__":
    sys.exit(main())
