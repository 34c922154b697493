"""Where models go: `auto` is the CPU without CUDA and a GPU with it, the rank's own under
torchrun; an explicit `cuda` without CUDA is a clear error; `model.device` is validated. Beside
a model on a GPU, vLLM takes half of it unless configured, and JAX does not take it up front."""

from pathlib import Path

import pytest
import torch

from veriloop.errors import ConfigError
from veriloop.policies.hf import resolve_device
from veriloop.run.config import load_config

CONFIGS = Path(__file__).resolve().parents[2] / "configs"


def _cuda(monkeypatch, count: int) -> None:
    monkeypatch.setattr(torch.cuda, "is_available", lambda: count > 0)
    monkeypatch.setattr(torch.cuda, "device_count", lambda: count)


def test_auto_is_the_cpu_without_cuda_and_the_ranks_gpu_with_it(monkeypatch):
    monkeypatch.delenv("LOCAL_RANK", raising=False)
    _cuda(monkeypatch, 0)
    assert resolve_device("auto") == resolve_device(None) == torch.device("cpu")
    with pytest.raises(ValueError, match="torch sees no CUDA GPU"):
        resolve_device("cuda")
    _cuda(monkeypatch, 4)
    assert resolve_device("auto") == torch.device("cuda")
    monkeypatch.setenv("LOCAL_RANK", "2")
    assert resolve_device("auto") == resolve_device("cuda") == torch.device("cuda:2")
    assert resolve_device("cuda:1") == torch.device("cuda:1")  # an explicit index wins
    assert resolve_device("cpu") == torch.device("cpu")
    monkeypatch.setenv("LOCAL_RANK", "7")  # more ranks than GPUs (CPU ranks): the default GPU
    assert resolve_device("auto") == torch.device("cuda")


def test_a_gpu_index_beyond_the_gpus_is_a_clear_error(monkeypatch):
    """`--device cuda:7` (or model.device) on a one-GPU machine was a CUDA traceback
    (invalid device ordinal) when the model moved; seen on an H200 (issue 43)."""
    _cuda(monkeypatch, 1)
    assert resolve_device("cuda:0") == torch.device("cuda:0")
    with pytest.raises(ConfigError, match=r"'cuda:7' requested but torch sees 1 CUDA GPU\(s\)"):
        resolve_device("cuda:7")


def test_model_device_is_validated():
    assert load_config(None, ["model.device=cuda:3"]).model.device == "cuda:3"
    with pytest.raises(ConfigError, match="model.device"):
        load_config(None, ["model.device=gpu"])


@pytest.mark.skipif(torch.cuda.is_available(), reason="needs a machine without CUDA")
def test_train_on_cuda_without_a_gpu_is_a_one_line_error(tmp_path):
    import subprocess
    import sys

    # model.size=xs: the model is built (or found in the cache) before its device is checked;
    # the xs one is the cache the other tests share, the recipe's default would be built anew
    r = subprocess.run([sys.executable, "-m", "veriloop.cli", "train", str(CONFIGS / "grpo.yaml"),
                        "model.size=xs", "model.device=cuda", "--run-dir", str(tmp_path / "run")],
                       capture_output=True, text=True, timeout=300, check=False)
    assert r.returncode == 2, r.stderr
    assert "torch sees no CUDA GPU" in r.stderr and "Traceback" not in r.stderr


@pytest.mark.parametrize("preset", [None, "true"])
def test_importing_veriloop_stops_jax_preallocating_the_gpu_unless_the_user_chose(preset):
    import os
    import subprocess
    import sys

    env = {k: v for k, v in os.environ.items() if k != "XLA_PYTHON_CLIENT_PREALLOCATE"}
    if preset is not None:
        env["XLA_PYTHON_CLIENT_PREALLOCATE"] = preset
    code = "import os, veriloop; print(os.environ['XLA_PYTHON_CLIENT_PREALLOCATE'])"
    r = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, env=env,
                       timeout=120, check=True)
    assert r.stdout.strip() == (preset or "false")


def test_vllm_beside_a_gpu_model_takes_half_the_gpu_unless_configured():
    from types import SimpleNamespace

    from veriloop.run.build import engine_memory

    cpu_model = torch.nn.Linear(2, 2)
    gpu_param = SimpleNamespace(device=torch.device("cuda", 0))  # no GPU needed to name one
    gpu_model = SimpleNamespace(parameters=lambda: iter([gpu_param]))
    assert engine_memory(None, cpu_model) == {}  # vLLM's own default (CPU: a 1 GiB KV cache)
    assert engine_memory(0.3, cpu_model) == {"gpu_memory_utilization": 0.3}
    assert engine_memory(None, gpu_model) == {"gpu_memory_utilization": 0.5}
    assert engine_memory(0.8, gpu_model) == {"gpu_memory_utilization": 0.8}
    assert load_config(None, ["rollout.engine_memory=0.7"]).rollout.engine_memory == 0.7
    with pytest.raises(ConfigError, match="engine_memory"):
        load_config(None, ["rollout.engine_memory=1.5"])
