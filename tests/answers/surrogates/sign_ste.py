"""Exercise 05.sign_ste: a wrong answer for each mistake it names, and answers written from the learner's side."""

import tensorflow as tf

from answer_kit import Answer, cached, cg

KEY = "05.sign_ste"

MISTAKES = {
    'no_saturation': cg(tf.sign, lambda x, u: u),
    'mask_inverted': cg(tf.sign, lambda x, u: u * tf.cast(tf.abs(x) > 1, u.dtype)),
    'upstream_ignored': cg(tf.sign, lambda x, u: tf.cast(tf.abs(x) <= 1, u.dtype)),
    'surrogate_forward': cg(lambda x: tf.clip_by_value(x, -1, 1), lambda x, u: u),
    'wrong_shape': cg(tf.sign, lambda x, u: tf.reduce_sum(u, axis=0)),
    'none': lambda x: tf.stop_gradient(tf.sign(x)),
    'plain_sign': tf.sign,
    'not_in_function': cg(tf.sign, lambda x, u: u * tf.cast(tf.abs(x) <= 1, u.dtype) if tf.executing_eagerly()
                                  else u),
    'stale_upstream': cg(tf.sign, cached(lambda x, u: u * tf.cast(tf.abs(x) <= 1, u.dtype))),
    'edges_excluded': cg(tf.sign, lambda x, u: u * tf.cast(tf.abs(x) < 1, u.dtype)),
    'smooth_surrogate': cg(tf.sign, lambda x, u: u * (1 - tf.tanh(x) ** 2)),
    'whole_tensor': cg(
        tf.sign, lambda x, u: u if bool(tf.reduce_all(tf.abs(x) <= 1)) else tf.zeros_like(u)),
    'mask_on_upstream': cg(tf.sign, lambda x, u: u * tf.cast(tf.abs(u) <= 1, u.dtype)),
    'one_edge': cg(tf.sign, lambda x, u: u * tf.cast(x <= 1, u.dtype)),
}

