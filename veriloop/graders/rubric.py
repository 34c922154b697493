"""Rubric grader: a list of weighted criteria, each a programmatic check or a judge question.

A rubric file (YAML):

    name: incident_postmortem
    description: what the task asks
    criteria:
      - name: has_sections
        weight: 2
        check: {name: has_sections, sections: [Summary, Timeline]}
      - name: blames_person
        weight: -2                      # a negative weight is a penalty when the criterion holds
        question: Does the postmortem blame a named individual?

Programmatic checks (`CHECKS`) take the response text (and the task and trajectory) plus their
parameters and return a value in [0, 1]. Judge questions go to an LLM judge (`judge.Judge`) as
YES/NO questions, all of one response in one batched call; an unparseable verdict scores
`failure_value` (0.0, so neither reward nor penalty) and is counted in `rubric_unparseable`. A
non-answer (`judge.is_non_answer`: ":", "Thought process:") is not shown to the judge; its judge
criteria score 0.

score = sum_i w_i * s_i / sum_{w_i > 0} w_i, so a response meeting every positive criterion and
no penalty scores 1.0; penalties can take it below 0. Components: `rubric/<criterion>` (each
criterion's value in [0, 1]), `rubric_unparseable`.
"""

from __future__ import annotations

import json
import re
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import yaml

from veriloop.graders.base import get_grader, register_grader
from veriloop.graders.judge import TEMPLATES, Judge, is_non_answer, question_text
from veriloop.policy import Policy, SamplingParams
from veriloop.policy_specs import load_policy
from veriloop.types import Grade, Task, Trajectory

RUBRICS_DIR = Path(__file__).with_name("rubrics")

Check = Callable[..., float]
CHECKS: dict[str, Check] = {}


def check(name: str) -> Callable[[Check], Check]:
    def wrap(fn: Check) -> Check:
        CHECKS[name] = fn
        return fn

    return wrap


def _words(text: str) -> int:
    return len(re.findall(r"\b\w+\b", text))


@check("contains")
def _contains(text: str, pattern: str, **_: Any) -> float:
    """1.0 when the regex `pattern` occurs (case-insensitive)."""
    return float(re.search(pattern, text, re.IGNORECASE | re.MULTILINE) is not None)


@check("not_contains")
def _not_contains(text: str, pattern: str, **_: Any) -> float:
    return 1.0 - _contains(text, pattern)


@check("count_at_least")
def _count_at_least(text: str, pattern: str, n: int, **_: Any) -> float:
    """Fraction of the `n` required matches of `pattern` found (capped at 1)."""
    return min(1.0, len(re.findall(pattern, text, re.IGNORECASE | re.MULTILINE)) / n)


@check("word_range")
def _word_range(text: str, min: int = 0, max: int | None = None, **_: Any) -> float:
    w = _words(text)
    return float(w >= min and (max is None or w <= max))


@check("has_sections")
def _has_sections(text: str, sections: Sequence[str], **_: Any) -> float:
    """Fraction of `sections` present as Markdown headings (`#`..`######` or a bold line). A
    heading names a section when it starts with the section's name (after numbering such as
    `2.`), followed by a non-letter: `## 2. Methods and data` names Methods, one heading
    `# IntroductionMethodsResults` names none."""
    heads = {m.strip().lower().rstrip(":") for m in re.findall(
        r"^\s*(?:#{1,6}\s*(.+?)\s*#*\s*$)", text, re.MULTILINE)}
    heads |= {m.strip().lower().rstrip(":") for m in re.findall(
        r"^\s*\*\*(.+?)\*\*\s*:?\s*$", text, re.MULTILINE)}
    heads = {re.sub(r"^(?:[0-9]+|[ivx]+|[a-z])[.)]\s*", "", h) for h in heads}
    return sum(any(re.match(rf"{re.escape(s.lower())}(?![a-z])", h) for h in heads)
               for s in sections) / len(sections)


@check("mentions_all")
def _mentions_all(text: str, terms: Sequence[str], **_: Any) -> float:
    """Fraction of `terms` (case-insensitive regexes) mentioned."""
    return sum(re.search(t, text, re.IGNORECASE) is not None for t in terms) / len(terms)


@check("json_valid")
def _json_valid(text: str, **_: Any) -> float:
    try:
        json.loads(text)
    except json.JSONDecodeError:
        return 0.0
    return 1.0


@check("grader")
def _grader(text: str, grader: str, task: Task, trajectory: Trajectory, state: Any = None,
            options: Mapping[str, Any] | None = None, **_: Any) -> float:
    """Any registered grader's score, clipped to [0, 1]."""
    g = get_grader(grader, **(options or {}))(task, trajectory, state)
    return min(1.0, max(0.0, g.score))


@dataclass(frozen=True)
class Criterion:
    name: str
    weight: float
    check: Mapping[str, Any] | None = None  # {"name": <CHECKS key>, **params}
    question: str | None = None  # a YES/NO question for the judge


