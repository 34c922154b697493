"""Guiding hints for all-fail groups (`hints`, `veriloop.trainers.hints`): the schedule on
hand-worked numbers, the hint is a prefix of the expert's passing solution, hint removal gives
the prompt an unhinted rollout has, and in the trainer the hinted groups replace the all-fail
ones while keeping the hinted sampling log-probs as the importance weight's denominator."""

from __future__ import annotations

from pathlib import Path

import pytest
import torch
from test_signal_control import _trainer  # the grpo.yaml trainer on the tiny model, 2 steps

from veriloop.envs.registry import get_env
from veriloop.errors import ConfigError
from veriloop.rollout.config import RolloutConfig
from veriloop.rollout.runner import RolloutRunner
from veriloop.run.config import load_config
from veriloop.trainers.config import HintsConfig
from veriloop.trainers.hints import HINT, Hints, stuck
from veriloop.types import Grade, Group, Trajectory

CONFIGS = Path(__file__).resolve().parents[2] / "configs"


def _traj(i: int, passed: bool, infra: bool = False) -> Trajectory:
    from veriloop.types import Fault, FaultKind

    fault = Fault(kind=FaultKind.ENV_CRASH, reason="crashed") if infra else None
    return Trajectory(id=f"t{i}", run_id="r", task_id="a", env="e", group_id="g", prompt_text="",
                      prompt_ids=(1,), fault=fault,
                      grade=Grade(score=float(passed), passed=passed))


def test_stuck_means_valid_samples_and_none_passed():
    assert stuck(Group.of([_traj(0, False), _traj(1, False)]))
    assert not stuck(Group.of([_traj(0, False), _traj(1, True)]))
    assert stuck(Group.of([_traj(0, False), _traj(1, True, infra=True)]))  # a fault is no pass
    assert not stuck(Group.of([_traj(0, False, infra=True)]))  # nothing valid: no verdict


def _hints(cfg: HintsConfig, policy=None):
    env = get_env("arithmetic")
    renderer = policy.renderer if policy is not None else None
    return env, Hints(cfg, env, env.grader(), renderer, RolloutConfig(max_new_tokens=48))


def test_fraction_anneals_linearly_then_holds():
    _, h = _hints(HintsConfig(fraction=0.8, final_fraction=0.2, anneal_steps=3))
    assert [round(h.fraction(s), 6) for s in (1, 2, 3, 4, 10)] == [0.8, 0.6, 0.4, 0.2, 0.2]
    _, fixed = _hints(HintsConfig(fraction=0.5))
    assert fixed.fraction(1) == fixed.fraction(99) == 0.5


