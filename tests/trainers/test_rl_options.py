"""Each RL option has the effect it documents, checked by hand-computed numbers on real
rollouts of the tiny model (or of the arithmetic expert): PPO's value head learns, the entropy
bonus adds -coef x entropy to the loss and its gradient, difficulty weighting rescales group
advantages, neg_weight and pos_weight scale the negative and positive ones, step costs and
event weights shape the reward."""

import math
from pathlib import Path

import pytest
import torch

from veriloop.rollout.runner import RolloutConfig, RolloutRunner
from veriloop.run.build import build_env_and_grader
from veriloop.run.config import load_config
from veriloop.trainers.common import policy_from_config
from veriloop.trainers.rl import RLTrainer
from veriloop.types import Grade, Group

CONFIGS = Path(__file__).resolve().parents[2] / "configs"


def _trainer(tmp_path, tiny, config, extra=()):
    cfg = load_config(CONFIGS / config, [*tiny, *extra])
    t = RLTrainer(cfg, tmp_path / "run", policy_from_config(cfg.model))
    t.setup(*build_env_and_grader(t.cfg))
    return t


def _with_algorithm(t, **changes):
    """Change the algorithm section after setup; the credit component the batch maker holds is
    built from it at setup, so it is rebuilt too."""
    from veriloop.trainers.rl_batch import build_credit

    a = t.cfg.algorithm.model_copy(update=changes)
    t.cfg = t.batches.cfg = t.cfg.model_copy(update={"algorithm": a})
    if t.credit is not None:
        t.credit = t.batches.credit = build_credit(a)


def test_ppo_value_head_learns_on_a_fixed_batch(tmp_path, tiny):
    t = _trainer(tmp_path, tiny, "ppo.yaml", ["algorithm.length_cost=0.01", "optim.lr=0.01",
                                              "algorithm.value_clip=null", "optim.epochs=1"])
    groups = t.reward(t.rollout(1).groups)
    t.model.train()
    batch = t.make_batch(groups)
    assert batch.returns is not None and float(batch.returns.abs().sum()) > 0
    losses = [t.update(batch, step)["value_loss"] for step in range(1, 31)]
    assert losses[-1] < 0.2 * losses[0], losses
    t.close()


def _hand_entropy(model, seqs, masks, temperature):
    """Token mean over policy tokens of the entropy of softmax(logits / T), each sequence run
    through the model's own forward on its own."""
    total, count = torch.zeros(()), 0
    for s, m in zip(seqs, masks, strict=True):
        logits = model(torch.tensor([s])).logits[0, :-1] / temperature  # [n-1, V]
        logp = torch.log_softmax(logits, -1)
        ent = -(logp.exp() * logp).sum(-1)  # [n-1]
        on = torch.tensor(m[1:]) > 0
        total = total + ent[on].sum()
        count += int(on.sum())
    return total / count


def test_entropy_bonus_changes_loss_and_gradient_by_coef_times_entropy(tmp_path, tiny):
    c = 0.3
    t = _trainer(tmp_path, tiny, "grpo.yaml", ["algorithm.length_cost=0.01", "algorithm.kl_coef=0",
                                               "algorithm.aggregation=token_mean",
                                               f"algorithm.entropy_coef={c}"])
    groups = t.reward(t.rollout(1).groups)
    t.model.train()
    batch = t.make_batch(groups)
    idx = list(range(len(batch)))
    packed = batch.pack(idx, 1 << 30)
    rows = batch.select(idx, packed.loss_mask.shape[1])
    params = [p for p in t.params if p.requires_grad]

    loss_c, st_c = t.loss(rows, packed)
    g_c = torch.autograd.grad(loss_c, params)
    _with_algorithm(t, entropy_coef=0.0)
    loss_0, _ = t.loss(rows, packed)
    g_0 = torch.autograd.grad(loss_0, params)
    ent = _hand_entropy(t.model, batch.sequences, batch.masks, t.cfg.rollout.temperature)
    g_ent = torch.autograd.grad(ent, params)

    assert st_c["entropy"] == pytest.approx(float(ent), rel=1e-5)
    assert float(loss_c) == pytest.approx(float(loss_0) - c * float(ent), rel=1e-5, abs=1e-6)
    for a, b, e in zip(g_c, g_0, g_ent, strict=True):
        torch.testing.assert_close(a, b - c * e, atol=1e-5, rtol=1e-4)
    assert any(float(e.abs().sum()) > 0 for e in g_ent)
    t.close()


def _w(p):  # GRPO-LEAD weight with the defaults low 0.5, high 1.5, slope 10, centre 0.5
    return 0.5 + 1.0 / (1.0 + math.exp(10 * (p - 0.5)))


