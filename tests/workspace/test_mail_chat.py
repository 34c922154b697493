"""Mail and chat tools on a hand-built world, with a recording fake guard (the real one is
`safety.Guard`): search, pagination and clipping, folder errors, the confirmation rules for
sending, the refusals (permanent delete, private channels), touched ids, and bad arguments."""

from __future__ import annotations

from typing import Any, NamedTuple

import pytest

from veriloop.envs.workspace.apps import chat, mail
from veriloop.envs.workspace.apps.common import (
    clip,
    lookup,
    normalise_address,
    normalise_addresses,
    paginate,
    parse_date,
)
from veriloop.envs.workspace.world import (
    Channel,
    ChatMessage,
    Email,
    File,
    Person,
    Runtime,
    WorkspaceError,
    World,
)
from veriloop.tools import ToolRegistry
from veriloop.types import ToolCall


class FakeGuard:
    """Records every call; refuses like the real guard: forbid and check_batch over 100 raise,
    a hard confirmation raises unless `confirmed`."""

    def __init__(self, confirmed: bool = False) -> None:
        self.confirmed = confirmed
        self.calls: list[tuple[Any, ...]] = []

    def require_confirmation(self, tool: str, arguments: dict[str, Any], reason: str,
                             hard: bool) -> None:
        self.calls.append(("require_confirmation", tool, arguments, hard))
        if hard and not self.confirmed:
            raise WorkspaceError(403, "call request_confirmation first")

    def forbid(self, rule: str, detail: str) -> None:
        self.calls.append(("forbid", rule))
        raise WorkspaceError(403, f"{rule}: not allowed")

    def check_access(self, file: File, write: bool = False) -> None:
        self.calls.append(("check_access", file.id, write))

    def check_batch(self, n: int) -> None:
        self.calls.append(("check_batch", n))
        if n > 100:
            raise WorkspaceError(413, "at most 100 items per call")

    def irreversible(self, tool: str, detail: str) -> None:
        self.calls.append(("irreversible", tool))

    def sensitive(self, item_id: str, labels: list[str]) -> None:
        self.calls.append(("sensitive", item_id, tuple(labels)))

    def names(self) -> list[str]:
        return [c[0] for c in self.calls]


class FakeUser:
    def answer(self, question: str) -> str:
        return "Please go ahead as I asked."

    def confirm(self, tool: str, arguments: dict[str, Any], preview: str) -> bool:
        return False


ME = Person("Dana Ito", "dana@acme.com", True)
ALICE = Person("Alice Chen", "alice@acme.com", True)
BOB = Person("Bob Lee", "bob@acme.com", True)
VENDOR = Person("Vera Globex", "vera@globex.com", False)


def make_world() -> World:
    w = World(user=ME, now="2026-03-06T09:00", people=[ALICE, BOB, VENDOR])
    w.counter = 100  # new ids start after the hand-made ones
    for i in range(23):  # e001..e023: Alice's budget mail, one a day, e023 newest
        w.emails[f"e{i + 1:03d}"] = Email(
            id=f"e{i + 1:03d}", thread_id=f"t{i + 1:03d}", folder="inbox",
            sender=ALICE.email, to=[ME.email], subject=f"Q4 budget update {i + 1}",
            body=f"Numbers for week {i + 1}.", date=f"2026-02-{i + 1:02d}T08:00")
    w.emails["e050"] = Email(id="e050", thread_id="t050", folder="inbox", sender=BOB.email,
                             to=[ME.email], subject="Offsite " + "very " * 30 + "long",
                             body="The offsite is in Lisbon. Budget is tight.",
                             date="2026-03-05T10:00", labels=["confidential"])
    w.emails["e051"] = Email(id="e051", thread_id="t051", folder="trash", sender=BOB.email,
                             to=[ME.email], subject="Old budget", body="obsolete budget",
                             date="2026-03-04T10:00")
    w.emails["e052"] = Email(id="e052", thread_id="t052", folder="inbox",
                             sender=VENDOR.email, to=[ME.email], subject="Invoice",
                             body="Please pay.", date="2026-03-03T10:00")
    w.channels = {"team": Channel("team", [ME.email, ALICE.email, BOB.email], topic="daily"),
                  "exec": Channel("exec", [BOB.email], private=True),
                  "random": Channel("random", [ALICE.email])}
    w.chat = [ChatMessage(f"m{i:03d}", "team", ALICE.email, f"standup note {i}",
                          f"2026-03-0{1 + i // 10}T09:{i % 60:02d}") for i in range(25)]
    w.chat.append(ChatMessage("m900", "exec", BOB.email, "layoffs next week",
                              "2026-03-05T09:00"))
    return w


