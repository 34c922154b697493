"""Entropy under GRPO with and without learning-signal control, same model, seed and budget.

Variants (all `configs/grpo.yaml` with token-mean aggregation, from the same --init model):
- `baseline`: plain GRPO (no entropy term);
- `adaptive`: Skywork-OR1's adaptive entropy coefficient toward --target nats/token
  (`algorithm.target_entropy`);
- `clip_cov`: Clip-Cov (`algorithm.policy_loss: clip_cov`) with the adaptive coefficient off;
- `pi`: veriloop's signed proportional-integral controller toward --target
  (`algorithm.entropy_controller: pi`; --delta is its integral gain, --max-coef its bound and
  proportional gain).
- `cov`: the same controller setting the share of top-covariance tokens whose gradient is
  dropped, no bonus (`algorithm.entropy_controller: cov`; --max-coef bounds the share).
- `cov_state`: `cov` ranking tokens by their own first-order entropy change at their state
  (`algorithm.cov_score: state`) instead of the batch covariance.
- `kl`: the same controller weighting a KL penalty to the --init model (which has the higher
  entropy) instead of a bonus (`algorithm.entropy_controller: kl`).
- `pi_clip_cov`: `pi` plus Clip-Cov detaching a random 30% of the positive-covariance tokens
  (`policy_loss: clip_cov`, `cov_ratio: 0.3`, band (0, 1e9)).

Per step it records the policy-token entropy and Cov(log pi, A) the trainer logs; at the end,
held-out pass@1 and pass@k (k = --k samples at temperature 1). Reports, per variant, the entropy
curve, the share of the last half of the steps whose entropy is within 20% of the target, and
the held-out numbers, then ONE JSON line. Without --init the xs tiny model starts from random
weights (entropy near log V, nothing solved): give an SFT model (a `veriloop quickstart` run's
`sft/final`) for the comparison the issue asks for.

    python benchmarks/entropy_control.py [--init DIR] [--steps 30] [--target 0.3]
"""

from __future__ import annotations

import argparse
import tempfile
import time
from pathlib import Path

from veriloop.benchmarking import conditions, emit, parse_args

ROOT = Path(__file__).resolve().parents[1]
QUICK = {"steps": 1, "prompts": 2, "group": 2, "k": 2, "eval": 2, "max_new_tokens": 8,
         "threads": 1}
JSON_KEYS = ("conditions_before", "load_avg_after", "benchmark", "target", "steps", "init",
             "variants", "wall_seconds")
VARIANTS = {"baseline": [], "adaptive": ["algorithm.target_entropy={target}",
                                         "algorithm.entropy_delta={delta}",
                                         "algorithm.entropy_max_coef={max_coef}"],
            "clip_cov": ["algorithm.policy_loss=clip_cov", "algorithm.cov_ratio=0.002"],
            "pi": ["algorithm.target_entropy={target}", "algorithm.entropy_delta={delta}",
                   "algorithm.entropy_max_coef={max_coef}", "algorithm.entropy_controller=pi"],
            "pi_clip_cov": ["algorithm.target_entropy={target}", "algorithm.entropy_delta={delta}",
                            "algorithm.entropy_max_coef={max_coef}",
                            "algorithm.entropy_controller=pi", "algorithm.policy_loss=clip_cov",
                            "algorithm.cov_ratio=0.3", "algorithm.cov_low=0",
                            "algorithm.cov_high=1e9"],
            "cov": ["algorithm.target_entropy={target}", "algorithm.entropy_delta={delta}",
                    "algorithm.entropy_max_coef={max_coef}", "algorithm.entropy_controller=cov"],
            "cov_state": ["algorithm.target_entropy={target}", "algorithm.entropy_delta={delta}",
                          "algorithm.entropy_max_coef={max_coef}",
                          "algorithm.entropy_controller=cov", "algorithm.cov_score=state"],
            "kl": ["algorithm.target_entropy={target}", "algorithm.entropy_delta={delta}",
                   "algorithm.entropy_max_coef={max_coef}", "algorithm.entropy_controller=kl"]}


