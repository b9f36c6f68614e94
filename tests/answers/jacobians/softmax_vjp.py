"""Exercise 03.softmax_vjp: a wrong answer for each mistake it names, and answers written from the learner's side."""

import tensorflow as tf

from answer_kit import Answer, cg, raw_softmax, sm

KEY = "03.softmax_vjp"

MISTAKES = {
    'diagonal_only': cg(sm, lambda z, u: u * sm(z) * (1 - sm(z))),
    'missing_s': cg(sm, lambda z, u: u - tf.reduce_sum(u * sm(z))),
    'offdiagonal_only': cg(sm, lambda z, u: -sm(z) * tf.reduce_sum(u * sm(z), axis=-1, keepdims=True)),
    'diagonal_twice': cg(sm, lambda z, u: sm(z) * (1 - sm(z)) * u - sm(z) * tf.reduce_sum(u * sm(z), axis=-1,
                                                                                      keepdims=True)),
    'zeros': cg(sm, lambda z, u: sm(z) * (1 - tf.reduce_sum(sm(z)))),
    'wrong_sign': cg(sm, lambda z, u: -sm(z) * (u - tf.reduce_sum(u * sm(z)))),
    'batch_sum': cg(sm, lambda z, u: sm(z) * (u - tf.reduce_sum(u * sm(z)))),
    'forms_jacobian': cg(sm, lambda z, u: tf.linalg.matvec(tf.linalg.diag(sm(z)) - sm(z)[..., :, None] * sm(z)[..., None, :],
                                                                u, transpose_a=True)),
    'unweighted_sum': cg(sm, lambda z, u: sm(z) * (u - tf.reduce_sum(u, axis=-1, keepdims=True))),
    'mean_not_sum': cg(sm, lambda z, u: sm(z) * (u - tf.reduce_mean(u * sm(z), axis=-1, keepdims=True))),
    'overflow': cg(sm, lambda z, u: raw_softmax(z) * (
        u - tf.reduce_sum(u * raw_softmax(z), axis=-1, keepdims=True))),
    'log_softmax': cg(sm, lambda z, u: u - tf.nn.softmax(z) * tf.reduce_sum(
        u, axis=-1, keepdims=True)),
    'column_sum': cg(sm, lambda z, u: sm(z) * (u - tf.reduce_sum(u * sm(z), axis=0, keepdims=True))),
}

