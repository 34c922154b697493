"""Parameter-space noise for exploration (`algorithm.param_noise`; issue 48).

Instead of (or besides) sampling tokens at a temperature, the policy that rolls out a step is
the current model with Gaussian noise added to its weights, one draw per step (Plappert et al.
2018, "Parameter Space Noise for Exploration"; Fortunato et al. 2018, NoisyNet): a perturbed
policy is consistent across a whole episode, so it explores different *strategies* rather than
different tokens. Each weight matrix W (every parameter of 2 or more dimensions; norms and
biases are left alone) gets sigma * rms(W) * N(0, 1), seeded by the run's seed and the step,
and is restored exactly (copied back) once the step's rollouts are done.

The rollouts' sampling log-probs are the perturbed policy's, so the update's ratio
pi_theta / pi_perturbed is the importance weight of those off-policy samples, clipped as every
ratio is. Only synchronous rollouts sampled by the trained model itself are perturbed (a
separate rollout engine, Ray workers or an asynchronous producer hold their own copies:
refused by `RolloutSource`).
"""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager

import torch


@contextmanager
def perturbed(model: torch.nn.Module, sigma: float, seed: int) -> Iterator[None]:
    """`model`'s weight matrices with relative Gaussian noise `sigma` inside the block, restored
    exactly after it (also on an error)."""
    if sigma <= 0:
        yield
        return
    gen = torch.Generator().manual_seed(seed)
    saved: list[tuple[torch.nn.Parameter, torch.Tensor]] = []
    try:
        with torch.no_grad():
            for p in model.parameters():
                if p.dim() < 2 or not p.is_floating_point():
                    continue
                saved.append((p, p.detach().clone()))
                noise = torch.randn(p.shape, generator=gen, dtype=torch.float32)
                rms = p.detach().float().pow(2).mean().sqrt()
                p.add_((noise * (sigma * rms)).to(p.device, p.dtype))
        yield
    finally:
        with torch.no_grad():
            for p, original in saved:
                p.copy_(original)
