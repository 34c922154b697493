"""Evaluation metrics over trajectories.

pass@k uses the unbiased estimator of Chen et al. (2021): with n samples of which c pass,
pass@k = 1 - C(n-c, k) / C(n, k), computed as a product to stay exact for large n. It is
averaged over tasks. Infrastructure-errored trajectories are not the policy's doing: they are
left out of every rate and counted on their own (`infra_errors`).

Agent metrics of the book's section 12.6.12 (`workspace_metrics`, one function each):
completion per level and on cross-app tasks, safety violations per 1,000 episodes, calls
relative to the optimum, per-call recovery, clarification precision and recall, and time to
first action. They read what any environment can provide: `Grade.components`
(`hard_violations`, `soft_violations`, `calls`, `optimal_calls`), the tool calls and results
of the turns, and task metadata (`level`, `apps`, `ambiguous`; `Task.difficulty` and the
trajectory's recorded `difficulty` stand in for `level`). A rate with no episode to take it
over is None, not 0.

Context metrics (`context_metrics`): the share of episodes whose history a summary replaced,
contexts (segments) per episode, and the mean context length a turn was sampled in.

Per-category success (`completion_by_category`): tasks that carry `metadata["category"]`
(bfcl's categories) get their success rate broken down by it (`by_category`).
"""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import asdict, dataclass, field
from typing import Any

from veriloop.types import Task, Trajectory

Tasks = Mapping[str, Task] | Iterable[Task] | None
"""Tasks by id (or a list of them) to look task metadata up in; None: trajectories only."""


def pass_at_k(n: int, c: int, k: int) -> float:
    """Probability that at least one of k samples drawn without replacement from n (c correct)
    is correct."""
    if not 0 <= c <= n:
        raise ValueError(f"need 0 <= c <= n, got n={n}, c={c}")
    if not 1 <= k <= n:
        raise ValueError(f"need 1 <= k <= n, got n={n}, k={k}")
    if n - c < k:
        return 1.0
    prob_all_fail = 1.0
    for i in range(n - c + 1, n + 1):
        prob_all_fail *= 1.0 - k / i
    return 1.0 - prob_all_fail


@dataclass(frozen=True)
class Summary:
    trajectories: int
    tasks: int
    infra_errors: int
    mean_score: float
    success_rate: float
    pass_at: dict[int, float] = field(default_factory=dict)
    mean_turns: float = 0.0
    mean_tokens: float = 0.0
    format_violation_rate: float = 0.0
    """Format violations per turn."""
    episodes_with_format_violation: float = 0.0
    tool_error_recovery_rate: float | None = None
    """Of the episodes that hit a tool or format error, the share that still succeeded
    (None when no episode hit one)."""
    fault_counts: dict[str, int] = field(default_factory=dict)
    flag_rates: dict[str, float] = field(default_factory=dict)
    """Per `Grade.flags` name, the share of episodes (without an infrastructure error) whose
    grade carries it (e.g. the code environment's hacking flags)."""
    workspace: dict[str, float | None] | None = None
    """`workspace_metrics` when the trajectories carry what they need (None otherwise)."""
    context: dict[str, float] = field(default_factory=dict)
    """`context_metrics` of the episodes without an infrastructure error."""
    by_category: dict[str, float] = field(default_factory=dict)
    """Success rate per task `metadata["category"]` (e.g. bfcl's); empty when no task has one."""

    def to_dict(self) -> dict:
        out = asdict(self)
        out["pass_at"] = {f"pass@{k}": v for k, v in self.pass_at.items()}
        return out


def flag_rates(trajectories: Sequence[Trajectory]) -> dict[str, float]:
    """Share of `trajectories` whose grade carries each flag (a flag counts once per episode);
    flags never raised are absent, not 0."""
    counts: dict[str, int] = defaultdict(int)
    for t in trajectories:
        for flag in set(t.grade.flags if t.grade else ()):
            counts[flag] += 1
    return {k: counts[k] / len(trajectories) for k in sorted(counts)}


