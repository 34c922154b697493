"""Rollout workers as Ray actors (`veriloop train CONFIG --ray ADDRESS`); experimental.

The trainer stays in the driver process; each step's task groups are split into contiguous
chunks, one per `RolloutWorker` actor. An actor holds its own copy of the policy (built from
the run config as the trainer builds its own, LoRA adapters included), its own environment and
grader, and runs `RolloutRunner.run` on its chunk: it steps its episodes' environments and
grades them in threads, as the local runner does. After every update the driver publishes the
weights with one `ray.put` of the state dict; an actor copies them into its model in place
before its next rollout, and its generations carry that version (`VersionedPolicy`).

Exactly-once: actors return whole, graded trajectories and never touch the store; the trainer
alone appends them, at a checkpoint (`checkpoint.PendingTrajectories`), as in a local run.
When an actor dies mid-rollout (its process killed, its node lost), nothing it did is kept: a
fresh actor replaces it and runs the same chunk again with the same seeds; if that one dies
too, every episode of the chunk becomes a trajectory with a `worker_lost` infrastructure fault,
which the trainer counts and excludes from baselines and updates.

Seeded sampling matches the local runner: a chunk's episode keys are numbered from the
chunk's first episode index in the step's list (`DeterministicKeys.reset(start)`), so a row's
seed does not depend on which actor sampled it, and the same config samples the same tokens
with and without Ray (tested).

Environments and graders run inside the rollout actor that owns the episode, or, with
`env_workers` / `grader_workers`, in actors of their own (`veriloop.trainers.ray_envs`).

The trainer as a torch.distributed job on the cluster is `veriloop.trainers.ray_launch`
(`--ray-trainers`; its ranks roll out themselves, without these actors). Not here yet: GPU
placement of the actors; asynchronous rollouts and vLLM engines in the actors.
"""

from __future__ import annotations

import os
import socket
import uuid
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import torch

from veriloop.errors import UserError
from veriloop.rollout.config import RolloutConfig
from veriloop.rollout.runner import RolloutRunner
from veriloop.trainers.common import Builders, apply_lora
from veriloop.trainers.config import RunConfig
from veriloop.trainers.ray_envs import (
    EnvWorker,
    GraderWorker,
    RemoteEnv,
    RemoteGrader,
    start_actors,
)
from veriloop.trainers.rl_rollouts import DeterministicKeys, TimedGrader, VersionedPolicy
from veriloop.types import Fault, FaultKind, Task, Trajectory

NAMESPACE = "veriloop"
"""The Ray namespace of veriloop's actors (`ray.get_actor(name, namespace=NAMESPACE)`)."""


def require_ray() -> Any:
    """The `ray` module, or a UserError saying how to install it."""
    try:
        import ray  # lazy: ray is optional (the ray extra)
    except ImportError as e:
        raise UserError("--ray needs Ray, which is not installed: "
                        "pip install 'veriloop[ray]'") from e
    return ray


def connect(address: str) -> bool:
    """Join the Ray cluster at `address` (`local`: start one on this machine; `auto`: the one
    `ray start` runs here; `HOST:PORT` or `ray://HOST:PORT`), unless this process already is;
    True if it joined now (and so should `ray.shutdown()` at the end)."""
    ray = require_ray()
    if ray.is_initialized():
        return False
    host, _, port = address.rpartition(":")
    if host and port.isdigit() and "://" not in address:  # Ray itself retries for minutes
        try:
            socket.create_connection((host, int(port)), timeout=10).close()
        except OSError as e:
            raise UserError(f"no Ray cluster answers at --ray {address} ({e}); start one "
                            "there with `ray start --head`, or use --ray local") from e
    local = {"include_dashboard": False} if address == "local" else {}
    try:
        ray.init(address=address, namespace=NAMESPACE, **local)
    except ConnectionError as e:
        raise UserError(f"no Ray cluster at --ray {address} ({e}); start one there with "
                        "`ray start --head`, or use --ray local") from e
    return True


