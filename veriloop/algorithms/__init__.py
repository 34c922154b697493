"""Advantages, losses, reward shaping and dynamic sampling: pure functions and registries."""