@dataclass(frozen=True)
class Rubric:
    name: str
    criteria: tuple[Criterion, ...]
    description: str = ""
    failure_value: float = 0.0
    source: str = field(default="", compare=False)

    @classmethod
    def from_dict(cls, data: Mapping[str, Any], source: str = "") -> Rubric:
        where = source or "rubric"
        if not isinstance(data, Mapping) or "criteria" not in data:
            raise ValueError(f"{where}: a rubric needs a 'criteria' list")
        crits = []
        for i, c in enumerate(data["criteria"]):
            label = f"{where}: criterion #{i + 1} ({c.get('name', '?')})"
            if "name" not in c or "weight" not in c:
                raise ValueError(f"{label}: needs 'name' and 'weight'")
            if ("check" in c) == ("question" in c):
                raise ValueError(f"{label}: give exactly one of 'check' (programmatic) or "
                                 "'question' (judge)")
            chk = c.get("check")
            if chk is not None:
                chk = {"name": chk} if isinstance(chk, str) else dict(chk)
                if chk.get("name") not in CHECKS:
                    raise ValueError(f"{label}: unknown check {chk.get('name')!r}; known: "
                                     f"{', '.join(sorted(CHECKS))}")
            crits.append(Criterion(str(c["name"]), float(c["weight"]), chk, c.get("question")))
        names = [c.name for c in crits]
        if len(set(names)) != len(names):
            raise ValueError(f"{where}: criterion names must be unique")
        if not any(c.weight > 0 for c in crits):
            raise ValueError(f"{where}: at least one criterion needs a positive weight")
        return cls(str(data.get("name", Path(source).stem if source else "rubric")),
                   tuple(crits), str(data.get("description", "")),
                   float(data.get("failure_value", 0.0)), source)

    @classmethod
    def load(cls, path_or_name: str | Path) -> Rubric:
        """A YAML file, or the name of a shipped rubric (`veriloop/graders/rubrics/<name>.yaml`)."""
        p = Path(path_or_name)
        if not p.exists():
            shipped = RUBRICS_DIR / f"{path_or_name}.yaml"
            if not shipped.exists():
                known = ", ".join(sorted(x.stem for x in RUBRICS_DIR.glob("*.yaml")))
                raise FileNotFoundError(f"no rubric file {p} and no shipped rubric named "
                                        f"{path_or_name!r}; shipped: {known}")
            p = shipped
        return cls.from_dict(yaml.safe_load(p.read_text()), str(p))

    @property
    def judge_criteria(self) -> tuple[Criterion, ...]:
        return tuple(c for c in self.criteria if c.question is not None)


def response_of(trajectory: Trajectory) -> str:
    if trajectory.final_answer is not None:
        return trajectory.final_answer
    return trajectory.turns[-1].action_text if trajectory.turns else ""


class RubricGrader:
    def __init__(self, rubric: Rubric, policy: Policy | None = None,
                 pass_threshold: float = 0.7, sampling: SamplingParams | None = None) -> None:
        if rubric.judge_criteria and policy is None:
            names = ", ".join(c.name for c in rubric.judge_criteria)
            raise ValueError(f"rubric {rubric.name!r} has judge criteria ({names}); pass "
                             "policy=<a Policy or load_policy spec> to grade them")
        self.rubric = rubric
        self.judge = Judge(policy, sampling or SamplingParams(temperature=0.0, max_new_tokens=64,
                                                              stop=())) if policy else None
        self.pass_threshold = pass_threshold

    def __call__(self, task: Task, trajectory: Trajectory, state: Any) -> Grade:
        text = response_of(trajectory)
        values: dict[str, float] = {}
        for c in self.rubric.criteria:
            if c.check is not None:
                params = {k: v for k, v in c.check.items() if k != "name"}
                v = CHECKS[c.check["name"]](text, task=task, trajectory=trajectory, state=state,
                                            **params)
                values[c.name] = min(1.0, max(0.0, float(v)))
        unparseable = 0
        asked = self.rubric.judge_criteria
        if asked and is_non_answer(text):  # judges are known to reward ":" or "Thought process:"
            values.update({c.name: 0.0 for c in asked})
            asked = ()
        if asked:
            assert self.judge is not None
            prompts = [TEMPLATES["criterion"].format(question=question_text(task), response=text,
                                                     criterion=c.question) for c in asked]
            verdicts = self.judge.verdicts(prompts, "VERDICT", ("YES", "NO"))
            for c, v in zip(asked, verdicts, strict=True):
                if v is None:
                    unparseable += 1
                    values[c.name] = self.rubric.failure_value
                else:
                    values[c.name] = float(v == "YES")
        total = sum(c.weight for c in self.rubric.criteria if c.weight > 0)
        score = sum(c.weight * values[c.name] for c in self.rubric.criteria) / total
        comps = {f"rubric/{c.name}": values[c.name] for c in self.rubric.criteria}
        comps["rubric_unparseable"] = float(unparseable)
        missed = [c.name for c in self.rubric.criteria
                  if (c.weight > 0 and values[c.name] < 1) or (c.weight < 0 and values[c.name])]
        return Grade(score=score, passed=score >= self.pass_threshold, components=comps,
                     explanation=("missed: " + ", ".join(missed)) if missed else "all criteria met")


@register_grader("rubric")
def rubric_grader(rubric: str | Mapping[str, Any], policy: Policy | str | None = None,
                  pass_threshold: float = 0.7) -> RubricGrader:
    """Weighted criteria: programmatic checks and judge questions, from a rubric.

    `rubric`: a YAML path, a shipped rubric's name, or the rubric as a mapping; `policy`:
    the judge for question criteria (a Policy or a `load_policy` spec)."""
    r = Rubric.from_dict(rubric) if isinstance(rubric, Mapping) else Rubric.load(rubric)
    if isinstance(policy, str):
        policy = load_policy(policy)
    return RubricGrader(r, policy, pass_threshold)