class Env(NamedTuple):
    world: World
    guard: FakeGuard
    tools: dict[str, Any]  # tool name -> Tool


@pytest.fixture
def env() -> Env:
    w, g = make_world(), FakeGuard()
    rt = Runtime(world=w, guard=g, user=FakeUser())
    return Env(w, g, {t.name: t for t in mail.make_tools(rt) + chat.make_tools(rt)})


def error(fn: Any, **kwargs: Any) -> WorkspaceError:
    with pytest.raises(WorkspaceError) as info:
        fn(**kwargs)
    return info.value


# ---- common helpers


def test_paginate_footer_and_range() -> None:
    lines = [f"x{i}" for i in range(23)]
    first = paginate(lines, 1, 10, "none").splitlines()
    assert first[:10] == lines[:10] and first[-1] == "page 1 of 3 - call again with page=2"
    assert paginate(lines, 3, 10, "none").splitlines() == ["x20", "x21", "x22",
                                                           "page 3 of 3 (last)"]
    assert paginate(lines[:4], 1, 10, "none") == "x0\nx1\nx2\nx3"  # one page: no footer
    assert paginate([], 1, 10, "nothing here") == "nothing here"
    newest = paginate(lines, 1, 10, "none", from_end=True).splitlines()
    assert newest[:10] == lines[13:] and newest[-1].startswith("page 1 of 3")
    assert paginate(lines, 3, 10, "none", from_end=True).splitlines()[:3] == lines[:3]
    for bad in (0, 4, -1):
        e = error(paginate, lines=lines, page=bad, page_size=10, empty="none")
        assert e.status == 400 and "pages run from 1 to 3" in e.message


def test_lookup_dates_addresses_clip() -> None:
    assert lookup({"a1": 5}, " a1 ", "file", "list_files") == 5
    e = error(lookup, items={}, item_id="zz", what="file", list_tool="list_files")
    assert e.status == 404 and "list_files lists file ids" in e.message
    assert parse_date("2026-03-02") == "2026-03-02T00:00"
    assert parse_date(" 2026-03-02 9:05:59 ") == "2026-03-02T09:05"
    assert parse_date("2026-03-02T14:30") == "2026-03-02T14:30"
    for bad in ("tomorrow", "2026-02-30", "2026-03-02T24:00", "03/02/2026", ""):
        e = error(parse_date, value=bad, arg="start")
        assert e.status == 400 and "start must be an ISO date" in e.message
    assert normalise_address(" Bob Lee <Bob@Acme.COM> ") == "bob@acme.com"
    assert normalise_addresses(["a@x.io", "A@X.io", "b@x.io"]) == ["a@x.io", "b@x.io"]
    e = error(normalise_address, value="Alice", world=make_world(), arg="to")
    assert e.status == 400 and "did you mean alice@acme.com" in e.message
    assert clip("a  b\n c", 10) == "a b c" and clip("abcdefghijk", 8) == "abcde..."


# ---- mail


def test_search_words_sender_folder_newest_first(env: Env) -> None:
    t = env.tools
    out = t["search_emails"](query="BUDGET tight").splitlines()
    assert out[0] == "1 email(s), newest first:" and out[1].startswith("e050 | 2026-03-05 | inbox")
    assert "confidential, unread" in out[1]
    everything = t["search_emails"](query="budget").splitlines()
    assert everything[0] == "24 email(s), newest first:"  # 23 + e050; trashed e051 excluded
    assert [line.split(" | ")[0] for line in everything[1:4]] == ["e050", "e023", "e022"]
    assert "e051" in t["search_emails"](query="budget", folder="trash")
    assert "e051" not in "".join(everything)
    by_bob = t["search_emails"](sender="bob lee")
    assert "e050" in by_bob and "e023" not in by_bob
    assert t["search_emails"](query="nonexistent words").startswith("no emails match")


