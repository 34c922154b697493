"""Trajectory-level GRPO vs per-turn credit on multi-step tasks, same model, seeds and budget.

Variants (`algorithm.advantage`): `grpo` (one scalar per trajectory, on every token), and the
turn-level estimators `turn_grpo` (discounted return-to-go per turn with the group baseline) and
`subgoal_slice` (on failure, the negative advantage falls only on the turns of the first failed
sub-goal). Tasks: `arithmetic` at difficulty 3 (env.difficulty=3) and `workspace` levels 3-4
(`{tool_scope: task, levels: [3, 4]}`). All variants get the same rewards: the grader's score
plus the same per-turn event rewards (book 12.6.5: tool success/error, recovery, repeat,
clarify), so only the credit assignment differs.

Every run is built through the public config path, `load_config("configs/grpo.yaml", overrides)`
(`init=` an SFT model directory with --init), then `RLTrainer(cfg, run_dir,
policy).setup(env, grader)` and `.step()`. For each task and seed the variants run back to
back, each from the same initial weights with the same `train.seed` (same task order and
sampling seeds), for the same number of steps, prompts per step and group size.

    python benchmarks/credit.py [--steps 8] [--seeds 0] [--prompts 4] [--group 4] [--init DIR]

Prints, per task, the success curves (training pass rate per step; the median over seeds) and
the steps each variant needs to reach --target (a trailing mean over --window steps; null if
never within the budget), side by side, then ONE JSON line. Without --init the xs tiny model
starts from random weights and rarely solves these tasks, so its curves are mostly zeros; give an
SFT model (e.g. a `veriloop quickstart` run's final model) for a meaningful comparison.
"""

from __future__ import annotations

import argparse
import os
import shutil
import statistics
import sys
import tempfile
import time
from pathlib import Path

from veriloop.benchmarking import conditions, emit, parse_args

CONFIG = Path(__file__).resolve().parents[1] / "configs" / "grpo.yaml"
VARIANTS = ("grpo", "turn_grpo", "subgoal_slice")
QUICK = {"steps": 1, "prompts": 1, "group": 2, "max_new_tokens": 8, "train_tasks": 4}
JSON_KEYS = ("conditions_before", "load_avg_after", "benchmark", "config", "init", "model",
             "variants", "order", "steps", "seeds", "prompts_per_step", "group_size",
             "max_new_tokens", "events", "gamma", "target", "window", "threads", "results",
             "wall_s", "loadavg")
EVENTS = ("algorithm.event_weights={tool_success: 0.05, tool_error: -0.03, recovery: 0.08, "
          "repeat: -0.1, clarify: 0.05}")
TASKS = {
    "arithmetic_d3": ["env.name=arithmetic", "env.difficulty=3", "env.max_turns=4"],
    "workspace_l3_l4": ["env.name=workspace", "env.options={tool_scope: task, levels: [3, 4]}",
                        "env.max_turns=6", "rollout.max_total_tokens=2048"],
}


def overrides(args, task: str, variant: str, seed: int) -> list[str]:
    n = args.prompts * args.group
    ov = [f"model.size={args.size}", f"train.threads={args.threads}", f"train.seed={seed}",
          f"train.steps={args.steps}", f"env.train_tasks={args.train_tasks}", "env.eval_tasks=0",
          f"rollout.prompts_per_step={args.prompts}", f"rollout.group_size={args.group}",
          f"rollout.max_new_tokens={args.max_new_tokens}", f"optim.minibatch_size={n}",
          f"optim.micro_batch_size={min(n, 8)}", f"algorithm.advantage={variant}",
          f"algorithm.gamma={args.gamma}", *TASKS[task]]
    if args.events:
        ov.append(EVENTS)
    if args.init:
        ov.append(f"init={args.init}")
    return ov + list(args.override)


def run_one(args, task: str, variant: str, seed: int, out: Path) -> dict:
    from veriloop.run.build import build_env_and_grader
    from veriloop.run.config import load_config
    from veriloop.trainers.common import policy_from_config
    from veriloop.trainers.rl import RLTrainer

    cfg = load_config(CONFIG, overrides(args, task, variant, seed))
    trainer = RLTrainer(cfg, out / f"{task}-{variant}-s{seed}",
                        policy_from_config(cfg.model, cfg.init))
    trainer.setup(*build_env_and_grader(trainer.cfg))
    passed, reward, secs = [], [], []
    try:
        for i in range(args.steps):
            t0 = time.perf_counter()
            m = trainer.step()
            secs.append(time.perf_counter() - t0)
            passed.append(float(m["pass_rate"]))
            reward.append(float(m["reward"]))
            print(f"{task} {variant} seed {seed} step {i + 1}: pass {passed[-1]:.3f} reward "
                  f"{reward[-1]:.3f} ({secs[-1]:.1f}s)", file=sys.stderr, flush=True)
    finally:
        trainer.close()
    return {"pass": passed, "reward": reward, "step_s": secs}


