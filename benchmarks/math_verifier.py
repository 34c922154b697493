"""Per-check cost of the math verifier: our reused worker pool vs a fresh process per check
(the usual way to get a hard timeout) vs math-verify in-process (no hard timeout at all), and
the pool's own round-trip cost on a check that does almost nothing. Each path starts cold on the
pairs (math-verify caches parses per process), so per-check times include sympy's first-use work.

All three verify the same pairs from the shipped labeled set (the pathological ones left out so
that timeouts do not dominate) and must agree on every verdict.

    python benchmarks/math_verifier.py --pairs 60 --json
"""

from __future__ import annotations

import argparse
import json
import subprocess
import sys
import time

from veriloop.benchmarking import conditions
from veriloop.graders.audit import SHIPPED_MATH_PAIRS, load_pairs
from veriloop.graders.math_equiv import check_equivalence
from veriloop.graders.workers import WorkerPool

FN = "veriloop.graders.math_equiv:check_equivalence"


def fresh_process(kwargs: dict) -> bool:
    """One worker process started, used once and stopped: the process-per-check baseline."""
    proc = subprocess.run([sys.executable, "-m", "veriloop.graders._worker"],
                          input=json.dumps({"fn": FN, "kwargs": kwargs}) + "\n",
                          capture_output=True, text=True, timeout=60, check=True)
    return bool(json.loads(proc.stdout)["value"]["equivalent"])


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--pairs", type=int, default=60)
    ap.add_argument("--json", action="store_true")
    args = ap.parse_args()
    before = conditions()  # load, threads, commit: printed with the figures
    pairs = [p for p in load_pairs(SHIPPED_MATH_PAIRS) if p.category != "pathological"]
    pairs = pairs[:: max(1, len(pairs) // args.pairs)][: args.pairs]
    inputs = [{"gold": p.gold, "answer": p.answer, "simplest_form": p.simplest_form,
               "question": p.question} for p in pairs]

    with WorkerPool(size=1, timeout=10) as pool:
        pool.call(FN, **inputs[0])  # start the worker (counted separately)
        t = time.perf_counter()
        pooled = [bool(pool.call(FN, **kw).value["equivalent"]) for kw in inputs]
        pool_s = time.perf_counter() - t
        # the pool's own cost: a round trip of a check that does almost nothing
        trivial = "veriloop.graders.math_equiv:simplest_form_violation"
        t = time.perf_counter()
        for _ in range(200):
            pool.call(trivial, answer="1/2")
        roundtrip_ms = 1000 * (time.perf_counter() - t) / 200

    t = time.perf_counter()
    fresh = [fresh_process(kw) for kw in inputs]
    fresh_s = time.perf_counter() - t

    check_equivalence(**inputs[0])  # warm imports
    t = time.perf_counter()
    local = [bool(check_equivalence(**kw)["equivalent"]) for kw in inputs]
    local_s = time.perf_counter() - t

    result = {
        "pairs": len(inputs),
        "verdicts_agree": pooled == fresh == local,
        "pool_ms_per_check": 1000 * pool_s / len(inputs),
        "process_per_check_ms": 1000 * fresh_s / len(inputs),
        "in_process_ms_per_check": 1000 * local_s / len(inputs),
        "pool_roundtrip_ms": roundtrip_ms,
        "speedup_vs_process_per_check": fresh_s / pool_s,
    }
    if args.json:
        result.update(conditions_before=before, load_avg_after=conditions()["load_avg"])
        print(json.dumps(result, indent=2))
    else:
        for k, v in result.items():
            print(f"{k}: {v:.3f}" if isinstance(v, float) else f"{k}: {v}")


if __name__ == "__main__":
    main()
