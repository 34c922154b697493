"""The workspace's state: the user, their mailbox, calendar, drive (documents and spreadsheets)
and team chat, plus what happened during the episode (sent mail, the call log, violations).

`World` is mutable and belongs to one episode; the apps' tools change it. `World.snapshot()`
returns a deep, frozen copy (`WorkspaceState`) that graders, verification checks and hacking
detectors receive. Times are ISO-8601 strings in the user's local time ("2026-03-06T09:00"),
so they compare as text.

`Runtime` is what a tool closes over: the world, the safety guard (rules and the confirmation
protocol, `safety.Guard`), the simulated user, and the page size for listings. Tools raise
`WorkspaceError(status, message)` for anything the agent did wrong; the episode turns it into
an error result ("Error 404: ...") the agent can read and recover from.
"""

from __future__ import annotations

import copy
from dataclasses import dataclass, field
from typing import Any, Literal, Protocol

Role = Literal["viewer", "editor"]
Kind = Literal["doc", "sheet"]


class WorkspaceError(Exception):
    """An API error the agent sees: an HTTP-like status (400, 403, 404, 409, 413, 429, 5xx)
    and a message that says how to do it right; `retry_after` (seconds) for 429."""

    def __init__(self, status: int, message: str, retry_after: float | None = None) -> None:
        super().__init__(message)
        self.status, self.message, self.retry_after = status, message, retry_after

    def __str__(self) -> str:
        extra = f" (retry after {self.retry_after:g} s)" if self.retry_after is not None else ""
        return f"Error {self.status}: {self.message}{extra}"


@dataclass
class Person:
    name: str
    email: str
    internal: bool  # same domain as the user; anyone else is an external recipient


@dataclass
class Email:
    id: str
    thread_id: str
    folder: str  # "inbox", "sent", "drafts", "archive", "trash" or a user folder
    sender: str  # address
    to: list[str]
    subject: str
    body: str
    date: str
    cc: list[str] = field(default_factory=list)
    labels: list[str] = field(default_factory=list)  # e.g. "confidential"
    read: bool = False
    in_reply_to: str | None = None


@dataclass
class Event:
    id: str
    title: str
    start: str
    end: str
    organizer: str
    attendees: list[str] = field(default_factory=list)
    location: str = ""
    description: str = ""
    cancelled: bool = False


@dataclass
class File:
    """A drive item: a document (`content`) or a spreadsheet (`cells`: "A1" -> raw input, a
    number, text, or a formula starting with "=")."""

    id: str
    name: str
    folder: str  # "/", "/Reports", ...
    kind: Kind
    owner: str  # address; the user may only touch files they own or that are shared with them
    content: str = ""
    cells: dict[str, Any] = field(default_factory=dict)
    shared_with: dict[str, Role] = field(default_factory=dict)
    labels: list[str] = field(default_factory=list)
    trashed: bool = False
    modified: str = ""


@dataclass
class ChatMessage:
    id: str
    channel: str  # channel name without '#', or "dm:<address>" for direct messages
    author: str
    text: str
    ts: str


@dataclass
class Channel:
    name: str
    members: list[str]
    private: bool = False
    topic: str = ""


@dataclass
class Violation:
    """A broken safety rule: `hard` ones were rejected by the environment, `soft` ones were
    allowed and cost `penalty` in the safety reward."""

    rule: str
    kind: Literal["hard", "soft"]
    detail: str
    penalty: float
    call_index: int


@dataclass
class CallRecord:
    """One tool call as the environment saw it (faults injected before the tool ran, too)."""

    index: int
    name: str
    arguments: dict[str, Any]
    status: int  # 200 or the error status
    error: str = ""
    injected: bool = False  # a 429/5xx fault injected by the environment, not the agent's fault


@dataclass
class World:
    user: Person
    now: str
    people: list[Person]
    emails: dict[str, Email] = field(default_factory=dict)
    mail_folders: list[str] = field(default_factory=lambda: ["inbox", "sent", "drafts",
                                                             "archive", "trash"])
    events: dict[str, Event] = field(default_factory=dict)
    files: dict[str, File] = field(default_factory=dict)
    drive_folders: list[str] = field(default_factory=lambda: ["/"])
    channels: dict[str, Channel] = field(default_factory=dict)
    chat: list[ChatMessage] = field(default_factory=list)
    # what the episode did, beyond the apps' own state
    calls: list[CallRecord] = field(default_factory=list)
    violations: list[Violation] = field(default_factory=list)
    questions: list[str] = field(default_factory=list)  # ask_user questions, in order
    confirmations: list[dict[str, Any]] = field(default_factory=list)  # requests and answers
    touched: set[str] = field(default_factory=set)  # ids the agent read or changed
    counter: int = 0

    def new_id(self, prefix: str) -> str:
        self.counter += 1
        return f"{prefix}{self.counter:04d}"

    def person(self, address: str) -> Person | None:
        address = address.strip().lower()
        return next((p for p in [self.user, *self.people] if p.email == address), None)

    def is_internal(self, address: str) -> bool:
        return address.strip().lower().endswith("@" + self.user.email.split("@", 1)[1])

    def snapshot(self) -> WorkspaceState:
        return WorkspaceState(world=copy.deepcopy(self))


@dataclass(frozen=True)
class WorkspaceState:
    """What graders and detectors receive: a deep copy of the final world (do not mutate), and
    for each sub-goal that holds at the end the turn on which it last became true."""

    world: World
    subgoal_turns: tuple[tuple[str, int], ...] = ()

    @property
    def hard_violations(self) -> tuple[Violation, ...]:
        return tuple(v for v in self.world.violations if v.kind == "hard")

    @property
    def soft_violations(self) -> tuple[Violation, ...]:
        return tuple(v for v in self.world.violations if v.kind == "soft")

    @property
    def sent(self) -> tuple[Email, ...]:
        return tuple(e for e in self.world.emails.values() if e.folder == "sent")


class GuardLike(Protocol):
    """The safety guard as the apps call it (implemented by `safety.Guard`)."""

    def require_confirmation(self, tool: str, arguments: dict[str, Any], reason: str,
                             hard: bool) -> None: ...

    def forbid(self, rule: str, detail: str) -> None: ...

    def check_access(self, file: File, write: bool = False) -> None: ...

    def check_batch(self, n: int) -> None: ...

    def irreversible(self, tool: str, detail: str) -> None: ...

    def overwrite(self, tool: str, file: File, content: str) -> None: ...

    def sensitive(self, item_id: str, labels: list[str]) -> None: ...


class UserLike(Protocol):
    """The simulated user as the apps call it (implemented by `simuser.SimulatedUser`)."""

    def answer(self, question: str) -> str: ...

    def confirm(self, tool: str, arguments: dict[str, Any], preview: str) -> bool: ...


@dataclass
class Runtime:
    world: World
    guard: GuardLike
    user: UserLike
    page_size: int = 10
