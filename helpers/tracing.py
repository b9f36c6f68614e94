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

from dataclasses import dataclass, field
from typing import Any, Callable

import tensorflow as tf

from ._format import fmt, html_table, text_table


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
    functions must run eagerly (not inside ``tf.function``).
    """

    forward: list[ForwardRecord] = field(default_factory=list)
    backward: list[BackwardRecord] = field(default_factory=list)

    def clear(self) -> None:
        """Forget all records (call it before tracing a new run)."""
        self.forward.clear()
        self.backward.clear()

    # -- making traced functions ------------------------------------------------
    def link(self, name: str, forward: Callable, local: Callable, *, use_upstream: bool = True) -> Callable:
        """A one-input custom-gradient function: ``y = forward(x)``, ``dy/dx = local(x)``.

        Its grad returns ``local(x) * upstream``, the chain rule's step.
        ``use_upstream=False`` makes the classic mistake on purpose: grad
        returns ``local(x)`` alone, ignoring what came from upstream.
        """
        if not callable(forward) or not callable(local):
            raise TypeError("link(name, forward, local) needs two functions, e.g. "
                            "link('square', lambda x: x**2, lambda x: 2*x)")

        @tf.custom_gradient
        def traced(x):
            self._require_eager(name, x)
            y = forward(x)
            self.forward.append(ForwardRecord(len(self.forward) + 1, name, x, y))

            def grad(upstream):
                d_local = local(x)
                downstream = d_local * upstream if use_upstream else d_local
                self.backward.append(
                    BackwardRecord(len(self.backward) + 1, name, x, upstream, d_local, downstream))
                return downstream

            return y, grad

        traced.__name__ = name
        return traced

    def watch(self, function: Callable, name: str | None = None) -> Callable:
        """Trace a function already decorated with ``tf.custom_gradient``.

        Records its input, output, the upstream its grad receives and the
        downstream it returns; the local derivative column shows ``—``
        because only your grad knows it.
        """
        label = name or getattr(function, "__name__", "f")

        @tf.custom_gradient
        def traced(x):
            self._require_eager(label, x)
            with tf.GradientTape() as inner:
                inner.watch(x)
                y = function(x)
            self.forward.append(ForwardRecord(len(self.forward) + 1, label, x, y))

            def grad(upstream):
                downstream = inner.gradient(y, x, output_gradients=upstream)
                self.backward.append(
                    BackwardRecord(len(self.backward) + 1, label, x, upstream, None, downstream))
                return downstream

            return tf.identity(y), grad

        traced.__name__ = label
        return traced

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

    HEADERS = ["pass", "step", "function", "x", "y", "upstream", "local", "downstream"]

    def __str__(self) -> str:
        if not self.forward:
            return "(nothing traced yet: call a traced function)"
        return text_table(self.HEADERS, self.rows())

    def _repr_html_(self) -> str:
        if not self.forward:
            return "<p>(nothing traced yet: call a traced function)</p>"
        return html_table(self.HEADERS, self.rows(), caption="downstream = local × upstream")

    def _repr_pretty_(self, p, cycle):
        p.text(str(self))


def square_chain(x: float, length: int = 3, trace: ChainTrace | None = None):
    """Run ``y = f(f(...f(x)))`` with ``f(x) = x²`` repeated ``length`` times, traced.

    Returns ``(trace, y, dy_dx)``. This is the chain the course starts with:
    at ``x = 2`` and ``length = 3``, ``y = 2⁸ = 256`` and ``dy/dx = 8·2⁷ = 1024``.

    >>> trace, y, g = square_chain(2.0, 3)
    >>> float(y), float(g)
    (256.0, 1024.0)
    """
    if not isinstance(length, int) or isinstance(length, bool) or length < 1:
        raise ValueError(f"length must be a whole number ≥ 1 (how many times to apply f), got {length!r}")
    try:
        x = tf.constant(float(x), dtype=tf.float64)
    except (TypeError, ValueError):
        raise TypeError(f"x must be a number, got {x!r}") from None
    trace = trace if trace is not None else ChainTrace()
    trace.clear()
    f = trace.link("f", lambda v: v ** 2, lambda v: 2 * v)
    with tf.GradientTape() as tape:
        tape.watch(x)
        y = x
        for _ in range(length):
            y = f(y)
    return trace, y, tape.gradient(y, x)
