"""`benchmarks` in a run config: the quickstart evaluates another environment (here BFCL's
irrelevance category) on the untouched, SFT and RL models, keeps the results per stage in
benchmarks.json (a resumed run does not redo a finished stage), and tables them by category in
the summary and the report."""

import json
from pathlib import Path

import pytest

pytest.importorskip("bfcl_eval")

from veriloop.run.quickstart import run_quickstart

CONFIGS = Path(__file__).resolve().parents[2] / "configs"
SHRINK = ["model.size=xs", "sft.demos=2", "sft.epochs=1", "sft.warmup_steps=1",
          "env.train_tasks=2", "env.eval_tasks=1", "train.steps=1", "train.save_every=0",
          "train.threads=1", "rollout.prompts_per_step=1", "rollout.group_size=2",
          "rollout.max_new_tokens=8", "optim.minibatch_size=2", "optim.micro_batch_size=2",
          "benchmarks=[{env: bfcl, label: irr, tasks: 3, options: {categories: [irrelevance]}}]"]


def test_benchmarks_are_evaluated_at_every_stage(tmp_path):
    # a finished "base" stage from an earlier, interrupted run is kept as it is
    earlier = {"base": {"irr": {"success_rate": 0.5, "by_category": {"irrelevance": 0.5}}}}
    (tmp_path / "benchmarks.json").write_text(json.dumps(earlier))
    summary = run_quickstart(tmp_path, CONFIGS / "quickstart.yaml", SHRINK, progress=False)
    stages = json.loads((tmp_path / "benchmarks.json").read_text())
    assert list(stages) == ["base", "sft", "rl"]
    assert stages["base"] == earlier["base"]
    for stage in ("sft", "rl"):
        s = stages[stage]["irr"]
        assert s["tasks"] == 3 and set(s["by_category"]) == {"irrelevance"}
        # the tiny arithmetic model never writes an <answer> BFCL accepts without a call
        assert 0.0 <= s["success_rate"] <= 1.0
    table = summary["benchmarks"]["irr"]
    assert table["irrelevance"]["base"] == 0.5 and set(table["irrelevance"]) == \
        {"base", "sft", "rl"}
    assert table["all"]["sft"] == stages["sft"]["irr"]["success_rate"]
    html = (tmp_path / "report.html").read_text()
    assert "Benchmark: irr" in html and "<td>irrelevance</td><td class='num'>0.500</td>" in html
