"""Building blocks for exercise judges: numbers, sequences, functions, custom gradients.

Each ``*_judge`` returns a function ``answer -> Feedback``. Known mistakes
are listed explicitly with the message a learner should read, so the
feedback names the misconception (and where to look) instead of saying only
"wrong", and never states the formula the exercise asks for.

Judges call the learner's code only through :mod:`helpers.boundary` and
never catch its exceptions themselves: :meth:`Exercise.check` turns them
into feedback. They end early with :func:`~helpers.exercises.reject`.
Answers are tried where a wrong one cannot hide: at several points, and
with other parameter values than the notebook's.
"""

from __future__ import annotations

import enum
import inspect
import numbers
import re
from typing import Any, Callable, Sequence

import numpy as np

from ..boundary import LearnerCodeError, call, describe_return, running
from . import Feedback, reject

# --------------------------------------------------------------------------- what kind of answer is it?


def _kind(value: Any) -> str:
    """A learner-readable name for what ``value`` is."""
    import tensorflow as tf

    if value is None:
        return "None"
    if isinstance(value, str):
        return f"the text {value!r}"
    if isinstance(value, bool):
        return f"the truth value {value}"
    if tf.is_tensor(value):
        return f"a tensor of shape {tuple(value.shape)}"
    if isinstance(value, np.ndarray):
        return f"a NumPy array of shape {value.shape}"
    if isinstance(value, np.generic):
        return f"a NumPy number ({value.dtype.name})"
    if isinstance(value, tuple):
        return f"a tuple of {len(value)}"
    if isinstance(value, list):
        return f"a list of {len(value)}"
    if isinstance(value, dict):
        return "a dict"
    if isinstance(value, numbers.Number):
        return f"the number {value!r}"
    if inspect.isclass(value):
        return f"the class {value.__name__}"
    if callable(value):
        return f"the function {getattr(value, '__name__', '')!r}".replace(" ''", "")
    name = type(value).__name__
    return f"{'an' if name[:1].lower() in 'aeiou' else 'a'} {name} object"


def number_from(answer: Any, what: str = "one number") -> float:
    """``answer`` as a float, or a rejection that says what was given instead and what to give."""
    import tensorflow as tf

    if isinstance(answer, str):
        try:
            float(answer)
            reject(f"{answer!r} is text (it has quotes): give the number itself, without the quotes.", "not_a_number")
        except ValueError:
            reject(f"{answer!r} is text, not a number: give {what}.", "not_a_number")
    if isinstance(answer, bool):
        reject(f"{answer} is a truth value, not a number: give {what}.", "not_a_number")
    if callable(answer) and not tf.is_tensor(answer):
        reject(f"that is {_kind(answer)}, not a number: work out its value and give {what}.", "not_a_number")
    if isinstance(answer, (tuple, list)):
        comma = " (a trailing comma makes a tuple: remove it)" if isinstance(answer, tuple) and len(answer) == 1 else ""
        reject(f"that is {_kind(answer)}{comma}: give {what}, not a collection.", "not_a_number")
    if isinstance(answer, dict):
        reject(f"that is a dict: give {what}.", "not_a_number")
    import numbers

    if isinstance(answer, numbers.Number) and not isinstance(answer, (complex, np.generic, np.ndarray)):
        try:
            answer = float(answer)                    # Decimal, Fraction, int
        except OverflowError:
            reject(f"that number is too large for a float (about 1.8e308 at most): give {what}.", "not_a_number")
        except (TypeError, ValueError):
            pass
    try:
        if tf.is_tensor(answer) and answer.dtype.is_floating:
            answer = tf.cast(answer, tf.float64)      # bfloat16 and float16 too
        value = np.asarray(answer.numpy() if tf.is_tensor(answer) else answer)
    except Exception:  # noqa: BLE001 - whatever it is, it is not a number
        value = None
    if value is None or value.dtype == object or value.dtype.kind not in "biuf":
        reject(f"that is {_kind(answer)}, not a number: give {what}.", "not_a_number")
    if value.size != 1:
        reject(f"that is {_kind(answer)} with {value.size} values: give {what}.", "not_a_number")
    rank = answer.shape.rank if tf.is_tensor(answer) else value.ndim
    if rank:
        reject(f"that is {_kind(answer)}, holding one number: give the number itself, as for a list ([6] is not "
               "6): .item() or float(...) takes it out.", "not_a_number")
    number = float(value.reshape(()))
    if not np.isfinite(number):
        reject(f"{number} is not a finite number: give {what}.", "not_a_number")
    return number


def numbers_from(answer: Any, count: int) -> np.ndarray:
    """``answer`` as ``count`` floats in order, or a rejection that says what is wrong with the list."""
    import tensorflow as tf

    if isinstance(answer, str):
        reject(f"that is one piece of text ({answer!r}): give a list of {count} numbers, such as [1, 2, 3].",
               "not_a_list")
    if isinstance(answer, dict):
        reject(f"that is a dict: give a list of {count} numbers, in order.", "not_a_list")
    if tf.is_tensor(answer) or isinstance(answer, np.ndarray):
        shape = tuple(answer.shape)
        if len(shape) > 1:
            reject(f"that is {_kind(answer)}: give a flat list of {count} numbers (one axis), as for a list of "
                   "lists.", "not_a_list")
        values = list(np.asarray(answer.numpy() if tf.is_tensor(answer) else answer).reshape(-1))
    elif isinstance(answer, (list, tuple)):
        values = list(answer)
    else:
        reject(f"that is {_kind(answer)}: give a list of {count} numbers, in order.", "not_a_list")
    if any(v is Ellipsis for v in values):
        reject("some entries are still the placeholder ...: replace each with a number.", "not_attempted")
    if len(values) != count:
        reject(f"that list has {_count(len(values))} entries; give {_count(count)} numbers, in the order the exercise "
               "asks for them.", "wrong_length")
    out = []
    for i, v in enumerate(values, 1):
        if isinstance(v, str):
            reject(f"entry {i} is text ({v!r}): write numbers without quotes.", "not_a_number")
        if isinstance(v, (list, tuple)):
            reject(f"entry {i} is itself a list: give a flat list of {count} numbers.", "not_a_list")
        out.append(number_from(v, "a number"))
    return np.asarray(out, dtype=np.float64)


