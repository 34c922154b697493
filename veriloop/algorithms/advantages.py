"""Advantage estimators: pure functions over reward tensors, registered by name.

Outcome-reward estimators take rewards laid out as groups of samples of the same prompt,
`rewards [G, K]`, with a boolean `valid [G, K]` mask (rollouts that failed for infrastructure
reasons are invalid: they get no baseline weight and a zero advantage, instead of a zero reward).
They return one advantage per sample, `[G, K]`, which the trainer broadcasts over the sample's
policy tokens.

- `grpo`: (r - group mean) / (group std + eps), as in DeepSeekMath's GRPO (population std).
- `dr_grpo`: r - group mean, no std division, as in Dr.GRPO ("Understanding R1-Zero-like
  training"): dividing by the std up-weights near-solved and near-failed prompts.
- `rloo`: r - mean of the *other* samples of the group (leave-one-out baseline), as in RLOO.
- `reinforce_pp`: REINFORCE++ normalization: r minus the group mean, then normalized by the
  mean and std of the whole batch (global normalization instead of per-group).
- `opo`: r - b* with OPO's optimal baseline ("On-Policy RL with Optimal Reward Baseline"):
  the variance-minimizing baseline E[|grad log pi|^2 r] / E[|grad log pi|^2], with the squared
  gradient norm taken as proportional to the response length, so b* = sum_i l_i r_i / sum_i l_i
  over the group. Lengths are the policy tokens of each sample (`lengths [G, K]`, which every
  estimator accepts and the others ignore); without them it is the group mean (dr_grpo).

Estimators that need a critic (a value head: `Critic`, below) are per token and called apart
(`get_critic_estimator`; `needs_critic` tells which kind a name is):

- `gae`: PPO's generalized advantage estimation. The outcome reward sits on each sequence's
  last policy token; only policy tokens are steps (tool outputs in between are skipped);
  the advantages are then whitened over all policy tokens of the batch, the returns
  (value targets) are not.
- `turn_gae`: the same with each turn's reward on that turn's last policy token (sub-goals and
  dense events where they were earned, the rest of the reward on the last turn).

Turn-level critic-free estimators (turn_grpo, subgoal_slice, gigpo) live in
`veriloop.algorithms.turn_advantages`. Every estimator is an entry of one registry
(`veriloop.algorithms.registries.ESTIMATORS`) with its parameters as a pydantic model
(`GroupParams`, `CriticParams`); `list_advantages` names them all. Estimators take a step's
`Group`s as the tensors `group_tensors` lays them out in.

`difficulty_weighted` rescales group advantages so harder prompts weigh more, following
GRPO-LEAD: positive advantages are scaled by w(pass rate), negative ones by w(1 - pass rate),
with a logistic w that is large when the pass rate is low.

`Critic` is PPO's critic: a value head on the policy's hidden states, the per-token advantages
it feeds and the clipped value loss. The head is a zero-initialised `Linear(hidden, 1)` on the
policy's final-normed last hidden state, read at the policy tokens. It shares the policy's
trunk, as PPO for language models usually does: the value loss (times `value_coef`) also
reaches the policy's parameters. The advantages come from a critic estimator (`gae`,
`turn_gae`), the loss from `veriloop.algorithms.losses.value_loss`.
`veriloop.trainers.rl_batch.build_critic` gives the critic an algorithm config asks for, or
None for the critic-free (group-baseline) estimators; the trainer is handed that and never asks
which algorithm runs. Not provided: a separate value network, or value pretraining before the
policy updates.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any, NamedTuple, Protocol

import torch
from pydantic import Field
from torch import Tensor

from veriloop.algorithms.losses import ValueStats, value_loss
from veriloop.algorithms.registries import ESTIMATORS, Entry, Params, estimator
from veriloop.types import Group


class AdvantageFn(Protocol):
    def __call__(self, rewards: Tensor, valid: Tensor, eps: float = 1e-6,
                 lengths: Tensor | None = None) -> Tensor: ...


class GroupParams(Params):
    eps: float = 1e-6
    """Added to a standard deviation before dividing by it."""


class CriticParams(Params):
    gamma: float = Field(1.0, ge=0, le=1)
    """Discount per policy token."""
    lam: float = Field(0.95, ge=0, le=1)
    """GAE lambda."""


def get_advantage(name: str) -> AdvantageFn:
    """The group estimator `name` (for a critic estimator see `get_critic_estimator`)."""
    return estimator(name, "group").fn


def list_advantages() -> list[str]:
    """Every estimator name a config may give (group, turn-level and critic estimators)."""
    return ESTIMATORS.names()


def needs_critic(name: str) -> bool:
    return name in ESTIMATORS and ESTIMATORS.get(name).kind == "critic"


class GroupTensors(NamedTuple):
    """A step's groups as the tensors estimators compute on (`group_tensors`)."""

    rewards: Tensor  # [G, K] the groups' rewards (shaped), 0 for padding
    passed: Tensor  # [G, K] 0/1
    valid: Tensor  # [G, K] bool: False for padding and infrastructure faults
    lengths: Tensor  # [G, K] policy tokens of each sample (OPO's baseline weights)


