"""Tools: plain typed Python functions turned into schema-described, validated, truncating tools.

`@tool` reads the function's type hints and its docstring (a summary line, then a Google-style
`Args:` section) and builds the JSON schema that chat templates and OpenAI-compatible servers
take. A `ToolRegistry` belongs to one environment (or one episode, when tools close over episode
state); it validates arguments against the schema before calling and never raises into the
runner: every failure becomes a `ToolResult(is_error=True)` the agent can read and recover from.
"""

from __future__ import annotations

import inspect
import re
import time
import types
import typing
from collections.abc import Callable, Iterable
from dataclasses import dataclass
from typing import Any, Literal, get_args, get_origin

from veriloop.types import InfrastructureError, ToolCall, ToolResult, ToolSpec

TRUNCATION_MARKER = "\n...[truncated {n} characters]...\n"


class ToolArgumentError(ValueError):
    """Arguments that do not match the tool's schema (the agent's fault)."""


class ToolError(Exception):
    """A tool failing on valid arguments with a message meant for the agent: the result reads
    `Error: <message>` (other exceptions also show their type)."""


def _json_type(hint: Any) -> dict[str, Any]:
    origin = get_origin(hint)
    if hint is str:
        return {"type": "string"}
    if hint is bool:
        return {"type": "boolean"}
    if hint is int:
        return {"type": "integer"}
    if hint is float:
        return {"type": "number"}
    if hint is Any:
        return {}
    if origin is Literal:
        values = list(get_args(hint))
        return {"enum": values}
    if origin in (list, tuple, Iterable) or hint in (list, tuple):
        args = get_args(hint)
        item = _json_type(args[0]) if args else {}
        return {"type": "array", "items": item}
    if origin is dict or hint is dict:
        return {"type": "object"}
    if origin in (typing.Union, types.UnionType):
        members = [a for a in get_args(hint) if a is not type(None)]
        if len(members) == 1:
            return {**_json_type(members[0]), "nullable": True}
        return {"anyOf": [_json_type(m) for m in members]}
    raise TypeError(f"tool argument type {hint!r} is not supported; use str, int, float, bool, "
                    "list[...], dict, Literal[...] or X | None")


def _parse_docstring(doc: str) -> tuple[str, dict[str, str]]:
    """Summary (text before `Args:`) and per-argument descriptions."""
    doc = inspect.cleandoc(doc or "")
    parts = re.split(r"^\s*(?:Args|Arguments|Parameters):\s*$", doc, maxsplit=1, flags=re.MULTILINE)
    summary = " ".join(parts[0].split())
    descriptions: dict[str, str] = {}
    if len(parts) == 2:
        current = None
        for line in parts[1].splitlines():
            if re.match(r"^\s*(Returns|Raises|Examples?):\s*$", line):
                break
            m = re.match(r"^\s*(\w+)\s*(?:\([^)]*\))?\s*:\s*(.*)$", line)
            if m:
                current = m.group(1)
                descriptions[current] = m.group(2).strip()
            elif current and line.strip():
                descriptions[current] += " " + line.strip()
    return summary, descriptions


def schema_for(fn: Callable[..., Any]) -> tuple[str, dict[str, Any]]:
    """Description and JSON schema of `fn`'s parameters."""
    hints = typing.get_type_hints(fn)
    summary, arg_docs = _parse_docstring(fn.__doc__ or "")
    properties: dict[str, Any] = {}
    required: list[str] = []
    for name, param in inspect.signature(fn).parameters.items():
        if param.kind in (param.VAR_POSITIONAL, param.VAR_KEYWORD):
            raise TypeError(f"tool {fn.__name__}: *args/**kwargs are not allowed")
        if name not in hints:
            raise TypeError(f"tool {fn.__name__}: argument '{name}' needs a type hint")
        prop = _json_type(hints[name])
        if name in arg_docs:
            prop["description"] = arg_docs[name]
        if param.default is inspect.Parameter.empty:
            required.append(name)
        else:
            prop["default"] = param.default
        properties[name] = prop
    schema = {"type": "object", "properties": properties, "required": required,
              "additionalProperties": False}
    return summary, schema


