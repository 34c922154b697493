"""Running a problem's hidden tests on a program: the plan, the candidate's calls and the judge,
three sandbox executions that never share a process (the package docstring has the steps and
what they stop). The judge programs are the shared ones in `veriloop.envs.judging`."""

from __future__ import annotations

import ast
import json
import secrets
import threading
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from veriloop.envs.judging import code_harness, code_judge, ended, run_judge
from veriloop.envs.judging.code_judge import check_statements
from veriloop.sandbox import Limits, Result, SandboxPool
from veriloop.sandbox.base import sandbox_error

HARNESS_SOURCE = Path(code_harness.__file__).read_text(encoding="utf-8")
JUDGE_SOURCE = Path(code_judge.__file__).read_text(encoding="utf-8")
RESULTS = "results.jsonl"


@dataclass(frozen=True)
class Verdict:
    passed: int
    total: int
    per_test: tuple[bool, ...]
    reason: str = ""

    @property
    def all_passed(self) -> bool:
        return self.total > 0 and self.passed == self.total

    @property
    def fraction(self) -> float:
        return self.passed / self.total if self.total else 0.0


def program_for(task_verification: dict[str, Any], code: str) -> str:
    """The program to test: the submission, or prompt + submission if it is only a body."""
    entry = task_verification["entry_point"]
    try:
        tree = ast.parse(code)
        defines = any(isinstance(n, (ast.FunctionDef, ast.AsyncFunctionDef)) and n.name == entry
                      for n in tree.body)
    except (SyntaxError, ValueError, RecursionError, MemoryError):
        # the submission's fault whatever the parser raised (deep nesting, NUL bytes): it
        # then fails in the sandbox; reading it must never become a grader error
        defines = f"def {entry}" in code
    return code if defines else task_verification["prompt"] + code


class HiddenTests:
    """Runs a problem's hidden tests on a program in the sandbox and judges the evidence.

    Three sandbox executions, none sharing a process with another: the plan (the task's test
    on its canonical solution, once per task, cached here), the candidate's calls
    (`code_harness`), and the judge (`code_judge.replay`). The task's code never runs in this
    process (see the module docstring of `code_judge`)."""

    def __init__(self, pool: SandboxPool, limits: Limits) -> None:
        self.pool, self.limits = pool, limits
        self._plans: dict[tuple[str, str, str, str], list[tuple[int, list[dict[str, Any]]]]] = {}
        self._plans_lock = threading.Lock()

    def _judge(self, request: dict[str, Any], evidence: str = "") -> dict[str, Any] | Result:
        return run_judge(self.pool, self.limits, ["python", "-B", "code_judge.py"],
                         {"code_judge.py": JUDGE_SOURCE, "code_harness.py": HARNESS_SOURCE},
                         request, evidence)

    def planned_calls(self, verification: dict[str, Any]) -> list[tuple[int, list[dict[str,
                                                                                      Any]]]]:
        """Per test statement, the arguments it calls the function with, found by running
        the task's test on its canonical solution in the sandbox. These arguments are all the
        candidate's run ever learns about the hidden tests. A synthesized task carries its
        plan (`calls`, read from literal arguments), so its solution is never run to plan."""
        if "calls" in verification:
            return [(int(i), list(calls)) for i, calls in verification["calls"]]
        v = verification
        key = (v["test"], v["prompt"], v["canonical_solution"], v["entry_point"])
        with self._plans_lock:
            plan = self._plans.get(key)
        if plan is None:
            answer = self._judge({"mode": "plan", "test": key[0], "prompt": key[1],
                                  "canonical_solution": key[2], "entry_point": key[3]})
            if not isinstance(answer, dict) or "plan" not in answer:
                why = answer.get("error") if isinstance(answer, dict) else ended(answer)
                raise ValueError(f"the task's tests do not run on its canonical solution: {why}")
            plan = [(int(i), list(calls)) for i, calls in answer["plan"]]
            with self._plans_lock:
                self._plans[key] = plan
        return plan

    def replay(self, verification: dict[str, Any], evidence: str) -> Verdict:
        """Judge the recorded evidence in a sandbox run of its own (`code_judge.replay`)."""
        v = verification
        answer = self._judge({"mode": "replay", "prompt": v["prompt"], "test": v["test"],
                              "entry_point": v["entry_point"]}, evidence)
        if isinstance(answer, Result):  # cut short (evidence it could not judge in time)
            total = sum(check_statements(v["test"])[1])
            return Verdict(0, total, (False,) * total, f"the judge {ended(answer)}")
        if "verdict" not in answer:  # the task's own code failed
            raise ValueError(f"the task's test code fails: {answer.get('error')}")
        d = answer["verdict"]
        return Verdict(int(d["passed"]), int(d["total"]), tuple(bool(x) for x in d["per_test"]),
                       str(d["reason"]))

    def run(self, verification: dict[str, Any], code: str) -> tuple[Verdict, Result]:
        nonce = secrets.token_hex(8)
        spec = {"calls": self.planned_calls(verification),
                "entry_point": verification["entry_point"], "results": RESULTS, "nonce": nonce}
        result = self.pool.run(
            ["python", "-B", "harness.py"],
            files={"harness.py": HARNESS_SOURCE, "spec.json": json.dumps(spec),
                   "solution.py": program_for(verification, code)},
            limits=self.limits, collect=(RESULTS,))
        if f"harness started {nonce}" not in result.stdout:
            raise sandbox_error(f"the test harness did not start in the sandbox (exit "
                                f"{result.exit_code}): {result.stderr.strip()[-300:]}")
        return self.replay(verification, result.files.get(RESULTS, "")), result
