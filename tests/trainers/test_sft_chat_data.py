"""`kind: sft` with `sft.data`: a chat file in TRL's `messages` format (tool calls included)
trains the same SFT trainer; the loss covers the assistant tokens only; bad rows are named."""

import json
import random
import sys
from pathlib import Path

import pyarrow as pa
import pyarrow.parquet as pq
import pytest
import torch

sys.path.insert(0, str(Path(__file__).parents[1] / "e2e"))
from cli_run import cli, one_error_line

from veriloop.data.chat_data import read_chat_file
from veriloop.errors import ConfigError
from veriloop.run.config import load_config
from veriloop.trainers.common import policy_from_config
from veriloop.trainers.sft import SFTTrainer
from veriloop.types import Message

CALC = {"type": "function", "function": {
    "name": "calculator", "description": "Evaluate.",
    "parameters": {"type": "object", "properties": {"expression": {"type": "string"}}}}}
TOOL_ROW = {"messages": [
    {"role": "system", "content": "Use tools."},
    {"role": "user", "content": "2+3?"},
    {"role": "assistant", "content": "", "tool_calls": [
        {"id": "c1", "type": "function",
         "function": {"name": "calculator", "arguments": {"expression": "2+3"}}}]},
    {"role": "tool", "tool_call_id": "c1", "name": "calculator", "content": "5"},
    {"role": "assistant", "content": "<answer>5</answer>"}], "tools": [CALC]}


def _jsonl(path, rows):
    path.write_text("".join(json.dumps(r) + "\n" for r in rows))
    return path


def _trainer(run, data, extra=()):
    cfg = load_config(None, ["kind=sft", "model.size=xs", f"sft.data={data}",
                             "sft.warmup_steps=1", "sft.save_every=0", *extra])
    t = SFTTrainer(cfg, run, policy_from_config(cfg.model), progress=False)
    t.setup(None)  # no environment: the demonstrations are the file's
    return t


def test_the_loss_mask_covers_only_the_assistant_tokens(tmp_path):
    """Hand-worked on the embedded model's template (`<|role|>content<|end|>`, tools listed
    in the system message, calls as Hermes spans): the masked ids decode to exactly the two
    assistant messages with their end-of-turn markers, the rest to everything else."""
    plain = {"messages": [{"role": "user", "content": "hi"},
                          {"role": "assistant", "content": "A"}]}
    t = _trainer(tmp_path / "run", _jsonl(tmp_path / "d.jsonl", [plain, TOOL_ROW]))
    decode = t.policy.renderer.decode

    def split(ids, mask):
        return (decode([i for i, m in zip(ids, mask, strict=True) if m]),
                decode([i for i, m in zip(ids, mask, strict=True) if not m]))

    assert [split(*s) for s in t.sequences] == [
        ("A<|end|>", "<|user|>hi<|end|><|assistant|>"),
        (('<tool_call>{"name": "calculator", "arguments": {"expression": "2+3"}}</tool_call>'
         "<|end|><answer>5</answer><|end|>"),
         ("<|system|>Use tools.\n\nYou can call these tools:\ncalculator(expression:string) "
         "Evaluate.<|end|><|user|>2+3?<|end|><|assistant|><|tool|>5<|end|><|assistant|>"))]
    # the rendering is the template's own: prompt + both turns equal apply_chat_template
    ids, _ = t.sequences[1]
    row = read_chat_file(tmp_path / "d.jsonl")[1]
    full = t.policy.renderer.template_text(list(row.messages()), row.tools,
                                           add_generation_prompt=False)
    assert decode(ids) == full


def _greedy(model, renderer, question, n=5):
    ids = list(renderer.render_prompt([Message(role="user", content=question)], ()).ids)
    model.eval()
    with torch.no_grad():
        for _ in range(n):
            ids.append(int(model(torch.tensor([ids])).logits[0, -1].argmax()))
    model.train()
    return renderer.decode(ids[-n:])


def test_sft_from_a_chat_file_learns_a_constant_answer(tmp_path):
    """32 questions that all have the answer 7: the loss falls by more than 2 nats a token and
    greedy decoding on an unseen question writes the answer, which the untrained model does
    not."""
    rng = random.Random(0)
    rows = [{"messages": [
        {"role": "user", "content": f"Tom has {rng.randint(2, 99)} apples. How many pears?"},
        {"role": "assistant", "content": "<answer>7</answer>"}]} for _ in range(32)]
    t = _trainer(tmp_path / "run", _jsonl(tmp_path / "c.jsonl", rows),
                 ["sft.epochs=6", "sft.batch_tokens=512"])
    question = "Tom has 123 apples. How many pears?"
    assert not _greedy(t.model, t.policy.renderer, question).startswith("<answer>7</answer>")
    metrics = t.train()
    assert len(metrics) == t.total_steps == 12
    assert metrics[-1]["loss"] < metrics[0]["loss"] - 2.0
    assert _greedy(t.model, t.policy.renderer, question).startswith(
        "<answer>7</answer><|end|>")


