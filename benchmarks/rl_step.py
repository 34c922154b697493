"""One GRPO step of veriloop vs TRL's GRPOTrainer, same model, same prompts, same work.

Work per step: 16 prompts x 8 samples, up to 64 new tokens each (`--prompts`, `--samples`,
`--new-tokens`), temperature 1, then one
optimizer step over the 128 completions (GRPO advantages, clipped loss, no KL). The task is
single-turn `arithmetic` (the same rendered prompt texts on both sides, graded by the same
numeric check). `--model tiny` is the embedded tiny model with random weights (it rarely stops
early, so both sides generate about the full 64 tokens); `--model smollm2-135m` is the real
instruct model, fully fine-tuned or with `--lora R` (the same rank, alpha and target modules on
both sides). The mean completion length of each side is printed so the work can be checked.

Each side runs in its own process (its own peak memory, no shared allocator or thread pool); the
parent tells them to take one step at a time, in turn (veriloop, TRL, veriloop, TRL ...), so
load from elsewhere hits both alike. The first `--warmup` rounds are discarded.

veriloop: `RLTrainer.step()` (batched sampler with KV cache; training forward with each group's
prompt laid out once and its samples attending to it). Its step is split into generation,
environment, grading, batch preparation (old log-probs, advantages), forward, backward and
optimizer.
TRL: `GRPOTrainer` with transformers `generate`, all 128 sequences in one batch (tiny model),
`num_generations=8`, `beta=0`, gradient checkpointing off; its step is timed by a trainer
callback (step begin -> step end), which excludes TRL's setup.

    python benchmarks/rl_step.py                                  # tiny model, full weights
    python benchmarks/rl_step.py --model smollm2-135m --lora 16   # or without --lora: full

On a real model both sides accumulate gradients over micro-batches of `--micro-batch` sequences
(default 16; TRL: `per_device_train_batch_size` 16 x `gradient_accumulation_steps` 8, one
generation batch of 128), as 128 sequences of SmolLM2 activations do not fit in memory.

Prints a line per step, then ONE JSON line: median step seconds of each side with quartiles and
range, the paired ratio veriloop / TRL with its spread, completion lengths, veriloop's
breakdown, each side's peak resident memory, and the run's conditions (load before and after,
torch threads, commit).
"""

from __future__ import annotations

import argparse
import multiprocessing as mp
import re
import statistics
import sys
import tempfile
import time
from pathlib import Path

PROMPTS, SAMPLES, NEW_TOKENS = 16, 8, 64
QUICK = {"size": "xs", "steps": 1, "warmup": 0, "threads": 1, "prompts": 2, "samples": 2,
         "new_tokens": 4}
JSON_KEYS = ("benchmark", "model", "lora_rank", "work", "micro_batch", "steps", "warmup",
             "threads", "veriloop_step_s", "trl_step_s", "ratio_veriloop_over_trl",
             "veriloop_all_steps_s", "trl_all_steps_s", "veriloop_completion_tokens",
             "trl_completion_tokens", "veriloop_breakdown_s", "peak_rss_mb", "conditions_before",
             "load_avg_after")
PARTS = ("generate_s", "env_s", "grade_s", "rollout_s", "batch_s", "forward_s", "backward_s",
         "optimizer_s", "train_s")


def model_dir(args) -> Path:
    if args.model == "tiny":
        from veriloop.run.tiny import ensure_tiny

        return ensure_tiny(size=args.size)
    if args.model.startswith("smollm2"):
        from veriloop.policies.smollm2 import smollm2_dir

        return smollm2_dir()
    return Path(args.model)


