"""Task kinds across apps: L4 (2-3 apps, 5-15 calls) and L5 (3+ apps, 10-30 calls), after the
book's examples (12.6.8): budget numbers from mail into a new sheet with a total, and a weekly
report from a sheet's metrics and the week's mail updates, shared in chat and by mail."""

from __future__ import annotations

import random

from veriloop.envs.workspace.profile import WEEK
from veriloop.envs.workspace.tasks.plan import Plan, Spec, colleagues, first, plant, preview, search
from veriloop.envs.workspace.tasks.single_app import free_slot, plant_budget, project
from veriloop.envs.workspace.world import File, World

STATUS = ["on track", "blocked on the vendor", "shipped to beta", "two weeks late",
          "waiting for legal review", "ahead of plan"]
METRICS = ["Signups", "Active users", "Tickets closed", "Revenue", "Churned"]
AGENDA = ["goals for Q2", "team structure", "hiring", "tooling", "customer feedback",
          "offsite logistics"]


def plant_sheet(w: World, name: str, rows: list[tuple[str, int]]) -> File:
    cells: dict[str, object] = {"A1": "Item", "B1": "Value"}
    for r, (label, value) in enumerate(rows, start=2):
        cells[f"A{r}"], cells[f"B{r}"] = label, value
    f = File(id=w.new_id("f"), name=name, folder="/Reports", kind="sheet", owner=w.user.email,
             cells=cells, modified=w.now)
    w.files[f.id] = f
    return f


# ---- L4 ---------------------------------------------------------------------------------------

def budget_to_sheet(w: World, rng: random.Random, ambiguous: bool) -> Spec:
    b = plant_budget(w, rng)
    hits = search(w, "Q4 budget", b.person.email)
    amount = {e.id: (item, a) for e, item, a in zip(b.emails, b.items, b.amounts, strict=True)}
    name = f"Q4 budget {first(b.person).title()}"
    cells: dict[str, object] = {"A1": "Item", "B1": "Amount"}
    for r, e in enumerate(hits, start=2):
        cells[f"A{r}"], cells[f"B{r}"] = amount[e.id]
    last = len(hits) + 1
    cells[f"A{last + 1}"], cells[f"B{last + 1}"] = "Total", f"=SUM(B2:B{last})"
    plan = Plan(w)
    plan.call("search_emails", query="Q4 budget", sender=b.person.email)
    for e in hits:
        plan.call("read_email", email_id=e.id)
    plan.call("create_sheet", save="sheet", name=name)
    plan.call("write_cells", sheet_id="$sheet", cells=cells)
    rows = [list(amount[e.id]) for e in hits] + [["total", b.total]]
    return Spec(f"Find {first(b.person).title()}'s Q4 budget emails and put each item and amount "
                f"in a new sheet '{name}' with a Total row.", plan,
                f"Created '{name}': total {b.total}.",
                checks=[{"op": "sheet_rows", "name": name, "rows": rows}],
                subgoals=[{"name": "found", "checks": [{"op": "touched",
                                                        "ids": [e.id for e in hits]}]},
                          {"name": "sheet", "checks": [{"op": "sheet_rows", "name": name,
                                                        "rows": rows[:-1]}]}])


def meeting_from_email(w: World, rng: random.Random, ambiguous: bool) -> Spec:
    while True:
        day, (bob, carol) = rng.choice(WEEK), rng.sample(colleagues(w), 2)
        slot = free_slot(w, [w.user.email, bob.email, carol.email], day)
        if slot:
            break
    p = project(w, rng)
    title = f"{p} meeting"
    ask = plant(w, bob.email, title, f"Hi {first(w.user)}, please book '{title}' on {day} "
                f"{slot[0][11:]}-{slot[1][11:]} with me and {carol.email}.", rng.randrange(30, 300))
    plan = Plan(w)
    plan.call("search_emails", query=title, sender=bob.email)
    plan.call("read_email", email_id=ask.id)
    attendees = [bob.email, carol.email]
    plan.call("create_event", save="event", title=title, start=slot[0], end=slot[1],
              attendees=attendees)
    text = f"Booked '{title}' on {day} at {slot[0][11:]}."
    plan.call("draft_email", save="draft", to=[bob.email], subject=f"Re: {title}", body=text,
              reply_to=ask.id)
    plan.confirm("send_email", {"draft_id": "$draft"}, preview([bob.email], f"Re: {title}", text))
    event = {"op": "event_exists", "title": title, "start": slot[0], "end": slot[1],
             "attendees": attendees}
    sent = {"op": "email_sent", "to": [bob.email], "subject_contains": title,
            "body_contains": [slot[0][11:]]}
    return Spec(f"Do what {first(bob).title()} asks in the email '{title}', then reply to "
                "confirm.", plan, text, checks=[event, sent],
                subgoals=[{"name": "booked", "checks": [event]}, {"name": "replied",
                                                                 "checks": [sent]}])


# ---- L5 ---------------------------------------------------------------------------------------