class RolloutWorker:
    """One rollout actor's state: a policy copy, the environment and the grader of a run, each
    built by the run's builders (`build`: `veriloop.run.build.BUILDERS`) as the driver built
    its own. (`RayRolloutPool` starts it with `ray.remote`; any method may also run in-process.)"""

    def __init__(self, cfg: RunConfig, build: Builders, threads: int = 1,
                 env_actors: Sequence[Any] = (), grader_actors: Sequence[Any] = ()) -> None:
        torch.set_num_threads(threads)
        policy = build.policy(cfg)
        self.model = apply_lora(policy.model, cfg.model).eval()
        if self.model is not policy.model:
            policy.set_model(self.model)
        self.served = VersionedPolicy(policy, version=-1)  # no weights from the trainer yet
        self.keyed = DeterministicKeys(self.served)
        self.env = build.env(cfg)
        if grader_actors:
            grader: Any = RemoteGrader(grader_actors)
        else:
            grader = build.grader(cfg, self.env)
        self.grader = TimedGrader(grader)
        if env_actors:
            # an Environment by duck typing (its name and max_turns are the local copy's)
            self.env = RemoteEnv(self.env, env_actors)  # type: ignore[assignment]
        self.step: int | None = None  # the step being rolled out, None when idle

    def status(self) -> dict[str, Any]:
        """What the actor is doing: the step it rolls out (None: idle), its weights version
        and its process id."""
        return {"step": self.step, "version": self.served.version, "pid": os.getpid()}

    def run(self, tasks: Sequence[Task], config: RolloutConfig, first: int, step: int,
            weights: tuple[int, list[Any]]) -> tuple[list[Trajectory], float]:
        """Roll out `tasks` (episode keys from index `first`) with the weights `(version,
        [state dict ref])`, loaded first unless already held; (trajectories, grading seconds)."""
        version, ref = weights
        if version != self.served.version:
            import ray  # lazy: ray is optional (the ray extra)

            state = ray.get(ref[0])
            with torch.no_grad():
                self.model.load_state_dict(state)  # in place: the sampler drops its kept K/V
            self.served.version = version
        self.step = step
        try:
            if step > 0:
                self.grader.set_step(step)
            self.grader.seconds = 0.0
            self.keyed.reset(first)
            trajs = RolloutRunner(self.env, self.keyed, config, grader=self.grader).run(tasks)
            return trajs, self.grader.seconds
        finally:
            self.step = None


@dataclass
class RemoteRunner:
    """`RolloutRunner.run`'s interface over the pool, for one rollout config and step."""

    pool: RayRolloutPool
    config: RolloutConfig
    step: int
    grader: Any = None  # a `TimedGrader` whose `seconds` receive the actors' grading time
    on_trajectory: Callable[[Trajectory], None] | None = None  # called once the step's are in

    def run(self, tasks: Sequence[Task]) -> list[Trajectory]:
        trajs, seconds = self.pool.run(tasks, self.config, self.step)
        if self.grader is not None:
            self.grader.seconds += seconds
        if self.on_trajectory is not None:
            for t in trajs:
                self.on_trajectory(t)
        return trajs


