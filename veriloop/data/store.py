"""The trajectory store: SQLite in WAL mode, one row per trajectory plus one per turn.

Appends are single transactions (trajectory row and all its turns, or nothing), so a writer
killed at any instant leaves every earlier trajectory complete and the file consistent. Token ids
and logprobs are stored as packed little-endian arrays (int32 / float64), so reading back is
exact. Queries filter by run, task, grade, step and fault; exports write JSONL or Parquet with the
concatenated `token_ids`, `loss_mask` and `logprobs` ready for training (for a trajectory
whose history context management rewrote, a transcript: its `segments` are exported too, and
`Trajectory.contexts()` gives the sequences to train on).
"""

from __future__ import annotations

import json
import sqlite3
import sys
import threading
import time
from array import array
from collections.abc import Iterable, Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any, Self

from veriloop.data.export import export_jsonl, export_parquet
from veriloop.types import (
    Fault,
    Grade,
    Message,
    Segment,
    ToolCall,
    ToolResult,
    ToolSpec,
    Trajectory,
    Turn,
    TurnReward,
)

_SCHEMA = """
CREATE TABLE IF NOT EXISTS trajectories (
    id TEXT PRIMARY KEY, run_id TEXT NOT NULL, task_id TEXT NOT NULL, env TEXT NOT NULL,
    group_id TEXT NOT NULL, sample_index INTEGER NOT NULL, policy TEXT NOT NULL,
    step INTEGER, score REAL, passed INTEGER NOT NULL, done INTEGER NOT NULL,
    fault_kind TEXT, fault_reason TEXT, infra_error INTEGER NOT NULL,
    n_turns INTEGER NOT NULL, n_tokens INTEGER NOT NULL, format_violations INTEGER NOT NULL,
    tool_errors INTEGER NOT NULL, seconds REAL NOT NULL, created REAL NOT NULL,
    prompt_text TEXT NOT NULL, prompt_ids BLOB NOT NULL, final_answer TEXT,
    grade_json TEXT, metadata_json TEXT NOT NULL
);
CREATE TABLE IF NOT EXISTS turns (
    traj_id TEXT NOT NULL REFERENCES trajectories(id), idx INTEGER NOT NULL,
    action_text TEXT NOT NULL, action_ids BLOB NOT NULL, action_logprobs BLOB,
    finish_reason TEXT NOT NULL, tool_calls_json TEXT NOT NULL, tool_results_json TEXT NOT NULL,
    observation_json TEXT NOT NULL, observation_text TEXT NOT NULL, observation_ids BLOB NOT NULL,
    format_error TEXT, generate_seconds REAL NOT NULL, env_seconds REAL NOT NULL,
    rewards_json TEXT, PRIMARY KEY (traj_id, idx)
);
CREATE INDEX IF NOT EXISTS traj_run ON trajectories(run_id, step);
CREATE INDEX IF NOT EXISTS traj_task ON trajectories(task_id);
CREATE INDEX IF NOT EXISTS traj_score ON trajectories(score);
"""


def _pack(values: Iterable[int] | Iterable[float] | None, code: str) -> bytes | None:
    if values is None:
        return None
    a = array(code, values)
    if sys.byteorder != "little":
        a.byteswap()
    return a.tobytes()


def _unpack(blob: bytes | None, code: str) -> tuple[Any, ...] | None:
    if blob is None:
        return None
    a = array(code)
    a.frombytes(blob)
    if sys.byteorder != "little":
        a.byteswap()
    return tuple(a)


