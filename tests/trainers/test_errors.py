"""Issue 10 point 5: every user mistake is one `error:` line on stderr, exit code 2, no
traceback, found before a model loads, and leaves nothing behind in the run directory."""

import re
import sqlite3
import subprocess
import sys
from pathlib import Path

import pytest

from veriloop.cli import app
from veriloop.run.build import build_env
from veriloop.trainers.config import RunConfig, save_config

CONFIGS = Path(__file__).resolve().parents[2] / "configs"
ONE_LINE = re.compile(r"error: [^\n]+\n")


def veriloop(capsys, *args):
    """Run the CLI in-process through the app's own error handler; (exit code, stderr)."""
    with pytest.raises(SystemExit) as exit_:
        app(args=[str(a) for a in args], prog_name="veriloop")
    return exit_.value.code, capsys.readouterr().err


def assert_error(capsys, args, *fragments, after_model_load=False):
    code, err = veriloop(capsys, *args)
    assert code == 2, err
    if after_model_load:  # transformers' weight-loading progress bar may precede the error
        assert "Traceback" not in err, err
        err = err[err.rfind("\n", 0, -1) + 1:]
    assert ONE_LINE.fullmatch(err), err  # exactly one line, no traceback
    for fragment in fragments:
        assert fragment in err, err
    return err


def train(tmp_path, *overrides, config=CONFIGS / "grpo.yaml"):
    return ["train", config, *overrides, "--run-dir", tmp_path / "run"]


@pytest.mark.parametrize(("override", "fragments"), [
    ("algorithm.advantage=grpoo", ["algorithm.advantage 'grpoo' is unknown", "use one of",
                                   "dr_grpo"]),
    ("algorithm.aggregation=mean", ["algorithm.aggregation 'mean' is unknown", "token_mean"]),
    ("algorithm.kl_estimator=k4", ["algorithm.kl_estimator 'k4' is unknown", "k1, k2, k3"]),
    ("env.name=arithmetc", ["env.name: environment 'arithmetc' is not registered", "arithmetic"]),
    ("env.options.colour=red", ["env.options: environment 'arithmetic' does not accept",
                                "see its docstring"]),
    ("model.size=xxl", ["model size 'xxl' is unknown; set model.size to one of", "xs"]),
    ("grader.name=nope", ["grader.name 'nope' is not registered", "math"]),
    ("train.steps=0", ["train.steps: input should be greater than 0, got 0"]),
    ("train.steps=-3", ["train.steps: input should be greater than 0, got -3"]),
    ("rollout.group_size=0", ["rollout.group_size: input should be greater than 0"]),
    ("rollout.max_new_tokens=-1", ["rollout.max_new_tokens: input should be greater than 0"]),
    ("optim.minibatch_size=0", ["optim.minibatch_size: input should be greater than 0"]),
    ("env.train_tasks=-1", ["env.train_tasks: input should be greater than or equal to 0"]),
    # 0 is allowed when task files supply the pool (issue 46), and refused without one
    ("env.train_tasks=0", ["env.train_tasks is 0 and no env.extra_train_tasks file supplies",
                           "set env.train_tasks > 0 or name a task file"]),
    ("optim.lr=-1e-4", ["optim.lr: input should be greater than or equal to 0, got '-1e-4'"]),
    ("sft.lr=-1", ["sft.lr: input should be greater than or equal to 0"]),
    ("optim.lrr=1", ["unknown field 'optim.lrr'", "fix the spelling"]),
    ("optim.lr=[1", ["override 'optim.lr=[1': the value is not valid YAML", "quote it"]),
    ("init=/nonexistent/model", ["init '/nonexistent/model' does not exist"]),
])
def test_bad_config_values_are_one_line_errors_and_leave_no_run_dir(capsys, tmp_path, override,
                                                                      fragments):
    assert_error(capsys, train(tmp_path, override), *fragments)
    assert not (tmp_path / "run").exists()


def test_malformed_yaml_names_the_line(capsys, tmp_path):
    bad = tmp_path / "bad.yaml"
    bad.write_text("optim:\n  lr: 1e-4\n   steps: [1\n")
    err = assert_error(capsys, train(tmp_path, config=bad), f"config {bad} is not valid YAML",
                       "line 3")
    assert "fix the file" in err
    bad.write_text("- just\n- a list\n")
    assert_error(capsys, train(tmp_path, config=bad), "must be a YAML mapping of sections")
    assert_error(capsys, train(tmp_path, config=tmp_path / "missing.yaml"),
                 "does not exist; give a YAML file or a recipe name")


