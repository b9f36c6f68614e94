"""What a learner gets from every public helper when the input is odd or wrong.

One row per call. Each row says what the learner SHOULD get, written from
their side of the notebook, not from what the code happens to do:

- ``ok(check, "what")``: a returned value for which ``check(value)`` is true;
- ``raises(types, words=...)``: an exception of one of ``types`` whose message
  contains every word (case-insensitive; a tuple of words means "any of
  these"), so the message says what was wrong and what to pass instead.

``within=`` adds a time limit in seconds (the size-cap rows: a helper must
refuse, or summarise, quickly). A row fails when the call crashes the
process, hangs, allocates gigabytes, raises something unexpected or unclear,
or returns a wrong value silently.

Rows run in forked children of one fresh worker process, under a per-row
time limit and a 4 GB address-space limit, so a segfault, a hang or a blow-up
fails that row only (the rest of its batch goes on in a fresh child). The
worker imports TensorFlow once, without running any op; the children share it.
Run this file directly (``python tests/test_helper_inputs.py``) to print
every row's outcome, one line each.
"""

from __future__ import annotations

import io
import json
import os
import resource
import signal
import subprocess
import sys
import tempfile
import time
import traceback
from dataclasses import dataclass
from pathlib import Path
from typing import Any, Callable

import numpy as np
import pytest

REPO = Path(__file__).resolve().parents[1]
MEMORY_LIMIT = 4 * 1024 ** 3         # address space of one row's child process
BLOW_UP_RSS_MB = 2500                # resident memory that counts as a blow-up even if the row finished
DEFAULT_TIMEOUT = 60.0               # seconds before a row counts as hung (wide: a loaded machine is slow)
PARALLEL = max(1, min(4, os.cpu_count() or 1))

# Imported in the worker process only (see _load): the pytest process never
# starts TensorFlow for this file, and rows build their inputs lazily.
tf = helpers = exercises = widgets = performance = plt = None


def _load() -> None:
    global tf, helpers, exercises, widgets, performance, plt
    os.environ.setdefault("TF_CPP_MIN_LOG_LEVEL", "3")
    os.environ.setdefault("TF_ENABLE_ONEDNN_OPTS", "0")
    import matplotlib

    matplotlib.use("Agg")
    import matplotlib.pyplot as _plt

    import helpers as _helpers
    import helpers.exercises as _exercises
    import helpers.performance as _performance
    import helpers.widgets as _widgets
    import tensorflow as _tf

    # No TensorFlow op may run here: a forked child inherits TensorFlow's thread
    # pools without their threads, and tf.function or large ops then hang. So the
    # exercises (whose modules create tensors on import) register in each child.
    import keras  # noqa: F401  (imported once here rather than by every child that builds an optimizer)

    fig = _plt.figure()
    fig.savefig(io.BytesIO(), format="png")   # load matplotlib's fonts once, too
    _plt.close(fig)
    tf, helpers, exercises, widgets, performance, plt = _tf, _helpers, _exercises, _widgets, _performance, _plt


# --------------------------------------------------------------------------- the table's vocabulary
@dataclass(frozen=True)
class Ok:
    check: Callable[[Any], bool]
    what: str
    within: float | None = None


@dataclass(frozen=True)
class Raises:
    types: tuple
    words: tuple = ()
    within: float | None = None


@dataclass(frozen=True)
class Either:
    """For the few rows where a user is served as well by a right value as by a clear refusal (size caps)."""

    ok: Ok
    raises: Raises
    within: float | None = None


def either(ok_: Ok, raises_: Raises, *, within: float | None = None) -> Either:
    """The call returns a value meeting ``ok_`` or raises as ``raises_`` says; either way within ``within`` s."""
    return Either(ok_, raises_, within)


def ok(check: Callable[[Any], bool], what: str, *, within: float | None = None) -> Ok:
    """The call returns a value ``v`` with ``check(v)`` true (``what`` says it in words)."""
    return Ok(check, what, within)


def raises(types, words=(), *, within: float | None = None) -> Raises:
    """The call raises one of ``types`` (package errors by name) with every word in its message."""
    return Raises(types if isinstance(types, tuple) else (types,), tuple(words), within)


@dataclass(frozen=True)
class Row:
    id: str
    call: Callable[[], Any]
    expect: Ok | Raises | Either
    timeout: float = DEFAULT_TIMEOUT


ROWS: list[Row] = []


def row(id: str, call: Callable[[], Any], expect: Ok | Raises | Either, timeout: float | None = None) -> None:
    assert all(r.id != id for r in ROWS), f"duplicate row id {id}"
    ROWS.append(Row(id, call, expect, timeout or DEFAULT_TIMEOUT))


TV = (TypeError, ValueError)
LEARNER = (RuntimeError, ValueError, "LearnerCodeError")   # the learner's own error, passed on or wrapped
CGE = "CustomGradientError"
GCE = "GradientCheckError"


# --------------------------------------------------------------------------- small tools the rows use
def taped(f, x, n: int = 1, **kwargs):
    """``(y, dy/dx)`` of ``n`` nested calls of ``f`` at ``x`` (a tensor, or a function making one)."""
    x = x() if callable(x) else x
    with tf.GradientTape() as tape:
        tape.watch(x)
        y = x
        for _ in range(n):
            y = f(y, **kwargs)
    return y, tape.gradient(y, x)


def close(a, b, tol=1e-6) -> bool:
    a = a.numpy() if hasattr(a, "numpy") else a
    b = b.numpy() if hasattr(b, "numpy") else b
    a, b = np.asarray(a), np.asarray(b)
    return a.shape == b.shape and bool(np.allclose(a, b, rtol=tol, atol=tol, equal_nan=True))


def _boom(*args, **kwargs):
    raise RuntimeError("boom from the learner's code")


def _stub(*args, **kwargs):
    raise NotImplementedError


def cube_with(rule: Callable, name: str = "cube"):
    """``x³`` decorated with ``tf.custom_gradient``; ``grad(u) = rule(x, u)``."""

    @tf.custom_gradient
    def cube(x):
        def grad(upstream):
            return rule(x, upstream)
        return x ** 3, grad

    cube.__name__ = name
    return cube


GRADS = {
    "right": lambda x, u: u * 3 * x ** 2,
    "ignores-upstream": lambda x, u: 3 * x ** 2,
    "wrong-shape": lambda x, u: tf.ones((2, 3)),
    "two-grads-for-one-input": lambda x, u: (u * 3 * x ** 2, u),
    "None": lambda x, u: None,
    "string": lambda x, u: "oops",
    "raises": _boom,
    "nan": lambda x, u: u * float("nan"),
    "numpy-array": lambda x, u: u.numpy() * 3 * x.numpy() ** 2,
    "python-float": lambda x, u: 1.0,
    "float64-for-float32": lambda x, u: tf.cast(u * 3 * x ** 2, tf.float64),
}


def fresh_trace():
    return helpers.ChainTrace()


def linked(trace=None, name="square", forward=None, local=None, **kwargs):
    trace = trace or fresh_trace()
    f = trace.link(name, forward or (lambda x: x ** 2), local or (lambda x: 2 * x), **kwargs)
    return trace, f


def link_run(x, n=3, name="square", forward=None, local=None, call_kwargs=None, **kwargs):
    """Trace a chain of ``n`` linked squares at ``x``; return ``(trace, y, dy/dx)``."""
    trace, f = linked(name=name, forward=forward, local=local, **kwargs)
    y, g = taped(f, x, n, **(call_kwargs or {}))
    return trace, y, g


def watch_run(function, x, n=1, name=None):
    trace = fresh_trace()
    f = trace.watch(function, name) if name is not None else trace.watch(function)
    y, g = taped(f, x, n)
    return trace, y, g


def _ragged_link():
    trace, f = linked()
    f(tf.ragged.constant([[1.0, 2.0], [3.0]]))
    return str(trace)


def in_tf_function(f, x):
    # autograph=False: autograph would re-parse this long file for every lambda (seconds each).
    return tf.function(lambda v: f(v), autograph=False)(x)


def rendered(fig):
    """Render a figure as JupyterLab's inline backend would; return its size in pixels."""
    fig.savefig(io.BytesIO(), format="png")
    w, h = fig.get_size_inches() * fig.dpi
    return float(w), float(h)


def fig_of(result):
    return result.figure if hasattr(result, "figure") and not hasattr(result, "savefig") else result


def renders_reasonably(result, max_px=4000) -> bool:
    w, h = rendered(fig_of(result))
    return w <= max_px and h <= max_px


def is_figure(v) -> bool:
    import matplotlib.figure

    return isinstance(v, matplotlib.figure.Figure)


def is_axes(v) -> bool:
    import matplotlib.axes

    return isinstance(v, matplotlib.axes.Axes)


def report_of(f, *xs, **kwargs):
    kwargs.setdefault("raise_on_failure", False)
    return helpers.check_gradients(f, *[x() if callable(x) else x for x in xs], **kwargs)


def not_passed(fb) -> bool:
    return isinstance(fb, exercises.Feedback) and not fb.passed and bool(fb.message)


def not_attempted(fb) -> bool:
    return isinstance(fb, exercises.Feedback) and not fb.passed and fb.mistake == "not_attempted"


def passed(fb) -> bool:
    return isinstance(fb, exercises.Feedback) and fb.passed


def mentions(*words):
    return lambda fb: not_passed(fb) and all(w.lower() in fb.message.lower() for w in words)


def good_results(**changes):
    """A results dict shaped like run_benchmark()'s (quick settings, one iteration count)."""
    results = {
        "settings": {"mlp": {"depth": 24, "width": 256, "batch": 2048}, "layers_per_block": 4,
                     "fixed_point": {"batch": 128, "size": 64}, "iterations": [10], "repeats": 5},
        "tensorflow": "2.21.0",
        "recompute": [{"method": "plain", "seconds": 0.20, "peak_mib": 96.0},
                      {"method": "recompute_grad", "seconds": 0.26, "peak_mib": 24.0}],
        "fixed_point": [{"method": "unrolled", "iterations": 10, "seconds": 0.010, "peak_mib": 2.5,
                         "max_difference": 1e-4},
                        {"method": "implicit", "iterations": 10, "seconds": 0.004, "peak_mib": 0.5,
                         "max_difference": 1e-4}],
    }
    for path, value in changes.items():
        *keys, last = path.split("__")
        target = results
        for k in keys:
            target = target[int(k)] if k.isdigit() else target[k]
        target[int(last) if last.isdigit() else last] = value
    return results


def problem(batch=2, size=3, scale=1.0):
    x, W = performance.contraction_problem(batch=batch, size=size, seed=0)
    return x, W * scale


# =========================================================================== helpers.setup
row("setup/defaults", lambda: helpers.setup(), ok(lambda i: i.seed == 0 and str(i).startswith("Python"),
                                                  "versions, seed 0"))
row("setup/seed=42", lambda: helpers.setup(42), ok(lambda i: i.seed == 42, "seed 42"))
row("setup/seed=np.int64(3)", lambda: helpers.setup(np.int64(3)), ok(lambda i: i.seed == 3, "seed 3"))
row("setup/seed=True", lambda: helpers.setup(True), raises(TV, ("seed", "whole number")))
row("setup/seed=2.5", lambda: helpers.setup(2.5), raises(TV, ("seed", "whole number")))
row("setup/seed='0'", lambda: helpers.setup("0"), raises(TV, ("seed", "whole number")))
row("setup/seed=None", lambda: helpers.setup(None), raises(TV, ("seed", "whole number")))
row("setup/seed=-1", lambda: helpers.setup(-1), raises(ValueError, ("seed", ("between 0", "0 and", "non-negative", ">= 0", "≥ 0"))))
row("setup/seed=2**40", lambda: helpers.setup(2 ** 40), raises(ValueError, ("seed", ("2**32", "2³²", "4294967295", "too large"))))
row("setup/precision=2", lambda: helpers.setup(precision=2),
    ok(lambda i: np.get_printoptions()["precision"] == 2, "NumPy prints 2 digits"))
row("setup/precision=-1", lambda: helpers.setup(precision=-1), raises(ValueError, ("precision", "0", "16")))
row("setup/precision=17", lambda: helpers.setup(precision=17), raises(ValueError, ("precision", "16")))
row("setup/precision=2.0", lambda: helpers.setup(precision=2.0), raises(TV, ("precision", "whole number")))
row("setup/precision=True", lambda: helpers.setup(precision=True), raises(TV, ("precision", "whole number")))
row("setup/precision='4'", lambda: helpers.setup(precision="4"), raises(TV, ("precision", "whole number")))
row("setup/precision=np.int64(3)", lambda: helpers.setup(precision=np.int64(3)),
    ok(lambda i: np.get_printoptions()["precision"] == 3, "NumPy prints 3 digits"))

# =========================================================================== ChainTrace.link
row("link/chain-of-3-at-2", lambda: link_run(tf.constant(2.0)),
    ok(lambda r: float(r[2]) == 1024.0 and len(r[0].backward) == 3, "dy/dx = 1024, three backward records"))
row("link/use_upstream=False", lambda: link_run(tf.constant(2.0), use_upstream=False),
    ok(lambda r: float(r[2]) == 4.0, "the classic wrong answer 4, on purpose"))
row("link/name=123", lambda: (lambda t_f: (t_f[1](tf.constant(2.0)), str(t_f[0]))[1])(linked(name=123)),
    either(ok(lambda s: "123" in s, "the table shows the name 123"), raises(TypeError, ("name", "123"))))
row("link/name=None", lambda: (lambda t_f: (t_f[1](tf.constant(2.0)), str(t_f[0]))[1])(linked(name=None)),
    either(ok(lambda s: "forward" in s, "a table"), raises(TypeError, ("name", "None"))))
row("link/forward='x**2'", lambda: fresh_trace().link("sq", "x**2", lambda x: 2 * x), raises(TypeError, ("function",)))
row("link/local=None", lambda: fresh_trace().link("sq", lambda x: x ** 2, None), raises(TypeError, ("function",)))
row("link/use_upstream='no'", lambda: linked(use_upstream="no"), raises(TypeError, ("use_upstream", "True or False")))
row("link/x=python-float", lambda: linked()[1](2.0), ok(lambda y: float(y) == 4.0, "4.0"))
row("link/x=np.float32", lambda: linked()[1](np.float32(3.0)), ok(lambda y: float(y) == 9.0, "9.0"))
row("link/x=float64", lambda: link_run(tf.constant(2.0, tf.float64)),
    ok(lambda r: r[2].dtype == tf.float64 and float(r[2]) == 1024.0, "float64 gradient 1024"))
row("link/x=float16", lambda: link_run(tf.constant(1.5, tf.float16), n=1),
    ok(lambda r: r[2].dtype == tf.float16 and float(r[2]) == 3.0, "float16 gradient 3"))
row("link/x=int-tensor-forward", lambda: linked()[1](tf.constant(3)), ok(lambda y: int(y) == 9, "9"))
row("link/x=text", lambda: linked()[1](tf.constant("2.0")), raises(TypeError, ("text", "quotes")))
row("link/local-casts-to-float32", lambda: link_run(tf.constant(2.0, tf.float64), n=1,
                                                    local=lambda v: tf.cast(2 * v, tf.float32)),
    raises(TypeError, ("float32", "float64", "dtype")))
row("link/x=complex", lambda: link_run(tf.constant(1.0 + 1.0j), n=1),
    ok(lambda r: r[2] is not None and r[2].dtype == tf.complex128, "a complex gradient"))
row("link/x=tf.Variable", lambda: link_run(tf.Variable(2.0)), ok(lambda r: float(r[2]) == 1024.0, "1024"))
row("link/x=vector", lambda: link_run(tf.constant([1.0, 2.0]), n=2),
    ok(lambda r: close(r[2], [4.0, 32.0]), "4x³ elementwise"))
