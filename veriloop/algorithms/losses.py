"""Policy-gradient losses, KL penalties, entropy and value losses: pure functions over tensors.

- `clipped_pg_loss`: PPO's clipped surrogate with separate lower and upper clip ranges
  (`eps_low`, `eps_high`): DAPO's clip-higher raises `eps_high` so low-probability tokens can
  grow. Symmetric eps gives the PPO/GRPO loss. The "old" logprobs are the sampling logprobs the
  rollout recorded, so the first minibatch of an on-policy epoch has ratio 1 and its gradient
  equals the plain policy gradient (tested).
- Aggregation of per-token losses (`AGGREGATIONS`, selected by name):
  `token_mean` — sum over all policy tokens of the batch / number of policy tokens (DAPO; long
  answers weigh per token, not per sequence); `seq_mean_token_mean` — mean over sequences of the
  per-sequence token mean (the original GRPO objective); `seq_sum_norm` — sum over tokens
  divided by batch size × a constant (Dr.GRPO: no length normalization, a constant such as the
  generation budget instead). Each registry entry also says how much a micro-batch weighs when
  gradients are accumulated (`Aggregation.micro_weight`), so the accumulated gradient of several
  micro-batches equals that of one big batch (tested for every entry).
- KL to a reference policy, estimators `k1` (log ratio), `k2` (half squared log ratio), `k3`
  (exp(ref - lp) - (ref - lp) - 1, unbiased and non-negative; the GRPO choice), per token.
- `entropy_from_logits`, and PPO's clipped `value_loss`.
- Off-policy corrections for asynchronous training (`OFF_POLICY`, selected by
  `algorithm.off_policy`), where the sampling (behaviour) policy can be some versions older
  than the trainer's: `none` (the clipped loss against the behaviour logprobs, as on-policy),
  `decoupled` (AReaL's decoupled PPO: clip against a *proximal* policy — the trainer's weights
  before this step's update, one extra forward — and weight each token by pi_prox / pi_behav;
  like AReaL, tokens whose weight exceeds the cap are masked out rather than truncated) and
  `tis` (truncated importance sampling as in IMPALA/V-trace: no clipping and no extra
  forward; the gradient is min(pi / pi_behav, cap) * A * grad log pi).

Every loss returns `(loss, stats)` where stats is a named tuple of detached scalars.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import NamedTuple, Protocol

import torch
from torch import Tensor


class Reduce(Protocol):
    def __call__(self, values: Tensor, mask: Tensor, norm: float = 1.0) -> Tensor: ...


def _masked_token_mean(values: Tensor, mask: Tensor) -> Tensor:
    m = mask.to(values.dtype)  # [B, T]
    return (values * m).sum() / m.sum().clamp(min=1.0)


def token_mean(values: Tensor, mask: Tensor, norm: float = 1.0) -> Tensor:
    """sum(values * mask) / sum(mask) over the whole batch (DAPO)."""
    return _masked_token_mean(values, mask)


def seq_mean_token_mean(values: Tensor, mask: Tensor, norm: float = 1.0) -> Tensor:
    """mean over sequences with at least one token of sum_t(values * mask) / len (GRPO)."""
    m = mask.to(values.dtype)  # [B, T]
    lengths = m.sum(dim=1)  # [B]
    per_seq = (values * m).sum(dim=1) / lengths.clamp(min=1.0)  # [B]
    has = (lengths > 0).to(values.dtype)  # [B]
    return (per_seq * has).sum() / has.sum().clamp(min=1.0)


def seq_sum_norm(values: Tensor, mask: Tensor, norm: float = 1.0) -> Tensor:
    """sum(values * mask) / (B * norm): Dr.GRPO's constant normalizer (e.g. max new tokens)."""
    m = mask.to(values.dtype)  # [B, T]
    return (values * m).sum() / (values.shape[0] * norm)


@dataclass(frozen=True)
class Aggregation:
    """A registry entry: the reduction, and the weight of a micro-batch (from its loss mask
    `[b, T]`) in gradient accumulation: a minibatch's gradient is the sum over its micro-batches
    of grad(reduce(micro)) * micro_weight(micro) / sum of the micro_weights."""

    reduce: Reduce
    micro_weight: Callable[[Tensor], float]

    def __call__(self, values: Tensor, mask: Tensor, norm: float = 1.0) -> Tensor:
        return self.reduce(values, mask, norm)


