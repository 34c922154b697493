"""Chat datasets in and out: conversations in the OpenAI / TRL `messages` shape.

Out (`openai_messages`, `openai_tools`): a trajectory's conversation as OpenAI-shaped messages.
A rollout keeps an assistant turn's text as the model wrote it (Hermes `<tool_call>{json}
</tool_call>` spans included) next to the parsed `tool_calls`; here each call appears once, in
`tool_calls`, and its raw span is cut from `content`, so a chat template that renders
`tool_calls` (every tool-aware one does) does not show the call twice. Tool-call ids are made
unique within the conversation (`call_<turn>_<k>`; a parser numbers calls per turn) and the
tool results point at them.

In (`read_chat_file`): a JSONL or Parquet file of TRL conversational rows (`messages`, or
`prompt` + `completion` lists; optional `tools`, a list of OpenAI tool schemas or that list as
JSON text, as TRL accepts it) becomes unrendered trajectories for SFT (`sft.data`). Each
assistant message is one turn whose action text is its content followed by its tool calls in
veriloop's tool-call format (Hermes, as a rollout's expert writes them); the messages between
two assistant messages (tool results, a user's reply) are that turn's observation. The SFT
trainer renders them with the model's renderer exactly as it renders a demonstration
(`veriloop.rendering.rerender`), so the loss covers the assistant tokens only. A malformed row
is a `ConfigError` naming the file and the row (line for JSONL, 1-based row for Parquet).
"""

from __future__ import annotations

import json
import re
from collections.abc import Iterator
from pathlib import Path
from typing import Any

from pydantic import ValidationError

from veriloop.errors import ConfigError, MissingFileError
from veriloop.formats import get_format
from veriloop.types import Message, ToolCall, ToolSpec, Trajectory, Turn

SOURCE = "sft.data"  # the config field that names a chat file
_CALL_SPAN = re.compile(r"\s*<tool_call>.*?</tool_call>", re.DOTALL)
# `rerender` renders a turn's observation only when the runner did (non-empty ids); a turn read
# from a file has no ids yet, so a one-id stand-in marks "an observation follows"
_PENDING = (0,)

# -- out ----------------------------------------------------------------------------------------


def call_id(turn: int, k: int) -> str:
    return f"call_{turn}_{k}"


def openai_messages(traj: Trajectory, json_arguments: bool = False) -> list[dict[str, Any]]:
    """`traj`'s conversation as OpenAI-shaped message dicts, each tool call once (see the
    module docstring). `json_arguments`: arguments as JSON text (OpenAI's API and fine-tuning
    files) instead of an object (what Hugging Face chat templates and TRL take)."""
    out = [_plain(m) for m in traj.prompt]
    for i, t in enumerate(traj.turns):
        content = t.action_text
        msg: dict[str, Any] = {"role": "assistant", "content": content}
        if t.tool_calls:
            msg["content"] = _CALL_SPAN.sub("", content).strip()
            msg["tool_calls"] = [
                {"id": call_id(i, k), "type": "function",
                 "function": {"name": c.name, "arguments": json.dumps(c.arguments)
                              if json_arguments else dict(c.arguments)}}
                for k, c in enumerate(t.tool_calls)]
        out.append(msg)
        ids = {c.id: call_id(i, k) for k, c in enumerate(t.tool_calls)}
        for m in t.observation:
            d = _plain(m)
            if m.role == "tool":
                d["tool_call_id"] = ids.get(m.tool_call_id or "", m.tool_call_id)
            out.append(d)
    return out


def _plain(m: Message) -> dict[str, Any]:
    d: dict[str, Any] = {"role": m.role, "content": m.content}
    if m.name is not None:
        d["name"] = m.name
    if m.tool_call_id is not None:
        d["tool_call_id"] = m.tool_call_id
    return d


def openai_tools(traj: Trajectory) -> list[dict[str, Any]]:
    """The tools offered in `traj` as OpenAI tool schemas ({"type": "function", ...})."""
    return [s.to_openai() for s in traj.tools]


