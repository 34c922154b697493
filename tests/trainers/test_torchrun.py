"""`veriloop train` under torchrun: two gloo ranks share every step's rollouts and micro-batches
and end the run with what one process stores and learns: the same sampled tokens, the same
final parameters (up to float summation order); only rank 0 writes the run."""

import json
import os
import shutil
import subprocess
import sys
from pathlib import Path

import pytest
import torch
from safetensors.torch import load_file

from veriloop.data.store import TrajectoryStore

CONFIG = Path(__file__).resolve().parents[2] / "configs" / "grpo.yaml"
OVERRIDES = ["model.size=xs", "train.precision=fp32", "train.steps=2", "train.save_every=1",
             "train.threads=1", "env.train_tasks=8", "env.eval_tasks=3",
             "rollout.prompts_per_step=3", "rollout.group_size=2", "rollout.max_new_tokens=16",
             "rollout.eval_samples=1", "optim.minibatch_size=6", "optim.micro_batch_size=2",
             "optim.lr=0.01", "algorithm.kl_coef=0", "algorithm.length_cost=0.01"]
VERILOOP = str(Path(sys.executable).with_name("veriloop"))


def _run(args, env=None):
    proc = subprocess.run(args, check=False, capture_output=True, text=True, timeout=600,
                          env={**os.environ, "OMP_NUM_THREADS": "1", **(env or {})})
    assert proc.returncode == 0, proc.stderr[-3000:]
    return proc


def _tokens(run: Path) -> list:
    with TrajectoryStore(run / "trajectories.sqlite") as store:
        return sorted((t.task_id, t.sample_index, tuple(t.token_ids))
                      for t in store.query(run_id=run.name))


def _torchrun(*args):
    return _run([sys.executable, "-m", "torch.distributed.run", "--standalone",
                 "--nproc-per-node", "2", "--no-python", VERILOOP, "train", *args])


@pytest.fixture(scope="module")
def one_process(tmp_path_factory):
    """The single-process run both rank tests compare with (read only): its directory and its
    `--json` summary."""
    one = tmp_path_factory.mktemp("one") / "run"
    summary = json.loads(_run([VERILOOP, "train", str(CONFIG), *OVERRIDES, "--run-dir",
                               str(one), "--json"]).stdout)
    return one, summary


def test_two_ranks_train_as_one_process(tmp_path, one_process):
    (one, summary), two = one_process, tmp_path / "two"
    _torchrun(str(CONFIG), *OVERRIDES, "--run-dir", str(two))
    # every rollout stored once, on rank 0, with the tokens one process sampled
    assert summary["stored_trajectories"] == 2 * 3 * 2
    assert _tokens(two) == _tokens(one) and len(_tokens(one)) == 12
    # Adam turns float-order noise in near-zero gradients into steps of up to ~lr x 1e-2: a few
    # weights differ by ~4e-5 after the second step, while that step moved them by ~7e-3
    single = load_file(one / "final" / "model.safetensors")
    start = load_file(one / "checkpoints" / "step-000001" / "model" / "model.safetensors")
    assert max(float((single[k] - start[k]).abs().max()) for k in single) > 5e-3
    params = load_file(two / "final" / "model.safetensors")
    for name, p in single.items():
        assert torch.allclose(params[name], p, atol=2e-4, rtol=0), name
    assert not (two / "ranks").exists() and not (two / "final.tmp").exists()
    first = load_file(two / "checkpoints" / "step-000001" / "model" / "model.safetensors")
    for name, p in start.items():
        assert torch.allclose(first[name], p, atol=1e-6, rtol=1e-5), name
    # held-out evaluation split over the ranks: the same numbers in the metrics
    rows = [json.loads(x) for x in (one / "metrics.jsonl").read_text().splitlines()]
    rows2 = [json.loads(x) for x in (two / "metrics.jsonl").read_text().splitlines()]
    assert [r.get("eval/pass@1") for r in rows] == [r.get("eval/pass@1") for r in rows2]
    assert [r.get("reward") for r in rows] == [r.get("reward") for r in rows2]


def test_fsdp_ranks_train_and_resume_as_one_process(tmp_path, one_process):
    """`train.parallel: fsdp`: the ranks train shards, the whole model they sample and save
    follows; a resume from step 1 (the optimizer's state gathered into the checkpoint, loaded
    back into the shards) ends where one process ends. Without Adam's state the resumed second
    step would be a first step (|update| = lr for every weight) and land elsewhere."""
    (one, _), two = one_process, tmp_path / "two"
    _torchrun(str(CONFIG), *OVERRIDES, "train.parallel=fsdp", "--run-dir", str(two))
    assert _tokens(two) == _tokens(one) and len(_tokens(one)) == 12
    single = load_file(one / "final" / "model.safetensors")
    for name, p in load_file(two / "final" / "model.safetensors").items():
        assert torch.allclose(p, single[name], atol=2e-4, rtol=0), name
    state = torch.load(two / "checkpoints" / "step-000001" / "state.pt", weights_only=False)
    assert set(state["optimizer"]["state"]) == {f"model.{k}" for k in single}  # whole, by name
    # resume at step 1: drop what step 2 wrote
    shutil.rmtree(two / "checkpoints" / "step-000002")
    shutil.rmtree(two / "final")
    _torchrun("--resume", str(two))
    for name, p in load_file(two / "final" / "model.safetensors").items():
        assert torch.allclose(p, single[name], atol=2e-4, rtol=0), name
    start = load_file(one / "checkpoints" / "step-000001" / "model" / "model.safetensors")
    assert max(float((single[k] - start[k]).abs().max()) for k in single) > 5e-3


def test_fsdp_refuses_lora_and_critics(tmp_path):
    env = {"WORLD_SIZE": "2", "RANK": "0", "MASTER_ADDR": "127.0.0.1", "MASTER_PORT": "1"}
    for extra in (["model.lora_rank=4"], ["algorithm.advantage=gae"]):
        proc = subprocess.run([VERILOOP, "train", str(CONFIG), *OVERRIDES, "train.parallel=fsdp",
                               *extra, "--run-dir", str(tmp_path / extra[0])], check=False,
                              capture_output=True, text=True, timeout=120,
                              env={**os.environ, **env})
        assert proc.returncode == 2 and "train.parallel: ddp" in proc.stderr, proc.stderr
        assert "Traceback" not in proc.stderr


def test_ranks_need_a_run_directory_and_rl(tmp_path):
    env = {"WORLD_SIZE": "2", "RANK": "0", "MASTER_ADDR": "127.0.0.1", "MASTER_PORT": "1"}
    proc = subprocess.run([VERILOOP, "train", str(CONFIG), *OVERRIDES], check=False,
                          capture_output=True, text=True, timeout=120, env={**os.environ, **env})
    assert proc.returncode == 2 and "give --run-dir" in proc.stderr
    assert "Traceback" not in proc.stderr
    sft = Path(__file__).resolve().parents[2] / "configs" / "sft.yaml"
    proc = subprocess.run([VERILOOP, "train", str(sft), "--run-dir", str(tmp_path / "s")],
                          check=False, capture_output=True, text=True, timeout=120,
                          env={**os.environ, **env})
    assert proc.returncode == 2 and "kind: rl with synchronous rollouts" in proc.stderr
