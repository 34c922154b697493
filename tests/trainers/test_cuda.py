"""The trainers with the model on a CUDA GPU (`model.device`; skipped where torch sees none):
the packed forward of a GPU model equals the CPU model's in values and gradients, and SFT and
GRPO train the tiny model on the GPU. Run on a GPU machine with `pytest tests/trainers/test_cuda.py`."""

import copy
from pathlib import Path

import pytest
import torch
from transformers import LlamaConfig, LlamaForCausalLM

from veriloop.run.build import build_env, build_env_and_grader
from veriloop.run.config import load_config
from veriloop.trainers.batch import forward_logprobs, pack
from veriloop.trainers.common import policy_from_config
from veriloop.trainers.rl import RLTrainer
from veriloop.trainers.sft import SFTTrainer

pytestmark = pytest.mark.skipif(not torch.cuda.is_available(), reason="needs a CUDA GPU")
CONFIGS = Path(__file__).resolve().parents[2] / "configs"


def test_gpu_forward_equals_cpu_forward_in_values_and_gradients():
    torch.manual_seed(0)
    cfg = LlamaConfig(vocab_size=50, hidden_size=32, num_hidden_layers=2, num_attention_heads=4,
                      num_key_value_heads=2, intermediate_size=64, max_position_embeddings=64)
    cpu = LlamaForCausalLM(cfg).eval()
    gpu = copy.deepcopy(cpu).cuda()
    seqs = [[1, 5, 7, 9, 11, 3], [1, 5, 7, 2, 4], [8, 8, 9, 10, 12, 14, 16, 18, 20]]
    masks = [[0, 0, 1, 1, 1, 1], [0, 0, 0, 1, 1], [0] * 4 + [1] * 5]
    packed = pack(seqs, masks, row_len=12)  # the first two share a prefix: the grouped forward
    outs = [forward_logprobs(m, packed, temperature=0.7, entropy=True) for m in (cpu, gpu)]
    assert outs[1].logprobs.device.type == "cpu"  # results come back to the batch's device
    torch.testing.assert_close(outs[1].logprobs, outs[0].logprobs, atol=1e-4, rtol=1e-4)
    torch.testing.assert_close(outs[1].entropy, outs[0].entropy, atol=1e-4, rtol=1e-4)
    for out in outs:
        (out.logprobs * packed.loss_mask).sum().backward()
    for p, q in zip(cpu.parameters(), gpu.parameters(), strict=True):
        assert q.grad.device.type == "cuda"
        torch.testing.assert_close(q.grad.cpu(), p.grad, atol=1e-4, rtol=1e-3)


def test_sft_and_grpo_train_the_tiny_model_on_the_gpu(tmp_path, tiny):
    cfg = load_config(None, ["kind=sft", "model.size=xs", "model.device=cuda", "sft.demos=8",
                             "sft.epochs=2", "sft.batch_tokens=1024", "sft.warmup_steps=1"])
    sft = SFTTrainer(cfg, tmp_path / "sft", policy_from_config(cfg.model), progress=False)
    sft.setup(build_env(sft.cfg))
    rows = sft.train()
    assert next(sft.model.parameters()).device.type == "cuda"
    assert rows[-1]["loss"] < rows[0]["loss"]
    model = sft.save_final()
    cfg = load_config(CONFIGS / "grpo.yaml", [*tiny, "model.device=cuda", "optim.lr=0.01"])
    rl = RLTrainer(cfg.model_copy(update={"init": str(model)}), tmp_path / "rl",
                   policy_from_config(cfg.model, init=model))
    rl.setup(*build_env_and_grader(rl.cfg))
    before = [p.detach().clone() for p in rl.model.parameters()]
    metrics = [rl.step() for _ in range(2)]
    assert all(m["score"] == m["score"] for m in metrics)  # not NaN
    assert next(rl.model.parameters()).device.type == "cuda"
    assert any(not torch.equal(a, b) for a, b in zip(before, rl.model.parameters(), strict=True))
    assert rl.evaluate()["mean_score"] >= 0
    rl.close()


@pytest.mark.parametrize("clip", [1.0, 0.0])
def test_ppo_trains_a_gpu_model_beside_its_cpu_value_head(tmp_path, tiny, clip):
    cfg = load_config(CONFIGS / "ppo.yaml", [*tiny, "model.device=cuda",
                                             f"optim.grad_clip={clip}"])
    rl = RLTrainer(cfg, tmp_path / "rl", policy_from_config(cfg.model))
    rl.setup(*build_env_and_grader(rl.cfg))
    m = rl.step()  # the gradient norm over GPU and CPU parameters (it raised with clip 0)
    assert m["grad_norm"] == m["grad_norm"]  # not NaN
    assert {p.device.type for p in rl.params} == {"cuda", "cpu"}
    rl.save()
    weights = [p.detach().cpu() for p in rl.model.parameters()]
    rl.close()
    cpu_cfg = cfg.model_copy(update={"model": cfg.model.model_copy(update={"device": "cpu"})})
    again = RLTrainer(cpu_cfg, tmp_path / "rl", policy_from_config(cpu_cfg.model))
    again.setup(*build_env_and_grader(again.cfg))
    assert again.resume() and again.step_count == 1  # a GPU checkpoint resumes on the CPU
    for a, b in zip(weights, again.model.parameters(), strict=True):
        assert torch.equal(a, b.detach())
    again.close()
