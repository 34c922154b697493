"""Decoder forwards the sampler drives: our Llama-family forward over a preallocated KV cache,
and a fallback through the model's own forward.

`LlamaForward` covers Llama, SmolLM2, Mistral (without sliding window) and Qwen2 (q/k/v bias):
RMSNorm, RoPE (cos/sin from the model's own rotary module, tabulated once), grouped-query
attention via `scaled_dot_product_attention`, SwiGLU. It reads the Hugging Face module's
parameters; q|k|v and gate|up are concatenated into one matmul each (`refresh()` rebuilds
them after the weights change). Numerics follow transformers' Llama (same op order in
RMSNorm and RoPE), so greedy outputs match `transformers.generate`.
"""

from __future__ import annotations

import torch
import torch.nn.functional as F

_LLAMA_FAMILY = {"llama", "mistral", "qwen2", "smollm"}


class LlamaForward:
    """Llama-family decoder forward over a preallocated cache, on the HF module's parameters."""

    def __init__(self, model) -> None:
        cfg = model.config
        inner = model.model
        self.model = model
        self.embed = inner.embed_tokens
        self.layers = list(inner.layers)
        self.norm = inner.norm
        self.rotary = inner.rotary_emb
        self.lm_head = model.lm_head
        self.heads = cfg.num_attention_heads
        self.kv_heads = getattr(cfg, "num_key_value_heads", None) or self.heads
        self.head_dim = getattr(cfg, "head_dim", None) or cfg.hidden_size // self.heads
        self.eps = cfg.rms_norm_eps
        self.scale = self.head_dim ** -0.5
        self._fused: list[tuple] = []
        self._rope_table: tuple[torch.Tensor, torch.Tensor] | None = None

    def refresh(self) -> None:
        """(Re)build the fused weights (q|k|v and gate|up in one matmul each) from the module's
        current parameters. Called whenever the parameters' tensor versions change."""
        fused = []
        for layer in self.layers:
            att, mlp = layer.self_attn, layer.mlp
            wqkv = torch.cat([att.q_proj.weight, att.k_proj.weight, att.v_proj.weight]).detach()
            bqkv = None
            if att.q_proj.bias is not None:
                bqkv = torch.cat([att.q_proj.bias, att.k_proj.bias, att.v_proj.bias]).detach()
            wgu = torch.cat([mlp.gate_proj.weight, mlp.up_proj.weight]).detach()
            fused.append((wqkv, bqkv, wgu))
        self._fused = fused
        self._rope_table = None

    def _rope_cos_sin(self, h: torch.Tensor, positions: torch.Tensor):
        """cos/sin [B, T, hd] for positions, from a table computed once by the model's own
        rotary module (so any RoPE scaling it implements is reproduced exactly)."""
        need = int(positions.max()) + 1
        if self._rope_table is None or self._rope_table[0].shape[0] < need:
            n = max(need, 256, 2 * (self._rope_table[0].shape[0] if self._rope_table else 0))
            pos = torch.arange(n, device=h.device)[None]
            cos, sin = self.rotary(h, pos)  # [1, n, hd]
            self._rope_table = (cos[0], sin[0])
        cos, sin = self._rope_table
        return cos[positions], sin[positions]

    @staticmethod
    def _rms(x: torch.Tensor, weight: torch.Tensor, eps: float) -> torch.Tensor:
        if x.dtype == torch.float32:
            return weight * (x * torch.rsqrt(x.pow(2).mean(-1, keepdim=True) + eps))
        x32 = x.float()
        x32 = x32 * torch.rsqrt(x32.pow(2).mean(-1, keepdim=True) + eps)
        return weight * x32.to(x.dtype)

    @staticmethod
    def _rope(x: torch.Tensor, cos: torch.Tensor, sin: torch.Tensor) -> torch.Tensor:
        half = x.shape[-1] // 2
        rotated = torch.cat((-x[..., half:], x[..., :half]), dim=-1)
        return x * cos + rotated * sin

    def new_cache(self, batch: int, length: int, device, dtype) -> list[tuple[torch.Tensor, torch.Tensor]]:
        shape = (batch, self.kv_heads, length, self.head_dim)
        return [(torch.zeros(shape, device=device, dtype=dtype),
                 torch.zeros(shape, device=device, dtype=dtype)) for _ in self.layers]

    def __call__(self, tokens: torch.Tensor, positions: torch.Tensor, cache, start: int,
                 mask: torch.Tensor) -> torch.Tensor:
        """tokens/positions [B, T] written at cache slots [start, start+T); mask [B, 1, T, start+T]
        (True = attend). Returns last-position logits [B, V]."""
        B, T = tokens.shape
        end = start + T
        h = self.embed(tokens)  # [B, T, d]
        cos, sin = self._rope_cos_sin(h, positions)  # [B, T, hd]
        cos, sin = cos[:, None], sin[:, None]  # [B, 1, T, hd]
        gqa = self.kv_heads != self.heads
        nq, nkv = self.heads * self.head_dim, self.kv_heads * self.head_dim
        inter = self.layers[0].mlp.up_proj.weight.shape[0]
        for layer, (wqkv, bqkv, wgu), (ck, cv) in zip(self.layers, self._fused, cache):
            att = layer.self_attn
            x = self._rms(h, layer.input_layernorm.weight, self.eps)
            qkv = F.linear(x, wqkv, bqkv)  # [B, T, (H + 2 KV) hd]
            q = qkv[..., :nq].view(B, T, self.heads, self.head_dim).transpose(1, 2)
            k = qkv[..., nq:nq + nkv].view(B, T, self.kv_heads, self.head_dim).transpose(1, 2)
            v = qkv[..., nq + nkv:].view(B, T, self.kv_heads, self.head_dim).transpose(1, 2)
            q = self._rope(q, cos, sin)  # [B, H, T, hd]
            ck[:, :, start:end] = self._rope(k, cos, sin)
            cv[:, :, start:end] = v
            o = F.scaled_dot_product_attention(q, ck[:, :, :end], cv[:, :, :end], attn_mask=mask,
                                               scale=self.scale, enable_gqa=gqa)  # [B, H, T, hd]
            o = o.transpose(1, 2).reshape(B, T, nq)
            h = h + F.linear(o, att.o_proj.weight, att.o_proj.bias)
            x = self._rms(h, layer.post_attention_layernorm.weight, self.eps)
            gu = F.linear(x, wgu)  # [B, T, 2 I]
            h = h + F.linear(F.silu(gu[..., :inter]) * gu[..., inter:], layer.mlp.down_proj.weight)
        last = self._rms(h[:, -1], self.norm.weight, self.eps)  # [B, d]
        return F.linear(last, self.lm_head.weight, getattr(self.lm_head, "bias", None))


