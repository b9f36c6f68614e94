"""Exercise 10.saved_layer: a layer with a custom gradient that must come back from a .keras file unchanged."""

import os
import tempfile

import numpy as np
import tensorflow as tf

from .. import Exercise, Feedback, reject
from ...boundary import running
from ..judges import layer_class

_ARGUMENTS = {"strength": 0.5, "clip": 2.0}     # not the defaults: a default cannot pass for a saved value
_X = np.array([[1.0, -2.0, 0.5]], np.float32)
_U = np.array([[3.0, -0.5, 1.0]], np.float32)
_WANT = -0.5 * np.clip(_U, -2.0, 2.0)           # -strength × upstream clipped to [-clip, clip]


def _gradient(layer) -> np.ndarray:
    x = tf.constant(_X)
    with tf.GradientTape() as tape:
        tape.watch(x)
        y = layer(x)
    return tape.gradient(y, x, output_gradients=tf.constant(_U)).numpy()


def _saved_and_loaded(cls):
    """(the layer made with _ARGUMENTS, the same layer after a round trip through a .keras file)."""
    import keras

    if keras.saving.get_registered_object(keras.saving.get_registered_name(cls)) is not cls:
        reject("Keras looks a layer class up by its registered name when it loads a model, and this class is not "
               "registered: keep @keras.saving.register_keras_serializable(...) above the class.", "not_registered")
    with running("making your layer"):
        layer = cls(**_ARGUMENTS)
        model = keras.Sequential([keras.Input((3,)), layer])
    with tempfile.TemporaryDirectory() as folder:
        path = os.path.join(folder, "model.keras")
        try:
            model.save(path)
        except (TypeError, ValueError) as error:
            reject("model.save failed: every value get_config returns must be a plain value Keras can write as "
                   f"JSON (numbers, strings, lists), not a function or a tensor ({type(error).__name__}: "
                   f"{str(error).splitlines()[0][:120]}).", "config_not_serializable")
        try:
            loaded = keras.saving.load_model(path)
        except (TypeError, ValueError) as error:
            first = str(error).splitlines()[0].split(". ")[0][:160]
            reject(f"the model was saved, but does not load ({type(error).__name__}: {first}). Does get_config "
                   "return exactly the arguments __init__ takes, as plain values (numbers, strings, lists)?",
                   "does_not_load")
    return layer, loaded.layers[-1]


def _judge(answer) -> Feedback:
    cls = layer_class(answer, "ClippedReversal")
    layer, loaded = _saved_and_loaded(cls)
    with running("computing your layer's gradient"):
        before = _gradient(layer)
    if not np.allclose(before, _WANT, atol=1e-6):
        return Feedback(False, f"before saving, the layer's gradient is {np.round(before, 4).tolist()}, not "
                               f"{_WANT.tolist()}: keep the custom gradient as given (−strength × upstream, clipped "
                               "to [−clip, clip]) and change only what saving needs.", "gradient_changed")
    lost = [f"{name} is {getattr(loaded, name, None)!r}, not {value!r}" for name, value in _ARGUMENTS.items()
            if getattr(loaded, name, None) != value]
    with running("computing the loaded layer's gradient"):
        after = _gradient(loaded)
    if lost or not np.allclose(after, _WANT, atol=1e-6):
        detail = "; ".join(lost) or f"its gradient is {np.round(after, 4).tolist()}"
        return Feedback(False, f"after loading, {detail} (the saved layer was made with strength=0.5, clip=2.0). "
                               "Keras rebuilds a loaded layer by calling its class with the saved config: what "
                               "does your class put in it?", "argument_lost")
    return Feedback(True, "the layer comes back from model.keras with strength 0.5 and clip 2.0, and so with the same "
                          "custom gradient: its config holds every argument of __init__, and the class is "
                          "registered under its name.")


EXERCISE = Exercise(
    key="10.saved_layer",
    title="A layer with a custom gradient that comes back from a .keras file unchanged",
    judge=_judge,
    answer_name="ClippedReversal",
    mistakes=("argument_lost", "not_registered", "config_not_serializable", "does_not_load", "gradient_changed", "instance_given",
              "not_a_layer"),
)