row("link/x=empty", lambda: link_run(tf.zeros([0])), ok(lambda r: tuple(r[2].shape) == (0,), "an empty gradient"))
row("link/x=nan", lambda: link_run(tf.constant(float("nan"))), ok(lambda r: np.isnan(float(r[2])), "NaN, as the input"))
row("link/x=ragged-then-str", lambda: _ragged_link(), ok(lambda s: "forward" in s, "the table shows the ragged call"))
row("link/forward-raises", lambda: link_run(tf.constant(2.0), forward=_boom), raises(LEARNER, ("boom",)))
row("link/forward-returns-None", lambda: link_run(tf.constant(2.0), forward=lambda x: None),
    raises(TV, ("forward", "None")))
row("link/forward-returns-pair", lambda: link_run(tf.constant(2.0), n=1, forward=lambda x: (x ** 2, x)),
    raises(TV, ("forward", ("tuple", "pair", "one tensor"))))
row("link/forward-returns-list", lambda: link_run(tf.constant(2.0), n=1, forward=lambda x: [x ** 2, x]),
    raises(TV, ("forward", ("list", "one tensor"))))
row("link/forward-returns-python-float", lambda: linked(forward=lambda x: 4.0)[1](tf.constant(2.0)),
    ok(lambda y: float(y) == 4.0, "4.0"))
row("link/forward-uses-numpy", lambda: link_run(tf.constant(2.0), n=1, forward=lambda x: np.square(x)),
    ok(lambda r: float(r[1]) == 4.0 and float(r[2]) == 4.0, "y = 4 and the custom gradient 4"))
row("link/local-returns-None", lambda: link_run(tf.constant(2.0), local=lambda x: None),
    raises(TV, ("local", "None")))
row("link/local-wrong-shape", lambda: link_run(tf.constant(2.0), n=1, local=lambda x: tf.ones((2, 3))),
    raises(ValueError, ("local", "shape")))
row("link/local-returns-numpy", lambda: link_run(tf.constant(2.0), local=lambda x: 2 * np.asarray(x)),
    ok(lambda r: float(r[2]) == 1024.0, "1024"))
row("link/local-raises", lambda: link_run(tf.constant(2.0), local=_boom), raises(LEARNER, ("boom",)))
row("link/called-with-two-inputs", lambda: linked()[1](tf.constant(1.0), tf.constant(2.0)),
    raises(TypeError, (("one input", "1 positional", "one argument", "single input"),)))
row("link/called-with-keyword", lambda: (lambda t_f: taped(lambda v: t_f[1](x=v), tf.constant(2.0)))(linked(use_upstream=False)),
    raises(TV, ("keyword", "positional")))
def _jacobian_through(f, x):
    """``(tape.jacobian of f(f(x)), the trace's table)``."""
    with tf.GradientTape() as tape:
        tape.watch(x)
        y = f(f(x))
    return tape.jacobian(y, x), str(f.trace)


def _traced(how):
    trace = fresh_trace()
    f = trace.link("square", lambda x: x ** 2, lambda x: 2 * x) if how == "link" else trace.watch(tf.square, "square")
    f.trace = trace
    return f


for how in ("link", "watch"):
    row(f"{how}/tape.jacobian", lambda how=how: _jacobian_through(_traced(how), tf.constant([1.0, 2.0])),
        ok(lambda r: close(r[0], np.diag([4.0, 32.0])) and "not shown" in r[1] and "tape.jacobian" in r[1],
           "the Jacobian diag(4x³), and a table saying the vectorized backward calls are not shown"))
row("link/inside-tf.function", lambda: in_tf_function(linked()[1], tf.constant(2.0)),
    raises((RuntimeError, TypeError, ValueError), ("tf.function", "eagerly")))
row("link/html-escapes-name", lambda: (lambda t_f: (t_f[1](tf.constant(2.0)), t_f[0]._repr_html_())[1])(
    linked(name="<b>sq</b>")), ok(lambda h: "<b>sq</b>" not in h and "&lt;b&gt;" in h, "the name is escaped"))

# =========================================================================== ChainTrace.watch
row("watch/custom-cube-twice", lambda: watch_run(cube_with(GRADS["right"]), tf.constant(2.0), n=2),
    ok(lambda r: float(r[2]) == 2304.0 and r[0].backward[0].local is None, "9·2⁸ = 2304, local shown as —"))
row("watch/plain-function", lambda: watch_run(lambda x: x ** 3, tf.constant(2.0)),
    ok(lambda r: float(r[2]) == 12.0, "3x² = 12"))
row("watch/strict-function", lambda: watch_run(helpers.strict_custom_gradient(
    lambda x: (x ** 3, lambda u: u * 3 * x ** 2)), tf.constant(2.0)), ok(lambda r: float(r[2]) == 12.0, "12"))
row("watch/function='abc'", lambda: fresh_trace().watch("abc"), raises(TypeError, ("function",)))
row("watch/function=None", lambda: fresh_trace().watch(None), raises(TypeError, ("function",)))
row("watch/name=123", lambda: (lambda t: (t.watch(lambda x: x * 2, 123)(tf.constant(1.0)), str(t))[1])(fresh_trace()),
    either(ok(lambda s: "123" in s, "the table shows the name 123"), raises(TypeError, ("name", "123"))))
row("watch/returns-pair", lambda: watch_run(lambda x: (x ** 2, x), tf.constant(2.0), name="pair"),
    raises(TV, ("pair", ("tuple", "one tensor", "two"))))
row("watch/returns-list", lambda: watch_run(lambda x: [x ** 2, x], tf.constant(2.0), name="listy"),
    raises(TV, ("listy", ("list", "one tensor", "two"))))
row("watch/returns-pair-of-vectors", lambda: watch_run(lambda x: (x, 2 * x), tf.constant([1.0, 2.0]), name="pair"),
    raises(TV, ("pair", ("tuple", "one tensor", "two"))))
row("watch/returns-pair-mixed-shapes", lambda: watch_run(lambda x: (x, tf.stack([x, x])), tf.constant(1.0), name="pair"),
    raises(TV, ("pair", ("tuple", "one tensor", "two"))))
row("watch/returns-python-float", lambda: watch_run(lambda x: 4.0, tf.constant(2.0), name="constant_four"),
    raises(TV, ("constant_four", "tensor")))
row("watch/returns-numpy", lambda: watch_run(lambda x: np.sin(x), tf.constant(2.0), name="numpy_sin"),
    raises(TV, ("numpy_sin", ("numpy", "ndarray"))))
row("watch/returns-None", lambda: watch_run(lambda x: None, tf.constant(2.0), name="returns_none"),
    raises(TV, ("returns_none", "None")))
row("watch/function-raises", lambda: watch_run(_boom, tf.constant(2.0)), raises(LEARNER, ("boom",)))
row("watch/grad-wrong-shape-is-recorded", lambda: watch_run(cube_with(GRADS["wrong-shape"]), tf.constant(2.0)),
    ok(lambda r: tuple(r[0].backward[0].downstream.shape) == (2, 3), "the trace shows what grad returned"))
row("watch/grad-two-for-one", lambda: watch_run(cube_with(GRADS["two-grads-for-one-input"]), tf.constant(2.0)),
    raises(ValueError, (("returned 2", "2 gradients", "two gradients"),)))
row("watch/grad-None", lambda: watch_run(cube_with(GRADS["None"]), tf.constant(2.0)),
    ok(lambda r: r[2] is None and r[0].backward[0].downstream is None, "None recorded and returned"))
row("watch/grad-raises", lambda: watch_run(cube_with(GRADS["raises"]), tf.constant(2.0)),
    raises(LEARNER, ("boom",)))
row("watch/two-input-function", lambda: fresh_trace().watch(lambda x, y: x * y)(tf.constant(1.0), tf.constant(2.0)),
    raises(TypeError, (("one input", "1 positional", "one argument", "single input"),)))
row("watch/inside-tf.function", lambda: in_tf_function(fresh_trace().watch(lambda x: x ** 2), tf.constant(2.0)),
    raises((RuntimeError, TypeError, ValueError), ("tf.function", "eagerly")))
row("watch/called-with-keyword", lambda: (lambda f: taped(lambda v: f(x=v), tf.constant(2.0)))(
    fresh_trace().watch(cube_with(GRADS["ignores-upstream"]))), raises(TV, ("keyword", "positional")))
row("watch/x=tf.Variable", lambda: watch_run(cube_with(GRADS["right"]), tf.Variable(2.0)),
    ok(lambda r: float(r[2]) == 12.0, "12"))
row("watch/x=int-tensor", lambda: fresh_trace().watch(lambda x: x * 2)(tf.constant(3)),
    ok(lambda y: int(y) == 6, "6"))

# =========================================================================== ChainTrace display and clear
row("rows/empty", lambda: fresh_trace().rows(), ok(lambda r: r == [], "no rows"))
row("str/empty", lambda: str(fresh_trace()), ok(lambda s: "nothing traced" in s, "says nothing is traced yet"))
row("html/empty", lambda: fresh_trace()._repr_html_(), ok(lambda s: "nothing traced" in s, "says nothing is traced yet"))
row("rows/after-square_chain", lambda: helpers.square_chain(2.0, 3)[0].rows(),
    ok(lambda r: len(r) == 6 and all(len(c) == 8 and all(isinstance(s, str) for s in c) for c in r), "6 rows of 8 strings"))
row("str/after-square_chain", lambda: str(helpers.square_chain(2.0, 3)[0]),
    ok(lambda s: s.splitlines()[0].split() == helpers.ChainTrace.HEADERS and "1024" in s, "headers and 1024"))
row("html/after-square_chain", lambda: helpers.square_chain(2.0, 3)[0]._repr_html_(),
    ok(lambda s: s.count("<tr>") == 7, "header and 6 rows"))
row("clear/forgets", lambda: (lambda t: (t.clear(), t)[1])(helpers.square_chain(2.0, 3)[0]),
    ok(lambda t: t.forward == [] and t.backward == [] and "nothing traced" in str(t), "empty again"))
row("str/large-tensor-is-summarised", lambda: str(link_run(tf.range(1000.0), n=1)[0]),
    ok(lambda s: len(s) < 3000 and "…" in s, "first entries and an ellipsis"))
row("str/complex-values", lambda: str(link_run(tf.constant(1.0 + 1.0j), n=1)[0]), ok(lambda s: "j" in s, "complex numbers shown"))
row("str/nan-values", lambda: str(link_run(tf.constant(float("nan")), n=1)[0]), ok(lambda s: "nan" in s, "nan shown"))
row("str/matrix-values", lambda: str(link_run(tf.ones((3, 3)), n=1)[0]), ok(lambda s: "shape (3, 3)" in s, "the shape shown"))
row("ChainTrace(forward=None)", lambda: helpers.ChainTrace(forward=None), raises(TypeError, ("forward", "list")))

# =========================================================================== square_chain
row("square_chain/2.0-3", lambda: helpers.square_chain(2.0, 3), ok(lambda r: float(r[1]) == 256 and float(r[2]) == 1024, "256, 1024"))
row("square_chain/x=2-int", lambda: helpers.square_chain(2, 3), ok(lambda r: float(r[2]) == 1024, "1024"))
row("square_chain/x=np.float32", lambda: helpers.square_chain(np.float32(2.0), 3), ok(lambda r: float(r[2]) == 1024, "1024"))
row("square_chain/x=np.int64(3)", lambda: helpers.square_chain(np.int64(3), 2), ok(lambda r: float(r[1]) == 81 and float(r[2]) == 108, "81, 108"))
row("square_chain/x=tf.constant", lambda: helpers.square_chain(tf.constant(2.0), 3), ok(lambda r: float(r[2]) == 1024, "1024"))
row("square_chain/x=tf.Variable", lambda: helpers.square_chain(tf.Variable(2.0), 3), ok(lambda r: float(r[2]) == 1024, "1024"))
row("square_chain/x='2'", lambda: helpers.square_chain("2", 3), raises(TypeError, ("x", "number")))
row("square_chain/x='abc'", lambda: helpers.square_chain("abc", 3), raises(TypeError, ("x", "number")))
row("square_chain/x=None", lambda: helpers.square_chain(None, 3), raises(TypeError, ("x", "None")))
row("square_chain/x=True", lambda: helpers.square_chain(True, 3), raises(TypeError, ("x", ("bool", "True"))))
row("square_chain/x=list", lambda: helpers.square_chain([1.0, 2.0], 3), raises(TypeError, ("x", "number")))
row("square_chain/x=vector-tensor", lambda: helpers.square_chain(tf.constant([1.0, 2.0]), 3), raises(TypeError, ("x", "number")))
row("square_chain/x=complex", lambda: helpers.square_chain(1 + 2j, 3), raises(TypeError, ("x", "number")))
row("square_chain/x=nan", lambda: helpers.square_chain(float("nan"), 2), ok(lambda r: np.isnan(float(r[2])), "NaN in, NaN out"))
row("square_chain/x=inf", lambda: helpers.square_chain(float("inf"), 2), ok(lambda r: np.isinf(float(r[1])), "inf in, inf out"))
row("square_chain/length=0", lambda: helpers.square_chain(2.0, 0), raises(ValueError, ("length", "1")))
row("square_chain/length=-1", lambda: helpers.square_chain(2.0, -1), raises(ValueError, ("length", "1")))
row("square_chain/length=2.5", lambda: helpers.square_chain(2.0, 2.5), raises(TV, ("length", "whole number")))
row("square_chain/length=True", lambda: helpers.square_chain(2.0, True), raises(TV, ("length", "whole number")))
row("square_chain/length='3'", lambda: helpers.square_chain(2.0, "3"), raises(TV, ("length", "whole number")))
row("square_chain/length=None", lambda: helpers.square_chain(2.0, None), raises(TV, ("length", "whole number")))
row("square_chain/length=np.int64(3)", lambda: helpers.square_chain(2.0, np.int64(3)), ok(lambda r: float(r[2]) == 1024, "1024"))
row("square_chain/length=10**6", lambda: helpers.square_chain(2.0, 10 ** 6), raises(ValueError, ("length",), within=5), timeout=6)
row("square_chain/trace='abc'", lambda: helpers.square_chain(2.0, 3, trace="abc"), raises(TypeError, ("trace", "ChainTrace")))
row("square_chain/trace=reused", lambda: (lambda t: helpers.square_chain(1.5, 2, trace=t))(helpers.square_chain(2.0, 4)[0]),
    ok(lambda r: len(r[0].forward) == 2 and len(r[0].backward) == 2, "old records cleared, 2 new"))

# =========================================================================== value_and_gradient
VG = lambda f, x: helpers.value_and_gradient(f, x)  # noqa: E731
row("value_and_gradient/x**2-list", lambda: VG(lambda x: x ** 2, [1.0, 3.0]), ok(lambda r: close(r[1], [2.0, 6.0]), "[2, 6]"))
row("value_and_gradient/f='sin'", lambda: VG("sin", [1.0]), raises(TypeError, ("function",)))
row("value_and_gradient/f=None", lambda: VG(None, [1.0]), raises(TypeError, ("function",)))
row("value_and_gradient/softmax-is-not-elementwise", lambda: VG(tf.nn.softmax, [0.0, 1.0, 2.0]),
    raises(ValueError, ("elementwise", "softmax")))
row("value_and_gradient/cumsum-is-not-elementwise", lambda: VG(tf.math.cumsum, [0.0, 1.0, 2.0]),
    raises(ValueError, ("elementwise",)))
