"""Exercise 10.loss_scaled_clip_norm: answers written from the learner's side; each wrong one names the mistake it makes
and the first for each key is that mistake's wrong answer (MISTAKES)."""

from answer_kit import Answer, named_mistakes

KEY = "10.loss_scaled_clip_norm"

ANSWERS = [
    Answer('10.loss_scaled_clip_norm', 'clip-by-norm-with-the-scale-as-limit', r'''
def clip_norm_under_loss_scale(loss_scale):
    @tf.custom_gradient
    def clip_norm(x):
        def grad(upstream):
            # clipping s*u to norm s is clipping u to norm 1, times s; in float32 so nothing overflows
            limit = tf.cast(loss_scale, tf.float32)
            return tf.cast(tf.clip_by_norm(tf.cast(upstream, tf.float32), limit), upstream.dtype)
        return tf.identity(x), grad
    return clip_norm
''', True),
    Answer('10.loss_scaled_clip_norm', 'norm-and-factor-by-hand', r'''
def clip_norm_under_loss_scale(loss_scale):
    @tf.custom_gradient
    def clip_norm(x):
        def grad(upstream):
            u = tf.cast(upstream, tf.float32) / loss_scale          # the true upstream
            factor = tf.minimum(1.0, 1.0 / tf.norm(u))
            return tf.cast(tf.cast(upstream, tf.float32) * factor, upstream.dtype)
        return tf.identity(x), grad
    return clip_norm
''', True),
    Answer('10.loss_scaled_clip_norm', 'notebook-05-style-clip', r'''
def clip_norm_under_loss_scale(loss_scale):
    @tf.custom_gradient
    def clip_norm(x):
        def grad(upstream):
            return tf.clip_by_norm(upstream, 1.0)
        return tf.identity(x), grad
    return clip_norm
''', False, 'mistake scale_ignored',
           ('scale',), names='scale_ignored'),
    Answer('10.loss_scaled_clip_norm', 'unscaled-and-left-unscaled', r'''
def clip_norm_under_loss_scale(loss_scale):
    @tf.custom_gradient
    def clip_norm(x):
        def grad(upstream):
            true = tf.cast(upstream, tf.float32) / loss_scale
            return tf.cast(tf.clip_by_norm(true, 1.0), upstream.dtype)      # the clipped true gradient
        return tf.identity(x), grad
    return clip_norm
''', False, 'mistake not_rescaled',
           ('too small|units',), names='not_rescaled'),
    Answer('10.loss_scaled_clip_norm', 'scale-read-once-as-a-python-float', r'''
def clip_norm_under_loss_scale(loss_scale):
    s = float(loss_scale.numpy())              # a plain number is simpler to work with
    @tf.custom_gradient
    def clip_norm(x):
        def grad(upstream):
            true = tf.cast(upstream, tf.float32) / s
            return tf.cast(tf.clip_by_norm(true, 1.0) * s, upstream.dtype)
        return tf.identity(x), grad
    return clip_norm
''', False, 'mistake stale_scale',
           ('changed|once',), names='stale_scale'),
    Answer('10.loss_scaled_clip_norm', 'clip-limit-scaled-in-float16', r'''
def clip_norm_under_loss_scale(loss_scale):
    @tf.custom_gradient
    def clip_norm(x):
        def grad(upstream):
            limit = tf.cast(loss_scale, upstream.dtype)        # match upstream's dtype
            return tf.clip_by_norm(upstream, limit)
        return tf.identity(x), grad
    return clip_norm
''', False, 'mistake overflow',
           ('overflow|65504',), names='overflow'),
    Answer('10.loss_scaled_clip_norm', 'unscale-in-float16', r'''
def clip_norm_under_loss_scale(loss_scale):
    @tf.custom_gradient
    def clip_norm(x):
        def grad(upstream):
            s = tf.cast(loss_scale, upstream.dtype)
            return tf.clip_by_norm(upstream / s, 1.0) * s
        return tf.identity(x), grad
    return clip_norm
''', False, 'mistake float16_precision',
           ('float16',), names='float16_precision'),
    Answer('10.loss_scaled_clip_norm', 'entrywise-clip-instead-of-norm', r'''
def clip_norm_under_loss_scale(loss_scale):
    @tf.custom_gradient
    def clip_norm(x):
        def grad(upstream):
            s = tf.cast(loss_scale, tf.float32)
            true = tf.cast(upstream, tf.float32) / s
            return tf.cast(tf.clip_by_value(true, -1.0, 1.0) * s, upstream.dtype)
        return tf.identity(x), grad
    return clip_norm
''', False, 'mistake elementwise',
           ('each entry|norm',), names='elementwise'),
    Answer('10.loss_scaled_clip_norm', 'always-normalised', r'''
def clip_norm_under_loss_scale(loss_scale):
    @tf.custom_gradient
    def clip_norm(x):
        def grad(upstream):
            s = tf.cast(loss_scale, tf.float32)
            true = tf.cast(upstream, tf.float32) / s
            return tf.cast(true / tf.norm(true) * s, upstream.dtype)      # norm 1
        return tf.identity(x), grad
    return clip_norm
''', False, 'mistake always_normalised',
           ('unchanged|enlarge',), names='always_normalised'),
    Answer('10.loss_scaled_clip_norm', 'float16-divided-by-float32-variable', r'''
def clip_norm_under_loss_scale(loss_scale):
    @tf.custom_gradient
    def clip_norm(x):
        def grad(upstream):
            return tf.clip_by_norm(upstream / loss_scale, 1.0) * loss_scale
        return tf.identity(x), grad
    return clip_norm
''', False, 'mistake dtype_mismatch',
           ('float16|dtype', 'float32'), names='dtype_mismatch'),
    Answer('10.loss_scaled_clip_norm', 'float32-result-for-float16-input', r'''
def clip_norm_under_loss_scale(loss_scale):
    @tf.custom_gradient
    def clip_norm(x):
        def grad(upstream):
            true = tf.cast(upstream, tf.float32) / loss_scale
            return tf.clip_by_norm(true, 1.0) * loss_scale
        return tf.identity(x), grad
    return clip_norm
''', False, 'mistake wrong_dtype',
           ('dtype',), names='wrong_dtype'),
    Answer('10.loss_scaled_clip_norm', 'scale-applied-backwards', r'''
def clip_norm_under_loss_scale(loss_scale):
    @tf.custom_gradient
    def clip_norm(x):
        def grad(upstream):
            s = tf.cast(loss_scale, tf.float32)
            u = tf.cast(upstream, tf.float32)
            return tf.cast(tf.clip_by_norm(u * s, 1.0) / s, upstream.dtype)
        return tf.identity(x), grad
    return clip_norm
''', False, 'mistake scale_inverted',
           ('wrong way|inverse',), names='scale_inverted'),
    Answer('10.loss_scaled_clip_norm', 'norm-per-row', r'''
def clip_norm_under_loss_scale(loss_scale):
    @tf.custom_gradient
    def clip_norm(x):
        def grad(upstream):
            s = tf.cast(loss_scale, tf.float32)
            true = tf.cast(upstream, tf.float32) / s
            return tf.cast(tf.clip_by_norm(true, 1.0, axes=[-1]) * s, upstream.dtype)
        return tf.identity(x), grad
    return clip_norm
''', False, 'mistake per_row',
           ('row',), names='per_row'),
    Answer('10.loss_scaled_clip_norm', 'numpy-of-the-variable-inside-grad', r'''
def clip_norm_under_loss_scale(loss_scale):
    @tf.custom_gradient
    def clip_norm(x):
        def grad(upstream):
            s = loss_scale.numpy()                 # the current scale, read at each call
            true = tf.cast(upstream, tf.float32) / s
            return tf.cast(tf.clip_by_norm(true, 1.0) * s, upstream.dtype)
        return tf.identity(x), grad
    return clip_norm
''', False, 'mistake numpy_in_graph',
           ('tf.function',), names='numpy_in_graph'),
    Answer('10.loss_scaled_clip_norm', 'clip-left-out', r'''
def clip_norm_under_loss_scale(loss_scale):
    @tf.custom_gradient
    def clip_norm(x):
        def grad(upstream):
            s = tf.cast(loss_scale, tf.float32)
            true = tf.cast(upstream, tf.float32) / s
            return tf.cast(true * s, upstream.dtype)        # TODO: clip
        return tf.identity(x), grad
    return clip_norm
''', False, 'mistake not_clipped',
           ('unchanged|limit',), names='not_clipped'),
]



