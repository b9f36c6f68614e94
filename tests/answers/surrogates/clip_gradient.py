"""Exercise 05.clip_gradient: a wrong answer for each mistake it names, and answers written from the learner's side."""

import tensorflow as tf

from answer_kit import Answer, cached, cg

KEY = "05.clip_gradient"

MISTAKES = {
    'clipped_x': cg(tf.identity, lambda x, u: tf.clip_by_value(x, -1, 1)),
    'clipped_forward': cg(lambda x: tf.clip_by_value(x, -1, 1), lambda x, u: u),
    'not_clipped': cg(tf.identity, lambda x, u: u),
    'upstream_ignored': cg(tf.identity, lambda x, u: tf.ones_like(u)),
    'wrong_values': cg(tf.identity, lambda x, u: tf.clip_by_value(u, -2, 2)),
    'stale_upstream': cg(tf.identity, cached(lambda x, u: tf.clip_by_value(u, -1, 1))),
    'norm_clipped': cg(tf.identity, lambda x, u: tf.clip_by_norm(u, 1.0)),
    'sign_only': cg(tf.identity, lambda x, u: tf.sign(u)),
    'soft_clip': cg(tf.identity, lambda x, u: tf.tanh(u)),
    'wrong_bounds': cg(tf.identity, lambda x, u: tf.clip_by_value(u, 0, 1)),
    'mask_by_x': cg(tf.identity, lambda x, u: u * tf.cast(tf.abs(x) <= 1, u.dtype)),
}