row("value_and_gradient/x=python-float", lambda: VG(lambda x: x ** 2, 2.0), ok(lambda r: float(r[1]) == 4.0, "4"))
row("value_and_gradient/x=python-int", lambda: VG(lambda x: x ** 2, 3), ok(lambda r: float(r[1]) == 6.0, "6"))
row("value_and_gradient/x=np.int64", lambda: VG(lambda x: x ** 2, np.int64(3)), ok(lambda r: float(r[1]) == 6.0, "6"))
row("value_and_gradient/x=np.float32", lambda: VG(lambda x: x ** 2, np.float32(2.0)), ok(lambda r: float(r[1]) == 4.0, "4"))
row("value_and_gradient/x=list-of-ints", lambda: VG(lambda x: x ** 2, [1, 2]), ok(lambda r: close(r[1], [2.0, 4.0]), "[2, 4]"))
row("value_and_gradient/x=2-d", lambda: VG(tf.sin, np.zeros((2, 2))), ok(lambda r: close(r[1], np.ones((2, 2))), "ones (2, 2)"))
row("value_and_gradient/x=empty", lambda: VG(tf.sin, np.array([])), ok(lambda r: r[0].shape == (0,) and r[1].shape == (0,), "two empty arrays"))
row("value_and_gradient/x=list-of-strings", lambda: VG(tf.sin, ["a", "b"]), raises(TV, ("x", "number")))
row("value_and_gradient/x=ragged-list", lambda: VG(tf.sin, [[1.0, 2.0], [3.0]]), raises(TV, ("x", ("same length", "ragged", "rectangular", "inhomogeneous"))))
row("value_and_gradient/x=None", lambda: VG(tf.sin, None), raises(TypeError, ("x", "None")))
row("value_and_gradient/x=int-tensor", lambda: VG(tf.sin, tf.constant([1, 2])), raises(TypeError, ("float",)))
row("value_and_gradient/x=complex-tensor", lambda: VG(tf.sin, tf.constant([1.0 + 1j])), raises(TypeError, ("complex",)))
row("value_and_gradient/x=string-tensor", lambda: VG(tf.sin, tf.constant(["a"])), raises(TypeError, ("float",)))
row("value_and_gradient/x=float16", lambda: VG(lambda x: x ** 2, tf.constant([1.0, 2.0], tf.float16)),
    ok(lambda r: close(r[1], [2.0, 4.0]), "[2, 4]"))
row("value_and_gradient/x=float64-tensor", lambda: VG(lambda x: x ** 2, tf.constant([1.0], tf.float64)),
    ok(lambda r: r[1].dtype == np.float64, "float64 stays float64"))
row("value_and_gradient/x=float64-numpy", lambda: VG(lambda x: (x - 1) * 1e12, np.array([1.0 + 1e-12])),
    ok(lambda r: r[0].dtype == np.float64 and abs(float(r[0][0]) - 1.0) < 1e-3, "float64 NumPy input keeps its precision"))
row("value_and_gradient/x=tf.Variable", lambda: VG(lambda x: x ** 2, tf.Variable([1.0, 2.0])), ok(lambda r: close(r[1], [2.0, 4.0]), "[2, 4]"))
row("value_and_gradient/x=RaggedTensor", lambda: VG(tf.sin, tf.ragged.constant([[1.0], [2.0, 3.0]])), raises(TV, ("ragged",)))
row("value_and_gradient/x=nan-inf", lambda: VG(lambda x: x ** 2, [float("nan"), float("inf")]),
    ok(lambda r: np.isnan(r[1][0]) and np.isinf(r[1][1]), "nan and inf pass through"))
row("value_and_gradient/f-returns-pair", lambda: VG(lambda x: (x, x), [1.0]), raises(TypeError, ("tensor",)))
row("value_and_gradient/f-returns-python-float", lambda: VG(lambda x: 1.0, [1.0]), raises(TypeError, ("tensor",)))
row("value_and_gradient/f-uses-numpy", lambda: VG(lambda x: np.sin(x), [1.0, 2.0]), raises(TypeError, (("numpy", "ndarray"),)))
row("value_and_gradient/f-returns-None", lambda: VG(lambda x: None, [1.0]), raises(TypeError, ("None",)))
row("value_and_gradient/f-raises", lambda: VG(_boom, [1.0]), raises(LEARNER, ("boom",)))
INT_WORDS = ("no gradient", "cast to float")
row("value_and_gradient/f-returns-int", lambda: VG(lambda x: tf.cast(x, tf.int32) * 2, [1.0, 2.0]),
    raises(TypeError, ("int32",) + INT_WORDS))
row("value_and_gradient/f-argmax", lambda: VG(lambda x: tf.argmax(tf.stack([x, -x]), axis=0), [1.0, -2.0]),
    raises(TypeError, ("int64",) + INT_WORDS))
row("value_and_gradient/f-returns-bool", lambda: VG(lambda x: x > 0, [1.0, -2.0]), raises(TypeError, ("bool",) + INT_WORDS))
row("value_and_gradient/f-not-elementwise", lambda: VG(tf.reduce_sum, [1.0, 2.0]), raises(ValueError, ("elementwise",)))
row("value_and_gradient/grad-right", lambda: VG(cube_with(GRADS["right"]), [1.0, 2.0]), ok(lambda r: close(r[1], [3.0, 12.0]), "3x²"))
row("value_and_gradient/grad-wrong-shape", lambda: VG(cube_with(GRADS["wrong-shape"]), [1.0, 2.0]), raises(ValueError, ("shape",)))
row("value_and_gradient/grad-two-for-one", lambda: VG(cube_with(GRADS["two-grads-for-one-input"]), [1.0]),
    raises(ValueError, (("returned 2", "2 gradients", "two gradients"),)))
row("value_and_gradient/grad-None", lambda: VG(cube_with(GRADS["None"]), [1.0, 2.0]), ok(lambda r: np.all(np.isnan(r[1])), "NaN marks no gradient"))
row("value_and_gradient/grad-raises", lambda: VG(cube_with(GRADS["raises"]), [1.0]), raises(LEARNER, ("boom",)))
row("value_and_gradient/grad-python-float", lambda: VG(cube_with(GRADS["python-float"]), [1.0, 2.0]), raises(ValueError, ("shape",)))

# =========================================================================== plot_function_and_gradient
PFG = lambda *a, **k: helpers.plot_function_and_gradient(*a, **k)  # noqa: E731
LIN = lambda n=9: np.linspace(-2, 2, n)  # noqa: E731
row("plot_function_and_gradient/one-function", lambda: PFG(tf.sin, LIN()), ok(lambda f: is_figure(f) and len(f.axes) == 2, "a figure with 2 axes"))
row("plot_function_and_gradient/mapping", lambda: PFG({"x²": lambda x: x ** 2, "sin": tf.sin}, LIN()),
    ok(lambda f: len(f.axes[0].lines) >= 2, "two lines"))
row("plot_function_and_gradient/functions={}", lambda: PFG({}, LIN()), raises(ValueError, ("function",)))
row("plot_function_and_gradient/functions=[]", lambda: PFG([], LIN()), raises(TV, ("function",)))
row("plot_function_and_gradient/functions=None", lambda: PFG(None, LIN()), raises(TV, ("function",)))
row("plot_function_and_gradient/functions='sin'", lambda: PFG("sin", LIN()), raises(TypeError, ("function", "sin")))
row("plot_function_and_gradient/functions=list-of-functions", lambda: PFG([tf.sin, tf.cos], LIN()),
    raises(TypeError, (("mapping", "dict", "{label: function}"),)))
row("plot_function_and_gradient/mapping-value-not-callable", lambda: PFG({"my_label": "sin"}, LIN()),
    raises(TypeError, ("my_label", "function")))
row("plot_function_and_gradient/x=one-point", lambda: PFG(tf.sin, [1.0]), raises(ValueError, ("x", "two points")))
row("plot_function_and_gradient/x=scalar", lambda: PFG(tf.sin, 2.0), raises(ValueError, ("x", "1-D")))
row("plot_function_and_gradient/x=2-d", lambda: PFG(tf.sin, np.zeros((3, 3))), raises(ValueError, ("x", "1-D")))
row("plot_function_and_gradient/x=empty", lambda: PFG(tf.sin, []), raises(ValueError, ("x",)))
row("plot_function_and_gradient/x=None", lambda: PFG(tf.sin, None), raises(TV, ("x", "None")))
row("plot_function_and_gradient/x=strings", lambda: PFG(tf.sin, ["a", "b"]), raises(TV, ("x", "number")))
row("plot_function_and_gradient/x=tensor", lambda: PFG(tf.sin, tf.linspace(-1.0, 1.0, 5)), ok(is_figure, "a figure"))
row("plot_function_and_gradient/x=int-range", lambda: PFG(lambda x: x ** 2, np.arange(5)), ok(is_figure, "a figure"))
row("plot_function_and_gradient/x=complex", lambda: PFG(tf.sin, np.array([1 + 1j, 2 + 0j])), raises(TypeError, ("complex",)))
row("plot_function_and_gradient/x-with-nan", lambda: PFG(tf.sin, [0.0, float("nan"), 1.0]), ok(is_figure, "a figure"))
row("plot_function_and_gradient/x=2*10**5-points", lambda: PFG(tf.sin, np.linspace(-3, 3, 2 * 10 ** 5)),
    either(ok(renders_reasonably, "renders at a normal size"), raises(ValueError, (("too many", "at most", "too large", "slice"),)), within=10), timeout=20)
row("plot_function_and_gradient/f-not-elementwise", lambda: PFG({"total": tf.reduce_sum}, LIN()),
    raises(ValueError, ("total", "elementwise")))
row("plot_function_and_gradient/f-returns-int", lambda: PFG({"doubled": lambda x: tf.cast(x, tf.int32) * 2}, LIN()),
    raises(TypeError, ("doubled", "int32") + INT_WORDS))
row("plot_function_and_gradient/f-returns-pair", lambda: PFG({"pair": lambda x: (x, x)}, LIN()), raises(TypeError, ("pair", "tensor")))
row("plot_function_and_gradient/f-grad-wrong-shape", lambda: PFG({"cube": cube_with(GRADS["wrong-shape"])}, LIN()),
    raises(ValueError, ("cube", "shape")))
row("plot_function_and_gradient/f-grad-None", lambda: PFG(cube_with(GRADS["None"]), LIN()),
    ok(lambda f: any(("not finite" in t.get_text() or "NaN" in t.get_text()) for t in f.axes[1].get_legend().get_texts()),
       "the missing gradient marked as NaN / not finite"))
row("plot_function_and_gradient/title=123", lambda: PFG(tf.sin, LIN(), title=123), ok(is_figure, "a figure"))
row("plot_function_and_gradient/ylim_value=(0,1)", lambda: PFG(tf.sin, LIN(), ylim_value=(0, 1)),
    ok(lambda f: tuple(f.axes[0].get_ylim()) == (0, 1), "ylim (0, 1)"))
row("plot_function_and_gradient/ylim_value=5", lambda: PFG(tf.sin, LIN(), ylim_value=5), raises(TV, ("ylim_value", ("pair", "(low, high)", "two"))))
row("plot_function_and_gradient/ylim_value=(1,2,3)", lambda: PFG(tf.sin, LIN(), ylim_value=(1, 2, 3)),
    raises(TV, ("ylim_value", ("pair", "(low, high)", "two"))))
row("plot_function_and_gradient/ylim_grad=('a','b')", lambda: PFG(tf.sin, LIN(), ylim_grad=("a", "b")), raises(TV, ("ylim_grad",)))
row("plot_function_and_gradient/ylim_grad=(nan,1)", lambda: PFG(tf.sin, LIN(), ylim_grad=(float("nan"), 1)), raises(TV, ("ylim_grad",)))

# =========================================================================== plot_jacobian
PJ = lambda *a, **k: helpers.plot_jacobian(*a, **k)  # noqa: E731
row("plot_jacobian/eye3", lambda: PJ(np.eye(3)), ok(lambda ax: is_axes(ax) and ax.get_xlabel() == "input j", "an Axes"))
row("plot_jacobian/list-of-lists", lambda: PJ([[1, 2], [3, 4]]), ok(is_axes, "an Axes"))
row("plot_jacobian/tensor", lambda: PJ(tf.eye(2)), ok(is_axes, "an Axes"))
row("plot_jacobian/bfloat16", lambda: PJ(tf.eye(2, dtype=tf.bfloat16)), ok(is_axes, "an Axes"))
row("plot_jacobian/tf.Variable", lambda: PJ(tf.Variable(tf.eye(2))), ok(is_axes, "an Axes"))
row("plot_jacobian/int-tensor", lambda: PJ(tf.constant([[1, 2]])), ok(is_axes, "an Axes"))
row("plot_jacobian/float16", lambda: PJ(tf.ones((2, 2), tf.float16)), ok(is_axes, "an Axes"))
row("plot_jacobian/1-d", lambda: PJ(np.ones(3)), raises(ValueError, ("2-D",)))
row("plot_jacobian/3-d", lambda: PJ(np.ones((2, 2, 2))), raises(ValueError, ("2-D", "reshape")))
row("plot_jacobian/scalar", lambda: PJ(2.0), raises(ValueError, ("2-D",)))
row("plot_jacobian/None", lambda: PJ(None), raises(TV, ("None",)))
row("plot_jacobian/empty-0x3", lambda: PJ(np.zeros((0, 3))), raises(ValueError, (("empty", "nothing to draw", "no entries"),)))
row("plot_jacobian/empty-0x0", lambda: PJ(np.zeros((0, 0))), raises(ValueError, (("empty", "nothing to draw", "no entries"),)))
row("plot_jacobian/ragged-list", lambda: PJ([[1.0, 2.0], [3.0]]), raises(TV, ("jacobian", ("same length", "ragged", "rectangular"))))
row("plot_jacobian/strings", lambda: PJ([["a", "b"]]), raises(TV, ("jacobian", "number")))
row("plot_jacobian/complex-array", lambda: PJ(np.array([[1 + 1j, 2]])), raises(TypeError, ("complex",)))
row("plot_jacobian/complex-tensor", lambda: PJ(tf.constant([[1 + 1j, 2 + 0j]])), raises(TypeError, ("complex",)))
row("plot_jacobian/with-nan", lambda: PJ(np.array([[1.0, float("nan")], [0.0, 1.0]])),
    ok(lambda ax: is_axes(ax) and renders_reasonably(ax) and "1 NaN" in ax.get_title(), "draws, NaN grey and named"))
row("plot_jacobian/all-nan", lambda: PJ(np.full((2, 2), np.nan)), ok(lambda ax: is_axes(ax) and renders_reasonably(ax), "draws"))
row("plot_jacobian/with-inf", lambda: PJ(np.array([[1.0, np.inf], [0.0, 1.0]])),
    ok(lambda ax: renders_reasonably(ax) and ax.images[0].get_clim() == (-1.0, 1.0) and "1 +inf" in ax.get_title(),
       "colours scaled to the finite entries, +inf named"))
row("plot_jacobian/with-inf-unlabelled", lambda: PJ(np.where(np.eye(40) > 0, -np.inf, 0.5)),
    ok(lambda ax: renders_reasonably(ax) and ax.images[0].get_clim() == (-0.5, 0.5) and "40 −inf (▼)" in ax.get_title(),
       "colours scaled to the finite entries, −inf marked ▼"))
row("plot_jacobian/ax='abc'", lambda: PJ(np.eye(2), ax="abc"), raises(TypeError, ("ax", "Axes")))
row("plot_jacobian/ax=given", lambda: (lambda ax: PJ(np.eye(2), ax=ax) is ax)(plt.subplots()[1]), ok(lambda same: same, "draws on the given Axes"))
row("plot_jacobian/title=None", lambda: PJ(np.eye(2), title=None), ok(is_axes, "an Axes"))
row("plot_jacobian/500x500", lambda: PJ(np.random.default_rng(0).standard_normal((500, 500))),
    either(ok(renders_reasonably, "a heatmap of normal size"), raises(ValueError, (("too many", "at most", "too large", "slice"),)), within=10), timeout=20)
