"""Drive, sheets and calendar tools on a hand-built world, with a recording fake guard (the real
one is `safety.Guard`): visibility and access, safety rules, formulas evaluated to hand-computed
values, free/busy intervals worked out by hand, and 400s that say how to fix the call."""

from __future__ import annotations

import threading
from typing import Any

import pytest

from veriloop.envs.workspace.apps import calendar, drive, sheets
from veriloop.envs.workspace.world import Event, File, Person, Runtime, WorkspaceError, World

ME, BOB, CAROL, DAVE, EVE = ("alice@acme.com", "bob@acme.com", "carol@acme.com",
                             "dave@acme.com", "eve@partner.com")


class FakeGuard:
    """Records every call; raises like the real guard for forbid, access and confirmations."""

    def __init__(self, world: World, confirmed: set[str] = frozenset()) -> None:
        self.world, self.confirmed = world, set(confirmed)
        self.calls: list[tuple[str, Any]] = []

    def require_confirmation(self, tool: str, arguments: dict, reason: str, hard: bool) -> None:
        self.calls.append(("confirm", (tool, arguments, hard)))
        if hard and tool not in self.confirmed:
            raise WorkspaceError(403, f"needs confirmation: {reason}")

    def forbid(self, rule: str, detail: str) -> None:
        self.calls.append(("forbid", rule))
        raise WorkspaceError(403, detail)

    def check_access(self, file: File, write: bool = False) -> None:
        self.calls.append(("access", file.id))
        me = self.world.user.email
        role = "editor" if file.owner == me else file.shared_with.get(me)
        if role is None or write and role == "viewer":
            raise WorkspaceError(403, "no access to this file")

    def check_batch(self, n: int) -> None:
        if n > 100:
            raise WorkspaceError(413, "at most 100 items per call")

    def irreversible(self, tool: str, detail: str) -> None:
        self.calls.append(("irreversible", tool))

    def overwrite(self, tool: str, file: File, content: str) -> None:
        self.calls.append(("overwrite", (tool, file.id, file.content, content)))

    def sensitive(self, item_id: str, labels: list[str]) -> None:
        self.calls.append(("sensitive", item_id))

    def recorded(self, kind: str) -> list[Any]:
        return [what for k, what in self.calls if k == kind]


class FakeUser:
    def answer(self, question: str) -> str:
        return "Please go ahead as I asked."

    def confirm(self, tool: str, arguments: dict, preview: str) -> bool:
        return False


def make_world() -> World:
    people = [Person("Bob", BOB, True), Person("Carol", CAROL, True), Person("Dave", DAVE, True),
              Person("Eve", EVE, False)]
    w = World(user=Person("Alice", ME, True), now="2026-03-05T10:00", people=people,
              drive_folders=["/", "/Reports"])
    files = [
        File("f1", "Q4 plan", "/Reports", "doc", ME, content="budget 1200 for Q4",
             labels=["confidential"]),
        File("f2", "Bob notes", "/", "doc", BOB, content="notes from bob",
             shared_with={ME: "viewer"}),
        File("f3", "Salaries", "/", "doc", CAROL, content="salary table 999999"),
        File("f4", "Q3 metrics", "/Reports", "sheet", ME,
             cells={"A1": "revenue", "B1": 100, "B2": 200, "B3": 300}),
        File("f5", "Team wiki", "/", "doc", ME, content="wiki", shared_with={BOB: "editor"}),
        File("f6", "Old draft", "/", "doc", ME, content="old", trashed=True),
        File("f7", "Bob sheet", "/", "sheet", BOB, cells={"A1": 1}, shared_with={ME: "viewer"}),
    ]
    w.files = {f.id: f for f in files}
    events = [
        Event("ev1", "Standup", "2026-03-06T09:00", "2026-03-06T10:00", ME, [BOB, CAROL]),
        Event("ev2", "Design review", "2026-03-06T09:30", "2026-03-06T11:00", DAVE, [ME]),
        Event("ev3", "Carol/Dave 1:1", "2026-03-06T13:00", "2026-03-06T14:00", CAROL, [DAVE]),
        Event("ev4", "Dropped", "2026-03-06T16:00", "2026-03-06T17:00", BOB, [CAROL],
              cancelled=True),
        Event("ev5", "Tomorrow", "2026-03-07T08:00", "2026-03-07T09:00", BOB, []),
    ]
    w.events = {e.id: e for e in events}
    return w


