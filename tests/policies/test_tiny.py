"""The embedded tiny model: deterministic build, chat template, loadable by transformers alone."""

from __future__ import annotations

import json
import shutil
import subprocess
import sys
import threading
import time
from typing import Literal

import torch

from veriloop.policies.tiny import FORMAT_VERSION, SIZES, TAG_TOKENS
from veriloop.run import tiny as tiny_build
from veriloop.run.tiny import build_tiny, ensure_tiny
from veriloop.types import Message, ToolSpec

CALC = ToolSpec(name="calculator", description="Evaluate an expression.",
                parameters={"type": "object", "properties": {"expression": {"type": "string"}},
                            "required": ["expression"]})


def test_build_is_deterministic_from_the_seed(tmp_path):
    # two fresh builds: the session's tiny_path is the machine's cache, built by an older
    # checkout perhaps (the cache is rebuilt only when FORMAT_VERSION changes)
    first = build_tiny(tmp_path / "first", size="xs", seed=0)
    again = build_tiny(tmp_path / "again", size="xs", seed=0)
    assert (again / "tokenizer.json").read_text() == (first / "tokenizer.json").read_text()
    from safetensors.torch import load_file

    a, b = load_file(first / "model.safetensors"), load_file(again / "model.safetensors")
    assert a.keys() == b.keys() and all(torch.equal(a[k], b[k]) for k in a)
    other = build_tiny(tmp_path / "other", size="xs", seed=1)
    c = load_file(other / "model.safetensors")
    assert not torch.equal(a["model.embed_tokens.weight"], c["model.embed_tokens.weight"])


def test_sizes_and_metadata(tiny_path, tiny_policy):
    meta = json.loads((tiny_path / "veriloop_tiny.json").read_text())
    assert meta["size"] == "xs" and meta["seed"] == 0
    cfg = tiny_policy.model.config
    assert (cfg.hidden_size, cfg.num_hidden_layers) == (SIZES["xs"].hidden, SIZES["xs"].layers)
    assert cfg.model_type == "llama" and len(tiny_policy.tokenizer) == 1024
    assert 100_000 < meta["parameters"] < 300_000


def test_tokenizer_is_trained_on_environment_text(tiny_policy):
    tok = tiny_policy.tokenizer
    # words of the arithmetic env are single tokens; Hermes tags are one token each
    for word in ["Ġapples", "calculator", "Ġmarbles", "expression"]:
        assert word in tok.get_vocab(), word
    for tag in TAG_TOKENS:
        assert len(tok(tag, add_special_tokens=False).input_ids) == 1
    text = "Ava has 12 apples. How many apples does Ava have now?"
    assert len(tok(text, add_special_tokens=False).input_ids) <= 14
    assert tok.decode(tok(text, add_special_tokens=False).input_ids) == text


def test_chat_template_roles_and_tools(tiny_policy):
    r = tiny_policy.renderer
    msgs = [Message(role="system", content="Solve it."), Message(role="user", content="2+3?")]
    text = r.render_prompt(msgs, [CALC]).text
    assert text.startswith("<|system|>Solve it.\n\nYou can call these tools:\ncalculator(")
    params = CALC.parameters["properties"]
    signature = "calculator(" + ", ".join(f"{k}:{p['type']}" for k, p in params.items()) + ") "
    assert signature + CALC.description + "<|end|>" in text  # one compact line per tool
    assert text.endswith("<|end|><|user|>2+3?<|end|><|assistant|>")
    assert r.eot_text == "<|end|>" and r.native_tools
    obs = r.render_observation([Message(role="tool", content="5")], action_closed=True)
    assert obs.text == "<|tool|>5<|end|><|assistant|>"
    # structured tool calls (OpenAI clients) render as Hermes text
    chat = [{"role": "user", "content": "q"},
            {"role": "assistant", "content": "", "tool_calls": [
                {"type": "function", "function": {"name": "calculator",
                                                  "arguments": {"expression": "2+3"}}}]}]
    rendered = tiny_policy.tokenizer.apply_chat_template(chat, tokenize=False)
    assert rendered == ('<|user|>q<|end|><|assistant|><tool_call>{"name": "calculator", '
                        '"arguments": {"expression": "2+3"}}</tool_call><|end|>')