def function_from(answer: Any, what: str) -> Callable:
    """``answer`` if callable, else a rejection that says what was passed instead."""
    import tensorflow as tf

    methods = sorted({"forward", "backward", "fwd", "bwd"} & set(dir(answer))) if inspect.isclass(answer) else []
    if methods and ({"backward", "bwd"} & set(methods)):     # a class is a callable, unless it is PyTorch-shaped
        reject(f"that is a class ({answer.__name__}), not {what}: in TensorFlow a custom gradient is a function "
               f"decorated with @tf.custom_gradient that returns (y, grad); a class with {' and '.join(methods)}, as "
               "in PyTorch's autograd.Function, is not called that way. Write the function.", "class_given")
    if callable(answer) and not tf.is_tensor(answer):
        return answer
    if tf.is_tensor(answer) or isinstance(answer, (np.ndarray, numbers.Number)):
        reject(f"that is {_kind(answer)}, a value, not a function: pass the function itself ({what}), not the "
               "result of calling it.", "not_callable")
    reject(f"expected {what}, got {_kind(answer)}.", "not_callable")


def layer_class(answer: Any, name: str) -> type:
    """``answer`` if it is a Keras layer class, else a rejection that says what it is (an instance, a function...)."""
    import keras

    if isinstance(answer, keras.layers.Layer):
        reject(f"that is a layer object, an instance of your class: pass the class itself ({name}, without "
               "parentheses); the checker makes its own layers.", "instance_given")
    if not inspect.isclass(answer):
        reject(f"that is {_kind(answer)}: pass your layer class, {name}.", "not_a_layer")
    if not issubclass(answer, keras.layers.Layer):
        reject(f"{answer.__name__} is a class, but not a Keras layer: subclass keras.layers.Layer.", "not_a_layer")
    return answer


def one_tensor(value: Any, where: str) -> "tf.Tensor":
    """``value`` if it is a tensor, else a rejection naming what it is (a pair, a NumPy array, None...)."""
    problem = describe_return(value)
    if problem is None:
        return value
    reject(f"{where} returned {problem[1]}" + ("" if problem[1].endswith(("?", ".")) else "."), problem[0])


def _close(a, b, rtol: float) -> bool:
    a, b = np.asarray(a, dtype=np.float64), np.asarray(b, dtype=np.float64)
    return a.shape == b.shape and bool(np.allclose(a, b, rtol=rtol, atol=rtol * 1e-3))


# --------------------------------------------------------------------------- numbers and lists


def number_judge(expected: float, success: str, mistakes: Sequence[tuple[float, str, str]] = (),
                 rtol: float = 1e-6, fallback: str = "") -> Callable[[Any], Feedback]:
    """Judge a single number. ``mistakes``: ``(wrong value, mistake key, message)``; ``fallback`` for the rest."""

    def judge(answer):
        value = number_from(answer)
        if _close(value, expected, rtol):
            return Feedback(True, success)
        for wrong, key, message in mistakes:
            if _close(value, wrong, rtol):
                return Feedback(False, message, key)
        if expected != 0 and _close(value, -expected, rtol):
            return Feedback(False, f"{value:g} has the wrong sign: without the minus it would be right. Where "
                                   "does the minus come from?", "wrong_sign")
        if np.isfinite(value) and expected != 0 and abs(value - expected) <= 0.05 * abs(expected):
            off = abs(value - expected) / abs(expected) * 100
            return Feedback(False, f"{value:g} is close, but not exact ({off:.2g}% off): an estimate (a finite "
                                   "difference, say) or a rounded number? The rule gives the exact value.",
                            "approximate")
        return Feedback(False, f"{value:g} is not it. {_sentence(fallback)}".strip())

    return judge


def _sentence(text: str) -> str:
    """``text`` starting with a capital letter, to follow a full stop."""
    return text[:1].upper() + text[1:]


def _count(n: int) -> str:
    return ["no", "one", "two", "three", "four", "five", "six", "seven", "eight"][n] if 0 <= n <= 8 else str(n)


_ORDINALS = ["first", "second", "third", "fourth", "fifth", "sixth", "seventh", "eighth"]


def sequence_judge(expected: Sequence[float], success: str,
                   mistakes: Sequence[tuple[Sequence[float], str, str]] = (),
                   rtol: float = 1e-6, fallback: str = "") -> Callable[[Any], Feedback]:
    """Judge a list of numbers in order. ``mistakes``: ``(wrong list, key, message)``."""
    expected = np.asarray(expected, dtype=np.float64)

    def judge(answer):
        values = numbers_from(answer, expected.size)
        if _close(values, expected, rtol):
            return Feedback(True, success)
        for wrong, key, message in mistakes:
            if _close(values, np.asarray(wrong, dtype=np.float64), rtol):
                return Feedback(False, message, key)
        bad = int(np.argmax(~np.isclose(values, expected, rtol=rtol)))
        before = "; the ones before it are right" if bad else ""
        return Feedback(False, f"the {_ORDINALS[bad]} number ({values[bad]:g}) is off{before}. "
                               f"{_sentence(fallback)}".strip())

    return judge


