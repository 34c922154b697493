"""Scripted expert for the `repo` environment: solves every task through the tools alone.

It explores like a careful engineer (list files, run the tests, search, read the file), applies
the family's reference fix with one search/replace `edit_file` call, re-runs the tests and
submits. It reads the fix from the task's verification data, as demonstrators do.

Noisy variants (`noise` = the share of episodes that get one, drawn per episode from the seed,
the task id and the sample index, so several demonstrations of one task differ):

- `give_up`: submits right after reading the file, without an edit (fails);
- `stop_early`: submits right after the first test run (fails);
- `bad_search`: a first `edit_file` with a typo in its `search` text (the tool says it is not
  in the file), then the right edit (recovers);
- `redundant_read`: reads the file a second time before editing (succeeds, one turn longer).

Half of them fail at a decision (submit instead of going on), half show a recovery: a policy
imitating them fails at those decisions as often as the expert did, which is what RL then fixes.
"""

from __future__ import annotations

from veriloop.envs.base import PlannedExpert
from veriloop.types import Task, ToolCall

NOISES = ("give_up", "stop_early", "bad_search", "redundant_read")


def expert_plan(task: Task) -> list[ToolCall]:
    """The noise-free plan: look around, apply the reference fix, re-run the tests, submit."""
    fix = task.verification["fix"]
    first = next(line.strip() for line in fix["search"].splitlines() if line.strip())
    return [
        ToolCall(name="list_files"),
        ToolCall(name="run_tests"),
        ToolCall(name="search", arguments={"pattern": first, "path": ""}),
        ToolCall(name="read_file", arguments={"path": fix["path"]}),
        ToolCall(name="edit_file", arguments={"path": fix["path"], "search": fix["search"],
                                              "replace": fix["replace"]}),
        ToolCall(name="run_tests"),
        ToolCall(name="submit"),
    ]


def noisy_plan(plan: list[ToolCall], variant: str) -> list[ToolCall]:
    """`plan` (as `expert_plan` makes it) changed by one noise variant (module docstring)."""
    list_files, run_tests, search, read, edit, _, submit = plan
    if variant == "give_up":
        return [list_files, run_tests, search, read, submit]
    if variant == "stop_early":
        return [list_files, run_tests, submit]
    if variant == "bad_search":
        # a typo (one space doubled inside the first line's code): generated code never holds
        # two spaces in a row after its indentation, so the tool rejects the search text
        text = edit.arguments["search"]
        indent = len(text) - len(text.lstrip())
        at = text.find(" ", indent)
        wrong = text[:at] + " " + text[at:] if at >= 0 else text.rstrip("\n") + "  "
        bad = ToolCall(name="edit_file", arguments={**edit.arguments, "search": wrong})
        return [list_files, run_tests, search, read, bad, edit, run_tests, submit]
    if variant == "redundant_read":
        return [list_files, run_tests, search, read, read, edit, run_tests, submit]
    raise ValueError(f"unknown noise variant {variant!r}; one of {', '.join(NOISES)}")


class RepoExpertPolicy(PlannedExpert):
    """The repo environment's scripted expert (noise 0 solves every task) and its noisy
    variants."""

    name = "repo-expert"
    noises = NOISES

    def calls(self, task: Task, variant: str | None) -> list[ToolCall]:
        plan = expert_plan(task)
        return plan if variant is None else noisy_plan(plan, variant)
