"""Exercise 02.multiply: Two inputs: a custom gradient for z = x·y."""

import tensorflow as tf

from .. import Exercise
from ..judges import gradient_judge


def _multiply_points():
    return [(tf.constant([2.0, -1.0, 0.5]), tf.constant([3.0, 4.0, -2.0])),
            (tf.constant([[1.5, -0.3], [2.0, 0.7]]), tf.constant([[-1.0, 2.5], [0.4, 3.0]])),
            (tf.constant([0.0, 1.2]), tf.constant([1.5, 0.0]))]     # zeros last: z / x is NaN there


EXERCISE = Exercise(
    key="02.multiply",
    title="Two inputs: a custom gradient for z = x·y",
    judge=gradient_judge(
        _multiply_points, lambda x, y: x * y,
        "dz/dx = y and dz/dy = x, each times upstream, returned in the order of the inputs.",
        known_wrong=[
            ("swapped", lambda x, y, u: (u * x, u * y),
             "your two gradients are swapped: the gradient for x is how z changes when x changes, with y held "
             "fixed. Return them in the order of the inputs."),
            ("forward_value", lambda x, y, u: (u * x * y, u * x * y),
             "grad multiplies upstream by the forward value x·y; it should multiply by the partial derivatives."),
            ("divided", lambda x, y, u: (u / y, u / x),
             "you divided upstream by the other input. For z = x·y, how much does z change per unit of x, with y "
             "fixed: y times that unit, or that unit divided by y?"),
            ("upstream_only", lambda x, y, u: (u, u),
             "grad returns upstream itself for both inputs, as if z changed one for one with each of them. Each "
             "gradient is upstream times how z = x·y changes when that input alone changes."),
            ("divide_gradients", lambda x, y, u: (u / y, -u * x / y ** 2),
             "those are the partial derivatives of x / y, from the divide example above; z = x·y has its own: how "
             "does x·y change when x alone changes, and when y alone does?"),
        ]),
    answer_name="multiply",
    mistakes=("swapped", "count", "upstream_ignored", "forward_value", "divide_gradients", "upstream_only",
              "divided"),
    hints={"count": "return a pair: one gradient for x and one for y, each shaped like its input.",
           "upstream_ignored": "multiply both gradients by upstream.",
           "not_a_pair": "the decorated function returns (z, grad)."},
)
