"""BFCL under tool variation: the expert still scores 1.0, calls are mapped back before grading
and before they run on the backends, and grading in the original names equals the AST match in
the varied names against the possible answers mapped forward."""

from __future__ import annotations

import pytest

pytest.importorskip("bfcl_eval")

from bfcl_play import FMT, grade, play, sample

from veriloop.envs import get_env
from veriloop.envs.bfcl import MULTI_TURN, BfclEnv
from veriloop.envs.bfcl.ast_match import check_calls
from veriloop.envs.bfcl.episode import ADDED_FUNCTIONS
from veriloop.envs.bfcl.expert import BfclExpert, script
from veriloop.envs.bfcl.variation import docs, forward_answer, variation_of, vary_task
from veriloop.rollout.runner import RolloutConfig, RolloutRunner
from veriloop.run.build import build_env
from veriloop.run.config import load_config
from veriloop.tool_variation import NOT_OFFERED
from veriloop.types import Message, ToolCall


@pytest.fixture(scope="module")
def by_id() -> dict:
    return {t.id: t for t in BfclEnv().tasks(None, split="all")}


@pytest.mark.parametrize("family", ["train", "held-out"])
def test_expert_scores_one_under_variation(family, by_id):
    env = BfclEnv(tool_variation=family)
    tasks = env.varied(sample(list(by_id.values()), 4))
    assert len(tasks) == 36
    trajs = RolloutRunner(env, env.expert(), RolloutConfig(
        group_size=1, max_total_tokens=1 << 30)).run(tasks)
    assert [t.grade.score for t in trajs] == [1.0] * 36
    for task, traj in zip(tasks, trajs, strict=True):
        original = {d["name"] for d in task.verification["functions"]}
        offered = {t.name for t in env.reset(task).tools}
        assert not offered & original  # every function renamed
        said = {c.name for turn in traj.turns for c in turn.tool_calls}
        assert not said & original  # the agent spoke the varied names only


def test_option_validated_and_variation_seeded_by_task():
    with pytest.raises(ValueError, match="tool_variation must be one of none, train, held-out"):
        BfclEnv(tool_variation="test")
    one = get_env("bfcl", tool_variation="held-out", categories=["multiple"]).tasks(3, seed=2)
    two = BfclEnv(tool_variation="held-out", categories=["multiple"]).tasks(3, seed=2)
    assert one == two and all(t.metadata["tool_variation"] == "held-out" for t in one)
    other = BfclEnv(tool_variation="held-out", categories=["multiple"],
                    variation_seed=1).tasks(3, seed=2)
    assert [t.verification["variation"] != o.verification["variation"]
            for t, o in zip(one, other, strict=True)] == [True] * 3
    plain = BfclEnv(categories=["multiple"]).tasks(3, seed=2)
    assert [t.id for t in plain] == [t.id for t in one]
    assert all("variation" not in t.verification for t in plain)


def test_config_env_options_turn_it_on():
    cfg = load_config(None, ["env.name=bfcl", "env.options.tool_variation=train",
                             "env.options.categories=[simple_python]"])
    env = build_env(cfg)
    task = env.tasks(1)[0]
    assert variation_of(task).family == "train"


def test_original_names_and_distractors_earn_nothing(by_id):
    task = vary_task(by_id["simple_python_1"], "train", seed=0)
    variation = variation_of(task)
    env = BfclEnv()
    episode = env.reset(task)
    obs = episode.step(Message(role="assistant", content=FMT.render_call(
        ToolCall(name="math.factorial", arguments={"number": 5}))))
    assert obs.format_error and "math.factorial" in obs.format_error  # not offered
    (gold,) = BfclExpert().script(task)[0]
    renamed = variation.params["math.factorial"]
    original_param = ToolCall(name=gold.name, arguments={"number": 5})
    state = play(env, task, [[original_param]])
    expected = {NOT_OFFERED + "number": 5} if renamed["number"] != "number" else {"number": 5}
    assert state.turns[0].calls[0].arguments == expected
    assert grade(task, state).passed == (renamed["number"] == "number")
    assert grade(task, play(env, task, [[gold]])).passed
    decoy = ToolCall(name=variation.distractors[0], arguments={})
    assert not grade(task, play(env, task, [[decoy]])).passed


