"""Exercise 01.local_sin: The local derivative of a sin link."""

import numpy as np
import tensorflow as tf

from .. import Exercise
from ..judges import function_judge


EXERCISE = Exercise(
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
    answer_name="local_sin",
    mistakes=("wrong_sign", "forward_value", "wrong_function", "whole_chain", "constant", "numpy", "approximate",
              "takes_upstream", "pair_returned", "degrees", "sign_lost", "integer"),
    hints={"typo": "TensorFlow's trigonometric functions are tf.sin, tf.cos and tf.tan.",
           "undefined_name": "TensorFlow's trigonometric functions are tf.sin, tf.cos and tf.tan."},
)
