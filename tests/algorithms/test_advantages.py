"""Hand-worked numbers for every advantage estimator."""

import math

import pytest
import torch

from veriloop.algorithms.advantages import (
    difficulty_weighted,
    difficulty_weights,
    gae,
    get_advantage,
    get_critic_estimator,
    list_advantages,
    needs_critic,
    terminal_rewards,
    whiten,
)
from veriloop.algorithms.turn_advantages import is_turn_level

R = torch.tensor([[1.0, 0.0, 0.0, 1.0], [1.0, 1.0, 1.0, 0.0]])
ALL = torch.ones_like(R, dtype=torch.bool)


def test_registry_names_and_error():
    assert {"grpo", "dr_grpo", "rloo", "reinforce_pp"} <= set(list_advantages())
    with pytest.raises(KeyError, match="known: "):
        get_advantage("nope")


def test_grpo_hand_worked():
    # group 0: mean 0.5, population std 0.5 -> +-1; group 1: mean 0.75, std sqrt(3)/4
    a = get_advantage("grpo")(R, ALL, eps=0.0)
    s = math.sqrt(3) / 4
    expect = torch.tensor([[1.0, -1.0, -1.0, 1.0], [0.25 / s, 0.25 / s, 0.25 / s, -0.75 / s]])
    torch.testing.assert_close(a, expect)


def test_dr_grpo_hand_worked():
    a = get_advantage("dr_grpo")(R, ALL)
    torch.testing.assert_close(a, torch.tensor([[0.5, -0.5, -0.5, 0.5], [0.25, 0.25, 0.25, -0.75]]))


def test_rloo_hand_worked():
    # group 1, sample 0: others are (1, 1, 0) -> baseline 2/3 -> 1/3; sample 3: baseline 1 -> -1
    a = get_advantage("rloo")(R, ALL)
    third = 1.0 / 3.0
    expect = torch.tensor([[1 - third, -2 * third, -2 * third, 1 - third],
                           [third, third, third, -1.0]])
    torch.testing.assert_close(a, expect)


def test_reinforce_pp_hand_worked():
    # centred: [.5,-.5,-.5,.5,.25,.25,.25,-.75]; batch mean 0; var = (4*.25 + 3*.0625 + .5625)/8
    a = get_advantage("reinforce_pp")(R, ALL, eps=0.0)
    std = math.sqrt((4 * 0.25 + 3 * 0.0625 + 0.5625) / 8)
    expect = torch.tensor([[0.5, -0.5, -0.5, 0.5], [0.25, 0.25, 0.25, -0.75]]) / std
    torch.testing.assert_close(a, expect)


def test_invalid_samples_get_zero_and_no_baseline_weight():
    r = torch.tensor([[1.0, 0.0, 0.0, 5.0]])
    valid = torch.tensor([[True, True, True, False]])  # sample 3 errored for infra reasons
    a = get_advantage("dr_grpo")(r, valid)
    torch.testing.assert_close(a, torch.tensor([[2 / 3, -1 / 3, -1 / 3, 0.0]]))
    a = get_advantage("rloo")(r, valid)
    torch.testing.assert_close(a, torch.tensor([[1.0, -0.5, -0.5, 0.0]]))


def test_equal_rewards_give_zero_advantage():
    r = torch.ones(2, 3)
    for name in list_advantages():
        if not needs_critic(name) and not is_turn_level(name):
            assert torch.all(get_advantage(name)(r, torch.ones_like(r, dtype=torch.bool)) == 0)


def test_difficulty_weighting_hand_worked():
    # center 0.5, low 0.5, high 1.5: w(0.5) = 1; slope 0 -> w = 1 everywhere
    w = difficulty_weights(torch.tensor([0.5, 0.0, 1.0]), slope=10.0)
    assert w[0].item() == pytest.approx(1.0)
    assert w[1].item() == pytest.approx(0.5 + 1.0 / (1 + math.exp(-5)))
    assert w[2].item() == pytest.approx(0.5 + 1.0 / (1 + math.exp(5)))
    adv = torch.tensor([[0.75, -0.25, -0.25, -0.25]])  # pass rate 0.25: a hard prompt
    out = difficulty_weighted(adv, torch.tensor([0.25]))
    w_pos = 0.5 + 1.0 / (1 + math.exp(10 * (0.25 - 0.5)))
    w_neg = 0.5 + 1.0 / (1 + math.exp(10 * (0.75 - 0.5)))
    torch.testing.assert_close(out, torch.tensor([[0.75 * w_pos, -0.25 * w_neg, -0.25 * w_neg,
                                                  -0.25 * w_neg]]))
    assert w_pos > 1 > w_neg  # the rare success on a hard prompt is reinforced more


