"""Exercise 07.fused_second_derivative: a wrong answer for each mistake it names, and answers written from the learner's side."""

import tensorflow as tf

from answer_kit import Answer, cg, tanh_dy_inside, tanh_with_second, fused_tanh

KEY = "07.fused_second_derivative"

MISTAKES = {
    'second_none': cg(lambda x: fused_tanh(x)[0], lambda x, u: u * fused_tanh(x)[1]),
    'upstream_ignored': cg(lambda x: tf.tanh(x), lambda x, u: 1 - tf.tanh(x) ** 2),
    'not_differentiated': tanh_with_second(lambda y, slope, ddy: ddy * slope),
    'wrong_second': tanh_with_second(lambda y, slope, ddy: ddy * 3 * y),
    'wrong_sign': tanh_with_second(lambda y, slope, ddy: ddy * 2 * y * slope),
    'chain_rule': tanh_with_second(lambda y, slope, ddy: ddy * -2 * y),
    'wrong_first': cg(lambda x: fused_tanh(x)[0],
                                                                    lambda x, u: 2 * u * fused_tanh(x)[1]),
    'dy_inside': tanh_dy_inside,
    'constant_factor': tanh_with_second(lambda y, slope, ddy: ddy * -y * slope),
    'not_fused': cg(tf.tanh, lambda x, u: u * (1 - tf.tanh(x) ** 2)),
}

