"""Exercise 03.phi_grad: The gradient of Φ, the standard normal CDF."""

import numpy as np
import tensorflow as tf

from .. import Exercise
from ..judges import gradient_judge


def _phi(x):
    return 0.5 * (1 + tf.math.erf(x / np.sqrt(2.0)))


EXERCISE = Exercise(
    key="03.phi_grad",
    title="The gradient of Φ, the standard normal CDF",
    judge=gradient_judge(
        lambda: [(tf.constant([-1.0, 0.0, 0.5, 2.0]),), (tf.constant([[1.2, -2.5], [0.1, 3.0]], tf.float64),)],
        _phi,
        "Φ'(x) = φ(x), the normal density, so grad returns upstream · φ(x): a diagonal Jacobian.",
        known_wrong=[
            ("cdf_not_pdf", lambda x, u: u * _phi(x),
             "you multiplied by Φ(x), the function itself, not by its derivative."),
            ("inner_derivative", lambda x, u: u * 0.5 * 2 / np.sqrt(np.pi) * tf.exp(-x * x),
             "you evaluated erf's derivative at x, but Φ uses erf(x/√2): by the chain rule, erf' is taken at the "
             "inner value x/√2 and multiplied by the inner function's derivative."),
            ("inner_derivative", lambda x, u: u * 2 / np.sqrt(np.pi) * tf.exp(-x * x),
             "that is erf's derivative at x, but Φ is ½(1 + erf(x/√2)): by the chain rule erf' is taken at the inner "
             "value x/√2, times the inner function's derivative, times the factor ½ in front."),
            ("inner_derivative", lambda x, u: u * 0.5 * 2 / np.sqrt(np.pi) * tf.exp(-x * x) / np.sqrt(2.0),
             "close: you multiplied by the inner function's derivative, but took erf' at x instead of at the inner "
             "value x/√2: look at the exponent."),
            ("inner_derivative", lambda x, u: u * 0.5 * 2 / np.sqrt(np.pi) * tf.exp(-x * x / 2),
             "close: by the chain rule, erf(x/√2) also needs the derivative of the inner function x/√2 as a factor."),
            ("wrong_sign", lambda x, u: u * tf.exp(x * x / 2) / np.sqrt(2 * np.pi),
             "check the sign in the exponent: a density falls off away from 0."),
            ("missing_normalisation", lambda x, u: u * tf.exp(-x * x / 2),
             "close: the shape of your derivative is right, but a constant factor is missing. Differentiate "
             "½(1 + erf(x/√2)) with the chain rule, using the derivative of erf the prompt gives."),
        ],
        fallback="Φ is a cumulative distribution function: its derivative is the matching density."),
    answer_name="phi_tf",
    mistakes=("cdf_not_pdf", "inner_derivative", "missing_normalisation", "upstream_ignored", "wrong_sign",
              "constant_factor"),
    hints={"upstream_ignored": "multiply the density by upstream.",
           "constant_factor": "check the constant in front of the density: ½ · d/dx erf(x/√2).",
           "dtype_mismatch": "np.sqrt(2 * np.pi) is a NumPy scalar, which TensorFlow treats like a Python number: "
                             "it takes x's dtype. tf.sqrt(2 * np.pi) is a float32 tensor, which clashes with a "
                             "float64 x (the checker tries both)."},
)
