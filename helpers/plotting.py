"""Pictures: a function beside its gradient, a Jacobian as a heatmap, a VJP."""

from __future__ import annotations

from typing import Callable, Mapping

import numpy as np
import tensorflow as tf


def _real_numbers(value, what: str) -> np.ndarray:
    """``value`` (a tensor, array or nested list) as a NumPy array of real numbers, or an error saying what it is."""
    if isinstance(value, (tf.RaggedTensor, tf.SparseTensor)):
        raise ValueError(f"{what} is a {type(value).__name__} (ragged or sparse): give a dense array, rows of the "
                         "same length")
    if isinstance(value, str) or (isinstance(value, (list, tuple)) and any(isinstance(v, str) for v in value)):
        raise TypeError(f"{what} must hold numbers, got text: {value!r:.60}")
    try:
        if tf.is_tensor(value) and value.dtype in (tf.bfloat16, tf.float16):
            value = tf.cast(value, tf.float32)            # NumPy does not count bfloat16 as a float
        arr = np.asarray(value.numpy() if tf.is_tensor(value) else value)
    except ValueError:
        raise ValueError(f"{what} is a ragged list: every row must have the same length") from None
    if arr.dtype == object:
        raise ValueError(f"{what} is a ragged list, or holds something other than numbers: give numbers in rows of "
                         "the same length")
    if arr.dtype.kind == "c":
        raise TypeError(f"{what} is complex; plots take real numbers (draw np.real and np.imag separately)")
    if arr.dtype.kind not in "biuf":
        raise TypeError(f"{what} must hold real numbers, got {type(value).__name__}")
    return arr


MAX_POINTS = 10_000_000
"""The most points value_and_gradient evaluates at once: its tape and gradient hold several copies of x."""
MAX_PLOTTED = 100_000
"""The most points plot_function_and_gradient draws: a line needs a few thousand at most."""


def _points(x, what: str = "x", most: int = MAX_POINTS) -> tf.Tensor:
    """``x`` as a floating-point tensor (as ``tf.constant`` makes it: a float64 NumPy array stays float64, Python
    numbers and lists become float32), or a clear error."""
    if x is None:
        raise TypeError(f"{what} is None: give the points to evaluate at, e.g. np.linspace(-3, 3, 200)")
    if tf.is_tensor(x) and not isinstance(x, (tf.RaggedTensor, tf.SparseTensor)) and not x.dtype.is_complex:
        if not x.dtype.is_floating:
            raise TypeError(f"{what} must hold floating-point numbers to be differentiated, got dtype {x.dtype.name}")
        _not_too_many(int(tf.size(x)), what, most)
        return x
    arr = _real_numbers(x, what)
    _not_too_many(arr.size, what, most)
    # As tf.constant does: a float64 NumPy array stays float64; Python numbers and lists become float32.
    keep64 = arr.dtype == np.float64 and isinstance(x, (np.ndarray, np.floating))
    return tf.constant(arr if keep64 else arr.astype(np.float32))


def _not_too_many(n: int, what: str, most: int) -> None:
    if n > most:
        raise ValueError(f"{what} has {n:,} points, and this helper takes at most {most:,}: the tape and the "
                         "gradient keep several copies, which would exhaust a 2 GB Binder session. Use fewer points, "
                         "e.g. np.linspace(-3, 3, 1000) for a plot.")


def _one_output(value, label: str) -> tf.Tensor:
    from .boundary import describe_return

    problem = describe_return(value)
    if problem:
        raise TypeError(f"{label} returned {problem[1]}")
    return value


