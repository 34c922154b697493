"""Training that cannot learn says so.

A group-baseline estimator (GRPO and its kin) learns only from groups whose samples scored
differently: when every sample of every task in a step gets the same reward (all fail, or all
pass), every advantage is 0 and the update changes nothing, while the run goes on quietly. Each
RL step logs `flat_groups`, the share of its groups (those dynamic sampling dropped included)
whose valid rewards are all alike; after `STEPS` consecutive steps at 1.0, `NoSignalWatch` gives
one warning with what to do, and the step's metrics carry `no_signal` = 1 from then until a step
has signal again.

The count is checkpointed, so a resumed run reports what the uninterrupted one does. Not
covered: a critic's (PPO's) advantages are not looked at (the same flat rewards leave it
nothing to learn about the task either).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from veriloop.algorithms.advantages import group_tensors
from veriloop.algorithms.dynamic_sampling import informative_groups
from veriloop.types import Group

STEPS = 3
"""Consecutive steps without any informative group before the warning."""

ADVICE = ("every group's samples scored alike for {steps} steps in a row (all advantages are 0: "
          "the policy is not learning); run SFT first (`veriloop quickstart` does), give "
          "partial credit (a grader with components), or train on easier tasks / filter tasks "
          "by pass rate (curriculum, dynamic sampling)")


def flat_share(groups: Sequence[Group], dropped: int) -> float:
    """The share of a step's groups without signal: `groups` trained on (flat ones counted by
    their rewards: the step's shaped rewards, `Shaping.shaped`) plus `dropped` ones (dynamic
    sampling drops only flat groups); 1.0 when there were none at all."""
    flat = dropped
    if groups:
        x = group_tensors(groups)  # [G, K] each
        flat += int((~informative_groups(x.rewards, x.valid)).sum())
    total = dropped + len(groups)
    return flat / total if total else 1.0


@dataclass
class NoSignalWatch:
    """Counts consecutive flat steps; `observe` returns the step's metrics and, once per run
    (the first time the count reaches `steps`), the warning to print."""

    steps: int = STEPS
    run: int = 0
    warned: bool = False

    def observe(self, flat: float) -> tuple[dict[str, float], str | None]:
        self.run = self.run + 1 if flat >= 1.0 else 0
        stuck = self.run >= self.steps
        warning = None
        if stuck and not self.warned:
            self.warned = True
            warning = "warning: " + ADVICE.format(steps=self.run)
        return {"flat_groups": flat, "no_signal": float(stuck)}, warning
