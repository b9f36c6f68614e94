"""A third set of plausible learner answers, for 04.batched_matmul, 06.scale_by_variable,
07.fused_second_derivative and 08.implicit_scalar.

Written from the learner's side, from the notebooks' prompts, stubs and the sections before them only
(without reading the judges): right answers written differently, textbook mistakes, programming slips.
Each right answer was compared with automatic differentiation (or, for 08, the unrolled converged loop)
at several inputs; each wrong one was run to confirm it computes, or fails with, what its ``mistake`` says.
"""

from learner_answer_types import Answer

# --------------------------------------------------------------------------------------------------
# 04.batched_matmul: Y = A B, A (batch, m, k), B (k, n) shared by every batch entry.
# dL/dA = U Bᵀ per batch entry; dL/dB = Σ_batch A[b]ᵀ U[b].
# --------------------------------------------------------------------------------------------------

BATCHED_MATMUL = [
    Answer(key="04.batched_matmul", label="matmul flags, reduce_sum over batch", code='''@strict_custom_gradient
def batched_matmul(A, B):
    def grad(U):
        dA = tf.matmul(U, B, transpose_b=True)                              # (batch, m, n)(n, k)
        dB = tf.reduce_sum(tf.matmul(A, U, transpose_a=True), axis=0)       # sum of (k, n) over batch
        return dA, dB
    return tf.matmul(A, B), grad
''', right=True),

    Answer(key="04.batched_matmul", label="einsum for both", code='''@strict_custom_gradient
def batched_matmul(A, B):
    def grad(U):
        dA = tf.einsum("bmn,kn->bmk", U, B)
        dB = tf.einsum("bmk,bmn->kn", A, U)      # the batch index b is summed away
        return dA, dB
    return tf.matmul(A, B), grad
''', right=True),

    Answer(key="04.batched_matmul", label="stack batch rows with reshape, tf.transpose of 2-D B", code='''@strict_custom_gradient
def batched_matmul(A, B):
    def grad(U):
        # every row of every batch entry is one more row of one big matrix product
        A_rows = tf.reshape(A, [-1, tf.shape(A)[-1]])     # (batch*m, k)
        U_rows = tf.reshape(U, [-1, tf.shape(U)[-1]])     # (batch*m, n)
        dB = tf.transpose(A_rows) @ U_rows
        dA = U @ tf.transpose(B)
        return dA, dB
    return tf.matmul(A, B), grad
''', right=True),

    Answer(key="04.batched_matmul", label="tensordot over batch and row axes, float64 then cast back", code='''@strict_custom_gradient
def batched_matmul(A, B):
    def grad(U):
        U64, A64, B64 = (tf.cast(t, tf.float64) for t in (U, A, B))      # accumulate in double precision
        dA = tf.tensordot(U64, B64, axes=[[2], [1]])
        dB = tf.tensordot(A64, U64, axes=[[0, 1], [0, 1]])
        return tf.cast(dA, A.dtype), tf.cast(dB, B.dtype)
    return tf.matmul(A, B), grad
''', right=True),

    Answer(key="04.batched_matmul", label="gradients returned as a list", code='''@strict_custom_gradient
def batched_matmul(A, B):
    def grad(U):
        return [tf.linalg.matmul(U, tf.linalg.matrix_transpose(B)),
                tf.linalg.matmul(tf.reshape(A, [-1, tf.shape(A)[-1]]), tf.reshape(U, [-1, tf.shape(U)[-1]]), adjoint_a=True)]
    return tf.matmul(A, B), grad
''', right=True),

    Answer(key="04.batched_matmul", label="dB not summed over the batch", code='''@strict_custom_gradient
def batched_matmul(A, B):
    def grad(U):
        dA = tf.matmul(U, B, transpose_b=True)
        dB = tf.matmul(A, U, transpose_a=True)
        return dA, dB
    return tf.matmul(A, B), grad
''', right=False, mistake="dB has shape (batch, k, n): B is shared by every batch entry, so sum the per-entry "
                          "gradients Aᵀ U over the batch axis.",
           must_mention=("sum",)),

    Answer(key="04.batched_matmul", label="dB averaged over the batch", code='''@strict_custom_gradient
def batched_matmul(A, B):
    def grad(U):
        dA = tf.matmul(U, B, transpose_b=True)
        dB = tf.reduce_mean(tf.matmul(A, U, transpose_a=True), axis=0)
        return dA, dB
    return tf.matmul(A, B), grad
''', right=False, mistake="Each batch entry's use of B adds its own contribution: sum over the batch, do not "
                          "average (the mean is the sum divided by the batch size).",
           must_mention=("sum|mean|averag",)),

    Answer(key="04.batched_matmul", label="dB as U-transpose times A (transposed)", code='''@strict_custom_gradient
def batched_matmul(A, B):
    def grad(U):
        dA = tf.matmul(U, B, transpose_b=True)
        dB = tf.reduce_sum(tf.matmul(U, A, transpose_a=True), axis=0)
        return dA, dB
    return tf.matmul(A, B), grad
''', right=False, mistake="Uᵀ A is the transpose of dL/dB (shape (n, k)); B sits on the right of the product, "
                          "so its gradient is Aᵀ U, shape (k, n).",
           must_mention=("transpos",)),

    Answer(key="04.batched_matmul", label="dA without transposing B", code='''@strict_custom_gradient
def batched_matmul(A, B):
    def grad(U):
        dA = tf.matmul(U, B)
        dB = tf.reduce_sum(tf.matmul(A, U, transpose_a=True), axis=0)
        return dA, dB
    return tf.matmul(A, B), grad
''', right=False, mistake="dL/dA is U Bᵀ, not U B: U (…, m, n) can only be multiplied by Bᵀ (n, k); U B "
                          "fails unless n = k, and is wrong then.",
           must_mention=("transpos",)),

    Answer(key="04.batched_matmul", label="tf.transpose on the 3-D A reverses all axes", code='''@strict_custom_gradient
def batched_matmul(A, B):
    def grad(U):
        dA = tf.matmul(U, tf.transpose(B))
        dB = tf.reduce_sum(tf.matmul(tf.transpose(A), U), axis=0)
        return dA, dB
    return tf.matmul(A, B), grad
''', right=False, mistake="tf.transpose of a 3-D tensor reverses all three axes, (k, m, batch); transpose only "
                          "the last two (transpose_a=True, or perm=[0, 2, 1]).",
           must_mention=("transpos|perm|axes",)),

    Answer(key="04.batched_matmul", label="gradients returned in swapped order", code='''@strict_custom_gradient
def batched_matmul(A, B):
    def grad(U):
        dA = tf.matmul(U, B, transpose_b=True)
        dB = tf.reduce_sum(tf.matmul(A, U, transpose_a=True), axis=0)
        return dB, dA
    return tf.matmul(A, B), grad
''', right=False, mistake="Return the gradients in the order of the inputs: (dL/dA, dL/dB).",
           must_mention=("order|swap",)),

    Answer(key="04.batched_matmul", label="only the first batch entry used for dB", code='''@strict_custom_gradient
def batched_matmul(A, B):
    def grad(U):
        dA = tf.matmul(U, B, transpose_b=True)
        dB = tf.matmul(A[0], U[0], transpose_a=True)     # shape (k, n) like B
        return dA, dB
    return tf.matmul(A, B), grad
''', right=False, mistake="B is used by every batch entry, not only the first: add Aᵀ U over all of them.",
           must_mention=("sum|batch|every|all",)),

    Answer(key="04.batched_matmul", label="upstream replaced by ones", code='''@strict_custom_gradient
def batched_matmul(A, B):
    def grad(U):
        ones = tf.ones_like(U)                    # as in the notebook: L = sum of the outputs
        dA = tf.matmul(ones, B, transpose_b=True)
        dB = tf.reduce_sum(tf.matmul(A, ones, transpose_a=True), axis=0)
        return dA, dB
    return tf.matmul(A, B), grad
''', right=False, mistake="That is the gradient of sum(Y) only; use the upstream U that grad receives.",
           must_mention=("upstream",)),

    Answer(key="04.batched_matmul", label="NumPy inside grad", code='''@strict_custom_gradient
def batched_matmul(A, B):
    def grad(U):
        U_np, A_np, B_np = U.numpy(), A.numpy(), B.numpy()
        dA = U_np @ B_np.T
        dB = np.einsum("bmk,bmn->kn", A_np, U_np)
        return dA, dB
    return tf.matmul(A, B), grad
''', right=False, mistake="grad returns NumPy arrays: compute the gradients with TensorFlow ops (tf.matmul, "
                          "tf.einsum), which also work inside tf.function.",
           must_mention=("numpy|tensorflow op|tensor",)),

    Answer(key="04.batched_matmul", label="forgotten decorator", code='''def batched_matmul(A, B):
    def grad(U):
        dA = tf.matmul(U, B, transpose_b=True)
        dB = tf.reduce_sum(tf.matmul(A, U, transpose_a=True), axis=0)
        return dA, dB
    return tf.matmul(A, B), grad
''', right=False, mistake="Without @strict_custom_gradient the function returns the pair (Y, grad) instead of Y "
                          "and the gradient is never used: put the decorator back.",
           must_mention=()),

    Answer(key="04.batched_matmul", label="typo tf.transpse", code='''@strict_custom_gradient
def batched_matmul(A, B):
    def grad(U):
        dA = U @ tf.transpse(B)
        dB = tf.reduce_sum(tf.matmul(A, U, transpose_a=True), axis=0)
        return dA, dB
    return tf.matmul(A, B), grad
''', right=False, mistake="tf.transpse does not exist: it is tf.transpose.",
           must_mention=()),

    Answer(key="04.batched_matmul", label="grad computes but returns nothing", code='''@strict_custom_gradient
def batched_matmul(A, B):
    def grad(U):
        dA = tf.matmul(U, B, transpose_b=True)
        dB = tf.reduce_sum(tf.matmul(A, U, transpose_a=True), axis=0)
    return tf.matmul(A, B), grad
''', right=False, mistake="grad computes dA and dB but has no return statement, so it returns None: "
                          "return dA, dB.",
           must_mention=("return|none",)),

    Answer(key="04.batched_matmul", label="upstream cast to float32", code='''@strict_custom_gradient
def batched_matmul(A, B):
    def grad(U):
        U = tf.cast(U, tf.float32)
        dA = tf.matmul(U, tf.cast(B, tf.float32), transpose_b=True)
        dB = tf.reduce_sum(tf.matmul(tf.cast(A, tf.float32), U, transpose_a=True), axis=0)
        return dA, dB
    return tf.matmul(A, B), grad
''', right=False, mistake="For float64 inputs the gradients come back as float32: a gradient must have its "
                          "input's dtype, so do not force float32 (or cast back to A.dtype and B.dtype).",
           must_mention=("dtype|float",)),
]