@pytest.fixture
def env() -> tuple[World, FakeGuard, dict]:
    world = make_world()
    guard = FakeGuard(world)
    rt = Runtime(world=world, guard=guard, user=FakeUser(), page_size=10)
    tools = {t.name: t for m in (drive, sheets, calendar) for t in m.make_tools(rt)}
    return world, guard, tools


def error(fn, **kwargs) -> WorkspaceError:
    with pytest.raises(WorkspaceError) as info:
        fn(**kwargs)
    return info.value


# ------------------------------------------------------------------------------------- drive

def test_contract_names(env) -> None:
    _, _, t = env
    assert set(t) == {"list_files", "search_files", "read_file", "create_document",
                      "update_document", "create_drive_folder", "move_file", "delete_file",
                      "restore_file", "share_file", "create_sheet", "read_sheet", "write_cells",
                      "list_events", "free_busy", "create_event", "update_event", "cancel_event"}


def test_list_files_shows_only_visible_untrashed_files(env) -> None:
    world, _, t = env
    out = t["list_files"]()
    ids = [line.split(" | ")[0] for line in out.splitlines()]
    assert sorted(ids) == ["f1", "f2", "f4", "f5", "f7"]  # not Carol's f3, not trashed f6
    assert "f1 | doc | Q4 plan | /Reports | alice@acme.com | owner | confidential" in out
    assert "f2 | doc | Bob notes | / | bob@acme.com | viewer" in out
    assert t["list_files"](folder="Reports/").splitlines() == [
        "f4 | sheet | Q3 metrics | /Reports | alice@acme.com | owner",
        "f1 | doc | Q4 plan | /Reports | alice@acme.com | owner | confidential"]  # by name
    assert "f3" not in world.touched
    assert error(t["list_files"], folder="/Nope").status == 404


def test_list_files_pages(env) -> None:
    world, guard, _ = env
    tools = {x.name: x for x in drive.make_tools(Runtime(world, guard, FakeUser(), page_size=2))}
    first, last = tools["list_files"](page=1), tools["list_files"](page=3)
    assert first.splitlines()[-1] == "page 1 of 3 - call again with page=2"
    assert len(first.splitlines()) == 3
    assert last.splitlines() == [last.splitlines()[0], "page 3 of 3 (last)"]
    assert error(tools["list_files"], page=4).status == 400


def test_read_file_not_shared_is_refused_and_leaks_nothing(env) -> None:
    world, guard, t = env
    e = error(t["read_file"], file_id="f3")
    assert e.status == 403 and "999999" not in str(e) and "Salaries" not in str(e)
    assert guard.recorded("access") == ["f3"] and "f3" not in world.touched
    assert t["search_files"](query="salary") == "no files match 'salary'"


def test_read_file_content_and_sensitive_label(env) -> None:
    world, guard, t = env
    out = t["read_file"](file_id="f1")
    assert out.splitlines()[1] == "budget 1200 for Q4"
    assert guard.recorded("sensitive") == ["f1"] and "f1" in world.touched
    assert "read_sheet" in error(t["read_file"], file_id="f4").message
    e = error(t["read_file"], file_id="f99")
    assert e.status == 404 and "list_files" in e.message
    assert error(t["read_file"], file_id="f6").status == 409  # trashed: restore first


def test_viewer_cannot_write(env) -> None:
    world, _, t = env
    assert error(t["update_document"], file_id="f2", content="x").status == 403
    assert world.files["f2"].content == "notes from bob"
    assert error(t["write_cells"], sheet_id="f7", cells={"A1": 2}).status == 403
    assert world.files["f7"].cells == {"A1": 1}


def test_update_document_append_and_replace(env) -> None:
    world, guard, t = env
    t["update_document"](file_id="f5", content="more")
    assert world.files["f5"].content == "wiki\nmore" and not guard.recorded("irreversible")
    t["update_document"](file_id="f5", content="new", mode="replace")
    assert world.files["f5"].content == "new" and guard.recorded("overwrite") == [
        ("update_document", "f5", "wiki\nmore", "new")]  # the guard judges the replacement


def test_permanent_delete_is_forbidden(env) -> None:
    world, guard, t = env
    assert error(t["delete_file"], file_id="f1", permanent=True).status == 403
    assert guard.recorded("forbid") == ["permanent_delete"]
    assert "f1" in world.files and not world.files["f1"].trashed


