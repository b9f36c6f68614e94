"""Solution to 09.diagnose: reveal() shows the code that follows the imports."""

# check_gradients(mean_square, x): "off by a constant factor: the gradient is 6 times the right one"
# check_gradients(project, x, W):  W "transposed: the gradient is right once transposed"
# check_gradients(add_bias, x, b): b "broadcast dimension(s) not summed"
diagnoses = ["constant_factor", "transposed", "not_summed"]
