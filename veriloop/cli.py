"""The `veriloop` command line: environments, rollouts, evaluation (and, mounted from their own
modules, models, serving, benchmarks, graders, sandbox, training)."""

from __future__ import annotations

import enum
import importlib
import json
import os
import sys
import time
from pathlib import Path
from typing import Annotated, Any

import typer
from rich.console import Console
from rich.table import Table

from veriloop import errors


def error_line(e: BaseException) -> str | None:
    """The one-line `error: ...` message for a user's mistake, or None for a bug (which keeps
    its traceback). User mistakes are `veriloop.errors.UserError`, a pydantic ValidationError
    and a YAML syntax error."""
    import yaml
    from pydantic import ValidationError

    from veriloop.errors import UserError

    if isinstance(e, UserError):
        text = str(e)
    elif isinstance(e, ValidationError):
        from veriloop.trainers.config_errors import describe_validation_error

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


app = App(help="Post-train LLM agents with RL on verifiable environments.",
          no_args_is_help=True, add_completion=False)
err = Console(stderr=True)


def _version(value: bool) -> None:
    if value:
        from veriloop import __version__

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


def _mount(module: str, attr: str, name: str | None = None, help: str | None = None) -> None:
    """Attach a sub-app or command defined in its own module, if that module is installed."""
    try:
        mod = importlib.import_module(module)
    except ModuleNotFoundError as e:
        if not (module == e.name or module.startswith(f"{e.name}.")):
            raise  # the module exists but one of its own imports is missing: say so
        return
    obj = getattr(mod, attr, None)
    if obj is None:
        return
    if isinstance(obj, typer.Typer):
        app.add_typer(obj, name=name, help=help)
    else:
        app.command(name=name, help=help)(obj)


def _fail(message: str) -> None:
    handling = sys.exc_info()[1]
    if errors.debug and handling is not None:
        raise handling  # the exception being handled, with its traceback
    typer.echo(f"error: {' '.join(str(message).split())}", err=True)
    raise typer.Exit(2)


def parse_env_options(items: list[str] | None, flag: str = "--env-option") -> dict[str, Any]:
    """`--env-option KEY=VALUE` (repeatable; the value is read as YAML) -> keyword options."""
    import yaml

    options: dict[str, Any] = {}
    for item in items or ():
        key, eq, value = item.partition("=")
        if not eq or not key.strip():
            _fail(f"{flag} takes KEY=VALUE (e.g. --env-option 'categories=[simple_python]'), "
                  f"got {item!r}")
        try:
            options[key.strip()] = yaml.safe_load(value)
        except yaml.YAMLError as e:
            _fail(f"{flag} {key.strip()}: the value is not valid YAML ({e})")
    return options


def make_env(env_name: str, options: dict[str, Any] | None = None) -> Any:
    """`get_env(env_name, **options)`; options the environment does not take are a `UserError`."""
    from veriloop.envs import get_env
    from veriloop.errors import UserError

    try:
        return get_env(env_name, **(options or {}))
    except KeyError as e:  # an unknown name; its message lists the known ones
        raise UserError(str(e.args[0])) from None
    except TypeError as e:
        if not options:
            raise
        raise UserError(f"environment '{env_name}' does not take the options "
                        f"{sorted(options)} ({e}); drop or fix --env-option") from None


def build_policy(env_name: str, policy: str | None, model: str | None, noise: float,
                 seed: int, env_options: dict[str, Any] | None = None,
                 device: str | None = None) -> Any:
    """A model backend (`--model`, on `--device`) or the environment's scripted expert
    (`--policy`)."""
    if device is not None:
        check_device(device, model)
    if model is not None:
        from veriloop.policies import load_policy

        try:
            return load_policy(model, **({"device": device} if device else {}))
        except (KeyError, ValueError, FileNotFoundError) as e:
            _fail(str(e.args[0] if e.args else e))
    from veriloop.envs import expert_for
    from veriloop.errors import UserError

    if policy not in (None, "expert", "noisy-expert"):
        _fail(f"unknown policy '{policy}'; use expert, noisy-expert, or --model M")
    try:
        return expert_for(make_env(env_name, env_options),
                          noise=noise if policy == "noisy-expert" else 0.0, seed=seed)
    except KeyError as e:
        _fail(str(e.args[0]))
    except (ValueError, UserError) as e:
        _fail(str(e))


