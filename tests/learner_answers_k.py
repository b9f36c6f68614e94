"""Learner answers, set k: second attempts, copied-from-the-internet code, autodiff inside grad,
per-element code, answers pasted into the wrong cell, debugging leftovers, dtype slips."""

from learner_answer_types import Answer

ANSWERS = [
    # ------------------------------------------------------------------ 00.warmup
    Answer("00.warmup", "tape-then-float", r'''
x = tf.Variable(3.0)                 # a Variable is watched automatically
with tf.GradientTape() as tape:
    y = x * x
answer = float(tape.gradient(y, x))  # let TensorFlow do it, then make it a plain number
''', True),
    Answer("00.warmup", "tape-constant-not-watched", r'''
x = tf.constant(3.0)
with tf.GradientTape() as tape:
    y = x ** 2
answer = tape.gradient(y, x)     # I think this gives 6?
''', False, "A constant is not watched, so tape.gradient returns None: call tape.watch(x) (or just give the number 6).",
           ("None|watch",)),
    Answer("00.warmup", "tf1-gradients-eager", r'''
# from a StackOverflow answer
x = tf.constant(3.0)
y = x ** 2
answer = tf.compat.v1.gradients(y, x)[0]
''', False, "tf.gradients is TensorFlow 1 graph code and fails when running eagerly; use tf.GradientTape, or just give 2·3 = 6.",
           ("GradientTape|eager",)),
    Answer("00.warmup", "value-and-derivative-tuple", r'''
value = 3 ** 2
derivative = 2 * 3
answer = (derivative, value)    # both, so I can see them
''', False, "The answer is one number, the derivative; don't pass a tuple with the value as well.",
           ("one number|single|tuple|two",)),
    Answer("00.warmup", "copied-cube-example", r'''
x = tf.constant(3.0)
with tf.GradientTape() as tape:
    tape.watch(x)
    y = x ** 3          # same as the cell above
answer = tape.gradient(y, x).numpy()
''', False, "That differentiates x³ (copied from the environment check), not x².",
           ("x³|x^3|x**3|cube",)),
    Answer("00.warmup", "derivative-as-function", r'''
def derivative(x):
    return 2 * x
answer = derivative     # the derivative of x^2 is 2x
''', False, "The exercise wants the derivative's value at x = 3, a number, not the function 2x.",
           ("number|function|callable",)),

    # ------------------------------------------------------------------ 01.chain_derivative
    Answer("01.chain_derivative", "loop-over-links", r'''
v = 3.0
answer = 1.0
for link in range(3):          # backward or forward, the product is the same
    answer = answer * (2 * v)  # local derivative of this link at its input
    v = v ** 2                 # the next link's input
''', True),
    Answer("01.chain_derivative", "outermost-local-only", r'''
# the last call sees 81, d(x^2)/dx = 2x
answer = 2 * 81
''', False, "162 is only the outermost link's local derivative; multiply the local derivatives of all three links.",
           ("multiply|product|all three",)),
    Answer("01.chain_derivative", "summed-locals", r'''
locals_ = [2 * 3, 2 * 9, 2 * 81]
answer = sum(locals_)   # add up each link's contribution
''', False, "The chain rule multiplies the local derivatives, it does not add them.",
           ("multiply|product",)),
    Answer("01.chain_derivative", "value-of-y", r'''
x = 3
answer = ((x ** 2) ** 2) ** 2
''', False, "6561 is y = x⁸ itself, the forward value, not dy/dx.",
           ("value|forward",)),
    Answer("01.chain_derivative", "upstreams-pasted", r'''
answer = [1, 162, 2916]
''', False, "That is the list of upstreams (the next exercise); here the answer is one number, dy/dx.",
           ("one number|single|list|upstreams",)),
    Answer("01.chain_derivative", "stopped-one-link-early", r'''
# backward: 1 -> 2*81 = 162 -> 162 * 2*9
up = 1
up = up * 2 * 81
up = up * 2 * 9
answer = up
''', False, "2916 is what reaches the innermost call; multiply by its local derivative 2·3 too.",
           ("innermost|local|first",)),

    # ------------------------------------------------------------------ 01.upstreams
    Answer("01.upstreams", "recording-custom-gradient", r'''
class Recorder:
    """A square link that writes down every upstream it receives."""
    def __init__(self):
        self.seen = []

    def make_link(self):
        @tf.custom_gradient
        def link(v):
            def grad(upstream):
                self.seen.append(float(upstream))
                return upstream * 2 * v
            return v ** 2, grad
        return link

rec = Recorder()
f = rec.make_link()
x = tf.constant(3.0, dtype=tf.float64)
with tf.GradientTape() as tape:
    tape.watch(x)
    y = f(f(f(x)))
tape.gradient(y, x)
upstreams = rec.seen      # in the order backward visited them
''', True),
    Answer("01.upstreams", "forward-order", r'''
upstreams = [2916, 162, 1]   # first call, second call, third call
''', False, "Those are in forward order; list them as the backward pass visits them, outermost call first.",
           ("order|reverse|outermost",)),
    Answer("01.upstreams", "downstreams-instead", r'''
ups = []
running = 1
for v in (81, 9, 3):       # backward order: outermost first
    running = running * 2 * v
    ups.append(running)
upstreams = ups
''', False, "Those are the downstreams each call passes on; its upstream is what it receives, starting with 1.",
           ("downstream",)),
    Answer("01.upstreams", "local-derivatives", r'''
upstreams = [2 * 81, 2 * 9, 2 * 3]   # each link's derivative, outermost first
''', False, "Those are the local derivatives; upstream is the product of everything after the call, starting at 1.",
           ("local",)),
    Answer("01.upstreams", "four-with-final", r'''
# second try: start at 1 and keep multiplying, include the final dy/dx as well
upstreams = [1, 162, 2916, 17496]
''', False, "There are three calls, so three upstreams; 17496 is dy/dx, which no call receives.",
           ("three|four",)),
    Answer("01.upstreams", "local-not-multiplied", r'''
upstreams = [1, 2 * 81, 2 * 9]   # each call gets the derivative from the one after it
''', False, "Each upstream is the previous upstream times the local derivative: the third is 162·18, not 18.",
           ("multiply|times|product",)),

    # ------------------------------------------------------------------ 01.local_sin
    Answer("01.local_sin", "phase-shift", r'''
def local_sin(x):
    # cos is sin shifted left by a quarter turn
    return tf.sin(x + np.pi / 2)
''', True),
    Answer("01.local_sin", "forward-rule", r'''
def local_sin(x):
    return tf.math.sin(x)
''', False, "That returns sin x itself, the forward rule, not its local derivative.",
           ("itself|forward|value",)),
    Answer("01.local_sin", "nested-tape-of-cos", r'''
def local_sin(x):
    x = tf.convert_to_tensor(x)
    with tf.GradientTape() as tape:
        tape.watch(x)
        y = tf.cos(x)          # let autodiff find it
    return tape.gradient(y, x)
''', False, "The tape differentiates cos, giving −sin; the link's forward rule is sin.",
           ("derivative of cos|sign|minus|−sin|-sin",)),
    Answer("01.local_sin", "nested-tape-unwatched", r'''
def local_sin(x):
    with tf.GradientTape() as tape:
        y = tf.sin(x)
    return tape.gradient(y, x)
''', False, "x is a constant tensor, so the tape does not watch it and returns None; call tape.watch(x).",
           ("None|watch",)),
    Answer("01.local_sin", "cast-to-float32", r'''
def local_sin(x):
    x = tf.cast(x, tf.float32)   # float32 is the default anyway
    return tf.cos(x)
''', False, "The input is float64 and the result must stay float64; casting to float32 loses precision.",
           ("float64|dtype|float32",)),
    Answer("01.local_sin", "finite-difference", r'''
def local_sin(x):
    h = 1e-2
    return (tf.sin(x + h) - tf.sin(x)) / h    # definition of the derivative
''', False, "A forward finite difference with h = 0.01 only approximates the derivative; give the exact formula.",
           ("finite difference|approximat",)),

    # ------------------------------------------------------------------ 02.x_sin_x
    Answer("02.x_sin_x", "nested-tape-times-upstream", r'''
@strict_custom_gradient
def x_sin_x(x):
    def grad(upstream):
        with tf.GradientTape() as inner:      # local derivative by autodiff
            inner.watch(x)
            f = x * tf.sin(x)
        local = inner.gradient(f, x)
        return local * upstream
    return x * tf.sin(x), grad
''', True),
    Answer("02.x_sin_x", "product-rule-half", r'''
@strict_custom_gradient
def x_sin_x(x):
    def grad(upstream):
        return upstream * x * tf.cos(x)     # now with upstream
    return x * tf.sin(x), grad
''', False, "Upstream is there now, but the product rule has two terms: the derivative of the factor x is missing.",
           ("product",)),
    Answer("02.x_sin_x", "upstream-twice", r'''
@strict_custom_gradient
def x_sin_x(x):
    def grad(upstream):
        local = upstream * (tf.sin(x) + x * tf.cos(x))
        return upstream * local             # don't forget upstream!
    return x * tf.sin(x), grad
''', False, "Upstream is multiplied in twice; multiply the local derivative by upstream once.",
           ("upstream",)),
    Answer("02.x_sin_x", "no-upstream", r'''
@strict_custom_gradient
def x_sin_x(x):
    def grad(dy):
        return tf.sin(x) + x * tf.cos(x)    # d/dx (x sin x)
    return x * tf.sin(x), grad
''', False, "The local derivative is right but grad ignores upstream (dy); return it times upstream.",
           ("upstream",)),
    Answer("02.x_sin_x", "nested-tape-unwatched", r'''
@strict_custom_gradient
def x_sin_x(x):
    def grad(upstream):
        with tf.GradientTape() as t:
            y = x * tf.sin(x)
        return upstream * t.gradient(y, x)
    return x * tf.sin(x), grad
''', False, "The inner tape never watches x, so t.gradient returns None; watch x or write the derivative out.",
           ("None|watch",)),
    Answer("02.x_sin_x", "float16-cast", r'''
@strict_custom_gradient
def x_sin_x(x):
    def grad(upstream):
        local = tf.sin(x) + x * tf.cos(x)
        return tf.cast(upstream * local, tf.float16)    # save memory
    return x * tf.sin(x), grad
''', False, "The gradient must have x's dtype; casting it to float16 breaks that.",
           ("dtype|float16",)),

    # ------------------------------------------------------------------ 02.stable_log1pexp
    Answer("02.stable_log1pexp", "exp-of-x-minus-y", r'''
@strict_custom_gradient
def stable_log1pexp(x):
    y = tf.maximum(x, 0.0) + tf.math.log1p(tf.exp(-tf.abs(x)))
    def grad(upstream):
        # dy/dx = e^x / (1 + e^x) = exp(x - log(1 + e^x)) = exp(x - y), and x - y <= 0 always
        return upstream * tf.exp(x - y)
    return y, grad
''', True),
    Answer("02.stable_log1pexp", "fixed-forward-only", r'''
@strict_custom_gradient
def stable_log1pexp(x):
    y = tf.maximum(x, 0.0) + tf.math.log1p(tf.exp(-tf.abs(x)))   # stable now
    e = tf.exp(x)
    def grad(upstream):
        return upstream * (1 - 1 / (1 + e))                      # from the docs
    return y, grad
''', False, "The forward value is stable now, but 1 − 1/(1 + eˣ) subtracts nearly equal numbers for negative x and loses all precision.",
           ("precision|cancel|subtract|relative|accura",)),
    Answer("02.stable_log1pexp", "fixed-grad-only", r'''
@strict_custom_gradient
def stable_log1pexp(x):
    def grad(upstream):
        return upstream * tf.math.sigmoid(x)
    return tf.math.log(1 + tf.exp(x)), grad
''', False, "The gradient is stable, but the forward value log(1 + eˣ) still overflows to inf for large x.",
           ("forward|inf|overflow",)),
    Answer("02.stable_log1pexp", "python-if", r'''
@strict_custom_gradient
def stable_log1pexp(x):
    if x > 0:
        y = x + tf.math.log1p(tf.exp(-x))
    else:
        y = tf.math.log1p(tf.exp(x))
    def grad(upstream):
        return upstream / (1 + tf.exp(-x))
    return y, grad
''', False, "A Python if cannot branch entry by entry on a vector; use elementwise operations (tf.where, tf.maximum, tf.abs).",
           ("if|elementwise|entry by entry|tf.where",)),
    Answer("02.stable_log1pexp", "no-upstream", r'''
@strict_custom_gradient
def stable_log1pexp(x):
    pos = tf.maximum(x, 0.0)
    y = pos + tf.math.log1p(tf.exp(-tf.abs(x)))
    def grad(upstream):
        return tf.exp(x - pos) / (tf.exp(-pos) + tf.exp(x - pos))   # sigmoid, stable
    return y, grad
''', False, "Both formulas are stable, but grad ignores upstream; multiply by it.",
           ("upstream",)),
    Answer("02.stable_log1pexp", "float64-zero", r'''
ZERO = tf.constant(0.0, dtype=tf.float64)   # extra precision

@strict_custom_gradient
def stable_log1pexp(x):
    y = tf.maximum(x, ZERO) + tf.math.log1p(tf.exp(-tf.abs(x)))
    def grad(upstream):
        return upstream * tf.math.sigmoid(x)
    return y, grad
''', False, "The float64 constant cannot be combined with float32 x; use the input's dtype (a plain 0.0).",
           ("float64|dtype|double",)),

    # ------------------------------------------------------------------ 02.multiply
    Answer("02.multiply", "reversed-comprehension", r'''
@strict_custom_gradient
def multiply(x, y):
    def grad(upstream):
        # each input's gradient is upstream times "the other one"
        others = [y, x]
        return tuple(upstream * other for other in others)
    return x * y, grad
''', True),
    Answer("02.multiply", "swapped", r'''
@strict_custom_gradient
def multiply(x, y):
    def grad(upstream):
        return upstream * x, upstream * y
    return x * y, grad
''', False, "The gradients are swapped: dz/dx is y and dz/dy is x.",
           ("swap|other input|order",)),
    Answer("02.multiply", "half-fixed-upstream", r'''
@strict_custom_gradient
def multiply(x, y):
    def grad(upstream):
        return upstream * y, x      # swapped them back
    return x * y, grad
''', False, "The gradient for y forgets upstream; multiply both by it.",
           ("upstream",)),
    Answer("02.multiply", "summed-everything", r'''
@strict_custom_gradient
def multiply(x, y):
    def grad(upstream):
        # sum the gradient back (broadcasting)
        return tf.reduce_sum(upstream * y), tf.reduce_sum(upstream * x)
    return x * y, grad
''', False, "Nothing is broadcast here; summing collapses each gradient to a scalar instead of the input's shape.",
           ("shape|sum",)),
    Answer("02.multiply", "total-differential", r'''
@strict_custom_gradient
def multiply(x, y):
    def grad(upstream):
        # d(xy) = y dx + x dy
        return upstream * (y + x)
    return x * y, grad
''', False, "grad must return two gradients, one per input, not one combined tensor.",
           ("two|each input|per input",)),
    Answer("02.multiply", "divide-pasted", r'''
@strict_custom_gradient
def multiply(x, y):
    def grad(upstream):
        return upstream / y, -upstream * x / y ** 2     # (dL/dx, dL/dy), in input order
    return x * y, grad
''', False, "That is the gradient of x / y from the example above, not of x · y.",
           ("divide|division|quotient|x / y",)),

    # ------------------------------------------------------------------ 03.softmax_vjp
    Answer("03.softmax_vjp", "einsum-dot", r'''
@strict_custom_gradient
def softmax(z):
    s = tf.nn.softmax(z)
    def grad(upstream):
        dot = tf.einsum("...i,...i->...", upstream, s)     # <upstream, s> per row
        return s * (upstream - dot[..., tf.newaxis])
    return s, grad
''', True),
    Answer("03.softmax_vjp", "sum-no-axis", r'''
@strict_custom_gradient
def softmax(z):
    s = tf.nn.softmax(z)
    def grad(upstream):
        return s * (upstream - tf.reduce_sum(upstream * s))
    return s, grad
''', False, "reduce_sum without an axis mixes the rows of a batch; sum over the last axis with keepdims=True.",
           ("axis|row|batch",)),
    Answer("03.softmax_vjp", "reduce-mean", r'''
@strict_custom_gradient
def softmax(z):
    s = tf.nn.softmax(z)
    def grad(upstream):
        inner = tf.reduce_mean(upstream * s, axis=-1, keepdims=True)
        return s * (upstream - inner)
    return s, grad
''', False, "The inner product needs reduce_sum, not reduce_mean: the mean divides it by the number of classes.",
           ("sum|mean",)),
    Answer("03.softmax_vjp", "no-keepdims", r'''
@strict_custom_gradient
def softmax(z):
    s = tf.nn.softmax(z)
    def grad(upstream):
        inner = tf.reduce_sum(upstream * s, axis=-1)
        return s * (upstream - inner)
    return s, grad
''', False, "Without keepdims=True the per-row sums do not line up with the rows of a batch.",
           ("keepdims|row|batch|axis",)),
    Answer("03.softmax_vjp", "nested-tape-ones", r'''
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
''', False, "tape.gradient of softmax is Jᵀ·ones, which is zero; pass upstream as output_gradients instead of multiplying afterwards.",
           ("output_gradients|upstream|zero",)),
    Answer("03.softmax_vjp", "log-softmax-grad", r'''
# the softmax backward pass (from a blog post)
@strict_custom_gradient
def softmax(z):
    s = tf.nn.softmax(z)
    def grad(upstream):
        return upstream - s * tf.reduce_sum(upstream, axis=-1, keepdims=True)
    return s, grad
''', False, "That is the VJP of log-softmax; softmax's is s ⊙ (upstream − ⟨upstream, s⟩).",
           ("log",)),

    # ------------------------------------------------------------------ 03.matvec
    Answer("03.matvec", "broadcast-and-sum-rows", r'''
def make_f(A):
    @strict_custom_gradient
    def f(x):
        def grad(upstream):
            # (Aᵀ u)_j = sum_i A_ij u_i: scale each row of A by u_i, add the rows
            return tf.reduce_sum(A * upstream[:, tf.newaxis], axis=0)
        return tf.linalg.matvec(A, x), grad
    return f
''', True),
    Answer("03.matvec", "no-transpose", r'''
def make_f(A):
    @strict_custom_gradient
    def f(x):
        def grad(upstream):
            return tf.linalg.matvec(A, upstream)     # Jacobian is A
        return tf.linalg.matvec(A, x), grad
    return f
''', False, "grad needs Aᵀ·upstream: the Jacobian transposed (transpose_a=True).",
           ("transpose|transposed",)),
    Answer("03.matvec", "global-matrix", r'''
def make_f(A):
    @strict_custom_gradient
    def f(x):
        def grad(upstream):
            return tf.linalg.matvec(A_5x3, upstream, transpose_a=True)
        return tf.linalg.matvec(A, x), grad
    return f
''', False, "grad uses the fixed matrix A_5x3 instead of the A of the closure the factory was given.",
           ("closure|factory",)),
    Answer("03.matvec", "gradient-for-A-too", r'''
def make_f(A):
    @strict_custom_gradient
    def f(x):
        def grad(upstream):
            dx = tf.linalg.matvec(A, upstream, transpose_a=True)
            dA = tf.tensordot(upstream, x, axes=0)      # like in notebook 04
            return dx, dA
        return tf.linalg.matvec(A, x), grad
    return f
''', False, "A is held in the closure, not an input of f: grad returns one gradient, for x only.",
           ("input|closure",)),
    Answer("03.matvec", "no-upstream", r'''
def make_f(A):
    @strict_custom_gradient
    def f(x):
        def grad(upstream):
            return tf.reduce_sum(A, axis=0)     # column sums of A = d(sum Ax)/dx
        return tf.linalg.matvec(A, x), grad
    return f
''', False, "That is Aᵀ·ones: grad ignores upstream; multiply Aᵀ by upstream.",
           ("upstream",)),
    Answer("03.matvec", "row-vector-matmul", r'''
def make_f(A):
    @strict_custom_gradient
    def f(x):
        def grad(upstream):
            # uᵀ J as a row vector
            return tf.matmul(upstream[tf.newaxis, :], A)
        return tf.linalg.matvec(A, x), grad
    return f
''', False, "The numbers are right but the result is a (1, m) row, not shaped like x; drop the extra axis.",
           ("shape",)),

    # ------------------------------------------------------------------ 03.phi_grad
    Answer("03.phi_grad", "erf-chain-rule", r'''
@strict_custom_gradient
def phi_tf(x):
    def grad(upstream):
        z = x / np.sqrt(2.0)
        d_erf = 2 / np.sqrt(np.pi) * tf.exp(-z * z)       # erf'(z)
        return upstream * 0.5 * d_erf / np.sqrt(2.0)     # times dz/dx = 1/sqrt(2)
    return 0.5 * (1 + tf.math.erf(x / np.sqrt(2.0))), grad
''', True),
    Answer("03.phi_grad", "missing-inner-factor", r'''
@strict_custom_gradient
def phi_tf(x):
    def grad(upstream):
        z = x / np.sqrt(2.0)
        return upstream * 0.5 * 2 / np.sqrt(np.pi) * tf.exp(-z ** 2)
    return 0.5 * (1 + tf.math.erf(x / np.sqrt(2.0))), grad
''', False, "The chain rule's inner factor d(x/√2)/dx = 1/√2 is missing.",
           ("chain|√2|sqrt|inner",)),
    Answer("03.phi_grad", "float64-constant", r'''
SQRT_2PI = tf.constant(np.sqrt(2 * np.pi), dtype=tf.float64)

@strict_custom_gradient
def phi_tf(x):
    def grad(upstream):
        return upstream * tf.exp(-x ** 2 / 2) / SQRT_2PI
    return 0.5 * (1 + tf.math.erf(x / np.sqrt(2.0))), grad
''', False, "The float64 constant breaks float32 inputs; build constants in x's dtype (or use Python floats).",
           ("dtype|float64|float32|double",)),
    Answer("03.phi_grad", "scipy-pdf-numpy", r'''
@strict_custom_gradient
def phi_tf(x):
    def grad(upstream):
        pdf = scipy.stats.norm.pdf(x.numpy())         # like phi above
        return upstream * tf.constant(pdf, dtype=x.dtype)
    return 0.5 * (1 + tf.math.erf(x / np.sqrt(2.0))), grad
''', False, "x.numpy() does not work inside tf.function; write the density with TensorFlow operations.",
           ("tf.function|numpy|graph",)),
    Answer("03.phi_grad", "no-upstream", r'''
@strict_custom_gradient
def phi_tf(x):
    def grad(upstream):
        density = tf.exp(-0.5 * tf.square(x)) / np.sqrt(2 * np.pi)
        tf.print("density:", density)
        return density
    return 0.5 * (1 + tf.math.erf(x / np.sqrt(2.0))), grad
''', False, "The density is right but grad ignores upstream; return upstream times it.",
           ("upstream",)),
    Answer("03.phi_grad", "numpy-function-scipy", r'''
# tf.numpy_function runs inside tf.function too (StackOverflow)
@strict_custom_gradient
def phi_tf(x):
    def grad(upstream):
        pdf = tf.numpy_function(scipy.stats.norm.pdf, [x], Tout=x.dtype)
        return upstream * pdf
    return 0.5 * (1 + tf.math.erf(x / np.sqrt(2.0))), grad
''', False, "scipy returns float64 whatever it is given, so Tout=x.dtype is wrong for float32 inputs; cast the result (or write the density with TensorFlow operations).",
           ("float32|float64|dtype|double",)),

    # ------------------------------------------------------------------ 04.quadratic_form
    Answer("04.quadratic_form", "einsum-both-terms", r'''
@strict_custom_gradient
def quadratic_form(x, A):
    def grad(upstream):
        # q = sum_ij x_i A_ij x_j
        dx = tf.einsum("ij,j->i", A, x) + tf.einsum("ij,i->j", A, x)   # A x + Aᵀ x
        dA = tf.einsum("i,j->ij", x, x)
        return upstream * dx, upstream * dA
    return tf.tensordot(x, tf.linalg.matvec(A, x), axes=1), grad
''', True),
    Answer("04.quadratic_form", "symmetric-shortcut", r'''
@strict_custom_gradient
def quadratic_form(x, A):
    def grad(upstream):
        # d/dx xᵀAx = 2Ax (matrix cookbook)
        return upstream * 2 * tf.linalg.matvec(A, x), upstream * tf.tensordot(x, x, axes=0)
    return tf.tensordot(x, tf.linalg.matvec(A, x), axes=1), grad
''', False, "2Ax holds only for a symmetric A; in general dq/dx = (A + Aᵀ)x.",
           ("symmetric|transpose|Aᵀ",)),
    Answer("04.quadratic_form", "dA-without-upstream", r'''
@strict_custom_gradient
def quadratic_form(x, A):
    def grad(upstream):
        dx = upstream * (tf.linalg.matvec(A, x) + tf.linalg.matvec(A, x, transpose_a=True))  # fixed
        dA = tf.tensordot(x, x, axes=0)
        return dx, dA
    return tf.tensordot(x, tf.linalg.matvec(A, x), axes=1), grad
''', False, "dx is right now, but the gradient for A forgets upstream.",
           ("upstream",)),
    Answer("04.quadratic_form", "only-transposed-term", r'''
@strict_custom_gradient
def quadratic_form(x, A):
    def grad(upstream):
        # A is not symmetric so it must be the transpose
        dx = upstream * tf.linalg.matvec(A, x, transpose_a=True)
        dA = upstream * tf.tensordot(x, x, axes=0)
        return dx, dA
    return tf.tensordot(x, tf.linalg.matvec(A, x), axes=1), grad
''', False, "x appears twice in xᵀAx, so dq/dx has two terms, Ax and Aᵀx; this keeps only one.",
           ("term|twice|both",)),
    Answer("04.quadratic_form", "extra-debug-output", r'''
@strict_custom_gradient
def quadratic_form(x, A):
    q = tf.tensordot(x, tf.linalg.matvec(A, x), axes=1)
    def grad(upstream):
        dx = upstream * (tf.linalg.matvec(A, x) + tf.linalg.matvec(A, x, transpose_a=True))
        dA = upstream * tf.tensordot(x, x, axes=0)
        return dx, dA, q          # q too, for debugging
    return q, grad
''', False, "grad must return exactly two gradients, one per input; drop the extra q.",
           ("two|three|extra|number",)),
    Answer("04.quadratic_form", "printing-inner-product", r'''
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
''', False, "tensordot with axes=1 is the inner product xᵀx, a scalar; dA is the outer product x xᵀ (axes=0), shaped like A.",
           ("outer|shape|axes",)),

    # ------------------------------------------------------------------ 04.batched_matmul
    Answer("04.batched_matmul", "flatten-batch", r'''
@strict_custom_gradient
def batched_matmul(A, B):
    def grad(U):
        dA = tf.matmul(U, B, transpose_b=True)          # B broadcasts over the batch
        k, n = tf.shape(B)[0], tf.shape(B)[1]
        A_rows = tf.reshape(A, [-1, k])                  # every row of every batch entry
        U_rows = tf.reshape(U, [-1, n])
        dB = tf.matmul(A_rows, U_rows, transpose_a=True)  # sums over batch and rows at once
        return dA, dB
    return tf.matmul(A, B), grad
''', True),
    Answer("04.batched_matmul", "dB-not-summed", r'''
@strict_custom_gradient
def batched_matmul(A, B):
    def grad(U):
        return tf.matmul(U, B, transpose_b=True), tf.matmul(A, U, transpose_a=True)
    return tf.matmul(A, B), grad
''', False, "B is shared by the batch, so its gradient must be summed over the batch axis to have B's shape.",
           ("sum|batch",)),
    Answer("04.batched_matmul", "dB-mean", r'''
@strict_custom_gradient
def batched_matmul(A, B):
    def grad(U):
        dA = tf.matmul(U, B, transpose_b=True)
        dB = tf.reduce_mean(tf.matmul(A, U, transpose_a=True), axis=0)
        return dA, dB
    return tf.matmul(A, B), grad
''', False, "B's gradient is the sum over the batch, not the mean.",
           ("sum|mean",)),
    Answer("04.batched_matmul", "dA-missing-transpose", r'''
@strict_custom_gradient
def batched_matmul(A, B):
    def grad(U):
        dA = tf.matmul(U, B)                                          # U B
        dB = tf.reduce_sum(tf.matmul(A, U, transpose_a=True), axis=0)  # fixed: summed now
        return dA, dB
    return tf.matmul(A, B), grad
''', False, "dB is summed now, but dA needs Bᵀ: U·Bᵀ (transpose_b=True).",
           ("transpose|transposed|Bᵀ",)),
    Answer("04.batched_matmul", "sum-all-axes", r'''
@strict_custom_gradient
def batched_matmul(A, B):
    def grad(U):
        dA = tf.matmul(U, B, transpose_b=True)
        dB = tf.reduce_sum(tf.matmul(A, U, transpose_a=True))   # sum it back
        return dA, dB
    return tf.matmul(A, B), grad
''', False, "Sum only over the batch axis (axis=0); summing every axis leaves a scalar instead of B's shape.",
           ("axis|shape",)),
    Answer("04.batched_matmul", "map-fn-float32", r'''
@strict_custom_gradient
def batched_matmul(A, B):
    def grad(U):
        dA = tf.map_fn(lambda u: tf.matmul(u, B, transpose_b=True), U,
                       fn_output_signature=tf.float32)
        per_example = tf.map_fn(lambda au: tf.matmul(au[0], au[1], transpose_a=True), (A, U),
                                fn_output_signature=tf.float32)
        return dA, tf.reduce_sum(per_example, axis=0)
    return tf.matmul(A, B), grad
''', False, "fn_output_signature=tf.float32 breaks float64 inputs; use the input's dtype.",
           ("float64|dtype|double",)),
]
