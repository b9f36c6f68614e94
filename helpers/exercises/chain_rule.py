"""Exercises of notebook 01_chain_rule."""

import numpy as np
import tensorflow as tf

from . import Exercise, register
from .judges import function_judge, number_judge, sequence_judge

# y = f(f(f(x))) with f(x) = x², at x = 3: the calls see 3, 9 and 81.
# Backward, outermost first: upstream 1 → 162 → 2916, locals 162, 18, 6,
# downstream 162 → 2916 → 17496 = 8 · 3⁷.

register(Exercise(
    key="01.chain_derivative",
    title="dy/dx of f(f(f(x))) at x = 3, with f(x) = x²",
    judge=number_judge(
        17496.0,
        "dy/dx = 6 · 18 · 162 = 17496 = 8 · 3⁷, the product of the three local derivatives.",
        mistakes=[
            (6.0, "upstream_ignored", "6 is the innermost call's local derivative 2·3 alone: it ignores the "
                                      "upstream 2916 arriving from the two outer calls. Multiply them."),
            (162.0, "outer_only", "162 is only the outermost call's local derivative 2·81. Keep going: "
                                  "multiply by the local derivatives of the inner calls too."),
            (186.0, "added", "186 = 6 + 18 + 162: you added the local derivatives. The chain rule multiplies them."),
            (6561.0, "forward_value", "6561 = 3⁸ is y itself, the forward value, not its derivative."),
            (4374.0, "factor", "4374 = 2 · 3⁷ misses a factor 4: y = x⁸, so dy/dx = 8 · x⁷."),
        ]),
    solution="""
        # The calls see x = 3, 9, 81; their local derivatives are 2·3, 2·9, 2·81.
        answer = (2 * 3) * (2 * 9) * (2 * 81)   # 17496 = 8 · 3**7
    """,
    answer_name="answer",
    mistakes=("upstream_ignored", "outer_only", "added", "forward_value", "factor"),
))

register(Exercise(
    key="01.upstreams",
    title="The upstream each call receives, in the order the backward pass visits them",
    judge=sequence_judge(
        [1.0, 162.0, 2916.0],
        "upstream 1 → 162 → 2916: each call's upstream is the downstream of the call after it, and the "
        "first upstream is dy/dy = 1.",
        mistakes=[
            ([2916.0, 162.0, 1.0], "reversed", "right numbers, wrong order: the backward pass starts at the "
                                               "output (the outermost call) and moves towards x."),
            ([162.0, 2916.0, 17496.0], "downstream", "those are the downstreams. A call's upstream is what it "
                                                     "receives; the first one is dy/dy = 1."),
            ([162.0, 18.0, 6.0], "local", "those are the local derivatives 2·81, 2·9, 2·3. Upstream is the "
                                          "product of everything after the call."),
            ([1.0, 1.0, 1.0], "upstream_ignored", "upstream is 1 only for the outermost call: each call passes "
                                                  "local × upstream further back."),
        ]),
    solution="""
        # Outermost first: upstream starts at dy/dy = 1, then each call passes
        # downstream = local × upstream to the call before it.
        answer = [1, 1 * (2 * 81), 1 * (2 * 81) * (2 * 9)]   # [1, 162, 2916]
    """,
    answer_name="answer",
    mistakes=("reversed", "downstream", "local", "upstream_ignored"),
))

register(Exercise(
    key="01.local_sin",
    title="The local derivative of a sin link",
    judge=function_judge(
        tf.cos, np.array([-2.0, -0.5, 0.0, 1.0, 2.5]),
        "d sin(x)/dx = cos(x). With it, the chain x → sin → square gives dy/dx = 2 sin(x) cos(x).",
        mistakes=[
            (lambda x: -tf.cos(x), "wrong_sign", "wrong sign: the derivative of sin(x) is +cos(x)."),
            (tf.sin, "forward_value", "that is sin(x) itself, the forward rule; the local derivative is its "
                                      "derivative."),
            (lambda x: -tf.sin(x), "wrong_function", "-sin(x) is the derivative of cos(x), not of sin(x)."),
            (lambda x: 2 * tf.sin(x) * tf.cos(x), "whole_chain", "that is the whole chain's derivative "
                                                                 "(square after sin). A link only knows its "
                                                                 "own local derivative."),
        ],
        what="a function of x such as lambda x: ..."),
    solution="""
        local_sin = lambda x: tf.cos(x)   # d/dx sin(x) = cos(x)
    """,
    answer_name="local_sin",
    mistakes=("wrong_sign", "forward_value", "wrong_function", "whole_chain"),
))
