"""Where the RL trainer's rollouts come from: one component the trainer is handed at setup.

`RolloutSource.draw(step)` gives a step's groups. Synchronously, a `RolloutRunner` (or, with
`workers`, Ray rollout actors: `veriloop.trainers.ray_pool`) samples `rollout.prompts_per_step`
tasks from the task sampler, `group_size` samples each, with the current weights; with dynamic
sampling, groups whose rewards are all equal are dropped and more are drawn (bounded). With
`rollout.asynchronous`, a background `RolloutProducer` runs episodes one by one on a copy of
the weights (`served`), at most `rollout.max_staleness` updates old; `publish` copies each
update into that copy, into a separate rollout policy (e.g. vLLM) or into the workers.

The source's handles on the policy and the grader, which the Ray rollout actors use too:
`VersionedPolicy` tags every generation with the version of the weights that produced it (the
number of optimizer updates they have seen) and takes each update in place between two
`generate` calls; `DeterministicKeys` seeds sampling per step and round, so the same config
samples the same tokens locally, on Ray and over the ranks of a torch.distributed job
(`RankRunner`); `TimedGrader` adds up the grading time a step logs. The task sampler is shared
with the producer's thread: draw from it under `sampler_lock`.
"""

from __future__ import annotations

import copy
import dataclasses
import threading
import time
from collections.abc import Callable, Sequence
from typing import Any, NamedTuple, Protocol

import torch

from veriloop.algorithms.dynamic_sampling import fill_batch, informative_groups
from veriloop.algorithms.shaping import Shaping
from veriloop.envs.base import Environment
from veriloop.errors import ConfigError
from veriloop.policies.hf import HFPolicy
from veriloop.policy import Generation, GenerationRequest, Policy, SamplingParams
from veriloop.rollout.config import RolloutConfig
from veriloop.rollout.producer import RolloutProducer
from veriloop.rollout.runner import RolloutRunner
from veriloop.trainers.common import Sampler, TrainablePolicy
from veriloop.trainers.config import RunConfig
from veriloop.trainers.distributed import gather, world
from veriloop.trainers.hints import Hints
from veriloop.trainers.param_noise import perturbed
from veriloop.types import Grade, Group, Task, Trajectory

HINT_ROUND = 1000  # the sampling round (seed) of a step's hinted rollouts


class RolloutWorkers(Protocol):
    """What the source needs of rollout workers in other processes (Ray rollout actors:
    `veriloop.trainers.ray_pool.RayRolloutPool`)."""

    def runner(self, config: RolloutConfig, step: int, grader: Any = None,
               on_trajectory: Callable[[Trajectory], None] | None = None) -> Any: ...

    def load_weights(self, model: torch.nn.Module, version: int) -> None: ...


class VersionedPolicy:
    """A policy whose generations carry `policy_version`; everything else passes through."""

    def __init__(self, policy: Any, version: int = 0) -> None:
        self.policy = policy
        self.version = version
        self._lock = threading.Lock()

    def __getattr__(self, name: str) -> Any:
        return getattr(self.policy, name)

    def generate(self, requests: Sequence[GenerationRequest],
                 params: SamplingParams) -> list[Generation]:
        with self._lock:
            version = self.version
            gens = self.policy.generate(requests, params)
        return [dataclasses.replace(g, policy_version=version) for g in gens]

    def release(self, key: str) -> None:
        self.policy.release(key)

    def load_weights(self, model: torch.nn.Module, version: int) -> None:
        """Copy `model`'s parameters and buffers into the served model in place (the same
        architecture, e.g. the trainer's copy; an engine backend's own `load_weights`, e.g.
        vLLM's), then serve them as `version` (a local sampler notices and drops the K/V it
        kept, which the old weights computed)."""
        with self._lock, torch.no_grad():
            if hasattr(self.policy, "load_weights"):
                self.policy.load_weights(model)
            else:
                src = model.state_dict(keep_vars=True)
                for name, dst in self.policy.model.state_dict(keep_vars=True).items():
                    dst.copy_(src[name])
            self.version = version


def serving_copy(policy: Any) -> Any:
    """A second local policy over a deep copy of `policy.model` (same tokenizer and renderer):
    what the producer samples from while the trainer changes the original."""
    if not hasattr(policy, "model") or not hasattr(policy, "tokenizer"):
        raise ValueError(f"asynchronous rollouts need a local model policy (tiny, a checkpoint "
                         f"directory, a .gguf file), not {getattr(policy, 'name', policy)!r}")
    model = copy.deepcopy(policy.model).eval().requires_grad_(False)
    return HFPolicy(model, policy.tokenizer, name=policy.name, renderer=policy.renderer)


