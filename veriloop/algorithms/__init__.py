"""Advantages, losses, reward shaping, dynamic sampling and PPO's critic: pure functions,
registries, and the value head the critic trains."""
