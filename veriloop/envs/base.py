"""The environment protocol and the generic tool-using episode most environments reuse.

An environment is a task source plus `reset(task) -> Episode`; an episode takes the agent's
messages one at a time (`step`) and answers with an `Observation`, until it is done. Environments
never raise into the runner for anything the agent did: bad calls become error observations.
Anything they raise anyway is treated by the runner as an infrastructure fault (the episode is
recorded as errored and excluded from training), as is a step that hangs past its timeout.

An episode's `state` is a typed, frozen snapshot (a frozen dataclass or pydantic model) that the
grader and the hacking detectors receive; each environment documents its own state type.

Optionally an environment offers `expert(noise, seed) -> Policy`: a scripted demonstrator
(noise 0 solves the task; noise > 0 makes a share of episodes go wrong, or raises ValueError if
the environment has no noisy variant). SFT, the CLI's `--policy expert|noisy-expert` and tests
all reach it through `expert_for`, which says how to fix things when there is none;
`ScriptedExpert` turns a plain function into such a policy.
"""

from __future__ import annotations

import random
from abc import ABC, abstractmethod
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any, Protocol, runtime_checkable

from veriloop.formats import HermesFormat, ToolCallFormat
from veriloop.graders.base import Grader
from veriloop.policy import DEFAULT_STOP, Generation, GenerationRequest, Policy, SamplingParams
from veriloop.rendering import ByteRenderer
from veriloop.tools import ToolRegistry
from veriloop.types import Message, Task, ToolCall, ToolResult, ToolSpec


@dataclass(frozen=True)
class Observation:
    """The environment's answer to one assistant message."""

    messages: tuple[Message, ...] = ()
    done: bool = False
    final_answer: str | None = None
    tool_calls: tuple[ToolCall, ...] = ()
    tool_results: tuple[ToolResult, ...] = ()
    format_error: str | None = None


@runtime_checkable
class Episode(Protocol):
    tools: tuple[ToolSpec, ...]
    instructions: str
    """How to call the tools and give the final answer; the runner appends it to the system
    prompt, so a model is told the syntax instead of learning it from its first error."""

    def step(self, message: Message) -> Observation: ...

    @property
    def state(self) -> Any:
        """A frozen, typed snapshot of what the grader needs beyond the trajectory."""
        ...

    def close(self) -> None: ...


@runtime_checkable
class Environment(Protocol):
    name: str
    max_turns: int
    """The step budget: policy actions an episode gets (the runner ends it after the last with a
    STEP_BUDGET fault). The one budget there is; `set_step_budget` changes it."""

    def tasks(self, n: int, *, seed: int = 0, split: str = "train",
              difficulty: int | None = None) -> list[Task]: ...

    def reset(self, task: Task) -> Episode: ...

    def grader(self) -> Grader: ...


def turn_stop(env: Environment) -> tuple[str, ...]:
    """The strings that end a policy message in `env`: its optional `stop` attribute, else
    `DEFAULT_STOP` (the end of a tool call or of an answer: one call a message, whose result the
    next turn reads). An environment whose messages hold several calls (BFCL's parallel
    categories) sets `stop` without `</tool_call>`, else sampling cuts every such message after
    its first call; the end-of-turn token still ends the message."""
    return tuple(getattr(env, "stop", DEFAULT_STOP))


def set_step_budget(env: Environment, max_turns: int | None) -> Environment:
    """`env` with the step budget `max_turns` (None keeps its default): what `env.max_turns` of
    a run config and `--max-turns` of `veriloop rollout`/`eval` set, before the environment
    builds its grader (some graders score turns against the budget)."""
    if max_turns is not None:
        env.max_turns = max_turns
    return env


def expert_for(env: Any, noise: float = 0.0, seed: int = 0) -> Policy:
    """The environment's scripted demonstrator `env.expert(noise, seed)`, or a ValueError that
    says what to do when the environment has none."""
    make = getattr(env, "expert", None)
    name = getattr(env, "name", type(env).__name__)
    if make is None:
        raise ValueError(f"environment '{name}' has no scripted expert: define "
                         "`expert(self, noise=0.0, seed=0)` returning a Policy, or use a model "
                         "(--model M) or stored demonstrations (sft.store)")
    return make(noise=noise, seed=seed)


class ScriptedExpert:
    """A demonstrator from a plain function `act(task, messages) -> str`: the text of its next
    message given the conversation so far (it may read `task.verification`, as demonstrators
    do). Its text is rendered byte-level; SFT renders it again with the model's tokenizer."""

    scripted = True  # no context window, no sampling: runners need not budget tokens

    def __init__(self, act: Callable[[Task, tuple[Message, ...]], str],
                 name: str = "expert") -> None:
        self.act, self.name, self.renderer = act, name, ByteRenderer()

    def generate(self, requests: Sequence[GenerationRequest],
                 params: SamplingParams) -> list[Generation]:
        out = []
        for r in requests:
            if r.task is None:
                raise ValueError("a scripted expert needs GenerationRequest.task")
            out.append(Generation(text=self.act(r.task, r.messages)))
        return out

    def release(self, key: str) -> None:
        pass


