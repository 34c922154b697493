import math
import random

import pytest

from veriloop.envs import get_env, list_envs
from veriloop.envs.arithmetic import ExpertPolicy, calculator, evaluate, make_problem
from veriloop.rollout.runner import RolloutConfig, RolloutRunner
from veriloop.tools import ToolRegistry
from veriloop.types import ToolCall


def test_registered_and_discoverable_through_entry_points():
    assert "arithmetic" in list_envs()
    from importlib.metadata import entry_points
    assert "arithmetic" in {ep.name for ep in entry_points(group="veriloop.environments")}
    with pytest.raises(KeyError, match="known: .*arithmetic"):
        get_env("arithmetc")


@pytest.mark.parametrize("expression, value", [
    ("1 + 2 * 3", 7), ("(1 + 2) * 3", 9), ("7 / 2", 3.5), ("-4 + 10", 6), ("2 ** 10", 1024),
    ("17 // 5", 3), ("17 % 5", 2),
])
def test_calculator_arithmetic(expression, value):
    assert evaluate(expression) == value


@pytest.mark.parametrize("expression, error", [
    ("__import__('os').system('true')", "unsupported"), ("1 +", "cannot parse"),
    ("2 ** 1000", "exponent too large"), ("1 / 0", "division by zero"), ("x + 1", "unsupported"),
])
def test_calculator_rejects_unsafe_or_bad_input(expression, error):
    result = ToolRegistry([calculator]).call(ToolCall(name="calculator",
                                                      arguments={"expression": expression}))
    assert result.is_error and error in result.content


def test_problems_are_consistent_and_difficulty_counts_operations():
    rng = random.Random(1)
    for d in range(1, 6):
        for _ in range(50):
            p = make_problem(rng, d)
            assert evaluate(p.expression) == p.answer == p.steps[-1]
            assert len(p.steps) == d
            assert p.text.count(".") == d + 1  # start sentence + one per operation


def test_splits_are_disjoint_and_seeded(arithmetic):
    train = arithmetic.tasks(300, seed=3)
    test = arithmetic.tasks(100, seed=3, split="test")
    assert not {t.prompt[-1].content for t in train} & {t.prompt[-1].content for t in test}
    assert [t.id for t in arithmetic.tasks(20, seed=3)] == [t.id for t in train[:20]]
    assert {t.difficulty for t in arithmetic.tasks(10, difficulty=4)} == {4}
    assert all("answer" in t.verification and t.verification["answer"] not in
               (None, "") for t in train)
    with pytest.raises(ValueError, match="difficulty"):
        arithmetic.tasks(1, difficulty=9)


def test_expert_solves_every_task_with_the_tool(arithmetic, expert):
    tasks = arithmetic.tasks(100, seed=5)
    trajs = RolloutRunner(arithmetic, expert).run(tasks)
    assert all(t.passed and t.done and t.fault is None for t in trajs)
    assert all(t.turns[0].tool_calls[0].name == "calculator" for t in trajs)
    assert all(t.format_violations == 0 for t in trajs)


@pytest.mark.parametrize("noise", [0.2, 0.5])
def test_noisy_expert_success_matches_noise(arithmetic, noise):
    n = 600
    trajs = RolloutRunner(arithmetic, ExpertPolicy(noise=noise, seed=1)).run(
        arithmetic.tasks(n, seed=11))
    success = sum(t.passed for t in trajs) / n
    assert abs(success - (1 - noise)) < 4 * math.sqrt(noise * (1 - noise) / n)
    broken = [t for t in trajs if t.format_violations]
    # about format_share=1/2 of the noisy episodes break the format; they are counted, not crashes
    assert abs(len(broken) / n - noise / 2) < 4 * math.sqrt(noise / 2 / n)
    assert all(t.fault is None and t.done and not t.passed for t in broken)


def test_noisy_expert_can_recover_from_its_format_errors(arithmetic):
    policy = ExpertPolicy(noise=1.0, format_share=1.0, recovery=1.0)
    trajs = RolloutRunner(arithmetic, policy).run(arithmetic.tasks(50, seed=2))
    assert all(t.passed and t.format_violations == 1 and len(t.turns) == 3 for t in trajs)


def test_groups_differ_per_sample(arithmetic):
    trajs = RolloutRunner(arithmetic, ExpertPolicy(noise=0.5),
                          RolloutConfig(group_size=8)).run(arithmetic.tasks(10, seed=0))
    assert len(trajs) == 80
    assert len({t.group_id for t in trajs}) == 10
    per_task = [sum(t.passed for t in trajs[i:i + 8]) for i in range(0, 80, 8)]
    assert any(0 < p < 8 for p in per_task)


PLUGIN = '''
from veriloop.envs.arithmetic import ArithmeticEnv


class CountdownEnv(ArithmeticEnv):
    """A third-party environment installed as a package."""

    name = "countdown"
'''


def test_environment_from_an_installed_package_is_discovered(tmp_path, monkeypatch):
    """A package that declares a `veriloop.envs` entry point is usable by name, no import."""
    (tmp_path / "countdown_env.py").write_text(PLUGIN)
    dist = tmp_path / "countdown_env-0.1.dist-info"
    dist.mkdir()
    (dist / "METADATA").write_text("Metadata-Version: 2.1\nName: countdown-env\nVersion: 0.1\n")
    (dist / "entry_points.txt").write_text(
        "[veriloop.envs]\ncountdown = countdown_env:CountdownEnv\n")
    monkeypatch.syspath_prepend(str(tmp_path))
    assert "countdown" in list_envs()
    env = get_env("countdown")
    assert env.name == "countdown" and len(env.tasks(3)) == 3
