"""Exercise 08.implicit_matrix: answers written from the learner's side, right and wrong (written without the judge)."""

from answer_kit import Answer, named_mistakes

KEY = "08.implicit_matrix"

ANSWERS = [
    # ------------------------------------------------------------------ right
    Answer(KEY, 'python-loop-with-W_', r'''
def fixed_point_layer(x, W, iterations=40, adjoint_steps=40):
    @tf.custom_gradient
    def fixed_point(x, W):
        x_, W_ = tf.stop_gradient(x), tf.stop_gradient(W)     # off every tape: only z is kept
        z = tf.zeros_like(x_)
        for _ in range(iterations):
            z = tf.tanh(tf.matmul(z, W_, transpose_b=True) + x_)

        def grad(g):
            D = 1 - z ** 2                        # tanh's slope at the fixed point
            zbar = g
            for _ in range(adjoint_steps):        # zbar = g + (zbar ⊙ D) W
                zbar = g + tf.matmul(zbar * D, W_)
            dx = zbar * D
            dW = tf.matmul(zbar * D, z, transpose_a=True)   # (zbar ⊙ D)ᵀ z*
            return dx, dW
        return z, grad
    return fixed_point(x, W)
''', True),
    Answer(KEY, 'tf-while-loop-adjoint', r'''
def fixed_point_layer(x, W, iterations=40, adjoint_steps=40):
    @tf.custom_gradient
    def fixed_point(x, W):
        x_, W_ = tf.stop_gradient(x), tf.stop_gradient(W)     # off every tape: only z is kept
        z = tf.zeros_like(x_)
        for _ in range(iterations):
            z = tf.tanh(tf.matmul(z, W_, transpose_b=True) + x_)

        def grad(g):
            D = 1.0 - tf.square(z)
            def body(i, zbar):
                return i + 1, g + tf.matmul(zbar * D, W)
            _, zbar = tf.while_loop(lambda i, zbar: i < adjoint_steps, body, [tf.constant(0), g])
            xbar = zbar * D
            return xbar, tf.transpose(xbar) @ z
        return z, grad
    return fixed_point(x, W)
''', True),
    Answer(KEY, 'einsum', r'''
def fixed_point_layer(x, W, iterations=40, adjoint_steps=40):
    @tf.custom_gradient
    def fixed_point(x, W):
        x_, W_ = tf.stop_gradient(x), tf.stop_gradient(W)     # off every tape: only z is kept
        z = tf.zeros_like(x_)
        for _ in range(iterations):
            z = tf.tanh(tf.matmul(z, W_, transpose_b=True) + x_)

        def grad(g):
            D = 1 - z * z
            zbar = tf.identity(g)
            for k in range(adjoint_steps):
                zbar = g + tf.einsum('bi,ij->bj', zbar * D, W_)
            v = zbar * D
            return v, tf.einsum('bi,bj->ij', v, z)
        return z, grad
    return fixed_point(x, W)
''', True),
    Answer(KEY, 'while-loop-until-zbar-stops-changing', r'''
def fixed_point_layer(x, W, iterations=40, adjoint_steps=40):
    @tf.custom_gradient
    def fixed_point(x, W):
        x_, W_ = tf.stop_gradient(x), tf.stop_gradient(W)     # off every tape: only z is kept
        z = tf.zeros_like(x_)
        for _ in range(iterations):
            z = tf.tanh(tf.matmul(z, W_, transpose_b=True) + x_)

        def grad(g):
            D = 1 - z ** 2
            tol = 1e-13 if g.dtype == tf.float64 else 1e-6
            def keep_going(i, zbar, change):
                return tf.logical_and(i < adjoint_steps, change > tol)
            def step(i, zbar, change):
                new = g + tf.matmul(zbar * D, W_)
                return i + 1, new, tf.reduce_max(tf.abs(new - zbar))
            big = tf.constant(float("inf"), g.dtype)
            _, zbar, _ = tf.while_loop(keep_going, step, (0, g, big))
            return zbar * D, tf.matmul(zbar * D, z, transpose_a=True)
        return z, grad
    return fixed_point(x, W)
''', True),
    Answer(KEY, 'linalg-solve-per-sample', r'''
def fixed_point_layer(x, W, iterations=40, adjoint_steps=40):
    @tf.custom_gradient
    def fixed_point(x, W):
        x_, W_ = tf.stop_gradient(x), tf.stop_gradient(W)     # off every tape: only z is kept
        z = tf.zeros_like(x_)
        for _ in range(iterations):
            z = tf.tanh(tf.matmul(z, W_, transpose_b=True) + x_)

        def grad(g):
            D = 1 - z ** 2                                    # (batch, n)
            n = tf.shape(W_)[0]
            # one sample as a column: (I - D W)ᵀ zbar = g, i.e. (I - Wᵀ diag(D)) zbar = g
            A = tf.eye(n, dtype=W_.dtype) - tf.transpose(W_)[None, :, :] * D[:, None, :]
            zbar = tf.linalg.solve(A, g[:, :, None])[:, :, 0]
            return zbar * D, tf.matmul(zbar * D, z, transpose_a=True)
        return z, grad
    return fixed_point(x, W)
''', True),
    Answer(KEY, 'zbar-from-zeros-with-g', r'''
def fixed_point_layer(x, W, iterations=40, adjoint_steps=40):
    @tf.custom_gradient
    def fixed_point(x, W):
        x_, W_ = tf.stop_gradient(x), tf.stop_gradient(W)     # off every tape: only z is kept
        z = tf.zeros_like(x_)
        for _ in range(iterations):
            z = tf.tanh(tf.matmul(z, W_, transpose_b=True) + x_)

        def grad(g):
            D = 1 - z ** 2
            zbar = tf.zeros_like(g)           # any start works, the map is a contraction
            for _ in range(adjoint_steps):
                zbar = g + (zbar * D) @ W
            return zbar * D, tf.transpose(zbar * D) @ z
        return z, grad
    return fixed_point(x, W)
''', True),
    Answer(KEY, 'neumann-series-and-broadcast-sum', r'''
def fixed_point_layer(x, W, iterations=40, adjoint_steps=40):
    @tf.custom_gradient
    def fixed_point(x, W):
        x_, W_ = tf.stop_gradient(x), tf.stop_gradient(W)     # off every tape: only z is kept
        z = tf.zeros_like(x_)
        for _ in range(iterations):
            z = tf.tanh(tf.matmul(z, W_, transpose_b=True) + x_)

        def grad(g):
            D = 1 - z ** 2
            term, zbar = g, g                 # zbar = g + (g D) W + ((g D) W D) W + ...
            for _ in range(adjoint_steps):
                term = (term * D) @ W_
                zbar = zbar + term
            v = zbar * D
            dW = tf.reduce_sum(v[:, :, None] * z[:, None, :], axis=0)   # sum over the batch of outer products
            return v, dW
        return z, grad
    return fixed_point(x, W)
''', True),
    Answer(KEY, 'slope-recomputed-from-preactivation', r'''
def fixed_point_layer(x, W, iterations=40, adjoint_steps=40):
    @tf.custom_gradient
    def fixed_point(x, W):
        x_, W_ = tf.stop_gradient(x), tf.stop_gradient(W)     # off every tape: only z is kept
        z = tf.zeros_like(x_)
        for _ in range(iterations):
            z = tf.tanh(tf.matmul(z, W_, transpose_b=True) + x_)

        def grad(g):
            a = tf.matmul(z, W_, transpose_b=True) + x_
            D = 1 - tf.tanh(a) ** 2                      # tanh'(a), a the pre-activation
            zbar = g
            for _ in range(adjoint_steps):
                zbar = g + tf.linalg.matmul(zbar * D, W_)
            return tf.multiply(zbar, D), tf.linalg.matmul(tf.multiply(zbar, D), z, transpose_a=True)
        return z, grad
    return fixed_point(x, W)
''', True),
    Answer(KEY, 'one-step-vjp-with-tape', r'''
def fixed_point_layer(x, W, iterations=40, adjoint_steps=40):
    @tf.custom_gradient
    def fixed_point(x, W):
        x_, W_ = tf.stop_gradient(x), tf.stop_gradient(W)     # off every tape: only z is kept
        z = tf.zeros_like(x_)
        for _ in range(iterations):
            z = tf.tanh(tf.matmul(z, W_, transpose_b=True) + x_)

        def grad(g):
            zs = tf.stop_gradient(z)
            with tf.GradientTape(persistent=True) as tape:   # ONE step of the map, at the fixed point
                tape.watch([zs, x_, W_])
                f = tf.tanh(tf.matmul(zs, W_, transpose_b=True) + x_)
            zbar = g
            for _ in range(adjoint_steps):
                zbar = g + tape.gradient(f, zs, output_gradients=zbar)
            dx, dW = tape.gradient(f, [x_, W_], output_gradients=zbar)
            del tape
            return dx, dW
        return z, grad
    return fixed_point(x, W)
''', True),

    # ------------------------------------------------------------------ wrong
    Answer(KEY, 'no-adjoint-g-as-zbar', r'''
def fixed_point_layer(x, W, iterations=40, adjoint_steps=40):
    @tf.custom_gradient
    def fixed_point(x, W):
        x_, W_ = tf.stop_gradient(x), tf.stop_gradient(W)     # off every tape: only z is kept
        z = tf.zeros_like(x_)
        for _ in range(iterations):
            z = tf.tanh(tf.matmul(z, W_, transpose_b=True) + x_)

        def grad(g):
            D = 1 - z ** 2
            dx = g * D
            dW = tf.matmul(g * D, z, transpose_a=True)
            return dx, dW
        return z, grad
    return fixed_point(x, W)
''', False, 'This backpropagates through the last step only, with z* held fixed: g must first be carried back through every iteration by solving the adjoint equation z̄ = g + (z̄ ⊙ D) W, and z̄ (not g) goes into both gradients.',
           ('adjoint|last step|one step|every iteration|z̄|zbar',), names='no_adjoint'),
    Answer(KEY, 'loop-body-uses-g-not-zbar', r'''
def fixed_point_layer(x, W, iterations=40, adjoint_steps=40):
    @tf.custom_gradient
    def fixed_point(x, W):
        x_, W_ = tf.stop_gradient(x), tf.stop_gradient(W)     # off every tape: only z is kept
        z = tf.zeros_like(x_)
        for _ in range(iterations):
            z = tf.tanh(tf.matmul(z, W_, transpose_b=True) + x_)

        def grad(g):
            D = 1 - z ** 2
            zbar = g
            for _ in range(adjoint_steps):
                zbar = g + tf.matmul(g * D, W_)
            return zbar * D, tf.matmul(zbar * D, z, transpose_a=True)
        return z, grad
    return fixed_point(x, W)
''', False, 'The loop body multiplies g instead of the current z̄, so every pass computes the same one step g + (g ⊙ D) W: the adjoint iteration never goes further than one step.',
           ('one step|same|adjoint|first term|z̄|zbar|iterat',), names='one_adjoint_step'),
    Answer(KEY, 'only-5-adjoint-steps', r'''
def fixed_point_layer(x, W, iterations=40, adjoint_steps=40):
    @tf.custom_gradient
    def fixed_point(x, W):
        x_, W_ = tf.stop_gradient(x), tf.stop_gradient(W)     # off every tape: only z is kept
        z = tf.zeros_like(x_)
        for _ in range(iterations):
            z = tf.tanh(tf.matmul(z, W_, transpose_b=True) + x_)

        def grad(g):
            D = 1 - z ** 2
            zbar = g
            for _ in range(5):                   # it converges fast, 5 is plenty
                zbar = g + tf.matmul(zbar * D, W_)
            return zbar * D, tf.matmul(zbar * D, z, transpose_a=True)
        return z, grad
    return fixed_point(x, W)
''', False, 'Five steps of the adjoint iteration leave an error of a few per cent (it only halves per step): iterate adjoint_steps times, until z̄ has converged.',
           ('adjoint_steps|converge|steps|iterations',), names='few_adjoint_steps'),
    Answer(KEY, 'W-transposed-in-adjoint', r'''
def fixed_point_layer(x, W, iterations=40, adjoint_steps=40):
    @tf.custom_gradient
    def fixed_point(x, W):
        x_, W_ = tf.stop_gradient(x), tf.stop_gradient(W)     # off every tape: only z is kept
        z = tf.zeros_like(x_)
        for _ in range(iterations):
            z = tf.tanh(tf.matmul(z, W_, transpose_b=True) + x_)

        def grad(g):
            D = 1 - z ** 2
            zbar = g
            for _ in range(adjoint_steps):
                zbar = g + tf.matmul(zbar * D, W_, transpose_b=True)   # same product as the forward
            return zbar * D, tf.matmul(zbar * D, z, transpose_a=True)
        return z, grad
    return fixed_point(x, W)
''', False, 'The forward multiplies by Wᵀ, so the backward step multiplies by W itself: z̄ = g + (z̄ ⊙ D) W, not (z̄ ⊙ D) Wᵀ.',
           ('transpose|Wᵀ|W^T|W.T|W⊤',), names='adjoint_transposed'),
    Answer(KEY, 'dW-transposed', r'''
def fixed_point_layer(x, W, iterations=40, adjoint_steps=40):
    @tf.custom_gradient
    def fixed_point(x, W):
        x_, W_ = tf.stop_gradient(x), tf.stop_gradient(W)     # off every tape: only z is kept
        z = tf.zeros_like(x_)
        for _ in range(iterations):
            z = tf.tanh(tf.matmul(z, W_, transpose_b=True) + x_)

        def grad(g):
            D = 1 - z ** 2
            zbar = g
            for _ in range(adjoint_steps):
                zbar = g + tf.matmul(zbar * D, W_)
            dW = tf.matmul(z, zbar * D, transpose_a=True)      # zᵀ (zbar ⊙ D)
            return zbar * D, dW
        return z, grad
    return fixed_point(x, W)
''', False, 'dL/dW is (z̄ ⊙ D)ᵀ z*, not z*ᵀ (z̄ ⊙ D): the two have the same shape but one is the transpose of the other.',
           ('transpose',), names='transposed'),
    Answer(KEY, 'dx-without-D', r'''
def fixed_point_layer(x, W, iterations=40, adjoint_steps=40):
    @tf.custom_gradient
    def fixed_point(x, W):
        x_, W_ = tf.stop_gradient(x), tf.stop_gradient(W)     # off every tape: only z is kept
        z = tf.zeros_like(x_)
        for _ in range(iterations):
            z = tf.tanh(tf.matmul(z, W_, transpose_b=True) + x_)

        def grad(g):
            D = 1 - z ** 2
            zbar = g
            for _ in range(adjoint_steps):
                zbar = g + tf.matmul(zbar * D, W_)
            return zbar, tf.matmul(zbar * D, z, transpose_a=True)     # dL/dx is zbar
        return z, grad
    return fixed_point(x, W)
''', False, 'x is added inside the tanh, so dL/dx = z̄ ⊙ D: z̄ itself is not the gradient of x, it still has to pass through the slope of tanh.',
           ('slope|⊙ D|* D|inside the tanh|1 - z|1 − z',), names='slope_missing'),
    Answer(KEY, 'dW-paired-with-x', r'''
def fixed_point_layer(x, W, iterations=40, adjoint_steps=40):
    @tf.custom_gradient
    def fixed_point(x, W):
        x_, W_ = tf.stop_gradient(x), tf.stop_gradient(W)     # off every tape: only z is kept
        z = tf.zeros_like(x_)
        for _ in range(iterations):
            z = tf.tanh(tf.matmul(z, W_, transpose_b=True) + x_)

        def grad(g):
            D = 1 - z ** 2
            zbar = g
            for _ in range(adjoint_steps):
                zbar = g + tf.matmul(zbar * D, W_)
            dx = zbar * D
            return dx, tf.matmul(dx, x, transpose_a=True)       # like a dense layer: upstreamᵀ · input
        return z, grad
    return fixed_point(x, W)
''', False, 'W multiplies z* (the term z* Wᵀ), not x: dL/dW = (z̄ ⊙ D)ᵀ z*, the outer product with the fixed point.',
           ('fixed point|z*|z⋆|z^*|z^\\star|not x|instead of x',), names='x_for_z'),
    Answer(KEY, 'slope-one-minus-z', r'''
def fixed_point_layer(x, W, iterations=40, adjoint_steps=40):
    @tf.custom_gradient
    def fixed_point(x, W):
        x_, W_ = tf.stop_gradient(x), tf.stop_gradient(W)     # off every tape: only z is kept
        z = tf.zeros_like(x_)
        for _ in range(iterations):
            z = tf.tanh(tf.matmul(z, W_, transpose_b=True) + x_)

        def grad(g):
            D = 1 - z
            zbar = g
            for _ in range(adjoint_steps):
                zbar = g + tf.matmul(zbar * D, W_)
            return zbar * D, tf.matmul(zbar * D, z, transpose_a=True)
        return z, grad
    return fixed_point(x, W)
''', False, "tanh's slope is 1 − tanh², so at the fixed point D = 1 − z*², squared: 1 − z is not the derivative.",
           ('square|z²|z^2|z**2|z ** 2|1 − tanh|1 - tanh',), names='slope_not_squared'),
    Answer(KEY, 'slope-one-minus-tanh-of-z', r'''
def fixed_point_layer(x, W, iterations=40, adjoint_steps=40):
    @tf.custom_gradient
    def fixed_point(x, W):
        x_, W_ = tf.stop_gradient(x), tf.stop_gradient(W)     # off every tape: only z is kept
        z = tf.zeros_like(x_)
        for _ in range(iterations):
            z = tf.tanh(tf.matmul(z, W_, transpose_b=True) + x_)

        def grad(g):
            D = 1 - tf.tanh(z) ** 2              # derivative of tanh
            zbar = g
            for _ in range(adjoint_steps):
                zbar = g + tf.matmul(zbar * D, W_)
            return zbar * D, tf.matmul(zbar * D, z, transpose_a=True)
        return z, grad
    return fixed_point(x, W)
''', False, 'z* is already tanh of the pre-activation z* Wᵀ + x, so the slope there is 1 − z*²; 1 − tanh(z*)² applies tanh a second time.',
           ('already|twice|second time|pre-activation|z* wᵀ + x|1 - z²|1 − z²|1 - z**2|1 − z*²|1 - z ** 2',), names='slope_of_z'),
    Answer(KEY, 'zbar-from-zeros-without-g', r'''
def fixed_point_layer(x, W, iterations=40, adjoint_steps=40):
    @tf.custom_gradient
    def fixed_point(x, W):
        x_, W_ = tf.stop_gradient(x), tf.stop_gradient(W)     # off every tape: only z is kept
        z = tf.zeros_like(x_)
        for _ in range(iterations):
            z = tf.tanh(tf.matmul(z, W_, transpose_b=True) + x_)

        def grad(g):
            D = 1 - z ** 2
            zbar = tf.zeros_like(z)
            for _ in range(adjoint_steps):
                zbar = tf.matmul(zbar * D, W_)       # zbar <- (zbar ⊙ D) W
            return zbar * D, tf.matmul(zbar * D, z, transpose_a=True)
        return z, grad
    return fixed_point(x, W)
''', False, 'Without g in the step and starting from zero, z̄ stays zero and so do both gradients: the adjoint step is z̄ = g + (z̄ ⊙ D) W, with the upstream g added every time.',
           ('upstream|zero',)),
    Answer(KEY, 'ones-instead-of-upstream', r'''
def fixed_point_layer(x, W, iterations=40, adjoint_steps=40):
    @tf.custom_gradient
    def fixed_point(x, W):
        x_, W_ = tf.stop_gradient(x), tf.stop_gradient(W)     # off every tape: only z is kept
        z = tf.zeros_like(x_)
        for _ in range(iterations):
            z = tf.tanh(tf.matmul(z, W_, transpose_b=True) + x_)

        def grad(g):
            D = 1 - z ** 2
            ones = tf.ones_like(z)
            zbar = ones
            for _ in range(adjoint_steps):
                zbar = ones + tf.matmul(zbar * D, W_)
            return zbar * D, tf.matmul(zbar * D, z, transpose_a=True)
        return z, grad
    return fixed_point(x, W)
''', False, 'The upstream g = dL/dz is replaced by ones, which is right only for L = sum(z): start from g and add g in each adjoint step.',
           ('upstream',), names='upstream_ignored'),
    Answer(KEY, 'gradients-in-wrong-order', r'''
def fixed_point_layer(x, W, iterations=40, adjoint_steps=40):
    @tf.custom_gradient
    def fixed_point(x, W):
        x_, W_ = tf.stop_gradient(x), tf.stop_gradient(W)     # off every tape: only z is kept
        z = tf.zeros_like(x_)
        for _ in range(iterations):
            z = tf.tanh(tf.matmul(z, W_, transpose_b=True) + x_)

        def grad(g):
            D = 1 - z ** 2
            zbar = g
            for _ in range(adjoint_steps):
                zbar = g + tf.matmul(zbar * D, W_)
            dW = tf.matmul(zbar * D, z, transpose_a=True)
            dx = zbar * D
            return dW, dx
        return z, grad
    return fixed_point(x, W)
''', False, 'grad must return one gradient per input in the order of the inputs, (dL/dx, dL/dW); here they are swapped.',
           ('order|swap',), names='order'),
    Answer(KEY, 'only-dx-returned', r'''
def fixed_point_layer(x, W, iterations=40, adjoint_steps=40):
    @tf.custom_gradient
    def fixed_point(x, W):
        x_, W_ = tf.stop_gradient(x), tf.stop_gradient(W)     # off every tape: only z is kept
        z = tf.zeros_like(x_)
        for _ in range(iterations):
            z = tf.tanh(tf.matmul(z, W_, transpose_b=True) + x_)

        def grad(g):
            D = 1 - z ** 2
            zbar = g
            for _ in range(adjoint_steps):
                zbar = g + tf.matmul(zbar * D, W_)
            return zbar * D
        return z, grad
    return fixed_point(x, W)
''', False, 'fixed_point has two inputs, x and W, so grad must return two gradients: dL/dW = (z̄ ⊙ D)ᵀ z* is missing.',
           ('two|both|dL/dW|each input|missing|2 input',)),
    Answer(KEY, 'unrolled-tape-in-grad', r'''
def fixed_point_layer(x, W, iterations=40, adjoint_steps=40):
    @tf.custom_gradient
    def fixed_point(x, W):
        x_, W_ = tf.stop_gradient(x), tf.stop_gradient(W)     # off every tape: only z is kept
        z = tf.zeros_like(x_)
        for _ in range(iterations):
            z = tf.tanh(tf.matmul(z, W_, transpose_b=True) + x_)

        def grad(g):
            with tf.GradientTape() as tape:        # just let TensorFlow differentiate the loop
                tape.watch([x, W])
                zz = tf.zeros_like(x)
                for _ in range(iterations):
                    zz = tf.tanh(tf.matmul(zz, W, transpose_b=True) + x)
            dx, dW = tape.gradient(zz, [x, W], output_gradients=g)
            return dx, dW
        return z, grad
    return fixed_point(x, W)
''', False, 'The tape in grad records the whole forward loop again and backpropagates through every step: that is the unrolled gradient, with its memory, not the implicit one from the adjoint equation.',
           ('unroll|tape|every step|every iteration',), names='unrolled'),
    Answer(KEY, 'numpy-inside-grad', r'''
def fixed_point_layer(x, W, iterations=40, adjoint_steps=40):
    @tf.custom_gradient
    def fixed_point(x, W):
        x_, W_ = tf.stop_gradient(x), tf.stop_gradient(W)     # off every tape: only z is kept
        z = tf.zeros_like(x_)
        for _ in range(iterations):
            z = tf.tanh(tf.matmul(z, W_, transpose_b=True) + x_)

        def grad(g):
            G, Z, Wn = g.numpy(), z.numpy(), W_.numpy()
            D = 1 - Z ** 2
            zbar = G
            for _ in range(adjoint_steps):
                zbar = G + (zbar * D) @ Wn
            v = zbar * D
            return tf.constant(v), tf.constant(v.T @ Z)
        return z, grad
    return fixed_point(x, W)
''', False, '.numpy() only works eagerly: inside tf.function the tensors in grad are symbolic and have no value yet. Write grad with TensorFlow ops.',
           ('numpy|tf.function|graph|symbolic',)),
    Answer(KEY, 'identity-cached-from-first-call', r'''
_cache = {}

def fixed_point_layer(x, W, iterations=40, adjoint_steps=40):
    @tf.custom_gradient
    def fixed_point(x, W):
        x_, W_ = tf.stop_gradient(x), tf.stop_gradient(W)     # off every tape: only z is kept
        z = tf.zeros_like(x_)
        for _ in range(iterations):
            z = tf.tanh(tf.matmul(z, W_, transpose_b=True) + x_)

        def grad(g):
            if "eye" not in _cache:                          # build the identity only once
                _cache["eye"] = tf.eye(W_.shape[0], dtype=W_.dtype)
            D = 1 - z ** 2
            A = _cache["eye"] - tf.transpose(W_)[None] * D[:, None, :]
            zbar = tf.linalg.solve(A, g[..., None])[..., 0]
            return zbar * D, tf.matmul(zbar * D, z, transpose_a=True)
        return z, grad
    return fixed_point(x, W)
''', False, 'The identity matrix is kept from the first call, with that call\'s size and dtype: the next problem (another size, or float32) gets a wrong-sized or wrong-dtype matrix. Build it from the current W each time.',
           ('cache|first call|earlier|previous|size|shape|dtype',)),
    Answer(KEY, 'accumulates-zbar-without-g', r'''
def fixed_point_layer(x, W, iterations=40, adjoint_steps=40):
    @tf.custom_gradient
    def fixed_point(x, W):
        x_, W_ = tf.stop_gradient(x), tf.stop_gradient(W)     # off every tape: only z is kept
        z = tf.zeros_like(x_)
        for _ in range(iterations):
            z = tf.tanh(tf.matmul(z, W_, transpose_b=True) + x_)

        def grad(g):
            D = 1 - z ** 2
            zbar = g
            for _ in range(adjoint_steps):
                zbar += tf.matmul(zbar * D, W_)        # keep adding the next term
            return zbar * D, tf.matmul(zbar * D, z, transpose_a=True)
        return z, grad
    return fixed_point(x, W)
''', False, 'z̄ += (z̄ ⊙ D) W multiplies z̄ by (I + D W) every step instead of solving z̄ = g + (z̄ ⊙ D) W: each step must add g to the new term, not to the old z̄.',
           ('g +|upstream|adjoint equation|z̄ = g|zbar = g',)),
    Answer(KEY, 'slope-applied-after-W', r'''
def fixed_point_layer(x, W, iterations=40, adjoint_steps=40):
    @tf.custom_gradient
    def fixed_point(x, W):
        x_, W_ = tf.stop_gradient(x), tf.stop_gradient(W)     # off every tape: only z is kept
        z = tf.zeros_like(x_)
        for _ in range(iterations):
            z = tf.tanh(tf.matmul(z, W_, transpose_b=True) + x_)

        def grad(g):
            D = 1 - z ** 2
            zbar = g
            for _ in range(adjoint_steps):
                zbar = g + tf.matmul(zbar, W_) * D
            return zbar * D, tf.matmul(zbar * D, z, transpose_a=True)
        return z, grad
    return fixed_point(x, W)
''', False, 'In the adjoint step the slope D multiplies z̄ before W: (z̄ ⊙ D) W, not (z̄ W) ⊙ D. Going backwards, tanh (the last operation of a step) is undone first.',
           ('before|order|first|(z̄ ⊙ D) W|(zbar * D)',)),
    Answer(KEY, 'python-break-on-tensor', r'''
def fixed_point_layer(x, W, iterations=40, adjoint_steps=40):
    @tf.custom_gradient
    def fixed_point(x, W):
        x_, W_ = tf.stop_gradient(x), tf.stop_gradient(W)     # off every tape: only z is kept
        z = tf.zeros_like(x_)
        for _ in range(iterations):
            z = tf.tanh(tf.matmul(z, W_, transpose_b=True) + x_)

        def grad(g):
            D = 1 - z ** 2
            zbar = g
            for _ in range(adjoint_steps):
                new = g + tf.matmul(zbar * D, W_)
                if tf.reduce_max(tf.abs(new - zbar)) < 1e-12:    # converged: stop early
                    zbar = new
                    break
                zbar = new
            return zbar * D, tf.matmul(zbar * D, z, transpose_a=True)
        return z, grad
    return fixed_point(x, W)
''', False, 'A Python if on a tensor needs its value, which exists only eagerly: inside tf.function the condition is symbolic and cannot be used as a bool. Stop with tf.while_loop (a condition on the change), or just run adjoint_steps steps.',
           ('tf.function|graph|bool|while_loop|symbolic',)),
    Answer(KEY, 'solve-without-transpose', r'''
def fixed_point_layer(x, W, iterations=40, adjoint_steps=40):
    @tf.custom_gradient
    def fixed_point(x, W):
        x_, W_ = tf.stop_gradient(x), tf.stop_gradient(W)     # off every tape: only z is kept
        z = tf.zeros_like(x_)
        for _ in range(iterations):
            z = tf.tanh(tf.matmul(z, W_, transpose_b=True) + x_)

        def grad(g):
            D = 1 - z ** 2
            n = W_.shape[0]
            I = tf.eye(n, dtype=z.dtype)
            A = I - D[:, :, None] * W_[None, :, :]           # I - D W for every sample
            zbar = tf.squeeze(tf.linalg.solve(A, g[:, :, None]), -1)
            return zbar * D, tf.matmul(zbar * D, z, transpose_a=True)
        return z, grad
    return fixed_point(x, W)
''', False, 'This solves (I − D W) z̄ = g; the adjoint equation is the transposed system (I − D W)ᵀ z̄ = g, i.e. z̄ = g + Wᵀ D z̄ for a column.',
           ('transpose|adjoint',)),
    Answer(KEY, 'float64-hard-coded', r'''
def fixed_point_layer(x, W, iterations=40, adjoint_steps=40):
    @tf.custom_gradient
    def fixed_point(x, W):
        x_, W_ = tf.stop_gradient(x), tf.stop_gradient(W)     # off every tape: only z is kept
        z = tf.zeros_like(x_)
        for _ in range(iterations):
            z = tf.tanh(tf.matmul(z, W_, transpose_b=True) + x_)

        def grad(g):
            one = tf.constant(1.0, dtype=tf.float64)
            D = one - z ** 2
            zbar = g
            for _ in range(adjoint_steps):
                zbar = g + tf.matmul(zbar * D, W_)
            return zbar * D, tf.matmul(zbar * D, z, transpose_a=True)
        return z, grad
    return fixed_point(x, W)
''', False, 'tf.constant(1.0, dtype=tf.float64) cannot meet float32 tensors: write 1 - z ** 2 (a Python number takes the tensor\'s dtype).',
           ('dtype|float32|float64',)),
    Answer(KEY, 'dW-uses-g-not-zbar', r'''
def fixed_point_layer(x, W, iterations=40, adjoint_steps=40):
    @tf.custom_gradient
    def fixed_point(x, W):
        x_, W_ = tf.stop_gradient(x), tf.stop_gradient(W)     # off every tape: only z is kept
        z = tf.zeros_like(x_)
        for _ in range(iterations):
            z = tf.tanh(tf.matmul(z, W_, transpose_b=True) + x_)

        def grad(g):
            D = 1 - z ** 2
            zbar = g
            for _ in range(adjoint_steps):
                zbar = g + tf.matmul(zbar * D, W_)
            dx = zbar * D
            dW = tf.matmul(g * D, z, transpose_a=True)
            return dx, dW
        return z, grad
    return fixed_point(x, W)
''', False, 'dL/dW needs the adjoint too: (z̄ ⊙ D)ᵀ z*, with z̄, not the upstream g (which counts only the last iteration).',
           ('z̄|zbar|adjoint|last iteration|last step',), names='dw_with_g'),
]

MISTAKES = named_mistakes(ANSWERS)
