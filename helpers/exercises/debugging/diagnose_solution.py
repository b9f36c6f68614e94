"""Solution to 09.diagnose: reveal() shows the code that follows the imports."""

diagnoses = ["constant_factor",   # mean_square: "off by a constant factor: the gradient is 6 times the right one"
             "transposed",        # project, for W: "transposed: the gradient is right once transposed"
             "not_summed"]        # add_bias, for b: wrong shape (2, 3), "broadcast dimension(s) not summed"
