"""Sandbox behaviour: results, files, limits resolution, backend selection, pool, CLI."""

from __future__ import annotations

import json
import os
import subprocess
import sys
import warnings
from pathlib import Path

import pytest

import veriloop.sandbox as sandbox_mod
from veriloop.sandbox import (
    DEFAULT_LIMITS,
    MAX_LIMITS,
    Job,
    Limits,
    RlimitSandbox,
    SandboxPool,
    get_sandbox,
    resolve_limits,
)
from veriloop.types import FaultKind, InfrastructureError

REPO = Path(__file__).resolve().parents[2]


@pytest.fixture(scope="module")
def sb():
    return get_sandbox("bubblewrap")


def test_resolve_limits_defaults_and_clamps():
    lim = resolve_limits(Limits(timeout_s=1e9, memory_mb=-5, nproc=3))
    assert lim.timeout_s == MAX_LIMITS.timeout_s
    assert lim.memory_mb == DEFAULT_LIMITS.memory_mb  # invalid -> default
    assert lim.nproc == 3 and lim.cpu_s == DEFAULT_LIMITS.cpu_s
    assert resolve_limits(Limits(timeout_s=float("nan"))).timeout_s == DEFAULT_LIMITS.timeout_s


def test_keyword_limit_shortcuts(sb):
    r = sb.run(code="print(1)", timeout=3, memory=300, cpu=2, max_output=100,
               limits=Limits(nproc=10))
    assert (r.limits.timeout_s, r.limits.memory_mb, r.limits.cpu_s, r.limits.max_output,
            r.limits.nproc) == (3.0, 300, 2, 100, 10)


def test_run_code_files_stdin_and_collect(sb):
    r = sb.run(code="import sys, helper\nprint(helper.X, sys.stdin.read().upper())\n"
                    "open('out.txt','w').write('result')",
               files={"helper.py": "X = 41 + 1\n", "data/in.txt": "ignored"}, stdin="abc",
               collect=("out.txt", "missing.txt", "../etc/passwd"))
    assert r.ok and r.stdout == "42 ABC\n" and r.stderr == ""
    assert r.files == {"out.txt": "result"}
    assert r.backend == "bubblewrap" and r.isolated


def test_unread_large_stdin_does_not_block_the_timeout(sb):
    r = sb.run(code="import time; time.sleep(30)", stdin="x" * 10_000_000, timeout=1.5)
    assert r.timed_out and r.duration < 5


def test_exit_codes_and_shell_commands(sb):
    assert sb.run("exit 7").exit_code == 7
    assert sb.run(["/bin/sh", "-c", "echo $HOME $PWD"]).stdout.strip() == "/workspace /workspace"
    r = sb.run(code="import os, signal; os.kill(os.getpid(), signal.SIGTERM)")
    assert r.exit_code == -15


def test_bad_arguments_are_value_errors(sb):
    with pytest.raises(ValueError, match="exactly one"):
        sb.run("echo", code="print(1)")
    with pytest.raises(ValueError, match="escapes the workspace"):
        sb.run("true", files={"../x": "y"})
    with pytest.raises(ValueError, match="cannot create"):
        sb.run("true", files={"a": "file", "a/b": "clash"})
    with pytest.raises(ValueError, match="cannot create"):
        sb.run("true", files={"x" * 300: "too long"})
    with pytest.raises(ValueError, match="invalid environment variable"):
        sb.run("true", env={"bad-name": "1"})


def test_missing_bubblewrap_is_an_infrastructure_error(monkeypatch):
    monkeypatch.setattr(sandbox_mod, "bwrap_path", lambda: None)
    with pytest.raises(InfrastructureError) as e:
        get_sandbox("bubblewrap")
    assert e.value.kind is FaultKind.SANDBOX and "apt-get install" in str(e.value)


def test_broken_bubblewrap_setup_is_an_infrastructure_error(sb):
    broken = type(sb)()
    broken._prefix = ["--ro-bind", "/does/not/exist", "/x"]
    with pytest.raises(InfrastructureError) as e:
        broken.run("true")
    assert e.value.kind is FaultKind.SANDBOX


def test_auto_without_bubblewrap_falls_back_loudly(monkeypatch):
    monkeypatch.setattr(sandbox_mod, "bwrap_path", lambda: None)
    with pytest.warns(RuntimeWarning, match="does NOT isolate"):
        fallback = get_sandbox("auto")
    assert isinstance(fallback, RlimitSandbox) and not fallback.isolated
    with pytest.raises(ValueError, match="unknown sandbox backend"):
        get_sandbox("docker")


def test_rlimit_fallback_runs_with_limits_and_scrubbed_env(monkeypatch):
    monkeypatch.setenv("VERILOOP_TEST_SECRET", "hunter2")
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        fb = RlimitSandbox()
    r = fb.run(code="import os; print(sorted(os.environ)); print(open('f.txt').read())",
               files={"f.txt": "hi"})
    assert r.ok and "VERILOOP_TEST_SECRET" not in r.stdout and "hi" in r.stdout
    assert r.backend == "rlimit" and not r.isolated
    r = fb.run(code="while True: pass", limits=Limits(timeout_s=1, cpu_s=30))
    assert r.timed_out and r.duration < 3
    r = fb.run(code="x = bytearray(2 * 1024**3)", limits=Limits(memory_mb=256))
    assert r.killed_for_memory


