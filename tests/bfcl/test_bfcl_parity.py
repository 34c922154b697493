"""Grader parity: the ground truth scores 1 everywhere, and on perturbed calls veriloop's
verdict equals bfcl_eval's own checkers'.

bfcl_eval's `ast_checker` imports `bfcl_eval.constants.model_config`, which imports every
provider SDK (anthropic, openai, ...) that we do not install; it reads that module only for
`MODEL_CONFIG_MAPPING[model].underscore_to_dot` (whether a provider needs dots in function
names turned into underscores). The fixture puts a stub of that one module in `sys.modules`
while it imports the checker (no provider renames names), then takes the stub out again; the
checker's code runs unchanged. `multi_turn_checker` imports without provider SDKs.

Known disagreements, left out of the perturbations here and tested on their own below: an
undecodable response to an irrelevance task (BFCL: correct, no call; veriloop: not passed,
irrelevance needs an `<answer>`), and a call of a name no backend defines (BFCL: a call with
an error result; veriloop: a format error, not a call).
"""

from __future__ import annotations

import importlib
import itertools
import random
import sys
import types
from collections import defaultdict
from typing import Any

import pytest

pytest.importorskip("bfcl_eval")

from bfcl_play import grade, play, sample

from veriloop.envs.bfcl import MULTI_TURN, BfclEnv
from veriloop.envs.bfcl.backends import call_text
from veriloop.envs.bfcl.expert import PERTURBATIONS, perturb, script
from veriloop.types import Message, ToolCall

MODEL_CONFIG = "bfcl_eval.constants.model_config"
AST_CHECKER = "bfcl_eval.eval_checker.ast_eval.ast_checker"


@pytest.fixture(scope="module")
def env() -> BfclEnv:
    return BfclEnv()


@pytest.fixture(scope="module")
def tasks(env: BfclEnv) -> list:
    return env.tasks(None, split="all")


@pytest.fixture(scope="module")
def bfcl_ast() -> Any:
    """bfcl_eval's ast_checker module, imported with the provider-config module stubbed."""
    saved = {k: sys.modules.pop(k) for k in (MODEL_CONFIG, AST_CHECKER) if k in sys.modules}
    stub = types.ModuleType(MODEL_CONFIG)
    stub.MODEL_CONFIG_MAPPING = defaultdict(lambda: types.SimpleNamespace(underscore_to_dot=False))
    sys.modules[MODEL_CONFIG] = stub
    try:
        checker = importlib.import_module(AST_CHECKER)
    finally:
        sys.modules.pop(MODEL_CONFIG, None)
        sys.modules.pop(AST_CHECKER, None)
        sys.modules.update(saved)
    return checker


@pytest.fixture(scope="module")
def bfcl_multi_turn() -> Any:
    return importlib.import_module(
        "bfcl_eval.eval_checker.multi_turn_eval.multi_turn_checker")


_names = itertools.count()


def bfcl_verdict(task, turns: list[list[ToolCall]], bfcl_ast, bfcl_multi_turn) -> bool:
    """bfcl_eval's verdict on the calls (one step per turn, as BFCL's decoded results)."""
    category, ver = task.metadata["category"], task.verification
    if category == "irrelevance":
        return not any(turns)
    if category in MULTI_TURN:
        decoded = [[[call_text(c.name, c.arguments) for c in t]] if t else [] for t in turns]
        entry = {"id": task.id, "initial_config": ver["initial_config"],
                 "involved_classes": ver["involved_classes"]}
        # the checker caches backends by model name and id: a fresh name per verdict
        result = bfcl_multi_turn.multi_turn_checker(decoded, ver["ground_truth"], entry,
                                                    category, f"parity{next(_names)}")
        return result["valid"]
    from bfcl_eval.constants.enums import Language

    output = [{c.name: dict(c.arguments)} for c in turns[0]]
    return bfcl_ast.ast_checker(ver["functions"], output, ver["ground_truth"],
                                Language.PYTHON, category, "parity")["valid"]


