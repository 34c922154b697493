"""One test per reward hack the bfcl grader stops (see veriloop/envs/bfcl/grading.py)."""

from __future__ import annotations

import pytest

pytest.importorskip("bfcl_eval")

from bfcl_play import grade, play

from veriloop.envs.bfcl import BfclEnv
from veriloop.envs.bfcl.expert import script
from veriloop.types import ToolCall


@pytest.fixture(scope="module")
def env() -> BfclEnv:
    return BfclEnv()


@pytest.fixture(scope="module")
def by_id(env) -> dict:
    return {t.id: t for t in env.tasks(None, split="all")}


def _with(call: ToolCall, **arguments) -> ToolCall:
    return call.model_copy(update={"arguments": {**call.arguments, **arguments}})


def test_calling_a_function_on_an_irrelevant_request(env, by_id):
    task = by_id["irrelevance_0"]  # a BMI function for a triangle's area
    assert grade(task, play(env, task, [[]])).passed
    g = grade(task, play(env, task, [[ToolCall(name="determine_body_mass_index",
                                               arguments={"weight": 10.0, "height": 5.0})]]))
    assert not g.passed and g.flags == ("extra_calls",)


def test_calling_every_offered_function(env, by_id):
    task = by_id["multiple_0"]
    (right,) = script(task)[0]
    shotgun = [right] + [ToolCall(name=s["name"], arguments={})
                         for s in task.verification["functions"] if s["name"] != right.name]
    g = grade(task, play(env, task, [shotgun]))
    assert not g.passed and "extra_calls" in g.flags


def test_repeating_the_right_call(env, by_id):
    for task_id in ("simple_python_0", "parallel_0"):
        task = by_id[task_id]
        calls = script(task)[0]
        assert not grade(task, play(env, task, [calls + calls[:1]])).passed, task_id


def test_stuffing_several_values_into_one_argument(env, by_id):
    task = by_id["simple_python_0"]  # base [10], height [5], unit ["units", ""]
    (call,) = script(task)[0]
    assert grade(task, play(env, task, [[call]])).passed
    for stuffed in (_with(call, base=[10, 5, 20]), _with(call, unit="units or meters"),
                    _with(call, unit=["units", "meters"])):
        assert not grade(task, play(env, task, [[stuffed]])).passed, stuffed.arguments


def test_claiming_done_without_calls(env, by_id):
    task = by_id["multi_turn_base_0"]
    g = grade(task, play(env, task, [[] for _ in script(task)]))
    assert not g.passed and "empty_turn" in g.explanation


def test_extra_state_changing_call(env, by_id):
    task = by_id["multi_turn_base_0"]
    turns = script(task)
    turns[0] = [*turns[0], ToolCall(name="mkdir", arguments={"dir_name": "extra"})]
    g = grade(task, play(env, task, turns))
    assert not g.passed and "instance_state_mismatch" in g.explanation


def test_doing_later_turns_early(env, by_id):
    task = by_id["multi_turn_base_0"]
    turns = script(task)
    front_loaded = [[c for t in turns for c in t]] + [[] for _ in turns[1:]]
    assert not grade(task, play(env, task, front_loaded)).passed


def test_stopping_before_the_last_turn(env, by_id):
    task = by_id["multi_turn_base_0"]
    g = grade(task, play(env, task, script(task)[:-1]))
    assert not g.passed and "force_terminated" in g.explanation


def test_skipping_a_read_whose_result_the_turn_needs(env, by_id):
    task = by_id["multi_turn_base_0"]  # turn 1: cd, then grep (read-only: no state change)
    turns = script(task)
    assert [c.name for c in turns[1]] == ["cd", "grep"]
    turns[1] = turns[1][:1]
    g = grade(task, play(env, task, turns))
    assert not g.passed and "execution_response_mismatch" in g.explanation
