"""Behaviour graders on hand-built trajectories (worked counts) and on real arithmetic rollouts."""

import pytest

from veriloop.envs.arithmetic import ArithmeticEnv, ExpertPolicy
from veriloop.graders import get_grader
from veriloop.rollout.runner import RolloutConfig, RolloutRunner
from veriloop.types import Message, Task, ToolCall, ToolResult, Trajectory, Turn

TASK = Task(id="t", env="x", prompt=(Message(role="user", content="fix it"),),
            metadata={"optimal_steps": 2})


def turn(i, text="", calls=(), errors=(), fmt_error=None, n_ids=10):
    calls = tuple(ToolCall(name=c, arguments={}, id=f"c{i}{k}") for k, c in enumerate(calls))
    results = tuple(ToolResult(call_id=c.id, name=c.name, content="Error" if e else "ok",
                               is_error=e) for c, e in zip(calls, errors or [False] * len(calls),
                                                           strict=True))
    body = text + "".join("<tool_call>{}</tool_call>" for _ in calls)
    if fmt_error:
        body = text + "<tool_call>{bad json</tool_call>"
    return Turn(index=i, action_text=body, action_ids=tuple(range(n_ids)), tool_calls=calls,
                tool_results=results, format_error=fmt_error)


def traj(*turns, final=None):
    return Trajectory(id="r", run_id="r", task_id="t", env="x", group_id="g", prompt_text="q",
                      prompt_ids=(), turns=turns, final_answer=final, done=True)


def g(name, t, **opts):
    return get_grader(name, **opts)(TASK, t, None)


def test_tool_call_accuracy_and_recovery_hand_worked():
    t = traj(turn(0, fmt_error="bad_json: x"), turn(1, calls=["run_tests"], errors=[True]),
             turn(2, calls=["edit_file"]), turn(3, calls=["run_tests"]),
             turn(4, "<answer>done</answer>"))
    acc = g("tool_call_accuracy", t)
    assert acc.score == pytest.approx(2 / 4)
    assert acc.components == {"valid_calls": 2.0, "attempted_calls": 4.0}
    fmt = g("format_compliance", t)
    assert fmt.score == pytest.approx(4 / 5) and fmt.components["format_violations"] == 1.0
    rec = g("error_recovery", t)
    assert rec.score == 1.0 and rec.components == {"failed_calls": 2.0, "recovered": 2.0}
    unrecovered = traj(turn(0, calls=["edit_file"]), turn(1, calls=["run_tests"], errors=[True]))
    assert g("error_recovery", unrecovered).score == 0.0
    assert g("tool_call_accuracy", traj(turn(0, "<answer>1</answer>"))).score == 1.0


def test_verified_after_last_edit():
    verified = traj(turn(0, calls=["edit_file"]), turn(1, calls=["run_tests"]))
    unverified = traj(turn(0, calls=["run_tests"]), turn(1, calls=["edit_file"]))
    failed_test_run = traj(turn(0, calls=["edit_file"]), turn(1, calls=["run_tests"],
                                                             errors=[True]))
    assert g("verified_after_last_edit", verified).score == 1.0
    assert g("verified_after_last_edit", unverified).score == 0.0
    assert g("verified_after_last_edit", failed_test_run).score == 0.0
    assert g("verified_after_last_edit", traj(turn(0, calls=["run_tests"]))).score == 1.0


def test_summary_progress_and_efficiency():
    summary = traj(turn(0, calls=["edit_file"]),
                   turn(1, "I fixed the off-by-one in parse() and the tests pass now."))
    assert g("final_summary", summary).score == 1.0
    assert g("final_summary", traj(turn(0, "<answer>42</answer>"), final="42")).score == 0.0

    silent = traj(*[turn(i, calls=["run_tests"]) for i in range(6)])
    chatty = traj(*[turn(i, "Progress: module 3 of 6 done, moving on." if i in (2, 5) else "",
                         calls=["run_tests"]) for i in range(6)])
    assert g("progress_reports", silent, every=3).score == 0.0
    r = g("progress_reports", chatty, every=3)
    assert r.score == 1.0 and r.components == {"windows": 2.0, "reported": 2.0}

    four = traj(*[turn(i, calls=["run_tests"], n_ids=100) for i in range(4)])
    assert g("step_efficiency", four).score == 0.5
    assert g("length_efficiency", four, target_tokens=200).score == 0.5
    assert g("length_efficiency", four, target_tokens=400).score == 1.0
    with pytest.raises(ValueError, match="optimal_steps"):
        get_grader("step_efficiency")(Task(id="u", env="x", prompt=()), four, None)


def test_on_real_noisy_arithmetic_rollouts():
    env = ArithmeticEnv()
    tasks = env.tasks(12, seed=3)
    runner = RolloutRunner(env, ExpertPolicy(noise=1.0, format_share=1.0, recovery=0.5),
                           RolloutConfig(env_workers=1))
    trajs = runner.run(tasks)
    acc, rec = get_grader("tool_call_accuracy"), get_grader("error_recovery")
    broken = [t for t in trajs if t.format_violations]
    assert broken  # the noisy expert broke the format
    for t in broken:
        a, r = acc(None, t, None), rec(None, t, None)
        assert a.components["attempted_calls"] >= 1 and a.score < 1.0
        recovered = any(x.tool_results and not x.tool_results[0].is_error for x in t.turns)
        assert r.score == float(recovered)
    clean = RolloutRunner(env, ExpertPolicy(), RolloutConfig(env_workers=1)).run(tasks[:3])
    assert all(acc(None, t, None).score == 1.0 for t in clean)
