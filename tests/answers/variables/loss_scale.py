"""Exercise 06.loss_scale: answers written from the learner's side, right and wrong."""

from answer_kit import Answer

KEY = "06.loss_scale"

MISTAKES = {
    'wrong_choice': ["survives", "wrong", "survives", "survives", "wrong", "survives"],
    'unknown_name': ["survive", "wrong", "survives", "wrong", "wrong", "survives"],
    'wrong_length': ["survives", "wrong", "survives", "wrong", "wrong"],
    'not_a_list': "survives",
}

ANSWERS = [
    # ---- right
    Answer(KEY, 'list in order', r'''
verdicts = ["survives", "wrong", "survives", "wrong", "wrong", "survives"]   # "survives" or "wrong", one per grad
''', True),
    Answer(KEY, 'tuple, single quotes', r'''
verdicts = ('survives',   # 1: upstream times a local derivative
            'wrong',      # 2: clip
            'survives',   # 3: mask depends on x only
            'wrong',      # 4: normalisation
            'wrong',      # 5: threshold on upstream
            'survives')   # 6: relu of upstream
''', True),
    Answer(KEY, 'booleans mapped to the words', r'''
linear_in_upstream = [True, False, True, False, False, True]
verdicts = ["survives" if ok else "wrong" for ok in linear_in_upstream]
''', True),
    Answer(KEY, 'computed: small upstream vs scaled and unscaled', r'''
x = tf.constant([0.5, -1.0, 2.0])
grads = [
    lambda upstream: upstream * 2 * x,                                        # 1
    lambda upstream: tf.clip_by_value(upstream, -1.0, 1.0),                   # 2
    lambda upstream: upstream * tf.cast(x > 0, upstream.dtype),               # 3
    lambda upstream: upstream / (tf.norm(upstream) + 1e-12),                  # 4
    lambda upstream: tf.where(tf.abs(upstream) > 1e-3, upstream, 0.0),        # 5
    lambda upstream: tf.nn.relu(upstream),                               # 6
]

u = tf.constant([1e-4, -2e-4, 3e-4])      # small, as real upstreams are
verdicts = []
for g in grads:
    plain = g(u)
    scaled_then_unscaled = g(32768.0 * u) / 32768.0
    verdicts.append("survives" if np.allclose(plain, scaled_then_unscaled, rtol=1e-5, atol=0) else "wrong")
print(verdicts)
''', True),

    # ---- wrong: concepts
    Answer(KEY, 'normalisation thought scale-invariant', r'''
verdicts = ["survives", "wrong", "survives", "survives", "wrong", "survives"]
''', False, 'Grad 4 divides by the norm of the scaled upstream, so the scale cancels inside grad and it returns u/|u|; '
            'the optimizer then divides by 32768 once more: the gradient comes out 32768 times too small.',
           ('4|fourth|norm',)),
    Answer(KEY, 'mask taken for a threshold', r'''
verdicts = ["survives", "wrong", "wrong", "wrong", "wrong", "survives"]
''', False, 'Grad 3 masks by x > 0, which does not depend on upstream: upstream times a fixed 0/1 factor is linear in '
            'upstream, so it survives. Only a threshold on upstream itself (grad 5) breaks.',
           ('3|third|mask|x > 0',)),
    Answer(KEY, 'threshold thought to survive', r'''
verdicts = ["survives", "wrong", "survives", "wrong", "survives", "survives"]
''', False, 'Grad 5 compares upstream with 1e-3: scaled by 32768, entries that should be zeroed pass the threshold, '
            'so the result is not the unscaled one. A threshold on upstream is not linear in it.',
           ('5|fifth|threshold',)),
    Answer(KEY, 'computed with upstream of ones (threshold missed)', r'''
x = tf.constant([0.5, -1.0, 2.0])
grads = [
    lambda upstream: upstream * 2 * x,
    lambda upstream: tf.clip_by_value(upstream, -1.0, 1.0),
    lambda upstream: upstream * tf.cast(x > 0, upstream.dtype),
    lambda upstream: upstream / (tf.norm(upstream) + 1e-12),
    lambda upstream: tf.where(tf.abs(upstream) > 1e-3, upstream, 0.0),
    lambda upstream: tf.nn.relu(upstream),
]
u = tf.ones(3)
verdicts = ["survives" if np.allclose(g(u), g(32768 * u) / 32768) else "wrong" for g in grads]
''', False, 'Testing with upstream = 1 hides the threshold in grad 5: with small upstreams (below 1e-3) it zeroes them '
            'unscaled but keeps them once scaled, so grad 5 is wrong.',
           ('5|fifth|threshold',)),
    Answer(KEY, 'relu thought nonlinear so wrong', r'''
verdicts = ["survives", "wrong", "survives", "wrong", "wrong", "wrong"]
''', False, 'Grad 6, relu(upstream), is not linear, but relu(s·u) = s·relu(u) for s > 0: it scales with upstream and survives. '
            'What matters is whether the result scales with upstream.',
           ('sixth|relu',)),
    Answer(KEY, 'clip thought harmless', r'''
verdicts = ["survives", "survives", "survives", "wrong", "wrong", "survives"]
''', False, 'Grad 2 clips the scaled upstream to [-1, 1]; after dividing by 32768 almost nothing is left. A clip is not '
            'linear in upstream.',
           ('2|second|clip',)),
    Answer(KEY, 'all wrong', r'''
verdicts = ["wrong"] * 6
''', False, 'Grads 1, 3 and 6 are upstream times something that does not depend on upstream: linear in upstream, so '
            'the optimizer\'s division by 32768 undoes the scale exactly and they survive.',
           ('1|first|linear|survive',)),
    Answer(KEY, 'all survives', r'''
verdicts = ["survives", "survives", "survives", "survives", "survives", "survives"]
''', False, 'Grads 2, 4 and 5 (clip, normalisation, threshold) are not linear in upstream, so dividing by 32768 '
            'afterwards does not undo the scale: they are silently wrong.',
           ('clip|2|linear|norm|threshold',)),

    # ---- wrong: form
    Answer(KEY, 'True/False instead of the words', r'''
verdicts = [True, False, True, False, False, True]
''', False, 'The verdicts are the words "survives" and "wrong", not booleans.',
           ('survives|string|word',)),
    Answer(KEY, 'typo survive', r'''
verdicts = ["survive", "wrong", "survive", "wrong", "wrong", "survive"]
''', False, '"survive" is not one of the two answers: the word is "survives".',
           ('survives|spelling|typo|not one of',)),
    Answer(KEY, 'right/ok instead of survives', r'''
verdicts = ["right", "wrong", "ok", "wrong", "wrong", "right"]
''', False, 'Answer "survives" or "wrong"; "right" and "ok" are not among the answers.',
           ('survives|not one of',)),
    Answer(KEY, 'five answers', r'''
verdicts = ["survives", "wrong", "survives", "wrong", "wrong"]
''', False, 'Six grads need six verdicts; the last one (grad 6) is missing.',
           ('six|6|length|five|missing',)),
    Answer(KEY, 'dict keyed by grad number', r'''
verdicts = {1: "survives", 2: "wrong", 3: "survives", 4: "wrong", 5: "wrong", 6: "survives"}
''', False, 'A dict, not a list of six verdicts in order.',
           ('list|dict',)),
    Answer(KEY, 'one string', r'''
verdicts = "survives wrong survives wrong wrong survives"
''', False, 'One string, not a list of six verdicts.',
           ('list|string',)),
    Answer(KEY, 'one slot left as ...', r'''
verdicts = ["survives", "wrong", "survives", ..., "wrong", "survives"]   # "survives" or "wrong", one per grad
''', False, 'The placeholder ... is still in slot 4 (the normalisation, which is wrong).',
           ('...|ellipsis|placeholder|4|fourth',)),
]
