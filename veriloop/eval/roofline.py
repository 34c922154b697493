"""Where decode and training stand against this machine's measured limits (issue 47: each CPU
at its roofline; the implementation behind `veriloop bench roofline`).

The roofline model (Williams, Waterman and Patterson 2009): a step that performs F FLOPs and
moves B bytes cannot finish faster than max(F / peak, B / bandwidth). Both limits are
measured here, in the same run, rather than taken from a datasheet:

- **peak**: the best FLOP/s of a large square matmul (`generation_speed.matmul_peak`), in
  float32 and, where the CPU runs it natively (`models.isa`), in bf16;
- **bandwidth**: the best bytes/s of reading a 256 MiB tensor (a sum: decode reads weights)
  and of copying one (read + write counted, as STREAM's copy does); the larger is the limit.

Then, on the model as `veriloop`'s sampler and trainer run it:

- **decode**: one decode step of `batch` sequences (the sampler's own forward, greedy, no
  stop), timed as the difference between generating `long` and `short` new tokens (prefill
  cancels), divided by the steps between them. Its work: 2 x (matmul parameters + LM head) x
  batch FLOPs plus attention over the context; its bytes: every weight once in the decode
  dtype plus each sequence's K/V cache. Decode at small batch is bandwidth-bound, so its
  fraction of the roofline is the bandwidth time over the measured time;
- **training**: one forward + backward of the causal-LM loss over `rows` x `seq` tokens with
  LoRA adapters (rank `lora_rank` on the attention and MLP projections, as the recipes train),
  under bf16 autocast where native as the trainer's `auto` precision. Its work: forward 2PT,
  backward 2PT for the activations' gradients (the frozen weights get none), the adapters
  6 x their parameters x T, attention three times its forward; compute-bound, so the fraction is the
  compute time over the measured time.

What it leaves out: the LM head's float32 log-softmax in training, embedding lookups,
the optimizer step (LoRA's is tiny) and Python overhead, all of which count against the
measured time (they are part of what a step costs).
"""

from __future__ import annotations

import statistics
import time
from collections.abc import Callable
from typing import Any

import torch

from veriloop.benchmarking import Spread, conditions
from veriloop.envs import get_env
from veriloop.eval.generation_speed import matmul_peak
from veriloop.models.isa import cpu_isa, native_bf16
from veriloop.policies import load_policy
from veriloop.policy import SamplingParams

BANDWIDTH_BYTES = 256 << 20  # far beyond any cache, so the memory bus is what is timed
LORA_TARGETS = ["q_proj", "k_proj", "v_proj", "o_proj", "gate_proj", "up_proj", "down_proj"]


