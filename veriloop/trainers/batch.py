"""Token batches for training: sequence packing and per-token logprobs of the trained model.

Sequences (each context a trajectory was sampled in, its exact ids, never re-tokenized) are packed into rows of
`row_len` tokens. A row lays out a prefix shared by all its sequences once (a group's prompt,
an environment's system prompt), then each sequence's own suffix; position ids continue from the
prefix and a block causal attention mask lets each suffix see only the prefix and itself, so a
packed forward pass equals separate forward passes (tested) while computing shared prompts once
and wasting no compute on padding. Per-token results are gathered back into a
`[B, L]` layout (B sequences, L = longest sequence - 1 predicted tokens) for losses that
aggregate per sequence.

Position j of a sequence's `[B, L]` row is the prediction of token j + 1 from tokens 0..j; its
loss mask is the trajectory's loss mask of token j + 1 (1 on policy tokens only).

`TrainBatch` is one RL step's training data in that layout, one typed row per sequence (old
and reference logprobs, advantages, the critic's values and returns); the trainer packs its
micro-batches from it and hands its rows to the losses.

`turn_token_values` lays one value per turn on that turn's policy tokens (a turn-level
estimator's advantages, `veriloop.trainers.rl_batch.Credit`); `turn_metrics` reports per-turn
rewards and advantages for every estimator.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field, fields, replace
from typing import Any

import torch
from torch import Tensor

from veriloop.algorithms.entropy import entropy_slope as slope_of
from veriloop.algorithms.turn_advantages import turn_rewards
from veriloop.models.llama import grouped_hidden, supports_fast_forward
from veriloop.types import Trajectory


@dataclass
class Packed:
    input_ids: Tensor  # [R, T]
    position_ids: Tensor  # [R, T]
    attention_mask: Tensor  # [R, 1, T, T] bool, True = may attend
    index: Tensor  # [B, L] flat index into [R * T] of the position predicting token j + 1
    targets: Tensor  # [B, L] token j + 1 of each sequence (0 where none)
    valid: Tensor  # [B, L] bool: sequence has a token j + 1
    loss_mask: Tensor  # [B, L] float: token j + 1 is a policy token
    lengths: list[int]
    row_tokens: int  # tokens actually laid out (shared prefixes counted once)
    rows: list[tuple[list[int], int]] | None = None  # (member sequences, shared prefix length)
    sequences: list[list[int]] | None = None

    @property
    def num_tokens(self) -> int:
        return int(sum(self.lengths))

    def to(self, device: torch.device) -> Packed:
        return _moved(self, device)

    def gather(self, per_position: Tensor) -> Tensor:
        """[R, T] (or [R, T, ...]) per-row values -> [B, L] per-sequence values (0 padded)."""
        flat = per_position.reshape(-1, *per_position.shape[2:])  # [R*T, ...]
        out = flat[self.index]  # [B, L, ...]
        v = self.valid.reshape(*self.valid.shape, *([1] * (out.dim() - 2)))
        return out * v.to(out.dtype)


def _moved(obj: Any, device: torch.device) -> Any:
    """A copy of the dataclass `obj` with its tensor fields on `device`."""
    return replace(obj, **{f.name: getattr(obj, f.name).to(device) for f in fields(obj)
                           if isinstance(getattr(obj, f.name), Tensor)})


def _lcp(a: Sequence[int], b: Sequence[int]) -> int:
    n = min(len(a), len(b))
    i = 0
    while i < n and a[i] == b[i]:
        i += 1
    return i


def pack(sequences: Sequence[Sequence[int]], masks: Sequence[Sequence[int]],
         row_len: int = 512, share_prefix: bool = True) -> Packed:
    """Pack token sequences (with their loss masks) into rows of at most `max(row_len, longest)`
    tokens (trimmed to the fullest row).

    Sequences are taken in lexicographic order, so those with a common prefix (the samples of
    one group share their prompt; all tasks of an environment share its system prompt) land in
    the same row, where the prefix is laid out once and every member's suffix attends to it.
    The result is exactly that of separate forward passes, for less compute.
    """
    if not sequences:
        raise ValueError("cannot pack an empty batch")
    lengths = [len(s) for s in sequences]
    if min(lengths) < 2:
        raise ValueError("every sequence needs at least 2 tokens (a prompt and a target)")
    T = max(row_len, max(lengths))
    rows: list[tuple[list[int], int]] = []  # (members, shared prefix length)
    for i in sorted(range(len(sequences)), key=lambda i: (list(sequences[i]), i)):
        if rows:
            members, prefix = rows[-1]
            # each member keeps >= 1 own token, so its first target is predicted in the prefix
            p = min(prefix, _lcp(sequences[members[0]], sequences[i]), lengths[i] - 1) \
                if share_prefix else 0
            cost = p + sum(lengths[m] - p for m in members) + lengths[i] - p
            # join unless shrinking the shared prefix costs more than the join saves
            if cost <= T and (len(members) - 1) * (prefix - p) <= p:
                rows[-1] = (members + [i], p)
                continue
        rows.append(([i], lengths[i] - 1 if share_prefix else 0))
    # rows are only as long as the fullest one: padding would cost as much compute as tokens
    T = max(p + sum(lengths[m] - p for m in members) for members, p in rows)
    R, B, L = len(rows), len(sequences), max(lengths) - 1
    input_ids = torch.zeros(R, T, dtype=torch.long)
    position_ids = torch.zeros(R, T, dtype=torch.long)
    segment = torch.full((R, T), -1, dtype=torch.long)  # -1 padding, -2 shared prefix
    index = torch.zeros(B, L, dtype=torch.long)
    targets = torch.zeros(B, L, dtype=torch.long)
    valid = torch.zeros(B, L, dtype=torch.bool)
    loss_mask = torch.zeros(B, L)
    used = 0
    for r, (members, p) in enumerate(rows):
        first = torch.tensor(sequences[members[0]][:p], dtype=torch.long)
        input_ids[r, :p] = first
        position_ids[r, :p] = torch.arange(p)
        segment[r, :p] = -2
        offset = p
        for i in members:
            n = lengths[i]
            ids = torch.tensor(sequences[i], dtype=torch.long)
            input_ids[r, offset:offset + n - p] = ids[p:]
            position_ids[r, offset:offset + n - p] = torch.arange(p, n)
            segment[r, offset:offset + n - p] = i
            j = torch.arange(n - 1)
            index[i, :n - 1] = r * T + torch.where(j < p, j, offset + j - p)
            targets[i, :n - 1] = ids[1:]
            valid[i, :n - 1] = True
            loss_mask[i, :n - 1] = torch.tensor(masks[i][1:], dtype=torch.float32)
            offset += n - p
        used += offset
    causal = torch.tril(torch.ones(T, T, dtype=torch.bool))  # [T, T]
    q, k = segment[:, :, None], segment[:, None, :]  # [R, T, 1], [R, 1, T]
    same = ((k == -2) | (k == q)) & (k != -1)  # [R, T, T]
    # padding positions attend to themselves only, so softmax never sees an empty row
    eye = torch.eye(T, dtype=torch.bool)[None]  # [1, T, T]
    attn = ((same & causal) | eye)[:, None]  # [R, 1, T, T]
    return Packed(input_ids, position_ids, attn, index, targets, valid, loss_mask, lengths, used,
                  rows, [list(x) for x in sequences])


@dataclass
class Grouped:
    """The packed rows as (shared prefix, own suffixes) for `veriloop.models.llama.grouped_hidden`."""

    pre_ids: Tensor  # [R, Pm]
    pre_pos: Tensor  # [R, Pm]
    pre_mask: Tensor  # [R, 1, Pm, Pm]
    suf_ids: Tensor  # [B, Sm]
    suf_pos: Tensor  # [B, Sm]
    suf_mask: Tensor  # [B, 1, Sm, Pm + Sm]
    suf_row: Tensor  # [B]
    index: Tensor  # [B, L] flat index into [R * Pm + B * Sm] (prefix positions first)

    def to(self, device: torch.device) -> Grouped:
        return _moved(self, device)


def grouped(packed: Packed) -> Grouped:
    """Lay out each row's shared prefix once and each sequence's own tokens as a suffix."""
    rows, seqs = packed.rows, packed.sequences
    if rows is None or seqs is None:
        raise ValueError("this Packed has no row structure; build it with pack()")
    R, B, L = len(rows), len(seqs), packed.index.shape[1]
    Pm = max(p for _, p in rows)
    Sm = max(len(seqs[i]) - p for members, p in rows for i in members)
    pre_ids = torch.zeros(R, Pm, dtype=torch.long)
    pre_len = torch.zeros(R, dtype=torch.long)
    suf_ids = torch.zeros(B, Sm, dtype=torch.long)
    suf_len = torch.zeros(B, dtype=torch.long)
    suf_row = torch.zeros(B, dtype=torch.long)
    pfx = torch.zeros(B, dtype=torch.long)
    index = torch.zeros(B, L, dtype=torch.long)
    for r, (members, p) in enumerate(rows):
        pre_ids[r, :p] = torch.tensor(seqs[members[0]][:p], dtype=torch.long)
        pre_len[r] = p
        for i in members:
            n = len(seqs[i])
            suf_ids[i, :n - p] = torch.tensor(seqs[i][p:], dtype=torch.long)
            suf_len[i], suf_row[i], pfx[i] = n - p, r, p
            j = torch.arange(n - 1)
            index[i, :n - 1] = torch.where(j < p, r * Pm + j, R * Pm + i * Sm + j - p)
    a, s = torch.arange(Pm), torch.arange(Sm)
    pre_pos = a[None].expand(R, Pm).clone()
    suf_pos = pfx[:, None] + s[None]  # [B, Sm]
    # pad queries attend to themselves only, so softmax never sees an empty row
    eye_p, eye_s = a[None, :] == a[:, None], s[None, :] == s[:, None]
    pre_mask = ((a[None, :] <= a[:, None]) & (a[None, None, :] < pre_len[:, None, None])) | eye_p
    own = (s[None, :] <= s[:, None]) & (s[None, None, :] < suf_len[:, None, None]) | eye_s
    seen = (a[None, :] < pfx[:, None])[:, None, :].expand(B, Sm, Pm)  # [B, Sm, Pm]
    suf_mask = torch.cat([seen, own], dim=2)  # [B, Sm, Pm + Sm]
    return Grouped(pre_ids, pre_pos, pre_mask[:, None], suf_ids, suf_pos, suf_mask[:, None],
                   suf_row, index)


def grouped_forward_applies(model: torch.nn.Module) -> bool:
    """Whether `forward_logprobs` runs the grouped Llama forward, whose attention cost does not
    grow with the square of a packed row's length (so rows need no length cap)."""
    if not supports_fast_forward(model):
        return False
    dropout: float = getattr(model.config, "attention_dropout", 0.0)
    return not (model.training and dropout)