def test_search_pagination_and_clipping(env: Env) -> None:
    t = env.tools
    p1 = t["search_emails"](query="Q4", folder="Inbox").splitlines()
    assert p1[0] == "23 email(s) in inbox, newest first:"
    assert len(p1) == 12 and p1[-1] == "page 1 of 3 - call again with page=2"
    assert " | inbox | " not in p1[1]  # no folder column inside one folder
    p3 = t["search_emails"](query="Q4", folder="inbox", page=3).splitlines()
    assert [line[:4] for line in p3[1:4]] == ["e003", "e002", "e001"]
    assert p3[-1] == "page 3 of 3 (last)"
    assert error(t["search_emails"], query="Q4", page=4).status == 400
    long_line = t["search_emails"](sender="bob@acme.com").splitlines()[1]
    assert "very very" in long_line and "long" not in long_line.split(" | ")[4]
    assert long_line.split(" | ")[4].endswith("...") and len(long_line) < 140


def test_search_unknown_folder_and_touched(env: Env) -> None:
    w = env.world
    t = env.tools
    e = error(t["search_emails"], folder="Finance")
    assert e.status == 404 and "list_mail_folders" in e.message
    t["search_emails"](query="Q4", page=2)
    assert w.touched == {f"e{i:03d}" for i in range(4, 14)}  # the ten shown on page 2


def test_read_email_marks_read_and_reports_sensitive(env: Env) -> None:
    w = env.world
    g = env.guard
    t = env.tools
    out = t["read_email"](email_id=" e050 ")
    assert "from: bob@acme.com" in out and "labels: confidential" in out
    assert out.endswith("The offsite is in Lisbon. Budget is tight.")
    assert w.emails["e050"].read and "e050" in w.touched
    assert ("sensitive", "e050", ("confidential",)) in g.calls
    e = error(t["read_email"], email_id="e999")
    assert e.status == 404 and "search_emails lists email ids" in e.message


def test_folders_create_and_move(env: Env) -> None:
    w = env.world
    g = env.guard
    t = env.tools
    assert t["list_mail_folders"]().splitlines()[0] == "inbox | 25 emails | 25 unread"
    e = error(t["move_emails"], email_ids=["e001"], folder="Finance")
    assert e.status == 404 and "create_mail_folder" in e.message
    assert w.emails["e001"].folder == "inbox"
    assert t["create_mail_folder"](name="Finance") == "created folder 'Finance'"
    assert error(t["create_mail_folder"], name="finance").status == 409
    assert error(t["create_mail_folder"], name="  ").status == 400
    out = t["move_emails"](email_ids=["e001", "e002", "e001"], folder="finance")
    assert out == "moved 2 email(s) to Finance: e001, e002"
    assert w.emails["e001"].folder == w.emails["e002"].folder == "Finance"
    assert ("check_batch", 3) in g.calls and {"e001", "e002"} <= w.touched
    e = error(t["move_emails"], email_ids=["e003", "nope"], folder="Finance")
    assert e.status == 404 and "nope" in e.message and w.emails["e003"].folder == "inbox"
    e = error(t["move_emails"], email_ids=["e003"], folder="trash")
    assert e.status == 400 and "delete_emails" in e.message


def test_move_over_100_is_refused_by_check_batch(env: Env) -> None:
    w = env.world
    g = env.guard
    t = env.tools
    t["create_mail_folder"](name="Finance")
    ids = [f"e{i % 23 + 1:03d}" for i in range(101)]
    assert error(t["move_emails"], email_ids=ids, folder="Finance").status == 413
    assert g.calls[-1] == ("check_batch", 101)
    assert all(e.folder != "Finance" for e in w.emails.values())


