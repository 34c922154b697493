"""Task synthesis on the workspace: a variation's gold calls are executed in the source task's
world; it becomes a task only if every call succeeds, nothing unsafe happened, and its checks
(derived from what the calls changed, or a grounded answer for a question) can be written.
Synthesized tasks are solved by the expert and not by the hacks of a "Done" answer."""

from __future__ import annotations

import json

import pytest

from veriloop.data.synthesis import synthesize, workspace_checks
from veriloop.envs import expert_for, get_env
from veriloop.envs.workspace.tasks import build_world
from veriloop.policies import load_policy
from veriloop.policies.base import Generation
from veriloop.rollout.runner import RolloutConfig, RolloutRunner
from veriloop.types import Task


class Writer:
    """Replies with scripted variations, in request order."""

    name = "writer"

    def __init__(self, renderer, replies):
        self.renderer, self.replies = renderer, list(replies)

    def generate(self, requests, params):
        assert all("Here is a solved request" in r.messages[0].content for r in requests)
        return [Generation(text=self.replies[i]) for i in range(len(requests))]

    def release(self, key):
        pass


def _reply(problem: str, calls: list[dict], answer: str) -> str:
    return f"<problem>{problem}</problem><plan>{json.dumps([*calls, {'answer': answer}])}</plan>"


def _post_variation(trajs, pool, text: str) -> list[Task]:
    """The synthesized task "Post in #team: <text>" varied from the post_team source."""
    reply = _reply(f"Post in #team: {text}",
                   [{"tool": "post_message", "arguments": {"channel": "team", "text": text}}],
                   "Posted.")
    out = synthesize("workspace", Writer(load_policy("tiny-xs").renderer, [reply]), trajs[:1],
                     pool, [])
    assert len(out.tasks) == 1, out.rejected
    return out.tasks


@pytest.fixture(scope="module")
def solved():
    env = get_env("workspace", levels=[1, 2])
    pool = env.tasks(60, seed=0, split="train")
    kinds = {}
    for t in pool:
        kinds.setdefault(t.metadata["kind"], t)
    chosen = [kinds[k] for k in ("post_team", "latest_subject", "move_budget", "cell_value")]
    runner = RolloutRunner(env, expert_for(env), RolloutConfig(max_total_tokens=1 << 30))
    trajs = runner.run(chosen)
    assert all(t.passed for t in trajs)
    return env, pool, {t.metadata["kind"]: t for t in chosen}, trajs


def _other_sender(src: Task) -> tuple[str, str]:
    """A sender other than the source's and the subject of their latest mail (from the world)."""
    world = build_world(src)
    asked = src.verification["plan"][0]["arguments"]["sender"]
    inbox = sorted((e for e in world.emails.values() if e.folder == "inbox"
                    and e.sender != asked and e.sender != world.user.email),
                   key=lambda e: e.date, reverse=True)
    latest = next(e for e in inbox if sum(x.sender == e.sender for x in inbox) >= 2)
    mine = sorted((e for e in world.emails.values() if e.sender == latest.sender
                   and e.folder != "trash"), key=lambda e: (e.date, e.id), reverse=True)
    return latest.sender, mine[0].subject


def test_variations_are_executed_validated_and_checked(solved):
    env, pool, src, trajs = solved
    test = env.tasks(20, seed=0, split="test")
    sender, subject = _other_sender(src["latest_subject"])
    mb = src["move_budget"].verification
    ids = mb["checks"][0]["ids"]
    replies = [
        # post_team -> another post: checked by the post itself
        _reply("Post in #team: The Cobalt demo moves to Thursday.",
               [{"tool": "post_message", "arguments": {"channel": "team",
                                                       "text": "The Cobalt demo moves to Thursday."}}],
               "Posted."),
        # latest_subject -> the same question about someone else: a grounded answer
        _reply(f"What is the subject of the latest email from {sender}?",
               [{"tool": "search_emails", "arguments": {"sender": sender}}], subject),
        # move_budget -> archive the same mails instead
        _reply("Move those budget emails to a new folder called Budget 2026.",
               [{"tool": "create_mail_folder", "arguments": {"name": "Budget 2026"}},
                {"tool": "move_emails", "arguments": {"email_ids": ids, "folder": "Budget 2026"}}],
               "Moved."),
    ]
    writer = Writer(load_policy("tiny-xs").renderer, replies)
    out = synthesize("workspace", writer, trajs[:3], pool, test)
    assert out.rejected == {} and len(out.tasks) == 3
    post, question, move = out.tasks
    assert post.verification["checks"] == [
        {"op": "channel_post", "channel": "team", "contains": ["The Cobalt demo moves to Thursday."]}]
    assert question.verification["checks"] == [{"op": "answer_contains", "values": [subject]}]
    assert move.verification["checks"] == [
        {"op": "emails_in_folder", "folder": "Budget 2026", "ids": sorted(ids)}]
    assert move.verification["optimal_calls"] == 2
    assert all(t.metadata["synthesized_from"] == trajs[i].task_id
               for i, t in enumerate(out.tasks))
    assert not {t.prompt[-1].content for t in out.tasks} & {t.prompt[-1].content for t in test}
    # the expert (it follows the plan) solves them under the standard grader
    runner = RolloutRunner(env, expert_for(env), RolloutConfig(max_total_tokens=1 << 30))
    assert all(t.passed for t in runner.run(out.tasks))


