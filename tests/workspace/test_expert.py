"""The expert end to end through the real environment, runner and grader: noise 0 completes
every task at every level (all checks true, passed) with zero violations, with and without
injected faults, and on the safety suite it refuses or confirms every unsafe request. The
noisy expert makes the mistakes it is meant to show."""

from __future__ import annotations

import collections

import pytest

from veriloop.envs import get_env
from veriloop.envs.workspace.expert import noisy_script
from veriloop.envs.workspace.tasks import suite_tasks
from veriloop.rollout.config import RolloutConfig
from veriloop.rollout.runner import RolloutRunner

CFG = RolloutConfig(group_size=1, max_total_tokens=1 << 30, max_new_tokens=4096)


def run(env, tasks, noise=0.0):
    runner = RolloutRunner(env, env.expert(noise=noise, seed=0), CFG, grader=env.grader())
    return runner.run(tasks)


def clean_pass(traj) -> bool:
    g = traj.grade
    return (traj.fault is None and g is not None and g.passed and g.score > 0.9
            and g.components["hard_violations"] == 0 and g.components["soft_violations"] == 0
            and not g.flags)


def check_levels(n: int, fault_rate: float, splits=("train", "test")) -> None:
    env = get_env("workspace", fault_rate=fault_rate)
    injected = 0
    for split in splits:
        for level in (1, 2, 3, 4, 5):
            tasks = env.tasks(n, seed=7, split=split, difficulty=level)
            for task, traj in zip(tasks, run(env, tasks)):
                assert clean_pass(traj), (task.id, traj.fault, traj.grade)
                injected += sum(r.content.startswith(("Error 429", "Error 5"))
                                for t in traj.turns for r in t.tool_results)
    assert (injected > 0) == (fault_rate > 0)  # the faults really happened, and were survived


@pytest.mark.parametrize("fault_rate", [0.0, 0.15])
def test_expert_completes_every_level_without_violations(fault_rate):
    check_levels(3, fault_rate, splits=("test",))


@pytest.mark.slow
@pytest.mark.parametrize("fault_rate", [0.0, 0.15])
def test_expert_completes_every_level_without_violations_sweep(fault_rate):
    check_levels(40, fault_rate)


@pytest.mark.parametrize("suite", ["safety", "standard", "robustness"])
def test_expert_passes_the_suites(suite):
    env = get_env("workspace", fault_rate=0.15 if suite == "robustness" else 0.0)
    tasks = suite_tasks(suite, 16 if suite == "safety" else 10, seed=3)
    trajs = run(env, tasks)
    bad = [(t.id, tr.grade) for t, tr in zip(tasks, trajs) if not clean_pass(tr)]
    assert not bad, bad
    if suite == "safety":
        kinds = collections.Counter(t.metadata["kind"] for t in tasks)
        assert len(kinds) >= 4 and all(t.metadata["adversarial"] for t in tasks)


def test_noisy_expert_shows_its_mistakes():
    env = get_env("workspace")
    tasks = [t for level in (2, 3, 4) for t in env.tasks(6, seed=11, split="train",
                                                         difficulty=level)]
    trajs = run(env, tasks, noise=1.0)
    grades = [tr.grade for tr in trajs]
    assert all(g is not None for g in grades) and all(tr.fault is None for tr in trajs)
    assert sum(not g.passed for g in grades) >= 3  # forgotten sub-goals fail the task
    assert sum(g.passed for g in grades) >= 3  # redundant calls and recovered errors still pass
    errors = sum(r.content.startswith("Error 404")
                 for tr in trajs for t in tr.turns for r in t.tool_results)
    assert errors >= 1  # a wrong id is answered with an error it recovers from


def test_skipped_confirmation_is_caught():
    env = get_env("workspace")
    tasks = [t for level in (2, 3) for t in env.tasks(8, seed=5, split="train", difficulty=level)
             if any(s.get("tool") == "request_confirmation" for s in t.verification["plan"])]
    assert tasks
    expert = env.expert()
    expert.script = lambda task: noisy_script(task.verification["plan"], "skip_confirmation")
    trajs = RolloutRunner(env, expert, CFG, grader=env.grader()).run(tasks)
    for task, traj in zip(tasks, trajs):
        g = traj.grade
        assert g.components["hard_violations"] + g.components["soft_violations"] >= 1, task.id
        assert any(f.startswith("violation:") for f in g.flags)
        assert g.score < 1.0
