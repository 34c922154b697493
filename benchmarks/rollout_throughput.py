"""Rollout throughput: episodes per minute of multi-turn GRPO rollouts on SmolLM2-135M, the
sampler's plain layout (before issue 45) against its shared-prefix layout, in one run.

The workload is what a synchronous RL step rolls out: `--tasks` `research` level-1 questions
(train split, seed 0) x `--group` samples each, all live at once in one `RolloutRunner.run`,
seeded sampling at `--temperature` (default 1.0, seed 0), at most `--max-new-tokens` a turn and
`--turns` turns an episode (the research prompt, with its tool list, is ~1,400 SmolLM2 tokens;
the model rarely finishes early, so episodes take all their turns: a format-error observation
follows each action). Both sides decode with the same model object and the same settings:

- `plain`: `HFPolicy(shared_prefix=False)`: every episode's cache holds its own copy of the
  group's prompt K/V, read by every decode step of every row;
- `shared`: `HFPolicy()` (default): each group's prompt K/V once, read once per step for all its
  rows (veriloop/policies/shared_prefix.py);
- `shared_bf16`: the same, decoding the float32 weights as bf16 copies with a bf16 KV cache
  (`model.decode_precision: auto` in a recipe); only where the CPU has native bf16 matmuls
  (AVX512-BF16 or AMX: elsewhere bf16 is emulated and far slower), else reported as null.

Every side samples with the same per-episode seeds (`DeterministicKeys`), so plain and shared
draw the same tokens; bf16 rounding makes `shared_bf16`'s episodes diverge after a while.

Rounds are interleaved (plain, shared, plain, shared ...) after one warm-up round, so load from
elsewhere hits both alike. Prints per-round lines, then ONE JSON line last: episodes per minute
of each side (median, quartiles, range), the speedup (the spread of the per-round time ratios
plain / shared, both sides running the same episodes), the same ratio of process CPU seconds
(less sensitive to other processes' load than wall time), whether both sides sampled the same
actions, tokens generated, turns, the load average and the machine.

    python benchmarks/rollout_throughput.py                    # SmolLM2, 4 tasks x 8, 3 turns
    python benchmarks/rollout_throughput.py --tasks 2 --repeats 2 --max-new-tokens 32
    python benchmarks/rollout_throughput.py --quick            # tiny xs model: the path only
"""

from __future__ import annotations

import argparse
import os
import statistics
import sys
import time

import torch

from veriloop.benchmarking import Spread, conditions, emit, interleave, paired_ratio, parse_args
from veriloop.policies.hf import HFPolicy
from veriloop.policy_specs import load_policy
from veriloop.rollout.config import RolloutConfig
from veriloop.rollout.runner import RolloutRunner
from veriloop.run.build import make_env
from veriloop.trainers.common import autocast_dtype
from veriloop.trainers.rl_rollouts import DeterministicKeys

QUICK = {"model": "tiny-xs", "tasks": 1, "group": 2, "max_new_tokens": 4, "turns": 2,
         "repeats": 1, "warmup": 0, "threads": 1}
JSON_KEYS = ("conditions_before", "load_avg_after", "cpu_flags", "model", "world", "tasks",
             "group", "episodes", "turns", "max_new_tokens", "temperature", "seed", "threads",
             "repeats", "prompt_tokens", "mean_turns", "generated_tokens", "identical_actions",
             "plain", "shared", "shared_bf16", "speedup", "cpu_speedup", "speedup_bf16",
             "cpu_speedup_bf16")


def cpu_flags() -> list[str]:
    """The vector extensions the matmuls can use (from /proc/cpuinfo; empty elsewhere)."""
    try:
        with open("/proc/cpuinfo") as f:
            flags = next((line.split(":", 1)[1].split() for line in f
                          if line.startswith("flags")), [])
    except OSError:
        return []
    return sorted(f for f in flags if f.startswith(("avx", "amx", "fma", "sse4")))


