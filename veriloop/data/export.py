"""Export a trajectory store as JSONL or Parquet with real columns: one row per trajectory with
its training `step`, the conversation as `messages` (a list of {role, content, tool_calls}),
the `grade` as a record (score, passed, components, flags as a list, explanation), the
`turns` as records (action text, tool calls and results, format error), and the token-exact
`token_ids`, `loss_mask` and `logprobs` ready for training. Parquet gets an explicit schema, so
a column has one type even when a batch lacks values. Free-form fields (tool-call arguments,
metadata, context segments) stay JSON text in `*_json` columns, as their keys vary per row. The
grade's components are a list of {key, value} records in Parquet, not an Arrow map: Hugging
Face `datasets` cannot load a map column.

Both formats are written to a temporary file beside the target and renamed over it only when
complete (`complete_or_absent`): a full disk or any other write error leaves no half-written
file under the target's name (and an earlier export there untouched); the error is re-raised as
the OSError it was. `veriloop.data.chat_export` writes the conversations as TRL and OpenAI chat
data instead.
"""

from __future__ import annotations

import contextlib
import json
import os
import secrets
from collections.abc import Iterator
from pathlib import Path
from typing import IO, Any, Protocol

from veriloop.types import Message, ToolCall, Trajectory


class TrajectoryRows(Protocol):
    """What an export reads: a `TrajectoryStore` (named by protocol, since the store imports
    this module for its `export_*` methods)."""

    def iter_with_steps(self, limit: int | None = None,
                        **filters: Any) -> Iterator[tuple[int | None, Trajectory]]: ...


def _call(c: ToolCall) -> dict[str, Any]:
    return {"name": c.name, "arguments_json": json.dumps(c.arguments), "id": c.id}


def _message(m: Message) -> dict[str, Any]:
    return {"role": m.role, "content": m.content, "tool_calls": [_call(c) for c in m.tool_calls],
            "tool_call_id": m.tool_call_id, "name": m.name}


def record(traj: Trajectory, step: int | None) -> dict[str, Any]:
    """One trajectory as a row of typed, nested values."""
    g = traj.grade
    grade = None if g is None else {
        "score": g.score, "passed": g.passed, "components": dict(g.components),
        "flags": list(g.flags), "explanation": g.explanation}
    turns = [{"index": u.index, "action_text": u.action_text,
              "tool_calls": [_call(c) for c in u.tool_calls],
              "tool_results": [{"name": r.name, "content": r.content, "is_error": r.is_error,
                                "truncated": r.truncated} for r in u.tool_results],
              "format_error": u.format_error, "finish_reason": u.finish_reason,
              "n_action_tokens": len(u.action_ids)} for u in traj.turns]
    return {
        "id": traj.id, "run_id": traj.run_id, "task_id": traj.task_id, "env": traj.env,
        "group_id": traj.group_id, "sample_index": traj.sample_index, "step": step,
        "policy": traj.policy, "score": traj.score, "passed": traj.passed, "done": traj.done,
        "final_answer": traj.final_answer,
        "fault_kind": traj.fault.kind.value if traj.fault else None,
        "fault_reason": traj.fault.reason if traj.fault else None,
        "infra_error": traj.is_infra_error, "n_turns": len(traj.turns),
        "format_violations": traj.format_violations, "seconds": traj.seconds,
        "messages": [_message(m) for m in traj.messages()], "grade": grade, "turns": turns,
        "tools": [s.name for s in traj.tools], "prompt_text": traj.prompt_text,
        "token_ids": traj.token_ids, "loss_mask": traj.loss_mask,
        "logprobs": traj.sampling_logprobs,
        "metadata_json": json.dumps(traj.metadata),
        "segments_json": json.dumps([s.model_dump(mode="json") for s in traj.segments]),
    }