def value_and_gradient(f: Callable, x, *, label: str | None = None) -> tuple[np.ndarray, np.ndarray]:
    """Evaluate an elementwise ``f`` and ``df/dx`` at every point of ``x``.

    The gradient is what ``tf.GradientTape`` returns, custom gradient or not;
    a ``None`` gradient (``f`` not differentiable there) becomes NaN. An ``f``
    with integer or boolean values is refused: integers have no gradient.
    ``label`` names ``f`` in error messages.

    >>> import numpy as np
    >>> y, g = value_and_gradient(lambda x: x ** 2, np.array([1.0, 3.0]))
    >>> y.tolist(), g.tolist()
    ([1.0, 9.0], [2.0, 6.0])
    """
    from .boundary import LearnerCodeError, running
    from .explanations import short

    if not callable(f):
        raise TypeError(f"expected a function of x, got {type(f).__name__}")
    label = label or getattr(f, "__name__", "f")
    xs = _points(x)
    try:
        with running(f"calling {label} on {xs.dtype.name} points"):
            with tf.GradientTape() as tape:
                tape.watch(xs)
                out = f(xs)
    except LearnerCodeError as e:
        if e.mistake != "dtype_mismatch" or xs.dtype != tf.float64 or "float32" not in e.explanation.message:
            raise
        raise TypeError(f"{label} mixes float64 and float32: the points are float64 (as NumPy arrays such as "
                        f"np.linspace are), and {label} holds float32 values (a tf.constant, a tf.Variable). Pass "
                        f"the points as float32, np.linspace(...).astype(np.float32), or make those values float64. "
                        f"(TensorFlow: {short(e.original)})") from e
    ys = _one_output(out, label)
    _require_float_output(ys, label)
    if ys.shape != xs.shape:
        raise ValueError(f"{label} must work elementwise: x has shape {tuple(xs.shape)} but {label}(x) has shape "
                         f"{tuple(ys.shape)}. Plot one function of one variable at a time.")
    with running(f"differentiating {label}"):
        grad = tape.gradient(ys, xs)
    _require_elementwise(f, xs, ys, label)
    if grad is None:
        return ys.numpy(), np.full(xs.shape, np.nan)
    g = np.asarray(grad.numpy() if tf.is_tensor(grad) else grad, dtype=np.float64)
    if g.shape != tuple(xs.shape):
        raise ValueError(f"the gradient of {label} has shape {g.shape}, but x has shape {tuple(xs.shape)}: a "
                         "gradient has its input's shape (check what its grad returns)")
    return ys.numpy(), g.astype(ys.numpy().dtype)


def _require_float_output(ys: tf.Tensor, label: str) -> None:
    """A clear error for an integer or boolean ``f(x)``: the tape has no gradient for it (it would plot NaN)."""
    if ys.dtype.is_floating or ys.dtype.is_complex:
        return
    kind = "booleans" if ys.dtype == tf.bool else "integers"
    raise TypeError(f"{label}(x) has dtype {ys.dtype.name}: {kind} have no gradient (the tape returns None, which "
                    f"would plot as NaN). Keep {label} in floating point: cast to float first, tf.cast(v, "
                    "tf.float32), before computing with integer values; an op that returns integers (a cast to int, "
                    "tf.argmax, a comparison) has no gradient at all.")


def _require_elementwise(f: Callable, xs: tf.Tensor, ys: tf.Tensor, label: str) -> None:
    """A clear error when moving one entry of x moves other entries of f(x) (softmax, cumsum, a mean ...).

    For such a function the tape's gradient of f(x) is d(sum of f)/dx, not each point's own derivative.
    """
    from .boundary import running

    n = xs.shape.num_elements()
    if n is None or n < 2:
        return
    flat = tf.reshape(xs, [-1])
    moved = tf.reshape(tf.tensor_scatter_nd_update(flat, [[0]], flat[:1] + tf.cast(0.5, xs.dtype)), tf.shape(xs))
    with running(f"calling {label}"):
        ys2 = f(moved)
    a, b = np.asarray(ys).reshape(-1)[1:], np.asarray(_one_output(ys2, label)).reshape(-1)[1:]
    if not np.allclose(a, b, rtol=1e-6, atol=1e-12, equal_nan=True):
        raise ValueError(f"{label} must work elementwise, each output from its own input: moving only the first "
                         f"point changed other outputs too (as softmax, cumsum or a mean do, or a random function). "
                         "The tape would give the gradient of their sum, not each point's derivative. Plot a function "
                         "of one number at a time, or use check_gradients / plot_jacobian for functions of vectors.")


_NOT_FINITE = (("+inf", np.isposinf, 1.04, "^"), ("-inf", np.isneginf, -0.04, "v"), ("NaN", np.isnan, 1.04, "x"))


