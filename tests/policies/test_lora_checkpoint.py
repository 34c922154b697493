"""A LoRA run's intermediate checkpoints hold adapters only (`checkpoints/step-N/model`); they
load as a model (the base named in the adapter config, adapters merged) wherever a checkpoint
directory is accepted, and equal the run's merged final model when they are its last step."""

import pytest
import torch

from veriloop.policy_specs import load_policy
from veriloop.run.build import build_env
from veriloop.run.config import load_config
from veriloop.trainers.common import policy_from_config
from veriloop.trainers.sft import SFTTrainer

SMALL = ["kind=sft", "model.size=xs", "sft.demos=16", "sft.epochs=1", "sft.batch_tokens=1024",
         "sft.warmup_steps=1", "sft.save_every=1"]


def _train(run, extra=(), init=None):
    cfg = load_config(None, [*SMALL, *extra])
    t = SFTTrainer(cfg, run, policy_from_config(cfg.model, init), progress=False)
    t.setup(build_env(t.cfg))
    t.train()
    return t


def _logits(policy, ids):
    with torch.no_grad():
        return policy.model(torch.tensor([ids])).logits


def test_a_lora_checkpoint_loads_as_its_merged_model(tmp_path):
    base = _train(tmp_path / "base").paths.model  # a full model directory on disk
    _train(tmp_path / "lora", ["model.lora_rank=4", "optim.lr=0.05"], init=base)
    steps = sorted((tmp_path / "lora" / "checkpoints").glob("step-*"))
    last = steps[-1] / "model"
    assert (last / "adapter_config.json").exists() and not (last / "config.json").exists()
    ids = list(range(3, 20))
    from_checkpoint = load_policy(str(last))
    assert from_checkpoint.name == steps[-1].name
    merged = load_policy(str(tmp_path / "lora" / "final"))
    untouched = load_policy(str(base))
    torch.testing.assert_close(_logits(from_checkpoint, ids), _logits(merged, ids))
    assert not torch.allclose(_logits(from_checkpoint, ids), _logits(untouched, ids))


def test_a_lora_checkpoint_whose_base_is_gone_says_so(tmp_path):
    base = _train(tmp_path / "base").paths.model
    _train(tmp_path / "lora", ["model.lora_rank=4"], init=base)
    last = max((tmp_path / "lora" / "checkpoints").glob("step-*")) / "model"
    for f in base.iterdir():
        f.unlink()
    with pytest.raises(FileNotFoundError, match="LoRA adapters whose base model"):
        load_policy(str(last))
