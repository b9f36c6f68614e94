"""Exercise 10.loss_scaled_clip_norm: A norm clip that is right under a dynamic loss scale."""

import numpy as np
import tensorflow as tf

from .. import Exercise, Feedback, reject
from ...boundary import running
from ..judges import _kind, function_from, one_tensor


FIRST_SCALE = 32768.0


_CLIP_POINTS = [          # (dtype, loss scale, true upstream); every scaled upstream fits float16 (below 65504)
    ("float32", 32768.0, [1.5, -2.0, 0.5]),
    ("float32", 32768.0, [0.3, -0.4, 0.1]),                               # norm below 1: passes unchanged
    ("float32", 32768.0, [[0.9, -0.2, 0.4], [0.3, 0.8, -0.6]]),          # the norm of the whole matrix
    ("float32", 1024.0, [48.0, -36.0, 12.0]),                            # the scale changed (Keras halves it)
    ("float16", 32768.0, [1.5, -1.2, 0.9, 1e-6]),                        # float16 squares overflow
    ("float16", 32768.0, [1e-6, -4.4e-7, 3e-4]),                         # tiny true gradients
    ("float16", 1.0, [0.5, -2.0, 1.0]),
]


_FLOAT16_MIN_NORMAL = 6.1e-05


def _clip_norm(u):
    """``u`` with its norm (of all entries together) clipped to 1, in float64."""
    norm = float(np.sqrt(np.sum(u ** 2)))
    return u * min(1.0, 1.0 / norm) if norm > 0 else u


def _clip_rows(u):
    norms = np.sqrt(np.sum(u ** 2, axis=-1, keepdims=True))
    return u * np.minimum(1.0, 1.0 / np.maximum(norms, 1e-300))


# Known mistakes: (key, what the optimizer ends up with (the answer's gradient divided by s), as a function of the
# true upstream u, the scale s and the scale the factory saw s0; the message). An answer has a mistake when it
# agrees with it at every float32 point; checked in this order.
_CLIP_MISTAKES = [
    ("not_clipped", lambda u, s, s0: u,
     "the gradient passes unchanged: a true upstream of norm {norm:.3g} comes back with that norm, and nothing "
     "limits it to 1 yet."),
    ("scale_ignored", lambda u, s, s0: _clip_norm(s * u) / s,
     "your grad clips the upstream it receives, which is the true upstream times the loss scale ({s:g}): after the "
     "optimizer divides by {s:g}, the gradient's norm is {got:.3g} instead of {want:.3g}. It is right only while "
     "the scale is 1. The clip must act on the true upstream (the mixed-precision section shows how, for an "
     "entrywise clip)."),
    ("not_rescaled", lambda u, s, s0: _clip_norm(u) / s,
     "your result is {s:g} times too small once the optimizer has divided by the loss scale: grad returns the "
     "clipped true upstream, and the optimizer divides by the scale once more. grad must return its result in "
     "upstream's own units, scaled like upstream."),
    ("scale_inverted", lambda u, s, s0: _clip_norm(s * s * u) / (s * s),
     "the loss scale is applied the wrong way round: upstream is the true upstream times the scale, so getting the "
     "true upstream back is the inverse operation, and so is going back to upstream's units."),
    ("elementwise", lambda u, s, s0: np.clip(u, -1, 1),
     "that clips each entry to [-1, 1] on its own. The exercise clips the norm, the length of the whole upstream: "
     "every entry is multiplied by one common factor, so the direction stays."),
    ("always_normalised", lambda u, s, s0: u / np.sqrt(np.sum(u ** 2)),
     "a true upstream of norm {norm:.3g} must pass unchanged, but yours is stretched to norm 1: a clip limits the "
     "norm, it never enlarges it."),
    ("squared_norm", lambda u, s, s0: u * min(1.0, 1.0 / float(np.sum(u ** 2))),
     "your clip divides by the squared norm, the sum of the squares, where the norm is its square root: a true "
     "upstream of norm {norm:.3g} comes back with norm {got:.3g} instead of {want:.3g}."),
    ("per_row", lambda u, s, s0: _clip_rows(u),
     "for a matrix upstream you clipped the norm of each row; the exercise clips the norm of the whole upstream, "
     "all its entries together."),
    ("stale_scale", lambda u, s, s0: s0 * _clip_norm(s * u / s0) / s,
     "after the loss scale changed from {s0:g} to {s:g}, your grad still used {s0:g}: it read the scale once, when "
     "clip_norm_under_loss_scale was called. Keras changes the scale during training (it halves it after every "
     "overflow): read the variable inside grad, at each call."),
]


