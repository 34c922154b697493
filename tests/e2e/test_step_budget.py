"""One step budget (issue 44): `env.max_turns` is the number of policy actions an episode gets,
obeyed by training (`veriloop train`), held-out evaluation and `veriloop eval`/`rollout`
(`--max-turns` sets the same budget); the old second knob `rollout.max_turns` (silently ignored
by RL training, obeyed by SFT's held-out evaluation) is a one-line config error naming
`env.max_turns`, in a YAML file and as a dotted override.

The environment here never ends an episode by itself, so every episode runs into the budget:
its turns count the budget exactly and its fault records why it ended. Its grader records the
budget it was built with: `--max-turns` used to cut episodes in the runner while the
environment's grader (research's efficiency) still scored against the environment's default."""

import json
import subprocess
import sys
from pathlib import Path

from cli_run import veriloop_here

from veriloop.data.store import TrajectoryStore
from veriloop.types import FaultKind

CONFIGS = Path(__file__).resolve().parents[2] / "configs"
ENDLESS = '''
from veriloop.envs import ScriptedExpert, register_env
from veriloop.envs.base import Observation
from veriloop.types import Grade, Message, Task


class Episode:
    """Every message gets an answer; nothing ends the episode (only the step budget does)."""

    tools, instructions, state = (), "Keep talking.", None

    def step(self, message):
        return Observation(messages=(Message(role="tool", content="go on"),))

    def close(self):
        pass


@register_env("endless")
class EndlessEnv:
    """Episodes that end only at the step budget; its default is 7."""

    name, max_turns = "endless", 7

    def tasks(self, n, *, seed=0, split="train", difficulty=None):
        return [Task(id=f"{split}-{i}", env=self.name, verification={},
                     prompt=(Message(role="user", content=f"Count from {i}."),))
                for i in range(n)]

    def reset(self, task):
        return Episode()

    def grader(self):  # a grader that scores against the budget (as research's efficiency)
        budget = self.max_turns
        return lambda task, trajectory, state: Grade(score=0.0, passed=False,
                                                     components={"budget": budget})

    def expert(self, noise=0.0, seed=0):
        return ScriptedExpert(lambda task, messages: "one more")
'''


def veriloop(cwd, *args):
    return subprocess.run([sys.executable, "-m", "veriloop.cli", *args], capture_output=True,
                          text=True, timeout=600, cwd=cwd, check=False)


def stored(path: Path) -> list:
    with TrajectoryStore(path) as store:
        return store.query()


def assert_stopped_at(trajs, budget):
    assert trajs
    for t in trajs:
        assert len(t.turns) == budget, (len(t.turns), budget)
        assert t.fault is not None and t.fault.kind == FaultKind.STEP_BUDGET
        assert t.fault.reason == f"no final answer within {budget} turns"
        assert t.grade.components["budget"] == budget  # the grader saw the same budget


def test_eval_and_rollout_stop_episodes_at_the_budget(tmp_path):
    (tmp_path / "endless.py").write_text(ENDLESS)
    common = ("--env-module", "endless.py", "--env", "endless", "--policy", "expert",
              "--tasks", "3", "--json")
    proc = veriloop(tmp_path, "eval", *common, "--max-turns", "3", "--out", "eval")
    assert proc.returncode == 0, proc.stderr[-3000:]
    summary = json.loads(proc.stdout)
    assert summary["fault_counts"] == {"step_budget": 3} and summary["mean_turns"] == 3
    assert_stopped_at(stored(tmp_path / "eval" / "trajectories.sqlite"), 3)
    # no --max-turns: the environment's own budget
    proc = veriloop(tmp_path, "rollout", *common, "--out", "rollout")
    assert proc.returncode == 0, proc.stderr[-3000:]
    assert_stopped_at(stored(tmp_path / "rollout" / "trajectories.sqlite"), 7)


def test_training_and_its_heldout_eval_stop_episodes_at_env_max_turns(tmp_path):
    """A one-step tiny RL run: its training episodes and its held-out evaluation (before and
    after the step) all end at env.max_turns, the fault saying so."""
    (tmp_path / "endless.py").write_text(ENDLESS)
    proc = veriloop(tmp_path, "train", str(CONFIGS / "grpo.yaml"), "env.name=endless.py:EndlessEnv",
                    "env.max_turns=2", "model.size=xs", "train.threads=1", "train.steps=1",
                    "rollout.prompts_per_step=2", "rollout.group_size=2",
                    "rollout.max_new_tokens=4", "rollout.max_total_tokens=1024",
                    "env.train_tasks=4", "env.eval_tasks=2", "optim.minibatch_size=4",
                    "optim.micro_batch_size=4", "--run-dir", "rl")
    assert proc.returncode == 0, proc.stderr[-3000:]
    trajs = stored(tmp_path / "rl" / "trajectories.sqlite")
    assert len(trajs) == 4  # 2 prompts x 2 samples, one step
    assert_stopped_at(trajs, 2)
    rows = [json.loads(x) for x in (tmp_path / "rl" / "metrics.jsonl").read_text().splitlines()]
    assert rows[1]["fault/step_budget"] == 4
    evals = [r for r in rows if "eval/turns" in r]  # before and after the step
    assert len(evals) == 2 and all(r["eval/turns"] == 2 for r in evals)


def test_rollout_max_turns_is_a_one_line_error_naming_env_max_turns(tmp_path):
    tiny = ("model: {size: xs}\ntrain: {steps: 1, threads: 1}\n"  # quick if it were accepted
            "env: {train_tasks: 2, eval_tasks: 0}\n")
    (tmp_path / "tiny.yaml").write_text(tiny + "rollout: {prompts_per_step: 1, group_size: 2}\n")
    (tmp_path / "old.yaml").write_text(tiny + "rollout:\n  group_size: 2\n  max_turns: 3\n")
    for args in (("old.yaml",), ("tiny.yaml", "rollout.max_turns=3")):
        for command in ("train", "config"):  # refused before anything runs: in this process
            proc = veriloop_here(tmp_path, command, *args)
            assert proc.returncode == 2, (command, args, proc.stderr[-2000:])
            assert "Traceback" not in proc.stderr
            assert len(proc.stderr.strip().splitlines()) == 1, proc.stderr
            assert "rollout.max_turns was removed: the step budget is env.max_turns" \
                in proc.stderr, proc.stderr
    assert not (tmp_path / "runs").exists()  # refused before a run directory was made


def test_a_saved_config_with_a_null_rollout_max_turns_still_loads(tmp_path):
    """Runs saved before the removal hold `rollout: {max_turns: null}` in config.yaml; it set
    nothing, so resuming them still works."""
    from veriloop.run.config import load_config

    (tmp_path / "config.yaml").write_text("env: {max_turns: 5}\nrollout: {max_turns: null}\n")
    cfg = load_config(tmp_path / "config.yaml")
    assert cfg.env.max_turns == 5 and "max_turns" not in cfg.rollout.model_dump()
