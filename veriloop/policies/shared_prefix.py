"""Decoding rows that share a prompt prefix with that prefix's K/V held, and read, once.

A GRPO group is G episodes of one task: the same prompt (system message, tool list, question),
then G different continuations. The sampler's plain layout (`Sampler(shared_prefix=False)`)
copies the group's prompt K/V into every row's cache, so each decode step reads it G times, and
every turn copies it into a fresh cache and back into the per-episode kept cache. With long tool
prompts and short answers the prompt is most of the context: on SmolLM2 at 1,400 prompt
tokens and G = 8, the prompt's K/V (46 KB a token) is ~8 x 64 MB read per step, more than the
model's 540 MB of weights.

Here a batch is laid out in two parts:

- **prefix blocks** `[NG, KV, Lp, hd]` per layer: each distinct prefix once (left-padded to the
  longest, `valid [NG, Lp]`), and `row_block [B]`, the block of each row;
- a **suffix cache** `[B, KV, S, hd]` per row: what follows its prefix (earlier turns' actions
  and observations, this turn's tokens), left-padded like the plain layout.

Attention (`attend`) computes each row's scores against its block and against its own suffix
and takes one softmax over both: the queries of a block's rows are stacked, so the block's
keys and values are multiplied once for all its rows. This is exact attention (the same
softmax, in another summation order than `scaled_dot_product_attention`: ~1e-6 relative, as
`inference_linear` vs MKL), like the cascade/shared-prefix attention of SGLang and vLLM.

A `Prefix` (ids and per-layer K/V `[KV, n, hd]`) is what the sampler's per-episode cache keeps
for a group: every episode of the group points at the same object, so the prompt is kept once
and the next turn of all G episodes is again one block.
"""

from __future__ import annotations

from dataclasses import dataclass

import torch
from torch import Tensor

from veriloop.models.llama import LlamaDecoder, decoder_layer, inference_linear

KV = list[tuple[Tensor, Tensor]]  # per layer (K, V)


@dataclass(eq=False)  # compared by identity: rows pointing at the same object form one block
class Prefix:
    """A prompt prefix computed once: its ids (positions 0..n-1) and per-layer K/V [KV, n, hd]."""

    ids: tuple[int, ...]
    kv: KV

    @property
    def nbytes(self) -> int:
        return sum(k.numel() * k.element_size() * 2 for k, _ in self.kv)


class Blocks:
    """The prefix blocks of one batch: per layer K/V [NG, KV, Lp, hd] (left-padded), `valid`
    [NG, Lp], and the block of each batch row, `row_block` [B]."""

    def __init__(self, kv: KV, valid: Tensor, row_block: Tensor) -> None:
        self.kv, self.valid = kv, valid
        self.select(row_block)

    @classmethod
    def stack(cls, prefixes: list[Prefix], row_block: Tensor) -> Blocks:
        """Blocks from `Prefix` objects (each copied once into the stacked tensors)."""
        n = max(len(p.ids) for p in prefixes)
        k0 = prefixes[0].kv[0][0]
        shape = (len(prefixes), k0.shape[0], n, k0.shape[2])
        kv = [(k0.new_zeros(shape), k0.new_zeros(shape)) for _ in prefixes[0].kv]
        valid = torch.zeros(len(prefixes), n, dtype=torch.bool, device=k0.device)
        for g, p in enumerate(prefixes):
            off = n - len(p.ids)
            valid[g, off:] = True
            for (bk, bv), (k, v) in zip(kv, p.kv, strict=True):
                bk[g, :, off:] = k
                bv[g, :, off:] = v
        return cls(kv, valid, row_block)

    def prefix(self, g: int, ids: tuple[int, ...]) -> Prefix:
        """Block g as a `Prefix` of its own (cloned: it outlives this batch's tensors)."""
        off = self.valid.shape[1] - len(ids)
        return Prefix(ids, [(k[g, :, off:].clone(), v[g, :, off:].clone()) for k, v in self.kv])

    def select(self, row_block: Tensor) -> None:
        """Set the rows' blocks (after rows left the batch). `slot[b]` is row b's place in a
        [NG, G] grid of each block's rows (G: the most rows of one block); None when the rows
        already are that grid in order (a whole group per block), which needs no gathering."""
        self.row_block = row_block
        counts = torch.bincount(row_block, minlength=self.valid.shape[0])  # [NG]
        self.width = int(counts.max())
        grid = torch.arange(self.valid.shape[0], device=row_block.device).repeat_interleave(
            self.width)
        if row_block.shape == grid.shape and bool((row_block == grid).all()):
            self.slot = None
            return
        order = torch.argsort(row_block, stable=True)  # rows block by block, in batch order
        start = torch.cumsum(counts, 0) - counts  # [NG] first sorted index of each block
        rank = torch.empty_like(row_block)
        rank[order] = torch.arange(len(row_block), device=row_block.device) - start[
            row_block[order]]
        self.slot = row_block * self.width + rank  # [B]

    def to_grid(self, x: Tensor) -> Tensor:
        """x [B, KV, M, ...] -> [NG, KV, G * M, ...]: each block's rows stacked on one axis."""
        NG, G = self.valid.shape[0], self.width
        if self.slot is not None:
            full = x.new_zeros(NG * G, *x.shape[1:])
            full[self.slot] = x
            x = full
        x = x.view(NG, G, *x.shape[1:]).transpose(1, 2)  # [NG, KV, G, M, ...]
        return x.reshape(NG, x.shape[1], G * x.shape[3], *x.shape[4:])

    def from_grid(self, x: Tensor, m: int) -> Tensor:
        """The inverse of `to_grid`: [NG, KV, G * m, ...] -> [B, KV, m, ...]."""
        NG, G = self.valid.shape[0], self.width
        x = x.view(NG, x.shape[1], G, m, *x.shape[3:]).transpose(1, 2)
        x = x.reshape(NG * G, *x.shape[2:])  # [NG * G, KV, m, ...]
        return x if self.slot is None else x[self.slot]


