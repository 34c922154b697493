"""`veriloop configs list`: the training recipes shipped with veriloop (`veriloop/configs/`, shown
as `configs/` in a checkout), each with the first line of its header comment. Any name listed
here is what `veriloop train <name>` (and `veriloop config <name>`, `veriloop quickstart
--config <name>`) accepts from any directory.
"""

from __future__ import annotations

import json
from typing import Annotated

import typer

from veriloop.recipes import list_recipes

app = typer.Typer(help="The shipped training recipes (`veriloop train <name>`).",
                  no_args_is_help=True)


@app.command("list")
def list_command(as_json: Annotated[bool, typer.Option(
        "--json", help="print a JSON list of {name, path, summary, header}")] = False) -> None:
    """Each recipe's name and the first line of its header comment."""
    recipes = list_recipes()
    if as_json:
        typer.echo(json.dumps([{"name": r.name, "path": str(r.path), "summary": r.summary,
                                "header": "\n".join(r.header)} for r in recipes], indent=2))
        return
    width = max(len(r.name) for r in recipes)
    for r in recipes:
        typer.echo(f"{r.name:<{width}}  {r.summary}".rstrip())
