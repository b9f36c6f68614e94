"""Interactive explorers built on ipywidgets, each with a static fallback.

A widget needs a live kernel and JupyterLab's widget manager. Where those are
missing (a notebook viewed on GitHub, a terminal), the explorer shows the
table for its starting values instead, as HTML and as text.
"""

from __future__ import annotations

import base64
import html
import io
import math
import numbers
from dataclasses import dataclass

import ipywidgets as widgets
import numpy as np

from .tracing import square_chain


def _summary(x: float, length: int, y, dy_dx) -> str:
    power = 2 ** length
    return (f"x = {x:g}, {length} link(s): y = x^{power} = {float(y):.6g}, "
            f"dy/dx = {power}·x^{power - 1} = {float(dy_dx):.6g}")


def chain_report(x: float, length: int) -> tuple[str, str]:
    """The explorer's content for one setting, as ``(html, text)``."""
    trace, y, dy_dx = square_chain(x, length)
    line = _summary(x, length, y, dy_dx)
    return f"<p><b>{line}</b></p>{trace._repr_html_()}", f"{line}\n{trace}"


class _Explorer(widgets.VBox):
    """A VBox whose notebook output falls back to ``self._static = (html, text)`` without a widget manager."""

    _static: tuple[str, str]

    def _repr_mimebundle_(self, **kwargs):
        bundle = super()._repr_mimebundle_(**kwargs)
        # Fallback for viewers without a widget manager: the starting setting.
        bundle["text/plain"] = self._static[1]
        bundle["text/html"] = self._static[0]
        return bundle


class ChainExplorer(_Explorer):
    """Sliders over x and over the chain length; the trace table follows them.

    >>> explorer = ChainExplorer(x=2.0, length=3)
    >>> "dy/dx = 8·x^7 = 1024" in explorer.table.value
    True
    >>> explorer.length_slider.value = 1
    >>> "dy/dx = 2·x^1 = 4" in explorer.table.value
    True
    """

    def __init__(self, x: float = 2.0, length: int = 3):
        if isinstance(x, (bool, np.bool_)) or not isinstance(x, numbers.Real):
            raise TypeError(f"x must be a number in [-2.5, 2.5], the slider's range, got {x!r}")
        if not -2.5 <= float(x) <= 2.5:
            raise ValueError(f"x must lie in [-2.5, 2.5], the slider's range, got {x}")
        if isinstance(length, bool) or not isinstance(length, numbers.Integral) or not 1 <= length <= 6:
            raise ValueError(f"length must be a whole number from 1 to 6, got {length!r}")
        x, length = float(x), int(length)
        self.x_slider = widgets.FloatSlider(value=x, min=-2.5, max=2.5, step=0.1, description="x",
                                            continuous_update=False, readout_format=".1f")
        self.length_slider = widgets.IntSlider(value=length, min=1, max=6, description="links",
                                               continuous_update=False)
        self.table = widgets.HTML()
        self._static = chain_report(x, length)
        super().__init__([widgets.HBox([self.x_slider, self.length_slider]), self.table])
        self.add_class("chain-explorer")
        for slider in (self.x_slider, self.length_slider):
            slider.observe(self._update, names="value")
        self._update()

    def _update(self, change=None) -> None:
        self.table.value = chain_report(self.x_slider.value, self.length_slider.value)[0]


def chain_explorer(x: float = 2.0, length: int = 3) -> ChainExplorer:
    """Explore ``f(f(…f(x)))`` with ``f(x) = x²``: move x and the number of links, watch the trace."""
    return ChainExplorer(x, length)


class _WidgetsCheck(widgets.HBox):
    """The check's slider and label; without a widget manager, a sentence that says what that means."""

    def _repr_mimebundle_(self, **kwargs):
        bundle = super()._repr_mimebundle_(**kwargs)
        text = ("A slider with the label 'x = 2, x² = 4' appears here when this cell runs with widgets active. If "
                "you still see this sentence after running it, widgets are not active in your Jupyter; every "
                "notebook still works, and each explorer shows a static table or picture instead.")
        bundle["text/plain"] = text
        bundle["text/html"] = f"<p>{text}</p>"
        return bundle