# --------------------------------------------------------------------------------------------------
# 06.scale_by_variable: y = x · w², w a tf.Variable read from outside.
# dL/dx = upstream · w²; dL/dw = Σ upstream · x · 2w, returned in a list.
# --------------------------------------------------------------------------------------------------

SCALE_BY_VARIABLE = [
    Answer(key="06.scale_by_variable", label="contract followed, dw summed", code='''w = tf.Variable(2.0)

@tf.custom_gradient
def scale(x):
    def grad(upstream, variables=None):
        dx = upstream * w ** 2
        dw = tf.reduce_sum(upstream * x * 2.0 * w)
        return dx, [dw]
    return x * w ** 2, grad
''', right=True),

    Answer(key="06.scale_by_variable", label="gradients matched to variables by ref", code='''w = tf.Variable(2.0)

@tf.custom_gradient
def scale(x):
    def grad(upstream, variables=None):
        by_variable = {w.ref(): 2 * w * tf.reduce_sum(upstream * x)}
        return upstream * tf.square(w), [by_variable[v.ref()] for v in variables]
    return x * tf.square(w), grad
''', right=True),

    Answer(key="06.scale_by_variable", label="input gradient also wrapped in a list", code='''w = tf.Variable(2.0)

@tf.custom_gradient
def scale(x):
    w_squared = w * w
    def grad(upstream, variables=None):
        return [upstream * w_squared], [tf.reduce_sum(2.0 * w * x * upstream)]
    return x * w_squared, grad
''', right=True),

    Answer(key="06.scale_by_variable", label="dw not summed", code='''w = tf.Variable(2.0)

@tf.custom_gradient
def scale(x):
    def grad(upstream, variables=None):
        dx = upstream * w ** 2
        dw = upstream * x * 2.0 * w
        return dx, [dw]
    return x * w ** 2, grad
''', right=False, mistake="w is one number used by every entry of x: its gradient is the sum Σ upstream·x·2w, "
                          "a scalar, not one value per entry.",
           must_mention=("sum",)),

    Answer(key="06.scale_by_variable", label="dw summed over axis 0 only", code='''w = tf.Variable(2.0)

@tf.custom_gradient
def scale(x):
    def grad(upstream, variables=None):
        dx = upstream * w ** 2
        dw = tf.reduce_sum(upstream * x * 2.0 * w, axis=0)
        return dx, [dw]
    return x * w ** 2, grad
''', right=False, mistake="Summing over axis 0 leaves one value per column for a matrix x; w is a scalar, so "
                          "sum over all entries (tf.reduce_sum with no axis).",
           must_mention=("sum|axis|axes|all|shape|scalar",)),

    Answer(key="06.scale_by_variable", label="factor 2 forgotten in dw", code='''w = tf.Variable(2.0)

@tf.custom_gradient
def scale(x):
    def grad(upstream, variables=None):
        dx = upstream * w ** 2
        dw = tf.reduce_sum(upstream * x * w)
        return dx, [dw]
    return x * w ** 2, grad
''', right=False, mistake="d(w²)/dw = 2w, not w: dw is missing the factor 2.",
           must_mention=("2w|2 w|2·w|2*w|2 * w|factor|twice",)),

    Answer(key="06.scale_by_variable", label="dx uses w instead of w squared", code='''w = tf.Variable(2.0)

@tf.custom_gradient
def scale(x):
    def grad(upstream, variables=None):
        dx = upstream * w
        dw = tf.reduce_sum(upstream * x * 2.0 * w)
        return dx, [dw]
    return x * w ** 2, grad
''', right=False, mistake="y = x·w², so dy/dx = w², not w.",
           must_mention=("w²|w**2|w ** 2|square|w^2",)),

    Answer(key="06.scale_by_variable", label="hard-coded w = 2", code='''w = tf.Variable(2.0)

@tf.custom_gradient
def scale(x):
    def grad(upstream, variables=None):
        dx = upstream * 4.0                     # w² = 4
        dw = tf.reduce_sum(upstream * x) * 4.0  # 2w = 4
        return dx, [dw]
    return x * w ** 2, grad
''', right=False, mistake="The numbers 4.0 are w² and 2w at w = 2 only; read w in grad so the gradient follows "
                          "the variable's current value.",
           must_mention=("hard|other value|value of w|values of w|current|depend",)),

    Answer(key="06.scale_by_variable", label="w squared cached with .numpy() when the cell runs", code='''w = tf.Variable(2.0)
w_squared = w.numpy() ** 2
two_w = 2 * w.numpy()

@tf.custom_gradient
def scale(x):
    def grad(upstream, variables=None):
        return upstream * w_squared, [tf.reduce_sum(upstream * x) * two_w]
    return x * w ** 2, grad
''', right=False, mistake="w_squared and two_w are frozen at w = 2 when the cell runs; when w changes the forward "
                          "follows it but grad does not: compute them from w inside grad.",
           must_mention=("hard|other value|value of w|values of w|current|depend|numpy|frozen|stale",)),

    Answer(key="06.scale_by_variable", label="variable gradient not in a list", code='''w = tf.Variable(2.0)

@tf.custom_gradient
def scale(x):
    def grad(upstream, variables=None):
        dx = upstream * w ** 2
        dw = tf.reduce_sum(upstream * x * 2.0 * w)
        return dx, dw
    return x * w ** 2, grad
''', right=False, mistake="The variable gradients must be a list with one entry per variable: return dx, [dw].",
           must_mention=("list",)),

    Answer(key="06.scale_by_variable", label="grad without variables=", code='''w = tf.Variable(2.0)

@tf.custom_gradient
def scale(x):
    def grad(upstream):
        dx = upstream * w ** 2
        dw = tf.reduce_sum(upstream * x * 2.0 * w)
        return dx, [dw]
    return x * w ** 2, grad
''', right=False, mistake="The forward reads the tf.Variable w, so grad must accept variables=None "
                          "(TensorFlow raises a TypeError on the first call).",
           must_mention=("variables",)),

    Answer(key="06.scale_by_variable", label="only the input gradient returned", code='''w = tf.Variable(2.0)

@tf.custom_gradient
def scale(x):
    def grad(upstream, variables=None):
        return upstream * w ** 2
    return x * w ** 2, grad
''', right=False, mistake="With variables, grad returns a pair: (dL/dx, [dL/dw]); the gradient for w is missing.",
           must_mention=("variable|pair|list",)),

    Answer(key="06.scale_by_variable", label="variable gradient returned first", code='''w = tf.Variable(2.0)

@tf.custom_gradient
def scale(x):
    def grad(upstream, variables=None):
        dx = upstream * w ** 2
        dw = tf.reduce_sum(upstream * x * 2.0 * w)
        return [dw], dx
    return x * w ** 2, grad
''', right=False, mistake="The order is (input gradients, [variable gradients]): return dx, [dw].",
           must_mention=("order|first|swap",)),

    Answer(key="06.scale_by_variable", label="mean instead of sum for dw", code='''w = tf.Variable(2.0)

@tf.custom_gradient
def scale(x):
    def grad(upstream, variables=None):
        dx = upstream * w ** 2
        dw = tf.reduce_mean(upstream * x * 2.0 * w)
        return dx, [dw]
    return x * w ** 2, grad
''', right=False, mistake="Every entry of x contributes through w: add the contributions (reduce_sum), do not "
                          "average them.",
           must_mention=("sum|mean|averag",)),

    Answer(key="06.scale_by_variable", label="upstream forgotten in dw", code='''w = tf.Variable(2.0)

@tf.custom_gradient
def scale(x):
    def grad(upstream, variables=None):
        dx = upstream * w ** 2
        dw = tf.reduce_sum(2.0 * w * x)
        return dx, [dw]
    return x * w ** 2, grad
''', right=False, mistake="dw must be weighted by the upstream: Σ upstream · x · 2w (chain rule).",
           must_mention=("upstream",)),

    Answer(key="06.scale_by_variable", label="dw reshaped to shape (1,)", code='''w = tf.Variable(2.0)

@tf.custom_gradient
def scale(x):
    def grad(upstream, variables=None):
        dx = upstream * w ** 2
        dw = tf.reshape(tf.reduce_sum(upstream * x * 2.0 * w), [1])
        return dx, [dw]
    return x * w ** 2, grad
''', right=False, mistake="w is a scalar (shape ()), so its gradient must be a scalar too, not shape (1,).",
           must_mention=("shape|scalar",)),

    Answer(key="06.scale_by_variable", label="typo tf.reduce_summ", code='''w = tf.Variable(2.0)

@tf.custom_gradient
def scale(x):
    def grad(upstream, variables=None):
        dx = upstream * w ** 2
        dw = tf.reduce_summ(upstream * x * 2.0 * w)
        return dx, [dw]
    return x * w ** 2, grad
''', right=False, mistake="tf.reduce_summ does not exist: it is tf.reduce_sum.",
           must_mention=()),
]