def choice_judge(expected: Sequence[str], options: Sequence[str], success: str,
                 explanations: Sequence[str]) -> Callable[[Any], Feedback]:
    """Judge a list of names chosen from ``options``, one per item, in order.

    A wrong entry gets that item's explanation (``explanations[i]``), so the
    feedback teaches why, not only that.
    """
    import difflib

    expected = list(expected)

    def judge(answer):
        if isinstance(answer, str):
            reject(f"that is one piece of text: give a list of {len(expected)} names, one per snippet, such as "
                   f"{list(options[:2])}.", "not_a_list")
        if isinstance(answer, dict):
            reject(f"that is a dict: give a list of {len(expected)} names, in the order of the snippets.", "not_a_list")
        if not isinstance(answer, (list, tuple)):
            reject(f"that is {_kind(answer)}: give a list of {len(expected)} names, one per snippet.", "not_a_list")
        left = [i for i, a in enumerate(answer, 1) if a is Ellipsis]
        if left:
            which = (f"snippet {left[0]} is" if len(left) == 1
                     else f"snippets {', '.join(map(str, left[:-1]))} and {left[-1]} are")
            reject(f"the name for {which} still the placeholder ...: replace "
                   f"{'it' if len(left) == 1 else 'each'} with one of {', '.join(options)}.", "not_attempted")
        if len(answer) != len(expected):
            reject(f"that list has {_count(len(answer))} names for {_count(len(expected))} snippets: give one per "
                   "snippet, in order.", "wrong_length")
        for i, a in enumerate(answer, 1):
            if a not in options:
                if isinstance(a, enum.Enum) and isinstance(a.value, str) and a.value in options:
                    reject(f"snippet {i}: {a!r} is an Enum member, not a string: the names are plain text in quotes, "
                           f"{a.value!r} (or {type(a).__name__}.{a.name}.value).", "enum_member")
                near = difflib.get_close_matches(str(a).lower().replace(" ", "_"), options, n=1, cutoff=0.72)
                hint = f" Did you mean {near[0]!r}? Names must be spelled exactly as listed." if near else ""
                reject(f"snippet {i}: {a!r} is not one of the names to choose from ({', '.join(options)}).{hint}",
                       "unknown_name")
        wrong = [i for i, (a, e) in enumerate(zip(answer, expected)) if a != e]
        if not wrong:
            return Feedback(True, success)
        i = wrong[0]
        return Feedback(False, f"snippet {i + 1} is not {answer[i]!r}. {explanations[i]} "
                               f"({len(expected) - len(wrong)} of {len(expected)} right.)", "wrong_choice")

    return judge


# --------------------------------------------------------------------------- functions


def function_judge(reference: Callable, points: np.ndarray, success: str,
                   mistakes: Sequence[tuple[Callable, str, str]] = (), rtol: float = 1e-5,
                   what: str = "a function of x", fallback: str = "") -> Callable[[Any], Feedback]:
    """Judge a function by its values at ``points`` (passed as one float64 tensor).

    The steps: call it (a function that wants an upstream is told a local derivative takes x alone), read its
    values (one per entry of x), then, if they are right, its kind (a tensor of x's dtype, working inside
    ``tf.function``); if they are wrong, the exercise's ``mistakes`` (``(wrong function, key, message)``),
    then what wrong values commonly are: whole numbers, a constant, an approximation.
    """
    import tensorflow as tf

    xs = tf.constant(np.asarray(points, dtype=np.float64))
    want = np.asarray(reference(xs), dtype=np.float64)

    def judge(answer):
        fn = function_from(answer, what)
        got = _local_derivative_values(fn, xs)
        values = _one_value_per_entry(got, want)
        if _close(values, want, rtol):
            _reject_the_wrong_kind(fn, got, xs)
            return Feedback(True, success)
        for wrong_fn, key, message in mistakes:
            if _close(values, np.asarray(wrong_fn(xs), dtype=np.float64), rtol):
                return Feedback(False, message, key)
        named = _wrong_values(got, values, want, points)
        if named is not None:
            return named
        return Feedback(False, f"your function gives other values than the derivative at x = "
                               f"{np.round(np.asarray(points), 3).tolist()}. {_sentence(fallback)}".strip())

    return judge


def _local_derivative_values(fn: Callable, xs):
    """What ``fn`` returns for ``xs``; a function that wants an upstream, or returns a (value, grad) pair, is
    told that a local derivative is a plain function of x."""
    try:
        got = call("calling your function on a float64 tensor", fn, xs)
    except LearnerCodeError:
        if _takes_upstream(fn):       # called with x alone, as a chain calls a local derivative
            reject("your function takes an upstream, and fails when called with x alone: a local derivative is a "
                   "function of x only, and the chain multiplies it by the upstream itself. Drop the upstream "
                   "argument and return the derivative at x.", "takes_upstream")
        raise
    if isinstance(got, tuple) and len(got) == 2 and callable(got[1]):
        reject("your function returns a pair (a value and a function), the form of a custom-gradient function; this "
               "exercise wants the local derivative itself: a plain function of x that returns one value per entry "
               "of x.", "pair_returned")
    return got


def _one_value_per_entry(got, want: np.ndarray) -> np.ndarray:
    """``got`` as float64 values shaped like ``want`` (a single number stands for every entry), or a rejection."""
    import tensorflow as tf

    size = int(tf.size(got)) if tf.is_tensor(got) else getattr(got, "size", 1)
    if isinstance(size, int) and size > want.size:
        reject(f"for {want.size} inputs your function returned {size:,} values: return one value per entry of x.",
               "wrong_shape")
    if tf.is_tensor(got) or isinstance(got, np.ndarray):
        values = np.asarray(got.numpy() if tf.is_tensor(got) else got, dtype=np.float64)
    elif isinstance(got, (int, float)) and not isinstance(got, bool):
        values = np.full(want.shape, float(got))
    else:
        values = np.asarray(one_tensor(got, "your function"))
    if values.size == 1 and want.size > 1:
        values = np.full(want.shape, float(values.reshape(())))
    if values.shape != want.shape:
        reject(f"for {want.size} inputs your function returned shape {values.shape}: return one value per entry "
               "of x.", "wrong_shape")
    return values


def _reject_the_wrong_kind(fn: Callable, got, xs) -> None:
    """Right values of the wrong kind: another dtype, NumPy instead of a tensor, code that fails in a graph."""
    import tensorflow as tf

    if tf.is_tensor(got) and got.dtype != xs.dtype:
        reject(f"the values are right, but for a {xs.dtype.name} input your function returns {got.dtype.name}: "
               "keep the input's dtype (no cast), or it will clash with the other links' gradients.", "dtype")
    if not tf.is_tensor(got):
        reject("the values are right, but your function returns a NumPy array or a Python number, not a tensor: "
               "use TensorFlow operations (tf.…) so that it works inside TensorFlow's graphs too.", "numpy")
    try:
        call("calling your function inside tf.function", tf.function(fn, autograph=False), xs)
    except LearnerCodeError as e:
        reject(f"the values are right eagerly, but inside tf.function (where a chain's links run in training) "
               f"{e.sentence()}", e.mistake)


