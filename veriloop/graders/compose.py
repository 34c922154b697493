"""Composite graders: weighted sums, gates, concurrency, schedules over training steps, and
rank-based group rewards.

A `Composite` holds named components, each a grader with a weight (a constant or a `Schedule`
over training steps) and optional gates (names of components that must pass first, e.g. no
style reward for a failing patch). Components whose gates are satisfied run concurrently in
threads, wave by wave, so a slow judge and a fast verifier overlap. The reward is

    score = sum_i w_i(step) * s_i        (a gated-out component contributes `gated_value`)

with no renormalization, so a weight of 0 keeps a component as a logged metric only. Every
component is logged in `Grade.components`: `<name>` (its score), `<name>/<sub>` (its own
components), `w/<name>` (its weight at this step) and `gated/<name>` (1.0 when its gate failed).
Components' sub-goals are passed on with their values times the component's weight.

The training step is explicit: `composite.at_step(step)` returns a grader fixed at that step
(pure), and `set_step(step)` sets it on this instance for trainers that hold one grader.
Group-level rewards take all G trajectories of one task at once: `rank_rewards` turns scores
into ranks in [0, 1] (ties averaged), and `grade_group` applies a grader and a group transform.
"""

from __future__ import annotations

import bisect
import inspect
from collections.abc import Callable, Mapping, Sequence
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass, field, replace
from pathlib import Path
from typing import Any

import yaml

from veriloop.graders.base import Grader, get_grader, grader_factory, register_grader
from veriloop.types import Grade, Subgoal, Task, Trajectory


@dataclass(frozen=True)
class Schedule:
    """A weight that changes over training steps: piecewise-linear through `points`
    [(step, weight), ...], constant before the first and after the last point
    (`kind="step"` holds each value until the next point instead of interpolating)."""

    points: tuple[tuple[int, float], ...]
    kind: str = "linear"

    def __post_init__(self) -> None:
        if not self.points:
            raise ValueError("a schedule needs at least one (step, weight) point")
        steps = [s for s, _ in self.points]
        if steps != sorted(steps) or len(set(steps)) != len(steps):
            raise ValueError(f"schedule steps must increase strictly, got {steps}")
        if self.kind not in ("linear", "step"):
            raise ValueError(f"schedule kind must be 'linear' or 'step', got {self.kind!r}")

    def at(self, step: int) -> float:
        steps = [s for s, _ in self.points]
        i = bisect.bisect_right(steps, step)
        if i == 0:
            return self.points[0][1]
        if i == len(steps) or self.kind == "step":
            return self.points[i - 1][1]
        (s0, w0), (s1, w1) = self.points[i - 1], self.points[i]
        return w0 + (w1 - w0) * (step - s0) / (s1 - s0)

    @classmethod
    def parse(cls, spec: Any) -> float | Schedule:
        """A number, [[step, w], ...], or {"points": [[step, w], ...], "kind": "linear"}."""
        if isinstance(spec, (int, float)):
            return float(spec)
        if isinstance(spec, Schedule):
            return spec
        if isinstance(spec, Mapping):
            return cls(tuple((int(s), float(w)) for s, w in spec["points"]),
                       spec.get("kind", "linear"))
        if isinstance(spec, Sequence):
            return cls(tuple((int(s), float(w)) for s, w in spec))
        raise ValueError(f"a weight must be a number or a schedule, got {spec!r}")


def weight_at(weight: float | Schedule, step: int) -> float:
    return weight.at(step) if isinstance(weight, Schedule) else float(weight)


@dataclass(frozen=True)
class Component:
    name: str
    grader: Grader
    weight: float | Schedule = 1.0
    gates: tuple[str, ...] = ()  # components that must have passed for this one to run


