"""Solution to 08.block_size: reveal() shows the code that follows the imports."""

layers = 36
memory = {k: layers / k + k for k in range(1, layers + 1) if layers % k == 0}
block_size = min(memory, key=memory.get)     # 6: N/k + k (N = 36 layers) is smallest where k = √N
