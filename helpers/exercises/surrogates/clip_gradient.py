"""Exercise 05.clip_gradient: Identity forward, gradient clipped to [-1, 1] backward."""

import tensorflow as tf

from . import _points
from .. import Exercise
from ..judges import surrogate_judge


def _clip_points():
    """With huge upstreams too: the exploding gradients clipping is for (a formula that subtracts them cancels)."""
    return _points() + [(tf.constant([0.5, -1.0, 2.0], tf.float32), tf.constant([1e8, -3e9, 0.25], tf.float32))]


EXERCISE = Exercise(
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
            ("wrong_bounds", None, lambda x, u: tf.minimum(u, 1.0),
             "negative entries are not clipped: the lower bound is missing (a gradient of −5 is as large as one of "
             "+5)."),
            ("wrong_bounds", None, lambda x, u: tf.maximum(u, -1.0),
             "positive entries are not clipped: the upper bound is missing."),
            ("sign_only", None, lambda x, u: tf.sign(u),
             "entries already inside [-1, 1] must pass unchanged; yours become ±1."),
            *[("mask_by_x", None, lambda x, u, inside=inside: u * tf.cast(inside(tf.abs(x)), u.dtype),
               "that is exercise 1's mask: it lets the gradient through or stops it depending on x. Clipping "
               "limits upstream itself, entry by entry, whatever x is: an entry of upstream inside [-1, 1] passes "
               "unchanged, a larger one is cut to the bound.")
              for inside in (lambda a: a <= 1, lambda a: a < 1)],
            ("soft_clip", None, lambda x, u: tf.tanh(u),
             "tanh squashes every entry, also the small ones inside [-1, 1], which must pass unchanged: the clip "
             "is exact, the identity inside the bounds and the bound outside (tf.clip_by_value)."),
        ]),
    answer_name="clip_gradient",
    mistakes=("clipped_x", "clipped_forward", "not_clipped", "upstream_ignored", "norm_clipped", "wrong_bounds",
              "sign_only", "soft_clip", "wrong_values", "stale_upstream", "mask_by_x"),
    hints={"python_bool": "tf.clip_by_value (or tf.minimum and tf.maximum) work entry by entry.",
           "numpy_in_graph": "tf.clip_by_value is TensorFlow's np.clip."},
)
