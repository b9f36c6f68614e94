"""Learner answers, set n: gradients computed another way inside grad, Python control flow on tensors,
integer and dtype literals, debugging left in, axis/keepdims/broadcasting slips, wrong containers,
decorator order, and answers right only at special points."""

from learner_answer_types import Answer

ANSWERS = [
    # ------------------------------------------------------------------ 00.warmup
    Answer("00.warmup", "polyder of x squared", r'''
answer = float(np.polyder(np.poly1d([1, 0, 0]))(3))   # d/dx of x² is 2x, evaluated at 3
''', True),
    Answer("00.warmup", "integer product", r'''
x = 3
answer = 2 * x
''', True),
    Answer("00.warmup", "value not derivative", r'''
x = 3
answer = x ** 2
''', False, "9 is the value of x² at 3, not its derivative 2x", ("derivative",)),
    Answer("00.warmup", "print instead of value", r'''
answer = print(2 * 3)    # 6
''', False, "print returns None: the cell printed 6 but answer is None", ("none",)),
    Answer("00.warmup", "number as a string", r'''
answer = "6"
''', False, "the answer is the text \"6\", not the number 6", ("number|str|text",)),
    Answer("00.warmup", "dict of point and slope", r'''
answer = {"x": 3, "dy/dx": 6}
''', False, "answer should be just the number, not a dict", ("number|dict",)),

    # ------------------------------------------------------------------ 01.chain_derivative
    Answer("01.chain_derivative", "product of three locals", r'''
local_outer, local_middle, local_inner = 2 * 81, 2 * 9, 2 * 3
answer = local_outer * local_middle * local_inner
''', True),
    Answer("01.chain_derivative", "tape in float64", r'''
x = tf.constant(3.0, dtype=tf.float64)
with tf.GradientTape() as tape:
    tape.watch(x)
    y = ((x ** 2) ** 2) ** 2
answer = float(tape.gradient(y, x))
''', True),
    Answer("01.chain_derivative", "value of x^8", r'''
answer = 3 ** 8
''', False, "6561 is y = x⁸ itself, not dy/dx", ("derivative|value",)),
    Answer("01.chain_derivative", "sum of locals", r'''
answer = 2 * 81 + 2 * 9 + 2 * 3
''', False, "the chain rule multiplies the local derivatives, it does not add them", ("multiply|product",)),
    Answer("01.chain_derivative", "innermost link only", r'''
answer = 2 * 3     # d(x²)/dx at x = 3
''', False, "6 is only the innermost link's local derivative; the other two links are missing",
           ("link|upstream",)),
    Answer("01.chain_derivative", "integer tape gives None", r'''
x = tf.constant(3)
with tf.GradientTape() as tape:
    tape.watch(x)
    y = ((x ** 2) ** 2) ** 2
answer = tape.gradient(y, x)
''', False, "an integer tensor is not differentiable: the tape returned None; use 3.0", ("none|integer|int|float",)),

    # ------------------------------------------------------------------ 01.upstreams
    Answer("01.upstreams", "cumulative products", r'''
locals_backward = [2 * 81.0, 2 * 9.0]       # the outer two links' local derivatives
upstreams = [1.0]
for local in locals_backward:
    upstreams.append(upstreams[-1] * local)
''', True),
    Answer("01.upstreams", "read from a ChainTrace", r'''
trace = helpers.ChainTrace()
f = trace.link("f", forward=lambda v: v ** 2, local=lambda v: 2 * v)
x = tf.constant(3.0, dtype=tf.float64)
with tf.GradientTape() as tape:
    tape.watch(x)
    y = f(f(f(x)))
tape.gradient(y, x)
upstreams = [float(r.upstream) for r in trace.backward]
''', True),
    Answer("01.upstreams", "forward order", r'''
upstreams = [2916.0, 162.0, 1.0]
''', False, "right numbers in the wrong order: the backward pass starts at the outermost call",
           ("order|reverse|backward",)),
    Answer("01.upstreams", "downstreams instead", r'''
upstreams = [2 * 81, 2 * 81 * 2 * 9, 2 * 81 * 2 * 9 * 2 * 3]
''', False, "these are the downstreams each call passes on, one step too far", ("downstream",)),
    Answer("01.upstreams", "local derivatives", r'''
upstreams = [2 * 81, 2 * 9, 2 * 3]
''', False, "these are the local derivatives of the three links, not what each receives", ("local",)),
    Answer("01.upstreams", "dict by link name", r'''
upstreams = {"outer": 1.0, "middle": 162.0, "inner": 2916.0}
''', False, "a dict, not a list of three numbers", ("list",)),

    # ------------------------------------------------------------------ 01.local_sin
    Answer("01.local_sin", "shifted sine", r'''
def local_sin(x):
    return tf.sin(np.pi / 2 - x)       # sin(π/2 − x) = cos x
''', True),
    Answer("01.local_sin", "half-angle with a debug print", r'''
def local_sin(x):
    print("local_sin got", x.dtype, x.shape)
    return 1 - 2 * tf.sin(x / 2) ** 2     # cos x = 1 − 2 sin²(x/2)
''', True),
    Answer("01.local_sin", "forward value", r'''
def local_sin(x):
    return tf.sin(x)
''', False, "that is sin's forward rule, not its derivative", ("derivative|forward",)),
    Answer("01.local_sin", "sqrt of 1 - sin^2", r'''
def local_sin(x):
    return tf.sqrt(1 - tf.sin(x) ** 2)
''', False, "sqrt(1 − sin²x) = |cos x|: the sign is wrong where cos x < 0 (|x| > π/2)",
           ("sign|negative",)),
    Answer("01.local_sin", "cast to int", r'''
def local_sin(x):
    return tf.cast(tf.cos(x), tf.int32)
''', False, "casting to int32 truncates the derivative to 0 or ±1; keep x's float dtype",
           ("int|dtype",)),
    Answer("01.local_sin", "taylor near zero", r'''
def local_sin(x):
    return 1 - x ** 2 / 2        # the derivative, near 0
''', False, "a Taylor approximation, right only near x = 0", ("approximat|taylor|near|only|zero",)),

    # ------------------------------------------------------------------ 02.x_sin_x
    Answer("02.x_sin_x", "tf.function above the decorator", r'''
@tf.function
@strict_custom_gradient
def x_sin_x(x):
    def grad(upstream):
        local = tf.add(tf.sin(x), tf.multiply(x, tf.cos(x)))    # product rule
        return tf.multiply(local, upstream)
    return x * tf.sin(x), grad
''', True),
    Answer("02.x_sin_x", "tape inside grad", r'''
@strict_custom_gradient
def x_sin_x(x):
    def grad(upstream):
        with tf.GradientTape() as inner:
            inner.watch(x)
            y = x * tf.sin(x)
        return inner.gradient(y, x, output_gradients=upstream)
    return x * tf.sin(x), grad
''', True),
    Answer("02.x_sin_x", "no product rule", r'''
@strict_custom_gradient
def x_sin_x(x):
    def grad(upstream):
        return upstream * x * tf.cos(x)
    return x * tf.sin(x), grad
''', False, "product rule: the term sin x (from differentiating x) is missing", ("product",)),
    Answer("02.x_sin_x", "finite differences inside grad", r'''
@strict_custom_gradient
def x_sin_x(x):
    def grad(upstream):
        h = 0.1
        slope = ((x + h) * tf.sin(x + h) - (x - h) * tf.sin(x - h)) / (2 * h)
        return upstream * slope
    return x * tf.sin(x), grad
''', False, "a finite-difference estimate with h = 0.1 is only approximately the derivative",
           ("approximat|finite|close",)),
    Answer("02.x_sin_x", "decorator on grad", r'''
def x_sin_x(x):
    @strict_custom_gradient
    def grad(upstream):
        return upstream * (tf.sin(x) + x * tf.cos(x))
    return x * tf.sin(x), grad
''', False, "the decorator belongs on x_sin_x, not on grad: x_sin_x now returns a plain (y, grad) tuple",
           ("decorat|custom_gradient",)),
    Answer("02.x_sin_x", "float64 constant", r'''
@strict_custom_gradient
def x_sin_x(x):
    one = tf.constant(1.0, dtype=tf.float64)
    def grad(upstream):
        return upstream * (one * tf.sin(x) + x * tf.cos(x))
    return x * tf.sin(x), grad
''', False, "a float64 constant cannot meet a float32 x: build constants in x.dtype",
           ("dtype|float64|float32",)),

    # ------------------------------------------------------------------ 02.stable_log1pexp
    Answer("02.stable_log1pexp", "where on exp(-|x|)", r'''
@strict_custom_gradient
def stable_log1pexp(x):
    e = tf.exp(-tf.abs(x))                          # never overflows
    y = tf.maximum(x, 0.0) + tf.math.log1p(e)
    def grad(upstream):
        sig = tf.where(x >= 0, 1 / (1 + e), e / (1 + e))
        return upstream * sig
    return y, grad
''', True),
    Answer("02.stable_log1pexp", "exp(x - y)", r'''
@strict_custom_gradient
def stable_log1pexp(x):
    y = tf.nn.relu(x) + tf.math.log1p(tf.exp(-tf.abs(x)))
    def grad(upstream):
        # dy/dx = e^x / (1 + e^x) = e^(x - log(1 + e^x)) = e^(x - y)
        return upstream * tf.exp(x - y)
    return y, grad
''', True),
    Answer("02.stable_log1pexp", "python if on a vector", r'''
@strict_custom_gradient
def stable_log1pexp(x):
    if x > 0:
        y = x + tf.math.log1p(tf.exp(-x))
    else:
        y = tf.math.log1p(tf.exp(x))
    def grad(upstream):
        return upstream * tf.sigmoid(x)
    return y, grad
''', False, "a Python if cannot decide for each entry of a vector: use tf.where or tf.maximum",
           ("if|elementwise|entry|where",)),
    Answer("02.stable_log1pexp", "docs gradient, stable forward", r'''
@strict_custom_gradient
def stable_log1pexp(x):
    y = tf.maximum(x, 0.0) + tf.math.log1p(tf.exp(-tf.abs(x)))
    def grad(upstream):
        return upstream * (1 - 1 / (1 + tf.exp(x)))
    return y, grad
''', False, "1 − 1/(1 + eˣ) cancels to 0 for very negative x: the gradient loses its relative precision",
           ("negative|precision|relative",)),
    Answer("02.stable_log1pexp", "log instead of log1p", r'''
@strict_custom_gradient
def stable_log1pexp(x):
    e = tf.exp(-tf.abs(x))
    y = tf.maximum(x, 0.0) + tf.math.log(1 + e)
    def grad(upstream):
        return upstream * tf.where(x >= 0, 1 / (1 + e), e / (1 + e))
    return y, grad
''', False, "log(1 + e) rounds 1 + e to 1 for very negative x: the forward value comes out 0",
           ("negative|precision|relative|log1p",)),
    Answer("02.stable_log1pexp", "float64 zero", r'''
@strict_custom_gradient
def stable_log1pexp(x):
    zero = tf.constant(0.0, dtype=tf.float64)
    y = tf.maximum(x, zero) + tf.math.log1p(tf.exp(-tf.abs(x)))
    def grad(upstream):
        return upstream * tf.sigmoid(x)
    return y, grad
''', False, "a float64 constant meets a float32 x in tf.maximum: keep constants in x's dtype",
           ("dtype|float64|float32",)),

    # ------------------------------------------------------------------ 02.multiply
    Answer("02.multiply", "tuple from a generator", r'''
@strict_custom_gradient
def multiply(x, y):
    def grad(upstream):
        return tuple(upstream * other for other in (y, x))   # each input's partner
    return x * y, grad
''', True),
    Answer("02.multiply", "tf.print left in", r'''
@strict_custom_gradient
def multiply(x, y):
    def grad(upstream):
        tf.print("multiply grad, upstream:", upstream)
        dx = upstream * y
        dy = upstream * x
        return dx, dy
    return x * y, grad
''', True),
    Answer("02.multiply", "decorator applied twice", r'''
@strict_custom_gradient
@strict_custom_gradient
def multiply(x, y):
    def grad(upstream):
        return upstream * y, upstream * x
    return x * y, grad
''', False, "decorated twice: the outer decorator gets only y from the inner one, not the pair (y, grad)",
           ("twice|decorat|pair",)),
    Answer("02.multiply", "dict of gradients", r'''
@strict_custom_gradient
def multiply(x, y):
    def grad(upstream):
        return {"x": upstream * y, "y": upstream * x}
    return x * y, grad
''', False, "grad must return a tuple with one gradient per input, not a dict", ("tuple|dict",)),
    Answer("02.multiply", "three gradients", r'''
@strict_custom_gradient
def multiply(x, y):
    def grad(upstream):
        return upstream * y, upstream * x, upstream
    return x * y, grad
''', False, "two inputs, so grad returns two gradients, not three", ("two|2|number|count",)),
    Answer("02.multiply", "generator returned", r'''
@strict_custom_gradient
def multiply(x, y):
    def grad(upstream):
        return (upstream * other for other in (y, x))
    return x * y, grad
''', False, "grad returns a generator; return a tuple of two gradients", ("tuple|generator",)),

    # ------------------------------------------------------------------ 03.softmax_vjp
    Answer("03.softmax_vjp", "expanded product", r'''
@strict_custom_gradient
def softmax(z):
    s = tf.nn.softmax(z)
    def grad(upstream):
        weighted = s * upstream
        return weighted - s * tf.reduce_sum(weighted, axis=-1, keepdims=True)
    return s, grad
''', True),
    Answer("03.softmax_vjp", "tape on tf.nn.softmax inside grad", r'''
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
    Answer("03.softmax_vjp", "keepdims missing", r'''
@strict_custom_gradient
def softmax(z):
    s = tf.nn.softmax(z)
    def grad(upstream):
        return s * (upstream - tf.reduce_sum(upstream * s, axis=-1))
    return s, grad
''', False, "without keepdims=True each row's sum does not line up with its row in a batch",
           ("keepdims|row|batch",)),
    Answer("03.softmax_vjp", "python max() for a stable recompute", r'''
@strict_custom_gradient
def softmax(z):
    s = tf.nn.softmax(z)
    def grad(upstream):
        e = tf.exp(z - max(z))                 # subtract the max for stability
        p = e / tf.reduce_sum(e, axis=-1, keepdims=True)
        return p * (upstream - tf.reduce_sum(upstream * p, axis=-1, keepdims=True))
    return s, grad
''', False, "Python's max() cannot take a batch's (or a traced tensor's) maximum: use tf.reduce_max(z, axis=-1, keepdims=True)",
           ("max",)),
    Answer("03.softmax_vjp", "full Jacobian of a vector", r'''
@strict_custom_gradient
def softmax(z):
    s = tf.nn.softmax(z)
    def grad(upstream):
        J = tf.linalg.diag(s) - tf.tensordot(s, s, axes=0)     # diag(s) - s sᵀ
        return tf.linalg.matvec(J, upstream, transpose_a=True)
    return s, grad
''', False, "builds J for one vector only: for a batch the outer product mixes rows (and J is not needed)",
           ("batch|row|jacobian",)),
    Answer("03.softmax_vjp", "naive softmax recomputed in grad", r'''
@strict_custom_gradient
def softmax(z):
    s = tf.nn.softmax(z)
    def grad(upstream):
        e = tf.exp(z)
        p = e / tf.reduce_sum(e, axis=-1, keepdims=True)
        return p * (upstream - tf.reduce_sum(upstream * p, axis=-1, keepdims=True))
    return s, grad
''', False, "recomputing softmax as exp(z)/sum overflows for large scores and gives NaN",
           ("overflow|nan|large|stable",)),

    # ------------------------------------------------------------------ 03.matvec
    Answer("03.matvec", "transpose then matvec", r'''
def make_f(A):
    @strict_custom_gradient
    def f(x):
        def grad(upstream):
            return tf.linalg.matvec(tf.transpose(A), upstream)
        return tf.linalg.matvec(A, x), grad
    return f
''', True),
    Answer("03.matvec", "broadcast and sum over rows", r'''
def make_f(A):
    @strict_custom_gradient
    def f(x):
        def grad(upstream):
            # column j collects upstream_i * A_ij over the outputs i
            return tf.reduce_sum(A * upstream[:, tf.newaxis], axis=0)
        return tf.linalg.matvec(A, x), grad
    return f
''', True),
    Answer("03.matvec", "no transpose", r'''
def make_f(A):
    @strict_custom_gradient
    def f(x):
        def grad(upstream):
            return tf.linalg.matvec(A, upstream)
        return tf.linalg.matvec(A, x), grad
    return f
''', False, "grad needs Aᵀ · upstream, not A · upstream", ("transpose|aᵀ",)),
    Answer("03.matvec", "global A_5x3", r'''
def make_f(A):
    @strict_custom_gradient
    def f(x):
        def grad(upstream):
            return tf.linalg.matvec(A_5x3, upstream, transpose_a=True)
        return tf.linalg.matvec(A, x), grad
    return f
''', False, "grad uses the notebook's A_5x3, not the A the factory was given", ("closure|a_5x3|factory|make_f",)),
    Answer("03.matvec", "sum over the wrong axis", r'''
def make_f(A):
    @strict_custom_gradient
    def f(x):
        def grad(upstream):
            return tf.reduce_sum(A * upstream[:, None], axis=1)
        return tf.linalg.matvec(A, x), grad
    return f
''', False, "summing over axis 1 gives one number per output, shaped like y, not like x",
           ("axis|shape",)),
    Answer("03.matvec", "row vector left as a matrix", r'''
def make_f(A):
    @strict_custom_gradient
    def f(x):
        def grad(upstream):
            return tf.matmul(upstream[None, :], A)     # upstreamᵀ A
        return tf.linalg.matvec(A, x), grad
    return f
''', False, "the result has shape (1, n); x has shape (n,): squeeze the extra axis", ("shape",)),

    # ------------------------------------------------------------------ 03.phi_grad
    Answer("03.phi_grad", "density with dtype-matched constant", r'''
@strict_custom_gradient
def phi_tf(x):
    def grad(upstream):
        two_pi = tf.constant(2 * np.pi, dtype=x.dtype)
        return upstream * tf.exp(-tf.square(x) / 2) / tf.sqrt(two_pi)
    return 0.5 * (1 + tf.math.erf(x / np.sqrt(2.0))), grad
''', True),
    Answer("03.phi_grad", "scipy pdf through tf.numpy_function", r'''
@strict_custom_gradient
def phi_tf(x):
    def grad(upstream):
        # Φ' is the normal density; numpy_function runs SciPy inside tf.function too
        pdf = tf.numpy_function(lambda v: scipy.stats.norm.pdf(v).astype(v.dtype), [x], x.dtype)
        return upstream * pdf
    return 0.5 * (1 + tf.math.erf(x / np.sqrt(2.0))), grad
''', True),
    Answer("03.phi_grad", "float64 constant", r'''
@strict_custom_gradient
def phi_tf(x):
    c = tf.constant(1 / np.sqrt(2 * np.pi), dtype=tf.float64)
    def grad(upstream):
        return upstream * c * tf.exp(-x ** 2 / 2)
    return 0.5 * (1 + tf.math.erf(x / np.sqrt(2.0))), grad
''', False, "a float64 constant fails with float32 inputs: make it in x.dtype", ("dtype|float64|float32",)),
    Answer("03.phi_grad", "inner derivative missing", r'''
@strict_custom_gradient
def phi_tf(x):
    def grad(upstream):
        return upstream * 0.5 * 2 / np.sqrt(np.pi) * tf.exp(-x ** 2 / 2)
    return 0.5 * (1 + tf.math.erf(x / np.sqrt(2.0))), grad
''', False, "the chain rule's factor 1/√2 from erf(x/√2) is missing: off by √2 everywhere",
           ("chain|√2|sqrt|factor",)),
    Answer("03.phi_grad", "exp(-x^2): right at 0 only", r'''
@strict_custom_gradient
def phi_tf(x):
    def grad(upstream):
        return upstream * tf.exp(-x ** 2) / np.sqrt(2 * np.pi)
    return 0.5 * (1 + tf.math.erf(x / np.sqrt(2.0))), grad
''', False, "e^(−x²) instead of e^(−x²/2): right at x = 0 only", ("exponent|x²|x^2|x**2|/2|half",)),
    Answer("03.phi_grad", "assert scalar upstream", r'''
@strict_custom_gradient
def phi_tf(x):
    def grad(upstream):
        assert upstream.shape == (), "expected a scalar upstream"
        return upstream * tf.exp(-x ** 2 / 2) / np.sqrt(2 * np.pi)
    return 0.5 * (1 + tf.math.erf(x / np.sqrt(2.0))), grad
''', False, "a leftover assert fails: upstream has x's shape, not a scalar", ("assert|shape|scalar",)),

    # ------------------------------------------------------------------ 04.bias_add
    Answer("04.bias_add", "reshape to rows then sum", r'''
@strict_custom_gradient
def bias_add(x, b):
    def grad(upstream):
        rows = tf.reshape(upstream, [-1, tf.shape(b)[0]])
        return tf.identity(upstream), tf.reduce_sum(rows, axis=0)
    return x + b, grad
''', True),
    Answer("04.bias_add", "sum over a range of axes", r'''
@strict_custom_gradient
def bias_add(x, b):
    def grad(upstream):
        leading = tf.range(tf.rank(upstream) - 1)        # every axis but the last
        return upstream, tf.reduce_sum(upstream, axis=leading)
    return x + b, grad
''', True),
    Answer("04.bias_add", "summed over the last axis", r'''
@strict_custom_gradient
def bias_add(x, b):
    def grad(upstream):
        return upstream, tf.reduce_sum(upstream, axis=-1)
    return x + b, grad
''', False, "summing over the last axis gives one number per row; db sums over the batch axes",
           ("axis|axes",)),
    Answer("04.bias_add", "keepdims left on", r'''
@strict_custom_gradient
def bias_add(x, b):
    def grad(upstream):
        return upstream, tf.reduce_sum(upstream, axis=0, keepdims=True)
    return x + b, grad
''', False, "keepdims=True leaves shape (1, n) but b has shape (n,)", ("keepdims|shape",)),
    Answer("04.bias_add", "raise for an impossible rank", r'''
@strict_custom_gradient
def bias_add(x, b):
    def grad(upstream):
        if len(upstream.shape) != 2:
            raise ValueError("impossible: upstream should be (batch, n)")
        return upstream, tf.reduce_sum(upstream, axis=0)
    return x + b, grad
''', False, "a (batch, time, n) x is allowed: sum db over every axis but the last instead of refusing it",
           ("axis|axes|time|three|3|rank",)),
    Answer("04.bias_add", "python loop over the first axis", r'''
@strict_custom_gradient
def bias_add(x, b):
    def grad(upstream):
        db = tf.zeros_like(upstream[0])
        for i in range(upstream.shape[0]):
            db = db + upstream[i]
        return upstream, db
    return x + b, grad
''', False, "the loop sums over the first axis only; a (batch, time, n) x needs the time axis summed too",
           ("axis|axes|time|three|3",)),

    # ------------------------------------------------------------------ 04.quadratic_form
    Answer("04.quadratic_form", "two matvecs and an outer product", r'''
@strict_custom_gradient
def quadratic_form(x, A):
    def grad(upstream):
        Ax = tf.linalg.matvec(A, x)
        Atx = tf.linalg.matvec(A, x, transpose_a=True)
        return upstream * (Ax + Atx), upstream * tf.tensordot(x, x, axes=0)
    return tf.tensordot(x, tf.linalg.matvec(A, x), axes=1), grad
''', True),
    Answer("04.quadratic_form", "symmetrised A and broadcast outer", r'''
@strict_custom_gradient
def quadratic_form(x, A):
    def grad(upstream):
        dx = tf.linalg.matvec(A + tf.transpose(A), x)
        dA = x[:, None] * x[None, :]          # (n, 1) times (1, n): x xᵀ
        return upstream * dx, upstream * dA
    return tf.tensordot(x, tf.linalg.matvec(A, x), axes=1), grad
''', True),
    Answer("04.quadratic_form", "assumes A symmetric", r'''
@strict_custom_gradient
def quadratic_form(x, A):
    def grad(upstream):
        return upstream * 2 * tf.linalg.matvec(A, x), upstream * tf.tensordot(x, x, axes=0)
    return tf.tensordot(x, tf.linalg.matvec(A, x), axes=1), grad
''', False, "2Ax holds only for a symmetric A; in general dx is (A + Aᵀ)x", ("symmetric|transpose",)),
    Answer("04.quadratic_form", "(n,) plus (n,1) broadcasts", r'''
@strict_custom_gradient
def quadratic_form(x, A):
    def grad(upstream):
        Ax = tf.linalg.matvec(A, x)                        # (n,)
        Atx = tf.matmul(A, x[:, None], transpose_a=True)   # (n, 1)
        return upstream * (Ax + Atx), upstream * tf.tensordot(x, x, axes=0)
    return tf.tensordot(x, tf.linalg.matvec(A, x), axes=1), grad
''', False, "adding an (n,) and an (n, 1) tensor broadcasts to (n, n): dx has the wrong shape",
           ("shape|broadcast",)),
    Answer("04.quadratic_form", "tf.function under the decorator", r'''
@strict_custom_gradient
@tf.function
def quadratic_form(x, A):
    def grad(upstream):
        return (upstream * tf.linalg.matvec(A + tf.transpose(A), x),
                upstream * tf.tensordot(x, x, axes=0))
    return tf.tensordot(x, tf.linalg.matvec(A, x), axes=1), grad
''', False, "a tf.function cannot return grad (a Python function): put @tf.function outside",
           ("tf.function|decorat",)),
    Answer("04.quadratic_form", "three gradients", r'''
@strict_custom_gradient
def quadratic_form(x, A):
    def grad(upstream):
        dx = upstream * tf.linalg.matvec(A + tf.transpose(A), x)
        dA = upstream * tf.tensordot(x, x, axes=0)
        return dx, dA, upstream
    return tf.tensordot(x, tf.linalg.matvec(A, x), axes=1), grad
''', False, "two inputs (x, A), so two gradients, not three", ("two|2|number|count",)),

    # ------------------------------------------------------------------ 04.batched_matmul
    Answer("04.batched_matmul", "einsum both", r'''
@strict_custom_gradient
def batched_matmul(A, B):
    def grad(U):
        dA = tf.einsum("bmn,kn->bmk", U, B)       # U Bᵀ per batch entry
        dB = tf.einsum("bmk,bmn->kn", A, U)       # Aᵀ U summed over the batch
        return dA, dB
    return tf.matmul(A, B), grad
''', True),
    Answer("04.batched_matmul", "flatten the batch into rows", r'''
@strict_custom_gradient
def batched_matmul(A, B):
    def grad(U):
        k, n = tf.shape(B)[0], tf.shape(B)[1]
        A_rows = tf.reshape(A, [-1, k])           # (batch·m, k)
        U_rows = tf.reshape(U, [-1, n])           # (batch·m, n)
        dB = tf.matmul(A_rows, U_rows, transpose_a=True)
        dA = tf.matmul(U, B, transpose_b=True)
        return dA, dB
    return tf.matmul(A, B), grad
''', True),
    Answer("04.batched_matmul", "dB not summed over the batch", r'''
@strict_custom_gradient
def batched_matmul(A, B):
    def grad(U):
        return tf.matmul(U, B, transpose_b=True), tf.matmul(A, U, transpose_a=True)
    return tf.matmul(A, B), grad
''', False, "B is shared by the whole batch: sum the per-entry Aᵀ U over the batch axis",
           ("sum|batch",)),
    Answer("04.batched_matmul", "summed over the wrong axis", r'''
@strict_custom_gradient
def batched_matmul(A, B):
    def grad(U):
        return tf.matmul(U, B, transpose_b=True), tf.reduce_sum(tf.matmul(A, U, transpose_a=True), axis=-1)
    return tf.matmul(A, B), grad
''', False, "the sum is over the batch axis (axis 0), not the last", ("axis|batch",)),
    Answer("04.batched_matmul", "cast to float32", r'''
@strict_custom_gradient
def batched_matmul(A, B):
    def grad(U):
        dA = tf.matmul(U, B, transpose_b=True)
        dB = tf.reduce_sum(tf.matmul(A, U, transpose_a=True), axis=0)
        return tf.cast(dA, tf.float32), tf.cast(dB, tf.float32)
    return tf.matmul(A, B), grad
''', False, "casting to float32 breaks float64 inputs: the gradients must keep the inputs' dtype",
           ("dtype|float64|float32",)),
    Answer("04.batched_matmul", "dA without transpose", r'''
@strict_custom_gradient
def batched_matmul(A, B):
    def grad(U):
        dA = tf.matmul(U, B)
        dB = tf.reduce_sum(tf.matmul(A, U, transpose_a=True), axis=0)
        return dA, dB
    return tf.matmul(A, B), grad
''', False, "dL/dA is U Bᵀ: B needs transposing", ("transpose|bᵀ|b.t|b^t",)),
]
