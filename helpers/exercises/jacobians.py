"""Exercises of notebook 03_jacobians_and_vjps."""

import numpy as np
import tensorflow as tf

from . import Exercise, register
from .judges import gradient_judge

register(Exercise(
    key="03.softmax_vjp",
    title="The VJP of softmax, without building the Jacobian",
    judge=gradient_judge(
        lambda: (tf.constant([0.5, -1.0, 2.0, 0.0]),), tf.nn.softmax,
        "Jᵀu = s ⊙ (u − ⟨u, s⟩): the Jacobian diag(s) − s sᵀ applied in O(n), never formed.",
        hints={"zeros": "Jᵀ·1 is zero for softmax (its outputs always sum to 1): use upstream."},
        known_wrong=[
            ("diagonal_only", lambda z, u: u * tf.nn.softmax(z) * (1 - tf.nn.softmax(z)),
             "you used only the diagonal s(1 − s) of the Jacobian. Softmax couples every output to every "
             "input: the off-diagonal entries −sᵢsⱼ matter. Jᵀu = s ⊙ (u − ⟨u, s⟩)."),
            ("missing_s", lambda z, u: u - tf.reduce_sum(u * tf.nn.softmax(z)),
             "close: u − ⟨u, s⟩ still has to be multiplied elementwise by s."),
        ]),
    solution="""
        @strict_custom_gradient
        def softmax(z):
            s = tf.nn.softmax(z)
            def grad(upstream):
                return s * (upstream - tf.reduce_sum(upstream * s))
            return s, grad
    """,
    answer_name="softmax",
    mistakes=("diagonal_only", "missing_s", "zeros", "wrong_sign"),
))

A_5x3 = tf.constant(np.arange(-7.0, 8.0).reshape(5, 3) / 4, dtype=tf.float32)


def _closure_reference(x):
    return tf.linalg.matvec(A_5x3, x)


register(Exercise(
    key="03.matvec",
    title="grad of f(x) = A x for a fixed 5×3 matrix A (closure over A)",
    judge=gradient_judge(
        lambda: (tf.constant([1.0, -2.0, 0.5]),), _closure_reference,
        "Jᵀ·upstream = Aᵀ·upstream: a (3,) gradient for a (3,) input, from a (5,) upstream.",
        hints={"wrong_shape": "J = A is 5×3; upstream has 5 entries; Aᵀ·upstream has 3, like x.",
               "upstream_ignored": "use tf.linalg.matvec(A, upstream, transpose_a=True)."}),
    solution="""
        def make_f(A):
            @strict_custom_gradient
            def f(x):
                def grad(upstream):
                    return tf.linalg.matvec(A, upstream, transpose_a=True)    # Aᵀ · upstream
                return tf.linalg.matvec(A, x), grad
            return f

        from helpers.exercises.jacobians import A_5x3
        f = make_f(A_5x3)
    """,
    answer_name="f",
    mistakes=("wrong_shape", "upstream_ignored", "constant_factor"),
))


def _phi(x):
    return 0.5 * (1 + tf.math.erf(x / np.sqrt(2.0)))


def _pdf(x):
    return tf.exp(-x * x / 2) / np.sqrt(2 * np.pi)


register(Exercise(
    key="03.phi_grad",
    title="The gradient of Φ, the standard normal CDF",
    judge=gradient_judge(
        lambda: (tf.constant([-1.0, 0.0, 0.5, 2.0]),), _phi,
        "Φ'(x) = φ(x), the normal density, so grad returns upstream · φ(x): a diagonal Jacobian.",
        hints={"upstream_ignored": "return upstream * pdf(x)."},
        known_wrong=[
            ("cdf_not_pdf", lambda x, u: u * _phi(x),
             "you multiplied by Φ(x), the function itself; its derivative is the density φ(x)."),
        ]),
    solution="""
        import numpy as np

        @strict_custom_gradient
        def phi(x):
            cdf = 0.5 * (1 + tf.math.erf(x / np.sqrt(2.0)))
            def grad(upstream):
                pdf = tf.exp(-x * x / 2) / np.sqrt(2 * np.pi)
                return upstream * pdf
            return cdf, grad
    """,
    answer_name="phi",
    mistakes=("cdf_not_pdf", "upstream_ignored", "wrong_sign"),
))
