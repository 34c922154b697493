"""Sequence packing: a packed forward pass equals separate forward passes."""

import torch
from transformers import Gemma3ForCausalLM, Gemma3TextConfig, LlamaConfig, LlamaForCausalLM

from veriloop.trainers.batch import aligned, forward_logprobs, pack


def _model():
    torch.manual_seed(0)
    cfg = LlamaConfig(vocab_size=50, hidden_size=32, num_hidden_layers=2, num_attention_heads=4,
                      num_key_value_heads=2, intermediate_size=64, max_position_embeddings=64)
    return LlamaForCausalLM(cfg).eval()


def test_packed_logprobs_equal_separate_forward():
    model = _model()
    seqs = [[1, 5, 7, 9, 11, 3], [2, 4, 6], [8, 8, 9, 10, 12, 14, 16, 18, 20], [3, 4]]
    masks = [[0, 0, 1, 1, 1, 1], [0, 1, 1], [0] * 4 + [1] * 5, [0, 1]]
    packed = pack(seqs, masks, row_len=12)
    assert packed.input_ids.shape[0] < len(seqs)  # really packed
    out = forward_logprobs(model, packed, temperature=0.7, entropy=True)
    for i, s in enumerate(seqs):
        ids = torch.tensor([s])
        logits = model(ids).logits[0, :-1] / 0.7
        ref = torch.log_softmax(logits, -1).gather(-1, ids[0, 1:, None]).squeeze(-1)
        torch.testing.assert_close(out.logprobs[i, :len(s) - 1], ref, atol=1e-5, rtol=1e-5)
        assert torch.all(out.logprobs[i, len(s) - 1:] == 0)
        torch.testing.assert_close(packed.loss_mask[i, :len(s) - 1],
                                   torch.tensor(masks[i][1:], dtype=torch.float32))


def test_entropy_slope_from_the_packed_forward_equals_the_separate_logits():
    from veriloop.algorithms.entropy import entropy_slope

    model = _model()
    seqs = [[1, 5, 7, 9, 11, 3], [2, 4, 6], [8, 8, 9, 10, 12]]
    masks = [[0, 0, 1, 1, 1, 1], [0, 1, 1], [0, 0, 0, 1, 1]]
    packed = pack(seqs, masks, row_len=12)
    out = forward_logprobs(model, packed, temperature=0.7, entropy=True, policy_only=True,
                           entropy_slope=True)
    assert forward_logprobs(model, packed, entropy=True).slope is None  # only when asked
    for i, s in enumerate(seqs):
        ids = torch.tensor([s])
        logp = torch.log_softmax(model(ids).logits[0, :-1] / 0.7, -1)  # [n-1, V]
        ref = entropy_slope(logp, logp.gather(-1, ids[0, 1:, None]).squeeze(-1))
        on = torch.tensor(masks[i][1:], dtype=torch.bool)
        torch.testing.assert_close(out.slope[i, :len(s) - 1][on], ref[on], atol=1e-5,
                                   rtol=1e-4)
        assert torch.all(out.slope[i, :len(s) - 1][~on] == 0)


def test_aligned_shifts_by_one():
    out = aligned([[0.0, -1.0, -2.0], [0.0, -3.0]], L=2)
    torch.testing.assert_close(out, torch.tensor([[-1.0, -2.0], [-3.0, 0.0]]))


def test_pack_rejects_bad_input():
    import pytest

    with pytest.raises(ValueError, match="empty"):
        pack([], [])
    with pytest.raises(ValueError, match="2 tokens"):
        pack([[1]], [[0]])


