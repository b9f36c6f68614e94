"""Exercise 08.implicit_scalar: The implicit gradient of the fixed point z = tanh(w z) + x."""

import tensorflow as tf

from . import iterate_fixed_point
from .. import Exercise, Feedback
from ...boundary import running
from ..judges import function_from, gradient_judge


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


def _slope_at_z(x, w, u):
    """tanh's slope taken at z instead of at w z (the w inside the tanh forgotten)."""
    z = iterate_fixed_point(x, w)
    D = 1 - tf.tanh(z) ** 2
    return _grads(u, z, D, 1 / (1 - w * D))


def _slope_in_dx(x, w, u):
    """D also in dx's numerator, as if x were inside the tanh."""
    z, D = _slope(x, w)
    through = u / (1 - w * D)
    return through * D, tf.reduce_sum(through * D * z)


def _x_inside_tanh(slope_from_z):
    """The implicit gradient of z = tanh(w z + x) (the matrix example's form), with tanh's slope 1 − z² or
    1 − tanh²(w z + x)."""
    def grads(x, w, u):
        z = iterate_fixed_point(x, w)
        D = 1 - z ** 2 if slope_from_z else 1 - tf.tanh(w * z + x) ** 2
        through = u / (1 - w * D)
        return through * D, tf.reduce_sum(through * D * z)
    return grads


def _tanh_squared_for_slope(x, w, u):
    """tanh² taken for tanh's slope (the 1 − forgotten)."""
    z = iterate_fixed_point(x, w)
    D = tf.tanh(w * z) ** 2
    return _grads(u, z, D, 1 / (1 - w * D))


def _x_for_z_in_dw(x, w, u):
    z, D = _slope(x, w)
    through = u / (1 - w * D)
    return through, tf.reduce_sum(through * D * x)


def _w_for_z_in_dw(x, w, u):
    z, D = _slope(x, w)
    through = u / (1 - w * D)
    return through, tf.reduce_sum(through * D * w)


def _points():
    return [(tf.constant([-1.0, 0.3, 1.2]), tf.constant(0.6)),
            (tf.constant([0.8, -0.4]), tf.constant(-0.45)),
            (tf.constant([[0.2, -1.5], [2.0, 0.1]]), tf.constant(0.85)),
            (tf.constant([0.5, -2.0, 1.0], tf.float64), tf.constant(0.3, tf.float64))]


_judge_values = gradient_judge(
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
            ("slope_at_z", _slope_at_z,
             "tanh's slope is taken at z, but the tanh in z = tanh(w z) + x is applied to w z: take its slope at its "
             "own argument. (The chain rule then brings the derivative of w z, which you have already.)"),
            ("slope_in_dx", _slope_in_dx,
             "dx carries tanh's slope D, as if x were inside the tanh. In z = tanh(w z) + x, x is added after the "
             "tanh, so dx enters the differentiated equation without a slope; dz and dw come through tanh(w z) and "
             "keep it. (In the matrix example above, x is inside the tanh.)"),
            *[("x_inside_tanh", _x_inside_tanh(slope_from_z),
               "those are the formulas for z = tanh(w z + x), with x inside the tanh, as in the matrix example above. "
               "Here x is added after the tanh, z = tanh(w z) + x: differentiate this equation, with tanh's slope "
               "taken at its own argument w z.") for slope_from_z in (True, False)],
            ("slope_not_one_minus", _tanh_squared_for_slope,
             "tanh's slope is not tanh²: work out tanh's derivative again (tanh² appears in it, but it is not "
             "all of it)."),
            ("x_for_z", _x_for_z_in_dw,
             "the gradient for w has the wrong factor: w enters through tanh(w z), and the derivative of w z with "
             "respect to w, z held as it is, is not x. dx is right."),
            ("w_for_z", _w_for_z_in_dw,
             "the gradient for w has the wrong factor: w enters through tanh(w z), and the derivative of w z with "
             "respect to w, z held as it is, is not w. dx is right."),
        ],
        fallback="differentiate z = tanh(w z) + x on both sides (dz appears on both), solve for dz, and read off the "
                 "factors for dx and dw.",
        messages={"not_summed": "the gradient for w has x's shape, but w is one number used by every entry: its "
                                "gradient collects all their contributions."})


_UNROLLED = ("That is unrolled backpropagation, the opposite of this exercise: it keeps every iteration for the "
             "backward pass, and it is right only as far as the loop has converged. The implicit gradient needs z, x "
             "and w alone: differentiate the equation z = tanh(w z) + x, solve for dz, and read off the factors.")


def _one_more_step_on_the_tape(solve):
    """A solver that reaches the same z another way: ``solve`` run off the tape, then one step of the map on it.

    Its value is the fixed point (to rounding); its unrolled gradient is one step's, far from the implicit one."""
    def iterate(x, w, *args, **kwargs):
        z = tf.stop_gradient(solve(x, w, *args, **kwargs))
        return tf.tanh(w * z) + x
    return iterate


