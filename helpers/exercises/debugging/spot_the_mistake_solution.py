"""Solution to 09.spot_the_mistake: reveal() shows the code that follows the imports."""

answers = ["keyword_call", "upstream_ignored", "float32_false_alarm", "wrong_shape", "none_gradient"]
