"""Exercises of notebook 04_matrix_inputs.

One module per exercise; each ``<name>_solution.py`` beside it holds the solution."""
