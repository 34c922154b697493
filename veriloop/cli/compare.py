"""`veriloop compare A B`: is B better than A on the same held-out tasks, beyond noise?

A side is an eval's results (a run directory of `veriloop eval`, or its `results.jsonl`:
nothing is re-run) or a model, in any form `veriloop eval --model` takes (a checkpoint or a
training run directory, tiny, smollm2-135m): a model is evaluated here with the same
environment, split, seed and task count as the other side, so both see the same tasks.
Several seeds a side: `A1,A2,A3` (see `veriloop.eval.compare`). Writes compare.json and
compare.png (Δ per category with its CI) under --out.
"""

from __future__ import annotations

import json
import time
from pathlib import Path
from typing import Annotated, Any

import typer
from rich.console import Console
from rich.table import Table

from veriloop.cli.common import (
    build_policy,
    check_infra_errors,
    load_env_modules,
    parse_env_options,
)
from veriloop.errors import UserError
from veriloop.eval.compare import compare_runs, plot
from veriloop.eval.task_results import RESULTS_FILE, TaskResult, read_task_results


def results_path(spec: str) -> Path | None:
    """The results file `spec` names (a file, or a run directory holding one); None when
    `spec` names no eval output (so it is a model)."""
    path = Path(spec).expanduser()
    if path.is_file() and path.suffix != ".gguf":
        return path.parent / RESULTS_FILE if path.name == "summary.json" else path
    if (path / RESULTS_FILE).is_file():
        return path / RESULTS_FILE
    is_model = (path / "config.json").is_file() or (path / "final" / "config.json").is_file()
    if (path / "summary.json").is_file() and not is_model:
        raise UserError(f"{path} has a summary.json but no {RESULTS_FILE}: an evaluation from "
                        "before per-task results were written (run `veriloop eval` again) or "
                        "not an evaluation; give an eval run directory, a results file or a "
                        "model directory")
    return None


def _side(spec: str, out: Path, evaluate: Any) -> list[TaskResult]:
    path = results_path(spec)
    if path is not None:
        return read_task_results(path)
    evaluate(spec, out)
    return read_task_results(out / RESULTS_FILE)


def compare(
        run_a: Annotated[str, typer.Argument(
            metavar="A", help="Baseline: an eval run directory or results.jsonl, or a model "
                              "(as --model takes it); several seeds as A1,A2,A3.")],
        run_b: Annotated[str, typer.Argument(
            metavar="B", help="Candidate, in the same forms; Δ is B − A.")],
        env: Annotated[str, typer.Option(help="Environment a model side is evaluated on.")]
        = "arithmetic",
        tasks: Annotated[int, typer.Option(min=1, help="Held-out tasks a model side is "
                                                       "evaluated on.")] = 50,
        k: Annotated[int, typer.Option(min=1, help="Samples per task.")] = 1,
        split: str = "test", seed: int = 0, difficulty: int | None = None,
        max_turns: int | None = None,
        temperature: Annotated[float | None, typer.Option(
            help="Default: 0 (greedy) for k=1, 1.0 otherwise.")] = None,
        max_new_tokens: int = 128, max_total_tokens: int | None = None,
        device: Annotated[str | None, typer.Option(help="Where a model side runs "
                                                        "(as veriloop eval --device).")] = None,
        env_option: Annotated[list[str] | None, typer.Option(
            "--env-option", help="Environment option KEY=VALUE, as for veriloop eval.")] = None,
        env_module: Annotated[list[str] | None, typer.Option(
            "--env-module", help="Python file or module defining environments.")] = None,
        out: Annotated[Path | None, typer.Option(
            help="Directory for compare.json, compare.png and the evaluations it runs.")]
        = None,
        as_json: Annotated[bool, typer.Option("--json", help="Print compare.json.")] = False,
) -> None:
    """Paired difference B − A in pass@1 on the same held-out tasks, with a paired bootstrap
    95% CI overall and per category, and a plot. Each side: eval results (nothing re-run) or
    a model evaluated here on the same tasks (same --env, --split, --seed, --tasks)."""
    from veriloop.run.rollouts import run_rollouts  # lazy: veriloop.run imports torch

    load_env_modules(env_module)
    options = parse_env_options(env_option)
    out = out or Path("runs") / f"compare-{time.strftime('%Y%m%d-%H%M%S')}"
    ks = sorted({1, k})

    def evaluate(model: str, where: Path) -> None:
        policy = build_policy(env, None, model, 0.0, seed, options, device)
        summary = run_rollouts(env, policy, tasks=tasks, group=k, split=split, seed=seed,
                               out=where, difficulty=difficulty, max_turns=max_turns,
                               temperature=temperature if temperature is not None
                               else (0.0 if k == 1 else 1.0),
                               max_new_tokens=max_new_tokens, ks=ks,
                               max_total_tokens=max_total_tokens, env_options=options)
        check_infra_errors(summary)

    sides = {}
    for name, spec in (("a", run_a), ("b", run_b)):
        specs = [s for s in spec.split(",") if s.strip()]
        if not specs:
            raise UserError(f"{name.upper()} is empty: give a run directory, results file or "
                            "model")
        sides[name] = [_side(s.strip(), out / (name if len(specs) == 1 else f"{name}{i}"),
                             evaluate) for i, s in enumerate(specs)]
    report = compare_runs(sides["a"], sides["b"])
    report.update(a=run_a, b=run_b, plot=str(out / "compare.png"))
    if any(report["unpaired"].values()):
        typer.echo(f"warning: only the {report['tasks']} tasks both sides evaluated are "
                   f"compared (A has {report['unpaired']['a']} more, B "
                   f"{report['unpaired']['b']} more)", err=True)
    out.mkdir(parents=True, exist_ok=True)
    plot(report, out / "compare.png", (run_a, run_b))
    (out / "compare.json").write_text(json.dumps(report, indent=2))
    if as_json:
        print(json.dumps(report))
        return
    _print(report)


def _print(report: dict[str, Any]) -> None:
    table = Table(title=f"B = {report['b']}  vs  A = {report['a']}")
    table.add_column("pass@1", overflow="ellipsis", max_width=24)  # a long category shrinks
    for column in ("tasks", "A", "B"):
        table.add_column(column, justify="right")
    table.add_column("Δ B − A [95% CI]", justify="right", no_wrap=True, min_width=23)
    for name, row in [*report["by_category"].items(), ("overall", report["overall"])]:
        d = row["delta"]
        table.add_row(name, str(row["tasks"]), f"{row['a']:.3f}", f"{row['b']:.3f}",
                      f"{d['mean']:+.3f} [{d['ci_low']:+.3f}, {d['ci_high']:+.3f}]")
    Console().print(table)
    if "seeds" in report:
        s = report["seeds"]["delta"]
        ci = "" if s["ci_low"] is None else f" [{s['ci_low']:+.3f}, {s['ci_high']:+.3f}]"
        typer.echo(f"across {s['n']} seeds: Δ mean {s['mean']:+.3f}{ci}, IQM {s['iqm']:+.3f}")
    typer.echo(f"{report['verdict']}; plot: {report['plot']}")
