"""`veriloop graders ...`: list graders and audit a grader on a labeled answer set."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Annotated, Any

import typer

from veriloop.cli import graders_list
from veriloop.graders.audit import SHIPPED_MATH_PAIRS, audit, load_pairs
from veriloop.graders.base import get_grader
from veriloop.graders.compose import load_grader

app = typer.Typer(help="Graders: list them, audit them against labeled pairs.",
                  no_args_is_help=True)


def _parse_options(options: list[str]) -> dict[str, Any]:
    out: dict[str, Any] = {}
    for item in options:
        key, sep, raw = item.partition("=")
        if not sep or not key:
            raise typer.BadParameter(f"option {item!r} must look like key=value (e.g. timeout=2)")
        try:
            out[key] = json.loads(raw)
        except json.JSONDecodeError:
            out[key] = raw
    return out


def _run(name: str, options: dict[str, Any], pairs: list, concurrency: int,
         show_progress: bool, config: Path | None = None) -> dict[str, Any]:
    try:
        if config is not None:
            grader = load_grader(config)
            name = str(config)
        else:
            grader = get_grader(name, **options)
    except KeyError as e:
        raise typer.BadParameter(str(e.args[0]), param_hint="--grader") from e
    except TypeError as e:
        raise typer.BadParameter(f"grader {name!r} does not take these options: {e}",
                                 param_hint="--option") from e
    except (FileNotFoundError, ValueError) as e:
        raise typer.BadParameter(str(e), param_hint="--config") from e
    try:
        if show_progress:
            from rich.progress import Progress  # lazy: keeps `veriloop --help` fast

            with Progress(transient=True) as bar:
                t = bar.add_task(f"auditing {name}", total=len(pairs))
                result = audit(grader, pairs, concurrency, lambda k: bar.advance(t, k))
        else:
            result = audit(grader, pairs, concurrency)
    finally:
        close = getattr(grader, "close", None)
        if callable(close):
            close()
    return {"grader": name, **result}


app.command("list")(graders_list.list_command)  # names, descriptions, options


@app.command("audit")
def audit_cmd(
    grader: Annotated[str, typer.Option("--grader", "-g", help="registered grader name")] = "math",
    labels: Annotated[Path, typer.Option(help="JSONL label file (default: shipped math pairs)")]
    = SHIPPED_MATH_PAIRS,
    baseline: Annotated[str | None, typer.Option(help="a second grader to report beside it")]
    = None,
    option: Annotated[list[str] | None, typer.Option("--option", "-o",
                                              help="grader option key=value, repeatable")] = None,
    config: Annotated[Path | None, typer.Option(
        help="grader YAML ({name, options} or a run config's grader section); "
             "replaces --grader")] = None,
    concurrency: Annotated[int, typer.Option(help="pairs graded at once")] = 2,
    show_mistakes: Annotated[bool, typer.Option("--mistakes", help="list misgraded pairs")]
    = False,
    as_json: Annotated[bool, typer.Option("--json", help="machine-readable output")] = False,
) -> None:
    """False-positive and false-negative rates of GRADER on a labeled set of answer pairs."""
    try:
        pairs = load_pairs(labels)
    except (FileNotFoundError, ValueError, TypeError) as e:
        raise typer.BadParameter(str(e), param_hint="--labels") from e
    opts = _parse_options(option or [])
    if grader == "math" and config is None and "workers" not in opts:
        opts["workers"] = concurrency
    result = _run(grader, opts, pairs, concurrency, not as_json, config)
    if baseline:
        result["baseline"] = _run(baseline, {}, pairs, concurrency, not as_json)
    if not show_mistakes:
        result.pop("mistakes")
        if baseline:
            result["baseline"].pop("mistakes")
    if as_json:
        typer.echo(json.dumps(result, indent=2))
        return
    for r in [result] + ([result["baseline"]] if baseline else []):
        typer.echo(f"{r['grader']}: FP rate {r['false_positive_rate']:.4f} "
                   f"({r['false_positives']}/{r['negatives']}), FN rate "
                   f"{r['false_negative_rate']:.4f} ({r['false_negatives']}/{r['positives']}), "
                   f"timeouts {r['timeouts']}, {r['seconds']}s on {r['n']} pairs")
        for m in r.get("mistakes", []):
            typer.echo(f"  [{m['category']}] gold={m['gold']!r} answer={m['answer']!r} "
                       f"label={m['equivalent']} :: {m['explanation']}")