def _grouped_ok(model: torch.nn.Module, packed: Packed) -> bool:
    return packed.rows is not None and grouped_forward_applies(model)


@dataclass
class ForwardOut:
    logprobs: Tensor  # [B, L] logprob of token j + 1 (0 where not selected)
    entropy: Tensor | None  # [B, L]
    hidden: Tensor  # [N, H] last (final-normed) hidden state at the N selected positions
    selected: Tensor  # [B, L] bool: the positions the LM head ran on
    slope: Tensor | None = None  # [B, L] detached `entropy.entropy_slope` (with entropy_slope)

    def to(self, device: torch.device) -> ForwardOut:
        return _moved(self, device)


def forward_logprobs(model: torch.nn.Module, packed: Packed, temperature: float = 1.0,
                     entropy: bool = False, policy_only: bool = False,
                     entropy_grad: bool = False, autocast: torch.dtype | None = None,
                     fused: bool = True, entropy_slope: bool = False) -> ForwardOut:
    """Teacher-forced logprobs of the packed tokens under `model` (logits / temperature).

    The LM head runs only on the positions whose results are used: every predicted token, or
    with `policy_only` just the policy tokens (where RL losses live; elsewhere the result is 0).
    Entropy is computed without gradient unless `entropy_grad` (an entropy bonus needs it).
    The hidden states at those positions come back too (a value head reads them).
    With `autocast` (torch.bfloat16) the transformer body runs in that precision (its matmuls
    at the CPU's bf16 rate); the LM head, log-softmax and entropy stay in float32.
    `fused=False` keeps to the layer modules' own forward (FSDP gathers weights in their hooks)
    instead of the grouped Llama forward, which reads their weights directly.
    `entropy_slope` (with `entropy`) also returns each policy token's entropy slope
    (`veriloop.algorithms.entropy.entropy_slope`), detached.
    """
    home, device = packed.input_ids.device, next(model.parameters()).device
    if device != home:  # a GPU model: the forward runs there, its results come back (with grad)
        out = forward_logprobs(model, packed.to(device), temperature, entropy, policy_only,
                               entropy_grad, autocast, fused, entropy_slope)
        return out.to(home)
    sel = packed.valid & (packed.loss_mask > 0) if policy_only else packed.valid  # [B, L]
    with torch.autocast(packed.input_ids.device.type, dtype=autocast or torch.bfloat16,
                        enabled=autocast is not None):
        hs = _selected_hidden(model, packed, sel, fused).float()  # [N, H]
    # HF methods; nn.Module.__getattr__ makes them `Tensor | Module` to a type checker
    head = model.get_output_embeddings()  # type: ignore[operator]
    logits = head(hs).float()  # [N, V]
    if temperature != 1.0:
        logits = logits / temperature
    lse = torch.logsumexp(logits, dim=-1)  # [N]
    tgt = logits.gather(-1, packed.targets[sel][:, None]).squeeze(-1)  # [N]
    lp = torch.zeros(sel.shape, dtype=logits.dtype, device=logits.device)  # [B, L]
    lp = lp.masked_scatter(sel, tgt - lse)
    ent = slope = None
    if entropy:
        with torch.set_grad_enabled(entropy_grad and torch.is_grad_enabled()):
            logp = logits - lse[:, None]  # [N, V]
            ent = torch.zeros_like(lp).masked_scatter(sel, -(logp.exp() * logp).sum(-1))
        if entropy_slope:
            slope = torch.zeros_like(lp).masked_scatter(sel, slope_of(logp, tgt - lse))
    return ForwardOut(lp, ent, hs, sel, slope)


