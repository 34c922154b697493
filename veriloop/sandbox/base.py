"""Sandbox protocol, limits, results, and the process supervision both backends share.

A sandbox runs one command (or a Python snippet) in a fresh workspace under resource limits
and returns what it printed, how it ended, and any files asked for. The supervision here (output
caps, wall-clock timeout, killing the whole process group, collecting files) is common to the
bubblewrap backend and the rlimit fallback; the backends differ only in the command line they
wrap the program in and in what the kernel enforces for them (see `veriloop.sandbox` for the
guarantees and non-guarantees).
"""

from __future__ import annotations

import errno
import math
import os
import re
import selectors
import shutil
import signal
import subprocess
import tempfile
import threading
import time
from collections.abc import Callable, Mapping, Sequence
from dataclasses import asdict, dataclass, field, replace
from pathlib import Path
from typing import Any, Protocol

from veriloop.sandbox.disk import workspace_prefix, workspace_usage
from veriloop.types import FaultKind, InfrastructureError

WORKSPACE = "/workspace"  # where the workspace appears inside the bubblewrap sandbox
MAIN_FILE = "main.py"  # the file `code=` is written to
ENV_ALLOWLIST = {"LANG": "C.UTF-8", "LC_ALL": "C.UTF-8", "PYTHONDONTWRITEBYTECODE": "1",
                 "PYTHONUNBUFFERED": "1", "PYTHONIOENCODING": "utf-8"}
_ENV_NAME = re.compile(r"^[A-Z_][A-Z0-9_]*$")
DISK_POLL_S = 0.2  # how often a running program's workspace is measured
NOFILE = 256  # RLIMIT_NOFILE of every sandboxed process (bounds files held open after unlink)
_MEMORY_MARKERS = ("MemoryError", "Cannot allocate memory", "std::bad_alloc", "out of memory")


def sandbox_error(message: str) -> InfrastructureError:
    """The sandbox itself failed (not the code it ran): the episode is errored, never scored."""
    return InfrastructureError(message, kind=FaultKind.SANDBOX)


@dataclass(frozen=True)
class Limits:
    """Resource limits of one execution. `None` fields take the sandbox's defaults; every value
    is clamped to the sandbox's configured maximum (a model asking for a day gets the maximum)."""

    timeout_s: float | None = None  # wall clock; the whole process tree is killed after it
    cpu_s: int | None = None  # RLIMIT_CPU per process
    # the execution's memory in total, kernel memory and tmpfs pages included (a cgroup; see
    # veriloop.sandbox), and RLIMIT_AS (address space) of each process
    memory_mb: int | None = None
    nproc: int | None = None  # RLIMIT_NPROC (processes + threads of the sandbox user)
    fsize_mb: int | None = None  # RLIMIT_FSIZE: largest file any process may write
    tmpfs_mb: int | None = None  # size of the private /tmp (bubblewrap only)
    max_output: int | None = None  # bytes of stdout and of stderr kept (head + tail)
    disk_mb: int | None = None  # size of the workspace (a tmpfs of this size on a root host)
    max_files: int | None = None  # files, directories and links in the workspace


DEFAULT_LIMITS = Limits(timeout_s=10.0, cpu_s=10, memory_mb=1024, nproc=64, fsize_mb=64,
                        tmpfs_mb=64, max_output=64_000, disk_mb=256, max_files=10_000)
MAX_LIMITS = Limits(timeout_s=120.0, cpu_s=120, memory_mb=4096, nproc=256, fsize_mb=256,
                    tmpfs_mb=512, max_output=1_000_000, disk_mb=2048, max_files=100_000)


