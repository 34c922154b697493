"""Core data types shared by every component: messages, tools, tasks, turns, trajectories, grades,
and the `Group` of one task's samples that RL trains on.

All types are frozen pydantic models: they cross component boundaries (environment -> runner ->
grader -> store -> trainer) and must not be mutated on the way. Sequences are tuples.

A `Trajectory` is token-exact: it keeps the ids the policy sampled and the ids of every
observation as they were fed back, so training never re-tokenizes text. Its concatenated token
stream is `prompt_ids + action_ids[0] + observation_ids[0] + action_ids[1] + ...`, and its loss
mask is 1 exactly on the action (policy) tokens.

When context management rewrote the history (a sliding window, a summary), the policy sampled
later turns from a new prompt: the trajectory then has `segments`, and each of its `contexts()`
is one token-exact context the policy really saw (see `Segment`).
"""

from __future__ import annotations

import enum
import os
from collections.abc import Sequence
from typing import Any, Literal, NamedTuple, Protocol

from pydantic import BaseModel, ConfigDict, Field

Role = Literal["system", "user", "assistant", "tool"]


class Frozen(BaseModel):
    model_config = ConfigDict(frozen=True, extra="forbid")


class ToolCall(Frozen):
    """One call of a tool by the agent, as parsed from its message."""

    name: str
    arguments: dict[str, Any] = Field(default_factory=dict)
    id: str = ""


class ToolResult(Frozen):
    """What a tool returned (or the error it raised), as the agent will see it."""

    call_id: str
    name: str
    content: str
    is_error: bool = False
    truncated: bool = False
    seconds: float = 0.0


class ToolSpec(Frozen):
    """A tool as offered to the model: name, description, JSON schema of its arguments."""

    name: str
    description: str
    parameters: dict[str, Any]

    def to_openai(self) -> dict[str, Any]:
        """The OpenAI / Hugging Face chat-template form: {"type": "function", "function": ...}."""
        return {
            "type": "function",
            "function": {
                "name": self.name,
                "description": self.description,
                "parameters": self.parameters,
            },
        }


class Message(Frozen):
    role: Role
    content: str
    tool_calls: tuple[ToolCall, ...] = ()
    tool_call_id: str | None = None
    name: str | None = None

    def to_chat(self) -> dict[str, Any]:
        """The dict form chat templates and OpenAI-compatible servers take."""
        out: dict[str, Any] = {"role": self.role, "content": self.content}
        if self.tool_calls:
            out["tool_calls"] = [
                {"id": c.id, "type": "function",
                 "function": {"name": c.name, "arguments": c.arguments}}
                for c in self.tool_calls
            ]
        if self.tool_call_id is not None:
            out["tool_call_id"] = self.tool_call_id
        if self.name is not None:
            out["name"] = self.name
        return out


class Task(Frozen):
    """One problem. `verification` holds what the policy never sees (gold answers, hidden tests)."""

    id: str
    env: str
    prompt: tuple[Message, ...]
    difficulty: int = 0
    metadata: dict[str, Any] = Field(default_factory=dict)
    verification: dict[str, Any] = Field(default_factory=dict)


class FaultKind(str, enum.Enum):
    """Why an episode ended badly. Agent faults are the policy's doing and are trained on;
    infrastructure faults are not the policy's doing and are excluded from updates."""

    # agent faults
    FORMAT = "format"  # unparseable message, bad JSON, unknown tool, wrong argument type
    TOOL_ERROR = "tool_error"  # a tool raised on valid-looking arguments
    STEP_BUDGET = "step_budget"  # ran out of turns without a final answer
    LOOP = "loop"  # repeated the same tool call with the same arguments
    CONTEXT = "context"  # ran out of context/token budget
    # infrastructure faults
    ENV_CRASH = "env_crash"  # the environment raised
    ENV_TIMEOUT = "env_timeout"  # an environment step hung past its timeout
    EPISODE_TIMEOUT = "episode_timeout"  # the episode outside generation exceeded its budget
    POLICY_ERROR = "policy_error"  # the model backend failed
    SANDBOX = "sandbox"  # the sandbox failed to run the code at all
    GRADER_ERROR = "grader_error"  # the grader itself failed
    WORKER_LOST = "worker_lost"  # the rollout worker died, and so did its retry (Ray)

    @property
    def is_infra(self) -> bool:
        return self in _INFRA


_INFRA = frozenset({FaultKind.ENV_CRASH, FaultKind.ENV_TIMEOUT, FaultKind.EPISODE_TIMEOUT,
                    FaultKind.POLICY_ERROR, FaultKind.SANDBOX, FaultKind.GRADER_ERROR,
                    FaultKind.WORKER_LOST})


class InfrastructureError(RuntimeError):
    """Raised by tools, sandboxes or environments when they, not the agent, failed. The runner
    records the episode with an infrastructure fault, which trainers exclude from updates."""

    def __init__(self, message: str, kind: FaultKind = FaultKind.ENV_CRASH) -> None:
        super().__init__(message)
        self.kind = kind


