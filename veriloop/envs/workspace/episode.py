"""The workspace episode: the apps' tools over one world, behind the guard and the faults.

`WorkspaceEpisode` composes a `ToolEpisode` (Hermes calls, `<answer>` ends the episode) with a
`GuardedRegistry`, which wraps every valid call: the fault injector is asked first (an
injected 429/5xx is returned as an error and the tool does not run); otherwise the tool runs
with the guard knowing the call's index and the prose of the assistant message that made it;
a `WorkspaceError` becomes the error result "Error 403: ...". Each call is appended to
`world.calls` as a `CallRecord`. Malformed messages and unknown tools never reach the registry:
`ToolEpisode` answers them with a format-error observation, and they are not calls.

`state` is `world.snapshot()`, a frozen deep copy (`world.WorkspaceState`), with the turn on
which each sub-goal became true: after every step that made a call or gave the answer, the
sub-goals' checks run on the live world (they only read it), so no per-turn copies are kept.
"""

from __future__ import annotations

import dataclasses
import importlib
import re
import time
from collections.abc import Collection, Mapping
from types import ModuleType
from typing import Any

from veriloop.envs.base import Observation, ToolEpisode
from veriloop.envs.workspace.checks import run_checks
from veriloop.envs.workspace.faults import FaultInjector
from veriloop.envs.workspace.safety import Guard
from veriloop.envs.workspace.simuser import SimulatedUser
from veriloop.envs.workspace.world import (
    CallRecord,
    Runtime,
    WorkspaceError,
    WorkspaceState,
    World,
)
from veriloop.formats import HermesFormat, ToolCallFormat
from veriloop.tools import Tool, ToolArgumentError, ToolError, ToolRegistry, truncate
from veriloop.types import InfrastructureError, Message, Task, ToolCall, ToolResult, ToolSpec

# app name (Task.metadata["apps"]) -> module with `make_tools(rt) -> list[Tool]`
APP_MODULES: dict[str, str] = {
    "assistant": "veriloop.envs.workspace.apps.assistant",
    "mail": "veriloop.envs.workspace.apps.mail",
    "chat": "veriloop.envs.workspace.apps.chat",
    "drive": "veriloop.envs.workspace.apps.drive",
    "sheets": "veriloop.envs.workspace.apps.sheets",
    "calendar": "veriloop.envs.workspace.apps.calendar",
}
# the user is not a throttled API: the assistant's tools are never faulted
UNFAULTED_APPS = frozenset({"assistant"})

_CALL_OR_ANSWER = re.compile(r"<tool_call>.*?(?:</tool_call>|$)|<answer>.*?(?:</answer>|$)",
                             re.DOTALL)


def prose_of(text: str) -> str:
    """The text of an assistant message outside its tool calls and answer."""
    return " ".join(_CALL_OR_ANSWER.sub(" ", text).split())


class GuardedRegistry(ToolRegistry):
    """A ToolRegistry whose `call` runs each tool behind the fault injector and records it."""

    def __init__(self, world: World, faults: FaultInjector, max_output_chars: int = 4000
                 ) -> None:
        super().__init__(max_output_chars=max_output_chars)
        self.world, self.faults = world, faults
        self.unfaulted: set[str] = set()
        self.api_calls = 0  # calls the injector was asked about: its index

    def _record(self, call: ToolCall, status: int, error: str = "",
                injected: bool = False) -> None:
        self.world.calls.append(CallRecord(index=len(self.world.calls), name=call.name,
                                           arguments=dict(call.arguments), status=status,
                                           error=error, injected=injected))

    def call(self, call: ToolCall) -> ToolResult:
        start = time.perf_counter()

        def result(content: str, is_error: bool, limit: int | None = None) -> ToolResult:
            text, cut = truncate(content, limit or self.max_output_chars)
            return ToolResult(call_id=call.id, name=call.name, content=text, is_error=is_error,
                              truncated=cut, seconds=time.perf_counter() - start)

        try:
            t = self.get(call.name)
            args = self.validate(call)
        except (KeyError, ToolArgumentError) as e:
            self._record(call, 400, str(e.args[0]))
            return result(f"Error 400: {e.args[0]}", True)
        fault = None
        if call.name not in self.unfaulted:
            fault = self.faults.fault(self.api_calls)
            self.api_calls += 1
        if fault is not None:
            self._record(call, fault.status, fault.message, injected=True)
            return result(str(fault), True)
        try:
            out = t.fn(**args)
        except InfrastructureError:
            raise
        except WorkspaceError as e:
            self._record(call, e.status, e.message)
            return result(str(e), True)
        except ToolError as e:  # a message meant for the agent (e.g. an MCP server's error)
            self._record(call, 500, str(e))
            return result(f"Error 500: {e}", True)
        except Exception as e:  # noqa: BLE001 (a tool failing on valid arguments: the agent sees it)
            self._record(call, 500, f"{type(e).__name__}: {e}")
            return result(f"Error 500: {type(e).__name__}: {e}", True)
        self._record(call, 200)
        return result("" if out is None else str(out), False, t.max_output_chars)


