"""`veriloop graders list`: every grader a config's `grader.name` can name, with the first line
of its docstring and the options it takes (`grader.options`), from its pydantic model when it
declares one, else from its factory's signature. `--json` gives the same as a list of objects.

An installed grader plugin that fails to import is listed with the error instead of its
options, so one broken package does not hide the others.
"""

from __future__ import annotations

import json
from typing import Annotated, Any

import typer

from veriloop.errors import ModuleImportError
from veriloop.factory_options import factory_options
from veriloop.graders.base import GRADERS


def _describe(name: str) -> dict[str, Any]:
    try:
        factory = GRADERS.get(name)
    except ModuleImportError as e:
        return {"name": name, "description": f"(cannot be imported: {e})", "options": [],
                "source": "plugin"}
    doc = (getattr(factory, "__doc__", None) or "").strip()
    module = getattr(factory, "__module__", "") or ""
    return {"name": name, "description": doc.splitlines()[0] if doc else "",
            "options": factory_options(factory),
            "source": "built-in" if module.startswith("veriloop.") else module}


def list_command(as_json: Annotated[bool, typer.Option(
        "--json", help="print a JSON list of {name, description, options, source}")] = False,
) -> None:
    """Each grader: name, what it scores, and its options (`grader.options` in a config)."""
    graders = [_describe(name) for name in GRADERS.names()]
    if as_json:
        typer.echo(json.dumps([{**g, "options": [o.as_dict() for o in g["options"]]}
                               for g in graders], indent=2))
        return
    for g in graders:
        typer.echo(f"{g['name']}  {g['description']}".rstrip())
        for option in g["options"]:
            typer.echo(f"    {option}")
