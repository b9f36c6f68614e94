"""Exercise 06.keras_layer: a Keras layer y = tanh(a x) with one trainable number a and a custom gradient."""

import dataclasses

import tensorflow as tf

from .. import Exercise, Feedback, reject
from ...boundary import running
from ..judges import gradient_judge, layer_class

_A = 0.7        # the weight is set to this number before the gradients are checked (it starts at 1)


def _points():
    return [(tf.constant([[0.5, -1.0, 2.0], [1.5, 0.2, -0.7]]),),
            (tf.constant([[-0.3, 1.1, 0.4, -2.0]]),)]


def _reference(x):
    return tf.tanh(_A * x)


def _dx_without_a(x, u):
    return u * (1 - tf.tanh(_A * x) ** 2)


def _dx_without_slope(x, u):
    return u * _A


def _slope_plus(x, u):
    return u * _A * (1 + tf.tanh(_A * x) ** 2)


_judge_gradients = gradient_judge(
    _points,
    _reference,
    "the layer's weight a reaches your custom gradient as a tensor read from it, so the tape traces its "
    "gradient back to the weight: dL/dx = upstream · a (1 − y²) and dL/da = Σ upstream · x (1 − y²), eagerly and "
    "inside tf.function, as in fit.",
    known_wrong=[
        ("inner_factor_missing", _dx_without_a,
         "the gradient for x misses a factor: x enters tanh through a · x, and the chain rule brings that product's "
         "derivative with respect to x."),
        ("slope_missing", _dx_without_slope,
         "the gradient for x misses tanh's slope: only the inner factor of the chain rule is there."),
        ("slope_sign", _slope_plus,
         "tanh's slope has the wrong sign inside: its derivative is 1 − tanh², not 1 + tanh²."),
    ],
    fallback="differentiate tanh(a x) with the chain rule, once for x (an entry at a time) and once for a (one "
             "number used by every entry: its gradient is a sum).",
    forward_message="the layer's output is not tanh(a x): call your custom-gradient function with x and the weight, "
                    "and return its output.",
    messages={"not_summed": "the gradient for the weight a has x's shape, but a is one number used by every entry "
                            "(and every example of the batch): its gradient collects all their contributions."})


def _built_layer(cls):
    """A new layer of the learner's class, called once (so built), its one weight set to _A."""
    with running("making your layer"):
        layer = cls()
    with running("calling your layer"):
        layer(_points()[0][0])
    weights = layer.trainable_weights
    if len(weights) != 1 or tuple(weights[0].shape) != ():
        shapes = ", ".join(str(tuple(w.shape)) for w in weights) or "none"
        reject(f"the layer needs exactly one trainable weight of shape () (a single number a); it has: {shapes}. "
               "Make it in build with self.add_weight(shape=(), ...).", "wrong_weights")
    weights[0].assign(_A)
    return layer


_COPYING_NAMES = {"constant", "numpy", "float", "stop_gradient", "array", "asarray"}


def _weight_gets_no_gradient(layer) -> bool:
    """Whether a tape around the layer finds no gradient for its weight (nothing raised on the way)."""
    weight = layer.trainable_weights[0]
    try:
        with tf.GradientTape() as tape:
            y = layer(_points()[0][0])
        return tape.gradient(y, weight) is None
    except Exception:  # noqa: BLE001 - the gradient judge runs this again and names what the learner's code raised
        return False


def _no_weight_gradient(cls) -> Feedback:
    """Feedback for a weight with no gradient: copied in call (tf.constant, .numpy(), float(), stop_gradient), or
    left without one by grad."""
    if _COPYING_NAMES & set(getattr(getattr(cls.call, "__code__", None), "co_names", ())):
        return Feedback(False, "the weight a gets no gradient: your call hands the custom-gradient function a value "
                               "the tape cannot trace back to the weight (tf.constant, .numpy() and float() make a "
                               "copy; tf.stop_gradient cuts the path). Read the weight as a tensor instead.",
                        "weight_copied")
    return Feedback(False, "the weight a gets no gradient, but the output depends on it: grad must return a gradient "
                           "for a as well, and call must hand scaled_tanh a tensor read from the weight.", "none")


def _judge(answer) -> Feedback:
    cls = layer_class(answer, "ScaledTanh")
    layer = _built_layer(cls)
    if _weight_gets_no_gradient(layer):
        return _no_weight_gradient(cls)
    feedback = _judge_gradients(lambda x: layer(x))
    path = layer.trainable_weights[0].path
    return dataclasses.replace(feedback, message=feedback.message.replace(path, "the weight a"))


EXERCISE = Exercise(
    key="06.keras_layer",
    title="A Keras layer y = tanh(a x) with a trainable number a and a custom gradient",
    judge=_judge,
    answer_name="ScaledTanh",
    mistakes=("variables_missing", "weight_copied", "not_summed", "upstream_ignored", "inner_factor_missing",
              "slope_missing", "slope_sign", "none", "no_custom_gradient", "wrong_weights", "instance_given", "not_a_layer"),
    hints={"variables_missing": "a Keras 3 weight is a keras.Variable, which the custom gradient counts as a "
                                 "variable it reads; convert it to a tensor in call (tf.convert_to_tensor(self.a)) "
                                 "and pass that, as SoftplusDense does."},
)