def _check(value: Any, prop: dict[str, Any], path: str) -> Any:
    """Validate (and minimally coerce: int -> float) one value; returns the value to pass."""
    if value is None and prop.get("nullable"):
        return None
    if "enum" in prop:
        if value not in prop["enum"]:
            raise ToolArgumentError(f"{path} must be one of {prop['enum']}, got {value!r}")
        return value
    if "anyOf" in prop:
        for option in prop["anyOf"]:
            try:
                return _check(value, option, path)
            except ToolArgumentError:
                continue
        raise ToolArgumentError(f"{path} matches none of the allowed types, got {value!r}")
    kind = prop.get("type")
    ok = {
        "string": lambda v: isinstance(v, str),
        "boolean": lambda v: isinstance(v, bool),
        "integer": lambda v: isinstance(v, int) and not isinstance(v, bool),
        "number": lambda v: isinstance(v, (int, float)) and not isinstance(v, bool),
        "array": lambda v: isinstance(v, list),
        "object": lambda v: isinstance(v, dict),
        None: lambda v: True,
    }[kind]
    if not ok(value):
        raise ToolArgumentError(f"{path} must be of type {kind}, got {type(value).__name__} "
                                f"{value!r:.60}")
    if kind == "number":
        return float(value)
    if kind == "array" and "items" in prop:
        return [_check(v, prop["items"], f"{path}[{i}]") for i, v in enumerate(value)]
    return value


def validate_arguments(schema: dict[str, Any], arguments: Any) -> dict[str, Any]:
    """Check `arguments` against a tool schema built by `schema_for`; raise ToolArgumentError."""
    if not isinstance(arguments, dict):
        raise ToolArgumentError(f"arguments must be a JSON object, got {type(arguments).__name__}")
    props = schema.get("properties", {})
    unknown = sorted(set(arguments) - set(props))
    if unknown and schema.get("additionalProperties", True) is False:
        raise ToolArgumentError(f"unknown argument(s) {unknown}; expected {sorted(props)}")
    missing = [k for k in schema.get("required", []) if k not in arguments]
    if missing:
        raise ToolArgumentError(f"missing required argument(s) {missing}")
    return {k: _check(v, props[k], k) for k, v in arguments.items()}


def validate_json_schema(schema: dict[str, Any], arguments: Any) -> dict[str, Any]:
    """Check `arguments` against any JSON Schema with `jsonschema` (for tools whose schema is not
    built by `schema_for`, e.g. those of MCP servers); raise ToolArgumentError with the most
    relevant violation. Values are passed on unchanged."""
    import jsonschema  # lazy: ~0.4 s to import, and every tool module imports this one

    if not isinstance(arguments, dict):
        raise ToolArgumentError(f"arguments must be a JSON object, got {type(arguments).__name__}")
    cls = jsonschema.validators.validator_for(schema, default=jsonschema.Draft202012Validator)
    error = jsonschema.exceptions.best_match(cls(schema).iter_errors(arguments))
    if error is not None:
        where = "/".join(str(p) for p in error.absolute_path)
        raise ToolArgumentError(f"{where}: {error.message}" if where else error.message)
    return arguments


def truncate(text: str, limit: int) -> tuple[str, bool]:
    """Keep the head and tail of `text` within `limit` characters, with a visible marker."""
    if limit <= 0 or len(text) <= limit:
        return text, False
    cut = len(text) - limit
    marker = TRUNCATION_MARKER.format(n=cut)
    keep = max(limit - len(marker), 0)
    head = keep * 2 // 3
    return text[:head] + marker + text[len(text) - (keep - head):], True