def _selected_hidden(model: torch.nn.Module, packed: Packed, sel: Tensor,
                     fused: bool = True) -> Tensor:
    """The final-normed hidden states [N, H] at the selected positions `sel` [B, L]."""
    if fused and _grouped_ok(model, packed):
        # Llama family: shared prefixes attended once per row instead of a block-diagonal mask
        g = grouped(packed).to(packed.input_ids.device)
        flat = grouped_hidden(model, g.pre_ids, g.pre_pos, g.pre_mask, g.suf_ids, g.suf_pos,
                              g.suf_mask, g.suf_row)  # [N, H]
        return flat.index_select(0, g.index[sel])  # [N, H] (index_add backward, cheap on CPU)
    decoder = model.get_decoder()  # type: ignore[operator]  # HF, as in forward_logprobs
    out = decoder(input_ids=packed.input_ids, position_ids=packed.position_ids,
                  attention_mask=layer_masks(model, packed), use_cache=False)
    h = out.last_hidden_state  # [R, T, H]
    return h.reshape(-1, h.shape[-1]).index_select(0, packed.index[sel])  # [N, H]


def layer_masks(model: torch.nn.Module, packed: Packed) -> Tensor | dict[str, Tensor]:
    """The packed attention mask as the decoder takes it. A 4D mask is used as given by every
    layer, so a model with sliding-window layers (Gemma 3: 512 positions on 5 of 6 layers) gets
    one mask per layer type, the sliding one cut to the window by position ids; with the plain
    mask its logprobs past the window differed from sampling by up to 5 nats."""
    cfg = getattr(model, "config", None)
    window = getattr(cfg, "sliding_window", None)
    if not window or "sliding_attention" not in (getattr(cfg, "layer_types", None) or ()):
        return packed.attention_mask
    pos = packed.position_ids
    near = (pos[:, :, None] - pos[:, None, :] < window)[:, None]  # [R, 1, T, T]
    return {"full_attention": packed.attention_mask,
            "sliding_attention": packed.attention_mask & near}


