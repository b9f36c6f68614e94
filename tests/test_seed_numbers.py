"""The numbers the course promises (CURRICULUM's seed numbers) appear in the stored outputs.

The outputs come from running the notebooks (nbval re-checks them); this test
makes sure the cells that compute each number stay in the course.
"""

import json
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]

SEED_NUMBERS = {
    "01_chain_rule.ipynb": [
        "y = 256.0   dy/dx = 1024.0",
        "upstream:   [1.0, 32.0, 256.0]",
        "downstream: [32.0, 256.0, 1024.0]",
    ],
    "02_upstream_gradient.ipynb": [
        "use_upstream=True: dy/dx = 1024",
        "use_upstream=False: dy/dx = 4",
        "z = 6.0   dz/dx = 3.0   dz/dy = 2.0",
        "naive:  value [ 0.6931 10.     88.         inf     inf]   gradient [0.5 1.  0.  nan nan]",
        "custom gradient:  value [ 0.6931 10.     88.         inf     inf]   gradient [0.5 1.  1.  1.  1. ]",
        "tf.math.softplus:  value [  0.6931  10.      88.      89.     100.    ]   gradient [0.5 1.  1.  1.  1. ]",
    ],
    "03_jacobians_and_vjps.ipynb": [
        "Φ(x) = [0.15865526 0.5        0.97724986]",
        "float64: y = 0.5061485   dy/dx = [ 0.05042773  0.13298076 -0.03660103]",
        "gradient without a custom gradient: None",
        "'SymbolicTensor' object has no attribute 'numpy'",
    ],
    "04_matrix_inputs.ipynb": [
        "[[24. 27. 30.]\n [54. 61. 68.]]",
        "registered gradient for a, upstream = ones:\n [[21. 30.]\n [21. 30.]]",
        "registered gradient for a, upstream = c:\n [[ 573.  816.]\n [1295. 1844.]]",
        "dL/dA == outer(u, x): True",
        "y = 8.0   dy/dx = 12.0   dy/dn = None",
    ],
    "05_surrogate_gradients.ipynb": [
        "y = 1   dy/dx = 0.0451766",
        "loss = 2   dloss/dx = 0.0903533",
        "sign(x) flipped from -1 to +1 after 10 Adam steps (within 10: True)",
        "d sign/dx : [0. 0. 0. 0.]",
        "d round/dx: None",
    ],
    "06_variables_functions_keras.ipynb": [
        "grad_fn must accept keyword argument 'variables'",
        "kernel  shape (2, 32)  same as autodiff: True",
        "saved with custom gradients: {'gradient': [0.105, 0.235, 0.0452]}",
    ],
    "07_higher_order_and_registry.ipynb": [
        "compiled | x = 2: first 12, second None | x = 3: first 27, second None\ngrad_grad calls: 0",
        "eager    | x = 2: first 12, second 12 | x = 3: first 27, second 18\n"
        "compiled | x = 2: first 12, second 12 | x = 3: first 27, second 18",
        "override 'Square': [-1.   0.5  1. ] | override 'square': [-6.   0.5  4. ]",
        "tf.function  : [-6.   0.5  4. ]",
    ],
    "08_performance.ipynb": [
        "implicit needs less peak memory at 100 iterations: True",
        "gradients agree to 1e-6 from 30 iterations: True",
        "unrolled memory grows with iterations: True",
        "recompute_grad needs less peak memory: True",
        "implicit with Anderson and unrolled through 100 iterations: gradients agree to 1e-10: True",
        "implicit with Anderson agrees with unrolled at 100 iterations to 1e-10: True",
        "slow problem: Anderson 24 steps, plain iteration 1036 steps to residual 1e-12",
        "Anderson needs fewer than a tenth of plain iteration's steps: True",
        "slow problem, gradients agree to 1e-6 of the largest entry: True",
        "slow problem, implicit + Anderson needs less peak memory (over 10×): True",
    ],
    "09_debugging_gradients.ipynb": [
        "square_ignoring_upstream  y = 256, dy/dx = 4",
        "square                    y = 256, dy/dx = 1024",
        "positional call: 1.0 | keyword call: 12.0",
    ],
}


def _outputs(name):
    nb = json.loads((ROOT / "notebooks" / name).read_text())
    text = []
    for cell in nb["cells"]:
        for out in cell.get("outputs", []):
            for part in (out.get("text", ""), out.get("data", {}).get("text/plain", "")):
                text.append("".join(part) if isinstance(part, list) else part)
    return "\n".join(text)


@pytest.mark.parametrize("name", SEED_NUMBERS)
def test_seed_numbers_are_in_the_stored_outputs(name):
    stored = _outputs(name)
    missing = [n for n in SEED_NUMBERS[name] if n not in stored]
    assert missing == []