def test_shared_prefix_packing_is_exact_and_saves_tokens():
    model = _model()
    prompt = [1, 2, 3, 4, 5, 6, 7]
    seqs = [prompt + [9, 10, 11], prompt + [12], prompt + [9, 13, 14, 15], prompt[:3] + [40, 41],
            prompt]
    masks = [[0] * 7 + [1] * (len(s) - 7) if len(s) > 7 else [0] * (len(s) - 1) + [1]
             for s in seqs]
    packed = pack(seqs, masks, row_len=40)
    assert packed.row_tokens < sum(len(s) for s in seqs) - 12  # the prompt is laid out once
    out = forward_logprobs(model, packed, entropy=True)
    flat = pack(seqs, masks, row_len=40, share_prefix=False)
    ref = forward_logprobs(model, flat, entropy=True)
    torch.testing.assert_close(out.logprobs, ref.logprobs, atol=1e-5, rtol=1e-5)
    torch.testing.assert_close(out.entropy, ref.entropy, atol=1e-5, rtol=1e-5)
    torch.testing.assert_close(out.logprobs[4, :6], ref.logprobs[4, :6])
    # gradients through the shared prefix equal the sum over separate sequences
    g1 = torch.autograd.grad(out.logprobs.sum(), list(model.parameters()))
    g2 = torch.autograd.grad(ref.logprobs.sum(), list(model.parameters()))
    for a, b in zip(g1, g2):
        torch.testing.assert_close(a, b, atol=1e-4, rtol=1e-4)


def test_policy_only_logprobs_and_entropy_gradient():
    model = _model()
    seqs = [[1, 5, 7, 9, 11, 3], [1, 5, 8, 10]]
    masks = [[0, 0, 1, 1, 0, 1], [0, 0, 1, 1]]
    packed = pack(seqs, masks)
    full = forward_logprobs(model, packed, entropy=True)
    part = forward_logprobs(model, packed, entropy=True, policy_only=True)
    on = packed.loss_mask > 0
    torch.testing.assert_close(part.logprobs[on], full.logprobs[on])
    assert torch.all(part.logprobs[~on] == 0)
    assert not part.entropy.requires_grad
    bonus = forward_logprobs(model, packed, entropy=True, entropy_grad=True, policy_only=True)
    (g,) = torch.autograd.grad(bonus.entropy.sum(), [model.lm_head.weight])
    assert g.abs().sum() > 0


def test_grouped_llama_forward_equals_hf_packed_forward(monkeypatch):
    """The Llama fast path (prefix once, suffixes attending to it) gives the same logprobs,
    entropy and gradients as the model's own forward over the block-diagonal packed rows."""
    from veriloop.trainers import batch

    model = _model().train()
    prompt = [1, 2, 3, 4, 5, 6, 7]
    seqs = [prompt + [9, 10, 11], prompt + [12, 13], prompt + [9, 13, 14, 15, 16, 17],
            [20, 21, 22, 23], prompt[:3] + [40, 41], [30, 31]]
    masks = [[0] * 2 + [1] * (len(s) - 2) for s in seqs]
    packed = pack(seqs, masks, row_len=16)
    assert max(p for _, p in packed.rows) > 0 and len(packed.rows) > 1
    assert batch._grouped_ok(model, packed)
    fast = forward_logprobs(model, packed, temperature=0.9, entropy=True, entropy_grad=True)
    g_fast = torch.autograd.grad((fast.logprobs + fast.entropy).sum(), list(model.parameters()))
    monkeypatch.setattr(batch, "_grouped_ok", lambda m, p: False)
    ref = forward_logprobs(model, packed, temperature=0.9, entropy=True, entropy_grad=True)
    g_ref = torch.autograd.grad((ref.logprobs + ref.entropy).sum(), list(model.parameters()))
    torch.testing.assert_close(fast.logprobs, ref.logprobs, atol=1e-5, rtol=1e-5)
    torch.testing.assert_close(fast.entropy, ref.entropy, atol=1e-5, rtol=1e-5)
    for a, b in zip(g_fast, g_ref, strict=True):
        torch.testing.assert_close(a, b, atol=1e-4, rtol=1e-4)


def _lora(model, seed=1):
    """`model` with LoRA adapters on every projection, B made non-zero (fresh adapters are a
    no-op: the test would pass without folding them in)."""
    from peft import LoraConfig, get_peft_model

    peft = get_peft_model(model, LoraConfig(
        r=4, lora_alpha=8, lora_dropout=0.0, bias="none",
        target_modules=["q_proj", "k_proj", "v_proj", "o_proj", "gate_proj", "up_proj",
                        "down_proj"]))
    g = torch.Generator().manual_seed(seed)
    with torch.no_grad():
        for name, p in peft.named_parameters():
            if "lora_B" in name:
                p.copy_(torch.randn(p.shape, generator=g) * 0.1)
    return peft


