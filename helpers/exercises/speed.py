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


def _w_fixed_at_0_6(x, w, u):
    z, slope, _ = _slope_and_scale(x, w)
    through = u * slope / (1 - 0.6 * slope)
    return through, tf.reduce_sum(through * z)


def _one_step_of_the_loop(x, w, u):
    z, slope, _ = _slope_and_scale(x, w)
    through = u * slope * (1 + w * slope)
    return through, tf.reduce_sum(through * z)


def _plus_sign(x, w, u):
    z, slope, _ = _slope_and_scale(x, w)
    return u * slope / (1 + w * slope), tf.reduce_sum(u * slope * z / (1 + w * slope))


def _points():
    return [(tf.constant([-1.0, 0.3, 1.2]), tf.constant(0.6)),
            (tf.constant([0.8, -0.4]), tf.constant(-0.45)),
            (tf.constant([[0.2, -1.5], [2.0, 0.1]]), tf.constant(0.85))]


register(Exercise(
    key="08.implicit_scalar",
    title="The implicit gradient of the fixed point z = tanh(w z + x)",
    judge=gradient_judge(
        _points,
        iterate_fixed_point,
        "dz/dx = D / (1 - w D) and dz/dw = D z / (1 - w D), D = 1 - z²: the whole loop in one formula.",
        known_wrong=[
            ("last_step_only", _last_step_only,
             "you differentiated only the last step tanh(w z + x) with z held fixed. But z itself depends on x and "
             "w: differentiate the fixed-point equation z = tanh(w z + x) on both sides, with dz on both, and solve "
             "for dz."),
            ("plus_sign", _plus_sign,
             "close, but a sign is off: moving the dz term to one side of the differentiated equation gives the "
             "denominator."),
            ("hard_coded_w", _w_fixed_at_0_6,
             "right at w = 0.6 only: your grad uses the number 0.6 where the argument w belongs (the checker tries "
             "other values of w)."),
            ("truncated", _one_step_of_the_loop,
             "you followed the loop's feedback for one iteration only: z feeds back into itself at every iteration, "
             "and at the fixed point the iterations converge to a closed form. Differentiate the fixed-point "
             "equation instead of unrolling it."),
        ],
        fallback="differentiate z = tanh(w z + x) on both sides (dz appears on both), solve for dz, and read off the "
                 "factors for dx and dw.",
        messages={"not_summed": "the gradient for w has x's shape, but w is one number used by every entry: its "
                                "gradient collects all their contributions."}),
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
    mistakes=("last_step_only", "plus_sign", "hard_coded_w", "truncated", "upstream_ignored", "not_summed"),
    context={"iterate_fixed_point": iterate_fixed_point},
    hints={"upstream_ignored": "multiply both gradients by upstream.",
           "count": "two inputs, two gradients: (dL/dx, dL/dw).",
           "wrong_forward": "keep z = iterate_fixed_point(x, w) as the forward; use the argument w everywhere (the "
                            "checker tries other values of w)."},
))

register(Exercise(
    key="08.block_size",
    title="The block size that minimises memory under recomputation, for 36 layers",
    judge=number_judge(
        6, "6 layers per block: 6 block inputs kept plus 6 activations recomputed at a time, 12 instead of 36. "
           "In general √L blocks of √L layers.",
        mistakes=[(36, "one_block", "one block of all 36 layers keeps 1 input but recomputes all 36 activations "
                                    "at once: memory for 37, no better than storing them."),
                  (1, "every_layer", "blocks of 1 layer keep all 36 block inputs, plus 1 activation while a block is "
                                     "recomputed: memory for 37, no saving. Balance the two parts."),
                  (12, "minimum_value", "that is the smallest memory itself; the question asks for the block size k "
                                        "that gives it."),
                  (18, "half", "18 layers per block needs memory for 2 + 18 = 20. Try a k where the two parts "
                               "balance."),
                  (4, "near", "4 layers per block needs memory for 9 + 4 = 13; one block size does better."),
                  (9, "near", "9 layers per block needs memory for 4 + 9 = 13; one block size does better.")],
        fallback="write the memory for block size k as (block inputs kept) + (activations of one block), and try "
                 "each k that divides 36."),
    solution="""
        layers = 36
        memory = {k: layers / k + k for k in range(1, layers + 1) if layers % k == 0}
        block_size = min(memory, key=memory.get)     # 6: L/k + k is smallest where k = √L
    """,
    answer_name="block_size",
    mistakes=("one_block", "every_layer", "minimum_value", "half", "near"),
))