row("plot_jacobian/1x5000", lambda: PJ(np.ones((1, 5000))),
    either(ok(renders_reasonably, "a heatmap of normal size"), raises(ValueError, (("too many", "at most", "too large", "slice"),)), within=10), timeout=20)
row("plot_jacobian/3000x3000", lambda: PJ(np.ones((3000, 3000))),
    either(ok(renders_reasonably, "a heatmap of normal size"), raises(ValueError, (("too many", "at most", "too large", "slice"),)), within=10), timeout=20)
row("plot_jacobian/fast-report", lambda: PJ(report_of(cube_with(GRADS["right"]), tf.constant([1.0, 2.0]))),
    raises(TypeError, ("report", ("custom_jacobian", "mode='full'"))))
row("plot_jacobian/fast-report-custom_jacobian", lambda: PJ(report_of(cube_with(GRADS["right"]), tf.constant([1.0, 2.0]))["x"].custom_jacobian),
    raises(TV, ("full",)))
row("plot_jacobian/full-report-custom_jacobian", lambda: PJ(report_of(cube_with(GRADS["right"]), tf.constant([1.0, 2.0]), mode="full")["x"].custom_jacobian),
    ok(is_axes, "an Axes"))

# =========================================================================== plot_vjp
PV = lambda *a, **k: helpers.plot_vjp(*a, **k)  # noqa: E731
J32 = lambda: np.array([[1.0, 2.0], [3.0, 4.0], [5.0, 6.0]])  # noqa: E731
row("plot_vjp/3x2", lambda: PV(J32(), [1.0, 0.0, 1.0]), ok(lambda f: is_figure(f) and len(f.axes) >= 3, "three panels"))
row("plot_vjp/tensors", lambda: PV(tf.constant(J32()), tf.constant([1.0, 0.0, 1.0])), ok(is_figure, "a figure"))
row("plot_vjp/upstream-column", lambda: PV(J32(), [[1.0], [0.0], [1.0]]), ok(is_figure, "a figure"))
row("plot_vjp/upstream-too-short", lambda: PV(J32(), [1.0, 0.0]), raises(ValueError, ("upstream", "3")))
row("plot_vjp/upstream=None-3-rows", lambda: PV(J32(), None), raises(TV, ("upstream", "None")))
row("plot_vjp/upstream=None-1-row", lambda: PV(np.ones((1, 3)), None), raises(TV, ("upstream", "None")))
row("plot_vjp/upstream-strings", lambda: PV(J32(), ["a", "b", "c"]), raises(TV, ("upstream", "number")))
row("plot_vjp/upstream-complex", lambda: PV(J32(), np.array([1j, 0, 1])), raises(TypeError, ("complex",)))
row("plot_vjp/jacobian-1-d", lambda: PV(np.ones(3), [1.0, 1.0, 1.0]), raises(ValueError, ("2-D",)))
row("plot_vjp/jacobian-complex", lambda: PV(J32() * 1j, [1.0, 0.0, 1.0]), raises(TypeError, ("complex",)))
row("plot_vjp/jacobian-ragged", lambda: PV([[1.0, 2.0], [3.0]], [1.0, 1.0]), raises(TV, ("jacobian", ("same length", "ragged", "rectangular"))))
row("plot_vjp/jacobian-empty-0x3", lambda: PV(np.zeros((0, 3)), []), raises(ValueError, (("empty", "nothing to draw", "no entries"),)))
row("plot_vjp/jacobian-empty-3x0", lambda: PV(np.zeros((3, 0)), [1.0, 1.0, 1.0]), raises(ValueError, (("empty", "nothing to draw", "no entries"),)))
row("plot_vjp/jacobian-None", lambda: PV(None, [1.0]), raises(TV, ("None",)))
row("plot_vjp/with-nan", lambda: PV(np.array([[1.0, np.nan]]), [1.0]),
    either(ok(lambda f: renders_reasonably(f), "draws"), raises(ValueError, (("finite", "nan"),))))
row("plot_vjp/title=123", lambda: PV(J32(), [1.0, 0.0, 1.0], title=123), ok(is_figure, "a figure"))
row("plot_vjp/300x300", lambda: PV(np.ones((300, 300)), np.ones(300)),
    either(ok(renders_reasonably, "a picture of normal size"), raises(ValueError, (("too many", "at most", "too large", "slice"),)), within=10), timeout=20)
row("plot_vjp/1000x1", lambda: PV(np.ones((1000, 1)), np.ones(1000)),
    either(ok(renders_reasonably, "a picture of normal size"), raises(ValueError, (("too many", "at most", "too large", "slice"),)), within=10), timeout=20)

# =========================================================================== check_gradients
CG = lambda *a, **k: helpers.check_gradients(*a, **k)  # noqa: E731
V3 = lambda: tf.constant([1.0, -2.0, 0.5])  # noqa: E731
row("check_gradients/right-cube", lambda: CG(cube_with(GRADS["right"]), V3()), ok(lambda r: r.ok, "all gradients agree"))
row("check_gradients/ignores-upstream-report", lambda: report_of(cube_with(GRADS["ignores-upstream"]), V3()),
    ok(lambda r: not r.ok and r["x"].mistake == "upstream_ignored", "not ok, upstream ignored"))
for kind, words in [("ignores-upstream", ("upstream",)), ("wrong-shape", ("shape", "(2, 3)")),
                    ("two-grads-for-one-input", (("returned 2", "2 gradients", "two gradients"),)),
                    ("None", ("None",)), ("nan", ("NaN",)), ("python-float", ("shape",)),
                    ("float64-for-float32", ("dtype", "float64"))]:
    row(f"check_gradients/grad-{kind}", lambda kind=kind: CG(cube_with(GRADS[kind]), V3()), raises(GCE, words))
row("check_gradients/grad-string", lambda: CG(cube_with(GRADS["string"]), V3()), raises((GCE, TypeError), ("grad", "str")))
row("check_gradients/grad-raises", lambda: CG(cube_with(GRADS["raises"]), V3()), raises((GCE,) + LEARNER, ("boom",)))
row("check_gradients/grad-numpy-array-right", lambda: CG(cube_with(GRADS["numpy-array"]), V3()),
    either(ok(lambda r: r.ok, "agrees"), raises(GCE, (("numpy", "ndarray"),))))
row("check_gradients/f='cube'", lambda: CG("cube", V3()), raises(TypeError, ("function",)))
row("check_gradients/no-inputs", lambda: CG(tf.sin), raises(ValueError, ("inputs",)))
row("check_gradients/mode='Full'", lambda: CG(tf.sin, V3(), mode="Full"), raises(ValueError, ("mode", "'full'")))
row("check_gradients/mode=None", lambda: CG(tf.sin, V3(), mode=None), raises(ValueError, ("mode", "'fast'")))
row("check_gradients/seed='a'", lambda: CG(tf.sin, V3(), seed="a"), raises(TypeError, ("seed",)))
row("check_gradients/seed=2.0", lambda: CG(tf.sin, V3(), seed=2.0), raises(TypeError, ("seed",)))
row("check_gradients/seed=-1", lambda: CG(tf.sin, V3(), seed=-1), raises(TV, ("seed", "-1")))
row("check_gradients/seed=np.int64", lambda: CG(tf.sin, V3(), seed=np.int64(3)), ok(lambda r: r.ok, "agrees"))
row("check_gradients/rtol='a'", lambda: CG(tf.sin, V3(), rtol="a"), raises(TV, ("rtol",)))
row("check_gradients/rtol=-1", lambda: CG(tf.sin, V3(), rtol=-1), raises(ValueError, ("rtol",)))
row("check_gradients/rtol=nan", lambda: CG(tf.sin, V3(), rtol=float("nan")), raises(ValueError, ("rtol",)))
row("check_gradients/atol=-1", lambda: CG(tf.sin, V3(), atol=-1), raises(ValueError, ("atol",)))
row("check_gradients/raise_on_failure='no'", lambda: CG(cube_with(GRADS["ignores-upstream"]), V3(), raise_on_failure="no"),
    raises(TypeError, ("raise_on_failure",)))
row("check_gradients/x=python-float", lambda: CG(cube_with(GRADS["right"]), 2.0), ok(lambda r: r.ok, "agrees"))
row("check_gradients/x=python-int", lambda: CG(cube_with(GRADS["right"]), 3), raises(ValueError, ("float",)))
row("check_gradients/x=np.int64", lambda: CG(cube_with(GRADS["right"]), np.int64(3)), raises(ValueError, ("float",)))
row("check_gradients/x=np.float32", lambda: CG(cube_with(GRADS["right"]), np.float32(2.0)), ok(lambda r: r.ok, "agrees"))
row("check_gradients/x=list", lambda: CG(cube_with(GRADS["right"]), [1.0, 2.0]), ok(lambda r: r.ok, "agrees"))
row("check_gradients/x=list-of-strings", lambda: CG(tf.sin, ["a"]), raises(TypeError, (("tensor", "numbers"),)))
row("check_gradients/x=ragged-list", lambda: CG(tf.sin, [[1.0, 2.0], [3.0]]), raises(TypeError, ("different lengths",)))
row("check_gradients/x=None", lambda: CG(tf.sin, None), raises(TypeError, ("None",)))
row("check_gradients/x=empty", lambda: CG(cube_with(GRADS["right"]), np.array([])), raises(ValueError, (("empty", "no entries", "nothing to check"),)))
row("check_gradients/x=0-d", lambda: CG(cube_with(GRADS["right"]), tf.constant(1.5)), ok(lambda r: r.ok, "agrees"))
row("check_gradients/x=matrix", lambda: CG(cube_with(GRADS["right"]), tf.ones((2, 3))), ok(lambda r: r.ok, "agrees"))
row("check_gradients/x=complex", lambda: CG(tf.sin, tf.constant([1.0 + 1j])), raises(TV, ("complex",)))
row("check_gradients/x=float16", lambda: CG(cube_with(GRADS["right"]), tf.constant([1.0, 2.0], tf.float16)), ok(lambda r: r.ok, "agrees"))
row("check_gradients/x=float64", lambda: CG(cube_with(GRADS["right"]), tf.constant([1.0, 2.0], tf.float64)), ok(lambda r: r.ok, "agrees"))
row("check_gradients/x=tf.Variable", lambda: CG(cube_with(GRADS["right"]), tf.Variable([1.0, 2.0])), ok(lambda r: r.ok, "agrees"))
row("check_gradients/x=RaggedTensor", lambda: CG(tf.sin, tf.ragged.constant([[1.0], [2.0, 3.0]])), raises(TypeError, ("ragged",)))
row("check_gradients/x=nan", lambda: CG(cube_with(GRADS["right"]), tf.constant([1.0, float("nan")])), raises((ValueError, GCE), ("nan", "finite")))
row("check_gradients/x=inf", lambda: CG(cube_with(GRADS["right"]), tf.constant([1.0, float("inf")])), raises((ValueError, GCE), ("inf", "finite")))


def _mul_with_int():
    @tf.custom_gradient
    def scale(x, n):
        def grad(u):
            return u * tf.cast(n, x.dtype), None
        return x * tf.cast(n, x.dtype), grad
    return scale


row("check_gradients/int-input-gets-None", lambda: CG(_mul_with_int(), V3(), tf.constant(3)),
    ok(lambda r: r.ok and r["n"].result.startswith("None"), "n: None (ok)"))
row("check_gradients/f-returns-pair", lambda: CG(lambda x: (x, 2 * x), V3()),
    either(ok(lambda r: r.ok, "both outputs' gradients agree"), raises(TypeError, ("tensor", ("tuple", "pair")))))
row("check_gradients/f-returns-python-float", lambda: CG(lambda x: 1.0, V3()), raises((TypeError, GCE), ("tensor", "float")))
row("check_gradients/f-uses-numpy", lambda: CG(lambda x: np.sin(x), V3()), raises((TypeError, GCE), ("tensor", ("numpy", "ndarray"))))
row("check_gradients/f-returns-None", lambda: CG(lambda x: None, V3()), raises((TypeError, GCE), ("tensor", "None")))
row("check_gradients/f-raises", lambda: CG(_boom, V3()), raises((GCE,) + LEARNER, ("boom",)))
row("check_gradients/f-returns-int", lambda: CG(lambda x: tf.cast(x, tf.int32), V3()), raises((TypeError, GCE), ("float",)))
row("check_gradients/f-tf.function", lambda: CG(tf.function(cube_with(GRADS["right"]), autograph=False), V3()), ok(lambda r: r.ok, "agrees"))
row("check_gradients/f-strict-wrong-shape", lambda: CG(helpers.strict_custom_gradient(lambda x: (x * 2, lambda u: tf.ones((2, 3)))), V3()),
    raises((GCE, CGE), ("shape",)))
def _sin_float32_only():
    @tf.custom_gradient
    def sin32(x):
        one = tf.constant(1.0)                  # float32: the finite differences stay in float32
        return tf.sin(x) * one, lambda u: u * tf.cos(x) * one
    return sin32


row("check_gradients/float32-only-sin-at-1000", lambda: CG(_sin_float32_only(), tf.constant(1000.0)),
    ok(lambda r: r.inconclusive and "float32 cannot decide" in str(r) and "float64" in r["x"].cause,
       "inconclusive, not a GRADIENT PROBLEM: float32 cannot decide there"))
row("check_gradients/full-mode-right", lambda: CG(cube_with(GRADS["right"]), V3(), mode="full"),
    ok(lambda r: r["x"].custom_jacobian.shape == (3, 3), "3×3 Jacobians kept"))
row("check_gradients/full-mode-500-entries", lambda: CG(cube_with(GRADS["right"]), tf.linspace(-1.0, 1.0, 500), mode="full"),
    ok(lambda r: r.ok, "agrees", within=15), timeout=25)
row("check_gradients/full-mode-501-entries", lambda: CG(cube_with(GRADS["right"]), tf.ones(501), mode="full"),
    raises(ValueError, ("full", "fast"), within=5))
row("check_gradients/full-mode-500-in-200000-out", lambda: CG(lambda x: tf.tile(x, [400]), tf.ones(500), mode="full"),
    raises(ValueError, ("full", "fast"), within=5), timeout=6)
row("check_gradients/full-mode-1-in-200000-out", lambda: CG(lambda x: tf.tile(tf.reshape(x, [1]), [200_000]), tf.constant(0.5),
                                                             mode="full"),
    raises(ValueError, ("200,000 output entries", "mode='fast'", "smaller output"), within=5), timeout=10)
row("check_gradients/fast-mode-10**6-entries", lambda: CG(cube_with(GRADS["right"]), tf.random.uniform([10 ** 6], 0.5, 1.0)),
    ok(lambda r: r.ok, "agrees", within=10), timeout=30)
row("check_gradients/4-million-entries", lambda: CG(cube_with(GRADS["right"]), tf.ones([4 * 10 ** 6])),
    raises(ValueError, ("1,000,000", "smaller input"), within=5), timeout=10)
row("check_gradients/graph-not-a-bool", lambda: CG(cube_with(GRADS["right"]), tf.ones(3), graph="no"),
    raises(TypeError, ("graph", "True or False")))



def _sign_ste():
    @tf.custom_gradient
    def sign_ste(x):
        return tf.sign(x), lambda u: u          # straight-through: the identity's gradient, on purpose
    return sign_ste


