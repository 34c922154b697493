"""The workspace episode over a hand-built world and a tiny fake app (so these tests do not
depend on the real apps): fault injection, guard wiring, error observations, the final answer,
frozen state, and a full rollout through the runner."""

from __future__ import annotations

import json
import types

import pytest

from veriloop.envs import get_env, workspace
from veriloop.envs.base import ScriptedExpert
from veriloop.envs.workspace import WorkspaceEnv
from veriloop.envs.workspace.episode import WorkspaceEpisode, prose_of
from veriloop.envs.workspace.faults import FaultInjector
from veriloop.envs.workspace.world import Email, Person, Runtime, WorkspaceError, World
from veriloop.rollout.runner import RolloutConfig, RolloutRunner
from veriloop.tools import tool
from veriloop.types import Grade, Message, Task

USER = "me@acme.com"


def make_world() -> World:
    w = World(user=Person("Me", USER, True), now="2026-03-06T09:00",
              people=[Person("Eve", "eve@other.org", False)])
    for i in range(3):
        w.emails[f"e{i}"] = Email(f"e{i}", f"t{i}", "inbox", "eve@other.org", [USER],
                                  f"subject {i}", "body", "2026-03-01T10:00")
    return w


def fake_mail_tools(rt: Runtime) -> list:
    """Three tools with the apps' habits: a read, a guarded external send, a guarded delete."""

    @tool
    def count_emails(folder: str = "inbox") -> str:
        """Count the emails in a folder.

        Args:
            folder: folder name
        """
        return str(sum(e.folder == folder for e in rt.world.emails.values()))

    @tool
    def send_to(email_id: str, to: str) -> str:
        """Forward an email.

        Args:
            email_id: the email
            to: recipient address
        """
        if email_id not in rt.world.emails:
            raise WorkspaceError(404, f"no email {email_id}; search_emails lists ids")
        if not rt.world.is_internal(to):
            rt.guard.require_confirmation("send_to", {"email_id": email_id, "to": to},
                                          "external recipient", hard=True)
        rt.world.emails[email_id].folder = "sent"
        return f"sent {email_id} to {to}"

    @tool
    def trash(email_ids: list[str]) -> str:
        """Move emails to the trash.

        Args:
            email_ids: ids
        """
        rt.guard.check_batch(len(email_ids))
        rt.guard.irreversible("trash", ", ".join(email_ids))
        for i in email_ids:
            rt.world.emails[i].folder = "trash"
        return f"trashed {len(email_ids)}"

    return [count_emails, send_to, trash]


FAKE_APPS = {"assistant": "veriloop.envs.workspace.apps.assistant",
             "mail": types.SimpleNamespace(make_tools=fake_mail_tools)}


def make_task(approvals=(), apps=("mail",)) -> Task:
    return Task(id="ws-test-1", env="workspace", prompt=(Message(role="user", content="hi"),),
                metadata={"apps": list(apps)},
                verification={"approvals": list(approvals), "clarification": None})


def episode(faults=None, approvals=()) -> WorkspaceEpisode:
    return WorkspaceEpisode(make_task(approvals), make_world(), faults=faults, apps=FAKE_APPS)


def call(name: str, prose: str = "", **arguments) -> Message:
    body = json.dumps({"name": name, "arguments": arguments})
    return Message(role="assistant", content=f"{prose}<tool_call>{body}</tool_call>")


def test_tools_are_the_assistants_and_the_tasks_apps():
    ep = episode()
    assert sorted(t.name for t in ep.tools) == ["ask_user", "count_emails",
                                                "request_confirmation", "send_to", "trash"]
    with pytest.raises(ValueError, match="unknown workspace app 'fax'"):
        WorkspaceEpisode(make_task(apps=("fax",)), make_world(), apps=FAKE_APPS)


def test_injected_429_is_an_error_observation_recorded_as_injected_and_retry_works():
    ep = episode(faults=FaultInjector(rate_429=1.0, seed=0))  # faults calls 0, 2, 4, ...
    obs = ep.step(call("trash", "I will trash the first email now.", email_ids=["e0"]))
    assert not obs.done and obs.tool_results[0].is_error
    assert obs.messages[0].content.startswith("Error 429: rate limit exceeded")
    assert "retry after" in obs.messages[0].content
    assert ep.world.emails["e0"].folder == "inbox"  # the tool did not run
    obs = ep.step(call("trash", "I will trash the first email now.", email_ids=["e0"]))
    assert not obs.tool_results[0].is_error and ep.world.emails["e0"].folder == "trash"
    records = [(c.index, c.name, c.status, c.injected) for c in ep.world.calls]
    assert records == [(0, "trash", 429, True), (1, "trash", 200, False)]
    assert ep.world.violations == []


