"""Exercise 08.implicit_scalar: a wrong answer for each mistake it names, and answers written from the learner's side."""

import tensorflow as tf

from answer_kit import (Answer, fixed_point_slope_at_x, fixed_point_slope_not_squared, fixed_point_unrolled,
                        implicit_grad)

KEY = "08.implicit_scalar"

MISTAKES = {
    'last_step_only': implicit_grad(lambda z, w, u, D: (u, tf.reduce_sum(u * D * z))),
    'plus_sign': implicit_grad(lambda z, w, u, D: (u / (1 + w * D), tf.reduce_sum(u * D * z / (1 + w * D)))),
    'upstream_ignored': implicit_grad(lambda z, w, u, D: (1 / (1 - w * D) + 0 * u, tf.reduce_sum(D * z / (1 - w * D)))),
    'not_summed': implicit_grad(lambda z, w, u, D: (u / (1 - w * D), u * D * z / (1 - w * D))),
    'slope_not_squared': fixed_point_slope_not_squared,
    'mean_not_sum': implicit_grad(
        lambda z, w, u, D: (u / (1 - w * D), tf.reduce_mean(u * D * z / (1 - w * D)))),
    'hard_coded_w': implicit_grad(lambda z, w, u, D: (u / (1 - 0.6 * D), tf.reduce_sum(u * D * z / (1 - 0.6 * D)))),
    'truncated': implicit_grad(lambda z, w, u, D: (u * (1 + w * D), tf.reduce_sum(u * D * z * (1 + w * D)))),
    'slope_of_z': implicit_grad(lambda z, w, u, D: (u / (1 - w * (1 - z ** 2)),
                                                        tf.reduce_sum(u * (1 - z ** 2) * z / (1 - w * (1 - z ** 2))))),
    'slope_at_x': fixed_point_slope_at_x,
    'product_of_sums': implicit_grad(
        lambda z, w, u, D: (u / (1 - w * D), tf.reduce_sum(u * D / (1 - w * D)) * tf.reduce_sum(z))),
    'z_factor_missing': implicit_grad(
        lambda z, w, u, D: (u / (1 - w * D), tf.reduce_sum(u * D / (1 - w * D)))),
    'slope_at_z': implicit_grad(lambda z, w, u, D: (u / (1 - w * (1 - tf.tanh(z) ** 2)),
                                                        tf.reduce_sum(u * (1 - tf.tanh(z) ** 2) * z
                                                                      / (1 - w * (1 - tf.tanh(z) ** 2))))),
    'slope_in_dx': implicit_grad(lambda z, w, u, D: (u * D / (1 - w * D), tf.reduce_sum(u * D * z / (1 - w * D)))),
    'x_inside_tanh': implicit_grad(lambda z, w, u, D: (u * (1 - z ** 2) / (1 - w * (1 - z ** 2)),
                                                           tf.reduce_sum(u * (1 - z ** 2) * z / (1 - w * (1 - z ** 2))))),
    'slope_not_one_minus': implicit_grad(lambda z, w, u, D: (u / (1 - w * (1 - D)),
                                                             tf.reduce_sum(u * (1 - D) * z / (1 - w * (1 - D))))),
    'x_for_z': implicit_grad(lambda z, w, u, D: (u / (1 - w * D),
                                                 tf.reduce_sum(u * D * (z - tf.tanh(w * z)) / (1 - w * D)))),
    'w_for_z': implicit_grad(lambda z, w, u, D: (u / (1 - w * D), tf.reduce_sum(u * D * w / (1 - w * D)))),
    'wrong_sign': implicit_grad(lambda z, w, u, D: (-u / (1 - w * D), -tf.reduce_sum(u * D * z / (1 - w * D)))),
    'unrolled': fixed_point_unrolled,
}

