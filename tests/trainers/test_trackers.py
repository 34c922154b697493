"""Issue 17.5: the experiment trackers (`logging.trackers`) get the same numbers as
metrics.jsonl, read back through each tracker's own API or files, offline; a tracker whose
package is missing is one clear error line before any model loads. The tracker tests skip where
the extra is not installed."""

import glob
import json
import struct
import sys
from pathlib import Path

import pytest

from veriloop.errors import ConfigError
from veriloop.run.build import build_env_and_grader, build_tracker
from veriloop.run.config import load_config
from veriloop.trainers import trackers
from veriloop.trainers.common import policy_from_config
from veriloop.trainers.config import LoggingConfig
from veriloop.trainers.metrics import read_metrics, scalars
from veriloop.trainers.rl import RLTrainer

CONFIGS = Path(__file__).resolve().parents[2] / "configs"


def train(run, tiny, tracker, *extra):
    """Two RL steps on the tiny model with held-out evaluation (eval/pass@1 ...) before and
    after; the rows of metrics.jsonl as {step: finite scalars}."""
    cfg = load_config(None, [*tiny, "train.steps=2", "env.eval_tasks=2",
                             f"logging.trackers=[{tracker}]", "logging.project=veriloop-test",
                             *extra])
    t = RLTrainer(cfg, run, policy_from_config(cfg.model), trackers=build_tracker)
    t.setup(*build_env_and_grader(t.cfg))
    t.train(progress=False)
    t.close()
    rows = {r["step"]: scalars({k: v for k, v in r.items() if k != "step"})
            for r in read_metrics(run / "metrics.jsonl")}
    assert sorted(rows) == [0, 1, 2] and "eval/pass@1" in rows[0] and "reward" in rows[1]
    return rows


def test_mlflow_file_store_holds_the_metrics(tmp_path, tiny, monkeypatch):
    pytest.importorskip("mlflow")
    from mlflow.tracking import MlflowClient

    monkeypatch.delenv("MLFLOW_TRACKING_URI", raising=False)
    rows = train(tmp_path / "run", tiny, "mlflow")
    client = MlflowClient(tracking_uri=(tmp_path / "run" / "mlruns").as_uri())
    exp = client.get_experiment_by_name("veriloop-test")
    (run,) = client.search_runs([exp.experiment_id])
    assert run.info.run_name == "run" and run.info.status == "FINISHED"
    assert run.data.params["optim.lr"] == "0.0001"
    for key in {k for r in rows.values() for k in r}:
        logged = {m.step: m.value for m in client.get_metric_history(
            run.info.run_id, trackers.mlflow_key(key))}
        assert logged == pytest.approx({s: r[key] for s, r in rows.items() if key in r}), key
    assert trackers.mlflow_key("eval/pass@1") == "eval/pass_1"


def wandb_records(path):
    """The records of a .wandb file (W&B's LevelDB-style log: a 7-byte header, 32 KiB blocks of
    chunks with a 7-byte header each: crc, length, type 1 full / 2 first / 3 middle / 4 last)."""
    from wandb.proto import wandb_internal_pb2

    raw, pos, block, buf = Path(path).read_bytes(), 7, 32768, b""
    while pos + 7 <= len(raw):
        left = block - pos % block
        _crc, n, kind = struct.unpack("<IHB", raw[pos:pos + 7]) if left >= 7 else (0, 0, 0)
        if n == 0 and kind == 0:  # the padded end of a block
            pos += left
            continue
        buf, pos = buf + raw[pos + 7:pos + 7 + n], pos + 7 + n
        if kind in (1, 4):
            record = wandb_internal_pb2.Record()
            record.ParseFromString(buf)
            yield record
            buf = b""


def test_wandb_offline_run_holds_the_metrics(tmp_path, tiny, monkeypatch):
    pytest.importorskip("wandb")
    monkeypatch.delenv("WANDB_MODE", raising=False)
    rows = train(tmp_path / "run", tiny, "wandb")
    (path,) = glob.glob(str(tmp_path / "run" / "wandb" / "offline-run-*" / "*.wandb"))
    logged = {}
    for record in wandb_records(path):
        if record.WhichOneof("record_type") == "history":
            items = {i.key or "/".join(i.nested_key): json.loads(i.value_json)
                     for i in record.history.item}
            logged[items["_step"]] = {k: v for k, v in items.items() if not k.startswith("_")}
    assert logged.keys() == rows.keys()
    for step, row in rows.items():
        assert logged[step] == pytest.approx(row), step


def test_trackio_local_database_holds_the_metrics(tmp_path, tiny, monkeypatch):
    monkeypatch.setenv("TRACKIO_DIR", str(tmp_path / "trackio"))  # read when trackio imports
    pytest.importorskip("trackio")
    from trackio.sqlite_storage import SQLiteStorage

    project = f"veriloop-test-{tmp_path.name}"
    rows = train(tmp_path / "run", tiny, "trackio", f"logging.project={project}")
    logged = {r["step"]: {k: v for k, v in r.items() if k not in ("step", "timestamp")}
              for r in SQLiteStorage.get_logs(project, "run")}
    assert logged.keys() == rows.keys()
    for step, row in rows.items():
        assert logged[step] == pytest.approx(row), step
    assert SQLiteStorage.get_run_config(project, "run")["optim"]["lr"] == 1e-4


def test_a_missing_tracker_package_is_one_clear_error_before_the_model_loads(
        tmp_path, capsys, monkeypatch):
    from veriloop.cli import app

    monkeypatch.setitem(sys.modules, "wandb", None)  # `import wandb` raises ImportError
    with pytest.raises(ConfigError, match=r"pip install 'veriloop\[wandb\]'"):
        trackers.require(["wandb"])
    with pytest.raises(SystemExit) as exit_:
        app(args=["train", str(CONFIGS / "grpo.yaml"), "logging.trackers=[wandb]", "--run-dir",
                  str(tmp_path / "run")], prog_name="veriloop")
    err = capsys.readouterr().err
    assert exit_.value.code == 2
    assert err.count("\n") == 1 and err.startswith("error: logging.trackers: wandb needs")
    assert "pip install 'veriloop[wandb]'" in err
    assert not (tmp_path / "run" / "config.yaml").exists()


def test_the_config_names_exactly_the_registered_trackers():
    field = LoggingConfig.model_fields["trackers"].annotation
    assert set(field.__args__[0].__args__) == set(trackers.TRACKERS)
    with pytest.raises(ConfigError, match="logging.trackers"):
        load_config(None, ["logging.trackers=[neptune]"])
