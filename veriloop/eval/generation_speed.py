"""Generation throughput: veriloop's sampler vs `transformers.generate`, side by side.

(The implementation behind `benchmarks/generate.py` and `veriloop bench generate`.)

Same model, same batch of prompts (rendered `arithmetic` tasks, left-padded), same number of new
tokens (stopping disabled on both sides so lengths are equal), greedy decoding; the two outputs
must be identical token for token. By default each sequence is a 3-turn episode (generate,
append a tool observation, generate again), the workload of agent rollouts; `--turns 1`
measures single-prompt generation. Runs alternate between the two implementations; the figure
is the median over `--repeats` runs. Also reports the fraction of the CPU's (or GPU's) measured
matmul peak that each reaches, against the best FLOP/s of a large square matmul in the model's
dtype measured in the same run: `fraction_of_peak` counts the weight-matmul FLOPs each side
actually executes (2 x matmul parameters per token it runs through the model, LM head per
generated token; attention and padding excluded); `effective_fraction_of_peak` charges both
sides the same useful work (as MFU does: every token of the final sequences once, with
attention), so work our sampler avoids (shared prefixes, kept caches) counts as done and the
figure can exceed 1.

    python benchmarks/generate.py --model tiny --json
    veriloop bench generate --model smollm2-135m --json
"""

from __future__ import annotations

import platform
import statistics
import time
from collections.abc import Callable
from typing import Any

import torch

from veriloop.benchmarking import Spread, conditions, interleave, paired_ratio
from veriloop.envs import get_env
from veriloop.policies import load_policy
from veriloop.policy import SamplingParams
from veriloop.types import Message


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


def model_flops(model, final_lens: list[int], generated_per_row: int) -> float:
    """Matmul FLOPs of the useful work: every token of each final sequence processed once
    (2 x matmul parameters, plus causal attention over its context), and the LM head once per
    generated token. Both implementations are charged the same work (as in MFU)."""
    cfg = model.config
    head = model.get_output_embeddings().weight.numel()
    body = sum(p.numel() for n, p in model.named_parameters()
               if p.dim() == 2 and "embed_tokens" not in n and "lm_head" not in n)
    heads = cfg.num_attention_heads
    head_dim = getattr(cfg, "head_dim", None) or cfg.hidden_size // heads
    attn_width = cfg.num_hidden_layers * heads * head_dim
    return sum(2 * body * n + 2 * attn_width * n * (n + 1) + 2 * head * generated_per_row
               for n in final_lens)


def weight_flops(model, n_processed: int, n_gen: int) -> float:
    """Matmul FLOPs actually executed on the weights: every processed token through the layers,
    the LM head once per generated token (attention and padding excluded)."""
    head = model.get_output_embeddings().weight.numel()
    body = sum(p.numel() for n, p in model.named_parameters()
               if p.dim() == 2 and "embed_tokens" not in n and "lm_head" not in n)
    return 2 * body * n_processed + 2 * head * n_gen


