"""Inference methods on the real `arithmetic` environment with a stochastic policy whose wrong
answers are less confident than its right ones (as a calibrated model's would be)."""

import random

import pytest

from veriloop.envs import get_env
from veriloop.eval.scaling import curve_sizes, evaluate_inference
from veriloop.inference import InferenceContext, get_method
from veriloop.inference.tree import ReplayPolicy
from veriloop.policies.base import Generation, GenerationRequest
from veriloop.rollout.config import RolloutConfig


class Coin:
    """The arithmetic expert, except that each action is, with probability `p_wrong`, the wrong
    answer `<answer>-1</answer>`. Logprobs: -0.1 a token on the expert's actions, -2.0 on the
    wrong ones."""

    name = "coin"

    def __init__(self, env, p_wrong, seed=0):
        self.expert = env.expert(0.0)
        self.renderer = self.expert.renderer
        self.p_wrong, self.rng, self.calls = p_wrong, random.Random(seed), 0

    def generate(self, requests, params):
        out = []
        for g in self.expert.generate(requests, params):
            self.calls += 1
            wrong = self.rng.random() < self.p_wrong
            text = "<answer>-1</answer>" if wrong else g.text
            ids = self.renderer.render_action(text).ids
            out.append(Generation(text=text, token_ids=ids,
                                  logprobs=(-2.0 if wrong else -0.1,) * len(ids)))
        return out

    def release(self, key):
        pass


@pytest.fixture(scope="module")
def env():
    return get_env("arithmetic")


def _run(env, policy, method, n, **options):
    ctx = InferenceContext(env, policy, RolloutConfig(seed=0, max_total_tokens=1 << 20))
    tasks = env.tasks(8, seed=1, split="test")
    m = get_method(method, **options)
    if hasattr(m, "choose"):
        groups = ctx.sample(tasks, n)
        return groups, m.choose(ctx, tasks, groups, n)
    return None, m.run(ctx, tasks, n)


def test_deepconf_filters_the_unconfident_majority(env):
    groups, maj = _run(env, Coin(env, 0.6, seed=3), "majority", 6)
    _, conf = _run(env, Coin(env, 0.6, seed=3), "deepconf", 6, keep=0.3, window=8)
    solvable = [any(t.passed for t in g) for g in groups]
    assert sum(solvable) >= 4
    # DeepConf keeps only confident traces (all right ones): it solves every solvable task
    assert [c.passed for c in conf] == solvable
    # the wrong answers (all "-1") often outvote the right one
    assert sum(c.passed for c in maj) < sum(solvable)


def test_deepconf_online_stops_unconfident_traces_and_counts_saved_tokens(env):
    groups, choices = _run(env, Coin(env, 0.5, seed=5), "deepconf-online", 8, warmup=2, keep=0.5,
                           window=4)
    for group, c in zip(groups, choices, strict=True):
        spent = sum(len(u.action_ids) for t in group for u in t.turns)
        saved = spent - c.tokens
        assert (saved > 0) == bool(c.details["stopped"])
    assert sum(len(c.details["stopped"]) for c in choices) > 0


def test_deepconf_needs_logprobs(env):
    from veriloop.errors import UserError

    with pytest.raises(UserError, match="logprobs"):
        _run(env, env.expert(0.5, seed=1), "deepconf", 2)


def test_best_of_n_with_oracle_is_coverage(env):
    groups, choices = _run(env, Coin(env, 0.6, seed=4), "best-of-n", 4, scorer="oracle")
    assert [c.passed for c in choices] == [any(t.passed for t in g) for g in groups]
    # a verifier that rewards answering at all cannot tell -1 from the right answer
    _, fmt = _run(env, Coin(env, 0.6, seed=4), "best-of-n", 4, scorer="tests/integration/"
                  "test_inference_methods.py:answered")
    assert sum(c.passed for c in fmt) <= sum(c.passed for c in choices)


def answered(task, trajectory, state):
    from veriloop.types import Grade

    return Grade(score=float(trajectory.final_answer is not None))


