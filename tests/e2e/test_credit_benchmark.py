"""benchmarks/credit.py at its smallest: one step of each variant on both multi-step tasks, and
its last line is the JSON result with every variant's curves side by side."""

import json
import subprocess
import sys
from pathlib import Path

BENCH = Path(__file__).resolve().parents[2] / "benchmarks" / "credit.py"


def test_credit_benchmark_smallest_run():
    args = [sys.executable, str(BENCH), "--steps", "1", "--prompts", "1", "--group", "2",
            "--max-new-tokens", "8", "--train-tasks", "4", "--threads", "1"]
    p = subprocess.run(args, check=False, capture_output=True, text=True, timeout=240)
    assert p.returncode == 0, p.stderr[-2000:]
    out = json.loads(p.stdout.strip().splitlines()[-1])
    assert out["benchmark"] == "credit" and out["steps"] == 1
    assert set(out["results"]) == {"arithmetic_d3", "workspace_l3_l4"}
    for res in out["results"].values():
        assert set(res) == {"grpo", "turn_grpo", "subgoal_slice"}
        for v in res.values():
            assert len(v["pass_curve"]) == 1 and 0.0 <= v["pass_curve"][0] <= 1.0
            assert v["steps_to_target"] is None or v["steps_to_target"] == 1