def _mark_not_finite(ax, xs: np.ndarray, values: np.ndarray, color: str, label: str) -> None:
    """Mark +inf, -inf and NaN values just outside the axes, at their x positions.

    A marker at y = 0 would look like a real value of 0; outside the plot
    area it cannot be mistaken for one, and the legend says what it means.
    """
    transform = ax.get_xaxis_transform()      # x in data units, y in axes units (0 bottom, 1 top)
    for kind, test, height, marker in _NOT_FINITE:
        bad = test(values)
        if bad.any():
            ax.plot(xs[bad], np.full(bad.sum(), height), marker, color=color, ms=5, transform=transform,
                    clip_on=False, label=f"{label}: {kind} (off the plot)")


def plot_function_and_gradient(functions: Callable | Mapping[str, Callable], x, *, title: str | None = None,
                               ylim_value=None, ylim_grad=None, dtype=tf.float32):
    """Plot ``f(x)`` (left) next to the gradient the tape returns for it (right), for one or several functions.

    ``functions`` is a function or a ``{label: function}`` mapping; each must
    work elementwise on a 1-D tensor. The points are evaluated in ``dtype``,
    float32 by default (TensorFlow's default, whatever the points' own dtype:
    the plot shows what a float32 model computes, overflow at x ≈ 88.7
    included); pass ``dtype=tf.float64`` for float64. The titles name the
    dtype used. Points where a value or gradient is not
    finite are marked outside the plot area, so a broken gradient is visible
    rather than silently missing from the line: ``+inf`` as ▲ above the top
    edge, ``-inf`` as ▼ below the bottom edge, NaN as × above the top edge.

    Returns the matplotlib ``Figure``.

    >>> import numpy as np
    >>> fig = plot_function_and_gradient({"x²": lambda x: x ** 2}, np.linspace(-2, 2, 5))
    >>> [ax.get_title() for ax in fig.axes]
    ['value (float32)', 'gradient from the tape (float32)']
    """
    import matplotlib.pyplot as plt

    if callable(functions):
        functions = {getattr(functions, "__name__", "f"): functions}
    if not isinstance(functions, Mapping):
        raise TypeError(f"functions must be a function (such as tf.sin) or a {{label: function}} mapping (a dict), got "
                        f"{type(functions).__name__} {functions!r:.40}")
    if not functions:
        raise ValueError("give at least one function to plot")
    for label, f in functions.items():
        if not callable(f):
            raise TypeError(f"the entry {label!r} must be a function, got {type(f).__name__} {f!r:.40}")
    try:
        dtype = tf.as_dtype(dtype)
    except TypeError:
        dtype = None
    if dtype not in (tf.float32, tf.float64):
        raise ValueError("dtype must be tf.float32 (the default: what a float32 model computes) or tf.float64")
    xs = _points(x, most=MAX_PLOTTED).numpy().astype(dtype.as_numpy_dtype)
    if xs.ndim != 1 or xs.size < 2:
        raise ValueError("x must be a 1-D array of at least two points, e.g. np.linspace(-3, 3, 200)")
    if np.isinf(xs).any():
        raise ValueError(f"x holds ±inf (or a number too large for {dtype.name}): a plot's x axis needs finite "
                         "points, e.g. np.linspace(-3, 3, 200)")
    limits = {name: _limits(value, name) for name, value in (("ylim_value", ylim_value), ("ylim_grad", ylim_grad))}

    fig, (ax_v, ax_g) = plt.subplots(1, 2, figsize=(9, 3.2))
    for i, (label, f) in enumerate(functions.items()):
        y, g = value_and_gradient(f, xs, label=str(label))
        color = f"C{i}"
        style = ["-", "--", ":", "-."][i % 4]
        for ax, values in ((ax_v, y), (ax_g, g)):
            ax.plot(xs, np.where(np.isfinite(values), values, np.nan), style, color=color, label=label, lw=2)
            _mark_not_finite(ax, xs, values, color, label)
    ax_v.set_title(f"value ({dtype.name})")
    ax_g.set_title(f"gradient from the tape ({dtype.name})")
    for ax in (ax_v, ax_g):
        ax.set_xlabel("x")
        ax.legend(fontsize=8)
    if limits["ylim_value"]:
        ax_v.set_ylim(*limits["ylim_value"])
    if limits["ylim_grad"]:
        ax_g.set_ylim(*limits["ylim_grad"])
    if title:
        fig.suptitle(title)
    fig.tight_layout()
    return fig


