"""GRPO with pass-rate task filtering vs plain GRPO on a pool where half the tasks are trivial.

The pool: `--tasks` arithmetic training tasks, half of them made trivially solved (their grade
is always a pass: a GRPO group of such a task has equal rewards and no signal, like a task the
model has mastered). Both runs start from the same model (--init, an SFT model directory; else
the xs tiny model from random weights, whose rewards stay near 0), seed and step budget; the
filtered run uses `selection.kind: pass_rate` (k = --profile-samples, refresh every
--refresh steps), whose profiling rollouts count as sampled episodes.

Measured: the training pass rate on the *real* (non-trivial) tasks per step (trailing mean over
--window steps), and the sampled episodes each run needs to reach the baseline's final value.
That training-batch measure is biased against the filter: it drops the real tasks the model
has mastered too, so its batches hold the harder ones. `--eval-every E` also measures both
runs the same way every E steps: sampled pass@1 (T=1, --eval-samples each) on every real task
of the pool, episodes not counted as training; the episodes to reach the baseline's final
value are then read from that curve. Prints the curves, then ONE JSON line.

    python benchmarks/task_selection.py [--init DIR] [--steps 20] [--tasks 64]
"""

from __future__ import annotations

import argparse
import math
import tempfile
import time
from pathlib import Path

from veriloop.benchmarking import conditions, emit, parse_args
from veriloop.types import Grade

ROOT = Path(__file__).resolve().parents[1]
QUICK = {"steps": 2, "tasks": 4, "prompts": 2, "group": 2, "profile_samples": 1, "refresh": 1,
         "max_new_tokens": 8, "window": 1, "threads": 1, "eval_every": 1, "eval_samples": 1}
JSON_KEYS = ("conditions_before", "load_avg_after", "benchmark", "target", "episodes_to_target",
             "pool_target", "pool_episodes_to_target", "pool_evals", "final", "total_episodes",
             "steps", "filtered_prompts", "init", "wall_seconds")


class HalfTrivial:
    """The arithmetic environment with every other task trivially solved."""

    def __init__(self, base):
        self.base = base
        self.name = base.name

    def tasks(self, n, **kw):
        out = self.base.tasks(n, **kw)
        return [t.model_copy(update={"metadata": {**t.metadata, "trivial": i % 2 == 0}})
                for i, t in enumerate(out)]

    def grader(self):
        real = self.base.grader()

        def grade(task, traj, state):
            if task.metadata.get("trivial"):
                return Grade(score=1.0, passed=True)
            return real(task, traj, state)

        return grade

    def __getattr__(self, name):
        return getattr(self.base, name)


def run(args, selection: bool, work: Path) -> dict:
    prompts = args.filtered_prompts or args.prompts if selection else args.prompts
    steps = math.ceil(args.steps * args.prompts / prompts)  # the same budget of episodes
    from veriloop.envs import get_env
    from veriloop.run.build import build_grader
    from veriloop.run.config import load_config
    from veriloop.trainers.common import policy_from_config
    from veriloop.trainers.rl import RLTrainer

    n = prompts * args.group
    ov = [f"model.size={args.size}", f"train.threads={args.threads}", f"train.seed={args.seed}",
          f"train.steps={steps}", f"env.train_tasks={args.tasks}", "env.eval_tasks=0",
          f"env.difficulty={args.difficulty}", "algorithm.kl_coef=0",
          f"rollout.prompts_per_step={prompts}", f"rollout.group_size={args.group}",
          f"rollout.max_new_tokens={args.max_new_tokens}", "rollout.max_total_tokens=400",
          f"optim.minibatch_size={n}", f"optim.micro_batch_size={min(n, 16)}",
          "train.save_every=0", *([f"optim.lr={args.lr}"] if args.lr else [])]
    if args.init:
        ov.append(f"init={args.init}")
    if selection:
        ov += ["selection.kind=pass_rate", f"selection.samples={args.profile_samples}",
               f"selection.refresh_every={args.refresh}"]
    cfg = load_config(ROOT / "configs" / "grpo.yaml", ov)
    env = HalfTrivial(get_env("arithmetic"))
    pool = env.tasks(args.tasks, seed=cfg.env.task_seed, split="train",
                     difficulty=cfg.env.difficulty)
    trivial = {t.id for t in pool if t.metadata["trivial"]}
    t = RLTrainer(cfg, work / ("filtered" if selection else "baseline"),
                  policy_from_config(cfg.model, cfg.init))
    t.setup(env, build_grader(cfg, env))
    seen: list = []
    observe = t.sampler.observe

    def capture(trajs):  # the trainer hands every rollout of the step to its sampler
        seen[:] = list(trajs)
        return observe(trajs)

    t.sampler.observe = capture
    t.eval_tasks = [x for x in pool if x.id not in trivial]  # the pool's real tasks

    def pool_pass() -> float:
        return t.evaluate(samples=args.eval_samples, temperature=1.0)["pass_at"]["pass@1"]

    real, episodes, drawn = [], [], 0
    evals = [(0, 0, pool_pass())] if args.eval_every else []  # (step, episodes, pass@1)
    for step in range(1, steps + 1):
        m = t.step()
        drawn += len(seen)
        on_real = [x.passed for x in seen if x.task_id not in trivial]
        real.append(sum(on_real) / len(on_real) if on_real else float("nan"))
        episodes.append(drawn + int(m.get("selection/profile_episodes", 0)))
        if args.eval_every and step % args.eval_every == 0:
            evals.append((step, episodes[-1], pool_pass()))
    t.close()
    return {"real_pass": real, "episodes": episodes, "pool_evals": evals}


