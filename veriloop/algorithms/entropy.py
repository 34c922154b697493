"""Entropy diagnostics and the adaptive entropy coefficient: pure functions, no trainer state.

- `token_covariance`: per-token centred products (log pi(y_t) - mean)(A_t - mean) over the
  policy tokens of a batch. Their mean is the covariance of the token log-probability and the
  advantage, the quantity that drives entropy change under policy gradient ("The Entropy
  Mechanism of RL for Reasoning LMs", Cui et al. 2025: for a softmax policy and a natural
  policy-gradient step of size eta, H(next) - H(now) ~= -eta Cov(log pi, A)). A positive
  covariance (confident tokens get positive advantages) means entropy falls. Here the
  covariance is taken over all policy tokens of the (micro-)batch, as the paper's Clip-Cov /
  KL-Cov code does, not per state.
- `entropy_diagnostics`: mean entropy, that covariance, the share of near-deterministic tokens
  and the mean covariance of the top 1% tokens, detached, as a named tuple.
- `AdaptiveEntropy`: Skywork-OR1's adaptive entropy control. A controller value c starts at
  `init`; after each step with measured entropy e, c += delta if e < target and c -= delta if
  e > target, clamped to [0, max_coef]; the coefficient applied is c while e <= target and 0
  above it (the bonus only ever pushes entropy up towards the target). How it differs: e is
  the entropy measured in the previous step's update (one step of lag; Skywork measures the
  current batch before updating, which would cost an extra forward pass here).
  `kind="pi"` (veriloop's, `algorithm.entropy_controller: pi`): a signed proportional-integral
  controller on the relative error e = (target - entropy) / target, clipped to [-1, 1]. The
  coefficient applied to a micro-batch is c + max_coef * e with e from that micro-batch's own
  entropy (measured in the same forward pass, so no lag), and after each step c += delta * e
  (the step's mean entropy); both clamped to [-max_coef, max_coef]. Above the target the
  coefficient turns negative (an entropy penalty): Skywork's never does, so when a policy whose
  groups all fail has zero GRPO advantages, nothing pulls its entropy back down (the runaway in
  benchmarks/RESULTS.md).
  `kind="cov"` (`entropy_controller: cov`): the same signed controller, but its output is not
  a bonus coefficient: it is the share q = clamp(c + max_coef * e, 0, max_coef) of policy tokens,
  those with the highest positive Cov(log pi, A) term, whose policy gradient is dropped
  (`policy_losses.top_cov_detached_loss`). Those tokens are the ones whose update lowers entropy
  most, so the controller acts on the force that collapses entropy in the very update that
  would apply it, instead of adding an opposing bonus whose effect builds up over steps; above
  the target q = 0 and the update is plain GRPO's. Clip-Cov detaches a fixed, small share.
  With `cov_score: state` the tokens are ranked by their own first-order entropy change at
  their state (`entropy_slope`) instead.
  `kind="kl"` (`entropy_controller: kl`): the same controller's output, floored at 0, is a
  coefficient on the KL penalty to the reference (initial) policy, added to `kl_coef`. Below
  the target the policy is pulled back towards the model it started from, which had the higher
  entropy; above it the update is plain GRPO's. The restoring force grows with how far each
  sampled token's probability has moved from the reference, so it acts on the sharpened tokens
  at once, where an entropy bonus spreads probability onto tokens neither model would pick.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import NamedTuple

import torch
from torch import Tensor


def per_token(advantages: Tensor, like: Tensor) -> Tensor:
    """Advantages [B] (one per sequence) or [B, T] as [B, T], shaped like `like`."""
    return advantages[:, None].expand_as(like) if advantages.dim() == 1 else advantages


def entropy_slope(logp: Tensor, logp_y: Tensor) -> Tensor:
    """d H / d eta when the logits z of a state move along the gradient of one token's log-prob,
    z <- z + eta (e_y - pi): -pi_y (log pi_y + H) + sum_b pi_b^2 (log pi_b + H), detached.

    A policy-gradient step gives token y the step eta * A, so A * slope is that token's
    first-order entropy change at its own state, in logit space (the network's shared weights
    and Adam's scaling are not in it). Negative for a probable token (log pi_y > -H) with a
    positive advantage: those sharpen the distribution. logp [..., V] the state's log-probs,
    logp_y [...] the token's -> [...]."""
    with torch.no_grad():
        p = logp.exp()  # [..., V]
        h = -(p * logp).sum(-1, keepdim=True)  # [..., 1]
        s2 = (p * p * (logp + h)).sum(-1)  # [...]
        return s2 - logp_y.exp() * (logp_y + h[..., 0])  # [...]


def token_covariance(logprobs: Tensor, advantages: Tensor, mask: Tensor) -> Tensor:
    """(lp - mean lp)(A - mean A) per policy token, means over the mask, 0 elsewhere (detached).

    logprobs, mask [B, T]; advantages [B] or [B, T] -> [B, T]."""
    m = mask.to(logprobs.dtype)  # [B, T]
    adv = per_token(advantages, logprobs)
    n = m.sum().clamp(min=1.0)
    lp = logprobs.detach()  # [B, T]
    lp_c = lp - (lp * m).sum() / n  # [B, T]
    a_c = adv.detach() - (adv.detach() * m).sum() / n  # [B, T]
    return lp_c * a_c * m  # [B, T]


class EntropyDiagnostics(NamedTuple):
    entropy: float  # mean entropy per policy token (nats)
    cov_logp_adv: float  # Cov(log pi, A) over policy tokens
    low_entropy_frac: float  # share of policy tokens with entropy < 0.01 nats
    cov_top1pct: float  # mean covariance of the top 1% tokens by covariance


def entropy_diagnostics(entropy: Tensor, logprobs: Tensor, advantages: Tensor,
                        mask: Tensor) -> EntropyDiagnostics:
    """Detached per-step entropy statistics; entropy, logprobs, mask [B, T]; advantages [B] or
    [B, T]."""
    m = mask > 0  # [B, T]
    n = int(m.sum())
    if n == 0:
        return EntropyDiagnostics(0.0, 0.0, 0.0, 0.0)
    cov = token_covariance(logprobs, advantages, mask)[m]  # [N]
    ent = entropy.detach()[m]  # [N]
    k = max(1, n // 100)
    return EntropyDiagnostics(entropy=float(ent.mean()), cov_logp_adv=float(cov.mean()),
                              low_entropy_frac=float((ent < 0.01).float().mean()),
                              cov_top1pct=float(cov.topk(k).values.mean()))


@dataclass(frozen=True)
class AdaptiveEntropy:
    """Skywork-OR1 adaptive entropy control (see the module docstring). Immutable: `update`
    returns the next state; `coef` is what the next step's loss uses."""

    target: float  # target entropy, nats per token
    delta: float = 0.005  # controller step per training step (pi: integral gain)
    max_coef: float = 0.05  # bound (pi: also the proportional gain)
    c: float = 0.0  # controller value
    entropy: float | None = None  # last measured entropy (None before the first step)
    kind: str = "skywork"  # or "pi", "cov", "kl"

    def __post_init__(self) -> None:
        if self.kind not in ("skywork", "pi", "cov", "kl"):
            raise ValueError(f"entropy controller {self.kind!r} is unknown; use skywork, pi, "
                             "cov or kl")

    def _error(self, entropy: float) -> float:
        return min(max((self.target - entropy) / self.target, -1.0), 1.0)

    def _clamp(self, x: float) -> float:
        low = -self.max_coef if self.kind != "skywork" else 0.0
        return min(max(x, low), self.max_coef)

    @property
    def coef(self) -> float:
        """skywork: c while the last entropy is at or below the target, else 0 (first step: c);
        pi: c (its coefficient without a current measurement); cov: max(c, 0), a share; kl:
        max(c, 0), a KL coefficient."""
        if self.kind == "pi":
            return self.c
        if self.kind in ("cov", "kl"):
            return max(self.c, 0.0)
        return self.c if self.entropy is None or self.entropy <= self.target else 0.0

    def coef_at(self, entropy: float | None) -> float:
        """The coefficient for a micro-batch whose entropy is `entropy` (pi: c + max_coef * e;
        cov and kl: the same, floored at 0; skywork, or no measurement:
        `coef`)."""
        if self.kind == "skywork" or entropy is None:
            return self.coef
        out = self._clamp(self.c + self.max_coef * self._error(entropy))
        return max(out, 0.0) if self.kind in ("cov", "kl") else out

    def update(self, entropy: float) -> AdaptiveEntropy:
        if self.kind != "skywork":
            step = self.delta * self._error(entropy)
        else:
            step = self.delta if entropy < self.target else -self.delta \
                if entropy > self.target else 0.0
        return AdaptiveEntropy(self.target, self.delta, self.max_coef, self._clamp(self.c + step),
                               float(entropy), self.kind)

    def state_dict(self) -> dict[str, float | None]:
        return {"c": self.c, "entropy": self.entropy}

    def load(self, state: dict[str, float | None]) -> AdaptiveEntropy:
        return AdaptiveEntropy(self.target, self.delta, self.max_coef, float(state["c"] or 0.0),
                               state["entropy"], self.kind)