AGGREGATIONS: dict[str, Aggregation] = {
    # a token-mean over the union is the token-count-weighted mean of the micro token-means
    "token_mean": Aggregation(token_mean, lambda mask: float(mask.sum())),
    # ... a mean over sequences with tokens, weighted by how many such sequences each holds
    "seq_mean_token_mean": Aggregation(seq_mean_token_mean,
                                       lambda mask: float((mask.sum(1) > 0).sum())),
    # ... a sum divided by the batch size: weighted by the micro-batch's size
    "seq_sum_norm": Aggregation(seq_sum_norm, lambda mask: float(mask.shape[0])),
}


def get_aggregation(name: str) -> Aggregation:
    if name not in AGGREGATIONS:
        raise KeyError(f"loss aggregation '{name}' is unknown; known: {', '.join(AGGREGATIONS)}")
    return AGGREGATIONS[name]


class PGStats(NamedTuple):
    clip_low_frac: float  # fraction of policy tokens whose ratio was clipped below 1 - eps_low
    clip_high_frac: float  # ... clipped above 1 + eps_high
    ratio_mean: float
    approx_kl_old: float  # k3 estimate of KL(old || new) on the tokens, for monitoring


def clipped_pg_loss(logprobs: Tensor, old_logprobs: Tensor, advantages: Tensor, mask: Tensor,
                    eps_low: float = 0.2, eps_high: float = 0.2,
                    aggregation: Reduce = token_mean,
                    norm: float = 1.0) -> tuple[Tensor, PGStats]:
    """Clipped surrogate -min(r A, clip(r, 1 - eps_low, 1 + eps_high) A), aggregated.

    logprobs, old_logprobs, mask: [B, T]; advantages: [B] (one per sequence) or [B, T].
    A clip is counted only where it changes the loss (the clipped term is the minimum).
    """
    adv = advantages[:, None] if advantages.dim() == 1 else advantages  # [B, T] or [B, 1]
    log_ratio = logprobs - old_logprobs  # [B, T]
    ratio = torch.exp(log_ratio)  # [B, T]
    clipped = ratio.clamp(1.0 - eps_low, 1.0 + eps_high)  # [B, T]
    per_token = -torch.min(ratio * adv, clipped * adv)  # [B, T]
    loss = aggregation(per_token, mask, norm)
    with torch.no_grad():
        m = mask.to(ratio.dtype)  # [B, T]
        low = ((ratio < 1.0 - eps_low) & (adv < 0)).to(ratio.dtype)  # [B, T]
        high = ((ratio > 1.0 + eps_high) & (adv > 0)).to(ratio.dtype)  # [B, T]
        stats = PGStats(
            clip_low_frac=float(_masked_token_mean(low, m)),
            clip_high_frac=float(_masked_token_mean(high, m)),
            ratio_mean=float(_masked_token_mean(ratio, m)),
            approx_kl_old=float(_masked_token_mean(torch.exp(-log_ratio) + log_ratio - 1, m)),
        )
    return loss, stats


def pg_loss(logprobs: Tensor, advantages: Tensor, mask: Tensor,
            aggregation: Reduce = token_mean, norm: float = 1.0) -> Tensor:
    """The plain policy-gradient loss -A log pi, aggregated (the equivalence-test reference)."""
    adv = advantages[:, None] if advantages.dim() == 1 else advantages
    return aggregation(-adv * logprobs, mask, norm)


KLEstimator = Callable[[Tensor, Tensor], Tensor]


def kl_k1(logprobs: Tensor, ref_logprobs: Tensor) -> Tensor:
    """log pi - log pi_ref (unbiased, can be negative)."""
    return logprobs - ref_logprobs  # [B, T]


def kl_k2(logprobs: Tensor, ref_logprobs: Tensor) -> Tensor:
    """(log pi - log pi_ref)^2 / 2 (biased, low variance)."""
    return 0.5 * (logprobs - ref_logprobs) ** 2  # [B, T]


def kl_k3(logprobs: Tensor, ref_logprobs: Tensor) -> Tensor:
    """exp(ref - lp) - (ref - lp) - 1 (unbiased, non-negative; the GRPO estimator)."""
    d = ref_logprobs - logprobs  # [B, T]
    return torch.exp(d) - d - 1  # [B, T]


KL_ESTIMATORS: dict[str, KLEstimator] = {"k1": kl_k1, "k2": kl_k2, "k3": kl_k3}


