"""The workspace expert's turn logic without the apps: plan order, retries, saved ids, noise."""

from __future__ import annotations

import json
import re

from veriloop.envs.workspace.expert import NOISES, WorkspaceExpert, noisy_script
from veriloop.envs.workspace.tasks import make_task
from veriloop.types import Message


def call_of(text: str) -> dict:
    return json.loads(re.search(r"<tool_call>(.*)</tool_call>", text, re.DOTALL)[1])


def test_follows_the_plan_retries_faults_and_fills_created_ids():
    task = make_task("reply", 3, "train")
    plan = task.verification["plan"]
    expert = WorkspaceExpert()
    msgs = list(task.prompt)
    seen = []
    results = {"draft_email": "e7777 | draft to bob", "send_email": "sent e7777"}
    faulted = False
    while True:
        text = expert.act(task, msgs)
        if text.startswith("<answer>"):
            assert text == f"<answer>{plan[-1]['answer']}</answer>"
            break
        prose = text.split("<tool_call>")[0]
        assert len(prose.split()) >= 4
        call = call_of(text)
        seen.append(call)
        msgs.append(Message(role="assistant", content=text))
        if call["name"] == "read_email" and not faulted:
            faulted = True
            msgs.append(Message(role="tool", content="Error 503: service unavailable"))
            continue
        msgs.append(Message(role="tool", content=results.get(call["name"], "ok")))
    names = [c["name"] for c in seen]
    assert names.count("read_email") == 2  # retried once after the 503
    steps = [s for s in plan if "tool" in s]
    assert len(seen) == len(steps) + 1
    send = seen[-1]
    assert send["name"] == "send_email" and send["arguments"] == {"draft_id": "e7777"}
    assert seen[-2]["arguments"]["arguments"] == {"draft_id": "e7777"}


def test_noise_variants_change_the_script_deterministically():
    task = make_task("budget_reply", 2, "train")
    plan = task.verification["plan"]
    assert WorkspaceExpert(0.0).script(task) == plan
    scripts = {n: noisy_script(plan, n) for n in NOISES}
    assert len(scripts["wrong_argument"]) == len(plan) + 1
    assert any(s["arguments"].get("email_id") == "e9999" for s in scripts["wrong_argument"][:-1])
    assert not any(s.get("tool") == "request_confirmation" for s in scripts["skip_confirmation"])
    assert len(scripts["forget_subgoal"]) == len(plan) - 1
    assert len(scripts["redundant_call"]) == len(plan) + 1
    noisy = WorkspaceExpert(1.0, seed=5)
    assert noisy.script(task) != plan and noisy.script(task) == WorkspaceExpert(1.0, 5).script(task)
    share = sum(WorkspaceExpert(0.3, s).script(task) != plan for s in range(200)) / 200
    assert 0.15 < share < 0.45
