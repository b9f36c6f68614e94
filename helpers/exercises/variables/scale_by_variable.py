"""Exercise 06.scale_by_variable: y = x · w² with a tf.Variable w: the variables= contract."""

import numpy as np
import tensorflow as tf

from .. import Exercise, Feedback, reject
from ...boundary import running
from ..judges import _kind, function_from, one_tensor, require_custom_gradient


_X = np.array([1.0, -2.0, 0.5], dtype=np.float32)


_U = np.array([0.5, 1.5, -2.0], dtype=np.float32)


_OTHER_W = (-0.7, 1.3, 0.0)        # 0 last: a gradient that divides by w (or by y) is NaN there


def _variables_named_in(fn) -> list:
    """The tf.Variables a function's code refers to by a global or enclosing name (its grad's code included)."""
    found, seen = [], set()

    def visit(code, globals_, cells):
        if id(code) in seen:
            return
        seen.add(id(code))
        values = [globals_.get(n) for n in code.co_names] + [c.cell_contents for c in cells or () if _filled(c)]
        for v in values:                                 # by identity: == on variables compares values
            if isinstance(v, tf.Variable) and all(v is not f for f in found):
                found.append(v)
        for const in code.co_consts:                     # nested functions, such as grad
            if hasattr(const, "co_names"):
                visit(const, globals_, ())

    inner = getattr(fn, "__wrapped__", fn)
    code = getattr(inner, "__code__", None)
    if code is not None:
        visit(code, getattr(inner, "__globals__", {}), getattr(inner, "__closure__", None))
    return found


def _filled(cell) -> bool:
    try:
        cell.cell_contents
    except ValueError:
        return False
    return True


def _run_scale(fn, x, u):
    """y, dL/dx, dL/dw and the variable read, for one call of the answer."""
    named = _variables_named_in(fn) if tf.executing_eagerly() else []    # inside tf.function: not checked
    before = [v.numpy().copy() for v in named]
    with running("running your function and its grad"):
        with tf.GradientTape() as tape:
            tape.watch(x)
            y = fn(x)
        y = one_tensor(y, "your function")
        variables = list(tape.watched_variables())
        frozen = [v for v in _variables_named_in(fn) if not v.trainable]
        if not variables and frozen:
            reject("your function reads a tf.Variable created with trainable=False, and a tape does not watch a "
                   "variable that is not trainable: TensorFlow never asks grad for its gradient. Create w with "
                   "tf.Variable(2.0) (trainable is the default).", "not_trainable")
        if len(variables) > 1:
            kinds = ", ".join(f"{'an' if v.dtype.name[0] in 'aeiu' else 'a'} {v.dtype.name} of shape {tuple(v.shape)}"
                              for v in variables)
            reject(f"your function should read exactly one tf.Variable, w; it read {len(variables)} ({kinds}). Every "
                   "variable the function reads is in `variables` and needs its own gradient: keep anything else "
                   "(a counter, a cache) out of the function.", "no_variable")
        if len(variables) != 1:
            reject("your function should read exactly one tf.Variable (w); it read none. Create w with "
                   "tf.Variable(2.0) and use it inside the function (not w.numpy() or a plain number).",
                   "no_variable")
        w = variables[0]
        dx, dw = tape.gradient(y, [x, w], output_gradients=u)
    changed = [v for v, b in zip(named, before) if not np.array_equal(v.numpy(), b)]
    if changed:
        for v, b in zip(named, before):
            v.assign(b)
        reject("your function or its grad changed a variable's value (assign, assign_add or assign_sub): grad only "
               "returns gradients, and the optimizer changes the variables with them. Remove the assignment.",
               "variable_changed")
    return y, dx, dw, w