# -- in -----------------------------------------------------------------------------------------


class BadRow(ValueError):
    """What is wrong with one row (the reader adds the file and row)."""


def read_chat_file(path: str | Path) -> list[Trajectory]:
    """The conversations of a TRL-format chat file (JSONL or Parquet) as unrendered
    trajectories, one per row; a ConfigError naming the file and row for a malformed one."""
    p = Path(path)
    if not p.is_file():
        raise MissingFileError(f"{SOURCE}: {p} does not exist; give a JSONL or Parquet file "
                               "of chat rows ({\"messages\": [...]} a line)")
    rows = _parquet_rows(p) if p.suffix == ".parquet" else _jsonl_rows(p)
    out = []
    for where, row in rows:
        try:
            out.append(conversation(row, f"{p.name}:{where}"))
        except BadRow as e:
            raise ConfigError(f"{SOURCE}: {p} {where}: {e}") from e
    if not out:
        raise ConfigError(f"{SOURCE}: {p} holds no rows; give a file of chat rows")
    return out


def _jsonl_rows(p: Path) -> Iterator[tuple[str, Any]]:
    try:
        lines = p.read_text(encoding="utf-8").splitlines()
    except UnicodeDecodeError as e:
        raise ConfigError(f"{SOURCE}: {p} is not UTF-8 text ({e.reason} at byte {e.start}); "
                          "save it as UTF-8 JSONL or Parquet") from e
    for i, line in enumerate(lines, 1):
        if not line.strip():
            continue
        try:
            yield f"line {i}", json.loads(line)
        except json.JSONDecodeError as e:
            raise ConfigError(f"{SOURCE}: {p} line {i}: not JSON ({e.msg} at column {e.colno}); "
                              "each line must be one JSON object") from e


def _parquet_rows(p: Path) -> Iterator[tuple[str, Any]]:
    import pyarrow.parquet as pq  # lazy: ~0.5 s to import, and only a Parquet file needs it

    n = 0
    for batch in pq.ParquetFile(p).iter_batches(batch_size=1024):
        for row in batch.to_pylist():
            n += 1
            yield f"row {n}", row


def conversation(row: Any, row_id: str) -> Trajectory:
    """One chat row as an unrendered trajectory; BadRow saying what is wrong with it."""
    if not isinstance(row, dict):
        raise BadRow(f"expected a JSON object, got {type(row).__name__}")
    if row.get("messages") is not None:
        raw = _list(row["messages"], "messages")
    elif row.get("prompt") is not None and row.get("completion") is not None:
        raw = _list(row["prompt"], "prompt") + _list(row["completion"], "completion")
    else:
        raise BadRow(f"no 'messages' list (nor 'prompt' + 'completion' lists); columns "
                         f"found: {', '.join(sorted(row)) or 'none'}")
    messages = [_message(m, k) for k, m in enumerate(raw)]
    first = next((k for k, m in enumerate(messages) if m.role == "assistant"), None)
    if first is None:
        raise BadRow("no assistant message: there is nothing to learn from this row")
    if first == 0:
        raise BadRow("messages[0] is an assistant message; a conversation starts with a "
                         "system or user message")
    fmt = get_format("hermes")
    turns: list[Turn] = []
    for k in range(first, len(messages)):
        m = messages[k]
        if m.role != "assistant":
            continue
        text = m.content + "".join(fmt.render_call(c) for c in m.tool_calls)
        obs: list[Message] = []
        for later in messages[k + 1:]:
            if later.role == "assistant":
                break
            obs.append(later)
        turns.append(Turn(index=len(turns), action_text=text, action_ids=(),
                          tool_calls=m.tool_calls, observation=tuple(obs),
                          observation_ids=_PENDING if obs else ()))
    return Trajectory(id=row_id, run_id="data", task_id=row_id, env="chat-data",
                      group_id=row_id, prompt=tuple(messages[:first]), tools=_tools(row),
                      prompt_text="", prompt_ids=(), turns=tuple(turns), done=True)