def run(args, name: str, work: Path) -> dict:
    from veriloop.run.build import build_env_and_grader
    from veriloop.run.config import load_config
    from veriloop.trainers.common import policy_from_config
    from veriloop.trainers.rl import RLTrainer

    n = args.prompts * args.group
    ov = [f"model.size={args.size}", f"train.threads={args.threads}", f"train.seed={args.seed}",
          f"train.steps={args.steps}", "env.name=arithmetic", f"env.difficulty={args.difficulty}",
          f"env.eval_tasks={args.eval}", "algorithm.kl_coef=0", "algorithm.aggregation=token_mean",
          f"rollout.prompts_per_step={args.prompts}", f"rollout.group_size={args.group}",
          f"rollout.max_new_tokens={args.max_new_tokens}", "rollout.max_total_tokens=400",
          f"optim.minibatch_size={n}", f"optim.micro_batch_size={min(n, 16)}",
          f"optim.lr={args.lr}", "train.save_every=0",
          *(o.format(target=args.target, delta=args.delta, max_coef=args.max_coef)
            for o in VARIANTS[name])]
    if args.init:
        ov.append(f"init={args.init}")
    cfg = load_config(ROOT / "configs" / "grpo.yaml", ov)
    t = RLTrainer(cfg, work / name, policy_from_config(cfg.model, cfg.init))
    t.setup(*build_env_and_grader(t.cfg))
    entropy, cov, coef = [], [], []
    for _ in range(args.steps):
        m = t.step()
        entropy.append(round(m.get("entropy", float("nan")), 4))
        cov.append(round(m.get("cov_logp_adv", float("nan")), 5))
        coef.append(round(m.get("cov_detach_share", m.get("entropy_coef", 0.0)), 4))
    ev = t.evaluate(samples=args.k, temperature=1.0, ks=(1, args.k))
    t.close()
    late = entropy[len(entropy) // 2:]
    near = [abs(e - args.target) <= 0.2 * args.target for e in entropy]
    within = sum(near[len(entropy) // 2:]) / max(len(late), 1)
    return {"entropy": entropy, "cov_logp_adv": cov, "entropy_coef": coef,
            "final_entropy": entropy[-1], "within_20pct_late": round(within, 3),
            "within_20pct_all": round(sum(near) / max(len(near), 1), 3),
            "pass@1": ev["pass_at"].get("pass@1"), f"pass@{args.k}": ev["pass_at"].get(
                f"pass@{args.k}")}


def main() -> None:
    p = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    p.add_argument("--init", help="SFT model directory every variant starts from")
    p.add_argument("--size", default="xs")
    p.add_argument("--difficulty", type=int, default=1)
    p.add_argument("--steps", type=int, default=30)
    p.add_argument("--target", type=float, default=0.3)
    p.add_argument("--delta", type=float, default=0.005, help="adaptive: coefficient step")
    p.add_argument("--max-coef", type=float, default=0.05, help="adaptive: coefficient bound")
    p.add_argument("--prompts", type=int, default=8)
    p.add_argument("--group", type=int, default=8)
    p.add_argument("--k", type=int, default=8)
    p.add_argument("--eval", type=int, default=50)
    p.add_argument("--lr", type=float, default=5e-4)
    p.add_argument("--max-new-tokens", type=int, default=48)
    p.add_argument("--seed", type=int, default=0)
    p.add_argument("--threads", type=int, default=2)
    p.add_argument("--variants", default=",".join(VARIANTS))
    args = parse_args(p, QUICK)
    before = conditions()  # load, threads, commit: printed with the figures
    t0 = time.perf_counter()
    work = Path(tempfile.mkdtemp(prefix="entropy-"))
    out = {}
    for name in args.variants.split(","):
        out[name] = r = run(args, name, work)
        print(f"{name:>9}: entropy " + " ".join(f"{e:.2f}" for e in r["entropy"]), flush=True)
        print(f"{'':>9}  within 20% of {args.target}: last half {r['within_20pct_late']:.2f}, "
              f"all steps {r['within_20pct_all']:.2f}; "
              f"held-out pass@1 {r['pass@1']}, pass@{args.k} {r[f'pass@{args.k}']}", flush=True)
    kept = ("final_entropy", "within_20pct_late", "within_20pct_all", "pass@1", f"pass@{args.k}")
    emit({"conditions_before": before, "load_avg_after": conditions()["load_avg"],
          "benchmark": "entropy_control", "target": args.target, "steps": args.steps,
          "init": args.init or f"tiny-{args.size} (random)",
          "variants": {k: {x: v[x] for x in kept} for k, v in out.items()},
          "wall_seconds": round(time.perf_counter() - t0, 1)}, JSON_KEYS)


if __name__ == "__main__":
    main()
