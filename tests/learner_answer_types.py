"""Plausible learner answers, and how to run one the way a notebook would.

The answers themselves live in ``learner_answers_a.py`` … ``learner_answers_j.py``
and ``learner_answers_holdout.py``. They were written from the learner's side,
by someone who had not read the judges, from each notebook's prompt and stub:
typos, NumPy inside ``grad``, a forgotten decorator, odd kinds of values, and
the textbook mistakes.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

RAW_TENSORFLOW_TEXT = re.compile(r"\{\{function_node|\[Op:|job:localhost|Traceback \(most recent|File \"/")


@dataclass(frozen=True)
class Answer:
    key: str
    label: str
    code: str
    right: bool
    mistake: str = ""
    """What a tutor would tell the learner, in one line."""
    must_mention: tuple = ()
    """Words any specific feedback must contain (case-insensitive); "a|b" accepts either."""


ANSWER_NAMES = {
    "00.warmup": "answer", "01.chain_derivative": "answer", "01.upstreams": "upstreams", "01.local_sin": "local_sin",
    "02.x_sin_x": "x_sin_x", "02.stable_log1pexp": "stable_log1pexp", "02.multiply": "multiply",
    "03.softmax_vjp": "softmax", "03.matvec": "make_f", "03.phi_grad": "phi_tf", "04.quadratic_form": "quadratic_form",
    "04.batched_matmul": "batched_matmul", "04.bias_add": "bias_add", "05.sign_ste": "sign_ste",
    "05.clip_gradient": "clip_gradient", "06.scale_by_variable": "scale", "06.numpy_erf": "numpy_erf",
    "07.fused_second_derivative": "tanh_op", "07.hvp": "hvp", "08.implicit_scalar": "fixed_point",
    "08.block_size": "block_size", "09.spot_the_mistake": "answers", "09.fix_linear": "linear",
}


def notebook_namespace() -> dict:
    """What a notebook's setup cell (and the cells before an exercise) provide."""
    import numpy as np
    import scipy
    import scipy.special  # noqa: F401
    import scipy.stats  # noqa: F401
    import tensorflow as tf

    import helpers
    from helpers import CustomGradientError, check_gradients, strict_custom_gradient
    from helpers.exercises.higher_order import fused_tanh, softplus_sum
    from helpers.exercises.jacobians import A_5x3
    from helpers.exercises.speed import iterate_fixed_point

    return {"helpers": helpers, "tf": tf, "np": np, "scipy": scipy, "strict_custom_gradient": strict_custom_gradient,
            "check_gradients": check_gradients, "CustomGradientError": CustomGradientError, "A_5x3": A_5x3,
            "fused_tanh": fused_tanh, "softplus_sum": softplus_sum, "iterate_fixed_point": iterate_fixed_point}


def define(answer: Answer):
    """Run the answer's cell; return what it defines under the stub's name (or the exception the cell raises)."""
    namespace = notebook_namespace()
    code = compile(answer.code, f"<learner cell {answer.key}: {answer.label}>", "exec")
    exec(code, namespace)  # noqa: S102 - the corpus is ours
    return namespace[ANSWER_NAMES[answer.key]]


def mentions(message: str, words: tuple) -> list[str]:
    """The entries of ``words`` (each "a|b|c") that ``message`` does not contain."""
    low = message.lower()
    return [w for w in words if not any(alt.lower() in low for alt in w.split("|"))]