def group_tensors(groups: Sequence[Group]) -> GroupTensors:
    """The one way a step's groups become estimator inputs: rows are groups, columns samples
    in sample order, padded to the largest group (padding is not valid)."""
    K = max(len(g) for g in groups)
    rewards, passed, lengths = (torch.zeros(len(groups), K) for _ in range(3))  # [G, K]
    valid = torch.zeros(len(groups), K, dtype=torch.bool)  # [G, K]
    for i, g in enumerate(groups):
        n = len(g)
        rewards[i, :n] = torch.tensor(g.rewards, dtype=torch.float32)
        passed[i, :n] = torch.tensor([float(t.passed) for t in g.samples])
        valid[i, :n] = torch.tensor(g.valid)
        lengths[i, :n] = torch.tensor([float(sum(t.loss_mask)) for t in g.samples])
    return GroupTensors(rewards, passed, valid, lengths)


def _group_mean(rewards: Tensor, valid: Tensor) -> tuple[Tensor, Tensor]:
    v = valid.to(rewards.dtype)  # [G, K]
    n = v.sum(dim=1, keepdim=True).clamp(min=1.0)  # [G, 1]
    mean = (rewards * v).sum(dim=1, keepdim=True) / n  # [G, 1]
    return mean, n


def grpo(rewards: Tensor, valid: Tensor, eps: float = 1e-6,
         lengths: Tensor | None = None) -> Tensor:
    """(r - mean_g) / (std_g + eps) within each group (population std over valid samples)."""
    v = valid.to(rewards.dtype)  # [G, K]
    mean, n = _group_mean(rewards, valid)  # [G, 1]
    var = (((rewards - mean) ** 2) * v).sum(dim=1, keepdim=True) / n  # [G, 1]
    return (rewards - mean) / (var.sqrt() + eps) * v  # [G, K]


def dr_grpo(rewards: Tensor, valid: Tensor, eps: float = 1e-6,
            lengths: Tensor | None = None) -> Tensor:
    """r - mean_g: Dr.GRPO drops the std division (no question-level difficulty bias)."""
    mean, _ = _group_mean(rewards, valid)  # [G, 1]
    return (rewards - mean) * valid.to(rewards.dtype)  # [G, K]


def rloo(rewards: Tensor, valid: Tensor, eps: float = 1e-6,
         lengths: Tensor | None = None) -> Tensor:
    """r_i - mean_{j != i} r_j: the leave-one-out baseline (0 for a group with one valid sample)."""
    v = valid.to(rewards.dtype)  # [G, K]
    total = (rewards * v).sum(dim=1, keepdim=True)  # [G, 1]
    n = v.sum(dim=1, keepdim=True)  # [G, 1]
    others = (n - 1).clamp(min=1.0)  # [G, 1]
    baseline = (total - rewards) / others  # [G, K]
    return torch.where(n > 1, rewards - baseline, torch.zeros_like(rewards)) * v  # [G, K]


def reinforce_pp(rewards: Tensor, valid: Tensor, eps: float = 1e-6,
                 lengths: Tensor | None = None) -> Tensor:
    """REINFORCE++ (with group baseline): subtract the group mean, then normalize by the mean and
    std of those centred rewards over the whole batch."""
    v = valid.to(rewards.dtype)  # [G, K]
    centred = dr_grpo(rewards, valid)  # [G, K]
    n = v.sum().clamp(min=1.0)
    mu = (centred * v).sum() / n
    std = ((((centred - mu) ** 2) * v).sum() / n).sqrt()
    return (centred - mu) / (std + eps) * v  # [G, K]


def opo(rewards: Tensor, valid: Tensor, eps: float = 1e-6,
        lengths: Tensor | None = None) -> Tensor:
    """r - sum(l r) / sum(l) within each group (length-weighted baseline; OPO)."""
    v = valid.to(rewards.dtype)  # [G, K]
    w = v if lengths is None else lengths.to(rewards.dtype) * v  # [G, K]
    baseline = (w * rewards).sum(1, keepdim=True) / w.sum(1, keepdim=True).clamp(min=eps)  # [G, 1]
    return (rewards - baseline) * v  # [G, K]


def difficulty_weights(pass_rate: Tensor, low: float = 0.5, high: float = 1.5,
                       slope: float = 10.0, center: float = 0.5) -> Tensor:
    """w(p) = low + (high - low) / (1 + exp(slope * (p - center))): near `high` for hard prompts
    (p -> 0) and near `low` for easy ones (p -> 1). pass_rate [G] -> weights [G]."""
    return low + (high - low) * torch.sigmoid(-slope * (pass_rate - center))