row("check_gradients/order=2-right", lambda: CG(cube_with(GRADS["right"]), V3(), order=2), ok(lambda r: r.ok, "first and second derivatives agree"))
row("check_gradients/order=3", lambda: CG(cube_with(GRADS["right"]), V3(), order=3), raises(ValueError, ("order", "2")))
row("check_gradients/order='2'", lambda: CG(cube_with(GRADS["right"]), V3(), order="2"), raises(TV, ("order",)))
row("check_gradients/graph=True", lambda: CG(cube_with(GRADS["right"]), V3(), graph=True), ok(lambda r: r.ok, "agrees eagerly and in tf.function"))
row("check_gradients/expect='surrogate'", lambda: CG(_sign_ste(), V3(), expect="surrogate"), ok(lambda r: r.ok, "the contract holds"))
row("check_gradients/expect=identity", lambda: CG(_sign_ste(), V3(), expect=lambda x: x), ok(lambda r: r.ok, "follows the identity's derivative"))
row("check_gradients/expect='surogate'", lambda: CG(_sign_ste(), V3(), expect="surogate"), raises(ValueError, ("expect", "surrogate")))
row("check_gradients/expect=numpy", lambda: CG(_sign_ste(), V3(), expect=lambda x: np.asarray(x)),
    ok(lambda r: r.ok, "a NumPy expect= is only evaluated, so it is accepted"))
row("check_gradients/expect=numpy-shorter", lambda: CG(_sign_ste(), V3(), expect=lambda x: np.asarray(x)[:2]),
    raises(ValueError, ("expect", "shape (2,)")))
row("check_gradients/expect=123", lambda: CG(_sign_ste(), V3(), expect=123), raises(TV, ("expect",)))
row("check_gradients/surrogate-without-expect", lambda: CG(_sign_ste(), V3()), raises(GCE, ("surrogate",)))

# -- the report
RIGHT_REPORT = lambda: report_of(cube_with(GRADS["right"]), V3())  # noqa: E731
WRONG_REPORT = lambda: report_of(cube_with(GRADS["ignores-upstream"]), V3())  # noqa: E731
row("report/['x']", lambda: RIGHT_REPORT()["x"], ok(lambda r: r.name == "x" and r.ok, "the input named x"))
row("report/[0]", lambda: RIGHT_REPORT()[0], ok(lambda r: r.name == "x", "the first input"))
row("report/[-1]", lambda: RIGHT_REPORT()[-1], ok(lambda r: r.name == "x", "the last input"))
row("report/['nope']", lambda: RIGHT_REPORT()["nope"], raises(KeyError, ("nope", "x")))
row("report/[5]", lambda: RIGHT_REPORT()[5], raises((IndexError, KeyError), ("5", "input")))
row("report/[1.0]", lambda: RIGHT_REPORT()[1.0], raises((TypeError, KeyError), (("name", "index"),)))
row("report/[None]", lambda: RIGHT_REPORT()[None], raises((TypeError, KeyError), (("name", "index"),)))
row("report/str-ok", lambda: str(RIGHT_REPORT()), ok(lambda s: "all gradients agree" in s, "says all agree"))
row("report/str-wrong", lambda: str(WRONG_REPORT()), ok(lambda s: "GRADIENT PROBLEM" in s and "upstream" in s, "names the problem"))
row("report/html-wrong", lambda: WRONG_REPORT()._repr_html_(), ok(lambda s: "<table>" in s and "upstream" in s, "a table and the cause"))
row("report/html-escapes-lambda", lambda: report_of(lambda x: x ** 2, V3())._repr_html_(), ok(lambda s: "<lambda>" not in s, "escaped"))
row("report/bool", lambda: (bool(RIGHT_REPORT()), bool(WRONG_REPORT())), ok(lambda b: b == (True, False), "True, False"))
row("report/error-carries-report", lambda: _catch(lambda: CG(cube_with(GRADS["ignores-upstream"]), V3())).report,
    ok(lambda r: not r.ok, "the failing report"))


def _catch(fn):
    try:
        fn()
    except Exception as e:  # noqa: BLE001
        return e
    raise AssertionError("nothing was raised")


# =========================================================================== strict_custom_gradient
SCG = lambda f: helpers.strict_custom_gradient(f)  # noqa: E731


def strict(rule, forward=lambda x: x ** 3, name="cube"):
    def f(x):
        return forward(x), lambda u: rule(x, u)
    f.__name__ = name
    return SCG(f)


row("strict/decorate-'abc'", lambda: SCG("abc"), raises(TypeError, ("decorates a function",)))
row("strict/decorate-None", lambda: SCG(None), raises(TypeError, ("function",)))
TWICE = ("use one decorator", "remove @tf.custom_gradient")
row("strict/of-tf.custom_gradient", lambda: SCG(cube_with(GRADS["right"])), raises(TypeError, ("already decorated",) + TWICE))
row("strict/under-tf.custom_gradient", lambda: taped(tf.custom_gradient(strict(GRADS["right"])), V3()),
    raises(TypeError, ("cube", "both") + TWICE))
row("strict/of-strict", lambda: SCG(strict(GRADS["right"])), raises(TypeError, ("already decorated", "decorate it once")))
row("strict/right", lambda: taped(strict(GRADS["right"]), V3()), ok(lambda r: close(r[1], [3.0, 12.0, 0.75]), "3x²"))
row("strict/wrong-shape", lambda: taped(strict(GRADS["wrong-shape"]), V3()), raises(CGE, ("shape", "(2, 3)", "'x'")))
row("strict/two-for-one", lambda: taped(strict(GRADS["two-grads-for-one-input"]), V3()), raises(CGE, ("2", "1 input")))
row("strict/None-for-float", lambda: taped(strict(GRADS["None"]), V3()), raises(CGE, ("None", "'x'")))
row("strict/string", lambda: taped(strict(GRADS["string"]), V3()), raises(CGE, ("str",)))
row("strict/raises", lambda: taped(strict(GRADS["raises"]), V3()), raises((CGE,) + LEARNER, ("boom",)))
row("strict/python-float-scalar-x", lambda: taped(strict(GRADS["python-float"]), tf.constant(2.0)), ok(lambda r: float(r[1]) == 1.0, "1.0"))
row("strict/python-float-vector-x", lambda: taped(strict(GRADS["python-float"]), V3()), raises(CGE, ("shape",)))
row("strict/float64-for-float32", lambda: taped(strict(GRADS["float64-for-float32"]), V3()), raises(CGE, ("dtype", "cast")))
row("strict/numpy-float64-for-float32", lambda: taped(strict(GRADS["numpy-array"]), V3()),
    raises(CGE, (("dtype", "numpy", "ndarray"),)))
row("strict/keyword-call", lambda: strict(GRADS["right"])(x=V3()), raises(CGE, ("keyword", "positional")))
row("strict/returns-not-a-pair", lambda: SCG(lambda x: x ** 2)(V3()), raises(CGE, ("pair",)))
row("strict/returns-(y,'grad')", lambda: SCG(lambda x: (x ** 2, "grad"))(V3()), raises(CGE, ("pair",)))
row("strict/returns-(None,grad)", lambda: SCG(lambda x: (None, lambda u: u))(V3()), raises((CGE, TypeError), ("None", "tensor")))
row("strict/returns-(python-float,grad)", lambda: SCG(lambda x: (2.0, lambda u: u * 0))(tf.constant(1.0)), ok(lambda y: float(y) == 2.0, "2.0"))
row("strict/returns-(numpy,grad)", lambda: taped(SCG(lambda x: (np.square(x), lambda u: 2 * u * x)), V3()),
    ok(lambda r: close(r[1], [2.0, -4.0, 1.0]), "custom gradient 2x"))
row("strict/forward-raises", lambda: SCG(_boom)(V3()), raises((CGE,) + LEARNER, ("boom",)))


def _strict_two(rule):
    @helpers.strict_custom_gradient
    def mul(x, n):
        def grad(u):
            return rule(x, n, u)
        return x * tf.cast(n, x.dtype), grad
    return mul


row("strict/int-input-None", lambda: taped(lambda v: _strict_two(lambda x, n, u: (u * 3, None))(v, tf.constant(3)), V3()),
    ok(lambda r: close(r[1], [3.0, 3.0, 3.0]), "3 for x, None for n"))
row("strict/int-input-gets-gradient", lambda: taped(lambda v: _strict_two(lambda x, n, u: (u * 3, u))(v, tf.constant(3)), V3()),
    raises(CGE, ("'n'", "None")))
row("strict/inside-tf.function", lambda: tf.function(lambda v: taped(strict(GRADS["right"]), v), autograph=False)(V3()),
    ok(lambda r: close(r[1], [3.0, 12.0, 0.75]), "3x² inside tf.function"))
row("strict/x=python-float", lambda: strict(GRADS["right"])(2.0), ok(lambda y: float(y) == 8.0, "8.0"))
row("strict/x=tf.Variable", lambda: taped(strict(GRADS["right"]), tf.Variable(2.0)), ok(lambda r: float(r[1]) == 12.0, "12"))


def _strict_reads_variable(takes_variables):
    w = tf.Variable(2.0)

    def scale(x):
        if takes_variables:
            def grad(u, variables=None):
                return u * w, [tf.reduce_sum(u * x)]
        else:
            def grad(u):
                return u * w
        return w * x, grad
    return helpers.strict_custom_gradient(scale), w


row("strict/variables-handled", lambda: (lambda f_w: taped(f_w[0], V3()))(_strict_reads_variable(True)),
    ok(lambda r: close(r[1], [2.0, 2.0, 2.0]), "dx = w"))
row("strict/variables-missing", lambda: (lambda f_w: taped(f_w[0], V3()))(_strict_reads_variable(False)),
    raises((CGE, TypeError), ("variables",)))

# =========================================================================== exercises: keys, get, reveal, display
row("exercises.get/known", lambda: exercises.get("00.warmup"), ok(lambda e: e.key == "00.warmup", "the exercise"))
row("exercises.get/typo", lambda: exercises.get("01.chain_derivativ"), raises((KeyError, ValueError), ("01.chain_derivativ", "01.chain_derivative")))
row("exercises.get/wrong-case", lambda: exercises.get("00.WARMUP"), raises((KeyError, ValueError), ("00.warmup",)))
row("exercises.get/empty", lambda: exercises.get(""), raises((KeyError, ValueError), ("00.warmup",)))
row("exercises.get/None", lambda: exercises.get(None), raises((TypeError, KeyError), ("key", ("str", "string"))))
row("exercises.get/int", lambda: exercises.get(1), raises((TypeError, KeyError), ("key", ("str", "string"))))
row("exercises.check/typo", lambda: exercises.check("0.warmup", 6), raises((KeyError, ValueError), ("00.warmup",)))
row("exercises.check/key=None", lambda: exercises.check(None, 6), raises((TypeError, KeyError), ("key", ("str", "string"))))
row("exercises.check/bfloat16-six", lambda: exercises.check("00.warmup", tf.constant(6.0, tf.bfloat16)),
    ok(lambda fb: fb.passed, "a right answer in bfloat16 passes"))
row("exercises.check/Fraction-six", lambda: exercises.check("00.warmup", __import__("fractions").Fraction(6)),
    ok(lambda fb: fb.passed, "a Fraction is a number"))
row("exercises.check/10**400", lambda: exercises.check("01.chain_derivative", 10 ** 400),
    ok(lambda fb: not fb.passed and "too large" in fb.message, "too large for a float"))
row("exercises.check/key=1", lambda: exercises.check(1, 6), raises((TypeError, KeyError), ("key", ("str", "string"))))
row("exercises.check/no-answer", lambda: exercises.check("00.warmup"), raises(TypeError, ("answer",)))
row("exercises.reveal/typo", lambda: exercises.reveal("00.warmpu"), raises((KeyError, ValueError), ("00.warmup",)))
row("exercises.reveal/None", lambda: exercises.reveal(None), raises((TypeError, KeyError), ("key", ("str", "string"))))
row("exercises.reveal/str-and-markdown", lambda: (lambda s: (str(s), s._repr_markdown_()))(exercises.reveal("01.local_sin")),
    ok(lambda t: "tf.cos" in t[0] and "```python" in t[1], "the code, as text and Markdown"))
row("exercises.feedback/str-and-html", lambda: (lambda fb: (str(fb), fb._repr_html_()))(exercises.check("00.warmup", 9)),
    ok(lambda t: "00.warmup" in t[0] and "<div" in t[1], "text and HTML"))

# -- number answers to 00.warmup
for label, make, expect in [
    ("6", lambda: 6, ok(passed, "correct")),
    ("np.int64(6)", lambda: np.int64(6), ok(passed, "correct")),
    ("tf.constant(6.0)", lambda: tf.constant(6.0), ok(passed, "correct")),
    ("tf.Variable(6.0)", lambda: tf.Variable(6.0), ok(passed, "correct")),
    ("9", lambda: 9, ok(lambda fb: not_passed(fb) and fb.mistake == "forward_value", "names the mistake")),
    ("[6, 9]", lambda: [6, 9], ok(mentions("one number"), "asks for one number")),
    ("nan", lambda: float("nan"), ok(not_passed, "not passed, no error")),
    ("True", lambda: True, ok(not_passed, "not passed, no error")),
    ("complex", lambda: 6 + 1j, ok(not_passed, "not passed, no error")),
    ("dict", lambda: {"a": 6}, ok(mentions("number"), "asks for a number")),
    ("'six'", lambda: "six", ok(mentions("number"), "asks for a number")),
    ("Ellipsis", lambda: ..., ok(not_attempted, "not attempted yet")),
    ("empty-list", lambda: [], ok(not_passed, "not passed, no error")),
]:
    row(f"exercises.check/00.warmup/answer={label}", lambda make=make: exercises.check("00.warmup", make()), expect)

# -- every exercise: its own solution, a placeholder, and a wrong kind of answer
KEYS = ["00.warmup", "01.chain_derivative", "01.upstreams", "01.local_sin", "02.x_sin_x", "02.stable_log1pexp",
        "02.multiply", "03.softmax_vjp", "03.matvec", "03.phi_grad", "04.quadratic_form", "04.batched_matmul",
        "04.bias_add", "05.sign_ste", "05.clip_gradient", "06.scale_by_variable", "06.scipy_erfcx",
        "07.fused_second_derivative", "07.hvp", "08.implicit_scalar", "08.block_size", "09.fix_linear",
        "09.spot_the_mistake"]
FUNCTION_KEYS = [k for k in KEYS if k not in ("00.warmup", "01.chain_derivative", "01.upstreams", "08.block_size",
                                               "09.spot_the_mistake")]
for key in KEYS:
    row(f"exercises.check/{key}/solution", lambda key=key: exercises.check(key, exercises.reveal(key).answer),
        ok(passed, "its own solution passes"))
    row(f"exercises.check/{key}/None", lambda key=key: exercises.check(key, None),
        ok(lambda fb: not_passed(fb) and fb.mistake == "none_answer" and "print(...)" in fb.message,
           "not yet: says where a None comes from"))
    row(f"exercises.check/{key}/'abc'", lambda key=key: exercises.check(key, "abc"), ok(not_passed, "feedback, not an error"))

# -- function exercises: what a learner's half-written function does
def answer_returns_pair(*a):
    return a[0], a[0]


def answer_returns_none(*a):
    return None


def answer_uses_numpy(*a):
    return np.cos(np.asarray(a[0]))


def answer_returns_python_float(*a):
    return 1.0


ANSWERS = {
    "stub": (_stub, ok(not_attempted, "not attempted yet")),
    "raises": (_boom, ok(mentions("boom"), "feedback quoting the error")),
    "returns-pair": (answer_returns_pair, ok(not_passed, "feedback, not a crash")),
    "returns-None": (answer_returns_none, ok(not_passed, "feedback, not an error")),
    "uses-numpy": (answer_uses_numpy, ok(lambda fb: isinstance(fb, exercises.Feedback), "feedback (either verdict), not an error")),
    "returns-python-float": (answer_returns_python_float, ok(not_passed, "feedback, not an error")),
}
for key in FUNCTION_KEYS:
    for label, (answer, expect) in ANSWERS.items():
        if label in ("returns-None", "uses-numpy", "returns-python-float") and key not in (
                "01.local_sin", "02.x_sin_x", "02.stable_log1pexp", "05.sign_ste", "06.scipy_erfcx",
                "06.scale_by_variable", "07.fused_second_derivative", "07.hvp"):
            continue
        row(f"exercises.check/{key}/{label}", lambda key=key, answer=answer: exercises.check(key, answer), expect)


