"""The Llama family's decoder maths, shared by the sampler and the trainer.

Covers Llama, SmolLM2, Mistral (without sliding window) and Qwen2 (q/k/v bias): RMSNorm, RoPE
(cos/sin from the model's own rotary module, tabulated once, so any RoPE scaling it implements is
reproduced exactly), grouped-query attention via `scaled_dot_product_attention`, SwiGLU. Both
forwards read the Hugging Face module's parameters, with q|k|v and gate|up concatenated into one
matmul each, and follow transformers' Llama op order (RMSNorm, RoPE), so:

- `LlamaDecoder` (the sampler's forward over a preallocated KV cache; no gradient, fused weight
  copies rebuilt by `refresh()`) gives greedy outputs equal to `transformers.generate`;
- `grouped_hidden` (the trainer's differentiable forward over a grouped layout: each row's
  shared prefix once, each sequence's own suffix attending to it) gives the logprobs and
  gradients of the model's own forward (tests/policies/test_sampler.py,
  tests/trainers/test_batch.py).

Both run the same `decoder_layer`; only the attention differs (a cache, or prefix + suffix), and
the caller passes it in.

PEFT LoRA adapters (a `PeftModel`, or adapters injected in place) are supported when exact
(plain Linear bases, no DoRA, zero LoRA dropout): the sampler folds them into its fused copies,
W + scale B A per active adapter (`projection`); the trainer's forward keeps them as low-rank
terms added to each fused matmul (`LayerWeights.lora`), so gradients reach A and B without a
full-size weight gradient.

Not covered (`supports_fast_forward` says no, callers use the model's own forward): sliding-window
attention, activations other than SiLU, gate/up biases, and other PEFT adapters (DoRA, LoRA with
dropout, non-Linear bases), whose deltas these forwards would miss.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Callable
from dataclasses import dataclass

import torch
import torch.nn.functional as F
from torch import Tensor

_LLAMA_FAMILY = {"llama", "mistral", "qwen2", "smollm"}
_LLAMA_CLASSES = {"LlamaForCausalLM", "MistralForCausalLM", "Qwen2ForCausalLM"}


def unwrap(model):
    """The transformers model under a PEFT wrapper (the model itself otherwise)."""
    get = getattr(model, "get_base_model", None)
    return get() if callable(get) else model


def _is_lora(m: torch.nn.Module) -> bool:
    """A PEFT LoRA Linear whose delta `projection` folds in exactly: a plain Linear base, no
    DoRA, no dropout (identity or p = 0), adapters not disabled."""
    base = getattr(m, "base_layer", None)
    if type(base) is not torch.nn.Linear or not hasattr(m, "lora_A"):
        return False
    if getattr(m, "disable_adapters", False) or any(getattr(m, "use_dora", {}).values()):
        return False
    drops = getattr(m, "lora_dropout", {})
    return all(type(d) is torch.nn.Identity or getattr(d, "p", 1.0) == 0.0
               for d in drops.values()) and not getattr(m, "fan_in_fan_out", False)


def projection(m: torch.nn.Module) -> tuple[Tensor, Tensor | None]:
    """(weight, bias) a projection applies: a Linear's own, or a LoRA Linear's base weight plus
    scale * B @ A for each active adapter not merged into it already."""
    if type(m) is torch.nn.Linear:
        return m.weight, m.bias
    base = m.base_layer
    w = base.weight  # [out, in]
    if not getattr(m, "merged", False):
        for name in m.active_adapters:
            if name in m.lora_A:
                w = w + m.scaling[name] * (m.lora_B[name].weight @ m.lora_A[name].weight)
    return w, base.bias


def supports_fast_forward(model) -> bool:
    """Whether `LlamaDecoder` and `grouped_hidden` compute exactly what `model` computes."""
    model = unwrap(model)
    cfg = getattr(model, "config", None)
    if cfg is None or getattr(cfg, "model_type", None) not in _LLAMA_FAMILY:
        return False
    if type(model).__name__ not in _LLAMA_CLASSES:
        return False  # e.g. a PEFT wrapper: its modules are not plain Linear
    if getattr(cfg, "sliding_window", None) and getattr(cfg, "use_sliding_window", True) \
            and cfg.model_type == "mistral":
        return False
    if getattr(cfg, "hidden_act", "silu") != "silu":
        return False
    # Plain nn.Linear projections, or LoRA wrappers of them whose delta folds in exactly; other
    # adapters' deltas our forward would miss, so those models use the HF path.
    for layer in model.model.layers:
        att, mlp = layer.self_attn, layer.mlp
        mods = (att.q_proj, att.k_proj, att.v_proj, att.o_proj, mlp.gate_proj, mlp.up_proj,
                mlp.down_proj)
        if any(type(m) is not torch.nn.Linear and not _is_lora(m) for m in mods) \
                or projection(mlp.gate_proj)[1] is not None:
            return False
    return type(model.lm_head) is torch.nn.Linear


@dataclass(frozen=True)
class LlamaDims:
    heads: int
    kv_heads: int
    head_dim: int
    eps: float  # RMSNorm epsilon

    @classmethod
    def of(cls, config) -> LlamaDims:
        heads = config.num_attention_heads
        return cls(heads=heads,
                   kv_heads=getattr(config, "num_key_value_heads", None) or heads,
                   head_dim=getattr(config, "head_dim", None) or config.hidden_size // heads,
                   eps=config.rms_norm_eps)

    @property
    def scale(self) -> float:
        return self.head_dim ** -0.5

    @property
    def gqa(self) -> bool:
        return self.kv_heads != self.heads


def rms_norm(x: Tensor, weight: Tensor, eps: float) -> Tensor:
    """RMSNorm as transformers' Llama computes it (in float32 for lower-precision inputs)."""
    if x.dtype == torch.float32:
        return weight * (x * torch.rsqrt(x.pow(2).mean(-1, keepdim=True) + eps))
    x32 = x.float()
    x32 = x32 * torch.rsqrt(x32.pow(2).mean(-1, keepdim=True) + eps)
    return weight * x32.to(x.dtype)


