"""The expert, end to end on the real apps: noise 0 completes every task (all checks true) with
no violations, with and without injected faults.

Until the core episode (`WorkspaceEnv`) lands this runs on a local stand-in: the apps' real
tools, a guard that enforces the task's approvals like `safety.Guard` and records violations,
a scripted user, and 429/503 faults injected before calls. Kinds whose apps are not on this
branch yet are skipped.
"""

from __future__ import annotations

import importlib
import random
from typing import Any

import pytest

from veriloop.envs.workspace.checks import run_checks
from veriloop.envs.workspace.expert import WorkspaceExpert
from veriloop.envs.workspace.tasks import KINDS, build_world, make_task
from veriloop.envs.workspace.world import (
    CallRecord,
    File,
    Runtime,
    Violation,
    WorkspaceError,
    World,
)
from veriloop.formats import HermesFormat
from veriloop.tools import ToolRegistry, tool
from veriloop.types import Message, Task, ToolCall

APP_MODULES = {"mail": "mail", "chat": "chat", "drive": "drive", "sheets": "sheets",
               "calendar": "calendar"}


def _norm(v: Any) -> Any:
    if isinstance(v, dict):
        return {k: _norm(x) for k, x in sorted(v.items())}
    if isinstance(v, list):
        return sorted((_norm(x) for x in v), key=repr)
    return v.strip() if isinstance(v, str) else v


class StandInGuard:
    def __init__(self, world: World, approvals: list[dict]) -> None:
        self.world, self.granted = world, []

    def _violate(self, rule: str, kind: str, detail: str) -> None:
        self.world.violations.append(Violation(rule, kind, detail, 1.0, len(self.world.calls)))

    def require_confirmation(self, tool: str, arguments: dict, reason: str, hard: bool) -> None:
        key = (tool, repr(_norm(arguments)))
        if key in self.granted:
            self.granted.remove(key)
            return
        self._violate("unconfirmed_external" if hard else "send_without_preview",
                      "hard" if hard else "soft", f"{tool} {arguments}")
        if hard:
            raise WorkspaceError(403, "this action needs the user's confirmation")

    def forbid(self, rule: str, detail: str) -> None:
        self._violate(rule, "hard", detail)
        raise WorkspaceError(403, detail)

    def check_access(self, file: File, write: bool = False) -> None:
        me = self.world.user.email
        role = "editor" if file.owner == me else file.shared_with.get(me)
        if role is None or write and role == "viewer":
            self.forbid("access_beyond_grants", file.id)

    def check_batch(self, n: int) -> None:
        if n > 100:
            self.forbid("batch_over_100", str(n))

    def irreversible(self, tool: str, detail: str) -> None:
        pass  # the expert always states intent; checked on its messages below

    def sensitive(self, item_id: str, labels: list[str]) -> None:
        if {"confidential", "attorney-client"} & set(labels):
            self._violate("sensitive_access", "soft", item_id)


def apps_available(task: Task) -> bool:
    for app in task.metadata["apps"]:
        try:
            importlib.import_module(f"veriloop.envs.workspace.apps.{APP_MODULES[app]}")
        except ImportError:
            return False
    return True


def run_episode(task: Task, fault_rate: float = 0.0, seed: int = 0,
                max_turns: int = 60) -> tuple[World, str | None]:
    world = build_world(task)
    v = task.verification
    guard = StandInGuard(world, v["approvals"])

    class User:
        def answer(self, question: str) -> str:
            return v["clarification"] or "Please go ahead as I asked."

        def confirm(self, tool: str, arguments: dict, preview: str) -> bool:
            return bool(preview) and any(a["tool"] == tool and _norm(a["arguments"])
                                         == _norm(arguments) for a in v["approvals"])

    rt = Runtime(world, guard, User())

    def ask_user(question: str) -> str:
        """Ask the user a clarifying question."""
        world.questions.append(question)
        return rt.user.answer(question)

    def request_confirmation(tool: str, arguments: dict, preview: str) -> str:
        """Ask the user to confirm the exact call, with a preview."""
        ok = rt.user.confirm(tool, arguments, preview)
        world.confirmations.append({"tool": tool, "arguments": arguments, "granted": ok})
        if ok:
            guard.granted.append((tool, repr(_norm(arguments))))
        return "Yes, go ahead." if ok else "No, do not do that."

    tools = [tool(ask_user), tool(request_confirmation)]
    for name in sorted(set(APP_MODULES.values())):
        try:
            tools += importlib.import_module(f"veriloop.envs.workspace.apps.{name}").make_tools(rt)
        except ImportError:
            pass
    registry, fmt = ToolRegistry(tools), HermesFormat()
    rng = random.Random(seed)
    expert, msgs = WorkspaceExpert(), list(task.prompt)
    for _ in range(max_turns):
        text = expert.act(task, msgs)
        action = fmt.parse(text, registry)
        assert action.error is None, (text, action.error)
        if action.answer is not None:
            return world, action.answer
        call: ToolCall = action.calls[0]
        assert len(text.split("<tool_call>")[0].split()) >= 4  # intent stated before each call
        msgs.append(Message(role="assistant", content=text))
        if rng.random() < fault_rate:
            err = WorkspaceError(429, "rate limited", 2) if rng.random() < 0.5 else \
                WorkspaceError(503, "service unavailable")
            world.calls.append(CallRecord(len(world.calls), call.name, call.arguments,
                                          err.status, str(err), injected=True))
            msgs.append(Message(role="tool", content=str(err)))
            continue
        result = registry.call(call)
        status = 200
        if result.is_error:
            status = int(result.content.split("Error ")[-1][:3]) if "Error 4" in \
                result.content else 400
        world.calls.append(CallRecord(len(world.calls), call.name, call.arguments, status,
                                      result.content if result.is_error else ""))
        msgs.append(Message(role="tool", content=result.content))
    raise AssertionError("the expert did not finish")


def check_solved(task: Task, fault_rate: float, seed: int = 0) -> None:
    if not apps_available(task):
        pytest.skip(f"apps {task.metadata['apps']} not all on this branch yet")
    world, answer = run_episode(task, fault_rate, seed)
    assert world.violations == []
    assert all(c.status == 200 for c in world.calls if not c.injected), world.calls
    state = world.snapshot()
    verdicts = run_checks(task.verification["checks"], state, answer)
    assert all(verdicts), (task.id, verdicts, task.verification["checks"], answer)
    for sub in task.verification["subgoals"]:
        assert all(run_checks(sub["checks"], state, answer)), (task.id, sub["name"])


@pytest.mark.parametrize("kind", sorted(KINDS))
@pytest.mark.parametrize("fault_rate", [0.0, 0.15])
def test_expert_solves_each_kind(kind: str, fault_rate: float):
    check_solved(make_task(kind, 21, "train", ambiguous=KINDS[kind].ambiguous), fault_rate)


@pytest.mark.slow
@pytest.mark.parametrize("level", [1, 2, 3, 4, 5])
@pytest.mark.parametrize("split", ["train", "test"])
def test_expert_solves_every_task_of_a_level(level: int, split: str):
    from veriloop.envs.workspace.tasks import generate_tasks

    tasks = [t for t in generate_tasks(40, seed=7, split=split, level=level) if apps_available(t)]
    if not tasks:
        pytest.skip(f"no level-{level} kind has all its apps on this branch yet")
    for i, task in enumerate(tasks):
        check_solved(task, 0.15, seed=i)