ANSWERS = [
    # ---- set a
    Answer('03.softmax_vjp', 's * (u - <u,s>) keepdims', r'''
@strict_custom_gradient
def softmax(z):
    s = tf.nn.softmax(z)
    def grad(upstream):
        return s * (upstream - tf.reduce_sum(upstream * s, axis=-1, keepdims=True))
    return s, grad
''', True),
    Answer('03.softmax_vjp', 'tf.custom_gradient, su - s*sum(su)', r'''
@tf.custom_gradient
def softmax(z):
    s = tf.nn.softmax(z)
    def grad(upstream):
        su = s * upstream
        return su - s * tf.reduce_sum(su, -1, keepdims=True)
    return s, grad
''', True),
    Answer('03.softmax_vjp', 'einsum dot with newaxis', r'''
@strict_custom_gradient
def softmax(z):
    s = tf.nn.softmax(z, axis=-1)
    def grad(upstream):
        dot = tf.einsum("...i,...i->...", upstream, s)
        return upstream * s - s * dot[..., tf.newaxis]
    return s, grad
''', True),
    Answer('03.softmax_vjp', 'diagonal only', r'''
@strict_custom_gradient
def softmax(z):
    s = tf.nn.softmax(z)
    def grad(upstream):
        return upstream * s * (1 - s)
    return s, grad
''', False, 'uses only the diagonal s(1-s) of J; the off-diagonal -s_i s_j terms are missing',
           ('diagonal|off-diagonal',)),
    Answer('03.softmax_vjp', 'zeros: the gradient of sum(softmax) is 0', r'''
@strict_custom_gradient
def softmax(z):
    s = tf.nn.softmax(z)
    def grad(upstream):
        # softmax sums to 1, so its derivative is zero
        return tf.zeros_like(z)
    return s, grad
''', False, 'zero is J^T·1 (the outputs always sum to 1), but for any other upstream the VJP is not zero',
           ('upstream',)),
    Answer('03.softmax_vjp', 'forms the full Jacobian', r'''
@strict_custom_gradient
def softmax(z):
    s = tf.nn.softmax(z)
    def grad(upstream):
        J = tf.linalg.diag(s) - tf.tensordot(s, s, axes=0)
        return tf.linalg.matvec(J, upstream, transpose_a=True)
    return s, grad
''', False, 'builds the n×n Jacobian (O(n²) memory, and fails for batched z) although the exercise asks for the VJP without forming J',
           ('Jacobian|O(n²)|O(n^2)|without forming|form J|forming J',)),
    Answer('03.softmax_vjp', 'forgot the leading factor s', r'''
@strict_custom_gradient
def softmax(z):
    s = tf.nn.softmax(z)
    def grad(upstream):
        return upstream - tf.reduce_sum(upstream * s, axis=-1, keepdims=True)
    return s, grad
''', False, 'J^T u = s ⊙ (u - <u, s>): the elementwise factor s is missing',
           ('multiply|s ⊙|s *|times s|factor',)),
    Answer('03.softmax_vjp', 'unweighted sum of upstream', r'''
@strict_custom_gradient
def softmax(z):
    s = tf.nn.softmax(z)
    def grad(upstream):
        return s * (upstream - tf.reduce_sum(upstream, axis=-1, keepdims=True))
    return s, grad
''', False, 'the subtracted term is the s-weighted sum <u, s>, not the plain sum of u',
           ('weighted|⟨u, s⟩|<u, s>|upstream * s|s * upstream|dot|inner',)),
    Answer('03.softmax_vjp', 'sign flipped', r'''
@strict_custom_gradient
def softmax(z):
    s = tf.nn.softmax(z)
    def grad(upstream):
        return s * (tf.reduce_sum(upstream * s, axis=-1, keepdims=True) - upstream)
    return s, grad
''', False, 'sign error: s ⊙ (u - <u, s>), not s ⊙ (<u, s> - u)',
           ('sign',)),
    Answer('03.softmax_vjp', 'tf.matmul on vectors', r'''
@strict_custom_gradient
def softmax(z):
    s = tf.nn.softmax(z)
    def grad(upstream):
        return s * (upstream - tf.matmul(upstream, s))
    return s, grad
''', False, 'tf.matmul needs matrices (rank >= 2) and raises on 1-D tensors; use tf.reduce_sum(upstream * s, axis=-1, keepdims=True)',
           ('matmul|rank|shape',)),
    Answer('03.softmax_vjp', 'np.dot inside grad', r'''
@strict_custom_gradient
def softmax(z):
    s = tf.nn.softmax(z)
    def grad(upstream):
        return s * (upstream - np.dot(upstream, s))
    return s, grad
''', False, 'NumPy inside grad: works eagerly for 1-D z only, fails in tf.function (and is wrong for batches)',
           ('NumPy',)),
    Answer('03.softmax_vjp', 'reduce_sum without axis (sums across the batch)', r'''
@strict_custom_gradient
def softmax(z):
    s = tf.nn.softmax(z)
    def grad(upstream):
        return s * (upstream - tf.reduce_sum(upstream * s))
    return s, grad
''', False, 'right for one vector, but for a batch of rows the sum must be per row (axis=-1, keepdims=True), not over everything',
           ('axis|batch|row',)),
    Answer('03.softmax_vjp', 'decorator forgotten', r'''
def softmax(z):
    s = tf.nn.softmax(z)
    def grad(upstream):
        return s * (upstream - tf.reduce_sum(upstream * s, axis=-1, keepdims=True))
    return s, grad
''', False, 'without @strict_custom_gradient softmax returns the pair (s, grad)',
           ('decorator|custom_gradient|@',)),
    # ---- set aa
    Answer('03.softmax_vjp', 'einsum-ellipsis-dot', r'''
@strict_custom_gradient
def softmax(z):
    s = tf.nn.softmax(z)
    def grad(upstream):
        dot = tf.einsum("...i,...i->...", upstream, s)     # ⟨upstream, s⟩ per row
        return s * (upstream - dot[..., tf.newaxis])
    return s, grad
''', True),
    Answer('03.softmax_vjp', 'reduce-sum-every-axis', r'''
@strict_custom_gradient
def softmax(z):
    s = tf.nn.softmax(z)
    def grad(upstream):
        return s * (upstream - tf.reduce_sum(upstream * s))
    return s, grad
''', False, 'the sum runs over every entry, mixing the rows of a batch; sum each row separately (last axis, keeping it)',
           ('row|axis|batch',)),
    Answer('03.softmax_vjp', 'loop-over-first-axis', r'''
@strict_custom_gradient
def softmax(z):
    s = tf.nn.softmax(z)
    def grad(upstream):
        rows = []
        for i in range(s.shape[0]):       # one row of the batch at a time
            rows.append(s[i] * (upstream[i] - tf.reduce_sum(upstream[i] * s[i])))
        return tf.stack(rows)
    return s, grad
''', False, 'for a single vector the loop goes over entries, not rows, so each entry only sees itself: that is the diagonal of J alone',
           ('vector|diagonal',)),
    Answer('03.softmax_vjp', 'recompute-with-exp', r'''
@strict_custom_gradient
def softmax(z):
    def grad(upstream):
        e = tf.exp(z)
        p = e / tf.reduce_sum(e, axis=-1, keepdims=True)
        return p * (upstream - tf.reduce_sum(upstream * p, axis=-1, keepdims=True))
    return tf.nn.softmax(z), grad
''', False, 'grad recomputes softmax with a raw exp, which overflows for large scores (NaN); reuse the stable s from the forward',
           ('overflow|large|nan|inf',)),
    # ---- set e
    Answer('03.softmax_vjp', 'keras.ops sum with keepdims', r'''
from keras import ops

@strict_custom_gradient
def softmax(z):
    s = tf.nn.softmax(z)
    def grad(upstream):
        dot = ops.sum(upstream * s, axis=-1, keepdims=True)
        return s * (upstream - dot)
    return s, grad
''', True),
    Answer('03.softmax_vjp', 'einsum dot with newaxis', r'''
@strict_custom_gradient
def softmax(z):
    s = tf.nn.softmax(z)
    def grad(upstream):
        dot = tf.einsum("...i,...i->...", upstream, s)[..., tf.newaxis]   # one number per row
        return s * upstream - s * dot
    return s, grad
''', True),
    Answer('03.softmax_vjp', 'sum over axis 0', r'''
@strict_custom_gradient
def softmax(z):
    s = tf.nn.softmax(z)
    def grad(upstream):
        return s * (upstream - tf.reduce_sum(upstream * s, axis=0, keepdims=True))
    return s, grad
''', False, 'axis=0 sums over the batch for a matrix: the dot product must be per row, over the last axis.',
           ('axis|row|last|batch',)),
    Answer('03.softmax_vjp', 'row sums without keepdims', r'''
@strict_custom_gradient
def softmax(z):
    s = tf.nn.softmax(z)
    def grad(upstream):
        return s * (upstream - tf.reduce_sum(upstream * s, axis=-1))
    return s, grad
''', False, 'Without keepdims the row sums (shape (batch,)) line up with columns, not rows: keepdims=True.',
           ('keepdims|broadcast|row|axis|batch',)),
    Answer('03.softmax_vjp', 'forms the Jacobian anyway', r'''
@strict_custom_gradient
def softmax(z):
    s = tf.nn.softmax(z)
    def grad(upstream):
        J = tf.linalg.diag(s) - s[..., :, None] * s[..., None, :]   # diag(s) - s sᵀ
        return tf.linalg.matvec(J, upstream, transpose_a=True)
    return s, grad
''', False, 'Right numbers, but it builds the n×n Jacobian, which the exercise asks to avoid: s ⊙ (u − ⟨u, s⟩).',
           ('form|build|jacobian|n²|n^2|n×n|matrix',)),
    Answer('03.softmax_vjp', 'mean instead of sum', r'''
@strict_custom_gradient
def softmax(z):
    s = tf.nn.softmax(z)
    def grad(upstream):
        return s * (upstream - tf.reduce_mean(upstream * s, axis=-1, keepdims=True))
    return s, grad
''', False, 'The subtracted term is the dot product Σ u_k s_k, a sum, not a mean.',
           ('sum|mean',)),
    # ---- set f
    Answer('03.softmax_vjp', 'einsum_dot_per_row', r'''
@strict_custom_gradient
def softmax(z):
    s = tf.nn.softmax(z)
    def grad(upstream):
        dot = tf.einsum("...i,...i->...", upstream, s)     # one number per row
        return s * (upstream - dot[..., None])
    return s, grad
''', True),
    Answer('03.softmax_vjp', 'keras_ops_tf_function', r'''
ops = tf.keras.ops

@tf.function
@strict_custom_gradient
def softmax(z):
    s = tf.nn.softmax(z)
    def grad(upstream):
        return s * upstream - s * ops.sum(s * upstream, axis=-1, keepdims=True)
    return s, grad
''', True),
    Answer('03.softmax_vjp', 'builds_jacobian', r'''
@strict_custom_gradient
def softmax(z):
    s = tf.nn.softmax(z)
    def grad(upstream):
        J = tf.linalg.diag(s) - s[..., :, None] * s[..., None, :]     # diag(s) − s sᵀ
        return tf.linalg.matvec(J, upstream, transpose_a=True)
    return s, grad
''', False, 'Right numbers, but it builds the n×n Jacobian, which the exercise asks to avoid: s ⊙ (u − ⟨u, s⟩).',
           ('Jacobian|without forming|n×n|n x n|n²|n^2|diag',)),
    Answer('03.softmax_vjp', 'log_softmax_vjp', r'''
@strict_custom_gradient
def softmax(z):
    s = tf.nn.softmax(z)
    def grad(upstream):
        return upstream - s * tf.reduce_sum(upstream, axis=-1, keepdims=True)
    return s, grad
''', False, "That is the VJP of log-softmax; softmax's is s ⊙ (upstream − Σ upstream·s).",
           ('log-softmax|log softmax|log_softmax|s ⊙|s *|diag',)),
    Answer('03.softmax_vjp', 'recomputed_softmax_raw_exp', r'''
@strict_custom_gradient
def softmax(z):
    def grad(upstream):
        e = tf.exp(z)
        p = e / tf.reduce_sum(e, axis=-1, keepdims=True)
        return p * (upstream - tf.reduce_sum(upstream * p, axis=-1, keepdims=True))
    return tf.nn.softmax(z), grad
''', False, 'Recomputing softmax with raw exp overflows for large scores (NaN above about 88 in float32); subtract the row max or reuse s.',
           ('overflow|nan|inf|large|stable|max',)),
    # ---- set g
    Answer('03.softmax_vjp', 'einsum-row-dot', r'''
@strict_custom_gradient
def softmax(z):
    s = tf.nn.softmax(z)
    def grad(upstream):
        dot = tf.einsum("...i,...i->...", upstream, s)      # one number per row
        return s * (upstream - dot[..., tf.newaxis])
    return s, grad
''', True),
    Answer('03.softmax_vjp', 'expand-dims-instead-of-keepdims', r'''
@strict_custom_gradient
def softmax(z):
    s = tf.nn.softmax(z)
    def grad(upstream):
        inner = tf.expand_dims(tf.reduce_sum(upstream * s, axis=-1), -1)
        return s * upstream - s * inner
    return s, grad
''', True),
    Answer('03.softmax_vjp', 'map-fn-over-rows', r'''
@strict_custom_gradient
def softmax(z):
    s = tf.nn.softmax(z)
    def grad(upstream):
        def one_row(pair):
            u, s_row = pair
            return s_row * (u - tf.reduce_sum(u * s_row))
        return tf.map_fn(one_row, (upstream, s), fn_output_signature=s.dtype)
    return s, grad
''', False, 'tf.map_fn maps over the first axis: for a single vector it visits entries, not rows, which keeps only the diagonal s(1 - s)',
           ('vector|diagonal|axis|row',)),
    Answer('03.softmax_vjp', 'log-softmax-vjp', r'''
@strict_custom_gradient
def softmax(z):
    s = tf.nn.softmax(z)
    def grad(upstream):
        return upstream - s * tf.reduce_sum(upstream, axis=-1, keepdims=True)
    return s, grad
''', False, "this is the VJP of log-softmax; softmax's is s ⊙ (upstream − ⟨upstream, s⟩)",
           ('log|s ⊙|⊙ s|s *|* s|times s',)),
    Answer('03.softmax_vjp', 'python-if-on-tf-rank', r'''
@strict_custom_gradient
def softmax(z):
    s = tf.nn.softmax(z)
    def grad(upstream):
        if tf.rank(z) == 1:
            return s * (upstream - tf.reduce_sum(upstream * s))
        return s * (upstream - tf.reduce_sum(upstream * s, axis=-1, keepdims=True))
    return s, grad
''', False, 'a Python if on the tensor tf.rank(z) works eagerly but fails inside tf.function; use axis=-1 with keepdims for both cases',
           ('tf.function|graph|symbolic|python if|bool',)),
    Answer('03.softmax_vjp', 'numpy-sanity-print-in-forward', r'''
@strict_custom_gradient
def softmax(z):
    s = tf.nn.softmax(z)
    print("softmax rows sum to", s.numpy().sum(axis=-1))     # sanity check
    def grad(upstream):
        return s * (upstream - tf.reduce_sum(upstream * s, axis=-1, keepdims=True))
    return s, grad
''', False, 'the debugging print calls .numpy(), which fails inside tf.function where s is symbolic',
           ('numpy|tf.function|symbolic|graph',)),
    # ---- set holdout
    Answer('03.softmax_vjp', 'einsum dot per row', r'''
@strict_custom_gradient
def softmax(z):
    s = tf.nn.softmax(z)
    def grad(upstream):
        dot = tf.einsum("...i,...i->...", upstream, s)[..., tf.newaxis]
        return s * (upstream - dot)
    return s, grad
''', True),
    Answer('03.softmax_vjp', 'reduce_sum without keepdims', r'''
@strict_custom_gradient
def softmax(z):
    s = tf.nn.softmax(z)
    def grad(upstream):
        return s * (upstream - tf.reduce_sum(upstream * s, axis=-1))
    return s, grad
''', False, 'Without keepdims=True the per-row sum does not broadcast back along the rows of a batch.',
           ('keepdims|broadcast|batch|axis',)),
    Answer('03.softmax_vjp', 'sum over whole batch', r'''
@strict_custom_gradient
def softmax(z):
    s = tf.nn.softmax(z)
    def grad(upstream):
        return s * (upstream - tf.reduce_sum(upstream * s))
    return s, grad
''', False, 'The sum must run over the last axis only, one per row; with no axis it mixes the rows of a batch.',
           ('axis|batch|row',)),
    Answer('03.softmax_vjp', 'second term missing factor s', r'''
@strict_custom_gradient
def softmax(z):
    s = tf.nn.softmax(z)
    def grad(upstream):
        return s * upstream - tf.reduce_sum(s * upstream, axis=-1, keepdims=True)
    return s, grad
''', False, 'From J = diag(s) − s sᵀ, the second term is s times (sᵀ upstream); the factor s is missing.',
           ('s sᵀ|outer|factor|s_i|term',)),
    Answer('03.softmax_vjp', 'numpy-style .sum', r'''
@strict_custom_gradient
def softmax(z):
    s = tf.nn.softmax(z)
    def grad(upstream):
        return s * (upstream - (upstream * s).sum(axis=-1, keepdims=True))
    return s, grad
''', False, 'TensorFlow tensors have no .sum() method; use tf.reduce_sum(..., axis=-1, keepdims=True).',
           ('reduce_sum|sum|attribute',)),
    Answer('03.softmax_vjp', 'explicit J via outer product', r'''
@strict_custom_gradient
def softmax(z):
    s = tf.nn.softmax(z)
    def grad(upstream):
        J = tf.linalg.diag(s) - tf.tensordot(s, s, axes=0)
        return tf.linalg.matvec(J, upstream, transpose_a=True)
    return s, grad
''', False, 'Building J with tensordot(s, s, axes=0) breaks for a batch of rows (and the exercise asks not to form J).',
           ('batch|shape|form|Jacobian|J',)),
    # ---- set i
    Answer('03.softmax_vjp', 'einsum-dot-per-row', r'''
@strict_custom_gradient
def softmax(z):
    s = tf.nn.softmax(z)
    def grad(upstream):
        # Jᵀu = s ⊙ u − s ⟨s, u⟩, the dot product taken row by row
        dot = tf.einsum("...i,...i->...", upstream, s)[..., tf.newaxis]
        return s * upstream - s * dot
    return s, grad
''', True),
    Answer('03.softmax_vjp', 'lambda-grad-positional-axis', r'''
@strict_custom_gradient
def softmax(z):
    s = tf.nn.softmax(z)
    return s, lambda g: s * (g - tf.reduce_sum(g * s, -1, keepdims=True))
''', True),
    Answer('03.softmax_vjp', 'sum-without-axis', r'''
@strict_custom_gradient
def softmax(z):
    s = tf.nn.softmax(z)
    def grad(upstream):
        return s * (upstream - tf.reduce_sum(upstream * s))
    return s, grad
''', False, 'the sum runs over the whole batch and mixes the rows; sum over the last axis only (keepdims=True)',
           ('axis|row|batch',)),
    Answer('03.softmax_vjp', 'axis-but-no-keepdims', r'''
@strict_custom_gradient
def softmax(z):
    s = tf.nn.softmax(z)
    def grad(upstream):
        return s * (upstream - tf.reduce_sum(upstream * s, axis=-1))
    return s, grad
''', False, 'without keepdims=True the per-row sums do not line up with their rows for a batch',
           ('keepdims|broadcast|row|batch|shape',)),
    Answer('03.softmax_vjp', 'diagonal-only', r'''
@strict_custom_gradient
def softmax(z):
    s = tf.nn.softmax(z)
    def grad(upstream):
        return upstream * s * (1.0 - s)     # ds_i/dz_i
    return s, grad
''', False, 'only the diagonal of J: every output also depends on every other input (−s_i s_j off the diagonal)',
           ('diagonal',)),
    Answer('03.softmax_vjp', 'sign-flipped', r'''
@strict_custom_gradient
def softmax(z):
    s = tf.nn.softmax(z)
    def grad(upstream):
        return s * (tf.reduce_sum(upstream * s, axis=-1, keepdims=True) - upstream)
    return s, grad
''', False, 'the whole VJP has the wrong sign: it is s ⊙ (u − ⟨s, u⟩), not the other way round',
           ('sign|minus|negat',)),
    Answer('03.softmax_vjp', 'own-exp-forward-overflows', r'''
@strict_custom_gradient
def softmax(z):
    e = tf.exp(z)                                      # like torch: exp / sum exp
    s = e / tf.reduce_sum(e, axis=-1, keepdims=True)
    def grad(upstream):
        return s * (upstream - tf.reduce_sum(upstream * s, axis=-1, keepdims=True))
    return s, grad
''', False, "exp of large scores overflows to inf, so the forward gives NaN; subtract each row's max first (or use tf.nn.softmax)",
           ('overflow|large|nan|max|inf',)),
    # ---- set k
    Answer('03.softmax_vjp', 'einsum-dot', r'''
@strict_custom_gradient
def softmax(z):
    s = tf.nn.softmax(z)
    def grad(upstream):
        dot = tf.einsum("...i,...i->...", upstream, s)     # <upstream, s> per row
        return s * (upstream - dot[..., tf.newaxis])
    return s, grad
''', True),
    Answer('03.softmax_vjp', 'sum-no-axis', r'''
@strict_custom_gradient
def softmax(z):
    s = tf.nn.softmax(z)
    def grad(upstream):
        return s * (upstream - tf.reduce_sum(upstream * s))
    return s, grad
''', False, 'reduce_sum without an axis mixes the rows of a batch; sum over the last axis with keepdims=True.',
           ('axis|row|batch',)),
    Answer('03.softmax_vjp', 'reduce-mean', r'''
@strict_custom_gradient
def softmax(z):
    s = tf.nn.softmax(z)
    def grad(upstream):
        inner = tf.reduce_mean(upstream * s, axis=-1, keepdims=True)
        return s * (upstream - inner)
    return s, grad
''', False, 'The inner product needs reduce_sum, not reduce_mean: the mean divides it by the number of classes.',
           ('sum|mean',)),
    Answer('03.softmax_vjp', 'no-keepdims', r'''
@strict_custom_gradient
def softmax(z):
    s = tf.nn.softmax(z)
    def grad(upstream):
        inner = tf.reduce_sum(upstream * s, axis=-1)
        return s * (upstream - inner)
    return s, grad
''', False, 'Without keepdims=True the per-row sums do not line up with the rows of a batch.',
           ('keepdims|row|batch|axis',)),
    Answer('03.softmax_vjp', 'nested-tape-ones', r'''
@strict_custom_gradient
def softmax(z):
    s = tf.nn.softmax(z)
    def grad(upstream):
        with tf.GradientTape() as t:       # let autodiff find the local derivative
            t.watch(z)
            s_again = tf.nn.softmax(z)
        local = t.gradient(s_again, z)
        return upstream * local
    return s, grad
''', False, 'tape.gradient of softmax is Jᵀ·ones, which is zero; pass upstream as output_gradients instead of multiplying afterwards.',
           ('output_gradients|upstream|zero',)),
    Answer('03.softmax_vjp', 'log-softmax-grad', r'''
# the softmax backward pass (from a blog post)
@strict_custom_gradient
def softmax(z):
    s = tf.nn.softmax(z)
    def grad(upstream):
        return upstream - s * tf.reduce_sum(upstream, axis=-1, keepdims=True)
    return s, grad
''', False, "That is the VJP of log-softmax; softmax's is s ⊙ (upstream − ⟨upstream, s⟩).",
           ('log',)),
    # ---- set m
    Answer('03.softmax_vjp', 'einsum-ellipsis', r'''
@strict_custom_gradient
def softmax(z):
    s = tf.nn.softmax(z)
    def grad(upstream):
        dot = tf.einsum("...i,...i->...", upstream, s)[..., tf.newaxis]   # one number per row
        return s * (upstream - dot)
    return s, grad
''', True),
    Answer('03.softmax_vjp', 'sum-mixes-rows', r'''
@strict_custom_gradient
def softmax(z):
    s = tf.nn.softmax(z)
    def grad(upstream):
        return s * (upstream - tf.reduce_sum(upstream * s))
    return s, grad
''', False, 'The sum must stay within each row (axis=-1, keepdims=True); summing everything mixes the rows of a batch.',
           ('row|axis|batch',)),
    Answer('03.softmax_vjp', 'sign-flip', r'''
@strict_custom_gradient
def softmax(z):
    s = tf.nn.softmax(z)
    def grad(upstream):
        return s * (tf.reduce_sum(upstream * s, axis=-1, keepdims=True) - upstream)
    return s, grad
''', False, 'Sign error: the gradient has the opposite sign.',
           ('sign',)),
    Answer('03.softmax_vjp', 'naive-exp-forward', r'''
@strict_custom_gradient
def softmax(z):
    e = tf.exp(z)
    s = e / tf.reduce_sum(e, axis=-1, keepdims=True)
    def grad(upstream):
        return s * (upstream - tf.reduce_sum(upstream * s, axis=-1, keepdims=True))
    return s, grad
''', False, 'The forward exponentiates the raw scores: e^z overflows for large scores (NaN); subtract the row max or use tf.nn.softmax.',
           ('overflow|nan|large|inf',)),
    Answer('03.softmax_vjp', 'diag-only-no-one-minus', r'''
@strict_custom_gradient
def softmax(z):
    s = tf.nn.softmax(z)
    return s, lambda upstream: upstream * s
''', False, 'Only the diagonal part diag(s) of J: the −s sᵀ part (every output depends on every input) is missing.',
           ('diagonal|sᵀ|outer|every',)),
    # ---- set n
    Answer('03.softmax_vjp', 'expanded product', r'''
@strict_custom_gradient
def softmax(z):
    s = tf.nn.softmax(z)
    def grad(upstream):
        weighted = s * upstream
        return weighted - s * tf.reduce_sum(weighted, axis=-1, keepdims=True)
    return s, grad
''', True),
    Answer('03.softmax_vjp', 'tape on tf.nn.softmax inside grad', r'''
@strict_custom_gradient
def softmax(z):
    s = tf.nn.softmax(z)
    def grad(upstream):
        with tf.GradientTape() as inner:
            inner.watch(z)
            s_again = tf.nn.softmax(z)
        return inner.gradient(s_again, z, output_gradients=upstream)   # a VJP, no J built
    return s, grad
''', True),
    Answer('03.softmax_vjp', 'keepdims missing', r'''
@strict_custom_gradient
def softmax(z):
    s = tf.nn.softmax(z)
    def grad(upstream):
        return s * (upstream - tf.reduce_sum(upstream * s, axis=-1))
    return s, grad
''', False, "without keepdims=True each row's sum does not line up with its row in a batch",
           ('keepdims|row|batch',)),
    Answer('03.softmax_vjp', 'python max() for a stable recompute', r'''
@strict_custom_gradient
def softmax(z):
    s = tf.nn.softmax(z)
    def grad(upstream):
        e = tf.exp(z - max(z))                 # subtract the max for stability
        p = e / tf.reduce_sum(e, axis=-1, keepdims=True)
        return p * (upstream - tf.reduce_sum(upstream * p, axis=-1, keepdims=True))
    return s, grad
''', False, "Python's max() cannot take a batch's (or a traced tensor's) maximum: use tf.reduce_max(z, axis=-1, keepdims=True)",
           ('max',)),
    Answer('03.softmax_vjp', 'full Jacobian of a vector', r'''
@strict_custom_gradient
def softmax(z):
    s = tf.nn.softmax(z)
    def grad(upstream):
        J = tf.linalg.diag(s) - tf.tensordot(s, s, axes=0)     # diag(s) - s sᵀ
        return tf.linalg.matvec(J, upstream, transpose_a=True)
    return s, grad
''', False, 'builds J for one vector only: for a batch the outer product mixes rows (and J is not needed)',
           ('batch|row|jacobian',)),
    Answer('03.softmax_vjp', 'naive softmax recomputed in grad', r'''
@strict_custom_gradient
def softmax(z):
    s = tf.nn.softmax(z)
    def grad(upstream):
        e = tf.exp(z)
        p = e / tf.reduce_sum(e, axis=-1, keepdims=True)
        return p * (upstream - tf.reduce_sum(upstream * p, axis=-1, keepdims=True))
    return s, grad
''', False, 'recomputing softmax as exp(z)/sum overflows for large scores and gives NaN',
           ('overflow|nan|large|stable',)),
    # ---- set p
    Answer('03.softmax_vjp', 'einsum-ellipsis', r'''
@strict_custom_gradient
def softmax(z):
    s = tf.nn.softmax(z)
    def grad(upstream):
        dot = tf.einsum("...i,...i->...", upstream, s)      # one number per row
        return s * (upstream - dot[..., tf.newaxis])
    return s, grad
''', True),
    Answer('03.softmax_vjp', 'einsum-no-batch', r'''
@strict_custom_gradient
def softmax(z):
    s = tf.nn.softmax(z)
    def grad(upstream):
        dot = tf.einsum("...i,...i->", upstream, s)
        return s * (upstream - dot)
    return s, grad
''', False, 'the einsum drops the batch axis (it fails on a batch of rows); keep one dot product per row',
           ('batch|row',)),
    Answer('03.softmax_vjp', 'cross-entropy-gradient', r'''
@strict_custom_gradient
def softmax(z):
    s = tf.nn.softmax(z)
    def grad(upstream):
        return s - upstream        # d(softmax cross-entropy)/dz = softmax - labels
    return s, grad
''', False, 's - labels is the gradient of softmax cross-entropy; upstream is not a label vector, grad must return Jᵀ·upstream',
           ('cross|upstream',)),
    Answer('03.softmax_vjp', 'factory-not-called', r'''
def make_softmax(axis=-1):
    @strict_custom_gradient
    def softmax_fn(z):
        s = tf.nn.softmax(z, axis=axis)
        def grad(upstream):
            return s * (upstream - tf.reduce_sum(upstream * s, axis=axis, keepdims=True))
        return s, grad
    return softmax_fn

softmax = make_softmax
''', False, 'softmax is the factory: calling it with z returns a function, not probabilities; use make_softmax()',
           ('factory|function|callable',)),
    # ---- set r
    Answer('03.softmax_vjp', 'through-log-softmax', r'''
@strict_custom_gradient
def softmax(z):
    log_s = tf.nn.log_softmax(z, axis=-1)
    s = tf.exp(log_s)
    def grad(upstream):
        # softmax = exp(log_softmax): first exp's VJP (times s), then log_softmax's VJP v - s·sum(v)
        v = upstream * s
        return v - s * tf.reduce_sum(v, axis=-1, keepdims=True)
    return s, grad
''', True),
    Answer('03.softmax_vjp', 'einsum-dot-per-row', r'''
@strict_custom_gradient
def softmax(z):
    s = tf.nn.softmax(z)
    def grad(upstream):
        dot = tf.einsum("...i,...i->...", upstream, s)          # one number per row: <upstream, s>
        return s * (upstream - tf.expand_dims(dot, -1))
    return s, grad
''', True),
    Answer('03.softmax_vjp', 'float64-inside-cast-back', r'''
@strict_custom_gradient
def softmax(z):
    s = tf.nn.softmax(z)
    def grad(upstream):
        s64 = tf.nn.softmax(tf.cast(z, tf.float64), axis=-1)
        u64 = tf.cast(upstream, tf.float64)
        g64 = s64 * u64 - s64 * tf.reduce_sum(s64 * u64, axis=-1, keepdims=True)
        return tf.cast(g64, z.dtype)
    return s, grad
''', True),
    Answer('03.softmax_vjp', 'own-stable-forward-tf-function-helper', r'''
@tf.function
def softmax_vjp(s, upstream):
    weighted = tf.math.multiply(s, upstream)
    return weighted - s * tf.math.reduce_sum(weighted, axis=-1, keepdims=True)

@tf.custom_gradient
def softmax(z):
    s = tf.exp(z - tf.reduce_logsumexp(z, axis=-1, keepdims=True))
    return s, lambda upstream: softmax_vjp(s, upstream)
''', True),
    # ---- set s
    Answer('03.softmax_vjp', 'einsum-dot', r'''
@strict_custom_gradient
def softmax(z):
    s = tf.nn.softmax(z)
    def grad(upstream):
        dot = tf.einsum("...i,...i->...", upstream, s)[..., tf.newaxis]   # <upstream, s> per row
        return s * (upstream - dot)
    return s, grad
''', True),
    Answer('03.softmax_vjp', 'returns-jacobian', r'''
@strict_custom_gradient
def softmax(z):
    s = tf.nn.softmax(z)
    def grad(upstream):
        return tf.linalg.diag(s) - s[..., :, tf.newaxis] * s[..., tf.newaxis, :]   # diag(s) - s sᵀ
    return s, grad
''', False, 'grad must return Jᵀ·upstream shaped like z, not the Jacobian itself',
           ('jacobian|shape',)),
    Answer('03.softmax_vjp', 'axis0-sum', r'''
@strict_custom_gradient
def softmax(z):
    s = tf.nn.softmax(z)
    def grad(upstream):
        return s * (upstream - tf.reduce_sum(upstream * s, axis=0, keepdims=True))
    return s, grad
''', False, 'axis=0 sums down the columns of a batch (across rows); the sum must run within each row (last axis)',
           ('row|axis|batch|last',)),
    Answer('03.softmax_vjp', 'recomputed-exp', r'''
@strict_custom_gradient
def softmax(z):
    s = tf.nn.softmax(z)
    def grad(upstream):
        e = tf.exp(z)
        p = e / tf.reduce_sum(e, axis=-1, keepdims=True)
        return p * (upstream - tf.reduce_sum(upstream * p, axis=-1, keepdims=True))
    return s, grad
''', False, 'recomputing softmax as exp(z)/sum overflows for large scores (inf/inf = NaN); use s',
           ('overflow|large|nan|inf',)),
    # ---- set u
    Answer('03.softmax_vjp', 'einsum-ellipsis', r'''
@strict_custom_gradient
def softmax(z):
    s = tf.nn.softmax(z)
    def grad(upstream):
        weighted = tf.einsum("...i,...i->...", upstream, s)     # ⟨u, s⟩ per row
        return s * (upstream - weighted[..., tf.newaxis])
    return s, grad
''', True),
    Answer('03.softmax_vjp', 'sum-over-whole-batch', r'''
@strict_custom_gradient
def softmax(z):
    s = tf.nn.softmax(z)
    def grad(upstream):
        return s * (upstream - tf.reduce_sum(upstream * s))
    return s, grad
''', False, 'tf.reduce_sum without axis=-1 mixes the rows of a batch: the sum ⟨u, s⟩ must be taken per row.',
           ('row|axis',)),
    Answer('03.softmax_vjp', 'naive-exp-forward', r'''
@strict_custom_gradient
def softmax(z):
    e = tf.exp(z)
    s = e / tf.reduce_sum(e, axis=-1, keepdims=True)
    def grad(upstream):
        return s * (upstream - tf.reduce_sum(upstream * s, axis=-1, keepdims=True))
    return s, grad
''', False, "The VJP is right but the forward overflows for large scores (inf/inf = NaN): subtract each row's max, or use tf.nn.softmax.",
           ('overflow|large|nan|max',)),
    Answer('03.softmax_vjp', 'no-keepdims', r'''
@strict_custom_gradient
def softmax(z):
    s = tf.nn.softmax(z)
    def grad(upstream):
        return s * (upstream - tf.reduce_sum(upstream * s, axis=-1))
    return s, grad
''', False, 'Without keepdims=True the per-row sums do not line up with their rows in a batch (they broadcast along the wrong axis).',
           ('keepdims|row|axis|batch',)),
    # ---- set w
    Answer('03.softmax_vjp', 'einsum-inner-product', r'''
@strict_custom_gradient
def softmax(z: tf.Tensor):
    """Softmax over the last axis with a Jacobian-free VJP.

    J = diag(s) - s s^T, so J^T u = s * (u - <u, s>), with <u, s> taken per row (einsum over the
    last axis, kept as a trailing axis of size 1 so it lines up with each row).
    """
    s = tf.nn.softmax(z, axis=-1)

    def grad(upstream: tf.Tensor) -> tf.Tensor:
        inner = tf.einsum("...i,...i->...", upstream, s)[..., tf.newaxis]
        return s * (upstream - inner)

    return s, grad


# --- self-test against the full Jacobian, batch of rows -------------------------------
_z = tf.constant([[0.5, -1.0, 2.0], [3.0, 0.0, 1.0]], dtype=tf.float64)
_u = tf.constant([[1.0, 2.0, -1.0], [0.5, 0.0, 4.0]], dtype=tf.float64)
with tf.GradientTape(persistent=True) as _t:
    _t.watch(_z)
    _mine, _ref = softmax(_z), tf.nn.softmax(_z)
np.testing.assert_allclose(_t.gradient(_mine, _z, output_gradients=_u),
                           _t.gradient(_ref, _z, output_gradients=_u), atol=1e-12)
''', True),
    Answer('03.softmax_vjp', 'diagonal-approx', r'''
@strict_custom_gradient
def softmax(z: tf.Tensor):
    """Softmax with an O(n) backward pass.

    Uses the diagonal of J (s_i (1 - s_i)); the off-diagonal terms are second order and are
    dropped for efficiency. s is treated as a constant in the backward pass for safety.
    """
    s = tf.nn.softmax(z)

    def grad(upstream: tf.Tensor) -> tf.Tensor:
        s_const = tf.stop_gradient(s)
        return upstream * s_const * (1.0 - s_const)

    return s, grad
''', False, 'only the diagonal of J is used; the off-diagonal −s_i s_j terms are missing',
           ('diagonal',)),
    Answer('03.softmax_vjp', 'sum-without-axis', r'''
@strict_custom_gradient
def softmax(z: tf.Tensor):
    """Softmax with VJP s * (u - sum(u * s)).

    Includes a self-check on a single vector below.
    """
    s = tf.nn.softmax(z)

    def grad(upstream: tf.Tensor) -> tf.Tensor:
        return s * (upstream - tf.reduce_sum(upstream * s))

    return s, grad


_z = tf.constant([0.5, -1.0, 2.0, 0.0], dtype=tf.float64)
_u = tf.constant([1.0, 2.0, 3.0, 4.0], dtype=tf.float64)
with tf.GradientTape(persistent=True) as _t:
    _t.watch(_z)
    _a, _b = softmax(_z), tf.nn.softmax(_z)
np.testing.assert_allclose(_t.gradient(_a, _z, output_gradients=_u),
                           _t.gradient(_b, _z, output_gradients=_u), atol=1e-12)
''', False, 'reduce_sum without axis=-1 mixes the rows of a batch: the inner product must be per row',
           ('axis|row|batch',)),
    Answer('03.softmax_vjp', 'own-forward-eps', r'''
_EPS = 1e-9


@strict_custom_gradient
def softmax(z: tf.Tensor):
    """Softmax written out explicitly (transparent, no library black box).

    s = exp(z) / (sum exp(z) + eps); the epsilon protects against division by zero.
    VJP: s * (u - <u, s>) per row.
    """
    e = tf.exp(z)
    s = e / (tf.reduce_sum(e, axis=-1, keepdims=True) + tf.cast(_EPS, z.dtype))

    def grad(upstream: tf.Tensor) -> tf.Tensor:
        return s * (upstream - tf.reduce_sum(upstream * s, axis=-1, keepdims=True))

    return s, grad
''', False, "exp(z) overflows for large scores (inf/inf = NaN): subtract each row's max first",
           ('overflow|large|max|nan|inf',)),
    # ---- set y
    Answer('03.softmax_vjp', 'einsum-row-dots', r'''
@strict_custom_gradient
def softmax(z):
    s = tf.nn.softmax(z)
    def grad(upstream):
        dot = tf.einsum("...i,...i->...", upstream, s)     # one number per row
        return s * (upstream - tf.expand_dims(dot, -1))
    return s, grad
''', True),
    Answer('03.softmax_vjp', 'forgot-keepdims', r'''
@strict_custom_gradient
def softmax(z):
    s = tf.nn.softmax(z)
    def grad(upstream):
        return s * (upstream - tf.reduce_sum(upstream * s, axis=-1))
    return s, grad
''', False, "Without keepdims=True each row's sum loses its axis and no longer lines up with its row in a batch.",
           ('keepdims|batch|row',)),
    Answer('03.softmax_vjp', 'hand-written-exp', r'''
@strict_custom_gradient
def softmax(z):
    e = tf.exp(z)
    s = e / tf.reduce_sum(e, axis=-1, keepdims=True)
    def grad(upstream):
        return s * (upstream - tf.reduce_sum(upstream * s, axis=-1, keepdims=True))
    return s, grad
''', False, "The VJP is right but e^z overflows for large scores (inf/inf = NaN); subtract each row's max first.",
           ('overflow|max|large|nan',)),
    Answer('03.softmax_vjp', 'built-the-jacobian', r'''
@strict_custom_gradient
def softmax(z):
    s = tf.nn.softmax(z)
    def grad(upstream):
        J = tf.linalg.diag(s) - s[:, None] * s[None, :]      # diag(s) - s sᵀ
        return tf.linalg.matvec(J, upstream, transpose_a=True)
    return s, grad
''', False, 's[:, None] * s[None, :] is an outer product only for one vector; for a batch of rows it mixes the rows (and the exercise asks not to form J).',
           ('batch|row|jacobian',)),
    # ---- sums over the wrong axis, and products that are matrix products on a batch
    Answer('03.softmax_vjp', 'per-column sum with keepdims', r'''
@strict_custom_gradient
def softmax(z):
    s = tf.nn.softmax(z)
    def grad(upstream):
        inner = tf.reduce_sum(upstream * s, axis=0, keepdims=True)     # <u, s>
        return s * (upstream - inner)
    return s, grad
''', False, 'axis=0 sums down the columns of a batch, across rows: each row is its own softmax, so sum over the last axis',
           ('row', 'column|axis 0|across')),
    Answer('03.softmax_vjp', 'tensordot for the inner product', r'''
@strict_custom_gradient
def softmax(z):
    s = tf.nn.softmax(z)
    def grad(upstream):
        return s * (upstream - tf.tensordot(upstream, s, axes=1))
    return s, grad
''', False, 'tensordot with axes=1 is an inner product for two vectors but a matrix product for a batch: sum u*s within each row',
           ('tensordot|inner product|matrix product', 'row')),
    Answer('03.softmax_vjp', 'matmul with a transpose for the inner product', r'''
@strict_custom_gradient
def softmax(z):
    s = tf.nn.softmax(z)
    def grad(upstream):
        u = tf.reshape(upstream, (-1, upstream.shape[-1]))
        p = tf.reshape(s, (-1, s.shape[-1]))
        inner = tf.linalg.diag_part(tf.matmul(u, p, transpose_b=True))[:, None]
        return tf.reshape(p * (u - inner), tf.shape(s))
    return s, grad
''', True),
]


