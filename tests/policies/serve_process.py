"""Start and stop `veriloop serve` as a real process on loopback (shared by the serve tests)."""

from __future__ import annotations

import re
import subprocess
import sys
import threading
import time


def start_server(model_path, *extra: str):
    """`veriloop serve` on an ephemeral loopback port as a separate process: (process, port);
    `process.banner` is the line that announced it. Stop it with `stop_server`."""
    proc = subprocess.Popen(
        [sys.executable, "-m", "veriloop.cli", "serve", "--model", str(model_path), "--port", "0",
         "--name", "tiny-xs", "--quiet", *extra], stderr=subprocess.PIPE, text=True)
    port = None
    deadline = time.time() + 300  # model load on a loaded machine; no other timing
    while time.time() < deadline and port is None:
        line = proc.stderr.readline()
        if not line and proc.poll() is not None:
            break
        m = re.search(r"on http://127\.0\.0\.1:(\d+)/v1", line)
        port = int(m.group(1)) if m else None
        proc.banner = line
    assert port, f"server did not start (exit {proc.poll()})"
    threading.Thread(target=proc.stderr.read, daemon=True).start()  # drain its log
    return proc, port


def stop_server(proc) -> None:
    proc.terminate()
    proc.wait(timeout=30)
