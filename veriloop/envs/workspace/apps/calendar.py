"""Calendar: the user's events, colleagues' free/busy times, and creating, moving and cancelling
meetings.

`World.events` holds every event the environment knows, the user's and their colleagues';
`list_events` shows those the user organises or attends, `free_busy` the busy intervals of
anyone inside the organisation (events they organise or attend, merged and clipped to the
window). Times are `YYYY-MM-DDTHH:MM`; a date alone is accepted, and as the end of a window it
means the end of that day. Inviting someone outside the organisation (on create, or newly on
update) needs the user's confirmation, asked for the call's arguments without those left at
their default (None or ""). Only the organizer may change or cancel an event; cancelling is
irreversible.
"""

from __future__ import annotations

from datetime import datetime, timedelta

from veriloop.envs.workspace.apps.common import (
    clip,
    lookup,
    normalise_addresses,
    paginate,
    parse_date,
)
from veriloop.envs.workspace.world import Event, Runtime, WorkspaceError, World
from veriloop.tools import Tool, tool

_LISTING = "list_events"
_MAX_PEOPLE = 20


def _end(value: str, arg: str) -> str:
    """An end time; a date alone means the end of that day (the next midnight)."""
    parsed = parse_date(value, arg)
    if len(value.strip()) == 10:
        return _shift(parsed, 24 * 60)
    return parsed


