"""CLI end to end: `veriloop model init|info`, `veriloop bench generate`, `veriloop eval --model`
(in-process through typer's runner; `veriloop serve` runs as a real process in test_openai)."""

from __future__ import annotations

import json

from typer.testing import CliRunner

from veriloop.cli import app


def veriloop(*args: str):
    return CliRunner().invoke(app, list(args))


def _last_json(result) -> dict:
    return json.loads(result.stdout.strip().splitlines()[-1])


def test_model_init_and_info(tmp_path):
    out = tmp_path / "m"
    r = veriloop("model", "init", "--size", "xs", "--seed", "4", "--out", str(out), "--json")
    assert r.exit_code == 0, r.output[-2000:]
    meta = _last_json(r)
    assert meta["size"] == "xs" and meta["seed"] == 4 and meta["path"] == str(out)
    assert (out / "config.json").exists() and (out / "tokenizer.json").exists()
    again = veriloop("model", "init", "--size", "xs", "--out", str(out))
    assert again.exit_code == 2 and "--force" in again.stderr
    bad = veriloop("model", "init", "--size", "huge")
    assert bad.exit_code == 2 and "known: xs, s, m, l" in bad.stderr
    info = veriloop("model", "info", "--model", str(out), "--json")
    assert info.exit_code == 0, info.output[-2000:]
    facts = _last_json(info)
    assert facts["architecture"] == "llama" and facts["fast_sampler"] and facts["native_tools"]


def test_unknown_model_is_a_clear_error():
    r = veriloop("model", "info", "--model", "/no/such/model")
    assert r.exit_code == 2 and "openai:<base_url>#<model>" in r.stderr


def test_bench_generate_reports_both_implementations(tiny_path):
    r = veriloop("bench", "generate", "--model", str(tiny_path), "--batch", "4", "--group", "2",
                 "--new-tokens", "6", "--turns", "2", "--repeats", "1", "--json")
    assert r.exit_code == 0, r.output[-2000:]
    res = _last_json(r)
    assert res["identical_greedy_outputs"] is True and res["turns"] == 2 and res["group"] == 2
    for name in ("veriloop", "transformers"):
        assert res[name]["tokens_per_s"] > 0 and 0 < res[name]["fraction_of_peak"] < 1
    assert res["speedup"] > 0 and res["matmul_peak_gflops"] > 0


def test_eval_runs_with_a_model_backend(tiny_path, tmp_path):
    r = veriloop("eval", "--env", "arithmetic", "--model", str(tiny_path), "--tasks", "2",
                 "--max-new-tokens", "12", "--max-turns", "2", "--out", str(tmp_path / "run"),
                 "--json")
    assert r.exit_code == 0, r.output[-2000:]
    summary = _last_json(r)
    assert summary["trajectories"] == 2 and summary["infra_errors"] == 0
    assert "format_violation_rate" in summary and summary["policy"] == tiny_path.name


def test_rollout_stores_token_exact_trajectories_from_a_model(tiny_path, tmp_path):
    from veriloop.data.store import TrajectoryStore

    r = veriloop("rollout", "--env", "arithmetic", "--model", str(tiny_path), "--tasks", "1",
                 "--group", "2", "--max-new-tokens", "8", "--max-turns", "2",
                 "--out", str(tmp_path / "run"), "--json")
    assert r.exit_code == 0, r.output[-2000:]
    summary = _last_json(r)
    assert summary["trajectories"] == 2 and summary["infra_errors"] == 0
    store = TrajectoryStore(summary["store"])
    trajs = store.query()
    assert len(trajs) == 2
    for t in trajs:
        assert t.sampling_logprobs is not None and len(t.token_ids) == len(t.loss_mask)
