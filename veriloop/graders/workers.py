"""A pool of verifier worker processes with a hard per-check timeout.

Symbolic checking (sympy via math-verify) can hang on pathological inputs (`10^{10^{10^{10}}}`),
and signal-based timeouts neither work in threads (where composite graders run) nor interrupt
C-level loops. So checks run in long-lived worker processes (`python -m
veriloop.graders._worker`, JSON lines over pipes): the caller waits at most `timeout` seconds,
then kills the worker, starts a fresh one, and returns a `CheckResult` with status "timeout".
Workers are reused across checks, so the per-check overhead is one pipe round trip (tens of
microseconds), not a process start.

The pool is thread-safe: concurrent callers each take a free worker (or wait for one). Workers
start lazily on first use; `close()` (or garbage collection, or interpreter exit) stops them.
"""

from __future__ import annotations

import json
import os
import queue
import select
import subprocess
import sys
import threading
import time
import weakref
from collections.abc import Sequence
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Literal, Self

Status = Literal["ok", "timeout", "error"]


@dataclass(frozen=True)
class CheckResult:
    status: Status
    value: Any = None  # what the check function returned (JSON), when status == "ok"
    error: str = ""
    seconds: float = 0.0


@dataclass
class _Worker:
    proc: subprocess.Popen[bytes]
    checks: int = 0
    ready: bool = False


@dataclass
class PoolStats:
    checks: int = 0
    timeouts: int = 0
    errors: int = 0
    restarts: int = 0
    lock: threading.Lock = field(default_factory=threading.Lock, repr=False)

    def as_dict(self) -> dict[str, int]:
        return {"checks": self.checks, "timeouts": self.timeouts, "errors": self.errors,
                "restarts": self.restarts}


def _stop(proc: subprocess.Popen[bytes]) -> None:
    if proc.poll() is None:
        proc.kill()
    try:
        proc.wait(timeout=5)
    except subprocess.TimeoutExpired:  # pragma: no cover - a zombie we cannot reap
        pass
    for stream in (proc.stdin, proc.stdout):
        if stream is not None:
            stream.close()


def _stop_all(procs: list[subprocess.Popen[bytes]]) -> None:
    for p in procs:
        _stop(p)