def test_replay_policy_replays_the_prefix_then_asks_the_policy(env):
    coin = Coin(env, 0.0)
    prefix = (Generation(text="first", token_ids=(1, 2, 3)),)
    replay = ReplayPolicy(coin, [prefix, ()])
    req = GenerationRequest(prompt_ids=(), messages=(), key="a", sample_index=0,
                            task=env.tasks(1, seed=0)[0])
    (g,) = replay.generate([req], None)
    assert g is prefix[0] and replay.tokens == 0 and coin.calls == 0
    (g,) = replay.generate([req], None)  # turn 1 of episode "a": the real policy
    assert coin.calls == 1 and replay.tokens == len(g.token_ids)
    other = GenerationRequest(prompt_ids=(), messages=(), key="b", sample_index=1, task=req.task)
    replay.generate([other], None)  # an empty prefix: the policy from the first turn
    assert coin.calls == 2


def test_tree_search_finds_answers_single_samples_miss(env):
    tasks = env.tasks(6, seed=1, split="test")
    first = get_method("first").run(
        InferenceContext(env, Coin(env, 0.6, seed=7), RolloutConfig(seed=0)), tasks, 1)
    ctx = InferenceContext(env, Coin(env, 0.6, seed=7), RolloutConfig(seed=0))
    found = get_method("tree", k=2, iterations=6, scorer="oracle").run(ctx, tasks, 1)
    assert sum(c.passed for c in found) >= sum(c.passed for c in first) + 3
    for c in found:
        if c.passed:  # the replayed branch reached the right answer through the calculator
            t = c.trajectory
            assert t.turns[0].tool_calls and t.turns[0].tool_calls[0].name == "calculator"
            assert t.final_answer == str(t.turns[0].tool_results[0].content).strip()


def test_genselect_and_curve(env):
    class Picker(Coin):
        """Also answers selection prompts: names the first solution whose answer is not -1."""

        def generate(self, requests, params):
            out, rest = [], []
            for r in requests:
                text = r.messages[-1].content
                if "candidate solutions" in text:
                    blocks = text.split("Solution ")[1:]
                    k = next((i + 1 for i, b in enumerate(blocks)
                              if "Final answer: -1" not in b), 1)
                    out.append(Generation(text=f"<answer>{k}</answer>"))
                else:
                    out.append(None)
                    rest.append(r)
            gens = iter(super().generate(rest, params)) if rest else iter(())
            return [g if g is not None else next(gens) for g in out]

    env_ = env
    summary = evaluate_inference(env_, Picker(env_, 0.5, seed=2), env_.tasks(6, seed=1), "genselect",
                                 4, RolloutConfig(seed=0, max_total_tokens=1 << 20))
    assert [p["n"] for p in summary["curve"]] == [1, 2, 4] == curve_sizes(4)
    acc = [p["accuracy"] for p in summary["curve"]]
    assert acc[-1] >= acc[0] and acc[-1] == summary["accuracy"]
    tokens = [p["tokens_per_task"] for p in summary["curve"]]
    assert tokens == sorted(tokens) and tokens[0] < tokens[-1]


def test_judge_scorer_never_sees_the_gold_answer(env):
    from veriloop.inference.best_of_n import build_scorer

    class Recorder(Coin):
        def __init__(self, env, p_wrong):
            super().__init__(env, p_wrong)
            self.prompts = []

        def generate(self, requests, params):
            self.prompts.extend(r.messages[-1].content for r in requests)
            text = "SCORE: 7"
            ids = self.renderer.render_action(text).ids
            return [Generation(text=text, token_ids=ids) for _ in requests]

    judge = Recorder(env, 0.0)
    task = env.tasks(1, seed=3, split="test")[0]
    ctx = InferenceContext(env, Coin(env, 0.0), RolloutConfig(seed=0))
    (traj,) = ctx.sample([task], 1)[0]
    gold = str(task.verification["answer"])
    traj = traj.model_copy(update={"final_answer": "-1"})
    score, tokens = build_scorer("judge", judge)(task, traj)
    assert score == pytest.approx(0.7) and tokens == len(judge.renderer.render_action(
        "SCORE: 7").ids)
    # the quality template shows the task and the response only (the gold answer is hidden)
    assert judge.prompts and all("Reference" not in p and f"\n{gold}\n" not in p
                                 for p in judge.prompts)
