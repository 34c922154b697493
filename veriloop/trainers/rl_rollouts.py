"""Where the RL trainer's rollouts come from: one component the trainer is handed at setup.

`RolloutSource.draw(step)` gives a step's groups. Synchronously, a `RolloutRunner` (or, with
`workers`, Ray rollout actors: `veriloop.trainers.ray_pool`) samples `rollout.prompts_per_step`
tasks from the task sampler, `group_size` samples each, with the current weights; with dynamic
sampling, groups whose rewards are all equal are dropped and more are drawn (bounded). With
`rollout.asynchronous`, a background `RolloutProducer` runs episodes one by one on a copy of
the weights (`served`), at most `rollout.max_staleness` updates old; `publish` copies each
update into that copy, into a separate rollout policy (e.g. vLLM) or into the workers.

Sampling is seeded per step and round (`DeterministicKeys`), so the same config samples the
same tokens locally, on Ray and over the ranks of a torch.distributed job (`RankRunner`). The task sampler is shared with the producer's thread: draw
from it under `sampler_lock`.
"""

from __future__ import annotations

import threading
from collections.abc import Callable, Sequence
from typing import NamedTuple

import torch

from veriloop.algorithms.dynamic_sampling import fill_batch, informative_groups
from veriloop.algorithms.shaping import Shaping
from veriloop.envs.base import Environment
from veriloop.policy import Policy
from veriloop.rollout.producer import RolloutProducer, VersionedPolicy, serving_copy
from veriloop.rollout.runner import RolloutRunner
from veriloop.trainers.common import DeterministicKeys, Sampler, TimedGrader, TrainablePolicy
from veriloop.trainers.config import RunConfig
from veriloop.trainers.distributed import gather, world
from veriloop.trainers.ray_pool import RayRolloutPool
from veriloop.types import Group, Task, Trajectory


class Drawn(NamedTuple):
    """A step's rollouts: the groups to train on (graded, rewards = grade scores), every
    rollout drawn (also dropped and stale ones: they are logged and stored) and how many
    groups dynamic sampling dropped."""

    groups: list[Group]
    every: list[Trajectory]
    dropped: int


class RankRunner:
    """`RolloutRunner.run` over the ranks of a process group: this rank rolls out its contiguous
    share of the tasks, its episode keys numbered from its first episode's index in the whole
    list (as one process numbers them), and every rank gets all trajectories in task order."""

    def __init__(self, runner: RolloutRunner, keyed: DeterministicKeys, group_size: int) -> None:
        self.runner, self.keyed, self.group_size = runner, keyed, group_size

    def run(self, tasks: Sequence[Task]) -> list[Trajectory]:
        rank, size = world()
        first, end = rank * len(tasks) // size, (rank + 1) * len(tasks) // size
        self.keyed.reset(first * self.group_size)
        return gather(self.runner.run(tasks[first:end]) if end > first else [])


