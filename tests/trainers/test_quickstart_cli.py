"""`veriloop quickstart --json` end to end (shrunk by overrides), and SFT's loss masking.

Issue 43: with its output in a pipe (a CI log, nohup) the quickstart prints a plain progress
line per interval (stage, count, rate, ETA, last metrics), leaves no `.lock` behind, refuses to
run a second config into the same directory (exit 2, naming --resume), and `--resume` continues
the run from its saved config instead of mixing two runs. One shrunk run serves both the
summary/run-directory checks and the progress/rerun checks (it is the same command).

Timing: the interval is 1 s and the largest gap allowed between two progress lines is 30 s, far
from the up-to-30 s silences the old code had; a starved machine can only make lines later,
never make them vanish, so only the gap bound could be affected, and it is 30x the interval. A
fast machine makes fewer timer lines, so the test counts none of them: it checks the last line,
which the bar prints when it stops."""

import json
import os
import re
import subprocess
import sys
from datetime import datetime
from itertools import pairwise
from pathlib import Path

import pytest
import torch

VERILOOP = str(Path(sys.executable).with_name("veriloop"))
SMALL = ["model.size=xs", "sft.demos=40", "sft.epochs=1", "sft.batch_tokens=2048",
         "env.train_tasks=8", "env.eval_tasks=4", "env.max_turns=2", "rollout.prompts_per_step=2",
         "rollout.group_size=4", "rollout.max_new_tokens=12", "rollout.eval_samples=2",
         "optim.minibatch_size=8", "optim.micro_batch_size=8", "train.steps=2",
         "train.save_every=1", "train.threads=1"]


LINE = re.compile(r"^(\S+Z) progress (.+?) (\d+)/(\d+|\?) (\S+)/s eta (\S+)(?: \| (.*))?$")
ENV = {**os.environ, "OMP_NUM_THREADS": "1", "VERILOOP_PROGRESS_INTERVAL": "1"}
RUN_FILES = ("sft/config.yaml", "sft/metrics.jsonl", "sft/trajectories.sqlite", "sft/final",
             "rl/config.yaml", "rl/metrics.jsonl", "rl/trajectories.sqlite", "rl/tb",
             "rl/checkpoints/step-000002", "summary.json")


def quickstart(*args):
    return subprocess.run([VERILOOP, "quickstart", "--json", *args], capture_output=True,
                          text=True, check=False, env=ENV, timeout=600)


@pytest.fixture(scope="module")
def first_run(tmp_path_factory):
    """One shrunk quickstart, and what its run directory held right after it (the rerun test
    below reruns into that directory)."""
    run = tmp_path_factory.mktemp("quickstart") / "qs"
    proc = quickstart("--run-dir", str(run), *SMALL)
    assert proc.returncode == 0, proc.stderr[-3000:]
    return {"run": run, "proc": proc, "existing": {p for p in RUN_FILES if (run / p).exists()},
            "html": (run / "report.html").read_text(),
            "rl_rows": len((run / "rl" / "metrics.jsonl").read_text().splitlines())}


def test_quickstart_json_summary_and_run_dir(first_run):
    summary = json.loads(first_run["proc"].stdout.strip().splitlines()[-1])
    for key in ("sft_heldout_pass@1", "rl_heldout_pass@1", "wall_time_s"):
        assert key in summary
    assert 0.0 <= summary["sft_heldout_pass@1"] <= 1.0 and summary["rl_steps"] == 2
    assert set(summary["rl_heldout_pass@k"]) == {"pass@1", "pass@2"}
    html = first_run["html"]
    assert html.count("data:image/png;base64,") >= 4 and "held-out pass@1 after RL" in html
    assert first_run["existing"] == set(RUN_FILES), set(RUN_FILES) - first_run["existing"]
    assert first_run["rl_rows"] == 2


