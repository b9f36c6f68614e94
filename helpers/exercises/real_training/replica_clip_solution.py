"""Solution to 10.replica_clip: reveal() shows the code that follows the imports."""

B = 16                                                  # four replicas of four examples: the global batch
answer = [min(h / B, 0.3) * B for h in (3, 4, 5, 6)]   # upstream h / B, clipped at 0.3, times B: [3, 4, 4.8, 4.8]
