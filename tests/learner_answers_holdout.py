"""Holdout learner answers, written without reading the judges or the other corpora."""
from learner_answer_types import Answer

ANSWERS = [
    # ------------------------------------------------------------------ 00.warmup
    Answer(key="00.warmup", label="gradient from a tape", code='''x = tf.Variable(3.0)
with tf.GradientTape() as tape:
    y = x * x
answer = tape.gradient(y, x)   # let TensorFlow do it
''', right=True),
    Answer(key="00.warmup", label="value of x squared as tensor", code='''x = tf.constant(3.0)
answer = x ** 2
''', right=False, mistake="That is the value of x² at 3, not its derivative.",
           must_mention=("derivative|value",)),
    Answer(key="00.warmup", label="d/dx x^2 = x", code='''answer = 3   # derivative of x^2 is x?
''', right=False, mistake="The power rule brings the exponent down: the derivative of x² is 2x, not x.",
           must_mention=("2x|2·x|2 x|2 * x|power rule|exponent|factor",)),
    Answer(key="00.warmup", label="exponent only", code='''answer = 2
''', right=False, mistake="2 is the exponent brought down; the derivative 2x still has to be evaluated at x = 3.",
           must_mention=("x = 3|at 3|evaluate|at x",)),
    Answer(key="00.warmup", label="formula as string", code='''answer = "2x"
''', right=False, mistake="The exercise wants a number, the derivative evaluated at x = 3, not a formula.",
           must_mention=("number",)),
    Answer(key="00.warmup", label="derivative as a lambda", code='''answer = lambda x: 2 * x
''', right=False, mistake="A function was given where a number is expected: evaluate 2x at x = 3.",
           must_mention=("number|function|evaluate",)),

    # ------------------------------------------------------------------ 01.chain_derivative
    Answer(key="01.chain_derivative", label="tape in float64, converted to float", code='''x = tf.constant(3.0, dtype=tf.float64)
with tf.GradientTape() as tape:
    tape.watch(x)
    y = ((x ** 2) ** 2) ** 2
answer = float(tape.gradient(y, x))
''', right=True),
    Answer(key="01.chain_derivative", label="copied 1024 from x = 2", code='''answer = 1024   # same as in the text
''', right=False, mistake="1024 is the derivative at x = 2 from the worked example; this exercise is at x = 3.",
           must_mention=("x = 2|example|x = 3",)),
    Answer(key="01.chain_derivative", label="value x^8 instead of derivative", code='''answer = 3 ** 8
''', right=False, mistake="6561 is y = x⁸ itself at 3; the question asks for dy/dx.",
           must_mention=("derivative|value",)),
    Answer(key="01.chain_derivative", label="local derivatives added", code='''answer = 2 * 3 + 2 * 9 + 2 * 81   # the three links
''', right=False, mistake="The chain rule multiplies the local derivatives of the links; it does not add them.",
           must_mention=("multiply|product",)),
    Answer(key="01.chain_derivative", label="caret as power", code='''answer = 8 * 3 ^ 7
''', right=False, mistake="In Python ^ is bitwise XOR, not a power: write 3 ** 7.",
           must_mention=("**|xor|power",)),
    Answer(key="01.chain_derivative", label="innermost link only", code='''answer = 2 * 3   # dx1/dx at x = 3
''', right=False, mistake="Only the innermost link's local derivative: the other links' factors (the upstream it receives) are missing.",
           must_mention=("upstream|product|link|chain",)),

    # ------------------------------------------------------------------ 01.upstreams
    Answer(key="01.upstreams", label="cumulative product of locals", code='''locals_backward = [2 * 81, 2 * 9, 2 * 3]
upstreams = [1] + list(np.cumprod(locals_backward)[:2])
''', right=True),
    Answer(key="01.upstreams", label="forward order", code='''upstreams = [2916, 162, 1]
''', right=False, mistake="The backward pass visits the outermost call first, so its upstream comes first.",
           must_mention=("order|reverse|outermost|backward",)),
    Answer(key="01.upstreams", label="downstreams listed", code='''upstreams = [162, 2916, 17496]
''', right=False, mistake="These are what each call passes downstream; the upstream is what it receives.",
           must_mention=("downstream",)),
    Answer(key="01.upstreams", label="local derivatives listed", code='''upstreams = [2 * 81, 2 * 9, 2 * 3]
''', right=False, mistake="These are the local derivatives; upstream is the product of everything after the call.",
           must_mention=("local",)),
    Answer(key="01.upstreams", label="numbers of x = 2 example", code='''upstreams = [1, 32, 256]
''', right=False, mistake="These are the upstreams of the worked example at x = 2; the exercise is at x = 3.",
           must_mention=("x = 2|example|x = 3",)),
    Answer(key="01.upstreams", label="four entries with final gradient", code='''upstreams = [1, 162, 2916, 17496]
''', right=False, mistake="There are three calls, so three upstreams; 17496 is dL/dx, nobody's upstream.",
           must_mention=("three|3 numbers|three numbers|count|length|4",)),

    # ------------------------------------------------------------------ 01.local_sin
    Answer(key="01.local_sin", label="cos as shifted sin", code='''def local_sin(x):
    return tf.sin(x + np.pi / 2)   # cos(x) = sin(x + pi/2)
''', right=True),
    Answer(key="01.local_sin", label="forward rule returned", code='''def local_sin(x):
    return tf.sin(x)
''', right=False, mistake="That is the forward rule sin x; the local derivative is its derivative.",
           must_mention=("derivative|forward",)),
    Answer(key="01.local_sin", label="minus cos", code='''def local_sin(x):
    return -tf.cos(x)
''', right=False, mistake="The sign is wrong: −cos is not the derivative of sin (−sin is the derivative of cos).",
           must_mention=("sign|minus|negative",)),
    Answer(key="01.local_sin", label="tf.math.cosine typo", code='''def local_sin(x):
    return tf.math.cosine(x)
''', right=False, mistake="tf.math.cosine does not exist; TensorFlow calls it tf.cos (tf.math.cos).",
           must_mention=("tf.cos|tf.math.cos|attribute|does not exist|no function|not exist",)),
    Answer(key="01.local_sin", label="cast to float32", code='''def local_sin(x):
    return tf.cos(tf.cast(x, tf.float32))
''', right=False, mistake="The input is float64; casting to float32 returns a derivative of the wrong dtype and precision.",
           must_mention=("dtype|float64|float32",)),
    Answer(key="01.local_sin", label="forgot return", code='''def local_sin(x):
    derivative = tf.cos(x)
''', right=False, mistake="The function computes the derivative but does not return it, so it returns None.",
           must_mention=("return|None",)),

    # ------------------------------------------------------------------ 02.x_sin_x
    Answer(key="02.x_sin_x", label="inner tape in grad", code='''@strict_custom_gradient
def x_sin_x(x):
    def grad(upstream):
        with tf.GradientTape() as inner:
            inner.watch(x)
            again = x * tf.sin(x)
        return inner.gradient(again, x, output_gradients=upstream)
    return x * tf.sin(x), grad
''', right=True),
    Answer(key="02.x_sin_x", label="local derivative only", code='''@strict_custom_gradient
def x_sin_x(x):
    def grad(upstream):
        return tf.sin(x) + x * tf.cos(x)
    return x * tf.sin(x), grad
''', right=False, mistake="grad returns the local derivative but never multiplies it by upstream.",
           must_mention=("upstream",)),
    Answer(key="02.x_sin_x", label="product rule half", code='''@strict_custom_gradient
def x_sin_x(x):
    def grad(upstream):
        return upstream * x * tf.cos(x)
    return x * tf.sin(x), grad
''', right=False, mistake="Product rule: the derivative of x sin x has two terms; the sin x term is missing.",
           must_mention=("product rule|product|term|sin",)),
    Answer(key="02.x_sin_x", label="numpy sin and cos", code='''@strict_custom_gradient
def x_sin_x(x):
    def grad(upstream):
        return upstream * (np.sin(x) + x * np.cos(x))
    return x * tf.sin(x), grad
''', right=False, mistake="np.sin/np.cos need concrete values: they fail inside tf.function; use tf.sin and tf.cos.",
           must_mention=("NumPy|np.|tf.function|symbolic|graph",)),
    Answer(key="02.x_sin_x", label="upstream on first term only", code='''@strict_custom_gradient
def x_sin_x(x):
    def grad(upstream):
        return upstream * tf.sin(x) + x * tf.cos(x)
    return x * tf.sin(x), grad
''', right=False, mistake="Missing parentheses: upstream multiplies only sin x, not the whole derivative.",
           must_mention=("upstream|parenthes",)),
    Answer(key="02.x_sin_x", label="extra None gradient", code='''@strict_custom_gradient
def x_sin_x(x):
    def grad(upstream):
        return upstream * (tf.sin(x) + x * tf.cos(x)), None
    return x * tf.sin(x), grad
''', right=False, mistake="x_sin_x has one input, so grad returns one gradient, not a pair.",
           must_mention=("one gradient|number|count|one input|1 gradient|expected 1",)),

    # ------------------------------------------------------------------ 02.stable_log1pexp
    Answer(key="02.stable_log1pexp", label="softplus with exp of -softplus(-x)", code='''@strict_custom_gradient
def stable_log1pexp(x):
    y = tf.math.softplus(x)
    def grad(upstream):
        # sigma(x) = 1 / (1 + e^-x) = exp(-log(1 + e^-x))
        return upstream * tf.exp(-tf.math.softplus(-x))
    return y, grad
''', right=False,  # the prompt now asks for the formula without tf.math.softplus
           mistake="Right values, but the exercise asks for the stable formula without tf.math.softplus.",
           must_mention=("softplus",)),
    Answer(key="02.stable_log1pexp", label="naive forward, sigmoid grad", code='''@strict_custom_gradient
def stable_log1pexp(x):
    y = tf.math.log(1 + tf.exp(x))
    def grad(upstream):
        return upstream * tf.sigmoid(x)
    return y, grad
''', right=False, mistake="The gradient is stable, but the forward log(1 + eˣ) still overflows to inf above about 88.",
           must_mention=("forward|overflow|inf",)),
    Answer(key="02.stable_log1pexp", label="stable forward, exp ratio grad", code='''@strict_custom_gradient
def stable_log1pexp(x):
    y = tf.maximum(x, 0.0) + tf.math.log1p(tf.exp(-tf.abs(x)))
    def grad(upstream):
        e = tf.exp(x)
        return upstream * e / (1 + e)
    return y, grad
''', right=False, mistake="eˣ/(1 + eˣ) is inf/inf = NaN for large x; write the slope without eˣ overflowing (the sigmoid).",
           must_mention=("NaN|overflow|inf|gradient",)),
    Answer(key="02.stable_log1pexp", label="hint without abs", code='''@strict_custom_gradient
def stable_log1pexp(x):
    y = tf.maximum(x, 0.0) + tf.math.log(1.0 + tf.exp(-x))
    def grad(upstream):
        return upstream * tf.sigmoid(x)
    return y, grad
''', right=False, mistake="The hint uses e^(−|x|): without the absolute value e^(−x) overflows for very negative x.",
           must_mention=("abs|absolute|negative|overflow|inf",)),
    Answer(key="02.stable_log1pexp", label="sigmoid of minus x", code='''@strict_custom_gradient
def stable_log1pexp(x):
    y = tf.maximum(x, 0.0) + tf.math.log1p(tf.exp(-tf.abs(x)))
    def grad(upstream):
        return upstream * tf.nn.sigmoid(-x)
    return y, grad
''', right=False, mistake="The slope of log(1 + eˣ) is σ(x), not σ(−x): the sign inside is flipped.",
           must_mention=("sign|sigmoid|σ",)),
    Answer(key="02.stable_log1pexp", label="python if on x", code='''@strict_custom_gradient
def stable_log1pexp(x):
    if x > 0:
        y = x + tf.math.log(1 + tf.exp(-x))
    else:
        y = tf.math.log(1 + tf.exp(x))
    def grad(upstream):
        return upstream * tf.sigmoid(x)
    return y, grad
''', right=False, mistake="A Python if needs one boolean: it fails for a vector and inside tf.function; use tf.maximum/tf.abs or tf.where.",
           must_mention=("if|tf.where|Python|boolean|truth",)),

    # ------------------------------------------------------------------ 02.multiply
    Answer(key="02.multiply", label="generator tuple", code='''@strict_custom_gradient
def multiply(x, y):
    def grad(upstream):
        # each input's gradient is upstream times the *other* input
        return tuple(upstream * other for other in (y, x))
    return x * y, grad
''', right=True),
    Answer(key="02.multiply", label="gradients swapped", code='''@strict_custom_gradient
def multiply(x, y):
    def grad(upstream):
        return upstream * x, upstream * y
    return x * y, grad
''', right=False, mistake="∂z/∂x is y and ∂z/∂y is x: each gradient belongs to the other input.",
           must_mention=("swap|order|other|x and y|each input",)),
    Answer(key="02.multiply", label="no upstream", code='''@strict_custom_gradient
def multiply(x, y):
    def grad(upstream):
        return y, x
    return x * y, grad
''', right=False, mistake="Both gradients need the factor upstream.",
           must_mention=("upstream",)),
    Answer(key="02.multiply", label="one combined gradient", code='''@strict_custom_gradient
def multiply(x, y):
    def grad(upstream):
        return upstream * x * y
    return x * y, grad
''', right=False, mistake="Two inputs need two gradients, one per input, returned as a tuple.",
           must_mention=("one gradient per input|two|each input|tuple|number|count",)),
    Answer(key="02.multiply", label="numbers from the (2, 3) example", code='''@strict_custom_gradient
def multiply(x, y):
    def grad(upstream):
        return upstream * 3.0, upstream * 2.0   # dz/dx = 3, dz/dy = 2 from above
    return x * y, grad
''', right=False, mistake="3 and 2 are the example's values at (2, 3); the gradients must use the actual inputs.",
           must_mention=("example|constant|hard-coded|hardcoded|fixed|depend",)),
    Answer(key="02.multiply", label="summed to scalars", code='''@strict_custom_gradient
def multiply(x, y):
    def grad(upstream):
        return tf.reduce_sum(upstream * y), tf.reduce_sum(upstream * x)
    return x * y, grad
''', right=False, mistake="For vector inputs each gradient has the input's shape; summing it to one number is wrong.",
           must_mention=("shape|sum",)),

    # ------------------------------------------------------------------ 03.softmax_vjp
    Answer(key="03.softmax_vjp", label="einsum dot per row", code='''@strict_custom_gradient
def softmax(z):
    s = tf.nn.softmax(z)
    def grad(upstream):
        dot = tf.einsum("...i,...i->...", upstream, s)[..., tf.newaxis]
        return s * (upstream - dot)
    return s, grad
''', right=True),
    Answer(key="03.softmax_vjp", label="reduce_sum without keepdims", code='''@strict_custom_gradient
def softmax(z):
    s = tf.nn.softmax(z)
    def grad(upstream):
        return s * (upstream - tf.reduce_sum(upstream * s, axis=-1))
    return s, grad
''', right=False, mistake="Without keepdims=True the per-row sum does not broadcast back along the rows of a batch.",
           must_mention=("keepdims|broadcast|batch|axis",)),
    Answer(key="03.softmax_vjp", label="sum over whole batch", code='''@strict_custom_gradient
def softmax(z):
    s = tf.nn.softmax(z)
    def grad(upstream):
        return s * (upstream - tf.reduce_sum(upstream * s))
    return s, grad
''', right=False, mistake="The sum must run over the last axis only, one per row; with no axis it mixes the rows of a batch.",
           must_mention=("axis|batch|row",)),
    Answer(key="03.softmax_vjp", label="second term missing factor s", code='''@strict_custom_gradient
def softmax(z):
    s = tf.nn.softmax(z)
    def grad(upstream):
        return s * upstream - tf.reduce_sum(s * upstream, axis=-1, keepdims=True)
    return s, grad
''', right=False, mistake="From J = diag(s) − s sᵀ, the second term is s times (sᵀ upstream); the factor s is missing.",
           must_mention=("s sᵀ|outer|factor|s_i|term",)),
    Answer(key="03.softmax_vjp", label="numpy-style .sum", code='''@strict_custom_gradient
def softmax(z):
    s = tf.nn.softmax(z)
    def grad(upstream):
        return s * (upstream - (upstream * s).sum(axis=-1, keepdims=True))
    return s, grad
''', right=False, mistake="TensorFlow tensors have no .sum() method; use tf.reduce_sum(..., axis=-1, keepdims=True).",
           must_mention=("reduce_sum|sum|attribute",)),
    Answer(key="03.softmax_vjp", label="explicit J via outer product", code='''@strict_custom_gradient
def softmax(z):
    s = tf.nn.softmax(z)
    def grad(upstream):
        J = tf.linalg.diag(s) - tf.tensordot(s, s, axes=0)
        return tf.linalg.matvec(J, upstream, transpose_a=True)
    return s, grad
''', right=False, mistake="Building J with tensordot(s, s, axes=0) breaks for a batch of rows (and the exercise asks not to form J).",
           must_mention=("batch|shape|form|Jacobian|J",)),

    # ------------------------------------------------------------------ 03.matvec
    Answer(key="03.matvec", label="einsum with ellipsis", code='''def make_f(A):
    @strict_custom_gradient
    def f(x):
        def grad(upstream):
            return tf.einsum("...i,ij->...j", upstream, tf.cast(A, upstream.dtype))
        return tf.linalg.matvec(A, x), grad
    return f
''', right=True),
    Answer(key="03.matvec", label="matvec without transpose", code='''def make_f(A):
    @strict_custom_gradient
    def f(x):
        def grad(upstream):
            return tf.linalg.matvec(A, upstream)
        return tf.linalg.matvec(A, x), grad
    return f
''', right=False, mistake="The VJP is Aᵀ·upstream: the transpose is missing (for a 5×3 A the shapes do not even fit).",
           must_mention=("transpose|shape",)),
    Answer(key="03.matvec", label="global A_5x3 in grad", code='''def make_f(A):
    @strict_custom_gradient
    def f(x):
        def grad(upstream):
            return tf.linalg.matvec(A_5x3, upstream, transpose_a=True)
        return tf.linalg.matvec(A, x), grad
    return f
''', right=False, mistake="grad uses the one matrix A_5x3 instead of the A the factory was given.",
           must_mention=("closure|factory|A_5x3|given|particular|each",)),
    Answer(key="03.matvec", label="numpy .T", code='''def make_f(A):
    @strict_custom_gradient
    def f(x):
        def grad(upstream):
            return A.T @ upstream
        return tf.linalg.matvec(A, x), grad
    return f
''', right=False, mistake="Tensors have no .T and @ needs matrices; use tf.linalg.matvec(A, upstream, transpose_a=True).",
           must_mention=("transpose|.T|matvec",)),
    Answer(key="03.matvec", label="column sums of A", code='''def make_f(A):
    @strict_custom_gradient
    def f(x):
        def grad(upstream):
            return tf.reduce_sum(A, axis=0)   # J is A, summed over outputs
        return tf.linalg.matvec(A, x), grad
    return f
''', right=False, mistake="Summing the columns of A is Aᵀ·ones: upstream is ignored.",
           must_mention=("upstream",)),
    Answer(key="03.matvec", label="matmul on a vector", code='''def make_f(A):
    @strict_custom_gradient
    def f(x):
        def grad(upstream):
            return tf.matmul(A, upstream, transpose_a=True)
        return tf.linalg.matvec(A, x), grad
    return f
''', right=False, mistake="tf.matmul needs matrices on both sides; upstream is a vector, so use tf.linalg.matvec.",
           must_mention=("matvec|rank|vector|matrices|shape",)),

    # ------------------------------------------------------------------ 03.phi_grad
    Answer(key="03.phi_grad", label="chain rule through erf", code='''@strict_custom_gradient
def phi_tf(x):
    def grad(upstream):
        inner = x / np.sqrt(2.0)
        d_erf = 2.0 / np.sqrt(np.pi) * tf.exp(-inner * inner)
        return upstream * 0.5 * d_erf / np.sqrt(2.0)
    return 0.5 * (1 + tf.math.erf(x / np.sqrt(2.0))), grad
''', right=True),
    Answer(key="03.phi_grad", label="erf' at x, hint taken literally", code='''@strict_custom_gradient
def phi_tf(x):
    def grad(upstream):
        return upstream * 2 / np.sqrt(np.pi) * tf.exp(-x ** 2)
    return 0.5 * (1 + tf.math.erf(x / np.sqrt(2.0))), grad
''', right=False, mistake="erf is evaluated at x/√2 and multiplied by ½: the chain rule's inner factors are missing.",
           must_mention=("chain|√2|sqrt|inner|½|0.5|half",)),
    Answer(key="03.phi_grad", label="CDF returned as its derivative", code='''@strict_custom_gradient
def phi_tf(x):
    def grad(upstream):
        return upstream * 0.5 * (1 + tf.math.erf(x / np.sqrt(2.0)))
    return 0.5 * (1 + tf.math.erf(x / np.sqrt(2.0))), grad
''', right=False, mistake="That is Φ itself; its derivative is the normal density φ.",
           must_mention=("derivative|density|pdf|φ",)),
    Answer(key="03.phi_grad", label="scipy pdf in grad", code='''@strict_custom_gradient
def phi_tf(x):
    def grad(upstream):
        return upstream * scipy.stats.norm.pdf(x)
    return 0.5 * (1 + tf.math.erf(x / np.sqrt(2.0))), grad
''', right=False, mistake="SciPy needs concrete values and returns float64 NumPy arrays; write the density with TensorFlow ops.",
           must_mention=("SciPy|NumPy|tf.function|TensorFlow op|dtype|float64",)),
    Answer(key="03.phi_grad", label="exponent sign flipped", code='''@strict_custom_gradient
def phi_tf(x):
    def grad(upstream):
        return upstream * tf.exp(x ** 2 / 2) / np.sqrt(2 * np.pi)
    return 0.5 * (1 + tf.math.erf(x / np.sqrt(2.0))), grad
''', right=False, mistake="The exponent of the normal density is negative: e^(−x²/2).",
           must_mention=("sign|minus|negative|exponent",)),
    Answer(key="03.phi_grad", label="missing normalising constant", code='''@strict_custom_gradient
def phi_tf(x):
    def grad(upstream):
        return upstream * tf.exp(-0.5 * x * x)
    return 0.5 * (1 + tf.math.erf(x / np.sqrt(2.0))), grad
''', right=False, mistake="The constant factor 1/√(2π) of the density is missing.",
           must_mention=("constant|factor|√|sqrt|2π|normalis|normaliz",)),

    # ------------------------------------------------------------------ 04.quadratic_form
    Answer(key="04.quadratic_form", label="einsum and broadcast outer", code='''@strict_custom_gradient
def quadratic_form(x, A):
    def grad(upstream):
        dx = upstream * tf.einsum("ij,j->i", A + tf.transpose(A), x)
        dA = upstream * x[:, tf.newaxis] * x[tf.newaxis, :]
        return dx, dA
    return tf.tensordot(x, tf.linalg.matvec(A, x), axes=1), grad
''', right=True),
    Answer(key="04.quadratic_form", label="2Ax as if symmetric", code='''@strict_custom_gradient
def quadratic_form(x, A):
    def grad(upstream):
        return 2 * upstream * tf.linalg.matvec(A, x), upstream * tf.tensordot(x, x, axes=0)
    return tf.tensordot(x, tf.linalg.matvec(A, x), axes=1), grad
''', right=False, mistake="2Ax holds only for a symmetric A; in general the x-gradient is (A + Aᵀ)x times upstream.",
           must_mention=("symmetric|transpose|Aᵀ",)),
    Answer(key="04.quadratic_form", label="gradients in swapped order", code='''@strict_custom_gradient
def quadratic_form(x, A):
    def grad(upstream):
        dA = upstream * tf.tensordot(x, x, axes=0)
        dx = upstream * (tf.linalg.matvec(A, x) + tf.linalg.matvec(A, x, transpose_a=True))
        return dA, dx
    return tf.tensordot(x, tf.linalg.matvec(A, x), axes=1), grad
''', right=False, mistake="Gradients come back in the order of the inputs: x first, then A.",
           must_mention=("order|swap",)),
    Answer(key="04.quadratic_form", label="inner product for dA", code='''@strict_custom_gradient
def quadratic_form(x, A):
    def grad(upstream):
        dx = upstream * (tf.linalg.matvec(A, x) + tf.linalg.matvec(A, x, transpose_a=True))
        dA = upstream * tf.tensordot(x, x, axes=1)
        return dx, dA
    return tf.tensordot(x, tf.linalg.matvec(A, x), axes=1), grad
''', right=False, mistake="tensordot with axes=1 is the inner product xᵀx, a number; ∂q/∂A is a matrix shaped like A (axes=0).",
           must_mention=("outer|shape",)),
    Answer(key="04.quadratic_form", label="matmul with a vector", code='''@strict_custom_gradient
def quadratic_form(x, A):
    def grad(upstream):
        dx = upstream * tf.matmul(A + tf.transpose(A), x)
        dA = upstream * tf.tensordot(x, x, axes=0)
        return dx, dA
    return tf.tensordot(x, tf.linalg.matvec(A, x), axes=1), grad
''', right=False, mistake="tf.matmul needs two matrices; x is a vector, so use tf.linalg.matvec.",
           must_mention=("matvec|rank|vector|shape|matrices",)),
    Answer(key="04.quadratic_form", label="upstream missing in dA", code='''@strict_custom_gradient
def quadratic_form(x, A):
    def grad(upstream):
        dx = upstream * (tf.linalg.matvec(A, x) + tf.linalg.matvec(tf.transpose(A), x))
        dA = tf.tensordot(x, x, axes=0)
        return dx, dA
    return tf.tensordot(x, tf.linalg.matvec(A, x), axes=1), grad
''', right=False, mistake="The gradient for A also needs the factor upstream.",
           must_mention=("upstream",)),

    # ------------------------------------------------------------------ 04.batched_matmul

    # ------------------------------------------------------------------ 04.bias_add
    Answer(key="04.bias_add", label="reshape then column sums", code='''@strict_custom_gradient
def bias_add(x, b):
    def grad(upstream):
        rows = tf.reshape(upstream, [-1, b.shape[-1]])   # every row used the same b
        return tf.identity(upstream), tf.reduce_sum(rows, axis=0)
    return x + b, grad
''', right=True),
    Answer(key="04.bias_add", label="upstream for both", code='''@strict_custom_gradient
def bias_add(x, b):
    def grad(upstream):
        return upstream, upstream
    return x + b, grad
''', right=False, mistake="b is broadcast over the batch, so its gradient sums upstream over that axis to shape (n,).",
           must_mention=("sum|broadcast|shape",)),
    Answer(key="04.bias_add", label="sum over wrong axis", code='''@strict_custom_gradient
def bias_add(x, b):
    def grad(upstream):
        return upstream, tf.reduce_sum(upstream, axis=1)
    return x + b, grad
''', right=False, mistake="The sum must run over the batch axis (axis 0), not over the features.",
           must_mention=("axis|batch",)),
    Answer(key="04.bias_add", label="mean instead of sum", code='''@strict_custom_gradient
def bias_add(x, b):
    def grad(upstream):
        return upstream, tf.reduce_mean(upstream, axis=0)
    return x + b, grad
''', right=False, mistake="Each row's use of b adds its contribution: sum over the batch, do not average.",
           must_mention=("sum|mean|average",)),
    Answer(key="04.bias_add", label="keepdims leaves (1, n)", code='''@strict_custom_gradient
def bias_add(x, b):
    def grad(upstream):
        return upstream, tf.reduce_sum(upstream, axis=0, keepdims=True)
    return x + b, grad
''', right=False, mistake="With keepdims=True the gradient has shape (1, n), but b has shape (n,).",
           must_mention=("shape|keepdims",)),
    Answer(key="04.bias_add", label="numpy-style .sum", code='''@strict_custom_gradient
def bias_add(x, b):
    def grad(upstream):
        return upstream, upstream.sum(axis=0)
    return x + b, grad
''', right=False, mistake="Tensors have no .sum() method; use tf.reduce_sum(upstream, axis=0).",
           must_mention=("reduce_sum|sum|attribute",)),

    # ------------------------------------------------------------------ 05.sign_ste
    Answer(key="05.sign_ste", label="autodiff of hard tanh in grad", code='''@tf.custom_gradient
def sign_ste(x):
    def grad(upstream):
        with tf.GradientTape() as tape:
            tape.watch(x)
            hard_tanh = tf.clip_by_value(x, -1.0, 1.0)
        return tape.gradient(hard_tanh, x, output_gradients=upstream)
    return tf.sign(x), grad
''', right=True),
    Answer(key="05.sign_ste", label="strict inequality", code='''@tf.custom_gradient
def sign_ste(x):
    def grad(upstream):
        return upstream * tf.cast(tf.abs(x) < 1, upstream.dtype)
    return tf.sign(x), grad
''', right=False, mistake="At |x| = 1 exactly upstream must still pass: the condition is |x| ≤ 1, not < 1.",
           must_mention=("boundary|≤|<=|inclusive|±1|edge|exactly",)),
    Answer(key="05.sign_ste", label="python if", code='''@tf.custom_gradient
def sign_ste(x):
    def grad(upstream):
        if tf.abs(x) <= 1:
            return upstream
        else:
            return tf.zeros_like(upstream)
    return tf.sign(x), grad
''', right=False, mistake="A Python if needs a single boolean: it fails for tensors and in tf.function; use tf.where or a mask.",
           must_mention=("if|tf.where|Python|mask|boolean|truth",)),
    Answer(key="05.sign_ste", label="mask without upstream", code='''@tf.custom_gradient
def sign_ste(x):
    def grad(upstream):
        return tf.cast(tf.abs(x) <= 1, x.dtype)
    return tf.sign(x), grad
''', right=False, mistake="The mask says where the gradient passes, but grad must still multiply it by upstream.",
           must_mention=("upstream",)),
    Answer(key="05.sign_ste", label="smooth tanh slope", code='''@tf.custom_gradient
def sign_ste(x):
    def grad(upstream):
        return upstream * (1 - tf.tanh(x) ** 2)
    return tf.sign(x), grad
''', right=False, mistake="That is the smooth tanh's slope; the hard tanh clip(x, −1, 1) has slope 1 inside [−1, 1] and 0 outside.",
           must_mention=("hard|clip|tanh",)),
    Answer(key="05.sign_ste", label="clips upstream instead of masking by x", code='''@tf.custom_gradient
def sign_ste(x):
    def grad(upstream):
        return tf.clip_by_value(upstream, -1.0, 1.0)
    return tf.sign(x), grad
''', right=False, mistake="Whether upstream passes depends on |x|, the input, not on the size of upstream.",
           must_mention=("mask|input|of x|where",)),

    # ------------------------------------------------------------------ 05.clip_gradient
    Answer(key="05.clip_gradient", label="sign times min(|u|, 1)", code='''@tf.custom_gradient
def clip_gradient(x):
    def grad(upstream):
        return tf.sign(upstream) * tf.minimum(tf.abs(upstream), 1.0)
    return tf.identity(x), grad
''', right=True),
    Answer(key="05.clip_gradient", label="clip_by_norm", code='''@tf.custom_gradient
def clip_gradient(x):
    def grad(upstream):
        return tf.clip_by_norm(upstream, 1.0)
    return tf.identity(x), grad
''', right=False, mistake="clip_by_norm rescales the whole vector; the exercise clips each entry to [−1, 1].",
           must_mention=("entry|elementwise|element-wise|clip_by_value|norm",)),
    Answer(key="05.clip_gradient", label="min and max swapped", code='''@tf.custom_gradient
def clip_gradient(x):
    def grad(upstream):
        return tf.clip_by_value(upstream, 1.0, -1.0)
    return tf.identity(x), grad
''', right=False, mistake="clip_by_value takes the minimum first, then the maximum.",
           must_mention=("order|min|max|range|argument",)),
    Answer(key="05.clip_gradient", label="clipped forward too", code='''@tf.custom_gradient
def clip_gradient(x):
    def grad(upstream):
        return tf.clip_by_value(upstream, -1.0, 1.0)
    return tf.clip_by_value(x, -1.0, 1.0), grad
''', right=False, mistake="The forward must stay the identity; only the backward clips.",
           must_mention=("forward|identity|value",)),
    Answer(key="05.clip_gradient", label="python conditional", code='''@tf.custom_gradient
def clip_gradient(x):
    def grad(upstream):
        return upstream if tf.abs(upstream) <= 1 else tf.sign(upstream)
    return tf.identity(x), grad
''', right=False, mistake="A Python conditional on a tensor fails for vectors and inside tf.function; use tf.clip_by_value.",
           must_mention=("if|Python|tf.where|clip_by_value|boolean|truth",)),
    Answer(key="05.clip_gradient", label="np.clip", code='''@tf.custom_gradient
def clip_gradient(x):
    def grad(upstream):
        return np.clip(upstream, -1, 1)
    return tf.identity(x), grad
''', right=False, mistake="np.clip needs concrete values: it fails inside tf.function; use tf.clip_by_value.",
           must_mention=("NumPy|np.clip|tf.function|symbolic|clip_by_value",)),

    # ------------------------------------------------------------------ 06.scale_by_variable

    # ------------------------------------------------------------------ 06.numpy_erf
    Answer(key="06.numpy_erf", label="py_function and ensure_shape", code='''@tf.custom_gradient
def numpy_erf(x):
    y = tf.py_function(lambda t: scipy.special.erf(t.numpy()), [x], Tout=x.dtype)
    y = tf.ensure_shape(y, x.shape)
    def grad(upstream):
        return upstream * (2.0 / np.sqrt(np.pi)) * tf.exp(-tf.square(x))
    return y, grad
''', right=True),
    Answer(key="06.numpy_erf", label="np.exp in grad", code='''@tf.custom_gradient
def numpy_erf(x):
    y = tf.numpy_function(scipy.special.erf, [x], x.dtype)
    y.set_shape(x.shape)
    def grad(upstream):
        return upstream * 2 / np.sqrt(np.pi) * np.exp(-x ** 2)
    return y, grad
''', right=False, mistake="The forward is wrapped, but grad calls np.exp on a symbolic tensor, which fails in tf.function.",
           must_mention=("NumPy|np.exp|tf.function|symbolic|grad",)),
    Answer(key="06.numpy_erf", label="exp without minus", code='''@tf.custom_gradient
def numpy_erf(x):
    y = tf.numpy_function(scipy.special.erf, [x], x.dtype)
    y.set_shape(x.shape)
    def grad(upstream):
        return upstream * 2 / np.sqrt(np.pi) * tf.exp(x ** 2)
    return y, grad
''', right=False, mistake="The derivative of erf is (2/√π)·e^(−x²): the minus sign in the exponent is missing.",
           must_mention=("sign|minus|negative|exponent",)),
    Answer(key="06.numpy_erf", label="missing 2/sqrt(pi)", code='''@tf.custom_gradient
def numpy_erf(x):
    y = tf.numpy_function(scipy.special.erf, [x], x.dtype)
    y.set_shape(x.shape)
    def grad(upstream):
        return upstream * tf.exp(-x * x)
    return y, grad
''', right=False, mistake="The constant factor 2/√π of erf's derivative is missing.",
           must_mention=("constant|factor|√π|sqrt|2/√π|pi",)),
    Answer(key="06.numpy_erf", label="x not wrapped in a list", code='''@tf.custom_gradient
def numpy_erf(x):
    y = tf.numpy_function(scipy.special.erf, x, x.dtype)
    y.set_shape(x.shape)
    def grad(upstream):
        return upstream * 2 / np.sqrt(np.pi) * tf.exp(-x ** 2)
    return y, grad
''', right=False, mistake="tf.numpy_function takes a list of inputs: pass [x], not x.",
           must_mention=("list|[x]|inp",)),
    Answer(key="06.numpy_erf", label="erfc typo", code='''@tf.custom_gradient
def numpy_erf(x):
    y = tf.numpy_function(scipy.special.erfc, [x], x.dtype)
    y.set_shape(x.shape)
    def grad(upstream):
        return upstream * 2 / np.sqrt(np.pi) * tf.exp(-x ** 2)
    return y, grad
''', right=False, mistake="scipy.special.erfc is the complementary function 1 − erf; the forward value is wrong.",
           must_mention=("erfc|forward|value|complement",)),

    # ------------------------------------------------------------------ 07.fused_second_derivative

    # ------------------------------------------------------------------ 07.hvp
    Answer(key="07.hvp", label="one persistent tape", code='''def hvp(f, x, v):
    with tf.GradientTape(persistent=True) as tape:
        tape.watch(x)
        y = f(x)
        g = tape.gradient(y, x)     # recorded, because we are still inside
    result = tape.gradient(g, x, output_gradients=v)
    del tape
    return result
''', right=True),
    Answer(key="07.hvp", label="diagonal times v", code='''def hvp(f, x, v):
    with tf.GradientTape() as outer:
        outer.watch(x)
        with tf.GradientTape() as inner:
            inner.watch(x)
            y = f(x)
        g = inner.gradient(y, x)
    return outer.gradient(g, x) * v
''', right=False, mistake="Multiplying by v after the fact is right only for a diagonal Hessian; pass v as output_gradients.",
           must_mention=("diagonal|output_gradients",)),
    Answer(key="07.hvp", label="tapes not nested", code='''def hvp(f, x, v):
    with tf.GradientTape() as inner:
        inner.watch(x)
        y = f(x)
    g = inner.gradient(y, x)
    with tf.GradientTape() as outer:
        outer.watch(x)
    return outer.gradient(g, x, output_gradients=v)
''', right=False, mistake="The outer tape must be recording while the inner gradient is computed; otherwise it returns None.",
           must_mention=("nest|inside|outer|None|record",)),
    Answer(key="07.hvp", label="gradient times v", code='''def hvp(f, x, v):
    with tf.GradientTape() as tape:
        tape.watch(x)
        y = f(x)
    return tape.gradient(y, x, output_gradients=v)
''', right=False, mistake="One tape gives the gradient (scaled by v); the Hessian-vector product needs a second derivative.",
           must_mention=("second|Hessian|two tapes|twice",)),
    Answer(key="07.hvp", label="parameters swapped", code='''def hvp(f, v, x):
    with tf.GradientTape() as outer:
        outer.watch(x)
        with tf.GradientTape() as inner:
            inner.watch(x)
            y = f(x)
        g = inner.gradient(y, x)
    return outer.gradient(g, x, output_gradients=v)
''', right=False, mistake="The signature is hvp(f, x, v): with x and v swapped the Hessian is taken at v and applied to x.",
           must_mention=("order|argument|swap|signature",)),
    Answer(key="07.hvp", label="summed to a number", code='''def hvp(f, x, v):
    with tf.GradientTape() as outer:
        outer.watch(x)
        with tf.GradientTape() as inner:
            inner.watch(x)
            y = f(x)
        g = inner.gradient(y, x)
    return tf.reduce_sum(outer.gradient(g, x, output_gradients=v))
''', right=False, mistake="Hv is a vector shaped like x; summing it to one number is wrong.",
           must_mention=("shape|sum|vector",)),

    # ------------------------------------------------------------------ 08.implicit_scalar
 # ------------------------------------------------------------------ 08.block_size
    Answer(key="08.block_size", label="brute force over divisors", code='''memory = {k: 36 // k + k for k in range(1, 37) if 36 % k == 0}
block_size = min(memory, key=memory.get)
''', right=True),
    Answer(key="08.block_size", label="one big block", code='''block_size = 36   # fewest blocks = least memory?
''', right=False, mistake="One block of 36 layers means recomputing 36 activations at once: memory is 36/k + k, balance both terms.",
           must_mention=("36/k|block inputs|activations|both|balance|trade",)),
    Answer(key="08.block_size", label="every layer its own block", code='''block_size = 1
''', right=False, mistake="Blocks of 1 layer store all 36 block inputs; memory is 36/k + k, balance both terms.",
           must_mention=("36/k|block inputs|activations|both|balance|trade",)),
    Answer(key="08.block_size", label="minimum memory instead of k", code='''block_size = 12   # 6 + 6
''', right=False, mistake="12 is the smallest memory, not the block size that gives it.",
           must_mention=("block size|memory|k",)),
    Answer(key="08.block_size", label="copied layers_per_block=4", code='''block_size = 4   # as in the benchmark
''', right=False, mistake="4 is the block size the notebook's example used for 8 layers; for 36 layers compute 36/k + k.",
           must_mention=("36/k|memory|block inputs|example|activations",)),
    Answer(key="08.block_size", label="formula as string", code='''block_size = "sqrt(36)"
''', right=False, mistake="The answer must be a number (the block size), not a formula in a string.",
           must_mention=("number|integer|int",)),

    # ------------------------------------------------------------------ 09.spot_the_mistake
    Answer(key="09.spot_the_mistake", label="split of one string", code='''answers = "keyword_call upstream_ignored float32_false_alarm wrong_shape none_gradient".split()
''', right=True),
    Answer(key="09.spot_the_mistake", label="first snippet as upstream_ignored", code='''answers = ["upstream_ignored", "upstream_ignored", "float32_false_alarm", "wrong_shape", "none_gradient"]
''', right=False, mistake="Snippet 1 calls with x=x: the keyword call skips the custom gradient entirely.",
           must_mention=("snippet 1|first|1st|#1|keyword|number 1|item 1",)),
    Answer(key="09.spot_the_mistake", label="typo in a name", code='''answers = ["keyword_call", "upstream_ignore", "float32_false_alarm", "wrong_shape", "none_gradient"]
''', right=False, mistake="'upstream_ignore' is not one of the names offered (upstream_ignored).",
           must_mention=("name|spell|typo|not one of|choose from|unknown|valid",)),
    Answer(key="09.spot_the_mistake", label="only four names", code='''answers = ["keyword_call", "upstream_ignored", "float32_false_alarm", "none_gradient"]
''', right=False, mistake="There are five snippets; one name is missing.",
           must_mention=("five|5",)),
    Answer(key="09.spot_the_mistake", label="4 and 5 swapped", code='''answers = ["keyword_call", "upstream_ignored", "float32_false_alarm", "none_gradient", "wrong_shape"]
''', right=False, mistake="Snippets 4 and 5 are swapped: the reshape is a shape mistake, the integer cast gives None.",
           must_mention=("snippet 4|snippet 5|fourth|fifth|#4|#5|4|5|order",)),
    Answer(key="09.spot_the_mistake", label="row numbers of the table", code='''answers = [3, 1, 12, 2, 5]   # rows of the table
''', right=False, mistake="Give the names offered (strings such as 'keyword_call'), not the table's row numbers.",
           must_mention=("name|string|choose from|str",)),

    # ------------------------------------------------------------------ 09.fix_linear
    Answer(key="09.fix_linear", label="transpose flags and einsum", code='''@tf.custom_gradient
def linear(x, W, b):
    def grad(U):
        return (tf.matmul(U, W, transpose_b=True),
                tf.matmul(x, U, transpose_a=True),
                tf.einsum("bj->j", U))
    return x @ W + b, grad
''', right=True),
    Answer(key="09.fix_linear", label="only the bias fixed", code='''@tf.custom_gradient
def linear(x, W, b):
    def grad(U):
        return U @ tf.transpose(W), tf.transpose(U) @ x, tf.reduce_sum(U, axis=0)
    return x @ W + b, grad
''', right=False, mistake="The gradient for W is Uᵀx, shaped (2, 3); W is (3, 2) and needs xᵀU.",
           must_mention=("W|transpose|shape",)),
    Answer(key="09.fix_linear", label="only W fixed", code='''@tf.custom_gradient
def linear(x, W, b):
    def grad(U):
        return U @ tf.transpose(W), tf.transpose(x) @ U, U
    return x @ W + b, grad
''', right=False, mistake="b is broadcast over the batch, so its gradient sums U over the batch axis.",
           must_mention=("b|bias|sum|batch|broadcast",)),
    Answer(key="09.fix_linear", label="x.T numpy style", code='''@tf.custom_gradient
def linear(x, W, b):
    def grad(U):
        return U @ tf.transpose(W), x.T @ U, tf.reduce_sum(U, axis=0)
    return x @ W + b, grad
''', right=False, mistake="Tensors have no .T attribute; use tf.transpose(x) or transpose_a=True.",
           must_mention=("transpose|.T|attribute",)),
    Answer(key="09.fix_linear", label="bias gradient with keepdims", code='''@tf.custom_gradient
def linear(x, W, b):
    def grad(U):
        return U @ tf.transpose(W), tf.transpose(x) @ U, tf.reduce_sum(U, axis=0, keepdims=True)
    return x @ W + b, grad
''', right=False, mistake="keepdims=True leaves b's gradient with shape (1, 2), but b has shape (2,).",
           must_mention=("shape|keepdims",)),
    Answer(key="09.fix_linear", label="bias summed over features", code='''@tf.custom_gradient
def linear(x, W, b):
    def grad(U):
        return U @ tf.transpose(W), tf.transpose(x) @ U, tf.reduce_sum(U, axis=1)
    return x @ W + b, grad
''', right=False, mistake="b's gradient sums over the batch axis (axis 0), not over the outputs.",
           must_mention=("axis|batch",)),
]
