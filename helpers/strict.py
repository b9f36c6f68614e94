"""``strict_custom_gradient``: ``tf.custom_gradient`` that refuses silent mistakes.

TensorFlow trusts a custom gradient completely. It accepts a gradient of
shape (2, 3) for an input of shape (3,), and a call with keyword arguments
quietly skips the custom gradient and differentiates the forward pass
instead. ``strict_custom_gradient`` is used exactly like
``tf.custom_gradient`` but checks, every time ``grad`` runs, what it returns:

- one gradient per input (``None`` allowed only for non-float inputs);
- each gradient with its input's shape and dtype;
- for functions that read a ``tf.Variable``: ``grad`` accepts
  ``variables=`` and returns ``(input_grads, variable_grads)``;

and refuses keyword arguments at call time. Its errors name the input and
say what to do.

>>> import tensorflow as tf
>>> @strict_custom_gradient
... def double(x):
...     def grad(upstream):
...         return tf.ones((2, 3))            # wrong shape
...     return 2 * x, grad
>>> x = tf.constant([1.0, 2.0, 3.0])
>>> with tf.GradientTape() as tape:
...     tape.watch(x)
...     y = double(x)
>>> tape.gradient(y, x)
Traceback (most recent call last):
...
helpers.strict.CustomGradientError: double: grad returned shape (2, 3) for input 'x' of shape (3,): a gradient always has its input's shape. Return one of x's shape.
"""

from __future__ import annotations

import functools
import inspect
import sys
from typing import Callable

import numpy as np
import tensorflow as tf

from .boundary import ExplainedError, HelperSignal, LearnerCodeError, gradients_problem

__all__ = ["strict_custom_gradient", "CustomGradientError"]


class CustomGradientError(ExplainedError):
    """A custom gradient broke the contract; the message says which input and what to do.

    ``.mistake`` names the breach: ``"count"``, ``"none"``, ``"not_none"``, ``"wrong_shape"``,
    ``"wrong_dtype"``, ``"keyword_call"``, ``"variables_missing"``, ``"variables_form"`` or
    ``"not_a_pair"``.
    """

    # Inside tf.function, AutoGraph would otherwise re-raise an exception whose constructor takes more
    # than a message as a generic StagingError; with this attribute it lets this one through as it is.
    ag_pass_through = True


def _param_names(f: Callable) -> list[str]:
    try:
        return [p.name for p in inspect.signature(f).parameters.values()
                if p.kind in (p.POSITIONAL_ONLY, p.POSITIONAL_OR_KEYWORD)]
    except (TypeError, ValueError):
        return []


def accepts_variables(grad_fn: Callable) -> bool:
    """Whether ``grad_fn`` takes ``variables=`` (by name or through ``**kwargs``), as TensorFlow requires when the
    forward pass reads variables."""
    try:
        params = inspect.signature(grad_fn).parameters.values()
    except (TypeError, ValueError):
        return False
    return any(p.name == "variables" or p.kind == p.VAR_KEYWORD for p in params)


def _shape_text(shape) -> str:
    return str(tuple(shape.as_list())) if shape.rank is not None else "(unknown)"


def _broadcast_from(small: tf.TensorShape, big: tf.TensorShape) -> bool:
    """Whether ``big`` is a broadcast of ``small`` (more or larger axes, never fewer entries)."""
    if small.rank is None or big.rank is None or not big.is_fully_defined() or not small.is_fully_defined():
        return False
    if big.num_elements() <= small.num_elements() or big.rank < small.rank:
        return False
    tail = big.as_list()[big.rank - small.rank:]
    return all(s == b or s == 1 for s, b in zip(small.as_list(), tail))


def _is_instance(a) -> bool:
    """An object that is not a value TensorFlow converts to a tensor (a method's self)."""
    return not (tf.is_tensor(a) or isinstance(a, (bool, int, float, complex, list, tuple, np.ndarray, np.generic,
                                                  tf.Variable)) or hasattr(a, "__tf_tensor__"))


