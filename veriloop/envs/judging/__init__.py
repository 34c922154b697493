"""Running a task's own code (its tests, reference solution, prompt) in a sandbox execution of
its own, and reading back the answer: how the `code` and `repo` environments plan and judge.
Shared by both worlds (so neither imports the other): this module, the typed codec
`code_harness` and the judge main `code_judge` (stdlib only; staged into the sandbox by file).

A task can come from a task file anyone may have edited, so its code is never executed in the
trainer's process. `run_judge` stages a judge program (`veriloop.envs.judging.code_judge`,
`veriloop.envs.repo.repo_judge`: stdlib only, `code_judge.serve` as their main) with a JSON
request and the evidence of the candidate's run, in a freshly wiped pool workspace that the
candidate's code never ran in. The judge's start marker carries a fresh nonce, so a sandbox
that could not start is told from a judge that gave no answer (the task's code or the evidence
used up a limit).
"""

from __future__ import annotations

import json
import secrets
from collections.abc import Mapping, Sequence
from typing import Any

from veriloop.envs.judging.code_judge import ANSWER, EVIDENCE, REQUEST
from veriloop.sandbox import Limits, Result, SandboxPool
from veriloop.sandbox.base import sandbox_error

REWARDS = ("all", "fraction")


def check_reward(reward: str) -> str:
    """A hidden-test world's `reward` option: "all" (1 if every test passes) or "fraction"."""
    if reward not in REWARDS:
        raise ValueError(f"reward must be 'all' or 'fraction', got {reward!r}")
    return reward


def run_judge(pool: SandboxPool, limits: Limits, argv: Sequence[str], files: Mapping[str, str],
              request: dict[str, Any], evidence: str = "") -> dict[str, Any] | Result:
    """The judge's JSON answer to `request`, or the Result of a run that gave none; raises
    InfrastructureError(kind=SANDBOX) if the judge did not start at all."""
    nonce = secrets.token_hex(8)
    result = pool.run(list(argv), limits=limits, collect=(ANSWER,), files={
        **files, REQUEST: json.dumps({**request, "nonce": nonce}), EVIDENCE: evidence})
    if f"judge started {nonce}" not in result.stdout:
        raise sandbox_error(f"the task judge did not start in the sandbox (exit "
                            f"{result.exit_code}): {result.stderr.strip()[-300:]}")
    try:
        answer = json.loads(result.files.get(ANSWER, ""))
    except ValueError:
        return result
    return answer if isinstance(answer, dict) else result


def ended(result: Result) -> str:
    """How a judge run that gave no answer ended, for a verdict's reason."""
    return ("timed out" if result.timed_out else "ran out of memory"
            if result.killed_for_memory else
            f"exited with code {result.exit_code} without an answer")
