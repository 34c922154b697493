"""`veriloop eval --env research` end to end: the scripted expert through the CLI, its stored
trajectories (code executions and the report), and the noisy expert's faults flagged."""

from __future__ import annotations

import json
import subprocess
import sys

import pytest

from veriloop.data.store import TrajectoryStore


def veriloop(*args):
    proc = subprocess.run([sys.executable, "-m", "veriloop.cli", *args], capture_output=True,
                          text=True, timeout=600, check=False)
    assert proc.returncode == 0, proc.stderr
    return json.loads(proc.stdout)


def _expert_eval(tmp_path, n):
    summary = veriloop("eval", "--env", "research", "--policy", "expert", "--tasks", str(n),
                       "--json", "--out", str(tmp_path))
    assert summary["trajectories"] == n and summary["infra_errors"] == 0
    assert summary["success_rate"] == 1.0 and summary["mean_score"] >= 0.95
    assert summary["flag_rates"] == {}
    with TrajectoryStore(tmp_path / "trajectories.sqlite") as store:
        trajs = store.query()
    assert len(trajs) == n and {t.task_id.split("-")[2] for t in trajs} == {"L1", "L2", "L3",
                                                                            "L4"}
    for t in trajs:
        runs = [r for turn in t.turns for r in turn.tool_results if r.name == "execute_code"]
        assert runs and runs[0].content.startswith("[exit code 0]")
        assert t.final_answer is not None and "## Findings" in t.final_answer


def test_eval_expert_end_to_end(tmp_path):
    _expert_eval(tmp_path, 4)  # one question per level


@pytest.mark.slow
def test_eval_expert_20_tasks_end_to_end(tmp_path):
    _expert_eval(tmp_path, 20)
