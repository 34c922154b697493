"""Per-task pass-rate profiles: how often the current policy solves each task, as a table and a
histogram (`veriloop data profile`). The same estimate drives pass-rate task selection
(`veriloop.data.task_selection`); the histogram shows how much of a pool is always solved (no
GRPO signal), never solved (none either) or in between."""

from __future__ import annotations

import csv
import json
from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path

from veriloop.data.task_selection import pass_rates
from veriloop.types import Trajectory


@dataclass(frozen=True)
class TaskProfile:
    task_id: str
    passed: int
    samples: int
    mean_score: float

    @property
    def pass_rate(self) -> float:
        return self.passed / self.samples if self.samples else 0.0


def profile_tasks(trajectories: Sequence[Trajectory]) -> list[TaskProfile]:
    """One row per task (sorted by id): passes, valid samples and mean grade score."""
    scores: dict[str, list[float]] = {}
    for t in trajectories:
        if not t.is_infra_error:
            scores.setdefault(t.task_id, []).append(t.score)
    return [TaskProfile(tid, p, n, sum(scores[tid]) / len(scores[tid]))
            for tid, (p, n) in sorted(pass_rates(trajectories).items())]


def histogram(rates: Sequence[float], bins: int = 10) -> list[int]:
    """Counts of pass rates in `bins` equal bins over [0, 1]; the last bin includes 1.0."""
    counts = [0] * bins
    for r in rates:
        counts[min(int(r * bins), bins - 1)] += 1
    return counts


def summary(rows: Sequence[TaskProfile]) -> dict[str, float]:
    rates = [r.pass_rate for r in rows]
    n = max(len(rates), 1)
    return {"tasks": len(rows), "mean_pass_rate": sum(rates) / n,
            "always_solved": sum(r >= 1.0 for r in rates) / n,
            "never_solved": sum(r <= 0.0 for r in rates) / n,
            "informative": sum(0.0 < r < 1.0 for r in rates) / n}


def write_profile(rows: Sequence[TaskProfile], report_dir: Path, bins: int = 10) -> dict[str, str]:
    """pass_rates.csv (the table), pass_rate_hist.png (the histogram) and profile.json (the
    summary and the bin counts) under `report_dir`; returns their paths."""
    import matplotlib  # lazy: pyplot takes 1-2 s to import; only the plot needs it

    matplotlib.use("Agg")
    import matplotlib.pyplot as plt  # lazy: after matplotlib.use("Agg"), which must come first

    report_dir.mkdir(parents=True, exist_ok=True)
    table = report_dir / "pass_rates.csv"
    with table.open("w", newline="") as f:
        w = csv.writer(f)
        w.writerow(["task_id", "passed", "samples", "pass_rate", "mean_score"])
        for r in rows:
            w.writerow([r.task_id, r.passed, r.samples, f"{r.pass_rate:.4f}", f"{r.mean_score:.4f}"])
    counts = histogram([r.pass_rate for r in rows], bins)
    fig, ax = plt.subplots(figsize=(5.5, 3.2))
    ax.bar([(i + 0.5) / bins for i in range(bins)], counts, width=0.9 / bins)
    ax.set_xlabel("pass rate")
    ax.set_ylabel("tasks")
    ax.set_title(f"per-task pass rate ({len(rows)} tasks)")
    png = report_dir / "pass_rate_hist.png"
    fig.savefig(png, dpi=90, bbox_inches="tight")
    plt.close(fig)
    meta = report_dir / "profile.json"
    meta.write_text(json.dumps({**summary(rows), "histogram": counts, "bins": bins}, indent=2))
    return {"table": str(table), "histogram": str(png), "summary": str(meta)}