class Fault(Frozen):
    kind: FaultKind
    reason: str

    @property
    def is_infra(self) -> bool:
        return self.kind.is_infra


class TurnReward(Frozen):
    """A reward attached to one turn. `name` says where it comes from: "subgoal:<name>" (a
    sub-goal completed on this turn), "event:<name>" (dense shaping, `algorithm.event_weights`)
    or "outcome" (on the last turn: the part of the grade score not placed on earlier turns)."""

    name: str
    value: float


class Subgoal(Frozen):
    """A sub-goal's result: `turn` is the turn on which it last became true and stayed true to
    the end (None: not achieved); `value` is its share of the grade score (0 if not achieved)."""

    name: str
    turn: int | None = None
    value: float = 0.0


class Grade(Frozen):
    """A grader's verdict. `score` is the reward; `components` are logged separately; `flags`
    mark suspected reward hacking or safety violations; `subgoals` (in the task's order) say
    which parts of the score were earned on which turn."""

    score: float
    passed: bool = False
    components: dict[str, float] = Field(default_factory=dict)
    flags: tuple[str, ...] = ()
    explanation: str = ""
    subgoals: tuple[Subgoal, ...] = ()


class Turn(Frozen):
    """One policy action and the environment's answer to it."""

    index: int
    action_text: str
    action_ids: tuple[int, ...]
    action_logprobs: tuple[float, ...] | None = None
    finish_reason: str = "stop"
    tool_calls: tuple[ToolCall, ...] = ()
    tool_results: tuple[ToolResult, ...] = ()
    observation: tuple[Message, ...] = ()
    observation_text: str = ""
    observation_ids: tuple[int, ...] = ()
    format_error: str | None = None
    generate_seconds: float = 0.0
    env_seconds: float = 0.0
    rewards: tuple[TurnReward, ...] = ()
    """Rewards attached to this turn after grading (`Trajectory.with_grade`) and shaping."""
    policy_version: int | None = None
    """Version of the weights that sampled this action (optimizer updates applied before it);
    None when the policy is not versioned (a server, a scripted expert)."""


class Segment(Frozen):
    """A context the policy sampled from after context management rewrote the history: the
    prompt it was given (`prompt_ids`: the system prompt, the task, then a summary or an
    omission marker and the turns a window keeps), followed by turns `start`, `start + 1`, ...
    up to the next segment's start, appended as usual."""

    start: int
    """Index of the first turn sampled in this context."""
    reason: Literal["window", "summary"]
    prompt: tuple[Message, ...]
    prompt_text: str
    prompt_ids: tuple[int, ...]
    summary_turn: int | None = None
    """The turn in which the policy wrote the summary this context starts from (it ends the
    previous context and is trained on); None for a window or a separate summariser's."""


class Context(NamedTuple):
    """One token-exact context of a trajectory: prompt + turns `start` .. `end - 1`."""

    token_ids: list[int]
    loss_mask: list[int]
    logprobs: list[float] | None  # aligned with token_ids (0.0 off-policy); None if unsampled
    start: int
    end: int


