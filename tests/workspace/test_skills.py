"""The skill library: verified tool-call programs of passed workspace trajectories, failed calls
left out, kept only if the program alone passes again on replay, retrieved by request."""

from __future__ import annotations

import json
import subprocess
import sys

import pytest

from veriloop.data.skills import (
    HEADER,
    program_text,
    skill_index,
    successful_calls,
    verify_by_replay,
)
from veriloop.envs import expert_for, get_env
from veriloop.rollout.runner import RolloutConfig, RolloutRunner


@pytest.fixture(scope="module")
def world():
    env = get_env("workspace", levels=[1, 2])
    tasks = env.tasks(40, seed=0, split="train")
    runner = RolloutRunner(env, expert_for(env, noise=1.0, seed=3),
                           RolloutConfig(max_total_tokens=1 << 30, group_size=2))
    return env, tasks, runner.run(tasks)


def test_program_leaves_out_failed_calls_and_replays(world):
    env, tasks, trajs = world
    by_id = {t.id: t for t in tasks}
    recovered = [t for t in trajs if t.passed and any(r.is_error for u in t.turns
                                                      for r in u.tool_results)]
    assert recovered, "the noisy expert made no recovered error"
    for traj in recovered[:3]:
        calls = successful_calls(traj)
        made = [c for u in traj.turns for c in u.tool_calls]
        assert 0 < len(calls) < len(made)  # the failing call is not part of the program
        assert verify_by_replay(traj, by_id[traj.task_id], env)


def test_program_text_by_hand(world):
    env, tasks, _ = world
    task = next(t for t in tasks if t.metadata["kind"] == "latest_subject")
    (traj,) = RolloutRunner(env, expert_for(env), RolloutConfig(max_total_tokens=1 << 30)).run(
        [task])
    step = task.verification["plan"][0]
    assert program_text(traj) == (f"search_emails({json.dumps(step['arguments'], sort_keys=True)})"
                                  f" => {task.verification['plan'][-1]['answer']}")


def test_replay_drops_a_program_whose_success_needed_a_missing_call(world):
    """A passed move task whose move_emails result is marked failed: its program (search,
    create folder) no longer solves the task, so replay fails and the library drops it."""
    env, tasks, trajs = world
    by_id = {t.id: t for t in tasks}
    traj = next(t for t in trajs if t.passed and "move_budget" in t.task_id)
    turns = []
    for u in traj.turns:
        results = tuple(r.model_copy(update={"is_error": True}) if r.name == "move_emails"
                        else r for r in u.tool_results)
        turns.append(u.model_copy(update={"tool_results": results}))
    broken = traj.model_copy(update={"turns": tuple(turns)})
    assert "move_emails" not in program_text(broken)
    assert verify_by_replay(traj, by_id[traj.task_id], env)
    assert not verify_by_replay(broken, by_id[traj.task_id], env)
    kept = skill_index([traj], env, tasks)
    dropped = skill_index([broken], env, tasks)
    assert [s.task_id for s in kept.items] == [traj.task_id] and not dropped.items


def test_skills_are_retrieved_by_request_and_shown_as_programs(world, tmp_path):
    env, tasks, trajs = world
    index = skill_index(trajs, env, tasks)
    solved = {t.task_id for t in trajs if t.passed}
    assert 0 < len(index) <= len(solved)
    query = next(t for t in env.tasks(10, seed=0, split="test")
                 if t.metadata["kind"] == "latest_subject")
    found = index.search(query.prompt[-1].content, 2)
    assert found and "latest_subject" in found[0].task_id
    assert found[0].solution.startswith("search_emails(")
    # the CLI: a store of these trajectories, evaluated with --experience STORE --skills
    from veriloop.data.store import TrajectoryStore

    store = tmp_path / "skills.sqlite"
    with TrajectoryStore(store) as s:
        s.append_many(trajs)
    out = subprocess.run([sys.executable, "-m", "veriloop.cli", "eval", "--env", "workspace",
                          "--policy", "expert", "--tasks", "3", "--json", "--out",
                          str(tmp_path / "run"), "--experience", str(store), "--skills"],
                         capture_output=True, text=True, timeout=300, check=False)
    assert out.returncode == 0, out.stderr[-2000:]
    with TrajectoryStore(tmp_path / "run" / "trajectories.sqlite") as s:
        shown = [t.prompt_text for t in s.query()]
    assert shown and any(HEADER.strip() in p for p in shown)
    bad = subprocess.run([sys.executable, "-m", "veriloop.cli", "eval", "--env", "workspace",
                          "--policy", "expert", "--tasks", "1", "--out", str(tmp_path / "r2"),
                          "--skills"], capture_output=True, text=True, timeout=300, check=False)
    assert bad.returncode == 2 and "add --experience STORE" in bad.stderr
    assert len(bad.stderr.strip().splitlines()) == 1