# --------------------------------------------------------------------------------------------------
# 07.fused_second_derivative: first derivative = slope 1 − tanh² x from fused_tanh, second derivative
# d/dx(1 − tanh² x) = −2 tanh x (1 − tanh² x).
# --------------------------------------------------------------------------------------------------

FUSED_SECOND_DERIVATIVE = [
    Answer(key="07.fused_second_derivative", label="nested custom gradient, -2 y slope", code='''@tf.custom_gradient
def tanh_op(x):
    y, slope = fused_tanh(x)
    def grad(dy):
        @tf.custom_gradient
        def first_derivative(x):
            def second_derivative(ddy):
                return ddy * (-2.0 * y * slope)      # d/dx (1 - tanh²x) = -2 tanh x (1 - tanh²x)
            return slope, second_derivative
        return dy * first_derivative(x)
    return y, grad
''', right=True),

    Answer(key="07.fused_second_derivative", label="first derivative defined outside grad, 2y(y^2-1)", code='''@tf.custom_gradient
def tanh_op(x):
    y, slope = fused_tanh(x)

    @tf.custom_gradient
    def tanh_slope(x):
        return slope, lambda ddy: ddy * 2.0 * y * (y * y - 1.0)

    def grad(dy):
        return tanh_slope(x) * dy
    return y, grad
''', right=True),

    Answer(key="07.fused_second_derivative", label="second derivative from sinh and cosh", code='''@tf.custom_gradient
def tanh_op(x):
    y, slope = fused_tanh(x)
    def grad(dy):
        @tf.custom_gradient
        def first_derivative(x):
            def second_derivative(ddy):
                return -2.0 * ddy * tf.sinh(x) / tf.cosh(x) ** 3    # = -2 tanh x sech² x
            return slope, second_derivative
        return dy * first_derivative(x)
    return y, grad
''', right=True),

    Answer(key="07.fused_second_derivative", label="slope recomputed with tf.tanh in grad", code='''@tf.custom_gradient
def tanh_op(x):
    y, slope = fused_tanh(x)
    def grad(dy):
        return dy * (1.0 - tf.tanh(x) ** 2)   # same value as slope, but the tape can differentiate it
    return y, grad
''', right=False, mistake="recomputes the slope with tf.tanh, which the tape can see: the prompt asks for fused_tanh's "
           "slope (relabelled wrong by the course authors when the prompt was made explicit)",
           must_mention=("fused",)),

    Answer(key="07.fused_second_derivative", label="naive nesting: grad itself decorated", code='''@tf.custom_gradient
def tanh_op(x):
    y, slope = fused_tanh(x)
    @tf.custom_gradient
    def grad(dy):
        def grad_grad(ddy):
            return ddy * (-2.0 * y * slope)
        return dy * slope, grad_grad
    return y, grad
''', right=False, mistake="Decorating grad makes grad_grad a gradient with respect to dy, not x; make the first "
                          "derivative a custom-gradient function of x and multiply by dy outside it.",
           must_mention=("dy|upstream|function of x|nest",)),

    Answer(key="07.fused_second_derivative", label="second derivative with the wrong sign", code='''@tf.custom_gradient
def tanh_op(x):
    y, slope = fused_tanh(x)
    def grad(dy):
        @tf.custom_gradient
        def first_derivative(x):
            def second_derivative(ddy):
                return ddy * 2.0 * y * slope
            return slope, second_derivative
        return dy * first_derivative(x)
    return y, grad
''', right=False, mistake="d/dx(1 − tanh² x) = −2 tanh x (1 − tanh² x): the sign is wrong.",
           must_mention=("sign|minus|negative|−2|-2",)),

    Answer(key="07.fused_second_derivative", label="factor 2 forgotten", code='''@tf.custom_gradient
def tanh_op(x):
    y, slope = fused_tanh(x)
    def grad(dy):
        @tf.custom_gradient
        def first_derivative(x):
            def second_derivative(ddy):
                return -ddy * y * slope
            return slope, second_derivative
        return dy * first_derivative(x)
    return y, grad
''', right=False, mistake="The derivative of tanh² x is 2 tanh x · (1 − tanh² x): the factor 2 is missing.",
           must_mention=("factor|twice|−2|-2|2 tanh|2·tanh|2y",)),

    Answer(key="07.fused_second_derivative", label="chain rule forgotten: -2 tanh x", code='''@tf.custom_gradient
def tanh_op(x):
    y, slope = fused_tanh(x)
    def grad(dy):
        @tf.custom_gradient
        def first_derivative(x):
            def second_derivative(ddy):
                return ddy * (-2.0 * y)         # d(1 - t²)/dt
            return slope, second_derivative
        return dy * first_derivative(x)
    return y, grad
''', right=False, mistake="−2 tanh x is the derivative with respect to tanh x; by the chain rule multiply by "
                          "d tanh x/dx = 1 − tanh² x.",
           must_mention=("chain|slope|1 - tanh|1 − tanh|sech",)),

    Answer(key="07.fused_second_derivative", label="x instead of tanh x in the second derivative", code='''@tf.custom_gradient
def tanh_op(x):
    y, slope = fused_tanh(x)
    def grad(dy):
        @tf.custom_gradient
        def first_derivative(x):
            def second_derivative(ddy):
                return ddy * (-2.0 * x * slope)
            return slope, second_derivative
        return dy * first_derivative(x)
    return y, grad
''', right=False, mistake="The second derivative is −2 tanh x (1 − tanh² x); it uses tanh x (y), not x itself.",
           must_mention=("tanh",)),

    Answer(key="07.fused_second_derivative", label="ddy ignored in the second derivative", code='''@tf.custom_gradient
def tanh_op(x):
    y, slope = fused_tanh(x)
    def grad(dy):
        @tf.custom_gradient
        def first_derivative(x):
            def second_derivative(ddy):
                return -2.0 * y * slope
            return slope, second_derivative
        return dy * first_derivative(x)
    return y, grad
''', right=False, mistake="second_derivative must multiply by its own upstream ddy, like any grad.",
           must_mention=("upstream|ddy",)),

    Answer(key="07.fused_second_derivative", label="dy multiplied inside the first-derivative function", code='''@tf.custom_gradient
def tanh_op(x):
    y, slope = fused_tanh(x)
    def grad(dy):
        @tf.custom_gradient
        def first_derivative(x):
            def second_derivative(ddy):
                return ddy * (-2.0 * y * slope)
            return dy * slope, second_derivative
        return first_derivative(x)
    return y, grad
''', right=False, mistake="dy is multiplied inside the custom-gradient function, whose gradient forgets it: the "
                          "second derivative misses the factor dy (and any dependence of dy on x); multiply by dy "
                          "outside it.",
           must_mention=("dy|upstream|outside",)),

    Answer(key="07.fused_second_derivative", label="NumPy in the second derivative", code='''@tf.custom_gradient
def tanh_op(x):
    y, slope = fused_tanh(x)
    def grad(dy):
        @tf.custom_gradient
        def first_derivative(x):
            def second_derivative(ddy):
                t = np.tanh(x)
                return ddy * (-2.0 * t * (1.0 - t ** 2))
            return slope, second_derivative
        return dy * first_derivative(x)
    return y, grad
''', right=False, mistake="np.tanh works on eager tensors only; inside tf.function x is symbolic and NumPy "
                          "fails: use tf.tanh (or y and slope).",
           must_mention=("numpy|tf.function|symbolic|graph",)),

    Answer(key="07.fused_second_derivative", label="1 - y**2 with y from the fused call", code='''@tf.custom_gradient
def tanh_op(x):
    y, slope = fused_tanh(x)
    def grad(dy):
        return dy * (1.0 - y ** 2)
    return y, grad
''', right=False, mistake="y comes from fused_tanh, which the tape cannot see into, so 1 − y² is a constant to "
                          "the outer tape and the second derivative is None.",
           must_mention=("none|second",)),

    Answer(key="07.fused_second_derivative", label="inner custom-gradient function called with a keyword", code='''@tf.custom_gradient
def tanh_op(x):
    y, slope = fused_tanh(x)
    def grad(dy):
        @tf.custom_gradient
        def first_derivative(x):
            def second_derivative(ddy):
                return ddy * (-2.0 * y * slope)
            return slope, second_derivative
        return dy * first_derivative(x=x)
    return y, grad
''', right=False, mistake="Called with a keyword argument, a custom-gradient function skips its custom gradient "
                          "eagerly (and fails inside tf.function): call first_derivative(x) positionally.",
           must_mention=("keyword|positional",)),

    Answer(key="07.fused_second_derivative", label="typo tf.tanhh", code='''@tf.custom_gradient
def tanh_op(x):
    y, slope = fused_tanh(x)
    def grad(dy):
        @tf.custom_gradient
        def first_derivative(x):
            def second_derivative(ddy):
                t = tf.tanhh(x)
                return ddy * (-2.0 * t * (1.0 - t * t))
            return slope, second_derivative
        return dy * first_derivative(x)
    return y, grad
''', right=False, mistake="tf.tanhh does not exist: it is tf.tanh (or reuse y).",
           must_mention=()),

    Answer(key="07.fused_second_derivative", label="first derivative function returns only the slope", code='''@tf.custom_gradient
def tanh_op(x):
    y, slope = fused_tanh(x)
    def grad(dy):
        @tf.custom_gradient
        def first_derivative(x):
            def second_derivative(ddy):
                return ddy * (-2.0 * y * slope)
            return slope
        return dy * first_derivative(x)
    return y, grad
''', right=False, mistake="A @tf.custom_gradient function must return the pair (value, grad): return slope, "
                          "second_derivative.",
           must_mention=()),

    Answer(key="07.fused_second_derivative", label="grad missing its return", code='''@tf.custom_gradient
def tanh_op(x):
    y, slope = fused_tanh(x)
    def grad(dy):
        @tf.custom_gradient
        def first_derivative(x):
            def second_derivative(ddy):
                return ddy * (-2.0 * y * slope)
            return slope, second_derivative
        dy * first_derivative(x)
    return y, grad
''', right=False, mistake="grad computes dy · first_derivative(x) but does not return it, so it returns None.",
           must_mention=("return|none",)),

    Answer(key="07.fused_second_derivative", label="first-derivative function takes no argument", code='''@tf.custom_gradient
def tanh_op(x):
    y, slope = fused_tanh(x)
    def grad(dy):
        @tf.custom_gradient
        def first_derivative():
            def second_derivative(ddy):
                return ddy * (-2.0 * y * slope)
            return slope, second_derivative
        return dy * first_derivative()
    return y, grad
''', right=False, mistake="The first-derivative function must take x as its input; with no input the outer tape "
                          "sees no path from it back to x.",
           must_mention=("input|argument|function of x",)),
]

