"""Supervised fine-tuning on stored trajectories (imitation before RL).

The loss is the token-mean cross-entropy on policy tokens only: the trajectory's own loss mask
is 1 on the tokens the policy emitted and 0 on the prompt and on tool outputs, so the model
learns to act, not to predict the environment. For a model trained from scratch an optional
auxiliary next-token loss on the other tokens (`sft.lm_loss_weight`, off by default) teaches it
to read its context first; `loss` in the metrics is always the policy-token loss. Sequences are the exact stored token ids, packed
into rows (`batch.pack`) with block-diagonal attention; a batch holds about `sft.batch_tokens`
tokens. LoRA is optional (`model.lora_rank`).

Demonstrations come from a chat file in TRL's `messages` format (`sft.data`, read by
`veriloop.data.chat_data`: each assistant message is a turn, tool results are observations),
from a trajectory store (`sft.store`), or are generated into this run's
store, once (a resumed run reads them back), by the environment's scripted (noisy-)expert
(`env.expert(noise, seed)`) or by a teacher model (`sft.demo_policy`, e.g.
`openai:<base_url>#<model>`: distillation). Whatever their source, they pass through
`veriloop.data.selection.select_demonstrations` (infrastructure faults out; `sft.only_passed`,
`sft.min_score` on the grade the rollout gave them). Demonstrations not rendered with the
model's tokenizer (a scripted expert's, a teacher's) are rendered again from their messages
through the model's chat renderer; the model's own samples keep their exact ids.
"""

from __future__ import annotations

import random
import time
from pathlib import Path
from typing import Any

from veriloop.data.chat_data import read_chat_file
from veriloop.data.selection import select_demonstrations
from veriloop.data.store import TrajectoryStore
from veriloop.envs import expert_for
from veriloop.envs.base import Environment
from veriloop.errors import ConfigError
from veriloop.policies import load_policy
from veriloop.rendering import rerender
from veriloop.rollout.runner import RolloutRunner
from veriloop.trainers import checkpoint
from veriloop.trainers.batch import forward_logprobs, pack
from veriloop.trainers.common import (
    RunPaths,
    TrainablePolicy,
    apply_lora,
    autocast_dtype,
    build_optimizer,
    grad_norm_clip,
    save_model,
    seed_everything,
    train_to_end,
    training_tasks,
    warmup_schedule,
)
from veriloop.trainers.config import RunConfig, save_config
from veriloop.trainers.trackers import TrackerOpener
from veriloop.types import Trajectory


def make_demonstrations(cfg: RunConfig, env: Environment, store: TrajectoryStore,
                        run_id: str = "demos") -> list[Trajectory]:
    """Roll out the demonstrator (`sft.demo_policy`: `env`'s scripted (noisy) expert, or a
    teacher model) on training tasks of `env` (the run's, `veriloop.run.build.build_env`) and
    store the graded trajectories as the demonstrator rendered them (all of them: selection
    happens when they are read)."""
    if cfg.sft.demo_policy == "expert":
        demonstrator = expert_for(env, noise=cfg.sft.demo_noise, seed=cfg.train.seed)
    else:
        demonstrator = load_policy(cfg.sft.demo_policy)
    tasks = training_tasks(cfg, env, cfg.sft.demos, seed=cfg.env.task_seed + 10_000)
    # no token budget: the demonstrator's ids are not the model's (they are rendered again
    # for it), and a teacher's context is its server's business
    runner = RolloutRunner(env, demonstrator, cfg.rollout.model_copy(update={
        "group_size": cfg.sft.demo_samples, "max_total_tokens": 1 << 30, "run_id": run_id}))
    trajs = runner.run(tasks)
    store.append_many(trajs, step=0)
    return trajs


def as_demonstration(traj: Trajectory, renderer: Any) -> Trajectory:
    """`traj` in the ids of the model being trained. A trajectory whose prompt the model's
    renderer reproduces id for id was rendered (and possibly sampled) by this tokenizer and is
    kept token-exact; any other (a scripted expert's byte-level ids, another model's tokens) is
    rendered again from its messages: demonstrations were not sampled by this model. A
    trajectory stored without its prompt messages (older stores) is kept as it is if a model
    sampled it (it has logprobs) and refused otherwise."""
    if not traj.prompt and traj.sampling_logprobs is not None:
        return traj
    if traj.prompt and renderer.render_prompt(traj.prompt, traj.tools).ids == traj.prompt_ids:
        return traj
    return rerender(traj, renderer)


