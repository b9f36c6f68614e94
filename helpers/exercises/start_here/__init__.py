"""The warm-up exercise of notebook 00_start_here.

One module per exercise; each ``<name>_solution.py`` beside it holds the solution."""