def test_grouped_forward_folds_lora_adapters_in(monkeypatch):
    """With LoRA (W + scale B A folded into the fused weights) the fast path's logprobs equal
    the PEFT model's own forward, and so do the gradients of the adapters (the base is frozen)."""
    from veriloop.models.llama import supports_fast_forward
    from veriloop.trainers import batch

    model = _lora(_model().train())
    assert supports_fast_forward(model)
    prompt = [1, 2, 3, 4, 5, 6, 7]
    seqs = [prompt + [9, 10, 11], prompt + [12, 13], [20, 21, 22, 23], [30, 31]]
    masks = [[0] * 2 + [1] * (len(s) - 2) for s in seqs]
    packed = pack(seqs, masks, row_len=16)
    assert batch._grouped_ok(model, packed)
    params = [p for p in model.parameters() if p.requires_grad]
    assert params and all("lora_" in n for n, p in model.named_parameters() if p.requires_grad)
    fast = forward_logprobs(model, packed, temperature=0.9)
    g_fast = torch.autograd.grad(fast.logprobs.sum(), params)
    monkeypatch.setattr(batch, "_grouped_ok", lambda m, p: False)
    ref = forward_logprobs(model, packed, temperature=0.9)
    g_ref = torch.autograd.grad(ref.logprobs.sum(), params)
    torch.testing.assert_close(fast.logprobs, ref.logprobs, atol=1e-5, rtol=1e-5)
    for a, b in zip(g_fast, g_ref, strict=True):
        torch.testing.assert_close(a, b, atol=1e-4, rtol=1e-4)
    # without the adapters the logprobs differ: the fold-in is what makes them agree
    with model.disable_adapter():
        assert not supports_fast_forward(model)
        plain = forward_logprobs(model, packed, temperature=0.9)
    assert (plain.logprobs - ref.logprobs).abs().max() > 1e-3


def test_sampler_fast_path_with_lora_equals_hf_generate():
    """The sampler keeps its fast forward (fused weights, KV cache) for a LoRA model; greedy
    tokens and sampling logprobs equal its HF-forward path's."""
    from veriloop.policies.base import SamplingParams
    from veriloop.policies.sampler import Sampler

    model = _lora(_model())
    model.eval()
    prompts = [[1, 2, 3, 4], [5, 6, 7, 8, 9, 10], [11, 12]]
    params = SamplingParams(temperature=0.0, max_new_tokens=6, stop=())
    fast = Sampler(model, None, fast=True).generate(prompts, params)
    slow = Sampler(model, None, fast=False).generate(prompts, params)
    assert [o.token_ids for o in fast] == [o.token_ids for o in slow]
    for a, b in zip(fast, slow, strict=True):
        torch.testing.assert_close(torch.tensor(a.logprobs), torch.tensor(b.logprobs),
                                   atol=1e-4, rtol=1e-4)


def test_bf16_autocast_matches_fp32_within_tolerance(monkeypatch):
    """`train.precision: bf16`: the body under bf16 autocast, the LM head and log-softmax in
    float32. Stated tolerance: per-token logprobs within 0.05 nats (mean within 0.01), the
    gradient within cosine 0.99 of float32's and its norm within 5%; both the grouped Llama
    path and the model's own forward."""
    from veriloop.trainers import batch

    model = _model().train()
    g = torch.Generator().manual_seed(0)
    prompt = torch.randint(0, 50, (12,), generator=g).tolist()
    seqs = [prompt + torch.randint(0, 50, (n,), generator=g).tolist() for n in (9, 14, 6, 11)]
    masks = [[0] * 12 + [1] * (len(s) - 12) for s in seqs]
    packed = pack(seqs, masks, row_len=64)
    for grouped in (True, False):
        monkeypatch.setattr(batch, "_grouped_ok", lambda m, p, on=grouped: on)
        outs = {}
        for dtype in (None, torch.bfloat16):
            out = forward_logprobs(model, packed, policy_only=True, autocast=dtype)
            assert out.logprobs.dtype == torch.float32  # the loss side stays float32
            grads = torch.autograd.grad(out.logprobs.sum(), list(model.parameters()))
            outs[dtype] = out.logprobs, torch.cat([x.flatten() for x in grads])
        (lp32, g32), (lp16, g16) = outs[None], outs[torch.bfloat16]
        sel = packed.loss_mask > 0
        diff = (lp32 - lp16)[sel].abs()
        assert diff.max() < 0.05 and diff.mean() < 0.01, (grouped, diff.max(), diff.mean())
        assert not torch.equal(lp32, lp16)  # bf16 really ran
        assert torch.nn.functional.cosine_similarity(g32, g16, dim=0) > 0.99
        assert abs(g16.norm() / g32.norm() - 1) < 0.05


