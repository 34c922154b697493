"""The execution cgroup (kernel memory cap): finding where it may go on v1, v2 and hybrid
layouts, its limits and OOM count, cleanup, and refusing to run without it unless weak limits
were accepted (issue 43)."""

from __future__ import annotations

import errno
import os
import subprocess
from pathlib import Path

import pytest

from veriloop.sandbox import Limits, bwrap, cgroup
from veriloop.sandbox.base import fit_host
from veriloop.sandbox.cgroup import Cgroup, CgroupParent, find_parent
from veriloop.sandbox.disk import pid_namespace, workspace_prefix
from veriloop.types import FaultKind, InfrastructureError


def _fake_proc(tmp_path: Path, v2_controllers: str) -> tuple[Path, Path, Path]:
    """A /proc/self with a hybrid layout: v1 memory at m/, cgroup2 at u/ (controllers given)."""
    proc, v1, v2 = tmp_path / "proc", tmp_path / "m", tmp_path / "u"
    (v1 / "box").mkdir(parents=True)
    (v1 / "box" / "memory.limit_in_bytes").write_text("9223372036854771712\n")
    (v2 / "box").mkdir(parents=True)
    (v2 / "box" / "cgroup.controllers").write_text(v2_controllers + "\n")
    (v2 / "box" / "cgroup.subtree_control").write_text("\n")
    proc.mkdir()
    (proc / "mountinfo").write_text(
        f"30 25 0:26 / {v1} rw,relatime shared:9 - cgroup cgroup rw,memory\n"
        f"31 25 0:27 / {v2} rw,relatime shared:10 - cgroup2 cgroup2 rw\n"
        f"32 25 0:28 / /other rw - tmpfs tmpfs rw,size=10k\n")
    (proc / "cgroup").write_text("4:memory:/box\n3:cpu,cpuacct:/\n0::/box\n")
    return proc, v1 / "box", v2 / "box"


def test_v2_is_preferred_when_its_memory_controller_is_available(tmp_path):
    proc, _, v2 = _fake_proc(tmp_path, "cpu memory pids")
    parent, why = find_parent(str(proc))
    assert parent == CgroupParent(v2, 2) and why == ""
    assert "+memory" in (v2 / "cgroup.subtree_control").read_text()  # enabled for children
    cg = parent.create(64 << 20, 32)
    assert (cg.path / "memory.max").read_text() == f"{64 << 20}\n"
    assert (cg.path / "memory.swap.max").read_text() == "0\n"
    assert (cg.path / "memory.oom.group").read_text() == "1\n"
    assert (cg.path / "pids.max").read_text() == "32\n"
    assert cg.enter_argv()[-1] == str(cg.path / "cgroup.procs")
    (cg.path / "memory.events").write_text("low 0\nhigh 0\nmax 7\noom 2\noom_kill 2\n")
    assert cg.oom_kills() == 2


def test_v2_supervisor_alone_in_its_cgroup_moves_into_a_leaf(tmp_path, monkeypatch):
    # v2 enables controllers for children only in a cgroup without processes (EBUSY)
    proc, v1, v2 = _fake_proc(tmp_path, "memory")
    (v1 / "memory.limit_in_bytes").unlink()  # v2 only
    (v2 / "cgroup.procs").write_text(f"{os.getpid()}\n")
    real_write, writes = cgroup._write, []

    def write(path: Path, value: object, optional: bool = False) -> None:
        writes.append((path.relative_to(v2).as_posix(), str(value)))
        if len(writes) == 1:
            raise OSError(errno.EBUSY, "Device or resource busy")
        real_write(path, value, optional)

    monkeypatch.setattr(cgroup, "_write", write)
    parent, why = find_parent(str(proc))
    assert parent == CgroupParent(v2, 2), why
    assert writes == [("cgroup.subtree_control", "+memory"),
                      ("veriloop-supervisor/cgroup.procs", str(os.getpid())),
                      ("cgroup.subtree_control", "+memory")]
    (v2 / "cgroup.subtree_control").write_text("\n")
    (v2 / "cgroup.procs").write_text(f"{os.getpid()}\n1\n")  # shared with another process
    writes.clear()
    parent, why = find_parent(str(proc))
    assert parent is None and "holds other processes" in why and "Delegate=yes" in why


