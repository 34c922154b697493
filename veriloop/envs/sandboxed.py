"""What the worlds that run code (code, repo, research) share about their sandbox: the limits of
one run, and a pool started on first use, so building a world or listing its tasks starts no
sandbox. World-free, so no world imports another for it."""

from __future__ import annotations

import threading
from collections.abc import Callable

from veriloop.sandbox import Limits, Sandbox, SandboxPool, get_sandbox


def run_limits(timeout_s: float, memory_mb: int, max_output: int = 1_000_000) -> Limits:
    """The limits of one sandbox run: `timeout_s` of wall clock, a CPU second more than that
    (so a busy loop is killed by whichever comes first), `memory_mb`, `max_output` bytes."""
    return Limits(timeout_s=timeout_s, cpu_s=int(timeout_s) + 1, memory_mb=memory_mb,
                  max_output=max_output)


class LazyPool:
    """A world's sandbox pool of `size`, started on the first `get()` from `backend` (a
    registered sandbox name, or a function building the sandbox) and closed with the world."""

    def __init__(self, backend: str | Callable[[], Sandbox], size: int) -> None:
        self.backend, self.size = backend, size
        self._pool: SandboxPool | None = None
        self._lock = threading.Lock()

    def get(self) -> SandboxPool:
        with self._lock:
            if self._pool is None:
                backend = self.backend
                sandbox = get_sandbox(backend) if isinstance(backend, str) else backend()
                self._pool = SandboxPool(sandbox, size=self.size)
            return self._pool

    def close(self) -> None:
        with self._lock:
            if self._pool is not None:
                self._pool.close()