def _judge_scale(answer) -> Feedback:
    """Gradients of y = x · w² for x and for the variable w the answer reads, at several values of w.

    The steps in order:

    1. ``_results_at_several_w``: y and both gradients at the notebook's w, then at each of ``_OTHER_W``
       (w is set back afterwards, whatever happens);
    2. for each w, ``_judge_scale_at``: ``_forward_follows_w``, ``_gradient_kinds``, ``_gradient_shapes``,
       ``_gradients_finite``, then, for values that are not right, the known mistakes
       (``_kept_w_or_no_upstream``, ``_known_wrong_gradient_for_w``, ``_wrong_gradient_for_x``) before the
       verdict that names no cause;
    3. ``_summed_for_a_matrix``: the gradient for w is one number for a matrix x too;
    4. ``_runs_in_function``: the same inside tf.function (errors end here);
    5. ``require_custom_gradient``: a grad of the learner's own.

    All values of w are computed before any is judged, so the variable is back at its value before the feedback
    is given. A forward value that does not follow w is told before the gradients, which would not follow it either.
    """
    fn = function_from(answer, "your custom-gradient function")
    x, u = tf.constant(_X), tf.constant(_U)
    results, w, start = _results_at_several_w(fn, x, u)
    for wv, y, dx, dw in results:
        feedback = _judge_scale_at(wv, y, dx, dw, x, w, start)
        if feedback is not None:
            return feedback
    feedback = _summed_for_a_matrix(fn)
    if feedback is not None:
        return feedback
    _runs_in_function(fn, x, u)
    require_custom_gradient(fn, (x,))
    return Feedback(True, "grad takes variables=, returns the input gradient and a list with one gradient per "
                          "variable, each shaped like what it is the gradient of; right for every value of w.")


def _results_at_several_w(fn, x, u):
    """``([(w's value, y, dL/dx, dL/dw), ...], w, w's starting value)`` at the notebook's w, then at each of
    ``_OTHER_W``; w is given its starting value back."""
    y, dx, dw, w = _run_scale(fn, x, u)
    start = float(w.numpy())
    try:
        results = [(start, y, dx, dw)]
        for value in _OTHER_W:
            w.assign(value)
            results.append((value,) + _run_scale(fn, x, u)[:3])
    finally:
        w.assign(start)
    return results, w, start


def _judge_scale_at(wv: float, y, dx, dw, x, w, start: float) -> Feedback | None:
    """The answer at one value of w: None when its forward and both gradients are right."""
    feedback = _forward_follows_w(y, wv, start)
    if feedback is None:
        feedback = _gradient_kinds(dx, dw)
    if feedback is None:
        feedback = _gradient_shapes(dx, dw, x, w)
    if feedback is not None:
        return feedback
    want_dx, want_dw = _U * wv ** 2, float(np.sum(_U * _X * 2 * wv))
    dxv, dwv = dx.numpy(), float(dw.numpy())
    feedback = _gradients_finite(dxv, dwv, wv)
    if feedback is not None:
        return feedback
    if np.allclose(dxv, want_dx, rtol=1e-5) and np.isclose(dwv, want_dw, rtol=1e-5):
        return None
    feedback = _kept_w_or_no_upstream(dxv, dwv, wv, start)
    if feedback is None:
        feedback = _known_wrong_gradient_for_w(dxv, dwv, wv, want_dx, want_dw)
    if feedback is None:
        feedback = _wrong_gradient_for_x(dxv, wv, want_dx)
    if feedback is not None:
        return feedback
    return Feedback(False, f"the gradient for w is not right (with w = {wv:g}): differentiate x · w² with respect "
                           "to w, then sum every entry's contribution, weighted by upstream.", "wrong_values")


def _forward_follows_w(y, wv: float, start: float) -> Feedback | None:
    """The forward value is x · w² for w's current value, not for the value it started with."""
    if not np.allclose(y.numpy(), _X * wv ** 2, rtol=1e-5):
        if np.allclose(y.numpy(), _X * start ** 2, rtol=1e-5):
            return Feedback(False, f"after w changes to {wv}, your forward value still uses w = {start:g}: read "
                                   "the variable, not its starting value. (A tf.Variable created inside your "
                                   "function is a new variable on every call, holding its starting value: read "
                                   "the notebook's w instead.)", "hard_coded")
        return Feedback(False, "the forward value is not x · w²; keep the forward as given.", "wrong_forward")
    return None


