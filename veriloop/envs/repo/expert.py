"""Scripted expert for the `repo` environment: solves every task through the tools alone.

It explores like a careful engineer (list files, run the tests, search, read the file), applies
the family's reference fix with one search/replace `edit_file` call, re-runs the tests and
submits. It reads the fix from the task's verification data, as demonstrators do.
"""

from __future__ import annotations

from collections.abc import Sequence

from veriloop.formats import HermesFormat
from veriloop.policies.base import Generation, GenerationRequest, SamplingParams
from veriloop.rollout.tokenize import ByteRenderer
from veriloop.types import ToolCall


class RepoExpertPolicy:
    name = "repo-expert"
    scripted = True  # a scripted demonstrator: no context window, no sampling

    def __init__(self) -> None:
        self.renderer = ByteRenderer()
        self._fmt = HermesFormat()

    def _plan(self, req: GenerationRequest) -> list[ToolCall]:
        if req.task is None:
            raise ValueError("the scripted expert needs GenerationRequest.task")
        fix = req.task.verification["fix"]
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

    def _act(self, req: GenerationRequest) -> str:
        plan = self._plan(req)
        turn = sum(m.role == "assistant" for m in req.messages)
        return self._fmt.render_call(plan[min(turn, len(plan) - 1)])

    def generate(self, requests: Sequence[GenerationRequest],
                 params: SamplingParams) -> list[Generation]:
        return [Generation(text=self._act(r)) for r in requests]

    def release(self, key: str) -> None:
        pass