def widgets_check() -> widgets.HBox:
    """A slider and a label that follows it: if you can move it, widgets work.

    >>> box = widgets_check()
    >>> box.children[1].value
    'x = 2, x² = 4'
    >>> box.children[0].value = 3
    >>> box.children[1].value
    'x = 3, x² = 9'
    """
    slider = widgets.IntSlider(value=2, min=-5, max=5, description="x")
    label = widgets.Label()

    def show(change=None):
        label.value = f"x = {slider.value}, x² = {slider.value ** 2}"

    slider.observe(show, names="value")
    show()
    box = _WidgetsCheck([slider, label])
    box.add_class("widgets-check")
    return box


@dataclass(frozen=True)
class SignTraining:
    """One run of :func:`sign_training`: x and the loss before each step, and when sign(x) flipped."""

    steepness: float
    optimizer: str
    x: list[float]
    """x after each step (one entry per step)."""
    loss: list[float]
    """The loss ½(sign(x) − 1)² computed at each step, before the update."""

    @property
    def flipped_at(self) -> int | None:
        """The first step after which sign(x) is +1 (``None`` if it never is)."""
        return next((i for i, x in enumerate(self.x, 1) if x > 0), None)


def sign_training(steepness: float, optimizer: str = "adam", learning_rate: float = 0.1,
                  start: float = -1.0, steps: int = 40) -> SignTraining:
    """Train sign(x) towards +1 with the surrogate slope β·σ'(βx) for ``steps`` steps.

    The loss is ½(sign(x) − 1)², as in notebook 05; ``steepness`` is β.

    >>> run = sign_training(1.0)
    >>> run.flipped_at, run.loss[:2], run.loss[-1]
    (10, [2.0, 2.0], 0.0)
    """
    import tensorflow as tf

    if optimizer not in ("adam", "sgd"):
        raise ValueError(f"optimizer must be 'adam' or 'sgd', got {optimizer!r}")
    for name, value in (("steepness", steepness), ("learning_rate", learning_rate), ("start", start)):
        if isinstance(value, bool) or not isinstance(value, numbers.Real) or not math.isfinite(value):
            raise TypeError(f"{name} must be a finite number, got {value!r}")
    if steepness <= 0:
        raise ValueError(f"steepness must be positive, got {steepness}")
    if abs(start) > 1e6:
        raise ValueError(f"start must be a number between -1e6 and 1e6 (x is a float32 variable; the explorer starts "
                         f"at -1), got {start!r}")
    if learning_rate <= 0:
        raise ValueError(f"learning_rate must be positive, got {learning_rate}")
    if isinstance(steps, bool) or not isinstance(steps, numbers.Integral) or not 1 <= steps <= 1000:
        raise ValueError(f"steps must be a whole number from 1 to 1000, got {steps!r}")

    @tf.custom_gradient
    def sign_with_surrogate(x):
        def grad(upstream):
            s = tf.sigmoid(steepness * x)
            return upstream * steepness * s * (1 - s)
        return tf.sign(x), grad

    x = tf.Variable(float(start))
    opt = (tf.keras.optimizers.Adam if optimizer == "adam" else tf.keras.optimizers.SGD)(learning_rate)
    xs, losses = [], []
    for _ in range(int(steps)):
        with tf.GradientTape() as tape:
            loss = tf.nn.l2_loss(sign_with_surrogate(x) - 1)
        opt.apply_gradients([(tape.gradient(loss, x), x)])
        xs.append(float(x.numpy()))
        losses.append(float(loss.numpy()))
    return SignTraining(float(steepness), optimizer, xs, losses)


def _png(fig) -> bytes:
    buffer = io.BytesIO()
    fig.savefig(buffer, format="png", dpi=80)
    return buffer.getvalue()


