"""The composed grader of configs/graders/arithmetic_judged.yaml (gate + schedule + tiny-model
judge + hacking guard) inside real arithmetic rollouts and inside an RL step."""

from pathlib import Path

import pytest
import yaml

from veriloop.envs.arithmetic import ArithmeticEnv, ExpertPolicy
from veriloop.graders import get_grader
from veriloop.rollout.runner import RolloutConfig, RolloutRunner
from veriloop.run.build import build_env_and_grader

CONFIG = Path(__file__).resolve().parents[2] / "configs" / "graders" / "arithmetic_judged.yaml"
SPEC = yaml.safe_load(CONFIG.read_text())["grader"]


@pytest.fixture(scope="module")
def composed():
    return get_grader(SPEC["name"], **SPEC["options"])


def test_composed_grader_in_arithmetic_rollouts(composed):
    env = ArithmeticEnv()
    tasks = env.tasks(6, seed=11)
    runner = RolloutRunner(env, ExpertPolicy(noise=0.5, format_share=0.5, recovery=0.5),
                           RolloutConfig(group_size=2), grader=composed)
    trajs = runner.run(tasks)
    assert all(t.grade is not None and t.fault is None for t in trajs)
    judge = composed.grader.components[2].grader
    right = [t for t in trajs if t.grade.components["correct"] == 1.0]
    wrong = [t for t in trajs if t.grade.components["correct"] == 0.0]
    assert right and wrong
    for t in trajs:
        c = t.grade.components
        for key in ("correct", "tool_use", "judge", "w/correct", "w/tool_use", "w/judge",
                    "gated/judge", "tool_use/valid_calls", "hack/unbacked_claims", "hack/any"):
            assert key in c, key
        assert c["w/tool_use"] == pytest.approx(0.3)  # step 0 of the schedule
        expected = c["correct"] + 0.3 * c["tool_use"] + 0.2 * c["judge"] - c["hack/penalty"]
        assert t.grade.score == pytest.approx(expected)
    for t in wrong:  # gate: the judge never ran on wrong answers
        assert t.grade.components["gated/judge"] == 1.0 and "judge/judge" not in t.grade.components
    for t in right:
        c = t.grade.components
        assert c["gated/judge"] == 0.0
        assert c["judge/judge_parsed"] + c["judge/judge_unparseable"] == 1.0
    # the untrained tiny judge rarely writes "SCORE: n": its failures are counted, not raised
    assert judge.stats.calls == len(right)
    assert judge.stats.unparseable == sum(t.grade.components["judge/judge_unparseable"]
                                          for t in right)


def test_composed_grader_inside_an_rl_step(tmp_path):
    from veriloop.run.config import load_config
    from veriloop.trainers.common import policy_from_config
    from veriloop.trainers.rl import RLTrainer

    tiny = ["model.size=xs", "rollout.prompts_per_step=2", "rollout.group_size=4",
            "rollout.max_new_tokens=12", "rollout.max_total_tokens=320", "env.max_turns=2",
            "env.train_tasks=8", "env.eval_tasks=4", "optim.minibatch_size=4",
            "optim.micro_batch_size=4", "train.threads=1", "algorithm.length_cost=0.01"]
    cfg = load_config(CONFIG, tiny)
    trainer = RLTrainer(cfg, tmp_path / "run", policy_from_config(cfg.model))
    trainer.setup(*build_env_and_grader(trainer.cfg))
    try:
        m1 = trainer.step()
        for key in ("grade/correct", "grade/tool_use", "grade/judge", "grade/w/tool_use",
                    "grade/gated/judge", "grade/tool_use/attempted_calls", "grade/hack/any",
                    "grade/hack/penalty"):
            assert key in m1, (key, sorted(k for k in m1 if k.startswith("grade/")))
        # the trainer handed the step to the schedule: weight 0.3 -> 0 over 20 steps
        assert m1["grade/w/tool_use"] == pytest.approx(0.3 * (1 - 1 / 20))
        m2 = trainer.step()
        assert m2["grade/w/tool_use"] == pytest.approx(0.3 * (1 - 2 / 20))
        assert m2["rollouts"] >= 8
    finally:
        trainer.close()
