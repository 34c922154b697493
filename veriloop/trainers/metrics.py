"""Per-step metrics: one JSON line per step in `metrics.jsonl`, the same scalars as TensorBoard
events under `tb/` and to the experiment trackers the run names (`veriloop.trainers.trackers`),
and a progress bar on stderr with the headline numbers (`veriloop.progress`).

On resume from checkpoint step s, lines after step s are dropped from `metrics.jsonl` and the
TensorBoard writer purges events after s, so a resumed run's logs read like an uninterrupted one.
"""

from __future__ import annotations

import json
import math
import os
from collections import defaultdict
from collections.abc import Callable, Mapping, Sequence
from contextlib import AbstractContextManager
from pathlib import Path
from typing import Any

from rich.progress import Progress
from torch.utils.tensorboard import SummaryWriter

from veriloop.algorithms.shaping import policy_tokens
from veriloop.eval.metrics import context_metrics, flag_rates
from veriloop.progress import counting, progress_bar
from veriloop.trainers.trackers import Tracker
from veriloop.types import Trajectory


def read_metrics(path: str | Path) -> list[dict[str, Any]]:
    p = Path(path)
    if not p.exists():
        return []
    return [json.loads(line) for line in p.read_text().splitlines() if line.strip()]


def truncate_metrics(path: Path, last_step: int) -> None:
    """Keep only lines with step <= last_step (atomic rewrite)."""
    rows = [r for r in read_metrics(path) if r.get("step", 0) <= last_step]
    tmp = path.with_suffix(".tmp")
    tmp.write_text("".join(json.dumps(r) + "\n" for r in rows))
    os.replace(tmp, path)


def scalars(metrics: Mapping[str, Any]) -> dict[str, float]:
    """The finite numbers among `metrics` (what TensorBoard and the trackers get)."""
    return {k: v for k, v in metrics.items()
            if isinstance(v, (int, float)) and not isinstance(v, bool) and math.isfinite(v)}


def headline(metrics: Mapping[str, Any]) -> str:
    """The progress bar's numbers, most important first (a narrow terminal cuts the last); the
    loss leads where there is no reward (SFT, DPO), else a log line would show only seconds."""
    keys = MetricsLogger.HEADLINE if "reward" in metrics else ("loss", *MetricsLogger.HEADLINE)
    return "  ".join(f"{k} {metrics[k]:.3g}" for k in keys
                     if isinstance(metrics.get(k), (int, float)))


class MetricsLogger:
    """`log(step, metrics)` writes a line, TensorBoard scalars and the trackers' metrics, and
    advances the progress bar; `close()` finishes them all (the logger owns `trackers`)."""

    HEADLINE = ("reward", "pass_rate", "entropy", "kl", "seconds")

    def __init__(self, run_dir: Path | None, total_steps: int, start_step: int = 0,
                 description: str = "train", progress: bool = True,
                 tensorboard: bool = True, trackers: Sequence[Tracker] = ()) -> None:
        """`run_dir` None: no files (a torchrun rank other than 0), only the progress bar."""
        self.trackers = list(trackers)
        self._file, self._tb = None, None
        if run_dir is None:
            tensorboard = False
        else:
            self.path = run_dir / "metrics.jsonl"
            if start_step > 0 and self.path.exists():
                truncate_metrics(self.path, start_step)
            elif start_step == 0 and self.path.exists():
                self.path.unlink()
            self._file = open(self.path, "a")  # noqa: SIM115 (open for the run; closed in close())
        if tensorboard and run_dir is not None:
            self._tb = SummaryWriter(str(run_dir / "tb"), purge_step=start_step + 1)
        self._progress: Progress | None = None
        if progress:
            self._progress = progress_bar(info=True)
            self._task = self._progress.add_task(description, total=total_steps,
                                                 completed=start_step, info="")
            self._progress.start()

    def log(self, step: int, metrics: Mapping[str, Any]) -> None:
        if self._file is not None:
            self._file.write(json.dumps({"step": step, **metrics}) + "\n")
            self._file.flush()
            os.fsync(self._file.fileno())
        numbers = scalars(metrics)
        if self._tb is not None:
            for k, v in numbers.items():
                self._tb.add_scalar(k, v, step)
            self._tb.flush()
        for tracker in self.trackers:
            tracker.log(step, numbers)
        if self._progress is not None:
            self._progress.update(self._task, completed=step, info=headline(metrics))

    def episodes(self, description: str,
                 total: int | None) -> AbstractContextManager[Callable[[Any], None] | None]:
        """A second bar counting episodes while the block runs (e.g. a held-out evaluation):
        yields a rollout runner's `on_trajectory`, None without a progress bar."""
        return counting(self._progress, description, total)

    def close(self) -> None:
        if self._file is not None:
            self._file.close()
        if self._tb is not None:
            self._tb.close()
        try:
            for tracker in self.trackers:
                tracker.close()
        finally:
            if self._progress is not None:
                self._progress.stop()


