"""Per-task evaluation results (`results.jsonl` in an eval's run directory) and the confidence
intervals `veriloop eval` reports from them.

Each line is one task: `{"task_id", "category", "samples", "successes"}` over the episodes
that were not infrastructure errors (a task with none is left out). These are what a paired
comparison needs (`veriloop compare` reads two such files instead of re-running), and what
the intervals of `veriloop.eval.stats` take: the samples of one task are correlated, so
intervals resample tasks, never episodes.
"""

from __future__ import annotations

import json
from collections import defaultdict
from collections.abc import Iterable, Sequence
from dataclasses import asdict, dataclass
from pathlib import Path
from typing import Any

from veriloop.errors import UserError
from veriloop.eval import stats
from veriloop.eval.metrics import pass_at_k, task_facts
from veriloop.types import Task, Trajectory

RESULTS_FILE = "results.jsonl"


@dataclass(frozen=True)
class TaskResult:
    task_id: str
    samples: int
    successes: int
    category: str | None = None


def task_results(trajectories: Sequence[Trajectory],
                 tasks: Iterable[Task] = ()) -> list[TaskResult]:
    """One `TaskResult` per task with a valid episode, in the order tasks first appear;
    `tasks` supplies the `category` metadata (as `metrics.task_facts` reads it)."""
    by_id = {t.id: t for t in tasks}
    runs: dict[str, list[Trajectory]] = defaultdict(list)
    for t in trajectories:
        if not t.is_infra_error:
            runs[t.task_id].append(t)
    out = []
    for task_id, trajs in runs.items():
        category = task_facts(trajs[0], by_id).get("category")
        out.append(TaskResult(task_id, len(trajs), sum(t.passed for t in trajs),
                              None if category is None else str(category)))
    return out


def write_task_results(path: Path, results: Iterable[TaskResult]) -> None:
    path.write_text("".join(json.dumps(asdict(r)) + "\n" for r in results))


def read_task_results(path: Path) -> list[TaskResult]:
    """The results file at `path`; a `UserError` naming the line when it is not one."""
    fix = f"give a {RESULTS_FILE} written by `veriloop eval` (or its run directory)"
    try:
        lines = path.read_text(encoding="utf-8").splitlines()
    except (OSError, UnicodeDecodeError) as e:
        raise UserError(f"cannot read {path}: {e}; {fix}") from None
    out: list[TaskResult] = []
    for number, line in enumerate(lines, 1):
        if not line.strip():
            continue
        try:
            row = json.loads(line)
            result = TaskResult(str(row["task_id"]), int(row["samples"]), int(row["successes"]),
                                None if row.get("category") is None else str(row["category"]))
        except (ValueError, KeyError, TypeError):
            raise UserError(f"{path}:{number} is not a per-task result (task_id, samples, "
                            f"successes); {fix}") from None
        if not 0 <= result.successes <= result.samples or result.samples < 1:
            raise UserError(f"{path}:{number}: successes must lie in 0..samples and samples "
                            f"be at least 1, got {result.successes} of {result.samples}; {fix}")
        out.append(result)
    if not out:
        raise UserError(f"{path} holds no per-task result; {fix}")
    ids = [r.task_id for r in out]
    if len(set(ids)) != len(ids):
        raise UserError(f"{path} lists a task id twice; {fix}")
    return out


def _pass_at_interval(results: Sequence[TaskResult], k: int) -> stats.Interval:
    if k == 1:
        return stats.rate_interval([r.successes for r in results], [r.samples for r in results])
    values = [pass_at_k(r.samples, r.successes, k) for r in results]
    if all(v == 0 for v in values) or all(v == 1 for v in values):
        return stats.wilson(int(sum(values)), len(values))  # no spread to resample
    return stats.mean_interval(values)


def intervals(results: Sequence[TaskResult], ks: Sequence[int]) -> dict[str, Any]:
    """The summary's `ci` block: 95% CI of pass@k for each k no larger than every task's
    sample count, of pass@1 per category (`category:<name>`), and the resolution line."""
    if not results:
        return {}
    least = min(r.samples for r in results)
    one_each = least == max(r.samples for r in results) == 1
    out: dict[str, Any] = {
        "method": "wilson" if one_each else ("clustered bootstrap over tasks (percentile); "
                                             "Wilson over tasks where all scored 0 or all 1"),
    }
    for k in sorted(set(ks)):
        if k <= least:
            out[f"pass@{k}"] = _pass_at_interval(results, k).to_dict()
    categories = sorted({r.category for r in results if r.category is not None})
    for category in categories:
        inside = [r for r in results if r.category == category]
        out[f"category:{category}"] = _pass_at_interval(inside, 1).to_dict()
    out["resolution"] = stats.resolution_line(len(results))
    return out
