"""BFCL episodes: one response for single-turn tasks, user turn after user turn for multi-turn.

Both parse the agent's messages with veriloop's tool-call format (Hermes: `<tool_call>{json}
</tool_call>`, several per message allowed; `<answer>...</answer>` for a reply without calls).
Arguments are not validated against the schema when parsed: a wrong type or an unknown
parameter is the agent's answer, which the grader judges (as BFCL does), not a format error.
Only unparseable text and unknown function names are format errors.

- `SingleTurnEpisode`: the first message is the response. Calls are recorded, not executed
  (BFCL's AST categories have no backends); an `<answer>` is a response without calls (the
  right one for irrelevance); a format error ends the episode with no response, as BFCL scores
  an undecodable response.
- `MultiTurnEpisode`: calls run at once against BFCL's backends (`backends.Backends`), their
  results come back as tool messages, and the agent may call again. An `<answer>` ends the
  user turn: the episode then shows the next user turn, or ends after the last. A turn that
  exceeds `max_steps_per_turn` messages (BFCL: 20) ends the episode as force-quit. In
  `multi_turn_miss_func`, the held-out functions are added when their turn comes, announced
  in that turn's user message as JSON with BFCL's wording (the prompt's tool list is rendered
  once, so they are not in it). As in BFCL, where the backends run any method they define,
  a held-out function can be called before it is announced.

`state` is a `BfclState`: per finished user turn, the calls, their full (untruncated) results
and, for multi-turn, a deep copy of the backends' public state after the turn.

Under tool variation (a task from `variation.vary_task`), both episodes offer the varied
functions (distractors included) and map every call back to the original names before
recording or running it: the state holds original-namespace calls, the trajectory's
`tool_calls` the agent's own.
"""

from __future__ import annotations

import json
from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any

from veriloop.envs.base import Observation
from veriloop.envs.bfcl.backends import Backends
from veriloop.envs.bfcl.variation import docs as varied_docs
from veriloop.envs.bfcl.variation import variation_of
from veriloop.formats import HermesFormat, ToolCallFormat
from veriloop.tools import Tool, ToolRegistry, truncate
from veriloop.types import Message, Task, ToolCall, ToolResult, ToolSpec

ADDED_FUNCTIONS = "I have updated some more functions you can choose from. What about now?"
MAX_CALLS_PER_MESSAGE = 64
_JSON_TYPES = {"dict": "object", "float": "number", "tuple": "array", "any": None}


def json_schema(schema: Any) -> Any:
    """BFCL's parameter schema in JSON Schema terms (dict -> object, float -> number, tuple ->
    array, any -> no type); everything else is kept."""
    if isinstance(schema, list):
        return [json_schema(s) for s in schema]
    if not isinstance(schema, dict):
        return schema
    out = {k: json_schema(v) for k, v in schema.items()}
    if isinstance(schema.get("type"), str) and schema["type"] in _JSON_TYPES:
        mapped = _JSON_TYPES[schema["type"]]
        if mapped is None:
            del out["type"]
        else:
            out["type"] = mapped
    if "properties" in schema:  # property names are not schemas: keep them, map their values
        out["properties"] = {k: json_schema(v) for k, v in schema["properties"].items()}
    return out


def tool_spec(doc: dict[str, Any]) -> ToolSpec:
    return ToolSpec(name=doc["name"], description=doc.get("description", ""),
                    parameters=json_schema(doc["parameters"]))


class BfclRegistry(ToolRegistry):
    """Function docs as tools whose calls are parsed but whose arguments are not validated:
    BFCL's grader, not the parser, judges them."""

    def validate(self, call: ToolCall) -> dict[str, Any]:
        self.get(call.name)  # unknown names are still a format error
        return dict(call.arguments)


def _not_run(**_: Any) -> str:
    return ""  # the episodes run calls themselves (or not at all), never through the registry


def _registry(docs: list[dict[str, Any]]) -> BfclRegistry:
    registry = BfclRegistry()
    for doc in docs:
        registry.add(Tool(fn=_not_run, spec=tool_spec(doc)))
    return registry


@dataclass(frozen=True)
class BfclTurn:
    """One user turn as the agent finished it."""

    calls: tuple[ToolCall, ...] = ()
    results: tuple[str, ...] = ()
    snapshot: Mapping[str, dict[str, Any]] | None = None
    """Multi-turn: each backend class's public attributes after the turn (a deep copy)."""


@dataclass(frozen=True)
class BfclState:
    """What the grader needs. `finished`: the episode reached its normal end (single-turn: a
    response was parsed; multi-turn: every user turn ended with an answer). `answered`: the
    last message was an `<answer>` (single-turn: a response without calls)."""

    category: str
    turns: tuple[BfclTurn, ...] = ()
    finished: bool = False
    answered: bool = False
    force_quit: bool = False
    format_errors: int = 0
    notes: tuple[str, ...] = field(default=())