def rotate(x: Tensor, cos: Tensor, sin: Tensor) -> Tensor:
    """RoPE (rotate-half form): x [..., hd] with cos/sin broadcastable to it."""
    half = x.shape[-1] // 2
    rotated = torch.cat((-x[..., half:], x[..., :half]), dim=-1)
    return x * cos + rotated * sin


class RopeTable:
    """cos/sin per position from the model's own rotary module, tabulated once and grown (at
    least doubling) when a longer position is asked for."""

    def __init__(self, rotary: torch.nn.Module) -> None:
        self.rotary = rotary
        self.table: tuple[Tensor, Tensor] | None = None

    def __call__(self, like: Tensor, positions: Tensor) -> tuple[Tensor, Tensor]:
        """positions [...] -> cos, sin [..., hd] in `like`'s dtype and device."""
        need = int(positions.max()) + 1
        if self.table is None or self.table[0].shape[0] < need:
            n = max(need, 256, 2 * (self.table[0].shape[0] if self.table else 0))
            pos = torch.arange(n, device=like.device)[None]
            cos, sin = self.rotary(like, pos)  # [1, n, hd]
            self.table = (cos[0], sin[0])
        cos, sin = self.table
        return cos[positions], sin[positions]


@dataclass(frozen=True)
class LayerWeights:
    """One decoder layer's parameters, q|k|v and gate|up concatenated (one matmul each)."""

    attn_norm: Tensor  # [d]
    qkv: Tensor  # [(H + 2 KV) hd, d]
    qkv_bias: Tensor | None  # [(H + 2 KV) hd] (Qwen2)
    out: Tensor  # [d, H hd]
    out_bias: Tensor | None
    mlp_norm: Tensor  # [d]
    gate_up: Tensor  # [2 I, d]
    down: Tensor  # [d, I]
    lora: dict[str, list[list[LoraTerm]]] | None = None
    """Training with LoRA: the low-rank terms of each fused matmul ("qkv", "out", "gate_up",
    "down"), one list per projection in concatenation order; the weights above are then the
    frozen bases (inference folds the terms into them instead)."""


