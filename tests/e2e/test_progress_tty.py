"""Issue 43: on a terminal the rich bar stays (plain progress lines are only for pipes and
logs): `veriloop eval` run under a pseudo-terminal draws its bar and prints no plain line."""

import os
import pty
import subprocess
import sys
from pathlib import Path

VERILOOP = str(Path(sys.executable).with_name("veriloop"))


def test_a_terminal_gets_the_bar_not_plain_lines(tmp_path):
    main, child = pty.openpty()
    env = {k: v for k, v in os.environ.items() if not k.startswith(("TTY_", "FORCE_COLOR"))}
    env.update(TERM="xterm", COLUMNS="100", VERILOOP_PROGRESS_INTERVAL="0.01")
    proc = subprocess.Popen([VERILOOP, "eval", "--env", "arithmetic", "--policy", "expert",
                             "--tasks", "3", "--out", str(tmp_path / "eval")],
                            stdin=child, stdout=child, stderr=child, env=env)
    os.close(child)
    chunks = []
    while True:
        try:
            data = os.read(main, 65536)
        except OSError:  # the child closed the terminal
            break
        if not data:
            break
        chunks.append(data)
    assert proc.wait(timeout=300) == 0
    os.close(main)
    text = b"".join(chunks).decode(errors="replace")
    assert "━" in text and "3/3" in text, text[-2000:]
    assert " progress " not in text
