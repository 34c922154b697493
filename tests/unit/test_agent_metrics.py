"""The agent metrics of `veriloop.eval.metrics` (book section 12.6.12) on hand-built
trajectories with answers worked out by hand: per-call recovery, time to first action,
clarification precision and recall, completion per level and cross-app, violations per 1,000
episodes, calls relative to optimal."""

import pytest

from veriloop.eval.metrics import (
    calls_over_optimal,
    clarification,
    completion_by_level,
    cross_app_completion,
    recovery_counts,
    recovery_rate,
    summarize,
    time_to_first_action,
    violations_per_1000,
    workspace_metrics,
)
from veriloop.trainers.metrics import eval_metrics
from veriloop.types import Fault, FaultKind, Grade, Task, ToolCall, ToolResult, Trajectory, Turn


def turn(i: int, *calls: tuple[str, bool], gen: float = 0.0, env: float = 0.0) -> Turn:
    """A turn making `calls` [(tool name, failed?)] in order, with its timings."""
    return Turn(index=i, action_text="", action_ids=(1,), generate_seconds=gen, env_seconds=env,
                tool_calls=tuple(ToolCall(name=n, id=f"c{i}-{k}") for k, (n, _) in enumerate(calls)),
                tool_results=tuple(ToolResult(call_id=f"c{i}-{k}", name=n, is_error=bad,
                                              content="error" if bad else "ok")
                                   for k, (n, bad) in enumerate(calls)))


def traj(task_id: str = "t", turns=(), passed: bool = False, components=None, fault=None,
         metadata=None) -> Trajectory:
    grade = None if fault else Grade(score=float(passed), passed=passed,
                                     components=components or {})
    return Trajectory(id=f"{task_id}-{id(turns)}", run_id="r", task_id=task_id, env="workspace",
                      group_id="g", prompt_text="", prompt_ids=(), turns=tuple(turns),
                      grade=grade, fault=fault, metadata=metadata or {})


def task(task_id: str, level: int, **metadata) -> Task:
    optimal = metadata.pop("optimal_calls", 0)
    return Task(id=task_id, env="workspace", prompt=(), difficulty=level,
                metadata={"level": level, **metadata}, verification={"optimal_calls": optimal})


INFRA = Fault(kind=FaultKind.ENV_CRASH, reason="boom")

# search ok; move fails (unknown folder), folder created, move fails (429), move ok -> both
# move failures recovered; send fails (needs confirmation), confirmation asked, never sent ->
# not recovered; read_file fails twice, never succeeds -> neither recovered; write_cells fails
# and succeeds later in the same turn -> recovered.  6 failed, 3 recovered.
RECOVERY = traj(turns=[
    turn(0, ("search_emails", False)),
    turn(1, ("move_emails", True)),
    turn(2, ("create_mail_folder", False)),
    turn(3, ("move_emails", True)),
    turn(4, ("move_emails", False)),
    turn(5, ("send_email", True)),
    turn(6, ("request_confirmation", False)),
    turn(7, ("read_file", True)),
    turn(8, ("read_file", True), ("list_files", False)),
    turn(9, ("write_cells", True), ("read_sheet", False), ("write_cells", False)),
])


def test_recovery_of_a_hand_built_trajectory():
    assert recovery_counts(RECOVERY) == (6, 3)
    assert recovery_rate([RECOVERY]) == pytest.approx(0.5)
    last_call_fails = traj(turns=[turn(0, ("list_events", False)), turn(1, ("list_events", True))])
    assert recovery_counts(last_call_fails) == (1, 0)
    # pooled over calls, not averaged over episodes: 3 of 7, not (0.5 + 0) / 2
    assert recovery_rate([RECOVERY, last_call_fails]) == pytest.approx(3 / 7)
    assert recovery_rate([traj(turns=[turn(0, ("a", False))])]) is None  # nothing failed
    assert recovery_rate([traj(turns=RECOVERY.turns, fault=INFRA)]) is None  # infra: left out


def test_time_to_first_action_counts_the_turns_before_the_first_call():
    thinking_first = traj(turns=[turn(0, gen=1.0, env=0.5), turn(1, ("read_email", False),
                                                                  gen=2.0, env=3.0)])
    assert time_to_first_action(thinking_first) == pytest.approx(3.5)  # 1.0 + 0.5 + 2.0
    assert time_to_first_action(traj(turns=[turn(0, ("a", True), gen=0.25, env=9)])) == 0.25
    assert time_to_first_action(traj(turns=[turn(0, gen=1.0)])) is None  # never acted


