"""Helpers every app's tools share, so that all apps page, look up ids, read dates and
addresses the same way and fail with the same kind of message.

- `paginate(lines, page, page_size, empty)`: one page of a listing with a footer
  `page 1 of 5 - call again with page=2` while more pages follow (400 for a page out of range).
- `lookup(items, item_id, what, list_tool)`: an item by id, or 404 naming the tool that lists ids.
- `parse_date(value, arg)`: `YYYY-MM-DDTHH:MM` (also accepts `YYYY-MM-DD`, a space for `T`,
  seconds) -> `YYYY-MM-DDTHH:MM`; anything else is a 400.
- `normalise_address(value, world, arg)` / `normalise_addresses(...)`: `"Bob <BOB@acme.com>"`
  -> `bob@acme.com`; a bare name is a 400 that suggests the matching people's addresses.
- `clip(text, limit)`: one line, whitespace collapsed, cut to `limit` characters with "...".

Every failure is a `WorkspaceError` whose message says how to call the tool right. Outputs are
for a small model reading characters as tokens: one line per item, no padding.
"""

from __future__ import annotations

import re
from collections.abc import Mapping
from datetime import datetime
from typing import TypeVar

from veriloop.envs.workspace.world import WorkspaceError, World

T = TypeVar("T")

_ADDRESS = re.compile(r"^[a-z0-9._%+'-]+@[a-z0-9-]+(\.[a-z0-9-]+)+$")
_DATE = re.compile(r"^(\d{4}-\d{2}-\d{2})(?:[T ](\d{1,2}):(\d{2})(?::\d{2}(?:\.\d+)?)?)?$")


def paginate(lines: list[str], page: int, page_size: int, empty: str) -> str:
    """Page `page` (1-based) of `lines`, newline-joined; `empty` when there are no lines.

    A footer follows when there is more than one page: `page 2 of 5 - call again with page=3`,
    or `page 5 of 5 (last)`.
    """
    if not lines:
        if page != 1:
            raise WorkspaceError(400, f"page {page} does not exist: {empty}")
        return empty
    pages = -(-len(lines) // page_size)
    if not 1 <= page <= pages:
        raise WorkspaceError(400, f"page {page} does not exist; pages run from 1 to {pages}")
    shown = lines[(page - 1) * page_size: page * page_size]
    if pages > 1:
        more = f" - call again with page={page + 1}" if page < pages else " (last)"
        shown.append(f"page {page} of {pages}{more}")
    return "\n".join(shown)


def lookup(items: Mapping[str, T], item_id: str, what: str, list_tool: str) -> T:
    """`items[item_id]` (id stripped); 404 saying which tool lists valid ids."""
    key = item_id.strip()
    if key not in items:
        raise WorkspaceError(404, f"no {what} with id '{item_id}'; {list_tool} lists {what} ids")
    return items[key]


def parse_date(value: str, arg: str = "date") -> str:
    """`value` as `YYYY-MM-DDTHH:MM`; a date alone means midnight. 400 otherwise."""
    m = _DATE.match(value.strip())
    hint = f"{arg} must be an ISO date-time like 2026-03-02T09:30 or a date like 2026-03-02"
    if not m:
        raise WorkspaceError(400, f"{hint}, got '{value}'")
    day, hour, minute = m.group(1), m.group(2) or "0", m.group(3) or "0"
    try:
        parsed = datetime.strptime(f"{day}T{int(hour):02d}:{minute}", "%Y-%m-%dT%H:%M")
    except ValueError:
        raise WorkspaceError(400, f"{hint}; '{value}' is not a real date or time") from None
    return parsed.strftime("%Y-%m-%dT%H:%M")


def normalise_address(value: str, world: World | None = None, arg: str = "address") -> str:
    """`value` as a lower-case address (`"Bob <Bob@acme.com>"` -> `bob@acme.com`). With
    `world`, a 400 for a name suggests the addresses of people whose name matches."""
    text = value.strip()
    m = re.search(r"<([^<>]*)>", text)
    address = (m.group(1) if m else text).strip().strip("'\"").lower()
    if _ADDRESS.match(address):
        return address
    hint = ""
    if world is not None and text:
        words = text.lower().split()
        found = [p.email for p in [world.user, *world.people]
                 if all(w in p.name.lower() for w in words)]
        if found:
            hint = f"; did you mean {' or '.join(found[:3])}?"
    raise WorkspaceError(400, f"{arg} must be an email address like name@example.com, "
                              f"got '{value}'{hint}")


def normalise_addresses(values: list[str], world: World | None = None,
                        arg: str = "addresses") -> list[str]:
    """Each of `values` through `normalise_address`, duplicates dropped, order kept."""
    out: list[str] = []
    for v in values:
        address = normalise_address(v, world, arg)
        if address not in out:
            out.append(address)
    return out


def clip(text: str, limit: int) -> str:
    """`text` on one line (whitespace collapsed), cut to `limit` characters ending in '...'."""
    line = " ".join(text.split())
    return line if len(line) <= limit else line[: max(limit - 3, 0)] + "..."
