"""Watch the chain rule happen: a tracer for chains of custom gradients.

A :class:`ChainTrace` records every call of the functions it made, first on
the way forward (input and value) and then on the way back (upstream, local
derivative, downstream), and shows them as one table.

>>> import tensorflow as tf
>>> trace = ChainTrace()
>>> square = trace.link("square", lambda x: x ** 2, lambda x: 2 * x)
>>> x = tf.constant(2.0)
>>> with tf.GradientTape() as tape:
...     tape.watch(x)
...     y = square(square(square(x)))
>>> float(tape.gradient(y, x))
1024.0
>>> [fmt(r.upstream) for r in trace.backward]
['1', '32', '256']
>>> [fmt(r.downstream) for r in trace.backward]
['32', '256', '1024']
"""

from __future__ import annotations

import html
import numbers
from dataclasses import dataclass, field
from typing import Any, Callable

import numpy as np
import tensorflow as tf

from ._format import fmt, html_table, text_table
from .strict import _learner_call


@dataclass
class ForwardRecord:
    """One call on the way forward."""

    step: int
    name: str
    x: Any
    y: Any


@dataclass
class BackwardRecord:
    """One call on the way back: downstream = local × upstream (when the grad is right)."""

    step: int
    name: str
    x: Any
    upstream: Any
    local: Any
    downstream: Any


