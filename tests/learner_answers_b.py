"""Plausible learner answers for exercises 05-09, written without reading the judges."""
from learner_answer_types import Answer


ANSWERS = [
    # ------------------------------------------------------------------ 05.sign_ste
    Answer(
        key="05.sign_ste",
        label="tf.where on |x| <= 1",
        code='''
@tf.custom_gradient
def sign_ste(x):
    def grad(upstream):
        return tf.where(tf.abs(x) <= 1, upstream, tf.zeros_like(upstream))
    return tf.sign(x), grad
''',
        right=True,
    ),
    Answer(
        key="05.sign_ste",
        label="cast mask times upstream",
        code='''
@tf.custom_gradient
def sign_ste(x):
    def grad(upstream):
        mask = tf.cast(tf.abs(x) <= 1.0, upstream.dtype)
        return upstream * mask
    return tf.sign(x), grad
''',
        right=True,
    ),
    Answer(
        key="05.sign_ste",
        label="logical_and of two comparisons",
        code='''
@tf.custom_gradient
def sign_ste(x):
    y = tf.sign(x)
    def grad(upstream):
        inside = tf.logical_and(x >= -1.0, x <= 1.0)
        return upstream * tf.cast(inside, x.dtype)
    return y, grad
''',
        right=True,
    ),
    Answer(
        key="05.sign_ste",
        label="inverted mask (|x| > 1)",
        code='''
@tf.custom_gradient
def sign_ste(x):
    def grad(upstream):
        return tf.where(tf.abs(x) > 1, upstream, tf.zeros_like(upstream))
    return tf.sign(x), grad
''',
        right=False,
        mistake="the mask is inverted: upstream must pass where |x| <= 1 and be zero outside",
        must_mention=("inverted|outside|mask",),
    ),
    Answer(
        key="05.sign_ste",
        label="mask without upstream",
        code='''
@tf.custom_gradient
def sign_ste(x):
    def grad(upstream):
        return tf.cast(tf.abs(x) <= 1, tf.float32)
    return tf.sign(x), grad
''',
        right=False,
        mistake="returns the local slope only: multiply the mask by upstream",
        must_mention=("upstream",),
    ),
    Answer(
        key="05.sign_ste",
        label="np.where in grad",
        code='''
@tf.custom_gradient
def sign_ste(x):
    def grad(upstream):
        return np.where(np.abs(x) <= 1, upstream, 0)
    return tf.sign(x), grad
''',
        right=False,
        mistake="NumPy inside grad needs concrete values: fails inside tf.function; use tf.where/tf.abs",
        must_mention=("NumPy|tf.function",),
    ),
    Answer(
        key="05.sign_ste",
        label="Python if on the tensor",
        code='''
@tf.custom_gradient
def sign_ste(x):
    def grad(upstream):
        if tf.abs(x) <= 1:
            return upstream
        else:
            return tf.zeros_like(upstream)
    return tf.sign(x), grad
''',
        right=False,
        mistake="a Python if needs one boolean: fails for vectors and inside tf.function; use tf.where",
        must_mention=("Python|tf.where",),
    ),
    Answer(
        key="05.sign_ste",
        label="multiply by a bool tensor",
        code='''
@tf.custom_gradient
def sign_ste(x):
    def grad(upstream):
        return upstream * (tf.abs(x) <= 1)
    return tf.sign(x), grad
''',
        right=False,
        mistake="multiplying by a bool mask silently gives a bool gradient: cast the mask to the float dtype",
        must_mention=("cast|bool",),
    ),
    Answer(
        key="05.sign_ste",
        label="clips upstream instead of masking",
        code='''
@tf.custom_gradient
def sign_ste(x):
    def grad(upstream):
        return tf.clip_by_value(upstream, -1.0, 1.0)
    return tf.sign(x), grad
''',
        right=False,
        mistake="clips the upstream gradient; the mask must depend on x: zero where |x| > 1",
        must_mention=("zero|mask",),
    ),
    Answer(
        key="05.sign_ste",
        label="strict < 1 at the boundary",
        code='''
@tf.custom_gradient
def sign_ste(x):
    def grad(upstream):
        return tf.where(tf.abs(x) < 1, upstream, tf.zeros_like(upstream))
    return tf.sign(x), grad
''',
        right=False,
        mistake="at |x| = 1 exactly upstream must still pass: use <= 1, not < 1",
        must_mention=("<=|boundary|edge",),
    ),
    Answer(
        key="05.sign_ste",
        label="decorator forgotten",
        code='''
def sign_ste(x):
    def grad(upstream):
        return tf.where(tf.abs(x) <= 1, upstream, tf.zeros_like(upstream))
    return tf.sign(x), grad
''',
        right=False,
        mistake="without @tf.custom_gradient the function returns a (value, function) tuple",
        must_mention=("decorator|custom_gradient",),
    ),
    Answer(
        key="05.sign_ste",
        label="plain tf.sign, no custom gradient",
        code='''
def sign_ste(x):
    return tf.sign(x)
''',
        right=False,
        mistake="plain tf.sign has gradient zero everywhere; a custom gradient is needed",
        must_mention=("custom_gradient|custom gradient|zero",),
    ),
    Answer(
        key="05.sign_ste",
        label="tf.math.absolute typo",
        code='''
@tf.custom_gradient
def sign_ste(x):
    def grad(upstream):
        return tf.where(tf.math.absolute(x) <= 1, upstream, tf.zeros_like(upstream))
    return tf.sign(x), grad
''',
        right=False,
        mistake="tf.math.absolute does not exist (AttributeError): it is tf.abs",
        must_mention=("absolute|AttributeError",),
    ),
    Answer(
        key="05.sign_ste",
        label="tanh slope instead of hard tanh",
        code='''
@tf.custom_gradient
def sign_ste(x):
    def grad(upstream):
        return upstream * (1 - tf.tanh(x) ** 2)
    return tf.sign(x), grad
''',
        right=False,
        mistake="uses the smooth tanh's slope; the hard tanh's slope is 1 for |x| <= 1 and 0 outside",
        must_mention=("hard tanh|mask|zero",),
    ),
    # ------------------------------------------------------------------ 05.clip_gradient
    Answer(
        key="05.clip_gradient",
        label="tf.clip_by_value floats",
        code='''
@tf.custom_gradient
def clip_gradient(x):
    def grad(upstream):
        return tf.clip_by_value(upstream, -1.0, 1.0)
    return tf.identity(x), grad
''',
        right=True,
    ),
    Answer(
        key="05.clip_gradient",
        label="tf.minimum of tf.maximum",
        code='''
@tf.custom_gradient
def clip_gradient(x):
    def grad(upstream):
        return tf.minimum(tf.maximum(upstream, -1.0), 1.0)
    return tf.identity(x), grad
''',
        right=True,
    ),
    Answer(
        key="05.clip_gradient",
        label="tf.where with sign for large entries",
        code='''
@tf.custom_gradient
def clip_gradient(x):
    def grad(upstream):
        too_big = tf.abs(upstream) > 1
        return tf.where(too_big, tf.sign(upstream), upstream)
    return tf.identity(x), grad
''',
        right=True,
    ),
    Answer(
        key="05.clip_gradient",
        label="clip_by_value with int bounds",
        code='''
@tf.custom_gradient
def clip_gradient(x):
    return tf.identity(x), lambda upstream: tf.clip_by_value(upstream, -1, 1)
''',
        right=True,
    ),
    Answer(
        key="05.clip_gradient",
        label="np.clip on upstream",
        code='''
@tf.custom_gradient
def clip_gradient(x):
    def grad(upstream):
        return np.clip(upstream, -1, 1)
    return tf.identity(x), grad
''',
        right=False,
        mistake="NumPy inside grad: fails inside tf.function; use tf.clip_by_value",
        must_mention=("NumPy",),
    ),
    Answer(
        key="05.clip_gradient",
        label="tf.clip_by_values typo",
        code='''
@tf.custom_gradient
def clip_gradient(x):
    def grad(upstream):
        return tf.clip_by_values(upstream, -1.0, 1.0)
    return tf.identity(x), grad
''',
        right=False,
        mistake="tf.clip_by_values does not exist (AttributeError): it is tf.clip_by_value",
        must_mention=("clip_by_values|AttributeError",),
    ),
    Answer(
        key="05.clip_gradient",
        label="clip_by_value without tf.",
        code='''
@tf.custom_gradient
def clip_gradient(x):
    def grad(upstream):
        return clip_by_value(upstream, -1.0, 1.0)
    return tf.identity(x), grad
''',
        right=False,
        mistake="clip_by_value is not defined (NameError): write tf.clip_by_value",
        must_mention=("clip_by_value|NameError",),
    ),
    Answer(
        key="05.clip_gradient",
        label="upstream times clipped x",
        code='''
@tf.custom_gradient
def clip_gradient(x):
    def grad(upstream):
        return upstream * tf.clip_by_value(x, -1.0, 1.0)
    return tf.identity(x), grad
''',
        right=False,
        mistake="clips the input x, not the gradient: clip upstream itself",
        must_mention=("upstream",),
    ),
    Answer(
        key="05.clip_gradient",
        label="tf.clip_by_norm",
        code='''
@tf.custom_gradient
def clip_gradient(x):
    def grad(upstream):
        return tf.clip_by_norm(upstream, 1.0)
    return tf.identity(x), grad
''',
        right=False,
        mistake="clip_by_norm rescales the whole vector; the exercise clips each entry to [-1, 1]",
        must_mention=("norm|entry|element",),
    ),
    Answer(
        key="05.clip_gradient",
        label="Python min and max",
        code='''
@tf.custom_gradient
def clip_gradient(x):
    def grad(upstream):
        return max(-1.0, min(1.0, upstream))
    return tf.identity(x), grad
''',
        right=False,
        mistake="Python min/max need one truth value: fails for vectors and in tf.function; use tf.clip_by_value",
        must_mention=("Python|tf.clip_by_value|tf.minimum",),
    ),
    Answer(
        key="05.clip_gradient",
        label="clipped to [0, 1]",
        code='''
@tf.custom_gradient
def clip_gradient(x):
    def grad(upstream):
        return tf.clip_by_value(upstream, 0.0, 1.0)
    return tf.identity(x), grad
''',
        right=False,
        mistake="the lower bound is -1, not 0: negative gradients are wiped out",
        must_mention=("-1|negative",),
    ),
    Answer(
        key="05.clip_gradient",
        label="forward clipped too",
        code='''
@tf.custom_gradient
def clip_gradient(x):
    def grad(upstream):
        return tf.clip_by_value(upstream, -1.0, 1.0)
    return tf.clip_by_value(x, -1.0, 1.0), grad
''',
        right=False,
        mistake="the forward must be the identity; only the gradient is clipped",
        must_mention=("identity|forward",),
    ),
    Answer(
        key="05.clip_gradient",
        label="sign of upstream",
        code='''
@tf.custom_gradient
def clip_gradient(x):
    def grad(upstream):
        return tf.sign(upstream)
    return tf.identity(x), grad
''',
        right=False,
        mistake="entries already inside [-1, 1] must pass unchanged; sign sends them to +-1",
        must_mention=("unchanged|inside|sign",),
    ),
    Answer(
        key="05.clip_gradient",
        label="decorator forgotten",
        code='''
def clip_gradient(x):
    def grad(upstream):
        return tf.clip_by_value(upstream, -1.0, 1.0)
    return tf.identity(x), grad
''',
        right=False,
        mistake="without @tf.custom_gradient the function returns a (value, function) tuple",
        must_mention=("decorator|custom_gradient",),
    ),
]
ANSWERS += [
    # ------------------------------------------------------------------ 06.scale_by_variable
    # ------------------------------------------------------------------ 06.numpy_erf
    Answer(
        key="06.numpy_erf",
        label="numpy_function + set_shape",
        code='''
@tf.custom_gradient
def numpy_erf(x):
    y = tf.numpy_function(scipy.special.erf, [x], x.dtype)
    y.set_shape(x.shape)
    def grad(upstream):
        return upstream * 2 / np.sqrt(np.pi) * tf.exp(-x ** 2)
    return y, grad
''',
        right=True,
    ),
    Answer(
        key="06.numpy_erf",
        label="py_function + ensure_shape",
        code='''
def _erf_numpy(t):
    return scipy.special.erf(t.numpy())

@tf.custom_gradient
def numpy_erf(x):
    y = tf.py_function(_erf_numpy, [x], Tout=x.dtype)
    y = tf.ensure_shape(y, x.shape)
    def grad(upstream):
        two_over_sqrt_pi = tf.constant(2.0 / np.sqrt(np.pi), dtype=x.dtype)
        return upstream * two_over_sqrt_pi * tf.exp(-tf.square(x))
    return y, grad
''',
        right=True,
    ),
    Answer(
        key="06.numpy_erf",
        label="numpy_function lambda + reshape",
        code='''
@tf.custom_gradient
def numpy_erf(x):
    y = tf.numpy_function(lambda a: scipy.special.erf(a).astype(a.dtype), [x], Tout=x.dtype)
    y = tf.reshape(y, tf.shape(x))
    def grad(dy):
        return dy * 2.0 / tf.sqrt(tf.constant(np.pi, x.dtype)) * tf.exp(-x * x)
    return y, grad
''',
        right=True,
    ),
    Answer(
        key="06.numpy_erf",
        label="scipy.special.erf directly on the tensor",
        code='''
@tf.custom_gradient
def numpy_erf(x):
    y = tf.convert_to_tensor(scipy.special.erf(x), dtype=x.dtype)
    def grad(upstream):
        return upstream * 2 / np.sqrt(np.pi) * tf.exp(-x ** 2)
    return y, grad
''',
        right=False,
        mistake="calling SciPy on a tensor needs its value: fails inside tf.function; wrap it in tf.numpy_function",
        must_mention=("numpy_function|tf.function",),
    ),
    Answer(
        key="06.numpy_erf",
        label="set_shape forgotten",
        code='''
@tf.custom_gradient
def numpy_erf(x):
    y = tf.numpy_function(scipy.special.erf, [x], x.dtype)
    def grad(upstream):
        return upstream * 2 / np.sqrt(np.pi) * tf.exp(-x ** 2)
    return y, grad
''',
        right=False,
        mistake="tf.numpy_function cannot know the result's shape: call y.set_shape(x.shape)",
        must_mention=("shape",),
    ),
    Answer(
        key="06.numpy_erf",
        label="2/pi without the square root",
        code='''
@tf.custom_gradient
def numpy_erf(x):
    y = tf.numpy_function(scipy.special.erf, [x], x.dtype)
    y.set_shape(x.shape)
    def grad(upstream):
        return upstream * 2 / np.pi * tf.exp(-x ** 2)
    return y, grad
''',
        right=False,
        mistake="the constant is 2/sqrt(pi), not 2/pi",
        must_mention=("sqrt|derivative",),
    ),
    Answer(
        key="06.numpy_erf",
        label="exp(+x^2)",
        code='''
@tf.custom_gradient
def numpy_erf(x):
    y = tf.numpy_function(scipy.special.erf, [x], x.dtype)
    y.set_shape(x.shape)
    def grad(upstream):
        return upstream * 2 / np.sqrt(np.pi) * tf.exp(x ** 2)
    return y, grad
''',
        right=False,
        mistake="the derivative is 2/sqrt(pi) * exp(-x^2): the minus sign is missing",
        must_mention=("sign|minus|exp|derivative",),
    ),
    Answer(
        key="06.numpy_erf",
        label="grad ignores upstream",
        code='''
@tf.custom_gradient
def numpy_erf(x):
    y = tf.numpy_function(scipy.special.erf, [x], x.dtype)
    y.set_shape(x.shape)
    def grad(upstream):
        return 2 / np.sqrt(np.pi) * tf.exp(-x ** 2)
    return y, grad
''',
        right=False,
        mistake="grad returns the local derivative only: multiply by upstream",
        must_mention=("upstream",),
    ),
    Answer(
        key="06.numpy_erf",
        label="Tout hard-coded float32",
        code='''
@tf.custom_gradient
def numpy_erf(x):
    y = tf.numpy_function(scipy.special.erf, [x], tf.float32)
    y.set_shape(x.shape)
    def grad(upstream):
        return upstream * 2 / np.sqrt(np.pi) * tf.exp(-x ** 2)
    return y, grad
''',
        right=False,
        mistake="Tout fixed to float32: a float64 input gives a dtype error; use x.dtype",
        must_mention=("dtype|float64",),
    ),
    Answer(
        key="06.numpy_erf",
        label="Tout forgotten",
        code='''
@tf.custom_gradient
def numpy_erf(x):
    y = tf.numpy_function(scipy.special.erf, [x])
    y.set_shape(x.shape)
    def grad(upstream):
        return upstream * 2 / np.sqrt(np.pi) * tf.exp(-x ** 2)
    return y, grad
''',
        right=False,
        mistake="tf.numpy_function needs the output dtype (Tout) as third argument",
        must_mention=("Tout|dtype",),
    ),
    Answer(
        key="06.numpy_erf",
        label="tf.numpy_funtion typo",
        code='''
@tf.custom_gradient
def numpy_erf(x):
    y = tf.numpy_funtion(scipy.special.erf, [x], x.dtype)
    y.set_shape(x.shape)
    def grad(upstream):
        return upstream * 2 / np.sqrt(np.pi) * tf.exp(-x ** 2)
    return y, grad
''',
        right=False,
        mistake="tf.numpy_funtion is misspelt (AttributeError): tf.numpy_function",
        must_mention=("numpy_funtion|AttributeError",),
    ),
    Answer(
        key="06.numpy_erf",
        label="np.exp in grad",
        code='''
@tf.custom_gradient
def numpy_erf(x):
    y = tf.numpy_function(scipy.special.erf, [x], x.dtype)
    y.set_shape(x.shape)
    def grad(upstream):
        return upstream * 2 / np.sqrt(np.pi) * np.exp(-x ** 2)
    return y, grad
''',
        right=False,
        mistake="np.exp on a tensor needs its value: fails inside tf.function; use tf.exp",
        must_mention=("NumPy|np.exp|tf.function",),
    ),
    Answer(
        key="06.numpy_erf",
        label="plain tf.math.erf, no SciPy",
        code='''
def numpy_erf(x):
    return tf.math.erf(x)
''',
        right=False,
        mistake="the exercise is to wrap scipy.special.erf with tf.numpy_function and a custom gradient",
        must_mention=("numpy_function|scipy|custom",),
    ),
    Answer(
        key="06.numpy_erf",
        label="tf.constant of a NumPy float64 factor",
        code='''
@tf.custom_gradient
def numpy_erf(x):
    y = tf.numpy_function(scipy.special.erf, [x], x.dtype)
    y.set_shape(x.shape)
    def grad(upstream):
        factor = tf.constant(2 / np.sqrt(np.pi))
        return upstream * factor * tf.exp(-tf.square(x))
    return y, grad
''',
        right=False,
        mistake="tf.constant of a NumPy float64 is float64: multiplying a float32 upstream by it fails; match x.dtype",
        must_mention=("float64|dtype",),
    ),
]
ANSWERS += [
    # ------------------------------------------------------------------ 07.fused_second_derivative
    # ------------------------------------------------------------------ 07.hvp
    Answer(
        key="07.hvp",
        label="reverse over reverse, output_gradients",
        code='''
def hvp(f, x, v):
    with tf.GradientTape() as outer:
        outer.watch(x)
        with tf.GradientTape() as inner:
            inner.watch(x)
            y = f(x)
        g = inner.gradient(y, x)
    return outer.gradient(g, x, output_gradients=v)
''',
        right=True,
    ),
    Answer(
        key="07.hvp",
        label="forward over reverse, ForwardAccumulator",
        code='''
def hvp(f, x, v):
    with tf.autodiff.ForwardAccumulator(primals=x, tangents=v) as acc:
        with tf.GradientTape() as tape:
            tape.watch(x)
            y = f(x)
        g = tape.gradient(y, x)
    return acc.jvp(g)
''',
        # Right values; the prompt now asks for reverse over reverse, the method the page does not show.
        right=False,
        mistake="Correct values, but by forward over reverse; the exercise asks for reverse over reverse.",
        must_mention=("reverse over reverse",),
    ),
    Answer(
        key="07.hvp",
        label="gradient of g . v",
        code='''
def hvp(f, x, v):
    x = tf.convert_to_tensor(x)
    with tf.GradientTape() as t2:
        t2.watch(x)
        with tf.GradientTape() as t1:
            t1.watch(x)
            fx = f(x)
        grad_f = t1.gradient(fx, x)
        directional = tf.reduce_sum(grad_f * tf.stop_gradient(v))
    return t2.gradient(directional, x)
''',
        right=True,
    ),
    Answer(
        key="07.hvp",
        label="gradient of the gradient times v",
        code='''
def hvp(f, x, v):
    with tf.GradientTape() as outer:
        outer.watch(x)
        with tf.GradientTape() as inner:
            inner.watch(x)
            y = f(x)
        g = inner.gradient(y, x)
    return outer.gradient(g, x) * v
''',
        right=False,
        mistake="d(sum g)/dx * v is H·v only when H is diagonal; pass v as output_gradients",
        must_mention=("diagonal",),
    ),
    Answer(
        key="07.hvp",
        label="sigmoid slope formula",
        code='''
def hvp(f, x, v):
    s = tf.sigmoid(x)
    return s * (1 - s) * v
''',
        right=False,
        mistake="sigma'(x)·v is the answer for softplus_sum only (diagonal Hessian); differentiate f",
        must_mention=("diagonal|any function|softplus",),
    ),
    Answer(
        key="07.hvp",
        label="softplus_sum instead of f",
        code='''
def hvp(f, x, v):
    with tf.GradientTape() as outer:
        outer.watch(x)
        with tf.GradientTape() as inner:
            inner.watch(x)
            y = softplus_sum(x)
        g = inner.gradient(y, x)
    return outer.gradient(g, x, output_gradients=v)
''',
        right=False,
        mistake="calls softplus_sum instead of the f it was given",
        must_mention=("argument|softplus_sum|ignores f",),
    ),
    Answer(
        key="07.hvp",
        label="old signature hvp(x, v)",
        code='''
def hvp(x, v):
    with tf.GradientTape() as outer:
        outer.watch(x)
        with tf.GradientTape() as inner:
            inner.watch(x)
            y = softplus_sum(x)
        g = inner.gradient(y, x)
    return outer.gradient(g, x, output_gradients=v)
''',
        right=False,
        mistake="the function must take (f, x, v) and use f",
        must_mention=("argument|signature|positional",),
    ),
    Answer(
        key="07.hvp",
        label="gradient only, one tape",
        code='''
def hvp(f, x, v):
    with tf.GradientTape() as tape:
        tape.watch(x)
        y = f(x)
    return tape.gradient(y, x, output_gradients=v)
''',
        right=False,
        mistake="one tape gives the (scaled) gradient, not the Hessian-vector product: differentiate twice",
        must_mention=("second|Hessian|two tapes",),
    ),
    Answer(
        key="07.hvp",
        label="outer tape does not watch x",
        code='''
def hvp(f, x, v):
    with tf.GradientTape() as outer:
        with tf.GradientTape() as inner:
            inner.watch(x)
            y = f(x)
        g = inner.gradient(y, x)
    return outer.gradient(g, x, output_gradients=v)
''',
        right=False,
        mistake="x is a constant: the outer tape must watch it too, else the result is None",
        must_mention=("watch",),
    ),
    Answer(
        key="07.hvp",
        label="inner gradient taken outside outer tape",
        code='''
def hvp(f, x, v):
    with tf.GradientTape() as outer:
        outer.watch(x)
        with tf.GradientTape() as inner:
            inner.watch(x)
            y = f(x)
    g = inner.gradient(y, x)
    return outer.gradient(g, x, output_gradients=v)
''',
        right=False,
        mistake="the first gradient must be computed while the outer tape records, else None",
        must_mention=("None|outer|record",),
    ),
    Answer(
        key="07.hvp",
        label="full Hessian via jacobian",
        code='''
def hvp(f, x, v):
    with tf.GradientTape() as outer:
        outer.watch(x)
        with tf.GradientTape() as inner:
            inner.watch(x)
            y = f(x)
        g = inner.gradient(y, x)
    H = outer.jacobian(g, x)
    return tf.linalg.matvec(H, v)
''',
        right=False,
        mistake="builds the whole Hessian with jacobian; the point is H·v without forming H",
        must_mention=("Hessian|jacobian",),
    ),
    Answer(
        key="07.hvp",
        label="ForwardAccumulator primals and tangents swapped",
        code='''
def hvp(f, x, v):
    with tf.autodiff.ForwardAccumulator(v, x) as acc:
        with tf.GradientTape() as tape:
            tape.watch(x)
            y = f(x)
        g = tape.gradient(y, x)
    return acc.jvp(g)
''',
        right=False,
        mistake="ForwardAccumulator(primals=x, tangents=v): with the two swapped the result is None",
        must_mention=("ForwardAccumulator|tangent|primal|None",),
    ),
    Answer(
        key="07.hvp",
        label="tf.hessians (graph-only API)",
        code='''
def hvp(f, x, v):
    H = tf.hessians(f(x), x)[0]
    return tf.linalg.matvec(H, v)
''',
        right=False,
        mistake="tf.hessians works only in TF1 graphs (raises eagerly) and builds H anyway; use two GradientTapes",
        must_mention=("eager|GradientTape|tf.hessians",),
    ),
    Answer(
        key="07.hvp",
        label="returns (gradient, Hv) pair",
        code='''
def hvp(f, x, v):
    with tf.GradientTape() as outer:
        outer.watch(x)
        with tf.GradientTape() as inner:
            inner.watch(x)
            y = f(x)
        g = inner.gradient(y, x)
    Hv = outer.gradient(g, x, output_gradients=v)
    return g, Hv
''',
        right=False,
        mistake="return only H·v, one tensor, not a (gradient, H·v) tuple",
        must_mention=("tuple|one tensor",),
    ),
]
ANSWERS += [
    # ------------------------------------------------------------------ 08.implicit_scalar
    # ------------------------------------------------------------------ 08.block_size
    Answer(key="08.block_size", label="int 6", code="block_size = 6\n", right=True),
    Answer(key="08.block_size", label="float 6.0", code="block_size = 6.0\n", right=True),
    Answer(
        key="08.block_size",
        label="computed with min over divisors",
        code='''
divisors = [k for k in range(1, 37) if 36 % k == 0]
block_size = min(divisors, key=lambda k: 36 / k + k)
''',
        right=True,
    ),
    Answer(key="08.block_size", label="np.sqrt(36)", code="block_size = np.sqrt(36)\n", right=True),
    Answer(
        key="08.block_size", label="whole network, 36", code="block_size = 36\n", right=False,
        mistake="one block of 36 holds 1 + 36 = 37 tensors; 36/k + k is smallest at k = 6",
        must_mention=("36/k|memory",),
    ),
    Answer(
        key="08.block_size", label="one layer per block", code="block_size = 1\n", right=False,
        mistake="k = 1 keeps 36 block inputs + 1 = 37; 36/k + k is smallest at k = 6",
        must_mention=("36/k|memory",),
    ),
    Answer(
        key="08.block_size", label="the memory 12 instead of k", code="block_size = 12\n", right=False,
        mistake="12 is the least memory (36/6 + 6); the question asks for the block size k",
        must_mention=("memory|block size|36/k",),
    ),
    Answer(
        key="08.block_size", label="k = 4", code="block_size = 4\n", right=False,
        mistake="k = 4 needs 9 + 4 = 13; k = 6 needs 12",
        must_mention=("36/k|memory|13",),
    ),
    Answer(
        key="08.block_size", label="k = 9", code="block_size = 9\n", right=False,
        mistake="k = 9 needs 4 + 9 = 13; k = 6 needs 12",
        must_mention=("36/k|memory|13",),
    ),
    Answer(
        key="08.block_size", label="string '6'", code='block_size = "6"\n', right=False,
        mistake="a string, not a number: write 6 without quotes",
        must_mention=("string|number",),
    ),
    Answer(
        key="08.block_size", label="list [6]", code="block_size = [6]\n", right=False,
        mistake="a list: the answer is one number, 6",
        must_mention=("number|list",),
    ),
    Answer(
        key="08.block_size", label="tuple (k, memory)", code="block_size = (6, 12)\n", right=False,
        mistake="a tuple: give only the block size k",
        must_mention=("number|tuple",),
    ),
    Answer(
        key="08.block_size", label="stub left as ...", code="block_size = ...   # your answer here\n",
        right=False,
        mistake="the placeholder ... is still there: replace it with a number",
        must_mention=("placeholder|Ellipsis|replace",),
    ),
]
ANSWERS += [
    # ------------------------------------------------------------------ 09.spot_the_mistake
    Answer(
        key="09.spot_the_mistake",
        label="list in order",
        code='''
answers = ["keyword_call", "upstream_ignored", "float32_false_alarm", "wrong_shape", "none_gradient"]
''',
        right=True,
    ),
    Answer(
        key="09.spot_the_mistake",
        label="tuple, single quotes",
        code='''
answers = ('keyword_call',
           'upstream_ignored',
           'float32_false_alarm',
           'wrong_shape',
           'none_gradient')
''',
        right=True,
    ),
    Answer(
        key="09.spot_the_mistake",
        label="split of one string",
        code='''
answers = "keyword_call upstream_ignored float32_false_alarm wrong_shape none_gradient".split()
''',
        right=True,
    ),
    Answer(
        key="09.spot_the_mistake",
        label="1 and 2 swapped",
        code='''
answers = ["upstream_ignored", "keyword_call", "float32_false_alarm", "wrong_shape", "none_gradient"]
''',
        right=False,
        mistake="snippets 1 and 2 swapped: the keyword call is snippet 1, the dropped upstream snippet 2",
        must_mention=("keyword|upstream|1 and 2|first two",),
    ),
    Answer(
        key="09.spot_the_mistake",
        label="variables_missing for 5",
        code='''
answers = ["keyword_call", "upstream_ignored", "float32_false_alarm", "wrong_shape", "variables_missing"]
''',
        right=False,
        mistake="snippet 5 is an integer cast on the path: none_gradient",
        must_mention=("fifth|snippet 5|none_gradient|integer|cast",),
    ),
    Answer(
        key="09.spot_the_mistake",
        label="capitalised names",
        code='''
answers = ["Keyword_Call", "Upstream_Ignored", "Float32_False_Alarm", "Wrong_Shape", "None_Gradient"]
''',
        right=False,
        mistake="names are lower-case exactly as listed",
        must_mention=("case|spelling|exact|lower",),
    ),
    Answer(
        key="09.spot_the_mistake",
        label="typo upstream_ignore",
        code='''
answers = ["keyword_call", "upstream_ignore", "float32_false_alarm", "wrong_shape", "none_gradient"]
''',
        right=False,
        mistake="'upstream_ignore' is not one of the names: upstream_ignored",
        must_mention=("upstream_ignore",),
    ),
    Answer(
        key="09.spot_the_mistake",
        label="dict keyed by snippet number",
        code='''
answers = {1: "keyword_call", 2: "upstream_ignored", 3: "float32_false_alarm",
           4: "wrong_shape", 5: "none_gradient"}
''',
        right=False,
        mistake="a dict, not a list of five names in order",
        must_mention=("list|dict",),
    ),
    Answer(
        key="09.spot_the_mistake",
        label="only four names",
        code='''
answers = ["keyword_call", "upstream_ignored", "wrong_shape", "none_gradient"]
''',
        right=False,
        mistake="four names for five snippets (float32_false_alarm for 3 is missing)",
        must_mention=("five|four|length|missing",),
    ),
    Answer(
        key="09.spot_the_mistake",
        label="one comma-separated string",
        code='''
answers = "keyword_call, upstream_ignored, float32_false_alarm, wrong_shape, none_gradient"
''',
        right=False,
        mistake="one string, not a list of five names",
        must_mention=("list|string",),
    ),
    Answer(
        key="09.spot_the_mistake",
        label="spaces instead of underscores",
        code='''
answers = ["keyword call", "upstream ignored", "float32 false alarm", "wrong shape", "none gradient"]
''',
        right=False,
        mistake="the names use underscores, exactly as listed",
        must_mention=("underscore|spelling|exact|not one of",),
    ),
    Answer(
        key="09.spot_the_mistake",
        label="two placeholders left",
        code='''
answers = ["keyword_call", "upstream_ignored", ..., "wrong_shape", ...]
''',
        right=False,
        mistake="placeholders ... are still in the list (snippets 3 and 5)",
        must_mention=("placeholder|Ellipsis|missing",),
    ),
    # ------------------------------------------------------------------ 09.fix_linear
    Answer(
        key="09.fix_linear",
        label="transpose x, sum U over batch",
        code='''
@tf.custom_gradient
def linear(x, W, b):
    def grad(U):
        return U @ tf.transpose(W), tf.transpose(x) @ U, tf.reduce_sum(U, axis=0)
    return x @ W + b, grad
''',
        right=True,
    ),
    Answer(
        key="09.fix_linear",
        label="matmul transpose flags",
        code='''
@tf.custom_gradient
def linear(x, W, b):
    def grad(U):
        dx = tf.matmul(U, W, transpose_b=True)
        dW = tf.matmul(x, U, transpose_a=True)
        db = tf.reduce_sum(U, 0)
        return dx, dW, db
    return tf.matmul(x, W) + b, grad
''',
        right=True,
    ),
    Answer(
        key="09.fix_linear",
        label="einsum",
        code='''
@tf.custom_gradient
def linear(x, W, b):
    def grad(U):
        return (tf.einsum("bj,ij->bi", U, W),
                tf.einsum("bi,bj->ij", x, U),
                tf.einsum("bj->j", U))
    return x @ W + b, grad
''',
        right=True,
    ),
    Answer(
        key="09.fix_linear",
        label="transpose of U^T x",
        code='''
@tf.custom_gradient
def linear(x, W, b):
    def grad(U):
        return U @ tf.transpose(W), tf.transpose(tf.transpose(U) @ x), tf.reduce_sum(U, axis=0)
    return x @ W + b, grad
''',
        right=True,
    ),
    Answer(
        key="09.fix_linear",
        label="only dW fixed",
        code='''
@tf.custom_gradient
def linear(x, W, b):
    def grad(U):
        return U @ tf.transpose(W), tf.transpose(x) @ U, U
    return x @ W + b, grad
''',
        right=False,
        mistake="db still has the batch axis: sum U over the batch (axis 0)",
        must_mention=("sum|batch|axis",),
    ),
    Answer(
        key="09.fix_linear",
        label="only db fixed",
        code='''
@tf.custom_gradient
def linear(x, W, b):
    def grad(U):
        return U @ tf.transpose(W), tf.transpose(U) @ x, tf.reduce_sum(U, axis=0)
    return x @ W + b, grad
''',
        right=False,
        mistake="dW = U^T x has shape (2, 3); it is x^T U, shape (3, 2)",
        must_mention=("transpose|shape",),
    ),
    Answer(
        key="09.fix_linear",
        label="db summed over axis 1",
        code='''
@tf.custom_gradient
def linear(x, W, b):
    def grad(U):
        return U @ tf.transpose(W), tf.transpose(x) @ U, tf.reduce_sum(U, axis=1)
    return x @ W + b, grad
''',
        right=False,
        mistake="sum over the batch axis 0, not axis 1",
        must_mention=("axis|batch",),
    ),
    Answer(
        key="09.fix_linear",
        label="db summed to a scalar",
        code='''
@tf.custom_gradient
def linear(x, W, b):
    def grad(U):
        return U @ tf.transpose(W), tf.transpose(x) @ U, tf.reduce_sum(U)
    return x @ W + b, grad
''',
        right=False,
        mistake="summing over everything gives a scalar; db has b's shape (2,): sum over axis 0",
        must_mention=("axis|shape",),
    ),
    Answer(
        key="09.fix_linear",
        label="db as batch mean",
        code='''
@tf.custom_gradient
def linear(x, W, b):
    def grad(U):
        return U @ tf.transpose(W), tf.transpose(x) @ U, tf.reduce_mean(U, axis=0)
    return x @ W + b, grad
''',
        right=False,
        mistake="b is added to every row: its gradient is the sum over the batch, not the mean",
        must_mention=("sum",),
    ),
    Answer(
        key="09.fix_linear",
        label="transpose of W dropped",
        code='''
@tf.custom_gradient
def linear(x, W, b):
    def grad(U):
        return U @ W, tf.transpose(x) @ U, tf.reduce_sum(U, axis=0)
    return x @ W + b, grad
''',
        right=False,
        mistake="U (batch x 2) @ W (3 x 2) has incompatible shapes: dx = U W^T",
        must_mention=("transpose|shape",),
    ),
    Answer(
        key="09.fix_linear",
        label="db = ones, upstream ignored",
        code='''
@tf.custom_gradient
def linear(x, W, b):
    def grad(U):
        return U @ tf.transpose(W), tf.transpose(x) @ U, tf.ones_like(b)
    return x @ W + b, grad
''',
        right=False,
        mistake="db must use the upstream U: sum U over the batch",
        must_mention=("upstream|sum",),
    ),
    Answer(
        key="09.fix_linear",
        label="gradient for b dropped",
        code='''
@tf.custom_gradient
def linear(x, W, b):
    def grad(U):
        return U @ tf.transpose(W), tf.transpose(x) @ U
    return x @ W + b, grad
''',
        right=False,
        mistake="three inputs need three gradients: the one for b is missing",
        must_mention=("three|count|number of gradients|bias",),
    ),
    Answer(
        key="09.fix_linear",
        label="custom gradient removed",
        code='''
def linear(x, W, b):
    return x @ W + b
''',
        right=False,
        mistake="removing the custom gradient is not fixing it: the exercise is to repair grad",
        must_mention=("custom_gradient|custom gradient|decorator",),
    ),
]