def _wrong_values(got, values: np.ndarray, want: np.ndarray, points) -> Feedback | None:
    """What wrong values commonly are: whole numbers (a cast or rounding), one constant, an approximation."""
    import tensorflow as tf

    integer = tf.is_tensor(got) and (got.dtype.is_integer or got.dtype == tf.bool)
    if integer or (np.all(values == np.round(values)) and not np.all(want == np.round(want))
                   and (np.allclose(values, np.trunc(want)) or np.allclose(values, np.round(want)))):
        return Feedback(False, "your values are whole numbers: the fraction was dropped, by a cast to an integer "
                               f"dtype{' (your function returns ' + got.dtype.name + ')' if integer else ''} or by "
                               "rounding. A derivative is a float: keep x's dtype throughout.", "integer")
    if np.allclose(values, values.reshape(-1)[0]):
        return Feedback(False, f"your function gives the same value ({values.reshape(-1)[0]:.4g}) at every x: the "
                               "derivative depends on x.", "constant")
    near = np.abs(np.asarray(points, dtype=np.float64)) <= 0.5
    if near.any() and (~near).any() and np.allclose(values[near], want[near], rtol=0.02, atol=0.02) \
            and not np.allclose(values[~near], want[~near], rtol=0.02, atol=0.02):
        return Feedback(False, "your function is close to the right one near x = 0 but not further away: an "
                               "approximation, such as a Taylor polynomial? The exact function is wanted, at every "
                               "x.", "approximate")
    if np.allclose(values, want, rtol=0.05, atol=0.02):
        off = float(np.max(np.abs(values - want)))
        return Feedback(False, f"your values are close to the derivative but not exact (off by up to {off:.2g}): an "
                               "approximation, such as a finite difference with a small step? The exact derivative "
                               "is wanted.", "approximate")
    return None


def _takes_upstream(fn: Callable) -> bool:
    """Whether ``fn`` has a parameter named like an upstream (upstream, dy, grad_output)."""
    import inspect

    try:
        parameters = inspect.signature(fn).parameters
    except (TypeError, ValueError):
        return False
    return any(name in ("upstream", "dy", "grad_output", "upstream_grad") for name in parameters)


# --------------------------------------------------------------------------- custom gradients


def uses_custom_gradient(answer: Callable, args: tuple) -> bool | None:
    """Whether ``answer`` has a custom gradient: ``True``, ``False``, or ``None`` when that cannot be told.

    A ``tf.custom_gradient`` (or strict) function has its ``(y, grad)``
    function behind ``__wrapped__``; anything else is traced once and its
    graph searched for the op a custom gradient leaves there.
    """
    import tensorflow as tf

    raw = getattr(answer, "__wrapped__", None)
    if callable(raw):
        try:
            with running(""):
                out = raw(*args)
            if isinstance(out, tuple) and len(out) == 2 and callable(out[1]):
                return True
        except LearnerCodeError:
            pass
    try:
        specs = [tf.TensorSpec.from_tensor(a) if tf.is_tensor(a) else a for a in args]
        with running(""):
            concrete = tf.function(lambda *a: answer(*a), autograph=False).get_concrete_function(*specs)
    except LearnerCodeError:
        return None
    graph_def = concrete.graph.as_graph_def()
    nodes = list(graph_def.node) + [n for f in graph_def.library.function for n in f.node_def]
    return any("_gradient_op_type" in n.attr for n in nodes)


def refers_to(fn: Callable, name: str, depth: int = 4, strings: bool = False) -> bool:
    """Whether ``fn`` names ``name`` in its code (a name, an attribute or a keyword argument): in its own body, in
    the functions it defines, or in the functions of the learner's cell that it calls (followed ``depth`` levels
    deep). With ``strings``, a string constant equal to ``name`` counts too (``tf.cast(x, "float16")``).

    A static look at the code, for exercises about *how* something is computed (which helper supplies a
    value, which method is used), where the values alone cannot tell.
    """
    import inspect
    import types

    seen: set[int] = set()

    def names(code: types.CodeType):
        yield from code.co_names
        yield from code.co_freevars
        for const in code.co_consts:
            if isinstance(const, types.CodeType):
                yield from names(const)
            elif isinstance(const, tuple):           # keyword names of calls: f(x, output_gradients=v)
                yield from (c for c in const if isinstance(c, str))
            elif strings and isinstance(const, str):
                yield const

    def visit(f, depth: int) -> bool:
        f = inspect.unwrap(f) if callable(f) else f
        code = getattr(f, "__code__", None)
        if code is None or id(code) in seen or depth < 0:
            return False
        seen.add(id(code))
        found = set(names(code))
        if name in found:
            return True
        known = dict(getattr(f, "__globals__", {}))
        for cell in getattr(f, "__closure__", None) or ():
            try:
                if callable(cell.cell_contents):
                    if visit(cell.cell_contents, depth - 1):
                        return True
            except ValueError:      # an empty cell
                continue
        return any(visit(known[n], depth - 1) for n in found
                   if isinstance(known.get(n), types.FunctionType) and known[n].__module__ == f.__module__)

    return visit(fn, depth)


def builds_square_matrix(fn: Callable, args: tuple, n: int) -> bool:
    """Whether running ``fn(*args)`` inside tf.function makes any n × n tensor (a Jacobian or Hessian, say)."""
    import tensorflow as tf

    specs = [tf.TensorSpec.from_tensor(a) if tf.is_tensor(a) else a for a in args]
    try:
        with running(""):
            concrete = tf.function(lambda *a: fn(*a), autograph=False).get_concrete_function(*specs)
    except LearnerCodeError:
        return False        # it does not trace: running it eagerly will say why
    for op in concrete.graph.get_operations():
        for out in op.outputs:
            dims = out.shape.as_list() if out.shape.rank is not None else []
            if sum(1 for d in dims if d == n) >= 2:
                return True
    return False