@dataclass
class Composite:
    """A weighted, gated, scheduled combination of graders (see the module docstring)."""

    components: tuple[Component, ...]
    step: int = 0
    passed_from: str | None = None  # whose `passed` is ours; default: the first component
    gated_value: float = 0.0
    concurrency: int = 4
    _order: tuple[tuple[Component, ...], ...] = field(default=(), repr=False, compare=False)

    def __post_init__(self) -> None:
        names = [c.name for c in self.components]
        if not names:
            raise ValueError("a composite grader needs at least one component")
        if len(set(names)) != len(names):
            raise ValueError(f"component names must be unique, got {names}")
        for c in self.components:
            unknown = [g for g in c.gates if g not in names]
            if unknown:
                raise ValueError(f"component {c.name!r} is gated on unknown {unknown}; "
                                 f"known components: {', '.join(names)}")
        if self.passed_from is not None and self.passed_from not in names:
            raise ValueError(f"passed_from={self.passed_from!r} is not a component: {names}")
        self._order = _waves(self.components)

    def at_step(self, step: int) -> Composite:
        """The same grader with weights fixed at training step `step`."""
        return replace(self, step=step)

    def set_step(self, step: int) -> None:
        """Set the training step in place (for trainers that hold one grader object)."""
        self.step = step

    def weights(self) -> dict[str, float]:
        return {c.name: weight_at(c.weight, self.step) for c in self.components}

    def __call__(self, task: Task, trajectory: Trajectory, state: Any) -> Grade:
        step = self.step  # read once: a concurrent set_step must not mix two steps in one grade
        grades: dict[str, Grade] = {}
        gated: set[str] = set()
        with ThreadPoolExecutor(max_workers=max(1, self.concurrency)) as ex:
            for wave in self._order:
                ready = []
                for c in wave:
                    if all(g not in gated and grades[g].passed for g in c.gates):
                        ready.append(c)
                    else:
                        gated.add(c.name)
                futures = {c.name: ex.submit(c.grader, task, trajectory, state) for c in ready}
                for name, fut in futures.items():
                    grades[name] = fut.result()
        comps: dict[str, float] = {}
        flags: list[str] = []
        notes: list[str] = []
        subgoals: list[Subgoal] = []
        score = 0.0
        for c in self.components:
            w = weight_at(c.weight, step)
            comps[f"w/{c.name}"] = w
            comps[f"gated/{c.name}"] = float(c.name in gated)
            if c.name in gated:
                s = self.gated_value
                notes.append(f"{c.name}: gated out (needs {', '.join(c.gates)})")
            else:
                g = grades[c.name]
                s = g.score
                for k, v in g.components.items():
                    comps[f"{c.name}/{k}"] = v
                flags.extend(f for f in g.flags if f not in flags)
                subgoals += [sg.model_copy(update={"value": w * sg.value}) for sg in g.subgoals]
                if g.explanation:
                    notes.append(f"{c.name}: {g.explanation}")
            comps[c.name] = s
            score += w * s
        head = self.passed_from or self.components[0].name
        passed = head not in gated and grades[head].passed
        return Grade(score=score, passed=passed, components=comps, flags=tuple(flags),
                     explanation="; ".join(notes), subgoals=tuple(subgoals))


def _waves(components: Sequence[Component]) -> tuple[tuple[Component, ...], ...]:
    """Components in dependency waves: each wave only depends on earlier ones."""
    done: set[str] = set()
    left = list(components)
    waves: list[tuple[Component, ...]] = []
    while left:
        wave = tuple(c for c in left if all(g in done for g in c.gates))
        if not wave:
            raise ValueError(f"gates form a cycle among {[c.name for c in left]}")
        waves.append(wave)
        done.update(c.name for c in wave)
        left = [c for c in left if c.name not in done]
    return tuple(waves)


def build_grader(spec: Any, **context: Any) -> Grader:
    """A grader from a config value: a registered name, {"name": ..., "options": {...}}, or an
    already-built grader. `context` (e.g. `policy=` for judges) goes to factories that take it."""
    if callable(spec):
        return spec
    if isinstance(spec, str):
        return get_grader(spec)
    if isinstance(spec, Mapping) and "name" in spec:
        opts = dict(spec.get("options", {}))
        for k, v in context.items():
            if k in _accepts(spec["name"]):
                opts.setdefault(k, v)
        return get_grader(spec["name"], **opts)
    raise ValueError(f"cannot build a grader from {spec!r}; use a registered name or "
                     "{'name': ..., 'options': {...}}")