def _is_python_number(a) -> bool:
    """A plain Python number passed as an input: a setting, which no gradient reaches (None is its gradient)."""
    return isinstance(a, (bool, int, float)) and not isinstance(a, np.generic)


def _validate(fname: str, kind: str, names: list[str], values: list, grads, settings: set = frozenset(),
              upstream: tuple = ()) -> list:
    """Check ``grads`` against ``values`` one by one; return them as a list.

    ``settings`` names the inputs passed as Python numbers: their gradients are not checked, and dropped.
    ``upstream``: the upstream gradients grad was given (a gradient shaped like one of them was not summed yet).

    Shapes are compared statically where both are known, and at run time
    (with ``tf.debugging.assert_equal``) where a dimension is unknown, as
    inside ``model.fit`` with a variable batch size.
    """
    problem = gradients_problem(grads, len(values), kind, ", ".join(names))
    if problem is not None:
        raise CustomGradientError(f"{fname}: {problem[1]}", problem[0])
    grads = list(grads) if isinstance(grads, (list, tuple)) else [grads]
    if len(grads) != len(values):
        listing = ", ".join(names)
        raise CustomGradientError(
            f"{fname}: grad returned {len(grads)} {kind} gradient(s) for {len(values)} {kind}(s) ({listing}): the "
            f"number must match. Return one gradient per {kind}, in the same order; use None for an input that is "
            f"not a float.", "count")
    given = [tuple(g.shape) if tf.is_tensor(g) and g.shape.is_fully_defined() else None for g in grads]
    wanted = [tuple(v.shape) if v.shape.is_fully_defined() else None for v in values]
    if len(set(map(str, wanted))) > 1 and given != wanted and sorted(map(str, given)) == sorted(map(str, wanted)):
        raise CustomGradientError(
            f"{fname}: grad returned the {kind} gradients in another order than the {kind}s ({', '.join(names)}): "
            f"their shapes {given} fit only when reordered. Return them in the order of the {kind}s.", "order")
    return [None if name in settings else _one_gradient(fname, kind, names, name, value, g, upstream)
            for name, value, g in zip(names, values, grads)]


def _one_gradient(fname: str, kind: str, names: list[str], name: str, value, g, upstream: tuple):
    """The gradient ``g`` for one input (or variable) ``name``, checked: None, kind, dtype, shape."""
    dtype = value.dtype
    if g is None:
        if dtype.is_floating or dtype.is_complex:
            raise CustomGradientError(
                f"{fname}: grad returned None for {kind} {name!r}, a {dtype.name} {kind}: return its "
                f"gradient Jᵀ·upstream (tf.zeros_like({name}) if it truly does not affect the output).", "none")
        return None
    if not (dtype.is_floating or dtype.is_complex):
        raise CustomGradientError(
            f"{fname}: grad returned a gradient for {kind} {name!r} of dtype {dtype.name}, which is not "
            f"differentiable: return None in its place.", "not_none")
    if isinstance(g, (tuple, list)) and kind == "input":
        raise CustomGradientError(
            f"{fname}: grad returned a {type(g).__name__} of {len(g)} where the gradient for input {name!r} goes. "
            f"A pair (input gradients, [variable gradients]) is what grad(upstream, variables=...) returns for "
            f"a function that reads a tf.Variable; with no variable, return just one gradient per input, in "
            f"order: ({', '.join('d' + n for n in names)}).", "nested")
    if not tf.is_tensor(g) and not isinstance(g, (int, float)):
        raise CustomGradientError(
            f"{fname}: grad returned a {type(g).__name__} for {kind} {name!r}; return a tensor made with "
            f"TensorFlow operations (NumPy results cannot be differentiated further and fail inside "
            f"tf.function).", "wrong_kind")
    g = tf.convert_to_tensor(g, dtype_hint=dtype)
    if g.dtype != dtype:
        raise CustomGradientError(
            f"{fname}: grad returned dtype {g.dtype.name} for {kind} {name!r} of dtype {dtype.name}: "
            f"cast it, e.g. tf.cast(g, {name}.dtype).", "wrong_dtype")
    if not g.shape.is_compatible_with(value.shape):
        raise _wrong_shape(fname, kind, name, value, g, upstream)
    if not (g.shape.is_fully_defined() and value.shape.is_fully_defined()):
        return _shape_checked_when_run(fname, kind, name, value, g)
    return g


