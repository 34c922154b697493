"""`veriloop data profile`: the per-task pass-rate table and histogram land in the run's
report; a bad environment is one error line with exit code 2."""

import csv
import json

from cli_run import veriloop as veriloop_process  # the real command
from cli_run import veriloop_here as veriloop  # the same app and error handler in this process


def test_profile_writes_table_and_histogram(tmp_path):
    proc = veriloop(tmp_path, "data", "profile", "--env", "arithmetic", "--model", "tiny-xs",
                    "--tasks", "3", "--k", "2", "--max-new-tokens", "8", "--out", "prof",
                    "--json")
    assert proc.returncode == 0, proc.stderr
    result = json.loads(proc.stdout.strip().splitlines()[-1])
    rows = list(csv.DictReader((tmp_path / "prof/report/pass_rates.csv").open()))
    assert len(rows) == result["tasks"] == 3
    assert all(r["samples"] == "2" for r in rows)
    assert float(rows[0]["pass_rate"]) == int(rows[0]["passed"]) / 2
    assert (tmp_path / "prof/report/pass_rate_hist.png").read_bytes()[:4] == b"\x89PNG"
    meta = json.loads((tmp_path / "prof/report/profile.json").read_text())
    assert sum(meta["histogram"]) == 3


def test_profile_unknown_env_is_one_line(tmp_path):
    proc = veriloop_process(tmp_path, "data", "profile", "--env", "nope", "--policy", "expert")
    assert proc.returncode == 2
    assert proc.stderr.strip().startswith("error:") and len(proc.stderr.strip().splitlines()) == 1


def test_synthesize_from_the_cli(tmp_path):
    made = veriloop(tmp_path, "rollout", "--env", "arithmetic", "--policy", "expert", "--tasks",
                    "3", "--split", "train", "--out", "exp")
    assert made.returncode == 0, made.stderr
    proc = veriloop(tmp_path, "data", "synthesize", "--store", "exp/trajectories.sqlite",
                    "--model", "tiny-xs", "--sources", "3", "--test-tasks", "10", "--out",
                    "new.jsonl", "--json")
    assert proc.returncode == 0, proc.stderr
    summary = json.loads(proc.stdout.strip().splitlines()[-1])
    # the untrained model writes no parseable variation: every candidate is rejected, counted
    assert summary["synthesized"] + sum(summary["rejected"].values()) == 3
    assert len((tmp_path / "new.jsonl").read_text().splitlines()) == summary["synthesized"]
    bad = veriloop(tmp_path, "data", "synthesize", "--store", "none.sqlite", "--model", "tiny-xs")
    assert bad.returncode == 2 and bad.stderr.strip().splitlines()[-1].startswith("error:")


def test_reflexion_eval_and_distillation_from_the_cli(tmp_path):
    proc = veriloop(tmp_path, "eval", "--env", "arithmetic", "--model", "tiny-xs", "--tasks", "1",
                    "--reflexion", "2", "--max-new-tokens", "4", "--max-turns", "1", "--out",
                    "refl", "--json")
    assert proc.returncode == 0, proc.stderr
    summary = json.loads(proc.stdout.strip().splitlines()[-1])
    assert summary["success@1"] <= summary["success@2"] and summary["tasks"] == 1
    assert (tmp_path / "refl" / "reflections.json").exists()
    # the untrained model solves nothing: nothing to distil is one error line, exit 2
    bad = veriloop(tmp_path, "data", "distill-reflections", "refl", "--model", "tiny-xs")
    assert bad.returncode == 2
    assert "no successful attempt" in bad.stderr.strip().splitlines()[-1]
