"""Which trajectories become SFT demonstrations: graded, filtered, infrastructure faults out.

`select_demonstrations` is the one filter every demonstration source goes through: the
environment's scripted expert, a stored run (`sft.store`) and a teacher model
(`sft.demo_policy`, distillation). A trajectory's grade is the one the rollout runner gave it
with the environment's grader, as the episode ended (graders may need the episode's live state,
so it is not recomputed here). Dropped: every trajectory with an infrastructure fault (it is
not the policy's doing); when a filter is set (`only_passed`, `min_score`), every ungraded one
and every one whose grade fails the filter.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from veriloop.types import Trajectory


@dataclass(frozen=True)
class Selection:
    """The kept trajectories and why the others were dropped."""

    kept: tuple[Trajectory, ...]
    errored: int = 0
    ungraded: int = 0
    below: int = 0

    @property
    def total(self) -> int:
        return len(self.kept) + self.errored + self.ungraded + self.below


def select_demonstrations(trajs: Sequence[Trajectory], *, only_passed: bool = False,
                          min_score: float | None = None) -> Selection:
    """The trajectories fit to imitate: no infrastructure fault, and (when asked) graded as
    passed and scoring at least `min_score`."""
    kept, errored, ungraded, below = [], 0, 0, 0
    filtered = only_passed or min_score is not None
    for t in trajs:
        if t.is_infra_error:
            errored += 1
        elif filtered and t.grade is None:
            ungraded += 1
        elif (only_passed and not t.passed) or (min_score is not None and t.score < min_score):
            below += 1
        else:
            kept.append(t)
    return Selection(tuple(kept), errored, ungraded, below)
