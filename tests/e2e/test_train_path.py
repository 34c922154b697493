"""Issue 44: the path from `veriloop train` to `optimizer.step()` reads at most 10 files.

`benchmarks/train_path.py` counts them mechanically: one tiny `veriloop train grpo` step in a
fresh process under `sys.setprofile`, the union of the veriloop call stacks at each stage of
`RLTrainer.step` (the policy's generate, the grader, the reward shaping, the configured
estimator and policy loss, backward, the optimizer step), each cut where a component the
trainer is handed (policy, environment, grader, model) begins. Its docstring states the rule.
Both recipes' paths are the same ten files (docs/training.md lists them); PPO's value head
lives with its estimators in algorithms/advantages.py.
"""

from __future__ import annotations

import importlib.util
import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
SCRIPT = ROOT / "benchmarks" / "train_path.py"


@pytest.mark.parametrize("recipe", ["grpo", "ppo"])  # group baselines; a critic (value head)
def test_the_path_from_veriloop_train_to_the_optimizer_step_reads_at_most_ten_files(tmp_path,
                                                                                    recipe):
    proc = subprocess.run([sys.executable, str(SCRIPT), "--recipe", recipe, "--max-files", "10"],
                          cwd=tmp_path, check=False,
                          capture_output=True, text=True, timeout=900,
                          env={**os.environ, "PYTHONPATH": str(ROOT)})
    assert proc.stdout.strip(), proc.stderr[-3000:]
    result = json.loads(proc.stdout.strip().splitlines()[-1])
    stacks = [line for line in proc.stdout.splitlines() if ": cli/" in line]
    # every stage was reached, each from the console script's entry (a helper thread's stack
    # continues the one that handed it work, so the grader's starts there too)
    assert result["stages_reached"] == ["rollout", "grade", "reward", "advantages", "loss",
                                        "backward", "optimizer.step"], proc.stdout[-3000:]
    assert all(line.split(": ", 1)[1].startswith("cli/__init__.py:__call__ > cli/train.py")
               for line in stacks), stacks
    assert {line.split(":", 1)[0] for line in stacks} == set(result["stages_reached"])
    files = result["files"]
    assert files[:4] == ["cli/__init__.py", "cli/train.py", "run/train.py", "trainers/rl.py"]
    assert not [f for f in files if f.startswith(("envs/", "policies/", "graders/", "models/"))]
    assert result["count"] == len(files) <= 10, files
    assert proc.returncode == 0 and result["ok"], proc.stdout[-3000:]


def test_each_stack_counts_up_to_the_first_component_frame():
    """The counting rule on hand-made stacks: files in first-seen order, a stack cut at the
    first policies/, envs/, graders/ or models/ frame (what that component calls back into is
    the component's business), each file once."""
    spec = importlib.util.spec_from_file_location("train_path", SCRIPT)
    assert spec is not None and spec.loader is not None
    train_path = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(train_path)
    stacks: dict[str, set] = {stage: set() for stage in train_path.STAGES}
    stacks["rollout"].add((("cli/__init__.py", "__call__"), ("trainers/rl.py", "step"),
                           ("policies/hf.py", "generate"), ("rollout/runner.py", "run")))
    stacks["loss"].add((("cli/__init__.py", "__call__"), ("trainers/rl.py", "loss"),
                        ("algorithms/policy_losses.py", "clip_loss")))
    stacks["optimizer.step"].add((("cli/__init__.py", "__call__"), ("trainers/rl.py", "update")))
    assert train_path.path_files(stacks) == ["cli/__init__.py", "trainers/rl.py",
                                             "algorithms/policy_losses.py"]
