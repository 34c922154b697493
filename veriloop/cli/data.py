"""`veriloop data ...`: data tools over a policy's own attempts: per-task pass-rate profiles and
task synthesis."""

from __future__ import annotations

import json
import time
from pathlib import Path
from typing import Annotated

import typer

from veriloop.cli.common import build_policy
from veriloop.data.profile import profile_tasks, summary, write_profile
from veriloop.data.store import TrajectoryStore
from veriloop.errors import MissingFileError, UserError

app = typer.Typer(help="Data tools: pass-rate profiles, task synthesis, reflection distillation.", no_args_is_help=True)


@app.command()
def profile(env: Annotated[str, typer.Option("--env", help="Environment name.")] = "arithmetic",
            model: Annotated[str | None, typer.Option(
                help="Model backend: tiny, a checkpoint directory ...")] = None,
            policy: Annotated[str | None, typer.Option(
                help="Scripted policy instead of a model: expert | noisy-expert.")] = None,
            noise: float = 0.3,
            tasks: Annotated[int, typer.Option(min=1)] = 50,
            k: Annotated[int, typer.Option(min=1, help="Samples per task.")] = 8,
            split: str = "train", seed: int = 0, difficulty: int | None = None,
            temperature: float = 1.0, max_new_tokens: int = 128,
            out: Annotated[Path | None, typer.Option(help="Run directory.")] = None,
            as_json: Annotated[bool, typer.Option("--json")] = False) -> None:
    """Estimate each task's pass rate with k samples of the policy; write the table
    (report/pass_rates.csv) and a histogram (report/pass_rate_hist.png) to the run directory."""
    from veriloop.run.rollouts import run_rollouts  # lazy: veriloop.run imports torch

    pol = build_policy(env, policy, model, noise, seed)
    out = out or Path("runs") / f"profile-{time.strftime('%Y%m%d-%H%M%S')}"
    run_rollouts(env, pol, tasks=tasks, group=k, split=split, seed=seed, out=out,
                 difficulty=difficulty, max_turns=None, temperature=temperature,
                 max_new_tokens=max_new_tokens, ks=[1])
    with TrajectoryStore(out / "trajectories.sqlite") as store:
        rows = profile_tasks(store.query())
    paths = write_profile(rows, out / "report")
    result = {**summary(rows), **paths}
    if as_json:
        print(json.dumps(result))
    else:
        typer.echo(f"{result['tasks']} tasks, mean pass rate {result['mean_pass_rate']:.3f}: "
                   f"{result['always_solved']:.0%} always solved, "
                   f"{result['never_solved']:.0%} never solved; table {paths['table']}, "
                   f"histogram {paths['histogram']}")


@app.command()
def synthesize(store: Annotated[Path, typer.Option(
                   help="Trajectory store whose solved tasks are varied.")],
               model: Annotated[str, typer.Option(help="The model that writes variations.")],
               env: Annotated[str, typer.Option("--env", help="Environment name.")] = "arithmetic",
               out: Annotated[Path, typer.Option(help="Where the tasks go (JSONL).")] = Path(
                   "synthesized.jsonl"),
               sources: Annotated[int, typer.Option(
                   min=1, help="Training tasks (seed 0) the store's trajectories may vary.")] = 2000,
               test_tasks: Annotated[int, typer.Option(
                   min=0, help="Test-split tasks the new ones are deduplicated against.")] = 1000,
               temperature: float = 1.0, seed: int = 0,
               as_json: Annotated[bool, typer.Option("--json")] = False) -> None:
    """Write new tasks varied from solved ones (SvS style), validated and deduplicated against
    the test split, one Task JSON per line."""
    from veriloop.data.synthesis import synthesize as run  # lazy: imports torch
    from veriloop.policies import load_policy  # lazy: loading a model imports torch
    from veriloop.run.build import make_env  # lazy: veriloop.run imports torch

    if not store.is_file():
        raise MissingFileError(f"--store {store} does not exist; give a trajectory store")
    environment = make_env(env)
    train = environment.tasks(sources, seed=0, split="train")
    held_out = environment.tasks(test_tasks, seed=0, split="test") if test_tasks else []
    with TrajectoryStore(store) as s:
        solved = s.query(infra_error=False)
    try:
        result = run(env, load_policy(model), solved, train, held_out, temperature, seed=seed,
                     env=environment)  # `code` validates in its sandbox
    except KeyError as e:
        raise UserError(str(e.args[0])) from e
    finally:
        if hasattr(environment, "close"):  # sandboxes (code); not every environment has one
            environment.close()
    out.write_text("".join(t.model_dump_json() + "\n" for t in result.tasks))
    summary = {**result.summary(), "out": str(out)}
    typer.echo(json.dumps(summary) if as_json else
               f"{summary['synthesized']} tasks written to {out}; rejected {summary['rejected']}")


@app.command(name="distill-reflections")
def distill_reflections(run: Annotated[Path, typer.Argument(
                            help="A `veriloop eval --reflexion` run directory.")],
                        model: Annotated[str, typer.Option(
                            help="The model whose renderer the prompts are rendered with.")],
                        out: Annotated[Path, typer.Option(help="Store to write.")] = Path(
                            "distilled.sqlite")) -> None:
    """Successful Reflexion attempts, reflections removed from their prompts, into a trajectory
    store for SFT (`sft.store`): distil the reflections back into the model."""
    from veriloop.eval.reflexion import without_reflections  # lazy: imports torch
    from veriloop.policies import load_policy  # lazy: loading a model imports torch

    src = run / "trajectories.sqlite"
    if not src.is_file():
        raise MissingFileError(f"{run} holds no trajectories.sqlite; give the --out directory "
                               "of a `veriloop eval --reflexion N` run")
    renderer = load_policy(model).renderer
    with TrajectoryStore(src) as s:
        kept = [x for x in (without_reflections(t, renderer) for t in s.query()) if x]
    if not kept:
        raise UserError(f"{run} has no successful attempt made with reflections to distil")
    with TrajectoryStore(out) as s:
        s.append_many(kept)
    typer.echo(f"{len(kept)} attempts written to {out}; train on them with "
               f"`veriloop train configs/sft.yaml sft.store={out}`")
