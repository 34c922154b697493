"""GRPO with pass-rate task filtering vs plain GRPO on a pool where half the tasks are trivial.

The pool: `--tasks` arithmetic training tasks, half of them made trivially solved (their grade
is always a pass: a GRPO group of such a task has equal rewards and no signal, like a task the
model has mastered). Both runs start from the same model (--init, an SFT model directory; else
the xs tiny model from random weights, whose rewards stay near 0), seed and step budget; the
filtered run uses `selection.kind: pass_rate` (k = --profile-samples, refresh every
--refresh steps), whose profiling rollouts count as sampled episodes.

Measured: the training pass rate on the *real* (non-trivial) tasks per step (trailing mean over
--window steps), and the sampled episodes each run needs to reach the baseline's final value.
Prints both curves, then ONE JSON line.

    python benchmarks/task_selection.py [--init DIR] [--steps 20] [--tasks 64]
"""

from __future__ import annotations

import argparse
import json
import math
import tempfile
import time
from pathlib import Path

from veriloop.benchmarking import conditions
from veriloop.types import Grade

ROOT = Path(__file__).resolve().parents[1]


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
    from veriloop.envs import get_env
    from veriloop.trainers.common import policy_from_config
    from veriloop.trainers.config import load_config
    from veriloop.trainers.rl import RLTrainer

    n = args.prompts * args.group
    ov = [f"model.size={args.size}", f"train.threads={args.threads}", f"train.seed={args.seed}",
          f"train.steps={args.steps}", f"env.train_tasks={args.tasks}", "env.eval_tasks=0",
          f"env.difficulty={args.difficulty}", "algorithm.kl_coef=0",
          f"rollout.prompts_per_step={args.prompts}", f"rollout.group_size={args.group}",
          f"rollout.max_new_tokens={args.max_new_tokens}", "rollout.max_total_tokens=400",
          f"optim.minibatch_size={n}", f"optim.micro_batch_size={min(n, 16)}",
          "train.save_every=0"]
    if args.init:
        ov.append(f"init={args.init}")
    if selection:
        ov += ["selection.kind=pass_rate", f"selection.samples={args.profile_samples}",
               f"selection.refresh_every={args.refresh}"]
    cfg = load_config(ROOT / "configs" / "grpo.yaml", ov)
    env = HalfTrivial(get_env("arithmetic"))
    trivial = {t.id for t in env.tasks(args.tasks, seed=cfg.env.task_seed, split="train",
                                       difficulty=cfg.env.difficulty) if t.metadata["trivial"]}
    t = RLTrainer(cfg, work / ("filtered" if selection else "baseline"),
                  policy_from_config(cfg.model, cfg.init))
    t.setup(env=env)
    seen: list = []
    observe = t.sampler.observe

    def capture(trajs):  # the trainer hands every rollout of the step to its sampler
        seen[:] = list(trajs)
        return observe(trajs)

    t.sampler.observe = capture
    real, episodes, drawn = [], [], 0
    for _ in range(args.steps):
        m = t.step()
        drawn += len(seen)
        on_real = [x.passed for x in seen if x.task_id not in trivial]
        real.append(sum(on_real) / len(on_real) if on_real else float("nan"))
        episodes.append(drawn + int(m.get("selection/profile_episodes", 0)))
    t.close()
    return {"real_pass": real, "episodes": episodes}


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
    args = p.parse_args()
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
    print(json.dumps({"conditions_before": before, "load_avg_after": conditions()["load_avg"],
                      "benchmark": "task_selection", "target": round(target, 4),
                      "episodes_to_target": reach,
                      "final": {k: round(v["smoothed"][-1], 4) for k, v in out.items()},
                      "total_episodes": {k: v["episodes"][-1] for k, v in out.items()},
                      "steps": args.steps, "init": args.init or f"tiny-{args.size} (random)",
                      "wall_seconds": round(time.perf_counter() - t0, 1)}))


if __name__ == "__main__":
    main()
