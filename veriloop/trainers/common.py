"""Builders shared by the trainers: policy loading, LoRA, optimizer and schedule, seeding, the
shuffled task sampler with a resumable position (or the level curriculum a config selects),
run-directory layout, and the supervised trainers' step loop. The environment,
grader and trackers are not built here: the run layer (`veriloop.run.build`) builds them and
hands them to the trainers (`Builders` names its functions for the Ray actors)."""

from __future__ import annotations

import math
import random
import shutil
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any, Protocol

import numpy as np
import torch

from veriloop.data.curriculum import LevelCurriculum
from veriloop.data.task_files import read_task_files
from veriloop.data.task_selection import Profiler, SelectiveSampler
from veriloop.envs.base import Environment
from veriloop.graders.base import Grader
from veriloop.models.isa import announce, native_bf16
from veriloop.policies import load_policy
from veriloop.policy import Policy
from veriloop.trainers.config import ModelConfig, RunConfig
from veriloop.trainers.metrics import MetricsLogger
from veriloop.trainers.trackers import TrackerOpener
from veriloop.types import SavableTokenizer, Task, Trajectory


@dataclass(frozen=True)
class RunPaths:
    root: Path

    @property
    def config(self) -> Path:
        return self.root / "config.yaml"

    @property
    def store(self) -> Path:
        return self.root / "trajectories.sqlite"

    @property
    def model(self) -> Path:
        """The final model (a Hugging Face directory) once the run finished."""
        return self.root / "final"

    @property
    def report(self) -> Path:
        return self.root / "report.html"


def training_tasks(cfg: RunConfig, env: Environment, n: int, seed: int) -> list[Task]:
    """`n` training-split tasks of the environment (seed `seed`, `env.difficulty`), then every
    task of the `env.extra_train_tasks` files (checked by `read_task_files`). With `n` 0 the
    files are the whole pool and the environment's generator is not asked at all (not every
    task source takes 0)."""
    tasks = list(env.tasks(n, seed=seed, split="train", difficulty=cfg.env.difficulty)) \
        if n > 0 else []
    tasks.extend(read_task_files([Path(p) for p in cfg.env.extra_train_tasks], cfg.env.name,
                                 check=getattr(env, "check_task", None)))
    return tasks


def seed_everything(seed: int) -> None:
    random.seed(seed)
    np.random.seed(seed % (1 << 32))
    torch.manual_seed(seed)


def policy_from_config(model_cfg: ModelConfig, init: str | Path | None = None) -> Any:
    """The model-backed policy a trainer trains in place (float32 on `model_cfg.device`): `init`
    (a model directory or a finished run directory) if given, else `model_cfg.name` (the embedded
    tiny model at `size`/`seed`, or any `veriloop.policies.load_policy` spec)."""
    local = {"device": model_cfg.device, "dtype": "float32"}
    if init is not None:
        policy = load_policy(str(init), **local)
    elif model_cfg.name == "tiny":
        policy = load_policy("tiny", size=model_cfg.size, seed=model_cfg.seed, **local)
    else:
        policy = load_policy(model_cfg.name, **local)
    sampler = getattr(policy, "sampler", None)
    if sampler is not None:
        dtype = autocast_dtype(model_cfg.decode_precision, sampler.model, "rollout decoding")
        if dtype is not None:
            sampler.set_decode_dtype(dtype)
    return policy


class TrainablePolicy(Policy, Protocol):
    """A policy whose model a trainer updates in place (the hf and tiny backends): `model` is
    the module it samples with, `set_model` swaps in the trained one (LoRA-wrapped, merged)."""

    model: torch.nn.Module

    def set_model(self, model: torch.nn.Module) -> None: ...


@dataclass(frozen=True)
class Builders:
    """How a run builds its components from its config: `veriloop.run.build`'s `build_env`,
    `build_grader` and `build_policy` (`veriloop.run.build.BUILDERS`). The run layer builds the
    trainer's own components and hands them over; it hands these functions to the processes
    that must rebuild the same components themselves (Ray rollout, environment and grader
    actors), which cannot import the run layer above them."""

    env: Callable[[RunConfig], Environment]
    grader: Callable[[RunConfig, Environment], Grader]
    policy: Callable[[RunConfig], TrainablePolicy]