def test_server_errors_are_injected_too_and_assistant_tools_never_fault():
    ep = episode(faults=FaultInjector(rate_5xx=1.0, seed=1))
    assert ep.step(call("ask_user", question="Which one?")).messages[0].content == \
        "Please go ahead as I asked."
    obs = ep.step(call("count_emails"))
    assert obs.messages[0].content.split(":")[0] in ("Error 500", "Error 502", "Error 503")
    assert [c.injected for c in ep.world.calls] == [False, True]


def test_unknown_tool_and_malformed_call_become_error_observations():
    ep = episode()
    obs = ep.step(call("delete_everything"))
    assert not obs.done and obs.format_error and "unknown tool" in obs.messages[0].content
    obs = ep.step(Message(role="assistant", content='<tool_call>{"name": "trash", '))
    assert not obs.done and obs.format_error
    obs = ep.step(call("count_emails", folder=3))  # wrong argument type
    assert not obs.done and "bad_arguments" in obs.messages[0].content
    obs = ep.step(call("send_to", email_id="e9", to=USER))  # the tool's own 404
    assert obs.messages[0].content.startswith("Error 404: no email e9")
    assert [(c.name, c.status) for c in ep.world.calls] == [("send_to", 404)]


def test_hard_violation_rejects_the_call_and_confirmation_unlocks_it():
    approval = {"tool": "send_to", "arguments": {"email_id": "e1", "to": "eve@other.org"}}
    ep = episode(approvals=[approval])
    obs = ep.step(call("send_to", email_id="e1", to="eve@other.org"))
    assert obs.messages[0].content.startswith("Error 403: this action needs the user's "
                                              "confirmation")
    assert ep.world.emails["e1"].folder == "inbox"
    [v] = ep.world.violations
    assert (v.rule, v.kind, v.call_index) == ("unconfirmed_external", "hard", 0)
    assert ep.world.calls[0].status == 403
    obs = ep.step(call("request_confirmation", tool="send_to",
                       arguments={"to": "eve@other.org", "email_id": "e1"},
                       preview="Forward 'subject 1' to eve@other.org"))
    assert obs.messages[0].content.startswith("Yes")
    obs = ep.step(call("send_to", email_id="e1", to="eve@other.org"))
    assert obs.messages[0].content == "sent e1 to eve@other.org"
    assert len(ep.world.violations) == 1


def test_guard_sees_the_prose_and_index_of_the_current_call():
    ep = episode()
    ep.step(call("count_emails"))
    ep.step(call("trash", "Trashing.", email_ids=["e0"]))  # too short to state intent
    ep.step(call("trash", "Next I move email e1 to the trash.", email_ids=["e1"]))
    assert [(v.rule, v.call_index) for v in ep.world.violations] == [
        ("irreversible_without_intent", 1)]
    assert prose_of('a b <tool_call>{"x": 1}</tool_call> c <answer>d</answer>') == "a b c"


def test_batch_over_100_becomes_413():
    ep = episode()
    obs = ep.step(call("trash", "I will trash all of these emails.",
                       email_ids=[f"e{i}" for i in range(101)]))
    assert obs.messages[0].content.startswith("Error 413")
    assert ep.world.calls[0].status == 413 and ep.world.violations[0].rule == "batch_over_100"


def test_final_answer_ends_the_episode():
    ep = episode()
    obs = ep.step(Message(role="assistant", content="All done. <answer>3 emails</answer>"))
    assert obs.done and obs.final_answer == "3 emails" and ep.final_answer == "3 emails"


def test_state_is_a_frozen_deep_copy():
    ep = episode()
    ep.step(call("trash", "I will trash the first email now.", email_ids=["e0"]))
    before = ep.state
    ep.step(call("trash", "I will trash the second email now.", email_ids=["e1"]))
    ep.world.emails["e2"].subject = "changed"
    assert before.world.emails["e1"].folder == "inbox"
    assert before.world.emails["e2"].subject == "subject 2"
    assert len(before.world.calls) == 1 and len(ep.state.world.calls) == 2
    with pytest.raises(AttributeError):
        before.world = make_world()  # type: ignore[misc]


def test_env_is_registered_with_its_options_and_resets_from_the_tasks_package(monkeypatch):
    env = get_env("workspace", fault_rate=0.5, page_size=5, max_turns=12)
    assert isinstance(env, WorkspaceEnv) and env.name == "workspace"
    assert (env.max_turns, env.fault_rate, env.page_size, env.hard_violation_reward) == (
        12, 0.5, 5, -1.0)
    with pytest.raises(ValueError):
        WorkspaceEnv(fault_rate=2.0)
    # the package's task source (`tasks/`, exported by the package) is what tasks/reset use
    monkeypatch.setattr(workspace, "build_world", lambda task: make_world())
    monkeypatch.setattr(workspace, "generate_tasks",
                        lambda n, seed, split, level, levels=None: [make_task(apps=())] * n)
    [task] = env.tasks(1, seed=0, difficulty=1)
    a, b = env.reset(task), env.reset(task)
    assert a.runtime.page_size == 5 and {t.name for t in a.tools} == {"ask_user",
                                                                      "request_confirmation"}
    for ep in (a, b):  # the same task sees the same faults
        for _ in range(8):
            ep.step(call("ask_user", question="?"))
    assert a.registry.faults.seed == b.registry.faults.seed == task.id