def aligned(values: Sequence[Sequence[float]], L: int) -> Tensor:
    """Per-token values aligned with token ids (e.g. sampling logprobs) -> [B, L] for tokens
    1..n-1 (the predicted ones)."""
    out = torch.zeros(len(values), L)
    for i, v in enumerate(values):
        out[i, :len(v) - 1] = torch.tensor(v[1:], dtype=torch.float32)
    return out


def policy_end(mask: Sequence[int]) -> int:
    """Length of the token prefix that ends with the last policy token."""
    for i in range(len(mask) - 1, -1, -1):
        if mask[i]:
            return i + 1
    return len(mask)


@dataclass
class TrainBatch:
    """One RL step's training data: a row per sequence, everything the update holds fixed.

    Sequences are cut after their last policy token (what follows, the final observation,
    cannot change any policy token's logprob in a causal model). `[B, L]` tensors follow the
    `Packed` layout (position j predicts token j + 1) for the longest sequence and are 0 past a
    sequence's end. `select(idx, L)` takes a micro-batch's rows, cut or padded to its `L`.
    """

    sequences: list[list[int]]  # B token-id sequences
    masks: list[list[int]]  # their loss masks (1 on policy tokens)
    rewards: Tensor  # [B] shaped rewards
    old_logprobs: Tensor  # [B, L] the sampling logprobs (the policy before the update)
    advantages: Tensor | None = None  # [B] per sequence, or [B, L] per token (with a critic)
    ref_logprobs: Tensor | None = None  # [B, L] under the reference policy (KL penalty)
    old_values: Tensor | None = None  # [B, L] the critic's values before the update
    returns: Tensor | None = None  # [B, L] the critic's targets
    stats: dict[str, float] = field(default_factory=dict)  # per-turn metrics (turn_metrics)
    owner: list[int] | None = None  # B: the trajectory each sequence is a context of
    sampled: list[bool] | None = None  # B: whether the sequence has sampling logprobs
    prox_logprobs: Tensor | None = None  # [B, L] the trainer's weights before the update

    @classmethod
    def of(cls, trajs: Sequence[Trajectory], rewards: Tensor,
           advantages: Tensor | None = None) -> TrainBatch:
        """One sequence per context the policy sampled from (`Trajectory.contexts()`: one per
        trajectory unless context management rewrote its history), exactly as sampled, with
        the trajectory's reward [T] and per-trajectory advantage [T] if given, and the sampling
        logprobs as the old policy (0 for a context without them: a text-only policy's; the
        trainer fills those from the model before the update). Contexts without policy tokens
        are left out; `owner` maps sequences to trajectories."""
        ctxs = [(i, c) for i, t in enumerate(trajs) for c in t.contexts() if sum(c.loss_mask)]
        owner = [i for i, _ in ctxs]
        ends = [policy_end(c.loss_mask) for _, c in ctxs]
        seqs = [c.token_ids[:n] for (_, c), n in zip(ctxs, ends, strict=True)]
        masks = [c.loss_mask[:n] for (_, c), n in zip(ctxs, ends, strict=True)]
        sampled = [c.logprobs[:n] if c.logprobs is not None else [0.0] * n
                   for (_, c), n in zip(ctxs, ends, strict=True)]
        return cls(seqs, masks, rewards[owner], aligned(sampled, max(ends) - 1),
                   None if advantages is None else advantages[owner], owner=owner,
                   sampled=[c.logprobs is not None for _, c in ctxs])

    def __len__(self) -> int:
        return len(self.sequences)

    @property
    def loss_mask(self) -> Tensor:
        """[B, L]: 1 where position j predicts a policy token."""
        return aligned(self.masks, self.old_logprobs.shape[1])

    def pack(self, idx: Sequence[int], row_len: int) -> Packed:
        return pack([self.sequences[i] for i in idx], [self.masks[i] for i in idx], row_len)

    def prompt_blocks(self) -> list[list[int]]:
        """Runs of consecutive sequences that start with the same prompt (the tokens before
        their first policy token): a group's samples, which the batch keeps together."""
        blocks: list[list[int]] = []
        last: list[int] | None = None
        for i, (seq, mask) in enumerate(zip(self.sequences, self.masks, strict=True)):
            prompt = seq[:next((j for j, m in enumerate(mask) if m), len(mask))]
            if blocks and prompt == last:
                blocks[-1].append(i)
            else:
                blocks.append([i])
            last = prompt
        return blocks

    def inert(self) -> list[bool]:
        """[B] whether every policy token of the sequence has advantage 0 (a group whose samples
        scored alike; with `neg_weight: 0`, every below-average sample): under a loss whose
        tokens weigh in only through their advantage, such a sequence adds nothing."""
        if self.advantages is None:
            return [False] * len(self)
        adv = self.advantages
        if adv.dim() == 1:
            return (adv == 0).tolist()
        mask = self.loss_mask[:, :adv.shape[1]] > 0  # [B, L]
        return [not bool(a[m].any()) for a, m in zip(adv, mask, strict=True)]

    def select(self, idx: Sequence[int], L: int) -> TrainBatch:
        def rows(t: Tensor) -> Tensor:
            if t.dim() == 1:
                return t[list(idx)]
            out = torch.zeros(len(idx), L, dtype=t.dtype)  # [b, L]
            n = min(L, t.shape[1])
            out[:, :n] = t[list(idx), :n]
            return out

        def maybe_rows(t: Tensor | None) -> Tensor | None:
            return None if t is None else rows(t)

        def items(v: list | None) -> list | None:
            return None if v is None else [v[i] for i in idx]

        return TrainBatch([self.sequences[i] for i in idx], [self.masks[i] for i in idx],
                          rows(self.rewards), rows(self.old_logprobs),
                          maybe_rows(self.advantages), maybe_rows(self.ref_logprobs),
                          maybe_rows(self.old_values), maybe_rows(self.returns),
                          owner=items(self.owner), sampled=items(self.sampled),
                          prox_logprobs=maybe_rows(self.prox_logprobs))


