"""Config overrides and errors; atomic checkpoints; the resumable task sampler."""

import os
from pathlib import Path

import pytest
import torch

from veriloop.run.config import load_config
from veriloop.trainers import checkpoint
from veriloop.trainers.common import TaskSampler
from veriloop.types import Message, Task

CONFIGS = Path(__file__).resolve().parents[2] / "configs"


def test_dotted_overrides_and_errors(tmp_path):
    cfg = load_config(CONFIGS / "dapo.yaml", ["optim.lr=1e-5", "algorithm.eps_high=0.3",
                                               "train.steps=3"])
    assert cfg.optim.lr == 1e-5 and cfg.algorithm.eps_high == 0.3 and cfg.train.steps == 3
    assert cfg.algorithm.dynamic_sampling is True
    with pytest.raises(ValueError, match="KEY=VALUE"):
        load_config(None, ["optim.lr"])
    with pytest.raises(ValueError, match="optim.lrr"):
        load_config(None, ["optim.lrr=1"])
    with pytest.raises(FileNotFoundError, match="nope.yaml does not exist.*veriloop configs list"):
        load_config(tmp_path / "nope.yaml")  # a missing file says where the recipes are listed


def test_every_shipped_config_loads():
    configs = sorted(CONFIGS.glob("*.yaml"))
    assert len(configs) >= 15
    for path in configs:
        cfg = load_config(path, [])
        assert cfg.env.name and cfg.model.name, path.name


def test_every_field_has_a_docstring():
    from veriloop.trainers.config import RunConfig

    for name, section in RunConfig.model_fields.items():
        sub = section.annotation
        if hasattr(sub, "model_fields"):
            for f, info in sub.model_fields.items():
                assert info.description, f"{name}.{f} has no docstring"


def _tasks(n):
    return [Task(id=f"t{i}", env="x", prompt=(Message(role="user", content=str(i)),))
            for i in range(n)]


def test_task_sampler_resumes_across_epoch_boundary():
    a = TaskSampler(_tasks(5), seed=3)
    seq = [t.id for t in a.next(12)]
    assert sorted(seq[:5]) == sorted(seq[5:10]) == [f"t{i}" for i in range(5)]
    assert seq[:5] != seq[5:10]  # reshuffled per epoch
    b = TaskSampler(_tasks(5), seed=3)
    first = [t.id for t in b.next(5)]  # exactly at the epoch boundary
    c = TaskSampler(_tasks(5), seed=3, position=b.position)
    assert first + [t.id for t in c.next(7)] == seq


def _state(step):
    model = torch.nn.Linear(3, 2)
    opt = torch.optim.AdamW(model.parameters(), lr=0.1)
    model(torch.ones(1, 3)).sum().backward()
    opt.step()
    return model, opt


def test_checkpoint_roundtrip_prune_and_partial(tmp_path):
    model, opt = _state(1)
    for step in (1, 2, 3):
        checkpoint.save(tmp_path, step, model, opt, None, {"sampler_position": step * 4},
                        extra={"x": step}, keep=2)
    assert [s for s, _ in checkpoint.checkpoints(tmp_path)] == [2, 3]
    # a save killed before its rename leaves only a .tmp dir: ignored, then cleaned up
    (tmp_path / "checkpoints" / ".tmp-step-4-999").mkdir()
    assert checkpoint.latest(tmp_path).name == "step-000003"
    fresh = torch.nn.Linear(3, 2)
    opt2 = torch.optim.AdamW(fresh.parameters(), lr=0.1)
    torch.manual_seed(123)
    state, extra = checkpoint.load(checkpoint.latest(tmp_path), fresh, opt2, None)
    assert state["step"] == 3 and state["sampler_position"] == 12 and extra == {"x": 3}
    torch.testing.assert_close(fresh.weight, model.weight)
    assert opt2.state_dict()["state"][0]["step"] == opt.state_dict()["state"][0]["step"]
    assert checkpoint.remove_partial(tmp_path) == 1
    assert not any(p.name.startswith(".tmp") for p in (tmp_path / "checkpoints").iterdir())


def test_checkpoint_restores_rng(tmp_path):
    model, opt = _state(1)
    torch.manual_seed(7)
    checkpoint.save(tmp_path, 1, model, opt, None, {})
    expected = torch.rand(3)
    torch.manual_seed(99)
    checkpoint.load(checkpoint.latest(tmp_path), model, opt, None)
    torch.testing.assert_close(torch.rand(3), expected)
    assert os.listdir(tmp_path / "checkpoints") == ["step-000001"]


def test_final_model_is_replaced_whole(tmp_path, monkeypatch):
    """`save_model` writes beside the target and renames: a failed write leaves the previous
    final model as it was, a finished one leaves nothing of the previous one behind."""
    from veriloop.trainers.common import policy_from_config, save_model

    policy = policy_from_config(load_config(None, ["model.size=xs"]).model)
    out = tmp_path / "final"
    save_model(policy.model, policy.tokenizer, out)
    (out / "stale.txt").write_text("from an earlier run")
    before = (out / "model.safetensors").read_bytes()

    def broken(*args, **kwargs):
        raise OSError("disk full")

    monkeypatch.setattr(type(policy.model), "save_pretrained", broken)
    with pytest.raises(OSError, match="disk full"):
        save_model(policy.model, policy.tokenizer, out)
    assert (out / "model.safetensors").read_bytes() == before and (out / "stale.txt").exists()
    monkeypatch.undo()
    save_model(policy.model, policy.tokenizer, out)
    assert (out / "config.json").exists() and not (out / "stale.txt").exists()
    assert [p.name for p in tmp_path.iterdir()] == ["final"]  # the failed write's copy too
