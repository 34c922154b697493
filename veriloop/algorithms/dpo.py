"""Direct preference optimization over token-exact trajectories: pure functions.

The DPO loss (Rafailov et al. 2023), with the definition TRL's `DPOTrainer` uses for its
"sigmoid" loss as the reference: for a pair (chosen c, rejected r) of responses to the same
task, with sequence log-probabilities under the policy (pi) and the frozen reference (ref),

    h = beta * ((log pi(c) - log ref(c)) - (log pi(r) - log ref(r)))
    loss = -(1 - ls) * log sigmoid(h) - ls * log sigmoid(-h)

averaged over pairs (ls: conservative-DPO label smoothing, 0 = plain DPO). How it differs from
text DPO: a response is a whole agent trajectory, and its log-probability is the sum over its
*policy tokens only* (loss mask 1: the tokens the model sampled, never tool outputs or the
prompt), on the exact token ids that were sampled. For branches that share a prefix the shared
policy tokens contribute equally to both sides and cancel.
"""

from __future__ import annotations

from typing import NamedTuple

import torch
import torch.nn.functional as F
from torch import Tensor


def sequence_logprobs(token_logprobs: Tensor, mask: Tensor) -> Tensor:
    """Sum of the per-token log-probabilities over policy tokens: [B, L], [B, L] -> [B]."""
    return (token_logprobs * mask.to(token_logprobs.dtype)).sum(dim=1)  # [B]


class DPOStats(NamedTuple):
    dpo_loss: float
    reward_margin: float  # mean beta * (chosen log-ratio - rejected log-ratio)
    reward_accuracy: float  # share of pairs whose chosen implicit reward is higher
    chosen_reward: float  # mean beta * (log pi(c) - log ref(c))
    rejected_reward: float


def dpo_loss(chosen: Tensor, rejected: Tensor, ref_chosen: Tensor, ref_rejected: Tensor,
             beta: float = 0.1, label_smoothing: float = 0.0) -> tuple[Tensor, DPOStats]:
    """Mean DPO loss over P pairs; every argument a sequence log-probability [P]."""
    chosen_r = beta * (chosen - ref_chosen)  # [P]
    rejected_r = beta * (rejected - ref_rejected)  # [P]
    h = chosen_r - rejected_r  # [P]
    per_pair = -(1 - label_smoothing) * F.logsigmoid(h) - label_smoothing * F.logsigmoid(-h)
    loss = per_pair.mean()
    with torch.no_grad():
        stats = DPOStats(float(loss), float(h.mean()), float((h > 0).float().mean()),
                         float(chosen_r.mean()), float(rejected_r.mean()))
    return loss, stats
