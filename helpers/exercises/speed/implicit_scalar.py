"""Exercise 08.implicit_scalar: The implicit gradient of the fixed point z = tanh(w z) + x."""

import tensorflow as tf

from . import iterate_fixed_point
from .. import Exercise
from ..judges import gradient_judge


def _slope(x, w):
    """The fixed point z and D = 1 − tanh²(w z), the slope of tanh where the loop ends."""
    z = iterate_fixed_point(x, w)
    return z, 1 - tf.tanh(w * z) ** 2


def _grads(u, z, D, factor):
    through = u * factor
    return through, tf.reduce_sum(through * D * z)


def _last_step_only(x, w, u):
    z, D = _slope(x, w)
    return _grads(u, z, D, 1.0)


def _plus_sign(x, w, u):
    z, D = _slope(x, w)
    return _grads(u, z, D, 1 / (1 + w * D))


def _w_fixed_at(number, everywhere):
    """The right formula with w replaced by a number seen in the notebook or its checker: in the factor
    1 / (1 − w D) only, or ``everywhere`` in grad (in D = 1 − tanh²(w z) too)."""
    def grads(x, w, u):
        z, D = _slope(x, w)
        n = tf.cast(number, D.dtype)
        if everywhere:
            D = 1 - tf.tanh(n * z) ** 2
        return _grads(u, z, D, 1 / (1 - n * D))
    return grads


def _mean_not_sum(x, w, u):
    z, D = _slope(x, w)
    through = u / (1 - w * D)
    return through, tf.reduce_mean(through * D * z)


def _z_factor_missing(x, w, u):
    z, D = _slope(x, w)
    through = u / (1 - w * D)
    return through, tf.reduce_sum(through * D)


def _product_of_sums(x, w, u):
    z, D = _slope(x, w)
    through = u / (1 - w * D)
    return through, tf.reduce_sum(through * D) * tf.reduce_sum(z)


def _slope_not_squared(x, w, u):
    z = iterate_fixed_point(x, w)
    D = 1 - tf.tanh(w * z)
    return _grads(u, z, D, 1 / (1 - w * D))


def _one_step_of_the_loop(x, w, u):
    z, D = _slope(x, w)
    return _grads(u, z, D, 1 + w * D)


def _slope_of_z(x, w, u):
    z = iterate_fixed_point(x, w)
    D = 1 - z ** 2
    return _grads(u, z, D, 1 / (1 - w * D))


def _slope_at_x(x_for_z):
    """tanh's slope taken at w x instead of w z; with ``x_for_z``, x also in place of z in dz/dw."""
    def grads(x, w, u):
        z = iterate_fixed_point(x, w)
        D = 1 - tf.tanh(w * x) ** 2
        return _grads(u, x if x_for_z else z, D, 1 / (1 - w * D))
    return grads


def _points():
    return [(tf.constant([-1.0, 0.3, 1.2]), tf.constant(0.6)),
            (tf.constant([0.8, -0.4]), tf.constant(-0.45)),
            (tf.constant([[0.2, -1.5], [2.0, 0.1]]), tf.constant(0.85)),
            (tf.constant([0.5, -2.0, 1.0], tf.float64), tf.constant(0.3, tf.float64))]


EXERCISE = Exercise(
    key="08.implicit_scalar",
    title="The implicit gradient of the fixed point z = tanh(w z) + x",
    judge=gradient_judge(
        _points,
        iterate_fixed_point,
        "with D = 1 − tanh²(w z): dz/dx = 1 / (1 − w D) and dz/dw = D z / (1 − w D), the whole loop in one formula.",
        known_wrong=[
            ("last_step_only", _last_step_only,
             "you differentiated only the last step tanh(w z) + x with z held fixed. But z itself depends on x and "
             "w: differentiate the fixed-point equation z = tanh(w z) + x on both sides, with dz on both, and solve "
             "for dz."),
            ("plus_sign", _plus_sign,
             "close, but a sign is off: moving the dz term to one side of the differentiated equation gives the "
             "denominator."),
            *[("hard_coded_w", _w_fixed_at(number, everywhere),
               f"right at w = {number} only: your grad uses the number {number} where the argument w belongs (the "
               "checker tries other values of w).") for number in (0.6, 0.7, 0.5) for everywhere in (False, True)],
            ("z_factor_missing", _z_factor_missing,
             "the gradient for w misses a factor: w enters through tanh(w z), and differentiating w z with respect "
             "to w (z held as it is) brings one down. dx is right."),
            ("product_of_sums", _product_of_sums,
             "the gradient for w multiplies two sums (each factor summed over the entries on its own) instead of "
             "summing products entry by entry: each entry's z belongs with that entry's own factor (an einsum "
             "\"i,j->\" sums each side first; \"i,i->\" pairs the entries)."),
            ("mean_not_sum", _mean_not_sum,
             "the gradient for w is averaged over the entries: w is one number used by every entry, and their "
             "contributions add up: sum them, not average them."),
            ("truncated", _one_step_of_the_loop,
             "you followed the loop's feedback for one iteration only: z feeds back into itself at every iteration, "
             "and at the fixed point the iterations converge to a closed form. Differentiate the fixed-point "
             "equation instead of unrolling it."),
            *[("slope_at_x", _slope_at_x(x_for_z),
               "the slope is taken at the wrong place: tanh's slope belongs where the loop ends, at w z with z "
               "the fixed point, not at w x" + (" (and dz/dw has the factor z, not x)." if x_for_z else "."))
              for x_for_z in (False, True)],
            ("slope_not_squared", _slope_not_squared,
             "the three steps are right, but tanh's slope is not 1 − tanh(t): work out tanh's derivative again (it "
             "has a square in it)."),
            ("slope_of_z", _slope_of_z,
             "the slope is taken at the wrong place: the tanh here is applied to w z, and its value is z − x, not z. "
             "Differentiate tanh(w z) with the chain rule."),
        ],
        fallback="differentiate z = tanh(w z) + x on both sides (dz appears on both), solve for dz, and read off the "
                 "factors for dx and dw.",
        messages={"not_summed": "the gradient for w has x's shape, but w is one number used by every entry: its "
                                "gradient collects all their contributions."}),
    answer_name="fixed_point",
    mistakes=("last_step_only", "plus_sign", "hard_coded_w", "truncated", "slope_at_x", "slope_of_z",
              "slope_not_squared", "upstream_ignored", "not_summed", "mean_not_sum", "product_of_sums",
              "z_factor_missing"),
    hints={"upstream_ignored": "multiply both gradients by upstream.",
           "count": "two inputs, two gradients: (dL/dx, dL/dw).",
           "wrong_forward": "keep z = iterate_fixed_point(x, w) as the forward; use the argument w everywhere (the "
                            "checker tries other values of w)."},
)
