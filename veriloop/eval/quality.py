"""Benchmark quality: is a suite of tasks still telling models apart, and can its grading be
trusted? Measures over a results matrix `{model: {task: solve rate}}` (a model may be a
checkpoint; a solve rate is the share of a task's samples that passed):

- saturation: a task is saturated when every model solves it (its lowest solve rate is at
  least `solved_at`); the suite's saturation is the share of saturated tasks;
- never solved: no sample of any model passed: a candidate label error (or an impossible task)
  to look at by hand;
- difficulty: 1 - the task's mean solve rate; the suite's spread is their (population) standard
  deviation and a histogram over five equal bins;
- discrimination: the corrected item-total correlation of classical test theory: the Pearson
  correlation, across models, between the task's solve rate and the model's mean solve rate on
  the *other* tasks (0 when either is constant: a task every model solves alike separates no
  one); negative values mark tasks that better models fail more often;
- verifier agreement: two graders' pass/fail verdicts on the same trajectories, as raw agreement
  and Cohen's kappa, (p_o - p_e) / (1 - p_e), which discounts the agreement expected by chance.
"""

from __future__ import annotations

import math
from collections.abc import Mapping, Sequence
from dataclasses import asdict, dataclass, field
from typing import Any

Results = Mapping[str, Mapping[str, float]]


def pearson(x: Sequence[float], y: Sequence[float]) -> float:
    """Pearson correlation; 0.0 when either series is constant (or shorter than 2)."""
    n = len(x)
    if n < 2:
        return 0.0
    mx, my = sum(x) / n, sum(y) / n
    sxy = sum((a - mx) * (b - my) for a, b in zip(x, y, strict=True))
    sxx = sum((a - mx) ** 2 for a in x)
    syy = sum((b - my) ** 2 for b in y)
    if sxx <= 1e-15 or syy <= 1e-15:
        return 0.0
    return sxy / math.sqrt(sxx * syy)


def cohen_kappa(a: Sequence[bool], b: Sequence[bool]) -> float:
    """Cohen's kappa of two binary raters; 1.0 when both give one identical constant verdict."""
    if len(a) != len(b) or not a:
        raise ValueError("cohen_kappa needs two equally long, non-empty verdict lists")
    n = len(a)
    p_o = sum(x == y for x, y in zip(a, b, strict=True)) / n
    pa, pb = sum(a) / n, sum(b) / n
    p_e = pa * pb + (1 - pa) * (1 - pb)
    if p_e >= 1.0:
        return 1.0 if p_o == 1.0 else 0.0
    return (p_o - p_e) / (1 - p_e)


@dataclass(frozen=True)
class TaskQuality:
    task_id: str
    solve_rates: dict[str, float]
    difficulty: float
    discrimination: float
    saturated: bool
    never_solved: bool


@dataclass(frozen=True)
class SuiteQuality:
    models: list[str]
    tasks: list[TaskQuality]
    saturation: float
    never_solved: list[str]
    difficulty_mean: float
    difficulty_spread: float
    difficulty_histogram: list[int]  # tasks per difficulty bin [0, .2), ..., [.8, 1]
    discrimination_mean: float
    model_scores: dict[str, float] = field(default_factory=dict)

    def to_dict(self) -> dict[str, Any]:
        return asdict(self)


def suite_quality(results: Results, solved_at: float = 0.9) -> SuiteQuality:
    """The measures above for the tasks every model was evaluated on."""
    models = list(results)
    if not models:
        raise ValueError("suite_quality needs results of at least one model")
    task_ids = sorted(set.intersection(*(set(results[m]) for m in models)))
    if not task_ids:
        raise ValueError("the models share no evaluated task")
    rates = {t: [float(results[m][t]) for m in models] for t in task_ids}
    tasks = []
    for t in task_ids:
        others = [u for u in task_ids if u != t]
        rest = [sum(rates[u][i] for u in others) / len(others) if others else 0.0
                for i in range(len(models))]
        r = rates[t]
        tasks.append(TaskQuality(
            task_id=t, solve_rates=dict(zip(models, r, strict=True)),
            difficulty=1 - sum(r) / len(r), discrimination=pearson(r, rest),
            saturated=min(r) >= solved_at, never_solved=max(r) == 0.0))
    diffs = [q.difficulty for q in tasks]
    mean = sum(diffs) / len(diffs)
    hist = [0] * 5
    for d in diffs:
        hist[min(int(d * 5), 4)] += 1
    return SuiteQuality(
        models=models, tasks=tasks, saturation=sum(q.saturated for q in tasks) / len(tasks),
        never_solved=[q.task_id for q in tasks if q.never_solved], difficulty_mean=mean,
        difficulty_spread=math.sqrt(sum((d - mean) ** 2 for d in diffs) / len(diffs)),
        difficulty_histogram=hist,
        discrimination_mean=sum(q.discrimination for q in tasks) / len(tasks),
        model_scores={m: sum(rates[t][i] for t in task_ids) / len(task_ids)
                      for i, m in enumerate(models)})


@dataclass(frozen=True)
class Agreement:
    n: int
    agreement: float
    kappa: float
    disagreements: list[str]  # trajectory ids on which the verdicts differ


def verifier_agreement(ids: Sequence[str], a: Sequence[bool], b: Sequence[bool]) -> Agreement:
    """Agreement of two graders' verdicts `a` and `b` on the trajectories `ids`."""
    n = len(ids)
    if not n:
        raise ValueError("verifier_agreement needs at least one trajectory")
    same = [x == y for x, y in zip(a, b, strict=True)]
    return Agreement(n, sum(same) / n, cohen_kappa(a, b),
                     [i for i, s in zip(ids, same, strict=True) if not s])


def results_from_trajectories(groups: Mapping[str, Sequence[Any]]) -> dict[str, dict[str, float]]:
    """{model: trajectories} -> {model: {task: share passed}}; infrastructure errors are left
    out (not the model's doing)."""
    out: dict[str, dict[str, float]] = {}
    for model, trajs in groups.items():
        per: dict[str, list[bool]] = {}
        for t in trajs:
            if not t.is_infra_error:
                per.setdefault(t.task_id, []).append(t.passed)
        out[model] = {k: sum(v) / len(v) for k, v in per.items()}
    return out
