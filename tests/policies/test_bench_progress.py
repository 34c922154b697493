"""Issue 43: `veriloop bench generate` in a pipe prints plain progress lines on stderr (its
timed runs counted) while stdout keeps the JSON alone. The interval is 0.05 s against a command
that loads a model and runs 4 generations: a slower machine only adds lines."""

import json
import os
import re
import subprocess
import sys
from pathlib import Path

VERILOOP = str(Path(sys.executable).with_name("veriloop"))
LINE = re.compile(r"^\S+Z progress bench generate (\d+)/4 \S+/s eta \S+$")


def test_bench_generate_in_a_pipe_prints_progress_lines(tiny_path):
    out = subprocess.run([VERILOOP, "bench", "generate", "--model", str(tiny_path), "--batch",
                          "2", "--new-tokens", "4", "--turns", "1", "--repeats", "1", "--json"],
                         capture_output=True, text=True, check=False, timeout=600,
                         env={**os.environ, "VERILOOP_PROGRESS_INTERVAL": "0.05",
                              "OMP_NUM_THREADS": "1"})
    assert out.returncode == 0, out.stderr[-2000:]
    lines = [m for m in map(LINE.match, out.stderr.splitlines()) if m]
    assert lines, out.stderr[-2000:]
    assert [int(m.group(1)) for m in lines] == sorted(int(m.group(1)) for m in lines)
    assert json.loads(out.stdout)["repeats"] == 1  # stdout: the JSON, nothing else
