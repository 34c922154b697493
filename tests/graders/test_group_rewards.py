"""Group-level rewards chosen by config (issue 10 point 6): rank rewards, judge ranking and
judge pairwise comparison, from a unit level up to a real RL step built from a config."""

from __future__ import annotations

import re

import pytest
import torch

from veriloop.algorithms.shaping import Shaping
from veriloop.errors import ConfigError
from veriloop.graders.group import build_group_scorer, pairwise_scores
from veriloop.graders.judge import Judge
from veriloop.policies.base import Generation
from veriloop.rendering import ByteRenderer
from veriloop.run.build import build_env_and_grader
from veriloop.types import Fault, FaultKind, Grade, Message, Trajectory


def _traj(score, answer="x", infra=False, i=0):
    return Trajectory(id=f"t{i}", run_id="r", task_id="task", env="e", group_id="g",
                      prompt_text="", prompt_ids=(), final_answer=answer,
                      prompt=(Message(role="user", content="What is 3 + 4?"),),
                      grade=Grade(score=score, passed=score >= 1.0),
                      fault=Fault(kind=FaultKind.ENV_CRASH, reason="x") if infra else None)


class PrefersSeven:
    """A scripted judge: prefers the response that says 7; ranks by that too."""

    name = "prefers-seven"

    def __init__(self):
        self.renderer = ByteRenderer()
        self.calls = 0

    def _answer(self, prompt: str) -> str:
        if "Response A:" in prompt:
            a = prompt.split("Response A:")[1].split("Response B:")[0]
            b = prompt.split("Response B:")[1]
            return "VERDICT: A" if "7" in a and "7" not in b else (
                "VERDICT: B" if "7" in b and "7" not in a else "VERDICT: TIE")
        numbered = re.findall(r"Response (\d+):\n(.*?)(?=\n\nResponse \d+:|\n\nRank)", prompt,
                              re.DOTALL)
        order = sorted(numbered, key=lambda x: "7" not in x[1])
        return "RANKING: " + " > ".join(n for n, _ in order)

    def generate(self, requests, params):
        self.calls += len(requests)
        return [Generation(text=self._answer(r.messages[-1].content)) for r in requests]

    def release(self, key):
        pass


def test_rank_group_scores_hand_worked():
    rank = build_group_scorer("rank")
    assert rank([_traj(0.2), _traj(0.9), _traj(0.5)]) == [0.0, 1.0, 0.5]


def test_shaping_uses_group_scores_and_leaves_infra_faults_out():
    shaping = Shaping(group=build_group_scorer("rank"))
    group = [_traj(0.2, i=0), _traj(1.0, infra=True, i=1), _traj(0.9, i=2)]
    rewards, _, valid = shaping.grouped([group])  # [1, 3]
    # ranked among the two valid rollouts only: 0.2 -> 0, 0.9 -> 1; the faulted one is 0
    assert rewards.tolist() == [[0.0, 0.0, 1.0]] and valid.tolist() == [[True, False, True]]
    plain = Shaping().grouped([group])[0]
    assert torch.equal(plain, torch.tensor([[0.2, 1.0, 0.9]]))


def test_judge_pairwise_scores_hand_worked():
    judge = Judge(PrefersSeven())
    # "7" beats both others in both orders; the other two tie with each other
    scores = pairwise_scores(judge, "What is 3 + 4?", ["It is 7.", "It is 8.", "It is 9."])
    assert scores == [1.0, 0.25, 0.25]
    assert judge.stats.calls == 6  # 3 pairs x 2 orders


def test_judge_scorers_from_a_policy():
    policy = PrefersSeven()
    group = [_traj(0.0, "8", i=0), _traj(0.0, "7", i=1), _traj(0.0, "9", i=2)]
    ranked = build_group_scorer("judge_ranking", policy, orders=2)(group)
    assert ranked[1] == 1.0 and ranked[0] < 1.0 and ranked[2] < 1.0
    pairwise = build_group_scorer("judge_pairwise", policy)(group)
    assert pairwise == [0.25, 1.0, 0.25]


def test_bad_group_settings_are_config_errors():
    with pytest.raises(ConfigError, match="choose one of none, rank"):
        build_group_scorer("best")
    with pytest.raises(ConfigError, match="needs a judge"):
        build_group_scorer("judge_pairwise")


@pytest.mark.parametrize("extra", [["grader.group=rank"],
                                   ["grader.group=judge_pairwise", "grader.group_judge=tiny-xs"]])
def test_group_rewards_from_a_trainer_config(tmp_path, extra):
    # ranks and judge preferences both average to 0.5 within every group: a hand-worked
    # property of the mean reward of a step (no other shaping term is configured)
    from pathlib import Path

    from veriloop.run.config import load_config
    from veriloop.trainers.common import policy_from_config
    from veriloop.trainers.rl import RLTrainer

    tiny = ["model.size=xs", "rollout.prompts_per_step=2", "rollout.group_size=3",
            "rollout.max_new_tokens=8", "rollout.max_total_tokens=320", "env.max_turns=1",
            "env.train_tasks=4", "env.eval_tasks=2", "optim.minibatch_size=6",
            "optim.micro_batch_size=6", "train.threads=1"]
    configs = Path(__file__).resolve().parents[2] / "configs"
    cfg = load_config(configs / "grpo.yaml", [*tiny, *extra])
    t = RLTrainer(cfg, tmp_path / "run", policy_from_config(cfg.model))
    t.setup(*build_env_and_grader(t.cfg))
    assert t.shaping.group is not None
    row = t.step()
    t.close()
    assert row["infra_errors"] == 0 and row["reward"] == pytest.approx(0.5)


def test_a_group_is_judged_once_for_metrics_and_update():
    policy = PrefersSeven()
    shaping = Shaping(group=build_group_scorer("judge_pairwise", policy))
    group = [_traj(0.0, "8", i=0), _traj(0.0, "7", i=1)]
    first = shaping.rewards_by_group(group)
    calls = policy.calls
    again, _, _ = shaping.grouped([group])
    assert calls == 2 and policy.calls == calls  # 1 pair x 2 orders, then from the cache
    assert first.tolist() == again[0].tolist() == [0.0, 1.0]