def _limits(value, name: str):
    """``None`` or a pair ``(low, high)`` of finite numbers."""
    if value is None:
        return None
    ok = isinstance(value, (tuple, list)) and len(value) == 2 and all(
        isinstance(v, (int, float, np.integer, np.floating)) and not isinstance(v, bool) and np.isfinite(v)
        for v in value)
    if not ok:
        raise ValueError(f"{name} must be a pair of finite numbers (low, high), e.g. (-1, 5), got {value!r}")
    return tuple(float(v) for v in value)


_MAX_ANNOTATED = 64        # entries written into a heatmap's cells
_MAX_TICKED = 30           # rows or columns that get one tick each
_MAX_DRAWN = 1_000_000     # entries a heatmap draws at all


def _annotate(ax, M: np.ndarray, lim: float) -> None:
    """Write each value into its cell, white on dark cells (±inf included) and black on light ones."""
    for (i, j), v in np.ndenumerate(M):
        dark = not np.isnan(v) and abs(v) > 0.6 * lim
        ax.text(j, i, _label(v), ha="center", va="center", fontsize=8, color="white" if dark else "black")


def _label(v: float) -> str:
    """A cell's value, short: 3 significant digits, whole numbers up to 9999 in full, and never "-0"."""
    if not np.isfinite(v):
        return "NaN" if np.isnan(v) else ("+inf" if v > 0 else "−inf")
    if v == 0:
        return "0"
    if float(v).is_integer() and abs(v) < 10_000:
        return str(int(v))
    return f"{v:.3g}"


def _as_matrix(jacobian, what: str) -> np.ndarray:
    from .checking import GradientReport, InputResult

    if isinstance(jacobian, (GradientReport, InputResult)):
        raise TypeError(f"{what} is a check_gradients report; plot one of its Jacobians: check_gradients(f, x, "
                        "mode='full'), then plot_jacobian(report['x'].custom_jacobian)")
    if jacobian is None:
        raise ValueError(f"{what} is None. A report of check_gradients keeps Jacobians only in full mode: "
                         "check_gradients(f, x, mode='full'), then plot report['x'].custom_jacobian")
    if callable(jacobian):
        raise TypeError(f"{what} must be an array of numbers, got the function {getattr(jacobian, '__name__', '')!r}; "
                        "compute the Jacobian first, e.g. with tape.jacobian(y, x)")
    return _real_numbers(jacobian, what).astype(float)


def plot_jacobian(jacobian, *, ax=None, title: str = "Jacobian J = ∂y/∂x", annotate: bool = True):
    """Draw a Jacobian (rows: outputs yᵢ, columns: inputs xⱼ) as a heatmap.

    Small Jacobians get their values written in the cells; large ones (up to
    a million entries) are drawn without labels in a figure of bounded size.
    The colours are scaled to the finite entries. Entries that are not
    finite are counted in the title: ±inf take the end colours, NaN is grey,
    and where values are not written in, ▲ ▼ × mark +inf, −inf and NaN.

    >>> import numpy as np
    >>> ax = plot_jacobian(np.eye(3))
    >>> ax.get_xlabel(), ax.get_ylabel()
    ('input j', 'output i')
    """
    import matplotlib.pyplot as plt

    J = _as_matrix(jacobian, "the Jacobian")
    if J.ndim != 2:
        raise ValueError(f"a Jacobian to draw must be 2-D (outputs × inputs), got shape {J.shape}; "
                         "reshape it to (y.size, x.size) first")
    if ax is not None and not hasattr(ax, "imshow"):
        raise TypeError(f"ax must be a matplotlib Axes (from plt.subplots()), got {type(ax).__name__}")
    if J.size == 0:
        raise ValueError(f"the Jacobian has shape {J.shape}: nothing to draw")
    if J.size > _MAX_DRAWN:
        raise ValueError(f"the Jacobian has {J.size:,} entries, too many to draw; plot a slice such as "
                         "J[:100, :100]")
    if ax is None:
        width = min(8.0, 1.0 + 0.6 * J.shape[1])
        width = width if np.isfinite(J).all() else max(width, 4.5)      # room for the title's note
        height = min(6.0, 0.8 + 0.45 * J.shape[0])
        _, ax = plt.subplots(figsize=(width, height))
    finite = J[np.isfinite(J)]
    lim = float(np.max(np.abs(finite))) if finite.size else 1.0
    lim = min(lim or 1.0, 1e300)       # beyond that, vmax − vmin overflows: larger entries show the end colour
    # ±inf clipped to the end colours (imshow would leave them blank, like a 0), NaN grey (0 is white).
    cmap = plt.get_cmap("RdBu_r").with_extremes(bad=_NAN_COLOR)
    im = ax.imshow(np.clip(J, -lim, lim), cmap=cmap, vmin=-lim, vmax=lim, interpolation="nearest")
    annotated = annotate and J.size <= _MAX_ANNOTATED
    if annotated:
        _annotate(ax, J, lim)
    note = _not_finite_note(ax, J, mark=not annotated)
    if max(J.shape) <= _MAX_TICKED:
        ax.set_xticks(range(J.shape[1]))
        ax.set_yticks(range(J.shape[0]))
    ax.set_xlabel("input j")
    ax.set_ylabel("output i")
    ax.set_title("\n".join(t for t in (title, note) if t), fontsize=10)
    ax.grid(False)
    ax.figure.colorbar(im, ax=ax, fraction=0.046, pad=0.04, extend=_colorbar_extend(J, lim))
    return ax