def check_device(device: str, model: str | None) -> None:
    """`--device` names a device (as `model.device` in a config) for a local model."""
    import re

    from veriloop.trainers.config import DEVICE_PATTERN

    if not re.fullmatch(DEVICE_PATTERN, device):
        _fail(f"--device {device!r} is not a device; use auto, cpu, cuda or cuda:N")
    if model is None:
        _fail("--device places a model (--model); a scripted --policy runs none: drop --device")
    if model.startswith("openai:"):
        _fail("--device places a local model; an openai: model runs on its server: drop --device")


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
    from veriloop.envs import load_env_module

    for module in modules or ():
        try:
            load_env_module(module)
        except ValueError as e:
            _fail(str(e))


class Suite(str, enum.Enum):
    """Evaluation suites an environment may offer through `suite_tasks(suite, n, seed)`."""

    standard = "standard"
    safety = "safety"
    robustness = "robustness"


class ToolVariation(str, enum.Enum):
    """Families of tool variations (`veriloop.data.tool_variation`)."""

    none = "none"
    train = "train"
    held_out = "held-out"


def with_tool_variation(env_name: str, options: dict[str, Any],
                        variation: ToolVariation | None) -> dict[str, Any]:
    """`options` with `tool_variation` set (`--tool-variation`); a `UserError` when the
    environment has no such option or `--env-option` already sets it differently."""
    from veriloop.errors import UserError

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


SUITE_ENV_OPTIONS: dict[str, dict[str, Any]] = {"robustness": {"fault_rate": 0.15}}
"""Environment options a suite runs with: robustness injects 429/5xx errors into 15% of calls."""


def suite_env_and_tasks(env_name: str, suite: str, n: int, seed: int,
                        env_options: dict[str, Any] | None = None) -> tuple[Any, list[Any]]:
    """The environment built with the suite's options (`SUITE_ENV_OPTIONS`) and its `n`
    suite tasks; a `UserError` when the environment has no suites or lacks the option."""
    from veriloop.envs import get_env
    from veriloop.errors import UserError

    options = {**(env_options or {}), **SUITE_ENV_OPTIONS.get(suite, {})}
    env = make_env(env_name, env_options)
    if not callable(getattr(env, "suite_tasks", None)):
        raise UserError(f"environment '{env_name}' has no evaluation suites (no suite_tasks "
                        "method); drop --suite, or evaluate an environment with suites "
                        "(workspace)")
    if options:
        try:
            env = get_env(env_name, **options)
        except TypeError as e:
            raise UserError(f"the {suite} suite sets the environment options {options}, which "
                            f"environment '{env_name}' does not take ({e})") from None
    return env, list(env.suite_tasks(suite, n, seed))


def _print_summary(summary: dict[str, Any]) -> None:
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
        elif key not in ("env", "policy", "policy_kind", "split", "suite", "first_infra_error"):
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


@app.command()
def envs(as_json: JsonOpt = False, env_module: EnvModuleOpt = None) -> None:
    """List the registered environments."""
    from veriloop.envs import get_env, list_envs

    load_env_modules(env_module)
    rows = []
    for name in list_envs():
        try:
            env = get_env(name)
            doc = (type(env).__doc__ or "").strip().splitlines()[0]
        except Exception as e:  # noqa: BLE001  (a plugin that fails to load is reported, not fatal)
            doc = f"(failed to load: {type(e).__name__}: {e})"
        rows.append({"name": name, "description": doc})
    if as_json:
        print(json.dumps(rows))
        return
    table = Table("environment", "description")
    for r in rows:
        table.add_row(r["name"], r["description"])
    Console().print(table)


@app.command()
def rollout(env: EnvOpt = "arithmetic", policy: PolicyOpt = None, model: ModelOpt = None,
            tasks: Annotated[int, typer.Option(min=1)] = 20,
            group: Annotated[int, typer.Option(min=1, help="Samples per task (G).")] = 1,
            out: Annotated[Path | None, typer.Option(help="Run directory.")] = None,
            split: str = "train", seed: int = 0, difficulty: int | None = None,
            noise: NoiseOpt = 0.3, max_turns: TurnsOpt = None, temperature: float = 1.0,
            max_new_tokens: int = 128, max_total_tokens: TokensOpt = None,
            as_json: JsonOpt = False, env_module: EnvModuleOpt = None,
            env_option: EnvOptionOpt = None) -> None:
    """Roll out a policy on an environment and store the trajectories."""
    from veriloop.eval.rollouts import run_rollouts

    load_env_modules(env_module)
    options = parse_env_options(env_option)
    pol = build_policy(env, policy, model, noise, seed, options)
    out = out or Path("runs") / f"rollout-{time.strftime('%Y%m%d-%H%M%S')}"
    summary = run_rollouts(env, pol, tasks=tasks, group=group, split=split, seed=seed, out=out,
                           difficulty=difficulty, max_turns=max_turns, temperature=temperature,
                           max_new_tokens=max_new_tokens, ks=[1, group],
                           max_total_tokens=max_total_tokens, env_options=options,
                           scripted=model is None)
    if as_json:
        print(json.dumps(summary))
    else:
        _print_summary(summary)
    check_infra_errors(summary)


