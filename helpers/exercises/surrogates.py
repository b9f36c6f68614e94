"""Exercises of notebook 05_surrogate_gradients."""

import numpy as np
import tensorflow as tf

from . import Exercise, register
from .judges import surrogate_judge

_X = np.array([[-2.5, -1.3, -0.4, 0.0], [0.3, 0.9, 0.6, 1.7]], dtype=np.float32)
_U = np.array([[0.5, -2.0, 1.5, 3.0], [-0.7, 2.5, -1.2, 4.0]], dtype=np.float32)


def _inputs():
    return tf.constant(_X), tf.constant(_U)


register(Exercise(
    key="05.sign_ste",
    title="sign(x) forward, straight-through with saturation backward",
    judge=surrogate_judge(
        _inputs,
        forward=tf.sign,
        backward=lambda x, u: u * tf.cast(tf.abs(x) <= 1, u.dtype),
        success="the gradient passes upstream through where |x| ≤ 1 and stops it outside: the derivative "
                "of the hard tanh clip(x, -1, 1), the surrogate binarised networks use.",
        known_wrong=[
            ("no_saturation", None, lambda x, u: u,
             "that is the plain straight-through estimator: it also passes the gradient where |x| > 1, "
             "where the clipped surrogate is flat. Multiply by a mask of |x| ≤ 1."),
            ("mask_inverted", None, lambda x, u: u * tf.cast(tf.abs(x) > 1, u.dtype),
             "the mask is inverted: pass upstream where |x| ≤ 1, zero outside."),
            ("upstream_ignored", None, lambda x, u: tf.cast(tf.abs(x) <= 1, u.dtype),
             "your grad ignores upstream: it returns the mask alone. Multiply the mask by upstream."),
            ("plain_sign", None, lambda x, u: tf.zeros_like(u),
             "the gradient is zero everywhere: that is tf.sign's own gradient. Wrap the forward in "
             "@tf.custom_gradient and return the surrogate's slope times upstream."),
            ("surrogate_forward", lambda x: tf.clip_by_value(x, -1, 1), lambda x, u: u,
             "the forward must stay sign(x): only the backward pass uses the clipped identity."),
        ]),
    solution="""
        @tf.custom_gradient
        def sign_ste(x):
            def grad(upstream):
                inside = tf.cast(tf.abs(x) <= 1, upstream.dtype)   # hard tanh's slope: 1 inside, 0 outside
                return upstream * inside
            return tf.sign(x), grad
    """,
    answer_name="sign_ste",
    mistakes=("no_saturation", "mask_inverted", "upstream_ignored", "plain_sign", "surrogate_forward", "wrong_shape",
              "none", "not_in_function"),
))

register(Exercise(
    key="05.clip_gradient",
    title="Identity forward, gradient clipped to [-1, 1] backward",
    judge=surrogate_judge(
        _inputs,
        forward=tf.identity,
        backward=lambda x, u: tf.clip_by_value(u, -1, 1),
        success="the value passes unchanged and the gradient is clipped entry by entry: large gradients "
                "no longer blow up the update, small ones are untouched.",
        known_wrong=[
            ("clipped_x", None, lambda x, u: tf.clip_by_value(x, -1, 1),
             "you clipped x, not the gradient: clip upstream, the gradient arriving from the loss."),
            ("clipped_forward", lambda x: tf.clip_by_value(x, -1, 1), lambda x, u: u,
             "you clipped the forward value: the forward stays the identity, only the gradient is clipped."),
            ("not_clipped", None, lambda x, u: u,
             "the gradient is not clipped: return tf.clip_by_value(upstream, -1.0, 1.0)."),
            ("upstream_ignored", None, lambda x, u: tf.ones_like(u),
             "your grad ignores upstream: it returns ones. Clip upstream itself."),
        ]),
    solution="""
        @tf.custom_gradient
        def clip_gradient(x):
            def grad(upstream):
                return tf.clip_by_value(upstream, -1.0, 1.0)
            return tf.identity(x), grad
    """,
    answer_name="clip_gradient",
    mistakes=("clipped_x", "clipped_forward", "not_clipped", "upstream_ignored", "wrong_values"),
))