def require_custom_gradient(answer: Callable, args: tuple) -> None:
    """Reject plain autodiff (right values, no grad written) and a forgotten decorator."""
    with running("calling your function"):
        out = answer(*args)
    one_tensor(out, "your function")        # a (y, grad) pair: the decorator is missing
    if uses_custom_gradient(answer, args) is False:
        reject("your function has no custom gradient: TensorFlow differentiated it by itself. Its gradient may be "
               "right, but this exercise is about writing grad: decorate the function with @tf.custom_gradient and "
               "return (y, grad).", "no_custom_gradient")


def _grads_for(answer: Callable, inputs: tuple, upstream) -> list:
    """The answer's gradients for ``upstream``, one per input (through the learner's grad)."""
    import tensorflow as tf

    sources = [x for x in inputs if x.dtype.is_floating]
    with running("computing your gradient"):
        with tf.GradientTape() as tape:
            tape.watch(sources)
            y = answer(*inputs)
        return tape.gradient(one_tensor(y, "your function"), sources, output_gradients=upstream)


def _match_known_wrong(answer, inputs, known_wrong) -> Feedback | None:
    """Feedback for the first exercise-specific mistake the answer's gradients match."""
    import tensorflow as tf

    if not known_wrong:
        return None
    with running("calling your function"):
        y = answer(*inputs)
    y = one_tensor(y, "your function")
    # Two upstreams: a mistake matches at both, a coincidence (a sum that happens to be 0) hardly ever.
    upstreams = [tf.constant(np.random.default_rng(seed).standard_normal(tuple(y.shape)), dtype=y.dtype)
                 for seed in (7, 8)]
    got = [_grads_for(answer, inputs, upstream) for upstream in upstreams]
    for key, wrong, message in known_wrong:
        if all(_same_gradients(mine, wrong(*inputs, upstream)) for mine, upstream in zip(got, upstreams)):
            return Feedback(False, message, key)
    return None


def _same_gradients(got, want) -> bool:
    import tensorflow as tf

    want = want if isinstance(want, (list, tuple)) else (want,)
    return len(want) == len(got) and all(
        g is not None and w is not None and tf.is_tensor(g) and tuple(g.shape) == tuple(w.shape)
        and np.allclose(g.numpy(), np.asarray(w), rtol=1e-4, atol=1e-6) for g, w in zip(got, want))


# How far (relative to the gradient's largest entry) a right gradient can be from the exact one: rounding in the
# input's dtype only. An approximation (a finite difference with h = 0.1, a truncated series) is off by more.
_EXACT_RTOL = {"float32": 1e-4, "float64": 1e-9}


def _approximation_error(answer, inputs, reference_forward) -> tuple[float, float]:
    """``(distance / allowed, distance)`` for the float input whose gradient is farthest from the exact one.

    The exact gradient is TensorFlow's own derivative of ``reference_forward`` in float64; an input's
    distance is measured relative to its gradient's largest entry, and allowed ``_EXACT_RTOL`` of its
    dtype. Zeros where nothing can be compared.
    """
    import tensorflow as tf

    with running("calling your function"):
        y = one_tensor(answer(*inputs), "your function")
    upstream = np.random.default_rng(11).standard_normal(tuple(y.shape))
    got = _grads_for(answer, inputs, tf.constant(upstream, dtype=y.dtype))
    want = None
    for wide in (tuple(tf.cast(x, tf.float64) if x.dtype.is_floating else x for x in inputs), inputs):
        sources = [x for x in wide if x.dtype.is_floating]
        try:        # in float64 where the reference accepts it (one that closes over a float32 matrix does not)
            with tf.GradientTape() as tape:
                tape.watch(sources)
                y_ref = reference_forward(*wide)
            want = tape.gradient(y_ref, sources, output_gradients=tf.constant(upstream, y_ref.dtype))
            break
        except (tf.errors.InvalidArgumentError, TypeError, ValueError):
            continue
    if want is None:
        return 0.0, 0.0
    worst = (0.0, 0.0)
    floats = [x for x in inputs if x.dtype.is_floating]
    for g, w, x in zip(got, want, floats):
        if g is None or w is None or not tf.is_tensor(g) or tuple(g.shape) != tuple(w.shape):
            continue
        w = w.numpy()
        scale = float(np.max(np.abs(w))) if w.size else 0.0
        if scale > 0:
            distance = float(np.max(np.abs(np.asarray(g.numpy(), np.float64) - w))) / scale
            worst = max(worst, (distance / _EXACT_RTOL.get(x.dtype.name, 1e-4), distance))
    return worst


def does_not_depend_on_inputs(answer, inputs) -> bool:
    """Whether the answer's gradients are the same at ``inputs`` and at a point moved away from them."""
    import tensorflow as tf

    floats = [x for x in inputs if x.dtype.is_floating]
    if not floats:
        return False
    moved = tuple(x * 1.7 + 0.3 if x.dtype.is_floating else x for x in inputs)
    with running("calling your function"):
        y = one_tensor(answer(*inputs), "your function")
    upstream = tf.ones_like(y)
    a, b = _grads_for(answer, inputs, upstream), _grads_for(answer, moved, upstream)
    return all(g is not None and h is not None and tf.is_tensor(g) and tf.is_tensor(h)
               and tuple(g.shape) == tuple(h.shape) and np.allclose(g.numpy(), h.numpy()) for g, h in zip(a, b))


def _first_problem(report) -> tuple[str | None, str]:
    """(mistake, sentence) for what a failed check_gradients report found first."""
    if report.problem:
        return report.mistake, report.problem
    bad = next(r for r in report.inputs if not r.ok)
    several = sum(1 for r in report.inputs if r.kind != "setting") > 1
    where = f"the gradient for {bad.name}: " if several else ""
    return bad.mistake, where + (bad.cause or bad.result)


def _forward_matches(got, want) -> bool:
    return tuple(got.shape) == tuple(want.shape) and got.dtype == want.dtype and np.allclose(
        got.numpy(), want.numpy(), rtol=1e-5, atol=1e-6)


