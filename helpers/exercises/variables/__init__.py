"""Exercises of notebook 06_variables_functions_keras.

One module per exercise; each ``<name>_solution.py`` beside it holds the solution."""
