"""Paired comparison of two evaluations on the same tasks: what `veriloop compare` reports.

Each side is a list of per-task results (`veriloop.eval.task_results`), one per seed or
checkpoint. Tasks are paired by id; only tasks both sides evaluated count. Per task, a side's
rate is its pass@1 (successes / samples), averaged over the side's seeds. The difference
B − A gets a paired bootstrap 95% CI over tasks (`stats.paired_difference`), overall and per
task category. With several seeds per side, the Δ of each seed pair (i-th of A against i-th
of B) is also aggregated across seeds (`stats.aggregate_seeds`: mean, CI across seeds, IQM),
which shows the spread training randomness adds on top of the tasks' spread.
"""

from __future__ import annotations

from collections.abc import Sequence
from pathlib import Path
from typing import Any

from veriloop.errors import UserError
from veriloop.eval import stats
from veriloop.eval.task_results import TaskResult

Runs = Sequence[Sequence[TaskResult]]
"""One side: its per-task results, one list per seed (or checkpoint)."""


def _rates(runs: Runs, ids: Sequence[str]) -> list[float]:
    """Each task's pass@1 on one side, averaged over its runs."""
    by_id = [{r.task_id: r for r in run} for run in runs]
    return [sum(run[i].successes / run[i].samples for run in by_id) / len(by_id) for i in ids]


def _common_ids(a: Runs, b: Runs) -> list[str]:
    """Task ids every run of both sides evaluated, in A's first run's order."""
    shared = set.intersection(*({r.task_id for r in run} for run in [*a, *b]))
    ids = [r.task_id for r in a[0] if r.task_id in shared]
    if not ids:
        raise UserError("the two sides share no task id, so there is nothing to pair: evaluate "
                        "both with the same --env, --split, --seed and --tasks")
    return ids


def _row(a: Runs, b: Runs, ids: Sequence[str]) -> dict[str, Any]:
    ra, rb = _rates(a, ids), _rates(b, ids)
    return {"tasks": len(ids), "a": sum(ra) / len(ra), "b": sum(rb) / len(rb),
            "delta": stats.paired_difference(ra, rb).to_dict()}


def compare_runs(a: Runs, b: Runs) -> dict[str, Any]:
    """The comparison: `overall` and `by_category` rows (tasks, a, b, delta {mean, ci_low,
    ci_high, n}), each side's pass@1 with its CI, the tasks left unpaired, and with several
    seeds a side, `seeds` (per-seed Δ and the across-seed aggregates)."""
    if not a or not b:
        raise UserError("each side needs at least one evaluation")
    ids = _common_ids(a, b)
    paired = set(ids)
    category = {r.task_id: r.category for run in [*b, *a] for r in run if r.category}
    out: dict[str, Any] = {
        "tasks": len(ids),
        "unpaired": {"a": len({r.task_id for run in a for r in run} - paired),
                     "b": len({r.task_id for run in b for r in run} - paired)},
        "confidence": stats.CONFIDENCE, "resamples": stats.RESAMPLES,
        "bootstrap_seed": stats.SEED,
        "overall": _row(a, b, ids),
        "by_category": {c: _row(a, b, [i for i in ids if category.get(i) == c])
                        for c in sorted({category[i] for i in ids if i in category})},
    }
    for side, runs in (("a", a), ("b", b)):
        if len(runs) == 1:
            kept = [r for r in runs[0] if r.task_id in paired]
            out[f"pass@1_{side}"] = stats.rate_interval([r.successes for r in kept],
                                                        [r.samples for r in kept]).to_dict()
        else:
            out[f"pass@1_{side}"] = stats.mean_interval(_rates(runs, ids)).to_dict()
    if len(a) > 1 or len(b) > 1:
        out["seeds"] = seed_rows(a, b, ids)
    d = out["overall"]["delta"]
    out["verdict"] = ("B better than A" if d["ci_low"] > 0 else
                      "A better than B" if d["ci_high"] < 0 else
                      "no difference resolved (the CI includes 0)")
    return out


def seed_rows(a: Runs, b: Runs, ids: Sequence[str]) -> dict[str, Any]:
    """Per seed pair, pass@1 of each side and Δ; across seeds, `stats.aggregate_seeds` of
    each. Seeds pair in order, so both sides need as many."""
    if len(a) != len(b):
        raise UserError(f"A has {len(a)} runs and B {len(b)}: with several seeds a side, give "
                        "as many on each side, in the same seed order")
    pa = [sum(_rates([run], ids)) / len(ids) for run in a]
    pb = [sum(_rates([run], ids)) / len(ids) for run in b]
    deltas = [y - x for x, y in zip(pa, pb, strict=True)]
    return {"a": stats.aggregate_seeds(pa).to_dict(), "b": stats.aggregate_seeds(pb).to_dict(),
            "delta": stats.aggregate_seeds(deltas).to_dict(), "per_seed_delta": deltas}


def plot(report: dict[str, Any], path: Path, labels: tuple[str, str]) -> None:
    """A PNG of Δ (B − A) with its 95% CI per category and overall."""
    import matplotlib  # lazy: pyplot takes 1-2 s to import; only the plot needs it

    matplotlib.use("Agg")  # no display: a file only
    import matplotlib.pyplot as plt  # lazy: after matplotlib.use("Agg"), which must come first

    rows = [("overall", report["overall"]), *report["by_category"].items()]
    names = [f"{name} (n={row['tasks']})" for name, row in rows]
    mean = [row["delta"]["mean"] for _, row in rows]
    low = [row["delta"]["mean"] - row["delta"]["ci_low"] for _, row in rows]
    high = [row["delta"]["ci_high"] - row["delta"]["mean"] for _, row in rows]
    # one row per category, overall at the top: long category names stay readable
    fig, ax = plt.subplots(figsize=(7.0, 0.45 * len(rows) + 1.3))
    ax.errorbar(mean, range(len(rows)), xerr=[low, high], fmt="o", capsize=4,
                color="tab:blue")
    ax.axvline(0, color="grey", linewidth=0.8)
    ax.set_yticks(range(len(rows)), names)
    ax.set_ylim(-0.6, len(rows) - 0.4)
    ax.invert_yaxis()
    ax.set_xlabel("Δ pass@1 (B − A), 95% paired bootstrap CI")
    ax.set_title(f"B = {labels[1]}  vs  A = {labels[0]}", fontsize=9)
    fig.savefig(path, format="png", dpi=90, bbox_inches="tight")
    plt.close(fig)
