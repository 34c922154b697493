"""The `repo` environment's plan and judge steps; they run INSIDE the sandbox (stdlib only).

A repo task's files, reference fix and hidden tests are code from the task's source: veriloop's
generator, or a task file anyone may have edited. None of it runs in the trainer's process:
`veriloop.envs.repo.verdict.HiddenVerdict` stages this file, the shared `veriloop.envs.judging.code_harness`
(the typed codec) and `code_judge` (whose `serve` is the process's main) and a request in a
fresh sandbox execution of its own (never the one the agent's package ran in), and reads back
the answer (`veriloop.envs.judging`).

- `plan_calls` (steps 1 of `verdict`): the hidden test functions run against the reference
  repository, loaded into private module objects; every call into the package is recorded.
- `replay` (step 3): the hidden tests run again, their package calls answered from the
  evidence of the agent's run.

Guarantee: the agent's package never shares a process with the tests (as before), and the
task's code reaches only what the sandbox allows, whatever the task file says. Non-guarantee:
a task's own tests can still judge wrongly (a task file decides its task's verdict).
"""

from __future__ import annotations

import builtins
import json
import os
import random
import sys
import types
from collections.abc import Callable, Mapping
from typing import Any

try:  # where veriloop is installed (never in the sandbox)
    from veriloop.envs.judging.code_harness import decode, digest, encode
    from veriloop.envs.judging.code_judge import serve
except ImportError:  # in the sandbox, staged beside this file; -I leaves its directory off
    sys.path.insert(0, os.getcwd())
    from code_harness import decode, digest, encode
    from code_judge import serve


class PlanError(ValueError):
    """The hidden tests use the package in a way the out-of-process verdict cannot replay."""


class _Mismatch(Exception):
    """The replay cannot be backed by the recorded evidence."""


def _private_import(package: str, resolve: Callable[[str], Any]) -> Callable[..., Any]:
    """An `__import__` that serves `package` and its submodules from `resolve`."""
    real = builtins.__import__

    def _import(name: str, globals: Any = None, locals: Any = None, fromlist: Any = (),
                level: int = 0) -> Any:
        if level == 0 and (name == package or name.startswith(package + ".")):
            return resolve(name) if fromlist else resolve(package)
        if level:
            raise ImportError("relative imports are not supported in repo tests")
        return real(name, globals, locals, fromlist, level)

    return _import


def _builtins_with(importer: Callable[..., Any]) -> dict[str, Any]:
    return {**vars(builtins), "__import__": importer}


class _Package:
    """The reference package's modules, executed from source into private module objects."""

    def __init__(self, files: Mapping[str, str], package: str) -> None:
        self.files, self.package = files, package
        self.modules: dict[str, types.ModuleType] = {}
        self.builtins = _builtins_with(_private_import(package, self.module))

    def module(self, name: str) -> types.ModuleType:
        if name in self.modules:
            return self.modules[name]
        rel = name.replace(".", "/")
        path = next((p for p in (f"{rel}.py", f"{rel}/__init__.py") if p in self.files), None)
        if path is None:
            raise ImportError(f"no module named {name!r} in the repository")
        mod = types.ModuleType(name)
        mod.__dict__["__builtins__"] = self.builtins
        if path.endswith("__init__.py"):
            mod.__path__ = []  # a package: submodules resolve through this importer
        self.modules[name] = mod
        exec(compile(self.files[path], path, "exec"), mod.__dict__)  # noqa: S102
        parent, _, child = name.rpartition(".")
        if parent:
            setattr(self.module(parent), child, mod)
        return mod


class _Facade:
    """What a test sees as a package module: each function attribute wrapped by `call`."""

    def __init__(self, name: str, call: Callable[[str, str, Any], Any],
                 lookup: Callable[[str, str], Any] | None = None) -> None:
        self._name, self._call, self._lookup = name, call, lookup

    def __getattr__(self, attr: str) -> Any:
        if self._lookup is not None:
            value = self._lookup(self._name, attr)
            if isinstance(value, types.ModuleType):
                return _Facade(value.__name__, self._call, self._lookup)
            if not isinstance(value, types.FunctionType):
                raise PlanError(f"the hidden tests use {self._name}.{attr}, which is not a "
                                "function; only function calls can be judged out of process")
        return self._call(self._name, attr)


def _run_tests(source: str, names: list[str], package: str, facade: Callable[[str], Any],
               each: Callable[[str], None], after: Callable[[str, BaseException | None],
                                                        None]) -> None:
    ns: dict[str, Any] = {"__name__": "__hidden__",
                          "__builtins__": _builtins_with(_private_import(package, facade))}
    exec(compile(source, "tests/test_hidden.py", "exec"), ns)  # noqa: S102
    for i, name in enumerate(names):
        each(name)
        random.seed(i)
        try:
            ns[name]()
            after(name, None)
        except Exception as e:  # noqa: BLE001 (the test's assertion or our mismatch)
            after(name, e)