def _gradient_kinds(dx, dw) -> Feedback | None:
    """A gradient for x and for w, each a tensor."""
    if dx is None or dw is None:
        which = "x" if dx is None else "w"
        return Feedback(False, f"the tape got None for {which}: grad must return a gradient for it (for w, in "
                               "the list of variable gradients).", "none")
    for name, g in (("x", dx), ("w", dw)):
        if not tf.is_tensor(g):
            return Feedback(False, f"the gradient for {name} is {_kind(g)}, not a tensor: NumPy inside grad "
                                   "(.numpy(), np.*) works eagerly but fails inside tf.function. Use TensorFlow "
                                   "operations in grad.", "numpy")
    return None


def _gradient_shapes(dx, dw, x, w) -> Feedback | None:
    """Each gradient has the shape of what it is the gradient of: w's (one number, the entries' sum), x's."""
    if tuple(dw.shape) != tuple(w.shape):
        hint = (" w is one number used by every entry of x: its gradient collects all their contributions, "
                "summed into one number."
                if tuple(dw.shape) == tuple(x.shape) else "")
        return Feedback(False, f"the gradient for w has shape {tuple(dw.shape)}, but w has shape "
                               f"{tuple(w.shape)}.{hint}", "not_summed" if hint else "wrong_shape")
    if tuple(dx.shape) != tuple(x.shape):
        return Feedback(False, f"the gradient for x has shape {tuple(dx.shape)}, but x has shape "
                               f"{tuple(x.shape)}.", "wrong_shape")
    return None


def _gradients_finite(dxv: np.ndarray, dwv: float, wv: float) -> Feedback | None:
    """Finite at every w, 0 included (a division by w or by y is not)."""
    if not (np.all(np.isfinite(dxv)) and np.isfinite(dwv)):
        return Feedback(False, f"at w = {wv:g} your gradient is inf or NaN: does grad divide by w, or by y, which "
                               f"are 0 there{' (w = 0)' if wv == 0 else ''}? Write the derivative without dividing "
                               "by something that can be 0.", "not_finite")
    return None


def _kept_w_or_no_upstream(dxv: np.ndarray, dwv: float, wv: float, start: float) -> Feedback | None:
    """Either gradient computed with w's starting value (a number written in), or without upstream."""
    if wv != start and (np.allclose(dxv, _U * start ** 2, rtol=1e-5)
                        or np.isclose(dwv, float(np.sum(_U * _X * 2 * start)), rtol=1e-5)):
        return Feedback(False, f"after w changes to {wv}, your gradient still uses w = {start:g}, a hard-coded "
                               "number: read the variable w in grad, not the value it started with.", "hard_coded")
    if np.allclose(dxv, wv ** 2, rtol=1e-5) or np.isclose(dwv, float(np.sum(_X * 2 * wv)), rtol=1e-5):
        return Feedback(False, "your grad ignores upstream: both gradients are linear in it (and the one for w "
                               "collects one term per entry of x).", "upstream_ignored")
    return None


