"""Asynchronous rollouts: a producer keeps episodes running while the trainer updates.

The trainer's weights and the weights that sample are two copies (on one machine: two modules;
with vLLM: the engine's). The trainer serves the sampling copy through a policy that tags every
generation with the version of the weights that produced it and takes each update in place
between two `generate` calls (`veriloop.trainers.rl_rollouts.VersionedPolicy`).

`RolloutProducer` runs `RolloutRunner.run_continuous` in a background thread: episodes are
admitted one group at a time as slots free up, and finished groups queue for the trainer.
Staleness is bounded as in AReaL: with trainer version v, at most (v + max_staleness + 1) x
prompts_per_step groups are ever started (groups dropped as stale give their place back), so the
producer waits rather than run ahead; a group whose oldest sampling version is still more than
`max_staleness` behind when the trainer takes it is dropped and returned separately. With
max_staleness 0 every trained sample comes from the current weights (on-policy), but episodes
still run one by one rather than in lock-step turns.

Differences from AReaL: generation is not interrupted by a weight update (an update waits for
the running `generate` call, which is one turn of the waiting episodes, to finish), and a
multi-turn episode may be sampled by several versions (each turn records its own; the
trajectory's `policy_version` is the oldest).
"""

from __future__ import annotations

import threading
from collections import deque
from collections.abc import Callable, Sequence

from veriloop.rollout.runner import RolloutRunner
from veriloop.types import Task, Trajectory

Group = list[Trajectory]


def oldest_version(group: Sequence[Trajectory]) -> int | None:
    versions = [t.policy_version for t in group if t.policy_version is not None]
    return min(versions) if versions else None


class RolloutProducer:
    """Groups from a background continuous runner, at most `max_staleness` versions old."""

    def __init__(self, runner: RolloutRunner, next_task: Callable[[], Task],
                 prompts_per_step: int, max_staleness: int, slots: int,
                 version: int = 0) -> None:
        self.runner = runner
        self.next_task = next_task
        self.per_step = prompts_per_step
        self.max_staleness = max_staleness
        self.slots = slots
        self._version = version  # the trainer's weights version
        self._started = version * prompts_per_step  # groups started and not dropped
        self._ready: deque[Group] = deque()
        self._cond = threading.Condition()
        self._stop = threading.Event()
        self._error: BaseException | None = None
        self._thread: threading.Thread | None = None

    def start(self) -> None:
        if self._thread is None:
            self._thread = threading.Thread(target=self._run, name="rollout-producer",
                                            daemon=True)
            self._thread.start()

    def stop(self) -> None:
        self._stop.set()
        if self._thread is not None:
            self._thread.join()
            self._thread = None

    @property
    def ready(self) -> int:
        """Finished groups waiting to be taken."""
        with self._cond:
            return len(self._ready)

    def advance(self, version: int) -> None:
        """The trainer's weights are now `version` (the producer may start more groups)."""
        with self._cond:
            self._version = version

    def take(self, n: int, version: int,
             timeout: float | None = None) -> tuple[list[Group], list[Group]]:
        """(n groups at most `max_staleness` behind `version`, the staler groups dropped on
        the way), blocking until there are n."""
        self.start()
        fresh: list[Group] = []
        stale: list[Group] = []
        with self._cond:
            self._version = version
            while len(fresh) < n:
                if not self._ready:
                    if self._error is not None:
                        raise RuntimeError("the rollout producer failed") from self._error
                    if not self._cond.wait(timeout):
                        raise TimeoutError(f"no finished group within {timeout:g}s")
                    continue
                group = self._ready.popleft()
                v = oldest_version(group)
                if v is not None and version - v > self.max_staleness:
                    stale.append(group)
                    self._started -= 1  # its place goes to a fresh group
                else:
                    fresh.append(group)
        return fresh, stale

    def _admit(self) -> Task | None:
        with self._cond:
            if self._started >= (self._version + self.max_staleness + 1) * self.per_step:
                return None
            self._started += 1
        return self.next_task()

    def _on_group(self, group: Group) -> None:
        with self._cond:
            self._ready.append(group)
            self._cond.notify_all()

    def _run(self) -> None:
        try:
            self.runner.run_continuous(self._admit, self._on_group, self.slots, self._stop)
        except BaseException as e:  # noqa: BLE001 (handed to the trainer by `take`)
            with self._cond:
                self._error = e
                self._cond.notify_all()