LoraTerm = tuple[Tensor, Tensor, float]  # (A [r, in], B [out, r], scale)


def _terms(m: torch.nn.Module) -> list[LoraTerm]:
    if type(m) is torch.nn.Linear or getattr(m, "merged", False):
        return []
    return [(m.lora_A[n].weight, m.lora_B[n].weight, m.scaling[n]) for n in m.active_adapters
            if n in m.lora_A]


def _low_rank(x: Tensor, projections: list[list[LoraTerm]], sizes: tuple[int, ...]) -> Tensor:
    """x [..., in] -> [..., sum(sizes)]: each projection's scale * x A^T B^T (zeros if none),
    concatenated like the fused weight's rows."""
    parts = []
    for terms, size in zip(projections, sizes, strict=True):
        out = x.new_zeros(*x.shape[:-1], size)
        for a, b, scale in terms:
            out = out + F.linear(F.linear(x, a), b) * scale
        parts.append(out)
    return torch.cat(parts, -1) if len(parts) > 1 else parts[0]


def layer_weights(layer: torch.nn.Module, detach: bool = False) -> LayerWeights:
    """The layer's weights; the concatenations are copies, so `detach` ones for inference do
    not keep the autograd graph (a differentiable forward concatenates on every call). LoRA
    adapters are folded in for inference (`detach`); for training they stay low-rank terms
    (`LayerWeights.lora`), so no full-size weight gradient is ever formed."""
    att, mlp = layer.self_attn, layer.mlp
    mods = {"qkv": [att.q_proj, att.k_proj, att.v_proj], "out": [att.o_proj],
            "gate_up": [mlp.gate_proj, mlp.up_proj], "down": [mlp.down_proj]}
    lora = {k: [_terms(m) for m in ms] for k, ms in mods.items()}
    if not detach and any(t for ts in lora.values() for t in ts):
        (wq, bq), (wk, bk), (wv, bv), (wo, bo), (wg, _), (wu, _), (wd, _) = (
            (m.base_layer.weight, m.base_layer.bias) if hasattr(m, "base_layer")
            else (m.weight, m.bias) for ms in mods.values() for m in ms)
        return LayerWeights(
            layer.input_layernorm.weight, torch.cat([wq, wk, wv]),
            torch.cat([bq, bk, bv]) if bq is not None else None, wo, bo,
            layer.post_attention_layernorm.weight, torch.cat([wg, wu]), wd, lora)
    (wq, bq), (wk, bk), (wv, bv) = (projection(m) for m in (att.q_proj, att.k_proj, att.v_proj))
    (wo, bo), (wg, _), (wu, _), (wd, _) = (projection(m) for m in (
        att.o_proj, mlp.gate_proj, mlp.up_proj, mlp.down_proj))
    qkv = torch.cat([wq, wk, wv])
    bias = torch.cat([bq, bk, bv]) if bq is not None else None
    gate_up = torch.cat([wg, wu])
    if detach:
        qkv, gate_up, wo, wd = qkv.detach(), gate_up.detach(), wo.detach(), wd.detach()
        bias = bias.detach() if bias is not None else None
        bo = bo.detach() if bo is not None else None
    return LayerWeights(layer.input_layernorm.weight, qkv, bias, wo, bo,
                        layer.post_attention_layernorm.weight, gate_up, wd)


# q [..., H, hd], k and v [..., KV, hd] (RoPE applied) -> attention output [..., H hd]
Attend = Callable[[Tensor, Tensor, Tensor], Tensor]
Linear = Callable[..., Tensor]  # (x, weight, bias=None) as F.linear

_ONEDNN = torch.backends.mkldnn.is_available() and hasattr(torch.ops.mkldnn, "_linear_pointwise")
_ONEDNN_MIN_MACS = 1 << 21
_onednn_linear = torch.ops.mkldnn._linear_pointwise if _ONEDNN else None


