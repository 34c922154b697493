"""Hand-worked numbers for clipping, aggregation modes, KL estimators, value loss; and the
equivalence of the clipped loss and the plain policy gradient on on-policy data."""

import math

import pytest
import torch

from veriloop.algorithms.losses import (
    AGGREGATIONS,
    clipped_pg_loss,
    entropy_bonus,
    entropy_from_logits,
    get_aggregation,
    kl_penalty,
    pg_loss,
    seq_mean_token_mean,
    seq_sum_norm,
    token_mean,
    value_loss,
)

VALUES = torch.tensor([[1.0, 2.0, 3.0, 0.0], [4.0, 0.0, 0.0, 0.0]])
MASK = torch.tensor([[1, 1, 1, 0], [1, 0, 0, 0]])


def test_aggregations_hand_worked():
    assert token_mean(VALUES, MASK).item() == pytest.approx((1 + 2 + 3 + 4) / 4)
    assert seq_mean_token_mean(VALUES, MASK).item() == pytest.approx((2.0 + 4.0) / 2)
    assert seq_sum_norm(VALUES, MASK, norm=5.0).item() == pytest.approx(10 / (2 * 5))
    with pytest.raises(KeyError, match="token_mean"):
        get_aggregation("mean")
    assert set(AGGREGATIONS) == {"token_mean", "seq_mean_token_mean", "seq_sum_norm"}


def _pg(ratio, adv, eps_low=0.2, eps_high=0.28):
    lp = torch.log(torch.tensor([[ratio]]))
    return clipped_pg_loss(lp, torch.zeros(1, 1), torch.tensor([adv]), torch.ones(1, 1),
                           eps_low=eps_low, eps_high=eps_high)


def test_clip_high_side():
    loss, st = _pg(1.5, 2.0)  # positive advantage, ratio above 1 + 0.28 -> clipped at 1.28
    assert loss.item() == pytest.approx(-1.28 * 2.0)
    assert st.clip_high_frac == 1.0 and st.clip_low_frac == 0.0
    loss, st = _pg(1.25, 2.0)  # inside the raised upper range: not clipped (clip-higher)
    assert loss.item() == pytest.approx(-1.25 * 2.0)
    assert st.clip_high_frac == 0.0
    loss, st = _pg(1.5, -2.0)  # negative advantage: min picks the unclipped, larger penalty
    assert loss.item() == pytest.approx(1.5 * 2.0)
    assert st.clip_high_frac == 0.0


def test_clip_low_side():
    loss, st = _pg(0.5, -1.0)  # negative advantage, ratio below 1 - 0.2 -> clipped at 0.8
    assert loss.item() == pytest.approx(0.8)
    assert st.clip_low_frac == 1.0
    loss, st = _pg(0.5, 1.0)  # positive advantage: unclipped term is the min
    assert loss.item() == pytest.approx(-0.5)
    assert st.clip_low_frac == 0.0


def test_clipped_loss_has_no_gradient_where_clipped():
    lp = torch.log(torch.tensor([[1.5, 1.0]])).requires_grad_()
    loss, st = clipped_pg_loss(lp, torch.zeros(1, 2), torch.tensor([1.0]), torch.ones(1, 2),
                               eps_low=0.2, eps_high=0.2)
    loss.backward()
    torch.testing.assert_close(lp.grad, torch.tensor([[0.0, -0.5]]))  # d(-r)/dlp = -r / 2 tokens
    assert st.clip_high_frac == 0.5


@pytest.mark.parametrize("agg", list(AGGREGATIONS))
def test_on_policy_clipped_gradient_equals_policy_gradient(agg):
    """One epoch, on-policy (old logprobs = current logprobs, detached): the clipped surrogate's
    gradient equals the plain policy gradient -A grad log pi under the same aggregation."""
    torch.manual_seed(0)
    logits = torch.randn(3, 5, 7, requires_grad=True)  # [B, T, V]
    tokens = torch.randint(0, 7, (3, 5))
    mask = torch.tensor([[1, 1, 1, 0, 0], [1, 1, 1, 1, 1], [0, 1, 1, 1, 0]])
    adv = torch.tensor([0.7, -1.3, 0.4])

    def logprobs():
        return torch.log_softmax(logits, -1).gather(-1, tokens[..., None]).squeeze(-1)

    lp = logprobs()
    loss, stats = clipped_pg_loss(lp, lp.detach(), adv, mask, 0.2, 0.28,
                                  AGGREGATIONS[agg], norm=5.0)
    (g_clip,) = torch.autograd.grad(loss, logits)
    ref = pg_loss(logprobs(), adv, mask, AGGREGATIONS[agg], norm=5.0)
    (g_pg,) = torch.autograd.grad(ref, logits)
    torch.testing.assert_close(g_clip, g_pg)
    assert stats.clip_low_frac == stats.clip_high_frac == 0.0
    assert stats.ratio_mean == pytest.approx(1.0)


