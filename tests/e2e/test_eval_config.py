"""`veriloop eval CONFIG`: a training config's environment, options, step budget, grader and
held-out split, on every shipped recipe; `--run RUN` evaluates the model a run trained."""

from __future__ import annotations

import json
import shutil

import pytest
from cli_run import one_error_line, veriloop, veriloop_here
from typer.testing import CliRunner

from veriloop.cli import app
from veriloop.eval.task_results import RESULTS_FILE, read_task_results
from veriloop.recipes import RECIPES_DIR, list_recipes
from veriloop.run.build import build_env, heldout_tasks
from veriloop.run.config import load_config
from veriloop.trainers.config import save_config

RECIPES = list_recipes()


def _eval(*args: object) -> dict:
    """`veriloop eval ARGS --json` in this process (no interpreter start per recipe)."""
    res = CliRunner().invoke(app, ["eval", *map(str, args), "--json"])
    assert res.exit_code == 0, (res.output[-2000:], res.exception)
    return json.loads(res.stdout.strip().splitlines()[-1])


def test_every_shipped_recipe_is_found():
    shipped = sorted(p.relative_to(RECIPES_DIR).with_suffix("").as_posix()
                     for p in RECIPES_DIR.rglob("*.yaml"))
    assert sorted(r.name for r in RECIPES) == shipped and len(shipped) >= 19


@pytest.mark.parametrize("recipe", RECIPES, ids=[r.name for r in RECIPES])
def test_eval_runs_every_shipped_config_on_its_heldout_split(tmp_path, recipe):
    cfg = load_config(recipe.path)
    summary = _eval(recipe.path, "--policy", "expert", "--tasks", 2, "--out", tmp_path)
    assert summary["env"] == cfg.env.name and summary["config"] == str(recipe.path)
    assert summary["split"] == "test" and summary["trajectories"] == 2
    assert summary["infra_errors"] == 0
    assert summary["success_rate"] == 1.0  # the scripted expert solves them, by its grader
    # the tasks are the ones training evaluates on: env.task_seed, env.difficulty, test split
    want = [t.id for t in heldout_tasks(cfg, build_env(cfg), 2)]
    assert [r.task_id for r in read_task_results(tmp_path / RESULTS_FILE)] == want


def test_a_configs_step_budget_and_env_options_reach_the_evaluation(tmp_path):
    # the arithmetic expert needs 2 turns (compute, then answer): a budget of 1 stops it
    path = tmp_path / "one_turn.yaml"
    path.write_text("env: {name: arithmetic, max_turns: 1, eval_tasks: 3, "
                    "options: {max_output_chars: 150}}\n")
    cut = _eval(path, "--policy", "expert", "--out", tmp_path / "cut")
    assert cut["trajectories"] == 3 and cut["mean_turns"] == 1.0 and cut["success_rate"] == 0.0
    assert cut["fault_counts"].get("step_budget") == 3
    # --max-turns lays a budget over the config's; env.eval_tasks sets the count (3 above)
    full = _eval(path, "--policy", "expert", "--max-turns", 2, "--out", tmp_path / "full")
    assert full["mean_turns"] == 2.0 and full["success_rate"] == 1.0
    # dotted overrides change the config as `veriloop train` does
    more = _eval(path, "env.eval_tasks=5", "env.max_turns=2", "--policy", "expert", "--out",
                 tmp_path / "more")
    assert more["trajectories"] == 5 and more["success_rate"] == 1.0


def test_run_evaluates_the_model_that_run_trained(tmp_path):
    from veriloop.run.tiny import ensure_tiny

    run = tmp_path / "run"
    run.mkdir()
    save_config(load_config(RECIPES_DIR / "grpo.yaml", ["model.size=xs"]), run / "config.yaml")
    res = CliRunner().invoke(app, ["eval", "--run", str(run), "--tasks", "2"])
    assert res.exit_code == 2 and "holds no trained model" in res.output  # not finished yet
    shutil.copytree(ensure_tiny("xs"), run / "final")
    summary = _eval("--run", run, "--tasks", 2, "--out", tmp_path / "ev")
    assert summary["policy_kind"] == "model" and summary["policy"] == "run"  # run/final
    assert summary["config"] == str(run / "config.yaml") and summary["trajectories"] == 2


def test_config_mistakes_are_one_line_errors(tmp_path):
    grpo = RECIPES_DIR / "grpo.yaml"
    # the first through the real `veriloop` process; the others through the same app and error
    # handler in this process (an interpreter start and its imports cost ~4 s of CPU each)
    line = one_error_line(veriloop(tmp_path, "eval", grpo, "--env", "code", "--policy", "expert"))
    assert "--env does not apply" in line
    line = one_error_line(veriloop_here(tmp_path, "eval", grpo, "--config", grpo))
    assert "give the config once" in line
    line = one_error_line(veriloop_here(tmp_path, "eval", "--run", tmp_path, "--policy",
                                        "expert"))
    assert "not a run directory" in line
    line = one_error_line(veriloop_here(tmp_path, "eval", "no_such_recipe", "--policy", "expert"))
    assert "no_such_recipe" in line
    line = one_error_line(veriloop_here(tmp_path, "eval", grpo, "env.options.bogus=1",
                                        "--policy", "expert"))
    assert "does not take the options ['bogus']" in line
