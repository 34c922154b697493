"""SFT on generated demonstrations: loss falls, LoRA trains adapters only, resume is exact."""

import json

import pytest
import torch

from veriloop.run.build import build_env
from veriloop.run.config import load_config
from veriloop.trainers.common import policy_from_config
from veriloop.trainers.sft import SFTTrainer

SMALL = ["kind=sft", "model.size=xs", "sft.demos=24", "sft.epochs=2", "sft.batch_tokens=1024",
         "sft.warmup_steps=1", "sft.save_every=2"]


def _sft(run, extra=()):
    cfg = load_config(None, [*SMALL, *extra])
    t = SFTTrainer(cfg, run, policy_from_config(cfg.model), progress=False)
    t.setup(build_env(t.cfg))
    return t


def test_sft_lowers_loss_and_stores_demos_once(tmp_path):
    t = _sft(tmp_path / "run")
    rows = t.train()
    assert rows[-1]["loss"] < rows[0]["loss"]
    assert t.store.count(run_id="demos") == 24
    assert (tmp_path / "run" / "final" / "config.json").exists()
    again = _sft(tmp_path / "run")  # resuming never regenerates the demonstrations
    assert again.store.count(run_id="demos") == 24 and again.resume()
    assert again.step_count == t.total_steps


def test_sft_lora_trains_adapters_and_merges(tmp_path):
    t = _sft(tmp_path / "run", ["model.lora_rank=4", "sft.epochs=1"])
    base = {n: p.detach().clone() for n, p in t.model.named_parameters() if "lora_" not in n}
    t.train()
    for n, p in t.model.named_parameters():
        if "lora_" not in n and n in base:
            assert torch.equal(p, base[n]), n
    cfg = json.loads((tmp_path / "run" / "final" / "config.json").read_text())
    assert cfg["model_type"] == "llama"  # merged into a plain model directory
    assert not (tmp_path / "run" / "final" / "adapter_config.json").exists()


def test_sft_resume_matches_uninterrupted(tmp_path):
    full = _sft(tmp_path / "a")
    rows_a = full.train()
    part = _sft(tmp_path / "b")
    for _ in range(2):
        part.step()
    part.save()  # as if killed right after the checkpoint of step 2
    resumed = _sft(tmp_path / "b")
    assert resumed.resume() and resumed.step_count == 2
    rows_b = resumed.train()
    for a, b in zip(rows_a[2:], rows_b):
        assert a["loss"] == b["loss"] and a["step"] == b["step"]


def test_sft_epochs_of_different_lengths_run_to_the_end(tmp_path):
    # batches are filled by tokens, so reshuffled epochs can hold different numbers of batches
    t = _sft(tmp_path / "run", ["sft.epochs=6", "sft.batch_tokens=700"])
    counts = [len(t._epoch_batches(e)) for e in range(6)]
    assert t.total_steps == sum(counts)
    rows = t.train()
    assert rows[-1]["step"] == t.total_steps and rows[-1]["epoch"] == 5


def test_sft_micro_batches_give_the_same_update(tmp_path):
    # gradients accumulated over micro-batches of <= 300 tokens equal one pass over the batch
    # (fp32: bf16 autocast would round the two differently), with the auxiliary LM loss on
    # so both token means are taken over the whole batch
    extra = ["train.precision=fp32", "sft.lm_loss_weight=0.5"]
    whole = _sft(tmp_path / "a", extra)
    split = _sft(tmp_path / "b", [*extra, "sft.micro_batch_tokens=300"])
    idx = whole.schedule[0][1]
    assert len(split._micro_batches(idx)) > 1  # it really splits the first batch
    for step in range(3):
        ra, rb = whole.step(), split.step()
        assert rb["loss"] == pytest.approx(ra["loss"], rel=1e-5)
        assert rb["total_loss"] == pytest.approx(ra["total_loss"], rel=1e-5)
        assert rb["tokens"] == ra["tokens"]
        if step == 0:  # same weights before it: the accumulated gradients match (after Adam,
            # rows of the embedding with ~0 gradient amplify rounding, so compare gradients)
            for (n, a), b in zip(whole.model.named_parameters(), split.model.parameters(),
                                 strict=True):
                assert torch.allclose(a.grad, b.grad, rtol=1e-4, atol=1e-7), n


def test_sft_refuses_when_the_clean_expert_never_passes(tmp_path, monkeypatch):
    # regression: a research run whose sandbox could not start python trained on 42 expert
    # demonstrations that all failed (0.36 each) without a word (2026-11-27)
    import veriloop.trainers.sft as sft_mod
    from veriloop.data.store import TrajectoryStore
    from veriloop.errors import ConfigError

    real = sft_mod.make_demonstrations

    def broken_env(cfg, env, store):  # the real demonstrations, graded as a broken env would
        with TrajectoryStore(tmp_path / f"scratch-{cfg.sft.demo_noise}.sqlite") as scratch:
            trajs = [t.model_copy(update={"grade": t.grade.model_copy(
                update={"score": 0.36, "passed": False})}) for t in real(cfg, env, scratch)]
        store.append_many(trajs, step=0)
        return trajs

    monkeypatch.setattr(sft_mod, "make_demonstrations", broken_env)
    with pytest.raises(ConfigError, match="none of the 24 demonstrations .* expert passed"):
        _sft(tmp_path / "run", ["sft.demo_noise=0"])
    monkeypatch.setattr(sft_mod, "make_demonstrations", real)
    # resumed, the stored failures are refused too (not regenerated, not trained on)
    with pytest.raises(ConfigError, match="new run directory"):
        _sft(tmp_path / "run", ["sft.demo_noise=0"])
    monkeypatch.setattr(sft_mod, "make_demonstrations", broken_env)
    # a noisy expert fails some demonstrations on purpose: no refusal for that reason
    assert _sft(tmp_path / "noisy", ["sft.demo_noise=0.5"]).n_demos == 24
