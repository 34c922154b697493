"""Learning-signal control: covariance diagnostic, adaptive entropy coefficient, Clip-Cov /
KL-Cov, GRPO-LEAD reward and OPO's baseline, each against hand-worked numbers."""

import math

import pytest
import torch

from veriloop.algorithms.advantages import get_advantage
from veriloop.algorithms.entropy import (
    AdaptiveEntropy,
    entropy_diagnostics,
    entropy_slope,
    token_covariance,
)
from veriloop.algorithms.losses import clipped_pg_loss, token_mean
from veriloop.algorithms.policy_losses import (
    PolicyLossParams,
    clip_cov_loss,
    get_policy_loss,
    kl_cov_loss,
    top_cov_detached_loss,
)
from veriloop.algorithms.shaping import lead_rewards


def test_token_covariance_hand_worked():
    # policy tokens: lp = -1, -2, -3 (third position masked out), A = 1 on row 0, -1 on row 1
    lp = torch.tensor([[-1.0, -2.0], [-3.0, -9.0]])
    adv = torch.tensor([1.0, -1.0])
    mask = torch.tensor([[1.0, 1.0], [1.0, 0.0]])
    # mean lp = -2, mean A = (1 + 1 - 1) / 3 = 1/3
    # products: (1)(2/3), (0)(2/3), (-1)(-4/3) -> 2/3, 0, 4/3; masked one 0
    cov = token_covariance(lp, adv, mask)
    assert torch.allclose(cov, torch.tensor([[2 / 3, 0.0], [4 / 3, 0.0]]))
    d = entropy_diagnostics(torch.tensor([[0.5, 0.001], [1.5, 7.0]]), lp, adv, mask)
    assert d.cov_logp_adv == pytest.approx(2 / 3)  # (2/3 + 0 + 4/3) / 3
    assert d.entropy == pytest.approx((0.5 + 0.001 + 1.5) / 3)
    assert d.low_entropy_frac == pytest.approx(1 / 3)
    assert d.cov_top1pct == pytest.approx(4 / 3)  # top 1% of 3 tokens: the single largest


def test_covariance_sign_predicts_entropy_change():
    """One exact natural-gradient step on a softmax bandit: H falls when Cov(log pi, A) > 0 and
    rises when it is < 0 (the relation the diagnostic is for)."""
    logits = torch.tensor([2.0, 0.0, -1.0])
    pi = torch.softmax(logits, 0)

    def entropy(z):
        p = torch.softmax(z, 0)
        return float(-(p * p.log()).sum())

    for adv, sign in ((torch.tensor([1.0, 0.0, -1.0]), -1), (torch.tensor([-1.0, 0.0, 1.0]), 1)):
        cov = float((pi * (pi.log() - (pi * pi.log()).sum()) * (adv - (pi * adv).sum())).sum())
        assert cov * sign < 0
        change = entropy(logits + 0.01 * adv) - entropy(logits)  # NPG: z += eta A
        assert change * sign > 0


def test_adaptive_entropy_update_hand_worked():
    ctl = AdaptiveEntropy(target=0.2, delta=0.005, max_coef=0.012)
    assert ctl.coef == 0.0
    ctl = ctl.update(0.1)  # below target: c 0 -> 0.005, applied
    assert (ctl.c, ctl.coef) == (pytest.approx(0.005), pytest.approx(0.005))
    ctl = ctl.update(0.15)  # still below: 0.010
    assert ctl.coef == pytest.approx(0.010)
    ctl = ctl.update(0.05)  # 0.015 clamped to max 0.012
    assert ctl.coef == pytest.approx(0.012)
    ctl = ctl.update(0.3)  # above target: c 0.012 -> 0.007, but not applied while above
    assert ctl.c == pytest.approx(0.007) and ctl.coef == 0.0
    ctl = ctl.update(0.4).update(0.4)  # 0.002, then clamped at 0
    assert ctl.c == 0.0
    again = AdaptiveEntropy(0.2, 0.005, 0.012).load(ctl.update(0.1).state_dict())
    assert again.c == pytest.approx(0.005) and again.entropy == pytest.approx(0.1)


