"""Exercises of notebook 07_higher_order_and_registry."""

import numpy as np
import tensorflow as tf

from . import Exercise, Feedback, register
from .judges import builds_square_matrix, function_from, one_tensor, refers_to
from ..boundary import LearnerCodeError, returns_nothing, running

_X = np.array([-1.5, 0.5, 2.0])
_U = np.array([2.0, -1.0, 0.5])


def fused_tanh(x):
    """tanh(x) and its slope 1 − tanh²(x) from one fused call that TensorFlow cannot differentiate."""
    y = tf.tanh(x)
    return tf.stop_gradient(y), tf.stop_gradient(1 - y ** 2)


_POINTS = [(np.array([-1.5, 0.5, 2.0]), np.array([2.0, -1.0, 0.5])),
           (np.array([[0.3, -0.8], [1.1, -0.2]]), np.array([[-1.5, 0.7], [2.5, 1.0]]))]


def _derivatives(answer, x, u, in_function, squared=False):
    """y, the first derivative for upstream u, and the second (its gradient with upstream 1).

    With ``squared``, both are derivatives of the loss L = Σ u·y², whose upstream 2u·y depends on x.
    """
    def run(x):
        with tf.GradientTape() as outer:
            outer.watch(x)
            with tf.GradientTape() as inner:
                inner.watch(x)
                y = one_tensor(answer(x), "your function")
                target = u * y ** 2 if squared else y
            first = inner.gradient(target, x) if squared else inner.gradient(y, x, output_gradients=u)
        second = outer.gradient(first, x) if first is not None else None
        return y, first, second

    stage = "differentiating your function twice" + (" inside tf.function" if in_function else "")
    with running(stage):
        return tf.function(run, autograph=False)(x) if in_function else run(x)


def _follows_fused_slope(fn) -> bool | None:
    """Whether fn's first derivative follows the slope fused_tanh returns: checked by scaling that slope by 1.5
    while fn runs eagerly once. None when that cannot be tried (fn does not read fused_tanh from its module)."""
    import inspect

    if hasattr(fn, "python_function"):               # a tf.function keeps its traced graph: no new trace
        return None
    space = getattr(inspect.unwrap(fn), "__globals__", None)
    if not isinstance(space, dict) or not callable(space.get("fused_tanh")):
        return None
    original = space["fused_tanh"]

    def scaled_slope(x):
        y, slope = original(x)
        return y, 1.5 * slope

    x, u = (tf.constant(v) for v in _POINTS[0])
    space["fused_tanh"] = scaled_slope
    try:
        with running("calling your function"):
            with tf.GradientTape() as tape:
                tape.watch(x)
                y = one_tensor(fn(x), "your function")
            first = tape.gradient(y, x, output_gradients=u)
    except Exception:  # noqa: BLE001 - it ran before; if it cannot run this way, do not judge by it
        return None
    finally:
        space["fused_tanh"] = original
    if first is None:
        return None
    return bool(np.allclose(first.numpy(), 1.5 * u.numpy() * (1 - np.tanh(x.numpy()) ** 2)))


def _judge_second(answer) -> Feedback:
    """Judged with the course's fused_tanh: one the learner defined for themselves (a differentiable stand-in,
    written to see what it does) would make a first-order-only answer look right."""
    fn = function_from(answer, "your custom-gradient function")
    import inspect

    space = getattr(inspect.unwrap(fn), "__globals__", None)
    theirs = space.get("fused_tanh") if isinstance(space, dict) else None
    if theirs is None or theirs is fused_tanh:
        return _judge_second_with_course_slope(fn)
    space["fused_tanh"] = fused_tanh
    try:
        return _judge_second_with_course_slope(fn)
    finally:
        space["fused_tanh"] = theirs


