"""Dynamic sampling (DAPO): groups whose valid rewards are all equal have zero advantage under
every group-baseline estimator, so they carry no gradient signal but still cost compute and
dilute token-mean losses. `informative_groups` finds them; `fill_batch` keeps sampling new
groups until the batch holds `target` informative ones or `max_rounds` rounds were drawn
(bounded, so a policy that solves everything does not loop forever), and reports how many
groups it dropped.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Generic, TypeVar

import torch
from torch import Tensor

G = TypeVar("G")


def informative_groups(rewards: Tensor, valid: Tensor, atol: float = 1e-8) -> Tensor:
    """rewards, valid [G, K] -> bool [G]: True where the group has >= 2 valid samples whose
    rewards differ."""
    big = torch.finfo(rewards.dtype).max
    v = valid.bool()
    hi = torch.where(v, rewards, torch.full_like(rewards, -big)).max(dim=1).values  # [G]
    lo = torch.where(v, rewards, torch.full_like(rewards, big)).min(dim=1).values  # [G]
    return (v.sum(dim=1) >= 2) & ((hi - lo) > atol)


@dataclass
class FilledBatch(Generic[G]):
    groups: list[G]  # informative groups, at most `target`
    dropped: int  # groups drawn and dropped for carrying no signal
    surplus: int  # informative groups drawn beyond `target` (discarded)
    rounds: int  # sampling rounds drawn


def fill_batch(sample: Callable[[int], Sequence[G]], keep: Callable[[Sequence[G]], list[bool]],
               target: int, max_rounds: int = 4) -> FilledBatch[G]:
    """Call `sample(n)` for n groups until `target` of them pass `keep` or `max_rounds` rounds.

    Each round asks for the groups still missing. If the rounds run out the batch is returned
    short (possibly empty); the caller decides whether to update on it.
    """
    kept: list[G] = []
    dropped = surplus = rounds = 0
    while len(kept) < target and rounds < max_rounds:
        drawn = list(sample(target - len(kept)))
        rounds += 1
        for g, ok in zip(drawn, keep(drawn), strict=True):
            if not ok:
                dropped += 1
            elif len(kept) < target:
                kept.append(g)
            else:
                surplus += 1
    return FilledBatch(kept, dropped, surplus, rounds)
