"""Exercise 02.x_sin_x: A custom gradient for x·sin(x)."""

import tensorflow as tf

from .. import Exercise, Feedback
from ..judges import function_from, gradient_judge, refers_to


# The last point holds x = 0, where a gradient that divides by x (y / x + x cos x) is NaN; it comes last, since at 0
# the derivative is 0 and most wrong gradients agree there, which would hide what they get wrong elsewhere.
_points = lambda: [(tf.constant([-2.0, -0.5, 0.3, 1.0, 2.5]),), (tf.constant([[0.7, -3.0], [1.9, 4.2]]),),
                   (tf.constant([0.0, 1.2], tf.float64),)]     # float64 too: grad keeps the input's dtype


_judge_values = gradient_judge(
        _points, lambda x: x * tf.sin(x),
        "d(x·sin x)/dx = sin x + x·cos x, times upstream: the product rule and the chain rule in one line.",
        known_wrong=[
            ("product_rule", lambda x, u: u * x * tf.cos(x),
             "you kept only one of the two terms the product rule gives: x·sin(x) is a product of two factors that "
             "both change with x, and each contributes a term."),
            ("product_rule", lambda x, u: u * tf.sin(x),
             "you kept only one of the two terms the product rule gives: x·sin(x) is a product of two factors that "
             "both change with x, and each contributes a term."),
            ("product_rule", lambda x, u: u * tf.cos(x),
             "that is the derivative of sin(x) alone; x·sin(x) is a product of two factors that both change with x: "
             "which rule differentiates a product?"),
            ("product_rule", lambda x, u: u * (tf.sin(x) + tf.cos(x)),
             "the second term of the product rule is missing a factor: differentiate one factor and keep the other "
             "one as it is."),
            *[("product_rule", wrong,
               "both terms of the product rule are there, but one has the wrong sign: the product rule adds the two "
               "terms.") for wrong in (lambda x, u: u * (tf.sin(x) - x * tf.cos(x)),
                                       lambda x, u: u * (x * tf.cos(x) - tf.sin(x)))],
            ("forward_value", lambda x, u: u * x * tf.sin(x),
             "grad multiplies upstream by the forward value x·sin(x); it should multiply by its derivative."),
            *[("rebound_input", wrong,
               "grad computes the right formula, but with x·sin(x) where x belongs: was the name x reassigned to the "
               "output (x = x * tf.sin(x)) before grad runs? grad reads x when it is called, after the forward has "
               "finished; give the output its own name.")
              for wrong in (lambda x, u: u * (tf.sin(x * tf.sin(x)) + x * tf.sin(x) * tf.cos(x * tf.sin(x))),
                            lambda x, u: u * (tf.sin(x) + x * tf.sin(x) * tf.cos(x)))],
        ],
        fallback="x·sin(x) is a product of two factors that both depend on x: which rule differentiates a product?",
        messages={"upstream_ignored": "upstream ignored: grad returns the local derivative alone, whatever upstream it "
                                      "is given, as if x·sin(x) were the final result L. Multiply it by upstream."})


# Ways to have TensorFlow differentiate the forward inside grad: right values, but no derivative written.
_AUTODIFF = ("GradientTape", "gradients", "ForwardAccumulator")


def _judge_x_sin_x(answer) -> Feedback:
    feedback = _judge_values(answer)
    if feedback.passed and any(refers_to(function_from(answer, "your function"), name) for name in _AUTODIFF):
        return Feedback(False, "right values, but grad has TensorFlow differentiate x·sin(x) itself (a GradientTape "
                               "inside grad): that is autodiff, not a custom gradient. This exercise asks you to write "
                               "the derivative: which two terms does the product rule give?", "autodiff_in_grad")
    return feedback


EXERCISE = Exercise(
    key="02.x_sin_x",
    title="A custom gradient for x·sin(x)",
    judge=_judge_x_sin_x,
    answer_name="x_sin_x",
    mistakes=("upstream_ignored", "product_rule", "wrong_sign", "forward_value", "no_custom_gradient",
              "not_decorated", "approximation", "rebound_input", "autodiff_in_grad"),
    hints={"typo": "TensorFlow's functions are tf.sin and tf.cos.",
           "undefined_name": "TensorFlow's functions are tf.sin and tf.cos."},
)
