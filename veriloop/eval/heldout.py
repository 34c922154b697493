"""The one held-out evaluation: a runner's episodes on a task list, with the model in eval mode,
summarized (unbiased pass@k, score, turns, agent metrics) — and its logging into a finished run's
metrics.jsonl and TensorBoard events.

Everything that evaluates calls `evaluate_heldout`: the RL trainer (before, during and after
training, through its own runner: deterministic episode keys, step-aware grader, Ray workers or
a vLLM engine when the run has them), SFT before and after (`veriloop.run.heldout`), the
quickstart, and `veriloop eval` / `veriloop rollout` (`veriloop.run.rollouts`). Only what
builds the runner differs. Not guaranteed: sampled evaluations (temperature > 0) repeat only as
far as the backend's seeded sampling does.
"""

from __future__ import annotations

import json
import os
from collections.abc import Mapping, Sequence
from pathlib import Path
from typing import Any, NamedTuple

from veriloop.eval.metrics import summarize
from veriloop.types import Task, Trajectory


class Evaluation(NamedTuple):
    summary: dict[str, Any]
    """`summarize(...).to_dict()`: pass@k for `ks`, success rate, score, turns ..."""
    trajectories: list[Trajectory]


def evaluate_heldout(runner: Any, tasks: Sequence[Task], ks: Sequence[int],
                     model: Any = None) -> Evaluation:
    """`runner.run(tasks)` (a `RolloutRunner` or one with its `run`) with `model` (a torch
    module; None or a remote backend's model name is left alone) in eval mode for the
    duration, restored after; the summary over `ks`."""
    switch = callable(getattr(model, "train", None))
    was_training = bool(getattr(model, "training", False))
    if switch:
        model.eval()
    try:
        trajs = list(runner.run(list(tasks)))
    finally:
        if switch:
            model.train(was_training)
    return Evaluation(summarize(trajs, ks=tuple(ks), tasks=list(tasks)).to_dict(), trajs)


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
    from torch.utils.tensorboard import SummaryWriter  # lazy: torch; eval's CLI path runs none

    with SummaryWriter(str(run_dir / "tb")) as tb:
        for step, metrics in rows.items():
            for k, v in metrics.items():
                tb.add_scalar(k, v, step)
