"""Exercise 09.fix_linear: Fix the gradient of a dense layer y = x W + b."""

import numpy as np
import tensorflow as tf

from .. import Exercise, rng_for
from ..judges import gradient_judge


def _linear_points():
    rng = rng_for("09.fix_linear")
    return [(tf.constant(rng.standard_normal((5, 3)).astype(np.float32)),
             tf.constant(rng.standard_normal((3, 2)).astype(np.float32)),
             tf.constant([0.1, -0.2])),
            (tf.constant(rng.standard_normal((1, 4)).astype(np.float32)),
             tf.constant(rng.standard_normal((4, 3)).astype(np.float32)),
             tf.constant([0.3, 0.0, -1.0]))]


EXERCISE = Exercise(
    key="09.fix_linear",
    title="Fix the gradient of a dense layer y = x W + b",
    judge=gradient_judge(
        _linear_points,
        lambda x, W, b: x @ W + b,
        "dx = U Wᵀ, dW = xᵀ U, db = U summed over the batch: every shape matches its input.",
        fallback="check each gradient's shape against its input's, then which products of U with x and W give "
                 "those shapes.",
        known_wrong=[("mean_not_sum", lambda x, W, b, U: (U @ tf.transpose(W), tf.transpose(x) @ U,
                                                          tf.reduce_mean(U, axis=0)),
                      "the gradient for b is averaged over the batch: b was added to every row, so every row's "
                      "contribution counts in full; they are summed, not averaged."),
                     ("shadowed_input", lambda x, W, b, U: (U @ tf.transpose(W),
                                                            tf.transpose(U @ tf.transpose(W)) @ U,
                                                            tf.reduce_sum(U, axis=0)),
                      "the gradient for W is built from dL/dx where the input x belongs: did grad give the name x "
                      "a new value (x = U @ ...) before computing dW? Give each gradient its own name, such as "
                      "dx."),
                     ("one_example", lambda x, W, b, U: (U @ tf.transpose(W), tf.transpose(x) @ U, U[0]),
                      "the gradient for b has b's shape but holds only the first example's row of U: b was added to "
                      "every example of the batch, so every example contributes to its gradient."),
                     ("one_example", lambda x, W, b, U: (U @ tf.transpose(W), tf.transpose(x[:1]) @ U[:1],
                                                         tf.reduce_sum(U, axis=0)),
                      "the gradient for W has W's shape but comes from the first example alone: W is used by every "
                      "example of the batch, so every example contributes to its gradient."),
                     ("activation_slope", lambda x, W, b, U: (
                         (U * tf.sigmoid(x @ W + b)) @ tf.transpose(W), tf.transpose(x) @ (U * tf.sigmoid(x @ W + b)),
                         tf.reduce_sum(U * tf.sigmoid(x @ W + b), axis=0)),
                      "every gradient carries a factor sigmoid(x W + b), softplus's slope from the dense_softplus "
                      "example: this layer has no activation, so U reaches x W + b unchanged."),
                     ("reshaped", lambda x, W, b, U: (U @ tf.transpose(W),
                                                      tf.reshape(tf.transpose(U) @ x, tf.shape(W)),
                                                      tf.reduce_sum(U, axis=0)),
                      "the gradient for W has W's shape, but only because tf.reshape made it fit: reshaping keeps "
                      "the entries in their order and regroups them, so they land in the wrong places. A "
                      "gradient's shape must come out of the product itself (a transpose moves entries, a reshape "
                      "does not).")],
        messages={"transposed": "the gradient for W is W's shape transposed: a gradient always has its input's "
                                "shape. Which product of x (batch, 3) and U (batch, 2) gives (3, 2)?",
                  "not_summed": "the gradient for b still has the batch axis: b was added to every row, so every "
                                "row contributes to its gradient, and the contributions must be combined into b's "
                                "shape."}),
    answer_name="linear",
    mistakes=("transposed", "not_summed", "upstream_ignored", "no_custom_gradient", "mean_not_sum",
              "shadowed_input", "one_example", "reshaped", "activation_slope"),
    hints={"upstream_ignored": "every gradient is built from U.",
           "matmul_shapes": "each gradient has its input's shape: dx (batch, 3), dW (3, 2), db (2,).",
           "wrong_shape": "each gradient has its input's shape: dx (batch, 3), dW (3, 2), db (2,); b was broadcast "
                          "along the batch axis.",
           "count": "three inputs need three gradients, in the order (x, W, b)."},
)
