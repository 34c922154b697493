"""Behaviour graders: how the agent worked, read from the trajectory (not whether it was right).

Each is a registered grader returning a score in [0, 1] and its counts as components:

- `tool_call_accuracy`: valid calls / attempted calls. An attempt is a parsed tool call or a
  turn that failed to parse (other than a malformed final answer); a call is valid when it
  parsed and its tool did not return an error. No attempts -> `no_calls_value` (1.0).
- `error_recovery`: failed calls (tool error or malformed call) that were followed later by a
  successful call of the same tool (any tool for malformed calls) / failed calls.
- `verified_after_last_edit`: a test tool ran successfully after the last edit (edit and test
  tool names configurable). No edits -> `no_edit_value` (1.0).
- `final_summary`: the final message has at least `min_words` words of prose outside tool calls.
- `progress_reports`: in long episodes, every window of `every` tool-calling turns contains a turn
  with at least `min_chars` of prose besides the call. Short episodes (< `every` calls) -> 1.0.
- `format_compliance`: turns that parsed (a valid tool call or answer) / turns.
- `length_efficiency`: 1.0 up to `target_tokens` policy tokens, then target/used.
- `step_efficiency`: optimal steps / turns taken (capped at 1), the optimum read from
  `task.metadata["optimal_steps"]` or `task.verification["optimal_steps"]`.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from typing import Any

from veriloop.graders.base import Grader, register_grader
from veriloop.types import Grade, Task, Trajectory, Turn

_CALL_BLOCK = re.compile(r"<tool_call>.*?(?:</tool_call>|$)|<answer>.*?(?:</answer>|$)", re.DOTALL)


def prose(turn: Turn) -> str:
    """The text of an action outside tool-call and answer tags."""
    return _CALL_BLOCK.sub(" ", turn.action_text).strip()


def _call_failed(turn: Turn) -> bool:
    """A malformed action counts as a failed call attempt, unless it was only a malformed
    final answer (an answer tag and no tool-call tag)."""
    text = turn.action_text
    return turn.format_error is not None and not ("<answer>" in text
                                                  and "<tool_call>" not in text)


def _grade(score: float, **components: float) -> Grade:
    return Grade(score=score, passed=score >= 1.0, components=components)


@register_grader("tool_call_accuracy")
def tool_call_accuracy(no_calls_value: float = 1.0) -> Grader:
    """Valid tool calls / attempted calls (no attempts: `no_calls_value`)."""
    def grade(task: Task, trajectory: Trajectory, state: Any) -> Grade:
        attempted = valid = 0
        for t in trajectory.turns:
            if _call_failed(t):
                attempted += 1
                continue
            for i in range(len(t.tool_calls)):
                attempted += 1
                result = t.tool_results[i] if i < len(t.tool_results) else None
                valid += result is not None and not result.is_error
        score = valid / attempted if attempted else no_calls_value
        return _grade(score, valid_calls=float(valid), attempted_calls=float(attempted))

    return grade


@register_grader("error_recovery")
def error_recovery(no_errors_value: float = 1.0) -> Grader:
    """Failed calls later followed by a successful call of the same tool / failed calls."""
    def grade(task: Task, trajectory: Trajectory, state: Any) -> Grade:
        events: list[tuple[str | None, bool]] = []  # (tool name or None if malformed, ok)
        for t in trajectory.turns:
            if _call_failed(t):
                events.append((None, False))
            for i, c in enumerate(t.tool_calls):
                r = t.tool_results[i] if i < len(t.tool_results) else None
                events.append((c.name, r is not None and not r.is_error))
        failures = recovered = 0
        for i, (name, ok) in enumerate(events):
            if ok:
                continue
            failures += 1
            recovered += any(ok2 and (name is None or name2 == name)
                             for name2, ok2 in events[i + 1:])
        score = recovered / failures if failures else no_errors_value
        return _grade(score, failed_calls=float(failures), recovered=float(recovered))

    return grade


@register_grader("verified_after_last_edit")
def verified_after_last_edit(edit_tools: Sequence[str] = ("edit_file", "write_file",
                                                          "apply_patch"),
                             test_tools: Sequence[str] = ("run_tests",),
                             no_edit_value: float = 1.0) -> Grader:
    """Whether a test tool ran successfully after the last edit (no edits: `no_edit_value`)."""
    def grade(task: Task, trajectory: Trajectory, state: Any) -> Grade:
        last_edit = last_test = -1
        k = 0
        for t in trajectory.turns:
            for i, c in enumerate(t.tool_calls):
                r = t.tool_results[i] if i < len(t.tool_results) else None
                if c.name in edit_tools and r is not None and not r.is_error:
                    last_edit = k
                if c.name in test_tools and r is not None and not r.is_error:
                    last_test = k
                k += 1
        if last_edit < 0:
            return _grade(no_edit_value, edits=0.0, verified=float(no_edit_value >= 1.0))
        ok = last_test > last_edit
        return _grade(float(ok), edits=1.0, verified=float(ok))

    return grade


@register_grader("final_summary")
def final_summary(min_words: int = 5) -> Grader:
    """Whether the final message has at least `min_words` words of prose outside tool calls."""
    def grade(task: Task, trajectory: Trajectory, state: Any) -> Grade:
        last = trajectory.turns[-1] if trajectory.turns else None
        text = prose(last) if last is not None else ""
        if not text and (last is None or not last.tool_calls):
            text = trajectory.final_answer or ""  # the answer itself may be the summary
        words = len(re.findall(r"\w+", text))
        return _grade(float(words >= min_words), summary_words=float(words))

    return grade


@register_grader("progress_reports")
def progress_reports(every: int = 5, min_chars: int = 20) -> Grader:
    """Share of windows of `every` tool-calling turns that hold a prose report of `min_chars`."""
    def grade(task: Task, trajectory: Trajectory, state: Any) -> Grade:
        calling = [t for t in trajectory.turns if t.tool_calls]
        if len(calling) < every:
            return _grade(1.0, windows=0.0, reported=0.0)
        windows = [calling[i:i + every] for i in range(0, len(calling) - every + 1, every)]
        reported = sum(any(len(prose(t)) >= min_chars for t in w) for w in windows)
        return _grade(reported / len(windows), windows=float(len(windows)),
                      reported=float(reported))

    return grade


@register_grader("format_compliance")
def format_compliance() -> Grader:
    """Turns that parsed (a valid tool call or answer) / turns."""
    def grade(task: Task, trajectory: Trajectory, state: Any) -> Grade:
        n = len(trajectory.turns)
        bad = trajectory.format_violations
        return _grade((n - bad) / n if n else 0.0, format_violations=float(bad),
                      turns=float(n))

    return grade


@register_grader("length_efficiency")
def length_efficiency(target_tokens: int = 512) -> Grader:
    """1.0 up to `target_tokens` policy tokens, then target / used."""
    def grade(task: Task, trajectory: Trajectory, state: Any) -> Grade:
        used = sum(len(t.action_ids) for t in trajectory.turns)
        score = 1.0 if used <= target_tokens else target_tokens / used
        return _grade(score, policy_tokens=float(used))

    return grade


@register_grader("step_efficiency")
def step_efficiency(default_optimal: int | None = None) -> Grader:
    """Optimal steps / turns taken, capped at 1 (optimum from the task's `optimal_steps`)."""
    def grade(task: Task, trajectory: Trajectory, state: Any) -> Grade:
        optimal = task.metadata.get("optimal_steps",
                                    task.verification.get("optimal_steps", default_optimal))
        if optimal is None:
            raise ValueError(f"task {task.id!r} has no metadata['optimal_steps'] and no "
                             "default_optimal was configured for step_efficiency")
        steps = max(len(trajectory.turns), 1)
        return _grade(min(1.0, int(optimal) / steps), steps=float(steps),
                      optimal_steps=float(optimal))

    return grade
