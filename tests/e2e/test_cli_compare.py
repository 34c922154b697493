"""`veriloop eval` reports CIs and writes per-task results; `veriloop compare` pairs two
evaluations (result files, or models it evaluates on the same tasks)."""

from __future__ import annotations

import json
import shutil
from pathlib import Path

import pytest
from cli_run import cli as veriloop  # in this process; process=True: the real command

DELTA_KEYS = {"mean", "ci_low", "ci_high", "n"}


def lines(path: Path) -> list[dict]:
    return [json.loads(x) for x in path.read_text().splitlines()]


def write(path: Path, rows: list[tuple[str, int, int, str | None]]) -> Path:
    path.write_text("".join(json.dumps({"task_id": t, "samples": n, "successes": c,
                                        "category": cat}) + "\n" for t, n, c, cat in rows))
    return path


@pytest.fixture(scope="module")
def bfcl_evals(tmp_path_factory) -> tuple[Path, Path, dict, dict]:
    root = tmp_path_factory.mktemp("evals")
    summaries = []
    for name, noise in (("a", 0.2), ("b", 0.6)):
        summaries.append(json.loads(veriloop(
            "eval", "--env", "bfcl", "--policy", "noisy-expert", "--noise", noise,
            "--tasks", 60, "--json", "--out", root / name).stdout))
    return root / "a", root / "b", *summaries


def test_eval_reports_intervals_and_per_task_results(bfcl_evals):
    run_a, _, summary, _ = bfcl_evals
    results = lines(run_a / "results.jsonl")
    assert len(results) == summary["tasks"] == 60
    assert sum(r["successes"] for r in results) / 60 == pytest.approx(
        summary["pass_at"]["pass@1"])
    ci = summary["ci"]
    assert set(ci["pass@1"]) == DELTA_KEYS and ci["pass@1"]["n"] == 60
    assert ci["pass@1"]["ci_low"] < summary["pass_at"]["pass@1"] < ci["pass@1"]["ci_high"]
    categories = {r["category"] for r in results}
    assert {f"category:{c}" for c in categories} <= set(ci)
    for c in categories:
        assert ci[f"category:{c}"]["mean"] == pytest.approx(summary["by_category"][c])
    assert ci["resolution"] == "n=60 tasks: ±0.12 at p=0.5 (95% Wilson)"


def test_eval_with_k_samples_resamples_tasks(tmp_path):
    summary = json.loads(veriloop("eval", "--policy", "noisy-expert", "--noise", "0.4",
                                  "--tasks", 30, "--k", 4, "--json", "--out", tmp_path).stdout)
    assert summary["ci"]["method"].startswith("clustered bootstrap")
    assert {"pass@1", "pass@2", "pass@4"} <= set(summary["ci"])
    assert {r["samples"] for r in lines(tmp_path / "results.jsonl")} == {4}
    table = veriloop("eval", "--policy", "noisy-expert", "--noise", "0.4", "--tasks", 30,
                     "--k", 4, "--out", tmp_path / "table").stdout
    row = next(x for x in table.splitlines() if "ci.pass@1 " in x)
    mean, low, high = (summary["ci"]["pass@1"][key] for key in ("mean", "ci_low", "ci_high"))
    assert f"{mean:.4f} [{low:.4f}, {high:.4f}]" in row  # the same seed: the same interval


def test_compare_two_eval_result_files(bfcl_evals, tmp_path):
    run_a, run_b, summary_a, summary_b = bfcl_evals
    report = json.loads(veriloop("compare", run_a / "results.jsonl", run_b, "--json",
                                 "--out", tmp_path).stdout)
    overall = report["overall"]
    assert overall["tasks"] == report["tasks"] == 60
    assert set(overall["delta"]) == DELTA_KEYS
    assert overall["delta"]["mean"] == pytest.approx(
        summary_b["pass_at"]["pass@1"] - summary_a["pass_at"]["pass@1"])
    assert overall["delta"]["ci_low"] <= overall["delta"]["mean"] <= overall["delta"]["ci_high"]
    assert set(report["by_category"]) == set(summary_a["by_category"])
    for row in report["by_category"].values():
        assert set(row) == {"tasks", "a", "b", "delta"} and set(row["delta"]) == DELTA_KEYS
    assert (tmp_path / "compare.png").read_bytes()[:4] == b"\x89PNG"
    assert json.loads((tmp_path / "compare.json").read_text()) == report


