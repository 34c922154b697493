"""Exploration and teachers against plain GRPO at an equal budget of episodes (issue 48).

Methods (`--methods`), each an `algorithm` setting of the same recipe (configs/quickstart.yaml:
the tiny model on `arithmetic`):

- `grpo`: the recipe as it is (the baseline);
- `pass_at_k`: `advantage: {name: pass_at_k, params: {k: --k}}` (a group is rewarded by its
  best of k samples; `veriloop/algorithms/pass_at_k.py`);
- `distill`: on-policy distillation from `--teacher` at `--distill-weight`
  (`veriloop/algorithms/distill.py`), the task advantage kept;
- `hints`: all-fail groups rolled out again with `--hint-fraction` of the expert's solution in
  the prompt (annealed to `--hint-final` over `--hint-anneal` steps), trained as if unhinted
  (`veriloop/trainers/hints.py`);
- `param_noise`: each step's rollouts sampled by the model with relative Gaussian weight noise
  `--param-noise` (`veriloop/trainers/param_noise.py`).

Every method starts from the same SFT model (`--init`) with the same `train.seed` per seed
(the same task order and sampling seeds) and runs `--steps` steps of `prompts_per_step x
group_size` episodes; the held-out tasks (the recipe's `eval_tasks` x `eval_samples`, the same
tasks and sampling seeds for every method) are scored at step 0 (once: the shared start) and
every `--eval-every` steps. Without `--init`/`--teacher` the script makes them first, into
`--out`: SFT with the recipe, then the teacher as plain GRPO from it for `--teacher-steps`
steps (a stronger checkpoint of the same tokenizer); both are reused when present.

    python benchmarks/exploration.py [--init DIR --teacher DIR] [--steps 40] [--eval-every 10]
        [--seeds 0 1] [--methods grpo pass_at_k distill hints] [--difficulty 1] [--out DIR]

Prints each method's held-out curve (median over seeds) against episodes, draws them into
`<out>/curves.png`, then prints ONE JSON line:
`results` has an entry per method with its final held-out score, `delta` against `grpo` at the
same step and its paired-bootstrap 95% CI (`ci_low`, `ci_high`; tasks paired by id, seeds
pooled: `veriloop.eval.compare.compare_runs`), the curve, and `episodes_to_grpo` (the first
evaluated budget at which the method's median reaches plain GRPO's final median; null if never).
"""

from __future__ import annotations

import argparse
import statistics
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from veriloop.benchmarking import conditions, emit, parse_args

RECIPE = ROOT / "configs" / "quickstart.yaml"
METHODS = ("grpo", "pass_at_k", "distill", "hints", "param_noise")
JSON_KEYS = ("benchmark", "recipe", "init", "teacher", "difficulty", "steps", "eval_every",
             "episodes_per_step", "heldout_tasks", "eval_samples", "seeds", "methods",
             "results", "plot", "cpu_flags", "conditions_before", "load_avg_after", "wall_s")
QUICK = {"steps": 1, "eval_every": 1, "seeds": [0], "teacher_steps": 1,
         "override": ["model.size=xs", "sft.demos=8", "sft.epochs=1", "sft.warmup_steps=0",
                      "env.eval_tasks=4", "rollout.eval_samples=2",
                      "rollout.prompts_per_step=2", "rollout.group_size=2",
                      "rollout.max_new_tokens=16", "optim.minibatch_size=4",
                      "optim.micro_batch_size=4", "train.threads=1"]}


def method_overrides(args: argparse.Namespace, method: str, teacher: Path) -> list[str]:
    if method == "grpo":
        return []
    if method == "pass_at_k":
        return [f"algorithm.advantage={{name: pass_at_k, params: {{k: {args.k}}}}}"]
    if method == "hints":
        return [f"hints.fraction={args.hint_fraction}", f"hints.final_fraction={args.hint_final}",
                f"hints.anneal_steps={args.hint_anneal}",
                f"hints.correction={args.hint_correction}"]
    if method == "param_noise":
        return [f"algorithm.param_noise={args.param_noise}"]
    if method == "distill":
        return [f"algorithm.distill_teacher={teacher}",
                f"algorithm.distill_weight={args.distill_weight}"]
    raise SystemExit(f"error: unknown method {method!r}; known: {', '.join(METHODS)}")


def load(args: argparse.Namespace, extra: list[str]) -> Any:
    from veriloop.run.config import load_config

    return load_config(RECIPE, [*args.override, f"env.difficulty={args.difficulty}",
                                "train.eval_every=0", "train.save_every=0", *extra])


