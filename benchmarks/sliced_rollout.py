"""Rollouts with turns decoded whole ("whole") vs in slices (`rollout.slice_tokens`, "sliced").

Decoded whole, one `generate` call takes every live episode's turn and lasts as long as the
longest of them, while the rows whose turns ended sit out. Decoded in slices, those episodes
step their environments after the slice and join the next one. A decode step streams the model's
weights whatever the number of rows (on these 2 cores SmolLM2's step costs about the same with 2
rows as with 8; on a GPU it is bound by launching kernels), so fewer, fuller steps should take
less time; each slice costs a short prefill and a wait for the environment steps.

Each round runs the same tasks on each side in turn (whole, sliced, whole, ...) with the same
policy object and sampling seed, so each side samples the same episodes every round (the two
sides draw different random numbers: a slice has its own per-row seed, so their episodes
differ like two samplings).

    python benchmarks/sliced_rollout.py --init runs/research-smol/sft/final   # research, SFT'd
    python benchmarks/sliced_rollout.py --set env.name=arithmetic              # any config

Prints a line per run, then ONE JSON line: the median seconds of each side with their spread,
the paired ratio sliced / whole, per side the decode steps, generated tokens, rows per decode
step, prefilled tokens (kept caches evicted beyond the sampler's budget are prefilled again)
and mean score, and the run's conditions.
"""

from __future__ import annotations

import argparse
import json
import statistics
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from veriloop.benchmarking import Spread, conditions, interleave, paired_ratio


def main(argv: list[str]) -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--config", default=str(ROOT / "configs" / "research_smollm2.yaml"))
    ap.add_argument("--init", help="model directory to start from (e.g. an SFT model)")
    ap.add_argument("--set", nargs="*", default=[], help="more section.key=value overrides")
    ap.add_argument("--tasks", type=int, default=8, help="held-out tasks per run")
    ap.add_argument("--samples", type=int, default=2)
    ap.add_argument("--slice", type=int, default=64, help="the sliced side's slice_tokens")
    ap.add_argument("--repeats", type=int, default=2)
    ap.add_argument("--warmup", type=int, default=0)
    ap.add_argument("--cache-gb", type=float, help="the sampler's kept-cache budget (default: "
                    "the policy's)")
    a = ap.parse_args(argv)
    import torch

    from veriloop.rollout.runner import RolloutRunner
    from veriloop.trainers.common import DeterministicKeys, env_from_config, policy_from_config
    from veriloop.trainers.config import load_config

    before = conditions()
    cfg = load_config(Path(a.config), a.set)
    if cfg.train.threads:
        torch.set_num_threads(cfg.train.threads)
    policy = policy_from_config(cfg.model, init=a.init)
    env = env_from_config(cfg)
    tasks = env.tasks(a.tasks, seed=cfg.env.task_seed, split="test",
                      difficulty=cfg.env.difficulty)
    sampler, keyed = policy.sampler, DeterministicKeys(policy)
    if a.cache_gb is not None:
        sampler.cache_budget_bytes = int(a.cache_gb * 2 ** 30)
    per_side: dict[str, list[dict]] = {"whole": [], "sliced": []}

    def side(name: str):
        rc = cfg.rollout.model_copy(update={
            "group_size": a.samples, "seed": 1234,
            "slice_tokens": a.slice if name == "sliced" else None})

        def run() -> float:
            s0 = (sampler.stats.decode_steps, sampler.stats.generated_tokens,
                  sampler.stats.prefill_tokens)
            keyed.reset()  # each side samples the same episodes every round
            start = time.perf_counter()
            trajs = RolloutRunner(env, keyed, rc).run(tasks)
            seconds = time.perf_counter() - start
            steps = sampler.stats.decode_steps - s0[0]
            tokens = sampler.stats.generated_tokens - s0[1]
            prefill = sampler.stats.prefill_tokens - s0[2]
            scores = [t.grade.score for t in trajs if t.grade is not None]
            row = {"seconds": seconds, "decode_steps": steps, "tokens": tokens, "prefill": prefill,
                   "rows_per_step": tokens / max(1, steps),
                   "score": statistics.fmean(scores) if scores else None}
            per_side[name].append(row)
            print(name, json.dumps({k: round(v, 3) if isinstance(v, float) else v
                                    for k, v in row.items()}), flush=True)
            return seconds
        return run

    times = interleave({"whole": side("whole"), "sliced": side("sliced")}, a.repeats, a.warmup)
    summary = {name: {k: statistics.median(r[k] for r in rows[a.warmup:])
                      for k in ("decode_steps", "tokens", "rows_per_step", "prefill")}
               | {"score": statistics.fmean(r["score"] for r in rows if r["score"] is not None)}
               for name, rows in per_side.items()}
    print(json.dumps({
        "benchmark": "sliced_rollout", "config": a.config, "init": a.init, "overrides": a.set,
        "episodes": a.tasks * a.samples, "slots": cfg.rollout.slots, "slice_tokens": a.slice,
        "cache_bytes": sampler.cache_budget_bytes,
        "whole_s": Spread.of(times["whole"]).to_dict(),
        "sliced_s": Spread.of(times["sliced"]).to_dict(),
        "ratio_sliced_over_whole": paired_ratio(times["sliced"], times["whole"]).to_dict(),
        "sides": summary, **before, "load_avg_after": conditions()["load_avg"]}))


if __name__ == "__main__":
    main(sys.argv[1:])