def inference_linear(x: Tensor, weight: Tensor, bias: Tensor | None = None) -> Tensor:
    """F.linear without autograd, through oneDNN for float32 on a CPU.

    PyTorch sends float32 CPU matmuls to MKL. On an AMD EPYC, MKL's kernels for skinny inputs
    (a decode step's few rows) read weights at 9-25 GB/s, where oneDNN's read them at 26-48
    GB/s: 2-3.7x faster at 1-64 rows, 2x at 1,600 (benchmarks/RESULTS.md, "Generation").
    oneDNN costs ~10 us more a call, so matmuls under 2M multiply-adds (a tiny model's) stay
    on MKL. Both compute in float32 with float32 accumulation and differ only in summation
    order (~1e-6 relative); neither is batch-invariant bit for bit.

    A bfloat16 weight with a float32 input (`LlamaDecoder`'s `matmul_dtype`): the input is
    rounded to bf16, the product accumulated in float32 by oneDNN's bf16 kernel, and the
    result (and bias) returned in float32."""
    global _ONEDNN
    if weight.dtype == torch.bfloat16 and x.dtype == torch.float32:
        xb = x.to(torch.bfloat16)
        y = (_onednn_linear(xb, weight, None, "none", [], "") if _ONEDNN and x.device.type == "cpu"
             else F.linear(xb, weight)).float()
        return y if bias is None else y + bias
    if _ONEDNN and x.device.type == "cpu" and x.dtype == torch.float32 \
            and weight.dtype == torch.float32 and x.numel() * weight.shape[0] >= _ONEDNN_MIN_MACS:
        try:
            return _onednn_linear(x, weight, bias, "none", [], "")
        except RuntimeError:  # a build or CPU whose oneDNN refuses it: MKL from now on
            _ONEDNN = False
    return F.linear(x, weight, bias)


def decoder_layer(h: Tensor, w: LayerWeights, dims: LlamaDims, cos: Tensor, sin: Tensor,
                  attend: Attend, linear: Linear = F.linear) -> Tensor:
    """One pre-norm block: h [..., d] -> [..., d]; cos/sin broadcast against [..., heads, hd].
    `linear` runs the weight matmuls (the sampler passes `inference_linear`)."""
    H, KV, hd = dims.heads, dims.kv_heads, dims.head_dim
    nq, nkv = H * hd, KV * hd
    x = rms_norm(h, w.attn_norm, dims.eps)
    qkv = linear(x, w.qkv, w.qkv_bias)  # [..., (H + 2 KV) hd]
    if w.lora:
        qkv = qkv + _low_rank(x, w.lora["qkv"], (nq, nkv, nkv))
    q = rotate(qkv[..., :nq].unflatten(-1, (H, hd)), cos, sin)  # [..., H, hd]
    k = rotate(qkv[..., nq:nq + nkv].unflatten(-1, (KV, hd)), cos, sin)  # [..., KV, hd]
    v = qkv[..., nq + nkv:].unflatten(-1, (KV, hd))  # [..., KV, hd]
    o = attend(q, k, v)  # [..., H hd]
    h = h + linear(o, w.out, w.out_bias)
    if w.lora:
        h = h + _low_rank(o, w.lora["out"], (w.out.shape[0],))
    x = rms_norm(h, w.mlp_norm, dims.eps)
    gu = linear(x, w.gate_up)  # [..., 2 I]
    inter = w.down.shape[1]
    if w.lora:
        gu = gu + _low_rank(x, w.lora["gate_up"], (inter, inter))
    act = F.silu(gu[..., :inter]) * gu[..., inter:]
    out = linear(act, w.down)
    if w.lora:
        out = out + _low_rank(act, w.lora["down"], (w.down.shape[0],))
    return h + out


KVCache = list[tuple[Tensor, Tensor]]  # per layer (K, V), each [B, KV, S, hd]


