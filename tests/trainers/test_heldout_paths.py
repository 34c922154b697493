"""The one held-out evaluation (veriloop.eval.heldout.evaluate_heldout) reached two ways gives
the same numbers: RLTrainer.evaluate (its runner: deterministic keys, step-aware grader) and
veriloop.run.heldout.heldout_summary (SFT before/after), greedy on the same tiny model."""

from __future__ import annotations

from veriloop.recipes import RECIPES_DIR
from veriloop.run.build import build_env, build_grader, build_policy
from veriloop.run.config import load_config
from veriloop.run.heldout import heldout_summary
from veriloop.trainers.rl import RLTrainer


def test_rl_and_sft_heldout_evaluations_agree_greedy(tmp_path):
    cfg = load_config(RECIPES_DIR / "grpo.yaml", [
        "model.size=xs", "env.eval_tasks=3", "rollout.eval_samples=1",
        "rollout.eval_temperature=0", "rollout.max_new_tokens=24"])
    policy = build_policy(cfg)
    rl = RLTrainer(cfg, tmp_path / "rl", policy)
    env = build_env(cfg)
    rl.setup(env, build_grader(cfg, env))
    try:
        by_rl = rl.evaluate(samples=1, temperature=0.0)
    finally:
        rl.close()
    by_sft = heldout_summary(cfg, policy)
    assert by_rl["trajectories"] == by_sft["trajectories"] == 3
    for key in ("success_rate", "mean_score", "mean_turns", "mean_tokens"):
        assert by_rl[key] == by_sft[key], key
    assert by_rl["mean_tokens"] > 0
