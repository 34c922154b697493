"""Heavy-tailed step latency around any environment, for benchmarks and scheduling tests.

`LatencyEnv(env)` behaves exactly like `env` except that every episode step first sleeps for a
draw from a Pareto distribution (most steps fast, a few seconds long, as sandboxed tools are):
latency = min(scale * U^(-1/alpha), cap) with U uniform on (0, 1]. With the defaults (scale
0.05 s, alpha 1.2, cap 5 s) the median step is 0.09 s, the mean 0.20 s, one step in 36 takes
over 1 s and one in 250 reaches the cap. Draws are seeded by (seed, task id, how many episodes of that task were
reset before, turn), so sync and async runs over the same tasks see the same latencies.
"""

from __future__ import annotations

import random
import threading
import time
from typing import Any

from veriloop.types import Message, Task


def pareto_latency(rng: random.Random, scale: float, alpha: float, cap: float) -> float:
    u = 1.0 - rng.random()  # (0, 1]
    return min(scale * u ** (-1.0 / alpha), cap)


class _SlowEpisode:
    def __init__(self, episode: Any, rng: random.Random, env: LatencyEnv) -> None:
        self._episode, self._rng, self._env = episode, rng, env

    def __getattr__(self, name: str) -> Any:
        return getattr(self._episode, name)

    def step(self, message: Message) -> Any:
        e = self._env
        e.sleep(pareto_latency(self._rng, e.scale, e.alpha, e.cap))
        return self._episode.step(message)


class LatencyEnv:
    """`env` with heavy-tailed step latency (see the module docstring); everything else is
    `env`'s."""

    def __init__(self, env: Any, scale: float = 0.05, alpha: float = 1.2, cap: float = 5.0,
                 seed: int = 0, sleep=time.sleep) -> None:
        self.env, self.scale, self.alpha, self.cap, self.seed = env, scale, alpha, cap, seed
        self.sleep = sleep
        self._resets: dict[str, int] = {}
        self._lock = threading.Lock()

    def __getattr__(self, name: str) -> Any:
        return getattr(self.env, name)

    def reset(self, task: Task) -> _SlowEpisode:
        with self._lock:
            n = self._resets.get(task.id, 0)
            self._resets[task.id] = n + 1
        rng = random.Random(f"{self.seed}:{task.id}:{n}")
        return _SlowEpisode(self.env.reset(task), rng, self)
