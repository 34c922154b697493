"""Run the `veriloop` command line in a subprocess from a given directory (the e2e tests of
recipes and listings share it)."""

import os
import subprocess
import sys


def veriloop(cwd, *args, pythonpath=None) -> subprocess.CompletedProcess:
    """`python -m veriloop.cli ARGS` in `cwd`, with `pythonpath` (a plugin's folder) if given."""
    env = dict(os.environ)
    if pythonpath is not None:
        env["PYTHONPATH"] = str(pythonpath)
    return subprocess.run([sys.executable, "-m", "veriloop.cli", *map(str, args)], cwd=cwd,
                          env=env, capture_output=True, text=True, timeout=600, check=False)


def one_error_line(proc: subprocess.CompletedProcess) -> str:
    """The process exited 2 and said why in one `error: ...` line, with no traceback."""
    assert proc.returncode == 2, proc.stderr[-3000:]
    assert "Traceback" not in proc.stderr
    lines = proc.stderr.strip().splitlines()
    assert len(lines) == 1 and lines[0].startswith("error: "), proc.stderr
    return lines[0]
