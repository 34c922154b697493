"""Inference-time scaling on a fixed SFT checkpoint: accuracy and policy tokens of greedy
decoding, majority@N, DeepConf@N, best-of-N (the model as judge) and GenSelect@N for N in
{1, 4, 16}, side by side, all in one run on the same held-out tasks.

The sampled methods share one sampling run: N_max samples per task at temperature 1, and each
method at N selects among the first N of them (`SelectMethod.choose`), so the methods differ
only in how they pick. Tokens are the policy tokens spent per task: every candidate's, plus
the judge's or selector's replies (best-of-N, GenSelect); DeepConf's are the same as majority's
(offline filtering saves none).

    python benchmarks/inference.py --model runs/sft/final [--tasks 50] [--ns 1,4,16]
    python benchmarks/inference.py --train-sft runs/bench-sft   # train the checkpoint first

`--train-sft DIR` runs `veriloop train configs/sft.yaml` (tiny model "s", arithmetic, the
given --sft-demos / --sft-epochs) into DIR unless DIR/final exists, then uses DIR/final.
Prints a table, then ONE JSON line.
"""

from __future__ import annotations

import argparse
import subprocess
import sys
import time
from pathlib import Path

from veriloop.benchmarking import conditions, emit, parse_args

ROOT = Path(__file__).resolve().parents[1]
METHODS = ("majority", "deepconf", "best-of-n", "genselect")
QUICK = {"model": "tiny-xs", "tasks": 2, "ns": "1,2"}
JSON_KEYS = ("conditions_before", "load_avg_after", "env", "model", "tasks", "rows", "coverage",
             "sample_seconds")


def train_sft(run_dir: Path, demos: int, epochs: int) -> Path:
    if not (run_dir / "final").exists():
        cmd = [sys.executable, "-m", "veriloop.cli", "train", str(ROOT / "configs" / "sft.yaml"),
               f"sft.demos={demos}", f"sft.epochs={epochs}", "env.eval_tasks=0", "--run-dir",
               str(run_dir)]
        subprocess.run(cmd, check=True)
    return run_dir / "final"


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--model", help="checkpoint or model spec (veriloop --model forms)")
    ap.add_argument("--train-sft", type=Path, help="train an SFT checkpoint into this dir")
    ap.add_argument("--sft-demos", type=int, default=1500)
    ap.add_argument("--sft-epochs", type=int, default=2)
    ap.add_argument("--env", default="arithmetic")
    ap.add_argument("--tasks", type=int, default=50)
    ap.add_argument("--difficulty", type=int, default=None)
    ap.add_argument("--ns", default="1,4,16")
    ap.add_argument("--seed", type=int, default=0)
    ap.add_argument("--methods", default=",".join(METHODS))
    args = parse_args(ap, QUICK)
    before = conditions()  # load, threads, commit: printed with the figures
    if not args.model and not args.train_sft:
        ap.error("give --model or --train-sft DIR")

    from veriloop.envs import get_env
    from veriloop.inference import InferenceContext, get_method
    from veriloop.policies import load_policy
    from veriloop.rollout.config import RolloutConfig

    model = args.model or str(train_sft(args.train_sft, args.sft_demos, args.sft_epochs))
    ns = sorted(int(x) for x in args.ns.split(","))
    env = get_env(args.env)
    tasks = env.tasks(args.tasks, seed=args.seed, split="test", difficulty=args.difficulty)
    policy = load_policy(model)
    base = RolloutConfig(seed=args.seed, max_new_tokens=128, max_total_tokens=2048)
    rows = []

    def phase(text: str) -> None:
        print(f"[{time.strftime('%H:%M:%S')}] {text}", file=sys.stderr, flush=True)

    phase(f"greedy on {len(tasks)} tasks")
    t = time.perf_counter()
    greedy_ctx = InferenceContext(env, policy, base.model_copy(update={"temperature": 0.0}))
    greedy = get_method("first").run(greedy_ctx, tasks, 1)
    rows.append({"method": "greedy", "n": 1, "accuracy": sum(c.passed for c in greedy) / len(tasks),
                 "tokens_per_task": sum(c.tokens for c in greedy) / len(tasks),
                 "seconds": round(time.perf_counter() - t, 1)})

    ctx = InferenceContext(env, policy, base.model_copy(update={"temperature": 1.0}))
    phase(f"sampling {max(ns)} per task")
    t = time.perf_counter()
    groups = ctx.sample(tasks, max(ns))
    sample_s = time.perf_counter() - t
    for name in args.methods.split(","):
        method = get_method(name)
        for n in ns:
            phase(f"{name} @ N={n}")
            t = time.perf_counter()
            choices = method.choose(ctx, tasks, groups, n)
            rows.append({"method": name, "n": n,
                         "accuracy": sum(c.passed for c in choices) / len(tasks),
                         "tokens_per_task": sum(c.tokens for c in choices) / len(tasks),
                         "seconds": round(time.perf_counter() - t, 1)})
    coverage = {n: sum(any(x.passed for x in g[:n]) for g in groups) / len(tasks) for n in ns}

    print(f"{args.env}: {len(tasks)} held-out tasks, model {model}; sampling {max(ns)} per task "
          f"took {sample_s:.0f} s")
    print(f"{'method':<12}{'N':>4}{'accuracy':>10}{'tokens/task':>13}")
    for r in rows:
        print(f"{r['method']:<12}{r['n']:>4}{r['accuracy']:>10.3f}{r['tokens_per_task']:>13.1f}")
    print("coverage (pass@N of the samples): " + ", ".join(f"N={n}: {c:.3f}"
                                                         for n, c in coverage.items()))
    emit({"conditions_before": before, "load_avg_after": conditions()["load_avg"],
          "env": args.env, "model": model, "tasks": len(tasks), "rows": rows,
          "coverage": coverage, "sample_seconds": round(sample_s, 1)}, JSON_KEYS)


if __name__ == "__main__":
    main()