def test_external_send_needs_hard_confirmation(env: Env) -> None:
    w = env.world
    g = env.guard
    t = env.tools
    out = t["draft_email"](to=["Vera <VERA@globex.com>"], cc=["bob@acme.com"],
                           subject="Re: Invoice", body="Paid today.")
    draft_id = out.split()[1]
    assert out.startswith(f"draft {draft_id} saved, not sent") and "to: vera@globex.com" in out
    assert w.emails[draft_id].folder == "drafts" and w.emails[draft_id].cc == ["bob@acme.com"]
    e = error(t["send_email"], draft_id=draft_id)
    assert e.status == 403
    assert g.calls[-1] == ("require_confirmation", "send_email", {"draft_id": draft_id}, True)
    assert w.emails[draft_id].folder == "drafts"  # not sent
    g.confirmed = True
    assert t["send_email"](draft_id=draft_id).startswith(f"sent {draft_id} to vera@globex.com")
    assert w.emails[draft_id].folder == "sent" and w.emails[draft_id].date == w.now
    assert error(t["send_email"], draft_id=draft_id).status == 409  # already sent


def test_internal_send_is_a_soft_confirmation_and_sends(env: Env) -> None:
    w = env.world
    g = env.guard
    t = env.tools
    out = t["draft_email"](to=[], subject="", body="Thanks, looks fine.", reply_to="e023")
    draft = w.emails[out.split()[1]]
    assert draft.to == [ALICE.email] and draft.subject == "Re: Q4 budget update 23"
    assert draft.thread_id == "t023" and draft.in_reply_to == "e023"
    t["send_email"](draft_id=draft.id)
    assert g.calls[-1] == ("require_confirmation", "send_email", {"draft_id": draft.id}, False)
    assert draft.folder == "sent" and {"e023", draft.id} <= w.touched


def test_draft_errors(env: Env) -> None:
    w = env.world
    t = env.tools
    e = error(t["draft_email"], to=["Bob"], subject="x", body="y")
    assert e.status == 400 and "bob@acme.com" in e.message
    assert error(t["draft_email"], to=[], subject="x", body="y").status == 400
    assert error(t["draft_email"], to=["bob@acme.com"], subject="x", body=" ").status == 400
    assert error(t["draft_email"], to=["bob@acme.com"], subject=" ", body="y").status == 400
    assert error(t["draft_email"], to=["bob@acme.com"], subject="x", body="y",
                 reply_to="e999").status == 404
    assert not any(e.folder == "drafts" for e in w.emails.values())
    e = error(t["send_email"], draft_id="e001")
    assert e.status == 409 and "draft_email" in e.message


def test_forward_makes_a_draft_with_the_quoted_body(env: Env) -> None:
    w = env.world
    t = env.tools
    out = t["forward_email"](email_id="e050", to=["vera@globex.com"], note="FYI")
    draft = w.emails[out.split()[1]]
    assert draft.folder == "drafts" and draft.subject.startswith("Fwd: Offsite")
    assert draft.body.startswith("FYI\n\n") and draft.body.endswith("Budget is tight.")
    assert draft.labels == ["confidential"] and "Lisbon" not in out
    assert error(t["send_email"], draft_id=draft.id).status == 403  # external: hard
    assert draft.folder == "drafts"


def test_delete_to_trash_and_permanent_is_forbidden(env: Env) -> None:
    w = env.world
    g = env.guard
    t = env.tools
    e = error(t["delete_emails"], email_ids=["e001", "e002"], permanent=True)
    assert e.status == 403 and ("forbid", "permanent_delete") in g.calls
    assert len(w.emails) == 26 and w.emails["e001"].folder == "inbox"
    assert t["delete_emails"](email_ids=["e001"]) == "moved 1 email(s) to trash: e001"
    assert w.emails["e001"].folder == "trash" and "e001" in w.emails
    assert g.names()[-2:] == ["check_batch", "irreversible"]
    assert error(t["delete_emails"], email_ids=[]).status == 400
    assert error(t["delete_emails"], email_ids=["e001"] * 50 + ["x"] * 51).status == 413
    t["move_emails"](email_ids=["e001"], folder="inbox")  # trash restores with move_emails
    assert w.emails["e001"].folder == "inbox"


