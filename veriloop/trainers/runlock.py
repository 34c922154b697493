"""One process per run directory.

`RunLock` holds an exclusive `flock` on `<run>/.lock` for the life of a training process and
writes the holder's pid into it. The kernel drops the lock when the holder exits however it
exits (killed, crashed), so a stale lock never blocks a resume; a second `veriloop train`
or `--resume` on a run that is still being written fails at once with the holder's pid,
instead of both processes appending trajectories and checkpoints to one store.

Not guaranteed: advisory only (a process that ignores the lock file is not stopped), and on
network filesystems without `flock` support the lock may not be shared across machines.
"""

from __future__ import annotations

import fcntl
import os
from pathlib import Path
from types import TracebackType
from typing import Self


class RunInUseError(RuntimeError):
    """Another live process holds the run directory."""


class RunLock:
    def __init__(self, run_dir: Path) -> None:
        self.path = Path(run_dir) / ".lock"
        self._fd: int | None = None

    def acquire(self) -> RunLock:
        self.path.parent.mkdir(parents=True, exist_ok=True)
        fd = os.open(self.path, os.O_RDWR | os.O_CREAT, 0o644)
        try:
            fcntl.flock(fd, fcntl.LOCK_EX | fcntl.LOCK_NB)
        except BlockingIOError:
            holder = os.pread(fd, 32, 0).decode(errors="replace").strip() or "unknown"
            os.close(fd)
            raise RunInUseError(
                f"run directory {self.path.parent} is in use by pid {holder}; wait for it to "
                "finish (or stop it) before resuming, or use another --run-dir") from None
        os.ftruncate(fd, 0)
        os.pwrite(fd, f"{os.getpid()}\n".encode(), 0)
        self._fd = fd
        return self

    def release(self) -> None:
        if self._fd is not None:
            fcntl.flock(self._fd, fcntl.LOCK_UN)
            os.close(self._fd)
            self._fd = None

    def __enter__(self) -> Self:
        return self.acquire()

    def __exit__(self, exc_type: type[BaseException] | None, exc: BaseException | None,
                 tb: TracebackType | None) -> None:
        self.release()
