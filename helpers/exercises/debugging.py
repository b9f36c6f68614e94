"""Exercises of notebook 09_debugging_gradients."""

import numpy as np
import tensorflow as tf

from . import Exercise, register
from .judges import choice_judge, gradient_judge

SYMPTOMS = ("upstream_ignored", "wrong_shape", "keyword_call", "variables_missing", "none_gradient",
            "float32_false_alarm")
"""The names 09.spot_the_mistake chooses from."""

register(Exercise(
    key="09.spot_the_mistake",
    title="Name the mistake in each of five snippets",
    judge=choice_judge(
        ["keyword_call", "upstream_ignored", "float32_false_alarm", "wrong_shape", "none_gradient"],
        SYMPTOMS,
        "five for five: you can now name a broken gradient from its symptom.",
        explanations=[
            "The gradient is right, but it is not the custom one: cube(x=x) is a call with keywords, and "
            "TensorFlow then differentiates the forward pass itself.",
            "grad returns 3x² whatever arrives from above: the upstream factor 2 from the loss is lost.",
            "The gradient is correct; a relative error near 1e-4 is what float32 finite differences give. "
            "Repeat the check in float64.",
            "grad returns a (1, 3) gradient for an input of shape (3,); TensorFlow passes it on unchecked.",
            "tf.cast to int32 has no gradient, so everything before it gets None.",
        ]),
    solution="""
        answers = ["keyword_call", "upstream_ignored", "float32_false_alarm", "wrong_shape", "none_gradient"]
    """,
    answer_name="answers",
    mistakes=("wrong_choice", "unknown_name", "wrong_length", "not_a_list"),
))

_rng = np.random.default_rng(9)

register(Exercise(
    key="09.fix_linear",
    title="Fix the gradient of a dense layer y = x W + b",
    judge=gradient_judge(
        lambda: (tf.constant(_rng.standard_normal((4, 3)).astype(np.float32)),
                 tf.constant(_rng.standard_normal((3, 2)).astype(np.float32)),
                 tf.constant([0.1, -0.2])),
        lambda x, W, b: x @ W + b,
        "dx = U Wᵀ, dW = xᵀ U, db = U summed over the batch: every shape matches its input.",
        hints={"transposed": "dW must have W's shape (3, 2): xᵀ (3, 4) times U (4, 2).",
               "not_summed": "b was added to every row: db = tf.reduce_sum(U, axis=0).",
               "upstream_ignored": "every gradient is linear in U."}),
    solution="""
        @strict_custom_gradient
        def linear(x, W, b):
            def grad(U):
                return U @ tf.transpose(W), tf.transpose(x) @ U, tf.reduce_sum(U, axis=0)
            return x @ W + b, grad
    """,
    answer_name="linear",
    mistakes=("transposed", "not_summed", "upstream_ignored"),
))
