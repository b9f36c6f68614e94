"""Learner answers, set w: the confident code assistant.

Long cells with docstrings and type hints, input validation, defensive casting, small utilities,
gradient "stabilisation", silenced errors, tf.stop_gradient "for safety", jit-compiled helpers and
self-tests that run with the cell. One right answer and three wrong ones per exercise.
"""

from learner_answer_types import Answer

ANSWERS = [
    # ------------------------------------------------------------------ 00.warmup
    Answer("00.warmup", "tape-float-cast", r'''
from typing import Callable


def _derivative_at(f: Callable[[tf.Tensor], tf.Tensor], x0: float) -> float:
    """Evaluate df/dx at x0 with a GradientTape, in float64 for exactness.

    Returns a plain Python float so downstream code does not depend on TensorFlow types.
    """
    x = tf.constant(x0, dtype=tf.float64)
    with tf.GradientTape() as tape:
        tape.watch(x)
        y = f(x)
    g = tape.gradient(y, x)
    assert g is not None, "no gradient recorded"
    return float(g.numpy())


answer: float = _derivative_at(lambda t: t ** 2, 3.0)

# --- self-test -------------------------------------------------------------
assert abs(answer - 6.0) < 1e-12, answer
print(f"d/dx x^2 at 3 = {answer}")
''', True),
    Answer("00.warmup", "returns-forward-value", r'''
def _evaluate(x0: float) -> float:
    """Compute the quantity of interest for f(x) = x**2 at x0.

    The tape output is unpacked defensively: if the gradient is unavailable we fall back to
    the function value so the cell never crashes.
    """
    x = tf.constant(x0, dtype=tf.float32)
    with tf.GradientTape() as tape:
        tape.watch(x)
        y = x ** 2
    result = y  # primary result of the forward pass
    return float(result.numpy())


answer = _evaluate(3.0)
print("answer:", answer)
''', False, "9 is the value of x² at 3, not its derivative", ("value",)),
    Answer("00.warmup", "int-constant-tape", r'''
def compute_derivative(x0: int = 3) -> float:
    """d/dx x**2 at an integer point, using autodiff.

    Uses an integer constant since the evaluation point is an integer (exact arithmetic).
    """
    x = tf.constant(x0)                      # int32: exact
    with tf.GradientTape() as tape:
        tape.watch(x)
        y = x * x
    grad = tape.gradient(y, x)
    return float(grad)


answer = compute_derivative()
''', False, "the tape cannot differentiate an integer tensor: its gradient is None, so float() fails",
           ("integer|int32|none",)),
    Answer("00.warmup", "reused-env-check-cube", r'''
def derivative_at(x0: float = 3.0) -> float:
    """Derivative of the course's example function at x0, via GradientTape (float64)."""
    x = tf.constant(x0, dtype=tf.float64)
    with tf.GradientTape() as tape:
        tape.watch(x)            # constants are not watched unless asked
        y = x ** 3
    g = tape.gradient(y, x)
    g = tf.where(tf.math.is_nan(g), tf.zeros_like(g), g)   # guard against NaN
    return float(g.numpy())


answer = derivative_at(3.0)
assert answer > 0
print("dy/dx =", answer)
''', False, "27 is the derivative of x³ at 3, not of x²", ("x³|x^3|x**3|cube",)),

    # ------------------------------------------------------------------ 01.chain_derivative
    Answer("01.chain_derivative", "fold-local-derivatives-float64", r'''
from functools import reduce
from typing import List


def forward_inputs(x0: float, n_links: int = 3) -> List[float]:
    """Inputs seen by each link of f(f(f(x))) with f(v) = v**2, innermost first."""
    seen, v = [], float(x0)
    for _ in range(n_links):
        seen.append(v)
        v = v * v
    return seen


def chain_derivative(x0: float) -> float:
    """Product of the local derivatives 2v over all links (chain rule)."""
    locals_ = [2.0 * v for v in forward_inputs(x0)]
    return reduce(lambda acc, d: acc * d, locals_, 1.0)


answer = int(round(chain_derivative(3.0)))

# --- self-test against autodiff -------------------------------------------
_x = tf.constant(3.0, dtype=tf.float64)
with tf.GradientTape() as _tape:
    _tape.watch(_x)
    _y = ((_x ** 2) ** 2) ** 2
assert answer == int(_tape.gradient(_y, _x).numpy()), answer
print("dy/dx at 3:", answer)
''', True),
    Answer("01.chain_derivative", "sum-of-locals", r'''
from typing import List


def local_derivatives(x0: float) -> List[float]:
    """Local derivative 2v of each link for the inputs 3, 9, 81."""
    inputs = [x0, x0 ** 2, x0 ** 4]
    return [2.0 * v for v in inputs]


def total_derivative(x0: float) -> float:
    """Aggregate the per-link contributions of the chain.

    Each link contributes its local sensitivity; the total sensitivity is their accumulation.
    """
    return float(sum(local_derivatives(x0)))


answer = total_derivative(3.0)
print("locals:", local_derivatives(3.0), "->", answer)
''', False, "the chain rule multiplies the local derivatives; adding them gives 186", ("product|multipl",)),
    Answer("01.chain_derivative", "upstream-dropped", r'''
def _local(v: tf.Tensor) -> tf.Tensor:
    """d(v^2)/dv."""
    return 2.0 * v


@tf.custom_gradient
def link(v: tf.Tensor):
    """One link of the chain, with a hand-written gradient (upstream stopped for safety)."""
    def grad(upstream: tf.Tensor) -> tf.Tensor:
        upstream = tf.stop_gradient(upstream)           # don't backprop through the upstream
        return _local(v)                                # local derivative of this link
    return v ** 2, grad


x = tf.constant(3.0, dtype=tf.float64)
with tf.GradientTape() as tape:
    tape.watch(x)
    y = link(link(link(x)))
answer = float(tape.gradient(y, x).numpy())
print("dy/dx:", answer)
''', False, "grad drops upstream, so only the innermost link's local derivative 2·3 = 6 reaches x",
           ("upstream",)),
    Answer("01.chain_derivative", "forward-value", r'''
from typing import Tuple


def run_chain(x0: float, n_links: int = 3) -> Tuple[float, float]:
    """Evaluate the chain f(f(f(x))) link by link, returning (result, x0).

    The result is accumulated in float64 so no precision is lost for large powers.
    """
    v = tf.constant(x0, dtype=tf.float64)
    for _ in range(n_links):
        v = tf.square(v)
    return float(v.numpy()), x0


answer, _x0 = run_chain(3.0)
assert answer == 3.0 ** 8
print("result at x = 3:", answer)
''', False, "6561 is the value y = 3⁸, not its derivative", ("value",)),

    # ------------------------------------------------------------------ 01.upstreams
    Answer("01.upstreams", "reverse-accumulate", r'''
from typing import List


def backward_upstreams(x0: float, n_links: int = 3) -> List[float]:
    """Upstream received by each call of f(v) = v**2, outermost call first.

    The outermost call receives dL/dy = 1; each call passes local * upstream to the one before,
    where it becomes that call's upstream.
    """
    inputs = []
    v = float(x0)
    for _ in range(n_links):
        inputs.append(v)
        v = v * v
    upstreams, up = [], 1.0
    for v_in in reversed(inputs):          # backward order
        upstreams.append(up)
        up = 2.0 * v_in * up               # downstream becomes the next upstream
    return upstreams


upstreams = backward_upstreams(3.0)
assert upstreams[0] == 1.0
assert len(upstreams) == 3
print(upstreams)
''', True),
    Answer("01.upstreams", "local-derivatives", r'''
from typing import List


def per_link_upstream(x0: float) -> List[float]:
    """Gradient signal at each link, outermost first.

    Each link's signal is d(link output)/d(link input) = 2v, evaluated at the value it saw.
    """
    seen = [x0, x0 ** 2, x0 ** 4]          # inputs of the 3 calls, innermost first
    return [float(2 * v) for v in reversed(seen)]


upstreams = per_link_upstream(3.0)
print("upstreams (outermost first):", upstreams)
''', False, "these are the local derivatives 2v of each call, not the upstream each call receives",
           ("local",)),
    Answer("01.upstreams", "downstreams", r'''
from typing import List

trace = helpers.ChainTrace()
f = trace.link("f", forward=lambda v: v ** 2, local=lambda v: 2 * v)

x = tf.constant(3.0, dtype=tf.float64)
with tf.GradientTape() as tape:
    tape.watch(x)
    y = f(f(f(x)))
_ = tape.gradient(y, x)

# The gradient flowing out of each call, in backward order.
upstreams: List[float] = [float(r.downstream) for r in trace.backward]
assert all(u > 0 for u in upstreams)
print(upstreams)
''', False, "these are what each call passes on (downstream); its upstream is what it receives, starting at 1",
           ("downstream",)),
    Answer("01.upstreams", "forward-order", r'''
from typing import List


def upstream_schedule(x0: float) -> List[float]:
    """Upstream of each call of the chain, listed call by call.

    Calls are numbered in execution order (innermost first), which is the natural order
    for a program trace.
    """
    inputs = [x0, x0 ** 2, x0 ** 4]
    ups, up = {}, 1.0
    for i in reversed(range(3)):
        ups[i] = up
        up *= 2 * inputs[i]
    return [float(ups[i]) for i in range(3)]      # execution order


upstreams = upstream_schedule(3.0)
print(upstreams)
''', False, "right numbers, wrong order: the backward pass visits the outermost call first",
           ("order|reverse|backward",)),

    # ------------------------------------------------------------------ 01.local_sin
    Answer("01.local_sin", "phase-shifted-sine", r'''
import math


def local_sin(x: tf.Tensor) -> tf.Tensor:
    """Local derivative of a sin link: d/dx sin(x) = cos(x) = sin(x + pi/2).

    Written as a phase shift of sin so the link's forward and local rules share one op.
    The shift is built in x's own dtype, so float64 inputs stay float64.
    """
    x = tf.convert_to_tensor(x)
    half_pi = tf.constant(math.pi / 2, dtype=x.dtype)
    return tf.sin(x + half_pi)


# --- self-test -------------------------------------------------------------
_x = tf.constant(np.linspace(-4, 4, 9), dtype=tf.float64)
assert local_sin(_x).dtype == tf.float64
np.testing.assert_allclose(local_sin(_x).numpy(), np.cos(_x.numpy()), atol=1e-12)
''', True),
    Answer("01.local_sin", "cast-to-float32", r'''
def _ensure_tensor(x) -> tf.Tensor:
    """Convert anything array-like to a float32 tensor (the dtype TF models use by default)."""
    return tf.cast(tf.convert_to_tensor(x), tf.float32)


def local_sin(x) -> tf.Tensor:
    """d/dx sin(x) = cos(x), computed on a normalised float32 tensor."""
    x = _ensure_tensor(x)
    return tf.cos(x)


print(local_sin([0.0, 1.0]))
''', False, "casting to float32 returns float32 for a float64 input: keep x's dtype",
           ("float64|float32|dtype",)),
    Answer("01.local_sin", "sqrt-identity", r'''
_EPS = 1e-12


def local_sin(x: tf.Tensor) -> tf.Tensor:
    """cos(x) via the Pythagorean identity cos = sqrt(1 - sin^2).

    An epsilon keeps the sqrt's argument strictly positive, so its own gradient stays finite.
    """
    s = tf.sin(x)
    return tf.sqrt(tf.maximum(1.0 - s * s, 0.0) + _EPS)


print(local_sin(tf.constant([0.0, 0.5], tf.float64)))
''', False, "sqrt(1 − sin²x) is |cos x|: it has the wrong sign wherever cos x is negative",
           ("sign|negative",)),
    Answer("01.local_sin", "assert-float32", r'''
def local_sin(x: tf.Tensor) -> tf.Tensor:
    """Derivative of sin: cos(x).

    Validates its input first: gradients in this course are float32, so anything else is
    rejected loudly instead of being silently promoted.
    """
    x = tf.convert_to_tensor(x)
    assert x.dtype == tf.float32, f"local_sin expects float32, got {x.dtype.name}"
    return tf.cos(x)


print(local_sin(tf.constant([0.0, 1.0])))
''', False, "the assertion rejects float64, which is what the link passes: accept x's dtype as it is",
           ("float64|float32|dtype|assert",)),

    # ------------------------------------------------------------------ 02.x_sin_x
    Answer("02.x_sin_x", "add-n-product-rule", r'''
@strict_custom_gradient
def x_sin_x(x: tf.Tensor):
    """y = x * sin(x), with dL/dx = upstream * (sin x + x cos x) by the product rule.

    The two product-rule terms are combined with tf.add_n; everything stays in x's dtype.
    """
    sin_x, cos_x = tf.sin(x), tf.cos(x)

    def grad(upstream: tf.Tensor) -> tf.Tensor:
        terms = [upstream * sin_x, upstream * x * cos_x]     # d(x)·sin x  +  x·d(sin x)
        return tf.add_n(terms)

    return x * sin_x, grad


# --- self-test: compare with autodiff on a matrix, upstream != 1 ----------------
_x = tf.constant([[0.3, -1.2], [2.0, 4.5]], dtype=tf.float64)
_u = tf.constant([[1.5, -2.0], [0.5, 3.0]], dtype=tf.float64)
with tf.GradientTape(persistent=True) as _t:
    _t.watch(_x)
    _mine, _ref = x_sin_x(_x), _x * tf.sin(_x)
np.testing.assert_allclose(_t.gradient(_mine, _x, output_gradients=_u),
                           _t.gradient(_ref, _x, output_gradients=_u), rtol=1e-12)
''', True),
    Answer("02.x_sin_x", "clipped-gradient", r'''
_CLIP = 1.0


@strict_custom_gradient
def x_sin_x(x: tf.Tensor):
    """x * sin(x) with a product-rule gradient, clipped to avoid gradient explosions.

    |sin x + x cos x| grows linearly with |x|; clipping keeps training stable.
    """
    def grad(upstream: tf.Tensor) -> tf.Tensor:
        g = upstream * (tf.sin(x) + x * tf.cos(x))
        return tf.clip_by_value(g, -_CLIP, _CLIP)
    return x * tf.sin(x), grad
''', False, "clipping changes the gradient wherever |upstream·(sin x + x cos x)| > 1", ("clip|clipped",)),
    Answer("02.x_sin_x", "float32-grad", r'''
def _f32(t) -> tf.Tensor:
    """Defensive cast: gradients are always computed in float32."""
    return tf.cast(t, tf.float32)


@strict_custom_gradient
def x_sin_x(x: tf.Tensor):
    """y = x sin x; grad = upstream * (sin x + x cos x), computed in float32 for consistency."""
    def grad(upstream: tf.Tensor) -> tf.Tensor:
        xf = _f32(x)
        return _f32(upstream) * (tf.sin(xf) + xf * tf.cos(xf))
    return x * tf.sin(x), grad
''', False, "grad returns float32 for a float64 x: the gradient must have the input's dtype",
           ("float64|float32|dtype",)),
    Answer("02.x_sin_x", "normalised-upstream", r'''
_EPS = 1e-8


def _safe_div(a: tf.Tensor, b: tf.Tensor, eps: float = _EPS) -> tf.Tensor:
    """a / (b + eps): never divides by zero."""
    return a / (b + tf.cast(eps, b.dtype))


@strict_custom_gradient
def x_sin_x(x: tf.Tensor):
    """x * sin(x) with a custom gradient.

    The upstream is normalised to unit norm first, which keeps the backward pass well scaled
    whatever comes after this function.
    """
    def grad(upstream: tf.Tensor) -> tf.Tensor:
        unit_upstream = _safe_div(upstream, tf.norm(upstream))
        return unit_upstream * (tf.sin(x) + x * tf.cos(x))
    return x * tf.sin(x), grad
''', False, "normalising upstream rescales the gradient: grad must multiply by upstream as it is",
           ("upstream",)),

    # ------------------------------------------------------------------ 02.stable_log1pexp
    Answer("02.stable_log1pexp", "exp-of-x-minus-y", r'''
@strict_custom_gradient
def stable_log1pexp(x: tf.Tensor):
    """softplus(x) = max(x, 0) + log1p(exp(-|x|)), with e only raised to non-positive powers.

    Gradient: sigmoid(x) = e^x / (1 + e^x) = exp(x - softplus(x)). Since softplus(x) >= max(x, 0),
    the exponent x - y is <= 0, so it never overflows, and for very negative x it is x - (tiny),
    which keeps the relative precision of e^x.
    """
    y = tf.maximum(x, tf.zeros_like(x)) + tf.math.log1p(tf.exp(-tf.abs(x)))

    def grad(upstream: tf.Tensor) -> tf.Tensor:
        return upstream * tf.exp(x - y)

    return y, grad


# --- self-test (float32, upstream != 1) ---------------------------------------
_x = tf.constant([-87.0, -30.0, -1.0, 0.0, 2.0, 88.0, 89.0, 100.0])
with tf.GradientTape() as _t:
    _t.watch(_x)
    _y = stable_log1pexp(_x)
_g = _t.gradient(_y, _x, output_gradients=2.0 * tf.ones_like(_x))
_x64 = _x.numpy().astype(np.float64)
np.testing.assert_allclose(_y.numpy(), np.logaddexp(0.0, _x64), rtol=1e-6)
np.testing.assert_allclose(_g.numpy(), 2.0 * scipy.special.expit(_x64), rtol=1e-5)
''', True),
    Answer("02.stable_log1pexp", "eps-inside-log", r'''
_EPS = 1e-7


@strict_custom_gradient
def stable_log1pexp(x: tf.Tensor):
    """log(1 + e^x) without overflow.

    Forward: max(x, 0) + log(1 + e^{-|x|} + eps); the epsilon guards the log against 0.
    Backward: the logistic sigmoid, in its two overflow-free branches.
    """
    eps = tf.cast(_EPS, x.dtype)
    y = tf.maximum(x, 0.0) + tf.math.log(1.0 + tf.exp(-tf.abs(x)) + eps)

    def grad(upstream: tf.Tensor) -> tf.Tensor:
        e = tf.exp(-tf.abs(x))
        sig = tf.where(x >= 0, 1.0 / (1.0 + e), e / (1.0 + e))
        return upstream * sig

    return y, grad
''', False, "the epsilon inside the log adds about 1e-7 to every value, swamping the tiny values for negative x (use log1p, no epsilon)",
           ("precision|relative|negative|epsilon",)),
    Answer("02.stable_log1pexp", "nan-to-zero-gradient", r'''
def _sanitize(g: tf.Tensor) -> tf.Tensor:
    """Replace NaNs produced by inf/inf by zeros so they cannot poison the optimizer."""
    return tf.where(tf.math.is_nan(g), tf.zeros_like(g), g)


@strict_custom_gradient
def stable_log1pexp(x: tf.Tensor):
    """Stable softplus forward; sigmoid backward with division guarded by divide_no_nan."""
    y = tf.maximum(x, 0.0) + tf.math.log1p(tf.exp(-tf.abs(x)))

    def grad(upstream: tf.Tensor) -> tf.Tensor:
        e = tf.exp(x)
        sig = tf.math.divide_no_nan(e, 1.0 + e)
        return upstream * _sanitize(sig)

    return y, grad
''', False, "for large x e^x overflows, inf/inf is NaN, and zeroing it gives gradient 0 where it should be 1",
           ("large|overflow|inf|positive|100",)),
    Answer("02.stable_log1pexp", "clipped-sigmoid", r'''
_EPS = 1e-7


@strict_custom_gradient
def stable_log1pexp(x: tf.Tensor):
    """softplus with a saturating-safe gradient.

    The sigmoid is clipped into [eps, 1 - eps] so the gradient can never vanish completely or
    exceed one (avoids dead units and explosions).
    """
    y = tf.maximum(x, 0.0) + tf.math.log1p(tf.exp(-tf.abs(x)))

    def grad(upstream: tf.Tensor) -> tf.Tensor:
        sig = tf.math.sigmoid(x)
        sig = tf.clip_by_value(sig, _EPS, 1.0 - _EPS)
        return upstream * sig

    return y, grad
''', False, "clipping the sigmoid at 1e-7 makes the gradient wrong for negative x, where it is tiny",
           ("clip|negative|small|tiny",)),

    # ------------------------------------------------------------------ 02.multiply
    Answer("02.multiply", "generator-tuple", r'''
@strict_custom_gradient
def multiply(x: tf.Tensor, y: tf.Tensor):
    """z = x * y. Each input's gradient is upstream times the *other* input.

    Built as a tuple over the partners (y for x, x for y), in input order.
    """
    partners = (y, x)

    def grad(upstream: tf.Tensor):
        return tuple(tf.math.multiply(upstream, p) for p in partners)

    return x * y, grad


# --- self-test ------------------------------------------------------------------
_a, _b = tf.constant([[1.0, 2.0], [3.0, -4.0]]), tf.constant([[0.5, -1.0], [2.0, 3.0]])
_u = tf.constant([[2.0, 1.0], [-1.0, 0.5]])
with tf.GradientTape() as _t:
    _t.watch([_a, _b])
    _z = multiply(_a, _b)
_ga, _gb = _t.gradient(_z, [_a, _b], output_gradients=_u)
np.testing.assert_allclose(_ga, _u * _b)
np.testing.assert_allclose(_gb, _u * _a)
''', True),
    Answer("02.multiply", "swapped-partners", r'''
@strict_custom_gradient
def multiply(x: tf.Tensor, y: tf.Tensor):
    """Elementwise product with explicit gradients.

    dL/dx and dL/dy: each input scales the upstream by itself (the product is linear in each
    factor).
    """
    def grad(upstream: tf.Tensor):
        dx = upstream * x
        dy = upstream * y
        return dx, dy
    return x * y, grad


# quick self-test: x = y = 2 -> both gradients 2
_x = tf.constant(2.0)
with tf.GradientTape() as _t:
    _t.watch(_x)
    _z = multiply(_x, _x)
assert float(_t.gradient(_z, _x)) == 4.0
''', False, "the gradients are swapped: dL/dx is upstream times y, not times x", ("swap|other",)),
    Answer("02.multiply", "reduced-to-scalar", r'''
@strict_custom_gradient
def multiply(x: tf.Tensor, y: tf.Tensor):
    """z = x * y with aggregated gradients.

    Gradients are reduced to scalars (total sensitivity), which is cheaper to store and
    broadcasts correctly to any input shape.
    """
    def grad(upstream: tf.Tensor):
        return tf.reduce_sum(upstream * y), tf.reduce_sum(upstream * x)
    return x * y, grad


# self-test on scalars
_x, _y = tf.constant(2.0), tf.constant(3.0)
with tf.GradientTape() as _t:
    _t.watch([_x, _y])
    _z = multiply(_x, _y)
assert [float(g) for g in _t.gradient(_z, [_x, _y])] == [3.0, 2.0]
''', False, "the gradients are summed to scalars; each must keep its input's shape", ("shape|sum",)),
    Answer("02.multiply", "float32-cast-selftest", r'''
def _ensure_f32(t) -> tf.Tensor:
    """Normalise any input to float32."""
    return tf.cast(tf.convert_to_tensor(t), tf.float32)


@strict_custom_gradient
def multiply(x: tf.Tensor, y: tf.Tensor):
    """z = x * y; gradients (upstream * y, upstream * x), computed in float32."""
    def grad(upstream: tf.Tensor):
        u = _ensure_f32(upstream)
        return u * _ensure_f32(y), u * _ensure_f32(x)
    return x * y, grad


# --- self-test in double precision ------------------------------------------------
_x = tf.constant([1.0, 2.0], dtype=tf.float64)
_y = tf.constant([3.0, -1.0], dtype=tf.float64)
with tf.GradientTape() as _t:
    _t.watch([_x, _y])
    _z = multiply(_x, _y)
print(_t.gradient(_z, [_x, _y]))
''', False, "the gradients come back float32 for float64 inputs: keep each input's dtype",
           ("float64|float32|dtype",)),

    # ------------------------------------------------------------------ 03.matvec
    Answer("03.matvec", "column-weighted-sum", r'''
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
    Answer("03.matvec", "silenced-shape-error", r'''
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
''', False, "A·u fails for a non-square A and the except hides it by returning zeros; the VJP needs Aᵀ·u",
           ("transpose|zero",)),
    Answer("03.matvec", "global-matrix", r'''
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
''', False, "grad uses the fixed A_5x3 instead of the A given to make_f", ("closure|a_5x3|make_f|factory",)),
    Answer("03.matvec", "norm-scaled", r'''
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
''', False, "dividing by the norm of A rescales the gradient: the VJP is Aᵀ·u itself",
           ("norm|scale|divid",)),

    # ------------------------------------------------------------------ 03.softmax_vjp
    Answer("03.softmax_vjp", "einsum-inner-product", r'''
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
    Answer("03.softmax_vjp", "diagonal-approx", r'''
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
''', False, "only the diagonal of J is used; the off-diagonal −s_i s_j terms are missing",
           ("diagonal",)),
    Answer("03.softmax_vjp", "sum-without-axis", r'''
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
''', False, "reduce_sum without axis=-1 mixes the rows of a batch: the inner product must be per row",
           ("axis|row|batch",)),
    Answer("03.softmax_vjp", "own-forward-eps", r'''
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
           ("overflow|large|max|nan|inf",)),

    # ------------------------------------------------------------------ 03.phi_grad
    Answer("03.phi_grad", "log-density", r'''
import math


@strict_custom_gradient
def phi_tf(x: tf.Tensor):
    """Standard normal CDF with its density as custom gradient.

    phi(x) = exp(-x^2 / 2 - log(sqrt(2 pi))), written in log space; the constant is created in
    x's dtype so float32 and float64 both work, eagerly and in tf.function.
    """
    log_norm = tf.constant(0.5 * math.log(2.0 * math.pi), dtype=x.dtype)

    def grad(upstream: tf.Tensor) -> tf.Tensor:
        return upstream * tf.exp(-0.5 * tf.square(x) - log_norm)

    return 0.5 * (1 + tf.math.erf(x / np.sqrt(2.0))), grad


# --- self-test: density vs SciPy, float64 and float32 --------------------------------
for _dt in (tf.float64, tf.float32):
    _x = tf.constant([-3.0, -0.5, 0.0, 1.0, 2.5], dtype=_dt)
    with tf.GradientTape() as _t:
        _t.watch(_x)
        _y = phi_tf(_x)
    _g = _t.gradient(_y, _x, output_gradients=tf.constant(3.0, _dt) * tf.ones_like(_x))
    assert _g.dtype == _dt
    np.testing.assert_allclose(_g.numpy(), 3.0 * scipy.stats.norm.pdf(_x.numpy()), rtol=1e-5)
''', True),
    Answer("03.phi_grad", "missing-inner-factor", r'''
import math

_TWO_OVER_SQRT_PI = 2.0 / math.sqrt(math.pi)


@strict_custom_gradient
def phi_tf(x: tf.Tensor):
    """Phi(x) = 0.5 (1 + erf(x / sqrt 2)).

    Backward: 0.5 * erf'(x / sqrt 2) with erf'(z) = 2/sqrt(pi) exp(-z^2). The upstream is
    detached with stop_gradient for safety.
    """
    def grad(upstream: tf.Tensor) -> tf.Tensor:
        z = x / np.sqrt(2.0)
        d_erf = tf.cast(_TWO_OVER_SQRT_PI, x.dtype) * tf.exp(-tf.square(z))
        return tf.stop_gradient(upstream) * 0.5 * d_erf

    return 0.5 * (1 + tf.math.erf(x / np.sqrt(2.0))), grad
''', False, "the chain rule's inner factor 1/√2 (from x/√2) is missing: the gradient is √2 times too large",
           ("√2|sqrt|chain|inner",)),
    Answer("03.phi_grad", "float32-constants", r'''
_INV_SQRT_2PI = tf.constant(1.0 / np.sqrt(2.0 * np.pi), dtype=tf.float32)


@strict_custom_gradient
def phi_tf(x: tf.Tensor):
    """Normal CDF; gradient upstream * pdf(x) with a precomputed float32 constant (fast)."""
    def grad(upstream: tf.Tensor) -> tf.Tensor:
        return upstream * _INV_SQRT_2PI * tf.exp(-0.5 * x * x)
    return 0.5 * (1 + tf.math.erf(x / np.sqrt(2.0))), grad
''', False, "the float32 constant cannot multiply a float64 input: create it in x's dtype",
           ("float64|float32|dtype",)),
    Answer("03.phi_grad", "scipy-with-fallback", r'''
@strict_custom_gradient
def phi_tf(x: tf.Tensor):
    """Normal CDF; the density for the backward pass comes from SciPy (exact reference values).

    If the tensor has no concrete values (graph mode), the upstream is passed through unchanged
    rather than crashing the backward pass.
    """
    def grad(upstream: tf.Tensor) -> tf.Tensor:
        try:
            pdf = scipy.stats.norm.pdf(x.numpy())
            return upstream * tf.constant(pdf, dtype=x.dtype)
        except Exception:            # noqa: BLE001 - never break training
            return upstream
    return 0.5 * (1 + tf.math.erf(x / np.sqrt(2.0))), grad
''', False, "x.numpy() fails inside tf.function, and the except then returns upstream unchanged: use TensorFlow ops",
           ("tf.function|graph|numpy",)),

    # ------------------------------------------------------------------ 04.quadratic_form
    Answer("04.quadratic_form", "two-matvecs-einsum", r'''
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
    Answer("04.quadratic_form", "two-A-x", r'''
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
''', False, "2Ax holds only for a symmetric A; in general dq/dx is (A + Aᵀ)x",
           ("symmetric|transpose",)),
    Answer("04.quadratic_form", "assert-symmetric", r'''
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
''', False, "the symmetry assertion fails: the exercise uses a non-symmetric A, and the formula needs no symmetry",
           ("symmetric",)),
    Answer("04.quadratic_form", "dA-without-upstream", r'''
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
''', False, "the gradient for A ignores upstream: it must be upstream times x xᵀ", ("upstream",)),

    # ------------------------------------------------------------------ 04.batched_matmul
    Answer("04.batched_matmul", "einsum-jit-helper", r'''
@tf.function(jit_compile=True)
def _matmul_vjp(A: tf.Tensor, B: tf.Tensor, U: tf.Tensor):
    """VJP of Y = A @ B with A: (batch, m, k), B: (k, n) shared, U: (batch, m, n).

    dA[b] = U[b] B^T ; dB = sum_b A[b]^T U[b] (B is used by every batch entry, so the
    contributions add up over the batch).
    """
    dA = tf.einsum("bmn,kn->bmk", U, B)
    dB = tf.einsum("bmk,bmn->kn", A, U)
    return dA, dB


@strict_custom_gradient
def batched_matmul(A: tf.Tensor, B: tf.Tensor):
    def grad(U: tf.Tensor):
        return _matmul_vjp(A, B, U)
    return tf.matmul(A, B), grad


# --- self-test against autodiff, float64 -----------------------------------------------
_A = tf.random.normal((3, 2, 4), dtype=tf.float64)
_B = tf.random.normal((4, 5), dtype=tf.float64)
_U = tf.random.normal((3, 2, 5), dtype=tf.float64)
with tf.GradientTape(persistent=True) as _t:
    _t.watch([_A, _B])
    _mine, _ref = batched_matmul(_A, _B), tf.matmul(_A, _B)
for _g1, _g2 in zip(_t.gradient(_mine, [_A, _B], output_gradients=_U),
                    _t.gradient(_ref, [_A, _B], output_gradients=_U)):
    np.testing.assert_allclose(_g1, _g2, rtol=1e-10, atol=1e-12)
''', True),
    Answer("04.batched_matmul", "dB-per-example", r'''
@strict_custom_gradient
def batched_matmul(A: tf.Tensor, B: tf.Tensor):
    """Y = A @ B for a batch of A and a shared B.

    Per batch entry: dA = U B^T and dB = A^T U, both computed with batched matmuls
    (transpose flags act on the last two axes only).
    """
    def grad(U: tf.Tensor):
        dA = tf.matmul(U, B, transpose_b=True)
        dB = tf.matmul(A, U, transpose_a=True)          # (batch, k, n)
        return dA, dB
    return tf.matmul(A, B), grad
''', False, "B is shared by the whole batch: its gradient must be summed over the batch axis to shape (k, n)",
           ("sum|batch",)),
    Answer("04.batched_matmul", "dB-averaged", r'''
@strict_custom_gradient
def batched_matmul(A: tf.Tensor, B: tf.Tensor):
    """Y = A @ B, B shared across the batch.

    dB is averaged over the batch so its magnitude does not grow with the batch size
    (keeps the effective learning rate independent of batch size).
    """
    def grad(U: tf.Tensor):
        dA = tf.matmul(U, B, transpose_b=True)
        dB = tf.reduce_mean(tf.matmul(A, U, transpose_a=True), axis=0)
        return dA, dB
    return tf.matmul(A, B), grad
''', False, "averaging over the batch divides dB by the batch size: the contributions must be summed",
           ("sum|mean|average",)),
    Answer("04.batched_matmul", "float32-policy", r'''
_COMPUTE_DTYPE = tf.float32


def _ensure_tensor(t) -> tf.Tensor:
    """Cast to the compute dtype (mixed-precision style policy)."""
    return tf.cast(tf.convert_to_tensor(t), _COMPUTE_DTYPE)


@strict_custom_gradient
def batched_matmul(A: tf.Tensor, B: tf.Tensor):
    """Y = A B with gradients U B^T and sum_b A^T U, computed in float32."""
    def grad(U: tf.Tensor):
        U32, A32, B32 = _ensure_tensor(U), _ensure_tensor(A), _ensure_tensor(B)
        dA = tf.matmul(U32, B32, transpose_b=True)
        dB = tf.reduce_sum(tf.matmul(A32, U32, transpose_a=True), axis=0)
        return dA, dB
    return tf.matmul(A, B), grad
''', False, "the gradients are float32 for float64 inputs: keep each input's dtype",
           ("float64|float32|dtype",)),

    # ------------------------------------------------------------------ 04.bias_add
    Answer("04.bias_add", "flatten-leading-axes", r'''
@strict_custom_gradient
def bias_add(x: tf.Tensor, b: tf.Tensor):
    """y = x + b, b of shape (n,) broadcast over all leading axes of x.

    dL/dx = upstream. dL/db: b is reused at every leading position, so flatten all leading
    axes into one and sum over it (works for (batch, n) and (batch, time, n) alike).
    """
    def grad(upstream: tf.Tensor):
        n = tf.shape(b)[0]
        flat = tf.reshape(upstream, tf.stack([-1, n]))
        return tf.identity(upstream), tf.reduce_sum(flat, axis=0)
    return x + b, grad


# --- self-test on a 3-axis input ------------------------------------------------------
_x = tf.random.normal((2, 3, 4), dtype=tf.float64)
_b = tf.random.normal((4,), dtype=tf.float64)
_u = tf.random.normal((2, 3, 4), dtype=tf.float64)
with tf.GradientTape(persistent=True) as _t:
    _t.watch([_x, _b])
    _mine, _ref = bias_add(_x, _b), _x + _b
for _g1, _g2 in zip(_t.gradient(_mine, [_x, _b], output_gradients=_u),
                    _t.gradient(_ref, [_x, _b], output_gradients=_u)):
    np.testing.assert_allclose(_g1, _g2, rtol=1e-12)
''', True),
    Answer("04.bias_add", "assert-rank-2", r'''
@strict_custom_gradient
def bias_add(x: tf.Tensor, b: tf.Tensor):
    """Dense-layer bias: x is (batch, n), b is (n,).

    Shapes are validated up front; the bias gradient sums the upstream over the batch axis.
    """
    tf.debugging.assert_rank(x, 2, message="bias_add expects x of shape (batch, n)")
    tf.debugging.assert_rank(b, 1)

    def grad(upstream: tf.Tensor):
        return upstream, tf.reduce_sum(upstream, axis=0)
    return x + b, grad
''', False, "the rank-2 assertion (and the sum over axis 0 alone) fails for a (batch, time, n) input: sum over every leading axis",
           ("axis|axes|rank|three|3",)),
    Answer("04.bias_add", "mean-over-batch", r'''
@strict_custom_gradient
def bias_add(x: tf.Tensor, b: tf.Tensor):
    """y = x + b with b broadcast along the last axis.

    db averages the upstream over all leading axes, so the bias update is independent of the
    batch (and sequence) length.
    """
    def grad(upstream: tf.Tensor):
        lead_axes = tf.range(tf.rank(upstream) - 1)
        return upstream, tf.reduce_mean(upstream, axis=lead_axes)
    return x + b, grad
''', False, "averaging divides db by the number of rows: the bias gradient is the sum over the leading axes",
           ("sum|mean|average",)),
    Answer("04.bias_add", "clipped-bias-grad", r'''
_CLIP = 1.0


@strict_custom_gradient
def bias_add(x: tf.Tensor, b: tf.Tensor):
    """y = x + b. Bias gradients accumulate over the whole batch and can get large, so the
    summed gradient is clipped to [-1, 1] to avoid explosions."""
    def grad(upstream: tf.Tensor):
        lead_axes = tf.range(tf.rank(upstream) - 1)
        db = tf.reduce_sum(upstream, axis=lead_axes)
        return upstream, tf.clip_by_value(db, -_CLIP, _CLIP)
    return x + b, grad
''', False, "clipping db to [-1, 1] changes the gradient whenever the sum is larger than 1",
           ("clip|clipped",)),
]