def test_pi_entropy_controller_hand_worked():
    """Signed PI on e = (target - H) / target clipped to [-1, 1]: the micro-batch coefficient is
    c + max_coef * e (its own entropy), c += delta * e after a step; both in [-max, max]."""
    ctl = AdaptiveEntropy(target=0.2, delta=0.01, max_coef=0.1, kind="pi")
    assert ctl.coef == 0.0 and ctl.coef_at(None) == 0.0
    assert ctl.coef_at(0.1) == pytest.approx(0.05)  # e = 0.5 -> 0 + 0.1 * 0.5
    assert ctl.coef_at(0.3) == pytest.approx(-0.05)  # e = -0.5: a penalty above the target
    assert ctl.coef_at(5.0) == pytest.approx(-0.1)  # e clipped to -1
    ctl = ctl.update(0.05)  # e = 0.75: c = 0.0075
    assert ctl.c == pytest.approx(0.0075) and ctl.coef == pytest.approx(0.0075)
    assert ctl.coef_at(0.0) == pytest.approx(0.1)  # 0.0075 + 0.1 clamped to 0.1
    for _ in range(30):
        ctl = ctl.update(0.0)  # e = 1: +0.01 a step, clamped at 0.1
    assert ctl.c == pytest.approx(0.1)
    ctl = ctl.update(2.0)  # e = -1 (clipped from -9): 0.09
    assert ctl.c == pytest.approx(0.09) and ctl.coef_at(0.2) == pytest.approx(0.09)
    for _ in range(30):
        ctl = ctl.update(1.0)
    assert ctl.c == pytest.approx(-0.1)  # the integral goes negative too, down to -max
    again = AdaptiveEntropy(0.2, 0.01, 0.1, kind="pi").load(ctl.state_dict())
    assert again.c == pytest.approx(-0.1) and again.kind == "pi"
    with pytest.raises(ValueError, match="skywork, pi, cov or kl"):
        AdaptiveEntropy(0.2, kind="bang")


def test_cov_entropy_controller_hand_worked():
    """`cov`: the pi controller's law, its output floored at 0: a share of tokens to drop."""
    ctl = AdaptiveEntropy(target=0.2, delta=0.01, max_coef=0.1, kind="cov")
    assert ctl.coef_at(0.1) == pytest.approx(0.05)  # e = 0.5 -> 0.1 * 0.5
    assert ctl.coef_at(0.3) == 0.0  # e = -0.5: -0.05 floored, plain GRPO above the target
    assert ctl.coef_at(0.0) == pytest.approx(0.1)  # e = 1 -> the bound
    ctl = ctl.update(0.05)  # e = 0.75: c = 0.0075
    assert ctl.c == pytest.approx(0.0075) and ctl.coef == pytest.approx(0.0075)
    assert ctl.coef_at(0.15) == pytest.approx(0.0075 + 0.1 * 0.25)
    for _ in range(30):
        ctl = ctl.update(1.0)  # e = -1 (clipped from -4): the integral unwinds to -max
    assert ctl.c == pytest.approx(-0.1) and ctl.coef == 0.0
    assert ctl.coef_at(0.1) == 0.0  # -0.1 + 0.05 floored
    assert ctl.coef_at(0.0) == pytest.approx(0.0)  # -0.1 + 0.1
    again = AdaptiveEntropy(0.2, 0.01, 0.1, kind="cov").load(ctl.state_dict())
    assert again.c == pytest.approx(-0.1) and again.kind == "cov"


def test_kl_entropy_controller_hand_worked():
    """`kl`: the same law as `cov`, floored at 0; its output weights the KL to the reference."""
    ctl = AdaptiveEntropy(target=0.2, delta=0.02, max_coef=0.4, kind="kl")
    assert ctl.coef_at(0.15) == pytest.approx(0.1)  # e = 0.25 -> 0.4 * 0.25
    assert ctl.coef_at(0.25) == 0.0  # e = -0.25: -0.1 floored, plain GRPO above the target
    ctl = ctl.update(0.1).update(0.1)  # e = 0.5 twice: c = 0.02
    assert ctl.c == pytest.approx(0.02) and ctl.coef == pytest.approx(0.02)
    assert ctl.coef_at(0.18) == pytest.approx(0.02 + 0.4 * 0.1)
    assert ctl.update(0.4).c == pytest.approx(0.0)  # e = -1 unwinds the integral by delta
    with pytest.raises(ValueError, match="cov or kl"):
        AdaptiveEntropy(0.2, kind="kl_cov")


