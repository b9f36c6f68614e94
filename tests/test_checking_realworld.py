"""check_gradients on real-world custom gradients: no false alarm, every bug caught and named.

The cases live in ``realworld_gradients.py`` (functions adapted from TensorFlow,
TensorFlow Probability, Keras and research code, with float32 and float64
variants); ``realworld_check_report.py`` prints the same verdicts as a table.
Every case runs with seeds 0–4 in fast mode and, where its inputs are small,
with seeds 0 and 1 in full mode: full mode compares every entry, so a seed
changes only its upstreams (``realworld_check_report.py`` runs all five seeds
in both modes, outside the suite).
"""

import pytest

from helpers import check_gradients
from realworld_gradients import CASES

FULL_MODE_MAX_INPUT_ENTRIES = 75
SEEDS = {"fast": range(5), "full": range(2)}
# A wrong variable gradient is named by its pattern (sign, factor...) on the variable's own row; a grad
# that fails only inside tf.function is named not_in_graph.
SAME_MISTAKE = {"variable_gradient": None, "grad_raised": {"grad_raised", "not_in_graph"}}


def _modes(case, inputs):
    size = sum(int(getattr(x, "shape", ()).num_elements() or 1) for x in inputs if hasattr(x, "shape"))
    return ("fast", "full") if size <= FULL_MODE_MAX_INPUT_ENTRIES and not case.check_kwargs.get("order") else ("fast",)


def _runs(case):
    f, inputs = case.make()
    for mode in _modes(case, inputs):
        for seed in SEEDS[mode]:
            f, inputs = case.make()
            yield mode, seed, check_gradients(f, *inputs, mode=mode, seed=seed, raise_on_failure=False,
                                              **case.check_kwargs)


def _named(report):
    return report.mistake or next((r.mistake for r in report.inputs if not r.ok), None)


def test_the_corpus_covers_every_class():
    kinds = {c.kind for c in CASES}
    assert kinds == {"correct", "surrogate", "broken", "kink"}
    assert sum(c.kind == "correct" for c in CASES) >= 40 and sum(c.kind == "broken" for c in CASES) >= 16


@pytest.mark.parametrize("case", [c for c in CASES if c.kind in ("correct", "surrogate")], ids=lambda c: c.name)
def test_correct_and_declared_surrogates_pass(case):
    for mode, seed, report in _runs(case):
        assert report.ok, f"false alarm ({mode}, seed {seed}):\n{report}"


@pytest.mark.parametrize("case", [c for c in CASES if c.kind == "broken"], ids=lambda c: c.name)
def test_broken_ones_are_caught_and_named(case):
    for mode, seed, report in _runs(case):
        assert not report.ok, f"missed ({mode}, seed {seed}):\n{report}"
        if case.mistake == "variable_gradient":
            assert any(r.kind == "variable" and not r.ok for r in report.inputs), report
        else:
            assert _named(report) in SAME_MISTAKE.get(case.mistake, {case.mistake}), report


@pytest.mark.parametrize("case", [c for c in CASES if c.kind == "kink"], ids=lambda c: c.name)
def test_a_kink_is_never_called_a_wrong_gradient(case):
    for mode, seed, report in _runs(case):
        assert report.ok or _named(report) == "not_differentiable", report
        if not report.ok:
            assert "kink" in str(report) and "away from the kink" in str(report)
