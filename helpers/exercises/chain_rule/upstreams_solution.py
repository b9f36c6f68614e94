"""Solution to 01.upstreams: reveal() shows the code that follows the imports."""

# Outermost first: upstream starts at dy/dy = 1, then each call passes
# downstream = local × upstream to the call before it.
upstreams = [1, 1 * (2 * 81), 1 * (2 * 81) * (2 * 9)]   # [1, 162, 2916]
