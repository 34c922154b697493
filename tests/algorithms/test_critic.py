"""PPO's critic: values land on the policy positions, the value loss falls as the head learns
fixed targets, and the builder gives a critic only to estimators that need one."""

import pytest
import torch

from veriloop.algorithms.advantages import Critic, get_critic_estimator
from veriloop.trainers.algorithm_config import AlgorithmConfig
from veriloop.trainers.rl_batch import build_critic


def test_values_are_scattered_to_the_selected_positions():
    critic = Critic(3, get_critic_estimator("gae"))
    with torch.no_grad():
        critic.head.weight.copy_(torch.tensor([[1.0, 2.0, 3.0]]))
        critic.head.bias.fill_(0.5)
    where = torch.tensor([[False, True, True], [True, False, False]])
    hidden = torch.tensor([[1.0, 0.0, 0.0], [0.0, 1.0, 0.0], [0.0, 0.0, 1.0]])
    torch.testing.assert_close(critic.values(hidden, where),
                               torch.tensor([[0.0, 1.5, 2.5], [3.5, 0.0, 0.0]]))


def test_value_loss_falls_on_a_fixed_batch():
    torch.manual_seed(0)
    critic = Critic(8, get_critic_estimator("gae"), clip=None, coef=1.0)
    where = torch.tensor([[False, True, True, True], [False, False, True, True]])
    hidden = torch.randn(int(where.sum()), 8)
    old = critic.values(hidden, where).detach()  # zero-initialised head: all 0
    assert torch.all(old == 0)
    _, returns = critic.advantages(torch.tensor([1.0, -0.5]), old, where.float())
    opt = torch.optim.Adam(critic.parameters(), lr=0.05)
    losses = []
    for _ in range(60):
        loss, stats = critic.loss(critic.values(hidden, where), old, returns, where.float())
        opt.zero_grad()
        loss.backward()
        opt.step()
        losses.append(stats.value_loss)
    assert losses[0] > 0.1 and losses[-1] < 0.01 * losses[0]


def test_builder_gives_a_critic_only_where_the_estimator_needs_one():
    assert build_critic(AlgorithmConfig(advantage="grpo"), 16) is None
    critic = build_critic(AlgorithmConfig(advantage="gae", gamma=0.9, lam=0.5, value_clip=None,
                                          value_coef=0.25), 16)
    assert critic is not None and critic.head.in_features == 16
    assert (critic.gamma, critic.lam, critic.clip, critic.coef) == (0.9, 0.5, None, 0.25)
    v = torch.ones(1, 2, requires_grad=True)
    loss, st = critic.loss(v, torch.zeros(1, 2), torch.zeros(1, 2), torch.ones(1, 2))
    assert loss.item() == pytest.approx(0.25 * 0.5) and st.value_loss == pytest.approx(0.5)