def _new_figure(width: float, height: float):
    """A matplotlib Figure that is not registered with pyplot, so no notebook shows it by itself."""
    from matplotlib.backends.backend_agg import FigureCanvasAgg
    from matplotlib.figure import Figure

    fig = Figure(figsize=(width, height))
    FigureCanvasAgg(fig)
    return fig


def surrogate_report(steepness: float, optimizer: str = "adam", steps: int = 60) -> tuple[str, bytes]:
    """The surrogate explorer's content for one setting: a one-line summary and a PNG picture.

    The picture shows x (left) and the loss (right) against the step.
    """
    run = sign_training(steepness, optimizer, steps=steps)
    flipped = run.flipped_at
    if flipped is None:
        verdict = f"sign(x) has not flipped after {steps} steps (x = {run.x[-1]:.3g})"
    else:
        verdict = (f"sign(x) flips to +1 after {flipped} steps; the loss is then 0, and x goes on to "
                   f"{run.x[-1]:.3g} by step {steps}")
    line = (f"β = {steepness:g}, {optimizer}: surrogate slope at x = -1 is "
            f"{steepness * _sigmoid_slope(-steepness):.3g}; {verdict}")
    fig = _new_figure(8.0, 2.8)
    ax_x, ax_loss = fig.subplots(1, 2)
    steps_axis = list(range(1, steps + 1))
    ax_x.plot(steps_axis, run.x, color="C0", lw=2)
    ax_x.axhline(0, color="grey", lw=1, ls="--")
    if flipped is not None:
        ax_x.axvline(flipped, color="C3", lw=1, ls=":", label=f"sign flips (step {flipped})")
        ax_x.legend(fontsize=8, loc="lower right")
    ax_x.set(xlabel="step", ylabel="x", title="x after each step")
    ax_loss.plot(steps_axis, run.loss, color="C1", lw=2)
    ax_loss.set(xlabel="step", ylabel="½(sign(x) − 1)²", title="loss", ylim=(-0.1, 2.2))
    for ax in (ax_x, ax_loss):
        ax.grid(alpha=0.3)
    fig.suptitle(f"β = {steepness:g}, {optimizer}", fontsize=10)
    fig.tight_layout()
    return line, _png(fig)


def _sigmoid_slope(z: float) -> float:
    """σ'(z) = σ(z)(1 − σ(z)), written so that no exponential overflows for large |z|."""
    e = math.exp(-abs(z))
    return e / (1 + e) ** 2


class _PictureExplorer(widgets.VBox):
    """Controls above a picture and a summary line; without a widget manager, the starting picture and line."""

    def _setup(self, controls: list, content: tuple[str, bytes], css_class: str) -> None:
        self.summary = widgets.HTML()
        self.picture = widgets.Image(format="png")
        self._static = content
        super().__init__(controls + [self.summary, self.picture])
        self.add_class(css_class)
        self._show(content)

    def _show(self, content: tuple[str, bytes]) -> None:
        line, png = content
        self.summary.value = f"<b>{html.escape(line)}</b>"
        self.picture.value = png

    def _repr_mimebundle_(self, **kwargs):
        bundle = super()._repr_mimebundle_(**kwargs)
        line, png = self._static
        data = base64.b64encode(png).decode("ascii")
        bundle["text/plain"] = line
        bundle["image/png"] = data
        # The picture with its alt text, where a viewer shows HTML (JupyterLab without a kernel, the website).
        bundle["text/html"] = (f'<img src="data:image/png;base64,{data}" '
                               f'alt="{html.escape(self.describe(line), quote=True)}"/>')
        return bundle

    def describe(self, line: str) -> str:
        """The static picture's alt text: what it shows, for the starting setting ``line``."""
        return line