@dataclass(frozen=True)
class Tool:
    """A callable tool: the function, its spec, its output limit and, for schemas not built by
    `@tool`, the function that checks arguments against them (`validate_json_schema`)."""

    fn: Callable[..., Any]
    spec: ToolSpec
    max_output_chars: int | None = None
    validator: Callable[[dict[str, Any], Any], dict[str, Any]] | None = None

    @property
    def name(self) -> str:
        return self.spec.name

    def check(self, arguments: Any) -> dict[str, Any]:
        """The arguments to call with; raises ToolArgumentError."""
        return (self.validator or validate_arguments)(self.spec.parameters, arguments)

    def __call__(self, *args: Any, **kwargs: Any) -> Any:
        return self.fn(*args, **kwargs)


def tool(fn: Callable[..., Any] | None = None, *, name: str | None = None,
         max_output_chars: int | None = None) -> Any:
    """Decorator: `@tool` or `@tool(name=..., max_output_chars=...)` turns a typed function into
    a `Tool` whose schema comes from its hints and docstring."""

    def wrap(f: Callable[..., Any]) -> Tool:
        description, params = schema_for(f)
        if not description:
            raise TypeError(f"tool {f.__name__} needs a docstring: the model reads it")
        spec = ToolSpec(name=name or f.__name__, description=description, parameters=params)
        return Tool(fn=f, spec=spec, max_output_chars=max_output_chars)

    return wrap(fn) if fn is not None else wrap


class ToolRegistry:
    """The tools of one environment (or episode). Calls never raise; errors become results."""

    def __init__(self, tools: Iterable[Tool | Callable[..., Any]] = (),
                 max_output_chars: int = 4000) -> None:
        self.max_output_chars = max_output_chars
        self._tools: dict[str, Tool] = {}
        for t in tools:
            self.add(t)

    def add(self, t: Tool | Callable[..., Any], replace: bool = False) -> None:
        """Register a tool; `replace=True` lets it take the place of one with the same name."""
        t = t if isinstance(t, Tool) else tool(t)
        if t.name in self._tools and not replace:
            raise ValueError(f"tool '{t.name}' is registered twice")
        self._tools[t.name] = t

    def __contains__(self, name: str) -> bool:
        return name in self._tools

    def __len__(self) -> int:
        return len(self._tools)

    @property
    def names(self) -> list[str]:
        return sorted(self._tools)

    @property
    def specs(self) -> list[ToolSpec]:
        return [t.spec for t in self._tools.values()]

    def get(self, name: str) -> Tool:
        if name not in self._tools:
            raise KeyError(f"unknown tool '{name}'; available: {', '.join(self.names) or 'none'}")
        return self._tools[name]

    def validate(self, call: ToolCall) -> dict[str, Any]:
        """Arguments converted for the call; raises KeyError / ToolArgumentError."""
        return self.get(call.name).check(call.arguments)

    def call(self, call: ToolCall) -> ToolResult:
        start = time.perf_counter()
        try:
            t = self.get(call.name)
            args = t.check(call.arguments)
        except (KeyError, ToolArgumentError) as e:
            return ToolResult(call_id=call.id, name=call.name, content=f"Error: {e.args[0]}",
                              is_error=True, seconds=time.perf_counter() - start)
        try:
            out = t.fn(**args)
            content, is_error = ("" if out is None else str(out)), False
        except InfrastructureError:
            raise  # not the agent's fault: the episode is marked errored, not scored
        except ToolError as e:
            content, is_error = f"Error: {e}", True
        except Exception as e:  # noqa: BLE001 (a tool failing on valid arguments: the agent's)
            content, is_error = f"Error: {type(e).__name__}: {e}", True
        limit = t.max_output_chars or self.max_output_chars
        content, cut = truncate(content, limit)
        return ToolResult(call_id=call.id, name=call.name, content=content, is_error=is_error,
                          truncated=cut, seconds=time.perf_counter() - start)
