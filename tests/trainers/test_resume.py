"""Kill a real `veriloop train` process mid-training and while it writes a checkpoint, resume
it, and compare with an uninterrupted run: same step count, every step's trajectories stored
exactly once, and (fixed seed) the same metrics. Checkpoints fall on task-pool epoch
boundaries (4 tasks, 2 per step, a checkpoint every 2 steps). A damaged checkpoint is refused
with one error line, and resuming from the one before (as that line says) stores every step
once too."""

import json
import os
import shutil
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest

from veriloop.data.store import TrajectoryStore

VERILOOP = str(Path(sys.executable).with_name("veriloop"))
CONFIG = str(Path(__file__).resolve().parents[2] / "configs" / "grpo.yaml")
ARGS = ["model.size=xs", "rollout.prompts_per_step=2", "rollout.group_size=4",
        "rollout.max_new_tokens=12", "rollout.max_total_tokens=320", "env.max_turns=2",
        "env.train_tasks=4", "optim.minibatch_size=4", "optim.micro_batch_size=4",
        "algorithm.length_cost=0.01", "train.steps=6", "train.save_every=2", "train.threads=1",
        "train.keep_checkpoints=3"]
TIMING = {"rollout_s", "generate_s", "grade_s", "env_s", "train_s", "seconds", "tokens_per_s",
          "batch_s", "forward_s", "backward_s", "optimizer_s"}
STEPS, PER_STEP = 6, 8


def _env(**extra):
    return {**os.environ, "OMP_NUM_THREADS": "1", **extra}


def _train(run_dir, *more, env=None):
    return subprocess.Popen([VERILOOP, "train", *more, "--run-dir", str(run_dir), "--json"]
                            if more and more[0] != "--resume" else
                            [VERILOOP, "train", *more, "--json"],
                            stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True,
                            env=env or _env())


def _finish(proc):
    out, err = proc.communicate(timeout=300)
    assert proc.returncode == 0, err[-3000:]
    return json.loads(out.strip().splitlines()[-1])


def _metrics(run_dir):
    rows = [json.loads(x) for x in (run_dir / "metrics.jsonl").read_text().splitlines()]
    return [{k: v for k, v in r.items() if k not in TIMING} for r in rows]


def _check_store(run_dir):
    with TrajectoryStore(run_dir / "trajectories.sqlite") as s:
        ids = s.ids(run_id=run_dir.name)
        assert len(ids) == len(set(ids)) == STEPS * PER_STEP
        for step in range(1, STEPS + 1):
            assert s.count(run_id=run_dir.name, step=step) == PER_STEP, step


@pytest.fixture(scope="module")
def reference_run(tmp_path_factory):
    """An uninterrupted run (tests copy it before changing anything in it)."""
    run = tmp_path_factory.mktemp("ref") / "run"
    summary = _finish(_train(run, CONFIG, *ARGS))
    assert summary["steps"] == STEPS and summary["stored_trajectories"] == STEPS * PER_STEP
    _check_store(run)
    return run


@pytest.fixture(scope="module")
def reference(reference_run):
    return _metrics(reference_run)


def _resume_refused(run):
    """`--resume` of `run` fails as a user error: exit 2, one `error:` line; returns it."""
    out = subprocess.run([VERILOOP, "train", "--resume", str(run)], capture_output=True,
                         text=True, env=_env(), check=False)
    assert out.returncode == 2, out.stderr[-3000:]
    lines = out.stderr.strip().splitlines()
    assert len(lines) == 1 and lines[0].startswith("error: "), out.stderr[-3000:]
    return lines[0]


def _wait_for(predicate, proc, timeout=240):
    t0 = time.time()
    while not predicate():
        assert proc.poll() is None, proc.communicate()[1][-3000:]
        assert time.time() - t0 < timeout, "timed out waiting for the training process"
        time.sleep(0.05)


def test_killed_mid_training_resumes_exactly(tmp_path, reference):
    run = tmp_path / "run"
    proc = _train(run, CONFIG, *ARGS)
    metrics = run / "metrics.jsonl"
    # step 3 logged: checkpoint 2 is complete and step 4 is under way
    # (by step, not line count: a step-0 line holds the held-out evaluation before training)
    _wait_for(lambda: metrics.exists() and '{"step": 3,' in metrics.read_text(), proc)
    proc.send_signal(signal.SIGKILL)
    proc.wait()
    summary = _finish(_train(run, "--resume", str(run)))
    assert summary["resumed"] and summary["steps"] == STEPS
    _check_store(run)
    assert _metrics(run) == reference