def smooth(xs: list[float], w: int) -> list[float]:
    out = []
    for i in range(len(xs)):
        vals = [x for x in xs[max(0, i - w + 1):i + 1] if not math.isnan(x)]  # nan: none drawn
        out.append(sum(vals) / len(vals) if vals else 0.0)
    return out


def episodes_to_reach(curve: list[float], episodes: list[int], target: float) -> int | None:
    for v, e in zip(curve, episodes, strict=True):
        if v >= target:
            return e
    return None


def main() -> None:
    p = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    p.add_argument("--init", help="SFT model directory both runs start from")
    p.add_argument("--size", default="xs")
    p.add_argument("--difficulty", type=int, default=1)
    p.add_argument("--steps", type=int, default=20)
    p.add_argument("--tasks", type=int, default=64)
    p.add_argument("--prompts", type=int, default=8)
    p.add_argument("--group", type=int, default=4)
    p.add_argument("--profile-samples", type=int, default=4)
    p.add_argument("--refresh", type=int, default=10)
    p.add_argument("--max-new-tokens", type=int, default=48)
    p.add_argument("--window", type=int, default=3)
    p.add_argument("--seed", type=int, default=0)
    p.add_argument("--threads", type=int, default=2)
    p.add_argument("--eval-every", type=int, default=0, help="0: no pool evaluation")
    p.add_argument("--filtered-prompts", type=int, default=0,
                   help="prompts per step of the filtered run (0: --prompts); with half, its "
                   "updates see as many non-trivial groups as the baseline's, at half the cost")
    p.add_argument("--eval-samples", type=int, default=4)
    p.add_argument("--lr", type=float, default=None, help="optim.lr (default: configs/grpo.yaml's)")
    args = parse_args(p, QUICK)
    before = conditions()  # load, threads, commit: printed with the figures
    t0 = time.perf_counter()
    work = Path(tempfile.mkdtemp(prefix="tasksel-"))
    out = {}
    for name, sel in (("baseline", False), ("filtered", True)):
        r = run(args, sel, work)
        r["smoothed"] = smooth(r["real_pass"], args.window)
        out[name] = r
        print(f"{name:>9}: " + " ".join(f"{v:.2f}" for v in r["smoothed"]), flush=True)
        print(f"{'episodes':>9}: " + " ".join(str(e) for e in r["episodes"]), flush=True)
    target = out["baseline"]["smoothed"][-1]
    reach = {k: episodes_to_reach(v["smoothed"], v["episodes"], target) for k, v in out.items()}
    print(f"baseline final real-task pass rate {target:.3f}; episodes to reach it: "
          f"baseline {reach['baseline']}, filtered {reach['filtered']}")
    pool = {"pool_target": None, "pool_episodes_to_target": None, "pool_evals": None}
    if args.eval_every:
        for name, r in out.items():
            print(f"{name:>9} pool pass@1: " + " ".join(f"{e}:{v:.3f}"
                                                       for _, e, v in r["pool_evals"]))
        pool_target = out["baseline"]["pool_evals"][-1][2]
        pool = {"pool_target": pool_target, "pool_episodes_to_target": {
            k: next((e for _, e, v in r["pool_evals"] if v >= pool_target), None)
            for k, r in out.items()}, "pool_evals": {k: r["pool_evals"] for k, r in out.items()}}
        print(f"baseline final pool pass@1 {pool_target:.3f}; episodes to reach it: "
              f"{pool['pool_episodes_to_target']}")
    emit({"conditions_before": before, "load_avg_after": conditions()["load_avg"],
          "benchmark": "task_selection", "target": round(target, 4),
          "episodes_to_target": reach, **pool,  # pool_*: null without --eval-every
          "final": {k: round(v["smoothed"][-1], 4) for k, v in out.items()},
          "total_episodes": {k: v["episodes"][-1] for k, v in out.items()},
          "steps": args.steps, "filtered_prompts": args.filtered_prompts,
          "init": args.init or f"tiny-{args.size} (random)",
          "wall_seconds": round(time.perf_counter() - t0, 1)}, JSON_KEYS)


if __name__ == "__main__":
    main()
