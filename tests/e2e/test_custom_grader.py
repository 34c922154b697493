"""Issue 10 points 9 and 6: the custom reward function of docs/custom-reward.md runs from YAML
through the CLI; `veriloop train` evaluates held-out tasks before, every `train.eval_every`
steps and after training (metrics.jsonl, TensorBoard, report.html); `Grade.flags` become rates
in the trainer's and the evaluator's metrics; graders from the `veriloop.graders` entry-point
group."""

import json
import re
import subprocess
import sys
from pathlib import Path

import pytest
import torch

from veriloop.envs import expert_for, get_env
from veriloop.eval.metrics import summarize
from veriloop.graders.base import get_grader, list_graders
from veriloop.rollout.runner import RolloutConfig, RolloutRunner
from veriloop.trainers.metrics import eval_metrics, rollout_metrics
from veriloop.types import Grade

ROOT = Path(__file__).resolve().parents[2]
TINY = ["model.size=xs", "train.threads=1", "rollout.prompts_per_step=2", "rollout.group_size=2",
        "rollout.max_new_tokens=12", "rollout.max_total_tokens=320", "env.max_turns=2",
        "env.train_tasks=4", "env.eval_tasks=3", "optim.minibatch_size=4",
        "optim.micro_batch_size=4"]


def readme_blocks() -> tuple[str, str]:
    text = (ROOT / "docs" / "custom-reward.md").read_text()  # moved there from the README
    section = text[text.index("## A custom reward function from YAML"):]
    python = re.search(r"```python\n(.*?)```", section, re.DOTALL).group(1)
    yaml = re.search(r"```yaml\n(.*?)```", section, re.DOTALL).group(1)
    return python, yaml


def test_readme_reward_function_trains_with_heldout_eval_logged_everywhere(tmp_path):
    python, yaml = readme_blocks()
    (tmp_path / "my_rewards.py").write_text(python)
    (tmp_path / "my_grpo.yaml").write_text(yaml)
    proc = subprocess.run([sys.executable, "-m", "veriloop.cli", "train", "my_grpo.yaml", *TINY,
                           "train.steps=3", "train.eval_every=2", "--run-dir", "run"],
                          cwd=tmp_path, capture_output=True, text=True, timeout=600, check=False)
    assert proc.returncode == 0, proc.stderr[-3000:]
    run = tmp_path / "run"
    assert "my_rewards.py:exact_and_direct" in (run / "config.yaml").read_text()
    rows = [json.loads(x) for x in (run / "metrics.jsonl").read_text().splitlines()]
    # before (step 0), every eval_every=2 steps, and after the last step (3)
    assert [r["step"] for r in rows if "eval/pass@1" in r] == [0, 2, 3]
    assert [r["step"] for r in rows if "loss" in r] == [1, 2, 3]
    for r in rows:
        if "eval/pass@1" in r:
            assert r["eval/tasks"] == 3 and 0 <= r["eval/pass@1"] <= 1
            assert set(r) >= {"eval/score", "eval/success_rate", "eval/format_violation_rate"}
    # the untrained xs model never makes a well-formed tool call: the function's flag is raised
    # in every rollout, so its rate is exactly 1 in training and in evaluation
    assert all(r["flags/no_tool_call"] == 1.0 for r in rows if "loss" in r)
    assert all(r["eval/flags/no_tool_call"] == 1.0 for r in rows if "eval/pass@1" in r)

    from tensorboard.backend.event_processing.event_accumulator import EventAccumulator

    tb = EventAccumulator(str(run / "tb"))
    tb.Reload()
    assert [e.step for e in tb.Scalars("eval/pass@1")] == [0, 2, 3]
    assert [e.step for e in tb.Scalars("flags/no_tool_call")] == [1, 2, 3]
    report = (run / "report.html").read_text()
    start = report.index("<h2>Held-out evaluation</h2>")
    table = report[start:report.index("<h2>", start + 4)]
    assert "flags/no_tool_call" in table
    assert [int(s) for s in re.findall(r"<tr><td class='num'>(\d+)</td>", table)] == [0, 2, 3]


def _expert_trajectories(n):
    env = get_env("arithmetic")
    runner = RolloutRunner(env, expert_for(env, noise=0.0, seed=0), RolloutConfig())
    return runner.run(env.tasks(n, seed=0, split="test"))


