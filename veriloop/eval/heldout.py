"""Held-out evaluation of a policy as a run config describes it (`env.eval_tasks` test-split
tasks, `rollout.eval_samples` samples each at `rollout.eval_temperature`, the config's grader),
and its logging into a finished run's metrics.jsonl and TensorBoard events.

The RL trainer evaluates through its own `evaluate()` (deterministic keys, step-aware grader);
this module serves `veriloop train` for SFT runs, which have no evaluation of their own. Not
guaranteed: sampled evaluations (eval_temperature > 0) repeat only as far as the backend's seeded
sampling does.
"""

from __future__ import annotations

import json
import os
from collections.abc import Callable, Mapping
from pathlib import Path
from typing import Any

from veriloop.eval.metrics import summarize


def heldout_summary(cfg: Any, policy: Any,
                    on_trajectory: Callable[[Any], None] | None = None) -> dict[str, Any]:
    """`summarize(...).to_dict()` of the policy on the config's held-out tasks; `on_trajectory`
    sees each finished episode (e.g. a progress bar's tick)."""
    from veriloop.graders.base import get_grader
    from veriloop.rollout.runner import RolloutRunner
    from veriloop.trainers.common import env_from_config

    env = env_from_config(cfg)
    tasks = env.tasks(cfg.env.eval_tasks, seed=cfg.env.task_seed, split="test",
                      difficulty=cfg.env.difficulty)
    grader = get_grader(cfg.grader.name, **cfg.grader.options) if cfg.grader.name else None
    r = cfg.rollout
    rc = r.model_copy(update={"group_size": r.eval_samples, "temperature": r.eval_temperature,
                              "seed": cfg.train.seed, "run_id": "eval"})
    model = getattr(policy, "model", None)
    was_training = bool(getattr(model, "training", False))
    if model is not None:
        model.eval()
    try:
        trajs = RolloutRunner(env, policy, rc, grader=grader,
                              on_trajectory=on_trajectory).run(tasks)
    finally:
        if model is not None:
            model.train(was_training)
    return summarize(trajs, ks=(1, r.eval_samples), tasks=tasks).to_dict()


def benchmark_summary(cfg: Any, bench: Any, policy: Any) -> dict[str, Any]:
    """The policy greedy on `bench` (a `BenchmarkConfig`): `bench.tasks` test-split tasks of
    its environment, one sample each, with the run's rollout token budgets; `summarize(...)`
    with `by_category` when the tasks name categories."""
    from veriloop.envs import get_env
    from veriloop.rollout.runner import RolloutRunner

    env = get_env(bench.env, **bench.options)
    tasks = env.tasks(bench.tasks, seed=bench.seed, split="test")
    rc = cfg.rollout.model_copy(update={"group_size": 1, "temperature": 0.0,
                                        "seed": cfg.train.seed, "run_id": "benchmark"})
    model = getattr(policy, "model", None)
    was_training = bool(getattr(model, "training", False))
    if model is not None:
        model.eval()
    try:
        trajs = RolloutRunner(env, policy, rc, grader=env.grader()).run(tasks)
    finally:
        if model is not None:
            model.train(was_training)
    return summarize(trajs, ks=(1,), tasks=tasks).to_dict()


def log_heldout(run_dir: Path, rows: Mapping[int, Mapping[str, float]]) -> None:
    """Merge `{step: eval metrics}` into metrics.jsonl (a step without a line gets its own,
    lines stay in step order) and add them to the TensorBoard events under tb/."""
    path = run_dir / "metrics.jsonl"
    lines = [json.loads(x) for x in path.read_text().splitlines() if x.strip()] \
        if path.exists() else []
    by_step = {r["step"]: r for r in lines}
    for step, metrics in rows.items():
        by_step.setdefault(step, {"step": step}).update(metrics)
    tmp = path.with_suffix(".tmp")
    tmp.write_text("".join(json.dumps(by_step[s]) + "\n" for s in sorted(by_step)))
    os.replace(tmp, path)
    from torch.utils.tensorboard import SummaryWriter

    with SummaryWriter(str(run_dir / "tb")) as tb:
        for step, metrics in rows.items():
            for k, v in metrics.items():
                tb.add_scalar(k, v, step)
