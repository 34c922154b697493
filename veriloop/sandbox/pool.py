"""A pool of sandbox slots: concurrent executions, each in a warm workspace wiped between uses.

Each slot owns one workspace directory for its lifetime. Before every execution the slot's
workspace is emptied (files, directories with any permissions the previous program set), and the
sandbox gives every execution a fresh /tmp, /dev/shm, PID, IPC and network namespace, so nothing
one execution wrote or started is visible to the next. What a slot saves is the directory setup
and, with `map`, the waiting: executions run in parallel threads (the work itself is in child
processes, so threads do not serialise it).
"""

from __future__ import annotations

import logging
import queue
import shutil
import weakref
from collections.abc import Callable, Iterable, Iterator, Mapping, Sequence
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Self

from veriloop.sandbox.base import (
    Limits,
    Result,
    Sandbox,
    new_workspace,
    sandbox_error,
)
from veriloop.sandbox.disk import clear_workspace, remove_workspace

log = logging.getLogger(__name__)


def _remove(dirs: list[Path], executor: ThreadPoolExecutor) -> None:
    executor.shutdown(wait=True)
    for d in dirs:
        remove_workspace(d)
        shutil.rmtree(d, ignore_errors=True)


@dataclass(frozen=True)
class Job:
    """One execution for `SandboxPool.map` (same arguments as `Sandbox.run`)."""

    command: str | Sequence[str] | None = None
    code: str | None = None
    files: Mapping[str, str | bytes] = field(default_factory=dict)
    limits: Limits | None = None
    stdin: str | None = None
    collect: tuple[str, ...] = ()


class SandboxPool:
    """`size` concurrent slots over one sandbox backend. Use as a context manager or `close()`."""

    def __init__(self, sandbox: Sandbox, size: int = 2) -> None:
        if size < 1:
            raise ValueError(f"pool size must be >= 1, got {size}")
        self.sandbox, self.size = sandbox, size
        self._free: queue.Queue[Path] = queue.Queue()
        self._dirs = [new_workspace("pool") for _ in range(size)]
        for d in self._dirs:
            self._free.put(d)
        self._executor = ThreadPoolExecutor(max_workers=size, thread_name_prefix="sandbox")
        self.executions = 0
        # workspaces are removed even if close() is never called (garbage collection, exit)
        self._finalizer = weakref.finalize(self, _remove, self._dirs, self._executor)

    def run(self, command: str | Sequence[str] | None = None, **kwargs: Any) -> Result:
        """Like `Sandbox.run`, in a free slot's freshly wiped workspace (blocks while all
        slots are busy). Whatever a program leaves behind, its slot comes back: a workspace
        that cannot be wiped is set aside and replaced by a new one."""
        ws = self._usable(self._free.get())
        assert ws is not None
        try:
            self.executions += 1
            return self.sandbox.run(command, workspace=ws, **kwargs)
        finally:
            self._free.put(self._usable(ws, raise_errors=False))

    def _usable(self, ws: Path | None, raise_errors: bool = True) -> Path | None:
        """`ws` wiped, or a fresh workspace in its place (the old one is removed in the
        background, best effort). None only if not even a fresh one could be made, and
        then the slot is retried at its next use."""
        if ws is not None:
            try:
                clear_workspace(ws)
                return ws
            except Exception as e:  # noqa: BLE001 (the program's leftovers, never the caller's)
                log.warning("sandbox workspace %s could not be wiped (%s); replacing it", ws, e)
                self._executor.submit(remove_workspace, ws)
        try:
            fresh = new_workspace("pool")
        except OSError as e:
            if raise_errors:
                raise sandbox_error(f"could not create a sandbox workspace: {e}") from e
            return None
        self._dirs.append(fresh)
        return fresh

    def submit(self, fn: Callable[..., Result], *args: Any, **kwargs: Any) -> Any:
        return self._executor.submit(fn, *args, **kwargs)

    def map(self, jobs: Iterable[Job]) -> Iterator[Result]:
        """Run jobs concurrently; results in job order. Exceptions (InfrastructureError) are
        re-raised when their result is reached."""
        futures = [self._executor.submit(self.run, j.command, code=j.code, files=j.files,
                                         limits=j.limits, stdin=j.stdin, collect=j.collect)
                   for j in jobs]
        for f in futures:
            yield f.result()

    def close(self) -> None:
        self._finalizer()

    def __enter__(self) -> Self:
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()
