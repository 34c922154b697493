"""Which training tasks an RL run draws: pass-rate filtering and variance ranking.

Both keep per-task statistics of the policy's own outcomes and restrict the sampler's pool to an
*active* subset, recomputed every `refresh_every` training steps:

- `pass_rate` (as in DAPO-style offline filtering, done online here): each task's pass rate is
  estimated with k samples of the current policy (`estimate_pass_rates`); tasks whose rate is
  not strictly inside (`min_pass`, `max_pass`) — by default the always-solved (1.0) and the
  never-solved (0.0) — give a GRPO group no signal and are left out. A task's estimate is
  replaced by every newer k-sample group of it: a training group is one, and at each refresh the
  inactive tasks are sampled k times again (profiling episodes, counted in the metrics) so a
  task can come back once the policy has moved. With k = 0 nothing is profiled: each task's
  estimate is its latest training group alone (online filtering: every task is drawn until
  its first group, and a task dropped at a refresh does not come back).
- `variance` (as in 1-shot RLVR): tasks are ranked by the variance of their historical training
  reward (grade scores of every rollout of the task seen so far, profile included) and the
  `top_k` highest are kept. How it differs: 1-shot RLVR ranks by a finished run's history and
  then trains on the top examples; here the history grows during the run and the ranking is
  refreshed.

The statistics are pure functions of the observed trajectories (`TaskStats`); the sampler
(`SelectiveSampler`) is seeded and its whole state is JSON-able, so a resumed run draws what an
uninterrupted one would have. Rewards are grade scores (shaping terms are not included).
"""

from __future__ import annotations

import random
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from typing import Any

from veriloop.types import Task, Trajectory

# (tasks, k, round) -> k trajectories of each task, task by task
Profiler = Callable[[Sequence[Task], int, int], list[Trajectory]]


@dataclass
class TaskStats:
    """One task's outcomes: the latest k-sample pass-rate estimate and the reward history
    (count, mean and sum of squared deviations, Welford's update)."""

    rate: float | None = None
    n: int = 0
    mean: float = 0.0
    m2: float = 0.0

    def add_rewards(self, rewards: Sequence[float]) -> None:
        for r in rewards:
            self.n += 1
            d = r - self.mean
            self.mean += d / self.n
            self.m2 += d * (r - self.mean)

    @property
    def variance(self) -> float:
        """Population variance of the rewards seen (0 with fewer than two)."""
        return self.m2 / self.n if self.n > 1 else 0.0


def pass_rates(trajectories: Sequence[Trajectory]) -> dict[str, tuple[int, int]]:
    """task id -> (passed, valid samples); rollouts with an infrastructure fault are left out."""
    out: dict[str, tuple[int, int]] = {}
    for t in trajectories:
        if t.is_infra_error:
            continue
        p, n = out.get(t.task_id, (0, 0))
        out[t.task_id] = (p + int(t.passed), n + 1)
    return out


def informative(rate: float | None, min_pass: float = 0.0, max_pass: float = 1.0) -> bool:
    """Whether a task with this pass rate is kept: min_pass < rate < max_pass (unknown: kept)."""
    return rate is None or min_pass < rate < max_pass


def top_variance(stats: dict[str, TaskStats], k: int) -> list[str]:
    """The `k` task ids of highest reward variance (ties: by id, for determinism); tasks never
    seen rank first, so each is tried."""
    def key(tid: str) -> tuple[float, str]:
        s = stats[tid]
        return (-(float("inf") if s.n == 0 else s.variance), tid)

    return sorted(stats, key=key)[:k]


