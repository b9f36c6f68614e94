"""Exercise 09.diagnose: answers written from the learner's side (three buggy custom gradients, one name each)."""

from answer_kit import Answer

KEY = "09.diagnose"

MISTAKES = {
    'wrong_choice': ["upstream_ignored", "transposed", "not_summed"],
    'unknown_name': ["constant factor", "transposed", "not_summed"],
    'wrong_length': ["constant_factor", "transposed"],
    'not_a_list': "constant_factor, transposed, not_summed",
}

STUB = r'''
@tf.custom_gradient
def mean_square(x):                       # L = mean(x²)
    return tf.reduce_mean(x ** 2), lambda upstream: upstream * 2 * x

@tf.custom_gradient
def project(x, W):                        # y = x W
    return x @ W, lambda upstream: (upstream @ tf.transpose(W), tf.transpose(upstream) @ x)

@tf.custom_gradient
def add_bias(x, b):                       # y = x + b, one b for every row of x
    return x + b, lambda upstream: (upstream, upstream)

x = tf.constant([[0.5, -1.0, 2.0], [1.5, 0.3, -0.7]], tf.float64)
W = tf.reshape(tf.range(9.0, dtype=tf.float64), (3, 3)) / 5
b = tf.constant([0.1, 0.2, 0.3], tf.float64)
'''

ANSWERS = [
    # ---- right
    Answer(KEY, 'list of the three names', r'''
diagnoses = ["constant_factor", "transposed", "not_summed"]
''', True),
    Answer(KEY, 'tuple with comments', r'''
diagnoses = ('constant_factor',   # mean_square: 6 times too big, the 1/6 of the mean is missing
             'transposed',        # project: W's gradient is right once transposed
             'not_summed')        # add_bias: (2, 3) for a (3,) b, the rows not summed
''', True),
    Answer(KEY, 'computed from the failing rows of the reports', STUB + r'''
reports = [check_gradients(mean_square, x, raise_on_failure=False),
           check_gradients(project, x, W, raise_on_failure=False),
           check_gradients(add_bias, x, b, raise_on_failure=False)]
diagnoses = [next(row.mistake for row in report.inputs if not row.ok) for report in reports]
''', True),
    Answer(KEY, 'computed by catching GradientCheckError', STUB + r'''
from helpers import GradientCheckError

diagnoses = []
for f, args in [(mean_square, (x,)), (project, (x, W)), (add_bias, (x, b))]:
    try:
        check_gradients(f, *args)
    except GradientCheckError as e:
        diagnoses.append([r.mistake for r in e.report.inputs if r.mistake][0])
''', True),

    # ---- wrong: read the wrong column of the report
    Answer(KEY, 'result-column words', r'''
diagnoses = ["wrong values", "wrong values", "wrong shape"]
''', False, "Those are the report's result column, not names from the list; the line under the table gives the cause "
            "(constant factor, transposed, not summed).",
           ('wrong values|not one of|name|result',)),
    Answer(KEY, 'wrong_shape for add_bias', r'''
diagnoses = ["constant_factor", "transposed", "wrong_shape"]
''', False, "add_bias: the result says wrong shape, but the cause line says why: b was broadcast over the rows and "
            "its gradient not summed over them (not_summed).",
           ('add_bias|third|sum|broadcast',)),
    Answer(KEY, 'wrong_shape for project', r'''
diagnoses = ["constant_factor", "wrong_shape", "not_summed"]
''', False, "project: W's gradient has W's shape (3, 3); its values are those of the right gradient transposed "
            "(transposed), which a square W cannot show by shape.",
           ('project|second|transpos',)),
    # ---- wrong: textbook guesses without reading the report
    Answer(KEY, 'upstream_ignored for mean_square', r'''
diagnoses = ["upstream_ignored", "transposed", "not_summed"]
''', False, "mean_square does multiply by upstream; the gradient is 6 times the right one because the mean's 1/6 "
            "(six elements) is missing: constant_factor.",
           ('mean_square|first|constant|factor',)),
    Answer(KEY, 'wrong_sign for project', r'''
diagnoses = ["constant_factor", "wrong_sign", "not_summed"]
''', False, "project: a large relative error is not a sign flip; the report says W's gradient is right once "
            "transposed (should be tf.transpose(x) @ upstream).",
           ('project|second|transpos',)),
    Answer(KEY, 'first two swapped', r'''
diagnoses = ["transposed", "constant_factor", "not_summed"]
''', False, "The names are in the wrong order: mean_square is the constant factor, project the transposed one.",
           ('order|swap|first|second|mean_square|project',)),
    # ---- wrong: spelling
    Answer(KEY, 'typo transpose', r'''
diagnoses = ["constant_factor", "transpose", "not_summed"]
''', False, "'transpose' is not one of the names: transposed.",
           ('transpose|not one of|unknown|spell|typo|names',)),
    Answer(KEY, 'constant factor with a space', r'''
diagnoses = ["constant factor", "transposed", "not_summed"]
''', False, "The names use underscores exactly as listed: constant_factor, not 'constant factor'.",
           ('underscore|constant_factor|not one of|unknown|spell|names',)),
    Answer(KEY, 'capitalised names', r'''
diagnoses = ["Constant_Factor", "Transposed", "Not_Summed"]
''', False, "The names are lower-case exactly as listed.",
           ('case|lower|exact|spell|not one of|names',)),
    # ---- wrong: form of the answer
    Answer(KEY, 'only two names', r'''
diagnoses = ["constant_factor", "transposed"]
''', False, "Three functions need three names; add_bias (not_summed) is missing.",
           ('three|3|missing|number|how many|length',)),
    Answer(KEY, 'one comma-separated string', r'''
diagnoses = "constant_factor, transposed, not_summed"
''', False, "diagnoses must be a list of three names, not one string.",
           ('list|string|str',)),
    Answer(KEY, 'dict keyed by function name', r'''
diagnoses = {"mean_square": "constant_factor", "project": "transposed", "add_bias": "not_summed"}
''', False, "A dict, where a list of three names in the order mean_square, project, add_bias is asked for.",
           ('list|dict',)),
    Answer(KEY, 'placeholder left for add_bias', r'''
diagnoses = ["constant_factor", "transposed", ...]   # one name each: mean_square, project, add_bias
''', False, "The third slot (add_bias) is still the placeholder `...`.",
           ('third|add_bias|...|Ellipsis|placeholder|missing|fill',)),
    # ---- wrong: computed from the wrong field of the report
    Answer(KEY, "computed from each report's first row", STUB + r'''
reports = [check_gradients(mean_square, x, raise_on_failure=False),
           check_gradients(project, x, W, raise_on_failure=False),
           check_gradients(add_bias, x, b, raise_on_failure=False)]
diagnoses = [report.inputs[0].mistake for report in reports]
''', False, "The first row is x, whose gradient is fine in project and add_bias (mistake None); the bugs are in the "
            "rows of W and b.",
           ('None|missing|empty|project',)),
    Answer(KEY, "computed from the report's own mistake field", STUB + r'''
diagnoses = [check_gradients(f, *args, raise_on_failure=False).mistake
             for f, args in [(mean_square, (x,)), (project, (x, W)), (add_bias, (x, b))]]
''', False, "report.mistake is None for all three: the mistakes are on the rows of the inputs (report.inputs[i].mistake).",
           ('None|missing|empty|input|row',)),
]
