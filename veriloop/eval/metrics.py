"""Evaluation metrics over trajectories.

pass@k uses the unbiased estimator of Chen et al. (2021): with n samples of which c pass,
pass@k = 1 - C(n-c, k) / C(n, k), computed as a product to stay exact for large n. It is
averaged over tasks. Infrastructure-errored trajectories are not the policy's doing: they are
left out of every rate and counted on their own (`infra_errors`).
"""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Sequence
from dataclasses import asdict, dataclass, field

from veriloop.types import Trajectory


def pass_at_k(n: int, c: int, k: int) -> float:
    """Probability that at least one of k samples drawn without replacement from n (c correct)
    is correct."""
    if not 0 <= c <= n:
        raise ValueError(f"need 0 <= c <= n, got n={n}, c={c}")
    if not 1 <= k <= n:
        raise ValueError(f"need 1 <= k <= n, got n={n}, k={k}")
    if n - c < k:
        return 1.0
    prob_all_fail = 1.0
    for i in range(n - c + 1, n + 1):
        prob_all_fail *= 1.0 - k / i
    return 1.0 - prob_all_fail


@dataclass(frozen=True)
class Summary:
    trajectories: int
    tasks: int
    infra_errors: int
    mean_score: float
    success_rate: float
    pass_at: dict[int, float] = field(default_factory=dict)
    mean_turns: float = 0.0
    mean_tokens: float = 0.0
    format_violation_rate: float = 0.0
    """Format violations per turn."""
    episodes_with_format_violation: float = 0.0
    tool_error_recovery_rate: float | None = None
    """Of the episodes that hit a tool or format error, the share that still succeeded
    (None when no episode hit one)."""
    fault_counts: dict[str, int] = field(default_factory=dict)
    flag_rates: dict[str, float] = field(default_factory=dict)
    """Per `Grade.flags` name, the share of episodes (without an infrastructure error) whose
    grade carries it (e.g. the code environment's hacking flags)."""

    def to_dict(self) -> dict:
        out = asdict(self)
        out["pass_at"] = {f"pass@{k}": v for k, v in self.pass_at.items()}
        return out


def flag_rates(trajectories: Sequence[Trajectory]) -> dict[str, float]:
    """Share of `trajectories` whose grade carries each flag (a flag counts once per episode);
    flags never raised are absent, not 0."""
    counts: dict[str, int] = defaultdict(int)
    for t in trajectories:
        for flag in set(t.grade.flags if t.grade else ()):
            counts[flag] += 1
    return {k: counts[k] / len(trajectories) for k in sorted(counts)}


def summarize(trajectories: Sequence[Trajectory], ks: Sequence[int] = (1,)) -> Summary:
    """Aggregate metrics; pass@k for each k no larger than every task's sample count."""
    valid = [t for t in trajectories if not t.is_infra_error]
    faults: dict[str, int] = defaultdict(int)
    for t in trajectories:
        if t.fault is not None:
            faults[t.fault.kind.value] += 1
    by_task: dict[str, list[Trajectory]] = defaultdict(list)
    for t in valid:
        by_task[t.task_id].append(t)
    pass_at: dict[int, float] = {}
    if by_task:
        min_n = min(len(v) for v in by_task.values())
        for k in sorted(set(ks)):
            if k <= min_n:
                pass_at[k] = sum(pass_at_k(len(v), sum(t.passed for t in v), k)
                                 for v in by_task.values()) / len(by_task)
    n = len(valid)
    turns = sum(len(t.turns) for t in valid)
    hit_error = [t for t in valid if t.tool_errors or t.format_violations]
    return Summary(
        trajectories=len(trajectories), tasks=len({t.task_id for t in trajectories}),
        infra_errors=len(trajectories) - n,
        mean_score=sum(t.score for t in valid) / n if n else 0.0,
        success_rate=sum(t.passed for t in valid) / n if n else 0.0,
        pass_at=pass_at,
        mean_turns=turns / n if n else 0.0,
        mean_tokens=sum(len(t.token_ids) for t in valid) / n if n else 0.0,
        format_violation_rate=sum(t.format_violations for t in valid) / turns if turns else 0.0,
        episodes_with_format_violation=(sum(t.format_violations > 0 for t in valid) / n
                                        if n else 0.0),
        tool_error_recovery_rate=(sum(t.passed for t in hit_error) / len(hit_error)
                                  if hit_error else None),
        fault_counts=dict(faults),
        flag_rates=flag_rates(valid),
    )