def test_missing_sft_store_creates_no_database(capsys, tmp_path):
    store = tmp_path / "demos.sqlite"
    assert_error(capsys, train(tmp_path, f"sft.store={store}", config=CONFIGS / "sft.yaml"),
                 f"sft.store '{store}' does not exist")
    assert not store.exists() and not (tmp_path / "run").exists()


def test_corrupted_store_and_model_dir(capsys, tmp_path):
    store = tmp_path / "demos.sqlite"
    store.write_bytes(b"this is not sqlite" * 100)
    assert_error(capsys, train(tmp_path, f"sft.store={store}", config=CONFIGS / "sft.yaml"),
                 "is not a trajectory store")
    sqlite3.connect(store.with_name("empty.sqlite")).execute("CREATE TABLE x (a)").connection.close()
    assert_error(capsys, train(tmp_path, f"sft.store={store.with_name('empty.sqlite')}",
                               config=CONFIGS / "sft.yaml"), "holds no trajectories table")
    model = tmp_path / "model"
    model.mkdir()
    assert_error(capsys, train(tmp_path, f"init={model}"), "holds no model (no config.json)")
    (model / "config.json").write_text("{}")
    (model / "model.safetensors").write_bytes(b"\x10\x00\x00\x00\x00\x00\x00\x00{\"a\":")
    assert_error(capsys, train(tmp_path, f"init={model}"), "weights", "are corrupted")


def test_corrupted_checkpoint_on_resume(capsys, tmp_path):
    run = tmp_path / "run"
    ckpt = run / "checkpoints" / "step-000002"
    ckpt.mkdir(parents=True)
    save_config(RunConfig(), run / "config.yaml")
    (ckpt / "trainer_state.json").write_text('{"step": 2')
    assert_error(capsys, ["train", "--resume", run], "checkpoint file", "is unreadable or "
                 "corrupted", "delete the checkpoint")
    (ckpt / "trainer_state.json").write_text('{"step": 2}')
    (ckpt / "state.pt").write_bytes(b"truncated")
    assert_error(capsys, ["train", "--resume", run], "state.pt", "is missing or corrupted",
                 "to resume from the checkpoint before")
    (run / "trajectories.sqlite").write_bytes(b"garbage" * 1000)
    assert_error(capsys, ["train", "--resume", run], "run store", "is not a trajectory store")
    (run / "trajectories.sqlite").unlink()
    (run / "config.yaml").write_text("model: {name: tiny\n")
    assert_error(capsys, ["train", "--resume", run], "config.yaml is not valid YAML")
    assert_error(capsys, ["train", "--resume", tmp_path], "is not a run directory")


def test_unwritable_run_directory(capsys, tmp_path):
    blocker = tmp_path / "file"
    blocker.write_text("")
    assert_error(capsys, ["train", CONFIGS / "grpo.yaml", "--run-dir", blocker],
                 "is a file; give --run-dir a directory")
    assert_error(capsys, ["train", CONFIGS / "grpo.yaml", "--run-dir", blocker / "sub"],
                 "is a file; give another --run-dir")


@pytest.mark.parametrize("command", ["rollout", "eval"])
def test_rollout_and_eval_errors(capsys, tmp_path, command):
    out = ["--out", tmp_path / "out", "--tasks", "1"]
    assert_error(capsys, [command, "--env", "nope", "--policy", "expert", *out],
                 "environment 'nope' is not registered")
    assert_error(capsys, [command, "--model", tmp_path / "missing", *out],
                 "no such directory or .gguf file")
    assert_error(capsys, [command, "--env-module", tmp_path / "missing.py", "--policy", "expert",
                          *out], "missing.py")
    assert not (tmp_path / "out").exists()


def test_real_process_one_line_and_debug_traceback(tmp_path):
    """The console entry point prints one line; `--debug` anywhere shows the traceback."""
    args = [sys.executable, "-m", "veriloop.cli", "train", str(CONFIGS / "grpo.yaml"),
            "train.steps=0", "--run-dir", str(tmp_path / "run")]
    plain = subprocess.run(args, capture_output=True, text=True, timeout=300,
                            check=False)
    assert plain.returncode == 2 and ONE_LINE.fullmatch(plain.stderr), plain.stderr
    debug = subprocess.run([*args, "--debug"], capture_output=True, text=True, timeout=300,
                            check=False)
    assert debug.returncode != 0 and not debug.stderr.startswith("error:")
    assert "ConfigError" in debug.stderr and len(debug.stderr.splitlines()) > 3
    version = subprocess.run([sys.executable, "-m", "veriloop.cli", "--version"],
                             capture_output=True, text=True, timeout=300,
                            check=False)
    assert version.returncode == 0 and version.stdout.startswith("veriloop 0.")