def test_loads_with_transformers_alone(tiny_path, tiny_policy, tmp_path):
    """save_pretrained -> from_pretrained in a process where importing veriloop fails."""
    resaved = tmp_path / "resaved"
    tiny_policy.model.save_pretrained(resaved)
    tiny_policy.tokenizer.save_pretrained(resaved)
    ids = tiny_policy.renderer.render_prompt([Message(role="user", content="Ava has 3 pens.")],
                                             [CALC]).ids
    with torch.no_grad():
        want = tiny_policy.model(torch.tensor([ids])).logits[0, -1]
    script = f"""
import sys, json, torch
sys.modules["veriloop"] = None  # any veriloop import now raises
from transformers import AutoModelForCausalLM, AutoTokenizer
tok = AutoTokenizer.from_pretrained({str(resaved)!r})
model = AutoModelForCausalLM.from_pretrained({str(resaved)!r})
tools = [{{"type": "function", "function": {CALC.model_dump()!r}}}]
text = tok.apply_chat_template([{{"role": "user", "content": "Ava has 3 pens."}}], tools=tools,
                               tokenize=False, add_generation_prompt=True)
ids = tok(text, add_special_tokens=False).input_ids
with torch.no_grad():
    logits = model(torch.tensor([ids])).logits[0, -1]
print(json.dumps({{"ids": ids, "logits": logits.tolist(), "eos": tok.eos_token}}))
"""
    out = subprocess.run([sys.executable, "-c", script], capture_output=True, text=True,
                         timeout=120, check=False)
    assert out.returncode == 0, out.stderr[-2000:]
    got = json.loads(out.stdout.strip().splitlines()[-1])
    assert got["ids"] == list(ids) and got["eos"] == "<|end|>"
    assert torch.allclose(torch.tensor(got["logits"]), want, atol=1e-5)


def test_ensure_tiny_caches_under_veriloop_home(tiny_path, tmp_path, monkeypatch):
    """The first call builds into $VERILOOP_HOME/models, later ones reuse it. The build is the
    session's real model copied in (a real build is test_build_is_deterministic_from_the_seed's
    subject; here it would only add ~15 s of CPU)."""
    monkeypatch.setenv("VERILOOP_HOME", str(tmp_path))
    builds = []

    def copy_build(out, size, seed, vocab_size):
        builds.append((size, seed, vocab_size))
        shutil.copytree(tiny_path, out, dirs_exist_ok=True)

    monkeypatch.setattr(tiny_build, "build_tiny", copy_build)
    path = ensure_tiny("xs", seed=2)
    assert path == tmp_path / "models" / "tiny-xs-s2"
    stamp = (path / "model.safetensors").stat().st_mtime_ns
    assert ensure_tiny("xs", seed=2) == path  # reused, not rebuilt
    assert (path / "model.safetensors").stat().st_mtime_ns == stamp
    assert builds == [("xs", 2, 1024)]
    from veriloop.policies import load_policy

    pol = load_policy("tiny-xs", seed=2)
    assert pol.name == "tiny-xs" and pol.sampler.fast


def test_concurrent_ensure_tiny_builds_once(tmp_path, monkeypatch):
    """Two callers on a fresh home (e.g. two pytest-xdist workers): one builds, the other waits
    for it and reuses the directory instead of building again and replacing it mid-read."""
    monkeypatch.setenv("VERILOOP_HOME", str(tmp_path))
    builds, first_inside, second_started = [], threading.Event(), threading.Event()

    def fake_build(out, size, seed, vocab_size):
        builds.append(out)
        first_inside.set()
        second_started.wait(timeout=30)
        time.sleep(0.3)  # without the lock the second caller reaches build_tiny meanwhile
        (out / "veriloop_tiny.json").write_text(json.dumps({"format_version": FORMAT_VERSION}))

    monkeypatch.setattr(tiny_build, "build_tiny", fake_build)
    paths = []
    first = threading.Thread(target=lambda: paths.append(ensure_tiny("xs", seed=5)))
    first.start()
    assert first_inside.wait(timeout=30)
    second_started.set()
    paths.append(ensure_tiny("xs", seed=5))
    first.join(timeout=60)
    assert len(builds) == 1, builds
    assert paths == [tmp_path / "models" / "tiny-xs-s5"] * 2
    assert json.loads((paths[0] / "veriloop_tiny.json").read_text())["format_version"] == \
        FORMAT_VERSION


def test_tools_render_as_one_signature_line_each(tiny_policy):
    from veriloop.tools import tool

    @tool
    def share(file_id: str, role: Literal["viewer", "editor"] = "viewer",
              note: str | None = None, page: int = 1) -> str:
        """Share a file.

        Args:
            file_id: the file
        """
        return ""

    text = tiny_policy.renderer.render_prompt(
        [Message(role="user", content="q")], [share.spec]).text
    assert ('You can call these tools:\nshare(file_id:string, role:viewer|editor="viewer", '
            'note:string|null=null, page:integer=1) Share a file.<|end|>') in text


def test_generates_past_2048_positions(tiny_policy):
    """Regression: the tiny model declared 2048 positions, so the sampler gave every turn of a
    longer episode (a repo task passes 2048 tokens by its third turn) zero new tokens."""
    from veriloop.policies.base import GenerationRequest, SamplingParams

    prompt = tuple(tiny_policy.renderer.render_prompt(
        [Message(role="user", content="x" * 3000)], []).ids)
    assert len(prompt) > 2100
    out = tiny_policy.generate([GenerationRequest(prompt_ids=prompt, messages=())],
                               SamplingParams(max_new_tokens=4, temperature=1.0))[0]
    assert len(out.token_ids) >= 1
