"""A level curriculum: which task levels (`Task.difficulty`) a run trains on, moving up as the
policy masters them. Any environment whose tasks carry levels can use it (`curriculum.kind:
levels` in a run config); the RL trainer draws tasks from it and feeds every rollout's outcome
back.

The mix over levels is a function of one number, the current top level `top`:

- levels below `top` share `easy_share` equally (kept so earlier skills are not forgotten);
- the level just above `top` (if the pool has one) gets `next_share` (a preview of what
  comes next, so its success rate is known before the curriculum moves there);
- `top` gets the rest.

With the defaults (`start_level` 2, `easy_share` 0.15, `next_share` 0.2) a run starts at
L1 15%, L2 65%, L3 20%: the 80% L1-L2 / 20% L3 start of the book's section 12.6.8. `top`
moves up one level when the success rate over the last `window` episodes at level `top` is at
least `threshold` (at most one level per `observe` call, i.e. per training step); it never moves
down. How this differs from the book: the book's "final mix after convergence" (10/15/25/30/20)
is not a separate phase here; at the highest level the mix is `easy_share` spread below and the
rest on the highest level.

Pure and seeded: the level of draw i comes from an RNG seeded by (seed, i), and within a level
tasks cycle in shuffled epochs (seeded by level and epoch), so the whole state is a few counters
and the outcome windows (`state_dict`, JSON-able); a resumed run draws exactly the tasks an
uninterrupted one would have.
"""

from __future__ import annotations

import random
from collections import defaultdict, deque
from collections.abc import Iterable, Sequence
from typing import Any

from veriloop.types import Task, Trajectory


class LevelCurriculum:
    """Task sampler over levels: `next(n)` draws tasks, `observe(trajectories)` feeds back
    outcomes and may advance the level, `metrics()` reports level and mix."""

    def __init__(self, tasks: Sequence[Task], seed: int, *, start_level: int = 2,
                 threshold: float = 0.7, window: int = 32, easy_share: float = 0.15,
                 next_share: float = 0.2) -> None:
        by_level: dict[int, list[Task]] = defaultdict(list)
        for t in tasks:
            by_level[t.difficulty].append(t)
        if len(by_level) < 2:
            raise ValueError(f"a level curriculum needs tasks of at least two levels "
                             f"(Task.difficulty); the pool has {sorted(by_level) or 'none'}: "
                             "set env.difficulty: null or use curriculum.kind: none")
        if not 0 <= easy_share + next_share <= 1:
            raise ValueError("easy_share + next_share must be within 0..1")
        self.levels = sorted(by_level)
        self.pool = {lv: by_level[lv] for lv in self.levels}
        self.seed = seed
        self.threshold = threshold
        self.window = window
        self.easy_share = easy_share
        self.next_share = next_share
        below = [lv for lv in self.levels if lv <= start_level]
        self.top = below[-1] if below else self.levels[0]
        self.draws = 0
        self.positions = dict.fromkeys(self.levels, 0)
        self.outcomes: dict[int, deque[bool]] = {lv: deque(maxlen=window) for lv in self.levels}

    # -- the mix ----------------------------------------------------------------------------

    def mix(self) -> dict[int, float]:
        """Probability of each level at the current `top` (levels not drawn are absent)."""
        i = self.levels.index(self.top)
        below, nxt = self.levels[:i], self.levels[i + 1:i + 2]
        out = {lv: self.easy_share / len(below) for lv in below}
        out.update({lv: self.next_share for lv in nxt})
        out[self.top] = 1.0 - sum(out.values())
        return {lv: out[lv] for lv in self.levels if out.get(lv, 0.0) > 0}

    def success_rate(self, level: int) -> float | None:
        """Success rate over the last `window` episodes at `level` (None before any)."""
        seen = self.outcomes[level]
        return sum(seen) / len(seen) if seen else None

    # -- drawing and feedback ---------------------------------------------------------------

    def next(self, n: int) -> list[Task]:
        out = []
        for _ in range(n):
            mix = self.mix()
            rng = random.Random(f"{self.seed}:draw:{self.draws}")
            level = rng.choices(list(mix), weights=list(mix.values()))[0]
            out.append(self._take(level))
            self.draws += 1
        return out

    def _take(self, level: int) -> Task:
        pool = self.pool[level]
        epoch, i = divmod(self.positions[level], len(pool))
        order = list(range(len(pool)))
        random.Random(f"{self.seed}:{level}:{epoch}").shuffle(order)
        self.positions[level] += 1
        return pool[order[i]]

    def observe(self, trajectories: Iterable[Trajectory]) -> bool:
        """Record each episode's pass/fail at its level (`metadata["difficulty"]`, as the
        runner records it; episodes with an infrastructure fault are not the policy's doing and
        are skipped), then move `top` up one level if its window is full and its success rate
        reaches `threshold`. True when it moved."""
        for t in trajectories:
            level = t.metadata.get("difficulty")
            if t.is_infra_error or level not in self.outcomes:
                continue
            self.outcomes[level].append(t.passed)
        i = self.levels.index(self.top)
        rate = self.success_rate(self.top)
        full = len(self.outcomes[self.top]) >= self.window
        if full and rate is not None and rate >= self.threshold and i + 1 < len(self.levels):
            self.top = self.levels[i + 1]
            return True
        return False

    def metrics(self) -> dict[str, float]:
        """`curriculum/level` (top), `curriculum/mix/L<k>` (share of draws at level k) and
        `curriculum/success/L<k>` (rolling success rate, levels with episodes only)."""
        m: dict[str, float] = {"curriculum/level": float(self.top)}
        m.update({f"curriculum/mix/L{lv}": p for lv, p in self.mix().items()})
        for lv in self.levels:
            rate = self.success_rate(lv)
            if rate is not None:
                m[f"curriculum/success/L{lv}"] = rate
        return m

    # -- checkpointing ----------------------------------------------------------------------

    def state_dict(self) -> dict[str, Any]:
        """JSON-able state (level keys as strings)."""
        return {"top": self.top, "draws": self.draws,
                "positions": {str(lv): p for lv, p in self.positions.items()},
                "outcomes": {str(lv): [int(x) for x in q] for lv, q in self.outcomes.items()}}

    def load_state_dict(self, state: dict[str, Any]) -> None:
        self.top = int(state["top"])
        self.draws = int(state["draws"])
        self.positions = {lv: int(state["positions"].get(str(lv), 0)) for lv in self.levels}
        self.outcomes = {lv: deque((bool(x) for x in state["outcomes"].get(str(lv), [])),
                                   maxlen=self.window) for lv in self.levels}
