"""The column mapping: which column of a user's table is the prompt, the answer, the system
prompt, the tools and the tests, and how one row becomes the parts of a `Task`.

Defaults (the first column present wins; `env.options.columns` maps a role to another column,
dotted for a field of a struct column):

    prompt   prompt | messages | question | problem   text, or a chat list [{role, content}]
    answer   answer | solution | ground_truth | reward_model.ground_truth
    system   system                                    text, put first as the system message
    tools    tools        OpenAI tool schemas [{type: function, function: {name, ...}}]
    tests    tests | test                              Python test code (text or a list)
    schema   schema                                    a JSON schema (json_schema reward)

This covers TRL's standard format (`prompt` text + `answer`/`solution`), TRL's conversational
format (`prompt` or `messages` as a chat list; a trailing assistant message of `messages` is the
reference answer, not part of the prompt) and verl's parquet schema (`prompt` a chat list,
`reward_model.ground_truth`, `data_source`, `extra_info`), which loads unchanged. Every other
column is kept and handed, by name, to a reward function that asks for it.

A row whose cells do not fit (a prompt that is neither text nor messages, an empty answer the
reward needs, malformed tool schemas) raises `BadRow` with the reason; the environment adds
the file and row number.
"""

from __future__ import annotations

import json
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from veriloop.errors import UserError
from veriloop.types import Message, ToolSpec

ROLES = ("prompt", "answer", "system", "tools", "tests", "schema")
DEFAULTS: dict[str, tuple[str, ...]] = {
    "prompt": ("prompt", "messages", "question", "problem"),
    "answer": ("answer", "solution", "ground_truth", "reward_model.ground_truth"),
    "system": ("system",),
    "tools": ("tools",),
    "tests": ("tests", "test"),
    "schema": ("schema",),
}
_CHAT_ROLES = {"system", "user", "assistant", "tool"}


class BadRow(ValueError):
    """A row whose cells do not fit the column mapping; the message says which and why."""


@dataclass(frozen=True)
class RowParts:
    """What a row gives a task: the prompt messages, the reference answer (None: the row has
    none), the tools offered, and the hidden data a reward reads."""

    prompt: tuple[Message, ...]
    answer: Any
    tools: tuple[ToolSpec, ...]
    tests: tuple[str, ...]
    schema: dict[str, Any] | None
    columns: dict[str, Any]


def _has(features: Mapping[str, Any], name: str) -> bool:
    head, _, field = name.partition(".")
    if head not in features:
        return False
    if not field:
        return True
    sub = features[head]
    return isinstance(sub, Mapping) and field in sub


def _cell(row: Mapping[str, Any], name: str) -> Any:
    head, _, field = name.partition(".")
    value = row.get(head)
    if field:
        return value.get(field) if isinstance(value, Mapping) else None
    return value


@dataclass(frozen=True)
class Columns:
    """The resolved mapping: role -> column name (None: the table has no such column)."""

    names: dict[str, str | None]

    @classmethod
    def resolve(cls, features: Mapping[str, Any], mapping: Mapping[str, str] | None = None,
                source: str = "the dataset") -> Columns:
        """The mapping for a table with these columns (`datasets.Features`, or any mapping
        whose keys are the column names). A column named in `mapping` must exist; a prompt
        column must be found. Errors name the column and the columns found."""
        mapping = dict(mapping or {})
        unknown = sorted(set(mapping) - set(ROLES))
        if unknown:
            raise UserError(f"env.options.columns has unknown roles {unknown}; the roles are "
                            f"{', '.join(ROLES)}")
        found = ", ".join(features) or "none"
        names: dict[str, str | None] = {}
        for role in ROLES:
            if role in mapping:
                if not _has(features, mapping[role]):
                    raise UserError(f"{source} has no column {mapping[role]!r} (env.options."
                                    f"columns.{role}); columns found: {found}")
                names[role] = mapping[role]
            else:
                names[role] = next((c for c in DEFAULTS[role] if _has(features, c)), None)
        if names["prompt"] is None:
            raise UserError(f"{source} has no prompt column (looked for "
                            f"{', '.join(DEFAULTS['prompt'])}); columns found: {found}; map "
                            "one with env.options.columns.prompt")
        return cls(names)

    def require(self, role: str, why: str, features: Mapping[str, Any], source: str) -> None:
        """A UserError naming the column when the table has none for `role` (which `why`
        needs)."""
        if self.names.get(role) is None:
            raise UserError(f"{source} has no {role} column (looked for "
                            f"{', '.join(DEFAULTS[role])}), which {why} needs; columns found: "
                            f"{', '.join(features)}; map one with env.options.columns.{role}")

    def parts(self, row: Mapping[str, Any], system_prompt: str | None = None) -> RowParts:
        """The task parts of one row; `BadRow` says what is wrong with it."""
        n = self.names
        assert n["prompt"] is not None  # resolve() guarantees a prompt column
        prompt, reference = _prompt(_cell(row, n["prompt"]), n["prompt"])
        system = _cell(row, n["system"]) if n["system"] else None
        if system is not None and not isinstance(system, str):
            raise BadRow(f"column {n['system']!r} must be text, got {type(system).__name__}")
        system = system or system_prompt
        if system and not (prompt and prompt[0].role == "system"):
            prompt = (Message(role="system", content=system), *prompt)
        answer = _cell(row, n["answer"]) if n["answer"] else None
        if answer is None:
            answer = reference
        tools = _tools(_cell(row, n["tools"]), n["tools"]) if n["tools"] else ()
        tests = _tests(_cell(row, n["tests"]), n["tests"]) if n["tests"] else ()
        schema = _json_cell(_cell(row, n["schema"]), n["schema"]) if n["schema"] else None
        if schema is not None and not isinstance(schema, dict):
            raise BadRow(f"column {n['schema']!r} must be a JSON schema object")
        return RowParts(prompt, answer, tools, tests, schema, dict(row))