@dataclass
class ChainTrace:
    """Records forward and backward passes through the functions it makes.

    Make traced functions with :meth:`link` (from a forward rule and its
    local derivative) or :meth:`watch` (around a function you decorated with
    ``tf.custom_gradient`` yourself). Records are plain Python, so traced
    functions must run eagerly (not inside ``tf.function``). ``tape.jacobian``
    through them works, but runs their grad inside a graph, where there are
    no numbers to record: the table counts those backward calls instead.
    """

    forward: list[ForwardRecord] = field(default_factory=list)
    backward: list[BackwardRecord] = field(default_factory=list)
    unrecorded: int = field(default=0, init=False, repr=False)
    """Backward calls that ran inside a graph (``tape.jacobian``), whose values are not numbers yet: not recorded."""

    def __post_init__(self):
        for name, kind in (("forward", ForwardRecord), ("backward", BackwardRecord)):
            records = getattr(self, name)
            if not isinstance(records, list) or not all(isinstance(r, kind) for r in records):
                got = type(records).__name__ if not isinstance(records, list) else "a list holding " + ", ".join(
                    sorted({type(r).__name__ for r in records if not isinstance(r, kind)}))
                raise TypeError(f"ChainTrace({name}=...) takes a list of {kind.__name__}s (or nothing: ChainTrace() "
                                f"starts empty, which is what you want), got {got}")

    def clear(self) -> None:
        """Forget all records (call it before tracing a new run)."""
        self.forward.clear()
        self.backward.clear()
        self.unrecorded = 0

    # -- making traced functions ------------------------------------------------
    def link(self, name: str, forward: Callable, local: Callable, *, use_upstream: bool = True) -> Callable:
        """A one-input custom-gradient function: ``y = forward(x)``, ``dy/dx = local(x)``.

        Its grad returns ``local(x) * upstream``, the chain rule's step.
        ``use_upstream=False`` makes the classic mistake on purpose: grad
        returns ``local(x)`` alone, ignoring what came from upstream.
        """
        _check_name(name)
        if not callable(forward) or not callable(local):
            raise TypeError("link(name, forward, local) needs two functions, e.g. "
                            "link('square', lambda x: x**2, lambda x: 2*x)")
        if not isinstance(use_upstream, bool):
            raise TypeError(f"use_upstream must be True or False, got {use_upstream!r}")

        @tf.custom_gradient
        def traced(x):
            self._require_eager(name, x)
            if isinstance(x, (str, bytes)) or (tf.is_tensor(x) and x.dtype == tf.string):
                raise TypeError(f"{name!r} takes a number or a float tensor, got text: write the number without "
                                "quotes")
            y = _one_tensor(_learner_call(f"the forward rule of {name!r}", forward, x),
                            f"the forward rule of {name!r}")
            self.forward.append(ForwardRecord(len(self.forward) + 1, name, x, y))

            def grad(upstream):
                d_local = _one_tensor(_learner_call(f"the local derivative of {name!r}", local, x),
                                      f"the local derivative of {name!r}")
                if d_local.dtype != upstream.dtype:
                    raise TypeError(f"the local derivative of {name!r} returned {d_local.dtype.name} for a "
                                    f"{upstream.dtype.name} input: keep the input's dtype (no casts, constants made "
                                    "with the input's dtype)")
                if d_local.shape != x.shape and d_local.shape.num_elements() != 1:
                    raise ValueError(f"the local derivative of {name!r} has shape {tuple(d_local.shape)} for an "
                                     f"input of shape {tuple(x.shape)}: an elementwise link's local derivative has "
                                     "its input's shape")
                # For complex inputs TensorFlow's convention is upstream × conj(f'(x)), as its own ops do.
                slope = tf.math.conj(d_local) if d_local.dtype.is_complex else d_local
                downstream = slope * upstream if use_upstream else slope
                self._record_backward(name, x, upstream, d_local, downstream)
                return downstream

            return y, grad

        return _positional_only(traced, name)

    def watch(self, function: Callable, name: str | None = None) -> Callable:
        """Trace a function already decorated with ``tf.custom_gradient``.

        Records its input, output, the upstream its grad receives and the
        downstream it returns; the local derivative column shows ``—``
        because only your grad knows it.
        """
        if not callable(function):
            raise TypeError(f"watch(function) needs a function of one tensor, got {type(function).__name__}")
        label = name if name is not None else getattr(function, "__name__", "f")
        _check_name(label)

        @tf.custom_gradient
        def traced(x):
            self._require_eager(label, x)
            with tf.GradientTape() as inner:
                inner.watch(x)
                y = _learner_call(f"calling {label}", function, x)
            # One tensor only: a tuple target with one upstream can crash TensorFlow's tape outright.
            y = _one_tensor(y, label, convert=False)
            self.forward.append(ForwardRecord(len(self.forward) + 1, label, x, y))

            def grad(upstream):
                downstream = inner.gradient(y, x, output_gradients=upstream)
                self._record_backward(label, x, upstream, None, downstream)
                return downstream

            return tf.identity(y), grad

        return _positional_only(traced, label)

    def _record_backward(self, name: str, x, upstream, local, downstream) -> None:
        """Record one backward call, if it runs eagerly. ``tape.jacobian`` (and ``batch_jacobian``) run grad
        inside a graph, vectorized over the output entries: its values are symbolic, with no numbers to show, so
        such a call is only counted."""
        if not tf.executing_eagerly():
            self.unrecorded += 1
            return
        self.backward.append(BackwardRecord(len(self.backward) + 1, name, x, upstream, local, downstream))

    def _unrecorded_note(self) -> str:
        if not self.unrecorded:
            return ""
        return (f"({self.unrecorded} backward call(s) ran inside a graph, as tape.jacobian runs them, and are not "
                "shown: their values are symbolic there. Take tape.gradient eagerly to see the backward pass.)")

    @staticmethod
    def _require_eager(name, x):
        if not tf.executing_eagerly():
            raise RuntimeError(f"The traced function {name!r} runs inside tf.function; "
                               "tracing records Python values, so call it eagerly.")

    # -- showing the records -----------------------------------------------------
    def rows(self) -> list[list[str]]:
        """Table rows: forward calls first, then backward calls, in the order they ran."""
        out = [["forward", str(r.step), r.name, fmt(r.x), fmt(r.y), "", "", ""] for r in self.forward]
        out += [["backward", str(r.step), r.name, fmt(r.x), "", fmt(r.upstream), fmt(r.local), fmt(r.downstream)]
                for r in self.backward]
        return out

    HEADERS = ["pass", "step", "function", "input", "output", "upstream", "local", "downstream"]

    def __str__(self) -> str:
        if not self.forward:
            return "(nothing traced yet: call a traced function)"
        return "\n".join(t for t in (text_table(self.HEADERS, self.rows()), self._unrecorded_note()) if t)

    def _repr_html_(self) -> str:
        if not self.forward:
            return "<p>(nothing traced yet: call a traced function)</p>"
        table = html_table(self.HEADERS, self.rows(),
                           caption="each call of a link: on the way forward its own input x and output y; on the "
                                   "way back the upstream it received, its local derivative at x, and the "
                                   "downstream its grad returned")
        note = self._unrecorded_note()
        return table + (f"<p>{html.escape(note)}</p>" if note else "")

    def _repr_pretty_(self, p, cycle):
        p.text(str(self))


