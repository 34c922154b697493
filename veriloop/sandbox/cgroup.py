"""Kernel-enforced memory cap of one sandboxed execution: a child cgroup of the supervisor's own.

Why a cgroup: a poll of resident memory cannot see kernel memory. Programs parked 1.5 GB in
unix-socket buffers under a 256 MB cap (issue 43). The memory controller charges a cgroup for
its processes' pages *and* their kernel memory (socket buffers, pipe buffers, page tables, tmpfs
pages they write) and OOM-kills inside the cgroup when the total passes its limit.

- cgroup v2 (the memory controller is enabled in the unified hierarchy): `memory.max`,
  `memory.swap.max` 0, `memory.oom.group` 1 (an OOM kill takes the whole execution), and
  `pids.max` when the pids controller is on; OOM kills are read from `memory.events`.
- cgroup v1 (the memory controller is mounted on its own, as on hosts with a hybrid layout):
  `memory.limit_in_bytes` (+ `memory.memsw.limit_in_bytes` where swap is accounted). Since
  Linux 5.x v1 charges kernel memory, socket buffers included, to the same counter (checked
  on kernel 6.18: 454 MB of unix-socket buffers held under no cap; under a 64 MB cgroup the
  program was OOM-killed at 64 MB). OOM kills are read from `memory.oom_control`.

The cgroup is created under the cgroup this process is in (never elsewhere in the host's
tree), named after this process like workspaces (`veriloop.sandbox.disk`), so that one a
killed supervisor left behind is removed by the next sandbox. The program is moved in by a
one-line shell before it executes anything (`enter_argv`), so every process it starts is
inside. Needs write access to this process's cgroup: as root with a writable cgroup mount (or
a delegated v2 subtree). Where none can be used, `find_parent` says why; the bubblewrap sandbox
then refuses unless its caller accepted weaker limits (see `veriloop.sandbox`).

Not covered: memory the kernel does not charge to a cgroup (rare kernel objects), and I/O or
CPU bandwidth (the wall-clock timeout bounds those).
"""

from __future__ import annotations

import errno
import logging
import os
import secrets
import signal
import time
from dataclasses import dataclass
from pathlib import Path

from veriloop.sandbox.disk import owner_alive, pid_namespace, workspace_prefix

log = logging.getLogger(__name__)
_ENTER = 'echo $$ > "$1" || exit 125; shift; exec "$@"'  # join the cgroup, then run argv


@dataclass(frozen=True)
class Cgroup:
    """One execution's cgroup (`version` 1 or 2)."""

    path: Path
    version: int

    def enter_argv(self) -> list[str]:
        """A prefix that moves the command into this cgroup before it starts (exit 125 and
        nothing run if it cannot)."""
        return ["/bin/sh", "-c", _ENTER, "sh", str(self.path / "cgroup.procs")]

    def oom_kills(self) -> int:
        """How many processes the kernel OOM-killed in this cgroup so far."""
        name = "memory.events" if self.version == 2 else "memory.oom_control"
        try:
            for line in (self.path / name).read_text().splitlines():
                key, _, value = line.partition(" ")
                if key == "oom_kill":
                    return int(value)
        except (OSError, ValueError):
            pass
        return 0

    def remove(self, timeout: float = 2.0) -> None:
        """Kill what is left inside and delete the cgroup; a failure is logged, not raised."""
        deadline = time.monotonic() + timeout
        while True:
            _kill_members(self.path)
            try:
                self.path.rmdir()
                return
            except FileNotFoundError:
                return
            except OSError as e:  # EBUSY while killed processes finish exiting
                if time.monotonic() > deadline:
                    log.warning("could not remove sandbox cgroup %s: %s", self.path, e)
                    return
            time.sleep(0.005)


@dataclass(frozen=True)
class CgroupParent:
    """Where this process may create execution cgroups: its own memory cgroup."""

    path: Path
    version: int

    def create(self, memory_bytes: int, pids: int) -> Cgroup:
        """A new cgroup capped at `memory_bytes` (no swap) and, on v2, `pids` tasks."""
        cg = Cgroup(self.path / f"{workspace_prefix('sbx')}{secrets.token_hex(4)}", self.version)
        cg.path.mkdir()
        try:
            if self.version == 2:
                _write(cg.path / "memory.max", memory_bytes)
                _write(cg.path / "memory.swap.max", 0, optional=True)
                _write(cg.path / "memory.oom.group", 1, optional=True)
                _write(cg.path / "pids.max", pids, optional=True)
            else:
                _write(cg.path / "memory.limit_in_bytes", memory_bytes)
                # memsw (memory + swap) may only be set once the memory limit is at most it
                _write(cg.path / "memory.memsw.limit_in_bytes", memory_bytes, optional=True)
        except OSError:
            cg.remove()
            raise
        return cg

    def sweep(self) -> None:
        """Remove the execution cgroups left by supervisors that died (SIGKILL)."""
        namespace = pid_namespace()
        try:
            names = [p.name for p in self.path.iterdir() if p.name.startswith("veriloop-sbx-")]
        except OSError:
            return
        for name in names:
            if not owner_alive(name, namespace):
                Cgroup(self.path / name, self.version).remove(timeout=0.5)


