"""`veriloop export RUN_DIR --format jsonl|parquet|trl-sft|trl-dpo|openai`."""

from __future__ import annotations

import enum
from pathlib import Path
from typing import Annotated

import typer

from veriloop.errors import MissingFileError, UserError


class Format(str, enum.Enum):
    jsonl = "jsonl"
    parquet = "parquet"
    trl_sft = "trl-sft"
    trl_dpo = "trl-dpo"
    openai = "openai"


_SUFFIX = {Format.jsonl: ".jsonl", Format.parquet: ".parquet", Format.trl_sft: ".trl-sft.jsonl",
           Format.trl_dpo: ".trl-dpo.jsonl", Format.openai: ".openai.jsonl"}


def export(run_dir: Annotated[Path, typer.Argument(help="Run directory (with "
                                                        "trajectories.sqlite) or a store file.")],
           format: Annotated[Format, typer.Option("--format", help=(
               "jsonl or parquet: every column; trl-sft (TRL messages rows), trl-dpo (TRL "
               "preference rows from better/worse pairs of one task) or openai (OpenAI chat "
               "fine-tuning rows): JSONL of OpenAI-shaped messages with the tool schemas."))] =
           Format.jsonl,
           out: Annotated[Path | None, typer.Option(help="Output file; default "
                                                         "RUN_DIR/trajectories.FORMAT[.jsonl]."
                                                    )] = None,
           step: Annotated[int | None, typer.Option(help="Only this training step.")] = None,
           passed: Annotated[bool | None, typer.Option("--passed/--failed", help="Only passed "
                                                       "(or failed) trajectories.")] = None,
           ) -> None:
    """Export a run's trajectories with step, messages, grade and turns as real columns, and
    the token ids, loss mask and logprobs for training; or its conversations as TRL / OpenAI
    chat data (`veriloop.data.export`)."""
    from veriloop.data.store import TrajectoryStore  # lazy: keeps `veriloop --help` fast

    store_path = run_dir if run_dir.is_file() else run_dir / "trajectories.sqlite"
    if not store_path.exists():
        raise MissingFileError(f"no trajectory store at {store_path}; give a run directory that "
                               "holds trajectories.sqlite")
    from veriloop.data.chat_export import export_chat  # lazy: as above

    target = out or store_path.with_suffix(_SUFFIX[format])
    with TrajectoryStore(store_path) as store:
        try:
            if format is Format.jsonl:
                n = store.export_jsonl(target, step=step, passed=passed)
            elif format is Format.parquet:
                n = store.export_parquet(target, step=step, passed=passed)
            else:
                n = export_chat(store, target, format.value, step=step, passed=passed)
        except OSError as e:  # a full disk, a read-only or missing directory: nothing was left
            raise UserError(f"could not write {target} ({e.strerror or e}); free space on its "
                            "disk or give --out a writable place elsewhere") from e
    what = "preference pairs" if format is Format.trl_dpo else (
        "conversations" if format.value in ("trl-sft", "openai") else "trajectories")
    typer.echo(f"{n} {what} -> {target}")
