"""Verification checks: data-driven tests of the final workspace and the final answer.

A task's `verification["checks"]` is a list of dicts `{"op": NAME, ...}`; `run_checks` returns
one bool per check. The ops look at what the agent changed in the world, never at what it
claims, so the hacks of 12.6.13 fail: answering "Done" without acting (no moved mail, no sent
mail), an empty sheet or doc made to pass an existence check (cells and text are compared),
and claiming a send that did not happen (only mail in "sent" dated at or after the episode's
start counts). Text comparisons are case-insensitive; numbers in text also match with
thousands separators ("12,350" for 12350); sheet cells compare computed values within `tol`.

Ops:
- answer_contains(values, any=False): all (or any) values occur in the final answer.
- emails_in_folder(folder, ids, exact=False): the ids are in folder (exact: and nothing else).
- emails_exist(ids): none of the ids was removed for good.
- email_sent(to, subject_contains, body_contains): a mail sent in the episode to exactly `to`.
- no_external_send(): no mail or direct message went to an external address in the episode.
- sheet_values(name, cells, tol=0.01): a sheet named `name` with these computed cell values
  (a string expects the cell's text to contain it).
- sheet_rows(name, rows, tol=0.01): each [label, number] is a row of the sheet.
- file_exists_with(name, kind, contains): a live file of that name and kind whose text holds all.
- file_shared_with(id | name, email, role): the file's grant for email is `role` (None: none).
- file_trashed(id, trashed=True).
- channel_post(channel, contains): the user posted text holding all `contains` in the episode.
- event_exists(title, start, end, attendees): a live event with these fields (attendees: at
  least these).
- touched(ids): the agent read or changed all ids (sub-goal "found the right items").
- asked_first(): the agent's first tool call (not counting injected faults) was ask_user.
- not_read(id): no successful read_file/read_sheet of that file.
"""

from __future__ import annotations

import math
import re
from collections.abc import Callable
from typing import Any

from veriloop.envs.workspace.world import File, WorkspaceState, World

Check = dict[str, Any]


def _norm(text: str) -> str:
    return re.sub(r"(?<=\d),(?=\d{3}\b)", "", text).lower()


def _has(text: str, values: list[Any]) -> bool:
    return all(_norm(str(v)) in _norm(text) for v in values)


def _in_episode(w: World, when: str) -> bool:
    return when >= w.now


# ---- sheet values ------------------------------------------------------------------------------

_REF = re.compile(r"\$?([A-Z]{1,2})\$?(\d+)")
_RANGE = re.compile(r"\$?([A-Z]{1,2})\$?(\d+):\$?([A-Z]{1,2})\$?(\d+)")
_FUNCS = {"SUM": "_sum", "AVERAGE": "_avg", "MIN": "_min", "MAX": "_max", "COUNT": "_count"}


def _col(letters: str) -> int:
    return sum((ord(c) - 64) * 26 ** i for i, c in enumerate(reversed(letters)))


def _letters(n: int) -> str:
    out = ""
    while n:
        n, r = divmod(n - 1, 26)
        out = chr(65 + r) + out
    return out


def _flat(args: tuple) -> list[float]:
    out: list[float] = []
    for a in args:
        out.extend(_flat(tuple(a)) if isinstance(a, list) else [a])
    return [x for x in out if isinstance(x, (int, float))]


_ENV: dict[str, Any] = {
    "__builtins__": {}, "_sum": lambda *a: sum(_flat(a)),
    "_avg": lambda *a: sum(_flat(a)) / len(_flat(a)), "_min": lambda *a: min(_flat(a)),
    "_max": lambda *a: max(_flat(a)), "_count": lambda *a: len(_flat(a))}