def find_parent(proc_root: str = "/proc/self") -> tuple[CgroupParent | None, str]:
    """This process's memory cgroup if child cgroups with a memory limit can be made there
    (v2 preferred), else None and why not."""
    mounts = _cgroup_mounts(f"{proc_root}/mountinfo")
    memberships = _memberships(f"{proc_root}/cgroup")
    reasons = []
    if "2" in mounts and "" in memberships:
        path = _join(mounts["2"], memberships[""])
        controllers = _read(path / "cgroup.controllers").split()
        if "memory" in controllers:
            if "memory" not in _read(path / "cgroup.subtree_control").split():
                why = _enable_v2(path, controllers)
                reasons += [why] if why else []
            if not reasons:
                if os.access(path, os.W_OK):
                    return CgroupParent(path, 2), ""
                reasons.append(f"cgroup v2 {path} is not writable")
        else:
            reasons.append("cgroup v2 has no memory controller here")
    if "memory" in mounts and "memory" in memberships:
        path = _join(mounts["memory"], memberships["memory"])
        if (path / "memory.limit_in_bytes").exists() and os.access(path, os.W_OK):
            return CgroupParent(path, 1), ""
        reasons.append(f"cgroup v1 memory {path} is not writable")
    else:
        reasons.append("no cgroup v1 memory hierarchy")
    return None, "; ".join(reasons)


def _enable_v2(path: Path, controllers: list[str]) -> str:
    """Enable memory (and pids) for the children of `path`; "" or why not. v2 allows that only
    in a cgroup without processes: when this process is alone in `path` (as in a delegated
    scope, `systemd-run --scope -p Delegate=yes`), it first moves into a leaf of its own."""
    enable = " ".join(f"+{c}" for c in ("memory", "pids") if c in controllers)
    try:
        _write(path / "cgroup.subtree_control", enable)
        return ""
    except OSError as e:
        if e.errno != errno.EBUSY:
            return (f"cgroup v2 {path}: cannot enable the memory controller for child cgroups "
                    f"({e.strerror})")
    if any(int(pid) != os.getpid() for pid in _read(path / "cgroup.procs").split()):
        return (f"cgroup v2 {path} holds other processes, so it cannot have child cgroups "
                f"with a memory limit; start veriloop in a cgroup of its own with the memory "
                f"controller delegated (e.g. `systemd-run --scope -p Delegate=yes ...`)")
    try:
        leaf = path / "veriloop-supervisor"
        leaf.mkdir(exist_ok=True)
        _write(leaf / "cgroup.procs", os.getpid())
        _write(path / "cgroup.subtree_control", enable)
    except OSError as e:
        return (f"cgroup v2 {path}: cannot enable the memory controller for child cgroups "
                f"({e.strerror})")
    return ""


def _cgroup_mounts(mountinfo: str) -> dict[str, tuple[str, str]]:
    """{"2": (mount point, root) of cgroup2, controller: (mount point, root) for v1}."""
    out: dict[str, tuple[str, str]] = {}
    for line in _read(Path(mountinfo)).splitlines():
        fields = line.split()
        if " - " not in line or len(fields) < 5:
            continue
        root, point = fields[3], fields[4]
        fstype, _, options = line.split(" - ", 1)[1].split()[:3]
        if fstype == "cgroup2":
            out.setdefault("2", (point, root))
        elif fstype == "cgroup":
            for option in options.split(","):
                out.setdefault(option, (point, root))
    return out


def _memberships(cgroup_file: str) -> dict[str, str]:
    """{controller: path} from /proc/self/cgroup ("" is the v2 entry)."""
    out: dict[str, str] = {}
    for line in _read(Path(cgroup_file)).splitlines():
        parts = line.split(":", 2)
        if len(parts) == 3:
            for controller in parts[1].split(",") if parts[1] else [""]:
                out[controller] = parts[2]
    return out


def _join(mount: tuple[str, str], member: str) -> Path:
    point, root = mount
    rel = member[len(root):] if root != "/" and member.startswith(root) else member
    return Path(point) / rel.lstrip("/")


def _kill_members(path: Path) -> None:
    for pid in _read(path / "cgroup.procs").split():
        try:
            os.kill(int(pid), signal.SIGKILL)
        except (ProcessLookupError, PermissionError, ValueError):
            pass


def _read(path: Path) -> str:
    try:
        return path.read_text()
    except OSError:
        return ""


def _write(path: Path, value: object, optional: bool = False) -> None:
    try:
        path.write_text(f"{value}\n")
    except FileNotFoundError:
        if not optional:
            raise