def test_v1_memory_is_used_on_a_hybrid_host_with_an_empty_cgroup2(tmp_path):
    # this machine's layout: v1 controllers, and a cgroup2 mount with no controllers
    proc, v1, _ = _fake_proc(tmp_path, "")
    parent, _ = find_parent(str(proc))
    assert parent == CgroupParent(v1, 1)
    cg = parent.create(64 << 20, 32)
    assert (cg.path / "memory.limit_in_bytes").read_text() == f"{64 << 20}\n"
    assert cg.oom_kills() == 0  # no oom_control yet
    (cg.path / "memory.oom_control").write_text("oom_kill_disable 0\nunder_oom 0\noom_kill 1\n")
    assert cg.oom_kills() == 1


def test_no_memory_hierarchy_is_reported_with_reasons(tmp_path):
    proc = tmp_path / "proc"
    proc.mkdir()
    (proc / "mountinfo").write_text("")
    (proc / "cgroup").write_text("0::/\n")
    parent, why = find_parent(str(proc))
    assert parent is None and "no cgroup v1 memory hierarchy" in why


def test_sandbox_refuses_without_a_kernel_memory_cap_unless_weak_limits_are_accepted(
        monkeypatch):
    monkeypatch.delenv(bwrap.WEAK_LIMITS_ENV, raising=False)
    monkeypatch.setattr(bwrap, "_cgroup_parent", lambda: (None, "no cgroup here"))
    with pytest.raises(InfrastructureError) as e:
        bwrap.BubblewrapSandbox()
    assert e.value.kind is FaultKind.SANDBOX
    assert "no cgroup here" in str(e.value) and f"{bwrap.WEAK_LIMITS_ENV}=1" in str(e.value)
    monkeypatch.setenv(bwrap.WEAK_LIMITS_ENV, "1")
    weak = bwrap.BubblewrapSandbox()
    assert weak.weak_limits and weak.run(code="print(6 * 7)").stdout == "42\n"


def test_limits_never_exceed_half_the_hosts_memory():
    host_mb = os.sysconf("SC_PHYS_PAGES") * os.sysconf("SC_PAGE_SIZE") // 2**20
    assert fit_host(Limits(memory_mb=10 * host_mb)).memory_mb == host_mb // 2
    assert fit_host(Limits(memory_mb=64)).memory_mb == 64
    assert bwrap.BubblewrapSandbox(maximum=Limits(memory_mb=10 * host_mb)).maximum.memory_mb \
        <= host_mb // 2


@pytest.mark.skipif(os.geteuid() != 0, reason="execution cgroups need a root host")
def test_execution_cgroups_are_removed_after_use_and_after_a_killed_supervisor():
    sb = bwrap.BubblewrapSandbox()
    assert sb._cgroup is not None
    parent = sb._cgroup.path
    mine = workspace_prefix("sbx")  # other processes may run sandboxes beside this test
    before = {p.name for p in parent.iterdir() if p.name.startswith(mine)}
    assert sb.run(code="print(1)").stdout == "1\n"
    # a cgroup whose owner died (a supervisor killed with SIGKILL) is swept by the next sandbox
    dead = subprocess.run(["sh", "-c", "echo $$"], capture_output=True, text=True,
                          check=True).stdout.strip()
    stale = Cgroup(parent / f"veriloop-sbx-{pid_namespace()}.{dead}-feed", sb._cgroup.version)
    stale.path.mkdir()
    sb._cgroup.sweep()
    after = {p.name for p in parent.iterdir() if p.name.startswith(mine)}
    assert not stale.path.exists() and after <= before
