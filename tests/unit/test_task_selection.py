"""Task selection maths (pass rates, reward variance, ranking), the selective sampler's refresh
and resume, and the profile table / histogram, with hand-worked numbers."""

import pytest

from veriloop.data.profile import histogram, profile_tasks, summary
from veriloop.data.task_selection import (
    SelectiveSampler,
    TaskStats,
    informative,
    pass_rates,
    top_variance,
)
from veriloop.types import Fault, FaultKind, Grade, Message, Task, Trajectory


def _traj(task_id, score, infra=False):
    fault = Fault(kind=FaultKind.ENV_CRASH, reason="boom") if infra else None
    return Trajectory(id=f"{task_id}-{score}", run_id="r", task_id=task_id, env="x", group_id="g",
                      sample_index=0, policy="p", prompt=(), prompt_text="", prompt_ids=(),
                      turns=(), fault=fault, grade=Grade(score=score, passed=score >= 1.0))


def _task(i):
    return Task(id=f"t{i}", env="x", prompt=(Message(role="user", content=f"q{i}"),))


def test_pass_rates_and_informative():
    trajs = [_traj("a", 1), _traj("a", 0), _traj("a", 1), _traj("b", 0),
             _traj("b", 1, infra=True)]
    rates = pass_rates(trajs)  # the infrastructure fault is not the policy's: left out
    assert rates == {"a": (2, 3), "b": (0, 1)}
    assert informative(2 / 3) and not informative(0.0) and not informative(1.0)
    assert informative(None)
    assert not informative(0.2, min_pass=0.25) and informative(0.9, max_pass=0.95)


def test_reward_variance_welford_hand_worked():
    s = TaskStats()
    s.add_rewards([1.0, 0.0, 0.0, 1.0, 1.0])  # mean 0.6, population var 0.24
    assert s.mean == pytest.approx(0.6) and s.variance == pytest.approx(0.24)
    s.add_rewards([0.5])  # mean 3.5 / 6; var = (3.25 / 6) - (3.5/6)^2
    assert s.variance == pytest.approx(3.25 / 6 - (3.5 / 6) ** 2)
    stats = {"a": TaskStats(), "b": TaskStats(), "c": TaskStats(), "d": TaskStats()}
    stats["a"].add_rewards([1, 1, 1])  # var 0
    stats["b"].add_rewards([1, 0])  # var 0.25
    stats["c"].add_rewards([1, 0, 0])  # var 2/9
    assert top_variance(stats, 2) == ["d", "b"]  # never seen first, then highest variance
    stats["d"].add_rewards([0, 0])
    assert top_variance(stats, 3) == ["b", "c", "a"]


class FakePolicy:
    """Profiles by a fixed pass rate per task: t0, t1 always solved, t2 never, t3, t4 half."""

    def __init__(self):
        self.rate = {"t0": 1.0, "t1": 1.0, "t2": 0.0, "t3": 0.5, "t4": 0.5}
        self.calls = []

    def __call__(self, tasks, k, round_):
        self.calls.append([t.id for t in tasks])
        out = []
        for t in tasks:
            solved = round(self.rate[t.id] * k)
            out += [_traj(t.id, 1.0 if i < solved else 0.0) for i in range(k)]
        return out


def test_pass_rate_sampler_drops_solved_and_unsolved_and_refreshes():
    fake = FakePolicy()
    s = SelectiveSampler([_task(i) for i in range(5)], seed=0, profile=fake, samples=4,
                         refresh_every=2)
    drawn = {t.id for t in s.next(6)}
    assert fake.calls == [["t0", "t1", "t2", "t3", "t4"]] and s.profile_episodes == 20
    assert s.active == ["t3", "t4"] and drawn == {"t3", "t4"}
    # the policy learns t2 halfway; training outcomes of t3 show it is now always solved
    fake.rate["t2"] = 0.5
    assert not s.observe([_traj("t3", 1.0)] * 4)
    assert s.observe([_traj("t4", 1.0), _traj("t4", 0.0)])  # step 2: refresh
    assert fake.calls[-1] == ["t0", "t1", "t2"]  # only the inactive tasks are profiled again
    assert s.active == ["t2", "t4"] and s.profile_episodes == 32
    m = s.metrics()
    assert m["selection/active"] == 2 and m["selection/solved_frac"] == pytest.approx(3 / 5)
    # resume: a copy restored from the state draws the same next tasks
    again = SelectiveSampler([_task(i) for i in range(5)], seed=0, profile=fake, samples=4,
                             refresh_every=2)
    again.load_state_dict(s.state_dict())
    assert [t.id for t in again.next(5)] == [t.id for t in s.next(5)]


def test_online_filter_without_profiling_uses_training_groups():
    """samples=0: no profiling episodes; every task is drawn until its first training group,
    whose pass rate then decides (all solved / none solved: dropped at the next refresh)."""
    fake = FakePolicy()
    s = SelectiveSampler([_task(i) for i in range(4)], seed=0, profile=fake, samples=0,
                         refresh_every=1)
    assert {t.id for t in s.next(4)} == {"t0", "t1", "t2", "t3"}
    assert s.observe([_traj("t0", 1.0)] * 4 + [_traj("t1", 1.0), _traj("t1", 0.0)]
                     + [_traj("t2", 0.0)] * 4)
    assert s.active == ["t1", "t3"]  # t0 always, t2 never solved; t3 not seen yet: kept
    assert fake.calls == [] and s.profile_episodes == 0
    assert s.observe([_traj("t3", 1.0)] * 2 + [_traj("t1", 1.0)] * 2)
    assert s.active == ["t0", "t1", "t2", "t3"]  # nothing informative left: the whole pool


def test_nothing_informative_keeps_the_pool():
    fake = FakePolicy()
    fake.rate = {f"t{i}": 1.0 for i in range(3)}
    s = SelectiveSampler([_task(i) for i in range(3)], seed=0, profile=fake, samples=2)
    s.next(1)
    assert s.active == ["t0", "t1", "t2"]


def test_variance_sampler_keeps_the_top_k():
    fake = FakePolicy()
    s = SelectiveSampler([_task(i) for i in range(5)], seed=1, profile=fake, kind="variance",
                         samples=4, top_k=3, refresh_every=1)
    s.next(1)
    # profile: t3, t4 variance 0.25, the rest 0 -> t3, t4, then t0 by id
    assert s.active == ["t3", "t4", "t0"]
    s.observe([_traj("t2", 1.0), _traj("t2", 1.0), _traj("t2", 1.0)])  # t2: 1 of 7 -> var > 0
    assert s.active == ["t3", "t4", "t2"] and len(fake.calls) == 1  # ranking needs no rollouts


def test_bad_kind_is_an_error():
    with pytest.raises(ValueError, match="known: pass_rate, variance"):
        SelectiveSampler([_task(0)], seed=0, profile=None, kind="entropy")


def test_profile_table_and_histogram():
    trajs = [_traj("a", 1), _traj("a", 0), _traj("b", 1), _traj("b", 1), _traj("c", 0)]
    rows = profile_tasks(trajs)
    assert [(r.task_id, r.passed, r.samples, r.pass_rate) for r in rows] == [
        ("a", 1, 2, 0.5), ("b", 2, 2, 1.0), ("c", 0, 1, 0.0)]
    assert histogram([0.0, 0.05, 0.5, 0.99, 1.0], bins=4) == [2, 0, 1, 2]
    sm = summary(rows)
    assert sm["always_solved"] == pytest.approx(1 / 3) and sm["informative"] == pytest.approx(1 / 3)
