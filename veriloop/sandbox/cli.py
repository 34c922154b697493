"""`veriloop sandbox exec FILE.py`: run a Python file in the sandbox and print the result."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Annotated

import typer

from veriloop.sandbox import BACKENDS, Limits, get_sandbox
from veriloop.types import InfrastructureError

app = typer.Typer(help="Run code in the sandbox.", no_args_is_help=True)


@app.callback()
def _group() -> None:
    """Run code in the sandbox (bubblewrap isolation; see `veriloop.sandbox`)."""


@app.command("exec")
def exec_file(
    file: Annotated[Path, typer.Argument(help="Python file to run (copied into a fresh "
                                              "workspace).")],
    timeout: Annotated[float, typer.Option(help="Wall-clock seconds (clamped).")] = 10.0,
    memory: Annotated[int, typer.Option(help="Address-space MiB per process.")] = 1024,
    cpu: Annotated[int | None, typer.Option(help="CPU seconds per process.")] = None,
    backend: Annotated[str, typer.Option(help=f"One of {', '.join(BACKENDS)}.")] = "bubblewrap",
    as_json: Annotated[bool, typer.Option("--json", help="Print the result as JSON.")] = False,
) -> None:
    """Run FILE in the sandbox (exit 0: program exited 0; 1: it did not; 2: usage/sandbox)."""
    if not file.is_file():
        typer.echo(f"error: {file} is not a file; pass the path of a Python file", err=True)
        raise typer.Exit(2)
    try:
        code = file.read_text(encoding="utf-8")
    except UnicodeDecodeError:
        typer.echo(f"error: {file} is not UTF-8 text", err=True)
        raise typer.Exit(2) from None
    try:
        sandbox = get_sandbox(backend)
        result = sandbox.run(code=code, limits=Limits(timeout_s=timeout, memory_mb=memory,
                                                      cpu_s=cpu or max(1, int(timeout) + 1)))
    except (InfrastructureError, ValueError) as e:
        typer.echo(f"error: {e}", err=True)
        raise typer.Exit(2) from None
    if as_json:
        typer.echo(json.dumps(result.to_dict()))
    else:
        typer.echo(result.stdout, nl=False)
        typer.echo(result.stderr, nl=False, err=True)
        state = ("timed out" if result.timed_out else "killed for memory"
                 if result.killed_for_memory else f"exit {result.exit_code}")
        typer.echo(f"[{result.backend}] {state} in {result.duration:.3f}s"
                   + (" (output truncated)" if result.truncated else ""), err=True)
    raise typer.Exit(0 if result.exit_code == 0 else 1)
