"""Does the `dataset` environment stream its file? Peak resident memory of a short GRPO run
(`veriloop train`, the tiny model) on a file of `--big-rows` rows against the same run on a
file of `--small-rows` rows (issue 46: 2,000,000 against 1,000, within 500 MB).

    python benchmarks/dataset_memory.py [--big-rows 2000000] [--small-rows 1000] [--repeats 2]

Both files are TRL-standard JSONL (a plain prompt and an answer a row, written here) and the
runs differ in nothing else: `env.train_tasks` tasks are built from each (rows read from the
memory-mapped Arrow table `datasets` converts the file into, never the whole file), two GRPO
steps, a held-out evaluation. Each run is its own `veriloop train` process, and its peak RSS
is that process's (`ru_maxrss` of the waited-for child; the reward worker is smaller). The
sides alternate small, big, small, big ...; each side's first run converts its file into a
fresh `datasets` cache (HF_DATASETS_CACHE in the work directory, so the conversion is measured,
not skipped because an earlier invocation cached it), later runs memory-map that cache.

The last stdout line is JSON: the median peak RSS of each side with its spread, the
difference, the file sizes and the load average.
"""

from __future__ import annotations

import argparse
import json
import os
import resource
import subprocess
import sys
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from veriloop.benchmarking import Spread, conditions, emit, parse_args

QUICK = {"big_rows": 20_000, "small_rows": 1_000, "repeats": 1}
JSON_KEYS = ("small_rows", "big_rows", "small_file_mb", "big_file_mb", "small_peak_mb",
             "big_peak_mb", "small_peak_mb_spread", "big_peak_mb_spread",
             "big_minus_small_mb", "within_500_mb", "conditions")

CONFIG = """kind: rl
model: {{name: tiny, size: xs}}
env:
  name: dataset
  train_tasks: 64
  eval_tasks: 8
  options: {{path: {path}, reward: exact, test_fraction: 0.01}}
rollout: {{prompts_per_step: 2, group_size: 4, max_new_tokens: 8, max_total_tokens: 256}}
optim: {{minibatch_size: 8, micro_batch_size: 8}}
train: {{steps: 2, threads: 1}}
"""


def write_rows(path: Path, n: int) -> float:
    """`n` rows of TRL's standard format; the file's size in MB."""
    with path.open("w") as f:
        for i in range(n):
            f.write(json.dumps({"prompt": f"What is {i} plus {i % 97}? Answer with the number.",
                                "answer": str(i + i % 97)}) + "\n")
    return path.stat().st_size / 2 ** 20


def run_child(argv: list[str]) -> None:
    """Run `veriloop train` in a child and print its peak RSS (MiB) as the last line."""
    proc = subprocess.run([sys.executable, "-m", "veriloop.cli", *argv], check=False,
                          capture_output=True, text=True)
    if proc.returncode != 0:
        sys.stderr.write(proc.stderr[-3000:])
        raise SystemExit(f"error: veriloop train exited {proc.returncode}")
    print(resource.getrusage(resource.RUSAGE_CHILDREN).ru_maxrss / 1024)


def peak_mb(work: Path, side: str, round_: int) -> float:
    """One training run on `side`'s file, in its own process; its peak RSS in MiB."""
    config = work / f"{side}.yaml"
    run_dir = work / f"run-{side}-{round_}"
    env = {**os.environ, "HF_DATASETS_CACHE": str(work / "hf-cache"),
           "PYTHONPATH": str(ROOT)}
    proc = subprocess.run([sys.executable, __file__, "--child", "train", str(config),
                           "--run-dir", str(run_dir)], check=False, capture_output=True,
                          text=True, env=env, cwd=work)
    if proc.returncode != 0:
        raise SystemExit(f"error: the {side} run failed:\n{proc.stderr[-3000:]}")
    return float(proc.stdout.strip().splitlines()[-1])


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--big-rows", type=int, default=2_000_000)
    ap.add_argument("--small-rows", type=int, default=1_000)
    ap.add_argument("--repeats", type=int, default=2, help="rounds of small, big")
    ap.add_argument("--child", nargs=argparse.REMAINDER, help=argparse.SUPPRESS)
    a = parse_args(ap, QUICK)
    if a.child:
        run_child(a.child)
        return
    with tempfile.TemporaryDirectory(prefix="veriloop-dataset-memory-") as tmp:
        work = Path(tmp)
        sizes = {}
        for side, n in (("small", a.small_rows), ("big", a.big_rows)):
            sizes[side] = write_rows(work / f"{side}.jsonl", n)
            (work / f"{side}.yaml").write_text(CONFIG.format(path=f"{side}.jsonl"))
        peaks: dict[str, list[float]] = {"small": [], "big": []}
        for r in range(a.repeats):
            for side in ("small", "big"):
                peaks[side].append(peak_mb(work, side, r))
                print(f"round {r + 1}/{a.repeats} {side}: peak {peaks[side][-1]:.0f} MB",
                      file=sys.stderr, flush=True)
    small, big = Spread.of(peaks["small"]), Spread.of(peaks["big"])
    diff = big.median - small.median
    emit({"small_rows": a.small_rows, "big_rows": a.big_rows,
          "small_file_mb": round(sizes["small"], 1), "big_file_mb": round(sizes["big"], 1),
          "small_peak_mb": round(small.median, 1), "big_peak_mb": round(big.median, 1),
          "small_peak_mb_spread": small.to_dict(), "big_peak_mb_spread": big.to_dict(),
          "big_minus_small_mb": round(diff, 1), "within_500_mb": diff <= 500,
          "conditions": conditions()}, JSON_KEYS)


if __name__ == "__main__":
    main()
