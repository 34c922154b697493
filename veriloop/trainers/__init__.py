"""Trainers: SFT (imitation) and the on-policy RL family, with checkpoints, metrics and CLI."""