_NAN_COLOR = "0.6"
_NOT_FINITE_CELLS = (("+inf", np.isposinf, "^", "▲"), ("−inf", np.isneginf, "v", "▼"), ("NaN", np.isnan, "x", "×"))
_MAX_MARKED = 5_000        # not-finite cells that get a marker each (beyond that, their colour alone)


def _not_finite_note(ax, J: np.ndarray, mark: bool) -> str:
    """Mark the ±inf and NaN cells of a heatmap (▲ ▼ ×, unless their values are written in); return the line the
    title adds about them ("" when every entry is finite)."""
    counts = []
    for kind, test, marker, symbol in _NOT_FINITE_CELLS:
        rows, cols = np.nonzero(test(J))
        marked = mark and 0 < rows.size <= _MAX_MARKED
        if marked:
            ax.plot(cols, rows, marker, ls="none", color="black", mec="white", mew=0.8, ms=6)
        if rows.size:
            counts.append(f"{rows.size:,} {kind}" + (f" ({symbol})" if marked else ""))
    if not counts:
        return ""
    colours = [c for c, present in (("±inf: the end colours", np.isinf(J).any()), ("NaN: grey", np.isnan(J).any()))
               if present]
    return f"not finite: {', '.join(counts)}\n{', '.join(colours)}; scale from the finite entries"


def _colorbar_extend(J: np.ndarray, lim: float) -> str:
    """The colour bar's arrow ends: 'max' where entries lie above its range (+inf), 'min' below, 'both', 'neither'."""
    high, low = bool(np.any(J > lim)), bool(np.any(J < -lim))
    return {(True, True): "both", (True, False): "max", (False, True): "min"}.get((high, low), "neither")


def _vjp_panels(fig, J: np.ndarray, u: np.ndarray, title: str | None) -> None:
    """Draw Jᵀ, upstream and Jᵀ·upstream side by side into ``fig``."""
    down = J.T @ u
    lim = float(max(np.max(np.abs(J)), np.max(np.abs(u)), np.max(np.abs(down)))) or 1.0
    axes = fig.subplots(1, 3, gridspec_kw={"width_ratios": [J.shape[0], 1, 1]})
    panels = [(J.T, "Jᵀ"), (u[:, None], "· upstream\n∂L/∂y"), (down[:, None], "= downstream\n∂L/∂x")]
    for ax, (M, label) in zip(axes, panels):
        ax.imshow(M, cmap="RdBu_r", vmin=-lim, vmax=lim)
        _annotate(ax, M, lim)
        ax.set_title(label, fontsize=9)
        ax.set_xticks([])
        ax.set_yticks([])
        ax.grid(False)
    if title:
        fig.suptitle(title, fontsize=10)
    fig.tight_layout()


