"""`research` trains from its shipped config: SFT on the scripted expert, then one GRPO step,
evaluation and report, shrunk to seconds on the xs tiny model."""

import json
from pathlib import Path

from veriloop.data.store import TrajectoryStore
from veriloop.run.quickstart import run_quickstart

CONFIGS = Path(__file__).resolve().parents[2] / "configs"
SHRINK = ["model.size=xs", "sft.demos=2", "sft.epochs=1", "sft.warmup_steps=1",
          "env.train_tasks=2", "env.eval_tasks=1", "train.steps=1", "train.save_every=0",
          "train.threads=1", "rollout.prompts_per_step=1", "rollout.group_size=2",
          "rollout.max_new_tokens=8", "optim.minibatch_size=2", "optim.micro_batch_size=2"]


def test_research_trains_from_its_config(tmp_path):
    summary = run_quickstart(tmp_path, CONFIGS / "research_sft_grpo.yaml", SHRINK,
                             progress=False)
    assert summary["rl_steps"] == 1
    sft_rows = [json.loads(x) for x in (tmp_path / "sft" / "metrics.jsonl").read_text()
                .splitlines()]
    assert sft_rows and all(r["loss"] > 0 for r in sft_rows)
    rl_rows = [json.loads(x) for x in (tmp_path / "rl" / "metrics.jsonl").read_text()
               .splitlines()]
    assert any(r.get("step") == 1 for r in rl_rows)
    assert (tmp_path / "report.html").exists() and (tmp_path / "rl" / "final").is_dir()
    with TrajectoryStore(tmp_path / "sft" / "trajectories.sqlite") as store:
        demos = store.query(run_id="demos")
    assert len(demos) == 2 and all(d.passed for d in demos)  # the expert solves its tasks