@app.command(name="eval")
def evaluate(env: EnvOpt = "arithmetic", policy: PolicyOpt = None, model: ModelOpt = None,
             device: DeviceOpt = None,
             tasks: Annotated[int, typer.Option(min=1)] = 50,
             k: Annotated[int, typer.Option(min=1, help="Samples per task; pass@1..k.")] = 1,
             out: Annotated[Path | None, typer.Option(help="Run directory.")] = None,
             split: str = "test", seed: int = 0, difficulty: int | None = None,
             noise: NoiseOpt = 0.3, max_turns: TurnsOpt = None,
             temperature: Annotated[float | None, typer.Option(
                 help="Default: 0 (greedy) for k=1, 1.0 otherwise.")] = None,
             max_new_tokens: int = 128, max_total_tokens: TokensOpt = None,
             slots: Annotated[int | None, typer.Option(
                 min=1, help="Episodes live at once (the rest start as they finish; with "
                             "--reflexion, per attempt): bounds the memory of long episodes "
                             "on a local model. Default: all.")] = None,
             suite: Annotated[Suite | None, typer.Option(
                 help="Evaluate on the environment's suite of this name (robustness also "
                      "injects errors into 15% of calls); --tasks of them.")] = None,
             as_json: JsonOpt = False, env_module: EnvModuleOpt = None,
             env_option: EnvOptionOpt = None,
             tool_variation: Annotated[ToolVariation | None, typer.Option(
                 help="Evaluate under tool variations (renamed and reworded tools, "
                      "distractors): held-out ones are never seen in training (the "
                      "environment's tool_variation option, e.g. bfcl).")] = None,
             experience: Annotated[Path | None, typer.Option(
                 help="Experience retrieval: a trajectory store whose solved tasks most "
                      "similar to each task (BM25) are shown in its prompt.")] = None,
             shots: Annotated[int, typer.Option(
                 min=1, help="Solved examples per prompt with --experience.")] = 2,
             skills: Annotated[bool, typer.Option(
                 help="With --experience: show the solved tasks' verified tool-call programs "
                      "(a skill library) instead of whole solutions.")] = False,
             reflexion: Annotated[int, typer.Option(
                 min=0, help="Reflexion: up to N attempts per task, the model's reflections on "
                             "its failures shown on the next attempt; reports success@1..N "
                             "(needs --model).")] = 0,
             inference: Annotated[str | None, typer.Option(
                 help="Inference-time scaling method: first, majority, deepconf, "
                      "deepconf-online, best-of-n, genselect, tree (veriloop.inference).")] = None,
             n: Annotated[int, typer.Option(
                 "--n", min=1, help="Candidates per task for --inference (tree: actions per "
                                    "expansion).")] = 1,
             inference_option: Annotated[list[str] | None, typer.Option(
                 "--inference-option", help="Option of the --inference method KEY=VALUE (value "
                 "read as YAML), repeatable; e.g. scorer=oracle, keep=0.5.")] = None) -> None:
    """Evaluate a model (--model) or the scripted expert (--policy) on held-out tasks: pass@1..k,
    score, turns, format violations, and the agent metrics (completion per level, safety
    violations, recovery ...) when they apply. With --inference: the method's accuracy and
    tokens at N and below (accuracy-versus-N). Exit code 1 when every episode was an
    infrastructure error (nothing was evaluated)."""
    from veriloop.errors import UserError
    from veriloop.eval.rollouts import run_reflexion_eval, run_rollouts

    load_env_modules(env_module)
    if inference is not None and slots is not None:
        _fail("--slots does not apply with --inference (its methods run their own candidates); "
              "drop one")
    if policy is not None and model is not None:
        _fail("--policy and --model both say what to evaluate; give one")
    if policy is None and model is None:  # a silent default would score the expert's 1.0
        _fail("say what to evaluate: --model M (tiny, smollm2-135m, a model directory, "
              "openai:URL#NAME) or --policy expert|noisy-expert (the environment's scripted "
              "solver, a reference, not a model)")
    if inference is not None:
        from veriloop.eval.scaling_cli import eval_inference

        eval_inference(env, policy, model, tasks, out, split, seed, difficulty, noise,
                       max_turns, temperature, max_new_tokens, max_total_tokens, as_json,
                       parse_env_options(env_option), inference, n,
                       parse_env_options(inference_option, "--inference-option"), device)
        return
    if n != 1 or inference_option:
        _fail("--n and --inference-option apply only with --inference NAME")
    if suite is not None and difficulty is not None:
        _fail("--difficulty does not apply to a --suite (the suite chooses its tasks); drop one")
    options = parse_env_options(env_option)
    try:
        options = with_tool_variation(env, options, tool_variation)
    except KeyError as e:
        _fail(str(e.args[0]))
    except (ValueError, UserError) as e:
        _fail(str(e))
    pol = build_policy(env, policy, model, noise, seed, options, device)
    out = out or Path("runs") / f"eval-{time.strftime('%Y%m%d-%H%M%S')}"
    temp = temperature if temperature is not None else (0.0 if k == 1 else 1.0)
    if reflexion:
        summary = run_reflexion_eval(env, pol, tasks=tasks, attempts=reflexion, split=split,
                                     seed=seed, out=out, difficulty=difficulty,
                                     max_turns=max_turns, temperature=temp,
                                     max_new_tokens=max_new_tokens,
                                     max_total_tokens=max_total_tokens or 4096,
                                     env_options=options, slots=slots)
        print(json.dumps(summary) if as_json else
              " ".join(f"{key}={v}" for key, v in summary.items()))
        check_infra_errors(summary | {"trajectories": summary["attempts"]})
        return
    ks = sorted({1, k} | {x for x in (2, 4, 8, 16, 32) if x < k})
    summary = run_rollouts(env, pol, tasks=tasks, group=k, split=split, seed=seed, out=out,
                           difficulty=difficulty, max_turns=max_turns, temperature=temp,
                           max_new_tokens=max_new_tokens, ks=ks,
                           max_total_tokens=max_total_tokens,
                           suite=suite.value if suite is not None else None,
                           env_options=options, experience=experience, shots=shots,
                           skills=skills, slots=slots, scripted=model is None)
    if tool_variation is not None:
        summary["tool_variation"] = tool_variation.value
        (out / "summary.json").write_text(json.dumps(summary, indent=2))
    if as_json:
        print(json.dumps(summary))
    else:
        _print_summary(summary)
    check_infra_errors(summary)


