"""Turn-level advantage estimators: one advantage per turn, spread over that turn's policy tokens.

Inputs come as groups of samples of one prompt, padded to the longest episode: per-turn rewards
`rewards [G, K, T]` (the rewards attached to each turn: sub-goals where they were reached, dense
events, and the rest of the episode's reward on its last turn, so a row sums to the
trajectory's reward), `turn_mask [G, K, T]`, `valid [G, K]` (infrastructure faults and padding
are False: no baseline weight, zero advantage), `passed [G, K]`, `blame [G, K, T]` (the turns of
the first failed sub-goal) and `states [G, K, T]` (an id of the state each turn started from).
Each estimator returns `[G, K, T]`, zero off the mask.

- `turn_grpo`: the discounted return-to-go of each turn, G_t = sum_{s >= t} gamma^(s-t) r_s,
  minus the group mean of the episodes' returns G_0, divided by
  sqrt(std(G_0)^2 + mean over turns of (G_t - G_0)^2): the spread of the episodes' returns
  plus that of the turns' returns within their episodes. With gamma = 1 and only an outcome
  reward the second term is 0, so every turn gets the GRPO advantage; dense rewards earned
  before a turn no longer count for it. (Dividing by std(G_0) alone, as before 2026-11-26,
  gave advantages near 1e5 when a group's episodes scored alike but a dense reward made their
  turns' returns differ: a gradient norm of 5,803 on the first step of a research run.)
- `subgoal_slice`: the GRPO advantage of the episode's reward on every turn, except that a
  failed episode's negative advantage falls only on the turns of its first failed sub-goal
  (book 12.6.10, step 3). That span runs from the turn after the previous sub-goals' last
  completion to the end; with no sub-goals (or none failed) it is the whole episode.
- `gigpo`: GiGPO's two-level advantage, A = A_episode + step_weight * A_step. A_episode is
  GRPO over the group's rewards; A_step groups the turns of all the group's episodes that start
  from the same state and normalises their discounted returns-to-go within that step group (a
  state seen once gets 0). The paper keys states by the environment's state; here a state is
  the observation the turn answers (the prompt for the first turn), hashed.
- `turn_gae` (in `veriloop.algorithms.advantages`, with the critic): GAE over policy tokens
  with each turn's reward on its last policy token.

With one turn per episode and no sub-goals, turn_grpo (gamma = 1) and subgoal_slice equal
grpo, gigpo equals grpo when no two episodes share a state, and turn_gae equals gae.
"""

from __future__ import annotations

import hashlib
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Protocol

import torch
from pydantic import Field
from torch import Tensor

from veriloop.algorithms.advantages import GroupTensors, grpo
from veriloop.algorithms.registries import ESTIMATORS, Entry, Params, estimator
from veriloop.types import Group, Trajectory


@dataclass(frozen=True)
class TurnInputs:
    rewards: Tensor  # [G, K, T] per-turn rewards
    turn_mask: Tensor  # [G, K, T] bool: a turn of a valid episode
    valid: Tensor  # [G, K] bool
    passed: Tensor  # [G, K] 0/1
    blame: Tensor  # [G, K, T] bool: turns of the first failed sub-goal
    states: Tensor  # [G, K, T] long: state id the turn starts from (-1 padding)

    @property
    def totals(self) -> Tensor:
        return (self.rewards * self.turn_mask).sum(-1)  # [G, K]


class TurnParams(Params):
    gamma: float = Field(1.0, ge=0, le=1)
    """Discount per turn (turn_grpo, gigpo)."""
    step_weight: float = Field(1.0, ge=0)
    """gigpo: weight of the step-level advantage."""
    eps: float = 1e-6
    """Added to a standard deviation before dividing by it."""


class TurnAdvantageFn(Protocol):
    def __call__(self, x: TurnInputs, p: TurnParams) -> Tensor: ...


def is_turn_level(name: str) -> bool:
    return name in ESTIMATORS and ESTIMATORS.get(name).kind == "turn"


def get_turn_advantage(name: str) -> TurnAdvantageFn:
    return estimator(name, "turn").fn


def turn_estimators() -> list[str]:
    return [n for n in ESTIMATORS.names() if is_turn_level(n)]


def returns_to_go(rewards: Tensor, mask: Tensor, gamma: float) -> Tensor:
    """G_t = r_t + gamma G_{t+1} over masked turns; [..., T] -> [..., T] (0 off the mask)."""
    r = rewards * mask  # [..., T]
    out = torch.zeros_like(r)
    running = torch.zeros_like(r[..., 0])  # [...]
    for t in range(r.shape[-1] - 1, -1, -1):
        running = r[..., t] + gamma * running
        out[..., t] = running
    return out * mask


def _broadcast(adv: Tensor, x: TurnInputs) -> Tensor:
    return adv[..., None] * x.turn_mask  # [G, K, T]


