"""An RL step with summarisation: one training sequence per context, context metrics logged,
the stored trajectories keep their segments; PPO's critic path takes contexts too."""

from pathlib import Path

import pytest

from veriloop.run.build import build_env_and_grader
from veriloop.run.config import load_config
from veriloop.trainers.common import policy_from_config
from veriloop.trainers.rl import RLTrainer

CONFIGS = Path(__file__).resolve().parents[2] / "configs"
SUMMARIZE = ["algorithm.length_cost=0.01", "rollout.context=summarize", "rollout.summarize_at=1",
             "env.max_turns=3"]


@pytest.mark.parametrize("config", ["grpo.yaml", "ppo.yaml"])
def test_rl_step_trains_every_context(tmp_path, tiny, config):
    cfg = load_config(CONFIGS / config, [*tiny, *SUMMARIZE])
    t = RLTrainer(cfg, tmp_path / "run", policy_from_config(cfg.model))
    t.setup(*build_env_and_grader(t.cfg))
    m = t.step()
    assert m["context/segments"] > 1 and m["context/summarized"] > 0
    assert m["train_sequences"] > m["rollouts"] - m["infra_errors"]
    t.save()
    stored = t.store.query(run_id=t.run_id)
    assert sum(len(s.segments) for s in stored) == round((m["context/segments"] - 1) * len(stored))
    t.close()