def test_store_without_usable_demonstrations(capsys, tmp_path):
    from veriloop.data.store import TrajectoryStore

    store = tmp_path / "empty.sqlite"
    TrajectoryStore(store).close()  # the schema, no trajectories
    assert_error(capsys, train(tmp_path, f"sft.store={store}", config=CONFIGS / "sft.yaml"),
                 "holds no trajectory without an infrastructure error")
    assert not (tmp_path / "run").exists()


def test_failed_setup_writes_no_config_and_can_be_retried(tmp_path):
    """config.yaml is the last thing setup writes: a start that fails after the model loaded
    leaves no config.yaml, so `veriloop train` accepts the same --run-dir again."""
    from veriloop.data.store import TrajectoryStore
    from veriloop.run.config import load_config
    from veriloop.trainers.common import policy_from_config
    from veriloop.trainers.sft import SFTTrainer

    store = tmp_path / "empty.sqlite"
    TrajectoryStore(store).close()
    cfg = load_config(None, ["kind=sft", "model.size=xs", f"sft.store={store}"])
    trainer = SFTTrainer(cfg, tmp_path / "run", policy_from_config(cfg.model), progress=False)
    with pytest.raises(ValueError, match="no usable demonstrations"):
        trainer.setup(build_env(trainer.cfg))
    trainer.store.close()
    assert not (tmp_path / "run" / "config.yaml").exists()


def test_full_disk_is_refused_before_anything_is_written(capsys, tmp_path, monkeypatch):
    from veriloop.run import preflight

    monkeypatch.setattr(preflight, "MIN_FREE_BYTES", 1 << 62)  # more than any disk has free
    assert_error(capsys, train(tmp_path), "MiB free; free space or give --run-dir on another disk")
    assert_error(capsys, ["quickstart", "--run-dir", tmp_path / "qs"], "MiB free")
    assert not (tmp_path / "run").exists() and not (tmp_path / "qs").exists()


def test_quickstart_and_rollout_check_before_running(capsys, tmp_path):
    assert_error(capsys, ["quickstart", "--run-dir", tmp_path / "qs", "algorithm.advantage=x"],
                 "algorithm.advantage 'x' is unknown")
    assert_error(capsys, ["quickstart", "--run-dir", tmp_path / "qs", "sft.epochs=0"],
                 "sft.epochs: input should be greater than 0")
    assert not (tmp_path / "qs").exists()
    blocker = tmp_path / "file"
    blocker.write_text("")
    assert_error(capsys, ["rollout", "--policy", "expert", "--tasks", "1", "--out", blocker],
                 "is a file; give --run-dir a directory")


def test_checkpoint_that_does_not_load_is_a_one_line_error(capsys, tmp_path):
    """A checkpoint whose files are intact but hold another model's weights fails when the
    trainer loads it: still one line, naming the checkpoint and what to do."""
    import torch
    from safetensors.torch import save_file

    from veriloop.run.config import load_config

    run = tmp_path / "run"
    ckpt = run / "checkpoints" / "step-000001"
    (ckpt / "model").mkdir(parents=True)
    save_config(load_config(None, ["model.size=xs", "env.train_tasks=4", "env.eval_tasks=0",
                                   "train.steps=2"]), run / "config.yaml")
    (ckpt / "trainer_state.json").write_text('{"step": 1, "sampler_position": 0}')
    torch.save({"optimizer": {}}, ckpt / "state.pt")
    save_file({"other.weight": torch.zeros(2)}, ckpt / "model" / "model.safetensors")
    assert_error(capsys, ["train", "--resume", run], f"checkpoint {ckpt} does not load",
                 "does not match the model", "delete it to resume from the one before",
                 after_model_load=True)


def test_bad_extra_train_tasks_file_is_one_line_error(capsys, tmp_path):
    """`env.extra_train_tasks`: a missing file, a line that is not a task and a task of another
    environment are each one error line, before a model loads."""
    from veriloop.envs import get_env

    missing = tmp_path / "nope.jsonl"
    assert_error(capsys, train(tmp_path, f"env.extra_train_tasks=[{missing}]"),
                 f"env.extra_train_tasks: {missing} does not exist")
    bad = tmp_path / "bad.jsonl"
    bad.write_text(get_env("arithmetic").tasks(1, seed=0)[0].model_dump_json() + "\n{\"id\": 3}\n")
    assert_error(capsys, train(tmp_path, f"env.extra_train_tasks=[{bad}]"),
                 f"{bad} line 2 is not a task", "one Task JSON per line")
    other = tmp_path / "other.jsonl"
    other.write_text(get_env("workspace").tasks(1, seed=0)[0].model_dump_json() + "\n")
    assert_error(capsys, train(tmp_path, f"env.extra_train_tasks=[{other}]"),
                 "is a task of 'workspace', not of env.name 'arithmetic'")
    assert not (tmp_path / "run").exists()