def load_app(app: str, modules: Mapping[str, str | ModuleType | Any]) -> Any:
    """The module (or any object with `make_tools`) that provides app `app`."""
    if app not in modules:
        raise ValueError(f"unknown workspace app {app!r}; known: {', '.join(sorted(modules))}")
    source = modules[app]
    return importlib.import_module(source) if isinstance(source, str) else source


class WorkspaceEpisode:
    """One task over one world: the assistant's tools plus those of `task.metadata["apps"]`.

    `apps` maps app names to modules (or module paths) with `make_tools(rt)`; tests inject
    fake apps here. `user` defaults to the `SimulatedUser` of the task's verification data.
    `only_tools`, when given, keeps just those of the apps' tools (the assistant's are always
    offered): the environment's `tool_scope="task"`."""

    def __init__(self, task: Task, world: World, faults: FaultInjector | None = None,
                 page_size: int = 10, apps: Mapping[str, str | ModuleType | Any] | None = None,
                 user: Any = None, fmt: ToolCallFormat | None = None,
                 max_output_chars: int = 4000,
                 only_tools: Collection[str] | None = None) -> None:
        self.task, self.world = task, world
        self.prose = ""
        ver = task.verification
        # tool -> argument -> schema default, filled once the tools are registered below
        self.defaults: dict[str, dict[str, Any]] = {}
        self.guard = Guard(world, call_index=lambda: len(world.calls),
                           prose=lambda: self.prose,
                           allowed_confidential=set(ver.get("allowed_confidential") or ()),
                           defaults=self.defaults)
        self.runtime = Runtime(world=world, guard=self.guard,
                               user=user or SimulatedUser.from_verification(ver, self.defaults, world),
                               page_size=page_size)
        self.registry = GuardedRegistry(world, faults or FaultInjector(), max_output_chars)
        modules = APP_MODULES if apps is None else apps
        names = ["assistant", *[a for a in task.metadata.get("apps", ()) if a != "assistant"]]
        for app in names:
            tools: list[Tool] = load_app(app, modules).make_tools(self.runtime)
            for t in tools:
                if only_tools is not None and app != "assistant" and t.name not in only_tools:
                    continue
                self.registry.add(t)
                if app in UNFAULTED_APPS:
                    self.registry.unfaulted.add(t.name)
        self.defaults.update({s.name: {k: p["default"] for k, p in
                                       s.parameters.get("properties", {}).items()
                                       if "default" in p} for s in self.registry.specs})
        self.inner = ToolEpisode(task, self.registry, fmt=fmt or HermesFormat())
        self.turn = 0
        self.subgoal_since: dict[str, int | None] = {}  # sub-goal -> turn it became true

    def _track_subgoals(self) -> None:
        live = WorkspaceState(world=self.world)  # read only: checks do not mutate the world
        for g in self.task.verification.get("subgoals", []):
            held = all(run_checks(g["checks"], live, self.final_answer))
            since = self.subgoal_since.get(g["name"])
            self.subgoal_since[g["name"]] = (since if since is not None else self.turn) \
                if held else None

    @property
    def tools(self) -> tuple[ToolSpec, ...]:
        return self.inner.tools

    @property
    def instructions(self) -> str:
        return self.inner.instructions

    @property
    def final_answer(self) -> str | None:
        return self.inner.final_answer

    def step(self, message: Message) -> Observation:
        self.prose = prose_of(message.content)
        calls = len(self.world.calls)
        obs = self.inner.step(message)
        if len(self.world.calls) > calls or obs.done:
            self._track_subgoals()
        self.turn += 1
        return obs

    @property
    def state(self) -> WorkspaceState:
        done = tuple((n, t) for n, t in self.subgoal_since.items() if t is not None)
        return dataclasses.replace(self.world.snapshot(), subgoal_turns=done)

    def close(self) -> None:
        self.inner.close()