ANSWERS = [
    # ---- set ab
    Answer('05.clip_gradient', 'sign-times-capped-magnitude', r'''
@tf.custom_gradient
def clip_gradient(x):
    def grad(upstream):
        # keep the direction of each entry, cap its size at 1 (also fine for inf)
        return tf.sign(upstream) * tf.minimum(tf.abs(upstream), 1)
    return tf.identity(x), grad
''', True),
    Answer('05.clip_gradient', 'clip-by-norm', r'''
@tf.custom_gradient
def clip_gradient(x):
    def grad(upstream):
        return tf.clip_by_norm(upstream, 1.0)
    return tf.identity(x), grad
''', False, 'tf.clip_by_norm rescales the whole tensor to norm 1; the exercise clips each entry to [-1, 1] separately (tf.clip_by_value).',
           ('norm',)),
    Answer('05.clip_gradient', 'python-min-max', r'''
@tf.custom_gradient
def clip_gradient(x):
    def grad(upstream):
        return max(-1.0, min(1.0, upstream))
    return tf.identity(x), grad
''', False, "Python's built-in min and max compare the whole tensor with a number, which needs its truth value and fails for a matrix or inside tf.function: use tf.minimum/tf.maximum or tf.clip_by_value.",
           ('min|max|built-in',)),
    Answer('05.clip_gradient', 'limit-as-default-argument', r'''
@tf.custom_gradient
def clip_gradient(x):
    def grad(upstream, limit=tf.constant(1.0)):
        return tf.clip_by_value(upstream, -limit, limit)
    return tf.identity(x), grad
''', False, "The default limit is a float32 constant, so clipping a float64 gradient fails with a dtype mismatch: use plain Python numbers or cast the limit to upstream's dtype.",
           ('float64|dtype|float32',)),
    # ---- set b
    Answer('05.clip_gradient', 'tf.clip_by_value floats', r'''
@tf.custom_gradient
def clip_gradient(x):
    def grad(upstream):
        return tf.clip_by_value(upstream, -1.0, 1.0)
    return tf.identity(x), grad
''', True),
    Answer('05.clip_gradient', 'tf.minimum of tf.maximum', r'''
@tf.custom_gradient
def clip_gradient(x):
    def grad(upstream):
        return tf.minimum(tf.maximum(upstream, -1.0), 1.0)
    return tf.identity(x), grad
''', True),
    Answer('05.clip_gradient', 'tf.where with sign for large entries', r'''
@tf.custom_gradient
def clip_gradient(x):
    def grad(upstream):
        too_big = tf.abs(upstream) > 1
        return tf.where(too_big, tf.sign(upstream), upstream)
    return tf.identity(x), grad
''', True),
    Answer('05.clip_gradient', 'clip_by_value with int bounds', r'''
@tf.custom_gradient
def clip_gradient(x):
    return tf.identity(x), lambda upstream: tf.clip_by_value(upstream, -1, 1)
''', True),
    Answer('05.clip_gradient', 'np.clip on upstream', r'''
@tf.custom_gradient
def clip_gradient(x):
    def grad(upstream):
        return np.clip(upstream, -1, 1)
    return tf.identity(x), grad
''', False, 'NumPy inside grad: fails inside tf.function; use tf.clip_by_value',
           ('NumPy',)),
    Answer('05.clip_gradient', 'tf.clip_by_values typo', r'''
@tf.custom_gradient
def clip_gradient(x):
    def grad(upstream):
        return tf.clip_by_values(upstream, -1.0, 1.0)
    return tf.identity(x), grad
''', False, 'tf.clip_by_values does not exist (AttributeError): it is tf.clip_by_value',
           ('clip_by_values|AttributeError',)),
    Answer('05.clip_gradient', 'clip_by_value without tf.', r'''
@tf.custom_gradient
def clip_gradient(x):
    def grad(upstream):
        return clip_by_value(upstream, -1.0, 1.0)
    return tf.identity(x), grad
''', False, 'clip_by_value is not defined (NameError): write tf.clip_by_value',
           ('clip_by_value|NameError',)),
    Answer('05.clip_gradient', 'upstream times clipped x', r'''
@tf.custom_gradient
def clip_gradient(x):
    def grad(upstream):
        return upstream * tf.clip_by_value(x, -1.0, 1.0)
    return tf.identity(x), grad
''', False, 'clips the input x, not the gradient: clip upstream itself',
           ('upstream',)),
    Answer('05.clip_gradient', 'tf.clip_by_norm', r'''
@tf.custom_gradient
def clip_gradient(x):
    def grad(upstream):
        return tf.clip_by_norm(upstream, 1.0)
    return tf.identity(x), grad
''', False, 'clip_by_norm rescales the whole vector; the exercise clips each entry to [-1, 1]',
           ('norm|entry|element',)),
    Answer('05.clip_gradient', 'Python min and max', r'''
@tf.custom_gradient
def clip_gradient(x):
    def grad(upstream):
        return max(-1.0, min(1.0, upstream))
    return tf.identity(x), grad
''', False, 'Python min/max need one truth value: fails for vectors and in tf.function; use tf.clip_by_value',
           ('Python|tf.clip_by_value|tf.minimum',)),
    Answer('05.clip_gradient', 'clipped to [0, 1]', r'''
@tf.custom_gradient
def clip_gradient(x):
    def grad(upstream):
        return tf.clip_by_value(upstream, 0.0, 1.0)
    return tf.identity(x), grad
''', False, 'the lower bound is -1, not 0: negative gradients are wiped out',
           ('-1|negative',)),
    Answer('05.clip_gradient', 'forward clipped too', r'''
@tf.custom_gradient
def clip_gradient(x):
    def grad(upstream):
        return tf.clip_by_value(upstream, -1.0, 1.0)
    return tf.clip_by_value(x, -1.0, 1.0), grad
''', False, 'the forward must be the identity; only the gradient is clipped',
           ('identity|forward',)),
    Answer('05.clip_gradient', 'sign of upstream', r'''
@tf.custom_gradient
def clip_gradient(x):
    def grad(upstream):
        return tf.sign(upstream)
    return tf.identity(x), grad
''', False, 'entries already inside [-1, 1] must pass unchanged; sign sends them to +-1',
           ('unchanged|inside|sign',)),
    Answer('05.clip_gradient', 'decorator forgotten', r'''
def clip_gradient(x):
    def grad(upstream):
        return tf.clip_by_value(upstream, -1.0, 1.0)
    return tf.identity(x), grad
''', False, 'without @tf.custom_gradient the function returns a (value, function) tuple',
           ('decorator|custom_gradient',)),
    # ---- set e
    Answer('05.clip_gradient', 'divide by max(|u|, 1)', r'''
@tf.custom_gradient
def clip_gradient(x):
    def grad(upstream):
        return upstream / tf.maximum(tf.abs(upstream), 1.0)   # unchanged inside, ±1 outside
    return tf.identity(x), grad
''', True),
    Answer('05.clip_gradient', 'tf.function on top, min of max', r'''
@tf.function
@tf.custom_gradient
def clip_gradient(x):
    def grad(upstream):
        return tf.minimum(tf.maximum(upstream, -1), 1)
    return tf.identity(x), grad
''', True),
    Answer('05.clip_gradient', 'clip_by_norm', r'''
@tf.custom_gradient
def clip_gradient(x):
    def grad(upstream):
        return tf.clip_by_norm(upstream, 1.0)
    return tf.identity(x), grad
''', False, 'clip_by_norm rescales the whole tensor to norm 1; the exercise clips each entry to [−1, 1].',
           ('entry|element|norm|each',)),
    Answer('05.clip_gradient', 'clips x instead of upstream', r'''
@tf.custom_gradient
def clip_gradient(x):
    def grad(upstream):
        return tf.clip_by_value(x, -1.0, 1.0)
    return tf.identity(x), grad
''', False, 'It is upstream that gets clipped; clipping x ignores upstream altogether.',
           ('upstream',)),
    Answer('05.clip_gradient', 'tanh as a soft clip', r'''
@tf.custom_gradient
def clip_gradient(x):
    def grad(upstream):
        return tf.tanh(upstream)     # squashes into (-1, 1)
    return tf.identity(x), grad
''', False, 'tanh also shrinks gradients already inside [−1, 1]; clipping leaves them unchanged.',
           ('tanh|unchanged|inside|exact|clip_by_value',)),
    Answer('05.clip_gradient', 'np.clip inside grad', r'''
@tf.custom_gradient
def clip_gradient(x):
    def grad(upstream):
        return np.clip(upstream, -1, 1)
    return tf.identity(x), grad
''', False, 'np.clip turns the gradient into a NumPy array (the tape hands back an array) and cannot run in a graph: use tf.clip_by_value.',
           ('numpy|np.clip|array|tf.clip_by_value|tensor',)),
    # ---- set f
    Answer('05.clip_gradient', 'int_bounds', r'''
@tf.custom_gradient
def clip_gradient(x):
    def grad(upstream):
        return tf.clip_by_value(upstream, -1, 1)
    return tf.identity(x), grad
''', True),
    Answer('05.clip_gradient', 'keras_ops_clip', r'''
@tf.custom_gradient
def clip_gradient(x):
    def grad(upstream):
        return tf.keras.ops.clip(upstream, -1.0, 1.0)
    return tf.identity(x), grad
''', True),
    Answer('05.clip_gradient', 'where_sign', r'''
@tf.custom_gradient
def clip_gradient(x):
    def grad(upstream):
        return tf.where(tf.abs(upstream) > 1, tf.sign(upstream), upstream)
    return x, grad
''', True),
    Answer('05.clip_gradient', 'clip_by_norm', r'''
@tf.custom_gradient
def clip_gradient(x):
    def grad(upstream):
        return tf.clip_by_norm(upstream, 1.0)
    return tf.identity(x), grad
''', False, 'clip_by_norm rescales the whole tensor to norm 1; the exercise clips each entry to [−1, 1].',
           ('entry|element|each|norm',)),
    Answer('05.clip_gradient', 'clips_x_not_upstream', r'''
@tf.custom_gradient
def clip_gradient(x):
    def grad(upstream):
        return tf.clip_by_value(x, -1.0, 1.0)
    return tf.identity(x), grad
''', False, 'It clips x, not upstream: the gradient must be the upstream, clipped.',
           ('upstream',)),
    Answer('05.clip_gradient', 'forward_clipped_too', r'''
@tf.custom_gradient
def clip_gradient(x):
    def grad(upstream):
        return tf.clip_by_value(upstream, -1.0, 1.0)
    return tf.clip_by_value(x, -1.0, 1.0), grad
''', False, 'The forward must be the identity; only the gradient is clipped.',
           ('forward|identity|value',)),
    Answer('05.clip_gradient', 'reversal_factory_pattern', r'''
def clip_gradient(limit=1.0):
    @tf.custom_gradient
    def clip(x):
        def grad(upstream):
            return tf.clip_by_value(upstream, -limit, limit)
        return tf.identity(x), grad
    return clip
''', False, 'clip_gradient is a factory here: called on a tensor it returns a function, not the identity of x.',
           ('factory|function|callable|closure|tensor',)),
    # ---- set g
    Answer('05.clip_gradient', 'sign-times-min', r'''
@tf.custom_gradient
def clip_gradient(x):
    def grad(upstream):
        return tf.sign(upstream) * tf.minimum(tf.abs(upstream), 1)
    return tf.identity(x), grad
''', True),
    Answer('05.clip_gradient', 'maximum-of-minimum', r'''
@tf.custom_gradient
def clip_gradient(x):
    def grad(upstream):
        return tf.maximum(tf.minimum(upstream, 1.0), -1.0)
    return tf.identity(x), grad
''', True),
    Answer('05.clip_gradient', 'clip-by-norm', r'''
@tf.custom_gradient
def clip_gradient(x):
    def grad(upstream):
        return tf.clip_by_norm(upstream, 1.0)
    return tf.identity(x), grad
''', False, 'clip_by_norm rescales the whole tensor to norm 1; the exercise clips each entry to [-1, 1]',
           ('entry|element|norm',)),
    Answer('05.clip_gradient', 'float32-constant-bounds', r'''
@tf.custom_gradient
def clip_gradient(x):
    def grad(upstream):
        lo, hi = tf.constant(-1.0), tf.constant(1.0)
        return tf.clip_by_value(upstream, lo, hi)
    return tf.identity(x), grad
''', False, 'tf.constant(-1.0) is float32: clipping a float64 upstream against it fails',
           ('float64|dtype',)),
    Answer('05.clip_gradient', 'clip-thought-in-place', r'''
@tf.custom_gradient
def clip_gradient(x):
    def grad(upstream):
        tf.clip_by_value(upstream, -1.0, 1.0)
        return upstream
    return tf.identity(x), grad
''', False, 'tf.clip_by_value returns a new tensor and leaves upstream as it was: the gradient passes unclipped',
           ('clip|unchanged|identity|not clipped|unclipped',)),
    Answer('05.clip_gradient', 'register-gradient-override', r'''
try:
    @tf.RegisterGradient("ClipGradientTo1")
    def _clip_grad(op, upstream):
        return tf.clip_by_value(upstream, -1.0, 1.0)
except KeyError:
    pass        # already registered when the cell runs again

def clip_gradient(x):
    with tf.compat.v1.get_default_graph().gradient_override_map({"Identity": "ClipGradientTo1"}):
        return tf.identity(x)
''', False, 'a tape recording tf.identity eagerly ignores gradient_override_map: the gradient is not clipped; use tf.custom_gradient',
           ('clip|override|custom_gradient|unclipped|identity',)),
    Answer('05.clip_gradient', 'returns-grad-applied-to-x', r'''
@tf.custom_gradient
def clip_gradient(x):
    def grad(upstream):
        return tf.clip_by_value(upstream, -1.0, 1.0)
    return tf.identity(x), grad(x)
''', False, 'returns grad(x), a tensor, where TensorFlow expects the function grad itself',
           ('function|callable|grad',)),
    # ---- set holdout
    Answer('05.clip_gradient', 'sign times min(|u|, 1)', r'''
@tf.custom_gradient
def clip_gradient(x):
    def grad(upstream):
        return tf.sign(upstream) * tf.minimum(tf.abs(upstream), 1.0)
    return tf.identity(x), grad
''', True),
    Answer('05.clip_gradient', 'clip_by_norm', r'''
@tf.custom_gradient
def clip_gradient(x):
    def grad(upstream):
        return tf.clip_by_norm(upstream, 1.0)
    return tf.identity(x), grad
''', False, 'clip_by_norm rescales the whole vector; the exercise clips each entry to [−1, 1].',
           ('entry|elementwise|element-wise|clip_by_value|norm',)),
    Answer('05.clip_gradient', 'min and max swapped', r'''
@tf.custom_gradient
def clip_gradient(x):
    def grad(upstream):
        return tf.clip_by_value(upstream, 1.0, -1.0)
    return tf.identity(x), grad
''', False, 'clip_by_value takes the minimum first, then the maximum.',
           ('order|min|max|range|argument',)),
    Answer('05.clip_gradient', 'clipped forward too', r'''
@tf.custom_gradient
def clip_gradient(x):
    def grad(upstream):
        return tf.clip_by_value(upstream, -1.0, 1.0)
    return tf.clip_by_value(x, -1.0, 1.0), grad
''', False, 'The forward must stay the identity; only the backward clips.',
           ('forward|identity|value',)),
    Answer('05.clip_gradient', 'python conditional', r'''
@tf.custom_gradient
def clip_gradient(x):
    def grad(upstream):
        return upstream if tf.abs(upstream) <= 1 else tf.sign(upstream)
    return tf.identity(x), grad
''', False, 'A Python conditional on a tensor fails for vectors and inside tf.function; use tf.clip_by_value.',
           ('if|Python|tf.where|clip_by_value|boolean|truth',)),
    Answer('05.clip_gradient', 'np.clip', r'''
@tf.custom_gradient
def clip_gradient(x):
    def grad(upstream):
        return np.clip(upstream, -1, 1)
    return tf.identity(x), grad
''', False, 'np.clip needs concrete values: it fails inside tf.function; use tf.clip_by_value.',
           ('NumPy|np.clip|tf.function|symbolic|clip_by_value',)),
    # ---- set j
    Answer('05.clip_gradient', 'min-max-nesting', r'''
@tf.custom_gradient
def clip_gradient(x):
    def grad(upstream):
        return tf.minimum(tf.maximum(upstream, -1.0), 1.0)
    return tf.identity(x), grad
''', True),
    Answer('05.clip_gradient', 'class-with-call', r'''
class GradientClipper:
    """Identity forward, gradient clipped entry by entry to [-limit, limit]."""

    def __init__(self, limit=1.0):
        self.limit = limit

    @tf.custom_gradient
    def __call__(self, x):
        def grad(upstream):
            too_big = tf.abs(upstream) > self.limit
            return tf.where(too_big, self.limit * tf.sign(upstream), upstream)
        return tf.identity(x), grad

clip_gradient = GradientClipper(1.0)
''', True),
    Answer('05.clip_gradient', 'clip-by-norm', r'''
@tf.custom_gradient
def clip_gradient(x):
    def grad(upstream):
        return tf.clip_by_norm(upstream, 1.0)
    return tf.identity(x), grad
''', False, 'clip_by_norm rescales the whole tensor to norm 1; the exercise clips each entry to [-1, 1] (tf.clip_by_value).',
           ('norm|entry|element',)),
    Answer('05.clip_gradient', 'clips-x-not-upstream', r'''
@tf.custom_gradient
def clip_gradient(x):
    def grad(upstream):
        return tf.clip_by_value(x, -1.0, 1.0)
    return tf.identity(x), grad
''', False, 'grad clips x, the input, instead of the upstream gradient it receives.',
           ('upstream',)),
    Answer('05.clip_gradient', 'jax-defvjp-style', r'''
def clip_gradient_fwd(x):
    return tf.identity(x), None                  # (output, residuals), as in jax.custom_vjp

def clip_gradient_bwd(residuals, upstream):
    return (tf.clip_by_value(upstream, -1.0, 1.0),)

@tf.custom_gradient
def clip_gradient(x):
    return tf.identity(x)

clip_gradient.defvjp(clip_gradient_fwd, clip_gradient_bwd)
''', False, 'TensorFlow has no defvjp: a @tf.custom_gradient function returns (output, grad) itself, with grad defined inside it.',
           ('defvjp|AttributeError',)),
    Answer('05.clip_gradient', 'clip-bounds-swapped', r'''
@tf.custom_gradient
def clip_gradient(x):
    return tf.identity(x), lambda upstream: tf.clip_by_value(upstream, 1.0, -1.0)
''', False, 'clip_by_value takes (t, min, max): with min=1 and max=-1 every entry comes out 1.',
           ('min|order|swapped|bounds',)),
    Answer('05.clip_gradient', 'cached-gradient-between-calls', r'''
_clipped = {}

@tf.custom_gradient
def clip_gradient(x):
    def grad(upstream):
        key = tuple(upstream.shape)
        if key not in _clipped:                      # only clip once per shape, reuse after
            _clipped[key] = tf.clip_by_value(upstream, -1.0, 1.0)
        return _clipped[key]
    return tf.identity(x), grad
''', False, 'The clipped gradient is cached from the first call and reused, so later upstreams (and dtypes) are ignored.',
           ('upstream|cache|previous',)),
    # ---- set l
    Answer('05.clip_gradient', 'where-sign-for-large-entries', r'''
@tf.custom_gradient
def clip_gradient(x):
    def grad(upstream):
        too_big = tf.abs(upstream) > 1
        return tf.where(too_big, tf.sign(upstream), upstream)
    return tf.identity(x), grad
''', True),
    Answer('05.clip_gradient', 'stackoverflow-clip-by-norm', r'''
@tf.custom_gradient
def clip_gradient(x):
    def grad(upstream):
        return tf.clip_by_norm(upstream, 1.0)      # standard gradient clipping
    return tf.identity(x), grad
''', False, 'clip_by_norm rescales the whole tensor to norm 1; the exercise clips each entry to [-1, 1].',
           ('entry|element|norm',)),
    Answer('05.clip_gradient', 'clipped-x-instead-of-upstream', r'''
@tf.custom_gradient
def clip_gradient(x):
    def grad(upstream):
        return tf.clip_by_value(x, -1.0, 1.0)
    return tf.identity(x), grad
''', False, 'grad clips the input x, not the gradient: clip upstream.',
           ('upstream',)),
    Answer('05.clip_gradient', 'upstream-twice-second-attempt', r'''
@tf.custom_gradient
def clip_gradient(x):
    def grad(upstream):
        # feedback said I forgot upstream, so multiply by it
        return upstream * tf.clip_by_value(upstream, -1.0, 1.0)
    return tf.identity(x), grad
''', False, 'The clipped upstream is already the gradient; multiplying by upstream again uses it twice.',
           ('upstream',)),
    Answer('05.clip_gradient', 'float32-constant-bounds', r'''
LOW, HIGH = tf.constant(-1.0), tf.constant(1.0)

@tf.custom_gradient
def clip_gradient(x):
    def grad(upstream):
        return tf.clip_by_value(upstream, LOW, HIGH)
    return tf.identity(x), grad
''', False, 'The bounds are float32 tensors, so a float64 upstream fails; use Python numbers or cast them.',
           ('dtype|float64|float32',)),
    Answer('05.clip_gradient', 'returns-both-for-debugging', r'''
@tf.custom_gradient
def clip_gradient(x):
    def grad(upstream):
        clipped = tf.clip_by_value(upstream, -1.0, 1.0)
        tf.print("upstream", upstream, "clipped", clipped)
        return clipped, upstream          # keep the raw one too, to compare
    return tf.identity(x), grad
''', False, 'clip_gradient has one input, so grad must return exactly one gradient, not a pair.',
           ('one|input|number',)),
    # ---- set m
    Answer('05.clip_gradient', 'golfed-lambda', r'''
clip_gradient = tf.custom_gradient(lambda x: (tf.identity(x), lambda u: tf.maximum(tf.minimum(u, 1), -1)))
''', True),
    Answer('05.clip_gradient', 'clips-forward', r'''
@tf.custom_gradient
def clip_gradient(x):
    def grad(upstream):
        return upstream
    return tf.clip_by_value(x, -1.0, 1.0), grad
''', False, 'Clips the forward value instead of the gradient: the forward must be the identity.',
           ('forward|identity',)),
    Answer('05.clip_gradient', 'clip-by-norm', r'''
@tf.custom_gradient
def clip_gradient(x):
    def grad(upstream):
        return tf.clip_by_norm(upstream, 1.0)
    return tf.identity(x), grad
''', False, 'clip_by_norm rescales the whole gradient; the exercise clips each entry separately.',
           ('entry|norm|elementwise',)),
    Answer('05.clip_gradient', 'upper-only', r'''
@tf.custom_gradient
def clip_gradient(x):
    def grad(upstream):
        return tf.minimum(upstream, 1.0)
    return tf.identity(x), grad
''', False, 'Only the upper bound is applied: entries below −1 must be clipped too.',
           ('-1|−1|lower|negative|below',)),
    Answer('05.clip_gradient', 'float32-bounds', r'''
LOW, HIGH = tf.constant(-1.0), tf.constant(1.0)

@tf.custom_gradient
def clip_gradient(x):
    def grad(upstream):
        return tf.clip_by_value(upstream, LOW, HIGH)
    return tf.identity(x), grad
''', False, "The float32 bounds break float64 gradients: make the bounds in upstream's dtype (or use Python numbers).",
           ('dtype|float64',)),
    # ---- set o
    Answer('05.clip_gradient', 'min-of-max', r'''
@tf.custom_gradient
def clip_gradient(x):
    def grad(upstream):
        return tf.minimum(tf.maximum(upstream, -1.0), 1.0)
    return tf.identity(x), grad
''', True),
    Answer('05.clip_gradient', 'divide-by-max-abs-one', r'''
@tf.custom_gradient
def clip_gradient(x):
    def grad(upstream):
        # |u| <= 1: divided by 1, unchanged; |u| > 1: u / |u| = sign(u)
        return upstream / tf.maximum(tf.abs(upstream), tf.ones_like(upstream))
    return tf.identity(x), grad
''', True),
    Answer('05.clip_gradient', 'clip-by-norm', r'''
@tf.custom_gradient
def clip_gradient(x):
    def grad(upstream):
        return tf.clip_by_norm(upstream, 1.0)
    return tf.identity(x), grad
''', False, 'tf.clip_by_norm rescales the whole tensor to norm 1; the exercise clips each entry to [-1, 1] on its own',
           ('entry|norm|element',)),
    Answer('05.clip_gradient', 'python-max-min-builtins', r'''
@tf.custom_gradient
def clip_gradient(x):
    def grad(upstream):
        return max(-1.0, min(1.0, upstream))
    return tf.identity(x), grad
''', False, "Python's min/max compare whole tensors with one truth value; they fail on a matrix and in tf.function: use tf.clip_by_value",
           ('python|builtin|min|max|truth value',)),
    Answer('05.clip_gradient', 'debug-print-numpy', r'''
@tf.custom_gradient
def clip_gradient(x):
    def grad(upstream):
        print("upstream before clipping:", upstream.numpy())
        return tf.clip_by_value(upstream, -1, 1)
    return tf.identity(x), grad
''', False, 'the debugging print calls .numpy(), which a symbolic tensor inside tf.function does not have: remove it or use tf.print',
           ('numpy|print|tf.function|symbolic',)),
    Answer('05.clip_gradient', 'decorated-twice', r'''
@tf.custom_gradient
@tf.custom_gradient
def clip_gradient(x):
    def grad(upstream):
        return tf.clip_by_value(upstream, -1.0, 1.0)
    return tf.identity(x), grad
''', False, '@tf.custom_gradient is applied twice: the outer one expects (y, grad) from a function that already returns only y',
           ('twice|decorat|custom_gradient',)),
    # ---- set q
    Answer('05.clip_gradient', 'jax-style-fwd-bwd-tuple', r'''
# JAX habit: a fwd that returns residuals, a bwd that returns one cotangent per input (a tuple)
def clip_gradient_fwd(x):
    return tf.identity(x), None          # no residuals needed

def clip_gradient_bwd(residuals, g):
    return (tf.minimum(tf.maximum(g, -1.0), 1.0),)

@tf.custom_gradient
def clip_gradient(x):
    y, residuals = clip_gradient_fwd(x)
    return y, lambda g: clip_gradient_bwd(residuals, g)
''', True),
    Answer('05.clip_gradient', 'docs-clip-by-norm', r'''
# from the tf.custom_gradient docs example (clip_gradient_by_norm)
@tf.custom_gradient
def clip_gradient(x):
    y = tf.identity(x)
    def grad_fn(dresult):
        return [tf.clip_by_norm(dresult, 1.0)]
    return y, grad_fn
''', False, 'tf.clip_by_norm rescales the whole gradient so that its norm is at most 1; the exercise clips each entry to [-1, 1] on its own (tf.clip_by_value)',
           ('norm|entry by entry|each entry|elementwise|element-wise|element by element|rescale',)),
    Answer('05.clip_gradient', 'jax-nondiff-argnums-signature', r'''
# translated from the JAX docs' clip_gradient(lo, hi, x) with nondiff_argnums=(0, 1)
@tf.custom_gradient
def clip_gradient(lo, hi, x):
    def grad(g):
        return None, None, tf.clip_by_value(g, lo, hi)
    return tf.identity(x), grad
''', False, 'clip_gradient must take the one tensor x (the bounds are fixed at -1 and 1); with (lo, hi, x) a call clip_gradient(x) fails for missing arguments',
           ('argument|signature|one input|positional|lo, hi',)),
    Answer('05.clip_gradient', 'returns-the-factory', r'''
def make_clip_gradient(limit=1.0):
    @tf.custom_gradient
    def clip(x):
        def grad(upstream):
            return tf.clip_by_value(upstream, -limit, limit)
        return tf.identity(x), grad
    return clip

clip_gradient = make_clip_gradient
''', False, 'clip_gradient is the factory: clip_gradient(x) returns a function instead of a tensor; assign clip_gradient = make_clip_gradient(1.0)',
           ('factory|returned a function|returns a function|callable|make_clip_gradient',)),
    # ---- set t
    Answer('05.clip_gradient', 'sign-times-min-abs', r'''
@tf.custom_gradient
def clip_gradient(x):
    def grad(upstream):
        # keep the direction of each entry, cap its size at 1
        return tf.sign(upstream) * tf.minimum(tf.abs(upstream), 1)
    return tf.identity(x), grad
''', True),
    Answer('05.clip_gradient', 'clip-by-norm', r'''
@tf.custom_gradient
def clip_gradient(x):
    def grad(upstream):
        return tf.clip_by_norm(upstream, 1.0)
    return tf.identity(x), grad
''', False, 'clip_by_norm rescales the whole gradient to norm 1; the exercise clips each entry to [-1, 1] on its own.',
           ('entry|element|each',)),
    Answer('05.clip_gradient', 'clips-x-not-upstream', r'''
@tf.custom_gradient
def clip_gradient(x):
    def grad(upstream):
        return tf.clip_by_value(x, -1, 1)
    return tf.identity(x), grad
''', False, 'grad clips the input x instead of the incoming gradient; clip upstream.',
           ('upstream',)),
    Answer('05.clip_gradient', 'relu-cancellation', r'''
@tf.custom_gradient
def clip_gradient(x):
    def grad(upstream):
        # subtract the overshoot above 1 and below -1
        return upstream - tf.nn.relu(upstream - 1) + tf.nn.relu(-upstream - 1)
    return tf.identity(x), grad
''', False, 'u - (u - 1) cancels catastrophically for large gradients (float32 u = 1e8 gives 0, not 1): exactly the exploding gradients clipping is for. Use tf.clip_by_value.',
           ('large|huge|cancel|round',)),
    # ---- set v
    Answer('05.clip_gradient', 'map-fn-over-entries', r'''
@tf.custom_gradient
def clip_gradient(x):
    def grad(upstream):
        entries = tf.reshape(upstream, [-1])
        clipped = tf.map_fn(lambda u: tf.minimum(tf.maximum(u, -1), 1), entries)
        return tf.reshape(clipped, tf.shape(upstream))
    return tf.identity(x), grad
''', True),
    Answer('05.clip_gradient', 'input-signature-float32', r'''
@tf.custom_gradient
def _clip(x):
    return tf.identity(x), lambda upstream: tf.clip_by_value(upstream, -1.0, 1.0)


# compile once, for any shape
clip_gradient = tf.function(_clip, input_signature=[tf.TensorSpec(shape=None, dtype=tf.float32)])
''', False, 'The input_signature fixes the dtype to float32, so a float64 input is refused.',
           ('float64|dtype|signature',)),
    Answer('05.clip_gradient', 'module-clip-by-norm', r'''
class GradientClipper(tf.Module):
    def __init__(self, limit=1.0, name=None):
        super().__init__(name=name)
        self.limit = limit

    @tf.custom_gradient
    def __call__(self, x):
        return tf.identity(x), lambda upstream: tf.clip_by_norm(upstream, self.limit)


clip_gradient = GradientClipper()
''', False, 'clip_by_norm rescales the whole upstream to norm 1; clip each entry to [-1, 1] instead.',
           ('entry|element|norm',)),
    Answer('05.clip_gradient', 'variable-as-gradient', r'''
@tf.custom_gradient
def clip_gradient(x):
    def grad(upstream):
        g = tf.Variable(upstream, trainable=False)     # a buffer to clip in place
        g.assign(tf.clip_by_value(g, -1.0, 1.0))
        return g
    return tf.identity(x), grad
''', False, 'grad creates a tf.Variable each time it runs: that works eagerly but fails inside tf.function; return a tensor.',
           ('tf.function|variable',)),
    # ---- set x
    Answer('05.clip_gradient', 'where-sign-clip', r'''
from typing import Callable, Tuple


@tf.custom_gradient
def clip_gradient(x: tf.Tensor) -> Tuple[tf.Tensor, Callable[[tf.Tensor], tf.Tensor]]:
    """Identity forward; backward clips each gradient entry to [-1, 1].

    An entry whose magnitude exceeds 1 is replaced by its sign (+1 or -1); every other entry
    passes unchanged. Everything is elementwise, so any shape and dtype works.
    """
    def grad(upstream: tf.Tensor) -> tf.Tensor:
        too_big = tf.abs(upstream) > tf.constant(1, upstream.dtype)
        return tf.where(too_big, tf.sign(upstream), upstream)

    return tf.identity(x), grad


# --- self-test, eager and compiled ------------------------------------------------
def _grad_of(x, u):
    with tf.GradientTape() as tape:
        tape.watch(x)
        y = clip_gradient(x)
    return tape.gradient(y, x, output_gradients=u)

_x = tf.constant([[1.0, 2.0], [3.0, 4.0]])
_u = tf.constant([[-3.0, 0.5], [1.0, 7.0]])
for _mode in (_grad_of, tf.function(_grad_of)):
    assert np.allclose(_mode(_x, _u), [[-1.0, 0.5], [1.0, 1.0]])
''', True),
    Answer('05.clip_gradient', 'clip-by-norm', r'''
from typing import Callable, Tuple

MAX_NORM: float = 1.0


@tf.custom_gradient
def clip_gradient(x: tf.Tensor) -> Tuple[tf.Tensor, Callable[[tf.Tensor], tf.Tensor]]:
    """Identity forward; gradient clipped to at most 1 in the backward pass.

    Uses tf.clip_by_norm, the numerically robust way to clip that also preserves the
    gradient's direction (the standard choice in optimisers).
    """
    def grad(upstream: tf.Tensor) -> tf.Tensor:
        return tf.clip_by_norm(upstream, tf.cast(MAX_NORM, upstream.dtype))

    return tf.identity(x), grad
''', False, 'clip_by_norm rescales the whole tensor by its norm; the exercise clips each entry to [-1, 1] separately',
           ('entry|elementwise|element|norm',)),
    Answer('05.clip_gradient', 'float32-everything', r'''
from typing import Callable, Tuple


def _ensure_float32(t) -> tf.Tensor:
    """Defensive cast: the rest of the pipeline assumes float32."""
    return tf.cast(tf.convert_to_tensor(t), tf.float32)


@tf.custom_gradient
def clip_gradient(x: tf.Tensor) -> Tuple[tf.Tensor, Callable[[tf.Tensor], tf.Tensor]]:
    """Identity forward, per-entry gradient clipping to [-1, 1] backward."""
    def grad(upstream: tf.Tensor) -> tf.Tensor:
        g = _ensure_float32(upstream)
        g = tf.where(tf.math.is_finite(g), g, tf.zeros_like(g))   # drop inf / NaN
        return tf.clip_by_value(g, -1.0, 1.0)

    return tf.identity(x), grad
''', False, "for the float64 vector the gradient comes back float32; keep upstream's dtype",
           ('dtype|float64',)),
    Answer('05.clip_gradient', 'python-if-on-max', r'''
from typing import Callable, Tuple


@tf.custom_gradient
def clip_gradient(x: tf.Tensor) -> Tuple[tf.Tensor, Callable[[tf.Tensor], tf.Tensor]]:
    """Identity forward; clip the gradient to [-1, 1], but only when it actually needs it.

    Skipping the clip op when no entry is out of range saves work in the common case.
    """
    def grad(upstream: tf.Tensor) -> tf.Tensor:
        if tf.reduce_max(tf.abs(upstream)) > 1.0:     # fast path: nothing to clip
            return tf.clip_by_value(upstream, -1.0, 1.0)
        return upstream

    return tf.identity(x), grad


_x = tf.constant([1.0, 2.0, 3.0])
with tf.GradientTape() as _tape:
    _tape.watch(_x)
    _y = 5.0 * clip_gradient(_x)
print("self-test:", _tape.gradient(_y, _x).numpy())   # [1. 1. 1.]
''', False, 'a Python if on a tensor inside grad fails inside tf.function; clip with tf ops unconditionally',
           ('tf.function|graph|python if',)),
    # ---- set z
    Answer('05.clip_gradient', 'where-sign-else-upstream', r'''
@tf.custom_gradient
def clip_gradient(x):
    def grad(upstream):
        too_big = tf.abs(upstream) > 1
        return tf.where(too_big, tf.sign(upstream), upstream)   # ±1 where it sticks out
    return tf.identity(x), grad
''', True),
    Answer('05.clip_gradient', 'clip-by-norm', r'''
@tf.custom_gradient
def clip_gradient(x):
    def grad(upstream):
        return tf.clip_by_norm(upstream, 1.0)
    return tf.identity(x), grad
''', False, 'tf.clip_by_norm rescales the whole tensor to norm 1; the exercise clips each entry to [-1, 1] (tf.clip_by_value).',
           ('norm',)),
    Answer('05.clip_gradient', 'numpy-clip-in-grad', r'''
@tf.custom_gradient
def clip_gradient(x):
    def grad(upstream):
        return np.clip(upstream.numpy(), -1, 1)
    return tf.identity(x), grad
''', False, 'upstream.numpy() and np.clip work eagerly only; inside tf.function upstream is symbolic. Use tf.clip_by_value.',
           ('numpy|tf.function',)),
    Answer('05.clip_gradient', 'abs-difference-formula', r'''
@tf.custom_gradient
def clip_gradient(x):
    def grad(upstream):
        # clip(u, -1, 1) = (|u + 1| - |u - 1|) / 2, no branches needed
        return (tf.abs(upstream + 1) - tf.abs(upstream - 1)) / 2
    return tf.identity(x), grad
''', False, 'The formula is right on paper but for huge upstreams u + 1 and u - 1 round to the same number, so the result is 0 instead of ±1.',
           ('huge|large|precision|round',)),
    # ---- set r (written after the cold read of 2026-11, before the judge changed: exercise 1's mask again)
    Answer('05.clip_gradient', 'mask-from-x-like-exercise-1', r'''
@tf.custom_gradient
def clip_gradient(x):
    def grad(upstream):
        inside = tf.cast(tf.abs(x) <= 1, upstream.dtype)    # pass the gradient only inside [-1, 1]
        return upstream * inside
    return tf.identity(x), grad
''', False, "That is exercise 1's mask: it lets the gradient through depending on x. Clipping limits upstream itself, whatever x is.",
           ('exercise 1|mask', 'whatever x|not on x|only on upstream|upstream only|upstream itself')),
    Answer('05.clip_gradient', 'where-on-x-zero-outside', r'''
@tf.custom_gradient
def clip_gradient(x):
    def grad(upstream):
        return tf.where(tf.abs(x) > 1.0, tf.zeros_like(upstream), upstream)
    return tf.identity(x), grad
''', False, "The condition tests x: clipping depends on upstream only, each entry limited to [-1, 1].",
           ('whatever x|not on x|only on upstream|upstream only|upstream itself',)),
]
