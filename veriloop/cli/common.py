"""What the `veriloop` commands share: the one-line error exit, `--env-option`/`--env-module`
parsing, the policy a command's flags name, the infrastructure-error exit, the summary table,
and the option types several commands take.

This module stays light to import (no torch): `veriloop --help` imports every command module.
What builds components (`veriloop.run`) is imported inside the commands that run them.
"""

from __future__ import annotations

import enum
import re
import sys
from typing import Annotated, Any

import typer
import yaml
from rich.console import Console
from rich.table import Table

from veriloop import errors
from veriloop.errors import UserError
from veriloop.trainers.config import DEVICE_PATTERN

err = Console(stderr=True)


def fail(message: str) -> None:
    """Exit 2 with `error: MESSAGE` on one line (with --debug, re-raise what is being handled)."""
    handling = sys.exc_info()[1]
    if errors.debug and handling is not None:
        raise handling  # the exception being handled, with its traceback
    typer.echo(f"error: {' '.join(str(message).split())}", err=True)
    raise typer.Exit(2)


def parse_env_options(items: list[str] | None, flag: str = "--env-option") -> dict[str, Any]:
    """`--env-option KEY=VALUE` (repeatable; the value is read as YAML) -> keyword options."""
    options: dict[str, Any] = {}
    for item in items or ():
        key, eq, value = item.partition("=")
        if not eq or not key.strip():
            fail(f"{flag} takes KEY=VALUE (e.g. --env-option 'categories=[simple_python]'), "
                 f"got {item!r}")
        try:
            options[key.strip()] = yaml.safe_load(value)
        except yaml.YAMLError as e:
            fail(f"{flag} {key.strip()}: the value is not valid YAML ({e})")
    return options


def build_policy(env_name: str, policy: str | None, model: str | None, noise: float,
                 seed: int, env_options: dict[str, Any] | None = None,
                 device: str | None = None) -> Any:
    """A model backend (`--model`, on `--device`) or the environment's scripted expert
    (`--policy`)."""
    from veriloop.run.build import scripted_policy  # lazy: veriloop.run imports torch

    if device is not None:
        check_device(device, model)
    if model is not None:
        from veriloop.policies import load_policy  # lazy: loading a model imports torch

        try:
            return load_policy(model, **({"device": device} if device else {}))
        except (KeyError, ValueError, FileNotFoundError) as e:
            fail(str(e.args[0] if e.args else e))
    try:
        return scripted_policy(env_name, policy, noise, seed, env_options)
    except UserError as e:
        fail(str(e))


def check_device(device: str, model: str | None) -> None:
    """`--device` names a device (as `model.device` in a config) for a local model."""
    if not re.fullmatch(DEVICE_PATTERN, device):
        fail(f"--device {device!r} is not a device; use auto, cpu, cuda or cuda:N")
    if model is None:
        fail("--device places a model (--model); a scripted --policy runs none: drop --device")
    if model.startswith("openai:"):
        fail("--device places a local model; an openai: model runs on its server: drop --device")


def check_infra_errors(summary: dict[str, Any]) -> None:
    """Episodes that ended in an infrastructure error (a dead model server, a crashed
    environment) are left out of every rate. Some: a warning line. All: nothing was evaluated,
    so an error line and exit code 1 (not 2: the input was valid, the infrastructure failed)."""
    bad, total = summary.get("infra_errors", 0), summary.get("trajectories", 0)
    if not bad:
        return
    first = " ".join(str(summary.get("first_infra_error", "?")).split())
    line = (f"{bad} of {total} episodes were infrastructure errors, not the policy's doing "
            f"(first: {first[:300]})")
    if bad < total:
        typer.echo(f"warning: {line}; the rates leave them out", err=True)
        return
    typer.echo(f"error: {line}; nothing was evaluated: fix the model server or environment "
               "and run again", err=True)
    raise typer.Exit(1)


def load_env_modules(modules: list[str] | None) -> None:
    """Import the `--env-module` files or modules so their `@register_env` names exist."""
    from veriloop.envs import load_env_module  # lazy: the environment registry loads plugins

    for module in modules or ():
        try:
            load_env_module(module)
        except ValueError as e:
            fail(str(e))