def main(argv: list[str] | None = None) -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--model", default="smollm2-135m")
    ap.add_argument("--world", default="research")
    ap.add_argument("--tasks", type=int, default=4, help="questions, each a group")
    ap.add_argument("--group", type=int, default=8, help="samples per question")
    ap.add_argument("--turns", type=int, default=3, help="policy actions per episode at most")
    ap.add_argument("--max-new-tokens", type=int, default=64, help="tokens per action at most")
    ap.add_argument("--temperature", type=float, default=1.0)
    ap.add_argument("--seed", type=int, default=0)
    ap.add_argument("--repeats", type=int, default=3, help="measured rounds of each side")
    ap.add_argument("--warmup", type=int, default=1,
                    help="whole rounds discarded first (a one-turn episode of each side always "
                         "runs before them)")
    ap.add_argument("--threads", type=int, default=2, help="torch threads (2: both cores)")
    a = parse_args(ap, QUICK, argv)
    torch.set_num_threads(a.threads)
    before = conditions()
    base = load_policy(a.model)
    policies = {"plain": HFPolicy(base.model, base.tokenizer, name=base.name,
                                  renderer=base.renderer, shared_prefix=False),
                "shared": base}
    if autocast_dtype("auto", base.model) == torch.bfloat16:  # native bf16 matmuls only
        policies["shared_bf16"] = HFPolicy(base.model, base.tokenizer, name=base.name,
                                           renderer=base.renderer, decode_dtype=torch.bfloat16)
    policies = {name: DeterministicKeys(pol) for name, pol in policies.items()}
    env = make_env(a.world)
    tasks = list(env.tasks(a.tasks, seed=0, split="train", difficulty=1))
    cfg = RolloutConfig(group_size=a.group, temperature=a.temperature, seed=a.seed,
                        max_new_tokens=a.max_new_tokens, max_total_tokens=8192,
                        step_timeout=600, episode_timeout=7200)
    last: dict[str, list] = {}
    cpu: dict[str, list[float]] = {name: [] for name in policies}

    def side(name: str):
        def run() -> float:
            policies[name].reset()  # the same episode seeds every round and side
            runner = RolloutRunner(env, policies[name], cfg, max_turns=a.turns)
            c0, t0 = time.process_time(), time.perf_counter()
            trajs = runner.run(tasks)
            seconds = time.perf_counter() - t0
            cpu[name].append(time.process_time() - c0)
            last[name] = trajs
            tokens = sum(len(t.action_ids) for tr in trajs for t in tr.turns)
            print(f"{name}: {len(trajs)} episodes, {tokens} tokens in {seconds:.1f} s "
                  f"({60 * len(trajs) / seconds:.2f} episodes/min), load "
                  f"{os.getloadavg()[0]:.1f}", file=sys.stderr, flush=True)
            return seconds
        return run

    light = cfg.model_copy(update={"group_size": 1, "max_new_tokens": 2})
    for pol in policies.values():  # one-time work (token table, RoPE) outside any round
        RolloutRunner(env, pol, light, max_turns=1).run(tasks[:1])
    times = interleave({name: side(name) for name in policies}, a.repeats, warmup=a.warmup)
    cpu = {name: xs[len(xs) - a.repeats:] for name, xs in cpu.items()}
    episodes = a.tasks * a.group
    actions = {name: [[t.action_ids for t in tr.turns] for tr in trajs]
               for name, trajs in last.items()}
    shared_trajs = last["shared"]
    per_side = {name: {"seconds": Spread.of(times[name]).to_dict(),
                       "episodes_per_minute": Spread.of(
                           [60 * episodes / s for s in times[name]]).to_dict(),
                       "cpu_seconds": Spread.of(cpu[name]).to_dict()} for name in policies}
    emit({"conditions_before": before, "load_avg_after": [round(x, 2) for x in os.getloadavg()],
          "cpu_flags": cpu_flags(), "model": a.model, "world": a.world, "tasks": a.tasks,
          "group": a.group, "episodes": episodes, "turns": a.turns,
          "max_new_tokens": a.max_new_tokens, "temperature": a.temperature, "seed": a.seed,
          "threads": a.threads, "repeats": a.repeats,
          "prompt_tokens": statistics.mean(len(t.prompt_ids) for t in shared_trajs),
          "mean_turns": statistics.mean(len(t.turns) for t in shared_trajs),
          "generated_tokens": {name: sum(len(t.action_ids) for tr in trajs for t in tr.turns)
                               for name, trajs in last.items()},
          # plain and shared: the same seeds, so the same actions (float32 summation order aside)
          "identical_actions": sum(x == y for x, y in zip(
              actions["plain"], actions["shared"], strict=True)) / episodes,
          "shared_bf16": None, **per_side,
          "speedup": paired_ratio(times["plain"], times["shared"]).to_dict(),
          "cpu_speedup": paired_ratio(cpu["plain"], cpu["shared"]).to_dict(),
          **({"speedup_bf16": paired_ratio(times["plain"], times["shared_bf16"]).to_dict(),
              "cpu_speedup_bf16": paired_ratio(cpu["plain"], cpu["shared_bf16"]).to_dict()}
             if "shared_bf16" in policies else {"speedup_bf16": None,
                                                "cpu_speedup_bf16": None})}, JSON_KEYS)


if __name__ == "__main__":
    main()
