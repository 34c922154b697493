import itertools
import math

import pytest

from veriloop.eval.metrics import pass_at_k, summarize
from veriloop.types import Fault, FaultKind, Grade, Trajectory, Turn


def brute_force(n: int, c: int, k: int) -> float:
    """Share of all k-subsets of n samples (c correct) that contain a correct one."""
    samples = [True] * c + [False] * (n - c)
    subsets = list(itertools.combinations(range(n), k))
    return sum(any(samples[i] for i in s) for s in subsets) / len(subsets)


def test_hand_worked_values():
    assert pass_at_k(1, 1, 1) == 1.0
    assert pass_at_k(1, 0, 1) == 0.0
    assert pass_at_k(10, 3, 1) == pytest.approx(0.3)
    # n=4, c=1, k=2: 1 - C(3,2)/C(4,2) = 1 - 3/6
    assert pass_at_k(4, 1, 2) == pytest.approx(0.5)
    # n=5, c=2, k=3: 1 - C(3,3)/C(5,3) = 1 - 1/10
    assert pass_at_k(5, 2, 3) == pytest.approx(0.9)
    assert pass_at_k(5, 3, 3) == 1.0  # fewer than k wrong samples


@pytest.mark.parametrize("n", range(1, 9))
def test_matches_brute_force_enumeration(n):
    for c in range(n + 1):
        for k in range(1, n + 1):
            assert pass_at_k(n, c, k) == pytest.approx(brute_force(n, c, k), abs=1e-12)
            assert pass_at_k(n, c, k) == pytest.approx(
                1 - math.comb(n - c, k) / math.comb(n, k), abs=1e-12)


def test_large_n_is_stable():
    assert 0.0 < pass_at_k(1000, 1, 10) < 1.0
    assert pass_at_k(1000, 1, 10) == pytest.approx(0.01)


def test_invalid_arguments():
    with pytest.raises(ValueError):
        pass_at_k(3, 4, 1)
    with pytest.raises(ValueError):
        pass_at_k(3, 1, 4)


def _traj(task: str, passed: bool, fault=None, format_error=None, tool_error=False):
    from veriloop.types import ToolResult
    results = (ToolResult(call_id="c", name="t", content="Error", is_error=True),) if tool_error else ()
    turn = Turn(index=0, action_text="a", action_ids=(1, 2), format_error=format_error,
                tool_results=results)
    return Trajectory(id=f"{task}-{passed}-{id(turn)}", run_id="r", task_id=task, env="e",
                      group_id=task, prompt_text="p", prompt_ids=(0,), turns=(turn,),
                      grade=None if fault and fault.is_infra else Grade(score=float(passed),
                                                                         passed=passed),
                      fault=fault)


def test_summary_rates_exclude_infra_errors():
    trajs = [
        _traj("a", True), _traj("a", False, format_error="bad_json: x"),
        _traj("b", True, tool_error=True), _traj("b", False, tool_error=True),
        _traj("b", False, fault=Fault(kind=FaultKind.ENV_CRASH, reason="boom")),
    ]
    s = summarize(trajs, ks=[1, 2])
    assert s.trajectories == 5 and s.infra_errors == 1 and s.tasks == 2
    assert s.success_rate == pytest.approx(2 / 4)
    assert s.pass_at[1] == pytest.approx(0.5)  # (1/2 + 1/2) / 2
    assert s.pass_at[2] == pytest.approx(1.0)
    assert s.format_violation_rate == pytest.approx(1 / 4)
    assert s.tool_error_recovery_rate == pytest.approx(1 / 3)
    assert s.fault_counts == {"env_crash": 1}