def _judge_second_with_course_slope(fn) -> Feedback:
    for xv, uv in _POINTS:
        x, u = tf.constant(xv), tf.constant(uv)
        t = np.tanh(xv)
        slope, curvature = 1 - t ** 2, -2 * t * (1 - t ** 2)
        for in_function in (False, True):
            mode = "inside tf.function" if in_function else "eagerly"
            y, first, second = _derivatives(fn, x, u, in_function)
            if not np.allclose(y.numpy(), t):
                return Feedback(False, "the forward value is not tanh(x): return the first value of fused_tanh(x).",
                                "wrong_forward")
            if first is None:
                return Feedback(False, "the first derivative is None: grad must return a gradient.", "none")
            if np.allclose(first.numpy(), slope):
                return Feedback(False, "your first derivative ignores upstream (dy): multiply by it.",
                                "upstream_ignored")
            if not np.allclose(first.numpy(), uv * slope):
                return Feedback(False, "the first derivative is not upstream times fused_tanh's slope.",
                                "wrong_first")
            if second is None:
                return Feedback(False, f"{mode} the second derivative is None: the first derivative is built from "
                                       "fused_tanh's slope, which the tape cannot see into. Make the first "
                                       "derivative itself a @tf.custom_gradient function of x whose own grad gives "
                                       "its derivative (decorating grad does not help: its input is dy, not x), "
                                       "and call it positionally: a call with keyword arguments skips its custom "
                                       "gradient.",
                                "second_none")
            got = second.numpy()
            if np.allclose(got, uv * curvature):
                continue
            if np.allclose(got, uv * slope):
                return Feedback(False, "the second derivative equals the first: the inner grad must return the "
                                       "derivative of the slope 1 − tanh²(x), not the slope again.",
                                "not_differentiated")
            if np.allclose(got, curvature):
                return Feedback(False, "the second derivative ignores an upstream: the inner grad must multiply by "
                                       "its own upstream (ddy), and the outer grad by dy.", "upstream_ignored")
            if np.allclose(got, -uv * curvature):
                return Feedback(False, "the second derivative has the wrong sign: check the sign when you "
                                       "differentiate 1 − tanh²(x).", "wrong_sign")
            ratio = got / (uv * curvature)
            if np.all(np.isfinite(ratio)) and np.allclose(ratio, ratio.flat[0]) and abs(ratio.flat[0]) > 1e-3:
                return Feedback(False, f"your second derivative is {ratio.flat[0]:.3g} times the right one at every "
                                       "point: a constant factor is off. Differentiate 1 − tanh²(x) again, step by "
                                       "step: the square brings down a factor too.", "constant_factor")
            if np.allclose(got, uv * -2 * t):
                return Feedback(False, "close: differentiating tanh²(x) needs the chain rule, and the derivative of "
                                       "the inner tanh(x) is a factor you left out.", "chain_rule")
            return Feedback(False, f"{mode} the second derivative is not right: differentiate the slope 1 − tanh²(x) "
                                   "once more in the inner grad (the chain rule applies to tanh²).", "wrong_second")
    for xv, uv in _POINTS:
        t = np.tanh(xv)
        slope, curvature = 1 - t ** 2, -2 * t * (1 - t ** 2)
        for in_function in (False, True):
            _, first, second = _derivatives(fn, tf.constant(xv), tf.constant(uv), in_function, squared=True)
            want_first, want_second = 2 * uv * t * slope, 2 * uv * (slope ** 2 + t * curvature)
            if first is None or second is None or not np.allclose(first.numpy(), want_first) or \
                    not np.allclose(second.numpy(), want_second):
                return Feedback(False, "right for L = y, but not inside a loss that is not linear in y (the checker "
                                       "tries L = Σ u·y²): there the upstream dy depends on x, and your second "
                                       "derivative misses that dependence. Use dy only outside the inner "
                                       "custom-gradient function (multiply its result by dy), so the tape sees it.",
                                "dy_inside")
    if not refers_to(fn, "fused_tanh"):
        return Feedback(False, "your derivatives are right, but tanh_op never calls fused_tanh: with tf.tanh the tape "
                               "can differentiate everything itself, which is not the situation of this exercise. "
                               "Take the value and the slope from y, slope = fused_tanh(x), and give the second "
                               "derivative yourself.", "not_fused")
    if _follows_fused_slope(fn) is False:
        return Feedback(False, "your derivatives are right, but your first derivative does not come from the slope "
                               "fused_tanh returns (the checker changed that slope, and yours stayed the same): you "
                               "computed it again from x with TensorFlow operations, which the tape can differentiate "
                               "by itself. This exercise is about a slope the tape cannot see: use the slope from "
                               "y, slope = fused_tanh(x), and give its derivative yourself.", "not_fused")
    return Feedback(True, "first derivative 1 − tanh²(x), second derivative −2 tanh(x)(1 − tanh²(x)), eagerly and "
                          "inside tf.function, whatever the upstream, also inside the loss Σ u·y².")


