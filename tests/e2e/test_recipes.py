"""Recipes ship with the package (issue 44, deliverable 9): `veriloop train grpo` reads the shipped
recipe from any directory, `veriloop configs list` shows every recipe with its header's first
line, an unknown name or a missing path is one error line with the close recipe, and an installed
(not editable) veriloop carries the recipes in its package."""

import json
import os
import shutil
import subprocess
import sys
from pathlib import Path

import yaml
from cli_run import one_error_line, veriloop, veriloop_here

ROOT = Path(__file__).resolve().parents[2]
SHIPPED = ROOT / "veriloop" / "configs"


def shipped() -> dict[str, str]:
    """Every YAML under veriloop/configs by name, with its first comment line (read here
    directly, the second way of computing what the command lists)."""
    out = {}
    for path in SHIPPED.rglob("*.yaml"):
        first = path.read_text().splitlines()[0]
        out[path.relative_to(SHIPPED).with_suffix("").as_posix()] = \
            first.removeprefix("#").strip() if first.startswith("#") else ""
    return out


def test_the_repository_configs_path_is_the_shipped_recipes():
    assert (ROOT / "configs").resolve() == SHIPPED.resolve()
    assert (ROOT / "configs" / "grpo.yaml").read_text() == (SHIPPED / "grpo.yaml").read_text()


def test_configs_list_shows_every_recipe_and_its_first_header_line(tmp_path):
    expected = shipped()
    assert {"grpo", "sft", "quickstart", "graders/arithmetic_judged"} <= set(expected)
    listed = json.loads(veriloop_here(tmp_path, "configs", "list", "--json").stdout)
    assert {r["name"]: r["summary"] for r in listed} == expected
    assert all(Path(r["path"]).is_file() and r["header"].startswith(r["summary"])
               for r in listed)
    text = veriloop_here(tmp_path, "configs", "list").stdout.splitlines()
    assert len(text) == len(expected)
    for line, name in zip(text, sorted(expected), strict=True):
        assert line.split()[0] == name and line.endswith(expected[name])
    assert "GRPO (DeepSeekMath)" in "\n".join(text)


def test_train_a_recipe_by_name_from_another_directory(tmp_path):
    proc = veriloop(tmp_path, "train", "grpo", "model.size=xs", "train.threads=1",
                    "train.steps=1", "rollout.prompts_per_step=2", "rollout.group_size=2",
                    "rollout.max_new_tokens=8", "env.train_tasks=4", "env.eval_tasks=2",
                    "optim.minibatch_size=4", "optim.micro_batch_size=4", "--run-dir", "rl")
    assert proc.returncode == 0, proc.stderr[-3000:]
    saved = yaml.safe_load((tmp_path / "rl" / "config.yaml").read_text())
    recipe = yaml.safe_load((SHIPPED / "grpo.yaml").read_text())
    # the recipe's own settings, not the defaults: its KL and estimator, and the overrides
    assert saved["algorithm"]["kl_estimator"] == recipe["algorithm"]["kl_estimator"] == "k3"
    assert saved["algorithm"]["kl_coef"] == recipe["algorithm"]["kl_coef"] == 0.01
    assert saved["rollout"]["group_size"] == 2 and saved["train"]["steps"] == 1
    rows = [json.loads(x) for x in (tmp_path / "rl" / "metrics.jsonl").read_text().splitlines()]
    assert any(r.get("step") == 1 for r in rows)


def test_config_prints_the_same_for_a_recipe_name_and_its_path(tmp_path):
    by_name = veriloop_here(tmp_path, "config", "dapo")
    by_path = veriloop_here(tmp_path, "config", SHIPPED / "dapo.yaml")
    assert by_name.returncode == 0, by_name.stderr
    assert by_name.stdout == by_path.stdout and "eps_high: 0.28" in by_name.stdout


def test_an_unknown_recipe_or_a_missing_path_is_one_line_with_the_close_name(tmp_path):
    line = one_error_line(veriloop_here(tmp_path, "train", "grpoo"))
    assert "recipe 'grpoo' is not registered; did you mean 'grpo'?" in line
    assert "known: bfcl_gemma3, bfcl_smollm2, bfcl_synth_sft_grpo," in line
    assert "or give the path of a YAML file" in line
    line = one_error_line(veriloop_here(tmp_path, "train", "configs/dapoo.yaml"))
    assert "config configs/dapoo.yaml does not exist (did you mean the recipe 'dapo'?)" in line
    assert not (tmp_path / "runs").exists()


def test_an_installed_veriloop_carries_its_recipes(tmp_path):
    """`pip install .` (not editable) into a target: the recipes are package data there."""
    src = tmp_path / "src"
    shutil.copytree(ROOT / "veriloop", src / "veriloop",
                    ignore=shutil.ignore_patterns("__pycache__"))
    for name in ("pyproject.toml", "README.md"):
        shutil.copy(ROOT / name, src / name)
    site = tmp_path / "site"
    pip = subprocess.run([sys.executable, "-m", "pip", "install", "--no-deps",
                          "--no-build-isolation", "-q", "--target", str(site), str(src)],
                         capture_output=True, text=True, timeout=600, check=False)
    assert pip.returncode == 0, pip.stderr[-3000:]
    installed = {p.relative_to(site / "veriloop" / "configs").with_suffix("").as_posix()
                 for p in (site / "veriloop" / "configs").rglob("*.yaml")}
    assert installed == set(shipped())
    found = subprocess.run(
        [sys.executable, "-c",
         "from veriloop.recipes import config_path; print(config_path('grpo'))"],
        cwd=tmp_path, env={**os.environ, "PYTHONPATH": str(site)}, capture_output=True,
        text=True, timeout=120, check=False)
    assert found.returncode == 0, found.stderr
    assert Path(found.stdout.strip()) == site / "veriloop" / "configs" / "grpo.yaml"
