"""A training run from a checked config: build the components (`veriloop.run.build`), hand them
to the trainer the config's `kind` names, evaluate held out, write the report; what `veriloop
train` runs after its pre-flight checks and under its run lock.

    policy = build_policy(cfg)                      # the model trained in place
    trainer = RLTrainer(cfg, root, policy, rollout_policy=build_engine(cfg, policy, root))
    trainer.setup(env, grader)                      # env, grader = build_env(cfg), build_grader
    trainer.train()                                 # step() ... save() ... (held-out eval)
    write_report(root)

SFT, DPO and RFT (offline data) get the held-out evaluation before and after training from
here (`heldout_summary`, logged into the run's metrics); RL evaluates inside its loop, through
the same `veriloop.eval.heldout.evaluate_heldout`.
"""

from __future__ import annotations

import json
import os
import pickle
import time
from pathlib import Path
from typing import Any

from veriloop.algorithms.advantages import needs_critic
from veriloop.errors import UserError
from veriloop.eval.heldout import log_heldout
from veriloop.eval.report import write_report
from veriloop.policy import Policy
from veriloop.progress import episodes, heartbeat
from veriloop.run.build import (
    BUILDERS,
    build_engine,
    build_env,
    build_grader,
    build_policy,
    build_tracker,
    opened_env,
)
from veriloop.run.heldout import heldout_summary
from veriloop.trainers import checkpoint
from veriloop.trainers.common import TrainablePolicy
from veriloop.trainers.config import RunConfig
from veriloop.trainers.distributed import init_from_env, world
from veriloop.trainers.dpo import DPOTrainer
from veriloop.trainers.metrics import eval_metrics
from veriloop.trainers.rft import RFTTrainer
from veriloop.trainers.rl import RLTrainer
from veriloop.trainers.sft import SFTTrainer

OFFLINE: dict[str, type[SFTTrainer | DPOTrainer | RFTTrainer]] = {
    "sft": SFTTrainer, "dpo": DPOTrainer, "rft": RFTTrainer}
"""The trainers of offline data, by `kind`: held-out evaluation before and after, from here."""

Trainer = SFTTrainer | DPOTrainer | RFTTrainer | RLTrainer


def check_ranks(cfg: RunConfig, run_dir: Path | None, ray_address: str | None) -> int:
    """Under a launcher (torchrun: WORLD_SIZE > 1), join the process group; this rank."""
    if int(os.environ.get("WORLD_SIZE", "1")) <= 1:
        return 0
    if cfg.kind != "rl" or cfg.rollout.asynchronous or cfg.rollout.engine != "local" \
            or ray_address is not None:
        raise UserError("several ranks (torchrun) train kind: rl with synchronous rollouts on "
                        "the local engine, without --ray; launch other runs as one process")
    if run_dir is None:
        raise UserError("under torchrun every rank needs the same run directory: give "
                        "--run-dir (or --resume)")
    if cfg.train.parallel == "fsdp" and (cfg.model.lora_rank > 0
                                         or needs_critic(cfg.algorithm.advantage)):
        raise UserError("train.parallel: fsdp shards full fine-tuning without a value head; "
                        "use train.parallel: ddp with LoRA or a critic (gae, turn_gae)")
    return init_from_env()[0]


def check_ray(cfg: RunConfig) -> None:
    """`--ray` runs synchronous RL rollouts on the local engine, with ray installed."""
    from veriloop.trainers.ray_pool import require_ray  # lazy: ray is optional

    require_ray()
    if cfg.kind != "rl":
        raise UserError(f"--ray runs RL rollouts; this config is kind: {cfg.kind}")
    if cfg.rollout.asynchronous or cfg.rollout.engine != "local":
        raise UserError("--ray runs synchronous rollouts on the local engine for now; drop "
                        "--ray, or set rollout.asynchronous=false rollout.engine=local")


