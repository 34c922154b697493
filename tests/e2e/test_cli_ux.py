"""Issue 43, what a new user tripped over on the command line: `veriloop eval` must be told what
to evaluate and labels the scripted expert as such; it fails when nothing was evaluated (every
episode an infrastructure error) and warns when some were; it takes `--device`; unknown config
keys and names get a `did you mean`; `train` suggests only what it accepts; a user's module that
raises on import is one error line naming file:line, not a traceback."""

import json
import os
import socket
import subprocess
import sys
from functools import partial
from pathlib import Path

import pytest
import torch
from cli_run import cli

from veriloop.policies.openai import OpenAIClient

CONFIGS = Path(__file__).resolve().parents[2] / "configs"
# `veriloop ARGS` in this process: the same app and one-line error handler, without an
# interpreter start and its imports (~3-4 s of CPU a call); `veriloop()` runs the real command
# where a test needs a process: PYTHONPATH plugins, user modules imported by path
here = partial(cli, check=False)


def veriloop(*args, cwd=None, pythonpath=None):
    env = dict(os.environ)
    if pythonpath is not None:
        env["PYTHONPATH"] = os.pathsep.join(filter(None, [str(pythonpath),
                                                          env.get("PYTHONPATH")]))
    return subprocess.run([sys.executable, "-m", "veriloop.cli", *map(str, args)],
                          capture_output=True, text=True, timeout=600, check=False, cwd=cwd,
                          env=env)


def one_error_line(proc, code=2):
    """The process exited with `code` and said why in exactly one `error:` line, no traceback."""
    assert proc.returncode == code, proc.stderr[-3000:]
    assert "Traceback" not in proc.stderr, proc.stderr[-3000:]
    errors = [line for line in proc.stderr.splitlines() if line.startswith("error: ")]
    assert len(errors) == 1, proc.stderr[-3000:]
    return errors[0]


def test_eval_needs_a_model_or_a_policy_and_labels_the_scripted_expert(tmp_path):
    line = one_error_line(here("eval", "--tasks", "2", "--out", tmp_path / "none"))
    assert "--model" in line and "--policy expert" in line
    line = one_error_line(here("eval", "--tasks", "2", "--policy", "expert", "--model",
                               "tiny-xs", "--out", tmp_path / "both"))
    assert "give one" in line
    assert not (tmp_path / "none").exists() and not (tmp_path / "both").exists()

    proc = here("eval", "--policy", "expert", "--tasks", "2", "--json",
                "--out", tmp_path / "json")
    assert proc.returncode == 0, proc.stderr
    summary = json.loads(proc.stdout)
    assert summary["policy_kind"] == "scripted expert (not a model)"
    assert json.loads((tmp_path / "json" / "summary.json").read_text())["policy_kind"] == \
        summary["policy_kind"]
    table = veriloop("eval", "--policy", "noisy-expert", "--tasks", "2",
                     "--out", tmp_path / "table")
    assert table.returncode == 0, table.stderr
    assert "scripted expert (not a model)" in table.stdout


def test_eval_of_a_model_is_labelled_a_model_and_runs_on_the_device_given(tmp_path):
    proc = veriloop("eval", "--model", "tiny-xs", "--device", "cpu", "--tasks", "1",
                    "--max-new-tokens", "4", "--max-turns", "1", "--json", "--out", tmp_path / "cpu")
    assert proc.returncode == 0, proc.stderr[-3000:]
    assert json.loads(proc.stdout)["policy_kind"] == "model"
    for device, words in (("gpu", "use auto, cpu, cuda or cuda:N"),
                          ("cuda:x", "use auto, cpu, cuda or cuda:N")):
        line = one_error_line(here("eval", "--model", "tiny-xs", "--device", device,
                                   "--out", tmp_path / device))
        assert words in line
    line = one_error_line(here("eval", "--policy", "expert", "--device", "cpu",
                               "--out", tmp_path / "scripted"))
    assert "drop --device" in line
    if not torch.cuda.is_available():  # the device reaches the model loader, which refuses it
        line = one_error_line(here("eval", "--model", "tiny-xs", "--device", "cuda",
                                   "--tasks", "1", "--out", tmp_path / "cuda"))
        assert "no CUDA GPU" in line


