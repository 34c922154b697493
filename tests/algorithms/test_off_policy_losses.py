"""Hand-worked numbers for the off-policy corrections of asynchronous training (decoupled PPO
against a proximal policy, truncated importance weights) and their equivalences with the
on-policy losses when the behaviour policy is the proximal / current one."""

import math

import pytest
import torch

from veriloop.algorithms.losses import (
    OFF_POLICY,
    clipped_pg_loss,
    decoupled_pg_loss,
    get_off_policy,
    no_correction,
    pg_loss,
    tis_pg_loss,
)

MASK = torch.ones(1, 2)
ADV = torch.tensor([1.0])


def _lp(*p):
    return torch.log(torch.tensor([list(p)]))  # [1, T]


def test_decoupled_weights_by_prox_over_behav_and_clips_against_prox():
    lp = _lp(0.55, 0.8).requires_grad_(True)
    prox, behav = _lp(0.5, 0.5), _lp(0.25, 0.5)  # weights 2 and 1
    loss, st = decoupled_pg_loss(lp, prox, behav, ADV, MASK, 0.2, 0.2)
    # token 1: r = 1.1 inside the range -> -2 * 1.1; token 2: r = 1.6 clipped at 1.2 -> -1.2
    assert loss.item() == pytest.approx((-2.2 - 1.2) / 2)
    (g,) = torch.autograd.grad(loss, lp)
    # d(-w r A)/d lp = -w r A on the unclipped token, 0 on the clipped one; token mean / 2
    assert g[0].tolist() == pytest.approx([-2.2 / 2, 0.0])
    assert st.is_weight_mean == pytest.approx(1.5)
    assert st.clip_high_frac == pytest.approx(0.5)
    assert st.ratio_mean == pytest.approx((1.1 + 1.6) / 2)


def test_decoupled_cap_masks_tokens_whose_weight_exceeds_it():
    lp, prox, behav = _lp(0.55, 0.8), _lp(0.5, 0.5), _lp(0.25, 0.5)
    loss, st = decoupled_pg_loss(lp, prox, behav, ADV, MASK, 0.2, 0.2, cap=1.5)
    assert loss.item() == pytest.approx((0.0 - 1.2) / 2)  # the weight-2 token is dropped
    assert st.is_capped_frac == pytest.approx(0.5)
    assert st.is_weight_mean == pytest.approx(0.5)


def test_decoupled_equals_clipped_loss_when_behaviour_is_proximal():
    g = torch.Generator().manual_seed(0)
    lp = torch.randn(3, 5, generator=g).requires_grad_(True)
    prox = torch.randn(3, 5, generator=g)
    adv, mask = torch.randn(3, generator=g), (torch.rand(3, 5, generator=g) > 0.3).float()
    a, _ = decoupled_pg_loss(lp, prox, prox, adv, mask, 0.2, 0.28)
    b, _ = clipped_pg_loss(lp, prox, adv, mask, 0.2, 0.28)
    assert a.item() == pytest.approx(b.item())
    ga, gb = (torch.autograd.grad(x, lp)[0] for x in (a, b))
    assert torch.allclose(ga, gb)
    with pytest.raises(ValueError, match="proximal"):
        decoupled_pg_loss(lp, None, prox, adv, mask)


def test_tis_truncates_the_importance_weight_and_does_not_clip():
    lp = _lp(0.6, 0.1).requires_grad_(True)
    behav = _lp(0.2, 0.2)  # rho = 3 (truncated to 2) and 0.5
    loss, st = tis_pg_loss(lp, None, behav, ADV, MASK, cap=2.0)
    assert loss.item() == pytest.approx(-(2.0 * math.log(0.6) + 0.5 * math.log(0.1)) / 2)
    (g,) = torch.autograd.grad(loss, lp)
    assert g[0].tolist() == pytest.approx([-2.0 / 2, -0.5 / 2])
    assert st.is_capped_frac == pytest.approx(0.5)
    assert st.is_weight_mean == pytest.approx(1.25)
    assert st.ratio_mean == pytest.approx(1.75)
    uncapped, _ = tis_pg_loss(lp, None, behav, ADV, MASK, cap=None)
    assert uncapped.item() == pytest.approx(-(3.0 * math.log(0.6) + 0.5 * math.log(0.1)) / 2)


def test_tis_on_policy_gradient_is_the_plain_policy_gradient():
    g = torch.Generator().manual_seed(1)
    lp = torch.randn(2, 4, generator=g).requires_grad_(True)
    adv, mask = torch.randn(2, generator=g), torch.ones(2, 4)
    a, _ = tis_pg_loss(lp, None, lp.detach(), adv, mask, cap=2.0)
    ga = torch.autograd.grad(a, lp)[0]
    gb = torch.autograd.grad(pg_loss(lp, adv, mask), lp)[0]
    assert torch.allclose(ga, gb)


def test_none_is_the_clipped_loss_against_the_behaviour_policy():
    lp, behav = _lp(0.55, 0.8), _lp(0.25, 0.5)
    a, st = no_correction(lp, None, behav, ADV, MASK, 0.2, 0.28)
    b, pst = clipped_pg_loss(lp, behav, ADV, MASK, 0.2, 0.28)
    assert a.item() == pytest.approx(b.item()) and st.ratio_mean == pytest.approx(pst.ratio_mean)
    assert st.is_weight_mean == 1.0 and st.is_capped_frac == 0.0


def test_registry():
    assert {k: v.needs_proximal for k, v in OFF_POLICY.items()} == {
        "none": False, "decoupled": True, "tis": False}
    with pytest.raises(KeyError, match="decoupled"):
        get_off_policy("areal")
