"""Learner answers, set g: written from the learner's side, by someone who did not read the judges. The
course authors changed one thing: the never-ending loop's bound, from 5000 steps to 300 (the answer fails the
same way, in a second instead of eleven).

Themes: debugging code left in answers (print, tf.print, assert, .numpy()), other dtypes (float16,
float64 casts, int constants, complex numbers, Python's math), less common TensorFlow API (einsum,
tensordot, map_fn, vectorized_map, sparse tensors, numpy_function, py_function, tf.cond, tf.while_loop,
ForwardAccumulator, tf.hessians, RegisterGradient), half-understood decorators, shadowed names, code that
returns None by accident, one answer that never stops (bounded here; label starts with "slow-"), and
answers that are right in an unusual way.
"""

from learner_answer_types import Answer

ANSWERS = [
    # ------------------------------------------------------------------ 00.warmup
    Answer("00.warmup", "tape-gradient-tensor", r'''
x = tf.constant(3.0)
with tf.GradientTape() as tape:
    tape.watch(x)
    y = x ** 2
answer = tape.gradient(y, x)      # let TensorFlow do it
''', True),
    Answer("00.warmup", "complex-step", r'''
h = 1e-20
answer = ((3 + 1j * h) ** 2).imag / h     # complex-step derivative: exact, no cancellation
''', True),
    Answer("00.warmup", "finite-difference-step-1", r'''
answer = ((3 + 1) ** 2 - 3 ** 2) / 1      # rise over run
''', False, "a difference quotient with step 1 is not the derivative: it gives 7, the slope 2x at 3 is 6",
           ("derivative|2x|2·x|2 x|slope|limit",)),
    Answer("00.warmup", "tape-without-watch", r'''
x = tf.constant(3.0)
with tf.GradientTape() as tape:
    y = x ** 2
answer = tape.gradient(y, x)
''', False, "the tape did not watch the constant x, so tape.gradient returned None",
           ("None|watch",)),
    Answer("00.warmup", "print-returns-none", r'''
answer = print(2 * 3)   # shows 6
''', False, "print shows 6 but returns None: answer is None, not a number",
           ("None|number",)),

    # ------------------------------------------------------------------ 01.chain_derivative
    Answer("01.chain_derivative", "locals-multiplied-outermost-first", r'''
answer = (2 * 81) * (2 * 9) * (2 * 3)    # local derivatives of the links that see 81, 9, 3
''', True),
    Answer("01.chain_derivative", "chaintrace-float64-tensor", r'''
trace = helpers.ChainTrace()
f = trace.link("f", forward=lambda v: v ** 2, local=lambda v: 2 * v)
x = tf.constant(3.0, dtype=tf.float64)
with tf.GradientTape() as tape:
    tape.watch(x)
    y = f(f(f(x)))
answer = tape.gradient(y, x)
''', True),
    Answer("01.chain_derivative", "float16-tape", r'''
x = tf.constant(3.0, dtype=tf.float16)     # half precision is plenty for small numbers
with tf.GradientTape() as tape:
    tape.watch(x)
    y = ((x ** 2) ** 2) ** 2
answer = tape.gradient(y, x)
''', False, "float16 cannot hold 17496 (its spacing there is 16): the tape returns a rounded 17504",
           ("float16|precision|round|half",)),
    Answer("01.chain_derivative", "caret-for-power", r'''
answer = 8 * 3 ^ 7      # d/dx x^8 = 8 x^7
''', False, "^ is bitwise XOR in Python, not a power: 8 * 3 ^ 7 is 31; the derivative is 8·3**7 = 17496",
           ("power|**|xor|product|local",)),
    Answer("01.chain_derivative", "product-of-link-inputs", r'''
answer = 3 * 9 * 81     # the chain rule multiplies what each link sees
''', False, "multiplies the links' inputs, not their local derivatives 2v: each factor 2 is missing (2187 = 17496 / 8)",
           ("local|2x|2·x|2v|2 v|factor|derivative",)),

    # ------------------------------------------------------------------ 01.upstreams
    Answer("01.upstreams", "products-written-out", r'''
upstreams = [1, 2 * 81, 2 * 81 * 2 * 9]
''', True),
    Answer("01.upstreams", "as-a-tensor", r'''
upstreams = tf.constant([1.0, 162.0, 2916.0])
''', True),
    Answer("01.upstreams", "read-from-chaintrace", r'''
trace = helpers.ChainTrace()
f = trace.link("f", forward=lambda v: v ** 2, local=lambda v: 2 * v)
x = tf.constant(3.0)
with tf.GradientTape() as tape:
    tape.watch(x)
    y = f(f(f(x)))
tape.gradient(y, x)
upstreams = [r.upstream for r in trace.backward]
''', True),
    Answer("01.upstreams", "list-reverse-returns-none", r'''
forward_order = [2916, 162, 1]          # upstreams of the calls that see 3, 9, 81
upstreams = forward_order.reverse()     # the backward pass visits them in reverse
''', False, "list.reverse() reverses in place and returns None, so upstreams is None",
           ("None|list",)),
    Answer("01.upstreams", "four-including-dydx", r'''
upstreams = [1, 162, 2916, 17496]
''', False, "17496 is dy/dx, the last link's downstream, not an upstream any call receives: three calls, three upstreams",
           ("three|3 |downstream|dy/dx|17496",)),
    Answer("01.upstreams", "local-derivatives", r'''
upstreams = [2 * 81, 2 * 9, 2 * 3]
''', False, "these are the local derivatives of the three links; each upstream is the product of the locals after it",
           ("local|product|downstream",)),

    # ------------------------------------------------------------------ 01.local_sin
    Answer("01.local_sin", "shifted-sine", r'''
def local_sin(x):
    return tf.sin(x + np.pi / 2)     # cos x = sin(x + π/2)
''', True),
    Answer("01.local_sin", "real-part-of-complex-exponential", r'''
def local_sin(x):
    # cos x is the real part of e^{ix}
    return tf.math.real(tf.exp(tf.complex(tf.zeros_like(x), x)))
''', True),
    Answer("01.local_sin", "python-math-cos", r'''
import math

def local_sin(x):
    return math.cos(x)
''', False, "math.cos works on one Python number: it fails on a vector tensor and returns a float, not a tensor",
           ("tf.cos|tf.math.cos|tensorflow|tensor",)),
    Answer("01.local_sin", "cast-to-float32", r'''
def local_sin(x):
    return tf.cos(tf.cast(x, tf.float32))
''', False, "computes in float32: a float32 result with about 7 digits for a float64 input",
           ("float32|float64|dtype|precision",)),
    Answer("01.local_sin", "degrees", r'''
def local_sin(x):
    return tf.cos(x * 180 / np.pi)     # angle in degrees
''', False, "converts radians to degrees: tf.cos takes radians, the derivative of sin x is cos x",
           ("radian|degree",)),
    Answer("01.local_sin", "tf-print-no-return", r'''
def local_sin(x):
    d = tf.cos(x)
    tf.print("local derivative:", d)
''', False, "prints cos x but returns nothing: the function returns None",
           ("None|return",)),

    # ------------------------------------------------------------------ 02.x_sin_x
    Answer("02.x_sin_x", "einsum-elementwise", r'''
@strict_custom_gradient
def x_sin_x(x):
    def grad(upstream):
        local = tf.sin(x) + x * tf.cos(x)
        return tf.einsum("...,...->...", upstream, local)
    return x * tf.sin(x), grad
''', True),
    Answer("02.x_sin_x", "python-loop-over-rows", r'''
@strict_custom_gradient
def x_sin_x(x):
    def grad(upstream):
        rows = []
        for i in range(x.shape[0]):          # one row (or entry) at a time
            rows.append(upstream[i] * (tf.sin(x[i]) + x[i] * tf.cos(x[i])))
        return tf.stack(rows)
    return x * tf.sin(x), grad
''', True),
    Answer("02.x_sin_x", "assert-scalar-upstream", r'''
@strict_custom_gradient
def x_sin_x(x):
    def grad(upstream):
        assert upstream.shape == (), "upstream should be one number"
        return upstream * (tf.sin(x) + x * tf.cos(x))
    return x * tf.sin(x), grad
''', False, "upstream has the shape of y (a vector or matrix here), not one number: the assert fails",
           ("shape|vector|matrix",)),
    Answer("02.x_sin_x", "grad-is-a-tensor", r'''
@strict_custom_gradient
def x_sin_x(x):
    grad = tf.sin(x) + x * tf.cos(x)       # the derivative of x sin x
    return x * tf.sin(x), grad
''', False, "grad must be a function of upstream that returns upstream times the derivative, not the derivative tensor",
           ("function|callable|upstream",)),
    Answer("02.x_sin_x", "grad-in-float64", r'''
@strict_custom_gradient
def x_sin_x(x):
    def grad(upstream):
        x64 = tf.cast(x, tf.float64)            # more precision for the derivative
        return tf.cast(upstream, tf.float64) * (tf.sin(x64) + x64 * tf.cos(x64))
    return x * tf.sin(x), grad
''', False, "returns a float64 gradient for a float32 input: a gradient has its input's dtype",
           ("dtype|float32|float64",)),

    # ------------------------------------------------------------------ 02.stable_log1pexp
    Answer("02.stable_log1pexp", "tf-where-two-branches", r'''
@strict_custom_gradient
def stable_log1pexp(x):
    big = x > 0
    y = tf.where(big, x + tf.math.log1p(tf.exp(-x)), tf.math.log1p(tf.exp(x)))
    def grad(upstream):
        slope = tf.where(big, 1 / (1 + tf.exp(-x)), tf.exp(x) / (1 + tf.exp(x)))
        return upstream * slope
    return y, grad
''', True),
    Answer("02.stable_log1pexp", "relu-plus-log1p-sigmoid", r'''
@strict_custom_gradient
def stable_log1pexp(x):
    y = tf.nn.relu(x) + tf.math.log1p(tf.exp(-tf.abs(x)))
    def grad(upstream):
        return upstream * tf.nn.sigmoid(x)
    return y, grad
''', True),
    Answer("02.stable_log1pexp", "reduce-logsumexp", r'''
@strict_custom_gradient
def stable_log1pexp(x):
    # log(1 + e^x) = log(e^0 + e^x): TensorFlow's stable log-sum-exp
    y = tf.math.reduce_logsumexp(tf.stack([tf.zeros_like(x), x]), axis=0)
    def grad(upstream):
        return upstream * tf.math.sigmoid(x)
    return y, grad
''', False, "log-sum-exp takes log(1 + e^x) with log, not log1p: for negative x the value rounds to 0 and loses all relative precision",
           ("log1p|negative|precision|relative|tiny|small",)),
    Answer("02.stable_log1pexp", "naive-in-float64", r'''
@strict_custom_gradient
def stable_log1pexp(x):
    x64 = tf.cast(x, tf.float64)             # float64 does not overflow at 100
    e = tf.exp(x64)
    y = tf.cast(tf.math.log(1 + e), x.dtype)
    def grad(upstream):
        return upstream * tf.cast(e / (1 + e), x.dtype)
    return y, grad
''', False, "float64 fixes the overflow, but log(1 + e^x) without log1p is 0 for x below about -37: the forward loses its relative precision",
           ("log1p|negative|precision|relative|tiny|small",)),
    Answer("02.stable_log1pexp", "tf-nn-softplus", r'''
@strict_custom_gradient
def stable_log1pexp(x):
    y = tf.nn.softplus(x)          # tf.nn, not tf.math
    def grad(upstream):
        return upstream * tf.sigmoid(x)
    return y, grad
''', False, "tf.nn.softplus is tf.math.softplus under another name: the exercise asks for the stable formula written by hand",
           ("softplus",)),

    # ------------------------------------------------------------------ 02.multiply
    Answer("02.multiply", "multiply-no-nan", r'''
@strict_custom_gradient
def multiply(x, y):
    def grad(upstream):
        return tf.math.multiply_no_nan(upstream, y), tf.math.multiply_no_nan(upstream, x)
    return x * y, grad
''', True),
    Answer("02.multiply", "stack-then-unstack", r'''
@strict_custom_gradient
def multiply(x, y):
    def grad(upstream):
        dx, dy = tf.unstack(upstream * tf.stack([y, x]))
        return dx, dy
    return x * y, grad
''', True),
    Answer("02.multiply", "tensordot-instead-of-elementwise", r'''
@strict_custom_gradient
def multiply(x, y):
    def grad(upstream):
        return tf.tensordot(upstream, y, axes=1), tf.tensordot(upstream, x, axes=1)
    return x * y, grad
''', False, "tensordot contracts an axis (a dot or matrix product): the product x·y is elementwise, so its VJP is upstream * y and upstream * x",
           ("elementwise|entry|shape|element-wise",)),
    Answer("02.multiply", "upstream-named-y", r'''
@strict_custom_gradient
def multiply(x, y):
    def grad(y):                      # y: the gradient arriving for z
        return y * y, y * x
    return x * y, grad
''', False, "grad's argument is named y and hides the input y: dL/dx comes out upstream² instead of upstream·y",
           ("dL/dx|for x|'x'|x:|x's|first",)),
    Answer("02.multiply", "upstream-called-as-function", r'''
@strict_custom_gradient
def multiply(x, y):
    def grad(upstream):
        return upstream(y), upstream(x)      # pass each partial derivative upstream
    return x * y, grad
''', False, "upstream is a tensor (dL/dz) to multiply by, not a function to call",
           ("multipl|times|tensor|callable|not a function",)),
    Answer("02.multiply", "returns-tf-print", r'''
@strict_custom_gradient
def multiply(x, y):
    def grad(upstream):
        return tf.print("dx:", upstream * y, "dy:", upstream * x)
    return x * y, grad
''', False, "returns what tf.print returns (None), not the two gradients",
           ("None|return",)),

    # ------------------------------------------------------------------ 03.softmax_vjp
    Answer("03.softmax_vjp", "einsum-row-dot", r'''
@strict_custom_gradient
def softmax(z):
    s = tf.nn.softmax(z)
    def grad(upstream):
        dot = tf.einsum("...i,...i->...", upstream, s)      # one number per row
        return s * (upstream - dot[..., tf.newaxis])
    return s, grad
''', True),
    Answer("03.softmax_vjp", "expand-dims-instead-of-keepdims", r'''
@strict_custom_gradient
def softmax(z):
    s = tf.nn.softmax(z)
    def grad(upstream):
        inner = tf.expand_dims(tf.reduce_sum(upstream * s, axis=-1), -1)
        return s * upstream - s * inner
    return s, grad
''', True),
    Answer("03.softmax_vjp", "map-fn-over-rows", r'''
@strict_custom_gradient
def softmax(z):
    s = tf.nn.softmax(z)
    def grad(upstream):
        def one_row(pair):
            u, s_row = pair
            return s_row * (u - tf.reduce_sum(u * s_row))
        return tf.map_fn(one_row, (upstream, s), fn_output_signature=s.dtype)
    return s, grad
''', False, "tf.map_fn maps over the first axis: for a single vector it visits entries, not rows, which keeps only the diagonal s(1 - s)",
           ("vector|diagonal|axis|row",)),
    Answer("03.softmax_vjp", "log-softmax-vjp", r'''
@strict_custom_gradient
def softmax(z):
    s = tf.nn.softmax(z)
    def grad(upstream):
        return upstream - s * tf.reduce_sum(upstream, axis=-1, keepdims=True)
    return s, grad
''', False, "this is the VJP of log-softmax; softmax's is s ⊙ (upstream − ⟨upstream, s⟩)",
           ("log|s ⊙|⊙ s|s *|* s|times s",)),
    Answer("03.softmax_vjp", "python-if-on-tf-rank", r'''
@strict_custom_gradient
def softmax(z):
    s = tf.nn.softmax(z)
    def grad(upstream):
        if tf.rank(z) == 1:
            return s * (upstream - tf.reduce_sum(upstream * s))
        return s * (upstream - tf.reduce_sum(upstream * s, axis=-1, keepdims=True))
    return s, grad
''', False, "a Python if on the tensor tf.rank(z) works eagerly but fails inside tf.function; use axis=-1 with keepdims for both cases",
           ("tf.function|graph|symbolic|python if|bool",)),
    Answer("03.softmax_vjp", "numpy-sanity-print-in-forward", r'''
@strict_custom_gradient
def softmax(z):
    s = tf.nn.softmax(z)
    print("softmax rows sum to", s.numpy().sum(axis=-1))     # sanity check
    def grad(upstream):
        return s * (upstream - tf.reduce_sum(upstream * s, axis=-1, keepdims=True))
    return s, grad
''', False, "the debugging print calls .numpy(), which fails inside tf.function where s is symbolic",
           ("numpy|tf.function|symbolic|graph",)),

    # ------------------------------------------------------------------ 03.matvec
    Answer("03.matvec", "tensordot-upstream-on-the-left", r'''
def make_f(A):
    @strict_custom_gradient
    def f(x):
        def grad(upstream):
            return tf.tensordot(upstream, A, axes=1)      # upstreamᵀ A, as a row
        return tf.linalg.matvec(A, x), grad
    return f
''', True),
    Answer("03.matvec", "sparse-adjoint-matmul", r'''
def make_f(A):
    @strict_custom_gradient
    def f(x):
        def grad(upstream):
            A_sparse = tf.sparse.from_dense(A)
            return tf.sparse.sparse_dense_matmul(A_sparse, upstream[:, tf.newaxis], adjoint_a=True)[:, 0]
        return tf.linalg.matvec(A, x), grad
    return f
''', True),
    Answer("03.matvec", "broadcast-and-sum-columns", r'''
def make_f(A):
    @strict_custom_gradient
    def f(x):
        def grad(upstream):
            return tf.reduce_sum(A * upstream[:, tf.newaxis], axis=0)
        return tf.linalg.matvec(A, x), grad
    return f
''', True),
    Answer("03.matvec", "pseudo-inverse", r'''
def make_f(A):
    @strict_custom_gradient
    def f(x):
        def grad(upstream):
            return tf.linalg.matvec(tf.linalg.pinv(A), upstream)     # undo A
        return tf.linalg.matvec(A, x), grad
    return f
''', False, "the VJP multiplies by Aᵀ, not by A's (pseudo-)inverse: a gradient does not undo the function",
           ("transpose|Aᵀ|A^T|A.T",)),
    Answer("03.matvec", "none-for-closure-A", r'''
def make_f(A):
    @strict_custom_gradient
    def f(x):
        def grad(upstream):
            return tf.linalg.matvec(A, upstream, transpose_a=True), None    # None: A gets no gradient
        return tf.linalg.matvec(A, x), grad
    return f
''', False, "A is held in the closure, not an input: f has one input, so grad returns one gradient",
           ("one|input|closure|number|count",)),

    Answer("03.matvec", "broadcast-without-newaxis", r'''
def make_f(A):
    @strict_custom_gradient
    def f(x):
        def grad(upstream):
            return tf.reduce_sum(A * upstream, axis=0)      # weight A by upstream, sum over outputs
        return tf.linalg.matvec(A, x), grad
    return f
''', False, "A * upstream lines upstream up with A's columns, not its rows: it fails for a non-square A and is wrong for a square one; use upstream[:, None] (or Aᵀ·upstream)",
           ("broadcast|shape|transpose|Aᵀ|row|column",)),

    # ------------------------------------------------------------------ 03.phi_grad
    Answer("03.phi_grad", "numpy-function-pdf", r'''
@strict_custom_gradient
def phi_tf(x):
    def grad(upstream):
        pdf = tf.numpy_function(lambda v: scipy.stats.norm.pdf(v).astype(v.dtype), [x], x.dtype)
        pdf.set_shape(x.shape)
        return upstream * pdf
    return 0.5 * (1 + tf.math.erf(x / np.sqrt(2.0))), grad
''', True),
    Answer("03.phi_grad", "hard-coded-constant", r'''
@strict_custom_gradient
def phi_tf(x):
    def grad(upstream):
        return upstream * 0.3989422804014327 * tf.exp(-0.5 * x * x)     # 1/sqrt(2π) ≈ 0.3989
    return 0.5 * (1 + tf.math.erf(x / np.sqrt(2.0))), grad
''', True),
    Answer("03.phi_grad", "float64-constant-tensor", r'''
@strict_custom_gradient
def phi_tf(x):
    def grad(upstream):
        norm = tf.constant(np.sqrt(2 * np.pi))
        return upstream * tf.exp(-x ** 2 / 2) / norm
    return 0.5 * (1 + tf.math.erf(x / np.sqrt(2.0))), grad
''', False, "tf.constant of a NumPy float64 is a float64 tensor: dividing a float32 tensor by it fails",
           ("float32|float64|dtype",)),
    Answer("03.phi_grad", "int-constant-two", r'''
@strict_custom_gradient
def phi_tf(x):
    def grad(upstream):
        two = tf.constant(2)
        return upstream * tf.exp(-x ** two / two) / np.sqrt(2 * np.pi)
    return 0.5 * (1 + tf.math.erf(x / np.sqrt(2.0))), grad
''', False, "tf.constant(2) is an int32 tensor: TensorFlow does not mix it with float tensors",
           ("int|dtype|float",)),
    Answer("03.phi_grad", "python-math-exp", r'''
import math

@strict_custom_gradient
def phi_tf(x):
    def grad(upstream):
        return upstream * math.exp(-x ** 2 / 2) / math.sqrt(2 * math.pi)
    return 0.5 * (1 + tf.math.erf(x / np.sqrt(2.0))), grad
''', False, "math.exp takes one Python number: it fails on a vector tensor and inside tf.function; use tf.exp",
           ("tf.exp|tf.math.exp|tensorflow|tensor",)),
    Answer("03.phi_grad", "chain-factor-missing", r'''
@strict_custom_gradient
def phi_tf(x):
    def grad(upstream):
        # Φ = ½(1 + erf(x/√2)) and erf'(z) = 2/√π e^{-z²}
        return upstream * 0.5 * 2 / np.sqrt(np.pi) * tf.exp(-(x / np.sqrt(2.0)) ** 2)
    return 0.5 * (1 + tf.math.erf(x / np.sqrt(2.0))), grad
''', False, "the chain rule's inner factor 1/√2 (the derivative of x/√2) is missing: the gradient is √2 times too large",
           ("√2|sqrt|1.41|chain|inner|factor",)),

    # ------------------------------------------------------------------ 04.quadratic_form
    Answer("04.quadratic_form", "einsum-both", r'''
@strict_custom_gradient
def quadratic_form(x, A):
    def grad(upstream):
        dx = upstream * tf.einsum("ij,j->i", A + tf.transpose(A), x)
        dA = upstream * tf.einsum("i,j->ij", x, x)
        return dx, dA
    return tf.tensordot(x, tf.linalg.matvec(A, x), axes=1), grad
''', True),
    Answer("04.quadratic_form", "print-debug-broadcast-outer", r'''
@strict_custom_gradient
def quadratic_form(x, A):
    def grad(upstream):
        print("upstream:", upstream)          # one number, as q is
        dx = upstream * (tf.linalg.matvec(A, x) + tf.linalg.matvec(A, x, transpose_a=True))
        dA = upstream * x[:, None] * x[None, :]
        return dx, dA
    return tf.tensordot(x, tf.linalg.matvec(A, x), axes=1), grad
''', True),
    Answer("04.quadratic_form", "numpy-style-dot-T", r'''
@strict_custom_gradient
def quadratic_form(x, A):
    def grad(upstream):
        dx = upstream * tf.linalg.matvec(A + A.T, x)
        dA = upstream * tf.tensordot(x, x, axes=0)
        return dx, dA
    return tf.tensordot(x, tf.linalg.matvec(A, x), axes=1), grad
''', False, "a TensorFlow tensor has no .T: use tf.transpose(A) (or matvec's transpose_a)",
           ("transpose",)),
    Answer("04.quadratic_form", "hessian-for-x", r'''
@strict_custom_gradient
def quadratic_form(x, A):
    def grad(upstream):
        return upstream * (A + tf.transpose(A)), upstream * tf.tensordot(x, x, axes=0)
    return tf.tensordot(x, tf.linalg.matvec(A, x), axes=1), grad
''', False, "A + Aᵀ is the Hessian (a matrix); the gradient for x is (A + Aᵀ) x, a vector shaped like x",
           ("shape|vector|(A + Aᵀ)x|(A + Aᵀ) x|times x|matvec",)),
    Answer("04.quadratic_form", "tensordot-axes-1-for-A", r'''
@strict_custom_gradient
def quadratic_form(x, A):
    def grad(upstream):
        dx = upstream * (tf.linalg.matvec(A, x) + tf.linalg.matvec(A, x, transpose_a=True))
        dA = upstream * tf.tensordot(x, x, axes=1)
        return dx, dA
    return tf.tensordot(x, tf.linalg.matvec(A, x), axes=1), grad
''', False, "tensordot with axes=1 is the inner product xᵀx (a number); dL/dA is the outer product x xᵀ (axes=0)",
           ("outer|shape",)),
    Answer("04.quadratic_form", "index-scalar-upstream", r'''
@strict_custom_gradient
def quadratic_form(x, A):
    def grad(upstream):
        u = upstream[0]                  # the upstream of the one output
        dx = u * (tf.linalg.matvec(A, x) + tf.linalg.matvec(A, x, transpose_a=True))
        return dx, u * tf.tensordot(x, x, axes=0)
    return tf.tensordot(x, tf.linalg.matvec(A, x), axes=1), grad
''', False, "q is a scalar, so upstream is a scalar with no axis to index: upstream[0] fails",
           ("scalar|one number|shape|0-d|rank",)),

    # ------------------------------------------------------------------ 04.batched_matmul
    Answer("04.batched_matmul", "flatten-batch-reshape", r'''
@strict_custom_gradient
def batched_matmul(A, B):
    def grad(U):
        k, n = B.shape
        dA = tf.matmul(U, B, transpose_b=True)
        dB = tf.matmul(tf.reshape(A, [-1, k]), tf.reshape(U, [-1, n]), transpose_a=True)
        return dA, dB
    return tf.matmul(A, B), grad
''', True),
    Answer("04.batched_matmul", "tensordot-two-axes", r'''
@strict_custom_gradient
def batched_matmul(A, B):
    def grad(U):
        dA = tf.vectorized_map(lambda u: tf.matmul(u, B, transpose_b=True), U)
        dB = tf.tensordot(A, U, axes=[[0, 1], [0, 1]])
        return dA, dB
    return tf.matmul(A, B), grad
''', True),
    Answer("04.batched_matmul", "python-loop-zeros-like", r'''
@strict_custom_gradient
def batched_matmul(A, B):
    def grad(U):
        dB = tf.zeros_like(B)
        for i in range(A.shape[0]):
            dB += tf.matmul(A[i], U[i], transpose_a=True)
        return tf.matmul(U, B, transpose_b=True), dB
    return tf.matmul(A, B), grad
''', True),
    Answer("04.batched_matmul", "python-loop-tf-zeros-float32", r'''
@strict_custom_gradient
def batched_matmul(A, B):
    def grad(U):
        dB = tf.zeros(B.shape)
        for i in range(A.shape[0]):
            dB += tf.matmul(A[i], U[i], transpose_a=True)
        return tf.matmul(U, B, transpose_b=True), dB
    return tf.matmul(A, B), grad
''', False, "tf.zeros makes float32 by default: with float64 inputs adding the float64 products to it fails",
           ("float64|dtype",)),
    Answer("04.batched_matmul", "mean-over-batch", r'''
@strict_custom_gradient
def batched_matmul(A, B):
    def grad(U):
        dA = tf.matmul(U, B, transpose_b=True)
        dB = tf.reduce_mean(tf.matmul(A, U, transpose_a=True), axis=0)
        return dA, dB
    return tf.matmul(A, B), grad
''', False, "B is used by every batch entry, so its gradient is the sum of their contributions, not the mean",
           ("sum|mean",)),
    Answer("04.batched_matmul", "first-batch-entry-only", r'''
@strict_custom_gradient
def batched_matmul(A, B):
    def grad(U):
        dA = tf.matmul(U, B, transpose_b=True)
        dB = tf.matmul(A[0], U[0], transpose_a=True)     # B is shared, so one entry is enough
        return dA, dB
    return tf.matmul(A, B), grad
''', False, "every batch entry uses B and contributes to its gradient: sum A[i]ᵀ U[i] over the batch, not only entry 0",
           ("sum|every|all|batch",)),
    Answer("04.batched_matmul", "tf-transpose-of-3d", r'''
@strict_custom_gradient
def batched_matmul(A, B):
    def grad(U):
        dA = tf.matmul(U, tf.transpose(B))
        dB = tf.reduce_sum(tf.matmul(tf.transpose(A), U), axis=0)
        return dA, dB
    return tf.matmul(A, B), grad
''', False, "tf.transpose of a 3-axis tensor reverses all its axes, not the last two: use transpose_a=True or perm=[0, 2, 1]",
           ("transpose|perm|last two|axes",)),

    # ------------------------------------------------------------------ 04.bias_add
    Answer("04.bias_add", "reduce-over-tf-range-axes", r'''
@strict_custom_gradient
def bias_add(x, b):
    def grad(upstream):
        batch_axes = tf.range(tf.rank(upstream) - 1)
        return upstream, tf.reduce_sum(upstream, axis=batch_axes)
    return x + b, grad
''', True),
    Answer("04.bias_add", "tensordot-with-ones", r'''
@strict_custom_gradient
def bias_add(x, b):
    def grad(upstream):
        ones = tf.ones_like(upstream[..., 0])                  # one 1 per copy of b
        return upstream, tf.tensordot(ones, upstream, axes=len(upstream.shape) - 1)
    return x + b, grad
''', True),
    Answer("04.bias_add", "assert-then-reshape", r'''
@strict_custom_gradient
def bias_add(x, b):
    def grad(upstream):
        assert upstream.shape == x.shape, "upstream should look like y"
        db = tf.reduce_sum(tf.reshape(upstream, [-1, b.shape[0]]), axis=0)
        return upstream, db
    return x + b, grad
''', True),
    Answer("04.bias_add", "mean-over-batch", r'''
@strict_custom_gradient
def bias_add(x, b):
    def grad(upstream):
        return upstream, tf.reduce_mean(upstream, axis=list(range(len(x.shape) - 1)))
    return x + b, grad
''', False, "b is added to every row, so its gradient sums the rows' upstreams; the mean divides by their number",
           ("sum|mean",)),
    Answer("04.bias_add", "keepdims-true", r'''
@strict_custom_gradient
def bias_add(x, b):
    def grad(upstream):
        return upstream, tf.reduce_sum(upstream, axis=0, keepdims=True)
    return x + b, grad
''', False, "keepdims=True leaves a (1, n) gradient for b of shape (n,)",
           ("shape|keepdims",)),
    Answer("04.bias_add", "python-loop-over-batch", r'''
@strict_custom_gradient
def bias_add(x, b):
    def grad(upstream):
        db = upstream[0]
        for i in range(1, x.shape[0]):
            db += upstream[i]
        return upstream, db
    return x + b, grad
''', False, "sums over the first axis only: for a (batch, time, n) input the time axis is left, so db has the wrong shape",
           ("axis|axes|time|shape",)),

    # ------------------------------------------------------------------ 05.sign_ste
    Answer("05.sign_ste", "tf-where", r'''
@tf.custom_gradient
def sign_ste(x):
    def grad(upstream):
        return tf.where(tf.abs(x) <= 1, upstream, tf.zeros_like(upstream))
    return tf.sign(x), grad
''', True),
    Answer("05.sign_ste", "decorator-called-with-parentheses", r'''
@tf.custom_gradient()
def sign_ste(x):
    def grad(upstream):
        return upstream * tf.cast(tf.abs(x) <= 1, upstream.dtype)
    return tf.sign(x), grad
''', True),
    Answer("05.sign_ste", "mask-cast-to-float32", r'''
@tf.custom_gradient
def sign_ste(x):
    def grad(upstream):
        mask = tf.cast(tf.abs(x) <= 1, tf.float32)
        return upstream * mask
    return tf.sign(x), grad
''', False, "the mask is always float32: with a float64 input upstream * mask fails; cast to x.dtype",
           ("float64|dtype",)),
    Answer("05.sign_ste", "smooth-tanh-slope", r'''
@tf.custom_gradient
def sign_ste(x):
    def grad(upstream):
        return upstream * (1 - tf.tanh(x) ** 2)     # slope of tanh
    return tf.sign(x), grad
''', False, "uses the smooth tanh's slope 1 − tanh²x: the hard tanh's slope is exactly 1 for |x| ≤ 1 and 0 outside",
           ("hard|clip|zero|outside|<= 1|≤ 1",)),
    Answer("05.sign_ste", "tf-cond-all-or-nothing", r'''
@tf.custom_gradient
def sign_ste(x):
    def grad(upstream):
        return tf.cond(tf.reduce_all(tf.abs(x) <= 1), lambda: upstream, lambda: tf.zeros_like(upstream))
    return tf.sign(x), grad
''', False, "tf.cond decides once for the whole tensor: one entry with |x| > 1 zeroes every entry; decide entry by entry",
           ("entry|element|each",)),

    # ------------------------------------------------------------------ 05.clip_gradient
    Answer("05.clip_gradient", "sign-times-min", r'''
@tf.custom_gradient
def clip_gradient(x):
    def grad(upstream):
        return tf.sign(upstream) * tf.minimum(tf.abs(upstream), 1)
    return tf.identity(x), grad
''', True),
    Answer("05.clip_gradient", "maximum-of-minimum", r'''
@tf.custom_gradient
def clip_gradient(x):
    def grad(upstream):
        return tf.maximum(tf.minimum(upstream, 1.0), -1.0)
    return tf.identity(x), grad
''', True),
    Answer("05.clip_gradient", "clip-by-norm", r'''
@tf.custom_gradient
def clip_gradient(x):
    def grad(upstream):
        return tf.clip_by_norm(upstream, 1.0)
    return tf.identity(x), grad
''', False, "clip_by_norm rescales the whole tensor to norm 1; the exercise clips each entry to [-1, 1]",
           ("entry|element|norm",)),
    Answer("05.clip_gradient", "float32-constant-bounds", r'''
@tf.custom_gradient
def clip_gradient(x):
    def grad(upstream):
        lo, hi = tf.constant(-1.0), tf.constant(1.0)
        return tf.clip_by_value(upstream, lo, hi)
    return tf.identity(x), grad
''', False, "tf.constant(-1.0) is float32: clipping a float64 upstream against it fails",
           ("float64|dtype",)),
    Answer("05.clip_gradient", "clip-thought-in-place", r'''
@tf.custom_gradient
def clip_gradient(x):
    def grad(upstream):
        tf.clip_by_value(upstream, -1.0, 1.0)
        return upstream
    return tf.identity(x), grad
''', False, "tf.clip_by_value returns a new tensor and leaves upstream as it was: the gradient passes unclipped",
           ("clip|unchanged|identity|not clipped|unclipped",)),
    Answer("05.clip_gradient", "register-gradient-override", r'''
try:
    @tf.RegisterGradient("ClipGradientTo1")
    def _clip_grad(op, upstream):
        return tf.clip_by_value(upstream, -1.0, 1.0)
except KeyError:
    pass        # already registered when the cell runs again

def clip_gradient(x):
    with tf.compat.v1.get_default_graph().gradient_override_map({"Identity": "ClipGradientTo1"}):
        return tf.identity(x)
''', False, "a tape recording tf.identity eagerly ignores gradient_override_map: the gradient is not clipped; use tf.custom_gradient",
           ("clip|override|custom_gradient|unclipped|identity",)),
    Answer("05.clip_gradient", "returns-grad-applied-to-x", r'''
@tf.custom_gradient
def clip_gradient(x):
    def grad(upstream):
        return tf.clip_by_value(upstream, -1.0, 1.0)
    return tf.identity(x), grad(x)
''', False, "returns grad(x), a tensor, where TensorFlow expects the function grad itself",
           ("function|callable|grad",)),

    # ------------------------------------------------------------------ 06.scale_by_variable
    Answer("06.scale_by_variable", "unpack-variables-argument", r'''
w = tf.Variable(2.0)

@tf.custom_gradient
def scale(x):
    def grad(upstream, variables=None):
        (v,) = variables                       # the one variable the forward read: w
        dx = upstream * v ** 2
        dv = 2 * v * tf.reduce_sum(upstream * x)
        return dx, [dv]
    return x * w ** 2, grad
''', True),
    Answer("06.scale_by_variable", "tf-function-outside", r'''
w = tf.Variable(2.0)

@tf.function
@tf.custom_gradient
def scale(x):
    def grad(upstream, variables=None):
        return upstream * w ** 2, [tf.reduce_sum(upstream * x) * 2 * w]
    return x * w ** 2, grad
''', True),
    Answer("06.scale_by_variable", "tf-function-inside", r'''
w = tf.Variable(2.0)

@tf.custom_gradient
@tf.function
def scale(x):
    def grad(upstream, variables=None):
        return upstream * w ** 2, [tf.reduce_sum(upstream * x) * 2 * w]
    return x * w ** 2, grad
''', False, "@tf.function under @tf.custom_gradient must return (y, grad) from a graph, and a Python function cannot be a graph output: swap the decorators",
           ("tf.function|order|decorat",)),
    Answer("06.scale_by_variable", "integer-variable", r'''
w = tf.Variable(2)          # w is two

@tf.custom_gradient
def scale(x):
    def grad(upstream, variables=None):
        return upstream * w ** 2, [tf.reduce_sum(upstream * x) * 2 * w]
    return x * w ** 2, grad
''', False, "tf.Variable(2) is an int32 variable: it cannot multiply a float x and gets no gradient; write tf.Variable(2.0)",
           ("int|float|dtype",)),
    Answer("06.scale_by_variable", "mean-for-w", r'''
w = tf.Variable(2.0)

@tf.custom_gradient
def scale(x):
    def grad(upstream, variables=None):
        return upstream * w ** 2, [tf.reduce_mean(2 * w * x * upstream)]
    return x * w ** 2, grad
''', False, "w is used by every entry of x, so its gradient is the sum of the contributions, not their mean",
           ("sum|mean",)),
    Answer("06.scale_by_variable", "pair-swapped", r'''
w = tf.Variable(2.0)

@tf.custom_gradient
def scale(x):
    def grad(upstream, variables=None):
        dx = upstream * w ** 2
        dw = tf.reduce_sum(2 * w * x * upstream)
        return [dw], dx
    return x * w ** 2, grad
''', False, "the pair is (input gradients, [variable gradients]); here the two are swapped",
           ("order|swap|pair|first|variables",)),

    # ------------------------------------------------------------------ 06.numpy_erf
    Answer("06.numpy_erf", "numpy-function-set-shape", r'''
@tf.custom_gradient
def numpy_erf(x):
    y = tf.numpy_function(scipy.special.erf, [x], x.dtype)
    y.set_shape(x.shape)
    def grad(upstream):
        return upstream * 2 / np.sqrt(np.pi) * tf.exp(-tf.square(x))
    return y, grad
''', True),
    Answer("06.numpy_erf", "py-function", r'''
@tf.custom_gradient
def numpy_erf(x):
    y = tf.py_function(lambda t: scipy.special.erf(t.numpy()), [x], Tout=x.dtype)
    y.set_shape(x.shape)
    def grad(upstream):
        return upstream * (2 / np.sqrt(np.pi)) * tf.exp(-x * x)
    return y, grad
''', True),
    Answer("06.numpy_erf", "tout-fixed-float32", r'''
@tf.custom_gradient
def numpy_erf(x):
    y = tf.numpy_function(scipy.special.erf, [x], tf.float32)
    y.set_shape(x.shape)
    def grad(upstream):
        return upstream * 2 / np.sqrt(np.pi) * tf.exp(-x ** 2)
    return y, grad
''', False, "Tout is fixed to float32: for a float64 input the value comes back float32 (eagerly) or numpy_function fails (compiled); use x.dtype",
           ("float64|dtype|Tout",)),
    Answer("06.numpy_erf", "numpy-slope-float64-scalar", r'''
@tf.custom_gradient
def numpy_erf(x):
    y = tf.numpy_function(scipy.special.erf, [x], x.dtype)
    y.set_shape(x.shape)
    def grad(upstream):
        slope = tf.numpy_function(lambda v: 2 / np.sqrt(np.pi) * np.exp(-v ** 2), [x], x.dtype)
        return upstream * slope
    return y, grad
''', False, "2 / np.sqrt(np.pi) is a NumPy float64 scalar, so the slope comes back float64 for a float32 input: upstream * slope (or numpy_function, compiled) fails",
           ("float32|float64|dtype",)),
    Answer("06.numpy_erf", "gaussian-exponent-halved", r'''
@tf.custom_gradient
def numpy_erf(x):
    y = tf.numpy_function(scipy.special.erf, [x], x.dtype)
    y.set_shape(x.shape)
    def grad(upstream):
        return upstream * 2 / np.sqrt(np.pi) * tf.exp(-x ** 2 / 2)
    return y, grad
''', False, "erf'(x) = 2/√π · e^{-x²}: the exponent is -x², not -x²/2 (that is the normal density's)",
           ("x²|x**2|x^2|exponent|e^{-x",)),

    # ------------------------------------------------------------------ 07.fused_second_derivative
    Answer("07.fused_second_derivative", "nested-with-tf-print", r'''
@tf.custom_gradient
def tanh_op(x):
    y, slope = fused_tanh(x)
    def grad(dy):
        @tf.custom_gradient
        def first_derivative(x):
            def second_derivative(ddy):
                tf.print("second derivative called, ddy =", ddy)
                return ddy * (-2.0 * y * slope)          # d(1 - tanh²)/dx = -2 tanh · (1 - tanh²)
            return slope, second_derivative
        return dy * first_derivative(x)
    return y, grad
''', True),
    Answer("07.fused_second_derivative", "separate-slope-function", r'''
@tf.custom_gradient
def tanh_slope(x):
    y, slope = fused_tanh(x)
    return slope, lambda ddy: ddy * -2 * y * slope

@tf.custom_gradient
def tanh_op(x):
    y, slope = fused_tanh(x)
    return y, lambda dy: dy * tanh_slope(x)
''', True),
    Answer("07.fused_second_derivative", "grad-decorated", r'''
@tf.custom_gradient
def tanh_op(x):
    y, slope = fused_tanh(x)
    @tf.custom_gradient
    def grad(dy):
        return dy * slope, lambda ddy: ddy * (-2 * y * slope)
    return y, grad
''', False, "decorating grad gives a derivative with respect to dy, not x: the second derivative is None, or wrong when dy depends on x",
           ("dy|None|upstream",)),
    Answer("07.fused_second_derivative", "dy-inside-nested-function", r'''
@tf.custom_gradient
def tanh_op(x):
    y, slope = fused_tanh(x)
    def grad(dy):
        @tf.custom_gradient
        def first(x):
            return dy * slope, lambda ddy: ddy * dy * (-2 * y * slope)
        return first(x)
    return y, grad
''', False, "dy is multiplied inside the nested custom gradient, which hides its dependence on x: wrong when the upstream depends on x (L = Σ u y²)",
           ("dy|upstream|outside",)),
    Answer("07.fused_second_derivative", "print-dy-numpy", r'''
@tf.custom_gradient
def tanh_op(x):
    y, slope = fused_tanh(x)
    def grad(dy):
        print("dy =", dy.numpy())            # look at the upstream
        @tf.custom_gradient
        def first_derivative(x):
            return slope, lambda ddy: ddy * (-2.0 * y * slope)
        return dy * first_derivative(x)
    return y, grad
''', False, "dy.numpy() in grad fails inside tf.function, where dy is symbolic; use tf.print to look at it",
           ("numpy|tf.function|symbolic|graph|tf.print",)),

    # ------------------------------------------------------------------ 07.hvp
    Answer("07.hvp", "output-gradients-v", r'''
def hvp(f, x, v):
    with tf.GradientTape() as outer:
        outer.watch(x)
        with tf.GradientTape() as inner:
            inner.watch(x)
            y = f(x)
        g = inner.gradient(y, x)
    return outer.gradient(g, x, output_gradients=v)
''', True),
    Answer("07.hvp", "one-persistent-tape", r'''
def hvp(f, x, v):
    with tf.GradientTape(persistent=True) as tape:
        tape.watch(x)
        y = f(x)
        g = tape.gradient(y, x)           # inside the with: the tape records this too
        gv = tf.reduce_sum(g * v)
    return tape.gradient(gv, x)
''', True),
    Answer("07.hvp", "inner-gradient-outside-outer", r'''
def hvp(f, x, v):
    with tf.GradientTape() as outer:
        outer.watch(x)
        with tf.GradientTape() as inner:
            inner.watch(x)
            y = f(x)
    g = inner.gradient(y, x)
    return outer.gradient(tf.reduce_sum(g * v), x)
''', False, "the gradient g is computed after the outer tape stopped recording, so the outer tape finds no path: None",
           ("None|outer|record|inside",)),
    Answer("07.hvp", "tf-hessians", r'''
def hvp(f, x, v):
    H = tf.hessians(f(x), x)[0]
    return tf.linalg.matvec(H, v)
''', False, "tf.hessians builds the whole Hessian and works only in graph mode (it raises eagerly); use two GradientTapes",
           ("tape|GradientTape|eager|Hessian|graph",)),
    Answer("07.hvp", "jacobian-builds-hessian", r'''
def hvp(f, x, v):
    with tf.GradientTape() as outer:
        outer.watch(x)
        with tf.GradientTape() as inner:
            inner.watch(x)
            y = f(x)
        g = inner.gradient(y, x)
    H = outer.jacobian(g, x)
    return tf.linalg.matvec(H, v)
''', False, "right numbers, but outer.jacobian builds the n × n Hessian, which the exercise asks to avoid",
           ("Hessian|jacobian|build|n²|matrix",)),
    Answer("07.hvp", "forward-over-forward", r'''
def hvp(f, x, v):
    with tf.autodiff.ForwardAccumulator(x, v) as outer:
        with tf.autodiff.ForwardAccumulator(x, v) as inner:
            y = f(x)
        dy = inner.jvp(y)
    return outer.jvp(dy)
''', False, "two forward passes along v give the number vᵀHv, not the vector Hv",
           ("scalar|shape|number|vᵀ|v^T|v·",)),

    # ------------------------------------------------------------------ 08.implicit_scalar
    Answer("08.implicit_scalar", "closed-form-reciprocal", r'''
@strict_custom_gradient
def fixed_point(x, w):
    z = iterate_fixed_point(x, w)
    def grad(upstream):
        s = 1 - tf.tanh(w * z) ** 2                   # tanh's slope at w z
        a = upstream * tf.math.reciprocal(1 - w * s)  # the adjoint
        return a, tf.reduce_sum(a * s * z)
    return z, grad
''', True),
    Answer("08.implicit_scalar", "adjoint-by-tf-while-loop", r'''
@strict_custom_gradient
def fixed_point(x, w):
    z = iterate_fixed_point(x, w)
    def grad(upstream):
        s = 1 - tf.tanh(w * z) ** 2
        # the adjoint a = upstream + w s a is a contraction too: iterate it
        (a,) = tf.while_loop(lambda a: True, lambda a: (upstream + w * s * a,), (upstream,),
                             maximum_iterations=1000)
        return a, tf.reduce_sum(a * s * z)
    return z, grad
''', True),
    Answer("08.implicit_scalar", "slope-at-z-not-wz", r'''
@strict_custom_gradient
def fixed_point(x, w):
    z = iterate_fixed_point(x, w)
    def grad(upstream):
        s = 1 - tf.tanh(z) ** 2          # slope of tanh at the fixed point
        denom = 1 - w * s
        return upstream / denom, tf.reduce_sum(upstream * s * z / denom)
    return z, grad
''', False, "tanh's argument is w z, so its slope there is 1 − tanh²(w z), not 1 − tanh²(z)",
           ("w z|wz|w·z|w*z|w * z|argument",)),
    Answer("08.implicit_scalar", "one-step-no-denominator", r'''
@strict_custom_gradient
def fixed_point(x, w):
    z = iterate_fixed_point(x, w)
    def grad(upstream):
        s = 1 - tf.tanh(w * z) ** 2
        return upstream, tf.reduce_sum(upstream * s * z)
    return z, grad
''', False, "differentiates one step with z held fixed: z on the right depends on x and w too, so both gradients need the factor 1/(1 − w s)",
           ("1 - w|1 − w|denominator|implicit|solve|1/(1",)),
    Answer("08.implicit_scalar", "dw-keepdims", r'''
@strict_custom_gradient
def fixed_point(x, w):
    z = iterate_fixed_point(x, w)
    def grad(upstream):
        s = 1 - tf.tanh(w * z) ** 2
        a = upstream / (1 - w * s)
        return a, tf.reduce_sum(a * s * z, keepdims=True)
    return z, grad
''', False, "keepdims=True keeps one axis of size 1 per axis of x: w is a scalar, so its gradient must have shape ()",
           ("shape|scalar|keepdims",)),
    Answer("08.implicit_scalar", "slow-adjoint-loop-never-stops", r'''
@strict_custom_gradient
def fixed_point(x, w):
    z = iterate_fixed_point(x, w)
    def grad(upstream):
        s = 1 - tf.tanh(w * z) ** 2
        a = upstream
        for _ in range(300):         # the learner wrote `while True:`; bounded here so that it ends
            a_next = upstream + w * s * a
            if tf.reduce_max(tf.abs(a_next - upstream)) < 1e-12:    # compares with upstream, not with a
                break
            a = a_next
        return a, tf.reduce_sum(a * s * z)
    return z, grad
''', False, "the loop's stop test compares the iterate with upstream, which it never approaches: as written (while True) it never ends, and even bounded it spends seconds per call; solve a = upstream / (1 − w s) in closed form",
           ("slow|time|loop|never|stop|long|converge",)),

    # ------------------------------------------------------------------ 08.block_size
    Answer("08.block_size", "int-sqrt", r'''
block_size = int(np.sqrt(36))     # balance 36/k against k
''', True),
    Answer("08.block_size", "search-the-divisors", r'''
divisors = [k for k in range(1, 37) if 36 % k == 0]
block_size = min(divisors, key=lambda k: 36 / k + k)
''', True),
    Answer("08.block_size", "tf-sqrt-tensor", r'''
block_size = tf.sqrt(36.0)
''', True),
    Answer("08.block_size", "max-instead-of-min", r'''
divisors = [k for k in range(1, 37) if 36 % k == 0]
block_size = max(divisors, key=lambda k: 36 / k + k)
''', False, "takes the block size with the MOST memory (k = 1: 36 + 1 = 37); the least is 36/k + k at k = 6",
           ("least|minim|36/k|36 / k",)),
    Answer("08.block_size", "sqrt-2L-formula", r'''
block_size = round(np.sqrt(2 * 36))     # sqrt(2L) from a checkpointing paper
''', False, "8 does not divide 36, and the memory here is 36/k + k, smallest at k = √36 = 6",
           ("divide|divisor|36/k|36 / k",)),
    Answer("08.block_size", "trailing-comma-tuple", r'''
block_size = 6,
''', False, "the trailing comma makes a tuple (6,), not the number 6",
           ("tuple|comma|number",)),

    # ------------------------------------------------------------------ 09.spot_the_mistake
    Answer("09.spot_the_mistake", "all-right", r'''
answers = ["keyword_call", "upstream_ignored", "float32_false_alarm", "wrong_shape", "none_gradient"]
''', True),
    Answer("09.spot_the_mistake", "split-a-string", r'''
answers = "keyword_call upstream_ignored float32_false_alarm wrong_shape none_gradient".split()
''', True),
    Answer("09.spot_the_mistake", "second-as-precision", r'''
answers = ["keyword_call", "float32_false_alarm", "float32_false_alarm", "wrong_shape", "none_gradient"]
''', False, "snippet 2 is not rounding: 0.88 is cos(0.5), the upstream 2 sin(0.5) was dropped (upstream_ignored)",
           ("upstream|2",)),
    Answer("09.spot_the_mistake", "fourth-as-upstream", r'''
answers = ["keyword_call", "upstream_ignored", "float32_false_alarm", "upstream_ignored", "none_gradient"]
''', False, "snippet 4: summing over axis 1 gives ds shape (4,) for s of shape (4, 1), so s - 0.1 * ds broadcasts to (4, 4): wrong_shape",
           ("shape|4",)),
    Answer("09.spot_the_mistake", "descriptions-not-names", r'''
answers = ["called with a keyword", "forgot upstream", "float32 precision", "shape mismatch", "argmax has no gradient"]
''', False, "the right ideas, but not the names from the list (keyword_call, upstream_ignored, ...)",
           ("name|list|keyword_call|upstream_ignored",)),
    Answer("09.spot_the_mistake", "positions-in-the-list", r'''
answers = [3, 1, 6, 2, 5]     # positions in the list of names
''', False, "numbers (positions in the list) instead of the names as strings",
           ("string|name|quote|text",)),

    # ------------------------------------------------------------------ 09.fix_linear
    Answer("09.fix_linear", "transpose-flags", r'''
@tf.custom_gradient
def linear(x, W, b):
    def grad(U):
        return tf.matmul(U, W, transpose_b=True), tf.matmul(x, U, transpose_a=True), tf.reduce_sum(U, axis=0)
    return x @ W + b, grad
''', True),
    Answer("09.fix_linear", "tensordot-and-einsum", r'''
@tf.custom_gradient
def linear(x, W, b):
    def grad(U):
        dx = tf.einsum("bj,ij->bi", U, W)
        dW = tf.tensordot(x, U, axes=[[0], [0]])
        db = tf.einsum("bj->j", U)
        return dx, dW, db
    return x @ W + b, grad
''', True),
    Answer("09.fix_linear", "dW-fixed-by-double-transpose-only", r'''
@tf.custom_gradient
def linear(x, W, b):
    def grad(U):
        return U @ tf.transpose(W), tf.transpose(tf.transpose(U) @ x), U
    return x @ W + b, grad
''', False, "dW is fixed ((Uᵀx)ᵀ = xᵀU), but db is still U: b is added to every row, so sum U over the batch axis",
           ("sum|batch|axis|db|bias",)),
    Answer("09.fix_linear", "db-keepdims", r'''
@tf.custom_gradient
def linear(x, W, b):
    def grad(U):
        return U @ tf.transpose(W), tf.transpose(x) @ U, tf.reduce_sum(U, axis=0, keepdims=True)
    return x @ W + b, grad
''', False, "keepdims=True gives db shape (1, n) for b of shape (n,)",
           ("shape|keepdims",)),
    Answer("09.fix_linear", "no-custom-gradient", r'''
def linear(x, W, b):
    return x @ W + b        # TensorFlow's own gradient has no bugs to fix
''', False, "drops the custom gradient instead of fixing grad: the exercise is to repair the two bugs in grad",
           ("custom|grad",)),
]
