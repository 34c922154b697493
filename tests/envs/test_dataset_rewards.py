"""Issue 46 (acceptance d and point 1's rewards): a user reward that hangs or raises becomes a
recorded grading error on the trajectory (fault `grader_error` with the reason), never a crash
and never a 0; rewards by name and by weight; a function gets what it asks for by name; tool
tasks score the call; code runs against the tests column in the sandbox."""

import json

import pytest

from veriloop.envs import expert_for, get_env
from veriloop.envs.base import ScriptedExpert
from veriloop.rollout.runner import RolloutConfig, RolloutRunner
from veriloop.types import FaultKind

REWARDS = '''import time


def slow(completion):
    time.sleep(120)
    return 1.0


def boom(answer):
    return 1 / 0


def words(completion):
    return "high"


def half(final_answer, answer):
    return 0.5 if final_answer == answer else 0.0


def names(completion, solution_str, answer, ground_truth, prompt, level, task_id, **rest):
    assert solution_str == completion == "<answer>" + answer + "</answer>"
    assert ground_truth == answer and prompt.startswith("What is") and level == 3
    assert task_id.startswith("dataset-") and rest["messages"][-1]["role"] == "assistant"
    return True
'''
TOOL = {"type": "function", "function": {
    "name": "add", "description": "Add two integers.",
    "parameters": {"type": "object", "properties": {"a": {"type": "integer"},
                                                    "b": {"type": "integer"}},
                   "required": ["a", "b"]}}}


@pytest.fixture
def data(tmp_path):
    with (tmp_path / "data.jsonl").open("w") as f:
        for i in range(6):
            f.write(json.dumps({"prompt": f"What is {i}+1?", "answer": str(i + 1),
                                "level": 3}) + "\n")
    (tmp_path / "r.py").write_text(REWARDS)
    return tmp_path


def _run(env, policy=None, n=3, split="all"):
    try:
        runner = RolloutRunner(env, policy or expert_for(env), RolloutConfig())
        return runner.run(env.tasks(n, split=split))
    finally:
        env.close()


@pytest.mark.parametrize("fn, reason", [
    ("slow", "took more than 1s and was stopped (env.options.reward_timeout)"),
    ("boom", "raised ZeroDivisionError: division by zero"),
    ("words", "returned 'high', not a number or a bool"),
])
def test_a_failing_reward_is_a_recorded_grading_error(data, fn, reason):
    env = get_env("dataset", path=str(data / "data.jsonl"), reward=f"{data}/r.py:{fn}",
                  reward_timeout=1.0)
    trajs = _run(env, n=2)
    assert len(trajs) == 2
    for t in trajs:
        assert t.grade is None and t.fault is not None and t.is_infra_error  # not trained on
        assert t.fault.kind is FaultKind.GRADER_ERROR
        assert f"reward {data}/r.py:{fn} on task {t.task_id} {reason}" in t.fault.reason


def test_a_function_gets_what_it_asks_for_by_name(data):
    env = get_env("dataset", path=str(data / "data.jsonl"), reward=f"{data}/r.py:names")
    trajs = _run(env)
    assert [(t.fault, t.score, t.passed) for t in trajs] == [(None, 1.0, True)] * 3


def test_weighted_rewards_add_up(data):
    # exact gives 1 and half gives 0.5 to the expert: 1.0 * 1 + 0.5 * 0.5 = 1.25
    env = get_env("dataset", path=str(data / "data.jsonl"),
                  reward={"exact": 1.0, f"{data}/r.py:half": 0.5})
    for t in _run(env):
        assert t.score == pytest.approx(1.25) and t.passed
        assert t.grade.components["exact"] == 1.0 and t.grade.components[f"{data}/r.py:half"] == 0.5
    # the noisy expert's perturbed answers get neither
    env = get_env("dataset", path=str(data / "data.jsonl"),
                  reward=[{"name": "exact"}, {"name": f"{data}/r.py:half", "weight": 0.5}])
    scores = [t.score for t in _run(env, expert_for(env, noise=1.0), n=6)]
    assert scores == [0.0] * 6


def test_regex_reward_reads_a_pattern_or_the_answer_column(data):
    env = get_env("dataset", path=str(data / "data.jsonl"),
                  reward=[{"name": "regex", "options": {"pattern": r"\d+"}}])
    assert all(t.passed for t in _run(env))
    env = get_env("dataset", path=str(data / "data.jsonl"), reward="regex")
    assert all(t.passed for t in _run(env))  # the answer "3" as a pattern matches "3"
    assert not any(t.passed for t in _run(get_env(
        "dataset", path=str(data / "data.jsonl"), reward="regex"), expert_for(env, 1.0), n=6))


def test_a_tool_call_is_the_answer_when_the_data_gives_no_implementation(tmp_path):
    rows = [{"prompt": f"Add {i} and 2 with the tool.", "tools": [TOOL],
             "answer": {"name": "add", "arguments": {"a": i, "b": 2}}} for i in range(4)]
    (tmp_path / "calls.jsonl").write_text("\n".join(json.dumps(r) for r in rows))
    env = get_env("dataset", path=str(tmp_path / "calls.jsonl"), reward="json_schema")
    trajs = _run(env, n=4)
    assert [len(t.turns) for t in trajs] == [1] * 4 and all(t.passed for t in trajs)
    assert json.loads(trajs[0].final_answer)["name"] == "add"
    assert "<tool_call>" in trajs[0].prompt[0].content  # tool tasks are told the syntax
    env = get_env("dataset", path=str(tmp_path / "calls.jsonl"), reward="json_schema")
    assert not any(t.passed for t in _run(env, expert_for(env, noise=1.0), n=4))


def test_tools_with_functions_run_the_multi_turn_tool_loop(tmp_path):
    rows = [{"prompt": "Add 2 and 3.", "tools": [TOOL], "answer": "5"}]
    (tmp_path / "tools.jsonl").write_text(json.dumps(rows[0]) + "\n")
    (tmp_path / "my_tools.py").write_text("def add(a: int, b: int) -> int:\n"
                                          "    return a + b\n")
    env = get_env("dataset", path=str(tmp_path / "tools.jsonl"), reward="exact",
                  tool_functions=str(tmp_path / "my_tools.py"), test_fraction=0.0)

    def act(task, messages):
        if messages[-1].role == "tool":
            return f"<answer>{messages[-1].content}</answer>"
        return '<tool_call>{"name": "add", "arguments": {"a": 2, "b": 3}}</tool_call>'

    (traj,) = _run(env, ScriptedExpert(act), n=1, split="train")
    assert len(traj.turns) == 2 and traj.turns[0].tool_results[0].content == "5"
    assert traj.final_answer == "5" and traj.passed


def test_python_tests_run_the_code_in_the_sandbox(tmp_path):
    rows = [{"prompt": "Write add(a, b).", "answer": "def add(a, b):\n    return a + b",
             "tests": ["assert add(2, 3) == 5", "assert add(-1, 1) == 0"]},
            {"prompt": "Write neg(a).", "answer": "def neg(a):\n    return -a",
             "tests": "assert neg(4) == -4"}]
    (tmp_path / "code.jsonl").write_text("\n".join(json.dumps(r) for r in rows))
    env = get_env("dataset", path=str(tmp_path / "code.jsonl"), reward="python_tests")
    assert [t.passed for t in _run(env, n=2)] == [True, True]
    # the noisy expert drops the last character: "return -" and "return a +" do not parse
    env = get_env("dataset", path=str(tmp_path / "code.jsonl"), reward="python_tests")
    assert [t.passed for t in _run(env, expert_for(env, noise=1.0), n=2)] == [False, False]