def get_kl_estimator(name: str) -> KLEstimator:
    if name not in KL_ESTIMATORS:
        raise KeyError(f"KL estimator '{name}' is unknown; known: {', '.join(KL_ESTIMATORS)}")
    return KL_ESTIMATORS[name]


class KLStats(NamedTuple):
    kl: float


def kl_penalty(logprobs: Tensor, ref_logprobs: Tensor, mask: Tensor, estimator: str = "k3",
               aggregation: Reduce = token_mean,
               norm: float = 1.0) -> tuple[Tensor, KLStats]:
    """Aggregated per-token KL(pi || pi_ref) estimate; multiply by a coefficient and add."""
    per_token = get_kl_estimator(estimator)(logprobs, ref_logprobs)  # [B, T]
    loss = aggregation(per_token, mask, norm)
    return loss, KLStats(kl=float(loss.detach()))


def entropy_from_logits(logits: Tensor) -> Tensor:
    """Entropy of the categorical over the last axis: logits [B, T, V] -> [B, T]."""
    logp = torch.log_softmax(logits.float(), dim=-1)  # [B, T, V]
    return -(logp.exp() * logp).sum(dim=-1)  # [B, T]


class EntropyStats(NamedTuple):
    entropy: float


def entropy_bonus(entropy: Tensor, mask: Tensor, aggregation: Reduce = token_mean,
                  norm: float = 1.0) -> tuple[Tensor, EntropyStats]:
    """-aggregated entropy: adding coef * this loss rewards exploration."""
    ent = aggregation(entropy, mask, norm)
    return -ent, EntropyStats(entropy=float(ent.detach()))


class ValueStats(NamedTuple):
    value_loss: float
    value_clip_frac: float


def value_loss(values: Tensor, old_values: Tensor, returns: Tensor, mask: Tensor,
               clip: float | None = 0.2,
               aggregation: Reduce = token_mean) -> tuple[Tensor, ValueStats]:
    """PPO value loss 0.5 * max((v - R)^2, (clip(v, v_old ± clip) - R)^2); values etc. [B, T]."""
    unclipped = (values - returns) ** 2  # [B, T]
    if clip is None:
        per_token = 0.5 * unclipped
        frac = 0.0
    else:
        v_clip = old_values + (values - old_values).clamp(-clip, clip)  # [B, T]
        clipped = (v_clip - returns) ** 2  # [B, T]
        per_token = 0.5 * torch.max(unclipped, clipped)  # [B, T]
        frac = float(_masked_token_mean((clipped > unclipped).to(values.dtype), mask))
    loss = aggregation(per_token, mask)
    return loss, ValueStats(value_loss=float(loss.detach()), value_clip_frac=frac)


class OffPolicyStats(NamedTuple):
    clip_low_frac: float
    clip_high_frac: float
    ratio_mean: float  # pi / pi_prox (decoupled) or pi / pi_behav (none, tis)
    approx_kl_old: float
    is_weight_mean: float  # mean importance weight on policy tokens (1 for none)
    is_capped_frac: float  # fraction of policy tokens whose weight the cap changed


def _with_weights(pg: PGStats, weight: Tensor, capped: Tensor, mask: Tensor) -> OffPolicyStats:
    m = mask.to(weight.dtype)  # [B, T]
    return OffPolicyStats(*pg, is_weight_mean=float(_masked_token_mean(weight.detach(), m)),
                          is_capped_frac=float(_masked_token_mean(capped.to(m.dtype), m)))


def no_correction(logprobs: Tensor, prox_logprobs: Tensor | None, behav_logprobs: Tensor,
                  advantages: Tensor, mask: Tensor, eps_low: float = 0.2,
                  eps_high: float = 0.2, cap: float | None = None,
                  aggregation: Reduce = token_mean,
                  norm: float = 1.0) -> tuple[Tensor, OffPolicyStats]:
    """`clipped_pg_loss` against the behaviour (sampling) logprobs; `prox_logprobs` and `cap`
    are unused."""
    loss, st = clipped_pg_loss(logprobs, behav_logprobs, advantages, mask, eps_low, eps_high,
                               aggregation, norm)
    ones = torch.ones_like(logprobs)  # [B, T]
    return loss, _with_weights(st, ones, torch.zeros_like(mask, dtype=torch.bool), mask)


