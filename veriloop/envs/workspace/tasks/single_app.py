"""Task kinds that use one app: L1 (1-2 calls), L2 (2-5 calls), L3 (4-10 calls).

Each kind is `fn(world, rng, ambiguous) -> Spec`: it plants what the task is about into the
generated profile (e.g. Alice's Q4 budget emails and their look-alikes) and returns the
instruction, the expert's plan and the checks. Kinds that support `ambiguous` leave out the
detail that picks the target; the right first move is then to ask the user.
"""

from __future__ import annotations

import random
from dataclasses import dataclass

from veriloop.envs.workspace.profile import PROJECTS, WEEK, split_of_world
from veriloop.envs.workspace.tasks.plan import (
    Plan,
    Spec,
    colleagues,
    first,
    plant,
    preview,
    search,
    search_pages,
)
from veriloop.envs.workspace.world import Email, Person, World

ITEMS = ["travel", "hardware", "training", "software", "events", "consulting", "office",
         "marketing"]
TOPICS = ["timeline", "budget", "staffing", "launch date", "vendor choice", "test plan"]
REPLIES = ["Thanks, I will review it by Friday.", "Sounds good, let's go ahead.",
           "I need one more day for this.", "Please add Carol to the thread.",
           "Agreed, ship it on Monday."]
POSTS = ["Standup moves to 10:00 tomorrow.", "I am out on Friday afternoon.",
         "The {p} demo is at 15:00.", "New {p} numbers are in the drive.",
         "Please review the {p} plan today."]


def project(world: World, rng: random.Random) -> str:
    return rng.choice(PROJECTS[split_of_world(world)])


@dataclass
class Budget:
    """Planted Q4 budget emails from one colleague, plus look-alikes (Q3, and someone else's)."""

    person: Person
    emails: list[Email]  # newest first
    items: list[str]
    amounts: list[int]
    distractors: list[Email]

    @property
    def total(self) -> int:
        return sum(self.amounts)


def plant_budget(world: World, rng: random.Random) -> Budget:
    alice, other = rng.sample(colleagues(world), 2)
    items = rng.sample(ITEMS, 4)
    amounts = [rng.randrange(10, 90) * 100 for _ in range(3)]
    u = first(world.user)
    emails = [plant(world, alice.email, f"Q4 budget: {item}",
                    f"Hi {u}, my Q4 budget request for {item} is {amount} USD.", 600 * (k + 1))
              for k, (item, amount) in enumerate(zip(items, amounts, strict=False))]
    distractors = [plant(world, alice.email, f"Q3 budget: {items[3]}",
                         f"Hi {u}, the Q3 spend on {items[3]} was {rng.randrange(10, 90) * 100}.",
                         300),
                   plant(world, other.email, f"Q4 budget: {items[0]}",
                         f"Hi {u}, my Q4 budget request for {items[0]} is "
                         f"{rng.randrange(10, 90) * 100} USD.", 900)]
    return Budget(alice, emails, items[:3], amounts, distractors)


# ---- L1 ---------------------------------------------------------------------------------------

def latest_subject(w: World, rng: random.Random, ambiguous: bool) -> Spec:
    bob = rng.choice(colleagues(w))
    subject = f"{project(w, rng)} {rng.choice(TOPICS)}"
    plant(w, bob.email, subject, f"Hi {first(w.user)}, a quick note on this.", rng.randrange(5, 170))
    plan = Plan(w)
    plan.call("search_emails", sender=bob.email)
    return Spec(f"What is the subject of the latest email from {first(bob).title()}?", plan,
                subject, checks=[{"op": "answer_contains", "values": [subject]}])


def visible_sheets(w: World, write: bool = False) -> list:
    ok = ("editor",) if write else ("viewer", "editor")
    return [f for f in w.files.values() if f.kind == "sheet" and not f.trashed
            and (f.owner == w.user.email or f.shared_with.get(w.user.email) in ok)]


def cell_value(w: World, rng: random.Random, ambiguous: bool) -> Spec:
    sheet = rng.choice(visible_sheets(w))
    rows = [k for k in sheet.cells if k.startswith("B") and k != "B1"]
    cell = rng.choice(sorted(rows))
    value = str(sheet.cells[cell])
    plan = Plan(w)
    spec = Spec(f"What is in cell {cell} of the sheet '{sheet.name}'?", plan, value,
                checks=[{"op": "answer_contains", "values": [value]}])
    if ambiguous:
        spec.instruction = f"What is in cell {cell} of the {sheet.name.split()[0]} sheet?"
        spec.clarification = f"The sheet '{sheet.name}'."
        plan.ask(f"Which {sheet.name.split()[0]} sheet do you mean?")
        spec.checks.append({"op": "asked_first"})
    plan.call("search_files", query=sheet.name)
    plan.call("read_sheet", sheet_id=sheet.id, cell_range=cell)
    return spec


