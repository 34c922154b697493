"""Tool-call formats: how an agent's text turns into tool calls or a final answer.

The default is the Hermes format that Qwen-family chat templates use:

    <tool_call>{"name": "calculator", "arguments": {"expression": "2+3"}}</tool_call>

and the final answer is given as `<answer>...</answer>`. Parsing is strict and every failure
has its own kind, so that a malformed action becomes an observation the agent can recover from
and is counted as a format violation, never an exception in the runner.
"""

from __future__ import annotations

import enum
import json
import re
from dataclasses import dataclass, field
from typing import Protocol

from veriloop.tools import ToolArgumentError, ToolRegistry
from veriloop.types import ToolCall


class FormatErrorKind(str, enum.Enum):
    NO_ACTION = "no_action"  # neither a tool call nor a final answer
    BAD_JSON = "bad_json"  # the call's body is not valid JSON (or the tag is not closed)
    BAD_CALL = "bad_call"  # valid JSON, but not {"name": str, "arguments": {...}}
    UNKNOWN_TOOL = "unknown_tool"
    BAD_ARGUMENTS = "bad_arguments"  # arguments do not match the tool's schema
    TOO_MANY_CALLS = "too_many_calls"  # several calls where fewer are allowed
    MIXED = "mixed"  # a tool call and a final answer in one message


@dataclass(frozen=True)
class FormatError:
    kind: FormatErrorKind
    message: str

    def __str__(self) -> str:
        return f"{self.kind.value}: {self.message}"


@dataclass(frozen=True)
class Action:
    """What an assistant message asks for: tool calls, a final answer, or an error."""

    calls: tuple[ToolCall, ...] = ()
    answer: str | None = None
    error: FormatError | None = None
    calls_raw: tuple[str, ...] = field(default=(), repr=False)


class ToolCallFormat(Protocol):
    name: str

    def parse(self, text: str, registry: ToolRegistry, max_calls: int = 1) -> Action: ...

    def render_call(self, call: ToolCall) -> str: ...

    def render_answer(self, answer: str) -> str: ...

    def instructions(self, tools: bool = True) -> str:
        """How to call a tool and give the final answer; with `tools` False (an episode
        offering none) only how to answer, so a tool-less task's prompt never mentions tools."""
        ...


class HermesFormat:
    """`<tool_call>{json}</tool_call>` calls and `<answer>...</answer>` final answers."""

    name = "hermes"
    _call = re.compile(r"<tool_call>(.*?)</tool_call>", re.DOTALL)
    _answer = re.compile(r"<answer>(.*?)</answer>", re.DOTALL)

    def render_call(self, call: ToolCall) -> str:
        body = json.dumps({"name": call.name, "arguments": call.arguments}, ensure_ascii=False)
        return f"<tool_call>{body}</tool_call>"

    def render_answer(self, answer: str) -> str:
        return f"<answer>{answer}</answer>"

    def instructions(self, tools: bool = True) -> str:
        answer = "Give the final answer with <answer>ANSWER</answer>."
        if not tools:
            return answer
        return f'Call a tool with <tool_call>{{"name": "TOOL", "arguments": {{...}}}}</tool_call>. {answer}'

    def parse(self, text: str, registry: ToolRegistry, max_calls: int = 1) -> Action:
        bodies = self._call.findall(text)
        unclosed = text.count("<tool_call>") > len(bodies)
        answers = self._answer.findall(text)
        if (bodies or unclosed) and answers:
            return Action(error=FormatError(
                FormatErrorKind.MIXED, "send either a tool call or a final answer, not both"))
        if unclosed:
            return Action(error=FormatError(FormatErrorKind.BAD_JSON,
                                            "a <tool_call> tag is not closed with </tool_call>"))
        if answers:
            return Action(answer=answers[-1].strip())
        if not bodies:
            return Action(error=FormatError(FormatErrorKind.NO_ACTION,
                                            "no tool call and no final answer found. "
                                            + self.instructions(tools=len(registry) > 0)))
        if len(bodies) > max_calls:
            return Action(error=FormatError(
                FormatErrorKind.TOO_MANY_CALLS,
                f"{len(bodies)} tool calls in one message; at most {max_calls} allowed"))
        calls = []
        for i, body in enumerate(bodies):
            call, err = self._parse_call(body, registry, i)
            if err:
                return Action(error=err, calls_raw=tuple(bodies))
            calls.append(call)
        return Action(calls=tuple(calls), calls_raw=tuple(bodies))

    @staticmethod
    def _parse_call(body: str, registry: ToolRegistry, index: int
                    ) -> tuple[ToolCall | None, FormatError | None]:
        try:
            obj = json.loads(body)
        except json.JSONDecodeError as e:
            return None, FormatError(FormatErrorKind.BAD_JSON,
                                     f"tool call is not valid JSON ({e.msg} at char {e.pos})")
        if not isinstance(obj, dict) or not isinstance(obj.get("name"), str):
            return None, FormatError(FormatErrorKind.BAD_CALL,
                                     'expected {"name": "...", "arguments": {...}}')
        args = obj.get("arguments", {})
        if isinstance(args, str):  # OpenAI-style JSON-encoded arguments
            try:
                args = json.loads(args)
            except json.JSONDecodeError:
                return None, FormatError(FormatErrorKind.BAD_JSON, "arguments string is not JSON")
        if not isinstance(args, dict):
            return None, FormatError(FormatErrorKind.BAD_CALL, "arguments must be a JSON object")
        name = obj["name"]
        if name not in registry:
            return None, FormatError(FormatErrorKind.UNKNOWN_TOOL,
                                     f"unknown tool '{name}'; available: "
                                     f"{', '.join(registry.names) or 'none'}")
        call = ToolCall(name=name, arguments=args, id=f"call_{index}")
        try:
            registry.validate(call)
        except ToolArgumentError as e:
            return None, FormatError(FormatErrorKind.BAD_ARGUMENTS, f"{name}: {e}")
        return call, None


FORMATS: dict[str, ToolCallFormat] = {"hermes": HermesFormat()}


def get_format(name: str) -> ToolCallFormat:
    if name not in FORMATS:
        raise KeyError(f"tool-call format '{name}' is not registered; known: {', '.join(FORMATS)}")
    return FORMATS[name]
