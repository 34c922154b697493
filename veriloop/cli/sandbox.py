"""`veriloop sandbox exec FILE.py`: run a Python file in the sandbox and print the result.

The program's output is untrusted text: in plain mode every control character except newline
and tab (terminal escape sequences, carriage returns, C1 controls) and every bidirectional
override is printed escaped (`\\x1b`), so a program cannot drive the terminal it is shown on.
`--json` escapes them as JSON does.
"""

from __future__ import annotations

import json
import re
from pathlib import Path
from typing import Annotated

import typer

from veriloop.sandbox import BACKENDS, Limits, get_sandbox
from veriloop.types import InfrastructureError

_UNSAFE = re.compile("[\x00-\x08\x0b-\x1f\x7f-\x9f\u061c\u200e\u200f\u202a-\u202e"
                     "\u2066-\u2069]")


def printable(text: str) -> str:
    """`text` with every character that could control a terminal written as an escape."""
    return _UNSAFE.sub(lambda m: (f"\\x{ord(m[0]):02x}" if ord(m[0]) < 0x100
                                  else f"\\u{ord(m[0]):04x}"), text)


app = typer.Typer(help="Run code in the sandbox.", no_args_is_help=True)


@app.callback()
def _group() -> None:
    """Run code in the sandbox (bubblewrap isolation; see `veriloop.sandbox`)."""


@app.command("exec")
def exec_file(
    file: Annotated[Path, typer.Argument(help="Python file to run (copied into a fresh "
                                              "workspace).")],
    timeout: Annotated[float, typer.Option(help="Wall-clock seconds (clamped).")] = 10.0,
    memory: Annotated[int, typer.Option(help="Memory cap in MiB: the whole execution's "
                                             "(kernel memory included) and each process's "
                                             "address space.")] = 1024,
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
        typer.echo(f"error: {printable(str(e))}", err=True)
        raise typer.Exit(2) from None
    if as_json:
        typer.echo(json.dumps(result.to_dict()))
    else:
        typer.echo(printable(result.stdout), nl=False)
        typer.echo(printable(result.stderr), nl=False, err=True)
        state = ("timed out" if result.timed_out else "killed for memory"
                 if result.killed_for_memory else "killed for disk use"
                 if result.killed_for_disk else f"exit {result.exit_code}")
        typer.echo(f"[{result.backend}] {state} in {result.duration:.3f}s"
                   + (" (output truncated)" if result.truncated else ""), err=True)
    raise typer.Exit(0 if result.exit_code == 0 else 1)
