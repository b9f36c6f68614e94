"""Exercises of notebook 09_debugging_gradients.

One module per exercise; each ``<name>_solution.py`` beside it holds the solution."""


SYMPTOMS = ("upstream_ignored", "wrong_shape", "keyword_call", "variables_missing", "none_gradient",
            "float32_false_alarm")