# ---------------------------------------------------------------- d-: a second learner corpus, written blind
def _s(body, forward="    s = tf.nn.softmax(z)\n"):
    return ("@strict_custom_gradient\ndef softmax(z):\n" + forward + "    def grad(upstream):\n" + body +
            "    return s, grad\n")


ANSWERS += [
    Answer(KEY, "d-right-two-parts", _s(
        "        diag_part = s * upstream                                   # diag(s) u\n"
        "        outer_part = s * tf.reduce_sum(s * upstream, -1, keepdims=True)   # s (sᵀu)\n"
        "        return diag_part - outer_part\n"), True),
    Answer(KEY, "d-right-einsum", _s(
        "        su = tf.einsum('...i,...i->...', s, upstream)[..., tf.newaxis]\n"
        "        return s * upstream - s * su\n"), True),
    Answer(KEY, "d-right-own-stable-forward", _s(
        "        dot = tf.reduce_sum(upstream * s, axis=-1, keepdims=True)\n"
        "        return upstream * s - dot * s\n",
        forward="    shifted = z - tf.reduce_max(z, axis=-1, keepdims=True)\n"
                "    e = tf.exp(shifted)\n"
                "    s = e / tf.reduce_sum(e, axis=-1, keepdims=True)\n"), True),
    Answer(KEY, "d-builds-full-jacobian", _s(
        "        J = tf.linalg.diag(s) - s[..., :, tf.newaxis] * s[..., tf.newaxis, :]\n"
        "        return tf.linalg.matvec(J, upstream, transpose_a=True)\n"), False,
           mistake="right values, but it builds the n×n Jacobian the exercise asks to avoid",
           must_mention=("Jacobian|matrix|n×n|n x n|n²",)),
    Answer(KEY, "d-diag-part-forgets-upstream", _s(
        "        return s - s * tf.reduce_sum(upstream * s, axis=-1, keepdims=True)\n"), False,
           mistake="the diagonal part diag(s)u lost upstream: s instead of s * upstream",
           must_mention=("upstream",)),
    Answer(KEY, "d-offdiagonal-only", _s(
        "        return -s * tf.reduce_sum(upstream * s, axis=-1, keepdims=True)\n"), False,
           mistake="only the outer-product part −s(sᵀu); the diagonal part diag(s)u is missing",
           must_mention=("missing|only the|left out|forgot",)),
    Answer(KEY, "d-sum-of-upstream-not-dot", _s(
        "        return s * upstream - s * tf.reduce_sum(upstream, axis=-1, keepdims=True)\n"), False,
           mistake="sums upstream alone instead of the dot product sᵀu = Σ s·u",
           must_mention=("sᵀu|s·u|⟨s, u⟩|⟨s,u⟩|dot product|s * upstream|upstream * s|weighted",)),
    Answer(KEY, "d-numpy-in-grad", _s(
        "        s_np, u_np = s.numpy(), upstream.numpy()\n"
        "        return tf.constant(s_np * (u_np - np.sum(u_np * s_np, axis=-1, keepdims=True)))\n"), False,
           mistake=".numpy() inside grad: fails inside tf.function",
           must_mention=("numpy|tf.function",)),
    Answer(KEY, "d-vector-only-outer", _s(
        "        J = tf.linalg.diag(s) - tf.tensordot(s, s, axes=0)\n"
        "        return tf.linalg.matvec(J, upstream)\n"), False,
           mistake="tensordot(s, s, axes=0) is an outer product only for one vector: a batch gets a 4-axis tensor",
           must_mention=("batch|row",)),
    Answer(KEY, "d-two-gradients", _s(
        "        vjp = s * (upstream - tf.reduce_sum(upstream * s, axis=-1, keepdims=True))\n"
        "        return vjp, s\n"), False,
           mistake="returns two values for a function of one input",
           must_mention=("one gradient|1 gradient|returned 2|two|tuple",)),
    Answer(KEY, "d-axis-1", _s(
        "        return s * (upstream - tf.reduce_sum(upstream * s, axis=1, keepdims=True))\n"), False,
           mistake="axis=1 only exists for a batch: a single vector has one axis (use axis=-1)",
           must_mention=("axis",)),
    Answer(KEY, "d-right-expand-dims", _s(
        "        dot = tf.expand_dims(tf.reduce_sum(s * upstream, axis=-1), -1)\n"
        "        return s * upstream - s * dot\n"), True),
    Answer(KEY, "d-right-none-index", _s(
        "        return s * upstream - s * tf.reduce_sum(s * upstream, axis=-1)[..., None]\n"), True),
    Answer(KEY, "d-matmul-for-dot", _s(
        "        su = tf.matmul(upstream, s, transpose_b=True)\n"
        "        return s * upstream - s * su\n"), False,
           mistake="matmul for sᵀu: fails on a single vector and mixes the rows of a batch",
           must_mention=("row|batch|axis|vector",)),
    Answer(KEY, "d-diagonal-counted-twice", _s(
        "        return s * (1 - s) * upstream - s * tf.reduce_sum(upstream * s, axis=-1, keepdims=True)\n"), False,
           mistake="the diagonal's −s² is counted twice: diag(s)u is s*u, the outer product already subtracts s²u",
           must_mention=("diagonal|twice|s(1 − s)|1 - s|1 − s",)),
]
