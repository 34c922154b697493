"""`veriloop export RUN_DIR --format jsonl|parquet`: step, messages, grade and turns are real
(typed, nested) columns, not JSON strings; filters; a missing store is one error line."""

import json
import subprocess
import sys
from pathlib import Path

import pyarrow as pa
import pyarrow.parquet as pq

sys.path.insert(0, str(Path(__file__).parents[1] / "viewer"))
from viewer_run import make_run


def veriloop(*args):
    return subprocess.run([sys.executable, "-m", "veriloop.cli", *args], capture_output=True,
                          text=True, timeout=300, check=False)


def test_parquet_columns_are_typed(tmp_path):
    run = make_run(tmp_path / "run")
    proc = veriloop("export", str(run), "--format", "parquet")
    assert proc.returncode == 0, proc.stderr
    assert "12 trajectories" in proc.stdout
    table = pq.read_table(run / "trajectories.parquet")
    s = table.schema
    assert s.field("step").type == pa.int64()
    assert pa.types.is_list(s.field("messages").type)
    assert pa.types.is_struct(s.field("grade").type)
    assert pa.types.is_map(s.field("grade").type.field("components").type)
    rows = table.to_pylist()
    assert sorted({r["step"] for r in rows}) == [1, 2]
    first = rows[0]
    assert [m["role"] for m in first["messages"]][:2] == ["system", "user"]
    assert first["messages"][2]["tool_calls"][0]["name"] == "calculator"
    assert first["grade"]["components"] == [("correct", 1.0)]
    assert first["grade"]["flags"] == ["tamper: wrote the answer file"]
    assert first["turns"][0]["tool_results"][0]["name"] == "calculator"
    assert len(first["token_ids"]) == len(first["loss_mask"]) == len(first["logprobs"])


def test_jsonl_nested_values_and_filters(tmp_path):
    run = make_run(tmp_path / "run")
    out = tmp_path / "failed.jsonl"
    proc = veriloop("export", str(run), "--format", "jsonl", "--failed", "--step", "1",
                    "--out", str(out))
    assert proc.returncode == 0, proc.stderr
    rows = [json.loads(x) for x in out.read_text().splitlines()]
    assert len(rows) == 3  # step 1: the three odd samples answer -1
    for r in rows:
        assert r["step"] == 1 and r["passed"] is False
        assert isinstance(r["grade"], dict) and r["grade"]["score"] == 0.0
        assert r["messages"][-1]["role"] == "assistant"
        assert r["messages"][-1]["content"] == "<answer>-1</answer>"


def test_missing_store_is_one_error_line(tmp_path):
    proc = veriloop("export", str(tmp_path), "--format", "parquet")
    assert proc.returncode == 2
    assert "no trajectory store" in proc.stderr and "Traceback" not in proc.stderr
    assert len(proc.stderr.strip().splitlines()) == 1