def veriloop_side(conn, args, path: str, rounds: int) -> None:
    """Child process: set up the trainer, send the prompts it will draw, then one step per
    'step' message (its seconds, completion length and breakdown back), and peak memory last."""
    import torch

    torch.set_num_threads(args.threads)
    from veriloop.benchmarking import peak_rss_mb
    from veriloop.policies.hf import HFPolicy
    from veriloop.run.build import build_env_and_grader
    from veriloop.run.config import load_config
    from veriloop.trainers.rl import RLTrainer

    cfg = load_config(None, [
        f"model.size={args.size}", f"model.lora_rank={args.lora}",
        f"model.lora_alpha={2 * args.lora or 16}", "env.max_turns=1", "env.train_tasks=256",
        "env.eval_tasks=1", f"rollout.prompts_per_step={args.prompts}",
        f"rollout.group_size={args.samples}", f"rollout.max_new_tokens={args.new_tokens}",
        "rollout.max_total_tokens=1024", "algorithm.advantage=grpo",
        "algorithm.aggregation=token_mean", "optim.lr=1e-4",
        f"optim.minibatch_size={args.prompts * args.samples}",
        f"optim.micro_batch_size={args.micro_batch}", f"train.steps={rounds}",
        f"train.threads={args.threads}"])
    policy = HFPolicy.from_pretrained(path, device="cpu", dtype="float32")
    trainer = RLTrainer(cfg, Path(args.out) / "veriloop", policy)
    trainer.setup(*build_env_and_grader(cfg))
    specs = tuple(trainer.env.reset(trainer.sampler.tasks[0]).tools)
    tasks = trainer.sampler.tasks[:args.prompts * rounds]
    conn.send([(policy.renderer.render_prompt(t.prompt, specs).text,
                str(t.verification["answer"])) for t in tasks])
    while conn.recv() == "step":
        gen0 = policy.sampler.stats.seconds
        t0 = time.perf_counter()
        m = trainer.step()
        seconds = time.perf_counter() - t0
        parts = {k: m.get(k, 0.0) for k in PARTS}
        parts["generate_s"] = policy.sampler.stats.seconds - gen0  # wall time in the sampler
        conn.send({"seconds": seconds, "tokens": m["response_tokens"], "parts": parts})
    trainer.close()
    conn.send({"peak_rss_mb": peak_rss_mb()})