class LlamaDecoder:
    """The sampler's forward: Llama-family decoding over a preallocated KV cache, on the HF
    module's parameters (fused copies: call `refresh()` after the weights change).

    `matmul_dtype` (default: the parameters' own) is the precision of the layers' weight
    matmuls: with bfloat16 for a float32 model, the fused q|k|v, out, gate|up and down copies
    are bfloat16 and each matmul rounds its input to bf16 and accumulates in float32 (the
    CPU's native bf16 matmuls, ~2x float32's on AVX512-BF16). Everything else stays in the
    parameters' dtype: the residual stream, RMSNorm, RoPE, the KV cache and attention (the CPU's
    bf16 attention kernels are ~4x slower than float32 at decode shapes), and the LM head, so
    logits keep float32 resolution (a logit of ~20 stored in bf16 would be off by ~0.06)."""

    def __init__(self, model, matmul_dtype: torch.dtype | None = None) -> None:
        model = unwrap(model)
        inner = model.model
        self.model = model
        self.embed = inner.embed_tokens
        self.layers = list(inner.layers)
        self.norm = inner.norm
        self.lm_head = model.lm_head
        self.dims = LlamaDims.of(model.config)
        self.rope = RopeTable(inner.rotary_emb)
        self.weights: list[LayerWeights] = []
        self.dtype = self.embed.weight.dtype  # activations and KV cache
        self.matmul_dtype = matmul_dtype or self.dtype

    def refresh(self) -> None:
        """(Re)build the fused weights from the module's current parameters."""
        self.weights = [layer_weights(layer, detach=True) for layer in self.layers]
        if self.matmul_dtype != self.dtype:
            self.weights = [dataclasses.replace(
                w, qkv=w.qkv.to(self.matmul_dtype), out=w.out.to(self.matmul_dtype),
                gate_up=w.gate_up.to(self.matmul_dtype), down=w.down.to(self.matmul_dtype))
                for w in self.weights]
        self.rope = RopeTable(self.rope.rotary)

    def head(self, h: Tensor) -> Tensor:
        """The last layer's hidden states [..., d] -> logits [..., V] (final norm, LM head)."""
        last = rms_norm(h, self.norm.weight, self.dims.eps)  # [B, d]
        return inference_linear(last, self.lm_head.weight, getattr(self.lm_head, "bias", None))

    def kv_bytes_per_token(self) -> int:
        """Bytes one token's K and V take in a cache of this decoder's dtype, all layers."""
        d = self.dims
        return 2 * len(self.layers) * d.kv_heads * d.head_dim * self.dtype.itemsize

    def new_cache(self, batch: int, length: int, device, dtype) -> KVCache:
        d = self.dims
        shape = (batch, d.kv_heads, length, d.head_dim)
        return [(torch.zeros(shape, device=device, dtype=dtype),
                 torch.zeros(shape, device=device, dtype=dtype)) for _ in self.layers]

    def __call__(self, tokens: Tensor, positions: Tensor, cache: KVCache, start: int,
                 mask: Tensor, last_only: bool = True) -> Tensor:
        """tokens/positions [B, T] written at cache slots [start, start+T); mask [B, 1, T, start+T]
        (True = attend). Returns last-position logits [B, V], or with `last_only=False` every
        position's [B, T, V] (a speculative step verifies all its drafts in one forward)."""
        B, T = tokens.shape
        end = start + T
        d = self.dims
        h = self.embed(tokens)  # [B, T, d]
        cos, sin = self.rope(h, positions)  # [B, T, hd]
        cos, sin = cos[:, :, None], sin[:, :, None]  # [B, T, 1, hd]
        for w, (ck, cv) in zip(self.weights, cache, strict=True):

            def attend(q: Tensor, k: Tensor, v: Tensor, ck=ck, cv=cv) -> Tensor:
                ck[:, :, start:end] = k.transpose(1, 2)  # [B, KV, T, hd]
                cv[:, :, start:end] = v.transpose(1, 2)
                o = F.scaled_dot_product_attention(q.transpose(1, 2), ck[:, :, :end],
                                                   cv[:, :, :end], attn_mask=mask,
                                                   scale=d.scale, enable_gqa=d.gqa)  # [B,H,T,hd]
                return o.transpose(1, 2).reshape(B, T, d.heads * d.head_dim)

            h = decoder_layer(h, w, d, cos, sin, attend, inference_linear)
        return self.head(h[:, -1] if last_only else h)


