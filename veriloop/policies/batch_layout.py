"""How the sampler lays out a batch's K/V: built by a prefill, advanced a token at a time.

Two layouts, one interface (`logits`, `positions`, `step(tokens)`, `select(rows)`,
`kept(row, ids)`), so the sampler's decode loop (veriloop/policies/sampler.py) is the same for
both:

- `PlainBatch` (`Sampler(shared_prefix=False)`, the layout before issue 45): one left-padded
  `[B, KV, S, hd]` cache per layer; identical prompts are prefilled once and the longest prefix
  common to the fresh prompts is computed once, but then every row holds (and every decode step
  reads) its own copy of the prompt's K/V, and a kept episode cache is a full copy too.
- `SharedBatch` (the default): each distinct prompt prefix (a GRPO group's prompt) is a block
  held once (veriloop/policies/shared_prefix.py); rows hold only what follows it. An episode's
  kept cache points at its group's `Prefix`, so the next turn of the group is one block again.

Both prefill in chunks of `Sampler.prefill_chunk` query positions, so the attention scores of
a prefill stay within `prefill_bytes` whatever the number of rows and their length.
"""

from __future__ import annotations

from dataclasses import dataclass

import torch
from torch import Tensor

from veriloop.policies.shared_prefix import KV, Blocks, Prefix


@dataclass
class Kept:
    """An episode's K/V kept between turns: `kv` holds `ids` after `prefix` (all of them when
    `prefix` is None), per layer [KV, n, hd]."""

    ids: tuple[int, ...]
    kv: KV
    prefix: Prefix | None = None

    @property
    def nbytes(self) -> int:  # its own tensors; a shared prefix is counted once by the sampler
        return sum(k.numel() * k.element_size() * 2 for k, _ in self.kv)


def select_rows(cache: KV, idx: Tensor) -> None:
    """Keep the rows `idx` of every layer's K/V, in place, a layer at a time: each old layer is
    freed as its copy is made, so the cache never exists twice (its whole size on a GPU)."""
    for i, (k, v) in enumerate(cache):
        cache[i] = (k.index_select(0, idx), v.index_select(0, idx))


def chunked_prefill(sampler, forward, tokens: Tensor, positions: Tensor, valid: Tensor, P: int,
                    keys_before: int = 0) -> Tensor:
    """Feed `tokens`/`positions` [E, W], right-aligned to end at cache slot P - 1, in chunks:
    `forward(tokens, positions, start, mask)`; `valid` [E, S] marks each row's slots. Each
    chunk's queries attend causally (pads see themselves), and to `keys_before` keys outside
    the cache (a prefix block) that only bound the chunk size. Returns the last chunk's
    logits [E, V]: the rows' last positions."""
    E, W = tokens.shape
    slots = torch.arange(P, device=tokens.device)
    C = sampler.prefill_chunk(E, W, P + keys_before)
    for j in range(0, W, C):  # chunked: attention buffers scale with E * C * P, not E * W * P
        c = min(C, W - j)
        end = P - W + j + c
        causal = slots[None, :end] <= slots[P - W + j:end, None]  # [c, end]
        diag = slots[None, :end] == slots[P - W + j:end, None]  # [c, end]: pads see themselves
        mask = (valid[:, None, :end] & causal[None]) | diag[None]  # [E, c, end]
        logits = forward(tokens[:, j:j + c], positions[:, j:j + c], P - W + j, mask[:, None])
    return logits


