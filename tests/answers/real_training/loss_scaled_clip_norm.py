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

MISTAKES = named_mistakes(ANSWERS)