def test_single_turn_grade_equals_ast_match_in_the_varied_names(by_id):
    env, verdicts = BfclEnv(), {"noisy": [], "unrenamed": []}
    single = [t for t in sample(list(by_id.values()), 12)
              if t.metadata["category"] not in (*MULTI_TURN, "irrelevance")]
    for seed in range(3):
        for task in single:
            task = vary_task(task, "held-out", seed=seed)
            variation, ver = variation_of(task), task.verification
            (noisy,) = BfclExpert(noise=0.7, seed=seed).script(task)
            # the gold with the varied function names but the original parameter names: it
            # passes exactly when the variation renamed none of its parameters
            unrenamed = [c.model_copy(update={"name": variation.names[c.name]})
                         for c in script(task)[0]]
            by_name = {d["name"]: d for d in docs(variation)}
            varied_docs = [by_name[variation.names[d["name"]]] for d in ver["functions"]]
            answers = [forward_answer(variation, a) for a in ver["ground_truth"]]
            for kind, calls in (("noisy", noisy), ("unrenamed", unrenamed)):
                here = grade(task, play(env, task, [calls])).passed
                there = check_calls(task.metadata["category"], varied_docs,
                                    [{c.name: dict(c.arguments)} for c in calls], answers).valid
                assert here == there, task.id
                verdicts[kind].append(here)
            kept = all(variation.params[c.name][p] == p for c in script(task)[0]
                       for p in c.arguments)
            assert verdicts["unrenamed"][-1] == kept, task.id
    n = len(verdicts["noisy"])
    assert 0.2 * n < sum(verdicts["noisy"]) < 0.8 * n  # both verdicts occur
    assert 0 < sum(verdicts["unrenamed"]) < 0.3 * n


def test_multi_turn_calls_run_on_the_backends_in_original_names(by_id):
    task = by_id["multi_turn_base_0"]
    varied = vary_task(task, "train", seed=5)
    env = BfclEnv()
    plain_state = play(env, task, script(task))
    varied_state = play(env, varied, BfclExpert().script(varied))
    assert [t.snapshot for t in varied_state.turns] == [t.snapshot for t in plain_state.turns]
    assert [t.results for t in varied_state.turns] == [t.results for t in plain_state.turns]
    assert [t.calls for t in varied_state.turns] == [t.calls for t in plain_state.turns]
    episode = env.reset(varied)
    decoy = variation_of(varied).distractors[0]
    obs = episode.step(Message(role="assistant", content=FMT.render_call(
        ToolCall(name=decoy, arguments={}))))
    assert obs.tool_results[0].content == f"Error during execution: name '{decoy}' is not defined"


def test_missed_functions_are_announced_in_varied_names(by_id):
    task = next(t for t in by_id.values() if t.metadata["category"] == "multi_turn_miss_func")
    varied = vary_task(task, "held-out", seed=0)
    variation = variation_of(varied)
    env = BfclEnv()
    held = [d for ds in task.verification["missed_function"].values() for d in ds]
    names = {variation.names[d["name"]] for d in held}
    offered = {t.name for t in env.reset(varied).tools}
    assert names and not names & offered
    assert offered | names == {t.name for t in variation.tools}
    (traj,) = RolloutRunner(env, env.expert(), RolloutConfig(
        group_size=1, max_total_tokens=1 << 30)).run([varied])
    assert traj.grade.passed
    (announcement,) = [m.content for turn in traj.turns for m in turn.observation
                       if ADDED_FUNCTIONS in m.content]
    assert all(f'"{n}"' in announcement for n in names)
    assert not any(f'"{d["name"]}"' in announcement for d in held)