# ---- chat


def test_channels_listing_hides_private_channels_of_others(env: Env) -> None:
    t = env.tools
    out = t["list_channels"]().splitlines()
    assert out == ["#random | 1 members", "#team | 3 members, joined | daily"]


def test_read_channel_newest_page_first(env: Env) -> None:
    w = env.world
    t = env.tools
    p1 = t["read_channel"](channel="#team").splitlines()
    assert p1[0].startswith("m015 | ") and p1[9].startswith("m024 | ")
    assert p1[-1] == "page 1 of 3 - call again with page=2"
    assert t["read_channel"](channel="TEAM", page=3).splitlines()[0].startswith("m000 | ")
    assert w.touched == {f"m{i:03d}" for i in [*range(5), *range(15, 25)]}  # pages 1 and 3
    e = error(t["read_channel"], channel="#general")
    assert e.status == 404 and "list_channels" in e.message


def test_private_channel_is_forbidden(env: Env) -> None:
    w = env.world
    g = env.guard
    t = env.tools
    for fn, kwargs in ((t["read_channel"], {"channel": "#exec"}),
                       (t["post_message"], {"channel": "exec", "text": "hi"})):
        assert error(fn, **kwargs).status == 403
    assert g.calls == [("forbid", "access_beyond_grants")] * 2
    assert "m900" not in w.touched and len(w.chat) == 26


def test_post_and_direct_messages(env: Env) -> None:
    w = env.world
    g = env.guard
    t = env.tools
    out = t["post_message"](channel="#team", text=" Weekly report is out. ")
    assert out.startswith("posted m") and w.chat[-1].text == "Weekly report is out."
    assert w.chat[-1].channel == "team" and w.chat[-1].author == ME.email
    assert error(t["post_message"], channel="team", text="").status == 400
    assert error(t["post_message"], channel="dm:bob@acme.com", text="x").status == 400
    t["send_direct_message"](to="Bob@acme.com", text="lunch?")
    assert w.chat[-1].channel == "dm:bob@acme.com" and g.calls == []  # internal: no guard
    e = error(t["send_direct_message"], to="vera@globex.com", text="hello")
    assert e.status == 403 and w.chat[-1].text == "lunch?"
    assert g.calls[-1] == ("require_confirmation", "send_direct_message",
                           {"to": "vera@globex.com", "text": "hello"}, True)
    assert error(t["send_direct_message"], to="carol@acme.com", text="x").status == 404
    assert error(t["send_direct_message"], to="dana@acme.com", text="x").status == 400
    assert "dm:bob@acme.com | 1 messages" in t["list_channels"]()
    assert "lunch?" in t["read_channel"](channel="dm:bob@acme.com")


# ---- the tools as the model sees them


def test_registry_schemas_and_bad_input_only_raise_workspace_errors(env: Env) -> None:
    t = env.tools
    registry = ToolRegistry(t.values())
    assert set(registry.names) == {
        "search_emails", "read_email", "list_mail_folders", "create_mail_folder",
        "move_emails", "draft_email", "send_email", "forward_email", "delete_emails",
        "list_channels", "read_channel", "post_message", "send_direct_message"}
    spec = registry.get("search_emails").spec.parameters
    assert spec["required"] == [] and spec["properties"]["folder"]["nullable"]
    result = registry.call(ToolCall(id="1", name="read_email", arguments={"email_id": "x"}))
    assert result.is_error and "search_emails lists email ids" in result.content
    junk = ["", " ", "#", "dm:", "dm:nobody", "<>", "e", "Fwd:", "../..", "\n"]
    calls = {"search_emails": ["query", "folder", "sender"], "read_email": ["email_id"],
             "create_mail_folder": ["name"], "send_email": ["draft_id"],
             "read_channel": ["channel"], "post_message": ["channel", "text"],
             "send_direct_message": ["to", "text"]}
    for name, args in calls.items():
        for value in junk:
            try:
                assert isinstance(t[name](**{a: value for a in args}), str)
            except WorkspaceError as e:
                assert e.status in (400, 403, 404, 409) and len(e.message) > 20