class Suite(str, enum.Enum):
    """Evaluation suites an environment may offer through `suite_tasks(suite, n, seed)`."""

    standard = "standard"
    safety = "safety"
    robustness = "robustness"


class ToolVariation(str, enum.Enum):
    """Families of tool variations (`veriloop.tool_variation`)."""

    none = "none"
    train = "train"
    held_out = "held-out"


def with_tool_variation(env_name: str, options: dict[str, Any],
                        variation: ToolVariation | None) -> dict[str, Any]:
    """`options` with `tool_variation` set (`--tool-variation`); a `UserError` when the
    environment has no such option or `--env-option` already sets it differently."""
    from veriloop.run.build import make_env  # lazy: veriloop.run imports torch

    if variation is None:
        return options
    given = options.get("tool_variation", variation.value)
    if given != variation.value:
        raise UserError(f"--tool-variation {variation.value} and --env-option "
                        f"tool_variation={given} disagree; give one of them")
    out = {**options, "tool_variation": variation.value}
    try:
        make_env(env_name, out)
    except UserError:
        raise UserError(f"environment '{env_name}' does not support tool variation (it takes "
                        "no tool_variation option); drop --tool-variation, or evaluate bfcl or "
                        "bfcl_synth") from None
    return out


def print_summary(summary: dict[str, Any]) -> None:
    """An evaluation's summary as a table: one row a metric (nested ones as `key.sub`)."""
    where = f"suite {summary['suite']}" if "suite" in summary else summary["split"]
    kind = summary.get("policy_kind", "model")
    policy = summary["policy"] if kind == "model" else f"{summary['policy']}: {kind}"
    table = Table(title=f"{summary['env']} · {policy} · {where}")
    table.add_column("metric")
    table.add_column("value", justify="right")
    for key, value in summary.items():
        if isinstance(value, dict):
            for k, v in value.items():
                table.add_row(f"{key}.{k}" if key != "pass_at" else k, _fmt(v))
        elif key not in ("env", "policy", "policy_kind", "split", "suite", "first_infra_error",
                         "config"):
            table.add_row(key, _fmt(value))
    Console().print(table)


def _fmt(v: Any) -> str:
    if isinstance(v, dict) and {"mean", "ci_low", "ci_high"} <= v.keys():  # an eval.stats CI
        return f"{v['mean']:.4f} [{v['ci_low']:.4f}, {v['ci_high']:.4f}]"
    return f"{v:.4f}" if isinstance(v, float) else str(v)


EnvOpt = Annotated[str, typer.Option("--env", help="Environment name (see `veriloop envs`).")]
PolicyOpt = Annotated[str | None, typer.Option(help="Scripted policy: expert | noisy-expert.")]
ModelOpt = Annotated[str | None, typer.Option(help="Model backend: tiny, smollm2-135m, a path.")]
NoiseOpt = Annotated[float, typer.Option(help="Noisy expert: share of episodes that go wrong.")]
DeviceOpt = Annotated[str | None, typer.Option(
    help="Where --model runs: auto (a CUDA GPU when torch sees one, else the CPU), cpu, cuda or "
         "cuda:N, as model.device in a training config. Default: auto.")]
JsonOpt = Annotated[bool, typer.Option("--json", help="Print a machine-readable summary.")]
TokensOpt = Annotated[int | None, typer.Option(
    help="Token budget per episode (prompt + all turns); default 4096 for a model, none for a "
         "scripted policy (it has no context window).")]
TurnsOpt = Annotated[int | None, typer.Option(
    min=1, help="Step budget: policy actions per episode, as env.max_turns in a training config. "
                "Default: the environment's.")]
EnvModuleOpt = Annotated[list[str] | None, typer.Option(
    "--env-module", help="Python file or module defining environments (@register_env); "
    "repeatable. `--env file.py:Class` works without it.")]
EnvOptionOpt = Annotated[list[str] | None, typer.Option(
    "--env-option", help="Environment option KEY=VALUE (value read as YAML), repeatable; e.g. "
    "--env-option 'categories=[simple_python]' (bfcl), --env-option fault_rate=0.15.")]