def _wrong_shape(fname: str, kind: str, name: str, value, g, upstream: tuple) -> CustomGradientError:
    """The error for a gradient whose shape cannot be its input's, with the likely reason."""
    message = (f"{fname}: grad returned shape {_shape_text(g.shape)} for {kind} {name!r} of shape "
               f"{_shape_text(value.shape)}: a gradient always has its input's shape. Return one of {name}'s shape.")
    # Broadcast axes and upstream's shape: a gradient not yet summed over the copies of the input.
    like_upstream = any(tf.is_tensor(u) and u.shape == g.shape for u in upstream) or not upstream
    scalar_output = bool(upstream) and all(tf.is_tensor(u) and u.shape.rank == 0 for u in upstream)
    if _broadcast_from(value.shape, g.shape) and like_upstream:
        message += (f" It has axes {name} does not have, as a gradient does before it is summed: where {name} is "
                    "broadcast in the forward pass (copied along axes it lacks), its gradient collects one "
                    "contribution per copy: sum them over every such axis.")
    elif g.shape.rank == 0 and value.shape.rank and scalar_output:
        message += (f" It is one number, but {name} has {value.shape.num_elements() or 'several'} entries, and each "
                    f"entry gets its own partial derivative: the output changes in its own way when each entry of "
                    f"{name} changes.")
    elif g.shape.rank == 0 and value.shape.rank:
        message += (f" It is one number: summed over every axis, {name}'s own too. Each entry of {name} needs its "
                    f"own gradient: keep {name}'s axes, and sum only over axes {name} was copied along in the forward "
                    "pass, if it was broadcast against another input.")
    elif g.shape.rank == value.shape.rank and g.shape.rank and g.shape.rank >= 2 and \
            list(g.shape[-2:]) == list(value.shape[-2:])[::-1]:
        message += (f" Its last two axes are {name}'s transposed: the transpose of the gradient? Swap the order of "
                    "the product, or its transpose flags.")
        return CustomGradientError(message, "transposed")
    return CustomGradientError(message, "wrong_shape")


def _shape_checked_when_run(fname: str, kind: str, name: str, value, g):
    """``g`` behind an assertion that its shape is ``value``'s, for shapes known only when grad runs (a None
    batch size). TensorFlow prints the listed tensors after the message: the two shapes, each labelled. (No
    quotes or apostrophes in it: TensorFlow's error text escapes them.)"""
    message = (f"{fname}: grad returned a gradient for {kind} {name} whose shape differs from the shape of {name}. "
               f"A gradient always has the shape of its input: return one of the shape of {name}.")
    g_shape, value_shape = tf.shape(g), tf.shape(value)
    same = tf.cond(tf.equal(tf.size(g_shape), tf.size(value_shape)),
                   lambda: tf.reduce_all(tf.equal(g_shape, value_shape)), lambda: tf.constant(False))
    check = tf.debugging.Assert(same, [message, "Shape of the gradient:", g_shape, f"shape of {name}:", value_shape],
                                summarize=16)
    with tf.control_dependencies([check]):
        return tf.identity(g)


def _learner_call(stage: str, fn: Callable, *args, **kwargs):
    """``fn(*args, **kwargs)``, the learner's own code: what it raises comes out as a sentence about their line
    (:class:`~helpers.boundary.LearnerCodeError`), except the contract's own errors, which pass as they are."""

    try:
        return fn(*args, **kwargs)
    except (CustomGradientError, LearnerCodeError, HelperSignal):
        raise
    except Exception as error:  # noqa: BLE001 - every error of the learner's code is translated
        raise LearnerCodeError(stage, error) from error