register(Exercise(
    key="07.fused_second_derivative",
    title="A true second derivative when the first comes from a fused call (tanh)",
    judge=_judge_second,
    solution="""
        @tf.custom_gradient
        def tanh_op(x):
            y, slope = fused_tanh(x)                 # tanh(x) and 1 − tanh²(x), not differentiable
            def grad(dy):
                @tf.custom_gradient
                def first_derivative(x):
                    def second(ddy):
                        return ddy * -2 * y * slope  # d(1 − tanh²x)/dx = −2 tanh(x) (1 − tanh²x)
                    return slope, second
                return dy * first_derivative(x)
            return y, grad
    """,
    answer_name="tanh_op",
    context={"fused_tanh": fused_tanh},
    mistakes=("second_none", "upstream_ignored", "not_differentiated", "wrong_second", "wrong_first", "wrong_sign",
              "chain_rule", "dy_inside", "not_fused", "constant_factor"),
    hints={"numpy_in_graph": "keep grad in TensorFlow operations: the values fused_tanh returns are already "
                             "tensors."},
))

_HX = np.array([-2.0, 0.0, 1.0, 3.0])
_HV = np.array([1.0, -2.0, 0.5, 4.0])


@tf.custom_gradient
def softplus_sum(x):
    """sum(log(1 + exp(x))) with a custom gradient σ(x) made of TensorFlow ops."""
    def grad(upstream):
        return upstream * tf.sigmoid(x)
    return tf.reduce_sum(tf.math.softplus(x)), grad


_M = tf.constant(np.array([[1.0, -0.5, 0.0, 2.0], [0.3, 1.0, -1.2, 0.0], [0.0, 0.8, 0.5, -1.0]]))


def coupled(x):
    """softplus_sum(M x): its Hessian Mᵀ diag(σ'(Mx)) M is not diagonal."""
    return softplus_sum(tf.linalg.matvec(_M, x))


def _hessian(f, x):
    """The whole Hessian of f at a 1-D x, one row per unit vector (n is small here; ``tape.jacobian``
    would trace a new vectorised function at every call)."""
    with tf.GradientTape(persistent=True) as outer:
        outer.watch(x)
        with tf.GradientTape() as inner:
            inner.watch(x)
            y = f(x)
        g = inner.gradient(y, x)
    n = int(x.shape[0])
    return np.stack([outer.gradient(g, x, output_gradients=tf.one_hot(i, n, dtype=x.dtype)).numpy()
                     for i in range(n)])