def test_trash_and_restore(env) -> None:
    world, guard, t = env
    assert "trash" in t["delete_file"](file_id="f5")
    assert world.files["f5"].trashed and guard.recorded("irreversible") == ["delete_file"]
    assert "f5" not in t["list_files"]()
    assert error(t["delete_file"], file_id="f5").status == 409
    t["restore_file"](file_id="f5")
    assert not world.files["f5"].trashed and "f5 |" in t["list_files"]()
    assert error(t["restore_file"], file_id="f5").status == 409
    assert error(t["delete_file"], file_id="f2").status == 403  # viewer


def test_share_someone_elses_file_is_forbidden(env) -> None:
    world, guard, t = env
    assert error(t["share_file"], file_id="f2", email=CAROL).status == 403
    assert guard.recorded("forbid") == ["permission_change_not_owner"]
    assert CAROL not in world.files["f2"].shared_with


def test_share_externally_or_widening_needs_confirmation(env) -> None:
    world, guard, t = env
    assert error(t["share_file"], file_id="f1", email=EVE).status == 403
    assert guard.recorded("confirm") == [
        ("share_file", {"file_id": "f1", "email": EVE}, True)]  # as called, defaults left out
    assert world.files["f1"].shared_with == {}
    assert error(t["share_file"], file_id="f5", email=CAROL).status == 403  # already with Bob
    assert CAROL not in world.files["f5"].shared_with
    t["share_file"](file_id="f1", email="Carol <CAROL@acme.com>", role="editor")
    assert world.files["f1"].shared_with == {CAROL: "editor"}
    assert len(guard.recorded("confirm")) == 2  # the internal, first share asked nothing
    guard.confirmed.add("share_file")
    t["share_file"](file_id="f1", email=EVE)
    assert world.files["f1"].shared_with[EVE] == "viewer"


def test_create_move_folder_and_document(env) -> None:
    world, _, t = env
    assert error(t["create_document"], name="Memo", content="hi", folder="/Team").status == 404
    assert t["create_drive_folder"](path="/Team/2026") == "created folder /Team/2026"
    assert error(t["create_drive_folder"], path="/Team").status == 409  # parent made too
    out = t["create_document"](name="Memo", content="hi", folder="/Team/2026")
    fid = out.split()[1]
    assert world.files[fid].owner == ME and world.files[fid].content == "hi"
    assert error(t["create_document"], name="Memo", content="x", folder="/Team/2026").status \
        == 409
    t["move_file"](file_id=fid, folder="/Reports")
    assert world.files[fid].folder == "/Reports"
    assert t["search_files"](query="memo").startswith(f"{fid} | doc | Memo | /Reports")


# ------------------------------------------------------------------------------------ sheets

def test_formulas_evaluate_to_hand_computed_values(env) -> None:
    world, _, t = env
    out = t["write_cells"](sheet_id="f4", cells={
        "A4": "Total", "B4": "=SUM(B1:B3)", "B5": "=AVERAGE(B1:B3)", "C1": "=B4*2-B1",
        "C2": "=MAX(B1:B3)-MIN(B1:B3)", "C3": "=COUNT(A1:B3)", "C4": '=A1&"!"',
        "C5": "1,250.5"})
    assert out.splitlines()[1:] == ["A4=Total", "B4=600 (=SUM(B1:B3))",
                                    "B5=200 (=AVERAGE(B1:B3))", "C1=1100 (=B4*2-B1)",
                                    "C2=200 (=MAX(B1:B3)-MIN(B1:B3))", "C3=3 (=COUNT(A1:B3))",
                                    'C4=revenue! (=A1&"!")', "C5=1250.5"]
    t["write_cells"](sheet_id="f4", cells={"B1": 1000})  # dependents recompute on read
    grid = t["read_sheet"](sheet_id="f4").splitlines()
    assert grid[1] == "A1=revenue, B1=1000, C1=2000 (=B4*2-B1)"
    assert grid[4] == "A4=Total, B4=1500 (=SUM(B1:B3)), C4=revenue! (=A1&\"!\")"
    assert t["read_sheet"](sheet_id="f4", cell_range="b4:c5").splitlines()[1:] == [
        "B4=1500 (=SUM(B1:B3)), C4=revenue! (=A1&\"!\")",
        "B5=500 (=AVERAGE(B1:B3)), C5=1250.5"]
    assert world.files["f4"].cells["C5"] == 1250.5


