"""One running episode's record, as the rollout runner keeps it: what the policy has seen and
done so far, which context it is in, whether a budget ended it, and the frozen `Trajectory` it
becomes.

The runner (`veriloop.rollout.runner`) drives many of these at once, batched on the policy; the
rules that end one episode on its own are here: the step budget (`env.max_turns`, summaries
not counted), the token budget (`rollout.max_total_tokens`), the episode's wall-clock timeout
and loop detection (the same tool calls `rollout.loop_limit` times in a row). Infrastructure
failures (a crashing or hung reset, step or close) become typed faults (`infra_fault`).
"""

from __future__ import annotations

import json
import time
import uuid
from dataclasses import dataclass, field

from veriloop.envs.base import Episode, Observation
from veriloop.policy import Generation
from veriloop.rollout.config import RolloutConfig
from veriloop.types import (
    Fault,
    FaultKind,
    InfrastructureError,
    Message,
    Segment,
    Task,
    Trajectory,
    Turn,
)


@dataclass
class Live:
    """Mutable bookkeeping of one running episode (frozen into a Trajectory at the end)."""

    task: Task
    sample: int
    group_id: str
    traj_id: str
    episode: Episode | None = None
    messages: list[Message] = field(default_factory=list)
    prompt: tuple[Message, ...] = ()
    prompt_text: str = ""
    prompt_ids: tuple[int, ...] = ()
    n_tokens: int = 0
    turns: list[Turn] = field(default_factory=list)
    segments: list[Segment] = field(default_factory=list)
    context_ids: tuple[int, ...] = ()  # the current context's prompt (prompt_ids at first)
    summarizing: bool = False  # the next generation is the summary the policy was asked for
    final_answer: str | None = None
    done: bool = False
    fault: Fault | None = None
    finished: bool = False
    last_call: str | None = None
    repeats: int = 0
    start: float = field(default_factory=time.perf_counter)
    generating: float = 0.0  # seconds spent in the policy's generate calls (not the episode's
                             # own time: see RolloutConfig.episode_timeout)

    @classmethod
    def group(cls, task: Task, size: int) -> list[Live]:
        """The `size` episodes of one task, under one new group id."""
        group_id = uuid.uuid4().hex[:12]
        return [cls(task=task, sample=g, group_id=group_id, traj_id=uuid.uuid4().hex)
                for g in range(size)]

    def context(self) -> tuple[int, ...]:
        """The token ids of the current context: its prompt, then its turns' exact ids."""
        ids = list(self.context_ids)
        for t in self.turns[self.segments[-1].start if self.segments else 0:]:
            ids.extend(t.action_ids)
            ids.extend(t.observation_ids)
        return tuple(ids)

    def start_segment(self, segment: Segment, config: RolloutConfig, max_turns: int) -> None:
        """Go on in a new context (context management rewrote the history)."""
        self.segments.append(segment)
        self.messages = list(segment.prompt)
        self.context_ids = segment.prompt_ids
        self.n_tokens = len(segment.prompt_ids)
        self.summarizing = False
        self.check_budgets(None, config, max_turns)

    def check_budgets(self, obs: Observation | None, config: RolloutConfig,
                      max_turns: int) -> None:
        """Fault the episode if it repeats a tool call too often, or a budget is spent."""
        if config.loop_limit and obs is not None and obs.tool_calls:
            sig = json.dumps([[c.name, c.arguments] for c in obs.tool_calls], sort_keys=True)
            self.repeats = self.repeats + 1 if sig == self.last_call else 1
            self.last_call = sig
            if self.repeats >= config.loop_limit:
                self.fault = Fault(kind=FaultKind.LOOP, reason=f"the same tool call was made "
                                   f"{self.repeats} times in a row: {sig[:200]}")
                return
        summaries = sum(s.summary_turn is not None for s in self.segments)
        if len(self.turns) - summaries >= max_turns:
            self.fault = Fault(kind=FaultKind.STEP_BUDGET,
                               reason=f"no final answer within {max_turns} turns")
        elif self.n_tokens >= config.max_total_tokens:
            self.fault = Fault(kind=FaultKind.CONTEXT,
                               reason=f"{self.n_tokens} tokens reach the budget of "
                               f"{config.max_total_tokens}")
        elif time.perf_counter() - self.start - self.generating > config.episode_timeout:
            self.fault = Fault(kind=FaultKind.EPISODE_TIMEOUT,
                               reason=f"episode exceeded {config.episode_timeout:g}s outside "
                               "generation")

    def trajectory(self, run_id: str, policy: str) -> Trajectory:
        """The episode frozen as it ended (ungraded)."""
        return Trajectory(
            id=self.traj_id, run_id=run_id, task_id=self.task.id, env=self.task.env,
            group_id=self.group_id, sample_index=self.sample, policy=policy,
            prompt=self.prompt, tools=self.episode.tools if self.episode is not None else (),
            prompt_text=self.prompt_text, prompt_ids=self.prompt_ids, turns=tuple(self.turns),
            segments=tuple(self.segments),
            final_answer=self.final_answer, done=self.done, fault=self.fault,
            seconds=time.perf_counter() - self.start,
            metadata={"difficulty": self.task.difficulty},
            policy_version=min((t.policy_version for t in self.turns
                                if t.policy_version is not None), default=None))


@dataclass(frozen=True)
class Timed:
    """A generation and the seconds its request took (its share of the batched call)."""

    gen: Generation
    seconds: float


def infra_fault(e: BaseException, where: str) -> Fault:
    """The fault of an environment call (`where`: reset, step, close) that raised `e`."""
    if isinstance(e, InfrastructureError):
        return Fault(kind=e.kind, reason=f"{where}: {e}")
    if isinstance(e, TimeoutError):
        return Fault(kind=FaultKind.ENV_TIMEOUT, reason=f"{where}: {e}")
    return Fault(kind=FaultKind.ENV_CRASH, reason=f"{where}: {type(e).__name__}: {e}")
