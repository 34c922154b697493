"""The simulated user: scripted answers from the task's hidden verification data.

`answer(question)` returns the task's `clarification` when the task is ambiguous (the text
that resolves the ambiguity), otherwise "Please go ahead as I asked." `confirm(tool,
arguments, preview)` says yes exactly to the calls listed in the task's `approvals` (compared
with `safety.normalize_arguments`, as the guard compares them) and only when the preview is
non-empty; a send of a draft is also approved when the draft goes to exactly the approved
recipients (so an agent that made another draft first, shifting the ids, is not refused). It
is deterministic: the same question gets the same answer, so no seed is needed.
Unlike a real user it never volunteers information or changes its mind.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from veriloop.envs.workspace.safety import same_call
from veriloop.envs.workspace.world import World

GO_AHEAD = "Please go ahead as I asked."
YES = "Yes, go ahead."
NO = "No, do not do that."


class SimulatedUser:
    """`world.UserLike` over a task's `clarification` and `approvals`."""

    def __init__(self, clarification: str | None = None,
                 approvals: Sequence[Mapping[str, Any]] = (),
                 defaults: Mapping[str, Mapping[str, Any]] | None = None,
                 world: World | None = None) -> None:
        self.clarification = clarification
        self.defaults = defaults if defaults is not None else {}
        self.approvals = [(str(a["tool"]), dict(a.get("arguments") or {})) for a in approvals]
        # sends approved by who receives the draft, not by its id
        self.draft_approvals = [(str(a["tool"]), list(a["recipients"])) for a in approvals
                                if a.get("recipients") is not None]
        self.world = world

    @classmethod
    def from_verification(cls, verification: Mapping[str, Any],
                          defaults: Mapping[str, Mapping[str, Any]] | None = None,
                          world: World | None = None) -> SimulatedUser:
        return cls(verification.get("clarification"), verification.get("approvals") or (),
                   defaults, world)

    def answer(self, question: str) -> str:
        return self.clarification if self.clarification else GO_AHEAD

    def confirm(self, tool: str, arguments: dict[str, Any], preview: str) -> bool:
        if not preview.strip():
            return False
        if any(same_call(t, a, tool, arguments, self.defaults) for t, a in self.approvals):
            return True
        draft = self.world.emails.get(str(arguments.get("draft_id"))) if self.world else None
        if draft is None or draft.folder != "drafts":
            return False
        to = sorted({a.lower() for a in [*draft.to, *draft.cc]})
        return any(t == tool.strip() and r == to for t, r in self.draft_approvals)
