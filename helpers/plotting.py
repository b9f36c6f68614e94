"""Pictures: a function beside its gradient, a Jacobian as a heatmap, a VJP."""

from __future__ import annotations

from typing import Callable, Mapping

import numpy as np
import tensorflow as tf


def value_and_gradient(f: Callable, x) -> tuple[np.ndarray, np.ndarray]:
    """Evaluate an elementwise ``f`` and ``df/dx`` at every point of ``x``.

    The gradient is what ``tf.GradientTape`` returns, custom gradient or not;
    a ``None`` gradient (``f`` not differentiable there) becomes NaN.

    >>> import numpy as np
    >>> y, g = value_and_gradient(lambda x: x ** 2, np.array([1.0, 3.0]))
    >>> y.tolist(), g.tolist()
    ([1.0, 9.0], [2.0, 6.0])
    """
    if not callable(f):
        raise TypeError(f"expected a function of x, got {type(f).__name__}")
    xs = tf.constant(np.asarray(x, dtype=np.float32) if not tf.is_tensor(x) else x)
    if not xs.dtype.is_floating:
        raise TypeError(f"x must hold floating-point numbers to be differentiated, got dtype {xs.dtype.name}")
    with tf.GradientTape() as tape:
        tape.watch(xs)
        ys = f(xs)
    if ys.shape != xs.shape:
        raise ValueError(f"f must work elementwise: x has shape {tuple(xs.shape)} but f(x) has shape "
                         f"{tuple(ys.shape)}. Plot one function of one variable at a time.")
    grad = tape.gradient(ys, xs)
    g = np.full(xs.shape, np.nan) if grad is None else grad.numpy()
    return ys.numpy(), g


def plot_function_and_gradient(functions: Callable | Mapping[str, Callable], x, *, title: str | None = None,
                               ylim_value=None, ylim_grad=None):
    """Plot ``f(x)`` (left) next to ``df/dx`` (right) for one or several functions.

    ``functions`` is a function or a ``{label: function}`` mapping; each must
    work elementwise on a 1-D tensor. Points where a value or gradient is not
    finite (inf or NaN) are marked with a cross on the x axis, so a broken
    gradient is visible rather than silently missing from the line.

    Returns the matplotlib ``Figure``.

    >>> import numpy as np
    >>> fig = plot_function_and_gradient({"x²": lambda x: x ** 2}, np.linspace(-2, 2, 5))
    >>> [ax.get_title() for ax in fig.axes]
    ['value f(x)', 'gradient df/dx']
    """
    import matplotlib.pyplot as plt

    if callable(functions):
        functions = {getattr(functions, "__name__", "f"): functions}
    if not functions:
        raise ValueError("give at least one function to plot")
    xs = np.asarray(x, dtype=np.float32)
    if xs.ndim != 1 or xs.size < 2:
        raise ValueError("x must be a 1-D array of at least two points, e.g. np.linspace(-3, 3, 200)")

    fig, (ax_v, ax_g) = plt.subplots(1, 2, figsize=(9, 3.2))
    for i, (label, f) in enumerate(functions.items()):
        y, g = value_and_gradient(f, xs)
        color = f"C{i}"
        style = ["-", "--", ":", "-."][i % 4]
        for ax, values in ((ax_v, y), (ax_g, g)):
            ax.plot(xs, np.where(np.isfinite(values), values, np.nan), style, color=color, label=label, lw=2)
            bad = ~np.isfinite(values)
            if bad.any():
                ax.plot(xs[bad], np.zeros(bad.sum()), "x", color=color, ms=5,
                        label=f"{label}: not finite", clip_on=False)
    ax_v.set_title("value f(x)")
    ax_g.set_title("gradient df/dx")
    for ax in (ax_v, ax_g):
        ax.set_xlabel("x")
        ax.legend(fontsize=8)
    if ylim_value is not None:
        ax_v.set_ylim(*ylim_value)
    if ylim_grad is not None:
        ax_g.set_ylim(*ylim_grad)
    if title:
        fig.suptitle(title)
    fig.tight_layout()
    return fig


