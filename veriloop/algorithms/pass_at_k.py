"""Pass@k group advantages: optimize the chance that one of k samples solves a task (issue 48).

Pass@k Training (Chen et al. 2025, "Pass@k Training for Adaptively Balancing Exploration and
Exploitation of Large Reasoning Models") rewards a group of k samples by its best member and
derives each sample's advantage analytically, without drawing the subgroups: over every
k-subset S of a prompt's N samples,

    mean  = E_S[max_{i in S} r_i]                 (the group's pass@k, for 0/1 rewards)
    std   = sqrt(E_S[max^2] - mean^2)
    A_j   = (E_S[max | j in S] - mean) / (std + eps)

For 0/1 rewards with N_neg failures this is the paper's closed form: mean = 1 - C(N_neg, k) /
C(N, k), a success gets (1 - mean) / std and a failure (1 - mean - C(N_neg - 1, k - 1) /
C(N - 1, k - 1)) / std: a failure is penalized only by the share of its subsets that hold no
success, so a group keeps sampling varied answers instead of collapsing onto the one it
already solves. With k = 1 it is GRPO exactly (tested).

How it differs from the paper: rewards need not be 0/1. Sorting a group's rewards, the i-th
smallest (1-based) is the maximum of C(i-1, k-1) of the C(N, k) subsets, and of the subsets
holding sample j (at sorted position p) the maximum is r_j in C(p-1, k-1) of them and the i-th
smallest (i > p) in C(i-2, k-2); so partial credit (BFCL's `reward: partial`) is ranked by the
same expectation. Invalid samples (infrastructure faults) are left out of every subset and get
0; a group with fewer valid samples than k uses k = its valid count.

Annealing toward pass@1 (the paper's suggestion: explore with pass@k, then exploit): with
`final_k` and `anneal_steps`, step s uses k moved linearly from `k` to `final_k` over the first
`anneal_steps` steps, rounded to the nearest integer (`PassAtKParams.at_step`, which the trainer
applies each step).
"""

from __future__ import annotations

from math import comb

import torch
from pydantic import Field
from torch import Tensor

from veriloop.algorithms.advantages import GroupParams
from veriloop.algorithms.registries import Entry


class PassAtKParams(GroupParams):
    k: int = Field(4, ge=1)
    """Subgroup size: the objective is the best of k samples (1: GRPO)."""
    final_k: int | None = Field(None, ge=1)
    """The k the run anneals to (1: pass@1, GRPO); None keeps `k`."""
    anneal_steps: int = Field(0, ge=0)
    """Steps over which k moves linearly to `final_k`; 0 keeps `k`."""

    def at_step(self, step: int) -> PassAtKParams:
        """The parameters of training step `step` (1-based): k on its schedule, fixed."""
        if self.final_k is None or not self.anneal_steps:
            return self
        t = min(1.0, max(0, step - 1) / self.anneal_steps)
        k = round(self.k + t * (self.final_k - self.k))
        return self.model_copy(update={"k": k, "final_k": None, "anneal_steps": 0})


def subset_max_weights(n: int, k: int) -> tuple[Tensor, Tensor]:
    """For n sorted samples and k-subsets: `top [n]`, the share of subsets whose maximum is the
    i-th smallest, and `cond [n, n]`, row p the shares, among subsets holding the p-th smallest,
    of those whose maximum is the i-th smallest (float64)."""
    top = torch.tensor([comb(i, k - 1) for i in range(n)], dtype=torch.float64) / comb(n, k)
    cond = torch.zeros(n, n, dtype=torch.float64)  # [n, n]
    for p in range(n):
        cond[p, p] = comb(p, k - 1)
        for i in range(p + 1, n):
            cond[p, i] = comb(i - 1, k - 2) if k >= 2 else 0
    return top, cond / comb(n - 1, k - 1)


def pass_at_k(rewards: Tensor, valid: Tensor, eps: float = 1e-6, lengths: Tensor | None = None,
              k: int = 4, final_k: int | None = None, anneal_steps: int = 0) -> Tensor:
    """(E[best of k | sample in the k] - E[best of k]) / (std of the best of k + eps), per group
    over its valid samples (module docstring); rewards [G, K] -> advantages [G, K]. `k` is the
    step's (`final_k`, `anneal_steps`: the schedule `PassAtKParams.at_step` has resolved)."""
    out = torch.zeros_like(rewards)  # [G, K]
    for g in range(rewards.shape[0]):
        idx = valid[g].nonzero().flatten()  # [n]
        if len(idx) == 0:
            continue
        r = rewards[g, idx].double()  # [n]
        order = torch.argsort(r, stable=True)  # ascending; ties keep sample order
        ranked = r[order]  # [n]
        top, cond = subset_max_weights(len(idx), min(k, len(idx)))
        mean = (top * ranked).sum()
        std = ((top * ranked ** 2).sum() - mean ** 2).clamp(min=0).sqrt()
        if std <= 0:  # every subset's best is the same: no signal (flat, or k = n)
            continue
        adv = (cond @ ranked - mean) / (std + eps)  # [n], in sorted order
        out[g, idx[order]] = adv.to(rewards.dtype)
    return out


PASS_AT_K = Entry(pass_at_k, PassAtKParams, "group")