def bench(model_spec: str, batch: int = 8, group: int = 1, new_tokens: int = 32,
          turns: int = 3, repeats: int = 5, seed: int = 0,
          threads: int | None = None,
          on_run: Callable[[], None] | None = None) -> dict[str, Any]:
    """`batch` sequences = `batch // group` distinct `arithmetic` prompts x `group` samples.
    Each sequence is an episode of `turns` turns: generate `new_tokens`, append a tool
    observation (the chat template's delta), generate again. `transformers.generate` is
    called on the whole conversation each turn, as an agent loop on it would; ours keeps each
    episode's KV cache (`keys`). `turns=1` is plain single-prompt generation. `on_run` is
    called after each of the 2 x (repeats + 1) runs (a progress count)."""
    if threads:
        torch.set_num_threads(threads)
    if group < 1 or batch % group:
        raise ValueError(f"batch ({batch}) must be a multiple of group ({group})")
    if turns < 1 or new_tokens < 1:
        raise ValueError("turns and new_tokens must be at least 1")
    policy = load_policy(model_spec)
    model, tok, sampler = policy.model, policy.tokenizer, policy.sampler
    env = get_env("arithmetic")
    tasks = env.tasks(batch // group, seed=seed, split="test")
    prompts = [list(policy.renderer.render_prompt(t.prompt, env.reset(t).tools).ids)
               for t in tasks for _ in range(group)]
    observation = list(policy.renderer.render_observation(
        [Message(role="tool", content="42")], action_closed=False).ids)
    pad = tok.pad_token_id if tok.pad_token_id is not None else 0
    gen_config = model.generation_config.__class__.from_dict(model.generation_config.to_dict())
    # Neither side stops early or suppresses EOS: an id no token has (transformers warns once
    # that it will run to max_new_tokens; `min_new_tokens` would mask EOS and change outputs).
    gen_config.eos_token_id = -1
    gen_config.pad_token_id = pad
    gen_config.do_sample = False
    gen_config.max_new_tokens = new_tokens
    params = SamplingParams(temperature=0.0, max_new_tokens=new_tokens, stop=())

    processed = {"veriloop": 0, "transformers": 0}  # tokens run through the model, last run

    def ours() -> list[list[int]]:
        convs, outs = [list(p) for p in prompts], []
        before = sampler.stats.prefill_tokens
        processed["veriloop"] = batch * (new_tokens - 1) * turns
        keys = [f"bench-{r}" for r in range(batch)]
        for _ in range(turns):
            gen = [o.token_ids for o in sampler.generate(convs, params, keys=keys, ignore_eos=True)]
            outs.append(gen)
            convs = [c + g + observation for c, g in zip(convs, gen)]
        for k in keys:
            sampler.release(k)
        processed["veriloop"] += sampler.stats.prefill_tokens - before
        return outs

    @torch.inference_mode()
    def theirs() -> list[list[int]]:
        convs, outs = [list(p) for p in prompts], []
        processed["transformers"] = batch * (new_tokens - 1) * turns
        for _ in range(turns):
            P = max(map(len, convs))
            processed["transformers"] += batch * P
            ids = torch.full((batch, P), pad, dtype=torch.long)
            att = torch.zeros(batch, P, dtype=torch.long)
            for r, c in enumerate(convs):
                ids[r, P - len(c):] = torch.tensor(c)
                att[r, P - len(c):] = 1
            out = model.generate(input_ids=ids.to(policy.device),
                                 attention_mask=att.to(policy.device),
                                 generation_config=gen_config)
            gen = out[:, P:].tolist()
            outs.append(gen)
            convs = [c + g + observation for c, g in zip(convs, gen)]
        return outs

    def timed(fn):
        if policy.device.type == "cuda":
            torch.cuda.synchronize()
        t = time.perf_counter()
        out = fn()
        if policy.device.type == "cuda":
            torch.cuda.synchronize()
        return out, time.perf_counter() - t

    before = conditions()
    executed: dict[str, float] = {}
    outputs: dict[str, list[list[list[int]]]] = {}

    def side(name: str, fn):
        def run() -> float:
            outputs[name], dt = timed(fn)
            executed[name] = weight_flops(model, processed[name], n_gen=batch * new_tokens * turns)
            if on_run is not None:
                on_run()
            return dt
        return run

    # A, B, A, B ...; the first round warms up (allocator, kernels, token text table)
    times = interleave({"veriloop": side("veriloop", ours),
                        "transformers": side("transformers", theirs)}, repeats, warmup=1)
    peak = matmul_peak(policy.dtype, policy.device)
    final = [len(p) + turns * new_tokens + (turns - 1) * len(observation) for p in prompts]
    flops = model_flops(model, final, turns * new_tokens)
    n_tok = batch * new_tokens * turns
    result: dict[str, Any] = {
        "model": model_spec, "parameters": sum(p.numel() for p in model.parameters()),
        "device": str(policy.device), "dtype": str(policy.dtype).replace("torch.", ""),
        "threads": torch.get_num_threads(), "cpu": platform.processor() or platform.machine(),
        "batch": batch, "group": group, "turns": turns, "new_tokens_per_turn": new_tokens,
        "prompt_tokens": [len(p) for p in prompts], "observation_tokens": len(observation),
        "repeats": repeats, "fast_forward": sampler.fast, "matmul_peak_gflops": peak / 1e9,
        "identical_greedy_outputs": outputs["veriloop"] == outputs["transformers"],
    }
    for name, ts in times.items():
        med = statistics.median(ts)
        result[name] = {"seconds_median": med, "seconds_all": ts, "tokens_per_s": n_tok / med,
                        "tokens_processed": processed[name],
                        "fraction_of_peak": executed[name] / med / peak,
                        "effective_gflops": flops / med / 1e9,
                        "effective_fraction_of_peak": flops / med / peak}
        result[name]["seconds"] = Spread.of(ts).to_dict()
    result["speedup"] = result["veriloop"]["tokens_per_s"] / result["transformers"]["tokens_per_s"]
    # per round: transformers' seconds / ours (the claim ">= 2x" holds at its worst quartile
    # when speedup_spread's q1 is >= 2)
    result["speedup_spread"] = paired_ratio(times["transformers"], times["veriloop"]).to_dict()
    result["conditions_before"], result["load_avg_after"] = before, conditions()["load_avg"]
    return result
