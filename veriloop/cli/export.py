"""`veriloop export RUN_DIR --format jsonl|parquet`."""

from __future__ import annotations

import enum
from pathlib import Path
from typing import Annotated

import typer

from veriloop.errors import MissingFileError, UserError


class Format(str, enum.Enum):
    jsonl = "jsonl"
    parquet = "parquet"


def export(run_dir: Annotated[Path, typer.Argument(help="Run directory (with "
                                                        "trajectories.sqlite) or a store file.")],
           format: Annotated[Format, typer.Option("--format", help="jsonl or parquet.")] =
           Format.jsonl,
           out: Annotated[Path | None, typer.Option(help="Output file; default "
                                                         "RUN_DIR/trajectories.FORMAT.")] = None,
           step: Annotated[int | None, typer.Option(help="Only this training step.")] = None,
           passed: Annotated[bool | None, typer.Option("--passed/--failed", help="Only passed "
                                                       "(or failed) trajectories.")] = None,
           ) -> None:
    """Export a run's trajectories with step, messages, grade and turns as real columns, and
    the token ids, loss mask and logprobs for training."""
    from veriloop.data.store import TrajectoryStore  # lazy: keeps `veriloop --help` fast

    store_path = run_dir if run_dir.is_file() else run_dir / "trajectories.sqlite"
    if not store_path.exists():
        raise MissingFileError(f"no trajectory store at {store_path}; give a run directory that "
                               "holds trajectories.sqlite")
    target = out or store_path.with_suffix(f".{format.value}")
    with TrajectoryStore(store_path) as store:
        fn = store.export_jsonl if format is Format.jsonl else store.export_parquet
        try:
            n = fn(target, step=step, passed=passed)
        except OSError as e:  # a full disk, a read-only or missing directory: nothing was left
            raise UserError(f"could not write {target} ({e.strerror or e}); free space on its "
                            "disk or give --out a writable place elsewhere") from e
    typer.echo(f"{n} trajectories -> {target}")