def test_eval_fails_when_every_episode_is_an_infrastructure_error(tmp_path, monkeypatch):
    # the client makes every attempt its max_retries allows, without the sleeps between them
    # (what tests/conftest.py's no_backoff does for a subprocess)
    assert callable(getattr(OpenAIClient, "_sleep_for", None)), "update this test"
    monkeypatch.setattr(OpenAIClient, "_sleep_for", lambda self, attempt, retry_after: 0.0)
    with socket.socket() as closed:  # bound, never listening: every connection is refused
        closed.bind(("127.0.0.1", 0))
        dead = f"openai:http://127.0.0.1:{closed.getsockname()[1]}/v1#tiny-xs"
        proc = here("eval", "--model", dead, "--tasks", "3", "--max-new-tokens", "4",
                    "--json", "--out", tmp_path / "dead")
        reflexion = here("eval", "--model", dead, "--tasks", "2", "--reflexion", "2",
                         "--max-new-tokens", "4", "--json", "--out", tmp_path / "reflexion")
        inference = here("eval", "--model", dead, "--tasks", "1", "--inference", "majority",
                         "--n", "2", "--max-new-tokens", "4", "--out", tmp_path / "majority")
    line = one_error_line(proc, code=1)
    assert line.startswith("error: 3 of 3 episodes were infrastructure errors")
    assert "policy_error" in line and "nothing was evaluated" in line
    assert json.loads(proc.stdout)["infra_errors"] == 3  # the summary is still printed
    line = one_error_line(reflexion, code=1)  # two attempts at each of two tasks
    assert line.startswith("error: 4 of 4 episodes were infrastructure errors")
    assert json.loads(reflexion.stdout)["infra_errors"] == 4
    line = one_error_line(inference, code=1)  # N=2 candidates for one task
    assert line.startswith("error: 2 of 2 episodes were infrastructure errors")


FLAKY = """
from veriloop.envs import register_env
from veriloop.envs.arithmetic import ArithmeticEnv


@register_env("flaky")
class FlakyEnv(ArithmeticEnv):
    resets = 0

    def reset(self, task):
        FlakyEnv.resets += 1
        if FlakyEnv.resets % 2:
            raise RuntimeError("backend unavailable")
        return super().reset(task)
"""


def test_eval_warns_about_some_infrastructure_errors_and_goes_on(tmp_path):
    (tmp_path / "flaky.py").write_text(FLAKY)
    proc = veriloop("eval", "--env-module", "flaky.py", "--env", "flaky", "--policy", "expert",
                    "--tasks", "4", "--json", "--out", "run", cwd=tmp_path)
    assert proc.returncode == 0, proc.stderr
    summary = json.loads(proc.stdout)
    bad, total = summary["infra_errors"], summary["trajectories"]
    assert 0 < bad < total and summary["success_rate"] == 1.0
    warnings = [line for line in proc.stderr.splitlines() if line.startswith("warning: ")]
    assert warnings == [(f"warning: {bad} of {total} episodes were infrastructure errors, not "
                         "the policy's doing (first: env_crash: reset: RuntimeError: backend "
                         "unavailable); the rates leave them out")]


@pytest.mark.parametrize(("override", "suggestion"), [
    ("trian.steps=5", "did you mean 'train.steps'?"),
    ("optim.lrr=1", "did you mean 'optim.lr'?"),
    ("train.lr=1", "did you mean 'optim.lr'?"),  # a field put in the wrong section
    ("rollout.tempreature=0.5", "did you mean 'rollout.temperature'?"),
])
def test_unknown_config_keys_get_did_you_mean(override, suggestion):
    line = one_error_line(here("config", override))
    assert suggestion in line and "unknown field" in line


def test_unknown_yaml_section_and_small_sections_list_their_fields(tmp_path):
    (tmp_path / "typo.yaml").write_text("trian:\n  steps: 5\n")
    line = one_error_line(here("config", tmp_path / "typo.yaml"))
    assert "did you mean 'train.steps'?" in line
    line = one_error_line(here("config", "logging.trackerz=[wandb]"))
    assert "did you mean 'logging.trackers'?" in line
    assert "fields of logging: trackers, project, run_name, online" in line


