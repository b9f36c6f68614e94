"""Exercise 10.replica_clip: answers written from the learner's side.

clip_upstream(0.3) on four replicas of four examples, B = 16: upstream at h is h/16, clipped to
[-0.3, 0.3], so in per-example units (times B) the clip acts at 4.8, and h = 3, 4, 5, 6 get [3, 4, 4.8, 4.8].
"""

from answer_kit import Answer

KEY = "10.replica_clip"

MISTAKES = {
    'batch_of_the_example': [2.4, 2.4, 2.4, 2.4],
    'replica_batch': [1.2, 1.2, 1.2, 1.2],
    'per_example_units': [0.3, 0.3, 0.3, 0.3],
    'fixed_clip': [2, 2, 2, 2],
    'no_clip': [3, 4, 5, 6],
    'not_times_b': [3 / 16, 4 / 16, 0.3, 0.3],
    'threshold_slip': [3, 4, 5, 4.8],
    'wrong_examples': [1, 2, 3, 4],
}

ANSWERS = [
    # ---------------------------------------------------------------- right
    Answer(KEY, 'plain list', r'''
answer = [3, 4, 4.8, 4.8]
''', True),
    Answer(KEY, 'list comprehension with min', r'''
B = 16
answer = [min(h / B, 0.3) * B for h in range(3, 7)]
''', True),
    Answer(KEY, 'numpy clip of h/B, times B', r'''
B = 4 * 4                      # four replicas, four examples each
h = np.arange(3, 7)
answer = np.clip(h / B, -0.3, 0.3) * B
''', True),
    Answer(KEY, 'tuple with 0.3*16', r'''
answer = (3.0, 4.0, 0.3 * 16, 0.3 * 16)
''', True),
    Answer(KEY, 'tape on one device with global batch 16', r'''
# one device with the whole global batch gives the same upstream h/B as four replicas
def clip_upstream(limit, batch_size=1):
    @tf.custom_gradient
    def clip(x):
        return tf.identity(x), lambda upstream: tf.clip_by_value(upstream * batch_size, -limit, limit) / batch_size
    return clip

B = 16
h = tf.range(1.0, B + 1)
with tf.GradientTape() as tape:
    tape.watch(h)
    per_example = clip_upstream(0.3)(h) ** 2 / 2
    loss = tf.nn.compute_average_loss(per_example, global_batch_size=B)
answer = (tape.gradient(loss, h) * B)[2:6]
''', True),
    Answer(KEY, 'tf.minimum on a tensor', r'''
h = tf.constant([3.0, 4.0, 5.0, 6.0])
answer = tf.minimum(h, 0.3 * 16)
''', True),
    # ---------------------------------------------------------------- wrong
    Answer(KEY, 'B = 8 from the notebook', r'''
B = 8
answer = [min(h / B, 0.3) * B for h in range(3, 7)]
''', False, "B = 8 is the notebook's two replicas; with four replicas of four examples B = 16, so the clip is at 4.8",
           ('16|sixteen|global batch',)),
    Answer(KEY, 'B = 8 via compute_average_loss', r'''
h = tf.range(1.0, 17.0)
with tf.GradientTape() as tape:
    tape.watch(h)
    loss = tf.nn.compute_average_loss(h ** 2 / 2, global_batch_size=8)
    # plain clip of upstream, by hand
g = tf.clip_by_value(tape.gradient(loss, h), -0.3, 0.3) * 8
answer = g[2:6].numpy()
''', False, 'the global batch is 16, not 8: every replica divides by all 16 examples',
           ('16|sixteen|global batch',)),
    Answer(KEY, 'B = 4, the examples per replica', r'''
B = 4    # each replica still holds four examples
answer = [min(h / B, 0.3) * B for h in (3, 4, 5, 6)]
''', False, 'the loss divides by the global batch size (all 16 examples), not by the 4 each replica holds',
           ('16|sixteen|global',)),
    Answer(KEY, 'limit times the number of replicas', r'''
replicas = 4
limit = 0.3 * replicas          # 1.2
answer = [min(h, limit) for h in (3, 4, 5, 6)]
''', False, 'per-example units scale the limit by the global batch size B = 16, not by the number of replicas',
           ('16|sixteen|global batch',)),
    Answer(KEY, 'clip applied in per-example units', r'''
answer = [min(h, 0.3) for h in [3, 4, 5, 6]]
''', False, 'the plain clip compares upstream (h/B) with 0.3, not h itself; in per-example units it clips at 0.3·16 = 4.8',
           ('upstream|1/b|1 / b|divide',)),
    Answer(KEY, 'limit divided by B', r'''
B = 16
answer = [min(h, 0.3 / B) for h in range(3, 7)]
''', False, 'upstream is h/B, so the clip at 0.3 is at 0.3 × 16 = 4.8 in per-example units, not 0.3/16',
           ('4.8|multipl|times|×',)),
    Answer(KEY, 'the fixed clip at 2', r'''
B = 16
answer = [min(h, 2.0) for h in range(3, 7)]     # clip upstream × B at 2
''', False, 'that is the fixed clip, clip_upstream(2.0, batch_size=B); the question is about the plain clip_upstream(0.3)',
           ('plain|0.3|fixed',)),
    Answer(KEY, 'upstream itself, not times B', r'''
B = 16
answer = [min(h / B, 0.3) for h in range(3, 7)]
''', False, 'these are the clipped upstreams; per-example units multiply them by B = 16',
           ('16|per-example|per example|units',)),
    Answer(KEY, 'no clip at all', r'''
answer = [3, 4, 5, 6]     # gradient h/B times B is just h
''', False, 'without a clip each example gets h; but the plain clip cuts upstream at 0.3, i.e. 4.8 in per-example units',
           ('clip|4.8|0.3',)),
    Answer(KEY, 'no clip, not times B', r'''
answer = list(np.arange(3, 7) / 16)
''', False, 'these are the raw upstreams h/16: neither clipped at 0.3 nor put in per-example units',
           ('clip|16|per-example|per example|units',)),
    Answer(KEY, 'examples 1-4 instead of 3-6', r'''
B = 16
answer = [min(h / B, 0.3) * B for h in range(1, 5)]
''', False, 'these are examples h = 1 to 4 (as printed in the notebook); the question asks for h = 3, 4, 5, 6',
           ('h = 3|h=3|3, 4, 5, 6|3–6|3-6|3 to 6|example',)),
    Answer(KEY, 'reversed order', r'''
answer = [4.8, 4.8, 4, 3]
''', False, 'right numbers in the wrong order: list them for h = 3, 4, 5, 6',
           ('order|h = 3|h=3|reverse|first',)),
    Answer(KEY, 'six numbers, h = 3..8', r'''
answer = [min(h / 16, 0.3) * 16 for h in range(3, 9)]
''', False, 'six numbers; the question asks for four, the examples h = 3, 4, 5, 6',
           ('four|4 numbers|count|length|six|6 numbers',)),
    Answer(KEY, 'slip: 5/16 taken as under 0.3', r'''
answer = [3, 4, 5, 4.8]      # 5/16 is about 0.31... under 0.3? then only 6 is clipped
''', False, "5/16 = 0.3125 is above 0.3, so example 5's upstream is clipped too: 4.8, not 5",
           ('0.3125|5/16|5 / 16|h = 5|h=5',)),
    Answer(KEY, 'each replica averages its own 4', r'''
# each replica takes the mean over its own four examples: upstream h/4, clipped at 0.3, then × B
answer = [min(h / 4, 0.3) * 16 for h in (3, 4, 5, 6)]
''', False, 'compute_average_loss divides by the global batch size 16, so upstream is h/16, not h/4',
           ('16|sixteen|global',)),
    # ---------------------------------------------------------------- odd kinds
    Answer(KEY, 'string', r'''
answer = "3, 4, 4.8, 4.8"
''', False, 'a string: give a list of four numbers',
           ('string|text|list|number',)),
    Answer(KEY, 'dict by h', r'''
answer = {3: 3.0, 4: 4.0, 5: 4.8, 6: 4.8}
''', False, 'a dict: give the four numbers as a list, in the order h = 3, 4, 5, 6',
           ('list|dict|number',)),
    Answer(KEY, 'None', r'''
answer = None
''', False, 'None: give a list of four numbers',
           ('none|list|number',)),
    Answer(KEY, 'three numbers', r'''
answer = [3, 4, 4.8]
''', False, 'three numbers; the question asks for four, h = 3, 4, 5, 6',
           ('four|4 numbers|count|length|three|3 numbers',)),
    Answer(KEY, 'one number', r'''
answer = 4.8     # where the clip acts
''', False, 'one number; the question asks for four, one per example h = 3, 4, 5, 6',
           ('four|4 numbers|list|numbers',)),
    Answer(KEY, 'stub left as [...]', r'''
answer = [...]   # four numbers: the examples h = 3, 4, 5, 6
''', False, 'the stub is unchanged: replace [...] with four numbers',
           ('number|ellipsis|replace|fill',)),
    Answer(KEY, 'a string inside the list', r'''
answer = [3, 4, "4.8", 4.8]
''', False, 'one entry is a string: all four must be numbers',
           ('number|string|text|quote',)),
]
