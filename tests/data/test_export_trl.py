"""The `trl-sft` and `trl-dpo` exports train in TRL itself: one optimizer step of TRL's
`SFTTrainer` and `DPOTrainer` on the embedded xs model (a plain Hugging Face directory), on the
files `datasets.load_dataset` reads. Slow: TRL and its dataset preparation take a minute."""

import math
import sys
from pathlib import Path

import datasets
import pytest
import torch

pytest.importorskip("trl", reason="TRL is a dev extra: pip install -e '.[dev]'")
sys.path.insert(0, str(Path(__file__).parents[1] / "viewer"))
sys.path.insert(0, str(Path(__file__).parents[1] / "e2e"))
from cli_run import cli
from transformers import AutoModelForCausalLM, AutoTokenizer
from trl import DPOConfig, DPOTrainer, SFTConfig, SFTTrainer
from viewer_run import make_run

from veriloop.run.tiny import ensure_tiny

pytestmark = pytest.mark.slow

COMMON = {"max_steps": 1, "per_device_train_batch_size": 2, "learning_rate": 1e-3,
          "report_to": [], "save_strategy": "no", "logging_steps": 1, "use_cpu": True,
          "dataloader_num_workers": 0, "seed": 0}


@pytest.fixture(scope="module")
def run(tmp_path_factory):
    torch.set_num_threads(1)
    return make_run(tmp_path_factory.mktemp("trl") / "run")


def _exported(run, fmt, tmp_path):
    out = tmp_path / f"{fmt}.jsonl"
    cli("export", str(run), "--format", fmt, "--out", str(out))
    return datasets.load_dataset("json", data_files=str(out), split="train",
                                 cache_dir=str(tmp_path / "hf-cache"))


def _model():
    path = ensure_tiny("xs", seed=0)
    model = AutoModelForCausalLM.from_pretrained(path, dtype=torch.float32)
    return model, AutoTokenizer.from_pretrained(path)


def _one_step(trainer, model):
    before = [p.detach().clone() for p in model.parameters()]
    trainer.train()
    assert trainer.state.global_step == 1
    [logged] = [h for h in trainer.state.log_history if "loss" in h]
    assert math.isfinite(logged["loss"]) and logged["loss"] > 0
    assert any(not torch.equal(a, b) for a, b in zip(before, model.parameters(), strict=True))
    return logged


def test_trl_sft_trains_one_step_on_the_export(run, tmp_path):
    ds = _exported(run, "trl-sft", tmp_path)
    model, tok = _model()
    trainer = SFTTrainer(model=model, processing_class=tok, train_dataset=ds,
                         args=SFTConfig(output_dir=str(tmp_path / "sft"), max_length=512,
                                        **COMMON))
    # TRL rendered each row through the model's template: the call once, as a Hermes span
    text = tok.decode(trainer.train_dataset[0]["input_ids"])
    assert text.count("<tool_call>") == 1 + text.count("Call a tool with <tool_call>")
    _one_step(trainer, model)


def test_trl_dpo_trains_one_step_on_the_export(run, tmp_path):
    ds = _exported(run, "trl-dpo", tmp_path)
    model, tok = _model()
    trainer = DPOTrainer(model=model, processing_class=tok, train_dataset=ds,
                         args=DPOConfig(output_dir=str(tmp_path / "dpo"), max_length=512,
                                        **COMMON))
    logged = _one_step(trainer, model)
    # the first step's reference is the model itself: the DPO loss is log 2
    assert logged["loss"] == pytest.approx(math.log(2), abs=1e-3)
