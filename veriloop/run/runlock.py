"""One process per run directory.

`RunLock` holds an exclusive `flock` on `<run>/.lock` for the life of a training process and
writes the holder's pid into it. The kernel drops the lock when the holder exits however it
exits (killed, crashed), so a stale lock never blocks a resume; a second `veriloop train`
or `--resume` on a run that is still being written fails at once with the holder's pid,
instead of both processes appending trajectories and checkpoints to one store.

`release()` (a clean exit or an error that unwinds) deletes `.lock` while still holding it, so a
finished run leaves no lock file behind. A process that opened the old file just before and then
locks it holds an unlinked inode; `acquire` sees the path no longer names the file it locked
and tries again on the new one, so two holders never coexist.

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

    def acquire(self) -> Self:
        self.path.parent.mkdir(parents=True, exist_ok=True)
        while True:
            fd = os.open(self.path, os.O_RDWR | os.O_CREAT, 0o644)
            try:
                fcntl.flock(fd, fcntl.LOCK_EX | fcntl.LOCK_NB)
            except BlockingIOError:
                holder = os.pread(fd, 32, 0).decode(errors="replace").strip() or "unknown"
                os.close(fd)
                raise RunInUseError(
                    f"run directory {self.path.parent} is in use by pid {holder}; wait for it "
                    "to finish (or stop it) before resuming, or use another --run-dir") from None
            if self._names(fd):
                break
            os.close(fd)  # the holder released and deleted this file meanwhile: lock the new one
        os.ftruncate(fd, 0)
        os.pwrite(fd, f"{os.getpid()}\n".encode(), 0)
        self._fd = fd
        return self

    def _names(self, fd: int) -> bool:
        """Whether `self.path` is still the file open as `fd`."""
        try:
            st = os.stat(self.path)
        except FileNotFoundError:
            return False
        own = os.fstat(fd)
        return (st.st_dev, st.st_ino) == (own.st_dev, own.st_ino)

    def release(self) -> None:
        if self._fd is not None:
            self.path.unlink(missing_ok=True)  # while held: see the module docstring
            fcntl.flock(self._fd, fcntl.LOCK_UN)
            os.close(self._fd)
            self._fd = None

    def __enter__(self) -> Self:
        return self.acquire()

    def __exit__(self, exc_type: type[BaseException] | None, exc: BaseException | None,
                 tb: TracebackType | None) -> None:
        self.release()