def test_clarification_precision_and_recall():
    ask, act = [turn(0, ("ask_user", False))], [turn(0, ("search_emails", False))]
    tasks = [task("amb", 2, ambiguous=True), task("clear", 2, ambiguous=False), task("old", 2)]
    trajs = ([traj("amb", ask)] * 3 + [traj("amb", act)] * 2 + [traj("clear", ask)]
             + [traj("clear", act)] * 4 + [traj("old", ask)])  # "old" does not say: left out
    precision, recall = clarification(trajs, tasks)
    assert precision == pytest.approx(3 / 4)  # of 4 episodes that asked, 3 should have
    assert recall == pytest.approx(3 / 5)  # of 5 that should have asked, 3 did
    assert clarification([traj("clear", act)], tasks) == (None, None)  # nothing to rate


def test_completion_per_level_and_cross_app():
    tasks = [task("a", 1, apps=["mail"]), task("b", 2, apps=["mail"]),
             task("c", 4, apps=["mail", "sheets"])]
    trajs = [traj("a", passed=True), traj("a"), traj("a", passed=True, fault=INFRA),
             traj("b", passed=True), traj("c", passed=True), traj("c"), traj("c")]
    assert completion_by_level(trajs, tasks) == pytest.approx({1: 0.5, 2: 1.0, 4: 1 / 3})
    assert cross_app_completion(trajs, tasks) == pytest.approx(1 / 3)
    assert cross_app_completion(trajs[:4], tasks) is None  # no cross-app episode
    # without the tasks, the level the runner recorded is used
    assert completion_by_level([traj("x", passed=True, metadata={"difficulty": 3})]) == {3: 1.0}


def test_violations_per_1000_episodes():
    trajs = [traj(components={"hard_violations": h, "soft_violations": s})
             for h, s in [(0, 1), (1, 0), (2, 0), (0, 0)]]
    trajs.append(traj())  # a grade without violation counts is not counted either way
    assert violations_per_1000(trajs) == pytest.approx(750.0)  # 3 hard in 4 episodes
    assert violations_per_1000(trajs, "soft") == pytest.approx(250.0)
    assert violations_per_1000([traj()]) is None


def test_calls_relative_to_optimal_on_completed_episodes():
    tasks = [task("a", 2, optimal_calls=3)]
    three_calls = [turn(i, ("x", False)) for i in range(3)]
    trajs = [traj("a", passed=True, components={"calls": 6, "optimal_calls": 4}),  # 1.5
             traj("a", three_calls, passed=True),  # 3 calls in the turns / task's 3 -> 1.0
             traj("a", passed=False, components={"calls": 20, "optimal_calls": 4})]  # failed
    assert calls_over_optimal(trajs, tasks) == pytest.approx(1.25)
    assert calls_over_optimal(trajs[2:], tasks) is None


def test_workspace_metrics_in_the_summary_and_as_eval_scalars():
    tasks = [task("a", 1, apps=["mail"], ambiguous=False, optimal_calls=1),
             task("c", 4, apps=["mail", "sheets"], ambiguous=True, optimal_calls=2)]
    comps = {"hard_violations": 0, "soft_violations": 0}
    trajs = [traj("a", [turn(0, ("read_email", False), gen=0.5)], passed=True, components=comps),
             traj("c", [turn(0, ("ask_user", False), gen=1.5), turn(1, ("write_cells", True)),
                        turn(2, ("write_cells", False))], passed=True,
                  components={**comps, "hard_violations": 1})]
    m = workspace_metrics(trajs, tasks)
    assert m == pytest.approx({
        "episodes": 2.0, "completion_L1": 1.0, "completion_L4": 1.0,
        "cross_app_completion": 1.0, "hard_violations_per_1000": 500.0,
        "soft_violations_per_1000": 0.0, "calls_over_optimal": 1.25,  # (1/1 + 3/2) / 2
        "recovery_rate": 1.0, "clarification_precision": 1.0, "clarification_recall": 1.0,
        "time_to_first_action_s": 1.0})
    summary = summarize(trajs, tasks=tasks).to_dict()
    assert summary["workspace"] == m
    scalars = eval_metrics(summary)
    assert scalars["eval/workspace/completion_L4"] == 1.0
    assert scalars["eval/workspace/hard_violations_per_1000"] == 500.0
    # trajectories of an environment without these facts get none of it
    plain = [traj("p", passed=True, metadata={"difficulty": 2})]
    assert workspace_metrics(plain) is None and summarize(plain).workspace is None
    assert not any(k.startswith("eval/workspace/") for k in eval_metrics(summarize(plain).to_dict()))