def _prompt(value: Any, column: str) -> tuple[tuple[Message, ...], str | None]:
    """The prompt messages of a cell, and the reference answer when a chat list ends with an
    assistant message (TRL's conversational `messages`)."""
    if isinstance(value, str):
        if not value.strip():
            raise BadRow(f"column {column!r} is empty")
        return (Message(role="user", content=value),), None
    if not isinstance(value, Sequence) or not value:
        raise BadRow(f"column {column!r} must be text or a list of {{role, content}} "
                     f"messages, got {type(value).__name__ if value is not None else 'nothing'}")
    msgs = []
    for i, m in enumerate(value):
        if not isinstance(m, Mapping) or m.get("role") not in _CHAT_ROLES \
                or not isinstance(m.get("content"), str):
            raise BadRow(f"column {column!r} message {i} must be {{role: system|user|"
                         f"assistant|tool, content: text}}, got {str(m)[:80]}")
        msgs.append(Message(role=m["role"], content=m["content"]))
    reference = None
    if msgs[-1].role == "assistant" and len(msgs) > 1:
        reference = msgs.pop().content
    return tuple(msgs), reference


def _json_cell(value: Any, column: str) -> Any:
    """A cell that may hold JSON as text (CSV and some Parquet writers store lists so)."""
    if isinstance(value, str) and value.strip()[:1] in ("[", "{"):
        try:
            return json.loads(value)
        except json.JSONDecodeError as e:
            raise BadRow(f"column {column!r} is not valid JSON ({e.msg})") from None
    return value


def _tools(value: Any, column: str) -> tuple[ToolSpec, ...]:
    value = _json_cell(value, column)
    if value is None or value == "":
        return ()
    if not isinstance(value, Sequence) or isinstance(value, str):
        raise BadRow(f"column {column!r} must be a list of OpenAI tool schemas")
    out = []
    for t in value:
        fn = t.get("function", t) if isinstance(t, Mapping) else None
        if not isinstance(fn, Mapping) or not isinstance(fn.get("name"), str):
            raise BadRow(f"column {column!r}: each tool must be {{type: function, function: "
                         f"{{name, description, parameters}}}}, got {str(t)[:80]}")
        params = _json_cell(fn.get("parameters"), column) or {"type": "object",
                                                               "properties": {}}
        if not isinstance(params, dict):
            raise BadRow(f"column {column!r}: tool {fn['name']!r} parameters must be a JSON "
                         "schema object")
        out.append(ToolSpec(name=fn["name"], description=str(fn.get("description") or ""),
                            parameters=params))
    return tuple(out)


def _tests(value: Any, column: str) -> tuple[str, ...]:
    value = _json_cell(value, column) if isinstance(value, str) and value[:1] == "[" else value
    if value is None or value == "":
        return ()
    if isinstance(value, str):
        return (value,)
    if isinstance(value, Sequence) and all(isinstance(t, str) for t in value):
        return tuple(value)
    raise BadRow(f"column {column!r} must be Python test code (text or a list of texts)")