def _globals_naming(fn, name: str, depth: int = 3) -> dict | None:
    """The module namespace (a notebook's, for a learner) in which ``fn``'s own code looks ``name`` up: behind
    decorators (strict_custom_gradient keeps the learner's function in a closure), ``depth`` levels deep."""
    import inspect

    seen: set[int] = set()

    def visit(f, depth):
        f = inspect.unwrap(f)
        if id(f) in seen or depth < 0:
            return None
        seen.add(id(f))
        space = getattr(f, "__globals__", None)
        if isinstance(space, dict) and callable(space.get(name)):
            return space
        for cell in getattr(f, "__closure__", None) or ():
            try:
                inner = cell.cell_contents
            except ValueError:          # an empty cell
                continue
            if callable(inner):
                found = visit(inner, depth - 1)
                if found is not None:
                    return found
        return None

    return visit(fn, depth)


def _follows_the_solver(fn) -> bool | None:
    """Whether fn's gradient changes when the forward's solver reaches the same z another way: a gradient that
    differentiates the solver (a tape around iterate_fixed_point in grad) does, the implicit one does not.
    None when that cannot be tried (fn does not read iterate_fixed_point from its module)."""
    import numpy as np

    if hasattr(fn, "python_function"):               # a tf.function keeps its traced graph: no new trace
        return None
    space = _globals_naming(fn, "iterate_fixed_point")
    if space is None:
        return None
    original = space["iterate_fixed_point"]
    x, w = _points()[0]
    u = tf.constant([0.5, -2.0, 1.5], x.dtype)
    space["iterate_fixed_point"] = _one_more_step_on_the_tape(original)
    try:
        with running("calling your function"):
            with tf.GradientTape() as tape:
                tape.watch([x, w])
                z = fn(x, w)
            dx, dw = tape.gradient(z, [x, w], output_gradients=u)
    except Exception:  # noqa: BLE001 - it ran before; if it cannot run this way, do not judge by it
        return None
    finally:
        space["iterate_fixed_point"] = original
    if not (tf.is_tensor(dx) and tf.is_tensor(dw)):
        return None
    z, D = _slope(x, w)
    want_dx, want_dw = _grads(u, z, D, 1 / (1 - w * D))
    return not (np.allclose(dx.numpy(), want_dx.numpy(), rtol=1e-4, atol=1e-6)
                and np.allclose(dw.numpy(), want_dw.numpy(), rtol=1e-4, atol=1e-6))


def _tanh_gradients_in_backward_pass(fn) -> int:
    """How many times the gradient of fn at the first point differentiates a tanh (TanhGrad ops, nested functions
    included): once or not at all for the implicit gradient, once per iteration for a loop unrolled on a tape."""
    x, w = _points()[0]

    def run(x, w):
        with tf.GradientTape() as tape:
            tape.watch([x, w])
            z = fn(x, w)
        return tape.gradient(z, [x, w])

    try:
        with running(""):
            concrete = tf.function(run, autograph=False).get_concrete_function(x, w)
    except Exception:  # noqa: BLE001 - it ran before; if it cannot be traced this way, do not judge by it
        return 0
    graph_def = concrete.graph.as_graph_def()
    nodes = list(graph_def.node) + [n for f in graph_def.library.function for n in f.node_def]
    return sum(n.op == "TanhGrad" for n in nodes)


def _judge_implicit(answer) -> Feedback:
    feedback = _judge_values(answer)
    if feedback.mistake == "wrong_sign":
        which = feedback.message.split("wrong sign")[0]
        return Feedback(False, f"{which}wrong sign: it is exactly minus the right one. Check the signs where you move "
                               "the dz term to one side and solve for dz.", "wrong_sign")
    if not feedback.passed:
        return feedback
    fn = function_from(answer, "your custom-gradient function")
    if _follows_the_solver(fn):
        return Feedback(False, "your gradient differentiates the solver: the checker swapped iterate_fixed_point for "
                               "one that reaches the same z another way (the loop off the tape, then one step on it), "
                               "and your gradient changed with it, where the fixed point's gradient cannot. "
                               + _UNROLLED, "unrolled")
    steps = _tanh_gradients_in_backward_pass(fn)
    if steps > 3:
        return Feedback(False, f"your grad differentiates tanh {steps} times: it backpropagates through a loop of "
                               "iterations recorded on a tape. " + _UNROLLED, "unrolled")
    return feedback


EXERCISE = Exercise(
    key="08.implicit_scalar",
    title="The implicit gradient of the fixed point z = tanh(w z) + x",
    judge=_judge_implicit,
    answer_name="fixed_point",
    mistakes=("last_step_only", "plus_sign", "hard_coded_w", "truncated", "slope_at_x", "slope_of_z",
              "slope_not_one_minus", "x_for_z",
              "slope_not_squared", "upstream_ignored", "not_summed", "mean_not_sum", "product_of_sums",
              "z_factor_missing", "slope_at_z", "slope_in_dx", "x_inside_tanh", "w_for_z", "wrong_sign", "unrolled"),
    hints={"upstream_ignored": "multiply both gradients by upstream.",
           "count": "two inputs, two gradients: (dL/dx, dL/dw).",
           "wrong_forward": "keep z = iterate_fixed_point(x, w) as the forward; use the argument w everywhere (the "
                            "checker tries other values of w)."},
)
