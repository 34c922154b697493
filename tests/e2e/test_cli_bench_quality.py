"""`veriloop bench-quality`: over evaluation runs of a perfect, a half-noisy and an always-wrong
expert; with --verifier, agreement and Cohen's kappa against a second grader."""

import json
import subprocess
import sys

from typer.testing import CliRunner

from veriloop.cli import app


def veriloop(*args):
    return subprocess.run([sys.executable, "-m", "veriloop.cli", *args], capture_output=True,
                          text=True, timeout=300, check=False)


def evaluate(*args):
    """`veriloop eval ARGS` in this process: the runs bench-quality reads are its input, not
    what is tested, so they skip an interpreter start each."""
    res = CliRunner().invoke(app, ["eval", *args])
    assert res.exit_code == 0, (res.output[-2000:], res.exception)


def always_pass(task, trajectory, state):
    from veriloop.types import Grade

    return Grade(score=1.0, passed=True)


def test_bench_quality_over_three_models(tmp_path):
    runs = []
    for noise in ("0.0", "0.5", "1.0"):
        out = tmp_path / f"noise{noise}"
        evaluate("--env", "arithmetic", "--policy", "noisy-expert", "--noise", noise, "--tasks",
                 "6", "--k", "2", "--out", str(out), "--json")
        runs.append(str(out))
    proc = veriloop("bench-quality", *runs, "--verifier", "numeric", "--json")
    assert proc.returncode == 0, proc.stderr
    q = json.loads(proc.stdout)
    assert q["model_scores"]["noise0.0"] == 1.0 and q["model_scores"]["noise1.0"] == 0.0
    assert q["saturation"] == 0.0  # the always-wrong model solves nothing
    assert q["never_solved"] == []  # the perfect one solves everything
    assert q["verifier_agreement"]["kappa"] == 1.0  # re-grading with the same grader
    assert q["verifier_agreement"]["n"] == 36
    # a verifier that passes everything agrees only on the passed share: kappa 0
    proc = veriloop("bench-quality", *runs, "--verifier",
                    "tests/e2e/test_cli_bench_quality.py:always_pass", "--json")
    assert proc.returncode == 0, proc.stderr
    a = json.loads(proc.stdout)["verifier_agreement"]
    passed = sum(q["model_scores"].values()) / 3
    assert abs(a["agreement"] - passed) < 1e-9 and a["kappa"] == 0.0


def test_one_model_is_one_error_line(tmp_path):
    out = tmp_path / "one"
    evaluate("--env", "arithmetic", "--policy", "expert", "--tasks", "2", "--out", str(out),
             "--json")
    proc = veriloop("bench-quality", str(out))
    assert proc.returncode == 2 and "at least two models" in proc.stderr
    assert len(proc.stderr.strip().splitlines()) == 1
