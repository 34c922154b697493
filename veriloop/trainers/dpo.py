"""DPO on trajectories (`kind: dpo`): preference pairs from the policy's own attempts.

1. Data: trajectories from a store (`dpo.store`) or sampled once into this run's store (run id
   `dpo-samples`: `dpo.samples` rollouts of each of `dpo.tasks` training tasks by the initial
   model, at `dpo.temperature`; with `dpo.pairing: branch` also `dpo.samples` branches of each
   task's first sample at turn `dpo.branch_turn`; a resumed run reads them back). Pairs come
   from `veriloop.data.preferences` (grade: better/worse by grade on the same task; branch:
   only pairs that share the turns before `dpo.branch_turn`).
2. Sequences are each trajectory's exact token ids (rendered again only if another tokenizer
   produced them, as SFT does), cut after the last policy token; a trajectory whose history was
   rewritten by context management (several contexts) is not paired.
3. The reference is the initial model: its sequence log-probabilities are computed once in
   `setup` (and kept in every checkpoint, since the model moves).
4. Each step packs `dpo.pairs_per_step` pairs (chosen and rejected of a pair share their prompt,
   which packing lays out once), sums the policy-token log-probabilities of each sequence
   (`algorithms.dpo.sequence_logprobs`) and takes the DPO loss (`algorithms.dpo.dpo_loss`).
"""

from __future__ import annotations

import random
import time
from collections.abc import Iterable
from pathlib import Path
from typing import Any

import torch

from veriloop.algorithms.dpo import dpo_loss, sequence_logprobs
from veriloop.data.preferences import Pair, branch_rollouts, grade_pairs
from veriloop.data.store import TrajectoryStore
from veriloop.envs.base import Environment
from veriloop.errors import ConfigError
from veriloop.policy import Policy
from veriloop.rollout.runner import RolloutRunner
from veriloop.trainers import checkpoint
from veriloop.trainers.batch import forward_logprobs, pack, policy_end
from veriloop.trainers.common import (
    RunPaths,
    TrainablePolicy,
    apply_lora,
    autocast_dtype,
    build_optimizer,
    grad_norm_clip,
    seed_everything,
    train_to_end,
    training_tasks,
    warmup_schedule,
)
from veriloop.trainers.config import RunConfig, save_config
from veriloop.trainers.sft import SFTTrainer, as_demonstration
from veriloop.trainers.trackers import TrackerOpener
from veriloop.types import Trajectory

SAMPLES_RUN = "dpo-samples"


def sample_trajectories(cfg: RunConfig, env: Environment, policy: Policy,
                        store: TrajectoryStore) -> list[Trajectory]:
    """`dpo.samples` rollouts of `dpo.tasks` training tasks of `env` (the run's) by `policy`
    (with pairing branch, also `dpo.samples` branches of each task's first sample at
    `dpo.branch_turn`), graded and stored."""
    d = cfg.dpo
    tasks = training_tasks(cfg, env, d.tasks, seed=cfg.env.task_seed)
    rc = cfg.rollout.model_copy(update={
        "group_size": d.samples, "temperature": d.temperature, "run_id": SAMPLES_RUN,
        "seed": cfg.train.seed})
    trajs = RolloutRunner(env, policy, rc).run(tasks)
    if d.pairing == "branch":
        firsts = [t for t in trajs if t.sample_index == 0]
        trajs += branch_rollouts(env, policy, firsts, tasks, d.branch_turn, d.samples,
                                 rc.model_copy(update={"seed": cfg.train.seed + 1}))
    store.append_many(trajs, step=0)
    return trajs


def pair_sequence(traj: Trajectory) -> tuple[list[int], list[int]] | None:
    """A trajectory's one token-exact context cut after its last policy token, or None."""
    ctxs = traj.contexts()
    if len(ctxs) != 1 or sum(ctxs[0].loss_mask) == 0:
        return None
    n = policy_end(ctxs[0].loss_mask)
    return list(ctxs[0].token_ids[:n]), list(ctxs[0].loss_mask[:n])


