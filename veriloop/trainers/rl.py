"""The on-policy RL trainer: rollout groups -> grade -> advantages -> clipped updates.

One `step()`, a straight line that `examples/reference_rl.py` mirrors (a test keeps their
updates equal):
1. `rollout`: draw `rollout.prompts_per_step` tasks from the shuffled pool and roll out
   `group_size` samples of each with the current policy (the runner grades them), as
   `veriloop.types.Group`s; with dynamic sampling, groups whose rewards are all equal are
   dropped and more are drawn (bounded);
2. `reward`: each group's rewards = grade score + shaping (overlong penalty, length/step cost,
   event rewards; `Shaping.shaped`);
3. `make_batch`: rollouts with infrastructure faults are excluded from baselines and updates, and
   counted. Advantages come from the configured estimator (`rl_batch.Credit`): a group baseline
   per sequence (grpo, dr_grpo, rloo, reinforce_pp; optionally difficulty-weighted), one per
   turn (turn_grpo, subgoal_slice, gigpo) or, when the trainer holds a critic (PPO), per token
   from its values (gae; turn_gae with each turn's reward on its last token). The batch also
   holds what the update keeps fixed: the *sampling* logprobs as the old policy and the
   reference logprobs for the KL;
4-5. `update`: the loss and optimizer steps, `optim.epochs` passes of minibatches
   (accumulated micro-batches) of the clipped policy-gradient loss, optional KL penalty to the
   initial policy, entropy bonus and value loss;
   sequences whose every advantage is 0 skip the forward where the loss ignores them;
6. log: the step's metrics (rollouts, task sampler, staleness, flat groups, update, timings).

Step 1 is the `RolloutSource` the trainer builds at setup (`veriloop.trainers.rl_rollouts`).
With `rollout.asynchronous` it takes finished groups from a background producer
(`veriloop.rollout.producer`) that samples from a copy of the weights, at most
`rollout.max_staleness` updates old, and each update is copied into that copy (`publish`);
the sampling logprobs are then the behaviour policy and `algorithm.off_policy` picks the
correction (`losses.OFF_POLICY`; `decoupled` adds the proximal logprobs, this model's before the
update, to the batch). Under an initialised torch.distributed group the ranks share the
micro-batches of `update` and sum gradients (`veriloop.trainers.distributed`), or train FSDP
shards of a copy that syncs into the model (`train.parallel: fsdp`). With `workers`
(Ray rollout actors, `veriloop.trainers.ray_pool`), step 1 and the evaluations run on them, with
the weights published after every update.

The trainer is built from parts: the policy, the rollout source (environment, grader, task
sampler), the batch maker (`veriloop.trainers.rl_batch`: step 2), the objective
(`veriloop.algorithms.policy_losses`: policy-gradient, value, entropy and KL terms) and a critic
(`veriloop.trainers.rl_batch.build_critic`: None for critic-free estimators). Every loss,
advantage and shaping variant is a registry entry or pure function of `veriloop.algorithms`;
the trainer has no per-algorithm branches. Trajectories are appended to the run's store when a
checkpoint that covers their step is complete (they are also kept inside that checkpoint), and a
resume deletes the stored steps after its checkpoint, so a run killed at any point and resumed
from any checkpoint stores each step exactly once.
"""

from __future__ import annotations

import copy
import dataclasses
import sys
import time
from collections import defaultdict
from collections.abc import Callable, Sequence
from pathlib import Path
from typing import Any

import torch

