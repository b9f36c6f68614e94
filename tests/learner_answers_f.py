"""Plausible learner answers, set f: written from the notebooks' prompts and stubs only, by someone who
did not read the judges. The course authors then changed one label (right to wrong, where the prompt was
explicit) and added an alternative to three answers' must_mention where the feedback named the mistake in
other words; each change is marked in place or listed here: second_is_first, outer_of_x_and_Ax,
phi_density_from_notebook_03.

Aimed at partial copies of demonstration cells, mixed-up sides of the custom-gradient contract,
numerically fragile code, odd containers, neighbouring exercises' formulas, state kept between
calls, and right answers in unusual styles (keras.ops, tf.experimental.numpy, tf.function on top,
equivalent algebra, autodiff inside ``grad``).
"""

from textwrap import dedent

from learner_answer_types import Answer


def _c(text: str) -> str:
    return dedent(text).strip("\n") + "\n"


ANSWERS = [
    # ------------------------------------------------------------------ 00.warmup: d/dx x² at 3 = 6
    Answer("00.warmup", "tape_copied_from_env_check", _c("""
        x = tf.constant(3.0)
        with tf.GradientTape() as tape:
            tape.watch(x)
            y = x ** 2
        answer = tape.gradient(y, x)   # a tensor holding 6.0
    """), True),
    Answer("00.warmup", "int_product", "answer = 2 * 3   # d/dx x^2 = 2x, at x = 3\n", True),
    Answer("00.warmup", "env_check_cube_left_in", _c("""
        x = tf.constant(3.0)
        with tf.GradientTape() as tape:
            tape.watch(x)
            y = x ** 3          # copied from the environment check
        answer = tape.gradient(y, x)
    """), False, "That is the derivative of x³ (27); the question is about x², whose derivative 2x is 6 at 3.",
        ("x²|x^2|x**2|x ** 2|2x|2·x|2 * x|square",)),
    Answer("00.warmup", "string_six", 'answer = "6"\n', False,
           "The answer must be a number, not the text \"6\".", ("number|numeric|string|str|text",)),
    Answer("00.warmup", "derivative_as_function", "answer = lambda x: 2 * x\n", False,
           "That is the derivative as a function; evaluate it at x = 3 to get a number.",
           ("x = 3|x=3|at 3|evaluat|number",)),
    Answer("00.warmup", "one_element_list", "answer = [6]\n", False,
           "One number is asked for, not a list holding it.", ("number|list|single|scalar",)),

    # ------------------------------------------------------------------ 01.chain_derivative: 8·3⁷ = 17496
    Answer("01.chain_derivative", "product_of_locals_spelled_out", "answer = (2 * 81) * (2 * 9) * (2 * 3)\n", True),
    Answer("01.chain_derivative", "tape_demo_at_three", _c("""
        x = tf.constant(3.0)
        with tf.GradientTape() as tape:
            tape.watch(x)
            y = ((x ** 2) ** 2) ** 2
        answer = float(tape.gradient(y, x))
    """), True),
    Answer("01.chain_derivative", "string_17496", 'answer = "17496"\n', False,
           "The answer must be a number, not a string.", ("number|numeric|string|str|text",)),
    Answer("01.chain_derivative", "rounded_17500", "answer = 17500   # roughly 8 * 3**7\n", False,
           "Rounded: the exact value is 8·3⁷ = 17496.", ("round|exact|close|precis|digit|17496",)),
    Answer("01.chain_derivative", "demo_point_x2_kept", _c("""
        x = tf.constant(2.0)
        with tf.GradientTape() as tape:
            tape.watch(x)
            y = ((x ** 2) ** 2) ** 2
        answer = tape.gradient(y, x).numpy()
    """), False, "The demo's point x = 2 was kept (1024); the exercise asks for x = 3.",
        ("x = 3|x=3|at 3|x = 2|x=2|at 2|1024|point",)),
    Answer("01.chain_derivative", "sum_of_locals", "answer = 2 * 3 + 2 * 9 + 2 * 81\n", False,
           "The local derivatives are added (186); the chain rule multiplies them.",
           ("product|multipl|times",)),

    # ------------------------------------------------------------------ 01.upstreams: [1, 162, 2916]
    Answer("01.upstreams", "plain_list", "upstreams = [1, 162, 2916]\n", True),
    Answer("01.upstreams", "chaintrace_demo_at_three", _c("""
        trace = helpers.ChainTrace()
        f = trace.link("f", forward=lambda v: v ** 2, local=lambda v: 2 * v)
        x = tf.constant(3.0)
        with tf.GradientTape() as tape:
            tape.watch(x)
            y = f(f(f(x)))
        tape.gradient(y, x)
        upstreams = [float(r.upstream) for r in trace.backward]
    """), True),
    Answer("01.upstreams", "local_derivatives_instead", "upstreams = [2 * 81, 2 * 9, 2 * 3]\n", False,
           "These are the local derivatives 2·81, 2·9, 2·3; upstream is the product of the locals after each call.",
           ("local|product|multipl|downstream",)),
    Answer("01.upstreams", "chaintrace_demo_x2_kept", _c("""
        trace = helpers.ChainTrace()
        f = trace.link("f", forward=lambda v: v ** 2, local=lambda v: 2 * v)
        x = tf.constant(2.0)
        with tf.GradientTape() as tape:
            tape.watch(x)
            y = f(f(f(x)))
        dy_dx = tape.gradient(y, x)
        upstreams = [float(r.upstream) for r in trace.backward]
    """), False, "The demo's x = 2 was kept ([1, 32, 256]); the exercise uses x = 3.",
        ("x = 3|x=3|x = 2|x=2|point|256",)),
    Answer("01.upstreams", "set_of_upstreams", "upstreams = {1, 162, 2916}\n", False,
           "A set has no order; the exercise asks for the upstreams in backward order, as a list.",
           ("order|list|set",)),
    Answer("01.upstreams", "reversed_iterator", "upstreams = reversed([2916, 162, 1])   # written innermost first, then reversed\n", False,
           "reversed() gives a one-shot iterator, not a list of three numbers; write the list in backward order.",
           ("list|iterator|reversed",)),

    # ------------------------------------------------------------------ 01.local_sin: cos x
    Answer("01.local_sin", "tf_math_cos", _c("""
        def local_sin(x):
            return tf.math.cos(x)
    """), True),
    Answer("01.local_sin", "tape_inside", _c("""
        def local_sin(x):
            with tf.GradientTape() as tape:
                tape.watch(x)
                y = tf.sin(x)
            return tape.gradient(y, x)
    """), True),
    Answer("01.local_sin", "shifted_sine", _c("""
        def local_sin(x):
            return tf.sin(x + np.pi / 2)     # cos x = sin(x + π/2)
    """), True),
    Answer("01.local_sin", "upstream_none_default", _c("""
        def local_sin(x, upstream=None):
            return upstream * tf.cos(x)
    """), False, "A local derivative takes no upstream; with the default None the multiplication fails.",
        ("upstream|local",)),
    Answer("01.local_sin", "wrote_custom_gradient_pair", _c("""
        def local_sin(x):
            def grad(upstream):
                return upstream * tf.cos(x)
            return tf.sin(x), grad
    """), False, "This returns a (value, grad) pair like a custom-gradient function; the exercise wants the local derivative cos x itself.",
        ("cos|local",)),
    Answer("01.local_sin", "forward_difference", _c("""
        def local_sin(x):
            h = 0.01
            return (tf.sin(x + h) - tf.sin(x)) / h
    """), False, "A forward finite difference with h = 0.01 only approximates cos x (error about h/2·sin x).",
        ("finite|approx|exact|step|h =|cos",)),

    # ------------------------------------------------------------------ 02.x_sin_x: upstream·(sin x + x cos x)
    Answer("02.x_sin_x", "keras_ops", _c("""
        @strict_custom_gradient
        def x_sin_x(x):
            def grad(upstream):
                return upstream * (tf.keras.ops.sin(x) + x * tf.keras.ops.cos(x))
            return x * tf.sin(x), grad
    """), True),
    Answer("02.x_sin_x", "tnp_with_tf_function_on_top", _c("""
        tnp = tf.experimental.numpy

        @tf.function
        @strict_custom_gradient
        def x_sin_x(x):
            def grad(upstream):
                return upstream * (tnp.sin(x) + tnp.multiply(x, tnp.cos(x)))
            return x * tf.sin(x), grad
    """), True),
    Answer("02.x_sin_x", "tape_inside_grad", _c("""
        @strict_custom_gradient
        def x_sin_x(x):
            def grad(upstream):
                with tf.GradientTape() as tape:
                    tape.watch(x)
                    y = x * tf.sin(x)
                return upstream * tape.gradient(y, x)
            return x * tf.sin(x), grad
    """), True),
    Answer("02.x_sin_x", "returns_grad_then_y", _c("""
        @strict_custom_gradient
        def x_sin_x(x):
            def grad(upstream):
                return upstream * (tf.sin(x) + x * tf.cos(x))
            return grad, x * tf.sin(x)
    """), False, "The pair is in the wrong order: return (y, grad), the value first.",
        ("order|first|swap|(y, grad)|y, grad",)),
    Answer("02.x_sin_x", "tf_gradients_inside_grad", _c("""
        @strict_custom_gradient
        def x_sin_x(x):
            def grad(upstream):
                return upstream * tf.gradients(x * tf.sin(x), x)[0]
            return x * tf.sin(x), grad
    """), False, "tf.gradients does not work eagerly; write the derivative sin x + x cos x yourself.",
        ("eager|tf.gradients|GradientTape|sin x + x cos x|product rule",)),
    Answer("02.x_sin_x", "calls_grad_itself", _c("""
        @strict_custom_gradient
        def x_sin_x(x):
            def grad(upstream):
                return upstream * (tf.sin(x) + x * tf.cos(x))
            return x * tf.sin(x), grad(1.0)
    """), False, "grad was called here and its result returned; return the function grad itself, TensorFlow calls it.",
        ("function|callable|call",)),
    Answer("02.x_sin_x", "grad_defined_outside", _c("""
        def grad(upstream):
            return upstream * (tf.sin(x) + x * tf.cos(x))

        @strict_custom_gradient
        def x_sin_x(x):
            return x * tf.sin(x), grad
    """), False, "grad is defined outside x_sin_x, so it cannot see x; define it inside, as a closure.",
        ("inside|nested|closure|defined|scope",)),
    Answer("02.x_sin_x", "cube_demo_left_in", _c("""
        @strict_custom_gradient
        def x_sin_x(x):
            def grad(upstream):
                return upstream * 3 * x ** 2    # dL/dx = upstream · dy/dx
            return x * tf.sin(x), grad
    """), False, "The cube demo's derivative 3x² was kept; the derivative of x sin x is sin x + x cos x.",
        ("sin|cos|product rule",)),
    Answer("02.x_sin_x", "star_upstream", _c("""
        @strict_custom_gradient
        def x_sin_x(x):
            def grad(*upstream):
                return upstream * (tf.sin(x) + x * tf.cos(x))
            return x * tf.sin(x), grad
    """), False, "With *upstream, upstream is a tuple; multiplying it adds an axis, so the gradient has the wrong shape.",
        ("shape|tuple|*upstream|axis",)),
    Answer("02.x_sin_x", "tape_on_itself_recursion", _c("""
        @strict_custom_gradient
        def x_sin_x(x):
            def grad(upstream):
                with tf.GradientTape() as tape:
                    tape.watch(x)
                    y = x_sin_x(x)          # let TensorFlow differentiate it
                return upstream * tape.gradient(y, x)
            return x * tf.sin(x), grad
    """), False, "grad differentiates x_sin_x itself, which calls grad again without end; write sin x + x cos x.",
        ("recurs|itself|depth|loop|sin x + x cos x",)),

    # ------------------------------------------------------------------ 02.stable_log1pexp
    Answer("02.stable_log1pexp", "where_both_branches", _c("""
        @strict_custom_gradient
        def stable_log1pexp(x):
            y = tf.where(x > 0, x + tf.math.log1p(tf.exp(-x)), tf.math.log1p(tf.exp(x)))
            def grad(upstream):
                s = tf.where(x >= 0, 1 / (1 + tf.exp(-x)), tf.exp(x) / (1 + tf.exp(x)))
                return upstream * s
            return y, grad
    """), True),
    Answer("02.stable_log1pexp", "relu_plus_log1p_int_literals", _c("""
        @strict_custom_gradient
        def stable_log1pexp(x):
            y = tf.maximum(x, 0) + tf.math.log1p(tf.exp(-tf.abs(x)))
            def grad(upstream):
                return upstream * tf.sigmoid(x)
            return y, grad
    """), True),
    Answer("02.stable_log1pexp", "half_abs_form_float_literals", _c("""
        @strict_custom_gradient
        def stable_log1pexp(x):
            e = tf.exp(-tf.abs(x))                      # never overflows
            y = 0.5 * (x + tf.abs(x)) + tf.math.log1p(e)
            def grad(upstream):
                p = 1.0 / (1.0 + e)                     # σ(|x|)
                return upstream * tf.where(x >= 0.0, p, e * p)
            return y, grad
    """), True),
    Answer("02.stable_log1pexp", "log_instead_of_log1p", _c("""
        @strict_custom_gradient
        def stable_log1pexp(x):
            y = tf.maximum(x, 0.0) + tf.math.log(1 + tf.exp(-tf.abs(x)))
            def grad(upstream):
                return upstream * tf.sigmoid(x)
            return y, grad
    """), False, "log(1 + e^{-|x|}) rounds 1 + tiny to 1, so the value is 0 for very negative x; use tf.math.log1p.",
        ("log1p|precision|relative|negative|tiny",)),
    Answer("02.stable_log1pexp", "docs_gradient_with_stable_forward", _c("""
        @strict_custom_gradient
        def stable_log1pexp(x):
            y = tf.maximum(x, 0.0) + tf.math.log1p(tf.exp(-tf.abs(x)))
            e = tf.exp(x)
            def grad(upstream):
                return upstream * (1 - 1 / (1 + e))     # the documentation's gradient
            return y, grad
    """), False, "1 − 1/(1 + eˣ) cancels to 0 for negative x (e.g. −40), losing the tiny gradient eˣ; use the sigmoid.",
        ("negative|precision|relative|tiny|cancel|sigmoid|σ",)),
    Answer("02.stable_log1pexp", "abs_instead_of_max", _c("""
        @strict_custom_gradient
        def stable_log1pexp(x):
            y = tf.abs(x) + tf.math.log1p(tf.exp(-tf.abs(x)))
            def grad(upstream):
                return upstream * tf.sigmoid(x)
            return y, grad
    """), False, "|x| + log1p(e^{-|x|}) is log(1 + eˣ) only for x ≥ 0; for negative x it needs max(x, 0), not |x|.",
        ("max|negative|relu|abs",)),
    Answer("02.stable_log1pexp", "clip_input_before_exp", _c("""
        @strict_custom_gradient
        def stable_log1pexp(x):
            x_safe = tf.clip_by_value(x, -80.0, 80.0)      # keep exp from overflowing
            y = tf.math.log1p(tf.exp(x_safe))
            def grad(upstream):
                return upstream * tf.sigmoid(x)
            return y, grad
    """), False, "Clipping x before exp makes the forward value wrong outside [−80, 80] (80 instead of 100 at x = 100).",
        ("forward|clip|large|100",)),

    # ------------------------------------------------------------------ 02.multiply
    Answer("02.multiply", "keras_ops_multiply", _c("""
        @strict_custom_gradient
        def multiply(x, y):
            def grad(upstream):
                return tf.keras.ops.multiply(upstream, y), tf.keras.ops.multiply(x, upstream)
            return x * y, grad
    """), True),
    Answer("02.multiply", "tf_function_on_top_named", _c("""
        @tf.function
        @strict_custom_gradient
        def multiply(x, y):
            def grad(upstream):
                dL_dx = upstream * y     # ∂z/∂x = y
                dL_dy = upstream * x     # ∂z/∂y = x
                return dL_dx, dL_dy
            return x * y, grad
    """), True),
    Answer("02.multiply", "divide_demo_left_in", _c("""
        @strict_custom_gradient
        def multiply(x, y):
            def grad(upstream):
                return upstream / y, -upstream * x / y ** 2     # (dL/dx, dL/dy), in input order
            return x * y, grad
    """), False, "These are the divide demo's gradients (1/y and −x/y²); for x·y they are y and x.",
        ("1/y|divide|division|quotient|reciprocal",)),
    Answer("02.multiply", "inputs_swapped", _c("""
        @strict_custom_gradient
        def multiply(x, y):
            def grad(upstream):
                return upstream * x, upstream * y
            return x * y, grad
    """), False, "The two gradients are swapped: ∂z/∂x is y and ∂z/∂y is x.",
        ("swap|other|order|opposite|∂z/∂x = y",)),
    Answer("02.multiply", "one_summed_gradient", _c("""
        @strict_custom_gradient
        def multiply(x, y):
            def grad(upstream):
                return upstream * (x + y)
            return x * y, grad
    """), False, "One gradient for two inputs: return one per input, (upstream·y, upstream·x).",
        ("two|each input|per input|count|one gradient per",)),

    # ------------------------------------------------------------------ 03.matvec
    Answer("03.matvec", "einsum", _c("""
        def make_f(A):
            @strict_custom_gradient
            def f(x):
                def grad(upstream):
                    return tf.einsum("ij,i->j", A, upstream)
                return tf.linalg.matvec(A, x), grad
            return f
    """), True),
    Answer("03.matvec", "jacobian_inside_grad", _c("""
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
    """), True),
    Answer("03.matvec", "row_vector_times_A", _c("""
        def make_f(A):
            @strict_custom_gradient
            def f(x):
                def grad(upstream):
                    return tf.reshape(tf.expand_dims(upstream, 0) @ A, tf.shape(x))   # uᵀ A
                return tf.linalg.matvec(A, x), grad
            return f
    """), True),
    Answer("03.matvec", "global_demo_matrix_in_grad", _c("""
        A = tf.random.normal((5, 3))     # from the demo above

        def make_f(matrix):
            @strict_custom_gradient
            def f(x):
                def grad(upstream):
                    return tf.linalg.matvec(A, upstream, transpose_a=True)
                return tf.linalg.matvec(matrix, x), grad
            return f
    """), False, "grad uses the global demo matrix A, not the matrix the factory was given.",
        ("closure|global|factory|given|matrix the",)),
    Answer("03.matvec", "also_returns_gradient_for_A", _c("""
        def make_f(A):
            @strict_custom_gradient
            def f(x):
                def grad(upstream):
                    return tf.linalg.matvec(A, upstream, transpose_a=True), tf.tensordot(upstream, x, axes=0)
                return tf.linalg.matvec(A, x), grad
            return f
    """), False, "A is held in the closure, not an input: f has one input, so grad returns one gradient.",
        ("one gradient|only x|one input|not an input|closure|count|number of",)),
    Answer("03.matvec", "elementwise_transpose_times_upstream", _c("""
        def make_f(A):
            @strict_custom_gradient
            def f(x):
                def grad(upstream):
                    return tf.transpose(A) * upstream
                return tf.linalg.matvec(A, x), grad
            return f
    """), False, "Aᵀ * upstream multiplies entry by entry (a matrix); Aᵀ·upstream is a matrix-vector product.",
        ("matvec|matrix-vector|matrix product|elementwise|entry by entry|shape",)),

    # ------------------------------------------------------------------ 03.softmax_vjp
    Answer("03.softmax_vjp", "einsum_dot_per_row", _c("""
        @strict_custom_gradient
        def softmax(z):
            s = tf.nn.softmax(z)
            def grad(upstream):
                dot = tf.einsum("...i,...i->...", upstream, s)     # one number per row
                return s * (upstream - dot[..., None])
            return s, grad
    """), True),
    Answer("03.softmax_vjp", "keras_ops_tf_function", _c("""
        ops = tf.keras.ops

        @tf.function
        @strict_custom_gradient
        def softmax(z):
            s = tf.nn.softmax(z)
            def grad(upstream):
                return s * upstream - s * ops.sum(s * upstream, axis=-1, keepdims=True)
            return s, grad
    """), True),
    Answer("03.softmax_vjp", "builds_jacobian", _c("""
        @strict_custom_gradient
        def softmax(z):
            s = tf.nn.softmax(z)
            def grad(upstream):
                J = tf.linalg.diag(s) - s[..., :, None] * s[..., None, :]     # diag(s) − s sᵀ
                return tf.linalg.matvec(J, upstream, transpose_a=True)
            return s, grad
    """), False, "Right numbers, but it builds the n×n Jacobian, which the exercise asks to avoid: s ⊙ (u − ⟨u, s⟩).",
        ("Jacobian|without forming|n×n|n x n|n²|n^2|diag",)),
    Answer("03.softmax_vjp", "log_softmax_vjp", _c("""
        @strict_custom_gradient
        def softmax(z):
            s = tf.nn.softmax(z)
            def grad(upstream):
                return upstream - s * tf.reduce_sum(upstream, axis=-1, keepdims=True)
            return s, grad
    """), False, "That is the VJP of log-softmax; softmax's is s ⊙ (upstream − Σ upstream·s).",
        ("log-softmax|log softmax|log_softmax|s ⊙|s *|diag",)),
    Answer("03.softmax_vjp", "recomputed_softmax_raw_exp", _c("""
        @strict_custom_gradient
        def softmax(z):
            def grad(upstream):
                e = tf.exp(z)
                p = e / tf.reduce_sum(e, axis=-1, keepdims=True)
                return p * (upstream - tf.reduce_sum(upstream * p, axis=-1, keepdims=True))
            return tf.nn.softmax(z), grad
    """), False, "Recomputing softmax with raw exp overflows for large scores (NaN above about 88 in float32); subtract the row max or reuse s.",
        ("overflow|nan|inf|large|stable|max",)),

    # ------------------------------------------------------------------ 03.phi_grad
    Answer("03.phi_grad", "erf_chain_rule_form", _c("""
        @strict_custom_gradient
        def phi_tf(x):
            def grad(upstream):
                z = x / np.sqrt(2.0)
                d_erf = 2 / np.sqrt(np.pi) * tf.exp(-z ** 2)     # erf'(z)
                return upstream * 0.5 * d_erf / np.sqrt(2.0)      # chain rule: dz/dx = 1/√2
            return 0.5 * (1 + tf.math.erf(x / np.sqrt(2.0))), grad
    """), True),
    Answer("03.phi_grad", "float64_constant_cast", _c("""
        INV_SQRT_2PI = tf.constant(0.3989422804014327, dtype=tf.float64)

        @strict_custom_gradient
        def phi_tf(x):
            def grad(upstream):
                return upstream * tf.cast(INV_SQRT_2PI, x.dtype) * tf.exp(-0.5 * tf.square(x))
            return 0.5 * (1 + tf.math.erf(x / np.sqrt(2.0))), grad
    """), True),
    Answer("03.phi_grad", "float64_constant_uncast", _c("""
        INV_SQRT_2PI = tf.constant(1 / np.sqrt(2 * np.pi), dtype=tf.float64)

        @strict_custom_gradient
        def phi_tf(x):
            def grad(upstream):
                return upstream * INV_SQRT_2PI * tf.exp(-x ** 2 / 2)
            return 0.5 * (1 + tf.math.erf(x / np.sqrt(2.0))), grad
    """), False, "The float64 constant cannot multiply a float32 tensor: cast it to x.dtype.",
        ("dtype|float32|float64|cast",)),
    Answer("03.phi_grad", "keras_ops_float32_constant", _c("""
        ops = tf.keras.ops

        @strict_custom_gradient
        def phi_tf(x):
            def grad(upstream):
                return upstream * ops.exp(-ops.square(x) / 2) / ops.sqrt(2 * np.pi)
            return 0.5 * (1 + tf.math.erf(x / np.sqrt(2.0))), grad
    """), False, "ops.sqrt(2π) makes a float32 tensor, so float64 input fails with a dtype mismatch.",
        ("dtype|float32|float64|cast",)),
    Answer("03.phi_grad", "erf_prime_at_x_not_x_over_root2", _c("""
        @strict_custom_gradient
        def phi_tf(x):
            def grad(upstream):
                return upstream * 0.5 * (2 / np.sqrt(np.pi)) * tf.exp(-x ** 2) / np.sqrt(2.0)
            return 0.5 * (1 + tf.math.erf(x / np.sqrt(2.0))), grad
    """), False, "erf' is evaluated at x instead of x/√2: the exponent must be −x²/2, not −x².",
        ("x/√2|x / √2|x/sqrt|x / sqrt|x²/2|x^2/2|x**2 / 2|exponent|argument|chain",)),

    Answer("03.phi_grad", "returns_y_only", _c("""
        @strict_custom_gradient
        def phi_tf(x):
            return 0.5 * (1 + tf.math.erf(x / np.sqrt(2.0)))     # TensorFlow can differentiate erf by itself
    """), False, "Only the value is returned; a custom-gradient function returns the pair (y, grad).",
        ("pair|(y, grad)|y, grad|two things|both",)),

    # ------------------------------------------------------------------ 04.quadratic_form
    Answer("04.quadratic_form", "einsum_and_sum_of_transposes", _c("""
        @strict_custom_gradient
        def quadratic_form(x, A):
            def grad(upstream):
                dx = upstream * tf.linalg.matvec(A + tf.transpose(A), x)
                dA = upstream * tf.einsum("i,j->ij", x, x)
                return dx, dA
            return tf.tensordot(x, tf.linalg.matvec(A, x), axes=1), grad
    """), True),
    Answer("04.quadratic_form", "column_times_row_tf_function", _c("""
        @tf.function
        @strict_custom_gradient
        def quadratic_form(x, A):
            def grad(upstream):
                Ax = tf.linalg.matvec(A, x)
                Atx = tf.linalg.matvec(A, x, transpose_a=True)
                return upstream * (Ax + Atx), upstream * (x[:, None] * x[None, :])
            return tf.tensordot(x, tf.linalg.matvec(A, x), axes=1), grad
    """), True),
    Answer("04.quadratic_form", "dot_instead_of_outer", _c("""
        @strict_custom_gradient
        def quadratic_form(x, A):
            def grad(upstream):
                dx = upstream * (tf.linalg.matvec(A, x) + tf.linalg.matvec(A, x, transpose_a=True))
                dA = upstream * tf.tensordot(x, x, axes=1)
                return dx, dA
            return tf.tensordot(x, tf.linalg.matvec(A, x), axes=1), grad
    """), False, "tensordot with axes=1 is the dot product xᵀx (a number); ∂q/∂A is the outer product x xᵀ (axes=0).",
        ("outer|shape|x xᵀ|xxᵀ|axes=0",)),
    Answer("04.quadratic_form", "outer_of_x_and_Ax", _c("""
        @strict_custom_gradient
        def quadratic_form(x, A):
            def grad(upstream):
                Ax = tf.linalg.matvec(A, x)
                dx = upstream * (Ax + tf.linalg.matvec(A, x, transpose_a=True))
                dA = upstream * tf.tensordot(x, Ax, axes=0)     # x (Ax)ᵀ
                return dx, dA
            return tf.tensordot(x, tf.linalg.matvec(A, x), axes=1), grad
    """), False, "∂q/∂A is x xᵀ, not x (Ax)ᵀ: A_ij multiplies x_i x_j.",
        ("x xᵀ|xxᵀ|x x^T|outer(x, x)|x_i x_j|xᵢxⱼ|outer|depend on A",)),
    Answer("04.quadratic_form", "variables_kwarg_nested_return", _c("""
        @strict_custom_gradient
        def quadratic_form(x, A):
            def grad(upstream, variables=None):
                dx = upstream * (tf.linalg.matvec(A, x) + tf.linalg.matvec(A, x, transpose_a=True))
                dA = upstream * tf.tensordot(x, x, axes=0)
                return (dx, dA), []
            return tf.tensordot(x, tf.linalg.matvec(A, x), axes=1), grad
    """), False, "No variable is read, so grad returns just (dx, dA), not ((dx, dA), []).",
        ("variable|nested|count|two gradients|pair",)),

    # ------------------------------------------------------------------ 04.batched_matmul
    Answer("04.batched_matmul", "einsum_both", _c("""
        @strict_custom_gradient
        def batched_matmul(A, B):
            def grad(U):
                dA = tf.einsum("bmn,kn->bmk", U, B)
                dB = tf.einsum("bmk,bmn->kn", A, U)
                return dA, dB
            return tf.matmul(A, B), grad
    """), True),
    Answer("04.batched_matmul", "reshape_batch_into_rows", _c("""
        @strict_custom_gradient
        def batched_matmul(A, B):
            def grad(U):
                k, n = tf.shape(B)[0], tf.shape(B)[1]
                dB = tf.matmul(tf.reshape(A, [-1, k]), tf.reshape(U, [-1, n]), transpose_a=True)
                return tf.matmul(U, B, transpose_b=True), dB
            return tf.matmul(A, B), grad
    """), True),
    Answer("04.batched_matmul", "python_loop_over_batch", _c("""
        @strict_custom_gradient
        def batched_matmul(A, B):
            def grad(U):
                dA = tf.matmul(U, tf.transpose(B))
                dB = tf.add_n([tf.matmul(tf.transpose(A[i]), U[i]) for i in range(A.shape[0])])
                return dA, dB
            return tf.matmul(A, B), grad
    """), True),
    Answer("04.batched_matmul", "mean_over_batch", _c("""
        @strict_custom_gradient
        def batched_matmul(A, B):
            def grad(U):
                dA = tf.matmul(U, B, transpose_b=True)
                dB = tf.reduce_mean(tf.matmul(A, U, transpose_a=True), axis=0)
                return dA, dB
            return tf.matmul(A, B), grad
    """), False, "B is shared by every batch entry, so its gradient is the sum over the batch, not the mean.",
        ("sum|mean",)),
    Answer("04.batched_matmul", "tf_transpose_3d_without_perm", _c("""
        @strict_custom_gradient
        def batched_matmul(A, B):
            def grad(U):
                dA = tf.matmul(U, tf.transpose(B))
                dB = tf.reduce_sum(tf.matmul(tf.transpose(A), U), axis=0)
                return dA, dB
            return tf.matmul(A, B), grad
    """), False, "tf.transpose of a 3-axis tensor reverses all axes, batch included; transpose only the last two (transpose_a=True).",
        ("perm|last two|axes|transpose_a|batch axis",)),

    Answer("04.batched_matmul", "dB_from_first_entry_only", _c("""
        @strict_custom_gradient
        def batched_matmul(A, B):
            def grad(U):
                dA = tf.matmul(U, B, transpose_b=True)
                dB = tf.matmul(A[0], U[0], transpose_a=True)     # B is the same for every entry
                return dA, dB
            return tf.matmul(A, B), grad
    """), False, "B is shared, but every batch entry uses it: its gradient adds A[i]ᵀ U[i] over the whole batch, not just entry 0.",
        ("sum|every batch|all batch|each batch|whole batch|every entry",)),

    # ------------------------------------------------------------------ 04.bias_add
    Answer("04.bias_add", "reshape_to_rows", _c("""
        @strict_custom_gradient
        def bias_add(x, b):
            def grad(upstream):
                db = tf.reduce_sum(tf.reshape(upstream, [-1, tf.shape(b)[0]]), axis=0)
                return upstream, db
            return x + b, grad
    """), True),
    Answer("04.bias_add", "dynamic_rank_axes", _c("""
        @strict_custom_gradient
        def bias_add(x, b):
            def grad(upstream):
                batch_axes = tf.range(tf.rank(upstream) - 1)     # every axis but the last
                return tf.identity(upstream), tf.reduce_sum(upstream, axis=batch_axes)
            return x + b, grad
    """), True),
    Answer("04.bias_add", "keepdims_left_on", _c("""
        @strict_custom_gradient
        def bias_add(x, b):
            def grad(upstream):
                axes = list(range(len(upstream.shape) - 1))
                return upstream, tf.reduce_sum(upstream, axis=axes, keepdims=True)
            return x + b, grad
    """), False, "keepdims=True leaves size-1 axes: db has shape (1, n) or (1, 1, n) instead of b's (n,).",
        ("keepdims|shape|(n,)",)),
    Answer("04.bias_add", "axes_0_1_fixed", _c("""
        @strict_custom_gradient
        def bias_add(x, b):
            def grad(upstream):
                return upstream, tf.reduce_sum(upstream, axis=[0, 1])
            return x + b, grad
    """), False, "axis=[0, 1] fits only a three-axis x; for (batch, n) it sums the bias axis too. Sum over all axes but the last.",
        ("axis|axes|last|shape",)),
    Answer("04.bias_add", "mean_over_batch", _c("""
        @strict_custom_gradient
        def bias_add(x, b):
            def grad(upstream):
                axes = list(range(len(upstream.shape) - 1))
                return upstream, tf.reduce_mean(upstream, axis=axes)
            return x + b, grad
    """), False, "b is used by every row, so its gradient sums the contributions; the mean divides by the batch size.",
        ("sum|mean",)),

    # ------------------------------------------------------------------ 05.sign_ste
    Answer("05.sign_ste", "where_zeros", _c("""
        @tf.custom_gradient
        def sign_ste(x):
            def grad(upstream):
                return tf.where(tf.abs(x) <= 1, upstream, tf.zeros_like(upstream))
            return tf.sign(x), grad
    """), True),
    Answer("05.sign_ste", "autodiff_of_hard_tanh", _c("""
        @tf.custom_gradient
        def sign_ste(x):
            def grad(upstream):
                with tf.GradientTape() as tape:
                    tape.watch(x)
                    hard_tanh = tf.clip_by_value(x, -1, 1)
                return tape.gradient(hard_tanh, x, output_gradients=upstream)
            return tf.sign(x), grad
    """), True),
    Answer("05.sign_ste", "one_minus_outside_mask", _c("""
        @tf.custom_gradient
        def sign_ste(x):
            def grad(upstream):
                outside = tf.cast(tf.abs(x) > 1.0, upstream.dtype)
                return upstream * (1.0 - outside)
            return tf.sign(x), grad
    """), True),
    Answer("05.sign_ste", "strict_inequality", _c("""
        @tf.custom_gradient
        def sign_ste(x):
            def grad(upstream):
                return upstream * tf.cast(tf.abs(x) < 1, x.dtype)
            return tf.sign(x), grad
    """), False, "|x| < 1 blocks the gradient at |x| = 1 exactly; the hard tanh passes it for |x| ≤ 1.",
        ("boundary|inclusive|edge|equal|≤ 1|<= 1|exactly 1|exactly ±1",)),
    Answer("05.sign_ste", "smooth_tanh_slope", _c("""
        @tf.custom_gradient
        def sign_ste(x):
            def grad(upstream):
                return upstream * (1 - tf.tanh(x) ** 2)
            return tf.sign(x), grad
    """), False, "That is the slope of the smooth tanh; the hard tanh's slope is 1 for |x| ≤ 1 and 0 outside.",
        ("hard|clip|outside|≤ 1|<= 1|zero",)),
    Answer("05.sign_ste", "sigmoid_demo_left_in", _c("""
        @tf.custom_gradient
        def sign_ste(x):
            def grad(upstream):
                s = tf.sigmoid(x)
                return upstream * s * (1 - s)
            return tf.sign(x), grad
    """), False, "The notebook's sigmoid surrogate was kept; this exercise asks for the hard tanh's slope (1 inside [−1, 1], 0 outside).",
        ("hard|clip|sigmoid|σ|outside",)),
    Answer("05.sign_ste", "mask_on_upstream", _c("""
        @tf.custom_gradient
        def sign_ste(x):
            def grad(upstream):
                return upstream * tf.cast(tf.abs(upstream) <= 1, upstream.dtype)
            return tf.sign(x), grad
    """), False, "The mask tests upstream; it must test the input x (pass where |x| ≤ 1).",
        ("input|of x|on x|not upstream|forward",)),

    # ------------------------------------------------------------------ 05.clip_gradient
    Answer("05.clip_gradient", "int_bounds", _c("""
        @tf.custom_gradient
        def clip_gradient(x):
            def grad(upstream):
                return tf.clip_by_value(upstream, -1, 1)
            return tf.identity(x), grad
    """), True),
    Answer("05.clip_gradient", "keras_ops_clip", _c("""
        @tf.custom_gradient
        def clip_gradient(x):
            def grad(upstream):
                return tf.keras.ops.clip(upstream, -1.0, 1.0)
            return tf.identity(x), grad
    """), True),
    Answer("05.clip_gradient", "where_sign", _c("""
        @tf.custom_gradient
        def clip_gradient(x):
            def grad(upstream):
                return tf.where(tf.abs(upstream) > 1, tf.sign(upstream), upstream)
            return x, grad
    """), True),
    Answer("05.clip_gradient", "clip_by_norm", _c("""
        @tf.custom_gradient
        def clip_gradient(x):
            def grad(upstream):
                return tf.clip_by_norm(upstream, 1.0)
            return tf.identity(x), grad
    """), False, "clip_by_norm rescales the whole tensor to norm 1; the exercise clips each entry to [−1, 1].",
        ("entry|element|each|norm",)),
    Answer("05.clip_gradient", "clips_x_not_upstream", _c("""
        @tf.custom_gradient
        def clip_gradient(x):
            def grad(upstream):
                return tf.clip_by_value(x, -1.0, 1.0)
            return tf.identity(x), grad
    """), False, "It clips x, not upstream: the gradient must be the upstream, clipped.",
        ("upstream",)),
    Answer("05.clip_gradient", "forward_clipped_too", _c("""
        @tf.custom_gradient
        def clip_gradient(x):
            def grad(upstream):
                return tf.clip_by_value(upstream, -1.0, 1.0)
            return tf.clip_by_value(x, -1.0, 1.0), grad
    """), False, "The forward must be the identity; only the gradient is clipped.",
        ("forward|identity|value",)),
    Answer("05.clip_gradient", "reversal_factory_pattern", _c("""
        def clip_gradient(limit=1.0):
            @tf.custom_gradient
            def clip(x):
                def grad(upstream):
                    return tf.clip_by_value(upstream, -limit, limit)
                return tf.identity(x), grad
            return clip
    """), False, "clip_gradient is a factory here: called on a tensor it returns a function, not the identity of x.",
        ("factory|function|callable|closure|tensor",)),

    # ------------------------------------------------------------------ 06.scale_by_variable: y = x·w²
    Answer("06.scale_by_variable", "uses_variables_argument", _c("""
        w = tf.Variable(2.0)

        @tf.custom_gradient
        def scale(x):
            def grad(upstream, variables=None):
                (v,) = variables
                dx = upstream * v ** 2
                dv = tf.reduce_sum(upstream * x * 2 * v)
                return dx, [dv]
            return x * w ** 2, grad
    """), True),
    Answer("06.scale_by_variable", "kwargs_and_upstream_default", _c("""
        w = tf.Variable(2.0)

        @tf.custom_gradient
        def scale(x, **kwargs):
            def grad(upstream=None, **kwargs):
                return upstream * w * w, [2 * w * tf.reduce_sum(x * upstream)]
            return x * w ** 2, grad
    """), True),
    Answer("06.scale_by_variable", "keyword_only_variables", _c("""
        w = tf.Variable(2.0)

        @tf.custom_gradient
        def scale(x):
            def grad(upstream, *, variables):
                return upstream * tf.square(w), [2.0 * w * tf.reduce_sum(tf.multiply(upstream, x))]
            return x * tf.square(w), grad
    """), True),
    Answer("06.scale_by_variable", "w_squared_cached", _c("""
        w = tf.Variable(2.0)
        w2 = w ** 2          # compute once, it is a constant

        @tf.custom_gradient
        def scale(x):
            def grad(upstream, variables=None):
                return upstream * w2, [tf.reduce_sum(upstream * x * 2 * w)]
            return x * w2, grad
    """), False, "w² was computed once, outside: the forward no longer reads w, so TensorFlow passes no variables (the extra [dw] is one gradient too many) and a new value of w is ignored.",
        ("read|stale|current|cache|new value|changes",)),
    Answer("06.scale_by_variable", "variable_created_inside", _c("""
        @tf.custom_gradient
        def scale(x):
            w = tf.Variable(2.0)
            def grad(upstream, variables=None):
                return upstream * w ** 2, [tf.reduce_sum(upstream * x * 2 * w)]
            return x * w ** 2, grad
    """), False, "A new tf.Variable(2.0) is created on every call, so the global w (and any value given to it) is never used; tf.function refuses it outright.",
        ("global|outside|new variable|creat|every call|each call",)),
    Answer("06.scale_by_variable", "w_as_second_input", _c("""
        w = tf.Variable(2.0)

        @tf.custom_gradient
        def scale(x, w):
            def grad(upstream):
                return upstream * w ** 2, tf.reduce_sum(upstream * x * 2 * w)
            return x * w ** 2, grad
    """), False, "w was made a second input, so scale(x) cannot be called; keep one input and follow the variables= contract.",
        ("variables|contract|one input|argument",)),

    # ------------------------------------------------------------------ 06.numpy_erf
    Answer("06.numpy_erf", "py_function_forward", _c("""
        @tf.custom_gradient
        def numpy_erf(x):
            y = tf.py_function(lambda t: scipy.special.erf(t.numpy()), [x], x.dtype)
            y.set_shape(x.shape)
            def grad(upstream):
                return upstream * 2 / np.sqrt(np.pi) * tf.exp(-tf.square(x))
            return y, grad
    """), True),
    Answer("06.numpy_erf", "numpy_in_both_passes", _c("""
        def erf_prime(t):
            return (2 / np.sqrt(np.pi) * np.exp(-t ** 2)).astype(t.dtype)

        @tf.custom_gradient
        def numpy_erf(x):
            y = tf.numpy_function(scipy.special.erf, [x], x.dtype)
            y.set_shape(x.shape)
            def grad(upstream):
                slope = tf.numpy_function(erf_prime, [x], x.dtype)
                slope.set_shape(x.shape)
                return upstream * slope
            return y, grad
    """), True),
    Answer("06.numpy_erf", "tf_erf_forward_not_scipy", _c("""
        @tf.custom_gradient
        def numpy_erf(x):
            def grad(upstream):
                return upstream * 2 / np.sqrt(np.pi) * tf.exp(-x ** 2)
            return tf.math.erf(x), grad
    """), False, "The forward calls tf.math.erf; the exercise asks to wrap SciPy's erf (through tf.numpy_function).",
        ("scipy|numpy_function",)),
    Answer("06.numpy_erf", "phi_density_from_notebook_03", _c("""
        @tf.custom_gradient
        def numpy_erf(x):
            y = tf.numpy_function(scipy.special.erf, [x], x.dtype)
            y.set_shape(x.shape)
            def grad(upstream):
                return upstream * tf.exp(-x ** 2 / 2) / np.sqrt(2 * np.pi)      # φ(x)
            return y, grad
    """), False, "That is Φ's derivative, the normal density; erf'(x) = 2/√π · e^(−x²).",
        ("2/√π|2 / √π|2/sqrt|2 / sqrt|e^(-x²)|e^(−x²)|exp(-x²)|exp(−x²)|-x²|−x²|x**2|normal density",)),
    Answer("06.numpy_erf", "tout_fixed_float64", _c("""
        @tf.custom_gradient
        def numpy_erf(x):
            y = tf.numpy_function(scipy.special.erf, [x], tf.float64)
            y.set_shape(x.shape)
            def grad(upstream):
                return upstream * 2 / np.sqrt(np.pi) * tf.exp(-x ** 2)
            return y, grad
    """), False, "Tout is fixed to float64: float32 input fails inside tf.function; use x.dtype.",
        ("dtype|float32|float64",)),
    Answer("06.numpy_erf", "variables_kwarg_returns_empty_list", _c("""
        @tf.custom_gradient
        def numpy_erf(x):
            y = tf.numpy_function(scipy.special.erf, [x], x.dtype)
            y.set_shape(x.shape)
            def grad(upstream, variables=None):
                dx = upstream * 2 / np.sqrt(np.pi) * tf.exp(-x ** 2)
                return dx, []                 # no variables
            return y, grad
    """), True),

    # ------------------------------------------------------------------ 07.fused_second_derivative
    Answer("07.fused_second_derivative", "nested_pattern_named_second", _c("""
        @tf.custom_gradient
        def tanh_op(x):
            y, slope = fused_tanh(x)
            def grad(dy):
                @tf.custom_gradient
                def first_derivative(x):
                    def second_derivative(ddy):
                        second = -2.0 * y * slope          # d(1 − tanh²)/dx = −2 tanh · (1 − tanh²)
                        return ddy * second
                    return slope, second_derivative
                return dy * first_derivative(x)
            return y, grad
    """), True),
    Answer("07.fused_second_derivative", "nested_pattern_tf_function_on_top", _c("""
        @tf.function
        @tf.custom_gradient
        def tanh_op(x):
            y, slope = fused_tanh(x)
            def grad(dy):
                @tf.custom_gradient
                def first_derivative(x):
                    def second_derivative(ddy):
                        return ddy * (-2.0) * y * slope
                    return slope, second_derivative
                return dy * first_derivative(x)
            return y, grad
    """), False, "With @tf.function on tanh_op itself, the nested gradient captures tensors of tanh_op's graph and the second derivative fails; leave tanh_op undecorated.",
        ("tf.function|graph|decorat",)),
    Answer("07.fused_second_derivative", "first_derivative_from_tf_tanh", _c("""
        @tf.custom_gradient
        def tanh_op(x):
            y, slope = fused_tanh(x)
            def grad(dy):
                t = tf.tanh(x)            # TensorFlow ops on x: the outer tape can see them
                return dy * (1 - t * t)
            return y, grad
    """), False, "Recomputes the slope with tf.tanh, which the tape can see: the exercise asks for fused_tanh's slope. "
        "(Relabelled wrong by the course authors: the prompt asks for the fused slope.)", ("fused",)),
    Answer("07.fused_second_derivative", "dy_inside_nested_function", _c("""
        @tf.custom_gradient
        def tanh_op(x):
            y, slope = fused_tanh(x)
            def grad(dy):
                @tf.custom_gradient
                def first(x):
                    def second(ddy):
                        return ddy * dy * (-2 * y * slope)
                    return dy * slope, second
                return first(x)
            return y, grad
    """), False, "dy is captured inside the nested function, so the outer tape loses how dy depends on x (wrong when the loss is Σ u y²). Multiply by dy outside it.",
        ("outside|upstream|depends on x|captur",)),
    Answer("07.fused_second_derivative", "nested_input_is_slope", _c("""
        @tf.custom_gradient
        def tanh_op(x):
            y, slope = fused_tanh(x)
            def grad(dy):
                @tf.custom_gradient
                def first_derivative(s):
                    def second_derivative(ddy):
                        return ddy * (-2 * y * slope)
                    return s, second_derivative
                return dy * first_derivative(slope)
            return y, grad
    """), False, "The nested function's input is slope, which the tape cannot trace back to x; make it a function of x.",
        ("function of x|of x|input|path|None",)),
    Answer("07.fused_second_derivative", "second_is_first", _c("""
        @tf.custom_gradient
        def tanh_op(x):
            y, slope = fused_tanh(x)
            def grad(dy):
                @tf.custom_gradient
                def first_derivative(x):
                    def second_derivative(ddy):
                        return ddy * slope
                    return slope, second_derivative
                return dy * first_derivative(x)
            return y, grad
    """), False, "The nested gradient returns the first derivative again; d(1 − tanh²)/dx = −2 tanh x (1 − tanh² x).",
        ("−2|-2 tanh|-2·tanh|-2 *|first derivative again|same as the first|equals the first",)),

    # ------------------------------------------------------------------ 07.hvp
    Answer("07.hvp", "persistent_single_tape", _c("""
        def hvp(f, x, v):
            with tf.GradientTape(persistent=True) as tape:
                tape.watch(x)
                y = f(x)
                g = tape.gradient(y, x)
            return tape.gradient(g, x, output_gradients=v)
    """), True),
    Answer("07.hvp", "dot_inside_outer_tape", _c("""
        def hvp(f, x, v):
            with tf.GradientTape() as outer:
                outer.watch(x)
                with tf.GradientTape() as inner:
                    inner.watch(x)
                    y = f(x)
                g = inner.gradient(y, x)
                gv = tf.reduce_sum(g * tf.stop_gradient(v))
            return outer.gradient(gv, x)
    """), True),
    Answer("07.hvp", "dot_after_outer_tape_closed", _c("""
        def hvp(f, x, v):
            with tf.GradientTape() as outer:
                outer.watch(x)
                with tf.GradientTape() as inner:
                    inner.watch(x)
                    y = f(x)
                g = inner.gradient(y, x)
            gv = tf.reduce_sum(g * v)          # outside the outer tape: not recorded
            return outer.gradient(gv, x)
    """), False, "gᵀv is computed after the outer tape closed, so the tape never recorded it and the result is None.",
        ("record|inside|tape|context|None|with block",)),
    Answer("07.hvp", "forward_over_reverse_copied", _c("""
        def hvp(f, x, v):
            with tf.autodiff.ForwardAccumulator(x, v) as accumulator:
                with tf.GradientTape() as tape:
                    tape.watch(x)
                    y = f(x)
                g = tape.gradient(y, x)
            return accumulator.jvp(g)
    """), False, "This is the notebook's forward-over-reverse; the exercise asks for reverse over reverse (two tapes).",
        ("reverse|two tapes|GradientTape|outer",)),
    Answer("07.hvp", "diagonal_times_v", _c("""
        def hvp(f, x, v):
            with tf.GradientTape() as outer:
                outer.watch(x)
                with tf.GradientTape() as inner:
                    inner.watch(x)
                    y = f(x)
                g = inner.gradient(y, x)
            return outer.gradient(g, x) * v
    """), False, "outer.gradient(g, x) is H·1 (row sums of H), and times v entry by entry is only right for a diagonal H; pass v as output_gradients.",
        ("diagonal|output_gradients|H v|Hv|row",)),
    Answer("07.hvp", "v_given_to_inner_tape", _c("""
        def hvp(f, x, v):
            with tf.GradientTape() as outer:
                outer.watch(x)
                with tf.GradientTape() as inner:
                    inner.watch(x)
                    y = f(x)
                g = inner.gradient(y, x, output_gradients=v)
            return outer.gradient(g, x)
    """), False, "v belongs to the second (outer) gradient: the inner upstream of the scalar f is 1.",
        ("outer|second|output_gradients",)),

    # ------------------------------------------------------------------ 08.implicit_scalar: z = tanh(w z) + x
    Answer("08.implicit_scalar", "three_steps", _c("""
        @helpers.strict_custom_gradient
        def fixed_point(x, w):
            z = iterate_fixed_point(x, w)
            def grad(upstream):
                D = 1 - tf.tanh(w * z) ** 2
                scale = 1 / (1 - w * D)
                return upstream * scale, tf.reduce_sum(upstream * D * z * scale)
            return z, grad
    """), True),
    Answer("08.implicit_scalar", "tanh_from_fixed_point_equation", _c("""
        @helpers.strict_custom_gradient
        def fixed_point(x, w):
            z = iterate_fixed_point(x, w)
            def grad(upstream):
                t = z - x                      # = tanh(w z) at the fixed point
                D = 1.0 - t * t
                dx = upstream / (1.0 - w * D)
                dw = tf.reduce_sum(dx * D * z)
                return dx, dw
            return z, grad
    """), True),
    Answer("08.implicit_scalar", "sin_demo_formula_copied", _c("""
        @helpers.strict_custom_gradient
        def fixed_point(x, w):
            z = iterate_fixed_point(x, w)
            def grad(upstream):
                scale = 1 / (1 - w * tf.cos(z))
                return upstream * scale, tf.reduce_sum(upstream * tf.sin(z) * scale)
            return z, grad
    """), False, "These are the notebook's formulas for z = w sin z + x; here the slope is w(1 − tanh²(wz)) and ∂/∂w brings z(1 − tanh²(wz)).",
        ("tanh|sin|cos",)),
    Answer("08.implicit_scalar", "tanh_of_z_without_w", _c("""
        @helpers.strict_custom_gradient
        def fixed_point(x, w):
            z = iterate_fixed_point(x, w)
            def grad(upstream):
                D = 1 - tf.tanh(z) ** 2
                scale = 1 / (1 - w * D)
                return upstream * scale, tf.reduce_sum(upstream * D * z * scale)
            return z, grad
    """), False, "tanh's slope must be taken at w·z, not at z: D = 1 − tanh²(w z).",
        ("w z|wz|w·z|w * z|w*z|argument",)),
    Answer("08.implicit_scalar", "one_step_no_denominator", _c("""
        @helpers.strict_custom_gradient
        def fixed_point(x, w):
            z = iterate_fixed_point(x, w)
            def grad(upstream):
                D = 1 - tf.tanh(w * z) ** 2
                return upstream, tf.reduce_sum(upstream * D * z)
            return z, grad
    """), False, "This differentiates one step with z held fixed; solving for dz divides by 1 − w(1 − tanh²(wz)).",
        ("1 - w|1 − w|denominator|solve|divide|1/(1",)),

    # ------------------------------------------------------------------ 08.block_size: 36/k + k, least at k = 6
    Answer("08.block_size", "plain_six", "block_size = 6\n", True),
    Answer("08.block_size", "computed_by_search", _c("""
        divisors = [k for k in range(1, 37) if 36 % k == 0]
        block_size = min(divisors, key=lambda k: 36 // k + k)
    """), True),
    Answer("08.block_size", "square_root_float", "block_size = 36 ** 0.5   # minimise 36/k + k: k = √36\n", True),
    Answer("08.block_size", "string_six", 'block_size = "6"\n', False,
           "The answer must be a number, not a string.", ("number|int|string|str|text",)),
    Answer("08.block_size", "minimum_memory_instead", "block_size = 12   # 36/6 + 6\n", False,
           "12 is the least memory (36/6 + 6), not the block size that gives it.",
           ("36/k|36 / k|memory|block size|k =",)),
    Answer("08.block_size", "smallest_blocks", "block_size = 1   # recompute as little as possible at a time\n", False,
           "With k = 1 all 36 block inputs are stored (37 in all); memory is 36/k + k, least at k = 6.",
           ("36/k|36 / k|block inputs|trade|both",)),
    Answer("08.block_size", "tuple_size_and_memory", "block_size = (6, 12)   # (k, memory)\n", False,
           "One number, the block size, is asked for, not a pair.", ("number|one|single|tuple|pair",)),

    # ------------------------------------------------------------------ 09.spot_the_mistake
    Answer("09.spot_the_mistake", "plain", _c("""
        answers = ["keyword_call", "upstream_ignored", "float32_false_alarm", "wrong_shape", "none_gradient"]
    """), True),
    Answer("09.spot_the_mistake", "split_string", _c("""
        answers = "keyword_call upstream_ignored float32_false_alarm wrong_shape none_gradient".split()
    """), True),
    Answer("09.spot_the_mistake", "first_as_none_gradient", _c("""
        answers = ["none_gradient", "upstream_ignored", "float32_false_alarm", "wrong_shape", "none_gradient"]
    """), False, "Snippet 1: the tape does return gradients; grad never runs because the call passes x by keyword.",
        ("keyword|snippet 1|first",)),
    Answer("09.spot_the_mistake", "second_as_float32_noise", _c("""
        answers = ["keyword_call", "float32_false_alarm", "float32_false_alarm", "wrong_shape", "none_gradient"]
    """), False, "Snippet 2: 0.88 vs 0.84 is far beyond float32 rounding; grad returns cos x without the upstream 2 sin x.",
        ("upstream|snippet 2|second",)),
    Answer("09.spot_the_mistake", "dict_by_number", _c("""
        answers = {1: "keyword_call", 2: "upstream_ignored", 3: "float32_false_alarm",
                   4: "wrong_shape", 5: "none_gradient"}
    """), False, "A dict, not a list of five names in order.", ("list",)),
    Answer("09.spot_the_mistake", "positions_in_menu", "answers = [3, 1, 6, 2, 5]   # positions in the list of names\n", False,
           "Numbers instead of the names as strings.", ("name|string|str|quot",)),

    # ------------------------------------------------------------------ 09.fix_linear
    Answer("09.fix_linear", "transpose_of_transposed", _c("""
        @tf.custom_gradient
        def linear(x, W, b):
            def grad(U):
                return U @ tf.transpose(W), tf.transpose(tf.transpose(U) @ x), tf.reduce_sum(U, axis=0)
            return x @ W + b, grad
    """), True),
    Answer("09.fix_linear", "einsum_tf_function", _c("""
        @tf.function
        @tf.custom_gradient
        def linear(x, W, b):
            def grad(U):
                dx = tf.matmul(U, W, transpose_b=True)
                dW = tf.einsum("bi,bj->ij", x, U)
                db = tf.einsum("bj->j", U)
                return dx, dW, db
            return x @ W + b, grad
    """), True),
    Answer("09.fix_linear", "bias_mean", _c("""
        @tf.custom_gradient
        def linear(x, W, b):
            def grad(U):
                return U @ tf.transpose(W), tf.transpose(x) @ U, tf.reduce_mean(U, axis=0)
            return x @ W + b, grad
    """), False, "b is added to every row, so its gradient is the sum over the batch, not the mean.",
        ("sum|mean",)),
    Answer("09.fix_linear", "bias_ones_no_upstream", _c("""
        @tf.custom_gradient
        def linear(x, W, b):
            def grad(U):
                return U @ tf.transpose(W), tf.transpose(x) @ U, tf.reduce_sum(tf.ones_like(U), axis=0)
            return x @ W + b, grad
    """), False, "db sums ones, the local derivative, without the upstream U: it should be Σ_batch U.",
        ("upstream",)),
    Answer("09.fix_linear", "dW_fixed_by_swapping_operands", _c("""
        @tf.custom_gradient
        def linear(x, W, b):
            def grad(U):
                return U @ tf.transpose(W), tf.transpose(U @ tf.transpose(x)), tf.reduce_sum(U, axis=0)
            return x @ W + b, grad
    """), False, "U @ xᵀ pairs the wrong axes (batch×batch), so dW fails; ∂L/∂W = xᵀ U.",
        ("xᵀ U|xᵀU|x^T U|transpose(x) @ U|shape|transpose",)),
]