def test_kl_controller_adds_its_coefficient_to_the_kl_penalty():
    from types import SimpleNamespace

    from veriloop.algorithms.policy_losses import Objective
    from veriloop.trainers.algorithm_config import AlgorithmConfig

    # two policy tokens, ratio 1 (old = current), A = 1: the clip loss is -1 with gradient
    # -1/2 a token; k3(lp, ref) = exp(ref - lp) - (ref - lp) - 1 with ref - lp = -0.5, 0.2
    lp = torch.tensor([[-0.5, -1.2]], requires_grad=True)
    ref = torch.tensor([[-1.0, -1.0]])
    rows = SimpleNamespace(old_logprobs=lp.detach().clone(), advantages=torch.tensor([1.0]),
                           ref_logprobs=ref)
    out = SimpleNamespace(logprobs=lp, entropy=torch.tensor([[0.3, 0.1]]), slope=None)
    k3 = [math.exp(d) - d - 1 for d in (-0.5, 0.2)]
    for kl_coef in (0.0, 0.1):
        a = AlgorithmConfig(kl_coef=kl_coef, target_entropy=0.5, entropy_controller="kl",
                            aggregation="token_mean")
        loss, st = Objective(a, 16, 0)(out, rows, torch.ones(1, 2), 0.3)
        assert st["kl_control_coef"] == 0.3 and st["entropy_coef"] == 0.0  # no bonus
        assert float(loss.detach()) == pytest.approx(-1.0 + (kl_coef + 0.3) * sum(k3) / 2, rel=1e-6)


def test_top_cov_detached_loss_drops_the_highest_positive_covariance_tokens():
    # lp = -1, -2, -3, A = 3, 3, -3: covariance products 2, 0, 4 (see the Clip-Cov test)
    lp = torch.tensor([[-1.0, -2.0, -3.0]], requires_grad=True)
    adv = torch.tensor([[3.0, 3.0, -3.0]])
    mask = torch.ones(1, 3)
    # share 1/3 of 3 tokens -> 1 token: the cov-4 one (third); d(-r A / 3)/dlp = -A / 3
    loss, st = top_cov_detached_loss(lp, lp.detach(), adv, mask, 1 / 3)
    loss.backward()
    assert torch.allclose(lp.grad, torch.tensor([[-1.0, -1.0, 0.0]]))
    assert float(loss.detach()) == pytest.approx((-3.0 - 3.0 + 0.0) / 3)
    assert st.cov_selected_frac == pytest.approx(1 / 3)
    # share 1 -> only the 2 tokens with a positive covariance (the cov-0 one is kept)
    lp.grad = None
    loss, st = top_cov_detached_loss(lp, lp.detach(), adv, mask, 1.0)
    loss.backward()
    assert torch.allclose(lp.grad, torch.tensor([[0.0, -1.0, 0.0]]))
    assert st.cov_selected_frac == pytest.approx(2 / 3)
    # share 0 is the clipped surrogate, value and gradient
    lp2 = torch.tensor([[-1.0, -2.0], [-0.5, -0.7]], requires_grad=True)
    old = torch.tensor([[-1.2, -1.9], [-0.5, -1.5]])
    adv2, mask2 = torch.tensor([0.5, -0.5]), torch.tensor([[1.0, 1.0], [1.0, 0.0]])
    a, _ = top_cov_detached_loss(lp2, old, adv2, mask2, 0.0)
    b, _ = clipped_pg_loss(lp2, old, adv2, mask2, 0.2, 0.2, token_mean)
    ga, = torch.autograd.grad(a, lp2)
    gb, = torch.autograd.grad(b, lp2)
    assert float(a.detach()) == pytest.approx(float(b.detach())) and torch.allclose(ga, gb)


