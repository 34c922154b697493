"""Generated profiles and tasks: determinism, size, split disjointness, plan shape."""

from __future__ import annotations

from collections import Counter

import pytest

from veriloop.envs.workspace import profile
from veriloop.envs.workspace.tasks import (
    KINDS,
    SAFETY_KINDS,
    build_world,
    generate_tasks,
    make_task,
    suite_tasks,
)
from veriloop.envs.workspace.tasks.plan import search


def test_profile_is_pure_in_the_seed_and_sized_like_a_user():
    w = profile.generate_world(5)
    assert repr(w) == repr(profile.generate_world(5))
    assert repr(w) != repr(profile.generate_world(6))
    assert len(w.people) == 40 and sum(not p.internal for p in w.people) >= 10
    assert len(w.emails) >= 300 and len(w.files) >= 20 and len(w.events) >= 20
    assert any(e.labels == ["confidential"] for e in w.emails.values())
    hidden = [f for f in w.files.values() if f.owner != w.user.email
              and w.user.email not in f.shared_with]
    shared = [f for f in w.files.values() if w.user.email in f.shared_with]
    assert hidden and shared
    assert w.channels["leadership"].private and w.user.email not in w.channels["leadership"].members
    assert len({p.email for p in [w.user, *w.people]}) == 41


def test_train_and_test_profiles_share_no_names_companies_or_projects():
    train = [profile.generate_world(s) for s in range(5)]
    test = [profile.generate_world(profile.TEST_SEED_START + s) for s in range(5)]

    def names(ws):
        return {p.email.split("@")[0].split(".")[0] for w in ws for p in [w.user, *w.people]}

    def domains(ws):
        return {p.email.split("@")[1] for w in ws for p in [w.user, *w.people]}

    assert not names(train) & names(test) and not domains(train) & domains(test)
    assert not set(profile.PROJECTS["train"]) & set(profile.PROJECTS["test"])


def test_task_splits_are_disjoint_by_seed_range():
    train = generate_tasks(30, seed=0, split="train")
    test = generate_tasks(30, seed=0, split="test")
    assert all(t.verification["seed"] < profile.TEST_SEED_START for t in train)
    assert all(t.verification["seed"] >= profile.TEST_SEED_START for t in test)
    assert not {t.id for t in train} & {t.id for t in test}
    with pytest.raises(ValueError, match="split"):
        generate_tasks(1, split="valid")


def test_generation_is_deterministic_and_build_world_rebuilds_the_tasks_world():
    a = generate_tasks(12, seed=3, split="train")
    assert [t.model_dump() for t in a] == [t.model_dump() for t in generate_tasks(12, seed=3)]
    for task in a[:6]:
        kind, seed = task.verification["kind"], task.verification["seed"]
        world = build_world(task)
        assert repr(world) == repr(build_world(task))
        # the planted items are in the rebuilt world: every id the plan names exists
        for step in task.verification["plan"][:-1]:
            for key in ("email_id", "sheet_id", "file_id"):
                ref = step["arguments"].get(key, "")
                if not ref.startswith("$") and ref:
                    assert ref in world.emails or ref in world.files, (kind, seed, ref)


@pytest.mark.parametrize("level,lo,hi", [(1, 1, 3), (2, 2, 6), (3, 4, 10), (4, 5, 15),
                                         (5, 10, 30)])
def test_levels_have_their_call_budgets_and_kinds(level, lo, hi):
    tasks = generate_tasks(16, seed=1, level=level)
    kinds = Counter(t.metadata["kind"] for t in tasks)
    assert len(kinds) >= (3 if level <= 2 else 2)
    for t in tasks:
        v = t.verification
        calls = [s for s in v["plan"] if "tool" in s]
        assert v["optimal_calls"] == len(calls)
        assert lo <= len(calls) <= hi, (t.id, len(calls))
        assert "answer" in v["plan"][-1] and all("tool" in s for s in v["plan"][:-1])
        assert t.metadata["level"] == level == t.difficulty and v["checks"]
        assert t.prompt[0].role == "system" and t.prompt[1].role == "user"
        if level <= 2:
            assert len(t.prompt[1].content) < 200


def test_every_high_impact_call_is_preceded_by_an_approved_confirmation():
    for kind in KINDS:
        task = make_task(kind, 11, "train")
        plan = task.verification["plan"]
        for i, step in enumerate(plan):
            if step.get("tool") == "send_email":
                prev = plan[i - 1]
                assert prev["tool"] == "request_confirmation"
                assert prev["arguments"]["tool"] == "send_email" and prev["arguments"]["preview"]
        sends = sum(s.get("tool") == "send_email" for s in plan)
        assert len(task.verification["approvals"]) == sends


def test_ambiguous_variants_ask_first_and_carry_the_clarification():
    for kind in [k for k, v in KINDS.items() if v.ambiguous]:
        task = make_task(kind, 4, "train", ambiguous=True)
        v = task.verification
        assert task.metadata["ambiguous"] and v["clarification"]
        assert v["plan"][0]["tool"] == "ask_user"
        assert {"op": "asked_first"} in v["checks"]
        plain = make_task(kind, 4, "train")
        assert plain.prompt[1].content != task.prompt[1].content
        assert repr(build_world(plain)) == repr(build_world(task))


def test_move_budget_plants_lookalikes_the_plan_leaves_alone():
    task = make_task("move_budget", 9, "train")
    world = build_world(task)
    move = next(s for s in task.verification["plan"] if s.get("tool") == "move_emails")
    ids = move["arguments"]["email_ids"]
    assert len(ids) == 3
    budget = [e for e in world.emails.values() if "budget" in e.subject.lower()]
    assert len(budget) == 5  # three targets, a Q3 one from the same sender, a Q4 one from another
    sender = world.emails[ids[0]].sender
    assert [e.id for e in search(world, "Q4 budget", sender)] == ids


def test_suites():
    safety = suite_tasks("safety", 8, seed=0)
    assert {t.metadata["kind"] for t in safety} == set(SAFETY_KINDS)
    assert all(t.metadata["adversarial"] and t.verification["forbidden"] for t in safety)
    assert all(not t.verification["approvals"] for t in safety)
    robust = suite_tasks("robustness", 9, seed=0)
    assert all(t.metadata["fault_rate"] == 0.15 for t in robust)
    assert any(t.metadata["ambiguous"] for t in robust)
    assert any(t.metadata["kind"] == "missing_file" for t in robust)
    standard = suite_tasks("standard", 14, seed=0)
    assert {t.metadata["level"] for t in standard} == {1, 2, 3, 4, 5}
    assert all(t.verification["seed"] >= profile.TEST_SEED_START for t in standard)
    with pytest.raises(ValueError, match="suite"):
        suite_tasks("chaos", 1)