def _reads_w_returns_pair():
    w = tf.Variable(2.0)
    return lambda x: (w * x, x)


row("exercises.check/06.scale_by_variable/reads-variable-returns-pair",
    lambda: exercises.check("06.scale_by_variable", _reads_w_returns_pair()), ok(not_passed, "feedback, not a crash"))
row("exercises.check/09.spot_the_mistake/tuple", lambda: exercises.check(
    "09.spot_the_mistake", ("keyword_call", "upstream_ignored", "float32_false_alarm", "wrong_shape", "none_gradient")),
    ok(passed, "a tuple is as good as a list"))
row("exercises.check/09.spot_the_mistake/ints", lambda: exercises.check("09.spot_the_mistake", [1, 2, 3, 4, 5]),
    ok(mentions("not one of the names"), "lists the names"))
row("exercises.check/09.spot_the_mistake/too-short", lambda: exercises.check("09.spot_the_mistake", ["keyword_call"]),
    ok(lambda fb: not_passed(fb) and ("5" in fb.message or "five" in fb.message), "says how many"))
row("exercises.check/01.upstreams/reversed", lambda: exercises.check("01.upstreams", [2916, 162, 1]),
    ok(lambda fb: not_passed(fb) and fb.mistake == "reversed", "names the mistake"))
row("exercises.check/01.upstreams/ragged", lambda: exercises.check("01.upstreams", [[1, 162], [2916]]),
    ok(not_passed, "feedback, not an error"))
row("exercises.check/07.hvp/full-hessian", lambda: exercises.check("07.hvp", lambda *a: tf.linalg.diag(a[-1])),
    ok(lambda fb: not_passed(fb) and fb.mistake == "full_hessian", "names the mistake"))

# =========================================================================== widgets
row("chain_explorer/defaults", lambda: widgets.chain_explorer(), ok(lambda e: "1024" in e.table.value, "x=2, 3 links"))
row("chain_explorer/x=2-int", lambda: widgets.chain_explorer(2, 3), ok(lambda e: "1024" in e.table.value, "x=2, 3 links"))
row("chain_explorer/x=np.float32", lambda: widgets.chain_explorer(np.float32(1.5), 2), ok(lambda e: isinstance(e, widgets.ChainExplorer), "an explorer"))
row("chain_explorer/x=5", lambda: widgets.chain_explorer(5.0, 3), raises(ValueError, ("x", "[-2.5, 2.5]")))
row("chain_explorer/x=nan", lambda: widgets.chain_explorer(float("nan"), 3), raises(ValueError, ("x",)))
row("chain_explorer/x='a'", lambda: widgets.chain_explorer("a", 3), raises(TV, ("x", "number")))
row("chain_explorer/x='2'", lambda: widgets.chain_explorer("2", 3), raises(TV, ("x", "number")))
row("chain_explorer/x=None", lambda: widgets.chain_explorer(None, 3), raises(TV, ("x", "None")))
row("chain_explorer/length=0", lambda: widgets.chain_explorer(2.0, 0), raises(ValueError, ("length", "1", "6")))
row("chain_explorer/length=7", lambda: widgets.chain_explorer(2.0, 7), raises(ValueError, ("length", "6")))
row("chain_explorer/length=True", lambda: widgets.chain_explorer(2.0, True), raises(TV, ("length", "whole number")))
row("chain_explorer/length=2.0", lambda: widgets.chain_explorer(2.0, 2.0), raises(TV, ("length", "whole number")))
row("chain_explorer/length=np.int64(3)", lambda: widgets.chain_explorer(2.0, np.int64(3)), ok(lambda e: "1024" in e.table.value, "3 links"))
row("ChainExplorer/slider-moves", lambda: (lambda e: (setattr(e.length_slider, "value", 1), e.table.value)[1])(widgets.ChainExplorer()),
    ok(lambda v: "dy/dx = 2·x^1 = 4" in v, "the table follows the slider"))
row("ChainExplorer/static-fallback", lambda: widgets.ChainExplorer()._repr_mimebundle_(),
    ok(lambda b: "1024" in b["text/plain"] and "<table>" in b["text/html"], "text and HTML fallbacks"))
row("widgets_check/slider", lambda: (lambda b: (setattr(b.children[0], "value", -3), b.children[1].value)[1])(widgets.widgets_check()),
    ok(lambda v: v == "x = -3, x² = 9", "the label follows"))
row("chain_report/2.0-3", lambda: widgets.chain_report(2.0, 3), ok(lambda t: "1024" in t[1] and "<table>" in t[0], "html and text"))
row("chain_report/x='a'", lambda: widgets.chain_report("a", 3), raises(TypeError, ("x", "number")))
row("chain_report/length=0", lambda: widgets.chain_report(2.0, 0), raises(ValueError, ("length",)))
row("chain_report/x=nan", lambda: widgets.chain_report(float("nan"), 2), ok(lambda t: "nan" in t[1], "nan shown"))
row("chain_report/length=10**6", lambda: widgets.chain_report(2.0, 10 ** 6), raises(ValueError, ("length",), within=5), timeout=6)
ST = lambda *a, **k: widgets.sign_training(*a, **k)  # noqa: E731


def xs_of(run):
    """x after each step, from sign_training's result (a SignTraining with .x, or a plain list)."""
    return list(getattr(run, "x", run))


row("sign_training/1.0", lambda: ST(1.0), ok(lambda r: len(xs_of(r)) == 40 and all(isinstance(v, float) for v in xs_of(r)), "40 floats"))
row("sign_training/sgd", lambda: ST(2.0, "sgd", steps=5), ok(lambda r: len(xs_of(r)) == 5, "5 steps"))
row("sign_training/steepness=0", lambda: ST(0.0), raises(ValueError, ("steepness", "positive")))
row("sign_training/steepness=-1", lambda: ST(-1.0), raises(ValueError, ("steepness", "positive")))
row("sign_training/steepness='a'", lambda: ST("a"), raises(TV, ("steepness", "number")))
row("sign_training/steepness=None", lambda: ST(None), raises(TV, ("steepness", "None")))
row("sign_training/steepness=nan", lambda: ST(float("nan"), steps=3), raises(TV, ("steepness",)))
row("sign_training/steepness=inf", lambda: ST(float("inf"), steps=3), raises(TV, ("steepness",)))
row("sign_training/steepness=np.float32", lambda: ST(np.float32(1.0), steps=3), ok(lambda r: len(xs_of(r)) == 3, "3 steps"))
row("sign_training/optimizer='Adam'", lambda: ST(1.0, "Adam"), raises(ValueError, ("optimizer", "'adam'")))
row("sign_training/optimizer=None", lambda: ST(1.0, None), raises(ValueError, ("optimizer", "'adam'")))
row("sign_training/learning_rate=-0.1", lambda: ST(1.0, learning_rate=-0.1, steps=3), raises(ValueError, ("learning_rate",)))
row("sign_training/learning_rate='a'", lambda: ST(1.0, learning_rate="a", steps=3), raises(TV, ("learning_rate",)))
row("sign_training/start='a'", lambda: ST(1.0, start="a", steps=3), raises(TV, ("start", "number")))
row("sign_training/start=nan", lambda: ST(1.0, start=float("nan"), steps=3), raises(TV, ("start",)))
row("sign_training/start=2-int", lambda: ST(1.0, start=2, steps=3), ok(lambda r: len(xs_of(r)) == 3 and all(np.isfinite(xs_of(r))), "3 finite steps"))
row("sign_training/steps=0", lambda: ST(1.0, steps=0), raises(ValueError, ("steps",)))
row("sign_training/steps=-5", lambda: ST(1.0, steps=-5), raises(ValueError, ("steps",)))
row("sign_training/steps=2.5", lambda: ST(1.0, steps=2.5), raises(TV, ("steps", "whole number")))
row("sign_training/steps=np.int64(3)", lambda: ST(1.0, steps=np.int64(3)), ok(lambda r: len(xs_of(r)) == 3, "3 steps"))
row("sign_training/steps=10**7", lambda: ST(1.0, steps=10 ** 7), raises(ValueError, ("steps",), within=5), timeout=6)


def is_png(b) -> bool:
    return isinstance(b, bytes) and b.startswith(b"\x89PNG")


SR = lambda *a, **k: widgets.surrogate_report(*a, **k)  # noqa: E731
row("surrogate_report/1.0", lambda: SR(1.0, steps=15), ok(lambda t: "after 10 steps" in t[0] and is_png(t[1]), "flips after 10 steps; a picture"))
row("surrogate_report/sgd", lambda: SR(1.0, "sgd", steps=30), ok(lambda t: "sgd" in t[0] and "22 steps" in t[0], "sgd flips after 22 steps"))
row("surrogate_report/steepness=0", lambda: SR(0, steps=5), raises(ValueError, ("steepness",)))
row("surrogate_report/steepness=1000", lambda: SR(1000.0, steps=5),
    ok(lambda t: isinstance(t[0], str) and "β = 1000" in t[0], "a report for a very steep surrogate"))
row("surrogate_report/optimizer='rmsprop'", lambda: SR(1.0, "rmsprop", steps=5), raises(ValueError, ("optimizer",)))
row("surrogate_report/steps=0", lambda: SR(1.0, steps=0), raises(ValueError, ("steps",)))
row("SurrogateExplorer/steepness=0.1", lambda: widgets.SurrogateExplorer(0.1), raises(ValueError, ("steepness", "0.5")))
row("SurrogateExplorer/steepness='a'", lambda: widgets.SurrogateExplorer("a"), raises(TV, ("steepness", "number")))
row("SurrogateExplorer/steepness=np.float32", lambda: widgets.SurrogateExplorer(np.float32(8.5)), raises(ValueError, ("steepness", "8")))
row("SurrogateExplorer/optimizer='rmsprop'", lambda: widgets.SurrogateExplorer(1.0, "rmsprop"), raises(ValueError, ("optimizer", "'adam'")))
row("SurrogateExplorer/fallback-then-toggle-sgd", lambda: (lambda e: (e.result.value, e._repr_mimebundle_()["text/plain"],
                                                             setattr(e.optimizer, "value", "sgd"), e.result.value))(widgets.SurrogateExplorer()),
    ok(lambda t: "after 10 steps" in t[0] and "β = 1" in t[1] and "sgd" in t[3], "adam flips after 10 steps; a text fallback; "
       "the result follows the toggle to sgd"), timeout=25)

# -- the VJP explorer (one slider per upstream entry)
J22 = lambda: np.array([[1.0, 2.0], [3.0, 4.0]])  # noqa: E731
VE = lambda *a: widgets.VJPExplorer(*a)  # noqa: E731
row("VJPExplorer/slider-moves", lambda: (lambda e: (setattr(e.sliders[1], "value", 1.0), e.summary.value)[1])(VE(J22(), [1.0, 0.0])),
    ok(lambda v: "[4., 6.]" in v, "downstream follows the sliders"))
row("VJPExplorer/static-fallback", lambda: VE(J22(), [1.0, 0.0])._repr_mimebundle_(),
    ok(lambda b: "image/png" in b and "downstream" in b["text/plain"], "a picture and a line"))
row("VJPExplorer/tensors", lambda: VE(tf.constant(J22()), tf.constant([1.0, 0.0])), ok(lambda e: len(e.sliders) == 2, "2 sliders"))
row("VJPExplorer/9-outputs", lambda: VE(np.ones((9, 2)), np.zeros(9)), raises(ValueError, ("8",)))
row("VJPExplorer/upstream-out-of-range", lambda: VE(J22(), [5.0, 0.0]), raises(ValueError, ("upstream", "3")))
row("VJPExplorer/upstream=None", lambda: VE(J22(), None), raises(TV, ("upstream", "None")))
row("VJPExplorer/upstream-wrong-length", lambda: VE(J22(), [1.0, 0.0, 0.0]), raises(ValueError, ("upstream", "2")))
row("VJPExplorer/upstream-nan", lambda: VE(J22(), [float("nan"), 0.0]), raises(ValueError, ("upstream", ("nan", "finite"))))
row("VJPExplorer/jacobian-strings", lambda: VE([["a", "b"]], [1.0]), raises(TV, ("jacobian", "number")))
row("VJPExplorer/jacobian-1-d", lambda: VE(np.ones(2), [1.0, 1.0]), raises(ValueError, ("2-D",)))
row("VJPExplorer/jacobian-from-fast-report", lambda: VE(report_of(cube_with(GRADS["right"]), tf.constant([1.0, 2.0]))["x"].custom_jacobian, [1.0, 0.0]),
    raises(TV, ("full",)))
row("vjp_report/2x2", lambda: widgets.vjp_report(J22(), [1.0, 1.0]), ok(lambda t: "[4., 6.]" in t[0] and is_png(t[1]), "a line and a picture"))
row("vjp_report/ragged", lambda: widgets.vjp_report([[1.0, 2.0], [3.0]], [1.0, 1.0]), raises(TV, ("jacobian", ("same length", "ragged", "rectangular"))))

# =========================================================================== performance
row("contraction_problem/defaults", lambda: performance.contraction_problem(),
    ok(lambda xw: xw[0].shape == (32, 64) and xw[1].shape == (64, 64), "(32, 64) and (64, 64)"))
row("contraction_problem/float32", lambda: performance.contraction_problem(2, 3, dtype=tf.float32), ok(lambda xw: xw[0].dtype == tf.float32, "float32"))
row("contraction_problem/dtype='float64'", lambda: performance.contraction_problem(2, 3, dtype="float64"), ok(lambda xw: xw[0].dtype == tf.float64, "float64"))
row("contraction_problem/dtype=np.float32", lambda: performance.contraction_problem(2, 3, dtype=np.float32), ok(lambda xw: xw[0].dtype == tf.float32, "float32"))
row("contraction_problem/dtype=int32", lambda: performance.contraction_problem(2, 3, dtype=tf.int32), raises(TV, ("dtype", "float")))
row("contraction_problem/batch=0", lambda: performance.contraction_problem(0, 3), raises(ValueError, ("batch",)))
row("contraction_problem/batch=-1", lambda: performance.contraction_problem(-1, 3), raises(ValueError, ("batch",)))
row("contraction_problem/size=0", lambda: performance.contraction_problem(2, 0), raises(ValueError, ("size",)))
row("contraction_problem/size=2.5", lambda: performance.contraction_problem(2, 2.5), raises(TV, ("size",)))
row("contraction_problem/size=np.int64(3)", lambda: performance.contraction_problem(2, np.int64(3)), ok(lambda xw: xw[1].shape == (3, 3), "(3, 3)"))
row("contraction_problem/seed=-1", lambda: performance.contraction_problem(2, 3, seed=-1), raises(ValueError, ("seed",)))
row("contraction_problem/size=20000", lambda: performance.contraction_problem(2, 20000), raises((ValueError, MemoryError), ("size",), within=5), timeout=6)
row("unrolled_fixed_point/10", lambda: performance.unrolled_fixed_point(*problem(), 10), ok(lambda z: z.shape == (2, 3), "z (2, 3)"))
for label, it, words in [("0", 0, ("iterations", "positive")), ("-1", -1, ("iterations", "positive")),
                         ("2.5", 2.5, ("iterations", "integer")), ("'10'", "10", ("iterations", "integer")),
                         ("None", None, ("iterations", "integer")), ("True", True, ("iterations", "integer"))]:
    row(f"unrolled_fixed_point/iterations={label}", lambda it=it: performance.unrolled_fixed_point(*problem(), it), raises(TV, words))