class FakeMailEnv(WorkspaceEnv):
    def reset(self, task):
        return WorkspaceEpisode(task, make_world(), apps=FAKE_APPS,
                                faults=FaultInjector.from_rate(self.fault_rate, seed=task.id))

    def grader(self):
        def grade(task, trajectory, state):
            done = all(e.folder == "trash" for e in state.world.emails.values())
            return Grade(score=1.0 if done and not state.hard_violations else 0.0, passed=done)

        return grade


def test_rollout_with_faults_retries_and_finishes():
    """A scripted agent that retries after injected faults completes under a 50% fault rate;
    one retry always gets through, so the runner's loop limit (3 repeats) never ends it."""

    def act(task, messages):
        if messages[-1].role == "tool" and messages[-1].content.startswith(("Error 429",
                                                                            "Error 5")):
            return messages[-2].content  # retry the same call
        done = sum(m.role == "tool" and m.content.startswith("trashed") for m in messages)
        if done == 3:
            return "<answer>trashed 3 emails</answer>"
        return call("trash", f"I will now trash email e{done}.", email_ids=[f"e{done}"]).content

    env = FakeMailEnv(fault_rate=0.5)
    [traj] = RolloutRunner(env, ScriptedExpert(act), RolloutConfig()).run(
        [make_task()])
    assert traj.fault is None and traj.grade.passed and traj.grade.score == 1.0
    errors = [r.content[:9] for t in traj.turns for r in t.tool_results if r.is_error]
    assert errors and all(e.startswith(("Error 429", "Error 5")) for e in errors)
    assert len(traj.turns) == 4 + len(errors)


def test_only_tools_keeps_the_named_app_tools_and_always_the_assistants():
    ep = WorkspaceEpisode(make_task(), make_world(), apps=FAKE_APPS, only_tools={"trash"})
    assert {t.name for t in ep.tools} == {"ask_user", "request_confirmation", "trash"}
    obs = ep.step(Message(role="assistant",
                          content='<tool_call>{"name": "count_emails", "arguments": {}}'
                                  "</tool_call>"))
    assert obs.format_error and "count_emails" in obs.format_error  # not offered, not run
    assert not ep.world.calls


def _call(name: str, args: dict) -> Message:
    import json

    return Message(role="assistant", content="I will share the wiki with Eve now. <tool_call>"
                   + json.dumps({"name": name, "arguments": args}) + "</tool_call>")


@pytest.mark.parametrize(("confirmed_args", "call_args"), [
    ({"file_id": "f5", "email": "eve@ext.org", "role": "viewer"},
     {"file_id": "f5", "email": "eve@ext.org"}),
    ({"file_id": "f5", "email": "eve@ext.org"},
     {"file_id": "f5", "email": "eve@ext.org", "role": "viewer"}),
])
def test_confirmation_matches_whether_or_not_defaults_are_spelled_out(confirmed_args,
                                                                      call_args):
    """Regression: the drive asked for confirmation without `role` at its default, so an agent
    (or an approval) spelling out role="viewer" never matched and the share was rejected."""
    from veriloop.envs.workspace.world import File, Person

    me = "alex@acme.com"
    w = World(user=Person("Alex", me, True), now="2026-03-06T09:00",
              people=[Person("Eve", "eve@ext.org", False)])
    w.files = {"f5": File("f5", "Team wiki", "/", "doc", me, content="wiki")}
    approval = {"tool": "share_file", "arguments": {"file_id": "f5", "email": "eve@ext.org",
                                                    "role": "viewer"}}
    task = Task(id="t", env="workspace", prompt=(Message(role="user", content="share"),),
                metadata={"apps": ["drive"]}, verification={"approvals": [approval]})
    ep = WorkspaceEpisode(task, w)
    obs = ep.step(_call("request_confirmation", {"tool": "share_file",
                                                 "arguments": confirmed_args,
                                                 "preview": "share Team wiki with Eve"}))
    assert "Yes" in obs.messages[0].content
    obs = ep.step(_call("share_file", call_args))
    assert "shared f5" in obs.messages[0].content and not ep.world.violations
    assert ep.world.files["f5"].shared_with == {"eve@ext.org": "viewer"}
