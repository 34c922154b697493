"""select_demonstrations: infrastructure faults always out; with a filter, ungraded and
failing trajectories out too (hand-counted)."""

from veriloop.data.selection import select_demonstrations
from veriloop.types import Fault, FaultKind, Grade, Trajectory


def traj(i, score=None, passed=False, fault=None):
    return Trajectory(id=f"t{i}", run_id="r", task_id=f"k{i}", env="e", group_id="g",
                      sample_index=0, policy="p", prompt=(), prompt_text="", prompt_ids=(),
                      turns=(), fault=fault,
                      grade=None if score is None else Grade(score=score, passed=passed))


TRAJS = [traj(0, 1.0, True), traj(1, 0.6), traj(2, 0.2), traj(3),
         traj(4, 1.0, True, Fault(kind=FaultKind.ENV_CRASH, reason="boom")),
         traj(5, 0.0, False, Fault(kind=FaultKind.FORMAT, reason="agent's own"))]


def ids(selection):
    return [t.id for t in selection.kept]


def test_no_filter_drops_only_infrastructure_faults():
    s = select_demonstrations(TRAJS)
    assert ids(s) == ["t0", "t1", "t2", "t3", "t5"]
    assert (s.errored, s.ungraded, s.below, s.total) == (1, 0, 0, 6)


def test_passed_and_score_filters():
    s = select_demonstrations(TRAJS, only_passed=True)
    assert ids(s) == ["t0"] and (s.errored, s.ungraded, s.below) == (1, 1, 3)
    s = select_demonstrations(TRAJS, min_score=0.5)
    assert ids(s) == ["t0", "t1"] and (s.errored, s.ungraded, s.below) == (1, 1, 2)
    s = select_demonstrations(TRAJS, min_score=0.0)
    assert ids(s) == ["t0", "t1", "t2", "t5"]  # a threshold of 0 still needs a grade
    s = select_demonstrations(TRAJS, only_passed=True, min_score=0.5)
    assert ids(s) == ["t0"]