def first_infra_error(trajectories: Iterable[Trajectory]) -> str | None:
    """`kind: reason` of the first episode that ended in an infrastructure error (None if none):
    what a summary shows so that a dead server or a crashing environment is named."""
    fault = next((t.fault for t in trajectories if t.is_infra_error), None)
    return None if fault is None else f"{fault.kind.value}: {fault.reason}"


def context_metrics(trajectories: Sequence[Trajectory]) -> dict[str, float]:
    """`summarized`: share of episodes in which a summary replaced the history; `segments`:
    contexts per episode (1 when the context only grew); `context_tokens_per_turn`: mean length
    of the context each turn was sampled in (prompt and earlier turns of that context)."""
    n = len(trajectories)
    lengths = []
    for t in trajectories:
        for c in t.contexts():
            size = len(c.token_ids) - sum(len(u.action_ids) + len(u.observation_ids)
                                          for u in t.turns[c.start:c.end])
            for u in t.turns[c.start:c.end]:
                lengths.append(size)
                size += len(u.action_ids) + len(u.observation_ids)
    return {
        "summarized": sum(any(s.reason == "summary" for s in t.segments)
                          for t in trajectories) / n if n else 0.0,
        "segments": sum(1 + len(t.segments) for t in trajectories) / n if n else 0.0,
        "context_tokens_per_turn": sum(lengths) / len(lengths) if lengths else 0.0,
    }


def summarize(trajectories: Sequence[Trajectory], ks: Sequence[int] = (1,),
              tasks: Tasks = None) -> Summary:
    """Aggregate metrics; pass@k for each k no larger than every task's sample count; the
    agent metrics of `workspace_metrics` when they apply (`tasks` supplies task metadata)."""
    valid = [t for t in trajectories if not t.is_infra_error]
    faults: dict[str, int] = defaultdict(int)
    for t in trajectories:
        if t.fault is not None:
            faults[t.fault.kind.value] += 1
    by_task: dict[str, list[Trajectory]] = defaultdict(list)
    for t in valid:
        by_task[t.task_id].append(t)
    pass_at: dict[int, float] = {}
    if by_task:
        min_n = min(len(v) for v in by_task.values())
        for k in sorted(set(ks)):
            if k <= min_n:
                pass_at[k] = sum(pass_at_k(len(v), sum(t.passed for t in v), k)
                                 for v in by_task.values()) / len(by_task)
    n = len(valid)
    turns = sum(len(t.turns) for t in valid)
    hit_error = [t for t in valid if t.tool_errors or t.format_violations]
    return Summary(
        trajectories=len(trajectories), tasks=len({t.task_id for t in trajectories}),
        infra_errors=len(trajectories) - n,
        mean_score=sum(t.score for t in valid) / n if n else 0.0,
        success_rate=sum(t.passed for t in valid) / n if n else 0.0,
        pass_at=pass_at,
        mean_turns=turns / n if n else 0.0,
        mean_tokens=sum(len(t.token_ids) for t in valid) / n if n else 0.0,
        format_violation_rate=sum(t.format_violations for t in valid) / turns if turns else 0.0,
        episodes_with_format_violation=(sum(t.format_violations > 0 for t in valid) / n
                                        if n else 0.0),
        tool_error_recovery_rate=(sum(t.passed for t in hit_error) / len(hit_error)
                                  if hit_error else None),
        fault_counts=dict(faults),
        flag_rates=flag_rates(valid),
        workspace=workspace_metrics(trajectories, tasks),
        context=context_metrics(valid),
        by_category=completion_by_category(valid, tasks),
    )


# -- agent metrics (section 12.6.12) -------------------------------------------------------

def _by_id(tasks: Tasks) -> dict[str, Task]:
    if tasks is None:
        return {}
    if isinstance(tasks, Mapping):
        return dict(tasks)
    return {t.id: t for t in tasks}


