"""A user's reward function (`my_rewards.py:score` or `my_pkg.rewards:score`) as a grader.

The function asks for what it needs by parameter name, and gets exactly those (TRL's and
verl's names work too):

    completion      the text of the policy's last message    (alias: solution_str, verl)
    final_answer    what it put in <answer>...</answer>, else the whole last message
    answer          the row's reference answer               (alias: ground_truth, verl)
    prompt          the text of the prompt's last user message
    messages        the whole conversation, as [{role, content}] dicts
    tool_calls      the calls the policy made, as [{name, arguments}] dicts
    task_id         the task's id ("dataset-train-41")
    <column>        any column of the row, by its name (data_source, extra_info, ...)

A parameter with a default may be left out of the data; one without is checked when the run
starts, with an error naming it and the names there are. `**kwargs` gets everything. It
returns a number or a bool (True is 1.0); the episode passes when the score is at least
`pass_score` (default 1.0).

It runs in a worker process (`veriloop.graders.workers.WorkerPool`) with a hard `timeout`: a
function that hangs is killed and its worker replaced. A function that raises, times out or
returns something else is a *grading error*: the runner records the trajectory with fault
`grader_error` and the reason (function, task, exception), and trainers leave it out of the
update. It never crashes the run, and it never turns into a reward of 0 that would read as the
policy's failure.
"""

from __future__ import annotations

import inspect
import json
import math
from collections.abc import Iterable
from typing import Any

from veriloop.errors import UserError
from veriloop.graders.workers import WorkerPool
from veriloop.types import FaultKind, Grade, InfrastructureError, Task, Trajectory
from veriloop.user_modules import load_user_function

PROVIDED = ("completion", "final_answer", "answer", "prompt", "messages", "tool_calls",
            "task_id")
ALIASES = {"solution_str": "completion", "ground_truth": "answer"}
CALL = "veriloop.envs.dataset.user_call:call"
"""What the worker runs: it imports the user's module there and calls the function."""


class FunctionReward:
    """The grader around one user function (see the module docstring)."""

    def __init__(self, spec: str, columns: Iterable[str], pool: WorkerPool,
                 timeout: float = 10.0, pass_score: float = 1.0, source: str = "the data"
                 ) -> None:
        self.spec, self.pool, self.timeout, self.pass_score = spec, pool, timeout, pass_score
        try:
            loaded, attr, fn = load_user_function(spec, "reward")
        except ValueError as e:
            raise UserError(f"{e} (or a registered reward name)") from None
        module = spec.rpartition(":")[0]
        self.source = str(loaded.__file__) if module.endswith(".py") or "/" in module else module
        self.attr = attr
        self.params, self.takes_all = _parameters(fn, spec, set(columns), source)

    @property
    def needs_answer(self) -> bool:
        return "answer" in self.params or "ground_truth" in self.params

    def arguments(self, task: Task, trajectory: Trajectory) -> dict[str, Any]:
        """The values the function asked for (everything, for `**kwargs`), JSON-safe."""
        columns = task.verification.get("columns", {})
        last = trajectory.turns[-1].action_text if trajectory.turns else ""
        users = [m.content for m in task.prompt if m.role == "user"]
        provided: dict[str, Any] = {
            "completion": last,
            "final_answer": trajectory.final_answer if trajectory.final_answer is not None
            else last,
            "answer": task.verification.get("answer"),
            "prompt": users[-1] if users else "",
            "messages": [{"role": m.role, "content": m.content}
                         for m in trajectory.messages(task)],
            "tool_calls": [{"name": c.name, "arguments": c.arguments}
                           for t in trajectory.turns for c in t.tool_calls],
            "task_id": task.id,
        }
        every = {**columns, **provided, **{a: provided[t] for a, t in ALIASES.items()}}
        chosen = every if self.takes_all else {p: every[p] for p in self.params if p in every}
        # JSON for the worker's pipe: dates, decimals and the like become their text
        return json.loads(json.dumps(chosen, default=str))

    def __call__(self, task: Task, trajectory: Trajectory, state: Any) -> Grade:
        r = self.pool.call(CALL, timeout=self.timeout, source=self.source, attr=self.attr,
                           kwargs=self.arguments(task, trajectory))
        where = f"reward {self.spec} on task {task.id}"
        if r.status == "timeout":
            raise InfrastructureError(f"{where} took more than {self.timeout:g}s and was "
                                      "stopped (env.options.reward_timeout)",
                                      FaultKind.GRADER_ERROR)
        if r.status == "error":
            raise InfrastructureError(f"{where} raised {r.error}", FaultKind.GRADER_ERROR)
        value = r.value
        if isinstance(value, (bool, int, float)) and math.isfinite(value):
            score = float(value)
            return Grade(score=score, passed=score >= self.pass_score,
                         components={"score": score})
        raise InfrastructureError(f"{where} returned {value!r}, not a number or a bool",
                                  FaultKind.GRADER_ERROR)


def _parameters(fn: Any, spec: str, columns: set[str], source: str) -> tuple[list[str], bool]:
    """The parameter names `fn` asks for, and whether it takes `**kwargs`; a required one that
    neither the data nor veriloop provides is a UserError naming it."""
    known = set(PROVIDED) | set(ALIASES) | columns
    names, takes_all = [], False
    for p in inspect.signature(fn).parameters.values():
        if p.kind is p.VAR_KEYWORD:
            takes_all = True
        elif p.kind is p.VAR_POSITIONAL:
            continue
        elif p.name in known:
            names.append(p.name)
        elif p.default is p.empty:
            raise UserError(
                f"reward {spec} asks for {p.name!r}, which is neither a column of {source} "
                f"({', '.join(sorted(columns)) or 'none'}) nor one of {', '.join(PROVIDED)}; "
                "rename the parameter or give it a default")
    return names, takes_all
