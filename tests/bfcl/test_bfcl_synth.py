"""bfcl_synth: tasks synthesized from function docs (BFCL's backends, any @tool registry) with
valid, deterministic gold; the expert passes, the noisy expert does not always; instructions
are not near-duplicates of BFCL's questions."""

from __future__ import annotations

import collections
import textwrap

import pytest

pytest.importorskip("bfcl_eval")

from bfcl_play import grade, play

from veriloop.envs import get_env, list_envs
from veriloop.envs.bfcl.backends import parse_call, signatures
from veriloop.envs.bfcl.disjoint import QuestionIndex, bfcl_questions, near_duplicate, shingles
from veriloop.envs.bfcl.expert import script
from veriloop.envs.bfcl.synth import GENERATORS, BfclSynthEnv, failed, replay
from veriloop.envs.bfcl.synth_registry import registry_tasks
from veriloop.rollout.runner import RolloutConfig, RolloutRunner
from veriloop.run.build import build_env
from veriloop.run.config import load_config
from veriloop.tool_variation import TRAIN
from veriloop.tools import ToolRegistry, tool
from veriloop.types import ToolCall

RUN = RolloutConfig(group_size=1, max_total_tokens=1 << 30)


@pytest.fixture(scope="module")
def tasks():
    return BfclSynthEnv().tasks(48, seed=0)


def test_registered_usable_from_a_config_and_seeded():
    assert "bfcl_synth" in list_envs()
    cfg = load_config(None, ["env.name=bfcl_synth", "env.options.backends=[MathAPI]"])
    env = build_env(cfg)
    some = env.tasks(5, seed=1)
    assert {t.metadata["source"] for t in some} == {"MathAPI"}
    assert some == get_env("bfcl_synth", backends="MathAPI").tasks(5, seed=1)
    assert some != env.tasks(5, seed=2)
    test = env.tasks(5, seed=1, split="test")
    assert not {t.id for t in some} & {t.id for t in test}
    assert {t.verification["question"][0][0]["content"] for t in some} != \
        {t.verification["question"][0][0]["content"] for t in test}
    assert {t.difficulty for t in env.tasks(6, difficulty=2)} == {2}
    with pytest.raises(ValueError, match="no task generator for \\['TravelAPI'\\]; known: "):
        BfclSynthEnv(backends=["TravelAPI"])
    with pytest.raises(ValueError, match="number of user turns, 1-3"):
        env.tasks(2, difficulty=4)


def test_every_backend_and_template_is_generated(tasks):
    assert collections.Counter(t.metadata["source"] for t in tasks) == {
        b: 12 for b in GENERATORS}
    called = {parse_call(c, signatures(t.verification["involved_classes"]))[0]
              for t in tasks for turn in t.verification["ground_truth"] for c in turn}
    assert called >= {"cd", "cat", "wc", "grep", "mkdir", "mv", "touch", "echo",
                      "create_ticket", "close_ticket", "resolve_ticket", "get_ticket",
                      "edit_ticket", "add", "percentage", "get_user_id", "send_message",
                      "search_messages", "view_messages_sent"}
    assert {t.difficulty for t in tasks} == {1, 2, 3}


def test_gold_is_valid_and_replays_identically(tasks):
    for t in tasks:
        ver = t.verification
        (backend,) = ver["involved_classes"]
        first = replay(backend, ver["initial_config"][backend], ver["ground_truth"])
        assert first == replay(backend, ver["initial_config"][backend], ver["ground_truth"])
        assert not any(failed(r) for results in first[0] for r in results)
    # hand-checked: one call of MathAPI and a failing one of the file system
    assert replay("MathAPI", {}, [["add(a=16, b=98)"]])[0] == [['{"result": 114}']]
    config = {"root": {"w": {"type": "directory", "contents": {}}}}
    ((result,),), _ = replay("GorillaFileSystem", config, [["cat(file_name='nope.txt')"]])
    assert failed(result) and "No such file" in result


