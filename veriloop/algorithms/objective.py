"""The RL objective of one micro-batch, assembled from the configured registry entries.

loss = value loss (with a critic) + policy-gradient loss + entropy_coef x entropy bonus
       + kl_coef x KL to the reference policy (when reference log-probs are given)
(entropy_controller cov: no bonus, the controller's share of tokens is dropped from the
policy-gradient loss; kl: no bonus, the controller's coefficient is added to kl_coef)

The policy-gradient term is the on-policy loss (`algorithm.policy_loss`: clip, clip_cov,
kl_cov, or any entry of `registries.POLICY_LOSSES`, with its own parameters) against the
sampling log-probs, or, with `algorithm.off_policy` set, that correction
(decoupled clipping against the proximal policy, truncated importance weights) against the
behaviour policy. Every term is aggregated over tokens as `algorithm.aggregation` says.
"""

from __future__ import annotations

from typing import Any, Literal, NamedTuple, Protocol

import torch

from veriloop.algorithms.critic import Critic
from veriloop.algorithms.entropy import entropy_diagnostics, per_token
from veriloop.algorithms.losses import entropy_bonus, get_aggregation, get_off_policy, kl_penalty
from veriloop.algorithms.policy_losses import top_cov_detached_loss
from veriloop.algorithms.registries import policy_loss


class ObjectiveSettings(Protocol):
    """The `algorithm` settings the objective reads (`veriloop.trainers.config.AlgorithmConfig`
    has them)."""

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
