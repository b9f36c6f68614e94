"""Solution to 06.loss_scale: reveal() shows the code that follows the imports."""

verdicts = ["survives",   # 1: upstream * 2x, linear in upstream
            "wrong",      # 2: a clip of the scaled upstream
            "survives",   # 3: upstream times a mask of x
            "wrong",      # 4: upstream / its norm
            "wrong",      # 5: threshold on upstream
            "survives"]   # 6: relu(s·u) = s·relu(u) for s > 0, though not linear
