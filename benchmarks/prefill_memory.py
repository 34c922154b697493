"""Peak memory of one batched prefill, chunked (the sampler's default `prefill_bytes`, 1 GiB of
attention scores) against one pass (an unbounded budget), on the embedded SmolLM2 model
(`--model`: any `load_policy` spec).

    python benchmarks/prefill_memory.py [--rows 16] [--tokens 3000]

Each variant runs in its own process (peak RSS is per process), alternating, `--repeats` times;
the last line is JSON: the median peak RSS of each and the load average.
"""

from __future__ import annotations

import argparse
import json
import os
import statistics
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))
QUICK = {"model": "tiny-xs", "rows": 2, "tokens": 64, "repeats": 1}
JSON_KEYS = ("model", "rows", "tokens", "chunked_peak_mb_median", "one_pass_peak_mb_median",
             "chunked_peak_mb_spread", "one_pass_peak_mb_spread", "same_first_tokens",
             "loadavg_1m")


def child(model: str, rows: int, tokens: int, budget: int) -> None:
    import resource

    import torch

    from veriloop.policies import load_policy
    from veriloop.policies.base import SamplingParams

    torch.set_num_threads(2)
    policy = load_policy(model, device="cpu", dtype="float32")
    policy.sampler.prefill_bytes = budget
    g = torch.Generator().manual_seed(0)
    vocab = min(40000, policy.model.config.vocab_size)
    prompts = [torch.randint(100, vocab, (tokens,), generator=g).tolist() for _ in range(rows)]
    base = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss
    out = policy.sampler.generate(prompts, SamplingParams(temperature=0.0, max_new_tokens=1))
    peak = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss
    print(json.dumps({"peak_mb": peak / 1024, "before_mb": base / 1024,
                      "first_tokens": [o.token_ids[0] for o in out]}))


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--model", default="smollm2-135m")
    ap.add_argument("--rows", type=int, default=16)
    ap.add_argument("--tokens", type=int, default=3000)
    ap.add_argument("--repeats", type=int, default=2)
    ap.add_argument("--child", type=int, default=None, help=argparse.SUPPRESS)
    from veriloop.benchmarking import emit, parse_args

    a = parse_args(ap, QUICK)
    if a.child is not None:
        child(a.model, a.rows, a.tokens, a.child)
        return
    budgets = {"chunked": 1 << 30, "one_pass": 1 << 62}
    peaks: dict[str, list[float]] = {k: [] for k in budgets}
    tokens: dict[str, list[int]] = {}
    for _ in range(a.repeats):
        for name, budget in budgets.items():
            r = subprocess.run([sys.executable, __file__, "--model", a.model, "--rows",
                                str(a.rows), "--tokens", str(a.tokens), "--child", str(budget)],
                               capture_output=True, text=True, check=True)
            row = json.loads(r.stdout.strip().splitlines()[-1])
            peaks[name].append(row["peak_mb"])
            tokens[name] = row["first_tokens"]
            print(name, round(row["peak_mb"]), "MB", flush=True)
    emit({
        "model": a.model, "rows": a.rows, "tokens": a.tokens,
        **{f"{k}_peak_mb_median": round(statistics.median(v)) for k, v in peaks.items()},
        **{f"{k}_peak_mb_spread": round(max(v) - min(v)) for k, v in peaks.items()},
        "same_first_tokens": tokens["chunked"] == tokens["one_pass"],
        "loadavg_1m": os.getloadavg()[0]}, JSON_KEYS)


if __name__ == "__main__":
    main()
