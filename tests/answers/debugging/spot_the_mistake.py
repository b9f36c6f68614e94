"""Exercise 09.spot_the_mistake: a wrong answer for each mistake it names, and answers written from the learner's side."""

from answer_kit import Answer

KEY = "09.spot_the_mistake"

MISTAKES = {
    'wrong_choice': ["keyword_call", "wrong_shape", "float32_false_alarm", "wrong_shape", "none_gradient"],
    'unknown_name': ["keyword", "upstream_ignored", "float32_false_alarm", "wrong_shape", "none_gradient"],
    'wrong_length': ["keyword_call", "upstream_ignored"],
    'not_a_list': "keyword_call",
}

ANSWERS = [
    # ---- set ab
    Answer('09.spot_the_mistake', 'split-string', r'''
answers = "keyword_call upstream_ignored float32_false_alarm wrong_shape none_gradient".split()
''', True),
    Answer('09.spot_the_mistake', 'silent-print-as-variables', r'''
answers = ["variables_missing", "upstream_ignored", "float32_false_alarm", "wrong_shape", "none_gradient"]
''', False, 'Snippet 1: the call smooth_step(x=h) passes its input by keyword, so eagerly the custom gradient is skipped (hence no tf.print); no variable is involved.',
           ('keyword|1|first',)),
    Answer('09.spot_the_mistake', 'small-difference-as-false-alarm', r'''
answers = ["keyword_call", "float32_false_alarm", "float32_false_alarm", "wrong_shape", "none_gradient"]
''', False, 'Snippet 2: 0.88 is cos(0.5), the local derivative alone; the upstream 2·sin(0.5) was dropped. That is not rounding noise.',
           ('upstream|2|second',)),
    Answer('09.spot_the_mistake', 'only-four-names', r'''
answers = ["keyword_call", "upstream_ignored", "float32_false_alarm", "none_gradient"]
''', False, 'Five snippets need five names; snippet 4 (the (4, 4) update) is missing, so the rest are shifted.',
           ('five|5|4|fourth',)),
    # ---- set b
    Answer('09.spot_the_mistake', 'list in order', r'''
answers = ["keyword_call", "upstream_ignored", "float32_false_alarm", "wrong_shape", "none_gradient"]
''', True),
    Answer('09.spot_the_mistake', 'tuple, single quotes', r'''
answers = ('keyword_call',
           'upstream_ignored',
           'float32_false_alarm',
           'wrong_shape',
           'none_gradient')
''', True),
    Answer('09.spot_the_mistake', 'split of one string', r'''
answers = "keyword_call upstream_ignored float32_false_alarm wrong_shape none_gradient".split()
''', True),
    Answer('09.spot_the_mistake', '1 and 2 swapped', r'''
answers = ["upstream_ignored", "keyword_call", "float32_false_alarm", "wrong_shape", "none_gradient"]
''', False, 'snippets 1 and 2 swapped: the keyword call is snippet 1, the dropped upstream snippet 2',
           ('keyword|upstream|1 and 2|first two',)),
    Answer('09.spot_the_mistake', 'variables_missing for 5', r'''
answers = ["keyword_call", "upstream_ignored", "float32_false_alarm", "wrong_shape", "variables_missing"]
''', False, 'snippet 5 is an integer cast on the path: none_gradient',
           ('fifth|snippet 5|none_gradient|integer|cast',)),
    Answer('09.spot_the_mistake', 'capitalised names', r'''
answers = ["Keyword_Call", "Upstream_Ignored", "Float32_False_Alarm", "Wrong_Shape", "None_Gradient"]
''', False, 'names are lower-case exactly as listed',
           ('case|spelling|exact|lower',)),
    Answer('09.spot_the_mistake', 'typo upstream_ignore', r'''
answers = ["keyword_call", "upstream_ignore", "float32_false_alarm", "wrong_shape", "none_gradient"]
''', False, "'upstream_ignore' is not one of the names: upstream_ignored",
           ('upstream_ignore',)),
    Answer('09.spot_the_mistake', 'dict keyed by snippet number', r'''
answers = {1: "keyword_call", 2: "upstream_ignored", 3: "float32_false_alarm",
           4: "wrong_shape", 5: "none_gradient"}
''', False, 'a dict, not a list of five names in order',
           ('list|dict',)),
    Answer('09.spot_the_mistake', 'only four names', r'''
answers = ["keyword_call", "upstream_ignored", "wrong_shape", "none_gradient"]
''', False, 'four names for five snippets (float32_false_alarm for 3 is missing)',
           ('five|four|length|missing',)),
    Answer('09.spot_the_mistake', 'one comma-separated string', r'''
answers = "keyword_call, upstream_ignored, float32_false_alarm, wrong_shape, none_gradient"
''', False, 'one string, not a list of five names',
           ('list|string',)),
    Answer('09.spot_the_mistake', 'spaces instead of underscores', r'''
answers = ["keyword call", "upstream ignored", "float32 false alarm", "wrong shape", "none gradient"]
''', False, 'the names use underscores, exactly as listed',
           ('underscore|spelling|exact|not one of',)),
    Answer('09.spot_the_mistake', 'two placeholders left', r'''
answers = ["keyword_call", "upstream_ignored", ..., "wrong_shape", ...]
''', False, 'placeholders ... are still in the list (snippets 3 and 5)',
           ('placeholder|Ellipsis|missing',)),
    # ---- set d
    Answer('09.spot_the_mistake', 'all five right', r'''
answers = ["keyword_call", "upstream_ignored", "float32_false_alarm", "wrong_shape", "none_gradient"]
''', True),
    Answer('09.spot_the_mistake', 'all five right, split from one string', r'''
answers = """
keyword_call
upstream_ignored
float32_false_alarm
wrong_shape
none_gradient
""".split()
''', True),
    Answer('09.spot_the_mistake', 'all five right, as a tuple', r'''
answers = ("keyword_call",         # 1: tf.print never prints: grad skipped
           "upstream_ignored",     # 2: cos(0.5) = 0.88, the 2 sin x is missing
           "float32_false_alarm",  # 3
           "wrong_shape",          # 4: (4,) gradient for a (4, 1) s
           "none_gradient")        # 5: argmax has no gradient
''', True),
    Answer('09.spot_the_mistake', '1 read as none_gradient', r'''
answers = ["none_gradient", "upstream_ignored", "float32_false_alarm", "wrong_shape", "none_gradient"]
''', False, 'Snippet 1: the tape does return gradients; tf.print never printing means grad was skipped, because every input was passed by keyword (keyword_call).',
           ('1|first|keyword',)),
    Answer('09.spot_the_mistake', '2 read as a float32 false alarm', r'''
answers = ["keyword_call", "float32_false_alarm", "float32_false_alarm", "wrong_shape", "none_gradient"]
''', False, 'Snippet 2: 0.88 is cos(0.5), the local derivative alone; the upstream 2 sin x was dropped (upstream_ignored), far more than rounding.',
           ('2|second|upstream',)),
    Answer('09.spot_the_mistake', '4 read as variables_missing', r'''
answers = ["keyword_call", "upstream_ignored", "float32_false_alarm", "variables_missing", "none_gradient"]
''', False, 'Snippet 4: s is an input, not a variable read from outside; its gradient has shape (4,) for an input of shape (4, 1) (wrong_shape).',
           ('4|fourth|shape',)),
    Answer('09.spot_the_mistake', '5 read as float32 cast', r'''
answers = ["keyword_call", "upstream_ignored", "float32_false_alarm", "wrong_shape", "float32_false_alarm"]
''', False, "Snippet 5: argmax's integer output has no path back to logits, so the tape returns None (none_gradient); the float32 cast is not the issue.",
           ('5|fifth|None|argmax|integer',)),
    Answer('09.spot_the_mistake', '1 and 2 swapped', r'''
answers = ["upstream_ignored", "keyword_call", "float32_false_alarm", "wrong_shape", "none_gradient"]
''', False, 'The first two are swapped: snippet 1 is the keyword call, snippet 2 the ignored upstream.',
           ('1|2|first|second|order|swap',)),
    Answer('09.spot_the_mistake', 'name not on the list', r'''
answers = ["keyword_argument", "upstream_ignored", "float32_false_alarm", "wrong_shape", "none_gradient"]
''', False, "'keyword_argument' is not one of the six names: it should be keyword_call.",
           ('keyword_argument|not one of|list|unknown|choose|names',)),
    Answer('09.spot_the_mistake', 'typo upstream_ignore', r'''
answers = ["keyword_call", "upstream_ignore", "float32_false_alarm", "wrong_shape", "none_gradient"]
''', False, "'upstream_ignore' is a typo for upstream_ignored.",
           ('upstream_ignore|typo|spell|not one of|unknown|names',)),
    Answer('09.spot_the_mistake', 'words with spaces from the table', r'''
answers = ["keyword call", "upstream ignored", "float32 false alarm", "wrong shape", "none gradient"]
''', False, "The names have underscores (keyword_call, ...): the table's wording is not one of the names.",
           ('underscore|spell|not one of|unknown|names|keyword_call',)),
    Answer('09.spot_the_mistake', 'only four names', r'''
answers = ["keyword_call", "upstream_ignored", "wrong_shape", "none_gradient"]
''', False, 'Four names for five snippets: snippet 3 (float32_false_alarm) is missing.',
           ('five|5|four|4|missing|number|how many',)),
    Answer('09.spot_the_mistake', 'ellipsis left in place 3', r'''
answers = ["keyword_call", "upstream_ignored", ..., "wrong_shape", "none_gradient"]
''', False, 'Snippet 3 is still the placeholder `...`: fill in float32_false_alarm.',
           ('3|third|...|Ellipsis|fill|missing',)),
    Answer('09.spot_the_mistake', 'one comma-separated string', r'''
answers = "keyword_call, upstream_ignored, float32_false_alarm, wrong_shape, none_gradient"
''', False, 'answers must be a list of five names, not one string.',
           ('list|string|str|five|5',)),
    Answer('09.spot_the_mistake', 'numbers of the names instead of names', r'''
answers = [3, 1, 6, 2, 5]   # positions in the list of names
''', False, 'The exercise asks for the names themselves, as strings, not their positions.',
           ('name|string|str',)),
    # ---- set e
    Answer('09.spot_the_mistake', 'tuple of names', r'''
answers = ("keyword_call", "upstream_ignored", "float32_false_alarm", "wrong_shape", "none_gradient")
''', True),
    Answer('09.spot_the_mistake', 'list with a comment per line', r'''
answers = [
    "keyword_call",         # 1: smooth_step(x=h) skips grad, so tf.print never runs
    "upstream_ignored",     # 2: cos(x) without upstream
    "float32_false_alarm",  # 3: only float32 disagrees
    "wrong_shape",          # 4: ds has shape (4,), s is (4, 1)
    "none_gradient",        # 5: argmax has no gradient
]
''', True),
    Answer('09.spot_the_mistake', 'my_sin taken for float32 noise', r'''
answers = ["keyword_call", "float32_false_alarm", "float32_false_alarm", "wrong_shape", "none_gradient"]
''', False, 'Snippet 2 is off by 5 %, far beyond rounding: grad drops the upstream 2 sin x (upstream_ignored).',
           ('my_sin|second|2nd|snippet 2|upstream',)),
    Answer('09.spot_the_mistake', 'typo in a name', r'''
answers = ["keyword_call", "upstream_ignore", "float32_false_alarm", "wrong_shape", "none_gradient"]
''', False, "'upstream_ignore' is not one of the names: 'upstream_ignored'.",
           ('upstream_ignore|spelling|typo|not one of|unknown|choose from|valid',)),
    Answer('09.spot_the_mistake', 'silent tf.print read as no gradient', r'''
answers = ["none_gradient", "upstream_ignored", "float32_false_alarm", "wrong_shape", "none_gradient"]
''', False, 'Snippet 1 gets gradients; grad never runs because smooth_step(x=h) is a keyword call.',
           ('keyword|smooth_step|first|snippet 1',)),
    Answer('09.spot_the_mistake', 'only four names', r'''
answers = ["keyword_call", "upstream_ignored", "wrong_shape", "none_gradient"]
''', False, 'Five snippets need five names, in order (snippet 3, float32_false_alarm, is missing).',
           ('five|5',)),
    # ---- set f
    Answer('09.spot_the_mistake', 'plain', r'''
answers = ["keyword_call", "upstream_ignored", "float32_false_alarm", "wrong_shape", "none_gradient"]
''', True),
    Answer('09.spot_the_mistake', 'split_string', r'''
answers = "keyword_call upstream_ignored float32_false_alarm wrong_shape none_gradient".split()
''', True),
    Answer('09.spot_the_mistake', 'first_as_none_gradient', r'''
answers = ["none_gradient", "upstream_ignored", "float32_false_alarm", "wrong_shape", "none_gradient"]
''', False, 'Snippet 1: the tape does return gradients; grad never runs because the call passes x by keyword.',
           ('keyword|snippet 1|first',)),
    Answer('09.spot_the_mistake', 'second_as_float32_noise', r'''
answers = ["keyword_call", "float32_false_alarm", "float32_false_alarm", "wrong_shape", "none_gradient"]
''', False, 'Snippet 2: 0.88 vs 0.84 is far beyond float32 rounding; grad returns cos x without the upstream 2 sin x.',
           ('upstream|snippet 2|second',)),
    Answer('09.spot_the_mistake', 'dict_by_number', r'''
answers = {1: "keyword_call", 2: "upstream_ignored", 3: "float32_false_alarm",
           4: "wrong_shape", 5: "none_gradient"}
''', False, 'A dict, not a list of five names in order.',
           ('list',)),
    Answer('09.spot_the_mistake', 'positions_in_menu', r'''
answers = [3, 1, 6, 2, 5]   # positions in the list of names
''', False, 'Numbers instead of the names as strings.',
           ('name|string|str|quot',)),
    # ---- set g
    Answer('09.spot_the_mistake', 'all-right', r'''
answers = ["keyword_call", "upstream_ignored", "float32_false_alarm", "wrong_shape", "none_gradient"]
''', True),
    Answer('09.spot_the_mistake', 'split-a-string', r'''
answers = "keyword_call upstream_ignored float32_false_alarm wrong_shape none_gradient".split()
''', True),
    Answer('09.spot_the_mistake', 'second-as-precision', r'''
answers = ["keyword_call", "float32_false_alarm", "float32_false_alarm", "wrong_shape", "none_gradient"]
''', False, 'snippet 2 is not rounding: 0.88 is cos(0.5), the upstream 2 sin(0.5) was dropped (upstream_ignored)',
           ('upstream|2',)),
    Answer('09.spot_the_mistake', 'fourth-as-upstream', r'''
answers = ["keyword_call", "upstream_ignored", "float32_false_alarm", "upstream_ignored", "none_gradient"]
''', False, 'snippet 4: summing over axis 1 gives ds shape (4,) for s of shape (4, 1), so s - 0.1 * ds broadcasts to (4, 4): wrong_shape',
           ('shape|4',)),
    Answer('09.spot_the_mistake', 'descriptions-not-names', r'''
answers = ["called with a keyword", "forgot upstream", "float32 precision", "shape mismatch", "argmax has no gradient"]
''', False, 'the right ideas, but not the names from the list (keyword_call, upstream_ignored, ...)',
           ('name|list|keyword_call|upstream_ignored',)),
    Answer('09.spot_the_mistake', 'positions-in-the-list', r'''
answers = [3, 1, 6, 2, 5]     # positions in the list of names
''', False, 'numbers (positions in the list) instead of the names as strings',
           ('string|name|quote|text',)),
    # ---- set holdout
    Answer('09.spot_the_mistake', 'split of one string', r'''
answers = "keyword_call upstream_ignored float32_false_alarm wrong_shape none_gradient".split()
''', True),
    Answer('09.spot_the_mistake', 'first snippet as upstream_ignored', r'''
answers = ["upstream_ignored", "upstream_ignored", "float32_false_alarm", "wrong_shape", "none_gradient"]
''', False, 'Snippet 1 calls with x=x: the keyword call skips the custom gradient entirely.',
           ('snippet 1|first|1st|#1|keyword|number 1|item 1',)),
    Answer('09.spot_the_mistake', 'typo in a name', r'''
answers = ["keyword_call", "upstream_ignore", "float32_false_alarm", "wrong_shape", "none_gradient"]
''', False, "'upstream_ignore' is not one of the names offered (upstream_ignored).",
           ('name|spell|typo|not one of|choose from|unknown|valid',)),
    Answer('09.spot_the_mistake', 'only four names', r'''
answers = ["keyword_call", "upstream_ignored", "float32_false_alarm", "none_gradient"]
''', False, 'There are five snippets; one name is missing.',
           ('five|5',)),
    Answer('09.spot_the_mistake', '4 and 5 swapped', r'''
answers = ["keyword_call", "upstream_ignored", "float32_false_alarm", "none_gradient", "wrong_shape"]
''', False, 'Snippets 4 and 5 are swapped: the reshape is a shape mistake, the integer cast gives None.',
           ('snippet 4|snippet 5|fourth|fifth|#4|#5|4|5|order',)),
    Answer('09.spot_the_mistake', 'row numbers of the table', r'''
answers = [3, 1, 12, 2, 5]   # rows of the table
''', False, "Give the names offered (strings such as 'keyword_call'), not the table's row numbers.",
           ('name|string|choose from|str',)),
    # ---- set j
    Answer('09.spot_the_mistake', 'split-a-string', r'''
answers = "keyword_call upstream_ignored float32_false_alarm wrong_shape none_gradient".split()
''', True),
    Answer('09.spot_the_mistake', 'built-from-a-dict', r'''
diagnosis = {
    1: "keyword_call",          # smooth_step(x=h): custom gradient skipped, tf.print silent
    2: "upstream_ignored",      # cos(0.5) = 0.88: the 2 sin x factor from upstream is missing
    3: "float32_false_alarm",   # fine in float64
    4: "wrong_shape",           # ds has shape (4,), not (4, 1)
    5: "none_gradient",         # argmax + cast: no path
}
answers = [diagnosis[i] for i in sorted(diagnosis)]
''', True),
    Answer('09.spot_the_mistake', 'placeholders-left', r'''
answers = ["keyword_call", "upstream_ignored", ..., "wrong_shape", "none_gradient"]
''', False, 'The third entry is still the placeholder `...`: the float32 vs float64 difference is a float32_false_alarm.',
           ('3|third|float32',)),
    # feedback names the concept, not the answer the author's words would give away
    Answer('09.spot_the_mistake', 'snippet-1-as-none', r'''
answers = ["none_gradient", "upstream_ignored", "float32_false_alarm", "wrong_shape", "none_gradient"]
''', False, 'Snippet 1 gets gradients (not None); the silent tf.print means the custom gradient was skipped by the keyword call.',
           ('how smooth_step is called',)),
    Answer('09.spot_the_mistake', 'snippet-4-as-variables', r'''
answers = ["keyword_call", "upstream_ignored", "float32_false_alarm", "variables_missing", "none_gradient"]
''', False, "Snippet 4 has no variable: ds has shape (4,) instead of s's (4, 1), so the update broadcasts to (4, 4): a wrong shape.",
           ('shape',)),
    # feedback names the concept, not the answer the author's words would give away
    Answer('09.spot_the_mistake', 'snippets-2-and-3-swapped', r'''
answers = ["keyword_call", "float32_false_alarm", "upstream_ignored", "wrong_shape", "none_gradient"]
''', False, '0.88 = cos(0.5) is the local derivative without upstream (upstream_ignored); the float32/float64 test is the false alarm.',
           ('from above',)),
    Answer('09.spot_the_mistake', 'only-four-names', r'''
answers = ["keyword_call", "upstream_ignored", "float32_false_alarm", "wrong_shape"]
''', False, 'Five snippets, five names: the argmax one (snippet 5) is missing, a none_gradient.',
           ('five|5',)),
    # ---- set l
    Answer('09.spot_the_mistake', 'split-a-string', r'''
answers = """
keyword_call
upstream_ignored
float32_false_alarm
wrong_shape
none_gradient
""".split()
''', True),
    Answer('09.spot_the_mistake', 'first-one-upstream', r'''
answers = ["upstream_ignored", "upstream_ignored", "float32_false_alarm", "wrong_shape", "none_gradient"]
''', False, 'Snippet 1 calls smooth_step(x=h): a keyword call skips the custom gradient, so its tf.print never runs.',
           ('keyword|first|snippet 1|1st|#1|answers[0]',)),
    Answer('09.spot_the_mistake', 'names-without-quotes', r'''
answers = [keyword_call, upstream_ignored, float32_false_alarm, wrong_shape, none_gradient]
''', False, 'The names must be strings in quotes; bare names raise a NameError.',
           ('quote|string|str|nameerror',)),
    Answer('09.spot_the_mistake', 'only-four', r'''
answers = ["keyword_call", "upstream_ignored", "float32_false_alarm", "none_gradient"]
''', False, "There are five snippets; snippet 4's answer is missing.",
           ('five|5|four|4|missing',)),
    Answer('09.spot_the_mistake', 'plural-typo', r'''
answers = ["keyword_call", "upstream_ignored", "float32_false_alarms", "wrong_shape", "none_gradient"]
''', False, "'float32_false_alarms' is not one of the names (no final s).",
           ('float32_false_alarms|spell|not one of|unknown|third|snippet 3',)),
    Answer('09.spot_the_mistake', 'one-comma-separated-string', r'''
answers = "keyword_call, upstream_ignored, float32_false_alarm, wrong_shape, none_gradient"
''', False, 'answers must be a list of five strings, not one string with commas.',
           ('list|string|str',)),
    # ---- set m
    Answer('09.spot_the_mistake', 'split-string', r'''
answers = "keyword_call upstream_ignored float32_false_alarm wrong_shape none_gradient".split()
''', True),
    Answer('09.spot_the_mistake', 'first-variables', r'''
answers = ["variables_missing", "upstream_ignored", "float32_false_alarm", "wrong_shape", "none_gradient"]
''', False, 'Snippet 1: tf.print never printing means grad never ran; look at how the function is called.',
           ('1|first',)),
    Answer('09.spot_the_mistake', 'fourth-none', r'''
answers = ["keyword_call", "upstream_ignored", "float32_false_alarm", "none_gradient", "none_gradient"]
''', False, 'Snippet 4 has a gradient of the wrong shape (4,) for s of shape (4, 1), not a None.',
           ('4|fourth',)),
    Answer('09.spot_the_mistake', 'four-names', r'''
answers = ["keyword_call", "upstream_ignored", "wrong_shape", "none_gradient"]
''', False, 'Five snippets, five names.',
           ('five|5',)),
    Answer('09.spot_the_mistake', 'no-quotes', r'''
answers = [keyword_call, upstream_ignored, float32_false_alarm, wrong_shape, none_gradient]
''', False, 'The names must be strings, in quotes.',
           ('quote|string',)),
    # ---- set o
    Answer('09.spot_the_mistake', 'plain-list', r'''
answers = ["keyword_call", "upstream_ignored", "float32_false_alarm", "wrong_shape", "none_gradient"]
''', True),
    Answer('09.spot_the_mistake', 'split-string', r'''
answers = """
keyword_call
upstream_ignored
float32_false_alarm
wrong_shape
none_gradient
""".split()
''', True),
    Answer('09.spot_the_mistake', 'first-is-none-gradient', r'''
answers = ["none_gradient", "upstream_ignored", "float32_false_alarm", "wrong_shape", "none_gradient"]
''', False, 'snippet 1 gets gradients, not None: the tf.print never runs because the keyword call skipped the custom gradient',
           ('1|first|smooth_step',)),
    Answer('09.spot_the_mistake', 'second-is-float32', r'''
answers = ["keyword_call", "float32_false_alarm", "float32_false_alarm", "wrong_shape", "none_gradient"]
''', False, 'snippet 2 is not rounding: 0.88 is cos(0.5), upstream 2 sin(0.5) was dropped',
           ('2|second|my_sin',)),
    Answer('09.spot_the_mistake', 'dict-by-number', r'''
answers = {1: "keyword_call", 2: "upstream_ignored", 3: "float32_false_alarm",
           4: "wrong_shape", 5: "none_gradient"}
''', False, 'answers should be a list of five strings in order, not a dict',
           ('list',)),
    Answer('09.spot_the_mistake', 'typo-in-name', r'''
answers = ["keyword_call", "upstream_ignore", "float32_false_alarm", "wrong_shape", "none_gradient"]
''', False, "'upstream_ignore' is not one of the names to choose from (a letter is missing)",
           ('upstream_ignore',)),
    # ---- set q
    Answer('09.spot_the_mistake', 'split-string', r'''
answers = "keyword_call upstream_ignored float32_false_alarm wrong_shape none_gradient".split()
''', True),
    Answer('09.spot_the_mistake', 'first-is-variables', r'''
answers = ["variables_missing", "upstream_ignored", "float32_false_alarm", "wrong_shape", "none_gradient"]
''', False, 'in snippet 1 the call smooth_step(x=h) passes the input by keyword, so eagerly the custom gradient is skipped: keyword_call',
           ('smooth_step|snippet 1|item 1|answer 1|entry 1|number 1|#1|first|[0]|1st',)),
    Answer('09.spot_the_mistake', 'enum-members', r'''
import enum

class Mistake(enum.Enum):
    UPSTREAM_IGNORED = "upstream_ignored"
    WRONG_SHAPE = "wrong_shape"
    KEYWORD_CALL = "keyword_call"
    VARIABLES_MISSING = "variables_missing"
    NONE_GRADIENT = "none_gradient"
    FLOAT32_FALSE_ALARM = "float32_false_alarm"

answers = [Mistake.KEYWORD_CALL, Mistake.UPSTREAM_IGNORED, Mistake.FLOAT32_FALSE_ALARM,
           Mistake.WRONG_SHAPE, Mistake.NONE_GRADIENT]
''', False, 'the answers must be strings; these are Enum members (use Mistake.KEYWORD_CALL.value, or the names in quotes)',
           ('string|quote|enum',)),
    # feedback names the concept, not the answer the author's words would give away
    Answer('09.spot_the_mistake', 'argmax-cast-as-float32', r'''
answers = ["keyword_call", "upstream_ignored", "float32_false_alarm", "wrong_shape", "float32_false_alarm"]
''', False, 'snippet 5 goes through argmax, an integer result with no gradient: the tape has no path and returns None (none_gradient); float32 has nothing to do with it',
           ('no gradient at all',)),
    # ---- set t
    Answer('09.spot_the_mistake', 'split-string', r'''
answers = "keyword_call upstream_ignored float32_false_alarm wrong_shape none_gradient".split()
''', True),
    Answer('09.spot_the_mistake', 'print-silent-means-none', r'''
answers = ["none_gradient", "upstream_ignored", "float32_false_alarm", "wrong_shape", "none_gradient"]
''', False, 'Snippet 1 does return gradients; tf.print never prints because the keyword call skips grad altogether.',
           ('1|first',)),
    Answer('09.spot_the_mistake', 'one-based-indexing', r'''
answers = [None] * 5
answers[1] = "keyword_call"
answers[2] = "upstream_ignored"
answers[3] = "float32_false_alarm"
answers[4] = "wrong_shape"
answers[5] = "none_gradient"
''', False, 'Python lists count from 0: answers[5] is past the end of a 5-entry list (IndexError), and the names sit one place too late.',
           ('index|IndexError|range',)),
    Answer('09.spot_the_mistake', 'scale-rows-as-variable', r'''
answers = ["keyword_call", "upstream_ignored", "float32_false_alarm", "variables_missing", "none_gradient"]
''', False, 'Snippet 4: s is an input, not a variable read from outside; the (4, 4) result is a gradient of the wrong shape.',
           ('4|fourth',)),
    # ---- set v
    Answer('09.spot_the_mistake', 'dict-values-in-order', r'''
diagnosis = {
    "smooth_step(x=h): tf.print silent": "keyword_call",
    "my_sin: grad drops upstream": "upstream_ignored",
    "float32 test 3e-4, float64 1e-10": "float32_false_alarm",
    "scale_rows: ds has shape (4,) for s (4, 1)": "wrong_shape",
    "argmax then cast: no path": "none_gradient",
}
answers = list(diagnosis.values())
''', True),
    Answer('09.spot_the_mistake', 'first-variables-missing', r'''
answers = ["variables_missing", "upstream_ignored", "float32_false_alarm", "wrong_shape", "none_gradient"]
''', False, 'In 1 the custom gradient is never called because smooth_step is called with a keyword argument.',
           ('smooth_step|first|1',)),
    Answer('09.spot_the_mistake', 'names-without-quotes', r'''
answers = [keyword_call, upstream_ignored, float32_false_alarm, wrong_shape, none_gradient]
''', False, 'The names must be strings, in quotes: without them Python looks for variables of those names.',
           ('quote|string|NameError',)),
    Answer('09.spot_the_mistake', 'dict-by-number', r'''
answers = {1: "keyword_call", 2: "upstream_ignored", 3: "float32_false_alarm",
           4: "wrong_shape", 5: "none_gradient"}
''', False, 'answers must be a list of five strings in order, not a dict.',
           ('list',)),
    # ---- set x
    Answer('09.spot_the_mistake', 'dict-to-list', r'''
from typing import Dict, List

VALID = {"upstream_ignored", "wrong_shape", "keyword_call", "variables_missing",
         "none_gradient", "float32_false_alarm"}

_diagnosis: Dict[int, str] = {
    1: "keyword_call",          # smooth_step(x=h): custom gradient silently skipped, grad never runs
    2: "upstream_ignored",      # grad = cos(x), the 2 sin(x) upstream from the square is dropped
    3: "float32_false_alarm",   # 3e-4 in float32, 1e-10 in float64
    4: "wrong_shape",           # ds has shape (4,), s has (4, 1): broadcast to (4, 4)
    5: "none_gradient",         # argmax + integer cast: no path
}

answers: List[str] = [_diagnosis[i] for i in sorted(_diagnosis)]
assert len(answers) == 5 and set(answers) <= VALID
''', True),
    # feedback names the concept, not the answer the author's words would give away
    Answer('09.spot_the_mistake', 'tf-print-means-none', r'''
answers = [
    "none_gradient",         # tf.print never prints: grad is never reached
    "upstream_ignored",      # cos(x) alone, missing 2 sin(x)
    "float32_false_alarm",   # float32 vs float64 check
    "wrong_shape",           # (4,) gradient for a (4, 1) input
    "none_gradient",         # argmax is not differentiable
]
assert len(answers) == 5
''', False, 'snippet 1 calls smooth_step(x=h) by keyword: eagerly the custom gradient is skipped, so grad (and its tf.print) never runs',
           ('how smooth_step is called',)),
    # feedback names the concept, not the answer the author's words would give away
    Answer('09.spot_the_mistake', 'precision-for-item-2', r'''
answers = [
    "keyword_call",          # called as smooth_step(x=h)
    "float32_false_alarm",   # 0.88 vs 0.84 is a small numerical discrepancy
    "float32_false_alarm",   # 3e-4 in float32 only
    "wrong_shape",           # ds is (4,) for s of shape (4, 1)
    "none_gradient",         # integer argmax
]
''', False, "snippet 2's grad returns cos(x) and drops the upstream 2 sin(x) from the square",
           ('from above',)),
    Answer('09.spot_the_mistake', 'dict-instead-of-list', r'''
from typing import Dict

answers: Dict[int, str] = {
    1: "keyword_call",
    2: "upstream_ignored",
    3: "float32_false_alarm",
    4: "wrong_shape",
    5: "none_gradient",
}
assert all(isinstance(v, str) for v in answers.values())
''', False, 'answers must be a list of five names in order, not a dict',
           ('list',)),
    # ---- set z
    Answer('09.spot_the_mistake', 'split-a-string', r'''
answers = "keyword_call upstream_ignored float32_false_alarm wrong_shape none_gradient".split()
''', True),
    # feedback names the concept, not the answer the author's words would give away
    Answer('09.spot_the_mistake', 'silent-print-as-none', r'''
answers = ["none_gradient", "upstream_ignored", "float32_false_alarm", "wrong_shape", "none_gradient"]
''', False, 'In snippet 1 the tape does return gradients; tf.print stays silent because smooth_step(x=h) is a keyword call, which skips the custom gradient.',
           ('how smooth_step is called',)),
    # feedback names the concept, not the answer the author's words would give away
    Answer('09.spot_the_mistake', 'argmax-cast-as-float32', r'''
answers = ["keyword_call", "upstream_ignored", "float32_false_alarm", "wrong_shape", "float32_false_alarm"]
''', False, 'Snippet 5 is not about float32 checks: argmax returns integers, which carry no gradient, so the tape gives None.',
           ('no gradient at all',)),
    Answer('09.spot_the_mistake', 'only-four', r'''
answers = ["keyword_call", "upstream_ignored", "float32_false_alarm", "none_gradient"]
''', False, 'There are five snippets and four names: snippet 4 (the (4, 4) update) is missing.',
           ('five|5',)),
]