def _checked_pair(f: Callable, fname: str, declared: list[str]) -> Callable:
    """``tf.custom_gradient`` of ``f``, with ``f``'s result and every gradient its grad returns checked."""
    @tf.custom_gradient
    def checked(*args):
        result = _learner_call(f"calling {fname}", f, *args)
        if not (isinstance(result, tuple) and len(result) == 2 and callable(result[1])):
            raise CustomGradientError(
                f"{fname} must return a pair (y, grad): the forward value and the function computing the "
                f"gradient, got {type(result).__name__}.", "not_a_pair")
        y, grad_fn = result
        if y is None:
            raise CustomGradientError(f"{fname} returned None as its value: return the forward value (a tensor) and "
                                      "grad, (y, grad).", "not_a_pair")
        names = [declared[i] if i < len(declared) else f"input {i}" for i in range(len(args))]
        values = [tf.convert_to_tensor(a) for a in args]
        settings = {name for name, a in zip(names, args) if _is_python_number(a)}
        return y, _checked_grad(fname, grad_fn, names, values, settings)

    return checked


def _checked_grad(fname: str, grad_fn: Callable, names: list[str], values: list, settings: set) -> Callable:
    """The grad TensorFlow calls: the learner's ``grad_fn``, with what it returns checked against the inputs."""
    wants_variables = accepts_variables(grad_fn)

    def grad(*upstream, **kwargs):
        variables = kwargs.get("variables")
        if not variables:
            grads = _validate(fname, "input", names, values, _learner_call(f"{fname}'s grad", grad_fn, *upstream),
                              settings, upstream)
            return grads if len(values) > 1 else grads[0]
        if not wants_variables:
            raise CustomGradientError(
                f"{fname} reads tf.Variable(s) {[v.name for v in variables]}, so grad must accept variables=None "
                f"and return (input_grads, variable_grads): one gradient per variable.", "variables_missing")
        out = _learner_call(f"{fname}'s grad", grad_fn, *upstream, variables=variables)
        if not (isinstance(out, (tuple, list)) and len(out) == 2):
            raise CustomGradientError(
                f"{fname}: with variables, grad must return a pair (input_grads, variable_grads), the second a list "
                f"with one gradient per variable.", "variables_form")
        input_grads = _validate(fname, "input", names, values, out[0], settings, upstream)
        variable_grads = _validate(fname, "variable", [v.name for v in variables], list(variables), out[1])
        return input_grads if len(values) > 1 else input_grads[0], variable_grads

    return grad


def _refuse_arguments(fname: str, declared: list[str], args: tuple, kwargs: dict) -> None:
    """Refuse inputs a custom gradient cannot take (ragged, sparse, text) and keyword calls, which skip it."""
    for i, a in enumerate(args):
        name = declared[i] if i < len(declared) else f"input {i}"
        if isinstance(a, (tf.RaggedTensor, tf.SparseTensor)):
            raise TypeError(f"{fname}'s {name} is a {type(a).__name__}: a custom-gradient function takes dense "
                            "tensors (x.to_tensor() for a ragged one, tf.sparse.to_dense(x) for a sparse one)")
        if isinstance(a, (str, bytes)) or (tf.is_tensor(a) and a.dtype == tf.string):
            raise TypeError(f"{fname}'s {name} is text ({a!r:.30}): pass a number or a tensor; a setting such as "
                            "a mode name is bound in a closure, not passed as an input")
    if kwargs:
        keys = ", ".join(kwargs)
        call = ", ".join(declared) if declared else "..."
        raise CustomGradientError(
            f"{fname} was called with keyword arguments ({keys}). Eagerly, TensorFlow would silently skip the "
            f"custom gradient (or raise, if {fname} reads a tf.Variable; inside tf.function it raises): pass "
            f"inputs positionally, {fname}({call}).", "keyword_call")


_ONE_DECORATOR = "strict_custom_gradient is tf.custom_gradient with checks"