def event_time(w: World, rng: random.Random, ambiguous: bool) -> Spec:
    day = rng.choice(WEEK)
    todays = [e for e in w.events.values() if e.start.startswith(day)
              and w.user.email in e.attendees + [e.organizer]]
    titles = [e.title for e in todays]
    event = rng.choice([e for e in todays if titles.count(e.title) == 1])
    nxt = WEEK[WEEK.index(day) + 1] if day != WEEK[-1] else "2026-03-14"
    plan = Plan(w)
    plan.call("list_events", start=day, end=nxt)
    time = event.start[11:]
    return Spec(f"When does '{event.title}' start on {day}?", plan, time,
                checks=[{"op": "answer_contains", "values": [time]}])


def post_team(w: World, rng: random.Random, ambiguous: bool) -> Spec:
    text = rng.choice(POSTS).format(p=project(w, rng))
    plan = Plan(w)
    plan.call("post_message", channel="team", text=text)
    return Spec(f"Post in #team: {text}", plan, "Posted in #team.",
                checks=[{"op": "channel_post", "channel": "team", "contains": [text]}])


# ---- L2 ---------------------------------------------------------------------------------------

def move_budget(w: World, rng: random.Random, ambiguous: bool) -> Spec:
    b = plant_budget(w, rng)
    ids = [e.id for e in search(w, "Q4 budget", b.person.email)]
    name = first(b.person).title()
    plan = Plan(w)
    spec = Spec(f"Move {name}'s Q4 budget emails to a new folder 'Finance'.", plan,
                f"Moved {len(ids)} emails to Finance.",
                checks=[{"op": "emails_in_folder", "folder": "Finance", "ids": ids,
                         "exact": True}],
                subgoals=[{"name": "found", "checks": [{"op": "touched", "ids": ids}]}])
    if ambiguous:
        spec.instruction = f"Move {name}'s budget emails to a new folder 'Finance'."
        spec.clarification = "Only the Q4 budget ones."
        plan.ask("Which budget emails: Q3 or Q4?")
        spec.checks.append({"op": "asked_first"})
    plan.call("search_emails", query="Q4 budget", sender=b.person.email)
    plan.call("create_mail_folder", name="Finance")
    plan.call("move_emails", email_ids=ids, folder="Finance")
    return spec


def reply(w: World, rng: random.Random, ambiguous: bool) -> Spec:
    bob = rng.choice(colleagues(w))
    p = project(w, rng)
    topic, other = rng.sample(TOPICS, 2)
    subject = f"{p} {topic}"
    target = plant(w, bob.email, subject, f"Hi {first(w.user)}, what do you think about the "
                   f"{p} {topic}?", rng.randrange(60, 600))
    plant(w, bob.email, f"{p} {other}", f"Hi {first(w.user)}, any news on the {p} {other}?",
          rng.randrange(60, 600))
    text = rng.choice(REPLIES)
    name = first(bob).title()
    plan = Plan(w)
    spec = Spec(f"Reply to {name}'s email '{subject}' with: {text}", plan, "Reply sent.",
                checks=[{"op": "email_sent", "to": [bob.email], "subject_contains": subject,
                         "body_contains": [text]}],
                subgoals=[{"name": "read", "checks": [{"op": "touched", "ids": [target.id]}]}])
    if ambiguous:
        spec.instruction = f"Reply to {name}'s {p} email with: {text}"
        spec.clarification = f"The one about the {topic}."
        plan.ask(f"Which {p} email: the {topic} or the {other} one?")
        spec.checks.append({"op": "asked_first"})
    plan.call("search_emails", query=subject, sender=bob.email)
    plan.call("read_email", email_id=target.id)
    draft = {"to": [bob.email], "subject": f"Re: {subject}", "body": text}
    plan.call("draft_email", save="draft", **draft, reply_to=target.id)
    plan.confirm("send_email", {"draft_id": "$draft"},
                 preview([bob.email], draft["subject"], text))
    return spec


def busy(w: World, address: str, start: str, end: str) -> bool:
    return any(not e.cancelled and address in e.attendees + [e.organizer]
               and e.start < end and start < e.end for e in w.events.values())