def test_pool_reuses_workspaces_without_leaks(sb):
    with SandboxPool(sb, size=1) as pool:
        first = pool.run(code="import os\nopen('secret.txt','w').write('s1')\n"
                              "os.makedirs('d/e'); os.chmod('d', 0)\n"
                              "open('/tmp/t.txt','w').write('t')\nprint(os.getcwd())")
        assert first.ok, first.stderr
        # /tmp may hold the (read-only) parents of a Python that lives under /tmp; what matters
        # is that nothing the previous execution wrote is there
        second = pool.run(code="import os\nprint(sorted(os.listdir('.')), 't.txt' in "
                               "os.listdir('/tmp'))")
        assert second.ok and second.stdout.strip() == "['main.py'] False"
        assert pool.executions == 2


def test_pool_map_runs_concurrently_in_order(sb):
    # each job reports when it started and ended (the wall clock is shared by all namespaces);
    # run concurrently, every job starts before any ends. 5 s sleeps leave start-up room.
    jobs = [Job(code=f"import time; s = time.time(); time.sleep(5.0); print({i}, s, time.time())",
                limits=Limits(timeout_s=60, cpu_s=10)) for i in range(4)]
    with SandboxPool(sb, size=4) as pool:
        results = list(pool.map(jobs))
    rows = [r.stdout.split() for r in results]
    assert [row[0] for row in rows] == ["0", "1", "2", "3"]
    assert max(float(row[1]) for row in rows) < min(float(row[2]) for row in rows)


def test_cli_exec_json(tmp_path):
    f = tmp_path / "prog.py"
    f.write_text("import sys\nprint('out'); print('err', file=sys.stderr); sys.exit(3)\n")
    cmd = [sys.executable, "-m", "veriloop.cli", "sandbox", "exec", str(f), "--timeout", "5",
           "--memory", "512", "--json"]
    p = subprocess.run(cmd, capture_output=True, text=True, cwd=REPO, timeout=60,
                       check=False)
    assert p.returncode == 1, p.stderr
    out = json.loads(p.stdout)
    assert out["stdout"] == "out\n" and out["stderr"] == "err\n" and out["exit_code"] == 3
    assert out["limits"]["memory_mb"] == 512 and out["timed_out"] is False
    missing = subprocess.run(cmd[:5] + [str(tmp_path / "nope.py"), "--json"],
                             capture_output=True, text=True, cwd=REPO, timeout=60,
                       check=False)
    assert missing.returncode == 2 and "not a file" in missing.stderr


def test_pool_cleanup_never_follows_symlinks_out_of_the_workspace(sb, tmp_path):
    outside = tmp_path / "outside"
    outside.mkdir()
    (outside / "keep.txt").write_text("keep")
    os.chmod(outside, 0o755)
    with SandboxPool(sb, size=1) as pool:
        r = pool.run(code=f"""
import os
os.symlink({str(outside)!r}, "dirlink")
os.symlink("/etc", "etclink")
os.makedirs("a/b")
os.symlink({str(outside)!r}, "a/b/inner")
os.chmod("a", 0)
print("ok")
""")
        assert r.stdout.strip() == "ok", r.stderr
        r2 = pool.run(code="import os; print(os.listdir('.'))")
        assert r2.stdout.strip() == "['main.py']"
    assert (outside / "keep.txt").read_text() == "keep"
    assert oct(outside.stat().st_mode & 0o777) == "0o755"


def test_program_cannot_fake_a_sandbox_failure(sb):
    """A program that prints bubblewrap's error format and fails is the program's failure."""
    r = sb.run(code="import sys\nsys.stderr.write('bwrap: Can\\'t mount proc\\n')\nsys.exit(1)")
    assert r.exit_code == 1 and r.stderr.startswith("bwrap: ")
    r = sb.run(["/bin/sh", "-c", "echo 'setpriv: failed' >&2; exit 127"])
    assert r.exit_code == 127


def test_a_virtualenv_reached_through_a_symbolic_link_runs_python_inside(sb, tmp_path):
    # regression: a checkout whose `.venv` linked to another's put the link's `bin` on the
    # sandbox's PATH, which is not mounted inside, so every `python` run exited 127 and the
    # research expert's demonstrations all failed (2026-11-27)
    from veriloop.sandbox.bwrap import BubblewrapSandbox

    link = tmp_path / "venv"
    link.symlink_to(os.path.realpath(sys.prefix))
    python = link / os.path.relpath(sys.executable, sys.prefix)
    assert python.exists()
    linked = BubblewrapSandbox(python=str(python))
    r = linked.run(["python", "-c", "import sys; print(sys.prefix)"])
    assert r.exit_code == 0, r.stderr
    assert r.stdout.strip() == os.path.realpath(sys.prefix)


def test_a_sandbox_that_cannot_start_python_refuses_to_be_made(sb, tmp_path):
    # the interpreter named by a path the sandbox does not mount (tmp_path is under the private
    # /tmp inside): every program would exit 127, as if the agent's code had failed
    from veriloop.sandbox import bwrap

    python = tmp_path / "python"
    python.symlink_to(os.path.realpath(sys.executable))
    assert subprocess.run([str(python), "-c", "pass"], check=False).returncode == 0  # on the host
    with pytest.raises(InfrastructureError, match="cannot run python") as e:
        bwrap.BubblewrapSandbox(python=str(python))
    assert e.value.kind == FaultKind.SANDBOX
    assert not any(str(python) in key for key in bwrap._PYTHON_WORKS)