def grouped_hidden(model, pre_ids: Tensor, pre_pos: Tensor, pre_mask: Tensor, suf_ids: Tensor,
                   suf_pos: Tensor, suf_mask: Tensor, suf_row: Tensor) -> Tensor:
    """The trainer's differentiable forward over a grouped layout: per row a shared prefix
    `[R, Pm]` (right-padded), per sequence its own suffix `[B, Sm]` that attends to its row's
    prefix and causally to itself. Attention thus costs prefix² + suffix × (prefix + suffix)
    per group instead of (prefix + all suffixes)² for a block-diagonal packed row; every
    per-token op runs once per laid-out token. Gradients flow into the HF module's parameters.

    pre_* [R, Pm], suf_* [B, Sm]; masks bool [R, 1, Pm, Pm] and [B, 1, Sm, Pm + Sm]
    (True = attend); suf_row [B] the row of each suffix. Returns the final-normed hidden states
    flattened as [R * Pm + B * Sm, d] (prefix positions first)."""
    model = unwrap(model)
    inner = model.model
    d = LlamaDims.of(model.config)
    R, Pm = pre_ids.shape
    B, Sm = suf_ids.shape
    npre = R * Pm
    ids = torch.cat([pre_ids.reshape(-1), suf_ids.reshape(-1)])  # [N]
    pos = torch.cat([pre_pos.reshape(-1), suf_pos.reshape(-1)])  # [N]
    h = inner.embed_tokens(ids)  # [N, d]
    with torch.no_grad():
        cos, sin = RopeTable(inner.rotary_emb)(h[None], pos)  # [N, hd]
    cos, sin = cos[:, None], sin[:, None]  # [N, 1, hd]

    # Under bf16 autocast on a CPU the attention runs in float32: the CPU flash kernel's
    # forward + backward is as fast or faster in float32 at these head sizes (28 vs 45 ms for
    # 128 x 64 tokens over 229 keys, hd 32; benchmarks/RESULTS.md), and more exact.
    fp32_attention = h.device.type == "cpu" and torch.is_autocast_enabled("cpu")

    def attend(q: Tensor, k: Tensor, v: Tensor) -> Tensor:
        if fp32_attention:
            with torch.autocast("cpu", enabled=False):
                return attend_in(q.float(), k.float(), v.float())
        return attend_in(q, k, v)

    def attend_in(q: Tensor, k: Tensor, v: Tensor) -> Tensor:
        qp, kp, vp = (t[:npre].view(R, Pm, t.shape[1], d.head_dim).transpose(1, 2)
                      for t in (q, k, v))  # [R, heads, Pm, hd]
        qs, ks, vs = (t[npre:].view(B, Sm, t.shape[1], d.head_dim).transpose(1, 2)
                      for t in (q, k, v))  # [B, heads, Sm, hd]
        if Pm:
            op = F.scaled_dot_product_attention(qp, kp, vp, attn_mask=pre_mask, scale=d.scale,
                                                enable_gqa=d.gqa)  # [R, H, Pm, hd]
            # index_select: its backward is an index_add, far cheaper on CPU than the
            # accumulating index_put of advanced indexing
            ks = torch.cat([kp.index_select(0, suf_row), ks], dim=2)  # [B, KV, Pm + Sm, hd]
            vs = torch.cat([vp.index_select(0, suf_row), vs], dim=2)
        os_ = F.scaled_dot_product_attention(qs, ks, vs, attn_mask=suf_mask, scale=d.scale,
                                             enable_gqa=d.gqa)  # [B, H, Sm, hd]
        nq = d.heads * d.head_dim
        parts = [os_.transpose(1, 2).reshape(B * Sm, nq)]
        if Pm:
            parts.insert(0, op.transpose(1, 2).reshape(R * Pm, nq))
        return torch.cat(parts) if len(parts) > 1 else parts[0]  # [N, H hd]

    for layer in inner.layers:
        h = decoder_layer(h, layer_weights(layer), d, cos, sin, attend)
    return rms_norm(h, inner.norm.weight, d.eps)  # [N, d]
