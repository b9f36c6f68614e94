"""Exercise 08.block_size: a wrong answer for each mistake it names, and answers written from the learner's side."""

from answer_kit import Answer

KEY = "08.block_size"

MISTAKES = {
    'wrong_sign': -6,
    'one_block': 36,
    'every_layer': 1,
    'minimum_value': 12,
    'half': 18,
    'near': 4,
    'not_a_divisor': 5,
    'approximate': 6.2,
}

ANSWERS = [
    # ---- set ab
    Answer('08.block_size', 'min-over-divisors', r'''
divisors = [k for k in range(1, 37) if 36 % k == 0]
block_size = min(divisors, key=lambda k: 36 // k + k)     # block inputs + one block's activations
''', True),
    Answer('08.block_size', 'late-binding-lambdas', r'''
divisors = [k for k in range(1, 37) if 36 % k == 0]
memory = [lambda: 36 // k + k for k in divisors]           # memory of each choice
costs = [m() for m in memory]
block_size = divisors[costs.index(min(costs))]
''', False, 'Every lambda reads k when it is called, after the loop has finished, so all costs are those of k = 36 and the first divisor, 1, wins: with k = 1 all 36 block inputs are kept.',
           ('input|late|loop',)),
    Answer('08.block_size', 'only-block-inputs', r'''
# fewer blocks = fewer stored inputs, so make one block of everything
block_size = 36
''', False, 'With one block of 36 layers only one input is stored, but recomputing that block holds all 36 activations at once: count both terms.',
           ('activation|recomput',)),
    Answer('08.block_size', 'precedence-slip-in-sqrt', r'''
block_size = int(36 ** 1/2)      # square root: the two terms 36/k and k balance at k = sqrt(36)
''', False, '36 ** 1/2 is (36 ** 1) / 2 = 18, not the square root (36 ** 0.5): k = 18 keeps 2 inputs but 18 activations.',
           ('18|precedence|activation',)),
    # ---- set b
    Answer('08.block_size', 'int 6', r'''
block_size = 6
''', True),
    Answer('08.block_size', 'float 6.0', r'''
block_size = 6.0
''', True),
    Answer('08.block_size', 'computed with min over divisors', r'''
divisors = [k for k in range(1, 37) if 36 % k == 0]
block_size = min(divisors, key=lambda k: 36 / k + k)
''', True),
    Answer('08.block_size', 'np.sqrt(36)', r'''
block_size = np.sqrt(36)
''', True),
    Answer('08.block_size', 'whole network, 36', r'''
block_size = 36
''', False, 'one block of 36 holds 1 + 36 = 37 tensors; 36/k + k is smallest at k = 6',
           ('36/k|memory',)),
    Answer('08.block_size', 'one layer per block', r'''
block_size = 1
''', False, 'k = 1 keeps 36 block inputs + 1 = 37; 36/k + k is smallest at k = 6',
           ('36/k|memory',)),
    Answer('08.block_size', 'the memory 12 instead of k', r'''
block_size = 12
''', False, '12 is the least memory (36/6 + 6); the question asks for the block size k',
           ('memory|block size|36/k',)),
    Answer('08.block_size', 'k = 4', r'''
block_size = 4
''', False, 'k = 4 needs 9 + 4 = 13; k = 6 needs 12',
           ('36/k|memory|13',)),
    Answer('08.block_size', 'k = 9', r'''
block_size = 9
''', False, 'k = 9 needs 4 + 9 = 13; k = 6 needs 12',
           ('36/k|memory|13',)),
    Answer('08.block_size', "string '6'", r'''
block_size = "6"
''', False, 'a string, not a number: write 6 without quotes',
           ('string|number',)),
    Answer('08.block_size', 'list [6]', r'''
block_size = [6]
''', False, 'a list: the answer is one number, 6',
           ('number|list',)),
    Answer('08.block_size', 'tuple (k, memory)', r'''
block_size = (6, 12)
''', False, 'a tuple: give only the block size k',
           ('number|tuple',)),
    Answer('08.block_size', 'stub left as ...', r'''
block_size = ...   # your answer here
''', False, 'the placeholder ... is still there: replace it with a number',
           ('placeholder|Ellipsis|replace',)),
    # ---- set e
    Answer('08.block_size', 'int of the square root', r'''
block_size = int(np.sqrt(36))   # 36/k + k is smallest where 36/k = k
''', True),
    Answer('08.block_size', 'minimised over the divisors', r'''
divisors = [k for k in range(1, 37) if 36 % k == 0]
block_size = min(divisors, key=lambda k: 36 // k + k)   # block inputs + one block's activations
''', True),
    Answer('08.block_size', 'six as a float', r'''
block_size = 6.0
''', True),
    Answer('08.block_size', 'one big block', r'''
block_size = 36   # fewest blocks, fewest inputs to keep
''', False, 'One block of 36 keeps 1 input but recomputes 36 activations at once: 37 in all; the total 36/k + k is smallest at k = 6.',
           ('36/k|36 / k|block input|activation|37',)),
    Answer('08.block_size', 'every layer its own block', r'''
block_size = 1   # recompute as little as possible
''', False, 'Blocks of 1 keep all 36 block inputs (36 + 1 = 37): that is no saving; balance 36/k against k.',
           ('36/k|36 / k|block input|activation|37',)),
    Answer('08.block_size', 'near miss: 9', r'''
block_size = 9
''', False, 'k = 9 holds 4 + 9 = 13; k = 6 holds 6 + 6 = 12.',
           ('36/k|36 / k|13|12|block input|activation',)),
    # ---- set f
    Answer('08.block_size', 'plain_six', r'''
block_size = 6
''', True),
    Answer('08.block_size', 'computed_by_search', r'''
divisors = [k for k in range(1, 37) if 36 % k == 0]
block_size = min(divisors, key=lambda k: 36 // k + k)
''', True),
    Answer('08.block_size', 'square_root_float', r'''
block_size = 36 ** 0.5   # minimise 36/k + k: k = √36
''', True),
    Answer('08.block_size', 'string_six', r'''
block_size = "6"
''', False, 'The answer must be a number, not a string.',
           ('number|int|string|str|text',)),
    Answer('08.block_size', 'minimum_memory_instead', r'''
block_size = 12   # 36/6 + 6
''', False, '12 is the least memory (36/6 + 6), not the block size that gives it.',
           ('36/k|36 / k|memory|block size|k =',)),
    Answer('08.block_size', 'smallest_blocks', r'''
block_size = 1   # recompute as little as possible at a time
''', False, 'With k = 1 all 36 block inputs are stored (37 in all); memory is 36/k + k, least at k = 6.',
           ('36/k|36 / k|block inputs|trade|both',)),
    Answer('08.block_size', 'tuple_size_and_memory', r'''
block_size = (6, 12)   # (k, memory)
''', False, 'One number, the block size, is asked for, not a pair.',
           ('number|one|single|tuple|pair',)),
    # ---- set g
    Answer('08.block_size', 'int-sqrt', r'''
block_size = int(np.sqrt(36))     # balance 36/k against k
''', True),
    Answer('08.block_size', 'search-the-divisors', r'''
divisors = [k for k in range(1, 37) if 36 % k == 0]
block_size = min(divisors, key=lambda k: 36 / k + k)
''', True),
    Answer('08.block_size', 'tf-sqrt-tensor', r'''
block_size = tf.sqrt(36.0)
''', True),
    Answer('08.block_size', 'max-instead-of-min', r'''
divisors = [k for k in range(1, 37) if 36 % k == 0]
block_size = max(divisors, key=lambda k: 36 / k + k)
''', False, 'takes the block size with the MOST memory (k = 1: 36 + 1 = 37); the least is 36/k + k at k = 6',
           ('least|minim|36/k|36 / k',)),
    Answer('08.block_size', 'sqrt-2L-formula', r'''
block_size = round(np.sqrt(2 * 36))     # sqrt(2L) from a checkpointing paper
''', False, '8 does not divide 36, and the memory here is 36/k + k, smallest at k = √36 = 6',
           ('divide|divisor|36/k|36 / k',)),
    Answer('08.block_size', 'trailing-comma-tuple', r'''
block_size = 6,
''', False, 'the trailing comma makes a tuple (6,), not the number 6',
           ('tuple|comma|number',)),
    # ---- set holdout
    Answer('08.block_size', 'brute force over divisors', r'''
memory = {k: 36 // k + k for k in range(1, 37) if 36 % k == 0}
block_size = min(memory, key=memory.get)
''', True),
    Answer('08.block_size', 'one big block', r'''
block_size = 36   # fewest blocks = least memory?
''', False, 'One block of 36 layers means recomputing 36 activations at once: memory is 36/k + k, balance both terms.',
           ('36/k|block inputs|activations|both|balance|trade',)),
    Answer('08.block_size', 'every layer its own block', r'''
block_size = 1
''', False, 'Blocks of 1 layer store all 36 block inputs; memory is 36/k + k, balance both terms.',
           ('36/k|block inputs|activations|both|balance|trade',)),
    Answer('08.block_size', 'minimum memory instead of k', r'''
block_size = 12   # 6 + 6
''', False, '12 is the smallest memory, not the block size that gives it.',
           ('block size|memory|k',)),
    Answer('08.block_size', 'copied layers_per_block=4', r'''
block_size = 4   # as in the benchmark
''', False, "4 is the block size the notebook's example used for 8 layers; for 36 layers compute 36/k + k.",
           ('36/k|memory|block inputs|example|activations',)),
    Answer('08.block_size', 'formula as string', r'''
block_size = "sqrt(36)"
''', False, 'The answer must be a number (the block size), not a formula in a string.',
           ('number|integer|int',)),
    # ---- set j
    Answer('08.block_size', 'sqrt-of-36', r'''
block_size = int(np.sqrt(36))   # 36/k + k is smallest where 36/k = k
''', True),
    Answer('08.block_size', 'search-the-divisors', r'''
divisors = [k for k in range(1, 37) if 36 % k == 0]
memory = {k: 36 // k + k for k in divisors}
block_size = min(memory, key=memory.get)
''', True),
    Answer('08.block_size', 'ellipsis-left', r'''
block_size = ...   # your answer here
''', False, 'block_size is still the placeholder `...`: put a number (a divisor of 36) there.',
           ('...|ellipsis|placeholder|number',)),
    Answer('08.block_size', 'whole-network-one-block', r'''
block_size = 36     # one block = recompute everything once
''', False, 'With one block of 36 the recomputation holds all 36 activations plus the input: 37, more than smaller blocks need.',
           ('37|activations',)),
    Answer('08.block_size', 'one-layer-blocks', r'''
block_size = 1      # smallest blocks -> least memory
''', False, 'Blocks of 1 keep 36 block inputs: 36 + 1 = 37, as much as no recomputation; the two terms 36/k and k must balance.',
           ('37|block inputs|inputs',)),
    Answer('08.block_size', 'undefined-divisors-list', r'''
# memory for blocks of k: 36 // k block inputs + k activations
block_size = min(divisors, key=lambda k: 36 // k + k)
''', False, '`divisors` is never defined in this cell (it was meant to be the divisors of 36): the cell raises a NameError.',
           ('divisors|NameError|not defined',)),
    Answer('08.block_size', 'string-answer', r'''
block_size = "6"
''', False, 'The answer is a string; give the number 6 without quotes.',
           ('string|str|quotes|number',)),
    # ---- set l
    Answer('08.block_size', 'min-over-divisors', r'''
layers = 36
divisors = [k for k in range(1, layers + 1) if layers % k == 0]
memory = {k: layers // k + k for k in divisors}        # block inputs + one block's activations
block_size = min(memory, key=memory.get)
''', True),
    Answer('08.block_size', 'one-big-block', r'''
block_size = 36    # fewest blocks means fewest stored inputs
''', False, 'With one block of 36 the recomputation holds all 36 activations: memory is 36/k + k, count both.',
           ('activation|36/k|both',)),
    Answer('08.block_size', 'returned-the-memory', r'''
memory = [36 // k + k for k in (1, 2, 3, 4, 6, 9, 12, 18, 36)]
block_size = min(memory)
print(memory, block_size)
''', False, '12 is the smallest memory, not the block size that gives it: the answer is the k.',
           ('memory|block size|k',)),
    Answer('08.block_size', 'activations-counted-twice', r'''
# forward and backward both keep the block's activations
cost = lambda k: 36 / k + 2 * k
block_size = min((k for k in range(1, 37) if 36 % k == 0), key=cost)
''', False, "Only one block's k activations are held at a time, once: memory is 36/k + k, not 36/k + 2k.",
           ('activation|once|twice|memory',)),
    Answer('08.block_size', 'string-answer', r'''
block_size = "6"
''', False, "The answer must be the number 6, not the string '6'.",
           ('string|str|number|int|quote',)),
    Answer('08.block_size', 'tuple-k-and-memory', r'''
block_size = (6, 12)    # k and the memory it needs, for reference
''', False, 'Give one number, the block size k, not a tuple with its memory.',
           ('tuple|one number|single|int|number',)),
    # ---- set m
    Answer('08.block_size', 'min-over-divisors', r'''
block_size = min((k for k in range(1, 37) if 36 % k == 0), key=lambda k: 36 // k + k)
''', True),
    Answer('08.block_size', 'one-block', r'''
block_size = 36
''', False, 'One block of 36 holds all 36 activations while it is recomputed: no saving.',
           ('activation',)),
    Answer('08.block_size', 'every-layer', r'''
block_size = 1
''', False, 'Blocks of one layer keep all 36 block inputs.',
           ('input',)),
    Answer('08.block_size', 'square-not-root', r'''
block_size = 36 ** 2
''', False, 'k must divide 36 (and be at most 36).',
           ('divid|divisor',)),
    Answer('08.block_size', 'memory-not-k', r'''
block_size = min(36 // k + k for k in (1, 2, 3, 4, 6, 9, 12, 18, 36))
''', False, 'That is the least memory (in activations), not the block size that gives it.',
           ('memory',)),
    # ---- set o
    Answer('08.block_size', 'six', r'''
block_size = 6   # 36/6 + 6 = 12 tensors
''', True),
    Answer('08.block_size', 'min-over-divisors', r'''
divisors = [k for k in range(1, 37) if 36 % k == 0]
block_size = min(divisors, key=lambda k: 36 // k + k)
''', True),
    Answer('08.block_size', 'one-big-block', r'''
block_size = 36   # one block: fewest block inputs to keep
''', False, 'one block of 36 keeps only 1 input but recomputes all 36 activations at once: 37 in total',
           ('activation|37',)),
    Answer('08.block_size', 'one-layer-blocks', r'''
block_size = 1
''', False, 'blocks of one layer keep all 36 block inputs: 36 + 1 = 37, no saving',
           ('input|37',)),
    Answer('08.block_size', 'nine', r'''
block_size = 9   # 36 / 9 = 4 blocks
''', False, 'k = 9 holds 4 block inputs + 9 activations = 13; balancing the two terms does better',
           ('13|balanc',)),
    Answer('08.block_size', 'trailing-comma-tuple', r'''
block_size = 6,
''', False, 'the trailing comma makes block_size the tuple (6,), not a number',
           ('tuple|comma',)),
    # ---- set q
    Answer('08.block_size', 'int-square-root', r'''
# memory 36/k + k is smallest where 36/k = k, and sqrt(36) = 6 divides 36
block_size = int(36 ** 0.5)
''', True),
    Answer('08.block_size', 'min-memory-not-k', r'''
divisors = [k for k in range(1, 37) if 36 % k == 0]
block_size = min(36 // k + k for k in divisors)
''', False, '12 is the smallest memory (block inputs plus activations), not the block size k that reaches it',
           ('memory',)),
    Answer('08.block_size', 'tnp-argmin-index', r'''
tnp = tf.experimental.numpy
divisors = tnp.array([1, 2, 3, 4, 6, 9, 12, 18, 36])
block_size = tnp.argmin(36 // divisors + divisors)
''', False, 'argmin returns the position of the smallest memory in the list of divisors, not the divisor k itself',
           ('index|position|argmin',)),
    Answer('08.block_size', 'the-cost-function', r'''
def block_size(k, layers=36):
    """Activations held by the backward pass with blocks of k layers."""
    return layers // k + k

best = min((k for k in range(1, 37) if 36 % k == 0), key=block_size)
''', False, 'block_size is the cost function, not a number: the answer is the best k (here stored in best)',
           ('number|integer|function|callable',)),
    # ---- set t
    Answer('08.block_size', 'search-the-divisors', r'''
layers = 36
divisors = [k for k in range(1, layers + 1) if layers % k == 0]
memory = {k: layers // k + k for k in divisors}
block_size = min(memory, key=memory.get)
''', True),
    Answer('08.block_size', 'one-block', r'''
block_size = 36   # one block: only one recomputation, so the cheapest
''', False, 'With one block of 36 layers the recomputed block holds all 36 activations plus its input: the most memory.',
           ('activations|inputs|memory',)),
    Answer('08.block_size', 'one-layer-blocks', r'''
block_size = 1    # smallest blocks -> smallest thing to recompute
''', False, 'Blocks of 1 layer keep all 36 block inputs, so the total is as large as with no blocks at all.',
           ('activations|inputs|memory',)),
    Answer('08.block_size', 'minimum-memory-not-k', r'''
block_size = min(36 // k + k for k in (1, 2, 3, 4, 6, 9, 12, 18, 36))
''', False, 'That is the smallest memory (in activations), not the block size k that achieves it.',
           ('memory|total|activations',)),
    # ---- set v
    Answer('08.block_size', 'min-over-divisors', r'''
LAYERS = 36
divisors = [k for k in range(1, LAYERS + 1) if LAYERS % k == 0]
block_size = min(divisors, key=lambda k: LAYERS // k + k)   # block inputs + one block's activations
''', True),
    Answer('08.block_size', 'activations-counted-twice', r'''
def peak_memory(k, layers=36):
    # block inputs, plus the recomputed block's activations (the forward copy and the recomputed copy)
    return layers // k + 2 * k

block_size = min(filter(lambda k: 36 % k == 0, range(1, 37)), key=peak_memory)
''', False, "Only one copy of the recomputed block's activations is held: the memory is 36/k + k, not 36/k + 2k.",
           ('memory',)),
    Answer('08.block_size', 'one-layer-blocks', r'''
block_size = 1     # recompute one layer at a time: the fewest activations held at once
''', False, 'With k = 1 the backward pass still holds all 36 block inputs (37 in all); larger blocks hold fewer inputs.',
           ('memory|block inputs|inputs',)),
    Answer('08.block_size', 'one-block', r'''
block_size = 36    # a single block: only the network's input is kept
''', False, 'One block of 36 layers recomputes all 36 activations at once, which is as much memory as no recomputation.',
           ('memory|activations',)),
    # ---- set x
    Answer('08.block_size', 'argmin-over-divisors', r'''
from typing import List

DEPTH: int = 36


def _divisors(n: int) -> List[int]:
    """All k with n % k == 0."""
    return [k for k in range(1, n + 1) if n % k == 0]


def _peak_memory(k: int, depth: int = DEPTH) -> int:
    """Block inputs kept (depth / k) plus one block's activations while recomputing (k)."""
    return depth // k + k


block_size = min(_divisors(DEPTH), key=_peak_memory)
assert block_size == 6 and _peak_memory(block_size) == 12
''', True),
    Answer('08.block_size', 'one-big-block', r'''
# Fewest checkpoints = least memory: with a single block only one input is stored.
DEPTH = 36
block_size = DEPTH
''', False, 'one block of 36 keeps 1 input but all 36 activations while it is recomputed: 37, more than k = 6',
           ('activation',)),
    Answer('08.block_size', 'every-layer-a-block', r'''
from typing import List

DEPTH = 36


def _candidates(depth: int) -> List[int]:
    return [k for k in range(1, depth + 1) if depth % k == 0]


# Smallest block = smallest recomputation footprint, so pick the minimum divisor.
block_size = min(_candidates(DEPTH))
assert DEPTH % block_size == 0
''', False, 'blocks of 1 layer keep all 36 block inputs, no saving: count the inputs plus the recomputed activations',
           ('input',)),
    Answer('08.block_size', 'function-not-number', r'''
import math


def block_size(depth: int = 36) -> int:
    """Block size minimising depth / k + k among the divisors of depth (about sqrt(depth))."""
    best = min((k for k in range(1, depth + 1) if depth % k == 0), key=lambda k: depth // k + k)
    assert abs(best - math.isqrt(depth)) <= 1
    return best
''', False, 'block_size is defined as a function; the answer should be the number itself (call it, or assign 6)',
           ('function|callable|number|int',)),
    # ---- set z
    Answer('08.block_size', 'search-over-divisors', r'''
memory = {k: 36 // k + k for k in range(1, 37) if 36 % k == 0}
block_size = min(memory, key=memory.get)
''', True),
    Answer('08.block_size', 'gave-the-memory', r'''
block_size = 12   # 36/6 + 6
''', False, '12 is the least memory (in activations), not the block size that achieves it.',
           ('memory',)),
    Answer('08.block_size', 'one-big-block', r'''
block_size = 36   # fewest block inputs to store
''', False, 'With one block of 36 layers you store 1 input but recompute and hold all 36 activations at once: 37, no saving.',
           ('activations|recomput',)),
    Answer('08.block_size', 'every-layer-a-block', r'''
block_size = 1    # smallest blocks = least to recompute
''', False, 'Blocks of one layer mean storing all 36 block inputs: 37 again, the worst choice.',
           ('inputs|36',)),
]