_mount("veriloop.policies.cli", "model_app", "model", "Build and inspect models.")
_mount("veriloop.policies.cli", "bench_app", "bench", "Benchmarks.")
_mount("veriloop.policies.cli", "serve", "serve", "Serve a policy over an OpenAI-compatible API.")
_mount("veriloop.graders.cli", "app", "graders", "Graders: audits and checks.")
_mount("veriloop.sandbox.cli", "app", "sandbox", "Run code in the sandbox.")
_mount("veriloop.mcp.cli", "app", "mcp", "MCP: serve an environment's tools to other agents.")
_mount("veriloop.data.cli", "app", "data", "Data tools: pass-rate profiles, task synthesis.")
_mount("veriloop.eval.quality_cli", "bench_quality", "bench-quality",
       "Benchmark quality: saturation, discrimination, difficulty, label errors, kappa.")
_mount("veriloop.eval.compare_cli", "compare", "compare",
       "Paired difference of two models or evals on the same tasks, with a bootstrap CI.")
_mount("veriloop.data.export_cli", "export", "export",
       "Export a run's trajectories as JSONL or Parquet (real columns).")
_mount("veriloop.viewer.cli", "view", "view",
       "Browse a run's trajectories and curves in a local web page (127.0.0.1).")
_mount("veriloop.trainers.cli", "train_command", "train", "Train from a YAML config.")
_mount("veriloop.trainers.cli", "config_command", "config",
       "Print a resolved config, or with --docs the reference of every field.")
_mount("veriloop.trainers.cli", "quickstart_command", "quickstart",
       "The main job: tiny model, SFT on demonstrations, GRPO, evaluation, report.")


def main() -> None:
    app()


if __name__ == "__main__":
    main()
