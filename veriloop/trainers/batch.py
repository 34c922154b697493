"""Token batches for training: sequence packing and per-token logprobs of the trained model.

Sequences (a trajectory's exact `token_ids`, never re-tokenized) are packed first-fit-decreasing
into rows of `row_len` tokens. Each row gets position ids that restart at every sequence and a
block-diagonal causal attention mask, so a packed forward pass equals separate forward passes
(tested) while wasting no compute on padding. Per-token results are gathered back into a
`[B, L]` layout (B sequences, L = longest sequence - 1 predicted tokens) for losses that
aggregate per sequence.

Position j of a sequence's `[B, L]` row is the prediction of token j + 1 from tokens 0..j; its
loss mask is the trajectory's loss mask of token j + 1 (1 on policy tokens only).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

import torch
from torch import Tensor


@dataclass
class Packed:
    input_ids: Tensor  # [R, T]
    position_ids: Tensor  # [R, T]
    attention_mask: Tensor  # [R, 1, T, T] bool, True = may attend
    targets: Tensor  # [R, T] next token at each position (0 where none)
    index: Tensor  # [B, L] flat index into [R * T] of the position predicting token j + 1
    valid: Tensor  # [B, L] bool: sequence has a token j + 1
    loss_mask: Tensor  # [B, L] float: token j + 1 is a policy token
    lengths: list[int]

    @property
    def num_tokens(self) -> int:
        return int(sum(self.lengths))

    def gather(self, per_position: Tensor) -> Tensor:
        """[R, T] (or [R, T, ...]) per-row values -> [B, L] per-sequence values (0 padded)."""
        flat = per_position.reshape(-1, *per_position.shape[2:])  # [R*T, ...]
        out = flat[self.index]  # [B, L, ...]
        v = self.valid.reshape(*self.valid.shape, *([1] * (out.dim() - 2)))
        return out * v.to(out.dtype)


def pack(sequences: Sequence[Sequence[int]], masks: Sequence[Sequence[int]],
         row_len: int = 512) -> Packed:
    """Pack token sequences (with their loss masks) into rows of at least the longest length."""
    if not sequences:
        raise ValueError("cannot pack an empty batch")
    lengths = [len(s) for s in sequences]
    if min(lengths) < 2:
        raise ValueError("every sequence needs at least 2 tokens (a prompt and a target)")
    T = max(row_len, max(lengths))
    rows: list[list[int]] = []  # sequence indices per row
    free: list[int] = []
    for i in sorted(range(len(sequences)), key=lambda i: (-lengths[i], i)):
        for r, room in enumerate(free):
            if room >= lengths[i]:
                rows[r].append(i)
                free[r] -= lengths[i]
                break
        else:
            rows.append([i])
            free.append(T - lengths[i])
    R, B, L = len(rows), len(sequences), max(lengths) - 1
    input_ids = torch.zeros(R, T, dtype=torch.long)
    position_ids = torch.zeros(R, T, dtype=torch.long)
    targets = torch.zeros(R, T, dtype=torch.long)
    segment = torch.full((R, T), -1, dtype=torch.long)
    index = torch.zeros(B, L, dtype=torch.long)
    valid = torch.zeros(B, L, dtype=torch.bool)
    loss_mask = torch.zeros(B, L)
    for r, members in enumerate(rows):
        offset = 0
        for i in members:
            n = lengths[i]
            ids = torch.tensor(sequences[i], dtype=torch.long)
            input_ids[r, offset:offset + n] = ids
            position_ids[r, offset:offset + n] = torch.arange(n)
            targets[r, offset:offset + n - 1] = ids[1:]
            segment[r, offset:offset + n] = i
            index[i, :n - 1] = r * T + offset + torch.arange(n - 1)
            valid[i, :n - 1] = True
            loss_mask[i, :n - 1] = torch.tensor(masks[i][1:], dtype=torch.float32)
            offset += n
    causal = torch.tril(torch.ones(T, T, dtype=torch.bool))  # [T, T]
    same = (segment[:, :, None] == segment[:, None, :]) & (segment[:, :, None] >= 0)  # [R, T, T]
    # padding rows attend to themselves only, so softmax never sees an empty row
    eye = torch.eye(T, dtype=torch.bool)[None]  # [1, T, T]
    attn = ((same & causal) | eye)[:, None]  # [R, 1, T, T]
    return Packed(input_ids, position_ids, attn, targets, index, valid, loss_mask, lengths)


@dataclass
class ForwardOut:
    logprobs: Tensor  # [B, L] logprob of token j + 1
    entropy: Tensor | None  # [B, L]
    hidden: Tensor | None  # [R, T, H] last hidden state (for a value head)


def forward_logprobs(model: torch.nn.Module, packed: Packed, temperature: float = 1.0,
                     entropy: bool = False, hidden: bool = False) -> ForwardOut:
    """Teacher-forced logprobs of the packed tokens under `model` (logits / temperature)."""
    out = model(input_ids=packed.input_ids, position_ids=packed.position_ids,
                attention_mask=packed.attention_mask, output_hidden_states=hidden,
                use_cache=False)
    logits = out.logits.float()  # [R, T, V]
    if temperature != 1.0:
        logits = logits / temperature
    logp_all = torch.log_softmax(logits, dim=-1)  # [R, T, V]
    lp = logp_all.gather(-1, packed.targets[..., None]).squeeze(-1)  # [R, T]
    ent = None
    if entropy:
        ent_rows = -(logp_all.exp() * logp_all).sum(-1)  # [R, T]
        ent = packed.gather(ent_rows)  # [B, L]
    h = out.hidden_states[-1] if hidden else None
    return ForwardOut(packed.gather(lp), ent, h)


def aligned(values: Sequence[Sequence[float]], L: int) -> Tensor:
    """Per-token values aligned with token ids (e.g. sampling logprobs) -> [B, L] for tokens
    1..n-1 (the predicted ones)."""
    out = torch.zeros(len(values), L)
    for i, v in enumerate(values):
        out[i, :len(v) - 1] = torch.tensor(v[1:], dtype=torch.float32)
    return out
