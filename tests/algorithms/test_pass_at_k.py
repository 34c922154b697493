"""Pass@k group advantages (veriloop/algorithms/pass_at_k.py, issue 48): the paper's closed form
by hand, k = 1 equal to GRPO, partial rewards against an enumeration of every k-subset."""

from __future__ import annotations

import itertools

import pytest
import torch

from veriloop.algorithms.advantages import get_advantage, grpo
from veriloop.algorithms.pass_at_k import PassAtKParams, pass_at_k
from veriloop.algorithms.registries import ESTIMATORS
from veriloop.trainers.algorithm_config import AlgorithmConfig


def test_binary_group_by_hand():
    # 4 samples, 1 success, k = 2: pass@2 = 1 - C(3,2)/C(4,2) = 0.5, std = sqrt(0.5 x 0.5) = 0.5;
    # the success (1 - 0.5) / 0.5 = 1; a failure (1 - 0.5 - C(2,1)/C(3,1)) / 0.5 = -1/3
    r = torch.tensor([[0.0, 1.0, 0.0, 0.0]])
    a = pass_at_k(r, torch.ones_like(r, dtype=torch.bool), eps=0.0, k=2)
    torch.testing.assert_close(a, torch.tensor([[-1 / 3, 1.0, -1 / 3, -1 / 3]]))
    # GRPO gives the failures -1/sqrt(3) each: pass@2 penalizes them less (exploration kept)
    g = grpo(r, torch.ones_like(r, dtype=torch.bool), eps=0.0)
    assert (a[0, 0] > g[0, 0]).item()


def test_k_one_is_grpo():
    torch.manual_seed(0)
    r = torch.rand(5, 8).round(decimals=1)
    valid = torch.rand(5, 8) > 0.2
    torch.testing.assert_close(pass_at_k(r, valid, k=1), grpo(r, valid), atol=1e-5, rtol=1e-5)


@pytest.mark.parametrize("n,k", [(6, 3), (5, 2), (4, 4)])
def test_partial_rewards_match_every_k_subset(n, k):
    """E[best of k], its std and E[best of k | j among them], enumerated subset by subset."""
    r = torch.tensor([0.3, 1.0, 0.0, 0.3, 0.7, 0.5][:n])
    subsets = list(itertools.combinations(range(n), k))
    best = torch.tensor([max(r[list(s)].tolist()) for s in subsets], dtype=torch.float64)
    mean, std = best.mean(), best.std(unbiased=False)
    cond = torch.tensor([best[[j in s for s in subsets]].mean().item() for j in range(n)])
    want = ((cond - mean) / (std + 1e-6)).float()
    got = pass_at_k(r[None], torch.ones(1, n, dtype=torch.bool), k=k)[0]
    torch.testing.assert_close(got, want, atol=1e-6, rtol=1e-6)


def test_invalid_samples_sit_out_and_small_groups_shrink_k():
    r = torch.tensor([[1.0, 0.0, 5.0, 0.0], [1.0, 0.0, 0.0, 0.0]])
    valid = torch.tensor([[True, True, False, True], [True, True, False, False]])
    a = pass_at_k(r, valid, eps=0.0, k=8)
    assert a[0, 2] == 0 and a[1, 2:].eq(0).all()  # the fault's reward (5) is not counted
    # row 0: 3 valid, k = 3: one subset, best 1.0 for everyone: no signal, no advantage
    assert a[0].eq(0).all()
    flat = pass_at_k(torch.ones(1, 4), torch.ones(1, 4, dtype=torch.bool), k=2)
    assert flat.eq(0).all()  # a flat group has no advantage


def test_a_config_chooses_it_with_its_k():
    entry = ESTIMATORS.get("pass_at_k")
    assert entry.kind == "group" and entry.params is PassAtKParams
    assert entry.configure({"k": 2}, AlgorithmConfig()) == PassAtKParams(k=2)
    r = torch.tensor([[0.0, 1.0, 0.0, 0.0]])
    a = get_advantage("pass_at_k")(r, torch.ones_like(r, dtype=torch.bool), k=2, eps=0.0)
    assert a[0, 1].item() == pytest.approx(1.0)


def test_k_anneals_linearly_toward_pass_at_1():
    # k 8 -> 1 over 7 steps: step s uses round(8 - (s - 1)), then holds 1
    p = PassAtKParams(k=8, final_k=1, anneal_steps=7)
    assert [p.at_step(s).k for s in (1, 2, 4, 8, 20)] == [8, 7, 5, 1, 1]
    # k 4 -> 1 over 2 steps: 4, round(2.5) = 2 (banker's rounding), 1
    q = PassAtKParams(k=4, final_k=1, anneal_steps=2)
    assert [q.at_step(s).k for s in (1, 2, 3)] == [4, 2, 1]
    assert PassAtKParams(k=4).at_step(50) == PassAtKParams(k=4)  # no schedule: fixed


def test_the_trainers_credit_uses_the_steps_k():
    """Credit at step s computes exactly pass_at_k with the step's k; at the end it is GRPO."""
    from veriloop.algorithms.advantages import group_tensors, grpo
    from veriloop.trainers.rl_batch import build_credit
    from veriloop.types import Grade, Group, Trajectory

    def traj(i, score):
        return Trajectory(id=f"t{i}", run_id="r", task_id="a", env="e", group_id="g",
                          prompt_text="", prompt_ids=(1,), grade=Grade(score=score,
                                                                       passed=score == 1))

    groups = [Group.of([traj(i, s) for i, s in enumerate([1.0, 0.0, 0.0, 0.0, 1.0, 0.0])])]
    x = group_tensors(groups)
    credit = build_credit(AlgorithmConfig(advantage="pass_at_k", advantage_params={
        "k": 4, "final_k": 1, "anneal_steps": 3}))
    keep = torch.ones(6, dtype=torch.bool)
    trajs = list(groups[0].samples)
    for step, k in ((1, 4), (2, 3), (3, 2), (4, 1)):
        got = credit(groups, x, keep, trajs, 1, step=step)
        want = pass_at_k(x.rewards, x.valid, k=k)[0]
        torch.testing.assert_close(got, want)
    torch.testing.assert_close(credit(groups, x, keep, trajs, 1, step=9),
                               grpo(x.rewards, x.valid)[0])
