"""RFT's selection of successes and STaR's hint / hint removal, by hand."""

from veriloop.data.rejection import HINT, hinted_task, keep_successes, unsolved
from veriloop.types import Fault, FaultKind, Grade, Message, Task, Trajectory, Turn


def traj(i, task, passed, actions, infra=False):
    fault = Fault(kind=FaultKind.ENV_CRASH, reason="boom") if infra else None
    turns = tuple(Turn(index=k, action_ids=tuple(range(n)), observation_ids=(), action_text=f"{a}",
                       observation_text="") for k, (a, n) in enumerate(actions))
    return Trajectory(id=f"x{i}", run_id="r", task_id=task, env="e", group_id=task,
                      sample_index=i, policy="p", prompt=(), prompt_text="", prompt_ids=(1,),
                      turns=turns, fault=fault,
                      grade=Grade(score=float(passed), passed=passed))


def test_keep_successes_distinct_shortest_capped():
    trajs = [traj(0, "a", True, [("long", 9)]), traj(1, "a", True, [("short", 2)]),
             traj(2, "a", True, [("short", 2)]),  # duplicate of x1: dropped
             traj(3, "a", True, [("mid", 5)]), traj(4, "a", False, [("bad", 1)]),
             traj(5, "b", True, [("ok", 3)], infra=True),  # fault: dropped
             traj(6, "b", True, [("ok", 3)])]
    def ids(ts):
        return [t.id for t in ts]

    assert ids(keep_successes(trajs, max_per_task=2)) == ["x0", "x1", "x6"]
    assert ids(keep_successes(trajs, max_per_task=2, shortest=True)) == ["x1", "x3", "x6"]
    assert ids(keep_successes(trajs, max_per_task=9)) == ["x0", "x1", "x3", "x6"]


def test_unsolved_and_hint():
    tasks = [Task(id=k, env="e", prompt=(Message(role="system", content="s"),
                                        Message(role="user", content=f"q {k}")),
                  verification={"answer": 7} if k == "a" else {}) for k in ("a", "b", "c")]
    trajs = [traj(0, "a", False, [("x", 1)]), traj(1, "b", True, [("y", 1)])]
    assert [t.id for t in unsolved(tasks, trajs)] == ["a", "c"]
    h = hinted_task(tasks[0])
    assert h.id == "a" and h.verification == {"answer": 7} and h.metadata["star_hint"]
    assert h.prompt[0] == tasks[0].prompt[0]
    assert h.prompt[1].content == "q a" + HINT.format(answer=7)
    assert hinted_task(tasks[2]) is None  # no gold answer: not rationalised
