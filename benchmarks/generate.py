"""Generation throughput: veriloop's sampler vs `transformers.generate`, side by side.

Same model, same batch (rendered `arithmetic` prompts, left-padded), same lengths (stopping
disabled on both sides), greedy decoding with identical outputs required; median of repeated,
alternating runs; plus the fraction of the measured matmul peak each reaches. See
veriloop/eval/generation_speed.py for what is measured and how.

    python benchmarks/generate.py --model tiny --json
    python benchmarks/generate.py --model smollm2-135m --turns 1 --json
"""

from __future__ import annotations

import argparse

from veriloop.benchmarking import emit, parse_args
from veriloop.eval.generation_speed import bench

QUICK = {"model": "tiny-xs", "batch": 2, "new_tokens": 4, "turns": 2, "repeats": 1, "json": True}
JSON_KEYS = ("model", "parameters", "device", "dtype", "threads", "cpu", "batch", "group",
             "turns", "new_tokens_per_turn", "prompt_tokens", "observation_tokens", "repeats",
             "fast_forward", "matmul_peak_gflops", "identical_greedy_outputs", "veriloop",
             "transformers", "speedup", "speedup_spread", "conditions_before", "load_avg_after")


def main(argv: list[str] | None = None) -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--model", default="tiny")
    ap.add_argument("--batch", type=int, default=8, help="sequences per batch")
    ap.add_argument("--group", type=int, default=1, help="samples per prompt")
    ap.add_argument("--new-tokens", type=int, default=32, help="tokens per turn")
    ap.add_argument("--turns", type=int, default=3, help="turns per episode (1: single prompt)")
    ap.add_argument("--repeats", type=int, default=5)
    ap.add_argument("--threads", type=int, default=None)
    ap.add_argument("--json", action="store_true")
    a = parse_args(ap, QUICK, argv)
    res = bench(a.model, batch=a.batch, group=a.group, new_tokens=a.new_tokens, turns=a.turns,
                repeats=a.repeats, threads=a.threads)
    emit(res, JSON_KEYS, indent=None if a.json else 2)


if __name__ == "__main__":
    main()