class RayRolloutPool:
    """`workers` rollout actors (one CPU each) named `rollout-<name>-<driver pid>-<i>.<generation>`
    in the `veriloop` namespace (a resumed run's new actors never meet its killed driver's, which
    Ray may still be removing); `run` splits a task list across them, replacing dead ones."""

    def __init__(self, cfg: RunConfig, workers: int, name: str, build: Builders,
                 leave: bool = False, env_workers: int = 0, grader_workers: int = 0) -> None:
        """`build`: how the actors build the run's components (`veriloop.run.build.BUILDERS`);
        `leave`: `close` also leaves the cluster (`ray.shutdown`); `env_workers` /
        `grader_workers`: episodes / grading in that many actors of their own (0: inside the
        rollout actors)."""

        ray = require_ray()
        self.leave = leave
        if cfg.init is not None:  # actors may run in another directory or on another node
            cfg = cfg.model_copy(update={"init": str(Path(cfg.init).resolve())})
        self.cfg, self.name, self.build = cfg, name, build
        tag = f"{name}-{os.getpid()}"
        self.env_actors = start_actors(EnvWorker, cfg, build, env_workers, f"env-{tag}")
        self.grader_actors = start_actors(GraderWorker, cfg, build, grader_workers,
                                          f"grader-{tag}")
        self._actor = ray.remote(num_cpus=1, max_concurrency=2)(RolloutWorker)  # 2: status()
        self.actors = [self._start(i, 0) for i in range(workers)]
        self.generation = [0] * workers
        self.weights: tuple[int, list[Any]] | None = None
        self.restarts = 0  # actors replaced after dying
        self.lost = 0  # episodes marked worker_lost

    @classmethod
    def start(cls, cfg: RunConfig, workers: int | None, name: str, build: Builders,
              leave: bool = False, env_workers: int = 0, grader_workers: int = 0
              ) -> RayRolloutPool:
        """`workers` actors on the cluster this process is connected to (`connect`); default:
        one per CPU of the cluster, at most one per prompt of a step."""
        import ray  # lazy: ray is optional (the ray extra)

        if workers is None:
            cpus = int(ray.cluster_resources().get("CPU", 1))
            workers = max(1, min(cpus, cfg.rollout.prompts_per_step))
        return cls(cfg, workers, name, build, leave, env_workers, grader_workers)

    def _start(self, i: int, generation: int) -> Any:
        name = f"rollout-{self.name}-{os.getpid()}-{i}.{generation}"
        return self._actor.options(name=name).remote(self.cfg, self.build, 1, self.env_actors,
                                                     self.grader_actors)

    def load_weights(self, model: torch.nn.Module, version: int) -> None:
        """Publish `model`'s weights as `version`; actors load them before their next run."""
        import ray  # lazy: ray is optional (the ray extra)

        state = {k: v.detach().cpu() for k, v in model.state_dict().items()}
        self.weights = (version, [ray.put(state)])

    def metrics(self) -> dict[str, float]:
        """Counts since the start: actors replaced, episodes marked worker_lost."""
        return {"workers_restarted": float(self.restarts), "worker_lost": float(self.lost)}

    def runner(self, config: RolloutConfig, step: int, grader: Any = None,
               on_trajectory: Callable[[Trajectory], None] | None = None) -> RemoteRunner:
        return RemoteRunner(self, config, step, grader, on_trajectory)

    def run(self, tasks: Sequence[Task], config: RolloutConfig,
            step: int) -> tuple[list[Trajectory], float]:
        """Every group of `tasks` rolled out on the actors (task order, then sample order, as
        `RolloutRunner.run`); with the actors' grading seconds."""
        if self.weights is None:
            raise RuntimeError("load_weights() before the first run")
        n, w = len(tasks), len(self.actors)
        bounds = [(i * n // w, (i + 1) * n // w) for i in range(w)]  # contiguous chunks
        calls = {i: self._submit(i, tasks[a:b], config, a, step)
                 for i, (a, b) in enumerate(bounds) if b > a}
        trajs: list[Trajectory] = []
        seconds = 0.0
        for i, call in calls.items():
            a, b = bounds[i]
            got, s = self._collect(i, call, tasks[a:b], config, a, step)
            trajs += got
            seconds += s
        return trajs, seconds

    def _submit(self, i: int, tasks: Sequence[Task], config: RolloutConfig, first_task: int,
                step: int) -> Any:
        first = first_task * config.group_size
        return self.actors[i].run.remote(list(tasks), config, first, step, self.weights)

    def _collect(self, i: int, call: Any, tasks: Sequence[Task], config: RolloutConfig,
                 first_task: int, step: int) -> tuple[list[Trajectory], float]:
        """Actor i's result; if it died, the same chunk on a fresh actor, once; if that one
        died too, `worker_lost` trajectories."""
        import ray  # lazy: ray is optional (the ray extra)
        from ray.exceptions import RayActorError  # lazy: ray is optional (the ray extra)

        try:
            return ray.get(call)
        except RayActorError:
            self._replace(i)
        try:
            return ray.get(self._submit(i, tasks, config, first_task, step))
        except RayActorError as e:
            self._replace(i)
            self.lost += len(tasks) * config.group_size
            return lost_trajectories(tasks, config, f"rollout actor died twice: {e}"), 0.0

    def _replace(self, i: int) -> None:
        import ray  # lazy: ray is optional (the ray extra)

        ray.kill(self.actors[i], no_restart=True)  # already dead, or hung: make sure
        self.generation[i] += 1
        self.actors[i] = self._start(i, self.generation[i])
        self.restarts += 1

    def close(self) -> None:
        import ray  # lazy: ray is optional (the ray extra)

        for actor in [*self.actors, *self.env_actors, *self.grader_actors]:
            ray.kill(actor, no_restart=True)
        self.actors, self.env_actors, self.grader_actors = [], [], []
        if self.leave:
            ray.shutdown()


def lost_trajectories(tasks: Sequence[Task], config: RolloutConfig,
                      reason: str) -> list[Trajectory]:
    """One `worker_lost` trajectory per episode of `tasks` (no turns, no grade)."""
    fault = Fault(kind=FaultKind.WORKER_LOST, reason=reason[:500])
    out = []
    for task in tasks:
        group_id = uuid.uuid4().hex[:12]
        out += [Trajectory(id=uuid.uuid4().hex, run_id=config.run_id, task_id=task.id,
                           env=task.env, group_id=group_id, sample_index=g, prompt_text="",
                           prompt_ids=(), fault=fault,
                           metadata={"difficulty": task.difficulty})
                for g in range(config.group_size)]
    return out