def prefill_entries(sampler, prompts, live, keys, outs, P: int, S: int, device, dtype):
    """Prefill the distinct prompts of the live rows into a fresh [E, kv, S, hd] cache (entry
    e's prompt ends at slot P - 1). Rows with a kept full cache (`keys`) whose ids prefix their
    prompt start from it; identical prompts (a GRPO group) are one entry; the longest prefix
    common to the remaining prompts (system prompt, tool list) is computed once and shared.
    Returns (cache, valid [E, S], logits [E, V], the entry of each live row)."""
    fw = sampler.decoder
    entries: list[tuple[tuple[int, ...], list | None, int]] = []  # (ids, prefix kv, len)
    row_entry: list[int] = []
    by_prompt: dict[tuple[int, ...], int] = {}
    for i in live:
        ids = tuple(prompts[i])
        kept = sampler.reuse(keys[i], ids, outs[i]) if keys else None
        if kept is not None and kept.prefix is None:
            row_entry.append(len(entries))
            entries.append((ids, kept.kv, len(kept.ids)))
        elif ids in by_prompt:
            row_entry.append(by_prompt[ids])
        else:
            by_prompt[ids] = len(entries)
            row_entry.append(len(entries))
            entries.append((ids, None, 0))
    fresh = [e for e, (_, kv, _) in enumerate(entries) if kv is None]
    if len(fresh) > 1:
        first = entries[fresh[0]][0]
        common = min(len(entries[e][0]) for e in fresh) - 1
        for e in fresh[1:]:
            ids = entries[e][0]
            n = 0
            while n < common and ids[n] == first[n]:
                n += 1
            common = n
        if common >= 8:
            shared = prefill_common(sampler, first[:common], device, dtype)
            for e in fresh:
                entries[e] = (entries[e][0], shared, common)

    E = len(entries)
    W = max(len(ids) - n for ids, _, n in entries)
    cache = fw.new_cache(E, S, device, dtype)
    valid = torch.zeros(E, S, dtype=torch.bool, device=device)  # [E, S]
    tokens = torch.zeros(E, W, dtype=torch.long, device=device)  # [E, W]
    positions = torch.zeros(E, W, dtype=torch.long, device=device)  # [E, W]
    for r, (ids, kv, n) in enumerate(entries):
        off = P - len(ids)
        valid[r, off:] = True
        window = list(ids[max(0, len(ids) - W):])
        tokens[r, W - len(window):] = torch.tensor(window, dtype=torch.long)
        positions[r] = (torch.arange(P - W, P) - off).clamp(min=0)
        if kv is not None:
            for (ck, cv), (k, v) in zip(cache, kv):
                ck[r, :, off:off + n] = k[:, :n]
                cv[r, :, off:off + n] = v[:, :n]
    logits = chunked_prefill(sampler, lambda t, p, start, m: fw(t, p, cache, start, m),
                             tokens, positions, valid, P)
    sampler.stats.prefill_tokens += sum(len(ids) - n for ids, _, n in entries)
    return cache, valid, logits, row_entry


def prefill_common(sampler, ids, device, dtype) -> KV:
    """K/V of one token sequence at positions 0..n-1, per layer [kv, n, hd]."""
    fw, n = sampler.decoder, len(ids)
    cache = fw.new_cache(1, n, device, dtype)
    tokens = torch.tensor([list(ids)], dtype=torch.long, device=device)  # [1, n]
    positions = torch.arange(n, device=device)[None]  # [1, n]
    mask = torch.ones(n, n, dtype=torch.bool, device=device).tril()[None, None]  # [1,1,n,n]
    C = sampler.prefill_chunk(1, n, n)
    for j in range(0, n, C):
        fw(tokens[:, j:j + C], positions[:, j:j + C], cache, j, mask[:, :, j:j + C, :j + C])
    sampler.stats.prefill_tokens += n
    return [(k[0], v[0]) for k, v in cache]


