"""On-policy distillation's advantage term on hand-worked numbers, and its policy gradient
against autograd's gradient of the reverse KL it estimates."""

import pytest
import torch

from veriloop.algorithms.distill import distill_advantages, reverse_kl

STUDENT = torch.tensor([[-1.0, -2.0, 0.0], [-0.5, -1.0, -3.0]])
TEACHER = torch.tensor([[-0.5, -3.0, 0.0], [-0.5, -2.0, -1.0]])
MASK = torch.tensor([[1.0, 1.0, 0.0], [0.0, 1.0, 1.0]])


def test_sequence_advantages_gain_the_teachers_per_token_term():
    # row 0: 1 + 0.5 * (-0.5 + 1) = 1.25, 1 + 0.5 * (-3 + 2) = 0.5, masked 0
    # row 1: masked 0, -0.5 + 0.5 * (-2 + 1) = -1.0, -0.5 + 0.5 * (-1 + 3) = 0.5
    got = distill_advantages(torch.tensor([1.0, -0.5]), STUDENT, TEACHER, MASK, 0.5)
    assert got.tolist() == [[1.25, 0.5, 0.0], [0.0, -1.0, 0.5]]


def test_token_advantages_and_zero_weight():
    per_token = torch.tensor([[0.2, 0.4, 9.0], [9.0, -0.2, 0.0]])
    got = distill_advantages(per_token, STUDENT, TEACHER, MASK, 1.0)
    # 0.2 + 0.5, 0.4 - 1, masked; masked, -0.2 - 1, 0 + 2
    assert torch.allclose(got, torch.tensor([[0.7, -0.6, 0.0], [0.0, -1.2, 2.0]]))
    plain = distill_advantages(per_token, STUDENT, TEACHER, MASK, 0.0)
    assert torch.equal(plain, per_token * MASK)  # weight 0: the task advantage alone


def test_reverse_kl_is_the_mean_over_policy_tokens():
    # (-1 + 0.5) + (-2 + 3) + (-1 + 2) + (-3 + 1) = -0.5 over 4 tokens
    assert reverse_kl(STUDENT, TEACHER, MASK) == pytest.approx(-0.125)
    assert reverse_kl(STUDENT, TEACHER, torch.zeros_like(MASK)) == 0.0


def test_policy_gradient_of_the_term_is_the_reverse_kl_gradient():
    """With every token weighted by its probability (the expectation the sampled estimate
    follows), the policy-gradient loss -sum_y pi(y) A(y) log pi(y) with A from
    distill_advantages (weight w, no task advantage) has autograd's gradient of
    w * KL(pi || q)."""
    g = torch.Generator().manual_seed(0)
    theta = torch.randn(6, generator=g, requires_grad=True)
    log_q = torch.log_softmax(torch.randn(6, generator=g), -1)
    w = 0.7
    log_pi = torch.log_softmax(theta, -1)
    adv = distill_advantages(torch.zeros(6), log_pi.detach()[:, None], log_q[:, None],
                             torch.ones(6, 1), w)[:, 0]  # one single-token sequence per token
    pg = -(log_pi.exp().detach() * adv * log_pi).sum()
    (grad_pg,) = torch.autograd.grad(pg, theta)
    log_pi = torch.log_softmax(theta, -1)
    kl = w * (log_pi.exp() * (log_pi - log_q)).sum()
    (grad_kl,) = torch.autograd.grad(kl, theta)
    assert torch.allclose(grad_pg, grad_kl, atol=1e-6)
    assert grad_kl.abs().max() > 1e-3  # not a vacuous match
