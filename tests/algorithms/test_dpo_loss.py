"""The DPO loss against hand-computed values, and TRL's sigmoid-loss definition written out."""

import math

import pytest
import torch

from veriloop.algorithms.dpo import dpo_loss, sequence_logprobs


def test_sequence_logprobs_sum_policy_tokens_only():
    lp = torch.tensor([[-1.0, -2.0, -0.5], [-0.1, -0.2, -0.3]])
    mask = torch.tensor([[1.0, 0.0, 1.0], [0.0, 0.0, 1.0]])
    assert torch.allclose(sequence_logprobs(lp, mask), torch.tensor([-1.5, -0.3]))


def test_dpo_loss_hand_computed():
    # pair 1: chosen log-ratio -10 - (-12) = 2, rejected -8 - (-7) = -1 -> h = 0.5 * 3 = 1.5
    # pair 2: chosen 0, rejected 1 -> h = -0.5
    chosen, rejected = torch.tensor([-10.0, -5.0]), torch.tensor([-8.0, -3.0])
    ref_c, ref_r = torch.tensor([-12.0, -5.0]), torch.tensor([-7.0, -4.0])
    loss, st = dpo_loss(chosen, rejected, ref_c, ref_r, beta=0.5)
    want = (math.log(1 + math.exp(-1.5)) + math.log(1 + math.exp(0.5))) / 2  # -log sigmoid(h)
    assert float(loss) == pytest.approx(want)
    assert float(loss) == pytest.approx((0.20141 + 0.97408) / 2, abs=1e-4)
    assert st.reward_margin == pytest.approx(0.5) and st.reward_accuracy == 0.5
    assert st.chosen_reward == pytest.approx(0.5) and st.rejected_reward == pytest.approx(0.0)
    # label smoothing 0.1: 0.9 * -log s(h) + 0.1 * -log s(-h), per pair
    ls, _ = dpo_loss(chosen, rejected, ref_c, ref_r, beta=0.5, label_smoothing=0.1)
    sp = lambda x: math.log(1 + math.exp(x))  # softplus = -log sigmoid(-x)
    want_ls = (0.9 * sp(-1.5) + 0.1 * sp(1.5) + 0.9 * sp(0.5) + 0.1 * sp(-0.5)) / 2
    assert float(ls) == pytest.approx(want_ls)


def test_dpo_gradient_raises_chosen_and_lowers_rejected():
    c = torch.tensor([-3.0], requires_grad=True)
    r = torch.tensor([-3.0], requires_grad=True)
    loss, _ = dpo_loss(c, r, torch.tensor([-3.0]), torch.tensor([-3.0]), beta=0.2)
    loss.backward()
    # at h = 0: d/dc = -beta * sigmoid(-h) = -0.1, d/dr = +0.1
    assert float(c.grad) == pytest.approx(-0.1) and float(r.grad) == pytest.approx(0.1)
    assert float(loss.detach()) == pytest.approx(math.log(2))
