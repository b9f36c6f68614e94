"""Exercise 10.saved_layer: answers written from the learner's side (ClippedReversal, a registered gradient
reversal with a clip, saved to .keras and loaded back); the stub's get_config forgets `clip`."""

from answer_kit import Answer, named_mistakes

KEY = "10.saved_layer"

ANSWERS = [
    # ---------------------------------------------------------------- right
    Answer(KEY, 'both-arguments-in-get-config', r'''
import keras

def reverse_and_clip(strength, clip):
    @tf.custom_gradient
    def reverse(x):
        return tf.identity(x), lambda upstream: -strength * tf.clip_by_value(upstream, -clip, clip)
    return reverse


@keras.saving.register_keras_serializable(package="exercise")
class ClippedReversal(keras.layers.Layer):
    """Identity forward; backward, -strength × upstream clipped to [-clip, clip]."""

    def __init__(self, strength=1.0, clip=1.0, **kwargs):
        super().__init__(**kwargs)
        self.strength, self.clip = strength, clip
        self.reverse = reverse_and_clip(strength, clip)

    def call(self, x):
        return self.reverse(x)

    def get_config(self):
        return {**super().get_config(), "strength": self.strength, "clip": self.clip}
''', True),
    Answer(KEY, 'get-config-deleted-auto-config', r'''
import keras

def reverse_and_clip(strength, clip):
    @tf.custom_gradient
    def reverse(x):
        return tf.identity(x), lambda upstream: -strength * tf.clip_by_value(upstream, -clip, clip)
    return reverse


@keras.saving.register_keras_serializable(package="exercise")
class ClippedReversal(keras.layers.Layer):
    """Identity forward; backward, -strength × upstream clipped to [-clip, clip]."""

    def __init__(self, strength=1.0, clip=1.0, **kwargs):
        super().__init__(**kwargs)
        self.strength, self.clip = strength, clip
        self.reverse = reverse_and_clip(strength, clip)

    def call(self, x):
        return self.reverse(x)

    # no get_config: strength and clip are plain numbers, so Keras 3 records them by itself
''', True),
    Answer(KEY, 'config-update', r'''
import keras

def reverse_and_clip(strength, clip):
    @tf.custom_gradient
    def reverse(x):
        return tf.identity(x), lambda upstream: -strength * tf.clip_by_value(upstream, -clip, clip)
    return reverse


@keras.saving.register_keras_serializable(package="exercise")
class ClippedReversal(keras.layers.Layer):
    """Identity forward; backward, -strength × upstream clipped to [-clip, clip]."""

    def __init__(self, strength=1.0, clip=1.0, **kwargs):
        super().__init__(**kwargs)
        self.strength, self.clip = strength, clip
        self.reverse = reverse_and_clip(strength, clip)

    def call(self, x):
        return self.reverse(x)

    def get_config(self):
        config = super().get_config()
        config.update({"strength": self.strength, "clip": self.clip})
        return config
''', True),
    Answer(KEY, 'from-config-classmethod-added', r'''
import keras

def reverse_and_clip(strength, clip):
    @tf.custom_gradient
    def reverse(x):
        return tf.identity(x), lambda upstream: -strength * tf.clip_by_value(upstream, -clip, clip)
    return reverse


@keras.saving.register_keras_serializable(package="exercise")
class ClippedReversal(keras.layers.Layer):
    """Identity forward; backward, -strength × upstream clipped to [-clip, clip]."""

    def __init__(self, strength=1.0, clip=1.0, **kwargs):
        super().__init__(**kwargs)
        self.strength, self.clip = strength, clip
        self.reverse = reverse_and_clip(strength, clip)

    def call(self, x):
        return self.reverse(x)

    def get_config(self):
        base = super().get_config()
        return dict(base, strength=self.strength, clip=self.clip)

    @classmethod
    def from_config(cls, config):
        config = dict(config)
        strength = config.pop("strength")
        clip = config.pop("clip")
        return cls(strength=strength, clip=clip, **config)
''', True),
    Answer(KEY, 'own-package-and-name-floats', r'''
import keras

def reverse_and_clip(strength, clip):
    @tf.custom_gradient
    def reverse(x):
        return tf.identity(x), lambda upstream: -strength * tf.clip_by_value(upstream, -clip, clip)
    return reverse


@keras.saving.register_keras_serializable(package="my_layers", name="ClippedGradientReversal")
class ClippedReversal(keras.layers.Layer):
    """Identity forward; backward, -strength × upstream clipped to [-clip, clip]."""

    def __init__(self, strength=1.0, clip=1.0, **kwargs):
        super().__init__(**kwargs)
        self.strength = strength
        self.clip = clip
        self.reverse = reverse_and_clip(strength, clip)

    def call(self, x):
        return self.reverse(x)

    def get_config(self):
        config = super().get_config()
        config["strength"] = float(self.strength)
        config["clip"] = float(self.clip)
        return config
''', True),
    Answer(KEY, 'default-package-named-grad', r'''
import keras
from keras.saving import register_keras_serializable

def reverse_and_clip(strength, clip):
    @tf.custom_gradient
    def reverse(x):
        def grad(upstream):
            return -strength * tf.clip_by_value(upstream, -clip, clip)
        return tf.identity(x), grad
    return reverse


@register_keras_serializable()
class ClippedReversal(keras.layers.Layer):
    def __init__(self, strength=1.0, clip=1.0, **kwargs):
        super().__init__(**kwargs)
        self.strength, self.clip = strength, clip
        self.reverse = reverse_and_clip(strength, clip)

    def call(self, x):
        return self.reverse(x)

    def get_config(self):
        return {**super().get_config(), **{"strength": self.strength, "clip": self.clip}}
''', True),

    # ---------------------------------------------------------------- wrong
    Answer(KEY, 'stub-unchanged', r'''
import keras

def reverse_and_clip(strength, clip):
    @tf.custom_gradient
    def reverse(x):
        return tf.identity(x), lambda upstream: -strength * tf.clip_by_value(upstream, -clip, clip)
    return reverse


@keras.saving.register_keras_serializable(package="exercise")
class ClippedReversal(keras.layers.Layer):
    """Identity forward; backward, -strength × upstream clipped to [-clip, clip]."""

    def __init__(self, strength=1.0, clip=1.0, **kwargs):
        super().__init__(**kwargs)
        self.strength, self.clip = strength, clip
        self.reverse = reverse_and_clip(strength, clip)

    def call(self, x):
        return self.reverse(x)

    def get_config(self):
        return {**super().get_config(), "strength": self.strength}
''', False, "get_config leaves out clip, so the loaded layer is rebuilt with the default clip=1.0 and clips "
            "upstream at 1 instead of 2: put clip in the config.",
           ('config', "default|'clip'|\"clip\"|`clip`|clip="), names='argument_lost'),
    Answer(KEY, 'decorator-removed', r'''
import keras

def reverse_and_clip(strength, clip):
    @tf.custom_gradient
    def reverse(x):
        return tf.identity(x), lambda upstream: -strength * tf.clip_by_value(upstream, -clip, clip)
    return reverse


class ClippedReversal(keras.layers.Layer):     # the decorator is not needed once get_config is right
    """Identity forward; backward, -strength × upstream clipped to [-clip, clip]."""

    def __init__(self, strength=1.0, clip=1.0, **kwargs):
        super().__init__(**kwargs)
        self.strength, self.clip = strength, clip
        self.reverse = reverse_and_clip(strength, clip)

    def call(self, x):
        return self.reverse(x)

    def get_config(self):
        return {**super().get_config(), "strength": self.strength, "clip": self.clip}
''', False, "The config is right now, but without @keras.saving.register_keras_serializable Keras cannot "
            "find the class by its name when it loads the .keras file: keep the registration.",
           ('regist',), names='not_registered'),
    Answer(KEY, 'gradient-function-in-config', r'''
import keras

def reverse_and_clip(strength, clip):
    @tf.custom_gradient
    def reverse(x):
        return tf.identity(x), lambda upstream: -strength * tf.clip_by_value(upstream, -clip, clip)
    return reverse


@keras.saving.register_keras_serializable(package="exercise")
class ClippedReversal(keras.layers.Layer):
    """Identity forward; backward, -strength × upstream clipped to [-clip, clip]."""

    def __init__(self, strength=1.0, clip=1.0, **kwargs):
        super().__init__(**kwargs)
        self.strength, self.clip = strength, clip
        self.reverse = reverse_and_clip(strength, clip)

    def call(self, x):
        return self.reverse(x)

    def get_config(self):
        # save the custom gradient itself, so the loaded layer has the same one
        return {**super().get_config(), "strength": self.strength, "reverse": self.reverse}
''', False, "A config holds __init__'s arguments as plain values, not the custom-gradient function: "
            "__init__ rebuilds reverse from strength and clip, so save clip, not reverse.",
           ('reverse|function|callable',)),
    Answer(KEY, 'clip-saved-as-tensor', r'''
import keras

def reverse_and_clip(strength, clip):
    @tf.custom_gradient
    def reverse(x):
        return tf.identity(x), lambda upstream: -strength * tf.clip_by_value(upstream, -clip, clip)
    return reverse


@keras.saving.register_keras_serializable(package="exercise")
class ClippedReversal(keras.layers.Layer):
    """Identity forward; backward, -strength × upstream clipped to [-clip, clip]."""

    def __init__(self, strength=1.0, clip=1.0, **kwargs):
        super().__init__(**kwargs)
        self.strength = tf.constant(strength, tf.float32)
        self.clip = tf.constant(clip, tf.float32)
        self.reverse = reverse_and_clip(self.strength, self.clip)

    def call(self, x):
        return self.reverse(x)

    def get_config(self):
        return {**super().get_config(), "strength": self.strength, "clip": self.clip}
''', False, "get_config returns tensors; a config must hold plain Python values (floats) that JSON can "
            "store: keep the numbers and return float(...) of them.",
           ('tensor|plain|python number|python float|json',)),
    Answer(KEY, 'clip-under-another-key', r'''
import keras

def reverse_and_clip(strength, clip):
    @tf.custom_gradient
    def reverse(x):
        return tf.identity(x), lambda upstream: -strength * tf.clip_by_value(upstream, -clip, clip)
    return reverse


@keras.saving.register_keras_serializable(package="exercise")
class ClippedReversal(keras.layers.Layer):
    """Identity forward; backward, -strength × upstream clipped to [-clip, clip]."""

    def __init__(self, strength=1.0, clip=1.0, **kwargs):
        super().__init__(**kwargs)
        self.strength, self.clip = strength, clip
        self.reverse = reverse_and_clip(strength, clip)

    def call(self, x):
        return self.reverse(x)

    def get_config(self):
        return {**super().get_config(), "strength": self.strength, "clip_value": self.clip}
''', False, "The config's keys are passed to __init__ by name on loading; __init__ has no argument "
            "clip_value, so the key must be \"clip\".",
           ('clip_value',), names='does_not_load'),
    Answer(KEY, 'clip-from-strength-typo', r'''
import keras

def reverse_and_clip(strength, clip):
    @tf.custom_gradient
    def reverse(x):
        return tf.identity(x), lambda upstream: -strength * tf.clip_by_value(upstream, -clip, clip)
    return reverse


@keras.saving.register_keras_serializable(package="exercise")
class ClippedReversal(keras.layers.Layer):
    """Identity forward; backward, -strength × upstream clipped to [-clip, clip]."""

    def __init__(self, strength=1.0, clip=1.0, **kwargs):
        super().__init__(**kwargs)
        self.strength, self.clip = strength, clip
        self.reverse = reverse_and_clip(strength, clip)

    def call(self, x):
        return self.reverse(x)

    def get_config(self):
        return {**super().get_config(), "strength": self.strength, "clip": self.strength}
''', False, "The config saves clip as self.strength (0.5), so the loaded layer clips at 0.5 instead of 2: "
            "save self.clip.",
           ('0.5|strength',)),
    Answer(KEY, 'config-without-super-clip-missing', r'''
import keras

def reverse_and_clip(strength, clip):
    @tf.custom_gradient
    def reverse(x):
        return tf.identity(x), lambda upstream: -strength * tf.clip_by_value(upstream, -clip, clip)
    return reverse


@keras.saving.register_keras_serializable(package="exercise")
class ClippedReversal(keras.layers.Layer):
    """Identity forward; backward, -strength × upstream clipped to [-clip, clip]."""

    def __init__(self, strength=1.0, clip=1.0, **kwargs):
        super().__init__(**kwargs)
        self.strength, self.clip = strength, clip
        self.reverse = reverse_and_clip(strength, clip)

    def call(self, x):
        return self.reverse(x)

    def get_config(self):
        # the layer's own settings only; Keras adds the rest
        return {"strength": self.strength}
''', False, "The config still lacks clip (and, without super().get_config(), the layer's name and dtype "
            "too): the loaded layer clips at the default 1.0.",
           ('config', "default|'clip'|\"clip\"|`clip`|clip=")),
    Answer(KEY, 'strength-replaced-by-clip', r'''
import keras

def reverse_and_clip(strength, clip):
    @tf.custom_gradient
    def reverse(x):
        return tf.identity(x), lambda upstream: -strength * tf.clip_by_value(upstream, -clip, clip)
    return reverse


@keras.saving.register_keras_serializable(package="exercise")
class ClippedReversal(keras.layers.Layer):
    """Identity forward; backward, -strength × upstream clipped to [-clip, clip]."""

    def __init__(self, strength=1.0, clip=1.0, **kwargs):
        super().__init__(**kwargs)
        self.strength, self.clip = strength, clip
        self.reverse = reverse_and_clip(strength, clip)

    def call(self, x):
        return self.reverse(x)

    def get_config(self):
        return {**super().get_config(), "clip": self.clip}
''', False, "Now clip is saved but strength is not, so the loaded layer reverses with the default "
            "strength 1.0: the config needs both arguments.",
           ('strength',)),
    Answer(KEY, 'sign-dropped-while-fixing', r'''
import keras

def reverse_and_clip(strength, clip):
    @tf.custom_gradient
    def reverse(x):
        return tf.identity(x), lambda upstream: strength * tf.clip_by_value(upstream, -clip, clip)
    return reverse


@keras.saving.register_keras_serializable(package="exercise")
class ClippedReversal(keras.layers.Layer):
    """Identity forward; backward, -strength × upstream clipped to [-clip, clip]."""

    def __init__(self, strength=1.0, clip=1.0, **kwargs):
        super().__init__(**kwargs)
        self.strength, self.clip = strength, clip
        self.reverse = reverse_and_clip(strength, clip)

    def call(self, x):
        return self.reverse(x)

    def get_config(self):
        return {**super().get_config(), "strength": self.strength, "clip": self.clip}
''', False, "The config is fixed, but the custom gradient lost its minus sign: the layer no longer "
            "reverses the gradient. Keep grad as -strength × clipped upstream.",
           ('sign|minus|negat|-strength|opposite',), names='wrong_sign'),
    Answer(KEY, 'clip-removed-from-gradient', r'''
import keras

def reverse_and_clip(strength, clip):
    @tf.custom_gradient
    def reverse(x):
        return tf.identity(x), lambda upstream: -strength * upstream
    return reverse


@keras.saving.register_keras_serializable(package="exercise")
class ClippedReversal(keras.layers.Layer):
    """Identity forward; backward, -strength × upstream clipped to [-clip, clip]."""

    def __init__(self, strength=1.0, clip=1.0, **kwargs):
        super().__init__(**kwargs)
        self.strength, self.clip = strength, clip
        self.reverse = reverse_and_clip(strength, clip)

    def call(self, x):
        return self.reverse(x)

    def get_config(self):
        return {**super().get_config(), "strength": self.strength, "clip": self.clip}
''', False, "The custom gradient no longer clips upstream, so the saved and loaded layers agree only "
            "because neither clips: keep tf.clip_by_value(upstream, -clip, clip) in grad.",
           ('clip_by_value|unclipped|not clip|no clip|changed|1.5',), names='gradient_changed'),
    Answer(KEY, 'init-argument-renamed', r'''
import keras

def reverse_and_clip(strength, clip):
    @tf.custom_gradient
    def reverse(x):
        return tf.identity(x), lambda upstream: -strength * tf.clip_by_value(upstream, -clip, clip)
    return reverse


@keras.saving.register_keras_serializable(package="exercise")
class ClippedReversal(keras.layers.Layer):
    """Identity forward; backward, -strength × upstream clipped to [-limit, limit]."""

    def __init__(self, strength=1.0, limit=1.0, **kwargs):
        super().__init__(**kwargs)
        self.strength, self.clip = strength, limit
        self.reverse = reverse_and_clip(strength, limit)

    def call(self, x):
        return self.reverse(x)

    def get_config(self):
        return {**super().get_config(), "strength": self.strength, "clip": self.clip}
''', False, "__init__'s argument is now called limit, but the layer is made (and loaded from its config) "
            "with clip=...: keep __init__'s argument named clip, the same as the config's key.",
           ('limit|__init__|argument|keyword',)),
    Answer(KEY, 'clip-only-in-closure', r'''
import keras

def reverse_and_clip(strength, clip):
    @tf.custom_gradient
    def reverse(x):
        return tf.identity(x), lambda upstream: -strength * tf.clip_by_value(upstream, -clip, clip)
    return reverse


@keras.saving.register_keras_serializable(package="exercise")
class ClippedReversal(keras.layers.Layer):
    """Identity forward; backward, -strength × upstream clipped to [-clip, clip]."""

    def __init__(self, strength=1.0, clip=1.0, **kwargs):
        super().__init__(**kwargs)
        self.strength = strength
        self.reverse = reverse_and_clip(strength, clip)    # clip lives in the custom gradient

    def call(self, x):
        return self.reverse(x)

    def get_config(self):
        return {**super().get_config(), "strength": self.strength, "clip": self.clip}
''', False, "get_config reads self.clip, which __init__ never sets (clip only lives inside the custom "
            "gradient's closure): store self.clip = clip in __init__.",
           ('self.clip|attribute',)),
    Answer(KEY, 'instance-instead-of-class', r'''
import keras

def reverse_and_clip(strength, clip):
    @tf.custom_gradient
    def reverse(x):
        return tf.identity(x), lambda upstream: -strength * tf.clip_by_value(upstream, -clip, clip)
    return reverse


@keras.saving.register_keras_serializable(package="exercise")
class ClippedReversal(keras.layers.Layer):
    """Identity forward; backward, -strength × upstream clipped to [-clip, clip]."""

    def __init__(self, strength=1.0, clip=1.0, **kwargs):
        super().__init__(**kwargs)
        self.strength, self.clip = strength, clip
        self.reverse = reverse_and_clip(strength, clip)

    def call(self, x):
        return self.reverse(x)

    def get_config(self):
        return {**super().get_config(), "strength": self.strength, "clip": self.clip}


ClippedReversal = ClippedReversal(strength=0.5, clip=2.0)   # the layer the check saves
''', False, "The check wants the class ClippedReversal itself, not a layer made from it: it builds "
            "ClippedReversal(strength=0.5, clip=2.0) on its own.",
           ('instance|class',), names='instance_given'),
    Answer(KEY, 'default-changed-to-two', r'''
import keras

def reverse_and_clip(strength, clip):
    @tf.custom_gradient
    def reverse(x):
        return tf.identity(x), lambda upstream: -strength * tf.clip_by_value(upstream, -clip, clip)
    return reverse


@keras.saving.register_keras_serializable(package="exercise")
class ClippedReversal(keras.layers.Layer):
    """Identity forward; backward, -strength × upstream clipped to [-clip, clip]."""

    def __init__(self, strength=1.0, clip=2.0, **kwargs):     # loaded layers came back with clip 1.0
        super().__init__(**kwargs)
        self.strength, self.clip = strength, clip
        self.reverse = reverse_and_clip(strength, clip)

    def call(self, x):
        return self.reverse(x)

    def get_config(self):
        return {**super().get_config(), "strength": self.strength}
''', False, "Changing the default to 2.0 only hides the bug for clip=2: any other clip still comes back "
            "as the default, because get_config still leaves clip out.",
           ('get_config|config',)),
    Answer(KEY, 'from-config-forgets-clip', r'''
import keras

def reverse_and_clip(strength, clip):
    @tf.custom_gradient
    def reverse(x):
        return tf.identity(x), lambda upstream: -strength * tf.clip_by_value(upstream, -clip, clip)
    return reverse


@keras.saving.register_keras_serializable(package="exercise")
class ClippedReversal(keras.layers.Layer):
    """Identity forward; backward, -strength × upstream clipped to [-clip, clip]."""

    def __init__(self, strength=1.0, clip=1.0, **kwargs):
        super().__init__(**kwargs)
        self.strength, self.clip = strength, clip
        self.reverse = reverse_and_clip(strength, clip)

    def call(self, x):
        return self.reverse(x)

    def get_config(self):
        return {**super().get_config(), "strength": self.strength, "clip": self.clip}

    @classmethod
    def from_config(cls, config):
        return cls(config["strength"], name=config["name"])
''', False, "get_config now saves clip, but from_config never passes it to the class, so the loaded layer "
            "still gets the default clip=1.0: return cls(**config).",
           ('from_config',)),
]

MISTAKES = dict(named_mistakes(ANSWERS), not_a_layer=3)
