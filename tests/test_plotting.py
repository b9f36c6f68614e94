import matplotlib
import numpy as np
import pytest
import tensorflow as tf

import helpers

matplotlib.use("Agg")


def teardown_function():
    import matplotlib.pyplot as plt
    plt.close("all")


def test_value_and_gradient_uses_the_custom_gradient():
    @tf.custom_gradient
    def f(x):
        return x ** 2, lambda u: u * 100.0   # a deliberately odd gradient
    y, g = helpers.value_and_gradient(f, np.array([1.0, 2.0]))
    assert y.tolist() == [1.0, 4.0] and g.tolist() == [100.0, 100.0]


def test_plot_draws_value_and_gradient_lines():
    fig = helpers.plot_function_and_gradient({"a": tf.sin, "b": tf.cos}, np.linspace(0, 1, 11))
    value_ax, grad_ax = fig.axes
    assert [l.get_label() for l in value_ax.get_lines()] == ["a", "b"]
    np.testing.assert_allclose(grad_ax.get_lines()[0].get_ydata(), np.cos(np.linspace(0, 1, 11)), rtol=1e-6)


def test_plot_computes_in_float32_unless_told_and_says_which():
    """(1 - cos x)/x² is 0.5 near 0; float32 cannot see it at x ~ 1e-4, float64 can."""
    f, xs = (lambda t: (1 - tf.cos(t)) / t ** 2), np.linspace(1e-4, 1e-3, 6)
    default = helpers.plot_function_and_gradient(f, xs)
    assert [ax.get_title() for ax in default.axes] == ["value (float32)", "gradient from the tape (float32)"]
    assert not np.allclose(default.axes[0].get_lines()[0].get_ydata(), 0.5, atol=1e-3)
    wide = helpers.plot_function_and_gradient(f, xs, dtype=tf.float64)
    assert wide.axes[0].get_title() == "value (float64)"
    np.testing.assert_allclose(wide.axes[0].get_lines()[0].get_ydata(), 0.5, atol=1e-6)
    with pytest.raises(ValueError, match="dtype must be tf.float32"):
        helpers.plot_function_and_gradient(f, xs, dtype="int32")


def test_plot_marks_points_that_are_not_finite_outside_the_axes():
    naive = lambda x: tf.math.log(1 + tf.exp(x))
    fig = helpers.plot_function_and_gradient({"naive": naive}, np.array([0.0, 50.0, 100.0]))
    value_marks = {l.get_label(): l for l in fig.axes[0].get_lines()}
    grad_marks = {l.get_label(): l for l in fig.axes[1].get_lines()}
    assert "naive: +inf (off the plot)" in value_marks      # log(1 + inf) at 100
    assert "naive: NaN (off the plot)" in grad_marks         # inf / inf in the backward pass
    for mark in (value_marks["naive: +inf (off the plot)"], grad_marks["naive: NaN (off the plot)"]):
        assert mark.get_xdata().tolist() == [100.0]
        assert mark.get_ydata()[0] > 1 and not mark.get_clip_on()   # above the top edge, in axes units


def test_heatmap_labels_stay_readable_on_dark_cells():
    ax = helpers.plot_jacobian(np.array([[10.0, 0.5], [-9.0, 0.0]]))
    colors = {t.get_text(): t.get_color() for t in ax.texts}
    assert colors["10"] == "white" and colors["-9"] == "white" and colors["0.5"] == "black"


def test_large_jacobians_are_drawn_in_a_bounded_figure_without_labels():
    ax = helpers.plot_jacobian(np.ones((500, 500)))
    width, height = ax.figure.get_size_inches()
    assert width <= 8 and height <= 6 and len(ax.texts) == 0


def test_jacobian_of_a_fast_mode_report_points_to_full_mode():
    with pytest.raises(ValueError, match="mode='full'"):
        helpers.plot_jacobian(None)


def test_plot_rejects_bad_input():
    with pytest.raises(ValueError, match="1-D array"):
        helpers.plot_function_and_gradient(tf.sin, [1.0])
    with pytest.raises(ValueError, match="elementwise"):
        helpers.plot_function_and_gradient(tf.reduce_sum, np.linspace(0, 1, 5))
    with pytest.raises(TypeError, match="floating-point"):
        helpers.value_and_gradient(tf.sin, tf.constant([1, 2]))


def test_jacobian_and_vjp_pictures():
    J = np.arange(6.0).reshape(3, 2)
    ax = helpers.plot_jacobian(J)
    assert ax.images[0].get_array().shape == (3, 2)
    fig = helpers.plot_vjp(J, [1.0, 0.0, 2.0])
    np.testing.assert_array_equal(fig.axes[2].images[0].get_array().ravel(), J.T @ [1.0, 0.0, 2.0])
    with pytest.raises(ValueError, match="one entry per output"):
        helpers.plot_vjp(J, [1.0, 2.0])
    with pytest.raises(ValueError, match="2-D"):
        helpers.plot_jacobian(np.ones(3))


def test_show_gives_a_picture_with_its_description():
    import matplotlib.pyplot as plt

    import helpers

    fig, ax = plt.subplots()
    ax.plot([0, 1], [1, 0])
    picture = helpers.show(ax, 'A line falling from 1 to 0, "steeply".')
    assert picture._repr_png_().startswith(b"\x89PNG")
    assert 'alt="A line falling from 1 to 0, &quot;steeply&quot;."' in picture._repr_html_()
    assert repr(picture) == '[figure: A line falling from 1 to 0, "steeply".]'
    assert not plt.fignum_exists(fig.number), "the figure is closed, so it is not drawn twice"


@pytest.mark.parametrize("alt", [None, "", "plot"])
def test_show_asks_for_a_description(alt):
    import matplotlib.pyplot as plt

    import helpers

    fig, _ = plt.subplots()
    with pytest.raises(ValueError, match="describing what the figure shows"):
        helpers.show(fig, alt)
    plt.close(fig)


def test_a_jacobian_with_infinities_is_scaled_by_its_finite_entries_and_marks_the_others():
    J = np.array([[1.0, np.inf], [-np.inf, 0.5], [np.nan, -2.0]])
    ax = helpers.plot_jacobian(J, annotate=False)
    image = ax.images[0]
    assert image.get_clim() == (-2.0, 2.0)
    drawn = image.get_array()
    assert drawn[0, 1] == 2.0 and drawn[1, 0] == -2.0, "±inf take the end colours, not a blank cell"
    colours = image.to_rgba(drawn)
    np.testing.assert_allclose(colours[2, 0], [0.6, 0.6, 0.6, 1.0])        # NaN grey: white would read as 0
    marks = {line.get_marker(): (line.get_xdata().tolist(), line.get_ydata().tolist()) for line in ax.get_lines()}
    assert marks == {"^": ([1], [0]), "v": ([0], [1]), "x": ([0], [2])}
    assert "not finite: 1 +inf (▲), 1 −inf (▼), 1 NaN (×)" in ax.get_title()
    assert "scale from the finite entries" in ax.get_title()
    labelled = helpers.plot_jacobian(J)
    texts = {t.get_text(): t.get_color() for t in labelled.texts}
    assert texts["+inf"] == "white" and texts["−inf"] == "white" and "NaN" in texts
    assert helpers.plot_jacobian(np.eye(2)).get_title() == "Jacobian J = ∂y/∂x"