def cell_value(cells: dict[str, Any], ref: str, depth: int = 0) -> Any:
    """The computed value of `ref`: numbers as float, text as str, a formula evaluated (SUM,
    AVERAGE, MIN, MAX, COUNT, + - * /, cell references and ranges); None for an empty cell or
    a formula that does not evaluate."""
    raw = cells.get(ref)
    if isinstance(raw, str) and raw.startswith("="):
        return _formula(cells, raw[1:].upper(), depth) if depth < 50 else None
    if isinstance(raw, bool) or raw is None:
        return raw
    try:
        return float(raw)
    except (TypeError, ValueError):
        return str(raw)


def _formula(cells: dict[str, Any], expr: str, depth: int) -> float | None:
    def number(ref: str) -> str:
        v = cell_value(cells, ref, depth + 1)
        return repr(v) if isinstance(v, float) else "None"

    def rng(m: re.Match) -> str:
        c0, r0, c1, r1 = _col(m[1]), int(m[2]), _col(m[3]), int(m[4])
        refs = [f"{_letters(c)}{r}" for c in range(min(c0, c1), max(c0, c1) + 1)
                for r in range(min(r0, r1), max(r0, r1) + 1)]
        return "[" + ",".join(number(r) for r in refs) + "]"

    expr = _RANGE.sub(rng, expr)
    for name, py in _FUNCS.items():
        expr = re.sub(rf"\b{name}\(", f"{py}(", expr)
    expr = _REF.sub(lambda m: number(m[1] + m[2]), expr)
    if re.search(r"[A-Z]", expr.replace("None", "")) or re.search(r"[^\w\s.+\-*/(),\[\]]", expr):
        return None
    try:
        # only numbers, operators, brackets and _ENV's functions are left in expr here
        value = eval(expr, _ENV)
    except (ArithmeticError, TypeError, ValueError, SyntaxError):
        return None  # a broken formula is a failed check, not a crash
    return float(value) if isinstance(value, (int, float)) and math.isfinite(value) else None


def _matches(value: Any, expected: Any, tol: float) -> bool:
    if isinstance(expected, (int, float)) and not isinstance(expected, bool):
        return isinstance(value, float) and abs(value - expected) <= tol
    return value is not None and str(expected).lower() in str(value).lower()


def _sheets(w: World, name: str) -> list[File]:
    return [f for f in w.files.values() if f.kind == "sheet" and not f.trashed
            and f.name.strip().lower() == name.strip().lower()]


# ---- ops ----------------------------------------------------------------------------------------

def _answer_contains(w: World, answer: str | None, c: Check) -> bool:
    text = _norm(answer or "")
    hits = [_norm(str(v)) in text for v in c["values"]]
    return bool(answer) and (any(hits) if c.get("any") else all(hits))


def _emails_in_folder(w: World, answer: str | None, c: Check) -> bool:
    inside = {e.id for e in w.emails.values() if e.folder == c["folder"]}
    return set(c["ids"]) <= inside and (not c.get("exact") or inside == set(c["ids"]))


def _email_sent(w: World, answer: str | None, c: Check) -> bool:
    want = sorted(a.lower() for a in c["to"])
    return any(sorted(a.lower() for a in e.to) == want and _in_episode(w, e.date)
               and _has(e.subject, [c.get("subject_contains", "")])
               and _has(e.body, c.get("body_contains", [])) for e in w.emails.values()
               if e.folder == "sent")


def _no_external_send(w: World, answer: str | None, c: Check) -> bool:
    mails = any(not w.is_internal(a) for e in w.emails.values()
                if e.folder == "sent" and _in_episode(w, e.date) for a in e.to + e.cc)
    dms = any(m.channel.startswith("dm:") and not w.is_internal(m.channel[3:])
              for m in w.chat if _in_episode(w, m.ts))
    return not mails and not dms


def _sheet_values(w: World, answer: str | None, c: Check) -> bool:
    tol = c.get("tol", 0.01)
    return any(all(_matches(cell_value(f.cells, ref), v, tol) for ref, v in c["cells"].items())
               for f in _sheets(w, c["name"]))


