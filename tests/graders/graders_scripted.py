"""Scripted policies for grader tests: agents that act from a script, judges with canned replies."""

from __future__ import annotations

from collections.abc import Callable, Sequence

from veriloop.formats import HermesFormat
from veriloop.policies.base import Generation, GenerationRequest, SamplingParams
from veriloop.rendering import ByteRenderer
from veriloop.types import ToolCall


class ScriptedAgent:
    """Turn i of every episode: `script(task, i)` -> (tool name, arguments) or ("answer", text),
    optionally with prose before the call."""

    name = "scripted-agent"

    def __init__(self, script: Callable) -> None:
        self.script = script
        self.renderer = ByteRenderer()
        self.fmt = HermesFormat()

    def generate(self, requests: Sequence[GenerationRequest],
                 params: SamplingParams) -> list[Generation]:
        out = []
        for r in requests:
            turn = sum(m.role == "assistant" for m in r.messages)
            prose, name, args = self.script(r.task, turn)
            body = (self.fmt.render_answer(args) if name == "answer"
                    else self.fmt.render_call(ToolCall(name=name, arguments=args)))
            out.append(Generation(text=(prose + "\n" if prose else "") + body))
        return out

    def release(self, key: str) -> None:
        pass


class ScriptedJudge:
    """A judge policy: `reply(prompt_text)` -> text; counts the requests it served."""

    name = "scripted-judge"

    def __init__(self, reply: Callable[[str], str]) -> None:
        self.reply = reply
        self.renderer = ByteRenderer()
        self.requests = 0
        self.released: list[str] = []

    def generate(self, requests: Sequence[GenerationRequest],
                 params: SamplingParams) -> list[Generation]:
        self.requests += len(requests)
        out = []
        for r in requests:
            assert r.prompt_ids, "judge prompts must be rendered to token ids"
            out.append(Generation(text=self.reply(r.messages[-1].content)))
        return out

    def release(self, key: str) -> None:
        self.released.append(key)
