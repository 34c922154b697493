"""`env.train_tasks: 0` with task files (`env.extra_train_tasks`): the files are the whole
training pool (issue 46; the config refused 0 before), and 0 without a file is refused."""

import sys
from pathlib import Path

import pytest

sys.path.insert(0, str(Path(__file__).parents[1] / "e2e"))
from cli_run import cli, one_error_line

from veriloop.data.store import TrajectoryStore
from veriloop.envs import get_env
from veriloop.errors import ConfigError
from veriloop.run.config import load_config
from veriloop.trainers.common import training_tasks


def _task_file(path, n=3):
    """`n` arithmetic tasks under ids of their own (`file-...`), one JSON a line."""
    tasks = get_env("arithmetic").tasks(n, seed=99, split="train")
    path.write_text("".join(t.model_copy(update={"id": f"file-{i}"}).model_dump_json() + "\n"
                            for i, t in enumerate(tasks)))
    return path


def test_zero_generated_tasks_leaves_the_files_tasks(tmp_path):
    path = _task_file(tmp_path / "tasks.jsonl")
    cfg = load_config(None, ["env.train_tasks=0", f"env.extra_train_tasks=[{path}]"])
    pool = training_tasks(cfg, get_env("arithmetic"), cfg.env.train_tasks, seed=0)
    assert [t.id for t in pool] == ["file-0", "file-1", "file-2"]
    both = training_tasks(cfg, get_env("arithmetic"), 2, seed=0)  # 2 generated, then the file's
    assert len(both) == 5 and [t.id for t in both[2:]] == ["file-0", "file-1", "file-2"]


def test_zero_tasks_without_a_file_is_refused():
    with pytest.raises(ConfigError, match="env.train_tasks is 0 and no env.extra_train_tasks"):
        load_config(None, ["env.train_tasks=0"])
    proc = cli("config", "grpo", "env.train_tasks=0", check=False)
    assert "env.extra_train_tasks" in one_error_line(proc)


def test_rl_trains_on_the_files_tasks_only(tmp_path):
    """End to end from the command line: two GRPO steps of the tiny model whose every rollout
    is of a task from the file."""
    path = _task_file(tmp_path / "tasks.jsonl")
    proc = cli("train", "grpo", "model.size=xs", "train.threads=1", "train.steps=2",
               "rollout.prompts_per_step=2", "rollout.group_size=2", "rollout.max_new_tokens=12",
               "rollout.max_total_tokens=320", "env.max_turns=2", "env.eval_tasks=2",
               "optim.minibatch_size=4", "optim.micro_batch_size=4", "env.train_tasks=0",
               f"env.extra_train_tasks=[{path}]", "--run-dir", str(tmp_path / "run"),
               cwd=tmp_path, process=True)
    assert "done: 2 steps" in proc.stdout, proc.stderr[-2000:]
    with TrajectoryStore(tmp_path / "run" / "trajectories.sqlite") as store:
        trained = {t.task_id for step, t in store.iter_with_steps() if step}
    assert trained and trained <= {"file-0", "file-1", "file-2"}
