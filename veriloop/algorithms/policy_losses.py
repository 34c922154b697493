"""The RL objective of a micro-batch (`Objective`) and the policy-gradient surrogates it is
assembled from, by name (`algorithm.policy_loss`).

loss = value loss (with a critic) + policy-gradient loss + entropy_coef x entropy bonus
       + kl_coef x KL to the reference policy (when reference log-probs are given)
(entropy_controller cov: no bonus, the controller's share of tokens is dropped from the
policy-gradient loss; kl: no bonus, the controller's coefficient is added to kl_coef)

The policy-gradient term is the on-policy loss (`algorithm.policy_loss`: clip, clip_cov,
kl_cov, or any entry of `registries.POLICY_LOSSES`, with its own parameters) against the
sampling log-probs, or, with `algorithm.off_policy` set, that correction
(decoupled clipping against the proximal policy, truncated importance weights) against the
behaviour policy. Every term is aggregated over tokens as `algorithm.aggregation` says. The
built-in on-policy surrogates:

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
from typing import Any, Literal, NamedTuple, Protocol

import torch
from pydantic import Field
from torch import Tensor

from veriloop.algorithms.advantages import Critic
from veriloop.algorithms.entropy import entropy_diagnostics, per_token, token_covariance
from veriloop.algorithms.losses import (
    Reduce,
    clipped_pg_loss,
    entropy_bonus,
    get_aggregation,
    get_off_policy,
    kl_penalty,
    token_mean,
)
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


class ObjectiveSettings(Protocol):
    """The `algorithm` settings the objective reads
    (`veriloop.trainers.algorithm_config.AlgorithmConfig` has them)."""

    policy_loss: str
    policy_loss_params: dict[str, Any]
    aggregation: str
    loss_norm: float | None
    off_policy: str
    eps_low: float
    eps_high: float
    is_cap: float | None
    kl_coef: float
    kl_estimator: str
    entropy_coef: float
    cov_score: Literal["batch", "state"]

    @property
    def controller(self) -> str | None: ...


class Objective:
    """`objective(out, rows, mask, entropy_coef) -> (loss, detached statistics)`; under the
    `cov` entropy controller `entropy_coef` is its share of top-covariance tokens to drop."""

    def __init__(self, algorithm: ObjectiveSettings, max_new_tokens: int, seed: int) -> None:
        a = self.algorithm = algorithm
        self.aggregation = get_aggregation(a.aggregation)
        entry = policy_loss(a.policy_loss)
        self.policy_loss = entry.fn
        self.off_policy = get_off_policy(a.off_policy)
        # the loss's own parameters; the cov controller uses the clip loss's (its config
        # validator insists on policy_loss clip)
        self.params = entry.configure(a.policy_loss_params, a, "algorithm.policy_loss_params")
        self.norm = float(a.loss_norm or max_new_tokens)  # the constant of seq_mean_token_sum_norm
        self.generator = torch.Generator().manual_seed(seed)  # clip_cov's token draw

    @property
    def entropy_bonus(self) -> bool:
        """Whether the loss has an entropy bonus (so the forward needs the entropy's gradient):
        a fixed coefficient, or an adaptive controller other than `cov` or `kl` (they add none)."""
        a = self.algorithm
        return a.entropy_coef != 0 or a.controller not in (None, "cov", "kl")

    @property
    def entropy_slope(self) -> bool:
        """Whether the forward must return each token's entropy slope (`cov_score: state`)."""
        return self.algorithm.controller == "cov" and self.algorithm.cov_score == "state"

    def skips_inert(self, critic: Critic | None, batch: Any) -> bool:
        """Whether a token of advantage 0 adds nothing to the loss or its gradient, so that the
        update may leave sequences whose every advantage is 0 out of its forwards: the clipped
        loss (clip_cov and kl_cov rank tokens against the others'), no entropy term or
        controller, no KL term (none when `batch` has no reference log-probs), no critic. The
        update's statistics (entropy, ratios) then cover the other sequences only."""
        a = self.algorithm
        return (a.policy_loss == "clip" and a.controller is None and a.entropy_coef == 0
                and not (batch.ref_logprobs is not None and a.kl_coef) and critic is None)

    def reseed(self, seed: int) -> None:
        self.generator.manual_seed(seed)

    def __call__(self, out: Any, rows: Any, mask: torch.Tensor, entropy_coef: float,
                 critic: Critic | None = None) -> tuple[torch.Tensor, dict[str, float]]:
        """`out`: the forward's logprobs/entropy/hidden states of the micro-batch; `rows`: its
        fixed inputs (advantages, old/proximal/reference log-probs, old values, returns);
        `mask` [b, L]: the policy tokens."""
        a, agg, norm = self.algorithm, self.aggregation, self.norm
        stats: dict[str, float] = {}
        loss = torch.zeros(())
        if critic is not None:
            values = critic.values(out.hidden, out.selected)  # [b, L]
            vloss, vst = critic.loss(values, rows.old_values, rows.returns, mask)
            loss = loss + vloss
            stats.update(vst._asdict())
        # each token's first-order entropy change at its state (cov_score: state only)
        drive = None if out.slope is None else per_token(rows.advantages, out.slope) * out.slope
        pst: NamedTuple  # each loss's own statistics
        if a.controller == "cov":
            # entropy_coef is the controller's share of tokens to drop, no bonus
            score = None if drive is None else -drive  # state ranking: entropy lowered
            pg, pst = top_cov_detached_loss(out.logprobs, rows.old_logprobs, rows.advantages,
                                            mask, entropy_coef, self.params, agg, norm, score)
            stats["cov_detach_share"], entropy_coef = entropy_coef, 0.0
        elif a.off_policy == "none":  # on-policy: clip, clip_cov or kl_cov
            pg, pst = self.policy_loss(out.logprobs, rows.old_logprobs, rows.advantages, mask,
                                       self.params, agg, norm, self.generator)
        else:  # asynchronous rollouts: a correction against the behaviour policy
            pg, pst = self.off_policy.loss(out.logprobs, rows.prox_logprobs, rows.old_logprobs,
                                           rows.advantages, mask, a.eps_low, a.eps_high,
                                           a.is_cap, agg, norm)
        kl_coef = a.kl_coef
        if a.controller == "kl":
            # entropy_coef is the controller's extra KL weight, no bonus
            stats["kl_control_coef"], kl_coef = entropy_coef, kl_coef + entropy_coef
            entropy_coef = 0.0
        loss = loss + pg
        stats.update(pst._asdict())
        stats["pg_loss"] = float(pg.detach())
        ent_loss, est = entropy_bonus(out.entropy, mask, agg, norm)
        stats.update(est._asdict())
        diag = entropy_diagnostics(out.entropy, out.logprobs, rows.advantages, mask)
        stats.update({k: v for k, v in diag._asdict().items() if k != "entropy"})
        if drive is not None and mask.any():  # its mean over the policy tokens
            stats["entropy_drive"] = float(drive[mask > 0].mean())
        stats["entropy_coef"] = entropy_coef
        if entropy_coef:
            loss = loss + entropy_coef * ent_loss
        if rows.ref_logprobs is not None:
            kl, kst = kl_penalty(out.logprobs, rows.ref_logprobs, mask, a.kl_estimator, agg, norm)
            loss = loss + kl_coef * kl
            stats.update(kst._asdict())
        stats["loss"] = float(loss.detach())
        return loss, stats
