"""Issue 43: code carried by a task file runs only in the sandbox. A `code` task whose prompt,
canonical solution and tests, and a `repo` task whose package, reference fix and hidden tests,
each write a marker file on the host, are loaded, graded and used for expert demonstrations
(the SFT path); no marker appears. Before, the trainer's process ran them to plan the sandbox's
calls and to judge its evidence."""

from __future__ import annotations

import random

import pytest

from veriloop.data.task_files import read_task_files
from veriloop.envs.code import CodeState, instruction
from veriloop.envs.repo import FAMILIES, RepoEnv, RepoState, build_repo
from veriloop.envs.repo.verdict import reference_files
from veriloop.types import Message, Task, Trajectory


def _writes(path) -> str:
    """One statement that writes `path` where its directory exists (the host) and does
    nothing elsewhere (the sandbox, where the task must still work)."""
    return (f"(lambda p: __import__('os').path.isdir(__import__('os').path.dirname(p)) "
            f"and open(p, 'w').write('ran on the host'))({str(path)!r})\n")


def _host_markers(tmp_path) -> list[str]:
    return sorted(p.name for p in tmp_path.glob("*-ran"))


def _file(tmp_path, task: Task):
    path = tmp_path / "tasks.jsonl"
    path.write_text(task.model_dump_json() + "\n")
    return path


def _traj(task: Task) -> Trajectory:
    return Trajectory(id="t", run_id="r", task_id=task.id, env=task.env, group_id="g",
                      prompt_text="", prompt_ids=())


def _demonstrations(env_name: str, task_file, tmp_path, *overrides: str) -> list[Trajectory]:
    """The SFT path end to end: `env.extra_train_tasks` -> expert demonstrations, graded;
    the file's task among them."""
    from veriloop.data.store import TrajectoryStore
    from veriloop.run.build import opened_env
    from veriloop.run.config import load_config
    from veriloop.trainers.sft import make_demonstrations

    cfg = load_config(None, [f"env.name={env_name}", f"env.extra_train_tasks=[{task_file}]",
                             "sft.demos=1", "env.options.pool_size=1", *overrides])
    with TrajectoryStore(tmp_path / "demos.sqlite") as store, opened_env(cfg) as env:
        trajs = make_demonstrations(cfg, env, store)
    return [t for t in trajs if t.task_id.startswith("hostile")]


# ------------------------------------------------------------------------- code

def hostile_code_task(tmp_path) -> Task:
    prompt = _writes(tmp_path / "prompt-ran") + "\ndef add(a, b):\n    \"\"\"Add.\"\"\"\n"
    solution = "    " + _writes(tmp_path / "solution-ran") + "    return a + b\n"
    test = (_writes(tmp_path / "test-module-ran") + "\n\ndef check(candidate):\n    "
            + _writes(tmp_path / "test-ran")
            + "    assert candidate(1, 2) == 3\n    assert candidate(0, 0) == 0\n")
    return Task(id="hostile-add", env="code", difficulty=1,
                prompt=(Message(role="user", content=instruction(prompt)),),
                metadata={"entry_point": "add"},
                verification={"prompt": prompt, "canonical_solution": solution, "test": test,
                              "entry_point": "add"})


def test_code_task_file_never_runs_on_the_host(code_env, tmp_path):
    (task,) = read_task_files([_file(tmp_path, hostile_code_task(tmp_path))], "code")
    right = task.verification["prompt"] + "    return a + b\n"
    grade = code_env.grader()(task, _traj(task), CodeState(submission=right, submitted=True))
    # the task's code ran, in the sandbox: the verdict is real (a wrong sum fails)
    assert grade.passed and grade.components["tests_total"] == 2, grade.explanation
    wrong = "def add(a, b):\n    return a - b\n"
    assert not code_env.grader()(task, _traj(task), CodeState(submission=wrong,
                                                              submitted=True)).passed
    assert _host_markers(tmp_path) == []


def test_code_task_file_never_runs_on_the_host_in_sft_demonstrations(tmp_path):
    hostile = _demonstrations("code", _file(tmp_path, hostile_code_task(tmp_path)), tmp_path,
                              "env.train_tasks=1", "env.options.timeout_s=5.0")
    assert hostile and all(t.passed for t in hostile), [(t.fault, t.grade) for t in hostile]
    assert _host_markers(tmp_path) == []


def test_code_task_whose_tests_fail_on_their_solution_is_refused(code_env, tmp_path):
    """A broken task (its test fails on its own canonical solution) is a clear error naming
    the cause, as before, now found in the sandbox."""
    v = dict(hostile_code_task(tmp_path).verification, canonical_solution="    return a - b\n")
    with pytest.raises(ValueError, match="do not run on its canonical solution: AssertionError"):
        code_env.tests.run(v, "def add(a, b):\n    return a + b\n")


# ------------------------------------------------------------------------- repo

def hostile_repo_task(tmp_path) -> Task:
    task = RepoEnv().task_for(build_repo(FAMILIES[0], random.Random(3)))
    files, v = dict(task.metadata["files"]), dict(task.verification)
    init = f"{task.metadata['package']}/__init__.py"
    files[init] = _writes(tmp_path / "package-ran") + files[init]
    v["fix"] = dict(v["fix"], replace="    " + _writes(tmp_path / "fix-ran") + v["fix"]["replace"])
    v["hidden_tests"] = _writes(tmp_path / "hidden-tests-ran") + v["hidden_tests"]
    return task.model_copy(update={"id": "hostile-repo", "verification": v,
                                   "metadata": {**task.metadata, "files": files}})


def test_repo_task_file_never_runs_on_the_host(tmp_path):
    (task,) = read_task_files([_file(tmp_path, hostile_repo_task(tmp_path))], "repo")
    initial, protected = task.metadata["files"], tuple(task.verification["protected"])
    env = RepoEnv(pool_size=1)
    try:
        fixed = env.grader()(task, _traj(task), RepoState(
            initial_files=initial, files=reference_files(task), protected=protected))
        unfixed = env.grader()(task, _traj(task), RepoState(
            initial_files=initial, files=initial, protected=protected))
    finally:
        env.close()
    # the task's code ran, in the sandbox: the verdict is real (the unfixed bug fails)
    assert fixed.passed and not unfixed.passed, (fixed.explanation, unfixed.explanation)
    assert _host_markers(tmp_path) == []


def test_repo_task_file_never_runs_on_the_host_in_sft_demonstrations(tmp_path):
    hostile = _demonstrations("repo", _file(tmp_path, hostile_repo_task(tmp_path)), tmp_path,
                              "rollout.step_timeout=600")
    assert hostile and all(t.passed for t in hostile), [(t.fault, t.grade) for t in hostile]
    assert _host_markers(tmp_path) == []