def rollout_metrics(every: Sequence[Trajectory],
                    rewards: Callable[[Sequence[Trajectory]], Any]) -> dict[str, float]:
    """A training step's rollout metrics: means over the rollouts without an infrastructure
    fault (reward by `rewards`, the trainer's shaped reward), mean grade components as
    `grade/<name>`, the share of rollouts whose grade carries each flag as `flags/<name>`, and
    counts of faults by kind as `fault/<kind>`, and the context metrics
    (`veriloop.eval.metrics.context_metrics`) as `context/<name>`."""
    valid = [t for t in every if not t.is_infra_error]
    n = max(len(valid), 1)
    m: dict[str, float] = {
        "reward": float(rewards(valid).mean()) if valid else 0.0,
        "score": sum(t.score for t in valid) / n,
        "pass_rate": sum(t.passed for t in valid) / n,
        "response_tokens": sum(policy_tokens(t) for t in valid) / n,
        "turns": sum(len(t.turns) for t in valid) / n,
        "format_violations": sum(t.format_violations for t in valid) / n,
        "tool_errors": sum(t.tool_errors for t in valid) / n,
        "infra_errors": len(every) - len(valid),
        "rollouts": len(every),
    }
    comps: dict[str, list[float]] = defaultdict(list)
    for t in valid:
        for k, v in (t.grade.components if t.grade else {}).items():
            comps[k].append(v)
    for k, vals in comps.items():
        m[f"grade/{k}"] = sum(vals) / len(vals)
    m.update({f"flags/{k}": v for k, v in flag_rates(valid).items()})
    m.update({f"context/{k}": v for k, v in context_metrics(valid).items()})
    faults: dict[str, int] = defaultdict(int)
    for t in every:
        if t.fault is not None:
            faults[t.fault.kind.value] += 1
    for k, v in faults.items():
        m[f"fault/{k}"] = v
    return m


def staleness_metrics(groups: Sequence[Sequence[Trajectory]], version: int) -> dict[str, float]:
    """How many weight updates behind `version` (the trainer's, before this step's update) the
    trained samples' oldest sampling weights are; empty for unversioned policies."""
    lags = [version - t.policy_version for g in groups for t in g if t.policy_version is not None]
    if not lags:
        return {}
    return {"staleness_mean": sum(lags) / len(lags), "staleness_max": float(max(lags))}


def timing_metrics(every: Sequence[Trajectory], rollout_s: float, train_s: float,
                   grade_s: float, seconds: float) -> dict[str, float]:
    """A training step's seconds by phase (generation and environment seconds are summed over
    the episodes' turns) and its throughput in tokens per second of rollout + training."""
    return {"rollout_s": rollout_s,
            "generate_s": sum(u.generate_seconds for t in every for u in t.turns),
            "grade_s": grade_s, "env_s": sum(u.env_seconds for t in every for u in t.turns),
            "train_s": train_s, "seconds": seconds,
            "tokens_per_s": sum(len(t.token_ids) for t in every) / max(rollout_s + train_s, 1e-9)}


def eval_metrics(summary: Mapping[str, Any]) -> dict[str, float]:
    """A held-out evaluation (`veriloop.eval.metrics.summarize(...).to_dict()`) as `eval/*`
    scalars: pass@k, score, success rate, format violations per turn, turns, flag rates as
    `eval/flags/<name>`, the context metrics as `eval/context/<name>`, and the agent metrics
    (`workspace_metrics`) that have a value as `eval/workspace/<name>`."""
    m = {f"eval/{k}": v for k, v in summary["pass_at"].items()}
    m.update({"eval/score": summary["mean_score"], "eval/success_rate": summary["success_rate"],
              "eval/format_violation_rate": summary["format_violation_rate"],
              "eval/turns": summary["mean_turns"], "eval/tasks": summary["tasks"]})
    m.update({f"eval/flags/{k}": v for k, v in summary.get("flag_rates", {}).items()})
    m.update({f"eval/context/{k}": v for k, v in summary.get("context", {}).items()})
    m.update({f"eval/workspace/{k}": v for k, v in (summary.get("workspace") or {}).items()
              if v is not None})
    return m