@dataclass
class SelectiveSampler:
    """A task sampler (`next`, `observe`, `metrics`, `state_dict`) over the active subset of a
    pool. `profile` rolls out k samples per task with the current policy; it runs when the first
    tasks are drawn and at each refresh (pass_rate) or only at the start (variance)."""

    tasks: list[Task]
    seed: int
    profile: Profiler | None
    kind: str = "pass_rate"  # or "variance"
    samples: int = 8
    min_pass: float = 0.0
    max_pass: float = 1.0
    top_k: int = 16
    refresh_every: int = 10
    steps: int = 0  # observe() calls (training steps)
    position: int = 0  # draws from the current active list
    active: list[str] = field(default_factory=list)
    stats: dict[str, TaskStats] = field(default_factory=dict)
    profiled_at: int = -1  # step of the last profile (-1: never)
    profile_episodes: int = 0
    generation: int = 0  # refreshes so far (seeds the order of the active list)

    def __post_init__(self) -> None:
        if not self.tasks:
            raise ValueError("the task pool is empty")
        if self.kind not in ("pass_rate", "variance"):
            raise ValueError(f"task selection kind {self.kind!r} is unknown; known: pass_rate, "
                             "variance")
        self.by_id = {t.id: t for t in self.tasks}
        for t in self.tasks:
            self.stats.setdefault(t.id, TaskStats())

    # -- the statistics -------------------------------------------------------------------

    def record(self, trajectories: Sequence[Trajectory]) -> None:
        """Fold in outcomes: each task's newest pass-rate estimate and its reward history."""
        for tid, (p, n) in pass_rates(trajectories).items():
            if tid in self.stats and n:
                self.stats[tid].rate = p / n
        for t in trajectories:
            if not t.is_infra_error and t.task_id in self.stats:
                self.stats[t.task_id].add_rewards([t.score])

    def _select(self) -> list[str]:
        if self.kind == "variance":
            return top_variance(self.stats, self.top_k)
        keep = [t.id for t in self.tasks
                if informative(self.stats[t.id].rate, self.min_pass, self.max_pass)]
        return keep or [t.id for t in self.tasks]  # nothing informative: do not stall

    def refresh(self) -> None:
        """Profile (the inactive tasks, or all at the start) and recompute the active set."""
        due = self.profile is not None and self.samples > 0 and (
            self.profiled_at < 0 or (self.kind == "pass_rate" and self.refresh_every > 0))
        if due:
            todo = [t for t in self.tasks if self.profiled_at < 0 or t.id not in self.active]
            if todo:
                trajs = self.profile(todo, self.samples, self.steps)
                self.profile_episodes += len(trajs)
                self.record(trajs)
            self.profiled_at = self.steps
        self.active = self._select()
        self.position = 0
        self.generation += 1

    # -- the sampler interface ------------------------------------------------------------

    def next(self, n: int) -> list[Task]:
        if not self.active:
            self.refresh()
        out = []
        for _ in range(n):
            epoch, i = divmod(self.position, len(self.active))
            order = list(range(len(self.active)))
            random.Random(f"{self.seed}:{self.generation}:{epoch}").shuffle(order)
            out.append(self.by_id[self.active[order[i]]])
            self.position += 1
        return out

    def observe(self, trajectories: Sequence[Trajectory]) -> bool:
        """Record a training step's outcomes; refresh the active set every `refresh_every`
        steps. Returns whether it was refreshed."""
        self.record(trajectories)
        self.steps += 1
        if self.refresh_every and self.steps % self.refresh_every == 0:
            self.refresh()
            return True
        return False

    @property
    def epoch(self) -> int:
        return self.position // max(len(self.active), 1)

    def metrics(self) -> dict[str, float]:
        rates = [s.rate for s in self.stats.values() if s.rate is not None]
        return {"selection/active": float(len(self.active)),
                "selection/pool": float(len(self.tasks)),
                "selection/profile_episodes": float(self.profile_episodes),
                "selection/solved_frac": (sum(r >= 1.0 for r in rates) / len(rates)
                                          if rates else 0.0),
                "selection/unsolved_frac": (sum(r <= 0.0 for r in rates) / len(rates)
                                            if rates else 0.0)}

    def state_dict(self) -> dict[str, Any]:
        return {"steps": self.steps, "position": self.position, "active": list(self.active),
                "profiled_at": self.profiled_at, "profile_episodes": self.profile_episodes,
                "generation": self.generation,
                "stats": {k: [s.rate, s.n, s.mean, s.m2] for k, s in self.stats.items()}}

    def load_state_dict(self, state: dict[str, Any]) -> None:
        self.steps, self.position = int(state["steps"]), int(state["position"])
        self.active = [a for a in state["active"] if a in self.by_id]
        self.profiled_at = int(state["profiled_at"])
        self.profile_episodes = int(state["profile_episodes"])
        self.generation = int(state["generation"])
        for k, (rate, n, mean, m2) in state["stats"].items():
            if k in self.stats:
                self.stats[k] = TaskStats(rate, int(n), float(mean), float(m2))
