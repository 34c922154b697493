"""Best-of-N: sample N episodes, score each with a verifier, an LLM judge or a reward model,
keep the highest (ties: the earlier sample).

`scorer` names what scores a candidate:

- `oracle`: the environment's own grader with the hidden verification data (the score every
  sample already has). It measures coverage (pass@N), an upper bound, not a deployable method;
- `judge`: the policy itself as an LLM judge (`veriloop.graders.judge`, the reference-free
  `quality` template: the judge never sees the gold answer; 0-10 scaled to [0, 1]);
  `judge:MODEL` uses another model (any `--model` spec);
- any other grader name or `file.py:function` (`veriloop.graders.base.get_grader`): a verifier
  or reward model called as `grader(task, trajectory, None)`, its `score` compared.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from veriloop.errors import UserError
from veriloop.graders.base import get_grader
from veriloop.graders.judge import JudgeGrader
from veriloop.inference.base import (
    CountingPolicy,
    InferenceContext,
    Selection,
    SelectMethod,
)
from veriloop.policies import load_policy
from veriloop.types import Task, Trajectory

Scorer = Callable[[Task, Trajectory], tuple[float, int]]
"""(score, tokens the scoring cost)."""


def best_index(scores: list[float]) -> int | None:
    """Index of the highest score, the earliest among equals."""
    return max(range(len(scores)), key=lambda i: (scores[i], -i), default=None)


def _judge_scorer(policy: Any) -> Scorer:
    counting = CountingPolicy(policy)
    grader = JudgeGrader(counting, template="quality")  # never shown the gold answer

    def score(task: Task, traj: Trajectory) -> tuple[float, int]:
        before = counting.tokens
        return grader(task, traj, None).score, counting.tokens - before

    return score


def build_scorer(spec: str, policy: Any) -> Scorer:
    if spec == "oracle":
        return lambda task, traj: (traj.score, 0)
    if spec == "judge" or spec.startswith("judge:"):
        judge_policy = policy
        if spec.startswith("judge:"):
            judge_policy = load_policy(spec.removeprefix("judge:"))
        return _judge_scorer(judge_policy)

    try:
        grader = get_grader(spec)
    except KeyError as e:
        raise UserError(f"best-of-n scorer {spec!r}: {e.args[0]}; or use oracle, judge, "
                        "judge:MODEL") from None
    return lambda task, traj: (grader(task, traj, None).score, 0)


def best_of_n(scorer: str = "judge") -> SelectMethod:
    """Keep the candidate the scorer rates highest (`scorer`: oracle | judge | judge:MODEL |
    a grader name)."""
    built: list[Any] = [None, None]  # (context, its scorer): one judge per context

    def select(ctx: InferenceContext, task: Task, cands: list[Trajectory]) -> Selection:
        if built[0] is not ctx:
            built[:] = [ctx, build_scorer(scorer, ctx.policy)]
        fn = built[1]
        scored = [fn(task, t) for t in cands]
        scores = [s for s, _ in scored]
        return Selection(best_index(scores), extra_tokens=sum(c for _, c in scored),
                         details={"scores": [round(s, 4) for s in scores]})

    return SelectMethod("best-of-n", select)
