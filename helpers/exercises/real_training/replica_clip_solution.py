"""Solution to 10.replica_clip: reveal() shows the code that follows the imports."""

# Four replicas of four examples: B = 16. Upstream at h is h / 16, clipped to [-0.3, 0.3];
# times B, the clip acts at 0.3 · 16 = 4.8 per example.
B = 16
answer = [min(h / B, 0.3) * B for h in (3, 4, 5, 6)]   # [3.0, 4.0, 4.8, 4.8]