def test_entropy_slope_hand_worked_and_equals_finite_differences():
    # two equally likely tokens: pi = (1/2, 1/2), H = log 2, log pi_y + H = 0 for both -> slope 0
    half = torch.log(torch.tensor([[0.5, 0.5]]))
    assert entropy_slope(half, half[:, 0]).item() == pytest.approx(0.0, abs=1e-7)
    # pi = (3/4, 1/4): H = -(3/4 ln 3/4 + 1/4 ln 1/4); token 0: -3/4 (ln 3/4 + H) plus
    # sum_b pi_b^2 (ln pi_b + H) = 9/16 (ln 3/4 + H) + 1/16 (ln 1/4 + H)
    p = torch.tensor([[0.75, 0.25]], dtype=torch.float64)
    h = -(0.75 * math.log(0.75) + 0.25 * math.log(0.25))
    s2 = 9 / 16 * (math.log(0.75) + h) + 1 / 16 * (math.log(0.25) + h)
    lp = p.log()
    assert entropy_slope(lp, lp[:, 0]).item() == pytest.approx(s2 - 0.75 * (math.log(0.75) + h))
    assert entropy_slope(lp, lp[:, 0]).item() < 0 < entropy_slope(lp, lp[:, 1]).item()
    # equivalence: the entropy change of a small step z + eps (e_y - pi), by central differences
    z = torch.randn(6, 9, dtype=torch.float64, generator=torch.Generator().manual_seed(1))
    y = torch.tensor([0, 3, 8, 2, 1, 5])

    def ent(z):
        lq = torch.log_softmax(z, -1)
        return -(lq.exp() * lq).sum(-1)

    lq = torch.log_softmax(z, -1)
    step = torch.nn.functional.one_hot(y, 9).double() - lq.exp()
    eps = 1e-5
    numeric = (ent(z + eps * step) - ent(z - eps * step)) / (2 * eps)
    assert torch.allclose(entropy_slope(lq, lq.gather(-1, y[:, None])[:, 0]), numeric, atol=1e-8)


def test_state_score_drops_the_tokens_that_lower_entropy():
    # the batch covariance ranks by (lp - mean)(A - mean); the state score -A * slope ranks by
    # each token's own entropy change. Token 0: confident, A > 0 (slope < 0 -> lowers entropy,
    # score > 0); token 1: unlikely, A > 0 (raises entropy); token 2: A < 0 on a confident token
    # (raises entropy).
    lp = torch.tensor([[-0.1, -3.0, -0.2]], requires_grad=True)
    adv = torch.tensor([[1.0, 1.0, -1.0]])
    slope = torch.tensor([[-0.05, 0.04, -0.03]])
    score = -adv * slope  # 0.05, -0.04, -0.03: only token 0 lowers entropy
    loss, st = top_cov_detached_loss(lp, lp.detach(), adv, torch.ones(1, 3), 1.0, score=score)
    loss.backward()
    # share 1 drops every positive-score token: only token 0; d(-r A / 3)/dlp = -A / 3
    assert torch.allclose(lp.grad, torch.tensor([[0.0, -1 / 3, 1 / 3]]))
    assert st.cov_selected_frac == pytest.approx(1 / 3)
    # share 1/3 (one token) drops the highest score: token 2 under this score
    lp.grad = None
    loss, _ = top_cov_detached_loss(lp, lp.detach(), adv, torch.ones(1, 3), 1 / 3,
                                    score=torch.tensor([[0.01, -0.04, 0.03]]))
    loss.backward()
    assert torch.allclose(lp.grad, torch.tensor([[-1 / 3, -1 / 3, 0.0]]))


def test_clip_cov_detaches_the_in_band_token():
    # ratio 1 everywhere (nothing clipped), token covariances: see test above, scaled by 3:
    # lp = -1, -2, -3, A = 3, 3, -3 -> mean lp -2, mean A 1 -> products (1)(2), 0, (-1)(-4) = 2, 0, 4
    lp = torch.tensor([[-1.0, -2.0, -3.0]], requires_grad=True)
    adv = torch.tensor([[3.0, 3.0, -3.0]])
    mask = torch.ones(1, 3)
    p = PolicyLossParams(cov_ratio=0.01, cov_low=1.0, cov_high=3.0)  # only the cov-2 token
    loss, st = clip_cov_loss(lp, lp.detach(), adv, mask, p, token_mean)
    loss.backward()
    # d/dlp of -r A / 3 at r = 1 is -A / 3; the first token is detached
    assert torch.allclose(lp.grad, torch.tensor([[0.0, -1.0, 1.0]]))
    assert st.cov_selected_frac == pytest.approx(1 / 3)
    assert float(loss.detach()) == pytest.approx((-3.0 + 3.0) / 3)


