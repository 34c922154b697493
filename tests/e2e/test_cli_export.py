"""`veriloop export RUN_DIR --format jsonl|parquet`: step, messages, grade and turns are real
(typed, nested) columns, not JSON strings; filters; a missing store is one error line."""

import json
import subprocess
import sys
from functools import partial
from pathlib import Path

import pyarrow as pa
import pyarrow.parquet as pq
import pytest

sys.path.insert(0, str(Path(__file__).parents[1] / "viewer"))
from cli_run import cli
from viewer_run import make_run

# in this process (the same app and error handler); process=True: the real command
veriloop = partial(cli, check=False)


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
    # {key, value} records, not an Arrow map: `datasets` cannot load a map column (issue 46)
    components = s.field("grade").type.field("components").type
    assert pa.types.is_list(components) and components.value_type == pa.struct(
        [("key", pa.string()), ("value", pa.float64())])
    rows = table.to_pylist()
    assert sorted({r["step"] for r in rows}) == [1, 2]
    first = rows[0]
    assert [m["role"] for m in first["messages"]][:2] == ["system", "user"]
    assert first["messages"][2]["tool_calls"][0]["name"] == "calculator"
    assert first["grade"]["components"] == [{"key": "correct", "value": 1.0}]
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
    proc = veriloop("export", str(tmp_path), "--format", "parquet", process=True)
    assert proc.returncode == 2
    assert "no trajectory store" in proc.stderr and "Traceback" not in proc.stderr
    assert len(proc.stderr.strip().splitlines()) == 1


def _full_disk_export(run, fmt, size="16k"):
    """`veriloop export` onto a real, nearly full tmpfs (mounted in a private mount namespace,
    so nothing on the host changes); (proc, what the tmpfs held afterwards), or None where
    this machine cannot mount one (not root, no unshare)."""
    disk = run.parent / "disk"
    disk.mkdir()
    script = (f"mount -t tmpfs -o size={size} none {disk} || exit 99; "
              f"{sys.executable} -m veriloop.cli export {run} --format {fmt} "
              f"--out {disk}/out.{fmt}; rc=$?; ls -A {disk} >&2; exit $rc")
    try:
        proc = subprocess.run(["unshare", "-m", "sh", "-c", script], capture_output=True,
                              text=True, timeout=300, check=False)
    except FileNotFoundError:
        return None
    return None if proc.returncode == 99 else proc


@pytest.mark.parametrize("fmt", ["jsonl", "parquet"])
def test_export_to_a_full_disk_is_one_error_line_and_leaves_no_file(tmp_path, fmt):
    """Issue 43: exporting onto a full disk was an OSError traceback that left a half-written
    file under the target's name; now one error line, exit 2, and the disk holds no file."""
    run = make_run(tmp_path / "run")
    proc = _full_disk_export(run, fmt)
    if proc is None:
        pytest.skip("cannot mount a tmpfs here (needs root and unshare); see the next test")
    err_lines = proc.stderr.strip().splitlines()
    assert proc.returncode == 2, proc.stderr
    assert "Traceback" not in proc.stderr
    assert len(err_lines) == 1, proc.stderr  # the error line only: `ls -A` of the disk is empty
    assert "No space left on device" in err_lines[0] and "free space" in err_lines[0]


def test_export_error_keeps_an_earlier_complete_file(tmp_path, monkeypatch, capsys):
    """The same contract where no tmpfs can be mounted: a write that fails with ENOSPC (at
    the final sync, where a full disk often surfaces) leaves the earlier export intact and no
    temporary file."""
    import errno
    import os

    from veriloop.cli import app

    run = make_run(tmp_path / "run")
    out = tmp_path / "out" / "t.jsonl"
    out.parent.mkdir()
    out.write_text("an earlier, complete export\n")

    def full(fd):
        raise OSError(errno.ENOSPC, os.strerror(errno.ENOSPC))

    monkeypatch.setattr(os, "fsync", full)
    with pytest.raises(SystemExit) as exit_:
        app(args=["export", str(run), "--out", str(out)], prog_name="veriloop")
    err = capsys.readouterr().err
    assert exit_.value.code == 2, err
    assert err.startswith("error: could not write") and err.count("\n") == 1, err
    assert out.read_text() == "an earlier, complete export\n"
    assert sorted(p.name for p in out.parent.iterdir()) == ["t.jsonl"]
