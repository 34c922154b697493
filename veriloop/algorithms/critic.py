"""PPO's critic: a value head on the policy's hidden states, the per-token advantages it feeds,
and the clipped value loss.

The head is a zero-initialised `Linear(hidden, 1)` on the policy's final-normed last hidden
state, read at the policy tokens. It shares the policy's trunk, as PPO for language models
usually does: the value loss (times `value_coef`) also reaches the policy's parameters. The
advantages come from a critic estimator of `veriloop.algorithms.advantages` (`gae`: GAE over
policy tokens, whitened; `turn_gae`: the same with per-turn rewards), the loss from `veriloop.algorithms.losses.value_loss`.

`veriloop.trainers.rl_batch.build_critic` gives the critic an algorithm config asks for, or
None for the critic-free (group-baseline) estimators; the trainer is handed that and never asks
which algorithm runs.
Not provided: a separate value network, or value pretraining before the policy updates.
"""

from __future__ import annotations

from typing import Any

import torch
from torch import Tensor

from veriloop.algorithms.advantages import CriticEstimator
from veriloop.algorithms.losses import ValueStats, value_loss


class Critic:
    def __init__(self, hidden_size: int, estimator: CriticEstimator, gamma: float = 1.0,
                 lam: float = 0.95, clip: float | None = 0.2, coef: float = 0.5) -> None:
        self.head = torch.nn.Linear(hidden_size, 1)
        torch.nn.init.zeros_(self.head.weight)
        torch.nn.init.zeros_(self.head.bias)
        self.estimator = estimator
        self.gamma, self.lam, self.clip, self.coef = gamma, lam, clip, coef

    def parameters(self) -> list[torch.nn.Parameter]:
        return list(self.head.parameters())

    def values(self, hidden: Tensor, where: Tensor) -> Tensor:
        """hidden [N, H] at the N positions where `where` [B, L] is True -> values [B, L]
        (0 elsewhere)."""
        v = self.head(hidden.float()).squeeze(-1)  # [N]
        return torch.zeros(where.shape, dtype=v.dtype, device=v.device).masked_scatter(where, v)

    def advantages(self, rewards: Tensor, values: Tensor, mask: Tensor) -> tuple[Tensor, Tensor]:
        """Rewards [B] (outcome) or [B, L] (per turn, on each turn's last policy token) and the
        values [B, L] before the update -> (advantages, returns) [B, L] each."""
        return self.estimator(rewards, values, mask, self.gamma, self.lam)

    def loss(self, values: Tensor, old_values: Tensor, returns: Tensor,
             mask: Tensor) -> tuple[Tensor, ValueStats]:
        """value_coef × the clipped value loss (token mean over policy tokens)."""
        loss, stats = value_loss(values, old_values, returns, mask, self.clip)
        return self.coef * loss, stats

    def state_dict(self) -> dict[str, Any]:
        return self.head.state_dict()

    def load_state_dict(self, state: dict[str, Any]) -> None:
        self.head.load_state_dict(state)
