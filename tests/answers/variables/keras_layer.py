"""Exercise 06.keras_layer: answers written from the learner's side (ScaledTanh, y = tanh(a x), a one Keras weight)."""

from answer_kit import Answer, named_mistakes

KEY = "06.keras_layer"

ANSWERS = [
    # ---------------------------------------------------------------- right
    Answer(KEY, 'convert_to_tensor, slope from y', r'''
@tf.custom_gradient
def scaled_tanh(x, a):
    y = tf.tanh(a * x)
    def grad(upstream):
        slope = 1 - y ** 2                       # tanh' at a x
        dx = upstream * a * slope
        da = tf.reduce_sum(upstream * x * slope)  # a is one number used by every entry
        return dx, da
    return y, grad


class ScaledTanh(tf.keras.layers.Layer):
    """y = tanh(a x), with one trainable number a (starting at 1)."""

    def build(self, input_shape):
        self.a = self.add_weight(shape=(), initializer="ones", name="a")

    def call(self, x):
        return scaled_tanh(x, tf.convert_to_tensor(self.a))
''', True),
    Answer(KEY, 'weight .value, slope recomputed, sum over axis tuple', r'''
@tf.custom_gradient
def scaled_tanh(x, a):
    y = tf.tanh(a * x)
    def grad(upstream):
        d = 1.0 - tf.square(tf.tanh(a * x))
        all_axes = tuple(range(len(x.shape)))
        return upstream * d * a, tf.reduce_sum(upstream * d * x, axis=all_axes)
    return y, grad


class ScaledTanh(tf.keras.layers.Layer):
    """y = tanh(a x), with one trainable number a (starting at 1)."""

    def build(self, input_shape):
        self.a = self.add_weight(shape=(), initializer="ones", name="a")

    def call(self, x):
        # self.a is a keras.Variable; .value is the tf.Variable inside, an ordinary input
        return scaled_tanh(x, self.a.value)
''', True),
    Answer(KEY, 'tf.identity, weight named scale', r'''
@tf.custom_gradient
def scaled_tanh(x, a):
    y = tf.tanh(a * x)
    def grad(upstream):
        g = upstream * (1 - y * y)
        return g * a, tf.reduce_sum(g * x)
    return y, grad


class ScaledTanh(tf.keras.layers.Layer):
    """y = tanh(a x), with one trainable number a (starting at 1)."""

    def build(self, input_shape):
        self.scale = self.add_weight(shape=(), initializer="ones", trainable=True, name="scale")

    def call(self, x):
        a = tf.identity(self.scale)      # a tensor, not the keras weight
        return scaled_tanh(x, a)
''', True),
    Answer(KEY, 'weight made in __init__, keras.ops in grad', r'''
from tensorflow import keras

@tf.custom_gradient
def scaled_tanh(x, a):
    y = keras.ops.tanh(a * x)
    def grad(upstream):
        slope = 1.0 - keras.ops.square(y)
        return upstream * a * slope, keras.ops.sum(upstream * x * slope)
    return y, grad


class ScaledTanh(keras.layers.Layer):
    """y = tanh(a x), with one trainable number a (starting at 1)."""

    def __init__(self, **kwargs):
        super().__init__(**kwargs)
        self.a = self.add_weight(shape=(), initializer="ones", name="a")

    def build(self, input_shape):
        pass   # the weight does not depend on the input's size

    def call(self, x):
        return scaled_tanh(x, tf.convert_to_tensor(self.a))
''', True),
    Answer(KEY, 'variables=None kept, cast in call', r'''
@tf.custom_gradient
def scaled_tanh(x, a):
    y = tf.tanh(a * x)
    def grad(upstream, variables=None):
        # nothing is read from outside (a comes in as a tensor), so variables stays empty
        local = tf.math.subtract(1.0, tf.math.square(y))
        dx = tf.math.multiply(upstream, a * local)
        da = tf.math.reduce_sum(tf.reshape(upstream * local * x, [-1]))
        return dx, da
    return y, grad


class ScaledTanh(tf.keras.layers.Layer):
    """y = tanh(a x), with one trainable number a (starting at 1)."""

    def build(self, input_shape):
        self.a = self.add_weight(shape=(), initializer="ones", name="a")

    def call(self, x):
        return scaled_tanh(x, tf.cast(self.a, x.dtype))
''', True),
    Answer(KEY, 'cosh form of the slope, list return', r'''
@tf.custom_gradient
def scaled_tanh(x, a):
    z = a * x
    y = tf.tanh(z)
    def grad(upstream):
        sech2 = 1.0 / tf.cosh(z) ** 2             # tanh'(z) = sech^2 z
        return [upstream * a * sech2, tf.reduce_sum(upstream * sech2 * x)]
    return y, grad


class ScaledTanh(tf.keras.layers.Layer):
    """y = tanh(a x), with one trainable number a (starting at 1)."""

    def build(self, input_shape):
        self.a = self.add_weight(shape=(), initializer="ones", name="a")

    def call(self, inputs):
        a = tf.convert_to_tensor(self.a, dtype=inputs.dtype)
        return scaled_tanh(inputs, a)
''', True),

    # ---------------------------------------------------------------- wrong
    Answer(KEY, 'weight passed as it is', r'''
@tf.custom_gradient
def scaled_tanh(x, a):
    y = tf.tanh(a * x)
    def grad(upstream):
        s = 1 - y ** 2
        return upstream * a * s, tf.reduce_sum(upstream * x * s)
    return y, grad


class ScaledTanh(tf.keras.layers.Layer):
    """y = tanh(a x), with one trainable number a (starting at 1)."""

    def build(self, input_shape):
        self.a = self.add_weight(shape=(), initializer="ones", name="a")

    def call(self, x):
        return scaled_tanh(x, self.a)
''', False, "self.a is a keras.Variable wrapping a tf.Variable: passed as it is, TensorFlow sees a variable read from "
           "outside and eagerly demands the variables= contract (TypeError); convert it first, "
           "tf.convert_to_tensor(self.a).",
           ('convert|tensor|.value|identity',), names='variables_missing'),
    Answer(KEY, 'variables=None added to silence the error, ([dx, da], [])', r'''
@tf.custom_gradient
def scaled_tanh(x, a):
    y = tf.tanh(a * x)
    def grad(upstream, variables=None):      # the error asked for variables=
        s = 1 - y ** 2
        dx = upstream * a * s
        da = tf.reduce_sum(upstream * x * s)
        return [dx, da], []
    return y, grad


class ScaledTanh(tf.keras.layers.Layer):
    """y = tanh(a x), with one trainable number a (starting at 1)."""

    def build(self, input_shape):
        self.a = self.add_weight(shape=(), initializer="ones", name="a")

    def call(self, x):
        return scaled_tanh(x, self.a)
''', False, "Passing self.a as it is makes TensorFlow see the variable inside it, so eagerly grad gets variables=[a] "
           "and must return one gradient for it; returning an empty list fails. Convert the weight "
           "(tf.convert_to_tensor(self.a)) and return just (dx, da).",
           ('convert|variables|tensor',)),
    Answer(KEY, 'copy with tf.constant(self.a.numpy())', r'''
@tf.custom_gradient
def scaled_tanh(x, a):
    y = tf.tanh(a * x)
    def grad(upstream):
        s = 1 - y ** 2
        return upstream * a * s, tf.reduce_sum(upstream * x * s)
    return y, grad


class ScaledTanh(tf.keras.layers.Layer):
    """y = tanh(a x), with one trainable number a (starting at 1)."""

    def build(self, input_shape):
        self.a = self.add_weight(shape=(), initializer="ones", name="a")

    def call(self, x):
        a = tf.constant(self.a.numpy())     # a plain tensor, no more variables= error
        return scaled_tanh(x, a)
''', False, "tf.constant(self.a.numpy()) is a copy with no link to the weight, so the weight gets no gradient "
           "(None), and .numpy() fails inside tf.function; use tf.convert_to_tensor(self.a), which keeps the link.",
           ('none|no gradient|copy|constant|numpy|link|disconnect|not connected',), names='weight_copied'),
    Answer(KEY, 'float(self.a)', r'''
@tf.custom_gradient
def scaled_tanh(x, a):
    y = tf.tanh(a * x)
    def grad(upstream):
        s = 1 - y ** 2
        return upstream * a * s, tf.reduce_sum(upstream * x * s)
    return y, grad


class ScaledTanh(tf.keras.layers.Layer):
    """y = tanh(a x), with one trainable number a (starting at 1)."""

    def build(self, input_shape):
        self.a = self.add_weight(shape=(), initializer="ones", name="a")

    def call(self, x):
        return scaled_tanh(x, tf.constant(float(self.a), dtype=tf.float32))
''', False, "float(self.a) reads the weight's value into a Python number: the weight is cut off and gets no gradient "
           "(and it fails inside tf.function); pass tf.convert_to_tensor(self.a).",
           ('none|no gradient|float|python|copy|link|disconnect|not connected',)),
    Answer(KEY, 'stop_gradient on the weight', r'''
@tf.custom_gradient
def scaled_tanh(x, a):
    y = tf.tanh(a * x)
    def grad(upstream):
        s = 1 - y ** 2
        return upstream * a * s, tf.reduce_sum(upstream * x * s)
    return y, grad


class ScaledTanh(tf.keras.layers.Layer):
    """y = tanh(a x), with one trainable number a (starting at 1)."""

    def build(self, input_shape):
        self.a = self.add_weight(shape=(), initializer="ones", name="a")

    def call(self, x):
        # stop_gradient turns the weight into a plain tensor so TF stops asking for variables=
        return scaled_tanh(x, tf.stop_gradient(self.a))
''', False, "tf.stop_gradient blocks exactly the path from your grad's da to the weight, so the weight gets no "
           "gradient; convert with tf.convert_to_tensor(self.a) instead.",
           ('stop_gradient|none|no gradient|block',)),
    Answer(KEY, 'da not summed', r'''
@tf.custom_gradient
def scaled_tanh(x, a):
    y = tf.tanh(a * x)
    def grad(upstream):
        s = 1 - y ** 2
        return upstream * a * s, upstream * x * s     # d/da of tanh(a x) = x (1 - y^2)
    return y, grad


class ScaledTanh(tf.keras.layers.Layer):
    """y = tanh(a x), with one trainable number a (starting at 1)."""

    def build(self, input_shape):
        self.a = self.add_weight(shape=(), initializer="ones", name="a")

    def call(self, x):
        return scaled_tanh(x, tf.convert_to_tensor(self.a))
''', False, "a is one number used by every entry of the batch, so its gradient is the sum of the entries' "
           "contributions, a scalar like a; upstream * x * slope has x's shape.",
           ('sum|scalar|shape',), names='not_summed'),
    Answer(KEY, 'da summed over the batch axis only', r'''
@tf.custom_gradient
def scaled_tanh(x, a):
    y = tf.tanh(a * x)
    def grad(upstream):
        s = 1 - y ** 2
        return upstream * a * s, tf.reduce_sum(upstream * x * s, axis=0)   # sum over the batch
    return y, grad


class ScaledTanh(tf.keras.layers.Layer):
    """y = tanh(a x), with one trainable number a (starting at 1)."""

    def build(self, input_shape):
        self.a = self.add_weight(shape=(), initializer="ones", name="a")

    def call(self, x):
        return scaled_tanh(x, tf.convert_to_tensor(self.a))
''', False, "a multiplies every feature too, not only every example: sum over all axes so that a's gradient is a "
           "scalar; axis=0 leaves one number per feature.",
           ('sum|scalar|shape|axis|axes',)),
    Answer(KEY, 'mean instead of sum', r'''
@tf.custom_gradient
def scaled_tanh(x, a):
    y = tf.tanh(a * x)
    def grad(upstream):
        s = 1 - y ** 2
        return upstream * a * s, tf.reduce_mean(upstream * x * s)   # average over the batch
    return y, grad


class ScaledTanh(tf.keras.layers.Layer):
    """y = tanh(a x), with one trainable number a (starting at 1)."""

    def build(self, input_shape):
        self.a = self.add_weight(shape=(), initializer="ones", name="a")

    def call(self, x):
        return scaled_tanh(x, tf.convert_to_tensor(self.a))
''', False, "The contributions of every entry to a's gradient add up: the mean divides the right gradient by the "
           "number of entries. Use tf.reduce_sum.",
           ('sum|mean',)),
    Answer(KEY, 'grad ignores upstream', r'''
@tf.custom_gradient
def scaled_tanh(x, a):
    y = tf.tanh(a * x)
    def grad(upstream):
        s = 1 - y ** 2
        return a * s, tf.reduce_sum(x * s)       # the derivatives of y
    return y, grad


class ScaledTanh(tf.keras.layers.Layer):
    """y = tanh(a x), with one trainable number a (starting at 1)."""

    def build(self, input_shape):
        self.a = self.add_weight(shape=(), initializer="ones", name="a")

    def call(self, x):
        return scaled_tanh(x, tf.convert_to_tensor(self.a))
''', False, "grad must return gradients of the loss: multiply the local derivatives by upstream (dL/dy) before "
           "summing; without it the result is right only when upstream is all ones.",
           ('upstream',), names='upstream_ignored'),
    Answer(KEY, 'dx missing the factor a', r'''
@tf.custom_gradient
def scaled_tanh(x, a):
    y = tf.tanh(a * x)
    def grad(upstream):
        s = 1 - y ** 2
        dx = upstream * s                         # tanh' = 1 - tanh^2
        da = tf.reduce_sum(upstream * x * s)
        return dx, da
    return y, grad


class ScaledTanh(tf.keras.layers.Layer):
    """y = tanh(a x), with one trainable number a (starting at 1)."""

    def build(self, input_shape):
        self.a = self.add_weight(shape=(), initializer="ones", name="a")

    def call(self, x):
        return scaled_tanh(x, tf.convert_to_tensor(self.a))
''', False, "By the chain rule d tanh(a x)/dx = a (1 - tanh²(a x)): the gradient for x misses the inner factor a "
           "(it is right only at a = 1, the initial value).",
           ('factor|chain|inner|for x|dx|of x|input',), names='inner_factor_missing'),
    Answer(KEY, 'tanh slope missing', r'''
@tf.custom_gradient
def scaled_tanh(x, a):
    y = tf.tanh(a * x)
    def grad(upstream):
        return upstream * a, tf.reduce_sum(upstream * x)   # d(a x)/dx = a, d(a x)/da = x
    return y, grad


class ScaledTanh(tf.keras.layers.Layer):
    """y = tanh(a x), with one trainable number a (starting at 1)."""

    def build(self, input_shape):
        self.a = self.add_weight(shape=(), initializer="ones", name="a")

    def call(self, x):
        return scaled_tanh(x, tf.convert_to_tensor(self.a))
''', False, "Both gradients differentiate only a x and forget the outer tanh: multiply by its slope "
           "1 - tanh²(a x) = 1 - y².",
           ('slope|tanh|1 - y|1-y|sech|derivative|chain',), names='slope_missing'),
    Answer(KEY, 'slope taken at x, not a x', r'''
@tf.custom_gradient
def scaled_tanh(x, a):
    y = tf.tanh(a * x)
    def grad(upstream):
        slope = 1 - tf.tanh(x) ** 2               # derivative of tanh
        return upstream * a * slope, tf.reduce_sum(upstream * x * slope)
    return y, grad


class ScaledTanh(tf.keras.layers.Layer):
    """y = tanh(a x), with one trainable number a (starting at 1)."""

    def build(self, input_shape):
        self.a = self.add_weight(shape=(), initializer="ones", name="a")

    def call(self, x):
        return scaled_tanh(x, tf.convert_to_tensor(self.a))
''', False, "tanh's slope must be taken where tanh is evaluated, at a x: 1 - tanh²(a x) (= 1 - y²), not "
           "1 - tanh²(x); the two agree only at a = 1.",
           ('a x|a*x|a * x|a·x|ax)|inside|argument|1 - y|1-y|slope',)),
    Answer(KEY, 'plain tf.tanh in call, no custom gradient', r'''
@tf.custom_gradient
def scaled_tanh(x, a):
    y = tf.tanh(a * x)
    def grad(upstream):
        s = 1 - y ** 2
        return upstream * a * s, tf.reduce_sum(upstream * x * s)
    return y, grad


class ScaledTanh(tf.keras.layers.Layer):
    """y = tanh(a x), with one trainable number a (starting at 1)."""

    def build(self, input_shape):
        self.a = self.add_weight(shape=(), initializer="ones", name="a")

    def call(self, x):
        return tf.tanh(self.a * x)      # simpler, and Keras differentiates it for me
''', False, "call never uses scaled_tanh, so the gradients come from TensorFlow's automatic differentiation, not "
           "from your grad; call scaled_tanh(x, tf.convert_to_tensor(self.a)).",
           ('scaled_tanh|custom gradient|custom_gradient|your grad',), names='no_custom_gradient'),
    Answer(KEY, 'None for a', r'''
@tf.custom_gradient
def scaled_tanh(x, a):
    y = tf.tanh(a * x)
    def grad(upstream):
        return upstream * a * (1 - y ** 2), None    # a is a parameter, Keras handles it
    return y, grad


class ScaledTanh(tf.keras.layers.Layer):
    """y = tanh(a x), with one trainable number a (starting at 1)."""

    def build(self, input_shape):
        self.a = self.add_weight(shape=(), initializer="ones", name="a")

    def call(self, x):
        return scaled_tanh(x, tf.convert_to_tensor(self.a))
''', False, "grad returns None for a, so the weight gets no gradient and never trains; return "
           "tf.reduce_sum(upstream * x * (1 - y**2)) for it.",
           ('none|no gradient|for a|of a|weight',), names='none'),
    Answer(KEY, 'only dx returned', r'''
@tf.custom_gradient
def scaled_tanh(x, a):
    y = tf.tanh(a * x)
    def grad(upstream):
        return upstream * a * (1 - y ** 2)
    return y, grad


class ScaledTanh(tf.keras.layers.Layer):
    """y = tanh(a x), with one trainable number a (starting at 1)."""

    def build(self, input_shape):
        self.a = self.add_weight(shape=(), initializer="ones", name="a")

    def call(self, x):
        return scaled_tanh(x, tf.convert_to_tensor(self.a))
''', False, "scaled_tanh has two inputs, x and a, so grad must return two gradients, one per input: "
           "(dx, da).",
           ('two|both|each input|per input|one per|for a|of a|number of',)),
    Answer(KEY, 'gradients swapped', r'''
@tf.custom_gradient
def scaled_tanh(x, a):
    y = tf.tanh(a * x)
    def grad(upstream):
        s = 1 - y ** 2
        da = tf.reduce_sum(upstream * x * s)
        dx = upstream * a * s
        return da, dx
    return y, grad


class ScaledTanh(tf.keras.layers.Layer):
    """y = tanh(a x), with one trainable number a (starting at 1)."""

    def build(self, input_shape):
        self.a = self.add_weight(shape=(), initializer="ones", name="a")

    def call(self, x):
        return scaled_tanh(x, tf.convert_to_tensor(self.a))
''', False, "grad returns one gradient per input in the order of the inputs, (x, a): the two are swapped.",
           ('swap|order|shape',)),
    Answer(KEY, 'forgot to return grad', r'''
@tf.custom_gradient
def scaled_tanh(x, a):
    y = tf.tanh(a * x)
    def grad(upstream):
        s = 1 - y ** 2
        return upstream * a * s, tf.reduce_sum(upstream * x * s)
    return y


class ScaledTanh(tf.keras.layers.Layer):
    """y = tanh(a x), with one trainable number a (starting at 1)."""

    def build(self, input_shape):
        self.a = self.add_weight(shape=(), initializer="ones", name="a")

    def call(self, x):
        return scaled_tanh(x, tf.convert_to_tensor(self.a))
''', False, "A @tf.custom_gradient function must return the pair (y, grad); this one returns only y.",
           ('return|pair|tuple',)),
    Answer(KEY, 'weight of shape (1,)', r'''
@tf.custom_gradient
def scaled_tanh(x, a):
    y = tf.tanh(a * x)
    def grad(upstream):
        s = 1 - y ** 2
        return upstream * a * s, tf.reduce_sum(upstream * x * s, keepdims=True)[0]
    return y, grad


class ScaledTanh(tf.keras.layers.Layer):
    """y = tanh(a x), with one trainable number a (starting at 1)."""

    def build(self, input_shape):
        self.a = self.add_weight(shape=(1,), initializer="ones", name="a")

    def call(self, x):
        return scaled_tanh(x, tf.convert_to_tensor(self.a))
''', False, "a is one number: its weight has shape (), not (1,), and its gradient must have the weight's shape.",
           ('shape|scalar|()',), names='wrong_weights'),
    Answer(KEY, 'one a per feature', r'''
@tf.custom_gradient
def scaled_tanh(x, a):
    y = tf.tanh(a * x)
    def grad(upstream):
        s = 1 - y ** 2
        return upstream * a * s, tf.reduce_sum(upstream * x * s, axis=0)
    return y, grad


class ScaledTanh(tf.keras.layers.Layer):
    """y = tanh(a x), with one trainable number a (starting at 1)."""

    def build(self, input_shape):
        # one scale per input feature, like a Dense bias
        self.a = self.add_weight(shape=(input_shape[-1],), initializer="ones", name="a")

    def call(self, x):
        return scaled_tanh(x, tf.convert_to_tensor(self.a))
''', False, "The layer must have one trainable number a, shape (), not one per feature (shape of the input's last axis).",
           ('shape|scalar|one number|one trainable|single|per feature',)),
    Answer(KEY, 'two weights, one in __init__ and one in build', r'''
@tf.custom_gradient
def scaled_tanh(x, a):
    y = tf.tanh(a * x)
    def grad(upstream):
        s = 1 - y ** 2
        return upstream * a * s, tf.reduce_sum(upstream * x * s)
    return y, grad


class ScaledTanh(tf.keras.layers.Layer):
    """y = tanh(a x), with one trainable number a (starting at 1)."""

    def __init__(self, **kwargs):
        super().__init__(**kwargs)
        self.a_init = self.add_weight(shape=(), initializer="ones", name="a")   # make sure a exists

    def build(self, input_shape):
        self.a = self.add_weight(shape=(), initializer="ones", name="a")

    def call(self, x):
        return scaled_tanh(x, tf.convert_to_tensor(self.a))
''', False, "The layer creates two weights (one in __init__, one in build) where it should have exactly one "
           "trainable number a; the unused one gets no gradient.",
           ('two|2 weights|one weight|one trainable|weights|exactly one',)),
    Answer(KEY, 'instance instead of the class', r'''
@tf.custom_gradient
def scaled_tanh(x, a):
    y = tf.tanh(a * x)
    def grad(upstream):
        s = 1 - y ** 2
        return upstream * a * s, tf.reduce_sum(upstream * x * s)
    return y, grad


class ScaledTanhLayer(tf.keras.layers.Layer):
    """y = tanh(a x), with one trainable number a (starting at 1)."""

    def build(self, input_shape):
        self.a = self.add_weight(shape=(), initializer="ones", name="a")

    def call(self, x):
        return scaled_tanh(x, tf.convert_to_tensor(self.a))


ScaledTanh = ScaledTanhLayer()    # the layer to check
''', False, "The check wants the class ScaledTanh (it makes its own layers), not one layer already made from it.",
           ('class|instance',), names='instance_given'),
    Answer(KEY, 'np.tanh inside grad', r'''
@tf.custom_gradient
def scaled_tanh(x, a):
    y = tf.tanh(a * x)
    def grad(upstream):
        s = 1 - np.tanh(a * x) ** 2
        return upstream * a * s, tf.reduce_sum(upstream * x * s)
    return y, grad


class ScaledTanh(tf.keras.layers.Layer):
    """y = tanh(a x), with one trainable number a (starting at 1)."""

    def build(self, input_shape):
        self.a = self.add_weight(shape=(), initializer="ones", name="a")

    def call(self, x):
        return scaled_tanh(x, tf.convert_to_tensor(self.a))
''', False, "np.tanh needs concrete values: it works eagerly but fails inside tf.function (as in fit), where the "
           "tensors are symbolic; use tf.tanh or 1 - y**2.",
           ('numpy|np.|tf.function|graph|symbolic',)),
    Answer(KEY, 'slope with the wrong sign', r'''
@tf.custom_gradient
def scaled_tanh(x, a):
    y = tf.tanh(a * x)
    def grad(upstream):
        s = 1 + y ** 2                       # tanh' = 1 + tanh^2 ?
        return upstream * a * s, tf.reduce_sum(upstream * x * s)
    return y, grad


class ScaledTanh(tf.keras.layers.Layer):
    """y = tanh(a x), with one trainable number a (starting at 1)."""

    def build(self, input_shape):
        self.a = self.add_weight(shape=(), initializer="ones", name="a")

    def call(self, x):
        return scaled_tanh(x, tf.convert_to_tensor(self.a))
''', False, "tanh's derivative is 1 - tanh², not 1 + tanh² (that is tan's).",
           ('1 - |1-|minus|sign|slope|derivative',), names='slope_sign'),
    Answer(KEY, 'da missing the factor x', r'''
@tf.custom_gradient
def scaled_tanh(x, a):
    y = tf.tanh(a * x)
    def grad(upstream):
        s = 1 - y ** 2
        return upstream * a * s, tf.reduce_sum(upstream * s)
    return y, grad


class ScaledTanh(tf.keras.layers.Layer):
    """y = tanh(a x), with one trainable number a (starting at 1)."""

    def build(self, input_shape):
        self.a = self.add_weight(shape=(), initializer="ones", name="a")

    def call(self, x):
        return scaled_tanh(x, tf.convert_to_tensor(self.a))
''', False, "d tanh(a x)/da = x (1 - tanh²(a x)): the gradient for a misses the inner factor x.",
           ('for a|of a|da|weight|factor|chain|inner',)),
    Answer(KEY, 'grad requires variables without a default', r'''
@tf.custom_gradient
def scaled_tanh(x, a):
    y = tf.tanh(a * x)
    def grad(upstream, variables):
        s = 1 - y ** 2
        return upstream * a * s, tf.reduce_sum(upstream * x * s)
    return y, grad


class ScaledTanh(tf.keras.layers.Layer):
    """y = tanh(a x), with one trainable number a (starting at 1)."""

    def build(self, input_shape):
        self.a = self.add_weight(shape=(), initializer="ones", name="a")

    def call(self, x):
        return scaled_tanh(x, tf.convert_to_tensor(self.a))
''', False, "With the weight passed in as a tensor no variable is read, so TensorFlow calls grad(upstream) alone: "
           "a variables parameter without a default makes that call fail. Drop it, or write variables=None.",
           ('variables',)),
    Answer(KEY, 'keras.ops.convert_to_tensor on the weight', r'''
from tensorflow import keras

@tf.custom_gradient
def scaled_tanh(x, a):
    y = keras.ops.tanh(a * x)
    def grad(upstream):
        slope = 1.0 - keras.ops.square(y)
        return upstream * a * slope, keras.ops.sum(upstream * x * slope)
    return y, grad


class ScaledTanh(keras.layers.Layer):
    """y = tanh(a x), with one trainable number a (starting at 1)."""

    def build(self, input_shape):
        self.a = self.add_weight(shape=(), initializer="ones", name="a")

    def call(self, x):
        return scaled_tanh(x, keras.ops.convert_to_tensor(self.a))   # backend-neutral conversion
''', False, "On the TensorFlow backend keras.ops.convert_to_tensor hands a keras.Variable back unchanged, so "
           "scaled_tanh still reads the variable inside it and eagerly demands variables=; convert with "
           "tf.convert_to_tensor(self.a) (or pass self.a.value).",
           ('convert|tensor|.value|identity|variable',)),
]

MISTAKES = dict(named_mistakes(ANSWERS), not_a_layer=3)
