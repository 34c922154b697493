"""benchmarks/inference.py runs end to end and prints every method at every N (slow: it loads
a model and samples)."""

import json
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]


@pytest.mark.slow
def test_inference_benchmark_prints_every_method_and_n():
    proc = subprocess.run([sys.executable, str(ROOT / "benchmarks" / "inference.py"), "--model",
                           "tiny-xs", "--tasks", "2", "--ns", "1,2"], capture_output=True,
                          text=True, timeout=900, check=False)
    assert proc.returncode == 0, proc.stderr[-3000:]
    out = json.loads(proc.stdout.strip().splitlines()[-1])
    got = {(r["method"], r["n"]) for r in out["rows"]}
    assert got == {("greedy", 1)} | {(m, n) for m in ("majority", "deepconf", "best-of-n",
                                                      "genselect") for n in (1, 2)}
    assert all(0.0 <= r["accuracy"] <= 1.0 and r["tokens_per_task"] > 0 for r in out["rows"])
