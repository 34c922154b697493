"""The level curriculum by hand: its mix at each level, when it moves up (and when not), the
easy share it keeps, and a resumed curriculum drawing exactly what an uninterrupted one draws.
Tasks are the arithmetic environment's (difficulty 1..5)."""

import json
from collections import Counter

import pytest

from veriloop.data.curriculum import LevelCurriculum
from veriloop.envs import get_env
from veriloop.errors import ConfigError
from veriloop.run.config import load_config
from veriloop.trainers.common import TaskSampler, task_sampler
from veriloop.types import Fault, FaultKind, Grade, Trajectory

POOL = get_env("arithmetic").tasks(300, seed=0, split="train")


def episodes(level: int, passes: int, fails: int = 0, infra: int = 0) -> list[Trajectory]:
    out = []
    for i, (passed, fault) in enumerate([(True, None)] * passes + [(False, None)] * fails
                                        + [(True, Fault(kind=FaultKind.ENV_CRASH, reason="x"))]
                                        * infra):
        out.append(Trajectory(id=f"{level}-{i}", run_id="r", task_id=f"t{i}", env="arithmetic",
                              group_id="g", prompt_text="", prompt_ids=(), fault=fault,
                              grade=None if fault else Grade(score=float(passed), passed=passed),
                              metadata={"difficulty": level}))
    return out


def approx(mix):
    return pytest.approx(mix, abs=1e-12)


def test_pool_has_every_level():
    assert sorted({t.difficulty for t in POOL}) == [1, 2, 3, 4, 5]


def test_start_mix_is_80_percent_l1_l2_and_20_percent_l3():
    c = LevelCurriculum(POOL, seed=0)
    assert c.top == 2
    assert c.mix() == approx({1: 0.15, 2: 0.65, 3: 0.2})
    assert c.metrics() == approx({"curriculum/level": 2.0, "curriculum/mix/L1": 0.15,
                                  "curriculum/mix/L2": 0.65, "curriculum/mix/L3": 0.2})


def test_moves_up_when_the_full_window_reaches_the_threshold():
    c = LevelCurriculum(POOL, seed=0, window=4, threshold=0.75)
    assert not c.observe(episodes(2, passes=3))  # 3 of a window of 4: not full yet
    assert c.top == 2
    assert c.observe(episodes(2, passes=0, fails=1))  # [1, 1, 1, 0]: 0.75 >= 0.75
    assert c.top == 3
    # below the top: 15% spread over L1, L2; L4 previewed at 20%
    assert c.mix() == approx({1: 0.075, 2: 0.075, 3: 0.65, 4: 0.2})
    assert c.metrics()["curriculum/success/L2"] == 0.75


def test_stays_below_the_threshold_and_ignores_infrastructure_faults():
    c = LevelCurriculum(POOL, seed=0, window=4, threshold=0.75)
    assert not c.observe(episodes(2, passes=2, fails=2))  # 0.5
    assert not c.observe(episodes(2, passes=0, infra=10))  # not the policy's doing: not counted
    assert c.success_rate(2) == 0.5 and c.top == 2
    assert not c.observe(episodes(3, passes=4))  # the preview level does not move the top
    assert c.top == 2
    assert c.observe(episodes(2, passes=4))  # the window rolls: [1, 1, 1, 1]
    assert c.top == 3


def test_one_level_per_observation_and_never_past_the_highest():
    c = LevelCurriculum(POOL, seed=0, window=2, threshold=0.5)
    assert c.observe(episodes(2, passes=2) + episodes(3, passes=2))
    assert c.top == 3  # L3's window was full too, but one level per step
    assert c.observe([]) and c.top == 4
    assert c.observe(episodes(4, passes=2)) and c.top == 5
    assert not c.observe(episodes(5, passes=2)) and c.top == 5
    assert c.mix() == approx({1: 0.0375, 2: 0.0375, 3: 0.0375, 4: 0.0375, 5: 0.85})


def test_draws_follow_the_mix_and_keep_the_easy_share():
    c = LevelCurriculum(POOL, seed=3)
    counts = Counter(t.difficulty for t in c.next(2000))
    assert set(counts) == {1, 2, 3}
    assert counts[1] / 2000 == pytest.approx(0.15, abs=0.03)
    assert counts[2] / 2000 == pytest.approx(0.65, abs=0.03)
    assert counts[3] / 2000 == pytest.approx(0.2, abs=0.03)
    c.top = 5  # at the highest level, 15% of the draws still go below it
    counts = Counter(t.difficulty for t in c.next(2000))
    assert (2000 - counts[5]) / 2000 == pytest.approx(0.15, abs=0.03)
    assert all(counts[lv] > 0 for lv in (1, 2, 3, 4))


def test_tasks_of_a_level_cycle_through_the_pool_before_repeating():
    c = LevelCurriculum(POOL, seed=0, easy_share=0.0, next_share=0.0)
    l2 = [t for t in POOL if t.difficulty == 2]
    drawn = [t.id for t in c.next(len(l2))]
    assert sorted(drawn) == sorted(t.id for t in l2)


def test_resumed_curriculum_draws_what_an_uninterrupted_one_draws():
    kw = {"window": 4, "threshold": 0.5}
    straight = LevelCurriculum(POOL, seed=7, **kw)
    first = straight.next(30)
    straight.observe(episodes(2, passes=4))
    rest = straight.next(40)

    before = LevelCurriculum(POOL, seed=7, **kw)
    assert [t.id for t in before.next(30)] == [t.id for t in first]
    before.observe(episodes(2, passes=4))
    state = json.loads(json.dumps(before.state_dict()))  # it travels as JSON in checkpoints
    resumed = LevelCurriculum(POOL, seed=7, **kw)
    resumed.load_state_dict(state)
    assert resumed.top == 3 and resumed.metrics() == before.metrics()
    assert [t.id for t in resumed.next(40)] == [t.id for t in rest]
    assert resumed.state_dict() == straight.state_dict()


def test_different_seeds_draw_differently():
    a = [t.id for t in LevelCurriculum(POOL, seed=0).next(20)]
    b = [t.id for t in LevelCurriculum(POOL, seed=1).next(20)]
    assert a != b


def test_a_pool_of_one_level_is_refused_with_the_fix():
    one = [t for t in POOL if t.difficulty == 2]
    with pytest.raises(ValueError, match="env.difficulty: null"):
        LevelCurriculum(one, seed=0)


def test_config_selects_the_sampler_and_checks_its_fields():
    assert isinstance(task_sampler(load_config(None), POOL), TaskSampler)
    cfg = load_config(None, ["curriculum.kind=levels", "curriculum.threshold=0.6",
                             "curriculum.window=8", "curriculum.start_level=1"])
    c = task_sampler(cfg, POOL)
    assert isinstance(c, LevelCurriculum)
    assert (c.top, c.threshold, c.window) == (1, 0.6, 8)
    assert c.mix() == approx({1: 0.8, 2: 0.2})
    with pytest.raises(ConfigError, match="env.difficulty: null"):
        load_config(None, ["curriculum.kind=levels", "env.difficulty=3"])
    with pytest.raises(ConfigError, match="easy_share"):
        load_config(None, ["curriculum.easy_share=0.9", "curriculum.next_share=0.2"])
    with pytest.raises(ConfigError, match="curriculum.threshold"):
        load_config(None, ["curriculum.threshold=1.5"])
