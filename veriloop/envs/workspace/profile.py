"""Generated users: one seeded workspace (people, mailbox, drive, calendar, chat) per seed.

`generate_world(seed)` builds a user at a company domain with ~40 people (colleagues and external
contacts), ~300 emails (project threads, newsletters, look-alike subjects, some labelled
confidential), ~30 drive files (documents, and sheets with numeric cells; some owned by others
and not shared with the user), a week of calendar events and three chat channels (#team,
#general, and a private channel the user is not in). Everything comes from templates crossed
with pools, drawn with one `random.Random` seeded by `seed`: the same seed gives the same world.

Splits are a property of the seed: seeds below `TEST_SEED_START` draw names, companies and
project topics from the train pools, seeds from it on from the disjoint test pools, so a test
world shares no person, company or project name with any train world.

This is 12.6.6's "realistic profile" scaled down for a small model's context: 300 emails, not
500+, and every listing is paginated by the apps.
"""

from __future__ import annotations

import random
from datetime import datetime, timedelta

from veriloop.envs.workspace.world import (
    Channel,
    ChatMessage,
    Email,
    Event,
    File,
    Person,
    World,
)

TEST_SEED_START = 2**31
NOW = "2026-03-06T16:00"  # a Friday; the calendar holds the following week
WEEK = ["2026-03-09", "2026-03-10", "2026-03-11", "2026-03-12", "2026-03-13"]

FIRST = {
    "train": ["alice", "bob", "carol", "dan", "erin", "frank", "grace", "heidi", "ivan", "judy",
              "ken", "laura", "mike", "nina", "oscar", "peggy", "quinn", "rita", "sam", "tina",
              "umar", "vera", "walt", "xena", "yusuf", "zoe", "aaron", "bella", "chris", "diana",
              "eli", "fiona", "gavin", "hana", "ian", "jade", "kyle", "lena", "marc", "nora",
              "owen", "pia", "raj", "sofia", "theo", "una"],
    "test": ["abel", "bianca", "cyrus", "delia", "emil", "flora", "gus", "helga", "igor", "june",
             "kurt", "lola", "milo", "nell", "otto", "paula", "remy", "selma", "tobias", "ursa",
             "victor", "wanda", "xavi", "yara", "zane", "amos", "beth", "cole", "dora", "enzo",
             "faye", "gino", "hugo", "ines", "jon", "kira", "luca", "maya", "niko", "olga",
             "pedro", "rosa", "silas", "tara", "uri", "vida"],
}
LAST = ["smith", "garcia", "chen", "novak", "okafor", "silva", "muller", "kim", "patel", "rossi",
        "dubois", "larsen", "tanaka", "haddad", "kowalski", "nguyen", "costa", "berg"]
COMPANY = {"train": ["acme.com", "globex.com", "initech.com", "vandelay.com"],
           "test": ["umbrella.com", "hooli.com", "soylent.com", "wonka.com"]}
EXTERNAL = {"train": ["northwind.io", "contoso.net", "fabrikam.org", "tailspin.co"],
            "test": ["piedpiper.io", "cyberdyne.net", "tyrell.org", "stark.co"]}
PROJECTS = {"train": ["Atlas", "Borealis", "Cobalt", "Delta", "Ember", "Falcon", "Granite",
                      "Harbor"],
            "test": ["Juniper", "Kestrel", "Lumen", "Meridian", "Nimbus", "Orion", "Quartz",
                     "Sierra"]}
NEWSLETTERS = ["news", "digest", "updates"]

SUBJECTS = ["{p} kickoff notes", "{p} timeline", "{p} risks", "{p} design review",
            "{p} vendor shortlist", "{p} hiring plan", "{p} launch checklist", "{p} retro",
            "Question about {p}", "{p} demo feedback", "{p} roadmap", "{p} staffing"]
BODIES = ["Hi {u}, the {p} {thing} is on track. We expect to finish by {day}.",
          "Hi {u}, could you look at the {p} {thing}? I added {n} comments.",
          "{u}, quick note: the {p} {thing} moved to {day}. Numbers: {n} items open.",
          "Hello {u}, sharing the {p} {thing}. Let me know if anything is missing.",
          "Hi {u}, I have concerns about the {p} {thing}; {n} issues need an owner."]
THINGS = ["plan", "draft", "estimate", "report", "schedule", "spec", "proposal", "summary"]
NEWS_SUBJECTS = ["{src} weekly digest #{n}", "{src}: industry news #{n}", "{src} product tips #{n}"]
CONFIDENTIAL = ["Salary review {y}", "Legal hold notice", "Reorg plans", "Acquisition talks",
                "Performance review: {who}", "Board minutes {y}"]
FOLDERS = ["Projects", "Receipts", "Travel", "Clients"]
DRIVE_FOLDERS = ["/Reports", "/Projects", "/Finance", "/HR"]
SHEET_KINDS = [("{p} costs", ["Licenses", "Hosting", "Contractors", "Travel", "Hardware"]),
               ("{p} metrics", ["Signups", "Active users", "Tickets", "Churned", "Upgrades"]),
               ("{p} hours", ["Design", "Build", "Testing", "Docs", "Support"])]