def weekly_report(w: World, rng: random.Random, ambiguous: bool) -> Spec:
    metrics = [(m, rng.randrange(10, 999)) for m in rng.sample(METRICS, 3)]
    sheet = plant_sheet(w, "Weekly metrics", metrics)
    people = rng.sample(colleagues(w), 4)
    manager, senders = people[0], people[1:]
    updates = []
    for k, person in enumerate(senders):
        p, status = project(w, rng), rng.choice(STATUS)
        while p in [u[0] for u in updates]:
            p = project(w, rng)
        updates.append((p, status, plant(w, person.email, f"Weekly update: {p}",
                                         f"{p} is {status}.", 100 + 200 * k)))
    content = ("Metrics: " + ", ".join(f"{m} {v}" for m, v in metrics) + ". Updates: "
               + "; ".join(f"{p} is {s}" for p, s, _ in updates) + ".")
    plan = Plan(w)
    plan.call("search_files", query="Weekly metrics")
    plan.call("read_sheet", sheet_id=sheet.id)
    plan.call("search_emails", query="weekly update")
    for _, _, e in search_order(w, updates):
        plan.call("read_email", email_id=e.id)
    plan.call("create_document", save="doc", name="Weekly report", content=content)
    post = "Weekly report is in the drive: " + "; ".join(f"{p} {s}" for p, s, _ in updates)
    plan.call("post_message", channel="team", text=post)
    plan.call("draft_email", save="draft", to=[manager.email], subject="Weekly report",
              body=content)
    plan.confirm("send_email", {"draft_id": "$draft"},
                 preview([manager.email], "Weekly report", content))
    values = [str(v) for _, v in metrics] + [p for p, _, _ in updates]
    doc = {"op": "file_exists_with", "name": "Weekly report", "kind": "doc", "contains": values}
    chat = {"op": "channel_post", "channel": "team", "contains": ["weekly report"]}
    sent = {"op": "email_sent", "to": [manager.email], "subject_contains": "weekly report",
            "body_contains": values}
    return Spec("Prepare the weekly report: the metrics from the sheet 'Weekly metrics' and the "
                "'Weekly update' emails, in a new doc 'Weekly report'; post a note in #team and "
                f"email the report to {first(manager).title()}.", plan,
                "Weekly report created, posted and sent.", checks=[doc, chat, sent],
                subgoals=[{"name": "doc", "checks": [doc]}, {"name": "posted", "checks": [chat]},
                          {"name": "sent", "checks": [sent]}])


def search_order(w: World, updates: list) -> list:
    order = {e.id: k for k, e in enumerate(search(w, "weekly update"))}
    return sorted(updates, key=lambda u: order[u[2].id])


def offsite(w: World, rng: random.Random, ambiguous: bool) -> Spec:
    while True:
        day, team = rng.choice(WEEK), rng.sample(colleagues(w), 3)
        slot = free_slot(w, [w.user.email] + [p.email for p in team], day)
        if slot:
            break
    carol = team[0]
    agenda = rng.sample(AGENDA, 3)
    mail = plant(w, carol.email, "Offsite agenda", "Agenda items: " + "; ".join(agenda) + ".",
                 rng.randrange(30, 600))
    costs = [("Venue", rng.randrange(20, 60) * 100), ("Food", rng.randrange(5, 20) * 100),
             ("Travel", rng.randrange(10, 40) * 100)]
    sheet = plant_sheet(w, "Offsite budget", costs)
    total = sum(v for _, v in costs)
    addresses = [p.email for p in team]
    content = f"Offsite agenda: {'; '.join(agenda)}. Budget total: {total}."
    plan = Plan(w)
    plan.call("search_emails", query="offsite agenda", sender=carol.email)
    plan.call("read_email", email_id=mail.id)
    plan.call("search_files", query="Offsite budget")
    plan.call("read_sheet", sheet_id=sheet.id)
    plan.call("free_busy", people=[w.user.email, *addresses], start=f"{day}T13:00",
              end=f"{day}T17:00")
    plan.call("create_event", save="event", title="Offsite planning", start=slot[0], end=slot[1],
              attendees=addresses)
    plan.call("create_document", save="doc", name="Offsite agenda", content=content)
    plan.call("share_file", file_id="$doc", email=carol.email, role="editor")
    post = f"Offsite planning is on {day} at {slot[0][11:]}; the agenda doc is in the drive."
    plan.call("post_message", channel="team", text=post)
    plan.call("send_direct_message", to=carol.email, text="I shared 'Offsite agenda' with you.")
    names = ", ".join(first(p).title() for p in team)
    event = {"op": "event_exists", "title": "Offsite planning", "start": slot[0], "end": slot[1],
             "attendees": addresses}
    doc = {"op": "file_exists_with", "name": "Offsite agenda", "kind": "doc",
           "contains": [*agenda, str(total)]}
    shared = {"op": "file_shared_with", "name": "Offsite agenda", "email": carol.email,
              "role": "editor"}
    chat = {"op": "channel_post", "channel": "team", "contains": ["offsite", slot[0][11:]]}
    return Spec(f"Plan the offsite: book 30-minute 'Offsite planning' with {names} on {day} at the "
                "first time after 13:00 we are all free; write a doc 'Offsite agenda' with "
                f"the agenda items from {first(carol).title()}'s 'Offsite agenda' email and the "
                "total of the sheet 'Offsite budget'; share it with "
                f"{first(carol).title()} as editor and tell them by direct message; post the time "
                "in #team.", plan, "Offsite planned.",
                checks=[event, doc, shared, chat],
                subgoals=[{"name": "booked", "checks": [event]},
                          {"name": "doc", "checks": [doc]}, {"name": "shared", "checks": [shared]},
                          {"name": "posted", "checks": [chat]}])
