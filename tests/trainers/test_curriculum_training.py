"""A real RL run with the level curriculum on: the trainer draws from it, feeds every rollout
back, logs its level and mix each step, moves up a level from that feedback, and a resumed run
continues from the checkpointed curriculum."""

import json
from pathlib import Path

from veriloop.data.curriculum import LevelCurriculum
from veriloop.run.build import build_env_and_grader
from veriloop.run.config import load_config
from veriloop.trainers.common import policy_from_config
from veriloop.trainers.rl import RLTrainer

CONFIGS = Path(__file__).resolve().parents[2] / "configs"


def test_rl_run_draws_from_the_curriculum_and_logs_its_level(tmp_path, tiny):
    # threshold 0 and a window of 2: the first step's L2 outcomes (whatever they are) move the
    # top to L3, which the second step logs; the mix is what each step drew from
    overrides = [*tiny, "env.train_tasks=60", "env.eval_tasks=0", "train.steps=2",
                 "train.save_every=1", "curriculum.kind=levels", "curriculum.threshold=0.0",
                 "curriculum.window=2", "rollout.prompts_per_step=4", "rollout.group_size=2",
                 "optim.minibatch_size=8", "optim.micro_batch_size=8"]
    cfg = load_config(CONFIGS / "grpo.yaml", overrides)
    t = RLTrainer(cfg, tmp_path / "run", policy_from_config(cfg.model))
    t.setup(*build_env_and_grader(t.cfg))
    assert isinstance(t.sampler, LevelCurriculum)
    t.train(progress=False, heldout=False)
    rows = [json.loads(x) for x in (tmp_path / "run" / "metrics.jsonl").read_text().splitlines()]
    assert [r["curriculum/level"] for r in rows] == [2.0, 3.0]
    assert rows[0]["curriculum/mix/L2"] == 0.65 and rows[1]["curriculum/mix/L3"] == 0.65
    assert "curriculum/success/L2" in rows[1]
    assert t.sampler.draws == 8 and t.sampler.top >= 3  # 4 tasks a step; moved on each step
    state = t.sampler.state_dict()
    t.close()

    again = RLTrainer(cfg, tmp_path / "run", policy_from_config(cfg.model))
    again.setup(*build_env_and_grader(again.cfg))
    assert again.sampler.state_dict() != state  # a fresh curriculum ...
    assert again.resume()
    assert again.sampler.state_dict() == state  # ... resumed from the last checkpoint
    again.close()