def supports_fast_forward(model) -> bool:
    cfg = getattr(model, "config", None)
    if cfg is None or getattr(cfg, "model_type", None) not in _LLAMA_FAMILY:
        return False
    if type(model).__name__ not in {"LlamaForCausalLM", "MistralForCausalLM", "Qwen2ForCausalLM"}:
        return False  # e.g. a PEFT wrapper: its modules are not plain Linear
    if getattr(cfg, "sliding_window", None) and getattr(cfg, "use_sliding_window", True) \
            and cfg.model_type == "mistral":
        return False
    if getattr(cfg, "hidden_act", "silu") != "silu":
        return False
    # Plain nn.Linear projections only: PEFT LoRA (injected in place) replaces them with
    # wrappers whose adapter deltas our forward would miss, so those models use the HF path.
    for layer in model.model.layers:
        att, mlp = layer.self_attn, layer.mlp
        mods = (att.q_proj, att.k_proj, att.v_proj, att.o_proj, mlp.gate_proj, mlp.up_proj,
                mlp.down_proj)
        if any(type(m) is not torch.nn.Linear for m in mods) or mlp.gate_proj.bias is not None:
            return False
    return type(model.lm_head) is torch.nn.Linear


class HFForward:
    """Fallback: the model's own forward with a DynamicCache (any causal LM)."""

    def __init__(self, model) -> None:
        import inspect

        self.model = model
        params = inspect.signature(model.forward).parameters
        self.extra = {"logits_to_keep": 1} if "logits_to_keep" in params else {}

    def __call__(self, tokens, positions, cache, start, mask2d):
        out = self.model(input_ids=tokens, attention_mask=mask2d.long(), position_ids=positions,
                         past_key_values=cache, use_cache=True, **self.extra)
        return out.logits[:, -1]