def check_forward(answer: Callable, inputs: tuple, reference_forward: Callable, message: str) -> None:
    """Reject an answer whose forward value differs from the reference at ``inputs``."""
    with running("calling your function"):
        got = answer(*inputs)
    got = one_tensor(got, "your function")
    want = reference_forward(*inputs)
    if got.dtype != want.dtype:
        reject(f"your function returns {got.dtype.name} for {want.dtype.name} inputs: keep the input's dtype "
               "(create constants with it, or tf.cast).", "dtype_mismatch")
    if not _forward_matches(got, want):
        shape = "" if tuple(got.shape) == tuple(want.shape) else (
            f" (it has shape {tuple(got.shape)}, the reference {tuple(want.shape)})")
        reject(message + shape, "wrong_forward")


def _reject_stale_forward(answer: Callable, inputs: tuple, earlier: list, reference_forward: Callable) -> None:
    """Reject a forward value that is the reference's value at an earlier point: something kept between calls."""
    import tensorflow as tf

    if not earlier:
        return
    with running("calling your function"):
        got = answer(*inputs)
    if not tf.is_tensor(got) or _forward_matches(got, reference_forward(*inputs)):
        return
    for previous in earlier:
        old = reference_forward(*previous)
        if tuple(old.shape) == tuple(got.shape) and _forward_matches(got, old):
            reject("your function returns the value it computed for an earlier call, not for this call's inputs: "
                   "something is kept between calls (a cache, a global, a dict of results). Compute it from each "
                   "call's own inputs.", "stale_forward")


def gradient_judge(make_inputs: Callable[[], list[tuple]] | Callable[[], tuple], reference_forward: Callable,
                   success: str, known_wrong: Sequence[tuple[str, Callable, str]] = (),
                   fallback: str = "", forward_message: str = "the forward value is not right: change only grad, "
                   "keep the forward pass as given.", messages: dict[str, str] | None = None
                   ) -> Callable[[Any], Feedback]:
    """Judge a learner's custom-gradient function with :func:`helpers.check_gradients`, at several points.

    ``make_inputs()`` returns a list of input tuples (points), or one tuple.
    At each point the answer must have a custom gradient, the forward value
    of ``reference_forward``, and a gradient that passes the check (contract
    included: count, shapes, dtypes, eagerly and inside ``tf.function``).
    ``known_wrong`` lists ``(key, wrong_grads(*inputs, upstream), message)``
    for mistakes specific to the exercise (a forgotten product-rule term,
    say): an answer whose gradients equal ``wrong_grads`` gets that message.
    Otherwise the checker's diagnosis is the feedback, or ``fallback`` when
    it finds no simple pattern; ``messages`` replaces the checker's words for
    a mistake where they would give the exercise's answer away (the checker
    names the fix, an exercise must not). A gradient that passes the check
    must also equal TensorFlow's own derivative of ``reference_forward`` to
    within rounding: the checker's tolerance would
    let an approximation (a finite difference inside grad) through.
    """
    from ..checking import check_gradients

    def judge(answer):
        fn = function_from(answer, "your custom-gradient function")
        points = make_inputs()
        points = points if isinstance(points, list) else [points]
        require_custom_gradient(fn, points[0])
        for n, inputs in enumerate(points):
            _reject_stale_forward(fn, inputs, points[:n], reference_forward)
            check_forward(fn, inputs, reference_forward, forward_message)
        for n, inputs in enumerate(points):
            report = check_gradients(fn, *inputs, raise_on_failure=False, graph=(n == len(points) - 1))
            if report.error is not None:
                raise _error_at_point(report, points, n)
            if not report.ok:
                at = f" (at the point {n + 1} of {len(points)} the checker tries)" if len(points) > 1 and n else ""
                return _feedback_on_a_failed_check(fn, inputs, report, known_wrong, reference_forward, messages,
                                                   fallback, at)
        feedback = _not_the_derivative(fn, points, reference_forward)
        return feedback if feedback is not None else Feedback(True, success)

    return judge


def _error_at_point(report, points: list, n: int) -> LearnerCodeError:
    """What the learner's code raised at the n-th point, as a sentence that names the stage (their call, their
    grad, inside tf.function); a shape from an earlier point in it means something was kept between calls."""
    shapes = " and ".join(f"{r.name} of shape {r.shape}" for r in report.inputs if r.kind == "input")
    at = f", with {shapes}," if shapes and any(len(r.shape) for r in report.inputs) else ""
    error = LearnerCodeError(f"your grad{at}", report.error)
    if report.mistake == "forward_raised" or error.mistake == "keyword_call":
        error = LearnerCodeError(f"calling your function{at}", report.error)    # the call is at fault
    elif report.mistake == "not_in_graph":
        error = LearnerCodeError(f"your function inside tf.function{at}" if report.error_in == "forward"
                                 else f"your grad inside tf.function{at}", report.error)
    current = {str(r.shape) for r in report.inputs}
    earlier = {str(tuple(x.shape)) for p in points[:n] for x in p if hasattr(x, "shape")} - current
    stale = [shape for shape in earlier if shape in error.sentence()]
    if stale and error.mistake not in ("keyword_call", "not_attempted"):
        reject(f"{error.sentence()} {stale[0]} is the shape of an earlier call's inputs, not this call's: does your "
               "function keep something between calls (a cache, a global, the first inputs it saw)? Compute from "
               "each call's own inputs.", "stale_inputs")
    return error


def _feedback_on_a_failed_check(fn, inputs, report, known_wrong, reference_forward, messages, fallback,
                                at: str = "") -> Feedback:
    """The feedback on a gradient check_gradients failed, in order: a known wrong gradient of the exercise, a
    gradient that ignores the inputs, an approximation, then the checker's diagnosis in the exercise's words
    (``at`` says at which of several points)."""
    specific = None if report.mistake == "container" else _match_known_wrong(fn, inputs, known_wrong)
    if specific is not None:
        return specific
    mistake, sentence = _first_problem(report)
    # An exercise's gradient is never a deliberate surrogate: the checker's advice for those is noise here.
    sentence = re.sub(r"\s*If (?:the gradient|that|the reversal) is [^.]*expect=[^.]*(?:\.|$)", "", sentence)
    unexplained = mistake in ("wrong_values", "partial", None)
    # A constant copied from an example can look like a reversal or a factor at one point: it is still a constant.
    if mistake in ("wrong_values", "partial", None, "reversal", "constant_factor") and \
            does_not_depend_on_inputs(fn, inputs) and not does_not_depend_on_inputs(reference_forward, inputs):
        return Feedback(False, "your gradient stays the same when the inputs change: it must depend on them (a "
                               "number copied from an example, or a constant, cannot be right everywhere).",
                        "constant_gradient")
    if unexplained:
        ratio, off = _approximation_error(fn, inputs, reference_forward)
        if 1 < ratio and off <= 2e-2:           # close to the derivative everywhere, yet not it
            return Feedback(False, _approximation_words(off, inputs), "approximation")
    mistake, sentence = _in_the_exercises_words(mistake, sentence, messages, fallback)
    return Feedback(False, sentence + at, mistake)