def test_quickstart_in_a_pipe_prints_progress_lines_and_reruns_refuse_or_resume(first_run):
    run, first = first_run["run"], first_run["proc"]
    lines = [m for m in map(LINE.match, first.stderr.splitlines()) if m]
    # how many timer lines a run makes depends on the machine's speed (a fast one finished this
    # in 2 s: stop 60's CI); the last line, printed when the bar stops, does not
    assert lines, first.stderr[-3000:]
    stage_lines = [m for m in lines if m.group(2).startswith("quickstart ")]
    assert stage_lines[-1].group(2, 3, 4) == ("quickstart done", "6", "6"), stage_lines[-1]
    stamps = [datetime.strptime(m.group(1), "%Y-%m-%dT%H:%M:%SZ") for m in lines]
    gaps = [(b - a).total_seconds() for a, b in pairwise(stamps)]
    assert max(gaps, default=0) <= 30, gaps
    for m in lines:  # count/total, a rate or '?', an ETA or '?'
        assert m.group(4) == "?" or int(m.group(3)) <= int(m.group(4))
        assert m.group(5) == "?" or float(m.group(5)) > 0
    sft = [m for m in lines if m.group(2) == "sft"]
    assert all(m.group(7) is None or m.group(7).startswith("loss ") for m in sft)
    assert not (run / ".lock").exists()  # removed on a clean exit
    summary = json.loads(first.stdout.strip().splitlines()[-1])
    sft_rows = (run / "sft" / "metrics.jsonl").read_text()

    # a second config into the same directory: refused before anything is touched
    again = quickstart("--run-dir", str(run), *SMALL[:-3], "train.steps=4", *SMALL[-2:])
    assert again.returncode == 2
    (err,) = [x for x in again.stderr.splitlines() if x.strip()]
    assert err.startswith("error: ") and f"--resume {run}" in err and "--run-dir" in err
    assert "Traceback" not in again.stderr and not (run / ".lock").exists()
    assert (run / "sft" / "metrics.jsonl").read_text() == sft_rows

    # --resume continues the same run: nothing retrained, the same steps in the summary
    resumed = quickstart("--resume", str(run))
    assert resumed.returncode == 0, resumed.stderr[-3000:]
    after = json.loads(resumed.stdout.strip().splitlines()[-1])
    assert after["rl_steps"] == summary["rl_steps"] == 2
    assert after["sft_heldout_pass@1"] == summary["sft_heldout_pass@1"]
    assert (run / "sft" / "metrics.jsonl").read_text() == sft_rows
    assert len((run / "rl" / "metrics.jsonl").read_text().splitlines()) == 2
    assert not (run / ".lock").exists()


def test_resume_without_a_quickstart_or_with_overrides_is_a_one_line_error(tmp_path):
    empty = quickstart("--resume", str(tmp_path))
    assert empty.returncode == 2 and "holds no quickstart run" in empty.stderr
    assert "Traceback" not in empty.stderr and not (tmp_path / ".lock").exists()
    (tmp_path / "sft").mkdir()  # an older veriloop's run: no saved config to continue from
    old = quickstart("--resume", str(tmp_path))
    assert old.returncode == 2 and "cannot be resumed; give another --run-dir" in old.stderr
    (tmp_path / "quickstart.yaml").write_text("{}\n")
    extra = quickstart("--resume", str(tmp_path), "train.steps=3")
    assert extra.returncode == 2 and "drop --config and the overrides" in extra.stderr




def test_sft_loss_ignores_prompt_and_tool_tokens(tmp_path):
    """Changing tokens under a 0 loss mask as *targets* does not change the SFT loss terms."""
    from veriloop.run.config import load_config
    from veriloop.trainers.batch import forward_logprobs, pack
    from veriloop.trainers.common import policy_from_config

    cfg = load_config(None, ["model.size=xs"])
    model = policy_from_config(cfg.model).model
    seq = [5, 6, 7, 8, 9, 10, 11, 12]
    mask = [0, 0, 0, 1, 1, 0, 0, 1]  # prompt, action, tool output, action
    packed = pack([seq], [mask])
    lp = forward_logprobs(model, packed).logprobs
    loss = -(lp * packed.loss_mask).sum() / packed.loss_mask.sum()
    expected = -(lp[0, 2] + lp[0, 3] + lp[0, 6]) / 3  # targets 8, 9, 12
    torch.testing.assert_close(loss, expected)
