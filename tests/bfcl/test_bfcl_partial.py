"""Partial credit of the bfcl grader (`reward: partial`): hand-worked scores, success is
still BFCL's verdict, and the hacks it must not reward (see veriloop/envs/bfcl/grading.py)."""

from __future__ import annotations

import pytest

pytest.importorskip("bfcl_eval")

from bfcl_play import play

from veriloop.envs.bfcl import BfclEnv
from veriloop.envs.bfcl.expert import script
from veriloop.types import Grade, Task, ToolCall, Trajectory


@pytest.fixture(scope="module")
def env() -> BfclEnv:
    return BfclEnv(reward="partial")


@pytest.fixture(scope="module")
def by_id(env) -> dict:
    return {t.id: t for t in env.tasks(None, split="all")}


def grade(env: BfclEnv, task: Task, calls: list[ToolCall]) -> Grade:
    traj = Trajectory(id="t", run_id="r", task_id=task.id, env="bfcl", group_id="g",
                      sample_index=0, policy="test", prompt=task.prompt, prompt_text="",
                      prompt_ids=(), turns=())
    return env.grader()(task, traj, play(env, task, [calls]))


def test_a_correct_response_scores_one(env, by_id):
    task = by_id["simple_python_0"]
    g = grade(env, task, script(task)[0])
    assert g.passed and g.score == 1.0


def test_one_wrong_value_of_two(env, by_id):
    # simple_python_0: base [10], height [5], unit optional. Params {base, height}, 1 right:
    # pair 0.5 + 0.5 * 1/2 = 0.75; one expected, one given: 0.75; score 0.5 * 0.75
    task = by_id["simple_python_0"]
    g = grade(env, task, [ToolCall(name="calculate_triangle_area",
                                   arguments={"base": 10, "height": 6})])
    assert not g.passed
    assert g.components["partial"] == pytest.approx(0.75)
    assert g.score == pytest.approx(0.375)


def test_an_unexpected_parameter_counts_against(env, by_id):
    # {base, height, color}: 2 of 3 right -> 0.5 + 0.5 * 2/3
    task = by_id["simple_python_0"]
    g = grade(env, task, [ToolCall(name="calculate_triangle_area",
                                   arguments={"base": 10, "height": 5, "color": "red"})])
    assert not g.passed and g.score == pytest.approx(0.5 * (0.5 + 0.5 * 2 / 3))


def test_a_missing_parallel_call_halves_the_credit(env, by_id):
    # parallel_0 expects two spotify.play calls; one right call: (1 + 0) / max(2, 1)
    task = by_id["parallel_0"]
    first = script(task)[0][:1]
    g = grade(env, task, first)
    assert not g.passed and g.score == pytest.approx(0.5 * 0.5)


def test_an_extra_call_costs(env, by_id):
    # both right calls plus a repeat: (1 + 1) / max(2, 3)
    task = by_id["parallel_0"]
    calls = script(task)[0]
    g = grade(env, task, calls + calls[:1])
    assert not g.passed and g.score == pytest.approx(0.5 * 2 / 3)


def test_calling_every_offered_function_earns_less_than_the_right_call(env, by_id):
    task = by_id["multiple_0"]
    (right,) = script(task)[0]
    wrong_value = right.model_copy(update={"arguments": {**right.arguments, "side1": 99}})
    alone = grade(env, task, [wrong_value])
    shotgun = grade(env, task, [wrong_value] + [
        ToolCall(name=s["name"], arguments={}) for s in task.verification["functions"]
        if s["name"] != right.name])
    assert 0 < shotgun.score < alone.score < 0.5


def test_the_wrong_function_earns_nothing(env, by_id):
    task = by_id["multiple_0"]  # expects triangle_properties.get
    g = grade(env, task, [ToolCall(name="circle_properties.get", arguments={"radius": 3})])
    assert not g.passed and g.score == 0.0


def test_a_call_on_an_irrelevant_request_earns_nothing(env, by_id):
    task = by_id["irrelevance_0"]
    g = grade(env, task, [ToolCall(name="determine_body_mass_index",
                                   arguments={"weight": 10.0, "height": 5.0})])
    assert not g.passed and g.score == 0.0


def test_the_default_reward_stays_binary(by_id):
    task = by_id["simple_python_0"]
    g = grade(BfclEnv(), task, [ToolCall(name="calculate_triangle_area",
                                         arguments={"base": 10, "height": 6})])
    assert not g.passed and g.score == 0.0 and "partial" not in g.components


def test_an_unknown_reward_is_refused():
    with pytest.raises(ValueError, match="reward must be 'pass' or 'partial'"):
        BfclEnv(reward="shaped")