def _in_the_exercises_words(mistake, sentence: str, messages: dict | None, fallback: str) -> tuple:
    """The checker's sentence, replaced where the exercise says it otherwise (``messages``), where the learner
    cannot act on it (a tolerance), or where it names no cause (``fallback``)."""
    if messages and mistake in messages:
        return mistake, messages[mistake]
    if mistake == "near_tolerance":        # the learner cannot loosen the checker's tolerance
        near = re.search(r"within (\S+) of", sentence)
        return "approximation", (
            f"your gradient is {'within ' + near.group(1) + ' (relative) of' if near else 'close to'} the right one "
            "but not equal to it: an approximation (a finite difference inside grad, a few terms of a series), a "
            "constant rounded to a few digits (compute it exactly, with np.sqrt, np.pi ...), float32 arithmetic "
            "inside grad (keep the input's dtype), or a small missing term?")
    if mistake == "constant_factor":
        return mistake, sentence + (". Look for the extra factor: a division by a norm or a size, a mean where a sum "
                                    "is meant, a constant rounded or left out")
    if mistake in ("wrong_values", "partial", None) and fallback:
        return mistake, f"{sentence.split(':')[0]}: {fallback}" if ":" in sentence else fallback
    return mistake, sentence


def _not_the_derivative(fn, points: list, reference_forward) -> Feedback | None:
    """A gradient that passed the check but is not TensorFlow's own derivative: it limits some upstreams (a clip,
    a normalisation), or it approximates (within the checker's tolerance, beyond rounding)."""
    for inputs in points:
        ratio, off = _approximation_error(fn, inputs, reference_forward)
        if ratio > 1 and off > 1e-2:
            return Feedback(False, "your gradient agrees with the derivative for the checker's first upstreams but "
                                   f"not for another one (off by up to {off:.1e} of its largest entry): does grad "
                                   "clip, normalise or otherwise limit its result, or use upstream in another way "
                                   "than a plain product? The gradient of a derivative is upstream times the local "
                                   "derivative, for every upstream.", "not_linear")
        if ratio > 1:
            return Feedback(False, _approximation_words(off, inputs), "approximation")
    return None


def _approximation_words(off: float, inputs: tuple = ()) -> str:
    """Why a gradient is close to the derivative but not it: float32 rounding in a float64 check, or an
    approximation."""
    if off < 1e-6 and any(getattr(x, "dtype", None) == "float64" for x in inputs):
        return (f"your gradient is off by up to {off:.1e} of its largest entry for float64 inputs: float32's rounding. "
                "Somewhere grad computes in float32: tf.cast(c, x.dtype) of a Python number and tf.constant(c) make a "
                "float32 tensor first. Write constants as Python or NumPy numbers (they take x's dtype), or "
                "tf.constant(c, dtype=x.dtype).")
    return (f"your gradient is close to the exact derivative but not equal to it (off by up to {off:.1e} of its "
            "largest entry, more than rounding): an approximation, such as a finite difference inside grad or a "
            "few terms of a series, is not the derivative. Write the derivative itself.")


def _forward_and_gradient(answer, x, upstream, in_function: bool = False):
    """``(y, dL/dx)`` of ``answer`` at ``x`` for ``upstream``; eagerly or inside ``tf.function``."""
    import tensorflow as tf

    def run(x):
        with tf.GradientTape() as tape:
            tape.watch(x)
            y = answer(x)
        y = one_tensor(y, "your function")
        return y, tape.gradient(y, x, output_gradients=upstream)

    with running("running your function" + (" inside tf.function" if in_function else "")):
        return tf.function(run, autograph=False)(x) if in_function else run(x)


def surrogate_judge(make_inputs: Callable[[], list[tuple]], forward: Callable, backward: Callable, success: str,
                    known_wrong: Sequence[tuple[str, Callable | None, Callable, str]] = ()
                    ) -> Callable[[Any], Feedback]:
    """Judge a one-input custom gradient whose backward differs from the forward on purpose.

    ``make_inputs()`` returns a list of ``(x, upstream)`` points. The answer's
    forward must equal ``forward(x)`` and its gradient ``backward(x, upstream)``,
    eagerly and inside ``tf.function``; a gradient checker cannot judge these
    against finite differences, since the gradient is not the forward's
    derivative by design. ``known_wrong`` lists ``(key, wrong_forward or None,
    wrong_backward, message)``: an answer matching one gets that message.
    """
    def judge(answer):
        fn = function_from(answer, "your custom-gradient function")
        points = make_inputs()
        for x, u in points:
            y, g = _forward_and_gradient(fn, x, u)
            feedback = _surrogate_forward(y, x, u, forward, known_wrong)
            if feedback is None:                  # (a Feedback is false when it fails: compare with None)
                feedback = _surrogate_gradient(g, x, u, backward, known_wrong)
            if feedback is not None:
                return feedback
        feedback = _surrogate_kept_or_traced(fn, points[0], forward, backward)
        return feedback if feedback is not None else Feedback(True, success)

    return judge


def _matches(got, want_fn, x, u) -> bool:
    """``got`` is a tensor equal to ``want_fn(x, u)`` (``want_fn`` None: never)."""
    import tensorflow as tf

    want = want_fn(x, u) if want_fn is not None else None
    return want is not None and got is not None and tf.is_tensor(got) and \
        tuple(got.shape) == tuple(want.shape) and np.allclose(got.numpy(), np.asarray(want), rtol=1e-5, atol=1e-6)


