"""Per-turn credit in real tiny RL runs: each turn-level estimator trains from a config on
arithmetic, and turn_grpo on the workspace (levels 1-2, task-scoped tools), with the per-turn
metrics in every step's metrics; and workspace sub-goals land on the turn they were reached."""

from pathlib import Path

import pytest
from reward_signal import vary_rewards

from veriloop.envs.workspace import WorkspaceEnv
from veriloop.rollout.runner import RolloutConfig, RolloutRunner
from veriloop.run.build import build_env_and_grader
from veriloop.run.config import load_config
from veriloop.trainers.common import policy_from_config
from veriloop.trainers.rl import RLTrainer

CONFIGS = Path(__file__).resolve().parents[2] / "configs"
BOOK = ("algorithm.event_weights={tool_success: 0.05, tool_error: -0.03, recovery: 0.08, "
        "repeat: -0.1, clarify: 0.05}")
# a per-token cost makes rewards differ inside groups even for an untrained model
SIGNAL = "algorithm.length_cost=0.01"
TURN_METRICS = ("turn/reward_mean", "turn/reward_std", "turn/adv_mean", "turn/adv_std",
                "turn/adv_abs", "turn/per_episode")


def _run(tmp_path, config, overrides, steps=2):
    cfg = load_config(CONFIGS / config, overrides)
    t = RLTrainer(cfg, tmp_path / "run", policy_from_config(cfg.model))
    t.setup(*build_env_and_grader(t.cfg))
    vary_rewards(t)
    rows = [t.step() for _ in range(steps)]
    t.save()
    stored = t.store.query(run_id=t.run_id)
    t.close()
    return rows, stored


@pytest.mark.parametrize("advantage", ["turn_grpo", "subgoal_slice", "gigpo", "turn_gae"])
def test_turn_estimators_train_on_arithmetic(tmp_path, tiny, advantage):
    rows, stored = _run(tmp_path, "grpo.yaml", [*tiny, f"algorithm.advantage={advantage}",
                                                "algorithm.gamma=0.9", BOOK, SIGNAL])
    for m in rows:
        assert m["train_sequences"] > 0 and "grad_norm" in m
        for k in TURN_METRICS:
            assert k in m and m[k] == m[k], k
    assert max(m["turn/adv_abs"] for m in rows) > 0  # signal reached the turns
    # the store keeps what each turn earned: the outcome always, events where they happened
    names = {r.name for t in stored for u in t.turns for r in u.rewards}
    assert "outcome" in names


def test_turn_grpo_trains_on_the_workspace(tmp_path):
    shrink = ["model.size=xs", "env.train_tasks=8", "env.eval_tasks=0", "train.threads=1",
              "rollout.prompts_per_step=2", "rollout.group_size=2", "rollout.max_new_tokens=16",
              "optim.minibatch_size=4", "optim.micro_batch_size=2", "env.max_turns=3",
              "algorithm.advantage=turn_grpo", BOOK, SIGNAL]
    rows, stored = _run(tmp_path, "workspace.yaml", shrink)
    assert stored and {t.env for t in stored} == {"workspace"}
    for m in rows:
        assert m["train_sequences"] > 0
        for k in TURN_METRICS:
            assert k in m and m[k] == m[k], k


def test_workspace_subgoals_land_on_the_turn_they_were_reached():
    env = WorkspaceEnv(tool_scope="task", levels=[2, 3])
    tasks = [t for t in env.tasks(12, seed=0, split="train") if t.verification["subgoals"]][:3]
    trajs = RolloutRunner(env, env.expert(0.0, 0), RolloutConfig(group_size=1,
                                                                  max_total_tokens=10**6)).run(tasks)
    for t, task in zip(trajs, tasks, strict=True):
        assert t.passed
        rewards = [(u.index, r.name, r.value) for u in t.turns for r in u.rewards]
        assert sum(v for _, _, v in rewards) == pytest.approx(t.score)
        goals = {name: i for i, name, _ in rewards if name.startswith("subgoal:")}
        assert set(goals) == {f"subgoal:{g['name']}" for g in task.verification["subgoals"]}
        for g in t.grade.subgoals:
            # the turn it was reached on is the first whose calls make its checks hold: before
            # the last turn (the answer), and no earlier than the first tool call it needs
            assert g.turn is not None and g.turn < len(t.turns) - 1
            assert g.value == pytest.approx(0.2 / len(t.grade.subgoals))
