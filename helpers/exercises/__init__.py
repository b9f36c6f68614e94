"""Exercises with automatic, specific feedback, and solutions revealed on purpose.

Each exercise has a key such as ``"01.chain_derivative"``. In a notebook::

    from helpers.exercises import check, reveal
    check("01.chain_derivative", my_answer)   # feedback on your answer
    reveal("01.chain_derivative")             # the solution, when you want it

Feedback names the mistake it recognises (for example "upstream ignored"
or "transposed") and says what to look at, without giving the formula away;
a right answer is confirmed with what it means. An answer still raising
``NotImplementedError`` is met with a reminder, not an error.

Every call into the learner's code goes through :mod:`helpers.boundary`, so
whatever that code raises (a typo, NumPy on a symbolic tensor, a matrix
product of the wrong shapes) comes back as feedback naming the learner's own
line, never as a stack trace: :meth:`Exercise.check` does not raise.

The exercises themselves live one per module in a package per notebook
(``helpers/exercises/matrices/quadratic_form.py`` for ``04.quadratic_form``),
each with its solution in a file of its own beside it
(``quadratic_form_solution.py``); see :class:`Exercise` and CONTRIBUTING.md.
In a student edition of the course the solution files are left out and
:func:`reveal` says that the instructor withholds them. ``COURSE_HIDE_SOLUTIONS=1``
in the environment also hides them, as a courtesy during an assessed session
(it is no barrier: the files are still there).
"""

from .core import (HIDE_SOLUTIONS, Exercise, Feedback, HiddenSolution, Solution, SolutionsHidden, Verdict,
                   WithheldSolution, check, get, keys, register, reject, reveal, rng_for, solutions_hidden)

__all__ = ["Feedback", "Verdict", "Exercise", "Solution", "HiddenSolution", "WithheldSolution", "SolutionsHidden",
           "check", "reveal", "get", "keys", "register", "reject", "rng_for", "solutions_hidden", "HIDE_SOLUTIONS"]
