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
"""

from __future__ import annotations

import json
import time
from pathlib import Path
from typing import Any

from veriloop.trainers.common import policy_from_config
from veriloop.trainers.config import RunConfig, load_config

DEFAULT_CONFIG = Path(__file__).resolve().parents[2] / "configs" / "quickstart.yaml"


def _eval(trainer: Any, ks: tuple[int, ...]) -> dict[str, Any]:
    r = trainer.cfg.rollout
    sampled = trainer.evaluate(samples=r.eval_samples, temperature=r.eval_temperature, ks=ks)
    greedy = trainer.evaluate(samples=1, temperature=0.0, ks=(1,))
    return {"sampled": sampled, "greedy_accuracy": greedy["success_rate"]}


def _benchmarks(cfg: RunConfig, root: Path, stage: str, policy: Any) -> None:
    """Evaluate `cfg.benchmarks` for `stage` (base, sft, rl) into root/benchmarks.json, unless
    a resumed run has them already."""
    from veriloop.eval.heldout import benchmark_summary

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


def run_quickstart(run_dir: str | Path, config: str | Path | None = None,
                   overrides: list[str] | None = None, progress: bool = True) -> dict[str, Any]:
    """Run the whole job into `run_dir`; returns the summary (also saved as summary.json)."""
    from veriloop.eval.report import write_report
    from veriloop.trainers.rl import RLTrainer
    from veriloop.trainers.sft import SFTTrainer

    t0 = time.perf_counter()
    root = Path(run_dir)
    root.mkdir(parents=True, exist_ok=True)
    cfg: RunConfig = load_config(config or DEFAULT_CONFIG, overrides)
    if cfg.train.threads:
        import torch

        torch.set_num_threads(cfg.train.threads)
    timings: dict[str, float] = {}

    policy = policy_from_config(cfg.model)
    timings["build_model_s"] = time.perf_counter() - t0
    t = time.perf_counter()
    _benchmarks(cfg, root, "base", policy)  # the untouched model
    timings["benchmarks_s"] = time.perf_counter() - t

    t = time.perf_counter()
    sft = SFTTrainer(cfg.model_copy(update={"kind": "sft"}), root / "sft", policy, progress)
    sft.setup()
    if not sft.resume() or sft.step_count < sft.total_steps:
        sft.train()
    sft_model = sft.save_final()
    timings["sft_s"] = time.perf_counter() - t

    rl_cfg = cfg.model_copy(update={"kind": "rl", "init": str(sft_model)})
    rl = RLTrainer(rl_cfg, root / "rl", policy_from_config(cfg.model, init=sft_model))
    rl.setup()
    resumed = rl.resume()
    ks = tuple(k for k in (1, 2, 4, 8, 16) if k <= cfg.rollout.eval_samples)
    t = time.perf_counter()
    before_path = root / "eval_sft.json"
    if resumed and before_path.exists():
        before = json.loads(before_path.read_text())
    else:
        before = _eval(rl, ks)
        before_path.write_text(json.dumps(before, indent=1))
    timings["eval_s"] = time.perf_counter() - t

    t = time.perf_counter()
    _benchmarks(cfg, root, "sft", rl.policy)
    timings["benchmarks_s"] += time.perf_counter() - t

    t = time.perf_counter()
    rl.train(progress, heldout=False)  # evaluated here, sampled and greedy
    timings["rl_s"] = time.perf_counter() - t
    t = time.perf_counter()
    after = _eval(rl, ks)
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
    (root / "summary.json").write_text(json.dumps(summary, indent=1))
    write_report(root, summary=summary, before=before, after=after,
                 metrics_path=root / "rl" / "metrics.jsonl",
                 sft_metrics_path=root / "sft" / "metrics.jsonl")
    return summary
