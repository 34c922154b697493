"""The bfcl environment's contract: categories, splits, tool specs, episodes, expert, CLI eval."""

from __future__ import annotations

import json
import subprocess
import sys

import pytest

pytest.importorskip("bfcl_eval")

from bfcl_play import grade, play, sample

from veriloop.envs import get_env, list_envs
from veriloop.envs.bfcl import CATEGORIES, BfclEnv
from veriloop.envs.bfcl.episode import ADDED_FUNCTIONS, json_schema
from veriloop.envs.bfcl.expert import script
from veriloop.rollout.runner import RolloutConfig, RolloutRunner
from veriloop.types import Message, ToolCall


@pytest.fixture(scope="module")
def env() -> BfclEnv:
    return BfclEnv()


@pytest.fixture(scope="module")
def by_id(env) -> dict:
    return {t.id: t for t in env.tasks(None, split="all")}


def test_registered_and_categories_validated():
    assert "bfcl" in list_envs()
    assert get_env("bfcl", categories=["simple"]).categories == ["simple_python"]  # old name
    assert BfclEnv(categories="irrelevance").categories == ["irrelevance"]
    with pytest.raises(ValueError, match="unknown BFCL category 'live_simple'; valid: "
                       "simple_python, multiple, parallel"):
        BfclEnv(categories=["multiple", "live_simple"])
    with pytest.raises(ValueError, match="no difficulty levels"):
        BfclEnv().tasks(5, difficulty=2)
    with pytest.raises(ValueError, match="split must be"):
        BfclEnv().tasks(5, split="dev")


def test_splits_are_deterministic_and_disjoint(env):
    train, test = env.tasks(None, split="train"), env.tasks(None, split="test")
    ids_train, ids_test = {t.id for t in train}, {t.id for t in test}
    assert not ids_train & ids_test
    assert len(ids_train | ids_test) == len(env.tasks(None, split="all")) == 2040
    assert 0.15 < len(test) / 2040 < 0.25
    assert [t.id for t in env.tasks(30, seed=3)] == [t.id for t in BfclEnv().tasks(30, seed=3)]
    assert [t.id for t in env.tasks(30, seed=3)] != [t.id for t in env.tasks(30, seed=4)]
    only = BfclEnv(categories=["parallel", "multi_turn_base"]).tasks(None, split="all")
    assert {t.metadata["category"] for t in only} == {"parallel", "multi_turn_base"}


def test_function_docs_become_json_schema_tool_specs(env, by_id):
    episode = env.reset(by_id["simple_python_1"])
    (spec,) = episode.tools
    assert spec.name == "math.factorial"  # dotted names are kept
    assert spec.parameters["type"] == "object"
    assert json_schema({"type": "dict", "properties": {
        "x": {"type": "float"}, "t": {"type": "tuple", "items": {"type": "integer"}},
        "a": {"type": "any", "description": "d"}, "type": {"type": "string"}}}) == {
        "type": "object", "properties": {
            "x": {"type": "number"}, "t": {"type": "array", "items": {"type": "integer"}},
            "a": {"description": "d"}, "type": {"type": "string"}}}


def test_single_turn_takes_one_response(env, by_id):
    task = by_id["simple_python_0"]
    episode = env.reset(task)
    obs = episode.step(Message(role="assistant", content='<tool_call>{"name": "calculate_'))
    assert obs.done and obs.format_error  # one response, as in BFCL: unparseable is wrong
    assert grade(task, episode.state).score == 0.0
    episode = env.reset(task)
    # a wrong type is the agent's answer for the grader, not a format error
    call = ToolCall(name="calculate_triangle_area", arguments={"base": "ten", "height": 5})
    state = play(env, task, [[call]])
    assert state.finished and state.turns[0].calls[0].arguments["base"] == "ten"
    assert grade(task, state).explanation.startswith("type_error")


def test_multi_turn_runs_backends_and_shows_turns(env, by_id):
    task = by_id["multi_turn_base_0"]
    episode = env.reset(task)
    obs = episode.step(Message(role="assistant", content=(
        '<tool_call>{"name": "cd", "arguments": {"folder": "document"}}</tool_call>'
        '<tool_call>{"name": "ls", "arguments": {}}</tool_call>')))
    assert not obs.done and [m.role for m in obs.messages] == ["tool", "tool"]
    assert "final_report.pdf" in obs.messages[1].content
    obs = episode.step(Message(role="assistant", content="<answer>Listed.</answer>"))
    assert obs.messages[0].role == "user" and "grep" in obs.messages[0].content
    turn = episode.state.turns[0]
    assert [c.name for c in turn.calls] == ["cd", "ls"]
    # public attributes only, as BFCL's state check compares (the current directory is private)
    assert set(turn.snapshot) == {"GorillaFileSystem", "TwitterAPI"}
    assert set(turn.snapshot["GorillaFileSystem"]) == {"long_context", "root"}