def attend(q: Tensor, ks: Tensor, vs: Tensor, mask: Tensor, blocks: Blocks, layer: int,
           scale: float) -> Tensor:
    """q [B, T, H, hd] (RoPE applied); the suffix keys/values ks, vs [B, KV, L, hd] with `mask`
    [B, 1, T, L] (True = attend); every query also attends to its row's whole valid block.
    Returns [B, T, H * hd]. Grouped-query heads are folded into the query axis (r * T + t), so
    K/V are never repeated per head."""
    B, T, H, hd = q.shape
    nkv, L = ks.shape[1], ks.shape[2]
    R = H // nkv
    qs = q.view(B, T, nkv, R, hd).permute(0, 2, 3, 1, 4).reshape(B, nkv, R * T, hd)
    s_suf = torch.matmul(qs, ks.transpose(-1, -2)).mul_(scale)  # [B, KV, R T, L]
    s_suf = s_suf.view(B, nkv, R, T, L).masked_fill_(~mask[:, :, None], float("-inf"))
    bk, bv = blocks.kv[layer]  # [NG, KV, Lp, hd]
    Lp = bk.shape[2]
    s_pre = torch.matmul(blocks.to_grid(qs), bk.transpose(-1, -2)).mul_(scale)  # [NG,KV,G RT,Lp]
    s_pre = s_pre.masked_fill_(~blocks.valid[:, None, None], float("-inf"))
    s_pre = blocks.from_grid(s_pre, R * T)  # [B, KV, R T, Lp]
    # softmax in float32 whatever the cache's dtype, as the fused SDPA kernels accumulate
    probs = torch.cat([s_pre, s_suf.view(B, nkv, R * T, L)], -1).softmax(
        -1, dtype=torch.float32).to(vs.dtype)  # [B, KV, R T, Lp + L]
    o = torch.matmul(probs[..., Lp:], vs)  # [B, KV, R T, hd]
    o_pre = torch.matmul(blocks.to_grid(probs[..., :Lp]), bv)  # [NG, KV, G R T, hd]
    o = o + blocks.from_grid(o_pre, R * T)
    return o.view(B, nkv, R, T, hd).permute(0, 3, 1, 2, 4).reshape(B, T, H * hd)


class PrefixDecoder:
    """`LlamaDecoder`'s forward over prefix blocks + a suffix cache (its weights, embedding,
    RoPE table and head: the sampler's decoder, refreshed by the sampler)."""

    def __init__(self, fw: LlamaDecoder) -> None:
        self.fw = fw

    def __call__(self, tokens: Tensor, positions: Tensor, cache: KV, start: int, mask: Tensor,
                 blocks: Blocks) -> Tensor:
        """tokens/positions [B, T] written at suffix slots [start, start+T); mask
        [B, 1, T, start+T] over the suffix. Returns last-position logits [B, V]."""
        fw, d = self.fw, self.fw.dims
        end = start + tokens.shape[1]
        h = fw.embed(tokens)  # [B, T, d]
        cos, sin = fw.rope(h, positions)  # [B, T, hd]
        cos, sin = cos[:, :, None], sin[:, :, None]  # [B, T, 1, hd]
        for i, (w, (ck, cv)) in enumerate(zip(fw.weights, cache, strict=True)):

            def att(q: Tensor, k: Tensor, v: Tensor, ck=ck, cv=cv, i=i) -> Tensor:
                ck[:, :, start:end] = k.transpose(1, 2)  # [B, KV, T, hd]
                cv[:, :, start:end] = v.transpose(1, 2)
                return attend(q, ck[:, :, :end], cv[:, :, :end], mask, blocks, i, d.scale)

            h = decoder_layer(h, w, d, cos, sin, att, inference_linear)
        return fw.head(h[:, -1])