class SFTTrainer:
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

    # -- setup ------------------------------------------------------------------------------

    def setup(self, env: Environment | None = None) -> None:
        """Load or generate the demonstrations and build the training state. `env` (the run's,
        `veriloop.run.build.build_env`) is needed only to generate demonstrations; with
        `sft.store` or `sft.data` it may be None."""
        cfg = self.cfg
        self.env = env
        self.paths.root.mkdir(parents=True, exist_ok=True)
        seed_everything(cfg.train.seed)
        self.model = apply_lora(self.policy.model, cfg.model)
        self.model.train()
        self.store = TrajectoryStore(self.paths.store)
        self.sequences = self._load_data()
        # the whole schedule up front: batches are filled by tokens, so epochs differ in length
        self.schedule = [(e, b) for e in range(cfg.sft.epochs) for b in self._epoch_batches(e)]
        self.total_steps = len(self.schedule)
        self.optimizer = build_optimizer(self.model.parameters(), cfg.sft.lr,
                                         cfg.optim.weight_decay, cfg.optim.betas)
        self.scheduler = warmup_schedule(self.optimizer, cfg.sft.warmup_steps, self.total_steps)
        save_config(cfg, self.paths.config)  # last: a failed setup can be retried in place

    def _load_data(self) -> list[tuple[list[int], list[int]]]:
        cfg = self.cfg
        if cfg.sft.data:  # rows of a chat file: rendered below like any demonstration
            trajs = read_chat_file(cfg.sft.data)
        elif cfg.sft.store:
            with TrajectoryStore(cfg.sft.store) as src:
                trajs = src.query(infra_error=False)
        else:
            if self.store.count(run_id="demos"):  # resumed: never regenerate or duplicate
                trajs = self.store.query(run_id="demos")
            elif self.env is None:
                raise ValueError("SFTTrainer.setup(env): generating demonstrations needs the "
                                 "run's environment (veriloop.run.build.build_env(cfg))")
            else:
                trajs = make_demonstrations(cfg, self.env, self.store)
            clean_expert = cfg.sft.demo_policy == "expert" and cfg.sft.demo_noise == 0
            graded = [t.grade for t in trajs if t.grade is not None]
            if clean_expert and graded and not any(g.passed for g in graded):
                mean = sum(g.score for g in graded) / len(graded)
                raise ConfigError(
                    f"none of the {len(graded)} demonstrations of {cfg.env.name}'s scripted "
                    f"expert passed (mean score {mean:.2f}): the environment does not work "
                    f"here (its sandbox?); see `veriloop eval --env {cfg.env.name} --policy "
                    "expert --tasks 2`, then use a new run directory (this one keeps them)")
        self.selection = select_demonstrations(trajs, only_passed=cfg.sft.only_passed,
                                               min_score=cfg.sft.min_score)
        trajs = [as_demonstration(t, self.policy.renderer) for t in self.selection.kept]
        seqs = [(c.token_ids, c.loss_mask) for t in trajs for c in t.contexts()
                if sum(c.loss_mask) > 0]
        if not seqs:
            s = self.selection
            raise ConfigError(f"no usable demonstrations ({s.errored} errored, {s.ungraded} "
                             f"ungraded, {s.below} failed the filter of {s.total}, or without "
                             "policy tokens); check sft.data / sft.store / sft.demo_policy / "
                             "sft.only_passed / sft.min_score")
        self.n_demos = sum(sum(t.loss_mask) > 0 for t in trajs)
        self.demo_pass_rate = sum(t.passed for t in trajs) / max(len(trajs), 1)
        return seqs

    def _epoch_batches(self, epoch: int) -> list[list[int]]:
        order = list(range(len(self.sequences)))
        random.Random(f"{self.cfg.train.seed}:sft:{epoch}").shuffle(order)
        return self._by_tokens(order, self.cfg.sft.batch_tokens)

    def _by_tokens(self, idx: list[int], cap: int) -> list[list[int]]:
        """`idx` in consecutive chunks of at most `cap` tokens (a longer sequence is a chunk of
        its own)."""
        chunks: list[list[int]] = []
        cur: list[int] = []
        tokens = 0
        for i in idx:
            n = len(self.sequences[i][0])
            if cur and tokens + n > cap:
                chunks.append(cur)
                cur, tokens = [], 0
            cur.append(i)
            tokens += n
        return [*chunks, cur] if cur else chunks

    # -- training ---------------------------------------------------------------------------

    def _micro_batches(self, idx: list[int]) -> list[list[int]]:
        cap = self.cfg.sft.micro_batch_tokens
        return [idx] if cap is None else self._by_tokens(idx, cap)

    def step(self) -> dict[str, float]:
        t0 = time.perf_counter()
        epoch, idx = self.schedule[self.step_count]
        w = self.cfg.sft.lm_loss_weight
        packs = [pack([self.sequences[i][0] for i in c], [self.sequences[i][1] for i in c],
                      self.cfg.sft.pack_length) for c in self._micro_batches(idx)]
        # token means over the whole step's batch, whatever the micro-batches
        n_policy = sum(float(p.loss_mask.sum()) for p in packs)
        n_other = sum(float((p.valid.float() - p.loss_mask).sum()) for p in packs) if w > 0 else 0.0
        self.optimizer.zero_grad(set_to_none=True)
        policy_loss = loss_sum = 0.0
        for packed in packs:
            out = forward_logprobs(self.model, packed, policy_only=w == 0,
                                   autocast=autocast_dtype(self.cfg.train.precision, self.model))
            mask = packed.loss_mask  # [B, L]
            part = -(out.logprobs * mask).sum() / max(n_policy, 1.0)
            loss = part
            if w > 0:
                other = packed.valid.float() - mask  # [B, L] prompt and observation targets
                loss = loss + w * -(out.logprobs * other).sum() / max(n_other, 1.0)
            loss.backward()
            policy_loss += float(part.detach())
            loss_sum += float(loss.detach())
        gnorm = grad_norm_clip(list(self.model.parameters()), self.cfg.optim.grad_clip)
        self.optimizer.step()
        self.scheduler.step()
        self.step_count += 1
        dt = time.perf_counter() - t0
        tokens = sum(p.num_tokens for p in packs)
        return {"loss": policy_loss, "total_loss": loss_sum,
                "grad_norm": gnorm, "epoch": epoch,
                "lr": float(self.scheduler.get_last_lr()[0]), "tokens": tokens,
                "tokens_per_s": tokens / dt, "seconds": dt}

    def train(self) -> list[dict[str, Any]]:
        """Run to the end (from wherever `resume` left off); save checkpoints and the final
        model; returns the metrics rows of this call."""
        return train_to_end(self, "sft", self.cfg.sft.save_every)

    # -- persistence ------------------------------------------------------------------------

    def save(self) -> Path:
        return checkpoint.save(self.paths.root, self.step_count, self.model, self.optimizer,
                               self.scheduler, {"kind": "sft"}, keep=self.cfg.train.keep_checkpoints,
                               tokenizer=getattr(self.policy, "tokenizer", None))

    def save_final(self) -> Path:
        """The trained model as a plain Hugging Face directory (LoRA merged), for RL's `init`."""
        model = self.model
        if hasattr(model, "merge_and_unload"):
            model = model.merge_and_unload()  # type: ignore[operator]  # HF/peft method
            self.model = model
            self.policy.set_model(model)
        return save_model(model, getattr(self.policy, "tokenizer", None), self.paths.model)

    def resume(self) -> bool:
        """Load the latest complete checkpoint if there is one; True if resumed."""
        checkpoint.remove_partial(self.paths.root)
        ckpt = checkpoint.latest(self.paths.root)
        if ckpt is None:
            return False
        state, _ = checkpoint.load(ckpt, self.model, self.optimizer, self.scheduler)
        self.step_count = int(state["step"])
        return True


def train_sft(cfg: RunConfig, run_dir: Path, policy: TrainablePolicy, env: Environment,
              progress: bool = False) -> SFTTrainer:
    """SFT of `policy` (the config's model: `veriloop.run.build.build_policy`) on demonstrations
    in `env` to the end in `run_dir`; the trainer is returned trained, its final model saved at
    `paths.model`."""
    trainer = SFTTrainer(cfg.model_copy(update={"kind": "sft"}), run_dir, policy, progress)
    trainer.setup(env)
    trainer.train()
    return trainer
