"""Plausible learner answers, set d: 02.stable_log1pexp, 03.matvec, 04.bias_add, 06.numpy_erf, 07.hvp and
09.spot_the_mistake.

Written from the learner's side, from each notebook's prompt and stub only, without reading the judges.
Each right answer was confirmed against autodiff / finite differences (and, for 07.hvp, against the full
Hessian from two tapes and ``tape.jacobian`` in float64); each wrong one was run to see that it computes or
fails the way its ``mistake`` says.
"""

from learner_answer_types import Answer

ANSWERS = [
    # ------------------------------------------------------------------ 02.stable_log1pexp
    Answer(key="02.stable_log1pexp", label="max plus log1p of exp(-|x|), sigmoid grad", code='''@strict_custom_gradient
def stable_log1pexp(x):
    y = tf.maximum(x, 0.0) + tf.math.log1p(tf.exp(-tf.abs(x)))
    def grad(upstream):
        return upstream * tf.sigmoid(x)
    return y, grad
''', right=True),
    Answer(key="02.stable_log1pexp", label="relu plus log1p, grad with only negative powers", code='''@strict_custom_gradient
def stable_log1pexp(x):
    e = tf.exp(-tf.abs(x))                 # e^(-|x|) is at most 1: never overflows
    y = tf.nn.relu(x) + tf.math.log1p(e)
    def grad(upstream):
        # sigma(x) = 1/(1 + e^-x) for x >= 0 and e^x/(1 + e^x) for x < 0
        return upstream * tf.where(x >= 0, 1 / (1 + e), e / (1 + e))
    return y, grad
''', right=True),
    Answer(key="02.stable_log1pexp", label="exp(-relu(-x)) over 1 + exp(-|x|)", code='''@strict_custom_gradient
def stable_log1pexp(x):
    abs_x = tf.abs(x)
    y = (x + abs_x) / 2 + tf.math.log1p(tf.exp(-abs_x))     # (x + |x|)/2 = max(x, 0)
    def grad(upstream):
        return upstream * tf.exp(-tf.nn.relu(-x)) / (1 + tf.exp(-abs_x))
    return y, grad
''', right=True),
    Answer(key="02.stable_log1pexp", label="stable forward, grad 1/(1+exp(-x))", code='''@strict_custom_gradient
def stable_log1pexp(x):
    y = tf.maximum(x, 0.0) + tf.math.log1p(tf.exp(-tf.abs(x)))
    def grad(upstream):
        return upstream / (1 + tf.exp(-x))   # exp(-x) can be inf for x < -88, but 1/inf = 0 is fine
    return y, grad
''', right=True),
    Answer(key="02.stable_log1pexp", label="log1p(exp(x)) forward overflows", code='''@strict_custom_gradient
def stable_log1pexp(x):
    y = tf.math.log1p(tf.exp(x))
    def grad(upstream):
        return upstream * tf.sigmoid(x)
    return y, grad
''', right=False, mistake="The forward pass still computes e^x, which overflows to inf from x ≈ 88.7; "
       "only the gradient is stable.", must_mention=("forward|value|y ", "inf|overflow|finite")),
    Answer(key="02.stable_log1pexp", label="log instead of log1p for the small term", code='''@strict_custom_gradient
def stable_log1pexp(x):
    y = tf.maximum(x, 0.0) + tf.math.log(1 + tf.exp(-tf.abs(x)))
    def grad(upstream):
        return upstream * tf.sigmoid(x)
    return y, grad
''', right=False, mistake="log(1 + t) rounds 1 + t to 1 for tiny t, so the value for very negative x comes out 0 "
       "instead of about e^x: use tf.math.log1p.", must_mention=("log1p|precision|relative|tiny|small|negative",)),
    Answer(key="02.stable_log1pexp", label="grad 1 - 1/(1+e^x) cancels for negative x", code='''@strict_custom_gradient
def stable_log1pexp(x):
    y = tf.maximum(x, 0.0) + tf.math.log1p(tf.exp(-tf.abs(x)))
    def grad(upstream):
        return upstream * (1 - 1 / (1 + tf.exp(x)))
    return y, grad
''', right=False, mistake="1 − 1/(1 + e^x) cancels: for x below about −17 it is exactly 0 instead of about e^x, so "
       "the gradient loses its relative precision for negative x.",
       must_mention=("gradient|grad|derivative", "precision|relative|negative|cancel|tiny|small|0")),
    Answer(key="02.stable_log1pexp", label="grad e^x/(1+e^x) is NaN for large x", code='''@strict_custom_gradient
def stable_log1pexp(x):
    y = tf.maximum(x, 0.0) + tf.math.log1p(tf.exp(-tf.abs(x)))
    def grad(upstream):
        e = tf.exp(x)
        return upstream * e / (1 + e)
    return y, grad
''', right=False, mistake="e^x/(1 + e^x) is inf/inf = NaN from x ≈ 88.7: the forward is stable but the gradient is not.",
       must_mention=("nan|overflow|inf|finite",)),
    Answer(key="02.stable_log1pexp", label="upstream forgotten", code='''@strict_custom_gradient
def stable_log1pexp(x):
    y = tf.maximum(x, 0.0) + tf.math.log1p(tf.exp(-tf.abs(x)))
    def grad(upstream):
        return tf.sigmoid(x)
    return y, grad
''', right=False, mistake="grad returns only the local derivative σ(x): multiply it by upstream.",
       must_mention=("upstream",)),
    Answer(key="02.stable_log1pexp", label="calls tf.math.softplus", code='''@strict_custom_gradient
def stable_log1pexp(x):
    y = tf.math.softplus(x)
    def grad(upstream):
        return upstream * tf.sigmoid(x)
    return y, grad
''', right=False, mistake="The exercise asks for the stable formula written by hand, without tf.math.softplus.",
       must_mention=("softplus",)),
    Answer(key="02.stable_log1pexp", label="grad sigmoid(-x): wrong sign", code='''@strict_custom_gradient
def stable_log1pexp(x):
    y = tf.maximum(x, 0.0) + tf.math.log1p(tf.exp(-tf.abs(x)))
    def grad(upstream):
        return upstream * tf.sigmoid(-x)
    return y, grad
''', right=False, mistake="The derivative of log(1 + e^x) is σ(x) = e^x/(1 + e^x), not σ(−x) = 1/(1 + e^x).",
       must_mention=("gradient|grad|derivative",)),
    Answer(key="02.stable_log1pexp", label="threshold at 5: relu approximation", code='''@strict_custom_gradient
def stable_log1pexp(x):
    big = x > 5.0                                         # log(1 + e^x) ≈ x for large x
    y = tf.where(big, x, tf.math.log1p(tf.exp(tf.minimum(x, 5.0))))
    def grad(upstream):
        return upstream * tf.where(big, tf.ones_like(x), tf.sigmoid(x))
    return y, grad
''', right=False, mistake="log(1 + e^x) ≈ x is only an approximation for x > 5 (off by e^-5 ≈ 0.007): the forward "
       "value and the gradient are wrong there; the exact rewrite is max(x, 0) + log1p(e^-|x|).",
       must_mention=("forward|value|gradient|derivative",)),
    Answer(key="02.stable_log1pexp", label="python if on the tensor", code='''@strict_custom_gradient
def stable_log1pexp(x):
    if x > 0:
        y = x + tf.math.log1p(tf.exp(-x))
    else:
        y = tf.math.log1p(tf.exp(x))
    def grad(upstream):
        return upstream * tf.sigmoid(x)
    return y, grad
''', right=False, mistake="A Python `if` on a tensor fails for vectors (and inside tf.function): choose per entry "
       "with tf.where, or use max(x, 0) and |x|.", must_mention=()),
    Answer(key="02.stable_log1pexp", label="decorator forgotten", code='''def stable_log1pexp(x):
    y = tf.maximum(x, 0.0) + tf.math.log1p(tf.exp(-tf.abs(x)))
    def grad(upstream):
        return upstream * tf.sigmoid(x)
    return y, grad
''', right=False, mistake="Without @strict_custom_gradient the function returns the pair (y, grad) instead of a tensor.",
       must_mention=("decorat|custom_gradient|tuple|pair",)),
    Answer(key="02.stable_log1pexp", label="gradient cast to float64", code='''@strict_custom_gradient
def stable_log1pexp(x):
    y = tf.maximum(x, 0.0) + tf.math.log1p(tf.exp(-tf.abs(x)))
    def grad(upstream):
        x64 = tf.cast(x, tf.float64)                      # more precision for the gradient
        return tf.cast(upstream, tf.float64) * tf.sigmoid(x64)
    return y, grad
''', right=False, mistake="The gradient comes back in float64 for a float32 input: cast it back to x.dtype.",
       must_mention=("dtype|float64|float32",)),

    # ------------------------------------------------------------------ 03.matvec
    Answer(key="03.matvec", label="matvec with transpose_a", code='''def make_f(A):
    @strict_custom_gradient
    def f(x):
        def grad(upstream):
            return tf.linalg.matvec(A, upstream, transpose_a=True)
        return tf.linalg.matvec(A, x), grad
    return f
''', right=True),
    Answer(key="03.matvec", label="tensordot upstream with A", code='''def make_f(A):
    @strict_custom_gradient
    def f(x):
        def grad(upstream):
            return tf.tensordot(upstream, A, axes=1)        # upstreamᵀ A = (Aᵀ upstream)ᵀ
        return tf.linalg.matvec(A, x), grad
    return f
''', right=True),
    Answer(key="03.matvec", label="weighted sum of rows of A", code='''def make_f(A):
    @strict_custom_gradient
    def f(x):
        def grad(upstream):
            return tf.reduce_sum(A * upstream[:, tf.newaxis], axis=0)   # Σ_i upstream_i · row i of A
        return tf.linalg.matvec(A, x), grad
    return f
''', right=True),
    Answer(key="03.matvec", label="matmul on a column, then first column", code='''def make_f(A):
    At = tf.transpose(A)
    @strict_custom_gradient
    def f(x):
        def grad(upstream):
            return tf.matmul(At, tf.expand_dims(upstream, -1))[:, 0]
        return tf.linalg.matvec(A, x), grad
    return f
''', right=True),
    Answer(key="03.matvec", label="A times upstream, no transpose", code='''def make_f(A):
    @strict_custom_gradient
    def f(x):
        def grad(upstream):
            return tf.linalg.matvec(A, upstream)
        return tf.linalg.matvec(A, x), grad
    return f
''', right=False, mistake="The VJP is Aᵀ·upstream, not A·upstream: for a non-square A the shapes do not even match.",
       must_mention=("transpose|Aᵀ|A^T|A.T|transpose_a",)),
    Answer(key="03.matvec", label="reshape instead of transpose", code='''def make_f(A):
    @strict_custom_gradient
    def f(x):
        def grad(upstream):
            A_T = tf.reshape(A, (A.shape[1], A.shape[0]))      # "transpose"
            return tf.linalg.matvec(A_T, upstream)
        return tf.linalg.matvec(A, x), grad
    return f
''', right=False, mistake="tf.reshape keeps the entries in row order, it does not transpose: use tf.transpose(A) "
       "or transpose_a=True.", must_mention=("transpose|Aᵀ|A^T|reshape",)),
    Answer(key="03.matvec", label="upstream forgotten: column sums of A", code='''def make_f(A):
    @strict_custom_gradient
    def f(x):
        def grad(upstream):
            return tf.reduce_sum(A, axis=0)                  # d(Ax)/dx is A, summed over the outputs
        return tf.linalg.matvec(A, x), grad
    return f
''', right=False, mistake="That is Aᵀ times a vector of ones: the upstream is ignored.",
       must_mention=("upstream",)),
    Answer(key="03.matvec", label="global A_5x3 instead of the closure's A", code='''def make_f(A):
    @strict_custom_gradient
    def f(x):
        def grad(upstream):
            return tf.linalg.matvec(A_5x3, upstream, transpose_a=True)
        return tf.linalg.matvec(A, x), grad
    return f
''', right=False, mistake="grad uses the one matrix A_5x3 instead of the A the factory was given, so it is wrong for "
       "any other matrix.", must_mention=("closure|A_5x3|factory|other matri|several matri|each matri|the a ",)),
    Answer(key="03.matvec", label="returns the Jacobian transposed", code='''def make_f(A):
    @strict_custom_gradient
    def f(x):
        def grad(upstream):
            return tf.transpose(A)                            # Jᵀ
        return tf.linalg.matvec(A, x), grad
    return f
''', right=False, mistake="grad must return Jᵀ·upstream, shaped like x, not the matrix Jᵀ itself.",
       must_mention=("shape|upstream",)),
    Answer(key="03.matvec", label="tf.matmul with a vector", code='''def make_f(A):
    @strict_custom_gradient
    def f(x):
        def grad(upstream):
            return tf.matmul(A, upstream, transpose_a=True)
        return tf.linalg.matvec(A, x), grad
    return f
''', right=False, mistake="tf.matmul needs two matrices; upstream is a vector, so use tf.linalg.matvec.",
       must_mention=()),
    Answer(key="03.matvec", label="also returns a gradient for A", code='''def make_f(A):
    @strict_custom_gradient
    def f(x):
        def grad(upstream):
            return tf.linalg.matvec(A, upstream, transpose_a=True), tf.tensordot(upstream, x, axes=0)
        return tf.linalg.matvec(A, x), grad
    return f
''', right=False, mistake="f has one input, x (A comes from the closure), so grad returns one gradient, not two.",
       must_mention=("one|number|count|how many|two|2",)),
    Answer(key="03.matvec", label="factory forgets return f", code='''def make_f(A):
    @strict_custom_gradient
    def f(x):
        def grad(upstream):
            return tf.linalg.matvec(A, upstream, transpose_a=True)
        return tf.linalg.matvec(A, x), grad
''', right=False, mistake="make_f defines f but does not return it: the factory returns None.",
       must_mention=("return|None",)),
    Answer(key="03.matvec", label="negated VJP", code='''def make_f(A):
    @strict_custom_gradient
    def f(x):
        def grad(upstream):
            return -tf.linalg.matvec(A, upstream, transpose_a=True)
        return tf.linalg.matvec(A, x), grad
    return f
''', right=False, mistake="The sign is wrong: the gradient of Ax is +Aᵀ·upstream.",
       must_mention=("sign|negat|minus|opposite|-1|−1",)),

    # ------------------------------------------------------------------ 04.bias_add
    Answer(key="04.bias_add", label="sum over every axis but the last (tf.range)", code='''@strict_custom_gradient
def bias_add(x, b):
    def grad(upstream):
        return upstream, tf.reduce_sum(upstream, axis=tf.range(tf.rank(upstream) - 1))
    return x + b, grad
''', right=True),
    Answer(key="04.bias_add", label="reshape to rows of n, then sum axis 0", code='''@strict_custom_gradient
def bias_add(x, b):
    def grad(upstream):
        rows = tf.reshape(upstream, (-1, tf.shape(b)[0]))
        return tf.identity(upstream), tf.reduce_sum(rows, axis=0)
    return x + b, grad
''', right=True),
    Answer(key="04.bias_add", label="python list of leading axes", code='''@strict_custom_gradient
def bias_add(x, b):
    def grad(upstream):
        leading = list(range(len(upstream.shape) - 1))
        return upstream, tf.reduce_sum(upstream, axis=leading)
    return x + b, grad
''', right=True),
    Answer(key="04.bias_add", label="if on the static rank", code='''@strict_custom_gradient
def bias_add(x, b):
    def grad(upstream):
        if x.shape.rank == 3:                                    # a batch of sequences
            db = tf.reduce_sum(upstream, axis=[0, 1])
        else:
            db = tf.reduce_sum(upstream, axis=0)
        return upstream, db
    return x + b, grad
''', right=True),
    Answer(key="04.bias_add", label="sum over axis 0 only", code='''@strict_custom_gradient
def bias_add(x, b):
    def grad(upstream):
        return upstream, tf.reduce_sum(upstream, axis=0)
    return x + b, grad
''', right=False, mistake="Summing over the batch axis alone is right for (batch, n) but leaves the time axis for a "
       "(batch, time, n) x: sum over every axis except the last.",
       must_mention=("axis|axes|time|three|3", "shape|sum")),
    Answer(key="04.bias_add", label="sum over axes 0 and 1 always", code='''@strict_custom_gradient
def bias_add(x, b):
    def grad(upstream):
        return upstream, tf.reduce_sum(upstream, axis=[0, 1])
    return x + b, grad
''', right=False, mistake="axis=[0, 1] fits only the three-axis x; for a (batch, n) x it sums everything into one "
       "number: sum over all axes but the last.", must_mention=("axis|axes|shape|scalar",)),
    Answer(key="04.bias_add", label="no sum for b", code='''@strict_custom_gradient
def bias_add(x, b):
    def grad(upstream):
        return upstream, upstream
    return x + b, grad
''', right=False, mistake="b is broadcast over the batch, so its gradient must be summed back to shape (n,).",
       must_mention=("shape", "sum|broadcast")),
    Answer(key="04.bias_add", label="mean instead of sum", code='''@strict_custom_gradient
def bias_add(x, b):
    def grad(upstream):
        return upstream, tf.reduce_mean(upstream, axis=tf.range(tf.rank(upstream) - 1))
    return x + b, grad
''', right=False, mistake="Every copy of b contributes in full: sum the upstream over the broadcast axes, do not average it.",
       must_mention=("sum|mean|average|batch size|factor",)),
    Answer(key="04.bias_add", label="sum over the last axis", code='''@strict_custom_gradient
def bias_add(x, b):
    def grad(upstream):
        return upstream, tf.reduce_sum(upstream, axis=-1)
    return x + b, grad
''', right=False, mistake="Sums over the wrong axis: b lives on the last axis, so sum over all the others.",
       must_mention=("axis|axes|shape",)),
    Answer(key="04.bias_add", label="gradients in the wrong order", code='''@strict_custom_gradient
def bias_add(x, b):
    def grad(upstream):
        db = tf.reduce_sum(upstream, axis=tf.range(tf.rank(upstream) - 1))
        return db, upstream
    return x + b, grad
''', right=False, mistake="Gradients go in the order of the inputs: (dL/dx, dL/db).",
       must_mention=("order|shape|swap",)),
    Answer(key="04.bias_add", label="only the gradient for b", code='''@strict_custom_gradient
def bias_add(x, b):
    def grad(upstream):
        return tf.reduce_sum(upstream, axis=tf.range(tf.rank(upstream) - 1))
    return x + b, grad
''', right=False, mistake="bias_add has two inputs, so grad returns two gradients, one for x and one for b.",
       must_mention=("two|2|number|count|one per input|both|how many",)),
    Answer(key="04.bias_add", label="ones for x: upstream forgotten", code='''@strict_custom_gradient
def bias_add(x, b):
    def grad(upstream):
        return tf.ones_like(x), tf.reduce_sum(upstream, axis=tf.range(tf.rank(upstream) - 1))
    return x + b, grad
''', right=False, mistake="dy/dx is 1, but dL/dx is upstream times it: return upstream for x.",
       must_mention=("upstream",)),
    Answer(key="04.bias_add", label="einsum with ellipsis", code='''@strict_custom_gradient
def bias_add(x, b):
    def grad(upstream):
        return upstream, tf.einsum("...n->n", upstream)
    return x + b, grad
''', right=False, mistake="TensorFlow's einsum refuses to sum away the '...' axes ('...n->n' raises an error); "
       "use tf.reduce_sum over the leading axes.", must_mention=()),

    # ------------------------------------------------------------------ 06.numpy_erf
    Answer(key="06.numpy_erf", label="numpy_function, set_shape, tf grad", code='''@tf.custom_gradient
def numpy_erf(x):
    y = tf.numpy_function(scipy.special.erf, [x], x.dtype)
    y.set_shape(x.shape)
    def grad(upstream):
        return upstream * 2 / np.sqrt(np.pi) * tf.exp(-x ** 2)
    return y, grad
''', right=True),
    Answer(key="06.numpy_erf", label="ensure_shape and a cast constant", code='''@tf.custom_gradient
def numpy_erf(x):
    y = tf.ensure_shape(tf.numpy_function(scipy.special.erf, [x], x.dtype), x.shape)
    def grad(upstream):
        two_over_sqrt_pi = tf.cast(2.0 / np.sqrt(np.pi), x.dtype)
        return upstream * two_over_sqrt_pi * tf.exp(-tf.square(x))
    return y, grad
''', right=True),
    Answer(key="06.numpy_erf", label="grad also through numpy_function", code='''def _erf_slope(t):
    return (2 / np.sqrt(np.pi) * np.exp(-t ** 2)).astype(t.dtype)

@tf.custom_gradient
def numpy_erf(x):
    y = tf.numpy_function(scipy.special.erf, [x], x.dtype)
    y.set_shape(x.shape)
    def grad(upstream):
        slope = tf.numpy_function(_erf_slope, [x], x.dtype)
        slope.set_shape(x.shape)
        return upstream * slope
    return y, grad
''', right=True),
    Answer(key="06.numpy_erf", label="tf.py_function calling scipy", code='''@tf.custom_gradient
def numpy_erf(x):
    y = tf.py_function(lambda t: scipy.special.erf(t.numpy()), [x], x.dtype)
    y.set_shape(x.shape)
    def grad(upstream):
        return upstream * (2 / np.sqrt(np.pi)) * tf.exp(-x * x)
    return y, grad
''', right=True),
    Answer(key="06.numpy_erf", label="scipy called on the tensor directly", code='''@tf.custom_gradient
def numpy_erf(x):
    y = tf.convert_to_tensor(scipy.special.erf(x), dtype=x.dtype)
    def grad(upstream):
        return upstream * 2 / np.sqrt(np.pi) * tf.exp(-x ** 2)
    return y, grad
''', right=False, mistake="SciPy on the tensor needs its values, which a symbolic tensor inside tf.function does not "
       "have: wrap the call in tf.numpy_function.", must_mention=("numpy_function|tf.function|symbolic|graph",)),
    Answer(key="06.numpy_erf", label="tf.math.erf instead of scipy", code='''@tf.custom_gradient
def numpy_erf(x):
    y = tf.math.erf(x)
    def grad(upstream):
        return upstream * 2 / np.sqrt(np.pi) * tf.exp(-x ** 2)
    return y, grad
''', right=False, mistake="The exercise is to wrap SciPy's erf: the forward must call scipy.special.erf through "
       "tf.numpy_function, not tf.math.erf.", must_mention=("scipy",)),
    Answer(key="06.numpy_erf", label="set_shape forgotten", code='''@tf.custom_gradient
def numpy_erf(x):
    y = tf.numpy_function(scipy.special.erf, [x], x.dtype)
    def grad(upstream):
        return upstream * 2 / np.sqrt(np.pi) * tf.exp(-x ** 2)
    return y, grad
''', right=False, mistake="tf.numpy_function cannot know the result's shape: inside tf.function y has an unknown "
       "shape until you call y.set_shape(x.shape).", must_mention=("shape",)),
    Answer(key="06.numpy_erf", label="2/sqrt(pi) forgotten", code='''@tf.custom_gradient
def numpy_erf(x):
    y = tf.numpy_function(scipy.special.erf, [x], x.dtype)
    y.set_shape(x.shape)
    def grad(upstream):
        return upstream * tf.exp(-x ** 2)
    return y, grad
''', right=False, mistake="erf'(x) = 2/√π · e^(−x²): the constant factor 2/√π ≈ 1.128 is missing.",
       must_mention=("2/√π|√π|sqrt|pi|π|constant|factor|1.128",)),
    Answer(key="06.numpy_erf", label="normal density e^(-x²/2) as the slope", code='''@tf.custom_gradient
def numpy_erf(x):
    y = tf.numpy_function(scipy.special.erf, [x], x.dtype)
    y.set_shape(x.shape)
    def grad(upstream):
        return upstream * 2 / np.sqrt(np.pi) * tf.exp(-x ** 2 / 2)
    return y, grad
''', right=False, mistake="The integrand is e^(−t²), so erf'(x) = 2/√π · e^(−x²), not e^(−x²/2) (that is the normal density's exponent).",
       must_mention=("gradient|grad|derivative|erf'|slope",)),
    Answer(key="06.numpy_erf", label="upstream forgotten", code='''@tf.custom_gradient
def numpy_erf(x):
    y = tf.numpy_function(scipy.special.erf, [x], x.dtype)
    y.set_shape(x.shape)
    def grad(upstream):
        return 2 / np.sqrt(np.pi) * tf.exp(-x ** 2)
    return y, grad
''', right=False, mistake="grad returns erf'(x) alone: multiply it by upstream.", must_mention=("upstream",)),
    Answer(key="06.numpy_erf", label="Tout hard-coded to float32", code='''@tf.custom_gradient
def numpy_erf(x):
    y = tf.numpy_function(scipy.special.erf, [x], tf.float32)
    y.set_shape(x.shape)
    def grad(upstream):
        return upstream * 2 / np.sqrt(np.pi) * tf.exp(-x ** 2)
    return y, grad
''', right=False, mistake="Tout is fixed to float32, so a float64 input fails (SciPy returns float64): pass x.dtype.",
       must_mention=("dtype|float64|float32|Tout",)),
    Answer(key="06.numpy_erf", label="np.exp inside grad", code='''@tf.custom_gradient
def numpy_erf(x):
    y = tf.numpy_function(scipy.special.erf, [x], x.dtype)
    y.set_shape(x.shape)
    def grad(upstream):
        return upstream * 2 / np.sqrt(np.pi) * np.exp(-x ** 2)
    return y, grad
''', right=False, mistake="np.exp needs concrete values; inside tf.function grad works on symbolic tensors: use tf.exp.",
       must_mention=("tf.function|symbolic|numpy|NumPy|np.exp|tf.exp|graph",)),
    Answer(key="06.numpy_erf", label="numpy slope without casting back (float64 for float32)", code='''@tf.custom_gradient
def numpy_erf(x):
    y = tf.numpy_function(scipy.special.erf, [x], x.dtype)
    y.set_shape(x.shape)
    def grad(upstream):
        slope = tf.numpy_function(lambda t: 2 / np.sqrt(np.pi) * np.exp(-t ** 2), [x], x.dtype)
        return upstream * slope
    return y, grad
''', right=False, mistake="np.float64 times a float32 array is float64 in NumPy 2, but Tout says float32: the "
       "backward pass fails for float32 input; cast with .astype(t.dtype).",
       must_mention=("dtype|float64|float32",)),
    Answer(key="06.numpy_erf", label="decorator forgotten", code='''def numpy_erf(x):
    y = tf.numpy_function(scipy.special.erf, [x], x.dtype)
    y.set_shape(x.shape)
    def grad(upstream):
        return upstream * 2 / np.sqrt(np.pi) * tf.exp(-x ** 2)
    return y, grad
''', right=False, mistake="Without @tf.custom_gradient the function returns the pair (y, grad), and TensorFlow has no "
       "gradient through tf.numpy_function.", must_mention=("decorat|custom_gradient|tuple|pair",)),

    # ------------------------------------------------------------------ 07.hvp
    Answer(key="07.hvp", label="two tapes, output_gradients=v", code='''def hvp(f, x, v):
    with tf.GradientTape() as outer:
        outer.watch(x)
        with tf.GradientTape() as inner:
            inner.watch(x)
            y = f(x)
        g = inner.gradient(y, x)
    return outer.gradient(g, x, output_gradients=v)
''', right=True),
    Answer(key="07.hvp", label="gradient of g·v", code='''def hvp(f, x, v):
    with tf.GradientTape() as outer:
        outer.watch(x)
        with tf.GradientTape() as inner:
            inner.watch(x)
            y = f(x)
        g = inner.gradient(y, x)
        gv = tf.reduce_sum(g * tf.stop_gradient(v))      # d(g·v)/dx = Hᵀv = Hv
    return outer.gradient(gv, x)
''', right=True),
    Answer(key="07.hvp", label="one persistent tape", code='''def hvp(f, x, v):
    with tf.GradientTape(persistent=True) as tape:
        tape.watch(x)
        y = f(x)
        g = tape.gradient(y, x)                          # recorded: the tape is still open
    hv = tape.gradient(g, x, output_gradients=v)
    del tape
    return hv
''', right=True),
    Answer(key="07.hvp", label="forward over reverse (ForwardAccumulator)", code='''def hvp(f, x, v):
    with tf.autodiff.ForwardAccumulator(x, v) as accumulator:
        with tf.GradientTape() as tape:
            tape.watch(x)
            y = f(x)
        g = tape.gradient(y, x)
    return accumulator.jvp(g)
''', right=False, mistake="Right numbers, but that is forward over reverse, the method shown above; the exercise asks "
       "for reverse over reverse (two GradientTapes).", must_mention=("reverse|ForwardAccumulator|forward",)),
    Answer(key="07.hvp", label="full Hessian with jacobian, then matvec", code='''def hvp(f, x, v):
    with tf.GradientTape() as outer:
        outer.watch(x)
        with tf.GradientTape() as inner:
            inner.watch(x)
            y = f(x)
        g = inner.gradient(y, x)
    H = outer.jacobian(g, x)
    return tf.linalg.matvec(H, v)
''', right=False, mistake="This builds the whole n×n Hessian, which the exercise forbids: pass v as output_gradients instead.",
       must_mention=("jacobian|build|Hessian|n×n|matrix|H ",)),
    Answer(key="07.hvp", label="diagonal trick: gradient of sum(g) times v", code='''def hvp(f, x, v):
    with tf.GradientTape() as outer:
        outer.watch(x)
        with tf.GradientTape() as inner:
            inner.watch(x)
            y = f(x)
        g = inner.gradient(y, x)
    return outer.gradient(g, x) * v
''', right=False, mistake="outer.gradient(g, x) is H·1 (the row sums of H); times v entry by entry it equals Hv only "
       "when H is diagonal.", must_mention=("diagonal",)),
    Answer(key="07.hvp", label="v never used: H times ones", code='''def hvp(f, x, v):
    with tf.GradientTape() as outer:
        outer.watch(x)
        with tf.GradientTape() as inner:
            inner.watch(x)
            y = f(x)
        g = inner.gradient(y, x)
    return outer.gradient(g, x)
''', right=False, mistake="Without output_gradients=v the outer tape computes H·1, not H·v: v is never used.",
       must_mention=("v|output_gradients|direction",)),
    Answer(key="07.hvp", label="first gradient taken after the outer tape closed", code='''def hvp(f, x, v):
    with tf.GradientTape() as outer:
        outer.watch(x)
        with tf.GradientTape() as inner:
            inner.watch(x)
            y = f(x)
    g = inner.gradient(y, x)                             # outer no longer records
    return outer.gradient(g, x, output_gradients=v)
''', right=False, mistake="The first gradient is computed after the outer tape has stopped recording, so the outer "
       "tape finds no path from g to x and returns None.",
       must_mention=("None|record|outer|inside|no path",)),
    Answer(key="07.hvp", label="outer.watch forgotten", code='''def hvp(f, x, v):
    with tf.GradientTape() as outer:
        with tf.GradientTape() as inner:
            inner.watch(x)
            y = f(x)
        g = inner.gradient(y, x)
    return outer.gradient(g, x, output_gradients=v)
''', right=False, mistake="x is a tensor, not a variable: the outer tape must watch it too, or it returns None.",
       must_mention=("watch|None",)),
    Answer(key="07.hvp", label="finite differences of the gradient", code='''def hvp(f, x, v):
    def gradient(at):
        with tf.GradientTape() as tape:
            tape.watch(at)
            y = f(at)
        return tape.gradient(y, at)
    h = 1e-5
    return (gradient(x + h * v) - gradient(x - h * v)) / (2 * h)
''', right=False, mistake="A finite-difference approximation of Hv, not the exact product by reverse over reverse.",
       must_mention=("finite|approximat|exact|reverse|tape",)),
    Answer(key="07.hvp", label="gradient times v (first order only)", code='''def hvp(f, x, v):
    with tf.GradientTape() as tape:
        tape.watch(x)
        y = f(x)
    return tape.gradient(y, x) * v
''', right=False, mistake="That is the gradient times v: a first derivative; Hv needs the gradient differentiated once more.",
       must_mention=("second|Hessian|first|gradient",)),
    Answer(key="07.hvp", label="mean of g·v instead of the sum", code='''def hvp(f, x, v):
    with tf.GradientTape() as outer:
        outer.watch(x)
        with tf.GradientTape() as inner:
            inner.watch(x)
            y = f(x)
        g = inner.gradient(y, x)
        gv = tf.reduce_mean(g * v)
    return outer.gradient(gv, x)
''', right=False, mistake="reduce_mean divides by the number of entries: Hv comes out n times too small; use reduce_sum.",
       must_mention=("mean|factor|scale|sum|times|small",)),
    Answer(key="07.hvp", label="returns a list from gradient([x])", code='''def hvp(f, x, v):
    with tf.GradientTape() as outer:
        outer.watch(x)
        with tf.GradientTape() as inner:
            inner.watch(x)
            y = f(x)
        g = inner.gradient(y, x)
    return outer.gradient(g, [x], output_gradients=v)
''', right=False, mistake="Asking for the gradient with respect to [x] returns a list of one tensor; return the tensor.",
       must_mention=("list|tensor|shape",)),

    # ------------------------------------------------------------------ 09.spot_the_mistake
    Answer(key="09.spot_the_mistake", label="all five right", code='''answers = ["keyword_call", "upstream_ignored", "float32_false_alarm", "wrong_shape", "none_gradient"]
''', right=True),
    Answer(key="09.spot_the_mistake", label="all five right, split from one string", code='''answers = """
keyword_call
upstream_ignored
float32_false_alarm
wrong_shape
none_gradient
""".split()
''', right=True),
    Answer(key="09.spot_the_mistake", label="all five right, as a tuple", code='''answers = ("keyword_call",         # 1: tf.print never prints: grad skipped
           "upstream_ignored",     # 2: cos(0.5) = 0.88, the 2 sin x is missing
           "float32_false_alarm",  # 3
           "wrong_shape",          # 4: (4,) gradient for a (4, 1) s
           "none_gradient")        # 5: argmax has no gradient
''', right=True),
    Answer(key="09.spot_the_mistake", label="1 read as none_gradient", code='''answers = ["none_gradient", "upstream_ignored", "float32_false_alarm", "wrong_shape", "none_gradient"]
''', right=False, mistake="Snippet 1: the tape does return gradients; tf.print never printing means grad was skipped, "
       "because every input was passed by keyword (keyword_call).", must_mention=("1|first|keyword",)),
    Answer(key="09.spot_the_mistake", label="2 read as a float32 false alarm", code='''answers = ["keyword_call", "float32_false_alarm", "float32_false_alarm", "wrong_shape", "none_gradient"]
''', right=False, mistake="Snippet 2: 0.88 is cos(0.5), the local derivative alone; the upstream 2 sin x was dropped "
       "(upstream_ignored), far more than rounding.", must_mention=("2|second|upstream",)),
    Answer(key="09.spot_the_mistake", label="4 read as variables_missing", code='''answers = ["keyword_call", "upstream_ignored", "float32_false_alarm", "variables_missing", "none_gradient"]
''', right=False, mistake="Snippet 4: s is an input, not a variable read from outside; its gradient has shape (4,) "
       "for an input of shape (4, 1) (wrong_shape).", must_mention=("4|fourth|shape",)),
    Answer(key="09.spot_the_mistake", label="5 read as float32 cast", code='''answers = ["keyword_call", "upstream_ignored", "float32_false_alarm", "wrong_shape", "float32_false_alarm"]
''', right=False, mistake="Snippet 5: argmax's integer output has no path back to logits, so the tape returns None "
       "(none_gradient); the float32 cast is not the issue.", must_mention=("5|fifth|None|argmax|integer",)),
    Answer(key="09.spot_the_mistake", label="1 and 2 swapped", code='''answers = ["upstream_ignored", "keyword_call", "float32_false_alarm", "wrong_shape", "none_gradient"]
''', right=False, mistake="The first two are swapped: snippet 1 is the keyword call, snippet 2 the ignored upstream.",
       must_mention=("1|2|first|second|order|swap",)),
    Answer(key="09.spot_the_mistake", label="name not on the list", code='''answers = ["keyword_argument", "upstream_ignored", "float32_false_alarm", "wrong_shape", "none_gradient"]
''', right=False, mistake="'keyword_argument' is not one of the six names: it should be keyword_call.",
       must_mention=("keyword_argument|not one of|list|unknown|choose|names",)),
    Answer(key="09.spot_the_mistake", label="typo upstream_ignore", code='''answers = ["keyword_call", "upstream_ignore", "float32_false_alarm", "wrong_shape", "none_gradient"]
''', right=False, mistake="'upstream_ignore' is a typo for upstream_ignored.",
       must_mention=("upstream_ignore|typo|spell|not one of|unknown|names",)),
    Answer(key="09.spot_the_mistake", label="words with spaces from the table", code='''answers = ["keyword call", "upstream ignored", "float32 false alarm", "wrong shape", "none gradient"]
''', right=False, mistake="The names have underscores (keyword_call, ...): the table's wording is not one of the names.",
       must_mention=("underscore|spell|not one of|unknown|names|keyword_call",)),
    Answer(key="09.spot_the_mistake", label="only four names", code='''answers = ["keyword_call", "upstream_ignored", "wrong_shape", "none_gradient"]
''', right=False, mistake="Four names for five snippets: snippet 3 (float32_false_alarm) is missing.",
       must_mention=("five|5|four|4|missing|number|how many",)),
    Answer(key="09.spot_the_mistake", label="ellipsis left in place 3", code='''answers = ["keyword_call", "upstream_ignored", ..., "wrong_shape", "none_gradient"]
''', right=False, mistake="Snippet 3 is still the placeholder `...`: fill in float32_false_alarm.",
       must_mention=("3|third|...|Ellipsis|fill|missing",)),
    Answer(key="09.spot_the_mistake", label="one comma-separated string", code='''answers = "keyword_call, upstream_ignored, float32_false_alarm, wrong_shape, none_gradient"
''', right=False, mistake="answers must be a list of five names, not one string.",
       must_mention=("list|string|str|five|5",)),
    Answer(key="09.spot_the_mistake", label="numbers of the names instead of names", code='''answers = [3, 1, 6, 2, 5]   # positions in the list of names
''', right=False, mistake="The exercise asks for the names themselves, as strings, not their positions.",
       must_mention=("name|string|str",)),
]