from veriloop.algorithms.entropy import AdaptiveEntropy
from veriloop.algorithms.policy_losses import Objective
from veriloop.algorithms.shaping import Shaping
from veriloop.data.store import TrajectoryStore
from veriloop.envs.base import Environment
from veriloop.eval.heldout import evaluate_heldout
from veriloop.graders.base import Grader
from veriloop.graders.group import group_scorer
from veriloop.policy import Policy
from veriloop.trainers import checkpoint
from veriloop.trainers.batch import ForwardOut, Packed, TrainBatch
from veriloop.trainers.common import (
    RunPaths,
    Sampler,
    TrainablePolicy,
    apply_lora,
    autocast_dtype,
    build_optimizer,
    restore_sampler,
    save_model,
    seed_everything,
    task_sampler,
    training_tasks,
    warmup_schedule,
)
from veriloop.trainers.config import RunConfig, save_config
from veriloop.trainers.distributed import world
from veriloop.trainers.hints import Hints
from veriloop.trainers.metrics import (
    MetricsLogger,
    eval_metrics,
    rollout_metrics,
    staleness_metrics,
    timing_metrics,
)
from veriloop.trainers.no_signal import NoSignalWatch, flat_share
from veriloop.trainers.parallel import make_parallel
from veriloop.trainers.ray_pool import RayRolloutPool
from veriloop.trainers.rl_batch import BatchMaker, build_credit, build_critic
from veriloop.trainers.rl_rollouts import Drawn, RolloutSource, TimedGrader
from veriloop.trainers.teacher import build_teacher
from veriloop.trainers.trackers import TrackerOpener
from veriloop.types import Group, Task, Trajectory


