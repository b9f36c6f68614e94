"""Exercise 04.quadratic_form: a wrong answer for each mistake it names, and answers written from the learner's side."""

import tensorflow as tf

from answer_kit import Answer, cg, xAx

KEY = "04.quadratic_form"

MISTAKES = {
    'symmetric_formula': cg(xAx, lambda x, A, u: (u * 2 * tf.linalg.matvec(A, x), u * tf.tensordot(x, x, 0))),
    'upstream_ignored': cg(xAx, lambda x, A, u: (tf.linalg.matvec(A + tf.transpose(A), x),
                                                         tf.tensordot(x, x, 0))),
    'count': cg(xAx, lambda x, A, u: u * tf.linalg.matvec(A + tf.transpose(A), x)),
    'constant_factor': cg(xAx, lambda x, A, u: (2 * u * tf.linalg.matvec(A + tf.transpose(A), x),
                                                        2 * u * tf.tensordot(x, x, 0))),
    'one_term': cg(xAx, lambda x, A, u: (u * tf.linalg.matvec(A, x), u * tf.tensordot(x, x, 0))),
    'order': cg(xAx, lambda x, A, u: (u * tf.tensordot(x, x, 0), u * tf.linalg.matvec(A + tf.transpose(A), x))),
    'A_in_its_gradient': cg(xAx, lambda x, A, u: (
        u * tf.linalg.matvec(A + tf.transpose(A), x), u * tf.tensordot(x, tf.linalg.matvec(A, x), 0))),
}

