"""Solution to 06.loss_scale: reveal() shows the code that follows the imports."""

# A grad linear in upstream (upstream times something that does not depend on it) survives the scale:
# the factor passes through and the optimizer divides it out. A clip, a normalisation or a threshold
# acts on the scaled upstream and is silently wrong after the division.
verdicts = ["survives",   # 1: upstream * 2x
            "wrong",      # 2: clip of upstream
            "survives",   # 3: upstream times a mask of x
            "wrong",      # 4: upstream / its norm
            "wrong",      # 5: threshold on upstream
            "survives"]   # 6: upstream * 3 tanh(x)