def apply_lora(model: torch.nn.Module, cfg: ModelConfig) -> torch.nn.Module:
    """Inject LoRA adapters in place (peft); the returned PeftModel shares the base modules, so
    a sampler holding the base model sees the adapters too."""
    if cfg.lora_rank <= 0:
        return model
    from peft import LoraConfig, get_peft_model  # lazy: peft loads transformers; LoRA only

    # peft annotates lora_alpha as int; it only scales, so the config's float is kept
    lcfg = LoraConfig(r=cfg.lora_rank, lora_alpha=cfg.lora_alpha,  # type: ignore[arg-type]
                      target_modules=list(cfg.lora_targets), lora_dropout=0.0, bias="none")
    return get_peft_model(model, lcfg)


def autocast_dtype(precision: str, model: torch.nn.Module,
                   purpose: str = "training") -> torch.dtype | None:
    """The autocast dtype of `train.precision` (or `model.decode_precision`) for `model` (None:
    float32 as it is); `auto` takes bf16 only where it is native, and logs its choice once."""
    param = next(model.parameters())
    if precision == "fp32" or param.dtype != torch.float32:
        return None
    if precision == "bf16":
        return torch.bfloat16
    dtype = torch.bfloat16 if native_bf16(param.device) else None
    announce(purpose, dtype, param.device.type)
    return dtype


def build_optimizer(params: Iterable[torch.nn.Parameter], lr: float, weight_decay: float,
                    betas: tuple[float, float] = (0.9, 0.99)) -> torch.optim.Optimizer:
    return torch.optim.AdamW([p for p in params if p.requires_grad], lr=lr, betas=betas,
                             weight_decay=weight_decay)


def warmup_schedule(optimizer: torch.optim.Optimizer, warmup: int, total: int | None = None,
                    floor: float = 0.1) -> torch.optim.lr_scheduler.LambdaLR:
    """Linear warm-up; then constant (total None) or cosine decay to `floor` × lr by `total`."""

    def factor(step: int) -> float:
        if warmup > 0 and step < warmup:
            return (step + 1) / warmup
        if total is None or total <= warmup:
            return 1.0
        progress = min(1.0, (step - warmup) / max(1, total - warmup))
        return floor + (1 - floor) * 0.5 * (1 + math.cos(math.pi * progress))

    return torch.optim.lr_scheduler.LambdaLR(optimizer, factor)


class TaskSampler:
    """Cycles through a task pool in shuffled epochs; `position` (tasks handed out so far) is
    the whole state, so a resumed run continues with exactly the next task, also across an epoch
    boundary.

    `stratify_by` (a `Task.metadata` key, e.g. BFCL's `category`) spreads each stratum evenly
    over the epoch: every stratum is shuffled, and its j-th of n tasks goes to the epoch's
    fraction (j + u) / n (u uniform in [0, 1), one per stratum and epoch), so any run of
    consecutive draws holds the strata in about their pool shares. A plain shuffle lets a step
    of a few prompts draw one kind of task only: on BFCL, steps of 4 prompts without an
    irrelevance task pushed the call/no-call choice one way, those with two the other, and
    held-out irrelevance swung by 19 points between two runs' last steps."""

    def __init__(self, tasks: Sequence[Task], seed: int, position: int = 0,
                 stratify_by: str | None = None) -> None:
        if not tasks:
            raise ValueError("the task pool is empty")
        self.tasks = list(tasks)
        self.seed = seed
        self.position = position
        self.stratify_by = stratify_by
        if stratify_by is not None and any(stratify_by not in t.metadata for t in self.tasks):
            raise ValueError(f"curriculum.stratify_by is {stratify_by!r}, but some tasks have "
                             f"no such metadata key; use a key every task of the environment "
                             f"carries (e.g. category), or curriculum.kind: none")
        self._orders: dict[int, list[int]] = {}

    def _order(self, epoch: int) -> list[int]:
        if epoch in self._orders:
            return self._orders[epoch]
        rng = random.Random(f"{self.seed}:{epoch}")
        order = list(range(len(self.tasks)))
        rng.shuffle(order)
        if self.stratify_by is not None:
            strata: dict[str, list[int]] = {}
            for i in order:
                strata.setdefault(str(self.tasks[i].metadata[self.stratify_by]), []).append(i)
            keyed: list[tuple[float, str, int]] = []
            for name in sorted(strata):
                members, u = strata[name], rng.random()
                keyed.extend(((j + u) / len(members), name, i) for j, i in enumerate(members))
            order = [i for _, _, i in sorted(keyed)]
        self._orders = {epoch: order}  # one epoch at a time: the pool may be large
        return order

    def next(self, n: int) -> list[Task]:
        out = []
        for _ in range(n):
            epoch, i = divmod(self.position, len(self.tasks))
            out.append(self.tasks[self._order(epoch)[i]])
            self.position += 1
        return out

    @property
    def epoch(self) -> int:
        return self.position // len(self.tasks)

    def observe(self, trajectories: Sequence[Trajectory]) -> bool:
        """Outcomes do not change a uniform sampler (the curriculum's hook); never advances."""
        return False

    def metrics(self) -> dict[str, float]:
        return {"sampler_epoch": self.epoch}

    def state_dict(self) -> dict[str, Any]:
        return {"position": self.position}

    def load_state_dict(self, state: dict[str, Any]) -> None:
        self.position = int(state["position"])