class RLTrainer:
    """setup(env, grader) -> step() ... with save() every `train.save_every`; resume() continues
    exactly."""

    def __init__(self, cfg: RunConfig, run_dir: str | Path, policy: TrainablePolicy,
                 rollout_policy: Policy | None = None,
                 workers: RayRolloutPool | None = None,
                 trackers: TrackerOpener | None = None) -> None:
        """`policy` holds the model trained in place; `rollout_policy` (e.g. a
        `veriloop.policies.vllm.VLLMPolicy` of the same model) samples instead, and receives
        the weights after every update (`load_weights`). `workers` (e.g. a
        `veriloop.trainers.ray_pool.RayRolloutPool`) runs the synchronous rollouts and
        evaluations in other processes instead, and receives the weights likewise. `trackers`
        opens the run's experiment trackers when training starts
        (`veriloop.run.build.build_tracker`; None: no trackers)."""
        self.cfg = cfg
        self.paths = RunPaths(Path(run_dir))
        self.policy = policy
        self.rollout_policy = rollout_policy
        self.workers = workers
        self.trackers = trackers
        self.run_id = self.paths.root.name
        self.main = world()[0] == 0  # the process that writes (rank 0 of a torchrun job)
        self.step_count = 0

    # -- setup ------------------------------------------------------------------------------

    def setup(self, env: Environment, grader: Grader) -> None:
        """Build the training state over `env` and `grader` (the run's, as
        `veriloop.run.build` builds them: `build_env`, `build_grader`)."""
        cfg = self.cfg
        self.paths.root.mkdir(parents=True, exist_ok=True)
        seed_everything(cfg.train.seed)
        if cfg.train.threads:
            torch.set_num_threads(cfg.train.threads)
        grader = TimedGrader(grader)
        pool = training_tasks(cfg, env, cfg.env.train_tasks, seed=cfg.env.task_seed)
        # shuffled epochs, a level curriculum, or a pass-rate / variance selection
        sampler = task_sampler(cfg, pool, profile=self._profile)
        self.eval_tasks = env.tasks(cfg.env.eval_tasks, seed=cfg.env.task_seed, split="test",
                                    difficulty=cfg.env.difficulty)
        a = cfg.algorithm
        self.objective = Objective(a, cfg.rollout.max_new_tokens, cfg.train.seed)
        self.entropy_control = (AdaptiveEntropy(a.target_entropy, a.entropy_delta,
                                                a.entropy_max_coef, kind=a.entropy_controller)
                                if a.target_entropy is not None else None)
        self.shaping = Shaping(a.length_cost, a.step_cost, a.overlong_max, a.overlong_cache,
                               dict(a.event_weights), group_scorer(cfg.grader))
        self.model = apply_lora(self.policy.model, cfg.model)
        if self.model is not self.policy.model:  # LoRA: sample through the adapters
            self.policy.set_model(self.model)
        hints = None if cfg.hints.fraction <= 0 else Hints(cfg.hints, env, grader,
                                                           self.policy.renderer, cfg.rollout)
        self.rollouts = RolloutSource(cfg, env, grader, sampler, self.policy, self.shaping,
                                      self.run_id, self.rollout_policy, self.workers, hints)
        self.model.train()
        hidden = self.model.config.hidden_size  # type: ignore[union-attr]  # HF config's int
        self.critic = build_critic(a, hidden)  # type: ignore[arg-type]  # None: group baselines
        self.credit = build_credit(a) if self.critic is None else None
        self.parallel = make_parallel(cfg.train.parallel, self.model)  # ddp, or FSDP shards
        self.params = self.parallel.parameters(self.model)
        self.params += self.critic.parameters() if self.critic is not None else []
        self.ref_model = None
        if a.needs_reference and cfg.model.lora_rank <= 0:
            self.ref_model = copy.deepcopy(self.model).eval().requires_grad_(False)
        teacher = None if a.distill_teacher is None else build_teacher(
            a.distill_teacher, getattr(self.policy, "tokenizer", None), cfg.model.device)
        self.batches = BatchMaker(cfg, self.model, self.shaping, self.credit, self.critic,
                                  self.ref_model, self.objective.off_policy.needs_proximal,
                                  self._forward, self.parallel.grouped, teacher)
        self.optimizer = build_optimizer(self.params, cfg.optim.lr, cfg.optim.weight_decay,
                                         cfg.optim.betas)
        self.scheduler = warmup_schedule(self.optimizer, cfg.optim.warmup_steps)
        self.store = TrajectoryStore(self.paths.store)
        self.pending = checkpoint.PendingTrajectories(self.store, self.run_id)
        self.no_signal = NoSignalWatch()  # consecutive flat steps (checkpointed)
        if self.workers is not None:
            self.workers.load_weights(self.model, self.step_count)
        if self.main:  # last: a failed setup can be retried in place
            save_config(cfg, self.paths.config)

    @property
    def env(self) -> Environment:
        """The environment, grader and task sampler live in `rollouts`."""
        return self.rollouts.env

    @property
    def grader(self) -> TimedGrader:
        return self.rollouts.grader

    @property
    def sampler(self) -> Sampler:
        return self.rollouts.sampler

    def _profile(self, tasks: Sequence[Task], k: int, round_: int) -> list[Trajectory]:
        """k rollouts of each task with the current policy (task selection's estimates)."""
        was_training = self.model.training
        self.model.eval()
        try:
            return self.rollouts.runner(self.step_count + 1, 10_000 + round_, self.step_count,
                                        group_size=k).run(tasks)
        finally:
            self.model.train(was_training)

    def rewards(self, trajs: Sequence[Trajectory]) -> torch.Tensor:
        """Grade score (or its group score) plus configured shaping; [N]."""
        return self.shaping.rewards_by_group(trajs)

    # -- the step ---------------------------------------------------------------------------

    def step(self) -> dict[str, float]:
        """One RL step, mirrored line for line by `examples/reference_rl.py`'s `rl_step`."""
        step = self.step_count + 1
        self.grader.set_step(step)
        self.grader.seconds = 0.0
        t0 = time.perf_counter()
        drawn = self.rollout(step)  # 1. rollout: `group_size` graded samples of each task
        t_rollout = time.perf_counter() - t0
        groups = self.reward(drawn.groups)  # 2. grade: the shaped rewards they train on
        # before the update: an asynchronous producer draws from the sampler meanwhile
        metrics = self.step_metrics(drawn, groups, step)
        t1 = time.perf_counter()
        self.model.train()
        batch = self.make_batch(groups, step) if groups else None  # 3. advantages, fixed inputs
        batch_s = time.perf_counter() - t1
        # 4-5. loss and optimizer steps (minibatches of micro-batches, `optim.epochs` passes)
        trained = self.update(batch, step) if batch is not None else {}
        self.rollouts.publish(self.model, step)  # the next rollouts sample the new weights
        t_train = time.perf_counter() - t1
        self.step_count = step
        if self.main:
            self.pending.add(step, drawn.every)  # stored once a checkpoint covers the step
        # 6. log
        metrics.update(trained, batch_s=batch_s,
                       lr=float(self.scheduler.get_last_lr()[0]))
        metrics.update(timing_metrics(drawn.every, t_rollout, t_train, self.grader.seconds,
                                      time.perf_counter() - t0))
        return metrics

    def rollout(self, step: int) -> Drawn:
        """The step's groups to train on, every rollout drawn and the groups dynamic sampling
        dropped (`veriloop.trainers.rl_rollouts`)."""
        self.model.eval()
        return self.rollouts.draw(step, self.model)

    def reward(self, groups: Sequence[Group]) -> list[Group]:
        """Each group with its shaped rewards (grade or group score + configured shaping)."""
        return [self.shaping.shaped(g) for g in groups]

    def make_batch(self, groups: Sequence[Group], step: int = 0) -> TrainBatch | None:
        """Advantages and the update's fixed inputs (`veriloop.trainers.rl_batch`) at training
        `step` (scheduled estimator parameters; 0: unscheduled)."""
        return self.batches(groups, step)

    def step_metrics(self, drawn: Drawn, groups: Sequence[Group], step: int
                     ) -> dict[str, float]:
        """What a step logs about its rollouts, the task sampler and the workers."""
        # the policy's own draws: hinted rollouts (`hint/*`) would inflate the pass rate
        metrics = rollout_metrics([t for t in drawn.every if "hint" not in t.metadata],
                                  self.rewards)
        with self.rollouts.sampler_lock:
            metrics.update(self.sampler.metrics(), dropped_groups=drawn.dropped)
            self.sampler.observe(drawn.every)  # a curriculum may move up a level
        metrics.update(staleness_metrics([g.samples for g in groups], step - 1),
                       stale_dropped=self.rollouts.stale_dropped,
                       flat_groups=flat_share(groups, drawn.dropped))
        metrics.update(self.rollouts.hint_metrics)
        if self.workers is not None:
            metrics.update(self.workers.metrics())
        # optional: what an environment reports about its data (dataset: data/skipped_rows)
        env_metrics = getattr(self.env, "metrics", None)
        if callable(env_metrics):
            metrics.update(env_metrics())
        return metrics

    def _forward(self, packed: Packed, entropy: bool = True):
        grad, slope = self.objective.entropy_bonus, self.objective.entropy_slope and entropy
        return self.parallel.forward(self.model, packed, temperature=self.cfg.rollout.temperature,
                                     entropy=entropy, policy_only=True, entropy_grad=grad,
                                     entropy_slope=slope, autocast=autocast_dtype(
                                         self.cfg.train.precision, self.model))

    def _entropy_coef(self, out: ForwardOut | None = None, mask: torch.Tensor | None = None
                      ) -> float:
        """The fixed entropy_coef, or the adaptive controller's coefficient for the micro-batch
        whose forward is `out` (its policy-token entropy under `mask`)."""
        ctl = self.entropy_control
        if ctl is None:
            return self.cfg.algorithm.entropy_coef
        now = None
        if out is not None and out.entropy is not None and mask is not None and mask.any():
            now = float(out.entropy.detach()[mask > 0].mean())
        return ctl.coef_at(now)

    def update(self, batch: TrainBatch, step: int) -> dict[str, float]:
        """`optim.epochs` passes of minibatches over `batch`, one optimizer step each."""
        o, B = self.cfg.optim, len(batch)
        micro = max(1, min(o.micro_batch_size, o.minibatch_size))
        weight = self.objective.aggregation.micro_weight
        stats: dict[str, list[float]] = defaultdict(list)
        clock = {"forward_s": 0.0, "backward_s": 0.0, "optimizer_s": 0.0}  # where it goes
        gen = torch.Generator().manual_seed(self.cfg.train.seed * 7919 + step)
        self.objective.reseed(self.cfg.train.seed * 7907 + step)
        inert = batch.inert() if self.objective.skips_inert(self.critic, batch) else [False] * B
        blocks = batch.prompt_blocks()
        for _ in range(o.epochs):
            # minibatches of whole groups in a random order: a group's samples stay together,
            # so a micro-batch lays their shared prompt out once (shuffling single samples
            # spread each group over every minibatch: BFCL's update, prompts ~5x the answers,
            # took 111-117 s a step with two minibatches instead of ~45 s with one)
            order = [i for b in torch.randperm(len(blocks), generator=gen).tolist()
                     for i in blocks[b]]
            for m0 in range(0, B, o.minibatch_size):
                mb = sorted(order[m0:m0 + o.minibatch_size])
                micros, packs, total_w = self.batches.micro_batches(batch, mb, micro, weight, inert)
                self.optimizer.zero_grad(set_to_none=True)
                # each rank its share of the micro-batches (dead ones: FSDP's lock-step padding)
                for (mi, packed), live in self.parallel.share([*zip(micros, packs)]):
                    rows = batch.select(mi, packed.loss_mask.shape[1])
                    t = time.perf_counter()
                    loss, st = self.loss(rows, packed)
                    t1 = time.perf_counter()
                    (loss * (weight(packed.loss_mask) / total_w * live)).backward()
                    t2 = time.perf_counter()
                    clock["forward_s"] += t1 - t
                    clock["backward_s"] += t2 - t1
                    for k, v in st.items() if live else ():
                        stats[k].append(v)
                if "ratio_first_minibatch" not in stats:  # sampler/trainer agreement check
                    stats["ratio_first_minibatch"] = list(stats["ratio_mean"])
                t = time.perf_counter()
                stats["grad_norm"].append(self.parallel.reduce_and_clip(self.params, o.grad_clip))
                self.optimizer.step()
                self.scheduler.step()
                clock["optimizer_s"] += time.perf_counter() - t
        self.parallel.sync(self.model)  # FSDP: the sampled and saved model gets the update
        out = {k: sum(v) / len(v) for k, v in stats.items() if v}  # a rank may have none
        out.update(batch.stats, **clock, train_sequences=B, inert_sequences=sum(inert))
        if self.entropy_control is not None and "entropy" in out:
            self.entropy_control = self.entropy_control.update(out["entropy"])
        return out

    def loss(self, rows: TrainBatch, packed: Packed) -> tuple[torch.Tensor, dict[str, float]]:
        """The loss of one micro-batch (`rows` of the batch, laid out as `packed`) and its
        detached statistics (`veriloop.algorithms.policy_losses`)."""
        out = self._forward(packed, entropy=True)
        return self.objective(out, rows, packed.loss_mask,
                              self._entropy_coef(out, packed.loss_mask), self.critic)

    # -- the loop ----------------------------------------------------------------------------

    def train(self, progress: bool = True, heldout: bool = True) -> None:
        """Steps until `train.steps`, checkpointing every `train.save_every` and at the end;
        held-out evaluation (logged as eval/*) every `train.eval_every` steps and, with
        `heldout`, before the first step (as step 0) and after the last (none if
        `env.eval_tasks` is 0)."""
        t = self.cfg.train
        evaluating = bool(self.eval_tasks)
        logger = MetricsLogger(self.paths.root if self.main else None, t.steps, self.step_count,
                               "rl", progress, trackers=[self.trackers(self.cfg, self.paths.root)]
                               if self.main and self.trackers else [])

        def held_out() -> dict[str, float]:
            episodes = len(self.eval_tasks) * self.cfg.rollout.eval_samples
            with logger.episodes("eval", episodes) as tick:
                return eval_metrics(self.evaluate(on_trajectory=tick))

        try:
            if heldout and evaluating and self.step_count == 0:
                logger.log(0, held_out())
            while self.step_count < t.steps:
                m = self.step()
                flags, warning = self.no_signal.observe(m["flat_groups"])
                m.update(flags)
                if warning and self.main:
                    print(warning, file=sys.stderr, flush=True)
                due = t.eval_every and self.step_count % t.eval_every == 0
                if evaluating and (due or (heldout and self.step_count == t.steps)):
                    m.update(held_out())
                logger.log(self.step_count, m)
                if t.save_every and self.step_count % t.save_every == 0:
                    self.save()
            if self.pending:
                self.save()
        finally:
            self.rollouts.stop()  # in-flight episodes are dropped, never stored
            logger.close()

    def evaluate(self, samples: int | None = None, temperature: float | None = None,
                 ks: Sequence[int] = (1,),
                 on_trajectory: Callable[[Trajectory], None] | None = None) -> dict[str, Any]:
        """Held-out tasks (split=test): pass@k etc. (`veriloop.eval.heldout.evaluate_heldout`
        through this run's runner); `on_trajectory` sees each finished episode (e.g. a progress
        bar's tick)."""
        r = self.cfg.rollout
        t = r.eval_temperature if temperature is None else temperature
        runner = self.rollouts.runner(-1, 0, self.step_count, samples or r.eval_samples, t,
                                      on_trajectory=on_trajectory)
        return evaluate_heldout(runner, self.eval_tasks, ks, self.model).summary

    # -- persistence ------------------------------------------------------------------------

    def save(self) -> Path:
        """Checkpoint (atomically), then move this checkpoint's pending trajectories into the
        store. A kill between the two is repaired by `resume` from the checkpoint's copy.
        Other ranks of a torchrun job write nothing (their parameters are rank 0's)."""
        optimizer = self.parallel.optimizer_state(self.optimizer, saving=True)  # FSDP gathers
        if not self.main:
            return self.paths.root
        with self.rollouts.sampler_lock:  # the producer may be drawing tasks
            sampler_state = self.sampler.state_dict()
        extra = {"pending": self.pending.dump(),
                 "value_head": self.critic.state_dict() if self.critic is not None else None,
                 "entropy_control": None if self.entropy_control is None
                 else self.entropy_control.state_dict(),
                 "no_signal": dataclasses.asdict(self.no_signal)}
        ckpt = checkpoint.save(self.paths.root, self.step_count, self.model, optimizer,
                               self.scheduler, {"kind": "rl", "sampler": sampler_state},
                               extra, keep=self.cfg.train.keep_checkpoints,
                               tokenizer=getattr(self.policy, "tokenizer", None))
        self.pending.flush()
        return ckpt

    def resume(self) -> bool:
        checkpoint.remove_partial(self.paths.root)
        ckpt = checkpoint.latest(self.paths.root)
        if ckpt is None:
            if self.main:  # every checkpoint deleted: the run starts over, so does its store
                self.pending.restore([], 0)
            return False
        optimizer = self.parallel.optimizer_state(self.optimizer)  # FSDP: loads into shards
        state, extra = checkpoint.load(ckpt, self.model, optimizer, self.scheduler)
        self.parallel.load(self.model)
        self.step_count = int(state["step"])
        restore_sampler(self.sampler, state)
        if self.critic is not None and extra.get("value_head") is not None:
            self.critic.load_state_dict(extra["value_head"])
        if self.entropy_control is not None and extra.get("entropy_control"):
            self.entropy_control = self.entropy_control.load(extra["entropy_control"])
        if extra.get("no_signal"):
            self.no_signal = NoSignalWatch(**extra["no_signal"])
        if self.main:  # rank 0 alone writes the store
            self.pending.restore(extra.get("pending", []), self.step_count)
        self.rollouts.publish(self.model, self.step_count)
        return True

    def save_final(self) -> Path:
        if not self.main:
            return self.paths.model
        model = self.model.merge_and_unload() if hasattr(  # type: ignore[operator]  # peft
            self.model, "merge_and_unload") else self.model
        return save_model(model, getattr(self.policy, "tokenizer", None), self.paths.model)

    def close(self) -> None:
        self.rollouts.stop()
        self.store.close()
