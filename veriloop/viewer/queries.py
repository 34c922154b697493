"""What the viewer reads: the runs under a directory, each run's trajectories (filtered in SQL
on the store's own columns, flags and faults), its steps, its metrics.jsonl, and a tokenizer to
show token pieces. Everything is read-only: the store is opened with `mode=ro`."""

from __future__ import annotations

import json
import sqlite3
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from tokenizers import Tokenizer

STORE = "trajectories.sqlite"
METRICS = "metrics.jsonl"
SQLITE_INT = (-(1 << 63), (1 << 63) - 1)  # what SQLite can compare with; beyond it binding fails


class BadFilter(ValueError):
    """A filter value the store cannot be asked about (the message says what to give)."""


def run_name(root: Path, run_dir: Path) -> str:
    """A run's name in the viewer: its path relative to `root`, or `root`'s own name."""
    return (root.name or "run") if run_dir == root else run_dir.relative_to(root).as_posix()


def find_runs(root: Path) -> dict[str, Path]:
    """Run name -> directory: `root` itself if it holds a store or metrics, and every directory
    below it (two levels) that does (names: `run_name`)."""
    runs = {}
    candidates = [root, *sorted(p for p in root.glob("*") if p.is_dir()),
                  *sorted(p for p in root.glob("*/*") if p.is_dir())]
    for d in candidates:
        if (d / STORE).exists() or (d / METRICS).exists():
            runs.setdefault(run_name(root, d), d)
    return runs


def connect(run_dir: Path) -> sqlite3.Connection | None:
    path = run_dir / STORE
    if not path.exists():
        return None
    db = sqlite3.connect(f"file:{path}?mode=ro", uri=True)
    db.row_factory = sqlite3.Row
    return db


@dataclass(frozen=True)
class Filters:
    """The list page's filters (all optional): step, task id substring, passed, score range,
    flag substring, fault (a fault kind, "any" or "none"), infra errors."""

    step: int | None = None
    task: str = ""
    passed: bool | None = None
    min_score: float | None = None
    max_score: float | None = None
    flag: str = ""
    fault: str = ""
    limit: int = 200

    @classmethod
    def parse(cls, params: Any) -> Filters:
        """The filters in `params`; an unreadable number is ignored (no filter), a whole number
        out of range raises `BadFilter`."""
        def num(key: str, kind: type) -> Any:
            v = (params.get(key) or "").strip()
            try:
                value = kind(v) if v else None
            except ValueError:
                return None
            low = 1 if key == "limit" else SQLITE_INT[0]
            if kind is int and value is not None and not low <= value <= SQLITE_INT[1]:
                raise BadFilter(f"{key}={v} is out of range; give a whole number from {low} to "
                                f"{SQLITE_INT[1]}, or leave {key} empty")
            return value

        passed = {"yes": True, "no": False}.get(params.get("passed") or "")
        return cls(step=num("step", int), task=(params.get("task") or "").strip(),
                   passed=passed, min_score=num("min_score", float),
                   max_score=num("max_score", float), flag=(params.get("flag") or "").strip(),
                   fault=(params.get("fault") or "").strip(), limit=num("limit", int) or 200)

    def where(self) -> tuple[str, list[Any]]:
        clauses: list[str] = []
        args: list[Any] = []
        if self.step is not None:
            clauses.append("step = ?")
            args.append(self.step)
        if self.task:
            clauses.append("task_id LIKE ?")
            args.append(f"%{self.task}%")
        if self.passed is not None:
            clauses.append("passed = ?")
            args.append(int(self.passed))
        if self.min_score is not None:
            clauses.append("score >= ?")
            args.append(self.min_score)
        if self.max_score is not None:
            clauses.append("score <= ?")
            args.append(self.max_score)
        if self.flag:
            clauses.append("EXISTS (SELECT 1 FROM json_each(grade_json, '$.flags') "
                           "WHERE value LIKE ?)")
            args.append(f"%{self.flag}%")
        if self.fault == "any":
            clauses.append("fault_kind IS NOT NULL")
        elif self.fault == "none":
            clauses.append("fault_kind IS NULL")
        elif self.fault:
            clauses.append("fault_kind = ?")
            args.append(self.fault)
        return (" WHERE " + " AND ".join(clauses)) if clauses else "", args


LIST_COLUMNS = ("id, run_id, task_id, group_id, sample_index, step, score, passed, fault_kind, "
                "fault_reason, infra_error, n_turns, n_tokens, format_violations, tool_errors, "
                "final_answer, grade_json")


def list_trajectories(db: sqlite3.Connection, f: Filters) -> tuple[list[dict[str, Any]], int]:
    """The first `f.limit` matching rows (store order) and the number of matches."""
    where, args = f.where()
    total = db.execute(f"SELECT COUNT(*) FROM trajectories{where}", args).fetchone()[0]
    rows = db.execute(f"SELECT {LIST_COLUMNS} FROM trajectories{where} ORDER BY rowid "
                      f"LIMIT {int(f.limit)}", args).fetchall()
    out = []
    for r in rows:
        d = dict(r)
        grade = json.loads(d.pop("grade_json") or "null") or {}
        d["flags"] = grade.get("flags", [])
        out.append(d)
    return out, total


def steps(db: sqlite3.Connection) -> list[dict[str, Any]]:
    """Per step: trajectories, mean score, pass rate, faults."""
    rows = db.execute("SELECT step, COUNT(*) AS n, AVG(score) AS score, AVG(passed) AS passed, "
                      "SUM(fault_kind IS NOT NULL) AS faults FROM trajectories GROUP BY step "
                      "ORDER BY step").fetchall()
    return [dict(r) for r in rows]


def fault_kinds(db: sqlite3.Connection) -> list[str]:
    return [r[0] for r in db.execute("SELECT DISTINCT fault_kind FROM trajectories WHERE "
                                     "fault_kind IS NOT NULL ORDER BY fault_kind")]


def group_ids(db: sqlite3.Connection, group_id: str) -> list[str]:
    return [r[0] for r in db.execute("SELECT id FROM trajectories WHERE group_id = ? "
                                     "ORDER BY sample_index", (group_id,))]


def read_metrics(run_dir: Path) -> list[dict[str, Any]]:
    return read_metrics_file(run_dir / METRICS)


def read_metrics_file(path: Path) -> list[dict[str, Any]]:
    """The rows of a metrics JSONL file ([] if there is none), skipping a line half-written."""
    if not path.exists():
        return []
    out = []
    for line in path.read_text().splitlines():
        try:
            out.append(json.loads(line))
        except json.JSONDecodeError:
            continue  # a line being written right now
    return out


def series(rows: list[dict[str, Any]]) -> dict[str, list[tuple[float, float]]]:
    """Metric name -> (step, value) points, numeric values only, names sorted."""
    out: dict[str, list[tuple[float, float]]] = {}
    for i, r in enumerate(rows):
        step = r.get("step", i)
        for k, v in r.items():
            if k != "step" and isinstance(v, int | float) and not isinstance(v, bool):
                out.setdefault(k, []).append((float(step), float(v)))
    return dict(sorted(out.items()))


def load_tokenizer(run_dir: Path) -> Any:
    """A `tokenizers.Tokenizer` from the first tokenizer.json in the run (final/, checkpoints),
    or None: token pieces are then shown as bytes (byte-level renderer) or ids."""
    for path in sorted(run_dir.glob("**/tokenizer.json"))[:1]:
        try:
            return Tokenizer.from_file(str(path))
        except Exception:  # noqa: BLE001 (an unreadable tokenizer: show ids instead)
            return None
    return None