def test_killed_while_saving_resumes_from_previous_checkpoint(tmp_path, reference):
    run = tmp_path / "run"
    proc = _train(run, CONFIG, *ARGS, env=_env(VERILOOP_PAUSE_IN_SAVE="120@4"))
    for line in proc.stderr:  # the save of step 4 pauses before its rename
        if line.startswith("SAVING"):
            break
    proc.send_signal(signal.SIGKILL)
    proc.wait()
    names = sorted(p.name for p in (run / "checkpoints").iterdir())
    assert "step-000002" in names and "step-000004" not in names
    assert any(n.startswith(".tmp-step-4") for n in names)  # the half-written one
    summary = _finish(_train(run, "--resume", str(run)))
    assert summary["steps"] == STEPS
    assert not any(p.name.startswith(".tmp") for p in (run / "checkpoints").iterdir())
    _check_store(run)
    assert _metrics(run) == reference


def test_resume_errors_are_clear(tmp_path):
    out = subprocess.run([VERILOOP, "train", "--resume", str(tmp_path)], capture_output=True,
                         text=True, env=_env(), check=False)
    assert out.returncode != 0 and "not a run directory" in out.stderr


def test_second_process_on_a_live_run_is_refused(tmp_path):
    # issue 9 class 11: a --resume beside a live training process used to be accepted, and
    # both wrote one store. The first process is held inside a checkpoint save (no timing).
    run = tmp_path / "run"
    proc = _train(run, CONFIG, *ARGS, env=_env(VERILOOP_PAUSE_IN_SAVE="600@4"))
    try:
        for line in proc.stderr:
            if line.startswith("SAVING"):
                break
        for cmd in (["--resume", str(run)], [CONFIG, *ARGS, "--run-dir", str(run)]):
            out = subprocess.run([VERILOOP, "train", *cmd], capture_output=True, text=True,
                                 env=_env(), check=False)
            assert out.returncode == 2, out.stderr[-2000:]
            lines = out.stderr.strip().splitlines()
            expected = (f"error: run directory {run} is in use by pid {proc.pid}; wait for it "
                        "to finish (or stop it) before resuming, or use another --run-dir")
            assert lines == [expected], out.stderr[-2000:]
    finally:
        proc.send_signal(signal.SIGKILL)
        proc.wait()
    # the kernel dropped the dead holder's lock: the run resumes
    summary = _finish(_train(run, "--resume", str(run)))
    assert summary["resumed"] and summary["steps"] == STEPS
    _check_store(run)


def test_resume_after_deleting_a_damaged_checkpoint_stores_each_step_once(tmp_path, reference_run,
                                                                          reference):
    # issue 43: following the error's advice (delete the damaged checkpoint, resume) sampled
    # steps 5 and 6 again and stored them beside the first attempt's rows (16 rows a step)
    run = tmp_path / "run"
    shutil.copytree(reference_run, run)
    last = run / "checkpoints" / "step-000006"
    state = last / "state.pt"
    state.write_bytes(state.read_bytes()[:state.stat().st_size // 2])  # a truncated save
    assert f"delete '{last}' to resume from the checkpoint before" in _resume_refused(run)
    shutil.rmtree(last)
    summary = _finish(_train(run, "--resume", str(run)))
    assert summary["resumed"] and summary["steps"] == STEPS
    assert summary["stored_trajectories"] == STEPS * PER_STEP
    _check_store(run)
    assert _metrics(run) == reference


def test_corrupted_checkpoint_weights_are_refused_on_resume(tmp_path, reference_run):
    # issue 43: bytes overwritten inside model.safetensors (its header and length intact)
    # resumed silently on the damaged weights
    run = tmp_path / "run"
    shutil.copytree(reference_run, run)
    last = run / "checkpoints" / "step-000006"
    weights = last / "model" / "model.safetensors"
    data = bytearray(weights.read_bytes())
    tensors = 8 + int.from_bytes(data[:8], "little")  # where the tensor bytes start
    middle = (tensors + len(data)) // 2
    data[middle:middle + 16] = bytes(b ^ 0xFF for b in data[middle:middle + 16])
    weights.write_bytes(data)
    assert _resume_refused(run) == (
        f"error: checkpoint file '{weights}' is corrupted (sha256 differs from its manifest); "
        f"delete '{last}' to resume from the checkpoint before")
    _check_store(run)  # nothing ran