ANSWERS = [
    # ---- set a
    Answer('04.quadratic_form', 'Ax + A^T x, tensordot outer', r'''
@strict_custom_gradient
def quadratic_form(x, A):
    def grad(upstream):
        dx = upstream * (tf.linalg.matvec(A, x) + tf.linalg.matvec(A, x, transpose_a=True))
        dA = upstream * tf.tensordot(x, x, axes=0)
        return dx, dA
    return tf.tensordot(x, tf.linalg.matvec(A, x), axes=1), grad
''', True),
    Answer('04.quadratic_form', '(A + A^T) x, einsum outer', r'''
@strict_custom_gradient
def quadratic_form(x, A):
    def grad(upstream):
        dx = upstream * tf.linalg.matvec(A + tf.transpose(A), x)
        dA = upstream * tf.einsum("i,j->ij", x, x)
        return dx, dA
    return tf.tensordot(x, tf.linalg.matvec(A, x), axes=1), grad
''', True),
    Answer('04.quadratic_form', 'tf.custom_gradient, broadcasting outer, list', r'''
@tf.custom_gradient
def quadratic_form(x, A):
    Ax = tf.linalg.matvec(A, x)
    xA = tf.linalg.matvec(tf.transpose(A), x)     # (x^T A)^T
    def grad(upstream):
        return [upstream * (Ax + xA), upstream * x[:, None] * x[None, :]]
    return tf.tensordot(x, Ax, axes=1), grad
''', True),
    Answer('04.quadratic_form', 'symmetric formula 2Ax', r'''
@strict_custom_gradient
def quadratic_form(x, A):
    def grad(upstream):
        return upstream * 2 * tf.linalg.matvec(A, x), upstream * tf.tensordot(x, x, axes=0)
    return tf.tensordot(x, tf.linalg.matvec(A, x), axes=1), grad
''', False, '2Ax holds only for symmetric A; in general dq/dx = (A + Aᵀ)x',
           ('symmetric|Aᵀ|A^T|transpose',)),
    Answer('04.quadratic_form', '2 A^T x', r'''
@strict_custom_gradient
def quadratic_form(x, A):
    def grad(upstream):
        return upstream * 2 * tf.linalg.matvec(A, x, transpose_a=True), upstream * tf.tensordot(x, x, axes=0)
    return tf.tensordot(x, tf.linalg.matvec(A, x), axes=1), grad
''', False, '2Aᵀx is as wrong as 2Ax for non-symmetric A: dq/dx = (A + Aᵀ)x',
           ('symmetric|A + Aᵀ|A + A^T|both',)),
    Answer('04.quadratic_form', 'only Ax (one product-rule term)', r'''
@strict_custom_gradient
def quadratic_form(x, A):
    def grad(upstream):
        return upstream * tf.linalg.matvec(A, x), upstream * tf.tensordot(x, x, axes=0)
    return tf.tensordot(x, tf.linalg.matvec(A, x), axes=1), grad
''', False, 'x appears twice in xᵀAx; only the term from the second x (Ax) is there, Aᵀx from the first is missing',
           ('Aᵀ|A^T|transpose|product rule|both',)),
    Answer('04.quadratic_form', 'forgot upstream on dA', r'''
@strict_custom_gradient
def quadratic_form(x, A):
    def grad(upstream):
        dx = upstream * tf.linalg.matvec(A + tf.transpose(A), x)
        dA = tf.tensordot(x, x, axes=0)
        return dx, dA
    return tf.tensordot(x, tf.linalg.matvec(A, x), axes=1), grad
''', False, 'dL/dA is upstream · x xᵀ; the upstream factor is missing there',
           ('upstream',)),
    # feedback names the concept, not the answer the author's words would give away
    Answer('04.quadratic_form', 'inner product instead of outer', r'''
@strict_custom_gradient
def quadratic_form(x, A):
    def grad(upstream):
        dx = upstream * tf.linalg.matvec(A + tf.transpose(A), x)
        dA = upstream * tf.tensordot(x, x, axes=1)
        return dx, dA
    return tf.tensordot(x, tf.linalg.matvec(A, x), axes=1), grad
''', False, 'tensordot(x, x, axes=1) is the scalar xᵀx; dL/dA is the outer product x xᵀ (axes=0), shaped like A',
           ('shape',)),
    Answer('04.quadratic_form', 'only dL/dx returned', r'''
@strict_custom_gradient
def quadratic_form(x, A):
    def grad(upstream):
        return upstream * tf.linalg.matvec(A + tf.transpose(A), x)
    return tf.tensordot(x, tf.linalg.matvec(A, x), axes=1), grad
''', False, 'two inputs need two gradients: dL/dA = upstream · x xᵀ is missing',
           ('two|2 input|each input|one per input|dL/dA',)),
    Answer('04.quadratic_form', 'gradients in the wrong order', r'''
@strict_custom_gradient
def quadratic_form(x, A):
    def grad(upstream):
        dx = upstream * tf.linalg.matvec(A + tf.transpose(A), x)
        dA = upstream * tf.tensordot(x, x, axes=0)
        return dA, dx
    return tf.tensordot(x, tf.linalg.matvec(A, x), axes=1), grad
''', False, 'gradients must come in the order of the inputs (x, A); they are swapped',
           ('order|swap',)),
    Answer('04.quadratic_form', 'A @ x with a vector', r'''
@strict_custom_gradient
def quadratic_form(x, A):
    def grad(upstream):
        dx = upstream * (A @ x + tf.transpose(A) @ x)
        dA = upstream * tf.tensordot(x, x, axes=0)
        return dx, dA
    return tf.tensordot(x, tf.linalg.matvec(A, x), axes=1), grad
''', False, '@ (tf.matmul) needs matrices: with a 1-D x it raises; use tf.linalg.matvec',
           ('matvec|rank|shape|1-D|vector',)),
    Answer('04.quadratic_form', 'np.outer for dA', r'''
@strict_custom_gradient
def quadratic_form(x, A):
    def grad(upstream):
        dx = upstream * tf.linalg.matvec(A + tf.transpose(A), x)
        dA = upstream * np.outer(x, x)
        return dx, dA
    return tf.tensordot(x, tf.linalg.matvec(A, x), axes=1), grad
''', False, 'np.outer on tensors works eagerly but fails inside tf.function; use tf.tensordot(x, x, axes=0)',
           ('NumPy',)),
    Answer('04.quadratic_form', 'plain autodiff, no custom gradient', r'''
def quadratic_form(x, A):
    return tf.tensordot(x, tf.linalg.matvec(A, x), axes=1)
''', False, 'no custom gradient: autodiff computes both gradients; the exercise asks you to write them',
           ('custom_gradient|custom gradient|decorator|grad',)),
    # ---- set aa
    Answer('04.quadratic_form', 'einsum-both', r'''
@strict_custom_gradient
def quadratic_form(x, A):
    def grad(upstream):
        dx = upstream * tf.einsum("ij,j->i", A + tf.transpose(A), x)   # x meets A from both sides
        dA = upstream * tf.einsum("i,j->ij", x, x)
        return dx, dA
    return tf.tensordot(x, tf.linalg.matvec(A, x), axes=1), grad
''', True),
    Answer('04.quadratic_form', 'assumes-symmetric', r'''
@strict_custom_gradient
def quadratic_form(x, A):
    def grad(upstream):
        return upstream * 2 * tf.linalg.matvec(A, x), upstream * tf.tensordot(x, x, axes=0)
    return tf.tensordot(x, tf.linalg.matvec(A, x), axes=1), grad
''', False, "2Ax is the gradient only for a symmetric A; in general x's gradient is (A + Aᵀ)x",
           ('symmetric|transpose',)),
    Answer('04.quadratic_form', 'grad-upstream-x', r'''
@strict_custom_gradient
def quadratic_form(x, A):
    def grad(upstream, x):
        return upstream * (tf.linalg.matvec(A, x) + tf.linalg.matvec(A, x, transpose_a=True)), \
               upstream * tf.tensordot(x, x, axes=0)
    return tf.tensordot(x, tf.linalg.matvec(A, x), axes=1), grad
''', False, 'grad receives only upstream; x comes from the enclosing function, so it must not be a parameter of grad',
           ('argument|parameter|upstream',)),
    Answer('04.quadratic_form', 'dA-forgets-upstream', r'''
@strict_custom_gradient
def quadratic_form(x, A):
    def grad(upstream):
        dx = upstream * (tf.linalg.matvec(A, x) + tf.linalg.matvec(A, x, transpose_a=True))
        dA = tf.tensordot(x, x, axes=0)
        return dx, dA
    return tf.tensordot(x, tf.linalg.matvec(A, x), axes=1), grad
''', False, "the gradient for A forgets to multiply by upstream (x's gradient has it)",
           ('upstream',)),
    # ---- set e
    Answer('04.quadratic_form', 'einsum outer product with a print', r'''
@strict_custom_gradient
def quadratic_form(x, A):
    def grad(upstream):
        print("upstream is", upstream)
        dx = tf.linalg.matvec(A + tf.transpose(A), x)     # (A + Aᵀ) x
        dA = tf.einsum("i,j->ij", x, x)                   # x xᵀ
        return upstream * dx, upstream * dA
    return tf.tensordot(x, tf.linalg.matvec(A, x), axes=1), grad
''', True),
    Answer('04.quadratic_form', 'Ax plus Aᵀx, broadcast outer', r'''
@strict_custom_gradient
def quadratic_form(x, A):
    def grad(upstream):
        Ax = tf.linalg.matvec(A, x)
        ATx = tf.linalg.matvec(A, x, transpose_a=True)
        return upstream * (Ax + ATx), upstream * x[:, None] * x[None, :]
    return tf.tensordot(x, tf.linalg.matvec(A, x), axes=1), grad
''', True),
    Answer('04.quadratic_form', '2Ax: assumes symmetric A', r'''
@strict_custom_gradient
def quadratic_form(x, A):
    def grad(upstream):
        return 2 * upstream * tf.linalg.matvec(A, x), upstream * tf.tensordot(x, x, axes=0)
    return tf.tensordot(x, tf.linalg.matvec(A, x), axes=1), grad
''', False, '2Ax holds only for symmetric A; in general ∂q/∂x = (A + Aᵀ)x.',
           ('symmetric|transpose|Aᵀ|A^T|A + A',)),
    Answer('04.quadratic_form', 'inner product for dA', r'''
@strict_custom_gradient
def quadratic_form(x, A):
    def grad(upstream):
        dx = tf.linalg.matvec(A + tf.transpose(A), x)
        return upstream * dx, upstream * tf.tensordot(x, x, axes=1)
    return tf.tensordot(x, tf.linalg.matvec(A, x), axes=1), grad
''', False, '∂q/∂A is the outer product x xᵀ (shape of A), not the inner product xᵀx (one number).',
           ('outer|shape',)),
    Answer('04.quadratic_form', 'only the Ax term', r'''
@strict_custom_gradient
def quadratic_form(x, A):
    def grad(upstream):
        return upstream * tf.linalg.matvec(A, x), upstream * tf.tensordot(x, x, axes=0)
    return tf.tensordot(x, tf.linalg.matvec(A, x), axes=1), grad
''', False, 'x appears twice in xᵀAx, so ∂q/∂x has two terms: Ax + Aᵀx.',
           ('both|transpose|Aᵀ|A^T|twice|two|A + A',)),
    Answer('04.quadratic_form', 'gradients in the wrong order', r'''
@strict_custom_gradient
def quadratic_form(x, A):
    def grad(upstream):
        dA = upstream * tf.tensordot(x, x, axes=0)
        dx = upstream * tf.linalg.matvec(A + tf.transpose(A), x)
        return dA, dx
    return tf.tensordot(x, tf.linalg.matvec(A, x), axes=1), grad
''', False, 'Gradients come back in the order of the inputs: (dL/dx, dL/dA).',
           ('order|swap|shape',)),
    # ---- set f
    Answer('04.quadratic_form', 'einsum_and_sum_of_transposes', r'''
@strict_custom_gradient
def quadratic_form(x, A):
    def grad(upstream):
        dx = upstream * tf.linalg.matvec(A + tf.transpose(A), x)
        dA = upstream * tf.einsum("i,j->ij", x, x)
        return dx, dA
    return tf.tensordot(x, tf.linalg.matvec(A, x), axes=1), grad
''', True),
    Answer('04.quadratic_form', 'column_times_row_tf_function', r'''
@tf.function
@strict_custom_gradient
def quadratic_form(x, A):
    def grad(upstream):
        Ax = tf.linalg.matvec(A, x)
        Atx = tf.linalg.matvec(A, x, transpose_a=True)
        return upstream * (Ax + Atx), upstream * (x[:, None] * x[None, :])
    return tf.tensordot(x, tf.linalg.matvec(A, x), axes=1), grad
''', True),
    Answer('04.quadratic_form', 'dot_instead_of_outer', r'''
@strict_custom_gradient
def quadratic_form(x, A):
    def grad(upstream):
        dx = upstream * (tf.linalg.matvec(A, x) + tf.linalg.matvec(A, x, transpose_a=True))
        dA = upstream * tf.tensordot(x, x, axes=1)
        return dx, dA
    return tf.tensordot(x, tf.linalg.matvec(A, x), axes=1), grad
''', False, 'tensordot with axes=1 is the dot product xᵀx (a number); ∂q/∂A is the outer product x xᵀ (axes=0).',
           ('outer|shape|x xᵀ|xxᵀ|axes=0',)),
    Answer('04.quadratic_form', 'outer_of_x_and_Ax', r'''
@strict_custom_gradient
def quadratic_form(x, A):
    def grad(upstream):
        Ax = tf.linalg.matvec(A, x)
        dx = upstream * (Ax + tf.linalg.matvec(A, x, transpose_a=True))
        dA = upstream * tf.tensordot(x, Ax, axes=0)     # x (Ax)ᵀ
        return dx, dA
    return tf.tensordot(x, tf.linalg.matvec(A, x), axes=1), grad
''', False, '∂q/∂A is x xᵀ, not x (Ax)ᵀ: A_ij multiplies x_i x_j.',
           ('x xᵀ|xxᵀ|x x^T|outer(x, x)|x_i x_j|xᵢxⱼ|outer|depend on A',)),
    Answer('04.quadratic_form', 'variables_kwarg_nested_return', r'''
@strict_custom_gradient
def quadratic_form(x, A):
    def grad(upstream, variables=None):
        dx = upstream * (tf.linalg.matvec(A, x) + tf.linalg.matvec(A, x, transpose_a=True))
        dA = upstream * tf.tensordot(x, x, axes=0)
        return (dx, dA), []
    return tf.tensordot(x, tf.linalg.matvec(A, x), axes=1), grad
''', False, 'No variable is read, so grad returns just (dx, dA), not ((dx, dA), []).',
           ('variable|nested|count|two gradients|pair',)),
    # ---- set g
    Answer('04.quadratic_form', 'einsum-both', r'''
@strict_custom_gradient
def quadratic_form(x, A):
    def grad(upstream):
        dx = upstream * tf.einsum("ij,j->i", A + tf.transpose(A), x)
        dA = upstream * tf.einsum("i,j->ij", x, x)
        return dx, dA
    return tf.tensordot(x, tf.linalg.matvec(A, x), axes=1), grad
''', True),
    Answer('04.quadratic_form', 'print-debug-broadcast-outer', r'''
@strict_custom_gradient
def quadratic_form(x, A):
    def grad(upstream):
        print("upstream:", upstream)          # one number, as q is
        dx = upstream * (tf.linalg.matvec(A, x) + tf.linalg.matvec(A, x, transpose_a=True))
        dA = upstream * x[:, None] * x[None, :]
        return dx, dA
    return tf.tensordot(x, tf.linalg.matvec(A, x), axes=1), grad
''', True),
    Answer('04.quadratic_form', 'numpy-style-dot-T', r'''
@strict_custom_gradient
def quadratic_form(x, A):
    def grad(upstream):
        dx = upstream * tf.linalg.matvec(A + A.T, x)
        dA = upstream * tf.tensordot(x, x, axes=0)
        return dx, dA
    return tf.tensordot(x, tf.linalg.matvec(A, x), axes=1), grad
''', False, "a TensorFlow tensor has no .T: use tf.transpose(A) (or matvec's transpose_a)",
           ('transpose',)),
    Answer('04.quadratic_form', 'hessian-for-x', r'''
@strict_custom_gradient
def quadratic_form(x, A):
    def grad(upstream):
        return upstream * (A + tf.transpose(A)), upstream * tf.tensordot(x, x, axes=0)
    return tf.tensordot(x, tf.linalg.matvec(A, x), axes=1), grad
''', False, 'A + Aᵀ is the Hessian (a matrix); the gradient for x is (A + Aᵀ) x, a vector shaped like x',
           ('shape|vector|(A + Aᵀ)x|(A + Aᵀ) x|times x|matvec',)),
    Answer('04.quadratic_form', 'tensordot-axes-1-for-A', r'''
@strict_custom_gradient
def quadratic_form(x, A):
    def grad(upstream):
        dx = upstream * (tf.linalg.matvec(A, x) + tf.linalg.matvec(A, x, transpose_a=True))
        dA = upstream * tf.tensordot(x, x, axes=1)
        return dx, dA
    return tf.tensordot(x, tf.linalg.matvec(A, x), axes=1), grad
''', False, 'tensordot with axes=1 is the inner product xᵀx (a number); dL/dA is the outer product x xᵀ (axes=0)',
           ('outer|shape',)),
    Answer('04.quadratic_form', 'index-scalar-upstream', r'''
@strict_custom_gradient
def quadratic_form(x, A):
    def grad(upstream):
        u = upstream[0]                  # the upstream of the one output
        dx = u * (tf.linalg.matvec(A, x) + tf.linalg.matvec(A, x, transpose_a=True))
        return dx, u * tf.tensordot(x, x, axes=0)
    return tf.tensordot(x, tf.linalg.matvec(A, x), axes=1), grad
''', False, 'q is a scalar, so upstream is a scalar with no axis to index: upstream[0] fails',
           ('scalar|one number|shape|0-d|rank',)),
    # ---- set holdout
    Answer('04.quadratic_form', 'einsum and broadcast outer', r'''
@strict_custom_gradient
def quadratic_form(x, A):
    def grad(upstream):
        dx = upstream * tf.einsum("ij,j->i", A + tf.transpose(A), x)
        dA = upstream * x[:, tf.newaxis] * x[tf.newaxis, :]
        return dx, dA
    return tf.tensordot(x, tf.linalg.matvec(A, x), axes=1), grad
''', True),
    Answer('04.quadratic_form', '2Ax as if symmetric', r'''
@strict_custom_gradient
def quadratic_form(x, A):
    def grad(upstream):
        return 2 * upstream * tf.linalg.matvec(A, x), upstream * tf.tensordot(x, x, axes=0)
    return tf.tensordot(x, tf.linalg.matvec(A, x), axes=1), grad
''', False, '2Ax holds only for a symmetric A; in general the x-gradient is (A + Aᵀ)x times upstream.',
           ('symmetric|transpose|Aᵀ',)),
    Answer('04.quadratic_form', 'gradients in swapped order', r'''
@strict_custom_gradient
def quadratic_form(x, A):
    def grad(upstream):
        dA = upstream * tf.tensordot(x, x, axes=0)
        dx = upstream * (tf.linalg.matvec(A, x) + tf.linalg.matvec(A, x, transpose_a=True))
        return dA, dx
    return tf.tensordot(x, tf.linalg.matvec(A, x), axes=1), grad
''', False, 'Gradients come back in the order of the inputs: x first, then A.',
           ('order|swap',)),
    Answer('04.quadratic_form', 'inner product for dA', r'''
@strict_custom_gradient
def quadratic_form(x, A):
    def grad(upstream):
        dx = upstream * (tf.linalg.matvec(A, x) + tf.linalg.matvec(A, x, transpose_a=True))
        dA = upstream * tf.tensordot(x, x, axes=1)
        return dx, dA
    return tf.tensordot(x, tf.linalg.matvec(A, x), axes=1), grad
''', False, 'tensordot with axes=1 is the inner product xᵀx, a number; ∂q/∂A is a matrix shaped like A (axes=0).',
           ('outer|shape',)),
    Answer('04.quadratic_form', 'matmul with a vector', r'''
@strict_custom_gradient
def quadratic_form(x, A):
    def grad(upstream):
        dx = upstream * tf.matmul(A + tf.transpose(A), x)
        dA = upstream * tf.tensordot(x, x, axes=0)
        return dx, dA
    return tf.tensordot(x, tf.linalg.matvec(A, x), axes=1), grad
''', False, 'tf.matmul needs two matrices; x is a vector, so use tf.linalg.matvec.',
           ('matvec|rank|vector|shape|matrices',)),
    Answer('04.quadratic_form', 'upstream missing in dA', r'''
@strict_custom_gradient
def quadratic_form(x, A):
    def grad(upstream):
        dx = upstream * (tf.linalg.matvec(A, x) + tf.linalg.matvec(tf.transpose(A), x))
        dA = tf.tensordot(x, x, axes=0)
        return dx, dA
    return tf.tensordot(x, tf.linalg.matvec(A, x), axes=1), grad
''', False, 'The gradient for A also needs the factor upstream.',
           ('upstream',)),
    # ---- set i
    Answer('04.quadratic_form', 'einsum-both', r'''
@strict_custom_gradient
def quadratic_form(x, A):
    def grad(upstream):
        dx = tf.einsum("ij,j->i", A + tf.transpose(A), x)    # (A + Aᵀ) x
        dA = tf.einsum("i,j->ij", x, x)                      # x xᵀ
        return upstream * dx, upstream * dA
    return tf.tensordot(x, tf.linalg.matvec(A, x), axes=1), grad
''', True),
    Answer('04.quadratic_form', 'callable-class-decorated', r'''
class QuadraticForm:
    """q = xᵀ A x, written like a torch.autograd.Function with a backward."""
    def backward(self, x, A, g):
        Ax = tf.linalg.matvec(A, x)
        Atx = tf.linalg.matvec(A, x, transpose_a=True)
        return g * (Ax + Atx), g * tf.tensordot(x, x, axes=0)

    def __call__(self, x, A):
        return tf.tensordot(x, tf.linalg.matvec(A, x), axes=1), lambda g: self.backward(x, A, g)

quadratic_form = strict_custom_gradient(QuadraticForm())
''', True),
    Answer('04.quadratic_form', 'assumed-symmetric', r'''
@strict_custom_gradient
def quadratic_form(x, A):
    def grad(upstream):
        return upstream * 2 * tf.linalg.matvec(A, x), upstream * tf.tensordot(x, x, axes=0)
    return tf.tensordot(x, tf.linalg.matvec(A, x), axes=1), grad
''', False, '2Ax holds only for a symmetric A; for a general A, x gets Ax + Aᵀx',
           ('symmetric|transpose',)),
    Answer('04.quadratic_form', 'inner-product-for-A', r'''
@strict_custom_gradient
def quadratic_form(x, A):
    def grad(upstream):
        dx = tf.linalg.matvec(A, x) + tf.linalg.matvec(A, x, transpose_a=True)
        return upstream * dx, upstream * tf.tensordot(x, x, axes=1)     # xᵀx
    return tf.tensordot(x, tf.linalg.matvec(A, x), axes=1), grad
''', False, 'dL/dA must be a matrix shaped like A: the outer product of x with itself, not the dot product xᵀx',
           ('outer|shape',)),
    Answer('04.quadratic_form', 'only-dx-returned', r'''
@strict_custom_gradient
def quadratic_form(x, A):
    def grad(upstream):
        return upstream * (tf.linalg.matvec(A, x) + tf.linalg.matvec(A, x, transpose_a=True))
    return tf.tensordot(x, tf.linalg.matvec(A, x), axes=1), grad
''', False, 'grad returns a gradient for x only; A is an input too and needs its own gradient',
           ('two|both|each input|per input|second|one gradient',)),
    Answer('04.quadratic_form', 'matvec-arguments-swapped', r'''
@strict_custom_gradient
def quadratic_form(x, A):
    def grad(upstream):
        dx = tf.linalg.matvec(A, x) + tf.linalg.matvec(x, A)      # Ax + xᵀA
        return upstream * dx, upstream * tf.tensordot(x, x, axes=0)
    return tf.tensordot(x, tf.linalg.matvec(A, x), axes=1), grad
''', False, 'tf.linalg.matvec(x, A) has its arguments the wrong way round (the matrix comes first); xᵀA is matvec(A, x, transpose_a=True)',
           ('matvec|argument|order|matrix',)),
    Answer('04.quadratic_form', 'wraps-A-in-a-variable', r'''
@strict_custom_gradient
def quadratic_form(x, A):
    W = tf.Variable(A)        # like nn.Parameter, so A gets a gradient
    def grad(upstream):
        dx = tf.linalg.matvec(W, x) + tf.linalg.matvec(W, x, transpose_a=True)
        return upstream * dx, upstream * tf.tensordot(x, x, axes=0)
    return tf.tensordot(x, tf.linalg.matvec(W, x), axes=1), grad
''', False, 'A is already an input: wrapping it in a tf.Variable inside the function breaks the custom gradient (it then reads a variable)',
           ('variable',)),
    # ---- set k
    Answer('04.quadratic_form', 'einsum-both-terms', r'''
@strict_custom_gradient
def quadratic_form(x, A):
    def grad(upstream):
        # q = sum_ij x_i A_ij x_j
        dx = tf.einsum("ij,j->i", A, x) + tf.einsum("ij,i->j", A, x)   # A x + Aᵀ x
        dA = tf.einsum("i,j->ij", x, x)
        return upstream * dx, upstream * dA
    return tf.tensordot(x, tf.linalg.matvec(A, x), axes=1), grad
''', True),
    Answer('04.quadratic_form', 'symmetric-shortcut', r'''
@strict_custom_gradient
def quadratic_form(x, A):
    def grad(upstream):
        # d/dx xᵀAx = 2Ax (matrix cookbook)
        return upstream * 2 * tf.linalg.matvec(A, x), upstream * tf.tensordot(x, x, axes=0)
    return tf.tensordot(x, tf.linalg.matvec(A, x), axes=1), grad
''', False, '2Ax holds only for a symmetric A; in general dq/dx = (A + Aᵀ)x.',
           ('symmetric|transpose|Aᵀ',)),
    Answer('04.quadratic_form', 'dA-without-upstream', r'''
@strict_custom_gradient
def quadratic_form(x, A):
    def grad(upstream):
        dx = upstream * (tf.linalg.matvec(A, x) + tf.linalg.matvec(A, x, transpose_a=True))  # fixed
        dA = tf.tensordot(x, x, axes=0)
        return dx, dA
    return tf.tensordot(x, tf.linalg.matvec(A, x), axes=1), grad
''', False, 'dx is right now, but the gradient for A forgets upstream.',
           ('upstream',)),
    Answer('04.quadratic_form', 'only-transposed-term', r'''
@strict_custom_gradient
def quadratic_form(x, A):
    def grad(upstream):
        # A is not symmetric so it must be the transpose
        dx = upstream * tf.linalg.matvec(A, x, transpose_a=True)
        dA = upstream * tf.tensordot(x, x, axes=0)
        return dx, dA
    return tf.tensordot(x, tf.linalg.matvec(A, x), axes=1), grad
''', False, 'x appears twice in xᵀAx, so dq/dx has two terms, Ax and Aᵀx; this keeps only one.',
           ('term|twice|both',)),
    Answer('04.quadratic_form', 'extra-debug-output', r'''
@strict_custom_gradient
def quadratic_form(x, A):
    q = tf.tensordot(x, tf.linalg.matvec(A, x), axes=1)
    def grad(upstream):
        dx = upstream * (tf.linalg.matvec(A, x) + tf.linalg.matvec(A, x, transpose_a=True))
        dA = upstream * tf.tensordot(x, x, axes=0)
        return dx, dA, q          # q too, for debugging
    return q, grad
''', False, 'grad must return exactly two gradients, one per input; drop the extra q.',
           ('two|three|extra|number',)),
    Answer('04.quadratic_form', 'printing-inner-product', r'''
@strict_custom_gradient
def quadratic_form(x, A):
    def grad(upstream):
        tf.print("upstream", upstream)
        tf.print("x", x, "A", A)
        dx = upstream * (tf.linalg.matvec(A, x) + tf.linalg.matvec(tf.transpose(A), x))
        dA = upstream * tf.tensordot(x, x, axes=1)
        tf.print("dx", dx, "dA", dA)
        return dx, dA
    return tf.tensordot(x, tf.linalg.matvec(A, x), axes=1), grad
''', False, 'tensordot with axes=1 is the inner product xᵀx, a scalar; dA is the outer product x xᵀ (axes=0), shaped like A.',
           ('outer|shape|axes',)),
    # ---- set m
    Answer('04.quadratic_form', 'long-typed-asserts', r'''
from typing import Callable, Tuple

@strict_custom_gradient
def quadratic_form(x: tf.Tensor, A: tf.Tensor) -> Tuple[tf.Tensor, Callable]:
    """q = xᵀ A x for a square, possibly non-symmetric A.

    dq = dxᵀ A x + xᵀ A dx + xᵀ dA x
       = ((A + Aᵀ) x)ᵀ dx + Σᵢⱼ xᵢ xⱼ dAᵢⱼ,
    so dL/dx = upstream · (A x + Aᵀ x) and dL/dA = upstream · x xᵀ.
    """
    assert len(x.shape) == 1 and len(A.shape) == 2, "x is a vector, A a matrix"
    Ax: tf.Tensor = tf.linalg.matvec(A, x)
    ATx: tf.Tensor = tf.linalg.matvec(A, x, transpose_a=True)

    def grad(upstream: tf.Tensor) -> Tuple[tf.Tensor, tf.Tensor]:
        dx: tf.Tensor = upstream * (Ax + ATx)
        dA: tf.Tensor = upstream * tf.tensordot(x, x, axes=0)      # outer product x xᵀ
        return dx, dA

    return tf.tensordot(x, Ax, axes=1), grad
''', True),
    Answer('04.quadratic_form', 'assumed-symmetric', r'''
@strict_custom_gradient
def quadratic_form(x, A):
    def grad(upstream):
        return upstream * 2 * tf.linalg.matvec(A, x), upstream * tf.tensordot(x, x, axes=0)
    return tf.tensordot(x, tf.linalg.matvec(A, x), axes=1), grad
''', False, '2Ax holds only for a symmetric A; here A ≠ Aᵀ, so both Ax and Aᵀx appear.',
           ('symmetric|transpose',)),
    Answer('04.quadratic_form', 'dA-without-upstream', r'''
@strict_custom_gradient
def quadratic_form(x, A):
    def grad(upstream):
        dx = upstream * (tf.linalg.matvec(A, x) + tf.linalg.matvec(A, x, transpose_a=True))
        dA = tf.tensordot(x, x, axes=0)
        return dx, dA
    return tf.tensordot(x, tf.linalg.matvec(A, x), axes=1), grad
''', False, 'The gradient for A forgets to multiply by upstream.',
           ('upstream',)),
    Answer('04.quadratic_form', 'only-Ax', r'''
@strict_custom_gradient
def quadratic_form(x, A):
    def grad(upstream):
        return upstream * tf.linalg.matvec(A, x), upstream * tf.tensordot(x, x, axes=0)
    return tf.tensordot(x, tf.linalg.matvec(A, x), axes=1), grad
''', False, 'x appears twice in xᵀAx: dL/dx needs the Aᵀx term as well as Ax.',
           ('transpose|Aᵀ|both|twice',)),
    Answer('04.quadratic_form', 'inner-not-outer', r'''
@strict_custom_gradient
def quadratic_form(x, A):
    def grad(upstream):
        dx = upstream * (tf.linalg.matvec(A, x) + tf.linalg.matvec(A, x, transpose_a=True))
        dA = upstream * tf.tensordot(x, x, axes=1)
        return dx, dA
    return tf.tensordot(x, tf.linalg.matvec(A, x), axes=1), grad
''', False, 'dL/dA must be shaped like A: an outer product, not the inner product xᵀx.',
           ('outer|shape',)),
    # ---- set n
    Answer('04.quadratic_form', 'two matvecs and an outer product', r'''
@strict_custom_gradient
def quadratic_form(x, A):
    def grad(upstream):
        Ax = tf.linalg.matvec(A, x)
        Atx = tf.linalg.matvec(A, x, transpose_a=True)
        return upstream * (Ax + Atx), upstream * tf.tensordot(x, x, axes=0)
    return tf.tensordot(x, tf.linalg.matvec(A, x), axes=1), grad
''', True),
    Answer('04.quadratic_form', 'symmetrised A and broadcast outer', r'''
@strict_custom_gradient
def quadratic_form(x, A):
    def grad(upstream):
        dx = tf.linalg.matvec(A + tf.transpose(A), x)
        dA = x[:, None] * x[None, :]          # (n, 1) times (1, n): x xᵀ
        return upstream * dx, upstream * dA
    return tf.tensordot(x, tf.linalg.matvec(A, x), axes=1), grad
''', True),
    Answer('04.quadratic_form', 'assumes A symmetric', r'''
@strict_custom_gradient
def quadratic_form(x, A):
    def grad(upstream):
        return upstream * 2 * tf.linalg.matvec(A, x), upstream * tf.tensordot(x, x, axes=0)
    return tf.tensordot(x, tf.linalg.matvec(A, x), axes=1), grad
''', False, '2Ax holds only for a symmetric A; in general dx is (A + Aᵀ)x',
           ('symmetric|transpose',)),
    Answer('04.quadratic_form', '(n,) plus (n,1) broadcasts', r'''
@strict_custom_gradient
def quadratic_form(x, A):
    def grad(upstream):
        Ax = tf.linalg.matvec(A, x)                        # (n,)
        Atx = tf.matmul(A, x[:, None], transpose_a=True)   # (n, 1)
        return upstream * (Ax + Atx), upstream * tf.tensordot(x, x, axes=0)
    return tf.tensordot(x, tf.linalg.matvec(A, x), axes=1), grad
''', False, 'adding an (n,) and an (n, 1) tensor broadcasts to (n, n): dx has the wrong shape',
           ('shape|broadcast',)),
    Answer('04.quadratic_form', 'tf.function under the decorator', r'''
@strict_custom_gradient
@tf.function
def quadratic_form(x, A):
    def grad(upstream):
        return (upstream * tf.linalg.matvec(A + tf.transpose(A), x),
                upstream * tf.tensordot(x, x, axes=0))
    return tf.tensordot(x, tf.linalg.matvec(A, x), axes=1), grad
''', False, 'a tf.function cannot return grad (a Python function): put @tf.function outside',
           ('tf.function|decorat',)),
    Answer('04.quadratic_form', 'three gradients', r'''
@strict_custom_gradient
def quadratic_form(x, A):
    def grad(upstream):
        dx = upstream * tf.linalg.matvec(A + tf.transpose(A), x)
        dA = upstream * tf.tensordot(x, x, axes=0)
        return dx, dA, upstream
    return tf.tensordot(x, tf.linalg.matvec(A, x), axes=1), grad
''', False, 'two inputs (x, A), so two gradients, not three',
           ('two|2|number|count',)),
    # ---- set p
    Answer('04.quadratic_form', 'einsum-both', r'''
@strict_custom_gradient
def quadratic_form(x, A):
    def grad(upstream):
        dx = tf.einsum("ij,j->i", A, x) + tf.einsum("ji,j->i", A, x)   # A x + Aᵀ x
        dA = tf.einsum("i,j->ij", x, x)                                # outer product
        return upstream * dx, upstream * dA
    return tf.tensordot(x, tf.linalg.matvec(A, x), axes=1), grad
''', True),
    Answer('04.quadratic_form', 'assumes-symmetric', r'''
@strict_custom_gradient
def quadratic_form(x, A):
    def grad(upstream):
        dx = 2 * tf.einsum("ij,j->i", A, x)          # d(xᵀAx)/dx = 2Ax
        dA = tf.einsum("i,j->ij", x, x)
        return upstream * dx, upstream * dA
    return tf.tensordot(x, tf.linalg.matvec(A, x), axes=1), grad
''', False, '2Ax holds only for a symmetric A; here A ≠ Aᵀ, so dL/dx needs both A x and Aᵀ x',
           ('symmetric|transpose',)),
    Answer('04.quadratic_form', 'tensordot-axes1-for-dA', r'''
@strict_custom_gradient
def quadratic_form(x, A):
    def grad(upstream):
        dx = tf.linalg.matvec(A, x) + tf.linalg.matvec(A, x, transpose_a=True)
        dA = tf.tensordot(x, x, axes=1)               # x xᵀ
        return upstream * dx, upstream * dA
    return tf.tensordot(x, tf.linalg.matvec(A, x), axes=1), grad
''', False, "tensordot with axes=1 is the dot product xᵀx, a number; dL/dA must have A's shape (the outer product needs axes=0)",
           ('shape|outer',)),
    Answer('04.quadratic_form', 'keras-ops-upstream-only-dx', r'''
import keras

@strict_custom_gradient
def quadratic_form(x, A):
    def grad(upstream):
        dx = upstream * (keras.ops.matmul(A, x) + keras.ops.matmul(keras.ops.transpose(A), x))
        dA = keras.ops.outer(x, x)
        return dx, dA
    return tf.tensordot(x, tf.linalg.matvec(A, x), axes=1), grad
''', False, 'the gradient for A is not multiplied by upstream',
           ('upstream',)),
    # ---- set r
    Answer('04.quadratic_form', 'matvec-transpose-a-tensordot-outer', r'''
@strict_custom_gradient
def quadratic_form(x, A):
    def grad(upstream):
        dx = upstream * (tf.linalg.matvec(A, x) + tf.linalg.matvec(A, x, transpose_a=True))
        dA = upstream * tf.tensordot(x, x, axes=0)
        return dx, dA
    return tf.tensordot(x, tf.linalg.matvec(A, x), axes=1), grad
''', True),
    Answer('04.quadratic_form', 'einsum-symmetric-part', r'''
@strict_custom_gradient
def quadratic_form(x, A):
    def grad(upstream):
        dx = upstream * tf.einsum("ij,j->i", A + tf.transpose(A), x)
        dA = upstream * tf.einsum("i,j->ij", x, x)
        return dx, dA
    return tf.tensordot(x, tf.linalg.matvec(A, x), axes=1), grad
''', True),
    Answer('04.quadratic_form', 'column-vectors-matmul-adjoint', r'''
@strict_custom_gradient
def quadratic_form(x, A):
    def grad(upstream):
        col = x[:, tf.newaxis]                                   # x as a column
        dx = tf.matmul(A, col) + tf.matmul(A, col, adjoint_a=True)
        dA = tf.matmul(col, col, transpose_b=True)
        return upstream * tf.squeeze(dx, axis=1), upstream * dA
    return tf.tensordot(x, tf.linalg.matvec(A, x), axes=1), grad
''', True),
    Answer('04.quadratic_form', 'tape-on-forward-ops', r'''
def q_of(x, A):
    return tf.tensordot(x, tf.linalg.matvec(A, x), axes=1)

@strict_custom_gradient
def quadratic_form(x, A):
    def grad(upstream):
        with tf.GradientTape() as inner:
            inner.watch([x, A])
            q = q_of(x, A)
        dx, dA = inner.gradient(q, [x, A], output_gradients=upstream)
        return dx, dA
    return q_of(x, A), grad
''', True),
    # ---- set s
    Answer('04.quadratic_form', 'two-matvecs-einsum', r'''
@strict_custom_gradient
def quadratic_form(x, A):
    def grad(upstream):
        dx = upstream * (tf.linalg.matvec(A, x) + tf.linalg.matvec(A, x, transpose_a=True))
        dA = upstream * tf.einsum("i,j->ij", x, x)
        return dx, dA
    return tf.tensordot(x, tf.linalg.matvec(A, x), axes=1), grad
''', True),
    Answer('04.quadratic_form', 'assumed-symmetric', r'''
@strict_custom_gradient
def quadratic_form(x, A):
    def grad(upstream):
        return 2 * upstream * tf.linalg.matvec(A, x), upstream * tf.tensordot(x, x, axes=0)
    return tf.tensordot(x, tf.linalg.matvec(A, x), axes=1), grad
''', False, '2Ax holds only for a symmetric A; in general dx is (A + Aᵀ)x',
           ('symmetric|transpose|aᵀ',)),
    Answer('04.quadratic_form', 'none-for-A', r'''
@strict_custom_gradient
def quadratic_form(x, A):
    def grad(upstream):
        dx = upstream * tf.linalg.matvec(A + tf.transpose(A), x)
        return dx, None          # A is just the coefficients, no gradient needed
    return tf.tensordot(x, tf.linalg.matvec(A, x), axes=1), grad
''', False, 'A is a float input and needs its gradient too; None is only for non-differentiable inputs',
           ('none',)),
    Answer('04.quadratic_form', 'column-x', r'''
@strict_custom_gradient
def quadratic_form(x, A):
    def grad(upstream):
        xc = tf.reshape(x, [-1, 1])                          # x as a column vector
        dx = upstream * tf.matmul(A + tf.transpose(A), xc)
        dA = upstream * tf.matmul(xc, xc, transpose_b=True)  # x xᵀ
        return dx, dA
    return tf.tensordot(x, tf.linalg.matvec(A, x), axes=1), grad
''', False, "dx comes back as an (n, 1) column; it must have x's shape (n,)",
           ('shape|column',)),
    # ---- set u
    Answer('04.quadratic_form', 'vectorized-map-rows', r'''
@strict_custom_gradient
def quadratic_form(x, A):
    def grad(upstream):
        dx = upstream * (tf.linalg.matvec(A, x) + tf.linalg.matvec(A, x, transpose_a=True))
        dA = tf.vectorized_map(lambda xi: upstream * xi * x, x)     # row i: u · xᵢ · xᵀ
        return dx, dA
    return tf.tensordot(x, tf.linalg.matvec(A, x), axes=1), grad
''', True),
    Answer('04.quadratic_form', 'assumes-symmetric', r'''
@strict_custom_gradient
def quadratic_form(x, A):
    def grad(upstream):
        return 2 * upstream * tf.linalg.matvec(A, x), upstream * tf.tensordot(x, x, axes=0)
    return tf.tensordot(x, tf.linalg.matvec(A, x), axes=1), grad
''', False, '2Ax holds only for a symmetric A; in general dq/dx = (A + Aᵀ)x.',
           ('symmetric|transpose',)),
    Answer('04.quadratic_form', 'dA-counted-twice', r'''
@strict_custom_gradient
def quadratic_form(x, A):
    def grad(upstream):
        dx = upstream * (tf.linalg.matvec(A, x) + tf.linalg.matvec(A, x, transpose_a=True))
        dA = tf.map_fn(lambda xi: 2 * upstream * xi * x, x)      # x appears twice in xᵀAx ...
        return dx, dA
    return tf.tensordot(x, tf.linalg.matvec(A, x), axes=1), grad
''', False, 'Each Aᵢⱼ appears once in q, with slope xᵢxⱼ: dL/dA = upstream · x xᵀ, without the factor 2.',
           ('twice|factor|double',)),
    Answer('04.quadratic_form', 'upstream-missing-in-dA', r'''
@strict_custom_gradient
def quadratic_form(x, A):
    def grad(upstream):
        dx = upstream * tf.linalg.matvec(A + tf.transpose(A), x)
        dA = tf.tensordot(x, x, axes=0)
        return dx, dA
    return tf.tensordot(x, tf.linalg.matvec(A, x), axes=1), grad
''', False, 'The gradient for A forgets upstream: it must be upstream · x xᵀ.',
           ('upstream',)),
    # ---- set w
    Answer('04.quadratic_form', 'two-matvecs-einsum', r'''
@strict_custom_gradient
def quadratic_form(x: tf.Tensor, A: tf.Tensor):
    """q = x^T A x for a general (non-symmetric) A.

    dq/dx = A x + A^T x   (x appears on both sides of A)
    dq/dA = x x^T         (entry (i, j) is x_i x_j)
    Both are scaled by the scalar upstream.
    """
    Ax = tf.linalg.matvec(A, x)
    ATx = tf.linalg.matvec(A, x, transpose_a=True)

    def grad(upstream: tf.Tensor):
        dx = upstream * (Ax + ATx)
        dA = upstream * tf.einsum("i,j->ij", x, x)
        return dx, dA

    return tf.tensordot(x, Ax, axes=1), grad


# --- self-test with a non-symmetric A and upstream 2.5 --------------------------------
_x = tf.constant([1.0, -2.0, 0.5], tf.float64)
_A = tf.constant([[1.0, 2.0, 0.0], [-1.0, 3.0, 4.0], [0.5, 0.0, -2.0]], tf.float64)
with tf.GradientTape(persistent=True) as _t:
    _t.watch([_x, _A])
    _q = quadratic_form(_x, _A)
    _r = tf.tensordot(_x, tf.linalg.matvec(_A, _x), axes=1)
for _m, _ref in zip(_t.gradient(_q, [_x, _A], output_gradients=tf.constant(2.5, tf.float64)),
                    _t.gradient(_r, [_x, _A], output_gradients=tf.constant(2.5, tf.float64))):
    np.testing.assert_allclose(_m, _ref, rtol=1e-12)
''', True),
    Answer('04.quadratic_form', 'two-A-x', r'''
@strict_custom_gradient
def quadratic_form(x: tf.Tensor, A: tf.Tensor):
    """q = x^T A x.

    Using the standard matrix-calculus identity d(x^T A x)/dx = 2 A x, and d/dA = x x^T.
    """
    def grad(upstream: tf.Tensor):
        dx = 2.0 * upstream * tf.linalg.matvec(A, x)
        dA = upstream * tf.tensordot(x, x, axes=0)
        return dx, dA
    return tf.tensordot(x, tf.linalg.matvec(A, x), axes=1), grad
''', False, '2Ax holds only for a symmetric A; in general dq/dx is (A + Aᵀ)x',
           ('symmetric|transpose',)),
    Answer('04.quadratic_form', 'assert-symmetric', r'''
@strict_custom_gradient
def quadratic_form(x: tf.Tensor, A: tf.Tensor):
    """q = x^T A x, gradients (A + A^T) x upstream and x x^T upstream.

    Quadratic forms are defined for symmetric matrices; the input is validated so a malformed
    A is caught early.
    """
    tf.debugging.assert_near(A, tf.transpose(A), message="A must be symmetric")

    def grad(upstream: tf.Tensor):
        dx = upstream * (tf.linalg.matvec(A, x) + tf.linalg.matvec(A, x, transpose_a=True))
        dA = upstream * tf.tensordot(x, x, axes=0)
        return dx, dA
    return tf.tensordot(x, tf.linalg.matvec(A, x), axes=1), grad
''', False, 'the symmetry assertion fails: the exercise uses a non-symmetric A, and the formula needs no symmetry',
           ('symmetric',)),
    Answer('04.quadratic_form', 'dA-without-upstream', r'''
@strict_custom_gradient
def quadratic_form(x: tf.Tensor, A: tf.Tensor):
    """q = x^T A x with a custom gradient.

    dx = upstream * (A + A^T) x. The gradient for A is the outer product x x^T, which does not
    depend on the loss, so it is computed once in the forward pass and reused (cheaper).
    """
    dA_cached = tf.tensordot(x, x, axes=0)

    def grad(upstream: tf.Tensor):
        dx = upstream * (tf.linalg.matvec(A, x) + tf.linalg.matvec(A, x, transpose_a=True))
        return dx, dA_cached
    return tf.tensordot(x, tf.linalg.matvec(A, x), axes=1), grad
''', False, 'the gradient for A ignores upstream: it must be upstream times x xᵀ',
           ('upstream',)),
    # ---- set y
    Answer('04.quadratic_form', 'both-sides-and-einsum', r'''
@strict_custom_gradient
def quadratic_form(x, A):
    def grad(upstream):
        Ax = tf.linalg.matvec(A, x)
        xA = tf.linalg.matvec(A, x, transpose_a=True)      # Aᵀx: x also sits on the left of A
        return upstream * (Ax + xA), upstream * tf.einsum("i,j->ij", x, x)
    return tf.tensordot(x, tf.linalg.matvec(A, x), axes=1), grad
''', True),
    Answer('04.quadratic_form', 'numpy-outer', r'''
@strict_custom_gradient
def quadratic_form(x, A):
    def grad(upstream):
        dx = upstream * (tf.linalg.matvec(A, x) + tf.linalg.matvec(A, x, transpose_a=True))
        dA = upstream.numpy() * np.outer(x.numpy(), x.numpy())
        return dx, dA
    return tf.tensordot(x, tf.linalg.matvec(A, x), axes=1), grad
''', False, 'dA is a NumPy array: return a tensor built with TensorFlow operations (tf.tensordot(..., axes=0) for an outer product).',
           ('numpy|ndarray',)),
    Answer('04.quadratic_form', 'copied-linear-grad', r'''
@strict_custom_gradient
def quadratic_form(x, A):
    def grad(upstream):
        v = upstream * x
        return tf.linalg.matvec(A, v, transpose_a=True), tf.tensordot(v, x, axes=0)
    return tf.tensordot(x, tf.linalg.matvec(A, x), axes=1), grad
''', False, 'dL/dA is right, but dL/dx has only the Aᵀx term: x appears twice in xᵀAx, so Ax contributes too.',
           ('twice|both|Ax|A x|A·x',)),
    Answer('04.quadratic_form', 'keepdims-column', r'''
@strict_custom_gradient
def quadratic_form(x, A):
    def grad(upstream):
        S = A + tf.transpose(A)
        dx = upstream * tf.reduce_sum(S * x, axis=1, keepdims=True)
        return dx, upstream * tf.tensordot(x, x, axes=0)
    return tf.tensordot(x, tf.linalg.matvec(A, x), axes=1), grad
''', False, "keepdims=True leaves dL/dx as an (n, 1) column; it must have x's shape (n,).",
           ('shape|keepdims',)),
    Answer('04.quadratic_form', 'tensordot with axes=1 for the outer product', r'''
@strict_custom_gradient
def quadratic_form(x, A):
    def grad(upstream):
        dx = tf.tensordot(A, x, axes=1) + tf.tensordot(tf.transpose(A), x, axes=1)
        dA = tf.tensordot(x, x, axes=1)          # x xᵀ
        return upstream * dx, upstream * dA
    return tf.tensordot(x, tf.linalg.matvec(A, x), axes=1), grad
''', False, 'tensordot(x, x, axes=1) is the dot product xᵀx, one number; the outer product x xᵀ is axes=0',
           ('shape|matrix', 'product')),
]