def turn_token_values(trajs: Sequence[Trajectory], per_turn: Sequence[Sequence[float]], L: int,
                      last_only: bool = False) -> Tensor:
    """One value per turn -> [B, L] in the `TrainBatch` layout: on each of the turn's policy
    tokens, or with `last_only` on its last policy token only (the value of a turn without
    policy tokens then goes to the next turn's last token, or the previous one's at the end)."""
    out = torch.zeros(len(trajs), L)  # [B, L]
    for b, (t, vals) in enumerate(zip(trajs, per_turn, strict=True)):
        pos, carry, last = len(t.prompt_ids), 0.0, None
        for u, v in zip(t.turns, vals, strict=False):
            n = len(u.action_ids)
            if n and last_only:
                last = pos + n - 2  # position predicting the turn's last token
                out[b, last] += v + carry
                carry = 0.0
            elif n:
                out[b, pos - 1:pos + n - 1] = v
            else:
                carry += v
            pos += n + len(u.observation_ids)
        if carry and last is not None:
            out[b, last] += carry
    return out


def per_turn_rewards(trajs: Sequence[Trajectory], rewards: Tensor, L: int) -> Tensor:
    """Each trajectory's reward (rewards [B]) split over its turns (`turn_rewards`) and laid on
    each turn's last policy token: [B, L], rows summing to the rewards."""
    per_turn = [turn_rewards(t, float(r)) for t, r in zip(trajs, rewards, strict=True)]
    return turn_token_values(trajs, per_turn, L, last_only=True)


