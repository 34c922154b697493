"""Hidden-test verdicts for the `repo` environment that the code under test cannot write.

The code env's design, applied to a package: the hidden tests never run next to the code under
test, so nothing that code does in its process (patching pytest, forging a report, exiting
early, returning objects whose `__eq__` is always True) can produce a pass.

1. **Plan** (trusted process): the hidden test functions run against the *reference* fix of the
   repository (veriloop generated both), loaded into private module objects (never into
   `sys.modules`). Every call a test makes into the package is recorded: module, function,
   arguments in the typed encoding of `veriloop.envs.code_harness`.
2. **Call** (sandbox): `repo_harness` imports the agent's package and makes exactly those calls
   in order, recording a digest of the arguments, the return value (typed encoding: exact
   built-in types only), the arguments' state after the call (so in-place mutation is seen),
   or the exception raised. It sees arguments only: no test source, no expected value.
3. **Judge** (trusted process): the hidden tests run again, their package calls answered from
   the record (`replay`): a call must match the recorded one in order, its recorded
   mutations are applied to the caller's arguments, and its recorded exception is raised as
   the same built-in exception type. A test passes only if it completes and used every
   recorded call; a test with no record fails.

Behaviour flags (`Verdict.flags`, `audit_flags`): the harness's audit hook reports imports of
pytest or its internals and reads of `/proc/*/cmdline` by the package, however spelled, and a
run with no end marker that was not stopped by a sandbox limit means the package ended the
process (`os._exit`). These are reported so the grader can void and flag the episode; they are
best-effort (code in the harness's process can withhold or fake lines) and the score never
depends on them: the replay above already fails such a package.

Not covered: tests that use package objects other than functions (classes, constants) — the
plan refuses them (`PlanError`), and every shipped family is checked to plan; exceptions of
package-defined types are replayed as a failure, not as that type.
"""

from __future__ import annotations

import builtins
import dataclasses
import functools
import json
import random
import secrets
import types
from collections.abc import Callable, Mapping
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from veriloop.envs import code_harness
from veriloop.envs.code_harness import decode, digest, encode
from veriloop.sandbox import Limits, SandboxPool
from veriloop.sandbox.base import sandbox_error
from veriloop.types import Task

HARNESS_SOURCE = (Path(__file__).with_name("repo_harness.py")).read_text(encoding="utf-8")
CODEC_SOURCE = Path(code_harness.__file__).read_text(encoding="utf-8")


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


@dataclass(frozen=True)
class Verdict:
    passed: int
    total: int
    outcomes: dict[str, bool]
    reason: str = ""
    flags: tuple[str, ...] = ()


def _mutate(target: Any, state: Any) -> None:
    if isinstance(target, list) and isinstance(state, list):
        target[:] = state
    elif type(target) in (dict, set) and type(state) is type(target):
        target.clear()
        target.update(state)


def replay(package: str, hidden_tests: str, names: list[str], evidence: str) -> Verdict:
    """Judge the recorded evidence in the trusted process (see the module docstring)."""
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
    return Verdict(passed, len(names), outcomes, first_failure[0])


def audit_flags(evidence: str, stopped_by_limit: bool, exit_code: int) -> tuple[str, ...]:
    """Behaviour flags from the harness's evidence (see the module docstring)."""
    flags: list[str] = []
    done = False
    for line in evidence.splitlines():
        try:
            rec = json.loads(line)
        except (ValueError, RecursionError, MemoryError):
            break
        if isinstance(rec, dict) and isinstance(rec.get("audit"), str):
            flag = f"test_manipulation: the package {rec['audit'][:120]}"
            if flag not in flags:
                flags.append(flag)
        done = done or (isinstance(rec, dict) and "done" in rec)
    if not done and not stopped_by_limit:
        flags.append(f"test_manipulation: the package ended the harness process early "
                     f"(exit code {exit_code})")
    return tuple(flags)


def harness_files(plan: list[tuple[str, list[dict[str, Any]]]], nonce: str,
                  results: str) -> dict[str, str]:
    """The trusted files staged next to the agent's package for step 2."""
    spec = {"plan": plan, "nonce": nonce, "results": results}
    return {"_veriloop_harness.py": HARNESS_SOURCE, "_veriloop_codec.py": CODEC_SOURCE,
            "_veriloop_spec.json": json.dumps(spec)}


RESULTS = "_veriloop_results.jsonl"


@functools.lru_cache(maxsize=256)
def _cached_plan(files: tuple[tuple[str, str], ...], package: str, hidden_tests: str,
                 names: tuple[str, ...]) -> str:
    return json.dumps(plan_calls(dict(files), package, hidden_tests, list(names)))


def reference_files(task: Task) -> dict[str, str]:
    """The task's repository with its reference fix applied."""
    files = dict(task.metadata["files"])
    fix = task.verification["fix"]
    files[fix["path"]] = files[fix["path"]].replace(fix["search"], fix["replace"], 1)
    return files


class HiddenVerdict:
    """Steps 1-3 of the module docstring for one task and one final repository."""

    def __init__(self, pool: SandboxPool, limits: Limits) -> None:
        self.pool, self.limits = pool, limits

    def run(self, task: Task, final: Mapping[str, str]) -> Verdict:
        v, package = task.verification, task.metadata["package"]
        names = tuple(v["hidden_names"])
        plan = json.loads(_cached_plan(tuple(sorted(reference_files(task).items())), package,
                                       v["hidden_tests"], names))
        nonce = secrets.token_hex(8)
        files = {p: c for p, c in final.items()
                 if p.startswith(package + "/") and p.endswith(".py")}
        files.update(harness_files(plan, nonce, RESULTS))
        result = self.pool.run(["python", "-I", "-B", "_veriloop_harness.py"], files=files,
                               limits=self.limits, collect=(RESULTS,))
        if f"harness started {nonce}" not in result.stdout:
            raise sandbox_error(f"the repo harness did not start in the sandbox (exit "
                                f"{result.exit_code}): {result.stderr.strip()[-300:]}")
        evidence = result.files.get(RESULTS, "")
        stopped = result.timed_out or result.killed_for_memory or result.killed_for_disk
        verdict = replay(package, v["hidden_tests"], list(names), evidence)
        return dataclasses.replace(verdict, flags=audit_flags(evidence, stopped,
                                                              result.exit_code))
