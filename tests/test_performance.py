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


# --------------------------------------------------------------------------- a faster solver, the same backward pass
from helpers.performance import anderson_fixed_point, fixed_point_residual  # noqa: E402


def test_anderson_reaches_the_fixed_point_of_plain_iteration():
    x, W = contraction_problem(batch=5, size=7, seed=3)
    z, steps = anderson_fixed_point(x, W, tolerance=1e-12, return_steps=True)
    assert fixed_point_residual(z, x, W) <= 1e-12
    assert 0 < int(steps) < 100
    assert np.max(np.abs(z - unrolled_fixed_point(x, W, 200))) < 1e-11


def test_anderson_stops_at_its_tolerance():
    x, W = contraction_problem(batch=4, size=6)
    coarse, coarse_steps = anderson_fixed_point(x, W, tolerance=1e-4, return_steps=True)
    fine, fine_steps = anderson_fixed_point(x, W, tolerance=1e-13, return_steps=True)
    assert 1e-13 < fixed_point_residual(coarse, x, W) <= 1e-4
    assert fixed_point_residual(fine, x, W) <= 1e-13
    assert int(coarse_steps) < int(fine_steps)


def test_anderson_with_memory_one_is_plain_iteration():
    # One stored pair leaves one weight, α = 1: the step is z <- f(z), as in unrolled_fixed_point.
    x, W = contraction_problem(batch=3, size=4)
    z, steps = anderson_fixed_point(x, W, memory=1, return_steps=True)
    assert np.allclose(z, unrolled_fixed_point(x, W, int(steps) + 1), rtol=0, atol=1e-15)


def test_anderson_keeps_nothing_on_a_tape():
    x, W = contraction_problem(batch=2, size=3)
    with tf.GradientTape(persistent=True) as tape:
        tape.watch([x, W])
        z = anderson_fixed_point(x, W)
    assert tape.gradient(z, [x, W]) == [None, None]


def test_anderson_refuses_bad_input():
    x, W = contraction_problem(batch=2, size=3)
    with pytest.raises(ValueError, match="spectral norm"):
        anderson_fixed_point(x, 3 * W)
    with pytest.raises(ValueError, match="W must be square"):
        anderson_fixed_point(x, tf.eye(4, dtype=tf.float64))
    with pytest.raises(ValueError, match="2-D"):
        anderson_fixed_point(x[0], W)
    with pytest.raises(ValueError, match="finer than float32"):
        anderson_fixed_point(tf.cast(x, tf.float32), tf.cast(W, tf.float32))
    with pytest.raises(ValueError, match="tolerance must be a positive number"):
        anderson_fixed_point(x, W, tolerance=0)
    with pytest.raises(ValueError, match="memory must be a positive integer"):
        anderson_fixed_point(x, W, memory=0)
    with pytest.raises(RuntimeError, match="did not reach the tolerance 1e-12 in 3 steps"):
        anderson_fixed_point(x, W, max_steps=3)


def test_the_implicit_gradient_with_anderson_matches_the_unrolled_one():
    x, W = contraction_problem(batch=4, size=6, seed=1)
    with_anderson = lambda x, W: implicit_fixed_point(x, W, solver=anderson_fixed_point)  # noqa: E731
    for a, b in zip(fixed_point_gradients(unrolled_fixed_point, x, W, 100), fixed_point_gradients(with_anderson, x, W)):
        assert a.shape == b.shape
        assert np.max(np.abs(a - b)) < 1e-10


def test_the_implicit_gradient_with_anderson_passes_the_numerical_check():
    x, W = contraction_problem(batch=2, size=4, seed=2)
    report = check_gradients(lambda x, W: implicit_fixed_point(x, W, solver=anderson_fixed_point), x, W, mode="full")
    assert report.ok, report


def test_the_implicit_gradient_with_anderson_works_inside_tf_function():
    x, W = contraction_problem(batch=3, size=5)
    with_anderson = lambda x, W: implicit_fixed_point(x, W, solver=anderson_fixed_point)  # noqa: E731
    eager = fixed_point_gradients(with_anderson, x, W)
    graph = tf.function(lambda: fixed_point_gradients(with_anderson, x, W), autograph=False)()
    for a, b in zip(eager, graph):
        assert np.allclose(a, b, rtol=0, atol=1e-14)


def test_implicit_fixed_point_wants_iterations_or_a_solver():
    x, W = contraction_problem(batch=2, size=3)
    with pytest.raises(TypeError, match="got neither"):
        implicit_fixed_point(x, W)
    with pytest.raises(TypeError, match="not both"):
        implicit_fixed_point(x, W, 10, solver=anderson_fixed_point)
    with pytest.raises(TypeError, match="solver must be a function"):
        implicit_fixed_point(x, W, solver="anderson")
    with pytest.raises(TypeError, match="solver must return z"):
        implicit_fixed_point(x, W, solver=lambda x, W: x[:1])
    with pytest.raises(ValueError, match="not a fixed point"):
        implicit_fixed_point(x, W, solver=lambda x, W: tf.zeros_like(x))