class WorkerPool:
    """`size` worker processes; `call(fn, **kwargs)` runs `fn` ("module:function", returning
    JSON-serializable data) in one of them with a hard wall-clock `timeout` in seconds."""

    def __init__(self, size: int = 1, timeout: float = 5.0, warmup: Sequence[str] = (),
                 start_timeout: float = 120.0) -> None:
        if size < 1:
            raise ValueError(f"a worker pool needs size >= 1, got {size}")
        if timeout <= 0:
            raise ValueError(f"timeout must be > 0 seconds, got {timeout}")
        self.size = size
        self.timeout = timeout
        self.warmup = tuple(warmup)  # modules to import / "module:function"s to call at start
        self.start_timeout = start_timeout
        self.stats = PoolStats()
        self._idle: queue.Queue[_Worker | None] = queue.Queue()
        self._procs: list[subprocess.Popen[bytes]] = []
        self._started = False
        self._start_lock = threading.Lock()
        self._closed = False
        self._finalizer = weakref.finalize(self, _stop_all, self._procs)

    def _spawn(self) -> _Worker:
        # the worker must import this same veriloop, installed or not
        root = str(Path(__file__).resolve().parents[2])
        path = os.pathsep.join(p for p in (root, os.environ.get("PYTHONPATH", "")) if p)
        env = dict(os.environ, PYTHONUNBUFFERED="1", PYTHONPATH=path)
        proc = subprocess.Popen([sys.executable, "-m", "veriloop.graders._worker", *self.warmup],
                                stdin=subprocess.PIPE, stdout=subprocess.PIPE,
                                stderr=subprocess.DEVNULL, env=env)
        self._procs.append(proc)
        return _Worker(proc)

    def _ensure_started(self) -> None:
        with self._start_lock:
            if self._closed:
                raise RuntimeError("this WorkerPool is closed; create a new one")
            if not self._started:
                for _ in range(self.size):
                    self._idle.put(self._spawn())
                self._started = True

    def _replace(self, worker: _Worker) -> _Worker:
        _stop(worker.proc)
        if worker.proc in self._procs:
            self._procs.remove(worker.proc)
        with self.stats.lock:
            self.stats.restarts += 1
        return self._spawn()

    def call(self, fn: str, timeout: float | None = None, **kwargs: Any) -> CheckResult:
        """Run `fn(**kwargs)` in a worker; never raises for what the check does or how long
        it takes (status "error"/"timeout" instead)."""
        self._ensure_started()
        limit = self.timeout if timeout is None else timeout
        worker = self._idle.get()
        if worker is None:  # closed while waiting
            self._idle.put(None)
            raise RuntimeError("this WorkerPool was closed")
        start = time.perf_counter()
        try:
            result = self._roundtrip(worker, fn, kwargs, limit)
        except _WorkerDied as e:
            worker = self._replace(worker)
            result = CheckResult("error", error=f"verifier worker died: {e}")
        except _WorkerTimeout:
            worker = self._replace(worker)
            result = CheckResult("timeout", error=f"check exceeded {limit:g}s and was killed")
        finally:
            self._idle.put(worker)
        result = CheckResult(result.status, result.value, result.error,
                             time.perf_counter() - start)
        with self.stats.lock:
            self.stats.checks += 1
            self.stats.timeouts += result.status == "timeout"
            self.stats.errors += result.status == "error"
        return result

    def map(self, fn: str, kwargs_list: Sequence[dict[str, Any]],
            timeout: float | None = None) -> list[CheckResult]:
        """`call` over many inputs, spread over all workers; results in input order."""
        if not kwargs_list:
            return []
        with ThreadPoolExecutor(max_workers=self.size) as ex:
            return list(ex.map(lambda kw: self.call(fn, timeout=timeout, **kw), kwargs_list))

    def _roundtrip(self, worker: _Worker, fn: str, kwargs: dict[str, Any],
                   limit: float) -> CheckResult:
        proc = worker.proc
        assert proc.stdin is not None and proc.stdout is not None
        if not worker.ready:  # start-up and warm-up are not part of the check's time
            try:
                self._read(proc, self.start_timeout)
            except _WorkerTimeout as e:
                raise _WorkerDied(f"did not start within {self.start_timeout:g}s") from e
            worker.ready = True
        line = json.dumps({"fn": fn, "kwargs": kwargs}).encode() + b"\n"
        try:
            proc.stdin.write(line)
            proc.stdin.flush()
        except (BrokenPipeError, OSError) as e:
            raise _WorkerDied(str(e)) from e
        msg = self._read(proc, limit)
        worker.checks += 1
        if msg.get("ok"):
            return CheckResult("ok", msg.get("value"))
        return CheckResult("error", error=str(msg.get("error", "unknown error")))

    @staticmethod
    def _read(proc: subprocess.Popen[bytes], limit: float) -> dict[str, Any]:
        """The worker's next reply line, waiting at most `limit` seconds."""
        assert proc.stdout is not None
        deadline = time.monotonic() + limit
        while True:
            left = deadline - time.monotonic()
            if left <= 0:
                raise _WorkerTimeout()
            ready, _, _ = select.select([proc.stdout], [], [], left)
            if ready:
                break
        reply = proc.stdout.readline()
        if not reply:
            raise _WorkerDied(f"exit code {proc.poll()}")
        return json.loads(reply)

    def close(self) -> None:
        with self._start_lock:
            self._closed = True
        self._idle.put(None)
        self._finalizer()

    def __enter__(self) -> Self:
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()


class _WorkerDied(Exception):
    pass


class _WorkerTimeout(Exception):
    pass
