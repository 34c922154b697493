"""Demonstrations are rendered with the model's tokenizer: a scripted expert's byte-level
trajectory, rendered again, has exactly the ids the runner gives the same actions when it
encodes them with the model's renderer; a trajectory already in the model's ids is kept."""

import pytest

from veriloop.envs import ScriptedExpert, expert_for, get_env
from veriloop.envs.arithmetic import ArithmeticEnv, ExpertPolicy
from veriloop.rendering import ByteRenderer
from veriloop.rollout.runner import RolloutConfig, RolloutRunner
from veriloop.run.config import load_config
from veriloop.trainers.common import policy_from_config
from veriloop.trainers.sft import as_demonstration


@pytest.fixture(scope="module")
def model_renderer():
    return policy_from_config(load_config(None, ["model.size=xs"]).model).renderer


def test_byte_level_demonstrations_are_rendered_with_the_model_tokenizer(model_renderer):
    env = ArithmeticEnv()
    tasks = env.tasks(6, seed=3)
    cfg = RolloutConfig(group_size=1)
    scripted = RolloutRunner(env, ExpertPolicy(noise=0.5, seed=1), cfg).run(tasks)
    direct = RolloutRunner(env, ExpertPolicy(noise=0.5, seed=1, renderer=model_renderer),
                           cfg).run(tasks)
    assert isinstance(ExpertPolicy().renderer, ByteRenderer)
    for byte_level, model_level in zip(scripted, direct, strict=True):
        assert max(byte_level.token_ids) < ByteRenderer.vocab_size
        again = as_demonstration(byte_level, model_renderer)
        assert again.token_ids == model_level.token_ids
        assert again.loss_mask == model_level.loss_mask
        assert as_demonstration(model_level, model_renderer) is model_level  # kept token-exact


def test_expert_contract_and_its_errors():
    assert isinstance(expert_for(get_env("arithmetic"), noise=0.3, seed=1), ExpertPolicy)
    assert expert_for(get_env("code"), noise=0.5, seed=2).noise == 0.5
    with pytest.raises(ValueError, match=r"noise must be in \[0, 1\]"):
        expert_for(get_env("code"), noise=1.5)

    class Bare(ArithmeticEnv):
        expert = None

    with pytest.raises(ValueError, match=r"has no scripted expert: define `expert\(self"):
        expert_for(Bare())
    solo = ScriptedExpert(lambda task, messages: "<answer>1</answer>")
    [traj] = RolloutRunner(ArithmeticEnv(), solo).run(ArithmeticEnv().tasks(1))
    assert traj.final_answer == "1" and traj.done


def test_trajectories_stored_without_their_prompt(model_renderer):
    env = ArithmeticEnv()
    [scripted] = RolloutRunner(env, ExpertPolicy()).run(env.tasks(1))
    old = scripted.model_copy(update={"prompt": ()})
    with pytest.raises(ValueError, match="no recorded prompt messages"):
        as_demonstration(old, model_renderer)
    sampled = old.model_copy(update={"turns": tuple(
        t.model_copy(update={"action_logprobs": tuple(-1.0 for _ in t.action_ids)})
        for t in old.turns)})
    assert as_demonstration(sampled, model_renderer) is sampled


def test_store_keeps_prompt_and_tools_and_upgrades_older_stores(tmp_path):
    import sqlite3

    from veriloop.data.store import TrajectoryStore

    path = tmp_path / "old.sqlite"
    TrajectoryStore(path).close()
    with sqlite3.connect(path) as db:  # as written before prompts were recorded
        db.execute("ALTER TABLE trajectories DROP COLUMN context_json")
    env = ArithmeticEnv()
    [traj] = RolloutRunner(env, ExpertPolicy()).run(env.tasks(1))
    assert traj.prompt[0].role == "system" and "<tool_call>" in traj.prompt[0].content
    with TrajectoryStore(path) as st:
        st.append(traj)
        [back] = st.query()
    assert back.prompt == traj.prompt and back.tools == traj.tools
    assert [t.name for t in back.tools] == ["calculator"]


def test_several_noisy_demonstrations_of_each_task(tmp_path):
    """`sft.demo_samples`: each task demonstrated that many times, the noise drawn per sample."""
    from veriloop.data.store import TrajectoryStore
    from veriloop.run.build import build_env
    from veriloop.trainers.sft import make_demonstrations

    cfg = load_config(None, ["env.name=repo", "env.difficulty=1", "sft.demos=2",
                             "sft.demo_samples=4", "sft.demo_noise=0.5", "train.seed=3"])
    with TrajectoryStore(tmp_path / "demos.db") as store:
        trajs = make_demonstrations(cfg, build_env(cfg), store)
        assert store.count(run_id="demos") == 8
    assert sorted(t.sample_index for t in trajs) == [0, 0, 1, 1, 2, 2, 3, 3]
    tasks = {t.task_id for t in trajs}
    assert len(tasks) == 2 and all(t.fault is None for t in trajs)
    expert = expert_for(get_env("repo"), noise=0.5, seed=3)
    for t in trajs:  # each sample played the variant the expert drew for it
        [task] = [x for x in get_env("repo").tasks(2, seed=cfg.env.task_seed + 10_000,
                                                  split="train", difficulty=1) if x.id == t.task_id]
        plan = expert.plan(task, t.sample_index)
        assert [c.name for turn in t.turns for c in turn.tool_calls] == [c.name for c in plan]
    assert len({len(t.turns) for t in trajs}) > 1  # not all the same episode