def test_compare_hand_worked_files(tmp_path):
    # 4 tasks of one category; B solves one more: Δ = 0.25 with the bootstrap CI [0, 0.75]
    # worked out in tests/unit/test_stats.py; the other category has 8 more tasks B gains
    a = write(tmp_path / "a.jsonl", [(f"t{i}", 1, 0, "x") for i in range(4)]
              + [(f"u{i}", 1, 0, "y") for i in range(8)])
    b = write(tmp_path / "b.jsonl", [("t0", 1, 1, "x")] + [(f"t{i}", 1, 0, "x") for i in (1, 2, 3)]
              + [(f"u{i}", 1, 1, "y") for i in range(8)])
    report = json.loads(veriloop("compare", a, b, "--json", "--out", tmp_path / "c").stdout)
    x = report["by_category"]["x"]
    assert (x["a"], x["b"]) == (0.0, 0.25)
    assert x["delta"] == {"mean": 0.25, "ci_low": 0.0, "ci_high": 0.75, "n": 4}
    assert report["by_category"]["y"]["delta"]["mean"] == 1.0
    assert report["overall"]["delta"]["mean"] == pytest.approx(0.75)
    assert report["verdict"] == "B better than A"
    printed = veriloop("compare", a, b, "--out", tmp_path / "d", process=True).stdout
    assert "+0.250 [+0.000, +0.750]" in printed and "B better than A" in printed


def test_compare_several_seeds_a_side(tmp_path):
    ids = [f"t{i}" for i in range(10)]
    a = [write(tmp_path / f"a{s}.jsonl", [(t, 1, int(i < 3 + s), None) for i, t in
                                          enumerate(ids)]) for s in range(3)]
    b = [write(tmp_path / f"b{s}.jsonl", [(t, 1, int(i < 6 + s), None) for i, t in
                                          enumerate(ids)]) for s in range(3)]
    report = json.loads(veriloop("compare", ",".join(map(str, a)), ",".join(map(str, b)),
                                 "--json", "--out", tmp_path / "c").stdout)
    seeds = report["seeds"]
    assert seeds["per_seed_delta"] == pytest.approx([0.3, 0.3, 0.3])
    assert seeds["delta"]["mean"] == pytest.approx(0.3) and seeds["delta"]["n"] == 3
    assert seeds["a"]["iqm"] == pytest.approx(0.4)  # seeds at 0.3, 0.4, 0.5
    assert report["overall"]["delta"]["mean"] == pytest.approx(0.3)
    bad = veriloop("compare", a[0], ",".join(map(str, b)), "--out", tmp_path / "d", check=False)
    assert bad.returncode == 2 and "as many on each side" in bad.stderr


def test_compare_bad_input_is_one_line(tmp_path):
    bad = tmp_path / "bad.jsonl"
    bad.write_text('{"task_id": "t0", "samples": 1, "successes": 1}\nnot json\n')
    good = write(tmp_path / "good.jsonl", [("t0", 1, 1, None)])
    other = write(tmp_path / "other.jsonl", [("z0", 1, 1, None)])
    old_eval = tmp_path / "old-eval"
    old_eval.mkdir()
    (old_eval / "summary.json").write_text("{}")
    for args, says in (((bad, good), "bad.jsonl:2 is not a per-task result"),
                       ((good, old_eval), "has a summary.json but no results.jsonl"),
                       ((good, other), "share no task id"),
                       ((good, tmp_path / "missing"), "is not registered")):
        proc = veriloop("compare", *args, "--out", tmp_path / "c", check=False)
        assert proc.returncode == 2, proc.stderr
        assert len(proc.stderr.strip().splitlines()) == 1 and says in proc.stderr
        assert "Traceback" not in proc.stderr


def test_compare_two_model_dirs_evaluates_both_on_the_same_tasks(tmp_path):
    from veriloop.run.tiny import ensure_tiny

    model_a = ensure_tiny("xs", seed=0)
    model_b = tmp_path / "model-b"
    shutil.copytree(model_a, model_b)
    report = json.loads(veriloop("compare", model_a, model_b, "--env", "arithmetic",
                                 "--tasks", 6, "--max-new-tokens", 16, "--json",
                                 "--out", tmp_path / "c").stdout)
    ids = [[r["task_id"] for r in lines(tmp_path / "c" / side / "results.jsonl")]
           for side in ("a", "b")]
    assert ids[0] == ids[1] and len(ids[0]) == 6
    # the same weights, greedy, on the same tasks: every task's result is the same
    assert report["overall"]["delta"] == {"mean": 0.0, "ci_low": 0.0, "ci_high": 0.0, "n": 6}
    assert set(report["pass@1_a"]) == DELTA_KEYS
    assert (tmp_path / "c" / "compare.png").is_file()


def test_compare_pairs_only_the_tasks_both_sides_evaluated(tmp_path):
    a = write(tmp_path / "a.jsonl", [("t0", 1, 0, None), ("t1", 1, 1, None), ("t2", 1, 1, None)])
    b = write(tmp_path / "b.jsonl", [("t1", 1, 1, None), ("t0", 1, 1, None), ("t9", 1, 0, None)])
    proc = veriloop("compare", a, b, "--json", "--out", tmp_path / "c")
    report = json.loads(proc.stdout)
    assert report["tasks"] == 2 and report["unpaired"] == {"a": 1, "b": 1}
    assert (report["overall"]["a"], report["overall"]["b"]) == (0.5, 1.0)  # t0 and t1 only
    assert "only the 2 tasks both sides evaluated" in proc.stderr