def _judge_hvp(answer) -> Feedback:
    fn = function_from(answer, "a function hvp(f, x, v)")
    x, v = tf.constant(_HX), tf.constant(_HV)
    for f, name in ((softplus_sum, "softplus_sum"), (coupled, "a function whose Hessian is not diagonal")):
        try:
            with running(f"calling hvp(f, x, v) with f = {name}"):
                got = fn(f, x, v)
        except LearnerCodeError as e:
            shape_clash = e.mistake in ("broadcast_shapes", "matmul_shapes", "wrong_shape")
            if shape_clash and refers_to(fn, "output_gradients"):
                return Feedback(False, "your hvp gives v to the first differentiation, and a shape clash follows. "
                                       "v has x's shape: it can weight the gradient g (shaped like x), not f(x), a "
                                       "scalar whose upstream is 1. Give v to the second differentiation, the one "
                                       f"of g. (In detail: {e.sentence()})", "v_to_first")
            raise
        if got is None and returns_nothing(fn):
            return Feedback(False, "hvp returns nothing yet: its body has no return statement with a value. Return "
                                   "H·v, one tensor shaped like x.", "returned_none")
        if got is None:
            return Feedback(False, "hvp returned None: the outer tape saw no path from what you differentiate to x. "
                                   "Everything between x and the target of the outer gradient call (the inner "
                                   "gradient g, and its product with v) must be computed inside the outer tape's "
                                   "with-block, and x watched by both tapes.", "none")
        if isinstance(got, (tuple, list)):
            return Feedback(False, f"hvp returned {len(got)} values; return H·v alone, one tensor shaped like x.",
                            "wrong_kind")
        if tf.is_tensor(got) and got.dtype != x.dtype:
            return Feedback(False, f"hvp returned {got.dtype.name} for {x.dtype.name} input: keep x's dtype (no casts), "
                                   "so nothing is lost to rounding.", "wrong_dtype")
        got = np.asarray(got.numpy() if tf.is_tensor(got) else got, dtype=np.float64)
        H = _hessian(f, x)
        if got.shape == H.shape:
            return Feedback(False, "that is the whole Hessian (n × n). An HVP never builds it: return H·v, shaped "
                                   "like x.", "full_hessian")
        gradient = _gradient(f, x).numpy()
        if got.shape == () and np.isclose(float(got), float(gradient @ _HV)):
            return Feedback(False, "hvp returned one number, g·v: the derivative of f along v, a first derivative. "
                                   "H·v is a second derivative, shaped like x: differentiate once more, with respect "
                                   "to x.", "directional_only")
        if got.shape != _HX.shape:
            return Feedback(False, f"hvp returned shape {got.shape}; H·v has x's shape {_HX.shape}.", "wrong_shape")
        if np.allclose(got, gradient):
            return Feedback(False, "that is the gradient of f, not a Hessian-vector product: differentiate the "
                                   "gradient once more, with a second tape, with respect to x (differentiating g·v "
                                   "with respect to v gives g back).", "gradient_only")
        if np.allclose(got, H @ np.ones_like(_HV)):
            return Feedback(False, "you ignored v: that is H·1. The second differentiation must be weighted by v "
                                   "(output_gradients=v).", "v_ignored")
        if np.allclose(got, np.diag(H) * _HV) and name != "softplus_sum":
            return Feedback(False, "right for softplus_sum, whose Hessian is diagonal, but not for a function whose "
                                   "Hessian is not: your hvp multiplies v entry by entry (the diagonal of H) instead "
                                   "of by the whole H. Differentiate the gradient with output_gradients=v.",
                            "diagonal_only")
        if np.allclose(got, (H @ np.ones_like(_HV)) * _HV) and name != "softplus_sum":
            return Feedback(False, "right for softplus_sum, whose Hessian is diagonal, but not for a function whose "
                                   "Hessian is not: your hvp multiplies by v after the second differentiation, "
                                   "which gives (H·1)·v entry by entry. Weight the second differentiation by v "
                                   "instead (differentiate the sum of g·v).", "diagonal_only")
        if np.allclose(got, (H @ np.ones_like(_HV)) * np.sum(_HV)) and not np.allclose(got, H @ _HV):
            return Feedback(False, "your hvp gives (H·1) times the sum of v: g and v were combined as an outer product "
                                   "(tf.tensordot with axes=0, or v[:, None] or a (n, 1) column against g's (n,), "
                                   "which broadcasts to an n × n matrix) whose sum is Σg · Σv, not the dot product "
                                   "Σ g·v. Keep v shaped like x and multiply entry by entry.",
                            "broadcast")
        if np.allclose(got, 0) and not np.allclose(H @ _HV, 0):
            return Feedback(False, "hvp returns zeros: did the outer gradient come back as None (the outer tape saw "
                                   "no path to x: watch x in it, and compute g and g·v inside its block) and "
                                   "something replace that None with zeros? Let a None show instead of hiding it.",
                            "zeros")
        target = H @ _HV
        scale = float(got.ravel() @ target.ravel() / (target.ravel() @ target.ravel()))
        if not np.isclose(scale, 1.0, rtol=1e-3) and np.allclose(got, scale * target, rtol=1e-6, atol=1e-9):
            return Feedback(False, f"your values are H·v times a constant factor ({scale:.4g}): a reduce_mean where "
                                   "a sum is meant, or an extra scale somewhere. H·v is the gradient of the sum of "
                                   "g·v, with no other factor.", "scaled")
        if not np.allclose(got, H @ _HV, rtol=1e-10, atol=1e-12):
            if np.allclose(got, H @ _HV, rtol=1e-2, atol=1e-6):
                error = np.max(np.abs(got - H @ _HV)) / np.max(np.abs(H @ _HV))
                return Feedback(False, f"close, but not exact (relative error {error:.0e}, in float64): an "
                                       "approximation such as finite differences of the gradient? Tapes give H·v "
                                       "exactly: differentiate the gradient of f once more.", "approximate")
            swapped = _hessian(f, v) @ _HX
            if np.allclose(got, swapped):
                return Feedback(False, "x and v are swapped: hvp(f, x, v) takes f, then the point x, then the vector "
                                       "v. Check the order of the parameters.", "swapped")
            if name != "softplus_sum":
                return Feedback(False, "right for softplus_sum, but not for another function: hvp must use the f it "
                                       "is given, for any f (the checker tries one whose Hessian is not diagonal).",
                                "only_softplus")
            return Feedback(False, "those values are not the Hessian-vector product H·v: differentiate the gradient "
                                   "of f a second time (a second tape around the first), weighted by v.",
                            "wrong_values")
    if builds_square_matrix(lambda x, v: fn(coupled, x, v), (x, v), len(_HX)):
        return Feedback(False, "right values, but your hvp builds an n × n matrix (the Hessian, or a Jacobian): that "
                               "costs n² memory, which is what a Hessian-vector product avoids. Differentiate the "
                               "gradient once more with v as output_gradients, so only vectors appear.", "full_hessian")
    if refers_to(fn, "ForwardAccumulator"):
        return Feedback(False, "right values, by forward over reverse, the method shown above. This exercise asks for "
                               "the other one, reverse over reverse: two GradientTapes and no ForwardAccumulator.",
                        "forward_over_reverse")
    return Feedback(True, "H·v for any f by reverse over reverse, with two tapes and no n × n matrix: right for "
                          "softplus_sum (diagonal H) and for a function whose Hessian is not diagonal.")


def _gradient(f, x):
    with tf.GradientTape() as tape:
        tape.watch(x)
        y = f(x)
    return tape.gradient(y, x)


register(Exercise(
    key="07.hvp",
    title="A Hessian-vector product hvp(f, x, v) for any scalar function f",
    judge=_judge_hvp,
    solution="""
        def hvp(f, x, v):
            with tf.GradientTape() as outer:
                outer.watch(x)
                with tf.GradientTape() as inner:
                    inner.watch(x)
                    y = f(x)
                g = inner.gradient(y, x)                     # the gradient, built from TensorFlow ops
            return outer.gradient(g, x, output_gradients=v)  # (∂g/∂x)ᵀ v = H v
    """,
    answer_name="hvp",
    context={"softplus_sum": softplus_sum},
    mistakes=("directional_only", "full_hessian", "gradient_only", "v_ignored", "none", "wrong_shape", "diagonal_only",
              "only_softplus", "wrong_kind", "swapped", "approximate", "forward_over_reverse", "wrong_dtype", "scaled", "v_to_first"),
    hints={"arguments": "hvp takes three arguments, (f, x, v), and uses the f it is given."},
))
