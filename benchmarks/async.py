"""Synchronous vs asynchronous RL rollouts under heavy-tailed environment latency.

Both variants train the same model on `arithmetic` through the public path
(`load_config("configs/quickstart.yaml", overrides)`, `RLTrainer.setup(env, grader)`, `.step()`)
for the same number of steps, prompts per step and group size, i.e. the same number of trained
samples. Every environment step first sleeps for a seeded Pareto draw
(`veriloop.envs.latency.LatencyEnv`: median 0.09 s, one step in 36 over 1 s, capped at 5 s by
default), as sandboxed tools do.

`--env code` runs the `code` environment instead (HumanEval in the bubblewrap sandbox,
configs/code_sft_grpo.yaml as RL): its latency is real (every trial run and submission executes
in a fresh sandbox), and no synthetic latency is added unless `--scale` is given. That needs a
model that writes programs: the tiny model, even after 10 SFT epochs on the code expert's
demonstrations, breaks the tool-call format on every turn and submits nothing, so with it
this measures generation only.

- sync: `rollout.asynchronous=false`: each step rolls out its batch in lock-step turns with the
  current weights (every turn waits for the slowest environment step of the batch), then trains;
- async: `rollout.asynchronous=true`, `rollout.max_staleness` (default 1): a producer keeps
  episodes running one by one on a copy of the weights while the trainer updates, with the
  off-policy correction `--off-policy` (default decoupled).

Repeats are interleaved (sync, async, async, sync, ...) so machine load hits both alike. After
training, each run is evaluated greedily on held-out tasks without the latency wrapper.

    python benchmarks/async.py --init runs/<sft-run>/final [--steps 12] [--repeats 2]

Prints per-run lines, then median and spread of wall time and throughput (trained samples/s),
the speedup (median of the per-repeat ratios), training reward and held-out pass rate of the
last steps, the load average, and ONE JSON line last. Without --init the tiny model starts from
random weights and gets no reward, so only the timing is meaningful.
"""

from __future__ import annotations

import argparse
import os
import statistics
import sys
import tempfile
import time
from pathlib import Path

from veriloop.benchmarking import conditions, emit, parse_args

CONFIGS = Path(__file__).resolve().parents[1] / "configs"
CONFIG = {"arithmetic": CONFIGS / "quickstart.yaml", "code": CONFIGS / "code_sft_grpo.yaml"}
QUICK = {"steps": 2, "repeats": 1, "prompts": 2, "group": 2, "max_new_tokens": 8,
         "env_workers": 4, "eval_tasks": 2, "scale": 0.01, "cap": 0.1}
JSON_KEYS = ("conditions_before", "load_avg_after", "benchmark", "env", "steps", "prompts",
             "group", "samples_per_run", "repeats", "max_staleness", "off_policy", "latency",
             "init", "lora", "speedup_median", "speedups", "sync", "async")


def overrides(args, variant: str) -> list[str]:
    n = args.prompts * args.group
    env = ["env.difficulty=1"] if args.env == "arithmetic" else ["kind=rl"]
    ov = [f"model.size={args.size}", f"train.threads={args.threads}", f"train.seed={args.seed}",
          f"train.steps={args.steps}", "env.eval_tasks=0", *env,
          f"rollout.prompts_per_step={args.prompts}", f"rollout.group_size={args.group}",
          f"rollout.env_workers={args.env_workers}", f"optim.minibatch_size={n}",
          f"optim.micro_batch_size={min(n, 32)}", f"optim.lr={args.lr}",
          f"rollout.asynchronous={variant == 'async'}",
          f"rollout.max_staleness={args.max_staleness}", f"algorithm.off_policy={args.off_policy}"]
    if args.init:
        ov.append(f"init={args.init}")
    if args.lora:
        ov += [f"model.lora_rank={args.lora}", f"model.lora_alpha={2 * args.lora}"]
    if args.max_new_tokens:
        ov.append(f"rollout.max_new_tokens={args.max_new_tokens}")
    return ov