def trainer_at(cfg: Any, run_dir: Path, init: Path) -> Any:
    from veriloop.run.build import build_env_and_grader
    from veriloop.trainers.common import policy_from_config
    from veriloop.trainers.rl import RLTrainer

    t = RLTrainer(cfg.model_copy(update={"kind": "rl", "init": str(init)}), run_dir,
                  policy_from_config(cfg.model, init=init))
    t.setup(*build_env_and_grader(t.cfg))
    return t


def heldout(trainer: Any) -> list:
    """One `TaskResult` per held-out task of the trainer's current model."""
    from veriloop.eval.task_results import task_results

    trajs: list = []
    trainer.evaluate(on_trajectory=trajs.append)
    return task_results(trajs, trainer.eval_tasks)


def score(results: list) -> float:
    return sum(r.successes for r in results) / max(1, sum(r.samples for r in results))


def prepare(args: argparse.Namespace, out: Path) -> tuple[Path, Path]:
    """The SFT model and the teacher: given, or made into `out` (reused when present)."""
    import torch

    from veriloop.run.build import build_env, build_policy
    from veriloop.trainers.sft import train_sft

    cfg = load(args, ["train.seed=100"])  # not an arm's seed
    if cfg.train.threads:
        torch.set_num_threads(cfg.train.threads)
    init = Path(args.init) if args.init else out / "sft" / "final"
    if not init.exists():
        print("exploration: SFT (the shared start)", file=sys.stderr, flush=True)
        train_sft(cfg, out / "sft", build_policy(cfg), build_env(cfg), progress=True)
    teacher = Path(args.teacher) if args.teacher else out / "teacher" / "final"
    if not teacher.exists():
        print(f"exploration: the teacher (GRPO for {args.teacher_steps} steps)",
              file=sys.stderr, flush=True)
        t = trainer_at(load(args, ["train.seed=100", f"train.steps={args.teacher_steps}"]),
                       out / "teacher", init)
        t.train(progress=True, heldout=False)
        t.save_final()
        t.close()
    return init, teacher


def run_method(args: argparse.Namespace, method: str, seed: int, init: Path, teacher: Path,
               out: Path) -> dict[int, list]:
    """{step: held-out results} of one method at one seed (step 0 excluded: shared)."""
    cfg = load(args, [f"train.seed={seed}", f"train.steps={args.steps}",
                      *method_overrides(args, method, teacher)])
    t = trainer_at(cfg, out / f"{method}-s{seed}", init)
    curve: dict[int, list] = {}
    try:
        for step in range(1, args.steps + 1):
            t0 = time.perf_counter()
            m = t.step()
            print(f"{method} seed {seed} step {step}: pass {m['pass_rate']:.3f} "
                  f"({time.perf_counter() - t0:.1f}s)", file=sys.stderr, flush=True)
            if step % args.eval_every == 0 or step == args.steps:
                curve[step] = heldout(t)
                print(f"{method} seed {seed} step {step}: held-out "
                      f"{score(curve[step]):.3f}", file=sys.stderr, flush=True)
    finally:
        t.close()
    return curve


def summarise(args: argparse.Namespace, runs: dict[str, dict[int, dict[int, list]]],
              start: dict[int, list], per_step: int) -> dict[str, Any]:
    from veriloop.eval.compare import compare_runs

    steps = sorted(next(iter(runs.values()))[args.seeds[0]])
    last = steps[-1]

    def median(method: str, step: int) -> float:
        return statistics.median(score(runs[method][s][step]) for s in args.seeds)

    start_score = statistics.median(score(start[s]) for s in args.seeds)
    base_final = median("grpo", last) if "grpo" in runs else None
    results: dict[str, Any] = {}
    for method, by_seed in runs.items():
        curve = [[0, round(start_score, 4)]] + [[st * per_step, round(median(method, st), 4)]
                                                for st in steps]
        entry: dict[str, Any] = {"final": curve[-1][1], "curve": curve, "delta": None,
                                 "ci_low": None, "ci_high": None, "episodes_to_grpo": None}
        if base_final is not None:
            reached = [e for e, v in curve[1:] if v >= base_final]
            entry["episodes_to_grpo"] = reached[0] if reached else None
            if method != "grpo":
                c = compare_runs([runs["grpo"][s][last] for s in args.seeds],
                                 [by_seed[s][last] for s in args.seeds])
                d = c["overall"]["delta"]
                entry.update(delta=round(d["mean"], 4), ci_low=round(d["ci_low"], 4),
                             ci_high=round(d["ci_high"], 4))
        results[method] = entry
    return results


