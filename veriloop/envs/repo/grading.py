"""Grading a repository episode with hidden tests the code under test cannot fool.

1. Final files: the episode state's, or (offline) the successful `edit_file` calls of the
   trajectory replayed on the pristine repository.
2. Tamper detection (`veriloop.graders.hacking.detect_protected_changes`) over the pristine and
   final snapshots with the task's protected globs: any edited, deleted or created test file or
   test configuration (a planted `conftest.py`, a new `pytest.ini`) is flagged, and a flagged
   episode scores 0. Changed source files are scanned with `detect_test_manipulation`
   (process exits, pytest hooks or internals, always-true `__eq__`): also flagged, also 0.
3. The verdict (`veriloop.envs.repo.verdict`): the hidden tests never run beside the agent's
   package. A sandbox run of their own plans their package calls on the reference fix; the
   agent's sandbox run only makes those calls (no tests, no pytest, no report file) and
   records typed results; a third sandbox run judges by replaying the tests against the
   record. No task code runs in the trainer's process. Patching
   pytest, forging a JUnit report, exiting early or returning always-equal objects therefore
   cannot pass, whether or not step 2 recognises the trick. The sandbox's audit hook also
   reports such tricks by behaviour (imports of pytest internals, reads of a process's
   command line, an early exit), whatever their spelling: flagged and 0 like step 2. Score: 1 if all hidden tests
   passed (`reward="all"`) or the fraction passed (`"fraction"`).

Non-guarantee: a fix that is correct only on the inputs the hidden tests use passes (as with
any test suite); the static scan of step 2 flags by spelling, the verdict of step 3 does not
depend on it.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from veriloop.envs.repo.episode import RepoState, apply_edit
from veriloop.envs.repo.generator import HIDDEN_TEST_PATH
from veriloop.envs.repo.verdict import HiddenVerdict
from veriloop.graders.hacking import (
    detect_protected_changes,
    detect_test_manipulation,
    is_protected,
    submitted_code,
)
from veriloop.sandbox import Limits, SandboxPool
from veriloop.types import Grade, Task, Trajectory


def grading_files(initial: Mapping[str, str], final: Mapping[str, str],
                  protected: Sequence[str], hidden_tests: str) -> dict[str, str]:
    """The repository the hidden tests run on (see the module docstring, step 3)."""
    out = {p: c for p, c in final.items()
           if not is_protected(p, protected) and not p.startswith("tests/")}
    out.update({p: c for p, c in initial.items() if is_protected(p, protected)})
    out[HIDDEN_TEST_PATH] = hidden_tests
    return out


def replay_edits(task: Task, trajectory: Trajectory) -> dict[str, str]:
    """Final files of a stored trajectory: its successful edits applied to the pristine copy."""
    files = dict(task.metadata["files"])
    for turn in trajectory.turns:
        for call, result in zip(turn.tool_calls, turn.tool_results, strict=False):
            if call.name == "edit_file" and not result.is_error:
                try:
                    files, _ = apply_edit(files, **call.arguments)
                except (TypeError, ValueError):
                    continue
    return files


@dataclass(frozen=True)
class _Snapshot:
    initial_files: Mapping[str, str]
    files: Mapping[str, str]
    protected: Sequence[str]


class RepoGrader:
    """Hidden-test grader for the `repo` environment."""

    def __init__(self, pool: SandboxPool, limits: Limits, reward: str = "all") -> None:
        self.pool, self.limits, self.reward = pool, limits, reward
        self.verdict = HiddenVerdict(pool, limits)  # one per grader: each task planned once

    def __call__(self, task: Task, trajectory: Trajectory, state: Any) -> Grade:
        v = task.verification
        initial = dict(task.metadata["files"])
        if isinstance(state, RepoState):
            final, verified = state.files, state.verified_after_last_edit
        else:
            final, verified = replay_edits(task, trajectory), False
        protected = tuple(v["protected"])
        flags = tuple(str(f) for f in detect_protected_changes(initial, final, protected))
        # exits / test-runner patches in the changed source: reported, verdict decides the score
        suspicious = tuple(str(f) for path, code in submitted_code(task, _Snapshot(
            initial, final, protected)).items() for f in detect_test_manipulation(code, path))
        verdict = self.verdict.run(task, final)
        suspicious += verdict.flags  # the same tricks seen by behaviour in the sandbox
        expected = list(v["hidden_names"])
        passed = verdict.passed
        fraction = passed / len(expected) if expected else 0.0
        all_passed = bool(expected) and passed == len(expected)
        # exits or test-runner patches are never part of a bug fix: they void the verdict
        voided = bool(flags or suspicious)
        score = 0.0 if voided else (float(all_passed) if self.reward == "all" else fraction)
        notes = [f"{passed}/{len(expected)} hidden tests passed"]
        if verdict.reason:
            notes.append(f"first failure: {verdict.reason}")
        if flags:
            notes.append("protected test files were changed: scored 0")
        if suspicious:
            notes.append("the changed code exits or manipulates the test runner: scored 0")
        notes.append("verified after last edit" if verified else "not verified after last edit")
        return Grade(score=score, passed=all_passed and not voided, flags=flags + suspicious,
                     components={"hidden_passed": float(passed),
                                 "hidden_total": float(len(expected)),
                                 "fraction": fraction,
                                 "verified_after_last_edit": float(verified),
                                 "tamper": float(bool(flags)),
                                 "suspicious_code": float(bool(suspicious))},
                     explanation="; ".join(notes))
