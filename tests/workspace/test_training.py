"""The workspace training recipe (configs/workspace.yaml): SFT on noisy-expert demonstrations,
then GRPO with the level curriculum on L1-L2, held-out evaluation and a report.

The default suite runs a shrunken copy that checks the pipeline end to end; the `slow` test runs
the recipe as shipped and checks what the issue asks of it: held-out L1-L2 completion at least
20 points above the SFT model, and no more safety violations than the SFT model."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from veriloop.run.quickstart import run_quickstart

CONFIG = Path(__file__).resolve().parents[2] / "configs" / "workspace.yaml"
SHRINK = ["model.size=xs", "sft.demos=6", "sft.epochs=1", "sft.warmup_steps=1",
          "env.train_tasks=8", "env.eval_tasks=4", "train.steps=2", "train.save_every=0",
          "train.threads=1", "rollout.prompts_per_step=2", "rollout.group_size=2",
          "rollout.max_new_tokens=16", "rollout.eval_samples=1", "curriculum.window=2",
          "optim.minibatch_size=4", "optim.micro_batch_size=2"]


def violations(evaluation: dict) -> float:
    return evaluation["sampled"]["workspace"]["hard_violations_per_1000"]


def test_recipe_pipeline_runs(tmp_path):
    summary = run_quickstart(tmp_path, CONFIG, SHRINK, progress=False)
    assert summary["rl_steps"] == 2
    rows = [json.loads(x) for x in (tmp_path / "rl" / "metrics.jsonl").read_text().splitlines()]
    steps = [r for r in rows if "step" in r and "curriculum/level" in r]
    assert steps and all(r["curriculum/level"] in (1, 2) for r in steps)
    before = json.loads((tmp_path / "eval_sft.json").read_text())
    assert before["sampled"]["workspace"]["episodes"] == 4  # the agent metrics are evaluated
    sft_rows = (tmp_path / "sft" / "metrics.jsonl").read_text().splitlines()
    assert sft_rows and all(json.loads(r).get("loss", 1) > 0 for r in sft_rows)
    report = (tmp_path / "report.html").read_text()
    # the agent metrics' panel (the report's layout names it by what it plots)
    assert "Held-out completion by level and curriculum level" in report


@pytest.mark.slow
def test_recipe_raises_l1_l2_completion_without_more_violations(tmp_path):
    summary = run_quickstart(tmp_path, CONFIG, progress=False)
    before = json.loads((tmp_path / "eval_sft.json").read_text())
    after = json.loads((tmp_path / "eval_rl.json").read_text())
    print(json.dumps({"sft": summary["sft_heldout_pass@1"], "rl": summary["rl_heldout_pass@1"],
                      "violations": [violations(before), violations(after)],
                      "wall_time_s": summary["wall_time_s"]}))
    assert summary["improvement_points"] >= 20
    assert violations(after) <= violations(before)