# --------------------------------------------------------------------------------------------------
# 08.implicit_scalar: z = tanh(w z) + x. With s = 1 − tanh²(w z):
# dL/dx = g / (1 − w s), dL/dw = Σ g s z / (1 − w s).
# --------------------------------------------------------------------------------------------------

IMPLICIT_SCALAR = [
    Answer(key="08.implicit_scalar", label="three steps with tf.tanh", code='''@helpers.strict_custom_gradient
def fixed_point(x, w):
    z = iterate_fixed_point(x, w)
    def grad(upstream):
        s = 1.0 - tf.tanh(w * z) ** 2          # slope of tanh at w z
        factor = 1.0 / (1.0 - w * s)
        dx = upstream * factor
        dw = tf.reduce_sum(upstream * s * z * factor)
        return dx, dw
    return z, grad
''', right=True),

    Answer(key="08.implicit_scalar", label="slope from the fixed point, tanh(wz) = z - x", code='''@helpers.strict_custom_gradient
def fixed_point(x, w):
    z = iterate_fixed_point(x, w)
    def grad(upstream):
        t = z - x                               # at the fixed point tanh(w z) = z - x
        s = 1 - t * t
        dx = upstream / (1 - w * s)
        return dx, tf.reduce_sum(dx * s * z)    # dL/dw = Σ dL/dx · ∂(tanh(wz))/∂w
    return z, grad
''', right=True),

    Answer(key="08.implicit_scalar", label="sech squared via cosh, tf.math.divide", code='''@helpers.strict_custom_gradient
def fixed_point(x, w):
    z = iterate_fixed_point(x, w)
    def grad(upstream):
        sech2 = 1.0 / tf.math.cosh(w * z) ** 2
        denominator = 1.0 - w * sech2
        dz_dx = tf.math.divide(tf.ones_like(z), denominator)
        dz_dw = tf.math.divide(z * sech2, denominator)
        return upstream * dz_dx, tf.reduce_sum(upstream * dz_dw)
    return z, grad
''', right=True),

    Answer(key="08.implicit_scalar", label="adjoint equation solved by iteration", code='''@helpers.strict_custom_gradient
def fixed_point(x, w):
    z = iterate_fixed_point(x, w)
    def grad(upstream):
        s = 1.0 - tf.tanh(w * z) ** 2
        zbar = upstream
        for _ in range(500):                    # zbar = g + w s zbar, a contraction since |w s| < 1
            zbar = upstream + w * s * zbar
        return zbar, tf.reduce_sum(zbar * s * z)
    return z, grad
''', right=True),

    Answer(key="08.implicit_scalar", label="last iteration only, no 1/(1 - w s)", code='''@helpers.strict_custom_gradient
def fixed_point(x, w):
    z = iterate_fixed_point(x, w)
    def grad(upstream):
        s = 1.0 - tf.tanh(w * z) ** 2
        return upstream, tf.reduce_sum(upstream * s * z)
    return z, grad
''', right=False, mistake="That differentiates only the last step z = tanh(w z) + x with z held fixed; z depends "
                          "on x and w too, and solving for dz gives the factor 1/(1 − w (1 − tanh²(w z))).",
           must_mention=("1 - w|1 − w|denominator|divid|solve|factor|depends",)),

    Answer(key="08.implicit_scalar", label="dw not summed", code='''@helpers.strict_custom_gradient
def fixed_point(x, w):
    z = iterate_fixed_point(x, w)
    def grad(upstream):
        s = 1.0 - tf.tanh(w * z) ** 2
        factor = 1.0 / (1.0 - w * s)
        return upstream * factor, upstream * s * z * factor
    return z, grad
''', right=False, mistake="w is one number used by every entry: dL/dw is the sum over all entries, a scalar.",
           must_mention=("sum",)),

    Answer(key="08.implicit_scalar", label="dw summed over axis 0 only", code='''@helpers.strict_custom_gradient
def fixed_point(x, w):
    z = iterate_fixed_point(x, w)
    def grad(upstream):
        s = 1.0 - tf.tanh(w * z) ** 2
        factor = 1.0 / (1.0 - w * s)
        return upstream * factor, tf.reduce_sum(upstream * s * z * factor, axis=0)
    return z, grad
''', right=False, mistake="For a matrix x, summing over axis 0 leaves a vector; w is a scalar, so sum over all "
                          "entries.",
           must_mention=("sum|axis|axes|all|shape|scalar",)),

    Answer(key="08.implicit_scalar", label="mean instead of sum for dw", code='''@helpers.strict_custom_gradient
def fixed_point(x, w):
    z = iterate_fixed_point(x, w)
    def grad(upstream):
        s = 1.0 - tf.tanh(w * z) ** 2
        factor = 1.0 / (1.0 - w * s)
        return upstream * factor, tf.reduce_mean(upstream * s * z * factor)
    return z, grad
''', right=False, mistake="Each entry's contribution to dL/dw adds up: use the sum, not the mean.",
           must_mention=("sum|mean|averag",)),

    Answer(key="08.implicit_scalar", label="1 + w s in the denominator", code='''@helpers.strict_custom_gradient
def fixed_point(x, w):
    z = iterate_fixed_point(x, w)
    def grad(upstream):
        s = 1.0 - tf.tanh(w * z) ** 2
        factor = 1.0 / (1.0 + w * s)
        return upstream * factor, tf.reduce_sum(upstream * s * z * factor)
    return z, grad
''', right=False, mistake="Moving w s dz to the left gives (1 − w s) dz, so the factor is 1/(1 − w s): the sign "
                          "is wrong.",
           must_mention=("sign|1 - w|1 − w|minus",)),

    Answer(key="08.implicit_scalar", label="slope of tanh taken at z instead of w z", code='''@helpers.strict_custom_gradient
def fixed_point(x, w):
    z = iterate_fixed_point(x, w)
    def grad(upstream):
        s = 1.0 - tf.tanh(z) ** 2
        factor = 1.0 / (1.0 - w * s)
        return upstream * factor, tf.reduce_sum(upstream * s * z * factor)
    return z, grad
''', right=False, mistake="tanh is applied to w z, so its slope is 1 − tanh²(w z), not 1 − tanh²(z).",
           must_mention=("wz|w z|w·z|w*z|w * z|w⋅z",)),

    Answer(key="08.implicit_scalar", label="copied the notebook's w sin z formulas", code='''@helpers.strict_custom_gradient
def fixed_point(x, w):
    z = iterate_fixed_point(x, w)
    def grad(upstream):
        scale = 1 / (1 - w * tf.cos(z))
        return upstream * scale, tf.reduce_sum(upstream * tf.sin(z) * scale)
    return z, grad
''', right=False, mistake="Those are the formulas for z = w sin z + x from the notebook; here the map is "
                          "tanh(w z) + x, so redo the three steps with its derivatives.",
           must_mention=("tanh",)),

    Answer(key="08.implicit_scalar", label="factor z forgotten in dw", code='''@helpers.strict_custom_gradient
def fixed_point(x, w):
    z = iterate_fixed_point(x, w)
    def grad(upstream):
        s = 1.0 - tf.tanh(w * z) ** 2
        factor = 1.0 / (1.0 - w * s)
        return upstream * factor, tf.reduce_sum(upstream * s * factor)
    return z, grad
''', right=False, mistake="∂tanh(w z)/∂w = z (1 − tanh²(w z)): by the chain rule dw needs the factor z.",
           must_mention=("chain|factor|times z|z·|z *|z (1|z(1",)),

    Answer(key="08.implicit_scalar", label="upstream forgotten", code='''@helpers.strict_custom_gradient
def fixed_point(x, w):
    z = iterate_fixed_point(x, w)
    def grad(upstream):
        s = 1.0 - tf.tanh(w * z) ** 2
        factor = 1.0 / (1.0 - w * s)
        return factor, tf.reduce_sum(s * z * factor)
    return z, grad
''', right=False, mistake="These are ∂z/∂x and Σ ∂z/∂w; multiply by the upstream g = dL/dz before summing.",
           must_mention=("upstream",)),

    Answer(key="08.implicit_scalar", label="hard-coded w = 0.7 from the notebook", code='''@helpers.strict_custom_gradient
def fixed_point(x, w):
    z = iterate_fixed_point(x, w)
    def grad(upstream):
        s = 1.0 - tf.tanh(0.7 * z) ** 2
        factor = 1.0 / (1.0 - 0.7 * s)
        return upstream * factor, tf.reduce_sum(upstream * s * z * factor)
    return z, grad
''', right=False, mistake="0.7 is the notebook's example value; use the argument w, which the checker varies.",
           must_mention=("hard|other value|value of w|values of w|0.7|argument",)),

    Answer(key="08.implicit_scalar", label="gradients returned as (dw, dx)", code='''@helpers.strict_custom_gradient
def fixed_point(x, w):
    z = iterate_fixed_point(x, w)
    def grad(upstream):
        s = 1.0 - tf.tanh(w * z) ** 2
        factor = 1.0 / (1.0 - w * s)
        return tf.reduce_sum(upstream * s * z * factor), upstream * factor
    return z, grad
''', right=False, mistake="Return the gradients in the order of the inputs: (dL/dx, dL/dw).",
           must_mention=("order|swap",)),

    Answer(key="08.implicit_scalar", label="NumPy inside grad", code='''@helpers.strict_custom_gradient
def fixed_point(x, w):
    z = iterate_fixed_point(x, w)
    def grad(upstream):
        g, z_np, w_np = upstream.numpy(), z.numpy(), w.numpy()
        s = 1.0 - np.tanh(w_np * z_np) ** 2
        factor = 1.0 / (1.0 - w_np * s)
        return g * factor, np.sum(g * s * z_np * factor)
    return z, grad
''', right=False, mistake="grad returns NumPy values: compute the gradients with TensorFlow ops on the tensors.",
           must_mention=("numpy|tensorflow op|tensor",)),

    Answer(key="08.implicit_scalar", label="only dL/dx returned", code='''@helpers.strict_custom_gradient
def fixed_point(x, w):
    z = iterate_fixed_point(x, w)
    def grad(upstream):
        s = 1.0 - tf.tanh(w * z) ** 2
        return upstream / (1.0 - w * s)
    return z, grad
''', right=False, mistake="fixed_point has two inputs, x and w: return (dL/dx, dL/dw).",
           must_mention=()),

    Answer(key="08.implicit_scalar", label="iterate_fixed_point called with w and x swapped", code='''@helpers.strict_custom_gradient
def fixed_point(x, w):
    z = iterate_fixed_point(w, x)
    def grad(upstream):
        s = 1.0 - tf.tanh(w * z) ** 2
        factor = 1.0 / (1.0 - w * s)
        return upstream * factor, tf.reduce_sum(upstream * s * z * factor)
    return z, grad
''', right=False, mistake="iterate_fixed_point takes (x, w) in that order; with the arguments swapped the forward "
                          "solves a different fixed point.",
           must_mention=("order|argument|swap|forward|value",)),

    Answer(key="08.implicit_scalar", label="typo tf.tahn", code='''@helpers.strict_custom_gradient
def fixed_point(x, w):
    z = iterate_fixed_point(x, w)
    def grad(upstream):
        s = 1.0 - tf.tahn(w * z) ** 2
        factor = 1.0 / (1.0 - w * s)
        return upstream * factor, tf.reduce_sum(upstream * s * z * factor)
    return z, grad
''', right=False, mistake="tf.tahn does not exist: it is tf.tanh.",
           must_mention=()),

    Answer(key="08.implicit_scalar", label="float32 constant breaks float64 inputs", code='''@helpers.strict_custom_gradient
def fixed_point(x, w):
    z = iterate_fixed_point(x, w)
    one = tf.constant(1.0)
    def grad(upstream):
        s = one - tf.tanh(w * z) ** 2
        factor = one / (one - w * s)
        return upstream * factor, tf.reduce_sum(upstream * s * z * factor)
    return z, grad
''', right=False, mistake="tf.constant(1.0) is float32 and cannot be combined with float64 tensors; use the "
                          "Python number 1.0 (or tf.ones_like(z)) so the dtype follows the input.",
           must_mention=("dtype|float",)),
]

ANSWERS = BATCHED_MATMUL + SCALE_BY_VARIABLE + FUSED_SECOND_DERIVATIVE + IMPLICIT_SCALAR