def test_parquet_and_jsonl_rows_read_the_same(tmp_path):
    """Equivalence: the same rows as JSONL and as Parquet (tools as JSON text, as TRL stores a
    column of varying schemas) give the same conversations."""
    rows = [TOOL_ROW, {"prompt": [{"role": "user", "content": "hi"}],
                       "completion": [{"role": "assistant", "content": "A"}]}]
    a = read_chat_file(_jsonl(tmp_path / "d.jsonl", rows))
    flat = [{"messages": r.get("messages", r.get("prompt", []) + r.get("completion", [])),
             "tools": json.dumps(r["tools"]) if "tools" in r else None} for r in rows]
    for r in flat:  # Parquet needs one type per column: arguments as JSON text
        for m in r["messages"]:
            for c in m.get("tool_calls", ()):
                c["function"]["arguments"] = json.dumps(c["function"]["arguments"])
    pq.write_table(pa.Table.from_pylist(flat), tmp_path / "d.parquet")
    b = read_chat_file(tmp_path / "d.parquet")
    assert [x.messages() for x in a] == [x.messages() for x in b]
    assert [x.tools for x in a] == [x.tools for x in b] and a[0].tools[0].name == "calculator"
    assert a[1].turns[0].action_text == "A" and a[0].turns[1].action_text == "<answer>5</answer>"


BAD = [
    ("not json {", "line 2: not JSON"),
    ('{"text": "hi"}', ("line 2: no 'messages' list (nor 'prompt' + 'completion' lists); "
                       "columns found: text")),
    ('{"messages": "hi"}', "line 2: 'messages' is a string"),
    ('{"messages": [{"role": "user", "content": "hi"}]}', "line 2: no assistant message"),
    ('{"messages": [{"role": "assistant", "content": "A"}]}', ("line 2: messages[0] is an "
                                                              "assistant message")),
    ('{"messages": [{"role": "bot", "content": "A"}]}', "line 2: messages[0]: role 'bot'"),
    (('{"messages": [{"role": "user", "content": "q"}, {"role": "assistant", "content": "", '
     '"tool_calls": [{"function": {"name": "f", "arguments": "{oops"}}]}]}'),
     "line 2: messages[1].tool_calls[0]: arguments are not JSON"),
    (('{"messages": [{"role": "user", "content": "q", "name": 3}, {"role": "assistant", '
     '"content": "A"}]}'), "line 2: messages[0].name: Input should be a valid string"),
    (('{"messages": [{"role": "user", "content": "q"}, {"role": "assistant", "content": "A"}], '
     '"tools": [{"type": "function"}]}'), "line 2: tools[0] must be"),
]


@pytest.mark.parametrize(("line", "said"), BAD, ids=[s.split(":")[1].strip()[:24] for _, s in BAD])
def test_a_malformed_row_names_its_file_and_line(tmp_path, line, said):
    good = json.dumps({"messages": [{"role": "user", "content": "q"},
                                    {"role": "assistant", "content": "a"}]})
    path = tmp_path / "chat.jsonl"
    path.write_text(f"{good}\n{line}\n")
    with pytest.raises(ConfigError) as e:
        read_chat_file(path)
    assert str(e.value).startswith(f"sft.data: {path} {said}"), str(e.value)
    assert "\n" not in str(e.value)


def test_a_malformed_parquet_row_is_named_by_row(tmp_path):
    pq.write_table(pa.Table.from_pylist([{"messages": [{"role": "user", "content": "q"}]}]),
                   tmp_path / "c.parquet")
    with pytest.raises(ConfigError, match=r"c\.parquet row 1: no assistant message"):
        read_chat_file(tmp_path / "c.parquet")


def test_train_with_a_bad_row_is_one_error_line_before_the_model_loads(tmp_path):
    path = _jsonl(tmp_path / "chat.jsonl", [TOOL_ROW])
    path.write_text(path.read_text() + '{"messages": [{"role": "user", "content": "q"}]}\n')
    proc = cli("train", "sft", "model.size=xs", f"sft.data={path}", "--run-dir",
               str(tmp_path / "run"), cwd=tmp_path, check=False)
    line = one_error_line(proc)
    assert f"{path} line 2: no assistant message" in line
    assert not (tmp_path / "run").exists()  # refused in the preflight, nothing written
    missing = cli("train", "sft", "model.size=xs", f"sft.data={tmp_path / 'none.jsonl'}",
                  cwd=tmp_path, check=False)
    assert "none.jsonl does not exist" in one_error_line(missing)


def test_sft_data_and_sft_store_are_exclusive():
    with pytest.raises(ConfigError, match="sft.store and sft.data"):
        load_config(None, ["kind=sft", "sft.data=a.jsonl", "sft.store=b.sqlite"])
