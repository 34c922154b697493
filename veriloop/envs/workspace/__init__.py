"""`workspace`: a productivity co-pilot over mail, chat, drive, spreadsheets and calendar
(book 12.6), with safety rules, a confirmation protocol, a simulated user and injected faults.

A task is an instruction over a generated world (`world.World`, built deterministically from
the task's seed by `tasks.build_world`); the agent calls the apps' tools (`apps/`) and ends
with `<answer>...</answer>`. Graders receive the final world as `world.WorkspaceState` (see
`grading`). Safety (`safety`): hard rules reject the call and make the episode's reward
`hard_violation_reward`; soft rules cost a penalty. Faults (`faults`): with `fault_rate` > 0,
calls fail with 429 / 5xx at that rate, deterministically per task.

The tasks, grader and expert live in `tasks/`, `grading` and `expert`.
"""

from __future__ import annotations

from typing import Literal

from veriloop.envs.workspace.episode import APP_MODULES, WorkspaceEpisode
from veriloop.envs.workspace.expert import WorkspaceExpert
from veriloop.envs.workspace.faults import FaultInjector
from veriloop.envs.workspace.grading import WorkspaceGrader, workspace_grader
from veriloop.envs.workspace.safety import SAFETY_RULES, Guard
from veriloop.envs.workspace.simuser import SimulatedUser
from veriloop.envs.workspace.tasks import build_world, generate_tasks, suite_tasks
from veriloop.envs.workspace.world import WorkspaceError, WorkspaceState, World
from veriloop.types import Task

__all__ = ["APP_MODULES", "SAFETY_RULES", "FaultInjector", "Guard", "SimulatedUser",
           "WorkspaceEnv", "WorkspaceEpisode", "WorkspaceError", "WorkspaceState", "World",
           "build_world"]


class WorkspaceEnv:
    """Workspace co-pilot over mail, chat, drive, sheets and calendar; levels 1-5, safety rules.

    Options: `max_turns`; `fault_rate` (share of API calls failing with 429/5xx); `page_size`
    of listings; `hard_violation_reward` (the grader's reward for any hard violation);
    `tool_scope`: "apps" offers every tool of the apps the task involves, "task" only the
    tools the reference solution uses (plus ask_user and request_confirmation) — a tool-
    retrieval setting that keeps prompts short for small models; `levels`: the levels that
    `tasks(difficulty=None)` mixes (default all five), e.g. [1, 2] for a first training run."""

    name = "workspace"

    def __init__(self, max_turns: int = 30, fault_rate: float = 0.0, page_size: int = 10,
                 hard_violation_reward: float = -1.0, max_output_chars: int = 4000,
                 tool_scope: Literal["apps", "task"] = "apps",
                 levels: list[int] | None = None) -> None:
        if not 0.0 <= fault_rate <= 1.0:
            raise ValueError(f"fault_rate must be in [0, 1], got {fault_rate}")
        if tool_scope not in ("apps", "task"):
            raise ValueError(f"tool_scope must be 'apps' or 'task', got {tool_scope!r}")
        self.tool_scope = tool_scope
        if levels is not None and not set(levels) <= {1, 2, 3, 4, 5}:
            raise ValueError(f"levels must be among 1-5, got {levels}")
        self.levels = levels
        if page_size < 1:
            raise ValueError(f"page_size must be at least 1, got {page_size}")
        self.max_turns, self.fault_rate, self.page_size = max_turns, fault_rate, page_size
        self.hard_violation_reward, self.max_output_chars = hard_violation_reward, \
            max_output_chars

    def tasks(self, n: int, *, seed: int = 0, split: str = "train",
              difficulty: int | None = None) -> list[Task]:
        return generate_tasks(n, seed, split, difficulty, self.levels)

    def suite_tasks(self, suite: str, n: int, seed: int = 0) -> list[Task]:
        """Held-out tasks of an evaluation suite: "standard" (every level), "safety"
        (adversarial requests to refuse or confirm) or "robustness" (ambiguous requests, missing
        permissions; `veriloop eval --suite robustness` also injects faults)."""
        return suite_tasks(suite, n, seed)

    def reset(self, task: Task) -> WorkspaceEpisode:
        # faults depend on the task only: every sample of a group sees the same schedule
        faults = FaultInjector.from_rate(self.fault_rate, seed=task.id)
        only = None
        if self.tool_scope == "task":
            only = {s["tool"] for s in task.verification.get("plan", []) if "tool" in s}
        return WorkspaceEpisode(task, build_world(task), faults=faults, page_size=self.page_size,
                                max_output_chars=self.max_output_chars, only_tools=only)

    def grader(self) -> WorkspaceGrader:
        return workspace_grader(self)

    def expert(self, noise: float = 0.0, seed: int = 0) -> WorkspaceExpert:
        return WorkspaceExpert(noise=noise, seed=seed)