def _known_wrong_gradient_for_w(dxv: np.ndarray, dwv: float, wv: float, want_dx: np.ndarray,
                                want_dw: float) -> Feedback | None:
    """A mean instead of a sum, d(w²)/dw missing, the output read instead of x, a constant factor off."""
    if np.isclose(dwv, want_dw / len(_X), rtol=1e-5):
        return Feedback(False, "your gradient for w is the mean of the entries' contributions; each entry of x "
                               "adds its own, so they are summed, not averaged.", "mean_not_sum")
    if not np.isclose(dwv, want_dw, rtol=1e-5) and (np.isclose(dwv, float(np.sum(_U * _X * wv ** 2)), rtol=1e-5)
                                                     or np.isclose(dwv, float(np.sum(_U * _X)), rtol=1e-5)):
        return Feedback(False, "the gradient for w misses the derivative of w²: y depends on w through w², "
                               "so the chain rule brings in d(w²)/dw.", "chain_rule")
    if abs(wv) not in (0.0, 1.0) and np.isclose(dwv, want_dw * wv ** 2, rtol=1e-5):
        return Feedback(False, f"your gradient for w is w² = {wv ** 2:g} times the right one (with w = {wv:g}): grad "
                               "reads the output x · w² where it needs the input x. Was x rebound to the output "
                               "in the forward (x = x * w**2) before grad reads it? Give the output its own name.",
                        "rebound_input")
    if np.allclose(dxv, want_dx, rtol=1e-5) and want_dw != 0 and not np.isclose(dwv / want_dw, 1.0) and \
            np.isclose(dwv / want_dw, round(dwv / want_dw, 2), atol=1e-4) and abs(dwv / want_dw) > 1e-3:
        return Feedback(False, f"your gradient for w is {dwv / want_dw:g} times the right one (with w = {wv:g}): a "
                               "constant factor is off. Differentiate w² again: what does the power rule bring "
                               "down?", "constant_factor")
    return None


def _wrong_gradient_for_x(dxv: np.ndarray, wv: float, want_dx: np.ndarray) -> Feedback | None:
    """The gradient for x: w's (the two mixed up), a factor of w missing or doubled, or otherwise wrong."""
    if np.allclose(dxv, _U * 2 * wv * _X, rtol=1e-5):
        return Feedback(False, "the gradients for x and w look mixed up: the one for x is how y changes with x, "
                               "with w held fixed.", "swapped")
    if not np.allclose(dxv, want_dx, rtol=1e-5) and any(np.allclose(dxv, _U * k, rtol=1e-5) for k in (wv, 2 * wv)):
        return Feedback(False, f"the gradient for x is not right (with w = {wv:g}): y = x · w² multiplies x by "
                               "the square of w, so by how much does y change per unit of x?", "x_factor")
    if not np.allclose(dxv, want_dx, rtol=1e-5):
        return Feedback(False, f"the gradient for x is not right (with w = {wv:g}): differentiate x · w² with "
                               "respect to x, then multiply by upstream.", "wrong_values")
    return None


def _summed_for_a_matrix(fn) -> Feedback | None:
    """For a matrix x the gradient for w is still one number: summed over every axis, not only the last."""
    X = tf.constant(np.stack([_X, -2 * _X]))            # a matrix x: w is still used by every entry
    _, dX, dW, _ = _run_scale(fn, X, tf.ones_like(X))
    if dW is not None and tf.is_tensor(dW) and tuple(dW.shape) != ():
        return Feedback(False, f"for a matrix x your gradient for w has shape {tuple(dW.shape)}, but w is one number: "
                               "sum the contributions of every entry of x, over all axes.", "not_summed")
    return None


def _runs_in_function(fn, x, u) -> None:
    """The function and its grad run inside tf.function (what fails there ends the judging)."""
    with running("running your function and its grad inside tf.function"):
        tf.function(lambda x: _run_scale(fn, x, u)[1:3], autograph=False)(x)


EXERCISE = Exercise(
    key="06.scale_by_variable",
    title="y = x · w² with a tf.Variable w: the variables= contract",
    judge=_judge_scale,
    answer_name="scale",
    mistakes=("variables_missing", "not_summed", "swapped", "upstream_ignored", "none", "wrong_values", "hard_coded",
              "mean_not_sum", "no_variable", "chain_rule", "constant_factor", "x_factor", "not_trainable",
              "variable_changed", "rebound_input"),
    hints={"variables_missing": "give grad a second parameter, variables=None, and return (dx, [dw]).",
           "raised": "with variables, grad returns a pair: the input gradient, and a list with one gradient per "
                     "variable, (dx, [dw]).",
           "not_a_pair": "with variables, grad returns a pair: the input gradient, and a list with one gradient per "
                         "variable, (dx, [dw])."},
)