def test_clip_cov_without_band_tokens_equals_clip():
    lp = torch.tensor([[-1.0, -2.0], [-0.5, -0.7]], requires_grad=True)
    old = torch.tensor([[-1.2, -1.9], [-0.5, -1.5]])
    adv = torch.tensor([0.5, -0.5])
    mask = torch.tensor([[1.0, 1.0], [1.0, 0.0]])
    p = PolicyLossParams(cov_low=10.0, cov_high=20.0)
    a, _ = clip_cov_loss(lp, old, adv, mask, p, token_mean)
    b, _ = clipped_pg_loss(lp, old, adv, mask, 0.2, 0.2, token_mean)
    assert float(a.detach()) == pytest.approx(float(b.detach()))


def test_kl_cov_penalizes_the_top_covariance_token():
    lp = torch.tensor([[-1.0, -2.0, -3.0]], requires_grad=True)
    old = torch.tensor([[-1.5, -2.0, -3.0]])
    adv = torch.tensor([[3.0, 3.0, -3.0]])
    mask = torch.ones(1, 3)
    # covariances use the current lp: products 2, 0, 4 -> top-1 is the third token, log r = 0
    loss, st = kl_cov_loss(lp, old, adv, mask, PolicyLossParams(cov_ratio=0.01, kl_cov_coef=2.0),
                           token_mean)
    r0 = math.exp(0.5)
    assert float(loss.detach()) == pytest.approx((-r0 * 3 - 3 + 3 + 0) / 3)
    assert st.cov_selected_frac == pytest.approx(1 / 3)
    # now make the penalized token move: old lp of token 3 is -2.5 -> |log r| = 0.5
    old2 = torch.tensor([[-1.5, -2.0, -2.5]])
    loss2, _ = kl_cov_loss(lp, old2, adv, mask, PolicyLossParams(cov_ratio=0.01, kl_cov_coef=2.0),
                           token_mean)
    r2 = math.exp(-0.5)
    assert float(loss2.detach()) == pytest.approx((-r0 * 3 - 3 + 3 * r2 + 2.0 * 0.5) / 3)


def test_policy_loss_registry():
    assert get_policy_loss("clip_cov") is clip_cov_loss
    with pytest.raises(KeyError, match="known: clip, clip_cov, kl_cov"):
        get_policy_loss("cov")


def test_lead_rewards_hand_worked():
    passed = torch.tensor([1.0, 1.0, 0.0, 1.0])
    lengths = torch.tensor([10, 20, 5, 30])
    # correct lengths 10, 20, 30: mu 20, population std sqrt(200/3) = 8.165 -> z = -1.2247, 0,
    # 1.2247; alpha 0.5 -> exp(0.61237) = 1.8448, 1, exp(-0.61237) = 0.5421; wrong -> -1
    r = lead_rewards(passed, lengths, alpha=0.5, wrong=-1.0)
    assert torch.allclose(r, torch.tensor([1.8448, 1.0, -1.0, 0.5421]), atol=1e-4)
    assert torch.equal(lead_rewards(torch.zeros(2), torch.tensor([3, 4])), torch.tensor([-1.0, -1.0]))
    assert torch.allclose(lead_rewards(torch.tensor([0.0, 1.0]), torch.tensor([3, 4])),
                          torch.tensor([-1.0, 1.0]))


def test_opo_baseline_hand_worked():
    rewards = torch.tensor([[1.0, 0.0, 1.0, 0.0]])
    valid = torch.tensor([[True, True, True, False]])
    lengths = torch.tensor([[10.0, 30.0, 20.0, 99.0]])
    # b* = (10 * 1 + 30 * 0 + 20 * 1) / 60 = 0.5; the invalid sample takes no part, advantage 0
    adv = get_advantage("opo")(rewards, valid, lengths=lengths)
    assert torch.allclose(adv, torch.tensor([[0.5, -0.5, 0.5, 0.0]]))
    # equal lengths: the plain group mean (dr_grpo)
    same = get_advantage("opo")(rewards, valid, lengths=torch.full((1, 4), 7.0))
    assert torch.allclose(same, get_advantage("dr_grpo")(rewards, valid))