class SingleTurnEpisode:
    def __init__(self, task: Task, fmt: ToolCallFormat | None = None) -> None:
        self.task, self.fmt = task, fmt or HermesFormat()
        self.variation = variation_of(task)
        self.registry = _registry(task.verification["functions"] if self.variation is None
                                  else varied_docs(self.variation))
        self._state = BfclState(category=task.metadata["category"])

    @property
    def tools(self) -> tuple[ToolSpec, ...]:
        return tuple(self.registry.specs)

    @property
    def instructions(self) -> str:
        return (self.fmt.instructions() + " Put every call the request needs in this one "
                "message; if no function fits, or required values are missing, reply with an "
                "answer instead of a call.")

    @property
    def state(self) -> BfclState:
        return self._state

    def step(self, message: Message) -> Observation:
        action = self.fmt.parse(message.content, self.registry, MAX_CALLS_PER_MESSAGE)
        if action.error is not None:
            self._state = BfclState(category=self._state.category, format_errors=1,
                                    notes=(str(action.error),))
            return Observation(done=True, format_error=str(action.error))
        calls = action.calls if self.variation is None else \
            tuple(self.variation.backward(c) for c in action.calls)
        self._state = BfclState(category=self._state.category, finished=True,
                                answered=action.answer is not None,
                                turns=(BfclTurn(calls=calls),))
        return Observation(done=True, final_answer=action.answer, tool_calls=action.calls)

    def close(self) -> None:
        pass


class MultiTurnEpisode:
    def __init__(self, task: Task, fmt: ToolCallFormat | None = None,
                 max_steps_per_turn: int = 20, max_output_chars: int = 8000) -> None:
        ver = task.verification
        self.task, self.fmt = task, fmt or HermesFormat()
        self.max_steps_per_turn, self.max_output_chars = max_steps_per_turn, max_output_chars
        self.questions: list[list[dict[str, str]]] = ver["question"]
        self.held_out: dict[str, list[dict[str, Any]]] = ver.get("missed_function") or {}
        held = {d["name"] for docs in self.held_out.values() for d in docs}
        self.variation = variation_of(task)
        docs = ver["functions"]
        if self.variation is not None:
            docs, renamed = varied_docs(self.variation), self.variation.names
            by_name = {d["name"]: d for d in docs}
            held = {renamed[n] for n in held}
            self.held_out = {t: [by_name[renamed[d["name"]]] for d in ds]
                             for t, ds in self.held_out.items()}
        self.backends = Backends(ver["involved_classes"], ver["initial_config"],
                                 long_context=ver.get("long_context", False))
        # every method of the involved classes can be called, as in BFCL, where the backends
        # run any name they define (the ground truth of multi_turn_miss_func_49 calls a
        # held-out function before it is announced); the prompt offers the announced ones
        self.registry = _registry(docs)
        self.offered = tuple(tool_spec(d) for d in docs if d["name"] not in held)
        self.turn, self.steps = 0, 0
        self.calls: list[ToolCall] = []
        self.results: list[str] = []
        self.turns: list[BfclTurn] = []
        self.format_errors, self.force_quit, self.finished = 0, False, False
        self.final_answer: str | None = None

    @property
    def tools(self) -> tuple[ToolSpec, ...]:
        return self.offered

    @property
    def instructions(self) -> str:
        return (self.fmt.instructions() + " Several calls may go in one message; they run in "
                "order. When you have done all you can for the user's request, reply with an "
                "answer; the user may then ask for more.")

    @property
    def state(self) -> BfclState:
        return BfclState(category=self.task.metadata["category"], turns=tuple(self.turns),
                         finished=self.finished, answered=self.final_answer is not None,
                         force_quit=self.force_quit, format_errors=self.format_errors)

    def _next_user_turn(self) -> tuple[Message, ...]:
        added = self.held_out.get(str(self.turn))
        if added:
            text = json.dumps([tool_spec(d).to_openai() for d in added]) + "\n" + ADDED_FUNCTIONS
            return (Message(role="user", content=text),)
        return tuple(Message(role=m["role"], content=m["content"])
                     for m in self.questions[self.turn])

    def _over_budget(self) -> bool:
        self.steps += 1
        if self.steps > self.max_steps_per_turn:
            self.force_quit = True
        return self.force_quit

    def step(self, message: Message) -> Observation:
        action = self.fmt.parse(message.content, self.registry, MAX_CALLS_PER_MESSAGE)
        if action.error is not None:
            self.format_errors += 1
            text = f"Error ({action.error.kind.value}): {action.error.message}"
            return Observation(messages=(Message(role="tool", content=text),),
                               format_error=str(action.error), done=self._over_budget())
        if action.answer is not None:
            self.turns.append(BfclTurn(calls=tuple(self.calls), results=tuple(self.results),
                                       snapshot=self.backends.snapshot()))
            self.calls, self.results, self.steps = [], [], 0
            self.turn += 1
            if self.turn >= len(self.questions):
                self.finished, self.final_answer = True, action.answer
                return Observation(done=True, final_answer=action.answer)
            return Observation(messages=self._next_user_turn())
        results, shown = [], []
        calls = action.calls if self.variation is None else \
            tuple(self.variation.backward(c) for c in action.calls)
        for call, run in zip(action.calls, calls, strict=True):
            text = self.backends.call(run.name, run.arguments)
            cut, was_cut = truncate(text, self.max_output_chars)
            results.append(text)
            shown.append(ToolResult(call_id=call.id, name=call.name, content=cut,
                                    is_error=text.startswith("Error during execution"),
                                    truncated=was_cut))
        self.calls.extend(calls)
        self.results.extend(results)
        msgs = tuple(Message(role="tool", content=r.content, tool_call_id=r.call_id, name=r.name)
                     for r in shown)
        return Observation(messages=msgs, tool_calls=action.calls, tool_results=tuple(shown),
                           done=self._over_budget())

    def close(self) -> None:
        pass