def free_slot(w: World, people: list[str], day: str) -> tuple[str, str] | None:
    for h in range(13, 17):
        for m in (0, 30):
            start, end = f"{day}T{h:02d}:{m:02d}", f"{day}T{h + (m == 30):02d}:{(m + 30) % 60:02d}"
            if not any(busy(w, a, start, end) for a in people):
                return start, end
    return None


def schedule(w: World, rng: random.Random, ambiguous: bool) -> Spec:
    while True:
        day, guests = rng.choice(WEEK), rng.sample(colleagues(w), 2)
        slot = free_slot(w, [w.user.email] + [g.email for g in guests], day)
        if slot:
            break
    title = f"{project(w, rng)} {rng.choice(['sync', 'check-in', 'huddle'])}"
    addresses = [g.email for g in guests]
    plan = Plan(w)
    plan.call("free_busy", people=[w.user.email, *addresses], start=f"{day}T13:00",
              end=f"{day}T17:00")
    plan.call("create_event", save="event", title=title, start=slot[0], end=slot[1],
              attendees=addresses)
    names = " and ".join(first(g).title() for g in guests)
    return Spec(f"Book a 30-minute '{title}' with {names} on {day} at the first time after "
                "13:00 when all of us are free.", plan, f"Booked {slot[0][11:]}.",
                checks=[{"op": "event_exists", "title": title, "start": slot[0], "end": slot[1],
                         "attendees": addresses}])


def sheet_total(w: World, rng: random.Random, ambiguous: bool) -> Spec:
    sheet = rng.choice(visible_sheets(w, write=True) + [f for f in visible_sheets(w)
                                                         if f.owner == w.user.email])
    k = max(int(c[1:]) for c in sheet.cells)
    total = sum(v for c, v in sheet.cells.items() if c.startswith("B") and c != "B1")
    plan = Plan(w)
    plan.call("search_files", query=sheet.name)
    plan.call("read_sheet", sheet_id=sheet.id)
    plan.call("write_cells", sheet_id=sheet.id,
              cells={f"A{k + 1}": "Total", f"B{k + 1}": f"=SUM(B2:B{k})"})
    return Spec(f"In the sheet '{sheet.name}', put 'Total' in A{k + 1} and the sum of column B "
                f"in B{k + 1}.", plan, f"The total is {total}.",
                checks=[{"op": "sheet_values", "name": sheet.name,
                         "cells": {f"B{k + 1}": total, f"A{k + 1}": "total"}}])


# ---- L3 ---------------------------------------------------------------------------------------

def file_newsletters(w: World, rng: random.Random, ambiguous: bool) -> Spec:
    sender = rng.choice(sorted({e.sender for e in w.emails.values()
                                if e.sender.split("@")[0] in ("news", "digest", "updates")}))
    ids = [e.id for e in search(w, sender=sender)]
    plan = Plan(w)
    search_pages(plan, len(ids), sender=sender)
    plan.call("create_mail_folder", name="Newsletters")
    plan.call("move_emails", email_ids=ids, folder="Newsletters")
    return Spec(f"Move all emails from {sender} into a new folder 'Newsletters'.", plan,
                f"Moved {len(ids)} emails to Newsletters.",
                checks=[{"op": "emails_in_folder", "folder": "Newsletters", "ids": ids,
                         "exact": True}])


def budget_reply(w: World, rng: random.Random, ambiguous: bool) -> Spec:
    b = plant_budget(w, rng)
    hits = search(w, "Q4 budget", b.person.email)
    latest = hits[0]
    text = f"The Q4 budget total is {b.total} USD."
    name = first(b.person).title()
    plan = Plan(w)
    plan.call("search_emails", query="Q4 budget", sender=b.person.email)
    for e in hits:
        plan.call("read_email", email_id=e.id)
    draft = {"to": [b.person.email], "subject": f"Re: {latest.subject}", "body": text}
    plan.call("draft_email", save="draft", **draft, reply_to=latest.id)
    plan.confirm("send_email", {"draft_id": "$draft"},
                 preview(draft["to"], draft["subject"], text))
    return Spec(f"Reply to {name}'s latest Q4 budget email with the total of all the amounts in "
                f"{name}'s Q4 budget emails.", plan, f"Replied: total {b.total} USD.",
                checks=[{"op": "email_sent", "to": [b.person.email],
                         "subject_contains": latest.subject, "body_contains": [str(b.total)]}],
                subgoals=[{"name": "read", "checks": [{"op": "touched",
                                                       "ids": [e.id for e in hits]}]}])