class PlainBatch:
    """Every row's whole context in one left-padded cache (see module docstring)."""

    def __init__(self, sampler, prompts, live, keys, outs, caps, device, dtype) -> None:
        self.fw = sampler.decoder
        lengths = [len(prompts[i]) for i in live]
        P = max(lengths)
        S = P + max(caps[i] for i in live)
        cache, valid, logits, row_entry = prefill_entries(sampler, prompts, live, keys, outs,
                                                          P, S, device, dtype)
        if len(row_entry) != cache[0][0].shape[0]:  # identical prompts: one entry, many rows
            idx = torch.tensor(row_entry, dtype=torch.long, device=device)  # [B]
            select_rows(cache, idx)
            valid, logits = valid[idx], logits[idx]
        self.cache, self.valid, self.logits, self.cur = cache, valid, logits, P
        self.positions = torch.tensor([n - 1 for n in lengths], dtype=torch.long, device=device)

    def select(self, idx: Tensor) -> None:
        select_rows(self.cache, idx)
        self.valid, self.positions = self.valid[idx], self.positions[idx]

    def step(self, tokens: Tensor) -> Tensor:
        """Feed one token per row [B]; the next logits [B, V]."""
        self.positions = self.positions + 1
        self.valid[:, self.cur] = True
        mask = self.valid[:, None, None, :self.cur + 1]  # [B, 1, 1, cur+1]
        logits = self.fw(tokens[:, None], self.positions[:, None], self.cache, self.cur, mask)
        self.cur += 1
        return logits

    def kept(self, r: int, ids: tuple[int, ...]) -> Kept:
        """Row r's K/V for `ids` (prompt + generated tokens except the last, never fed)."""
        start = self.cur - len(ids)  # a row's slots end at the last fed one, cur - 1
        return Kept(ids, [(k[r, :, start:self.cur].clone(), v[r, :, start:self.cur].clone())
                          for k, v in self.cache])