row("unrolled_fixed_point/iterations=np.int64", lambda: performance.unrolled_fixed_point(*problem(), np.int64(5)), ok(lambda z: z.shape == (2, 3), "z"))
row("unrolled_fixed_point/iterations=tf.constant(5)", lambda: performance.unrolled_fixed_point(*problem(), tf.constant(5)), ok(lambda z: z.shape == (2, 3), "z"))
row("unrolled_fixed_point/iterations=tf.constant(-5)", lambda: performance.unrolled_fixed_point(*problem(), tf.constant(-5)),
    raises(TV, ("iterations", "positive")))
row("unrolled_fixed_point/iterations=tf.constant(2.5)", lambda: performance.unrolled_fixed_point(*problem(), tf.constant(2.5)),
    raises(TV, ("iterations", "integer")))
row("unrolled_fixed_point/W-wrong-size", lambda: performance.unrolled_fixed_point(problem()[0], tf.eye(4, dtype=tf.float64), 5),
    raises(ValueError, ("W", "shape")))
row("unrolled_fixed_point/dtypes-differ", lambda: performance.unrolled_fixed_point(tf.ones((2, 3)), tf.eye(3, dtype=tf.float64), 5),
    raises(TV, ("dtype",)))
row("unrolled_fixed_point/x-1-d", lambda: performance.unrolled_fixed_point(tf.ones(3, tf.float64), tf.eye(3, dtype=tf.float64), 5),
    raises(ValueError, ("x", ("2-D", "batch"))))
row("unrolled_fixed_point/int-inputs", lambda: performance.unrolled_fixed_point(tf.ones((2, 3), tf.int32), tf.eye(3, dtype=tf.int32), 5),
    raises(TypeError, ("float",)))
row("unrolled_fixed_point/numpy-inputs", lambda: performance.unrolled_fixed_point(*[t.numpy() for t in problem()], 5),
    ok(lambda z: tuple(z.shape) == (2, 3), "z"))
row("implicit_fixed_point/50", lambda: performance.implicit_fixed_point(*problem(), 50), ok(lambda z: z.shape == (2, 3), "z (2, 3)"))
row("implicit_fixed_point/iterations=0", lambda: performance.implicit_fixed_point(*problem(), 0), raises(TV, ("iterations", "positive")))
row("implicit_fixed_point/max_adjoint_steps=0", lambda: performance.fixed_point_gradients(
    lambda x, W, it: performance.implicit_fixed_point(x, W, it, max_adjoint_steps=0), *problem(), 50),
    raises(ValueError, ("max_adjoint_steps",)))
row("implicit_fixed_point/adjoint_tolerance='a'", lambda: performance.fixed_point_gradients(
    lambda x, W, it: performance.implicit_fixed_point(x, W, it, adjoint_tolerance="a"), *problem(), 50),
    raises(TV, ("adjoint_tolerance",)))
row("implicit_fixed_point/adjoint_memory=0", lambda: performance.implicit_fixed_point(*problem(), 50, adjoint_memory=0),
    raises(ValueError, ("adjoint_memory", "positive")))
row("implicit_fixed_point/adjoint_memory=5", lambda: performance.fixed_point_gradients(
    lambda x, W, it: performance.implicit_fixed_point(x, W, it, adjoint_memory=5), *problem(), 50), ok(lambda g: len(g) == 2, "two gradients"))
row("slow_contraction_problem/size=0", lambda: performance.slow_contraction_problem(2, 0), raises(ValueError, ("size",)))
row("slow_contraction_problem/dtype=int32", lambda: performance.slow_contraction_problem(2, 3, dtype=tf.int32), raises(TV, ("dtype", "float")))
row("fixed_point_gradients/implicit-matches-unrolled", lambda: [
    performance.fixed_point_gradients(m, *problem(), 60) for m in (performance.unrolled_fixed_point, performance.implicit_fixed_point)],
    ok(lambda gs: all(close(a, b, 1e-8) for a, b in zip(*gs)), "the same gradients"))
row("fixed_point_gradients/W-not-a-contraction", lambda: performance.fixed_point_gradients(
    performance.implicit_fixed_point, *problem(scale=8.0), 50), raises((ValueError, RuntimeError), (("converge", "contraction"),)))
row("fixed_point_gradients/method='implicit'", lambda: performance.fixed_point_gradients("implicit", *problem(), 10),
    raises(TypeError, ("method", "function")))
row("fixed_point_gradients/method-returns-numpy", lambda: performance.fixed_point_gradients(
    lambda x, W, it: np.tanh(x), *problem(), 10), raises(TV, (("tensor", "None", "connected"),)))
row("fixed_point_gradients/method-returns-pair", lambda: performance.fixed_point_gradients(
    lambda x, W, it: (x, x), *problem(), 10), raises(TV, ("method", ("tuple", "one tensor"))))
row("fixed_point_gradients/numpy-inputs", lambda: performance.fixed_point_gradients(
    performance.implicit_fixed_point, *[t.numpy() for t in problem()], 10),
    either(ok(lambda gs: gs[0].shape == (2, 3) and gs[1].shape == (3, 3), "two gradients"), raises(TV, ("tensor", ("numpy", "ndarray")))))
row("deep_mlp/small", lambda: performance.deep_mlp(2, 8, 4), ok(lambda wx: len(wx[0]) == 2 and wx[1].shape == (4, 8), "2 weights, x (4, 8)"))
row("deep_mlp/depth=0", lambda: performance.deep_mlp(0, 8, 4), raises(ValueError, ("depth",)))
row("deep_mlp/width=-1", lambda: performance.deep_mlp(2, -1, 4), raises(ValueError, ("width",)))
row("deep_mlp/depth=2.5", lambda: performance.deep_mlp(2.5, 8, 4), raises(TV, ("depth", "whole number")))
row("deep_mlp/depth='3'", lambda: performance.deep_mlp("3", 8, 4), raises(TV, ("depth", "whole number")))
row("deep_mlp/width=None", lambda: performance.deep_mlp(2, None, 4), raises(TV, ("width",)))
row("deep_mlp/depth=np.int64(2)", lambda: performance.deep_mlp(np.int64(2), 8, 4), ok(lambda wx: len(wx[0]) == 2, "2 weights"))
row("deep_mlp/width=50000", lambda: performance.deep_mlp(1, 50000, 4), raises((ValueError, MemoryError), ("width",), within=5), timeout=6)
row("deep_mlp/batch=10**7", lambda: performance.deep_mlp(1, 256, 10 ** 7), raises((ValueError, MemoryError), ("batch",), within=5), timeout=6)
MLP = lambda: performance.deep_mlp(4, 8, 4)  # noqa: E731
row("deep_mlp_gradients/recompute-matches", lambda: (lambda wx: [performance.deep_mlp_gradients(*wx, r, 2) for r in (False, True)])(MLP()),
    ok(lambda gs: all(close(a, b, 1e-5) for a, b in zip(*gs)), "the same gradients either way"))
row("deep_mlp_gradients/layers_per_block=0", lambda: performance.deep_mlp_gradients(*MLP(), True, 0), raises(ValueError, ("layers_per_block",)))
row("deep_mlp_gradients/recompute='no'", lambda: performance.deep_mlp_gradients(*MLP(), "no"),
    raises(TypeError, ("recompute", "True or False")))
row("deep_mlp_gradients/x-float64", lambda: (lambda w, x: performance.deep_mlp_gradients(w, tf.cast(x, tf.float64), False))(*MLP()),
    raises(TypeError, ("float64", "float32")))
row("deep_mlp/seed=-1", lambda: performance.deep_mlp(2, 4, 3, seed=-1), raises(ValueError, ("seed",)))
row("deep_mlp_gradients/layers_per_block=2.5", lambda: performance.deep_mlp_gradients(*MLP(), True, 2.5), raises(TV, ("layers_per_block", "whole number")))
row("deep_mlp_gradients/weights=[]", lambda: performance.deep_mlp_gradients([], MLP()[1], False), ok(lambda gs: gs == [], "no gradients"))
row("deep_mlp_gradients/weights=None", lambda: performance.deep_mlp_gradients(None, MLP()[1], False), raises(TypeError, ("weights", "list")))
row("deep_mlp_gradients/weights=one-Variable", lambda: performance.deep_mlp_gradients(MLP()[0][0], MLP()[1], False), raises(TypeError, ("weights", "list")))
row("deep_mlp_gradients/weights=tensors", lambda: (lambda wx: performance.deep_mlp_gradients(
    [tf.convert_to_tensor(w) for w in wx[0]], wx[1], False))(MLP()), raises(TypeError, ("Variable",)))
row("deep_mlp_gradients/width-mismatch", lambda: performance.deep_mlp_gradients(performance.deep_mlp(2, 16, 4)[0], MLP()[1], False),
    raises(ValueError, ("shape",)))
row("format_results/good", lambda: performance.format_results(good_results()), ok(lambda s: "recompute_grad" in s and "0.25× the memory (75 % less)" in s, "two tables with ratios"))
row("format_results/{}", lambda: performance.format_results({}), raises((TypeError, ValueError, KeyError), ("run_benchmark",)))
row("format_results/None", lambda: performance.format_results(None), raises((TypeError, ValueError), ("run_benchmark",)))
row("anderson_fixed_point/return_steps='no'", lambda: performance.anderson_fixed_point(*problem(), return_steps="no"),
    raises(TypeError, ("return_steps", "True or False")))
row("implicit_fixed_point/float32-default-tolerance", lambda: performance.fixed_point_gradients(
    lambda x, W, it: performance.implicit_fixed_point(x, W, it),
    *(tf.cast(v, tf.float32) for v in performance.contraction_problem(batch=2, size=8)), 60),
    ok(lambda r: r is not None, "float32 reaches its own default tolerance"))
row("format_results/partial", lambda: performance.format_results({"settings": {}, "recompute": [{}, {}], "fixed_point": []}),
    raises(ValueError, ("run_benchmark",)))
row("run_benchmark/timeout='10'", lambda: performance.run_benchmark(timeout="10"), raises(ValueError, ("timeout",)))
row("format_results/json-string", lambda: performance.format_results(json.dumps(good_results())), raises((TypeError, ValueError), ("dict",)))
row("format_results/zero-peak-memory", lambda: performance.format_results(good_results(fixed_point__1__peak_mib=0.0)),
    ok(lambda s: "implicit" not in s or "×" in s, "a table, with the missing ratio marked"))
row("format_results/zero-seconds", lambda: performance.format_results(good_results(recompute__0__seconds=0.0)),
    ok(lambda s: "recompute_grad" in s, "a table"))
row("format_results/empty-recompute", lambda: performance.format_results(good_results(recompute=[])), raises((ValueError, KeyError), ("recompute",)))

# Found by a probe written by someone who had not read this table.
row("contraction_problem/size=4096", lambda: performance.contraction_problem(2, 4096),
    raises(ValueError, ("size", "1,024"), within=5), timeout=6)
row("contraction_problem/dtype=float16", lambda: performance.contraction_problem(2, 3, dtype=tf.float16),
    raises(TypeError, ("float32", "float64")))
row("implicit_fixed_point/bfloat16-inputs", lambda: performance.implicit_fixed_point(
    *(tf.cast(v, tf.bfloat16) for v in problem()), 50), raises(TypeError, ("float32", "float64")))
row("unrolled_fixed_point/iterations=10**7", lambda: performance.unrolled_fixed_point(*problem(), 10 ** 7),
    raises(ValueError, ("iterations", "20,000"), within=5), timeout=6)
row("fixed_point_residual/z-float32", lambda: performance.fixed_point_residual(tf.zeros([2, 3]), *problem()),
    raises(TypeError, ("dtype", "float64")))
row("deep_mlp/activations-too-large", lambda: performance.deep_mlp(1000, 200, 10000),
    raises(ValueError, ("memory", "depth × width × batch"), within=5), timeout=6)
row("deep_mlp/full-benchmark-settings", lambda: performance.deep_mlp(48, 256, 4096),
    ok(lambda wx: len(wx[0]) == 48, "48 weights: the benchmark's full run stays allowed"), timeout=30)
row("value_and_gradient/x=10**8-zeros", lambda: helpers.value_and_gradient(lambda x: x ** 2, np.zeros(10 ** 8, np.float32)),
    raises(ValueError, ("points", "10,000,000"), within=5), timeout=6)
row("plot_function_and_gradient/x=3*10**7-points", lambda: PFG(tf.sin, np.linspace(-3, 3, 3 * 10 ** 7)),
    raises(ValueError, ("points", "linspace"), within=5), timeout=10)
row("ChainTrace(forward=[1, 2])", lambda: helpers.ChainTrace(forward=[1, 2]), raises(TypeError, ("ForwardRecord", "ChainTrace()")))
row("link/forward-is-a-keras-layer", lambda: link_run(tf.ones([1, 1]), n=1, forward=tf.keras.layers.Dense(1)),
    raises(TypeError, ("tf.Variable", "function of its input alone")))
row("watch/keras-layer", lambda: watch_run(tf.keras.layers.Dense(1, kernel_initializer="ones"), tf.ones([1, 1]), name="dense"),
    raises(TypeError, ("tf.Variable",)))
row("strict_custom_gradient/a-tf.function", lambda: helpers.strict_custom_gradient(
    tf.function(lambda x: (x ** 2, lambda u: 2 * x * u))), raises(TypeError, ("tf.function", "outside")))
row("link/complex-gradient-is-tensorflow's", lambda: link_run(tf.constant([1 + 1j, 2 - 1j]), n=1),
    ok(lambda r: np.allclose(r[2].numpy(), [2 - 2j, 4 + 2j]), "upstream × conj(2x), as tf.GradientTape gives for x²"))
row("link/list-input", lambda: linked()[1]([1.0, 2.0]), ok(lambda y: close(y, [1.0, 4.0]), "x² of a float32 tensor"))
row("link/list-of-text", lambda: linked()[1](["a", "b"]), raises(TypeError, ("list", "number")))
row("link/ragged-list", lambda: linked()[1]([[1.0], [2.0, 3.0]]), raises(TypeError, ("list", "same length")))
row("link/None-input", lambda: linked()[1](None), raises(TypeError, ("None", "number")))
row("plot_jacobian/±1e308", lambda: helpers.plot_jacobian(np.array([[1e308, -1e308]])), ok(is_axes, "an Axes, colours saturated"))
row("plot_function_and_gradient/x-with-inf", lambda: PFG(tf.exp, np.array([1e308, 2e308]), dtype=tf.float64),
    raises(ValueError, ("inf", "finite")))
row("sign_training/start=1e308", lambda: widgets.sign_training(1.0, start=1e308), raises(ValueError, ("start",)))
row("run_benchmark/timeout=inf", lambda: performance.run_benchmark(timeout=float("inf")), raises(ValueError, ("timeout", "finite")))
row("implicit_fixed_point/x-with-no-columns", lambda: performance.implicit_fixed_point(
    tf.zeros((2, 0), tf.float64), tf.zeros((0, 0), tf.float64), 5), raises(ValueError, ("at least one",)))
row("contraction_problem/batch×size=10**7", lambda: performance.contraction_problem(100_000, 100),
    raises(ValueError, ("batch × size", "1,000,000"), within=5), timeout=6)
row("fixed_point_gradients/unrolled-tape-too-long", lambda: performance.fixed_point_gradients(
    performance.unrolled_fixed_point, *performance.contraction_problem(400, 100), 3000),    # 120 million
    raises(ValueError, ("tape", "implicit_fixed_point"), within=5), timeout=6)
row("fixed_point_gradients/unrolled-without-iterations", lambda: performance.fixed_point_gradients(
    performance.unrolled_fixed_point, *problem()), raises(TypeError, ("iterations",)))
