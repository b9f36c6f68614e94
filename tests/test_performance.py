"""The algorithms notebook 08 measures: recomputation and implicit differentiation."""

import numpy as np
import pytest
import tensorflow as tf

from helpers import check_gradients, performance
from helpers.performance import (contraction_problem, deep_mlp, deep_mlp_gradients, fixed_point_gradients,
                                 implicit_fixed_point, unrolled_fixed_point)


def test_the_problem_is_a_contraction():
    x, W = contraction_problem(batch=4, size=8)
    assert np.isclose(np.linalg.norm(W.numpy(), 2), 0.5)
    assert x.shape == (4, 8) and x.dtype == tf.float64


def test_both_methods_reach_the_same_fixed_point():
    x, W = contraction_problem(batch=3, size=5)
    z = unrolled_fixed_point(x, W, 60)
    assert np.allclose(z, implicit_fixed_point(x, W, 60), atol=0)
    assert np.allclose(z, tf.tanh(tf.matmul(z, W, transpose_b=True) + x), atol=1e-14)


def test_implicit_and_unrolled_gradients_agree_once_converged():
    x, W = contraction_problem(batch=4, size=6)
    for a, b in zip(fixed_point_gradients(unrolled_fixed_point, x, W, 60),
                    fixed_point_gradients(implicit_fixed_point, x, W, 60)):
        assert a.shape == b.shape
        assert np.max(np.abs(a - b)) < 1e-10


_EAGER_PEAKS = """
import json
import tensorflow as tf
from helpers.performance import contraction_problem, fixed_point_gradients, implicit_fixed_point, unrolled_fixed_point
x, W = contraction_problem(batch=128, size=64)

def peak_mib(method, iterations):
    fixed_point_gradients(method, x, W, iterations)
    tf.config.experimental.reset_memory_stats("CPU:0")
    base = tf.config.experimental.get_memory_info("CPU:0")["current"]
    fixed_point_gradients(method, x, W, iterations)
    return (tf.config.experimental.get_memory_info("CPU:0")["peak"] - base) / 2 ** 20

print(json.dumps({m.__name__: [peak_mib(m, k) for k in (5, 50)] for m in (unrolled_fixed_point, implicit_fixed_point)}))
"""


def test_eagerly_the_implicit_gradient_keeps_no_iterate_on_the_tape():
    # Without tf.function a tape records the ops inside a custom-gradient function's forward pass;
    # the implicit method must keep its loop off the tape, or its memory grows like the unrolled one's.
    # Peak memory needs TensorFlow's BFC allocator, chosen before TensorFlow starts: a fresh process.
    import json
    import os
    import subprocess
    import sys
    from pathlib import Path

    env = dict(os.environ, TF_CPU_ALLOCATOR_USE_BFC="true", TF_CPP_MIN_LOG_LEVEL="3")
    out = subprocess.run([sys.executable, "-c", _EAGER_PEAKS], env=env, capture_output=True, text=True,
                         cwd=Path(__file__).resolve().parents[1], timeout=300, check=True).stdout
    peaks = json.loads(out.strip().splitlines()[-1])
    unrolled, implicit = peaks["unrolled_fixed_point"], peaks["implicit_fixed_point"]
    assert unrolled[1] > 4 * unrolled[0], peaks
    assert implicit[1] < 1.2 * implicit[0], peaks


def test_few_iterations_make_the_two_gradients_differ():
    # The unrolled gradient is exact for 3 steps; the implicit one applies the fixed-point
    # formula at an iterate that has not converged yet: the two differ.
    x, W = contraction_problem(batch=4, size=6)
    a, _ = fixed_point_gradients(unrolled_fixed_point, x, W, 3)
    b, _ = fixed_point_gradients(implicit_fixed_point, x, W, 3)
    assert np.max(np.abs(a - b)) > 1e-4


def test_implicit_gradient_passes_the_numerical_check():
    x, W = contraction_problem(batch=2, size=4)
    report = check_gradients(lambda x, W: implicit_fixed_point(x, W, 80), x, W, mode="full")
    assert report.ok, report


def test_implicit_gradient_works_inside_tf_function():
    x, W = contraction_problem(batch=2, size=4)
    eager = fixed_point_gradients(implicit_fixed_point, x, W, 40)
    graph = tf.function(lambda: fixed_point_gradients(implicit_fixed_point, x, W, 40))()
    for a, b in zip(eager, graph):
        assert np.allclose(a, b, atol=1e-14)


@pytest.mark.parametrize("bad", [0, -3, 2.5, "10"])
def test_iterations_must_be_a_positive_integer(bad):
    x, W = contraction_problem(batch=1, size=2)
    for method in (unrolled_fixed_point, implicit_fixed_point):
        with pytest.raises((TypeError, ValueError), match="iterations must be a positive integer"):
            method(x, W, bad)


def test_recompute_grad_gives_the_same_weight_gradients():
    weights, x = deep_mlp(depth=6, width=8, batch=16)
    plain = deep_mlp_gradients(weights, x, recompute=False, layers_per_block=2)
    recomputed = deep_mlp_gradients(weights, x, recompute=True, layers_per_block=2)
    assert len(plain) == 6
    for a, b in zip(plain, recomputed):
        assert np.allclose(a, b, rtol=1e-5, atol=1e-6)


def test_bad_mlp_settings_are_refused():
    with pytest.raises(ValueError, match="must be a positive integer"):
        deep_mlp(depth=0)
    weights, x = deep_mlp(depth=2, width=4, batch=2)
    with pytest.raises(ValueError, match="layers_per_block"):
        deep_mlp_gradients(weights, x, recompute=True, layers_per_block=0)


def test_run_benchmark_says_when_the_script_is_missing(monkeypatch, tmp_path):
    monkeypatch.setattr(performance, "BENCHMARK_SCRIPT", tmp_path / "missing.py")
    with pytest.raises(FileNotFoundError, match="pip install -e"):
        performance.run_benchmark()


def test_run_benchmark_reports_the_scripts_error(monkeypatch, tmp_path):
    script = tmp_path / "failing.py"
    script.write_text("raise SystemExit('no CPU memory statistics')\n")
    monkeypatch.setattr(performance, "BENCHMARK_SCRIPT", script)
    with pytest.raises(RuntimeError, match="no CPU memory statistics"):
        performance.run_benchmark()