def _list(value: Any, name: str) -> list[Any]:
    if isinstance(value, str):
        raise BadRow(f"'{name}' is a string; it must be a list of {{role, content}} "
                         "messages (TRL's conversational format)")
    if not isinstance(value, (list, tuple)):
        raise BadRow(f"'{name}' must be a list of messages, got {type(value).__name__}")
    return list(value)


def _message(m: Any, k: int) -> Message:
    where = f"messages[{k}]"
    if not isinstance(m, dict):
        raise BadRow(f"{where} must be an object with 'role' and 'content'")
    role = m.get("role")
    if role not in ("system", "user", "assistant", "tool"):
        raise BadRow(f"{where}: role {role!r} is not one of system, user, assistant, tool")
    calls = tuple(_call(c, f"{where}.tool_calls[{j}]")
                  for j, c in enumerate(m.get("tool_calls") or ()))
    if calls and role != "assistant":
        raise BadRow(f"{where}: only assistant messages carry tool_calls")
    try:
        return Message(role=role, content=_content(m.get("content"), where), tool_calls=calls,
                       tool_call_id=m.get("tool_call_id"), name=m.get("name"))
    except ValidationError as e:  # e.g. a numeric `name`: one line, not pydantic's report
        err = e.errors()[0]
        raise BadRow(f"{where}.{'.'.join(map(str, err['loc']))}: {err['msg']}") from e


def _content(c: Any, where: str) -> str:
    if c is None:
        return ""
    if isinstance(c, str):
        return c
    # OpenAI content parts: only text parts can be trained on here
    if isinstance(c, list) and all(isinstance(p, dict) and p.get("type") == "text" for p in c):
        return "".join(str(p.get("text") or "") for p in c)
    raise BadRow(f"{where}: content must be a string or a list of text parts")


def _call(c: Any, where: str) -> ToolCall:
    fn = c.get("function") if isinstance(c, dict) else None
    if not isinstance(fn, dict) or not isinstance(fn.get("name"), str):
        raise BadRow(f"{where} must be {{\"type\": \"function\", \"function\": "
                         "{\"name\": ..., \"arguments\": {...}}}")
    args = fn.get("arguments")
    if isinstance(args, str):  # OpenAI's shape: the arguments as JSON text
        try:
            args = json.loads(args) if args.strip() else {}
        except json.JSONDecodeError as e:
            raise BadRow(f"{where}: arguments are not JSON ({e.msg})") from e
    if not isinstance(args, dict):
        raise BadRow(f"{where}: arguments must be a JSON object")
    return ToolCall(name=fn["name"], arguments=args, id=str(c.get("id") or ""))


def _tools(row: dict[str, Any]) -> tuple[ToolSpec, ...]:
    tools = row.get("tools")
    if tools is None:
        return ()
    if isinstance(tools, str):  # TRL's convention for a column of varying schemas
        try:
            tools = json.loads(tools)
        except json.JSONDecodeError as e:
            raise BadRow(f"'tools' is text but not JSON ({e.msg})") from e
    if not isinstance(tools, list):
        raise BadRow("'tools' must be a list of OpenAI tool schemas")
    out = []
    for j, t in enumerate(tools):
        f = t.get("function", t) if isinstance(t, dict) else None
        if not isinstance(f, dict) or not isinstance(f.get("name"), str):
            raise BadRow(f"tools[{j}] must be {{\"type\": \"function\", \"function\": "
                             "{\"name\": ..., \"description\": ..., \"parameters\": {...}}}")
        params = f.get("parameters")
        if isinstance(params, str):
            try:
                params = json.loads(params)
            except json.JSONDecodeError as e:
                raise BadRow(f"tools[{j}].parameters is text but not JSON ({e.msg})") from e
        if params is not None and not isinstance(params, dict):
            raise BadRow(f"tools[{j}].parameters must be a JSON schema object")
        out.append(ToolSpec(name=f["name"], description=str(f.get("description") or ""),
                            parameters=params or {"type": "object", "properties": {}}))
    return tuple(out)
