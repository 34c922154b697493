"""Generation throughput: veriloop's sampler vs `transformers.generate`, side by side.

(The implementation behind `benchmarks/generate.py` and `veriloop bench generate`.)

Same model, same batch of prompts (rendered `arithmetic` tasks, left-padded), same number of new
tokens (stopping disabled on both sides so lengths are equal), greedy decoding; the two outputs
must be identical token for token. Runs alternate between the two implementations; the figure
is the median over `--repeats` runs. Also reports the fraction of the CPU's (or GPU's) measured
matmul peak that each reaches: model FLOPs (2 x matmul parameters per processed token, LM head
per generated token, attention over the context) over wall time, divided by the best FLOP/s of
a large square matmul in the model's dtype measured in the same run.

    python benchmarks/generate.py --model tiny --json
    veriloop bench generate --model smollm2-135m --json
"""

from __future__ import annotations

import argparse
import json
import platform
import statistics
import time
from typing import Any

import torch


def matmul_peak(dtype: torch.dtype, device: torch.device, n: int = 1024, reps: int = 5) -> float:
    """Best FLOP/s of an n x n matmul (after warm-up)."""
    a = torch.randn(n, n, dtype=dtype, device=device)
    b = torch.randn(n, n, dtype=dtype, device=device)
    for _ in range(2):
        a @ b
    best = 0.0
    for _ in range(reps):
        if device.type == "cuda":
            torch.cuda.synchronize()
        t = time.perf_counter()
        for _ in range(4):
            a @ b
        if device.type == "cuda":
            torch.cuda.synchronize()
        best = max(best, 4 * 2 * n ** 3 / (time.perf_counter() - t))
    return best


def model_flops(model, prompt_lens: list[int], new_tokens: int) -> float:
    """Matmul FLOPs of prefilling the prompts and decoding `new_tokens` per row."""
    cfg = model.config
    emb = model.get_input_embeddings().weight.numel()
    head = model.get_output_embeddings().weight.numel()
    body = sum(p.numel() for n, p in model.named_parameters()
               if p.dim() == 2 and "embed_tokens" not in n and "lm_head" not in n)
    heads = cfg.num_attention_heads
    head_dim = getattr(cfg, "head_dim", None) or cfg.hidden_size // heads
    attn_width = cfg.num_hidden_layers * heads * head_dim
    total = 0.0
    for p in prompt_lens:
        total += 2 * body * p + 2 * attn_width * p * (p + 1)  # prefill (QK^T and AV, causal)
        total += 2 * head  # logits of the last prompt position
        for t in range(new_tokens - 1):
            ctx = p + t + 1
            total += 2 * body + 4 * attn_width * ctx + 2 * head
    del emb
    return total


def bench(model_spec: str, batch: int = 8, group: int = 1, new_tokens: int = 64,
          repeats: int = 5, seed: int = 0, threads: int | None = None) -> dict[str, Any]:
    """`batch` sequences = `batch // group` distinct `arithmetic` prompts x `group` samples."""
    from veriloop.envs import get_env
    from veriloop.policies import load_policy
    from veriloop.policies.base import SamplingParams

    if threads:
        torch.set_num_threads(threads)
    policy = load_policy(model_spec)
    model, tok, sampler = policy.model, policy.tokenizer, policy.sampler
    env = get_env("arithmetic")
    if group < 1 or batch % group:
        raise ValueError(f"batch ({batch}) must be a multiple of group ({group})")
    tasks = env.tasks(batch // group, seed=seed, split="test")
    prompts = [list(policy.renderer.render_prompt(t.prompt, env.reset(t).tools).ids)
               for t in tasks for _ in range(group)]
    lens = [len(p) for p in prompts]
    P = max(lens)
    pad = tok.pad_token_id if tok.pad_token_id is not None else 0
    ids = torch.full((batch, P), pad, dtype=torch.long)
    att = torch.zeros(batch, P, dtype=torch.long)
    for r, p in enumerate(prompts):
        ids[r, P - len(p):] = torch.tensor(p)
        att[r, P - len(p):] = 1
    ids, att = ids.to(policy.device), att.to(policy.device)
    gen_config = model.generation_config.__class__.from_dict(model.generation_config.to_dict())
    gen_config.eos_token_id = None
    gen_config.pad_token_id = pad
    gen_config.do_sample = False
    params = SamplingParams(temperature=0.0, max_new_tokens=new_tokens, stop=())

    def ours() -> list[list[int]]:
        return [o.token_ids for o in sampler.generate(prompts, params, ignore_eos=True)]

    @torch.inference_mode()
    def theirs() -> list[list[int]]:
        out = model.generate(input_ids=ids, attention_mask=att, generation_config=gen_config,
                             max_new_tokens=new_tokens, min_new_tokens=new_tokens)
        return out[:, P:].tolist()

    def timed(fn):
        if policy.device.type == "cuda":
            torch.cuda.synchronize()
        t = time.perf_counter()
        out = fn()
        if policy.device.type == "cuda":
            torch.cuda.synchronize()
        return out, time.perf_counter() - t

    ours(), theirs()  # warm-up (allocator, kernels, token text table)
    times: dict[str, list[float]] = {"veriloop": [], "transformers": []}
    outputs: dict[str, list[list[int]]] = {}
    for _ in range(repeats):
        for name, fn in (("veriloop", ours), ("transformers", theirs)):
            outputs[name], dt = timed(fn)
            times[name].append(dt)
    peak = matmul_peak(policy.dtype, policy.device)
    flops = model_flops(model, lens, new_tokens)
    n_tok = batch * new_tokens
    result: dict[str, Any] = {
        "model": model_spec, "parameters": sum(p.numel() for p in model.parameters()),
        "device": str(policy.device), "dtype": str(policy.dtype).replace("torch.", ""),
        "threads": torch.get_num_threads(), "cpu": platform.processor() or platform.machine(),
        "batch": batch, "group": group, "prompt_tokens": lens, "new_tokens": new_tokens, "repeats": repeats,
        "fast_forward": sampler.fast, "matmul_peak_gflops": peak / 1e9,
        "identical_greedy_outputs": outputs["veriloop"] == outputs["transformers"],
    }
    for name, ts in times.items():
        med = statistics.median(ts)
        result[name] = {"seconds_median": med, "seconds_all": ts, "tokens_per_s": n_tok / med,
                        "gflops": flops / med / 1e9, "fraction_of_peak": flops / med / peak}
    result["speedup"] = result["veriloop"]["tokens_per_s"] / result["transformers"]["tokens_per_s"]
    return result
