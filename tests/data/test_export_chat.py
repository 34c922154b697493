"""`veriloop export --format trl-sft | trl-dpo | openai` and the Parquet export, read back as
other tools read them: Hugging Face `datasets`, a chat template, veriloop's own chat reader."""

import json
import sys
from functools import partial
from pathlib import Path

import datasets
import pytest

sys.path.insert(0, str(Path(__file__).parents[1] / "viewer"))
sys.path.insert(0, str(Path(__file__).parents[1] / "e2e"))
from cli_run import cli
from viewer_run import make_run

from veriloop.data.chat_data import read_chat_file
from veriloop.data.store import TrajectoryStore
from veriloop.policies.tiny import render_text

veriloop = partial(cli, check=False)


@pytest.fixture(scope="module")
def run(tmp_path_factory):
    """12 arithmetic episodes over 2 steps: a calculator call, then the right answer (even
    samples) or -1 (odd samples); one with an infrastructure fault."""
    return make_run(tmp_path_factory.mktemp("export") / "run")


def _export(run, fmt, out):
    proc = veriloop("export", str(run), "--format", fmt, "--out", str(out))
    assert proc.returncode == 0, proc.stderr
    return proc


def _load(path, kind="json"):
    return datasets.load_dataset(kind, data_files=str(path), split="train",
                                 cache_dir=str(Path(path).parent / "hf-cache"))


def test_parquet_export_loads_in_datasets(run, tmp_path):
    """Issue 46: the grade's components were an Arrow map column, which `datasets` cannot
    load; they are {key, value} records now, and every column comes back."""
    out = tmp_path / "t.parquet"
    _export(run, "parquet", out)
    ds = _load(out, "parquet")
    assert len(ds) == 12
    graded = [r for r in ds if r["grade"] is not None]
    first = graded[0]
    assert first["grade"]["components"] == [{"key": "correct", "value": 1.0}]
    assert first["messages"][2]["tool_calls"][0]["name"] == "calculator"
    assert len(first["token_ids"]) == len(first["loss_mask"]) == len(first["logprobs"])


def test_jsonl_export_loads_in_datasets(run, tmp_path):
    out = tmp_path / "t.jsonl"
    _export(run, "jsonl", out)
    ds = _load(out)
    assert len(ds) == 12 and sorted(set(ds["step"])) == [1, 2]


def test_trl_sft_rows_load_and_carry_each_call_once(run, tmp_path):
    out = tmp_path / "sft.jsonl"
    assert "11 conversations" in _export(run, "trl-sft", out).stdout  # 12 less the fault
    ds = _load(out)
    assert len(ds) == 11 and set(ds.column_names) == {"messages", "tools"}
    row = ds[0]
    roles = [m["role"] for m in row["messages"]]
    assert roles == ["system", "user", "assistant", "tool", "assistant"]
    call_msg = row["messages"][2]
    assert call_msg["content"] == ""  # the raw <tool_call> span is not in content as well
    [call] = call_msg["tool_calls"]
    assert call["type"] == "function" and call["function"]["name"] == "calculator"
    assert isinstance(call["function"]["arguments"], dict)  # chat templates take an object
    assert row["messages"][3]["tool_call_id"] == call["id"] == "call_0_0"
    [tool] = json.loads(row["tools"])
    assert tool["function"]["name"] == "calculator"
    assert tool["function"]["parameters"]["required"] == ["expression"]


def test_a_tool_call_appears_once_when_a_chat_template_renders_it(run, tmp_path):
    """The exported messages through the embedded model's chat template (which writes
    `tool_calls` as Hermes <tool_call> spans): each calculator call shows once. The export
    before issue 46 kept the span in `content` too, and it showed twice."""
    out = tmp_path / "sft.jsonl"
    _export(run, "trl-sft", out)
    rows = [json.loads(line) for line in out.read_text().splitlines()]
    for row in rows:
        text = render_text(row["messages"], json.loads(row["tools"]))
        calls = [c for m in row["messages"] for c in m.get("tool_calls", ())]
        assert len(calls) == 1
        assert text.count('{"name": "calculator"') == 1, text
        assert text.count(json.dumps(calls[0]["function"]["arguments"])) == 1


def test_openai_rows_have_json_arguments_and_tool_schemas(run, tmp_path):
    out = tmp_path / "openai.jsonl"
    _export(run, "openai", out)
    rows = [json.loads(line) for line in out.read_text().splitlines()]
    assert len(rows) == 11
    call = rows[0]["messages"][2]["tool_calls"][0]
    assert json.loads(call["function"]["arguments"])["expression"]  # JSON text, as the API
    assert rows[0]["tools"][0]["type"] == "function"
    assert "<tool_call>" not in rows[0]["messages"][2]["content"]


def test_trl_dpo_pairs_a_better_and_a_worse_answer_of_one_task(run, tmp_path):
    out = tmp_path / "dpo.jsonl"
    _export(run, "trl-dpo", out)
    ds = _load(out)
    assert set(ds.column_names) == {"prompt", "chosen", "rejected", "tools"}
    # each step's 3 tasks have a right (even) and a wrong (odd) sample: 6 pairs, less the
    # one whose wrong sample is an infrastructure fault
    assert len(ds) == 5
    for row in ds:
        assert [m["role"] for m in row["prompt"]] == ["system", "user"]
        assert row["chosen"][-1]["content"] != "<answer>-1</answer>"
        assert row["rejected"][-1]["content"] == "<answer>-1</answer>"
        assert row["chosen"][0]["tool_calls"][0]["function"]["name"] == "calculator"


def test_trl_sft_export_reads_back_as_the_same_conversations(run, tmp_path):
    """Equivalence: the exported rows read by `sft.data`'s reader give back each
    trajectory's turns (action text with the call in veriloop's format, the observations)."""
    out = tmp_path / "sft.jsonl"
    _export(run, "trl-sft", out)
    back = read_chat_file(out)
    with TrajectoryStore(run / "trajectories.sqlite") as store:
        trajs = [t for _, t in store.iter_with_steps() if not t.is_infra_error]
    assert len(back) == len(trajs) == 11
    for a, b in zip(trajs, back, strict=True):
        assert b.prompt == a.prompt and b.tools == a.tools
        assert [t.action_text for t in b.turns] == [t.action_text for t in a.turns]
        assert [t.tool_calls[0].arguments for t in b.turns if t.tool_calls] == \
            [t.tool_calls[0].arguments for t in a.turns if t.tool_calls]
        assert [[m.content for m in t.observation] for t in b.turns] == \
            [[m.content for m in t.observation] for t in a.turns]
