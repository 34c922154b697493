"""The `math` world trains and evaluates end to end: its recipe (configs/math_sft_grpo.yaml) runs
SFT on the expert's worked solutions and one GRPO step on the tiny model through the learning
benchmark's --quick cell, and `veriloop eval` reports success per level; bad options are one
line."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

from veriloop.data.store import TrajectoryStore

ROOT = Path(__file__).resolve().parents[2]


def _cli(*args: str) -> subprocess.CompletedProcess:
    return subprocess.run([sys.executable, "-m", "veriloop.cli", *args], check=False,
                          capture_output=True, text=True, timeout=600, cwd=ROOT)


def test_the_recipe_runs_sft_then_grpo_on_the_tiny_model(tmp_path):
    p = subprocess.run([sys.executable, str(ROOT / "benchmarks" / "learning.py"), "--quick",
                        "--world", "math", "--out", str(tmp_path)],
                       check=False, capture_output=True, text=True, timeout=600)
    assert p.returncode == 0, p.stderr[-2000:]
    row = json.loads(p.stdout.strip().splitlines()[-1])
    assert row["world"] == "math" and row["recipe"] == "configs/math_sft_grpo.yaml"
    # one step of 2 prompts x 2 samples; the recipe's dynamic sampling draws one more round of
    # groups when a drawn group is flat (all alike), so 4 episodes or 8
    assert row["heldout_n"] == 4 and row["episodes"] in (4, 8) and row["tokens"] > 0
    cell = tmp_path / "math-seed0"
    # SFT trained on the clean expert's worked solutions (sft.demos=8 under --quick)
    with TrajectoryStore(cell / "sft" / "trajectories.sqlite") as store:
        demos = store.query()
    assert len(demos) == 8 and all(t.grade.passed for t in demos)
    assert all("\\boxed{" in t.turns[-1].action_text for t in demos)
    # the RL step's episodes were graded by the math verifier
    with TrajectoryStore(cell / "rl" / "trajectories.sqlite") as store:
        rollouts = store.query()
    assert len(rollouts) == row["episodes"]
    assert all("correct" in t.grade.components for t in rollouts)
    # the held-out tasks are the recipe's levels (1-3), each with its level as category
    rows = [json.loads(line) for line in (cell / "heldout_sft.jsonl").read_text().splitlines()]
    assert len(rows) == 4 and {r["category"] for r in rows} <= {"L1", "L2", "L3"}


def test_eval_reports_success_per_level(tmp_path):
    p = _cli("eval", "--env", "math", "--policy", "noisy-expert", "--noise", "0.5", "--tasks",
             "16", "--out", str(tmp_path), "--json")
    assert p.returncode == 0, p.stderr[-2000:]
    summary = json.loads(p.stdout.strip().splitlines()[-1])
    levels = summary["by_category"]
    assert set(levels) == {"L1", "L2", "L3", "L4"}
    with TrajectoryStore(tmp_path / "trajectories.sqlite") as store:
        trajs = store.query()
    # each level's rate is its episodes' share passed, and they make up the overall rate
    by_level: dict[str, list[bool]] = {}
    for t in trajs:
        by_level.setdefault(f"L{t.metadata['difficulty']}", []).append(t.passed)
    assert {k: sum(v) / len(v) for k, v in by_level.items()} == levels
    assert sum(map(sum, by_level.values())) / 16 == summary["success_rate"] < 1.0


def test_bad_options_are_one_line():
    for args, says in ((["--env-option", "levels=[5]"], "math levels"),
                       (["--difficulty", "7"], "difficulty must be one of")):
        p = _cli("eval", "--env", "math", "--policy", "expert", "--tasks", "2", *args)
        assert p.returncode == 2, p.stderr[-2000:]
        assert p.stderr.strip().startswith("error:") and len(p.stderr.strip().splitlines()) == 1
        assert says in p.stderr and "Traceback" not in p.stderr