def load_grader(path: str | Path, **context: Any) -> Grader:
    """A grader from a YAML file: either `{name: ..., options: {...}}` or a run config whose
    `grader:` section has that form (e.g. configs/graders/arithmetic_judged.yaml)."""
    p = Path(path)
    if not p.exists():
        raise FileNotFoundError(f"grader config {p} does not exist")
    data = yaml.safe_load(p.read_text()) or {}
    spec = data.get("grader", data) if isinstance(data, Mapping) else None
    if not isinstance(spec, Mapping) or "name" not in spec:
        raise ValueError(f"{p}: expected {{name: <grader>, options: {{...}}}} or a run config "
                         "with a 'grader:' section of that form")
    return build_grader(spec, **context)


def _accepts(name: str) -> set[str]:
    factory = grader_factory(name)
    return set(inspect.signature(factory).parameters) if factory else set()


@register_grader("composite")
def composite(components: Sequence[Mapping[str, Any]], passed_from: str | None = None,
              gated_value: float = 0.0, concurrency: int = 4, step: int = 0,
              **context: Any) -> Composite:
    """Weighted, gated and scheduled sum of component graders.

    From config: components = [{"name", "grader": <name or {name, options}>, "weight":
    <number or schedule>, "gates": [names]}]. Extra keyword `context` (e.g. `policy`) reaches
    sub-grader factories that accept it (judges)."""
    built = []
    for i, c in enumerate(components):
        if "grader" not in c:
            raise ValueError(f"component #{i} needs a 'grader' (a registered grader name)")
        name = c.get("name") or (c["grader"] if isinstance(c["grader"], str)
                                 else c["grader"]["name"])
        built.append(Component(name, build_grader(c["grader"], **context),
                               Schedule.parse(c.get("weight", 1.0)),
                               tuple(c.get("gates", ()))))
    return Composite(tuple(built), step, passed_from, gated_value, concurrency)


# --------------------------------------------------------------------------- group rewards

def rank_rewards(scores: Sequence[float]) -> list[float]:
    """Ranks of `scores` within one group, scaled to [0, 1] (worst 0, best 1), ties averaged;
    a group of one, or of equal scores, gets 0.5 each."""
    n = len(scores)
    if n == 0:
        return []
    if n == 1:
        return [0.5]
    order = sorted(range(n), key=lambda i: scores[i])
    ranks = [0.0] * n
    i = 0
    while i < n:
        j = i
        while j + 1 < n and scores[order[j + 1]] == scores[order[i]]:
            j += 1
        for k in range(i, j + 1):
            ranks[order[k]] = (i + j) / 2
        i = j + 1
    return [r / (n - 1) for r in ranks]


GroupTransform = Callable[[Sequence[float]], list[float]]


def grade_group(grader: Grader, task: Task, trajectories: Sequence[Trajectory],
                states: Sequence[Any] | None = None,
                transform: GroupTransform = rank_rewards) -> list[Grade]:
    """Grade the G trajectories of one task, then replace each score by `transform` of the
    group's scores (rank-based by default). The raw score stays as component `raw`."""
    states = list(states) if states is not None else [None] * len(trajectories)
    if len(states) != len(trajectories):
        raise ValueError(f"{len(trajectories)} trajectories but {len(states)} states")
    grades = [grader(task, t, s) for t, s in zip(trajectories, states, strict=True)]
    return regroup(grades, transform)


def regroup(grades: Sequence[Grade], transform: GroupTransform = rank_rewards) -> list[Grade]:
    """Apply a group transform to existing grades (e.g. those the runner attached)."""
    new = transform([g.score for g in grades])
    return [g.model_copy(update={"score": s, "components": {**g.components, "raw": g.score,
                                                             "group_rank": s}})
            for g, s in zip(grades, new, strict=True)]
