"""Exercise 03.matvec: a wrong answer for each mistake it names, and answers written from the learner's side."""

import tensorflow as tf

from answer_kit import Answer, cg, make_f_reading_a_global_matrix, A53

KEY = "03.matvec"

MISTAKES = {
    'wrong_shape': lambda A: cg(lambda x: tf.linalg.matvec(A, x), lambda x, u: tf.tensordot(u, x, axes=0)),
    'upstream_ignored': lambda A: cg(lambda x: tf.linalg.matvec(A, x),
                                             lambda x, u: tf.linalg.matvec(A, tf.ones_like(u), transpose_a=True)),
    'constant_factor': lambda A: cg(lambda x: tf.linalg.matvec(A, x),
                                            lambda x, u: 2 * tf.linalg.matvec(A, u, transpose_a=True)),
    'hard_coded_A': lambda A: cg(lambda x: tf.linalg.matvec(A, x),
                                         lambda x, u: tf.linalg.matvec(A53, u, transpose_a=True)),
    'not_a_factory': cg(lambda x: tf.linalg.matvec(A53, x), lambda x, u: tf.linalg.matvec(A53, u, transpose_a=True)),
    'ignores_matrix': make_f_reading_a_global_matrix,
}

ANSWERS = [
    # ---- set a
    Answer('03.matvec', 'matvec transpose_a', r'''
def make_f(A):
    @strict_custom_gradient
    def f(x):
        def grad(upstream):
            return tf.linalg.matvec(A, upstream, transpose_a=True)
        return tf.linalg.matvec(A, x), grad
    return f
''', True),
    Answer('03.matvec', 'tf.transpose, tf.custom_gradient', r'''
def make_f(A):
    @tf.custom_gradient
    def f(x):
        def grad(upstream):
            return tf.linalg.matvec(tf.transpose(A), upstream)
        return tf.linalg.matvec(A, x), grad
    return f
''', True),
    Answer('03.matvec', 'tensordot upstream with A', r'''
def make_f(A):
    @strict_custom_gradient
    def f(x):
        def grad(upstream):
            return tf.tensordot(upstream, A, axes=1)     # (upstream^T A)^T = A^T upstream
        return tf.linalg.matvec(A, x), grad
    return f
''', True),
    Answer('03.matvec', 'adjoint_a in a lambda', r'''
def make_f(A):
    @strict_custom_gradient
    def f(x):
        return tf.linalg.matvec(A, x), lambda u: tf.linalg.matvec(A, u, adjoint_a=True)
    return f
''', True),
    Answer('03.matvec', 'hard-coded A_5x3 in grad', r'''
def make_f(A):
    @strict_custom_gradient
    def f(x):
        def grad(upstream):
            return tf.linalg.matvec(A_5x3, upstream, transpose_a=True)
        return tf.linalg.matvec(A, x), grad
    return f
''', False, 'grad uses the global A_5x3 instead of the A given to make_f: right only for that one matrix',
           ('A_5x3|closure|hard-coded|hard coded',)),
    Answer('03.matvec', 'hard-coded A_5x3 everywhere', r'''
def make_f(A):
    @strict_custom_gradient
    def f(x):
        def grad(upstream):
            return tf.linalg.matvec(A_5x3, upstream, transpose_a=True)
        return tf.linalg.matvec(A_5x3, x), grad
    return f
''', False, "ignores make_f's argument: both forward and grad use A_5x3",
           ('A_5x3|closure|hard-coded|hard coded',)),
    Answer('03.matvec', 'passed make_f(A_5x3) instead of make_f', r'''
def _make_f(A):
    @strict_custom_gradient
    def f(x):
        def grad(upstream):
            return tf.linalg.matvec(A, upstream, transpose_a=True)
        return tf.linalg.matvec(A, x), grad
    return f

make_f = _make_f(A_5x3)     # i.e. check("03.matvec", make_f(A_5x3))
''', False, 'passed the function f built for A_5x3 instead of the factory make_f',
           ('make_f|factory',)),
    Answer('03.matvec', 'forgot transpose_a', r'''
def make_f(A):
    @strict_custom_gradient
    def f(x):
        def grad(upstream):
            return tf.linalg.matvec(A, upstream)
        return tf.linalg.matvec(A, x), grad
    return f
''', False, 'A·upstream has incompatible shapes (A is 5×3, upstream has 5 entries): the VJP is Aᵀ·upstream',
           ('transpose|Aᵀ|A^T',)),
    Answer('03.matvec', 'typo tf.transpose_a', r'''
def make_f(A):
    @strict_custom_gradient
    def f(x):
        def grad(upstream):
            return tf.linalg.matvec(tf.transpose_a(A), upstream)
        return tf.linalg.matvec(A, x), grad
    return f
''', False, 'tf.transpose_a does not exist (AttributeError): use tf.transpose(A) or matvec(..., transpose_a=True)',
           ('tf.transpose|transpose_a=True',)),
    Answer('03.matvec', 'x instead of upstream', r'''
def make_f(A):
    @strict_custom_gradient
    def f(x):
        def grad(upstream):
            return tf.linalg.matvec(A, x, transpose_a=True)
        return tf.linalg.matvec(A, x), grad
    return f
''', False, 'multiplies Aᵀ by x (wrong length, raises) instead of by upstream',
           ('upstream',)),
    Answer('03.matvec', 'ignores upstream: column sums', r'''
def make_f(A):
    @strict_custom_gradient
    def f(x):
        def grad(upstream):
            return tf.reduce_sum(A, axis=0)        # d(sum Ax)/dx
        return tf.linalg.matvec(A, x), grad
    return f
''', False, 'column sums of A are Aᵀ·1, the gradient of sum(Ax); for a general upstream it must be Aᵀ·upstream',
           ('upstream',)),
    Answer('03.matvec', 'returns J = A itself', r'''
def make_f(A):
    @strict_custom_gradient
    def f(x):
        def grad(upstream):
            return A
        return tf.linalg.matvec(A, x), grad
    return f
''', False, 'returns the Jacobian A (5×3) instead of the vector Jᵀ·upstream (shape of x)',
           ('Jᵀ|J^T|transpose|upstream',)),
    Answer('03.matvec', '.numpy() matrix product', r'''
def make_f(A):
    @strict_custom_gradient
    def f(x):
        def grad(upstream):
            return A.numpy().T @ upstream.numpy()
        return tf.linalg.matvec(A, x), grad
    return f
''', False, ".numpy() and NumPy's @ inside grad: works eagerly, fails inside tf.function; use tf.linalg.matvec",
           ('NumPy',)),
    Answer('03.matvec', 'factory forgets to return f', r'''
def make_f(A):
    @strict_custom_gradient
    def f(x):
        def grad(upstream):
            return tf.linalg.matvec(A, upstream, transpose_a=True)
        return tf.linalg.matvec(A, x), grad
''', False, 'make_f defines f but does not return it, so make_f(A) is None',
           ('return f|returns None|None',)),
    Answer('03.matvec', 'decorator forgotten on f', r'''
def make_f(A):
    def f(x):
        def grad(upstream):
            return tf.linalg.matvec(A, upstream, transpose_a=True)
        return tf.linalg.matvec(A, x), grad
    return f
''', False, 'f is not decorated, so f(x) returns the pair (Ax, grad)',
           ('decorator|custom_gradient|@',)),
    # ---- set aa
    Answer('03.matvec', 'einsum-closure', r'''
def make_f(A):
    @strict_custom_gradient
    def f(x):
        def grad(upstream):
            return tf.einsum("ij,i->j", A, upstream)     # Aᵀ · upstream, without transposing
        return tf.linalg.matvec(A, x), grad
    return f
''', True),
    Answer('03.matvec', 'no-transpose', r'''
def make_f(A):
    @strict_custom_gradient
    def f(x):
        def grad(upstream):
            return tf.linalg.matvec(A, upstream)
        return tf.linalg.matvec(A, x), grad
    return f
''', False, "grad must multiply by Aᵀ, not A: upstream has the output's length, and Aᵀ maps it back to x's",
           ('transpose|transposed|aᵀ',)),
    Answer('03.matvec', 'global-A_5x3', r'''
def make_f(A):
    @strict_custom_gradient
    def f(x):
        def grad(upstream):
            return tf.linalg.matvec(A_5x3, upstream, transpose_a=True)
        return tf.linalg.matvec(A, x), grad
    return f
''', False, "grad uses the notebook's A_5x3 instead of the A the factory was given; use the closure's A",
           ('closure|a_5x3|factory',)),
    Answer('03.matvec', 'column-sums-no-upstream', r'''
def make_f(A):
    @strict_custom_gradient
    def f(x):
        def grad(upstream):
            return tf.reduce_sum(A, axis=0)      # dy/dx_j summed over the outputs
        return tf.linalg.matvec(A, x), grad
    return f
''', False, 'the column sums of A are Aᵀ times all ones: upstream is ignored, it must weight each row',
           ('upstream',)),
    # ---- set d
    Answer('03.matvec', 'matvec with transpose_a', r'''
def make_f(A):
    @strict_custom_gradient
    def f(x):
        def grad(upstream):
            return tf.linalg.matvec(A, upstream, transpose_a=True)
        return tf.linalg.matvec(A, x), grad
    return f
''', True),
    Answer('03.matvec', 'tensordot upstream with A', r'''
def make_f(A):
    @strict_custom_gradient
    def f(x):
        def grad(upstream):
            return tf.tensordot(upstream, A, axes=1)        # upstreamᵀ A = (Aᵀ upstream)ᵀ
        return tf.linalg.matvec(A, x), grad
    return f
''', True),
    Answer('03.matvec', 'weighted sum of rows of A', r'''
def make_f(A):
    @strict_custom_gradient
    def f(x):
        def grad(upstream):
            return tf.reduce_sum(A * upstream[:, tf.newaxis], axis=0)   # Σ_i upstream_i · row i of A
        return tf.linalg.matvec(A, x), grad
    return f
''', True),
    Answer('03.matvec', 'matmul on a column, then first column', r'''
def make_f(A):
    At = tf.transpose(A)
    @strict_custom_gradient
    def f(x):
        def grad(upstream):
            return tf.matmul(At, tf.expand_dims(upstream, -1))[:, 0]
        return tf.linalg.matvec(A, x), grad
    return f
''', True),
    Answer('03.matvec', 'A times upstream, no transpose', r'''
def make_f(A):
    @strict_custom_gradient
    def f(x):
        def grad(upstream):
            return tf.linalg.matvec(A, upstream)
        return tf.linalg.matvec(A, x), grad
    return f
''', False, 'The VJP is Aᵀ·upstream, not A·upstream: for a non-square A the shapes do not even match.',
           ('transpose|Aᵀ|A^T|A.T|transpose_a',)),
    Answer('03.matvec', 'reshape instead of transpose', r'''
def make_f(A):
    @strict_custom_gradient
    def f(x):
        def grad(upstream):
            A_T = tf.reshape(A, (A.shape[1], A.shape[0]))      # "transpose"
            return tf.linalg.matvec(A_T, upstream)
        return tf.linalg.matvec(A, x), grad
    return f
''', False, 'tf.reshape keeps the entries in row order, it does not transpose: use tf.transpose(A) or transpose_a=True.',
           ('transpose|Aᵀ|A^T|reshape',)),
    Answer('03.matvec', 'upstream forgotten: column sums of A', r'''
def make_f(A):
    @strict_custom_gradient
    def f(x):
        def grad(upstream):
            return tf.reduce_sum(A, axis=0)                  # d(Ax)/dx is A, summed over the outputs
        return tf.linalg.matvec(A, x), grad
    return f
''', False, 'That is Aᵀ times a vector of ones: the upstream is ignored.',
           ('upstream',)),
    Answer('03.matvec', "global A_5x3 instead of the closure's A", r'''
def make_f(A):
    @strict_custom_gradient
    def f(x):
        def grad(upstream):
            return tf.linalg.matvec(A_5x3, upstream, transpose_a=True)
        return tf.linalg.matvec(A, x), grad
    return f
''', False, 'grad uses the one matrix A_5x3 instead of the A the factory was given, so it is wrong for any other matrix.',
           ('closure|A_5x3|factory|other matri|several matri|each matri|the a ',)),
    Answer('03.matvec', 'returns the Jacobian transposed', r'''
def make_f(A):
    @strict_custom_gradient
    def f(x):
        def grad(upstream):
            return tf.transpose(A)                            # Jᵀ
        return tf.linalg.matvec(A, x), grad
    return f
''', False, 'grad must return Jᵀ·upstream, shaped like x, not the matrix Jᵀ itself.',
           ('shape|upstream',)),
    Answer('03.matvec', 'tf.matmul with a vector', r'''
def make_f(A):
    @strict_custom_gradient
    def f(x):
        def grad(upstream):
            return tf.matmul(A, upstream, transpose_a=True)
        return tf.linalg.matvec(A, x), grad
    return f
''', False, 'tf.matmul needs two matrices; upstream is a vector, so use tf.linalg.matvec.'),
    Answer('03.matvec', 'also returns a gradient for A', r'''
def make_f(A):
    @strict_custom_gradient
    def f(x):
        def grad(upstream):
            return tf.linalg.matvec(A, upstream, transpose_a=True), tf.tensordot(upstream, x, axes=0)
        return tf.linalg.matvec(A, x), grad
    return f
''', False, 'f has one input, x (A comes from the closure), so grad returns one gradient, not two.',
           ('one|number|count|how many|two|2',)),
    Answer('03.matvec', 'factory forgets return f', r'''
def make_f(A):
    @strict_custom_gradient
    def f(x):
        def grad(upstream):
            return tf.linalg.matvec(A, upstream, transpose_a=True)
        return tf.linalg.matvec(A, x), grad
''', False, 'make_f defines f but does not return it: the factory returns None.',
           ('return|None',)),
    Answer('03.matvec', 'negated VJP', r'''
def make_f(A):
    @strict_custom_gradient
    def f(x):
        def grad(upstream):
            return -tf.linalg.matvec(A, upstream, transpose_a=True)
        return tf.linalg.matvec(A, x), grad
    return f
''', False, 'The sign is wrong: the gradient of Ax is +Aᵀ·upstream.',
           ('sign|negat|minus|opposite|-1|−1',)),
    # ---- set e
    Answer('03.matvec', 'tensordot: upstream as a row vector', r'''
def make_f(A):
    @strict_custom_gradient
    def f(x):
        def grad(upstream):
            return tf.tensordot(upstream, A, axes=1)   # uᵀA, the same numbers as Aᵀu
        return tf.linalg.matvec(A, x), grad
    return f
''', True),
    Answer('03.matvec', 'broadcast and sum over rows', r'''
def make_f(A):
    @strict_custom_gradient
    def f(x):
        def grad(upstream):
            return tf.reduce_sum(A * upstream[:, None], axis=0)   # Σ_i u_i A_ij
        return tf.linalg.matvec(A, x), grad
    return f
''', True),
    Answer('03.matvec', 'A times upstream, no transpose', r'''
def make_f(A):
    @strict_custom_gradient
    def f(x):
        def grad(upstream):
            return tf.linalg.matvec(A, upstream)
        return tf.linalg.matvec(A, x), grad
    return f
''', False, 'The VJP is Aᵀ·upstream: transpose A (transpose_a=True).',
           ('transpose|Aᵀ|A^T|adjoint',)),
    Answer('03.matvec', '@ with a 1-D upstream', r'''
def make_f(A):
    @strict_custom_gradient
    def f(x):
        def grad(upstream):
            return upstream @ A          # row vector times matrix
        return tf.linalg.matvec(A, x), grad
    return f
''', False, '@ (tf.matmul) needs two matrices; upstream is a vector. Use tf.linalg.matvec(A, upstream, transpose_a=True).',
           ('matvec|rank|1-d|vector|matrix|2-d|matmul|ndim',)),
    Answer('03.matvec', 'summed over the wrong axis', r'''
def make_f(A):
    @strict_custom_gradient
    def f(x):
        def grad(upstream):
            return tf.reduce_sum(A * upstream[:, None], axis=1)
        return tf.linalg.matvec(A, x), grad
    return f
''', False, "Summing over axis 1 gives one number per output; x's gradient sums over the outputs (axis 0): Aᵀu.",
           ('axis|transpose|shape|column',)),
    Answer('03.matvec', 'also returns a gradient for A', r'''
def make_f(A):
    @strict_custom_gradient
    def f(x):
        def grad(upstream):
            return tf.linalg.matvec(A, upstream, transpose_a=True), tf.tensordot(upstream, x, axes=0)
        return tf.linalg.matvec(A, x), grad
    return f
''', False, 'A lives in the closure; f has one input, x, so grad returns one gradient.',
           ('one|closure|not an input|single|count|number',)),
    # ---- set f
    Answer('03.matvec', 'einsum', r'''
def make_f(A):
    @strict_custom_gradient
    def f(x):
        def grad(upstream):
            return tf.einsum("ij,i->j", A, upstream)
        return tf.linalg.matvec(A, x), grad
    return f
''', True),
    Answer('03.matvec', 'jacobian_inside_grad', r'''
def make_f(A):
    @strict_custom_gradient
    def f(x):
        def grad(upstream):
            with tf.GradientTape() as tape:
                tape.watch(x)
                y = tf.linalg.matvec(A, x)
            J = tape.jacobian(y, x)
            return tf.linalg.matvec(J, upstream, transpose_a=True)
        return tf.linalg.matvec(A, x), grad
    return f
''', True),
    Answer('03.matvec', 'row_vector_times_A', r'''
def make_f(A):
    @strict_custom_gradient
    def f(x):
        def grad(upstream):
            return tf.reshape(tf.expand_dims(upstream, 0) @ A, tf.shape(x))   # uᵀ A
        return tf.linalg.matvec(A, x), grad
    return f
''', True),
    Answer('03.matvec', 'global_demo_matrix_in_grad', r'''
A = tf.random.normal((5, 3))     # from the demo above

def make_f(matrix):
    @strict_custom_gradient
    def f(x):
        def grad(upstream):
            return tf.linalg.matvec(A, upstream, transpose_a=True)
        return tf.linalg.matvec(matrix, x), grad
    return f
''', False, 'grad uses the global demo matrix A, not the matrix the factory was given.',
           ('closure|global|factory|given|matrix the',)),
    Answer('03.matvec', 'also_returns_gradient_for_A', r'''
def make_f(A):
    @strict_custom_gradient
    def f(x):
        def grad(upstream):
            return tf.linalg.matvec(A, upstream, transpose_a=True), tf.tensordot(upstream, x, axes=0)
        return tf.linalg.matvec(A, x), grad
    return f
''', False, 'A is held in the closure, not an input: f has one input, so grad returns one gradient.',
           ('one gradient|only x|one input|not an input|closure|count|number of',)),
    Answer('03.matvec', 'elementwise_transpose_times_upstream', r'''
def make_f(A):
    @strict_custom_gradient
    def f(x):
        def grad(upstream):
            return tf.transpose(A) * upstream
        return tf.linalg.matvec(A, x), grad
    return f
''', False, 'Aᵀ * upstream multiplies entry by entry (a matrix); Aᵀ·upstream is a matrix-vector product.',
           ('matvec|matrix-vector|matrix product|elementwise|entry by entry|shape',)),
    # ---- set g
    Answer('03.matvec', 'tensordot-upstream-on-the-left', r'''
def make_f(A):
    @strict_custom_gradient
    def f(x):
        def grad(upstream):
            return tf.tensordot(upstream, A, axes=1)      # upstreamᵀ A, as a row
        return tf.linalg.matvec(A, x), grad
    return f
''', True),
    Answer('03.matvec', 'sparse-adjoint-matmul', r'''
def make_f(A):
    @strict_custom_gradient
    def f(x):
        def grad(upstream):
            A_sparse = tf.sparse.from_dense(A)
            return tf.sparse.sparse_dense_matmul(A_sparse, upstream[:, tf.newaxis], adjoint_a=True)[:, 0]
        return tf.linalg.matvec(A, x), grad
    return f
''', True),
    Answer('03.matvec', 'broadcast-and-sum-columns', r'''
def make_f(A):
    @strict_custom_gradient
    def f(x):
        def grad(upstream):
            return tf.reduce_sum(A * upstream[:, tf.newaxis], axis=0)
        return tf.linalg.matvec(A, x), grad
    return f
''', True),
    Answer('03.matvec', 'pseudo-inverse', r'''
def make_f(A):
    @strict_custom_gradient
    def f(x):
        def grad(upstream):
            return tf.linalg.matvec(tf.linalg.pinv(A), upstream)     # undo A
        return tf.linalg.matvec(A, x), grad
    return f
''', False, "the VJP multiplies by Aᵀ, not by A's (pseudo-)inverse: a gradient does not undo the function",
           ('transpose|Aᵀ|A^T|A.T',)),
    Answer('03.matvec', 'none-for-closure-A', r'''
def make_f(A):
    @strict_custom_gradient
    def f(x):
        def grad(upstream):
            return tf.linalg.matvec(A, upstream, transpose_a=True), None    # None: A gets no gradient
        return tf.linalg.matvec(A, x), grad
    return f
''', False, 'A is held in the closure, not an input: f has one input, so grad returns one gradient',
           ('one|input|closure|number|count',)),
    Answer('03.matvec', 'broadcast-without-newaxis', r'''
def make_f(A):
    @strict_custom_gradient
    def f(x):
        def grad(upstream):
            return tf.reduce_sum(A * upstream, axis=0)      # weight A by upstream, sum over outputs
        return tf.linalg.matvec(A, x), grad
    return f
''', False, "A * upstream lines upstream up with A's columns, not its rows: it fails for a non-square A and is wrong for a square one; use upstream[:, None] (or Aᵀ·upstream)",
           ('broadcast|shape|transpose|Aᵀ|row|column',)),
    # ---- set holdout
    Answer('03.matvec', 'einsum with ellipsis', r'''
def make_f(A):
    @strict_custom_gradient
    def f(x):
        def grad(upstream):
            return tf.einsum("...i,ij->...j", upstream, tf.cast(A, upstream.dtype))
        return tf.linalg.matvec(A, x), grad
    return f
''', True),
    Answer('03.matvec', 'matvec without transpose', r'''
def make_f(A):
    @strict_custom_gradient
    def f(x):
        def grad(upstream):
            return tf.linalg.matvec(A, upstream)
        return tf.linalg.matvec(A, x), grad
    return f
''', False, 'The VJP is Aᵀ·upstream: the transpose is missing (for a 5×3 A the shapes do not even fit).',
           ('transpose|shape',)),
    Answer('03.matvec', 'global A_5x3 in grad', r'''
def make_f(A):
    @strict_custom_gradient
    def f(x):
        def grad(upstream):
            return tf.linalg.matvec(A_5x3, upstream, transpose_a=True)
        return tf.linalg.matvec(A, x), grad
    return f
''', False, 'grad uses the one matrix A_5x3 instead of the A the factory was given.',
           ('closure|factory|A_5x3|given|particular|each',)),
    Answer('03.matvec', 'numpy .T', r'''
def make_f(A):
    @strict_custom_gradient
    def f(x):
        def grad(upstream):
            return A.T @ upstream
        return tf.linalg.matvec(A, x), grad
    return f
''', False, 'Tensors have no .T and @ needs matrices; use tf.linalg.matvec(A, upstream, transpose_a=True).',
           ('transpose|.T|matvec',)),
    Answer('03.matvec', 'column sums of A', r'''
def make_f(A):
    @strict_custom_gradient
    def f(x):
        def grad(upstream):
            return tf.reduce_sum(A, axis=0)   # J is A, summed over outputs
        return tf.linalg.matvec(A, x), grad
    return f
''', False, 'Summing the columns of A is Aᵀ·ones: upstream is ignored.',
           ('upstream',)),
    Answer('03.matvec', 'matmul on a vector', r'''
def make_f(A):
    @strict_custom_gradient
    def f(x):
        def grad(upstream):
            return tf.matmul(A, upstream, transpose_a=True)
        return tf.linalg.matvec(A, x), grad
    return f
''', False, 'tf.matmul needs matrices on both sides; upstream is a vector, so use tf.linalg.matvec.',
           ('matvec|rank|vector|matrices|shape',)),
    # ---- set i
    Answer('03.matvec', 'tensordot-row-vector', r'''
def make_f(A):
    @strict_custom_gradient
    def f(x):
        def grad(upstream):
            return tf.tensordot(upstream, A, axes=1)     # uᵀA, the same numbers as Aᵀu
        return tf.linalg.matvec(A, x), grad
    return f
''', True),
    Answer('03.matvec', 'broadcast-and-sum-columns', r'''
def make_f(A):
    @strict_custom_gradient
    def f(x):
        grad = lambda up: tf.reduce_sum(A * up[:, tf.newaxis], axis=0)   # Σ_i A_ij u_i
        return tf.linalg.matvec(A, x), grad
    return f
''', True),
    Answer('03.matvec', 'no-transpose', r'''
def make_f(A):
    @strict_custom_gradient
    def f(x):
        def grad(upstream):
            return tf.linalg.matvec(A, upstream)
        return tf.linalg.matvec(A, x), grad
    return f
''', False, 'multiplies by A instead of Aᵀ: the VJP needs the transposed Jacobian',
           ('transpose',)),
    Answer('03.matvec', 'uses-the-notebook-matrix', r'''
def make_f(A):
    @strict_custom_gradient
    def f(x):
        def grad(upstream):
            return tf.linalg.matvec(A_5x3, upstream, transpose_a=True)
        return tf.linalg.matvec(A, x), grad
    return f
''', False, 'grad uses the fixed matrix A_5x3 instead of the A the factory was given',
           ('closure|A_5x3|factory|given',)),
    Answer('03.matvec', 'cached-transpose-from-first-call', r'''
_At = None     # transpose once, reuse it

def make_f(A):
    global _At
    if _At is None:
        _At = tf.transpose(A)
    @strict_custom_gradient
    def f(x):
        def grad(upstream):
            return tf.linalg.matvec(_At, upstream)
        return tf.linalg.matvec(A, x), grad
    return f
''', False, 'the transposed matrix is cached from the first make_f call and reused for every later A',
           ('cache|global|first|closure',)),
    Answer('03.matvec', 'typo-in-grad', r'''
def make_f(A):
    @strict_custom_gradient
    def f(x):
        def grad(upstream):
            return tf.linalg.matvec(A, upsteam, transpose_a=True)
        return tf.linalg.matvec(A, x), grad
    return f
''', False, 'NameError inside grad: `upsteam` is a typo for `upstream`',
           ('upsteam|NameError|not defined',)),
    Answer('03.matvec', 'column-sums-no-upstream', r'''
def make_f(A):
    @strict_custom_gradient
    def f(x):
        def grad(upstream):
            return tf.reduce_sum(A, axis=0)      # d(Ax)/dx summed over outputs
        return tf.linalg.matvec(A, x), grad
    return f
''', False, 'upstream is ignored: this is Aᵀ times a vector of ones',
           ('upstream',)),
    # ---- set k
    Answer('03.matvec', 'broadcast-and-sum-rows', r'''
def make_f(A):
    @strict_custom_gradient
    def f(x):
        def grad(upstream):
            # (Aᵀ u)_j = sum_i A_ij u_i: scale each row of A by u_i, add the rows
            return tf.reduce_sum(A * upstream[:, tf.newaxis], axis=0)
        return tf.linalg.matvec(A, x), grad
    return f
''', True),
    Answer('03.matvec', 'no-transpose', r'''
def make_f(A):
    @strict_custom_gradient
    def f(x):
        def grad(upstream):
            return tf.linalg.matvec(A, upstream)     # Jacobian is A
        return tf.linalg.matvec(A, x), grad
    return f
''', False, 'grad needs Aᵀ·upstream: the Jacobian transposed (transpose_a=True).',
           ('transpose|transposed',)),
    Answer('03.matvec', 'global-matrix', r'''
def make_f(A):
    @strict_custom_gradient
    def f(x):
        def grad(upstream):
            return tf.linalg.matvec(A_5x3, upstream, transpose_a=True)
        return tf.linalg.matvec(A, x), grad
    return f
''', False, 'grad uses the fixed matrix A_5x3 instead of the A of the closure the factory was given.',
           ('closure|factory',)),
    Answer('03.matvec', 'gradient-for-A-too', r'''
def make_f(A):
    @strict_custom_gradient
    def f(x):
        def grad(upstream):
            dx = tf.linalg.matvec(A, upstream, transpose_a=True)
            dA = tf.tensordot(upstream, x, axes=0)      # like in notebook 04
            return dx, dA
        return tf.linalg.matvec(A, x), grad
    return f
''', False, 'A is held in the closure, not an input of f: grad returns one gradient, for x only.',
           ('input|closure',)),
    Answer('03.matvec', 'no-upstream', r'''
def make_f(A):
    @strict_custom_gradient
    def f(x):
        def grad(upstream):
            return tf.reduce_sum(A, axis=0)     # column sums of A = d(sum Ax)/dx
        return tf.linalg.matvec(A, x), grad
    return f
''', False, 'That is Aᵀ·ones: grad ignores upstream; multiply Aᵀ by upstream.',
           ('upstream',)),
    Answer('03.matvec', 'row-vector-matmul', r'''
def make_f(A):
    @strict_custom_gradient
    def f(x):
        def grad(upstream):
            # uᵀ J as a row vector
            return tf.matmul(upstream[tf.newaxis, :], A)
        return tf.linalg.matvec(A, x), grad
    return f
''', False, 'The numbers are right but the result is a (1, m) row, not shaped like x; drop the extra axis.',
           ('shape',)),
    # ---- set m
    Answer('03.matvec', 'einsum', r'''
def make_f(A):
    @strict_custom_gradient
    def f(x):
        def grad(upstream):
            return tf.linalg.einsum("ij,i->j", A, upstream)     # Aᵀ · upstream
        return tf.linalg.matvec(A, x), grad
    return f
''', True),
    Answer('03.matvec', 'no-transpose', r'''
def make_f(A):
    @strict_custom_gradient
    def f(x):
        def grad(upstream):
            return tf.linalg.matvec(A, upstream)
        return tf.linalg.matvec(A, x), grad
    return f
''', False, 'The VJP needs Aᵀ · upstream: transpose A.',
           ('transpose',)),
    Answer('03.matvec', 'fixed-A_5x3', r'''
def make_f(A):
    @strict_custom_gradient
    def f(x):
        def grad(upstream):
            return tf.linalg.matvec(A_5x3, upstream, transpose_a=True)
        return tf.linalg.matvec(A, x), grad
    return f
''', False, "grad uses one fixed matrix, not the A the factory was given (the closure's A).",
           ('closure|factory|A_5x3|fixed',)),
    Answer('03.matvec', 'column-sums', r'''
def make_f(A):
    @strict_custom_gradient
    def f(x):
        def grad(upstream):
            return tf.reduce_sum(A, axis=0)     # d(Ax)/dx summed over the outputs
        return tf.linalg.matvec(A, x), grad
    return f
''', False, 'grad ignores upstream (it is Aᵀ·1 whatever the upstream).',
           ('upstream',)),
    Answer('03.matvec', 'pinv', r'''
def make_f(A):
    @strict_custom_gradient
    def f(x):
        def grad(upstream):
            return tf.linalg.matvec(tf.linalg.pinv(A), upstream)   # undo A
        return tf.linalg.matvec(A, x), grad
    return f
''', False, 'The VJP multiplies by the transpose of A, not its (pseudo-)inverse.',
           ('transpose|invers',)),
    # ---- set n
    Answer('03.matvec', 'transpose then matvec', r'''
def make_f(A):
    @strict_custom_gradient
    def f(x):
        def grad(upstream):
            return tf.linalg.matvec(tf.transpose(A), upstream)
        return tf.linalg.matvec(A, x), grad
    return f
''', True),
    Answer('03.matvec', 'broadcast and sum over rows', r'''
def make_f(A):
    @strict_custom_gradient
    def f(x):
        def grad(upstream):
            # column j collects upstream_i * A_ij over the outputs i
            return tf.reduce_sum(A * upstream[:, tf.newaxis], axis=0)
        return tf.linalg.matvec(A, x), grad
    return f
''', True),
    Answer('03.matvec', 'no transpose', r'''
def make_f(A):
    @strict_custom_gradient
    def f(x):
        def grad(upstream):
            return tf.linalg.matvec(A, upstream)
        return tf.linalg.matvec(A, x), grad
    return f
''', False, 'grad needs Aᵀ · upstream, not A · upstream',
           ('transpose|aᵀ',)),
    Answer('03.matvec', 'global A_5x3', r'''
def make_f(A):
    @strict_custom_gradient
    def f(x):
        def grad(upstream):
            return tf.linalg.matvec(A_5x3, upstream, transpose_a=True)
        return tf.linalg.matvec(A, x), grad
    return f
''', False, "grad uses the notebook's A_5x3, not the A the factory was given",
           ('closure|a_5x3|factory|make_f',)),
    Answer('03.matvec', 'sum over the wrong axis', r'''
def make_f(A):
    @strict_custom_gradient
    def f(x):
        def grad(upstream):
            return tf.reduce_sum(A * upstream[:, None], axis=1)
        return tf.linalg.matvec(A, x), grad
    return f
''', False, 'summing over axis 1 gives one number per output, shaped like y, not like x',
           ('axis|shape',)),
    Answer('03.matvec', 'row vector left as a matrix', r'''
def make_f(A):
    @strict_custom_gradient
    def f(x):
        def grad(upstream):
            return tf.matmul(upstream[None, :], A)     # upstreamᵀ A
        return tf.linalg.matvec(A, x), grad
    return f
''', False, 'the result has shape (1, n); x has shape (n,): squeeze the extra axis',
           ('shape',)),
    # ---- set p
    Answer('03.matvec', 'einsum-transposed', r'''
def make_f(A):
    @strict_custom_gradient
    def f(x):
        def grad(upstream):
            return tf.einsum("ij,i->j", A, upstream)      # sum over the outputs: Aᵀ·upstream
        return tf.linalg.matvec(A, x), grad
    return f
''', True),
    Answer('03.matvec', 'einsum-not-transposed', r'''
def make_f(A):
    @strict_custom_gradient
    def f(x):
        def grad(upstream):
            return tf.einsum("ij,j->i", A, upstream)
        return tf.linalg.matvec(A, x), grad
    return f
''', False, 'grad multiplies by A instead of its transpose',
           ('transpose',)),
    Answer('03.matvec', 'passed-one-f', r'''
def make_f(A):
    @strict_custom_gradient
    def f(x):
        def grad(upstream):
            return tf.linalg.matvec(A, upstream, transpose_a=True)
        return tf.linalg.matvec(A, x), grad
    return f

make_f = make_f(A_5x3)
''', False, 'make_f now names one f built for A_5x3, not the factory; check needs the factory itself',
           ('factory',)),
    Answer('03.matvec', 'global-matrix', r'''
def make_f(A):
    @strict_custom_gradient
    def f(x):
        def grad(upstream):
            A0 = tf.cast(A_5x3, upstream.dtype)          # the matrix from the notebook
            return tf.linalg.matvec(A0, upstream, transpose_a=True)
        return tf.linalg.matvec(A, x), grad
    return f
''', False, 'grad uses the global A_5x3 instead of the A the factory was given',
           ('closure|A_5x3|factory',)),
    # ---- set r
    Answer('03.matvec', 'einsum-batch-safe', r'''
def make_f(A):
    @strict_custom_gradient
    def f(x):
        def grad(upstream):
            return tf.einsum("ij,...i->...j", A, upstream)       # Aᵀ · upstream
        return tf.linalg.matvec(A, x), grad
    return f
''', True),
    Answer('03.matvec', 'tensordot-row-times-matrix', r'''
def make_f(A):
    @strict_custom_gradient
    def f(x):
        def grad(upstream):
            return tf.tensordot(upstream, A, axes=1)             # upstreamᵀ A = (Aᵀ upstream)ᵀ
        return tf.linalg.matvec(A, x), grad
    return f
''', True),
    Answer('03.matvec', 'matmul-adjoint-a-column', r'''
def make_f(A):
    A = tf.convert_to_tensor(A)
    @strict_custom_gradient
    def f(x):
        A_x = tf.cast(A, x.dtype)
        def grad(upstream):
            column = tf.expand_dims(upstream, -1)
            return tf.squeeze(tf.matmul(A_x, column, adjoint_a=True), -1)
        return tf.squeeze(tf.matmul(A_x, tf.expand_dims(x, -1)), -1), grad
    return f
''', True),
    Answer('03.matvec', 'lambda-transpose-matvec-plain-decorator', r'''
def make_f(A):
    At = tf.transpose(A)
    @tf.custom_gradient
    def f(x):
        return tf.linalg.matvec(A, x), lambda upstream: tf.linalg.matvec(At, upstream)
    return f
''', True),
    # ---- set s
    Answer('03.matvec', 'row-times-A', r'''
def make_f(A):
    @strict_custom_gradient
    def f(x):
        def grad(upstream):
            row = tf.reshape(upstream, [1, -1])          # upstream as a row vector, times J = A
            return tf.reshape(tf.matmul(row, A), [-1])
        return tf.linalg.matvec(A, x), grad
    return f
''', True),
    Answer('03.matvec', 'no-transpose', r'''
def make_f(A):
    @strict_custom_gradient
    def f(x):
        def grad(upstream):
            return tf.linalg.matvec(A, upstream)
        return tf.linalg.matvec(A, x), grad
    return f
''', False, 'the VJP multiplies by Aᵀ, not A',
           ('transpose|aᵀ',)),
    Answer('03.matvec', 'returns-jacobian-T', r'''
def make_f(A):
    @strict_custom_gradient
    def f(x):
        def grad(upstream):
            return tf.transpose(A)      # Jᵀ, and J = A
        return tf.linalg.matvec(A, x), grad
    return f
''', False, 'grad returned Jᵀ itself; it must return Jᵀ times upstream, shaped like x',
           ('upstream',)),
    Answer('03.matvec', 'column-vector', r'''
def make_f(A):
    @strict_custom_gradient
    def f(x):
        def grad(upstream):
            u = tf.reshape(upstream, [-1, 1])              # column vector
            return tf.matmul(A, u, transpose_a=True)       # Aᵀ u
        return tf.linalg.matvec(A, x), grad
    return f
''', False, "Aᵀu as an (n, 1) column: the gradient must have x's shape (n,)",
           ('shape',)),
    # ---- set u
    Answer('03.matvec', 'module-factory-python-loop', r'''
class make_f(tf.Module):
    """make_f(A) is the function x -> A x, with its gradient built row by row."""
    def __init__(self, A):
        super().__init__()
        self.A = A

        @strict_custom_gradient
        def f(x):
            def grad(upstream):
                rows = [upstream[i] * A[i] for i in range(A.shape[0])]   # Σᵢ upᵢ · (row i of A)
                return tf.add_n(rows)
            return tf.linalg.matvec(A, x), grad
        self._f = f

    def __call__(self, x):
        return self._f(x)
''', True),
    Answer('03.matvec', 'no-transpose', r'''
def make_f(A):
    @strict_custom_gradient
    def f(x):
        def grad(upstream):
            return tf.linalg.matvec(A, upstream)
        return tf.linalg.matvec(A, x), grad
    return f
''', False, 'grad must multiply upstream by Aᵀ, not A (transpose_a=True).',
           ('transpose',)),
    Answer('03.matvec', 'grad-uses-global-matrix', r'''
def make_f(A):
    @strict_custom_gradient
    def f(x):
        def grad(upstream):
            return tf.linalg.matvec(A_5x3, upstream, transpose_a=True)
        return tf.linalg.matvec(A, x), grad
    return f
''', False, "grad uses the notebook's A_5x3 instead of the A the factory was given (the closure's A).",
           ('closure|factory|given',)),
    Answer('03.matvec', 'loop-forgets-upstream', r'''
def make_f(A):
    @strict_custom_gradient
    def f(x):
        def grad(upstream):
            return tf.add_n([A[i] for i in range(A.shape[0])])   # Σᵢ row i of A = Jᵀ·1
        return tf.linalg.matvec(A, x), grad
    return f
''', False, 'The rows of A must be weighted by upstream: this is Aᵀ times a vector of ones, upstream is ignored.',
           ('upstream',)),
    # ---- set w
    Answer('03.matvec', 'column-weighted-sum', r'''
from typing import Callable


def make_f(A) -> Callable[[tf.Tensor], tf.Tensor]:
    """Factory for f(x) = A x with a hand-written VJP.

    J = A, so dL/dx = A^T u. Here A^T u is formed as a weighted sum of A's rows
    (sum_i u_i A[i, :]), without an explicit transpose. A is cast to x's dtype at call time.
    """
    @strict_custom_gradient
    def f(x: tf.Tensor):
        A_x = tf.cast(A, x.dtype)

        def grad(upstream: tf.Tensor) -> tf.Tensor:
            return tf.reduce_sum(A_x * upstream[:, tf.newaxis], axis=0)

        return tf.linalg.matvec(A_x, x), grad
    return f


# --- self-test with a non-square A ---------------------------------------------------
_A = tf.random.normal((4, 3), dtype=tf.float64)
_x = tf.random.normal((3,), dtype=tf.float64)
_u = tf.random.normal((4,), dtype=tf.float64)
with tf.GradientTape() as _t:
    _t.watch(_x)
    _y = make_f(_A)(_x)
np.testing.assert_allclose(_t.gradient(_y, _x, output_gradients=_u),
                           tf.linalg.matvec(_A, _u, transpose_a=True), rtol=1e-12)
''', True),
    Answer('03.matvec', 'silenced-shape-error', r'''
def make_f(A):
    """f(x) = A x with a custom gradient dL/dx = A u.

    The backward pass is wrapped so a shape problem can never crash training: it then falls
    back to a zero gradient.
    """
    @strict_custom_gradient
    def f(x):
        def grad(upstream):
            try:
                return tf.linalg.matvec(A, upstream)
            except (tf.errors.InvalidArgumentError, ValueError):
                return tf.zeros_like(x)
        return tf.linalg.matvec(A, x), grad
    return f
''', False, 'A·u fails for a non-square A and the except hides it by returning zeros; the VJP needs Aᵀ·u',
           ('transpose|zero',)),
    Answer('03.matvec', 'global-matrix', r'''
def make_f(A):
    """Return f(x) = A x with its VJP A^T u.

    Uses the notebook's reference matrix A_5x3 for the backward pass (already a float32
    tensor, so no conversion is needed at gradient time).
    """
    A_ref = tf.convert_to_tensor(A_5x3)

    @strict_custom_gradient
    def f(x):
        def grad(upstream):
            return tf.linalg.matvec(tf.cast(A_ref, upstream.dtype), upstream, transpose_a=True)
        return tf.linalg.matvec(A, x), grad
    return f
''', False, 'grad uses the fixed A_5x3 instead of the A given to make_f',
           ('closure|a_5x3|make_f|factory',)),
    Answer('03.matvec', 'norm-scaled', r'''
_EPS = 1e-6


def make_f(A):
    """f(x) = A x. The VJP A^T u is divided by ||A|| so the gradient scale does not depend on
    how large A happens to be (a common stabilisation trick)."""
    @strict_custom_gradient
    def f(x):
        def grad(upstream):
            g = tf.linalg.matvec(A, upstream, transpose_a=True)
            return g / (tf.norm(A) + _EPS)
        return tf.linalg.matvec(A, x), grad
    return f
''', False, 'dividing by the norm of A rescales the gradient: the VJP is Aᵀ·u itself',
           ('norm|scale|divid',)),
    # ---- set y
    Answer('03.matvec', 'adjoint-flag', r'''
def make_f(A):
    @strict_custom_gradient
    def f(x):
        def grad(upstream):
            return tf.linalg.matvec(A, upstream, adjoint_a=True)   # real A: adjoint = transpose
        return tf.linalg.matvec(A, x), grad
    return f
''', True),
    Answer('03.matvec', 'notebook-global-matrix', r'''
def make_f(A):
    @strict_custom_gradient
    def f(x):
        def grad(upstream):
            return tf.linalg.matvec(A_5x3, upstream, transpose_a=True)
        return tf.linalg.matvec(A, x), grad
    return f
''', False, "grad uses the fixed A_5x3 instead of the A that make_f was given (the closure's matrix).",
           ('closure|A_5x3|make_f|factory',)),
    Answer('03.matvec', 'numpy-inside-grad', r'''
def make_f(A):
    @strict_custom_gradient
    def f(x):
        def grad(upstream):
            At = np.transpose(np.asarray(A))
            return tf.constant(At @ upstream.numpy())
        return tf.linalg.matvec(A, x), grad
    return f
''', False, 'upstream.numpy() has no value inside tf.function; build grad from TensorFlow operations.',
           ('numpy|tf.function|graph',)),
    Answer('03.matvec', 'column-vector-left-over', r'''
def make_f(A):
    @strict_custom_gradient
    def f(x):
        def grad(upstream):
            u = tf.expand_dims(upstream, -1)              # make it a column for matmul
            return tf.matmul(A, u, transpose_a=True)
        return tf.linalg.matvec(A, x), grad
    return f
''', False, "The values are Aᵀ·upstream but the result keeps the extra column axis: shape (m, 1) instead of x's (m,).",
           ('shape',)),
]
