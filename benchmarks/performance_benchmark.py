"""Measure what two custom gradients buy: recomputation and implicit differentiation.

    make benchmark     (or: .venv/bin/python benchmarks/performance_benchmark.py [--quick] [--json])

The measurements live in ``helpers/performance_benchmark.py`` (its docstring
says what each part measures), inside the helpers package so that notebook
08 finds them wherever the helpers are installed. This script runs them from
a clone, in this fresh process, as a script of its own.
"""

import runpy
from pathlib import Path

if __name__ == "__main__":
    runpy.run_path(str(Path(__file__).resolve().parents[1] / "helpers" / "performance_benchmark.py"),
                   run_name="__main__")