class DPOTrainer:
    """setup(env) -> step() ... -> save(); resume() continues a killed run exactly."""

    def __init__(self, cfg: RunConfig, run_dir: str | Path, policy: TrainablePolicy,
                 progress: bool = True, trackers: TrackerOpener | None = None) -> None:
        """`trackers` opens the run's experiment trackers when training starts
        (`veriloop.run.build.build_tracker`; None: no trackers)."""
        self.cfg = cfg
        self.paths = RunPaths(Path(run_dir))
        self.policy = policy
        self.progress = progress
        self.trackers = trackers
        self.step_count = 0

    def setup(self, env: Environment | None = None) -> None:
        """Load or sample the preference pairs and take the reference log-probabilities. `env`
        (the run's, `veriloop.run.build.build_env`) is needed only to sample; with `dpo.store`
        it may be None."""
        cfg, d = self.cfg, self.cfg.dpo
        self.env = env
        self.paths.root.mkdir(parents=True, exist_ok=True)
        seed_everything(cfg.train.seed)
        self.model = apply_lora(self.policy.model, cfg.model)
        if self.model is not self.policy.model:
            self.policy.set_model(self.model)
        self.store = TrajectoryStore(self.paths.store)
        self.pairs, self.sequences = self._load_pairs()
        order = list(range(len(self.pairs)))
        self.schedule: list[list[int]] = []
        for e in range(d.epochs):
            random.Random(f"{cfg.train.seed}:dpo:{e}").shuffle(order)
            self.schedule += [order[i:i + d.pairs_per_step]
                              for i in range(0, len(order), d.pairs_per_step)]
        self.total_steps = len(self.schedule)
        self.ref = self.sequence_logprobs(range(len(self.sequences)))  # [2P] initial model
        self.optimizer = build_optimizer([p for p in self.model.parameters() if p.requires_grad],
                                         d.lr, cfg.optim.weight_decay, cfg.optim.betas)
        self.scheduler = warmup_schedule(self.optimizer, d.warmup_steps, self.total_steps)
        save_config(cfg, self.paths.config)

    def _load_pairs(self) -> tuple[list[Pair], list[tuple[list[int], list[int]]]]:
        d = self.cfg.dpo
        if d.store:
            with TrajectoryStore(d.store) as src:
                trajs = src.query(infra_error=False)
            trajs = [as_demonstration(t, self.policy.renderer) for t in trajs]
        elif self.store.count(run_id=SAMPLES_RUN):
            trajs = self.store.query(run_id=SAMPLES_RUN)  # resumed: the same samples
        elif self.env is None:
            raise ValueError("DPOTrainer.setup(env): sampling pairs needs the run's environment "
                             "(veriloop.run.build.build_env(cfg))")
        else:
            was_training = self.model.training
            self.model.eval()
            trajs = sample_trajectories(self.cfg, self.env, self.policy, self.store)
            self.model.train(was_training)
        pairs = grade_pairs(trajs, d.min_margin, d.max_pairs_per_task,
                            d.branch_turn if d.pairing == "branch" else 0)
        kept, seqs = [], []
        for p in pairs:
            c, r = pair_sequence(p.chosen), pair_sequence(p.rejected)
            if c is not None and r is not None:
                kept.append(p)
                seqs += [c, r]  # sequence 2i is pair i's chosen, 2i + 1 its rejected
        if not kept:
            raise ConfigError(f"no preference pairs among {len(trajs)} trajectories (every task's "
                              "samples graded alike); sample more (dpo.samples, dpo.tasks, "
                              "dpo.temperature) or lower dpo.min_margin")
        self.model.train()
        return kept, seqs

    def sequence_logprobs(self, idx: Iterable[int]) -> torch.Tensor:
        """Summed policy-token log-probabilities of sequences `idx` under the current model
        (no gradient; the reference when called before training): [n]."""
        idx = list(idx)
        out = torch.zeros(len(idx))
        step = 2 * self.cfg.dpo.pairs_per_step
        was_training = self.model.training
        self.model.eval()
        with torch.no_grad():
            for s in range(0, len(idx), step):
                out[s:s + step] = self._forward(idx[s:s + step])
        self.model.train(was_training)
        return out

    def _forward(self, idx: list[int]) -> torch.Tensor:
        packed = pack([self.sequences[i][0] for i in idx], [self.sequences[i][1] for i in idx],
                      self.cfg.sft.pack_length)
        out = forward_logprobs(self.model, packed, policy_only=True,
                               autocast=autocast_dtype(self.cfg.train.precision, self.model))
        return sequence_logprobs(out.logprobs, packed.loss_mask)  # [n]

    def step(self) -> dict[str, float]:
        t0 = time.perf_counter()
        pairs = self.schedule[self.step_count]
        idx = [j for i in pairs for j in (2 * i, 2 * i + 1)]
        lp = self._forward(idx)  # [2p]
        ref = self.ref[idx]  # [2p]
        loss, st = dpo_loss(lp[0::2], lp[1::2], ref[0::2], ref[1::2], self.cfg.dpo.beta,
                            self.cfg.dpo.label_smoothing)
        self.optimizer.zero_grad(set_to_none=True)
        loss.backward()
        gnorm = grad_norm_clip([p for p in self.model.parameters() if p.requires_grad],
                               self.cfg.optim.grad_clip)
        self.optimizer.step()
        self.scheduler.step()
        self.step_count += 1
        return {**st._asdict(), "grad_norm": gnorm, "pairs": len(pairs),
                "lr": self.scheduler.get_last_lr()[0], "seconds": time.perf_counter() - t0}

    def train(self) -> list[dict[str, Any]]:
        return train_to_end(self, "dpo", self.cfg.train.save_every)

    def save(self) -> Path:
        return checkpoint.save(self.paths.root, self.step_count, self.model, self.optimizer,
                               self.scheduler, {"kind": "dpo"}, {"ref": self.ref.tolist()},
                               keep=self.cfg.train.keep_checkpoints,
                               tokenizer=getattr(self.policy, "tokenizer", None))

    def resume(self) -> bool:
        checkpoint.remove_partial(self.paths.root)
        ckpt = checkpoint.latest(self.paths.root)
        if ckpt is None:
            return False
        state, extra = checkpoint.load(ckpt, self.model, self.optimizer, self.scheduler)
        self.step_count = int(state["step"])
        self.ref = torch.tensor(extra["ref"])
        return True

    save_final = SFTTrainer.save_final  # the same final-model layout as SFT (LoRA merged)

    def close(self) -> None:
        self.store.close()