class DeterministicKeys:
    """Policy wrapper that renames the runner's random per-episode keys to `e0, e1, ...` in
    first-seen order, so seeded sampling (whose row seeds include the key) repeats exactly
    across runs and resumes. Everything else passes through to the wrapped policy."""

    def __init__(self, policy: Policy) -> None:
        self.policy = policy
        self._keys: dict[str, str] = {}
        self._start = 0

    def __getattr__(self, name: str) -> Any:
        return getattr(self.policy, name)

    def reset(self, start: int = 0) -> None:
        """Forget the keys; the next one is `e<start>` (a worker given the episodes from
        index `start` of a step's list names them as one process running the whole list)."""
        self._keys.clear()
        self._start = start

    def _key(self, key: str) -> str:
        if key not in self._keys:
            self._keys[key] = f"e{self._start + len(self._keys)}"
        return self._keys[key]

    def generate(self, requests: Sequence[GenerationRequest], params: SamplingParams
                 ) -> list[Generation]:
        reqs = [dataclasses.replace(r, key=self._key(r.key)) for r in requests]
        return self.policy.generate(reqs, params)

    def release(self, key: str) -> None:
        self.policy.release(self._keys.get(key, key))


class TimedGrader:
    """Wraps a grader to add up the seconds spent grading (the runner grades in threads), and
    hands it the training step when it is step-aware (scheduled composite graders)."""

    def __init__(self, grader: Callable[..., Grade]) -> None:
        self.grader = grader
        self.seconds = 0.0
        self._lock = threading.Lock()

    def set_step(self, step: int) -> None:
        if hasattr(self.grader, "set_step"):
            self.grader.set_step(step)

    def __call__(self, task: Task, trajectory: Trajectory, state: Any) -> Grade:
        t0 = time.perf_counter()
        try:
            return self.grader(task, trajectory, state)
        finally:
            with self._lock:
                self.seconds += time.perf_counter() - t0


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
                 workers: RolloutWorkers | None = None, hints: Hints | None = None) -> None:
        """`policy` holds the trained model; `rollout_policy` samples instead of it (and gets
        the weights after every update); `workers` run the synchronous rollouts elsewhere;
        `hints` re-rolls a step's all-fail groups with part of the expert's solution
        (`veriloop.trainers.hints`)."""
        self.cfg, self.env, self.grader, self.sampler = cfg, env, grader, sampler
        self.hints = hints
        if cfg.algorithm.param_noise > 0 and (rollout_policy is not None or workers is not None
                                              or cfg.rollout.asynchronous):
            raise ConfigError("algorithm.param_noise perturbs the trained model while it "
                              "samples; it needs synchronous rollouts by that model (no "
                              "rollout.engine: vllm, Ray workers or rollout.asynchronous)")
        self.hint_metrics: dict[str, float] = {}  # the last draw's hint/* metrics
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
        """`step`'s groups, sampled with `model`'s weights of version `step - 1` and graded
        (perturbed by `algorithm.param_noise` while they are sampled)."""
        seed = (self.cfg.train.seed * 1_000_003 + step * 7_919) & 0x7FFFFFFF
        with perturbed(model, self.cfg.algorithm.param_noise, seed):
            return self._draw(step, model)

    def _draw(self, step: int, model: torch.nn.Module) -> Drawn:
        a, k = self.cfg.algorithm, self.cfg.rollout.group_size
        drawn: list[Group] = []
        stale: list[list[Trajectory]] = []
        flat: set[int] = set()  # the groups dynamic sampling dropped, by id
        seen: dict[str, Task] = {}  # the step's tasks by id (hints re-roll some)

        def sample(n: int) -> list[Group]:
            if self.cfg.rollout.asynchronous:
                got, old = self._producer(model, step - 1).take(n, version=step - 1)
                stale.extend(old)
                trajs = [t for g in got for t in g]
            else:
                with self.sampler_lock:
                    tasks = self.sampler.next(n)
                seen.update((t.id, t) for t in tasks)
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
        if self.hints is not None:  # all-fail groups again, with part of a solution shown
            def roll(tasks: list[Task]) -> list[Trajectory]:
                return [self.shaping.annotate(t)
                        for t in self.runner(step, HINT_ROUND, step - 1).run(tasks)]

            groups, hinted, self.hint_metrics = self.hints.apply(groups, seen, step, roll, k)
            drawn.extend(hinted)
        self.stale_dropped = len(stale)
        drawn = [g.model_copy(update={"dropped": True}) if id(g) in flat else g for g in drawn]
        return Drawn(groups, [t for g in drawn for t in g.samples] + [t for g in stale for t in g],
                     sum(g.dropped for g in drawn))

    def stop(self) -> None:
        """Stop the producer, if any: its in-flight episodes are dropped, never stored."""
        if self.producer is not None:
            self.producer.stop()
            self.producer = None
