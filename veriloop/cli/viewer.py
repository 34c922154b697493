"""`veriloop view RUN_DIR [--port]`."""

from __future__ import annotations

from pathlib import Path
from typing import Annotated

import typer


def view(run_dir: Annotated[Path, typer.Argument(help="Run directory (or a directory of runs).")],
         port: Annotated[int, typer.Option(help="Port on 127.0.0.1.")] = 8765) -> None:
    """Browse a run's trajectories and training curves in a local web page (127.0.0.1 only)."""
    from veriloop.viewer.app import serve  # lazy: keeps `veriloop --help` fast

    serve(run_dir, port)
