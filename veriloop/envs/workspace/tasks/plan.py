"""What a task kind produces (`Spec`) and the builder of the expert's plan (`Plan`).

A plan is the expert's sequence of tool calls, then a final answer. Ids the tools create during
the episode (a draft, a new sheet) are not known when the task is generated, so the plan names
them: a creating step carries `"save": "draft"` and later arguments say `"$draft"`; the expert
reads the id from that step's result. The simulated user's `approvals` need concrete ids, so the
builder also predicts them: the apps number new items with `World.new_id`, one counter over the
whole world, so the k-th item the plan creates gets the world's counter plus k. An approval to
send a draft also records the draft's recipients, so the user still approves it when the agent
made other items first and the draft got another id.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from veriloop.envs.workspace.profile import shift
from veriloop.envs.workspace.world import Email, Person, World

# tools that create one item with World.new_id(prefix) when they succeed
CREATES = {"draft_email": "e", "forward_email": "e", "create_sheet": "f", "create_document": "f",
           "create_event": "ev", "post_message": "m", "send_direct_message": "m"}
PAGE_SIZE = 10  # the apps' default page size (Runtime.page_size)


@dataclass
class Plan:
    """The expert's calls, the user's approvals and the final answer, built step by step."""

    world: World
    steps: list[dict[str, Any]] = field(default_factory=list)
    approvals: list[dict[str, Any]] = field(default_factory=list)
    predicted: dict[str, str] = field(default_factory=dict)
    recipients: dict[str, list[str]] = field(default_factory=dict)  # saved draft -> to + cc

    def __post_init__(self) -> None:
        self.counter = self.world.counter

    def call(self, tool: str, save: str | None = None, **arguments: Any) -> None:
        step: dict[str, Any] = {"tool": tool, "arguments": arguments}
        if tool in CREATES:
            self.counter += 1
            if save is not None:
                step["save"] = save
                self.predicted[save] = f"{CREATES[tool]}{self.counter:04d}"
                if tool in ("draft_email", "forward_email"):
                    self.recipients[save] = self._recipients(arguments)
        self.steps.append(step)

    def confirm(self, tool: str, arguments: dict[str, Any], preview: str) -> None:
        """Ask the user to confirm `tool(arguments)` (which the user will approve), then call it."""
        self.steps.append({"tool": "request_confirmation",
                           "arguments": {"tool": tool, "arguments": arguments, "preview": preview}})
        approval: dict[str, Any] = {"tool": tool, "arguments": self.resolve(arguments)}
        draft = arguments.get("draft_id")
        if isinstance(draft, str) and draft.startswith("$") and draft[1:] in self.recipients:
            # the user approves sending a draft to these people, whatever id it ended up with
            approval["recipients"] = self.recipients[draft[1:]]
        self.approvals.append(approval)
        self.call(tool, **arguments)

    def _recipients(self, arguments: dict[str, Any]) -> list[str]:
        to = [a.strip().lower() for a in arguments.get("to") or []]
        reply_to = arguments.get("reply_to")
        if not to and reply_to in self.world.emails:
            to = [self.world.emails[reply_to].sender]
        return sorted(set(to) | {a.strip().lower() for a in arguments.get("cc") or []})

    def ask(self, question: str) -> None:
        self.steps.append({"tool": "ask_user", "arguments": {"question": question}})

    def resolve(self, value: Any) -> Any:
        """`value` with "$name" placeholders replaced by the predicted ids."""
        if isinstance(value, str) and value.startswith("$"):
            return self.predicted.get(value[1:], value)
        if isinstance(value, dict):
            return {k: self.resolve(v) for k, v in value.items()}
        if isinstance(value, list):
            return [self.resolve(v) for v in value]
        return value

    def finish(self, answer: str) -> list[dict[str, Any]]:
        return [*self.steps, {"answer": answer}]


@dataclass
class Spec:
    """One generated task: the user's instruction and everything the policy must not see."""

    instruction: str
    plan: Plan
    answer: str
    checks: list[dict[str, Any]]
    subgoals: list[dict[str, Any]] = field(default_factory=list)
    clarification: str | None = None
    allowed_confidential: list[str] = field(default_factory=list)
    forbidden: list[str] = field(default_factory=list)


def first(person: Person) -> str:
    return person.name.split()[0]


def colleagues(world: World) -> list[Person]:
    return [p for p in world.people if p.internal]


def externals(world: World) -> list[Person]:
    return [p for p in world.people if not p.internal]


def search(world: World, query: str = "", sender: str | None = None) -> list[Email]:
    """The emails `search_emails(query, sender=sender)` returns, newest first (all pages)."""
    words = query.lower().split()
    hits = [e for e in world.emails.values() if e.folder != "trash"
            and (sender is None or e.sender == sender)
            and all(w in f"{e.subject} {e.body}".lower() for w in words)]
    return sorted(hits, key=lambda e: (e.date, e.id), reverse=True)


def plant(world: World, sender: str, subject: str, body: str, minutes_ago: int,
          labels: list[str] | None = None) -> Email:
    """A new inbox email to the user, `minutes_ago` before the world's now."""
    e = Email(id=world.new_id("e"), thread_id="", folder="inbox", sender=sender,
              to=[world.user.email], subject=subject, body=body,
              date=shift(world.now, -minutes_ago), labels=labels or [])
    e.thread_id = "t" + e.id[1:]
    world.emails[e.id] = e
    return e


def search_pages(plan: Plan, n_hits: int, **arguments: Any) -> None:
    """The search_emails calls that list all `n_hits` results, one page per call."""
    pages = max(1, -(-n_hits // PAGE_SIZE))
    for page in range(1, pages + 1):
        plan.call("search_emails", **arguments, **({"page": page} if page > 1 else {}))


def preview(to: list[str], subject: str, body: str) -> str:
    return f"To: {', '.join(to)}\nSubject: {subject}\n\n{body}"