def steps_to(curve: list[float], target: float, window: int) -> int | None:
    """First step (1-based) whose trailing mean over `window` steps reaches `target`."""
    for i in range(len(curve)):
        w = curve[max(0, i - window + 1):i + 1]
        if sum(w) / len(w) >= target:
            return i + 1
    return None


def summarise(runs: list[dict], target: float, window: int) -> dict:
    per_seed = [steps_to(r["pass"], target, window) for r in runs]
    reached = [s for s in per_seed if s is not None]
    curve = [statistics.median(col) for col in zip(*(r["pass"] for r in runs), strict=True)]
    return {
        "pass_curve": curve,
        "reward_curve": [statistics.median(c) for c in zip(*(r["reward"] for r in runs),
                                                           strict=True)],
        "pass_curve_min": [min(c) for c in zip(*(r["pass"] for r in runs), strict=True)],
        "pass_curve_max": [max(c) for c in zip(*(r["pass"] for r in runs), strict=True)],
        # median over the seeds that reached it; `reached` says how many did
        "steps_to_target": statistics.median(reached) if reached else None,
        "steps_to_target_per_seed": per_seed, "reached": f"{len(reached)}/{len(runs)}",
        "final_pass_mean": statistics.mean(r["pass"][-1] for r in runs),
        "mean_pass": statistics.mean(statistics.mean(r["pass"]) for r in runs),
        "step_s_median": statistics.median(s for r in runs for s in r["step_s"]),
    }


def table(task: str, res: dict, variants: list[str], target: float) -> str:
    lines = [f"\n{task}: training pass rate per step (median over seeds)",
             "step  " + "".join(f"{v:>15}" for v in variants)]
    for i in range(len(res[variants[0]]["pass_curve"])):
        lines.append(f"{i + 1:>4}  " + "".join(f"{res[v]['pass_curve'][i]:>15.3f}"
                                               for v in variants))
    def fmt(s):
        return "never" if s is None else f"{s:g}"

    lines.append(f"{'to ' + format(target, 'g'):<6}" + "".join(
        f"{fmt(res[v]['steps_to_target']) + ' (' + res[v]['reached'] + ')':>15}"
        for v in variants))
    lines.append("mean  " + "".join(f"{res[v]['mean_pass']:>15.3f}" for v in variants))
    return "\n".join(lines)


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--steps", type=int, default=8, help="training steps per run (the budget)")
    ap.add_argument("--seeds", type=int, nargs="+", default=[0], help="train.seed repeats")
    ap.add_argument("--prompts", type=int, default=4, help="rollout.prompts_per_step")
    ap.add_argument("--group", type=int, default=4, help="rollout.group_size")
    ap.add_argument("--max-new-tokens", type=int, default=48)
    ap.add_argument("--train-tasks", type=int, default=256)
    ap.add_argument("--size", default="xs", help="tiny model size (ignored with --init)")
    ap.add_argument("--init", help="an SFT model directory to start every run from")
    ap.add_argument("--threads", type=int, default=1, help="train.threads")
    ap.add_argument("--gamma", type=float, default=1.0, help="algorithm.gamma (turn_grpo)")
    ap.add_argument("--target", type=float, default=0.5, help="success rate to reach")
    ap.add_argument("--window", type=int, default=1, help="trailing steps averaged for --target")
    ap.add_argument("--tasks", nargs="+", default=list(TASKS), choices=list(TASKS))
    ap.add_argument("--variants", nargs="+", default=list(VARIANTS))
    ap.add_argument("--no-events", dest="events", action="store_false",
                    help="no per-turn event rewards (sub-goals and outcome only)")
    ap.add_argument("--override", action="append", default=[],
                    help="extra config override, for every run (repeatable)")
    ap.add_argument("--json", action="store_true", help="print only the JSON line")
    args = parse_args(ap, QUICK)
    before = conditions()  # load, threads, commit: printed with the figures

    out = Path(tempfile.mkdtemp(prefix="credit_"))
    t0 = time.perf_counter()
    results: dict[str, dict] = {}
    try:
        for task in args.tasks:
            runs = {v: [run_one(args, task, v, s, out) for s in args.seeds]
                    for v in args.variants}
            results[task] = {v: summarise(r, args.target, args.window) for v, r in runs.items()}
    finally:
        shutil.rmtree(out, ignore_errors=True)
    if not args.json:
        for task, res in results.items():
            print(table(task, res, args.variants, args.target))
        print(flush=True)
    emit({
        "conditions_before": before, "load_avg_after": conditions()["load_avg"],
        "benchmark": "credit", "config": "configs/grpo.yaml", "init": args.init,
        "model": args.init or f"tiny-{args.size} (random init)", "variants": args.variants,
        "order": "back to back per task and seed, identical train.seed and initial weights",
        "steps": args.steps, "seeds": args.seeds, "prompts_per_step": args.prompts,
        "group_size": args.group, "max_new_tokens": args.max_new_tokens,
        "events": args.events, "gamma": args.gamma, "target": args.target,
        "window": args.window, "threads": args.threads, "results": results,
        "wall_s": round(time.perf_counter() - t0, 1), "loadavg": os.getloadavg()}, JSON_KEYS)


if __name__ == "__main__":
    main()