ANSWERS = [
    # ---- set ab
    Answer('05.sign_ste', 'relu-sign-mask', r'''
@tf.custom_gradient
def sign_ste(x):
    def grad(upstream):
        # relu(|x| - 1) is 0 on [-1, 1] (edges included) and positive outside;
        # its sign is then 0 inside and 1 outside, so 1 - sign(...) is the hard tanh's slope
        outside = tf.sign(tf.nn.relu(tf.abs(x) - 1))
        return upstream * (1 - outside)
    return tf.sign(x), grad
''', True),
    Answer('05.sign_ste', 'chained-python-comparison', r'''
@tf.custom_gradient
def sign_ste(x):
    def grad(upstream):
        inside = -1.0 <= x <= 1.0          # reads like the maths: -1 <= x <= 1
        return upstream * tf.cast(inside, upstream.dtype)
    return tf.sign(x), grad
''', False, '`-1 <= x <= 1` is a chained Python comparison: it asks for the truth value of a tensor, which fails for a vector and inside tf.function; combine the two comparisons with tf.logical_and (or &).',
           ('chain|logical_and|&|truth|bool',)),
    Answer('05.sign_ste', 'map-fn-with-python-if', r'''
@tf.custom_gradient
def sign_ste(x):
    def grad(upstream):
        def slope(t):
            if abs(t) <= 1:            # one entry at a time, so a Python if should be fine
                return tf.ones_like(t)
            return tf.zeros_like(t)
        return upstream * tf.map_fn(slope, x)
    return tf.sign(x), grad
''', False, 'tf.map_fn maps over the first axis only (rows of a matrix), and the Python `if` on a tensor fails for a row and inside tf.function: choose entry by entry with tf.where or a cast mask.',
           ('if|where|mask',)),
    Answer('05.sign_ste', 'upstream-multiplied-twice', r'''
@tf.custom_gradient
def sign_ste(x):
    def grad(upstream):
        # the feedback said: multiply by upstream. So: upstream times (upstream times the slope)
        slope = upstream * tf.cast(tf.abs(x) <= 1, x.dtype)
        return upstream * slope
    return tf.sign(x), grad
''', False, 'Upstream is multiplied in twice: the gradient is upstream times the slope, once.',
           ('upstream',)),
    # ---- set b
    Answer('05.sign_ste', 'tf.where on |x| <= 1', r'''
@tf.custom_gradient
def sign_ste(x):
    def grad(upstream):
        return tf.where(tf.abs(x) <= 1, upstream, tf.zeros_like(upstream))
    return tf.sign(x), grad
''', True),
    Answer('05.sign_ste', 'cast mask times upstream', r'''
@tf.custom_gradient
def sign_ste(x):
    def grad(upstream):
        mask = tf.cast(tf.abs(x) <= 1.0, upstream.dtype)
        return upstream * mask
    return tf.sign(x), grad
''', True),
    Answer('05.sign_ste', 'logical_and of two comparisons', r'''
@tf.custom_gradient
def sign_ste(x):
    y = tf.sign(x)
    def grad(upstream):
        inside = tf.logical_and(x >= -1.0, x <= 1.0)
        return upstream * tf.cast(inside, x.dtype)
    return y, grad
''', True),
    Answer('05.sign_ste', 'inverted mask (|x| > 1)', r'''
@tf.custom_gradient
def sign_ste(x):
    def grad(upstream):
        return tf.where(tf.abs(x) > 1, upstream, tf.zeros_like(upstream))
    return tf.sign(x), grad
''', False, 'the mask is inverted: upstream must pass where |x| <= 1 and be zero outside',
           ('inverted|outside|mask',)),
    Answer('05.sign_ste', 'mask without upstream', r'''
@tf.custom_gradient
def sign_ste(x):
    def grad(upstream):
        return tf.cast(tf.abs(x) <= 1, tf.float32)
    return tf.sign(x), grad
''', False, 'returns the local slope only: multiply the mask by upstream',
           ('upstream',)),
    Answer('05.sign_ste', 'np.where in grad', r'''
@tf.custom_gradient
def sign_ste(x):
    def grad(upstream):
        return np.where(np.abs(x) <= 1, upstream, 0)
    return tf.sign(x), grad
''', False, 'NumPy inside grad needs concrete values: fails inside tf.function; use tf.where/tf.abs',
           ('NumPy|tf.function',)),
    Answer('05.sign_ste', 'Python if on the tensor', r'''
@tf.custom_gradient
def sign_ste(x):
    def grad(upstream):
        if tf.abs(x) <= 1:
            return upstream
        else:
            return tf.zeros_like(upstream)
    return tf.sign(x), grad
''', False, 'a Python if needs one boolean: fails for vectors and inside tf.function; use tf.where',
           ('Python|tf.where',)),
    Answer('05.sign_ste', 'multiply by a bool tensor', r'''
@tf.custom_gradient
def sign_ste(x):
    def grad(upstream):
        return upstream * (tf.abs(x) <= 1)
    return tf.sign(x), grad
''', False, 'multiplying by a bool mask silently gives a bool gradient: cast the mask to the float dtype',
           ('cast|bool',)),
    Answer('05.sign_ste', 'clips upstream instead of masking', r'''
@tf.custom_gradient
def sign_ste(x):
    def grad(upstream):
        return tf.clip_by_value(upstream, -1.0, 1.0)
    return tf.sign(x), grad
''', False, 'clips the upstream gradient; the mask must depend on x: zero where |x| > 1',
           ('zero|mask',)),
    Answer('05.sign_ste', 'strict < 1 at the boundary', r'''
@tf.custom_gradient
def sign_ste(x):
    def grad(upstream):
        return tf.where(tf.abs(x) < 1, upstream, tf.zeros_like(upstream))
    return tf.sign(x), grad
''', False, 'at |x| = 1 exactly upstream must still pass: use <= 1, not < 1',
           ('<=|boundary|edge',)),
    Answer('05.sign_ste', 'decorator forgotten', r'''
def sign_ste(x):
    def grad(upstream):
        return tf.where(tf.abs(x) <= 1, upstream, tf.zeros_like(upstream))
    return tf.sign(x), grad
''', False, 'without @tf.custom_gradient the function returns a (value, function) tuple',
           ('decorator|custom_gradient',)),
    Answer('05.sign_ste', 'plain tf.sign, no custom gradient', r'''
def sign_ste(x):
    return tf.sign(x)
''', False, 'plain tf.sign has gradient zero everywhere; a custom gradient is needed',
           ('custom_gradient|custom gradient|zero',)),
    Answer('05.sign_ste', 'tf.math.absolute typo', r'''
@tf.custom_gradient
def sign_ste(x):
    def grad(upstream):
        return tf.where(tf.math.absolute(x) <= 1, upstream, tf.zeros_like(upstream))
    return tf.sign(x), grad
''', False, 'tf.math.absolute does not exist (AttributeError): it is tf.abs',
           ('absolute|AttributeError',)),
    Answer('05.sign_ste', 'tanh slope instead of hard tanh', r'''
@tf.custom_gradient
def sign_ste(x):
    def grad(upstream):
        return upstream * (1 - tf.tanh(x) ** 2)
    return tf.sign(x), grad
''', False, "uses the smooth tanh's slope; the hard tanh's slope is 1 for |x| <= 1 and 0 outside",
           ('hard tanh|mask|zero',)),
    # ---- set e
    Answer('05.sign_ste', 'autodiff of clip_by_value inside grad', r'''
@tf.custom_gradient
def sign_ste(x):
    def grad(upstream):
        with tf.GradientTape() as tape:          # the hard tanh's own slope
            tape.watch(x)
            hard_tanh = tf.clip_by_value(x, -1, 1)
        return tape.gradient(hard_tanh, x, output_gradients=upstream)
    return tf.sign(x), grad
''', True),
    Answer('05.sign_ste', 'tf.function on top, logical_and mask', r'''
@tf.function
@tf.custom_gradient
def sign_ste(x):
    def grad(upstream):
        inside = tf.logical_and(x >= -1, x <= 1)
        return upstream * tf.cast(inside, upstream.dtype)
    return tf.sign(x), grad
''', True),
    Answer('05.sign_ste', 'strict inequality at the edge', r'''
@tf.custom_gradient
def sign_ste(x):
    def grad(upstream):
        return tf.where(tf.abs(x) < 1, upstream, tf.zeros_like(upstream))
    return tf.sign(x), grad
''', False, 'The prompt says |x| ≤ 1: with < the gradient is 0 at |x| = 1 exactly.',
           ('|x| = 1|boundary|<=|≤|equal|exactly|edge',)),
    Answer('05.sign_ste', 'mask cast to float32', r'''
@tf.custom_gradient
def sign_ste(x):
    def grad(upstream):
        return upstream * tf.cast(tf.abs(x) <= 1, tf.float32)
    return tf.sign(x), grad
''', False, 'The mask is cast to float32, so float64 inputs fail: cast to x.dtype.',
           ('dtype|float64|float32|cast',)),
    Answer('05.sign_ste', 'python if on the tensor', r'''
@tf.custom_gradient
def sign_ste(x):
    def grad(upstream):
        if tf.abs(x) <= 1:
            return upstream
        return tf.zeros_like(upstream)
    return tf.sign(x), grad
''', False, 'A Python if needs one boolean: it fails on vectors and inside tf.function. Use tf.where or a mask.',
           ('if|tf.where|where|elementwise|bool|mask',)),
    Answer('05.sign_ste', 'mask on the size of upstream', r'''
@tf.custom_gradient
def sign_ste(x):
    def grad(upstream):
        return tf.where(tf.abs(upstream) <= 1, upstream, tf.zeros_like(upstream))
    return tf.sign(x), grad
''', False, 'The condition is on the input x (|x| ≤ 1), not on the size of upstream.',
           ('input|of x|on x||x|',)),
    # ---- set f
    Answer('05.sign_ste', 'where_zeros', r'''
@tf.custom_gradient
def sign_ste(x):
    def grad(upstream):
        return tf.where(tf.abs(x) <= 1, upstream, tf.zeros_like(upstream))
    return tf.sign(x), grad
''', True),
    Answer('05.sign_ste', 'autodiff_of_hard_tanh', r'''
@tf.custom_gradient
def sign_ste(x):
    def grad(upstream):
        with tf.GradientTape() as tape:
            tape.watch(x)
            hard_tanh = tf.clip_by_value(x, -1, 1)
        return tape.gradient(hard_tanh, x, output_gradients=upstream)
    return tf.sign(x), grad
''', True),
    Answer('05.sign_ste', 'one_minus_outside_mask', r'''
@tf.custom_gradient
def sign_ste(x):
    def grad(upstream):
        outside = tf.cast(tf.abs(x) > 1.0, upstream.dtype)
        return upstream * (1.0 - outside)
    return tf.sign(x), grad
''', True),
    Answer('05.sign_ste', 'strict_inequality', r'''
@tf.custom_gradient
def sign_ste(x):
    def grad(upstream):
        return upstream * tf.cast(tf.abs(x) < 1, x.dtype)
    return tf.sign(x), grad
''', False, '|x| < 1 blocks the gradient at |x| = 1 exactly; the hard tanh passes it for |x| ≤ 1.',
           ('boundary|inclusive|edge|equal|≤ 1|<= 1|exactly 1|exactly ±1',)),
    Answer('05.sign_ste', 'smooth_tanh_slope', r'''
@tf.custom_gradient
def sign_ste(x):
    def grad(upstream):
        return upstream * (1 - tf.tanh(x) ** 2)
    return tf.sign(x), grad
''', False, "That is the slope of the smooth tanh; the hard tanh's slope is 1 for |x| ≤ 1 and 0 outside.",
           ('hard|clip|outside|≤ 1|<= 1|zero',)),
    Answer('05.sign_ste', 'sigmoid_demo_left_in', r'''
@tf.custom_gradient
def sign_ste(x):
    def grad(upstream):
        s = tf.sigmoid(x)
        return upstream * s * (1 - s)
    return tf.sign(x), grad
''', False, "The notebook's sigmoid surrogate was kept; this exercise asks for the hard tanh's slope (1 inside [−1, 1], 0 outside).",
           ('hard|clip|sigmoid|σ|outside',)),
    Answer('05.sign_ste', 'mask_on_upstream', r'''
@tf.custom_gradient
def sign_ste(x):
    def grad(upstream):
        return upstream * tf.cast(tf.abs(upstream) <= 1, upstream.dtype)
    return tf.sign(x), grad
''', False, 'The mask tests upstream; it must test the input x (pass where |x| ≤ 1).',
           ('input|of x|on x|not upstream|forward',)),
    # ---- set g
    Answer('05.sign_ste', 'tf-where', r'''
@tf.custom_gradient
def sign_ste(x):
    def grad(upstream):
        return tf.where(tf.abs(x) <= 1, upstream, tf.zeros_like(upstream))
    return tf.sign(x), grad
''', True),
    Answer('05.sign_ste', 'decorator-called-with-parentheses', r'''
@tf.custom_gradient()
def sign_ste(x):
    def grad(upstream):
        return upstream * tf.cast(tf.abs(x) <= 1, upstream.dtype)
    return tf.sign(x), grad
''', True),
    Answer('05.sign_ste', 'mask-cast-to-float32', r'''
@tf.custom_gradient
def sign_ste(x):
    def grad(upstream):
        mask = tf.cast(tf.abs(x) <= 1, tf.float32)
        return upstream * mask
    return tf.sign(x), grad
''', False, 'the mask is always float32: with a float64 input upstream * mask fails; cast to x.dtype',
           ('float64|dtype',)),
    Answer('05.sign_ste', 'smooth-tanh-slope', r'''
@tf.custom_gradient
def sign_ste(x):
    def grad(upstream):
        return upstream * (1 - tf.tanh(x) ** 2)     # slope of tanh
    return tf.sign(x), grad
''', False, "uses the smooth tanh's slope 1 − tanh²x: the hard tanh's slope is exactly 1 for |x| ≤ 1 and 0 outside",
           ('hard|clip|zero|outside|<= 1|≤ 1',)),
    Answer('05.sign_ste', 'tf-cond-all-or-nothing', r'''
@tf.custom_gradient
def sign_ste(x):
    def grad(upstream):
        return tf.cond(tf.reduce_all(tf.abs(x) <= 1), lambda: upstream, lambda: tf.zeros_like(upstream))
    return tf.sign(x), grad
''', False, 'tf.cond decides once for the whole tensor: one entry with |x| > 1 zeroes every entry; decide entry by entry',
           ('entry|element|each',)),
    # ---- set holdout
    Answer('05.sign_ste', 'autodiff of hard tanh in grad', r'''
@tf.custom_gradient
def sign_ste(x):
    def grad(upstream):
        with tf.GradientTape() as tape:
            tape.watch(x)
            hard_tanh = tf.clip_by_value(x, -1.0, 1.0)
        return tape.gradient(hard_tanh, x, output_gradients=upstream)
    return tf.sign(x), grad
''', True),
    Answer('05.sign_ste', 'strict inequality', r'''
@tf.custom_gradient
def sign_ste(x):
    def grad(upstream):
        return upstream * tf.cast(tf.abs(x) < 1, upstream.dtype)
    return tf.sign(x), grad
''', False, 'At |x| = 1 exactly upstream must still pass: the condition is |x| ≤ 1, not < 1.',
           ('boundary|≤|<=|inclusive|±1|edge|exactly',)),
    Answer('05.sign_ste', 'python if', r'''
@tf.custom_gradient
def sign_ste(x):
    def grad(upstream):
        if tf.abs(x) <= 1:
            return upstream
        else:
            return tf.zeros_like(upstream)
    return tf.sign(x), grad
''', False, 'A Python if needs a single boolean: it fails for tensors and in tf.function; use tf.where or a mask.',
           ('if|tf.where|Python|mask|boolean|truth',)),
    Answer('05.sign_ste', 'mask without upstream', r'''
@tf.custom_gradient
def sign_ste(x):
    def grad(upstream):
        return tf.cast(tf.abs(x) <= 1, x.dtype)
    return tf.sign(x), grad
''', False, 'The mask says where the gradient passes, but grad must still multiply it by upstream.',
           ('upstream',)),
    Answer('05.sign_ste', 'smooth tanh slope', r'''
@tf.custom_gradient
def sign_ste(x):
    def grad(upstream):
        return upstream * (1 - tf.tanh(x) ** 2)
    return tf.sign(x), grad
''', False, "That is the smooth tanh's slope; the hard tanh clip(x, −1, 1) has slope 1 inside [−1, 1] and 0 outside.",
           ('hard|clip|tanh',)),
    Answer('05.sign_ste', 'clips upstream instead of masking by x', r'''
@tf.custom_gradient
def sign_ste(x):
    def grad(upstream):
        return tf.clip_by_value(upstream, -1.0, 1.0)
    return tf.sign(x), grad
''', False, 'Whether upstream passes depends on |x|, the input, not on the size of upstream.',
           ('mask|input|of x|where',)),
    # ---- set j
    Answer('05.sign_ste', 'tf-where-logical-and', r'''
@tf.custom_gradient
def sign_ste(x):
    def grad(upstream):
        inside = tf.logical_and(x >= -1, x <= 1)          # |x| = 1 counts as inside
        return tf.where(inside, upstream, tf.zeros_like(upstream))
    return tf.sign(x), grad
''', True),
    Answer('05.sign_ste', 'detach-trick-no-decorator', r'''
def sign_ste(x):
    # PyTorch habit: hard + (sign - hard).detach(): value of sign, gradient of the hard tanh
    hard = tf.clip_by_value(x, -1.0, 1.0)
    return hard + tf.stop_gradient(tf.sign(x) - hard)
''', True),
    Answer('05.sign_ste', 'strict-less-than-at-boundary', r'''
@tf.custom_gradient
def sign_ste(x):
    def grad(upstream):
        return upstream * tf.cast(tf.abs(x) < 1, upstream.dtype)
    return tf.sign(x), grad
''', False, 'At |x| = 1 exactly the slope should take the inside value 1; `< 1` gives 0 there, use `<= 1`.',
           ('boundary|inside|edge|= 1|=1|<=',)),
    Answer('05.sign_ste', 'python-if-in-grad', r'''
@tf.custom_gradient
def sign_ste(x):
    def grad(upstream):
        if tf.abs(x) <= 1:
            return upstream
        return tf.zeros_like(upstream)
    return tf.sign(x), grad
''', False, 'A Python `if` on a tensor fails for vectors and inside tf.function; choose entry by entry with tf.where or a mask.',
           ('if|tf.where|mask',)),
    Answer('05.sign_ste', 'mask-cast-to-float32', r'''
@tf.custom_gradient
def sign_ste(x):
    def grad(upstream):
        mask = tf.cast(tf.abs(x) <= 1.0, tf.float32)
        return upstream * mask
    return tf.sign(x), grad
''', False, 'The mask is always float32, so float64 inputs fail; cast it to x.dtype.',
           ('float64|dtype',)),
    Answer('05.sign_ste', 'sigmoid-slope-copied', r'''
@tf.custom_gradient
def sign_ste(x):
    def grad(upstream):
        s = tf.sigmoid(x)
        return upstream * s * (1 - s)
    return tf.sign(x), grad
''', False, "This is the notebook's sigmoid surrogate; the exercise asks for the hard tanh's slope (1 inside [-1, 1], 0 outside).",
           ('sigmoid|hard tanh|clip',)),
    Answer('05.sign_ste', 'jax-style-grad-signature', r'''
@tf.custom_gradient
def sign_ste(x):
    def grad(primal, upstream):                 # like a JAX vjp rule: (residual, cotangent)
        return upstream * tf.cast(tf.abs(primal) <= 1, upstream.dtype)
    return tf.sign(x), grad
''', False, 'TensorFlow calls grad(upstream) with one argument; a second parameter makes the call fail with a TypeError.',
           ('argument|TypeError|positional',)),
    # ---- set l
    Answer('05.sign_ste', 'inner-tape-on-clip-by-value', r'''
@tf.custom_gradient
def sign_ste(x):
    def grad(upstream):
        # the hard tanh's slope, as TensorFlow's own clip_by_value gradient (1 at |x| = 1, inside)
        with tf.GradientTape() as tape:
            tape.watch(x)
            hard_tanh = tf.clip_by_value(x, -1, 1)
        return tape.gradient(hard_tanh, x, output_gradients=upstream)
    return tf.sign(x), grad
''', True),
    Answer('05.sign_ste', 'strict-inequality-at-boundary', r'''
@tf.custom_gradient
def sign_ste(x):
    def grad(upstream):
        # second try: multiplied by upstream now
        inside = tf.abs(x) < 1.0
        return upstream * tf.cast(inside, upstream.dtype)
    return tf.sign(x), grad
''', False, 'At |x| = 1 exactly the slope must take the inside value 1; `< 1` gives 0 there, use `<= 1`.',
           ('= 1|inside|boundary|edge|exactly',)),
    Answer('05.sign_ste', 'mask-without-upstream', r'''
@tf.custom_gradient
def sign_ste(x):
    def grad(upstream):
        return tf.where(tf.abs(x) <= 1, tf.ones_like(x), tf.zeros_like(x))
    return tf.sign(x), grad
''', False, "grad returns the hard tanh's slope alone; multiply it by upstream.",
           ('upstream',)),
    Answer('05.sign_ste', 'smooth-tanh-slope-from-chatbot', r'''
@tf.custom_gradient
def sign_ste(x):
    def grad(upstream):
        # derivative of tanh, the usual surrogate for sign
        return upstream * (1.0 - tf.math.tanh(x) ** 2)
    return tf.sign(x), grad
''', False, "That is the smooth tanh's slope; the exercise asks for the hard tanh clip(x, -1, 1), whose slope is 1 inside [-1, 1] and 0 outside.",
           ('hard|clip',)),
    Answer('05.sign_ste', 'float32-mask', r'''
@tf.custom_gradient
def sign_ste(x):
    def grad(upstream):
        mask = tf.cast(tf.abs(x) <= 1.0, tf.float32)
        return upstream * mask
    return tf.sign(x), grad
''', False, 'The mask is always float32, so a float64 input fails; cast it to x.dtype.',
           ('dtype|float64|float32',)),
    Answer('05.sign_ste', 'clip-gradient-pasted-here', r'''
@tf.custom_gradient
def sign_ste(x):
    def grad(upstream):
        return tf.clip_by_value(upstream, -1.0, 1.0)
    return tf.sign(x), grad
''', False, "This clips upstream (the next exercise); here upstream is multiplied by the hard tanh's slope at x, which is 0 where |x| > 1.",
           ('slope|zero|outside|mask',)),
    # ---- set m
    Answer('05.sign_ste', 'tape-on-clip', r'''
@tf.custom_gradient
def sign_ste(x):
    def grad(upstream):
        with tf.GradientTape() as t:          # let TensorFlow find the hard tanh's slope
            t.watch(x)
            hard_tanh = tf.clip_by_value(x, -1.0, 1.0)
        return t.gradient(hard_tanh, x, output_gradients=upstream)
    return tf.sign(x), grad
''', True),
    Answer('05.sign_ste', 'strict-inequality', r'''
@tf.custom_gradient
def sign_ste(x):
    def grad(upstream):
        return upstream * tf.cast(tf.abs(x) < 1, x.dtype)
    return tf.sign(x), grad
''', False, 'At |x| = 1 exactly take the inside value: <= 1, not < 1.',
           ('inside|boundary|= 1|exactly',)),
    Answer('05.sign_ste', 'mask-float32', r'''
@tf.custom_gradient
def sign_ste(x):
    def grad(upstream):
        return upstream * tf.cast(tf.abs(x) <= 1, tf.float32)
    return tf.sign(x), grad
''', False, 'The mask is cast to float32: use x.dtype so float64 inputs work.',
           ('dtype|float64',)),
    Answer('05.sign_ste', 'smooth-tanh', r'''
@tf.custom_gradient
def sign_ste(x):
    def grad(upstream):
        return upstream * (1 - tf.tanh(x) ** 2)
    return tf.sign(x), grad
''', False, "That is the smooth tanh's slope; the exercise asks for the hard tanh clip(x, −1, 1).",
           ('hard',)),
    Answer('05.sign_ste', 'tnp-no-upstream', r'''
tnp = tf.experimental.numpy

@tf.custom_gradient
def sign_ste(x):
    def grad(upstream):
        return tnp.where(tnp.abs(x) <= 1, tnp.ones_like(x), tnp.zeros_like(x))
    return tf.sign(x), grad
''', False, 'The slope is right but grad forgets to multiply by upstream.',
           ('upstream',)),
    # ---- set o
    Answer('05.sign_ste', 'where-abs-le-one', r'''
@tf.custom_gradient
def sign_ste(x):
    def grad(upstream):
        inside = tf.abs(x) <= 1
        return tf.where(inside, upstream, tf.zeros_like(upstream))
    return tf.sign(x), grad
''', True),
    Answer('05.sign_ste', 'one-minus-sign-of-relu', r'''
@tf.custom_gradient
def sign_ste(x):
    def grad(upstream):
        # relu(|x| - 1) is 0 on [-1, 1] and positive outside, so 1 - sign(...) is the mask
        outside = tf.sign(tf.nn.relu(tf.abs(x) - 1))
        return upstream * (1 - outside)
    return tf.sign(x), grad
''', True),
    Answer('05.sign_ste', 'python-if-on-tensor', r'''
@tf.custom_gradient
def sign_ste(x):
    def grad(upstream):
        if tf.abs(x) <= 1:
            return upstream
        else:
            return tf.zeros_like(upstream)
    return tf.sign(x), grad
''', False, 'a Python `if` needs one boolean: on a vector (or inside tf.function) it fails; choose entry by entry with tf.where or a mask',
           ('python|tf.where|truth value|entry by entry|elementwise|mask',)),
    Answer('05.sign_ste', 'strict-less-than', r'''
@tf.custom_gradient
def sign_ste(x):
    def grad(upstream):
        mask = tf.cast(tf.abs(x) < 1, upstream.dtype)
        return upstream * mask
    return tf.sign(x), grad
''', False, 'at |x| = 1 exactly the prompt asks for the inside value (upstream), but `< 1` gives 0 there',
           ('inside|boundary|edge|= 1|±1|exactly',)),
    Answer('05.sign_ste', 'mask-cast-to-int', r'''
@tf.custom_gradient
def sign_ste(x):
    def grad(upstream):
        mask = tf.cast(tf.abs(x) <= 1, tf.int32)   # 0 or 1
        return upstream * mask
    return tf.sign(x), grad
''', False, "the mask is int32 and upstream is float: multiplying them fails; cast the mask to upstream's dtype",
           ('int32|integer|dtype',)),
    Answer('05.sign_ste', 'forgot-lower-bound', r'''
@tf.custom_gradient
def sign_ste(x):
    def grad(upstream):
        return upstream * tf.cast(x <= 1.0, x.dtype)
    return tf.sign(x), grad
''', False, 'only the upper edge is tested: for x < -1 the hard tanh is flat too, so the gradient there must be 0',
           ('-1|negative|below',)),
    # ---- set q
    Answer('05.sign_ste', 'tnp-where-inclusive', r'''
tnp = tf.experimental.numpy

@tf.custom_gradient
def sign_ste(x):
    def grad(upstream):
        # hard tanh clip(x, -1, 1): slope 1 on [-1, 1] (edges included), 0 outside
        return tnp.where(tnp.abs(x) <= 1, upstream, tnp.zeros_like(upstream))
    return tf.sign(x), grad
''', True),
    Answer('05.sign_ste', 'torch-autograd-function-class', r'''
# what I would write in PyTorch: an autograd.Function with forward/backward and a ctx
class SignSTE:
    @staticmethod
    def forward(ctx, x):
        ctx.save_for_backward(x)
        return tf.sign(x)

    @staticmethod
    def backward(ctx, grad_output):
        (x,) = ctx.saved_tensors
        return grad_output * tf.cast(tf.abs(x) <= 1, grad_output.dtype)

    def __init__(self, x):
        self.saved_tensors = ()
        self.out = SignSTE.forward(self, x)

    def save_for_backward(self, *tensors):
        self.saved_tensors = tensors

sign_ste = SignSTE
''', False, 'sign_ste is a class: calling it builds a SignSTE object, not a tensor, and TensorFlow never calls its backward; write the function with @tf.custom_gradient and return (tf.sign(x), grad)',
           ('SignSTE|class|instance',)),
    Answer('05.sign_ste', 'keras-ops-strict-inequality', r'''
from tensorflow import keras

@tf.custom_gradient
def sign_ste(x):
    def grad(upstream):
        inside = keras.ops.cast(keras.ops.less(keras.ops.abs(x), 1.0), upstream.dtype)
        return keras.ops.multiply(upstream, inside)
    return tf.sign(x), grad
''', False, 'at |x| = 1 exactly the gradient must take the inside value (slope 1), but |x| < 1 gives 0 there: use <= 1',
           ('= 1|±1|boundary|edge|endpoint|inside',)),
    Answer('05.sign_ste', 'tf1-register-gradient-override-map', r'''
from tensorflow.python.framework import ops

def _sign_hard_tanh_grad(op, grad):
    x = op.inputs[0]
    return grad * tf.cast(tf.abs(x) <= 1.0, grad.dtype)

if "SignHardTanh" not in ops._gradient_registry.list():
    tf.RegisterGradient("SignHardTanh")(_sign_hard_tanh_grad)

def sign_ste(x):
    g = tf.compat.v1.get_default_graph()
    with g.gradient_override_map({"Sign": "SignHardTanh"}):
        return tf.sign(x)
''', False, "a tape recording tf.sign ignores gradient_override_map, so the gradient is tf.sign's own, zero everywhere; write the surrogate with @tf.custom_gradient",
           ('zero|override',)),
    # ---- set t
    Answer('05.sign_ste', 'slope-of-clip-from-inner-tape', r'''
@tf.custom_gradient
def sign_ste(x):
    def grad(upstream):
        # let TensorFlow tell me the hard tanh's slope: differentiate clip_by_value itself
        with tf.GradientTape() as inner:
            inner.watch(x)
            hard_tanh = tf.clip_by_value(x, -1.0, 1.0)
        return inner.gradient(hard_tanh, x, output_gradients=upstream)
    return tf.sign(x), grad
''', True),
    Answer('05.sign_ste', 'mask-from-output-y', r'''
@tf.custom_gradient
def sign_ste(x):
    y = tf.sign(x)
    def grad(upstream):
        inside = tf.cast(tf.abs(y) <= 1, upstream.dtype)     # where the hard tanh is not flat
        return upstream * inside
    return y, grad
''', False, 'The mask is built from y = sign(x), whose size is never above 1, so upstream passes everywhere; the hard tanh is flat where |x| > 1, so test x, not the output.',
           ('outside|beyond|> 1|greater than 1|larger than 1',)),
    Answer('05.sign_ste', 'strict-inequality-at-one', r'''
@tf.custom_gradient
def sign_ste(x):
    def grad(upstream):
        return tf.where(tf.abs(x) < 1, upstream, tf.zeros_like(upstream))
    return tf.sign(x), grad
''', False, 'At |x| = 1 exactly the prompt asks for the inside value (slope 1); `< 1` gives 0 there.',
           ('|x| = 1|boundary|edge|exactly|inside',)),
    Answer('05.sign_ste', 'float16-mask-and-upstream', r'''
@tf.custom_gradient
def sign_ste(x):
    def grad(upstream):
        # half precision is plenty for a 0/1 mask
        u16 = tf.cast(upstream, tf.float16)
        mask16 = tf.cast(tf.abs(tf.cast(x, tf.float16)) <= 1, tf.float16)
        return tf.cast(u16 * mask16, upstream.dtype)
    return tf.sign(x), grad
''', False, "Casting upstream to float16 rounds it to about 3 significant digits (and overflows above 65504); keep the computation in the input's dtype.",
           ('float16|precision',)),
    # ---- set v
    Answer('05.sign_ste', 'module-method-where', r'''
class SignSTE(tf.Module):
    """Binarise forward; backward passes upstream where the hard tanh has slope 1."""

    @tf.custom_gradient
    def forward(self, x):
        def grad(upstream):
            inside = tf.abs(x) <= 1              # |x| = 1 counts as inside
            return tf.where(inside, upstream, tf.zeros_like(upstream))
        return tf.sign(x), grad


sign_ste = SignSTE().forward
''', True),
    Answer('05.sign_ste', 'vectorized-map-strict-boundary', r'''
@tf.custom_gradient
def sign_ste(x):
    def grad(upstream):
        flat_x = tf.reshape(x, [-1])
        # slope of clip(x, -1, 1): 1 strictly between -1 and 1, 0 outside
        slope = tf.vectorized_map(
            lambda t: tf.where(tf.abs(t) < 1, tf.ones_like(t), tf.zeros_like(t)), flat_x)
        return upstream * tf.reshape(slope, tf.shape(x))
    return tf.sign(x), grad
''', False, 'At |x| = 1 exactly the slope must be the inside value 1: use <= instead of <.',
           ('|x| = 1|x = 1|x = -1|±1|boundary|edge|inside|<=',)),
    Answer('05.sign_ste', 'functools-wraps-numpy-mask', r'''
import functools


def hard_tanh_backward(forward):
    """Decorator: keep `forward`, use the hard tanh's slope in the backward pass."""
    @functools.wraps(forward)
    def wrapped(x):
        @tf.custom_gradient
        def inner(x):
            def grad(upstream):
                slope = (np.abs(x.numpy()) <= 1).astype(x.dtype.as_numpy_dtype)
                return upstream * slope
            return forward(x), grad
        return inner(x)
    return wrapped


@hard_tanh_backward
def sign_ste(x):
    return tf.sign(x)
''', False, 'x.numpy() only exists eagerly; inside tf.function x is symbolic, so build the mask with TensorFlow ops.',
           ('tf.function|numpy|symbolic|graph|compiled',)),
    Answer('05.sign_ste', 'tf-function-float32-mask', r'''
@tf.function
@tf.custom_gradient
def sign_ste(x):
    def grad(upstream):
        mask = tf.cast(tf.logical_and(x >= -1.0, x <= 1.0), tf.float32)
        return upstream * mask
    return tf.sign(x), grad
''', False, 'The mask is cast to float32, so a float64 input fails: cast to x.dtype.',
           ('float64|dtype',)),
    # ---- set x
    Answer('05.sign_ste', 'slope-of-clip-by-inner-tape', r'''
from typing import Callable, Tuple


@tf.custom_gradient
def sign_ste(x: tf.Tensor) -> Tuple[tf.Tensor, Callable[[tf.Tensor], tf.Tensor]]:
    """sign(x) forward; the hard tanh's slope times upstream backward.

    Rather than writing the mask by hand, let TensorFlow differentiate the hard tanh
    clip(x, -1, 1) itself: its registered gradient passes the upstream where -1 <= x <= 1
    (inclusive, so |x| = 1 gets the inside value) and gives 0 elsewhere.
    """
    def grad(upstream: tf.Tensor) -> tf.Tensor:
        with tf.GradientTape() as inner:
            inner.watch(x)
            hard_tanh = tf.clip_by_value(x, tf.constant(-1, x.dtype), tf.constant(1, x.dtype))
        return inner.gradient(hard_tanh, x, output_gradients=upstream)

    return tf.sign(x), grad


# --- quick self-test -------------------------------------------------------------
_x = tf.constant([-2.0, -1.0, -0.5, 0.0, 1.0, 3.0], tf.float64)
with tf.GradientTape() as _tape:
    _tape.watch(_x)
    _y = sign_ste(_x)
_g = _tape.gradient(_y, _x, output_gradients=2 * tf.ones_like(_x))
assert np.allclose(_g.numpy(), [0, 2, 2, 2, 2, 0]), _g
''', True),
    Answer('05.sign_ste', 'strict-inequality-mask', r'''
from typing import Callable, Tuple


def _ensure_tensor(value) -> tf.Tensor:
    """Convert anything array-like to a tensor, keeping tensors as they are."""
    return value if isinstance(value, tf.Tensor) else tf.convert_to_tensor(value)


@tf.custom_gradient
def sign_ste(x: tf.Tensor) -> Tuple[tf.Tensor, Callable[[tf.Tensor], tf.Tensor]]:
    """Binarise forward; straight-through with the hard tanh's slope backward.

    The hard tanh clip(x, -1, 1) has slope 1 strictly inside (-1, 1) and 0 outside.
    """
    x = _ensure_tensor(x)

    def grad(upstream: tf.Tensor) -> tf.Tensor:
        inside = tf.cast(tf.abs(x) < 1.0, upstream.dtype)   # open interval (-1, 1)
        return upstream * inside

    return tf.sign(x), grad
''', False, 'at |x| = 1 exactly the slope must take the inside value 1; a strict < gives 0 there',
           ('inside|boundary|edge|= 1|±1',)),
    Answer('05.sign_ste', 'float32-casting', r'''
from typing import Callable, Tuple

_COMPUTE_DTYPE = tf.float32   # do all gradient math in one well-tested precision


@tf.custom_gradient
def sign_ste(x: tf.Tensor) -> Tuple[tf.Tensor, Callable[[tf.Tensor], tf.Tensor]]:
    """sign forward, hard-tanh slope backward (binarised-network STE).

    All gradient arithmetic is done in float32 for numerical consistency across devices.
    """
    def grad(upstream: tf.Tensor) -> tf.Tensor:
        x32 = tf.cast(x, _COMPUTE_DTYPE)
        u32 = tf.cast(upstream, _COMPUTE_DTYPE)
        mask = tf.cast(tf.abs(x32) <= 1.0, _COMPUTE_DTYPE)
        g = u32 * mask
        g = tf.where(tf.math.is_nan(g), tf.zeros_like(g), g)   # guard against NaN upstreams
        return g

    return tf.sign(x), grad
''', False, 'the gradient comes back as float32 for a float64 input: cast it back to x.dtype',
           ('dtype|float64',)),
    Answer('05.sign_ste', 'clips-upstream-instead', r'''
from typing import Callable, Tuple


@tf.custom_gradient
def sign_ste(x: tf.Tensor) -> Tuple[tf.Tensor, Callable[[tf.Tensor], tf.Tensor]]:
    """sign(x) with a hard-tanh straight-through estimator.

    The hard tanh bounds values to [-1, 1]; its straight-through version bounds the
    gradient the same way, which also prevents gradient explosions.
    """
    def grad(upstream: tf.Tensor) -> tf.Tensor:
        one = tf.constant(1, upstream.dtype)
        return tf.clip_by_value(upstream, -one, one)

    return tf.sign(x), grad


# sanity check: values in range pass through unchanged
_u = tf.constant([0.5, -0.25])
with tf.GradientTape() as _t:
    _t.watch(_u)
    _s = sign_ste(_u)
assert np.allclose(_t.gradient(_s, _u), [1.0, 1.0])
''', False, 'the slope of clip(x, -1, 1) depends on x (0 where |x| > 1) and multiplies upstream; clipping upstream is another thing',
           ('outside|flat|slope|zero',)),
    # ---- set z
    Answer('05.sign_ste', 'slope-of-clip-by-nested-tape', r'''
@tf.custom_gradient
def sign_ste(x):
    def grad(upstream):
        # let TensorFlow tell me the hard tanh's slope: differentiate clip(x, -1, 1) itself
        with tf.GradientTape() as t:
            t.watch(x)
            hard_tanh = tf.clip_by_value(x, -1.0, 1.0)
        slope = t.gradient(hard_tanh, x)      # 1 inside [-1, 1] (edges included), 0 outside
        return upstream * slope
    return tf.sign(x), grad
''', True),
    Answer('05.sign_ste', 'strict-inequality-at-one', r'''
@tf.custom_gradient
def sign_ste(x):
    def grad(upstream):
        inside = tf.cast(tf.abs(x) < 1, upstream.dtype)
        return upstream * inside
    return tf.sign(x), grad
''', False, 'At |x| = 1 exactly the slope must be taken from the inside (1), but `tf.abs(x) < 1` gives 0 there: use <=.',
           ('= 1|boundary|edge|inside|±1|<=',)),
    Answer('05.sign_ste', 'mask-cast-to-float32', r'''
@tf.custom_gradient
def sign_ste(x):
    def grad(upstream):
        mask = tf.cast(tf.abs(x) <= 1.0, tf.float32)
        return upstream * mask
    return tf.sign(x), grad
''', False, "The mask is cast to float32 whatever the input's dtype, so a float64 input fails: cast to x.dtype.",
           ('float64|dtype',)),
    Answer('05.sign_ste', 'sigmoid-slope-copied-from-notebook', r'''
@tf.custom_gradient
def sign_ste(x):
    def grad(upstream):
        s = tf.sigmoid(x)
        return upstream * s * (1 - s)
    return tf.sign(x), grad
''', False, "This is the sigmoid surrogate from earlier in the notebook; the exercise wants the hard tanh's slope (1 for |x| <= 1, else 0).",
           ('sigmoid',)),
]