class RolloutSource:
    """The rollouts of an RL run: its environment, grader, task sampler and sampling policy."""

    def __init__(self, cfg: RunConfig, env: Environment, grader: TimedGrader, sampler: Sampler,
                 policy: TrainablePolicy, shaping: Shaping, run_id: str,
                 rollout_policy: Policy | None = None,
                 workers: RayRolloutPool | None = None) -> None:
        """`policy` holds the trained model; `rollout_policy` samples instead of it (and gets
        the weights after every update); `workers` run the synchronous rollouts elsewhere."""
        self.cfg, self.env, self.grader, self.sampler = cfg, env, grader, sampler
        self.shaping, self.run_id, self.workers = shaping, run_id, workers
        self.sampler_lock = threading.Lock()  # the producer thread draws tasks too
        self.producer: RolloutProducer | None = None
        self.stale_dropped = 0
        # generations carry the weights version; asynchronous rollouts sample from a copy
        self.served = VersionedPolicy(policy)  # the policy rollouts sample from
        self.keyed = DeterministicKeys(self.served)
        self.trained = policy
        if rollout_policy is not None:
            self.served = VersionedPolicy(rollout_policy)
            self.keyed = DeterministicKeys(self.served)
        elif cfg.rollout.asynchronous:
            self.served = VersionedPolicy(serving_copy(policy))

    def runner(self, step: int, round_: int, version: int, group_size: int | None = None,
               temperature: float | None = None, policy: Policy | None = None,
               on_trajectory: Callable[[Trajectory], None] | None = None):
        """A runner seeded by (train.seed, step, round); step -1 is held-out evaluation."""
        r = self.cfg.rollout
        seed = (self.cfg.train.seed * 1_000_003 + step * 101 + round_) & 0x7FFFFFFF
        rc = r.model_copy(update={
            "group_size": group_size or r.group_size, "seed": seed,
            "temperature": r.temperature if temperature is None else temperature,
            "run_id": self.run_id})
        if self.workers is not None and policy is None:
            return self.workers.runner(rc, step if step > 0 else version, self.grader,
                                       on_trajectory)
        self.keyed.reset()
        runner = RolloutRunner(self.env, policy or self.keyed, rc, grader=self.grader,
                               on_trajectory=on_trajectory)
        if policy is None and world()[1] > 1:
            return RankRunner(runner, self.keyed, rc.group_size)
        return runner

    def _producer(self, model: torch.nn.Module, version: int) -> RolloutProducer:
        """The asynchronous producer (started on first use) on the served copy of `model`."""
        if self.producer is None:
            r = self.cfg.rollout

            def next_task() -> Task:
                with self.sampler_lock:
                    return self.sampler.next(1)[0]

            self.served.load_weights(model, version)
            slots = r.slots or r.prompts_per_step * r.group_size * (r.max_staleness + 1)
            self.producer = RolloutProducer(
                self.runner(version + 1, 0, version, policy=self.served), next_task,
                r.prompts_per_step, r.max_staleness, slots, version=version)
            self.producer.start()
        return self.producer

    def publish(self, model: torch.nn.Module, version: int) -> None:
        """After an update: the sampling weights become `model` at `version`."""
        if self.workers is not None:
            self.workers.load_weights(model, version)
        if self.served.policy is self.trained:  # sampling through the trained model itself
            self.served.version = version
            return
        self.served.load_weights(model, version)
        if self.producer is not None:
            self.producer.advance(version)

    def draw(self, step: int, model: torch.nn.Module) -> Drawn:
        """`step`'s groups, sampled with `model`'s weights of version `step - 1` and graded."""
        a, k = self.cfg.algorithm, self.cfg.rollout.group_size
        drawn: list[Group] = []
        stale: list[list[Trajectory]] = []
        flat: set[int] = set()  # the groups dynamic sampling dropped, by id

        def sample(n: int) -> list[Group]:
            if self.cfg.rollout.asynchronous:
                got, old = self._producer(model, step - 1).take(n, version=step - 1)
                stale.extend(old)
                trajs = [t for g in got for t in g]
            else:
                with self.sampler_lock:
                    tasks = self.sampler.next(n)
                trajs = self.runner(step, len(drawn), step - 1).run(tasks)
            trajs = [self.shaping.annotate(t) for t in trajs]  # event rewards on their turns
            groups = Group.chunks(trajs, k)
            drawn.extend(groups)
            return groups

        def keep(groups: Sequence[Group]) -> list[bool]:
            rewards, _, valid = self.shaping.grouped(groups)  # [G, K]
            ok = informative_groups(rewards, valid).tolist()
            flat.update(id(g) for g, o in zip(groups, ok, strict=True) if not o)
            return ok

        n = self.cfg.rollout.prompts_per_step
        groups = (fill_batch(sample, keep, n, a.max_sampling_rounds).groups
                  if a.dynamic_sampling else sample(n))
        self.stale_dropped = len(stale)
        drawn = [g.model_copy(update={"dropped": True}) if id(g) in flat else g for g in drawn]
        return Drawn(groups, [t for g in drawn for t in g.samples] + [t for g in stale for t in g],
                     sum(g.dropped for g in drawn))

    def stop(self) -> None:
        """Stop the producer, if any: its in-flight episodes are dropped, never stored."""
        if self.producer is not None:
            self.producer.stop()
            self.producer = None