def _two_tasks():
    """Two arithmetic tasks as JSON lines, and the first one's id."""
    from veriloop.envs import get_env

    a, b = get_env("arithmetic").tasks(2, seed=0)
    return a.model_dump_json(), b.model_dump_json(), a


def test_non_utf8_task_file_is_one_line_error(capsys, tmp_path):
    """Issue 43: a task file with a byte that is not UTF-8 names the file and the line (it
    was a UnicodeDecodeError traceback)."""
    a, b, _ = _two_tasks()
    latin = tmp_path / "latin.jsonl"
    latin.write_bytes(a.encode() + b"\n" + b.encode().replace(b'"prompt"', b'"pr\xe9mpt"') + b"\n")
    assert_error(capsys, train(tmp_path, f"env.extra_train_tasks=[{latin}]"),
                 f"{latin} line 2 is not UTF-8 text", "save the file as UTF-8")
    assert not (tmp_path / "run").exists()


def test_repeated_task_id_is_one_line_error(capsys, tmp_path):
    """Issue 43: a task id repeated in one file or across two files is refused, naming both
    places (it was accepted silently)."""
    a, b, task = _two_tasks()
    twice = tmp_path / "twice.jsonl"
    twice.write_text(f"{a}\n\n{a}\n")
    assert_error(capsys, train(tmp_path, f"env.extra_train_tasks=[{twice}]"),
                 f"{twice} line 3: task id '{task.id}' repeats {twice} line 1")
    first, second = tmp_path / "first.jsonl", tmp_path / "second.jsonl"
    first.write_text(a + "\n")
    second.write_text(b + "\n" + a + "\n")
    assert_error(capsys, train(tmp_path, f"env.extra_train_tasks=[{first},{second}]"),
                 f"{second} line 2: task id '{task.id}' repeats {first} line 1")
    assert not (tmp_path / "run").exists()


@pytest.mark.parametrize("bad", ["NaN", "Infinity", "-Infinity", "1e999"])
def test_non_finite_answer_in_task_file_is_one_line_error(capsys, tmp_path, bad):
    """Issue 43: a NaN or infinite gold answer is refused with the file, line and task id (it
    was accepted silently, and every episode of the task would have scored 0)."""
    _, b, task = _two_tasks()
    line = task.model_dump_json().replace(f'"answer":{task.verification["answer"]}',
                                          f'"answer":{bad}')
    assert bad in line
    nan = tmp_path / "nan.jsonl"
    nan.write_text(b + "\n" + line + "\n")
    assert_error(capsys, train(tmp_path, f"env.extra_train_tasks=[{nan}]"),
                 f"{nan} line 2: task '{task.id}' has a NaN or infinite number at "
                 "verification.answer")
    assert not (tmp_path / "run").exists()


@pytest.mark.parametrize(("env_name", "change", "fragment"), [
    ("code", {"test": None}, "its verification lacks the text of test"),
    ("code", {"test": "assert True\n"}, "verification.test is not a check(candidate) function"),
    ("code", {"entry_point": "os.system"}, "verification.entry_point 'os.system' is not a"),
    ("repo", {"fix": {"path": "nowhere.py", "search": "x", "replace": "y"}},
     "verification.fix must replace text found in its metadata.files"),
])
def test_task_file_task_the_environment_cannot_use_is_one_line_error(capsys, tmp_path, env_name,
                                                                     change, fragment):
    """Issue 43: the environment's own check (`check_task`) runs on every task of a file at
    load: a task it cannot grade is one error line naming the file, line and id (it was
    accepted, then a KeyError traceback or a grader error in the middle of training)."""
    from veriloop.envs import get_env

    task = get_env(env_name).tasks(1, seed=0)[0]
    verification = {k: v for k, v in {**task.verification, **change}.items() if v is not None}
    bad = tmp_path / "bad.jsonl"
    bad.write_text(task.model_copy(update={"verification": verification}).model_dump_json() + "\n")
    assert_error(capsys, train(tmp_path, f"env.name={env_name}", f"env.extra_train_tasks=[{bad}]"),
                 f"{bad} line 1: task '{task.id}' is not a valid {env_name} task", fragment)
    assert not (tmp_path / "run").exists()