def test_gae_hand_worked():
    # one sequence: prompt token (masked), 2 actions, a tool output (masked), 1 action
    rewards = torch.tensor([[0.0, 0.0, 0.0, 0.0, 1.0]])
    values = torch.tensor([[9.0, 0.5, 0.6, 9.0, 0.8]])
    mask = torch.tensor([[0, 1, 1, 0, 1]])
    gamma, lam = 0.9, 0.5
    d4 = 1.0 - 0.8  # terminal
    d2 = 0.0 + gamma * 0.8 - 0.6  # skips the masked tool output
    d1 = 0.0 + gamma * 0.6 - 0.5
    a4 = d4
    a2 = d2 + gamma * lam * a4
    a1 = d1 + gamma * lam * a2
    adv, ret = gae(rewards, values, mask, gamma, lam)
    torch.testing.assert_close(adv, torch.tensor([[0.0, a1, a2, 0.0, a4]]))
    torch.testing.assert_close(ret, torch.tensor([[0.0, a1 + 0.5, a2 + 0.6, 0.0, a4 + 0.8]]))


def test_gae_lambda_one_gamma_one_is_return_minus_value():
    # equivalence: with gamma = lambda = 1, GAE = (sum of future rewards) - V
    torch.manual_seed(0)
    r, v = torch.randn(3, 6), torch.randn(3, 6)
    adv, _ = gae(r, v, torch.ones(3, 6), 1.0, 1.0)
    mc = torch.flip(torch.cumsum(torch.flip(r, [1]), 1), [1])
    torch.testing.assert_close(adv, mc - v)


def test_terminal_rewards_and_whitening_hand_worked():
    mask = torch.tensor([[0, 1, 1, 0, 1, 0], [0, 0, 1, 1, 0, 0], [0, 0, 0, 0, 0, 0]])
    out = terminal_rewards(torch.tensor([2.0, -1.0, 5.0]), mask)
    # on the last policy token; a sequence without policy tokens gets nothing
    torch.testing.assert_close(out, torch.tensor([[0, 0, 0, 0, 2.0, 0], [0, 0, 0, -1.0, 0, 0],
                                                  [0, 0, 0, 0, 0, 0]]))
    values = torch.tensor([[9.0, 1.0, 2.0, 9.0, 3.0, 9.0], [9.0, 9.0, 4.0, 6.0, 9.0, 9.0]])
    w = whiten(values, mask[:2])
    # policy tokens 1, 2, 3, 4, 6: mean 3.2, population std sqrt(2.96)
    sd = math.sqrt(2.96)
    expected = torch.tensor([[0, (1 - 3.2) / sd, (2 - 3.2) / sd, 0, (3 - 3.2) / sd, 0],
                             [0, 0, (4 - 3.2) / sd, (6 - 3.2) / sd, 0, 0]])
    torch.testing.assert_close(w, expected, atol=1e-5, rtol=1e-5)


def test_gae_estimator_places_the_reward_and_whitens_advantages_not_returns():
    mask = torch.tensor([[0.0, 1.0, 1.0, 0.0, 1.0], [0.0, 1.0, 1.0, 1.0, 0.0]])
    values = torch.tensor([[0.0, 0.1, 0.2, 0.0, 0.4], [0.0, -0.3, 0.1, 0.2, 0.0]])
    rewards = torch.tensor([1.0, -1.0])
    assert needs_critic("gae") and not needs_critic("grpo") and "gae" in list_advantages()
    adv, ret = get_critic_estimator("gae")(rewards, values, mask, 1.0, 0.9)
    raw, raw_ret = gae(terminal_rewards(rewards, mask), values, mask, 1.0, 0.9)
    torch.testing.assert_close(ret, raw_ret)
    torch.testing.assert_close(adv, whiten(raw, mask))
    on = adv[mask > 0]
    assert abs(float(on.mean())) < 1e-6 and float(on.std(unbiased=False)) == pytest.approx(1, 1e-4)
    with pytest.raises(KeyError, match="value head"):
        get_advantage("gae")