def _vjp_arguments(jacobian, upstream) -> tuple[np.ndarray, np.ndarray]:
    J = _as_matrix(jacobian, "the Jacobian")
    if J.ndim != 2:
        raise ValueError(f"the Jacobian must be 2-D (one row per output, one column per input), got shape {J.shape}")
    if upstream is None:
        raise ValueError("upstream is None: give one number per output (per row of J), e.g. np.ones(J.shape[0])")
    u = _as_matrix(upstream, "upstream").reshape(-1)
    if J.shape[0] != u.size:
        raise ValueError(f"upstream must have one entry per output: J has {J.shape[0] if J.ndim == 2 else '?'} "
                         f"rows (outputs) but upstream has {u.size} entries")
    if J.size == 0:
        raise ValueError(f"the Jacobian has shape {J.shape}: nothing to draw")
    if max(J.shape) > _MAX_TICKED:
        raise ValueError(f"plot_vjp writes every value into its picture, so J may have at most {_MAX_TICKED} "
                         f"rows and columns, got {J.shape}; draw a slice, or the Jacobian alone with plot_jacobian")
    if not (np.all(np.isfinite(J)) and np.all(np.isfinite(u))):
        raise ValueError("J and upstream must be finite numbers (no inf or NaN) to draw their product")
    return J, u


def plot_vjp(jacobian, upstream, *, title: str | None = None):
    """Show a vector-Jacobian product as a picture: upstream → Jᵀ → downstream.

    Left, Jᵀ (one row per input, one column per output); middle, the
    upstream gradient ∂L/∂y (one entry per output); right, downstream =
    Jᵀ · upstream (one entry per input), which is what a custom gradient's
    ``grad`` returns.

    >>> import numpy as np
    >>> fig = plot_vjp(np.array([[1.0, 2.0], [3.0, 4.0], [5.0, 6.0]]), np.array([1.0, 0.0, 1.0]))
    >>> len(fig.axes) >= 3
    True
    """
    import matplotlib.pyplot as plt

    J, u = _vjp_arguments(jacobian, upstream)
    fig = plt.figure(figsize=_vjp_figsize(J))
    _vjp_panels(fig, J, u, title)
    return fig


def _vjp_figsize(J: np.ndarray) -> tuple[float, float]:
    return 2.0 + 0.55 * (J.shape[0] + 2), 0.9 + 0.45 * max(J.shape)


class Picture:
    """A figure as the notebook shows it: a PNG with its alt text, which screen readers and the website read.

    In JupyterLab and on the course's website the picture is an ``<img>`` with ``alt``; as plain text
    (a terminal, a diff, nbval's comparison) it is its description, so the description is checked too.
    """

    def __init__(self, png: bytes, alt: str):
        self.png, self.alt = png, alt

    def _repr_png_(self) -> bytes:
        return self.png

    def _repr_html_(self) -> str:
        import base64
        import html

        data = base64.b64encode(self.png).decode("ascii")
        return f'<img src="data:image/png;base64,{data}" alt="{html.escape(self.alt, quote=True)}"/>'

    def __repr__(self) -> str:
        return f"[figure: {self.alt}]"


def show(figure, alt: str) -> Picture:
    """Show ``figure`` (a matplotlib Figure, or an Axes of one) with ``alt``, a sentence that describes it.

    Use it as the last line of a cell, instead of letting the figure show itself: the picture then
    carries its description, read by screen readers in JupyterLab and on the website. The figure is
    closed, so it is not drawn a second time.

    >>> import matplotlib.pyplot as plt
    >>> fig, ax = plt.subplots()
    >>> _ = ax.plot([0, 1], [0, 1])
    >>> show(fig, "A straight line from (0, 0) to (1, 1).")
    [figure: A straight line from (0, 0) to (1, 1).]
    """
    import io

    import matplotlib.pyplot as plt
    from matplotlib.axes import Axes
    from matplotlib.figure import Figure

    if isinstance(figure, Axes):
        figure = figure.figure
    if not isinstance(figure, Figure):
        raise TypeError(f"show() takes a matplotlib figure (fig, from plt.subplots()) or one of its axes, got "
                        f"{type(figure).__name__}")
    if not isinstance(alt, str) or len(alt.split()) < 3:
        raise ValueError("show(fig, alt) needs alt, a sentence describing what the figure shows (what is plotted "
                         "against what, and what to notice), for readers who cannot see it")
    buffer = io.BytesIO()
    figure.savefig(buffer, format="png", bbox_inches="tight")
    plt.close(figure)
    return Picture(buffer.getvalue(), " ".join(alt.split()))
