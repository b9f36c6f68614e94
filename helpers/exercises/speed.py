"""Exercises of notebook 08_performance."""

import numpy as np
import tensorflow as tf

from . import Exercise, register
from .judges import gradient_judge, number_judge


def iterate_fixed_point(x, w, steps: int = 60):
    """z = tanh(w z + x) by ``steps`` iterations from z = 0 (|w| < 1 makes it converge)."""
    z = tf.zeros_like(x)
    for _ in range(steps):
        z = tf.tanh(w * z + x)
    return z


def _slope_and_scale(x, w):
    z = iterate_fixed_point(x, w)
    slope = 1 - z ** 2
    return z, slope, 1 / (1 - w * slope)


def _last_step_only(x, w, u):
    z, slope, _ = _slope_and_scale(x, w)
    return u * slope, tf.reduce_sum(u * slope * z)


def _plus_sign(x, w, u):
    z, slope, _ = _slope_and_scale(x, w)
    return u * slope / (1 + w * slope), tf.reduce_sum(u * slope * z / (1 + w * slope))


register(Exercise(
    key="08.implicit_scalar",
    title="The implicit gradient of the fixed point z = tanh(w z + x)",
    judge=gradient_judge(
        lambda: (tf.constant([-1.0, 0.3, 1.2]), tf.constant(0.6)),
        iterate_fixed_point,
        "dz/dx = D / (1 - w D) and dz/dw = D z / (1 - w D), D = 1 - z²: the whole loop in one formula.",
        hints={"upstream_ignored": "multiply both gradients by upstream (and sum over entries for w).",
               "not_summed": "w is one number used by every entry: dw = tf.reduce_sum(...)."},
        known_wrong=[
            ("last_step_only", _last_step_only,
             "you differentiated only the last step tanh(w z + x) with z held fixed. z itself depends on x "
             "and w; the fixed-point equation gives the factor 1 / (1 - w D)."),
            ("plus_sign", _plus_sign,
             "the denominator is 1 - w D, not 1 + w D: move dz = D (w dz + dx) to one side."),
        ]),
    solution="""
        @strict_custom_gradient
        def fixed_point(x, w):
            z = iterate_fixed_point(x, w)
            def grad(upstream):
                slope = 1 - z ** 2                           # tanh' at the fixed point
                through_loop = upstream * slope / (1 - w * slope)
                return through_loop, tf.reduce_sum(through_loop * z)
            return z, grad
    """,
    answer_name="fixed_point",
    mistakes=("last_step_only", "plus_sign", "upstream_ignored", "not_summed"),
    context={"iterate_fixed_point": iterate_fixed_point},
))

register(Exercise(
    key="08.block_size",
    title="The block size that minimises memory under recomputation, for 36 layers",
    judge=number_judge(
        6, "6 layers per block: 6 block inputs kept plus 6 activations recomputed at a time, 12 instead of 36. "
           "In general √L blocks of √L layers.",
        mistakes=[(36, "one_block", "one block of all 36 layers keeps 1 input but recomputes all 36 activations "
                                    "at once: 37, no better than storing them."),
                  (1, "every_layer", "blocks of 1 layer keep every layer's input: 36 + 1, no saving."),
                  (12, "minimum_value", "12 is the smallest memory, L/k + k at its best; the question asks for k."),
                  (18, "half", "18 layers per block: 2 + 18 = 20. Try a k where L/k and k balance.")]),
    solution="""
        layers = 36
        memory = {k: layers / k + k for k in range(1, layers + 1) if layers % k == 0}
        block_size = min(memory, key=memory.get)     # 6: L/k + k is smallest where k = √L
    """,
    answer_name="block_size",
    mistakes=("one_block", "every_layer", "minimum_value", "half"),
))
