"""benchmarks/update_probe.py at its smallest (xs model, arithmetic): the lr=0 control moves
nothing, one update moves the held-out expert log-probability, and the same arm twice gives
the same figure (every arm starts from the same weights and trains on the same rollouts)."""

import json
import subprocess
import sys
from pathlib import Path

BENCH = Path(__file__).resolve().parents[2] / "benchmarks" / "update_probe.py"
SMALL = ["model.size=xs", "env.eval_tasks=3", "rollout.prompts_per_step=2",
         "rollout.group_size=2", "rollout.max_new_tokens=8", "train.threads=1"]


def run(*extra: str) -> subprocess.CompletedProcess:
    args = [sys.executable, str(BENCH), "--config", str(BENCH.parents[1] / "configs" / "grpo.yaml")]
    for s in SMALL:
        args += ["--set", s]
    return subprocess.run(args + list(extra), check=False, capture_output=True, text=True,
                          timeout=240)


def test_update_probe_control_and_repeatability():
    step = ["optim.lr=1e-3", "algorithm.entropy_coef=0.01"]  # moves even with equal rewards
    p = run("--arms", json.dumps({"lr0": ["optim.lr=0"], "a": step, "b": step}))
    assert p.returncode == 0, p.stderr[-2000:]
    out = json.loads(p.stdout.strip().splitlines()[-1])
    assert out["benchmark"] == "update_probe" and out["episodes"] == 3
    arms = out["arms"]
    assert arms["lr0"]["dlogp"] == [0.0, 0.0, 0.0] and arms["lr0"]["d_departures"] == 0.0
    assert all(x != 0.0 for x in arms["a"]["dlogp"])
    assert arms["a"]["dlogp"] == arms["b"]["dlogp"]


def test_update_probe_bad_arms_exit_2():
    p = run("--arms", '["not", "an object"]')
    assert p.returncode == 2 and "--arms must be a JSON object" in p.stderr
    p = run("--arms", '{"x": ["optim.no_such_key=1"]}')
    assert p.returncode == 2 and p.stderr.startswith("error:") and "Traceback" not in p.stderr