def table(results: dict[str, Any]) -> str:
    lines = ["method      | held-out by episodes                              | Δ vs grpo [95% CI]"]
    for method, r in results.items():
        curve = "  ".join(f"{e}:{v:.3f}" for e, v in r["curve"])
        ci = "" if r["delta"] is None else f"{r['delta']:+.3f} [{r['ci_low']:+.3f}, " \
                                           f"{r['ci_high']:+.3f}]"
        lines.append(f"{method:<11} | {curve} | {ci}")
    return "\n".join(lines)


def plot(results: dict[str, Any], path: Path, title: str) -> Path:
    """Every method's held-out curve (median over seeds) against episodes, one PNG."""
    from veriloop.eval.report_plots import _plt

    plt = _plt()
    fig, ax = plt.subplots(figsize=(7.5, 4.0))
    for method, r in results.items():
        xs, ys = zip(*r["curve"], strict=True)
        label = method if r["delta"] is None else \
            f"{method} (Δ {r['delta']:+.3f} [{r['ci_low']:+.3f}, {r['ci_high']:+.3f}])"
        ax.plot(xs, ys, marker="o", label=label)
    ax.set(xlabel="training episodes", ylabel="held-out pass@1 (median over seeds)",
           title=title)
    ax.grid(alpha=0.3)
    ax.legend(loc="best", fontsize=8)
    fig.savefig(path, dpi=90, bbox_inches="tight")
    plt.close(fig)
    return path


def main() -> None:
    p = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    p.add_argument("--init", help="the SFT model every method starts from (default: made)")
    p.add_argument("--teacher", help="the distillation teacher (default: made by GRPO)")
    p.add_argument("--teacher-steps", type=int, default=200)
    p.add_argument("--steps", type=int, default=40)
    p.add_argument("--eval-every", type=int, default=10)
    p.add_argument("--seeds", type=int, nargs="+", default=[0, 1])
    p.add_argument("--methods", nargs="+", default=list(METHODS), choices=METHODS)
    p.add_argument("--difficulty", type=int, default=1)
    p.add_argument("--k", type=int, default=4, help="pass_at_k's k")
    p.add_argument("--distill-weight", type=float, default=1.0)
    p.add_argument("--param-noise", type=float, default=0.02)
    p.add_argument("--hint-fraction", type=float, default=0.5)
    p.add_argument("--hint-final", type=float, default=0.5)
    p.add_argument("--hint-anneal", type=int, default=0)
    p.add_argument("--hint-correction", default="importance", choices=("importance", "none"))
    p.add_argument("--out", help="where the runs go (default: a temporary directory)")
    p.add_argument("--override", nargs="*", default=[], help="recipe overrides (KEY=VALUE)")
    args = parse_args(p, QUICK)
    from learning import cpu_flags  # benchmarks/learning.py: the SIMD flags of this CPU

    before = conditions()
    t0 = time.perf_counter()
    out = Path(args.out) if args.out else Path(tempfile.mkdtemp(prefix="exploration-"))
    init, teacher = prepare(args, out)
    cfg = load(args, [])
    per_step = cfg.rollout.prompts_per_step * cfg.rollout.group_size
    start: dict[int, list] = {}
    for seed in args.seeds:  # the shared start, with each seed's evaluation seeds
        t = trainer_at(load(args, [f"train.seed={seed}"]), out / f"start-s{seed}", init)
        start[seed] = heldout(t)
        t.close()
        print(f"start seed {seed}: held-out {score(start[seed]):.3f}", file=sys.stderr,
              flush=True)
    runs: dict[str, dict[int, dict[int, list]]] = {m: {} for m in args.methods}
    for seed in args.seeds:  # methods interleaved within each seed
        for method in args.methods:
            runs[method][seed] = run_method(args, method, seed, init, teacher, out)
    results = summarise(args, runs, start, per_step)
    print(table(results))
    figure = plot(results, out / "curves.png", f"arithmetic difficulty {args.difficulty}, "
                  f"seeds {' '.join(map(str, args.seeds))}")
    emit({"benchmark": "exploration", "recipe": str(RECIPE.relative_to(ROOT)),
          "init": str(init), "teacher": str(teacher), "difficulty": args.difficulty,
          "steps": args.steps, "eval_every": args.eval_every, "episodes_per_step": per_step,
          "heldout_tasks": cfg.env.eval_tasks, "eval_samples": cfg.rollout.eval_samples,
          "seeds": args.seeds, "methods": args.methods, "results": results,
          "plot": str(figure),
          "cpu_flags": cpu_flags(), "conditions_before": before,
          "load_avg_after": conditions()["load_avg"],
          "wall_s": round(time.perf_counter() - t0, 1)}, JSON_KEYS)


if __name__ == "__main__":
    main()