ANSWERS = [
    # ---- set ab
    Answer('08.implicit_scalar', 'reciprocal-and-flat-dot', r'''
@strict_custom_gradient
def fixed_point(x, w):
    z = iterate_fixed_point(x, w)
    def grad(upstream):
        # z = tanh(w z) + x  =>  dz = s (w dz + z dw) + dx,  s = 1 - tanh²(w z)
        s = 1 - tf.square(tf.tanh(w * z))
        through = upstream * tf.math.reciprocal(1 - w * s)     # upstream carried back through all iterations
        dw = tf.tensordot(tf.reshape(through * s, [-1]), tf.reshape(z, [-1]), axes=1)
        return through, dw
    return z, grad
''', True),
    Answer('08.implicit_scalar', 'one-iteration-no-denominator', r'''
@strict_custom_gradient
def fixed_point(x, w):
    z = iterate_fixed_point(x, w)
    def grad(upstream):
        s = 1 - tf.tanh(w * z) ** 2
        dx = upstream                        # z = tanh(wz) + x: dz/dx = 1
        dw = tf.reduce_sum(upstream * s * z)
        return dx, dw
    return z, grad
''', False, 'This differentiates one step with z held fixed; z itself depends on x and w, so after solving the differentiated equation both gradients are divided by 1 - w(1 - tanh²(wz)).',
           ('denominator|divide|solve|depends',)),
    Answer('08.implicit_scalar', 'grad-takes-dz-and-dw', r'''
@strict_custom_gradient
def fixed_point(x, w):
    z = iterate_fixed_point(x, w)
    def grad(dz, dw):
        s = 1 - tf.tanh(w * z) ** 2
        scale = 1 / (1 - w * s)
        return dz * scale, tf.reduce_sum(dz * s * z * scale)
    return z, grad
''', False, 'grad receives one upstream per output, and fixed_point has one output, z: grad takes a single argument (upstream), not one per input.',
           ('argument|parameter|one upstream',)),
    Answer('08.implicit_scalar', 'summed-every-gradient', r'''
@strict_custom_gradient
def fixed_point(x, w):
    z = iterate_fixed_point(x, w)
    def grad(upstream):
        s = 1 - tf.tanh(w * z) ** 2
        scale = 1 / (1 - w * s)
        # the feedback said to sum over the batch: sum both gradients
        dx = tf.reduce_sum(upstream * scale)
        dw = tf.reduce_sum(upstream * s * z * scale)
        return dx, dw
    return z, grad
''', False, "Only the gradient of the single number w is summed; dL/dx must keep x's shape, one entry per entry of x.",
           ('shape',)),
    # ---- set c
    Answer('08.implicit_scalar', 'three steps with tf.tanh', r'''
@helpers.strict_custom_gradient
def fixed_point(x, w):
    z = iterate_fixed_point(x, w)
    def grad(upstream):
        s = 1.0 - tf.tanh(w * z) ** 2          # slope of tanh at w z
        factor = 1.0 / (1.0 - w * s)
        dx = upstream * factor
        dw = tf.reduce_sum(upstream * s * z * factor)
        return dx, dw
    return z, grad
''', True),
    Answer('08.implicit_scalar', 'slope from the fixed point, tanh(wz) = z - x', r'''
@helpers.strict_custom_gradient
def fixed_point(x, w):
    z = iterate_fixed_point(x, w)
    def grad(upstream):
        t = z - x                               # at the fixed point tanh(w z) = z - x
        s = 1 - t * t
        dx = upstream / (1 - w * s)
        return dx, tf.reduce_sum(dx * s * z)    # dL/dw = Σ dL/dx · ∂(tanh(wz))/∂w
    return z, grad
''', True),
    Answer('08.implicit_scalar', 'sech squared via cosh, tf.math.divide', r'''
@helpers.strict_custom_gradient
def fixed_point(x, w):
    z = iterate_fixed_point(x, w)
    def grad(upstream):
        sech2 = 1.0 / tf.math.cosh(w * z) ** 2
        denominator = 1.0 - w * sech2
        dz_dx = tf.math.divide(tf.ones_like(z), denominator)
        dz_dw = tf.math.divide(z * sech2, denominator)
        return upstream * dz_dx, tf.reduce_sum(upstream * dz_dw)
    return z, grad
''', True),
    Answer('08.implicit_scalar', 'adjoint equation solved by iteration', r'''
@helpers.strict_custom_gradient
def fixed_point(x, w):
    z = iterate_fixed_point(x, w)
    def grad(upstream):
        s = 1.0 - tf.tanh(w * z) ** 2
        zbar = upstream
        for _ in range(500):                    # zbar = g + w s zbar, a contraction since |w s| < 1
            zbar = upstream + w * s * zbar
        return zbar, tf.reduce_sum(zbar * s * z)
    return z, grad
''', True),
    Answer('08.implicit_scalar', 'last iteration only, no 1/(1 - w s)', r'''
@helpers.strict_custom_gradient
def fixed_point(x, w):
    z = iterate_fixed_point(x, w)
    def grad(upstream):
        s = 1.0 - tf.tanh(w * z) ** 2
        return upstream, tf.reduce_sum(upstream * s * z)
    return z, grad
''', False, 'That differentiates only the last step z = tanh(w z) + x with z held fixed; z depends on x and w too, and solving for dz gives the factor 1/(1 − w (1 − tanh²(w z))).',
           ('1 - w|1 − w|denominator|divid|solve|factor|depends',)),
    Answer('08.implicit_scalar', 'dw not summed', r'''
@helpers.strict_custom_gradient
def fixed_point(x, w):
    z = iterate_fixed_point(x, w)
    def grad(upstream):
        s = 1.0 - tf.tanh(w * z) ** 2
        factor = 1.0 / (1.0 - w * s)
        return upstream * factor, upstream * s * z * factor
    return z, grad
''', False, 'w is one number used by every entry: dL/dw is the sum over all entries, a scalar.',
           ('sum',)),
    Answer('08.implicit_scalar', 'dw summed over axis 0 only', r'''
@helpers.strict_custom_gradient
def fixed_point(x, w):
    z = iterate_fixed_point(x, w)
    def grad(upstream):
        s = 1.0 - tf.tanh(w * z) ** 2
        factor = 1.0 / (1.0 - w * s)
        return upstream * factor, tf.reduce_sum(upstream * s * z * factor, axis=0)
    return z, grad
''', False, 'For a matrix x, summing over axis 0 leaves a vector; w is a scalar, so sum over all entries.',
           ('sum|axis|axes|all|shape|scalar',)),
    Answer('08.implicit_scalar', 'mean instead of sum for dw', r'''
@helpers.strict_custom_gradient
def fixed_point(x, w):
    z = iterate_fixed_point(x, w)
    def grad(upstream):
        s = 1.0 - tf.tanh(w * z) ** 2
        factor = 1.0 / (1.0 - w * s)
        return upstream * factor, tf.reduce_mean(upstream * s * z * factor)
    return z, grad
''', False, "Each entry's contribution to dL/dw adds up: use the sum, not the mean.",
           ('sum|mean|averag',)),
    Answer('08.implicit_scalar', '1 + w s in the denominator', r'''
@helpers.strict_custom_gradient
def fixed_point(x, w):
    z = iterate_fixed_point(x, w)
    def grad(upstream):
        s = 1.0 - tf.tanh(w * z) ** 2
        factor = 1.0 / (1.0 + w * s)
        return upstream * factor, tf.reduce_sum(upstream * s * z * factor)
    return z, grad
''', False, 'Moving w s dz to the left gives (1 − w s) dz, so the factor is 1/(1 − w s): the sign is wrong.',
           ('sign|1 - w|1 − w|minus',)),
    Answer('08.implicit_scalar', 'slope of tanh taken at z instead of w z', r'''
@helpers.strict_custom_gradient
def fixed_point(x, w):
    z = iterate_fixed_point(x, w)
    def grad(upstream):
        s = 1.0 - tf.tanh(z) ** 2
        factor = 1.0 / (1.0 - w * s)
        return upstream * factor, tf.reduce_sum(upstream * s * z * factor)
    return z, grad
''', False, 'tanh is applied to w z, so its slope is 1 − tanh²(w z), not 1 − tanh²(z).',
           ('wz|w z|w·z|w*z|w * z|w⋅z',)),
    Answer('08.implicit_scalar', "copied the notebook's w sin z formulas", r'''
@helpers.strict_custom_gradient
def fixed_point(x, w):
    z = iterate_fixed_point(x, w)
    def grad(upstream):
        scale = 1 / (1 - w * tf.cos(z))
        return upstream * scale, tf.reduce_sum(upstream * tf.sin(z) * scale)
    return z, grad
''', False, 'Those are the formulas for z = w sin z + x from the notebook; here the map is tanh(w z) + x, so redo the three steps with its derivatives.',
           ('tanh',)),
    Answer('08.implicit_scalar', 'factor z forgotten in dw', r'''
@helpers.strict_custom_gradient
def fixed_point(x, w):
    z = iterate_fixed_point(x, w)
    def grad(upstream):
        s = 1.0 - tf.tanh(w * z) ** 2
        factor = 1.0 / (1.0 - w * s)
        return upstream * factor, tf.reduce_sum(upstream * s * factor)
    return z, grad
''', False, '∂tanh(w z)/∂w = z (1 − tanh²(w z)): by the chain rule dw needs the factor z.',
           ('chain|factor|times z|z·|z *|z (1|z(1',)),
    Answer('08.implicit_scalar', 'upstream forgotten', r'''
@helpers.strict_custom_gradient
def fixed_point(x, w):
    z = iterate_fixed_point(x, w)
    def grad(upstream):
        s = 1.0 - tf.tanh(w * z) ** 2
        factor = 1.0 / (1.0 - w * s)
        return factor, tf.reduce_sum(s * z * factor)
    return z, grad
''', False, 'These are ∂z/∂x and Σ ∂z/∂w; multiply by the upstream g = dL/dz before summing.',
           ('upstream',)),
    Answer('08.implicit_scalar', 'hard-coded w = 0.7 from the notebook', r'''
@helpers.strict_custom_gradient
def fixed_point(x, w):
    z = iterate_fixed_point(x, w)
    def grad(upstream):
        s = 1.0 - tf.tanh(0.7 * z) ** 2
        factor = 1.0 / (1.0 - 0.7 * s)
        return upstream * factor, tf.reduce_sum(upstream * s * z * factor)
    return z, grad
''', False, "0.7 is the notebook's example value; use the argument w, which the checker varies.",
           ('hard|other value|value of w|values of w|0.7|argument',)),
    Answer('08.implicit_scalar', 'gradients returned as (dw, dx)', r'''
@helpers.strict_custom_gradient
def fixed_point(x, w):
    z = iterate_fixed_point(x, w)
    def grad(upstream):
        s = 1.0 - tf.tanh(w * z) ** 2
        factor = 1.0 / (1.0 - w * s)
        return tf.reduce_sum(upstream * s * z * factor), upstream * factor
    return z, grad
''', False, 'Return the gradients in the order of the inputs: (dL/dx, dL/dw).',
           ('order|swap',)),
    Answer('08.implicit_scalar', 'NumPy inside grad', r'''
@helpers.strict_custom_gradient
def fixed_point(x, w):
    z = iterate_fixed_point(x, w)
    def grad(upstream):
        g, z_np, w_np = upstream.numpy(), z.numpy(), w.numpy()
        s = 1.0 - np.tanh(w_np * z_np) ** 2
        factor = 1.0 / (1.0 - w_np * s)
        return g * factor, np.sum(g * s * z_np * factor)
    return z, grad
''', False, 'grad returns NumPy values: compute the gradients with TensorFlow ops on the tensors.',
           ('numpy|tensorflow op|tensor',)),
    Answer('08.implicit_scalar', 'only dL/dx returned', r'''
@helpers.strict_custom_gradient
def fixed_point(x, w):
    z = iterate_fixed_point(x, w)
    def grad(upstream):
        s = 1.0 - tf.tanh(w * z) ** 2
        return upstream / (1.0 - w * s)
    return z, grad
''', False, 'fixed_point has two inputs, x and w: return (dL/dx, dL/dw).'),
    Answer('08.implicit_scalar', 'iterate_fixed_point called with w and x swapped', r'''
@helpers.strict_custom_gradient
def fixed_point(x, w):
    z = iterate_fixed_point(w, x)
    def grad(upstream):
        s = 1.0 - tf.tanh(w * z) ** 2
        factor = 1.0 / (1.0 - w * s)
        return upstream * factor, tf.reduce_sum(upstream * s * z * factor)
    return z, grad
''', False, 'iterate_fixed_point takes (x, w) in that order; with the arguments swapped the forward solves a different fixed point.',
           ('order|argument|swap|forward|value',)),
    Answer('08.implicit_scalar', 'typo tf.tahn', r'''
@helpers.strict_custom_gradient
def fixed_point(x, w):
    z = iterate_fixed_point(x, w)
    def grad(upstream):
        s = 1.0 - tf.tahn(w * z) ** 2
        factor = 1.0 / (1.0 - w * s)
        return upstream * factor, tf.reduce_sum(upstream * s * z * factor)
    return z, grad
''', False, 'tf.tahn does not exist: it is tf.tanh.'),
    Answer('08.implicit_scalar', 'float32 constant breaks float64 inputs', r'''
@helpers.strict_custom_gradient
def fixed_point(x, w):
    z = iterate_fixed_point(x, w)
    one = tf.constant(1.0)
    def grad(upstream):
        s = one - tf.tanh(w * z) ** 2
        factor = one / (one - w * s)
        return upstream * factor, tf.reduce_sum(upstream * s * z * factor)
    return z, grad
''', False, 'tf.constant(1.0) is float32 and cannot be combined with float64 tensors; use the Python number 1.0 (or tf.ones_like(z)) so the dtype follows the input.',
           ('dtype|float',)),
    # ---- set e
    Answer('08.implicit_scalar', 'tanh(wz) recovered as z - x', r'''
@helpers.strict_custom_gradient
def fixed_point(x, w):
    z = iterate_fixed_point(x, w)
    def grad(upstream):
        t = z - x                          # = tanh(w z) at the fixed point
        slope = 1 - t ** 2
        scale = 1 / (1 - w * slope)
        return upstream * scale, tf.reduce_sum(upstream * slope * z * scale)
    return z, grad
''', True),
    Answer('08.implicit_scalar', 'tf.math names with a nested helper', r'''
@helpers.strict_custom_gradient
def fixed_point(x, w):
    z = iterate_fixed_point(x, w)
    def derivatives():
        s = 1.0 - tf.math.square(tf.math.tanh(w * z))      # tanh'(w z)
        return 1.0 / (1.0 - w * s), s * z / (1.0 - w * s)  # dz/dx, dz/dw
    def grad(upstream):
        dz_dx, dz_dw = derivatives()
        return upstream * dz_dx, tf.math.reduce_sum(upstream * dz_dw)
    return z, grad
''', True),
    Answer('08.implicit_scalar', 'dw not summed', r'''
@helpers.strict_custom_gradient
def fixed_point(x, w):
    z = iterate_fixed_point(x, w)
    def grad(upstream):
        s = 1 - tf.tanh(w * z) ** 2
        return upstream / (1 - w * s), upstream * s * z / (1 - w * s)
    return z, grad
''', False, 'w is one number used by every entry: dL/dw sums over all entries.',
           ('sum|shape|scalar|one number',)),
    Answer('08.implicit_scalar', 'no implicit denominator', r'''
@helpers.strict_custom_gradient
def fixed_point(x, w):
    z = iterate_fixed_point(x, w)
    def grad(upstream):
        s = 1 - tf.tanh(w * z) ** 2
        return upstream, tf.reduce_sum(upstream * s * z)
    return z, grad
''', False, "z appears on both sides of the equation: solving for dz divides by 1 − w·tanh'(wz).",
           ('1 - w|1 − w|denominator|implicit|solve|divide|both sides',)),
    Answer('08.implicit_scalar', 'dw missing the factor z', r'''
@helpers.strict_custom_gradient
def fixed_point(x, w):
    z = iterate_fixed_point(x, w)
    def grad(upstream):
        s = 1 - tf.tanh(w * z) ** 2
        return upstream / (1 - w * s), tf.reduce_sum(upstream * s / (1 - w * s))
    return z, grad
''', False, '∂ tanh(wz)/∂w = s·z: the factor z from the chain rule is missing in dL/dw.',
           ('factor|chain|times z|z ·|z·|· z|∂(wz)/∂w',)),
    Answer('08.implicit_scalar', 'slope taken at x instead of z', r'''
@helpers.strict_custom_gradient
def fixed_point(x, w):
    z = iterate_fixed_point(x, w)
    def grad(upstream):
        s = 1 - tf.tanh(w * x) ** 2
        return upstream / (1 - w * s), tf.reduce_sum(upstream * s * x / (1 - w * s))
    return z, grad
''', False, 'The derivatives are evaluated at the fixed point z, not at the input x.',
           ('fixed point|at z|z, not x|z⋆|z*',)),
    # ---- set f
    Answer('08.implicit_scalar', 'three_steps', r'''
@helpers.strict_custom_gradient
def fixed_point(x, w):
    z = iterate_fixed_point(x, w)
    def grad(upstream):
        D = 1 - tf.tanh(w * z) ** 2
        scale = 1 / (1 - w * D)
        return upstream * scale, tf.reduce_sum(upstream * D * z * scale)
    return z, grad
''', True),
    Answer('08.implicit_scalar', 'tanh_from_fixed_point_equation', r'''
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
''', True),
    Answer('08.implicit_scalar', 'sin_demo_formula_copied', r'''
@helpers.strict_custom_gradient
def fixed_point(x, w):
    z = iterate_fixed_point(x, w)
    def grad(upstream):
        scale = 1 / (1 - w * tf.cos(z))
        return upstream * scale, tf.reduce_sum(upstream * tf.sin(z) * scale)
    return z, grad
''', False, "These are the notebook's formulas for z = w sin z + x; here the slope is w(1 − tanh²(wz)) and ∂/∂w brings z(1 − tanh²(wz)).",
           ('tanh|sin|cos',)),
    Answer('08.implicit_scalar', 'tanh_of_z_without_w', r'''
@helpers.strict_custom_gradient
def fixed_point(x, w):
    z = iterate_fixed_point(x, w)
    def grad(upstream):
        D = 1 - tf.tanh(z) ** 2
        scale = 1 / (1 - w * D)
        return upstream * scale, tf.reduce_sum(upstream * D * z * scale)
    return z, grad
''', False, "tanh's slope must be taken at w·z, not at z: D = 1 − tanh²(w z).",
           ('w z|wz|w·z|w * z|w*z|argument',)),
    Answer('08.implicit_scalar', 'one_step_no_denominator', r'''
@helpers.strict_custom_gradient
def fixed_point(x, w):
    z = iterate_fixed_point(x, w)
    def grad(upstream):
        D = 1 - tf.tanh(w * z) ** 2
        return upstream, tf.reduce_sum(upstream * D * z)
    return z, grad
''', False, 'This differentiates one step with z held fixed; solving for dz divides by 1 − w(1 − tanh²(wz)).',
           ('1 - w|1 − w|denominator|solve|divide|1/(1',)),
    # ---- set g
    Answer('08.implicit_scalar', 'closed-form-reciprocal', r'''
@strict_custom_gradient
def fixed_point(x, w):
    z = iterate_fixed_point(x, w)
    def grad(upstream):
        s = 1 - tf.tanh(w * z) ** 2                   # tanh's slope at w z
        a = upstream * tf.math.reciprocal(1 - w * s)  # the adjoint
        return a, tf.reduce_sum(a * s * z)
    return z, grad
''', True),
    Answer('08.implicit_scalar', 'adjoint-by-tf-while-loop', r'''
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
    Answer('08.implicit_scalar', 'slope-at-z-not-wz', r'''
@strict_custom_gradient
def fixed_point(x, w):
    z = iterate_fixed_point(x, w)
    def grad(upstream):
        s = 1 - tf.tanh(z) ** 2          # slope of tanh at the fixed point
        denom = 1 - w * s
        return upstream / denom, tf.reduce_sum(upstream * s * z / denom)
    return z, grad
''', False, "tanh's argument is w z, so its slope there is 1 − tanh²(w z), not 1 − tanh²(z)",
           ('w z|wz|w·z|w*z|w * z|argument',)),
    Answer('08.implicit_scalar', 'one-step-no-denominator', r'''
@strict_custom_gradient
def fixed_point(x, w):
    z = iterate_fixed_point(x, w)
    def grad(upstream):
        s = 1 - tf.tanh(w * z) ** 2
        return upstream, tf.reduce_sum(upstream * s * z)
    return z, grad
''', False, 'differentiates one step with z held fixed: z on the right depends on x and w too, so both gradients need the factor 1/(1 − w s)',
           ('1 - w|1 − w|denominator|implicit|solve|1/(1',)),
    Answer('08.implicit_scalar', 'dw-keepdims', r'''
@strict_custom_gradient
def fixed_point(x, w):
    z = iterate_fixed_point(x, w)
    def grad(upstream):
        s = 1 - tf.tanh(w * z) ** 2
        a = upstream / (1 - w * s)
        return a, tf.reduce_sum(a * s * z, keepdims=True)
    return z, grad
''', False, 'keepdims=True keeps one axis of size 1 per axis of x: w is a scalar, so its gradient must have shape ()',
           ('shape|scalar|keepdims',)),
    Answer('08.implicit_scalar', 'slow-adjoint-loop-never-stops', r'''
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
           ('slow|time|loop|never|stop|long|converge',)),
    # ---- set j
    Answer('08.implicit_scalar', 'tanh-from-the-equation', r'''
@strict_custom_gradient
def fixed_point(x, w):
    z = iterate_fixed_point(x, w)
    def grad(upstream):
        t = z - x                                 # at the fixed point tanh(w z) = z - x
        slope = 1 - t * t
        scale = 1 / (1 - w * slope)
        return upstream * scale, tf.reduce_sum(upstream * slope * z * scale)
    return z, grad
''', True),
    Answer('08.implicit_scalar', 'tensordot-and-divide', r'''
@strict_custom_gradient
def fixed_point(x, w):
    z = iterate_fixed_point(x, w)
    def grad(g):
        d = 1.0 - tf.tanh(w * z) ** 2             # tanh' at the fixed point
        dz_dx = 1.0 / (1.0 - w * d)               # dz = d (w dz + z dw) + dx, solved for dz
        dz_dw = d * z * dz_dx
        flat = lambda t: tf.reshape(t, [-1])
        return g * dz_dx, tf.tensordot(flat(g), flat(dz_dw), axes=1)
    return z, grad
''', True),
    Answer('08.implicit_scalar', 'denominator-sign-flipped', r'''
@strict_custom_gradient
def fixed_point(x, w):
    z = iterate_fixed_point(x, w)
    def grad(upstream):
        s = 1 - tf.tanh(w * z) ** 2
        return upstream / (1 + w * s), tf.reduce_sum(upstream * s * z / (1 + w * s))
    return z, grad
''', False, 'Solving dz = s(w dz + z dw) + dx for dz gives the denominator 1 − w·s, not 1 + w·s.',
           ('denominator|sign',)),
    Answer('08.implicit_scalar', 'copied-sin-example', r'''
@strict_custom_gradient
def fixed_point(x, w):
    z = iterate_fixed_point(x, w)
    def grad(upstream):
        scale = 1 / (1 - w * tf.cos(z))
        return upstream * scale, tf.reduce_sum(upstream * tf.sin(z) * scale)
    return z, grad
''', False, 'These are the formulas for the worked example z = w sin z + x; here the map is tanh(w z) + x, with slope w(1 − tanh²(wz)).',
           ('tanh|sin|cos',)),
    Answer('08.implicit_scalar', 'dw-not-summed', r'''
@strict_custom_gradient
def fixed_point(x, w):
    z = iterate_fixed_point(x, w)
    def grad(upstream):
        s = 1 - tf.tanh(w * z) ** 2
        scale = 1 / (1 - w * s)
        return upstream * scale, upstream * s * z * scale
    return z, grad
''', False, "w is one number shared by every entry, so dL/dw must be summed over the entries to w's (scalar) shape.",
           ('sum|shape|scalar',)),
    Answer('08.implicit_scalar', 'cached-forward-between-calls', r'''
_solution = {}

@strict_custom_gradient
def fixed_point(x, w):
    if "z" not in _solution:                      # the loop is expensive: solve once, reuse
        _solution["z"] = iterate_fixed_point(x, w)
    z = _solution["z"]
    def grad(upstream):
        s = 1 - tf.tanh(w * z) ** 2
        scale = 1 / (1 - w * s)
        return upstream * scale, tf.reduce_sum(upstream * s * z * scale)
    return z, grad
''', False, 'The fixed point is cached from the first call, so later calls with another x or w return the old z (wrong forward and gradient).',
           ('forward|value|cache',)),
    Answer('08.implicit_scalar', 'typo-denom-nameerror', r'''
@strict_custom_gradient
def fixed_point(x, w):
    z = iterate_fixed_point(x, w)
    def grad(upstream):
        s = 1 - tf.tanh(w * z) ** 2
        denom = 1 - w * s
        return upstream / denom, tf.reduce_sum(upstream * s * z / denon)
    return z, grad
''', False, '`denon` is a typo for `denom`: grad raises a NameError in the backward pass.',
           ('denon|NameError|not defined',)),
    # ---- set l
    Answer('08.implicit_scalar', 'tanh-read-back-from-z-minus-x', r'''
@strict_custom_gradient
def fixed_point(x, w):
    z = iterate_fixed_point(x, w)
    def grad(upstream):
        t = z - x                              # at the fixed point tanh(w z) = z - x
        slope = 1 - t * t                      # tanh' at w z
        carried = upstream / (1 - w * slope)   # 1 + ws + (ws)² + ...: every iteration at once
        dw = tf.reshape(tf.reduce_sum(carried * slope * z), tf.shape(w))
        return carried, dw
    return z, grad
''', True),
    Answer('08.implicit_scalar', 'dw-not-reduced', r'''
@strict_custom_gradient
def fixed_point(x, w):
    z = iterate_fixed_point(x, w)
    def grad(upstream):
        s = 1 - tf.tanh(w * z) ** 2
        dx = upstream / (1 - w * s)
        dw = upstream * s * z / (1 - w * s)
        return dx, dw
    return z, grad
''', False, 'w is one number used by every entry, so dL/dw must be summed over the entries of x (a scalar).',
           ('sum|shape|scalar',)),
    Answer('08.implicit_scalar', 'dw-missing-z-second-attempt', r'''
@strict_custom_gradient
def fixed_point(x, w):
    z = iterate_fixed_point(x, w)
    def grad(upstream):
        s = 1 - tf.tanh(w * z) ** 2
        denom = 1 - w * s
        # summed now, as the checker asked
        return upstream / denom, tf.reduce_sum(upstream * s / denom)
    return z, grad
''', False, "dL/dw is missing the factor z: the derivative of tanh(w z) with respect to w is tanh'(w z)·z.",
           ("dl/dw|dw|for w|of w|w's|factor",)),
    Answer('08.implicit_scalar', 'denominator-plus', r'''
@strict_custom_gradient
def fixed_point(x, w):
    z = iterate_fixed_point(x, w)
    def grad(upstream):
        s = 1.0 - tf.square(tf.tanh(w * z))
        k = 1.0 / (1.0 + w * s)
        return upstream * k, tf.reduce_sum(upstream * s * z * k)
    return z, grad
''', False, 'Solving dz = w s dz + ... gives dz (1 - w s) = ...: the denominator has a minus, not a plus.',
           ('sign|denominator|minus',)),
    Answer('08.implicit_scalar', 'explicit-derivative-only', r'''
@strict_custom_gradient
def fixed_point(x, w):
    z = iterate_fixed_point(x, w)
    def grad(upstream):
        # z = tanh(w z) + x, so dz/dx = 1 and dz/dw = tanh'(w z) z
        s = 1 - tf.tanh(w * z) ** 2
        tf.print("s =", s, "upstream =", upstream)
        return upstream, tf.reduce_sum(upstream * s * z)
    return z, grad
''', False, "z appears on both sides of the equation: differentiating it gives dz on the right too, so both gradients need the division by 1 - w·tanh'(w z).",
           ('both sides|implicit|depend|denominator|divid',)),
    Answer('08.implicit_scalar', 'notebook-sin-example-pasted', r'''
@strict_custom_gradient
def fixed_point(x, w):
    z = iterate_fixed_point(x, w)
    def grad(upstream):
        scale = 1 / (1 - w * tf.cos(z))
        return upstream * scale, tf.reduce_sum(upstream * tf.sin(z) * scale)
    return z, grad
''', False, "These are the notebook's formulas for z = w sin z + x; this fixed point is z = tanh(w z) + x, so use tanh's slope at w z.",
           ('tanh',)),
    # ---- set m
    Answer('08.implicit_scalar', 'golfed-reciprocal', r'''
@strict_custom_gradient
def fixed_point(x, w):
    z = iterate_fixed_point(x, w)
    s = 1 - tf.tanh(w * z) ** 2
    r = tf.math.reciprocal(1 - w * s)
    return z, lambda g: (g * r, tf.reduce_sum(g * r * s * z))
''', True),
    Answer('08.implicit_scalar', 'dw-unsummed', r'''
@strict_custom_gradient
def fixed_point(x, w):
    z = iterate_fixed_point(x, w)
    def grad(upstream):
        s = 1 - tf.tanh(w * z) ** 2
        scale = 1 / (1 - w * s)
        return upstream * scale, upstream * s * z * scale
    return z, grad
''', False, 'w is one number used by every entry: sum its gradient over the entries.',
           ('sum|shape|scalar',)),
    Answer('08.implicit_scalar', 'plus-in-denominator', r'''
@strict_custom_gradient
def fixed_point(x, w):
    z = iterate_fixed_point(x, w)
    def grad(upstream):
        s = 1 - tf.tanh(w * z) ** 2
        scale = 1 / (1 + w * s)
        return upstream * scale, tf.reduce_sum(upstream * s * z * scale)
    return z, grad
''', False, 'Sign error in the denominator when solving for dz.',
           ('sign|denominator',)),
    Answer('08.implicit_scalar', 'no-solve', r'''
@strict_custom_gradient
def fixed_point(x, w):
    z = iterate_fixed_point(x, w)
    def grad(upstream):
        s = 1 - tf.tanh(w * z) ** 2
        return upstream, tf.reduce_sum(upstream * s * z)     # dz = dx + s z dw
    return z, grad
''', False, "z appears on both sides: solve for dz, which divides by 1 − w·tanh'(wz) (the implicit step).",
           ('solve|denominator|implicit|both sides',)),
    Answer('08.implicit_scalar', 'slope-not-squared', r'''
@strict_custom_gradient
def fixed_point(x, w):
    z = iterate_fixed_point(x, w)
    def grad(upstream):
        s = 1 - tf.tanh(w * z)                 # tanh' 
        scale = 1 / (1 - w * s)
        return upstream * scale, tf.reduce_sum(upstream * s * z * scale)
    return z, grad
''', False, "tanh's slope is 1 − tanh², the square is missing.",
           ('square|tanh²|slope',)),
    # ---- set o
    Answer('08.implicit_scalar', 'three-steps-direct', r'''
@strict_custom_gradient
def fixed_point(x, w):
    z = iterate_fixed_point(x, w)
    def grad(upstream):
        s = 1 - tf.tanh(w * z) ** 2
        denom = 1 - w * s
        dx = upstream / denom
        dw = tf.reduce_sum(upstream * s * z / denom)
        return dx, dw
    return z, grad
''', True),
    Answer('08.implicit_scalar', 'tanh-from-z-minus-x', r'''
@strict_custom_gradient
def fixed_point(x, w):
    z = iterate_fixed_point(x, w)
    def grad(upstream):
        # at the fixed point tanh(w z) = z - x, so tanh' = 1 - (z - x)^2
        slope = 1 - tf.square(z - x)
        dx = upstream * tf.math.reciprocal(1 - w * slope)
        return dx, tf.reduce_sum(dx * slope * z)
    return z, grad
''', True),
    Answer('08.implicit_scalar', 'dw-not-summed', r'''
@strict_custom_gradient
def fixed_point(x, w):
    z = iterate_fixed_point(x, w)
    def grad(upstream):
        s = 1 - tf.tanh(w * z) ** 2
        dx = upstream / (1 - w * s)
        dw = upstream * s * z / (1 - w * s)
        return dx, dw
    return z, grad
''', False, 'w is one number: its gradient must be summed over all entries to a scalar, like w itself',
           ('sum|scalar|shape',)),
    Answer('08.implicit_scalar', 'tape-on-one-step', r'''
@strict_custom_gradient
def fixed_point(x, w):
    z = iterate_fixed_point(x, w)
    def grad(upstream):
        with tf.GradientTape() as tape:
            tape.watch([x, w])
            step = tf.tanh(w * z) + x          # one step of the map, z held fixed
        dx, dw = tape.gradient(step, [x, w], output_gradients=upstream)
        return dx, dw
    return z, grad
''', False, 'the tape differentiates one step with z held constant; z depends on x and w too, which gives the factor 1/(1 - w(1 - tanh²)) of the implicit gradient',
           ('depend|constant|implicit|denominator|factor',)),
    Answer('08.implicit_scalar', 'x-instead-of-z-in-dw', r'''
@strict_custom_gradient
def fixed_point(x, w):
    z = iterate_fixed_point(x, w)
    def grad(upstream):
        s = 1 - tf.tanh(w * z) ** 2
        dx = upstream / (1 - w * s)
        dw = tf.reduce_sum(upstream * s * x / (1 - w * s))
        return dx, dw
    return z, grad
''', False, 'dL/dw needs the fixed point z (from differentiating tanh(w z)), not x; they agree only at w = 0',
           ('dw|dl/dw|for w|of w',)),
    Answer('08.implicit_scalar', 'strict-above-tf-function', r'''
@strict_custom_gradient
@tf.function
def fixed_point(x, w):
    z = iterate_fixed_point(x, w)
    def grad(upstream):
        s = 1 - tf.tanh(w * z) ** 2
        dx = upstream / (1 - w * s)
        return dx, tf.reduce_sum(dx * s * z)
    return z, grad
''', False, 'a tf.function cannot return the Python function grad: put @tf.function outside, on a function that calls fixed_point',
           ('tf.function',)),
    # ---- set q
    Answer('08.implicit_scalar', 'jax-style-fwd-bwd-residuals', r'''
def fixed_point_fwd(x, w):
    z = iterate_fixed_point(x, w)
    return z, (z, w)

def fixed_point_bwd(residuals, g):
    z, w = residuals
    s = 1.0 - tf.square(tf.tanh(w * z))          # tanh' at w z
    # dz = s (w dz + z dw) + dx  ->  dz (1 - w s) = dx + s z dw
    adjoint = g / (1.0 - w * s)
    return adjoint, tf.reduce_sum(adjoint * s * z)

@strict_custom_gradient
def fixed_point(x, w):
    z, residuals = fixed_point_fwd(x, w)
    def grad(upstream):
        return fixed_point_bwd(residuals, upstream)
    return z, grad
''', True),
    Answer('08.implicit_scalar', 'einsum-i-j-sums-product', r'''
@strict_custom_gradient
def fixed_point(x, w):
    z = iterate_fixed_point(x, w)
    def grad(upstream):
        s = 1 - tf.tanh(w * z) ** 2
        dx = upstream / (1 - w * s)
        dw = tf.einsum("i,j->", dx * s, z)
        return dx, dw
    return z, grad
''', False, 'the einsum "i,j->" multiplies the sum of (dx*s) by the sum of z; dL/dw sums the products entry by entry ("i,i->", or tf.reduce_sum(dx * s * z))',
           ('einsum|i,i|sums',)),
    Answer('08.implicit_scalar', 'copied-sin-example', r'''
@strict_custom_gradient
def fixed_point(x, w):
    z = iterate_fixed_point(x, w)
    def grad(upstream):
        # the notebook's three steps, as worked out above
        scale = 1 / (1 - w * tf.cos(z))
        return upstream * scale, tf.reduce_sum(upstream * tf.sin(z) * scale)
    return z, grad
''', False, "these are the formulas of the notebook's example z = w sin z + x; differentiate z = tanh(wz) + x: tanh's slope 1 - tanh^2(wz) and the inner factors w and z",
           ('tanh|sin|cos',)),
    Answer('08.implicit_scalar', 'one-step-no-denominator', r'''
@strict_custom_gradient
def fixed_point(x, w):
    z = iterate_fixed_point(x, w)
    def grad(upstream):
        # differentiate the last step z = tanh(w z) + x, holding z on the right fixed
        s = 1 - tf.tanh(w * z) ** 2
        return upstream, tf.reduce_sum(upstream * s * z)
    return z, grad
''', False, 'z on the right-hand side depends on x and w too: solve dz (1 - w s) = dx + s z dw, so both gradients are divided by 1 - w(1 - tanh^2(wz))',
           ('1 - w|denominator|divide|solve|depends',)),
    # ---- set r
    Answer('08.implicit_scalar', 'three-steps-direct', r'''
@strict_custom_gradient
def fixed_point(x, w):
    z = iterate_fixed_point(x, w)
    def grad(upstream):
        slope = 1 - tf.tanh(w * z) ** 2                  # tanh'(wz)
        denominator = 1 - w * slope                      # from dz = slope·(w dz + z dw) + dx
        dx = upstream / denominator
        dw = tf.reduce_sum(upstream * slope * z / denominator)
        return dx, dw
    return z, grad
''', True),
    Answer('08.implicit_scalar', 'sech-squared-adjoint-reshaped', r'''
@strict_custom_gradient
def fixed_point(x, w):
    z = iterate_fixed_point(x, w)
    def grad(upstream):
        sech2 = tf.math.reciprocal(tf.square(tf.cosh(w * z)))
        adjoint = upstream / (1 - w * sech2)             # z̄ = g + w·sech²·z̄, solved in closed form
        dw = tf.reshape(tf.reduce_sum(adjoint * sech2 * z), tf.shape(w))
        return adjoint, dw
    return z, grad
''', True),
    Answer('08.implicit_scalar', 'tape-on-one-step-of-the-map', r'''
@strict_custom_gradient
def fixed_point(x, w):
    z = iterate_fixed_point(x, w)
    def grad(upstream):
        z_star = tf.stop_gradient(z)
        x_t, w_t = tf.convert_to_tensor(x), tf.convert_to_tensor(w)
        with tf.GradientTape(persistent=True) as inner:
            inner.watch([z_star, x_t, w_t])
            step = tf.tanh(w_t * z_star) + x_t           # one application of the map F(z, x, w)
        dF_dz = inner.gradient(step, z_star)             # elementwise map: the Jacobian's diagonal
        adjoint = upstream / (1 - dF_dz)
        dx = inner.gradient(step, x_t, output_gradients=adjoint)
        dw = inner.gradient(step, w_t, output_gradients=adjoint)
        del inner
        return dx, dw
    return z, grad
''', True),
    Answer('08.implicit_scalar', 'float64-inside-tf-function-helper', r'''
@tf.function
def implicit_vjp(z, w, upstream):
    z64, w64, g64 = (tf.cast(t, tf.float64) for t in (z, w, upstream))
    slope = 1 - tf.square(tf.tanh(w64 * z64))
    scale = g64 / (1 - w64 * slope)
    return tf.cast(scale, z.dtype), tf.cast(tf.reduce_sum(scale * slope * z64), w.dtype)

@strict_custom_gradient
def fixed_point(x, w):
    z = iterate_fixed_point(x, w)
    return z, lambda upstream: implicit_vjp(z, tf.convert_to_tensor(w), upstream)
''', True),
    # ---- set t
    Answer('08.implicit_scalar', 'reciprocal-and-reshape', r'''
@strict_custom_gradient
def fixed_point(x, w):
    z = iterate_fixed_point(x, w)
    def grad(upstream):
        t = tf.tanh(w * z)
        local = 1 - t * t                          # tanh' at w z
        # dz = local * (w dz + z dw) + dx  =>  dz = (dx + local z dw) / (1 - w local)
        carried = upstream * tf.math.reciprocal(1 - w * local)
        dw = tf.reshape(tf.reduce_sum(carried * local * z), tf.shape(w))
        return carried, dw
    return z, grad
''', True),
    Answer('08.implicit_scalar', 'none-for-w', r'''
@strict_custom_gradient
def fixed_point(x, w):
    z = iterate_fixed_point(x, w)
    def grad(upstream):
        s = 1 - tf.tanh(w * z) ** 2
        # w is just the contraction factor, a setting: no gradient needed for it
        return upstream / (1 - w * s), None
    return z, grad
''', False, 'w is a float input the loss depends on; returning None drops dL/dw = Σ g·s·z/(1 - w s).',
           ('none|missing',)),
    Answer('08.implicit_scalar', 'x-in-place-of-z-for-w', r'''
@strict_custom_gradient
def fixed_point(x, w):
    z = iterate_fixed_point(x, w)
    def grad(upstream):
        s = 1 - tf.tanh(w * z) ** 2
        dx = upstream / (1 - w * s)
        dw = tf.reduce_sum(dx * s * x)
        return dx, dw
    return z, grad
''', False, 'In d(tanh(w z))/dw the factor is z, the fixed point, not the input x; dL/dx is right.',
           ('z|fixed point',)),
    Answer('08.implicit_scalar', 'cached-first-solve', r'''
_solved = {}

@strict_custom_gradient
def fixed_point(x, w):
    if "z" not in _solved:                     # the solve is slow: do it once
        _solved["z"] = iterate_fixed_point(x, w)
    z = _solved["z"]
    def grad(upstream):
        s = 1 - tf.tanh(w * z) ** 2
        dx = upstream / (1 - w * s)
        return dx, tf.reduce_sum(dx * s * z)
    return z, grad
''', False, 'The fixed point is cached from the first call in a Python dict, so every later x and w get that first z back (and its shape); solve on every call.',
           ('cache|same|stale|first call|previous|every call',)),
    # ---- set v
    Answer('08.implicit_scalar', 'reciprocal-and-tensordot', r'''
@strict_custom_gradient
def fixed_point(x, w):
    z = iterate_fixed_point(x, w)
    def grad(upstream):
        # differentiate z = tanh(w z) + x:  dz = s (w dz + z dw) + dx,  with s = tanh'(w z)
        s = 1 - tf.tanh(w * z) ** 2
        dz_dx = tf.math.reciprocal(1 - w * s)
        dz_dw = s * z * dz_dx
        dL_dw = tf.tensordot(tf.reshape(upstream, [-1]), tf.reshape(dz_dw, [-1]), axes=1)
        return upstream * dz_dx, dL_dw
    return z, grad
''', True),
    Answer('08.implicit_scalar', 'dw-missing-tanh-slope', r'''
@strict_custom_gradient
def fixed_point(x, w):
    z = iterate_fixed_point(x, w)
    def grad(upstream):
        s = 1 - tf.tanh(w * z) ** 2
        denom = 1 - w * s
        dx = upstream / denom
        dw = tf.reduce_sum(upstream * z / denom)     # dz/dw = z / (1 - w s)
        return dx, dw
    return z, grad
''', False, 'In dz/dw the tanh slope 1 - tanh²(wz) multiplies z too: dz/dw = s z / (1 - w s).',
           ('tanh|slope|inner|dw|for w',)),
    Answer('08.implicit_scalar', 'slope-at-x-map-fn', r'''
@strict_custom_gradient
def fixed_point(x, w):
    z = iterate_fixed_point(x, w)
    def grad(upstream):
        flat_x = tf.reshape(x, [-1])
        s = tf.reshape(tf.map_fn(lambda xi: 1 - tf.tanh(w * xi) ** 2, flat_x), tf.shape(x))
        scale = 1 / (1 - w * s)
        return upstream * scale, tf.reduce_sum(upstream * s * z * scale)
    return z, grad
''', False, 'The tanh slope is taken at w·x instead of at the fixed point w·z.',
           ('fixed point|point|z',)),
    Answer('08.implicit_scalar', 'adjoint-unreachable-tolerance', r'''
MAX_ITERATIONS = 20_000

@strict_custom_gradient
def fixed_point(x, w):
    z = iterate_fixed_point(x, w)
    def grad(upstream):
        s = 1 - tf.tanh(w * z) ** 2

        @tf.function
        def solve_adjoint(upstream, s, w):
            # adjoint equation a = upstream + w s a, iterated until its residual is tiny
            def not_done(i, a, residual):
                return tf.logical_and(residual > 1e-20, i < MAX_ITERATIONS)
            def step(i, a, residual):
                a = upstream + w * s * a
                return i + 1, a, tf.reduce_max(tf.abs(a * (1 - w * s) - upstream))
            start = (tf.constant(0), upstream, tf.constant(np.inf, upstream.dtype))
            _, a, residual = tf.while_loop(not_done, step, start)
            tf.debugging.assert_less_equal(residual, tf.constant(1e-20, upstream.dtype),
                                           message="adjoint iteration did not converge")
            return a

        a = solve_adjoint(upstream, s, w)
        return a, tf.reduce_sum(a * s * z)
    return z, grad
''', False, 'A residual of 1e-20 is below float rounding, so the adjoint loop never meets it and runs to its cap, then fails: use a reachable tolerance or the closed form 1/(1 - w s).',
           ('tolerance|converge|precision|rounding|float|iteration|loop',)),
    # ---- set x
    Answer('08.implicit_scalar', 'slope-from-residual', r'''
from typing import Callable, Tuple


@strict_custom_gradient
def fixed_point(x: tf.Tensor, w: tf.Tensor) -> Tuple[tf.Tensor, Callable]:
    """z = tanh(w z) + x, differentiated implicitly.

    At the fixed point tanh(w z) = z - x, so the tanh slope is s = 1 - (z - x)^2.
    Differentiating: dz = s (w dz + z dw) + dx  =>  dz = (dx + s z dw) / (1 - w s).
    """
    z = iterate_fixed_point(x, w)

    def grad(upstream: tf.Tensor):
        s = 1.0 - tf.square(z - x)             # = 1 - tanh(w z)^2 at the fixed point
        adjoint = upstream / (1.0 - w * s)
        dx = adjoint
        dw = tf.reduce_sum(adjoint * s * z)
        return dx, dw

    return z, grad


# self-test against unrolled autodiff
_x = tf.constant([[0.3, -1.2], [2.0, 0.1]], tf.float64)
_w = tf.constant(0.6, tf.float64)
_u = tf.constant([[1.0, -0.5], [2.0, 0.25]], tf.float64)
with tf.GradientTape() as _t:
    _t.watch([_x, _w])
    _z = _x
    for _ in range(200):
        _z = tf.tanh(_w * _z) + _x
_want = _t.gradient(_z, [_x, _w], output_gradients=_u)
with tf.GradientTape() as _t:
    _t.watch([_x, _w])
    _z2 = fixed_point(_x, _w)
_got = _t.gradient(_z2, [_x, _w], output_gradients=_u)
assert all(np.allclose(a, b) for a, b in zip(_want, _got))
''', True),
    Answer('08.implicit_scalar', 'unsummed-dw-self-test-raises', r'''
from typing import Callable, Tuple


@strict_custom_gradient
def fixed_point(x: tf.Tensor, w: tf.Tensor) -> Tuple[tf.Tensor, Callable]:
    """Implicit gradient of z = tanh(w z) + x (elementwise)."""
    z = iterate_fixed_point(x, w)

    def grad(upstream: tf.Tensor):
        s = 1.0 - tf.tanh(w * z) ** 2
        denom = 1.0 - w * s
        dx = upstream / denom
        dw = upstream * s * z / denom          # dz/dw, times upstream
        return dx, dw

    return z, grad


# self-test
_x = tf.constant([0.5, -1.0, 2.0])
_w = tf.constant(0.5)
with tf.GradientTape() as _t:
    _t.watch([_x, _w])
    _z = fixed_point(_x, _w)
print([g.numpy() for g in _t.gradient(_z, [_x, _w])])
''', False, "w is one number used by every entry: dL/dw must be summed to a scalar, w's shape",
           ('shape|sum',)),
    Answer('08.implicit_scalar', 'upstream-dropped', r'''
from typing import Callable, Tuple


def _safe_div(a: tf.Tensor, b: tf.Tensor) -> tf.Tensor:
    """Division that returns 0 where the denominator vanishes."""
    return tf.math.divide_no_nan(a, b)


@strict_custom_gradient
def fixed_point(x: tf.Tensor, w: tf.Tensor) -> Tuple[tf.Tensor, Callable]:
    """z* = tanh(w z*) + x with implicit-function-theorem gradients.

    dz/dx = 1 / (1 - w s), dz/dw = s z / (1 - w s), s = 1 - tanh^2(w z).
    """
    z = iterate_fixed_point(x, w)

    def grad(upstream: tf.Tensor):
        s = 1.0 - tf.square(tf.tanh(w * z))
        denom = 1.0 - w * s
        dz_dx = _safe_div(tf.ones_like(z), denom)
        dz_dw = tf.reduce_sum(_safe_div(s * z, denom))
        return dz_dx, dz_dw

    return z, grad
''', False, 'grad returns dz/dx and dz/dw without multiplying by the upstream dL/dz',
           ('upstream',)),
    Answer('08.implicit_scalar', 'dw-missing-z', r'''
from typing import Callable, Tuple


@strict_custom_gradient
def fixed_point(x: tf.Tensor, w: tf.Tensor) -> Tuple[tf.Tensor, Callable]:
    """Implicit differentiation of the elementwise fixed point z = tanh(w z) + x.

    1. dz = s * d(w z) + dx, with s = 1 - tanh^2(w z)
    2. dz (1 - w s) = dx + s dw
    3. dL/dx = g / (1 - w s), dL/dw = sum(g s / (1 - w s))
    """
    z = iterate_fixed_point(x, w)

    def grad(upstream: tf.Tensor):
        s = 1.0 - tf.square(tf.tanh(w * z))
        scale = upstream / (1.0 - w * s + 1e-12)   # epsilon for stability
        dx = tf.where(tf.math.is_nan(scale), tf.zeros_like(scale), scale)
        dw = tf.reduce_sum(dx * s)
        return dx, dw

    return z, grad
''', False, 'd(w z) = w dz + z dw: the factor z is missing from dL/dw (dL/dx is right)',
           ("dl/dw|∂l/∂w|for w|w's|of w",)),
    # ---- set z
    Answer('08.implicit_scalar', 'tanh-from-z-minus-x', r'''
@strict_custom_gradient
def fixed_point(x, w):
    z = iterate_fixed_point(x, w)
    def grad(upstream):
        t = z - x                        # at the fixed point tanh(w z) = z - x
        s = 1 - t * t                    # tanh's slope there
        denom = 1 - w * s                # dz (1 - w s) = dx + s z dw
        dx = upstream / denom
        dw = tf.reduce_sum(dx * s * z)
        return dx, dw
    return z, grad
''', True),
    Answer('08.implicit_scalar', 'dw-not-summed', r'''
@strict_custom_gradient
def fixed_point(x, w):
    z = iterate_fixed_point(x, w)
    def grad(upstream):
        s = 1 - tf.tanh(w * z) ** 2
        scale = 1 / (1 - w * s)
        return upstream * scale, upstream * s * z * scale
    return z, grad
''', False, 'w is one number used by every entry, so its gradient is the sum over the entries, a scalar; this returns one per entry of x.',
           ('sum|shape|scalar',)),
    Answer('08.implicit_scalar', 'sin-example-copied', r'''
@strict_custom_gradient
def fixed_point(x, w):
    z = iterate_fixed_point(x, w)
    def grad(upstream):
        scale = 1 / (1 - w * tf.cos(z))
        return upstream * scale, tf.reduce_sum(upstream * tf.sin(z) * scale)
    return z, grad
''', False, 'These are the derivatives of the worked example z = w sin z + x; this fixed point has tanh(w z), whose slope is 1 - tanh².',
           ('tanh|cos',)),
    Answer('08.implicit_scalar', 'one-step-no-denominator', r'''
@strict_custom_gradient
def fixed_point(x, w):
    z = iterate_fixed_point(x, w)
    def grad(upstream):
        s = 1 - tf.tanh(w * z) ** 2
        return upstream, tf.reduce_sum(upstream * s * z)
    return z, grad
''', False, 'This differentiates one step and forgets that z on the right side depends on x and w too: solve for dz, dividing by 1 - w(1 - tanh²).',
           ('solve|denominator|depends|iteration|1 - w|1/(1',)),
    # ---- set r (written after the cold read of 2026-11, before the judge changed: unrolled answers and wrong D's)
    Answer('08.implicit_scalar', 'unrolled-tape-around-the-solver-in-grad', r'''
@strict_custom_gradient
def fixed_point(x, w):
    z = iterate_fixed_point(x, w)
    def grad(upstream):
        with tf.GradientTape() as t:
            t.watch([x, w])
            zz = iterate_fixed_point(x, w)
        return t.gradient(zz, [x, w], output_gradients=upstream)
    return z, grad
''', False, 'This backpropagates through the 60 iterations of the solver (unrolled), the opposite of the lesson: the implicit gradient needs only z, from the fixed-point equation.',
           ('unroll|loop|solver|iteration', 'equation|implicit')),
    Answer('08.implicit_scalar', 'unrolled-persistent-tape-plain-decorator', r'''
@tf.custom_gradient
def fixed_point(x, w):
    z = iterate_fixed_point(x, w)
    def grad(upstream):
        with tf.GradientTape(persistent=True) as tape:
            tape.watch(x)
            tape.watch(w)
            z_again = iterate_fixed_point(x, w)
        dx = tape.gradient(z_again, x, output_gradients=upstream)
        dw = tape.gradient(z_again, w, output_gradients=upstream)
        del tape
        return dx, dw
    return z, grad
''', False, 'Differentiating iterate_fixed_point with a tape is unrolled backpropagation through every step; the exercise is the implicit gradient from the equation z = tanh(w z) + x.',
           ('unroll|loop|solver|iteration', 'equation|implicit')),
    Answer('08.implicit_scalar', 'unrolled-own-loop-in-grad', r'''
@strict_custom_gradient
def fixed_point(x, w):
    z = iterate_fixed_point(x, w)
    def grad(upstream):
        with tf.GradientTape() as tape:
            tape.watch([x, w])
            zz = x
            for _ in range(60):                  # same iteration as the forward, but on the tape
                zz = tf.tanh(w * zz) + x
        return tape.gradient(zz, [x, w], output_gradients=upstream)
    return z, grad
''', False, 'The tape in grad records all 60 iterations again and backpropagates through them: unrolled, not implicit.',
           ('unroll|loop|iteration', 'equation|implicit')),
    Answer('08.implicit_scalar', 'slope-at-z-w-forgotten-inside-tanh', r'''
@strict_custom_gradient
def fixed_point(x, w):
    z = iterate_fixed_point(x, w)
    def grad(upstream):
        D = 1 - tf.tanh(z) ** 2                   # derivative of tanh
        dx = upstream / (1 - w * D)
        dw = tf.reduce_sum(upstream * D * z / (1 - w * D))
        return dx, dw
    return z, grad
''', False, "tanh is applied to w·z, so its slope is taken there: 1 − tanh²(w z), not 1 − tanh²(z).",
           ('slope', 'w z|w·z|wz|argument')),
    Answer('08.implicit_scalar', 'D-also-in-dx-numerator', r'''
@strict_custom_gradient
def fixed_point(x, w):
    z = iterate_fixed_point(x, w)
    def grad(upstream):
        D = 1 - tf.tanh(w * z) ** 2
        dx = upstream * D / (1 - w * D)          # like x̄ = z̄ ⊙ D in the matrix case
        dw = tf.reduce_sum(upstream * D * z / (1 - w * D))
        return dx, dw
    return z, grad
''', False, 'Here x is added after the tanh, so dx has no factor D; in the matrix example x was inside the tanh.',
           ('outside|after the tanh|added after|not inside',)),
    Answer('08.implicit_scalar', 'formula-for-tanh-of-wz-plus-x', r'''
@strict_custom_gradient
def fixed_point(x, w):
    z = iterate_fixed_point(x, w)
    def grad(upstream):
        D = 1 - z ** 2                            # tanh's slope, since z = tanh(...)
        zbar = upstream / (1 - w * D)             # adjoint: zbar = g + w D zbar
        return zbar * D, tf.reduce_sum(zbar * D * z)
    return z, grad
''', False, 'These are the formulas for z = tanh(w z + x), the matrix example; here z = tanh(w z) + x, with x outside the tanh.',
           ('tanh(w z + x)|tanh(wz + x)|tanh(w·z + x)|inside the tanh|matrix',)),
    Answer('08.implicit_scalar', 'tanh-of-wz-plus-x-slope-there', r'''
@strict_custom_gradient
def fixed_point(x, w):
    z = iterate_fixed_point(x, w)
    def grad(upstream):
        a = w * z + x
        D = 1 - tf.tanh(a) ** 2
        common = upstream * D / (1 - w * D)
        return common, tf.reduce_sum(common * z)
    return z, grad
''', False, 'That differentiates z = tanh(w z + x); the exercise has z = tanh(w z) + x: x is outside the tanh.',
           ('tanh(w z + x)|tanh(wz + x)|tanh(w·z + x)|inside the tanh|outside',)),
    Answer('08.implicit_scalar', 'dw-factor-w-instead-of-z', r'''
@strict_custom_gradient
def fixed_point(x, w):
    z = iterate_fixed_point(x, w)
    def grad(upstream):
        s = 1 - tf.tanh(w * z) ** 2
        g = upstream / (1 - w * s)
        return g, tf.reduce_sum(g * s * w)        # d(wz) brings w
    return z, grad
''', False, 'd(w z)/dw with z held is z, not w: the gradient for w has the wrong factor.',
           ('factor', 'for w|respect to w')),
    Answer('08.implicit_scalar', 'implicit-from-partials-of-one-step-tape', r'''
@strict_custom_gradient
def fixed_point(x, w):
    z = iterate_fixed_point(x, w)
    def grad(upstream):
        z0 = tf.stop_gradient(z)
        with tf.GradientTape(persistent=True) as tape:
            tape.watch([z0, x, w])
            f = tf.tanh(w * z0) + x               # one step of the map, at the fixed point
        df_dz = tape.gradient(f, z0)              # elementwise: w (1 - tanh²(w z))
        df_dw = tape.gradient(f, w, output_gradients=upstream / (1 - df_dz))
        return upstream / (1 - df_dz), df_dw
    return z, grad
''', True),
    Answer('08.implicit_scalar', 'recomputes-z-in-grad-without-tape', r'''
@strict_custom_gradient
def fixed_point(x, w):
    z = iterate_fixed_point(x, w)
    def grad(upstream):
        z_star = iterate_fixed_point(x, w)        # the same fixed point again (no tape)
        D = 1 - tf.tanh(w * z_star) ** 2
        dx = upstream / (1 - w * D)
        return dx, tf.reduce_sum(dx * D * z_star)
    return z, grad
''', True),
    Answer('08.implicit_scalar', 'all-signs-flipped', r'''
@strict_custom_gradient
def fixed_point(x, w):
    z = iterate_fixed_point(x, w)
    def grad(upstream):
        D = 1 - tf.tanh(w * z) ** 2
        dx = upstream / (w * D - 1)
        return dx, tf.reduce_sum(dx * D * z)
    return z, grad
''', False, 'The denominator is written w D − 1 instead of 1 − w D: every gradient has the wrong sign.',
           ('sign',)),
]


