"""Export a trajectory store's conversations as other tools read them (JSONL, one row a line):

- `trl-sft`: TRL's conversational language-modeling rows, `{"messages": [...], "tools": TEXT}`;
- `trl-dpo`: TRL's conversational preference rows, `{"prompt", "chosen", "rejected", "tools"}`,
  from `veriloop.data.preferences.grade_pairs` (a better and a worse trajectory of one task);
- `openai`: OpenAI's chat fine-tuning rows, `{"messages": [...], "tools": [...]}`.

Messages are OpenAI-shaped with each tool call once, in `tool_calls`
(`veriloop.data.chat_data.openai_messages`). TRL rows carry the tool schemas as JSON text (TRL
decodes it) and call arguments as objects (what chat templates take); `datasets` unifies an
object column's keys across rows, so a file mixing tools with different argument names loads
with the missing names as null there (the JSONL itself is exact). OpenAI rows carry arguments
as JSON text, as its API does. Trajectories with an infrastructure fault are left out: they are
not the policy's doing. The file is complete or absent, as every export
(`veriloop.data.export.complete_or_absent`).

A module of its own, apart from `veriloop.data.export`: the trajectory store imports that one
for its `export_*` methods, and preference pairing brings in the rollout runner (policies,
environments: seconds of imports), which nothing that opens a store should pay for.
"""

from __future__ import annotations

import json
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

from veriloop.data.chat_data import openai_messages, openai_tools
from veriloop.data.export import TrajectoryRows, complete_or_absent
from veriloop.data.preferences import grade_pairs
from veriloop.types import Trajectory


def _tools_text(traj: Trajectory) -> str | None:
    return json.dumps(openai_tools(traj)) if traj.tools else None


def _trl_sft(trajs: list[Trajectory]) -> Iterator[dict[str, Any]]:
    for t in trajs:
        yield {"messages": openai_messages(t), "tools": _tools_text(t)}


def _openai(trajs: list[Trajectory]) -> Iterator[dict[str, Any]]:
    for t in trajs:
        yield {"messages": openai_messages(t, json_arguments=True), "tools": openai_tools(t)}


def _trl_dpo(trajs: list[Trajectory]) -> Iterator[dict[str, Any]]:
    for p in grade_pairs(trajs):
        chosen, rejected = openai_messages(p.chosen), openai_messages(p.rejected)
        n = len(p.chosen.prompt)  # one task: both share the prompt
        yield {"prompt": chosen[:n], "chosen": chosen[n:], "rejected": rejected[n:],
               "tools": _tools_text(p.chosen)}


CHAT_FORMATS: dict[str, Callable[[list[Trajectory]], Iterator[dict[str, Any]]]] = {
    "trl-sft": _trl_sft, "trl-dpo": _trl_dpo, "openai": _openai}
"""Each format's rows from the exported trajectories."""


def chat_rows(store: TrajectoryRows, fmt: str, **filters: Any) -> Iterator[dict[str, Any]]:
    """The rows of chat format `fmt` (a key of CHAT_FORMATS; see the module docstring)."""
    if fmt not in CHAT_FORMATS:
        raise ValueError(f"unknown chat format {fmt!r}; known: {', '.join(CHAT_FORMATS)}")
    trajs = [t for _, t in store.iter_with_steps(**filters) if not t.is_infra_error and t.turns]
    return CHAT_FORMATS[fmt](trajs)


def export_chat(store: TrajectoryRows, path: str | Path, fmt: str, **filters: Any) -> int:
    """Write `fmt`'s rows as JSONL to `path` (complete or absent); the number of rows."""
    rows = chat_rows(store, fmt, **filters)  # an unknown format fails before the file opens
    n = 0
    with complete_or_absent(path) as f:
        for row in rows:
            f.write((json.dumps(row) + "\n").encode())
            n += 1
    return n
