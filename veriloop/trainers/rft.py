"""Rejection-sampling fine-tuning and STaR (`kind: rft`): rounds of sample, filter, SFT.

Each round r (of `rft.rounds`):
1. roll out `rft.samples` attempts at each of `rft.tasks` training tasks with the current model
   (stored in the run's store as run `rft-r`);
2. keep the graded successes (`veriloop.data.rejection.keep_successes`: distinct, optionally the
   shortest, at most `rft.max_per_task` per task);
3. with `rft.rationalize` (STaR), re-prompt every task that no sample solved with its correct
   answer as a hint, and keep the successful attempts with the hint removed from the prompt
   (`strip_hint`: the prompt's ids as an unhinted rollout has them, then the rationale's exact
   sampled ids);
4. SFT on the kept trajectories (`veriloop.trainers.sft.SFTTrainer` with the `sft` section's
   epochs, lr and batching; its data is `round-r/kept.sqlite`), in place on the current model.

How it differs from the papers: each round fine-tunes the previous round's model (STaR restarts
from the base model on the union of all rounds' data); rounds draw the same task pool. A killed
run resumes at the first round that did not finish (its final model is reloaded).
"""

from __future__ import annotations

import json
from pathlib import Path

from veriloop.data.rejection import hinted_task, keep_successes, strip_hint, unsolved
from veriloop.data.store import TrajectoryStore
from veriloop.envs.base import Environment
from veriloop.errors import ConfigError
from veriloop.graders.base import Grader
from veriloop.rollout.runner import RolloutRunner
from veriloop.trainers.common import (
    RunPaths,
    TrainablePolicy,
    save_model,
    seed_everything,
    training_tasks,
)
from veriloop.trainers.config import RunConfig, save_config
from veriloop.trainers.sft import SFTTrainer
from veriloop.trainers.trackers import TrackerOpener, run_name
from veriloop.types import Task, Trajectory


class RFTTrainer:
    """setup(env, grader) -> train() (all rounds) -> save_final(); resume() skips finished
    rounds."""

    def __init__(self, cfg: RunConfig, run_dir: str | Path, policy: TrainablePolicy,
                 progress: bool = True, trackers: TrackerOpener | None = None) -> None:
        """`trackers` opens the experiment trackers of each round's SFT (one tracker run per
        round, `veriloop.run.build.build_tracker`; None: no trackers)."""
        self.cfg = cfg
        self.paths = RunPaths(Path(run_dir))
        self.policy = policy
        self.progress = progress
        self.trackers = trackers
        self.round = 0
        self.history: list[dict[str, float]] = []

    @property
    def step_count(self) -> int:
        return self.round

    def setup(self, env: Environment, grader: Grader) -> None:
        """The task pool over `env`, graded by `grader` (the run's, as `veriloop.run.build`
        builds them for RL too)."""
        cfg = self.cfg
        self.paths.root.mkdir(parents=True, exist_ok=True)
        seed_everything(cfg.train.seed)
        self.env = env
        self.grader = grader
        self.tasks = training_tasks(cfg, self.env, cfg.rft.tasks, seed=cfg.env.task_seed)
        self.store = TrajectoryStore(self.paths.store)
        save_config(cfg, self.paths.config)

    def _rollout(self, tasks: list[Task], group: int, run_id: str, seed: int) -> list[Trajectory]:
        model = self.policy.model
        was_training = model.training
        model.eval()
        rc = self.cfg.rollout.model_copy(update={
            "group_size": group, "temperature": self.cfg.rft.temperature, "run_id": run_id,
            "seed": seed})
        try:
            trajs = RolloutRunner(self.env, self.policy, rc, grader=self.grader).run(tasks)
        finally:
            model.train(was_training)
        self.store.append_many(trajs, step=self.round)
        return trajs

    def collect(self, r: int) -> tuple[list[Trajectory], dict[str, float]]:
        """One round's training data and its counts."""
        f = self.cfg.rft
        seed = self.cfg.train.seed * 1009 + r
        trajs = self._rollout(self.tasks, f.samples, f"rft-{r}", seed)
        kept = keep_successes(trajs, f.max_per_task, f.shortest)
        stats = {"round": r, "sampled": len(trajs),
                 "pass_rate": sum(t.passed for t in trajs) / max(len(trajs), 1),
                 "kept": len(kept), "rationalized": 0, "hinted": 0}
        if f.rationalize:
            hinted = [h for h in (hinted_task(t) for t in unsolved(self.tasks, trajs)) if h]
            stats["hinted"] = len(hinted)
            if hinted:
                attempts = self._rollout(hinted, 1, f"star-{r}", seed + 1)
                for t in keep_successes(attempts, 1):
                    ex = strip_hint(t, self.policy.renderer)
                    if ex is not None:
                        kept.append(ex)
                        stats["rationalized"] += 1
        return kept, stats

    def train(self) -> list[dict[str, float]]:
        while self.round < self.cfg.rft.rounds:
            r = self.round
            kept, stats = self.collect(r)
            out = self.paths.root / f"round-{r}"
            out.mkdir(parents=True, exist_ok=True)
            if kept:
                data = out / "kept.sqlite"
                data.unlink(missing_ok=True)
                with TrajectoryStore(data) as s:
                    s.append_many(kept, step=r)
                name = f"{run_name(self.cfg, self.paths.root)}-round-{r}"
                sft_cfg = self.cfg.model_copy(update={
                    "kind": "sft", "sft": self.cfg.sft.model_copy(
                        update={"store": str(data), "only_passed": False, "min_score": None}),
                    "logging": self.cfg.logging.model_copy(update={"run_name": name})})
                sft = SFTTrainer(sft_cfg, out, self.policy, progress=self.progress,
                                 trackers=self.trackers)
                sft.setup()
                rows = sft.train()
                stats["sft_steps"] = len(rows)
                stats["sft_loss"] = rows[-1]["loss"] if rows else 0.0
                sft.store.close()
            self.history.append(stats)
            self.round += 1
            (self.paths.root / "rounds.json").write_text(json.dumps(self.history, indent=2))
        if not any(h["kept"] or h["rationalized"] for h in self.history):
            star = "" if self.cfg.rft.rationalize else ", or set rft.rationalize: true"
            raise ConfigError("no successful attempts in any round: nothing to fine-tune on; "
                              "start from a stronger model (init), raise rft.samples or "
                              f"rft.temperature{star}")
        self.save_final()
        return self.history

    def save_final(self) -> Path:
        return save_model(self.policy.model, getattr(self.policy, "tokenizer", None),
                           self.paths.model)

    def resume(self) -> bool:
        """Skip the rounds recorded in rounds.json and reload the last one's final model."""
        done = self.paths.root / "rounds.json"
        if not done.exists():
            return False
        self.history = json.loads(done.read_text())
        self.round = len(self.history)
        finals = [RunPaths(self.paths.root / f"round-{r}").model for r in range(self.round)]
        finals = [f for f in finals if (f / "config.json").exists()]
        if finals:
            hf_class = type(self.policy.model)  # an HF model class: it loads its own directory
            model = hf_class.from_pretrained(finals[-1])  # type: ignore[attr-defined]
            self.policy.set_model(model)
        return True

    def close(self) -> None:
        self.store.close()
