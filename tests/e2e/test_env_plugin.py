"""Environments as plugins (issue 44, deliverable 5): a third-party environment in a package of
its own, INSTALLED with pip (not a file on the path, not registered in code), is found through
the `veriloop.environments` entry-point group the same way the built-in worlds are: `veriloop
envs` lists it and `veriloop train <recipe> env.name=toy` trains on it.

The package is built and installed offline (`--no-build-isolation` uses the setuptools already
in this environment) into a target directory that only the subprocesses see on PYTHONPATH, so
the test process and other tests never see the plugin."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

from veriloop.data.store import TrajectoryStore

CONFIGS = Path(__file__).resolve().parents[2] / "configs"

PYPROJECT = """\
[build-system]
requires = ["setuptools>=61"]
build-backend = "setuptools.build_meta"

[project]
name = "toy-env"
version = "0.1"

[tool.setuptools]
py-modules = ["toy_env"]

[project.entry-points."veriloop.environments"]
toy = "toy_env:ToyEnv"
"""

# written against veriloop's public names only, as a plugin author would
TOY_ENV = '''
"""A toy world: repeat the number you are given."""
from veriloop.envs import ScriptedExpert, ToolEpisode
from veriloop.tools import ToolRegistry
from veriloop.types import Grade, Message, Task


class ToyEnv:
    """Repeat the number in the prompt as <answer>N</answer> (a plugin package's world)."""

    name, max_turns = "toy", 2

    def tasks(self, n, *, seed=0, split="train", difficulty=None):
        start = 0 if split == "train" else 1000
        return [Task(id=f"toy-{split}-{seed}-{i}", env=self.name,
                     prompt=(Message(role="user", content=f"Repeat {start + i}."),),
                     verification={"answer": str(start + i)}) for i in range(n)]

    def reset(self, task):
        return ToolEpisode(task, ToolRegistry([]))

    def grader(self):
        def grade(task, trajectory, state):
            ok = (state.final_answer or "").strip() == task.verification["answer"]
            return Grade(score=float(ok), passed=ok)
        return grade

    def expert(self, noise=0.0, seed=0):
        return ScriptedExpert(lambda task, messages:
                              f"<answer>{task.verification['answer']}</answer>")
'''


@pytest.fixture(scope="module")
def site(tmp_path_factory) -> Path:
    """The toy plugin package, pip-installed into a directory of its own."""
    root = tmp_path_factory.mktemp("plugin")
    pkg = root / "toy-env"
    pkg.mkdir()
    (pkg / "pyproject.toml").write_text(PYPROJECT)
    (pkg / "toy_env.py").write_text(TOY_ENV)
    target = root / "site"
    proc = subprocess.run(
        [sys.executable, "-m", "pip", "install", "--no-deps", "--no-build-isolation",
         "--no-index", "--quiet", "--target", str(target), str(pkg)],
        capture_output=True, text=True, timeout=300, check=False, cwd=root)
    assert proc.returncode == 0, proc.stdout[-2000:] + proc.stderr[-2000:]
    entry_points = next(target.glob("toy_env-0.1.dist-info")) / "entry_points.txt"
    assert "[veriloop.environments]" in entry_points.read_text()  # pip wrote the metadata
    return target


def veriloop(site: Path, cwd: Path, *args: str) -> subprocess.CompletedProcess[str]:
    env = {**os.environ, "PYTHONPATH": os.pathsep.join(
        [str(site), *filter(None, [os.environ.get("PYTHONPATH")])])}
    return subprocess.run([sys.executable, "-m", "veriloop.cli", *args], capture_output=True,
                          text=True, timeout=600, cwd=cwd, env=env, check=False)


def test_the_installed_plugin_is_listed_beside_the_built_in_worlds(site, tmp_path):
    proc = veriloop(site, tmp_path, "envs", "--json")
    assert proc.returncode == 0, proc.stderr[-3000:]
    rows = {r["name"]: r["description"] for r in json.loads(proc.stdout)}
    assert rows["toy"] == ("Repeat the number in the prompt as <answer>N</answer> "
                           "(a plugin package's world).")
    assert {"arithmetic", "bfcl", "code", "math", "repo", "research", "workspace"} <= set(rows)


def test_the_plugin_is_not_visible_without_its_package(tmp_path):
    proc = subprocess.run([sys.executable, "-m", "veriloop.cli", "envs", "--json"],
                          capture_output=True, text=True, timeout=600, cwd=tmp_path, check=False)
    assert proc.returncode == 0, proc.stderr[-3000:]
    assert "toy" not in {r["name"] for r in json.loads(proc.stdout)}


def test_veriloop_train_trains_on_the_plugin_by_its_entry_point_name(site, tmp_path):
    """One GRPO step of the tiny model on env.name=toy: its episodes come from the plugin's
    tasks, graded by the plugin's grader, and the held-out evaluation runs on its test split."""
    proc = veriloop(site, tmp_path, "train", str(CONFIGS / "grpo.yaml"), "env.name=toy",
                    "model.size=xs", "train.threads=1", "train.steps=1",
                    "rollout.prompts_per_step=2", "rollout.group_size=2",
                    "rollout.max_new_tokens=4", "rollout.max_total_tokens=1024",
                    "env.train_tasks=4", "env.eval_tasks=2", "optim.minibatch_size=4",
                    "optim.micro_batch_size=4", "--run-dir", "rl")
    assert proc.returncode == 0, proc.stderr[-3000:]
    with TrajectoryStore(tmp_path / "rl" / "trajectories.sqlite") as store:
        trajs = store.query()
    assert len(trajs) == 4  # 2 prompts x 2 samples, one step
    assert all(t.task_id.startswith("toy-train-") for t in trajs)  # the plugin's tasks
    assert all(t.grade is not None and t.grade.score in (0.0, 1.0) for t in trajs)
    rows = [json.loads(x) for x in (tmp_path / "rl" / "metrics.jsonl").read_text().splitlines()]
    assert sum("eval/turns" in r for r in rows) == 2  # held-out before and after the step