def test_expert_passes_and_noisy_expert_does_not_always(tasks):
    env = BfclSynthEnv()
    assert [t.grade.score for t in RolloutRunner(env, env.expert(), RUN).run(tasks)] == \
        [1.0] * len(tasks)
    noisy = [t.grade.score for t in RolloutRunner(env, env.expert(noise=1.0), RUN).run(tasks)]
    assert sum(noisy) < 0.5 * len(tasks)
    task = next(t for t in tasks if t.difficulty == 3)
    skipped = [*script(task)[:-1], []]  # the last turn's calls left out
    assert not grade(task, play(env, task, skipped)).passed


def test_tool_variation_applies():
    env = BfclSynthEnv(tool_variation="train", backends=["TicketAPI", "MessageAPI"])
    varied = env.tasks(8, seed=3)
    names = {t.name for t in env.reset(varied[0]).tools}
    assert all(n.split("_")[0] in TRAIN.verbs for n in names)
    assert [t.grade.score for t in RolloutRunner(env, env.expert(), RUN).run(varied)] == [1.0] * 8


def test_near_duplicate_jaccard_hand_checked():
    assert shingles("A b, c d!") == {("a", "b", "c"), ("b", "c", "d")}
    index = QuestionIndex(["a b c d", "x y"])
    assert index.nearest("a b c e") == (1 / 3, "a b c d")
    assert index.nearest("x y") == (1.0, "x y")
    assert index.nearest("nothing alike here") == (0.0, "")
    assert near_duplicate("a b c d e", threshold=0.5, index=index)  # 2 of 3 trigrams
    assert not near_duplicate("a b c e f", threshold=0.5, index=index)


def test_synthesized_instructions_are_not_bfcl_questions(tasks):
    index = bfcl_questions()
    assert len(index.texts) > 4000
    question = next(t for t in index.texts if len(t.split()) > 12)
    edited = question.replace(question.split()[5], "zephyr", 1)  # one word changed
    assert near_duplicate(question) and near_duplicate(edited)
    scores = [index.nearest(turn[0]["content"])[0] for t in tasks
              for turn in t.verification["question"]]
    assert max(scores) < 0.5


REGISTRY = textwrap.dedent('''
    import random

    from veriloop.tools import tool

    @tool
    def population(city: str, year: int = 2024) -> str:
        """Population of a city.

        Args:
            city: the city
            year: the census year
        """
        if year > 40:
            raise ValueError("no census after year 40")
        return f"{city}: {len(city) * 1000 + year}"

    @tool
    def flip(coin: str) -> str:
        """Flip a coin (not reproducible).

        Args:
            coin: the coin
        """
        return f"{random.random()} {coin}"

    TOOLS = [population, flip]
''')


def test_registry_tasks_from_any_tool_registry(tmp_path):
    (tmp_path / "my_tools.py").write_text(REGISTRY)
    env = get_env("bfcl_synth", registry=f"{tmp_path / 'my_tools.py'}:TOOLS")
    tasks = env.tasks(12, seed=0)
    assert len(tasks) == 12
    gold = [c for t in tasks for c in script(t)[0]]
    assert {c.name for c in gold} == {"population"}  # flip is not reproducible: never used
    assert all(c.arguments.get("year", 0) <= 40 for c in gold)
    assert any("year" in c.arguments for c in gold)
    assert [t.grade.score for t in RolloutRunner(env, env.expert(), RUN).run(tasks)] == [1.0] * 12
    noisy = RolloutRunner(env, env.expert(noise=1.0), RUN).run(tasks)
    assert sum(t.grade.score for t in noisy) < 6
    task = next(t for t in tasks if t.metadata["category"] == "multiple_synth")
    (call,) = script(task)[0]
    assert call.arguments["city"] in task.prompt[-1].content


def test_registry_values_and_defaults():
    @tool
    def population(city: str, year: int = 2024) -> str:
        """Population of a city.

        Args:
            city: the city
            year: the census year
        """
        return city + str(year)

    tasks = registry_tasks(ToolRegistry([population]), 20, values={"city": ["Paris", "Lyon"]})
    cities = {c.arguments["city"] for t in tasks for c in script(t)[0]}
    assert cities == {"Paris", "Lyon"}
    years = [t.verification["ground_truth"][0]["population"]["year"] for t in tasks]
    assert ["", 2024] in years and any(len(y) == 1 and 1 <= y[0] <= 50 for y in years)
    omitted = next(t for t, y in zip(tasks, years, strict=True) if y == ["", 2024])
    city = omitted.verification["ground_truth"][0]["population"]["city"][0]
    env = BfclSynthEnv()
    for year, passes in ((None, True), (2024, True), (1999, False)):
        args = {"city": city} if year is None else {"city": city, "year": year}
        call = ToolCall(name="population", arguments=args)
        assert grade(omitted, play(env, omitted, [[call]])).passed == passes