def trl_side(conn, args, path: str, rounds: int) -> None:
    """Child process: TRL's GRPOTrainer on the prompts received; each step waits for 'step'
    (in `on_step_begin`) and reports its seconds (in `on_step_end`)."""
    import torch

    torch.set_num_threads(args.threads)
    from datasets import Dataset
    from transformers import AutoModelForCausalLM, AutoTokenizer, TrainerCallback
    from trl import GRPOConfig, GRPOTrainer

    from veriloop.benchmarking import peak_rss_mb
    from veriloop.graders.numeric import numbers_match

    prompts = conn.recv()
    data = Dataset.from_dict({"prompt": [p for p, _ in prompts],
                              "answer": [a for _, a in prompts]})

    def reward(completions, answer, **_):
        out = []
        for c, gold in zip(completions, answer, strict=True):
            m = re.search(r"<answer>(.*?)</answer>", c, re.DOTALL)
            out.append(1.0 if m and numbers_match(gold, m.group(1)) else 0.0)
        return out

    class Lockstep(TrainerCallback):
        def __init__(self):
            self._t = 0.0

        def on_step_begin(self, args, state, control, **kw):
            conn.recv()
            self._t = time.perf_counter()

        def on_step_end(self, args, state, control, **kw):
            conn.send({"seconds": time.perf_counter() - self._t})

    peft = None
    if args.lora:
        from peft import LoraConfig

        peft = LoraConfig(r=args.lora, lora_alpha=2 * args.lora, lora_dropout=0.0, bias="none",
                          target_modules=["q_proj", "k_proj", "v_proj", "o_proj", "gate_proj",
                                          "up_proj", "down_proj"])
    tok = AutoTokenizer.from_pretrained(path)
    model = AutoModelForCausalLM.from_pretrained(path, dtype=torch.float32)
    cfg = GRPOConfig(
        output_dir=str(Path(args.out) / "trl"), per_device_train_batch_size=args.micro_batch,
        gradient_accumulation_steps=args.prompts * args.samples // args.micro_batch,
        generation_batch_size=args.prompts * args.samples, num_generations=args.samples,
        max_completion_length=args.new_tokens, temperature=1.0,
        learning_rate=1e-4, beta=0.0, max_steps=rounds, logging_steps=1, save_strategy="no",
        report_to="none", use_cpu=True, gradient_checkpointing=False, bf16=False,
        loss_type="dapo", seed=0, dataloader_num_workers=0, disable_tqdm=True)
    trainer = GRPOTrainer(model=model, reward_funcs=reward, args=cfg, train_dataset=data,
                          processing_class=tok, callbacks=[Lockstep()], peft_config=peft)
    trainer.train()
    lengths = [h["completions/mean_length"] for h in trainer.state.log_history
               if "completions/mean_length" in h]
    assert conn.recv() == "stop"
    conn.send({"peak_rss_mb": peak_rss_mb(), "lengths": lengths})


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--model", default="tiny", help="tiny, smollm2-135m or a model directory")
    ap.add_argument("--size", default="s", help="tiny-model size")
    ap.add_argument("--lora", type=int, default=0, help="LoRA rank (0: all weights)")
    ap.add_argument("--steps", type=int, default=5, help="measured steps per side")
    ap.add_argument("--warmup", type=int, default=1, help="discarded first steps per side")
    ap.add_argument("--threads", type=int, default=2)
    ap.add_argument("--micro-batch", type=int, default=None,
                    help="sequences per forward/backward on both sides (default: all 128 on the "
                         "tiny model, 16 on a real model, whose activations would not fit)")
    ap.add_argument("--prompts", type=int, default=PROMPTS, help="prompts per step")
    ap.add_argument("--samples", type=int, default=SAMPLES, help="samples per prompt")
    ap.add_argument("--new-tokens", type=int, default=NEW_TOKENS, help="new tokens per sample")
    from veriloop.benchmarking import Spread, conditions, emit, interleave, paired_ratio, parse_args

    args = parse_args(ap, QUICK)
    n = args.prompts * args.samples
    if args.micro_batch is None:
        args.micro_batch = n if args.model == "tiny" else min(16, n)
    if args.micro_batch < 1 or n % args.micro_batch:
        ap.error(f"--micro-batch must divide {n}")

    before = conditions()
    path = str(model_dir(args))
    rounds = args.warmup + args.steps
    ctx = mp.get_context("spawn")
    with tempfile.TemporaryDirectory(prefix="rl_step_") as out:
        args.out = out
        pipes, procs = {}, []
        for name, fn in (("veriloop", veriloop_side), ("trl", trl_side)):
            parent, child = ctx.Pipe()
            proc = ctx.Process(target=fn, args=(child, args, path, rounds), daemon=True)
            proc.start()
            pipes[name], procs = parent, [*procs, proc]
        pipes["trl"].send(pipes["veriloop"].recv())  # the same prompt texts on both sides
        results: dict[str, list[dict]] = {"veriloop": [], "trl": []}

        def step(name: str):
            def run() -> float:
                pipes[name].send("step")
                r = pipes[name].recv()
                results[name].append(r)
                print(f"{name} step {len(results[name])}: {r['seconds']:.2f}s", file=sys.stderr,
                      flush=True)
                return r["seconds"]
            return run

        times = interleave({"veriloop": step("veriloop"), "trl": step("trl")},
                           repeats=args.steps, warmup=args.warmup)
        for p in pipes.values():
            p.send("stop")
        ends = {name: p.recv() for name, p in pipes.items()}
        for proc in procs:
            proc.join(timeout=60)
    measured = results["veriloop"][args.warmup:]
    trl_lengths = ends["trl"]["lengths"][args.warmup:]
    ratio = paired_ratio(times["veriloop"], times["trl"])
    print(f"veriloop {Spread.of(times['veriloop'])} s/step; TRL {Spread.of(times['trl'])} s/step;"
          f" ratio {ratio}; load {before['load_avg']} -> {conditions()['load_avg']}",
          file=sys.stderr)
    emit({
        "benchmark": "rl_step", "model": args.model, "lora_rank": args.lora,
        "work": f"{args.prompts} prompts x {args.samples} samples x <= {args.new_tokens} new "
                "tokens + 1 GRPO update", "micro_batch": args.micro_batch, "steps": args.steps,
        "warmup": args.warmup, "threads": args.threads,
        "veriloop_step_s": Spread.of(times["veriloop"]).to_dict(),
        "trl_step_s": Spread.of(times["trl"]).to_dict(),
        "ratio_veriloop_over_trl": ratio.to_dict(),
        "veriloop_all_steps_s": times["veriloop"], "trl_all_steps_s": times["trl"],
        "veriloop_completion_tokens": statistics.mean(r["tokens"] for r in measured),
        "trl_completion_tokens": statistics.mean(trl_lengths) if trl_lengths else None,
        "veriloop_breakdown_s": {k: statistics.median(r["parts"][k] for r in measured)
                                 for k in PARTS},
        "peak_rss_mb": {name: e["peak_rss_mb"] for name, e in ends.items()},
        "conditions_before": before, "load_avg_after": conditions()["load_avg"]}, JSON_KEYS)


if __name__ == "__main__":
    main()
