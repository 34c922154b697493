"""`env.options.reward` of the dataset environment: which rewards score an episode.

    reward: math                                   # one reward by name
    reward: my_rewards.py:score                    # a user function (user_reward.py)
    reward: {math: 1.0, my_rewards.py:short: 0.2}  # several, with weights
    reward:                                        # several, with options
      - {name: regex, weight: 1.0, options: {pattern: "^\\d+$"}}
      - {name: judge, weight: 0.5, options: {policy: "openai:http://localhost:8000/v1"}}

A name is one of the rewards below or any grader of the registry (`veriloop graders list`):

    exact         the final answer equals the answer column (the registry's exact_match)
    math          mathematical equivalence with the answer column (math-verify, timed out)
    regex         the final answer matches `options.pattern`, else the answer column as a
                  pattern (whole answer; `search: true` finds it anywhere)
    json_schema   the final answer is JSON fitting the schema column or `options.schema`, and
                  equal to the answer column when there is one (the registry's json_match)
    python_tests  the code in the completion passes the tests column, run in the sandbox
    judge         an LLM judge (`options.policy`: a model spec)

Several rewards are one `Composite` (veriloop.graders.compose): the score is the weighted sum,
each reward is logged as a grade component, and the episode passes when the first one passes.
A reward's needs are checked against the table's columns when the environment is built, so a
reward that needs the answer column on a table without one fails at once, naming the column.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from typing import Any

from veriloop.envs.dataset.user_reward import CALL, FunctionReward
from veriloop.errors import UserError, did_you_mean
from veriloop.graders.base import FUNCTION_HINT, GRADERS, Grader, get_grader
from veriloop.graders.compose import Component, Composite
from veriloop.graders.workers import WorkerPool
from veriloop.sandbox import Limits, get_sandbox
from veriloop.types import Grade, Task, Trajectory

ALIASES = {"exact": "exact_match", "json_schema": "json_match"}
"""Reward names that are another name in the grader registry."""
NEEDS_ANSWER = {"exact", "exact_match", "math", "numeric", "string_match"}
NEEDS = {"python_tests": "tests"}


@dataclass(frozen=True)
class RewardSpec:
    """One reward of `env.options.reward`: its name, weight and options."""

    name: str
    weight: float = 1.0
    options: dict[str, Any] = field(default_factory=dict)


def parse(spec: Any) -> list[RewardSpec]:
    """The rewards of an `env.options.reward` value (see the module docstring)."""
    if isinstance(spec, str):
        return [RewardSpec(spec)]
    if isinstance(spec, Mapping) and "name" in spec:
        spec = [spec]
    if isinstance(spec, Mapping):
        return [RewardSpec(str(k), float(w)) for k, w in spec.items()]
    if isinstance(spec, list) and spec:
        out = []
        for item in spec:
            if isinstance(item, str):
                out.append(RewardSpec(item))
            elif isinstance(item, Mapping) and isinstance(item.get("name"), str):
                unknown = set(item) - {"name", "weight", "options"}
                if unknown:
                    raise UserError(f"reward {item['name']!r} has unknown keys {sorted(unknown)}"
                                    "; give name, weight and options")
                out.append(RewardSpec(item["name"], float(item.get("weight", 1.0)),
                                      dict(item.get("options") or {})))
            else:
                raise UserError(f"env.options.reward entry {item!r} needs a name")
        return out
    raise UserError(f"env.options.reward must be a name, file.py:function, a {{name: weight}} "
                    f"mapping or a list of {{name, weight, options}}; got {spec!r}")


def regex_reward(pattern: str | None = None, search: bool = False) -> Grader:
    """The final answer matches `pattern`, else the answer column read as a pattern."""

    def grade(task: Task, trajectory: Trajectory, state: Any) -> Grade:
        text = (trajectory.final_answer or "").strip()
        expr = pattern if pattern is not None else str(task.verification.get("answer", ""))
        found = re.search(expr, text) if search else re.fullmatch(expr, text)
        ok = found is not None
        return Grade(score=float(ok), passed=ok, components={"matched": float(ok)})

    return grade


_FENCE = re.compile(r"```(?:python|py)?\s*\n(.*?)```", re.DOTALL)


def code_of(trajectory: Trajectory) -> str:
    """The program in the policy's answer: its last fenced code block, else the final answer,
    else the whole last message."""
    last = trajectory.turns[-1].action_text if trajectory.turns else ""
    for text in (trajectory.final_answer or "", last):
        blocks = _FENCE.findall(text)
        if blocks:
            return str(blocks[-1])
    return trajectory.final_answer if trajectory.final_answer is not None else last


def python_tests_reward(backend: str = "auto", timeout: float = 10.0,
                        memory_mb: int = 512) -> Grader:
    """The completion's code followed by the tests column runs and exits 0 in the sandbox
    (`backend`: bubblewrap where it works, else the weaker rlimit one, said loudly). A sandbox
    that cannot run at all is an infrastructure fault (the episode is excluded), not a 0."""
    sandbox = get_sandbox(backend)
    limits = Limits(timeout_s=timeout, memory_mb=memory_mb)

    def grade(task: Task, trajectory: Trajectory, state: Any) -> Grade:
        tests = "\n\n".join(task.verification.get("tests", ()))
        result = sandbox.run(["python", "main.py"], files={
            "main.py": f"{code_of(trajectory)}\n\n{tests}\n"}, limits=limits)
        ok = result.exit_code == 0 and not result.timed_out
        why = ("passed" if ok else "timed out" if result.timed_out
               else (result.stderr.strip().splitlines() or ["failed"])[-1][:200])
        return Grade(score=float(ok), passed=ok, components={"tests_passed": float(ok)},
                     explanation=why)

    return grade


LOCAL: dict[str, Callable[..., Grader]] = {"regex": regex_reward,
                                          "python_tests": python_tests_reward}
"""Rewards only the dataset environment offers (they read its columns)."""


def needed_column(spec: RewardSpec) -> str | None:
    """The column role a named reward reads (None: none, or it is given in its options)."""
    if spec.name in NEEDS_ANSWER or (spec.name == "regex" and "pattern" not in spec.options):
        return "answer"
    return NEEDS.get(spec.name)


class Rewards:
    """The graders of `env.options.reward`, built once per environment; user functions share
    one worker pool (closed with `close`)."""

    def __init__(self, spec: Any, columns: list[str], timeout: float = 10.0, workers: int = 1,
                 source: str = "the data") -> None:
        self.specs = parse(spec)
        self.columns, self.timeout, self.source = columns, timeout, source
        # the worker imports the calling module before its first call, so that import never
        # counts against a reward's timeout
        self.pool = WorkerPool(size=workers, timeout=timeout, warmup=(CALL.partition(":")[0],))
        self.functions = {s.name: FunctionReward(s.name, columns, self.pool, timeout,
                                                 float(s.options.get("pass_score", 1.0)),
                                                 source)
                          for s in self.specs if _is_function(s.name)}
        for s in self.specs:
            if s.name not in self.functions and s.name not in LOCAL \
                    and ALIASES.get(s.name, s.name) not in GRADERS:
                known = {*GRADERS.names(), *LOCAL, *ALIASES}
                raise UserError(f"reward {s.name!r} is not registered; "
                                f"{did_you_mean(s.name, known, len(known))}; {FUNCTION_HINT}")

    def needed_columns(self) -> dict[str, str]:
        """Column role -> the reward that needs it (checked against the table)."""
        out: dict[str, str] = {}
        for s in self.specs:
            f = self.functions.get(s.name)
            role = ("answer" if f.needs_answer else None) if f else needed_column(s)
            if role:
                out.setdefault(role, f"reward {s.name!r}")
        return out

    def grader(self) -> Grader:
        """One grader for the episode: the reward itself, or their weighted composite."""
        built = [Component(s.name, self._one(s), s.weight) for s in self.specs]
        if len(built) == 1 and built[0].weight == 1.0:
            return built[0].grader
        return Composite(tuple(built))

    def _one(self, s: RewardSpec) -> Grader:
        if s.name in self.functions:
            return self.functions[s.name]
        try:
            if s.name in LOCAL:
                return LOCAL[s.name](**s.options)
            return get_grader(ALIASES.get(s.name, s.name), **s.options)
        except TypeError as e:
            raise UserError(f"reward {s.name!r} does not take the options {sorted(s.options)} "
                            f"({e}); fix env.options.reward") from None

    def close(self) -> None:
        self.pool.close()


def _is_function(name: str) -> bool:
    return ":" in name and name not in GRADERS