def turn_metrics(trajs: Sequence[Trajectory], rewards: Tensor, advantages: Tensor
                 ) -> dict[str, float]:
    """Per-turn reward and advantage statistics over the batch (a turn's advantage: the mean
    over its policy tokens, or the sequence's advantage for advantages [B]), and the mean
    reward per turn of each source ("subgoal", "event", "outcome")."""
    r_all: list[float] = []
    a_all: list[float] = []
    by_source: dict[str, float] = {}
    for b, (t, total) in enumerate(zip(trajs, rewards.tolist(), strict=True)):
        r_all += turn_rewards(t, total)
        pos = len(t.prompt_ids)
        for u in t.turns:
            n = len(u.action_ids)
            a = advantages[b] if advantages.dim() == 1 else advantages[b, pos - 1:pos + n - 1]
            a_all.append(float(a.float().mean()) if a.numel() else 0.0)
            pos += n + len(u.observation_ids)
            for rw in u.rewards:
                src = rw.name.split(":")[0]
                by_source[src] = by_source.get(src, 0.0) + rw.value
    if not r_all:
        return {}
    r, a = torch.tensor(r_all), torch.tensor(a_all)  # [N]
    out = {"turn/reward_mean": float(r.mean()), "turn/reward_std": float(r.std(unbiased=False)),
           "turn/reward_nonzero": float((r != 0).float().mean()),
           "turn/adv_mean": float(a.mean()), "turn/adv_std": float(a.std(unbiased=False)),
           "turn/adv_abs": float(a.abs().mean()), "turn/adv_pos": float((a > 0).float().mean()),
           "turn/per_episode": len(r_all) / max(len(trajs), 1)}
    out.update({f"turn/reward_{k}": v / len(r_all) for k, v in sorted(by_source.items())})
    return out
