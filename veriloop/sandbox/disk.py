"""Workspace disk: naming workspaces by owner, measuring what a program put there, and sweeping
the workspaces of supervisors that died without cleaning up.

A workspace is a host directory `<tmp>/veriloop-<kind>-<pidns>.<pid>-<random>`: the PID
namespace and pid of the process that made it. A supervisor killed with SIGKILL cannot remove
its workspaces; the next sandbox created on the host removes every workspace whose owner is
dead (`sweep_stale_workspaces`). Owners in another PID namespace (another container sharing
/tmp) are never judged: their workspaces are left alone, as are names in the older format
without an owner.

On a root host the bubblewrap sandbox mounts a tmpfs sized `Limits.disk_mb` with
`Limits.max_files` inodes on the workspace for each execution (`mount_workspace`): the kernel
refuses writes past the cap, whatever the program does, including files it deleted while
keeping them open (they still hold their blocks). Its pages are memory, charged to the
execution's memory cgroup when the program writes them. `workspace_full` (one statvfs) tells
the supervisor the cap was reached, so that the execution is killed and flagged.

`workspace_usage` is the weaker measure used where no tmpfs can be mounted (the rlimit
fallback; bubblewrap with weak limits accepted): the supervisor polls the directory tree. It
does NOT see a file the program deleted while keeping it open, nor (on a non-root host) the
inside of a directory the program made unreadable.
"""

from __future__ import annotations

import ctypes
import functools
import logging
import os
import re
import stat
import tempfile
from pathlib import Path

log = logging.getLogger(__name__)
_NAME = re.compile(r"^veriloop-(sbx|pool)-(\d+)\.(\d+)-")
_DIR_FLAGS = os.O_RDONLY | os.O_DIRECTORY | os.O_NOFOLLOW
_MS_NOSUID, _MS_NODEV, _MNT_DETACH = 2, 4, 2  # linux/mount.h


def pid_namespace() -> int:
    """The inode of this process's PID namespace (0 if /proc does not say)."""
    try:
        return os.stat("/proc/self/ns/pid").st_ino
    except OSError:
        return 0


def workspace_prefix(kind: str) -> str:
    """The directory-name prefix of a workspace owned by this process (`kind`: sbx or pool)."""
    return f"veriloop-{kind}-{pid_namespace()}.{os.getpid()}-"


def owner_alive(name: str, namespace: int) -> bool:
    """False only when `name` is a workspace of this PID namespace whose owner has exited."""
    m = _NAME.match(name)
    if m is None or int(m.group(2)) != namespace or namespace == 0:
        return True
    try:
        os.kill(int(m.group(3)), 0)
    except ProcessLookupError:
        return False
    except OSError:
        return True  # it exists (owned by another user)
    return True


def clear_workspace(root: Path) -> None:
    """Delete everything under `root`, whatever the sandboxed code left there: any depth (an
    explicit stack of directory descriptors, no recursion and no long paths, so 100,000 nested
    directories are fine), any permissions; symbolic links are removed, never followed. Call it
    only when no process of the execution is left (nothing may change the tree meanwhile)."""
    if not root.exists():
        return
    stack: list[tuple[int, str]] = [(os.open(root, _DIR_FLAGS), "")]
    try:
        while stack:
            fd, _ = stack[-1]
            child = None
            with os.scandir(fd) as entries:
                for entry in entries:
                    if entry.is_dir(follow_symlinks=False):
                        child = entry.name
                        break
                    os.unlink(entry.name, dir_fd=fd)
            if child is not None:
                os.chmod(child, 0o700, dir_fd=fd)
                stack.append((os.open(child, _DIR_FLAGS, dir_fd=fd), child))
                continue
            fd, name = stack.pop()
            os.close(fd)
            if stack:
                os.rmdir(name, dir_fd=stack[-1][0])
    finally:
        for fd, _ in stack:
            os.close(fd)


def remove_workspace(root: Path) -> None:
    """Delete a workspace after use; a failure is logged, not raised (the result stands)."""
    try:
        clear_workspace(root)
        root.rmdir()
    except Exception as e:  # noqa: BLE001 (whatever the program left, the result stands)
        log.warning("could not remove sandbox workspace %s: %s", root, e)