class LlamaTrainForward:
    """Differentiable Llama-family forward over a *grouped* layout: per row a shared prefix
    `[R, Pm]` (right-padded), per sequence its own suffix `[B, Sm]` that attends to its row's
    prefix and causally to itself. Attention thus costs prefix² + suffix × (prefix + suffix)
    per group instead of (prefix + all suffixes)² for a block-diagonal packed row; every
    per-token op runs once per laid-out token. Gradients flow into the HF module's parameters
    (same math and op order as `LlamaForward`, which follows transformers' Llama)."""

    def __init__(self, model) -> None:
        self.fw = LlamaForward(model)

    def __call__(self, pre_ids, pre_pos, pre_mask, suf_ids, suf_pos, suf_mask, suf_row):
        """pre_* [R, Pm], suf_* [B, Sm]; masks bool [R, 1, Pm, Pm] and [B, 1, Sm, Pm + Sm]
        (True = attend); suf_row [B] row of each suffix. Returns the final-normed hidden states
        flattened as [R * Pm + B * Sm, d] (prefix positions first)."""
        fw = self.fw
        R, Pm = pre_ids.shape
        B, Sm = suf_ids.shape
        H, KV, hd = fw.heads, fw.kv_heads, fw.head_dim
        nq, nkv = H * hd, KV * hd
        ids = torch.cat([pre_ids.reshape(-1), suf_ids.reshape(-1)])  # [N]
        pos = torch.cat([pre_pos.reshape(-1), suf_pos.reshape(-1)])  # [N]
        h = fw.embed(ids)  # [N, d]
        with torch.no_grad():
            cos, sin = fw._rope_cos_sin(h[None], pos)  # [N, hd]
        cos, sin = cos[:, None], sin[:, None]  # [N, 1, hd]
        gqa = KV != H
        npre = R * Pm
        for layer in fw.layers:
            att, mlp = layer.self_attn, layer.mlp
            x = fw._rms(h, layer.input_layernorm.weight, fw.eps)
            w = torch.cat([att.q_proj.weight, att.k_proj.weight, att.v_proj.weight])
            b = None
            if att.q_proj.bias is not None:
                b = torch.cat([att.q_proj.bias, att.k_proj.bias, att.v_proj.bias])
            qkv = F.linear(x, w, b)  # [N, (H + 2 KV) hd]
            q = fw._rope(qkv[:, :nq].view(-1, H, hd), cos, sin)  # [N, H, hd]
            k = fw._rope(qkv[:, nq:nq + nkv].view(-1, KV, hd), cos, sin)  # [N, KV, hd]
            v = qkv[:, nq + nkv:].view(-1, KV, hd)  # [N, KV, hd]
            qp, kp, vp = (t[:npre].view(R, Pm, t.shape[1], hd).transpose(1, 2)
                          for t in (q, k, v))  # [R, heads, Pm, hd]
            qs, ks, vs = (t[npre:].view(B, Sm, t.shape[1], hd).transpose(1, 2)
                          for t in (q, k, v))  # [B, heads, Sm, hd]
            if Pm:
                op = F.scaled_dot_product_attention(qp, kp, vp, attn_mask=pre_mask,
                                                    scale=fw.scale, enable_gqa=gqa)
                # index_select: its backward is an index_add, far cheaper on CPU than the
                # accumulating index_put of advanced indexing
                ks = torch.cat([kp.index_select(0, suf_row), ks], dim=2)  # [B, KV, Pm + Sm, hd]
                vs = torch.cat([vp.index_select(0, suf_row), vs], dim=2)
            os_ = F.scaled_dot_product_attention(qs, ks, vs, attn_mask=suf_mask, scale=fw.scale,
                                                 enable_gqa=gqa)  # [B, H, Sm, hd]
            parts = [os_.transpose(1, 2).reshape(B * Sm, nq)]
            if Pm:
                parts.insert(0, op.transpose(1, 2).reshape(R * Pm, nq))
            o = torch.cat(parts) if len(parts) > 1 else parts[0]  # [N, nq]
            h = h + F.linear(o, att.o_proj.weight, att.o_proj.bias)
            x = fw._rms(h, layer.post_attention_layernorm.weight, fw.eps)
            gu = F.linear(x, torch.cat([mlp.gate_proj.weight, mlp.up_proj.weight]))  # [N, 2 I]
            inter = mlp.gate_proj.weight.shape[0]
            h = h + F.linear(F.silu(gu[:, :inter]) * gu[:, inter:], mlp.down_proj.weight)
        return fw._rms(h, fw.norm.weight, fw.eps)  # [N, d]