def fit_host(limits: Limits) -> Limits:
    """`limits` with `memory_mb` at most half the host's physical memory, so that no
    configuration lets one execution take the host down."""
    host_mb = os.sysconf("SC_PHYS_PAGES") * os.sysconf("SC_PAGE_SIZE") // 2**20
    if limits.memory_mb is None or limits.memory_mb <= host_mb // 2:
        return limits
    return replace(limits, memory_mb=max(1, host_mb // 2))


def merge_limits(limits: Limits | None, timeout: float | None = None,
                 memory: int | None = None, cpu: int | None = None,
                 max_output: int | None = None) -> Limits:
    """`limits` with the `run(timeout=, memory=, cpu=, max_output=)` shortcuts applied."""
    out = limits or Limits()
    changes = {k: v for k, v in (("timeout_s", timeout), ("memory_mb", memory), ("cpu_s", cpu),
                                 ("max_output", max_output)) if v is not None}
    return replace(out, **changes) if changes else out


def resolve_limits(requested: Limits | None, default: Limits = DEFAULT_LIMITS,
                   maximum: Limits = MAX_LIMITS) -> Limits:
    """Fill unset fields from `default`, then clamp every field into (0, maximum]."""
    requested = requested or Limits()
    out: dict[str, Any] = {}
    for name, value in asdict(requested).items():
        value = getattr(default, name) if value is None else value
        cap = getattr(maximum, name)
        if not isinstance(value, (int, float)) or math.isnan(value) or value <= 0:
            value = getattr(default, name)
        out[name] = type(cap)(min(value, cap))
    return Limits(**out)


@dataclass(frozen=True)
class Result:
    """How one execution ended. `exit_code` is negative (-signal) when a signal killed it."""

    stdout: str
    stderr: str
    exit_code: int
    timed_out: bool = False
    killed_for_memory: bool = False
    truncated: bool = False
    duration: float = 0.0
    backend: str = ""
    isolated: bool = False  # True only for a namespace sandbox (bubblewrap)
    limits: Limits = field(default_factory=Limits)
    files: dict[str, str] = field(default_factory=dict)  # collected workspace files
    killed_for_disk: bool = False  # the workspace outgrew disk_mb or max_files

    @property
    def ok(self) -> bool:
        return self.exit_code == 0 and not self.timed_out

    def to_dict(self) -> dict[str, Any]:
        return asdict(self)


class Sandbox(Protocol):
    name: str
    isolated: bool

    def run(self, command: str | Sequence[str] | None = None, *, code: str | None = None,
            files: Mapping[str, str | bytes] | None = None, limits: Limits | None = None,
            stdin: str | None = None, env: Mapping[str, str] | None = None,
            collect: Sequence[str] = (), workspace: Path | None = None,
            timeout: float | None = None, memory: int | None = None, cpu: int | None = None,
            max_output: int | None = None) -> Result: ...


def scrubbed_env(extra: Mapping[str, str] | None, path: str, home: str) -> dict[str, str]:
    """The only environment a sandboxed program sees: an allow-list plus validated extras."""
    env = dict(ENV_ALLOWLIST, PATH=path, HOME=home, TMPDIR="/tmp")
    for k, v in (extra or {}).items():
        if not _ENV_NAME.match(k) or "\0" in v:
            raise ValueError(f"invalid environment variable {k!r}; names are A-Z, 0-9, _")
        env[k] = v
    return env


_CALLER_ERRNOS = {errno.ENAMETOOLONG, errno.EEXIST, errno.ENOTDIR, errno.EISDIR, errno.EINVAL}


def write_files(root: Path, files: Mapping[str, str | bytes] | None) -> None:
    """Write `files` (relative paths) under `root`. Paths that escape it, are too long, or clash
    (a file where a directory is needed) raise ValueError (the caller's input); other I/O
    failures raise InfrastructureError(kind=SANDBOX)."""
    for rel, content in (files or {}).items():
        try:
            target = (root / rel).resolve()
            if not target.is_relative_to(root.resolve()) or target == root.resolve():
                raise ValueError(f"file path {rel!r} escapes the workspace; use a relative path")
            target.parent.mkdir(parents=True, exist_ok=True)
            if isinstance(content, bytes):
                target.write_bytes(content)
            else:
                target.write_text(content, encoding="utf-8")
        except OSError as e:
            if e.errno in _CALLER_ERRNOS:
                raise ValueError(f"cannot create {rel!r}: {e.strerror}") from None
            raise sandbox_error(f"could not write {rel!r} into the workspace: {e}") from e


def collect_files(root: Path, names: Sequence[str], limit: int) -> dict[str, str]:
    """Read back workspace files (at most `limit` bytes each, no symlinks out of it)."""
    out: dict[str, str] = {}
    for rel in names:
        p = root / rel
        if p.is_symlink() or not p.is_file() or not p.resolve().is_relative_to(root.resolve()):
            continue
        with open(p, "rb") as f:
            out[rel] = f.read(limit).decode("utf-8", errors="replace")
    return out


def rlimit_argv(limits: Limits, nproc_extra: int = 0) -> list[str]:
    """A `prlimit` prefix setting the kernel rlimits for the command it runs (inherited by every
    process the command starts). A wrapper binary instead of a Python `preexec_fn` keeps the
    fast vfork/exec path of subprocess (about 10 ms less per execution on a loaded machine)."""
    prlimit = shutil.which("prlimit")
    if prlimit is None:
        raise sandbox_error("`prlimit` (util-linux) is needed to set resource limits; "
                            "install util-linux")
    mem, fsize = limits.memory_mb * 2**20, limits.fsize_mb * 2**20
    return [prlimit, f"--cpu={limits.cpu_s}:{limits.cpu_s + 1}", f"--as={mem}",
            f"--fsize={fsize}", f"--nproc={limits.nproc + nproc_extra}", "--core=0",
            f"--nofile={NOFILE}", "--"]


class _Capture:
    """Keeps the head and tail of a stream within `limit` bytes and counts the rest."""

    def __init__(self, limit: int) -> None:
        self.limit, self.head, self.tail, self.total = limit, bytearray(), bytearray(), 0

    def add(self, chunk: bytes) -> None:
        self.total += len(chunk)
        room = self.limit // 2 - len(self.head)
        if room > 0:
            self.head += chunk[:room]
            chunk = chunk[room:]
        if chunk:
            self.tail = (self.tail + chunk)[-(self.limit - self.limit // 2):]

    @property
    def truncated(self) -> bool:
        return self.total > len(self.head) + len(self.tail)

    def text(self) -> str:
        if not self.truncated:
            return (self.head + self.tail).decode("utf-8", errors="replace")
        cut = self.total - len(self.head) - len(self.tail)
        return (self.head.decode("utf-8", errors="replace")
                + f"\n...[truncated {cut} bytes]...\n"
                + self.tail.decode("utf-8", errors="replace"))


def live_pids_of_uid(uid: int) -> list[int]:
    """Processes owned by `uid` that have not finished exiting (zombies excluded)."""
    out = []
    for name in os.listdir("/proc"):
        if not name.isdigit():
            continue
        try:
            if os.stat(f"/proc/{name}").st_uid != uid:
                continue
            with open(f"/proc/{name}/stat", encoding="ascii", errors="replace") as f:
                state = f.read().rsplit(")", 1)[1].split()[0]
        except (OSError, IndexError):
            continue
        if state not in ("Z", "X"):
            out.append(int(name))
    return out


def resident_bytes_of_uid(uid: int) -> int:
    """Total resident memory of the live processes owned by `uid` (one /proc scan)."""
    page = os.sysconf("SC_PAGE_SIZE")
    total = 0
    for name in os.listdir("/proc"):
        if not name.isdigit():
            continue
        try:
            if os.stat(f"/proc/{name}").st_uid != uid:
                continue
            with open(f"/proc/{name}/statm", encoding="ascii") as f:
                total += int(f.read().split()[1]) * page
        except (OSError, ValueError, IndexError):
            continue
    return total


def supervise(argv: Sequence[str], *, cwd: str, env: Mapping[str, str], limits: Limits,
              stdin: str | None, backend: str, isolated: bool,
              drain_cap: int = 16 * 2**20,
              over_memory: Callable[[], bool] | None = None,
              pass_fds: Sequence[int] = (),
              over_disk: Callable[[], bool] | None = None) -> Result:
    """Start `argv` (already wrapped in `rlimit_argv`), stream its output into bounded
    buffers, kill its process group at the timeout, once it has printed more than `drain_cap`
    bytes, once `over_memory()` says the execution passed its memory cap (polled every 50 ms),
    or once `over_disk()` says its workspace did (polled every DISK_POLL_S); report how it
    ended. Both checks run once more after the program ended, so a cap reached just before
    the end is still reported."""
    start = time.perf_counter()
    try:
        # own session = own process group, killed as a whole
        proc = subprocess.Popen(list(argv), cwd=cwd, env=dict(env), start_new_session=True,
                                pass_fds=tuple(pass_fds),
                                stdin=subprocess.PIPE if stdin is not None else subprocess.DEVNULL,
                                stdout=subprocess.PIPE, stderr=subprocess.PIPE, close_fds=True)
    except OSError as e:
        raise sandbox_error(f"could not start the sandbox ({argv[0]}): {e}") from e
    if stdin is not None:
        # fed from a thread: a program that never reads must not block the supervisor
        threading.Thread(target=_feed, args=(proc.stdin, stdin.encode()), daemon=True).start()
    out, err = _Capture(limits.max_output), _Capture(limits.max_output)
    sel = selectors.DefaultSelector()
    assert proc.stdout is not None and proc.stderr is not None
    sel.register(proc.stdout, selectors.EVENT_READ, out)
    sel.register(proc.stderr, selectors.EVENT_READ, err)
    deadline = start + limits.timeout_s
    timed_out = flooded = oom = full = False
    poll = 0.05 if over_memory is not None else DISK_POLL_S
    next_scan = next_disk_scan = start + poll

    def outgrew_disk() -> bool:
        nonlocal next_disk_scan
        if over_disk is None or time.perf_counter() < next_disk_scan:
            return False
        next_disk_scan = time.perf_counter() + DISK_POLL_S
        return over_disk()

    try:
        while sel.get_map():
            now = time.perf_counter()
            remaining = deadline - now
            if remaining <= 0:
                timed_out = True
                break
            if over_memory is not None and now >= next_scan:
                next_scan = now + poll
                if over_memory():
                    oom = True
                    break
            if outgrew_disk():
                full = True
                break
            for key, _ in sel.select(timeout=min(remaining, poll)):
                chunk = os.read(key.fd, 65536)
                if not chunk:
                    sel.unregister(key.fileobj)
                    continue
                key.data.add(chunk)
            if out.total + err.total > drain_cap:
                flooded = True
                break
        while not (timed_out or flooded or oom or full) and proc.poll() is None:
            # output closed but the process lives on (it closed its pipes, or the fallback's
            # orphans hold them): keep enforcing the deadline and the memory and disk budgets
            remaining = deadline - time.perf_counter()
            if remaining <= 0:
                timed_out = True
            elif over_memory is not None and over_memory():
                oom = True
            elif outgrew_disk():
                full = True
            else:
                try:
                    proc.wait(timeout=min(poll, remaining))
                except subprocess.TimeoutExpired:
                    pass
    finally:
        if proc.poll() is None:
            _kill_group(proc)
        proc.wait()
        sel.close()
        proc.stdout.close()
        proc.stderr.close()
    duration = time.perf_counter() - start
    code = proc.returncode
    stderr_text = err.text()
    # a cap reached just before the program ended (an OOM kill, a refused write) ended it too
    oom = oom or (over_memory is not None and over_memory())
    full = full or (over_disk is not None and over_disk())
    oom = oom or (not timed_out and code != 0
                  and any(m in stderr_text[-4000:] for m in _MEMORY_MARKERS))
    return Result(stdout=out.text(), stderr=stderr_text, exit_code=code, timed_out=timed_out,
                  killed_for_memory=oom, truncated=out.truncated or err.truncated or flooded,
                  duration=duration, backend=backend, isolated=isolated, limits=limits,
                  killed_for_disk=full)


def tree_over_limits(workspace: Path, limits: Limits) -> Callable[[], bool]:
    """A poll of the workspace tree against `disk_mb` and `max_files`, for where no tmpfs caps
    it (see `veriloop.sandbox.disk` for what it cannot see)."""
    max_bytes = limits.disk_mb * 2**20

    def over() -> bool:
        used, entries = workspace_usage(workspace, max_bytes, limits.max_files)
        return used > max_bytes or entries > limits.max_files
    return over


def _feed(pipe: Any, data: bytes) -> None:
    try:
        pipe.write(data)
        pipe.close()
    except (BrokenPipeError, OSError, ValueError):
        pass


def _kill_group(proc: subprocess.Popen[bytes]) -> None:
    try:
        os.killpg(proc.pid, signal.SIGKILL)
    except ProcessLookupError:
        pass
    except PermissionError:
        proc.kill()


def open_workspace(workspace: Path | None) -> tuple[Path, bool]:
    """The given workspace (used as is) or a new one; True when the caller owns and removes it."""
    if workspace is not None:
        return Path(workspace), False
    try:
        return new_workspace(), True
    except OSError as e:
        raise sandbox_error(f"could not create a workspace: {e}") from e


def stage_program(root: Path, files: Mapping[str, str | bytes] | None, code: str | None) -> None:
    """Write the execution's files, and `code` as the main program, into the workspace."""
    write_files(root, files)
    if code is not None:
        write_files(root, {MAIN_FILE: code})


def new_workspace(kind: str = "sbx") -> Path:
    """A new empty workspace directory named after this process (see `veriloop.sandbox.disk`,
    which sweeps the workspaces of dead owners)."""
    return Path(tempfile.mkdtemp(prefix=workspace_prefix(kind)))


def with_limits(limits: Limits, **changes: Any) -> Limits:
    return replace(limits, **changes)
