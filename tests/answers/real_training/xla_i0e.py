"""Exercise 10.xla_i0e: answers written from the learner's side; each wrong one names the mistake it makes
and the first for each key is that mistake's wrong answer (MISTAKES)."""

from answer_kit import Answer, named_mistakes

KEY = "10.xla_i0e"

ANSWERS = [
    Answer('10.xla_i0e', 'tf-math-special', r'''
@tf.custom_gradient
def i0e_xla(x):
    def grad(upstream):
        slope = tf.math.special.bessel_i1e(x) - tf.sign(x) * tf.math.special.bessel_i0e(x)
        return upstream * slope
    return tf.math.special.bessel_i0e(x), grad
''', True),
    Answer('10.xla_i0e', 'aliases-and-a-where', r'''
@tf.custom_gradient
def i0e_xla(x):
    y = tf.math.bessel_i0e(x)
    def grad(upstream):
        sign = tf.where(x > 0, tf.ones_like(x), -tf.ones_like(x))
        return upstream * (tf.math.bessel_i1e(x) - sign * y)
    return y, grad
''', True),
    Answer('10.xla_i0e', 'numpy-function-kept-in-grad', r'''
def i0e_slope(x):
    return scipy.special.i1e(x) - np.sign(x) * scipy.special.i0e(x)

@tf.custom_gradient
def i0e_xla(x):
    def grad(upstream):                          # the forward was the problem; grad only runs backwards
        slope = tf.numpy_function(i0e_slope, [x], x.dtype)
        slope.set_shape(x.shape)
        return upstream * slope
    return tf.math.special.bessel_i0e(x), grad
''', False, 'mistake jit_compile',
           ('XLA', 'PyFunc|numpy_function'), names='jit_compile'),
    Answer('10.xla_i0e', 'py-function-instead-of-numpy-function', r'''
@tf.custom_gradient
def i0e_xla(x):
    y = tf.py_function(lambda t: tf.math.special.bessel_i0e(t), [x], x.dtype)
    y.set_shape(x.shape)
    def grad(upstream):
        return upstream * (tf.math.special.bessel_i1e(x) - tf.sign(x) * tf.math.special.bessel_i0e(x))
    return y, grad
''', False, 'mistake jit_compile',
           ('EagerPyFunc|py_function',), names='jit_compile'),
    Answer('10.xla_i0e', 'tf-print-left-in-grad', r'''
@tf.custom_gradient
def i0e_xla(x):
    y = tf.math.special.bessel_i0e(x)
    def grad(upstream):
        tf.print("upstream:", upstream)          # still debugging
        return upstream * (tf.math.special.bessel_i1e(x) - tf.sign(x) * y)
    return y, grad
''', False, 'mistake jit_compile',
           ('PrintV2|print',), names='jit_compile'),
    Answer('10.xla_i0e', 'np-sign-in-grad', r'''
@tf.custom_gradient
def i0e_xla(x):
    y = tf.math.special.bessel_i0e(x)
    def grad(upstream):
        return upstream * (tf.math.special.bessel_i1e(x) - np.sign(x) * y)
    return y, grad
''', False, 'mistake numpy_in_graph',
           ('NumPy|np\\.',), names='numpy_in_graph'),
    Answer('10.xla_i0e', 'dot-numpy-in-grad', r'''
@tf.custom_gradient
def i0e_xla(x):
    y = tf.math.special.bessel_i0e(x)
    def grad(upstream):
        slope = scipy.special.i1e(x.numpy()) - np.sign(x.numpy()) * y.numpy()
        return upstream * slope
    return y, grad
''', False, 'mistake numpy_in_graph',
           ('numpy',), names='numpy_in_graph'),
    Answer('10.xla_i0e', 'plain-autodiff', r'''
def i0e_xla(x):
    return tf.math.special.bessel_i0e(x)        # TensorFlow knows its gradient: no grad needed
''', False, 'mistake no_custom_gradient',
           ('custom gradient',), names='no_custom_gradient'),
    Answer('10.xla_i0e', 'unscaled-bessel', r'''
@tf.custom_gradient
def i0e_xla(x):
    y = tf.math.special.bessel_i0(x)
    def grad(upstream):
        return upstream * (tf.math.special.bessel_i1(x) - tf.sign(x) * y)
    return y, grad
''', False, 'mistake unscaled',
           ('scaled',), names='unscaled'),
    Answer('10.xla_i0e', 'sign-term-dropped', r'''
@tf.custom_gradient
def i0e_xla(x):
    def grad(upstream):
        return upstream * tf.math.special.bessel_i1e(x)       # d/dx I0 = I1
    return tf.math.special.bessel_i0e(x), grad
''', False, 'mistake sign_term_missing',
           ('term',), names='sign_term_missing'),
    Answer('10.xla_i0e', 'abs-for-sign', r'''
@tf.custom_gradient
def i0e_xla(x):
    y = tf.math.special.bessel_i0e(x)
    def grad(upstream):
        return upstream * (tf.math.special.bessel_i1e(x) - tf.abs(x) * y)
    return y, grad
''', False, 'mistake abs_not_sign',
           ('sign',), names='abs_not_sign'),
    Answer('10.xla_i0e', 'upstream-forgotten', r'''
@tf.custom_gradient
def i0e_xla(x):
    y = tf.math.special.bessel_i0e(x)
    def grad(upstream):
        return tf.math.special.bessel_i1e(x) - tf.sign(x) * y
    return y, grad
''', False, 'mistake upstream_ignored',
           ('upstream',), names='upstream_ignored'),
    Answer('10.xla_i0e', 'unscaled-slope', r'''
@tf.custom_gradient
def i0e_xla(x):
    def grad(upstream):
        return upstream * tf.math.special.bessel_i1(x)
    return tf.math.special.bessel_i0e(x), grad
''', False, 'mistake unscaled_slope',
           ('scaled',), names='unscaled_slope'),
    Answer('10.xla_i0e', 'i1e-as-the-forward', r'''
@tf.custom_gradient
def i0e_xla(x):
    y = tf.math.special.bessel_i1e(x)             # read the wrong line of the SciPy docs
    def grad(upstream):
        return upstream * (tf.math.special.bessel_i1e(x) - tf.sign(x) * tf.math.special.bessel_i0e(x))
    return y, grad
''', False, 'mistake wrong_function',
           ('i1e|order',), names='wrong_function'),
    Answer('10.xla_i0e', 'plus-instead-of-minus', r'''
@tf.custom_gradient
def i0e_xla(x):
    y = tf.math.special.bessel_i0e(x)
    def grad(upstream):
        return upstream * (tf.math.special.bessel_i1e(x) + tf.sign(x) * y)
    return y, grad
''', False, 'mistake sign_flipped',
           ('sign',), names='sign_flipped'),
    Answer('10.xla_i0e', 'orders-swapped', r'''
@tf.custom_gradient
def i0e_xla(x):
    i0, i1 = tf.math.special.bessel_i1e(x), tf.math.special.bessel_i0e(x)
    def grad(upstream):
        return upstream * (i1 - tf.sign(x) * i0)
    return tf.math.special.bessel_i0e(x), grad
''', False, 'mistake swapped_orders',
           ('swap|i1e',), names='swapped_orders'),
]