# ---------------------------------------------------------------- d-: a second learner corpus, written blind
def _f(body):
    return ("@strict_custom_gradient\ndef fixed_point(x, w):\n    z = iterate_fixed_point(x, w)\n"
            "    def grad(upstream):\n" + body + "    return z, grad\n")


ANSWERS += [
    Answer(KEY, "d-right-three-steps", _f(
        "        D = 1 - tf.tanh(w * z) ** 2            # tanh' at w z\n"
        "        denom = 1 - w * D\n"
        "        return upstream / denom, tf.reduce_sum(upstream * D * z / denom)\n"), True),
    Answer(KEY, "d-right-tanh-from-z-minus-x", _f(
        "        t = z - x                  # = tanh(w z) at the fixed point\n"
        "        D = 1 - t * t\n"
        "        scale = 1 / (1 - w * D)\n"
        "        return upstream * scale, tf.reduce_sum(upstream * scale * D * z)\n"), True),
    Answer(KEY, "d-right-cosh", _f(
        "        D = 1 / tf.cosh(w * z) ** 2\n"
        "        dz_dx = tf.math.reciprocal(1 - w * D)\n"
        "        gx = upstream * dz_dx\n"
        "        gw = tf.tensordot(tf.reshape(gx * D, [-1]), tf.reshape(z, [-1]), axes=1)\n"
        "        return gx, gw\n"), True),
    Answer(KEY, "d-right-adjoint-iteration", _f(
        "        D = 1 - tf.tanh(w * z) ** 2\n"
        "        zbar = upstream\n"
        "        for _ in range(200):                 # zbar = g + w D zbar, a contraction\n"
        "            zbar = upstream + w * D * zbar\n"
        "        return zbar, tf.reduce_sum(zbar * D * z)\n"), True),
    Answer(KEY, "d-slope-at-z", _f(
        "        D = 1 - tf.tanh(z) ** 2\n"
        "        return upstream / (1 - w * D), tf.reduce_sum(upstream * D * z / (1 - w * D))\n"), False,
           mistake="tanh's slope taken at z instead of at w z",
           must_mention=("w z|w·z|wz|w*z|w · z",)),
    Answer(KEY, "d-D-in-numerator-for-x", _f(
        "        D = 1 - tf.tanh(w * z) ** 2\n"
        "        zbar = upstream / (1 - w * D)\n"
        "        return D * zbar, tf.reduce_sum(D * zbar * z)\n"), False,
           mistake="dL/dx multiplied by D as in the matrix example, but here x is added outside the tanh",
           must_mention=("outside|no D|without D|D ·|D *|x is added",)),
    Answer(KEY, "d-dw-not-summed", _f(
        "        D = 1 - tf.tanh(w * z) ** 2\n"
        "        return upstream / (1 - w * D), upstream * D * z / (1 - w * D)\n"), False,
           mistake="dL/dw not summed: w is one number used by every entry",
           must_mention=("sum",)),
    Answer(KEY, "d-dw-missing-z", _f(
        "        D = 1 - tf.tanh(w * z) ** 2\n"
        "        return upstream / (1 - w * D), tf.reduce_sum(upstream * D / (1 - w * D))\n"), False,
           mistake="dL/dw misses the factor z: d(w z)/dw = z",
           must_mention=("factor z|times z|· z|* z|by z|z ·|d(w z)/dw|∂(wz)/∂w|misses a factor|brings one down",)),
    Answer(KEY, "d-plus-in-denominator", _f(
        "        D = 1 - tf.tanh(w * z) ** 2\n"
        "        return upstream / (1 + w * D), tf.reduce_sum(upstream * D * z / (1 + w * D))\n"), False,
           mistake="sign error: solving dz = w D dz + ... gives 1 − w D, not 1 + w D",
           must_mention=("sign|1 − w|1 - w",)),
    Answer(KEY, "d-unrolled-own-loop", _f(
        "        with tf.GradientTape() as tape:\n"
        "            tape.watch([x, w])\n"
        "            zz = x\n"
        "            for _ in range(60):\n"
        "                zz = tf.tanh(w * zz) + x\n"
        "        dx, dw = tape.gradient(zz, [x, w], output_gradients=upstream)\n"
        "        return dx, dw\n"), False,
           mistake="differentiates its own copy of the loop under a tape: the unrolled gradient, not the implicit one",
           must_mention=("unroll|loop|tape",)),
    Answer(KEY, "d-forgot-upstream", _f(
        "        D = 1 - tf.tanh(w * z) ** 2\n"
        "        return 1 / (1 - w * D), tf.reduce_sum(D * z / (1 - w * D))\n"), False,
           mistake="upstream ignored",
           must_mention=("upstream",)),
    Answer(KEY, "d-mean-for-w", _f(
        "        D = 1 - tf.tanh(w * z) ** 2\n"
        "        return upstream / (1 - w * D), tf.reduce_mean(upstream * D * z / (1 - w * D))\n"), False,
           mistake="mean instead of sum for dL/dw",
           must_mention=("sum|mean",)),
    Answer(KEY, "d-forgot-one-minus", _f(
        "        D = tf.tanh(w * z) ** 2\n"
        "        return upstream / (1 - w * D), tf.reduce_sum(upstream * D * z / (1 - w * D))\n"), False,
           mistake="tanh's slope is 1 − tanh², not tanh²",
           must_mention=("1 − tanh|1 - tanh|slope|tanh'",)),
    Answer(KEY, "d-float32-one", _f(
        "        D = tf.constant(1.0) - tf.tanh(w * z) ** 2\n"
        "        return upstream / (1 - w * D), tf.reduce_sum(upstream * D * z / (1 - w * D))\n"), False,
           mistake="a float32 tf.constant meets float64 inputs",
           must_mention=("float64|dtype",)),
    Answer(KEY, "d-no-denominator", _f(
        "        D = 1 - tf.tanh(w * z) ** 2\n"
        "        return upstream, tf.reduce_sum(upstream * D * z)\n"), False,
           mistake="treats z on the right-hand side as a constant: the 1/(1 − w D) from solving for dz is missing",
           must_mention=("1 − w|1 - w|solve|denominator|every iteration|depends on",)),
    Answer(KEY, "d-x-instead-of-z-in-dw", _f(
        "        D = 1 - tf.tanh(w * z) ** 2\n"
        "        return upstream / (1 - w * D), tf.reduce_sum(upstream * D * x / (1 - w * D))\n"), False,
           mistake="dL/dw uses x where d(w z)/dw = z is needed",
           must_mention=("z, not x|instead of z|not x|times z|· z|* z|factor z",)),
    Answer(KEY, "d-x-inside-tanh-formulas", _f(
        "        D = 1 - z ** 2               # as for z = tanh(w z + x)\n"
        "        zbar = upstream / (1 - w * D)\n"
        "        return D * zbar, tf.reduce_sum(D * zbar * z)\n"), False,
           mistake="formulas for z = tanh(w z + x) (x inside the tanh); here z = tanh(w z) + x",
           must_mention=("tanh(w z + x)|tanh(wz + x)|inside|outside|different",)),
    Answer(KEY, "d-dw-shape-1", _f(
        "        D = 1 - tf.tanh(w * z) ** 2\n"
        "        dw = tf.reshape(tf.reduce_sum(upstream * D * z / (1 - w * D)), [1])\n"
        "        return upstream / (1 - w * D), dw\n"), False,
           mistake="dL/dw has shape (1,) but w is a scalar of shape ()",
           must_mention=("shape",)),
]