def task_facts(trajectory: Trajectory, tasks: Mapping[str, Task]) -> dict[str, Any]:
    """The trajectory's recorded metadata overlaid with its task's metadata, with `level` set
    from (first found) the task's `level` metadata, `Task.difficulty`, or the recorded
    `difficulty`."""
    task = tasks.get(trajectory.task_id)
    facts = {**trajectory.metadata, **(task.metadata if task else {})}
    if facts.get("level") is None:
        facts["level"] = task.difficulty if task else trajectory.metadata.get("difficulty")
    return facts


def _valid(trajectories: Iterable[Trajectory]) -> list[Trajectory]:
    return [t for t in trajectories if not t.is_infra_error]


def _rate(hits: int, n: int) -> float | None:
    return hits / n if n else None


def completion_by_level(trajectories: Sequence[Trajectory],
                        tasks: Tasks = None) -> dict[int, float]:
    """Share of passed episodes at each task level (levels without episodes are absent)."""
    by_id, runs = _by_id(tasks), defaultdict(list)
    for t in _valid(trajectories):
        level = task_facts(t, by_id)["level"]
        if level is not None:
            runs[int(level)].append(t.passed)
    return {lv: sum(v) / len(v) for lv, v in sorted(runs.items())}


def completion_by_category(trajectories: Sequence[Trajectory],
                           tasks: Tasks = None) -> dict[str, float]:
    """Share of passed episodes per task `category` metadata (tasks without one are left out)."""
    by_id, runs = _by_id(tasks), defaultdict(list)
    for t in _valid(trajectories):
        category = task_facts(t, by_id).get("category")
        if category is not None:
            runs[str(category)].append(t.passed)
    return {c: sum(v) / len(v) for c, v in sorted(runs.items())}


def cross_app_completion(trajectories: Sequence[Trajectory],
                         tasks: Tasks = None) -> float | None:
    """Share of passed episodes among tasks whose metadata names 2 or more `apps`."""
    by_id = _by_id(tasks)
    cross = [t for t in _valid(trajectories) if len(task_facts(t, by_id).get("apps") or ()) >= 2]
    return _rate(sum(t.passed for t in cross), len(cross))


def violations_per_1000(trajectories: Sequence[Trajectory], kind: str = "hard") -> float | None:
    """Safety violations of `kind` (hard or soft) per 1,000 episodes: the sum of the grades'
    `<kind>_violations` component (a count per episode) × 1000 / episodes, over the episodes
    whose grade has that component."""
    key = f"{kind}_violations"
    counts = [t.grade.components[key] for t in _valid(trajectories)
              if t.grade is not None and key in t.grade.components]
    return 1000 * sum(counts) / len(counts) if counts else None


def tool_calls(trajectory: Trajectory) -> int:
    return sum(len(u.tool_calls) for u in trajectory.turns)


def calls_over_optimal(trajectories: Sequence[Trajectory], tasks: Tasks = None) -> float | None:
    """Mean over passed episodes of calls / optimal calls. Calls: the grade's `calls`
    component, else the tool calls in the turns; optimal: the grade's `optimal_calls`
    component, else the task's `verification["optimal_calls"]`; episodes without a positive
    optimum are left out. 1.0 is optimal; the book's target is within 1.5."""
    by_id, ratios = _by_id(tasks), []
    for t in _valid(trajectories):
        if not t.passed:
            continue
        comps = t.grade.components if t.grade else {}
        task = by_id.get(t.task_id)
        optimal = comps.get("optimal_calls",
                            task.verification.get("optimal_calls", 0) if task else 0)
        if optimal and optimal > 0:
            ratios.append(comps.get("calls", tool_calls(t)) / optimal)
    return sum(ratios) / len(ratios) if ratios else None


