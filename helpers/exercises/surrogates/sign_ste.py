"""Exercise 05.sign_ste: sign(x) forward, straight-through with saturation backward."""

import tensorflow as tf

from . import _X, _points
from .. import Exercise, Feedback
from ..judges import function_from, surrogate_judge, uses_custom_gradient


_MASK = "grad must keep upstream where |x| ≤ 1 (the edges included) and give zero elsewhere."


_judge_sign_values = surrogate_judge(
        _points,
        forward=tf.sign,
        backward=lambda x, u: u * tf.cast(tf.abs(x) <= 1, u.dtype),
        success="the gradient passes upstream through where |x| ≤ 1 and stops it outside: the derivative "
                "of the hard tanh clip(x, -1, 1), the surrogate binarised networks use.",
        known_wrong=[
            ("no_saturation", None, lambda x, u: u,
             "that is the plain straight-through estimator: it passes the gradient everywhere, also where the "
             "hard tanh clip(x, -1, 1) is flat. Where is its slope zero? (A mask tested on the output sign(x) "
             "passes everything too, since sign(x) is never outside [-1, 1]: test x.)"),
            ("mask_inverted", None, lambda x, u: u * tf.cast(tf.abs(x) > 1, u.dtype),
             "the mask is inverted: the gradient passes exactly where the hard tanh is flat, and stops where it "
             "has slope 1."),
            ("edges_excluded", None, lambda x, u: u * tf.cast(tf.abs(x) < 1, u.dtype),
             "right except at |x| = 1 exactly: the exercise keeps the gradient at the edges (|x| ≤ 1)."),
            ("upstream_ignored", None, lambda x, u: tf.cast(tf.abs(x) <= 1, u.dtype),
             "your grad ignores upstream: it returns the slope alone. Multiply the slope by upstream."),
            ("plain_sign", None, lambda x, u: tf.zeros_like(u),
             "the gradient is zero everywhere: that is tf.sign's own gradient. Wrap the forward in "
             "@tf.custom_gradient and return the surrogate's slope times upstream."),
            ("surrogate_forward", lambda x: tf.clip_by_value(x, -1, 1), lambda x, u: u,
             "the forward must stay sign(x): only the backward pass uses the hard tanh's slope."),
            ("smooth_surrogate", None, lambda x, u: u * (1 - tf.tanh(x) ** 2),
             "that is the slope of the smooth tanh. The exercise asks for the hard tanh clip(x, -1, 1), whose "
             "slope is 1 or 0."),
            ("smooth_surrogate", None, lambda x, u: u * tf.sigmoid(x) * (1 - tf.sigmoid(x)),
             "that is the sigmoid's slope, the surrogate of the example above. This exercise asks for another one: "
             "the slope of the hard tanh clip(x, -1, 1), which is 1 or 0."),
            ("one_edge", None, lambda x, u: u * tf.cast(x <= 1, u.dtype),
             "your mask tests only the upper edge (x ≤ 1), so the gradient also passes for x below −1, where the "
             "hard tanh is flat too. It is flat on both sides: test both edges."),
            ("one_edge", None, lambda x, u: u * tf.cast(x >= -1, u.dtype),
             "your mask tests only the lower edge (x ≥ −1), so the gradient also passes for x above 1, where the "
             "hard tanh is flat too. It is flat on both sides: test both edges."),
            ("mask_on_upstream", None, lambda x, u: u * tf.cast(tf.abs(u) <= 1, u.dtype),
             "your mask tests upstream, but where the gradient passes depends on the input: the hard tanh's slope "
             "is 1 where |x| ≤ 1. Build the mask from x."),
        ])


def _judge_sign(answer):
    """Values first; a gradient that is zero everywhere means tf.sign's own gradient only without a custom one."""
    feedback = _judge_sign_values(answer)
    if feedback.mistake == "plain_sign" and uses_custom_gradient(function_from(answer, "your function"),
                                                                 (tf.constant(_X),)):
        return Feedback(False, "your grad returns zero for every entry, also where |x| ≤ 1. If a Python if decides, "
                               "it decides once for the whole tensor; decide entry by entry instead, with a mask or "
                               "tf.where.", "whole_tensor")
    return feedback


EXERCISE = Exercise(
    key="05.sign_ste",
    title="sign(x) forward, straight-through with saturation backward",
    judge=_judge_sign,
    answer_name="sign_ste",
    mistakes=("no_saturation", "mask_inverted", "edges_excluded", "upstream_ignored", "plain_sign",
              "surrogate_forward", "smooth_surrogate", "wrong_shape", "none", "not_in_function", "whole_tensor",
              "mask_on_upstream", "stale_upstream", "one_edge"),
    hints={"python_bool": "tf.where(condition, a, b) or a cast mask, tf.cast(condition, upstream.dtype), work "
                          "entry by entry.",
           "wrong_dtype": "a boolean mask must be cast to upstream's dtype before multiplying.",
           "wrong_values": _MASK},
)
