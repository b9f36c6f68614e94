"""Interactive explorers built on ipywidgets, each with a static fallback.

A widget needs a live kernel and JupyterLab's widget manager. Where those are
missing (a notebook viewed on GitHub, a terminal), the explorer shows the
table for its starting values instead, as HTML and as text.
"""

from __future__ import annotations

import ipywidgets as widgets

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
        if not -3.0 <= float(x) <= 3.0:
            raise ValueError(f"x must lie in [-3, 3], the slider's range, got {x}")
        if not isinstance(length, int) or not 1 <= length <= 6:
            raise ValueError(f"length must be a whole number from 1 to 6, got {length!r}")
        self.x_slider = widgets.FloatSlider(value=x, min=-3.0, max=3.0, step=0.1, description="x",
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
    box = widgets.HBox([slider, label])
    box.add_class("widgets-check")
    return box


def sign_training(steepness: float, optimizer: str = "adam", learning_rate: float = 0.1,
                  start: float = -1.0, steps: int = 40) -> list[float]:
    """x after each step of training sign(x) towards +1 with the surrogate slope β·σ'(βx).

    The loss is ½(sign(x) - 1)², as in notebook 05; ``steepness`` is β.
    Returns the list of x values, one per step (``steps`` of them).

    >>> xs = sign_training(1.0)
    >>> next(i for i, x in enumerate(xs, 1) if x > 0)
    10
    """
    import tensorflow as tf

    if optimizer not in ("adam", "sgd"):
        raise ValueError(f"optimizer must be 'adam' or 'sgd', got {optimizer!r}")
    if steepness <= 0:
        raise ValueError(f"steepness must be positive, got {steepness}")

    @tf.custom_gradient
    def sign_with_surrogate(x):
        def grad(upstream):
            s = tf.sigmoid(steepness * x)
            return upstream * steepness * s * (1 - s)
        return tf.sign(x), grad

    x = tf.Variable(start)
    opt = (tf.keras.optimizers.Adam if optimizer == "adam" else tf.keras.optimizers.SGD)(learning_rate)
    xs = []
    for _ in range(steps):
        with tf.GradientTape() as tape:
            loss = tf.nn.l2_loss(sign_with_surrogate(x) - 1)
        opt.apply_gradients([(tape.gradient(loss, x), x)])
        xs.append(float(x.numpy()))
    return xs


def surrogate_report(steepness: float, optimizer: str = "adam") -> tuple[str, str]:
    """The surrogate explorer's content for one setting, as ``(html, text)``."""
    xs = sign_training(steepness, optimizer)
    flipped = next((i for i, x in enumerate(xs, 1) if x > 0), None)
    verdict = (f"sign(x) flips to +1 after {flipped} steps" if flipped else
               f"sign(x) has not flipped after {len(xs)} steps (x = {xs[-1]:.4g})")
    line = (f"β = {steepness:g}, {optimizer}: surrogate slope at x = -1 is "
            f"{steepness * _sigmoid_slope(-steepness):.3g}; {verdict}")
    return f"<p><b>{line}</b></p>", line


def _sigmoid_slope(z: float) -> float:
    import math

    s = 1 / (1 + math.exp(-z))
    return s * (1 - s)


class SurrogateExplorer(_Explorer):
    """A slider over the surrogate's steepness β and a choice of optimizer for training sign(x).

    >>> explorer = SurrogateExplorer()
    >>> "after 10 steps" in explorer.result.value
    True
    """

    def __init__(self, steepness: float = 1.0, optimizer: str = "adam"):
        if not 0.5 <= float(steepness) <= 8.0:
            raise ValueError(f"steepness must lie in [0.5, 8], the slider's range, got {steepness}")
        self.steepness_slider = widgets.FloatSlider(value=steepness, min=0.5, max=8.0, step=0.5,
                                                    description="β", continuous_update=False)
        self.optimizer = widgets.ToggleButtons(options=["adam", "sgd"], value=optimizer)
        self.result = widgets.HTML()
        self._static = surrogate_report(steepness, optimizer)
        super().__init__([widgets.HBox([self.steepness_slider, self.optimizer]), self.result])
        self.add_class("surrogate-explorer")
        self.steepness_slider.observe(self._update, names="value")
        self.optimizer.observe(self._update, names="value")
        self._update()

    def _update(self, change=None) -> None:
        self.result.value = surrogate_report(self.steepness_slider.value, self.optimizer.value)[0]
