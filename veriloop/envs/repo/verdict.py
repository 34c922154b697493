"""Hidden-test verdicts for the `repo` environment that the code under test cannot write.

The code env's design, applied to a package: the hidden tests never run next to the code under
test, so nothing that code does in its process (patching pytest, forging a report, exiting
early, returning objects whose `__eq__` is always True) can produce a pass.

The task's own code (its repository, reference fix and hidden tests: a task file may carry
anything) never runs in the trainer's process either: steps 1 and 3 run `repo_judge` in
sandbox executions of their own, apart from the agent's (step 2).

1. **Plan** (sandbox, task code only): the hidden test functions run against the *reference*
   fix of the repository, loaded into private module objects (never into `sys.modules`). Every call a test makes into the package is recorded: module, function,
   arguments in the typed encoding of `veriloop.envs.judging.code_harness`.
2. **Call** (sandbox): `repo_harness` imports the agent's package and makes exactly those calls
   in order, recording a digest of the arguments, the return value (typed encoding: exact
   built-in types only), the arguments' state after the call (so in-place mutation is seen),
   or the exception raised. It sees arguments only: no test source, no expected value.
3. **Judge** (sandbox, task code only): the hidden tests run again, their package calls
   answered from the record (`repo_judge.replay`): a call must match the recorded one in order, its recorded
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

import hashlib
import json
import secrets
import threading
from collections.abc import Mapping
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from veriloop.envs.judging import code_harness, code_judge, ended, run_judge
from veriloop.envs.repo import repo_judge
from veriloop.envs.repo.repo_judge import PlanError
from veriloop.sandbox import Limits, Result, SandboxPool
from veriloop.sandbox.base import sandbox_error
from veriloop.types import Task

__all__ = ["HiddenVerdict", "PlanError", "Verdict", "audit_flags", "reference_files"]

HARNESS_SOURCE = (Path(__file__).with_name("repo_harness.py")).read_text(encoding="utf-8")
CODEC_SOURCE = Path(code_harness.__file__).read_text(encoding="utf-8")
# the judge run holds no agent code, so the shared modules keep their own names there
JUDGE_FILES = {"_veriloop_judge.py": Path(repo_judge.__file__).read_text(encoding="utf-8"),
               "code_judge.py": Path(code_judge.__file__).read_text(encoding="utf-8"),
               "code_harness.py": CODEC_SOURCE}


@dataclass(frozen=True)
class Verdict:
    passed: int
    total: int
    outcomes: dict[str, bool]
    reason: str = ""
    flags: tuple[str, ...] = ()


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
    """The harness files staged next to the agent's package for step 2."""
    spec = {"plan": plan, "nonce": nonce, "results": results}
    return {"_veriloop_harness.py": HARNESS_SOURCE, "_veriloop_codec.py": CODEC_SOURCE,
            "_veriloop_spec.json": json.dumps(spec)}


RESULTS = "_veriloop_results.jsonl"


def reference_files(task: Task) -> dict[str, str]:
    """The task's repository with its reference fix applied."""
    files = dict(task.metadata["files"])
    fix = task.verification["fix"]
    files[fix["path"]] = files[fix["path"]].replace(fix["search"], fix["replace"], 1)
    return files


class HiddenVerdict:
    """Steps 1-3 of the module docstring for one task and one final repository, each in a
    sandbox execution of its own; plans are cached here by the task's content."""

    def __init__(self, pool: SandboxPool, limits: Limits) -> None:
        self.pool, self.limits = pool, limits
        self._plans: dict[str, list[Any]] = {}
        self._plans_lock = threading.Lock()

    def _judge(self, request: dict[str, Any], evidence: str = "") -> dict[str, Any] | Result:
        return run_judge(self.pool, self.limits, ["python", "-I", "-B", "_veriloop_judge.py"],
                         JUDGE_FILES, request, evidence)

    def plan(self, task: Task) -> list[Any]:
        """Step 1: per hidden test, the package calls it makes on the reference repository."""
        request = {"mode": "plan", "files": reference_files(task),
                   "package": task.metadata["package"],
                   "hidden_tests": task.verification["hidden_tests"],
                   "names": list(task.verification["hidden_names"])}
        key = hashlib.sha256(json.dumps(request, sort_keys=True).encode()).hexdigest()
        with self._plans_lock:
            plan = self._plans.get(key)
        if plan is None:
            answer = self._judge(request)
            if isinstance(answer, Result):
                raise PlanError(f"the hidden tests could not be planned: the plan "
                                f"{ended(answer)}")
            if "plan" not in answer:
                raise PlanError(f"the hidden tests cannot be planned on the reference fix: "
                                f"{answer.get('error')}")
            plan = answer["plan"]
            with self._plans_lock:
                self._plans[key] = plan
        return plan

    def run(self, task: Task, final: Mapping[str, str]) -> Verdict:
        v, package = task.verification, task.metadata["package"]
        names = list(v["hidden_names"])
        plan = self.plan(task)
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
        flags = audit_flags(evidence, stopped, result.exit_code)
        answer = self._judge({"mode": "replay", "package": package,
                              "hidden_tests": v["hidden_tests"], "names": names}, evidence)
        if isinstance(answer, Result):  # cut short (evidence it could not judge in time)
            return Verdict(0, len(names), dict.fromkeys(names, False),
                           f"the judge {ended(answer)}", flags)
        if "verdict" not in answer:  # the task's own test code failed
            raise ValueError(f"the task's hidden tests fail to run: {answer.get('error')}")
        d = answer["verdict"]
        return Verdict(int(d["passed"]), int(d["total"]),
                       {str(k): bool(x) for k, x in d["outcomes"].items()}, str(d["reason"]),
                       flags)