class Done:
    """The hack: answers "Done." at once, touching nothing."""

    name = "done"

    def __init__(self, renderer):
        self.renderer = renderer

    def generate(self, requests, params):
        return [Generation(text="<answer>Done.</answer>") for _ in requests]

    def release(self, key):
        pass


@pytest.mark.parametrize("case", ["unknown_tool", "bad_args", "ungrounded", "confirm", "external",
                                  "empty_file", "bad_json", "test_task"])
def test_bad_variations_are_rejected_with_a_reason(solved, case):
    env, pool, _, trajs = solved
    test = env.tasks(20, seed=0, split="test")
    post = [{"tool": "post_message", "arguments": {"channel": "team", "text": "hi all"}}]
    replies = {
        "unknown_tool": _reply("Post a cheerful note in the team channel.",
                               [{"tool": "post_to_slack", "arguments": {"text": "hi"}}], "ok"),
        "bad_args": _reply("Post a cheerful note in the team channel.",
                           [{"tool": "post_message", "arguments": {"channel": "team"}}], "ok"),
        "ungrounded": _reply("What is the subject of the latest email from the CEO?",
                             [{"tool": "search_emails", "arguments": {"sender": "raj"}}],
                             "Quarterly numbers are great"),
        "confirm": _reply("Post a cheerful note in the team channel, after asking me.",
                          [{"tool": "request_confirmation", "arguments": {
                              "tool": "post_message", "arguments": {}, "preview": "hi"}}, *post],
                          "ok"),
        "external": _reply("Message my contact at the partner company about the launch.",
                           [{"tool": "send_direct_message",
                             "arguments": {"to": "someone@othercorp.example", "text": "launch"}}],
                           "Sent."),
        "empty_file": _reply("Create a spreadsheet named Notes for the meeting.",
                             [{"tool": "create_sheet", "arguments": {"name": "Notes"}}], "ok"),
        "bad_json": "<problem>Post a cheerful note in the team channel.</problem><plan>[{tool: x}]</plan>",
        "test_task": _reply(test[0].prompt[-1].content, post, "ok"),
    }
    writer = Writer(load_policy("tiny-xs").renderer, [replies[case]])
    # a mail task, a drive + sheets task, else a chat task
    source = {"ungrounded": trajs[1:2], "empty_file": trajs[3:4]}.get(case, trajs[:1])
    out = synthesize("workspace", writer, source, pool, test)
    assert out.tasks == []
    reason = {"unknown_tool": "call_failed", "bad_args": "call_failed",
              "ungrounded": "ungrounded_answer", "confirm": "needs_user",
              # the guard refuses an unconfirmed external message (403, a hard violation)
              "external": "call_failed",
              "empty_file": "unverifiable_change",  # an empty sheet checks nothing
              "bad_json": "bad_plan", "test_task": "duplicate"}[case]
    assert out.rejected == {reason: 1}


def test_synthesized_action_tasks_are_not_solved_by_a_done_answer(solved):
    env, pool, _, trajs = solved
    (task,) = _post_variation(trajs, pool, "Standup is cancelled today.")
    runner = RolloutRunner(env, Done(load_policy("tiny-xs").renderer),
                           RolloutConfig(max_total_tokens=1 << 30))
    (traj,) = runner.run([task])
    assert not traj.passed and traj.score <= 0.5


def test_checks_from_world_changes():
    env = get_env("workspace", levels=[1, 2])
    task = env.tasks(1, seed=0, split="train")[0]
    before, after = build_world(task), build_world(task)
    assert workspace_checks(before, after) == []
    eid = next(iter(after.emails))
    after.emails[eid].read = True  # reading is not a change
    assert workspace_checks(before, after) == []
    after.emails[eid].labels = [*after.emails[eid].labels, "urgent"]  # no op checks a label
    assert workspace_checks(before, after) is None
    after = build_world(task)
    fid = next(iter(after.files))
    after.files[fid].trashed = True
    assert workspace_checks(before, after) == [{"op": "file_trashed", "id": fid, "trashed": True}]
    del after.emails[eid]  # a permanent delete
    assert workspace_checks(before, after) is None


def test_unknown_environment_is_a_clear_error():
    with pytest.raises(KeyError, match="known: arithmetic, workspace, code"):
        synthesize("repo", None, [], [], [])


def test_synthesized_tasks_join_every_training_pool(solved, tmp_path):
    """`env.extra_train_tasks` adds the JSONL tasks after the generated ones (RL pool, SFT
    demonstrations, RFT, DPO all draw through `training_tasks`)."""
    from veriloop.run.config import load_config
    from veriloop.trainers.common import training_tasks

    env, pool, _, trajs = solved
    synthesized = _post_variation(trajs, pool, "Retro notes are in the drive.")
    path = tmp_path / "synth.jsonl"
    path.write_text("".join(t.model_dump_json() + "\n" for t in synthesized))
    cfg = load_config(None, ["env.name=workspace", f"env.extra_train_tasks=[{path}]"])
    tasks = training_tasks(cfg, env, 5, seed=0)
    assert [t.id for t in tasks[:5]] == [t.id for t in env.tasks(5, seed=0, split="train")]
    assert tasks[5:] == synthesized