def test_miss_func_announces_held_out_functions(env, by_id):
    task = by_id["multi_turn_miss_func_0"]  # `sort` is held out until turn 3
    episode = env.reset(task)
    assert "sort" not in {t.name for t in episode.tools}
    texts = []
    for calls in script(task)[:3]:
        if calls:
            episode.step(Message(role="assistant", content="\n".join(
                f'<tool_call>{json.dumps({"name": c.name, "arguments": c.arguments})}'
                "</tool_call>" for c in calls)))
        obs = episode.step(Message(role="assistant", content="<answer>ok</answer>"))
        texts.append(obs.messages[0].content)
    assert texts[2].endswith(ADDED_FUNCTIONS) and '"name": "sort"' in texts[2]


def test_force_quit_after_max_steps_per_turn(by_id):
    env = BfclEnv(max_steps_per_turn=3)
    task = by_id["multi_turn_base_0"]
    episode = env.reset(task)
    ls = Message(role="assistant", content='<tool_call>{"name": "pwd", "arguments": {}}'
                 "</tool_call>")
    assert [episode.step(ls).done for _ in range(4)] == [False, False, False, True]
    assert episode.state.force_quit and grade(task, episode.state).score == 0.0


def test_expert_through_the_runner_passes_and_noise_spoils(env, by_id):
    tasks = sample(list(by_id.values()), 4)
    config = RolloutConfig(group_size=1, max_total_tokens=1 << 30)
    trajs = RolloutRunner(env, env.expert(), config).run(tasks)
    assert all(t.passed for t in trajs), [(t.task_id, t.grade) for t in trajs if not t.passed]
    noisy = RolloutRunner(env, env.expert(noise=1.0, seed=1), config).run(tasks)
    assert sum(t.passed for t in noisy) < len(tasks) // 4
    assert not any(t.is_infra_error for t in noisy)
    with pytest.raises(ValueError, match="noise"):
        env.expert(noise=2.0)


def _eval(*args: str) -> dict:
    out = subprocess.run([sys.executable, "-m", "veriloop.cli", "eval", "--env", "bfcl",
                          "--policy", "expert", "--json", *args],
                         capture_output=True, text=True, check=True)
    return json.loads(out.stdout)


def test_cli_eval_breaks_down_by_category(tmp_path):
    summary = _eval("--tasks", "60", "--out", str(tmp_path / "run"))
    assert summary["success_rate"] == 1.0
    assert set(summary["by_category"]) <= set(CATEGORIES)
    assert len(summary["by_category"]) >= 6 and set(summary["by_category"].values()) == {1.0}


@pytest.mark.slow
def test_cli_eval_expert_scores_one_on_every_category(tmp_path):
    summary = _eval("--split", "all", "--tasks", "5000", "--out", str(tmp_path / "run"))
    assert summary["trajectories"] == 2040
    assert summary["by_category"] == dict.fromkeys(sorted(CATEGORIES), 1.0)


def test_summary_breaks_success_down_by_task_category():
    from veriloop.eval.metrics import summarize
    from veriloop.types import Grade, Task, Trajectory

    def traj(task_id: str, passed: bool) -> Trajectory:
        return Trajectory(id=f"{task_id}{passed}", run_id="r", task_id=task_id, env="bfcl",
                          group_id="g", prompt_text="", prompt_ids=(), done=True,
                          grade=Grade(score=float(passed), passed=passed))

    tasks = [Task(id="a", env="bfcl", prompt=(), metadata={"category": "parallel"}),
             Task(id="b", env="bfcl", prompt=(), metadata={"category": "irrelevance"}),
             Task(id="c", env="bfcl", prompt=())]
    trajs = [traj("a", True), traj("a", False), traj("a", True), traj("b", False),
             traj("c", True)]
    summary = summarize(trajs, tasks=tasks)
    assert summary.by_category == {"irrelevance": 0.0, "parallel": 2 / 3}
    assert summarize(trajs).by_category == {}  # no task metadata: no breakdown