def difficulty_weighted(advantages: Tensor, pass_rate: Tensor, low: float = 0.5,
                        high: float = 1.5, slope: float = 10.0, center: float = 0.5) -> Tensor:
    """GRPO-LEAD reweighting: A > 0 scaled by w(p), A < 0 by w(1 - p), p the group pass rate.

    A correct answer to a hard prompt is reinforced more; a wrong answer to an easy prompt is
    penalized more. advantages [G, K], pass_rate [G] -> [G, K]."""
    w_pos = difficulty_weights(pass_rate, low, high, slope, center)[:, None]  # [G, 1]
    w_neg = difficulty_weights(1.0 - pass_rate, low, high, slope, center)[:, None]  # [G, 1]
    return torch.where(advantages > 0, advantages * w_pos, advantages * w_neg)  # [G, K]


def gae(rewards: Tensor, values: Tensor, mask: Tensor, gamma: float = 1.0,
        lam: float = 0.95) -> tuple[Tensor, Tensor]:
    """Generalized advantage estimation over policy tokens.

    rewards, values, mask: [B, T]. Only positions with mask 1 (policy tokens) are steps of the
    decision process; masked positions (prompt, tool outputs) are skipped, so the value after
    the last action of a turn bootstraps from the first action token of the next turn. The
    value after the final policy token is 0 (episodes end). Returns (advantages, returns), [B, T],
    zero where mask is 0.
    """
    B, T = rewards.shape
    m = mask.to(rewards.dtype)  # [B, T]
    adv = torch.zeros_like(rewards)  # [B, T]
    next_value = torch.zeros(B, dtype=rewards.dtype, device=rewards.device)  # [B]
    next_adv = torch.zeros_like(next_value)  # [B]
    for t in range(T - 1, -1, -1):
        delta = rewards[:, t] + gamma * next_value - values[:, t]  # [B]
        a = delta + gamma * lam * next_adv  # [B]
        on = m[:, t] > 0  # [B]
        adv[:, t] = torch.where(on, a, torch.zeros_like(a))
        next_value = torch.where(on, values[:, t], next_value)
        next_adv = torch.where(on, a, next_adv)
    returns = (adv + values) * m  # [B, T]
    return adv, returns


def terminal_rewards(rewards: Tensor, mask: Tensor) -> Tensor:
    """Place each sequence's reward on its last policy token: rewards [B], mask [B, T] ->
    [B, T] (all zero for a sequence without policy tokens)."""
    B, T = mask.shape
    pos = torch.arange(T)[None].expand(B, T)  # [B, T]
    last = torch.where(mask > 0, pos, torch.full_like(pos, -1)).max(dim=1).values  # [B]
    out = torch.zeros(B, T)  # [B, T]
    out[torch.arange(B), last.clamp(min=0)] = rewards * (last >= 0)
    return out


def whiten(values: Tensor, mask: Tensor, eps: float = 1e-6) -> Tensor:
    """(values - mean) / (std + eps) over the positions where mask is 1 (population std), zero
    elsewhere; values, mask [B, T] -> [B, T]. Unchanged if the mask is empty."""
    flat = values[mask > 0]  # [N]
    if flat.numel() == 0:
        return values
    mu, std = flat.mean(), flat.std(unbiased=False)
    return (values - mu) / (std + eps) * mask  # [B, T]


class CriticEstimator(Protocol):
    def __call__(self, rewards: Tensor, values: Tensor, mask: Tensor, gamma: float,
                 lam: float) -> tuple[Tensor, Tensor]: ...


def gae_advantages(rewards: Tensor, values: Tensor, mask: Tensor, gamma: float = 1.0,
                   lam: float = 0.95) -> tuple[Tensor, Tensor]:
    """PPO's advantages: outcome rewards [B] (or per-token rewards [B, T], summed) on the last
    policy token, GAE over the policy tokens with the critic's values [B, T], advantages
    whitened over the batch. Returns (advantages, returns), [B, T] each."""
    total = rewards if rewards.dim() == 1 else rewards.sum(1)  # [B]
    return turn_gae(terminal_rewards(total, mask), values, mask, gamma, lam)


def turn_gae(rewards: Tensor, values: Tensor, mask: Tensor, gamma: float = 1.0,
             lam: float = 0.95) -> tuple[Tensor, Tensor]:
    """GAE with per-token rewards [B, T] (each turn's reward on its last policy token; outcome
    rewards [B] go on the last policy token), whitened advantages. Returns (advantages,
    returns), [B, T] each."""
    placed = rewards if rewards.dim() == 2 else terminal_rewards(rewards, mask)  # [B, T]
    adv, returns = gae(placed, values, mask, gamma, lam)  # [B, T]
    return whiten(adv, mask), returns


def get_critic_estimator(name: str) -> CriticEstimator:
    return estimator(name, "critic").fn


# the registry's built-ins (`veriloop.algorithms.registries`)
GRPO = Entry(grpo, GroupParams, "group")
DR_GRPO = Entry(dr_grpo, GroupParams, "group")
RLOO = Entry(rloo, GroupParams, "group")
REINFORCE_PP = Entry(reinforce_pp, GroupParams, "group")
OPO = Entry(opo, GroupParams, "group")
GAE = Entry(gae_advantages, CriticParams, "critic")
TURN_GAE = Entry(turn_gae, CriticParams, "critic")


class Critic:
    """PPO's value head and what it computes (see the module docstring)."""

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
