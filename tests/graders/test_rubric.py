"""Rubric grader: YAML loading and errors, per-criterion breakdown, judge questions batched,
unparseable verdicts counted; the shipped postmortem rubric on a good and a bad response."""

import pytest
from graders_scripted import ScriptedJudge

from veriloop.graders import get_grader
from veriloop.graders.rubric import Rubric, RubricGrader
from veriloop.types import Message, Task, Trajectory

TASK = Task(id="pm", env="writing", prompt=(Message(role="user", content=(
    "Write the postmortem for yesterday's 47-minute checkout outage.")),))

GOOD = """# Summary
On Tuesday checkout was down for 47 minutes because the TLS certificate of the payments
database expired and the API could not reconnect. About 12% of checkout attempts failed.

## Impact
12% of checkout attempts failed over 47 minutes; no data was lost.

## Timeline
- 14:02 UTC the certificate expired; connections from the API pool began to fail.
- 14:09 the error-rate alert fired and paged the on-call engineer.
- 14:41 the certificate was renewed.
- 14:49 traffic fully recovered.

## Root cause
The trigger was the certificate expiring. The root cause is that renewal was manual and there
was no monitoring of certificate expiry dates, so nothing warned us in advance.

## Action items
- Automate certificate renewal for all databases (Platform team, due March 1).
- Alert 21 days before any certificate expires (Observability team, due February 15).
- Add a reconnect-with-backoff path to the API connection pool (Payments team, due March 8).
""" + "\nWe thank everyone who helped during the response and share this widely." * 8

BAD = """Summary: Bob forgot to renew the cert. TODO add timeline. The outage happened because
the database vendor pushed a broken update at 13:55."""


def judge_reply(prompt):
    response = prompt.split("Response:\n", 1)[1]
    q = prompt.rsplit("Question about the response: ", 1)[1]
    yes = {
        "owning team": "team, due" in response,
        "why the expiry was not caught": "no monitoring" in response,
        "distinguish the trigger": "The trigger was" in response,
        "prevent a certificate expiry": "Automate certificate renewal" in response,
        "blame a named individual": "Bob" in response,
        "not in the task description": "vendor" in response,
    }
    for key, ans in yes.items():
        if key in q:
            return f"Reasoning...\nVERDICT: {'YES' if ans else 'NO'}"
    return "?"


def traj(text):
    return Trajectory(id="r", run_id="r", task_id="pm", env="writing", group_id="g",
                      prompt_text="q", prompt_ids=(), final_answer=text, done=True)


def test_shipped_rubric_good_vs_bad():
    policy = ScriptedJudge(judge_reply)
    g = get_grader("rubric", rubric="incident_postmortem", policy=policy)
    assert len(g.rubric.criteria) >= 10
    good = g(TASK, traj(GOOD), None)
    assert good.score == pytest.approx(1.0) and good.passed, good.explanation
    assert all(v == 1.0 for k, v in good.components.items()
               if k.startswith("rubric/") and k not in ("rubric/blames_individual",
                                                        "rubric/invents_facts"))
    assert good.components["rubric/blames_individual"] == 0.0
    assert policy.requests == 6  # one request per judge criterion

    bad = g(TASK, traj(BAD), None)
    total = 2 + 1 + 1 + 2 + 1.5 + 1 + 0.5 + 1.5 + 1 + 1 + 1.5
    got = bad.components
    expected = (2 * got["rubric/required_sections"] + 2 * got["rubric/states_root_cause_fact"]
                + 1 * got["rubric/timeline_has_timestamps"] - 2 - 2) / total
    assert got["rubric/no_placeholders"] == 0.0 and got["rubric/blames_individual"] == 1.0
    assert got["rubric/invents_facts"] == 1.0 and got["rubric/length_in_range"] == 0.0
    assert bad.score == pytest.approx(expected) and bad.score < 0 and not bad.passed
    assert "blames_individual" in bad.explanation


def test_unparseable_verdicts_take_the_failure_value():
    rubric = Rubric.from_dict({"name": "r", "criteria": [
        {"name": "short", "weight": 1, "check": {"name": "word_range", "max": 5}},
        {"name": "polite", "weight": 1, "question": "Is it polite?"},
    ]})
    g = RubricGrader(rubric, ScriptedJudge(lambda p: "Thought process:"))
    grade = g(TASK, traj("thanks a lot"), None)
    assert grade.components == {"rubric/short": 1.0, "rubric/polite": 0.0,
                                "rubric_unparseable": 1.0}
    assert grade.score == 0.5


def test_non_answer_is_not_shown_to_the_judge():
    policy = ScriptedJudge(lambda p: "VERDICT: YES")  # says yes to everything
    g = get_grader("rubric", rubric="incident_postmortem", policy=policy)
    grade = g(TASK, traj("Thought process:"), None)
    assert policy.requests == 0 and grade.score <= 0.1
    assert all(grade.components[f"rubric/{c.name}"] == 0.0 for c in g.rubric.judge_criteria)


def test_rubric_errors_say_how_to_fix(tmp_path):
    with pytest.raises(ValueError, match="exactly one of 'check'"):
        Rubric.from_dict({"criteria": [{"name": "a", "weight": 1}]})
    with pytest.raises(ValueError, match="unknown check 'nope'; known: .*contains"):
        Rubric.from_dict({"criteria": [{"name": "a", "weight": 1, "check": "nope"}]})
    with pytest.raises(ValueError, match="positive weight"):
        Rubric.from_dict({"criteria": [{"name": "a", "weight": -1, "check": "json_valid"}]})
    with pytest.raises(ValueError, match="pass policy="):
        get_grader("rubric", rubric="incident_postmortem")
    with pytest.raises(FileNotFoundError, match="shipped: .*incident_postmortem"):
        Rubric.load("no_such_rubric")
    p = tmp_path / "r.yaml"
    p.write_text("name: t\ncriteria:\n  - {name: j, weight: 1, check: json_valid}\n"
                 "  - {name: n, weight: 1, check: {name: grader, grader: numeric}}\n")
    g = get_grader("rubric", rubric=str(p))
    t = Task(id="x", env="e", prompt=(), verification={"answer": "3"})
    assert g(t, traj("3"), None).score == 1.0  # "3" is valid JSON and numerically right