def decoupled_pg_loss(logprobs: Tensor, prox_logprobs: Tensor | None, behav_logprobs: Tensor,
                      advantages: Tensor, mask: Tensor, eps_low: float = 0.2,
                      eps_high: float = 0.2, cap: float | None = None,
                      aggregation: Reduce = token_mean,
                      norm: float = 1.0) -> tuple[Tensor, OffPolicyStats]:
    """AReaL's decoupled objective: w * -min(r A, clip(r, 1 - eps_low, 1 + eps_high) A) with
    r = pi / pi_prox and the fixed weight w = pi_prox / pi_behav; tokens with w > cap get
    weight 0 (no cap: None). All tensors [B, T] except advantages ([B] or [B, T])."""
    if prox_logprobs is None:
        raise ValueError("decoupled_pg_loss needs the proximal policy's logprobs")
    adv = advantages[:, None] if advantages.dim() == 1 else advantages  # [B, T] or [B, 1]
    log_ratio = logprobs - prox_logprobs  # [B, T]
    ratio = torch.exp(log_ratio)  # [B, T]
    clipped = ratio.clamp(1.0 - eps_low, 1.0 + eps_high)  # [B, T]
    surrogate = -torch.min(ratio * adv, clipped * adv)  # [B, T]
    weight = torch.exp(prox_logprobs - behav_logprobs).detach()  # [B, T]
    capped = weight > cap if cap is not None else torch.zeros_like(weight, dtype=torch.bool)
    weight = weight.masked_fill(capped, 0.0)  # [B, T]
    loss = aggregation(surrogate * weight, mask, norm)
    with torch.no_grad():
        m = mask.to(ratio.dtype)  # [B, T]
        pg = PGStats(
            clip_low_frac=float(_masked_token_mean(((ratio < 1 - eps_low) & (adv < 0)).to(m.dtype),
                                                   m)),
            clip_high_frac=float(_masked_token_mean(((ratio > 1 + eps_high) & (adv > 0))
                                                    .to(m.dtype), m)),
            ratio_mean=float(_masked_token_mean(ratio, m)),
            approx_kl_old=float(_masked_token_mean(torch.exp(-log_ratio) + log_ratio - 1, m)))
    return loss, _with_weights(pg, weight, capped, mask)


def tis_pg_loss(logprobs: Tensor, prox_logprobs: Tensor | None, behav_logprobs: Tensor,
                advantages: Tensor, mask: Tensor, eps_low: float = 0.2, eps_high: float = 0.2,
                cap: float | None = 2.0, aggregation: Reduce = token_mean,
                norm: float = 1.0) -> tuple[Tensor, OffPolicyStats]:
    """Truncated importance-weighted policy gradient: -sg(min(rho, cap)) * A * log pi with
    rho = pi / pi_behav (no cap: None). No clipping; `prox_logprobs`, eps_* are unused."""
    adv = advantages[:, None] if advantages.dim() == 1 else advantages  # [B, T] or [B, 1]
    log_ratio = (logprobs - behav_logprobs).detach()  # [B, T]
    rho = torch.exp(log_ratio)  # [B, T]
    weight = rho.clamp(max=cap) if cap is not None else rho  # [B, T]
    loss = aggregation(-weight * adv * logprobs, mask, norm)
    with torch.no_grad():
        m = mask.to(rho.dtype)  # [B, T]
        pg = PGStats(0.0, 0.0, float(_masked_token_mean(rho, m)),
                     float(_masked_token_mean(torch.exp(-log_ratio) + log_ratio - 1, m)))
    return loss, _with_weights(pg, weight, rho > cap if cap is not None else rho < 0, mask)


@dataclass(frozen=True)
class OffPolicy:
    """A registry entry: the loss, and whether it needs the proximal policy's logprobs (the
    trainer's model before the update, one forward over the batch)."""

    loss: Callable[..., tuple[Tensor, OffPolicyStats]]
    needs_proximal: bool


OFF_POLICY: dict[str, OffPolicy] = {
    "none": OffPolicy(no_correction, needs_proximal=False),
    "decoupled": OffPolicy(decoupled_pg_loss, needs_proximal=True),
    "tis": OffPolicy(tis_pg_loss, needs_proximal=False),
}


def get_off_policy(name: str) -> OffPolicy:
    if name not in OFF_POLICY:
        raise KeyError(f"off-policy correction '{name}' is unknown; known: {', '.join(OFF_POLICY)}")
    return OFF_POLICY[name]