def _clip_gradient(clip, x, upstream, stage):
    """The forward value and dL/dx of ``clip`` at ``x`` for ``upstream`` (eagerly)."""
    with running(stage):
        with tf.GradientTape() as tape:
            tape.watch(x)
            y = clip(x)
        y = one_tensor(y, "your custom-gradient function")
        return y, tape.gradient(y, x, output_gradients=upstream)


def _clip_point(dtype, scale, true):
    true = np.asarray(true, dtype=np.float64)
    upstream = tf.constant(scale * true, dtype=dtype)
    x = tf.constant(np.linspace(-1.0, 1.0, true.size).reshape(true.shape), dtype=dtype)
    return x, upstream, upstream.numpy().astype(np.float64) / scale     # the true upstream, as rounded in dtype


def _unscaled_gradient(clip, loss_scale, point):
    """What the optimizer gets from the answer at ``point`` (its gradient divided by the scale), after the checks
    that need no reference values: the forward, None, the kind, shape, dtype and finiteness of the gradient."""
    dtype, scale, true = point
    loss_scale.assign(scale)
    x, upstream, u = _clip_point(dtype, scale, true)
    y, g = _clip_gradient(clip, x, upstream, "running your custom gradient")
    if y.dtype != x.dtype or tuple(y.shape) != tuple(x.shape) or not np.array_equal(y.numpy(), x.numpy()):
        reject("the forward must stay the identity, tf.identity(x), with x's shape and dtype: only grad changes.",
               "wrong_forward")
    if g is None:
        reject("the tape got None: grad returned None, or the function is not decorated with @tf.custom_gradient.",
               "none")
    if not tf.is_tensor(g):
        reject(f"grad returned {_kind(g)}, not a tensor: use TensorFlow operations in grad (NumPy fails inside "
               "tf.function, where Keras runs it).", "numpy")
    if tuple(g.shape) != tuple(x.shape):
        reject(f"the gradient has shape {tuple(g.shape)} for an input of shape {tuple(x.shape)}: a norm clip "
               "multiplies upstream by one number, so the gradient keeps upstream's shape.", "wrong_shape")
    if g.dtype != x.dtype:
        reject(f"the gradient has dtype {g.dtype.name} for a {x.dtype.name} input: under mixed precision upstream "
               f"and the input are {x.dtype.name}, and so must the gradient be (cast your result back).",
               "wrong_dtype")
    got = g.numpy().astype(np.float64) / scale
    if not np.all(np.isfinite(got)):
        reject(f"for a {dtype} upstream whose largest entry is {np.max(np.abs(upstream.numpy())):g} (a true "
               f"gradient times the loss scale {scale:g}) your gradient holds inf or NaN: squares of such entries, "
               "or their product with the scale, overflow float16, whose largest number is 65504. Do that "
               "arithmetic in float32 and cast only the result back to upstream's dtype.", "overflow")
    return u, got


def _close_clip(got, want, dtype) -> bool:
    return np.allclose(got, want, rtol=2e-3 if dtype == "float16" else 1e-5, atol=1e-12)


