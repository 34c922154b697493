"""One GRPO step of veriloop vs TRL's GRPOTrainer, same model, same task, same work.

Work per step: 16 prompts x 8 samples, up to 64 new tokens each, temperature 1, then one
optimizer step over the 128 completions (GRPO advantages, clipped loss, no KL). The model is
the embedded tiny model (random initial weights unless --init), the task single-turn
`arithmetic` (the exact same prompt text for both; answers graded by the same numeric check).
An untrained model rarely stops early, so both sides generate about the full 64 tokens; the mean
completion length of each side is printed so the work can be checked.

veriloop: `RLTrainer.step()` (batched sampler with KV cache; training forward with each group's
prompt laid out once and its samples attending to it).
TRL: `GRPOTrainer` with transformers `generate`, `per_device_train_batch_size=128`,
`num_generations=8`, `beta=0`, gradient checkpointing off. Its per-step time is taken by a
trainer callback (step begin -> step end), which excludes TRL's setup.

    python benchmarks/rl_step.py [--steps 3] [--size s] [--threads 2]

Prints one JSON object: median step seconds of each (first step excluded as warm-up), their
ratio veriloop / TRL, the mean completion lengths, and veriloop's split of its step (generation,
whole rollout, training update).
"""

from __future__ import annotations

import argparse
import json
import re
import shutil
import statistics
import sys
import tempfile
import time
from pathlib import Path

import torch

PROMPTS, SAMPLES, NEW_TOKENS = 16, 8, 64


def veriloop_steps(model_dir: Path, steps: int, out: Path, size: str) -> dict:
    from veriloop.policies.hf import HFPolicy
    from veriloop.trainers.config import load_config
    from veriloop.trainers.rl import RLTrainer

    cfg = load_config(None, [
        f"model.size={size}", "env.max_turns=1", "env.train_tasks=256", "env.eval_tasks=1",
        f"rollout.prompts_per_step={PROMPTS}", f"rollout.group_size={SAMPLES}",
        f"rollout.max_new_tokens={NEW_TOKENS}", "rollout.max_total_tokens=1024",
        "algorithm.advantage=grpo", "algorithm.aggregation=token_mean", "optim.lr=1e-4",
        f"optim.minibatch_size={PROMPTS * SAMPLES}", f"optim.micro_batch_size={PROMPTS * SAMPLES}",
        f"train.steps={steps}"])
    policy = HFPolicy.from_pretrained(model_dir, device="cpu", dtype="float32")
    trainer = RLTrainer(cfg, out / "veriloop", policy)
    trainer.setup()
    times, lengths, parts = [], [], []
    for _ in range(steps):
        t0 = time.perf_counter()
        m = trainer.step()
        times.append(time.perf_counter() - t0)
        lengths.append(m["response_tokens"])
        parts.append({k: m[k] for k in ("generate_s", "rollout_s", "train_s")})
        print(f"veriloop step {len(times)}: {times[-1]:.2f}s", file=sys.stderr, flush=True)
    trainer.close()
    return {"step_s": times, "completion_tokens": statistics.mean(lengths), "parts": parts,
            "_tasks": trainer.sampler.tasks}


def trl_steps(model_dir: Path, tasks: list, steps: int, out: Path) -> dict:
    from datasets import Dataset
    from transformers import AutoModelForCausalLM, AutoTokenizer, TrainerCallback
    from trl import GRPOConfig, GRPOTrainer

    from veriloop.graders.numeric import numbers_match
    from veriloop.policies.hf import HFPolicy

    policy = HFPolicy.from_pretrained(model_dir, device="cpu", dtype="float32")
    texts = [policy.renderer.render_prompt(t.prompt, _tool_specs()).text for t in tasks]
    data = Dataset.from_dict({"prompt": texts,
                              "answer": [str(t.verification["answer"]) for t in tasks]})

    def reward(completions, answer, **_):
        out = []
        for c, gold in zip(completions, answer, strict=True):
            m = re.search(r"<answer>(.*?)</answer>", c, re.DOTALL)
            out.append(1.0 if m and numbers_match(gold, m.group(1)) else 0.0)
        return out

    class Timer(TrainerCallback):
        def __init__(self):
            self.times, self._t = [], 0.0

        def on_step_begin(self, args, state, control, **kw):
            self._t = time.perf_counter()

        def on_step_end(self, args, state, control, **kw):
            self.times.append(time.perf_counter() - self._t)
            print(f"trl step {len(self.times)}: {self.times[-1]:.2f}s", file=sys.stderr,
                  flush=True)

    tok = AutoTokenizer.from_pretrained(model_dir)
    model = AutoModelForCausalLM.from_pretrained(model_dir, dtype=torch.float32)
    cfg = GRPOConfig(
        output_dir=str(out / "trl"), per_device_train_batch_size=PROMPTS * SAMPLES,
        num_generations=SAMPLES, max_completion_length=NEW_TOKENS, temperature=1.0,
        learning_rate=1e-4, beta=0.0, max_steps=steps, logging_steps=1, save_strategy="no",
        report_to="none", use_cpu=True, gradient_checkpointing=False, bf16=False,
        loss_type="dapo", seed=0, dataloader_num_workers=0, disable_tqdm=True)
    timer = Timer()
    trainer = GRPOTrainer(model=model, reward_funcs=reward, args=cfg, train_dataset=data,
                          processing_class=tok, callbacks=[timer])
    trainer.train()
    lengths = [h["completions/mean_length"] for h in trainer.state.log_history
               if "completions/mean_length" in h]
    return {"step_s": timer.times, "completion_tokens": statistics.mean(lengths) if lengths
            else None}


def _tool_specs():
    from veriloop.envs.arithmetic import calculator
    from veriloop.tools import ToolRegistry

    return tuple(ToolRegistry([calculator]).specs)


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--steps", type=int, default=3)
    ap.add_argument("--size", default="s")
    ap.add_argument("--threads", type=int, default=2)
    ap.add_argument("--init", help="model directory instead of the untrained tiny model")
    args = ap.parse_args()
    torch.set_num_threads(args.threads)
    from veriloop.policies.tiny import ensure_tiny

    model_dir = Path(args.init) if args.init else ensure_tiny(size=args.size)
    out = Path(tempfile.mkdtemp(prefix="rl_step_"))
    try:
        v = veriloop_steps(model_dir, args.steps, out, args.size)
        tasks = v.pop("_tasks")[:PROMPTS * max(args.steps, 1)]
        t = trl_steps(model_dir, tasks, args.steps, out)
    finally:
        shutil.rmtree(out, ignore_errors=True)
    warm = slice(1, None) if args.steps > 1 else slice(None)
    vs, ts = statistics.median(v["step_s"][warm]), statistics.median(t["step_s"][warm])
    print(json.dumps({
        "benchmark": "rl_step", "work": f"{PROMPTS} prompts x {SAMPLES} samples x <= "
        f"{NEW_TOKENS} new tokens + 1 GRPO update", "model": str(model_dir),
        "threads": args.threads, "steps": args.steps,
        "veriloop_step_s": vs, "trl_step_s": ts, "ratio_veriloop_over_trl": vs / ts,
        "veriloop_completion_tokens": v["completion_tokens"],
        "trl_completion_tokens": t["completion_tokens"],
        "veriloop_all_steps_s": v["step_s"], "trl_all_steps_s": t["step_s"],
        # where veriloop's step goes (medians; rollout_s includes generate_s)
        **{f"veriloop_{k}": statistics.median(p[k] for p in v["parts"][warm])
           for k in ("generate_s", "rollout_s", "train_s")}}))


if __name__ == "__main__":
    main()
