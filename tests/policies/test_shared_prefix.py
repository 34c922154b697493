"""Attention over prefix blocks (veriloop/policies/shared_prefix.py) against SDPA; the two
layouts' equal outputs are tested with the sampler (test_sampler.py)."""

from __future__ import annotations

import pytest
import torch
import torch.nn.functional as F

from veriloop.policies.shared_prefix import Blocks, attend


@pytest.mark.parametrize("row_block", [[0, 0, 1, 1], [1, 0, 2, 1, 0]])
def test_attention_over_blocks_equals_sdpa_over_each_rows_whole_context(row_block):
    """Each row attends to its block's valid keys and its own masked suffix: the same as SDPA
    over the concatenation, for whole groups in order (no gathering) and for scattered rows."""
    g = torch.Generator().manual_seed(0)
    B, T, H, KV, hd, Lp, L = len(row_block), 3, 6, 2, 8, 5, 4
    NG = max(row_block) + 1
    q = torch.randn(B, T, H, hd, generator=g)
    ks, vs = torch.randn(B, KV, L, hd, generator=g), torch.randn(B, KV, L, hd, generator=g)
    bk, bv = torch.randn(NG, KV, Lp, hd, generator=g), torch.randn(NG, KV, Lp, hd, generator=g)
    pvalid = torch.ones(NG, Lp, dtype=torch.bool)
    pvalid[0, :2] = False  # block 0 is left-padded
    mask = torch.rand(B, 1, T, L, generator=g) > 0.4
    mask[..., -1] = True  # every query sees at least its own slot
    blocks = Blocks([(bk, bv)], pvalid, torch.tensor(row_block))
    assert (blocks.slot is None) == (row_block == [0, 0, 1, 1])
    out = attend(q, ks, vs, mask, blocks, 0, hd ** -0.5)  # [B, T, H hd]
    for b, g_ in enumerate(row_block):
        k = torch.cat([bk[g_], ks[b]], 1)[None]  # [1, KV, Lp + L, hd]
        v = torch.cat([bv[g_], vs[b]], 1)[None]
        m = torch.cat([pvalid[g_][None].expand(T, Lp), mask[b, 0]], 1)[None, None]  # [1,1,T,Lp+L]
        ref = F.scaled_dot_product_attention(q[b:b + 1].transpose(1, 2), k, v, attn_mask=m,
                                             enable_gqa=True)  # [1, H, T, hd]
        torch.testing.assert_close(out[b], ref[0].transpose(0, 1).reshape(T, H * hd),
                                   atol=1e-5, rtol=1e-5)
