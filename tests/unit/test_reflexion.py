"""Reflexion: failures get a reflection, the next attempt shows it, success@n counts tasks solved
within n attempts; `veriloop eval --reflexion` with a scripted policy is a one-line error, and
its --slots bound the episodes of an attempt live at once."""

import pytest

from veriloop.envs import get_env
from veriloop.errors import UserError
from veriloop.eval.reflexion import REFLECT, ReflectionMemory, run_reflexion
from veriloop.policies import load_policy
from veriloop.policies.base import Generation
from veriloop.rollout.runner import RolloutConfig


class Learner:
    """Answers right once its prompt shows a reflection (task 0: at once); reflects with a
    fixed sentence. Text only, like a chat server."""

    name = "learner"

    def __init__(self, renderer, first):
        self.renderer = renderer
        self.first = first
        self.reflection_prompts = []
        self.batches = []  # attempt (not reflection) requests per generate call

    def generate(self, requests, params):
        self.batches.append(sum(REFLECT not in r.messages[-1].content for r in requests))
        out = []
        for r in requests:
            text = r.messages[-1].content
            if REFLECT in text:
                self.reflection_prompts.append(text)
                out.append(Generation(text="I slipped on the last step; recheck it."))
                continue
            seen = any("recheck it" in m.content for m in r.messages) or r.task.id == self.first
            answer = r.task.verification["answer"] + (0 if seen else 1)
            out.append(Generation(text=f"<answer>{answer}</answer>"))
        return out

    def release(self, key):
        pass


def test_reflexion_success_at_n_hand_counted():
    env = get_env("arithmetic", max_turns=2)
    tasks = env.tasks(3, seed=0, split="test")
    policy = Learner(load_policy("tiny-xs").renderer, first=tasks[0].id)
    result = run_reflexion(env, policy, tasks, 3, RolloutConfig(temperature=0.0))
    assert result.success_at == [pytest.approx(1 / 3), 1.0, 1.0]
    assert len(result.attempts) == 3 + 2  # the two failures are retried once
    assert set(result.memory.by_task) == {tasks[1].id, tasks[2].id}
    assert result.memory.by_task[tasks[1].id] == ["I slipped on the last step; recheck it."]
    second = [t for t in result.attempts[3:]]
    assert all("recheck it" in t.prompt_text for t in second)
    assert all("Your attempt" in p for p in policy.reflection_prompts)
    assert result.summary()["success@2"] == 1.0


def test_memory_keeps_the_last_reflections():
    m = ReflectionMemory(keep=2)
    for r in ("a", "b", "c"):
        m.add("t", r)
    assert m.note("t").endswith("- b\n- c") and m.note("other") == ""


def test_scripted_policy_cannot_reflect():
    from veriloop.envs import expert_for

    env = get_env("arithmetic")
    with pytest.raises(UserError, match="needs a model"):
        run_reflexion(env, expert_for(env, noise=0.0, seed=0), env.tasks(1, seed=0), 2,
                      RolloutConfig())


def test_successes_with_reflections_distil_to_the_original_prompt():
    from veriloop.eval.reflexion import without_reflections

    env = get_env("arithmetic", max_turns=2)
    tasks = env.tasks(3, seed=0, split="test")
    renderer = load_policy("tiny-xs").renderer
    result = run_reflexion(env, Learner(renderer, first=tasks[0].id), tasks, 2,
                           RolloutConfig(temperature=0.0))
    first, second = result.attempts[:3], result.attempts[3:]
    unnoted = {t.task_id: t for t in first}  # the same tasks' prompts without reflections
    assert without_reflections(first[0], renderer) is None  # solved without reflections
    assert all(without_reflections(t, renderer) is None for t in first[1:])  # failed
    for t in second:
        d = without_reflections(t, renderer)
        assert "Reflections" not in d.prompt_text
        assert list(d.prompt_ids) == list(unnoted[t.task_id].prompt_ids)
        assert d.prompt_text == unnoted[t.task_id].prompt_text
        assert [u.action_ids for u in d.turns] == [u.action_ids for u in t.turns]


@pytest.mark.parametrize("slots,widest", [(None, 3), (1, 1)])
def test_reflexion_eval_passes_slots_to_its_attempts(tmp_path, slots, widest):
    from veriloop.run.rollouts import run_reflexion_eval

    first = get_env("arithmetic").tasks(3, seed=0, split="test")[0].id
    policy = Learner(load_policy("tiny-xs").renderer, first=first)
    summary = run_reflexion_eval("arithmetic", policy, tasks=3, attempts=2, split="test", seed=0,
                                 out=tmp_path / "r", difficulty=None, max_turns=2,
                                 temperature=0.0, max_new_tokens=16, max_total_tokens=4096,
                                 slots=slots)
    assert summary["success@2"] == 1.0 and max(policy.batches) == widest
