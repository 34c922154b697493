"""`veriloop train` and `veriloop quickstart` (mounted in veriloop/cli.py).

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
from typing import Annotated, Any

import typer

from veriloop import errors
from veriloop.errors import UserError
from veriloop.progress import episodes, heartbeat
from veriloop.trainers.runlock import RunInUseError, RunLock

app = typer.Typer(add_completion=False, no_args_is_help=True)


def engine_memory(share: float | None, model: Any) -> dict[str, float]:
    """vLLM's `gpu_memory_utilization` for `rollout.engine_memory`: the share given, else 0.5
    when the trained model is on a GPU (the engine shares it), else vLLM's own choice."""
    if share is None and next(model.parameters()).device.type == "cuda":
        share = 0.5
    return {} if share is None else {"gpu_memory_utilization": share}


def _fail(message: str) -> None:
    typer.echo(f"error: {' '.join(str(message).split())}", err=True)
    raise typer.Exit(2)


def train_command(
    config: Annotated[str | None, typer.Argument(help="YAML recipe (see configs/)")] = None,
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
    from veriloop.trainers import preflight
    from veriloop.trainers.common import load_run_config
    from veriloop.trainers.config import load_config

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
        rank = _check_ranks(cfg, run_dir or resume, ray_address)
        preflight.check_run_dir(root)
        preflight.check_config(cfg)
        if resume is not None:
            preflight.check_resume(root)
        if ray_address is not None:
            _check_ray(cfg)
        elif ray_env_workers or ray_grader_workers or ray_trainers:
            _fail("--ray-env-workers, --ray-grader-workers and --ray-trainers place actors on a "
                  "Ray cluster: add --ray local (or --ray ADDRESS)")
        if ray_trainers:
            from veriloop.trainers import ray_launch

            ray_launch.check(cfg, ray_trainers, bool(ray_workers or ray_env_workers
                                                     or ray_grader_workers))
        # rank 0 of a torchrun job holds the run; the others write nothing in it
        lock = RunLock(root).acquire() if rank == 0 else _NoLock()
        if rank == 0 and resume is None and (root / "config.yaml").exists():
            lock.release()
            _fail(f"{root} already holds a run; use --resume {root} or another --run-dir")
        ray_joined = None
        if ray_address is not None:
            from veriloop.rollout.ray_pool import connect

            try:
                ray_joined = connect(ray_address)
            except UserError:
                lock.release()
                raise
        if ray_trainers:  # the ranks' processes hold the run; this one launches them
            lock.release()
            from veriloop.trainers import ray_launch

            try:
                print(ray_launch.launch(cfg, root, ray_trainers, json_out, resume is not None),
                      end="")
            finally:
                if ray_joined:
                    import ray

                    ray.shutdown()
            return
    except (UserError, FileNotFoundError, RunInUseError) as e:
        if errors.debug:
            raise
        _fail(str(e))
        return
    from veriloop.trainers.distributed import leave

    ended = False
    try:
        _train(cfg, root, json_out, ray_joined, ray_workers, ray_env_workers,
               ray_grader_workers)
        ended = True
    finally:
        lock.release()
        leave(together=ended)  # the process group of a torchrun launch, if any


class _NoLock:
    def release(self) -> None:
        pass


def _check_ranks(cfg: Any, run_dir: Path | None, ray_address: str | None) -> int:
    """Under a launcher (torchrun: WORLD_SIZE > 1), join the process group; this rank."""
    import os

    if int(os.environ.get("WORLD_SIZE", "1")) <= 1:
        return 0
    if cfg.kind != "rl" or cfg.rollout.asynchronous or cfg.rollout.engine != "local" \
            or ray_address is not None:
        raise UserError("several ranks (torchrun) train kind: rl with synchronous rollouts on "
                        "the local engine, without --ray; launch other runs as one process")
    if run_dir is None:
        raise UserError("under torchrun every rank needs the same run directory: give "
                        "--run-dir (or --resume)")
    from veriloop.algorithms.advantages import needs_critic

    if cfg.train.parallel == "fsdp" and (cfg.model.lora_rank > 0
                                         or needs_critic(cfg.algorithm.advantage)):
        raise UserError("train.parallel: fsdp shards full fine-tuning without a value head; "
                        "use train.parallel: ddp with LoRA or a critic (gae, turn_gae)")
    from veriloop.trainers.distributed import init_from_env

    return init_from_env()[0]


def _check_ray(cfg: Any) -> None:
    from veriloop.rollout.ray_pool import require_ray

    require_ray()
    if cfg.kind != "rl":
        raise UserError(f"--ray runs RL rollouts; this config is kind: {cfg.kind}")
    if cfg.rollout.asynchronous or cfg.rollout.engine != "local":
        raise UserError("--ray runs synchronous rollouts on the local engine for now; drop "
                        "--ray, or set rollout.asynchronous=false rollout.engine=local")


def _train(cfg: Any, root: Path, json_out: bool, ray_joined: bool | None = None,
           ray_workers: int | None = None, ray_env_workers: int = 0,
           ray_grader_workers: int = 0) -> None:
    """`ray_joined`: None without Ray; else whether this process joined the cluster (and so
    leaves it at the end)."""
    from veriloop.trainers.common import policy_from_config
    from veriloop.trainers.distributed import world

    main = world()[0] == 0
    progress = main  # on stderr, so also with --json; off a terminal, plain lines
    with heartbeat(f"{cfg.kind} loading the model", progress):
        policy = policy_from_config(cfg.model, cfg.init)
    t0 = time.perf_counter()
    if cfg.kind in ("sft", "dpo", "rft"):  # offline data: held-out eval before and after
        if cfg.kind == "sft":
            from veriloop.trainers.sft import SFTTrainer as Offline
        elif cfg.kind == "dpo":
            from veriloop.trainers.dpo import DPOTrainer as Offline
        else:
            from veriloop.trainers.rft import RFTTrainer as Offline

        trainer = Offline(cfg, root, policy, progress=progress)
        with heartbeat(f"{cfg.kind} setup", progress):  # e.g. generating demonstrations
            trainer.setup()
            resumed = _resume(trainer, root)
        before = _sft_eval_before(cfg, trainer, root, progress)
        trainer.train()
        if before is not None:
            from veriloop.eval.heldout import log_heldout

            after = _heldout(cfg, trainer.policy, "eval after", progress)
            log_heldout(root, {0: before, trainer.step_count: after} if before
                        else {trainer.step_count: after})
        summary = {"kind": cfg.kind, "steps": trainer.step_count, "resumed": resumed,
                   "final_model": str(trainer.paths.model)}
        if cfg.kind == "dpo":
            summary["pairs"] = len(trainer.pairs)
        if cfg.kind == "rft":
            summary["rounds"] = trainer.history
        if cfg.kind != "sft":
            trainer.close()
    else:
        from veriloop.trainers.rl import RLTrainer

        rollout_policy = None
        if cfg.rollout.engine == "vllm":
            from veriloop.policies.vllm import VLLMPolicy

            rollout_policy = VLLMPolicy.of_model(
                policy.model, policy.tokenizer, root / "engine_model", name=policy.name,
                max_model_len=cfg.rollout.max_total_tokens + cfg.rollout.max_new_tokens,
                max_lora_rank=max(cfg.model.lora_rank, 0),  # LoRA: adapters sync, not weights
                **engine_memory(cfg.rollout.engine_memory, policy.model))
        pool = None
        if ray_joined is not None:
            from veriloop.rollout.ray_pool import RayRolloutPool

            pool = RayRolloutPool.start(cfg, ray_workers, root.name, leave=ray_joined,
                                        env_workers=ray_env_workers,
                                        grader_workers=ray_grader_workers)
        trainer = RLTrainer(cfg, root, policy, rollout_policy=rollout_policy, workers=pool)
        try:
            with heartbeat("rl setup", progress):
                trainer.setup()
                resumed = _resume(trainer, root)
            trainer.train(progress)
        finally:
            if pool is not None:
                pool.close()
            if rollout_policy is not None:
                rollout_policy.close()
        trainer.save_final()
        summary = {"kind": "rl", "algorithm": cfg.algorithm.advantage,
                   "steps": trainer.step_count, "resumed": resumed,
                   "stored_trajectories": trainer.store.count(run_id=trainer.run_id),
                   "final_model": str(trainer.paths.model)}
        if pool is not None:
            summary.update(ray_workers=len(pool.generation), ray_restarts=pool.restarts,
                           ray_env_workers=ray_env_workers,
                           ray_grader_workers=ray_grader_workers,
                           worker_lost_episodes=pool.lost)
        trainer.close()
    if not main:
        return
    from veriloop.eval.report import write_report

    write_report(root)
    summary.update({"run_dir": str(root), "wall_time_s": time.perf_counter() - t0})
    typer.echo(json.dumps(summary) if json_out else
               f"done: {summary['steps']} steps in {root} (report: {root / 'report.html'})")


def _heldout(cfg: Any, policy: Any, description: str, progress: bool) -> dict[str, float]:
    """The held-out evaluation's eval/* metrics, with a bar counting its episodes."""
    from veriloop.eval.heldout import heldout_summary
    from veriloop.trainers.metrics import eval_metrics

    total = cfg.env.eval_tasks * cfg.rollout.eval_samples
    with episodes(description, total, progress) as tick:
        return eval_metrics(heldout_summary(cfg, policy, on_trajectory=tick))


def _sft_eval_before(cfg: Any, trainer: Any, root: Path,
                     progress: bool) -> dict[str, float] | None:
    """The held-out evaluation before SFT (kept in eval_before.json so a resumed run logs the
    one from its start); None when `env.eval_tasks` is 0."""
    if not cfg.env.eval_tasks:
        return None
    path = root / "eval_before.json"
    if trainer.step_count:  # resumed: the evaluation from the run's start, if it recorded one
        return json.loads(path.read_text()) if path.exists() else {}
    before = _heldout(cfg, trainer.policy, "eval before", progress)
    path.write_text(json.dumps(before))
    return before


def _resume(trainer: Any, root: Path) -> bool:
    """`trainer.resume()`; a checkpoint that passed the pre-flight checks but does not load
    (damaged tensors, another model's weights) is a user error naming it."""
    import pickle

    from veriloop.trainers import checkpoint

    try:
        return trainer.resume()
    except (ValueError, KeyError, RuntimeError, OSError, EOFError, pickle.UnpicklingError) as e:
        ckpt = checkpoint.latest(root)
        raise UserError(f"checkpoint {ckpt} does not load ({type(e).__name__}: "
                        f"{_shorten(str(e))}); delete it to resume from the one "
                        "before, or start a new --run-dir") from e


def _shorten(text: str, limit: int = 160) -> str:
    text = " ".join(text.split())
    return text if len(text) <= limit else text[:limit - 3] + "..."


def quickstart_command(
    json_out: Annotated[bool, typer.Option("--json", help="print the summary as JSON")] = False,
    run_dir: Annotated[Path | None, typer.Option("--run-dir", help="output directory")] = None,
    config: Annotated[Path | None, typer.Option(
        "--config", help="quickstart recipe (default configs/quickstart.yaml)")] = None,
    overrides: Annotated[list[str] | None, typer.Argument(
        help="dotted overrides, e.g. train.steps=10")] = None,
    resume: Annotated[Path | None, typer.Option(
        "--resume", help="continue the quickstart in this directory (its saved config)")] = None,
) -> None:
    """The main job: tiny model, noisy-expert SFT, held-out eval, GRPO, eval again, report."""
    from veriloop.trainers import preflight
    from veriloop.trainers.config import load_config
    from veriloop.trainers.quickstart import DEFAULT_CONFIG, SAVED_CONFIG, run_quickstart

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
    config: Annotated[str | None, typer.Argument(help="YAML recipe (default: all defaults)")] = None,
    overrides: Annotated[list[str] | None, typer.Argument(
        help="dotted overrides, e.g. optim.lr=1e-4")] = None,
    docs: Annotated[bool, typer.Option(
        "--docs", help="print the Markdown reference of every config field instead")] = False,
) -> None:
    """Print a config as `veriloop train` resolves it (defaults filled in, overrides applied),
    or with --docs the reference of every field."""
    if docs:
        from veriloop.trainers.config_docs import config_reference

        typer.echo(config_reference(), nl=False)
        return
    import yaml

    from veriloop.trainers.config import load_config

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


app.command("train")(train_command)
app.command("quickstart")(quickstart_command)