def test_hint_is_a_prefix_of_the_experts_passing_solution():
    env, h = _hints(HintsConfig(fraction=0.5))
    task = env.tasks(1, seed=4)[0]
    solution = h.solution(task)
    assert solution and "\n" in solution  # arithmetic's expert: a calculator call, an answer
    hinted, hint = h.hinted(task, 0.5)
    assert hint.content == HINT + solution[:-(-len(solution) // 2)]
    assert hinted.prompt == (*task.prompt, hint) and hinted.id == task.id
    assert h.hinted(task, 0.0) is None


def test_hint_removal_gives_the_unhinted_prompt(tiny_policy):
    env, h = _hints(HintsConfig(fraction=1.0), tiny_policy)
    task = env.tasks(1, seed=4)[0]
    hinted, hint = h.hinted(task, 1.0)
    runner = RolloutRunner(env, tiny_policy, RolloutConfig(group_size=1, max_new_tokens=8,
                                                           seed=0), grader=env.grader())
    (with_hint,) = runner.run([hinted])
    (plain,) = runner.run([task])
    assert hint.content in with_hint.prompt_text
    removed = h.without(with_hint, hint)
    assert removed.prompt_ids == plain.prompt_ids and removed.prompt == plain.prompt
    assert removed.turns == with_hint.turns  # the sampled tokens and their log-probs kept
    assert removed.metadata["hint"] == h.solution(task)


@pytest.fixture
def tiny_policy():
    from veriloop.policy_specs import load_policy
    from veriloop.run.tiny import ensure_tiny

    return load_policy(str(ensure_tiny("xs", seed=0)), dtype="float32")


def test_trainer_replaces_all_fail_groups_with_hinted_ones(tmp_path, tiny):
    """The untrained model fails every task: each group is re-rolled with the whole solution
    shown, trained with the unhinted prompt, and the hinted sampling log-probs stay the old
    policy: the first update's ratios are no longer 1 (pi(y|x) / pi(y|x, hint))."""
    t = _trainer(tmp_path / "hints", tiny, ["hints.fraction=1.0"])
    drawn = t.rollout(1)
    assert t.rollouts.hint_metrics["hint/stuck_groups"] == 2
    assert t.rollouts.hint_metrics["hint/groups"] == 2
    hinted = [s for g in drawn.groups for s in g.samples]
    assert all("hint" in s.metadata for s in hinted) and len(drawn.every) == 16
    assert all(HINT not in s.prompt_text for s in hinted)
    groups = t.reward(drawn.groups)
    batch = t.make_batch(groups)
    assert batch is not None
    mask = batch.loss_mask > 0
    for b, s in enumerate(hinted):  # every sample has policy tokens: one row each, in order
        sampled = torch.tensor([x for turn in s.turns for x in turn.action_logprobs])
        assert torch.allclose(batch.old_logprobs[b][mask[b]], sampled)
    batch.advantages = torch.ones(len(batch))  # any signal: the ratios are what is checked
    m = t.update(batch, 1)
    assert abs(m["ratio_first_minibatch"] - 1.0) > 1e-3
    plain = _trainer(tmp_path / "plain", tiny)
    pb = plain.make_batch(plain.reward(plain.rollout(1).groups))
    pb.advantages = torch.ones(len(pb))
    assert plain.update(pb, 1)["ratio_first_minibatch"] == pytest.approx(1.0, abs=1e-3)
    t.close()
    plain.close()


def test_without_correction_the_hinted_samples_train_as_if_unhinted(tmp_path, tiny):
    """`correction: none` drops the hinted sampling log-probs: the old policy is recomputed
    without the hint, so the first update's ratios are 1."""
    t = _trainer(tmp_path / "none", tiny, ["hints.fraction=1.0", "hints.correction=none"])
    drawn = t.rollout(1)
    hinted = [s for g in drawn.groups for s in g.samples]
    assert hinted and all(turn.action_logprobs is None for s in hinted for turn in s.turns)
    batch = t.make_batch(t.reward(drawn.groups))
    batch.advantages = torch.ones(len(batch))
    assert t.update(batch, 1)["ratio_first_minibatch"] == pytest.approx(1.0, abs=1e-3)
    t.close()


def test_trainer_steps_and_stores_hinted_samples(tmp_path, tiny):
    from veriloop.data.store import TrajectoryStore

    t = _trainer(tmp_path / "run", tiny, ["hints.fraction=0.5", "hints.final_fraction=0",
                                          "hints.anneal_steps=1"])
    t.train(progress=False, heldout=False)
    t.close()
    rows = [r for r in TrajectoryStore(tmp_path / "run" / "trajectories.sqlite").query()]
    assert sum("hint" in r.metadata for r in rows) == 8  # step 1 only: the hint shrank to 0
    metrics = (tmp_path / "run" / "metrics.jsonl").read_text()
    assert '"hint/fraction": 0.5' in metrics and '"hint/fraction": 0.0' in metrics
    # the step's rollout metrics are the policy's own draws: 8, the hinted 8 left out
    assert '"rollouts": 8' in metrics and '"rollouts": 16' not in metrics


@pytest.mark.parametrize("extra, message", [
    (["rollout.asynchronous=true"], "asynchronous"),
    (["algorithm.dynamic_sampling=true"], "dynamic sampling"),
])
def test_hints_refuse_what_removes_all_fail_groups_first(extra, message):
    with pytest.raises(ConfigError, match=message):
        load_config(CONFIGS / "grpo.yaml", ["hints.fraction=0.5", *extra])