DOC_KINDS = ["{p} plan", "{p} meeting notes", "{p} requirements", "{p} postmortem"]
EVENT_KINDS = ["{p} review", "{p} sync", "1:1 with {who}", "{p} planning", "Interview: {p} role"]
CHAT = ["Has anyone seen the {p} {thing}?", "The {p} {thing} is up for review.",
        "Reminder: {p} demo on {day}.", "Thanks for the help with {p}!",
        "I pushed the {p} {thing} to the drive.", "Lunch at 12:30 anyone?"]


def split_of(seed: int) -> str:
    """"train" for seeds below TEST_SEED_START, else "test" (the pools are disjoint)."""
    return "test" if seed >= TEST_SEED_START else "train"


def split_of_world(world: World) -> str:
    """The split whose pools `world` was drawn from (its company domain says so)."""
    return "test" if world.user.email.split("@")[1] in COMPANY["test"] else "train"


def shift(when: str, minutes: int) -> str:
    """`when` moved by `minutes` (negative: earlier), as an ISO minute string."""
    t = datetime.fromisoformat(when) + timedelta(minutes=minutes)
    return t.strftime("%Y-%m-%dT%H:%M")


def _person(first: str, domain: str, internal: bool, rng: random.Random) -> Person:
    last = rng.choice(LAST)
    address = f"{first}@{domain}" if internal else f"{first}.{last}@{domain}"
    return Person(name=f"{first.title()} {last.title()}", email=address, internal=internal)


def _people(rng: random.Random, split: str, domain: str) -> tuple[Person, list[Person]]:
    names = rng.sample(FIRST[split], 41)
    user = _person(names[0], domain, True, rng)
    internal = [_person(n, domain, True, rng) for n in names[1:29]]
    external = [_person(n, rng.choice(EXTERNAL[split]), False, rng) for n in names[29:]]
    return user, internal + external


def _emails(w: World, rng: random.Random, split: str, projects: list[str],
            internal: list[Person], external: list[Person]) -> None:
    u = w.user.name.split()[0]
    contacts = internal + external
    for _ in range(170):  # project threads of 1-3 messages
        p, other = rng.choice(projects), rng.choice(contacts)
        subject = rng.choice(SUBJECTS).format(p=p)
        when = shift(NOW, -rng.randrange(180, 60 * 24 * 45))
        thread, parent = "", None
        for k in range(rng.choice([1, 1, 2, 3])):
            mine = k % 2 == 1
            body = rng.choice(BODIES).format(u=u if not mine else other.name.split()[0], p=p,
                                             thing=rng.choice(THINGS), n=rng.randrange(2, 40),
                                             day=rng.choice(WEEK))
            e = Email(id=w.new_id("e"), thread_id=thread, folder="sent" if mine else "inbox",
                      sender=w.user.email if mine else other.email,
                      to=[other.email] if mine else [w.user.email],
                      subject=subject if k == 0 else f"Re: {subject}", body=body,
                      date=shift(when, 90 * k), read=rng.random() < 0.7, in_reply_to=parent)
            e.thread_id = thread = thread or "t" + e.id[1:]
            if not mine and rng.random() < 0.15:
                e.folder = rng.choice(w.mail_folders[5:] + ["archive"])
            w.emails[e.id] = e
            parent = e.id
    for src in NEWSLETTERS:  # 12-16 issues each: more than one page of results
        domain = rng.choice(EXTERNAL[split])
        for n in range(rng.randrange(12, 17)):
            e = Email(id=w.new_id("e"), thread_id="", folder="inbox", sender=f"{src}@{domain}",
                      to=[w.user.email], subject=rng.choice(NEWS_SUBJECTS).format(
                          src=src.title(), n=100 + n),
                      body=f"This week in {rng.choice(THINGS)}s: {rng.randrange(3, 9)} stories.",
                      date=shift(NOW, -60 * 24 * 3 * n - rng.randrange(60, 600)))
            e.thread_id = "t" + e.id[1:]
            w.emails[e.id] = e
    for k in range(10):  # confidential mail from colleagues
        who = rng.choice(internal)
        e = Email(id=w.new_id("e"), thread_id="", folder="inbox", sender=who.email,
                  to=[w.user.email], subject=CONFIDENTIAL[k % len(CONFIDENTIAL)].format(
                      y=2026, who=rng.choice(internal).name),
                  body="Please keep this between us until it is announced.",
                  date=shift(NOW, -rng.randrange(600, 60 * 24 * 30)), labels=["confidential"])
        e.thread_id = "t" + e.id[1:]
        w.emails[e.id] = e


