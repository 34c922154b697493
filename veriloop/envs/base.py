"""The environment protocol and the generic tool-using episode most environments reuse.

An environment is a task source plus `reset(task) -> Episode`; an episode takes the agent's
messages one at a time (`step`) and answers with an `Observation`, until it is done. Environments
never raise into the runner for anything the agent did: bad calls become error observations.
Anything they raise anyway is treated by the runner as an infrastructure fault (the episode is
recorded as errored and excluded from training), as is a step that hangs past its timeout.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any, Protocol, runtime_checkable

from veriloop.formats import HermesFormat, ToolCallFormat
from veriloop.graders.base import Grader
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
    info: dict[str, Any] = field(default_factory=dict)


@runtime_checkable
class Episode(Protocol):
    tools: tuple[ToolSpec, ...]

    def step(self, message: Message) -> Observation: ...

    @property
    def state(self) -> Any:
        """Whatever the grader needs beyond the trajectory (files, mailbox, final answer)."""
        ...

    def close(self) -> None: ...


@runtime_checkable
class Environment(Protocol):
    name: str
    max_turns: int

    def tasks(self, n: int, *, seed: int = 0, split: str = "train",
              difficulty: int | None = None) -> list[Task]: ...

    def reset(self, task: Task) -> Episode: ...

    def grader(self) -> Grader: ...


@dataclass
class ToolEpisodeState:
    """What a ToolEpisode knows after its last step (handed to graders)."""

    final_answer: str | None = None
    calls: list[ToolCall] = field(default_factory=list)
    results: list[ToolResult] = field(default_factory=list)
    format_errors: int = 0
    extra: dict[str, Any] = field(default_factory=dict)


class ToolEpisode:
    """A generic episode: parse each message with a tool-call format, run the tools, or finish
    on a final answer. Environments hand it their tool registry and optional hooks."""

    def __init__(self, task: Task, tools: ToolRegistry, fmt: ToolCallFormat | None = None,
                 max_calls_per_turn: int = 1) -> None:
        self.task = task
        self.registry = tools
        self.fmt = fmt or HermesFormat()
        self.max_calls_per_turn = max_calls_per_turn
        self._state = ToolEpisodeState()

    @property
    def tools(self) -> tuple[ToolSpec, ...]:
        return tuple(self.registry.specs)

    @property
    def state(self) -> ToolEpisodeState:
        return self._state

    def step(self, message: Message) -> Observation:
        action = self.fmt.parse(message.content, self.registry, self.max_calls_per_turn)
        if action.error is not None:
            self._state.format_errors += 1
            text = f"Error ({action.error.kind.value}): {action.error.message}"
            return Observation(messages=(Message(role="tool", content=text),),
                               format_error=str(action.error))
        if action.answer is not None:
            self._state.final_answer = action.answer
            return Observation(done=True, final_answer=action.answer)
        results = tuple(self.registry.call(c) for c in action.calls)
        self._state.calls.extend(action.calls)
        self._state.results.extend(results)
        msgs = tuple(Message(role="tool", content=r.content, tool_call_id=r.call_id, name=r.name)
                     for r in results)
        return Observation(messages=msgs, tool_calls=action.calls, tool_results=results)

    def close(self) -> None:
        pass
