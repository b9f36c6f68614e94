"""Exercises of notebook 01_chain_rule."""

import numpy as np
import tensorflow as tf

from . import Exercise, register
from .judges import function_judge, number_judge, sequence_judge

# y = f(f(f(x))) with f(x) = x², at x = 3: the calls see 3, 9 and 81.
# Backward, outermost first: upstream 1 → 162 → 2916, locals 162, 18, 6,
# downstream 162 → 2916 → 17496 = 8 · 3⁷.
_LINK_BY_LINK = ("Work link by link: which value does each call of f see, what is its local derivative there, and "
                 "how does the chain rule combine them?")

register(Exercise(
    key="01.chain_derivative",
    title="dy/dx of f(f(f(x))) at x = 3, with f(x) = x²",
    judge=number_judge(
        17496.0,
        "dy/dx = 6 · 18 · 162 = 17496 = 8 · 3⁷, the product of the three local derivatives.",
        mistakes=[
            (6.0, "upstream_ignored", "that is the innermost link's local derivative alone: it leaves out what the "
                                      "two outer links contribute, the upstream arriving from them."),
            (162.0, "outer_only", "that is the outermost link's local derivative alone: the inner links have local "
                                  "derivatives too, and the chain rule is the product of every one of them."),
            (18.0 * 162.0, "two_links", "that combines the two outer links only: the innermost link (the call that "
                                        "sees x = 3) has a local derivative too."),
            (186.0, "added", "you added the local derivatives. The chain rule multiplies them: dy/dx is their product."),
            (6561.0, "forward_value", "6561 = 3⁸ is y itself, the forward value, not its derivative."),
            (8 * 3.0 ** 8, "exponent_kept", "the power rule lowers the exponent: y = x⁸ has a derivative with x to a "
                                            "lower power."),
            (4374.0, "factor", "that misses a constant factor: y = x⁸, so how many factors of 2 does dy/dx have?"),
            (216.0, "same_local", "216 = 6³ uses the local derivative 2 · 3 for every link, but each call sees its "
                                  "own input (3, 9 and 81), and its local derivative is 2 times that input."),
            (162.0 ** 3, "same_local", "(2 · 81)³ uses the last link's input, 81, for every local derivative (a "
                                       "lambda made in a loop reads the loop variable when it is called, after the "
                                       "loop has ended). Each call sees its own input (3, 9 and 81)."),
            (1458.0, "exponents_added", "1458 = 6 · 3⁵ is the derivative of x⁶: applying x² three times multiplies "
                                        "the exponents (2 · 2 · 2), it does not add them."),
            ((2 * 9.0) * (2 * 81.0) * (2 * 6561.0), "at_outputs",
             "each local derivative is taken at what its call returns (9, 81, 6561); a local derivative belongs at "
             "the call's input, the value it sees."),
            (1024.0, "worked_example", "1024 is the worked example's answer at x = 2; this exercise is at x = 3."),
            (31.0, "xor", "31 is what Python computes for 8 * 3 ^ 7: in Python ^ is bitwise xor, not a power. Powers "
                          "are written with **."),
        ],
        fallback=_LINK_BY_LINK),
    solution="""
        # The calls see x = 3, 9, 81; their local derivatives are 2·3, 2·9, 2·81.
        answer = (2 * 3) * (2 * 9) * (2 * 81)   # 17496 = 8 · 3**7
    """,
    answer_name="answer",
    mistakes=("wrong_sign", "upstream_ignored", "outer_only", "two_links", "added", "forward_value", "exponent_kept",
              "factor", "same_local", "exponents_added", "worked_example", "xor", "approximate", "at_outputs"),
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
            ([162.0, 2916.0, 17496.0], "downstream", "those are the downstreams, what each call passes on. A call's "
                                                     "upstream is what it receives; what does the outermost call "
                                                     "receive?"),
            ([162.0, 18.0, 6.0], "local", "those are the local derivatives. Upstream is what arrives from the calls "
                                          "after this one."),
            ([6.0, 18.0, 162.0], "local", "those are the local derivatives, innermost first. Upstream is what "
                                          "arrives from the calls after this one."),
            ([1.0, 1.0, 1.0], "upstream_ignored", "upstream is 1 only for the outermost call: each call passes "
                                                  "something else back."),
            ([9.0, 81.0, 6561.0], "forward", "those are the forward values the calls return, not gradients."),
            ([1.0, 32.0, 256.0], "worked_example", "those are the worked example's upstreams at x = 2; this exercise "
                                                   "is at x = 3."),
            ([1.0, 162.0, 18.0], "not_accumulated", "the third number is the middle call's local derivative alone. "
                                                    "What arrives at a call is the upstream of the call after it "
                                                    "times that call's local derivative: nothing is dropped on the "
                                                    "way back."),
            ([1.0, 162.0, 162.0 * 18.0 * 162.0], "upstream_twice",
             "the third number multiplies by the upstream twice: what a call passes back is its local derivative "
             "times the upstream it received, once."),
            ([1.0, 6.0, 108.0], "forward_mode", "you accumulated from the input side. The backward pass starts at "
                                                "the output, so the first upstream belongs to the outermost call."),
        ],
        fallback=_LINK_BY_LINK),
    solution="""
        # Outermost first: upstream starts at dy/dy = 1, then each call passes
        # downstream = local × upstream to the call before it.
        upstreams = [1, 1 * (2 * 81), 1 * (2 * 81) * (2 * 9)]   # [1, 162, 2916]
    """,
    answer_name="upstreams",
    mistakes=("reversed", "downstream", "local", "upstream_ignored", "forward", "worked_example", "forward_mode",
              "not_accumulated", "upstream_twice"),
))

