"""Run the `veriloop` command line from a given directory, in a subprocess or in this process
(the e2e tests of recipes, listings, eval and compare share it)."""

import contextlib
import io
import os
import subprocess
import sys
from pathlib import Path

from veriloop.cli import app


def veriloop(cwd, *args, pythonpath=None) -> subprocess.CompletedProcess:
    """`python -m veriloop.cli ARGS` in `cwd`, with `pythonpath` (a plugin's folder) if given."""
    env = dict(os.environ)
    if pythonpath is not None:
        env["PYTHONPATH"] = str(pythonpath)
    return subprocess.run([sys.executable, "-m", "veriloop.cli", *map(str, args)], cwd=cwd,
                          env=env, capture_output=True, text=True, timeout=600, check=False)


def veriloop_here(cwd, *args) -> subprocess.CompletedProcess:
    """`veriloop ARGS` in `cwd`, run by the app in this process: the same parsing, command and
    one-line error handler (`App.__call__`) as the `veriloop` script, read like `veriloop()`'s
    result. It saves the interpreter start and its imports (torch, transformers, scipy: ~1.5-4 s
    of CPU a call, most of what a short CLI test costs). The process environment is restored
    afterwards (the app sets HF_HUB_DISABLE_PROGRESS_BARS when stderr is not a terminal).

    Keep `veriloop()` for what needs a process of its own: the entry point itself, `--debug`
    (a process-wide switch), plugins on PYTHONPATH, `--env-module` (it registers into this
    process's registries), training (it sets torch's threads and seeds)."""
    args = [str(a) for a in args]
    assert "--debug" not in args, "--debug switches this whole process: use veriloop()"
    out, err, environ = io.StringIO(), io.StringIO(), dict(os.environ)
    code: int | str | None = 0
    try:
        with contextlib.chdir(cwd), contextlib.redirect_stdout(out), \
                contextlib.redirect_stderr(err):
            app(args=args, prog_name="veriloop")
    except SystemExit as e:  # the app always ends so (typer's standalone mode)
        code = e.code
    finally:
        os.environ.clear()
        os.environ.update(environ)
    if isinstance(code, str):  # sys.exit("message"): Python prints it and exits 1
        err.write(code + "\n")
        code = 1
    return subprocess.CompletedProcess(["veriloop", *args], code or 0, out.getvalue(),
                                       err.getvalue())


def cli(*args, cwd=None, process=False, check=True) -> subprocess.CompletedProcess:
    """`veriloop ARGS` from `cwd` (default: the current directory) in this process
    (`veriloop_here`), or with `process=True` as the real command (`veriloop`); with `check`
    it must exit 0."""
    proc = (veriloop if process else veriloop_here)(Path.cwd() if cwd is None else cwd, *args)
    if check:
        assert proc.returncode == 0, proc.stderr[-3000:]
    return proc


def one_error_line(proc: subprocess.CompletedProcess) -> str:
    """The process exited 2 and said why in one `error: ...` line, with no traceback."""
    assert proc.returncode == 2, proc.stderr[-3000:]
    assert "Traceback" not in proc.stderr
    lines = proc.stderr.strip().splitlines()
    assert len(lines) == 1 and lines[0].startswith("error: "), proc.stderr
    return lines[0]
