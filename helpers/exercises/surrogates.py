"""Exercises of notebook 05_surrogate_gradients."""

import numpy as np
import tensorflow as tf

from . import Exercise, Feedback, register
from .judges import function_from, surrogate_judge, uses_custom_gradient

_X = np.array([[-2.5, -1.3, -0.4, 0.0], [0.3, 0.9, 0.6, 1.7]], dtype=np.float32)
_U = np.array([[0.5, -2.0, 1.5, 3.0], [-0.7, 2.5, -1.2, 4.0]], dtype=np.float32)
_X2 = np.array([-1.0, 1.0, 0.99, -1.01, 5.0, -0.2], dtype=np.float64)        # the edges |x| = 1, and float64
_U2 = np.array([2.0, -0.5, 3.0, -3.0, 1.0, -4.0], dtype=np.float64)


def _points():
    return [(tf.constant(_X), tf.constant(_U)), (tf.constant(_X2), tf.constant(_U2))]


def _clip_points():
    """With huge upstreams too: the exploding gradients clipping is for (a formula that subtracts them cancels)."""
    return _points() + [(tf.constant([0.5, -1.0, 2.0], tf.float32), tf.constant([1e8, -3e9, 0.25], tf.float32))]


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
             "hard tanh clip(x, -1, 1) is flat. Where is its slope zero? (A mask built from the output sign(x) "
             "does this too: its size is never outside [-1, 1]. Build the mask from x.)"),
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


register(Exercise(
    key="05.sign_ste",
    title="sign(x) forward, straight-through with saturation backward",
    judge=_judge_sign,
    solution="""
        @tf.custom_gradient
        def sign_ste(x):
            def grad(upstream):
                inside = tf.cast(tf.abs(x) <= 1, upstream.dtype)   # hard tanh's slope: 1 inside, 0 outside
                return upstream * inside
            return tf.sign(x), grad
    """,
    answer_name="sign_ste",
    mistakes=("no_saturation", "mask_inverted", "edges_excluded", "upstream_ignored", "plain_sign",
              "surrogate_forward", "smooth_surrogate", "wrong_shape", "none", "not_in_function", "whole_tensor",
              "mask_on_upstream", "stale_upstream", "one_edge"),
    hints={"python_bool": "tf.where(condition, a, b) or a cast mask, tf.cast(condition, upstream.dtype), work "
                          "entry by entry.",
           "wrong_dtype": "a boolean mask must be cast to upstream's dtype before multiplying.",
           "wrong_values": _MASK},
))

register(Exercise(
    key="05.clip_gradient",
    title="Identity forward, gradient clipped to [-1, 1] backward",
    judge=surrogate_judge(
        _clip_points,
        forward=tf.identity,
        backward=lambda x, u: tf.clip_by_value(u, -1, 1),
        success="the value passes unchanged and the gradient is clipped entry by entry: large gradients "
                "no longer blow up the update, small ones are untouched.",
        known_wrong=[
            ("clipped_x", None, lambda x, u: tf.clip_by_value(x, -1, 1),
             "you clipped x, the input, not the gradient: which tensor in grad carries the gradient arriving from "
             "the loss (the upstream)?"),
            ("clipped_x", None, lambda x, u: u * tf.clip_by_value(x, -1, 1),
             "you multiplied upstream by a clipped x: the exercise clips the gradient itself, whatever x is."),
            ("clipped_forward", lambda x: tf.clip_by_value(x, -1, 1), lambda x, u: tf.clip_by_value(u, -1, 1),
             "you clipped the forward value: the forward stays the identity, only the gradient is clipped."),
            ("clipped_forward", lambda x: tf.clip_by_value(x, -1, 1), lambda x, u: u,
             "you clipped the forward value: the forward stays the identity, only the gradient is clipped."),
            ("not_clipped", None, lambda x, u: u,
             "the gradient passes unchanged: nothing limits its large entries yet."),
            ("upstream_ignored", None, lambda x, u: tf.ones_like(u),
             "your grad returns ones whatever upstream is: the gradient to clip is upstream. (With "
             "tf.clip_by_value(t, clip_value_min, clip_value_max), mind the order of the bounds: the other order "
             "sends every entry to one bound.)"),
            ("norm_clipped", None, lambda x, u: tf.clip_by_norm(u, 1.0),
             "that clips the whole gradient's norm, rescaling every entry; the exercise clips each entry on its own "
             "and leaves entries inside [-1, 1] unchanged."),
            ("wrong_bounds", None, lambda x, u: tf.clip_by_value(u, 0, 1),
             "the lower bound is wrong: negative gradients are wiped out, though they are as valid as positive ones."),
            ("sign_only", None, lambda x, u: tf.sign(u),
             "entries already inside [-1, 1] must pass unchanged; yours become ±1."),
            ("soft_clip", None, lambda x, u: tf.tanh(u),
             "tanh squashes every entry, also the small ones inside [-1, 1], which must pass unchanged: the clip "
             "is exact, the identity inside the bounds and the bound outside (tf.clip_by_value)."),
        ]),
    solution="""
        @tf.custom_gradient
        def clip_gradient(x):
            def grad(upstream):
                return tf.clip_by_value(upstream, -1.0, 1.0)
            return tf.identity(x), grad
    """,
    answer_name="clip_gradient",
    mistakes=("clipped_x", "clipped_forward", "not_clipped", "upstream_ignored", "norm_clipped", "wrong_bounds",
              "sign_only", "soft_clip", "wrong_values", "stale_upstream"),
    hints={"python_bool": "tf.clip_by_value (or tf.minimum and tf.maximum) work entry by entry.",
           "numpy_in_graph": "tf.clip_by_value is TensorFlow's np.clip."},
))
