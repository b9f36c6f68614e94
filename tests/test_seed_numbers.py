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
        "eager, float64: y = 0.5061485   dy/dx = [ 0.05042773  0.13298076 -0.03660103]",
        "tf.function, float64: y = 0.5061485   dy/dx = [ 0.05042773  0.13298076 -0.03660103]",
        "gradient without a custom gradient: None",
        "'SymbolicTensor' object has no attribute 'numpy'",
    ],
    "04_matrix_inputs.ipynb": [
        "[[24. 27. 30.]\n [54. 61. 68.]]",
        "registered gradient, upstream = ones:\n [[21. 30.]\n [21. 30.]]",
        "registered gradient, upstream = c:\n [[ 573.  816.]\n [1295. 1844.]]",
        "dL/dA == outer(u, x): True",
        "y = 8.0   dy/dx = 12.0   dy/dn = None",
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