def turn_grpo(x: TurnInputs, p: TurnParams) -> Tensor:
    m = x.turn_mask.to(x.rewards.dtype)  # [G, K, T]
    ret = returns_to_go(x.rewards, m, p.gamma)  # [G, K, T]
    v = x.valid.to(x.rewards.dtype)  # [G, K]
    g0 = ret[..., 0]  # [G, K] the episodes' returns
    n = v.sum(1, keepdim=True).clamp(min=1.0)  # [G, 1]
    mean = (g0 * v).sum(1, keepdim=True) / n  # [G, 1]
    var = (((g0 - mean) ** 2) * v).sum(1, keepdim=True) / n  # [G, 1]
    on = m * v[..., None]  # [G, K, T] turns of valid episodes
    dev = (((ret - g0[..., None]) ** 2) * on).sum((1, 2)) / on.sum((1, 2)).clamp(min=1.0)  # [G]
    scale = (var + dev[:, None]).sqrt()  # [G, 1]
    return (ret - mean[..., None]) / (scale[..., None] + p.eps) * on  # [G, K, T]


def subgoal_slice(x: TurnInputs, p: TurnParams) -> Tensor:
    adv = grpo(x.totals, x.valid, p.eps)  # [G, K]
    sliced = (adv < 0) & (x.passed <= 0)  # [G, K] failed and penalised
    where = torch.where(sliced[..., None], x.blame & x.turn_mask, x.turn_mask)  # [G, K, T]
    return adv[..., None] * where  # [G, K, T]


def gigpo(x: TurnInputs, p: TurnParams) -> Tensor:
    episode = _broadcast(grpo(x.totals, x.valid, p.eps), x)  # [G, K, T]
    m = (x.turn_mask & x.valid[..., None]).to(x.rewards.dtype)  # [G, K, T]
    ret = returns_to_go(x.rewards, x.turn_mask.to(x.rewards.dtype), p.gamma)  # [G, K, T]
    step = torch.zeros_like(ret)  # [G, K, T]
    for g in range(ret.shape[0]):
        on = m[g] > 0  # [K, T]
        keys = x.states[g][on]  # [N]
        if keys.numel() == 0:
            continue
        _, inv = torch.unique(keys, return_inverse=True)  # [N] step group of each turn
        r = ret[g][on]  # [N]
        n = torch.zeros(int(inv.max()) + 1).index_add_(0, inv, torch.ones_like(r))  # [S]
        mean = torch.zeros_like(n).index_add_(0, inv, r) / n  # [S]
        var = torch.zeros_like(n).index_add_(0, inv, (r - mean[inv]) ** 2) / n  # [S]
        z = (r - mean[inv]) / (var.sqrt()[inv] + p.eps)  # [N]
        step[g][on] = torch.where(n[inv] > 1, z, torch.zeros_like(z))  # a lone state: 0
    return episode + p.step_weight * step  # [G, K, T]


# the registry's built-ins (`veriloop.algorithms.registries`)
TURN_GRPO = Entry(turn_grpo, TurnParams, "turn")
SUBGOAL_SLICE = Entry(subgoal_slice, TurnParams, "turn")
GIGPO = Entry(gigpo, TurnParams, "turn")


# -- from trajectories ------------------------------------------------------------------------


def turn_rewards(traj: Trajectory, total: float) -> list[float]:
    """Each turn's reward: the sub-goal and event rewards recorded on it (not the "outcome"
    record), and on the last turn the rest of `total` (the trajectory's shaped reward), so the
    list sums to `total`."""
    if not traj.turns:
        return []
    dense = [sum(r.value for r in t.rewards if r.name != "outcome") for t in traj.turns]
    dense[-1] += total - sum(dense)
    return dense


def subgoal_blame(traj: Trajectory) -> list[bool]:
    """The turns of the first failed sub-goal (in the grade's order): from the turn after the
    earlier sub-goals' last completion to the end (the last turn if that is past the end); all
    turns when no sub-goal failed."""
    n = len(traj.turns)
    goals = traj.grade.subgoals if traj.grade else ()
    for i, g in enumerate(goals):
        if g.turn is None:
            start = max((h.turn + 1 for h in goals[:i] if h.turn is not None), default=0)
            start = min(start, n - 1)
            return [t >= start for t in range(n)]
    return [True] * n


def state_keys(traj: Trajectory) -> list[str]:
    """What each turn starts from: the prompt for the first turn, else the previous turn's
    observation text, hashed."""
    texts = [traj.prompt_text] + [t.observation_text for t in traj.turns[:-1]]
    return [hashlib.sha1(s.encode()).hexdigest() for s in texts[:len(traj.turns)]]


def turn_inputs(groups: Sequence[Group], x: GroupTensors) -> TurnInputs:
    """A step's groups with their tensors (`advantages.group_tensors`) -> turn inputs."""
    rewards, valid = x.rewards, x.valid  # [G, K]
    G, K = rewards.shape
    T = max((len(t.turns) for g in groups for t in g.samples), default=1) or 1
    r = torch.zeros(G, K, T)
    mask = torch.zeros(G, K, T, dtype=torch.bool)
    blame = torch.zeros(G, K, T, dtype=torch.bool)
    states = torch.full((G, K, T), -1, dtype=torch.long)
    ids: dict[str, int] = {}
    for gi, g in enumerate(groups):
        for k, t in enumerate(g.samples):
            n = len(t.turns)
            if not valid[gi, k] or n == 0:
                continue
            r[gi, k, :n] = torch.tensor(turn_rewards(t, float(rewards[gi, k])))
            mask[gi, k, :n] = True
            blame[gi, k, :n] = torch.tensor(subgoal_blame(t))
            states[gi, k, :n] = torch.tensor([ids.setdefault(s, len(ids))
                                              for s in state_keys(t)])
    return TurnInputs(r, mask, valid, x.passed, blame, states)