def test_grouped_attention_runs_in_float32_under_cpu_autocast(monkeypatch):
    """On a CPU the grouped forward's attention gets float32 q/k/v even under bf16 autocast
    (faster there than bf16, and exact); without autocast nothing changes."""
    import torch.nn.functional as F

    from veriloop.models import llama

    seen = []
    real = F.scaled_dot_product_attention

    def spy(q, k, v, **kw):
        seen.append((q.dtype, k.dtype, v.dtype))
        return real(q, k, v, **kw)

    monkeypatch.setattr(llama.F, "scaled_dot_product_attention", spy)
    model = _model().train()
    packed = pack([[1, 2, 3, 4, 5, 6], [1, 2, 3, 7, 8]], [[0, 0, 0, 1, 1, 1], [0, 0, 0, 1, 1]],
                  row_len=16)
    forward_logprobs(model, packed, policy_only=True, autocast=torch.bfloat16)
    assert seen and all(d == (torch.float32,) * 3 for d in seen), seen


def test_precision_setting_resolves_per_model_and_hardware(monkeypatch):
    from veriloop.trainers.common import autocast_dtype

    model = _model()
    assert autocast_dtype("fp32", model) is None
    assert autocast_dtype("bf16", model) is torch.bfloat16
    monkeypatch.setattr(torch.cpu, "_is_avx512_bf16_supported", lambda: False)
    monkeypatch.setattr(torch.cpu, "_is_amx_tile_supported", lambda: False)
    assert autocast_dtype("auto", model) is None  # no native bf16: float32 as it is
    monkeypatch.setattr(torch.cpu, "_is_avx512_bf16_supported", lambda: True)
    assert autocast_dtype("auto", model) is torch.bfloat16
    assert autocast_dtype("auto", model.to(torch.bfloat16)) is None  # already low precision


def test_packed_forward_keeps_sliding_window_layers_to_their_window():
    """Gemma 3's sliding-window layers see a packed row's 4D mask: cut to the window per layer
    type (`layer_masks`), the packed forward equals separate forward passes past the window."""
    torch.manual_seed(0)
    cfg = Gemma3TextConfig(vocab_size=50, hidden_size=32, num_hidden_layers=2, head_dim=8,
                           num_attention_heads=4, num_key_value_heads=1, intermediate_size=64,
                           sliding_window=3, layer_types=["sliding_attention", "full_attention"],
                           max_position_embeddings=64, query_pre_attn_scalar=8)
    model = Gemma3ForCausalLM(cfg).eval()
    seqs = [[1, 5, 7, 9, 11, 3, 4, 6, 8, 10], [1, 5, 7, 9, 2, 2, 2, 2], [8, 9, 10, 12, 14, 16]]
    masks = [[0, 0] + [1] * 8, [0, 0] + [1] * 6, [0] + [1] * 5]
    packed = pack(seqs, masks, row_len=20)
    assert packed.input_ids.shape[0] < len(seqs)  # really packed, a shared prefix included
    out = forward_logprobs(model, packed)
    for i, s in enumerate(seqs):
        ids = torch.tensor([s])
        logits = model(ids).logits[0, :-1]
        ref = torch.log_softmax(logits, -1).gather(-1, ids[0, 1:, None]).squeeze(-1)
        torch.testing.assert_close(out.logprobs[i, :len(s) - 1], ref, atol=1e-5, rtol=1e-5)