def sweep_stale_workspaces(root: Path | None = None) -> list[Path]:
    """Remove the workspaces under `root` (default: the temporary directory) whose owner
    process is dead; returns what was removed. Failures are logged, never raised."""
    root = Path(root or tempfile.gettempdir())
    namespace = pid_namespace()
    removed = []
    try:
        names = [n for n in os.listdir(root) if _NAME.match(n)]
    except OSError as e:
        log.warning("could not list %s to sweep stale sandbox workspaces: %s", root, e)
        return removed
    for name in names:
        path = root / name
        try:
            st = path.lstat()
        except OSError:
            continue
        if (owner_alive(name, namespace) or not stat.S_ISDIR(st.st_mode)
                or os.geteuid() not in (0, st.st_uid)):
            continue  # alive, not a plain directory, or another user's (root may sweep all)
        if os.path.ismount(path):
            unmount_workspace(path)
        remove_workspace(path)
        if not path.exists():
            removed.append(path)
    if removed:
        log.warning("removed %d sandbox workspaces left by dead processes under %s",
                    len(removed), root)
    return removed


def workspace_usage(root: Path, max_bytes: int, max_entries: int) -> tuple[int, int]:
    """(bytes allocated, entries) of the tree under `root`, counting files, directories and
    links, without following links and with no recursion (any depth, one directory descriptor
    open at a time). Stops early once either count is over its maximum, so one call reads at
    most `max_entries` + one directory's entries. Entries that vanish meanwhile are skipped;
    a tree the program rearranges during the walk is counted approximately."""
    try:
        fd = os.open(root, _DIR_FLAGS)
    except OSError:
        return 0, 0
    used = entries = 0
    pending: list[list[str]] = []  # per open level: the subdirectories still to visit
    try:
        while True:
            subdirs: list[str] = []
            try:
                with os.scandir(fd) as it:
                    for entry in it:
                        entries += 1
                        try:
                            st = entry.stat(follow_symlinks=False)
                        except OSError:
                            continue
                        used += st.st_blocks * 512
                        if entry.is_dir(follow_symlinks=False):
                            subdirs.append(entry.name)
            except OSError:
                pass
            if used > max_bytes or entries > max_entries:
                return used, entries
            pending.append(subdirs)
            # descend into the next pending subdirectory, climbing back up via ".." as levels
            # run out (no descriptor stack: the depth is unbounded)
            while True:
                if not pending:
                    return used, entries
                if pending[-1]:
                    name = pending[-1].pop()
                    try:
                        child = os.open(name, _DIR_FLAGS, dir_fd=fd)
                    except OSError:
                        continue
                    os.close(fd)
                    fd = child
                    break
                pending.pop()
                if not pending:
                    return used, entries
                parent = os.open("..", _DIR_FLAGS, dir_fd=fd)
                os.close(fd)
                fd = parent
    finally:
        os.close(fd)


@functools.cache
def _libc() -> ctypes.CDLL:
    return ctypes.CDLL(None, use_errno=True)


def mount_workspace(root: Path, max_bytes: int, max_entries: int) -> None:
    """Mount a fresh tmpfs of `max_bytes` and `max_entries` files, directories and links (its
    own root directory not counted) on `root` (root only). Raises OSError if it cannot."""
    options = f"size={max_bytes},nr_inodes={max_entries + 1},mode=0700".encode()
    if _libc().mount(b"tmpfs", os.fsencode(root), b"tmpfs", _MS_NOSUID | _MS_NODEV,
                     options) != 0:
        err = ctypes.get_errno()
        raise OSError(err, f"cannot mount a tmpfs on {root}: {os.strerror(err)}")


def unmount_workspace(root: Path) -> None:
    """Detach the tmpfs on `root` (its pages are freed once no process holds a file of it)."""
    if _libc().umount2(os.fsencode(root), _MNT_DETACH) != 0:
        log.warning("could not unmount sandbox workspace %s: %s", root,
                    os.strerror(ctypes.get_errno()))


@functools.cache
def can_mount_workspace() -> tuple[bool, str]:
    """Whether this process can mount workspace tmpfs (checked once), and why not."""
    if os.geteuid() != 0:
        return False, "mounting a tmpfs on the workspace needs root"
    probe = Path(tempfile.mkdtemp(prefix="veriloop-probe-"))
    try:
        mount_workspace(probe, 1 << 20, 16)
    except OSError as e:
        return False, str(e)
    else:
        unmount_workspace(probe)
        return True, ""
    finally:
        probe.rmdir()


def workspace_full(root: Path) -> bool:
    """Whether the workspace tmpfs on `root` has no block or no inode left."""
    try:
        st = os.statvfs(root)
    except OSError:
        return False
    return st.f_bavail == 0 or st.f_favail == 0