class SharedBatch:
    """Prefix blocks + per-row suffixes (see module docstring). Batch rows are ordered block by
    block (`order[r]`: the index into `live` of batch row r), so that a batch of whole groups
    needs no gathering in the attention."""

    def __init__(self, sampler, prompts, live, keys, outs, caps, device, dtype) -> None:
        self.fw = sampler.prefix_decoder
        kept: dict[int, Kept] = {}
        for j, i in enumerate(live):
            k = sampler.reuse(keys[i], tuple(prompts[i]), outs[i]) if keys[i] else None
            if k is not None and k.prefix is not None:
                kept[j] = k
        fresh = [j for j in range(len(live)) if j not in kept]
        prefixes: list[Prefix] = []
        block_of: dict[int, int] = {}  # id(Prefix) -> block
        row_block = [0] * len(live)
        first_logits: dict[int, Tensor] = {}  # j -> logits of a fresh row's prompt
        for j, k in kept.items():
            assert k.prefix is not None
            row_block[j] = block_of.setdefault(id(k.prefix), len(prefixes))
            if row_block[j] == len(prefixes):
                prefixes.append(k.prefix)
        if fresh:  # distinct prompts prefilled (as the plain layout does), each a block
            rows = [live[j] for j in fresh]
            P = max(len(prompts[i]) for i in rows)
            cache, valid, logits, row_entry = prefill_entries(sampler, prompts, rows, None, outs,
                                                              P, P, device, dtype)
            blocks = Blocks(cache, valid, torch.zeros(1, dtype=torch.long))
            made: dict[int, int] = {}
            for j, e in zip(fresh, row_entry, strict=True):
                if e not in made:
                    made[e] = len(prefixes)
                    prefixes.append(blocks.prefix(e, tuple(prompts[live[j]])))
                row_block[j] = made[e]
                first_logits[j] = logits[e]
        self.order = sorted(range(len(live)), key=lambda j: row_block[j])
        self.prefixes = prefixes
        self.blocks = Blocks.stack(prefixes, torch.tensor([row_block[j] for j in self.order],
                                                          device=device))
        self._suffix(sampler, prompts, live, kept, caps, device, dtype)
        n_kept = len(kept)  # kept rows come first (their blocks were numbered first)
        rest = [first_logits[j] for j in self.order[n_kept:]]
        self.logits = torch.cat([x for x in (self.logits, torch.stack(rest) if rest else None)
                                 if x is not None])
        self.positions = torch.tensor([len(prompts[live[j]]) - 1 for j in self.order],
                                      dtype=torch.long, device=device)

    def _suffix(self, sampler, prompts, live, kept: dict[int, Kept], caps, device,
                dtype) -> None:
        """The suffix cache: kept rows' own K/V plus their new tokens, prefilled against their
        blocks (fresh rows start empty: their whole prompt is their block)."""
        B, n_kept = len(live), len(kept)
        own = [len(prompts[live[j]]) - len(kept[j].prefix.ids) if j in kept else 0  # type: ignore[union-attr]
               for j in self.order]
        L = max(own)
        S = L + max(caps[i] for i in live)
        self.cache = sampler.decoder.new_cache(B, S, device, dtype)
        self.valid = torch.zeros(B, S, dtype=torch.bool, device=device)  # [B, S]
        self.cur = L
        self.logits = None
        if not n_kept:
            return
        new = [len(prompts[live[j]]) - len(kept[j].ids) for j in self.order[:n_kept]]
        W = max(new)
        tokens = torch.zeros(n_kept, W, dtype=torch.long, device=device)  # [K, W]
        positions = torch.zeros(n_kept, W, dtype=torch.long, device=device)  # [K, W]
        for r, j in enumerate(self.order[:n_kept]):
            k, ids = kept[j], prompts[live[j]]
            off = L - own[r]
            self.valid[r, off:L] = True
            n = len(k.ids) - len(k.prefix.ids)  # type: ignore[union-attr]
            for (ck, cv), (kk, vv) in zip(self.cache, k.kv, strict=True):
                ck[r, :, off:off + n] = kk
                cv[r, :, off:off + n] = vv
            # The prefill writes K/V at all W slots of every row, so a row with fewer new tokens
            # than W is fed the tail of its own kept ids there (recomputed, as the plain layout
            # does), not pads: a pad's K/V would overwrite the kept K/V at those valid slots.
            # Only slots before the row's suffix (invalid, never attended) get pads.
            mine = list(ids[len(k.prefix.ids):])  # type: ignore[union-attr]
            window = mine[max(0, len(mine) - W):]
            tokens[r, W - len(window):] = torch.tensor(window, dtype=torch.long)
            positions[r] = (torch.arange(len(ids) - W, len(ids))).clamp(min=0)
        sub = Blocks(self.blocks.kv, self.blocks.valid, self.blocks.row_block[:n_kept])
        part = [(k[:n_kept], v[:n_kept]) for k, v in self.cache]  # views: writes land in cache
        self.logits = chunked_prefill(
            sampler, lambda t, p, start, m: self.fw(t, p, part, start, m, sub),
            tokens, positions, self.valid[:n_kept], L, self.blocks.valid.shape[1])
        sampler.stats.prefill_tokens += sum(new)

    def select(self, idx: Tensor) -> None:
        select_rows(self.cache, idx)
        self.valid, self.positions = self.valid[idx], self.positions[idx]
        self.blocks.select(self.blocks.row_block[idx])

    def step(self, tokens: Tensor) -> Tensor:
        """Feed one token per row [B]; the next logits [B, V]."""
        self.positions = self.positions + 1
        self.valid[:, self.cur] = True
        mask = self.valid[:, None, None, :self.cur + 1]  # [B, 1, 1, cur+1]
        logits = self.fw(tokens[:, None], self.positions[:, None], self.cache, self.cur, mask,
                         self.blocks)
        self.cur += 1
        return logits

    def kept(self, r: int, ids: tuple[int, ...]) -> Kept:
        """Row r's suffix K/V for `ids` (prompt + generated tokens except the last), after its
        block's prefix, which it keeps by reference."""
        prefix = self.prefixes[int(self.blocks.row_block[r])]
        start = self.cur - (len(ids) - len(prefix.ids))
        return Kept(ids, [(k[r, :, start:self.cur].clone(), v[r, :, start:self.cur].clone())
                          for k, v in self.cache], prefix)