def test_fixed_point_residual_measures_the_distance_to_the_fixed_point():
    x, W = contraction_problem(batch=2, size=3)
    assert fixed_point_residual(unrolled_fixed_point(x, W, 100), x, W) < 1e-15
    assert fixed_point_residual(unrolled_fixed_point(x, W, 2), x, W) > 1e-3
    with pytest.raises(ValueError, match="x's shape"):
        fixed_point_residual(x[:1], x, W)


def test_run_benchmark_runs_in_this_process_when_memory_is_counted(monkeypatch, tmp_path):
    script = tmp_path / "bench.py"
    script.write_text("import os\ndef run(quick):\n    return {'quick': quick, 'pid': os.getpid()}\n")
    monkeypatch.setattr(performance, "BENCHMARK_SCRIPT", script)
    monkeypatch.setattr(performance, "_keeps_memory_statistics", lambda: True)
    import os
    assert performance.run_benchmark(quick=True) == {"quick": True, "pid": os.getpid()}



def test_the_full_run_always_gets_its_own_process(monkeypatch, tmp_path):
    """Over 1 GB at its peak: in a separate process its memory goes back when it ends, whatever the kernel has."""
    script = tmp_path / "bench.py"
    script.write_text("import json, os, sys\nif __name__ == '__main__':\n"
                      "    print(json.dumps({'quick': '--quick' in sys.argv, 'pid': os.getpid()}))\n")
    monkeypatch.setattr(performance, "BENCHMARK_SCRIPT", script)
    monkeypatch.setattr(performance, "_keeps_memory_statistics", lambda: True)
    import os
    result = performance.run_benchmark(quick=False)
    assert result["quick"] is False and result["pid"] != os.getpid()

# --------------------------------------------------------------------------- a problem where the solver matters
def test_on_the_slow_problem_anderson_needs_far_fewer_steps_than_plain_iteration():
    x, W = performance.slow_contraction_problem(batch=8, size=16)
    assert np.isclose(np.linalg.norm(W.numpy(), 2), 0.99) and np.array_equal(W.numpy(), W.numpy().T)
    z, steps = anderson_fixed_point(x, W, return_steps=True)
    _, plain = anderson_fixed_point(x, W, memory=1, max_steps=10_000, return_steps=True)
    assert fixed_point_residual(z, x, W) <= 1e-12
    assert int(plain) > 300 and int(steps) * 10 < int(plain), (int(steps), int(plain))


def test_anderson_in_the_adjoint_gives_the_same_gradient_in_fewer_steps():
    x, W = performance.slow_contraction_problem(batch=4, size=12, seed=1)
    solver = lambda x, W: anderson_fixed_point(x, W)  # noqa: E731
    plain = fixed_point_gradients(lambda x, W: implicit_fixed_point(x, W, solver=solver, max_adjoint_steps=10_000), x, W)
    fast = fixed_point_gradients(lambda x, W: implicit_fixed_point(x, W, solver=solver, adjoint_memory=5), x, W)
    unrolled = fixed_point_gradients(unrolled_fixed_point, x, W, 3000)
    for a, b, c in zip(plain, fast, unrolled):
        scale = np.max(np.abs(c))
        assert np.max(np.abs(a - b)) < 1e-8 * scale and np.max(np.abs(b - c)) < 1e-8 * scale
    # Plain iteration of the adjoint cannot finish in 60 steps here; Anderson can.
    with pytest.raises(RuntimeError, match="did not converge in 60 steps.*contracts slowly.*adjoint_memory=5"):
        fixed_point_gradients(lambda x, W: implicit_fixed_point(x, W, solver=solver, max_adjoint_steps=60), x, W)
    fixed_point_gradients(lambda x, W: implicit_fixed_point(x, W, solver=solver, adjoint_memory=5,
                                                            max_adjoint_steps=60), x, W)
    compiled = tf.function(lambda x, W: fixed_point_gradients(
        lambda x, W: implicit_fixed_point(x, W, solver=solver, max_adjoint_steps=60), x, W))
    with pytest.raises(tf.errors.InvalidArgumentError, match="did not converge in 60 steps.*adjoint_memory=5"):
        compiled(x, W)                                # compiled, the same check runs with the graph
    with pytest.raises(ValueError, match="adjoint_memory must be a positive integer"):
        implicit_fixed_point(x, W, solver=solver, adjoint_memory=0)