Sampler = TaskSampler | LevelCurriculum | SelectiveSampler  # a run's source of training tasks


def task_sampler(cfg: RunConfig, pool: Sequence[Task], profile: Profiler | None = None
                 ) -> Sampler:
    """The training task sampler `cfg.curriculum` and `cfg.selection` select, seeded by
    `train.seed`: shuffled epochs over the pool, the level curriculum (curriculum.kind levels),
    or the pool filtered by pass rate / ranked by reward variance (selection.kind), whose
    estimates come from `profile` (k rollouts per task with the current policy)."""
    c, s = cfg.curriculum, cfg.selection
    if s.kind != "none":
        return SelectiveSampler(list(pool), cfg.train.seed, profile, s.kind, s.samples,
                                s.min_pass, s.max_pass, s.top_k, s.refresh_every)
    if c.kind in ("none", "stratified"):
        return TaskSampler(pool, cfg.train.seed,
                           stratify_by=c.stratify_by if c.kind == "stratified" else None)
    return LevelCurriculum(pool, cfg.train.seed, start_level=c.start_level,
                           threshold=c.threshold, window=c.window, easy_share=c.easy_share,
                           next_share=c.next_share)


def restore_sampler(sampler: Sampler,
                    trainer_state: dict[str, Any]) -> None:
    """Load a checkpoint's sampler state (`sampler`; before curricula a checkpoint held only
    `sampler_position`)."""
    state = trainer_state.get("sampler") or {"position": trainer_state["sampler_position"]}
    sampler.load_state_dict(state)


def save_model(model: torch.nn.Module, tokenizer: SavableTokenizer | None, out: Path) -> Path:
    """`model` (and `tokenizer`, if any) as a plain Hugging Face directory at `out`: written
    to a temporary sibling and renamed into place, so `out` is never half-written."""
    tmp = out.with_name(out.name + ".tmp")
    shutil.rmtree(tmp, ignore_errors=True)
    model.save_pretrained(tmp)  # type: ignore[operator]  # HF/peft method
    if tokenizer is not None:
        tokenizer.save_pretrained(tmp)
    shutil.rmtree(out, ignore_errors=True)
    tmp.rename(out)
    return out


def grad_norm_clip(params: Sequence[torch.nn.Parameter], max_norm: float) -> float:
    params = [p for p in params if p.grad is not None]
    if not params:
        return 0.0
    if max_norm > 0:
        return float(torch.nn.utils.clip_grad_norm_(params, max_norm))
    grads = [p.grad for p in params if p.grad is not None]
    dev = grads[0].device  # a CPU value head beside a GPU model: norms on one device
    return float(torch.linalg.vector_norm(torch.stack([g.norm().to(dev) for g in grads])))


class SupervisedTrainer(Protocol):
    """What `train_to_end` drives (SFTTrainer, DPOTrainer)."""

    cfg: RunConfig
    paths: RunPaths
    step_count: int
    total_steps: int
    progress: bool
    trackers: TrackerOpener | None  # opens the run's experiment trackers (None: none)

    def step(self) -> dict[str, float]: ...
    def save(self) -> Path: ...
    def save_final(self) -> Path: ...


def train_to_end(trainer: SupervisedTrainer, kind: str, save_every: int
                 ) -> list[dict[str, Any]]:
    """The step loop of the supervised trainers (SFT, DPO): from `trainer.step_count` to
    `trainer.total_steps`, each step's metrics logged, a checkpoint every `save_every` steps
    (0: only at the end), then the last checkpoint and the final model; returns this call's
    metrics rows."""
    opener = trainer.trackers
    logger = MetricsLogger(trainer.paths.root, trainer.total_steps, trainer.step_count, kind,
                           trainer.progress,
                           trackers=[opener(trainer.cfg, trainer.paths.root)] if opener else [])
    rows = []
    try:
        while trainer.step_count < trainer.total_steps:
            m = trainer.step()
            logger.log(trainer.step_count, m)
            rows.append({"step": trainer.step_count, **m})
            if save_every and trainer.step_count % save_every == 0 \
                    and trainer.step_count < trainer.total_steps:
                trainer.save()
    finally:
        logger.close()
    trainer.save()
    trainer.save_final()
    return rows