def test_ground_truth_scores_one_on_every_task(env, tasks):
    """All 2,040 tasks (a few seconds: episodes and grader only, no runner)."""
    # BFCL v4: simple_python 400; multiple, parallel, parallel_multiple 200 each;
    # irrelevance 240; four multi-turn categories of 200
    assert len(tasks) == 400 + 3 * 200 + 240 + 4 * 200
    failed = [(t.id, g.explanation) for t in tasks
              if (g := grade(t, play(env, t, script(t)))).score != 1.0]
    assert not failed


def test_ground_truth_is_valid_for_bfcl_too(tasks, bfcl_ast, bfcl_multi_turn):
    for task in sample(tasks, 3):
        assert bfcl_verdict(task, script(task), bfcl_ast, bfcl_multi_turn), task.id


def _disagreements(env, tasks, bfcl_ast, bfcl_multi_turn) -> tuple[list, set, dict]:
    per_category: dict[str, int] = defaultdict(int)
    disagree, verdicts = [], set()
    for task in tasks:
        for kind in PERTURBATIONS:
            rng = random.Random(f"{task.id}:{kind}")
            turns = perturb(script(task), kind, rng, task.verification["functions"])
            mine = grade(task, play(env, task, turns)).passed
            theirs = bfcl_verdict(task, turns, bfcl_ast, bfcl_multi_turn)
            verdicts.add(mine)
            per_category[task.metadata["category"]] += 1
            if mine != theirs:
                disagree.append((task.id, kind, mine, theirs))
    return disagree, verdicts, per_category


def test_perturbed_calls_get_bfcl_verdict(env, tasks, bfcl_ast, bfcl_multi_turn):
    disagree, verdicts, per_category = _disagreements(env, sample(tasks, 6), bfcl_ast,
                                                      bfcl_multi_turn)
    assert not disagree
    assert verdicts == {True, False}  # some perturbations are harmless: both checkers agree
    assert set(per_category) == set(env.categories)


@pytest.mark.slow
def test_perturbed_calls_get_bfcl_verdict_on_every_task(env, tasks, bfcl_ast, bfcl_multi_turn):
    disagree, _, _ = _disagreements(env, tasks, bfcl_ast, bfcl_multi_turn)
    assert not disagree


def test_type_and_normalisation_cases_match_bfcl(env, tasks, bfcl_ast, bfcl_multi_turn):
    """Hand-made single calls: int for float, float for int, string normalisation, bool."""
    task = next(t for t in tasks if t.id == "simple_python_0")  # base, height: int; unit: str
    cases = [{"base": 10, "height": 5}, {"base": 10.0, "height": 5},
             {"base": 10, "height": 5, "unit": "UNITS"}, {"base": 10, "height": 5, "unit": "u n"},
             {"base": "10", "height": 5}, {"base": True, "height": 5}, {"base": [10], "height": 5}]
    for args in cases:
        turns = [[ToolCall(name="calculate_triangle_area", arguments=args)]]
        assert grade(task, play(env, task, turns)).passed == \
            bfcl_verdict(task, turns, bfcl_ast, bfcl_multi_turn), args
    floats = next(t for t in tasks if t.id == "parallel_multiple_1")  # float parameters
    turns = script(floats)
    ints = [[c.model_copy(update={"arguments": {k: int(v) if isinstance(v, float) else v
                                                for k, v in c.arguments.items()}})
             for c in turns[0]]]
    assert grade(floats, play(env, floats, ints)).passed
    assert bfcl_verdict(floats, ints, bfcl_ast, bfcl_multi_turn)


def test_known_disagreement_undecodable_irrelevance_response(env, tasks):
    task = next(t for t in tasks if t.metadata["category"] == "irrelevance")
    episode = env.reset(task)
    episode.step(Message(role="assistant", content="I cannot help with that."))  # no answer tag
    assert not grade(task, episode.state).passed  # BFCL would count it correct