def test_circular_reference_is_400_and_writes_nothing(env) -> None:
    world, _, t = env
    before = dict(world.files["f4"].cells)
    e = error(t["write_cells"], sheet_id="f4", cells={"D1": "=D2+1", "D2": "=B1+D1"})
    assert e.status == 400 and "circular reference: D1 -> D2 -> D1" in e.message
    assert "circular" in error(t["write_cells"], sheet_id="f4", cells={"E1": "=E1"}).message
    assert world.files["f4"].cells == before


@pytest.mark.parametrize("cells, says", [
    ({"1A": 5}, "not a cell name"), ({"B0": 5}, "not a cell name"),
    ({"B6": "=B1/0"}, "#DIV/0!"), ({"B6": "=SUM(B1:B3"}, "not a valid formula"),
    ({"B6": "=FOO(B1)"}, "#NAME?"), ({"B6": "=SUM(A:A)"}, "ranges with rows"),
    ({"B6": "=B1:B3"}, "wrap the range"), ({}, "at least one cell"), ({"B6": [1]}, "a number"),
])
def test_bad_writes_are_400(env, cells, says) -> None:
    world, _, t = env
    e = error(t["write_cells"], sheet_id="f4", cells=cells)
    assert e.status == 400 and says in e.message, e.message
    assert "B6" not in world.files["f4"].cells


def test_sheet_created_then_read(env) -> None:
    world, _, t = env
    sid = t["create_sheet"](name="Budget", folder="/Reports").split()[1]
    assert world.files[sid].kind == "sheet"
    assert t["read_sheet"](sheet_id=sid).endswith("(empty sheet)")
    assert "read_file" in error(t["read_sheet"], sheet_id="f1").message
    assert error(t["read_sheet"], sheet_id="f4", cell_range="A1:").status == 400


# ---------------------------------------------------------------------------------- calendar

def test_free_busy_intervals(env) -> None:
    _, _, t = env
    out = t["free_busy"](people=[ME, BOB, CAROL, DAVE, EVE, "zed@acme.com"],
                         start="2026-03-06T09:15", end="2026-03-06T18:00")
    assert out.splitlines() == [
        "free/busy 2026-03-06T09:15-18:00",
        f"{ME}: busy 2026-03-06T09:15-11:00",  # ev1 clipped to the window, merged with ev2
        f"{BOB}: busy 2026-03-06T09:15-10:00",  # ev4 is cancelled, ev5 is the next day
        f"{CAROL}: busy 2026-03-06T09:15-10:00, 2026-03-06T13:00-14:00",
        f"{DAVE}: busy 2026-03-06T09:30-11:00, 2026-03-06T13:00-14:00",
        f"{EVE}: calendar not visible (outside the organisation)",
        "zed@acme.com: no such person in the organisation; check the address"]
    assert t["free_busy"](people=[BOB], start="2026-03-06T11:00",
                          end="2026-03-06T12:00").splitlines()[1] == f"{BOB}: free"


def test_list_events_of_the_user(env) -> None:
    world, _, t = env
    out = t["list_events"](start="2026-03-06", end="2026-03-06")  # a date as end: whole day
    assert out.splitlines() == [
        f"ev1 | 2026-03-06T09:00-10:00 | Standup | by {ME} | with {BOB}, {CAROL}",
        f"ev2 | 2026-03-06T09:30-11:00 | Design review | by {DAVE} | with {ME}"]
    assert {"ev1", "ev2"} <= world.touched and "ev3" not in world.touched


def test_create_event_with_external_attendee_needs_confirmation(env) -> None:
    world, guard, t = env
    args = {"title": "Kickoff", "start": "2026-03-09T10:00", "end": "2026-03-09T11:00",
            "attendees": [BOB, EVE]}
    assert error(t["create_event"], **args).status == 403
    assert guard.recorded("confirm") == [
        ("create_event", args, True)]
    assert len(world.events) == 5
    out = t["create_event"](title="Sync", start="2026-03-06T09:30", end="2026-03-06T10:30",
                            attendees=[BOB])
    assert "note: overlaps ev1, ev2" in out and len(guard.recorded("confirm")) == 1
    guard.confirmed.add("create_event")
    eid = t["create_event"](**args).split()[1]
    assert world.events[eid].attendees == [BOB, EVE] and world.events[eid].organizer == ME