# ---------------------------------------------------------------- d-: a second learner corpus, written blind
def _c(body, before_decorator=""):
    return ("def clip_norm_under_loss_scale(loss_scale):\n" + before_decorator +
            "    @tf.custom_gradient\n    def clip_norm(x):\n        def grad(upstream):\n" + body +
            "        return tf.identity(x), grad\n    return clip_norm\n")


ANSWERS += [
    Answer(KEY, "d-right-notebook-pattern", _c(
        "            scale = tf.cast(loss_scale, tf.float32)\n"
        "            true = tf.cast(upstream, tf.float32) / scale\n"
        "            return tf.cast(tf.clip_by_norm(true, 1.0) * scale, upstream.dtype)\n"), True),
    Answer(KEY, "d-right-clip-at-scale", _c(
        "            # a norm of 1 in true units is a norm of loss_scale in upstream's units\n"
        "            scaled = tf.cast(upstream, tf.float32)\n"
        "            clipped = tf.clip_by_norm(scaled, tf.convert_to_tensor(loss_scale))\n"
        "            return tf.cast(clipped, upstream.dtype)\n"), True),
    Answer(KEY, "d-right-manual-norm", _c(
        "            s = loss_scale.read_value()\n"
        "            g = tf.cast(upstream, tf.float32) / s\n"
        "            norm = tf.sqrt(tf.reduce_sum(g * g))\n"
        "            factor = tf.minimum(1.0, 1.0 / norm)\n"
        "            return tf.cast(g * factor * s, upstream.dtype)\n"), True),
    Answer(KEY, "d-right-global-norm", _c(
        "            s = tf.cast(loss_scale, tf.float32)\n"
        "            (clipped,), _ = tf.clip_by_global_norm([tf.cast(upstream, tf.float32) / s], 1.0)\n"
        "            return tf.cast(clipped * s, upstream.dtype)\n"), True),
    Answer(KEY, "d-right-tf-norm", _c(
        "            s = tf.cast(loss_scale, tf.float32)\n"
        "            u = tf.cast(upstream, tf.float32)\n"
        "            true_norm = tf.norm(u) / s\n"
        "            u = tf.where(true_norm > 1.0, u / true_norm, u)\n"
        "            return tf.cast(u, upstream.dtype)\n"), True),
    Answer(KEY, "d-not-scaled-back", _c(
        "            true = tf.cast(upstream, tf.float32) / tf.cast(loss_scale, tf.float32)\n"
        "            return tf.cast(tf.clip_by_norm(true, 1.0), upstream.dtype)\n"), False,
           mistake="returns the clipped true gradient without multiplying the scale back: the optimizer divides again",
           must_mention=("multiply|back|units",)),
    Answer(KEY, "d-scale-read-once", _c(
        "            true = tf.cast(upstream, tf.float32) / scale\n"
        "            return tf.cast(tf.clip_by_norm(true, 1.0) * scale, upstream.dtype)\n",
        before_decorator="    scale = float(loss_scale.numpy())      # read the scale\n"), False,
           mistake="reads the loss scale once, when the function is made: the scale changes between calls",
           must_mention=("every call|changes|read|each call",)),
    Answer(KEY, "d-float32-result", _c(
        "            s = tf.cast(loss_scale, tf.float32)\n"
        "            true = tf.cast(upstream, tf.float32) / s\n"
        "            return tf.clip_by_norm(true, 1.0) * s\n"), False,
           mistake="returns a float32 gradient for a float16 upstream: cast back to upstream's dtype",
           must_mention=("dtype|float16",)),
    Answer(KEY, "d-multiplies-instead-of-divides", _c(
        "            s = tf.cast(loss_scale, tf.float32)\n"
        "            wrong = tf.cast(upstream, tf.float32) * s\n"
        "            return tf.cast(tf.clip_by_norm(wrong, 1.0) / s, upstream.dtype)\n"), False,
           mistake="multiplies by the scale where it should divide (and divides where it should multiply)",
           must_mention=("divide|scale",)),
    Answer(KEY, "d-dtype-mix", _c(
        "            true = upstream / loss_scale\n"
        "            return tf.clip_by_norm(true, 1.0) * loss_scale\n"), False,
           mistake="float16 upstream divided by the float32 variable: dtype clash",
           must_mention=("float16|dtype|cast",)),
    Answer(KEY, "d-clip-at-scale-in-float16", _c(
        "            return tf.clip_by_norm(upstream, tf.cast(loss_scale, upstream.dtype))\n"), False,
           mistake="right idea (norm limit = loss scale) but computed in float16: the norm of a scaled upstream overflows",
           must_mention=("float32|overflow|float16",)),
    Answer(KEY, "d-no-sqrt", _c(
        "            s = tf.cast(loss_scale, tf.float32)\n"
        "            g = tf.cast(upstream, tf.float32) / s\n"
        "            sq = tf.reduce_sum(g ** 2)\n"
        "            return tf.cast(g * tf.minimum(1.0, 1.0 / sq) * s, upstream.dtype)\n"), False,
           mistake="uses the squared norm (no square root) as the norm",
           must_mention=("sqrt|square root|squared",), names='squared_norm'),
]

MISTAKES = named_mistakes(ANSWERS)
