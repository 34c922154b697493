"""Issue 43: `veriloop quickstart` with its output in a pipe (a CI log, nohup) prints a plain
progress line per interval (stage, count, rate, ETA, last metrics), leaves no `.lock` behind,
refuses to run a second config into the same directory (exit 2, naming --resume), and
`--resume` continues the run from its saved config instead of mixing two runs.

Timing: the interval is 1 s and the largest gap allowed between two progress lines is 30 s, far
from the up-to-30 s silences the old code had; a starved machine can only make lines later,
never make them vanish, so only the gap bound could be affected, and it is 30x the interval."""

import json
import os
import re
import subprocess
from datetime import datetime
from itertools import pairwise

from test_quickstart_cli import SMALL, VERILOOP

LINE = re.compile(r"^(\S+Z) progress (.+?) (\d+)/(\d+|\?) (\S+)/s eta (\S+)(?: \| (.*))?$")
ENV = {**os.environ, "OMP_NUM_THREADS": "1", "VERILOOP_PROGRESS_INTERVAL": "1"}


def quickstart(*args):
    return subprocess.run([VERILOOP, "quickstart", "--json", *args], capture_output=True,
                          text=True, check=False, env=ENV, timeout=600)


def test_quickstart_in_a_pipe_prints_progress_lines_and_reruns_refuse_or_resume(tmp_path):
    run = tmp_path / "qs"
    first = quickstart("--run-dir", str(run), *SMALL)
    assert first.returncode == 0, first.stderr[-3000:]
    lines = [m for m in map(LINE.match, first.stderr.splitlines()) if m]
    assert len(lines) >= 3, first.stderr[-3000:]
    phases = {m.group(2) for m in lines}
    assert any(p.startswith("quickstart ") for p in phases), phases  # the stage, every interval
    stamps = [datetime.strptime(m.group(1), "%Y-%m-%dT%H:%M:%SZ") for m in lines]
    gaps = [(b - a).total_seconds() for a, b in pairwise(stamps)]
    assert max(gaps) <= 30, gaps
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