def schema() -> Any:
    import pyarrow as pa  # lazy: ~0.5 s to import, and only a Parquet export needs it

    call = pa.struct([("name", pa.string()), ("arguments_json", pa.string()),
                      ("id", pa.string())])
    message = pa.struct([("role", pa.string()), ("content", pa.string()),
                         ("tool_calls", pa.list_(call)), ("tool_call_id", pa.string()),
                         ("name", pa.string())])
    grade = pa.struct([("score", pa.float64()), ("passed", pa.bool_()),
                       ("components", pa.list_(pa.struct([("key", pa.string()),
                                                          ("value", pa.float64())]))),
                       ("flags", pa.list_(pa.string())), ("explanation", pa.string())])
    result = pa.struct([("name", pa.string()), ("content", pa.string()),
                        ("is_error", pa.bool_()), ("truncated", pa.bool_())])
    turn = pa.struct([("index", pa.int32()), ("action_text", pa.string()),
                      ("tool_calls", pa.list_(call)), ("tool_results", pa.list_(result)),
                      ("format_error", pa.string()), ("finish_reason", pa.string()),
                      ("n_action_tokens", pa.int32())])
    return pa.schema([
        ("id", pa.string()), ("run_id", pa.string()), ("task_id", pa.string()),
        ("env", pa.string()), ("group_id", pa.string()), ("sample_index", pa.int32()),
        ("step", pa.int64()), ("policy", pa.string()), ("score", pa.float64()),
        ("passed", pa.bool_()), ("done", pa.bool_()), ("final_answer", pa.string()),
        ("fault_kind", pa.string()), ("fault_reason", pa.string()), ("infra_error", pa.bool_()),
        ("n_turns", pa.int32()), ("format_violations", pa.int32()), ("seconds", pa.float64()),
        ("messages", pa.list_(message)), ("grade", grade), ("turns", pa.list_(turn)),
        ("tools", pa.list_(pa.string())), ("prompt_text", pa.string()),
        ("token_ids", pa.list_(pa.int32())), ("loss_mask", pa.list_(pa.int8())),
        ("logprobs", pa.list_(pa.float64())), ("metadata_json", pa.string()),
        ("segments_json", pa.string())])


def _records(store: TrajectoryRows, filters: dict[str, Any]) -> list[dict[str, Any]]:
    return [record(t, step) for step, t in store.iter_with_steps(**filters)]


@contextlib.contextmanager
def complete_or_absent(path: str | Path) -> Iterator[IO[bytes]]:
    """A binary file that becomes `path` only if the block finishes (see the docstring)."""
    target = Path(path)
    # open(..., "x") rather than mkstemp: the export gets the usual umask mode, not 0600
    tmp = target.with_name(f".{target.name}.{secrets.token_hex(4)}.part")
    try:
        with open(tmp, "xb") as f:
            yield f
            f.flush()
            os.fsync(f.fileno())  # a full disk can surface only here (delayed allocation)
        os.replace(tmp, target)
    except BaseException:
        tmp.unlink(missing_ok=True)
        raise


def export_jsonl(store: TrajectoryRows, path: str | Path, **filters: Any) -> int:
    n = 0
    with complete_or_absent(path) as f:
        for step, t in store.iter_with_steps(**filters):
            f.write((json.dumps(record(t, step)) + "\n").encode())
            n += 1
    return n


def export_parquet(store: TrajectoryRows, path: str | Path, **filters: Any) -> int:
    import pyarrow as pa  # lazy: ~0.5 s to import, and only a Parquet export needs it
    import pyarrow.parquet as pq  # lazy: as above

    rows = _records(store, filters)
    for r in rows:  # {key, value} records: `datasets` cannot load an Arrow map column
        if r["grade"] is not None:
            r["grade"]["components"] = [{"key": k, "value": v}
                                        for k, v in r["grade"]["components"].items()]
    with complete_or_absent(path) as f:
        pq.write_table(pa.Table.from_pylist(rows, schema=schema()), f)
    return len(rows)

