from typing import Literal

import pytest

from veriloop.tools import (
    Tool,
    ToolArgumentError,
    ToolError,
    ToolRegistry,
    tool,
    truncate,
    validate_arguments,
    validate_json_schema,
)
from veriloop.types import FaultKind, InfrastructureError, ToolCall, ToolSpec


@tool
def search(query: str, limit: int = 5, mode: Literal["fast", "exact"] = "fast",
           tags: list[str] | None = None, weight: float = 1.0) -> str:
    """Search the notes.

    Args:
        query: what to look for
        limit: how many results
            at most (a continued line)
        mode: matching mode
        tags: only notes with these tags
        weight: ranking weight
    """
    return f"{query}|{limit}|{mode}|{tags}|{weight}"


def test_schema_from_hints_and_docstring():
    spec = search.spec
    assert spec.name == "search"
    assert spec.description == "Search the notes."
    props = spec.parameters["properties"]
    assert props["query"] == {"type": "string", "description": "what to look for"}
    assert props["limit"] == {"type": "integer", "description": "how many results at most "
                              "(a continued line)", "default": 5}
    assert props["mode"]["enum"] == ["fast", "exact"]
    assert props["tags"]["type"] == "array" and props["tags"]["items"] == {"type": "string"}
    assert props["tags"]["nullable"] is True
    assert spec.parameters["required"] == ["query"]
    assert spec.to_openai()["function"]["name"] == "search"


def test_tool_without_docstring_or_hint_is_rejected():
    with pytest.raises(TypeError, match="docstring"):
        @tool
        def nodoc(x: int) -> int:
            return x
    with pytest.raises(TypeError, match="type hint"):
        @tool
        def nohint(x) -> int:
            """Doc."""
            return x


@pytest.mark.parametrize("args, message", [
    ({}, "missing required argument"),
    ({"query": 3}, "query must be of type string"),
    ({"query": "a", "limit": "5"}, "limit must be of type integer"),
    ({"query": "a", "limit": True}, "limit must be of type integer"),
    ({"query": "a", "mode": "slow"}, "mode must be one of"),
    ({"query": "a", "tags": ["x", 1]}, r"tags\[1\] must be of type string"),
    ({"query": "a", "colour": "red"}, "unknown argument"),
])
def test_validation_errors(args, message):
    reg = ToolRegistry([search])
    result = reg.call(ToolCall(name="search", arguments=args))
    assert result.is_error and result.content.startswith("Error:")
    assert __import__("re").search(message, result.content), result.content


def test_valid_call_coerces_int_to_float_and_allows_null():
    out = validate_arguments(search.spec.parameters, {"query": "q", "weight": 2, "tags": None})
    assert out == {"query": "q", "weight": 2.0, "tags": None}
    assert isinstance(out["weight"], float)
    reg = ToolRegistry([search])
    assert reg.call(ToolCall(name="search", arguments={"query": "q"})).content == "q|5|fast|None|1.0"


def test_unknown_tool_and_raising_tool_become_error_results():
    @tool
    def boom(x: int) -> str:
        """Always fails."""
        raise ValueError("bad x")

    reg = ToolRegistry([search, boom])
    r = reg.call(ToolCall(name="nope", arguments={}))
    assert r.is_error and "unknown tool 'nope'" in r.content and "boom, search" in r.content
    r = reg.call(ToolCall(name="boom", arguments={"x": 1}))
    assert r.is_error and r.content == "Error: ValueError: bad x"


def test_infrastructure_errors_propagate():
    @tool
    def flaky(x: int) -> str:
        """Sandbox died."""
        raise InfrastructureError("sandbox gone", kind=FaultKind.SANDBOX)

    with pytest.raises(InfrastructureError):
        ToolRegistry([flaky]).call(ToolCall(name="flaky", arguments={"x": 1}))


def test_truncation_keeps_head_and_tail_with_visible_marker():
    text = "".join(f"{i:04d}" for i in range(1000))  # 4000 chars
    out, cut = truncate(text, 200)
    assert cut and len(out) <= 200
    assert "[truncated 3800 characters]" in out
    assert out.startswith(text[:50]) and out.endswith(text[-20:])
    assert truncate("short", 200) == ("short", False)

    @tool(max_output_chars=100)
    def big() -> str:
        """Big output."""
        return "x" * 10_000

    r = ToolRegistry([big]).call(ToolCall(name="big"))
    assert r.truncated and len(r.content) <= 100 and "truncated" in r.content


def test_duplicate_registration_rejected():
    with pytest.raises(ValueError, match="registered twice"):
        ToolRegistry([search, search])


def test_replace_registration_and_tool_error_text():
    @tool(name="search")
    def other(query: str) -> str:
        """Another search."""
        raise ToolError("index offline, retry later")

    reg = ToolRegistry([search])
    reg.add(other, replace=True)
    assert reg.names == ["search"] and reg.get("search").spec.description == "Another search."
    r = reg.call(ToolCall(name="search", arguments={"query": "x"}))
    assert r.is_error and r.content == "Error: index offline, retry later"  # no type name


# a schema as MCP servers (pydantic) write it: nullable via anyOf, titles, a nested object
EXTERNAL = {"type": "object", "title": "findArguments", "required": ["query"],
            "properties": {"query": {"type": "string", "title": "Query"},
                           "limit": {"anyOf": [{"type": "integer"}, {"type": "null"}],
                                     "default": None},
                           "filter": {"type": "object", "required": ["tag"],
                                      "properties": {"tag": {"type": "string"}}}}}


@pytest.mark.parametrize("args, message", [
    ({}, "'query' is a required property"),
    ({"query": 3}, "query: 3 is not of type 'string'"),
    ({"query": "a", "limit": "5"}, "limit: '5' is not valid under any of the given schemas"),
    ({"query": "a", "filter": {}}, "filter: 'tag' is a required property"),
    ([1], "arguments must be a JSON object, got list"),
])
def test_json_schema_validation_errors(args, message):
    with pytest.raises(ToolArgumentError) as e:
        validate_json_schema(EXTERNAL, args)
    assert str(e.value) == message


def test_a_tool_with_an_external_schema_is_checked_by_its_validator():
    find = Tool(fn=lambda **kw: str(sorted(kw)), validator=validate_json_schema,
                spec=ToolSpec(name="find", description="Find.", parameters=EXTERNAL))
    reg = ToolRegistry([find])
    ok = {"query": "a", "limit": None, "filter": {"tag": "t"}}
    assert validate_json_schema(EXTERNAL, ok) is ok and reg.validate(ToolCall(name="find",
                                                                             arguments=ok)) == ok
    r = reg.call(ToolCall(name="find", arguments=ok))
    assert not r.is_error and r.content == "['filter', 'limit', 'query']"
    r = reg.call(ToolCall(name="find", arguments={"query": 1}))
    assert r.is_error and r.content == "Error: query: 1 is not of type 'string'"
