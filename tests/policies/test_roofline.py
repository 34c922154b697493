"""`veriloop bench roofline` (issue 47): the work it charges a decode and a training step, by
hand and against torch's own FLOP counter; the ISA detection behind the `auto` precisions."""

from __future__ import annotations

import json
import logging

import torch
from torch.utils.flop_counter import FlopCounterMode
from typer.testing import CliRunner

from veriloop.cli import app
from veriloop.eval.roofline import LORA_TARGETS, _shape, decode_work, train_flops
from veriloop.models.isa import FLAGS, announce, cpu_isa, native_bf16
from veriloop.policies import load_policy

SHAPE = {"body": 100, "head": 10, "layers": 2, "q_width": 4, "kv_width": 2}


def test_decode_work_by_hand():
    # 3 sequences, context 5: 2 x 110 x 3 = 660 weight FLOPs + QK^T and AV 4 x 2 x 4 x 5 x 3 =
    # 480; bytes: 110 weights x 4 + K and V 2 x 2 layers x 2 wide x 5 x 3 sequences x 2 bytes
    assert decode_work(SHAPE, batch=3, context=5, weight_bytes=4, kv_bytes=2) == (1140, 680)


def test_train_flops_by_hand():
    # 6 tokens: forward + activation gradients 2 x 110 x 6 x 2 = 2640, 7 adapter parameters
    # 6 x 7 x 6 = 252, causal attention 2 x 2 x 4 x 3 x 4 x 2 = 384 thrice = 1152
    assert train_flops(SHAPE, rows=2, seq=3, trainable=7) == 2640 + 252 + 1152


def test_train_flops_match_torch_flop_counter(tiny_path):
    """torch's FlopCounterMode counts the matmuls autograd runs (CPU attention is not counted):
    the formula less its attention is an upper bound within the first layer's input-side
    gradients, which autograd skips."""
    from peft import LoraConfig, get_peft_model

    model = load_policy(str(tiny_path)).model
    shape = _shape(model)
    lora = get_peft_model(model, LoraConfig(r=8, lora_alpha=16, target_modules=LORA_TARGETS,
                                            lora_dropout=0.0))
    trainable = sum(p.numel() for p in lora.parameters() if p.requires_grad)
    rows, seq = 2, 48
    ids = torch.randint(0, model.config.vocab_size, (rows, seq),
                        generator=torch.Generator().manual_seed(0))
    with FlopCounterMode(display=False) as counter:
        lora(input_ids=ids, labels=ids).loss.backward()
    attention = 2 * shape["layers"] * shape["q_width"] * seq * (seq + 1) * rows
    matmuls = train_flops(shape, rows, seq, trainable) - 3 * attention
    assert 0.95 * matmuls < counter.get_total_flops() <= matmuls


def test_cli_reports_limits_and_fractions(tiny_path):
    r = CliRunner().invoke(app, ["bench", "roofline", "--model", str(tiny_path), "--batch", "2",
                                 "--seq", "32", "--repeats", "1", "--json"])
    assert r.exit_code == 0, r.output[-2000:]
    res = json.loads(r.stdout.strip().splitlines()[-1])
    assert res["matmul_peak_gflops"]["float32"] > 0 and res["bandwidth_gbs"]["read"] > 0
    assert ("bfloat16" in res["matmul_peak_gflops"]) == native_bf16(torch.device("cpu"))
    assert [p["dtype"] for p in res["decode"]] == list(res["matmul_peak_gflops"])
    for point in res["decode"] + res["train"]:
        assert point["fraction_of_roofline"] > 0 and point["step_seconds"]["n"] == 1
    assert res["decode"][0]["batch"] == 2 and res["train"][0]["trainable"] > 0


def test_cli_bad_option_is_one_line():
    r = CliRunner().invoke(app, ["bench", "roofline", "--batch", "0"])
    assert r.exit_code == 2 and "Traceback" not in r.output


def test_isa_reports_the_flags_torch_acts_on():
    isa = cpu_isa()
    assert set(isa["flags"]) <= set(FLAGS)
    assert isa["capability"] == torch.backends.cpu.get_cpu_capability()
    assert isa["native_bf16"] == native_bf16(torch.device("cpu"))


def test_native_bf16_follows_the_cpu(monkeypatch):
    cpu = torch.device("cpu")
    monkeypatch.setattr(torch.cpu, "_is_avx512_bf16_supported", lambda: False)
    monkeypatch.setattr(torch.cpu, "_is_amx_tile_supported", lambda: False)
    assert not native_bf16(cpu)  # AVX2 only: bf16 would be emulated
    monkeypatch.setattr(torch.cpu, "_is_amx_tile_supported", lambda: True)
    assert native_bf16(cpu)


def test_the_precision_choice_is_logged_once(caplog):
    announce.cache_clear()
    with caplog.at_level(logging.INFO, logger="veriloop.models.isa"):
        for _ in range(3):
            announce("training", torch.bfloat16, "cpu")
    assert len(caplog.records) == 1
    assert "training runs in bfloat16 on cpu (CPU capability" in caplog.records[0].message