def plan_calls(files: Mapping[str, str], package: str, hidden_tests: str,
               names: list[str]) -> list[tuple[str, list[dict[str, Any]]]]:
    """Per hidden test, the package calls it makes on the reference repository."""
    pkg = _Package(files, package)
    plan: list[tuple[str, list[dict[str, Any]]]] = []

    def call(module: str, attr: str) -> Callable[..., Any]:
        fn = getattr(pkg.module(module), attr)

        def record(*args: Any, **kwargs: Any) -> Any:
            plan[-1][1].append({"module": module, "name": attr, "args": encode(list(args)),
                                "kwargs": encode(kwargs)})
            return fn(*args, **kwargs)
        return record

    def after(name: str, error: BaseException | None) -> None:
        if error is not None:
            raise PlanError(f"hidden test {name} fails on the reference fix: {error!r}")

    _run_tests(hidden_tests, names, package,
               lambda m: _Facade(m, call, lambda mod, a: getattr(pkg.module(mod), a)),
               lambda name: plan.append((name, [])), after)
    return plan


def _mutate(target: Any, state: Any) -> None:
    if isinstance(target, list) and isinstance(state, list):
        target[:] = state
    elif type(target) in (dict, set) and type(state) is type(target):
        target.clear()
        target.update(state)


def replay(package: str, hidden_tests: str, names: list[str], evidence: str) -> dict[str, Any]:
    """The verdict on the recorded evidence: passed, total, outcomes, reason."""
    records: dict[str, dict[str, Any]] = {}
    for line in evidence.splitlines():
        try:
            rec = json.loads(line)
        except (ValueError, RecursionError, MemoryError):
            break  # a torn or hostile line ends the evidence
        if isinstance(rec, dict) and isinstance(rec.get("test"), str):
            records.setdefault(rec["test"], rec)
    outcomes: dict[str, bool] = {}
    state: dict[str, Any] = {}
    first_failure = [""]

    def call(module: str, attr: str) -> Callable[..., Any]:
        def answer(*args: Any, **kwargs: Any) -> Any:
            calls, pos = state["calls"], state["pos"]
            if pos >= len(calls):
                raise _Mismatch("more calls than recorded")
            rec = calls[pos]
            state["pos"] = pos + 1
            if not isinstance(rec, dict) or (rec.get("module"), rec.get("name")) != (
                    module, attr) or rec.get("args") != digest(args, kwargs):
                raise _Mismatch(f"call {pos + 1} differs from the recorded one")
            try:
                after_args = decode(rec.get("after", {"l": []}))
                after_kwargs = decode(rec.get("after_kwargs", {"d": []}))
                for target, new in zip(args, after_args, strict=False):
                    _mutate(target, new)
                for key, new in after_kwargs.items() if isinstance(after_kwargs, dict) else ():
                    _mutate(kwargs.get(key), new)
                if "value" in rec:
                    return decode(rec["value"])
            except (ValueError, TypeError, OverflowError, RecursionError, MemoryError) as e:
                raise _Mismatch(f"malformed evidence: {e}") from None
            raised = getattr(builtins, str(rec.get("raise")), None)
            if isinstance(raised, type) and issubclass(raised, Exception):
                raise raised("raised by the code under test")
            raise _Mismatch(f"the code under test raised {rec.get('raise') or rec.get('bad')}")
        return answer

    def each(name: str) -> None:
        rec = records.get(name)
        state["rec"] = rec
        state["calls"] = list(rec.get("calls", [])) if isinstance(rec, dict) else []
        state["pos"] = 0

    def after(name: str, error: BaseException | None) -> None:
        ok = error is None and state["rec"] is not None and state["pos"] == len(state["calls"])
        outcomes[name] = ok
        if not ok and not first_failure[0]:
            first_failure[0] = (f"{name}: " + ("no evidence" if state["rec"] is None else
                                               f"{type(error).__name__}: {error}"[:200]
                                               if error else "calls left unused"))

    _run_tests(hidden_tests, names, package, lambda m: _Facade(m, call), each, after)
    passed = sum(outcomes.values())
    return {"passed": passed, "total": len(names), "outcomes": outcomes,
            "reason": first_failure[0]}




if __name__ == "__main__":
    serve({"plan": lambda r, _: {"plan": plan_calls(r["files"], r["package"], r["hidden_tests"],
                                                     r["names"])},
           "replay": lambda r, evidence: {"verdict": replay(r["package"], r["hidden_tests"],
                                                            r["names"], evidence)}})