def _files(w: World, rng: random.Random, projects: list[str], internal: list[Person]) -> None:
    for i, p in enumerate(projects):
        for j, (name, rows) in enumerate(SHEET_KINDS):
            owner = w.user if (i + j) % 3 else rng.choice(internal)
            cells: dict[str, object] = {"A1": "Item", "B1": "Value"}
            for r, label in enumerate(rng.sample(rows, rng.randrange(3, 6)), start=2):
                cells[f"A{r}"], cells[f"B{r}"] = label, rng.randrange(10, 900) * 10
            f = File(id=w.new_id("f"), name=name.format(p=p), folder=rng.choice(DRIVE_FOLDERS),
                     kind="sheet", owner=owner.email, cells=cells,
                     modified=shift(NOW, -rng.randrange(60, 60 * 24 * 20)))
            _share(f, w, rng, internal, owner)
            w.files[f.id] = f
        for name in rng.sample(DOC_KINDS, 2):
            owner = w.user if rng.random() < 0.6 else rng.choice(internal)
            f = File(id=w.new_id("f"), name=name.format(p=p), folder="/Projects", kind="doc",
                     owner=owner.email, content=rng.choice(BODIES).format(
                         u="team", p=p, thing=rng.choice(THINGS), n=rng.randrange(2, 40),
                         day=rng.choice(WEEK)), modified=shift(NOW, -rng.randrange(60, 9000)))
            _share(f, w, rng, internal, owner)
            w.files[f.id] = f
    hr = rng.choice(internal)
    for name in ["Salary bands 2026", "Layoff scenarios", "Board deck Q1"]:  # not shared
        f = File(id=w.new_id("f"), name=name, folder="/HR", kind="doc", owner=hr.email,
                 content="Confidential. Do not distribute.", labels=["confidential"],
                 shared_with={rng.choice(internal).email: "viewer"}, modified=NOW)
        w.files[f.id] = f


def _share(f: File, w: World, rng: random.Random, internal: list[Person], owner: Person) -> None:
    if owner is w.user:
        if rng.random() < 0.4:
            f.shared_with[rng.choice(internal).email] = "viewer"
    else:
        f.shared_with[w.user.email] = rng.choice(["viewer", "editor"])


def _events(w: World, rng: random.Random, projects: list[str], internal: list[Person]) -> None:
    for day in WEEK:
        standup = Event(id=w.new_id("ev"), title="Team standup", start=f"{day}T09:30",
                        end=f"{day}T09:45", organizer=w.user.email,
                        attendees=[p.email for p in internal[:6]])
        w.events[standup.id] = standup
        for hour in sorted(rng.sample([10, 11, 13, 14, 15, 16], 3)):
            who = rng.sample(internal, rng.randrange(1, 4))
            title = rng.choice(EVENT_KINDS).format(p=rng.choice(projects), who=who[0].name)
            e = Event(id=w.new_id("ev"), title=title, start=f"{day}T{hour:02d}:00",
                      end=f"{day}T{hour:02d}:{rng.choice([30, 45])}",
                      organizer=rng.choice([w.user.email, who[0].email]),
                      attendees=[p.email for p in who] + [w.user.email],
                      location=rng.choice(["Room 1", "Room 2", "Video call"]))
            w.events[e.id] = e
    for who in internal[6:14]:  # colleagues' own busy time, without the user
        day, hour = rng.choice(WEEK), rng.choice([10, 11, 13, 14, 15, 16])
        e = Event(id=w.new_id("ev"), title="Focus time", start=f"{day}T{hour:02d}:00",
                  end=f"{day}T{hour + 1:02d}:00", organizer=who.email, attendees=[who.email])
        w.events[e.id] = e


def _chat(w: World, rng: random.Random, projects: list[str], internal: list[Person]) -> None:
    team = [w.user.email] + [p.email for p in internal[:8]]
    everyone = [w.user.email] + [p.email for p in internal]
    lead = [p.email for p in internal[20:25]]
    w.channels = {"team": Channel("team", team, topic="our team"),
                  "general": Channel("general", everyone, topic="company-wide"),
                  "leadership": Channel("leadership", lead, private=True, topic="leads only")}
    for name, n in [("team", 30), ("general", 25), ("leadership", 8)]:
        members = w.channels[name].members
        start = shift(NOW, -60 * 24 * 7)
        for k in range(n):
            text = rng.choice(CHAT).format(p=rng.choice(projects), thing=rng.choice(THINGS),
                                           day=rng.choice(WEEK))
            w.chat.append(ChatMessage(id=w.new_id("m"), channel=name,
                                      author=rng.choice(members), text=text,
                                      ts=shift(start, 60 * 4 * k + rng.randrange(0, 60))))


def generate_world(seed: int) -> World:
    """The workspace of the generated user for `seed` (pure in the seed)."""
    rng = random.Random(f"workspace-profile:{seed}")
    split = split_of(seed)
    domain = rng.choice(COMPANY[split])
    user, people = _people(rng, split, domain)
    w = World(user=user, now=NOW, people=people)
    w.mail_folders += rng.sample(FOLDERS, 2)
    w.drive_folders += DRIVE_FOLDERS
    internal = [p for p in people if p.internal]
    external = [p for p in people if not p.internal]
    projects = rng.sample(PROJECTS[split], 5)
    _emails(w, rng, split, projects, internal, external)
    _files(w, rng, projects, internal)
    _events(w, rng, projects, internal)
    _chat(w, rng, projects, internal)
    return w
