"""Build a cached model directory once: atomically, and under a file lock.

The models under `$VERILOOP_HOME/models/` are shared by every process on the machine: parallel
test workers, two commands started on a fresh home. A build writes into a temporary sibling and
is renamed into place, so a reader never sees a half-written directory; the lock makes a second
caller wait for the first build and reuse it, instead of building again and removing the
directory from under the first caller's reader. POSIX only (`fcntl.flock`), like the sandbox.
"""

from __future__ import annotations

import fcntl
import os
import shutil
import tempfile
from collections.abc import Callable
from pathlib import Path


def build_once(path: Path, is_built: Callable[[Path], bool], build: Callable[[Path], None],
               rebuild: bool = False) -> Path:
    """`path`, after `build(tmp_dir)` filled it unless `is_built(path)` already holds (or
    `rebuild`: then every caller builds, one after another)."""
    if not rebuild and is_built(path):
        return path
    path.parent.mkdir(parents=True, exist_ok=True)
    with open(path.parent / f"{path.name}.lock", "w") as lock:
        fcntl.flock(lock, fcntl.LOCK_EX)  # released when the file closes, also on a crash
        if not rebuild and is_built(path):
            return path  # built by whoever held the lock before us
        tmp = Path(tempfile.mkdtemp(prefix=path.name + ".", dir=path.parent))
        try:
            build(tmp)
            if path.exists():
                shutil.rmtree(path)
            os.replace(tmp, path)
        finally:
            if tmp.exists():
                shutil.rmtree(tmp, ignore_errors=True)
    return path
