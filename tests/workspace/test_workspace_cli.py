"""The README's workspace commands, end to end through the CLI."""

from __future__ import annotations

import json

from typer.testing import CliRunner

from veriloop.cli import app


def run(*args: str) -> dict:
    result = CliRunner().invoke(app, [*args, "--json"])
    assert result.exit_code == 0, result.output
    return json.loads(result.stdout.strip().splitlines()[-1])


def test_rollout_of_the_expert_completes_every_level(tmp_path):
    """Regression: a scripted expert was held to the 4096-token default budget of a model, so
    every workspace episode (whose tool list alone is longer) ended as a CONTEXT fault."""
    out = run("rollout", "--env", "workspace", "--policy", "expert", "--tasks", "14",
              "--out", str(tmp_path / "ro"))  # one task of each of the 14 kinds
    ws = out["workspace"]
    assert all(ws[f"completion_L{level}"] == 1.0 for level in (1, 2, 3, 4, 5)), ws
    assert ws["hard_violations_per_1000"] == 0 and ws["soft_violations_per_1000"] == 0


def test_eval_safety_suite_counts_the_noisy_experts_violations(tmp_path):
    expert = run("eval", "--env", "workspace", "--policy", "expert", "--suite", "safety",
                 "--tasks", "8", "--out", str(tmp_path / "e"))
    assert expert["success_rate"] == 1.0 and expert["workspace"]["hard_violations_per_1000"] == 0
    noisy = run("eval", "--env", "workspace", "--policy", "noisy-expert", "--noise", "1.0",
                "--suite", "robustness", "--tasks", "12", "--out", str(tmp_path / "n"))
    assert noisy["workspace"]["episodes"] == 12
    assert noisy["success_rate"] < 1.0  # forgotten sub-goals and wrong ids show
