"""The policy-gradient surrogate a run uses, by name (`algorithm.policy_loss`).

- `clip`: PPO's clipped surrogate with DAPO's decoupled clip ranges
  (`veriloop.algorithms.losses.clipped_pg_loss`).
- `clip_cov`: Clip-Cov ("The Entropy Mechanism of RL for Reasoning LMs", Cui et al. 2025).
  Tokens with a high covariance of log-probability and advantage (`entropy.token_covariance`)
  are the ones whose update lowers entropy most. Among the policy tokens the ratio clip left
  alone, a random `cov_ratio` share (at least one) of those whose covariance lies in
  (`cov_low`, `cov_high`) is detached: its loss is set to 0. The rest gets the clipped surrogate.
- `kl_cov`: KL-Cov (same paper). No ratio clip; the top `cov_ratio` share (at least one) of
  policy tokens by covariance get a penalty `kl_cov_coef * |log pi - log pi_old|` added to
  their unclipped surrogate -r A.

As in the paper's code, the covariance is taken over the tokens handed to the loss (here one
micro-batch), so the selected set depends on the micro-batch size. Every entry has the same
signature and returns `(loss, stats)` with stats a named tuple of detached scalars. Each is an
entry of `veriloop.algorithms.registries.POLICY_LOSSES` with `PolicyLossParams` as its
parameters; a new loss registers there with a parameter model of its own.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import NamedTuple

import torch
from pydantic import Field
from torch import Tensor

from veriloop.algorithms.entropy import per_token, token_covariance
from veriloop.algorithms.losses import Reduce, clipped_pg_loss, token_mean
from veriloop.algorithms.registries import Entry, Params, policy_loss


class PolicyLossParams(Params):
    """The built-in losses' parameters (a config's flat `algorithm` keys of the same names)."""

    eps_low: float = Field(0.2, ge=0)
    eps_high: float = Field(0.2, ge=0)
    cov_ratio: float = Field(2e-4, gt=0, le=1)  # share of policy tokens selected (clip_cov, kl_cov)
    cov_low: float = 1.0  # clip_cov: covariance band the detached tokens come from
    cov_high: float = 5.0
    kl_cov_coef: float = Field(1.0, ge=0)  # kl_cov: weight of |log ratio| on the selected tokens


DEFAULTS = PolicyLossParams()


class CovPGStats(NamedTuple):
    clip_low_frac: float
    clip_high_frac: float
    ratio_mean: float
    approx_kl_old: float
    cov_selected_frac: float  # share of policy tokens detached (clip_cov) or penalized (kl_cov)


PolicyLoss = Callable[..., tuple[Tensor, NamedTuple]]


def _ratio_stats(ratio: Tensor, log_ratio: Tensor, mask: Tensor) -> tuple[float, float]:
    m = mask.to(ratio.dtype)  # [B, T]
    n = m.sum().clamp(min=1.0)
    return (float((ratio * m).sum() / n),
            float(((torch.exp(-log_ratio) + log_ratio - 1) * m).sum() / n))


def clip_loss(logprobs: Tensor, old_logprobs: Tensor, advantages: Tensor, mask: Tensor,
              p: PolicyLossParams = DEFAULTS, aggregation: Reduce = token_mean,
              norm: float = 1.0, generator: torch.Generator | None = None
              ) -> tuple[Tensor, NamedTuple]:
    return clipped_pg_loss(logprobs, old_logprobs, advantages, mask, p.eps_low, p.eps_high,
                           aggregation, norm)


def _detached(logprobs: Tensor, old_logprobs: Tensor, adv: Tensor, mask: Tensor,
              p: PolicyLossParams, drop: Tensor, aggregation: Reduce, norm: float
              ) -> tuple[Tensor, CovPGStats]:
    """`clipped_pg_loss` with the flat token indices `drop` detached (loss 0; they still count
    in the aggregation's token count), and its statistics. adv, mask [B, T]."""
    keep = torch.ones(logprobs.numel(), dtype=logprobs.dtype)  # [B*T]
    keep[drop] = 0.0
    keep = keep.reshape(logprobs.shape)  # [B, T]

    def kept(values: Tensor, mask: Tensor, norm: float = 1.0) -> Tensor:  # a Reduce
        return aggregation(values * keep, mask, norm)

    loss, st = clipped_pg_loss(logprobs, old_logprobs, adv, mask, p.eps_low, p.eps_high,
                               kept, norm)
    n_tok = float(mask.to(logprobs.dtype).sum().clamp(min=1.0))
    return loss, CovPGStats(*st, len(drop) / n_tok)


def clip_cov_loss(logprobs: Tensor, old_logprobs: Tensor, advantages: Tensor, mask: Tensor,
                  p: PolicyLossParams = DEFAULTS, aggregation: Reduce = token_mean,
                  norm: float = 1.0, generator: torch.Generator | None = None
                  ) -> tuple[Tensor, CovPGStats]:
    """Clipped surrogate with a random share of in-band high-covariance tokens detached.
    logprobs, old_logprobs, mask [B, T]; advantages [B] or [B, T]."""
    adv = per_token(advantages, logprobs)
    with torch.no_grad():
        on = mask > 0  # [B, T]
        ratio = torch.exp(logprobs - old_logprobs)  # [B, T]
        clipped = ratio.clamp(1.0 - p.eps_low, 1.0 + p.eps_high)  # [B, T]
        by_clip = (clipped * adv < ratio * adv) & on  # [B, T] the ratio clip already acts
        cov = token_covariance(logprobs, adv, mask)  # [B, T]
        band = (cov > p.cov_low) & (cov < p.cov_high) & on & ~by_clip  # [B, T]
        cand = band.reshape(-1).nonzero().squeeze(-1)  # [C]
        n = max(int(p.cov_ratio * float(on.sum())), 1)
        pick = cand[torch.randperm(len(cand), generator=generator)[:n]]  # [<=n]
    return _detached(logprobs, old_logprobs, adv, mask, p, pick, aggregation, norm)


def kl_cov_loss(logprobs: Tensor, old_logprobs: Tensor, advantages: Tensor, mask: Tensor,
                p: PolicyLossParams = DEFAULTS, aggregation: Reduce = token_mean,
                norm: float = 1.0, generator: torch.Generator | None = None
                ) -> tuple[Tensor, CovPGStats]:
    """Unclipped surrogate -r A plus kl_cov_coef * |log r| on the top-covariance tokens.
    logprobs, old_logprobs, mask [B, T]; advantages [B] or [B, T]."""
    adv = per_token(advantages, logprobs)
    log_ratio = logprobs - old_logprobs  # [B, T]
    ratio = torch.exp(log_ratio)  # [B, T]
    on = mask > 0  # [B, T]
    with torch.no_grad():
        cov = token_covariance(logprobs, adv, mask).masked_fill(~on, float("-inf"))  # [B, T]
        n_on = int(on.sum())
        k = min(max(int(p.cov_ratio * n_on), 1), n_on)
        top = cov.reshape(-1).topk(k).indices  # [k]
        sel = torch.zeros(logprobs.numel(), dtype=ratio.dtype)  # [B*T]
        sel[top] = 1.0
        sel = sel.reshape(logprobs.shape)  # [B, T]
        r_mean, kl_old = _ratio_stats(ratio, log_ratio, mask)
        stats = CovPGStats(0.0, 0.0, r_mean, kl_old, k / max(n_on, 1))
    loss = -ratio * adv + p.kl_cov_coef * log_ratio.abs() * sel  # [B, T]
    return aggregation(loss, mask, norm), stats


def top_cov_detached_loss(logprobs: Tensor, old_logprobs: Tensor, advantages: Tensor,
                          mask: Tensor, share: float, p: PolicyLossParams = DEFAULTS,
                          aggregation: Reduce = token_mean, norm: float = 1.0,
                          score: Tensor | None = None) -> tuple[Tensor, CovPGStats]:
    """The clipped surrogate with the round(share x policy tokens) tokens of highest positive
    score detached: their loss is 0, and they still count in the aggregation's token count, as
    in Clip-Cov. The score says how much a token's update lowers entropy: by default its
    covariance term over the batch (`entropy.token_covariance`); `score` [B, T] replaces it
    (the `state` ranking passes -A * `entropy.entropy_slope`). share 0 is exactly `clip_loss`,
    for the `cov` entropy controller. logprobs, old_logprobs, mask [B, T]; advantages [B] or
    [B, T]."""
    adv = per_token(advantages, logprobs)
    with torch.no_grad():
        on = mask > 0  # [B, T]
        cov = token_covariance(logprobs, adv, mask) if score is None else score.detach()
        cov = cov.masked_fill(~on, 0.0)  # [B, T]
        k = min(round(share * int(on.sum())), int((cov > 0).sum()))
        top = cov.reshape(-1).topk(k).indices  # [k]
    return _detached(logprobs, old_logprobs, adv, mask, p, top, aggregation, norm)


# the registry's built-ins (`veriloop.algorithms.registries.POLICY_LOSSES`)
CLIP = Entry(clip_loss, PolicyLossParams)
CLIP_COV = Entry(clip_cov_loss, PolicyLossParams)
KL_COV = Entry(kl_cov_loss, PolicyLossParams)


def get_policy_loss(name: str) -> PolicyLoss:
    """The loss function registered as `name` (KeyError with the close names otherwise)."""
    return policy_loss(name).fn
