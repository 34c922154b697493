"""The quickstart main job: imitate first, then explore and reinforce.

1. build (or reuse) the embedded tiny model;
2. generate noisy-expert demonstrations in the `arithmetic` environment and run SFT on them;
3. evaluate the SFT model on held-out tasks;
4. run GRPO from the SFT model;
5. evaluate again and write `report.html` (plots of the RL run and before/after pass@k).

`benchmarks` in the config adds evaluations on other environments (e.g. BFCL categories) of the
untouched model, the SFT model and the RL model, greedy, saved in `benchmarks.json` as each
stage finishes (a resumed run does not redo them) and tabled by category in the summary.

Held-out pass@k is the unbiased estimator over `rollout.eval_samples` samples per task drawn at
`rollout.eval_temperature` (the policy as it samples); greedy accuracy is reported alongside.

The resolved config is saved as `quickstart.yaml` in the run directory. A run directory that
already holds a quickstart is continued only when asked (`resume`, the CLI's `--resume RUN`),
from that saved config: running a new config into it would extend the old SFT schedule, skip
RL steps the old run had taken, and mix both runs in `summary.json`.

Off a terminal, a `quickstart` progress task names the stage (and counts the evaluations'
episodes) so that a log gets a line every interval even between the trainers' own bars
(`veriloop.progress`).
"""

from __future__ import annotations

import json
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

import torch
from rich.progress import Progress

from veriloop.errors import UserError
from veriloop.eval.report import write_report
from veriloop.policy import Policy
from veriloop.progress import counting, on_terminal, progress_bar
from veriloop.recipes import RECIPES_DIR
from veriloop.run.build import build_env, build_grader, build_policy, build_tracker, opened_env
from veriloop.run.config import load_config
from veriloop.run.heldout import benchmark_summary
from veriloop.trainers.config import RunConfig, save_config
from veriloop.trainers.rl import RLTrainer
from veriloop.trainers.sft import SFTTrainer

DEFAULT_CONFIG = RECIPES_DIR / "quickstart.yaml"
SAVED_CONFIG = "quickstart.yaml"
"""The run directory's copy of the resolved config, which `resume` continues from."""


def holds_run(root: Path) -> bool:
    """Whether `root` already holds (part of) a quickstart run."""
    return any((root / name).exists() for name in (SAVED_CONFIG, "sft", "rl", "summary.json"))


def _run_config(root: Path, config: str | Path | None, overrides: list[str] | None,
                resume: bool) -> RunConfig:
    """A new run's config (saved into `root`), or with `resume` the one `root` saved."""
    saved = root / SAVED_CONFIG
    if resume:
        if not saved.exists() and holds_run(root):
            raise UserError(f"{root} holds a quickstart without its {SAVED_CONFIG} (an older "
                            "veriloop's) and cannot be resumed; give another --run-dir")
        if not saved.exists():
            raise UserError(f"{root} holds no quickstart run to resume (no {SAVED_CONFIG}); "
                            f"start one with `veriloop quickstart --run-dir {root}`")
        if config is not None or overrides:
            raise UserError("--resume continues the run with its saved config; drop --config "
                            "and the overrides")
        return load_config(saved)
    if holds_run(root):
        raise UserError(f"{root} already holds a quickstart run; continue it with `veriloop "
                        f"quickstart --resume {root}`, or give another --run-dir")
    cfg = load_config(config or DEFAULT_CONFIG, overrides)
    save_config(cfg, saved)
    return cfg


def _eval(trainer: RLTrainer, ks: tuple[int, ...], stages: Any = None) -> dict[str, Any]:
    """Sampled pass@k and greedy accuracy; the episodes count on `stages` (a progress)."""
    r = trainer.cfg.rollout
    total = len(trainer.eval_tasks) * (r.eval_samples + 1)
    with counting(stages, "eval", total) as tick:
        sampled = trainer.evaluate(samples=r.eval_samples, temperature=r.eval_temperature,
                                   ks=ks, on_trajectory=tick)
        greedy = trainer.evaluate(samples=1, temperature=0.0, ks=(1,), on_trajectory=tick)
    return {"sampled": sampled, "greedy_accuracy": greedy["success_rate"]}


def _benchmarks(cfg: RunConfig, root: Path, stage: str, policy: Policy) -> None:
    """Evaluate `cfg.benchmarks` for `stage` (base, sft, rl) into root/benchmarks.json, unless
    a resumed run has them already."""
    path = root / "benchmarks.json"
    done = json.loads(path.read_text()) if path.exists() else {}
    if not cfg.benchmarks or stage in done:
        return
    done[stage] = {b.label or b.env: benchmark_summary(cfg, b, policy) for b in cfg.benchmarks}
    tmp = path.with_suffix(".tmp")
    tmp.write_text(json.dumps(done, indent=1))
    tmp.replace(path)


def benchmark_table(root: Path) -> dict[str, dict[str, dict[str, float]]]:
    """{benchmark: {category or "all": {stage: success rate}}} from root/benchmarks.json."""
    path = root / "benchmarks.json"
    done = json.loads(path.read_text()) if path.exists() else {}
    out: dict[str, dict[str, dict[str, float]]] = {}
    for stage, benches in done.items():
        for label, s in benches.items():
            rows = out.setdefault(label, {})
            for cat, rate in {**s.get("by_category", {}), "all": s["success_rate"]}.items():
                rows.setdefault(cat, {})[stage] = rate
    return out


