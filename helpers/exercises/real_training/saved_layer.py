"""Exercise 10.saved_layer: a layer with a custom gradient that must come back from a .keras file unchanged."""

import os
import tempfile

import numpy as np
import tensorflow as tf

from .. import Exercise, Feedback, reject
from ...boundary import running
from ..judges import layer_class

# The exercise's arguments, then others: neither may be the defaults (a default cannot pass for a saved value,
# nor can a default changed to the exercise's numbers).
_ARGUMENTS = ({"strength": 0.5, "clip": 2.0}, {"strength": 0.25, "clip": 0.75})
_X = np.array([[1.0, -2.0, 0.5]], np.float32)
_U = np.array([[3.0, -0.5, 1.0]], np.float32)


def _want(strength, clip):
    return -strength * np.clip(_U, -clip, clip)     # -strength × upstream clipped to [-clip, clip]


def _gradient(layer) -> np.ndarray:
    x = tf.constant(_X)
    with tf.GradientTape() as tape:
        tape.watch(x)
        y = layer(x)
    return tape.gradient(y, x, output_gradients=tf.constant(_U)).numpy()


def _saved_and_loaded(cls, arguments: dict):
    """(the layer made with ``arguments``, the same layer after a round trip through a .keras file)."""
    import keras

    registered = keras.saving.get_registered_name(cls)
    if ">" not in registered:                   # a registered class is known as "package>Name"
        reject("Keras looks a layer class up by its registered name when it loads a model, and this class is not "
               "registered: keep @keras.saving.register_keras_serializable(...) above the class.", "not_registered")
    with running("making your layer"):
        layer = cls(**arguments)
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
            # This very class under its registered name (a class registered later under the same name, by a
            # cell run again, would otherwise stand in for it).
            loaded = keras.saving.load_model(path, custom_objects={registered: cls})
        except (TypeError, ValueError) as error:
            first = str(error).splitlines()[0].split(". ")[0][:160]
            reject(f"the model was saved, but does not load ({type(error).__name__}: {first}). "
                   + _config_problem(layer, cls), "does_not_load")
    return layer, loaded.layers[-1]


def _round_trip(cls, arguments: dict) -> Feedback | None:
    """What is wrong with the layer made with ``arguments`` or with its copy loaded from a .keras file, or None."""
    layer, loaded = _saved_and_loaded(cls, arguments)
    made = ", ".join(f"{name}={value}" for name, value in arguments.items())
    want = _want(**arguments)
    with running("computing your layer's gradient"):
        before = _gradient(layer)
    if np.allclose(before, -want, atol=1e-6):
        return Feedback(False, f"before saving, the layer made with {made} has the gradient "
                               f"{np.round(before, 4).tolist()}, minus the given one: keep the reversal's minus sign "
                               "(−strength × upstream, clipped) and change only what saving needs.", "wrong_sign")
    if not np.allclose(before, want, atol=1e-6):
        return Feedback(False, f"before saving, the layer made with {made} has the gradient "
                               f"{np.round(before, 4).tolist()}, not {want.tolist()}: keep the custom gradient as "
                               "given (−strength × upstream, clipped to [−clip, clip]) and change only what saving "
                               "needs.", "gradient_changed")
    lost = [f"{name} is {getattr(loaded, name, None)!r}, not {value!r}" for name, value in arguments.items()
            if getattr(loaded, name, None) != value]
    with running("computing the loaded layer's gradient"):
        after = _gradient(loaded)
    if lost or not np.allclose(after, want, atol=1e-6):
        detail = "; ".join(lost) or f"its gradient is {np.round(after, 4).tolist()}"
        how = ("calling your from_config with the saved config: what do your get_config and from_config pass on?"
               if "from_config" in vars(cls) else "calling its class with the saved config: what does your class "
               "put in it?")
        return Feedback(False, f"after loading, {detail} (the saved layer was made with {made}). Keras rebuilds a "
                               f"loaded layer by {how}", "argument_lost")
    return None


_BASE_KEYS = {"name", "trainable", "dtype"}


def _config_problem(layer, cls) -> str:
    """Why the layer's config cannot rebuild it: a key __init__ does not take, or a value that is not plain."""
    import inspect

    config = layer.get_config()
    parameters = inspect.signature(cls.__init__).parameters
    unknown = [k for k in config if k not in _BASE_KEYS and k not in parameters]
    if unknown:
        return (f"get_config returns {', '.join(map(repr, unknown))}, which __init__ does not take: Keras passes the "
                "saved config to __init__ as keyword arguments, so its keys must be __init__'s argument names.")
    odd = [k for k, v in config.items() if callable(v) or tf.is_tensor(v)]
    if odd:
        return (f"get_config returns {', '.join(map(repr, odd))}, which is not a plain value: the config holds "
                "numbers, strings and lists, and __init__ rebuilds everything else (the custom gradient included) "
                "from them.")
    return "Does get_config return exactly the arguments __init__ takes, as plain values (numbers, strings, lists)?"


def _judge(answer) -> Feedback:
    cls = layer_class(answer, "ClippedReversal")
    for arguments in _ARGUMENTS:
        feedback = _round_trip(cls, arguments)
        if feedback is not None:
            return feedback
    return Feedback(True, "the layer comes back from model.keras with the arguments it was made with, and so with the "
                          "same custom gradient: its config holds every argument of __init__, and the class is "
                          "registered under its name.")


EXERCISE = Exercise(
    key="10.saved_layer",
    title="A layer with a custom gradient that comes back from a .keras file unchanged",
    judge=_judge,
    answer_name="ClippedReversal",
    mistakes=("argument_lost", "not_registered", "does_not_load", "gradient_changed", "wrong_sign", "instance_given",
              "not_a_layer"),
)
