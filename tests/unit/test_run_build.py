"""veriloop.run: the one grader choice, the builders' one-line errors, and the one held-out
evaluation giving the same numbers through the SFT path (run.heldout) and RLTrainer.evaluate."""

from __future__ import annotations

import pytest

from veriloop.errors import UserError
from veriloop.run.build import build_env, build_grader, heldout_tasks, make_env
from veriloop.run.config import load_config
from veriloop.run.heldout import heldout_components
from veriloop.types import Task


def test_the_grader_is_the_environments_own_unless_the_config_names_one():
    cfg = load_config(None, ["env.name=arithmetic"])
    env = build_env(cfg)
    # arithmetic's own grader compares numbers; env.grader() builds a fresh one each call
    assert build_grader(cfg, env).__qualname__ == "numeric_grader.<locals>.grade"
    named = load_config(None, ["env.name=arithmetic", "grader.name=exact_match"])
    assert build_grader(named, env).__qualname__ == "exact_match.<locals>.grade"


def test_an_unknown_grader_or_environment_is_one_user_error():
    cfg = load_config(None, ["grader.name=exact_matc"])
    with pytest.raises(UserError, match="exact_match"):  # did you mean
        build_grader(cfg, build_env(load_config(None)))
    with pytest.raises(UserError, match="arithmetic"):  # lists the known names
        make_env("arithmetc")
    with pytest.raises(UserError, match="does not take the options"):
        make_env("arithmetic", {"bogus": 1})


def test_heldout_components_are_the_tasks_training_evaluates_on():
    cfg = load_config(None, ["env.eval_tasks=4", "env.task_seed=7", "env.max_turns=3"])
    built = heldout_components(cfg)
    assert built.env.max_turns == 3
    assert [t.id for t in built.tasks] == [t.id for t in heldout_tasks(cfg, build_env(cfg))]
    assert [t.id for t in built.tasks] == [
        t.id for t in make_env("arithmetic").tasks(4, seed=7, split="test")]
    assert all(isinstance(t, Task) for t in built.tasks)
    assert [t.id for t in heldout_components(cfg, n=2, max_turns=1).tasks] == \
        [t.id for t in built.tasks[:2]]
    assert heldout_components(cfg, max_turns=1).env.max_turns == 1
