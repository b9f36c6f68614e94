import numpy as np
import pytest
import tensorflow as tf

from helpers import ChainTrace, square_chain


def _run_chain(trace, f, x=2.0, n=3):
    x = tf.constant(x)
    with tf.GradientTape() as tape:
        tape.watch(x)
        y = x
        for _ in range(n):
            y = f(y)
    return y, tape.gradient(y, x)


def test_reproduces_the_seed_trace_of_foo_foo_foo_2():
    trace = ChainTrace()
    foo = trace.link("foo", lambda x: x ** 2, lambda x: 2 * x)
    y, g = _run_chain(trace, foo)
    assert [float(r.y) for r in trace.forward] == [4.0, 16.0, 256.0]
    assert [float(r.x) for r in trace.backward] == [16.0, 4.0, 2.0]
    assert [float(r.upstream) for r in trace.backward] == [1.0, 32.0, 256.0]
    assert [float(r.local) for r in trace.backward] == [32.0, 8.0, 4.0]
    assert [float(r.downstream) for r in trace.backward] == [32.0, 256.0, 1024.0]
    assert float(g) == 1024.0


def test_ignoring_upstream_gives_the_classic_wrong_answer_4():
    trace = ChainTrace()
    foo = trace.link("foo", lambda x: x ** 2, lambda x: 2 * x, use_upstream=False)
    _, g = _run_chain(trace, foo)
    assert float(g) == 4.0
    assert [float(r.downstream) for r in trace.backward] == [32.0, 8.0, 4.0]


def test_watch_records_upstream_and_downstream_of_a_handwritten_custom_gradient():
    @tf.custom_gradient
    def cube(x):
        def grad(upstream):
            return upstream * 3 * x ** 2
        return x ** 3, grad

    trace = ChainTrace()
    traced = trace.watch(cube)
    y, g = _run_chain(trace, traced, x=2.0, n=2)      # (2³)³ = 512, d/dx x⁹ = 9·2⁸
    assert float(y) == 512.0 and float(g) == 2304.0
    assert [float(r.upstream) for r in trace.backward] == [1.0, 192.0]
    assert trace.backward[0].local is None


def test_table_text_and_html():
    trace, _, _ = square_chain(2.0, 3)
    text = str(trace)
    assert text.splitlines()[0].split() == ChainTrace.HEADERS
    assert "1024" in text.splitlines()[-1]
    html = trace._repr_html_()
    assert html.count("<tr>") == 1 + 6 and "the downstream its grad returned" in html
    assert "nothing traced" in str(ChainTrace())


def test_clear_forgets_records():
    trace, _, _ = square_chain(1.5, 2)
    trace.clear()
    assert trace.forward == [] and trace.backward == []


@pytest.mark.parametrize("x,n", [(2.0, 1), (-1.5, 4), (0.5, 6)])
def test_square_chain_matches_the_formula(x, n):
    _, y, g = square_chain(x, n)
    p = 2 ** n
    assert float(y) == pytest.approx(x ** p)
    assert float(g) == pytest.approx(p * x ** (p - 1))


@pytest.mark.parametrize("bad", [0, -1, 2.5, True])
def test_square_chain_rejects_bad_lengths(bad):
    with pytest.raises(ValueError, match="whole number"):
        square_chain(2.0, bad)


def test_square_chain_rejects_a_non_number():
    with pytest.raises(TypeError, match="x must be a number"):
        square_chain("two", 3)


def test_traced_functions_refuse_tf_function():
    trace = ChainTrace()
    f = trace.link("f", lambda x: x ** 2, lambda x: 2 * x)
    with pytest.raises(RuntimeError, match="call it eagerly"):
        tf.function(f)(tf.constant(2.0))


@pytest.mark.parametrize("how", ["link", "watch"])
def test_tape_jacobian_through_a_traced_function_works_and_the_table_says_what_it_left_out(how):
    trace = ChainTrace()
    f = trace.link("f", lambda x: x ** 2, lambda x: 2 * x) if how == "link" else trace.watch(tf.square, "f")
    x = tf.constant([1.0, 2.0, 3.0])
    with tf.GradientTape() as tape:
        tape.watch(x)
        y = f(f(x))
    J = tape.jacobian(y, x)              # runs grad vectorized, inside a graph: no numbers to record there
    np.testing.assert_allclose(J.numpy(), np.diag(4 * x.numpy() ** 3))
    assert trace.backward == [] and trace.unrecorded == 2 and len(trace.forward) == 2
    for shown in (str(trace), trace._repr_html_()):
        assert "2 backward call(s) ran inside a graph, as tape.jacobian runs them, and are not shown" in shown
    trace.clear()
    _run_chain(trace, f, n=2)
    assert len(trace.backward) == 2 and "inside a graph" not in str(trace)


def test_link_needs_functions():
    with pytest.raises(TypeError, match="two functions"):
        ChainTrace().link("f", 2, 3)
