"""`veriloop envs`, `veriloop rollout` and `veriloop eval`: list the environments, roll a policy
out on one, evaluate a model or the scripted expert on held-out tasks."""

from __future__ import annotations

import json
import time
from pathlib import Path
from typing import Annotated

import typer
from rich.console import Console
from rich.table import Table

from veriloop.cli.common import (
    DeviceOpt,
    EnvModuleOpt,
    EnvOpt,
    EnvOptionOpt,
    JsonOpt,
    ModelOpt,
    NoiseOpt,
    PolicyOpt,
    Suite,
    TokensOpt,
    ToolVariation,
    TurnsOpt,
    build_policy,
    check_infra_errors,
    fail,
    load_env_modules,
    parse_env_options,
    print_summary,
    with_tool_variation,
)
from veriloop.cli.eval_config import eval_config, load_eval_config, refuse_with_config
from veriloop.cli.scaling import eval_inference
from veriloop.errors import UserError


def envs(as_json: JsonOpt = False, env_module: EnvModuleOpt = None) -> None:
    """List the registered environments."""
    # lazy: listing loads every environment
    from veriloop.envs import env_factory, get_env, list_envs

    load_env_modules(env_module)
    rows = []
    for name in list_envs():
        try:
            try:
                doc = (type(get_env(name)).__doc__ or "").strip().splitlines()[0]
            except TypeError:  # it needs options (dataset: a path): its factory says what it is
                doc = (env_factory(name).__doc__ or "").strip().splitlines()[0]
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
    from veriloop.run.rollouts import run_rollouts  # lazy: veriloop.run imports torch

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
        print_summary(summary)
    check_infra_errors(summary)


def evaluate(config: Annotated[str | None, typer.Argument(
                 help="A training config (YAML path or recipe name): evaluate its environment "
                      "(env options, step budget, grader) on its held-out split with its "
                      "model; --model/--policy evaluate another; see --run.",
                 show_default=False)] = None,
             overrides: Annotated[list[str] | None, typer.Argument(
                 help="Dotted overrides of the CONFIG, e.g. env.eval_tasks=20 model.size=xs.",
                 show_default=False)] = None,
             config_opt: Annotated[str | None, typer.Option(
                 "--config", help="The training config, as the CONFIG argument.")] = None,
             run: Annotated[Path | None, typer.Option(
                 "--run", help="A `veriloop train` run directory: evaluate the model it trained "
                 "(RUN/final) on its config's held-out split (RUN/config.yaml unless CONFIG is "
                 "given).")] = None,
             env: Annotated[str | None, typer.Option(
                 "--env", help="Environment name (see `veriloop envs`). Default: arithmetic.",
                 show_default=False)] = None,
             policy: PolicyOpt = None, model: ModelOpt = None,
             device: DeviceOpt = None,
             tasks: Annotated[int | None, typer.Option(
                 min=1, help="Tasks to evaluate. Default: 50; with a config, env.eval_tasks.",
                 show_default=False)] = None,
             k: Annotated[int, typer.Option(min=1, help="Samples per task; pass@1..k.")] = 1,
             out: Annotated[Path | None, typer.Option(help="Run directory.")] = None,
             split: str = "test",
             seed: Annotated[int | None, typer.Option(
                 help="Task and sampling seed. Default: 0; with a config, env.task_seed.",
                 show_default=False)] = None,
             difficulty: int | None = None,
             noise: NoiseOpt = 0.3, max_turns: TurnsOpt = None,
             temperature: Annotated[float | None, typer.Option(
                 help="Default: 0 (greedy) for k=1, 1.0 otherwise.")] = None,
             max_new_tokens: Annotated[int | None, typer.Option(
                 help="Tokens per model turn. Default: 128; with a config, "
                      "rollout.max_new_tokens.", show_default=False)] = None,
             max_total_tokens: TokensOpt = None,
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
    violations, recovery ...) when they apply. With a training CONFIG (or --run RUN): that
    run's environment and held-out split, by default with its model. With --inference: the
    method's accuracy and tokens at N and below (accuracy-versus-N). Exit code 1 when every
    episode was an infrastructure error (nothing was evaluated)."""
    from veriloop.run.rollouts import run_reflexion_eval, run_rollouts  # lazy: imports torch

    load_env_modules(env_module)
    cfg = load_eval_config(config, config_opt, run, overrides)
    if cfg is not None:
        refuse_with_config({"--env": env is not None, "--split": split != "test",
                            "--difficulty": difficulty is not None, "--suite": suite is not None,
                            "--inference": inference is not None, "--reflexion": bool(reflexion),
                            "--tool-variation": tool_variation is not None})
        summary = eval_config(
            cfg, config or config_opt or str(run / "config.yaml"), run=run, policy=policy,
            model=model, device=device, tasks=tasks, k=k, out=out, seed=seed, noise=noise,
            max_turns=max_turns, temperature=temperature, max_new_tokens=max_new_tokens,
            max_total_tokens=max_total_tokens, slots=slots,
            env_options=parse_env_options(env_option), experience=experience, shots=shots,
            skills=skills)
        if as_json:
            print(json.dumps(summary))
        else:
            print_summary(summary)
        check_infra_errors(summary)
        return
    env = env or "arithmetic"
    tasks = 50 if tasks is None else tasks
    seed = 0 if seed is None else seed
    max_new_tokens = 128 if max_new_tokens is None else max_new_tokens
    if inference is not None and slots is not None:
        fail("--slots does not apply with --inference (its methods run their own candidates); "
              "drop one")
    if policy is not None and model is not None:
        fail("--policy and --model both say what to evaluate; give one")
    if policy is None and model is None:  # a silent default would score the expert's 1.0
        fail("say what to evaluate: --model M (tiny, smollm2-135m, a model directory, "
              "openai:URL#NAME) or --policy expert|noisy-expert (the environment's scripted "
              "solver, a reference, not a model)")
    if inference is not None:
        eval_inference(env, policy, model, tasks, out, split, seed, difficulty, noise,
                       max_turns, temperature, max_new_tokens, max_total_tokens, as_json,
                       parse_env_options(env_option), inference, n,
                       parse_env_options(inference_option, "--inference-option"), device)
        return
    if n != 1 or inference_option:
        fail("--n and --inference-option apply only with --inference NAME")
    if suite is not None and difficulty is not None:
        fail("--difficulty does not apply to a --suite (the suite chooses its tasks); drop one")
    options = parse_env_options(env_option)
    try:
        options = with_tool_variation(env, options, tool_variation)
    except KeyError as e:
        fail(str(e.args[0]))
    except (ValueError, UserError) as e:
        fail(str(e))
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
        print_summary(summary)
    check_infra_errors(summary)
