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


class ChainExplorer(widgets.VBox):
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

    def _repr_mimebundle_(self, **kwargs):
        bundle = super()._repr_mimebundle_(**kwargs)
        # Fallback for viewers without a widget manager: the starting table.
        bundle["text/plain"] = self._static[1]
        bundle["text/html"] = self._static[0]
        return bundle


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