@pytest.mark.parametrize("start, end, says", [
    ("March 6", "2026-03-06T10:00", "like 2026-03-02T09:30"),
    ("2026-02-30T09:00", "2026-03-01T10:00", "not a real date"),
    ("2026-03-06T10:00", "2026-03-06T09:00", "must be after start"),
])
def test_bad_dates_are_400_with_how_to_fix(env, start, end, says) -> None:
    _, _, t = env
    for name in ("create_event", "list_events"):
        kwargs = {"start": start, "end": end} | ({"title": "x"} if name == "create_event" else {})
        e = error(t[name], **kwargs)
        assert e.status == 400 and says in e.message, e.message


def test_update_and_cancel_only_own_events(env) -> None:
    world, guard, t = env
    t["update_event"](event_id="ev1", start="2026-03-06T15:00")  # moves, keeps the hour
    assert (world.events["ev1"].start, world.events["ev1"].end) == ("2026-03-06T15:00",
                                                                     "2026-03-06T16:00")
    assert error(t["update_event"], event_id="ev1", attendees=[EVE]).status == 403
    assert world.events["ev1"].attendees == [BOB, CAROL]
    assert error(t["update_event"], event_id="ev2", title="x").status == 403  # Dave organises
    assert error(t["cancel_event"], event_id="ev3").status == 404  # not in the user's calendar
    t["cancel_event"](event_id="ev1")
    assert world.events["ev1"].cancelled and guard.recorded("irreversible") == ["cancel_event"]
    assert error(t["cancel_event"], event_id="ev1").status == 409


def test_tools_raise_only_workspace_errors_on_junk(env) -> None:
    _, _, t = env
    junk: list[dict[str, Any]] = [
        {"folder": "/x//y"}, {"query": " "}, {"file_id": ""}, {"path": "/a b//c"},
        {"sheet_id": "f4", "cell_range": "ZZZZ1"}, {"sheet_id": "f4", "cells": {"A1": "=)("}},
        {"people": [], "start": "2026-03-06", "end": "2026-03-07"},
        {"people": ["bob"], "start": "2026-03-06", "end": "2026-03-07"},
        {"title": " ", "start": "2026-03-06", "end": "2026-03-07"},
        {"event_id": "ev1"},
    ]
    names = ["list_files", "search_files", "read_file", "create_drive_folder", "read_sheet",
             "write_cells", "free_busy", "free_busy", "create_event", "update_event"]
    for name, kwargs in zip(names, junk, strict=True):
        assert error(t[name], **kwargs).status in (400, 404), name


def test_formulas_evaluate_correctly_from_many_threads() -> None:
    """Compiled formulas keep per-call state and are shared through the cache; without the
    lock around calls, about 5% of these evaluations returned another thread's result."""
    wrong: list[tuple[int, Any]] = []

    def work(k: int) -> None:
        for _ in range(150):
            cells = {"A1": k, "A2": k, "A3": k, "B1": k, "C1": "=SUM(A1:A3)*B1"}
            value = sheets.Evaluator(cells).value("C1")
            if value != 3 * k * k:
                wrong.append((k, value))

    threads = [threading.Thread(target=work, args=(k,)) for k in range(1, 9)]
    for th in threads:
        th.start()
    for th in threads:
        th.join()
    assert wrong == []


def test_first_formulas_in_concurrent_threads_of_a_fresh_process() -> None:
    """Regression: rollout threads that load the sheets app and touch its formula engine for
    the first time at once failed with a circular import inside schedula's lazy loading (seen as an Error 500
    in an expert's episode)."""
    import subprocess
    import sys

    code = """
import importlib, threading
errors = []
barrier = threading.Barrier(8)
def work(i):
    barrier.wait()
    try:
        sheets = importlib.import_module("veriloop.envs.workspace.apps.sheets")
        cells = {"A1": i, "A2": 2, "A3": ["=SUM(A1:A2)", "=AVERAGE(A1:A2)", "=MAX(A1:A2)",
                                           "=MIN(A1:A2)", "=COUNT(A1:A2)", "=A1*A2",
                                           "=ROUND(A1/3,2)", "=ABS(A1-A2)"][i]}
        sheets.Evaluator(cells).value("A3")
    except Exception as e:
        errors.append(repr(e))
threads = [threading.Thread(target=work, args=(i,)) for i in range(8)]
[t.start() for t in threads]
[t.join() for t in threads]
print("ERRORS", errors)
"""
    for _ in range(3):
        out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True,
                             check=False,
                             timeout=120)
        assert out.returncode == 0, out.stderr[-2000:]
        assert "ERRORS []" in out.stdout, out.stdout[-2000:]