def _minutes(a: str, b: str) -> int:
    fmt = "%Y-%m-%dT%H:%M"
    return int((datetime.strptime(b, fmt) - datetime.strptime(a, fmt)).total_seconds() // 60)


def _shift(t: str, minutes: int) -> str:
    fmt = "%Y-%m-%dT%H:%M"
    return (datetime.strptime(t, fmt) + timedelta(minutes=minutes)).strftime(fmt)


def _window(start: str, end: str, what: str = "window") -> tuple[str, str]:
    s, e = parse_date(start, "start"), _end(end, "end")
    if e <= s:
        raise WorkspaceError(400, f"end ({e}) must be after start ({s}) for the {what}, e.g. "
                                  "start='2026-03-06T09:00', end='2026-03-06T10:00'")
    return s, e


def span(start: str, end: str) -> str:
    """`2026-03-06T09:00-10:00` within a day, else both ends in full."""
    return f"{start}-{end[11:]}" if start[:10] == end[:10] else f"{start}-{end}"


def _attends(ev: Event, address: str) -> bool:
    return ev.organizer == address or address in ev.attendees


def event_line(ev: Event) -> str:
    """id | when | title | organizer | attendees | location."""
    people = ", ".join(ev.attendees[:4]) + (f" +{len(ev.attendees) - 4}"
                                            if len(ev.attendees) > 4 else "")
    parts = [ev.id, span(ev.start, ev.end), clip(ev.title, 60), f"by {ev.organizer}",
             f"with {people}" if people else "no attendees"]
    if ev.location:
        parts.append(clip(ev.location, 40))
    if ev.cancelled:
        parts.append("cancelled")
    return " | ".join(parts)


def busy(world: World, address: str, start: str, end: str) -> list[tuple[str, str]]:
    """`address`'s busy intervals in [start, end): clipped to the window, overlaps merged."""
    spans = sorted((max(ev.start, start), min(ev.end, end)) for ev in world.events.values()
                   if not ev.cancelled and _attends(ev, address)
                   and ev.start < end and ev.end > start)
    merged: list[tuple[str, str]] = []
    for s, e in spans:
        if merged and s <= merged[-1][1]:
            merged[-1] = (merged[-1][0], max(merged[-1][1], e))
        else:
            merged.append((s, e))
    return merged


def make_tools(rt: Runtime) -> list[Tool]:
    world = rt.world
    me = world.user.email

    def own(event_id: str) -> Event:
        ev = lookup(world.events, event_id, "event", _LISTING)
        if not _attends(ev, me):
            raise WorkspaceError(404, f"no event with id '{event_id}' in your calendar; "
                                      f"{_LISTING} lists event ids")
        world.touched.add(ev.id)
        if ev.organizer != me:
            raise WorkspaceError(403, f"only the organizer ({ev.organizer}) can change event "
                                      f"{ev.id}; ask them, or create your own event")
        if ev.cancelled:
            raise WorkspaceError(409, f"event {ev.id} is already cancelled")
        return ev

    def confirm_external(tool_name: str, arguments: dict, added: list[str], what: str) -> None:
        outside = [a for a in added if not world.is_internal(a)]
        if outside:
            given = {k: v for k, v in arguments.items() if v is not None and v != ""}
            rt.guard.require_confirmation(
                tool_name, given, f"{what} invites {', '.join(outside)} from outside the "
                                      "organisation", hard=True)

    def overlap_note(ev: Event) -> str:
        clash = [o.id for o in world.events.values() if o.id != ev.id and not o.cancelled
                 and _attends(o, me) and o.start < ev.end and o.end > ev.start]
        return f"\nnote: overlaps {', '.join(sorted(clash))} in your calendar" if clash else ""

    @tool
    def list_events(start: str, end: str, page: int = 1) -> str:
        """List your events overlapping a time window, earliest first, one per line:
        id | when | title | organizer | attendees | location.

        Args:
            start: window start, e.g. "2026-03-06" or "2026-03-06T09:00".
            end: window end; a date alone means the end of that day.
            page: page number, from 1.
        """
        s, e = _window(start, end)
        events = sorted((ev for ev in world.events.values() if not ev.cancelled
                         and _attends(ev, me) and ev.start < e and ev.end > s),
                        key=lambda ev: (ev.start, ev.id))
        out = paginate([event_line(ev) for ev in events], page, rt.page_size,
                       f"no events between {s} and {e}")
        world.touched.update(x.split(" | ", 1)[0] for x in out.splitlines() if " | " in x)
        return out

    @tool
    def free_busy(people: list[str], start: str, end: str) -> str:
        """Busy intervals of colleagues (and yourself) in a time window, one person per line.

        Args:
            people: email addresses inside the organisation.
            start: window start, e.g. "2026-03-06T09:00".
            end: window end; a date alone means the end of that day.
        """
        s, e = _window(start, end)
        addresses = normalise_addresses(people, world, "people")
        if not addresses or len(addresses) > _MAX_PEOPLE:
            raise WorkspaceError(400, f"people must list 1 to {_MAX_PEOPLE} addresses")
        lines = [f"free/busy {span(s, e)}"]
        for a in addresses:
            if not world.is_internal(a):
                lines.append(f"{a}: calendar not visible (outside the organisation)")
            elif world.person(a) is None:
                lines.append(f"{a}: no such person in the organisation; check the address")
            else:
                spans = busy(world, a, s, e)
                lines.append(f"{a}: " + (("busy " + ", ".join(span(x, y) for x, y in spans))
                                         if spans else "free"))
        return "\n".join(lines)

    @tool
    def create_event(title: str, start: str, end: str, attendees: list[str] | None = None,
                     location: str = "", description: str = "") -> str:
        """Create an event you organise and invite attendees. Inviting anyone outside the
        organisation needs the user's confirmation.

        Args:
            title: the event's title.
            start: start time, e.g. "2026-03-06T14:00".
            end: end time, e.g. "2026-03-06T15:00".
            attendees: email addresses to invite.
            location: a room or a link.
            description: the invitation text.
        """
        if not title.strip():
            raise WorkspaceError(400, "title must not be empty")
        s, e = _window(start, end, "event")
        invited = [a for a in normalise_addresses(attendees or [], world, "attendees") if a != me]
        confirm_external("create_event", {"title": title, "start": start, "end": end,
                                          "attendees": attendees, "location": location,
                                          "description": description}, invited, "the event")
        ev = Event(id=world.new_id("ev"), title=" ".join(title.split()), start=s, end=e,
                   organizer=me, attendees=invited, location=location, description=description)
        world.events[ev.id] = ev
        world.touched.add(ev.id)
        return f"created {event_line(ev)}{overlap_note(ev)}"

    @tool
    def update_event(event_id: str, title: str | None = None, start: str | None = None,
                     end: str | None = None, attendees: list[str] | None = None) -> str:
        """Change an event you organise: its title, times or attendee list (the full new list).
        Inviting anyone outside the organisation needs the user's confirmation.

        Args:
            event_id: the event's id, e.g. "ev0007".
            title: the new title.
            start: the new start time.
            end: the new end time.
            attendees: the complete new list of attendees.
        """
        ev = own(event_id)
        if title is None and start is None and end is None and attendees is None:
            raise WorkspaceError(400, "nothing to change: give title, start, end or attendees")
        if title is not None and not title.strip():
            raise WorkspaceError(400, "title must not be empty")
        s = parse_date(start, "start") if start is not None else ev.start
        if end is not None:
            e = _end(end, "end")
        else:  # a new start alone moves the event, keeping its length
            e = _shift(ev.end, _minutes(ev.start, s))
        if e <= s:
            raise WorkspaceError(400, f"end ({e}) must be after start ({s}); move both together "
                                      "by giving start and end")
        invited = ev.attendees
        if attendees is not None:
            invited = [a for a in normalise_addresses(attendees, world, "attendees") if a != me]
            confirm_external("update_event", {"event_id": event_id, "title": title,
                                              "start": start, "end": end,
                                              "attendees": attendees},
                             [a for a in invited if a not in ev.attendees], f"event {ev.id}")
        ev.title = " ".join(title.split()) if title is not None else ev.title
        ev.start, ev.end, ev.attendees = s, e, invited
        return f"updated {event_line(ev)}{overlap_note(ev)}"

    @tool
    def cancel_event(event_id: str) -> str:
        """Cancel an event you organise (attendees are told; this cannot be undone).

        Args:
            event_id: the event's id.
        """
        ev = own(event_id)
        what = f"{ev.id} '{clip(ev.title, 60)}' {span(ev.start, ev.end)}"
        rt.guard.irreversible("cancel_event", f"cancel {what}")
        ev.cancelled = True
        return f"cancelled {what}"

    return [list_events, free_busy, create_event, update_event, cancel_event]
