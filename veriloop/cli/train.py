"""`veriloop train`, `veriloop config` and `veriloop quickstart`: the flags, the pre-flight
checks and the run lock; the run itself is `veriloop.run.train` / `veriloop.run.quickstart`.

    veriloop train configs/grpo.yaml optim.lr=1e-4 train.steps=20 [--run-dir runs/x]
    veriloop train --resume runs/x            # continue a killed run exactly
    veriloop train configs/grpo.yaml --ray local   # rollouts on Ray actors (HOST:PORT: a cluster)
    torchrun --nproc-per-node 2 --no-python veriloop train configs/grpo.yaml --run-dir runs/x
                                              # RL over 2 ranks (gloo on CPUs, nccl on GPUs)
    veriloop quickstart [--json] [--run-dir runs/quickstart]
    veriloop quickstart --resume runs/quickstart      # continue it (never mixes two configs)
"""

from __future__ import annotations

import json
import time
from pathlib import Path
from typing import Annotated

import typer
import yaml

from veriloop import errors
from veriloop.errors import UserError
from veriloop.run.runlock import RunInUseError, RunLock
from veriloop.trainers.config_docs import config_reference


def _fail(message: str) -> None:
    typer.echo(f"error: {' '.join(str(message).split())}", err=True)
    raise typer.Exit(2)


def train_command(
    config: Annotated[str | None, typer.Argument(
        help="a recipe name (`veriloop configs list`: grpo, sft ...) or a YAML file")] = None,
    overrides: Annotated[list[str] | None, typer.Argument(
        help="dotted overrides, e.g. optim.lr=1e-4 train.steps=20")] = None,
    resume: Annotated[Path | None, typer.Option(
        "--resume", help="continue the run in this directory from its latest checkpoint")] = None,
    run_dir: Annotated[Path | None, typer.Option(
        "--run-dir", help="where the run writes (default runs/<config>-<time>)")] = None,
    json_out: Annotated[bool, typer.Option("--json", help="print a JSON summary")] = False,
    ray_address: Annotated[str | None, typer.Option(
        "--ray", help="run RL rollouts on Ray actors: `local` (a cluster on this machine), "
        "`auto` (the `ray start` one here) or HOST:PORT")] = None,
    ray_workers: Annotated[int | None, typer.Option(
        "--ray-workers", min=1, help="rollout actors (default: the cluster's CPUs, at most "
        "rollout.prompts_per_step)")] = None,
    ray_env_workers: Annotated[int, typer.Option(
        "--ray-env-workers", min=0, help="with --ray: environment actors that hold the episodes "
        "(0: episodes run inside the rollout actors)")] = 0,
    ray_grader_workers: Annotated[int, typer.Option(
        "--ray-grader-workers", min=0, help="with --ray: grader actors (0: grading inside the "
        "rollout actors)")] = 0,
    ray_trainers: Annotated[int, typer.Option(
        "--ray-trainers", min=0, help="with --ray: train as a torch.distributed job of this "
        "many ranks placed by Ray (as torchrun does on one node; needs --run-dir on a shared "
        "filesystem)")] = 0,
) -> None:
    """Train a policy (SFT or RL, by the config's `kind`). Every check (config values, names,
    paths, the run directory, a resumed checkpoint) runs before the model loads."""
    from veriloop.run import preflight  # lazy: CLI start-up (this and below load torch)
    from veriloop.run.config import load_config, load_run_config  # lazy: startup
    from veriloop.run.train import check_ranks, check_ray, train_run  # lazy: startup

    try:
        if resume is not None:
            if config is not None and config.endswith((".yaml", ".yml")):
                _fail("--resume takes the config from the run directory; drop the CONFIG "
                      "argument (overrides are not allowed on resume either)")
            if config is not None or overrides:
                _fail("--resume continues the run exactly; overrides are not allowed")
            cfg = load_run_config(resume)
            root = resume
        else:
            if config is None:
                _fail("give a config, e.g. `veriloop train configs/grpo.yaml`, or --resume RUN_DIR")
            cfg = load_config(config, overrides or [])
            root = run_dir or Path("runs") / f"{Path(config).stem}-{time.strftime('%Y%m%d-%H%M%S')}"
        rank = check_ranks(cfg, run_dir or resume, ray_address)
        preflight.check_run_dir(root)
        preflight.check_config(cfg)
        if resume is not None:
            preflight.check_resume(root)
        if ray_address is not None:
            check_ray(cfg)
        elif ray_env_workers or ray_grader_workers or ray_trainers:
            _fail("--ray-env-workers, --ray-grader-workers and --ray-trainers place actors on a "
                  "Ray cluster: add --ray local (or --ray ADDRESS)")
        if ray_trainers:
            from veriloop.trainers import ray_launch  # lazy: CLI start-up; --ray-trainers only

            ray_launch.check(cfg, ray_trainers, bool(ray_workers or ray_env_workers
                                                     or ray_grader_workers))
        # rank 0 of a torchrun job holds the run; the others write nothing in it
        lock = RunLock(root).acquire() if rank == 0 else _NoLock()
        if rank == 0 and resume is None and (root / "config.yaml").exists():
            lock.release()
            _fail(f"{root} already holds a run; use --resume {root} or another --run-dir")
        ray_joined = None
        if ray_address is not None:
            from veriloop.trainers.ray_pool import connect  # lazy: CLI start-up (torch); --ray only

            try:
                ray_joined = connect(ray_address)
            except UserError:
                lock.release()
                raise
        if ray_trainers:  # the ranks' processes hold the run; this one launches them
            lock.release()
            from veriloop.trainers import ray_launch  # lazy: CLI start-up; --ray-trainers only

            try:
                print(ray_launch.launch(cfg, root, ray_trainers, json_out, resume is not None),
                      end="")
            finally:
                if ray_joined:
                    import ray  # lazy: optional

                    ray.shutdown()
            return
    except (UserError, FileNotFoundError, RunInUseError) as e:
        if errors.debug:
            raise
        _fail(str(e))
        return
    from veriloop.trainers.distributed import leave  # lazy: torch.distributed

    ended = False
    try:
        summary = train_run(cfg, root, ray_joined, ray_workers, ray_env_workers,
                            ray_grader_workers)
        ended = True
    finally:
        lock.release()
        leave(together=ended)  # the process group of a torchrun launch, if any
    if summary is not None:
        typer.echo(json.dumps(summary) if json_out else
                   f"done: {summary['steps']} steps in {root} (report: {root / 'report.html'})")


