"""Exercise 01.fan_out: answers written from the learner's side (a = x², y = a³ + 2a, dy/dx at x = 2 is 200)."""

from answer_kit import Answer

KEY = "01.fan_out"

MISTAKES = {
    'wrong_sign': -200,
    'one_use': 192,
    'link_forgotten': 50,
    'multiplied': 384,
    'forward_value': 72,
    'x_for_a': 56,
    'local_at_a': 100,
    'power_rule': 104,
    'approximate': 201,
}

ANSWERS = [
    # ---------------------------------------------------------------- right
    Answer(KEY, 'int 200', r'''
answer = 200
''', True),
    Answer(KEY, 'uses added then times the link', r'''
x = 2
a = x ** 2                  # 4
from_cube = 3 * a ** 2      # the a³ use sends 48 back to a
from_double = 2             # the 2a use sends 2
answer = (from_cube + from_double) * (2 * x)   # link x -> a: da/dx = 2x = 4
''', True),
    Answer(KEY, 'one-line expression, float', r'''
answer = (3 * 4.0 ** 2 + 2) * (2 * 2.0)
''', True),
    Answer(KEY, '0-d tensor from GradientTape', r'''
x = tf.constant(2.0)
with tf.GradientTape() as tape:
    tape.watch(x)
    a = x ** 2
    y = a ** 3 + 2 * a      # a is used twice
answer = tape.gradient(y, x)
''', True),
    Answer(KEY, 'numpy float32 via .numpy()', r'''
x = tf.Variable(2.0)
with tf.GradientTape() as tape:
    a = tf.square(x)
    y = tf.pow(a, 3) + 2 * a
answer = tape.gradient(y, x).numpy()
''', True),
    Answer(KEY, 'ChainTrace with two uses of a', r'''
trace = helpers.ChainTrace()
square = trace.link("square", forward=lambda v: v ** 2, local=lambda v: 2 * v)
cube = trace.link("cube", forward=lambda v: v ** 3, local=lambda v: 3 * v ** 2)
double = trace.link("double", forward=lambda v: 2 * v, local=lambda v: 2 * tf.ones_like(v))
x = tf.constant(2.0, dtype=tf.float64)
with tf.GradientTape() as tape:
    tape.watch(x)
    a = square(x)
    y = cube(a) + double(a)
answer = tape.gradient(y, x)
print(trace)
''', True),
    Answer(KEY, 'numpy sum of the two downstreams', r'''
x = np.float64(2.0)
a = x ** 2
sent_to_a = np.array([3 * a ** 2, 2.0])     # what each use of a sends back
answer = np.sum(sent_to_a) * 2 * x
''', True),
    # ---------------------------------------------------------------- wrong
    Answer(KEY, 'only the a³ use', r'''
a = 2 ** 2
answer = 3 * a ** 2 * (2 * 2)     # cube use, times da/dx
''', False, 'only the a³ use was counted; the 2a use also sends 2 back to a, and the two add (48 + 2)',
           ('two uses|both|2a|add|sum',)),
    Answer(KEY, 'only the 2a use', r'''
answer = 2 * (2 * 2)    # d(2a)/da times da/dx
''', False, 'only the 2a use was counted; the a³ use sends 3a² = 48 back to a as well, and the two add',
           ('two uses|both|a³|a^3|add|sum',)),
    Answer(KEY, 'link x->a forgotten (dy/da)', r'''
a = 4
answer = 3 * a ** 2 + 2
''', False, '50 is dy/da; a = x² still has to pass it on to x, times da/dx = 2x = 4',
           ('da/dx|2x|link|chain|x → a|x->a|x→a',)),
    Answer(KEY, 'tape.gradient with respect to a', r'''
x = tf.constant(2.0)
with tf.GradientTape(persistent=True) as tape:
    tape.watch(x)
    a = x ** 2
    y = a ** 3 + 2 * a
answer = tape.gradient(y, a)     # the gradient at a, where the two uses meet
''', False, 'that is dy/da = 50; the question asks for dy/dx, so the link a = x² (da/dx = 4) still multiplies it',
           ('da/dx|2x|link|chain|x → a|x->a|x→a',)),
    Answer(KEY, 'uses multiplied', r'''
a = 4
answer = (3 * a ** 2) * 2 * (2 * 2)    # each use's contribution, times the link
''', False, 'the two uses of a send 48 and 2; a value used twice gets the sum of what its uses send, not the product',
           ('add|sum|plus',)),
    Answer(KEY, 'uses multiplied, no link', r'''
answer = 3 * 4 ** 2 * 2
''', False, 'the two uses were multiplied (48 · 2) instead of added, and the link da/dx = 4 is missing too',
           ('add|sum|plus',)),
    Answer(KEY, 'local derivatives taken at x', r'''
x = 2
answer = (3 * x ** 2 + 2) * 2 * x    # d/da of a³ + 2a, times da/dx
''', False, "the uses' local derivatives were evaluated at x = 2; they take a's value, a = 4 (3a² = 48, not 12)",
           ('a = 4|a=4|at a|3a|48',)),
    Answer(KEY, 'derivative in x of a³+2a, no link', r'''
x = 2
answer = 3 * x ** 2 + 2
''', False, 'differentiated a³ + 2a as if a were x: the local derivatives take a = 4, and the link da/dx = 2x is missing',
           ('a = 4|a=4|at a|3a|48|da/dx|link',)),
    Answer(KEY, 'forward value y', r'''
a = 2 ** 2
answer = a ** 3 + 2 * a
''', False, '72 is the value of y at x = 2, not its derivative',
           ('value|forward|y itself',)),
    Answer(KEY, 'slip: a² taken as 2a', r'''
a = 4
answer = (3 * (2 * a) + 2) * 4     # 3a², a² = 8
''', False, 'arithmetic slip: a² at a = 4 is 16, so the a³ use sends 3·16 = 48, not 24',
           ('16|48|3a²|3a^2|a²|a^2',)),
    Answer(KEY, 'slip: d(2a)/da taken as 1', r'''
a = 4
answer = (3 * a ** 2 + 1) * 4
''', False, 'the 2a use sends 2 back to a (its local derivative is 2), not 1',
           ('2a|50',)),
    Answer(KEY, 'slip: da/dx taken as x', r'''
answer = (3 * 16 + 2) * 2     # da/dx = x
''', False, 'the link a = x² has local derivative 2x = 4 at x = 2, not x = 2',
           ('da/dx|2x|link|x²|x^2',)),
    Answer(KEY, 'slip: da/dx evaluated at a', r'''
a = 4
answer = (3 * a ** 2 + 2) * (2 * a)
''', False, "the link's local derivative 2x takes x = 2, its input, not a = 4",
           ('x = 2|x=2|2x|da/dx|input|link',)),
    Answer(KEY, 'link applied to the a³ use only', r'''
a, x = 4, 2
answer = 3 * a ** 2 * 2 * x + 2     # cube use through the link, plus the 2a use
''', False, "both uses' contributions reach x through a: add them at a (48 + 2) and then multiply by da/dx = 4",
           ('both|each use|sum|add|da/dx|link',)),
    Answer(KEY, 'expanded formula, exponent kept', r'''
# y = x**6 + 2*x**2
answer = 6 * 2 ** 6 + 2 * 2 * 2
''', False, 'd/dx x⁶ = 6x⁵: the exponent was not lowered (and the exercise asks for the two uses of a)',
           ('x⁵|x^5|exponent|power|use',)),
    Answer(KEY, 'the two downstreams listed', r'''
answer = [48 * 4, 2 * 4]     # what each use of a brings back to x
''', False, 'those are the two contributions; a value used twice gets their sum, one number',
           ('add|sum|one number|a number|list',)),
    # ---------------------------------------------------------------- odd kinds
    Answer(KEY, "string '200'", r'''
answer = "200"
''', False, 'right digits, but a string: give the number',
           ('string|text|number|quote',)),
    Answer(KEY, 'dict of dy/da and dy/dx', r'''
answer = {"dy/da": 50, "dy/dx": 200}
''', False, 'a dict; the exercise asks for one number, dy/dx',
           ('number|dict',)),
    Answer(KEY, 'None from an int tape', r'''
x = tf.constant(2)            # int32: the tape does not differentiate integers
with tf.GradientTape() as tape:
    tape.watch(x)
    a = x ** 2
    y = a ** 3 + 2 * a
answer = tape.gradient(y, x)
''', False, 'the gradient came back None: x was an integer tensor, and the tape only differentiates floats',
           ('none|integer|int32|float|dtype',)),
    Answer(KEY, 'stub left as ...', r'''
answer = ...   # a number
''', False, 'the stub is unchanged: replace ... with a number',
           ('number|ellipsis|replace|fill',)),
    Answer(KEY, 'nan', r'''
answer = float("nan")
''', False, 'NaN is not an answer; give dy/dx at x = 2',
           ('nan|number|finite',)),
]