def bandwidth(device: torch.device, nbytes: int = BANDWIDTH_BYTES,
              reps: int = 5) -> dict[str, float]:
    """Best bytes/s of reading (`read`: a sum) and copying (`copy`: read + write) a float32
    tensor of `nbytes`, after a warm-up each."""
    src = torch.ones(nbytes // 4, device=device)
    dst = torch.empty_like(src)
    best = {"read": 0.0, "copy": 0.0}
    work = {"read": (lambda: src.sum(), nbytes), "copy": (lambda: dst.copy_(src), 2 * nbytes)}
    for name, (fn, moved) in work.items():
        fn()
        for _ in range(reps):
            best[name] = max(best[name], moved / _seconds(fn, device))
    return best


def _seconds(fn: Callable[[], Any], device: torch.device) -> float:
    if device.type == "cuda":
        torch.cuda.synchronize()
    t = time.perf_counter()
    fn()
    if device.type == "cuda":
        torch.cuda.synchronize()
    return time.perf_counter() - t


def _shape(model: torch.nn.Module) -> dict[str, int]:
    """Matmul parameter counts and attention widths of a Llama-family model: `body` (the
    layers' 2-D weights), `head` (the LM head, once even when tied), K/V and query widths."""
    cfg = model.config
    head = model.get_output_embeddings().weight.numel()
    body = sum(p.numel() for n, p in model.named_parameters()
               if p.dim() == 2 and "embed_tokens" not in n and "lm_head" not in n)
    head_dim = getattr(cfg, "head_dim", None) or cfg.hidden_size // cfg.num_attention_heads
    kv_heads = getattr(cfg, "num_key_value_heads", None) or cfg.num_attention_heads
    return {"body": body, "head": head, "layers": cfg.num_hidden_layers,
            "q_width": cfg.num_attention_heads * head_dim, "kv_width": kv_heads * head_dim}


def decode_work(shape: dict[str, int], batch: int, context: int,
                weight_bytes: int, kv_bytes: int) -> tuple[float, float]:
    """(FLOPs, bytes) of one decode step: `batch` new tokens, each attending over `context`
    earlier ones; every weight read once (`weight_bytes` per parameter), each sequence's K
    and V read once (`kv_bytes` per element)."""
    flops = (2 * (shape["body"] + shape["head"]) * batch
             + 4 * shape["layers"] * shape["q_width"] * context * batch)  # QK^T and AV
    moved = ((shape["body"] + shape["head"]) * weight_bytes
             + 2 * shape["layers"] * shape["kv_width"] * context * batch * kv_bytes)
    return flops, moved


def train_flops(shape: dict[str, int], rows: int, seq: int, trainable: int) -> float:
    """FLOPs of one forward + backward over rows x seq tokens with frozen weights and
    `trainable` adapter parameters: forward 2PT (+ causal attention), backward 2PT for the
    activations' gradients, the adapters 6 x trainable x T (forward, their inputs' and their
    own gradients), attention's backward twice its forward. An upper bound by the first
    layer's input-side gradients, which autograd skips (nothing before them trains)."""
    tokens = rows * seq
    matmul = shape["body"] + shape["head"]
    attention = 2 * shape["layers"] * shape["q_width"] * seq * (seq + 1) * rows  # causal
    return 2 * matmul * tokens * 2 + 6 * trainable * tokens + 3 * attention


def decode_point(policy, batch: int, short: int, long: int, repeats: int,
                 dtype: torch.dtype | None) -> dict[str, Any]:
    """Seconds a decode step of `batch` sequences takes in the sampler, by differences."""
    sampler = policy.sampler
    sampler.set_decode_dtype(dtype)
    env = get_env("arithmetic")
    prompts = [list(policy.renderer.render_prompt(t.prompt, env.reset(t).tools).ids)
               for t in env.tasks(batch, seed=0, split="test")]

    def run(n: int) -> float:
        params = SamplingParams(temperature=0.0, max_new_tokens=n, stop=())
        return _seconds(lambda: sampler.generate(prompts, params, ignore_eos=True),
                        policy.device)

    run(long)  # warm-up: allocator, kernels
    steps = [(run(long) - run(short)) / (long - short) for _ in range(repeats)]
    return {"batch": batch, "context": round(statistics.mean(map(len, prompts))
                                             + (short + long) / 2),
            "dtype": str(dtype or policy.dtype).replace("torch.", ""),
            "step_seconds": Spread.of(steps).to_dict()}


def train_point(model: torch.nn.Module, rows: int, seq: int, repeats: int, lora_rank: int,
                autocast: torch.dtype | None) -> dict[str, Any]:
    """Seconds of one forward + backward of the causal-LM loss with LoRA adapters."""
    from peft import LoraConfig, get_peft_model  # lazy: peft loads transformers; LoRA only

    targets = [t for t in LORA_TARGETS if any(n.endswith(t) for n, _ in model.named_modules())]
    lora = get_peft_model(model, LoraConfig(r=lora_rank, lora_alpha=2 * lora_rank,
                                            target_modules=targets, lora_dropout=0.0))
    trainable = sum(p.numel() for p in lora.parameters() if p.requires_grad)
    device = next(model.parameters()).device
    ids = torch.randint(0, model.config.vocab_size, (rows, seq),
                        generator=torch.Generator().manual_seed(0)).to(device)

    def step() -> None:
        with torch.autocast(device.type, dtype=autocast or torch.bfloat16,
                            enabled=autocast is not None):
            loss = lora(input_ids=ids, labels=ids).loss
        loss.backward()
        lora.zero_grad(set_to_none=True)

    step()  # warm-up
    times = [_seconds(step, device) for _ in range(repeats)]
    lora.unload()  # the base model as it was (no adapter merged into it)
    return {"rows": rows, "seq": seq, "lora_rank": lora_rank, "trainable": trainable,
            "dtype": "bfloat16" if autocast else "float32",
            "step_seconds": Spread.of(times).to_dict()}


def roofline(model_spec: str = "tiny", batch: int = 8, short: int = 8, long: int = 40,
             rows: int = 2, seq: int = 512, lora_rank: int = 16, repeats: int = 5,
             threads: int | None = None,
             on_phase: Callable[[str], None] | None = None) -> dict[str, Any]:
    """The machine's measured limits and decode/training steps as fractions of them."""
    if threads:
        torch.set_num_threads(threads)
    if not 0 < short < long:
        raise ValueError(f"need 0 < short < long new tokens, got {short} and {long}")
    before = conditions()
    policy = load_policy(model_spec)
    device, model = policy.device, policy.model
    say = on_phase or (lambda phase: None)
    low = torch.bfloat16 if native_bf16(device) else None  # what `auto` precision takes here
    say("limits")
    peaks = {"float32": matmul_peak(torch.float32, device)}
    if low is not None:
        peaks["bfloat16"] = matmul_peak(low, device)
    bw = bandwidth(device)
    limit_bw = max(bw.values())
    shape = _shape(model)
    result: dict[str, Any] = {
        "model": model_spec, "device": str(device), "threads": torch.get_num_threads(),
        "isa": cpu_isa() if device.type == "cpu" else {"cuda": torch.cuda.get_device_name()},
        "matmul_peak_gflops": {k: v / 1e9 for k, v in peaks.items()},
        "bandwidth_gbs": {k: v / 1e9 for k, v in bw.items()},
        "ridge_flops_per_byte": {k: v / limit_bw for k, v in peaks.items()},
        "decode": [], "train": [],
    }
    for dtype in dict.fromkeys([None, low]):  # float32, then the native low precision if any
        say(f"decode {'bfloat16' if dtype else 'float32'}")
        point = decode_point(policy, batch, short, long, repeats, dtype)
        elsize = 2 if dtype == torch.bfloat16 else 4
        flops, moved = decode_work(shape, batch, point["context"], elsize, elsize)
        sec = point["step_seconds"]["median"]
        bound = max(flops / peaks[point["dtype"]], moved / limit_bw)
        result["decode"].append({**point, "flops": flops, "bytes": moved,
                                 "flops_per_byte": flops / moved,
                                 "tokens_per_s": batch / sec,
                                 "achieved_gbs": moved / sec / 1e9,
                                 "fraction_of_roofline": bound / sec})
    policy.sampler.set_decode_dtype(None)
    for dtype in dict.fromkeys([None, low]):
        say(f"train {'bfloat16' if dtype else 'float32'}")
        point = train_point(model, rows, seq, repeats, lora_rank, dtype)
        flops = train_flops(shape, rows, seq, point["trainable"])
        sec = point["step_seconds"]["median"]
        result["train"].append({**point, "flops": flops, "achieved_gflops": flops / sec / 1e9,
                                "fraction_of_roofline": flops / peaks[point["dtype"]] / sec})
    result["conditions_before"], result["load_avg_after"] = before, conditions()["load_avg"]
    return result