def _check_name(name) -> None:
    if not isinstance(name, str):
        raise TypeError(f"the name of a traced function is text shown in the table, e.g. 'square'; got {name!r}")


def _one_tensor(value, what: str, convert: bool = True) -> tf.Tensor:
    """``value`` as one tensor (NumPy and numbers converted when ``convert``), or an error naming ``what``."""
    from .boundary import describe_return

    problem = describe_return(value)
    if problem is None:
        return value
    if convert and isinstance(value, (np.ndarray, np.generic, numbers.Real)) and not isinstance(value, bool):
        return tf.convert_to_tensor(value)
    raise ValueError(f"{what} returned {problem[1]}")


def _positional_only(traced: Callable, name: str) -> Callable:
    """``traced`` behind a function that refuses keyword calls (they would skip the custom gradient)."""

    def call(*args, **kwargs):
        if kwargs:
            raise TypeError(f"{name!r} was called with keyword arguments ({', '.join(kwargs)}): eagerly, "
                            f"TensorFlow would skip its custom gradient and nothing would be traced. Pass the input "
                            f"positionally, {name}(x).")
        if len(args) != 1:
            raise TypeError(f"{name!r} takes one input, got {len(args)}: a traced link is a function of a single "
                            "tensor")
        x = args[0]
        if x is None:
            raise TypeError(f"{name!r} takes a number or a float tensor, got None")
        if isinstance(x, (list, tuple)):
            try:
                x = tf.constant(x, dtype=tf.float32)      # as tf.constant([1.0, 2.0]) would
            except (TypeError, ValueError):
                raise TypeError(f"{name!r} takes a number or a float tensor; the list {x!r:.40} does not make one "
                                "(rows of numbers, all the same length)") from None
        try:
            return traced(x)
        except TypeError as e:
            if "must accept keyword argument 'variables'" not in str(e):
                raise
            raise TypeError(f"{name!r} reads a tf.Variable (a Keras layer's weights, or a variable its function "
                            "uses), and a traced link must be a function of its input alone: its gradient is traced "
                            "for the input only. Trace a function of x without variables, or pass the variable's "
                            "value in from outside (w.numpy()) for this picture.") from None

    call.__name__ = name
    call.__wrapped__ = getattr(traced, "__wrapped__", None)
    return call


MAX_LINKS = 64
"""The longest chain square_chain builds (x^(2^64) is inf or 0 for any x but ±1 anyway)."""


def square_chain(x: float, length: int = 3, trace: ChainTrace | None = None):
    """Run ``y = f(f(...f(x)))`` with ``f(x) = x²`` repeated ``length`` times, traced.

    Returns ``(trace, y, dy_dx)``. This is the chain the course starts with:
    at ``x = 2`` and ``length = 3``, ``y = 2⁸ = 256`` and ``dy/dx = 8·2⁷ = 1024``.

    >>> trace, y, g = square_chain(2.0, 3)
    >>> float(y), float(g)
    (256.0, 1024.0)
    """
    if not isinstance(length, numbers.Integral) or isinstance(length, bool) or not 1 <= length <= MAX_LINKS:
        raise ValueError(f"length must be a whole number from 1 to {MAX_LINKS} (how many times to apply f), got "
                         f"{length!r}")
    if isinstance(x, (tf.Tensor, tf.Variable)) and x.shape.rank == 0 and x.dtype.is_floating:
        x = float(x.numpy())
    if isinstance(x, (bool, np.bool_)) or not isinstance(x, numbers.Real):
        raise TypeError(f"x must be a number such as 2.0, got {x!r}")
    x = tf.constant(float(x), dtype=tf.float64)
    if trace is not None and not isinstance(trace, ChainTrace):
        raise TypeError(f"trace must be a ChainTrace (or None for a new one), got {type(trace).__name__}")
    trace = trace if trace is not None else ChainTrace()
    trace.clear()
    f = trace.link("f", lambda v: v ** 2, lambda v: 2 * v)
    with tf.GradientTape() as tape:
        tape.watch(x)
        y = x
        for _ in range(int(length)):
            y = f(y)
    return trace, y, tape.gradient(y, x)
