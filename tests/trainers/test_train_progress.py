"""Issue 43: `veriloop train` with stderr in a pipe prints plain progress lines from the model
load and the trainer's setup to its last step (no silent stretch): the interval is 0.5 s and
the largest gap allowed between two lines is 30 s (a starved machine only delays lines)."""

import os
import re
import subprocess
import sys
from datetime import datetime
from itertools import pairwise
from pathlib import Path

VERILOOP = str(Path(sys.executable).with_name("veriloop"))
CONFIGS = Path(__file__).resolve().parents[2] / "configs"
LINE = re.compile(r"^(\S+Z) progress (.+?) (\d+)/(\d+|\?) (\S+)/s eta (\S+)(?: \| (.*))?$")


def test_train_in_a_pipe_prints_progress_lines_from_setup_to_the_end(tmp_path, tiny):
    out = subprocess.run([VERILOOP, "train", str(CONFIGS / "grpo.yaml"), *tiny,
                          "env.eval_tasks=0", "train.steps=3", "--run-dir", str(tmp_path / "r"),
                          "--json"], capture_output=True, text=True, check=False, timeout=600,
                         env={**os.environ, "VERILOOP_PROGRESS_INTERVAL": "0.5",
                              "OMP_NUM_THREADS": "1"})
    assert out.returncode == 0, out.stderr[-3000:]
    lines = [m for m in map(LINE.match, out.stderr.splitlines()) if m]
    assert lines, out.stderr[-3000:]
    assert {m.group(2) for m in lines} <= {"rl loading the model", "rl setup", "rl"}
    stamps = [datetime.strptime(m.group(1), "%Y-%m-%dT%H:%M:%SZ") for m in lines]
    assert max([(b - a).total_seconds() for a, b in pairwise(stamps)], default=0) <= 30