def recovery_counts(trajectory: Trajectory) -> tuple[int, int]:
    """(failed tool calls, those recovered). A call failed when its `ToolResult.is_error`; it
    is recovered when a later result in the same episode (later in the same turn or in a later
    turn) of the same tool name is not an error. Arguments may differ (a corrected retry counts);
    several failures before one success are all recovered."""
    results = [r for u in trajectory.turns for r in u.tool_results]
    failed = recovered = 0
    for i, r in enumerate(results):
        if r.is_error:
            failed += 1
            recovered += any(later.name == r.name and not later.is_error
                             for later in results[i + 1:])
    return failed, recovered


def recovery_rate(trajectories: Sequence[Trajectory]) -> float | None:
    """Per-call recovery rate: recovered failed calls / failed calls, pooled over episodes
    (`recovery_counts`); None when no call failed. (Unlike `Summary.tool_error_recovery_rate`,
    which counts episodes that still passed.)"""
    pairs = [recovery_counts(t) for t in _valid(trajectories)]
    return _rate(sum(r for _, r in pairs), sum(f for f, _ in pairs))


def asked(trajectory: Trajectory, tool: str = "ask_user") -> bool:
    return any(c.name == tool for u in trajectory.turns for c in u.tool_calls)


def clarification(trajectories: Sequence[Trajectory], tasks: Tasks = None,
                  tool: str = "ask_user") -> tuple[float | None, float | None]:
    """(precision, recall) of asking: asked = the episode calls `tool`; should ask = its task's
    metadata `ambiguous` is true. Precision: share of asking episodes whose task was ambiguous;
    recall: share of ambiguous-task episodes that asked. Episodes whose task does not say
    `ambiguous` are left out."""
    by_id, both, n_asked, n_should = _by_id(tasks), 0, 0, 0
    for t in _valid(trajectories):
        facts = task_facts(t, by_id)
        if "ambiguous" not in facts:
            continue
        a, s = asked(t, tool), bool(facts["ambiguous"])
        both, n_asked, n_should = both + (a and s), n_asked + a, n_should + s
    return _rate(both, n_asked), _rate(both, n_should)


def time_to_first_action(trajectory: Trajectory) -> float | None:
    """Seconds from the prompt to the first tool call: generation and environment seconds of
    the turns before the first turn with a tool call, plus that turn's generation seconds; None
    if the episode made no call."""
    elapsed = 0.0
    for u in trajectory.turns:
        if u.tool_calls:
            return elapsed + u.generate_seconds
        elapsed += u.generate_seconds + u.env_seconds
    return None


def workspace_metrics(trajectories: Sequence[Trajectory],
                      tasks: Tasks = None) -> dict[str, float | None] | None:
    """The agent metrics above as one flat dict (`completion_L<k>` per level), or None when
    the episodes carry neither violation counts in their grades nor `apps` in task metadata
    (any environment providing these gets them, not only `workspace`)."""
    by_id, valid = _by_id(tasks), _valid(trajectories)
    if not any((t.grade is not None and "hard_violations" in t.grade.components)
               or task_facts(t, by_id).get("apps") for t in valid):
        return None
    precision, recall = clarification(valid, by_id)
    firsts = [x for x in map(time_to_first_action, valid) if x is not None]
    out: dict[str, float | None] = {"episodes": float(len(valid))}
    out.update({f"completion_L{lv}": v for lv, v in completion_by_level(valid, by_id).items()})
    out.update({
        "cross_app_completion": cross_app_completion(valid, by_id),
        "hard_violations_per_1000": violations_per_1000(valid, "hard"),
        "soft_violations_per_1000": violations_per_1000(valid, "soft"),
        "calls_over_optimal": calls_over_optimal(valid, by_id),
        "recovery_rate": recovery_rate(valid),
        "clarification_precision": precision, "clarification_recall": recall,
        "time_to_first_action_s": sum(firsts) / len(firsts) if firsts else None,
    })
    return out