class _NoLock:
    def release(self) -> None:
        pass


def quickstart_command(
    json_out: Annotated[bool, typer.Option("--json", help="print the summary as JSON")] = False,
    run_dir: Annotated[Path | None, typer.Option("--run-dir", help="output directory")] = None,
    config: Annotated[Path | None, typer.Option(
        "--config", help="a recipe name or YAML file (default: the quickstart recipe)")] = None,
    overrides: Annotated[list[str] | None, typer.Argument(
        help="dotted overrides, e.g. train.steps=10")] = None,
    resume: Annotated[Path | None, typer.Option(
        "--resume", help="continue the quickstart in this directory (its saved config)")] = None,
) -> None:
    """The main job: tiny model, noisy-expert SFT, held-out eval, GRPO, eval again, report."""
    from veriloop.run import preflight  # lazy: CLI start-up (this and below load torch)
    from veriloop.run.config import load_config  # lazy: keeps `veriloop --help` fast
    from veriloop.run.quickstart import DEFAULT_CONFIG, SAVED_CONFIG, run_quickstart  # lazy

    if resume is not None and run_dir is not None and run_dir != resume:
        _fail("--resume names the run directory; drop --run-dir")
    root = resume or run_dir or Path("runs") / f"quickstart-{time.strftime('%Y%m%d-%H%M%S')}"
    try:
        saved = root / SAVED_CONFIG
        cfg = load_config(saved) if resume is not None and saved.exists() \
            else load_config(config or DEFAULT_CONFIG, overrides or [])
        preflight.check_run_dir(root)
        for kind in ("sft", "rl"):  # the quickstart runs both from one config
            preflight.check_config(cfg.model_copy(update={"kind": kind}))
    except UserError as e:
        if errors.debug:
            raise
        _fail(str(e))
    try:
        with RunLock(root):
            summary = run_quickstart(root, config, overrides or [], resume=resume is not None)
    except (FileNotFoundError, ValueError, TypeError, RunInUseError) as e:
        _fail(str(e))
        return
    if json_out:
        typer.echo(json.dumps(summary))
        return
    typer.echo(f"held-out pass@1: SFT {summary['sft_heldout_pass@1']:.3f} -> after RL "
               f"{summary['rl_heldout_pass@1']:.3f} "
               f"({summary['improvement_points']:+.1f} points) in "
               f"{summary['wall_time_s'] / 60:.1f} min; report: {root / 'report.html'}")


def config_command(
    config: Annotated[str | None, typer.Argument(
        help="a recipe name or YAML file (default: all defaults)")] = None,
    overrides: Annotated[list[str] | None, typer.Argument(
        help="dotted overrides, e.g. optim.lr=1e-4")] = None,
    docs: Annotated[bool, typer.Option(
        "--docs", help="print the Markdown reference of every config field instead")] = False,
) -> None:
    """Print a config as `veriloop train` resolves it (defaults filled in, overrides applied),
    or with --docs the reference of every field."""
    if docs:

        typer.echo(config_reference(), nl=False)
        return
    from veriloop.run.config import load_config  # lazy: veriloop.run imports torch

    if config is not None and "=" in config and not config.endswith((".yaml", ".yml")):
        config, overrides = None, [config, *(overrides or [])]  # overrides of the defaults
    try:
        cfg = load_config(config, overrides or [])
    except UserError as e:
        if errors.debug:
            raise
        _fail(str(e))
        return
    typer.echo(yaml.safe_dump(cfg.model_dump(mode="json"), sort_keys=False), nl=False)