def _refuse_to_decorate(f) -> None:
    """Refuse what strict_custom_gradient cannot decorate: a non-function, a tf.function, a function decorated
    already (with @tf.custom_gradient or @strict_custom_gradient)."""
    if not callable(f):
        raise TypeError(f"strict_custom_gradient decorates a function, got {type(f).__name__}")
    if hasattr(f, "get_concrete_function"):
        raise TypeError("strict_custom_gradient got a tf.function: the function it decorates returns (y, grad), and "
                        "a tf.function cannot return a Python function. Put @tf.function outside: decorate a "
                        "function that calls the custom-gradient function.")
    if getattr(getattr(f, "_tf_decorator", None), "decorator_name", None) == "custom_gradient":
        raise TypeError("strict_custom_gradient got a function already decorated with @tf.custom_gradient: use one "
                        f"decorator, not both ({_ONE_DECORATOR}). Remove @tf.custom_gradient.")
    if getattr(f, "strict_custom_gradient", False):
        raise TypeError("strict_custom_gradient got a function already decorated with @strict_custom_gradient: "
                        "decorate it once (remove one of the two @strict_custom_gradient lines).")


def _called_by_tf_custom_gradient() -> bool:
    """Whether the strict function's caller is tf.custom_gradient's own wrapper, which expects a pair (y, grad)
    back: @tf.custom_gradient written above @strict_custom_gradient. (Its function names are TensorFlow's; were
    they to change, this says False and TensorFlow's own error follows.)"""
    caller = sys._getframe(2).f_code            # 0: this function, 1: the strict wrapper, 2: who called it
    return caller.co_name in ("_eager_mode_decorator", "_graph_mode_decorator") and \
        caller.co_filename.endswith("custom_gradient.py")


def strict_custom_gradient(f: Callable) -> Callable:
    """Use like ``@tf.custom_gradient``; raises :class:`CustomGradientError` on contract breaches.

    ``f(*inputs)`` returns ``(y, grad)``; ``grad(upstream)`` returns one
    gradient per input (a tuple for several). Functions that read
    variables get ``grad(upstream, variables=...)`` and return
    ``(input_grads, variable_grads)``, as with ``tf.custom_gradient``.
    On a method, ``self`` is not an input. An input passed as a Python
    number (a setting) gets no gradient: whatever grad returns for it is dropped.

    >>> import tensorflow as tf
    >>> @strict_custom_gradient
    ... def scaled_square(x, w):
    ...     def grad(upstream):
    ...         return upstream * 2 * w * x, upstream * x ** 2
    ...     return w * x ** 2, grad
    >>> a, b = tf.constant(2.0), tf.constant(3.0)
    >>> with tf.GradientTape() as tape:
    ...     tape.watch([a, b])
    ...     z = scaled_square(a, b)
    >>> [float(g) for g in tape.gradient(z, [a, b])]
    [12.0, 4.0]
    >>> scaled_square(x=a, w=b)
    Traceback (most recent call last):
    ...
    helpers.strict.CustomGradientError: scaled_square was called with keyword arguments (x, w). Eagerly, TensorFlow would silently skip the custom gradient (or raise, if scaled_square reads a tf.Variable; inside tf.function it raises): pass inputs positionally, scaled_square(x, w).
    """
    _refuse_to_decorate(f)
    fname = getattr(f, "__name__", "custom_gradient_function")
    declared = _param_names(f)
    checked = _checked_pair(f, fname, declared)

    @functools.wraps(f)
    def wrapper(*args, **kwargs):
        if _called_by_tf_custom_gradient():
            raise TypeError(f"{fname} is decorated with both @tf.custom_gradient and @strict_custom_gradient: use one "
                            f"decorator, not both ({_ONE_DECORATOR}). Remove @tf.custom_gradient.")
        if declared[:1] == ["self"] and args and _is_instance(args[0]):
            # Called as a method: self is not an input. Decorate the bound method, as tf.custom_gradient does.
            return strict_custom_gradient(f.__get__(args[0]))(*args[1:], **kwargs)
        _refuse_arguments(fname, declared, args, kwargs)
        return checked(*args)

    # check_gradients looks behind __wrapped__ for the (y, grad) pair: give it the checked pair, so
    # the contract is enforced there too, and keep the signature (the input names) of f.
    wrapper.__wrapped__ = checked.__wrapped__
    wrapper.strict_custom_gradient = True
    try:
        wrapper.__signature__ = inspect.signature(f)
    except (TypeError, ValueError):
        pass
    return wrapper