STAGES = ("model", "sft", "eval sft", "rl", "eval rl", "report")


def run_quickstart(run_dir: str | Path, config: str | Path | None = None,
                   overrides: list[str] | None = None, progress: bool = True,
                   resume: bool = False) -> dict[str, Any]:
    """Run the whole job into `run_dir` (with `resume`, continue the one there); returns the
    summary (also saved as summary.json)."""
    root = Path(run_dir)
    root.mkdir(parents=True, exist_ok=True)
    cfg = _run_config(root, config, overrides, resume)
    # on a terminal the trainers' own bars show; off one, this task adds the stage to the log
    with progress_bar(disable=not progress or on_terminal()) as stages:
        stage = stages.add_task(f"quickstart {STAGES[0]}", total=len(STAGES), rate=False)

        def enter(name: str) -> None:
            stages.update(stage, description=f"quickstart {name}",
                          completed=STAGES.index(name))

        summary = _run(cfg, root, progress, stages, enter)
        stages.update(stage, description="quickstart done", completed=len(STAGES))
        return summary


def _run(cfg: RunConfig, root: Path, progress: bool, stages: Progress,
         enter: Callable[[str], None]) -> dict[str, Any]:
    t0 = time.perf_counter()
    if cfg.train.threads:
        torch.set_num_threads(cfg.train.threads)
    timings: dict[str, float] = {}

    policy = build_policy(cfg)
    timings["build_model_s"] = time.perf_counter() - t0
    t = time.perf_counter()
    _benchmarks(cfg, root, "base", policy)  # the untouched model
    timings["benchmarks_s"] = time.perf_counter() - t

    t = time.perf_counter()
    enter("sft")
    sft = SFTTrainer(cfg.model_copy(update={"kind": "sft"}), root / "sft", policy, progress,
                     trackers=build_tracker)
    with opened_env(cfg) as env:
        sft.setup(env)
        if not sft.resume() or sft.step_count < sft.total_steps:
            sft.train()
    sft_model = sft.save_final()
    timings["sft_s"] = time.perf_counter() - t

    rl_cfg = cfg.model_copy(update={"kind": "rl", "init": str(sft_model)})
    rl = RLTrainer(rl_cfg, root / "rl", build_policy(rl_cfg), trackers=build_tracker)
    env = build_env(rl_cfg)
    rl.setup(env, build_grader(rl_cfg, env))
    resumed = rl.resume()
    ks = tuple(k for k in (1, 2, 4, 8, 16) if k <= cfg.rollout.eval_samples)
    t = time.perf_counter()
    enter("eval sft")
    before_path = root / "eval_sft.json"
    if resumed and before_path.exists():
        before = json.loads(before_path.read_text())
    else:
        before = _eval(rl, ks, stages)
        before_path.write_text(json.dumps(before, indent=1))
    timings["eval_s"] = time.perf_counter() - t

    t = time.perf_counter()
    _benchmarks(cfg, root, "sft", rl.policy)
    timings["benchmarks_s"] += time.perf_counter() - t

    t = time.perf_counter()
    enter("rl")
    rl.train(progress, heldout=False)  # evaluated here, sampled and greedy
    timings["rl_s"] = time.perf_counter() - t
    t = time.perf_counter()
    enter("eval rl")
    after = _eval(rl, ks, stages)
    (root / "eval_rl.json").write_text(json.dumps(after, indent=1))
    timings["eval_s"] += time.perf_counter() - t
    t = time.perf_counter()
    _benchmarks(cfg, root, "rl", rl.policy)
    timings["benchmarks_s"] += time.perf_counter() - t
    rl.save_final()
    rl.close()

    sft_p1 = before["sampled"]["pass_at"]["pass@1"]
    rl_p1 = after["sampled"]["pass_at"]["pass@1"]
    summary = {
        "sft_heldout_pass@1": sft_p1,
        "rl_heldout_pass@1": rl_p1,
        "improvement_points": 100 * (rl_p1 - sft_p1),
        "sft_heldout_pass@k": before["sampled"]["pass_at"],
        "rl_heldout_pass@k": after["sampled"]["pass_at"],
        "sft_greedy_accuracy": before["greedy_accuracy"],
        "rl_greedy_accuracy": after["greedy_accuracy"],
        "heldout_tasks": cfg.env.eval_tasks,
        "eval_samples_per_task": cfg.rollout.eval_samples,
        "eval_temperature": cfg.rollout.eval_temperature,
        "rl_steps": rl.step_count,
        "algorithm": cfg.algorithm.advantage,
        "benchmarks": benchmark_table(root),
        "wall_time_s": time.perf_counter() - t0,
        "timings_s": timings,
        "run_dir": str(root),
    }
    enter("report")
    (root / "summary.json").write_text(json.dumps(summary, indent=1))
    write_report(root, summary=summary, before=before, after=after,
                 metrics_path=root / "rl" / "metrics.jsonl",
                 sft_metrics_path=root / "sft" / "metrics.jsonl")
    return summary
