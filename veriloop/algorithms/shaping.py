"""Reward shaping: pure functions that turn lengths and episode events into extra reward.

- `overlong_penalty`: DAPO's soft overlong punishment. With a budget `max_len` and a buffer
  `cache_len`, a response of length L gets 0 if L <= max_len - cache_len, a linear penalty
  ((max_len - cache_len) - L) / cache_len inside the buffer, and -1 beyond max_len.
  DAPO applies it to the response length of a single turn; an agent's "response" is all of its
  policy tokens across turns, so here L counts those.
- `lead_rewards`: GRPO-LEAD's length-regularised accuracy reward with an explicit penalty for
  wrong answers, over one group: a correct answer gets exp(-alpha z), z its policy-token length
  standardized over the group's correct answers (population std; z = 0 for a lone correct
  one), a wrong one gets `wrong` (-1 in the paper). It replaces the grade score through the
  group scorer `grader.group: lead` (`veriloop.graders.group`).
- `length_cost` and `step_cost`: a per-token / per-turn cost (negative reward) that steers an
  agent toward short, direct solutions.
- `event_rewards`: per-turn shaping from events read off the trajectory (`turn_events`: a
  format error, a tool error, a successful call, a recovery, a repeated call, a clarification
  ...), each event name weighted; unknown event names are an error so typos in a config do not
  silently shape nothing. `BOOK_EVENT_WEIGHTS` are the dense rewards of book section 12.6.5
  (its "API error" is `tool_error`).

`Shaping` holds a run's shaping settings and turns trajectories into rewards: the grade score
plus every configured term (`Shaping.rewards`), and records the event rewards on the turns
they were earned on (`Shaping.annotate`), where turn-level estimators
(`veriloop.algorithms.turn_advantages`) find them.
"""

from __future__ import annotations

import json
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field

import torch
from torch import Tensor

from veriloop.algorithms.advantages import group_tensors
from veriloop.types import Group, Trajectory, TurnReward


def overlong_penalty(lengths: Tensor, max_len: int, cache_len: int) -> Tensor:
    """lengths [N] -> penalties [N] in [-1, 0] (DAPO soft overlong punishment)."""
    if not 0 < cache_len <= max_len:
        raise ValueError(f"cache_len must be in (0, max_len]; got {cache_len} with max_len "
                         f"{max_len}")
    L = lengths.to(torch.float32)  # [N]
    soft_start = max_len - cache_len
    linear = (soft_start - L) / cache_len  # [N]
    out = torch.where(L <= soft_start, torch.zeros_like(L), linear)  # [N]
    return torch.where(L > max_len, torch.full_like(L, -1.0), out)  # [N]


def lead_rewards(passed: Tensor, lengths: Tensor, alpha: float = 0.05, wrong: float = -1.0,
                 eps: float = 1e-6) -> Tensor:
    """passed (0/1), lengths [K] of one group -> rewards [K] (GRPO-LEAD)."""
    ok = passed > 0  # [K]
    L = lengths.to(torch.float32)  # [K]
    if not bool(ok.any()):
        return torch.full_like(L, wrong)
    mu = L[ok].mean()
    sigma = L[ok].std(unbiased=False)
    z = (L - mu) / (sigma + eps)  # [K]
    return torch.where(ok, torch.exp(-alpha * z), torch.full_like(L, wrong))  # [K]


def length_cost(lengths: Tensor, per_token: float) -> Tensor:
    """-per_token * length; lengths [N] -> [N]."""
    return -per_token * lengths.to(torch.float32)


def step_cost(turns: Tensor, per_step: float) -> Tensor:
    """-per_step * number of turns; turns [N] -> [N]."""
    return -per_step * turns.to(torch.float32)


# Events extracted from a trajectory's turns (`turn_events`).
EVENTS = ("format_error", "tool_error", "tool_call", "answer", "tool_success", "recovery",
          "repeat", "clarify")
BOOK_EVENT_WEIGHTS = {"tool_success": 0.05, "tool_error": -0.03, "recovery": 0.08,
                      "repeat": -0.10, "clarify": 0.05}
CLARIFY_TOOL = "ask_user"


def event_rewards(events: Sequence[Mapping[str, int]], weights: Mapping[str, float]) -> list[float]:
    """Per-turn shaping rewards: turn t gets sum_e weights[e] * events[t][e]."""
    unknown = sorted(set(weights) - set(EVENTS))
    if unknown:
        raise KeyError(f"unknown shaping event(s) {unknown}; known: {', '.join(EVENTS)}")
    return [sum(w * float(ev.get(name, 0)) for name, w in weights.items()) for ev in events]


