"""The `veriloop` command line: the typer app, its one-line error exit, and the commands
mounted from the modules of this package (one a command or command group: `evaluate` for envs,
rollout and eval; `train` for train, config and quickstart; `data`, `graders`, `policies` ...).

Nothing in veriloop imports this package: the commands parse flags and call `veriloop.run`
(which builds components from a config) and the packages below it. `python -m veriloop.cli`
runs it as the `veriloop` script does."""

from __future__ import annotations

import os
import sys
from typing import Annotated, Any

import typer
import yaml
from pydantic import ValidationError

from veriloop import __version__, errors
from veriloop.cli import (
    compare,
    configs,
    data,
    evaluate,
    export,
    graders,
    mcp,
    policies,
    quality,
    sandbox,
    train,
    viewer,
)
from veriloop.cli.names import HelpGroup
from veriloop.errors import UserError
from veriloop.run.config_errors import describe_validation_error


def error_line(e: BaseException) -> str | None:
    """The one-line `error: ...` message for a user's mistake, or None for a bug (which keeps
    its traceback). User mistakes are `veriloop.errors.UserError`, a pydantic ValidationError
    and a YAML syntax error."""
    if isinstance(e, UserError):
        text = str(e)
    elif isinstance(e, ValidationError):
        text = describe_validation_error(e, f"invalid {e.title}")
    elif isinstance(e, yaml.YAMLError):
        text = f"invalid YAML ({e}); fix the file's syntax"
    else:
        return None
    return "error: " + " ".join(text.split())


class App(typer.Typer):
    """The `veriloop` app: a user's mistake anywhere below ends as one `error:` line on stderr
    and exit code 2; `--debug` (anywhere on the command line) shows the traceback instead."""

    def __call__(self, *args: Any, **kwargs: Any) -> Any:
        if not sys.stderr.isatty():  # no transformers / hub progress bars in logs and pipes
            os.environ.setdefault("HF_HUB_DISABLE_PROGRESS_BARS", "1")
        if not args and "args" not in kwargs and "--debug" in sys.argv[1:]:
            sys.argv = [a for a in sys.argv if a != "--debug"]
            errors.enable_debug()
        try:
            return super().__call__(*args, **kwargs)
        except Exception as e:
            line = error_line(e)
            if line is None or errors.debug:
                raise
            print(line, file=sys.stderr)
            sys.exit(2)


# HelpGroup: the help ends with the registered environments, graders, estimators, losses, models
app = App(help="Post-train LLM agents with RL on verifiable environments.",
          no_args_is_help=True, add_completion=False, cls=HelpGroup)


def _version(value: bool) -> None:
    if value:
        typer.echo(f"veriloop {__version__}")
        raise typer.Exit()


@app.callback()
def _options(
    version: Annotated[bool, typer.Option("--version", is_eager=True, callback=_version,
                                          help="Print the version and exit.")] = False,
    debug: Annotated[bool, typer.Option(
        "--debug", help="Show the traceback of an error instead of its one-line message.")] = False,
) -> None:
    if debug:
        errors.enable_debug()


# the command modules, each mounted under its name (their own imports stay light: the heavy
# ones happen inside the commands, so `veriloop --help` loads no model code)
app.command()(evaluate.envs)
app.command()(evaluate.rollout)
app.command(name="eval")(evaluate.evaluate)
app.add_typer(policies.model_app, name="model", help="Build and inspect models.")
app.add_typer(policies.bench_app, name="bench", help="Benchmarks.")
app.command(name="serve", help="Serve a policy over an OpenAI-compatible API.")(policies.serve)
app.add_typer(graders.app, name="graders", help="Graders: audits and checks.")
app.add_typer(configs.app, name="configs", help="The shipped training recipes.")
app.add_typer(sandbox.app, name="sandbox", help="Run code in the sandbox.")
app.add_typer(mcp.app, name="mcp", help="MCP: serve an environment's tools to other agents.")
app.add_typer(data.app, name="data", help="Data tools: pass-rate profiles, task synthesis.")
app.command(name="bench-quality", help="Benchmark quality: saturation, discrimination, "
            "difficulty, label errors, kappa.")(quality.bench_quality)
app.command(name="compare", help="Paired difference of two models or evals on the same tasks, "
            "with a bootstrap CI.")(compare.compare)
app.command(name="export", help="Export a run's trajectories as JSONL or Parquet (real "
            "columns), or as TRL / OpenAI chat data.")(export.export)
app.command(name="view", help="Browse a run's trajectories and curves in a local web page "
            "(127.0.0.1).")(viewer.view)
app.command(name="train", help="Train from a YAML config.")(train.train_command)
app.command(name="config", help="Print a resolved config, or with --docs the reference of "
            "every field.")(train.config_command)
app.command(name="quickstart", help="The main job: tiny model, SFT on demonstrations, GRPO, "
            "evaluation, report.")(train.quickstart_command)


def main() -> None:
    app()