def _surrogate_forward(y, x, u, forward: Callable, known_wrong) -> Feedback | None:
    if _matches(y, lambda x, u: forward(x), x, u):
        return None
    for key, wrong_forward, _, message in known_wrong:
        if wrong_forward is not None and _matches(y, lambda x, u: wrong_forward(x), x, u):
            return Feedback(False, message, key)
    return Feedback(False, "the forward value is not right: the forward pass stays exactly as it is; only the "
                           "backward pass changes.", "wrong_forward")


def _surrogate_gradient(g, x, u, backward: Callable, known_wrong) -> Feedback | None:
    """The gradient at one point: its kind, shape and dtype, then its values (a known wrong one, huge upstreams
    lost, or the first entry that differs)."""
    import tensorflow as tf

    if g is None:
        return Feedback(False, "the tape got None: grad returned None, or the forward is not wrapped in "
                               "@tf.custom_gradient.", "none")
    if not tf.is_tensor(g):
        return Feedback(False, f"grad returned {_kind(g)}, not a tensor: NumPy inside grad works eagerly but fails "
                               "inside tf.function. Use TensorFlow operations.", "numpy")
    if tuple(g.shape) != tuple(x.shape):
        return Feedback(False, f"the gradient has shape {tuple(g.shape)} for an input of shape {tuple(x.shape)}: "
                               "return one value per entry of x.", "wrong_shape")
    if g.dtype != x.dtype:
        return Feedback(False, f"the gradient has dtype {g.dtype.name} for a {x.dtype.name} input: keep upstream's "
                               "dtype (cast a mask with tf.cast(mask, upstream.dtype)).", "wrong_dtype")
    if _matches(g, backward, x, u):
        return None
    for key, wrong_forward, wrong_backward, message in known_wrong:
        if wrong_forward is None and _matches(g, wrong_backward, x, u):
            return Feedback(False, message, key)
    wrong = ~np.isclose(g.numpy(), np.asarray(backward(x, u)), rtol=1e-5, atol=1e-6)
    if np.all(np.abs(u.numpy()[wrong]) >= 1e6):
        at = np.abs(u.numpy()[wrong]).reshape(-1)[0]
        return Feedback(False, f"right for ordinary upstreams, but not for huge ones (upstream {at:.0e} gives "
                               f"{g.numpy()[wrong].reshape(-1)[0]:g}): your formula loses them to cancellation or "
                               "overflow (a difference of two huge numbers, a square). Huge gradients are what "
                               "clipping is for: compute the result without arithmetic on upstream's size.",
                        "huge_upstream")
    bad = int(np.argmax(wrong.reshape(-1)))
    return Feedback(False, f"at x = {x.numpy().reshape(-1)[bad]:g} with upstream {u.numpy().reshape(-1)[bad]:g} your "
                           f"gradient is {g.numpy().reshape(-1)[bad]:g}, and the exercise's gradient is another "
                           "number there: compare what your grad does with the rule the exercise states.",
                    "wrong_values")


def _surrogate_kept_or_traced(fn: Callable, point: tuple, forward: Callable, backward: Callable) -> Feedback | None:
    """The same x again with another upstream (a gradient kept from an earlier call answers the first upstream,
    not this one), then the same inside ``tf.function``."""
    import tensorflow as tf

    x, u = point
    first = _forward_and_gradient(fn, x, u)[1]
    other = -0.5 * u + tf.constant(0.25, u.dtype)
    g_other = _forward_and_gradient(fn, x, other)[1]
    if not _matches(g_other, backward, x, other):
        same = all(tf.is_tensor(g) for g in (first, g_other)) and tuple(g_other.shape) == tuple(first.shape) \
            and np.allclose(g_other.numpy(), first.numpy())
        return Feedback(False, "called again at the same x with another upstream, your grad "
                               + ("returns the gradient of the earlier call: something kept between calls (a cache, "
                                  "a variable, a global) answers instead of this call's upstream. Compute the "
                                  "gradient from each call's own upstream, with nothing kept." if same else
                                  "gives a wrong gradient: it must be computed from each call's own upstream, with "
                                  "nothing kept from earlier calls."), "stale_upstream")
    y_graph, g_graph = _forward_and_gradient(fn, x, u, in_function=True)
    if not (_matches(y_graph, lambda x, u: forward(x), x, u) and _matches(g_graph, backward, x, u)):
        return Feedback(False, "inside tf.function your function gives other values than eagerly: Python code that "
                               "reads tensor values runs only once there, when the function is traced.",
                        "not_in_function")
    return None


_UNEXPLAINED = {None, "wrong_values", "approximate", "approximation", "near_tolerance", "not_linear", "partial",
                "wrong_second", "wrong_first"}
"""Verdicts that name no cause of their own: where float16 arithmetic would explain them, it is named instead."""


def low_precision_in(answer: Any) -> str | None:
    """``"float16"`` or ``"bfloat16"`` when the answer's code names that dtype (tf.float16, "bfloat16", np.float16)."""
    if not callable(answer):
        return None
    for dtype in ("bfloat16", "float16"):
        try:
            if refers_to(answer, dtype, depth=1, strings=True):      # the answer's own code, and its grad
                return dtype
        except Exception:  # noqa: BLE001 - a static look that cannot read the code says nothing
            return None
    return None


def low_precision_feedback(answer: Any, feedback: Feedback) -> Feedback:
    """Wrong values from code that computes in float16 or bfloat16: name the precision, the likeliest cause."""
    if feedback.passed or feedback.mistake not in _UNEXPLAINED:
        return feedback
    dtype = low_precision_in(answer)
    if dtype is None:
        return feedback
    digits = "about 3 significant digits" if dtype == "float16" else "2 to 3 significant digits"
    return Feedback(False, f"your code computes in {dtype}, which keeps {digits}, so its result is off by that "
                           "rounding (and float16 overflows above 65504). Compute in the input's dtype, with no cast "
                           f"to {dtype}. (What the checker saw: {feedback.message})", "low_precision")