def test_unknown_environment_and_grader_names_get_did_you_mean(tmp_path):
    line = one_error_line(here("eval", "--env", "arithmatic", "--policy", "expert",
                               "--out", tmp_path / "e"))
    assert "environment 'arithmatic' is not registered; did you mean 'arithmetic'?" in line
    line = one_error_line(here("train", CONFIGS / "grpo.yaml", "grader.name=mathh",
                               "--run-dir", tmp_path / "run"))
    assert "grader.name 'mathh' is not registered; did you mean 'math'?" in line
    assert not (tmp_path / "run").exists()


def test_train_suggests_for_an_unknown_environment_only_what_train_accepts(tmp_path):
    line = one_error_line(here("train", CONFIGS / "grpo.yaml", "env.name=nope",
                               "--run-dir", tmp_path / "run"))
    assert line.startswith("error: env.name: environment 'nope' is not registered")
    assert "--env-module" not in line  # `veriloop train` has no such option
    assert "or give my_envs.py:ClassName" in line  # what env.name takes, as --env does
    assert not (tmp_path / "run").exists()


BROKEN = {  # file -> (its code, the error it raises at import, the line that raises)
    "syntax.py": ("X = 1\nY = (\n", "SyntaxError: '(' was never closed", 2),
    "crash.py": ("def f():\n    return 1 / 0\n\n\nf()\n", "ZeroDivisionError: division by zero", 2),
    "missing_dep.py": ("import os\nimport numpyy\n",
                       "ModuleNotFoundError: No module named 'numpyy'", 2),
}


@pytest.mark.parametrize("name", sorted(BROKEN))
def test_a_user_module_that_fails_to_import_is_one_line(tmp_path, name):
    code, error, line_no = BROKEN[name]
    (tmp_path / name).write_text(code)
    stem = name.removesuffix(".py")
    where = f"{name}:{line_no}: {error}"
    runs = {
        "--env-module file": veriloop("eval", "--env-module", name, "--policy", "expert",
                                      "--out", "run", cwd=tmp_path),
        "--env-module module": veriloop("eval", "--env-module", stem, "--policy", "expert",
                                        "--out", "run", cwd=tmp_path, pythonpath=tmp_path),
    }
    if name == "crash.py":  # the other ways a user's module is imported (the same loader)
        runs.update({
            "--env file:Class": veriloop("rollout", "--env", f"{name}:Env", "--out", "run",
                                         cwd=tmp_path),
            "train env.name": veriloop("train", CONFIGS / "grpo.yaml", f"env.name={name}:Env",
                                       "--run-dir", "run", cwd=tmp_path),
            "train grader.name": veriloop("train", CONFIGS / "grpo.yaml",
                                          f"grader.name={name}:f", "--run-dir", "run",
                                          cwd=tmp_path),
        })
    for how, proc in runs.items():
        line = one_error_line(proc)
        assert f"cannot import {stem if how == '--env-module module' else name}: " in line, \
            (how, line)
        assert where in line, (how, line)
    assert not (tmp_path / "run").exists()


def test_an_installed_plugin_that_fails_to_import_is_one_line(tmp_path):
    """An environment and a grader from a package's entry points whose module raises."""
    (tmp_path / "broken_plugin.py").write_text("import os\nVALUE = 1 / 0\n")
    info = tmp_path / "broken_plugin-0.1.dist-info"
    info.mkdir()
    (info / "METADATA").write_text("Metadata-Version: 2.1\nName: broken-plugin\nVersion: 0.1\n")
    (info / "entry_points.txt").write_text("[veriloop.envs]\nbroken = broken_plugin:Env\n\n"
                                           "[veriloop.graders]\nbroken = broken_plugin:grade\n")
    where = "broken_plugin.py:2: ZeroDivisionError: division by zero"
    line = one_error_line(veriloop("eval", "--env", "broken", "--policy", "expert", "--out", "run",
                                   cwd=tmp_path, pythonpath=tmp_path))
    assert "cannot import broken_plugin:Env: " in line and where in line
    line = one_error_line(veriloop("train", CONFIGS / "grpo.yaml", "grader.name=broken",
                                   "--run-dir", "run", cwd=tmp_path, pythonpath=tmp_path))
    assert "cannot import broken_plugin:grade: " in line and where in line
    assert not (tmp_path / "run").exists()
