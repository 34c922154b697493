"""Issue 43: a run in which every group's samples score alike (every advantage 0: nothing can
be learned) says so once, with what to do, after three such steps in a row, and flags the steps
in its metrics; groups that differ reset the count."""

import json
from pathlib import Path

import pytest
from reward_signal import vary_rewards

from veriloop.algorithms.shaping import Shaping
from veriloop.run.build import build_env_and_grader
from veriloop.run.config import load_config
from veriloop.trainers.common import policy_from_config
from veriloop.trainers.no_signal import NoSignalWatch, flat_share
from veriloop.trainers.rl import RLTrainer
from veriloop.types import Fault, FaultKind, Grade, Group, Trajectory

CONFIGS = Path(__file__).resolve().parents[2] / "configs"


def test_the_watch_warns_once_after_three_flat_steps_and_resets_on_signal():
    watch = NoSignalWatch()
    seen = [watch.observe(f) for f in (1.0, 1.0, 0.5, 1.0, 1.0, 1.0, 1.0, 0.0, 1.0, 1.0, 1.0)]
    flags = [m["no_signal"] for m, _ in seen]
    assert flags == [0, 0, 0, 0, 0, 1, 1, 0, 0, 0, 1]
    warnings = [w for _, w in seen if w]
    assert len(warnings) == 1 and seen[5][1] == warnings[0]
    assert "SFT first" in warnings[0] and "partial credit" in warnings[0]
    assert "pass rate" in warnings[0]
    assert [m["flat_groups"] for m, _ in seen][:3] == [1.0, 1.0, 0.5]


def _run(tmp_path, tiny, signal: bool) -> list[dict]:
    # one new token: the untrained model cannot answer, every sample of every task scores 0
    cfg = load_config(CONFIGS / "grpo.yaml", [*tiny, "rollout.max_new_tokens=1",
                                               "env.eval_tasks=0", "train.steps=4",
                                               "train.save_every=0"])
    t = RLTrainer(cfg, tmp_path / "run", policy_from_config(cfg.model))
    t.setup(*build_env_and_grader(t.cfg))
    if signal:
        vary_rewards(t)
    t.train(progress=False)
    t.close()
    return [json.loads(x) for x in (tmp_path / "run" / "metrics.jsonl").read_text().splitlines()]


WARNING = "warning: every group's samples scored alike for 3 steps"


def test_an_rl_run_whose_rewards_never_differ_says_so(tmp_path, tiny, capfd):
    rows = _run(tmp_path, tiny, signal=False)
    assert [r["reward"] for r in rows] == [0.0] * 4  # the premise: nothing to learn from
    assert [r["flat_groups"] for r in rows] == [1.0] * 4
    assert [r["no_signal"] for r in rows] == [0, 0, 1, 1]
    err = capfd.readouterr().err
    assert err.count(WARNING) == 1, err


def test_an_rl_run_with_signal_stays_quiet(tmp_path, tiny, capfd):
    rows = _run(tmp_path, tiny, signal=True)
    assert all(r["flat_groups"] < 1.0 and r["no_signal"] == 0 for r in rows)
    assert WARNING not in capfd.readouterr().err


def traj(i, score, fault=None):
    return Trajectory(id=f"t{i}", run_id="r", task_id="k", env="e", group_id="g",
                      sample_index=i, policy="p", prompt=(), prompt_text="", prompt_ids=(),
                      turns=(), fault=fault, grade=Grade(score=score, passed=score == 1.0))


def test_flat_share_counts_groups_alike_and_those_dynamic_sampling_dropped():
    crash = Fault(kind=FaultKind.ENV_CRASH, reason="boom")
    alike = [traj(0, 1.0), traj(1, 1.0)]
    differ = [traj(2, 0.0), traj(3, 0.5)]
    one_valid = [traj(4, 0.0), traj(5, 1.0, crash)]  # the fault is out of the baseline
    shaped = [Shaping().shaped(Group.of(g)) for g in (alike, differ, one_valid)]
    assert flat_share(shaped, dropped=0) == pytest.approx(2 / 3)
    assert flat_share(shaped[1:2], dropped=3) == pytest.approx(3 / 4)
    assert flat_share([], dropped=2) == 1.0  # everything drawn was dropped


def test_flat_share_reads_the_groups_shaped_rewards_not_their_grades():
    """Alike grades whose shaped rewards differ (a length cost) carry signal, and the other
    way round: flat_share counts what the advantages are computed from."""
    alike, differ = Group.of([traj(0, 1.0), traj(1, 1.0)]), Group.of([traj(2, 0.0), traj(3, 1.0)])
    assert flat_share([alike.with_rewards([1.0, 0.9])], dropped=0) == 0.0
    assert flat_share([differ.with_rewards([0.5, 0.5])], dropped=0) == 1.0