def test_flags_are_rates_in_training_and_evaluation_metrics():
    trajs = _expert_trajectories(4)
    flags = [("hack",), ("hack", "slow", "hack"), (), ("slow",)]
    trajs = [t.model_copy(update={"grade": Grade(score=1.0, passed=True, flags=f)})
             for t, f in zip(trajs, flags, strict=True)]
    m = rollout_metrics(trajs, lambda ts: torch.ones(len(ts)))
    # hand-counted: "hack" in episodes 1 and 2 (twice in 2 counts once), "slow" in 2 and 4
    assert m["flags/hack"] == 0.5 and m["flags/slow"] == 0.5
    assert not any(k.startswith("flags/") for k in rollout_metrics(
        [t.model_copy(update={"grade": Grade(score=1.0)}) for t in trajs],
        lambda ts: torch.ones(len(ts))))
    summary = summarize(trajs[:3]).to_dict()
    assert summary["flag_rates"] == {"hack": 2 / 3, "slow": 1 / 3}
    assert eval_metrics(summary)["eval/flags/hack"] == 2 / 3


def test_module_function_grader_with_options(tmp_path):
    python, _ = readme_blocks()
    (tmp_path / "my_rewards.py").write_text(python)
    trajs = _expert_trajectories(2)
    env = get_env("arithmetic")
    tasks = env.tasks(2, seed=0, split="test")
    fast = get_grader(f"{tmp_path}/my_rewards.py:exact_and_direct")
    slow = get_grader(f"{tmp_path}/my_rewards.py:exact_and_direct", slow_turns=0,
                      slow_score=0.25)
    for task, traj in zip(tasks, trajs, strict=True):
        # the expert calls the calculator, then answers right in two turns
        assert fast(task, traj, None) == Grade(score=1.0, passed=True)
        assert slow(task, traj, None) == Grade(score=0.25, passed=True)
    with pytest.raises(KeyError, match="defines no function 'nope'"):
        get_grader(f"{tmp_path}/my_rewards.py:nope")
    bad = tmp_path / "bad.py"
    bad.write_text("def g(task, trajectory, state):\n    return 1.0\n")
    with pytest.raises(TypeError, match="returned float, not a Grade"):
        get_grader(f"{bad}:g")(tasks[0], trajs[0], None)


def test_entry_point_graders(tmp_path, monkeypatch):
    (tmp_path / "plug_graders.py").write_text(
        "from veriloop.types import Grade\n\n"
        "def make(value=0.5):\n"
        "    return lambda task, trajectory, state: Grade(score=value)\n")
    dist = tmp_path / "plug_graders-0.1.dist-info"
    dist.mkdir()
    (dist / "METADATA").write_text("Metadata-Version: 2.1\nName: plug-graders\nVersion: 0.1\n")
    (dist / "entry_points.txt").write_text("[veriloop.graders]\nplugged = plug_graders:make\n")
    monkeypatch.syspath_prepend(str(tmp_path))
    assert "plugged" in list_graders()
    assert get_grader("plugged", value=0.75)(None, None, None) == Grade(score=0.75)


def test_unknown_function_grader_is_a_one_line_error(capsys, tmp_path):
    from veriloop.cli import app

    (tmp_path / "my_rewards.py").write_text(readme_blocks()[0])
    with pytest.raises(SystemExit) as exit_:
        app(args=["train", str(ROOT / "configs" / "grpo.yaml"),
                  f"grader.name={tmp_path}/my_rewards.py:typo", "--run-dir",
                  str(tmp_path / "run")], prog_name="veriloop")
    err = capsys.readouterr().err
    assert exit_.value.code == 2 and re.fullmatch(r"error: [^\n]+\n", err), err
    assert "defines no function 'typo'" in err and not (tmp_path / "run").exists()


def test_sft_run_evaluates_before_and_after(tmp_path):
    proc = subprocess.run(
        [sys.executable, "-m", "veriloop.cli", "train", str(ROOT / "configs" / "sft.yaml"),
         "model.size=xs", "train.threads=1", "sft.demos=8", "sft.epochs=1",
         "sft.batch_tokens=1024", "sft.warmup_steps=1", "env.eval_tasks=2", "env.max_turns=2",
         "rollout.max_new_tokens=12", "rollout.max_total_tokens=320", "--run-dir", "run"],
        cwd=tmp_path, capture_output=True, text=True, timeout=600, check=False)
    assert proc.returncode == 0, proc.stderr[-3000:]
    rows = [json.loads(x) for x in (tmp_path / "run" / "metrics.jsonl").read_text().splitlines()]
    steps = [r["step"] for r in rows]
    assert steps == sorted(steps) and steps[0] == 0 and "loss" not in rows[0]
    assert [r["step"] for r in rows if "eval/pass@1" in r] == [0, steps[-1]]
    assert "loss" in rows[-1] and rows[-1]["eval/tasks"] == 2
    report = (tmp_path / "run" / "report.html").read_text()
    start = report.index("<h2>Held-out evaluation</h2>")
    table = report[start:report.index("<h2>", start + 4)]
    assert [int(s) for s in re.findall(r"<tr><td class='num'>(\d+)</td>", table)] == [0, steps[-1]]
