"""Exercise 03.phi_grad: The gradient of Φ, the standard normal CDF."""

import dis
import inspect
import types
from pathlib import Path

import numpy as np
import tensorflow as tf

from .. import Exercise, Feedback
from ...boundary import LearnerCodeError
from ..judges import gradient_judge


def _phi(x):
    return 0.5 * (1 + tf.math.erf(x / np.sqrt(2.0)))


_judge_values = gradient_judge(
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
        ("extra_factor_x", lambda x, u: u * x * tf.exp(-x * x / 2) / np.sqrt(2 * np.pi),
         "your gradient is x times the right one: an extra factor x. Differentiating the exponent −x²/2 belongs to "
         "the density's own derivative, not to Φ's."),
        ("density_derivative", lambda x, u: -u * x * tf.exp(-x * x / 2) / np.sqrt(2 * np.pi),
         "that is φ′(x) = −x φ(x), the derivative of the density: one derivative too many. Φ's derivative is the "
         "density itself."),
        ("missing_normalisation", lambda x, u: u * tf.exp(-x * x / 2),
         "close: the shape of your derivative is right, but a constant factor is missing. Differentiate "
         "½(1 + erf(x/√2)) with the chain rule, using the derivative of erf the prompt gives."),
    ],
    fallback="Φ is a cumulative distribution function: its derivative is the matching density.")


_HELPERS = str(Path(__file__).resolve().parents[2])


def _attributes(answer) -> list[tuple[str | None, str]]:
    """(name, attribute) pairs the answer's own code loads, such as ("tf", "sqrt"): in its body, the functions it
    defines and the functions of the learner's cell it calls. Empty when the code cannot be read."""
    seen: set[int] = set()
    attributes: list[tuple[str, str]] = []

    def visit(f, depth: int) -> None:
        f = inspect.unwrap(f) if callable(f) else f
        code = getattr(f, "__code__", None)
        if code is None or depth < 0:
            return
        for cell in getattr(f, "__closure__", None) or ():
            try:
                if callable(cell.cell_contents):
                    visit(cell.cell_contents, depth - 1)
            except ValueError:         # an empty cell
                continue
        known = getattr(f, "__globals__", {})
        for name in code.co_names:
            g = known.get(name)
            if isinstance(g, types.FunctionType) and g.__module__ == getattr(f, "__module__", None):
                visit(g, depth - 1)
        read(code)

    def read(code: types.CodeType) -> None:
        if id(code) in seen or code.co_filename.startswith(_HELPERS):     # the course's own wrappers are not the answer
            return
        seen.add(id(code))
        previous = None
        for instruction in dis.get_instructions(code):
            if isinstance(instruction.argval, str) and instruction.opname.startswith("LOAD"):
                attributes.append((previous, instruction.argval))
                previous = instruction.argval
            else:
                previous = None
        for const in code.co_consts:
            if isinstance(const, types.CodeType):
                read(const)

    try:
        visit(answer, 4)
    except Exception:  # noqa: BLE001 - a look at the code only: what cannot be read makes no hint
        return []
    return attributes


def _takes_values_out(attributes) -> bool:
    return any(b == "numpy" for _, b in attributes)


def _makes_a_tensor_constant(attributes) -> bool:
    """tf.constant, tf.sqrt or tf.convert_to_tensor: a constant with a dtype of its own."""
    return any(a in ("tf", "math") and b in ("constant", "sqrt", "convert_to_tensor") for a, b in attributes)


_CONSTANT_DTYPE = ("a tensor made from a number with tf.constant(...) or tf.sqrt(...) has a dtype of its own "
                   "(float32 from a Python number, float64 from a NumPy one), which clashes with an x of the other "
                   "dtype: the checker tries both. A plain Python or NumPy number, np.sqrt(...) for instance, takes "
                   "x's dtype; or cast the tensor with tf.cast(c, x.dtype).")


_SCIPY_DTYPE = ("values taken out with .numpy() come back from NumPy or SciPy in a dtype of their own (SciPy "
                "computes in float64, whatever x's dtype). And .numpy() works only eagerly: the checker also runs "
                "grad inside tf.function, where it fails. Compute the derivative with TensorFlow operations, which "
                "keep x's dtype.")


def _judge_phi(answer) -> Feedback:
    try:
        return _judge_values(answer)
    except LearnerCodeError as error:
        if error.mistake != "dtype_mismatch":
            raise
        # Say more only where the learner's code shows where the other dtype comes from.
        attributes = _attributes(answer)
        if _takes_values_out(attributes):
            return Feedback(False, f"{error.sentence()} Hint: {_SCIPY_DTYPE}", "dtype_mismatch")
        if _makes_a_tensor_constant(attributes):
            return Feedback(False, f"{error.sentence()} Hint: {_CONSTANT_DTYPE}", "dtype_mismatch")
        raise


EXERCISE = Exercise(
    key="03.phi_grad",
    title="The gradient of Φ, the standard normal CDF",
    judge=_judge_phi,
    answer_name="phi_tf",
    mistakes=("cdf_not_pdf", "inner_derivative", "extra_factor_x", "density_derivative", "missing_normalisation", "upstream_ignored", "wrong_sign",
              "constant_factor"),
    hints={"upstream_ignored": "multiply the density by upstream.",
           "constant_factor": "Φ = ½(1 + erf(x/√2)): the chain rule gives the factor ½ in front, erf' taken at the "
                              "inner value x/√2, and the inner function's derivative. Which factor is missing, or "
                              "extra?"},
    # The checker's list of causes of a constant factor (a norm, a size, a mean) cannot apply to Φ: the hint above
    # names the factors that can.
    withhold=(r"\. Look for the extra factor: a division by a norm or a size, a mean where a sum is meant, a constant "
              r"rounded or left out",),
)