class PlannedExpert(ScriptedExpert, ABC):
    """A scripted demonstrator that plays a list of tool calls, one a turn (Hermes format):
    `calls(task, variant)` for the clean plan (variant None) or one of its `noises`. With
    `noise`, that share of episodes gets a variant, drawn per episode from the seed, the task
    id and the sample index, so several demonstrations of one task differ."""

    noises: tuple[str, ...] = ()

    def __init__(self, noise: float = 0.0, seed: int = 0) -> None:
        if not 0.0 <= noise <= 1.0:
            raise ValueError(f"noise must be in [0, 1], got {noise}")
        super().__init__(self._next, self.name)
        self.noise, self.seed, self._fmt = noise, seed, HermesFormat()

    @abstractmethod
    def calls(self, task: Task, variant: str | None) -> list[ToolCall]:
        """This episode's tool calls: the clean plan (variant None) or that noisy variant."""

    def variant(self, task: Task, sample_index: int = 0) -> str | None:
        """The noise variant of this episode, or None for the clean plan."""
        rng = random.Random(f"{self.name}:{self.seed}:{task.id}:{sample_index}")
        if self.noise and rng.random() < self.noise:
            return rng.choice(self.noises)
        return None

    def plan(self, task: Task, sample_index: int = 0) -> list[ToolCall]:
        """The calls of this episode, in order."""
        return self.calls(task, self.variant(task, sample_index))

    def _next(self, task: Task, messages: tuple[Message, ...], sample_index: int = 0) -> str:
        plan = self.plan(task, sample_index)
        turn = sum(m.role == "assistant" for m in messages)
        return self._fmt.render_call(plan[min(turn, len(plan) - 1)])

    def generate(self, requests: Sequence[GenerationRequest],
                 params: SamplingParams) -> list[Generation]:
        if any(r.task is None for r in requests):
            raise ValueError("a scripted expert needs GenerationRequest.task")
        return [Generation(text=self._next(r.task, r.messages, r.sample_index))
                for r in requests]


@dataclass(frozen=True)
class ToolState:
    """What a ToolEpisode knows after its last step (handed to graders)."""

    final_answer: str | None = None
    calls: tuple[ToolCall, ...] = ()
    results: tuple[ToolResult, ...] = ()
    format_errors: int = 0


class ToolEpisode:
    """A generic episode: parse each message with a tool-call format, run the tools, or finish
    on a final answer. Environments hand it their tool registry and, for tools that end the
    episode (e.g. `submit`), a `finish` callable: after each tool step it is asked for the
    final answer, and a non-None value ends the episode with it."""

    def __init__(self, task: Task, tools: ToolRegistry, fmt: ToolCallFormat | None = None,
                 max_calls_per_turn: int = 1,
                 finish: Callable[[], str | None] | None = None) -> None:
        self.task = task
        self.registry = tools
        self.fmt = fmt or HermesFormat()
        self.max_calls_per_turn = max_calls_per_turn
        self.finish = finish
        self.final_answer: str | None = None
        self.calls: list[ToolCall] = []
        self.results: list[ToolResult] = []
        self.format_errors = 0

    @property
    def tools(self) -> tuple[ToolSpec, ...]:
        return tuple(self.registry.specs)

    @property
    def instructions(self) -> str:
        # an episode without tools is told only how to answer (issue 46, point 6)
        return self.fmt.instructions(tools=len(self.registry) > 0)

    @property
    def state(self) -> ToolState:
        return ToolState(final_answer=self.final_answer, calls=tuple(self.calls),
                         results=tuple(self.results), format_errors=self.format_errors)

    def step(self, message: Message) -> Observation:
        action = self.fmt.parse(message.content, self.registry, self.max_calls_per_turn)
        if action.error is not None:
            self.format_errors += 1
            text = f"Error ({action.error.kind.value}): {action.error.message}"
            return Observation(messages=(Message(role="tool", content=text),),
                               format_error=str(action.error))
        if action.answer is not None:
            self.final_answer = action.answer
            return Observation(done=True, final_answer=action.answer)
        results = tuple(self.registry.call(c) for c in action.calls)
        self.calls.extend(action.calls)
        self.results.extend(results)
        msgs = tuple(Message(role="tool", content=r.content, tool_call_id=r.call_id, name=r.name)
                     for r in results)
        final = self.finish() if self.finish is not None else None
        if final is not None:
            self.final_answer = final
        return Observation(messages=msgs, tool_calls=action.calls, tool_results=results,
                           done=final is not None, final_answer=final)

    def close(self) -> None:
        pass
