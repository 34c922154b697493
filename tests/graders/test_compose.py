"""Composite graders: hand-worked weighted sums, gates, schedules, concurrency, group ranks."""

import threading
import time

import pytest

from veriloop.graders import get_grader
from veriloop.graders.compose import (
    Component,
    Composite,
    Schedule,
    grade_group,
    rank_rewards,
    regroup,
)
from veriloop.types import Grade, Message, Task, Trajectory

TASK = Task(id="t", env="x", prompt=(Message(role="user", content="q"),),
            verification={"answer": "4"})


def traj(answer="4"):
    return Trajectory(id="r", run_id="r", task_id="t", env="x", group_id="g", prompt_text="q",
                      prompt_ids=(), final_answer=answer, done=True)


def const(score, passed=None, calls=None, delay=0.0):
    def grade(task, trajectory, state):
        if calls is not None:
            calls.append(threading.current_thread().name)
        time.sleep(delay)
        return Grade(score=score, passed=score >= 1.0 if passed is None else passed,
                     components={"raw": score})
    return grade


def test_schedule_points():
    s = Schedule(((0, 0.0), (100, 1.0), (200, 0.5)))
    assert [s.at(x) for x in (-5, 0, 50, 100, 150, 200, 999)] == [0.0, 0.0, 0.5, 1.0, 0.75, 0.5,
                                                                   0.5]
    st = Schedule(((0, 1.0), (10, 0.0)), kind="step")
    assert (st.at(9), st.at(10)) == (1.0, 0.0)
    assert Schedule.parse(2) == 2.0 and Schedule.parse([[0, 1], [4, 0]]).at(1) == 0.75
    with pytest.raises(ValueError, match="increase strictly"):
        Schedule(((5, 1.0), (5, 2.0)))


def test_weighted_sum_gate_and_components():
    comp = Composite((
        Component("correct", const(1.0)),
        Component("style", const(0.5), weight=0.2, gates=("correct",)),
        Component("length", const(0.25), weight=-1.0),
    ))
    g = comp(TASK, traj(), None)
    assert g.score == pytest.approx(1.0 + 0.2 * 0.5 - 0.25)
    assert g.passed
    assert g.components["style"] == 0.5 and g.components["style/raw"] == 0.5
    assert g.components["w/length"] == -1.0 and g.components["gated/style"] == 0.0

    gated = Composite((Component("correct", const(0.0)),
                       Component("style", const(0.5), weight=0.2, gates=("correct",))))
    g = gated(TASK, traj(), None)
    assert g.score == 0.0 and not g.passed
    assert g.components["gated/style"] == 1.0 and "style/raw" not in g.components
    assert "gated out" in g.explanation


def test_gate_chain_and_cycle_errors():
    calls = []
    comp = Composite((Component("a", const(0.0, calls=calls)),
                      Component("b", const(1.0, calls=calls), gates=("a",)),
                      Component("c", const(1.0, calls=calls), gates=("b",))))
    g = comp(TASK, traj(), None)
    assert len(calls) == 1 and g.components["gated/c"] == 1.0  # b gated, so c too
    with pytest.raises(ValueError, match="cycle"):
        Composite((Component("a", const(1), gates=("b",)), Component("b", const(1), gates=("a",))))
    with pytest.raises(ValueError, match="unknown"):
        Composite((Component("a", const(1), gates=("zzz",)),))


def test_schedule_at_step_and_set_step():
    comp = Composite((Component("correct", const(1.0)),
                      Component("format", const(1.0), weight=Schedule(((0, 1.0), (10, 0.0))))))
    assert comp.at_step(0)(TASK, traj(), None).score == 2.0
    assert comp.at_step(5)(TASK, traj(), None).score == 1.5
    assert comp.step == 0  # at_step is pure
    comp.set_step(10)
    g = comp(TASK, traj(), None)
    assert g.score == 1.0 and g.components["w/format"] == 0.0


def test_independent_graders_run_concurrently():
    # each component waits until all four are running at once: serial execution would break
    # the barrier (no wall-clock bound, so a loaded machine cannot fail this)
    calls = []
    barrier = threading.Barrier(4, timeout=120)

    def together(task, trajectory, state):
        calls.append(threading.current_thread().name)
        barrier.wait()
        return Grade(score=1.0, passed=True, components={"raw": 1.0})

    comp = Composite(tuple(Component(f"g{i}", together) for i in range(4)), concurrency=4)
    assert comp(TASK, traj(), None).score == 4.0
    assert len(set(calls)) == 4


def test_composite_from_config_with_registered_graders():
    g = get_grader("composite", components=[
        {"name": "correct", "grader": "numeric"},
        {"name": "exact", "grader": {"name": "exact_match"}, "weight": [[0, 0.0], [10, 1.0]],
         "gates": ["correct"]},
    ])
    assert g(TASK, traj("4"), None).score == 1.0
    g.set_step(10)
    assert g(TASK, traj("4"), None).score == 2.0
    assert g(TASK, traj("4.0"), None).score == 1.0  # numeric yes, exact no
    with pytest.raises(ValueError, match="needs a 'grader'"):
        get_grader("composite", components=[{"name": "x"}])


def test_rank_rewards_hand_worked():
    assert rank_rewards([0.2, 0.9, 0.5]) == [0.0, 1.0, 0.5]
    assert rank_rewards([1.0, 0.0, 1.0, 0.0]) == [pytest.approx(5 / 6), pytest.approx(1 / 6),
                                                  pytest.approx(5 / 6), pytest.approx(1 / 6)]
    assert rank_rewards([3.0]) == [0.5] and rank_rewards([2.0, 2.0]) == [0.5, 0.5]


def test_grade_group_keeps_raw_scores():
    grades = grade_group(get_grader("numeric", abs_tol=10), TASK,
                         [traj("4"), traj("40"), traj("5")])
    assert [g.score for g in grades] == [0.75, 0.0, 0.75]
    assert [g.components["raw"] for g in grades] == [1.0, 0.0, 1.0]
    again = regroup([Grade(score=s) for s in (0.1, 0.3, 0.2)])
    assert [g.score for g in again] == [0.0, 1.0, 0.5]


def test_context_policy_reaches_judge_components():
    from graders_scripted import ScriptedJudge

    judge = ScriptedJudge(lambda p: "SCORE: 10")
    g = get_grader("composite", policy=judge, components=[
        {"name": "correct", "grader": "numeric"},
        {"name": "judge", "grader": {"name": "judge"}, "weight": 0.5, "gates": ["correct"]},
    ])
    assert g(TASK, traj("4"), None).score == 1.5 and judge.requests == 1
    assert g(TASK, traj("5"), None).score == 0.0 and judge.requests == 1  # gated: not asked
