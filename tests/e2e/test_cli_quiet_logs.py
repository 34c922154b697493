"""Outside a terminal (logs, pipes) transformers' own progress bars stay silent."""

import os
import subprocess
import sys

import pytest


def test_the_cli_turns_hub_progress_bars_off_in_a_pipe():
    env = {k: v for k, v in os.environ.items() if k != "HF_HUB_DISABLE_PROGRESS_BARS"}
    code = ("import os, sys; from veriloop.cli import app; sys.argv = ['veriloop', 'envs', "
            "'--json']\ntry:\n    app()\nexcept SystemExit:\n    pass\n"
            "print('flag', os.environ.get('HF_HUB_DISABLE_PROGRESS_BARS'))")
    proc = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True,
                          timeout=120, env=env, check=False)
    assert proc.stdout.strip().endswith("flag 1"), proc.stderr


@pytest.mark.slow
def test_no_transformers_progress_bars_in_a_pipe(tmp_path):
    env = {k: v for k, v in os.environ.items() if k != "HF_HUB_DISABLE_PROGRESS_BARS"}
    proc = subprocess.run([sys.executable, "-m", "veriloop.cli", "eval", "--env", "arithmetic",
                           "--model", "tiny-xs", "--tasks", "1", "--max-new-tokens", "8",
                           "--out", str(tmp_path / "run"), "--json"], capture_output=True,
                          text=True, timeout=300, env=env, check=False)
    assert proc.returncode == 0, proc.stderr
    assert "Loading weights" not in proc.stderr and "it/s]" not in proc.stderr
