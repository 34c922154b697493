"""Per-execution overhead and throughput of the sandbox against plain `subprocess`, one run.

The same snippets run three ways, interleaved so that machine load affects all alike:

- `plain`: `subprocess.run([python, file])` in a temporary directory (no limits, no isolation);
- `sandbox`: `BubblewrapSandbox.run(code=...)` (namespaces, mounts, uid drop, rlimits, output
  capture, fresh workspace);
- `pool`: the same through a `SandboxPool` slot (warm workspace, wiped before use).

Per snippet it reports the median wall time of each and the median overhead (sandbox - plain);
then executions per second of a batch run sequentially with plain subprocess and concurrently
through a pool. The target is a median overhead under 50 ms. The machine's load average is
recorded before and after: the sandbox starts several processes in sequence (prlimit, bwrap,
its PID-1 reaper, setpriv, the program), so on an oversubscribed machine each waits for a CPU
and the overhead grows with the load.

    python benchmarks/sandbox.py --repeats 30 --json
"""

from __future__ import annotations

import argparse
import os
import platform
import statistics
import subprocess
import sys
import tempfile
import time
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path
from typing import Any

from veriloop.benchmarking import conditions, emit, parse_args
from veriloop.sandbox import Job, SandboxPool, get_sandbox

SNIPPETS = {
    "noop": "pass\n",
    "print": "print('hello world')\n",
    "compute": "print(sum(i * i for i in range(200_000)))\n",
    "imports": "import json, re, collections, itertools\nprint(json.dumps({'a': 1}))\n",
}
QUICK = {"repeats": 1, "batch": 2, "workers": 1, "json": True}
JSON_KEYS = ("benchmark", "backend", "machine", "repeats", "snippets", "overhead_median_ms",
             "target_ms", "meets_target", "throughput", "conditions_before", "load_avg_after")


def run_plain(code: str) -> float:
    with tempfile.TemporaryDirectory() as d:
        Path(d, "main.py").write_text(code)
        start = time.perf_counter()
        p = subprocess.run([sys.executable, "-B", "main.py"], cwd=d, capture_output=True,
                           check=False, timeout=60)
        elapsed = time.perf_counter() - start
    if p.returncode != 0:
        raise RuntimeError(f"plain run failed: {p.stderr.decode()[-300:]}")
    return elapsed


def timed(fn: Any, *args: Any, **kwargs: Any) -> float:
    start = time.perf_counter()
    r = fn(*args, **kwargs)
    elapsed = time.perf_counter() - start
    if r.exit_code != 0:
        raise RuntimeError(f"sandboxed run failed: {r.stderr[-300:]}")
    return elapsed


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--repeats", type=int, default=30, help="runs per snippet and method")
    ap.add_argument("--batch", type=int, default=40, help="executions in the throughput test")
    ap.add_argument("--workers", type=int, default=os.cpu_count() or 2, help="pool size")
    ap.add_argument("--backend", default="bubblewrap")
    ap.add_argument("--json", action="store_true", help="print only the JSON result")
    args = parse_args(ap, QUICK)
    before = conditions()  # load, threads, commit: printed with the figures

    load_before = list(os.getloadavg())  # 1/5/15-min load: other work skews the timings
    sandbox = get_sandbox(args.backend)
    per_snippet: dict[str, Any] = {}
    with SandboxPool(sandbox, size=args.workers) as pool:
        for name, code in SNIPPETS.items():
            run_plain(code)  # warm caches for both
            timed(sandbox.run, code=code)
            plain, boxed, pooled = [], [], []
            for _ in range(args.repeats):
                plain.append(run_plain(code))
                boxed.append(timed(sandbox.run, code=code))
                pooled.append(timed(pool.run, code=code))
            per_snippet[name] = {
                "plain_median_ms": 1000 * statistics.median(plain),
                "sandbox_median_ms": 1000 * statistics.median(boxed),
                "pool_median_ms": 1000 * statistics.median(pooled),
                "overhead_median_ms": 1000 * statistics.median(
                    [b - p for b, p in zip(boxed, plain, strict=True)]),
                "pool_overhead_median_ms": 1000 * statistics.median(
                    [b - p for b, p in zip(pooled, plain, strict=True)]),
            }
            if not args.json:
                print(f"{name:8s} " + "  ".join(f"{k}={v:.1f}"
                                                for k, v in per_snippet[name].items()),
                      file=sys.stderr)

        code = SNIPPETS["print"]
        start = time.perf_counter()
        for _ in range(args.batch):
            run_plain(code)
        plain_rate = args.batch / (time.perf_counter() - start)
        start = time.perf_counter()
        with ThreadPoolExecutor(args.workers) as ex:
            list(ex.map(lambda _: run_plain(code), range(args.batch)))
        plain_parallel_rate = args.batch / (time.perf_counter() - start)
        start = time.perf_counter()
        results = list(pool.map([Job(code=code)] * args.batch))
        pool_rate = args.batch / (time.perf_counter() - start)
        assert all(r.stdout == "hello world\n" for r in results)

    overall = statistics.median(s["overhead_median_ms"] for s in per_snippet.values())
    out = {
        "benchmark": "sandbox",
        "backend": sandbox.name,
        "machine": {"cpus": os.cpu_count(), "python": platform.python_version(),
                    "kernel": platform.release(), "root": os.geteuid() == 0,
                    "load_before": load_before, "load_after": list(os.getloadavg())},
        "repeats": args.repeats,
        "snippets": per_snippet,
        "overhead_median_ms": overall,
        "target_ms": 50.0,
        "meets_target": overall < 50.0,
        "throughput": {"batch": args.batch, "workers": args.workers,
                       "plain_sequential_per_s": plain_rate,
                       "plain_threads_per_s": plain_parallel_rate,
                       "sandbox_pool_per_s": pool_rate},
    }
    out.update(conditions_before=before, load_avg_after=conditions()["load_avg"])
    emit(out, JSON_KEYS, indent=None if args.json else 2)


if __name__ == "__main__":
    main()
