"""Exercises of notebook 02_upstream_gradient.

One module per exercise; each ``<name>_solution.py`` beside it holds the solution."""
