"""Exercises of notebook 08_performance.

One module per exercise; each ``<name>_solution.py`` beside it holds the solution."""

import tensorflow as tf


def _iterate(x, w, steps):
    z = x
    for _ in range(steps):
        z = tf.tanh(w * z) + x
    return z


_iterate_in_graph = tf.function(_iterate, autograph=False, reduce_retracing=True)


def iterate_fixed_point(x, w, steps: int = 60):
    """z = tanh(w z) + x, by ``steps`` iterations from z = x (|w| < 1 makes it converge).

    The loop runs as one TensorFlow graph when x and w are tensors (or numbers) of one float dtype:
    the same operations, recorded on a tape as one call, but without 3 × ``steps`` eager op calls.
    Anything else runs eagerly, step by step, so a mistake raises where it happens.
    """
    try:
        x_, w_ = tf.convert_to_tensor(x), tf.convert_to_tensor(w)
    except (TypeError, ValueError):
        return _iterate(x, w, steps)
    if x_.dtype == w_.dtype and x_.dtype.is_floating and isinstance(steps, int):
        return _iterate_in_graph(x_, w_, steps)
    return _iterate(x, w, steps)