# ---------------------------------------------------------------- d-: a second learner corpus, written blind
def _i(forward, grad_body, decorator="@tf.custom_gradient\n"):
    return (decorator + "def i0e_xla(x):\n" + forward + "    def grad(upstream):\n" + grad_body +
            "    return y, grad\n")


_FWD = "    y = tf.math.special.bessel_i0e(x)\n"
_OK = "        return upstream * (tf.math.special.bessel_i1e(x) - tf.sign(x) * y)\n"

ANSWERS += [
    Answer(KEY, "d-right-special", _i(_FWD, _OK), True),
    Answer(KEY, "d-right-aliases", _i("    y = tf.math.bessel_i0e(x)\n",
        "        slope = tf.math.bessel_i1e(x) - tf.math.sign(x) * tf.math.bessel_i0e(x)\n"
        "        return upstream * slope\n"), True),
    Answer(KEY, "d-right-nested-where", _i(_FWD,
        "        i1e = tf.math.special.bessel_i1e(x)\n"
        "        slope = tf.where(x > 0, i1e - y, tf.where(x < 0, i1e + y, i1e))\n"
        "        return upstream * slope\n"), True),
    Answer(KEY, "d-where-ge-zero", _i(_FWD,
        "        i1e = tf.math.special.bessel_i1e(x)\n"
        "        return upstream * tf.where(x >= 0, i1e - y, i1e + y)\n"), True),
    Answer(KEY, "d-right-slope-helper", "def i0e_slope_tf(x):\n"
        "    return tf.math.special.bessel_i1e(x) - tf.sign(x) * tf.math.special.bessel_i0e(x)\n\n" +
        _i(_FWD, "        return upstream * i0e_slope_tf(x)\n"), True),
    Answer(KEY, "d-unscaled-bessel", _i("    y = tf.math.bessel_i0(x) * tf.exp(-tf.abs(x))\n",
        "        return upstream * (tf.math.bessel_i1(x) * tf.exp(-tf.abs(x)) - tf.sign(x) * y)\n"), False,
           mistake="the unscaled Bessel functions: XLA has no kernel for BesselI0 (and I0 overflows for large |x|)",
           must_mention=("BesselI0|tf.math.special",)),
    Answer(KEY, "d-numpy-function-in-grad", _i(_FWD,
        "        slope = tf.numpy_function(lambda t: scipy.special.i1e(t) - np.sign(t) * scipy.special.i0e(t), [x], x.dtype)\n"
        "        slope.set_shape(x.shape)\n"
        "        return upstream * slope\n"), False,
           mistake="grad still calls tf.numpy_function: XLA cannot compile it",
           must_mention=("numpy_function",)),
    Answer(KEY, "d-py-function-forward", _i(
        "    y = tf.py_function(lambda t: scipy.special.i0e(t.numpy()), [x], x.dtype)\n"
        "    y.set_shape(x.shape)\n", _OK), False,
           mistake="the forward uses tf.py_function: XLA cannot compile it",
           must_mention=("py_function",)),
    Answer(KEY, "d-tf-print-left-in", _i(_FWD,
        "        tf.print('upstream', upstream)\n" + _OK), False,
           mistake="a tf.print left in grad: XLA cannot compile the gradient",
           must_mention=("print",)),
    Answer(KEY, "d-no-sign", _i(_FWD,
        "        return upstream * (tf.math.special.bessel_i1e(x) - y)\n"), False,
           mistake="the sign(x) factor of e^{-|x|}'s derivative is dropped: wrong for negative x",
           must_mention=("sign|negative",), names='sign_dropped'),
    Answer(KEY, "d-i1e-only", _i(_FWD,
        "        return upstream * tf.math.special.bessel_i1e(x)\n"), False,
           mistake="only I0' = I1 scaled: the product rule's −sign(x)·i0e term is missing",
           must_mention=("sign|product rule|term|e^{-|x|}|e^-|x||exp",)),
    Answer(KEY, "d-cast-float32", _i("    y = tf.cast(tf.math.special.bessel_i0e(x), tf.float32)\n",
        "        return tf.cast(upstream * (tf.math.special.bessel_i1e(x) - tf.sign(x) * tf.cast(y, x.dtype)), tf.float32)\n"),
           False,
           mistake="casts to float32 'to be safe': float64 input gets float32 output and gradient",
           must_mention=("float64|dtype",)),
    Answer(KEY, "d-numpy-function-forward-only", _i(
        "    y = tf.numpy_function(scipy.special.i0e, [x], x.dtype)\n"
        "    y.set_shape(x.shape)\n", _OK), False,
           mistake="the forward still calls SciPy through tf.numpy_function: XLA refuses it",
           must_mention=("numpy_function",)),
]

MISTAKES = named_mistakes(ANSWERS)
