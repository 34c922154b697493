"""BFCL tasks under tool variation (`veriloop.tool_variation`): renamed, reordered,
reworded functions with distractors, the gold answer unchanged.

`vary_task(task, family, seed)` keeps the task's functions, ground truth and backends as they
are and adds the variation to `verification["variation"]`, seeded by the task id, so a task
always gets the same variation and carries it wherever it goes (stores, workers). Episodes
offer the varied functions and map each call back to the original names before they record
it (single-turn) or run it on BFCL's backends (multi-turn), so the grader and the backends are
BFCL's own, unchanged. The expert maps its gold calls forward.

Grading in the original namespace gives the same verdict as grading the varied calls against
the possible answers mapped forward (`forward_answer`) with the varied function docs: the maps
are one-to-one on the offered names, and an original name that was renamed comes back as
`not_offered:<name>`, which fails as an unknown name fails in the varied namespace
(tests/bfcl/test_bfcl_variation.py checks the equivalence on the noisy expert's calls).
"""

from __future__ import annotations

from typing import Any

from veriloop.tool_variation import FAMILIES, Variation, vary
from veriloop.types import Task, ToolCall, ToolSpec

VARIATIONS = ("none", *FAMILIES)


def check_family(value: str) -> str:
    if value not in VARIATIONS:
        raise ValueError(f"tool_variation must be one of {', '.join(VARIATIONS)}, got {value!r}")
    return value


def vary_task(task: Task, family: str, seed: int = 0) -> Task:
    """`task` with a variation of `family` ("train" or "held-out") of its functions."""
    specs = [ToolSpec(name=d["name"], description=d.get("description", ""),
                      parameters=d["parameters"]) for d in task.verification["functions"]]
    variation = vary(specs, family, seed=f"{seed}:{task.id}")
    return task.model_copy(update={
        "verification": {**task.verification, "variation": variation.to_dict()},
        "metadata": {**task.metadata, "tool_variation": family}})


def variation_of(task: Task) -> Variation | None:
    data = task.verification.get("variation")
    return None if data is None else Variation.from_dict(data)


def docs(variation: Variation) -> list[dict[str, Any]]:
    """The varied functions as BFCL function docs (BFCL's parameter types kept)."""
    return [{"name": t.name, "description": t.description, "parameters": t.parameters}
            for t in variation.tools]


def forward_answer(variation: Variation, answer: dict[str, dict[str, list[Any]]]
                   ) -> dict[str, dict[str, list[Any]]]:
    """A possible answer `{function: {param: allowed values}}` in the varied names."""
    ((name, params),) = answer.items()
    call = variation.forward(ToolCall(name=name, arguments=params))
    return {call.name: dict(call.arguments)}
