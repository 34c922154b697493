"""Reward shaping: pure functions that turn lengths and episode events into extra reward.

- `overlong_penalty`: DAPO's soft overlong punishment. With a budget `max_len` and a buffer
  `cache_len`, a response of length L gets 0 if L <= max_len - cache_len, a linear penalty
  ((max_len - cache_len) - L) / cache_len inside the buffer, and -1 beyond max_len.
  DAPO applies it to the response length of a single turn; an agent's "response" is all of its
  policy tokens across turns, so here L counts those.
- `length_cost` and `step_cost`: a per-token / per-turn cost (negative reward) that steers an
  agent toward short, direct solutions.
- `event_rewards`: per-turn shaping from environment events (a format error, a tool error, a
  tool call ...), each event name weighted; unknown event names are an error so typos in a
  config do not silently shape nothing.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence

import torch
from torch import Tensor


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


def length_cost(lengths: Tensor, per_token: float) -> Tensor:
    """-per_token * length; lengths [N] -> [N]."""
    return -per_token * lengths.to(torch.float32)


def step_cost(turns: Tensor, per_step: float) -> Tensor:
    """-per_step * number of turns; turns [N] -> [N]."""
    return -per_step * turns.to(torch.float32)


# Events a trainer extracts from a trajectory's turns (see veriloop.trainers.rl.turn_events).
EVENTS = ("format_error", "tool_error", "tool_call", "answer")


def event_rewards(events: Sequence[Mapping[str, int]], weights: Mapping[str, float]) -> list[float]:
    """Per-turn shaping rewards: turn t gets sum_e weights[e] * events[t][e]."""
    unknown = sorted(set(weights) - set(EVENTS))
    if unknown:
        raise KeyError(f"unknown shaping event(s) {unknown}; known: {', '.join(EVENTS)}")
    return [sum(w * float(ev.get(name, 0)) for name, w in weights.items()) for ev in events]