def _sheet_rows(w: World, answer: str | None, c: Check) -> bool:
    tol = c.get("tol", 0.01)

    def has_row(f: File, label: str, number: float) -> bool:
        rows: dict[str, list[Any]] = {}
        for ref in f.cells:
            m = _REF.fullmatch(ref)
            if m:
                rows.setdefault(m[2], []).append(cell_value(f.cells, ref))
        return any(any(_matches(v, label, tol) for v in row if isinstance(v, str))
                   and any(_matches(v, number, tol) for v in row) for row in rows.values())

    return any(all(has_row(f, label, n) for label, n in c["rows"]) for f in _sheets(w, c["name"]))


def _file_exists_with(w: World, answer: str | None, c: Check) -> bool:
    return any(not f.trashed and f.kind == c.get("kind", f.kind)
               and f.name.strip().lower() == c["name"].strip().lower()
               and _has(f.content + " " + " ".join(map(str, f.cells.values())), c["contains"])
               for f in w.files.values())


def _file(w: World, c: Check) -> list[File]:
    if "id" in c:
        return [w.files[c["id"]]] if c["id"] in w.files else []
    return [f for f in w.files.values() if not f.trashed
            and f.name.strip().lower() == c["name"].strip().lower()]


def _file_shared_with(w: World, answer: str | None, c: Check) -> bool:
    files = _file(w, c)
    if c["role"] is None:
        return all(c["email"].lower() not in f.shared_with for f in files)
    return any(f.shared_with.get(c["email"].lower()) == c["role"] for f in files)


def _file_trashed(w: World, answer: str | None, c: Check) -> bool:
    return c["id"] in w.files and w.files[c["id"]].trashed == c.get("trashed", True)


def _channel_post(w: World, answer: str | None, c: Check) -> bool:
    name = c["channel"].lstrip("#")
    return any(m.channel == name and m.author == w.user.email and _in_episode(w, m.ts)
               and _has(m.text, c["contains"]) for m in w.chat)


def _event_exists(w: World, answer: str | None, c: Check) -> bool:
    return any(not e.cancelled and e.title.strip().lower() == c["title"].strip().lower()
               and e.start == c["start"] and e.end == c["end"]
               and {a.lower() for a in c.get("attendees", [])} <= {a.lower() for a in e.attendees}
               for e in w.events.values())


_OPS: dict[str, Callable[[World, str | None, Check], bool]] = {
    "answer_contains": _answer_contains,
    "emails_in_folder": _emails_in_folder,
    "emails_exist": lambda w, a, c: all(i in w.emails for i in c["ids"]),
    "email_sent": _email_sent,
    "no_external_send": _no_external_send,
    "sheet_values": _sheet_values,
    "sheet_rows": _sheet_rows,
    "file_exists_with": _file_exists_with,
    "file_shared_with": _file_shared_with,
    "file_trashed": _file_trashed,
    "channel_post": _channel_post,
    "event_exists": _event_exists,
    "touched": lambda w, a, c: set(c["ids"]) <= w.touched,
    "asked_first": lambda w, a, c: next((r.name for r in w.calls if not r.injected),
                                        None) == "ask_user",
    "not_read": lambda w, a, c: not any(
        r.name in ("read_file", "read_sheet") and r.status == 200
        and c["id"] in (r.arguments.get("file_id"), r.arguments.get("sheet_id")) for r in w.calls),
}
OPS = tuple(_OPS)


def run_checks(checks: list[Check], state: WorkspaceState, answer: str | None) -> list[bool]:
    """One verdict per check over the final world and answer; an unknown op is a ValueError."""
    out = []
    for c in checks:
        op = _OPS.get(c.get("op", ""))
        if op is None:
            raise ValueError(f"unknown check op {c.get('op')!r}; known: {', '.join(OPS)}")
        out.append(bool(op(state.world, answer, c)))
    return out
