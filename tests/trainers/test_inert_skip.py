"""Sequences whose every advantage is 0 (a group that scored alike; below-average samples under
`neg_weight: 0`) skip the update's forward when the loss ignores them, and the update is the
same as with their forwards: equal parameters after one step, fewer forwards, also when a whole
minibatch is inert (it keeps one micro-batch, whose forward gives the statistics and a zero
gradient for AdamW's step)."""

import copy
from pathlib import Path

import pytest
import torch

from veriloop.run.build import build_env_and_grader
from veriloop.run.config import load_config
from veriloop.trainers.batch import TrainBatch
from veriloop.trainers.common import policy_from_config
from veriloop.trainers.rl import RLTrainer

CONFIGS = Path(__file__).resolve().parents[2] / "configs"


def _update(t, batch, skip: bool):
    """One update from the trainer's current state, which is restored after it: (parameters
    after, the gradient of each optimizer step, sequences per forward, the update's metrics).
    The gradients are compared too: AdamW's first step hardly depends on the gradient's scale."""
    model = copy.deepcopy(t.model.state_dict())
    opt = copy.deepcopy(t.optimizer.state_dict())
    sched = copy.deepcopy(t.scheduler.state_dict())
    calls, grads = [], []
    real_loss, real_skip, real_step = t.loss, t.objective.skips_inert, t.optimizer.step

    def counted(rows, packed):
        calls.append(len(rows))
        return real_loss(rows, packed)

    def step(*args, **kwargs):
        grads.append([p.grad.detach().clone() for p in t.params])
        return real_step(*args, **kwargs)

    t.loss, t.optimizer.step = counted, step
    t.objective.skips_inert = real_skip if skip else (lambda *a: False)
    try:
        metrics = t.update(batch, 1)
        after = {k: v.detach().clone() for k, v in t.model.state_dict().items()}
    finally:
        t.loss, t.objective.skips_inert, t.optimizer.step = real_loss, real_skip, real_step
        t.model.load_state_dict(model)
        t.optimizer.load_state_dict(opt)
        t.scheduler.load_state_dict(sched)
    return after, grads, calls, metrics


@pytest.mark.parametrize("aggregation", ["token_mean", "seq_mean_token_mean"])
def test_inert_sequences_skip_the_forward_and_leave_the_update_unchanged(tmp_path, tiny,
                                                                        aggregation):
    cfg = load_config(CONFIGS / "grpo.yaml", [
        *tiny, "algorithm.kl_coef=0", f"algorithm.aggregation={aggregation}",
        "optim.minibatch_size=2", "optim.micro_batch_size=1", "optim.lr=0.01",
        "optim.weight_decay=0.1", "optim.grad_clip=0", "train.precision=fp32"])
    t = RLTrainer(cfg, tmp_path / "run", policy_from_config(cfg.model))
    t.setup(*build_env_and_grader(t.cfg))
    groups, _, _ = t.rollout(1)
    t.model.train()
    batch = t.make_batch(groups)
    B = len(batch)
    assert B == 8
    # one live sequence: 3 of the 4 minibatches are wholly inert, one is half inert
    batch.advantages = torch.zeros(B)
    batch.advantages[5] = 1.5
    assert batch.inert() == [i != 5 for i in range(B)]
    skipped, grads_skip, calls_skip, m = _update(t, batch, skip=True)
    full, grads_full, calls_full, _ = _update(t, batch, skip=False)
    assert len(grads_skip) == len(grads_full) == 4  # an optimizer step per minibatch
    for gs, gf in zip(grads_skip, grads_full, strict=True):
        for a, b in zip(gs, gf, strict=True):
            torch.testing.assert_close(a, b, rtol=1e-5, atol=1e-8)
    assert any(float(g.abs().sum()) > 0 for gs in grads_full for g in gs)
    assert calls_full == [1] * B and calls_skip == [1] * 4  # one forward per minibatch
    assert m["inert_sequences"] == 7
    assert {"loss", "entropy", "ratio_mean", "ratio_first_minibatch"} <= set(m)
    moved = 0
    for k in full:
        torch.testing.assert_close(skipped[k], full[k], rtol=1e-5, atol=1e-6)
        moved += int(not torch.equal(full[k], t.model.state_dict()[k]))
    assert moved > 0  # the update changed the model (AdamW's decay alone moves every weight)

    # with an entropy bonus a zero-advantage token still adds to the loss: no skipping
    t.cfg.algorithm.entropy_coef = 0.01
    assert not t.objective.skips_inert(t.critic, batch)
    t.close()


def test_inert_is_per_policy_token_for_per_token_advantages():
    batch = TrainBatch(sequences=[[1, 2, 3, 4], [1, 2, 5, 6]], masks=[[0, 0, 1, 1]] * 2,
                       rewards=torch.zeros(2), old_logprobs=torch.zeros(2, 3))
    mask = batch.loss_mask  # [2, 3]: where a position predicts a policy token
    adv = torch.zeros(2, 3)
    adv[0][mask[0] == 0] = 2.0  # row 0: advantage only off the policy tokens
    adv[1][mask[1] > 0] = torch.tensor([0.0, -1.0])  # row 1: on its last policy token
    batch.advantages = adv
    assert batch.inert() == [True, False]
    batch.advantages = torch.tensor([0.0, 0.3])
    assert batch.inert() == [True, False]
    batch.advantages = None
    assert batch.inert() == [False, False]