register(Exercise(
    key="01.local_sin",
    title="The local derivative of a sin link",
    judge=function_judge(
        tf.cos, np.array([-2.0, -0.5, 0.0, 1.0, 2.5]),
        "d sin(x)/dx = cos(x): in a chain, a sin link multiplies its upstream by cos of its input.",
        mistakes=[
            (lambda x: -tf.cos(x), "wrong_sign", "wrong sign: check the sign of the derivative of sin."),
            (tf.sin, "forward_value", "that is sin(x) itself, the link's forward value; the local derivative is "
                                      "the derivative of that forward rule."),
            (lambda x: -tf.sin(x), "wrong_function", "that is the derivative of cos(x), not of sin(x)."),
            (lambda x: tf.cos(x * 180 / np.pi), "degrees", "that is cos of x converted to degrees (x · 180/π); "
                                                         "TensorFlow's tf.cos, like the derivative rule, takes "
                                                         "radians: use x as it is."),
            (lambda x: tf.cos(x * np.pi / 180), "degrees", "that is cos of x read as degrees (x · π/180); "
                                                         "TensorFlow's tf.cos, like the derivative rule, takes "
                                                         "radians: use x as it is."),
            (lambda x: np.pi / 180 * tf.cos(x * np.pi / 180), "degrees",
             "that is the derivative of sin for x in degrees (π/180 · cos of x · π/180); TensorFlow's tf.sin and "
             "the course's inputs use radians: use x as it is."),
            (lambda x: tf.abs(tf.cos(x)), "sign_lost", "right where cos(x) ≥ 0, but positive also where the "
                                                       "derivative of sin is negative (at x = -2.0 and 2.5): a "
                                                       "square root is never negative, so √(1 − sin²x) loses the "
                                                       "sign. Which function gives the slope of sin with its sign?"),
            (lambda x: 2 * tf.sin(x) * tf.cos(x), "whole_chain", "that is the derivative of a whole chain (a square "
                                                                 "after sin). A link only knows its own local "
                                                                 "derivative."),
        ],
        what="a function of x such as lambda x: ...",
        fallback="Which function is the derivative of sin?"),
    solution="""
        local_sin = lambda x: tf.cos(x)   # d/dx sin(x) = cos(x)
    """,
    answer_name="local_sin",
    mistakes=("wrong_sign", "forward_value", "wrong_function", "whole_chain", "constant", "numpy", "approximate",
              "takes_upstream", "pair_returned", "degrees", "sign_lost", "integer"),
    hints={"typo": "TensorFlow's trigonometric functions are tf.sin, tf.cos and tf.tan.",
           "undefined_name": "TensorFlow's trigonometric functions are tf.sin, tf.cos and tf.tan."},
))