def test_failing_or_near_duplicate_plans_are_dropped(monkeypatch):
    from veriloop.envs.bfcl import synth

    def plan(rng, n_turns):
        a = rng.randint(1, 9)
        if a % 3 == 0:  # a failing gold call: dropped
            return synth.Plan("MathAPI", {}, [(f"Divide {a} by zero.", [f"divide(a={a}, b=0)"])])
        return synth.Plan("MathAPI", {}, [(f"Add {a} and {a}.", [f"add(a={a}, b={a})"])])

    monkeypatch.setitem(synth.GENERATORS, "MathAPI", plan)
    made = synth.synth_tasks(30, backends=["MathAPI"])
    texts = [t.verification["question"][0][0]["content"] for t in made]
    assert len(made) == 30 and not any("Divide" in t for t in texts)
    assert {int(t.split()[1]) % 3 for t in texts} == {1, 2}
    monkeypatch.setattr(synth, "near_duplicate", lambda text: "Add 4 " in text)
    texts = [t.verification["question"][0][0]["content"]
             for t in synth.synth_tasks(30, backends=["MathAPI"])]
    assert not any(t.startswith("Add 4 ") for t in texts) and any("Add 5" in t for t in texts)


def test_toolbox_offer_and_irrelevant_tasks():
    """The shipped toolbox registry: `offer` tools listed per task (the called ones among
    them), a share of tasks asking for a tool not listed (the right move is an answer, no
    call), Literal parameters typed for BFCL's checker, train and test instructions disjoint,
    the expert passing all of them and a call on an irrelevance task failing."""
    from veriloop.envs.bfcl.toolbox import TOOLBOX

    env = get_env("bfcl_synth", registry="veriloop.envs.bfcl.toolbox:TOOLBOX", offer=3,
                  irrelevant=0.25)
    train, test = env.tasks(60, seed=3), env.tasks(30, seed=3, split="test")
    assert len(train) == 60 and len(test) == 30
    cats = collections.Counter(t.metadata["category"] for t in train)
    assert set(cats) == {"multiple_synth", "parallel_multiple_synth", "irrelevance_synth"}
    assert 5 <= cats["irrelevance_synth"] <= 25  # 25% of 60, give or take the draw
    for t in train:
        offered = {f["name"] for f in t.verification["functions"]}
        assert len(offered) == 3 and offered <= set(TOOLBOX.names)
        called = {name for answer in t.verification["ground_truth"] for name in answer}
        assert called <= offered
        assert (t.metadata["category"] == "irrelevance_synth") == (not called)
    literal = next(f for t in train for f in t.verification["functions"]
                   if f["name"] == "convert_length")
    assert literal["parameters"]["properties"]["from_unit"]["type"] == "string"
    assert not {t.prompt[-1].content for t in train} & {t.prompt[-1].content for t in test}
    every = [*train, *test]
    assert [t.grade.score for t in RolloutRunner(env, env.expert(), RUN).run(every)] == \
        [1.0] * len(every)
    irrelevant = next(t for t in train if t.metadata["category"] == "irrelevance_synth")
    doc = irrelevant.verification["functions"][0]
    call = ToolCall(name=doc["name"], arguments={})
    assert not grade(irrelevant, play(env, irrelevant, [[call]])).passed
    with pytest.raises(ValueError, match="offer must be between 1 and"):
        get_env("bfcl_synth", registry="veriloop.envs.bfcl.toolbox:TOOLBOX", offer=99).tasks(2)
    with pytest.raises(ValueError, match="apply to registry tasks"):
        get_env("bfcl_synth", offer=3)
