"""Environments and graders as Ray actors of their own (`--ray-env-workers`, `--ray-grader-workers`).

With `veriloop train CONFIG --ray ADDRESS --ray-env-workers N`, the episodes of every rollout
actor live in N `EnvWorker` actors instead of in the rollout actor's process: a rollout actor
holds a `RemoteEnv`, whose `reset` starts the episode on one of the N actors (round robin) and
returns a `RemoteEpisode` that forwards `step`, `state` and `close` to it by episode id. So the
environments (their sandboxes, their tool processes) scale apart from the policy engines, and a
rollout actor's CPU serves generation only. `--ray-grader-workers M` likewise sends each
`grader(task, trajectory, state)` call to one of M `GraderWorker` actors (LLM judges, slow
verifiers); the state travels with the call.

The runner is unchanged: it sees an Environment and a grader. Its per-call timeouts still apply
(a remote call that does not return in time is abandoned), and a call to a dead actor raises,
which the runner records as an infrastructure fault of that episode (`env_crash`, or
`grader_error` for grading): excluded from training, never half-stored. Ray restarts a dead
environment or grader actor (`max_restarts=-1`); the episodes it held are lost with it, later
ones start on the new process.

The actors reserve no CPU (`num_cpus=0`): their work is mostly waiting (sandboxed subprocesses,
remote calls), and a reservation would compete with the rollout actors for the cluster's CPUs.
Each serves up to `max_concurrency` calls at once in threads, as the local runner's threads do.

Not here: placement (which node an environment actor runs on), and environments whose episodes
cannot be pickled across processes (every call's arguments and results are pickled: tasks,
messages, observations, states).
"""

from __future__ import annotations

import itertools
import os
import threading
import uuid
from collections.abc import Sequence
from typing import Any

from veriloop.envs.base import Observation
from veriloop.trainers.common import Builders
from veriloop.trainers.config import RunConfig
from veriloop.types import Grade, Message, Task, ToolSpec, Trajectory

MAX_CONCURRENCY = 32
"""Calls one environment or grader actor serves at a time (threads)."""


class EnvWorker:
    """An environment's live episodes, by id (started with `ray.remote`; plain in tests)."""

    def __init__(self, cfg: RunConfig, build: Builders) -> None:
        self.env = build.env(cfg)
        self.episodes: dict[str, Any] = {}
        self._lock = threading.Lock()

    def reset(self, task: Task) -> tuple[str, tuple[ToolSpec, ...], str]:
        """Start an episode of `task`; (its id, tools, instructions)."""
        episode = self.env.reset(task)
        eid = uuid.uuid4().hex
        with self._lock:
            self.episodes[eid] = episode
        return eid, tuple(episode.tools), episode.instructions

    def step(self, eid: str, message: Message) -> Observation:
        return self._episode(eid).step(message)

    def state(self, eid: str) -> Any:
        return self._episode(eid).state

    def close(self, eid: str) -> Any:
        """Close the episode; its final state (what the grader reads after closing, as the
        runner reads a local episode's)."""
        with self._lock:
            episode = self.episodes.pop(eid, None)
        if episode is None:
            return None
        episode.close()
        return episode.state

    def status(self) -> dict[str, int]:
        """The actor's process id and the episodes open on it."""
        return {"pid": os.getpid(), "live": len(self.episodes)}

    def _episode(self, eid: str) -> Any:
        try:
            return self.episodes[eid]
        except KeyError:
            raise KeyError(f"episode {eid} is not open on this environment actor (it was "
                           "closed, or the actor restarted and lost it)") from None


class GraderWorker:
    """The run's grader in an actor of its own (started with `ray.remote`)."""

    def __init__(self, cfg: RunConfig, build: Builders) -> None:
        self.grader = build.grader(cfg, build.env(cfg))

    def set_step(self, step: int) -> None:
        if hasattr(self.grader, "set_step"):
            self.grader.set_step(step)

    def grade(self, task: Task, trajectory: Trajectory, state: Any) -> Grade:
        return self.grader(task, trajectory, state)


class RemoteEpisode:
    """An episode living in an `EnvWorker` actor (the Episode protocol)."""

    def __init__(self, actor: Any, eid: str, tools: tuple[ToolSpec, ...],
                 instructions: str) -> None:
        self.actor, self.eid = actor, eid
        self.tools, self.instructions = tools, instructions
        self._closed, self._final = False, None

    def step(self, message: Message) -> Observation:
        import ray  # lazy: ray is optional (the ray extra)

        return ray.get(self.actor.step.remote(self.eid, message))

    @property
    def state(self) -> Any:
        """The live state, or after `close` the final state the actor returned."""
        import ray  # lazy: ray is optional (the ray extra)

        if self._closed:
            return self._final
        return ray.get(self.actor.state.remote(self.eid))

    def close(self) -> None:
        import ray  # lazy: ray is optional (the ray extra)

        self._final = ray.get(self.actor.close.remote(self.eid))
        self._closed = True


class RemoteEnv:
    """An environment whose episodes run in `EnvWorker` actors (round robin); tasks, experts
    and everything else come from the local copy `env`."""

    def __init__(self, env: Any, actors: Sequence[Any]) -> None:
        if not actors:
            raise ValueError("RemoteEnv needs at least one environment actor")
        self.local, self.actors = env, list(actors)
        self._next = itertools.cycle(range(len(self.actors)))
        self._lock = threading.Lock()

    @property
    def name(self) -> str:
        return self.local.name

    @property
    def max_turns(self) -> int:
        return self.local.max_turns

    def tasks(self, n: int, **kwargs: Any) -> list[Task]:
        return self.local.tasks(n, **kwargs)

    def grader(self) -> Any:
        return self.local.grader()

    def reset(self, task: Task) -> RemoteEpisode:
        import ray  # lazy: ray is optional (the ray extra)

        with self._lock:
            actor = self.actors[next(self._next)]
        eid, tools, instructions = ray.get(actor.reset.remote(task))
        return RemoteEpisode(actor, eid, tools, instructions)

    def __getattr__(self, name: str) -> Any:  # expert, suite_tasks, options ...
        return getattr(self.local, name)


class RemoteGrader:
    """`grader(task, trajectory, state)` on `GraderWorker` actors (round robin)."""

    def __init__(self, actors: Sequence[Any]) -> None:
        if not actors:
            raise ValueError("RemoteGrader needs at least one grader actor")
        self.actors = list(actors)
        self._next = itertools.cycle(range(len(self.actors)))
        self._lock = threading.Lock()

    def set_step(self, step: int) -> None:
        import ray  # lazy: ray is optional (the ray extra)

        ray.get([a.set_step.remote(step) for a in self.actors])

    def __call__(self, task: Task, trajectory: Trajectory, state: Any) -> Grade:
        import ray  # lazy: ray is optional (the ray extra)

        with self._lock:
            actor = self.actors[next(self._next)]
        return ray.get(actor.grade.remote(task, trajectory, state))


def start_actors(cls: type, cfg: RunConfig, build: Builders, n: int, prefix: str) -> list[Any]:
    """`n` actors of `cls(cfg, build)` named `<prefix>-<i>`, restarted by Ray when they die
    (`build`: the run's builders, `veriloop.run.build.BUILDERS`)."""
    import ray  # lazy: ray is optional (the ray extra)

    remote = ray.remote(num_cpus=0, max_concurrency=MAX_CONCURRENCY, max_restarts=-1)(cls)
    return [remote.options(name=f"{prefix}-{i}").remote(cfg, build) for i in range(n)]