class Trajectory(Frozen):
    id: str
    run_id: str
    task_id: str
    env: str
    group_id: str
    sample_index: int = 0
    policy: str = ""
    prompt: tuple[Message, ...] = ()
    """The prompt messages as the runner rendered them (task prompt + tool-call instructions)."""
    tools: tuple[ToolSpec, ...] = ()
    """The tools offered to the policy; with `prompt` and the turns, the conversation can be
    rendered again for another tokenizer (SFT on demonstrations does)."""
    prompt_text: str
    prompt_ids: tuple[int, ...]
    turns: tuple[Turn, ...] = ()
    final_answer: str | None = None
    done: bool = False
    fault: Fault | None = None
    grade: Grade | None = None
    seconds: float = 0.0
    metadata: dict[str, Any] = Field(default_factory=dict)
    policy_version: int | None = None
    """The oldest weights version that sampled any of its turns (asynchronous training measures
    staleness from it); None when the policy is not versioned."""
    segments: tuple[Segment, ...] = ()
    """Contexts after the first (which is `prompt_ids` from turn 0), in order; empty when the
    context only grew. With segments, `token_ids` is a transcript, not a context the policy
    saw: train on `contexts()`."""

    def contexts(self) -> list[Context]:
        """The token-exact contexts the policy sampled from, in order (one without segments)."""
        bounds = [(self.prompt_ids, 0), *((s.prompt_ids, s.start) for s in self.segments)]
        ends = [start for _, start in bounds[1:]] + [len(self.turns)]
        out = []
        for (prompt, start), end in zip(bounds, ends, strict=True):
            ids, mask = list(prompt), [0] * len(prompt)
            lps: list[float] | None = [0.0] * len(prompt)
            for t in self.turns[start:end]:
                ids += [*t.action_ids, *t.observation_ids]
                mask += [1] * len(t.action_ids) + [0] * len(t.observation_ids)
                if t.action_logprobs is None or lps is None:
                    lps = None
                else:
                    lps += [*t.action_logprobs, *[0.0] * len(t.observation_ids)]
            out.append(Context(ids, mask, lps, start, end))
        return out

    @property
    def token_ids(self) -> list[int]:
        ids = list(self.prompt_ids)
        for t in self.turns:
            ids.extend(t.action_ids)
            ids.extend(t.observation_ids)
        return ids

    @property
    def loss_mask(self) -> list[int]:
        mask = [0] * len(self.prompt_ids)
        for t in self.turns:
            mask.extend([1] * len(t.action_ids))
            mask.extend([0] * len(t.observation_ids))
        return mask

    @property
    def sampling_logprobs(self) -> list[float] | None:
        """Logprobs aligned with `token_ids` (0.0 off-policy), or None if any turn lacks them."""
        if any(t.action_logprobs is None for t in self.turns):
            return None
        out = [0.0] * len(self.prompt_ids)
        for t in self.turns:
            out.extend(t.action_logprobs or ())
            out.extend([0.0] * len(t.observation_ids))
        return out

    @property
    def format_violations(self) -> int:
        return sum(t.format_error is not None for t in self.turns)

    @property
    def tool_errors(self) -> int:
        return sum(r.is_error for t in self.turns for r in t.tool_results)

    @property
    def is_infra_error(self) -> bool:
        return self.fault is not None and self.fault.is_infra

    @property
    def score(self) -> float:
        return self.grade.score if self.grade else 0.0

    @property
    def passed(self) -> bool:
        return bool(self.grade and self.grade.passed)

    def with_grade(self, grade: Grade) -> Trajectory:
        """This trajectory graded: each achieved sub-goal's value is attached to its turn as
        "subgoal:<name>", and the rest of the score to the last turn as "outcome", so a
        trajectory's turn rewards add up to its score."""
        if not self.turns:
            return self.model_copy(update={"grade": grade})
        last = len(self.turns) - 1
        extra: dict[int, list[TurnReward]] = {}
        placed = 0.0
        for g in grade.subgoals:
            if g.turn is not None:
                extra.setdefault(min(g.turn, last), []).append(
                    TurnReward(name=f"subgoal:{g.name}", value=g.value))
                placed += g.value
        extra.setdefault(last, []).append(TurnReward(name="outcome", value=grade.score - placed))
        turns = tuple(t.model_copy(update={"rewards": (*t.rewards, *extra.get(i, ()))})
                      for i, t in enumerate(self.turns))
        return self.model_copy(update={"grade": grade, "turns": turns})

    def messages(self, task: Task | None = None) -> list[Message]:
        """The conversation as messages (the recorded prompt, or `task`'s if given, then each
        turn)."""
        out = list(task.prompt) if task else list(self.prompt)
        for t in self.turns:
            out.append(Message(role="assistant", content=t.action_text, tool_calls=t.tool_calls))
            out.extend(t.observation)
        return out


class Group(Frozen):
    """The samples of one task from one rollout round: what GRPO-family estimators compare.

    The runner returns groups (`RolloutRunner.run_groups`) with `rewards` = the grade scores;
    the trainer's reward step (`Shaping.shaped`) replaces them with the shaped rewards that
    baselines and advantages use, one per sample in sample order. Samples with an
    infrastructure fault stay in the group (they are stored and counted) but are not `valid`:
    no baseline weight, no update. `dropped`: dynamic sampling found the group's rewards all
    equal and drew another instead (logged and stored, never trained on)."""

    task_id: str
    samples: tuple[Trajectory, ...]
    rewards: tuple[float, ...]
    dropped: bool = False

    @classmethod
    def of(cls, samples: Sequence[Trajectory]) -> Group:
        """A group of one task's graded samples, rewarded with their grade scores."""
        if not samples:
            raise ValueError("a group needs at least one sample")
        return cls(task_id=samples[0].task_id, samples=tuple(samples),
                   rewards=tuple(t.score for t in samples))

    @classmethod
    def chunks(cls, trajs: Sequence[Trajectory], size: int) -> list[Group]:
        """Consecutive runs of `size` samples (a runner's output: task order, then sample
        order) as groups."""
        return [cls.of(trajs[i:i + size]) for i in range(0, len(trajs), size)]

    def with_rewards(self, rewards: Sequence[float]) -> Group:
        if len(rewards) != len(self.samples):
            raise ValueError(f"{len(rewards)} rewards for a group of {len(self.samples)}")
        return self.model_copy(update={"rewards": tuple(float(r) for r in rewards)})

    @property
    def valid(self) -> tuple[bool, ...]:
        """Per sample: whether it may weigh in a baseline (no infrastructure fault)."""
        return tuple(not t.is_infra_error for t in self.samples)

    @property
    def policy_version(self) -> int | None:
        """The oldest weights version that sampled any of its samples (None: unversioned)."""
        versions = [t.policy_version for t in self.samples if t.policy_version is not None]
        return min(versions) if versions else None

    def __len__(self) -> int:
        return len(self.samples)


class SavableTokenizer(Protocol):
    """What a trainer needs of a model's tokenizer (a Hugging Face one, or the tiny model's):
    to write it beside the weights, so the model directory loads on its own."""

    def save_pretrained(self, save_directory: str | os.PathLike[str]) -> object: ...