def train_run(cfg: RunConfig, root: Path, ray_joined: bool | None = None,
              ray_workers: int | None = None, ray_env_workers: int = 0,
              ray_grader_workers: int = 0) -> dict[str, Any] | None:
    """Train `cfg` into `root`; the summary (None on a rank other than 0, which writes
    nothing). `ray_joined`: None without Ray; else whether this process joined the cluster
    (and so leaves it at the end)."""
    main = world()[0] == 0
    progress = main  # on stderr, so also with --json; off a terminal, plain lines
    with heartbeat(f"{cfg.kind} loading the model", progress):
        policy = build_policy(cfg)
    t0 = time.perf_counter()
    if cfg.kind in OFFLINE:
        summary = _train_offline(cfg, root, policy, progress)
    else:
        summary = _train_rl(cfg, root, policy, progress, ray_joined, ray_workers,
                            ray_env_workers, ray_grader_workers)
    if not main:
        return None
    write_report(root)
    return summary | {"run_dir": str(root), "wall_time_s": time.perf_counter() - t0}


def _train_offline(cfg: RunConfig, root: Path, policy: TrainablePolicy, progress: bool
                   ) -> dict[str, Any]:
    trainer = OFFLINE[cfg.kind](cfg, root, policy, progress=progress, trackers=build_tracker)
    with opened_env(cfg) as env:
        with heartbeat(f"{cfg.kind} setup", progress):  # e.g. generating demonstrations
            if isinstance(trainer, RFTTrainer):
                trainer.setup(env, build_grader(cfg, env))
            else:
                trainer.setup(env)
            resumed = resume(trainer, root)
        before = _eval_before(cfg, trainer, root, progress)
        trainer.train()
    if before is not None:
        after = _heldout(cfg, trainer.policy, "eval after", progress)
        log_heldout(root, {0: before, trainer.step_count: after} if before
                    else {trainer.step_count: after})
    summary: dict[str, Any] = {"kind": cfg.kind, "steps": trainer.step_count,
                               "resumed": resumed, "final_model": str(trainer.paths.model)}
    if isinstance(trainer, DPOTrainer):  # kind dpo
        summary["pairs"] = len(trainer.pairs)
    if isinstance(trainer, RFTTrainer):  # kind rft
        summary["rounds"] = trainer.history
    if not isinstance(trainer, SFTTrainer):  # kind dpo or rft
        trainer.close()
    return summary


def _train_rl(cfg: RunConfig, root: Path, policy: TrainablePolicy, progress: bool,
              ray_joined: bool | None, ray_workers: int | None, ray_env_workers: int,
              ray_grader_workers: int) -> dict[str, Any]:
    rollout_policy = build_engine(cfg, policy, root)
    pool = None
    if ray_joined is not None:
        from veriloop.trainers.ray_pool import RayRolloutPool  # lazy: ray is optional

        pool = RayRolloutPool.start(cfg, ray_workers, root.name, BUILDERS, leave=ray_joined,
                                    env_workers=ray_env_workers,
                                    grader_workers=ray_grader_workers)
    trainer = RLTrainer(cfg, root, policy, rollout_policy=rollout_policy, workers=pool,
                        trackers=build_tracker)
    try:
        with heartbeat("rl setup", progress):
            env = build_env(cfg)
            trainer.setup(env, build_grader(cfg, env))
            resumed = resume(trainer, root)
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
                       ray_env_workers=ray_env_workers, ray_grader_workers=ray_grader_workers,
                       worker_lost_episodes=pool.lost)
    trainer.close()
    return summary


def _heldout(cfg: RunConfig, policy: Policy, description: str, progress: bool
             ) -> dict[str, float]:
    """The held-out evaluation's eval/* metrics, with a bar counting its episodes."""
    total = cfg.env.eval_tasks * cfg.rollout.eval_samples
    with episodes(description, total, progress) as tick:
        return eval_metrics(heldout_summary(cfg, policy, on_trajectory=tick))


def _eval_before(cfg: RunConfig, trainer: Trainer, root: Path,
                 progress: bool) -> dict[str, float] | None:
    """The held-out evaluation before training (kept in eval_before.json so a resumed run logs
    the one from its start); None when `env.eval_tasks` is 0."""
    if not cfg.env.eval_tasks:
        return None
    path = root / "eval_before.json"
    if trainer.step_count:  # resumed: the evaluation from the run's start, if it recorded one
        return json.loads(path.read_text()) if path.exists() else {}
    before = _heldout(cfg, trainer.policy, "eval before", progress)
    path.write_text(json.dumps(before))
    return before


def resume(trainer: Trainer, root: Path) -> bool:
    """`trainer.resume()`; a checkpoint that passed the pre-flight checks but does not load
    (damaged tensors, another model's weights) is a user error naming it."""
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
