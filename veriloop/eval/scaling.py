"""Evaluation of an inference-time scaling method (`veriloop eval --inference NAME --n N`):
accuracy (share of tasks whose chosen answer the environment's grader passed) and policy tokens
spent per task, at N and, for methods that select among samples, at every power of two below N
(re-selecting among the first m of the same N samples, so the curve costs one sampling run).
"""

from __future__ import annotations

import time
from collections.abc import Callable, Sequence
from typing import Any

from veriloop.eval import stats
from veriloop.inference import Choice, InferenceContext, SelectMethod, get_method
from veriloop.rollout.config import RolloutConfig
from veriloop.types import Task, Trajectory


def curve_sizes(n: int) -> list[int]:
    """1, 2, 4, ... below `n`, then `n`."""
    return sorted({m for m in (2 ** i for i in range(n.bit_length())) if m < n} | {n})


def point(choices: Sequence[Choice], m: int) -> dict[str, Any]:
    """Accuracy at N = m with its 95% Wilson interval over the tasks, and tokens per task."""
    n = max(len(choices), 1)
    passed = sum(c.passed for c in choices)
    ci = stats.wilson(passed, n)
    return {"n": m, "accuracy": round(passed / n, 4), "accuracy_ci_low": round(ci.ci_low, 4),
            "accuracy_ci_high": round(ci.ci_high, 4),
            "tokens_per_task": round(sum(c.tokens for c in choices) / n, 1)}


def evaluate_inference(env: Any, policy: Any, tasks: Sequence[Task], method: str, n: int,
                       rollout: RolloutConfig, options: dict[str, Any] | None = None,
                       on_trajectory: Callable[[Trajectory], None] | None = None,
                       ) -> dict[str, Any]:
    """Run `method` with `n` on `tasks`; the summary's `inference` holds the method, N,
    accuracy, tokens and the accuracy-versus-N `curve`."""
    m = get_method(method, **(options or {}))
    ctx = InferenceContext(env, policy, rollout, on_trajectory=on_trajectory)
    start = time.perf_counter()
    if isinstance(m, SelectMethod):
        groups = ctx.sample(tasks, n)
        curve = [point(m.choose(ctx, tasks, groups, k), k) for k in curve_sizes(n)]
        choices = m.choose(ctx, tasks, groups, n)
    else:
        choices = m.run(ctx, tasks, n)
        curve = [point(choices, n)]
    top = point(choices, n)
    return {"method": method, "options": options or {}, "n": n, "tasks": len(tasks),
            "accuracy": top["accuracy"], "accuracy_ci_low": top["accuracy_ci_low"],
            "accuracy_ci_high": top["accuracy_ci_high"], "tokens": sum(c.tokens for c in choices),
            "tokens_per_task": top["tokens_per_task"], "curve": curve,
            "choices": [{"task_id": c.task_id, "passed": c.passed, "answer": c.answer,
                         "tokens": c.tokens, "candidates": c.candidates,
                         "trajectory": c.trajectory.id if c.trajectory else None}
                        for c in choices],
            "wall_seconds": round(time.perf_counter() - start, 3)}
