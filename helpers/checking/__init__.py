"""``check_gradients``: does a custom gradient agree with the function it belongs to?

A custom gradient's ``grad`` computes a vector-Jacobian product: given the
upstream gradient ``u`` (shaped like the output ``y``) it returns ``Jᵀu`` for
each input ``x`` (shaped like ``x``). The checker compares that with finite
differences of the forward function, in float64 where the function allows.

``mode="fast"`` (the default) never builds a Jacobian: for a random ``u`` and
a random direction ``v`` it compares ``⟨grad(u), v⟩`` with the central
difference ``⟨u, (f(x + hv) − f(x − hv)) / 2h⟩``. A wrong gradient almost
surely fails this test, and it costs one backward pass and three forward
passes whatever the size of ``x``. An agreement close to the tolerance gets a
second look with another upstream and direction, so that a wrong gradient
whose random sum happens to nearly cancel is still caught. (An error confined
to a few entries of a large input, above all small entries, weighs little in
a random sum and can still pass; check such a function on a small input too.)
Steps are scaled entry by entry (an input
may hold 0.001 and 150), and a mismatch is confirmed with a ladder of step
sizes before it is reported: a difference that changes with the step is the
method's error, not the gradient's. Only then does the checker spend more
passes to name the mistake. Where the function works only in a low precision
and no step that precision allows can settle it (sin at x = 1000 in
float32), the report says INCONCLUSIVE instead of blaming the gradient.

``mode="full"`` builds both Jacobians entry by entry (one backward pass per
output entry, two forward passes per input entry) and keeps them on the
report for plotting; use it on small inputs.

Besides the values it checks the rest of the contract: one gradient per
input, each with its input's shape and dtype, ``None`` for integer inputs,
gradients for the variables the function reads (``grad(upstream,
variables=...)``), several outputs at once, and optionally the second
derivative (``order=2``) and the same check inside ``tf.function``
(``graph=True``). A backward pass that differs from the forward's derivative
on purpose (a straight-through estimator, clipping, reversal) is recognised;
say so with ``expect="surrogate"``, or give ``expect=`` the smooth function
whose derivative the backward pass should follow.

>>> import tensorflow as tf
>>> @tf.custom_gradient
... def cube(x):
...     def grad(upstream):
...         return upstream * 3 * x ** 2
...     return x ** 3, grad
>>> check_gradients(cube, tf.constant([1.0, -2.0, 0.5])).ok
True
>>> @tf.custom_gradient
... def forgetful_cube(x):
...     def grad(upstream):
...         return 3 * x ** 2          # forgets to multiply by upstream
...     return x ** 3, grad
>>> report = check_gradients(forgetful_cube, tf.constant([1.0, -2.0, 0.5]), raise_on_failure=False)
>>> report.ok, report.inputs[0].mistake
(False, 'upstream_ignored')
"""

from .checker import check_gradients
from .report import GradientCheckError, GradientReport, InputResult

__all__ = ["check_gradients", "GradientCheckError", "GradientReport", "InputResult"]