row("deep_mlp_gradients/one-float64-weight", lambda: performance.deep_mlp_gradients(
    [tf.Variable(tf.ones((2, 2))), tf.Variable(tf.ones((2, 2), tf.float64))], tf.ones((1, 2)), False),
    raises(TypeError, ("weight 1", "float64")))
row("check_gradients/np.longdouble", lambda: helpers.check_gradients(cube_with(GRADS["right"]), np.array([1.0, 2.0], np.longdouble)),
    either(ok(lambda r: r is not None, "a report (longdouble is float64 here)"), raises(TypeError, ("longdouble", "float64"))))
row("strict_custom_gradient/ragged-input", lambda: helpers.strict_custom_gradient(lambda x: (x ** 2, lambda u: 2 * x * u))(
    tf.ragged.constant([[1.0], [2.0, 3.0]])), raises(TypeError, ("RaggedTensor", "dense")))
row("strict_custom_gradient/text-input", lambda: helpers.strict_custom_gradient(lambda x: (x ** 2, lambda u: 2 * x * u))("3"),
    raises(TypeError, ("text",)))
row("value_and_gradient/float64-points-meet-a-float32-constant", lambda: VG(lambda x: x * tf.constant(2.0), np.linspace(0, 1, 3)),
    raises(TypeError, ("float64", "astype(np.float32)")))
row("check/answer-returns-10**8-values", lambda: exercises.check("01.local_sin", lambda x: tf.zeros([10 ** 8])),
    ok(lambda fb: not fb.passed and "one value per entry" in fb.message, "not yet: one value per entry"), timeout=30)
row("check/number-as-a-1x1-array", lambda: exercises.check("00.warmup", np.array([[6.0]])),
    ok(lambda fb: not fb.passed and ".item()" in fb.message, "not yet, as for [6]: take the number out"))
row("check/number-as-a-ragged-1x1", lambda: exercises.check("00.warmup", tf.ragged.constant([[6.0]])),
    ok(lambda fb: not fb.passed and ".item()" in fb.message, "not yet, as for [6]"))
row("check/list-as-a-1x3-array", lambda: exercises.check("01.upstreams", np.array([[1.0, 162.0, 2916.0]])),
    ok(lambda fb: not fb.passed and "flat list" in fb.message, "not yet, as for [[1, 162, 2916]]"))
row("check/grad-calls-sys.exit", lambda: exercises.check("01.local_sin", lambda x: sys.exit(3)),
    ok(lambda fb: not fb.passed and "sys.exit(3)" in fb.message, "not yet, naming sys.exit"))


# =========================================================================== running rows in isolation
def _words_missing(message: str, words) -> list:
    low = message.lower()
    missing = []
    for w in words:
        alternatives = w if isinstance(w, tuple) else (w,)
        if not any(a.lower() in low for a in alternatives):
            missing.append(" or ".join(repr(a) for a in alternatives))
    return missing


def _resolve(types) -> tuple:
    """Classes for ``types``; names are looked up in the package (a name it does not define is skipped)."""
    import importlib

    out = []
    for t in types:
        if not isinstance(t, str):
            out.append(t)
            continue
        for module in ("helpers", "helpers.boundary", "helpers.strict", "helpers.checking"):
            try:
                found = getattr(importlib.import_module(module), t, None)
            except ImportError:
                found = None
            if isinstance(found, type):
                out.append(found)
                break
    return tuple(out)


def _from_tensorflow(exc: BaseException) -> bool:
    tb = traceback.extract_tb(exc.__traceback__)
    return bool(tb) and ("/tensorflow/" in tb[-1].filename or "/keras/" in tb[-1].filename)


def _first_line(text: str, limit: int = 300) -> str:
    line = next((ln.strip() for ln in str(text).splitlines() if ln.strip()), "")
    return line[:limit]


def _short(value) -> str:
    try:
        text = repr(value)
    except Exception as e:  # noqa: BLE001
        text = f"<unprintable {type(value).__name__}: {e}>"
    return _first_line(text, 200)


def evaluate(r: Row) -> dict:
    """Run one row in this process; return its outcome (a JSON-able dict)."""
    want_ok = r.expect if isinstance(r.expect, Ok) else getattr(r.expect, "ok", None)
    want_raise = r.expect if isinstance(r.expect, Raises) else getattr(r.expect, "raises", None)
    start = time.perf_counter()
    try:
        value = r.call()
    except MemoryError as e:
        return {"klass": "crash/hang/blow-up", "passed": False, "elapsed": time.perf_counter() - start,
                "detail": f"MemoryError: {_first_line(e)}"}
    except BaseException as e:  # noqa: BLE001 - every outcome is recorded
        elapsed = time.perf_counter() - start
        name = f"{type(e).__module__}.{type(e).__name__}".replace("builtins.", "")
        message = str(e)
        head = f"{name}: {_first_line(message)}"
        origin = " [raised inside TensorFlow]" if _from_tensorflow(e) else ""
        if want_raise is not None:
            right_type = isinstance(e, _resolve(want_raise.types))
            missing = _words_missing(message, want_raise.words)
            good = right_type and not missing
            why = "" if good else (" — expected " + "/".join(t if isinstance(t, str) else t.__name__ for t in want_raise.types)
                                   if not right_type else f" — message lacks {', '.join(missing)}")
            out = {"klass": "clear error" if good else "unclear error", "passed": good,
                   "detail": head + origin + why}
        else:
            clear = isinstance(e, (TypeError, ValueError, KeyError, helpers.GradientCheckError)) and not origin
            out = {"klass": "clear error" if clear else "unclear error", "passed": False,
                   "detail": f"refused a valid input: {head}{origin}"}
        out["elapsed"] = elapsed
    else:
        elapsed = time.perf_counter() - start
        if want_ok is None:
            out = {"klass": "silently wrong", "passed": False, "elapsed": elapsed,
                   "detail": f"accepted without complaint, returned {_short(value)}"}
        else:
            try:
                good, note = bool(want_ok.check(value)), ""
            except MemoryError as e:
                return {"klass": "crash/hang/blow-up", "passed": False, "elapsed": elapsed,
                        "detail": f"MemoryError while using the result: {_first_line(e)}"}
            except BaseException as e:  # noqa: BLE001
                good, note = False, f" (checking it raised {type(e).__name__}: {_first_line(e, 150)})"
            out = {"klass": "ok" if good else "silently wrong", "passed": good, "elapsed": elapsed,
                   "detail": "" if good else f"expected {want_ok.what}; got {_short(value)}{note}"}
        elapsed = time.perf_counter() - start      # the check may render a figure: count it
        out["elapsed"] = elapsed
    within = r.expect.within
    if within is not None and out["elapsed"] > within:
        out.update(klass="crash/hang/blow-up", passed=False,
                   detail=f"took {out['elapsed']:.1f} s (limit {within} s); {out['detail'] or out['klass']}")
    return out


def _child(batch: list[Row], path: str, limit_threads: bool) -> None:
    """Body of a forked child: limits, then the rows of ``batch`` one by one, one JSON line each in ``path``."""
    try:
        resource.setrlimit(resource.RLIMIT_AS, (MEMORY_LIMIT, MEMORY_LIMIT))
        devnull = os.open(os.devnull, os.O_WRONLY)
        err = os.open(path + ".stderr", os.O_WRONLY | os.O_CREAT | os.O_TRUNC)
        os.dup2(devnull, 1)
        os.dup2(err, 2)
        import faulthandler

        import warnings

        faulthandler.enable()
        warnings.simplefilter("ignore")
        # Children run side by side: TensorFlow's spinning thread pools, one per
        # child and each as wide as the machine, would otherwise starve each other.
        if limit_threads:
            tf.config.threading.set_intra_op_parallelism_threads(1)
            tf.config.threading.set_inter_op_parallelism_threads(2)
        with open(path, "a") as f:
            for r in batch:
                before = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024
                out = evaluate(r)
                after = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024
                if after > BLOW_UP_RSS_MB >= before and out["klass"] != "crash/hang/blow-up":
                    out.update(klass="crash/hang/blow-up", passed=False,
                               detail=f"used {after / 1024:.1f} GB of memory; {out['detail'] or out['klass']}")
                out["rss_mb"] = round(after)
                f.write(json.dumps({"id": r.id, **out}) + "\n")
                f.flush()
                plt.close("all")

    finally:
        os._exit(0)


def _stderr_tail(path: str) -> str:
    try:
        lines = [ln for ln in Path(path + ".stderr").read_text(errors="replace").splitlines() if ln.strip()]
    except OSError:
        return ""
    fatal = [i for i, ln in enumerate(lines) if "Fatal Python error" in ln]
    if fatal:
        picked = [lines[fatal[-1]]] + [ln.strip() for ln in lines[fatal[-1] + 1:] if ln.strip().startswith("File")][:3]
    else:
        picked = lines[-2:]
    return " | ".join(picked)[:400]


def _batches(rows: list[Row], size: int) -> list[list[Row]]:
    """Rows with a timeout of their own (the size-cap rows) run alone; the others in batches of ``size``."""
    alone = [[r] for r in rows if r.timeout != DEFAULT_TIMEOUT]
    rest = [r for r in rows if r.timeout == DEFAULT_TIMEOUT]
    return alone + [rest[i:i + size] for i in range(0, len(rest), size)]


def run_isolated(rows: list[Row], parallel: int = PARALLEL, progress=None, batch_size: int = 12,
                 limit_threads: bool = True) -> dict[str, dict]:
    """Run the rows in forked children, a batch per child; return ``{row id: outcome}``.

    A row that kills its child (signal, hang past its timeout) is recorded as
    such, and the rest of its batch goes on in a fresh child: one row's crash
    never hides another row's outcome.
    """
    results: dict[str, dict] = {}
    todo = _batches(list(rows), batch_size)
    running: dict[int, dict] = {}
    workdir = tempfile.mkdtemp(prefix="helper-inputs-")
    counter = 0

    def record(r, out):
        results[r.id] = out
        if progress:
            progress(r, out)

    def collect(job) -> None:
        """Record the rows the child finished since the last look."""
        try:
            lines = Path(job["path"]).read_text().splitlines()
        except OSError:
            lines = []
        complete = [ln for ln in lines if ln.endswith("}")]
        for ln in complete[job["done"]:]:
            out = json.loads(ln)
            rid = out.pop("id")
            record(next(r for r in job["batch"] if r.id == rid), out)
        if len(complete) > job["done"]:
            job["done"] = len(complete)
            job["row_started"] = time.perf_counter()

    while todo or running:
        while todo and len(running) < parallel:
            batch = todo.pop(0)
            counter += 1
            path = os.path.join(workdir, f"batch-{counter}.jsonl")
            pid = os.fork()
            if pid == 0:
                _child(batch, path, limit_threads)
            running[pid] = {"batch": batch, "path": path, "done": 0, "row_started": time.perf_counter()}
        time.sleep(0.02)
        for pid, job in list(running.items()):
            done, status, _ = os.wait4(pid, os.WNOHANG)
            collect(job)
            if job["done"] == len(job["batch"]) and done == 0:
                continue                              # finishing up; reaped on a later pass
            current = job["batch"][job["done"]] if job["done"] < len(job["batch"]) else None
            elapsed = time.perf_counter() - job["row_started"]
            if done == 0:
                if current is None or elapsed <= current.timeout:
                    continue
                os.kill(pid, signal.SIGKILL)
                os.wait4(pid, 0)
                outcome = {"klass": "crash/hang/blow-up", "passed": False, "elapsed": elapsed,
                           "detail": f"hang: no answer after {current.timeout:.0f} s (killed)"}
            elif current is not None:
                if os.WIFSIGNALED(status):
                    sig = signal.Signals(os.WTERMSIG(status)).name
                    what = f"process killed by {sig}"
                else:
                    what = f"process exited with status {os.WEXITSTATUS(status)} and no outcome"
                outcome = {"klass": "crash/hang/blow-up", "passed": False, "elapsed": elapsed,
                           "detail": f"{what}: {_stderr_tail(job['path'])}"}
            del running[pid]
            if current is not None:
                record(current, outcome)
                rest = job["batch"][job["done"] + 1:]
                if rest:
                    todo.insert(0, rest)
    return results


def _worker_main(ids_file: str, out_file: str) -> None:
    _load()
    wanted = set(Path(ids_file).read_text().split("\n")) - {""}
    rows = [r for r in ROWS if r.id in wanted] if wanted else list(ROWS)
    Path(out_file).write_text(json.dumps(run_isolated(rows)))


# =========================================================================== pytest
@pytest.fixture(scope="module")
def outcomes(request):
    """Every selected row's outcome, from one worker process (started once)."""
    me = sys.modules[__name__]
    ids = [item.callspec.params["row_id"] for item in request.session.items
           if getattr(item, "module", None) is me and hasattr(item, "callspec")]
    with tempfile.TemporaryDirectory() as tmp:
        ids_file, out_file = Path(tmp, "ids"), Path(tmp, "out.json")
        ids_file.write_text("\n".join(ids))
        env = dict(os.environ, PYTHONPATH=str(REPO) + os.pathsep + os.environ.get("PYTHONPATH", ""),
                   TF_CPP_MIN_LOG_LEVEL="3", TF_ENABLE_ONEDNN_OPTS="0")
        budget = 120 + sum(r.timeout for r in ROWS if r.id in set(ids)) / PARALLEL
        run = subprocess.run([sys.executable, __file__, "--worker", str(ids_file), str(out_file)],
                             cwd=REPO, env=env, capture_output=True, text=True, timeout=budget)
        if run.returncode != 0 or not out_file.exists():
            pytest.fail(f"the worker process failed ({run.returncode}): {run.stderr[-2000:]}")
        return json.loads(out_file.read_text())


def _describe(expect) -> str:
    if isinstance(expect, Either):
        return f"{_describe(expect.ok)}, or {_describe(expect.raises)}"
    if isinstance(expect, Ok):
        return f"ok: {expect.what}"
    names = "/".join(t if isinstance(t, str) else t.__name__ for t in expect.types)
    return f"raises {names} mentioning {list(expect.words)}"


@pytest.mark.parametrize("row_id", [r.id for r in ROWS], ids=[r.id for r in ROWS])
def test_helper_input(row_id, outcomes):
    r = next(r for r in ROWS if r.id == row_id)
    out = outcomes[row_id]
    if not out["passed"]:               # the message says it all; a traceback into this file would not help
        pytest.fail(f"[{out['klass']}] {out['detail']}  (wanted {_describe(r.expect)})", pytrace=False)


def test_the_table_covers_every_public_helper():
    called = " ".join(r.id for r in ROWS)
    for name in ["setup", "link", "watch", "rows", "str/", "html/", "clear", "square_chain", "value_and_gradient",
                 "plot_function_and_gradient", "plot_jacobian", "plot_vjp", "check_gradients", "report/", "strict/",
                 "exercises.check", "exercises.reveal", "exercises.get", "chain_explorer", "ChainExplorer",
                 "widgets_check", "sign_training", "surrogate_report", "SurrogateExplorer", "chain_report", "VJPExplorer", "vjp_report",
                 "contraction_problem", "unrolled_fixed_point", "implicit_fixed_point", "fixed_point_gradients",
                 "deep_mlp/", "deep_mlp_gradients", "format_results"]:
        assert name in called, f"no row calls {name}"
    assert len(ROWS) >= 250


# =========================================================================== direct use
if __name__ == "__main__":
    if sys.argv[1:2] == ["--worker"]:
        _worker_main(sys.argv[2], sys.argv[3])
    else:                                   # --report: every row's outcome, one line each
        _load()
        outcomes = run_isolated(ROWS)
        for r in ROWS:
            o = outcomes[r.id]
            print(f"{'pass' if o['passed'] else 'FAIL'}  {o['klass']:<19} {r.id}  {o['detail']}")
        print(f"{sum(o['passed'] for o in outcomes.values())} of {len(ROWS)} rows meet their expectation")
