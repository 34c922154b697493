"""The single-turn episode of a task without tools: the policy answers once and the episode
ends. The final answer is the text of its last `<answer>...</answer>`, else the whole message
(TRL-style data graded on the completion), so no message is a format error. The prompt is told
only how to answer: nothing about tools."""

from __future__ import annotations

from dataclasses import dataclass

from veriloop.envs.base import Observation
from veriloop.formats import HermesFormat
from veriloop.tools import ToolRegistry
from veriloop.types import Message, Task, ToolSpec

_NO_TOOLS = ToolRegistry()


@dataclass(frozen=True)
class AnswerState:
    """What the grader gets after the one step: the final answer (None before it)."""

    final_answer: str | None = None


class SingleTurnEpisode:
    """One answer, then done (see the module docstring)."""

    tools: tuple[ToolSpec, ...] = ()

    def __init__(self, task: Task) -> None:
        self.task = task
        self.fmt = HermesFormat()
        self.final_answer: str | None = None

    @property
    def instructions(self) -> str:
        return self.fmt.instructions(tools=False)

    @property
    def state(self) -> AnswerState:
        return AnswerState(self.final_answer)

    def step(self, message: Message) -> Observation:
        action = self.fmt.parse(message.content, _NO_TOOLS)
        self.final_answer = (action.answer if action.answer is not None
                             else message.content.strip())
        return Observation(done=True, final_answer=self.final_answer)

    def close(self) -> None:
        pass