def plot_jacobian(jacobian, *, ax=None, title: str = "Jacobian J = ∂y/∂x", annotate: bool = True):
    """Draw a Jacobian (rows: outputs yᵢ, columns: inputs xⱼ) as a heatmap.

    >>> import numpy as np
    >>> ax = plot_jacobian(np.eye(3))
    >>> ax.get_xlabel(), ax.get_ylabel()
    ('input j', 'output i')
    """
    import matplotlib.pyplot as plt

    J = np.asarray(jacobian, dtype=float)
    if J.ndim != 2:
        raise ValueError(f"a Jacobian to draw must be 2-D (outputs × inputs), got shape {J.shape}; "
                         "reshape it to (y.size, x.size) first")
    if ax is None:
        _, ax = plt.subplots(figsize=(1.0 + 0.6 * J.shape[1], 0.8 + 0.45 * J.shape[0]))
    lim = float(np.max(np.abs(J))) or 1.0
    im = ax.imshow(J, cmap="RdBu_r", vmin=-lim, vmax=lim)
    if annotate and J.size <= 64:
        for (i, j), v in np.ndenumerate(J):
            ax.text(j, i, f"{v:.2g}", ha="center", va="center", fontsize=8)
    ax.set_xticks(range(J.shape[1]))
    ax.set_yticks(range(J.shape[0]))
    ax.set_xlabel("input j")
    ax.set_ylabel("output i")
    ax.set_title(title, fontsize=10)
    ax.grid(False)
    ax.figure.colorbar(im, ax=ax, fraction=0.046, pad=0.04)
    return ax


def plot_vjp(jacobian, upstream, *, title: str | None = None):
    """Show a vector-Jacobian product as a picture: upstream → Jᵀ → downstream.

    Left, Jᵀ (one row per input, one column per output); middle, the
    upstream gradient dL/dy (one entry per output); right, downstream =
    Jᵀ · upstream (one entry per input), which is what a custom gradient's
    ``grad`` returns.

    >>> import numpy as np
    >>> fig = plot_vjp(np.array([[1.0, 2.0], [3.0, 4.0], [5.0, 6.0]]), np.array([1.0, 0.0, 1.0]))
    >>> len(fig.axes) >= 3
    True
    """
    import matplotlib.pyplot as plt

    J = np.asarray(jacobian, dtype=float)
    u = np.asarray(upstream, dtype=float).reshape(-1)
    if J.ndim != 2 or J.shape[0] != u.size:
        raise ValueError(f"upstream must have one entry per output: J has {J.shape[0] if J.ndim == 2 else '?'} "
                         f"rows (outputs) but upstream has {u.size} entries")
    down = J.T @ u
    lim = float(max(np.max(np.abs(J)), np.max(np.abs(u)), np.max(np.abs(down)))) or 1.0
    fig, axes = plt.subplots(1, 3, figsize=(2.0 + 0.55 * (J.shape[0] + 2), 0.9 + 0.45 * max(J.shape)),
                             gridspec_kw={"width_ratios": [J.shape[0], 1, 1]})
    panels = [(J.T, "Jᵀ"), (u[:, None], "· upstream\ndL/dy"), (down[:, None], "= downstream\ndL/dx")]
    for ax, (M, label) in zip(axes, panels):
        ax.imshow(M, cmap="RdBu_r", vmin=-lim, vmax=lim)
        for (i, j), v in np.ndenumerate(M):
            ax.text(j, i, f"{v:.2g}", ha="center", va="center", fontsize=8)
        ax.set_title(label, fontsize=9)
        ax.set_xticks([])
        ax.set_yticks([])
        ax.grid(False)
    if title:
        fig.suptitle(title, fontsize=10)
    fig.tight_layout()
    return fig