def _judge_clip_points(clip, loss_scale):
    floats32 = [p for p in _CLIP_POINTS if p[0] == "float32"]
    for point in _CLIP_POINTS:
        dtype, scale, _ = point
        u, got = _unscaled_gradient(clip, loss_scale, point)
        want = _clip_norm(u)
        if _close_clip(got, want, dtype):
            continue
        norm, got_norm, want_norm = (float(np.sqrt(np.sum(t ** 2))) for t in (u, got, want))
        words = dict(s=scale, s0=FIRST_SCALE, norm=norm, got=got_norm, want=want_norm)
        if dtype == "float32":          # the float32 points before this one passed: try all of them
            seen = [(p, *_unscaled_gradient(clip, loss_scale, p)) for p in floats32]
            for key, wrong, message in _CLIP_MISTAKES:
                if all(_close_clip(g, wrong(v, p[1], FIRST_SCALE), "float16") for p, v, g in seen):
                    reject(message.format(**words), key)
        elif np.allclose(got, want, rtol=0.2, atol=1e-12):     # every float32 point passed
            bad = int(np.argmax(np.abs(got - want) / np.maximum(np.abs(want), 1e-300)))
            reject(f"right for float32, but for a float16 upstream your result loses small gradients: an entry "
                   f"whose true value is {want.reshape(-1)[bad]:.2e} comes back as {got.reshape(-1)[bad]:.3e}. In "
                   f"float16, numbers below {_FLOAT16_MIN_NORMAL:.1e} keep few digits: dividing upstream by the "
                   "scale in float16 brings back the very underflow loss scaling exists to prevent. Compute in "
                   "float32.", "float16_precision")
        same_direction = np.allclose(got / max(got_norm, 1e-300), want / max(want_norm, 1e-300), atol=1e-3)
        reject(f"at loss scale {scale:g}, a true upstream of norm {norm:.3g} should come back, once the optimizer "
               f"has divided by the scale, with norm {want_norm:.3g} and the same direction; yours has norm "
               f"{got_norm:.3g}" + ("" if same_direction else " and another direction") + ".", "wrong_values")


def _judge_clip(answer) -> Feedback:
    make = function_from(answer, "clip_norm_under_loss_scale, a function of the loss scale")
    loss_scale = tf.Variable(FIRST_SCALE)
    with running("calling clip_norm_under_loss_scale(loss_scale)"):
        clip = make(loss_scale)
    if not callable(clip) or tf.is_tensor(clip):
        reject(f"clip_norm_under_loss_scale(loss_scale) returned {_kind(clip)}: it returns the custom-gradient "
               "function clip_norm itself (return clip_norm, without calling it).", "not_callable")
    _judge_clip_points(clip, loss_scale)
    # Inside tf.function (where Keras runs it): traced at one scale, run again after the scale changed.
    x, _, u = _clip_point("float32", 1024.0, [1.5, -2.0, 0.5])
    compiled = tf.function(lambda x, upstream: _clip_gradient(clip, x, upstream, "running your custom gradient "
                                                                                  "inside tf.function")[1],
                           autograph=False)
    for scale in (1024.0, FIRST_SCALE):
        loss_scale.assign(scale)
        with running("running your custom gradient inside tf.function"):
            g = compiled(x, tf.constant(scale * u, tf.float32))
        g = one_tensor(g, "your grad inside tf.function")
        if not np.allclose(g.numpy().astype(np.float64) / scale, _clip_norm(u), rtol=1e-5, atol=1e-12):
            reject("eagerly right, but inside tf.function (where Keras runs your grad) it ignores a change of the "
                   "loss scale: a Python number read from the variable (float(...), .numpy()) is fixed once, when "
                   "TensorFlow traces the function. Use the variable itself in TensorFlow operations.",
                   "not_in_function")
    return Feedback(True, "the norm clip acts on the true upstream, whatever the loss scale and however it changes, "
                          "and in float16 the arithmetic stays in float32: after unscaling, the optimizer gets the "
                          "clipped true gradient.")


EXERCISE = Exercise(
    key="10.loss_scaled_clip_norm",
    title="A norm clip that is right under a dynamic loss scale",
    judge=_judge_clip,
    answer_name="clip_norm_under_loss_scale",
    mistakes=("not_clipped", "scale_ignored", "not_rescaled", "scale_inverted", "elementwise", "always_normalised",
              "squared_norm", "per_row", "stale_scale", "overflow", "float16_precision", "wrong_dtype", "dtype_mismatch",
              "numpy_in_graph"),
    hints={"dtype_mismatch": "under mixed precision upstream is float16 and the loss scale a float32 variable: do "
                             "the arithmetic in float32, and cast the result back to upstream's dtype.",
           "numpy_in_graph": "Keras runs grad inside tf.function: use the variable loss_scale itself in TensorFlow "
                             "operations (tf.cast(loss_scale, ...)), read at every call."},
    withhold=(r" \(use the variable itself, w, not w\.numpy\(\)\)", r",? or wrap NumPy code in tf\.numpy_function"),
)
