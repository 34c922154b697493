"""Group-level rewards chosen by a trainer config (`grader.group`).

GRPO-style training samples G responses per prompt; some signals only exist relative to the
group. `build_group_scorer` turns the config into a function from one group's trajectories
(already graded one by one) to one score each, which then replaces the grade score in the
reward (shaping terms are still added by `veriloop.algorithms.shaping.Shaping`):

- `none`: the per-trajectory grade score (default).
- `rank`: the group's grade scores replaced by their ranks in [0, 1] (`compose.rank_rewards`;
  ties share the mean rank), so only the order within a group matters.
- `lead`: GRPO-LEAD's reward (`veriloop.algorithms.shaping.lead_rewards`): exp(-alpha z) for a
  passed answer, z its policy-token length standardized over the group's passed answers, and
  an explicit penalty (`lead_wrong`, -1 by default) for a failed one.
- `judge_ranking`: an LLM judge ranks the G responses against each other in `orders` shuffled
  orders (`judge.judge_group`); each response's averaged position, best = 1.
- `judge_pairwise`: the judge compares every pair, each asked in both orders to cancel position
  bias (`Judge.compare`); a response's score is its mean preference over the others.

The judge is any policy spec `load_policy` takes (`tiny-xs`, an HF directory,
`openai:<url>#<model>`). Judged scores do not use the verifiable grade at all: combine them with
it through the composite grader's gates if a wrong answer must never win a group.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence

import torch

from veriloop.algorithms.shaping import lead_rewards, policy_tokens
from veriloop.errors import ConfigError
from veriloop.graders.compose import rank_rewards
from veriloop.graders.judge import Judge, judge_group, question_text, response_text
from veriloop.policy import Policy
from veriloop.policy_specs import load_policy
from veriloop.types import Task, Trajectory

GROUP_KINDS = ("none", "rank", "lead", "judge_ranking", "judge_pairwise")
GroupScorer = Callable[[Sequence[Trajectory]], list[float]]


def _task_of(trajectories: Sequence[Trajectory]) -> Task:
    first = trajectories[0]
    return Task(id=first.task_id, env=first.env, prompt=first.prompt)


def pairwise_scores(judge: Judge, question: str, responses: Sequence[str]) -> list[float]:
    """Each response's mean preference over every other one (0.5 for a group of one)."""
    n = len(responses)
    if n < 2:
        return [0.5] * n
    wins = [0.0] * n
    for i in range(n):
        for j in range(i + 1, n):
            p = judge.compare(question, responses[i], responses[j]).p_first_better
            wins[i] += p
            wins[j] += 1.0 - p
    return [w / (n - 1) for w in wins]


def group_scorer(grader_config: object) -> GroupScorer | None:
    """The scorer a trainer config's `grader` section asks for (`group`, `group_judge`,
    `group_orders`)."""
    return build_group_scorer(getattr(grader_config, "group", "none"),
                              getattr(grader_config, "group_judge", None),
                              getattr(grader_config, "group_orders", 2),
                              getattr(grader_config, "lead_alpha", 0.05),
                              getattr(grader_config, "lead_wrong", -1.0))


def build_group_scorer(kind: str, judge_policy: str | Policy | None = None,
                       orders: int = 2, lead_alpha: float = 0.05,
                       lead_wrong: float = -1.0) -> GroupScorer | None:
    """The scorer for `kind` (None for "none"); a one-line ConfigError for a bad setting."""
    if kind not in GROUP_KINDS:
        raise ConfigError(f"grader.group {kind!r} is not known; choose one of "
                          f"{', '.join(GROUP_KINDS)}")
    if kind == "none":
        return None
    if kind == "rank":
        return lambda trajs: rank_rewards([t.score for t in trajs])
    if kind == "lead":
        return lambda trajs: lead_rewards(
            torch.tensor([float(t.passed) for t in trajs]),
            torch.tensor([policy_tokens(t) for t in trajs]), lead_alpha, lead_wrong).tolist()
    if not judge_policy:
        raise ConfigError(f"grader.group {kind} needs a judge: set grader.group_judge to a model "
                          "(e.g. tiny-xs, a checkpoint directory or openai:<url>#<model>)")
    judge = Judge(load_policy(judge_policy) if isinstance(judge_policy, str) else judge_policy)
    if kind == "judge_ranking":
        return lambda trajs: [g.score for g in judge_group(judge, _task_of(trajs), trajs,
                                                           orders=orders)]

    def pairwise(trajs: Sequence[Trajectory]) -> list[float]:
        return pairwise_scores(judge, question_text(_task_of(trajs)),
                               [response_text(t) for t in trajs])
    return pairwise