def run_one(args, variant: str, out: Path) -> dict:
    from veriloop.envs.latency import LatencyEnv
    from veriloop.run.build import build_env, build_grader
    from veriloop.run.config import load_config
    from veriloop.trainers.common import policy_from_config
    from veriloop.trainers.rl import RLTrainer

    cfg = load_config(CONFIG[args.env], overrides(args, variant))
    trainer = RLTrainer(cfg, out, policy_from_config(cfg.model, cfg.init))
    inner = build_env(cfg)
    env = LatencyEnv(inner, scale=args.scale, alpha=args.alpha, cap=args.cap,
                     seed=args.seed) if args.scale > 0 else inner
    trainer.setup(env, build_grader(cfg, env))
    load0 = os.getloadavg()[0]
    rewards, passes, stale = [], [], []
    try:
        t0 = time.perf_counter()
        for i in range(args.steps):
            m = trainer.step()
            rewards.append(float(m["reward"]))
            passes.append(float(m["pass_rate"]))
            stale.append(float(m.get("staleness_mean", 0.0)))
            print(f"  {variant} step {i + 1}: reward {rewards[-1]:.3f} staleness "
                  f"{stale[-1]:.2f} dropped {m.get('stale_dropped', 0)} "
                  f"({time.perf_counter() - t0:.1f}s)", file=sys.stderr, flush=True)
        wall = time.perf_counter() - t0
        trainer.rollouts.stop()
        trainer.rollouts.env = inner  # held-out evaluation without the latency
        trainer.eval_tasks = inner.tasks(args.eval_tasks, seed=cfg.env.task_seed, split="test",
                                         difficulty=cfg.env.difficulty)
        heldout = trainer.evaluate()["pass_at"]["pass@1"] if args.eval_tasks else None
    finally:
        trainer.close()
    last = max(1, args.steps // 3)
    return {"variant": variant, "wall_s": wall, "samples": args.steps * args.prompts * args.group,
            "samples_per_s": args.steps * args.prompts * args.group / wall,
            "final_reward": statistics.mean(rewards[-last:]),
            "final_pass": statistics.mean(passes[-last:]), "heldout_pass@1": heldout,
            "staleness_mean": statistics.mean(stale), "load_avg_1m": [load0, os.getloadavg()[0]],
            "reward_curve": rewards}


def spread(xs: list[float]) -> str:
    return f"median {statistics.median(xs):.3f} (min {min(xs):.3f}, max {max(xs):.3f})"


def main() -> None:
    p = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    p.add_argument("--env", default="arithmetic", choices=sorted(CONFIG))
    p.add_argument("--init", default=None, help="SFT model directory (of --env)")
    p.add_argument("--size", default="xs")
    p.add_argument("--steps", type=int, default=12)
    p.add_argument("--repeats", type=int, default=2)
    p.add_argument("--prompts", type=int, default=4)
    p.add_argument("--group", type=int, default=4)
    p.add_argument("--lr", type=float, default=5e-4)
    p.add_argument("--lora", type=int, default=0, help="LoRA rank (0: all weights)")
    p.add_argument("--max-new-tokens", type=int, default=0, help="0: the config's")
    p.add_argument("--max-staleness", type=int, default=1)
    p.add_argument("--off-policy", default="decoupled")
    p.add_argument("--scale", type=float, default=None,
                   help="Pareto scale (seconds); 0: none; default 0.05, with --env code 0")
    p.add_argument("--alpha", type=float, default=1.2, help="Pareto tail index")
    p.add_argument("--cap", type=float, default=5.0, help="latency cap (seconds)")
    p.add_argument("--env-workers", type=int, default=64)
    p.add_argument("--eval-tasks", type=int, default=50)
    p.add_argument("--threads", type=int, default=1)
    p.add_argument("--seed", type=int, default=0)
    args = parse_args(p, QUICK)
    if args.scale is None:
        args.scale = 0.05 if args.env == "arithmetic" else 0.0
    before = conditions()  # load, threads, commit: printed with the figures

    runs: dict[str, list[dict]] = {"sync": [], "async": []}
    with tempfile.TemporaryDirectory(prefix="veriloop-async-") as tmp:
        for r in range(args.repeats):
            order = ("sync", "async") if r % 2 == 0 else ("async", "sync")
            for variant in order:
                res = run_one(args, variant, Path(tmp) / f"{variant}-{r}")
                runs[variant].append(res)
                print(f"repeat {r} {variant}: {res['wall_s']:.1f}s, "
                      f"{res['samples_per_s']:.2f} samples/s, final reward "
                      f"{res['final_reward']:.3f}, held-out pass@1 {res['heldout_pass@1']}, "
                      f"load {res['load_avg_1m'][0]:.2f}->{res['load_avg_1m'][1]:.2f}",
                      flush=True)
    ratios = [a["samples_per_s"] / s["samples_per_s"]
              for s, a in zip(runs["sync"], runs["async"], strict=True)]
    summary = {}
    for v, rs in runs.items():
        summary[v] = {
            "wall_s": [x["wall_s"] for x in rs],
            "samples_per_s_median": statistics.median(x["samples_per_s"] for x in rs),
            "final_reward": [x["final_reward"] for x in rs],
            "heldout_pass@1": [x["heldout_pass@1"] for x in rs],
            "staleness_mean": statistics.mean(x["staleness_mean"] for x in rs),
            "load_avg_1m": [x["load_avg_1m"] for x in rs],
            "reward_curves": [x["reward_curve"] for x in rs]}
        print(f"{v:>5}: wall s {spread(summary[v]['wall_s'])}; samples/s "
              f"{spread([x['samples_per_s'] for x in rs])}; final reward "
              f"{spread(summary[v]['final_reward'])}; held-out pass@1 "
              f"{summary[v]['heldout_pass@1']}")
    print(f"speedup async/sync: {spread(ratios)}; load average now "
          f"{', '.join(f'{x:.2f}' for x in os.getloadavg())} on {os.cpu_count()} CPUs")
    emit({
        "conditions_before": before, "load_avg_after": conditions()["load_avg"],
        "benchmark": "async", "env": args.env, "steps": args.steps, "prompts": args.prompts,
        "group": args.group, "samples_per_run": args.steps * args.prompts * args.group,
        "repeats": args.repeats, "max_staleness": args.max_staleness,
        "off_policy": args.off_policy,
        "latency": {"scale": args.scale, "alpha": args.alpha, "cap": args.cap},
        "init": args.init, "lora": args.lora, "speedup_median": statistics.median(ratios),
        "speedups": ratios, **summary}, JSON_KEYS)


if __name__ == "__main__":
    main()