def test_kl_estimators_hand_worked():
    lp = torch.tensor([[math.log(0.5)]])
    ref = torch.tensor([[math.log(0.25)]])
    m = torch.ones(1, 1)
    d = math.log(0.5) - math.log(0.25)  # log 2
    assert kl_penalty(lp, ref, m, "k1")[0].item() == pytest.approx(d)
    assert kl_penalty(lp, ref, m, "k2")[0].item() == pytest.approx(0.5 * d * d)
    # k3: exp(ref - lp) - (ref - lp) - 1 = 0.5 + log 2 - 1
    loss, st = kl_penalty(lp, ref, m, "k3")
    assert loss.item() == pytest.approx(0.5 + d - 1)
    assert st.kl == pytest.approx(0.5 + d - 1)
    with pytest.raises(KeyError, match="k3"):
        kl_penalty(lp, ref, m, "k4")


def test_kl_zero_when_equal_and_k3_gradient_points_back_to_ref():
    lp = torch.tensor([[-1.0, -2.0]], requires_grad=True)
    ref = torch.tensor([[-1.0, -1.0]])
    for est in ("k1", "k2", "k3"):
        assert kl_penalty(ref, ref, torch.ones(1, 2), est)[0].item() == 0.0
    loss, _ = kl_penalty(lp, ref, torch.ones(1, 2), "k3")
    loss.backward()
    assert lp.grad[0, 0].item() == pytest.approx(0.0) and lp.grad[0, 1].item() < 0


def test_entropy_hand_worked():
    logits = torch.log(torch.tensor([[[0.5, 0.25, 0.25], [1.0, 1e-12, 1e-12]]]))
    ent = entropy_from_logits(logits)
    assert ent[0, 0].item() == pytest.approx(1.5 * math.log(2))
    assert ent[0, 1].item() == pytest.approx(0.0, abs=1e-6)
    loss, st = entropy_bonus(ent, torch.tensor([[1, 0]]))
    assert loss.item() == pytest.approx(-1.5 * math.log(2)) and st.entropy > 0


def test_value_loss_hand_worked():
    v = torch.tensor([[1.0, 0.0]])
    old = torch.tensor([[0.5, 0.0]])
    ret = torch.tensor([[0.0, 1.0]])
    # token 0: unclipped (1-0)^2 = 1; clipped v = 0.5 + 0.2 = 0.7 -> 0.49; max = 1
    # token 1: unclipped 1, clipped same -> 1; mean of 0.5 * [1, 1] = 0.5
    loss, st = value_loss(v, old, ret, torch.ones(1, 2), clip=0.2)
    assert loss.item() == pytest.approx(0.5)
    v2 = torch.tensor([[0.0, 0.0]])
    old2 = torch.tensor([[1.0, 0.0]])
    ret2 = torch.tensor([[0.5, 0.0]])
    # token 0: unclipped .25; clipped v = 1 - .2 = .8 -> .09; max .25 -> 0.125; token 1: 0
    loss, st = value_loss(v2, old2, ret2, torch.ones(1, 2), clip=0.2)
    assert loss.item() == pytest.approx(0.125 / 2)
    assert st.value_clip_frac == 0.0


@pytest.mark.parametrize("name", list(AGGREGATIONS))
def test_micro_weights_make_accumulation_equal_one_batch(name):
    """Equivalence: reduce(whole batch) == sum over micro-batches of reduce(micro) weighted by
    micro_weight / total, for uneven micro-batches and a sequence without policy tokens."""
    agg = AGGREGATIONS[name]
    torch.manual_seed(0)
    values = torch.randn(7, 5)
    mask = torch.tensor([[1, 1, 0, 0, 0], [1, 1, 1, 1, 1], [0, 0, 0, 0, 0], [0, 1, 1, 0, 0],
                         [1, 0, 0, 0, 0], [1, 1, 1, 0, 0], [0, 0, 1, 1, 1]]).float()
    parts = [slice(0, 3), slice(3, 4), slice(4, 7)]
    total = sum(agg.micro_weight(mask[p]) for p in parts)
    accumulated = sum(agg(values[p], mask[p], 6.0) * agg.micro_weight(mask[p]) / total
                      for p in parts)
    torch.testing.assert_close(accumulated, agg(values, mask, 6.0))