def turn_events(traj: Trajectory) -> list[dict[str, int]]:
    """The `EVENTS` of each turn, counted in it:

    - format_error (0/1), tool_error (results that are errors), tool_call (calls made),
      tool_success (results that are not errors), answer (the last turn gave the final answer);
    - recovery: successful results of a tool whose previous result in the episode was an error
      (the per-call recovery of `veriloop.eval.metrics.recovery_counts`, counted once);
    - repeat: calls identical (name and arguments) to an earlier call of the episode that
      succeeded (a retry after an error is not a repeat);
    - clarify: calls of `ask_user` when the grader marked the task ambiguous
      (`Grade.components["ambiguous"]`, as the workspace grader does).
    """
    ambiguous = bool(traj.grade and traj.grade.components.get("ambiguous"))
    failing: set[str] = set()  # tools whose last result was an error
    succeeded: set[str] = set()  # signatures of calls that succeeded
    out = []
    for i, t in enumerate(traj.turns):
        recovery = repeat = 0
        for c, r in zip(t.tool_calls, t.tool_results, strict=False):
            sig = json.dumps([c.name, c.arguments], sort_keys=True, default=str)
            repeat += sig in succeeded
            if r.is_error:
                failing.add(r.name)
            else:
                recovery += r.name in failing
                failing.discard(r.name)
                succeeded.add(sig)
        out.append({"format_error": int(t.format_error is not None),
                    "tool_error": sum(r.is_error for r in t.tool_results),
                    "tool_call": len(t.tool_calls),
                    "answer": int(i == len(traj.turns) - 1 and traj.final_answer is not None),
                    "tool_success": sum(not r.is_error for r in t.tool_results),
                    "recovery": recovery, "repeat": repeat,
                    "clarify": int(ambiguous) * sum(c.name == CLARIFY_TOOL for c in t.tool_calls)})
    return out


def policy_tokens(traj: Trajectory) -> int:
    """The tokens the policy sampled across all turns (what length costs count)."""
    return sum(len(t.action_ids) for t in traj.turns)


@dataclass(frozen=True)
class Shaping:
    """A run's shaping settings; all zero / None means reward = grade score."""

    length_cost: float = 0.0  # per policy token
    step_cost: float = 0.0  # per turn
    overlong_max: int | None = None  # DAPO soft overlong budget (None: off)
    overlong_cache: int = 16
    event_weights: Mapping[str, float] = field(default_factory=dict)
    # group scorer (`veriloop.graders.group`): one group's trajectories -> scores replacing
    # their grade scores; None = each trajectory's own grade score
    group: Callable[[Sequence[Trajectory]], list[float]] | None = None
    # a group is scored once (a judge is costly) although metrics and the update both ask
    _scored: dict[tuple[str, ...], list[float]] = field(default_factory=dict, repr=False,
                                                        compare=False)

    def __post_init__(self) -> None:
        event_rewards([], self.event_weights)  # unknown event names fail here, not mid-run

    def rewards(self, trajs: Sequence[Trajectory],
                scores: Sequence[float] | None = None) -> Tensor:
        """Grade score (or the given group scores) plus every configured term; [N]."""
        score = torch.tensor([t.score for t in trajs] if scores is None else list(scores),
                             dtype=torch.float32)  # [N]
        lengths = torch.tensor([policy_tokens(t) for t in trajs])  # [N]
        turns = torch.tensor([len(t.turns) for t in trajs])  # [N]
        r = score + length_cost(lengths, self.length_cost) + step_cost(turns, self.step_cost)
        if self.overlong_max is not None:
            r = r + overlong_penalty(lengths, self.overlong_max, self.overlong_cache)
        if self.event_weights:
            r = r + torch.tensor([sum(event_rewards(turn_events(t), self.event_weights))
                                  for t in trajs])
        return r

    def annotate(self, traj: Trajectory) -> Trajectory:
        """`traj` with each configured event's reward recorded on its turns as "event:<name>"
        (events that did not happen on a turn are not recorded; a weight of 0 records 0)."""
        if not self.event_weights or not traj.turns:
            return traj
        events = turn_events(traj)
        turns = tuple(t.model_copy(update={"rewards": (*t.rewards, *(
            TurnReward(name=f"event:{name}", value=w * ev[name])
            for name, w in self.event_weights.items() if ev.get(name)))})
            for t, ev in zip(traj.turns, events, strict=True))
        return traj.model_copy(update={"turns": turns})

    def rewards_by_group(self, trajs: Sequence[Trajectory]) -> Tensor:
        """`rewards` with each trajectory's group score (groups by `group_id`); [N]."""
        if self.group is None:
            return self.rewards(trajs)
        groups: dict[str, list[int]] = {}
        for i, t in enumerate(trajs):
            groups.setdefault(t.group_id, []).append(i)
        scores = [0.0] * len(trajs)
        for members in groups.values():
            for i, s in zip(members, self.group_scores([trajs[i] for i in members]) or [],
                            strict=True):
                scores[i] = s
        return self.rewards(trajs, scores)

    def group_scores(self, group: Sequence[Trajectory]) -> list[float] | None:
        """The group scorer's scores; rollouts with an infrastructure fault take no part
        (score 0, and they are masked out of every update anyway)."""
        if self.group is None:
            return None
        ok = [t for t in group if not t.is_infra_error]
        key = tuple(t.id for t in ok)
        if key not in self._scored:
            if len(self._scored) > 4096:
                self._scored.clear()
            self._scored[key] = self.group(ok) if ok else []
        scored = iter(self._scored[key])
        return [0.0 if t.is_infra_error else next(scored) for t in group]

    def shaped(self, group: Group) -> Group:
        """`group` rewarded with its shaped rewards (the group scorer's scores, if any, plus
        every configured term): the trainer's reward step."""
        return group.with_rewards(self.rewards(group.samples,
                                               self.group_scores(group.samples)).tolist())

    def grouped(self, groups: Sequence[Group | Sequence[Trajectory]]
                ) -> tuple[Tensor, Tensor, Tensor]:
        """Groups of up to K samples of one prompt -> shaped rewards, passed (0/1) and valid
        [G, K] (`advantages.group_tensors` of the shaped groups); valid is False for padding
        and for rollouts with an infrastructure fault."""
        x = group_tensors([self.shaped(g if isinstance(g, Group) else Group.of(g))
                           for g in groups])
        return x.rewards, x.passed, x.valid
