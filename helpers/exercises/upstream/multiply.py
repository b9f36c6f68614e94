"""Exercise 02.multiply: a gain, z = x · y, with one number y that scales every entry of x."""

import tensorflow as tf

from .. import Exercise, Feedback, Verdict
from ...boundary import LearnerCodeError
from ..judges import does_not_depend_on_inputs, function_from, gradient_judge


# x and y both single numbers: the two-input case of the notebook's divide example. There a gradient in the wrong
# order still has the right shapes, so it can be named; a gradient that forgets to add up y's uses cannot show yet.
_SCALARS = (tf.constant(2.0), tf.constant(-1.5))


def _broadcast_points():
    # One y for every entry of a vector x (with a 0, where a gradient that divides by x is NaN) and of a matrix x,
    # then the two single numbers again.
    # (x's entries do not sum to 0: a sum of x times a sum of upstream must not look like a sum of x.)
    return [(tf.constant([1.5, 0.0, -2.0, 0.9]), tf.constant(0.8)),
            (tf.constant([[1.2, -0.4, 2.0], [0.3, 1.0, -1.5]], tf.float64), tf.constant(0.7, tf.float64)),
            _SCALARS]


_USES = ("y is used once for every entry of x: how do the contributions of several uses of one value combine "
         "(notebook 01, a value used twice)?")


_ONE_NUMBER = "y is one number, so its gradient is one number too. But " + _USES


_KNOWN_WRONG = [
    ("swapped", lambda x, y, u: (u * x, u * y),
     "your two gradients are swapped: the gradient for x is upstream times how z = x·y changes when x alone "
     "changes, with y held fixed. Return them in the order of the inputs."),
    ("divide_gradients", lambda x, y, u: (u / y, -u * x / y ** 2),
     "those are the partial derivatives of x / y, from the divide example above; z = x·y has its own: how does x·y "
     "change when x alone changes, and when y alone does?"),
    ("forward_value", lambda x, y, u: (u * x * y, u * x * y),
     "grad multiplies upstream by the forward value x·y; it should multiply by the partial derivatives."),
    ("forward_value", lambda x, y, u: (u * x * y, tf.reduce_sum(u * x * y)),
     "grad multiplies upstream by the forward value x·y; it should multiply by the partial derivatives."),
    ("upstream_only", lambda x, y, u: (u, tf.reduce_sum(u)),
     "grad returns upstream itself for both inputs, as if z changed one for one with each of them. Each gradient "
     "is upstream times how z = x·y changes when that input alone changes."),
    ("upstream_only", lambda x, y, u: (u * y, tf.reduce_sum(u)),
     "the gradient for y adds up upstream alone. Each use of y, zᵢ = xᵢ·y, sends back upstreamᵢ times the slope "
     "∂zᵢ/∂y: what is that slope?"),
    ("upstream_ignored", lambda x, y, u: (u * y, tf.reduce_sum(x)),
     "the gradient for y ignores upstream: it is the same whatever upstream grad receives. Each use of y, "
     "zᵢ = xᵢ·y, sends back its own entry of upstream times its slope ∂zᵢ/∂y."),
    ("upstream_only", lambda x, y, u: (u, tf.reduce_sum(u * x)),
     "the gradient for x is upstream alone, without the local derivative: how does zᵢ = xᵢ·y change when xᵢ "
     "alone changes?"),
    ("mean_not_sum", lambda x, y, u: (u * y, tf.reduce_mean(u * x)),
     "you averaged the contributions to y's gradient: every use of y counts in full, so they are summed, not "
     "averaged."),
    ("sum_of_products", lambda x, y, u: (u * y, tf.reduce_sum(u) * tf.reduce_sum(x)),
     "the gradient for y is the sum of upstream times the sum of x. Each use of y pairs one entry of upstream "
     "with its own entry of x: add up those products, not the product of two sums."),
]


_judge_scalars = gradient_judge(lambda: [_SCALARS], lambda x, y: x * y, "", known_wrong=_KNOWN_WRONG)


_judge_broadcast = gradient_judge(
    _broadcast_points, lambda x, y: x * y,
    "dL/dx = upstream · y, entry by entry, and dL/dy = the sum of upstream · x over every entry: y is used once per "
    "entry of x, and the contributions of its uses add up.",
    known_wrong=_KNOWN_WRONG,
    fallback="z = x·y, entry by entry: zᵢ = xᵢ·y. How does zᵢ change with xᵢ, and with y?",
    messages={"not_summed": "the gradient for y is not one number: it keeps axes of x, with separate entries for "
                            "separate uses of y. y itself is one number, and " + _USES,
              "reshape": "a gradient holds the right numbers but not its input's shape: a sum with keepdims=True "
                         "keeps the axes it sums over, and a reshape changes them. Return each gradient with its "
                         "input's shape: a single number, shape (), for y.",
              "upstream_ignored": "upstream ignored: grad returns the partial derivatives alone, whatever upstream "
                                  "it is given, as if z were the final result L. Multiply each of them by "
                                  "upstream."})


_NO_CAUSE = {None, "wrong_values", "partial", "constant_factor", "reversal"}


def _judge_multiply(answer) -> Feedback:
    fn = function_from(answer, "your custom-gradient function")
    try:
        first = _judge_scalars(fn)    # only a named mistake counts here: the other points are more telling
    except (LearnerCodeError, Verdict) as stopped:
        if isinstance(stopped, Verdict):
            raise                     # a plain verdict (no custom gradient, a wrong forward value) stands
        first = None                  # it fails on single numbers: the other points say why (or the last does)
    if first is not None and not first.passed and first.mistake in {key for key, _, _ in _KNOWN_WRONG}:
        return first
    feedback = _judge_broadcast(fn)
    if not feedback.passed and feedback.mistake in _NO_CAUSE and does_not_depend_on_inputs(fn, _broadcast_points()[0]):
        return Feedback(False, "your gradients stay the same when x and y change: numbers copied from an example "
                               "cannot be right at every point. Write them with x, y and upstream.",
                        "constant_gradient")
    return feedback


EXERCISE = Exercise(
    key="02.multiply",
    title="A gain: z = x·y, with one number y for every entry of x",
    judge=_judge_multiply,
    answer_name="multiply",
    mistakes=("swapped", "divide_gradients", "forward_value", "upstream_only", "mean_not_sum", "sum_of_products",
              "not_summed", "wrong_shape", "upstream_ignored", "count", "not_finite", "constant_gradient", "reshape"),
    hints={"wrong_shape": _ONE_NUMBER,
           "count": "return a pair: one gradient for x and one for y, each shaped like its input.",
           "not_finite": "is there a 0 in x where grad divides by x? z / x equals y only where x is not 0.",
           "not_a_pair": "the decorated function returns (z, grad)."},
    # The general advice on a gradient of the wrong shape names the sum this exercise asks for: the hint above
    # asks the question instead.
    withhold=(r" It has axes .*?every such axis\.",),
)