class TrajectoryStore:
    """`TrajectoryStore(path)`; use as a context manager or call `close()`."""

    def __init__(self, path: str | Path) -> None:
        self.path = Path(path)
        self.path.parent.mkdir(parents=True, exist_ok=True)
        self._lock = threading.Lock()
        try:
            self._db = sqlite3.connect(self.path, timeout=30, isolation_level=None,
                                       check_same_thread=False)
            self._db.execute("PRAGMA synchronous=NORMAL")
            self._use_wal()
            # Creating and migrating in one write transaction: ranks that open a new store at
            # once would otherwise both see a column missing and both add it.
            try:
                self._db.executescript("BEGIN IMMEDIATE;" + _SCHEMA)  # BEGIN inside the script:
                # executescript commits a transaction that is open when it is called
                columns = {r[1] for r in self._db.execute("PRAGMA table_info(trajectories)")}
                if "context_json" not in columns:  # stores written before prompts were recorded
                    self._db.execute("ALTER TABLE trajectories ADD COLUMN context_json TEXT")
                turn_columns = {r[1] for r in self._db.execute("PRAGMA table_info(turns)")}
                if "rewards_json" not in turn_columns:  # stores written before per-turn rewards
                    self._db.execute("ALTER TABLE turns ADD COLUMN rewards_json TEXT")
            except BaseException:
                if self._db.in_transaction:
                    self._db.execute("ROLLBACK")
                raise
            self._db.execute("COMMIT")
        except sqlite3.DatabaseError as e:
            raise ValueError(f"{self.path} is not a usable trajectory store: {e}") from e

    def _use_wal(self) -> None:
        # Switching a new file to WAL takes an exclusive lock that SQLite's busy timeout does
        # not wait for, so a rank that loses the race retries instead of failing.
        for attempt in range(200):
            try:
                self._db.execute("PRAGMA journal_mode=WAL")
                return
            except sqlite3.OperationalError as e:
                if "locked" not in str(e) or attempt == 199:
                    raise
                time.sleep(0.05)

    def __enter__(self) -> Self:
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()

    def close(self) -> None:
        self._db.close()

    # -- writing -----------------------------------------------------------------------------

    def append(self, traj: Trajectory, step: int | None = None) -> None:
        self.append_many([traj], step=step)

    @contextmanager
    def _transaction(self) -> Iterator[None]:
        """One write transaction: all of the block's writes, or none of them."""
        with self._lock:
            self._db.execute("BEGIN IMMEDIATE")
            try:
                yield
            except BaseException:
                self._db.execute("ROLLBACK")
                raise
            self._db.execute("COMMIT")

    def append_many(self, trajs: Iterable[Trajectory], step: int | None = None) -> None:
        """Append trajectories in one transaction; a duplicate id raises and writes nothing."""
        trajs = list(trajs)
        try:
            with self._transaction():
                for t in trajs:
                    self._insert(t, step)
        except sqlite3.IntegrityError as e:
            raise ValueError(f"trajectory already stored (or inconsistent): {e}") from e

    def discard_after(self, run_id: str, step: int) -> int:
        """Delete run `run_id`'s trajectories stored at a step after `step`, with their turns,
        in one transaction; returns how many. A run resumed from its checkpoint of `step`
        samples those steps again, so keeping them would store each of them twice."""
        with self._transaction():
            self._db.execute("DELETE FROM turns WHERE traj_id IN (SELECT id FROM trajectories "
                             "WHERE run_id = ? AND step > ?)", (run_id, step))
            return self._db.execute("DELETE FROM trajectories WHERE run_id = ? AND step > ?",
                                    (run_id, step)).rowcount

    def _insert(self, t: Trajectory, step: int | None) -> None:
        self._db.execute(
            "INSERT INTO trajectories VALUES (?,?,?,?,?,?,?,?,?,?,?,?,?,?,?,?,?,?,?,?,?,?,?,?,?,?)",
            (t.id, t.run_id, t.task_id, t.env, t.group_id, t.sample_index, t.policy, step,
             t.grade.score if t.grade else None, int(t.passed), int(t.done),
             t.fault.kind.value if t.fault else None, t.fault.reason if t.fault else None,
             int(t.is_infra_error), len(t.turns), len(t.token_ids), t.format_violations,
             t.tool_errors, t.seconds, time.time(), t.prompt_text, _pack(t.prompt_ids, "i"),
             t.final_answer, t.grade.model_dump_json() if t.grade else None,
             json.dumps(t.metadata),
             json.dumps({"prompt": [m.model_dump(mode="json") for m in t.prompt],
                         "tools": [s.model_dump(mode="json") for s in t.tools],
                         "segments": [s.model_dump(mode="json") for s in t.segments],
                         "policy_version": t.policy_version,
                         "turn_versions": [u.policy_version for u in t.turns]})))
        self._db.executemany(
            "INSERT INTO turns VALUES (?,?,?,?,?,?,?,?,?,?,?,?,?,?,?)",
            [(t.id, u.index, u.action_text, _pack(u.action_ids, "i"),
              _pack(u.action_logprobs, "d"), u.finish_reason,
              json.dumps([c.model_dump() for c in u.tool_calls]),
              json.dumps([r.model_dump() for r in u.tool_results]),
              json.dumps([m.model_dump() for m in u.observation]), u.observation_text,
              _pack(u.observation_ids, "i"), u.format_error, u.generate_seconds, u.env_seconds,
              json.dumps([r.model_dump() for r in u.rewards]))
             for u in t.turns])

    # -- reading -----------------------------------------------------------------------------

    @staticmethod
    def _where(run_id: str | None = None, task_id: str | None = None,
               passed: bool | None = None, min_score: float | None = None,
               max_score: float | None = None, infra_error: bool | None = None,
               step: int | None = None) -> tuple[str, list[Any]]:
        clauses, args = [], []
        for column, value in (("run_id", run_id), ("task_id", task_id), ("step", step)):
            if value is not None:
                clauses.append(f"{column} = ?")
                args.append(value)
        for column, value in (("passed", passed), ("infra_error", infra_error)):
            if value is not None:
                clauses.append(f"{column} = ?")
                args.append(int(value))
        if min_score is not None:
            clauses.append("score >= ?")
            args.append(min_score)
        if max_score is not None:
            clauses.append("score <= ?")
            args.append(max_score)
        return (" WHERE " + " AND ".join(clauses)) if clauses else "", args

    def count(self, **filters: Any) -> int:
        where, args = self._where(**filters)
        with self._lock:
            return self._db.execute(f"SELECT COUNT(*) FROM trajectories{where}", args).fetchone()[0]

    def ids(self, **filters: Any) -> list[str]:
        where, args = self._where(**filters)
        with self._lock:
            rows = self._db.execute(f"SELECT id FROM trajectories{where} ORDER BY rowid", args)
            return [r[0] for r in rows]

    def runs(self) -> list[str]:
        with self._lock:
            rows = self._db.execute("SELECT DISTINCT run_id FROM trajectories ORDER BY rowid")
            return [r[0] for r in rows]

    def query(self, limit: int | None = None, **filters: Any) -> list[Trajectory]:
        return list(self.iter(limit=limit, **filters))

    def iter(self, limit: int | None = None, **filters: Any) -> Iterator[Trajectory]:
        for _, traj in self.iter_with_steps(limit=limit, **filters):
            yield traj

    def iter_with_steps(self, limit: int | None = None,
                        **filters: Any) -> Iterator[tuple[int | None, Trajectory]]:
        """(training step it was stored at, or None; trajectory), in store order."""
        where, args = self._where(**filters)
        sql = f"SELECT * FROM trajectories{where} ORDER BY rowid"
        if limit is not None:
            sql += f" LIMIT {int(limit)}"
        with self._lock:
            cur = self._db.execute(sql, args)
            cols = [d[0] for d in cur.description]
            rows = [dict(zip(cols, r, strict=True)) for r in cur.fetchall()]
        for row in rows:
            yield row["step"], self._load(row)

    def get(self, traj_id: str) -> Trajectory:
        with self._lock:
            cur = self._db.execute("SELECT * FROM trajectories WHERE id = ?", (traj_id,))
            cols = [d[0] for d in cur.description]
            row = cur.fetchone()
        if row is None:
            raise KeyError(f"no trajectory with id {traj_id} in {self.path}")
        return self._load(dict(zip(cols, row, strict=True)))

    def _load(self, row: dict[str, Any]) -> Trajectory:
        with self._lock:
            cur = self._db.execute("SELECT * FROM turns WHERE traj_id = ? ORDER BY idx",
                                   (row["id"],))
            cols = [d[0] for d in cur.description]
            turn_rows = [dict(zip(cols, r, strict=True)) for r in cur.fetchall()]
        context = json.loads(row.get("context_json") or "{}")
        versions = context.get("turn_versions") or [None] * len(turn_rows)
        turns = tuple(Turn(
            index=u["idx"], action_text=u["action_text"], action_ids=_unpack(u["action_ids"], "i"),
            action_logprobs=_unpack(u["action_logprobs"], "d"), finish_reason=u["finish_reason"],
            tool_calls=tuple(ToolCall(**c) for c in json.loads(u["tool_calls_json"])),
            tool_results=tuple(ToolResult(**r) for r in json.loads(u["tool_results_json"])),
            observation=tuple(Message.model_validate(m) for m in json.loads(u["observation_json"])),
            observation_text=u["observation_text"],
            observation_ids=_unpack(u["observation_ids"], "i"), format_error=u["format_error"],
            generate_seconds=u["generate_seconds"], env_seconds=u["env_seconds"],
            rewards=tuple(TurnReward(**r) for r in json.loads(u.get("rewards_json") or "[]")),
            policy_version=v,
        ) for u, v in zip(turn_rows, versions, strict=True))
        fault = (Fault(kind=row["fault_kind"], reason=row["fault_reason"])
                 if row["fault_kind"] else None)
        grade = Grade.model_validate_json(row["grade_json"]) if row["grade_json"] else None
        return Trajectory(
            id=row["id"], run_id=row["run_id"], task_id=row["task_id"], env=row["env"],
            group_id=row["group_id"], sample_index=row["sample_index"], policy=row["policy"],
            prompt=tuple(Message.model_validate(m) for m in context.get("prompt", ())),
            tools=tuple(ToolSpec.model_validate(s) for s in context.get("tools", ())),
            prompt_text=row["prompt_text"], prompt_ids=_unpack(row["prompt_ids"], "i"),
            turns=turns, final_answer=row["final_answer"], done=bool(row["done"]), fault=fault,
            grade=grade, seconds=row["seconds"], metadata=json.loads(row["metadata_json"]),
            segments=tuple(Segment.model_validate(s) for s in context.get("segments", ())),
            policy_version=context.get("policy_version"))

    # -- export (veriloop.data.export) -------------------------------------------------------

    def export_jsonl(self, path: str | Path, **filters: Any) -> int:
        return export_jsonl(self, path, **filters)

    def export_parquet(self, path: str | Path, **filters: Any) -> int:
        return export_parquet(self, path, **filters)
