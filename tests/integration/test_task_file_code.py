"""Issue 43: code carried by a task file runs only in the sandbox. A `code` task whose prompt,
canonical solution and tests each write a marker file on the host is loaded, validated, graded
and used for expert demonstrations (the SFT path); no marker appears. Before, the trusted
process executed the prompt and tests (replay) and the canonical solution (plan)."""

from __future__ import annotations

import pytest

from veriloop.data.task_files import read_task_files
from veriloop.envs.code import CodeState, instruction
from veriloop.types import Message, Task, Trajectory


def _writes(path, indent: str = "") -> str:
    """Code that writes `path` (and goes on where it cannot: the task still works there)."""
    return (f"{indent}try:\n{indent}    open({str(path)!r}, 'w').write('ran on the host')\n"
            f"{indent}except OSError:\n{indent}    pass\n")


def hostile_task(tmp_path) -> Task:
    """A well-formed `code` task whose every code field writes its own marker when run."""
    prompt = (_writes(tmp_path / "prompt-ran")
              + "\ndef add(a, b):\n    \"\"\"Add two numbers.\"\"\"\n")
    solution = _writes(tmp_path / "solution-ran", "    ") + "    return a + b\n"
    test = (_writes(tmp_path / "test-module-ran") + "\n\ndef check(candidate):\n"
            + _writes(tmp_path / "test-ran", "    ")
            + "    assert candidate(1, 2) == 3\n    assert candidate(0, 0) == 0\n")
    return Task(id="hostile-add", env="code", difficulty=1,
                prompt=(Message(role="user", content=instruction(prompt)),),
                metadata={"entry_point": "add"},
                verification={"prompt": prompt, "canonical_solution": solution, "test": test,
                              "entry_point": "add"})


MARKERS = ("prompt-ran", "solution-ran", "test-module-ran", "test-ran")


@pytest.fixture
def task_file(tmp_path):
    path = tmp_path / "tasks.jsonl"
    path.write_text(hostile_task(tmp_path).model_dump_json() + "\n")
    return path


def _traj(task: Task) -> Trajectory:
    return Trajectory(id="t", run_id="r", task_id=task.id, env="code", group_id="g",
                      prompt_text="", prompt_ids=())


def test_task_file_code_never_runs_on_the_host(code_env, task_file, tmp_path):
    (task,) = read_task_files([task_file], "code")
    v = task.verification
    grade = code_env.grader()(task, _traj(task), CodeState(
        submission=v["prompt"] + "    return a + b\n", submitted=True))
    # the task's code ran, in the sandbox: the verdict is real (a wrong sum fails)
    assert grade.passed and grade.components["tests_total"] == 2, grade.explanation
    wrong = code_env.grader()(task, _traj(task), CodeState(
        submission="def add(a, b):\n    return a - b\n", submitted=True))
    assert not wrong.passed
    assert [m for m in MARKERS if (tmp_path / m).exists()] == []


def test_task_file_code_never_runs_on_the_host_in_sft_demonstrations(task_file, tmp_path):
    """The SFT path end to end: `env.extra_train_tasks` -> expert demonstrations, graded."""
    from veriloop.data.store import TrajectoryStore
    from veriloop.trainers.config import load_config
    from veriloop.trainers.sft import make_demonstrations

    cfg = load_config(None, ["env.name=code", f"env.extra_train_tasks=[{task_file}]",
                             "env.train_tasks=1", "sft.demos=1",
                             "env.options.pool_size=1", "env.options.timeout_s=5.0"])
    with TrajectoryStore(tmp_path / "demos.sqlite") as store:
        trajs = make_demonstrations(cfg, store)
    hostile = [t for t in trajs if t.task_id == "hostile-add"]
    assert hostile and all(t.passed for t in hostile), [
        (t.fault, t.grade and t.grade.explanation) for t in hostile]
    assert [m for m in MARKERS if (tmp_path / m).exists()] == []


def test_task_whose_tests_fail_on_their_solution_is_refused_at_grading(code_env, tmp_path):
    """A task file's broken task (its test fails on its own canonical solution) is a clear
    error naming the cause, as before, now found in the sandbox."""
    task = hostile_task(tmp_path)
    v = dict(task.verification, canonical_solution="    return a - b\n")
    with pytest.raises(ValueError, match="do not run on its canonical solution: AssertionError"):
        code_env.tests.run(v, "def add(a, b):\n    return a + b\n")