class SurrogateExplorer(_PictureExplorer):
    """A slider over the surrogate's steepness β and a choice of optimizer for training sign(x).

    The picture shows x and the loss against the step, for 60 steps from x = -1.

    >>> explorer = SurrogateExplorer()
    >>> "flips to +1 after 10 steps" in explorer.summary.value
    True
    """

    def describe(self, line: str) -> str:
        return (f"Two line plots against the training step, 60 steps of training sign(x) from x = -1 with a smooth "
                f"surrogate gradient: left, x; right, the loss. {line}")

    def __init__(self, steepness: float = 1.0, optimizer: str = "adam"):
        if isinstance(steepness, bool) or not isinstance(steepness, numbers.Real) or not 0.5 <= steepness <= 8.0:
            raise ValueError(f"steepness must be a number in [0.5, 8], the slider's range, got {steepness!r}")
        if optimizer not in ("adam", "sgd"):
            raise ValueError(f"optimizer must be 'adam' or 'sgd', got {optimizer!r}")
        self.steepness_slider = widgets.FloatSlider(value=steepness, min=0.5, max=8.0, step=0.5,
                                                    description="β", continuous_update=False)
        self.optimizer = widgets.ToggleButtons(options=["adam", "sgd"], value=optimizer)
        self._setup([widgets.HBox([self.steepness_slider, self.optimizer])],
                    surrogate_report(steepness, optimizer), "surrogate-explorer")
        self.steepness_slider.observe(self._update, names="value")
        self.optimizer.observe(self._update, names="value")

    @property
    def result(self) -> widgets.HTML:
        """The summary line (kept under its former name)."""
        return self.summary

    def _update(self, change=None) -> None:
        self._show(surrogate_report(self.steepness_slider.value, self.optimizer.value))


def vjp_report(jacobian, upstream) -> tuple[str, bytes]:
    """The VJP explorer's content: ``downstream = Jᵀ · upstream`` as a line and as a picture."""
    from .plotting import _vjp_arguments, _vjp_figsize, _vjp_panels

    J, u = _vjp_arguments(jacobian, upstream)
    fig = _new_figure(*_vjp_figsize(J))
    _vjp_panels(fig, J, u, "grad(upstream) = Jᵀ · upstream")
    down = J.T @ u
    line = (f"upstream {np.array2string(u, precision=3, separator=', ')} → "
            f"downstream Jᵀ·upstream = {np.array2string(down, precision=3, separator=', ')}")
    return line, _png(fig)


class VJPExplorer(_PictureExplorer):
    """One slider per entry of upstream; the picture of Jᵀ · upstream follows them.

    Move one slider at a time: with upstream = eᵢ (one 1, zeros elsewhere),
    the downstream is row i of J, a column of Jᵀ.

    >>> import numpy as np
    >>> explorer = VJPExplorer(np.array([[1.0, 2.0], [3.0, 4.0]]), [1.0, 0.0])
    >>> explorer.sliders[1].value = 1.0
    >>> "downstream Jᵀ·upstream = [4., 6.]" in explorer.summary.value
    True
    """

    def describe(self, line: str) -> str:
        return (f"Three heat maps side by side: the transposed Jacobian, the upstream vector, and their product, the "
                f"downstream, one column each. {line}")

    def __init__(self, jacobian, upstream):
        from .plotting import _vjp_arguments

        J, u = _vjp_arguments(jacobian, upstream)
        if J.shape[0] > 8:
            raise ValueError(f"the explorer has one slider per output, at most 8; J has {J.shape[0]} rows")
        if np.any(np.abs(u) > 3):
            raise ValueError(f"upstream entries must lie in [-3, 3], the sliders' range, got {u.tolist()}")
        self.jacobian = J
        self.sliders = [widgets.FloatSlider(value=float(v), min=-3.0, max=3.0, step=0.25,
                                            description=f"upstream[{i}]", continuous_update=False,
                                            style={"description_width": "initial"})
                        for i, v in enumerate(u)]
        self._setup([widgets.VBox(self.sliders)], vjp_report(J, u), "vjp-explorer")
        for slider in self.sliders:
            slider.observe(self._update, names="value")

    def _update(self, change=None) -> None:
        self._show(vjp_report(self.jacobian, [s.value for s in self.sliders]))
