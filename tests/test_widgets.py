import re

import pytest

from helpers.widgets import ChainExplorer, chain_report, widgets_check


def test_explorer_follows_both_sliders():
    explorer = ChainExplorer(2.0, 3)
    assert "dy/dx = 8·x^7 = 1024" in explorer.table.value
    explorer.x_slider.value = 1.0
    assert "dy/dx = 8·x^7 = 8" in explorer.table.value
    explorer.length_slider.value = 5
    assert "dy/dx = 32·x^31 = 32" in explorer.table.value
    assert explorer.table.value.count("<tr>") == 1 + 2 * 5


def test_explorer_static_fallback_shows_the_starting_table():
    explorer = ChainExplorer(2.0, 3)
    explorer.x_slider.value = -1.0
    bundle = explorer._repr_mimebundle_()
    assert "application/vnd.jupyter.widget-view+json" in bundle
    assert bundle["text/plain"] == chain_report(2.0, 3)[1]
    assert "1024" in bundle["text/html"]


@pytest.mark.parametrize("x,length", [(5.0, 3), (2.0, 0), (2.0, 7)])
def test_explorer_rejects_values_outside_the_sliders(x, length):
    with pytest.raises(ValueError):
        ChainExplorer(x, length)


def test_widgets_check_label_follows_slider():
    box = widgets_check()
    box.children[0].value = -4
    assert box.children[1].value == "x = -4, x² = 16"


def test_surrogate_explorer_follows_slider_and_optimizer():
    from helpers.widgets import SurrogateExplorer
    explorer = SurrogateExplorer()
    assert "β = 1, adam" in explorer.result.value and "after 10 steps" in explorer.result.value
    explorer.optimizer.value = "sgd"
    explorer.steepness_slider.value = 8.0
    assert "β = 8, sgd" in explorer.result.value and "has not flipped" in explorer.result.value
    bundle = explorer._repr_mimebundle_()
    assert bundle["text/plain"].startswith("β = 1, adam")     # static fallback: the starting setting


@pytest.mark.parametrize("kwargs,message", [({"steepness": 0.0}, "steepness must be positive"),
                                            ({"steepness": 1.0, "optimizer": "rmsprop"}, "optimizer must be")])
def test_sign_training_rejects_bad_settings(kwargs, message):
    from helpers.widgets import sign_training
    with pytest.raises(ValueError, match=message):
        sign_training(**kwargs)


def test_surrogate_explorer_rejects_steepness_outside_the_slider():
    from helpers.widgets import SurrogateExplorer
    with pytest.raises(ValueError, match="steepness"):
        SurrogateExplorer(steepness=20)


def test_surrogate_explorer_draws_x_and_loss_and_shows_the_drift_after_the_flip():
    from helpers.widgets import SurrogateExplorer, sign_training
    run = sign_training(1.0, steps=60)
    assert run.flipped_at == 10 and run.loss[9] == 2.0 and run.loss[10] == 0.0
    assert run.x[-1] > 0.95          # Adam's momentum keeps moving x after the gradient is 0
    explorer = SurrogateExplorer()
    first = bytes(explorer.picture.value)
    assert first.startswith(b"\x89PNG")
    explorer.steepness_slider.value = 4.0
    assert bytes(explorer.picture.value) != first
    bundle = explorer._repr_mimebundle_()
    assert "image/png" in bundle and "application/vnd.jupyter.widget-view+json" in bundle


def test_vjp_explorer_sliders_move_the_downstream():
    import numpy as np
    from helpers.widgets import VJPExplorer
    J = np.array([[2.0, 1.0, 0.0], [0.0, 0.0, 0.5], [1.0, 0.0, 1.0], [0.0, 4.0, 0.0]])
    explorer = VJPExplorer(J, [0.0, 0.0, 0.0, 0.0])
    assert "[0., 0., 0.]" in explorer.summary.value
    explorer.sliders[3].value = 1.0          # upstream = e₃: the downstream is row 3 of J
    assert "[0., 4., 0.]" in explorer.summary.value
    assert explorer._repr_mimebundle_()["text/plain"].endswith("[0., 0., 0.]")    # static: the start


@pytest.mark.parametrize("J,u,words", [
    ([[1.0, 2.0]], [1.0, 2.0], "one entry per output"),
    ([[1.0, 2.0]], [5.0], "[-3, 3]"),
    ([[1.0]] * 9, [0.0] * 9, "at most 8"),
    (None, [1.0], "None"),
])
def test_vjp_explorer_rejects_what_it_cannot_show(J, u, words):
    from helpers.widgets import VJPExplorer
    with pytest.raises(ValueError, match=re.escape(words)):
        VJPExplorer(J, u)