ANSWERS = [
    # ---- set ab
    Answer('07.fused_second_derivative', 'slope-op-defined-before-grad', r'''
@tf.custom_gradient
def tanh_op(x):
    y, slope = fused_tanh(x)

    @tf.custom_gradient
    def slope_of(x_again):
        # d/dx (1 - tanh²x) = -2 tanh x (1 - tanh²x), from the fused values
        curvature = -2.0 * y * slope
        return slope, lambda ddy: ddy * curvature

    def grad(dy):
        return dy * slope_of(x)
    return y, grad
''', True),
    Answer('07.fused_second_derivative', 'naive-nesting-on-grad', r'''
@tf.custom_gradient
def tanh_op(x):
    y, slope = fused_tanh(x)
    @tf.custom_gradient
    def grad(dy):
        def grad_grad(ddy):
            return ddy * -2 * y * slope
        return dy * slope, grad_grad
    return y, grad
''', False, 'Decorating grad makes grad_grad a gradient with respect to dy, not x: the second derivative is None or wrong. Make the first derivative a custom-gradient function of x and multiply by dy outside it.',
           ('dy|nest',)),
    Answer('07.fused_second_derivative', 'second-derivative-sign-flipped', r'''
@tf.custom_gradient
def tanh_op(x):
    y, slope = fused_tanh(x)
    def grad(dy):
        @tf.custom_gradient
        def first_derivative(x):
            def second_derivative(ddy):
                return ddy * 2 * y * slope       # chain rule on tanh²
            return slope, second_derivative
        return dy * first_derivative(x)
    return y, grad
''', False, 'The second derivative has the wrong sign: 1 - tanh²x decreases where tanh x > 0, so d/dx(1 - tanh²x) is minus what is returned.',
           ('sign|minus|negative',)),
    Answer('07.fused_second_derivative', 'inner-op-called-on-dy', r'''
@tf.custom_gradient
def tanh_op(x):
    y, slope = fused_tanh(x)
    def grad(dy):
        @tf.custom_gradient
        def first_derivative(u):
            def second_derivative(ddy):
                return ddy * -2 * y * slope
            return u * slope, second_derivative
        return first_derivative(dy)           # multiply by dy inside the nested op
    return y, grad
''', False, 'The nested custom-gradient function takes dy as its input, so its gradient goes to dy, not to x: the second derivative is None for L = y. Pass x to it and multiply by dy outside.',
           ('dy',)),
    # ---- set c
    Answer('07.fused_second_derivative', 'nested custom gradient, -2 y slope', r'''
@tf.custom_gradient
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
''', True),
    Answer('07.fused_second_derivative', 'first derivative defined outside grad, 2y(y^2-1)', r'''
@tf.custom_gradient
def tanh_op(x):
    y, slope = fused_tanh(x)

    @tf.custom_gradient
    def tanh_slope(x):
        return slope, lambda ddy: ddy * 2.0 * y * (y * y - 1.0)

    def grad(dy):
        return tanh_slope(x) * dy
    return y, grad
''', True),
    Answer('07.fused_second_derivative', 'second derivative from sinh and cosh', r'''
@tf.custom_gradient
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
''', True),
    Answer('07.fused_second_derivative', 'slope recomputed with tf.tanh in grad', r'''
@tf.custom_gradient
def tanh_op(x):
    y, slope = fused_tanh(x)
    def grad(dy):
        return dy * (1.0 - tf.tanh(x) ** 2)   # same value as slope, but the tape can differentiate it
    return y, grad
''', False, "recomputes the slope with tf.tanh, which the tape can see: the prompt asks for fused_tanh's slope (relabelled wrong by the course authors when the prompt was made explicit)",
           ('fused',)),
    Answer('07.fused_second_derivative', 'naive nesting: grad itself decorated', r'''
@tf.custom_gradient
def tanh_op(x):
    y, slope = fused_tanh(x)
    @tf.custom_gradient
    def grad(dy):
        def grad_grad(ddy):
            return ddy * (-2.0 * y * slope)
        return dy * slope, grad_grad
    return y, grad
''', False, 'Decorating grad makes grad_grad a gradient with respect to dy, not x; make the first derivative a custom-gradient function of x and multiply by dy outside it.',
           ('dy|upstream|function of x|nest',)),
    Answer('07.fused_second_derivative', 'second derivative with the wrong sign', r'''
@tf.custom_gradient
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
''', False, 'd/dx(1 − tanh² x) = −2 tanh x (1 − tanh² x): the sign is wrong.',
           ('sign|minus|negative|−2|-2',)),
    Answer('07.fused_second_derivative', 'factor 2 forgotten', r'''
@tf.custom_gradient
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
''', False, 'The derivative of tanh² x is 2 tanh x · (1 − tanh² x): the factor 2 is missing.',
           ('factor|twice|−2|-2|2 tanh|2·tanh|2y',)),
    Answer('07.fused_second_derivative', 'chain rule forgotten: -2 tanh x', r'''
@tf.custom_gradient
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
''', False, '−2 tanh x is the derivative with respect to tanh x; by the chain rule multiply by d tanh x/dx = 1 − tanh² x.',
           ('chain|slope|1 - tanh|1 − tanh|sech',)),
    Answer('07.fused_second_derivative', 'x instead of tanh x in the second derivative', r'''
@tf.custom_gradient
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
''', False, 'The second derivative is −2 tanh x (1 − tanh² x); it uses tanh x (y), not x itself.',
           ('tanh',)),
    Answer('07.fused_second_derivative', 'ddy ignored in the second derivative', r'''
@tf.custom_gradient
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
''', False, 'second_derivative must multiply by its own upstream ddy, like any grad.',
           ('upstream|ddy',)),
    Answer('07.fused_second_derivative', 'dy multiplied inside the first-derivative function', r'''
@tf.custom_gradient
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
''', False, 'dy is multiplied inside the custom-gradient function, whose gradient forgets it: the second derivative misses the factor dy (and any dependence of dy on x); multiply by dy outside it.',
           ('dy|upstream|outside',)),
    Answer('07.fused_second_derivative', 'NumPy in the second derivative', r'''
@tf.custom_gradient
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
''', False, 'np.tanh works on eager tensors only; inside tf.function x is symbolic and NumPy fails: use tf.tanh (or y and slope).',
           ('numpy|tf.function|symbolic|graph',)),
    Answer('07.fused_second_derivative', '1 - y**2 with y from the fused call', r'''
@tf.custom_gradient
def tanh_op(x):
    y, slope = fused_tanh(x)
    def grad(dy):
        return dy * (1.0 - y ** 2)
    return y, grad
''', False, 'y comes from fused_tanh, which the tape cannot see into, so 1 − y² is a constant to the outer tape and the second derivative is None.',
           ('none|second',)),
    Answer('07.fused_second_derivative', 'inner custom-gradient function called with a keyword', r'''
@tf.custom_gradient
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
''', False, 'Called with a keyword argument, a custom-gradient function skips its custom gradient eagerly (and fails inside tf.function): call first_derivative(x) positionally.',
           ('keyword|positional',)),
    Answer('07.fused_second_derivative', 'typo tf.tanhh', r'''
@tf.custom_gradient
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
''', False, 'tf.tanhh does not exist: it is tf.tanh (or reuse y).'),
    Answer('07.fused_second_derivative', 'first derivative function returns only the slope', r'''
@tf.custom_gradient
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
''', False, 'A @tf.custom_gradient function must return the pair (value, grad): return slope, second_derivative.'),
    Answer('07.fused_second_derivative', 'grad missing its return', r'''
@tf.custom_gradient
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
''', False, 'grad computes dy · first_derivative(x) but does not return it, so it returns None.',
           ('return|none',)),
    Answer('07.fused_second_derivative', 'first-derivative function takes no argument', r'''
@tf.custom_gradient
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
''', False, 'The first-derivative function must take x as its input; with no input the outer tape sees no path from it back to x.',
           ('input|argument|function of x',)),
    # ---- set e
    Answer('07.fused_second_derivative', 'nested custom gradient with -2 y slope', r'''
@tf.custom_gradient
def tanh_op(x):
    y, slope = fused_tanh(x)
    def grad(dy):
        @tf.custom_gradient
        def first_derivative(x):
            def second_derivative(ddy):
                return ddy * -2.0 * y * slope        # d(1 - tanh²)/dx = -2 tanh (1 - tanh²)
            return slope, second_derivative
        return dy * first_derivative(x)
    return y, grad
''', True),
    Answer('07.fused_second_derivative', 'slope recomputed with tf.tanh', r'''
@tf.custom_gradient
def tanh_op(x):
    y, slope = fused_tanh(x)
    def grad(dy):
        return dy * (1 - tf.tanh(x) ** 2)     # TF ops on x: the outer tape can differentiate this
    return y, grad
''', False, "Recomputes the slope with tf.tanh, which the tape can see: the prompt asks for fused_tanh's slope (relabelled wrong by the course authors when the prompt was made explicit).",
           ('fused',)),
    Answer('07.fused_second_derivative', '1 - y² from the fused output', r'''
@tf.custom_gradient
def tanh_op(x):
    y, slope = fused_tanh(x)
    def grad(dy):
        return dy * (1 - y ** 2)     # tanh' = 1 - tanh², written with TF ops
    return y, grad
''', False, 'y comes from the fused call the tape cannot see into, so 1 − y² is a constant to the outer tape: the second derivative is None or wrong.',
           ('second|none|tape|see|constant|fused',)),
    Answer('07.fused_second_derivative', 'second derivative sign flipped', r'''
@tf.custom_gradient
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
''', False, 'd(1 − tanh²)/dx = −2 tanh·(1 − tanh²): the minus sign is missing.',
           ('sign|minus|-2|−2|negative',)),
    Answer('07.fused_second_derivative', 'chain factor (1 - tanh²) missing', r'''
@tf.custom_gradient
def tanh_op(x):
    y, slope = fused_tanh(x)
    def grad(dy):
        @tf.custom_gradient
        def first_derivative(x):
            def second_derivative(ddy):
                return ddy * -2.0 * y              # d(-tanh²)/dx
            return slope, second_derivative
        return dy * first_derivative(x)
    return y, grad
''', False, "d(tanh²)/dx = 2 tanh·tanh', by the chain rule: the factor 1 − tanh² is missing.",
           ('chain|1 - tanh|1 − tanh|slope|sech|factor',)),
    Answer('07.fused_second_derivative', 'ddy ignored in the second derivative', r'''
@tf.custom_gradient
def tanh_op(x):
    y, slope = fused_tanh(x)
    def grad(dy):
        @tf.custom_gradient
        def first_derivative(x):
            return slope, lambda ddy: -2.0 * y * slope
        return dy * first_derivative(x)
    return y, grad
''', False, 'The inner gradient also receives an upstream (ddy) and must multiply by it.',
           ('ddy|upstream',)),
    # ---- set f
    Answer('07.fused_second_derivative', 'nested_pattern_named_second', r'''
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
''', True),
    Answer('07.fused_second_derivative', 'nested_pattern_tf_function_on_top', r'''
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
''', False, "With @tf.function on tanh_op itself, the nested gradient captures tensors of tanh_op's graph and the second derivative fails; leave tanh_op undecorated.",
           ('tf.function|graph|decorat',)),
    Answer('07.fused_second_derivative', 'first_derivative_from_tf_tanh', r'''
@tf.custom_gradient
def tanh_op(x):
    y, slope = fused_tanh(x)
    def grad(dy):
        t = tf.tanh(x)            # TensorFlow ops on x: the outer tape can see them
        return dy * (1 - t * t)
    return y, grad
''', False, "Recomputes the slope with tf.tanh, which the tape can see: the exercise asks for fused_tanh's slope. (Relabelled wrong by the course authors: the prompt asks for the fused slope.)",
           ('fused',)),
    Answer('07.fused_second_derivative', 'dy_inside_nested_function', r'''
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
''', False, 'dy is captured inside the nested function, so the outer tape loses how dy depends on x (wrong when the loss is Σ u y²). Multiply by dy outside it.',
           ('outside|upstream|depends on x|captur',)),
    Answer('07.fused_second_derivative', 'nested_input_is_slope', r'''
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
''', False, "The nested function's input is slope, which the tape cannot trace back to x; make it a function of x.",
           ('function of x|of x|input|path|None',)),
    Answer('07.fused_second_derivative', 'second_is_first', r'''
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
''', False, 'The nested gradient returns the first derivative again; d(1 − tanh²)/dx = −2 tanh x (1 − tanh² x).',
           ('−2|-2 tanh|-2·tanh|-2 *|first derivative again|same as the first|equals the first',)),
    # ---- set g
    Answer('07.fused_second_derivative', 'nested-with-tf-print', r'''
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
    Answer('07.fused_second_derivative', 'separate-slope-function', r'''
@tf.custom_gradient
def tanh_slope(x):
    y, slope = fused_tanh(x)
    return slope, lambda ddy: ddy * -2 * y * slope

@tf.custom_gradient
def tanh_op(x):
    y, slope = fused_tanh(x)
    return y, lambda dy: dy * tanh_slope(x)
''', True),
    Answer('07.fused_second_derivative', 'grad-decorated', r'''
@tf.custom_gradient
def tanh_op(x):
    y, slope = fused_tanh(x)
    @tf.custom_gradient
    def grad(dy):
        return dy * slope, lambda ddy: ddy * (-2 * y * slope)
    return y, grad
''', False, 'decorating grad gives a derivative with respect to dy, not x: the second derivative is None, or wrong when dy depends on x',
           ('dy|None|upstream',)),
    Answer('07.fused_second_derivative', 'dy-inside-nested-function', r'''
@tf.custom_gradient
def tanh_op(x):
    y, slope = fused_tanh(x)
    def grad(dy):
        @tf.custom_gradient
        def first(x):
            return dy * slope, lambda ddy: ddy * dy * (-2 * y * slope)
        return first(x)
    return y, grad
''', False, 'dy is multiplied inside the nested custom gradient, which hides its dependence on x: wrong when the upstream depends on x (L = Σ u y²)',
           ('dy|upstream|outside',)),
    Answer('07.fused_second_derivative', 'print-dy-numpy', r'''
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
''', False, 'dy.numpy() in grad fails inside tf.function, where dy is symbolic; use tf.print to look at it',
           ('numpy|tf.function|symbolic|graph|tf.print',)),
    # ---- set j
    Answer('07.fused_second_derivative', 'nested-first-derivative-lambda', r'''
@tf.custom_gradient
def tanh_op(x):
    y, slope = fused_tanh(x)
    def grad(dy):
        @tf.custom_gradient
        def first_derivative(x):
            # d/dx (1 - tanh²x) = -2 tanh x (1 - tanh²x), from the fused values
            return slope, lambda ddy: ddy * (-2.0) * y * slope
        return dy * first_derivative(x)
    return y, grad
''', True),
    Answer('07.fused_second_derivative', 'module-level-slope-op', r'''
@tf.custom_gradient
def tanh_slope(x):
    t, s = fused_tanh(x)
    def slope_grad(ddy):
        return ddy * (-2 * t * (1 - t * t))      # derivative of 1 - t², with t' = 1 - t²
    return s, slope_grad

@tf.custom_gradient
def tanh_op(x):
    y, _ = fused_tanh(x)
    return y, lambda dy: tanh_slope(x) * dy
''', True),
    Answer('07.fused_second_derivative', 'naive-nesting-decorated-grad', r'''
@tf.custom_gradient
def tanh_op(x):
    y, slope = fused_tanh(x)
    @tf.custom_gradient
    def grad(dy):
        def grad_grad(ddy):
            return ddy * (-2.0) * y * slope
        return dy * slope, grad_grad
    return y, grad
''', False, 'Decorating grad makes grad_grad a gradient with respect to dy, not x: the second derivative comes out None or wrong. Make the slope a custom-gradient function of x.',
           ('dy|second',)),
    Answer('07.fused_second_derivative', 'recomputed-with-tf-tanh', r'''
@tf.custom_gradient
def tanh_op(x):
    y, slope = fused_tanh(x)
    def grad(dy):
        return dy * (1 - tf.tanh(x) ** 2)     # let the tape see the slope
    return y, grad
''', False, 'Recomputing the slope with tf.tanh lets the tape do the second derivative; the exercise wants the fused slope and your own second derivative.',
           ('fused|slope',)),
    Answer('07.fused_second_derivative', 'second-derivative-sign-flipped', r'''
@tf.custom_gradient
def tanh_op(x):
    y, slope = fused_tanh(x)
    def grad(dy):
        @tf.custom_gradient
        def first_derivative(x):
            def second_derivative(ddy):
                return ddy * 2 * y * slope
            return slope, second_derivative
        return dy * first_derivative(x)
    return y, grad
''', False, 'd/dx(1 − tanh²x) = −2 tanh x (1 − tanh²x): the second derivative has the wrong sign.',
           ('sign|second',)),
    Answer('07.fused_second_derivative', 'second-is-the-first-copied', r'''
@tf.custom_gradient
def tanh_op(x):
    y, slope = fused_tanh(x)
    def grad(dy):
        @tf.custom_gradient
        def first_derivative(x):
            def second_derivative(ddy):
                return ddy * slope           # same pattern as grad
            return slope, second_derivative
        return dy * first_derivative(x)
    return y, grad
''', False, 'second_derivative returns the first derivative (1 − tanh²) again; it should be its derivative, −2 tanh x (1 − tanh²x).',
           ('second',)),
    Answer('07.fused_second_derivative', 'typo-in-second-derivative', r'''
@tf.custom_gradient
def tanh_op(x):
    y, slope = fused_tanh(x)
    def grad(dy):
        @tf.custom_gradient
        def first_derivative(x):
            def second_derivative(ddy):
                return -2.0 * ddy * y * slop
            return slope, second_derivative
        return dy * first_derivative(x)
    return y, grad
''', False, '`slop` is a typo for `slope`: the first derivative works, the second raises a NameError.',
           ('slop|NameError|not defined',)),
    # ---- set l
    Answer('07.fused_second_derivative', 'helper-factory-for-slope-op', r'''
def slope_as_op(y, slope):
    """An op of x whose value is the fused slope and whose own gradient is d(1 - tanh²)/dx."""
    @tf.custom_gradient
    def slope_of(x):
        def curvature(ddy):
            return ddy * (-2.0) * y * slope        # d/dx (1 - tanh² x) = -2 tanh x (1 - tanh² x)
        return tf.identity(slope), curvature
    return slope_of


@tf.custom_gradient
def tanh_op(x):
    y, slope = fused_tanh(x)
    def grad(dy):
        return slope_as_op(y, slope)(x) * dy
    return y, grad
''', True),
    Answer('07.fused_second_derivative', 'decorated-grad-naive-nesting', r'''
@tf.custom_gradient
def tanh_op(x):
    y, slope = fused_tanh(x)
    @tf.custom_gradient
    def grad(dy):
        def grad_grad(ddy):
            return ddy * -2.0 * y * slope
        return dy * slope, grad_grad
    return y, grad
''', False, 'Decorating grad gives a gradient with respect to dy, not x: make the first derivative a custom-gradient function of x and multiply by dy outside it.',
           ('dy|nest|function of x',)),
    Answer('07.fused_second_derivative', 'second-derivative-sign-flipped', r'''
@tf.custom_gradient
def tanh_op(x):
    y, slope = fused_tanh(x)
    def grad(dy):
        @tf.custom_gradient
        def first_derivative(x):
            def second_derivative(ddy):
                return ddy * 2 * y * slope          # d(tanh²)/dx = 2 tanh · (1 - tanh²)
            return slope, second_derivative
        return dy * first_derivative(x)
    return y, grad
''', False, 'That is the derivative of tanh², but the slope is 1 - tanh²: the second derivative has the opposite sign.',
           ('sign|negative|minus|opposite',)),
    Answer('07.fused_second_derivative', 'recomputes-slope-with-tf-tanh', r'''
@tf.custom_gradient
def tanh_op(x):
    y, _ = fused_tanh(x)
    def grad(dy):
        t = tf.tanh(x)                 # recompute so the outer tape can see it
        return dy * (1 - t ** 2)
    return y, grad
''', False, 'The slope must be the one fused_tanh returns; recomputing it with tf.tanh lets the tape do the second derivative, which is not the exercise.',
           ('fused',)),
    Answer('07.fused_second_derivative', 'ddy-ignored-in-second-derivative', r'''
@tf.custom_gradient
def tanh_op(x):
    y, slope = fused_tanh(x)
    def grad(dy):
        @tf.custom_gradient
        def first_derivative(x):
            second = -2.0 * y * slope
            tf.print("second derivative:", second)
            return slope, lambda ddy: second
        return dy * first_derivative(x)
    return y, grad
''', False, 'The inner gradient returns the second derivative without multiplying by its upstream ddy.',
           ('ddy|upstream',)),
    Answer('07.fused_second_derivative', 'chain-factor-missing', r'''
@tf.custom_gradient
def tanh_op(x):
    y, slope = fused_tanh(x)
    def grad(dy):
        @tf.custom_gradient
        def first_derivative(x):
            def second_derivative(ddy):
                return ddy * -2.0 * y           # d/dx (1 - tanh²) = -2 tanh
            return slope, second_derivative
        return dy * first_derivative(x)
    return y, grad
''', False, "d/dx tanh² x needs the chain rule: -2 tanh x times tanh's own slope (1 - tanh² x); that factor is missing.",
           ('chain|factor',)),
    # ---- set m
    Answer('07.fused_second_derivative', 'long-typed', r'''
@tf.custom_gradient
def tanh_op(x: tf.Tensor):
    """tanh with fused value and slope; true second derivative.

    d/dx (1 - tanh² x) = -2 tanh x (1 - tanh² x) = -2 · y · slope.
    """
    y, slope = fused_tanh(x)

    def grad(dy: tf.Tensor) -> tf.Tensor:
        @tf.custom_gradient
        def first_derivative(x_inner: tf.Tensor):
            def second_derivative(ddy: tf.Tensor) -> tf.Tensor:
                return ddy * (-2.0) * y * slope
            return slope, second_derivative
        return dy * first_derivative(x)

    return y, grad
''', True),
    Answer('07.fused_second_derivative', 'naive-nesting', r'''
@tf.custom_gradient
def tanh_op(x):
    y, slope = fused_tanh(x)
    @tf.custom_gradient
    def grad(dy):
        def grad_grad(ddy):
            return ddy * -2 * y * slope
        return dy * slope, grad_grad
    return y, grad
''', False, 'Decorating grad makes grad_grad a gradient with respect to dy, not x: make the first derivative a custom-gradient function of x.',
           ('dy',)),
    Answer('07.fused_second_derivative', 'second-sign', r'''
@tf.custom_gradient
def tanh_op(x):
    y, slope = fused_tanh(x)
    def grad(dy):
        @tf.custom_gradient
        def first_derivative(x):
            return slope, lambda ddy: ddy * 2 * y * slope
        return dy * first_derivative(x)
    return y, grad
''', False, 'The second derivative has the wrong sign.',
           ('sign|minus',)),
    Answer('07.fused_second_derivative', 'second-missing-chain', r'''
@tf.custom_gradient
def tanh_op(x):
    y, slope = fused_tanh(x)
    def grad(dy):
        @tf.custom_gradient
        def first_derivative(x):
            return slope, lambda ddy: ddy * -2 * y       # d(tanh²)/dx = 2 tanh
        return dy * first_derivative(x)
    return y, grad
''', False, 'd(tanh² x)/dx needs the chain rule: the slope factor is missing.',
           ('chain|slope|factor',)),
    Answer('07.fused_second_derivative', 'second-is-first', r'''
@tf.custom_gradient
def tanh_op(x):
    y, slope = fused_tanh(x)
    def grad(dy):
        @tf.custom_gradient
        def first_derivative(x):
            return slope, lambda ddy: ddy * slope
        return dy * first_derivative(x)
    return y, grad
''', False, 'The inner gradient returns the first derivative again where the second belongs.',
           ('first|second',)),
    # ---- set o
    Answer('07.fused_second_derivative', 'nested-first-derivative', r'''
@tf.custom_gradient
def tanh_op(x):
    y, slope = fused_tanh(x)
    def grad(dy):
        @tf.custom_gradient
        def first_derivative(x):
            return slope, lambda ddy: ddy * (-2.0) * y * slope
        return dy * first_derivative(x)
    return y, grad
''', True),
    Answer('07.fused_second_derivative', 'module-level-slope-op', r'''
@tf.custom_gradient
def tanh_slope(x):
    t, s = fused_tanh(x)
    def second(ddy):
        return -2 * ddy * t * s          # d/dx (1 - tanh^2) = -2 tanh (1 - tanh^2)
    return s, second

@tf.custom_gradient
def tanh_op(x):
    y, _ = fused_tanh(x)
    return y, lambda dy: tanh_slope(x) * dy
''', True),
    Answer('07.fused_second_derivative', 'naive-nesting-on-grad', r'''
@tf.custom_gradient
def tanh_op(x):
    y, slope = fused_tanh(x)
    @tf.custom_gradient
    def grad(dy):
        def grad_grad(ddy):
            return ddy * -2 * y * slope
        return dy * slope, grad_grad
    return y, grad
''', False, 'decorating grad makes grad_grad a gradient with respect to dy, not x: make the first derivative a custom-gradient function of x',
           ('dy|nest|decorat',)),
    Answer('07.fused_second_derivative', 'second-derivative-sign-flipped', r'''
@tf.custom_gradient
def tanh_op(x):
    y, slope = fused_tanh(x)
    def grad(dy):
        @tf.custom_gradient
        def first_derivative(x):
            return slope, lambda ddy: ddy * 2 * y * slope
        return dy * first_derivative(x)
    return y, grad
''', False, 'the second derivative has the wrong sign: d/dx(1 - tanh² x) is negative where tanh x > 0',
           ('sign|second',)),
    Answer('07.fused_second_derivative', 'recomputes-with-tf-tanh', r'''
@tf.custom_gradient
def tanh_op(x):
    y, slope = fused_tanh(x)
    def grad(dy):
        return dy * (1 - tf.tanh(x) ** 2)     # the tape can differentiate this itself
    return y, grad
''', False, 'recomputing the slope with tf.tanh lets the tape do the second derivative; use the slope fused_tanh returned and give it a custom gradient',
           ('fused|slope|tf.tanh',)),
    Answer('07.fused_second_derivative', 'dy-inside-first-derivative', r'''
@tf.custom_gradient
def tanh_op(x):
    y, slope = fused_tanh(x)
    def grad(dy):
        @tf.custom_gradient
        def first_derivative(x):
            return dy * slope, lambda ddy: ddy * -2 * y * slope
        return first_derivative(x)
    return y, grad
''', False, 'dy is multiplied inside first_derivative but left out of its gradient: the second derivative is right only when dy is 1',
           ('dy|upstream',)),
    # ---- set q
    Answer('07.fused_second_derivative', 'jax-style-residuals', r'''
# fwd keeps residuals (y, slope); bwd returns dy times a first derivative that is itself a custom gradient of x
def tanh_fwd(x):
    y, slope = fused_tanh(x)
    return y, (x, y, slope)

def tanh_bwd(residuals, dy):
    x, y, slope = residuals

    @tf.custom_gradient
    def first_derivative(x):
        def second_derivative(ddy):
            # d/dx (1 - tanh^2 x) = -2 tanh x (1 - tanh^2 x)
            return ddy * (-2.0) * y * slope
        return slope, second_derivative

    return (dy * first_derivative(x),)

@tf.custom_gradient
def tanh_op(x):
    y, residuals = tanh_fwd(x)
    return y, lambda dy: tanh_bwd(residuals, dy)
''', True),
    Answer('07.fused_second_derivative', 'naive-nesting-on-grad', r'''
@tf.custom_gradient
def tanh_op(x):
    y, slope = fused_tanh(x)

    @tf.custom_gradient
    def grad(dy):
        def grad_grad(ddy):
            return ddy * -2.0 * y * slope
        return dy * slope, grad_grad
    return y, grad
''', False, 'decorating grad makes grad_grad a gradient with respect to dy, not x: the second derivative is None or wrong; make the first derivative a custom-gradient function of x and multiply by dy outside it',
           ('nest|decorat|grad_grad|respect to dy',)),
    Answer('07.fused_second_derivative', 'einsum-sign-error', r'''
@tf.custom_gradient
def tanh_op(x):
    y, slope = fused_tanh(x)
    def grad(dy):
        @tf.custom_gradient
        def first(x):
            def second(ddy):
                return ddy * tf.einsum("...,...->...", 2.0 * y, slope)
            return slope, second
        return dy * first(x)
    return y, grad
''', False, 'the second derivative has the wrong sign: 1 - tanh^2 decreases where tanh increases, so d/dx(1 - tanh^2 x) = -2 tanh x (1 - tanh^2 x)',
           ('sign|minus|negative',)),
    Answer('07.fused_second_derivative', 'dropped-chain-rule-factor', r'''
@tf.custom_gradient
def tanh_op(x):
    y, slope = fused_tanh(x)
    def grad(dy):
        @tf.custom_gradient
        def first_derivative(x):
            return slope, lambda ddy: ddy * -2.0 * y          # d(1 - t^2)/dt = -2t
        return dy * first_derivative(x)
    return y, grad
''', False, "d/dx(1 - tanh^2 x) needs the chain rule: -2 tanh x times tanh's own slope (1 - tanh^2 x); the factor slope is missing",
           ('chain|factor',)),
    # ---- set t
    Answer('07.fused_second_derivative', 'cubic-form-of-curvature', r'''
@tf.custom_gradient
def tanh_op(x):
    y, slope = fused_tanh(x)

    @tf.custom_gradient
    def slope_op(x):
        def curvature(ddy):
            # d/dx (1 - tanh^2 x) = -2 tanh x (1 - tanh^2 x) = 2 y (y^2 - 1)
            return ddy * 2.0 * y * (y * y - 1.0)
        return slope, curvature

    def grad(dy):
        return tf.multiply(dy, slope_op(x))
    return y, grad
''', True),
    Answer('07.fused_second_derivative', 'curvature-sign-flipped', r'''
@tf.custom_gradient
def tanh_op(x):
    y, slope = fused_tanh(x)
    def grad(dy):
        @tf.custom_gradient
        def first_derivative(x):
            return slope, lambda ddy: ddy * 2 * y * slope
        return dy * first_derivative(x)
    return y, grad
''', False, 'The second derivative of tanh is -2 tanh x (1 - tanh² x): the sign is flipped.',
           ('sign|negative|minus',)),
    Answer('07.fused_second_derivative', 'curvature-missing-slope', r'''
@tf.custom_gradient
def tanh_op(x):
    y, slope = fused_tanh(x)
    def grad(dy):
        @tf.custom_gradient
        def first_derivative(x):
            return slope, lambda ddy: ddy * -2 * y      # d(1 - y^2) = -2y
        return dy * first_derivative(x)
    return y, grad
''', False, 'd(1 - y²)/dx needs the chain rule: -2y times dy/dx, and dy/dx is the slope; it is missing.',
           ('slope|chain',)),
    Answer('07.fused_second_derivative', 'bfloat16-curvature', r'''
@tf.custom_gradient
def tanh_op(x):
    y, slope = fused_tanh(x)
    def grad(dy):
        @tf.custom_gradient
        def first_derivative(x):
            def second(ddy):
                y16, s16 = tf.cast(y, tf.bfloat16), tf.cast(slope, tf.bfloat16)   # cheap: it's only curvature
                return ddy * tf.cast(-2 * y16 * s16, ddy.dtype)
            return slope, second
        return dy * first_derivative(x)
    return y, grad
''', False, "The second derivative is computed in bfloat16, about 3 significant digits, so it is off by up to ~1e-2 relative; compute it in the input's dtype.",
           ('bfloat16|precision',)),
    # ---- set v
    Answer('07.fused_second_derivative', 'module-level-slope-op', r'''
@tf.custom_gradient
def _tanh_slope(x):
    """1 - tanh²x from the fused kernel, with its own derivative."""
    t, s = fused_tanh(x)
    def second(ddy):
        return ddy * (-2.0) * t * s        # d/dx (1 - tanh²x) = -2 tanh x (1 - tanh²x)
    return s, second


@tf.custom_gradient
def tanh_op(x):
    y, _ = fused_tanh(x)
    return y, lambda dy: dy * _tanh_slope(x)
''', True),
    Answer('07.fused_second_derivative', 'module-missing-two', r'''
class TanhOp(tf.Module):
    @tf.custom_gradient
    def __call__(self, x):
        y, slope = fused_tanh(x)
        def grad(dy):
            @tf.custom_gradient
            def first_derivative(x):
                return slope, lambda ddy: ddy * -y * slope     # d(1 - tanh²x)/dx
            return dy * first_derivative(x)
        return y, grad


tanh_op = TanhOp()
''', False, 'd/dx(1 - tanh²x) = -2 tanh x (1 - tanh²x): the second derivative misses the factor 2 of the chain rule.',
           ('second',)),
    Answer('07.fused_second_derivative', 'partial-at-wrong-point', r'''
import functools


def _slope_derivative(ddy, at):
    t = tf.tanh(at)
    return ddy * -2 * t * (1 - t ** 2)


@tf.custom_gradient
def tanh_op(x):
    y, slope = fused_tanh(x)
    def grad(dy):
        @tf.custom_gradient
        def first(x):
            return slope, functools.partial(_slope_derivative, at=y)
        return dy * first(x)
    return y, grad
''', False, 'The second derivative is evaluated at tanh(x) instead of x: tanh is applied twice.',
           ('second',)),
    Answer('07.fused_second_derivative', 'numpy-second-eager-only', r'''
@tf.custom_gradient
def tanh_op(x):
    y, slope = fused_tanh(x)
    def grad(dy):
        @tf.custom_gradient
        def first_derivative(x):
            def second_derivative(ddy):
                t = np.tanh(x.numpy())
                return ddy * (-2 * t * (1 - t ** 2)).astype(x.dtype.as_numpy_dtype)
            return slope, second_derivative
        return dy * first_derivative(x)
    return y, grad
''', False, 'x.numpy() in the second derivative only works eagerly; inside tf.function use TensorFlow ops (y and slope).',
           ('tf.function|numpy|symbolic|graph|compiled',)),
    # ---- set x
    Answer('07.fused_second_derivative', 'factory-for-first-derivative', r'''
from typing import Callable, Tuple


def _slope_with_curvature(y: tf.Tensor, slope: tf.Tensor) -> Callable[[tf.Tensor], tf.Tensor]:
    """Build f'(x) as an op of x whose own gradient is f''(x).

    With t = tanh x, f'(x) = 1 - t^2 and f''(x) = -2 t (1 - t^2) = -2 * y * slope,
    both from the fused kernel's outputs.
    """
    @tf.custom_gradient
    def first_derivative(x: tf.Tensor):
        def second_derivative(ddy: tf.Tensor) -> tf.Tensor:
            return ddy * (-2.0) * y * slope
        return slope, second_derivative
    return first_derivative


@tf.custom_gradient
def tanh_op(x: tf.Tensor) -> Tuple[tf.Tensor, Callable[[tf.Tensor], tf.Tensor]]:
    """tanh from the fused kernel, correct to second order."""
    y, slope = fused_tanh(x)
    first_derivative = _slope_with_curvature(y, slope)

    def grad(dy: tf.Tensor) -> tf.Tensor:
        return dy * first_derivative(x)

    return y, grad


# self-test at x = 0.8: second derivative of tanh
_x = tf.constant(0.8, tf.float64)
with tf.GradientTape() as _outer:
    _outer.watch(_x)
    with tf.GradientTape() as _inner:
        _inner.watch(_x)
        _y = tanh_op(_x)
    _first = _inner.gradient(_y, _x)
_second = _outer.gradient(_first, _x)
_t = np.tanh(0.8)
assert np.isclose(_first, 1 - _t ** 2) and np.isclose(_second, -2 * _t * (1 - _t ** 2))
''', True),
    Answer('07.fused_second_derivative', 'decorated-grad', r'''
from typing import Callable, Tuple


@tf.custom_gradient
def tanh_op(x: tf.Tensor) -> Tuple[tf.Tensor, Callable[[tf.Tensor], tf.Tensor]]:
    """tanh with a custom first AND second derivative.

    grad is itself a custom-gradient function, so TensorFlow uses grad_grad for the
    second-order term: d/dx (1 - tanh^2 x) = -2 tanh x (1 - tanh^2 x).
    """
    y, slope = fused_tanh(x)

    @tf.custom_gradient
    def grad(dy: tf.Tensor):
        def grad_grad(ddy: tf.Tensor) -> tf.Tensor:
            return ddy * (-2.0 * y * slope)
        return dy * slope, grad_grad

    return y, grad
''', False, 'decorating grad makes grad_grad a gradient with respect to dy, so the second derivative is None or wrong',
           ('second',)),
    Answer('07.fused_second_derivative', 'sign-flipped-curvature', r'''
from typing import Callable, Tuple


@tf.custom_gradient
def tanh_op(x: tf.Tensor) -> Tuple[tf.Tensor, Callable[[tf.Tensor], tf.Tensor]]:
    """tanh via fused kernel; the nested custom gradient supplies the second derivative.

    d/dx (1 - tanh^2) = 2 tanh(x) * sech^2(x) = 2 * y * slope.
    """
    y, slope = fused_tanh(x)

    def grad(dy: tf.Tensor) -> tf.Tensor:
        @tf.custom_gradient
        def first_derivative(x: tf.Tensor):
            def second_derivative(ddy: tf.Tensor) -> tf.Tensor:
                return ddy * 2.0 * y * slope
            return slope, second_derivative
        return dy * first_derivative(x)

    return y, grad
''', False, 'the second derivative of tanh is -2 tanh x (1 - tanh² x): the minus sign is missing',
           ('sign|minus|negative',)),
    Answer('07.fused_second_derivative', 'stop-gradient-for-safety', r'''
from typing import Callable, Tuple


@tf.custom_gradient
def tanh_op(x: tf.Tensor) -> Tuple[tf.Tensor, Callable[[tf.Tensor], tf.Tensor]]:
    """tanh from the fused kernel with a nested custom gradient for curvature.

    The result of grad is wrapped in tf.stop_gradient so the backward pass cannot leak
    gradients back into the fused kernel's outputs.
    """
    y, slope = fused_tanh(x)

    def grad(dy: tf.Tensor) -> tf.Tensor:
        @tf.custom_gradient
        def first_derivative(x: tf.Tensor):
            def second_derivative(ddy: tf.Tensor) -> tf.Tensor:
                return ddy * -2.0 * y * slope
            return slope, second_derivative
        return tf.stop_gradient(dy * first_derivative(x))

    return y, grad
''', False, "tf.stop_gradient around grad's result hides it from the outer tape: the second derivative is None or missing",
           ('second',)),
    # ---- set z
    Answer('07.fused_second_derivative', 'second-as-2y-times-y2-minus-1', r'''
@tf.custom_gradient
def tanh_op(x):
    y, slope = fused_tanh(x)
    def grad(dy):
        @tf.custom_gradient
        def first(x_again):
            # d/dx (1 - tanh²x) = -2 tanh x (1 - tanh²x) = 2y(y² - 1), from the fused values
            return slope, lambda ddy: ddy * 2 * y * (y * y - 1)
        return first(x) * dy
    return y, grad
''', True),
    Answer('07.fused_second_derivative', 'second-ignores-ddy', r'''
@tf.custom_gradient
def tanh_op(x):
    y, slope = fused_tanh(x)
    def grad(dy):
        @tf.custom_gradient
        def first_derivative(x):
            def second_derivative(ddy):
                return -2 * y * slope
            return slope, second_derivative
        return dy * first_derivative(x)
    return y, grad
''', False, 'second_derivative drops its upstream ddy: it must return ddy times -2·tanh·(1 - tanh²).',
           ('ddy|upstream',)),
    Answer('07.fused_second_derivative', 'recomputed-with-cosh', r'''
@tf.custom_gradient
def tanh_op(x):
    y, _ = fused_tanh(x)
    def grad(dy):
        return dy / tf.cosh(x) ** 2          # 1 - tanh² = sech², let the tape do the rest
    return y, grad
''', False, "The slope is recomputed as 1/cosh² instead of using fused_tanh's, and cosh overflows for large |x| (NaN second derivative).",
           ('fused|slope|cosh',)),
    Answer('07.fused_second_derivative', 'cube-example-half-edited', r'''
@tf.custom_gradient
def tanh_op(x):
    y, slope = fused_tanh(x)
    def grad(dy):
        @tf.custom_gradient
        def first_derivative(x):
            def second_derivative(ddy):
                return ddy * -2 * x * slope      # d(1 - tanh²)/dx
            return slope, second_derivative
        return dy * first_derivative(x)
    return y, grad
''', False, 'The second derivative uses x where tanh(x) belongs (left over from the cube example): it is -2·tanh(x)·(1 - tanh²x).',
           ('tanh',)),
]
