"""`code` and `repo` train from their shipped configs (SFT on the scripted expert, then GRPO,
evaluation and report), shrunk to seconds on the xs tiny model; `sft.only_passed` keeps only
the demonstrations that passed."""

import json
from pathlib import Path

import pytest

from veriloop.data.store import TrajectoryStore
from veriloop.run.build import build_env
from veriloop.run.config import load_config
from veriloop.run.quickstart import run_quickstart
from veriloop.trainers.common import policy_from_config
from veriloop.trainers.sft import SFTTrainer, as_demonstration

CONFIGS = Path(__file__).resolve().parents[2] / "configs"
SHRINK = ["model.size=xs", "sft.demos=2", "sft.epochs=1", "sft.warmup_steps=1",
          "env.train_tasks=2", "env.eval_tasks=1", "train.steps=1", "train.save_every=0",
          "train.threads=1", "rollout.prompts_per_step=1", "rollout.group_size=2",
          "rollout.max_new_tokens=8", "optim.minibatch_size=2", "optim.micro_batch_size=2",
          "sft.demo_noise=0"]  # the clean expert: every demonstration passes (checked below)


@pytest.mark.parametrize("config", ["code_sft_grpo.yaml", "repo_sft_grpo.yaml"])
def test_environment_trains_from_its_config(tmp_path, config):
    summary = run_quickstart(tmp_path, CONFIGS / config, SHRINK, progress=False)
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


def _sft(tmp_path, only_passed):
    cfg = load_config(CONFIGS / "sft.yaml", ["model.size=xs", "sft.demos=40", "sft.demo_noise=0.5",
                                             "sft.epochs=1", f"sft.only_passed={only_passed}"])
    trainer = SFTTrainer(cfg, tmp_path / f"run-{only_passed}", policy_from_config(cfg.model),
                         progress=False)
    trainer.setup(build_env(trainer.cfg))
    return trainer


def test_only_passed_trains_on_the_passed_demonstrations_only(tmp_path):
    every, passed = _sft(tmp_path, False), _sft(tmp_path, True)
    demos = every.store.query(run_id="demos")
    n_passed = sum(d.passed for d in demos)
    assert 0 < n_passed < len(demos) == 40  # the noisy expert fails some episodes
    assert every.n_demos == 40 and passed.n_demos == n_passed
    # the kept sequences are exactly the passed demonstrations, in the model's tokens
    renderer = passed.policy.renderer
    wanted = sorted(tuple(as_demonstration(d, renderer).token_ids) for d in demos if d.passed)
    assert sorted(tuple(ids) for ids, _ in passed.sequences) == wanted