def test_difficulty_weighting_and_sign_weights_rescale_group_advantages(tmp_path, tiny):
    t = _trainer(tmp_path, tiny, "grpo.yaml", ["algorithm.difficulty_weighting=true"])
    groups = t.rollout(1).groups
    # hand-made grades on real rollouts: group 0 passes 1 of 4, group 1 passes 3 of 4
    passes = [[1, 0, 0, 0], [1, 1, 1, 0]]
    groups = t.reward([Group.of([tr.model_copy(update={"grade": Grade(score=float(p),
                                                                      passed=bool(p))})
                                 for tr, p in zip(g.samples, ps, strict=True)])
                       for g, ps in zip(groups, passes, strict=True)])
    t.model.train()
    adv = t.make_batch(groups).advantages
    # GRPO: group of one pass in four -> +sqrt(3) and -1/sqrt(3) (population std)
    hi, lo = math.sqrt(3), 1 / math.sqrt(3)
    expected = [hi * _w(0.25), -lo * _w(0.75), -lo * _w(0.75), -lo * _w(0.75),
                lo * _w(0.75), lo * _w(0.75), lo * _w(0.75), -hi * _w(0.25)]
    torch.testing.assert_close(adv, torch.tensor(expected), atol=1e-4, rtol=1e-4)
    _with_algorithm(t, difficulty_weighting=False)
    plain = t.make_batch(groups).advantages
    torch.testing.assert_close(plain, torch.tensor([hi, -lo, -lo, -lo, lo, lo, lo, -hi]),
                               atol=1e-4, rtol=1e-4)
    _with_algorithm(t, difficulty_weighting=False, neg_weight=0.25)  # negatives scaled only
    torch.testing.assert_close(t.make_batch(groups).advantages,
                               torch.tensor([hi, -lo / 4, -lo / 4, -lo / 4, lo, lo, lo, -hi / 4]),
                               atol=1e-4, rtol=1e-4)
    _with_algorithm(t, difficulty_weighting=False, neg_weight=0.0)  # positive samples only
    torch.testing.assert_close(t.make_batch(groups).advantages,
                               torch.tensor([hi, 0, 0, 0, lo, lo, lo, 0]), atol=1e-4, rtol=1e-4)
    _with_algorithm(t, difficulty_weighting=False, neg_weight=1.0, pos_weight=0.1)  # W-REINFORCE
    torch.testing.assert_close(t.make_batch(groups).advantages,
                               torch.tensor([hi / 10, -lo, -lo, -lo, lo / 10, lo / 10, lo / 10,
                                             -hi]), atol=1e-4, rtol=1e-4)
    _with_algorithm(t, difficulty_weighting=False, pos_weight=0.0)  # negative samples only
    torch.testing.assert_close(t.make_batch(groups).advantages,
                               torch.tensor([0, -lo, -lo, -lo, 0, 0, 0, -hi]), atol=1e-4, rtol=1e-4)
    t.close()


def test_mask_unfinished_zeroes_unfinished_episodes_after_the_baseline(tmp_path, tiny):
    t = _trainer(tmp_path, tiny, "grpo.yaml", ["algorithm.mask_unfinished=true"])
    groups = t.rollout(1).groups
    # group 0: one pass in four, the pass unfinished; group 1: 3 of 4, one failure unfinished
    passes, done = [[1, 0, 0, 0], [1, 1, 1, 0]], [[0, 1, 1, 1], [1, 1, 1, 0]]
    groups = t.reward([Group.of([tr.model_copy(update={"grade": Grade(score=float(p),
                                                                      passed=bool(p)),
                                                       "done": bool(d)})
                                 for tr, p, d in zip(g.samples, ps, ds, strict=True)])
                       for g, ps, ds in zip(groups, passes, done, strict=True)])
    t.model.train()
    hi, lo = math.sqrt(3), 1 / math.sqrt(3)  # the baselines still count the unfinished ones
    torch.testing.assert_close(t.make_batch(groups).advantages,
                               torch.tensor([0, -lo, -lo, -lo, lo, lo, lo, 0]),
                               atol=1e-4, rtol=1e-4)
    _with_algorithm(t, mask_unfinished=False)
    torch.testing.assert_close(t.make_batch(groups).advantages,
                               torch.tensor([hi, -lo, -lo, -lo, lo, lo, lo, -hi]),
                               atol=1e-4, rtol=1e-4)
    _with_algorithm(t, mask_unfinished=True, advantage="turn_grpo")  # per turn: whole rows
    adv = t.make_batch(groups).advantages  # [B, L]
    assert adv.dim() == 2
    assert float(adv[0].abs().sum()) == 0 and float(adv[7].abs().sum()) == 0
    assert all(float(adv[i].abs().sum()) > 0 for i in range(1, 7))
    t.close()


@pytest.fixture
def expert_rollouts(arithmetic):
    """Expert episodes that differ in turns, format errors, tool calls and answers."""
    runner = RolloutRunner(arithmetic, arithmetic.expert(noise=0.5, seed=3), RolloutConfig())
    trajs = runner.run(arithmetic.tasks(24, seed=7))
    assert len({len(tr.turns) for tr in trajs}) > 1
    assert any(tr.format_violations for tr in trajs) and any(tr.passed for tr in trajs)
    return trajs


def test_step_cost_lowers_rewards_by_cost_per_turn(tmp_path, tiny, expert_rollouts):
    t = _trainer(tmp_path, tiny, "grpo.yaml", ["algorithm.step_cost=0.25"])
    expected = [tr.score - 0.25 * len(tr.turns) for tr in expert_rollouts]
    torch.testing.assert_close(t.rewards(expert_rollouts), torch.tensor(expected))
    m = t.step()  # the trainer's own rollouts: the logged reward carries the cost too
    assert m["reward"] == pytest.approx(m["score"] - 0.25 * m["turns"], abs=1e-6)
    t.close()


def test_event_weights_add_weighted_event_counts(tmp_path, tiny, expert_rollouts):
    weights = {"format_error": -0.5, "tool_call": 0.25, "answer": 1.0, "tool_error": -2.0}
    override = "algorithm.event_weights={" + ", ".join(f"{k}: {v}" for k, v in weights.items())
    t = _trainer(tmp_path, tiny, "grpo.yaml", [override + "}"])
    assert dict(t.cfg.algorithm.event_weights) == weights
    expected = [tr.score - 0.5 * tr.format_violations
                + 0.25 * sum(len(u.tool_calls) for u in tr.turns)
                + 1.0 * (tr.final_answer is not None) - 2.0 * tr.tool_errors
                for tr in expert_rollouts]
    assert any(tr.final_answer is not None for tr in expert_rollouts)
    torch.testing.assert_close(t.rewards(expert_rollouts), torch.tensor(expected))
    t.close()
